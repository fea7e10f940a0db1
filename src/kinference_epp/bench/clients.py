"""When conversations start: open-loop Poisson arrivals or a closed loop of fixed concurrency.

Within a conversation the next turn always starts when the previous answer finishes
(a chat user waits for the reply); the client only decides when each *conversation*
starts. Both clients are deterministic for a seed.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np


class Client(Protocol):
    def initial(self, count: int) -> list[tuple[float, int]]:
        """``(start time, conversation index)`` of the conversations known up front."""
        ...

    def on_done(self, now: float) -> int | None:
        """A conversation ended at ``now``: the index of the next one to start now, if any."""
        ...


class PoissonClient:
    """Open loop: conversations start at exponential intervals of mean ``1 / rate``."""

    def __init__(self, rate: float, rng: np.random.Generator) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.rate = rate
        self._rng = rng

    def initial(self, count: int) -> list[tuple[float, int]]:
        times = np.cumsum(self._rng.exponential(1.0 / self.rate, size=count))
        times -= times[0] if count else 0.0
        return [(float(t), i) for i, t in enumerate(times)]

    def on_done(self, now: float) -> int | None:
        return None


class ConcurrencyClient:
    """Closed loop: ``users`` conversations at a time; each user starts the next at once."""

    def __init__(self, users: int) -> None:
        if users <= 0:
            raise ValueError("users must be positive")
        self.users = users
        self._next = 0
        self._count = 0

    def initial(self, count: int) -> list[tuple[float, int]]:
        self._count = count
        self._next = min(self.users, count)
        return [(0.0, i) for i in range(self._next)]

    def on_done(self, now: float) -> int | None:
        if self._next >= self._count:
            return None
        self._next += 1
        return self._next - 1
