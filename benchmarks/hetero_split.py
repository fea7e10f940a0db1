"""Where each router sends a heterogeneous pool's requests at low load, and what each class of
pod gives them: per load point and router, the share served by the slow pods, the cache hit,
TTFT p50 / p90, mean ITL, e2e p50 and e2e mean, over all requests and per class.

    nice -n 10 .venv/bin/python benchmarks/hetero_split.py   # writes results/routing_calibrated/hetero_split.md

One seed (``SEED``) of the same deterministic runs as ``kinference-epp bench`` (virtual clock);
the open-loop ladder keeps only the stages in ``CASES`` (the warm-up and those stages run as
one continuous run): a stage's last requests decode beside the next kept stage's arrivals, not
beside the full ladder's next stage, so its figures are close to the bench rows' for that
seed, not equal to them (the first stage's are equal). A pod is slow when
the workload's ``pod_classes`` give it a slowdown. The e2e mean beside the e2e p50 shows
what a split buys: a router that sends a third of the requests to the slow pods keeps the
median request on a lighter fast batch at the cost of the mean.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import numpy as np

from kinference_epp.bench.harness import HarnessOptions, RequestRecord, run_one
from kinference_epp.bench.workloads import load_workload
from kinference_epp.sim.latency import latency_model

ROOT = Path(__file__).resolve().parent
OUT = ROOT / "results" / "routing_calibrated" / "hetero_split.md"
SEED = 0
ROUTERS = ("llmd-precise", "sglang", "kinference")
CASES = (
    ("hetero-shared-prefix-73", "h100-32b", (3.0, 10.0, 15.0, 20.0, 22.0)),
    ("hetero-shared-prefix-73", "h100-8b", (3.0, 10.0, 20.0, 30.0, 46.0)),
    ("hetero-multiturn", "h100-32b", (8.0,)),
    ("hetero-multiturn", "h100-8b", (8.0,)),
)


def _cells(recs: list[RequestRecord]) -> str:
    if not recs:
        return "— | — | — | — | — | —"
    ttft = np.array([r.ttft_s for r in recs])
    e2e = np.array([r.e2e_s for r in recs])
    prompt = sum(r.prompt_tokens for r in recs)
    hit = sum(r.cached_tokens for r in recs) / prompt if prompt else 0.0
    p50, p90 = np.percentile(ttft, [50, 90]).tolist()
    itl = statistics.mean(r.itl_s for r in recs) * 1000
    return (
        f"{hit:.2f} | {p50:.3f} | {p90:.3f} | {itl:.1f} | "
        f"{float(np.percentile(e2e, 50)):.2f} | {float(e2e.mean()):.2f}"
    )


def run(workload: str, profile: str, loads: tuple[float, ...], router: str) -> list[str]:
    spec = load_workload(workload, ROOT / "workloads")
    options = HarnessOptions(seed=SEED, latency=latency_model(profile))
    c = spec.client
    if c.stages is not None:
        kept = c.model_copy(update={"stages": [s for s in c.stages if s.rate in loads]})
        results = [run_one(spec.model_copy(update={"client": kept}), router, None, options)]
    else:
        results = [run_one(spec, router, load, options) for load in loads]
    lines = []
    for result in results:
        pods = list(result.picks)
        slow = {p for p, (_, f) in zip(pods, spec.pod_gpus(), strict=True) if f > 1.0}
        for stage, load in enumerate(result.loads):
            recs = [r for r in result.records if r.stage == stage]
            on_slow = [r for r in recs if r.endpoint in slow]
            on_fast = [r for r in recs if r.endpoint not in slow]
            share = len(on_slow) / len(recs) if recs else 0.0
            for label, part in (("all", recs), ("fast", on_fast), ("slow", on_slow)):
                lines.append(
                    f"| {workload} | {profile} | {load:g} | {router} | {share:.0%} | {label} "
                    f"| {len(part)} | {_cells(part)} |"
                )
    return lines


def main() -> int:
    out = [
        "# Where the requests go at low load on the heterogeneous pools",
        "",
        "Command: `nice -n 10 .venv/bin/python benchmarks/hetero_split.py` (seed "
        f"{SEED}; virtual clock, deterministic). `slow share`: the requests of the load point "
        "the slow pods (2.5x step time) served; the other columns over all of them, then over "
        "those the fast and the slow pods served.",
        "",
        "| workload | profile | load | router | slow share | pods | requests | hit "
        "| TTFT p50 s | TTFT p90 s | ITL ms | e2e p50 s | e2e mean s |",
        "|---|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for workload, profile, loads in CASES:
        for router in ROUTERS:
            out += run(workload, profile, loads, router)
            print(f"{workload} {profile} {router}", file=sys.stderr, flush=True)
    OUT.write_text("\n".join(out) + "\n")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
