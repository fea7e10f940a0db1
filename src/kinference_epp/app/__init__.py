"""The composition root: builds the picker's objects from configuration and runs its servers.

Everything is created here and passed down through constructors; there is no global state.
:class:`App` composes the request pipeline and what settles a finished request from wirings
that each have one concern: the routing core (``app.routing``: pool, prefix index, scheduler,
tokenizers), the policies (``app.policies``), the tenants' limits and usage
(``app.tenancy``), flow control (``app.flow``), the metrics adapters (``app.telemetry``) and
the listeners (``app.servers``: ext_proc, access logs, the Picker API and health on the gRPC
port, health alone on the health port, Prometheus metrics over HTTP).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kinference_epp.app.flow import build_flow
from kinference_epp.app.policies import PolicyWiring
from kinference_epp.app.routing import build_routing_core
from kinference_epp.app.servers import BoundPorts, Servers
from kinference_epp.app.telemetry import (
    KvReadings,
    ScrapeErrors,
    register_collectors,
)
from kinference_epp.app.tenancy import TenantWiring
from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError
from kinference_epp.edge.accesslog import AccessLogService
from kinference_epp.edge.control_auth import ControlAuth, read_token
from kinference_epp.edge.driver import PendingDriver
from kinference_epp.edge.health import PickerHealth
from kinference_epp.edge.offload import Offloader
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.edge.replies import ReplyCache
from kinference_epp.edge.servicer import ExternalProcessor
from kinference_epp.jit import cache_counts, warm_up_all
from kinference_epp.pickapi.service import PickerService
from kinference_epp.pipeline.picks import MAX_AGE_S, PickBook
from kinference_epp.pipeline.reports import ReportGate
from kinference_epp.pipeline.response_homes import ResponseHomes, response_id_of
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.stages.parse import ModelLabel
from kinference_epp.pipeline.stages.policy import PredictedTtft
from kinference_epp.pipeline.usage import UsageRecord, UsageRecorder
from kinference_epp.pipeline.usage_watch import UsageWatch, UsageWatchTask
from kinference_epp.policy.secrets import SecretFiles, SecretReader
from kinference_epp.pool.ejection import ConnectFailureEjector
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.pool.scraper import MetricsScraper
from kinference_epp.scheduling.ttft import TtftPredictor
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.store import LimitStore
from kinference_epp.tenancy.usage_sinks import UsageFlusher

if TYPE_CHECKING:
    from kinference_epp.edge.tls import ServerTls
    from kinference_epp.k8s.source import KubernetesSource
    from kinference_epp.tenancy.redis_store import RedisStore

log = logging.getLogger(__name__)


def _both(
    first: Callable[[UsageRecord], None] | None, second: Callable[[UsageRecord], None] | None
) -> Callable[[UsageRecord], None] | None:
    """One sink that hands each record to both (either may be None)."""
    if first is None or second is None:
        return first or second

    def both(record: UsageRecord) -> None:
        first(record)
        second(record)

    return both


class App:
    """The picker: built from ``config`` (raises :class:`ConfigError` for one that cannot
    run), then ``start``, ``drain`` and ``stop``. Each concern is built by its own function
    below or in its own module, in the order their dependencies need."""

    def __init__(self, config: EppConfig, *, metrics: PickerMetrics | None = None) -> None:
        self.config = config
        self.metrics = metrics or PickerMetrics()
        core = build_routing_core(config, self.metrics)
        self.datastore = core.datastore
        self.prefix_index = core.prefix_index
        self.kv_feed = core.kv_feed
        self.prefix_state = core.prefix_state
        self.speed = core.speed
        self.inflight = core.inflight
        self.scheduler = core.scheduler
        self.tokenizers = core.tokenizers
        self.tokenizer_coverage = core.tokenizer_coverage
        self.prompt_workers = core.prompt_workers
        self.hasher = core.hasher
        self.policies = PolicyWiring(config, self.metrics)
        self.policy_store = self.policies.store
        self.classifier_model = self.policies.classifier_model
        self.tenants = TenantDirectory()
        secrets = self._connect_kubernetes(SecretFiles(Path(config.server.secrets_dir)))
        self.tenancy = (
            TenantWiring(config, self.metrics, self.tenants, ModelLabel(self.datastore).of_name)
            if config.tenancy is not None
            else None
        )
        """Tenants' limits, usage and files (``config.tenancy``); None without it."""
        self.response_homes = (
            self.tenancy.response_homes if self.tenancy is not None else ResponseHomes()
        )
        """Which pod holds each stored Responses answer (shared through Redis when set)."""
        self.flow, self.flow_sync = build_flow(
            config, self.metrics, self.datastore, self.scheduler, self.tenancy
        )
        """Flow control (``config.flow_control``) and the fair share counters it exchanges
        with the other replicas (through the limit store's Redis, when there is one)."""
        self.picks = PickBook(
            max_age_s=config.tenancy.reserve.ttl_s if config.tenancy is not None else MAX_AGE_S
        )
        """The picker's record of each pick, for its report."""
        self.pipeline = self._build_pipeline(secrets)
        self._build_accounting()
        self._build_serving()

    def _connect_kubernetes(self, secrets: SecretReader) -> SecretReader:
        """The Kubernetes source (``config.kubernetes``), filling the pool, the policy store
        and the tenants; returns where API keys are read (its Secrets when it watches them)."""
        self.k8s: KubernetesSource | None = None
        config = self.config
        if config.kubernetes is None:
            return secrets
        # Imported here: the Kubernetes client is most of the picker's import time, and a
        # picker without Kubernetes (static config) never needs it.
        from kinference_epp.k8s.policies import StorePolicySink
        from kinference_epp.k8s.source import KubernetesSource

        sink = StorePolicySink(self.policy_store) if config.kubernetes.policies else None
        self.k8s = KubernetesSource(
            config.kubernetes,
            self.datastore,
            policies=sink,
            secrets_fallback=secrets,
            tenants=self.tenants if config.tenancy is not None else None,
        )
        self.metrics.register_collector(self.k8s.collector())
        # policies are watched: keys come from Secrets
        return self.k8s.secrets if self.k8s.secrets is not None else secrets

    def _build_pipeline(self, secrets: SecretReader) -> Pipeline:
        config = self.config
        server = config.server
        tenancy = self.tenancy
        ttft = TtftPredictor(
            self.datastore,
            self.prefix_state,
            self.inflight,
            prefill_tokens_per_s=config.speed.prior.prefill_tokens_per_s,
            speed=self.speed,
        )
        return build_pipeline(
            StageDeps(
                datastore=self.datastore,
                scheduler=self.scheduler,
                metrics=self.metrics,
                policies=self.policy_store,
                hasher=self.hasher,
                pool_name=config.pool.name,
                tenant_header=server.tenant_header,
                secrets=secrets,
                ttft=PredictedTtft(self.datastore, self.hasher, ttft),
                test_mode=server.test_mode,
                score_header=server.score_header,
                ensure_usage=server.ensure_usage,
                max_model_len=self.tokenizers.max_model_len,
                tenancy=tenancy.deps if tenancy is not None else None,
                max_prompt_chars=server.max_prompt_chars,
                offload_prompt_chars=server.offload_prompt_chars or None,
                book=self.picks,
                response_homes=self.response_homes,
                response_lookup_wait_s=(tenancy.redis_timeout_s if tenancy is not None else 0.0)
                + 1.0,
                flow=self.flow,
            )
        )

    def _build_accounting(self) -> None:
        """What settles a finished request: usage and its metrics, the tenant's charge, flow
        control's release, the speed model's lesson, pod ejection, the report gate."""
        config = self.config
        server = config.server
        self.offloader = Offloader(server.offload_threads, server.offload_max_pending)
        self.ejector = (
            ConnectFailureEjector(
                self.datastore, threshold=server.eject_after_failures, eject_s=server.eject_s
            )
            if server.eject_after_failures
            else None
        )
        self._learner = SpeedLearner(self.speed, self.datastore, self.inflight.picked)
        self.usage = UsageRecorder(
            self.metrics,
            self.inflight,
            ModelLabel(self.datastore).of_name,
            settle=_both(
                self.tenancy.settle if self.tenancy is not None else None,
                self.flow.finished if self.flow is not None else None,
            ),
            on_upstream=self._on_upstream,
            learn=self._learner,
        )
        self.reports = ReportGate(
            self.picks,
            self.usage,
            self.metrics,
            shared_store=self.redis_store is not None,
            max_output_tokens=(
                config.tenancy.reserve.max_output_tokens if config.tenancy is not None else None
            ),
        )
        self.usage_watch = UsageWatch(config.usage.silence_warning_s)
        self.usage_watch_task = UsageWatchTask(
            self.usage_watch,
            self.metrics.registry,
            source=config.usage.source,
            silence_s=config.usage.silence_warning_s,
            interval_s=min(30.0, config.usage.silence_warning_s / 4),
        )

    def _build_serving(self) -> None:
        """The control-plane auth, the Pick API, the scraper, the collectors and the
        listeners (bound in ``start``)."""
        config = self.config
        server = config.server
        try:
            self.control = ControlAuth(
                read_token(server.control.token_file, server.control.token_env),
                mutual_tls=server.tls.enabled and server.tls.client_ca_file is not None,
                allow_unauthenticated=server.control.allow_unauthenticated,
                on_denied=lambda svc: self.metrics.control_denied.labels(service=svc).inc(),
            )
        except (OSError, ValueError) as exc:
            raise ConfigError([f"server.control: {exc}"]) from exc
        self.health = PickerHealth()
        self.driver = PendingDriver(self._watch, self.offloader)
        """Settles what the pipeline leaves pending, for ext_proc and the Pick API alike."""
        self.picker_api = PickerService(
            self.pipeline,
            self.driver,
            self.reports,
            self.picks,
            auth=self.control,
            max_body_bytes=server.max_body_bytes,
            on_request=self._on_stream,
            prefix=self.prefix_index,
            speeds=self.speed.figures,
        )
        self._reply_cache = ReplyCache()
        self.scraper = MetricsScraper(
            self.datastore,
            config.scrape,
            on_scrape=ScrapeErrors(self.metrics),
            on_load=self._learner.scraped,
        )
        register_collectors(
            self.metrics,
            pool_name=config.pool.name,
            datastore=self.datastore,
            inflight=self.inflight,
            speed=self.speed,
            tokenizers=self.tokenizers,
            coverage=self.tokenizer_coverage,
            kv=KvReadings(self.kv_feed, self.prefix_index),
        )
        self.servers = Servers(server, self.metrics, self.health)
        self._streams = 0
        self._idle = asyncio.Event()
        """Set while no ext_proc stream is open (what a stop waits for)."""
        self._idle.set()
        self._readiness: asyncio.Task[None] | None = None
        self.ports: BoundPorts | None = None

    @property
    def tls(self) -> ServerTls | None:
        """The ext_proc port's certificate, when it serves TLS."""
        return self.servers.tls

    @property
    def redis_store(self) -> RedisStore | None:
        return self.tenancy.redis_store if self.tenancy is not None else None

    @property
    def limit_store(self) -> LimitStore | None:
        return self.tenancy.limit_store if self.tenancy is not None else None

    @property
    def usage_flusher(self) -> UsageFlusher | None:
        return self.tenancy.usage_flusher if self.tenancy is not None else None

    def new_session(self) -> ExtProcSession:
        server = self.config.server
        return ExtProcSession(
            self.pipeline,
            max_body_bytes=server.max_body_bytes,
            test_mode=server.test_mode,
            reply_cache=self._reply_cache,
            usage_sink=(
                self._usage_from_response if self.config.usage.source == "response_body" else None
            ),
        )

    def _usage_from_access_log(self, record: UsageRecord) -> None:
        """With ``usage.source: response_body`` the picker already accounted the request from
        its response: the access log's entry is counted (``ignored``), never settled a second
        time, on this replica or another."""
        self.usage_watch.report("access_log")
        if self.config.usage.source == "response_body":
            self.reports.count("access_log", "ignored")
            return
        self.reports(record)

    def _usage_from_response(self, record: UsageRecord) -> None:
        self.usage_watch.report("response_body")
        self.reports.from_response(record)

    def _on_stream(self, delta: int) -> None:
        self.metrics.streams_active.inc(delta)
        if delta > 0:
            self.usage_watch.request()
        self._streams += delta
        if self._streams:
            self._idle.clear()
        else:
            self._idle.set()

    def _ai_gateway_keys(self) -> tuple[str, str, str]:
        keys = self.config.usage.ai_gateway
        return (keys.prompt_tokens, keys.completion_tokens, keys.cached_tokens)

    def _on_upstream(self, record: UsageRecord, routed: EndpointKey | None) -> None:
        if record.request_id and record.prompt_tokens is not None and record.status < 400:
            # a Responses answer the picker named: its conversation's size, for continuations
            self.response_homes.settled(
                response_id_of(record.request_id),
                record.prompt_tokens + (record.completion_tokens or 0),
                EndpointKey(record.endpoint) if record.endpoint else None,
            )
        if self.ejector is not None:
            self.ejector.observe(
                served=record.endpoint,
                status=record.status,
                flags=record.response_flags,
                attempts=record.attempts,
                routed=routed,
            )

    async def start(self) -> BoundPorts:
        self.servers.bind(
            ExternalProcessor(self.new_session, self._on_stream, self.driver),
            AccessLogService(self._usage_from_access_log, self.control, self._ai_gateway_keys()),
            self.picker_api,
        )
        # Health first, live but not ready: a cold kernel cache compiles for a while (seconds
        # to a minute) and the liveness probe must not restart the pod meanwhile. Kernels are
        # compiled (or loaded from the disk cache) before ext_proc opens, off the loop thread,
        # so no request waits for a compile.
        await self.servers.start_health()
        await self.health.set(ready=False)
        seconds = await asyncio.to_thread(warm_up_all)
        loaded, compiled = cache_counts()
        log.info(
            "kernels ready",
            extra={"seconds": round(seconds, 2), "compiled": compiled, "from_cache": loaded},
        )
        ports = await self.servers.start()
        await self.scraper.start()
        if self.config.kv_events.enabled:
            await self.kv_feed.start()
        await self.policies.start()
        if self.tenancy is not None:
            await self.tenancy.start()
            if self.flow_sync is not None:
                await self.flow_sync.start()
            await self.usage_watch_task.start()
        ready = True
        if self.k8s is not None:
            await self.k8s.start()
            ready = await self.k8s.wait_ready(self.config.kubernetes_sync_timeout_s)
            if not ready and self.k8s.leader is not None and not self.k8s.leader.is_leader:
                log.info("standby: another replica holds the leader-election lease")
            elif not ready:
                log.warning(
                    "not ready: waiting for the InferencePool and its pods to be listed",
                    extra={
                        "pool": self.config.kubernetes.pool.name if self.config.kubernetes else ""
                    },
                )
            self._readiness = asyncio.get_running_loop().create_task(self._follow_readiness())
        await self.health.set(ready=ready)
        self.tokenizer_coverage.check()  # the statically listed models; later ones as they come
        self.ports = ports
        log.info(
            "picker started",
            extra={
                "grpc_port": ports.grpc,
                "health_port": ports.health,
                "metrics_port": ports.metrics,
                "endpoints": len(self.datastore.endpoints()),
                "router": self.config.scheduler.router,
            },
        )
        return self.ports

    def _watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """What a waiting request wakes on: pool changes and requests flow control released
        (a round trip to a shared store is an ``Await``: the driver awaits it)."""
        unwatches = [self.datastore.watch(callback)]
        if self.flow is not None:
            unwatches.append(self.flow.gate.watch(callback))
        if len(unwatches) == 1:
            return unwatches[0]

        def unwatch() -> None:
            for undo in unwatches:
                undo()

        return unwatch

    async def _follow_readiness(self) -> None:
        """Readiness follows what Kubernetes says (a pool created late, or deleted)."""
        assert self.k8s is not None
        ready: bool | None = None
        while True:
            await self.k8s.changed.wait()
            self.k8s.changed.clear()
            if self.k8s.ready != ready:
                ready = self.k8s.ready
                await self.health.set(ready=ready)

    async def drain(self, seconds: float) -> None:
        """Not ready, still serving (SIGTERM): health reports NOT_SERVING so proxies and
        Kubernetes move traffic to other replicas, while requests that still arrive are
        routed as usual, for ``seconds`` (cancel it to end the drain early)."""
        if self._readiness is not None:
            self._readiness.cancel()  # nothing may report ready again while draining
        await self.health.set(ready=False)
        log.info("draining: not ready, still serving", extra={"seconds": seconds})
        await asyncio.sleep(seconds)

    async def stop(self, grace_s: float = 5.0) -> None:
        """Stop: no new streams; open requests get up to ``grace_s`` to be answered, then
        the servers close (the access-log stream, which never ends by itself, with them)."""
        if self._readiness is not None:
            self._readiness.cancel()
        await self.health.shutdown()
        await self.servers.stop_grpc(grace_s, self._idle)
        self.offloader.close()
        if self.prompt_workers is not None:
            self.prompt_workers.close()
        if self.ejector is not None:
            self.ejector.close()
        if self.k8s is not None:
            await self.k8s.stop()
        await self.policies.stop()
        if self.flow_sync is not None:
            await self.flow_sync.stop()
        if self.tenancy is not None:
            await self.tenancy.stop()
        await self.usage_watch_task.stop()
        await self.scraper.stop()
        await self.kv_feed.stop()
        await self.servers.stop_metrics()
        log.info("picker stopped")
