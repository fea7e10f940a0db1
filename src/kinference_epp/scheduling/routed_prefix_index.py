"""The picker's own record of which blocks it sent where: the approximate prefix index.

When an endpoint has no healthy KV-event stream, the only evidence of what its cache
holds is where the picker routed earlier requests: a request's blocks are assumed
cached on the endpoint it was sent to, for ``ttl_s``, and at most
``capacity_per_endpoint`` keys per endpoint are remembered (least recently routed first
out). This is the GIE/llm-d ``approx-prefix`` behaviour. The same structure with a
short TTL is the *predicted state* for endpoints that do report events: blocks of
requests just routed there, not yet confirmed by ``BlockStored``.

Cost is what shapes it: a pick records its request here, so recording must cost
microseconds, not one Python step per block.

- **Sampled keys.** Block hashes are chained (a block's hash covers its whole prefix),
  so remembering every ``stride``-th block (positions ``stride-1, 2*stride-1, ...``)
  plus the request's last block loses nothing but resolution: a match is found in
  whole strides (``stride`` 4 x 16-token blocks = GIE's 64-token approximate blocks),
  and an exact repeat of a request still matches in full. ``stride`` 1 keeps every
  block.
- **Records, not per-block timestamps.** Each ``record`` call is one record (sequence
  number, time, its keys). Per endpoint, ``key → sequence of the latest record holding
  it`` is a plain dict updated in C (``dict.update(zip(...))``); only keys new to the
  endpoint touch the bitmasks. Expiry walks records oldest first (one global deque in
  time order) and drops only keys no later record refreshed; the capacity bound evicts
  keys of the endpoint's oldest records in order, one key at a time, so it is LRU per
  key like GIE's.
- **Matching** reads ``own key → bitmask of endpoint slots`` (``routed_kernel.KeyMasks``,
  a numpy table only keys new to an endpoint, or leaving it, write to) in one compiled
  walk over the request's sampled keys, stopping at the first one nobody holds.
  ``leading_depths`` below is the plain reference it is tested against.

Synchronous and lock-free: the scheduler's event loop owns it.
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Iterator, Sequence
from itertools import accumulate, compress, islice, repeat, takewhile

import numpy as np
import numpy.typing as npt

from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.routed_kernel import KeyMasks


class _Record:
    """The sampled keys of one routed request, and how many of them were evicted already."""

    __slots__ = ("done", "endpoint", "keys", "seq", "time")

    def __init__(self, seq: int, time: float, keys: list[int], endpoint: _Endpoint) -> None:
        self.seq = seq
        self.time = time
        self.keys = keys
        self.endpoint = endpoint
        self.done = 0
        """Keys ``[0, done)`` were retired by the capacity bound (or all: the record is gone)."""


class _Endpoint:
    __slots__ = ("records", "seq_of", "slot")

    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.seq_of: dict[int, int] = {}
        """Key → sequence number of the latest record that holds it."""
        self.records: deque[_Record] = deque()
        """Live records, oldest first."""


class RoutedPrefixIndex:
    """Blocks routed to each endpoint, remembered for ``ttl_s``, LRU-bounded per endpoint."""

    def __init__(self, ttl_s: float, capacity_per_endpoint: int, stride: int = 1) -> None:
        if ttl_s <= 0 or capacity_per_endpoint <= 0 or stride <= 0:
            raise ValueError("ttl_s, capacity_per_endpoint and stride must be positive")
        self.ttl_s = ttl_s
        self.capacity = capacity_per_endpoint
        self.stride = stride
        self._masks = KeyMasks()
        self._eps: dict[EndpointKey, _Endpoint] = {}
        self._slots: list[EndpointKey | None] = []
        self._free: list[int] = []
        self._by_time: deque[_Record] = deque()
        self._seq = 0
        self.version = 0
        """Bumped whenever an endpoint gains or loses a slot (slot maps must be rebuilt)."""
        self.evicted = 0
        self.expired = 0

    def sample(self, block_hashes: Sequence[int] | npt.NDArray[np.uint64]) -> list[int]:
        """The keys kept for (and looked up from) a request: every ``stride``-th block and the last."""
        n = len(block_hashes)
        if n == 0:
            return []
        stride = self.stride
        picked = block_hashes[stride - 1 :: stride] if stride > 1 else block_hashes
        keys: list[int] = picked.tolist() if isinstance(picked, np.ndarray) else list(picked)
        if n % stride:
            keys.append(int(block_hashes[-1]))
        return keys

    # ---- writing ---------------------------------------------------------------------

    def record(
        self,
        endpoint: EndpointKey,
        block_hashes: Sequence[int] | npt.NDArray[np.uint64],
        now: float,
    ) -> None:
        """``endpoint`` was just sent a request with these leading blocks."""
        keys = self.sample(block_hashes)
        if not keys:
            return
        ep = self._eps.get(endpoint) or self._add(endpoint)
        self._seq += 1
        seq_of = ep.seq_of
        new = list(compress(keys, map(operator.not_, map(seq_of.__contains__, keys))))
        seq_of.update(zip(keys, repeat(self._seq)))
        self._masks.set(new, ep.slot)
        rec = _Record(self._seq, now, keys, ep)
        ep.records.append(rec)
        self._by_time.append(rec)
        if len(seq_of) > self.capacity:
            self._evict(ep)

    def expire(self, now: float) -> None:
        """Forget blocks routed more than ``ttl_s`` before ``now``."""
        cutoff = now - self.ttl_s
        by_time = self._by_time
        while by_time and by_time[0].time < cutoff:
            rec = by_time.popleft()
            if rec.done < len(rec.keys):  # still live: it is its endpoint's oldest record
                ep = rec.endpoint
                if ep.records and ep.records[0] is rec:
                    ep.records.popleft()
                self.expired += self._retire(ep, rec, len(rec.keys))

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        ep = self._eps.pop(endpoint, None)
        if ep is None:
            return
        self._masks.clear(list(ep.seq_of), ep.slot)
        for rec in ep.records:
            rec.done = len(rec.keys)
        ep.records.clear()
        ep.seq_of.clear()
        self._slots[ep.slot] = None
        self._free.append(ep.slot)
        self.version += 1

    def _evict(self, ep: _Endpoint) -> None:
        """Drop the endpoint's least recently routed keys until it is within capacity."""
        while len(ep.seq_of) > self.capacity and ep.records:
            rec = ep.records[0]
            excess = len(ep.seq_of) - self.capacity
            # retire keys in order until ``excess`` of them really left (refreshed ones stay)
            stop = rec.done
            gone = 0
            while stop < len(rec.keys) and gone < excess:
                h = rec.keys[stop]
                if ep.seq_of.get(h) == rec.seq:
                    gone += 1
                stop += 1
            self.evicted += self._retire(ep, rec, stop)
            if rec.done >= len(rec.keys):
                ep.records.popleft()

    def _retire(self, ep: _Endpoint, rec: _Record, stop: int) -> int:
        """Drop ``rec.keys[rec.done:stop]`` that no later record refreshed; how many went."""
        seq_of, seq = ep.seq_of, rec.seq
        gone: list[int] = []
        for h in islice(rec.keys, rec.done, stop):
            if seq_of.get(h) == seq:
                del seq_of[h]
                gone.append(h)
        self._masks.clear(gone, ep.slot)
        rec.done = stop
        return len(gone)

    def _add(self, endpoint: EndpointKey) -> _Endpoint:
        if self._free:
            slot = self._free.pop()
            self._slots[slot] = endpoint
        else:
            slot = len(self._slots)
            self._slots.append(endpoint)
        ep = self._eps[endpoint] = _Endpoint(slot)
        self.version += 1
        return ep

    # ---- reading ---------------------------------------------------------------------

    @property
    def num_slots(self) -> int:
        return len(self._slots)

    def num_blocks(self, endpoint: EndpointKey) -> int:
        """Keys remembered for one endpoint (sampled blocks when ``stride`` > 1)."""
        ep = self._eps.get(endpoint)
        return 0 if ep is None else len(ep.seq_of)

    @property
    def num_entries(self) -> int:
        """(endpoint, key) entries over all endpoints."""
        return sum(len(ep.seq_of) for ep in self._eps.values())

    def slots_for(self, endpoints: Sequence[EndpointKey]) -> npt.NDArray[np.intp]:
        """Own slot of each endpoint, -1 for endpoints never routed to."""
        eps = self._eps
        return np.array(
            [ep.slot if (ep := eps.get(k)) is not None else -1 for k in endpoints], dtype=np.intp
        )

    def match(self, block_hashes: Sequence[int] | npt.NDArray[np.uint64]) -> npt.NDArray[np.int32]:
        """Leading blocks each slot holds (call ``expire`` first for TTL accuracy).

        In whole strides: a request whose first 10 blocks were routed, at stride 4,
        matches 8 (or all 10 when it has exactly those 10 blocks).
        """
        depth = self.leading(block_hashes)
        return np.zeros(len(self._slots), dtype=np.int32) if depth is None else depth

    def leading(
        self, block_hashes: Sequence[int] | npt.NDArray[np.uint64]
    ) -> npt.NDArray[np.int32] | None:
        """``match``, or None when no slot holds the request's first key (the common case,
        answered without allocating)."""
        return self._masks.leading(block_hashes, self.stride, len(self._slots))


