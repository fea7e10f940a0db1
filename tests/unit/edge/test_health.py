"""gRPC health answers every service name a gateway or chart probes, ready or not."""

from __future__ import annotations

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from kinference_epp.edge.health import PickerHealth

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
READY_NAMES = (
    "",
    "readiness",
    "envoy.service.ext_proc.v3.ExternalProcessor",
    "inference-extension",
)


@pytest.mark.parametrize("ready", [False, True])
async def test_every_probed_service_name_follows_readiness(ready: bool) -> None:
    health = PickerHealth()
    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(health.servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        await health.set(ready=ready)
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = health_pb2_grpc.HealthStub(channel)

            async def check(service: str) -> int:
                reply = await stub.Check(health_pb2.HealthCheckRequest(service=service))
                return int(reply.status)

            assert await check("liveness") == SERVING
            for name in READY_NAMES:
                assert await check(name) == (SERVING if ready else NOT_SERVING), name
    finally:
        await server.stop(None)
