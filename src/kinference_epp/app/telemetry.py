"""The telemetry adapters: what turns the picker's parts into Prometheus metrics.

Collectors read their parts at scrape time (pool gauges, learned speeds, KV-event streams and
the prefix index, tokenizer fallbacks); callbacks count as things happen (plug-in durations,
failed scrapes of the pods' metrics). The parts themselves know nothing of Prometheus.
"""

from __future__ import annotations

import time

from kinference_epp.kvcache.feed import KvFeed
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pipeline.tokenizer_coverage import TokenizerCoverage
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import PluginLabel
from kinference_epp.scheduling.inflight import InflightTracker
from kinference_epp.scheduling.speed_model import SpeedModel
from kinference_epp.telemetry.kv_collector import IndexReading, KvCollector, StreamReading
from kinference_epp.telemetry.metrics import (
    HistogramChild,
    PickerMetrics,
    PoolGaugeCollector,
    TokenizerFallbackCollector,
)
from kinference_epp.telemetry.speed_gauges import SpeedCollector
from kinference_epp.tokenize.registry import TokenizerRegistry

PLUGIN_TIMING_EVERY = 16
"""Plug-in durations are observed on one scheduling cycle in 16: a sample describes their
distribution as well, and timing every plug-in of every request cost more than most
plug-ins do."""


class PluginTimings:
    """The scheduler's ``on_timing``: each plug-in's duration into its histogram child (kept,
    so an observation costs no label lookup)."""

    def __init__(self, metrics: PickerMetrics) -> None:
        self._metrics = metrics
        self._children: dict[PluginLabel, HistogramChild] = {}

    def __call__(self, label: PluginLabel, seconds: float) -> None:
        child = self._children.get(label)
        if child is None:
            child = self._children[label] = self._metrics.plugin(
                label.extension_point, label.type, label.name
            )
        child.observe(seconds)


class ScrapeErrors:
    """The scraper's ``on_scrape``: failed scrapes of a pod's metrics, by endpoint."""

    def __init__(self, metrics: PickerMetrics) -> None:
        self._metrics = metrics

    def __call__(self, key: EndpointKey, ok: bool, seconds: float) -> None:
        if not ok:
            self._metrics.scrape_errors.labels(endpoint=key).inc()


class KvReadings:
    """What the KV-event collector reads: each stream's state and the prefix index's counts."""

    def __init__(self, feed: KvFeed, index: BlockIndex) -> None:
        self._feed = feed
        self._index = index

    def streams(self) -> dict[str, StreamReading]:
        ingest = self._feed.ingest
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
                blocks=self._index.num_blocks(key),
            )
            for key, st in ingest.statuses().items()
        }

    def index(self) -> IndexReading:
        idx = self._index
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


def register_collectors(
    metrics: PickerMetrics,
    *,
    pool_name: str,
    datastore: PoolDatastore,
    inflight: InflightTracker,
    speed: SpeedModel,
    tokenizers: TokenizerRegistry,
    coverage: TokenizerCoverage,
    kv: KvReadings,
) -> None:
    """Every collector the picker's parts are read through at scrape time."""
    metrics.register_collector(
        TokenizerFallbackCollector(lambda: dict(tokenizers.fallback_by_model))
    )
    metrics.register_collector(coverage)
    metrics.register_collector(SpeedCollector(speed.figures))
    metrics.register_collector(
        PoolGaugeCollector(pool_name, datastore.aggregates, inflight.by_model)
    )
    metrics.register_collector(KvCollector(kv.streams, kv.index))
