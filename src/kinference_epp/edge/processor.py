"""The ext_proc stream of one request as a sans-I/O state machine: messages in, replies out.

No gRPC here: the servicer feeds ``ProcessingRequest`` messages to :meth:`ExtProcSession.handle`
and sends back what it returns, so the protocol is tested without sockets.

Request side:
- BUFFERED / BUFFERED_PARTIAL: answer the headers at once (empty = continue); when the whole body
  is in, answer with one body response carrying the destination header, ``clear_route_cache``,
  the ``envoy.lb`` metadata and the body (only when it changed).
- FULL_DUPLEX_STREAMED: answer nothing until the body is in; then a headers response
  (destination, content-length) followed by the body in <= 62,000-byte chunks.
- A body-less request (headers with end_of_stream, or body mode NONE) is routed at the headers.
- When a body follows, the pipeline screens the headers first (path, method, content type, the
  API key), so a request it will not route is answered before its body is read; what Envoy
  still streams of it afterwards is dropped unread.
Every failure becomes an ImmediateResponse; nothing raises out of ``handle``. A pending
output of the pipeline (a ``Wait``, an ``Offload``, an ``Await``) is left to the shell
(:attr:`ExtProcSession.pending`), which settles it into the request state (``edge.driver``)
and calls :meth:`ExtProcSession.resume`.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable
from typing import Protocol

from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from google.protobuf import struct_pb2

from kinference_epp.api.paths import error_kind_for_path
from kinference_epp.api.wire_names import (
    LB_NAMESPACE,
    MODEL_KEY,
    RATELIMIT_NAMESPACE,
    REQUEST_ID_HEADER,
    REQUEST_ID_KEY,
    RESERVED_NAMESPACE,
    SERVED_KEY,
    SERVED_MISSING,
    SUBSET_KEY,
    SUBSET_NAMESPACE,
    TEST_SERVED_HEADER,
    UPSTREAM_HEADER,
)
from kinference_epp.edge import replies
from kinference_epp.edge.usage_tap import UsageTap
from kinference_epp.errors import KinferenceError, PayloadTooLargeError
from kinference_epp.pipeline.runner import PipelineOutput, Rejection
from kinference_epp.pipeline.state import (
    Await,
    LocalResponse,
    Offload,
    Pending,
    RequestState,
    RoutingDecision,
    Wait,
)
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.endpoint import EndpointKey

log = logging.getLogger(__name__)

_Mode = pm.ProcessingMode.BodySendMode
NONE, STREAMED, BUFFERED = _Mode.NONE, _Mode.STREAMED, _Mode.BUFFERED
BUFFERED_PARTIAL, FULL_DUPLEX = _Mode.BUFFERED_PARTIAL, _Mode.FULL_DUPLEX_STREAMED


class RequestPipeline(Protocol):
    """Decides what becomes of an assembled request (``pipeline.runner.Pipeline``)."""

    def screen(self, state: RequestState) -> Rejection | LocalResponse | None:
        """Runs the stages that need only the headers, before the body arrives."""
        ...

    def run(self, state: RequestState) -> PipelineOutput: ...

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        """Counts and logs an error the session answers itself (protocol errors, sizes)."""
        ...


class _State(enum.Enum):
    HEADERS = "awaiting request headers"
    BODY = "receiving request body"
    PENDING = "waiting for the shell to settle a stage's pending output"
    ROUTED = "routed"
    DONE = "answered"


class ExtProcSession:
    """One ext_proc stream (one HTTP request)."""

    def __init__(
        self,
        pipeline: RequestPipeline,
        *,
        max_body_bytes: int,
        default_body_mode: int = FULL_DUPLEX,
        test_mode: bool = False,
        reply_cache: replies.ReplyCache | None = None,
        usage_sink: Callable[[UsageRecord], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``usage_sink``: read each routed request's usage from its response phase and hand
        it there (``usage.source: response_body``, see ``edge.usage_tap``)."""
        self._pipeline = pipeline
        self._replies = reply_cache if reply_cache is not None else replies.ReplyCache()
        self._max_body = max_body_bytes
        self._body_mode = default_body_mode
        self._test_mode = test_mode
        self._state = _State.HEADERS
        self.state = RequestState()
        self.decision: RoutingDecision | None = None
        self.pending: Pending | None = None
        """Set while the request waits on a ``Wait``, an ``Offload`` or an ``Await``; the
        shell settles it into :attr:`state`, then calls :meth:`resume`."""
        self._chunks: list[bytes] = []
        """The body's chunks so far, joined once when the body is in (one copy of a body that
        came in pieces, however many)."""
        self._body_bytes = 0
        self._with_body = False
        """Whether the routing reply carries the body (else it answers the headers)."""
        self._trailers_follow = False
        self._response_duplex = False
        self._usage_sink = usage_sink
        self._clock = clock
        self._start_s = 0.0
        self.usage_tap: UsageTap | None = None
        """Set once a request is routed when usage is read from the response phase."""

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
            log.exception("ext_proc session failed", extra={"request_id": self.state.request_id})
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
            if self.usage_tap is not None:
                self.usage_tap.finish()
            return [replies.trailers_continue(request=False)]
        return []

    def _on_request_headers(self, msg: ep.ProcessingRequest) -> list[ep.ProcessingResponse]:
        if self._state is not _State.HEADERS:
            raise KinferenceError("request headers received twice", reason="protocol_error")
        if self._usage_sink is not None:
            self._start_s = self._clock()
        if msg.HasField("protocol_config"):
            self._body_mode = msg.protocol_config.request_body_mode
            self._response_duplex = msg.protocol_config.response_body_mode == FULL_DUPLEX
        state = self.state
        # Envoy sends header names lower-cased: lower() only what is not (it costs as much
        # as the rest of the copy); each field is read once (every read builds an object)
        state.headers.update(
            {
                (key if (key := h.key).islower() else key.lower()): (
                    raw.decode("utf-8", "replace") if (raw := h.raw_value) else h.value
                )
                for h in msg.request_headers.headers.headers
            }
        )
        state.subset = _subset_hint(msg.metadata_context.filter_metadata)
        declared = state.headers.get("content-length", "")
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
        state.body_follows = True
        screened = self._pipeline.screen(state)
        if screened is not None:
            if isinstance(screened, Rejection):
                return self._answer(screened.error)
            return self._answer_locally(screened)
        self._state = _State.BODY
        state.full_duplex = self._body_mode == FULL_DUPLEX
        if self._body_mode in (BUFFERED, BUFFERED_PARTIAL):
            return [self._replies.continue_request_headers()]
        return []  # full duplex: nothing until the body is in

    def _on_request_body(self, body: ep.HttpBody) -> list[ep.ProcessingResponse]:
        if self._state is not _State.BODY:
            raise KinferenceError("request body before headers", reason="protocol_error")
        chunk = body.body  # read once: each read of a protobuf bytes field is a new copy
        if chunk:
            self._chunks.append(chunk)
            self._body_bytes += len(chunk)
        if self._body_bytes > self._max_body:
            raise _too_large(self._body_bytes, self._max_body)
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
        return self._decide()

    def _route_with_body(self, *, trailers_follow: bool) -> list[ep.ProcessingResponse]:
        chunks, self._chunks = self._chunks, []
        # most bodies arrive whole: keep Envoy's bytes, copy nothing
        self.state.body = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        self._with_body = True
        self._trailers_follow = trailers_follow
        return self._decide()

    def _decide(self) -> list[ep.ProcessingResponse]:
        outcome = self._pipeline.run(self.state)
        if type(outcome) is not RoutingDecision:
            return self._not_routed(outcome)
        self.decision = outcome
        self._state = _State.ROUTED
        if self._usage_sink is not None:
            state = self.state
            self.usage_tap = UsageTap(
                outcome,
                state.request_id,
                state.client_request_id,
                self._start_s,
                self._usage_sink,
                self._clock,
            )
        if not self._with_body:
            out = [
                replies.routed_request_headers(
                    outcome.destination,
                    outcome.headers,
                    content_length=None,
                    remove=outcome.remove_headers,
                )
            ]
        else:
            out = self._body_replies(outcome)
            if self._trailers_follow:
                out.append(replies.trailers_continue(request=True))
        reserved = outcome.reserved
        if outcome.request_id:
            reserved = (*reserved, (REQUEST_ID_KEY, outcome.request_id))
        if outcome.target_model:  # for the access log: Envoy removes the model header upstream
            reserved = (*reserved, (MODEL_KEY, outcome.target_model))
        if outcome.metadata or reserved:
            out[0] = replies.with_metadata(
                out[0], ((RATELIMIT_NAMESPACE, outcome.metadata), (RESERVED_NAMESPACE, reserved))
            )
        return out

    def _not_routed(self, outcome: PipelineOutput) -> list[ep.ProcessingResponse]:
        if isinstance(outcome, Wait | Offload | Await):
            self.pending = outcome
            self._state = _State.PENDING
            return []
        if isinstance(outcome, LocalResponse):
            return self._answer_locally(outcome)
        assert isinstance(outcome, Rejection)
        return self._answer(outcome.error)

    def _body_replies(self, decision: RoutingDecision) -> list[ep.ProcessingResponse]:
        remove = decision.remove_headers
        if self._body_mode in (BUFFERED, BUFFERED_PARTIAL):
            if remove:
                return [
                    replies.routed_buffered_body(
                        decision.destination, decision.headers, decision.body, remove=remove
                    )
                ]
            return [
                self._replies.routed_buffered_body(
                    decision.destination, decision.headers, decision.body
                )
            ]
        body = decision.body if decision.body is not None else bytes(self.state.body)
        if remove:
            head = replies.routed_request_headers(
                decision.destination, decision.headers, content_length=len(body), remove=remove
            )
        else:
            head = self._replies.routed_request_headers(
                decision.destination, decision.headers, content_length=len(body)
            )
        return [head, *replies.streamed_body(body, end_of_stream=not self._trailers_follow)]

    def resume(self) -> list[ep.ProcessingResponse]:
        """After the shell settled :attr:`pending` into the state: decide and reply now."""
        if self._state is not _State.PENDING:
            return []
        self.pending = None
        try:
            return self._decide()
        except Exception:
            log.exception("resuming a pending request failed")
            return self._reject(KinferenceError("internal error in the endpoint picker"))

    def _reject(self, err: KinferenceError) -> list[ep.ProcessingResponse]:
        """An error the session itself raised: counted by the pipeline, then answered."""
        if self._state is _State.DONE:
            return []
        try:
            self._pipeline.reject(self.state, err)
        except Exception:
            log.exception("recording a rejection failed")
        return self._answer(err)

    def _answer(self, err: KinferenceError) -> list[ep.ProcessingResponse]:
        self._state = _State.DONE
        kind = error_kind_for_path(self.state.path)
        return [replies.error_response(err, kind, request_id=self.state.request_id)]

    def _answer_locally(self, response: LocalResponse) -> list[ep.ProcessingResponse]:
        self._state = _State.DONE
        headers = response.headers
        if self.state.request_id:  # the picker's id, as on every routed answer
            headers = (*headers, (REQUEST_ID_HEADER, self.state.request_id))
        return [replies.local_response(response.status, response.body, headers, response.name)]

    # -- response side (only when Envoy is configured, or asked, to send it) -----------------

    def _on_response_headers(self, msg: ep.ProcessingRequest) -> list[ep.ProcessingResponse]:
        extra: list[tuple[str, str]] = []
        if self._test_mode:
            # As GIE's conformance EPP: only the gateway's own report counts, never our pick,
            # so a gateway that routes elsewhere or reports nothing fails the check.
            served = _served_endpoint(msg.metadata_context.filter_metadata) or _upstream_header(
                msg.response_headers
            )
            extra.append((TEST_SERVED_HEADER, served or SERVED_MISSING))
        reply = replies.response_headers(extra)
        tap = self.usage_tap
        if tap is not None:
            tap.headers(*_status_and_type(msg.response_headers))
            if msg.response_headers.end_of_stream:
                tap.finish()
        if self.decision is not None and (
            self.decision.response is not None
            or (tap is not None and not self._response_duplex and not tap.finished)
        ):
            # Envoy 1.40 honours mode_override only in a headers response, and not at all when
            # the request body is FULL_DUPLEX_STREAMED; see deploy/envoy/README.md.
            reply.mode_override.CopyFrom(replies.process_response_body())
        return [reply]

    def finish(self) -> None:
        """The stream ended (the shell calls this once, however it ended): a response whose
        usage is read here and which did not end yet is accounted with what is known."""
        if self.usage_tap is not None:
            self.usage_tap.finish()

    def _on_response_body(self, body: ep.HttpBody) -> list[ep.ProcessingResponse]:
        if self.usage_tap is not None:
            self.usage_tap.body(body.body, body.end_of_stream)
        transform = self.decision.response if self.decision is not None else None
        if transform is not None:
            return [replies.response_body_replaced(transform.feed(body.body, body.end_of_stream))]
        if self._response_duplex:
            return [replies.response_body_streamed(body.body, body.end_of_stream)]
        return [replies.response_body_passthrough()]


def _status_and_type(headers: ep.HttpHeaders) -> tuple[int, str]:
    status, content_type = 0, ""
    for h in headers.headers.headers:
        key = h.key
        if key == ":status" or key == "content-type":
            value = h.raw_value.decode("utf-8", "replace") if h.raw_value else h.value
            if key == "content-type":
                content_type = value.lower()
            elif value.isdigit():
                status = int(value)
    return status, content_type


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


def _upstream_header(headers: ep.HttpHeaders) -> str | None:
    """The shipped Envoy's ``%UPSTREAM_HOST%`` response header (set by its route, overwriting
    anything a pod sends): its report of the endpoint used, where no ``served`` metadata is."""
    for h in headers.headers.headers:
        if h.key == UPSTREAM_HEADER:
            return (h.raw_value.decode("utf-8", "replace") if h.raw_value else h.value) or None
    return None


def _served_endpoint(filter_metadata: dict[str, struct_pb2.Struct]) -> str | None:
    if LB_NAMESPACE not in filter_metadata:
        return None
    fields = filter_metadata[LB_NAMESPACE].fields
    if SERVED_KEY in fields and fields[SERVED_KEY].WhichOneof("kind") == "string_value":
        return fields[SERVED_KEY].string_value or None
    return None
