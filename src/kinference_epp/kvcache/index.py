"""The prefix index: which endpoint holds which block, per tier.

``BlockIndex`` implements ``interface.PrefixIndex`` for the picker's budgets
(``benchmarks/kv_index.py``): ``match`` in one compiled walk that stops at the first block
nobody holds, a whole ``EventBatch`` applied in a few dozen calls whatever its event count,
and a few dozen bytes per (endpoint, block) entry. Its tables (a cuckoo block table with
endpoint bitmasks in uint64 words, an engine map per endpoint and tier) are in ``tables``.
The shared test suite holds it to a plain reference model
(``tests/unit/kvcache/reference_index.py``).

- ``match``: one numba kernel (``match_kernel.match_depths``) walks the request's blocks:
  the block table's two-slot lookup, the matching row's mask words AND-accumulated down the
  blocks; bit ``s`` survives exactly ``depth[s]`` blocks, recorded where it drops, and the
  walk ends when no bit is left.
- **Writing** is one path for a batch and for a single event (``apply_stored``,
  ``apply_removed`` are batches of one). A batch comes from one endpoint and is applied in
  segments (``_segments``): within one, every removal goes first, then every store, which
  gives what the events give in order unless a removal follows a store of the same engine
  hash or of a store's parent, or a clear or the cap comes between; there the batch is
  cut. The usual batch is one segment. Its removals are one kernel call per tier
  (``remove_keys``); its stores have their parents resolved (held before, or stored
  earlier in the segment), are hashed in one call (``hashing.chain_segments``) and stored
  in one kernel call per tier (``store_keys``). Both kernels walk their keys in order, so
  an engine hash named twice is applied twice, as the reference semantics say.
- Bounded memory: per endpoint and tier at most ``max_blocks_per_endpoint`` entries; beyond
  it the oldest-stored (by store call: a segment is one per tier) are evicted in bulk. A
  batch that could reach the cap is applied one event per segment, so that eviction falls
  between the same events as when they come one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.apply_kernel import (
    DONE,
    NEED_ROOM,
    ST_ADDED,
    ST_CONFLICTS,
    ST_FRESH,
    ST_GONE,
    ST_HELD,
    ST_LIMIT,
    ST_MISSING,
    ST_N_FREE,
    ST_N_ROWS,
    ST_NEXT,
    ST_SHARED,
    ST_STATUS,
    ST_USED,
    STATE_SIZE,
    held_own,
    remove_keys,
    store_keys,
    touches,
)
from kinference_epp.kvcache.decode_kernel import (
    KIND_REMOVED,
    KIND_STORED,
    R_BLOCKS,
    R_MEDIUM,
    S_BLOCKS,
    S_COLS,
    S_HAS_PARENT,
    S_MEDIUM,
    S_PARENT,
    S_SIZE,
    S_TOKENS,
)
from kinference_epp.kvcache.events import (
    DecodedBatch,
    EventColumns,
    RemovedColumns,
    StoredColumns,
)
from kinference_epp.kvcache.hashing import (
    BlockHashArray,
    EngineHash,
    HashScope,
    TokenArray,
    block_contents,
    chain_segments,
)
from kinference_epp.kvcache.interface import (
    GPU,
    OFFLOAD,
    IndexBase,
    PrefixMatch,
    tier_of,
)
from kinference_epp.kvcache.match_kernel import match_depths
from kinference_epp.kvcache.tables import SLOT_LOAD, BlockTable, EngineMap, mix_keys
from kinference_epp.pool.endpoint import EndpointKey

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]

_ONE = np.uint64(1)
_NO_KEYS = np.zeros(0, dtype=np.uint64)
_U64_MASK = (1 << 64) - 1
_MAX_SEEDS = 4096


class _Endpoint:
    __slots__ = ("bit", "slot", "tiers", "word")

    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.word = slot >> 6
        self.bit = np.uint64(1 << (slot & 63))
        self.tiers = (EngineMap(), EngineMap())


class BlockIndex(IndexBase[_Endpoint]):
    """Cuckoo block table with endpoint bitmasks; see the module docstring for the design."""

    def __init__(self, block_size: int = 16, max_blocks_per_endpoint: int = 1 << 21) -> None:
        super().__init__()
        if block_size <= 0 or max_blocks_per_endpoint <= 0:
            raise ValueError("block_size and max_blocks_per_endpoint must be positive")
        self._block_size = block_size
        self.max_blocks_per_endpoint = max_blocks_per_endpoint
        self._blocks = BlockTable()
        self._live = [0, 0]
        """Live (endpoint, engine hash) entries per tier; ``match`` skips an empty tier."""
        self._seeds: dict[tuple[str, str | None], int] = {}

    # ---- reading ---------------------------------------------------------------------

    @property
    def block_size(self) -> int:
        return self._block_size

    def num_blocks(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        return 0 if ep is None else ep.tiers[GPU].live + ep.tiers[OFFLOAD].live

    @property
    def num_entries(self) -> int:
        return self._live[GPU] + self._live[OFFLOAD]

    @property
    def num_distinct_blocks(self) -> int:
        b = self._blocks
        masks = [m[: b.n_rows] for m in (b.gpu, b.cpu) if m is not None]
        return sum(int(np.count_nonzero(m.any(axis=1))) for m in masks)

    def holders(self, block_hash: int, tier: int = GPU) -> list[EndpointKey]:
        b = self._blocks
        row = int(b.find(np.array([block_hash], dtype=np.uint64))[0])
        masks = b.gpu if tier == GPU else b.cpu
        if masks is None:
            return []
        words = masks[row]
        return [
            k
            for s, k in enumerate(self._slots)
            if k is not None and int(words[s >> 6]) >> (s & 63) & 1
        ]

    def match(self, block_hashes: BlockHashArray | Sequence[int]) -> PrefixMatch:
        h: U64 = np.ascontiguousarray(block_hashes, dtype=np.uint64)
        n, n_slots = len(h), len(self._slots)
        if n == 0 or not (self._live[GPU] or self._live[OFFLOAD]):
            none = np.zeros(n_slots, dtype=np.int32)
            return PrefixMatch(none, none.copy(), n)
        b = self._blocks
        offload = bool(self._live[OFFLOAD]) and b.cpu is not None
        depths = np.zeros((2, n_slots), dtype=np.int32)
        match_depths(h, b.slots, b.shift, b.data, b.words, offload, depths)
        return PrefixMatch(depths[0], depths[1], n)

    # ---- writing ---------------------------------------------------------------------

    def add_endpoint(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        if ep is None:
            slot = self._take_slot(endpoint)
            self._blocks.widen((slot >> 6) + 1)
            ep = self._eps[endpoint] = _Endpoint(slot)
        return ep.slot

    def apply_stored(
        self,
        endpoint: EndpointKey,
        scope: HashScope,
        engine_hashes: Sequence[EngineHash],
        parent_engine_hash: EngineHash | None,
        token_ids: TokenArray,
        block_size: int,
        medium: str,
    ) -> int:
        row = [0] * S_COLS
        row[S_BLOCKS], row[S_TOKENS], row[S_SIZE] = len(engine_hashes), len(token_ids), block_size
        if parent_engine_hash is not None:
            row[S_PARENT], row[S_HAS_PARENT] = parent_engine_hash, 1
        row[S_MEDIUM] = tier_of(medium)
        hashes, tokens = _raw(engine_hashes), np.asarray(token_ids)
        return self._store_events(endpoint, [row], hashes, tokens, lambda _: scope.seed)

    def apply_removed(
        self, endpoint: EndpointKey, engine_hashes: Sequence[EngineHash], medium: str
    ) -> int:
        return self._remove_events(endpoint, _raw(engine_hashes), tier_of(medium))

    def apply_batch(self, endpoint: EndpointKey, model: str, batch: DecodedBatch) -> None:
        """Apply one batch of an endpoint's events, segment by segment (see the module
        docstring): usually the whole batch is one."""
        cols = batch.columns
        st, rm = cols.stored, cols.removed
        loras = st.loras

        def seeds(first: int) -> Callable[[int], int]:
            """The scope seed of each store of a segment whose first store is ``first``."""
            return lambda i: self._seed(model, loras[first + i])

        segments = self._segments(endpoint, cols)
        if segments is None:
            self._remove_events(endpoint, rm.hashes, _removal_tiers(rm.table))
            self._store_events(endpoint, st.table.tolist(), st.hashes, st.tokens, seeds(0))
            return
        s_off, t_off = _offsets(st.table[:, S_BLOCKS]), _offsets(st.table[:, S_TOKENS])
        r_off = _offsets(rm.table[:, R_BLOCKS])
        for seg in segments:
            if seg.clear:
                self.clear(endpoint)
                continue
            if seg.r1 > seg.r0:
                hashes = rm.hashes[r_off[seg.r0] : r_off[seg.r1]]
                self._remove_events(endpoint, hashes, _removal_tiers(rm.table[seg.r0 : seg.r1]))
            if seg.s1 > seg.s0:
                s0 = seg.s0
                self._store_events(endpoint, st.table[s0 : seg.s1].tolist(),
                                   st.hashes[s_off[s0] : s_off[seg.s1]],
                                   st.tokens[t_off[s0] : t_off[seg.s1]],
                                   seeds(s0))  # fmt: skip

    def _segments(self, endpoint: EndpointKey, cols: EventColumns) -> list[_Segment] | None:
        """The batch cut where the order of its events matters (None: it does not, the
        whole batch is one segment): within a segment, applying every removal before every
        store gives what the events give in order.

        It does unless a removal comes after a store of the same engine hash, or after a
        store whose parent it removes (that store must find its parent), or a clear comes
        between; and the cap must not be reached within the batch (it would evict between
        two events). The usual batch passes the cheap whole-batch check (one compiled call)
        and is one segment; otherwise the events are walked and cut where needed.
        """
        st, rm, kinds = cols.stored, cols.removed, cols.kinds
        ep = self._eps.get(endpoint)
        n_s, n_r = len(st.table), len(rm.table)
        most = 0 if ep is None else max(ep.tiers[GPU].live, ep.tiers[OFFLOAD].live)
        if most + len(st.hashes) > self.max_blocks_per_endpoint:
            return _one_per_event(kinds.tolist())
        if n_s + n_r == len(kinds) and not (n_r and n_s and touches(st.hashes, st.table, rm.hashes)):  # fmt: skip
            return None
        return _cut(kinds.tolist(), st, rm)

    def clear(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is None:
            return
        for ti, tier in enumerate(ep.tiers):
            if tier.live:
                rows = tier.row[tier.alive()]
                self._blocks.masks(ti)[rows, ep.word] &= ~ep.bit
            self._live[ti] -= tier.live
        ep.tiers = (EngineMap(), EngineMap())

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is None:
            return
        self.clear(endpoint)
        self._release(endpoint)

    # ---- internals -------------------------------------------------------------------

    def _store_events(
        self,
        endpoint: EndpointKey,
        events: list[list[int]],
        hashes: U64,
        tokens: TokenArray,
        seed: Callable[[int], int],
    ) -> int:
        """Apply the ``BlockStored`` events of one segment (``_segments``: the cap cannot be
        reached before the last one) as applying them one by one would; returns the
        entries added.

        ``events``: one row per event, ``decode_kernel.S_*`` columns (a medium index 0 is
        the GPU, any other an offload tier); ``hashes`` and ``tokens``: theirs,
        concatenated; ``seed(i)``: event ``i``'s scope seed (the root of a store without a
        parent). The parents are resolved first (held before the run, or stored by an
        earlier event of it), then every kept event is hashed in one call and stored in
        one call per tier: nothing a store writes changes another store's own hashes.
        """
        bs = self._block_size
        admitted: list[tuple[int, int, int, int, int]] = []  # event, tier, hash, blocks, token
        h0 = t0 = 0
        for i, row in enumerate(events):
            n, nt, size = row[S_BLOCKS], row[S_TOKENS], row[S_SIZE]
            if size != bs:
                self.dropped_block_size += n
            elif nt != n * size:
                self.dropped_malformed += n
            else:
                admitted.append((i, OFFLOAD if row[S_MEDIUM] else GPU, h0, n, t0))
            h0, t0 = h0 + n, t0 + nt
        if not admitted:
            return 0
        self.add_endpoint(endpoint)
        ep = self._eps[endpoint]
        parents = _Parents(self._blocks, ep, hashes, [events[i] for i, *_ in admitted])
        # kept stores: (tier, first hash, blocks, first token), each a chain run from its root
        kept: list[tuple[int, int, int, int]] = []
        roots: list[int] = []
        root_at: list[int] = []
        for i, ti, a, n, t in admitted:
            row = events[i]
            if row[S_HAS_PARENT]:
                root, at = parents.resolve(row[S_PARENT] & _U64_MASK, kept)
                if root < 0 and at < 0:
                    self.dropped_unknown_parent += n
                    continue
            else:
                root, at = seed(i), -1
            self.stored += n
            if n:
                kept.append((ti, a, n, t))
                roots.append(max(root, 0))
                root_at.append(at)
        if not kept:
            return 0
        whole = len(kept) == len(events)
        if not whole:
            tokens = np.concatenate([tokens[t : t + n * bs] for _, _, n, t in kept])
        lengths = [n for _, _, n, _ in kept]
        at_known = root_at if max(root_at) >= 0 else None
        own = chain_segments(block_contents(tokens, bs), lengths, roots, at_known)
        np.maximum(own, _ONE, out=own)  # own hash 0 marks an empty slot (``tables``)
        added = 0
        for ti in (GPU, OFFLOAD):
            if not any(k[0] == ti for k in kept):
                continue
            if whole and all(k[0] == ti for k in kept):
                added += self._store(ep, ti, hashes, own)
            else:
                # this tier's stores: their hashes, and their own hashes' place in ``own``
                starts = np.cumsum([0, *lengths[:-1]]).tolist()
                mine = [(a, n, s) for (t, a, n, _), s in zip(kept, starts, strict=True) if t == ti]
                tier_hashes = np.concatenate([hashes[a : a + n] for a, n, _ in mine])
                tier_own = np.concatenate([own[s : s + n] for _, n, s in mine])
                added += self._store(ep, ti, tier_hashes, tier_own)
            self._cap(ep, ti)
        return added

    def _remove_events(
        self, endpoint: EndpointKey, hashes: U64, tiers: int | npt.NDArray[np.int8]
    ) -> int:
        """Apply ``BlockRemoved`` events (their hashes concatenated; the tier of each hash,
        or of all) as applying them one by one would; returns the entries gone."""
        ep = self._eps.get(endpoint)
        if ep is None:
            self.unknown_removed += len(hashes)
            return 0
        return sum(self._remove(ep, ti, _of_tier(hashes, tiers, ti)) for ti in (GPU, OFFLOAD))

    def _seed(self, model: str, lora: str | None) -> int:
        """``HashScope(model, lora).seed``, remembered (a few scopes, one per batch event)."""
        seed = self._seeds.get((model, lora))
        if seed is None:
            if len(self._seeds) >= _MAX_SEEDS:
                self._seeds.clear()
            seed = self._seeds[model, lora] = HashScope(model, lora).seed
        return seed

    def _store(self, ep: _Endpoint, ti: int, hashes: U64, own: U64) -> int:
        """Store distinct raw engine hashes with distinct own hashes in one tier, in one
        ``apply_kernel.store_keys`` call (again after growing or rebuilding the slots)."""
        n = len(hashes)
        if not n:
            return 0
        tier, b = ep.tiers[ti], self._blocks
        tier.reserve(n)
        b.masks(ti)  # offload masks exist before the first offload store
        stamp = np.uint32(tier.tick())
        at = np.empty((2, n), dtype=np.int64)
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        start = 0
        while True:
            b.reserve(n - start)
            state[ST_N_FREE], state[ST_N_ROWS], state[ST_USED] = b.n_free, b.n_rows, b.used
            state[ST_LIMIT] = int(len(b.slots) * SLOT_LOAD)
            col = 1 + ep.word + (b.words if ti == OFFLOAD else 0)
            store_keys(tier.keys.flat, tier.keys.nb, tier.seq, tier.row, b.slots, b.shift,
                       b.data, b.free, col, ep.bit, hashes, own, stamp, start, at[0], at[1],
                       state)  # fmt: skip
            out = state.tolist()
            b.n_free, b.n_rows, b.used = out[ST_N_FREE], out[ST_N_ROWS], out[ST_USED]
            if out[ST_STATUS] == DONE:
                break
            start = out[ST_NEXT]
            if out[ST_STATUS] == NEED_ROOM:
                b.make_room(n - start)
            else:  # kicking ran out: the last row has its hash but no slot
                b.rebuild(b.bits + 1)
        tier.keys.used += out[ST_FRESH]
        added = out[ST_ADDED]
        tier.live += added
        self._live[ti] += added
        self.hash_conflicts += out[ST_CONFLICTS]
        if out[ST_HELD]:  # stored again: one more copy to remove
            held = mix_keys(hashes[at[0, : out[ST_HELD]]]).tolist()
            _count(tier, held, tier.copies, 0)
        if out[ST_SHARED]:  # another engine hash of a block the endpoint holds
            _count(tier, own[at[1, : out[ST_SHARED]]].tolist(), tier.shared, 1)
        return added

    def _remove(self, ep: _Endpoint, ti: int, hashes: U64) -> int:
        """Drop one copy of each raw engine hash from one tier, in order; returns the
        entries gone. ``apply_kernel.remove_keys`` does the work and hands back each entry
        with a sparse refcount, settled here one at a time."""
        n = len(hashes)
        tier = ep.tiers[ti]
        if not (n and tier.live):
            self.unknown_removed += n
            return 0
        b = self._blocks
        b.reserve_free(n)
        col = 1 + ep.word + (b.words if ti == OFFLOAD else 0)
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        settled = gone = start = 0
        copied, shared = _refcounted(tier)
        while True:
            state[ST_N_FREE], state[ST_USED] = b.n_free, b.used
            remove_keys(tier.keys.flat, tier.keys.nb, tier.seq, tier.row, b.slots, b.shift,
                        b.data, b.free, col, ep.bit, hashes, start, copied, shared,
                        state)  # fmt: skip
            out = state.tolist()
            b.n_free, b.used = out[ST_N_FREE], out[ST_USED]
            if out[ST_STATUS] == DONE:
                break
            i = out[ST_NEXT]
            key = mix_keys(hashes[i : i + 1])
            k = int(key[0])
            if tier.copies.get(k):  # one copy of several goes: the entry stays
                _unref(tier.copies, [k])
                if k not in tier.copies:  # its last extra copy went
                    copied = np.delete(copied, np.searchsorted(copied, key[0]))
                    tier.refkeys = (copied, shared)
            else:
                self._drop(ep, ti, tier.keys.find(key))
                copied, shared = _refcounted(tier)
                gone += 1
            settled += 1
            start = i + 1
        found = out[ST_GONE]
        self.removed += found + settled
        self.unknown_removed += out[ST_MISSING]
        tier.live -= found
        self._live[ti] -= found
        return found + gone

    def _drop(self, ep: _Endpoint, ti: int, epos: I64) -> None:
        """Forget live entries of one tier entirely (all their copies)."""
        tier = ep.tiers[ti]
        rows = tier.row[epos]
        tier.seq[epos] = 0
        tier.live -= len(epos)
        self._live[ti] -= len(epos)
        counted = len(tier.copies) + len(tier.shared)
        if tier.copies:
            for k in tier.keys.flat[epos].tolist():
                tier.copies.pop(k, None)
        if tier.shared:
            rows = rows[_unref(tier.shared, self._blocks.keys[rows].tolist())]
        if len(tier.copies) + len(tier.shared) != counted:  # only ever fewer here
            tier.refkeys = None
        word = self._blocks.masks(ti)[:, ep.word]
        word[rows] &= ~ep.bit

    def _cap(self, ep: _Endpoint, ti: int) -> None:
        tier = ep.tiers[ti]
        if tier.live > self.max_blocks_per_endpoint:
            excess = tier.live - self.max_blocks_per_endpoint
            self._evict(ep, ti, excess + self.max_blocks_per_endpoint // 16)

    def _evict(self, ep: _Endpoint, ti: int, count: int) -> None:
        tier = ep.tiers[ti]
        alive = tier.alive()
        count = min(count, len(alive))
        victims = alive[np.argpartition(tier.seq[alive], count - 1)[:count]]
        self._drop(ep, ti, victims)
        self.evicted += count


class _Segment(NamedTuple):
    """Stores ``[s0, s1)`` and removals ``[r0, r1)`` of a batch (rows of its columns), or
    one ``AllBlocksCleared``."""

    s0: int
    s1: int
    r0: int
    r1: int
    clear: bool = False


def _cut(kinds: list[int], st: StoredColumns, rm: RemovedColumns) -> list[_Segment]:
    """``BlockIndex._segments`` by walking the events: a removal that touches a store of
    the current segment (same engine hash and tier, or its parent) starts a new one, and a
    clear is one of its own."""
    s_hashes, r_hashes = st.hashes.tolist(), rm.hashes.tolist()
    s_rows, r_rows = st.table.tolist(), rm.table.tolist()
    out: list[_Segment] = []
    stored: tuple[set[int], set[int]] = (set(), set())
    parents: set[int] = set()
    s0 = r0 = s = r = h_s = h_r = 0
    for kind in kinds:
        if kind == KIND_STORED:
            row = s_rows[s]
            n = row[S_BLOCKS]
            stored[OFFLOAD if row[S_MEDIUM] else GPU].update(s_hashes[h_s : h_s + n])
            if row[S_HAS_PARENT]:
                parents.add(row[S_PARENT] & _U64_MASK)
            s, h_s = s + 1, h_s + n
            continue
        if kind == KIND_REMOVED:
            n, medium = r_rows[r][R_BLOCKS], r_rows[r][R_MEDIUM]
            held = stored[OFFLOAD if medium else GPU]
            if not any(h in held or h in parents for h in r_hashes[h_r : h_r + n]):
                r, h_r = r + 1, h_r + n
                continue
        out.append(_Segment(s0, s, r0, r))
        if kind == KIND_REMOVED:
            s0, r0, r, h_r = s, r, r + 1, h_r + n
        else:
            out.append(_Segment(s, s, r, r, clear=True))
            s0, r0 = s, r
        stored, parents = (set(), set()), set()
    out.append(_Segment(s0, s, r0, r))
    return [seg for seg in out if seg.clear or seg.s1 > seg.s0 or seg.r1 > seg.r0]


def _one_per_event(kinds: list[int]) -> list[_Segment]:
    """Every event a segment of its own (the cap may evict between any two)."""
    out: list[_Segment] = []
    s = r = 0
    for kind in kinds:
        if kind == KIND_STORED:
            out.append(_Segment(s, s + 1, r, r))
            s += 1
        elif kind == KIND_REMOVED:
            out.append(_Segment(s, s, r, r + 1))
            r += 1
        else:
            out.append(_Segment(s, s, r, r, clear=True))
    return out


class _Parents:
    """The parents of a run of stores: the own hash each parent engine hash is held as
    when its store comes (GPU tier first), i.e. held before the run or stored by an
    earlier store of it."""

    def __init__(self, blocks: BlockTable, ep: _Endpoint, hashes: U64, events: list[list[int]]) -> None:  # fmt: skip
        self._hashes = hashes
        asked = [r[S_PARENT] & _U64_MASK for r in events if r[S_HAS_PARENT]]
        self._held: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """Per tier: the parents held before the run, with their own hashes."""
        if asked:
            raw = _raw(asked)
            for ti, tier in enumerate(ep.tiers):
                if tier.live:
                    found = held_own(tier.keys.flat, tier.keys.nb, tier.seq, tier.row,
                                     blocks.data, raw).tolist()  # fmt: skip
                    held = self._held[ti]
                    for p, o in zip(asked, found, strict=True):
                        if o:
                            held[p] = o
        self._stored: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """Per tier: engine hash → position of its first store in the run's own hashes."""
        self._indexed = 0
        """Kept stores already in ``_stored``."""
        self._end = 0

    def resolve(self, parent: int, kept: list[tuple[int, int, int, int]]) -> tuple[int, int]:
        """``(own hash, -1)`` for a parent held before the run, ``(-1, position)`` for one
        that an earlier kept store of the run (``kept``: tier, first hash, blocks, first
        token) holds, ``(-1, -1)`` for an unknown one."""
        for ti in (GPU, OFFLOAD):
            own = self._held[ti].get(parent)
            if own is not None:
                return own, -1
            if self._indexed < len(kept):  # the stores kept since the last lookup
                for tier, a, n, _ in kept[self._indexed :]:
                    for j, h in enumerate(self._hashes[a : a + n].tolist()):
                        self._stored[tier].setdefault(h, self._end + j)
                    self._end += n
                self._indexed = len(kept)
            at = self._stored[ti].get(parent)
            if at is not None:
                return -1, at
        return -1, -1


