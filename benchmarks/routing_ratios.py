"""Our router against the best peer at each load point where a peer meets the SLO.

Reads a routing benchmark's ``results.json`` (``kinference-epp bench``) and, per latency
profile, admission layer and load point where at least one peer keeps the SLO's share,
prints our TTFT p50, TTFT p90, mean ITL and e2e p50 over the best such peer's (each metric's
own best), marking the points where any ratio is over the routing issue's 1.05.

    python benchmarks/routing_ratios.py benchmarks/results/routing_calibrated/h100-32b/results.json
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

METRICS = ("ttft_p50_s", "ttft_p90_s", "itl_mean_s", "e2e_p50_s")
BOUND = 1.05


def ratio_table(results: dict[str, Any], ours: str, slo_share: float) -> tuple[list[str], int]:
    """Markdown rows and how many points break the bound."""
    points: dict[tuple[str, str, str, float], dict[str, dict[str, Any]]] = defaultdict(dict)
    for row in results["rows"]:
        key = (row["workload"], row["latency_profile"], row["admission"], row["load"])
        points[key][row["router"]] = row
    lines = [
        "| workload | profile | admission | load | ours in SLO | "
        + " | ".join(f"{m} ratio" for m in METRICS)
        + " | over 1.05 |",
        "|---|---|---|---:|---:|" + "---:|" * len(METRICS) + "---|",
    ]
    over = 0
    for key in sorted(points):
        routers = points[key]
        if ours not in routers:
            continue
        peers = [r for name, r in routers.items() if name != ours]
        meeting = [r for r in peers if r["slo_met_fraction"] >= slo_share]
        if not meeting:
            continue
        mine = routers[ours]
        ratios = []
        for metric in METRICS:
            best = min(r[metric] for r in meeting)
            ratios.append(mine[metric] / best if best > 0 else float("inf"))
        bad = any(r > BOUND for r in ratios)
        over += bad
        workload, profile, admission, load = key
        cells = " | ".join(f"{r:.2f}" for r in ratios)
        lines.append(
            f"| {workload} | {profile} | {admission} | {load:g} | "
            f"{mine['slo_met_fraction']:.0%} | {cells} | {'yes' if bad else ''} |"
        )
    return lines, over


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, nargs="+", help="results.json files")
    parser.add_argument("--ours", default="kinference")
    parser.add_argument("--slo-share", type=float, default=0.9)
    args = parser.parse_args()
    for path in args.results:
        lines, over = ratio_table(json.loads(path.read_text()), args.ours, args.slo_share)
        print(f"## {path}\n")
        print("\n".join(lines))
        print(f"\n{over} of {len(lines) - 2} points over {BOUND}x on some metric.\n")


if __name__ == "__main__":
    main()
