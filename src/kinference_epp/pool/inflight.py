"""Requests the picker routed and Envoy has not yet reported finished.

The access log closes each entry; entries whose log never arrives (a proxy restart, a lost
batch) expire after a TTL so the counts cannot drift upwards forever. Later stages read the
per-endpoint counts as the picker's own, always-fresh view of load.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Callable

import msgspec

from kinference_epp.pool.endpoint import EndpointKey


class InflightRequest(msgspec.Struct):
    request_id: str
    endpoint: EndpointKey
    model: str
    target_model: str
    started: float
    prompt_bytes: int = 0


class InflightTracker:
    """Routed requests by id, oldest first; the per-endpoint and per-model counts are taken
    when read (metrics scrapes, tests), so a request costs two dict operations, not six."""

    def __init__(self, ttl_s: float = 600.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl_s
        self._now = clock
        self._by_id: OrderedDict[str, InflightRequest] = OrderedDict()

    def start(self, req: InflightRequest) -> None:
        request_id = req.request_id
        if not request_id:
            return
        by_id = self._by_id
        if by_id:
            self._expire()
            by_id.pop(request_id, None)  # a retry of the same request id re-routed: count it once
        by_id[request_id] = req

    def finish(self, request_id: str) -> InflightRequest | None:
        return self._by_id.pop(request_id, None)

    def count(self, endpoint: EndpointKey) -> int:
        return sum(1 for req in self._by_id.values() if req.endpoint == endpoint)

    def by_model(self) -> dict[str, int]:
        self._expire()
        return dict(Counter(req.model for req in self._by_id.values()))

    def __len__(self) -> int:
        return len(self._by_id)

    def _expire(self) -> None:
        by_id = self._by_id
        deadline = self._now() - self._ttl
        while by_id and next(iter(by_id.values())).started < deadline:
            by_id.popitem(last=False)
