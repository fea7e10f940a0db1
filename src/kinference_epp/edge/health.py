"""gRPC health: ``""``, ``liveness``, ``readiness``, the ext_proc and Picker API service names
and ``inference-extension`` (the name GIE's and llm-d's charts and conformance manifests probe)."""

from __future__ import annotations

from grpc_health.v1 import health, health_pb2

LIVENESS = "liveness"
READINESS = "readiness"
EXT_PROC = "envoy.service.ext_proc.v3.ExternalProcessor"
INFERENCE_EXTENSION = "inference-extension"
PICKER_API = "kinference.v1.Picker"


class PickerHealth:
    """Liveness is the process answering; readiness means the datastore can route."""

    def __init__(self) -> None:
        self.servicer = health.aio.HealthServicer()  # type: ignore[attr-defined]

    async def set(self, *, ready: bool) -> None:
        serving = health_pb2.HealthCheckResponse.SERVING
        not_serving = health_pb2.HealthCheckResponse.NOT_SERVING
        await self.servicer.set(LIVENESS, serving)
        for name in ("", READINESS, EXT_PROC, INFERENCE_EXTENSION, PICKER_API):
            await self.servicer.set(name, serving if ready else not_serving)

    async def shutdown(self) -> None:
        await self.servicer.enter_graceful_shutdown()