def leading_depths(masks: Iterator[int], n_slots: int) -> npt.NDArray[np.int32]:
    """Per slot, how many leading bitmasks have its bit set; stops at the first empty AND.

    The plain reference of ``routed_kernel.leading`` (its tests hold it to this)."""
    depth = _leading_or_none(masks, n_slots)
    return np.zeros(n_slots, dtype=np.int32) if depth is None else depth


def _leading_or_none(masks: Iterator[int], n_slots: int) -> npt.NDArray[np.int32] | None:
    """``leading_depths``, None when the first mask is empty.

    The AND-accumulated masks only lose bits, so they change value at a few points: the
    walk and the change points are found by C iterators, and only the (few) changes are
    visited in Python.
    """
    accs = list(takewhile(bool, accumulate(masks, operator.and_)))
    if not accs:
        return None
    depth = np.zeros(n_slots, dtype=np.int32)
    ends = list(compress(range(1, len(accs)), map(operator.ne, accs, islice(accs, 1, None))))
    for j in ends:
        _assign(depth, accs[j - 1] & ~accs[j], j)
    _assign(depth, accs[-1], len(accs))
    return depth


def _assign(depth: npt.NDArray[np.int32], bits: int, value: int) -> None:
    while bits:
        low = bits & -bits
        depth[low.bit_length() - 1] = value
        bits ^= low
