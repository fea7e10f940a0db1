"""Real HTTP through real Envoy to simulated vLLM pods, routed by the picker over real gRPC."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.pool.endpoint import EndpointKey
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
UPSTREAM = "x-kinference-upstream"


@pytest_asyncio.fixture(
    loop_scope="module", scope="module", params=["FULL_DUPLEX_STREAMED", "BUFFERED"]
)
async def stack(request: pytest.FixtureRequest) -> AsyncIterator[LocalStack]:
    options = StackOptions(
        pods=3,
        body_mode=request.param,
        max_body_bytes=4 * 1024 * 1024,
        test_mode=True,
        fallbacks=0,
        num_gpu_blocks=40_000,  # room for the 3 MB prompt (~33k blocks of 16 tokens)
        max_model_len=1_000_000,  # the 3 MB prompt is over Qwen3's own context
    )
    async with LocalStack(options) as s:
        yield s


@pytest_asyncio.fixture(loop_scope="module")
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        yield session


def chat(content: str, *, stream: bool = False, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "model": MODEL,
        "messages": [{"role": "user", "content": content}],
        "max_tokens": 8,
        "stream": stream,
        **extra,
    }
    if stream:
        body["stream_options"] = {"include_usage": True}
    return body


def pods(stack: LocalStack) -> list[str]:
    assert stack.cluster is not None
    return [a.hostport for a in stack.cluster.addresses]


def expected_prompt_tokens(stack: LocalStack, path: str, body: dict[str, Any]) -> int:
    kind = ApiKind.CHAT if path.endswith("chat/completions") else ApiKind.COMPLETIONS
    request = parse_request(kind, json.dumps(body).encode())
    return len(stack.tokenizer.prompt_token_ids(request))


async def read_sse(resp: aiohttp.ClientResponse) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    done = False
    async for raw in resp.content:
        line = raw.strip()
        if line.startswith(b"data:"):
            data = line[5:].strip()
            if data == b"[DONE]":
                done = True
                break
            events.append(json.loads(data))
    assert done, "stream ended without [DONE]"
    return events


async def test_streaming_chat_reaches_a_pod_with_usage(
    stack: LocalStack, http: aiohttp.ClientSession
) -> None:
    body = chat("tell me about prefix caches", stream=True)
    async with http.post(f"{stack.url}/v1/chat/completions", json=body) as resp:
        assert resp.status == 200
        assert resp.headers[UPSTREAM] in pods(stack)
        events = await read_sse(resp)
    tokens = [e for e in events if e.get("choices") and e["choices"][0]["delta"].get("content")]
    assert len(tokens) == 8
    usage = events[-1]["usage"]
    assert usage["completion_tokens"] == 8
    assert usage["prompt_tokens"] == expected_prompt_tokens(stack, "/v1/chat/completions", body)


@pytest.mark.parametrize("path", ["/v1/chat/completions", "/v1/completions"])
async def test_non_streaming_requests(
    stack: LocalStack, http: aiohttp.ClientSession, path: str
) -> None:
    body = chat("hello") if "chat" in path else {"model": MODEL, "prompt": "hello", "max_tokens": 4}
    async with http.post(f"{stack.url}{path}", json=body) as resp:
        assert resp.status == 200, await resp.text()
        data = await resp.json()
    assert data["usage"]["prompt_tokens"] == expected_prompt_tokens(stack, path, body)


@pytest.mark.parametrize("size", [70_000, 1_200_000, 3_000_000])
async def test_large_bodies_arrive_whole(
    stack: LocalStack, http: aiohttp.ClientSession, size: int
) -> None:
    words = "alpha beta gamma delta " * (size // 23)
    body = chat(words)
    raw = json.dumps(body).encode()
    assert len(raw) > size
    async with http.post(
        f"{stack.url}/v1/chat/completions",
        data=io.BytesIO(raw),
        headers={"content-type": "application/json"},
    ) as resp:
        assert resp.status == 200, await resp.text()
        data = await resp.json()
    # The pod counted exactly the tokens of the body we sent: nothing truncated or doubled.
    assert data["usage"]["prompt_tokens"] == expected_prompt_tokens(
        stack, "/v1/chat/completions", body
    )


async def test_conformance_selection_and_served_endpoint_echo(
    stack: LocalStack, http: aiohttp.ClientSession
) -> None:
    for target in pods(stack):
        headers = {"test-epp-endpoint-selection": target}
        async with http.post(
            f"{stack.url}/v1/chat/completions", json=chat("hi"), headers=headers
        ) as resp:
            assert resp.status == 200
            assert resp.headers[UPSTREAM] == target
            assert resp.headers["x-conformance-test-served-endpoint"] == target


async def expect_error(resp: aiohttp.ClientResponse, status: int, reason: str) -> dict[str, Any]:
    assert resp.status == status, await resp.text()
    assert resp.headers["x-kinference-reason"] == reason
    assert resp.headers["content-type"] == "application/json"
    data: dict[str, Any] = await resp.json()
    assert data["error"]["message"]
    return data


@pytest.mark.parametrize(
    ("payload", "reason", "param"),
    [
        (b'{"model": "qwen3-0.6b", "messages": [', "bad_request", None),
        (b'{"messages": [{"role": "user", "content": "x"}]}', "bad_request", "model"),
        (b'{"model": 42, "messages": [{"role": "user", "content": "x"}]}', "bad_request", "model"),
        (b'{"model": "qwen3-0.6b", "messages": "nope"}', "bad_request", "messages"),
        (b"[1, 2, 3]", "bad_request", None),
    ],
)
async def test_bad_bodies_get_400(
    stack: LocalStack, http: aiohttp.ClientSession, payload: bytes, reason: str, param: str | None
) -> None:
    async with http.post(
        f"{stack.url}/v1/chat/completions",
        data=payload,
        headers={"content-type": "application/json"},
    ) as resp:
        data = await expect_error(resp, 400, reason)
    if param is not None:
        assert data["error"]["param"] == param


async def test_unknown_model_gets_404(stack: LocalStack, http: aiohttp.ClientSession) -> None:
    body = chat("hi") | {"model": "no-such-model"}
    async with http.post(f"{stack.url}/v1/chat/completions", json=body) as resp:
        data = await expect_error(resp, 404, "model_not_found")
    assert data["error"]["param"] == "model"
    assert "no-such-model" not in data["error"]["message"]  # a client's string is not echoed


async def test_anthropic_path_gets_anthropic_error_shape(
    stack: LocalStack, http: aiohttp.ClientSession
) -> None:
    body = {
        "model": "no-such-model",
        "max_tokens": 5,
        "messages": [{"role": "user", "content": "x"}],
    }
    async with http.post(f"{stack.url}/v1/messages", json=body) as resp:
        assert resp.status == 404
        data = await resp.json()
    assert data["type"] == "error"
    assert data["error"]["type"] == "not_found_error"


async def test_oversized_body_gets_413(stack: LocalStack, http: aiohttp.ClientSession) -> None:
    raw = json.dumps(chat("x " * 2_200_000)).encode()  # > 4 MiB limit
    async with http.post(f"{stack.url}/v1/chat/completions", data=io.BytesIO(raw)) as resp:
        await expect_error(resp, 413, "body_too_large")


async def test_no_ready_endpoint_gets_503_then_recovers(
    stack: LocalStack, http: aiohttp.ClientSession
) -> None:
    assert stack.picker is not None
    ds = stack.picker.datastore
    keys = [EndpointKey(k) for k in pods(stack)]
    for k in keys:
        ds.set_ready(k, False)
    try:
        async with http.post(f"{stack.url}/v1/chat/completions", json=chat("hi")) as resp:
            await expect_error(resp, 503, "no_ready_endpoint")
            assert resp.headers["retry-after"] == "1"
    finally:
        for k in keys:
            ds.set_ready(k, True)
    async with http.post(f"{stack.url}/v1/chat/completions", json=chat("hi")) as resp:
        assert resp.status == 200


async def test_models_are_listed_by_the_picker(
    stack: LocalStack, http: aiohttp.ClientSession
) -> None:
    async with http.get(f"{stack.url}/v1/models") as resp:
        assert resp.status == 200
        assert resp.headers.get(UPSTREAM, "") not in pods(stack)  # no pod was asked
        data = await resp.json()
    assert data["data"][0]["id"] == MODEL


async def picker_metrics(stack: LocalStack, http: aiohttp.ClientSession) -> dict[str, float]:
    async with http.get(stack.metrics_url) as resp:
        text = await resp.text()
    out: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            key = sample.name + json.dumps(sample.labels, sort_keys=True)
            out[key] = out.get(key, 0.0) + sample.value
    return out


def metric_sum(metrics: dict[str, float], name: str) -> float:
    return sum(v for k, v in metrics.items() if k.startswith(name + "{"))


async def test_usage_reaches_picker_through_access_log(
    stack: LocalStack, http: aiohttp.ClientSession
) -> None:
    """Envoy lifts usage from the SSE stream and reports it out of band; the picker records it."""
    before = metric_sum(await picker_metrics(stack, http), "inference_objective_output_tokens_sum")
    for _ in range(3):
        async with http.post(
            f"{stack.url}/v1/chat/completions", json=chat("count me", stream=True)
        ) as resp:
            await read_sse(resp)

    async def usage_counted() -> dict[str, float] | None:
        metrics = await picker_metrics(stack, http)
        counted = metric_sum(metrics, "inference_objective_output_tokens_sum") >= before + 24
        return metrics if counted else None

    # Envoy flushes the access log in batches, so the three entries arrive when they arrive.
    metrics = await eventually(usage_counted, what="the three requests' usage", interval_s=0.1)
    assert metric_sum(metrics, "inference_objective_request_ttft_seconds_count") > 0
    assert metric_sum(metrics, "inference_objective_input_tokens_count") > 0
    assert metric_sum(metrics, "inference_pool_ready_pods") == 3
    assert metric_sum(metrics, "inference_extension_scheduler_e2e_duration_seconds_count") > 0
