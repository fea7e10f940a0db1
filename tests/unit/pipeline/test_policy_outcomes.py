"""The pipeline applies policy outcomes: rewrite, reject, provider, fail-closed, defer."""

from __future__ import annotations

import json
from pathlib import Path

from routed import POLICY_HEAD, chat_state, rejected, routed

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.policy import PolicyStore
from kinference_epp.policy.secrets import SecretFiles
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics

POLICY = (
    POLICY_HEAD
    + """\
    - name: deny
      match: {tenants: [bad]}
      action: {reject: {status: 429, message: "slow down", reason: tenant_throttled}}
    - name: to-small
      match: {tenants: [cheap]}
      action: {route: {candidates: [small]}}
    - name: cloud
      match: {tenants: [cloud]}
      action:
        provider:
          name: cloud
          baseURL: http://cloud
          modelMap: {big: cloud-big}
          apiKeySecretRef: {name: creds, key: key}
    - name: wait
      match: {tenants: [batch]}
      action:
        defer:
          maxWaitSeconds: 1
          route: {candidates: [big]}
          then: {reject: {status: 503, message: "busy"}}
"""
)


def pipeline(tmp_path: Path) -> Pipeline:
    ds = PoolDatastore.from_config(
        PoolConfig(
            name="pool",
            endpoints=[
                EndpointConfig(address="10.0.0.1:8000", models=["big"]),
                EndpointConfig(address="10.0.0.2:8000", models=["small"]),
            ],
        )
    )
    metrics = PickerMetrics()
    store = PolicyStore()
    assert store.update_texts([("p.yaml", POLICY)]) == []
    (tmp_path / "creds").mkdir()
    (tmp_path / "creds" / "key").write_text("sk-1")
    return build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=Scheduler(SchedulerConfig(seed=1), ds),
            metrics=metrics,
            policies=store,
            pool_name="pool",
            tenant_header="x-tenant",
            secrets=SecretFiles(tmp_path),
        )
    )


def ctx(tenant: str, model: str = "big") -> RequestState:
    body = {"model": model, "messages": [{"role": "user", "content": "hi"}]}
    return chat_state(body, request_id=tenant, x_tenant=tenant)


def test_no_rule_routes_as_asked(tmp_path: Path) -> None:
    d = routed(pipeline(tmp_path).run(ctx("anyone")))
    assert d.endpoints[0] == "10.0.0.1:8000"
    assert d.body is None


def test_reject_uses_the_rules_status_and_reason(tmp_path: Path) -> None:
    err = rejected(pipeline(tmp_path).run(ctx("bad")))
    assert (err.status, err.reason, err.message) == (
        429,
        "tenant_throttled",
        "slow down",
    )


def test_route_rewrites_the_model_and_schedules_on_its_endpoints(tmp_path: Path) -> None:
    d = routed(pipeline(tmp_path).run(ctx("cheap")))
    assert d.endpoints == ("10.0.0.2:8000",)
    assert d.body is not None
    assert json.loads(d.body)["model"] == "small"
    assert (d.model, d.target_model) == ("big", "small")


def test_provider_gets_route_header_key_and_model(tmp_path: Path) -> None:
    d = routed(pipeline(tmp_path).run(ctx("cloud")))
    assert d.endpoints == ()
    headers = dict(d.headers)
    assert headers["x-kinference-route"] == "cloud"
    assert headers["authorization"] == "Bearer sk-1"
    assert d.body is not None
    assert json.loads(d.body)["model"] == "cloud-big"


def test_provider_without_mounted_key_is_a_clear_503(tmp_path: Path) -> None:
    p = pipeline(tmp_path)
    (tmp_path / "creds" / "key").unlink()
    err = rejected(p.run(ctx("cloud")))
    assert (err.status, err.reason) == (503, "provider_key_missing")


def test_defer_waits_then_routes_or_times_out(tmp_path: Path) -> None:
    p = pipeline(tmp_path)
    state = ctx("batch")
    wait = p.run(state)
    assert isinstance(wait, Wait)
    assert wait.max_wait_s == 1
    assert wait.until()  # the rule's condition reads the pool: the big pod is ready
    state.waited = True
    assert routed(p.run(state)).endpoints == ("10.0.0.1:8000",)

    late = ctx("batch")
    assert isinstance(p.run(late), Wait)
    late.waited = False
    assert rejected(p.run(late)).status == 503


def test_the_stages_run_in_the_declared_order(tmp_path: Path) -> None:
    names = [s.name for s in pipeline(tmp_path).stages]
    assert names == [
        "surface",
        "identify",
        "parse",
        "prompt_limit",
        "policy",
        "target",
        "response_id",
        "schedule",
        "remember_response",
        "account",
    ]


def test_test_mode_serves_the_conformance_model_on_any_endpoint(tmp_path: Path) -> None:
    """GIE's conformance suite asks for ``conformance-fake-model``, which no pod lists."""
    ds = PoolDatastore.from_config(
        PoolConfig(name="pool", endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
    )

    def build(test_mode: bool) -> Pipeline:
        return build_pipeline(
            StageDeps(
                datastore=ds,
                scheduler=Scheduler(SchedulerConfig(seed=1), ds),
                metrics=PickerMetrics(),
                policies=PolicyStore(),
                pool_name="pool",
                tenant_header="x-tenant",
                test_mode=test_mode,
            )
        )

    body = {"model": "conformance-fake-model", "messages": [{"role": "user", "content": "hi"}]}
    assert routed(build(True).run(chat_state(body))).endpoints == ("10.0.0.1:8000",)
    assert rejected(build(False).run(chat_state(body))).reason == "model_not_found"
    assert rejected(build(True).run(chat_state({**body, "model": "other"}))).status == 404
