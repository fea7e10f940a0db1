"""The prefix index: one shared suite over the production index and the reference model,
then the production index held to the reference model on random and larger workloads."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_index import ReferenceIndex

from kinference_epp.kvcache import index as block_index
from kinference_epp.kvcache.events import (
    AllBlocksCleared,
    BlockRemoved,
    BlockStored,
    DecodedBatch,
    KVEvent,
    decode_batch,
)
from kinference_epp.kvcache.hashing import EngineHash, HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.tables import BlockTable
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.events import BlockRemoved as SimRemoved
from kinference_epp.sim.events import BlockStored as SimStored
from kinference_epp.sim.events import encode_batch

BS = 4
SCOPE = HashScope("m")
A, B, C = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000"), EndpointKey("10.0.0.3:8000")
Index = BlockIndex | ReferenceIndex
BACKENDS: dict[str, Callable[[int], Index]] = {
    "index": lambda cap=1 << 21: BlockIndex(block_size=BS, max_blocks_per_endpoint=cap),
    "reference": lambda cap=1 << 21: ReferenceIndex(block_size=BS, max_blocks_per_endpoint=cap),
}
"""Every implementation of ``interface.PrefixIndex``, by name; the argument is the cap."""
SEQS = [np.random.default_rng(i).integers(0, 1000, BS * 8) for i in range(3)]
REQ = [block_hashes(s, BS, SCOPE) for s in SEQS]


def engine(ep: EndpointKey, seq: int, block: int) -> EngineHash:
    """A per-pod engine hash, like vLLM's randomly seeded one."""
    digest = hashlib.blake2b(f"{ep}/{seq}/{block}".encode(), digest_size=8).digest()
    return EngineHash(int.from_bytes(digest, "big"))


def store(idx: Index, ep: EndpointKey, seq: int, a: int, b: int, medium: str = "GPU") -> int:
    parent = engine(ep, seq, a - 1) if a > 0 else None
    hashes = [engine(ep, seq, i) for i in range(a, b)]
    return idx.apply_stored(ep, SCOPE, hashes, parent, SEQS[seq][a * BS : b * BS], BS, medium)


def depth(idx: Index, ep: EndpointKey, seq: int = 0) -> tuple[int, int]:
    m = idx.match(REQ[seq])
    gpu, cpu = m.for_slots(idx.slots_for([ep]))
    return int(gpu[0]), int(cpu[0])


@pytest.fixture(params=sorted(BACKENDS))
def idx(request: pytest.FixtureRequest) -> Index:
    return BACKENDS[request.param](1 << 21)


def test_leading_blocks_per_endpoint(idx: Index) -> None:
    store(idx, A, 0, 0, 8)
    store(idx, B, 0, 0, 3)
    store(idx, C, 1, 0, 8)
    assert depth(idx, A) == (8, 0)
    assert depth(idx, B) == (3, 0)
    assert depth(idx, C) == (0, 0)
    assert depth(idx, C, 1) == (8, 0)
    unknown = idx.match(REQ[0]).for_slots(np.array([-1], dtype=np.intp))
    assert unknown[0].tolist() == [0]


def test_chained_events_and_gaps(idx: Index) -> None:
    store(idx, A, 0, 0, 2)
    store(idx, A, 0, 2, 5)
    assert depth(idx, A) == (5, 0)
    idx.apply_removed(A, [engine(A, 0, 1)], "GPU")
    assert depth(idx, A) == (1, 0)


def test_refcounts(idx: Index) -> None:
    store(idx, A, 0, 0, 4)
    store(idx, A, 0, 0, 4)
    idx.apply_removed(A, [engine(A, 0, 0)], "GPU")
    assert depth(idx, A) == (4, 0)
    idx.apply_removed(A, [engine(A, 0, 0)], "GPU")
    assert depth(idx, A) == (0, 0)


def test_cpu_tier_extends_the_gpu_run(idx: Index) -> None:
    store(idx, A, 0, 0, 2)
    store(idx, A, 0, 2, 6, "CPU")
    assert depth(idx, A) == (2, 4)
    idx.apply_removed(A, [engine(A, 0, 3)], "CPU")
    assert depth(idx, A) == (2, 1)


