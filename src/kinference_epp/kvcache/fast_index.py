"""A numpy prefix index: bucketed hash tables, endpoint bitmasks in uint64 words.

Same contract as ``MaskPrefixIndex`` (``interface.PrefixIndex``; same counters and cap),
built so that ``match`` costs a few dozen numpy calls whatever the prompt length, and an
entry costs a few dozen bytes instead of Python objects.

Layout:

- **Block table** (``_Keys``): own hash → position; per position and tier a row of
  ``ceil(slots / 64)`` uint64 words, bit ``s`` = endpoint slot ``s``. Position ``-1`` (an
  absent hash) reads an extra all-zero row, so lookups need no masking.
- **Per endpoint and tier** (``_EngineMap``): mixed engine hash → (block position, store
  sequence), plus sparse refcounts as in ``MaskPrefixIndex``: ``copies`` (an engine hash
  stored again) and ``shared`` (another engine hash with the same own hash). The bit is
  cleared when the last copy goes. An endpoint's blocks are exactly its map's live rows,
  so ``clear``/``remove_endpoint`` are O(its blocks).
- Keys are never deleted in place: a removed entry is marked dead (sequence 0, or an
  all-zero mask row) and dropped when its table is rebuilt (on growth, or when dead rows
  push the load over the limit), so a bucket's keys are always packed from slot 0.
- ``match``: find every request hash at once (one bucket-row gather and compare, a rare
  second bucket), gather mask rows, ``bitwise_and.accumulate`` down the blocks; bit ``s``
  survives exactly ``depth[s]`` rows, so each endpoint's depth is read off the few rows
  where bits drop. The first ``_FIRST_CHUNK`` blocks are looked up alone and the rest only
  if some endpoint holds all of them (short matches stay cheap).
- Bounded memory as in ``MaskPrefixIndex``: per endpoint and tier at most
  ``max_blocks_per_endpoint`` entries; beyond it the oldest-stored (by store call) are
  evicted in bulk.

Own hash 0 and mixed engine key 0 mark empty slots, so they are stored as 1 (a 2**-64
collision, like any other hash collision here: it only costs a misrouted cache hit).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.hashing import (
    BlockHashArray,
    EngineHash,
    HashScope,
    TokenArray,
    block_hashes,
)
from kinference_epp.kvcache.index import GPU, OFFLOAD, tier_of
from kinference_epp.kvcache.interface import IndexCounters, PrefixMatch, SlotArray
from kinference_epp.pool.endpoint import EndpointKey

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]

_MAX_LOAD = 0.8
"""Rebuild a table before its used slots (live and dead) pass this fraction."""
_REBUILD_LOAD = 0.6
"""Size a rebuilt table so that its live keys fill about this fraction."""
_FIRST_CHUNK = 512
_MIX = np.uint64(0x9FB21C651E98DF25)


_WIDTH = 8
"""Slots per bucket: one 64-byte line of keys, and a row of 8 bools compared at once."""


def _byte_index(hit: U64) -> I64:
    """For words whose only non-zero byte is ``0x01`` at byte ``j``: ``j`` (the float exponent)."""
    return (hit.astype(np.float64).view(np.int64) >> 55) - 127


class _Keys:
    """Bucketed open addressing over non-zero uint64 keys (0 = empty slot).

    ``nb`` buckets of ``_WIDTH`` slots, filled from slot 0; a full bucket spills into the
    next. Keys are only dropped by building a new table, so a lookup can stop at the first
    bucket whose last slot is empty.
    """

    __slots__ = ("flat", "keys", "limit", "nb", "used")

    def __init__(self, slots: int) -> None:
        nb = max(1, -(-slots // _WIDTH))
        self.keys: U64 = np.zeros((nb, _WIDTH), dtype=np.uint64)
        self.flat: U64 = self.keys.reshape(-1)
        self.nb = np.uint64(nb)
        self.used = 0
        self.limit = int(nb * _WIDTH * _MAX_LOAD)

    def bucket(self, h: U64) -> I64:
        """Home bucket: the high 32 bits scaled to ``nb`` (any bucket count, no modulo)."""
        b = h >> np.uint64(32)
        b *= self.nb
        b >>= np.uint64(32)
        return b.view(np.int64)

    @property
    def capacity(self) -> int:
        return len(self.flat)

    def find(self, h: U64) -> I64:
        """Position of each key, ``-1`` where absent."""
        keys, nb = self.keys, int(self.nb)
        b = self.bucket(h)
        rows = np.take(keys, b, axis=0)
        hit = (rows == h[:, None]).view(np.uint64).reshape(-1)
        found = hit != 0
        pos: I64 = np.where(found, (b << 3) + _byte_index(hit), -1)
        todo = np.flatnonzero(~found & (rows[:, -1] != 0))  # full bucket: may have spilled on
        while todo.size:
            b[todo] = (b[todo] + 1) % nb
            bt, ht = b[todo], h[todo]
            rows = np.take(keys, bt, axis=0)
            hit = (rows == ht[:, None]).view(np.uint64).reshape(-1)
            ok = hit != 0
            pos[todo[ok]] = (bt[ok] << 3) + _byte_index(hit[ok])
            todo = todo[~ok & (rows[:, -1] != 0)]
        return pos

    def place(self, h: U64) -> I64:
        """Insert distinct, absent, non-zero keys; the caller keeps ``used`` under ``limit``.

        Keys sorted by bucket take the bucket's free slots in turn (first free slot plus
        rank among the keys of that bucket); keys that do not fit move to the next bucket.
        """
        keys, nb = self.keys, int(self.nb)
        pos = np.empty(len(h), dtype=np.int64)
        b = self.bucket(h)
        todo = np.arange(len(h))
        while todo.size:
            todo = todo[np.argsort(b[todo], kind="stable")]
            bt = b[todo]
            free = (np.take(keys, bt, axis=0) == 0).view(np.uint64).reshape(-1)
            first = np.where(free != 0, _byte_index(free & (~free + np.uint64(1))), _WIDTH)
            at = np.arange(len(bt))
            start = np.empty(len(bt), dtype=np.bool_)
            start[0] = True
            np.not_equal(bt[1:], bt[:-1], out=start[1:])
            slot = first + at - np.maximum.accumulate(np.where(start, at, 0))
            fits = slot < _WIDTH
            p = (bt[fits] << 3) + slot[fits]
            self.flat[p] = h[todo[fits]]
            pos[todo[fits]] = p
            todo = todo[~fits]
            b[todo] = (b[todo] + 1) % nb
        self.used += len(h)
        return pos


def _mix(engine_hashes: Sequence[EngineHash]) -> U64:
    """Engine hashes → well-spread non-zero table keys (a bijection but for 0 and 1)."""
    x = np.array(engine_hashes, dtype=np.uint64)
    x *= _MIX
    x ^= x >> np.uint64(29)
    return np.maximum(x, np.uint64(1))


class _EngineMap:
    """One endpoint's blocks in one tier: engine key → block position and store sequence."""

    __slots__ = ("clock", "copies", "gpos", "keys", "live", "seq", "shared")

    def __init__(self, slots: int = 16) -> None:
        self.keys = _Keys(slots)
        cap = self.keys.capacity
        self.gpos = np.full(cap + 1, -1, dtype=np.int32)
        self.seq = np.zeros(cap + 1, dtype=np.uint32)
        """Store call that added each entry (0 = dead); the extra last row stays dead."""
        self.live = 0
        self.clock = 0
        self.copies: dict[int, int] = {}
        self.shared: dict[int, int] = {}

    def reserve(self, n: int) -> None:
        if self.keys.used + n <= self.keys.limit:
            return
        alive = self.alive()
        old_keys = self.keys.flat[alive]
        self.keys = _Keys(int((len(alive) + n) / _REBUILD_LOAD))
        new = self.keys.place(old_keys)
        cap = self.keys.capacity
        gpos, seq = np.full(cap + 1, -1, dtype=np.int32), np.zeros(cap + 1, dtype=np.uint32)
        gpos[new], seq[new] = self.gpos[alive], self.seq[alive]
        self.gpos, self.seq = gpos, seq

    def alive(self) -> I64:
        return np.flatnonzero(self.seq[:-1])

    def tick(self) -> int:
        """The sequence number for the next store call (renumbered before it overflows)."""
        if self.clock >= 0xFFFFFFFE:
            alive = self.alive()
            ranks = np.unique(self.seq[alive], return_inverse=True)[1]
            self.seq[alive] = ranks + 1
            self.clock = int(ranks.max(initial=0)) + 1
        self.clock += 1
        return self.clock


