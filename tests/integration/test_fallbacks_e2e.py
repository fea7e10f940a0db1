"""Ordered fallbacks through Envoy's override_host policy: a dead pick is retried down the list."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.demo.stack import LocalStack, StackOptions

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
UPSTREAM = "x-kinference-upstream"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack() -> AsyncIterator[LocalStack]:
    async with LocalStack(
        StackOptions(pods=3, fallbacks=2, router="round-robin", test_mode=True)
    ) as s:
        yield s


def body() -> dict[str, object]:
    return {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}


async def test_primary_is_used_when_alive(stack: LocalStack) -> None:
    assert stack.cluster is not None
    addrs = [a.hostport for a in stack.cluster.addresses]
    async with aiohttp.ClientSession() as http:
        seen = []
        for _ in range(6):
            async with http.post(f"{stack.url}/v1/chat/completions", json=body()) as resp:
                assert resp.status == 200
                seen.append(resp.headers[UPSTREAM])
    assert sorted(set(seen)) == sorted(addrs)  # round-robin over all three primaries
    assert all(seen.count(a) == 2 for a in addrs)


async def test_dead_primary_falls_back_in_order(stack: LocalStack) -> None:
    assert stack.cluster is not None
    dead = stack.cluster.pods[0]
    dead_addr = stack.cluster.addresses[0].hostport
    others = [a.hostport for a in stack.cluster.addresses[1:]]
    await dead.close()  # the pod's HTTP port now refuses connections
    async with aiohttp.ClientSession() as http:
        headers = {"test-epp-endpoint-selection": ",".join([dead_addr, *others])}
        for _ in range(3):
            async with http.post(
                f"{stack.url}/v1/chat/completions", json=body(), headers=headers
            ) as resp:
                assert resp.status == 200, await resp.text()
                # The first fallback in the picker's order served it, and Envoy says so.
                assert resp.headers[UPSTREAM] == others[0]
