"""A held request wakes on the pool's changes, not on a timer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from kinference_epp.config.model import EndpointConfig, PoolConfig
from kinference_epp.edge.servicer import wait_for
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.routing.state import Wait

POD = EndpointKey("10.0.0.1:8000")


def pool() -> PoolDatastore:
    return PoolDatastore.from_config(
        PoolConfig(endpoints=[EndpointConfig(address=str(POD), models=["m"])])
    )


async def test_the_condition_is_checked_again_when_the_pool_changes() -> None:
    ds = pool()
    ds.set_ready(POD, False)
    checks: list[bool] = []

    def ready() -> bool:
        checks.append(ds.stats().ready > 0)
        return checks[-1]

    waiter = asyncio.create_task(wait_for(Wait(until=ready, max_wait_s=30.0), ds.watch))
    await asyncio.sleep(0)  # let it check once and park
    assert checks == [False]
    ds.set_ready(POD, True)  # the write wakes it; no timer involved
    async with asyncio.timeout(5.0):
        assert await waiter is True
    assert checks == [False, True]
    assert ds._watchers == []  # unwatched once done


async def test_a_wait_runs_out_when_nothing_changes() -> None:
    ds = pool()
    calls: list[int] = []

    def never() -> bool:
        calls.append(1)
        return False

    assert await wait_for(Wait(until=never, max_wait_s=0.05), ds.watch) is False
    assert len(calls) == 2  # once at the start, once at the deadline: no polling in between


async def test_a_failing_condition_counts_as_not_met() -> None:
    def broken() -> bool:
        raise RuntimeError("boom")

    def no_watch(_: Callable[[], None]) -> Callable[[], None]:
        return lambda: None

    assert await wait_for(Wait(until=broken, max_wait_s=0.01), no_watch) is False
