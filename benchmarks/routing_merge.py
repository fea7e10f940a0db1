"""Merge a newer routing benchmark run into a committed results directory.

The harness is deterministic on a virtual clock and a router's runs do not depend on the
other routers', so a run of some routers (our router after a change, a peer not run yet, an
admission layer not run yet) is merged with the committed runs, and the capacities, the
over-seed rows, the Markdown and the plot are recomputed:

    python benchmarks/routing_merge.py OLD/results.json NEW/results.json OUT

``OLD`` holds the committed runs; ``NEW`` is a ``kinference-epp bench`` run over the same
workload, profile and seeds. Each (router, admission layer) that ``NEW`` ran (or only the
routers named by ``--router``) replaces that pair's runs in ``OLD`` or is added to them.
``OUT/results.md`` lists each command that still contributes runs once, with the routers
and admission layers it produced.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from kinference_epp.bench import report
from kinference_epp.bench.routing import ROUTERS

# How this script wrote a merged command into ``meta["command"]`` before ``meta["commands"]``
# held one entry per command: "NEW (its R rows), merged by ... rows of OLD", nested.
_NESTED = " rows), merged by benchmarks/routing_merge.py with the other routers' rows of "


def _command(meta: dict[str, Any]) -> str:
    """The command without its ``--out`` (a scratch directory)."""
    return str(meta["command"]).split(" --out")[0]


def _pair(run: dict[str, Any]) -> str:
    """A run's (router, admission layer) as the header names it."""
    return f"{run['router']} +{run.get('admission', 'none')}"


def commands(meta: dict[str, Any], runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per command in ``meta``'s history: ``{"command", "rows"}``, newest first,
    ``rows`` the (router, admission) pairs of ``runs`` that command produced last."""
    if "commands" in meta:
        return [dict(c) for c in meta["commands"]]
    text = _command(meta)
    history: list[tuple[str, str | None]] = []
    while _NESTED in text:
        head, text = text.split(_NESTED, 1)
        cmd, router = head.rsplit(" (its ", 1)
        history.append((cmd, router))
    history.append((text, None))
    pairs = list(dict.fromkeys(_pair(r) for r in runs))
    out: list[dict[str, Any]] = []
    taken: set[str] = set()
    for cmd, router in history:
        mine = [
            p for p in pairs if p not in taken and (router is None or p.split(" +")[0] == router)
        ]
        taken.update(mine)
        out.append({"command": cmd, "rows": mine})
    return out


def merge(
    old: dict[str, Any], new: dict[str, Any], routers: set[str] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``old``'s meta and runs with ``new``'s runs (of ``routers``; None: all) in place of
    the same (router, admission) pairs."""
    if old["meta"]["seeds"] != new["meta"]["seeds"]:
        raise SystemExit(f"seeds differ: {old['meta']['seeds']} and {new['meta']['seeds']}")
    fresh = [r for r in new["runs"] if routers is None or r["router"] in routers]
    replaced = {_pair(r) for r in fresh}
    history = commands(old["meta"], old["runs"])
    for entry in history:
        entry["rows"] = [p for p in entry["rows"] if p not in replaced]
    entry_new = {"command": _command(new["meta"]), "rows": list(dict.fromkeys(map(_pair, fresh)))}
    meta = dict(old["meta"])
    meta["commands"] = [entry_new] + [e for e in history if e["rows"]]
    meta["command"] = "; ".join(e["command"] for e in meta["commands"])
    if "kinference" in {r["router"] for r in fresh}:
        meta["knobs"] = new["meta"]["knobs"]
    runs = [r for r in old["runs"] if _pair(r) not in replaced] + fresh
    order = {name: i for i, name in enumerate(ROUTERS)}
    runs.sort(key=lambda r: order.get(r["router"], len(ROUTERS)))
    meta["admissions"] = list(dict.fromkeys(r.get("admission", "none") for r in runs))
    return meta, runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument(
        "--router", action="append", help="take only this router's runs from NEW (repeatable)"
    )
    args = parser.parse_args()
    old, new = json.loads(args.old.read_text()), json.loads(args.new.read_text())
    meta, runs = merge(old, new, set(args.router) if args.router else None)
    slo = report.Slo(meta["slo_ttft_s"], meta["slo_itl_s"], meta["slo_fraction"])
    by_seed = report.capacities(runs, slo)
    rows = report.over_seeds(runs, report.POINT)
    summary = report.over_seeds(by_seed, report.CAPACITY)
    meta["out"] = args.out.name
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
