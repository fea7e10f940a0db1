"""The Picker servicer without sockets: a scripted pipeline stands in for the real one, so the
translation (request → state, outcome → answer), the waits, the settling and the bounded
request-id map are checked alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from kinference_epp.api.wire_names import MODEL_HEADER, TENANT_HEADER
from kinference_epp.errors import KinferenceError, RateLimitedError
from kinference_epp.pickapi.service import PickerService, state_of
from kinference_epp.pickapi.v1 import picker_pb2 as pb
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.routing.pipeline import Outcome, Rejection
from kinference_epp.routing.state import (
    LocalResponse,
    Offload,
    RequestState,
    RoutingDecision,
    Wait,
)
from kinference_epp.routing.usage import UsageRecord

A, B = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000")
BODY = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()


class Scripted:
    """A pipeline answering each ``run`` with the next outcome of its script."""

    def __init__(self, *outcomes: Outcome) -> None:
        self.outcomes = list(outcomes)
        self.states: list[RequestState] = []
        self.rejected: list[KinferenceError] = []

    def screen(self, state: RequestState) -> None:
        return None

    def run(self, state: RequestState) -> Outcome:
        self.states.append(state)
        return self.outcomes.pop(0)

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        self.rejected.append(err)
        return Rejection(err)


def no_watch(_: Callable[[], None]) -> Callable[[], None]:
    return lambda: None


def service(pipeline: Scripted, records: list[UsageRecord], **kw: Any) -> PickerService:
    return PickerService(
        pipeline, no_watch, records.append, max_body_bytes=kw.pop("max_body_bytes", 1 << 20), **kw
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
    assert state.request_id  # made when the caller sent none
    assert state.subset == frozenset({A})
    assert state.body == BODY
    given = state_of(request(method="get", headers=[pb.Header(name="x-request-id", value="r1")]))
    assert given.request_id == "r1"
    assert given.method == "GET"


async def test_a_route_and_its_settling() -> None:
    records: list[UsageRecord] = []
    svc = service(Scripted(DECISION), records)
    reply = await svc.Pick(request(), None)  # type: ignore[arg-type]
    route = reply.route
    assert (route.endpoint, list(route.fallbacks)) == (A, [B])
    assert route.body_rewritten
    assert route.body == b'{"model":"n"}'
    assert (route.model, route.target_model) == ("m", "n")
    assert list(route.remove_headers) == ["x-kinference-tenant"]
    assert [(h.name, h.value) for h in route.response_headers] == [
        ("x-ratelimit-remaining-tokens", "99")
    ]
    assert records == []  # nothing settled until the report

    report = pb.UsageReport(request_id=reply.request_id, status=200, prompt_tokens=7)
    assert (await svc.ReportUsage(report, None)).known  # type: ignore[arg-type]
    (record,) = records
    assert (record.tenant, record.model, record.endpoint) == ("team-a", "n", A)
    assert (record.prompt_tokens, record.completion_tokens) == (7, None)
    # a second report of the same request is no longer known: the tenant is not named twice
    assert not (await svc.ReportUsage(report, None)).known  # type: ignore[arg-type]
    assert records[1].tenant == ""


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


async def test_a_rejection_is_answered_as_through_envoy_and_closes_its_reservation() -> None:
    records: list[UsageRecord] = []
    err = RateLimitedError("slow down", reason="rate_limit_exceeded")
    reply = await service(Scripted(Rejection(err)), records).Pick(request(), None)  # type: ignore[arg-type]
    immediate = reply.immediate
    assert immediate.status == 429
    headers = {h.name: h.value for h in immediate.headers}
    assert headers["x-kinference-reason"] == "rate_limit_exceeded"
    assert headers["retry-after"] == "1"
    assert json.loads(immediate.body)["error"]["message"] == "slow down"
    (record,) = records
    assert record.picker_answered
    assert record.status == 429
    assert record.request_id == reply.request_id


async def test_a_local_answer_and_an_oversized_body() -> None:
    local = LocalResponse(status=200, body=b'{"data":[]}', name="models")
    reply = await service(Scripted(local), []).Pick(request(), None)  # type: ignore[arg-type]
    assert (reply.immediate.status, reply.immediate.reason) == (200, "models")
    pipeline = Scripted()
    reply = await service(pipeline, [], max_body_bytes=4).Pick(request(), None)  # type: ignore[arg-type]
    assert reply.immediate.status == 413
    assert [e.status for e in pipeline.rejected] == [413]


async def test_the_request_id_map_is_bounded() -> None:
    records: list[UsageRecord] = []
    svc = service(Scripted(DECISION, DECISION, DECISION), records, max_pending=2)
    ids = [(await svc.Pick(request(), None)).request_id for _ in range(3)]  # type: ignore[arg-type]
    known = [
        (await svc.ReportUsage(pb.UsageReport(request_id=i, status=200), None)).known for i in ids
    ]  # type: ignore[arg-type]
    assert known == [False, True, True]  # the oldest was forgotten (the sweeper settles it)
