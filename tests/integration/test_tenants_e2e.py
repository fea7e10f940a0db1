"""Tenants on the live request path, through real Envoy: the key names the tenant (a client's
own tenant header is ignored), a missing or wrong key is a 401 in the API's error shape,
policies match the tenant's labels, a limit answers 429 with when to retry, responses carry
the x-ratelimit-* headers, and a stream whose client did not ask for usage settles with it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from k8s_fake.cluster import eventually
from kinference_epp.config.tenancy import TenancyConfig, UsageConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.tenancy.memory_store import MemoryStore

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

ROOT = Path(__file__).parents[2]
TENANTS = ROOT / "deploy" / "examples" / "tenants" / "tenants.yaml"
TINY = """
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: tiny}
spec:
  apiKeys: [{name: k, value: sk-tiny-tenant-key-01}]
  limits:
    tokens: {perMinute: {total: 3000}}
"""
TINY_KEY = "sk-tiny-tenant-key-01"
GOLD_KEY = "sk-search-team-demo-key"
FREE_KEY = "sk-free-tier-demo-key"
MODEL = "qwen3-0.6b"

POLICY = """
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: tiers}
spec:
  rules:
    - name: free-tier-no-long-answers
      match: {tenantLabels: {tier: free}, headers: [{name: x-long, values: ["yes"]}]}
      action: {reject: {status: 403, message: "long answers are for paid tiers"}}
"""


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LocalStack]:
    root = tmp_path_factory.mktemp("tenants")
    (root / "policy.yaml").write_text(POLICY)
    (root / "tenants.yaml").write_text(TENANTS.read_text() + TINY)
    options = StackOptions(
        pods=1,
        policies=(str(root / "policy.yaml"),),
        # usage is written out at stop only: a test reads the pending roll-up, which each
        # write empties
        tenancy=TenancyConfig(
            tenants=[str(root / "tenants.yaml")], usage=UsageConfig(flush_interval_s=60)
        ),
    )
    async with LocalStack(options) as s:
        yield s


async def post(
    stack: LocalStack, headers: dict[str, str], *, path: str = "/v1/chat/completions"
) -> tuple[int, dict[str, str], dict[str, Any]]:
    body: dict[str, Any] = {"model": MODEL, "max_tokens": 2}
    if path == "/v1/messages":
        body["messages"] = [{"role": "user", "content": "hi"}]
    else:
        body["messages"] = [{"role": "user", "content": "hi"}]
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{stack.url}{path}", json=body, headers=headers) as resp,
    ):
        return resp.status, dict(resp.headers), json.loads(await resp.read())


async def test_a_known_key_is_served(stack: LocalStack) -> None:
    status, _, body = await post(stack, {"authorization": f"Bearer {GOLD_KEY}"})
    assert status == 200, body
    status, _, body = await post(stack, {"x-api-key": FREE_KEY})
    assert status == 200, body


@pytest.mark.parametrize(
    "headers",
    [{}, {"authorization": "Bearer sk-not-a-key"}, {"x-kinference-tenant": "search-team"}],
    ids=["no key", "wrong key", "tenant header only"],
)
async def test_no_valid_key_is_401_invalid_api_key(
    stack: LocalStack, headers: dict[str, str]
) -> None:
    status, got, body = await post(stack, headers)
    assert status == 401
    assert got["x-kinference-reason"] == "invalid_api_key"
    assert body["error"]["code"] == "invalid_api_key"
    assert "sk-not-a-key" not in json.dumps(body)


async def test_anthropic_clients_get_anthropic_s_error_shape(stack: LocalStack) -> None:
    status, _, body = await post(stack, {"x-api-key": "sk-wrong"}, path="/v1/messages")
    assert status == 401
    assert body == {
        "type": "error",
        "error": {"type": "authentication_error", "message": "Incorrect API key provided."},
    }


async def test_the_key_names_the_tenant_not_the_client_s_header(stack: LocalStack) -> None:
    free = {"authorization": f"Bearer {FREE_KEY}", "x-long": "yes"}
    status, _, body = await post(stack, free)
    assert (status, body["error"]["code"]) == (403, "policy_rejected")
    # claiming a paid tenant by header changes nothing: Envoy drops it, the key decides
    status, _, _ = await post(stack, {**free, "x-kinference-tenant": "search-team"})
    assert status == 403
    status, _, _ = await post(stack, {"x-api-key": GOLD_KEY, "x-long": "yes"})
    assert status == 200


async def stream(stack: LocalStack, key: str, max_tokens: int) -> tuple[int, dict[str, str], str]:
    body = {
        "model": MODEL,
        "max_tokens": max_tokens,
        "stream": True,
        "messages": [{"role": "user", "content": "count to ten"}],
    }
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{stack.url}/v1/chat/completions",
            json=body,
            headers={"authorization": f"Bearer {key}"},
        ) as resp,
    ):
        headers = {k.lower(): v for k, v in resp.headers.items()}
        return resp.status, headers, (await resp.read()).decode()


async def settled(stack: LocalStack) -> None:
    """Every reservation settled (the access log flushes every 200 ms)."""
    assert stack.picker is not None
    store = stack.picker.limit_store
    assert isinstance(store, MemoryStore)
    await eventually(lambda: store.pending == 0, what="the access log to settle")


async def test_limits_answer_429_and_streams_settle_with_usage(stack: LocalStack) -> None:
    # a stream that did not ask for usage: it gets the usage chunk, and settles with it
    status, headers, text = await stream(stack, TINY_KEY, max_tokens=40)
    assert status == 200
    assert headers["x-ratelimit-limit-tokens"] == "3000"
    reserved_left = int(headers["x-ratelimit-remaining-tokens"])
    chunks = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]
    usage = [c["usage"] for c in chunks if c.get("usage")]
    assert len(usage) == 1
    used = usage[0]["prompt_tokens"] + usage[0]["completion_tokens"]
    await settled(stack)
    status, headers, _ = await stream(stack, TINY_KEY, max_tokens=1)
    assert status == 200
    left = int(headers["x-ratelimit-remaining-tokens"])
    # the first request was charged what it used, not the 40 it reserved (refills add a bit)
    assert left >= reserved_left + (40 - usage[0]["completion_tokens"]) - used - 1
    # then the bucket runs dry: 429 with when to retry
    for _ in range(60):
        status, headers, text = await stream(stack, TINY_KEY, max_tokens=200)
        if status == 429:
            break
    assert status == 429
    assert int(headers["retry-after"]) >= 1
    assert headers["x-kinference-reason"] == "rate_limit_exceeded"
    assert "x-ratelimit-remaining-tokens" in headers
    assert json.loads(text)["error"]["type"] == "rate_limit_error"


def sample(text: str, name: str, tenant: str) -> float:
    """A tenant's counter from a Prometheus exposition (summed over its other labels)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith(f"{name}{{") and f'tenant="{tenant}"' in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


