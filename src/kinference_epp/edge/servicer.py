"""The grpc.aio ExternalProcessor servicer: a thin loop around ExtProcSession.

A request the pipeline holds (a ``Wait``) is re-checked whenever the pool's state changes -
``watch`` registers a callback the datastore calls on every write - and answered when its
condition holds or its time is up; nothing polls on a timer. Work the pipeline offloads (an
``Offload``: a long prompt's tokenizing) runs on the ``Offloader``'s threads while the loop
serves other streams; without one it runs inline.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from typing import Any

import grpc
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc

from kinference_epp.edge.offload import Offloader
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.routing.state import Wait

log = logging.getLogger(__name__)

Watch = Callable[[Callable[[], None]], Callable[[], None]]
"""Registers a callback for every change of the state a ``Wait`` depends on; returns an
unregister function."""


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


class ExternalProcessor(ep_grpc.ExternalProcessorServicer):  # type: ignore[misc]
    def __init__(
        self,
        new_session: Callable[[], ExtProcSession],
        on_stream: Callable[[int], None],
        watch: Watch,
        offloader: Offloader | None = None,
    ) -> None:
        self._new_session = new_session
        self._on_stream = on_stream
        self._watch = watch
        self._offloader = offloader

    async def Process(
        self,
        request_iterator: AsyncIterator[ep.ProcessingRequest],
        context: grpc.aio.ServicerContext[ep.ProcessingRequest, ep.ProcessingResponse],
    ) -> AsyncIterator[ep.ProcessingResponse]:
        session = self._new_session()
        self._on_stream(+1)
        try:
            async for message in request_iterator:
                for reply in session.handle(message):
                    yield reply
                while session.wait is not None or session.offload is not None:
                    if session.wait is not None:
                        met = await wait_for(session.wait, self._watch)
                        replies = session.resume(met)
                    else:
                        assert session.offload is not None
                        done = await self._run(session.offload.work)
                        replies = session.resume_offloaded(done)
                    for reply in replies:
                        yield reply
                if session.answered:
                    break  # an ImmediateResponse ends the exchange; Envoy closes the stream
        finally:
            session.finish()
            self._on_stream(-1)

    async def _run(self, work: Callable[[], Any]) -> Future[Any]:
        if self._offloader is not None:
            return await self._offloader.run(work)
        done: Future[Any] = Future()
        try:
            done.set_result(work())
        except Exception as exc:
            done.set_exception(exc)
        return done
