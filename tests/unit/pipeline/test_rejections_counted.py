"""Every request of a known tenant that the picker refuses is one request in the tenant's
usage, under its outcome and its reason: at admission (a limit, the budget) and after it
(overload shedding's ``pool_saturated``), through the pipeline that answers it."""

from __future__ import annotations

from routed import chat_state

from kinference_epp.config.tenancy import Price
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pipeline.runner import Pipeline, Rejection
from kinference_epp.pipeline.stages.parse import ParseStage
from kinference_epp.pipeline.state import RequestState
from kinference_epp.pipeline.tenants import TenancyDeps
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.loader import parse_tenants
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.usage import Counts, Pricing, UsageLedger

TENANTS = """\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: busy}
spec:
  apiKeys: [{name: k, value: sk-busy-tenant-key-01}]
  limits: {requestsPerMinute: 2}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: spent}
spec:
  apiKeys: [{name: k, value: sk-spent-tenant-key-1}]
  budget: {monthly: 1.0, currency: USD}
"""


class Shedding:
    """The schedule stage of a saturated pool: it refuses as the scheduler's shed does."""

    name = "schedule"
    saturated = False

    def run(self, state: RequestState) -> None:
        if self.saturated:
            raise PoolSaturatedError("The pool is saturated.", headers=(("retry-after", "1"),))


class Setup:
    def __init__(self) -> None:
        directory = TenantDirectory()
        loaded, problems = parse_tenants(TENANTS)
        assert directory.update(loaded) == problems == []
        self.metrics = PickerMetrics()
        tenant_metrics = TenantMetrics(self.metrics)
        self.meter = UsageMeter(
            UsageLedger(Pricing({"m": Price(input=1e6, output=0)})), tenant_metrics
        )
        self.deps = TenancyDeps(
            directory=directory,
            store=MemoryStore(),
            estimator=OutputEstimator(default_tokens=1, max_tokens=8),
            metrics=tenant_metrics,
            meter=self.meter,
        )
        self.shedding = Shedding()
        self.pipeline = Pipeline(
            [ParseStage(), self.deps.identify_stage(), self.deps.admit_stage(), self.shedding],
            self.metrics,
            model_label=lambda state: "m",
            on_reject=self.deps.count_rejection,
        )
        self.n = 0

    def send(self, key: str) -> object:
        self.n += 1
        body = {"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": "x"}]}
        state = chat_state(body, request_id=f"r{self.n}", authorization=f"Bearer {key}")
        return self.pipeline.run(state)

    def usage(self, tenant: str) -> Counts:
        total = Counts()
        for (_, name, _), counts in self.meter.ledger.pending.items():
            if name == tenant:
                total.add(counts)
        return total


def test_shedding_after_admission_is_counted_for_the_tenant() -> None:
    s = Setup()
    s.shedding.saturated = True
    out = s.send("sk-busy-tenant-key-01")
    assert isinstance(out, Rejection)
    assert out.error.reason == "pool_saturated"
    usage = s.usage("busy")
    assert usage.requests == {"rate_limited": 1}
    assert usage.rejected == {"pool_saturated": 1}
    text = s.metrics.exposition().decode()
    assert 'kinference_tenant_rejections_total{reason="pool_saturated",tenant="busy"} 1.0' in text
    assert (
        'kinference_tenant_requests_total{model="m",outcome="rate_limited",tenant="busy"} 1.0'
        in text
    )


def test_admission_refusals_are_counted_once_with_their_reason() -> None:
    s = Setup()
    for _ in range(3):  # two per minute: the third is refused
        s.send("sk-busy-tenant-key-01")
    assert s.usage("busy").rejected == {"rate_limit_exceeded": 1}
    assert s.usage("busy").requests == {"rate_limited": 1}  # the two served settle later
    s.meter.request("spent", "m", "ok", prompt=1)  # costs 1.0: the budget is spent
    out = s.send("sk-spent-tenant-key-1")
    assert isinstance(out, Rejection)
    assert s.usage("spent").requests == {"ok": 1, "over_budget": 1}
    assert s.usage("spent").rejected == {"insufficient_quota": 1}


def test_a_request_without_a_tenant_is_not_counted_for_anyone() -> None:
    s = Setup()
    out = s.send("sk-not-a-key-at-all")
    assert isinstance(out, Rejection)
    assert out.error.reason == "invalid_api_key"
    assert s.meter.ledger.pending == {}
