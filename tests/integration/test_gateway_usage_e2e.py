"""Usage reaches the picker behind each documented gateway: real Envoy, the real picker,
simulated pods, tenants with keys.

No Envoy Gateway, AI Gateway or istiod runs here, so each test starts Envoy with the listener
and access-log configuration that gateway generates from the resources the chart renders
(``deploy/kubernetes/gateway-*-usage.yaml``), translated by hand from their documented
behaviour:

- Envoy Gateway, EnvoyProxy ``telemetry.accessLog`` sink of type ``ALS`` → an HTTP
  connection manager ``envoy.access_loggers.http_grpc`` logger (V3), ``log_name`` = the sink's
  ``logName``, ``additional_request_headers_to_log`` = its ``http.requestHeaders``, dialling a
  cluster of the picker's Service. The headers are read from the chart's rendering.
- Istio, meshConfig ``envoyHttpAls`` provider selected by a ``Telemetry`` → the same logger
  with the provider's ``logName`` and ``additionalRequestHeadersToLog``.
- Neither sink can add gRPC metadata, so neither presents the picker's control token: the
  translated loggers present none, and the picker accepts them as these installs must
  configure it without mutual TLS (``server.control.allow_unauthenticated``, the port closed
  to all but the gateway by the chart's NetworkPolicy); a picker that wants the token refuses
  them (the last test).
- Both gateways' InferencePool support (AI Gateway's by default, Istio's) call the picker's
  ext_proc with response headers sent and the response body ``FULL_DUPLEX_STREAMED``, and run
  none of the shipped config's usage filters (no ``kinference`` metadata).
- Envoy AI Gateway's own filter, for an AIGatewayRoute with ``llmRequestCosts``, writes token
  counts under ``io.envoy.ai_gateway`` with the route's ``metadataKey``s: here Envoy's
  ``sse_to_metadata`` / ``json_to_metadata`` filters write the same keys, standing in for it.

Each test shows usage arriving: the tenant's usage roll-up and token metrics, and its
reservation settled by the record (the store holds none, long before the 900 s timeout).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import yaml

from kinference_epp.api.wire_names import METADATA_NAMESPACE
from kinference_epp.config.model import ControlConfig
from kinference_epp.config.tenancy import TenancyConfig, UsageConfig
from kinference_epp.config.usage_source import UsageSourceConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.edge.accesslog import AI_GATEWAY_NAMESPACE
from kinference_epp.gateway.config import render_envoy_config
from kinference_epp.gateway.filters import TYPE, grpc_service, usage_filters
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.tenancy.memory_store import MemoryStore
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

ROOT = Path(__file__).parents[2]
DEPLOY = ROOT / "deploy" / "kubernetes"
MODEL = "qwen3-0.6b"
KEY = "sk-gateway-usage-test-key-01"
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: team-a}}
spec:
  apiKeys: [{{name: k, value: {KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 1000000}}}}
"""
AI_KEYS = {
    "prompt_tokens": "llm_input_token",
    "completion_tokens": "llm_output_token",
    "cached_tokens": "llm_cached_input_token",
}
Bootstrap = dict[str, Any]


def _doc(name: str) -> dict[str, Any]:
    docs = [d for d in yaml.safe_load_all((DEPLOY / name).read_text()) if d]
    assert len(docs) == 1
    doc: dict[str, Any] = docs[0]
    return doc


def eg_als_sink() -> dict[str, Any]:
    """The ALS sink of the chart's EnvoyProxy (deploy/kubernetes/gateway-envoygateway-usage)."""
    settings = _doc("gateway-envoygateway-usage.yaml")["spec"]["telemetry"]["accessLog"]
    sinks = [s for setting in settings["settings"] for s in setting["sinks"]]
    als: dict[str, Any] = next(s["als"] for s in sinks if s["type"] == "ALS")
    return als


