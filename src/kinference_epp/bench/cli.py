"""``kinference-epp bench``: run workloads x routers x load points and write the report.

    bench_main(["--workload", "shared-prefix-73", "--routers", "round-robin,kinference",
                "--out", "benchmarks/results", "--quick"])

Runs are independent and deterministic, so they are spread over worker processes
(``--jobs``); the table is the same whatever the number of workers.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from kinference_epp.bench import report
from kinference_epp.bench.harness import HarnessOptions, run_one
from kinference_epp.bench.routing import ROUTERS
from kinference_epp.bench.workloads import WorkloadSpec, load_workload
from kinference_epp.sim.latency import latency_model

STANDARD = ("shared-prefix-73", "shared-prefix-small", "multiturn")
"""What ``--workload standard`` (and ``make bench``) runs."""


@dataclass(frozen=True, slots=True)
class _Task:
    spec: WorkloadSpec
    router: str
    load: float
    options: HarnessOptions
    slo: report.Slo


def _run_task(task: _Task) -> dict[str, Any]:
    result = run_one(task.spec, task.router, task.load, task.options)
    return report.row(result, task.slo)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kinference-epp bench",
        description="Routing-quality benchmark: real scheduler, simulated vLLM pods, virtual clock.",
    )
    p.add_argument(
        "--workload",
        required=True,
        help=f"workload name(s), comma-separated, a YAML path, or 'standard' ({', '.join(STANDARD)})",
    )
    p.add_argument("--routers", default=",".join(ROUTERS), help="comma-separated router names")
    p.add_argument("--out", required=True, type=Path, help="directory for results.json/.md/PNGs")
    p.add_argument("--loads", default=None, help="comma-separated load points (override the file)")
    p.add_argument("--quick", action="store_true", help="only the workload's quick load points")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--latency", default="dynamo-mocker", help="latency model of the pods")
    p.add_argument("--event-delay-ms", type=float, default=5.0)
    p.add_argument("--jobs", type=int, default=0, help="worker processes (0: one per CPU)")
    p.add_argument("--workloads-dir", type=Path, default=None)
    p.add_argument("--slo-ttft-s", type=float, default=2.0)
    p.add_argument("--slo-itl-ms", type=float, default=50.0)
    return p


def bench_main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    names = STANDARD if args.workload == "standard" else tuple(args.workload.split(","))
    try:
        specs = [load_workload(n, args.workloads_dir) for n in names]
        latency = latency_model(args.latency)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    routers = [r.strip() for r in args.routers.split(",") if r.strip()]
    slo = report.Slo(args.slo_ttft_s, args.slo_itl_ms / 1000.0)
    options = HarnessOptions(
        seed=args.seed, event_delay_s=args.event_delay_ms / 1000.0, latency=latency
    )
    tasks = []
    for spec in specs:
        loads = spec.quick_loads() if args.quick else spec.client.loads
        if args.loads:
            loads = [float(x) for x in args.loads.split(",")]
        tasks += [_Task(spec, r, float(load), options, slo) for load in loads for r in routers]
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    rows = _run_all(tasks, args.jobs or os.cpu_count() or 1)
    argv_list = list(sys.argv[1:] if argv is None else argv)
    meta = _meta(args, argv_list, specs, slo, latency.name, out)
    report.write_json(out / "results.json", meta, rows)
    for spec in specs:
        report.plot(out / f"{spec.name}.png", spec.name, rows)
    (out / "results.md").write_text(report.markdown(meta, rows))
    print(report.markdown(meta, rows))
    return 0


def _run_all(tasks: list[_Task], jobs: int) -> list[dict[str, Any]]:
    """Rows in task order; runs spread over ``jobs`` processes, with a progress bar."""
    rows: list[dict[str, Any] | None] = [None] * len(tasks)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, transient=False) as progress:
        bar = progress.add_task("runs", total=len(tasks))
        if jobs <= 1:
            for i, task in enumerate(tasks):
                progress.update(bar, description=f"{task.spec.name} {task.router} @ {task.load:g}")
                rows[i] = _run_task(task)
                progress.advance(bar)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures: dict[Future[dict[str, Any]], int] = {
                    pool.submit(_run_task, t): i for i, t in enumerate(tasks)
                }
                for fut in as_completed(futures):
                    rows[futures[fut]] = fut.result()
                    r = tasks[futures[fut]]
                    progress.update(bar, description=f"{r.spec.name} {r.router} @ {r.load:g}")
                    progress.advance(bar)
    return [r for r in rows if r is not None]


def _meta(
    args: argparse.Namespace,
    argv: list[str],
    specs: list[WorkloadSpec],
    slo: report.Slo,
    latency: str,
    out: Path,
) -> dict[str, Any]:
    return {
        "latency_model": latency,
        "seed": args.seed,
        "slo": slo.describe(),
        "slo_ttft_s": slo.ttft_s,
        "slo_itl_s": slo.itl_s,
        "event_delay_s": args.event_delay_ms / 1000.0,
        "scrape_interval_s": HarnessOptions().scrape_interval_s,
        "command": "kinference-epp bench " + shlex.join(argv),
        "out": str(out),
        "definitions": (report.__doc__ or "").strip(),
        "workloads": {
            s.name: {
                "description": " ".join(s.description.split()),
                "pods": s.pods,
                "num_gpu_blocks": s.num_gpu_blocks(),
                "block_size": s.engine.block_size,
                "client": s.client.kind,
            }
            for s in specs
        },
    }


if __name__ == "__main__":
    raise SystemExit(bench_main())
