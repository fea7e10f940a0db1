"""The one driver of a pipeline's pending outputs: ``Wait``, ``Offload`` and ``Await``.

A stage never awaits, starts a task or a thread: it returns what is to be done, and the
shell that runs the pipeline (the ext_proc servicer, the Pick API) hands that output here.
:meth:`PendingDriver.settle` does it and writes its result into the request state, and the
shell runs the pipeline again from the stage that asked:

- ``Wait``: re-checked whenever the state it depends on changes (``watch`` registers a
  callback the datastore, flow control and the shared stores call on every write) and ended
  when its condition holds or its time is up; nothing polls on a timer
  (``RequestState.waited``).
- ``Offload``: run on the ``Offloader``'s threads while the loop serves other requests;
  without one it runs inline (``RequestState.offloaded``).
- ``Await``: a round trip (to the shared limit or response store) awaited on the loop for
  at most its ``max_wait_s``; its future is cancelled when the time runs out
  (``RequestState.answer``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol

from kinference_epp.edge.offload import Offloader
from kinference_epp.pipeline.runner import Answer, PipelineOutput
from kinference_epp.pipeline.state import Await, Offload, Pending, RequestState, Wait

log = logging.getLogger(__name__)

Watch = Callable[[Callable[[], None]], Callable[[], None]]
"""Registers a callback for every change of the state a ``Wait`` depends on; returns an
unregister function."""


class PipelineRun(Protocol):
    """One pass of the request pipeline from where it stopped (``Pipeline.run``)."""

    def run(self, state: RequestState) -> PipelineOutput: ...


async def wait_for(wait: Wait, watch: Watch) -> bool:
    """True once ``wait.until()`` holds, False when ``wait.max_wait_s`` passes first.

    The condition is checked now and after each change ``watch`` reports; a condition that
    raises counts as not met (logged)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait.max_wait_s
    changed = asyncio.Event()
    unwatch = watch(changed.set)
    try:
        while True:
            try:
                if wait.until():
                    return True
            except Exception:
                log.exception("a wait condition failed; treating it as not met")
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(remaining):
                    await changed.wait()
    finally:
        unwatch()


async def answer_of(call: Await) -> Future[Any]:
    """The finished future of ``call.call()``: its result, its error, or cancelled when
    ``call.max_wait_s`` passed first. Never raises for the call's own failure."""
    done: Future[Any] = Future()
    try:
        async with asyncio.timeout(call.max_wait_s):
            done.set_result(await call.call())
    except TimeoutError:
        done.cancel()
    except Exception as exc:
        done.set_exception(exc)
    return done


class PendingDriver:
    def __init__(self, watch: Watch, offloader: Offloader | None = None) -> None:
        self._watch = watch
        self._offloader = offloader

    async def settle(self, pending: Pending, state: RequestState) -> None:
        """Do what ``pending`` asks and leave its result where its stage reads it."""
        if isinstance(pending, Wait):
            state.waited = await wait_for(pending, self._watch)
        elif isinstance(pending, Offload):
            state.offloaded = await self._offloaded(pending)
        else:
            state.answer = await answer_of(pending)

    async def outcome(self, pipeline: PipelineRun, state: RequestState) -> Answer:
        """Run ``pipeline`` over ``state``, settling what it leaves pending, until it answers
        (a decision, a local response, a rejection)."""
        while True:
            out = pipeline.run(state)
            if isinstance(out, Wait | Offload | Await):
                await self.settle(out, state)
            else:
                return out

    async def _offloaded(self, offload: Offload) -> Future[Any]:
        if self._offloader is not None:
            return await self._offloader.run(offload.work)
        done: Future[Any] = Future()
        try:
            done.set_result(offload.work())
        except Exception as exc:
            done.set_exception(exc)
        return done
