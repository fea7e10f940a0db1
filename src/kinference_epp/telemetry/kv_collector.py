"""KV-event ingestion and prefix-index metrics, computed from live status at scrape time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector


@dataclass(frozen=True, slots=True)
class StreamReading:
    """One endpoint's event stream, as the collector needs it (no kvcache types here)."""

    synced: bool
    age_s: float | None
    """Seconds since the last batch; None before the first."""
    batches: int
    events: int
    replays: int
    restarts: int
    irrecoverable_gaps: int
    decode_errors: int
    blocks: int


@dataclass(frozen=True, slots=True)
class IndexReading:
    stored: int
    removed: int
    evicted: int
    dropped: Mapping[str, int]


class KvCollector(Collector):
    def __init__(
        self,
        streams: Callable[[], Mapping[str, StreamReading]],
        index: Callable[[], IndexReading],
    ) -> None:
        self._streams = streams
        self._index = index

    def collect(self) -> list[GaugeMetricFamily | CounterMetricFamily]:
        streams = self._streams()
        synced = GaugeMetricFamily(
            "kinference_kv_stream_synced",
            "1 when the endpoint's index state is complete since the publisher's start.",
            labels=["endpoint"],
        )
        age = GaugeMetricFamily(
            "kinference_kv_event_age_seconds",
            "Seconds since the endpoint's last KV-event batch (staleness).",
            labels=["endpoint"],
        )
        blocks = GaugeMetricFamily(
            "kinference_kv_index_blocks",
            "Blocks the prefix index holds per endpoint.",
            labels=["endpoint"],
        )
        counters = {
            name: CounterMetricFamily(f"kinference_kv_{name}", doc, labels=["endpoint"])
            for name, doc in (
                ("batches", "KV-event batches applied."),
                ("events", "KV events applied."),
                ("replays", "Replays requested after sequence gaps or at start."),
                ("restarts", "Publisher restarts detected (index rebuilt)."),
                ("irrecoverable_gaps", "Gaps replay could not fill (endpoint cleared)."),
                ("decode_errors", "Payloads that could not be decoded."),
            )
        }
        for key, r in sorted(streams.items()):
            synced.add_metric([key], 1.0 if r.synced else 0.0)
            if r.age_s is not None:
                age.add_metric([key], r.age_s)
            blocks.add_metric([key], float(r.blocks))
            for name, fam in counters.items():
                fam.add_metric([key], float(getattr(r, name)))
        idx = self._index()
        stored = CounterMetricFamily(
            "kinference_kv_index_blocks_stored", "Block entries added to the prefix index."
        )
        stored.add_metric([], float(idx.stored))
        removed = CounterMetricFamily(
            "kinference_kv_index_blocks_removed", "Block entries removed from the prefix index."
        )
        removed.add_metric([], float(idx.removed))
        evicted = CounterMetricFamily(
            "kinference_kv_index_blocks_evicted", "Entries evicted by the index's memory cap."
        )
        evicted.add_metric([], float(idx.evicted))
        dropped = CounterMetricFamily(
            "kinference_kv_blocks_dropped",
            "Blocks dropped at ingestion, by reason (block size mismatch, unknown parent, ...).",
            labels=["reason"],
        )
        for reason, n in sorted(idx.dropped.items()):
            dropped.add_metric([reason], float(n))
        return [synced, age, blocks, *counters.values(), stored, removed, evicted, dropped]
