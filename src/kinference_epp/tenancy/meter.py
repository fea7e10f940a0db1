"""The usage meter: one settled (or refused, or swept) request into the usage roll-ups and the
per-tenant Prometheus counters, with the same figures in both."""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.usage import UsageLedger


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


def _same(model: str) -> str:
    return model
