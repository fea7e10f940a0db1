"""Fakes at Envoy's edges for the gateway tests: an ext_proc + AccessLogService + gRPC health
server that routes like the picker, and aiohttp pods that answer like vLLM (OpenAI and
Anthropic shapes, streamed and not, with usage).

Each test starts a real Envoy from ``EnvoyOptions`` between them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp
import grpc
from aiohttp import web
from envoy.config.core.v3 import base_pb2
from envoy.data.accesslog.v3 import accesslog_pb2
from envoy.service.accesslog.v3 import als_pb2, als_pb2_grpc
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc
from google.protobuf import struct_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from kinference_epp.api.wire_names import (
    DESTINATION_HEADER,
    LB_NAMESPACE,
    PROVIDER_ROUTE_HEADER,
    RESERVED_NAMESPACE,
    SCORES_HEADER,
    TENANT_HEADER,
    UPSTREAM_HEADER,
)
from kinference_epp.gateway.options import (
    EXT_PROC_HEALTH_SERVICE,
    MIB,
    BodyMode,
    EnvoyOptions,
    ProviderRoute,
)
from kinference_epp.gateway.process import EnvoyProcess, free_port

CHUNK = 62_000
TEST_ACTION = "x-test-action"
"""Request header choosing what the fake picker does (see ``FakePicker``)."""
TEST_ENDPOINTS = "x-test-endpoints"
"""Request header with the endpoint list the fake picker sends for the ``list`` action."""
TEST_SLOW = "x-test-slow"
"""Request header: seconds the fake pod waits before answering."""
TEST_RESPOND_UPSTREAM = "x-test-respond-upstream"
"""Request header: the fake pod answers with this as its own ``x-kinference-upstream`` (and
scores), as a pod that tries to name an address to the client."""
SERVED_HEADER = "x-conformance-test-served-endpoint"
BACKEND_NAME = web.AppKey("backend_name", str)
GRPC_MAX = [
    ("grpc.max_receive_message_length", 64 * MIB),
    ("grpc.max_send_message_length", 64 * MIB),
]
USAGE = {"prompt_tokens": 11, "completion_tokens": 3, "prompt_tokens_details": {"cached_tokens": 8}}
ANTHROPIC_USAGE = {"input_tokens": 11, "output_tokens": 3, "cache_read_input_tokens": 8}


def rewrite(body: bytes) -> bytes:
    """What a model rewrite looks like: same JSON, another model, other length."""
    data = json.loads(body)
    data["model"] = "rewritten-model-name"
    return json.dumps(data).encode()


def _struct(data: dict[str, Any]) -> struct_pb2.Struct:
    out = struct_pb2.Struct()
    out.update(data)
    return out


def set_headers(headers: dict[str, str]) -> ep.HeaderMutation:
    return ep.HeaderMutation(
        set_headers=[
            base_pb2.HeaderValueOption(
                header=base_pb2.HeaderValue(key=k, raw_value=v.encode()),
                append_action=base_pb2.HeaderValueOption.OVERWRITE_IF_EXISTS_OR_ADD,
            )
            for k, v in headers.items()
        ]
    )


@dataclass
class FakePicker(ep_grpc.ExternalProcessorServicer, als_pb2_grpc.AccessLogServiceServicer):  # type: ignore[misc]
    """The smallest ext_proc + AccessLogService that routes like the real picker.

    ``x-test-action`` on the request chooses: ``pool`` (default) routes to the backend,
    ``rewrite`` routes there with a new body, ``list`` sends ``x-test-endpoints`` as the
    endpoint list, ``provider`` sets only ``x-kinference-route: provider-x``, ``none`` routes
    nowhere, ``hang`` never answers, ``reject-<status>`` answers with its own error.
    """

    mode: BodyMode
    backend: str
    name: str = "picker"
    seen_headers: list[dict[str, str]] = field(default_factory=list)
    extra_headers: dict[str, str] = field(default_factory=dict)
    """Further request headers set on every routed request (as the picker's model, scores)."""
    reserved: dict[str, str] = field(default_factory=dict)
    """``kinference.reserved`` metadata set on every request routed to the pool."""
    log_entries: asyncio.Queue[accesslog_pb2.HTTPAccessLogEntry] = field(
        default_factory=asyncio.Queue
    )

    def _route_headers(
        self, action: str, headers: dict[str, str]
    ) -> tuple[dict[str, str], struct_pb2.Struct | None]:
        if action == "provider":
            return {PROVIDER_ROUTE_HEADER: "provider-x", **self.extra_headers}, None
        if action == "none":
            return {}, None
        endpoints = headers[TEST_ENDPOINTS] if action == "list" else self.backend
        meta = _struct(
            {
                LB_NAMESPACE: {DESTINATION_HEADER: endpoints},
                **({RESERVED_NAMESPACE: self.reserved} if self.reserved else {}),
            }
        )
        return {DESTINATION_HEADER: endpoints, TENANT_HEADER: "acme", **self.extra_headers}, meta

    def _buffered_reply(
        self, action: str, headers: dict[str, str], body: bytes | None
    ) -> ep.ProcessingResponse:
        """Answer in BUFFERED mode; ``body`` None means "no body, answer the headers"."""
        route, meta = self._route_headers(action, headers)
        mutation = None
        if body is not None and action == "rewrite":
            new_body = rewrite(body)
            # BUFFERED + header mode SEND keeps content-length: it must match.
            route["content-length"] = str(len(new_body))
            mutation = ep.BodyMutation(body=new_body)
        common = ep.CommonResponse(
            header_mutation=set_headers(route), body_mutation=mutation, clear_route_cache=True
        )
        if body is None:
            return ep.ProcessingResponse(
                request_headers=ep.HeadersResponse(response=common), dynamic_metadata=meta
            )
        return ep.ProcessingResponse(
            request_body=ep.BodyResponse(response=common), dynamic_metadata=meta
        )

    def _duplex_replies(
        self, action: str, headers: dict[str, str], body: bytes
    ) -> list[ep.ProcessingResponse]:
        """FULL_DUPLEX: headers response first, then the (possibly new) body in chunks."""
        route, meta = self._route_headers(action, headers)
        if action == "rewrite":
            body = rewrite(body)
        # Envoy 1.40 drops content-length in this mode (upstream gets chunked);
        # setting it is harmless and matches the reference EPP.
        route["content-length"] = str(len(body))
        replies = [
            ep.ProcessingResponse(
                request_headers=ep.HeadersResponse(
                    response=ep.CommonResponse(
                        header_mutation=set_headers(route), clear_route_cache=True
                    )
                ),
                dynamic_metadata=meta,
            )
        ]
        pieces = [body[i : i + CHUNK] for i in range(0, len(body), CHUNK)] or [b""]
        for i, piece in enumerate(pieces):
            streamed = ep.StreamedBodyResponse(body=piece, end_of_stream=i == len(pieces) - 1)
            replies.append(
                ep.ProcessingResponse(
                    request_body=ep.BodyResponse(
                        response=ep.CommonResponse(
                            body_mutation=ep.BodyMutation(streamed_response=streamed)
                        )
                    )
                )
            )
        return replies

    async def Process(
        self, request_iterator: AsyncIterator[ep.ProcessingRequest], context: Any
    ) -> AsyncIterator[ep.ProcessingResponse]:
        body = bytearray()
        action = "pool"
        headers: dict[str, str] = {}
        async for req in request_iterator:
            kind = req.WhichOneof("request")
            if kind == "request_headers":
                headers = {
                    h.key: h.raw_value.decode() or h.value
                    for h in req.request_headers.headers.headers
                }
                self.seen_headers.append(headers)
                action = headers.get(TEST_ACTION, "pool")
                if action == "hang":
                    await asyncio.Event().wait()  # cancelled when Envoy gives up on the stream
                if action.startswith("reject-"):  # the picker answers itself, like a policy
                    yield _picker_rejection(int(action.removeprefix("reject-")))
                    return
                if req.request_headers.end_of_stream:  # no body at all
                    if self.mode == "BUFFERED":
                        yield self._buffered_reply(action, headers, None)
                    else:
                        for reply in self._duplex_replies(action, headers, b""):
                            if reply.HasField("request_headers"):
                                yield reply
                elif self.mode == "BUFFERED":
                    yield ep.ProcessingResponse(request_headers=ep.HeadersResponse())
            elif kind == "request_body":
                body += req.request_body.body
                if req.request_body.end_of_stream:
                    if self.mode == "BUFFERED":
                        yield self._buffered_reply(action, headers, bytes(body))
                    else:
                        for reply in self._duplex_replies(action, headers, bytes(body)):
                            yield reply
            elif kind == "request_trailers":  # duplex, client sent trailers
                for reply in self._duplex_replies(action, headers, bytes(body)):
                    yield reply
                yield ep.ProcessingResponse(request_trailers=ep.TrailersResponse())
            elif kind == "response_headers":
                yield ep.ProcessingResponse(
                    response_headers=ep.HeadersResponse(
                        response=ep.CommonResponse(
                            header_mutation=set_headers({SERVED_HEADER: self.backend})
                        )
                    )
                )

    async def StreamAccessLogs(
        self, request_iterator: AsyncIterator[als_pb2.StreamAccessLogsMessage], context: Any
    ) -> als_pb2.StreamAccessLogsResponse:
        async for message in request_iterator:
            for entry in message.http_logs.log_entry:
                self.log_entries.put_nowait(entry)
        return als_pb2.StreamAccessLogsResponse()


PICKER_REJECTION_BODY = b'{"error": {"message": "the picker said no", "code": "policy_rejected"}}'


def _picker_rejection(status: int) -> ep.ProcessingResponse:
    """An ImmediateResponse as the picker sends one (details ``kinference_<reason>``)."""
    headers = {"content-type": "application/json", "x-kinference-reason": "policy_rejected"}
    return ep.ProcessingResponse(
        immediate_response=ep.ImmediateResponse(
            status={"code": status},
            headers=set_headers(headers),
            body=PICKER_REJECTION_BODY,
            details="kinference_policy_rejected",
        )
    )


@dataclass
class PickerServer:
    picker: FakePicker
    address: str
    health: Any
    """grpc_health's aio HealthServicer: ``await health.set(service, status)``."""

    async def set_serving(self, serving: bool) -> None:
        status = health_pb2.HealthCheckResponse
        await self.health.set(
            EXT_PROC_HEALTH_SERVICE, status.SERVING if serving else status.NOT_SERVING
        )


@asynccontextmanager
async def picker_server(picker: FakePicker) -> AsyncIterator[PickerServer]:
    """The fake picker on a loopback port, with ext_proc, access logs and gRPC health."""
    server = grpc.aio.server(options=GRPC_MAX)
    ep_grpc.add_ExternalProcessorServicer_to_server(picker, server)
    als_pb2_grpc.add_AccessLogServiceServicer_to_server(picker, server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    ps = PickerServer(picker, f"127.0.0.1:{port}", health_servicer)
    await ps.set_serving(True)
    try:
        yield ps
    finally:
        await server.stop(grace=None)


def _info(request: web.Request, raw: bytes) -> dict[str, Any]:
    return {
        "length": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "path": request.path,
        "headers": dict(request.headers),
        "endpoint_header": request.headers.get(DESTINATION_HEADER),
        "route_header": request.headers.get(PROVIDER_ROUTE_HEADER),
        "model": json.loads(raw).get("model") if raw else None,
        "name": request.app[BACKEND_NAME],
        "content_length": request.headers.get("content-length"),
        "transfer_encoding": request.headers.get("transfer-encoding"),
    }


def _sse(event: dict[str, Any], name: str | None = None) -> bytes:
    head = f"event: {name}\n" if name else ""
    return f"{head}data: {json.dumps(event)}\n\n".encode()


async def _backend_handler(request: web.Request) -> web.StreamResponse:
    raw = await request.read()
    if slow := request.headers.get(TEST_SLOW):  # a slow pod is the behaviour under test
        await asyncio.sleep(float(slow))
    info = _info(request, raw)
    anthropic = request.path.startswith("/v1/messages")
    if not (raw and json.loads(raw).get("stream")):
        usage = ANTHROPIC_USAGE if anthropic else USAGE
        own = request.headers.get(TEST_RESPOND_UPSTREAM)
        extra = {UPSTREAM_HEADER: own, SCORES_HEADER: own} if own else None
        return web.json_response({"info": info, "usage": usage}, headers=extra)
    resp = web.StreamResponse(headers={"content-type": "text/event-stream"})
    await resp.prepare(request)
    if anthropic:
        start_usage = {"input_tokens": 11, "output_tokens": 1, "cache_read_input_tokens": 8}
        first = _sse({"type": "message_start", "message": {"usage": start_usage}}, "message_start")
        events = [
            _sse({"type": "content_block_delta", "delta": {"text": t}, "info": info}, "x")
            for t in ("Hel", "lo")
        ]
        last = _sse({"type": "message_delta", "usage": {"output_tokens": 3}}, "message_delta")
        done = _sse({"type": "message_stop"}, "message_stop")
    else:
        first = _sse({"choices": [{"delta": {"role": "assistant"}}], "info": info})
        events = [_sse({"choices": [{"delta": {"content": t}}]}) for t in ("Hel", "lo")]
        last = _sse({"choices": [], "usage": USAGE})
        done = b"data: [DONE]\n\n"
    # Paced writes are the behaviour under test: Envoy sees the stream arrive in pieces.
    for event in (first, *events):
        await resp.write(event)
        await asyncio.sleep(0.02)
    # the usage event split across two writes, as a real stream may do
    await resp.write(last[:20])
    await asyncio.sleep(0.02)
    await resp.write(last[20:] + done)
    await resp.write_eof()
    return resp


@asynccontextmanager
async def backend(name: str) -> AsyncIterator[str]:
    """A fake pod on a loopback port; yields its ``ip:port``."""
    app = web.Application(client_max_size=64 * MIB)
    app[BACKEND_NAME] = name
    app.router.add_route("*", "/{tail:.*}", _backend_handler)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        await runner.cleanup()


@dataclass
class Stack:
    url: str
    picker: FakePicker
    backend: str
    envoy: EnvoyProcess
    options: EnvoyOptions


def local_options(
    opts: EnvoyOptions, pickers: tuple[str, ...], pool: tuple[str, ...]
) -> EnvoyOptions:
    """``opts`` on loopback with free ports, these pickers and pods, fast access-log flushes."""
    return replace(
        opts,
        listener_host="127.0.0.1",
        listener_port=free_port(),
        admin_port=0,
        pickers=pickers,
        pool=pool,
        access_log_flush_ms=50,
    )


@asynccontextmanager
async def stack(opts: EnvoyOptions, *, extra_pool: tuple[str, ...] = ()) -> AsyncIterator[Stack]:
    """Envoy between the fake picker, one fake pod (plus ``extra_pool``) and a provider."""
    async with backend("pool") as pod, backend("provider-x") as provider:
        picker = FakePicker(mode=opts.body_mode, backend=pod)
        async with picker_server(picker) as server:
            opts = replace(
                local_options(opts, (server.address,), (pod, *extra_pool)),
                provider_routes=(ProviderRoute("provider-x", provider),),
            )
            async with EnvoyProcess(opts) as envoy:
                yield Stack(f"http://127.0.0.1:{opts.listener_port}", picker, pod, envoy, opts)


async def post(
    url: str,
    body: dict[str, Any] | None,
    headers: dict[str, str] | None = None,
    *,
    path: str = "/v1/chat/completions",
) -> tuple[int, dict[str, str], bytes]:
    data = None if body is None else io.BytesIO(json.dumps(body).encode())  # > 1 MB: no warning
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{url}{path}",
            data=data,
            headers={"content-type": "application/json", **(headers or {})},
            timeout=aiohttp.ClientTimeout(total=60),
        ) as resp,
    ):
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, await resp.read()


