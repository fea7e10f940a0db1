"""The circuit breaker in front of the shared limit store: a small state machine, no I/O.

Closed, every admission asks the store. ``failures`` consecutive failed calls (an error or a
timeout) open it; while open nothing asks the store, so no request waits on an unreachable
one, and admission follows each tenant's fail mode. The store's heartbeat keeps probing, and
its first success closes the breaker. Each transition is reported once.
"""

from __future__ import annotations

from collections.abc import Callable


class Breaker:
    def __init__(self, failures: int, on_transition: Callable[[bool], None]) -> None:
        """``on_transition(open)`` is called once per change of state."""
        if failures < 1:
            raise ValueError("failures must be at least 1")
        self._threshold = failures
        self._on_transition = on_transition
        self._failures = 0
        self._open = False

    @property
    def open(self) -> bool:
        return self._open

    def success(self) -> None:
        self._failures = 0
        if self._open:
            self._open = False
            self._on_transition(False)

    def failure(self) -> None:
        self._failures += 1
        if not self._open and self._failures >= self._threshold:
            self._open = True
            self._on_transition(True)
