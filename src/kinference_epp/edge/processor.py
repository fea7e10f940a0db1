"""The ext_proc stream of one request as a sans-I/O state machine: messages in, replies out.

No gRPC here: the servicer feeds ``ProcessingRequest`` messages to :meth:`ExtProcSession.handle`
and sends back what it returns, so the protocol (PROTOCOLS.md §2) is tested without sockets.

Request side:
- BUFFERED / BUFFERED_PARTIAL: answer the headers at once (empty = continue); when the whole body
  is in, answer with one body response carrying the destination header, ``clear_route_cache``,
  the ``envoy.lb`` metadata and the body (only when it changed).
- FULL_DUPLEX_STREAMED: answer nothing until the body is in; then a headers response
  (destination, content-length) followed by the body in <= 62,000-byte chunks.
- A body-less request (headers with end_of_stream, or body mode NONE) is routed at the headers.
Every failure becomes an ImmediateResponse; nothing raises out of ``handle``.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import Protocol

from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from google.protobuf import struct_pb2

from kinference_epp.api.paths import api_kind_for_path
from kinference_epp.edge import replies
from kinference_epp.edge.context import Deferral, RequestContext, RoutingDecision
from kinference_epp.edge.protocol import (
    LB_NAMESPACE,
    SERVED_KEY,
    SUBSET_KEY,
    SUBSET_NAMESPACE,
    TEST_SERVED_HEADER,
)
from kinference_epp.errors import KinferenceError, PayloadTooLargeError
from kinference_epp.pool.endpoint import EndpointKey

log = logging.getLogger(__name__)

_Mode = pm.ProcessingMode.BodySendMode
NONE, STREAMED, BUFFERED = _Mode.NONE, _Mode.STREAMED, _Mode.BUFFERED
BUFFERED_PARTIAL, FULL_DUPLEX = _Mode.BUFFERED_PARTIAL, _Mode.FULL_DUPLEX_STREAMED


class Router(Protocol):
    """Decides where a request goes (the Director); raises KinferenceError to answer it itself."""

    def route(self, ctx: RequestContext) -> RoutingDecision: ...

    def rejected(self, ctx: RequestContext, err: KinferenceError) -> None:
        """Called for every request answered with an error, whoever raised it (metrics, logs)."""


class _State(enum.Enum):
    HEADERS = "awaiting request headers"
    BODY = "receiving request body"
    DEFERRED = "waiting for a policy's condition"
    ROUTED = "routed"
    DONE = "answered"


class ExtProcSession:
    """One ext_proc stream (one HTTP request)."""

    def __init__(
        self,
        router: Router,
        *,
        max_body_bytes: int,
        default_body_mode: int = FULL_DUPLEX,
        test_mode: bool = False,
        reply_cache: replies.ReplyCache | None = None,
    ) -> None:
        self._router = router
        self._replies = reply_cache if reply_cache is not None else replies.ReplyCache()
        self._max_body = max_body_bytes
        self._body_mode = default_body_mode
        self._test_mode = test_mode
        self._state = _State.HEADERS
        self.ctx = RequestContext()
        self.decision: RoutingDecision | None = None
        self.deferral: Deferral | None = None
        """Set while the request waits; the shell polls it, then calls :meth:`resume`."""
        self._emit: Callable[[RoutingDecision], list[ep.ProcessingResponse]] | None = None
        self._response_duplex = False

    @property
    def answered(self) -> bool:
        """True once the request was answered with an ImmediateResponse (the stream will end)."""
        return self._state is _State.DONE

    def handle(self, msg: ep.ProcessingRequest) -> list[ep.ProcessingResponse]:
        try:
            return self._dispatch(msg)
        except KinferenceError as err:
            return self._reject(err)
        except Exception:
            log.exception("ext_proc session failed", extra={"request_id": self.ctx.request_id})
            return self._reject(KinferenceError("internal error in the endpoint picker"))

    # -- dispatch ---------------------------------------------------------------------------

    def _dispatch(self, msg: ep.ProcessingRequest) -> list[ep.ProcessingResponse]:
        if self._state is _State.DONE:
            return []  # Envoy may still flush messages sent before it saw our immediate response
        which = msg.WhichOneof("request")
        if which == "request_headers":
            return self._on_request_headers(msg)
        if which == "request_body":
            return self._on_request_body(msg.request_body)
        if which == "request_trailers":
            return self._on_request_trailers()
        if which == "response_headers":
            return self._on_response_headers(msg)
        if which == "response_body":
            return self._on_response_body(msg.response_body)
        if which == "response_trailers":
            return [replies.trailers_continue(request=False)]
        return []

    def _on_request_headers(self, msg: ep.ProcessingRequest) -> list[ep.ProcessingResponse]:
        if self._state is not _State.HEADERS:
            raise KinferenceError("request headers received twice", reason="protocol_error")
        if msg.HasField("protocol_config"):
            self._body_mode = msg.protocol_config.request_body_mode
            self._response_duplex = msg.protocol_config.response_body_mode == FULL_DUPLEX
        ctx = self.ctx
        # Envoy sends header names lower-cased: lower() only what is not (it costs as much
        # as the rest of the copy); each field is read once (every read builds an object)
        ctx.headers.update(
            {
                (key if (key := h.key).islower() else key.lower()): (
                    raw.decode("utf-8", "replace") if (raw := h.raw_value) else h.value
                )
                for h in msg.request_headers.headers.headers
            }
        )
        ctx.subset = _subset_hint(msg.metadata_context.filter_metadata)
        declared = ctx.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self._max_body:
            raise _too_large(int(declared), self._max_body)

        if msg.request_headers.end_of_stream or self._body_mode == NONE:
            return self._route_headers_only()
        if self._body_mode == STREAMED:
            raise KinferenceError(
                "request body mode STREAMED is not supported: configure BUFFERED or "
                "FULL_DUPLEX_STREAMED on the ext_proc filter",
                reason="unsupported_body_mode",
            )
        self._state = _State.BODY
        ctx.full_duplex = self._body_mode == FULL_DUPLEX
        if self._body_mode in (BUFFERED, BUFFERED_PARTIAL):
            return [self._replies.continue_request_headers()]
        return []  # full duplex: nothing until the body is in

    def _on_request_body(self, body: ep.HttpBody) -> list[ep.ProcessingResponse]:
        if self._state is not _State.BODY:
            raise KinferenceError("request body before headers", reason="protocol_error")
        ctx = self.ctx
        buf = ctx.body
        if not buf:
            buf = body.body  # most bodies arrive whole: keep Envoy's bytes, copy nothing
        else:
            if type(buf) is not bytearray:
                buf = bytearray(buf)
            buf += body.body
        ctx.body = buf
        if len(buf) > self._max_body:
            raise _too_large(len(buf), self._max_body)
        if body.end_of_stream:
            return self._route_with_body(trailers_follow=False)
        if self._body_mode in (BUFFERED, BUFFERED_PARTIAL):
            # BUFFERED_PARTIAL sends a non-final chunk only when the body exceeds Envoy's buffer.
            raise PayloadTooLargeError(
                "request body exceeds the proxy's buffer limit", reason="body_too_large"
            )
        return []

    def _on_request_trailers(self) -> list[ep.ProcessingResponse]:
        if self._state is _State.BODY:
            return self._route_with_body(trailers_follow=True)
        return [replies.trailers_continue(request=True)]

    # -- routing ----------------------------------------------------------------------------

    def _route_headers_only(self) -> list[ep.ProcessingResponse]:
        def emit(decision: RoutingDecision) -> list[ep.ProcessingResponse]:
            return [
                replies.routed_request_headers(
                    decision.destination, decision.headers, content_length=None
                )
            ]

        return self._decide(emit)

    def _route_with_body(self, *, trailers_follow: bool) -> list[ep.ProcessingResponse]:
        if type(self.ctx.body) is bytearray:
            self.ctx.body = bytes(self.ctx.body)  # complete: one copy, then shared as is

        def emit(decision: RoutingDecision) -> list[ep.ProcessingResponse]:
            return self._body_replies(decision, trailers_follow=trailers_follow)

        out = self._decide(emit)
        if trailers_follow and self._state is _State.ROUTED:
            out.append(replies.trailers_continue(request=True))
        return out

    def _body_replies(
        self, decision: RoutingDecision, *, trailers_follow: bool
    ) -> list[ep.ProcessingResponse]:
        if self._body_mode in (BUFFERED, BUFFERED_PARTIAL):
            return [
                self._replies.routed_buffered_body(
                    decision.destination, decision.headers, decision.body
                )
            ]
        body = decision.body if decision.body is not None else bytes(self.ctx.body)
        return [
            self._replies.routed_request_headers(
                decision.destination, decision.headers, content_length=len(body)
            ),
            *replies.streamed_body(body, end_of_stream=not trailers_follow),
        ]

    def _decide(
        self, emit: Callable[[RoutingDecision], list[ep.ProcessingResponse]]
    ) -> list[ep.ProcessingResponse]:
        try:
            decision = self._router.route(self.ctx)
        except Deferral as deferral:
            self.deferral = deferral
            self._emit = emit
            self._state = _State.DEFERRED
            return []
        self.decision = decision
        self._state = _State.ROUTED
        return emit(decision)

    def resume(self, condition_met: bool) -> list[ep.ProcessingResponse]:
        """After a deferral: the condition held (or the wait ran out); reply now."""
        deferral, emit = self.deferral, self._emit
        if self._state is not _State.DEFERRED or deferral is None or emit is None:
            return []
        self.deferral = None
        try:
            decision = deferral.resume(condition_met)
            self.decision = decision
            self._state = _State.ROUTED
            return emit(decision)
        except KinferenceError as err:
            return self._reject(err)
        except Exception:
            log.exception("resuming a deferred request failed")
            return self._reject(KinferenceError("internal error in the endpoint picker"))

    def _reject(self, err: KinferenceError) -> list[ep.ProcessingResponse]:
        if self._state is _State.DONE:
            return []
        self._state = _State.DONE
        try:
            self._router.rejected(self.ctx, err)
        except Exception:
            log.exception("recording a rejection failed")
        return [replies.error_response(err, api_kind_for_path(self.ctx.path))]

    # -- response side (only when Envoy is configured, or asked, to send it) -----------------

    def _on_response_headers(self, msg: ep.ProcessingRequest) -> list[ep.ProcessingResponse]:
        extra: list[tuple[str, str]] = []
        if self._test_mode:
            served = _served_endpoint(msg.metadata_context.filter_metadata)
            if served is None and self.decision is not None:
                served = self.decision.endpoints[0]
            if served:
                extra.append((TEST_SERVED_HEADER, served))
        reply = replies.response_headers(extra)
        if self.decision is not None and self.decision.response is not None:
            # Envoy 1.40 honours mode_override only in a headers response, and not at all when
            # the request body is FULL_DUPLEX_STREAMED; see deploy/envoy/README.md.
            reply.mode_override.CopyFrom(replies.process_response_body())
        return [reply]

    def _on_response_body(self, body: ep.HttpBody) -> list[ep.ProcessingResponse]:
        transform = self.decision.response if self.decision is not None else None
        if transform is not None:
            return [replies.response_body_replaced(transform.feed(body.body, body.end_of_stream))]
        if self._response_duplex:
            return [replies.response_body_streamed(body.body, body.end_of_stream)]
        return [replies.response_body_passthrough()]


def _too_large(size: int, limit: int) -> PayloadTooLargeError:
    return PayloadTooLargeError(
        f"request body of {size} bytes exceeds the limit of {limit} bytes", param="body"
    )


def _subset_hint(filter_metadata: dict[str, struct_pb2.Struct]) -> frozenset[EndpointKey] | None:
    if SUBSET_NAMESPACE not in filter_metadata:
        return None
    fields = filter_metadata[SUBSET_NAMESPACE].fields
    if SUBSET_KEY not in fields:
        return None
    value = fields[SUBSET_KEY]
    kind = value.WhichOneof("kind")
    items: list[str] = []
    if kind == "list_value":
        for v in value.list_value.values:
            if v.WhichOneof("kind") == "string_value":
                items.extend(v.string_value.split(","))
    elif kind == "string_value":
        items = value.string_value.split(",")
    return frozenset(EndpointKey(s.strip()) for s in items if s.strip())


def _served_endpoint(filter_metadata: dict[str, struct_pb2.Struct]) -> str | None:
    if LB_NAMESPACE not in filter_metadata:
        return None
    fields = filter_metadata[LB_NAMESPACE].fields
    if SERVED_KEY in fields and fields[SERVED_KEY].WhichOneof("kind") == "string_value":
        return fields[SERVED_KEY].string_value or None
    return None