def istio_provider() -> dict[str, Any]:
    """The meshConfig provider deploy/kubernetes/README.md documents (its yaml block), the one
    the chart's Telemetry names."""
    telemetry = _doc("gateway-istio-usage.yaml")
    name = telemetry["spec"]["accessLogging"][0]["providers"][0]["name"]
    readme = (DEPLOY / "README.md").read_text()
    block = readme.split("```yaml\nmeshConfig:", 1)[1].split("```", 1)[0]
    mesh = yaml.safe_load("meshConfig:" + block)["meshConfig"]
    provider: dict[str, Any] = next(p for p in mesh["extensionProviders"] if p["name"] == name)
    return provider


def _hcm(config: Bootstrap) -> dict[str, Any]:
    hcm: dict[str, Any] = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][
        0
    ]["typed_config"]
    return hcm


def _grpc_logger(opts: EnvoyOptions, log_name: str, headers: list[str]) -> dict[str, Any]:
    return {
        "name": "envoy.access_loggers.http_grpc",
        "typed_config": {
            "@type": f"{TYPE}.access_loggers.grpc.v3.HttpGrpcAccessLogConfig",
            "common_config": {
                "log_name": log_name,
                "transport_api_version": "V3",
                "grpc_service": grpc_service(opts),
            },
            "additional_request_headers_to_log": headers,
        },
    }


def _inference_pool_ext_proc(config: Bootstrap) -> None:
    """What the gateways' InferencePool support asks of the picker: response headers and a
    full-duplex response body (the shipped config sends neither)."""
    for f in _hcm(config)["http_filters"]:
        if f["name"] == "envoy.filters.http.ext_proc":
            f["typed_config"]["processing_mode"].update(
                response_header_mode="SEND",
                response_body_mode="FULL_DUPLEX_STREAMED",
                response_trailer_mode="SEND",
            )


def _ai_gateway_costs() -> list[dict[str, Any]]:
    """Stand-in for AI Gateway's filter: the shipped usage filters, writing the
    ``llmRequestCosts`` keys under ``io.envoy.ai_gateway`` instead (no first-byte stamp)."""
    filters = copy.deepcopy([f for f in usage_filters() if "lua" not in f["name"]])

    def rename(node: Any) -> None:
        if isinstance(node, dict):
            target = node.get("on_present")
            if isinstance(target, dict) and target["metadata_namespace"] == METADATA_NAMESPACE:
                target["metadata_namespace"] = AI_GATEWAY_NAMESPACE
                target["key"] = AI_KEYS[target["key"]]
            for value in node.values():
                rename(value)
        elif isinstance(node, list):
            for value in node:
                rename(value)

    rename(filters)
    return filters


def gateway(
    *, log: tuple[str, list[str]] | None, ai_gateway: bool = False
) -> Callable[[EnvoyOptions], Mapping[str, Any]]:
    """A gateway's bootstrap: no shipped usage filters or access log; the InferencePool ext_proc
    mode; the gateway's access logger (``log``: its name and request headers) if any."""

    def build(opts: EnvoyOptions) -> Mapping[str, Any]:
        opts = replace(opts, usage_metadata=False, access_log=False, control_token=None)
        config = copy.deepcopy(render_envoy_config(opts))
        _inference_pool_ext_proc(config)
        hcm = _hcm(config)
        if ai_gateway:
            router = hcm["http_filters"].pop()
            hcm["http_filters"] += [*_ai_gateway_costs(), router]
        if log is not None:
            hcm["access_log"] = [_grpc_logger(opts, *log)]
        return config

    return build


def eg_log() -> tuple[str, list[str]]:
    als = eg_als_sink()
    assert als["type"] == "HTTP"
    assert als["backendRefs"] == [{"name": "kinference-epp", "namespace": "default", "port": 9002}]
    return als["logName"], als["http"]["requestHeaders"]


def istio_log() -> tuple[str, list[str]]:
    p = istio_provider()["envoyHttpAls"]
    assert (p["service"], p["port"]) == ("kinference-epp.default.svc.cluster.local", 9002)
    return p["logName"], p["additionalRequestHeadersToLog"]


