"""The ``openai`` SDK's Responses calls through real Envoy, the picker and simulated pods, with a
tenant's key: plain, streamed, and continued with ``previous_response_id`` (which only the pod
that stored the response can serve; the router here would otherwise rotate pods), usage charged
to the tenant token for token, and the picker's request id on every answer."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import openai
import pytest
import pytest_asyncio

from kinference_epp.config.tenancy import TenancyConfig, UsageConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.tenancy.usage import Counts
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
KEY = "sk-responses-tenant-key-01"
TENANT = "agents"
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: {TENANT}}}
spec:
  apiKeys: [{{name: k, value: {KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 1000000}}}}
"""


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LocalStack]:
    root: Path = tmp_path_factory.mktemp("responses")
    (root / "tenants.yaml").write_text(TENANTS)
    options = StackOptions(
        pods=3,
        router="round-robin",
        # usage is written out at stop only: the test reads the pending roll-up
        tenancy=TenancyConfig(
            tenants=[str(root / "tenants.yaml")], usage=UsageConfig(flush_interval_s=60)
        ),
    )
    async with LocalStack(options) as s:
        yield s


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def sdk(stack: LocalStack) -> AsyncIterator[openai.AsyncOpenAI]:
    client = openai.AsyncOpenAI(base_url=f"{stack.url}/v1", api_key=KEY, max_retries=0)
    async with client:
        yield client


def tenant_usage(stack: LocalStack) -> Counts:
    assert stack.picker is not None
    assert stack.picker.usage_flusher is not None
    total = Counts()
    for (_, tenant, _), counts in stack.picker.usage_flusher.ledger.pending.items():
        if tenant == TENANT:
            total.add(counts)
    return total


async def test_plain_streamed_and_continued_responses_charged_to_the_tenant(
    stack: LocalStack, sdk: openai.AsyncOpenAI
) -> None:
    assert stack.picker is not None
    assert stack.picker.usage_flusher is not None
    stack.picker.usage_flusher.ledger.take()  # nothing from other tests
    used: list[tuple[int, int]] = []

    raw = await sdk.responses.with_raw_response.create(
        model=MODEL,
        instructions="Answer briefly.",
        input="Name a colour. " * 12,
        max_output_tokens=4,
    )
    first = raw.parse()
    assert first.status == "completed"
    assert first.output_text
    assert first.usage is not None
    used.append((first.usage.input_tokens, first.usage.output_tokens))
    # the picker named the response after its request id, which the client also gets
    assert first.id == "resp_" + raw.headers["x-request-id"]

    stream = await sdk.responses.create(
        model=MODEL, input="Count to three.", max_output_tokens=5, stream=True
    )
    events = [event async for event in stream]
    assert events[0].type == "response.created"
    done = events[-1]
    assert done.type == "response.completed"
    assert done.response.usage is not None
    assert done.response.usage.output_tokens == 5
    used.append((done.response.usage.input_tokens, done.response.usage.output_tokens))

    # three continuations in a row, each of the previous answer: a round-robin router would
    # send each to another pod, where the simulated vLLM answers 404
    previous = first
    for turn in range(3):
        stream_it = turn == 1
        if stream_it:
            events_stream = await sdk.responses.create(
                model=MODEL,
                input=f"And another, turn {turn}.",
                previous_response_id=previous.id,
                max_output_tokens=3,
                stream=True,
            )
            last = [e async for e in events_stream][-1]
            assert last.type == "response.completed"
            nxt = last.response
        else:
            nxt = await sdk.responses.create(
                model=MODEL,
                input=f"And another, turn {turn}.",
                previous_response_id=previous.id,
                max_output_tokens=3,
            )
        assert nxt.previous_response_id == previous.id
        assert nxt.usage is not None
        # the pod rendered the stored conversation: more input than the new text alone
        assert nxt.usage.input_tokens > previous.usage.input_tokens  # type: ignore[union-attr]
        if turn > 0:  # (the first continuation drops the instructions: vLLM does not carry
            # them over, so its prompt shares no prefix with the first request's)
            assert nxt.usage.input_tokens_details.cached_tokens > 0
        used.append((nxt.usage.input_tokens, nxt.usage.output_tokens))
        previous = nxt

    def charged() -> bool:
        c = tenant_usage(stack)
        return sum(c.requests.values()) == len(used) and c.completion_tokens == sum(
            o for _, o in used
        )

    await eventually(charged, what="the tenant charged for every response")
    counts = tenant_usage(stack)
    assert counts.prompt_tokens == sum(i for i, _ in used)
    assert counts.cached_tokens > 0


async def test_a_response_nobody_stored_is_the_pods_404(sdk: openai.AsyncOpenAI) -> None:
    with pytest.raises(openai.NotFoundError) as err:
        await sdk.responses.create(model=MODEL, input="x", previous_response_id="resp_nothing")
    assert err.value.body == {
        "message": "Response with id 'resp_nothing' not found.",
        "type": "invalid_request_error",
        "param": "response_id",
        "code": 404,
    }


async def test_the_pickers_errors_in_the_openai_shape_with_a_request_id(
    stack: LocalStack, sdk: openai.AsyncOpenAI
) -> None:
    with pytest.raises(openai.NotFoundError) as err:
        await sdk.responses.create(model="no-such-model", input="x")
    assert err.value.response.headers["x-kinference-reason"] == "model_not_found"
    assert err.value.response.headers["x-request-id"]
    assert err.value.body is not None
    body = err.value.body
    assert isinstance(body, dict)
    assert body["param"] == "model"
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"{stack.url}/v1/responses",
            data=json.dumps({"model": MODEL, "input": 5}),
            headers={"authorization": f"Bearer {KEY}", "content-type": "application/json"},
        ) as resp,
    ):
        assert resp.status == 400
        assert resp.headers["x-request-id"]
        error = (await resp.json())["error"]
        assert error["param"] == "input"
        assert error["type"] == "invalid_request_error"
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{stack.url}/v1/responses", json={"model": MODEL, "input": "x"}) as resp,
    ):
        assert resp.status == 401  # no key
        assert resp.headers["x-request-id"]
