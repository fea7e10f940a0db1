"""Admit: reserve the request's tokens, request and concurrency slot against its tenant's
limits, or answer 429 with when to retry.

The reservation is the prompt (counted by the prompt stage, else estimated from the body)
plus the output the request may produce (``tenancy.estimate``: its ``max_tokens``, else the
tenant's cap, else the default) in every bucket of the tenant and of the
tenant on the target model, checked and taken in one step by the limit store; the access-log
record settles it to what was used. An admitted request carries its tenant (for the replica
that settles it) and the ``x-ratelimit-*`` values Envoy adds to the response.

A tenant with a monthly budget is refused once its spend this month (UTC, from the usage
roll-ups: ``tenancy.usage``) reaches the budget: 429 ``insufficient_quota``, OpenAI's answer
to an account out of quota, with ``retry-after`` at the next month. Every refusal is counted in
the tenant's usage under its outcome by the pipeline's rejection hook
(``TenancyDeps.count_rejection``), as every other stage's refusals are.

A shared store answers after a round trip: the stage then returns an ``Await`` of the
reservation (the shell makes the call; the store bounds the round trip by its own timeout,
``max_wait_s`` guards past it) and applies the verdict when the pipeline runs it again.
"""

from __future__ import annotations

import logging
from functools import partial
from math import ceil

from kinference_epp.api.wire_names import CLIENT_KEY_HEADERS, TENANT_HEADER, TENANT_KEY
from kinference_epp.errors import BudgetExceededError, KinferenceError, RateLimitedError
from kinference_epp.pipeline.state import Await, RequestState
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.limits import Tenant
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.model import FailMode
from kinference_epp.tenancy.store import LimitStore, Reservation, Verdict

log = logging.getLogger(__name__)

BYTES_PER_TOKEN = 4
"""Prompt tokens estimated from the body when no stage counted them (settlement corrects)."""


