"""The grpc.aio ExternalProcessor servicer: a thin loop around ExtProcSession.

What the pipeline leaves pending (a ``Wait``, an ``Offload``, an ``Await``) is settled by the
``PendingDriver`` the Pick API shares, then the session decides and replies.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import grpc
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc

from kinference_epp.edge.driver import PendingDriver
from kinference_epp.edge.processor import ExtProcSession


class ExternalProcessor(ep_grpc.ExternalProcessorServicer):  # type: ignore[misc]
    def __init__(
        self,
        new_session: Callable[[], ExtProcSession],
        on_stream: Callable[[int], None],
        driver: PendingDriver,
    ) -> None:
        self._new_session = new_session
        self._on_stream = on_stream
        self._driver = driver

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
                while (pending := session.pending) is not None:
                    await self._driver.settle(pending, session.state)
                    for reply in session.resume():
                        yield reply
                if session.answered:
                    break  # an ImmediateResponse ends the exchange; Envoy closes the stream
        finally:
            session.finish()
            self._on_stream(-1)
