"""The usage meter: one settled (or refused, or swept) request into the usage roll-ups and the
per-tenant Prometheus counters, with the same figures in both."""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.usage import UsageLedger, rejection_outcome


class UsageMeter:
    def __init__(
        self,
        ledger: UsageLedger,
        metrics: TenantMetrics,
        model_label: Callable[[str], str] | None = None,
    ) -> None:
        """``model_label`` bounds the metrics' ``model`` label (the roll-ups keep the name)."""
        self.ledger = ledger
        self.metrics = metrics
        self._model_label = model_label or _same

    def request(
        self,
        tenant: str,
        model: str,
        outcome: str,
        prompt: int = 0,
        cached: int = 0,
        completion: int = 0,
    ) -> None:
        ledger = self.ledger
        cost = ledger.record(tenant, model, outcome, prompt, cached, completion)
        self.metrics.usage(
            tenant,
            self._model_label(model),
            outcome,
            prompt,
            cached,
            completion,
            cost,
            ledger.currency,
        )

    def rejected(self, tenant: str, model: str, status: int, reason: str) -> None:
        """A request of ``tenant`` the picker refused itself (admission, a policy, shedding,
        an unknown model, ...): one request under its outcome, counted by its reason."""
        outcome = rejection_outcome(status, reason)
        self.ledger.record(tenant, model, outcome, rejected=reason)
        self.metrics.usage(tenant, self._model_label(model), outcome, 0, 0, 0, 0.0, "")
        self.metrics.rejected(tenant, reason)


def _same(model: str) -> str:
    return model
