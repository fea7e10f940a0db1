"""The picker's own record of each routed request, keyed by an id the picker issues.

A report of a finished request (Envoy's access-log entry, a Pick API caller's ReportUsage) is
matched to this record by the picker's id: the tenant, the model, the endpoints and the
reservation come from here, never from the report, and a record is claimed once, so a second
report of one pick does nothing. A client's own ``x-request-id`` is never a key: two requests
that send one id are two picks.

Ids are a random per-process prefix and a counter (no per-request randomness or hashing on the
request path); they are unique across replicas and restarts, which is what keys a shared limit
store's reservations, but not secret: a Pick API caller proves a pick is its own with a
``ticket`` (random) instead.
"""

from __future__ import annotations

import itertools
import os
import time
from collections import OrderedDict
from collections.abc import Callable

import msgspec

from kinference_epp.pool.endpoint import EndpointKey

MAX_PICKS = 200_000
"""Picks remembered until their report; the oldest is forgotten first (its reservation is
then closed by the limit store's sweeper)."""
MAX_AGE_S = 900.0
"""A pick unreported this long is forgotten (by then the sweeper has settled its
reservation; a pick another replica's access log reported is never claimed here)."""


class RequestIds:
    """Issues request ids: ``<12 random hex digits>-<counter in hex>``."""

    __slots__ = ("_counter", "_prefix")

    def __init__(self, prefix: str | None = None) -> None:
        self._prefix = prefix if prefix is not None else os.urandom(6).hex()
        self._counter = itertools.count(1)

    def __call__(self) -> str:
        return f"{self._prefix}-{next(self._counter):x}"


def new_ticket() -> str:
    """A secret a Pick API caller presents with its ReportUsage (one per pick, not per
    ext_proc request)."""
    return os.urandom(16).hex()


class Pick(msgspec.Struct, frozen=True):
    """What the picker decided for one routed request."""

    request_id: str
    tenant: str
    """The tenant the picker identified ("" without tenants)."""
    model: str
    """The model the client asked for, as a bounded label (``RequestState.model_label``)."""
    target_model: str
    endpoints: tuple[EndpointKey, ...]
    """Primary first, then fallbacks: the only endpoints a report may name."""
    reserved_prompt_tokens: int
    """Prompt tokens the picker counted (or estimated) for the reservation."""
    reserved_output_tokens: int
    max_output_tokens: int | None
    """The most output the request may produce (its ``max_tokens``), when it set one."""
    picked_at: float
    """``time.monotonic()`` at the pick: no report can claim a longer duration."""
    client_request_id: str = ""
    """The client's own ``x-request-id``: a log field, never a key."""
    ticket: str = ""
    """Set for Pick API picks: what ReportUsage must present."""


class PickBook:
    """Bounded map of picks awaiting their report; :meth:`claim` hands each out once."""

    def __init__(
        self,
        max_picks: int = MAX_PICKS,
        clock: Callable[[], float] = time.monotonic,
        *,
        max_age_s: float = MAX_AGE_S,
    ) -> None:
        self._max = max_picks
        self._max_age = max_age_s
        self._clock = clock
        self._picks: OrderedDict[str, Pick] = OrderedDict()
        self.forgotten = 0
        """Picks dropped unreported because the book was full."""

    def __len__(self) -> int:
        return len(self._picks)

    def now(self) -> float:
        return self._clock()

    def record(self, pick: Pick) -> None:
        """Remember ``pick`` (picks come in ``picked_at`` order); forget the oldest past the
        bound or the age."""
        picks = self._picks
        picks[pick.request_id] = pick
        if len(picks) > self._max:
            picks.popitem(last=False)
            self.forgotten += 1
        oldest = pick.picked_at - self._max_age
        while picks:
            first = next(iter(picks.values()))
            if first.picked_at >= oldest:
                break
            picks.popitem(last=False)
            self.forgotten += 1

    def get(self, request_id: str) -> Pick | None:
        return self._picks.get(request_id)

    def claim(self, request_id: str) -> Pick | None:
        """The pick, removed: a second claim of one id returns None."""
        return self._picks.pop(request_id, None) if request_id else None