class AdmitStage:
    name = "admit"

    def __init__(
        self,
        store: LimitStore,
        estimator: OutputEstimator,
        metrics: TenantMetrics,
        *,
        ttl_s: float,
        max_wait_s: float = 1.0,
        meter: UsageMeter | None = None,
    ) -> None:
        """``max_wait_s``: a guard on waiting for the shared store past its own timeout
        (then 503 ``limit_store_unavailable``)."""
        self._store = store
        self._estimator = estimator
        self._metrics = metrics
        self._ttl = ttl_s
        self._max_wait = max_wait_s
        self._meter = meter
        self._currency_warned: set[str] = set()

    def run(self, state: RequestState) -> Await | None:
        tenant = state.tenant_info
        if tenant is None:
            return None
        answer = state.answer
        if answer is not None:  # run again with the shared store's verdict
            state.answer = None
            if answer.cancelled():  # no verdict in time
                self._apply(state, tenant, Verdict(False, "store", degraded=True))
            else:
                self._apply(state, tenant, answer.result())
            return None
        state.headers_out = (*state.headers_out, (TENANT_HEADER, tenant.name))
        prompt, output = self._expected(state, tenant)
        state.reserved_out = (
            ("prompt_tokens", str(prompt)),
            ("output_tokens", str(output)),
            (TENANT_KEY, tenant.name),
        )
        state.reserved_tokens = (prompt, output)
        if state.leaves_pool:  # a client's key is ours to check, never a provider's
            keys = tuple(h for h in CLIENT_KEY_HEADERS if h in state.headers)
            state.reserved_in = (*state.reserved_in, *keys)
        if not tenant.limited or state.explain:  # an Explain is a dry run: nothing reserved
            return None
        if tenant.monthly_budget is not None and self._meter is not None:
            self._check_budget(state, tenant, tenant.monthly_budget, self._meter)
        reservation = self._reservation(state, tenant, prompt, output)
        if reservation is None:
            return None
        verdict = self._store.reserve(reservation)
        if verdict is None:
            return Await(
                partial(self._store.reserve_async, reservation),
                self._max_wait,
                reason="limit store",
            )
        self._apply(state, tenant, verdict)
        return None

    def _expected(self, state: RequestState, tenant: Tenant) -> tuple[int, int]:
        """(prompt tokens, expected output): what a reservation takes, and what the request is
        charged when its response brings no usage."""
        request = state.request
        prompt = state.prompt_tokens or len(state.body) // BYTES_PER_TOKEN
        output = self._estimator.expected(
            tenant.name,
            state.model or "",
            request.max_tokens if request is not None else None,
            tenant.max_output_tokens,
        )
        return prompt, output

    def _reservation(
        self, state: RequestState, tenant: Tenant, prompt: int, output: int
    ) -> Reservation | None:
        model = state.model or ""
        scopes = tenant.scopes(model)
        if not scopes:
            return None
        total = prompt + output
        amounts = tuple(_amount(b.kind, prompt, output, total) for b in scopes.buckets)
        return Reservation(
            request_id=state.request_id,
            tenant=tenant.name,
            model=model,
            buckets=scopes.buckets,
            amounts=amounts,
            concurrency=scopes.concurrency,
            prompt_tokens=prompt,
            output_tokens=output,
            ttl_s=self._ttl,
            fail_closed=tenant.fail_mode is FailMode.CLOSED,
        )

    def _apply(self, state: RequestState, tenant: Tenant, verdict: Verdict) -> None:
        headers = rate_limit_values(verdict)
        if verdict.degraded:
            self._metrics.fallback(tenant.name, verdict.allowed).inc()
        if verdict.allowed:
            self._metrics.decision(tenant.name, "admitted", "none").inc()
            state.metadata_out = headers
            state.holds_reservation = True
            return
        self._metrics.decision(tenant.name, "rejected", verdict.denied_by).inc()
        if verdict.denied_by == "store":  # unreachable, and this tenant fails closed
            raise KinferenceError(
                "The rate-limit store is unavailable and this tenant fails closed.",
                reason="limit_store_unavailable",
                status=503,
            )
        retry = max(1, ceil(verdict.retry_after_s))
        raise RateLimitedError(
            f"Rate limit reached for {verdict.denied_by} of tenant {tenant.name}: "
            f"please try again in {_duration(verdict.retry_after_s)}.",
            headers=(
                ("retry-after", str(retry)),
                *((f"x-ratelimit-{k}", v) for k, v in headers),
            ),
        )

    def _check_budget(
        self, state: RequestState, tenant: Tenant, budget: float, meter: UsageMeter
    ) -> None:
        ledger = meter.ledger
        if tenant.currency != ledger.currency:
            if tenant.name not in self._currency_warned:
                self._currency_warned.add(tenant.name)
                log.warning(
                    "tenant budget not enforced: its currency is not the prices' currency",
                    extra={
                        "tenant": tenant.name,
                        "budget_currency": tenant.currency,
                        "price_currency": ledger.currency,
                    },
                )
            return
        spent = ledger.spent(tenant.name)
        if spent < budget:
            return
        self._metrics.decision(tenant.name, "rejected", "budget").inc()
        raise BudgetExceededError(
            f"Tenant {tenant.name} has spent its monthly budget "
            f"({spent:.2f} of {budget:.2f} {tenant.currency}) for {ledger.month}.",
            headers=(("retry-after", str(max(1, ceil(ledger.seconds_to_next_month())))),),
        )


def _amount(kind: int, prompt: int, output: int, total: int) -> int:
    return (prompt, output, total, 1)[kind]


def rate_limit_values(v: Verdict) -> tuple[tuple[str, str], ...]:
    """OpenAI's ``x-ratelimit-{limit,remaining,reset}-{tokens,requests}`` values (names
    without the prefix)."""
    out: list[tuple[str, str]] = []
    if v.tokens is not None:
        t = v.tokens
        out += [
            ("limit-tokens", str(t.limit)),
            ("remaining-tokens", str(t.remaining)),
            ("reset-tokens", _duration(t.reset_s)),
        ]
    if v.requests is not None:
        r = v.requests
        out += [
            ("limit-requests", str(r.limit)),
            ("remaining-requests", str(r.remaining)),
            ("reset-requests", _duration(r.reset_s)),
        ]
    return tuple(out)


def _duration(seconds: float) -> str:
    """OpenAI's reset format: ``20ms``, ``1.5s``, ``6m0s``, ``1h2m3s``."""
    if seconds < 1:
        return f"{max(0, round(seconds * 1000))}ms"
    if seconds < 60:
        return f"{seconds:.3g}s"
    whole = round(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m}m{s}s" if h else f"{m}m{s}s"
