"""Admit: reserve against the tenant's limits or answer 429 with when to retry; settle from
access-log records."""

from __future__ import annotations

import asyncio
import dataclasses

import msgspec
import pytest
from routed import chat_state

from kinference_epp.api.wire_names import RATELIMIT_KEYS, TENANT_HEADER
from kinference_epp.edge.driver import answer_of
from kinference_epp.errors import KinferenceError, RateLimitedError
from kinference_epp.pipeline.runner import Pipeline, Rejection
from kinference_epp.pipeline.settle import TenantSettler
from kinference_epp.pipeline.stages.admit import AdmitStage, rate_limit_values
from kinference_epp.pipeline.stages.parse import ParseStage
from kinference_epp.pipeline.state import Await, RequestState
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.limits import Tenant
from kinference_epp.tenancy.loader import build, parse_tenants
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.model import FailMode
from kinference_epp.tenancy.store import Reservation, Settlement, Verdict

TENANTS = """\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: small}
spec:
  limits:
    tokens: {perMinute: {total: 1000}}
    requestsPerMinute: 100
    models: [{model: m, concurrentRequests: 1}]
  failMode: closed
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: free}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: capped}
spec:
  limits:
    tokens: {perMinute: {total: 1000}}
    maxOutputTokens: 50
"""


def tenants() -> dict[str, Tenant]:
    loaded, problems = parse_tenants(TENANTS)
    built, problems = build(loaded)
    assert built is not None, problems
    return dict(built.tenants)


def request(tenant: Tenant, request_id: str, max_tokens: int | None = 200) -> RequestState:
    body: dict[str, object] = {"model": "m", "messages": [{"role": "user", "content": "x"}]}
    if max_tokens is not None:
        body["max_tokens"] = max_tokens
    state = chat_state(body, request_id=request_id)
    ParseStage().run(state)
    state.tenant, state.tenant_info = tenant.name, tenant
    state.prompt_tokens = 100
    return state


class Harness:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.estimator = OutputEstimator(default_tokens=256, max_tokens=4096)
        self.metrics = PickerMetrics()
        self.tenant_metrics = TenantMetrics(self.metrics)
        self.stage = AdmitStage(self.store, self.estimator, self.tenant_metrics, ttl_s=60)
        self.settle = TenantSettler(self.store, self.estimator)


def test_an_admitted_request_carries_its_tenant_and_rate_limit_state() -> None:
    h, small = Harness(), tenants()["small"]
    state = request(small, "r1")
    assert h.stage.run(state) is None
    assert (TENANT_HEADER, "small") in state.headers_out
    # the access log's copy: Envoy removes the header before the pod
    assert ("tenant", "small") in state.reserved_out
    values = dict(state.metadata_out)
    assert set(values) == set(RATELIMIT_KEYS)
    assert values["limit-tokens"] == "1000"
    assert values["remaining-tokens"] == "700"  # 100 prompt + min(max_tokens 200, 256)
    assert values["limit-requests"] == "100"
    assert values["remaining-requests"] == "99"
    assert h.store.holds("r1")


def test_over_the_limit_is_429_with_retry_after_and_the_headers() -> None:
    h, small = Harness(), tenants()["small"]
    for i in range(3):
        h.stage.run(request(small, f"r{i}", max_tokens=200))
        h.settle(UsageRecord(f"r{i}", "m", "", 200, None, None, 100, 200, 0, tenant="small"))
    with pytest.raises(RateLimitedError) as err:
        h.stage.run(request(small, "r3", max_tokens=200))
    e = err.value
    assert (e.status, e.reason, e.error_type) == (429, "rate_limit_exceeded", "rate_limit_error")
    headers = dict(e.headers)
    assert headers["retry-after"] == "12"  # 200 tokens short, at 1000/60 a second
    assert headers["x-ratelimit-remaining-tokens"] == "100"
    assert "try again in" in e.message
    text = h.metrics.exposition().decode()
    assert (
        'kinference_tenant_rate_limit_decisions_total{decision="rejected",limit="tokens",tenant="small"} 1.0'
        in text
    )


