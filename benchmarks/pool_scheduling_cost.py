"""CPU cost of the metrics parser and of one ``Scheduler.schedule()`` call.

    .venv/bin/python benchmarks/pool_scheduling_cost.py

Prints medians of repeated timeit runs (µs per call). The parser is compared side by
side with prometheus_client's text parser on the same realistic vLLM expositions.
"""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable
from pathlib import Path

import numpy as np
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.config.model import SchedulerConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.pool.promtext import parse_vllm_metrics
from kinference_epp.scheduling.framework import PluginLabel
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest

DATA = Path(__file__).parent.parent / "tests" / "unit" / "pool" / "data"


def median_us(fn: Callable[[], object], number: int, repeat: int = 7) -> float:
    fn()  # warm-up
    runs = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(runs) / number * 1e6


def with_prometheus_client(text: str) -> tuple[float, float, float]:
    running = waiting = kv = 0.0
    for family in text_string_to_metric_families(text):
        if family.name == "vllm:num_requests_running":
            running = sum(s.value for s in family.samples)
        elif family.name == "vllm:num_requests_waiting":
            waiting = sum(s.value for s in family.samples)
        elif family.name == "vllm:kv_cache_usage_perc":
            kv = statistics.fmean(s.value for s in family.samples)
    return running, waiting, kv


def bench_parser() -> None:
    two = (DATA / "vllm_v1_two_engines.prom").read_text()
    one = "".join(line for line in two.splitlines(True) if 'engine="1"' not in line)
    print("parser (µs per exposition, median of 7)")
    print(f"{'exposition':<28}{'bytes':>8}{'ours':>10}{'prometheus_client':>20}{'ratio':>8}")
    for name, text in (("vLLM v1, 1 engine", one), ("vLLM v1, 2 engines", two)):
        ours = median_us(lambda t=text: parse_vllm_metrics(t), 2000)
        theirs = median_us(lambda t=text: with_prometheus_client(t), 100)
        print(f"{name:<28}{len(text):>8}{ours:>10.1f}{theirs:>20.1f}{theirs / ours:>7.0f}x")


def pool(size: int, rng: np.random.Generator) -> PoolDatastore:
    store = PoolDatastore()
    for i in range(size):
        key = EndpointKey(f"10.0.{i // 250}.{i % 250 + 1}:8000")
        store.upsert(Endpoint(key=key, models=frozenset({"m"}), metrics_url=""))
        store.update_load(
            key,
            LoadSnapshot(
                running=float(rng.integers(0, 64)),
                waiting=float(rng.integers(0, 8)),
                kv_usage=float(rng.random()),
            ),
        )
    return store


def _discard(label: PluginLabel, seconds: float) -> None:
    """An on_timing callback that only costs the call (a Prometheus observe adds ~1 µs)."""


def bench_schedule() -> None:
    rng = np.random.default_rng(0)
    sizes = (8, 64, 256)
    routers = ("precise-prefix", "load", "least-queue", "round-robin", "random")
    print("\nschedule() (µs per call, median of 7, fallbacks=2)")
    print(f"{'router':<24}" + "".join(f"{n:>10}" for n in sizes))
    req = SchedulingRequest(model="m")
    sub_req = SchedulingRequest(model="m", subset=frozenset({EndpointKey("10.0.0.1:8000")}))
    for router in routers:
        row = []
        for n in sizes:
            sched = Scheduler(SchedulerConfig(router=router, seed=0), pool(n, rng))
            row.append(median_us(lambda s=sched: s.schedule(req), 2000))
        print(f"{router:<24}" + "".join(f"{v:>10.1f}" for v in row))
    row = []
    for n in sizes:
        sched = Scheduler(SchedulerConfig(seed=0), pool(n, rng), on_timing=_discard)
        row.append(median_us(lambda s=sched: s.schedule(req), 2000))
    print(f"{'precise-prefix + on_timing':<24}" + "".join(f"{v:>10.1f}" for v in row))
    row = []
    for n in sizes:
        sched = Scheduler(SchedulerConfig(seed=0), pool(n, rng))
        row.append(median_us(lambda s=sched: s.schedule(sub_req), 2000))
    print(f"{'precise-prefix + subset hint':<24}" + "".join(f"{v:>10.1f}" for v in row))


if __name__ == "__main__":
    bench_parser()
    bench_schedule()
