"""The chart's usage sinks for the documented gateways, checked field by field against those
projects' published schemas (``data/gateway_usage_schemas.json`` says which versions), and
against what the picker reads: the headers every sink asks for are the shipped Envoy's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from chart_render import load_renderer
from kinference_epp.gateway.options import EnvoyOptions

ROOT = Path(__file__).parents[3]
DEPLOY = ROOT / "deploy" / "kubernetes"
SCHEMAS = json.loads((Path(__file__).parent / "data" / "gateway_usage_schemas.json").read_text())
PICKER_HEADERS = list(EnvoyOptions(pool=("127.0.0.1:8000",)).extra_log_headers)


render = load_renderer()


def strict(schema: Any) -> Any:
    """A structural CRD schema as JSON Schema that refuses unknown fields (as
    ``kubectl apply --validate=strict`` does; the API server would prune them silently)."""
    if isinstance(schema, list):
        return [strict(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: strict(v) for k, v in schema.items()}
    if "properties" in out and not out.get("x-kubernetes-preserve-unknown-fields"):
        out.setdefault("additionalProperties", False)
    return out


def rendered(values: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(render.render_chart(None, values)) if d]


def one(docs: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = [d for d in docs if d["kind"] == kind]
    assert len(found) == 1, [d["kind"] for d in docs]
    return found[0]


EG_ON = {"gateway": {"envoyGateway": {"accessLog": {"enabled": True}}}}
ISTIO_ON = {"gateway": {"istio": {"accessLog": {"enabled": True}}}}


def test_off_by_default() -> None:
    kinds = {d["kind"] for d in rendered({})}
    assert not kinds & {"EnvoyProxy", "Telemetry"}


def test_envoy_proxy_validates_against_envoy_gateway_schema() -> None:
    proxy = one(rendered(EG_ON), "EnvoyProxy")
    assert proxy["apiVersion"] == "gateway.envoyproxy.io/v1alpha1"
    assert set(proxy["spec"]) == {"telemetry"}
    schema = strict(SCHEMAS["envoyproxy_telemetry_access_log"])
    jsonschema.validate(proxy["spec"]["telemetry"]["accessLog"], schema)


def test_envoy_proxy_sink_is_the_picker_with_the_headers_it_reads() -> None:
    proxy = one(rendered(EG_ON), "EnvoyProxy")
    settings = proxy["spec"]["telemetry"]["accessLog"]["settings"]
    als = [s["als"] for setting in settings for s in setting["sinks"] if s["type"] == "ALS"]
    assert len(als) == 1
    assert als[0]["type"] == "HTTP"
    assert als[0]["backendRefs"] == [
        {"name": "kinference-epp", "namespace": "default", "port": 9002}
    ]
    assert als[0]["http"]["requestHeaders"] == PICKER_HEADERS


def test_envoy_proxy_values() -> None:
    values = {
        "gateway": {
            "envoyGateway": {
                "accessLog": {
                    "enabled": True,
                    "name": "edge",
                    "namespace": "gateways",
                    "logName": "usage",
                    "stdout": False,
                }
            }
        }
    }
    proxy = one(rendered(values), "EnvoyProxy")
    assert (proxy["metadata"]["name"], proxy["metadata"]["namespace"]) == ("edge", "gateways")
    (setting,) = proxy["spec"]["telemetry"]["accessLog"]["settings"]
    assert [s["type"] for s in setting["sinks"]] == ["ALS"]
    assert setting["sinks"][0]["als"]["logName"] == "usage"
    jsonschema.validate(
        proxy["spec"]["telemetry"]["accessLog"],
        strict(SCHEMAS["envoyproxy_telemetry_access_log"]),
    )


def test_telemetry_validates_against_istio_schema() -> None:
    telemetry = one(rendered(ISTIO_ON), "Telemetry")
    assert telemetry["apiVersion"] == "telemetry.istio.io/v1"
    jsonschema.validate(telemetry["spec"], strict(SCHEMAS["istio_telemetry_spec"]))
    assert telemetry["spec"]["accessLogging"] == [{"providers": [{"name": "kinference-als"}]}]
    assert telemetry["spec"]["targetRefs"][0]["name"] == "inference-gateway"


def test_the_schemas_catch_a_misspelt_field() -> None:
    proxy = one(rendered(EG_ON), "EnvoyProxy")
    log = proxy["spec"]["telemetry"]["accessLog"]
    log["settings"][0]["sinks"][0]["als"]["http"]["requestHeader"] = ["x"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, strict(SCHEMAS["envoyproxy_telemetry_access_log"]))


def test_readme_mesh_config_provider_matches_istio_and_the_chart() -> None:
    readme = (DEPLOY / "README.md").read_text()
    block = readme.split("```yaml\nmeshConfig:", 1)[1].split("```", 1)[0]
    (provider,) = yaml.safe_load("meshConfig:" + block)["meshConfig"]["extensionProviders"]
    telemetry = one(rendered(ISTIO_ON), "Telemetry")
    assert provider["name"] == telemetry["spec"]["accessLogging"][0]["providers"][0]["name"]
    als = provider["envoyHttpAls"]
    assert set(als) <= set(SCHEMAS["istio_envoy_http_als_fields"])
    assert (als["service"], als["port"]) == ("kinference-epp.default.svc.cluster.local", 9002)
    assert als["additionalRequestHeadersToLog"] == PICKER_HEADERS
