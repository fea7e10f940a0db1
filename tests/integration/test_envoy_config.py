"""The rendered Envoy bootstrap, proven on the real Envoy 1.40 binary.

Two layers: every option combination passes ``envoy --mode validate`` (and the committed
``deploy/envoy/envoy.yaml`` is the renderer's output), and live stacks (Envoy + the fake
picker + fake pods of ``gateway_fakes``) show that requests are routed with their bodies
intact, that a client's reserved headers never reach the picker or a pod, that the path is
normalised before the picker sees it, and that usage tokens (OpenAI and Anthropic shapes) and
the first-byte stamp reach the access log.
"""

from __future__ import annotations

import hashlib
import json
import socket
import subprocess
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from gateway_fakes import (
    SERVED_HEADER,
    TEST_ACTION,
    TEST_RESPOND_UPSTREAM,
    chat,
    entry_for,
    post,
    raw_request,
    rewrite,
    stack,
)
from google.protobuf import json_format

from kinference_epp.api.wire_names import (
    DESTINATION_HEADER,
    LB_NAMESPACE,
    METADATA_NAMESPACE,
    MODEL_KEY,
    SCORES_HEADER,
    TENANT_HEADER,
    TENANT_KEY,
    TEST_SELECTION_HEADER,
    UPSTREAM_HEADER,
)
from kinference_epp.edge.accesslog import record_from_entry
from kinference_epp.edge.tls import self_signed
from kinference_epp.gateway.config import render_envoy_config, to_yaml
from kinference_epp.gateway.deploy import DEPLOY_OPTIONS, render_deploy_file
from kinference_epp.gateway.filters import copy_header
from kinference_epp.gateway.options import BodyMode, EnvoyOptions, ProviderRoute
from kinference_epp.gateway.process import (
    EnvoyProcess,
    EnvoyStartError,
    find_envoy_binary,
    free_port,
)

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
DEPLOY_YAML = REPO / "deploy" / "envoy" / "envoy.yaml"
SERVICES_YAML = REPO / "deploy" / "envoy" / "services.yaml"
POOL = ("10.0.0.1:8000", "10.0.0.2:8000")


# --------------------------------------------------------------------- validate


