"""Per-tenant model access through real Envoy: a tenant asking for a model outside its
allow-list gets 403 model_not_allowed (OpenAI's error shape, x-kinference-reason), and
/v1/models needs a key and lists only what that tenant may use."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.config.tenancy import TenancyConfig
from kinference_epp.demo.stack import LocalStack, StackOptions

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
ADAPTER = "qwen3-sql-lora"
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: base-only}}
spec:
  apiKeys: [{{name: k, value: sk-base-only-tenant-01}}]
  allowedModels: [{MODEL}]
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: everything}}
spec:
  apiKeys: [{{name: k, value: sk-everything-tenant-1}}]
"""
BASE_ONLY = "sk-base-only-tenant-01"
EVERYTHING = "sk-everything-tenant-1"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LocalStack]:
    root = tmp_path_factory.mktemp("tenant-models")
    (root / "tenants.yaml").write_text(TENANTS)
    options = StackOptions(
        pods=1,
        extra_models=(ADAPTER,),
        tenancy=TenancyConfig(tenants=[str(root / "tenants.yaml")]),
    )
    async with LocalStack(options) as s:
        yield s


async def call(
    stack: LocalStack, method: str, path: str, key: str | None, body: Any = None
) -> tuple[int, dict[str, str], Any]:
    headers = {"authorization": f"Bearer {key}"} if key else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"{stack.url}{path}", json=body, headers=headers) as resp,
    ):
        return (
            resp.status,
            {k.lower(): v for k, v in resp.headers.items()},
            json.loads(await resp.read()),
        )


def chat(model: str) -> dict[str, Any]:
    return {"model": model, "max_tokens": 2, "messages": [{"role": "user", "content": "hi"}]}


async def test_a_model_outside_the_allow_list_is_403(stack: LocalStack) -> None:
    status, _, _ = await call(stack, "POST", "/v1/chat/completions", BASE_ONLY, chat(MODEL))
    assert status == 200
    status, headers, body = await call(
        stack, "POST", "/v1/chat/completions", BASE_ONLY, chat(ADAPTER)
    )
    assert status == 403
    assert headers["x-kinference-reason"] == "model_not_allowed"
    assert body["error"]["code"] == "model_not_allowed"
    assert body["error"]["type"] == "permission_error"
    assert ADAPTER in body["error"]["message"]
    status, _, _ = await call(stack, "POST", "/v1/chat/completions", EVERYTHING, chat(ADAPTER))
    assert status == 200


async def test_the_model_list_needs_a_key_and_shows_the_tenant_s_models(
    stack: LocalStack,
) -> None:
    status, headers, body = await call(stack, "GET", "/v1/models", None)
    assert status == 401
    assert headers["x-kinference-reason"] == "invalid_api_key"
    status, _, _ = await call(stack, "GET", "/v1/models", "sk-wrong")
    assert status == 401
    status, _, body = await call(stack, "GET", "/v1/models", EVERYTHING)
    assert status == 200
    assert {m["id"] for m in body["data"]} == {MODEL, ADAPTER}
    status, _, body = await call(stack, "GET", "/v1/models", BASE_ONLY)
    assert status == 200
    assert [m["id"] for m in body["data"]] == [MODEL]
    status, _, _ = await call(stack, "GET", f"/v1/models/{ADAPTER}", BASE_ONLY)
    assert status == 404
    status, _, body = await call(stack, "GET", f"/v1/models/{MODEL}", BASE_ONLY)
    assert (status, body["id"]) == (200, MODEL)