def _offsets(counts: I64) -> list[int]:
    """Where each event's items start, then the end: ``[0, c0, c0 + c1, ...]``."""
    return [0, *np.cumsum(counts).tolist()]


def _removal_tiers(table: I64) -> int | npt.NDArray[np.int8]:
    """The tier of every removed hash (rows of ``RemovedColumns.table``): one int when all
    share it, else an array. Medium index 0 is the GPU, any other an offload tier."""
    media = table[:, R_MEDIUM]
    if not media.any():
        return GPU
    offload = media != 0
    if offload.all():
        return OFFLOAD
    return np.repeat(offload.astype(np.int8), table[:, R_BLOCKS])


def _of_tier(hashes: U64, tiers: int | npt.NDArray[np.int8], ti: int) -> U64:
    if isinstance(tiers, int):
        return hashes if tiers == ti else hashes[:0]
    picked: U64 = hashes[tiers == ti]
    return picked


def _refcounted(tier: EngineMap) -> tuple[U64, U64]:
    """The keys of a tier's sparse refcounts (``copies``, ``shared``), each ascending (what
    ``remove_keys`` searches): sorted once, kept in ``tier.refkeys`` until a key comes or goes.
    A removal batch stops at each refcounted key it meets; sorting a few thousand keys again
    at every stop was most of a benchmark run's index time."""
    keys = tier.refkeys
    if keys is None:
        keys = tier.refkeys = (_sorted_keys(tier.copies), _sorted_keys(tier.shared))
    return keys


