"""Scorer ``prefix`` over the prefix state: precise, approximate, predicted, CPU tier."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from prefix_fakes import BS, PROMPT, Clock, request, store
from sched_fakes import Row, build_pool, key

from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.scheduling.framework import BuildContext
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.prefix_state import PrefixState, PrefixStateConfig
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

REGISTRY = default_registry()
ROWS = [Row(1), Row(2), Row(3)]


def scores(state: PrefixState | None, req: SchedulingRequest, **params: Any) -> list[float]:
    pool = build_pool(ROWS).view()
    scorer = REGISTRY.build_scorer("prefix", params, BuildContext(prefix=state))
    return scorer.score(req, pool, pool.all()).tolist()


def picked(state: PrefixState, req: SchedulingRequest, n: int) -> None:
    state.on_pick(req, SchedulingResult(endpoints=(key(n),)))


@pytest.mark.parametrize(
    ("stored", "params", "expected"),
    [
        ({}, {}, [0.0, 0.0, 0.0]),
        ({1: [(4, "GPU")], 3: [(8, "GPU")]}, {}, [0.5, 0.0, 1.0]),
        # 2 GPU blocks, then 2 more only in the CPU tier: (2 + w * 2) / 8
        ({1: [(2, "GPU"), (4, "CPU")]}, {"cpu_weight": 0.5}, [0.375, 0.0, 0.0]),
        ({1: [(2, "GPU"), (4, "CPU")]}, {"cpu_weight": 0.0}, [0.25, 0.0, 0.0]),
        # the approximate source ignores the events
        ({1: [(8, "GPU")]}, {"source": "approximate"}, [0.0, 0.0, 0.0]),
    ],
)
def test_precise_scores(
    stored: dict[int, list[tuple[int, str]]], params: dict[str, Any], expected: list[float]
) -> None:
    index = BlockIndex(block_size=BS)
    for n, runs in stored.items():
        for blocks, medium in runs:
            store(index, key(n), blocks, medium)
    assert scores(PrefixState(index, clock=Clock()), request(), **params) == pytest.approx(expected)


def test_no_source_or_no_blocks_scores_zero() -> None:
    assert scores(None, request()) == [0.0, 0.0, 0.0]
    state = PrefixState(BlockIndex(block_size=BS), clock=Clock())
    assert scores(state, SchedulingRequest(model="m")) == [0.0, 0.0, 0.0]


def test_unhealthy_endpoint_is_scored_from_routing_history() -> None:
    index = BlockIndex(block_size=BS)
    store(index, key(1), 8)
    clock = Clock()
    state = PrefixState(index, is_precise=lambda k: k != key(2), clock=clock)
    picked(state, request(rid="old"), 2)
    clock.now += 60  # long after the predicted window: only the approximate index remembers
    assert scores(state, request()) == pytest.approx([1.0, 1.0, 0.0])


def test_predicted_blocks_credit_siblings_until_events_arrive() -> None:
    clock = Clock()
    state = PrefixState(
        BlockIndex(block_size=BS),
        config=PrefixStateConfig(predicted_ttl_s=2, routed_stride_blocks=1),
        clock=clock,
    )
    # an approximate-only scorer in the chain: every pick is also kept in the approximate state
    assert scores(state, request(), source="approximate") == pytest.approx([0.0, 0.0, 0.0])
    first = request(PROMPT[: 6 * BS], rid="first")
    picked(state, first, 3)
    assert scores(state, request()) == pytest.approx([0.0, 0.0, 0.75])
    clock.now += 3  # no BlockStored confirmed them in time
    assert scores(state, request()) == pytest.approx([0.0, 0.0, 0.0])
    # the approximate-only view still remembers the pick
    assert scores(state, request(), source="approximate") == pytest.approx([0.0, 0.0, 0.75])


def test_approximate_state_is_kept_only_for_endpoints_without_healthy_events() -> None:
    clock = Clock()
    healthy = {key(1), key(2), key(3)}
    state = PrefixState(
        BlockIndex(block_size=BS),
        is_precise=lambda k: k in healthy,
        config=PrefixStateConfig(health_refresh_s=0, routed_stride_blocks=1),
        clock=clock,
    )
    picked(state, request(PROMPT[: 8 * BS], rid="a"), 1)  # healthy: not recorded
    assert state.approx.num_entries == 0
    healthy.discard(key(2))
    state.mark_stale()
    picked(state, request(PROMPT[: 8 * BS], rid="b"), 2)  # its stream failed: recorded
    assert state.approx.num_blocks(key(2)) == 8
    clock.now += 10  # predicted state gone; endpoint 2 scores from its routing history
    assert scores(state, request()) == pytest.approx([0.0, 1.0, 0.0])


def test_one_match_per_request_is_shared() -> None:
    index = BlockIndex(block_size=BS)
    state = PrefixState(index, clock=Clock())
    pool = build_pool(ROWS).view()
    req = request()
    first = state.match(req, pool)
    store(index, key(1), 8)  # a change after the match does not alter this request's answer
    assert state.match(req, pool) is first
    assert state.match(request(), pool).gpu.tolist() == [8.0, 0.0, 0.0]


def test_endpoints_unknown_to_the_index_score_zero_and_are_picked_up_later() -> None:
    index = BlockIndex(block_size=BS)
    store(index, key(2), 8)
    state = PrefixState(index, clock=Clock())
    assert scores(state, request()) == pytest.approx([0.0, 1.0, 0.0])
    store(index, key(3), 4)
    assert np.allclose(scores(state, request()), [0.0, 1.0, 0.5])
