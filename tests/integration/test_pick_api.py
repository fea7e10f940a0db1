"""The Picker gRPC API end to end, without Envoy: a request is picked by a running picker,
sent to the simulated pod it names, and settled with ReportUsage and the pick's ticket;
identity and limits are the ext_proc ones; only callers with the control token (or, on a
mutual-TLS port, a client certificate) are answered; Explain and ``kinfctl explain --live``
show a real decision, cached prefix included, as a dry run that reserves nothing."""

from __future__ import annotations

import asyncio
import datetime
import importlib.util
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import grpc
import pytest
import pytest_asyncio
from aiohttp import web
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from grpc_health.v1 import health_pb2, health_pb2_grpc

from kinference_epp.app import App
from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.config.model import (
    ControlConfig,
    EndpointConfig,
    EppConfig,
    PoolConfig,
    ServerConfig,
    TlsConfig,
)
from kinference_epp.config.tenancy import ReserveConfig, TenancyConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.edge.tls import KeyPair, self_signed
from kinference_epp.pickapi.client import PickerClient, Route, tls_credentials
from kinference_epp.sim.runner import SimCluster, ephemeral_specs, start_pods
from kinference_epp.sim.server import PodSpec
from kinference_epp.tenancy.memory_store import MemoryStore
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

ROOT = Path(__file__).parents[2]
TENANTS = ROOT / "deploy" / "examples" / "tenants" / "tenants.yaml"
GOLD_KEY = "sk-search-team-demo-key"
MODEL = "qwen3-0.6b"
POLICY = """
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: tiers}
spec:
  rules:
    - name: free-tier-no-long-answers
      match: {tenantLabels: {tier: free}, headers: [{name: x-long, values: ["yes"]}]}
      action: {reject: {status: 403, message: "long answers are for paid tiers"}}
"""


class Stack:
    def __init__(self, cluster: SimCluster, app: App, local: LocalStack) -> None:
        self.cluster = cluster
        self.app = app
        assert app.ports is not None
        self.address = f"127.0.0.1:{app.ports.grpc}"
        self.token = local.control_token
        self.token_file = local.control_token_file

    def client(self) -> PickerClient:
        return PickerClient(self.address, token=self.token)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    root = tmp_path_factory.mktemp("pickapi")
    (root / "policy.yaml").write_text(POLICY)
    options = StackOptions(
        pods=2,
        policies=(str(root / "policy.yaml"),),
        tenancy=TenancyConfig(tenants=[str(TENANTS)]),
    )
    local = LocalStack(options)
    template = PodSpec(
        models=(MODEL,),
        time_scale=options.time_scale,
        num_gpu_blocks=options.num_gpu_blocks,
        tokenizer_dir=str(tok) if (tok := local.tokenizer_dir()) else None,
    )
    cluster = await start_pods(ephemeral_specs(options.pods, template))
    app = App(local.picker_config(cluster))
    try:
        await app.start()
        yield Stack(cluster, app, local)
    finally:
        await app.stop(0.5)
        await cluster.close()
        await local.__aexit__(None, None, None)


def chat(content: str, **extra: Any) -> bytes:
    body = {"model": MODEL, "messages": [{"role": "user", "content": content}], **extra}
    return json.dumps(body).encode()


async def forward(route: Route, body: bytes) -> tuple[int, dict[str, Any], float]:
    """What a proxy does with a route: send the body to the endpoint, time the answer."""
    headers = {k: v for k, v in route.set_headers}
    headers["content-type"] = "application/json"
    t0 = time.monotonic()
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"http://{route.endpoint}/v1/chat/completions",
            data=route.body_for(body),
            headers=headers,
        ) as resp,
    ):
        doc = await resp.json()
        return resp.status, doc, time.monotonic() - t0


