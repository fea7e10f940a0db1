"""The official ``openai`` and ``anthropic`` SDKs through Envoy, the picker and simulated pods.

What a user's client does with our answers is checked by the clients themselves: both APIs,
streamed and not, parse; the picker's errors raise the SDK's typed exceptions; and the usage
each answer reports reaches the picker out of band (Envoy's usage filters, the access log),
token for token, for OpenAI and Anthropic shapes alike.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import anthropic
import openai
import pytest
import pytest_asyncio
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.demo.stack import LocalStack, StackOptions
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
MESSAGES = [{"role": "user", "content": "Say hello in one word."}]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack() -> AsyncIterator[LocalStack]:
    async with LocalStack(StackOptions(pods=2, router="round-robin")) as s:
        yield s


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def oai(stack: LocalStack) -> AsyncIterator[openai.AsyncOpenAI]:
    client = openai.AsyncOpenAI(base_url=f"{stack.url}/v1", api_key="unused", max_retries=0)
    async with client:
        yield client


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def claude(stack: LocalStack) -> AsyncIterator[anthropic.AsyncAnthropic]:
    client = anthropic.AsyncAnthropic(base_url=stack.url, api_key="unused", max_retries=0)
    async with client:
        yield client


async def usage_totals(stack: LocalStack) -> tuple[float, float, float]:
    """(requests, input tokens, output tokens) the picker recorded from the access log."""
    async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
        text = await resp.text()
    totals = {"count": 0.0, "input": 0.0, "output": 0.0}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "inference_objective_input_tokens_count":
                totals["count"] += sample.value
            elif sample.name == "inference_objective_input_tokens_sum":
                totals["input"] += sample.value
            elif sample.name == "inference_objective_output_tokens_sum":
                totals["output"] += sample.value
    return totals["count"], totals["input"], totals["output"]


async def test_both_sdks_through_envoy_with_usage_in_the_access_log(
    stack: LocalStack, oai: openai.AsyncOpenAI, claude: anthropic.AsyncAnthropic
) -> None:
    before = await usage_totals(stack)
    reported: list[tuple[int, int]] = []  # (input, output) per answer, as the client saw it

    chat = await oai.chat.completions.create(model=MODEL, messages=MESSAGES, max_tokens=4)  # type: ignore[arg-type]
    assert chat.choices[0].message.content
    assert chat.usage is not None
    reported.append((chat.usage.prompt_tokens, chat.usage.completion_tokens))

    stream = await oai.chat.completions.create(
        model=MODEL,
        messages=MESSAGES,  # type: ignore[arg-type]
        max_tokens=5,
        stream=True,
        stream_options={"include_usage": True},
    )
    text, usage = "", None
    async for chunk in stream:
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
        if chunk.usage is not None:
            usage = chunk.usage
    assert text
    assert usage is not None
    assert usage.completion_tokens == 5
    reported.append((usage.prompt_tokens, usage.completion_tokens))

    completion = await oai.completions.create(model=MODEL, prompt="Once upon", max_tokens=3)
    assert completion.choices[0].text
    assert completion.usage is not None
    reported.append((completion.usage.prompt_tokens, completion.usage.completion_tokens))

    message = await claude.messages.create(model=MODEL, max_tokens=4, messages=MESSAGES)  # type: ignore[arg-type]
    assert message.content[0].type == "text"
    assert message.usage.output_tokens == 4
    reported.append((message.usage.input_tokens, message.usage.output_tokens))

    async with claude.messages.stream(
        model=MODEL,
        max_tokens=6,
        messages=MESSAGES,  # type: ignore[arg-type]
    ) as events:
        streamed = "".join([t async for t in events.text_stream])
        final = await events.get_final_message()
    assert streamed == final.content[0].text
    assert final.usage.output_tokens == 6
    assert final.stop_reason == "max_tokens"
    reported.append((final.usage.input_tokens, final.usage.output_tokens))

    expected = (
        before[0] + len(reported),
        before[1] + sum(i for i, _ in reported),
        before[2] + sum(o for _, o in reported),
    )

    async def all_reported() -> tuple[float, float, float] | None:
        got = await usage_totals(stack)
        return got if got[0] >= expected[0] else None

    # The usage arrives with Envoy's access log, which is flushed in batches.
    got = await eventually(all_reported, what="every request's usage", interval_s=0.1)
    assert got == expected


async def test_picker_errors_raise_each_sdks_typed_exception(
    oai: openai.AsyncOpenAI, claude: anthropic.AsyncAnthropic
) -> None:
    with pytest.raises(openai.NotFoundError) as oai_error:
        await oai.chat.completions.create(model="no-such-model", messages=MESSAGES, max_tokens=2)  # type: ignore[arg-type]
    assert oai_error.value.response.headers["x-kinference-reason"] == "model_not_found"
    with pytest.raises(anthropic.NotFoundError) as claude_error:
        await claude.messages.create(model="no-such-model", max_tokens=2, messages=MESSAGES)  # type: ignore[arg-type]
    assert claude_error.value.response.headers["x-kinference-reason"] == "model_not_found"
    assert claude_error.value.body["type"] == "error"  # type: ignore[index]
