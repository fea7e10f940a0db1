"""The grpc.aio ExternalProcessor servicer: a thin loop around ExtProcSession."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable

import grpc
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc

from kinference_epp.edge.processor import ExtProcSession

log = logging.getLogger(__name__)


async def wait_until(
    condition: Callable[[], bool], max_wait_s: float, poll_s: float = 0.05
) -> bool:
    """Poll ``condition`` until it holds (True) or ``max_wait_s`` passes (False)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_wait_s
    while True:
        try:
            if condition():
                return True
        except Exception:
            log.exception("a deferral condition failed; treating it as not met")
        remaining = deadline - loop.time()
        if remaining <= 0:
            return False
        await asyncio.sleep(min(poll_s, remaining))


class ExternalProcessor(ep_grpc.ExternalProcessorServicer):  # type: ignore[misc]
    def __init__(
        self, new_session: Callable[[], ExtProcSession], on_stream: Callable[[int], None]
    ) -> None:
        self._new_session = new_session
        self._on_stream = on_stream

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
                if session.deferral is not None:
                    met = await wait_until(session.deferral.until, session.deferral.max_wait_s)
                    for reply in session.resume(met):
                        yield reply
                if session.answered:
                    break  # an ImmediateResponse ends the exchange; Envoy closes the stream
        finally:
            self._on_stream(-1)
