"""Issue 17's heterogeneous-pool targets, from the routing benchmark's results.

    kinference-epp bench --workload hetero-shared-prefix-73,hetero-multiturn \\
        --routers round-robin,random,least-queue,load,gie-approx,gie-approx-tuned,llmd-precise,dynamo,sglang,kinference,kinference-fixed-rate \\
        --out benchmarks/results/hetero
    .venv/bin/python benchmarks/hetero_report.py benchmarks/results/hetero/results.json

Runs of the benchmark are deterministic and independent per (workload, profile, router), so
the routers may also be run in several invocations and their ``results.json`` merged here
(``--out`` rewrites the merged results.json, results.md and PNGs there). Writes
``benchmarks/results/hetero.md``: per workload and latency profile, every router's capacity
at the SLO and kinference's against the best peer (goal: >= every peer) and against
``kinference-fixed-rate`` (goal: >= 1.30x).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import kinference_epp.bench.report as report
from kinference_epp.bench.routing import FIXED_RATE, NO_ACCESS_LOG, OURS, ROUTERS

RESULTS = Path(__file__).resolve().parent / "results"
GOAL_OVER_FIXED = 1.30
KNOWN_SPEED = "kinference-known-speed"
"""Our router pricing every pod at its true speed, learning nothing (for reference)."""
FULL_COMMAND = (
    "kinference-epp bench --workload hetero-shared-prefix-73,hetero-multiturn --routers "
    + ",".join([*ROUTERS, FIXED_RATE, KNOWN_SPEED, NO_ACCESS_LOG])
    + " --out benchmarks/results/hetero"
)


def _merge(paths: list[Path]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    meta: dict[str, Any] = {}
    rows: dict[tuple[Any, ...], dict[str, Any]] = {}
    commands = []
    for path in paths:
        data = json.loads(path.read_text())
        meta = meta or data["meta"]
        meta["workloads"] = {**meta.get("workloads", {}), **data["meta"]["workloads"]}
        commands.append(data["meta"]["command"])
        for r in data["runs"]:
            key = (r["workload"], r["latency_profile"], r["router"], r["admission"], r["seed"])
            rows[(*key, r["load"])] = r
    if len(paths) > 1:
        meta["command"] = (
            f"{FULL_COMMAND} (run here as {len(paths)} invocations, merged by "
            f"benchmarks/hetero_report.py: " + "; ".join(f"'{c}'" for c in commands) + ")"
        )
    return meta, list(rows.values())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("results", nargs="+", type=Path)
    p.add_argument("--out", type=Path, default=None, help="write the merged results here")
    args = p.parse_args(argv)
    meta, runs = _merge(args.results)
    slo = report.Slo(meta["slo_ttft_s"], meta["slo_itl_s"], meta["slo_fraction"])
    by_seed = report.capacities(runs, slo)
    rows = report.over_seeds(runs, report.POINT)
    summary = report.over_seeds(by_seed, report.CAPACITY)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        meta["out"] = str(args.out)
        report.write_json(args.out / "results.json", meta, rows, summary, runs, by_seed)
        (args.out / "results.md").write_text(report.markdown(meta, rows, summary))
        for workload, profile in dict.fromkeys((r["workload"], r["latency_profile"]) for r in rows):
            report.plot(args.out / f"{workload}-{profile}.png", workload, profile, rows, slo)
    text = _targets(meta, [s for s in summary if s["admission"] == "none"])
    (RESULTS / "hetero.md").write_text(text)
    print(text)
    return 0


def _verdict(ratio: float | None, met: bool) -> str:
    return "not run" if ratio is None else ("yes" if met else "no")


def _targets(meta: dict[str, Any], summary: list[dict[str, Any]]) -> str:
    ours_all = [*ROUTERS, FIXED_RATE, KNOWN_SPEED, NO_ACCESS_LOG]
    routers = [r for r in ours_all if any(s["router"] == r for s in summary)]
    caps = {(s["workload"], s["latency_profile"], s["router"]): s for s in summary}
    lines = [
        "# Heterogeneous pools (issue 17)",
        "",
        f"Command: `{meta['command']}`, then `.venv/bin/python benchmarks/hetero_report.py "
        "benchmarks/results/hetero/results.json` (this file). Full tables and plots: "
        "[hetero/results.md](hetero/results.md).",
        "",
        "Workloads (`benchmarks/workloads/hetero-*.yaml`): shared-prefix-73 and multiturn with "
        "pods 0-3 at the latency profile's speed and pods 4-7 2.5 times slower (every engine "
        "step). No router reads the pods' GPU labels. "
        f"SLO: {meta['slo']}; seeds {meta['seeds']} (medians), routing alone (admission "
        "none). Capacity: the highest load at which the "
        "SLO holds there and at every lower load (multiturn: req/s at the highest holding "
        f"concurrency, users in brackets). `{KNOWN_SPEED}` prices every pod at its true "
        "speed and learns nothing: what knowing the speeds alone is worth to our router "
        f"(learning from TTFTs also hears each pod's queue). `{NO_ACCESS_LOG}` is ours behind a "
        "gateway that sends the picker no access log: it learns from the pods' scraped ITL "
        "and TTFT histograms alone.",
        "",
        report.capacity_table(summary, routers),
        "",
        "| workload | profile | kinference | best peer (which) | x best peer (goal >= 1) | "
        "kinference-fixed-rate | x fixed rate (goal >= 1.30) | goals met |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    peers = [r for r in routers if r not in (OURS, FIXED_RATE, KNOWN_SPEED, NO_ACCESS_LOG)]
    for workload, profile in dict.fromkeys((s["workload"], s["latency_profile"]) for s in summary):
        ours = caps.get((workload, profile, OURS))
        fixed = caps.get((workload, profile, FIXED_RATE))
        best = max(
            (caps[(workload, profile, p)] for p in peers if (workload, profile, p) in caps),
            key=lambda s: s["capacity_rps"],
            default=None,
        )
        if ours is None:
            continue
        o = ours["capacity_rps"]
        vs_peer = o / best["capacity_rps"] if best and best["capacity_rps"] else None
        vs_fixed = o / fixed["capacity_rps"] if fixed and fixed["capacity_rps"] else None
        met_peer = vs_peer is not None and vs_peer >= 1.0
        met_fixed = vs_fixed is not None and vs_fixed >= GOAL_OVER_FIXED
        best_cell = "-" if best is None else f"{best['capacity_rps']:.1f} ({best['router']})"
        fixed_cell = "-" if fixed is None else f"{fixed['capacity_rps']:.1f}"
        lines.append(
            f"| {workload} | {profile} | {o:.1f} | {best_cell} | "
            f"{'-' if vs_peer is None else f'{vs_peer:.2f}x'} | {fixed_cell} | "
            f"{'-' if vs_fixed is None else f'{vs_fixed:.2f}x'} | "
            f"{_verdict(vs_peer, met_peer)}; {_verdict(vs_fixed, met_fixed)} |"
        )
    lines += [
        "",
        "Where and why the goals fall short (measurements): benchmarks/README.md, "
        "*Heterogeneous pools*. A pod slowed mid-run: [hetero_slowdown.md](hetero_slowdown.md); "
        "the learner's CPU: [speed_cost.md](speed_cost.md).",
        "",
        *(
            f"![{w}, {p}](hetero/{w}-{p}.png)"
            for w, p in dict.fromkeys((s["workload"], s["latency_profile"]) for s in summary)
        ),
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
