"""The background loop every watcher, sweeper and flusher runs on."""

from __future__ import annotations

import asyncio

import pytest

from kinference_epp.periodic import Periodic
from waits import eventually


async def test_steps_run_until_stopped_and_a_failing_step_does_not_end_the_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    calls: list[int] = []

    def step() -> None:
        calls.append(len(calls))
        if len(calls) == 2:
            raise RuntimeError("a bad pass")

    loop = Periodic(step, interval_s=0.001, failure="stepping failed")
    await loop.start()
    await eventually(lambda: len(calls) >= 4, what="steps after the failing one")
    await loop.stop()
    after_stop = len(calls)
    await asyncio.sleep(0.01)
    assert len(calls) == after_stop
    assert "stepping failed" in caplog.text
    assert "a bad pass" in caplog.text


async def test_an_async_step_is_awaited_and_stop_cancels_it() -> None:
    finished = 0
    started = asyncio.Event()

    async def step() -> None:
        nonlocal finished
        started.set()
        await asyncio.sleep(3600)
        finished += 1

    loop = Periodic(step, interval_s=0.001, failure="stepping failed")
    await loop.start()
    await started.wait()
    await loop.stop()
    assert finished == 0
    await loop.stop()  # stopping twice is harmless
