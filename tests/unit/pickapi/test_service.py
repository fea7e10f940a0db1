"""The Picker servicer without sockets: a scripted pipeline stands in for the real one, so the
translation (request → state, outcome → answer), the waits, the settling and the bounded
the tickets are checked alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import msgspec

from kinference_epp.api.wire_names import MODEL_HEADER, TENANT_HEADER
from kinference_epp.edge.driver import PendingDriver
from kinference_epp.errors import KinferenceError, RateLimitedError
from kinference_epp.pickapi.service import PickerService, state_of
from kinference_epp.pickapi.v1 import picker_pb2 as pb
from kinference_epp.pipeline.picks import PickBook, RequestIds
from kinference_epp.pipeline.reports import ReportGate
from kinference_epp.pipeline.runner import PipelineOutput, Rejection, pick_of
from kinference_epp.pipeline.state import (
    LocalResponse,
    Offload,
    RequestState,
    RoutingDecision,
    Wait,
)
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.telemetry.metrics import PickerMetrics

A, B = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000")
BODY = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()


class Scripted:
    """A pipeline answering each ``run`` with the next outcome of its script, issuing ids and
    recording routed picks as the real one does."""

    def __init__(self, *outcomes: PipelineOutput, max_picks: int = 100) -> None:
        self.outcomes = list(outcomes)
        self.states: list[RequestState] = []
        self.rejected: list[KinferenceError] = []
        self.book = PickBook(max_picks)
        self._ids = RequestIds("test")

    def screen(self, state: RequestState) -> None:
        return None

    def run(self, state: RequestState) -> PipelineOutput:
        if not state.request_id:
            state.request_id = self._ids()
        self.states.append(state)
        outcome = self.outcomes.pop(0)
        if type(outcome) is RoutingDecision:
            outcome = msgspec.structs.replace(outcome, request_id=state.request_id)
            if not state.explain:
                state.tenant = dict(outcome.headers).get(TENANT_HEADER)
                self.book.record(pick_of(state, outcome, self.book.now()))
        return outcome

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        self.rejected.append(err)
        return Rejection(err)


def no_watch(_: Callable[[], None]) -> Callable[[], None]:
    return lambda: None


def service(pipeline: Scripted, records: list[UsageRecord], **kw: Any) -> PickerService:
    gate = ReportGate(pipeline.book, records.append, PickerMetrics())
    return PickerService(
        pipeline,
        PendingDriver(no_watch),
        gate,
        pipeline.book,
        max_body_bytes=kw.pop("max_body_bytes", 1 << 20),
        **kw,
    )


def request(**kw: Any) -> pb.PickRequest:
    kw.setdefault("headers", [pb.Header(name="Authorization", value="Bearer k")])
    return pb.PickRequest(path="/v1/chat/completions", body=BODY, **kw)


DECISION = RoutingDecision(
    endpoints=(A, B),
    body=b'{"model":"n"}',
    headers=((TENANT_HEADER, "team-a"), (MODEL_HEADER, "n")),
    model="m",
    target_model="n",
    remove_headers=("x-kinference-tenant",),
    metadata=(("remaining-tokens", "99"),),
)


def test_the_state_is_the_one_an_ext_proc_session_assembles() -> None:
    state = state_of(request(subset=["10.0.0.1:8000"]))
    assert state.headers[":path"] == "/v1/chat/completions"
    assert state.headers[":method"] == "POST"
    assert state.headers["authorization"] == "Bearer k"  # names lower-cased
    assert state.request_id == ""  # the pipeline issues it
    assert state.subset == frozenset({A})
    assert state.body == BODY
    given = state_of(request(method="get", headers=[pb.Header(name="x-request-id", value="r1")]))
    assert (given.request_id, given.client_request_id) == ("", "r1")
    assert given.method == "GET"


async def test_a_route_and_its_settling() -> None:
    records: list[UsageRecord] = []
    svc = service(Scripted(DECISION), records)
    client_id = pb.Header(name="x-request-id", value="client-1")
    reply = await svc.Pick(request(headers=[client_id]), None)  # type: ignore[arg-type]
    assert reply.request_id.startswith("test-")  # the picker's, not the client's
    assert reply.ticket
    route = reply.route
    assert (route.endpoint, list(route.fallbacks)) == (A, [B])
    assert route.body_rewritten
    assert route.body == b'{"model":"n"}'
    assert (route.model, route.target_model) == ("m", "n")
    assert ("x-request-id", reply.request_id) in [(h.name, h.value) for h in route.set_headers]
    assert list(route.remove_headers) == ["x-kinference-tenant"]
    assert [(h.name, h.value) for h in route.response_headers] == [
        ("x-ratelimit-remaining-tokens", "99")
    ]
    assert records == []  # nothing settled until the report

    report = pb.UsageReport(request_id=reply.request_id, status=200, prompt_tokens=7)
    assert not (await svc.ReportUsage(report, None)).known  # type: ignore[arg-type]
    report.ticket = "0" * 32
    assert not (await svc.ReportUsage(report, None)).known  # type: ignore[arg-type]
    assert records == []  # no ticket, a wrong ticket: nothing settled
    report.ticket = reply.ticket
    report.endpoint = "10.9.9.9:8000"  # not an endpoint of the pick
    assert (await svc.ReportUsage(report, None)).known  # type: ignore[arg-type]
    (record,) = records
    assert (record.tenant, record.model, record.endpoint) == ("team-a", "n", A)
    assert (record.prompt_tokens, record.completion_tokens) == (7, None)
    assert record.client_request_id == "client-1"
    # a second report of the same pick is not known and settles nothing
    assert not (await svc.ReportUsage(report, None)).known  # type: ignore[arg-type]
    assert len(records) == 1


async def test_an_explain_is_a_dry_run() -> None:
    records: list[UsageRecord] = []
    pipeline = Scripted(DECISION)
    svc = service(pipeline, records)
    reply = await svc.Explain(request(), None)  # type: ignore[arg-type]
    assert reply.pick.route.endpoint == A
    assert pipeline.states[0].explain
    assert len(pipeline.book) == 0  # nothing to report: no ticket
    assert not reply.pick.ticket


async def test_waits_and_offloads_run_the_pipeline_again() -> None:
    pipeline = Scripted(
        Wait(until=lambda: True, max_wait_s=1.0), Offload(work=lambda: 42), DECISION
    )
    reply = await service(pipeline, []).Pick(request(), None)  # type: ignore[arg-type]
    assert reply.route.endpoint == A
    first, second, third = pipeline.states
    assert first is second is third
    assert third.waited is True
    assert third.offloaded is not None
    assert third.offloaded.result() == 42


async def test_a_rejection_is_answered_as_through_envoy() -> None:
    records: list[UsageRecord] = []
    err = RateLimitedError("slow down", reason="rate_limit_exceeded")
    pipeline = Scripted(Rejection(err))
    reply = await service(pipeline, records).Pick(request(), None)  # type: ignore[arg-type]
    immediate = reply.immediate
    assert immediate.status == 429
    headers = {h.name: h.value for h in immediate.headers}
    assert headers["x-kinference-reason"] == "rate_limit_exceeded"
    assert headers["retry-after"] == "1"
    assert json.loads(immediate.body)["error"]["message"] == "slow down"
    assert not reply.ticket
    assert len(pipeline.book) == 0


async def test_a_local_answer_and_an_oversized_body() -> None:
    local = LocalResponse(status=200, body=b'{"data":[]}', name="models")
    reply = await service(Scripted(local), []).Pick(request(), None)  # type: ignore[arg-type]
    assert (reply.immediate.status, reply.immediate.reason) == (200, "models")
    pipeline = Scripted()
    reply = await service(pipeline, [], max_body_bytes=4).Pick(request(), None)  # type: ignore[arg-type]
    assert reply.immediate.status == 413
    assert [e.status for e in pipeline.rejected] == [413]


async def test_the_pick_book_is_bounded() -> None:
    records: list[UsageRecord] = []
    svc = service(Scripted(DECISION, DECISION, DECISION, max_picks=2), records)
    replies = [await svc.Pick(request(), None) for _ in range(3)]  # type: ignore[arg-type]
    known = [
        (
            await svc.ReportUsage(
                pb.UsageReport(request_id=r.request_id, ticket=r.ticket, status=200),
                None,  # type: ignore[arg-type]
            )
        ).known
        for r in replies
    ]
    assert known == [False, True, True]  # the oldest was forgotten (the sweeper settles it)
