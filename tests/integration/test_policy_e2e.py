"""InferencePolicy on the live request path, through real Envoy.

Reject with the rule's status; burst to an external provider on its own Envoy cluster with
the rewritten model and the provider's key; defer a batch request until the pool drains;
never send a PII prompt (or one the PII classifier cannot read) to the provider, wherever in
the body the PII sits (tools, tool calls, documents, names, schemas) and however it is
hidden (zero-width characters, look-alike letters, fullwidth digits).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web

from kinference_epp.api.wire_names import TENANT_HEADER
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.filters import copy_header
from kinference_epp.gateway.options import ProviderRoute
from kinference_epp.gateway.process import free_port
from kinference_epp.sim.server import PodSpec
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"

POLICY = """
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: e2e, namespace: default}
spec:
  scope:
    poolRefs: [{name: demo-pool}]
    priority: 10
  idle: {maxQueueDepth: 0, maxKvCacheUsage: 1.0}
  rules:
    - name: blocked-tenant
      match: {tenants: [blocked-*]}
      action: {reject: {status: 403, message: "tenant is suspended"}}
    - name: pii-stays-local
      failClosed: true
      match:
        classifiers: {pii: true}
      action:
        route: {candidates: [qwen3-0.6b]}
    - name: batch-when-idle
      match: {tenants: [batch]}
      action:
        defer:
          maxWaitSeconds: 20
          route: {candidates: [qwen3-0.6b]}
          then: {reject: {status: 503, message: "the pool did not become idle"}}
    - name: burst
      match: {headers: [{name: x-burst, values: ["yes"]}]}
      action:
        provider:
          name: cloud
          baseURL: http://cloud.example
          modelMap: {qwen3-0.6b: cloud-large}
          apiKeySecretRef: {name: cloud-credentials, key: api-key}