def _count(tier: EngineMap, keys: list[int], refcounts: dict[int, int], which: int) -> None:
    """One more reference to each of ``keys`` (distinct) in ``refcounts``, the tier's
    ``copies`` (``which`` 0) or ``shared`` (1); its sorted keys (``refkeys``) get the new ones."""
    fresh = [k for k in keys if k not in refcounts]
    for k in keys:
        refcounts[k] = refcounts.get(k, 0) + 1
    if fresh and tier.refkeys is not None:
        add = np.sort(np.array(fresh, dtype=np.uint64))
        old = tier.refkeys[which]
        merged = np.insert(old, np.searchsorted(old, add), add)
        tier.refkeys = (merged, tier.refkeys[1]) if which == 0 else (tier.refkeys[0], merged)


def _sorted_keys(refcounts: dict[int, int]) -> U64:
    """The keys of a sparse refcount, ascending (what ``remove_keys`` searches)."""
    if not refcounts:
        return _NO_KEYS
    return np.sort(np.fromiter(refcounts, dtype=np.uint64, count=len(refcounts)))


def _raw(engine_hashes: Sequence[int] | U64) -> U64:
    """Engine hashes as the uint64 array the kernels mix themselves."""
    return np.ascontiguousarray(engine_hashes, dtype=np.uint64)


def _unref(extra: dict[int, int], keys: list[int]) -> list[int]:
    """Drop one extra reference (sparse refcount) of each key; the positions of the keys
    that had none, i.e. whose last reference goes now."""
    last: list[int] = []
    for i, k in enumerate(keys):
        c = extra.get(k)
        if c is None:
            last.append(i)
        elif c == 1:
            del extra[k]
        else:
            extra[k] = c - 1
    return last