def _validate(tmp_path: Path, config: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "envoy.yaml"
    path.write_text(to_yaml(config))
    return _validate_file(path)


def _validate_file(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(find_envoy_binary()), "--mode", "validate", "-c", str(path), "--use-dynamic-base-id"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


VARIANTS = {
    "duplex": EnvoyOptions(pool=POOL),
    "buffered": EnvoyOptions(pool=POOL, body_mode="BUFFERED"),
    "duplex-response-headers-test-mode": EnvoyOptions(
        pool=POOL, send_response_headers=True, test_mode=True
    ),
    "buffered-fail-open": EnvoyOptions(pool=POOL, body_mode="BUFFERED", failure_mode="FailOpen"),
    "no-access-log-no-usage-no-retries-no-health": EnvoyOptions(
        pool=POOL,
        access_log=False,
        usage_metadata=False,
        retries=0,
        picker_health_check_interval_s=0,
    ),
    "dns-pickers-and-pool-providers-identity": EnvoyOptions(
        pickers=("kinference-epp-replicas.default.svc:9002",),
        pool=("vllm-pool-pods.default.svc:8000",),
        upstream_timeout_s=600,
        identity_filters=(copy_header("x-api-tenant", TENANT_HEADER),),
        provider_routes=(
            ProviderRoute("provider-x", "api.example.com:443", tls=True),
            ProviderRoute("provider-y", "10.0.0.9:8000"),
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_passes_envoy_validate(tmp_path: Path, name: str) -> None:
    result = _validate(tmp_path, render_envoy_config(VARIANTS[name]))
    assert result.returncode == 0, result.stderr[-3000:]
    assert "OK" in result.stdout


def test_full_duplex_requires_trailer_send(tmp_path: Path) -> None:
    """Why the renderer sets request_trailer_mode SEND in full duplex: Envoy rejects SKIP."""
    config = render_envoy_config(EnvoyOptions(pool=POOL))
    hcm = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]
    ext_proc = next(
        f for f in hcm["typed_config"]["http_filters"] if f["name"] == "envoy.filters.http.ext_proc"
    )
    ext_proc["typed_config"]["processing_mode"]["request_trailer_mode"] = "SKIP"
    result = _validate(tmp_path, config)
    assert result.returncode != 0
    assert "request_trailer_mode has to be set to SEND" in result.stderr


def test_deploy_copy_is_the_renderers_output() -> None:
    """deploy/envoy/envoy.yaml is current: regenerate with
    ``python -m kinference_epp.gateway.deploy deploy/envoy/envoy.yaml``."""
    assert DEPLOY_YAML.read_text() == render_deploy_file()


def test_deploy_copy_passes_envoy_validate(tmp_path: Path) -> None:
    """Validated with its client certificate's files where the Secret would mount them (Envoy
    reads them when it validates)."""
    pair = self_signed(("envoy",))
    text = DEPLOY_YAML.read_text()
    for option, data in (
        (DEPLOY_OPTIONS.picker_client_cert_file, pair.cert),
        (DEPLOY_OPTIONS.picker_client_key_file, pair.key),
        (DEPLOY_OPTIONS.picker_ca_file, pair.cert),
    ):
        assert option is not None
        assert option in text
        local = tmp_path / Path(option).name
        local.write_bytes(data)
        text = text.replace(option, str(local))
    copy = tmp_path / "envoy.yaml"
    copy.write_text(text)
    result = _validate_file(copy)
    assert result.returncode == 0, result.stderr[-3000:]


def test_the_access_log_presents_the_control_token() -> None:
    """The shared secret travels as gRPC metadata on the picker's streams; none without it."""
    als = render_envoy_config(EnvoyOptions(pool=POOL, control_token="s3cret"))
    text = to_yaml(als)
    assert "x-kinference-control-token" in text
    assert "s3cret" in text
    assert "x-kinference-control-token" not in to_yaml(render_envoy_config(EnvoyOptions(pool=POOL)))


@pytest.mark.parametrize("version", ["1.29.0", "1.33.0"])
def test_deploy_services_pass_kubernetes_validate(version: str) -> None:
    """The headless Services the deploy config resolves, with the names it resolves."""
    docs = list(yaml.safe_load_all(SERVICES_YAML.read_text()))
    for doc in docs:
        kubernetes_validate.validate(doc, version, strict=True)
        assert doc["spec"]["clusterIP"] == "None"  # one address per pod, not a virtual IP
    served = {f"{d['metadata']['name']}:{d['spec']['ports'][0]['port']}" for d in docs}
    assert served == {*DEPLOY_OPTIONS.pickers, *DEPLOY_OPTIONS.pool}


def test_options_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="host:port"):
        EnvoyOptions(pool=POOL, pickers=("nope",))
    with pytest.raises(ValueError, match="host:port"):
        EnvoyOptions(pool=("10.0.0.1",))
    with pytest.raises(ValueError, match="pool"):
        EnvoyOptions(pool=())
    with pytest.raises(ValueError, match="body_mode"):
        EnvoyOptions(pool=POOL, body_mode="STREAMED")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="FailOpen needs body_mode BUFFERED"):
        EnvoyOptions(pool=POOL, failure_mode="FailOpen")
    with pytest.raises(ValueError, match="reserved"):
        EnvoyOptions(pool=POOL, provider_routes=(ProviderRoute("vllm_pool", "1.2.3.4:80"),))


async def test_envoy_process_reports_startup_failure() -> None:
    bad = render_envoy_config(EnvoyOptions(pool=POOL, listener_port=0, admin_port=0))
    bad["static_resources"]["clusters"][0]["type"] = "NO_SUCH_TYPE"
    with pytest.raises(EnvoyStartError, match="NO_SUCH_TYPE"):
        async with EnvoyProcess(bad, startup_timeout_s=20):
            pass


# ------------------------------------------------------------------ live stack


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
@pytest.mark.parametrize("size", [100, 1_500_000])
async def test_request_routed_with_full_body(mode: BodyMode, size: int) -> None:
    async with stack(EnvoyOptions(pool=POOL, body_mode=mode, debug_headers=True)) as s:
        body = chat(size)
        raw = json.dumps(body).encode()
        status, headers, payload = await post(s.url, body)
        assert status == 200, (payload[:500], s.envoy.stderr_tail())
        info = json.loads(payload)["info"]
        assert info["name"] == "pool"
        assert info["length"] == len(raw)
        assert info["sha256"] == hashlib.sha256(raw).hexdigest()
        assert headers[UPSTREAM_HEADER] == s.backend
        if mode == "BUFFERED":  # body untouched: the client's content-length goes upstream
            assert info["content_length"] == str(len(raw))
        else:  # Envoy drops content-length in full duplex, even one the picker set
            assert info["content_length"] is None
            assert info["transfer_encoding"] == "chunked"


CLIENT_RESERVED = {
    DESTINATION_HEADER: "10.9.9.9:1",
    "x-gateway-destination-endpoint-subset": "10.9.9.9:1",
    "x-kinference-route": "provider-x",
    TENANT_HEADER: "evil",
    "x-kinference-model": "m" * 200,
    SCORES_HEADER: "echo-me",
    "X-Kinference-Anything": "upper-case too",
    TEST_SELECTION_HEADER: "10.9.9.9",
}


@pytest.mark.parametrize("test_mode", [False, True])
async def test_client_reserved_headers_never_reach_picker_or_pod(test_mode: bool) -> None:
    """A client cannot choose its pod, provider or tenant, grow a label or get an echo:
    every x-kinference-* / x-gateway-* header it sends is gone before the picker runs (and
    the conformance suite's selection header too, outside test mode)."""
    async with stack(EnvoyOptions(pool=POOL, test_mode=test_mode)) as s:
        status, headers, payload = await post(s.url, chat(), CLIENT_RESERVED)
        assert status == 200, payload[:300]
        seen = s.picker.seen_headers[-1]
        reserved = [k for k in seen if k.startswith(("x-kinference-", "x-gateway-"))]
        assert reserved == []
        assert (TEST_SELECTION_HEADER in seen) is test_mode
        info = json.loads(payload)["info"]
        assert info["name"] == "pool"  # not the provider the client named
        pod_headers = {k.lower(): v for k, v in info["headers"].items()}
        # neither the client's nor the picker's (its tenant "acme", its endpoint) reach the pod
        assert [k for k in pod_headers if k.startswith(("x-kinference-", "x-gateway-"))] == []
        assert "evil" not in pod_headers.values()
        assert SCORES_HEADER not in headers  # nothing echoed
        assert UPSTREAM_HEADER in headers if test_mode else UPSTREAM_HEADER not in headers


async def test_identity_filter_is_the_only_source_of_the_tenant() -> None:
    opts = EnvoyOptions(pool=POOL, identity_filters=(copy_header("x-api-tenant", TENANT_HEADER),))
    async with stack(opts) as s:
        status, _, _ = await post(s.url, chat(), {"x-api-tenant": "team-a", TENANT_HEADER: "evil"})
        assert status == 200
        assert s.picker.seen_headers[-1][TENANT_HEADER] == "team-a"
        status, _, _ = await post(s.url, chat(), {TENANT_HEADER: "evil"})
        assert status == 200
        assert TENANT_HEADER not in s.picker.seen_headers[-1]


PATHS = {
    "/v1/chat/%63ompletions": "/v1/chat/completions",  # percent-encoded unreserved: decoded
    "/v1//chat///completions": "/v1/chat/completions",  # merged slashes
    "/v1/x/../chat/./completions": "/v1/chat/completions",  # dot segments
    "/v1/%6D%65ssages": "/v1/messages",
    "/v1/chat/completions?x=%63": "/v1/chat/completions?x=%63",  # the query is left alone
}


@pytest.mark.parametrize("sent", sorted(PATHS))
async def test_path_is_normalised_before_the_picker(sent: str) -> None:
    async with stack(EnvoyOptions(pool=POOL)) as s:
        body = json.dumps(chat()).encode()
        status, _, payload = await raw_request(
            s.url, f"POST {sent} HTTP/1.1", {"content-type": "application/json"}, body
        )
        assert status == 200, payload[:300]
        assert s.picker.seen_headers[-1][":path"] == PATHS[sent]
        assert json.loads(payload)["info"]["path"] == PATHS[sent].split("?")[0]


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
@pytest.mark.parametrize("size", [100, 200_000])
async def test_body_rewrite_reaches_backend(mode: BodyMode, size: int) -> None:
    async with stack(EnvoyOptions(pool=POOL, body_mode=mode)) as s:
        body = chat(size)
        expected = rewrite(json.dumps(body).encode())
        status, _, payload = await post(s.url, body, {TEST_ACTION: "rewrite"})
        assert status == 200, (payload[:500], s.envoy.stderr_tail())
        info = json.loads(payload)["info"]
        assert info["model"] == "rewritten-model-name"
        assert info["length"] == len(expected)
        assert info["sha256"] == hashlib.sha256(expected).hexdigest()


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
async def test_provider_route(mode: BodyMode) -> None:
    async with stack(EnvoyOptions(pool=POOL, body_mode=mode, debug_headers=True)) as s:
        status, headers, payload = await post(s.url, chat(), {TEST_ACTION: "provider"})
        assert status == 200, payload[:500]
        assert json.loads(payload)["info"]["name"] == "provider-x"
        assert headers[UPSTREAM_HEADER] != s.backend


@pytest.mark.parametrize("action", ["pool", "provider"])
async def test_no_reserved_header_leaves_envoy_for_a_pod_or_provider(action: str) -> None:
    """The picker's notes to Envoy (route, endpoint, tenant, model, scores) and an identity
    filter's tenant steer Envoy and its log only: the pod or provider gets none of them."""
    opts = EnvoyOptions(pool=POOL, identity_filters=(copy_header("x-api-tenant", TENANT_HEADER),))
    async with stack(opts) as s:
        s.picker.extra_headers = {"x-kinference-model": "m", SCORES_HEADER: "10.0.0.1:8000=1"}
        sent = {TEST_ACTION: action, "x-api-tenant": "team-a", "x-request-id": f"strip-{action}"}
        status, _, payload = await post(s.url, chat(), sent)
        assert status == 200, payload[:300]
        info = json.loads(payload)["info"]
        assert info["name"] == ("pool" if action == "pool" else "provider-x")
        assert s.picker.seen_headers[-1][TENANT_HEADER] == "team-a"  # the picker had it
        got = {k.lower(): v for k, v in info["headers"].items()}
        assert [k for k in got if k.startswith(("x-kinference-", "x-gateway-"))] == []
        # the access log still names the endpoint (from metadata) for a pool request
        entry = await entry_for(s, f"strip-{action}")
        assert entry.response.response_code.value == 200


@pytest.mark.parametrize("debug", [False, True])
async def test_upstream_address_only_with_debug_headers(debug: bool) -> None:
    """A pod's address reaches the client only with ``debug_headers``; off, not even a copy
    the pod itself sends (the fake pod's ``x-test-echo`` answer headers)."""
    async with stack(EnvoyOptions(pool=POOL, debug_headers=debug)) as s:
        s.picker.reserved = {"scores": "10.0.0.1:8000=1.000"}
        status, headers, _ = await post(s.url, chat(), {TEST_RESPOND_UPSTREAM: "10.6.6.6:1"})
        assert status == 200
        if debug:
            assert headers[UPSTREAM_HEADER] == s.backend
            assert headers[SCORES_HEADER] == "10.0.0.1:8000=1.000"
        else:
            assert UPSTREAM_HEADER not in headers
            assert SCORES_HEADER not in headers


async def test_response_headers_mode_echoes_served_endpoint() -> None:
    opts = EnvoyOptions(pool=POOL, body_mode="BUFFERED", send_response_headers=True)
    async with stack(opts) as s:
        status, headers, _ = await post(s.url, chat())
        assert status == 200
        assert headers[SERVED_HEADER] == s.backend


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
async def test_access_log_carries_usage_and_first_byte(mode: BodyMode) -> None:
    """Both APIs, streamed and not: OpenAI's usage, Anthropic's (message_start's
    ``message.usage`` and message_delta's ``usage``) land in the same metadata keys."""
    async with stack(EnvoyOptions(pool=POOL, body_mode=mode)) as s:
        s.picker.reserved = {TENANT_KEY: "acme", MODEL_KEY: "m1"}
        ids = {
            ("/v1/chat/completions", True): "openai-sse",
            ("/v1/chat/completions", False): "openai-json",
            ("/v1/messages", True): "anthropic-sse",
            ("/v1/messages", False): "anthropic-json",
        }
        for (path, stream), request_id in ids.items():
            status, headers, _ = await post(
                s.url, chat(stream=stream), {"x-request-id": request_id}, path=path
            )
            assert status == 200, (request_id, headers)
            if stream:
                assert headers["content-type"].startswith("text/event-stream"), headers

        for request_id in ids.values():
            entry = await entry_for(s, request_id)
            common = entry.common_properties
            meta = common.metadata.filter_metadata
            assert METADATA_NAMESPACE in meta, (request_id, entry)
            usage = json_format.MessageToDict(meta[METADATA_NAMESPACE])
            assert usage["prompt_tokens"] == 11, (request_id, usage)
            assert usage["completion_tokens"] == 3, (request_id, usage)
            assert usage["cached_tokens"] == 8, (request_id, usage)
            first_byte_ms = int(usage["first_byte_ms"])
            start_ms = common.start_time.ToMilliseconds()
            assert start_ms <= first_byte_ms <= start_ms + 10_000
            assert meta[LB_NAMESPACE][DESTINATION_HEADER] == s.backend
            assert entry.response.response_code.value == 200
            assert common.upstream_cluster == "vllm_pool"
            assert common.HasField("time_to_first_upstream_rx_byte")
            assert common.HasField("time_to_last_downstream_tx_byte")
            # the picker's headers left with the request; its metadata names the tenant
            logged = entry.request.request_headers
            assert DESTINATION_HEADER not in logged
            assert TENANT_HEADER not in logged
            record = record_from_entry(entry)
            assert (record.tenant, record.model, record.endpoint) == ("acme", "m1", s.backend)


def test_a_port_for_a_later_server_lies_outside_the_ephemeral_range() -> None:
    # a client retrying a local port nothing listens on yet could take it (a TCP self-connect)
    low, high = (int(x) for x in Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    for _ in range(20):
        port = free_port()
        assert not low <= port <= high
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", port))
