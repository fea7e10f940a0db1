"""Outages through the real Envoy: a dead pod is retried down the picker's fallback list, a
picker replica that reports NOT_SERVING loses its traffic to the others, and with FailOpen a
request still reaches the pool when no picker answers.
"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from gateway_fakes import (
    TEST_ACTION,
    TEST_ENDPOINTS,
    FakePicker,
    backend,
    chat,
    local_options,
    picker_server,
    post,
    stack,
)

from kinference_epp.api.wire_names import UPSTREAM_HEADER
from kinference_epp.gateway.options import PICKER_CLUSTER, BodyMode, EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from waits import eventually

pytestmark = pytest.mark.integration


def dead_address() -> str:
    return f"127.0.0.1:{free_port()}"  # nothing listens there: connections are refused


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
async def test_connect_failure_is_retried_on_the_next_fallback(mode: BodyMode) -> None:
    dead = dead_address()
    async with backend("second") as second:
        opts = EnvoyOptions(pool=("127.0.0.1:1",), body_mode=mode, debug_headers=True)
        async with stack(opts, extra_pool=(dead, second)) as s:
            for _ in range(3):
                endpoints = f"{dead},{second},{s.backend}"
                status, headers, payload = await post(
                    s.url, chat(), {TEST_ACTION: "list", TEST_ENDPOINTS: endpoints}
                )
                assert status == 200, payload[:300]
                # The first live fallback in the picker's order served it, and Envoy says so.
                assert headers[UPSTREAM_HEADER] == second
                assert json.loads(payload)["info"]["name"] == "second"


async def test_a_dead_pick_without_fallbacks_is_retried_on_another_pod() -> None:
    dead = dead_address()
    async with stack(
        EnvoyOptions(pool=("127.0.0.1:1",), debug_headers=True), extra_pool=(dead,)
    ) as s:
        for _ in range(3):
            status, headers, payload = await post(
                s.url, chat(), {TEST_ACTION: "list", TEST_ENDPOINTS: dead}
            )
            assert status == 200, payload[:300]
            assert headers[UPSTREAM_HEADER] == s.backend


async def test_fail_open_routes_to_the_pool_without_a_picker() -> None:
    async with backend("a") as a, backend("b") as b:
        opts = local_options(
            EnvoyOptions(
                pool=(a,), body_mode="BUFFERED", failure_mode="FailOpen", debug_headers=True
            ),
            (dead_address(),),
            (a, b),
        )
        async with EnvoyProcess(opts):
            url = f"http://127.0.0.1:{opts.listener_port}"
            served = []
            for _ in range(4):
                status, headers, payload = await post(url, chat())
                assert status == 200, payload[:300]
                served.append(headers[UPSTREAM_HEADER])
    assert set(served) == {a, b}  # round-robin over the pool


async def _picker_hosts_unhealthy(envoy: EnvoyProcess) -> set[str]:
    """The picker replicas Envoy's active health check has taken out, from admin /clusters."""
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"{envoy.admin_url}/clusters") as resp,
    ):
        text = await resp.text()
    out = set()
    for line in text.splitlines():
        # cluster::host::health_flags::/failed_active_hc
        cluster, host, key, flags = [*line.split("::"), "", "", ""][:4]
        if (cluster, key) == (PICKER_CLUSTER, "health_flags") and "failed_active_hc" in flags:
            out.add(host)
    return out


async def _wait_unhealthy(envoy: EnvoyProcess, expected: set[str]) -> None:
    async def marked() -> bool:
        return await _picker_hosts_unhealthy(envoy) == expected

    await eventually(
        marked, what=f"Envoy to mark {expected or 'no'} picker unhealthy", interval_s=0.1
    )


async def test_health_checks_move_traffic_off_a_not_serving_picker() -> None:
    async with backend("pod") as pod:
        first, second = FakePicker("BUFFERED", pod, "first"), FakePicker("BUFFERED", pod, "second")
        async with picker_server(first) as a, picker_server(second) as b:
            opts = local_options(
                EnvoyOptions(pool=(pod,), body_mode="BUFFERED", picker_health_check_interval_s=0.2),
                (a.address, b.address),
                (pod,),
            )
            async with EnvoyProcess(opts) as envoy:
                url = f"http://127.0.0.1:{opts.listener_port}"
                await _wait_unhealthy(envoy, set())
                await a.set_serving(False)  # the first replica starts draining
                await _wait_unhealthy(envoy, {a.address})
                before = len(first.seen_headers)
                for _ in range(6):
                    status, _, payload = await post(url, chat())
                    assert status == 200, payload[:300]
                assert len(first.seen_headers) == before  # all went to the second replica
                assert len(second.seen_headers) >= 6

                await a.set_serving(True)
                await _wait_unhealthy(envoy, set())

                async def first_serves_again() -> bool:  # round-robin includes it again
                    status, _, _ = await post(url, chat())
                    assert status == 200
                    return len(first.seen_headers) > before

                await eventually(first_serves_again, what="traffic back on the first replica")


async def test_a_stream_refused_by_a_dead_picker_opens_on_another_replica() -> None:
    """Requests that meet a replica that died (its connection refused, before health checks
    or outlier detection notice) are decided by the live one: nothing reached the dead one."""
    async with backend("pod") as pod:
        live = FakePicker("BUFFERED", pod, "live")
        async with picker_server(live) as a:
            opts = local_options(
                EnvoyOptions(pool=(pod,), body_mode="BUFFERED", picker_health_check_interval_s=0),
                (dead_address(), a.address),
                (pod,),
            )
            async with EnvoyProcess(opts):
                url = f"http://127.0.0.1:{opts.listener_port}"
                answers = await asyncio.gather(*(post(url, chat()) for _ in range(16)))
    assert [status for status, _, _ in answers] == [200] * 16
    assert len(live.seen_headers) == 16
