"""The floor: the least an ext_proc endpoint picker in Python can do per request.

    .venv/bin/python benchmarks/noop_picker.py --port 9002 --endpoints 10.0.0.1:8000,10.0.0.2:8000

A grpc.aio + uvloop ``ExternalProcessor`` that assembles the request body, reads ``model`` out
of the JSON with msgspec, round-robins over ``--endpoints`` and answers in the same protocol
shapes as the real picker (``kinference_epp.edge.replies`` / ``edge.processor``):

- BUFFERED: an empty headers response at once; when the body is in, one body response with the
  destination header in its ``header_mutation``, ``clear_route_cache`` and the ``envoy.lb``
  metadata.
- FULL_DUPLEX_STREAMED: nothing until the body is in; then a headers response (destination,
  ``content-length``, ``clear_route_cache``, metadata) and the body echoed back in
  <= 62,000-byte ``StreamedBodyResponse`` chunks, ``end_of_stream`` on the last.
- A body-less request is routed at its headers.

No scheduler, no metrics, no access-log service, no validation beyond "is it JSON with a
model": whatever the real picker costs above this is the price of its features. Deliberately
self-contained (imports nothing from ``kinference_epp``) so it stays a fixed reference.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import signal
from collections.abc import AsyncIterator, Iterator

import grpc
import msgspec
import uvloop
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc
from envoy.type.v3 import http_status_pb2
from google.protobuf import struct_pb2

DESTINATION_HEADER = "x-gateway-destination-endpoint"
LB_NAMESPACE = "envoy.lb"
MAX_CHUNK = 62_000
MAX_MESSAGE = 64 * 1024 * 1024
_OVERWRITE = base_pb2.HeaderValueOption.OVERWRITE_IF_EXISTS_OR_ADD
_BUFFERED = (pm.ProcessingMode.BUFFERED, pm.ProcessingMode.BUFFERED_PARTIAL)
_NONE = pm.ProcessingMode.NONE
_FULL_DUPLEX = pm.ProcessingMode.FULL_DUPLEX_STREAMED


class _Peek(msgspec.Struct):
    model: str | None = None


_decode = msgspec.json.Decoder(_Peek).decode


def _mutation(headers: list[tuple[str, str]]) -> ep.HeaderMutation:
    return ep.HeaderMutation(
        set_headers=[
            base_pb2.HeaderValueOption(
                header=base_pb2.HeaderValue(key=k, raw_value=v.encode()), append_action=_OVERWRITE
            )
            for k, v in headers
        ]
    )


def _metadata(destination: str) -> struct_pb2.Struct:
    md = struct_pb2.Struct()
    md.fields[LB_NAMESPACE].struct_value.fields[DESTINATION_HEADER].string_value = destination
    return md


def _bad_request(message: str) -> ep.ProcessingResponse:
    return ep.ProcessingResponse(
        immediate_response=ep.ImmediateResponse(
            status=http_status_pb2.HttpStatus(code=400),  # type: ignore[arg-type]
            body=msgspec.json.encode({"error": {"message": message, "code": 400}}),
            details="noop_bad_request",
        )
    )


class NoopProcessor(ep_grpc.ExternalProcessorServicer):  # type: ignore[misc]
    def __init__(self, endpoints: list[str]) -> None:
        self._next: Iterator[str] = itertools.cycle(endpoints)

    def _pick(self, body: bytes | bytearray) -> str | None:
        """The next endpoint, or None when the body is not a JSON object naming a model."""
        if body:
            try:
                if not _decode(body).model:
                    return None
            except (msgspec.DecodeError, msgspec.ValidationError):
                return None
        return next(self._next)

    async def Process(
        self,
        request_iterator: AsyncIterator[ep.ProcessingRequest],
        context: grpc.aio.ServicerContext[ep.ProcessingRequest, ep.ProcessingResponse],
    ) -> AsyncIterator[ep.ProcessingResponse]:
        mode = _FULL_DUPLEX
        body = bytearray()
        async for msg in request_iterator:
            which = msg.WhichOneof("request")
            if which == "request_headers":
                if msg.HasField("protocol_config"):
                    mode = msg.protocol_config.request_body_mode
                if msg.request_headers.end_of_stream or mode == _NONE:
                    dest = self._pick(b"")
                    assert dest is not None
                    yield ep.ProcessingResponse(
                        request_headers=ep.HeadersResponse(
                            response=ep.CommonResponse(
                                header_mutation=_mutation([(DESTINATION_HEADER, dest)]),
                                clear_route_cache=True,
                            )
                        ),
                        dynamic_metadata=_metadata(dest),
                    )
                elif mode in _BUFFERED:
                    yield ep.ProcessingResponse(request_headers=ep.HeadersResponse())
            elif which == "request_body":
                body += msg.request_body.body
                if not msg.request_body.end_of_stream:
                    continue
                dest = self._pick(body)
                if dest is None:
                    yield _bad_request("the body must be a JSON object with a model")
                    return
                if mode in _BUFFERED:
                    yield ep.ProcessingResponse(
                        request_body=ep.BodyResponse(
                            response=ep.CommonResponse(
                                header_mutation=_mutation([(DESTINATION_HEADER, dest)]),
                                clear_route_cache=True,
                            )
                        ),
                        dynamic_metadata=_metadata(dest),
                    )
                    continue
                yield ep.ProcessingResponse(
                    request_headers=ep.HeadersResponse(
                        response=ep.CommonResponse(
                            header_mutation=_mutation(
                                [(DESTINATION_HEADER, dest), ("content-length", str(len(body)))]
                            ),
                            clear_route_cache=True,
                        )
                    ),
                    dynamic_metadata=_metadata(dest),
                )
                data = bytes(body)
                last = max(len(data) - 1, 0) // MAX_CHUNK
                for i in range(last + 1):
                    yield ep.ProcessingResponse(
                        request_body=ep.BodyResponse(
                            response=ep.CommonResponse(
                                body_mutation=ep.BodyMutation(
                                    streamed_response=ep.StreamedBodyResponse(
                                        body=data[i * MAX_CHUNK : (i + 1) * MAX_CHUNK],
                                        end_of_stream=i == last,
                                    )
                                )
                            )
                        )
                    )
            elif which == "request_trailers":
                yield ep.ProcessingResponse(request_trailers=ep.TrailersResponse())
            elif which == "response_headers":
                yield ep.ProcessingResponse(response_headers=ep.HeadersResponse())
            elif which == "response_body":
                yield ep.ProcessingResponse(response_body=ep.BodyResponse())
            elif which == "response_trailers":
                yield ep.ProcessingResponse(response_trailers=ep.TrailersResponse())


async def start_server(host: str, port: int, endpoints: list[str]) -> tuple[grpc.aio.Server, int]:
    """Start the no-op picker; returns the server and its bound port (``port=0``: any)."""
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE),
            ("grpc.max_send_message_length", MAX_MESSAGE),
            ("grpc.so_reuseport", 0),
        ]
    )
    ep_grpc.add_ExternalProcessorServicer_to_server(NoopProcessor(endpoints), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    return server, bound


async def _serve(host: str, port: int, endpoints: list[str]) -> None:
    server, bound = await start_server(host, port, endpoints)
    print(f"noop picker listening on {host}:{bound} -> {','.join(endpoints)}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop(1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9002)
    parser.add_argument("--endpoints", required=True, help="comma-separated ip:port list")
    args = parser.parse_args()
    endpoints = [e.strip() for e in args.endpoints.split(",") if e.strip()]
    if not endpoints:
        parser.error("--endpoints is empty")
    uvloop.run(_serve(args.host, args.port, endpoints))


if __name__ == "__main__":
    main()
