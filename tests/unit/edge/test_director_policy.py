"""The Director applies policy outcomes: rewrite, reject, provider, fail-closed, defer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.edge.context import Deferral, RequestContext
from kinference_epp.edge.director import Director
from kinference_epp.edge.policy_gate import PolicyGate
from kinference_epp.edge.secrets import SecretFiles
from kinference_epp.errors import KinferenceError
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.inflight import InflightTracker
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics

POLICY = """
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: p, namespace: default}
spec:
  scope: {poolRefs: [{name: pool}], priority: 1}
  rules:
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


def director(tmp_path: Path) -> Director:
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
    return Director(
        ds,
        Scheduler(SchedulerConfig(seed=1), ds),
        metrics,
        InflightTracker(),
        pool_name="pool",
        policies=PolicyGate(store, ds, metrics, pool_name="pool", tenant_header="x-tenant"),
        secrets=SecretFiles(tmp_path),
    )


def ctx(tenant: str, model: str = "big") -> RequestContext:
    body = {"model": model, "messages": [{"role": "user", "content": "hi"}]}
    return RequestContext(
        headers={":path": "/v1/chat/completions", "x-tenant": tenant, "x-request-id": tenant},
        body=bytearray(json.dumps(body).encode()),
    )


def test_no_rule_routes_as_asked(tmp_path: Path) -> None:
    d = director(tmp_path).route(ctx("anyone"))
    assert d.endpoints[0] == "10.0.0.1:8000"
    assert d.body is None


def test_reject_uses_the_rules_status_and_reason(tmp_path: Path) -> None:
    with pytest.raises(KinferenceError) as err:
        director(tmp_path).route(ctx("bad"))
    assert (err.value.status, err.value.reason, err.value.message) == (
        429,
        "tenant_throttled",
        "slow down",
    )


def test_route_rewrites_the_model_and_schedules_on_its_endpoints(tmp_path: Path) -> None:
    d = director(tmp_path).route(ctx("cheap"))
    assert d.endpoints == ("10.0.0.2:8000",)
    assert d.body is not None
    assert json.loads(d.body)["model"] == "small"
    assert (d.model, d.target_model) == ("big", "small")


def test_provider_gets_route_header_key_and_model(tmp_path: Path) -> None:
    d = director(tmp_path).route(ctx("cloud"))
    assert d.endpoints == ()
    headers = dict(d.headers)
    assert headers["x-kinference-route"] == "cloud"
    assert headers["authorization"] == "Bearer sk-1"
    assert d.body is not None
    assert json.loads(d.body)["model"] == "cloud-big"


def test_provider_without_mounted_key_is_a_clear_503(tmp_path: Path) -> None:
    dr = director(tmp_path)
    (tmp_path / "creds" / "key").unlink()
    with pytest.raises(KinferenceError) as err:
        dr.route(ctx("cloud"))
    assert (err.value.status, err.value.reason) == (503, "provider_key_missing")


def test_defer_waits_then_routes_or_times_out(tmp_path: Path) -> None:
    dr = director(tmp_path)
    with pytest.raises(Deferral) as deferral:
        dr.route(ctx("batch"))
    assert deferral.value.max_wait_s == 1
    assert deferral.value.resume(True).endpoints == ("10.0.0.1:8000",)
    with pytest.raises(KinferenceError) as err:
        deferral.value.resume(False)
    assert err.value.status == 503