async def test_pick_routes_to_a_pod_and_report_usage_settles_it(stack: Stack) -> None:
    store = stack.app.limit_store
    assert isinstance(store, MemoryStore)
    body = chat("where does this go?", max_tokens=4)
    async with stack.client() as picker:
        pick = await picker.pick(
            "/v1/chat/completions",
            body,
            # a client's own tenant header is ignored: the key names the tenant
            headers={"authorization": f"Bearer {GOLD_KEY}", "x-kinference-tenant": "free-tier"},
        )
        assert pick.route is not None, pick.immediate
        pods = {a.hostport for a in stack.cluster.addresses}
        assert pick.route.endpoint in pods
        assert set(pick.route.fallbacks) <= pods - {pick.route.endpoint}
        assert ("x-kinference-tenant", "search-team") in pick.route.set_headers
        assert "x-ratelimit-remaining-tokens" in dict(pick.route.response_headers)
        assert store.holds(pick.request_id), "admission reserved the request's tokens"

        status, doc, seconds = await forward(pick.route, body)
        assert status == 200, doc
        usage = doc["usage"]
        assert pick.ticket
        known = await picker.report_usage(
            pick.request_id,
            pick.ticket,
            status=status,
            prompt_tokens=usage["prompt_tokens"],
            completion_tokens=usage["completion_tokens"],
            e2e_s=seconds,
        )
    assert known
    assert not store.holds(pick.request_id), "the report settled the reservation"
    text = await metrics_text(stack.app)
    assert (
        'kinference_tenant_requests_total{model="qwen3-0.6b",outcome="ok",tenant="search-team"}'
        in text
    )


async def test_identity_is_the_ext_proc_one(stack: Stack) -> None:
    async with stack.client() as picker:
        pick = await picker.pick(
            "/v1/chat/completions", chat("hi"), headers={"x-kinference-tenant": "search-team"}
        )
        assert pick.route is None
        assert pick.immediate is not None
        assert pick.immediate.status == 401
        headers = dict(pick.immediate.headers)
        assert headers["x-kinference-reason"] == pick.immediate.reason
        assert json.loads(pick.immediate.body)["error"]["type"]
        # an unknown request id is settled as the access log settles it: nothing to close
        assert not await picker.report_usage("never-picked", "no-ticket", status=200)


async def test_explain_shows_scores_rules_and_the_cached_prefix(stack: Stack) -> None:
    prompt = "the same long system prompt, block after block. " * 40
    body = chat(prompt, max_tokens=2)
    key = {"authorization": f"Bearer {GOLD_KEY}"}
    async with stack.client() as picker:
        first = await picker.pick("/v1/chat/completions", body, headers=key)
        assert first.route is not None
        status, doc, _ = await forward(first.route, body)
        assert status == 200, doc
        assert await picker.report_usage(first.request_id, first.ticket, status=200)

        async def cached() -> Any:
            why = await picker.explain("/v1/chat/completions", body, headers=key)
            served = [e for e in why.endpoints if e.endpoint == first.route.endpoint]  # type: ignore[union-attr]
            return why if served and served[0].gpu_blocks > 0 else None

        why = await eventually(
            cached, what="the pod's KV events to reach the index", interval_s=0.2
        )
    assert why.pick.route is not None
    assert why.router
    assert why.request_blocks > 0
    assert why.prompt_tokens > 0
    assert why.endpoints[0].rank == 0
    assert why.endpoints[0].endpoint == why.pick.route.endpoint
    assert all(e.score is not None for e in why.endpoints)
    assert why.tenant == "search-team"
    assert any("free-tier-no-long-answers" in line for line in why.policy_trace)


