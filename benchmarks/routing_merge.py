"""Replace one router's rows in a routing benchmark's results by a newer run of that router.

The harness is deterministic and a router's runs do not depend on the other routers', so
when only our router changed, its runs alone are rerun and merged with the peers' committed
runs, and the capacities, the over-seed rows, the Markdown and the plot are recomputed:

    python benchmarks/routing_merge.py OLD/results.json NEW/results.json OUT --router kinference

``OLD`` holds every router's runs; ``NEW`` (a ``kinference-epp bench --routers kinference``
run over the same workload, profile, seeds and admission layers) replaces the runs of
``--router``. ``OUT/results.md`` names both commands.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kinference_epp.bench import report


def _command(meta: dict[str, object]) -> str:
    """The command without its ``--out`` (a scratch directory)."""
    return str(meta["command"]).split(" --out")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--router", default="kinference")
    args = parser.parse_args()
    old, new = json.loads(args.old.read_text()), json.loads(args.new.read_text())
    meta = dict(old["meta"])
    slo = report.Slo(meta["slo_ttft_s"], meta["slo_itl_s"], meta["slo_fraction"])
    runs = [r for r in old["runs"] if r["router"] != args.router]
    runs += [r for r in new["runs"] if r["router"] == args.router]
    by_seed = report.capacities(runs, slo)
    rows = report.over_seeds(runs, report.POINT)
    summary = report.over_seeds(by_seed, report.CAPACITY)
    meta["command"] = (
        f"{_command(new['meta'])} (its {args.router} rows), merged by "
        f"benchmarks/routing_merge.py with the other routers' rows of {_command(old['meta'])}"
    )
    meta["out"] = args.out.name
    meta["knobs"] = new["meta"]["knobs"]
    args.out.mkdir(parents=True, exist_ok=True)
    report.write_json(args.out / "results.json", meta, rows, summary, runs, by_seed)
    for workload in meta["workloads"]:
        for latency in meta["latency_models"]:
            report.plot(args.out / f"{workload}-{latency}.png", workload, latency, rows, slo)
    (args.out / "results.md").write_text(report.markdown(meta, rows, summary))
    routers = list(dict.fromkeys(r["router"] for r in runs))
    print(report.capacity_table(summary, routers))


if __name__ == "__main__":
    main()