def test_the_concurrency_slot_is_released_by_the_access_log_record() -> None:
    h, small = Harness(), tenants()["small"]
    h.stage.run(request(small, "a", max_tokens=1))
    with pytest.raises(RateLimitedError, match="concurrency"):
        h.stage.run(request(small, "b", max_tokens=1))
    h.settle(UsageRecord("a", "m", "", 200, None, None, 100, 1, 0, tenant="small"))
    assert h.stage.run(request(small, "b", max_tokens=1)) is None


def test_a_picker_answer_after_admission_frees_the_reservation() -> None:
    """E.g. no ready endpoint after admit: the pipeline closes the reservation itself (the
    access-log entry of a picker's own answer carries no id of the picker's)."""
    h, small = Harness(), tenants()["small"]

    class NoEndpoint:
        name = "schedule"

        def run(self, state: RequestState) -> None:
            raise KinferenceError("no endpoint", status=503, reason="no_ready_endpoint")

    released: list[tuple[str, int]] = []

    def release(request_id: str, status: int) -> None:
        released.append((request_id, status))
        h.store.settle(Settlement(request_id, status, None, None))

    pipeline = Pipeline(
        [h.stage, NoEndpoint()], h.metrics, model_label=lambda _: "m", release=release
    )
    state = request(small, "a", max_tokens=1)
    assert isinstance(pipeline.run(state), Rejection)
    assert released == [("a", 503)]
    assert not h.store.holds("a")
    assert h.stage.run(request(small, "b", max_tokens=1)) is None
    # a record without the tenant the picker set settles nothing
    h.settle(UsageRecord("b", "", "", 503, None, None, None, None, None, picker_answered=True))
    assert h.store.holds("b")


def test_a_tenant_without_limits_is_only_named() -> None:
    h, free = Harness(), tenants()["free"]
    state = request(free, "f")
    assert h.stage.run(state) is None
    assert state.headers_out == ((TENANT_HEADER, "free"),)
    assert state.metadata_out == ()
    assert h.store.pending == 0


def remaining_after(h: Harness, tenant: Tenant, max_tokens: int | None) -> int:
    state = request(tenant, "r", max_tokens=max_tokens)
    assert h.stage.run(state) is None
    return int(dict(state.metadata_out)["remaining-tokens"])


def history(h: Harness, tenant: str, first: int) -> None:
    for i in range(32):
        record = UsageRecord(f"x{i}", "m", "", 200, None, None, 10, first + i, 0, tenant=tenant)
        h.settle(record)


def test_max_tokens_is_reserved_whatever_the_history() -> None:
    """A run of short answers does not shrink what a long request reserves: its
    max_tokens is what it may produce."""
    h, small = Harness(), tenants()["small"]
    history(h, "small", 40)
    assert h.estimator.p90("small", "m") == 68  # of 40..71
    assert remaining_after(h, small, 600) == 1000 - 100 - 600


@pytest.mark.parametrize(("first", "output"), [(40, 256), (300, 328)], ids=["short", "long"])
def test_without_max_tokens_history_only_raises_the_default(first: int, output: int) -> None:
    h, small = Harness(), tenants()["small"]
    history(h, "small", first)
    assert remaining_after(h, small, None) == 1000 - 100 - output


def test_without_max_tokens_the_tenant_s_cap_is_reserved() -> None:
    h, capped = Harness(), tenants()["capped"]
    assert capped.max_output_tokens == 50
    history(h, "capped", 300)
    assert remaining_after(h, capped, None) == 1000 - 100 - 50
    h.store.settle(Settlement("r", 200, 100, 50))
    # a request's own max_tokens still decides, up to the configured cap
    assert remaining_after(h, capped, 400) <= 1000 - 100 - 400 + 1  # plus what refilled


def test_the_configured_cap_bounds_every_reservation() -> None:
    e = OutputEstimator(default_tokens=256, max_tokens=1000)
    assert e.expected("t", "m", 5000) == 1000
    assert e.expected("t", "m", None, tenant_cap=2000) == 1000
    assert e.expected("t", "m", 7) == 7


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.02, "20ms"), (1.5, "1.5s"), (59.2, "59.2s"), (360, "6m0s"), (3723, "1h2m3s")],
)
def test_reset_times_are_written_as_openai_writes_them(seconds: float, text: str) -> None:
    from kinference_epp.tenancy.store import Window

    v = Verdict(True, tokens=Window(10, 5, seconds))
    assert dict(rate_limit_values(v))["reset-tokens"] == text


