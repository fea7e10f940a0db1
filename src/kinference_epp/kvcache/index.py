"""The reference prefix index: own block hash → bitmask of the endpoints holding it, per tier.

The readable backend (``kv_events.index: mask``); the default is the numpy
``fast_index.FastPrefixIndex``, which meets the latency and memory budgets this one does not
(``benchmarks/results/kv_index.md``). Both pass one shared test suite. Here a dict from own
hash to a Python-int bitmask (bit ``s`` = endpoint slot ``s``) lets ``match`` run in C iterators —
``map(dict.get)`` → ``accumulate(and_)`` → ``takewhile(bool)`` — and stop at the first
block no endpoint holds. The AND-accumulated masks only lose bits, so as integers they
are non-increasing: each endpoint's leading-run length is found by bisecting them.

Per endpoint and tier (GPU; everything else is the offload tier) we keep
``engine hash → own hash`` (removals arrive with vLLM's hashes). Reference counts are
sparse, because a count above one is rare: ``copies`` counts extra stores of one engine
hash, ``shared`` extra engine hashes mapping to the same own hash. A bit is cleared only
when the last copy goes.

Decisions:

- A ``BlockStored`` whose parent engine hash we do not know (we joined late, or missed
  a batch nobody could replay) is dropped and counted in ``dropped_unknown_parent``:
  rooting it would claim a prefix match for blocks that follow an unknown prefix, and
  leading-run matching could never reach it anyway. The subscriber rebuilds from replay.
- Blocks with another block size are dropped (``dropped_block_size``).
- Memory is bounded per endpoint (``max_blocks_per_endpoint`` engine hashes per tier):
  beyond it the oldest-stored entries are evicted in bulk (``evicted``). vLLM's own
  eviction normally keeps us far below the cap; the cap guards against lost removals.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import accumulate, compress, islice, repeat, takewhile

import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.events import (
    MEDIUM_GPU,
    DecodedBatch,
)
from kinference_epp.kvcache.hashing import (
    BlockHashArray,
    EngineHash,
    HashScope,
    TokenArray,
    block_hashes,
)
from kinference_epp.kvcache.interface import (
    IndexBase,
    PrefixMatch,
    replay_events,
)
from kinference_epp.pool.endpoint import EndpointKey

GPU, OFFLOAD = 0, 1
"""Tier numbers: vLLM's ``"GPU"`` medium, and every other medium (``"CPU"``, disk ...)."""


def tier_of(medium: str) -> int:
    """The tier a vLLM ``medium`` belongs to."""
    return GPU if medium == MEDIUM_GPU else OFFLOAD


class _Tier:
    """One endpoint's blocks in one tier."""

    __slots__ = ("copies", "own_of", "shared")

    def __init__(self) -> None:
        self.own_of: dict[int, int] = {}
        self.copies: dict[int, int] = {}
        self.shared: dict[int, int] = {}


class _Endpoint:
    __slots__ = ("bit", "slot", "tiers")

    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.bit = 1 << slot
        self.tiers = (_Tier(), _Tier())