async def raw_request(
    url: str, request_line: str, headers: dict[str, str], body: bytes
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request written by hand: paths sent exactly as given (no client quoting)."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    head = [request_line, "host: test", "connection: close", f"content-length: {len(body)}"]
    head += [f"{k}: {v}" for k, v in headers.items()]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    try:
        async with asyncio.timeout(30):
            data = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    head_raw, _, payload = data.partition(b"\r\n\r\n")
    lines = head_raw.decode().split("\r\n")
    status = int(lines[0].split()[1])
    got = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        got[k.strip().lower()] = v.strip()
    if got.get("transfer-encoding") == "chunked":
        payload = _dechunk(payload)
    return status, got, payload


def _dechunk(data: bytes) -> bytes:
    out = bytearray()
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        out += rest[:size]
        data = rest[size + 2 :]
    return bytes(out)


def chat(size: int = 0, *, stream: bool = False) -> dict[str, Any]:
    return {
        "model": "m",
        "stream": stream,
        "messages": [{"role": "user", "content": "x" * size or "hi"}],
    }


async def entry_for(stack: Stack, request_id: str) -> accesslog_pb2.HTTPAccessLogEntry:
    """The access-log entry of one request (others are skipped); waits up to 10 s for each."""
    while True:
        async with asyncio.timeout(10):
            entry = await stack.picker.log_entries.get()
        if entry.request.request_headers.get("x-request-id") == request_id:
            return entry
