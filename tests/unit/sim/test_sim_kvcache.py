"""The paged KV cache: prefix reuse, LRU eviction, reference counts and events."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.sim.events import AllBlocksCleared, BlockRemoved, BlockStored
from kinference_epp.sim.kvcache import MASK64, KVCache, KVCacheSeq

BS = 4


def fill(kv: KVCache, tokens: list[int], lora: str | None = None) -> KVCacheSeq:
    """Allocate, compute and commit a whole sequence, as the engine would."""
    seq = KVCacheSeq(lora)
    hit = kv.match_prefix(seq, tokens)
    assert kv.allocate(seq, len(tokens), hit)
    kv.commit(seq, tokens, len(tokens))
    return seq


def test_prefix_reuse_shares_blocks_and_caps_at_last_token() -> None:
    kv = KVCache(16, BS)
    a = fill(kv, list(range(12)))
    b = KVCacheSeq(None)
    hit = kv.match_prefix(b, list(range(12)))
    # 12 tokens = 3 full blocks, but the last token must be computed: 2 blocks hit.
    assert hit == a.block_ids[:2]
    assert kv.allocate(b, 12, hit)
    assert [kv.ref_count(x) for x in a.block_ids] == [2, 2, 1]
    longer = KVCacheSeq(None)
    assert kv.match_prefix(longer, [*range(12), 99]) == a.block_ids


def test_lora_names_scope_the_hashes() -> None:
    kv = KVCache(16, BS)
    fill(kv, list(range(8)), lora="adapter-a")
    assert kv.match_prefix(KVCacheSeq("adapter-b"), list(range(9))) == []
    assert len(kv.match_prefix(KVCacheSeq("adapter-a"), list(range(9)))) == 2
    assert kv.block_hashes_of(range(8), "x") != kv.block_hashes_of(range(8), "y")
    assert KVCache(4, BS, seed=1).block_hashes_of(range(8)) != kv.block_hashes_of(range(8))


def test_block_stored_event_chains_parents() -> None:
    kv = KVCache(16, BS)
    seq = KVCacheSeq("lora-x")
    tokens = list(range(10))
    assert kv.allocate(seq, 10)
    kv.commit(seq, tokens, 5)  # one full block
    kv.commit(seq, tokens, 10)  # a second full block; 2 tokens stay uncached
    first, second = kv.drain_events()
    assert isinstance(first, BlockStored)
    assert isinstance(second, BlockStored)
    assert first.parent_block_hash is None
    assert first.token_ids == [0, 1, 2, 3]
    assert second.parent_block_hash == first.block_hashes[0]
    assert second.token_ids == [4, 5, 6, 7]
    assert (first.block_size, first.medium, first.lora_name) == (BS, "GPU", "lora-x")
    assert first.block_hashes + second.block_hashes == kv.block_hashes_of(tokens, "lora-x")
    assert all(0 <= h <= MASK64 for h in first.block_hashes)


def test_lru_evicts_oldest_freed_first_and_tail_blocks_first() -> None:
    kv = KVCache(4, BS)
    a = fill(kv, list(range(8)))
    b = fill(kv, list(range(100, 108)))
    ha, hb = a.block_hashes, b.block_hashes
    kv.free(a)
    kv.free(b)
    kv.drain_events()
    c = KVCacheSeq(None)
    assert kv.allocate(c, 12)  # three blocks: a's two (tail first), then b's tail
    removed = [h for e in kv.drain_events() if isinstance(e, BlockRemoved) for h in e.block_hashes]
    assert removed == [ha[1], ha[0], hb[1]]
    assert kv.is_cached(hb[0])
    assert not kv.is_cached(ha[0])


def test_referenced_blocks_are_never_evicted_and_allocation_is_all_or_nothing() -> None:
    kv = KVCache(4, BS)
    a = fill(kv, list(range(12)))  # 3 blocks pinned
    c = KVCacheSeq(None)
    assert not kv.allocate(c, 8)  # needs 2, only 1 free
    assert c.block_ids == []
    assert kv.num_free_blocks == 1
    assert not any(isinstance(e, BlockRemoved) for e in kv.drain_events())
    assert kv.allocate(c, 4)
    assert kv.usage == 1.0
    assert all(kv.is_cached(h) for h in a.block_hashes)


def test_hit_on_a_free_cached_block_pins_it() -> None:
    kv = KVCache(3, BS)
    a = fill(kv, list(range(9)))  # 3 blocks, 2 full
    kv.free(a)
    b = KVCacheSeq(None)
    hit = kv.match_prefix(b, list(range(9)))
    assert len(hit) == 2
    assert kv.allocate(b, 9, hit)  # reuses two, takes the third (evicting nothing cached)
    assert kv.num_free_blocks == 0
    assert not any(isinstance(e, BlockRemoved) for e in kv.drain_events())


def test_reset_clears_everything_but_only_when_idle() -> None:
    kv = KVCache(4, BS)
    a = fill(kv, list(range(8)))
    assert not kv.reset()
    kv.free(a)
    kv.drain_events()
    assert kv.reset()
    assert kv.drain_events() == [AllBlocksCleared()]
    assert kv.match_prefix(KVCacheSeq(None), list(range(9))) == []


def test_signed_hashes_are_twos_complement_of_unsigned() -> None:
    signed = KVCache(64, BS, signed_hashes=True)
    unsigned = KVCache(64, BS)
    for n in range(40):
        tokens = list(range(n, n + 4))
        s = fill(signed, tokens).block_hashes
        ev_s = signed.drain_events()[0]
        fill(unsigned, tokens)
        ev_u = unsigned.drain_events()[0]
        assert isinstance(ev_s, BlockStored)
        assert isinstance(ev_u, BlockStored)
        assert ev_s.block_hashes[0] & MASK64 == ev_u.block_hashes[0] == s[0]
        assert -(2**63) <= ev_s.block_hashes[0] < 2**63


def test_prefix_counters() -> None:
    kv = KVCache(4, BS)
    kv.record_lookup(12, 8)
    kv.record_lookup(4, 0)
    assert (kv.prefix_queries, kv.prefix_hits) == (16, 8)


def test_invalid_sizes_rejected() -> None:
    with pytest.raises(ValueError, match="positive"):
        KVCache(0, BS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 20), st.booleans()), max_size=40))
def test_refcounts_and_cached_index_stay_consistent(ops: list[tuple[int, int, bool]]) -> None:
    """Random allocate/commit/free sequences keep free + referenced = all blocks."""
    kv = KVCache(8, BS)
    live: list[KVCacheSeq] = []
    for prefix, length, release in ops:
        tokens = [prefix] * 4 + list(range(length))
        seq = KVCacheSeq(None)
        hit = kv.match_prefix(seq, tokens)
        if kv.allocate(seq, len(tokens), hit):
            kv.commit(seq, tokens, len(tokens))
            live.append(seq)
        if release and live:
            kv.free(live.pop(0))
        referenced = {b for s in live for b in s.block_ids}
        assert kv.num_free_blocks + len(referenced) == kv.num_blocks
        for s in live:
            assert all(kv.ref_count(b) >= 1 for b in s.block_ids)
    for s in live:
        kv.free(s)
    assert kv.usage == 0.0