def test_a_request_leaving_for_a_provider_drops_the_client_s_key() -> None:
    h, free = Harness(), tenants()["free"]
    state = request(free, "p")
    state.headers["authorization"] = "Bearer sk-client"
    state.headers["x-api-key"] = "sk-client"
    state.provider = "cloud"
    state.headers_out = (("authorization", "Bearer sk-provider"),)
    h.stage.run(state)
    assert state.decision().remove_headers == ("x-api-key",)  # authorization: the provider's
    state = request(free, "q")
    state.headers["authorization"] = "Bearer sk-client"
    state.provider = "cloud-without-key"
    h.stage.run(state)
    assert state.decision().remove_headers == ("authorization",)


class SharedStore:
    """A store that answers after a round trip, like Redis (``reserve`` gives no verdict);
    ``down`` answers as the fallback of an unreachable one."""

    def __init__(self) -> None:
        self.memory = MemoryStore()
        self.down = False

    def reserve(self, r: Reservation) -> Verdict | None:
        return None

    async def reserve_async(self, r: Reservation) -> Verdict:
        await asyncio.sleep(0)
        if self.down and r.fail_closed:
            return Verdict(False, "store", degraded=True)
        verdict = self.memory.reserve(r)
        return msgspec.structs.replace(verdict, degraded=True) if self.down else verdict

    def settle(self, s: Settlement) -> None:
        self.memory.settle(s)

    async def flush(self) -> None:
        return None

    async def sweep(self) -> list[Reservation]:
        return await self.memory.sweep()


async def test_a_shared_store_s_verdict_is_waited_for_then_applied() -> None:
    h, small = Harness(), tenants()["small"]
    store = SharedStore()
    h.stage = AdmitStage(store, h.estimator, h.tenant_metrics, ttl_s=60, max_wait_s=5)
    state = request(small, "r1")
    out = h.stage.run(state)
    assert isinstance(out, Await)  # the stage starts nothing: the shell makes the call
    assert out.reason == "limit store"
    assert not store.memory.holds("r1")
    state.answer = await answer_of(out)
    assert h.stage.run(state) is None  # the pipeline runs the stage again
    assert state.answer is None
    assert state.headers_out.count((TENANT_HEADER, "small")) == 1
    assert dict(state.metadata_out)["remaining-tokens"] == "700"
    assert store.memory.holds("r1")


async def test_an_unreachable_store_answers_by_the_tenant_s_fail_mode() -> None:
    h, small = Harness(), tenants()["small"]  # small fails closed
    store = SharedStore()
    store.down = True
    h.stage = AdmitStage(store, h.estimator, h.tenant_metrics, ttl_s=60)
    state = request(small, "r1")
    out = h.stage.run(state)
    assert isinstance(out, Await)
    state.answer = await answer_of(out)
    with pytest.raises(KinferenceError) as err:
        h.stage.run(state)
    assert (err.value.status, err.value.reason) == (503, "limit_store_unavailable")
    soft = dataclasses.replace(small, fail_mode=FailMode.SOFT)
    state = request(soft, "r2")
    out = h.stage.run(state)
    assert isinstance(out, Await)
    state.answer = await answer_of(out)
    assert h.stage.run(state) is None
    text = h.metrics.exposition().decode()
    for decision in ("admitted", "rejected"):
        assert (
            "kinference_tenant_limit_store_fallback_decisions_total"
            f'{{decision="{decision}",tenant="small"}} 1.0' in text
        )


