"""Jittered exponential back-off with a cap: how every Kubernetes loop here waits after a failure.

The n-th consecutive failure (from 0) waits a uniform draw between ``initial_s / 2`` and
``min(max_s, initial_s * 2**n)``: the jitter spreads the replicas of a picker (and the watches
of one) that an API-server outage failed at the same instant, and the cap bounds how late a
recovered server is noticed. A success resets the count.

The random source and the sleep come in through the constructor, so a test draws the delays
with a seeded ``random.Random`` and records the sleeps instead of waiting for them.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from kinference_epp.config.kubernetes import WatchSettings

Sleep = Callable[[float], Awaitable[None]]


class Backoff:
    """The delays after consecutive failures (see the module)."""

    def __init__(
        self,
        initial_s: float,
        max_s: float,
        *,
        rng: random.Random | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.initial_s = initial_s
        self.max_s = max_s
        self._rng = rng or random.Random()
        self._sleep = sleep
        self.failures = 0
        """Consecutive failures counted by :meth:`next_delay` since the last :meth:`reset`."""

    @classmethod
    def of(cls, settings: WatchSettings, *, sleep: Sleep = asyncio.sleep) -> Backoff:
        """The back-off of the ``kubernetes.watch`` settings."""
        return cls(settings.backoff_initial_s, settings.backoff_max_s, sleep=sleep)

    def next_delay(self) -> float:
        """The delay after one more failure (the failure is counted)."""
        cap = min(self.max_s, self.initial_s * 2**self.failures)
        self.failures += 1
        return self._rng.uniform(self.initial_s / 2, cap)

    def reset(self) -> None:
        """A success: the next failure starts from ``initial_s`` again."""
        self.failures = 0

    async def sleep(self, seconds: float) -> None:
        """Sleep ``seconds`` with the injected sleep (a loop that chose its own delay)."""
        await self._sleep(seconds)

    async def wait(self) -> float:
        """Count a failure and sleep its delay; returns the delay."""
        delay = self.next_delay()
        await self._sleep(delay)
        return delay
