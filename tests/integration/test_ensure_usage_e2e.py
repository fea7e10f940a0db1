"""A response the picker rewrites: usage asked for on the client's behalf, hidden from it.

This is the one path where the picker sits on the response body (turned on per request with
ext_proc ``mode_override``); the usage still reaches the picker through Envoy's access log.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.demo.stack import LocalStack, StackOptions
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack() -> AsyncIterator[LocalStack]:
    async with LocalStack(StackOptions(pods=2, ensure_usage=True, body_mode="BUFFERED")) as s:
        yield s


async def stream(stack: LocalStack, body: dict[str, Any]) -> list[bytes]:
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{stack.url}/v1/chat/completions", json=body) as resp,
    ):
        assert resp.status == 200
        return [line.strip() async for line in resp.content if line.strip()]


def body(**extra: Any) -> dict[str, Any]:
    return {
        "model": MODEL,
        "messages": [{"role": "user", "content": "hello there"}],
        "max_tokens": 6,
        "stream": True,
        **extra,
    }


def output_tokens(text: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if line.startswith("inference_objective_output_tokens_sum{"):
            total += float(line.rsplit(" ", 1)[1])
    return total


async def test_client_without_include_usage_sees_no_usage_but_picker_counts_it(
    stack: LocalStack,
) -> None:
    lines = await stream(stack, body())
    assert lines[-1] == b"data: [DONE]"
    chunks = [json.loads(line[5:]) for line in lines[:-1]]
    assert all("usage" not in c or c["usage"] is None for c in chunks)
    assert sum(1 for c in chunks if c["choices"] and c["choices"][0]["delta"].get("content")) == 6

    async def counted() -> bool:
        async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
            return output_tokens(await resp.text()) >= 6

    # The usage arrives with Envoy's access log, after the response.
    await eventually(counted, what="the picker to count the six tokens", interval_s=0.1)


async def test_client_asking_for_usage_still_gets_it(stack: LocalStack) -> None:
    lines = await stream(stack, body(stream_options={"include_usage": True}))
    usage = json.loads(lines[-2][5:])["usage"]
    assert usage["completion_tokens"] == 6