async def test_a_verdict_not_in_by_the_guard_is_a_degraded_refusal() -> None:
    h, small = Harness(), tenants()["small"]  # small fails closed
    store = SharedStore()
    never = asyncio.Event()

    async def silent(r: Reservation) -> Verdict:
        await never.wait()
        raise AssertionError("the shell cancels the call first")

    store.reserve_async = silent  # type: ignore[method-assign]
    h.stage = AdmitStage(store, h.estimator, h.tenant_metrics, ttl_s=60, max_wait_s=0.01)
    state = request(small, "r1")
    out = h.stage.run(state)
    assert isinstance(out, Await)
    state.answer = await answer_of(out)
    assert state.answer.cancelled()
    with pytest.raises(KinferenceError) as err:
        h.stage.run(state)
    assert (err.value.status, err.value.reason) == (503, "limit_store_unavailable")
    text = h.metrics.exposition().decode()
    assert (
        "kinference_tenant_limit_store_fallback_decisions_total"
        '{decision="rejected",tenant="small"} 1.0' in text
    )


BUDGETED = """\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: paid}
spec:
  budget: {monthly: 1.0, currency: USD}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: euro}
spec:
  budget: {monthly: 1.0, currency: EUR}
"""


def test_a_spent_monthly_budget_is_refused_as_insufficient_quota() -> None:
    from kinference_epp.config.tenancy import Price
    from kinference_epp.errors import BudgetExceededError
    from kinference_epp.tenancy.meter import UsageMeter
    from kinference_epp.tenancy.usage import Pricing, UsageLedger

    loaded, _ = parse_tenants(BUDGETED)
    built, problems = build(loaded)
    assert built is not None, problems
    h = Harness()
    meter = UsageMeter(UsageLedger(Pricing({"m": Price(input=1e6, output=0)})), h.tenant_metrics)
    stage = AdmitStage(h.store, h.estimator, h.tenant_metrics, ttl_s=60, meter=meter)
    paid, euro = built.tenants["paid"], built.tenants["euro"]
    assert stage.run(request(paid, "r1")) is None
    meter.request("paid", "m", "ok", prompt=1)  # costs 1.0: the budget is spent
    meter.request("euro", "m", "ok", prompt=5)
    with pytest.raises(BudgetExceededError) as err:
        stage.run(request(paid, "r2"))
    assert (err.value.status, err.value.reason, err.value.error_type) == (
        429, "insufficient_quota", "insufficient_quota",
    )  # fmt: skip
    retry = dict(err.value.headers)["retry-after"]
    assert 1 <= int(retry) <= 31 * 86400
    assert stage.run(request(euro, "r3")) is None  # another currency: not enforced


@pytest.mark.parametrize(
    ("status", "flags", "body_bytes", "charged_output"),
    [(0, "", None, 200), (200, "downstream_connection_termination", 40, 10)],
    ids=["non-streamed", "cut stream"],
)
def test_an_abandoned_request_is_charged_what_the_pod_did(
    status: int, flags: str, body_bytes: int | None, charged_output: int
) -> None:
    """Its access-log record has no usage: it is charged the prompt and the output the pod
    produced (all that was reserved when nothing came back), never refunded."""
    h, small = Harness(), tenants()["small"]
    assert h.stage.run(request(small, "gone", max_tokens=200)) is None
    record = UsageRecord(
        "gone",
        "m",
        "10.0.0.1:8000",
        status,
        None,
        None,
        None,
        None,
        None,
        response_flags=flags,
        tenant="small",
        reserved_prompt_tokens=100,
        reserved_output_tokens=200,
        reached_upstream=True,
        upstream_body_bytes=body_bytes,
    )
    h.settle(record)
    assert not h.store.holds("gone")
    left = remaining_after(h, small, 1)
    assert 1000 - 100 - charged_output - 101 <= left <= 1000 - 100 - charged_output - 101 + 2


def test_an_abandoned_request_that_reached_no_pod_is_refunded() -> None:
    h, small = Harness(), tenants()["small"]
    assert h.stage.run(request(small, "gone", max_tokens=200)) is None
    record = UsageRecord(
        "gone",
        "m",
        "",
        0,
        None,
        None,
        None,
        None,
        None,
        tenant="small",
        reserved_prompt_tokens=100,
        reserved_output_tokens=200,
        reached_upstream=False,
    )
    h.settle(record)
    assert remaining_after(h, small, 1) >= 1000 - 101
