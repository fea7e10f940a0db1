"""The routing core: the pool, its cache and load state, the scheduler and the tokenizers.

What every request is routed with, built from the config before anything that reads it
(policies, tenants, the pipeline): the endpoint datastore, the prefix index fed by vLLM's KV
events, the scheduling stack (its learned speeds and in-flight counts), and the tokenizers
with the prompt hasher that turns a prompt into block hashes.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinference_epp.app.telemetry import PLUGIN_TIMING_EVERY, PluginTimings
from kinference_epp.config.model import EppConfig
from kinference_epp.kvcache.feed import KvFeed
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pipeline.prefix_hits import PrefixHitObserver
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.prompt_workers import PromptWorkers
from kinference_epp.pipeline.tokenizer_coverage import TokenizerCoverage
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.scheduling.build import build_scheduling
from kinference_epp.scheduling.inflight import InflightTracker
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.speed_model import SpeedModel
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tokenize.registry import TokenizerRegistry


@dataclass(frozen=True)
class RoutingCore:
    """The objects a request is routed with (see the module)."""

    datastore: PoolDatastore
    prefix_index: BlockIndex
    kv_feed: KvFeed
    prefix_state: PrefixState
    speed: SpeedModel
    inflight: InflightTracker
    scheduler: Scheduler
    tokenizers: TokenizerRegistry
    tokenizer_coverage: TokenizerCoverage
    prompt_workers: PromptWorkers | None
    """The prompt worker processes (``server.offload_processes``); None without them."""
    hasher: PromptHasher


def build_routing_core(config: EppConfig, metrics: PickerMetrics) -> RoutingCore:
    """The routing core for ``config``; an endpoint that leaves the pool leaves its cache and
    speed state with it."""
    datastore = PoolDatastore.from_config(config.pool)
    kv = config.kv_events
    prefix_index = BlockIndex(block_size=kv.block_size)
    kv_feed = KvFeed(
        datastore,
        prefix_index,
        topic=kv.topic,
        replay_timeout_s=kv.replay_timeout_s,
        centralized_bind=kv.centralized_bind,
        stale_after_s=kv.stale_after_s,
    )
    prefix_state = PrefixState(prefix_index, is_precise=kv_feed.is_precise)

    def labels(key: EndpointKey) -> dict[str, str] | None:
        endpoint = datastore.get(key)
        return None if endpoint is None else endpoint.labels

    stack = build_scheduling(
        config.scheduler,
        datastore,
        prefix_state,
        speed_config=config.speed,
        labels=labels,
        prompt_observers=[PrefixHitObserver(prefix_state, datastore, metrics)],
        on_timing=PluginTimings(metrics),
        timing_every=PLUGIN_TIMING_EVERY,
    )

    def removed(endpoint: Endpoint) -> None:
        prefix_state.remove_endpoint(endpoint.key)
        stack.speed.remove_endpoint(endpoint.key)

    datastore.subscribe(_ignore, removed)
    tokenizers = TokenizerRegistry.from_config(config.tokenizers)
    coverage = TokenizerCoverage(tokenizers, datastore)
    datastore.watch(coverage.check)
    server = config.server
    workers = (
        PromptWorkers(config.tokenizers, server.offload_processes)
        if server.offload_processes and config.tokenizers.sources
        else None
    )
    return RoutingCore(
        datastore=datastore,
        prefix_index=prefix_index,
        kv_feed=kv_feed,
        prefix_state=prefix_state,
        speed=stack.speed,
        inflight=stack.inflight,
        scheduler=stack.scheduler,
        tokenizers=tokenizers,
        tokenizer_coverage=coverage,
        prompt_workers=workers,
        hasher=PromptHasher(tokenizers, datastore, kv.block_size, workers),
    )


def _ignore(_: Endpoint) -> None:
    pass
