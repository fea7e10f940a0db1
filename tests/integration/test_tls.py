"""TLS on the ext_proc port: self-signed at start, files reloaded on change, optional client
verification, and a real Envoy dialling it the way Envoy AI Gateway does (TLS, no
verification) while requests route end to end."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from kinference_epp.app import App
from kinference_epp.config.model import (
    EndpointConfig,
    EppConfig,
    PoolConfig,
    ServerConfig,
    TlsConfig,
)
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.edge.tls import KeyPair, self_signed

pytestmark = [pytest.mark.integration]


def config(tls: TlsConfig) -> EppConfig:
    return EppConfig(
        pool=PoolConfig(endpoints=[EndpointConfig(address="127.0.0.1:1", models=["m"])]),
        server=ServerConfig(host="127.0.0.1", grpc_port=0, health_port=0, metrics_port=0, tls=tls),
    )


@pytest.fixture
async def picker(request: pytest.FixtureRequest) -> AsyncIterator[App]:
    app = App(config(request.param))
    await app.start()
    yield app
    await app.stop(0.5)


async def check(port: int, trust: bytes, client: KeyPair | None = None) -> int:
    """One health check over a new TLS connection that trusts ``trust``."""
    creds = grpc.ssl_channel_credentials(
        root_certificates=trust,
        private_key=client.key if client else None,
        certificate_chain=client.cert if client else None,
    )
    options = [("grpc.ssl_target_name_override", "localhost")]
    async with grpc.aio.secure_channel(f"127.0.0.1:{port}", creds, options=options) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        reply = await stub.Check(health_pb2.HealthCheckRequest(service="liveness"), timeout=5)
        return int(reply.status)


SERVING = health_pb2.HealthCheckResponse.SERVING


@pytest.mark.parametrize("picker", [TlsConfig(enabled=True)], indirect=True)
async def test_a_self_signed_pair_is_made_when_none_is_given(picker: App) -> None:
    assert picker.tls is not None
    assert picker.tls.self_signed
    assert picker.ports is not None
    assert await check(picker.ports.grpc, picker.tls.pair.cert) == SERVING
    async with grpc.aio.insecure_channel(f"127.0.0.1:{picker.ports.grpc}") as plain:
        stub = health_pb2_grpc.HealthStub(plain)
        with pytest.raises(grpc.aio.AioRpcError):
            await stub.Check(health_pb2.HealthCheckRequest(service="liveness"), timeout=2)


async def test_files_are_served_and_reloaded_when_they_change(tmp_path: Path) -> None:
    first, second = self_signed(("localhost",)), self_signed(("localhost",))
    cert, key = tmp_path / "tls.crt", tmp_path / "tls.key"
    cert.write_bytes(first.cert)
    key.write_bytes(first.key)
    app = App(config(TlsConfig(enabled=True, cert_file=str(cert), key_file=str(key))))
    await app.start()
    try:
        assert app.ports is not None
        assert app.tls is not None
        assert await check(app.ports.grpc, first.cert) == SERVING
        # a half-written update (new certificate, old key) is not taken
        cert.write_bytes(second.cert)
        assert await check(app.ports.grpc, first.cert) == SERVING
        assert app.tls.reload_errors >= 1
        key.write_bytes(second.key)
        assert await check(app.ports.grpc, second.cert) == SERVING
        assert app.tls.reloads == 1
        with pytest.raises(grpc.aio.AioRpcError):
            await check(app.ports.grpc, first.cert)
    finally:
        await app.stop(0.5)


async def test_client_certificates_are_required_with_a_client_ca(tmp_path: Path) -> None:
    server, client, stranger = (self_signed(("localhost",)) for _ in range(3))
    files = {"tls.crt": server.cert, "tls.key": server.key, "ca.crt": client.cert}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    tls = TlsConfig(
        enabled=True,
        cert_file=str(tmp_path / "tls.crt"),
        key_file=str(tmp_path / "tls.key"),
        client_ca_file=str(tmp_path / "ca.crt"),
    )
    app = App(config(tls))
    await app.start()
    try:
        assert app.ports is not None
        assert await check(app.ports.grpc, server.cert, client) == SERVING
        for other in (None, stranger):
            with pytest.raises(grpc.aio.AioRpcError):
                await check(app.ports.grpc, server.cert, other)
    finally:
        await app.stop(0.5)


def test_half_a_pair_is_a_config_error() -> None:
    with pytest.raises(ValueError, match="both cert_file and key_file"):
        TlsConfig(enabled=True, cert_file="/x/tls.crt")


async def test_envoy_dialling_the_picker_over_tls_routes_requests() -> None:
    """The AI Gateway wiring: Envoy's picker cluster has a TLS transport and no verification."""
    async with (
        LocalStack(StackOptions(pods=2, picker_tls=True, time_scale=0.01)) as stack,
        aiohttp.ClientSession() as http,
    ):
        assert stack.picker is not None
        assert stack.picker.tls is not None
        body = {"model": "qwen3-0.6b", "messages": [{"role": "user", "content": "hi"}]}
        for _ in range(3):
            async with http.post(f"{stack.url}/v1/chat/completions", json=body) as resp:
                assert resp.status == 200, await resp.text()
                assert resp.headers["x-kinference-upstream"] in {
                    a.hostport
                    for a in stack.cluster.addresses  # type: ignore[union-attr]
                }
