"""Usage and cost per tenant x model x day (UTC): the ledger every settled request adds to.

A synchronous core with no I/O. The ledger keeps two things: the increments not yet written
(``take``: a sink writes them to Redis or a JSON-lines file and hands back what it could
not write) and each tenant's spend in the current month (what budgets are enforced from). A
sink that reads every replica's spend back replaces the month's figures with
:meth:`UsageLedger.set_month_spend`.

Outcomes: ``ok`` (2xx), ``rate_limited`` (a 429, the picker's or the model server's),
``over_budget`` (refused at admission: the month's budget is spent), ``client_error`` (other
4xx), ``server_error`` (5xx, or no response), ``swept`` (no usage arrived; charged as
reserved). A request the picker refused itself is also counted under its reason
(``rejected``: ``rate_limit_exceeded``, ``insufficient_quota``, ``pool_saturated``,
``policy_rejected``, ``model_not_found``, ...), beside its outcome.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime

import msgspec

from kinference_epp.config.tenancy import Price

OUTCOMES = ("ok", "rate_limited", "over_budget", "client_error", "server_error", "swept")


REJECTED_OVER_BUDGET = "insufficient_quota"
"""The reason of a refusal because the month's budget is spent (outcome ``over_budget``)."""


def outcome_of(status: int) -> str:
    if 200 <= status < 400:
        return "ok"
    if status == 429:
        return "rate_limited"
    if 400 <= status < 500:
        return "client_error"
    return "server_error"


def rejection_outcome(status: int, reason: str) -> str:
    """The outcome of a request the picker refused with ``status`` for ``reason``."""
    return "over_budget" if reason == REJECTED_OVER_BUDGET else outcome_of(status)


class Pricing:
    """Cost of a request's tokens from the configured price table (per million tokens)."""

    def __init__(self, prices: Mapping[str, Price], currency: str = "USD") -> None:
        self.currency = currency
        self._per_token = {
            model: (
                p.input / 1e6,
                (p.input if p.cached_input is None else p.cached_input) / 1e6,
                p.output / 1e6,
            )
            for model, p in prices.items()
        }

    def cost(self, model: str, prompt: int, cached: int, completion: int) -> float:
        """``cached`` of the ``prompt`` tokens are charged at the cached price."""
        per = self._per_token.get(model)
        if per is None:
            return 0.0
        cached = min(cached, prompt)
        return (prompt - cached) * per[0] + cached * per[1] + completion * per[2]


class Counts(msgspec.Struct):
    """One tenant on one model on one day (or the increments of one flush)."""

    requests: dict[str, int] = msgspec.field(default_factory=dict)
    """Per outcome."""
    rejected: dict[str, int] = msgspec.field(default_factory=dict)
    """Requests the picker refused itself, per reason (each is in ``requests`` too)."""
    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0

    def add(self, other: Counts) -> None:
        for outcome, n in other.requests.items():
            self.requests[outcome] = self.requests.get(outcome, 0) + n
        for reason, n in other.rejected.items():
            self.rejected[reason] = self.rejected.get(reason, 0) + n
        self.prompt_tokens += other.prompt_tokens
        self.cached_tokens += other.cached_tokens
        self.completion_tokens += other.completion_tokens
        self.cost += other.cost


class Row(msgspec.Struct, frozen=True):
    """One line of the JSON-lines file and of ``kinfctl usage``: a day's increments."""

    day: str
    tenant: str
    model: str
    counts: Counts
    currency: str = "USD"


Key = tuple[str, str, str]
"""(day ``YYYY-MM-DD``, tenant, model)"""


