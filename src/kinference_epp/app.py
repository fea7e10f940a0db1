"""The composition root: builds the picker's objects from configuration and runs its servers.

Everything is created here and passed down through constructors; there is no global state.
One process serves ext_proc + access logs + the Picker API (+ health) on the gRPC port, health alone on the
health port (GIE convention), and Prometheus metrics over HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import grpc
import msgspec
from aiohttp import web
from envoy.service.accesslog.v3 import als_pb2_grpc
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc
from grpc_health.v1 import health_pb2_grpc

from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError
from kinference_epp.edge.accesslog import AccessLogService
from kinference_epp.edge.control_auth import ControlAuth, read_token
from kinference_epp.edge.health import PickerHealth
from kinference_epp.edge.offload import Offloader
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.edge.replies import ReplyCache
from kinference_epp.edge.servicer import ExternalProcessor
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.metrics import FlowMetrics
from kinference_epp.fairness.shared import ServiceSync, shared_counters
from kinference_epp.jit import cache_counts, warm_up_all
from kinference_epp.kvcache.feed import KvFeed
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pickapi.service import PickerService
from kinference_epp.pickapi.v1 import picker_pb2_grpc
from kinference_epp.policy.files import PolicyFiles
from kinference_epp.policy.loader import Problem, errors
from kinference_epp.policy.secrets import SecretFiles, SecretReader
from kinference_epp.policy.store import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.ejection import ConnectFailureEjector
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.pool.scraper import MetricsScraper
from kinference_epp.routing.flow import FlowControl
from kinference_epp.routing.picks import MAX_AGE_S, PickBook
from kinference_epp.routing.prefix_hits import PrefixHitObserver
from kinference_epp.routing.prompt import PromptHasher
from kinference_epp.routing.prompt_workers import PromptWorkers
from kinference_epp.routing.reports import ReportGate
from kinference_epp.routing.response_homes import ResponseHomes, response_id_of
from kinference_epp.routing.settle import TenantSettler
from kinference_epp.routing.speed import SpeedLearner
from kinference_epp.routing.stages import StageDeps, build_pipeline
from kinference_epp.routing.stages.parse import ModelLabel
from kinference_epp.routing.stages.policy import PredictedTtft
from kinference_epp.routing.tenants import TenancyDeps
from kinference_epp.routing.tokenizer_coverage import TokenizerCoverage
from kinference_epp.routing.usage import UsageRecord, UsageRecorder
from kinference_epp.routing.usage_watch import UsageWatch, UsageWatchTask
from kinference_epp.scheduling.build import build_scheduling
from kinference_epp.scheduling.framework import PluginLabel
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.ttft import TtftPredictor
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.kv_collector import IndexReading, KvCollector, StreamReading
from kinference_epp.telemetry.metrics import (
    HistogramChild,
    PickerMetrics,
    PoolGaugeCollector,
    TokenizerFallbackCollector,
)
from kinference_epp.telemetry.speed import SpeedCollector
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.files import TenantFiles
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.store import LimitStore, Reservation
from kinference_epp.tenancy.sweeper import Sweeper
from kinference_epp.tenancy.usage import Pricing, UsageLedger
from kinference_epp.tenancy.usage_sinks import FileSink, NoSink, RedisSink, UsageFlusher, UsageSink
from kinference_epp.tokenize.registry import TokenizerRegistry

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


def _ignore(_: Endpoint) -> None:
    pass


@dataclass(frozen=True, slots=True)
class BoundPorts:
    grpc: int
    health: int
    metrics: int


SERVER_STOP_S = 5.0
"""How long stopping the gRPC servers may take once every RPC is cancelled."""

PLUGIN_TIMING_EVERY = 16
"""Plug-in durations are observed on one scheduling cycle in 16: a sample describes their
distribution as well, and timing every plug-in of every request cost more than most
plug-ins do."""


class App:
    def __init__(self, config: EppConfig, *, metrics: PickerMetrics | None = None) -> None:
        self.config = config
        self.metrics = metrics or PickerMetrics()
        self.datastore = PoolDatastore.from_config(config.pool)
        self.prefix_index = BlockIndex(block_size=config.kv_events.block_size)
        kv = config.kv_events
        self.kv_feed = KvFeed(
            self.datastore,
            self.prefix_index,
            topic=kv.topic,
            replay_timeout_s=kv.replay_timeout_s,
            centralized_bind=kv.centralized_bind,
            stale_after_s=kv.stale_after_s,
        )
        self.prefix_state = PrefixState(self.prefix_index, is_precise=self.kv_feed.is_precise)
        stack = build_scheduling(
            config.scheduler,
            self.datastore,
            self.prefix_state,
            speed_config=config.speed,
            labels=self._endpoint_labels,
            prompt_observers=[PrefixHitObserver(self.prefix_state, self.datastore, self.metrics)],
            on_timing=self._on_plugin_timing,
            timing_every=PLUGIN_TIMING_EVERY,
        )
        self.speed = stack.speed
        self.inflight = stack.inflight
        self.scheduler = stack.scheduler
        self.datastore.subscribe(_ignore, self._endpoint_removed)
        self.tokenizers = TokenizerRegistry.from_config(config.tokenizers)
        self.metrics.register_collector(
            TokenizerFallbackCollector(lambda: dict(self.tokenizers.fallback_by_model))
        )
        self.tokenizer_coverage = TokenizerCoverage(self.tokenizers, self.datastore)
        self.metrics.register_collector(self.tokenizer_coverage)
        self.datastore.watch(self.tokenizer_coverage.check)
        self.prompt_workers = (
            PromptWorkers(config.tokenizers, config.server.offload_processes)
            if config.server.offload_processes and config.tokenizers.sources
            else None
        )
        self.hasher = PromptHasher(
            self.tokenizers, self.datastore, config.kv_events.block_size, self.prompt_workers
        )
        self.policy_store = PolicyStore()
        self.policy_files = PolicyFiles(
            self.policy_store, config.policies, on_rejected=self._on_policy_rejected
        )
        if config.policies:
            problems = errors(self.policy_files.load())
            if problems:
                raise ConfigError([str(p) for p in problems])
        secrets: SecretReader = SecretFiles(Path(config.server.secrets_dir))
        self.tenants = TenantDirectory()
        self.k8s: KubernetesSource | None = None
        if config.kubernetes is not None:
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
            if self.k8s.secrets is not None:  # policies are watched: keys come from Secrets
                secrets = self.k8s.secrets
            self.metrics.register_collector(self.k8s.collector())
        self.tenant_files: TenantFiles | None = None
        self.limit_store: LimitStore | None = None
        self.sweeper: Sweeper | None = None
        self.redis_store: RedisStore | None = None
        self.usage_flusher: UsageFlusher | None = None
        settle: TenantSettler | None = None
        tenancy: TenancyDeps | None = None
        if config.tenancy is not None:
            tc = config.tenancy
            known = None if tc.identity == "header" else self._authenticated_tenant
            tenant_metrics = TenantMetrics(
                self.metrics, max_tenants=tc.max_tenant_labels, allow=known
            )
            self.tenants.on_change(lambda tenants: tenant_metrics.label.prefer(tenants))
            self.tenant_files = TenantFiles(self.tenants, tc.tenants)
            problems = errors(self.tenant_files.load())
            if problems:
                raise ConfigError([str(p) for p in problems])
            redis = tc.store.redis
            if redis is not None:
                # Imported here: a picker without Redis never loads its client.
                from kinference_epp.tenancy.redis_store import from_config

                try:
                    self.redis_store = from_config(redis, tenant_metrics.store_transition)
                except ValueError as exc:
                    raise ConfigError([str(exc)]) from exc
            self.limit_store = self.redis_store or MemoryStore()
            estimator = OutputEstimator(
                default_tokens=tc.reserve.default_output_tokens,
                max_tokens=tc.reserve.max_output_tokens,
            )
            usage = tc.usage
            meter = UsageMeter(
                UsageLedger(Pricing(usage.prices, usage.currency)),
                tenant_metrics,
                ModelLabel(self.datastore).of_name,
            )
            usage_sink: UsageSink = NoSink()
            if self.redis_store is not None:
                usage_sink = RedisSink(
                    self.redis_store.client,
                    prefix=self.redis_store.prefix,
                    retention_days=usage.retention_days,
                )
            elif usage.file is not None:
                usage_sink = FileSink(Path(usage.file), retention_days=usage.retention_days)
            self.usage_flusher = UsageFlusher(
                meter.ledger, usage_sink, interval_s=usage.flush_interval_s
            )

            def swept(r: Reservation) -> None:
                tenant_metrics.swept.labels(tenant_metrics.label(r.tenant)).inc()
                meter.request(r.tenant, r.model, "swept", r.prompt_tokens, 0, r.output_tokens)

            self.sweeper = Sweeper(self.limit_store, swept, interval_s=tc.reserve.sweep_interval_s)
            settle = TenantSettler(self.limit_store, estimator, meter, known)
            tenancy = TenancyDeps(
                directory=self.tenants,
                store=self.limit_store,
                estimator=estimator,
                metrics=tenant_metrics,
                identity=tc.identity,
                header=config.server.tenant_header,
                anonymous_tenant=tc.anonymous_tenant,
                reservation_ttl_s=tc.reserve.ttl_s,
                include_usage=tc.include_usage,
                # past the store's own timeout, a guard only
                admission_wait_s=(redis.timeout_ms / 1000 if redis is not None else 0) + 1.0,
                meter=meter,
            )
        self.response_homes = ResponseHomes()
        redis_timeout_s = 0.0
        if self.redis_store is not None and config.tenancy is not None:
            from kinference_epp.tenancy.redis_homes import RedisHomes  # a picker without Redis
            # never loads its client

            redis_config = config.tenancy.store.redis
            redis_timeout_s = redis_config.timeout_ms / 1000 if redis_config is not None else 0.0
            self.response_homes = ResponseHomes(
                shared=RedisHomes(
                    self.redis_store.client,
                    prefix=self.redis_store.prefix,
                    timeout_s=redis_timeout_s,
                )
            )
        """Which pod holds each stored Responses answer (shared through Redis when set)."""
        self.flow: FlowControl | None = None
        """Flow control (``config.flow_control``): saturated requests wait, fair share."""
        if config.flow_control is not None:
            self.flow = FlowControl(
                FlowGate(
                    config.flow_control,
                    self._probe,
                    observer=FlowMetrics(
                        self.metrics,
                        config.pool.name,
                        tenancy.metrics.label if tenancy is not None else lambda t: t,
                    ),
                )
            )
            # a fresh reading of a pod's load is a sign capacity may have freed
            self.datastore.watch(self.flow.gate.pool_changed)
        self.flow_sync: ServiceSync | None = None
        """The fair share counters exchanged with the other replicas (through the limit
        store's Redis, when there is one)."""
        if self.flow is not None and self.redis_store is not None:
            self.flow_sync = shared_counters(
                self.flow.gate.queue, self.redis_store, config.flow_control, redis_timeout_s
            )
        self.picks = PickBook(
            max_age_s=config.tenancy.reserve.ttl_s if config.tenancy is not None else MAX_AGE_S
        )
        """The picker's record of each pick, for its report."""
        self.pipeline = build_pipeline(
            StageDeps(
                datastore=self.datastore,
                scheduler=self.scheduler,
                metrics=self.metrics,
                policies=self.policy_store,
                hasher=self.hasher,
                pool_name=config.pool.name,
                tenant_header=config.server.tenant_header,
                secrets=secrets,
                ttft=PredictedTtft(
                    self.datastore,
                    self.hasher,
                    TtftPredictor(
                        self.datastore,
                        self.prefix_state,
                        self.inflight,
                        prefill_tokens_per_s=config.speed.prior.prefill_tokens_per_s,
                        speed=self.speed,
                    ),
                ),
                test_mode=config.server.test_mode,
                score_header=config.server.score_header,
                ensure_usage=config.server.ensure_usage,
                max_model_len=self.tokenizers.max_model_len,
                tenancy=tenancy,
                max_prompt_chars=config.server.max_prompt_chars,
                offload_prompt_chars=config.server.offload_prompt_chars or None,
                book=self.picks,
                response_homes=self.response_homes,
                response_lookup_wait_s=redis_timeout_s + 1.0,
                flow=self.flow,
            )
        )
        server = config.server
        self.offloader = Offloader(server.offload_threads, server.offload_max_pending)
        self.ejector = (
            ConnectFailureEjector(
                self.datastore, threshold=server.eject_after_failures, eject_s=server.eject_s
            )
            if server.eject_after_failures
            else None
        )
        learner = SpeedLearner(self.speed, self.datastore, self.inflight.picked)
        self.usage = UsageRecorder(
            self.metrics,
            self.inflight,
            ModelLabel(self.datastore).of_name,
            settle=_both(settle, self.flow.finished if self.flow is not None else None),
            on_upstream=self._on_upstream,
            learn=learner,
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
        try:
            self.control = ControlAuth(
                read_token(server.control.token_file, server.control.token_env),
                mutual_tls=server.tls.enabled and server.tls.client_ca_file is not None,
                allow_unauthenticated=server.control.allow_unauthenticated,
                on_denied=lambda svc: self.metrics.control_denied.labels(service=svc).inc(),
            )
        except (OSError, ValueError) as exc:
            raise ConfigError([f"server.control: {exc}"]) from exc
        self.usage_watch = UsageWatch(config.usage.silence_warning_s)
        self.usage_watch_task = UsageWatchTask(
            self.usage_watch,
            self.metrics.registry,
            source=config.usage.source,
            silence_s=config.usage.silence_warning_s,
            interval_s=min(30.0, config.usage.silence_warning_s / 4),
        )
        self.metrics.register_collector(SpeedCollector(self.speed.figures))
        self.health = PickerHealth()
        self.picker_api = PickerService(
            self.pipeline,
            self._watch,
            self.reports,
            self.picks,
            auth=self.control,
            max_body_bytes=config.server.max_body_bytes,
            on_request=self._on_stream,
            offloader=self.offloader,
            prefix=self.prefix_index,
            speeds=self.speed.figures,
        )
        self.metrics.register_collector(
            PoolGaugeCollector(config.pool.name, self.datastore.aggregates, self.inflight.by_model)
        )
        self._plugin_children: dict[PluginLabel, HistogramChild] = {}
        self._reply_cache = ReplyCache()
        self.scraper = MetricsScraper(
            self.datastore, config.scrape, on_scrape=self._on_scrape, on_load=learner.scraped
        )
        self.metrics.register_collector(KvCollector(self._kv_streams, self._kv_index))
        self._grpc: grpc.aio.Server | None = None
        self._health_grpc: grpc.aio.Server | None = None
        self._streams = 0
        self._idle = asyncio.Event()
        """Set while no ext_proc stream is open (what a stop waits for)."""
        self._idle.set()
        self._metrics_runner: web.AppRunner | None = None
        self._readiness: asyncio.Task[None] | None = None
        self.tls: ServerTls | None = None
        """The ext_proc port's certificate, when it serves TLS."""
        self.ports: BoundPorts | None = None

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

    def _on_scrape(self, key: EndpointKey, ok: bool, seconds: float) -> None:
        if not ok:
            self.metrics.scrape_errors.labels(endpoint=key).inc()

    def _endpoint_removed(self, endpoint: Endpoint) -> None:
        self.prefix_state.remove_endpoint(endpoint.key)
        self.speed.remove_endpoint(endpoint.key)

    def _endpoint_labels(self, key: EndpointKey) -> dict[str, str] | None:
        endpoint = self.datastore.get(key)
        return None if endpoint is None else endpoint.labels

    def _kv_streams(self) -> dict[str, StreamReading]:
        ingest = self.kv_feed.ingest
        if ingest is None:
            return {}
        now = time.monotonic()
        return {
            key: StreamReading(
                synced=st.synced,
                age_s=None if st.last_event_at is None else now - st.last_event_at,
                batches=st.batches,
                events=st.events,
                replays=st.replays,
                restarts=st.restarts,
                irrecoverable_gaps=st.irrecoverable_gaps,
                decode_errors=st.decode_errors,
                blocks=self.prefix_index.num_blocks(key),
            )
            for key, st in ingest.statuses().items()
        }

    def _kv_index(self) -> IndexReading:
        idx = self.prefix_index
        return IndexReading(
            stored=idx.stored,
            removed=idx.removed,
            evicted=idx.evicted,
            dropped={
                "block_size": idx.dropped_block_size,
                "unknown_parent": idx.dropped_unknown_parent,
                "malformed": idx.dropped_malformed,
            },
        )

    def _on_plugin_timing(self, label: PluginLabel, seconds: float) -> None:
        child = self._plugin_children.get(label)
        if child is None:
            child = self._plugin_children[label] = self.metrics.plugin(
                label.extension_point, label.type, label.name
            )
        child.observe(seconds)

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

    def _authenticated_tenant(self, name: str) -> bool:
        """A tenant name the picker itself could have set on a request (API-key identity)."""
        tc = self.config.tenancy
        return name in self.tenants.tenants or (tc is not None and name == tc.anonymous_tenant)

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
        server = self.config.server
        options = [
            ("grpc.max_receive_message_length", server.grpc_max_message_bytes),
            ("grpc.max_send_message_length", server.grpc_max_message_bytes),
            ("grpc.so_reuseport", 0),
        ]
        self._grpc = grpc.aio.server(options=options)
        ep_grpc.add_ExternalProcessorServicer_to_server(
            ExternalProcessor(self.new_session, self._on_stream, self._watch, self.offloader),
            self._grpc,
        )
        als_pb2_grpc.add_AccessLogServiceServicer_to_server(
            AccessLogService(self._usage_from_access_log, self.control, self._ai_gateway_keys()),
            self._grpc,
        )
        picker_pb2_grpc.add_PickerServicer_to_server(self.picker_api, self._grpc)
        health_pb2_grpc.add_HealthServicer_to_server(self.health.servicer, self._grpc)
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
        health_pb2_grpc.add_HealthServicer_to_server(self.health.servicer, self._health_grpc)
        health_port = self._health_grpc.add_insecure_port(f"{server.host}:{server.health_port}")
        # Health first, live but not ready: a cold kernel cache compiles for a while (seconds
        # to a minute) and the liveness probe must not restart the pod meanwhile. Kernels are
        # compiled (or loaded from the disk cache) before ext_proc opens, off the loop thread,
        # so no request waits for a compile.
        await self._health_grpc.start()
        await self.health.set(ready=False)
        seconds = await asyncio.to_thread(warm_up_all)
        loaded, compiled = cache_counts()
        log.info(
            "kernels ready",
            extra={"seconds": round(seconds, 2), "compiled": compiled, "from_cache": loaded},
        )
        await self._grpc.start()
        metrics_port = await self._start_metrics_http(server.host, server.metrics_port)
        await self.scraper.start()
        if self.config.kv_events.enabled:
            await self.kv_feed.start()
        if self.config.policies:
            await self.policy_files.start()
        if self.tenant_files is not None:
            await self.tenant_files.start()
        if self.redis_store is not None:
            await self.redis_store.start()
        if self.flow_sync is not None:
            await self.flow_sync.start()
        if self.usage_flusher is not None:
            await self.usage_flusher.start()
        if self.sweeper is not None:
            await self.sweeper.start()
        if self.config.tenancy is not None:
            usage = self.config.usage
            log.info(
                "tenants' usage comes from %s; without it for %.0f s the picker warns "
                "(deploy/kubernetes/README.md, 'Usage behind each gateway')",
                "the gateway's access log to this picker"
                if usage.source == "access_log"
                else "the response body of each request",
                usage.silence_warning_s,
                extra={"usage_source": usage.source},
            )
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
        self.ports = BoundPorts(grpc=grpc_port, health=health_port, metrics=metrics_port)
        log.info(
            "picker started",
            extra={
                "grpc_port": grpc_port,
                "health_port": health_port,
                "metrics_port": metrics_port,
                "endpoints": len(self.datastore.endpoints()),
                "router": self.config.scheduler.router,
            },
        )
        return self.ports

    def _watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """What a waiting request wakes on: pool changes, admissions the shared limit
        store finished, requests flow control released, and response-pod lookups the shared
        store answered."""
        unwatches = [self.datastore.watch(callback)]
        if self.redis_store is not None:
            unwatches.append(self.redis_store.watch(callback))
        shared = self.response_homes.shared
        if shared is not None:
            unwatches.append(shared.watch(callback))
        if self.flow is not None:
            unwatches.append(self.flow.gate.watch(callback))
        if len(unwatches) == 1:
            return unwatches[0]

        def unwatch() -> None:
            for undo in unwatches:
                undo()

        return unwatch

    def _probe(self, req: SchedulingRequest) -> None:
        """Flow control's check of a waiting request: a dry-run pick (raises
        ``PoolSaturatedError`` while the pool cannot take it)."""
        self.scheduler.schedule(msgspec.structs.replace(req, dry_run=True))

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

    def _on_policy_rejected(self, problems: list[Problem]) -> None:
        self.metrics.policy_rejected_updates.inc()

    async def _start_metrics_http(self, host: str, port: int) -> int:
        async def metrics(_: web.Request) -> web.Response:
            return web.Response(
                body=self.metrics.exposition(),
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
        if self._grpc is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(grace_s):
                    await self._idle.wait()
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
        self.offloader.close()
        if self.prompt_workers is not None:
            self.prompt_workers.close()
        if self.ejector is not None:
            self.ejector.close()
        if self.k8s is not None:
            await self.k8s.stop()
        await self.policy_files.stop()
        if self.tenant_files is not None:
            await self.tenant_files.stop()
        if self.sweeper is not None:
            await self.sweeper.stop()
        await self.usage_watch_task.stop()
        if self.usage_flusher is not None:
            await self.usage_flusher.stop()
        if self.flow_sync is not None:
            await self.flow_sync.stop()
        if self.redis_store is not None:
            await self.redis_store.close()
        await self.scraper.stop()
        await self.kv_feed.stop()
        if self._metrics_runner is not None:
            await self._metrics_runner.cleanup()
        log.info("picker stopped")