class _Endpoint:
    __slots__ = ("bit", "slot", "tiers", "word")

    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.word = slot >> 6
        self.bit = np.uint64(1 << (slot & 63))
        self.tiers = (_EngineMap(), _EngineMap())


class FastPrefixIndex(IndexCounters):
    """Numpy hash tables with endpoint bitmasks; see the module docstring for the design."""

    def __init__(self, block_size: int = 16, max_blocks_per_endpoint: int = 1 << 21) -> None:
        super().__init__()
        if block_size <= 0 or max_blocks_per_endpoint <= 0:
            raise ValueError("block_size and max_blocks_per_endpoint must be positive")
        self._block_size = block_size
        self.max_blocks_per_endpoint = max_blocks_per_endpoint
        self._blocks = _Keys(64)
        self._words = 1
        self._gpu = self._zero_masks(self._blocks.capacity, 1)
        self._cpu: U64 | None = None
        """Offload-tier masks, allocated on the first offload store."""
        self._live = [0, 0]
        """Live (endpoint, engine hash) entries per tier; ``match`` skips an empty tier."""
        self._eps: dict[EndpointKey, _Endpoint] = {}
        self._slots: list[EndpointKey | None] = []
        self._free: list[int] = []

    @staticmethod
    def _zero_masks(capacity: int, words: int) -> U64:
        return np.zeros((capacity + 1, words), dtype=np.uint64)

    # ---- reading ---------------------------------------------------------------------

    @property
    def block_size(self) -> int:
        return self._block_size

    @property
    def endpoints(self) -> list[EndpointKey | None]:
        return list(self._slots)

    def slot_of(self, endpoint: EndpointKey) -> int | None:
        ep = self._eps.get(endpoint)
        return None if ep is None else ep.slot

    def slots_for(self, endpoints: Sequence[EndpointKey]) -> SlotArray:
        eps = self._eps
        return np.array(
            [ep.slot if (ep := eps.get(k)) is not None else -1 for k in endpoints], dtype=np.intp
        )

    def num_blocks(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        return 0 if ep is None else ep.tiers[GPU].live + ep.tiers[OFFLOAD].live

    @property
    def num_entries(self) -> int:
        return self._live[GPU] + self._live[OFFLOAD]

    @property
    def num_distinct_blocks(self) -> int:
        masks = [m for m in (self._gpu, self._cpu) if m is not None]
        return sum(int(np.count_nonzero(m.any(axis=1))) for m in masks)

    def holders(self, block_hash: int, tier: int = GPU) -> list[EndpointKey]:
        pos = int(self._blocks.find(np.array([block_hash], dtype=np.uint64))[0])
        masks = self._gpu if tier == GPU else self._cpu
        if masks is None:
            return []
        row = masks[pos]
        return [
            k
            for s, k in enumerate(self._slots)
            if k is not None and int(row[s >> 6]) >> (s & 63) & 1
        ]

    def match(self, block_hashes: BlockHashArray | Sequence[int]) -> PrefixMatch:
        h: U64 = np.asarray(block_hashes, dtype=np.uint64)
        n, n_slots = len(h), len(self._slots)
        none = np.zeros(n_slots, dtype=np.int32)
        if n == 0 or not (self._live[GPU] or self._live[OFFLOAD]):
            return PrefixMatch(none, none.copy(), n)
        gpu_m, cpu_m = self._gpu, self._cpu if self._live[OFFLOAD] else None
        find = self._blocks.find
        pos = find(h[:_FIRST_CHUNK])
        if n > _FIRST_CHUNK:
            rows = gpu_m[pos] if cpu_m is None else gpu_m[pos] | cpu_m[pos]
            if np.bitwise_and.reduce(rows, axis=0).any():
                pos = np.concatenate((pos, find(h[_FIRST_CHUNK:])))
        gpu_rows = np.take(gpu_m, pos, axis=0)
        gpu = _depths(np.bitwise_and.accumulate(gpu_rows, axis=0), n_slots)
        if cpu_m is None:
            return PrefixMatch(gpu, none, n)
        both = _depths(np.bitwise_and.accumulate(gpu_rows | cpu_m[pos], axis=0), n_slots)
        return PrefixMatch(gpu, both - gpu, n)

    # ---- writing ---------------------------------------------------------------------

    def add_endpoint(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        if ep is None:
            if self._free:
                slot = self._free.pop()
                self._slots[slot] = endpoint
            else:
                slot = len(self._slots)
                self._slots.append(endpoint)
            if slot >> 6 >= self._words:
                self._words = (slot >> 6) + 1
                self._gpu = _widen(self._gpu, self._words)
                if self._cpu is not None:
                    self._cpu = _widen(self._cpu, self._words)
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
        n = len(engine_hashes)
        if not self._admit_stored(n, len(token_ids), block_size, self._block_size):
            return 0
        self.add_endpoint(endpoint)
        ep = self._eps[endpoint]
        parent = None
        if parent_engine_hash is not None:
            parent = self._own_of(ep, parent_engine_hash)
            if parent is None:
                self.dropped_unknown_parent += n
                return 0
        self.stored += n
        if n == 0:
            return 0
        own = np.maximum(block_hashes(token_ids, block_size, scope, parent), np.uint64(1))
        keys, ti = _mix(engine_hashes), tier_of(medium)
        if n > 1 and (len(set(engine_hashes)) < n or len(np.unique(own)) < n):
            added = sum(self._store(ep, ti, keys[i : i + 1], own[i : i + 1]) for i in range(n))
        else:
            added = self._store(ep, ti, keys, own)
        tier = ep.tiers[ti]
        if tier.live > self.max_blocks_per_endpoint:
            excess = tier.live - self.max_blocks_per_endpoint
            self._evict(ep, ti, excess + self.max_blocks_per_endpoint // 16)
        return added

    def _own_of(self, ep: _Endpoint, engine_hash: EngineHash) -> int | None:
        key = _mix([engine_hash])
        for tier in ep.tiers:
            p = int(tier.keys.find(key)[0])
            if tier.seq[p]:
                return int(self._blocks.flat[tier.gpos[p]])
        return None

    def _store(self, ep: _Endpoint, ti: int, keys: U64, own: U64) -> int:
        """Store distinct engine keys with distinct own hashes in one tier."""
        tier = ep.tiers[ti]
        self._reserve_blocks(len(own))
        tier.reserve(len(keys))
        epos = tier.keys.find(keys)
        held = tier.seq[epos] != 0
        if held.any():
            for i in np.flatnonzero(held).tolist():
                k = int(keys[i])
                tier.copies[k] = tier.copies.get(k, 0) + 1
                if self._blocks.flat[tier.gpos[epos[i]]] != own[i]:
                    self.hash_conflicts += 1
            fresh = ~held
            keys, own, epos = keys[fresh], own[fresh], epos[fresh]
        gpos = self._blocks.find(own)
        absent = gpos < 0
        if absent.any():
            gpos[absent] = self._blocks.place(own[absent])
        absent = epos < 0
        if absent.any():
            epos[absent] = tier.keys.place(keys[absent])
        tier.gpos[epos] = gpos
        tier.seq[epos] = tier.tick()
        tier.live += len(epos)
        self._live[ti] += len(epos)
        masks, word, bit = self._tier_masks(ti), ep.word, ep.bit
        col = masks[gpos, word]
        dup = (col & bit) != 0
        if dup.any():
            for o in own[dup].tolist():
                tier.shared[o] = tier.shared.get(o, 0) + 1
        masks[gpos, word] = col | bit
        return len(epos)

    def _reserve_blocks(self, n: int) -> None:
        """Rebuild the block table (dropping dead rows) if ``n`` more keys could overfill it."""
        blocks = self._blocks
        if blocks.used + n <= blocks.limit:
            return
        gpu, cpu = self._gpu, self._cpu
        held = gpu[:-1] if cpu is None else gpu[:-1] | cpu[:-1]
        alive = np.flatnonzero(held.any(axis=1))
        self._blocks = _Keys(int((len(alive) + n) / _REBUILD_LOAD))
        new = self._blocks.place(blocks.flat[alive])
        cap = self._blocks.capacity
        self._gpu = self._zero_masks(cap, self._words)
        self._gpu[new] = gpu[alive]
        if cpu is not None:
            self._cpu = self._zero_masks(cap, self._words)
            self._cpu[new] = cpu[alive]
        remap = np.full(blocks.capacity + 1, -1, dtype=np.int32)
        remap[alive] = new
        for ep in self._eps.values():
            for tier in ep.tiers:
                tier.gpos = remap[tier.gpos]

    def apply_removed(
        self, endpoint: EndpointKey, engine_hashes: Sequence[EngineHash], medium: str
    ) -> int:
        ep = self._eps.get(endpoint)
        n = len(engine_hashes)
        if ep is None:
            self.unknown_removed += n
            return 0
        if n > 1 and len(set(engine_hashes)) < n:
            return sum(self.apply_removed(endpoint, [e], medium) for e in engine_hashes)
        if n == 0:
            return 0
        ti = tier_of(medium)
        tier = ep.tiers[ti]
        keys = _mix(engine_hashes)
        epos = tier.keys.find(keys)
        held = tier.seq[epos] != 0
        found = int(np.count_nonzero(held))
        self.unknown_removed += n - found
        self.removed += found
        epos = epos[held]
        if tier.copies:
            copies, drop = tier.copies, []
            for i, k in enumerate(keys[held].tolist()):
                c = copies.get(k)
                if c is None:
                    drop.append(i)
                elif c == 1:
                    del copies[k]
                else:
                    copies[k] = c - 1
            epos = epos[drop]
        self._drop(ep, ti, epos)
        return len(epos)

    def _drop(self, ep: _Endpoint, ti: int, epos: I64) -> None:
        """Forget live entries of one tier entirely (all their copies)."""
        tier = ep.tiers[ti]
        gpos = tier.gpos[epos]
        tier.seq[epos] = 0
        tier.live -= len(epos)
        self._live[ti] -= len(epos)
        if tier.copies:
            for k in tier.keys.flat[epos].tolist():
                tier.copies.pop(k, None)
        if tier.shared:
            shared, clear = tier.shared, []
            for i, o in enumerate(self._blocks.flat[gpos].tolist()):
                s = shared.get(o)
                if s is None:
                    clear.append(i)
                elif s == 1:
                    del shared[o]
                else:
                    shared[o] = s - 1
            gpos = gpos[clear]
        self._tier_masks(ti)[gpos, ep.word] &= ~ep.bit

    def _tier_masks(self, ti: int) -> U64:
        if ti == GPU:
            return self._gpu
        if self._cpu is None:
            self._cpu = self._zero_masks(self._blocks.capacity, self._words)
        return self._cpu

    def _evict(self, ep: _Endpoint, ti: int, count: int) -> None:
        tier = ep.tiers[ti]
        alive = tier.alive()
        count = min(count, len(alive))
        victims = alive[np.argpartition(tier.seq[alive], count - 1)[:count]]
        self._drop(ep, ti, victims)
        self.evicted += count

    def clear(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is None:
            return
        for ti, tier in enumerate(ep.tiers):
            alive = tier.alive()
            if tier.live:
                self._tier_masks(ti)[tier.gpos[alive], ep.word] &= ~ep.bit
            self._live[ti] -= tier.live
        ep.tiers = (_EngineMap(), _EngineMap())

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is None:
            return
        self.clear(endpoint)
        del self._eps[endpoint]
        self._slots[ep.slot] = None
        self._free.append(ep.slot)


def _widen(masks: U64, words: int) -> U64:
    out = np.zeros((len(masks), words), dtype=np.uint64)
    out[:, : masks.shape[1]] = masks
    return out


def _depths(acc: U64, n_slots: int) -> npt.NDArray[np.int32]:
    """Per slot, how many leading rows of a bitwise-AND-accumulated mask keep its bit."""
    words = acc.shape[1]
    drops = acc.copy()
    drops[:-1] &= ~acc[1:]  # bits held through row i and not row i + 1: depth i + 1
    flat = drops.reshape(-1)
    idx = np.flatnonzero(flat)
    depth = np.zeros(words * 64, dtype=np.int32)
    if idx.size:
        bits = np.unpackbits(flat[idx].view(np.uint8), bitorder="little").view(np.bool_)
        at = np.flatnonzero(bits)
        hit = idx[at >> 6]
        if words == 1:
            depth[at & 63] = hit + 1
        else:
            depth[(hit % words) * 64 + (at & 63)] = hit // words + 1
    return depth[:n_slots]
