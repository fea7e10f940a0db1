"""Per-tenant metrics, with the ``tenant`` label capped so tenants cannot grow ``/metrics``
without bound: the first ``max_tenants`` names (configured tenants first) are labels of their
own, every later one is ``other``."""

from __future__ import annotations

from collections.abc import Iterable

from kinference_epp.telemetry.metrics import CounterChild, LoopCounter, PickerMetrics

OTHER = "other"


class TenantLabel:
    def __init__(self, max_tenants: int = 1000) -> None:
        self._max = max_tenants
        self._known: dict[str, str] = {}

    def prefer(self, names: Iterable[str]) -> None:
        """Give these names (the configured tenants) their own label while room is left."""
        for name in names:
            self(name)

    def __call__(self, tenant: str) -> str:
        label = self._known.get(tenant)
        if label is None:
            if len(self._known) >= self._max:
                return OTHER
            label = self._known[tenant] = tenant
        return label


class TenantMetrics:
    def __init__(self, metrics: PickerMetrics, *, max_tenants: int = 1000) -> None:
        r = metrics.registry
        self.label = TenantLabel(max_tenants)
        self.decisions = LoopCounter(
            "kinference_tenant_rate_limit_decisions_total",
            "Admission decisions per tenant: decision admitted or rejected; limit is what "
            "rejected (tokens, requests, concurrency, budget, store) or none.",
            ["tenant", "decision", "limit"],
            registry=r,
        )
        self.swept = LoopCounter(
            "kinference_tenant_reservations_swept_total",
            "Reservations settled by the sweeper because no usage arrived for them in time "
            "(charged as reserved).",
            ["tenant"],
            registry=r,
        )
        self.fallback_decisions = LoopCounter(
            "kinference_tenant_limit_store_fallback_decisions_total",
            "Admission decisions made without the shared limit store (unreachable): decision "
            "admitted (fail soft, a local share of the limit) or rejected.",
            ["tenant", "decision"],
            registry=r,
        )
        self.store_transitions = LoopCounter(
            "kinference_tenant_limit_store_transitions_total",
            "Changes of the shared limit store's circuit breaker: state open (unreachable, "
            "admitting by fail mode) or closed (reachable again).",
            ["state"],
            registry=r,
        )
        self._decisions: dict[tuple[str, str, str], CounterChild] = {}
        self._fallbacks: dict[tuple[str, bool], CounterChild] = {}

    def decision(self, tenant: str, decision: str, limit: str) -> CounterChild:
        key = (self.label(tenant), decision, limit)
        child = self._decisions.get(key)
        if child is None:
            child = self._decisions[key] = self.decisions.labels(*key)
        return child

    def fallback(self, tenant: str, admitted: bool) -> CounterChild:
        key = (self.label(tenant), admitted)
        child = self._fallbacks.get(key)
        if child is None:
            decision = "admitted" if admitted else "rejected"
            child = self._fallbacks[key] = self.fallback_decisions.labels(key[0], decision)
        return child

    def store_transition(self, opened: bool) -> None:
        self.store_transitions.labels("open" if opened else "closed").inc()
