"""The prefix-affinity scorer: home pod while within the bounded load, one fixed spill pod."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from sched_fakes import Row, build_pool

from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import LoadSnapshot
from kinference_epp.scheduling.plugins.affinity_scorer import (
    PrefixAffinityParams,
    PrefixAffinityScorer,
)
from kinference_epp.scheduling.types import InflightLoad, PrefixCredit, SchedulingRequest

N = 6


class FakePrefix:
    def __init__(self, cached: Sequence[float]) -> None:
        self.cached = np.asarray(cached, dtype=np.float64)

    def match(
        self, req: SchedulingRequest, pool: PoolView, *, approximate_only: bool = False
    ) -> PrefixCredit:
        n = len(pool)
        return PrefixCredit(self.cached, np.zeros(n), np.ones(n, np.bool_), 100, 16)


class FakeLoad:
    def __init__(self, requests: Sequence[float]) -> None:
        self.requests = np.asarray(requests, dtype=np.float64)

    def load(self, pool: PoolView) -> InflightLoad:
        zeros = np.zeros(len(pool))
        return InflightLoad(self.requests, zeros, zeros, zeros)


def request(first_block: int, blocks: int = 100) -> SchedulingRequest:
    hashes = np.arange(first_block, first_block + blocks, dtype=np.uint64)
    return SchedulingRequest(model="m", prompt_tokens=blocks * 16, block_hashes=hashes)


def best(
    cached: Sequence[float],
    load: Sequence[float],
    req: SchedulingRequest | None = None,
    rows: list[Row] | None = None,
    **params: float,
) -> int:
    pool = build_pool(rows or [Row(n) for n in range(1, N + 1)]).view()
    scorer = PrefixAffinityScorer(
        PrefixAffinityParams(**params), FakePrefix(cached), FakeLoad(load)
    )
    scores = scorer.score(req or request(1000), pool, np.ones(len(pool), dtype=np.bool_))
    assert ((scores >= 0) & (scores <= 1)).all()
    return int(scores.argmax())


def test_the_pod_holding_the_longest_prefix_wins_while_within_its_share() -> None:
    assert best([10, 90, 40, 0, 0, 0], [3, 5, 1, 0, 0, 0]) == 1


def test_an_overloaded_home_spills_to_one_pod_the_same_for_every_sibling() -> None:
    load = [0, 30, 2, 2, 2, 2]  # cap = 1.25 * 39 / 6 + 4 = 12.1: pod 1 is over it
    spills = {best([0, 90, 0, 0, 0, 0], load, request(1000, blocks=100 + i)) for i in range(8)}
    assert len(spills) == 1
    assert spills != {1}


def test_a_pod_already_holding_part_of_the_prefix_takes_the_spill() -> None:
    assert best([0, 90, 0, 60, 0, 0], [0, 30, 2, 2, 2, 2]) == 3


def test_new_prefixes_spread_by_their_first_block() -> None:
    picks = [best([0] * N, [0] * N, request(1000 * k)) for k in range(1, 61)]
    counts = np.bincount(picks, minlength=N)
    assert counts.min() >= 3  # 60 prefixes over 6 pods, none empty
    assert picks == [best([0] * N, [0] * N, request(1000 * k)) for k in range(1, 61)]


def test_a_queueing_pod_is_closed() -> None:
    rows = [Row(n, waiting=40 if n == 2 else 0) for n in range(1, N + 1)]
    assert best([0, 90, 0, 0, 0, 0], [0] * N, rows=rows) != 1


@pytest.mark.parametrize(("kv", "expected_home"), [(0.5, True), (0.999, False)])
def test_a_pod_without_free_kv_blocks_for_the_request_is_closed(
    kv: float, expected_home: bool
) -> None:
    rows = [Row(n, kv=kv if n == 2 else 0.0) for n in range(1, N + 1)]
    pool = build_pool(rows)
    for row in rows:
        pool.update_load(row.key, LoadSnapshot(kv_usage=row.kv, num_gpu_blocks=1000))
    view = pool.view()
    scorer = PrefixAffinityScorer(
        PrefixAffinityParams(), FakePrefix([0, 50, 0, 0, 0, 0]), FakeLoad([0] * N)
    )
    scores = scorer.score(request(1000), view, np.ones(N, dtype=np.bool_))
    assert (int(scores.argmax()) == 1) is expected_home
