"""The simulated pod's Anthropic Messages API over a real socket, shaped as vLLM answers it.

The event sequence and usage fields follow vLLM's converter (vllm/entrypoints/anthropic/):
what Envoy's usage filters and the ``anthropic`` SDK must read from a real pod.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import anthropic
import pytest

from kinference_epp.api.anthropic import parse_messages
from kinference_epp.sim.runner import SimCluster, ephemeral_specs, start_pods
from kinference_epp.sim.server import PodSpec
from kinference_epp.tokenize.approx import ApproxTokenizer

pytestmark = pytest.mark.integration

MODEL = "sim-model"


@pytest.fixture
async def cluster() -> AsyncIterator[SimCluster]:
    spec = PodSpec(models=(MODEL,), time_scale=0.01, num_gpu_blocks=512)
    async with await start_pods(ephemeral_specs(1, spec)) as c:
        yield c


def messages_body(**extra: Any) -> dict[str, Any]:
    return {
        "model": MODEL,
        "system": "You are terse.",
        "messages": [{"role": "user", "content": [{"type": "text", "text": "hello there"}]}],
        "max_tokens": 5,
        **extra,
    }


def prompt_tokens(body: dict[str, Any]) -> int:
    """What the picker's tokenizer counts for the body: the pod must count the same."""
    return len(ApproxTokenizer().prompt_token_ids(parse_messages(json.dumps(body).encode())))


def parse_sse(raw: bytes) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for block in raw.decode().split("\n\n"):
        if not block:
            continue
        lines = dict(line.split(": ", 1) for line in block.split("\n"))
        events.append((lines["event"], json.loads(lines["data"])))
    return events


async def test_non_streamed_message(cluster: SimCluster) -> None:
    url = cluster.addresses[0].http_url
    body = messages_body()
    async with aiohttp.ClientSession() as http, http.post(f"{url}/v1/messages", json=body) as r:
        assert r.status == 200
        data = await r.json()
    assert data["type"] == "message"
    assert data["role"] == "assistant"
    assert data["model"] == MODEL
    assert data["id"].startswith("chatcmpl-")
    assert data["content"][0]["type"] == "text"
    assert data["content"][0]["text"]
    assert data["stop_reason"] == "max_tokens"  # the simulator generates exactly max_tokens
    assert "stop_sequence" not in data  # vLLM drops None fields
    assert data["usage"] == {"input_tokens": prompt_tokens(body), "output_tokens": 5}


async def test_streamed_message_follows_vllms_event_sequence(cluster: SimCluster) -> None:
    url = cluster.addresses[0].http_url
    body = messages_body(stream=True, max_tokens=4)
    async with aiohttp.ClientSession() as http, http.post(f"{url}/v1/messages", json=body) as r:
        assert r.status == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        events = parse_sse(await r.read())
    names = [name for name, _ in events]
    assert names[0] == "message_start"
    assert names[1] == "content_block_start"
    assert set(names[2:-3]) == {"content_block_delta"}
    assert names[-3:] == ["content_block_stop", "message_delta", "message_stop"]
    assert all(data["type"] == name for name, data in events)

    start = events[0][1]["message"]
    assert "type" not in start  # vLLM dumps the nested message with exclude_unset
    assert start["content"] == []
    assert start["stop_reason"] is None
    assert start["usage"] == {"input_tokens": prompt_tokens(body), "output_tokens": 0}
    assert events[1][1] == {
        "type": "content_block_start",
        "content_block": {"type": "text", "text": ""},
        "index": 0,
    }
    deltas = [data["delta"] for name, data in events if name == "content_block_delta"]
    assert all(d["type"] == "text_delta" and d["text"] for d in deltas)
    final = events[-2][1]
    assert final["delta"] == {"stop_reason": "max_tokens"}
    assert final["usage"] == {"input_tokens": prompt_tokens(body), "output_tokens": 4}
    assert events[-1][1] == {"type": "message_stop"}


async def test_count_tokens_and_errors_in_anthropic_shape(cluster: SimCluster) -> None:
    url = cluster.addresses[0].http_url
    body = messages_body()
    del body["max_tokens"]  # count_tokens takes none
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{url}/v1/messages/count_tokens", json=body) as r:
            assert r.status == 200
            expected = prompt_tokens(body)
            assert await r.json() == {
                "input_tokens": expected,
                "context_management": {"original_input_tokens": expected},
            }
        async with http.post(f"{url}/v1/messages", json=body) as r:  # max_tokens missing
            assert r.status == 400
            error = await r.json()
            assert error["type"] == "error"
            assert "max_tokens" in error["error"]["message"]
        async with http.post(f"{url}/v1/messages", json=messages_body(model="nope")) as r:
            assert r.status == 404
            assert (await r.json())["error"]["type"] == "NotFoundError"


async def test_anthropic_sdk_reads_both_forms(cluster: SimCluster) -> None:
    client = anthropic.AsyncAnthropic(
        base_url=cluster.addresses[0].http_url, api_key="unused", max_retries=0
    )
    async with client:
        message = await client.messages.create(
            model=MODEL, max_tokens=3, messages=[{"role": "user", "content": "hi"}]
        )
        assert message.usage.output_tokens == 3
        assert message.content[0].type == "text"
        async with client.messages.stream(
            model=MODEL, max_tokens=3, messages=[{"role": "user", "content": "hi"}]
        ) as stream:
            text = "".join([t async for t in stream.text_stream])
            final = await stream.get_final_message()
    assert text == final.content[0].text
    assert text
    assert final.usage.output_tokens == 3
    assert final.usage.input_tokens == message.usage.input_tokens
    assert final.stop_reason == "max_tokens"
