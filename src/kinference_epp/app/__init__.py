"""The composition root: builds the picker's objects from configuration and runs its servers.

Everything is created here and passed down through constructors; there is no global state.
:class:`App` composes the request path (pool, scheduler, tokenizers, policies, the pipeline)
with three wirings that each have one concern: the tenants' limits and usage
(``app.tenancy``), the metrics adapters (``app.telemetry``) and the listeners
(``app.servers``: ext_proc, access logs, the Picker API and health on the gRPC port, health
alone on the health port, Prometheus metrics over HTTP).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from kinference_epp.app.servers import BoundPorts, Servers
from kinference_epp.app.telemetry import (
    PLUGIN_TIMING_EVERY,
    KvReadings,
    PluginTimings,
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
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.headroom import DecodeHeadroom
from kinference_epp.fairness.metrics import FlowMetrics
from kinference_epp.fairness.shared import ServiceSync, shared_counters
from kinference_epp.jit import cache_counts, warm_up_all
from kinference_epp.kvcache.feed import KvFeed
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pickapi.service import PickerService
from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pipeline.picks import MAX_AGE_S, PickBook
from kinference_epp.pipeline.prefix_hits import PrefixHitObserver
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.prompt_workers import PromptWorkers
from kinference_epp.pipeline.reports import ReportGate
from kinference_epp.pipeline.response_homes import ResponseHomes, response_id_of
from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.stages.parse import ModelLabel
from kinference_epp.pipeline.stages.policy import PredictedTtft
from kinference_epp.pipeline.tokenizer_coverage import TokenizerCoverage
from kinference_epp.pipeline.usage import UsageRecord, UsageRecorder
from kinference_epp.pipeline.usage_watch import UsageWatch, UsageWatchTask
from kinference_epp.policy.classifiers.trained import ModelSlot
from kinference_epp.policy.loader import POLICY_KIND
from kinference_epp.policy.model_file import ModelFile
from kinference_epp.policy.secrets import SecretFiles, SecretReader
from kinference_epp.policy.store import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.ejection import ConnectFailureEjector
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.pool.scraper import MetricsScraper
from kinference_epp.resources.files import ResourceFiles
from kinference_epp.resources.problems import Problem, errors
from kinference_epp.scheduling.build import build_scheduling
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.ttft import TtftPredictor
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.store import LimitStore
from kinference_epp.tenancy.usage_sinks import UsageFlusher
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
        shed = config.scheduler.shed
        self.decode_headroom = (
            DecodeHeadroom(shed.itl_s, retry_after_s=shed.retry_after_s)
            if config.flow_control is not None and shed.itl_s > 0.0
            else None
        )
        """With flow control: each pod's measured ITL held under the shed guard's ITL bound
        (a pick at a pod past it waits in the queue)."""
        stack = build_scheduling(
            config.scheduler,
            self.datastore,
            self.prefix_state,
            speed_config=config.speed,
            labels=self._endpoint_labels,
            prompt_observers=[PrefixHitObserver(self.prefix_state, self.datastore, self.metrics)],
            on_timing=PluginTimings(self.metrics),
            timing_every=PLUGIN_TIMING_EVERY,
            decode_bound=self.decode_headroom,
        )
        self.speed = stack.speed
        self.inflight = stack.inflight
        self.scheduler = stack.scheduler
        self.datastore.subscribe(_ignore, self._endpoint_removed)
        self.tokenizers = TokenizerRegistry.from_config(config.tokenizers)
        self.tokenizer_coverage = TokenizerCoverage(self.tokenizers, self.datastore)
        self.datastore.watch(self.tokenizer_coverage.check)
        self.prompt_workers = (
            PromptWorkers(config.tokenizers, config.server.offload_processes)
            if config.server.offload_processes and config.tokenizers.sources
            else None
        )
        self.hasher = PromptHasher(
            self.tokenizers, self.datastore, config.kv_events.block_size, self.prompt_workers
        )
        self.classifier_model = ModelSlot()
        self.model_file = (
            ModelFile(
                self.classifier_model,
                config.classifier_model,
                on_rejected=lambda _: self.metrics.classifier_model_rejected_updates.inc(),
            )
            if config.classifier_model
            else None
        )
        if self.model_file is not None:
            refused = self.model_file.load()
            if refused is not None:
                raise ConfigError([f"classifier_model: {refused}"])
        self.policy_store = PolicyStore(model=self.classifier_model)
        self.policy_files = ResourceFiles(
            POLICY_KIND,
            config.policies,
            self.policy_store.update,
            what="policy files",
            on_rejected=self._on_policy_rejected,
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
                        self.tenancy.metrics.label if self.tenancy is not None else lambda t: t,
                    ),
                )
            )
            # a fresh reading of a pod's load is a sign capacity may have freed
            self.datastore.watch(self.flow.gate.pool_changed)
        self.flow_sync: ServiceSync | None = None
        """The fair share counters exchanged with the other replicas (through the limit
        store's Redis, when there is one)."""
        if self.flow is not None and self.tenancy is not None and self.redis_store is not None:
            self.flow_sync = shared_counters(
                self.flow.gate.queue,
                self.redis_store,
                config.flow_control,
                self.tenancy.redis_timeout_s,
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
                tenancy=self.tenancy.deps if self.tenancy is not None else None,
                max_prompt_chars=config.server.max_prompt_chars,
                offload_prompt_chars=config.server.offload_prompt_chars or None,
                book=self.picks,
                response_homes=self.response_homes,
                response_lookup_wait_s=(
                    self.tenancy.redis_timeout_s if self.tenancy is not None else 0.0
                )
                + 1.0,
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
            settle=_both(
                self.tenancy.settle if self.tenancy is not None else None,
                self.flow.finished if self.flow is not None else None,
            ),
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
        self.health = PickerHealth()
        self.driver = PendingDriver(self._watch, self.offloader)
        """Settles what the pipeline leaves pending, for ext_proc and the Pick API alike."""
        self.picker_api = PickerService(
            self.pipeline,
            self.driver,
            self.reports,
            self.picks,
            auth=self.control,
            max_body_bytes=config.server.max_body_bytes,
            on_request=self._on_stream,
            prefix=self.prefix_index,
            speeds=self.speed.figures,
        )
        self._reply_cache = ReplyCache()
        self.scraper = MetricsScraper(
            self.datastore,
            config.scrape,
            on_scrape=ScrapeErrors(self.metrics),
            on_load=learner.scraped,
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
        self.servers = Servers(config.server, self.metrics, self.health)
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

    def _endpoint_removed(self, endpoint: Endpoint) -> None:
        self.prefix_state.remove_endpoint(endpoint.key)
        self.speed.remove_endpoint(endpoint.key)
        if self.decode_headroom is not None:
            self.decode_headroom.forget(endpoint.key)

    def _endpoint_labels(self, key: EndpointKey) -> dict[str, str] | None:
        endpoint = self.datastore.get(key)
        return None if endpoint is None else endpoint.labels

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
        if self.config.policies:
            await self.policy_files.start()
        if self.model_file is not None:
            await self.model_file.start()
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
        await self.policy_files.stop()
        if self.model_file is not None:
            await self.model_file.stop()
        if self.flow_sync is not None:
            await self.flow_sync.stop()
        if self.tenancy is not None:
            await self.tenancy.stop()
        await self.usage_watch_task.stop()
        await self.scraper.stop()
        await self.kv_feed.stop()
        await self.servers.stop_metrics()
        log.info("picker stopped")
