"""Precise prefix routing, live: Envoy → picker (KV events from every pod) → simulated pods.

Requests sharing a long prefix follow the pod that holds it; once the pod evicts it
(BlockRemoved), the picker stops counting it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.pool.endpoint import EndpointKey
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack() -> AsyncIterator[LocalStack]:
    # Small caches so that eviction is easy to provoke; 3 pods so a wrong pick is visible.
    options = StackOptions(pods=3, router="precise-prefix", num_gpu_blocks=400, score_header=True)
    async with LocalStack(options) as s:
        yield s


def body(prefix: str, question: str) -> dict[str, Any]:
    return {
        "model": MODEL,
        "messages": [{"role": "system", "content": prefix}, {"role": "user", "content": question}],
        "max_tokens": 2,
    }


async def send(stack: LocalStack, payload: dict[str, Any]) -> str:
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{stack.url}/v1/chat/completions", json=payload) as resp,
    ):
        assert resp.status == 200, await resp.text()
        await resp.read()
        # opt-in visibility: every endpoint's score for this decision, echoed by Envoy
        scores = dict(item.split("=") for item in resp.headers["x-kinference-scores"].split(","))
        assert len(scores) == 3
        return resp.headers["x-kinference-upstream"]


def held_blocks(stack: LocalStack, payload: dict[str, Any], endpoint: str) -> int:
    assert stack.picker is not None
    request = parse_request(ApiKind.CHAT, json.dumps(payload).encode())
    _, hashes = stack.picker.hasher.hash(request)
    index = stack.picker.prefix_index
    gpu, _ = index.match(hashes).for_slots(index.slots_for([EndpointKey(endpoint)]))
    return int(gpu[0])


async def test_siblings_follow_the_cached_prefix(stack: LocalStack) -> None:
    prefix = "You are a meticulous assistant for the shipping team. " * 40
    first = body(prefix, "Where is order 1?")
    home = await send(stack, first)
    await eventually(
        lambda: held_blocks(stack, first, home) > 20, what="the first prompt's KV events"
    )
    served = [await send(stack, body(prefix, f"Where is order {i}?")) for i in range(2, 8)]
    assert served == [home] * 6
    # The picker predicted those hits, and the pod reported them (vLLM's cached_tokens). The
    # access log arrives in batches (the first request, with no hit, may come alone), so wait
    # for a report of a hit rather than for the series to exist.

    async def reported_hits() -> dict[str, float] | None:
        async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
            text = await resp.text()
        hits = {
            line.split("{")[1].split("}")[0]: float(line.rsplit(" ", 1)[1])
            for line in text.splitlines()
            if line.startswith("kinference_prefix_hit_tokens_total{")
        }
        return hits if hits.get('source="reported"', 0.0) > 0 else None

    hits = await eventually(reported_hits, what="a reported prefix hit", interval_s=0.1)
    assert hits['source="predicted"'] > 0
    assert hits['source="reported"'] > 0


async def test_evicted_prefix_is_no_longer_credited(stack: LocalStack) -> None:
    prefix = "Summarise the quarterly report for the finance department please. " * 30
    first = body(prefix, "Go.")
    home = await send(stack, first)
    await eventually(lambda: held_blocks(stack, first, home) > 10, what="the prefix's KV events")
    # Fill that pod's small cache with other prompts (sent to it directly, bypassing the
    # picker) so the prefix's blocks are evicted and the pod publishes BlockRemoved.
    async with aiohttp.ClientSession() as http:
        for i in range(8):
            filler = body(f"Unrelated filler document number {i}. " * 150, "Go.")
            async with http.post(f"http://{home}/v1/chat/completions", json=filler) as resp:
                assert resp.status == 200
                await resp.read()
    await eventually(
        lambda: held_blocks(stack, first, home) == 0, what="BlockRemoved for the prefix"
    )
    assert held_blocks(stack, first, home) == 0
    assert stack.cluster is not None
    assert await send(stack, first) in {a.hostport for a in stack.cluster.addresses}
