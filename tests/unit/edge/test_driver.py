"""The driver of a pipeline's pending outputs: a held request wakes on the pool's changes, not
on a timer; an ``Await`` is the shell's call, bounded; the loop settles until an answer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from kinference_epp.config.model import EndpointConfig, PoolConfig
from kinference_epp.edge.driver import PendingDriver, answer_of, wait_for
from kinference_epp.pipeline.runner import PipelineOutput
from kinference_epp.pipeline.state import (
    Await,
    LocalResponse,
    Offload,
    RequestState,
    Wait,
)
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey

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

    assert await wait_for(Wait(until=broken, max_wait_s=0.01), no_watch) is False


def no_watch(_: Callable[[], None]) -> Callable[[], None]:
    return lambda: None


async def test_an_await_holds_its_call_s_result_or_error() -> None:
    async def seven() -> int:
        await asyncio.sleep(0)
        return 7

    async def broken() -> int:
        raise RuntimeError("store down")

    done = await answer_of(Await(seven, max_wait_s=30.0))
    assert done.result() == 7
    failed = await answer_of(Await(broken, max_wait_s=30.0))
    assert isinstance(failed.exception(), RuntimeError)


async def test_an_await_past_its_bound_is_cancelled() -> None:
    started, never = asyncio.Event(), asyncio.Event()
    cancelled: list[bool] = []

    async def silent() -> int:
        started.set()
        try:
            await never.wait()
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        return 0

    done = await answer_of(Await(silent, max_wait_s=0.01))
    assert started.is_set()
    assert done.cancelled()
    assert cancelled == [True]  # the call itself was cancelled, not left running


class Asking:
    """A pipeline that asks for each kind of pending output once, in turn, and answers with
    what it was given back."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def run(self, state: RequestState) -> PipelineOutput:
        if state.waited is None:
            return Wait(until=lambda: True, max_wait_s=30.0)
        if state.offloaded is None:
            return Offload(lambda: "tokens")
        if state.answer is None:

            async def verdict() -> str:
                return "admitted"

            return Await(verdict, max_wait_s=30.0)
        self.seen = [state.waited, state.offloaded.result(), state.answer.result()]
        return LocalResponse(200, b"{}", "test")


async def test_the_driver_settles_each_pending_output_until_an_answer() -> None:
    pipeline = Asking()
    answer = await PendingDriver(no_watch).outcome(pipeline, RequestState())
    assert isinstance(answer, LocalResponse)
    assert pipeline.seen == [True, "tokens", "admitted"]


async def test_offloaded_work_that_fails_is_handed_back_not_raised() -> None:
    def broken() -> None:
        raise ValueError("bad prompt")

    state = RequestState()
    await PendingDriver(no_watch).settle(Offload(broken), state)
    assert state.offloaded is not None
    assert isinstance(state.offloaded.exception(), ValueError)
