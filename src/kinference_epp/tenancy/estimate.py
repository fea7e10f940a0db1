"""How many output tokens to reserve for a request before it runs.

The reservation starts from the most the request may produce, so that requests admitted
together cannot pass the limit however long their answers turn out:

* the request's ``max_tokens`` / ``max_completion_tokens`` when it sets one;
* else the tenant's ``limits.maxOutputTokens`` when configured;
* else the configured default, raised to the tenant's recent p90 completion length on the
  model when that is longer (history only ever raises the estimate: a run of short answers
  must not let a burst of long ones through);

each capped by the configured ``max_output_tokens``. The access-log record settles the
reservation to the real count afterwards, so reserving the bound costs only headroom while
the request runs.
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

    def expected(
        self,
        tenant: str,
        model: str,
        max_tokens: int | None,
        tenant_cap: int | None = None,
    ) -> int:
        """Output tokens to reserve (see the module docstring): the request's ``max_tokens``,
        else ``tenant_cap``, else the default or the tenant's p90 if longer; at most the cap."""
        if max_tokens is not None:
            expected = max_tokens
        elif tenant_cap is not None:
            expected = tenant_cap
        else:
            expected = max(self._default, self._p90.get((tenant, model), 0))
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
