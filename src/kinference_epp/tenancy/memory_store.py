"""The in-process limit store: one replica's buckets, concurrency counts and reservations.

The embedded default, and the fallback a shared store admits against while it is
unreachable (at the tenant's limit divided by the live replicas). Synchronous: admission and
settlement are a few dict operations and the GCRA arithmetic, on the event loop thread.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable

from kinference_epp.tenancy import gcra
from kinference_epp.tenancy.limits import Kind
from kinference_epp.tenancy.store import (
    Reservation,
    Settlement,
    Verdict,
    used,
    used_tokens,
    windows,
)


class MemoryStore:
    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        scale: Callable[[], float] | None = None,
    ) -> None:
        """``scale()`` divides every limit (the live replicas, for a fallback; 1 otherwise)."""
        self._clock = clock
        self._scale = scale or _one
        self._tat: dict[tuple[str, str], float] = {}
        self._running: dict[tuple[str, str], int] = {}
        self._pending: dict[str, tuple[Reservation, float]] = {}
        self._deadlines: list[tuple[float, str]] = []

    @property
    def pending(self) -> int:
        """Reservations not settled yet."""
        return len(self._pending)

    def running(self, tenant: str, key: str) -> int:
        return self._running.get((tenant, key), 0)

    def holds(self, request_id: str) -> bool:
        return request_id in self._pending

    def reserve(self, r: Reservation) -> Verdict:
        now = self._clock()
        scale = self._scale()
        tenant = r.tenant
        tat = self._tat
        takes = []
        denied_by = ""
        retry = 0.0
        for bucket, amount in zip(r.buckets, r.amounts, strict=True):
            capacity = bucket.capacity / scale
            t = gcra.take(
                tat.get((tenant, bucket.key), now),
                now,
                min(amount, capacity),
                capacity,
                capacity / bucket.window_s,
            )
            takes.append(t)
            if not t.allowed and t.retry_after_s >= retry:
                retry = t.retry_after_s
                denied_by = "requests" if bucket.kind is Kind.REQUESTS else "tokens"
        if not denied_by:
            for c in r.concurrency:
                if self._running.get((tenant, c.key), 0) >= max(1, int(c.limit / scale)):
                    denied_by, retry = "concurrency", 1.0
                    break
        tokens, requests = windows(r, takes, scale)
        if denied_by:
            return Verdict(False, denied_by, retry, tokens, requests)
        for bucket, t in zip(r.buckets, takes, strict=True):
            tat[(tenant, bucket.key)] = t.tat
        for c in r.concurrency:
            key = (tenant, c.key)
            self._running[key] = self._running.get(key, 0) + 1
        deadline = now + r.ttl_s
        self._pending[r.request_id] = (r, deadline)
        heapq.heappush(self._deadlines, (deadline, r.request_id))
        return Verdict(True, "", 0.0, tokens, requests)

    def seed(self, tenant: str, key: str, tat: float) -> None:
        """Set a bucket's state (a fallback starting from what the shared store last said)."""
        self._tat[(tenant, key)] = tat

    async def reserve_async(self, r: Reservation) -> Verdict:
        return self.reserve(r)

    def settle(self, s: Settlement) -> None:
        held = self._pending.pop(s.request_id, None)
        if held is None:
            return
        r = held[0]
        prompt, completion = used_tokens(s, r)
        self._correct(r, prompt, completion)

    async def flush(self) -> None:
        return None

    async def sweep(self) -> list[Reservation]:
        now = self._clock()
        swept = []
        while self._deadlines and self._deadlines[0][0] <= now:
            _, request_id = heapq.heappop(self._deadlines)
            held = self._pending.get(request_id)
            if held is None or held[1] > now:
                continue  # settled already (or re-reserved under the same id)
            del self._pending[request_id]
            r = held[0]
            self._correct(r, r.prompt_tokens, r.output_tokens)
            swept.append(r)
        return swept

    def _correct(self, r: Reservation, prompt: int, completion: int) -> None:
        """Move each bucket by what was used minus what was taken; free the slots."""
        scale = self._scale()
        tenant = r.tenant
        for bucket, amount in zip(r.buckets, r.amounts, strict=True):
            capacity = bucket.capacity / scale
            delta = used(bucket.kind, prompt, completion) - min(amount, capacity)
            if delta:
                key = (tenant, bucket.key)
                now = self._clock()
                # from now at the earliest: a full bucket charged an overrun holds less
                self._tat[key] = gcra.settle(
                    max(self._tat.get(key, now), now), delta, capacity / bucket.window_s
                )
        for c in r.concurrency:
            key = (tenant, c.key)
            left = self._running.get(key, 0) - 1
            if left > 0:
                self._running[key] = left
            else:
                self._running.pop(key, None)


def _one() -> float:
    return 1.0
