"""The peers' scoring rules, each against its source's formula on fake pools."""

from __future__ import annotations

import numpy as np
import pytest
from sched_fakes import Row, build_pool, key

from kinference_epp.kvcache.hashing import EngineHash, HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.plugins.peers.dynamo_cost import DynamoCostScorer
from kinference_epp.scheduling.plugins.peers.gie_prefix import GiePrefixScorer
from kinference_epp.scheduling.plugins.peers.llmd_prefix import LlmdPrefixScorer
from kinference_epp.scheduling.plugins.peers.picked_blocks import PickedBlocks
from kinference_epp.scheduling.plugins.peers.sglang_cache_aware import SglangCacheAwarePicker
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

BS = 4
SCOPE = HashScope("m")


def tokens(blocks: int, start: int = 1000) -> np.ndarray:
    return np.arange(start, start + blocks * BS, dtype=np.int64)


def request(toks: np.ndarray, rid: str = "r") -> SchedulingRequest:
    return SchedulingRequest(
        model="m",
        request_id=rid,
        prompt_tokens=len(toks),
        block_hashes=block_hashes(toks, BS, SCOPE),
    )


def picked(req: SchedulingRequest, n: int) -> SchedulingResult:
    return SchedulingResult(endpoints=(key(n),))


def index_with(held: dict[int, int], toks: np.ndarray) -> PrefixIndex:
    """A precise index where endpoint ``n`` holds the first ``held[n]`` blocks of ``toks``."""
    index = BlockIndex(block_size=BS)
    for n, blocks in held.items():
        base = n * 10_000
        index.apply_stored(
            key(n),
            SCOPE,
            [EngineHash(base + i) for i in range(blocks)],
            None,
            toks[: blocks * BS],
            BS,
            "GPU",
        )
    return index


ALL = np.ones(4, dtype=np.bool_)


def test_picked_blocks_is_an_lru_per_endpoint_with_a_reverse_map() -> None:
    blocks = PickedBlocks(lambda _: 3)
    a, b = EndpointKey("a:1"), EndpointKey("b:1")
    blocks.add(a, [1, 2, 3])
    blocks.add(b, [2])
    blocks.add(a, [1, 4])  # 1 refreshed; 2 is now the oldest and goes
    assert blocks.size(a) == 3
    assert blocks.holders(2) == {b}
    assert blocks.holders(1) == {a}
    assert blocks.holders(9) is None


def test_gie_scores_the_matched_share_of_at_most_256_blocks_from_its_own_picks() -> None:
    pool = build_pool([Row(n) for n in range(1, 5)]).view()
    scorer = GiePrefixScorer(max_prefix_blocks=6)
    long = tokens(10)
    scorer.on_pick(request(long[: 3 * BS]), picked(request(long), 1))  # pod 1: blocks 0-2
    scorer.on_pick(request(long), picked(request(long), 2))  # pod 2: blocks 0-5 (capped at 6)
    scores = scorer.score(request(long), pool, ALL)
    assert scores.tolist() == pytest.approx([3 / 6, 6 / 6, 0.0, 0.0])
    assert scorer.score(request(tokens(3, start=5000)), pool, ALL).tolist() == [0.0] * 4


def test_gie_never_hears_of_evictions_and_its_lru_has_a_fixed_capacity() -> None:
    pool = build_pool([Row(1), Row(2)]).view()
    scorer = GiePrefixScorer(capacity=lambda _: 4)
    first, second = tokens(4), tokens(4, start=9000)
    scorer.on_pick(request(first), picked(request(first), 1))
    assert scorer.score(request(first), pool, ALL[:2])[0] == 1.0
    scorer.on_pick(request(second), picked(request(second), 1))  # pushes `first` out
    assert scorer.score(request(first), pool, ALL[:2])[0] == 0.0


def test_llmd_normalises_leading_blocks_min_max_over_the_pods_that_hold_any() -> None:
    toks = tokens(8)
    pool = build_pool([Row(n) for n in range(1, 5)]).view()
    scorer = LlmdPrefixScorer(index_with({1: 8, 2: 2, 3: 5}, toks))
    assert scorer.score(request(toks), pool, ALL).tolist() == pytest.approx([1.0, 0.0, 0.5, 0.0])
    same = LlmdPrefixScorer(index_with({2: 3, 4: 3}, toks))
    assert same.score(request(toks), pool, ALL).tolist() == [0.0, 1.0, 0.0, 1.0]


def test_dynamo_cost_is_uncached_prefill_blocks_plus_active_decode_blocks() -> None:
    toks = tokens(8)
    pool = build_pool([Row(n) for n in range(1, 4)]).view()
    mask = np.ones(3, dtype=np.bool_)
    scorer = DynamoCostScorer(index_with({1: 6}, toks))
    # pod 1: prefill 8 - 6 = 2 blocks, decode 8 -> 10; pods 2, 3: 8 + 8 = 16
    assert scorer.score(request(toks), pool, mask).tolist() == pytest.approx(
        [1 - 10 / 16, 0.0, 0.0]
    )
    # a request in flight on pod 2 (prefill not done) adds its prefill tokens and blocks there
    other = tokens(8, start=7000)
    scorer.score(request(other, "x"), pool, mask)
    scorer.on_pick(request(other, "x"), picked(request(other, "x"), 2))
    costs = {"pod1": 10.0, "pod2": 16 + 8 + 8, "pod3": 16.0}
    top = max(costs.values())
    expected = [1 - c / top for c in costs.values()]
    assert scorer.score(request(toks), pool, mask).tolist() == pytest.approx(expected)
    scorer.active.first_token("x")  # its prefill is done: only its blocks remain
    scorer.active.finish("x")
    assert scorer.score(request(toks), pool, mask).tolist() == pytest.approx(
        [1 - 10 / 16, 0.0, 0.0]
    )


def test_sglang_balances_when_load_is_skewed_else_follows_its_tree() -> None:
    keys4 = tuple(key(n) for n in range(1, 5))
    sg = SglangCacheAwarePicker(keys4, balance_abs_threshold=2, balance_rel_threshold=1.5)
    mask = np.ones(4, dtype=np.bool_)
    zeros = np.zeros(4)
    toks = tokens(10)
    # empty trees: the smallest tree (all equal) -> the lowest slot
    first = sg.pick(request(toks, "a"), zeros, mask, 1)
    assert first == [0]
    sg.on_pick(request(toks, "a"), picked(request(toks), 1))
    # a sibling sharing 9 of 10 blocks (> 30 %) follows it; a stranger goes to an empty tree
    sibling = np.concatenate((toks[: 9 * BS], tokens(1, start=8000)))
    assert sg.pick(request(sibling, "b"), zeros, mask, 1) == [0]
    assert sg.pick(request(tokens(10, start=50_000), "c"), zeros, mask, 1) == [1]
    # pod 1 now runs 4 requests more than the others: balance by load, whatever the tree says
    for rid in "defg":
        sg.on_pick(request(toks, rid), picked(request(toks), 1))
    assert sg.pick(request(toks, "h"), zeros, mask, 1) == [1]
    for rid in "adefg":
        sg.finish(rid)
    assert sg.pick(request(toks, "i"), zeros, mask, 1) == [0]
