"""Requests the picker routed and Envoy has not yet reported finished.

The access log closes each entry; entries whose log never arrives (a proxy restart, a lost
batch) expire after a TTL so the counts cannot drift upwards forever. Later stages read the
per-endpoint counts as the picker's own, always-fresh view of load.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from kinference_epp.pool.endpoint import EndpointKey


@dataclass(slots=True)
class InflightRequest:
    request_id: str
    endpoint: EndpointKey
    model: str
    target_model: str
    started: float
    prompt_bytes: int = 0


class InflightTracker:
    def __init__(self, ttl_s: float = 600.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl_s
        self._now = clock
        self._by_id: OrderedDict[str, InflightRequest] = OrderedDict()
        self._per_endpoint: dict[EndpointKey, int] = {}
        self._per_model: dict[str, int] = {}

    def start(self, req: InflightRequest) -> None:
        if not req.request_id:
            return
        self._expire()
        previous = self._by_id.pop(req.request_id, None)
        if previous is not None:  # a retry of the same request id re-routed: count it once
            self._dec(previous)
        self._by_id[req.request_id] = req
        self._per_endpoint[req.endpoint] = self._per_endpoint.get(req.endpoint, 0) + 1
        self._per_model[req.model] = self._per_model.get(req.model, 0) + 1

    def finish(self, request_id: str) -> InflightRequest | None:
        req = self._by_id.pop(request_id, None)
        if req is not None:
            self._dec(req)
        return req

    def count(self, endpoint: EndpointKey) -> int:
        return self._per_endpoint.get(endpoint, 0)

    def by_model(self) -> dict[str, int]:
        self._expire()
        return dict(self._per_model)

    def __len__(self) -> int:
        return len(self._by_id)

    def _dec(self, req: InflightRequest) -> None:
        for counts, key in ((self._per_endpoint, req.endpoint), (self._per_model, req.model)):
            n = counts.get(key, 0) - 1  # type: ignore[call-overload]
            if n > 0:
                counts[key] = n  # type: ignore[index]
            else:
                counts.pop(key, None)  # type: ignore[call-overload]

    def _expire(self) -> None:
        deadline = self._now() - self._ttl
        while self._by_id:
            oldest = next(iter(self._by_id.values()))
            if oldest.started >= deadline:
                break
            self._by_id.popitem(last=False)
            self._dec(oldest)
