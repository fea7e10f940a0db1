"""The benchmark's GIE admission layers: the saturation detector, the flow-control queue (its
dispatch order, capacity and TTL), and how the harness counts what they hold and refuse."""

from __future__ import annotations

from typing import Any

import pytest

from kinference_epp.bench.admission import GieFlowControl, GieSaturationDetector, Queued
from kinference_epp.bench.harness import Harness, HarnessOptions, run_one
from kinference_epp.bench.report import Slo, rows
from kinference_epp.bench.workloads import WorkloadSpec
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.types import SchedulingRequest

KEYS = [EndpointKey(f"10.0.0.{n}:8000") for n in (1, 2)]

OVERLOADED: dict[str, Any] = {
    "name": "tiny",
    "pods": 1,
    "engine": {"block_size": 16, "num_gpu_blocks": 1024, "max_num_seqs": 4},
    "shared_prefix": {
        "groups": 4,
        "prompts_per_group": 6,
        "system_tokens": 2048,
        "question_tokens": 32,
        "output_tokens": 16,
    },
    "client": {"kind": "constant", "stages": [{"rate": 200.0, "duration_s": 1.0}]},
}
"""One pod offered far more than it serves in the run."""

CHAT: dict[str, Any] = {
    "name": "chat",
    "pods": 1,
    "engine": {"num_gpu_blocks": 1024, "max_num_seqs": 2},
    "multiturn": {
        "conversations": 8,
        "system_tokens": 64,
        "user_tokens_mean": 32,
        "user_tokens_sd": 4,
        "output_tokens_mean": 64,
        "output_tokens_sd": 2,
        "turns_min": 3,
        "turns_max": 3,
    },
    "client": {"kind": "concurrency", "loads": [8]},
}
"""Eight users on one pod that runs two sequences at once: six wait, past GIE's depth of 5."""


def two_pods() -> PoolDatastore:
    pool = PoolDatastore("p")
    for key in KEYS:
        pool.upsert(Endpoint(key=key, models=frozenset({"m"}), metrics_url=""))
    return pool


def loads(pool: PoolDatastore, *snaps: LoadSnapshot) -> None:
    for key, snap in zip(KEYS, snaps, strict=True):
        pool.update_load(key, snap)


def test_the_gie_detector_refuses_when_the_mean_endpoint_score_reaches_one() -> None:
    pool = two_pods()
    detector = GieSaturationDetector()
    req = SchedulingRequest(model="m")
    # scores max(waiting / 5, kv / 0.8): 0.8 and 1.0, mean 0.9
    loads(pool, LoadSnapshot(waiting=4), LoadSnapshot(waiting=0, kv_usage=0.8))
    detector.check(req, pool.view(), 0)
    # 1.2 and 0.875: one endpoint still has room, but the mean is past 1
    loads(pool, LoadSnapshot(waiting=6), LoadSnapshot(kv_usage=0.7))
    with pytest.raises(PoolSaturatedError) as refused:
        detector.check(req, pool.view(), 1)
    assert refused.value.status == 429
    assert refused.value.headers == ()  # GIE sends no retry-after
    # a stale endpoint scores 1 whatever its last load said
    loads(pool, LoadSnapshot(), LoadSnapshot())
    pool.mark_stale(KEYS[0])
    detector.check(req, pool.view(), 1)  # mean 0.5
    pool.mark_stale(KEYS[1])
    with pytest.raises(PoolSaturatedError):
        detector.check(req, pool.view(), 1)


def test_the_flow_queue_dispatches_first_come_first_served_one_per_cycle_while_unsaturated() -> (
    None
):
    pool = two_pods()
    loads(pool, LoadSnapshot(waiting=4), LoadSnapshot(waiting=4))  # saturation 0.8
    flow: GieFlowControl[str] = GieFlowControl(pool)
    for t, name in enumerate("abc"):
        assert flow.enqueue(name, 100, float(t)) is not None
    first = flow.dispatch()
    assert first is not None
    assert (first.item, first.enqueued_at) == ("a", 0.0)
    assert len(flow) == 2  # one request per cycle
    loads(pool, LoadSnapshot(waiting=5), LoadSnapshot(waiting=5))  # exactly 1.0: held
    assert flow.dispatch() is None
    assert [q.item for q in flow] == ["b", "c"]
    loads(pool, LoadSnapshot(waiting=5), LoadSnapshot(waiting=4))
    dispatched = [flow.dispatch(), flow.dispatch(), flow.dispatch()]
    assert [q.item if q else None for q in dispatched] == ["b", "c", None]


