"""Reports are matched to the picker's record of the pick: what the picker knows comes from the
pick, counts and timings are bounded by it, and each pick is settled once."""

from __future__ import annotations

import msgspec

from kinference_epp.pipeline.picks import Pick, PickBook, RequestIds
from kinference_epp.pipeline.reports import ReportGate
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.telemetry.metrics import PickerMetrics

A, B, C = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000"), EndpointKey("10.0.0.3:8000")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def pick(request_id: str = "p-1", **kw: object) -> Pick:
    fields: dict[str, object] = {
        "request_id": request_id,
        "tenant": "team-a",
        "model": "m",
        "target_model": "m",
        "endpoints": (A, B),
        "reserved_prompt_tokens": 1000,
        "reserved_output_tokens": 200,
        "max_output_tokens": 300,
        "picked_at": 100.0,
        "client_request_id": "client-1",
    }
    fields.update(kw)
    return Pick(**fields)  # type: ignore[arg-type]


def report(request_id: str = "p-1", **kw: object) -> UsageRecord:
    fields: dict[str, object] = {
        "request_id": request_id,
        "model": "junk-model-from-the-entry",
        "endpoint": A,
        "status": 200,
        "e2e_s": 2.0,
        "ttft_s": 0.5,
        "prompt_tokens": 900,
        "completion_tokens": 100,
        "cached_tokens": 64,
        "tenant": "someone-else",
    }
    fields.update(kw)
    return UsageRecord(**fields)  # type: ignore[arg-type]


class Harness:
    def __init__(self, *, shared: bool = False) -> None:
        self.clock = Clock()
        self.book = PickBook(clock=self.clock)
        self.records: list[UsageRecord] = []
        self.metrics = PickerMetrics()
        self.gate = ReportGate(
            self.book, self.records.append, self.metrics, shared_store=shared, max_output_tokens=500
        )
        self.clock.now = 103.0  # three seconds after the pick

    def count(self, result: str) -> float:
        return self.metrics.usage_reports.labels(source="access_log", result=result).value


def test_ids_are_unique_and_cheap_to_make() -> None:
    ids = RequestIds()
    other = RequestIds()
    made = {ids() for _ in range(1000)} | {other() for _ in range(1000)}
    assert len(made) == 2000


def test_the_tenant_model_and_reservation_come_from_the_pick() -> None:
    h = Harness()
    h.book.record(pick())
    h.gate(report())
    (r,) = h.records
    assert (r.tenant, r.model, r.endpoint) == ("team-a", "m", A)
    assert (r.reserved_prompt_tokens, r.reserved_output_tokens) == (1000, 200)
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (900, 100, 64)
    assert r.client_request_id == "client-1"
    assert h.count("matched") == 1


def test_a_pick_is_settled_once_and_an_unknown_id_does_nothing() -> None:
    h = Harness()
    h.book.record(pick())
    h.gate(report())
    h.gate(report(prompt_tokens=0, completion_tokens=0))  # a second report of the pick
    h.gate(report("never-picked"))
    assert len(h.records) == 1
    assert h.count("unknown") == 2


def test_counts_are_bounded_by_what_was_reserved_and_routed() -> None:
    h = Harness()
    h.book.record(pick())
    h.gate(report(prompt_tokens=10**9, completion_tokens=10**9, cached_tokens=10**9))
    (r,) = h.records
    assert r.prompt_tokens is not None
    assert 1000 <= r.prompt_tokens <= 1300
    assert r.completion_tokens == 300  # the request's max_tokens
    assert r.cached_tokens == r.prompt_tokens


def test_negative_counts_are_rejected() -> None:
    h = Harness()
    h.book.record(pick())
    h.gate(report(prompt_tokens=-500, completion_tokens=-500))
    (r,) = h.records
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (None, None, None)
    assert h.count("rejected") == 1


def test_timings_cannot_exceed_the_time_since_the_pick() -> None:
    h = Harness()
    h.book.record(pick())
    h.gate(report(e2e_s=3600.0, ttft_s=1800.0))
    (r,) = h.records
    assert (r.e2e_s, r.ttft_s) == (None, None)
    h.book.record(pick("p-2"))
    h.gate(report("p-2", e2e_s=2.5, ttft_s=-1.0))
    assert (h.records[1].e2e_s, h.records[1].ttft_s) == (2.5, None)


def test_an_endpoint_the_picker_did_not_choose_carries_no_failure_signal() -> None:
    h = Harness()
    h.book.record(pick())
    flags = "upstream_connection_failure"
    h.gate(report(endpoint=C, response_flags=flags, attempts=3, status=503))
    (r,) = h.records
    assert (r.endpoint, r.response_flags, r.attempts) == (A, "", 1)
    h.book.record(pick("p-2"))
    h.gate(report("p-2", endpoint=B, response_flags=flags, attempts=2, status=503))
    assert (h.records[1].endpoint, h.records[1].response_flags) == (B, flags)


def test_an_entry_without_a_picker_id_settles_nothing() -> None:
    h = Harness()
    h.gate(report("", status=503, response_flags="upstream_connection_failure"))
    (r,) = h.records
    assert (r.request_id, r.tenant, r.endpoint, r.response_flags) == ("", "", "", "")
    assert r.prompt_tokens is None
    assert h.count("unrouted") == 1


def test_a_pick_of_another_replica_settles_only_with_a_shared_store() -> None:
    local = Harness()
    local.gate(report("other-replica-1"))
    assert local.records == []
    shared = Harness(shared=True)
    shared.gate(report("other-replica-1", reserved_prompt_tokens=100, tenant="team-a"))
    (r,) = shared.records
    assert (r.request_id, r.tenant, r.endpoint) == ("other-replica-1", "team-a", "")
    assert r.prompt_tokens is not None
    assert r.prompt_tokens <= 100 + 64
    assert shared.count("remote") == 1


def test_the_book_forgets_the_oldest() -> None:
    book = PickBook(max_picks=2)
    for i in range(3):
        book.record(msgspec.structs.replace(pick(), request_id=f"p-{i}"))
    assert book.claim("p-0") is None
    assert book.claim("p-2") is not None
    assert book.forgotten == 1


def test_the_book_forgets_picks_past_their_age() -> None:
    book = PickBook(max_age_s=60.0)
    book.record(pick("old", picked_at=0.0))
    book.record(pick("recent", picked_at=30.0))
    book.record(pick("now", picked_at=70.0))
    assert book.claim("old") is None
    assert book.claim("recent") is not None
    assert book.forgotten == 1
