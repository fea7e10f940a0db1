"""What the tenancy stages are built from, and which of them the configuration asks for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kinference_epp.errors import KinferenceError
from kinference_epp.pipeline.stage import Stage
from kinference_epp.pipeline.stages.admit import AdmitStage
from kinference_epp.pipeline.stages.identify_tenant import HeaderIdentifyStage, KeyIdentifyStage
from kinference_epp.pipeline.stages.include_usage import IncludeUsageStage
from kinference_epp.pipeline.state import RequestState
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.store import LimitStore, Settlement


@dataclass(frozen=True, slots=True)
class TenancyDeps:
    directory: TenantDirectory
    store: LimitStore
    estimator: OutputEstimator
    metrics: TenantMetrics
    identity: Literal["api-key", "header"] = "api-key"
    header: str = "x-kinference-tenant"
    anonymous_tenant: str | None = None
    reservation_ttl_s: float = 900.0
    include_usage: bool = True
    admission_wait_s: float = 1.0
    meter: UsageMeter | None = None

    def identify_stage(self) -> Stage:
        if self.identity == "header":
            return HeaderIdentifyStage(self.directory, self.header, anonymous=self.anonymous_tenant)
        return KeyIdentifyStage(self.directory, anonymous=self.anonymous_tenant)

    def admit_stage(self) -> Stage:
        return AdmitStage(
            self.store,
            self.estimator,
            self.metrics,
            ttl_s=self.reservation_ttl_s,
            max_wait_s=self.admission_wait_s,
            meter=self.meter,
        )

    def count_rejection(self, state: RequestState, err: KinferenceError) -> None:
        """Every request of a known tenant that the picker refuses, at admission or after
        (a policy, shedding, an unknown model, a wait that timed out), is one request in the
        tenant's usage under its outcome and reason (an Explain, a dry run, is none). Its
        access-log entry carries no id of the picker's, so nothing counts it twice."""
        if self.meter is None or state.tenant_info is None or state.tenant is None:
            return
        if state.explain:
            return
        self.meter.rejected(state.tenant, state.model or "", err.status, err.reason)

    def release(self, request_id: str, status: int) -> None:
        """Close the reservation of a request the picker answered itself after admitting it
        (nothing was served: nothing is charged)."""
        self.store.settle(Settlement(request_id, status, None, None))

    def include_usage_stage(self) -> Stage | None:
        return IncludeUsageStage() if self.include_usage else None