async def test_kinfctl_explain_live_and_pick(
    stack: Stack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    request = tmp_path / "request.json"
    request.write_text(
        json.dumps(
            {
                "path": "/v1/chat/completions",
                "headers": {"authorization": f"Bearer {GOLD_KEY}"},
                "body": json.loads(chat("explain me")),
            }
        )
    )
    argv = ["explain", "--live", stack.address, str(request), "--output", "json"]
    argv += ["--token-file", str(stack.token_file)]
    assert await asyncio.to_thread(kinfctl, argv) == 0
    doc = json.loads(capsys.readouterr().out)
    pods = {a.hostport for a in stack.cluster.addresses}
    assert doc["route"]["endpoint"] in pods
    assert doc["tenant"] == "search-team"
    assert {e["endpoint"] for e in doc["endpoints"]} == pods
    # each endpoint's learned speed (its prior until its own records arrive)
    assert all(e["speed"]["prefillTokensPerS"] > 0 for e in doc["endpoints"])
    assert doc["policy"]["trace"]

    token = ["--token-file", str(stack.token_file)]
    argv = ["explain", "--live", stack.address, str(request), *token]
    assert await asyncio.to_thread(kinfctl, argv) == 0
    text = capsys.readouterr().out
    assert "endpoint:" in text
    assert "rule free-tier-no-long-answers" in text
    assert "prefill tok/s" in text

    assert await asyncio.to_thread(kinfctl, ["pick", stack.address, str(request), *token]) == 0
    out = capsys.readouterr().out
    assert "endpoint: 127.0.0.1:" in out
    assert "ticket: " in out
    # without the control token: refused
    assert await asyncio.to_thread(kinfctl, ["pick", stack.address, str(request)]) == 1
    assert "UNAUTHENTICATED" in capsys.readouterr().err
    # without the key: the picker's own answer, exit 3
    argv = ["pick", stack.address, str(tmp_path / "bare.json"), *token]
    (tmp_path / "bare.json").write_text(chat("no key").decode())
    assert await asyncio.to_thread(kinfctl, argv) == 3
    assert "401" in capsys.readouterr().out


async def test_the_api_shares_the_grpc_port_and_its_health(stack: Stack) -> None:
    async with grpc.aio.insecure_channel(stack.address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        reply = await stub.Check(health_pb2.HealthCheckRequest(service="kinference.v1.Picker"))
        assert reply.status == health_pb2.HealthCheckResponse.SERVING


async def metrics_text(app: App) -> str:
    assert app.ports is not None
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{app.ports.metrics}/metrics") as resp,
    ):
        return await resp.text()


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("pick_proxy", ROOT / "examples" / "pick_proxy.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("stream", [False, True])
async def test_the_example_proxy_routes_and_settles(stack: Stack, stream: bool) -> None:
    store = stack.app.limit_store
    assert isinstance(store, MemoryStore)
    runner = web.AppRunner(load_example().build_app(stack.address, stack.token))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    extra: dict[str, Any] = {"stream_options": {"include_usage": True}} if stream else {}
    body = json.loads(chat("through the example proxy", max_tokens=3, stream=stream, **extra))
    key = {"authorization": f"Bearer {GOLD_KEY}"}
    before = store.pending
    try:
        async with aiohttp.ClientSession() as session:
            async with session.post(
                f"http://127.0.0.1:{port}/v1/chat/completions", json=body, headers=key
            ) as resp:
                text = await resp.text()
                assert resp.status == 200, text
                assert "x-ratelimit-remaining-tokens" in {k.lower() for k in resp.headers}
            assert "completion_tokens" in text
            async with session.post(
                f"http://127.0.0.1:{port}/v1/chat/completions", json=body
            ) as resp:
                assert resp.status == 401
                assert resp.headers["x-kinference-reason"]
        await eventually(lambda: store.pending == before, what="the reservation settled")
    finally:
        await runner.cleanup()


def issue(ca: KeyPair, name: str) -> KeyPair:
    """A client certificate for ``name`` signed by ``ca``."""
    ca_cert = x509.load_pem_x509_certificate(ca.cert)
    ca_key = serialization.load_pem_private_key(ca.key, password=None)
    assert isinstance(ca_key, ec.EllipticCurvePrivateKey)
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(ca_key, hashes.SHA256())
    )
    return KeyPair(
        cert.public_bytes(serialization.Encoding.PEM),
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ),
    )


async def test_only_the_picker_s_callers_are_answered(stack: Stack) -> None:
    """Without the control token (or with a wrong one) no call reaches the pipeline: nothing
    is reserved, nothing settled."""
    store = stack.app.limit_store
    assert isinstance(store, MemoryStore)
    key = {"authorization": f"Bearer {GOLD_KEY}"}
    async with stack.client() as picker:
        pick = await picker.pick("/v1/chat/completions", chat("mine", max_tokens=2), headers=key)
    assert pick.route is not None
    before = store.pending
    for token in (None, "not-the-token"):
        async with PickerClient(stack.address, token=token) as intruder:
            calls = [
                intruder.pick("/v1/chat/completions", chat("x"), headers=key),
                intruder.explain("/v1/chat/completions", chat("x"), headers=key),
                intruder.report_usage(pick.request_id, pick.ticket, status=200, prompt_tokens=0),
            ]
            for call in calls:
                with pytest.raises(grpc.aio.AioRpcError) as refused:
                    await call
                assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert store.pending == before
    assert store.holds(pick.request_id), "a refused report settled nothing"
    async with stack.client() as picker:
        assert await picker.report_usage(pick.request_id, pick.ticket, status=200)
    assert not store.holds(pick.request_id)
    assert "kinference_control_denied_total" in await metrics_text(stack.app)


