"""Where a heterogeneous pool's SLO is lost, pod by pod: for each router, the requests
each pod served in a few stages of the ladder around its capacity, the share of them inside the
SLO, their mean ITL (median, p90), the cached share of their prompts and their median TTFT.

    nice -n 10 .venv/bin/python benchmarks/hetero_per_pod.py     # writes results/hetero_per_pod.*

The routing harness runs the whole ladder of ``WORKLOAD`` (virtual clock, deterministic: the
same runs as ``kinference-epp bench``, whose rows give the capacities) once per router and
latency profile; the table keeps the stages in ``STAGES``. The SLO is the benchmark's: TTFT
<= 2 s and mean ITL <= 50 ms. A pod's GPU class (``h100`` fast, ``l40s`` 2.5x slower) comes
from the workload's ``pod_classes``.

Read it for *which* pods miss and *why*: a class whose ITL passes 50 ms while the other class
has headroom, at a cache hit near 1, is a class holding more prefix groups than its speed can
decode; one whose hit falls is a class whose KV cannot hold the groups sent to it.
"""

from __future__ import annotations

import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from kinference_epp.bench.harness import HarnessOptions, RequestRecord, run_one
from kinference_epp.bench.report import Slo
from kinference_epp.bench.workloads import load_workload
from kinference_epp.sim.latency import latency_model

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results"
WORKLOAD = "hetero-shared-prefix-73"
ROUTERS = ("kinference", "kinference-fixed-rate", "llmd-precise")
STAGES = {"h100-8b": (52.0, 57.0, 60.0), "h100-32b": (30.0, 35.0, 40.0)}
"""Load points (req/s) per latency profile: around our router's capacity on ``WORKLOAD``."""
SLO = Slo()
"""The benchmark's SLO (``kinference-epp bench``'s defaults)."""


def _row(records: list[RequestRecord]) -> dict[str, float]:
    itl = sorted(r.itl_s for r in records)
    prompt = sum(r.prompt_tokens for r in records)
    return {
        "requests": len(records),
        "slo": sum(r.ttft_s <= SLO.ttft_s and r.itl_s <= SLO.itl_s for r in records) / len(records),
        "itl_p50_ms": itl[len(itl) // 2] * 1000,
        "itl_p90_ms": itl[int(len(itl) * 0.9)] * 1000,
        "hit": sum(r.cached_tokens for r in records) / prompt if prompt else 0.0,
        "ttft_p50_s": statistics.median(r.ttft_s for r in records),
    }


def run(router: str, profile: str) -> list[dict[str, Any]]:
    """Per (stage in ``STAGES``, pod): the pod's figures over the requests of that stage."""
    spec = load_workload(WORKLOAD, ROOT / "workloads")
    result = run_one(spec, router, None, HarnessOptions(latency=latency_model(profile)))
    pods = list(result.picks)  # the harness's pod addresses, in pod order
    by_stage_pod: dict[tuple[int, str], list[RequestRecord]] = {}
    for r in result.records:
        by_stage_pod.setdefault((r.stage, r.endpoint), []).append(r)
    rows: list[dict[str, Any]] = []
    for stage, load in enumerate(result.loads):
        if load not in STAGES[profile]:
            continue
        for pod, (gpu, factor) in zip(pods, spec.pod_gpus(), strict=True):
            served = by_stage_pod.get((stage, pod))
            if not served:
                continue
            rows.append(
                {"router": router, "profile": profile, "load": load, "pod": pod}
                | {"gpu": gpu, "factor": factor}
                | _row(served)
            )
    return rows


def _markdown(rows: list[dict[str, Any]]) -> str:
    out = [
        f"# Per pod: {WORKLOAD}",
        "",
        "Command: `nice -n 10 .venv/bin/python benchmarks/hetero_per_pod.py` (virtual clock,",
        "deterministic). Per pod, over the requests that arrived in the stage: how many it",
        f"served, the share inside the SLO (TTFT <= {SLO.ttft_s:g} s, mean ITL <= "
        f"{SLO.itl_s * 1000:g} ms), their mean ITL (median, p90), the cached share of their",
        "prompts and their median TTFT.",
        "",
    ]
    key = None
    for r in rows:
        if (r["profile"], r["router"], r["load"]) != key:
            key = (r["profile"], r["router"], r["load"])
            out += [
                "",
                f"## {r['profile']} · {r['router']} · {r['load']:g} req/s",
                "",
                "| pod | GPU (factor) | requests | in SLO | ITL p50 ms | ITL p90 ms | hit | TTFT p50 s |",
                "|---|---|---:|---:|---:|---:|---:|---:|",
            ]
        out.append(
            f"| {r['pod']} | {r['gpu']} ({r['factor']:g}x) | {r['requests']} | {r['slo']:.0%} "
            f"| {r['itl_p50_ms']:.1f} | {r['itl_p90_ms']:.1f} | {r['hit']:.2f} "
            f"| {r['ttft_p50_s']:.2f} |"
        )
    return "\n".join(out) + "\n"


def main() -> int:
    jobs = [(router, profile) for profile in STAGES for router in ROUTERS]
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor() as pool:
        futures = [pool.submit(run, router, profile) for router, profile in jobs]
        for i, ((router, profile), f) in enumerate(zip(jobs, futures, strict=True), 1):
            rows += f.result()
            print(f"[{i}/{len(jobs)}] {profile} {router}", file=sys.stderr, flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "hetero_per_pod.json").write_text(json.dumps(rows, indent=1) + "\n")
    text = _markdown(rows)
    (RESULTS / "hetero_per_pod.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
