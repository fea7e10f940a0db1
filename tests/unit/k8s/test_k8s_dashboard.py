"""The Grafana dashboard: valid JSON, and every metric it queries is one the picker exports."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry

from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.fairness.metrics import FlowMetrics
from kinference_epp.k8s.api import INFERENCE_POLICIES, ObjectList
from kinference_epp.k8s.policies import secret_refs
from kinference_epp.k8s.pool import PoolDiscovery
from kinference_epp.k8s.resources import ResourceWatcher
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.k8s.status import Verdict
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.telemetry.metrics import PickerMetrics, PoolGaugeCollector
from kinference_epp.tenancy.metrics import TenantMetrics

DASHBOARD = Path(__file__).resolve().parents[3] / "deploy" / "grafana" / "kinference-dashboard.json"
METRIC = re.compile(r"\b(k?inference_[a-zA-Z0-9_:]+)")
SUFFIXES = {
    "counter": ("_total", "_created"),
    "histogram": ("_bucket", "_count", "_sum", "_created"),
    "gauge": ("",),
    "info": ("_info",),
}


class _NoApi:
    """The collector reads status only; nothing here talks to a server."""

    async def list(self, *_: Any, **__: Any) -> ObjectList:
        raise AssertionError("not called")


class _NoSink:
    def apply(self, objects: Any) -> dict[str, Verdict]:
        return {}


def exported_names() -> set[str]:
    """Every sample name the picker's registry can expose (PickerMetrics + its collectors)."""
    metrics = PickerMetrics(CollectorRegistry())
    TenantMetrics(metrics)  # registered when tenants are configured
    FlowMetrics(metrics, "p")  # registered with flow control
    metrics.register_collector(PoolGaugeCollector("p", lambda: (1, 0.0, 0.0), lambda: {"m": 1}))
    config = KubernetesConfig.model_validate({"pool": {"name": "p", "namespace": "default"}})
    source = KubernetesSource(config, PoolDatastore("p"), api=_NoApi())  # type: ignore[arg-type]
    source.pool = PoolDiscovery(_NoApi(), source.datastore, config, "default")  # type: ignore[arg-type]
    source.policies = ResourceWatcher(
        _NoApi(),  # type: ignore[arg-type]
        _NoSink(),
        config,
        "default",
        resource=INFERENCE_POLICIES,
        refs_of=secret_refs,
    )
    metrics.register_collector(source.collector())
    names: set[str] = set()
    for family in metrics.registry.collect():
        for suffix in SUFFIXES.get(family.type, ("",)):
            names.add(family.name + suffix)
    return names


def queries(dashboard: dict[str, Any]) -> list[str]:
    exprs = [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]
    for var in dashboard["templating"]["list"]:
        if var["type"] == "query":
            exprs.append(var["definition"])
    return exprs


def test_dashboard_is_valid_grafana_json() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    assert dashboard["uid"]
    assert dashboard["title"]
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for panel in dashboard["panels"]:
        if panel["type"] == "row":
            continue
        assert panel["targets"], panel["title"]
        assert panel["datasource"]["uid"] == "${datasource}"
        refs = [t["refId"] for t in panel["targets"]]
        assert len(refs) == len(set(refs)), panel["title"]
        grid = panel["gridPos"]
        assert grid["x"] >= 0, panel["title"]
        assert grid["x"] + grid["w"] <= 24, panel["title"]


def test_every_queried_metric_is_exported() -> None:
    exported = exported_names()
    dashboard = json.loads(DASHBOARD.read_text())
    used = {name for expr in queries(dashboard) for name in METRIC.findall(expr)}
    assert used, "no metric found in the dashboard"
    assert used <= exported, sorted(used - exported)


def test_the_dashboard_covers_the_picker_s_metrics() -> None:
    """Each metric family the picker exports appears on some panel (the build info aside)."""
    dashboard = json.loads(DASHBOARD.read_text())
    text = " ".join(queries(dashboard))
    metrics = PickerMetrics(CollectorRegistry())
    TenantMetrics(metrics)
    families = {f.name for f in metrics.registry.collect()} - {"inference_extension_info"}
    missing = {name for name in families if name not in text}
    assert not missing, sorted(missing)


def test_tenant_panels_filter_by_the_tenant_variable() -> None:
    """Every per-tenant query honours the dashboard's ``tenant`` variable."""
    dashboard = json.loads(DASHBOARD.read_text())
    names = [v["name"] for v in dashboard["templating"]["list"]]
    assert "tenant" in names
    exprs = [
        e for e in queries(dashboard) if "kinference_tenant_" in e and "sum by (state)" not in e
    ]
    assert len(exprs) >= 12
    assert all('tenant=~"$tenant"' in e for e in exprs if not e.startswith("label_values")), exprs
