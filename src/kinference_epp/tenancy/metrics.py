"""Per-tenant metrics, with the ``tenant`` label capped so tenants cannot grow ``/metrics``
without bound: the first ``max_tenants`` names (configured tenants first) are labels of their
own, every later one is ``other``. With ``allow`` (API-key identity) only tenants a key
proved, or the anonymous tenant, get a label of their own: a name no key proved (a header a
client managed to send) is ``other``."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kinference_epp.telemetry.metrics import (
    CounterChild,
    HistogramChild,
    LoopCounter,
    LoopHistogram,
    PickerMetrics,
)

OTHER = "other"

_LATENCY_BUCKETS = (
    0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5, 10, 20, 30, 60, 120, 300, 600,
)  # fmt: skip
_ITL_BUCKETS = (
    0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.2, 0.5, 1.0,
)  # fmt: skip


class TenantLabel:
    def __init__(
        self, max_tenants: int = 1000, *, allow: Callable[[str], bool] | None = None
    ) -> None:
        self._max = max_tenants
        self._allow = allow
        self._known: dict[str, str] = {}

    def prefer(self, names: Iterable[str]) -> None:
        """Give these names (the configured tenants) their own label while room is left."""
        for name in names:
            self(name)

    def __call__(self, tenant: str) -> str:
        label = self._known.get(tenant)
        if label is None:
            if len(self._known) >= self._max or (
                self._allow is not None and not self._allow(tenant)
            ):
                return OTHER
            label = self._known[tenant] = tenant
        return label


class TenantMetrics:
    def __init__(
        self,
        metrics: PickerMetrics,
        *,
        max_tenants: int = 1000,
        allow: Callable[[str], bool] | None = None,
    ) -> None:
        r = metrics.registry
        self.label = TenantLabel(max_tenants, allow=allow)
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
        self.unreported_usage = LoopCounter(
            "kinference_tenant_usage_unreported_total",
            "Served requests whose response brought no usage (a stream the client cut before "
            "its usage chunk), charged what the picker counted and expected.",
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
        self.requests = LoopCounter(
            "kinference_tenant_requests_total",
            "Requests per tenant and model by outcome (ok, rate_limited, over_budget, "
            "client_error, server_error, swept), as settled into the usage roll-ups.",
            ["tenant", "model", "outcome"],
            registry=r,
        )
        self.rejections = LoopCounter(
            "kinference_tenant_rejections_total",
            "Requests of a tenant the picker refused itself, by reason (the "
            "x-kinference-reason it answered: rate_limit_exceeded, insufficient_quota, "
            "pool_saturated, policy_rejected, ...); each is in kinference_tenant_requests_total "
            "too, under its outcome.",
            ["tenant", "reason"],
            registry=r,
        )
        self.prompt_tokens = LoopCounter(
            "kinference_tenant_prompt_tokens_total",
            "Prompt tokens per tenant and model; cache hit (served from the prefix cache, "
            "as the model server reports) or miss.",
            ["tenant", "model", "cache"],
            registry=r,
        )
        self.completion_tokens = LoopCounter(
            "kinference_tenant_completion_tokens_total",
            "Completion tokens per tenant and model.",
            ["tenant", "model"],
            registry=r,
        )
        self.cost = LoopCounter(
            "kinference_tenant_cost_total",
            "Cost per tenant and model from tenancy.usage.prices, in currency.",
            ["tenant", "model", "currency"],
            registry=r,
        )
        self.ttft = LoopHistogram(
            "kinference_tenant_ttft_seconds",
            "Time to first token per tenant, as the proxy saw it (successful requests).",
            ["tenant"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.itl = LoopHistogram(
            "kinference_tenant_itl_seconds",
            "Mean inter-token latency per request and tenant: (end-to-end - TTFT) / "
            "(completion tokens - 1), requests with two or more completion tokens.",
            ["tenant"],
            buckets=_ITL_BUCKETS,
            registry=r,
        )
        self.duration = LoopHistogram(
            "kinference_tenant_request_duration_seconds",
            "End-to-end request latency per tenant, as the proxy saw it (successful requests).",
            ["tenant"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self._decisions: dict[tuple[str, str, str], CounterChild] = {}
        self._fallbacks: dict[tuple[str, bool], CounterChild] = {}
        self._usage: dict[tuple[str, str], _UsageChildren] = {}
        self._outcomes: dict[tuple[str, str, str], CounterChild] = {}
        self._rejections: dict[tuple[str, str], CounterChild] = {}
        self._latency: dict[str, tuple[HistogramChild, HistogramChild, HistogramChild]] = {}

    def usage(
        self,
        tenant: str,
        model: str,
        outcome: str,
        prompt: int,
        cached: int,
        completion: int,
        cost: float,
        currency: str,
    ) -> None:
        """Count one settled request (``model`` is a bounded label already)."""
        label = self.label(tenant)
        key = (label, model, outcome)
        child = self._outcomes.get(key)
        if child is None:
            child = self._outcomes[key] = self.requests.labels(*key)
        child.inc()
        if not (prompt or completion):
            return
        u = self._usage.get((label, model))
        if u is None:
            u = self._usage[(label, model)] = _UsageChildren(
                self.prompt_tokens.labels(label, model, "hit"),
                self.prompt_tokens.labels(label, model, "miss"),
                self.completion_tokens.labels(label, model),
                self.cost.labels(label, model, currency),
            )
        cached = min(cached, prompt)
        if cached:
            u.hit.inc(cached)
        u.miss.inc(prompt - cached)
        u.completion.inc(completion)
        if cost:
            u.cost.inc(cost)

    def rejected(self, tenant: str, reason: str) -> None:
        """``reason`` is one of the picker's codes or a policy's own (operators write those),
        never a client's string."""
        key = (self.label(tenant), reason)
        child = self._rejections.get(key)
        if child is None:
            child = self._rejections[key] = self.rejections.labels(*key)
        child.inc()

    def unreported(self, tenant: str) -> None:
        self.unreported_usage.labels(self.label(tenant)).inc()

    def latency(
        self, tenant: str, ttft_s: float | None, e2e_s: float | None, completion: int | None
    ) -> None:
        label = self.label(tenant)
        h = self._latency.get(label)
        if h is None:
            h = self._latency[label] = (
                self.ttft.labels(label),
                self.itl.labels(label),
                self.duration.labels(label),
            )
        if ttft_s is not None:
            h[0].observe(ttft_s)
        if e2e_s is not None:
            h[2].observe(e2e_s)
            if ttft_s is not None and completion is not None and completion > 1:
                h[1].observe(max(0.0, e2e_s - ttft_s) / (completion - 1))

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


class _UsageChildren:
    __slots__ = ("completion", "cost", "hit", "miss")

    def __init__(
        self, hit: CounterChild, miss: CounterChild, completion: CounterChild, cost: CounterChild
    ) -> None:
        self.hit = hit
        self.miss = miss
        self.completion = completion
        self.cost = cost
