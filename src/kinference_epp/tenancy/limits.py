"""A tenant as the request path uses it: its limits compiled into buckets per scope.

A bucket counts one kind of thing (input, output or total tokens, or requests) over one window;
its capacity is the window's limit and it refills at capacity / window (GCRA, ``tenancy.gcra``).
Scopes are the tenant itself and the tenant on one model; every bucket of both is checked and
reserved in one step. Bucket keys are stable names a shared store keys its state by.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from kinference_epp.tenancy.model import FailMode, InferenceTenant, ScopeLimits, TokenLimit


class Kind(enum.IntEnum):
    """What a bucket counts."""

    INPUT = 0
    OUTPUT = 1
    TOTAL = 2
    REQUESTS = 3


WINDOWS_S = {"minute": 60, "hour": 3600, "day": 86400}


@dataclass(frozen=True, slots=True)
class Bucket:
    key: str
    """``<scope>:<kind>:<window>``; the store prefixes it with the tenant."""
    kind: Kind
    capacity: int
    window_s: int

    @property
    def rate(self) -> float:
        """Refill per second."""
        return self.capacity / self.window_s


@dataclass(frozen=True, slots=True)
class Concurrency:
    key: str
    """``<scope>:concurrent``; the store prefixes it with the tenant."""
    limit: int


@dataclass(frozen=True, slots=True)
class ScopeSet:
    """Everything one request of a tenant on a model is checked against."""

    buckets: tuple[Bucket, ...] = ()
    concurrency: tuple[Concurrency, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.buckets or self.concurrency)


@dataclass(frozen=True, slots=True)
class Tenant:
    name: str
    labels: Mapping[str, str] = field(default_factory=dict)
    own: ScopeSet = ScopeSet()
    by_model: Mapping[str, ScopeSet] = field(default_factory=dict)
    """The tenant's scope plus the model's, per model with limits of its own."""
    monthly_budget: float | None = None
    currency: str = "USD"
    fail_mode: FailMode = FailMode.SOFT
    priority: int = 0
    weight: int = 1
    allowed_models: frozenset[str] | None = None
    """Names the tenant may ask for (models, aliases, classes); None: any."""
    max_output_tokens: int | None = None
    """Output reserved for a request that sets no ``max_tokens`` (None: the default)."""

    def scopes(self, model: str) -> ScopeSet:
        """The buckets and concurrency limits a request served by ``model`` reserves."""
        return self.by_model.get(model, self.own)

    @property
    def limited(self) -> bool:
        return bool(self.own) or bool(self.by_model) or self.monthly_budget is not None


def _token_buckets(scope: str, limits: ScopeLimits) -> list[Bucket]:
    out: list[Bucket] = []
    for window, per in (
        ("minute", limits.tokens.per_minute),
        ("hour", limits.tokens.per_hour),
        ("day", limits.tokens.per_day),
    ):
        if per is None:
            continue
        for kind, cap in _kinds(per):
            out.append(
                Bucket(f"{scope}:{kind.name.lower()}:{window}", kind, cap, WINDOWS_S[window])
            )
    if limits.requests_per_minute is not None:
        out.append(
            Bucket(f"{scope}:requests:minute", Kind.REQUESTS, limits.requests_per_minute, 60)
        )
    return out


def _kinds(per: TokenLimit) -> list[tuple[Kind, int]]:
    pairs = [(Kind.TOTAL, per.total), (Kind.INPUT, per.input), (Kind.OUTPUT, per.output)]
    return [(k, v) for k, v in pairs if v is not None]


def _scope(scope: str, limits: ScopeLimits) -> ScopeSet:
    conc = limits.concurrent_requests
    return ScopeSet(
        buckets=tuple(_token_buckets(scope, limits)),
        concurrency=(Concurrency(f"{scope}:concurrent", conc),) if conc is not None else (),
    )


TENANT_SCOPE = "t"
"""The scope name of the tenant-wide buckets (a model scope is ``m=<model>``)."""


def compile_tenant(obj: InferenceTenant) -> Tenant:
    spec = obj.spec
    own = _scope(TENANT_SCOPE, spec.limits)
    by_model = {}
    for m in spec.limits.models:
        mine = _scope(f"m={m.model}", m)
        by_model[m.model] = ScopeSet(
            buckets=own.buckets + mine.buckets, concurrency=own.concurrency + mine.concurrency
        )
    budget = spec.budget
    return Tenant(
        name=obj.name,
        labels=dict(obj.metadata.labels),
        own=own,
        by_model=by_model,
        monthly_budget=budget.monthly if budget is not None else None,
        currency=budget.currency if budget is not None else "USD",
        fail_mode=spec.fail_mode,
        priority=spec.priority,
        weight=spec.weight,
        allowed_models=frozenset(spec.allowed_models) if spec.allowed_models else None,
        max_output_tokens=spec.limits.max_output_tokens,
    )


def unlimited(name: str) -> Tenant:
    """A tenant known only by name (a trusted header naming no configured tenant)."""
    return Tenant(name=name)
