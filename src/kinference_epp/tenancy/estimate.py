"""How many output tokens to reserve for a request before it runs.

``min(max_tokens, the tenant's recent p90 completion length on the model, a cap)``: the
reservation settles to the real count afterwards, so the estimate only decides how much
headroom concurrent requests hold. Too high would refuse requests the limit could take; too
low lets in-flight requests overrun it. With no history yet the default stands in.
"""

from __future__ import annotations

from collections import deque

WINDOW = 128
"""Completion lengths kept per tenant and model."""
EVERY = 16
"""Observations between two recomputations of a p90."""


class OutputEstimator:
    def __init__(self, *, default_tokens: int, max_tokens: int) -> None:
        self._default = default_tokens
        self._cap = max_tokens
        self._seen: dict[tuple[str, str], deque[int]] = {}
        self._p90: dict[tuple[str, str], int] = {}
        self._since: dict[tuple[str, str], int] = {}

    def expected(self, tenant: str, model: str, max_tokens: int | None) -> int:
        expected = self._p90.get((tenant, model), self._default)
        if max_tokens is not None and max_tokens < expected:
            expected = max_tokens
        return expected if expected < self._cap else self._cap

    def observe(self, tenant: str, model: str, completion_tokens: int) -> None:
        key = (tenant, model)
        seen = self._seen.get(key)
        if seen is None:
            seen = self._seen[key] = deque(maxlen=WINDOW)
            self._since[key] = 0
        seen.append(completion_tokens)
        since = self._since[key] + 1
        if since >= EVERY or len(seen) <= EVERY:  # every time while the history is short
            ordered = sorted(seen)
            self._p90[key] = ordered[min(len(ordered) - 1, (len(ordered) * 9) // 10)]
            since = 0
        self._since[key] = since

    def p90(self, tenant: str, model: str) -> int | None:
        return self._p90.get((tenant, model))