async def test_explain_is_a_dry_run(stack: Stack) -> None:
    """An Explain reserves nothing against the tenant's limits and leaves no in-flight load:
    a free-tier tenant with two concurrent requests explained many times is still admitted."""
    store = stack.app.limit_store
    assert isinstance(store, MemoryStore)
    key = {"authorization": "Bearer sk-free-tier-demo-key"}
    before = store.pending
    inflight = len(stack.app.picks)
    async with stack.client() as picker:
        for _ in range(5):
            why = await picker.explain("/v1/chat/completions", chat("why?"), headers=key)
            assert why.pick.route is not None, why.pick.immediate
            assert not why.pick.ticket
        assert store.pending == before
        assert len(stack.app.picks) == inflight
        pick = await picker.pick("/v1/chat/completions", chat("now for real"), headers=key)
        assert pick.route is not None, pick.immediate
        assert store.holds(pick.request_id)
        assert await picker.report_usage(pick.request_id, pick.ticket, status=200)


async def test_the_api_is_served_with_the_ports_mutual_tls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mutual TLS: a caller with a certificate from the picker's client CA is answered, one
    without is refused at the handshake; ``kinfctl pick`` takes --ca/--cert/--key."""
    ca = self_signed(("clients",))
    (tmp_path / "clients-ca.pem").write_bytes(ca.cert)
    client = issue(ca, "gateway")
    stranger = issue(self_signed(("other",)), "stranger")
    config = EppConfig(
        pool=PoolConfig(endpoints=[EndpointConfig(address="127.0.0.1:1", models=[MODEL])]),
        server=ServerConfig(
            host="127.0.0.1",
            grpc_port=0,
            health_port=0,
            metrics_port=0,
            tls=TlsConfig(enabled=True, client_ca_file=str(tmp_path / "clients-ca.pem")),
        ),
    )
    app = App(config)
    await app.start()
    try:
        assert app.tls is not None
        assert app.ports is not None
        address = f"127.0.0.1:{app.ports.grpc}"
        options = [("grpc.ssl_target_name_override", "localhost")]
        for pair in (None, stranger):
            creds = tls_credentials(
                app.tls.pair.cert, pair.cert if pair else None, pair.key if pair else None
            )
            async with PickerClient(address, credentials=creds, options=options) as picker:
                with pytest.raises(grpc.aio.AioRpcError) as refused:
                    await picker.pick("/v1/chat/completions", chat("over TLS"), timeout_s=5)
                assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        creds = tls_credentials(app.tls.pair.cert, client.cert, client.key)
        async with PickerClient(address, credentials=creds, options=options) as picker:
            pick = await picker.pick("/v1/chat/completions", chat("over TLS"))
        # the pool's only endpoint is not ready: the picker's own 503, over mutual TLS
        assert pick.immediate is not None
        assert pick.immediate.status == 503
        for name, data in (
            ("ca.pem", app.tls.pair.cert),
            ("client.pem", client.cert),
            ("client.key", client.key),
        ):
            (tmp_path / name).write_bytes(data)
        body = tmp_path / "body.json"
        body.write_bytes(chat("over TLS"))
        argv = ["pick", address, str(body), "--ca", str(tmp_path / "ca.pem")]
        argv += ["--cert", str(tmp_path / "client.pem"), "--key", str(tmp_path / "client.key")]
        argv += ["--tls-name", "localhost"]
        assert await asyncio.to_thread(kinfctl, argv) == 3
        assert "503" in capsys.readouterr().out
    finally:
        await app.stop(0.5)


async def test_a_pick_never_reported_is_settled_by_the_sweeper(stack: Stack) -> None:
    tenancy = TenancyConfig(
        tenants=[str(TENANTS)], reserve=ReserveConfig(ttl_s=0.3, sweep_interval_s=0.05)
    )
    config = EppConfig(
        pool=PoolConfig(
            endpoints=[EndpointConfig(address=stack.cluster.addresses[0].hostport, models=[MODEL])]
        ),
        server=ServerConfig(
            host="127.0.0.1",
            grpc_port=0,
            health_port=0,
            metrics_port=0,
            control=ControlConfig(token_file=str(stack.token_file)),
        ),
        tenancy=tenancy,
    )
    app = App(config)
    await app.start()
    try:
        store = app.limit_store
        assert isinstance(store, MemoryStore)
        assert app.ports is not None
        async with PickerClient(f"127.0.0.1:{app.ports.grpc}", token=stack.token) as picker:
            pick = await picker.pick(
                "/v1/chat/completions",
                chat("never reported"),
                headers={"authorization": f"Bearer {GOLD_KEY}"},
            )
        assert pick.route is not None, pick.immediate
        assert store.holds(pick.request_id)
        await eventually(lambda: not store.holds(pick.request_id), what="the sweep")
        swept = 'kinference_tenant_requests_total{model="qwen3-0.6b",outcome="swept",tenant="search-team"} 1.0'
        assert swept in await metrics_text(app)
    finally:
        await app.stop(0.5)
