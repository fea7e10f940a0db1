"""Prefill speeds learned from vLLM's scraped TTFT histogram, for a picker behind a gateway that
sends no access log: each interval's mean TTFT against the mean work of the picker's own picks
there, from the first scrapes until an access-log record arrives."""

from __future__ import annotations

import numpy as np
import pytest
from sched_fakes import Row, build_pool, key

from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightTracker
from kinference_epp.scheduling.speed_model import TTFT_MIN_REQUESTS, SpeedModel
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

MODEL = "m"
OVERHEAD_S = 0.02


class Pod:
    """One endpoint's cumulative TTFT histogram and the picker's picks of it."""

    def __init__(self, s_per_token: float) -> None:
        self.s_per_token = s_per_token
        self.ttft_sum = self.ttft_count = 0.0
        self.picks = self.work = 0.0

    def interval(self, rng: np.random.Generator, requests: int = 12) -> None:
        """``requests`` picked and answered within one scrape interval."""
        for _ in range(requests):
            work = float(rng.uniform(500.0, 8000.0))
            self.picks += 1
            self.work += work
            self.ttft_count += 1
            self.ttft_sum += (OVERHEAD_S + self.s_per_token * work) * float(
                np.exp(rng.normal(0.0, 0.1))
            )


def _scrape(model: SpeedModel, endpoint: EndpointKey, pod: Pod, waiting: float = 0.0) -> None:
    model.observe_ttft_totals(
        endpoint,
        MODEL,
        ttft_sum=pod.ttft_sum,
        ttft_count=pod.ttft_count,
        picks=pod.picks,
        work_tokens=pod.work,
        waiting=waiting,
    )


def _intervals(
    model: SpeedModel, endpoint: EndpointKey, pod: Pod, rng: np.random.Generator, times: range
) -> None:
    """One interval of ``pod``'s traffic and one scrape for each of ``times``."""
    for _ in times:
        pod.interval(rng)
        _scrape(model, endpoint, pod)


def _rate(model: SpeedModel, endpoint: EndpointKey) -> float:
    (f,) = [f for f in model.figures() if f.endpoint == endpoint]
    return f.prefill_tokens_per_s


def test_the_histogram_teaches_each_pods_prefill_speed_from_the_first_scrapes() -> None:
    pool = build_pool([Row(1), Row(2), Row(3)])
    keys = [key(1), key(2), key(3)]
    pods = {k: Pod(1 / 40_000) for k in keys}
    pods[keys[1]].s_per_token = 2.5 / 40_000  # a pod 2.5 times slower
    model = SpeedModel()
    rng = np.random.default_rng(0)
    for t in range(400):
        for k in keys:
            pods[k].interval(rng)
            _scrape(model, k, pods[k])
        if t == 20:  # a few intervals in, the slow pod already reads slower
            assert _rate(model, keys[1]) < 0.7 * _rate(model, keys[0])
    assert _rate(model, keys[0]) == pytest.approx(40_000, rel=0.15)
    assert _rate(model, keys[1]) == pytest.approx(16_000, rel=0.15)
    prefill, _ = model.factors(pool.view(), MODEL)
    # factors compare the time per uncached token, the TTFT's fixed part left out
    assert prefill.tolist() == pytest.approx([1.0, 2.5, 1.0], rel=0.1)
    (fast,) = [f for f in model.figures() if f.endpoint == keys[0]]
    assert fast.records == 399  # one observation per interval after the first scrape's mark


def test_once_an_access_log_record_arrives_the_histogram_teaches_nothing() -> None:
    a = key(1)
    model = SpeedModel()
    model.observe(a, MODEL, ttft_s=OVERHEAD_S + 4000 / 40_000, work_tokens=4000.0)
    logged = _rate(model, a)
    pod = Pod(10 / 40_000)  # the histogram would say ten times slower
    _intervals(model, a, pod, np.random.default_rng(1), range(300))
    assert _rate(model, a) == logged


def test_queued_intervals_other_replicas_traffic_and_restarts_teach_nothing() -> None:
    a = key(1)
    model = SpeedModel()
    pod = Pod(1 / 40_000)
    rng = np.random.default_rng(2)
    _intervals(model, a, pod, rng, range(50))
    before = _rate(model, a)
    pod.s_per_token = 10 / 40_000  # from here on every interval would say ten times slower
    for _ in range(50):  # a long waiting queue: the TTFTs waited for seats, not for prefill
        pod.interval(rng)
        _scrape(model, a, pod, waiting=1000.0)
    assert _rate(model, a) == before
    for _ in range(50):  # first tokens of other replicas' requests only: no picks of ours
        pod.ttft_count += TTFT_MIN_REQUESTS
        pod.ttft_sum += TTFT_MIN_REQUESTS * 5.0
        _scrape(model, a, pod)
    assert _rate(model, a) == before
    restarted = Pod(10 / 40_000)  # totals from zero again: a new mark, no negative lesson
    restarted.interval(rng)
    _scrape(model, a, restarted)
    assert _rate(model, a) == before


def test_fewer_first_tokens_than_the_minimum_accumulate_across_scrapes() -> None:
    a = key(1)
    model = SpeedModel()
    pod = Pod(10 / 40_000)
    rng = np.random.default_rng(3)
    _scrape(model, a, pod)  # the mark
    before = _rate(model, a)
    pod.interval(rng, requests=int(TTFT_MIN_REQUESTS) - 1)
    _scrape(model, a, pod)
    assert _rate(model, a) == before
    pod.interval(rng, requests=1)
    _scrape(model, a, pod)
    assert _rate(model, a) < before


def test_the_tracker_counts_each_endpoints_picks_and_their_work() -> None:
    pool = build_pool([Row(1), Row(2)])
    tracker = InflightTracker(pool, clock=lambda: 0.0)
    a, b = key(1), key(2)
    assert tracker.picked(a) == (0.0, 0.0)
    for tokens in (1000, 3000):
        req = SchedulingRequest(request_id=f"r{tokens}", model=MODEL, prompt_tokens=tokens)
        tracker.on_pick(req, SchedulingResult(endpoints=(a,)))
    count, work = tracker.picked(a)
    assert count == 2.0
    assert work == pytest.approx(1000 + (1000 + 3000))  # the second found the first ahead
    assert tracker.picked(b) == (0.0, 0.0)


def test_the_learner_sets_scraped_ttft_totals_against_the_trackers_picks() -> None:
    pool = PoolDatastore()
    a = key(1)
    pool.upsert(Endpoint(a, frozenset({MODEL}), metrics_url="", base_model=MODEL), ready=True)
    speed = SpeedModel()
    pod = Pod(2 / 40_000)
    learner = SpeedLearner(speed, pool, lambda k: (pod.picks, pod.work))
    rng = np.random.default_rng(4)
    for t in range(300):
        pod.interval(rng)
        snap = LoadSnapshot(ttft_sum=pod.ttft_sum, ttft_count=pod.ttft_count, scraped_at=float(t))
        pool.update_load(a, snap)
        learner.scraped(a, snap)
    assert _rate(speed, a) == pytest.approx(20_000, rel=0.15)
