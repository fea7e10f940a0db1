"""Settling tenants from the access log: each record closes its request's reservation (limits,
concurrency), adds the request to the tenant's usage and cost (``tenancy.meter``) and latency
metrics, and teaches the output estimator the tenant's completion lengths.

Records come through ``pipeline.reports.ReportGate``: the tenant, model and reservation are the
picker's record of the pick (or, for a pick another replica made, what that replica set on
the routed request), and the reservation is found by the picker's request id. A request the
picker answered itself after admitting it has its reservation closed by the pipeline, not
here. A request the client abandoned before its response is charged what the pod did
(``tenancy.abandoned``), in the limits and in the usage alike, never refunded. ``known`` says whether a record's tenant is one the
picker could have set (API-key identity: a configured tenant or the anonymous one); usage
and metrics are never kept under another name.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.tenancy.abandoned import abandoned_charge, is_abandoned
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.store import LimitStore, Settlement
from kinference_epp.tenancy.usage import outcome_of


class TenantSettler:
    def __init__(
        self,
        store: LimitStore,
        estimator: OutputEstimator,
        meter: UsageMeter | None = None,
        known: Callable[[str], bool] | None = None,
    ) -> None:
        self._store = store
        self._estimator = estimator
        self._meter = meter
        self._known = known

    def __call__(self, record: UsageRecord) -> None:
        tenant = record.tenant
        abandoned = not record.picker_answered and is_abandoned(
            record.status,
            record.response_flags,
            record.prompt_tokens is not None or record.completion_tokens is not None,
        )
        if abandoned:
            record = charged_as_abandoned(record)
        if record.request_id and tenant:
            self._store.settle(
                Settlement(
                    record.request_id,
                    record.status,
                    record.prompt_tokens,
                    record.completion_tokens,
                    record.cached_tokens,
                    abandoned=abandoned,
                )
            )
        if not tenant or record.picker_answered:
            return
        if self._known is not None and not self._known(tenant):
            return
        ok = 200 <= record.status < 300
        if self._meter is not None:
            prompt, completion = record.prompt_tokens, record.completion_tokens
            if ok and prompt is None and completion is None:
                # served, but no usage came back (a stream cut before its usage chunk): what
                # the picker counted and expected, as the limits charge it, never nothing
                prompt, completion = record.reserved_prompt_tokens, record.reserved_output_tokens
                self._meter.metrics.unreported(tenant)
            elif abandoned:  # counted above as the limits charge it
                self._meter.metrics.unreported(tenant)
            self._meter.request(
                tenant,
                record.model,
                outcome_of(record.status),
                prompt or 0,
                record.cached_tokens or 0,
                completion or 0,
            )
            if ok:
                self._meter.metrics.latency(
                    tenant,
                    record.ttft_s,
                    record.e2e_s,
                    None if abandoned else record.completion_tokens,
                )
        if ok and not abandoned and record.completion_tokens is not None:
            self._estimator.observe(tenant, record.model, record.completion_tokens)


def charged_as_abandoned(record: UsageRecord) -> UsageRecord:
    """``record`` with the counts a request abandoned before its response is charged
    (``tenancy.abandoned``), where the picker knows what it reserved; otherwise unchanged
    (the store then charges the reservation)."""
    prompt, output = record.reserved_prompt_tokens, record.reserved_output_tokens
    if prompt is None or output is None:
        return record
    prompt, completion = abandoned_charge(
        prompt,
        output,
        reached_upstream=record.reached_upstream,
        response_body_bytes=record.upstream_body_bytes,
    )
    return msgspec.structs.replace(record, prompt_tokens=prompt, completion_tokens=completion)
