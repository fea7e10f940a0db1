"""Shedding at saturation: the picked endpoint's predicted ITL and wait for a batch slot."""

from __future__ import annotations

import numpy as np
import pytest
from prefix_fakes import Clock, request
from pydantic import ValidationError
from sched_fakes import Row, build_pool, key

from kinference_epp.config.model import SchedulerConfig, ShedConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.framework import FloatVec
from kinference_epp.scheduling.inflight import FINISH_RATE_WINDOW_S, InflightTracker
from kinference_epp.scheduling.scheduler import Scheduler
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
    # four requests finish within a moment: about 4 / 5 s, so 4 queued wait about 5 s
    for n in range(4):
        tracker.finish(f"r{n}")
        tracker.on_pick(request(rid=f"s{n}"), SchedulingResult(endpoints=(key(1),)))
    assert tracker.finish_rate(key(1)) == pytest.approx(5 / FINISH_RATE_WINDOW_S)
    with pytest.raises(PoolSaturatedError) as caught:
        sched.schedule(request(rid="y"))
    assert dict(caught.value.headers) == {"retry-after": "3"}
    assert "batch slot" in caught.value.message
    # the same queue with nothing waiting in vLLM: the batch has room, no wait
    pool.update_load(key(1), LoadSnapshot(running=2, waiting=0))
    assert sched.schedule(request(rid="z")).primary == key(1)


def test_the_finish_rate_fades_without_finishes() -> None:
    clock = Clock()
    tracker = InflightTracker(build_pool([Row(1)]), clock=clock)
    for n in range(8):
        tracker.on_pick(request(rid=f"r{n}"), SchedulingResult(endpoints=(key(1),)))
        tracker.finish(f"r{n}")
    assert tracker.finish_rate(key(1)) == pytest.approx(8 / FINISH_RATE_WINDOW_S)
    clock.now += FINISH_RATE_WINDOW_S * np.log(2)
    assert tracker.finish_rate(key(1)) == pytest.approx(4 / FINISH_RATE_WINDOW_S)
    clock.now += FINISH_RATE_WINDOW_S
    assert tracker.finish_rate(key(1)) == 0.0  # under FINISH_RATE_MIN: not known
    assert tracker.finish_rate(key(9)) == 0.0


def test_without_an_in_flight_tracker_nothing_is_shed() -> None:
    pool = build_pool([Row(1, kv=1.0)])
    sched = Scheduler(SchedulerConfig(router="least-queue"), pool, speed=LineSpeed(0.02, 0.06))
    assert sched.schedule(request()).primary == key(1)