async def test_a_stream_cut_before_its_usage_is_charged_not_free(stack: LocalStack) -> None:
    """The client reads the first chunk and hangs up: no usage chunk ever passes Envoy, yet
    the tenant's usage counts what the picker counted and expected, not zero (and the
    limits charged the same)."""
    tenant = "search-team"
    before = await stack_metrics(stack)
    body = {
        "model": MODEL,
        "max_tokens": 200,
        "stream": True,
        "messages": [{"role": "user", "content": "count to a thousand, slowly " * 20}],
    }
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{stack.url}/v1/chat/completions",
            json=body,
            headers={"authorization": f"Bearer {GOLD_KEY}"},
        ) as resp,
    ):
        assert resp.status == 200
        await resp.content.readline()  # the first chunk, then the client goes away

    async def charged() -> bool:
        text = await stack_metrics(stack)
        return sample(text, "kinference_tenant_usage_unreported_total", tenant) > sample(
            before, "kinference_tenant_usage_unreported_total", tenant
        )

    await eventually(charged, what="the cut stream's record", interval_s=0.1)
    after = await stack_metrics(stack)
    prompt = sample(after, "kinference_tenant_prompt_tokens_total", tenant) - sample(
        before, "kinference_tenant_prompt_tokens_total", tenant
    )
    completion = sample(after, "kinference_tenant_completion_tokens_total", tenant) - sample(
        before, "kinference_tenant_completion_tokens_total", tenant
    )
    assert prompt >= 100  # the picker's count of a ~150-token prompt
    assert completion > 0  # the output it expected, capped by max_tokens
    assert completion <= 200


async def stack_metrics(stack: LocalStack) -> str:
    async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
        return await resp.text()


async def test_every_request_a_tenant_sends_is_in_its_usage_refusals_with_their_reason(
    stack: LocalStack,
) -> None:
    """Ten requests of the free tier, some refused by a policy (and maybe its limits) after
    the key named the tenant: its usage counts ten, each refusal under its reason."""
    assert stack.picker is not None
    assert stack.picker.usage_flusher is not None
    ledger = stack.picker.usage_flusher.ledger
    ledger.take()  # what earlier tests left
    before = await stack_metrics(stack)
    refused: dict[str, int] = {}
    for i in range(10):
        headers = {"authorization": f"Bearer {FREE_KEY}"}
        if i % 3 == 0:
            headers["x-long"] = "yes"
        status, got, _ = await post(stack, headers)
        if status != 200:
            reason = got["x-kinference-reason"]
            refused[reason] = refused.get(reason, 0) + 1
    assert refused.get("policy_rejected") == 4

    def counted() -> int:
        return sum(
            sum(c.requests.values()) for (_, t, _), c in ledger.pending.items() if t == "free-tier"
        )

    await eventually(lambda: counted() == 10, what="ten requests in the free tier's usage")
    rows = [c for (_, t, _), c in ledger.pending.items() if t == "free-tier"]
    rejected: dict[str, int] = {}
    for c in rows:
        for reason, n in c.rejected.items():
            rejected[reason] = rejected.get(reason, 0) + n
    assert rejected == refused
    after = await stack_metrics(stack)
    name = "kinference_tenant_rejections_total"
    assert sample(after, name, "free-tier") - sample(before, name, "free-tier") == sum(
        refused.values()
    )
