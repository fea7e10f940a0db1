"""Builders for the ext_proc ProcessingResponse messages the picker sends, in protocol order.

Kept apart from the state machine so the order and shape of replies can be read
in one place: headers response (clear_route_cache, destination header, content-length, envoy.lb
metadata), then the body in <= 62,000-byte StreamedBodyResponse chunks in full-duplex mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.type.v3 import http_status_pb2
from google.protobuf import struct_pb2

from kinference_epp.api.error_body import error_body
from kinference_epp.api.request import ApiKind
from kinference_epp.api.wire_names import (
    DESTINATION_HEADER,
    LB_NAMESPACE,
    PICKER_DETAILS_PREFIX,
    REASON_HEADER,
    REQUEST_ID_HEADER,
)
from kinference_epp.edge.protocol import MAX_STREAMED_CHUNK
from kinference_epp.errors import KinferenceError

_OVERWRITE = base_pb2.HeaderValueOption.OVERWRITE_IF_EXISTS_OR_ADD


def _header(key: str, value: str) -> base_pb2.HeaderValueOption:
    return base_pb2.HeaderValueOption(
        header=base_pb2.HeaderValue(key=key, raw_value=value.encode()), append_action=_OVERWRITE
    )


def header_mutation(
    headers: Iterable[tuple[str, str]], remove: Sequence[str] = ()
) -> ep.HeaderMutation:
    return ep.HeaderMutation(
        set_headers=[_header(k, v) for k, v in headers], remove_headers=list(remove)
    )


def lb_metadata(destination: str) -> struct_pb2.Struct:
    """``{"envoy.lb": {"x-gateway-destination-endpoint": destination}}``; same value as the header."""
    md = struct_pb2.Struct()
    md.fields[LB_NAMESPACE].struct_value.fields[DESTINATION_HEADER].string_value = destination
    return md


def with_metadata(
    reply: ep.ProcessingResponse, namespaces: Iterable[tuple[str, Iterable[tuple[str, str]]]]
) -> ep.ProcessingResponse:
    """A copy of a routing ``reply`` (which may be a cached one) with string values added to
    its dynamic metadata, per (namespace, values); an empty one is left out."""
    out = ep.ProcessingResponse()
    out.CopyFrom(reply)
    for namespace, values in namespaces:
        if not values:
            continue
        fields = out.dynamic_metadata.fields[namespace].struct_value.fields
        for key, value in values:
            fields[key].string_value = value
    return out


def continue_request_headers() -> ep.ProcessingResponse:
    """An empty headers response: BUFFERED mode needs it before Envoy sends the body."""
    return ep.ProcessingResponse(request_headers=ep.HeadersResponse())


def process_response_body() -> pm.ProcessingMode:
    """mode_override for one request whose response the picker rewrites, chunk by chunk."""
    return pm.ProcessingMode(
        response_header_mode=pm.ProcessingMode.SEND,
        response_body_mode=pm.ProcessingMode.STREAMED,
    )


def routed_request_headers(
    destination: str,
    headers: Iterable[tuple[str, str]],
    *,
    content_length: int | None,
    remove: Sequence[str] = (),
) -> ep.ProcessingResponse:
    """The headers response that routes the request (full-duplex, or a body-less request).

    ``content_length`` is the length of the body that will follow (None: leave the header alone,
    e.g. body-less requests); it must match what we stream or Envoy truncates or hangs.
    ``remove`` names request headers to drop (a client's copies of the picker's own).
    """
    hdrs = [*_destination(destination), *headers]
    if content_length is not None:
        hdrs.append(("content-length", str(content_length)))
    reply = ep.ProcessingResponse(
        request_headers=ep.HeadersResponse(
            response=ep.CommonResponse(
                header_mutation=header_mutation(hdrs, remove), clear_route_cache=True
            )
        )
    )
    if destination:
        reply.dynamic_metadata.CopyFrom(lb_metadata(destination))
    return reply


def _destination(destination: str) -> list[tuple[str, str]]:
    """No destination: the request leaves the pool by a route its headers select."""
    return [(DESTINATION_HEADER, destination)] if destination else []


def routed_buffered_body(
    destination: str,
    headers: Iterable[tuple[str, str]],
    body: bytes | None,
    *,
    remove: Sequence[str] = (),
) -> ep.ProcessingResponse:
    """BUFFERED mode: the route travels in the body response's header mutation.

    When the body changed it is replaced whole, and content-length must be set to its new length
    (Envoy answers 500 if the client's stale value is left in place).
    """
    hdrs = [*_destination(destination), *headers]
    if body is not None:
        hdrs.append(("content-length", str(len(body))))
    common = ep.CommonResponse(
        header_mutation=header_mutation(hdrs, remove), clear_route_cache=True
    )
    if body is not None:
        common.body_mutation.body = body
    reply = ep.ProcessingResponse(request_body=ep.BodyResponse(response=common))
    if destination:
        reply.dynamic_metadata.CopyFrom(lb_metadata(destination))
    return reply


class ReplyCache:
    """The routing replies that depend only on (destination, headers), built once each.

    Most requests of a pool get one of a few replies (one per endpoint and model), and
    building one costs a dozen protobuf constructions; grpc only serialises a reply, so one
    object can answer any number of streams. Replies that carry a body, a content-length or
    anything per-request are never cached. Bounded: cleared when ``max_entries`` is reached
    (a churning key space, e.g. per-request score headers, then costs what no cache costs).
    """

    __slots__ = ("_buffered", "_continue", "_headers", "max_entries")

    def __init__(self, max_entries: int = 4096) -> None:
        self.max_entries = max_entries
        self._buffered: dict[tuple[str, tuple[tuple[str, str], ...]], ep.ProcessingResponse] = {}
        self._headers: dict[tuple[str, tuple[tuple[str, str], ...]], ep.ProcessingResponse] = {}
        self._continue = continue_request_headers()

    def continue_request_headers(self) -> ep.ProcessingResponse:
        return self._continue

    def routed_buffered_body(
        self, destination: str, headers: tuple[tuple[str, str], ...], body: bytes | None
    ) -> ep.ProcessingResponse:
        """:func:`routed_buffered_body`, shared between requests when ``body`` is None."""
        if body is not None:
            return routed_buffered_body(destination, headers, body)
        key = (destination, headers)
        reply = self._buffered.get(key)
        if reply is None:
            if len(self._buffered) >= self.max_entries:
                self._buffered.clear()
            reply = self._buffered[key] = routed_buffered_body(destination, headers, None)
        return reply

    def routed_request_headers(
        self, destination: str, headers: tuple[tuple[str, str], ...], *, content_length: int
    ) -> ep.ProcessingResponse:
        """:func:`routed_request_headers` with a content-length: a copy of the reply cached
        per (destination, headers), plus that one header (one C-level copy and one append
        instead of a dozen message constructions)."""
        key = (destination, headers)
        template = self._headers.get(key)
        if template is None:
            if len(self._headers) >= self.max_entries:
                self._headers.clear()
            template = self._headers[key] = routed_request_headers(
                destination, headers, content_length=None
            )
        reply = ep.ProcessingResponse()
        reply.CopyFrom(template)
        reply.request_headers.response.header_mutation.set_headers.append(
            _header("content-length", str(content_length))
        )
        return reply


def streamed_body(body: bytes, *, end_of_stream: bool = True) -> list[ep.ProcessingResponse]:
    """The body as StreamedBodyResponse chunks of at most 62,000 bytes, EOS on the last."""
    if len(body) <= MAX_STREAMED_CHUNK:
        return [_streamed_chunk(body, end_of_stream)]  # most bodies: one chunk, no slicing
    chunks = [body[i : i + MAX_STREAMED_CHUNK] for i in range(0, len(body), MAX_STREAMED_CHUNK)]
    last = len(chunks) - 1
    return [_streamed_chunk(chunk, end_of_stream and i == last) for i, chunk in enumerate(chunks)]


def _streamed_chunk(chunk: bytes, end_of_stream: bool) -> ep.ProcessingResponse:
    return ep.ProcessingResponse(request_body=_streamed_body(chunk, end_of_stream))


def _streamed_body(chunk: bytes, end_of_stream: bool) -> ep.BodyResponse:
    """A body response whose chunk replaces the one received (full-duplex streaming)."""
    return ep.BodyResponse(
        response=ep.CommonResponse(
            body_mutation=ep.BodyMutation(
                streamed_response=ep.StreamedBodyResponse(body=chunk, end_of_stream=end_of_stream)
            )
        )
    )


def immediate(
    status: int,
    body: bytes,
    reason: str,
    *,
    extra_headers: Iterable[tuple[str, str]] = (),
) -> ep.ProcessingResponse:
    hdrs = [("content-type", "application/json"), (REASON_HEADER, reason), *extra_headers]
    return ep.ProcessingResponse(
        immediate_response=ep.ImmediateResponse(
            status=http_status_pb2.HttpStatus(code=status),
            headers=header_mutation(hdrs),
            body=body,
            details=f"{PICKER_DETAILS_PREFIX}{reason}",
        )
    )


def error_response(
    err: KinferenceError, kind: ApiKind | None = None, *, request_id: str = ""
) -> ep.ProcessingResponse:
    """Render one of our errors as an ImmediateResponse with a JSON error body.

    OpenAI's error shape, or Anthropic's for ``/v1/messages`` so each SDK can read its errors;
    ``x-request-id`` is the picker's id of the request (as on a routed answer), when it has one.
    """
    body = error_body(kind, err)
    extra = list(err.headers)
    if request_id:
        extra.append((REQUEST_ID_HEADER, request_id))
    if err.status in (429, 503) and not any(k == "retry-after" for k, _ in extra):
        extra.append(("retry-after", "1"))
    return immediate(err.status, body, err.reason, extra_headers=extra)


def local_response(
    status: int, body: bytes, headers: Iterable[tuple[str, str]], name: str
) -> ep.ProcessingResponse:
    """An answer the picker serves itself (not an error): no reason header; the details
    (``kinference_<name>``) tell Envoy's error table it is the picker's."""
    return ep.ProcessingResponse(
        immediate_response=ep.ImmediateResponse(
            status=http_status_pb2.HttpStatus(code=status),
            headers=header_mutation(headers),
            body=body,
            details=f"kinference_{name}",
        )
    )


def response_headers(headers: Iterable[tuple[str, str]] = ()) -> ep.ProcessingResponse:
    hdrs = list(headers)
    if not hdrs:
        return ep.ProcessingResponse(response_headers=ep.HeadersResponse())
    return ep.ProcessingResponse(
        response_headers=ep.HeadersResponse(
            response=ep.CommonResponse(header_mutation=header_mutation(hdrs))
        )
    )


def response_body_passthrough() -> ep.ProcessingResponse:
    return ep.ProcessingResponse(response_body=ep.BodyResponse())


def response_body_replaced(chunk: bytes) -> ep.ProcessingResponse:
    """STREAMED response mode: this chunk becomes ``chunk`` (possibly empty) for the client."""
    return ep.ProcessingResponse(
        response_body=ep.BodyResponse(
            response=ep.CommonResponse(body_mutation=ep.BodyMutation(body=chunk))
        )
    )


def response_body_streamed(chunk: bytes, end_of_stream: bool) -> ep.ProcessingResponse:
    return ep.ProcessingResponse(response_body=_streamed_body(chunk, end_of_stream))


def trailers_continue(*, request: bool) -> ep.ProcessingResponse:
    if request:
        return ep.ProcessingResponse(request_trailers=ep.TrailersResponse())
    return ep.ProcessingResponse(response_trailers=ep.TrailersResponse())
