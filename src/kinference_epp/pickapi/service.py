"""The ``kinference.v1.Picker`` servicer: Pick, Explain and ReportUsage over the request pipeline.

A call is one request through the same ``Pipeline`` an ext_proc stream drives, so identity
(the API key in the headers given), policies, rate limits and metrics are the ext_proc ones.
The servicer only translates: a ``PickRequest`` becomes a ``RequestState`` (headers with
``:path`` and ``:method``, the body), what the pipeline leaves pending (a ``Wait``, an
``Offload``, an ``Await``) is settled by the ``PendingDriver`` the ext_proc servicer shares,
and the outcome becomes a ``Route`` or an ``ImmediateResponse``.

Only the picker's callers may call it (``auth``: a client certificate or the control token).

Settling: without an Envoy access log, the caller reports the finished request with
``ReportUsage``, presenting the request id and the ticket its Pick returned (the id is the
picker's own, never a client's ``x-request-id``, and not secret; the ticket is). The tenant,
model, endpoints and reservation are the picker's record of the pick (``pipeline.picks``); the
report adds the status, timings and counts, bounded by the pick (``pipeline.reports``), once. A
pick that is never reported is settled by the reservation sweeper, as an ext_proc request
whose access-log entry is lost. Explain is a dry run: nothing is reserved, nothing to report.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from typing import Any, Literal

import grpc
import msgspec

from kinference_epp.api.error_body import error_body
from kinference_epp.api.paths import error_kind_for_path
from kinference_epp.api.wire_names import REASON_HEADER, REQUEST_ID_HEADER
from kinference_epp.edge.control_auth import ControlAuth
from kinference_epp.edge.driver import PendingDriver
from kinference_epp.edge.processor import RequestPipeline
from kinference_epp.errors import KinferenceError, PayloadTooLargeError
from kinference_epp.pickapi.explain import PrefixLookup, SpeedFigures, explanation
from kinference_epp.pickapi.v1 import picker_pb2 as pb
from kinference_epp.pickapi.v1 import picker_pb2_grpc as pb_grpc
from kinference_epp.pipeline.picks import PickBook, new_ticket
from kinference_epp.pipeline.reports import ReportGate
from kinference_epp.pipeline.runner import Answer, Rejection
from kinference_epp.pipeline.state import LocalResponse, RequestState, RoutingDecision
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.endpoint import EndpointKey

log = logging.getLogger(__name__)

RATELIMIT_HEADER_PREFIX = "x-ratelimit-"


class PickerService(pb_grpc.PickerServicer):
    def __init__(
        self,
        pipeline: RequestPipeline,
        driver: PendingDriver,
        reports: ReportGate,
        book: PickBook,
        *,
        max_body_bytes: int,
        auth: ControlAuth | None = None,
        on_request: Callable[[int], None] = lambda _: None,
        prefix: PrefixLookup | None = None,
        speeds: SpeedFigures | None = None,
    ) -> None:
        """``reports`` settles a reported pick (the access log's gate); ``book`` is where the
        pipeline records each pick; ``on_request(+1 / -1)`` counts calls in progress as
        ext_proc streams are counted."""
        self._pipeline = pipeline
        self._driver = driver
        self._reports = reports
        self._book = book
        self._max_body = max_body_bytes
        self._auth = auth
        self._on_request = on_request
        self._prefix = prefix
        self._speeds = speeds

    async def Pick(
        self, request: pb.PickRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.PickResponse:
        if self._auth is not None:
            await self._auth.require(context, "Pick API")
        state, outcome = await self.decide(request, explain=False)
        response = self._response(state, outcome)
        pick = self._book.get(state.request_id) if type(outcome) is RoutingDecision else None
        if pick is not None:
            ticket = new_ticket()
            self._book.record(msgspec.structs.replace(pick, ticket=ticket))
            response.ticket = ticket
        return response

    async def Explain(
        self, request: pb.PickRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.ExplainResponse:
        if self._auth is not None:
            await self._auth.require(context, "Pick API")
        state, outcome = await self.decide(request, explain=True)
        out = explanation(state, self._prefix, speeds=self._speeds)
        out.pick.CopyFrom(self._response(state, outcome))
        return out

    async def ReportUsage(
        self, request: pb.UsageReport, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.ReportUsageResponse:
        if self._auth is not None:
            await self._auth.require(context, "Pick API")
        pick = self._book.get(request.request_id) if request.request_id else None
        if (
            pick is None
            or not pick.ticket
            or not hmac.compare_digest(request.ticket.encode(), pick.ticket.encode())
        ):
            self._reports.count("report_usage", "unknown")
            return pb.ReportUsageResponse(known=False)
        self._book.claim(pick.request_id)
        self._reports.settle(
            UsageRecord(
                request_id=pick.request_id,
                model=pick.target_model,
                endpoint=request.endpoint or (pick.endpoints[0] if pick.endpoints else ""),
                status=request.status,
                e2e_s=request.e2e_s if request.HasField("e2e_s") else None,
                ttft_s=request.ttft_s if request.HasField("ttft_s") else None,
                prompt_tokens=_opt(request, "prompt_tokens"),
                completion_tokens=_opt(request, "completion_tokens"),
                cached_tokens=_opt(request, "cached_tokens"),
                attempts=request.attempts,
            ),
            pick,
        )
        return pb.ReportUsageResponse(known=True)

    # -- the pipeline -----------------------------------------------------------------------

    async def decide(
        self, request: pb.PickRequest, *, explain: bool
    ) -> tuple[RequestState, Answer]:
        """Run one request through the pipeline, its pending outputs settled by the driver."""
        state = state_of(request, explain=explain)
        self._on_request(+1)
        try:
            if len(request.body) > self._max_body:
                err = PayloadTooLargeError(
                    f"request body of {len(request.body)} bytes exceeds the limit of "
                    f"{self._max_body} bytes",
                    param="body",
                )
                outcome: Answer = self._pipeline.reject(state, err)
            else:
                outcome = await self._driver.outcome(self._pipeline, state)
        finally:
            self._on_request(-1)
        return state, outcome

    def _response(self, state: RequestState, outcome: Answer) -> pb.PickResponse:
        if type(outcome) is RoutingDecision:
            return pb.PickResponse(request_id=state.request_id, route=route_of(outcome))
        if isinstance(outcome, LocalResponse):
            immediate = pb.ImmediateResponse(
                status=outcome.status,
                body=outcome.body,
                headers=[pb.Header(name=k, value=v) for k, v in outcome.headers],
                reason=outcome.name,
            )
        else:
            assert isinstance(outcome, Rejection)
            immediate = immediate_of(outcome.error, state.path, state.request_id)
        return pb.PickResponse(request_id=state.request_id, immediate=immediate)


def state_of(request: pb.PickRequest, *, explain: bool = False) -> RequestState:
    """The request as an ext_proc session assembles it: lower-cased headers with the
    pseudo-headers, the whole body, the subset hint (the pipeline issues its request id)."""
    headers = {h.name.lower(): h.value for h in request.headers}
    headers[":path"] = request.path or headers.get(":path", "")
    headers[":method"] = (request.method or headers.get(":method") or "POST").upper()
    subset = (
        frozenset(EndpointKey(s.strip()) for s in request.subset if s.strip())
        if request.subset
        else None
    )
    return RequestState(
        headers=headers, body=request.body, subset=subset, full_duplex=False, explain=explain
    )


def route_of(decision: RoutingDecision) -> pb.Route:
    endpoints = decision.endpoints
    return pb.Route(
        endpoint=endpoints[0] if endpoints else "",
        fallbacks=list(endpoints[1:]),
        body_rewritten=decision.body is not None,
        body=decision.body or b"",
        # the picker's id, as Envoy sends it to the pod (a client's own is replaced)
        set_headers=[
            pb.Header(name=k, value=v)
            for k, v in (*decision.headers, (REQUEST_ID_HEADER, decision.request_id))
        ],
        remove_headers=list(decision.remove_headers),
        model=decision.model,
        target_model=decision.target_model,
        # the rate-limit metadata Envoy's route turns into x-ratelimit-* response headers
        response_headers=[
            pb.Header(name=f"{RATELIMIT_HEADER_PREFIX}{k}", value=v) for k, v in decision.metadata
        ],
    )


def immediate_of(err: KinferenceError, path: str, request_id: str = "") -> pb.ImmediateResponse:
    """The error as the ext_proc path answers it (``edge.replies.error_response``)."""
    headers = [("content-type", "application/json"), (REASON_HEADER, err.reason), *err.headers]
    if request_id:
        headers.append((REQUEST_ID_HEADER, request_id))
    if err.status in (429, 503) and not any(k == "retry-after" for k, _ in err.headers):
        headers.append(("retry-after", "1"))
    return pb.ImmediateResponse(
        status=err.status,
        body=error_body(error_kind_for_path(path), err),
        headers=[pb.Header(name=k, value=v) for k, v in headers],
        reason=err.reason,
    )


_Count = Literal["prompt_tokens", "completion_tokens", "cached_tokens"]


def _opt(report: pb.UsageReport, name: _Count) -> int | None:
    return int(getattr(report, name)) if report.HasField(name) else None
