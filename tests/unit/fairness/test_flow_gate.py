"""The flow control gate: one release at a time when the pool has room, woken by finishes and
dispatches; each refusal's status and reason."""

from __future__ import annotations

import pytest

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.errors import KinferenceError, PoolSaturatedError
from kinference_epp.fairness.gate import TAKE_GRACE_S, FlowGate
from kinference_epp.fairness.queue import DROPPED, RELEASED, WAITING


class Pool:
    """A probe: saturated until told otherwise."""

    def __init__(self) -> None:
        self.full = True
        self.probed: list[str] = []

    def __call__(self, payload: object) -> None:
        self.probed.append(str(payload))
        if self.full:
            raise PoolSaturatedError("full")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def gate(**kw: object) -> tuple[FlowGate, Pool, Clock, list[int]]:
    pool, clock, woken = Pool(), Clock(), []
    g = FlowGate(FlowControlConfig.model_validate(kw), pool, clock=clock)
    g.watch(lambda: woken.append(1))
    return g, pool, clock, woken


def test_a_finish_report_releases_the_next_request_once_the_pool_has_room() -> None:
    g, pool, _, woken = gate()
    g.dispatched("old", "b", 0, 1, 30.0)
    t = g.hold("r1", "a", 0, 1, 100.0, "r1")
    assert not g.ready(t)
    pool.full = False
    g.finished("old", 10, 10)
    assert t.state == RELEASED
    assert woken == [1]
    assert g.ready(t)
    g.take(t)
    g.dispatched("r1", "a", 0, 1, 100.0)
    assert g.queue.counter("a", 0) == 100.0


def test_a_finish_of_another_replicas_request_frees_no_slot_here() -> None:
    """Every replica hears every finish: only the replica that dispatched the request fills
    the slot it freed (else n replicas would put n requests where one left)."""
    g, pool, _, _ = gate()
    t = g.hold("r1", "a", 0, 1, 100.0, "r1")
    pool.full = False
    g.finished("elsewhere", 10, 10)
    assert t.state == WAITING
    assert pool.probed == []
    g.dispatched("mine", "b", 0, 1, 30.0)
    g.finished("mine", 10, 10)
    assert t.state == RELEASED


def test_one_release_at_a_time_until_it_is_dispatched() -> None:
    g, pool, _, _ = gate()
    pool.full = False
    t1 = g.hold("r1", "a", 0, 1, 1.0, "r1")
    t2 = g.hold("r2", "b", 0, 1, 1.0, "r2")
    assert not g.ready(t1)  # nothing said capacity freed since the pool filled
    assert pool.probed == []
    g.pool_changed()  # a scrape
    assert g.ready(t1)
    assert not g.ready(t2)  # the first's pick is not counted yet: no second probe
    assert pool.probed == ["r1"]
    assert g.must_wait(0)  # a newcomer goes behind both
    g.take(t1)
    g.dispatched("r1", "a", 0, 1, 1.0)
    assert t2.state == RELEASED


def test_releases_are_paced_by_scrapes_and_finishes_not_by_a_stale_reading() -> None:
    g, pool, _, _ = gate(release_burst=2)
    pool.full = False
    tickets = [g.hold(f"r{i}", "a", 0, 1, 1.0, f"r{i}") for i in range(5)]
    g.pool_changed()
    released = 0
    for t in tickets:
        if t.state == RELEASED:
            released += 1
            g.take(t)
            g.dispatched(t.request_id, "a", 0, 1, 1.0)
    assert released == 2  # the burst one reading allows
    g.finished("r0", 1, 1)  # one slot freed: one more
    assert sum(t.state == RELEASED for t in tickets) == 1


def test_a_release_never_taken_stops_holding_the_queue_after_the_grace() -> None:
    g, pool, clock, _ = gate()
    pool.full = False
    t1 = g.hold("r1", "a", 0, 1, 1.0, "r1")
    t2 = g.hold("r2", "a", 0, 1, 1.0, "r2")
    g.pool_changed()
    assert t1.state == RELEASED
    clock.now += TAKE_GRACE_S + 0.1  # its client went away
    assert g.ready(t2)
    assert t1.state == DROPPED


def test_a_request_past_its_time_is_refused_503_when_the_pool_is_full_for_everyone() -> None:
    g, _, clock, _ = gate(retry_after_s=2)
    t = g.hold("r1", "a", 0, 1, 1.0, "r1")
    clock.now += 10
    with pytest.raises(KinferenceError) as caught:
        g.take(t)
    err = caught.value
    assert (err.status, err.reason, dict(err.headers)) == (
        503,
        "pool_saturated",
        {"retry-after": "2"},
    )
    assert len(g.queue) == 0


def test_a_tenant_that_had_more_than_a_waiting_one_is_refused_429_over_its_share() -> None:
    g, _, _, _ = gate()
    g.dispatched("r0", "heavy", 0, 1, 5000.0)  # served before the pool filled
    g.hold("r1", "light", 0, 1, 100.0, "r1")
    heavy = g.hold("r2", "heavy", 0, 1, 100.0, "r2")
    with pytest.raises(KinferenceError) as caught:
        g.take(heavy)
    assert (caught.value.status, caught.value.reason) == (429, "over_fair_share")


def test_queue_bounds_answer_429_for_a_tenant_and_503_for_the_queue() -> None:
    g, _, _, _ = gate(max_queued=2, max_queued_per_tenant=1)
    g.hold("r1", "a", 0, 1, 1.0, "r1")
    with pytest.raises(KinferenceError) as own:
        g.hold("r2", "a", 0, 1, 1.0, "r2")
    assert (own.value.status, own.value.reason) == (429, "tenant_queue_full")
    g.hold("r3", "b", 0, 1, 1.0, "r3")
    with pytest.raises(KinferenceError) as full:
        g.hold("r4", "c", 0, 1, 1.0, "r4")
    assert (full.value.status, full.value.reason) == (503, "queue_full")


def test_a_request_whose_place_goes_to_a_higher_band_is_woken_and_refused() -> None:
    g, _, _, woken = gate(max_queued=1)
    low = g.hold("r1", "batch", -1, 1, 1.0, "r1")
    high = g.hold("r2", "web", 1, 1, 1.0, "r2")
    assert woken == [1]
    assert g.ready(low)
    assert high.state == WAITING
    with pytest.raises(KinferenceError) as caught:
        g.take(low)
    assert (caught.value.status, caught.value.reason) == (503, "shed_for_priority")