def test_unknown_parent_and_block_size_are_dropped(idx: Index) -> None:
    assert store(idx, A, 0, 3, 6) == 0
    assert depth(idx, A) == (0, 0)
    assert idx.apply_stored(A, SCOPE, [EngineHash(1)], None, np.arange(8), 8, "GPU") == 0
    assert idx.num_blocks(A) == 0


def test_scope_separates_lora(idx: Index) -> None:
    lora = HashScope("m", "adapter")
    idx.apply_stored(A, lora, [EngineHash(1), EngineHash(2)], None, SEQS[0][: 2 * BS], BS, "GPU")
    assert depth(idx, A) == (0, 0)
    m = idx.match(block_hashes(SEQS[0], BS, lora))
    assert m.for_slots(idx.slots_for([A]))[0].tolist() == [2]


def test_clear_and_remove_endpoint(idx: Index) -> None:
    store(idx, A, 0, 0, 8)
    store(idx, B, 0, 0, 8)
    idx.clear(A)
    assert depth(idx, A) == (0, 0)
    assert depth(idx, B) == (8, 0)
    slot_b = idx.slot_of(B)
    idx.remove_endpoint(B)
    assert idx.slot_of(B) is None
    assert idx.num_blocks(B) == 0
    store(idx, C, 0, 0, 1)
    assert idx.slot_of(C) == slot_b  # the slot is reused, with no stale bits
    assert depth(idx, C) == (1, 0)


def test_many_endpoints_vectorised_path(idx: Index) -> None:
    eps = [EndpointKey(f"10.1.0.{i}:8000") for i in range(100)]
    for i, ep in enumerate(eps):
        store(idx, ep, 0, 0, i % 9)
    gpu, _ = idx.match(REQ[0]).for_slots(idx.slots_for(eps))
    assert gpu.tolist() == [i % 9 for i in range(100)]


def test_long_request_past_the_first_lookup_chunk(idx: Index) -> None:
    """1500 blocks: an implementation may look up a leading chunk first, the rest on demand."""
    toks = np.random.default_rng(9).integers(0, 1000, BS * 1500)
    req = block_hashes(toks, BS, SCOPE)
    for ep, n, medium in ((A, 1500, "GPU"), (B, 1100, "GPU"), (C, 100, "GPU"), (C, 0, "CPU")):
        hashes = [engine(ep, 9, i) for i in range(n)]
        idx.apply_stored(ep, SCOPE, hashes, None, toks[: n * BS], BS, medium)
    gpu, cpu = idx.match(req).for_slots(idx.slots_for([A, B, C]))
    assert (gpu.tolist(), cpu.tolist()) == ([1500, 1100, 100], [0, 0, 0])
    idx.clear(A)
    idx.clear(B)
    gpu, _ = idx.match(req).for_slots(idx.slots_for([A, B, C]))
    assert gpu.tolist() == [0, 0, 100]
    idx.apply_stored(B, SCOPE, [engine(B, 9, i) for i in range(900)], None, toks[: 900 * BS], BS, "CPU")  # fmt: skip
    gpu, cpu = idx.match(req).for_slots(idx.slots_for([A, B, C]))
    assert (gpu.tolist(), cpu.tolist()) == ([0, 0, 100], [0, 900, 0])


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_cap_evicts_oldest(backend: str) -> None:
    idx = BACKENDS[backend](16)
    for s in range(3):
        store(idx, A, s, 0, 8)
    assert idx.num_blocks(A) <= 16
    assert idx.evicted >= 8
    assert depth(idx, A, 2) == (8, 0)
    assert depth(idx, A, 0) == (0, 0)


# ---- the production index against the reference model ---------------------------------


def _counters(idx: Index) -> dict[str, int]:
    names = ("stored", "removed", "dropped_unknown_parent", "dropped_block_size")
    names += ("dropped_malformed", "unknown_removed", "hash_conflicts", "evicted")
    return {n: getattr(idx, n) for n in names}


