"""Each endpoint's learned speed as gauges, read from the speed model at scrape time.

``kinference_endpoint_prefill_tokens_per_second`` and ``..._ttft_overhead_seconds`` are the TTFT
line (overhead + tokens ahead and uncached / rate), ``..._itl_seconds`` and
``..._itl_seconds_per_ktoken`` the inter-token latency line against thousands of KV tokens in
use, ``..._speed_factor{phase}`` the endpoint's time against its model's median endpoint (what
the load-cost scorer multiplies by: 2.5 is 2.5 times as slow), ``..._speed_records`` what the TTFT
line learned from (access-log records, else vLLM's TTFT histogram per scrape interval),
``..._decode_observations`` what the ITL line learned from (vLLM's ITL
histogram per scrape where the pod exposes it, else records). One series per (endpoint, model):
as many as the pool has pods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector


class SpeedFigures(Protocol):
    """One (endpoint, model)'s figures (``scheduling.speed_model.EndpointSpeed``)."""

    @property
    def endpoint(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def prefill_tokens_per_s(self) -> float: ...
    @property
    def overhead_s(self) -> float: ...
    @property
    def itl_s(self) -> float: ...
    @property
    def itl_s_per_ktoken(self) -> float: ...
    @property
    def records(self) -> int: ...
    @property
    def prefill_factor(self) -> float: ...
    @property
    def decode_factor(self) -> float: ...
    @property
    def decode_observations(self) -> int: ...


class SpeedCollector(Collector):
    def __init__(self, figures: Callable[[], Iterable[SpeedFigures]]) -> None:
        self._figures = figures

    def collect(self) -> list[GaugeMetricFamily]:
        labels = ["endpoint", "model_name"]

        def family(name: str, doc: str) -> GaugeMetricFamily:
            return GaugeMetricFamily(f"kinference_endpoint_{name}", doc, labels=labels)

        rate = family("prefill_tokens_per_second", "Learned uncached prompt tokens per second.")
        overhead = family("ttft_overhead_seconds", "Learned fixed part of the TTFT.")
        itl = family("itl_seconds", "Learned mean inter-token latency with no KV in use.")
        slope = family(
            "itl_seconds_per_ktoken", "Learned growth of the ITL per 1000 KV tokens in use."
        )
        records = family(
            "speed_records",
            "Observations the TTFT line learned from: access-log records, else TTFT histogram "
            "intervals.",
        )
        observations = family(
            "decode_observations",
            "Observations the ITL line learned from (ITL histogram means per scrape, or records).",
        )
        factor = GaugeMetricFamily(
            "kinference_endpoint_speed_factor",
            "Time against the model's median endpoint (2: twice as slow), per phase.",
            labels=[*labels, "phase"],
        )
        for f in self._figures():
            key = [f.endpoint, f.model]
            rate.add_metric(key, f.prefill_tokens_per_s)
            overhead.add_metric(key, f.overhead_s)
            itl.add_metric(key, f.itl_s)
            slope.add_metric(key, f.itl_s_per_ktoken)
            records.add_metric(key, float(f.records))
            observations.add_metric(key, float(f.decode_observations))
            factor.add_metric([*key, "prefill"], f.prefill_factor)
            factor.add_metric([*key, "decode"], f.decode_factor)
        return [rate, overhead, itl, slope, records, observations, factor]
