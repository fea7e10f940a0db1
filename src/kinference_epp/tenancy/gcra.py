"""The generic cell rate algorithm over one bucket, with amounts and settlement.

A bucket's whole state is its theoretical arrival time ``tat``: the moment it would be full
again. Capacity C refills at rate r, so it is full at ``tat <= now`` and holds
``C - (tat - now) * r`` otherwise. Taking n (never more than C) moves ``tat`` by n / r and is
allowed while the bucket stays within its burst (``tat - now <= C / r``). Settling moves ``tat``
by the difference between what was used and what was taken: a refund gives tokens back, an
overrun leaves the bucket in debt (``tat`` beyond the burst) until time pays it off.

The in-process store calls these functions; the Redis store runs the same arithmetic in Lua
(``tenancy.lua``), and one test suite holds both to the same answers.
"""

from __future__ import annotations

from typing import NamedTuple


class Take(NamedTuple):
    allowed: bool
    tat: float
    """The bucket's new state when allowed (unchanged otherwise)."""
    remaining: float
    """Tokens left after the take (before it, when refused); never below 0."""
    reset_s: float
    """Seconds until the bucket is full again."""
    retry_after_s: float
    """When refused: seconds until ``n`` fits."""


def take(tat: float, now: float, n: float, capacity: float, rate: float) -> Take:
    start = tat if tat > now else now
    new = start + n / rate
    burst = capacity / rate
    if new - now > burst * (1 + 1e-9):
        return Take(
            False, tat, max(0.0, capacity - (start - now) * rate), start - now, new - now - burst
        )
    return Take(True, new, max(0.0, capacity - (new - now) * rate), new - now, 0.0)


def settle(tat: float, used_minus_taken: float, rate: float) -> float:
    """The bucket after a request used ``used_minus_taken`` more (or fewer) than it took."""
    return tat + used_minus_taken / rate
