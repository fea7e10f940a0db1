"""The picker keeps routing while a pod dies: its metrics go stale and traffic moves away."""

from __future__ import annotations

import aiohttp
import pytest

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.pool.endpoint import EndpointKey
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

BODY = {"model": "qwen3-0.6b", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}


async def test_dead_pod_is_routed_around_once_stale() -> None:
    options = StackOptions(
        pods=3, scrape=ScrapeConfig(interval_s=0.05, timeout_s=0.2, stale_after_s=0.5)
    )
    async with LocalStack(options) as stack, aiohttp.ClientSession() as http:
        assert stack.cluster is not None
        assert stack.picker is not None
        dead = stack.cluster.addresses[0].hostport
        await stack.cluster.pods[0].close()
        ds = stack.picker.datastore
        await eventually(lambda: ds.is_stale(EndpointKey(dead)), what="the dead pod to go stale")
        served = []
        for _ in range(12):
            async with http.post(f"{stack.url}/v1/chat/completions", json=BODY) as resp:
                assert resp.status == 200, await resp.text()
                served.append(resp.headers["x-kinference-upstream"])
        others = {a.hostport for a in stack.cluster.addresses[1:]}
        assert set(served) <= others
        # The picker counted the failed scrapes instead of crashing on them.
        async with http.get(stack.metrics_url) as resp:
            text = await resp.text()
        assert f'kinference_metrics_scrape_errors_total{{endpoint="{dead}"}}' in text
