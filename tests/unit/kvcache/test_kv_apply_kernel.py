"""``apply_kernel`` against plain numpy/Python references.

The whole-index behaviour (against the reference model, refcounts, caps) is held by
``test_kv_index.py``; here each kernel meets its own reference: ``find_keys`` the numpy
bucket search, ``held_own`` the numpy find and gather, ``touches`` a set, and
``store_keys``/``remove_keys`` (through ``_store``/``_remove``) a dict model of which
endpoint holds which own hash, on tables small enough to make them kick, rebuild and grow.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.kvcache import apply_kernel
from kinference_epp.kvcache.decode_kernel import S_COLS, S_HAS_PARENT, S_PARENT
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.interface import GPU, OFFLOAD
from kinference_epp.kvcache.tables import WIDTH, Keys, mix_keys
from kinference_epp.pool.endpoint import EndpointKey

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]


def _byte_index(hit: U64) -> I64:
    """For words whose only non-zero byte is ``0x01`` at byte ``j``: ``j`` (the numpy
    reference's bit trick: the top byte of ``hit * 0x0001020304050607``)."""
    j: I64 = ((hit * np.uint64(0x0001020304050607)) >> np.uint64(56)).view(np.int64)
    return j


def reference_find(t: Keys, h: U64) -> I64:
    """``Keys.find`` in numpy: one gather of each key's home bucket, then the keys whose
    bucket is full look in the next one, and so on."""
    keys, nb = t.keys, int(t.nb)
    b = t.bucket(h)
    rows = keys.take(b, axis=0)
    hit = (rows == h[:, None]).view(np.uint64).reshape(-1)
    found = hit != 0
    pos: I64 = np.where(found, (b << 3) + _byte_index(hit), -1)
    todo = np.flatnonzero(~found & (rows[:, -1] != 0))
    while todo.size:
        b[todo] = (b[todo] + 1) % nb
        bt, ht = b[todo], h[todo]
        rows = keys.take(bt, axis=0)
        hit = (rows == ht[:, None]).view(np.uint64).reshape(-1)
        ok = hit != 0
        pos[todo[ok]] = (bt[ok] << 3) + _byte_index(hit[ok])
        todo = todo[~ok & (rows[:, -1] != 0)]
    return pos


u64s = st.integers(0, 2**64 - 1)


def _lookups(test: Callable[..., None]) -> Callable[..., None]:
    """Stored keys, asked keys (some stored), table size, entries marked dead: the lookups'
    cases, 150 examples each."""
    return settings(max_examples=150, deadline=None)(
        given(
            stored=st.lists(u64s, max_size=120, unique=True),
            asked=st.lists(u64s, max_size=40),
            slots=st.integers(WIDTH, 200),
            dead=st.integers(0, 3),
        )(test)
    )


@_lookups
def test_find_keys_is_the_numpy_search(
    stored: list[int], asked: list[int], slots: int, dead: int
) -> None:
    t = Keys(max(slots, int(len(stored) / 0.8) + 1))
    seq = np.zeros(t.capacity + 1, dtype=np.uint32)
    keys = mix_keys(stored)
    if len(keys):
        pos = t.place(keys, seq)
        seq[pos[::4][:dead]] = 0  # dead entries keep their key
    h = np.concatenate((keys, mix_keys(asked) if asked else keys[:0]))
    got = apply_kernel.find_keys(t.flat, t.nb, h)
    assert got.tolist() == reference_find(t, h.copy()).tolist()
    assert (got[: len(keys)] >= 0).all()


@_lookups
def test_held_own_is_the_numpy_lookup(
    stored: list[int], asked: list[int], slots: int, dead: int
) -> None:
    """``held_own`` against what ``_own_of`` did in numpy: find, keep the live entries,
    gather their rows' own hashes (0 where not held)."""
    t = Keys(max(slots, int(len(stored) / 0.8) + 1))
    seq = np.zeros(t.capacity + 1, dtype=np.uint32)
    row = np.full(t.capacity + 1, -1, dtype=np.int32)
    data = np.zeros((len(stored) + 1, 2), dtype=np.uint64)
    data[1:, 0] = np.arange(1, len(stored) + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    if stored:
        pos = t.place(mix_keys(stored), seq)
        row[pos] = np.arange(1, len(stored) + 1, dtype=np.int32)
        seq[pos[::4][:dead]] = 0  # dead entries keep their key and row
    raw = np.array(stored + asked, dtype=np.uint64)
    at = t.find(mix_keys(raw)) if len(raw) else np.zeros(0, dtype=np.int64)
    want = np.where(seq[at] != 0, data[row[at], 0], np.uint64(0))
    got = apply_kernel.held_own(t.flat, t.nb, seq, row, data, raw)
    assert got.tolist() == want.tolist()


@settings(max_examples=200, deadline=None)
@given(
    stored=st.lists(st.integers(0, 40) | u64s, max_size=20),
    parents=st.lists(st.none() | st.integers(0, 40) | u64s, max_size=6),
    removed=st.lists(st.integers(0, 40) | u64s, max_size=30),
)
def test_touches_is_a_set_intersection(stored: list[int], parents: list[int | None], removed: list[int]) -> None:  # fmt: skip
    rows = np.zeros((len(parents), S_COLS), dtype=np.int64)
    for i, p in enumerate(parents):
        if p is not None:
            rows[i, S_PARENT] = np.uint64(p).view(np.int64)
            rows[i, S_HAS_PARENT] = 1
    want = bool(set(removed) & (set(stored) | {p for p in parents if p is not None}))
    got = apply_kernel.touches(np.array(stored, dtype=np.uint64), rows, np.array(removed, dtype=np.uint64))  # fmt: skip
    assert got == want


EPS = [EndpointKey(f"10.9.0.{i}:8000") for i in range(70)]  # two mask words
step = st.tuples(
    st.sampled_from(range(len(EPS))),
    st.sampled_from((GPU, OFFLOAD)),
    st.booleans(),  # store (True) or remove
    st.lists(st.integers(1, 400), min_size=1, max_size=300),  # engine hashes, some repeated
)


def _own(h: int) -> int:
    if h % 1000 <= 60:
        h -= h % 1000 % 7
    return (h * 0x9E3779B97F4A7C15 % 2**64) % 2**61 + 1


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(step, min_size=1, max_size=25))
def test_store_and_remove_kernels_keep_the_model(
    steps: list[tuple[int, int, bool, list[int]]],
) -> None:
    """Engine hashes up to 60 of an endpoint share 7 blocks (``shared`` refcounts), stores
    repeat (``copies``), a hash may come twice in one call (applied twice, in order), and
    hundreds of distinct blocks push the 1024-slot table to grow, kick and rebuild."""
    idx = BlockIndex(4, max_blocks_per_endpoint=1 << 20)
    copies: dict[tuple[int, int, int], int] = {}  # (endpoint, tier, engine) → copies held
    for e, ti, store, engine in steps:
        ep_key = EPS[e]
        idx.add_endpoint(ep_key)
        ep = idx._eps[ep_key]
        hashes = np.array(engine, dtype=np.uint64) + np.uint64(1000 * e)
        if store:
            own = np.array([_own(h) for h in hashes.tolist()], dtype=np.uint64)
            added = idx._store(ep, ti, hashes, own)
            fresh = 0
            for h in hashes.tolist():
                fresh += (e, ti, h) not in copies
                copies[(e, ti, h)] = copies.get((e, ti, h), 0) + 1
            assert added == fresh
        else:
            removed = idx._remove(ep, ti, hashes)
            gone = 0
            for h in hashes.tolist():
                c = copies.get((e, ti, h), 0)
                if c == 1:
                    del copies[(e, ti, h)]
                    gone += 1
                elif c:
                    copies[(e, ti, h)] = c - 1
            assert removed == gone
    # the model: who holds which own hash, per tier
    holds: dict[tuple[int, int], set[int]] = {}
    for e, ti, h in copies:
        holds.setdefault((ti, _own(h)), set()).add(e)
    for (ti, block), eps in holds.items():
        assert set(idx.holders(block, ti)) == {EPS[e] for e in eps}
    assert idx.num_entries == len(copies)
    b = idx._blocks
    for m in (b.gpu, b.cpu):
        if m is not None:  # no bit on a row the model does not hold
            assert int(np.count_nonzero(m[: b.n_rows].any(axis=1))) <= len(holds)
    assert idx.num_distinct_blocks == len(holds)
    assert b.used == int(np.count_nonzero(b.keys[: b.n_rows]))
    assert b.used <= len(b.slots) * 0.45


def test_store_keys_grows_the_table_and_rebuilds_when_kicks_run_out() -> None:
    """Own hashes chosen so that three share both slots in a 1024-slot table (the third
    runs out of kicks: a rebuild), then enough blocks to make it grow a few times."""
    idx = BlockIndex(4)
    idx.add_endpoint(EPS[0])
    ep = idx._eps[EPS[0]]
    crowd = []
    for i in range(3):
        low = 5 << 22 | (i & 1) << 21 | (i >> 1 & 1) << 20
        high = 5 << 22 | (i >> 1 & 1) << 21 | (i & 1) << 20
        crowd.append(high << 32 | low)
    own = np.array(crowd, dtype=np.uint64)
    assert idx._store(ep, GPU, np.arange(1, 4, dtype=np.uint64), own) == 3
    assert idx._blocks.bits > 10  # rebuilt larger
    rng = np.random.default_rng(7)
    blocks = rng.integers(1, 2**63, 5000, dtype=np.uint64)
    for start in range(0, 5000, 250):
        hashes = np.arange(start, start + 250, dtype=np.uint64) + np.uint64(10)
        assert idx._store(ep, GPU, hashes, blocks[start : start + 250]) == 250
    for block in crowd + [int(x) for x in blocks[::97]]:
        assert idx.holders(block) == [EPS[0]]
    b = idx._blocks
    assert idx.num_entries == 5003 == b.used
    assert b.used <= len(b.slots) * 0.45
    assert idx._remove(ep, GPU, np.arange(10, 5010, dtype=np.uint64)) == 5000
    assert idx.num_distinct_blocks == 3
