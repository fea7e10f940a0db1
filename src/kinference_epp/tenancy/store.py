"""The limit store: where buckets, concurrency counts and reservations live.

One Protocol, two implementations: ``MemoryStore`` for one replica (the embedded default) and
``RedisStore`` shared by replicas. Admission reserves every bucket and concurrency slot of a
request in one atomic step; settlement (from the access log, idempotent per request id)
corrects the buckets by what the request really used and frees its slots; a sweeper settles
reservations whose usage never came. A shared test suite holds both to the same behaviour.
"""

from __future__ import annotations

from math import ceil
from typing import Protocol

import msgspec

from kinference_epp.tenancy.gcra import Take
from kinference_epp.tenancy.limits import Bucket, Concurrency, Kind


class Reservation(msgspec.Struct, frozen=True):
    """What one request takes from its tenant's buckets at admission."""

    request_id: str
    tenant: str
    model: str
    buckets: tuple[Bucket, ...]
    amounts: tuple[int, ...]
    """Taken from each bucket (capped at its capacity, so a big request fits a full bucket)."""
    concurrency: tuple[Concurrency, ...]
    prompt_tokens: int
    output_tokens: int
    """Expected output reserved (``tenancy.estimate``)."""
    ttl_s: float
    """Settled by the sweeper (as reserved) when no usage came in this long."""
    fail_closed: bool = False
    """While the shared store is unreachable: refuse (503) instead of admitting against a
    local share of the limit (the tenant's fail mode)."""


class Window(msgspec.Struct, frozen=True):
    """One bucket's state for the ``x-ratelimit-*`` headers."""

    limit: int
    remaining: int
    reset_s: float


class Verdict(msgspec.Struct, frozen=True):
    allowed: bool
    denied_by: str = ""
    """``tokens``, ``requests``, ``concurrency`` or ``store`` (unreachable, fail closed)."""
    retry_after_s: float = 0.0
    tokens: Window | None = None
    """The token bucket with the least left."""
    requests: Window | None = None
    degraded: bool = False
    """Decided without the shared store (its fallback, while it is unreachable)."""


class Settlement(msgspec.Struct, frozen=True):
    """What a finished request used, from its access-log record."""

    request_id: str
    status: int
    prompt_tokens: int | None
    completion_tokens: int | None
    cached_tokens: int | None = None
    abandoned: bool = False
    """The response was cut before it ended (the client went away, or the upstream timeout
    expired: ``tenancy.abandoned``): without counts it is charged as reserved, never
    refunded."""


class LimitStore(Protocol):
    def reserve(self, r: Reservation) -> Verdict | None:
        """The verdict when it is known without a round trip (in process, or the shared
        store's fallback while it is unreachable); None: await :meth:`reserve_async`."""
        ...

    async def reserve_async(self, r: Reservation) -> Verdict:
        """The verdict from the shared store, bounded by its timeout (on a timeout or an
        error: the fallback's verdict, marked ``degraded``)."""
        ...

    def settle(self, s: Settlement) -> None:
        """Close the request's reservation, if it has one (idempotent: a second settlement of
        one request id changes nothing). A shared store settles in the background."""
        ...

    async def flush(self) -> None:
        """Wait until every settlement handed to :meth:`settle` so far is applied."""
        ...

    async def sweep(self) -> list[Reservation]:
        """Settle, as reserved, the reservations past their deadline; returns them."""
        ...


def used(kind: Kind, prompt: int, completion: int) -> int:
    """What a bucket of ``kind`` counts for a request that used these tokens."""
    if kind is Kind.TOTAL:
        return prompt + completion
    if kind is Kind.INPUT:
        return prompt
    if kind is Kind.OUTPUT:
        return completion
    return 1


def used_tokens(s: Settlement, r: Reservation) -> tuple[int, int]:
    """(prompt, completion) a settlement charges against its reservation.

    An error answer without usage used nothing (refunded); a success without usage (a stream
    cut before its usage chunk) and a request abandoned before its response are charged what
    was reserved; a count that is missing while the other is known is taken from the
    reservation.
    """
    prompt, completion = s.prompt_tokens, s.completion_tokens
    if prompt is None and completion is None:
        if not s.abandoned and (s.status >= 400 or s.status == 0):
            return 0, 0
        return r.prompt_tokens, r.output_tokens
    return (
        r.prompt_tokens if prompt is None else prompt,
        r.output_tokens if completion is None else completion,
    )


def windows(
    r: Reservation, takes: list[Take], scale: float = 1.0
) -> tuple[Window | None, Window | None]:
    """The tightest token bucket and the requests bucket after ``takes`` (one per bucket)."""
    tightest = requests = -1
    for i, bucket in enumerate(r.buckets):
        left = takes[i].remaining
        if bucket.kind is Kind.REQUESTS:
            if requests < 0 or left < takes[requests].remaining:
                requests = i
        elif tightest < 0 or left < takes[tightest].remaining:
            tightest = i
    return _window(r, takes, tightest, scale), _window(r, takes, requests, scale)


def _window(r: Reservation, takes: list[Take], i: int, scale: float) -> Window | None:
    if i < 0:
        return None
    t = takes[i]
    return Window(int(r.buckets[i].capacity / scale), int(t.remaining + 1e-6), ceil_ms(t.reset_s))


def ceil_ms(seconds: float) -> float:
    return ceil(seconds * 1000) / 1000
