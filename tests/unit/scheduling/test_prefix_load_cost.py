"""Scorer ``load-cost`` and the in-flight tracker it reads: prefill work vs load."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from prefix_fakes import BS, PROMPT, Clock, request, store
from sched_fakes import Row, build_pool, key

from kinference_epp.config.model import PluginConfig, SchedulerConfig
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import BuildContext, FloatVec
from kinference_epp.scheduling.inflight import InflightConfig, InflightTracker
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingResult

REGISTRY = default_registry()
RATE = 1000.0  # prefill tokens per second of the fake endpoints
UNIT_TERMS = {"decode_weight": 0.0, "batch_weight": 0.0, "stall_weight": 0.0, "dup_weight": 0.0}
"""Each test switches on the terms it is about."""


def setup(
    rows: list[Row], cached: dict[int, int]
) -> tuple[PoolDatastore, PrefixState, InflightTracker, Clock]:
    clock = Clock()
    index = BlockIndex(block_size=BS)
    for n, blocks in cached.items():
        store(index, key(n), blocks)
    pool = build_pool(rows)
    state = PrefixState(index, clock=clock)
    tracker = InflightTracker(
        pool, state, config=InflightConfig(prefill_tokens_per_s=RATE), clock=clock
    )
    return pool, state, tracker, clock


def scores(
    pool: PoolDatastore, state: PrefixState, tracker: InflightTracker | None, **params: Any
) -> list[float]:
    view = pool.view()
    scorer = REGISTRY.build_scorer(
        "load-cost", UNIT_TERMS | params, BuildContext(prefix=state, load=tracker)
    )
    got: list[float] = scorer.score(request(), view, view.all()).tolist()
    return got


def test_cached_idle_endpoint_wins() -> None:
    pool, state, tracker, _ = setup([Row(1), Row(2)], {2: 8})
    # cost: 32 new tokens on 1, 0 on 2  →  1 - cost/max
    assert scores(pool, state, tracker) == pytest.approx([0.0, 1.0])


def test_long_backlog_on_the_cached_endpoint_loses_to_a_cold_idle_one() -> None:
    pool, state, tracker, clock = setup([Row(1), Row(2)], {2: 6})
    other = request(PROMPT[::-1].copy(), rid="busy")  # an unrelated prompt queued on 2
    tracker.on_pick(other, SchedulingResult(endpoints=(key(2),)))
    # backlog on 2: 32 tokens (a 32-token prompt, none cached there for it) + 8 new = 40 > 32
    full = scores(pool, state, tracker, backlog_weight=1.0)
    assert full == pytest.approx([1.0 - 32 / 40, 0.0])
    # at the default weight 0.5 the wait counts half: 8 + 16 = 24 < 32, the hit waits
    assert scores(pool, state, tracker) == pytest.approx([0.0, 1.0 - 24 / 32])
    clock.now += 1.0  # the backlog drains at RATE tokens/s
    drained = scores(pool, state, tracker, backlog_weight=1.0)
    assert drained == pytest.approx([0.0, 1.0 - 8 / 32])


def test_hot_spot_guard_discounts_the_prefix_of_a_saturated_endpoint() -> None:
    pool, state, tracker, _ = setup([Row(1), Row(2, waiting=40)], {2: 8})
    # credit 32 tokens * 0.25 → 24 new tokens on 2 vs 32 on 1
    got = scores(pool, state, tracker, hot_credit=0.25, hot_waiting=32)
    assert got == pytest.approx([0.0, 1.0 - 24 / 32])


def test_kv_admission_prices_what_a_full_endpoint_cannot_hold() -> None:
    # 2 caches the whole prompt but its KV (25 blocks of 4 = 100 tokens) is 95 % taken:
    # 95 + 0 new + 10 output - 100 = 5 tokens past its free cache; 1's size is not scraped
    rows = [Row(1), Row(2, kv=0.95, num_gpu_blocks=25, block_size=BS)]
    pool, state, tracker, _ = setup(rows, {2: 8})
    assert pool.view().kv_capacity.tolist() == [0.0, 100.0]
    assert scores(pool, state, tracker, kv_weight=0.0) == pytest.approx([0.0, 1.0])  # off
    # kv_weight 10: 2 pays 50 against 1's 32 new tokens
    assert scores(pool, state, tracker, kv_weight=10.0) == pytest.approx([1.0 - 32 / 50, 0.0])
    # a margin of 10 % counts 10 more tokens as taken: 15 past, 150
    got = scores(pool, state, tracker, kv_weight=10.0, kv_margin=0.1)
    assert got == pytest.approx([1.0 - 32 / 150, 0.0])


def test_kv_admission_counts_what_the_picker_has_in_flight() -> None:
    rows = [Row(1), Row(2, kv=0.5, num_gpu_blocks=25, block_size=BS)]
    pool, state, tracker, _ = setup(rows, {2: 8})
    assert scores(pool, state, tracker, kv_weight=1.0) == pytest.approx([0.0, 1.0])
    # 50 taken + 10 output fits; an unrelated 32-token prompt + 10 output in flight there
    # makes it 50 + 10 + 42 = 102: 2 tokens past, cost 2 against 1's 32
    other = request(PROMPT[::-1].copy(), rid="busy")
    tracker.on_pick(other, SchedulingResult(endpoints=(key(2),)))
    got = scores(pool, state, tracker, kv_weight=1.0, backlog_weight=0.0)
    assert got == pytest.approx([0.0, 1.0 - 2 / 32])


def test_the_kv_term_spares_requests_whose_cached_prefix_is_shared() -> None:
    # 2 caches the whole prompt but is KV-full (5 tokens past its free cache, as above)
    rows = [Row(1), Row(2, kv=0.95, num_gpu_blocks=25, block_size=BS)]
    pool, state, tracker, _ = setup(rows, {2: 8})
    view = pool.view()
    params = UNIT_TERMS | {"kv_weight": 10.0, "private_tail": 0.5}
    scorer = REGISTRY.build_scorer("load-cost", params, BuildContext(prefix=state, load=tracker))
    # nothing has branched from its blocks yet: all 8 matched blocks are private, 2 pays
    assert scorer.score(request(), view, view.all()).tolist() == pytest.approx([1 - 32 / 50, 0])
    # a sibling that shares the first 7 blocks and then differs: the 7th has two successors
    sibling = PROMPT.copy()
    sibling[-1] += 1
    scorer.score(request(sibling, rid="sibling"), view, view.all())
    # now only 1 of the 8 matched blocks follows the branch: shared, the KV term is off
    assert scorer.score(request(), view, view.all()).tolist() == pytest.approx([0.0, 1.0])


def test_decode_and_gauge_weights() -> None:
    pool, state, tracker, _ = setup([Row(1, running=2), Row(2, waiting=1)], {})
    got = scores(pool, state, tracker, prefill_weight=0.0, running_weight=10, waiting_weight=30)
    assert got == pytest.approx([1.0 - 20 / 30, 0.0])
    flat = scores(pool, state, tracker, prefill_weight=0.0)
    assert flat == [1.0, 1.0]  # no cost anywhere: every candidate scores 1


def test_without_a_tracker_scraped_load_stands_in() -> None:
    pool, state, _, _ = setup([Row(1, running=1), Row(2)], {})
    got = scores(pool, state, None, unwired_request_tokens=32)
    assert got == pytest.approx([0.0, 1.0 - 32 / 64])


def test_tracker_counts_uncached_tokens_and_finishes() -> None:
    pool, state, tracker, clock = setup([Row(1), Row(2)], {1: 6})
    view = pool.view()
    req = request(max_tokens=10)
    state.match(req, view)
    tracker.on_pick(req, SchedulingResult(endpoints=(key(1),)))
    load = tracker.load(view)
    assert load.requests.tolist() == [1.0, 0.0]
    assert load.kv_tokens.tolist() == [8.0 + 10.0, 0.0]  # 2 uncached blocks + output
    assert load.prefill_backlog_tokens.tolist() == pytest.approx([8.0, 0.0])
    clock.now += 0.004
    assert tracker.load(view).prefill_backlog_tokens.tolist() == pytest.approx([4.0, 0.0])
    assert tracker.finish("r") is not None
    assert tracker.finish("r") is None
    assert tracker.load(view).requests.tolist() == [0.0, 0.0]


def test_tracker_expires_lost_requests() -> None:
    pool, _, _, clock = setup([Row(1)], {})
    tracker = InflightTracker(pool, None, config=InflightConfig(ttl_s=10), clock=clock)
    tracker.on_pick(request(), SchedulingResult(endpoints=(key(1),)))
    assert tracker.count(key(1)) == 1
    clock.now += 11
    assert tracker.load(pool.view()).requests.tolist() == [0.0]
    assert len(tracker) == 0


def test_precise_prefix_router_sends_siblings_of_a_new_prefix_together() -> None:
    """Predicted state: no KV event has arrived yet, the second sibling follows the first."""
    pool, state, tracker, clock = setup([Row(n) for n in range(1, 5)], {})
    sched = Scheduler(
        SchedulerConfig(router="precise-prefix", seed=0),
        pool,
        prefix=state,
        load=tracker,
        observers=[tracker, state],
    )
    first = sched.schedule(request(rid="a")).primary
    clock.now += 0.02  # 20 ms later: the first prompt's prefill is under way, not reported
    second = sched.schedule(request(rid="b")).primary
    assert first == second


def test_load_cost_weights_are_configurable_through_weighted() -> None:
    pool, state, tracker, _ = setup([Row(1), Row(2)], {2: 8})
    sched = Scheduler(
        SchedulerConfig(
            router="weighted",
            seed=0,
            scorers=[PluginConfig(type="load-cost", params={"prefill_weight": 0.0})],
        ),
        pool,
        prefix=state,
        load=tracker,
    )
    assert sched.weights == {"load-cost": 1.0}


def test_a_warm_pod_whose_batch_is_the_bottleneck_loses_to_an_idle_cold_pod() -> None:
    # 2 caches the whole prompt, but decodes an unrelated request: 32 prompt tokens + half of
    # its 10 output tokens = 37 tokens of context in its batch
    pool, state, tracker, _ = setup([Row(1), Row(2)], {2: 8})
    busy = request(PROMPT[::-1].copy(), rid="busy")
    tracker.on_pick(busy, SchedulingResult(endpoints=(key(2),)))
    assert tracker.load(pool.view()).context_tokens.tolist() == [0.0, 37.0]
    # without the batch term the hit wins (no prefill there)
    assert scores(pool, state, tracker, backlog_weight=0.0) == pytest.approx([0.0, 1.0])
    # batch_weight 100: the request's 10 output tokens over 37 tokens of context cost
    # 100 * 10 * 37 / 1000 = 37 on 2, more than re-prefilling its 32 tokens on idle 1
    got = scores(pool, state, tracker, backlog_weight=0.0, batch_weight=100.0)
    assert got == pytest.approx([1.0 - 32 / 37, 0.0])
    # a short answer decodes little: 1 output token costs 3.7 there, the hit wins again
    view = pool.view()
    scorer = REGISTRY.build_scorer(
        "load-cost",
        UNIT_TERMS | {"backlog_weight": 0.0, "batch_weight": 100.0},
        BuildContext(prefix=state, load=tracker),
    )
    short = scorer.score(request(max_tokens=1), view, view.all()).tolist()
    assert short == pytest.approx([0.0, 1.0 - 3.7 / 32])


def test_a_prefix_cached_everywhere_does_not_attract_to_the_busier_pod() -> None:
    pool, state, tracker, _ = setup([Row(1), Row(2)], {1: 8, 2: 8})
    busy = request(PROMPT[::-1].copy(), rid="busy")
    tracker.on_pick(busy, SchedulingResult(endpoints=(key(2),)))
    # the hit is the same on both: only the batch each would join tells them apart
    assert scores(pool, state, tracker, backlog_weight=0.0, batch_weight=1.0) == [1.0, 0.0]


def test_a_miss_on_a_full_cache_pays_for_what_it_evicts() -> None:
    # 2 holds half the prompt but its cache is 80 % in use; 1 is cold and empty
    pool, state, tracker, _ = setup([Row(1), Row(2, kv=0.8)], {2: 4})
    # without the term 2 is cheaper: 16 new tokens against 32
    assert scores(pool, state, tracker) == pytest.approx([0.0, 1.0 - 16 / 32])
    # dup_weight 1: its 16 new tokens evict 16 * 0.8 / 0.2 = 64 tokens' worth: 80 against 32
    got = scores(pool, state, tracker, dup_weight=1.0)
    assert got == pytest.approx([1.0 - 32 / 80, 0.0])


def test_a_cache_full_of_prefixes_no_request_runs_on_counts_as_full() -> None:
    # vLLM reports no KV in use on either pod, but 2's KV events say its 25-block cache holds
    # 20 blocks (80 %): the 4 of this prompt and 16 of another; 1 is cold and empty
    rows = [Row(n, num_gpu_blocks=25, block_size=BS) for n in (1, 2)]
    pool, state, tracker, _ = setup(rows, {2: 4})
    other = np.arange(5000, 5000 + 20 * BS, dtype=np.int64)
    store(state.index, key(2), 16, first=4, tokens=other)  # type: ignore[arg-type]
    # without the term 2 is cheaper: 16 new tokens against 32
    assert scores(pool, state, tracker) == pytest.approx([0.0, 1.0 - 16 / 32])
    # dup_weight 1: its 16 new tokens evict 16 * 0.8 / 0.2 = 64 tokens' worth: 80 against 32
    got = scores(pool, state, tracker, dup_weight=1.0)
    assert got == pytest.approx([1.0 - 32 / 80, 0.0])


def test_a_prefill_on_a_busy_pod_is_priced_by_the_batch_it_delays() -> None:
    # 2 holds half the prompt and has three unrelated requests in flight; 1 is cold and idle
    pool, state, tracker, _ = setup([Row(1), Row(2)], {2: 4})
    for i in range(3):
        other = request(PROMPT[::-1].copy() + i, rid=f"busy{i}")
        tracker.on_pick(other, SchedulingResult(endpoints=(key(2),)))
    # without the term the half hit wins: 16 new tokens against 32
    assert scores(pool, state, tracker, backlog_weight=0.0) == pytest.approx([0.0, 0.5])
    # stall_weight 1: its 16 new tokens delay 3 decoding requests too, 16 * (1 + 3) = 64
    got = scores(pool, state, tracker, backlog_weight=0.0, stall_weight=1.0)
    assert got == pytest.approx([1.0 - 32 / 64, 0.0])


@dataclass
class ItlSpeed:
    """A speed source that prices every endpoint alike and predicts each one's ITL."""

    itl_base: list[float]

    def factors(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        return np.ones(len(view)), np.ones(len(view))

    def itl(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        return np.array(self.itl_base), np.zeros(len(view))

    def prefill_rate(self, endpoint: EndpointKey, model: str) -> float:
        return RATE

    def output_tokens(self, model: str | None) -> float | None:
        return None


def test_the_batch_term_counts_in_full_far_under_the_itl_limit() -> None:
    # as in the bottleneck test above: 2 caches the prompt and decodes 37 tokens of context;
    # batch_weight 100 prices that at 37 against re-prefilling 32 tokens on idle 1
    pool, state, tracker, _ = setup([Row(1), Row(2)], {2: 8})
    busy = request(PROMPT[::-1].copy(), rid="busy")
    tracker.on_pick(busy, SchedulingResult(endpoints=(key(2),)))
    view = pool.view()
    params = UNIT_TERMS | {"backlog_weight": 0.0, "batch_weight": 100.0, "own_weight": 0.0}

    def with_itl(itl_s: float) -> list[float]:
        speed = ItlSpeed([itl_s, itl_s])
        ctx = BuildContext(prefix=state, load=tracker, speed=speed)
        scorer = REGISTRY.build_scorer("load-cost", params, ctx)
        got: list[float] = scorer.score(request(), view, view.all()).tolist()
        return got

    # the slower decode is the request's own time whatever the pod's ITL: at a fifth of the
    # 50 ms limit, at the limit and past it the idle cold pod wins, as without a speed model
    for itl_s in (0.01, 0.045, 0.05, 0.08):
        assert with_itl(itl_s) == pytest.approx([1.0 - 32 / 37, 0.0])


def test_the_stall_term_grows_as_the_pods_predicted_itl_nears_its_limit() -> None:
    # 2 holds half the prompt and has three requests in flight; 1 is cold and idle
    pool, state, tracker, _ = setup([Row(1), Row(2)], {2: 4})
    for i in range(3):
        other = request(PROMPT[::-1].copy() + i, rid=f"busy{i}")
        tracker.on_pick(other, SchedulingResult(endpoints=(key(2),)))
    view = pool.view()
    params = UNIT_TERMS | {"backlog_weight": 0.0, "stall_weight": 1.0, "own_weight": 0.0}

    def with_itl(itl_s: float) -> list[float]:
        ctx = BuildContext(prefix=state, load=tracker, speed=ItlSpeed([itl_s, itl_s]))
        got: list[float] = (
            REGISTRY.build_scorer("load-cost", params, ctx).score(request(), view, view.all())
        ).tolist()
        return got

    # at the limit its 16 new tokens delay 3 sequences: 16 * 4 = 64 against 32 on idle 1
    assert with_itl(0.05) == pytest.approx([1.0 - 32 / 64, 0.0])
    # at half the limit the stall counts a quarter: 16 * (1 + 3 / 4) = 28, the half hit wins
    assert with_itl(0.025) == pytest.approx([0.0, 1.0 - 28 / 32])
