"""Which blocks the router itself sent where: an LRU of block hashes per endpoint.

The approximate routers (GIE's prefix-cache scorer, SGLang's cache-aware policy) learn the
pods' caches only from their own past picks. Both keep, per endpoint, a bounded LRU of the
hashes routed there and a reverse map from hash to the endpoints holding it, so a lookup
walks the request's hashes once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable

from kinference_epp.pool.endpoint import EndpointKey


class PickedBlocks:
    """Per endpoint, the hashes routed there, least recently added first."""

    def __init__(self, capacity: Callable[[EndpointKey], int]) -> None:
        self._capacity = capacity
        self._lru: dict[EndpointKey, OrderedDict[int, None]] = {}
        self._holders: dict[int, set[EndpointKey]] = {}

    def holders(self, block_hash: int) -> set[EndpointKey] | None:
        """The endpoints that hold ``block_hash`` (None: none). Does not touch recency."""
        return self._holders.get(block_hash)

    def size(self, endpoint: EndpointKey) -> int:
        lru = self._lru.get(endpoint)
        return 0 if lru is None else len(lru)

    def add(self, endpoint: EndpointKey, hashes: Iterable[int]) -> None:
        """Record ``hashes`` on ``endpoint`` (most recent last), evicting beyond capacity."""
        lru = self._lru.get(endpoint)
        if lru is None:
            lru = self._lru[endpoint] = OrderedDict()
        holders = self._holders
        for h in hashes:
            if h in lru:
                lru.move_to_end(h)
                continue
            lru[h] = None
            held = holders.get(h)
            if held is None:
                holders[h] = {endpoint}
            else:
                held.add(endpoint)
        excess = len(lru) - self._capacity(endpoint)
        for _ in range(max(0, excess)):
            old, _ = lru.popitem(last=False)
            held = holders[old]
            held.discard(endpoint)
            if not held:
                del holders[old]
