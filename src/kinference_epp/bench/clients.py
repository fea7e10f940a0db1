"""When conversations start: an open-loop ladder of load stages, or a closed loop of users.

Within a conversation the next turn always starts when the previous answer finishes
(a chat user waits for the reply); the client only decides when each *conversation*
starts. Both clients are deterministic for a seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

import numpy as np

from kinference_epp.bench.workloads import Stage

WARMUP = -1
"""The stage index of warm-up arrivals (left out of every figure)."""


class Arrival(NamedTuple):
    time: float
    conversation: int
    """Index into the workload's conversation list."""
    stage: int
    """Index of the load stage it belongs to (``WARMUP`` for the warm-up)."""


class Client(Protocol):
    def initial(self, count: int) -> list[Arrival]:
        """The conversations known up front, for a list of ``count`` conversations."""
        ...

    def on_done(self, now: float) -> int | None:
        """A conversation ended at ``now``: the index of the next one to start now, if any."""
        ...


class LadderClient:
    """Open loop: one stage after another, arrivals at each stage's rate.

    Poisson (exponential gaps) or constant (evenly spaced) arrivals, as inference-perf's
    ``poisson`` and ``constant`` load types. Arrival ``i`` sends conversation
    ``i mod count``: the prompt list is re-sent cyclically, as inference-perf's data
    generators do.
    """

    def __init__(
        self,
        stages: Sequence[Stage],
        rng: np.random.Generator,
        *,
        poisson: bool = True,
        warmup: Stage | None = None,
    ) -> None:
        self.stages = tuple(stages)
        self.warmup = warmup
        self._rng = rng
        self._poisson = poisson
        self.end_s = sum(s.duration_s for s in self.stages) + (
            warmup.duration_s if warmup is not None else 0.0
        )

    def stage_windows(self) -> list[tuple[float, float]]:
        """``(start, end)`` of every stage in ``stages``, in seconds from the first arrival."""
        t = self.warmup.duration_s if self.warmup is not None else 0.0
        out = []
        for s in self.stages:
            out.append((t, t + s.duration_s))
            t += s.duration_s
        return out

    def initial(self, count: int) -> list[Arrival]:
        out: list[Arrival] = []
        t0 = 0.0
        plan = [(WARMUP, self.warmup)] if self.warmup is not None else []
        plan += list(enumerate(self.stages))
        for index, stage in plan:
            assert stage is not None
            for t in self._times(stage):
                out.append(Arrival(t0 + t, len(out) % count, index))
            t0 += stage.duration_s
        return out

    def _times(self, stage: Stage) -> list[float]:
        if not self._poisson:
            n = round(stage.rate * stage.duration_s)
            return [i / stage.rate for i in range(n)]
        times: list[float] = []
        t = 0.0
        while True:
            t += float(self._rng.exponential(1.0 / stage.rate))
            if t >= stage.duration_s:
                return times
            times.append(t)

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

    def initial(self, count: int) -> list[Arrival]:
        self._count = count
        self._next = min(self.users, count)
        return [Arrival(0.0, i, 0) for i in range(self._next)]

    def on_done(self, now: float) -> int | None:
        if self._next >= self._count:
            return None
        self._next += 1
        return self._next - 1