def stack_options(
    tmp: Path,
    build: Callable[[EnvoyOptions], Mapping[str, Any]],
    *,
    token: bool = False,
    **usage: Any,
) -> StackOptions:
    (tmp / "tenants.yaml").write_text(TENANTS)
    return StackOptions(
        pods=1,
        # the roll-up is read in memory: no flush empties it during a test
        tenancy=TenancyConfig(
            tenants=[str(tmp / "tenants.yaml")], usage=UsageConfig(flush_interval_s=60)
        ),
        usage=UsageSourceConfig(**usage),
        gateway=build,
        control=None if token else ControlConfig(allow_unauthenticated=True),
    )


async def chat(stack: LocalStack, *, stream: bool) -> dict[str, int]:
    """One tenant request; the usage its response reported."""
    body: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": 6,
        "messages": [{"role": "user", "content": "say something short"}],
    }
    if stream:
        body |= {"stream": True, "stream_options": {"include_usage": True}}
    headers = {"authorization": f"Bearer {KEY}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{stack.url}/v1/chat/completions", json=body, headers=headers) as resp,
    ):
        assert resp.status == 200, await resp.text()
        raw = await resp.read()
    if not stream:
        usage: dict[str, int] = json.loads(raw)["usage"]
        return usage
    chunks = [
        json.loads(line[6:]) for line in raw.decode().splitlines() if line.startswith("data: {")
    ]
    found: dict[str, int] = next(c["usage"] for c in chunks if c.get("usage"))
    return found


async def metrics(stack: LocalStack) -> str:
    async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
        return await resp.text()


def sample(text: str, name: str, labels: str = "") -> float:
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name) and (line[len(name)] in "{ ") and labels in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


def tenant_rollup(stack: LocalStack) -> tuple[int, int, int]:
    """team-a's requests, prompt and completion tokens in the usage roll-up (not yet flushed)."""
    assert stack.picker is not None
    assert stack.picker.usage_flusher is not None
    rows = [
        c for (_, t, _), c in stack.picker.usage_flusher.ledger.pending.items() if t == "team-a"
    ]
    return (
        sum(sum(c.requests.values()) for c in rows),
        sum(c.prompt_tokens for c in rows),
        sum(c.completion_tokens for c in rows),
    )


def pending_reservations(stack: LocalStack) -> int:
    assert stack.picker is not None
    store = stack.picker.limit_store
    assert isinstance(store, MemoryStore)
    return store.pending


async def settled(stack: LocalStack, requests: int) -> None:
    """Every reservation closed by a record and every request in the roll-up; the timeout
    (reserve.ttl_s, 900 s) is far away, so only a record can have done it."""
    try:
        await eventually(
            lambda: pending_reservations(stack) == 0 and tenant_rollup(stack)[0] == requests,
            what=f"{requests} requests settled",
            interval_s=0.05,
            timeout_s=15.0,
        )
    except AssertionError as exc:
        state = (pending_reservations(stack), tenant_rollup(stack), await metrics(stack))
        lines = [
            line
            for line in state[2].splitlines()
            if line.startswith(("kinference_usage_reports_total", "kinference_access_log"))
        ]
        raise AssertionError(f"{exc}: pending {state[0]}, roll-up {state[1]}, {lines}") from exc


async def send_both(stack: LocalStack) -> tuple[int, int]:
    used = [await chat(stack, stream=False), await chat(stack, stream=True)]
    return (
        sum(u["prompt_tokens"] for u in used),
        sum(u["completion_tokens"] for u in used),
    )


