"""The picker's servers: ext_proc, access logs, the Picker API and health on the gRPC port
(TLS when configured), health alone on the health port (GIE convention), Prometheus metrics
and ``/healthz`` over HTTP.

Bound first and started in two steps: health alone (live, not ready) while the kernels warm
up, then the gRPC port and the metrics. Stopped in the reverse order: no new streams, open
requests answered within a grace, then the gRPC servers cancel what is left.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import grpc
from aiohttp import web
from envoy.service.accesslog.v3 import als_pb2_grpc
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc
from grpc_health.v1 import health_pb2_grpc

from kinference_epp.config.model import ServerConfig
from kinference_epp.edge.accesslog import AccessLogService
from kinference_epp.edge.health import PickerHealth
from kinference_epp.edge.servicer import ExternalProcessor
from kinference_epp.pickapi.service import PickerService
from kinference_epp.pickapi.v1 import picker_pb2_grpc
from kinference_epp.telemetry.metrics import PickerMetrics

if TYPE_CHECKING:
    from kinference_epp.edge.tls import ServerTls

log = logging.getLogger(__name__)

SERVER_STOP_S = 5.0
"""How long stopping the gRPC servers may take once every RPC is cancelled."""


@dataclass(frozen=True, slots=True)
class BoundPorts:
    grpc: int
    health: int
    metrics: int


class Servers:
    """The listeners of one picker (see the module)."""

    def __init__(self, config: ServerConfig, metrics: PickerMetrics, health: PickerHealth) -> None:
        self._config = config
        self._metrics = metrics
        self._health = health
        self._grpc: grpc.aio.Server | None = None
        self._health_grpc: grpc.aio.Server | None = None
        self._metrics_runner: web.AppRunner | None = None
        self._ports: tuple[int, int] = (0, 0)
        self.tls: ServerTls | None = None
        """The ext_proc port's certificate, when it serves TLS."""

    def bind(
        self, ext_proc: ExternalProcessor, access_log: AccessLogService, picker: PickerService
    ) -> None:
        """Build both gRPC servers with their services and bind their ports (not serving yet)."""
        server = self._config
        options = [
            ("grpc.max_receive_message_length", server.grpc_max_message_bytes),
            ("grpc.max_send_message_length", server.grpc_max_message_bytes),
            ("grpc.so_reuseport", 0),
        ]
        self._grpc = grpc.aio.server(options=options)
        ep_grpc.add_ExternalProcessorServicer_to_server(ext_proc, self._grpc)
        als_pb2_grpc.add_AccessLogServiceServicer_to_server(access_log, self._grpc)
        picker_pb2_grpc.add_PickerServicer_to_server(picker, self._grpc)
        health_pb2_grpc.add_HealthServicer_to_server(self._health.servicer, self._grpc)
        grpc_address = f"{server.host}:{server.grpc_port}"
        if server.tls.enabled:
            from kinference_epp.edge.tls import ServerTls  # cryptography: only with TLS on

            self.tls = ServerTls(
                server.tls.cert_file,
                server.tls.key_file,
                client_ca_file=server.tls.client_ca_file,
            )
            grpc_port = self._grpc.add_secure_port(grpc_address, self.tls.credentials())
        else:
            grpc_port = self._grpc.add_insecure_port(grpc_address)
        self._health_grpc = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
        health_pb2_grpc.add_HealthServicer_to_server(self._health.servicer, self._health_grpc)
        health_port = self._health_grpc.add_insecure_port(f"{server.host}:{server.health_port}")
        self._ports = (grpc_port, health_port)

    async def start_health(self) -> None:
        """Serve the health port alone (what the liveness probe asks while kernels warm up)."""
        if self._health_grpc is None:
            raise RuntimeError("Servers.start_health() before bind()")
        await self._health_grpc.start()

    async def start(self) -> BoundPorts:
        """Serve the gRPC port and the metrics; the ports bound."""
        if self._grpc is None:
            raise RuntimeError("Servers.start() before bind()")
        await self._grpc.start()
        metrics_port = await self._start_metrics_http(self._config.host, self._config.metrics_port)
        return BoundPorts(grpc=self._ports[0], health=self._ports[1], metrics=metrics_port)

    async def _start_metrics_http(self, host: str, port: int) -> int:
        async def metrics(_: web.Request) -> web.Response:
            return web.Response(
                body=self._metrics.exposition(),
                headers={"Content-Type": "text/plain; version=0.0.4; charset=utf-8"},
            )

        async def healthz(_: web.Request) -> web.Response:
            return web.Response(text="ok")

        app = web.Application()
        app.router.add_get("/metrics", metrics)
        app.router.add_get("/healthz", healthz)
        self._metrics_runner = web.AppRunner(app, access_log=None)
        await self._metrics_runner.setup()
        site = web.TCPSite(self._metrics_runner, host, port, reuse_port=False)
        await site.start()
        bound = self._metrics_runner.addresses
        return int(bound[0][1]) if bound else port

    async def stop_grpc(self, grace_s: float, idle: asyncio.Event) -> None:
        """Give open requests up to ``grace_s`` to be answered (``idle`` set), then close the
        gRPC servers (the access-log stream, which never ends by itself, with them)."""
        if self._grpc is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(grace_s):
                    await idle.wait()
        stops = [s.stop(0) for s in (self._grpc, self._health_grpc) if s is not None]
        try:
            # stop(0) cancels every open RPC; a handler that does not end on it would hold
            # the process here for good, so the rest of the shutdown goes on without it
            async with asyncio.timeout(SERVER_STOP_S):
                await asyncio.gather(*stops)
        except TimeoutError:
            log.error(
                "gRPC servers still stopping; going on without them",
                extra={"seconds": SERVER_STOP_S},
            )

    async def stop_metrics(self) -> None:
        if self._metrics_runner is not None:
            await self._metrics_runner.cleanup()
