"""vLLM's Prometheus metrics for one simulated pod, in a per-pod registry.

Names, labels and histogram buckets follow ``vllm-project/vllm:vllm/v1/metrics/loggers.py``.
Gauges and counters are read from the engine at scrape time (a
collector, so nothing on the step path touches Prometheus objects); histograms are fed
from each step's output. Several pods run in one process, so there is no global registry.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from prometheus_client import CollectorRegistry, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from kinference_epp.sim.engine import SimEngine, StepOutput

ENGINE_LABEL = "0"

TTFT_BUCKETS = (0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0,
                2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0)  # fmt: skip
ITL_BUCKETS = (0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5,
               5.0, 7.5, 10.0, 20.0, 40.0, 80.0)  # fmt: skip
E2E_BUCKETS = (0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0,
               60.0, 120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0)  # fmt: skip


class _EngineCollector(Collector):
    """Reads gauges and counters straight from the engine when scraped."""

    def __init__(self, engine: SimEngine, models: Sequence[str]) -> None:
        self.engine = engine
        self.model = models[0]
        self.adapters = list(models[1:])

    def collect(self) -> Iterable[Metric]:
        e = self.engine
        labels = ["model_name", "engine"]
        values = [self.model, ENGINE_LABEL]
        gauges = (
            (
                "vllm:num_requests_running",
                "Number of requests in model execution batches.",
                e.num_running,
            ),
            (
                "vllm:num_requests_waiting",
                "Number of requests waiting to be processed.",
                e.num_waiting,
            ),
            ("vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", e.kv_usage),
        )
        for name, doc, value in gauges:
            g = GaugeMetricFamily(name, doc, labels=labels)
            g.add_metric(values, float(value))
            yield g
        counters = (
            ("vllm:prefix_cache_queries", "Prefix cache queries, in terms of number of queried tokens.", e.prefix_cache_queries_total),
            ("vllm:prefix_cache_hits", "Prefix cache hits, in terms of number of cached tokens.", e.prefix_cache_hits_total),
            ("vllm:prompt_tokens", "Number of prefill tokens processed.", e.prompt_tokens_total),
            ("vllm:generation_tokens", "Number of generation tokens processed.", e.generation_tokens_total),
            ("vllm:num_preemptions", "Cumulative number of preemption from the engine.", e.num_preemptions_total),
        )  # fmt: skip
        for name, doc, value in counters:
            c = CounterMetricFamily(name, doc, labels=labels)
            c.add_metric(values, float(value))
            yield c
        cfg = e.config
        info = GaugeMetricFamily(
            "vllm:cache_config_info",
            "Information of the LLMEngine CacheConfig",
            labels=["block_size", "num_gpu_blocks", "enable_prefix_caching", "engine"],
        )
        info.add_metric(
            [
                str(cfg.block_size),
                str(cfg.num_gpu_blocks),
                str(cfg.enable_prefix_caching),
                ENGINE_LABEL,
            ],
            1.0,
        )
        yield info
        lora = GaugeMetricFamily(
            "vllm:lora_requests_info",
            "Running stats on lora requests.",
            labels=["max_lora", "running_lora_adapters", "waiting_lora_adapters"],
        )
        lora.add_metric(
            [str(len(self.adapters)), ",".join(e.running_loras()), ",".join(e.waiting_loras())],
            time.time(),
        )
        yield lora


class PodMetrics:
    """Registers one pod's metrics in ``registry`` and observes step outputs."""

    def __init__(self, engine: SimEngine, models: Sequence[str], registry: CollectorRegistry):
        registry.register(_EngineCollector(engine, models))
        labels = ["model_name", "engine"]

        def histogram(name: str, doc: str, buckets: Sequence[float]) -> Histogram:
            h = Histogram(name, doc, labels, buckets=buckets, registry=registry)
            return h

        self._ttft = histogram(
            "vllm:time_to_first_token_seconds",
            "Histogram of time to first token in seconds.",
            TTFT_BUCKETS,
        ).labels(models[0], ENGINE_LABEL)
        self._itl = histogram(
            "vllm:inter_token_latency_seconds",
            "Histogram of inter-token latency in seconds.",
            ITL_BUCKETS,
        ).labels(models[0], ENGINE_LABEL)
        self._e2e = histogram(
            "vllm:e2e_request_latency_seconds",
            "Histogram of e2e request latency in seconds.",
            E2E_BUCKETS,
        ).labels(models[0], ENGINE_LABEL)

    def observe(self, out: StepOutput) -> None:
        """Record the latencies of one engine step."""
        for v in out.ttft_s:
            self._ttft.observe(v)
        for v in out.itl_s:
            self._itl.observe(v)
        for fin in out.finished:
            self._e2e.observe(fin.e2e_s)