"""


class Provider:
    """A stand-in external provider: records what reached it."""

    def __init__(self) -> None:
        self.requests: list[tuple[dict[str, str], dict[str, Any]]] = []
        self.port = free_port()
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        async def chat(request: web.Request) -> web.Response:
            self.requests.append((dict(request.headers), await request.json()))
            return web.json_response(
                {
                    "id": "cloud-1",
                    "object": "chat.completion",
                    "model": "cloud-large",
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}}],
                    "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},
                }
            )

        async def other(request: web.Request) -> web.Response:
            self.requests.append((dict(request.headers), await request.json()))
            return web.json_response({"error": {"message": "recorded only"}}, status=400)

        app = web.Application()
        app.router.add_post("/v1/chat/completions", chat)
        app.router.add_post("/v1/completions", other)
        app.router.add_post("/v1/messages", other)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def provider() -> AsyncIterator[Provider]:
    p = Provider()
    await p.start()
    yield p
    await p.stop()


DEMO_TENANT = "x-demo-tenant"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(
    provider: Provider, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[LocalStack]:
    root = tmp_path_factory.mktemp("policy")
    (root / "policy.yaml").write_text(POLICY)
    secret = root / "secrets" / "cloud-credentials"
    secret.mkdir(parents=True)
    (secret / "api-key").write_text("sk-test-123\n")
    options = StackOptions(
        pods=1,
        time_scale=1.0,  # real time: the defer test needs a queue that takes a while to drain
        policies=(str(root / "policy.yaml"),),
        secrets_dir=str(root / "secrets"),
        provider_routes=(ProviderRoute("cloud", f"127.0.0.1:{provider.port}"),),
        pod_template=PodSpec(max_num_seqs=1),
        # The test client stands in for an authenticated one: Envoy drops a client's own
        # x-kinference-tenant and sets it from this header instead.
        identity_filters=(copy_header(DEMO_TENANT, TENANT_HEADER),),
    )
    async with LocalStack(options) as s:
        yield s


def chat(content: str = "hello", **extra: Any) -> dict[str, Any]:
    return {
        "model": MODEL,
        "messages": [{"role": "user", "content": content}],
        "max_tokens": 2,
        **extra,
    }


async def post(
    stack: LocalStack,
    body: dict[str, Any],
    headers: dict[str, str] | None = None,
    path: str = "/v1/chat/completions",
) -> tuple[int, dict[str, str], dict[str, Any]]:
    async with (
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as http,
        http.post(f"{stack.url}{path}", json=body, headers=headers or {}) as resp,
    ):
        return resp.status, dict(resp.headers), json.loads(await resp.read())


async def test_reject_rule_answers_with_its_status(stack: LocalStack) -> None:
    status, headers, body = await post(stack, chat(), {DEMO_TENANT: "blocked-acme"})
    assert status == 403
    assert headers["x-kinference-reason"] == "policy_rejected"
    assert body["error"]["message"] == "tenant is suspended"
    assert body["error"]["type"] == "permission_error"


async def test_burst_reaches_the_provider_with_rewritten_model_and_key(
    stack: LocalStack, provider: Provider
) -> None:
    before = len(provider.requests)
    status, headers, body = await post(stack, chat("what is the weather"), {"x-burst": "yes"})
    assert status == 200, body
    assert body["model"] == "cloud-large"
    assert len(provider.requests) == before + 1
    seen_headers, seen_body = provider.requests[-1]
    assert seen_body["model"] == "cloud-large"
    assert seen_body["messages"] == chat("what is the weather")["messages"]
    assert seen_headers["Authorization"] == "Bearer sk-test-123"
    assert headers["x-kinference-upstream"] == f"127.0.0.1:{provider.port}"


async def test_pii_prompt_never_reaches_the_provider(stack: LocalStack, provider: Provider) -> None:
    before = len(provider.requests)
    status, headers, _ = await post(
        stack,
        chat("my email is jane.doe@example.com, card 4111 1111 1111 1111"),
        {"x-burst": "yes"},
    )
    assert status == 200
    assert headers["x-kinference-upstream"] != f"127.0.0.1:{provider.port}"
    # A prompt the PII classifier cannot read (token ids) counts as PII: it stays local too.
    status, headers, _ = await post(
        stack,
        {"model": MODEL, "prompt": [101, 102, 103], "max_tokens": 2},
        {"x-burst": "yes"},
        path="/v1/completions",
    )
    assert status == 200
    assert headers["x-kinference-upstream"] != f"127.0.0.1:{provider.port}"
    assert len(provider.requests) == before


EMAIL = "jane.doe@acme-corp.io"


def _tool_call(arguments: dict[str, Any]) -> dict[str, Any]:
    function = {"name": "crm", "arguments": json.dumps(arguments)}
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": function}]}  # fmt: skip


def _anthropic(*blocks: dict[str, Any], **extra: Any) -> tuple[str, dict[str, Any]]:
    content = [{"type": "text", "text": "please help"}, *blocks]
    body = {"model": MODEL, "max_tokens": 2, "messages": [{"role": "user", "content": content}]}
    return "/v1/messages", {**body, **extra}


def _chat_with(*messages: dict[str, Any], **extra: Any) -> tuple[str, dict[str, Any]]:
    body = chat("please help", **extra)
    body["messages"] += list(messages)
    return "/v1/chat/completions", body


HIDDEN_PII: dict[str, tuple[str, dict[str, Any]]] = {
    "openai tool-call arguments": _chat_with(_tool_call({"customer": EMAIL})),
    "openai tool description": _chat_with(tools=[{"type": "function", "function": {
        "name": "crm", "description": f"escalate to {EMAIL}", "parameters": {}}}]),
    "openai tool parameters": _chat_with(tools=[{"type": "function", "function": {
        "name": "crm", "parameters": {"type": "object", "properties": {"to": {"default": EMAIL}}}}}]),
    "openai input_text part": _chat_with({"role": "user", "content": [{"type": "input_text", "text": EMAIL}]}),
    "openai message name": _chat_with({"role": "user", "content": "hi", "name": EMAIL}),
    "openai response_format description": _chat_with(response_format={"type": "json_schema",
        "json_schema": {"name": "r", "description": f"cc {EMAIL}", "schema": {}}}),
    "openai file part": _chat_with({"role": "user", "content": [
        {"type": "file", "file": {"filename": "scan.pdf", "file_data": "JVBERi0xLjQK"}}]}),
    "openai image part": _chat_with({"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}]}),
    "anthropic tool description": _anthropic(tools=[
        {"name": "crm", "description": f"cc {EMAIL}", "input_schema": {"type": "object"}}]),
    "anthropic tool_use input": _anthropic({"type": "tool_use", "id": "t1", "name": "crm", "input": {"to": EMAIL}}),
    "anthropic document in a tool result": _anthropic({"type": "tool_result", "tool_use_id": "t1", "content": [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": EMAIL}}]}),
    "anthropic text document": _anthropic(
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": EMAIL}}),
    "anthropic base64 document": _anthropic({"type": "document", "source": {
        "type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQK"}}),
    "completions suffix": ("/v1/completions", {"model": MODEL, "prompt": "def f():", "suffix": f"# {EMAIL}", "max_tokens": 2}),
    "zero-width space": _chat_with({"role": "user", "content": "mail jane.doe@\u200bacme-corp.io"}),
    "Cyrillic look-alike": _chat_with({"role": "user", "content": "mail jane.doe@\u0430cme-corp.io"}),
    "fullwidth digits": _chat_with({"role": "user", "content": "card \uff14\uff11\uff11\uff11 \uff11\uff11\uff11\uff11 \uff11\uff11\uff11\uff11 \uff11\uff11\uff11\uff11"}),
}  # fmt: skip
UNREADABLE = {"openai file part", "openai image part", "anthropic base64 document"}


@pytest.mark.parametrize("field", list(HIDDEN_PII))
async def test_pii_in_any_field_never_reaches_the_provider(
    stack: LocalStack, provider: Provider, field: str
) -> None:
    path, body = HIDDEN_PII[field]
    before = len(provider.requests)
    status, headers, answer = await post(stack, body, {"x-burst": "yes"}, path=path)
    assert status == 200, answer
    assert headers["x-kinference-upstream"] != f"127.0.0.1:{provider.port}"
    assert len(provider.requests) == before


@pytest.mark.parametrize("field", [f for f in HIDDEN_PII if f not in UNREADABLE])
async def test_the_same_fields_without_pii_do_reach_the_provider(
    stack: LocalStack, provider: Provider, field: str
) -> None:
    """The control: the body shapes above do burst when they carry no PII."""
    path, body = HIDDEN_PII[field]
    clean = json.loads(json.dumps(body).replace("@", " at "))
    clean = json.loads(json.dumps(clean).replace("\\uff14\\uff11\\uff11\\uff11", "four"))
    before = len(provider.requests)
    await post(stack, clean, {"x-burst": "yes"}, path=path)
    assert len(provider.requests) == before + 1


async def test_batch_request_waits_until_the_pool_drains(stack: LocalStack) -> None:
    # One slot (max_num_seqs=1): three long requests keep a queue for a few seconds.
    long = chat("keep busy", max_tokens=300)
    blockers = [asyncio.create_task(post(stack, long)) for _ in range(3)]
    assert stack.picker is not None
    datastore = stack.picker.datastore
    await eventually(lambda: datastore.stats().avg_waiting > 0, what="the scraper to see the queue")
    status, _, _ = await post(stack, chat(), {DEMO_TENANT: "batch"})
    assert status == 200
    done = [b for b in blockers if b.done()]
    results = await asyncio.gather(*blockers)
    assert all(r[0] == 200 for r in results)
    # It was held back until the queue had drained: at least the queued blockers finished first.
    assert len(done) >= 2