class MaskPrefixIndex(IndexBase[_Endpoint]):
    """Dict of own hash → endpoint bitmask; see the module docstring for the design."""

    def __init__(self, block_size: int = 16, max_blocks_per_endpoint: int = 1 << 21) -> None:
        super().__init__()
        if block_size <= 0 or max_blocks_per_endpoint <= 0:
            raise ValueError("block_size and max_blocks_per_endpoint must be positive")
        self._block_size = block_size
        self.max_blocks_per_endpoint = max_blocks_per_endpoint
        self._masks: tuple[dict[int, int], dict[int, int]] = ({}, {})

    # ---- reading ---------------------------------------------------------------------

    @property
    def block_size(self) -> int:
        return self._block_size

    def num_blocks(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        return 0 if ep is None else sum(len(t.own_of) for t in ep.tiers)

    @property
    def num_entries(self) -> int:
        """(endpoint, engine hash, tier) entries over all endpoints."""
        return sum(len(t.own_of) for ep in self._eps.values() for t in ep.tiers)

    @property
    def num_distinct_blocks(self) -> int:
        """Distinct own hashes held anywhere (GPU and offload counted separately)."""
        return len(self._masks[GPU]) + len(self._masks[OFFLOAD])

    def match(self, block_hashes: BlockHashArray | Sequence[int]) -> PrefixMatch:
        hashes = block_hashes.tolist() if isinstance(block_hashes, np.ndarray) else block_hashes
        n = len(self._slots)
        gpu_get = self._masks[GPU].get
        gpu = _leading(map(gpu_get, hashes, repeat(0)), n)
        if self._masks[OFFLOAD]:
            cpu_get = self._masks[OFFLOAD].get
            both = _leading((gpu_get(h, 0) | cpu_get(h, 0) for h in hashes), n)
            cpu = both - gpu
        else:
            cpu = np.zeros(n, dtype=np.int32)
        return PrefixMatch(gpu, cpu, len(hashes))

    def holders(self, block_hash: int, tier: int = GPU) -> list[EndpointKey]:
        """Endpoints holding one own hash (for debugging and tests)."""
        mask = self._masks[tier].get(block_hash, 0)
        return [k for s, k in enumerate(self._slots) if k is not None and mask >> s & 1]

    # ---- writing ---------------------------------------------------------------------

    def add_endpoint(self, endpoint: EndpointKey) -> int:
        """Give an endpoint a slot (idempotent); writes add unknown endpoints themselves."""
        ep = self._eps.get(endpoint)
        if ep is None:
            slot = self._take_slot(endpoint)
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
        if parent_engine_hash is None:
            parent = None
        else:
            parent = ep.tiers[GPU].own_of.get(parent_engine_hash)
            if parent is None:
                parent = ep.tiers[OFFLOAD].own_of.get(parent_engine_hash)
            if parent is None:
                self.dropped_unknown_parent += n
                return 0
        own = block_hashes(token_ids, block_size, scope, parent).tolist()
        ti = tier_of(medium)
        added = self._store(ep, ti, engine_hashes, own)
        self.stored += n
        tier = ep.tiers[ti]
        if len(tier.own_of) > self.max_blocks_per_endpoint:
            excess = len(tier.own_of) - self.max_blocks_per_endpoint
            self._evict(ep, ti, excess + self.max_blocks_per_endpoint // 16)
        return added

    def apply_batch(self, endpoint: EndpointKey, model: str, batch: DecodedBatch) -> None:
        """Every event in order (the reference semantics; dict updates gain nothing from
        batching, so this backend does not try)."""
        replay_events(self, endpoint, model, batch.events)

    def _store(self, ep: _Endpoint, ti: int, engine: Sequence[int], own: list[int]) -> int:
        tier, masks, bit = ep.tiers[ti], self._masks[ti], ep.bit
        own_of, copies, shared = tier.own_of, tier.copies, tier.shared
        added = 0
        for e, o in zip(engine, own, strict=True):
            prev = own_of.get(e)
            if prev is not None:
                copies[e] = copies.get(e, 0) + 1
                if prev != o:
                    self.hash_conflicts += 1
                continue
            own_of[e] = o
            added += 1
            m = masks.get(o, 0)
            if m & bit:
                shared[o] = shared.get(o, 0) + 1
            else:
                masks[o] = m | bit
        return added

    def apply_removed(
        self, endpoint: EndpointKey, engine_hashes: Sequence[EngineHash], medium: str
    ) -> int:
        ep = self._eps.get(endpoint)
        if ep is None:
            self.unknown_removed += len(engine_hashes)
            return 0
        ti = tier_of(medium)
        tier = ep.tiers[ti]
        own_of, copies = tier.own_of, tier.copies
        gone = 0
        for e in engine_hashes:
            if e not in own_of:
                self.unknown_removed += 1
                continue
            self.removed += 1
            c = copies.get(e)
            if c is not None:
                if c == 1:
                    del copies[e]
                else:
                    copies[e] = c - 1
                continue
            self._drop(ep, ti, e)
            gone += 1
        return gone

    def _drop(self, ep: _Endpoint, ti: int, engine_hash: int) -> None:
        """Forget one engine hash entirely (all its copies)."""
        tier = ep.tiers[ti]
        o = tier.own_of.pop(engine_hash)
        tier.copies.pop(engine_hash, None)
        s = tier.shared.get(o)
        if s is not None:
            if s == 1:
                del tier.shared[o]
            else:
                tier.shared[o] = s - 1
            return
        masks = self._masks[ti]
        m = masks[o] & ~ep.bit
        if m:
            masks[o] = m
        else:
            del masks[o]

    def _evict(self, ep: _Endpoint, ti: int, count: int) -> None:
        victims = list(islice(ep.tiers[ti].own_of, count))
        for e in victims:
            self._drop(ep, ti, e)
        self.evicted += len(victims)

    def clear(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is None:
            return
        keep = ~ep.bit
        for ti, tier in enumerate(ep.tiers):
            masks = self._masks[ti]
            for o in set(tier.own_of.values()):
                m = masks[o] & keep
                if m:
                    masks[o] = m
                else:
                    del masks[o]
        ep.tiers = (_Tier(), _Tier())

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is None:
            return
        self.clear(endpoint)
        self._release(endpoint)


def _leading(masks: Iterator[int], n_slots: int) -> npt.NDArray[np.int32]:
    """Per slot, how many leading masks have its bit set (all in C until the first gap)."""
    depth = np.zeros(n_slots, dtype=np.int32)
    accs = list(takewhile(bool, accumulate(masks, operator.and_)))
    if not accs:
        return depth
    # masks only lose bits, so the accumulated values change at a few points: find them in C
    ends = list(compress(range(1, len(accs)), map(operator.ne, accs, islice(accs, 1, None))))
    ends.append(len(accs))
    drops = [accs[j - 1] & ~accs[j] for j in ends[:-1]]
    drops.append(accs[-1])
    if sum(d.bit_count() for d in drops) <= 16:
        for j, d in zip(ends, drops, strict=True):
            while d:
                low = d & -d
                depth[low.bit_length() - 1] = j
                d ^= low
    else:
        nbytes = (n_slots + 7) // 8
        raw = b"".join(d.to_bytes(nbytes, "little") for d in drops)
        bits = np.unpackbits(
            np.frombuffer(raw, dtype=np.uint8).reshape(len(drops), nbytes),
            axis=1,
            bitorder="little",
        )[:, :n_slots]
        depth[:] = np.asarray(ends, dtype=np.int32) @ bits
    return depth