def _state(idx: Index, eps: list[EndpointKey]) -> object:
    """What a reader can see: depths of every request, blocks per endpoint, counters."""
    slots = idx.slots_for(eps)
    per_req = [idx.match(r).for_slots(slots) for r in REQ]
    return (
        [(g.tolist(), c.tolist()) for g, c in per_req],
        [idx.num_blocks(e) for e in eps],
        _counters(idx),
    )


_ops = st.lists(
    st.tuples(
        st.sampled_from(["store", "store", "store", "remove", "remove", "clear", "drop"]),
        st.sampled_from([A, B, C]),
        st.integers(0, 2),
        st.integers(0, 8),
        st.integers(0, 8),
        st.integers(0, 1),
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(ops=_ops)
def test_matches_reference_model(ops: list[tuple[str, EndpointKey, int, int, int, int]]) -> None:
    medium = ("GPU", "CPU")
    both = [BACKENDS[name](1 << 21) for name in ("index", "reference")]
    for op, ep, seq, x, y, tier in ops:
        for idx in both:
            if op == "store":
                store(idx, ep, seq, min(x, y), max(x, y), medium[tier])
            elif op == "remove":
                idx.apply_removed(ep, [engine(ep, seq, min(x, 7))], medium[tier])
            elif op == "clear":
                idx.clear(ep)
            else:
                idx.remove_endpoint(ep)
        got, want = (_state(idx, [A, B, C]) for idx in both)
        assert got == want, (op, ep)


# ---- differential: a larger seeded workload ----------------------------------------------


def test_backends_agree_under_growth_and_churn() -> None:
    """Hundreds of blocks on 70 endpoints (two mask words), both tiers, tables rebuilt."""
    rng = np.random.default_rng(7)
    seqs = [rng.integers(0, 50_000, BS * 64) for _ in range(40)]
    reqs = [block_hashes(s, BS, SCOPE) for s in seqs]
    eps = [EndpointKey(f"10.3.0.{i}:8000") for i in range(70)]
    backends = {name: make(1 << 21) for name, make in BACKENDS.items()}

    for step in range(1500):
        ep, seq = eps[int(rng.integers(len(eps)))], int(rng.integers(len(seqs)))
        op = rng.random()
        a = int(rng.integers(0, 64))
        b = min(64, a + int(rng.integers(1, 40)))
        medium = "CPU" if rng.random() < 0.2 else "GPU"
        for idx in backends.values():
            if op < 0.6:
                parent = engine(ep, seq, a - 1) if a else None
                hashes = [engine(ep, seq, i) for i in range(a, b)]
                idx.apply_stored(ep, SCOPE, hashes, parent, seqs[seq][a * BS : b * BS], BS, medium)
            elif op < 0.95:
                idx.apply_removed(ep, [engine(ep, seq, i) for i in range(a, b)], medium)
            elif op < 0.98:
                idx.clear(ep)
            else:
                idx.remove_endpoint(ep)
        if step % 50 == 49:
            results = []
            for idx in backends.values():
                slots = idx.slots_for(eps)
                per_req = [idx.match(r).for_slots(slots) for r in reqs]
                blocks = [idx.num_blocks(e) for e in eps]
                depths = [(g.tolist(), c.tolist()) for g, c in per_req]
                results.append((depths, blocks, _counters(idx)))
            assert all(r == results[0] for r in results), step


def test_refcounted_keys_follow_copies_and_shared_blocks() -> None:
    """A removal searches each tier's refcounted keys (``EngineMap.refkeys``), kept sorted
    between stores and removals instead of sorted at every removal: under churn with blocks
    stored again (copies) and the same tokens under two engine hashes (shared blocks), they
    stay the refcounts' keys, and the index agrees with the reference model."""
    rng = np.random.default_rng(13)
    base = [rng.integers(0, 50_000, BS * 32) for _ in range(3)]
    seqs = base + base  # sequences 3-5: the tokens of 0-2 under other engine hashes
    reqs = [block_hashes(s, BS, SCOPE) for s in base]
    eps = [A, B]
    both = {name: make(1 << 21) for name, make in BACKENDS.items()}
    ours = both["index"]
    assert isinstance(ours, BlockIndex)
    searched = 0
    for step in range(1200):
        ep, seq = eps[int(rng.integers(2))], int(rng.integers(len(seqs)))
        a = int(rng.integers(0, 32))
        b = min(32, a + int(rng.integers(1, 20)))
        medium = "CPU" if rng.random() < 0.2 else "GPU"
        op = rng.random()
        for idx in both.values():
            if op < 0.55:
                parent = engine(ep, seq, a - 1) if a else None
                hashes = [engine(ep, seq, i) for i in range(a, b)]
                idx.apply_stored(ep, SCOPE, hashes, parent, seqs[seq][a * BS : b * BS], BS, medium)
            elif op < 0.99:
                idx.apply_removed(ep, [engine(ep, seq, i) for i in range(a, b)], medium)
            else:
                idx.clear(ep)
        for e in ours._eps.values():
            for tier in e.tiers:
                if tier.refkeys is not None:
                    searched += 1
                    copied, shared = tier.refkeys
                    assert copied.tolist() == sorted(tier.copies), step
                    assert shared.tolist() == sorted(tier.shared), step
        if step % 100 == 99:
            slots = [idx.slots_for(eps) for idx in both.values()]
            got = [[idx.match(r).for_slots(sl)[0].tolist() for r in reqs] for idx, sl in zip(both.values(), slots, strict=True)]  # fmt: skip
            assert got[0] == got[1], step
            assert _counters(ours) == _counters(both["reference"]), step
    assert searched
    assert ours.removed


# ---- whole batches: apply_batch must equal the events applied one by one -----------------


_batch_event = st.tuples(
    st.sampled_from(["store", "store", "store", "remove", "remove", "clear", "odd", "twice"]),
    st.integers(0, 2),  # sequence
    st.integers(0, 8),
    st.integers(0, 8),
    st.integers(0, 1),  # tier
)


def _events(ep: EndpointKey, spec: list[tuple[str, int, int, int, int]]) -> list[KVEvent]:
    medium = ("GPU", "CPU")
    out: list[KVEvent] = []
    for op, seq, x, y, tier in spec:
        a, b = min(x, y), max(x, y)
        hashes = [engine(ep, seq, i) for i in range(a, b)]
        parent = engine(ep, seq, a - 1) if a > 0 else None
        tokens = SEQS[seq][a * BS : b * BS]
        if op == "store":
            out.append(BlockStored(hashes, parent, tokens, BS, medium[tier], None))
        elif op == "odd":  # dropped: another block size, or a token count that does not fit
            size = BS * 2 if tier else BS
            toks = tokens if tier else tokens[:-1]
            out.append(BlockStored(hashes, parent, toks, size, medium[tier], None))
        elif op == "remove":
            out.append(BlockRemoved(hashes, medium[tier]))
        elif op == "twice":  # one event naming its first hash twice: applied twice, in order
            if tier:
                out.append(BlockRemoved(hashes + hashes[:1], "GPU"))
            else:
                extra = tokens[:BS] if len(hashes) else tokens[:0]
                out.append(BlockStored(hashes + hashes[:1], parent, np.concatenate((tokens, extra)), BS, "GPU", None))  # fmt: skip
        else:
            out.append(AllBlocksCleared())
    return out


@settings(max_examples=150, deadline=None)
@given(batches=st.lists(st.tuples(st.sampled_from([A, B]), st.lists(_batch_event, max_size=8)), max_size=8))  # fmt: skip
def test_apply_batch_equals_one_by_one(batches: list[tuple[EndpointKey, list[tuple[str, int, int, int, int]]]]) -> None:  # fmt: skip
    """The production index's whole batches against the reference model's single events."""
    whole, single = BACKENDS["index"](1 << 21), BACKENDS["reference"](1 << 21)
    for ep, spec in batches:
        events = _events(ep, spec)
        whole.apply_batch(ep, SCOPE.model, DecodedBatch(0.0, events))
        for ev in events:
            single.apply_batch(ep, SCOPE.model, DecodedBatch(0.0, [ev]))
        assert _state(whole, [A, B]) == _state(single, [A, B])


def test_apply_batch_through_the_wire_and_across_backends() -> None:
    """Encoded by the simulator's publisher in both encodings, decoded, applied to both."""
    rng = np.random.default_rng(11)
    idxs = {name: make(1 << 21) for name, make in BACKENDS.items()}
    for step in range(200):
        ep = (A, B, C)[step % 3]
        spec = [
            (
                str(rng.choice(["store", "store", "remove", "odd"])),
                int(rng.integers(3)),
                int(rng.integers(9)),
                int(rng.integers(9)),
                int(rng.random() < 0.2),
            )
            for _ in range(int(rng.integers(1, 6)))
        ]
        wire = [_to_sim(ev) for ev in _events(ep, spec)]
        array, mapped = (decode_batch(encode_batch(wire, 0.0, e)) for e in ("array", "map"))
        assert array.n_events == mapped.n_events == len(wire)
        assert _same(array.events, mapped.events)
        for idx in idxs.values():
            idx.apply_batch(ep, SCOPE.model, array if step % 2 else mapped)
    states = [_state(idx, [A, B, C]) for idx in idxs.values()]
    assert all(s == states[0] for s in states)


def _same(a: list[KVEvent], b: list[KVEvent]) -> bool:
    def key(ev: KVEvent) -> object:
        if isinstance(ev, BlockStored):
            return (ev.block_hashes, ev.parent_block_hash, ev.token_ids.tolist(), ev.medium)
        return ev

    return [key(e) for e in a] == [key(e) for e in b]


def _to_sim(ev: KVEvent) -> SimStored | SimRemoved:
    if isinstance(ev, BlockStored):
        return SimStored(
            list(ev.block_hashes), ev.parent_block_hash, ev.token_ids.tolist(), ev.block_size,
            medium=ev.medium,
        )  # fmt: skip
    assert isinstance(ev, BlockRemoved)
    return SimRemoved(list(ev.block_hashes), medium=ev.medium)


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_apply_batch_of_a_long_prefill(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many 32-block chunks of one request in one batch, each the parent of the next: one
    chained run (the production index hashes the batch in one call), then evicted."""
    idx = BACKENDS[backend](1 << 21)
    toks = np.random.default_rng(5).integers(0, 1000, BS * 320)
    req = block_hashes(toks, BS, SCOPE)
    chunks: list[KVEvent] = []
    for c in range(10):
        hashes = [engine(A, 7, i) for i in range(c * 32, (c + 1) * 32)]
        parent = engine(A, 7, c * 32 - 1) if c else None
        chunks.append(BlockStored(hashes, parent, toks[c * 32 * BS : (c + 1) * 32 * BS], BS, "GPU", None))  # fmt: skip
    hashed: list[int] = []
    contents = block_index.block_contents
    monkeypatch.setattr(block_index, "block_contents", lambda t, bs: hashed.append(len(t)) or contents(t, bs))  # fmt: skip
    idx.apply_batch(A, SCOPE.model, DecodedBatch(0.0, chunks))
    assert idx.match(req).for_slots(idx.slots_for([A]))[0].tolist() == [320]
    assert idx.num_blocks(A) == 320
    if isinstance(idx, BlockIndex):
        assert hashed == [320 * BS]
    gone = BlockRemoved([engine(A, 7, i) for i in range(100, 320)], "GPU")
    idx.apply_batch(A, SCOPE.model, DecodedBatch(0.0, [gone]))
    assert idx.match(req).for_slots(idx.slots_for([A]))[0].tolist() == [100]
    assert (idx.stored, idx.removed) == (320, 220)


def _stored(seq: int, a: int, b: int, parent: bool = True, medium: str = "GPU") -> BlockStored:
    hashes = [engine(A, seq, i) for i in range(a, b)]
    up = engine(A, seq, a - 1) if parent and a else None
    return BlockStored(hashes, up, SEQS[seq][a * BS : b * BS], BS, medium, None)


def _removed(seq: int, a: int, b: int, medium: str = "GPU") -> BlockRemoved:
    return BlockRemoved([engine(A, seq, i) for i in range(a, b)], medium)


@pytest.mark.parametrize(
    "events",
    [
        [_removed(0, 1, 2), _stored(0, 2, 3)],  # the parent goes first: the store is dropped
        [_stored(0, 2, 4), _removed(0, 3, 4), _stored(0, 4, 6)],  # stored, gone, then a child
        [_stored(1, 0, 1), _stored(1, 0, 1)],  # one engine hash stored twice: two copies
        [_stored(1, 0, 2), _removed(1, 0, 2), _stored(1, 0, 2)],  # gone and back
        [_stored(1, 0, 3), AllBlocksCleared(), _stored(1, 3, 5)],  # cleared: the child orphaned
        [_stored(2, 0, 3, medium="CPU"), _stored(2, 3, 6)],  # a GPU child of an offload parent
        [_stored(2, 0, 4), _stored(0, 2, 5), _stored(2, 4, 8)],  # runs interleaved
        [_removed(0, 0, 2), _removed(0, 0, 2), _stored(0, 0, 1, parent=False)],  # twice gone
    ],
)
def test_batches_whose_order_matters_equal_the_reference(events: list[KVEvent]) -> None:
    whole, single = BACKENDS["index"](1 << 21), BACKENDS["reference"](1 << 21)
    for idx in (whole, single):
        store(idx, A, 0, 0, 2)
    whole.apply_batch(A, SCOPE.model, DecodedBatch(0.0, events))
    for ev in events:
        single.apply_batch(A, SCOPE.model, DecodedBatch(0.0, [ev]))
    assert _state(whole, [A]) == _state(single, [A])


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_restore_after_removal_next_to_a_new_block(backend: str) -> None:
    """One store revives a removed engine hash and adds a new one: two entries, not one.

    (A dead slot is reused by inserts; the one being revived must not be handed out. Ten
    endpoints so that, in some, both hashes land in the same bucket.)
    """
    idx = BACKENDS[backend](1 << 21)
    eps = [EndpointKey(f"10.4.0.{i}:8000") for i in range(10)]
    for ep in eps:
        store(idx, ep, 0, 0, 1)
        idx.apply_removed(ep, [engine(ep, 0, 0)], "GPU")
        store(idx, ep, 0, 0, 2)
    assert [depth(idx, ep) for ep in eps] == [(2, 0)] * 10
    for ep in eps:
        idx.apply_removed(ep, [engine(ep, 0, 1), engine(ep, 0, 0)], "GPU")
    assert [(idx.num_blocks(ep), depth(idx, ep)) for ep in eps] == [(0, (0, 0))] * 10
    assert idx.unknown_removed == 0


def test_block_table_finds_every_row_through_growth_kicks_and_reuse() -> None:
    """The cuckoo table itself: batches that collide, grow it, reuse dead rows' slots."""
    table = BlockTable()
    rng = np.random.default_rng(3)
    live: dict[int, int] = {}
    for step in range(60):
        keys = np.unique(rng.integers(1, 2**64 - 1, 900, dtype=np.uint64))
        keys = keys[table.find(keys) == 0]
        rows = table.insert(keys)
        table.gpu[rows, 0] = 1  # held by slot 0
        live.update(zip(keys.tolist(), rows.tolist(), strict=True))
        if step % 3 == 2:  # nobody holds a third of the rows any more
            held = list(live)
            gone = rng.choice(len(held), len(held) // 3, replace=False)
            table.gpu[[live.pop(held[i]) for i in gone.tolist()], 0] = 0
    want = np.array(list(live), dtype=np.uint64)
    assert table.find(want).tolist() == list(live.values())
    absent = rng.integers(1, 2**64 - 1, 1000, dtype=np.uint64)
    assert not table.find(absent[~np.isin(absent, want)]).any()
    held = table.keys[: table.n_rows] != 0
    assert table.used == int(np.count_nonzero(held))
    assert table.used <= len(table.slots) * 0.45
