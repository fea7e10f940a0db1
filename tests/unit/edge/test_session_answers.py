"""The session with the real pipeline: what the surface refuses is answered at the headers,
before any body; what the picker serves itself is an ImmediateResponse without a reason."""

from __future__ import annotations

import json

import pytest
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.tenants import TenancyDeps
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.loader import parse_tenants
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.metrics import TenantMetrics

DUPLEX = pm.ProcessingMode.BodySendMode.FULL_DUPLEX_STREAMED


def session() -> ExtProcSession:
    ds = PoolDatastore.from_config(
        PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
    )
    pipeline = build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=Scheduler(SchedulerConfig(seed=1), ds),
            metrics=PickerMetrics(),
            policies=PolicyStore(),
            pool_name="pool",
            tenant_header="x-tenant",
        )
    )
    return ExtProcSession(pipeline, max_body_bytes=1 << 20)


def headers(method: str, path: str, *, eos: bool, **extra: str) -> ep.ProcessingRequest:
    hdrs = {":method": method, ":path": path, **extra}
    msg = ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in hdrs.items()]
            ),
            end_of_stream=eos,
        )
    )
    msg.protocol_config.request_body_mode = DUPLEX  # type: ignore[assignment]
    return msg


def reply_headers(imm: ep.ImmediateResponse) -> dict[str, str]:
    return {h.header.key: h.header.raw_value.decode() for h in imm.headers.set_headers}


def test_an_unknown_path_is_answered_before_its_body() -> None:
    s = session()
    out = s.handle(headers("POST", "/metrics", eos=False, **{"content-type": "application/json"}))
    assert len(out) == 1
    imm = out[0].immediate_response
    assert imm.status.code == 404
    assert reply_headers(imm)["x-kinference-reason"] == "not_found"
    assert s.answered
    body = ep.ProcessingRequest(request_body=ep.HttpBody(body=b"{}", end_of_stream=True))
    assert s.handle(body) == []  # what Envoy still flushes is ignored


def test_a_405_carries_allow_and_anthropics_shape_on_its_paths() -> None:
    s = session()
    (out,) = s.handle(headers("GET", "/v1/messages/count_tokens", eos=True))
    imm = out.immediate_response
    assert imm.status.code == 405
    assert reply_headers(imm)["allow"] == "POST"
    assert json.loads(imm.body)["type"] == "error"


def test_the_model_list_is_an_immediate_200() -> None:
    s = session()
    (out,) = s.handle(headers("GET", "/v1/models", eos=True))
    imm = out.immediate_response
    assert imm.status.code == 200
    assert "x-kinference-reason" not in reply_headers(imm)
    assert imm.details == "kinference_models"
    assert [m["id"] for m in json.loads(imm.body)["data"]] == ["m"]


def test_a_served_request_is_screened_then_routed_with_its_body() -> None:
    s = session()
    assert s.handle(headers("POST", "/v1/chat/completions", eos=False)) == []
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    out = s.handle(ep.ProcessingRequest(request_body=ep.HttpBody(body=body, end_of_stream=True)))
    assert out[0].HasField("request_headers")
    assert s.decision is not None
    assert s.decision.endpoints == ("10.0.0.1:8000",)


TENANTS = """\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: team-a}
spec:
  apiKeys: [{name: k1, value: sk-team-a-key-00001}]
"""


def tenant_session() -> ExtProcSession:
    ds = PoolDatastore.from_config(
        PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
    )
    directory = TenantDirectory()
    loaded, problems = parse_tenants(TENANTS)
    assert problems == []
    directory.update(loaded)
    metrics = PickerMetrics()
    tenancy = TenancyDeps(
        directory=directory,
        store=MemoryStore(),
        estimator=OutputEstimator(default_tokens=1, max_tokens=8),
        metrics=TenantMetrics(metrics),
    )
    pipeline = build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=Scheduler(SchedulerConfig(seed=1), ds),
            metrics=metrics,
            policies=PolicyStore(),
            pool_name="pool",
            tenant_header="x-tenant",
            tenancy=tenancy,
        )
    )
    return ExtProcSession(pipeline, max_body_bytes=1 << 20)


@pytest.mark.parametrize("mode", [DUPLEX, pm.ProcessingMode.BodySendMode.BUFFERED])
@pytest.mark.parametrize(
    ("key", "message"),
    [({}, "didn't provide an API key"), ({"authorization": "Bearer sk-wrong"}, "Incorrect")],
    ids=["no key", "unknown key"],
)
def test_a_request_without_a_valid_key_is_401_at_its_headers_its_body_never_parsed(
    mode: int, key: dict[str, str], message: str
) -> None:
    s = tenant_session()
    msg = headers("POST", "/v1/chat/completions", eos=False, **key)
    msg.protocol_config.request_body_mode = mode  # type: ignore[assignment]
    (out,) = s.handle(msg)
    imm = out.immediate_response
    assert imm.status.code == 401
    assert reply_headers(imm)["x-kinference-reason"] == "invalid_api_key"
    assert message in json.loads(imm.body)["error"]["message"]
    assert s.answered
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    assert s.handle(ep.ProcessingRequest(request_body=ep.HttpBody(body=body))) == []
    assert s.state.body == b""  # what Envoy still streams is neither kept nor parsed
    assert s.state.request is None


def test_a_valid_key_is_checked_at_the_headers_then_the_body_routed() -> None:
    s = tenant_session()
    msg = headers(
        "POST", "/v1/chat/completions", eos=False, authorization="Bearer sk-team-a-key-00001"
    )
    assert s.handle(msg) == []
    assert s.state.tenant == "team-a"
    assert s.state.request is None
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    out = s.handle(ep.ProcessingRequest(request_body=ep.HttpBody(body=body, end_of_stream=True)))
    assert out[0].HasField("request_headers")
    assert s.decision is not None
