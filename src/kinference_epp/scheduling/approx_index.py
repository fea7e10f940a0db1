"""The picker's own record of which blocks it sent where: the approximate prefix index.

When an endpoint has no healthy KV-event stream, the only evidence of what its cache
holds is where the picker routed earlier requests: a request's blocks are assumed
cached on the endpoint it was sent to, for ``ttl_s``, and at most
``capacity_per_endpoint`` blocks per endpoint are remembered (least recently routed
first out). This is the GIE/llm-d ``approx-prefix`` behaviour. The same structure with
a short TTL is the *predicted state* for endpoints that do report events: blocks of
requests just routed there, not yet confirmed by ``BlockStored``.

Layout: own block hash → bitmask of endpoint slots (so a match is a C-speed walk that
stops at the first block nobody holds, like ``kvcache.index``), and per endpoint an
``OrderedDict`` hash → time routed, kept in time order (a re-route moves the entry to
the end), so TTL expiry pops from the front. Synchronous and lock-free: the scheduler's
event loop owns it.
"""

from __future__ import annotations

import operator
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, compress, repeat, takewhile

import numpy as np
import numpy.typing as npt

from kinference_epp.pool.endpoint import EndpointKey


class _Endpoint:
    __slots__ = ("bit", "blocks", "slot")

    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.bit = 1 << slot
        self.blocks: OrderedDict[int, float] = OrderedDict()


class RoutedPrefixIndex:
    """Blocks routed to each endpoint, remembered for ``ttl_s``, LRU-bounded per endpoint."""

    def __init__(self, ttl_s: float, capacity_per_endpoint: int) -> None:
        if ttl_s <= 0 or capacity_per_endpoint <= 0:
            raise ValueError("ttl_s and capacity_per_endpoint must be positive")
        self.ttl_s = ttl_s
        self.capacity = capacity_per_endpoint
        self._masks: dict[int, int] = {}
        self._eps: dict[EndpointKey, _Endpoint] = {}
        self._slots: list[EndpointKey | None] = []
        self._free: list[int] = []
        self.version = 0
        """Bumped whenever an endpoint gains or loses a slot (slot maps must be rebuilt)."""
        self.evicted = 0
        self.expired = 0

    # ---- writing ---------------------------------------------------------------------

    def record(self, endpoint: EndpointKey, block_hashes: Iterable[int], now: float) -> None:
        """``endpoint`` was just sent a request with these leading blocks."""
        ep = self._eps.get(endpoint) or self._add(endpoint)
        blocks, masks, bit = ep.blocks, self._masks, ep.bit
        hashes = block_hashes if isinstance(block_hashes, list) else list(block_hashes)
        # Pop every block and re-insert them all at the end (= move_to_end, in time order):
        # map/update/compress run at C speed; only blocks new to the endpoint touch the masks.
        was = list(map(blocks.pop, hashes, repeat(None)))
        blocks.update(zip(hashes, repeat(now)))
        for h in compress(hashes, map(operator.is_, was, repeat(None))):
            masks[h] = masks.get(h, 0) | bit
        excess = len(blocks) - self.capacity
        if excess > 0:
            for _ in range(excess):
                h, _ = blocks.popitem(last=False)
                self._unset(h, bit)
            self.evicted += excess

    def expire(self, now: float) -> None:
        """Forget blocks routed more than ``ttl_s`` before ``now``."""
        cutoff = now - self.ttl_s
        for ep in self._eps.values():
            blocks = ep.blocks
            while blocks:
                h, t = next(iter(blocks.items()))
                if t >= cutoff:
                    break
                del blocks[h]
                self._unset(h, ep.bit)
                self.expired += 1

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        ep = self._eps.pop(endpoint, None)
        if ep is None:
            return
        for h in ep.blocks:
            self._unset(h, ep.bit)
        self._slots[ep.slot] = None
        self._free.append(ep.slot)
        self.version += 1

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

    def _unset(self, h: int, bit: int) -> None:
        m = self._masks[h] & ~bit
        if m:
            self._masks[h] = m
        else:
            del self._masks[h]

    # ---- reading ---------------------------------------------------------------------

    @property
    def num_slots(self) -> int:
        return len(self._slots)

    def num_blocks(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        return 0 if ep is None else len(ep.blocks)

    @property
    def num_entries(self) -> int:
        """(endpoint, block) entries over all endpoints."""
        return sum(len(ep.blocks) for ep in self._eps.values())

    def slots_for(self, endpoints: Sequence[EndpointKey]) -> npt.NDArray[np.intp]:
        """Own slot of each endpoint, -1 for endpoints never routed to."""
        eps = self._eps
        return np.array(
            [ep.slot if (ep := eps.get(k)) is not None else -1 for k in endpoints], dtype=np.intp
        )

    def match(self, block_hashes: Sequence[int]) -> npt.NDArray[np.int32]:
        """Leading blocks each slot holds (call ``expire`` first for TTL accuracy)."""
        return leading_depths(map(self._masks.get, block_hashes, repeat(0)), len(self._slots))


def leading_depths(masks: Iterator[int], n_slots: int) -> npt.NDArray[np.int32]:
    """Per slot, how many leading bitmasks have its bit set; stops at the first empty AND."""
    depth = np.zeros(n_slots, dtype=np.int32)
    held = 0
    j = 0
    for j, acc in enumerate(takewhile(bool, accumulate(masks, operator.and_)), start=1):
        if acc != held:
            _assign(depth, held & ~acc, j - 1)
            held = acc
    _assign(depth, held, j)
    return depth


def _assign(depth: npt.NDArray[np.int32], bits: int, value: int) -> None:
    while bits:
        low = bits & -bits
        depth[low.bit_length() - 1] = value
        bits ^= low
