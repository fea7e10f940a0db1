"""Where the learned speeds are read: the load-cost scorer, the in-flight tracker's prefill queue,
the TTFT predictor, and the access-log learner that feeds them."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from prefix_fakes import BS, Clock, request, store
from sched_fakes import Row, build_pool, key

from kinference_epp.config.speed_prior import SpeedConfig, SpeedPrior
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.framework import BuildContext, FloatVec
from kinference_epp.scheduling.inflight import (
    DEFAULT_OUTPUT_TOKENS,
    InflightConfig,
    InflightEntry,
    InflightTracker,
)
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.speed_model import SpeedModel
from kinference_epp.scheduling.ttft import TtftPredictor
from kinference_epp.scheduling.types import SchedulingResult


@dataclass
class FixedSpeed:
    """A speed source with set figures per view slot."""

    prefill: list[float]
    decode: list[float] = field(default_factory=lambda: [1.0, 1.0])
    itl_base: list[float] = field(default_factory=lambda: [0.01, 0.01])
    itl_per_usage: list[float] = field(default_factory=lambda: [0.0, 0.0])
    rates: dict[EndpointKey, float] = field(default_factory=dict)
    output: float | None = None

    def factors(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        return np.array(self.prefill), np.array(self.decode)

    def itl(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        return np.array(self.itl_base), np.array(self.itl_per_usage)

    def prefill_rate(self, endpoint: EndpointKey, model: str) -> float:
        return self.rates.get(endpoint, 1000.0)

    def output_tokens(self, model: str | None) -> float | None:
        return self.output


def _scores(rows: list[Row], speed: FixedSpeed, **params: float) -> list[float]:
    """Scores of ``request()`` (32 prompt tokens, 10 output); the own-decode and KV-duplication
    terms off unless ``params`` sets them."""
    pool = build_pool(rows)
    view = pool.view()
    params = {"own_weight": 0.0, "dup_weight": 0.0} | params
    scorer = default_registry().build_scorer("load-cost", params, BuildContext(speed=speed))
    got: list[float] = scorer.score(request(), view, view.all()).tolist()
    return got


def test_a_slower_endpoint_pays_its_factor_for_the_same_work() -> None:
    # no prefix source, no tracker: 32 prompt tokens + 1024 per scraped request, times the factor
    got = _scores([Row(1), Row(2)], FixedSpeed([1.0, 2.5]))
    assert got == pytest.approx([1.0 - 32 / 80, 0.0])
    # a busier fast endpoint still wins over an idle endpoint 40x slower... until it is not
    assert _scores([Row(1, running=1), Row(2)], FixedSpeed([1.0, 40.0]))[0] == pytest.approx(
        1.0 - (32 + 1024) / (32 * 40)
    )


def test_each_endpoint_prices_the_requests_own_decode_at_its_decode_factor() -> None:
    speed = FixedSpeed([1.0, 1.0], decode=[1.0, 2.5])
    assert _scores([Row(1), Row(2)], speed) == [0.0, 0.0]  # the same 32 tokens to prefill
    # own_weight 1: 10 output tokens cost 10 on 1 and 25 on 2 (no prefix source: ungated)
    got = _scores([Row(1), Row(2)], speed, own_weight=1.0)
    assert got == pytest.approx([1.0 - 42 / 57, 0.0])
    assert _scores([Row(1), Row(2)], speed, own_weight=15.0)[0] > 0.0  # the default weight


def test_the_own_decode_is_priced_at_the_learned_output_not_the_cap() -> None:
    # own_weight 1: 32 prompt tokens + output x decode factor (1 and 2.5)
    capped = FixedSpeed([1.0, 1.0], decode=[1.0, 2.5])
    assert _scores([Row(1), Row(2)], capped, own_weight=1.0)[0] == pytest.approx(1 - 42 / 57)
    # the model's requests generate 4 tokens on average: a request capped at 10 is priced at 4
    learned = FixedSpeed([1.0, 1.0], decode=[1.0, 2.5], output=4.0)
    assert _scores([Row(1), Row(2)], learned, own_weight=1.0)[0] == pytest.approx(1 - 36 / 42)
    # a learned mean above the request's cap: the cap stands
    longer = FixedSpeed([1.0, 1.0], decode=[1.0, 2.5], output=400.0)
    assert _scores([Row(1), Row(2)], longer, own_weight=1.0)[0] == pytest.approx(1 - 42 / 57)


def test_the_tracker_expects_the_learned_output_of_each_request() -> None:
    pool = build_pool([Row(1)])
    speed = FixedSpeed([1.0], output=4.0)
    tracker = InflightTracker(pool, None, clock=Clock(), speed=speed)
    tracker.on_pick(request(rid="a"), SchedulingResult(endpoints=(key(1),)))
    tracker.on_pick(request(rid="b", max_tokens=2), SchedulingResult(endpoints=(key(1),)))
    tracker.on_pick(request(rid="c", max_tokens=None), SchedulingResult(endpoints=(key(1),)))
    kv = [e.kv_tokens for e in (tracker.finish(r) for r in "abc") if e is not None]
    assert kv == [32 + 4, 32 + 2, 32 + 4]
    speed.output = None  # not yet learned: the cap, else the configured default
    tracker.on_pick(request(rid="d", max_tokens=None), SchedulingResult(endpoints=(key(1),)))
    entry = tracker.finish("d")
    assert entry is not None
    assert entry.kv_tokens == 32 + DEFAULT_OUTPUT_TOKENS


def test_scrapes_teach_the_models_mean_output_from_the_engines_token_counts() -> None:
    pool = PoolDatastore()
    pods = (key(1), key(2))
    for k in pods:
        pool.upsert(Endpoint(k, frozenset({"m"}), metrics_url="", base_model="m"), ready=True)
    speed = SpeedModel()
    learner = SpeedLearner(speed, pool)
    firsts, gaps = {k: 0.0 for k in pods}, {k: 0.0 for k in pods}
    for step in range(40):
        for k, (requests, tokens) in zip(pods, ((2, 200), (1, 300)), strict=True):
            if step:  # pod 1: 2 requests of 100 tokens per scrape, pod 2: 1 of 300
                firsts[k] += requests
                gaps[k] += tokens - requests
            snap = LoadSnapshot(
                itl_sum=gaps[k] * 0.01, itl_count=gaps[k], ttft_sum=firsts[k], ttft_count=firsts[k]
            )
            pool.update_load(k, snap)
            learner.scraped(k, snap)
        if step == 5:  # 15 requests counted: not yet known
            assert speed.output_tokens("m") is None
    # 500 tokens per 3 requests (within the forgetting's weighting of the two pods' counts)
    assert speed.output_tokens("m") == pytest.approx(500 / 3, rel=0.01)
    assert speed.output_tokens("other") is None


def test_an_endpoint_past_the_itl_limit_is_hot_and_pays_for_it() -> None:
    speed = FixedSpeed([1.0, 1.0], itl_base=[0.02, 0.02], itl_per_usage=[0.0, 0.06])
    rows = [Row(1), Row(2, kv=0.5)]  # endpoint 2: 0.02 + 0.03 = 0.05, at the limit
    assert _scores(rows, speed) == [0.0, 0.0]  # the same cost: 32 tokens each
    rows = [Row(1), Row(2, kv=1.0)]  # 0.08 s: 60 % over, 0.6 * 100 tokens
    got = _scores(rows, speed, itl_weight=100.0)
    assert got == pytest.approx([1.0 - 32 / 92, 0.0])
    assert _scores(rows, speed, itl_limit_s=0.0) == [0.0, 0.0]  # no limit


def test_the_tracker_drains_each_endpoints_queue_at_its_learned_rate() -> None:
    clock = Clock()
    pool = build_pool([Row(1), Row(2)])
    speed = FixedSpeed([1.0, 1.0], rates={key(1): 1000.0, key(2): 100.0})
    tracker = InflightTracker(
        pool, None, config=InflightConfig(prefill_tokens_per_s=1000.0), clock=clock, speed=speed
    )
    for n, rid in ((1, "a"), (2, "b"), (2, "c")):
        tracker.on_pick(request(rid=rid), SchedulingResult(endpoints=(key(n),)))
    clock.now += 0.1
    view = pool.view()
    assert tracker.load(view).prefill_backlog_tokens.tolist() == pytest.approx([0.0, 54.0])
    entry = tracker.finish("c")
    assert entry is not None
    assert (entry.new_tokens, entry.ahead_tokens) == pytest.approx((32.0, 32.0))
    speed.rates[key(2)] = 27.0  # slower: the same 54 tokens queued, drained at the new rate
    tracker.on_pick(request(rid="d"), SchedulingResult(endpoints=(key(2),)))
    assert tracker.load(view).prefill_backlog_tokens.tolist() == pytest.approx([0.0, 86.0])
    clock.now += 1.0
    assert tracker.load(view).prefill_backlog_tokens.tolist() == pytest.approx([0.0, 59.0])


def test_the_ttft_predictor_prices_each_endpoint_by_its_own_line() -> None:
    clock = Clock()
    index = BlockIndex(block_size=BS)
    store(index, key(2), 8)  # endpoint 2 holds the whole 32-token prompt
    pool = build_pool([Row(1), Row(2)])
    state = PrefixState(index, clock=clock)
    fast = SpeedPrior(prefill_tokens_per_s=1000.0, overhead_s=0.01)
    speed = SpeedModel(SpeedConfig(prior=fast, learn=False))
    predictor = TtftPredictor(pool, state, None, prefill_tokens_per_s=1000.0, speed=speed)
    assert predictor.predict(request()) == pytest.approx(0.01)  # the cached endpoint: overhead
    slow = SpeedModel(SpeedConfig(prior=fast, gpu_label="gpu", gpu_slowdown={"l4": 4.0}))
    labels = {key(1): {}, key(2): {"gpu": "l4"}}
    slow = SpeedModel(slow.config, labels=labels.get)
    predictor = TtftPredictor(pool, state, None, prefill_tokens_per_s=1000.0, speed=slow)
    # 2: 0.04 overhead; 1: 0.01 + 32 tokens at 1000/s
    assert predictor.predict(request()) == pytest.approx(0.04)


def _record(**changes: object) -> UsageRecord:
    fields: dict[str, object] = {
        "request_id": "r",
        "model": "m",
        "endpoint": str(key(1)),
        "status": 200,
        "e2e_s": 1.1,
        "ttft_s": 0.1,
        "prompt_tokens": 1000,
        "completion_tokens": 101,
        "cached_tokens": 400,
    }
    return UsageRecord(**(fields | changes))  # type: ignore[arg-type]


def _entry(**changes: object) -> InflightEntry:
    fields: dict[str, object] = {
        "endpoint": key(1),
        "model": "m",
        "requested": "m",
        "slot": 0,
        "kv_tokens": 700.0,
        "started": 0.0,
        "new_tokens": 500.0,
        "ahead_tokens": 300.0,
        "waiting": 0.0,
    }
    return InflightEntry(**(fields | changes))  # type: ignore[arg-type]


class Recorder(SpeedModel):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[EndpointKey, str, dict[str, float | None]]] = []

    def observe(
        self,
        endpoint: EndpointKey,
        model: str,
        *,
        ttft_s: float | None,
        work_tokens: float,
        itl_s: float | None = None,
        kv_ktokens: float = 0.0,
        running: float = 0.0,
    ) -> None:
        self.seen.append(
            (
                endpoint,
                model,
                {
                    "ttft": ttft_s,
                    "work": work_tokens,
                    "itl": itl_s,
                    "kv": kv_ktokens,
                    "running": running,
                },
            )
        )


def test_the_learner_turns_a_record_into_one_lesson() -> None:
    pool = build_pool([Row(1)])
    pool.update_load(
        key(1), LoadSnapshot(running=7, kv_usage=0.25, num_gpu_blocks=1000, block_size=16)
    )
    model = Recorder()
    SpeedLearner(model, pool)(_record(), _entry())
    # work: 300 ahead + (1000 - 400) uncached; ITL: (1.1 - 0.1) / 100; KV: 0.25 * 16k tokens
    lesson = {"ttft": 0.1, "work": 900.0, "itl": pytest.approx(0.01), "kv": 4.0, "running": 7}
    assert model.seen == [(key(1), "m", lesson)]


@pytest.mark.parametrize(
    ("record", "entry"),
    [
        (_record(status=503), _entry()),
        (_record(attempts=2), _entry()),
        (_record(response_flags="UF"), _entry()),
        (_record(endpoint=str(key(2))), _entry()),  # a fallback served it
    ],
)
def test_a_failed_retried_or_fallback_request_teaches_nothing(
    record: UsageRecord, entry: InflightEntry
) -> None:
    model = Recorder()
    SpeedLearner(model, build_pool([Row(1), Row(2)]))(record, entry)
    assert model.seen == []


def test_a_request_that_waited_for_kv_teaches_its_itl_only() -> None:
    model = Recorder()
    SpeedLearner(model, build_pool([Row(1)]))(_record(), _entry(waiting=10.0))
    ((_, _, lesson),) = model.seen
    assert lesson["ttft"] is None
    assert lesson["itl"] == pytest.approx(0.01)


def test_with_the_itl_histogram_scraped_a_base_model_records_itl_is_not_used() -> None:
    pool = PoolDatastore()
    pool.upsert(Endpoint(key(1), frozenset({"m", "lora"}), metrics_url="", base_model="m"))
    snap = LoadSnapshot(kv_usage=0.25, num_gpu_blocks=1000, block_size=16, itl_sum=3.0, itl_count=9)
    pool.update_load(key(1), snap)
    model = Recorder()
    learner = SpeedLearner(model, pool)
    learner(_record(), _entry())
    learner(_record(), _entry(model="lora"))  # the histogram teaches the base model only
    (_, _, base), (_, adapter_model, adapter) = model.seen
    assert (base["itl"], base["ttft"]) == (None, 0.1)
    assert adapter_model == "lora"
    assert adapter["itl"] == pytest.approx(0.01)


def test_scrapes_teach_the_endpoints_base_model_its_decode_speed() -> None:
    pool = PoolDatastore()
    fast, slow = key(1), key(2)
    for k in (fast, slow):
        pool.upsert(
            Endpoint(k, frozenset({"m", "m-lora"}), metrics_url="", base_model="m"), ready=True
        )
    speed = SpeedModel()
    learner = SpeedLearner(speed, pool)
    totals = {fast: [0.0, 0.0], slow: [0.0, 0.0]}
    for _ in range(60):
        for k, itl in ((fast, 0.01), (slow, 0.04)):
            totals[k][0] += 32 * itl
            totals[k][1] += 32
            snap = LoadSnapshot(
                kv_usage=0.5,
                num_gpu_blocks=1000,
                block_size=16,
                itl_sum=totals[k][0],
                itl_count=totals[k][1],
            )
            pool.update_load(k, snap)
            learner.scraped(k, snap)
    figures = {f.endpoint: f for f in speed.figures()}
    assert set(figures) == {fast, slow}
    assert {f.model for f in figures.values()} == {"m"}
    assert figures[fast].itl_at(8.0) == pytest.approx(0.01, rel=0.1)  # 0.5 of 16k tokens in use
    assert figures[slow].itl_at(8.0) == pytest.approx(0.04, rel=0.1)
    # a pod without the histogram (or not in the pool) teaches nothing
    learner.scraped(key(3), LoadSnapshot(itl_sum=1.0, itl_count=100))
    learner.scraped(fast, LoadSnapshot(running=3.0))
    assert {f.endpoint for f in speed.figures()} == {fast, slow}