class UsageLedger:
    def __init__(self, pricing: Pricing, *, clock: Callable[[], float] = time.time) -> None:
        self.pricing = pricing
        self._clock = clock
        self._pending: dict[Key, Counts] = {}
        self._month = ""
        self._spend: dict[str, float] = {}
        self._day = ""
        self._day_ends = 0.0

    @property
    def currency(self) -> str:
        return self.pricing.currency

    def today(self) -> str:
        now = self._clock()
        if now >= self._day_ends:
            dt = datetime.fromtimestamp(now, UTC)
            self._day = dt.strftime("%Y-%m-%d")
            start = dt.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
            self._day_ends = start + 86400
            if self._day[:7] != self._month:
                self._month, self._spend = self._day[:7], {}
        return self._day

    @property
    def month(self) -> str:
        """``YYYY-MM`` (UTC) of the current month."""
        self.today()
        return self._month

    def record(
        self,
        tenant: str,
        model: str,
        outcome: str,
        prompt: int = 0,
        cached: int = 0,
        completion: int = 0,
        rejected: str | None = None,
    ) -> float:
        """Add one request (``rejected``: the reason the picker refused it); returns its
        cost."""
        cost = self.pricing.cost(model, prompt, cached, completion) if prompt or completion else 0
        key = (self.today(), tenant, model)
        c = self._pending.get(key)
        if c is None:
            c = self._pending[key] = Counts()
        c.requests[outcome] = c.requests.get(outcome, 0) + 1
        if rejected is not None:
            c.rejected[rejected] = c.rejected.get(rejected, 0) + 1
        c.prompt_tokens += prompt
        c.cached_tokens += cached
        c.completion_tokens += completion
        if cost:
            c.cost += cost
            self._spend[tenant] = self._spend.get(tenant, 0.0) + cost
        return cost

    def spent(self, tenant: str) -> float:
        """The tenant's cost this month (UTC), every replica's as last read back."""
        self.today()
        return self._spend.get(tenant, 0.0)

    @property
    def pending(self) -> Mapping[Key, Counts]:
        """The increments not written yet (read-only)."""
        return self._pending

    def take(self) -> dict[Key, Counts]:
        """The increments since the last take (the caller writes them)."""
        pending, self._pending = self._pending, {}
        return pending

    def give_back(self, pending: Mapping[Key, Counts]) -> None:
        """Increments a sink could not write: kept for its next try."""
        for key, counts in pending.items():
            mine = self._pending.get(key)
            if mine is None:
                self._pending[key] = counts
            else:
                mine.add(counts)

    def load(self, rows: Iterable[Row]) -> None:
        """This month's spend from roll-ups written earlier (a restart reading its file)."""
        month = self.month
        for row in rows:
            if row.day.startswith(month) and row.counts.cost:
                self._spend[row.tenant] = self._spend.get(row.tenant, 0.0) + row.counts.cost

    def set_month_spend(self, month: str, spend: Mapping[str, float]) -> None:
        """Every replica's spend this month as the shared store holds it, plus what this
        replica recorded and has not written yet."""
        if month != self.month:
            return
        merged = dict(spend)
        for (day, tenant, _), c in self._pending.items():
            if c.cost and day.startswith(month):
                merged[tenant] = merged.get(tenant, 0.0) + c.cost
        self._spend = merged

    def seconds_to_next_month(self) -> float:
        now = datetime.fromtimestamp(self._clock(), UTC)
        year, month = (now.year + 1, 1) if now.month == 12 else (now.year, now.month + 1)
        return datetime(year, month, 1, tzinfo=UTC).timestamp() - now.timestamp()


def rows_of(pending: Mapping[Key, Counts], currency: str) -> list[Row]:
    return [Row(day, tenant, model, c, currency) for (day, tenant, model), c in pending.items()]


def roll_up(rows: Iterable[Row]) -> list[Row]:
    """Increments summed per day x tenant x model, sorted."""
    acc: dict[tuple[str, str, str, str], Counts] = {}
    for row in rows:
        key = (row.day, row.tenant, row.model, row.currency)
        c = acc.get(key)
        if c is None:
            c = acc[key] = Counts()
        c.add(row.counts)
    return [Row(d, t, m, c, cur) for (d, t, m, cur), c in sorted(acc.items())]