def test_the_flow_queue_refuses_past_its_byte_capacity_and_frees_it_on_dispatch() -> None:
    pool = two_pods()
    loads(pool, LoadSnapshot(), LoadSnapshot())
    flow: GieFlowControl[str] = GieFlowControl(pool, max_bytes=100)
    assert flow.enqueue("a", 60, 0.0) is not None
    assert flow.enqueue("b", 50, 0.0) is None  # 110 bytes would pass the band's capacity
    assert flow.dispatch() is not None
    assert flow.enqueue("b", 50, 0.0) is not None


def test_the_flow_queue_expires_requests_only_when_a_ttl_is_set() -> None:
    pool = two_pods()
    loads(pool, LoadSnapshot(waiting=9), LoadSnapshot(waiting=9))  # saturated throughout
    untimed: GieFlowControl[str] = GieFlowControl(pool)
    queued = untimed.enqueue("a", 1, 0.0)
    assert queued is not None
    assert queued.deadline is None  # GIE's default: no TTL
    assert untimed.expire(1e9) == []
    timed: GieFlowControl[str] = GieFlowControl(pool, ttl_s=1.0)
    timed.enqueue("a", 1, 0.0)
    timed.enqueue("b", 1, 0.5)
    assert timed.expire(0.99) == []
    assert [q.item for q in timed.expire(1.0)] == ["a"]
    assert [q.item for q in timed.expire(1.6)] == ["b"]
    assert len(timed) == 0


def test_an_open_loop_arrival_waits_in_the_flow_queue_and_its_wait_counts_in_its_ttft() -> None:
    spec = WorkloadSpec.model_validate(OVERLOADED)
    gie = run_one(
        spec, "round-robin", options=HarnessOptions(admission="gie", collapse_ttft_s=None)
    )
    harness = Harness(
        spec, "round-robin", options=HarnessOptions(admission="gie-flow", collapse_ttft_s=None)
    )
    flow = harness.router.admission.flow
    assert flow is not None
    waits: dict[float, float] = {}
    dispatch = flow.dispatch

    def watched() -> Queued[Any] | None:
        queued = dispatch()
        if queued is not None:
            waits[queued.enqueued_at] = harness.now - queued.enqueued_at
        return queued

    flow.dispatch = watched  # type: ignore[method-assign]
    result = harness.run()
    assert gie.shed[0] > 0
    assert result.shed == {}  # no TTL and a 1 GB queue: nothing refused
    assert result.queued[0] == sum(1 for w in waits.values() if w > 0) > 0
    (row,) = rows(result, Slo())
    assert row["requests"] == len(result.records) + result.unfinished.get(0, 0) == 200
    assert (row["shed"], row["queued"]) == (0, result.queued[0])
    # each record counts from the moment its client sent it: its TTFT holds its queue wait
    assert max(waits.values()) > 0.2
    for r in result.records:
        assert r.ttft_s >= waits[r.arrival]


def test_a_closed_loop_turn_whose_queue_ttl_passes_is_refused_counted_and_sent_again() -> None:
    spec = WorkloadSpec.model_validate(CHAT)
    untimed = run_one(spec, "round-robin", 8, options=HarnessOptions(admission="gie-flow"))
    assert untimed.shed == {}
    assert untimed.queued[0] > 0
    harness = Harness(spec, "round-robin", 8, options=HarnessOptions(admission="gie-flow"))
    flow = harness.router.admission.flow
    assert flow is not None
    flow.ttl_s = 0.05
    result = harness.run()
    assert len(result.records) == 24  # every turn served in the end
    assert result.shed[0] > 0  # each expiry (a 503) counted, though the user sends it again
    assert result.unfinished == {}
    assert max(r.ttft_s for r in result.records) >= 1.0  # from the first attempt
    (row,) = rows(result, Slo())
    assert (row["requests"], row["shed"]) == (24, result.shed[0])


def test_the_flow_queue_sits_on_top_of_every_router() -> None:
    spec = WorkloadSpec.model_validate(OVERLOADED)
    options = HarnessOptions(admission="gie-flow", collapse_ttft_s=None)
    for router in ("round-robin", "llmd-precise", "dynamo", "kinference"):
        result = run_one(spec, router, options=options)
        assert result.queued[0] > 0, router
        (row,) = rows(result, Slo())
        assert (row["admission"], row["shed"], row["requests"]) == ("gie-flow", 0, 200)
