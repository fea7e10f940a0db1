"""The grpc.aio ExternalProcessor servicer: a thin loop around ExtProcSession."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable

import grpc
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc

from kinference_epp.edge.processor import ExtProcSession

log = logging.getLogger(__name__)


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
                if session.answered:
                    break  # an ImmediateResponse ends the exchange; Envoy closes the stream
        finally:
            self._on_stream(-1)