async def test_envoy_gateway_with_ai_gateway_token_metadata(tmp_path: Path) -> None:
    """EnvoyProxy ALS sink + AI Gateway's llmRequestCosts: tokens token for token."""
    build = gateway(log=eg_log(), ai_gateway=True)
    async with LocalStack(stack_options(tmp_path, build)) as stack:
        prompt, completion = await send_both(stack)
        await settled(stack, 2)
        assert tenant_rollup(stack) == (2, prompt, completion)
        text = await metrics(stack)
        assert sample(text, "kinference_tenant_completion_tokens_total", 'tenant="team-a"') == (
            completion
        )
        assert sample(text, "kinference_tenant_reservations_swept_total") == 0
        assert sample(text, "kinference_tenant_usage_unreported_total") == 0
        matched = 'result="matched",source="access_log"'
        assert sample(text, "kinference_usage_reports_total", matched) == 2


async def test_istio_access_log_settles_without_token_counts(tmp_path: Path) -> None:
    """Istio's envoyHttpAls provider: status and timings, no tokens. Each record settles its
    reservation at once (charged as reserved, counted as unreported), never by the timeout."""
    build = gateway(log=istio_log())
    async with LocalStack(stack_options(tmp_path, build)) as stack:
        await send_both(stack)
        await settled(stack, 2)
        text = await metrics(stack)
        assert sample(text, "kinference_tenant_usage_unreported_total", 'tenant="team-a"') == 2
        assert sample(text, "kinference_tenant_reservations_swept_total") == 0
        assert tenant_rollup(stack)[1] > 0  # what the picker counted for the prompts


async def test_istio_with_usage_from_the_response_body(tmp_path: Path) -> None:
    """usage.source response_body behind Istio: exact tokens from the streamed response; the
    access log's entries are counted and not settled a second time."""
    build = gateway(log=istio_log())
    async with LocalStack(stack_options(tmp_path, build, source="response_body")) as stack:
        prompt, completion = await send_both(stack)
        await settled(stack, 2)

        async def logged() -> bool:
            text = await metrics(stack)
            ignored = 'result="ignored",source="access_log"'
            return sample(text, "kinference_usage_reports_total", ignored) >= 2

        await eventually(logged, what="the access log's two entries", interval_s=0.1)
        assert tenant_rollup(stack) == (2, prompt, completion)  # once each, not twice
        text = await metrics(stack)
        assert sample(text, "kinference_tenant_usage_unreported_total") == 0
        matched = 'result="matched",source="response_body"'
        assert sample(text, "kinference_usage_reports_total", matched) == 2


async def test_no_access_log_and_no_fallback_is_not_silent(tmp_path: Path) -> None:
    """A gateway with no access log and the picker waiting for one: the reservation stays
    open, and within the allowed silence the picker says usage is missing."""
    build = gateway(log=None)
    options = stack_options(tmp_path, build, silence_warning_s=0.5)
    async with LocalStack(options) as stack:
        await chat(stack, stream=False)
        assert pending_reservations(stack) == 1

        async def missing() -> bool:
            text = await metrics(stack)
            return sample(text, "kinference_usage_reports_missing") == 1

        await eventually(missing, what="kinference_usage_reports_missing = 1", interval_s=0.1)


async def test_a_picker_that_wants_its_control_token_refuses_these_gateways_logs(
    tmp_path: Path,
) -> None:
    """Neither gateway's sink can present the token: with one configured (and no mutual TLS)
    the picker refuses their access log, and says that usage is missing."""
    build = gateway(log=istio_log())
    options = stack_options(tmp_path, build, token=True, silence_warning_s=0.5)
    async with LocalStack(options) as stack:
        await chat(stack, stream=False)

        async def missing() -> bool:
            text = await metrics(stack)
            return sample(text, "kinference_usage_reports_missing") == 1

        async def denied() -> bool:
            # the logger flushes on its own interval, which the silence warning can outrun
            text = await metrics(stack)
            return sample(text, "kinference_control_denied_total") >= 1

        await eventually(missing, what="kinference_usage_reports_missing = 1", interval_s=0.1)
        await eventually(denied, what="the refused access-log stream", interval_s=0.1)
        assert pending_reservations(stack) == 1
