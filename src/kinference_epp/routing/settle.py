"""Settling tenants from the access log: each record closes its request's reservation (limits,
concurrency) and teaches the output estimator the tenant's completion lengths.

Any replica may receive a request's record: the reservation is found by request id, the tenant
by the header the admitting replica set on the routed request.
"""

from __future__ import annotations

from kinference_epp.routing.usage import UsageRecord
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.store import LimitStore, Settlement


class TenantSettler:
    def __init__(self, store: LimitStore, estimator: OutputEstimator) -> None:
        self._store = store
        self._estimator = estimator

    def __call__(self, record: UsageRecord) -> None:
        tenant = record.tenant
        if record.request_id and (tenant or record.picker_answered):
            # a picker-answered record may close a reservation a later stage's error left
            self._store.settle(
                Settlement(
                    record.request_id,
                    record.status,
                    record.prompt_tokens,
                    record.completion_tokens,
                    record.cached_tokens,
                )
            )
        if (
            tenant
            and record.completion_tokens is not None
            and 200 <= record.status < 300
            and not record.picker_answered
        ):
            self._estimator.observe(tenant, record.model, record.completion_tokens)
