"""Flow control through real Envoy: a request the saturated pool cannot take waits in the picker
(its stream held) and is served once the pod's queue drains; a tenant with its share of the
queue taken is answered 429 at once; a request whose wait runs out is answered 429
``over_fair_share`` when a tenant of its band with less service still waits, else 503
``pool_saturated``; each with ``retry-after`` and ``x-kinference-reason``.

One simulated pod that runs one request at a time, in real time; the shed guard's TTFT bound
set so low that any request queued at the pod saturates it (once the picker has seen enough
finishes to know the pod's finish rate and a scrape shows the pod's queue).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.api.wire_names import TENANT_HEADER
from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.config.model import EppConfig, ShedConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.filters import copy_header
from kinference_epp.sim.runner import SimCluster
from kinference_epp.sim.server import PodSpec
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
DEMO_TENANT = "x-demo-tenant"
MAX_WAIT_S = 8.0


class FlowStack(LocalStack):
    """The local stack with flow control on in the picker."""

    def picker_config(self, cluster: SimCluster) -> EppConfig:
        config = super().picker_config(cluster)
        return config.model_copy(
            update={
                "flow_control": FlowControlConfig(max_wait_s=MAX_WAIT_S, max_queued_per_tenant=2)
            }
        )


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack() -> AsyncIterator[LocalStack]:
    options = StackOptions(
        pods=1,
        time_scale=1.0,
        pod_template=PodSpec(max_num_seqs=1),
        shed=ShedConfig(itl_s=0.0, ttft_s=0.001),
        identity_filters=(copy_header(DEMO_TENANT, TENANT_HEADER),),
    )
    async with FlowStack(options) as s:
        yield s


def chat(max_tokens: int) -> dict[str, Any]:
    return {
        "model": MODEL,
        "messages": [{"role": "user", "content": "hello"}],
        "max_tokens": max_tokens,
    }


async def post(
    stack: LocalStack, body: dict[str, Any], tenant: str
) -> tuple[int, dict[str, str], dict[str, Any]]:
    async with (
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as http,
        http.post(
            f"{stack.url}/v1/chat/completions", json=body, headers={DEMO_TENANT: tenant}
        ) as resp,
    ):
        headers = {k.lower(): v for k, v in resp.headers.items()}
        return resp.status, headers, json.loads(await resp.read())


def waiting_here(stack: LocalStack) -> int:
    """Requests waiting in the picker's queue."""
    assert stack.picker is not None
    assert stack.picker.flow is not None
    return len(stack.picker.flow.gate.queue)


async def saturate(stack: LocalStack, long_tokens: int) -> list[asyncio.Task[Any]]:
    """Known finish rate, then two long requests at the one-slot pod: one runs, one queues
    there; returns once a scrape shows the pod's queue."""
    assert stack.picker is not None
    inflight = stack.picker.inflight
    pod = next(iter(stack.picker.datastore.endpoints())).key

    # the finishes reach the tracker in Envoy's access-log batches: warm up until they give a
    # rate (finishes that all arrive in one batch give none yet)
    async def warm() -> float:
        for _ in range(10):
            status, _, _ = await post(stack, chat(1), "warm")
            assert status == 200
        return inflight.finish_rate(pod)

    await eventually(warm, what="a known finish rate")
    running = [
        asyncio.create_task(post(stack, chat(long_tokens), "heavy")),
        asyncio.create_task(post(stack, chat(long_tokens), "heavy")),
    ]
    datastore = stack.picker.datastore
    await eventually(lambda: datastore.aggregates()[1] >= 1, what="a scrape showing the queue")
    return running


async def test_a_waiting_request_is_served_once_the_queue_drains(stack: LocalStack) -> None:
    running = await saturate(stack, long_tokens=60)
    waiter = asyncio.create_task(post(stack, chat(2), "light"))
    await eventually(lambda: waiting_here(stack) == 1, what="the request to wait in the picker")
    status, _, body = await waiter
    assert status == 200, body
    assert body["choices"][0]["message"]["content"]
    for task in running:
        status, _, _ = await task
        assert status == 200
    assert waiting_here(stack) == 0


async def test_refusals_carry_status_reason_and_retry_after(stack: LocalStack) -> None:
    """The pool stays full past every wait. light waits, then heavy (which has had more
    service: the two long requests running), then light again; light's third is refused at
    once. light's first runs out of time while nobody waiting has had less: 503; heavy's, while
    light (less service) still waits: 429 over its share; light's second, alone: 503."""
    running = await saturate(stack, long_tokens=4000)  # busy well past the waits
    light1 = asyncio.create_task(post(stack, chat(2), "light"))
    await eventually(lambda: waiting_here(stack) == 1, what="light's first to wait")
    heavy = asyncio.create_task(post(stack, chat(2), "heavy"))
    await eventually(lambda: waiting_here(stack) == 2, what="heavy's to wait")
    light2 = asyncio.create_task(post(stack, chat(2), "light"))
    await eventually(lambda: waiting_here(stack) == 3, what="light's second to wait")
    # its tenant already has its share of the queue (two): refused at once
    status, headers, body = await post(stack, chat(2), "light")
    assert status == 429, body
    assert headers["x-kinference-reason"] == "tenant_queue_full"
    assert headers["retry-after"] == "1"
    for task, want in (
        (light1, (503, "pool_saturated")),
        (heavy, (429, "over_fair_share")),
        (light2, (503, "pool_saturated")),
    ):
        status, headers, body = await task
        assert (status, headers["x-kinference-reason"]) == want, body
        assert headers["retry-after"] == "1"
        assert body["error"]["message"]
    for t in running:
        t.cancel()
    await asyncio.gather(*running, return_exceptions=True)
