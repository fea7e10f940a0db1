"""Shedding at saturation: the picked endpoint's predicted ITL and wait for a batch slot."""

from __future__ import annotations

import numpy as np
import pytest
from prefix_fakes import BS, Clock, request
from pydantic import ValidationError
from sched_fakes import Row, build_pool, key

from kinference_epp.config.model import SchedulerConfig, ShedConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.build import build_scheduling
from kinference_epp.scheduling.framework import FloatVec
from kinference_epp.scheduling.inflight import FINISH_RATE_WINDOW_S, InflightTracker
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.shed import SaturationGuard
from kinference_epp.scheduling.types import SchedulingResult


class LineSpeed:
    """Every endpoint's decode line: ``base`` s with an empty cache, ``per_usage`` s more at a
    full one."""

    def __init__(self, base: float, per_usage: float) -> None:
        self.base, self.per_usage = base, per_usage

    def factors(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        return np.ones(len(view)), np.ones(len(view))

    def itl(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        return np.full(len(view), self.base), np.full(len(view), self.per_usage)

    def prefill_rate(self, endpoint: EndpointKey, model: str) -> float:
        return 10_000.0

    def output_tokens(self, model: str | None) -> float | None:
        return None


def _scheduler(
    pool: PoolDatastore,
    speed: LineSpeed | None = None,
    shed: ShedConfig | None = None,
    clock: Clock | None = None,
) -> tuple[Scheduler, InflightTracker]:
    tracker = InflightTracker(pool, clock=clock or Clock())
    config = SchedulerConfig(router="least-queue", shed=shed or ShedConfig())
    sched = Scheduler(config, pool, load=tracker, speed=speed, observers=[tracker])
    return sched, tracker


def test_a_pick_predicted_past_the_itl_bound_is_answered_429_and_not_counted() -> None:
    # 20 ms empty, 60 ms more at a full cache: 44 ms at 40 % in use, 50 ms at 50 %
    pool = build_pool([Row(1, kv=0.5)])
    sched, tracker = _scheduler(pool, LineSpeed(0.02, 0.06))
    with pytest.raises(PoolSaturatedError) as caught:
        sched.schedule(request(rid="a"))
    err = caught.value
    assert (err.status, err.reason, err.error_type) == (429, "pool_saturated", "rate_limit_error")
    assert dict(err.headers) == {"retry-after": "1"}
    assert "50 ms" in err.message
    assert tracker.count(key(1)) == 0  # the observers never saw the pick

    pool = build_pool([Row(1, kv=0.4)])
    sched, tracker = _scheduler(pool, LineSpeed(0.02, 0.06))
    assert sched.schedule(request(rid="b")).primary == key(1)
    assert tracker.count(key(1)) == 1


def test_only_the_picked_endpoint_is_judged() -> None:
    # least-queue picks the idle endpoint 2, under the bound; endpoint 1 is past it
    pool = build_pool([Row(1, kv=0.9, running=4), Row(2, kv=0.1)])
    sched, _ = _scheduler(pool, LineSpeed(0.02, 0.06))
    assert sched.schedule(request()).primary == key(2)


def test_a_model_slower_than_the_bound_even_when_idle_is_never_shed_for_it() -> None:
    pool = build_pool([Row(1, kv=0.9)])
    sched, _ = _scheduler(pool, LineSpeed(0.06, 0.06))  # 60 ms with an empty cache
    assert sched.schedule(request()).primary == key(1)


def test_bounds_at_zero_turn_the_checks_off() -> None:
    pool = build_pool([Row(1, kv=1.0, waiting=50, running=2)])
    sched, _ = _scheduler(pool, LineSpeed(0.02, 0.06), ShedConfig(itl_s=0.0, ttft_s=0.0))
    assert sched.schedule(request()).primary == key(1)
    with pytest.raises(ValidationError):
        ShedConfig(itl_s=-0.01)
    with pytest.raises(ValidationError):
        SchedulerConfig.model_validate({"shed": {"ttft": 1.0}})  # a typo is an error


def _finish_steadily(
    tracker: InflightTracker, clock: Clock, *, every_s: float, count: int, prefix: str = "f"
) -> None:
    """``count`` requests finish at endpoint 1, one every ``every_s``, the first now (each is
    routed just before it finishes; others stay in flight)."""
    for n in range(count):
        if n:
            clock.now += every_s
        tracker.on_pick(request(rid=f"{prefix}{n}"), SchedulingResult(endpoints=(key(1),)))
        tracker.finish(f"{prefix}{n}")


def _expected_rate(every_s: float, count: int) -> float:
    """The estimator's value after ``count`` finishes ``every_s`` apart, read at the last."""
    tau = FINISH_RATE_WINDOW_S
    decayed = sum(np.exp(-k * every_s / tau) for k in range(count))
    exposure = tau * (1.0 - np.exp(-(count - 1) * every_s / tau))
    return float(decayed / exposure)


def test_a_queue_longer_than_the_finish_rate_drains_in_the_bound_is_shed() -> None:
    clock = Clock()
    # vLLM reports 2 running and some waiting; the picker has 2 + 4 routed there
    pool = build_pool([Row(1, waiting=3, running=2)])
    sched, tracker = _scheduler(pool, None, ShedConfig(ttft_s=1.5, retry_after_s=3), clock)
    for n in range(6):
        tracker.on_pick(request(rid=f"r{n}"), SchedulingResult(endpoints=(key(1),)))
    # no finish seen yet: the rate is unknown, nothing is shed
    assert sched.schedule(request(rid="x")).primary == key(1)
    tracker.finish("x")
    # six finish, one every 0.5 s: about 2.4 / s over their 2.5 s, so 4 queued wait 1.7 s
    clock.now += 0.5
    _finish_steadily(tracker, clock, every_s=0.5, count=5)
    assert tracker.finish_rate(key(1)) == pytest.approx(_expected_rate(0.5, 6))
    with pytest.raises(PoolSaturatedError) as caught:
        sched.schedule(request(rid="y"))
    assert dict(caught.value.headers) == {"retry-after": "3"}
    assert "batch slot" in caught.value.message
    # the same queue with nothing waiting in vLLM: the batch has room, no wait
    pool.update_load(key(1), LoadSnapshot(running=2, waiting=0))
    assert sched.schedule(request(rid="z")).primary == key(1)


def test_the_finish_rate_is_right_from_the_first_finishes() -> None:
    # 50 finishes a second at an endpoint that always holds requests: a decayed count read
    # over the whole window would say 10 / 5 s = 2 / s after the first ten
    clock = Clock()
    tracker = InflightTracker(build_pool([Row(1)]), clock=clock)
    tracker.on_pick(request(rid="long"), SchedulingResult(endpoints=(key(1),)))
    _finish_steadily(tracker, clock, every_s=0.02, count=10)
    rate = tracker.finish_rate(key(1))
    assert rate == pytest.approx(_expected_rate(0.02, 10))
    assert rate == pytest.approx(50.0 * 10 / 9, rel=0.01)  # n finishes over n - 1 gaps
    _finish_steadily(tracker, clock, every_s=0.02, count=1500, prefix="g")
    assert tracker.finish_rate(key(1)) == pytest.approx(50.0, rel=0.01)


def test_the_finish_rate_survives_an_idle_spell_and_falls_when_finishes_stop() -> None:
    clock = Clock()
    tracker = InflightTracker(build_pool([Row(1)]), clock=clock)
    tracker.on_pick(request(rid="held"), SchedulingResult(endpoints=(key(1),)))
    _finish_steadily(tracker, clock, every_s=0.1, count=100)  # 10 / s
    clock.now += 0.1
    tracker.finish("held")  # nothing in flight from here on
    rate = tracker.finish_rate(key(1))
    assert rate == pytest.approx(10.0, rel=0.02)
    clock.now += FINISH_RATE_WINDOW_S  # nothing in flight: nothing could finish
    assert tracker.finish_rate(key(1)) == pytest.approx(rate)
    # a request held and no finish for a window: the rate falls (a stalled endpoint)
    tracker.on_pick(request(rid="stuck"), SchedulingResult(endpoints=(key(1),)))
    clock.now += FINISH_RATE_WINDOW_S
    assert 0.0 < tracker.finish_rate(key(1)) < rate / 2
    clock.now += 10 * FINISH_RATE_WINDOW_S
    assert tracker.finish_rate(key(1)) == 0.0  # under FINISH_RATE_MIN: not known
    assert tracker.finish_rate(key(9)) == 0.0


def test_finishes_seen_in_one_instant_give_no_rate() -> None:
    clock = Clock()
    tracker = InflightTracker(build_pool([Row(1)]), clock=clock)
    for n in range(8):  # one batch of access-log entries
        tracker.on_pick(request(rid=f"r{n}"), SchedulingResult(endpoints=(key(1),)))
    for n in range(8):
        tracker.finish(f"r{n}")
    assert tracker.finish_rate(key(1)) == 0.0


def test_without_an_in_flight_tracker_nothing_is_shed() -> None:
    pool = build_pool([Row(1, kv=1.0)])
    sched = Scheduler(SchedulerConfig(router="least-queue"), pool, speed=LineSpeed(0.02, 0.06))
    assert sched.schedule(request()).primary == key(1)


def test_a_healthy_pool_that_reports_a_short_queue_is_never_refused() -> None:
    # Pods that answer at once while their /metrics page always says 5 running, 2 waiting and
    # KV 50 % (benchmarks/picker_cost.py's fake pool), behind the picker's production wiring:
    # about 1,000 requests a second, each finish reported by the
    # access log in batches every 200 ms. The picker's in-flight count runs ahead of the pods'
    # running 5 by the unreported finishes; the wait for a slot is that queue over the finish
    # rate, well under the bound once the rate is measured over the time finishes were seen.
    clock = Clock()
    pool = build_pool([Row(n, running=5, waiting=2, kv=0.5) for n in range(1, 5)])
    prefix = PrefixState(BlockIndex(block_size=BS), clock=clock)
    stack = build_scheduling(SchedulerConfig(), pool, prefix, clock=clock)
    assert stack.scheduler.router == "precise-prefix"
    refused, served, unreported = 0, 0, []
    flush_at = clock.now + 0.2
    for n in range(3_000):
        rid = f"r{n}"
        try:
            stack.scheduler.schedule(request(rid=rid, max_tokens=16))
        except PoolSaturatedError:
            refused += 1
        else:
            served += 1
            unreported.append(rid)
        clock.now += 0.001
        if clock.now >= flush_at:  # Envoy's access-log flush
            for done in unreported:
                stack.inflight.finish(done)
            unreported.clear()
            flush_at += 0.2
    assert (refused, served) == (0, 3_000)


class Bound:
    """A decode bound (flow control's measured headroom) that refuses the endpoints named."""

    def __init__(self, *refused: EndpointKey) -> None:
        self.refused = set(refused)
        self.asked = 0

    def check(self, req: object, pool: PoolView, slot: int) -> None:
        self.asked += 1
        if pool.endpoints[slot].key in self.refused:
            raise PoolSaturatedError("past the measured ITL")

    def measures(self, key: EndpointKey) -> bool:
        return True


def test_a_decode_bound_is_asked_first_and_what_it_refuses_is_never_counted() -> None:
    pool = build_pool([Row(1)])
    prefix = PrefixState(BlockIndex(block_size=BS), clock=Clock())
    bound = Bound(key(1))
    stack = build_scheduling(
        SchedulerConfig(router="least-queue"), pool, prefix, decode_bound=bound
    )
    with pytest.raises(PoolSaturatedError):
        stack.scheduler.schedule(request(rid="a"))
    assert stack.inflight.count(key(1)) == 0
    bound.refused.clear()
    assert stack.scheduler.schedule(request(rid="b")).primary == key(1)
    assert stack.inflight.count(key(1)) == 1
    assert bound.asked == 2


def test_the_predicted_itl_is_not_checked_where_the_itl_is_measured() -> None:
    """With flow control's measured bound, the line's prediction bounds only the endpoints it
    does not measure (no ITL histogram scraped, or idle)."""
    pool = build_pool([Row(1, kv=0.5)])  # the line predicts 50 ms here
    tracker = InflightTracker(pool, clock=Clock())
    measured: set[EndpointKey] = set()
    guard = SaturationGuard(ShedConfig(), LineSpeed(0.02, 0.06), tracker, measured.__contains__)
    view = pool.view()
    with pytest.raises(PoolSaturatedError):
        guard.check(request(rid="a"), view, 0)
    measured.add(key(1))
    guard.check(request(rid="b"), view, 0)  # the measured bound decides there
