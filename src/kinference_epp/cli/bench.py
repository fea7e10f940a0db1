"""``kinference-epp bench``: run workloads x routers x load points and write the report.

    bench_main(["--workload", "shared-prefix-73", "--routers", "round-robin,kinference",
                "--out", "benchmarks/results", "--quick"])

Every (workload, latency profile, router) is one run of the workload's whole open-loop
ladder, or one run per concurrency level of a closed loop. Runs are independent and
deterministic, so they are spread over worker processes (``--jobs``); the tables are the
same whatever the number of workers.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kinference_epp.bench import report
from kinference_epp.bench.admission import ADMISSIONS
from kinference_epp.bench.harness import HarnessOptions, run_one
from kinference_epp.bench.routing import ROUTERS
from kinference_epp.bench.workloads import Stage, WorkloadSpec, load_workload
from kinference_epp.config.model import SchedulerConfig
from kinference_epp.config.speed_prior import SpeedConfig
from kinference_epp.sim.latency import LATENCY_MODELS, PROFILES, latency_model

STANDARD = ("shared-prefix-73", "shared-prefix-small", "multiturn")
"""What ``--workload standard`` (and ``make bench``) runs."""


@dataclass(frozen=True, slots=True)
class _Task:
    spec: WorkloadSpec
    router: str
    load: float | None
    """None: the whole open-loop ladder."""
    options: HarnessOptions
    slo: report.Slo

    def describe(self) -> str:
        at = "ladder" if self.load is None else f"@ {self.load:g}"
        o = self.options
        return f"{self.spec.name} {o.latency.name} {self.router} +{o.admission} seed {o.seed} {at}"


def _run_task(task: _Task) -> list[dict[str, Any]]:
    result = run_one(task.spec, task.router, task.load, task.options)
    return report.rows(result, task.slo)


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
    p.add_argument("--loads", default=None, help="comma-separated load points to keep")
    p.add_argument("--quick", action="store_true", help="only the workload's quick load points")
    p.add_argument(
        "--seeds", default="0,1,2", help="comma-separated seeds: every point runs once per seed"
    )
    p.add_argument(
        "--admission",
        default="none",
        help=f"admission layer(s) on top of every router, comma-separated ({', '.join(ADMISSIONS)})",
    )
    p.add_argument(
        "--access-log",
        action="store_true",
        help="access-log records teach every router that learns from them (default: none does)",
    )
    p.add_argument(
        "--latency",
        default=",".join(PROFILES),
        help=f"latency profile(s), comma-separated ({', '.join(sorted(LATENCY_MODELS))})",
    )
    p.add_argument("--event-delay-ms", type=float, default=5.0)
    p.add_argument("--jobs", type=int, default=0, help="worker processes (0: one per CPU)")
    p.add_argument("--workloads-dir", type=Path, default=None)
    p.add_argument("--slo-ttft-s", type=float, default=2.0)
    p.add_argument("--slo-itl-ms", type=float, default=50.0)
    p.add_argument("--slo-fraction", type=float, default=0.9)
    p.add_argument(
        "--refine-step",
        type=float,
        default=5.0,
        help="open loop: rerun each router's ladder with stages this many req/s apart between "
        "its capacity and the first stage it failed (per seed and admission layer; the "
        "source's stages up to its capacity are kept); 0: the workload's ladder only",
    )
    return p


def refined(spec: WorkloadSpec, capacity: float, failed: float, step: float) -> WorkloadSpec | None:
    """``spec``'s ladder up to ``capacity``, then stages ``step`` apart up to ``failed`` (the
    first stage that failed), each as long as that stage; None when nothing lies between."""
    stages = spec.client.stages
    if stages is None or step <= 0 or capacity <= 0:
        return None
    last = next(s for s in stages if s.rate == failed)
    rates = []
    rate = capacity + step
    while rate < failed - 1e-9:
        rates.append(rate)
        rate += step
    if not rates:
        return None
    kept = [s for s in stages if s.rate <= capacity]
    extra = [Stage(rate=r, duration_s=last.duration_s) for r in rates]
    client = spec.client.model_copy(update={"stages": [*kept, *extra, last]})
    return spec.model_copy(update={"client": client})


def _keep_loads(spec: WorkloadSpec, loads: list[float]) -> WorkloadSpec:
    c = spec.client
    if c.stages is not None:
        client = c.model_copy(update={"stages": [s for s in c.stages if s.rate in loads]})
    else:
        client = c.model_copy(update={"loads": loads})
    return spec.model_copy(update={"client": client})


def bench_main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    names = STANDARD if args.workload == "standard" else tuple(args.workload.split(","))
    try:
        specs = [load_workload(n, args.workloads_dir) for n in names]
        latencies = [latency_model(n.strip()) for n in args.latency.split(",") if n.strip()]
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.quick:
        specs = [s.quick() for s in specs]
    if args.loads:
        keep = [float(x) for x in args.loads.split(",")]
        specs = [_keep_loads(s, keep) for s in specs]
    routers = [r.strip() for r in args.routers.split(",") if r.strip()]
    seeds = [int(x) for x in args.seeds.split(",") if x.strip()]
    admissions = [a.strip() for a in args.admission.split(",") if a.strip()]
    unknown = [a for a in admissions if a not in ADMISSIONS]
    if unknown or not seeds:
        print(f"error: unknown admission {unknown} or no seed", file=sys.stderr)
        return 2
    slo = report.Slo(args.slo_ttft_s, args.slo_itl_ms / 1000.0, args.slo_fraction)
    tasks = []
    for spec in specs:
        for latency in latencies:
            for seed in seeds:
                for admission in admissions:
                    options = HarnessOptions(
                        seed=seed,
                        event_delay_s=args.event_delay_ms / 1000.0,
                        latency=latency,
                        admission=admission,
                        access_log=args.access_log,
                    )
                    if spec.client.open_loop:
                        tasks += [_Task(spec, r, None, options, slo) for r in routers]
                    else:
                        tasks += [
                            _Task(spec, r, load, options, slo)
                            for load in spec.client.load_points()
                            for r in routers
                        ]
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    jobs = args.jobs or os.cpu_count() or 1
    results = _run_all(tasks, jobs)
    if args.refine_step > 0:
        results = _refine(tasks, results, args.refine_step, slo, jobs)
    runs = [row for rs in results for row in rs]
    by_seed = report.capacities(runs, slo)
    rows = report.over_seeds(runs, report.POINT)
    summary = report.over_seeds(by_seed, report.CAPACITY)
    argv_list = list(sys.argv[1:] if argv is None else argv)
    meta = _meta(args, argv_list, specs, slo, [m.name for m in latencies], out)
    meta["seeds"] = seeds
    meta["admissions"] = admissions
    report.write_json(out / "results.json", meta, rows, summary, runs, by_seed)
    for spec in specs:
        for latency in latencies:
            png = out / f"{spec.name}-{latency.name}.png"
            report.plot(png, spec.name, latency.name, rows, slo)
    text = report.markdown(meta, rows, summary)
    (out / "results.md").write_text(text)
    print(report.capacity_table(summary, routers))
    return 0


def _refine(
    tasks: list[_Task],
    results: list[list[dict[str, Any]]],
    step: float,
    slo: report.Slo,
    jobs: int,
) -> list[list[dict[str, Any]]]:
    """Each open-loop run whose capacity lies more than ``step`` below the first stage it
    failed, run again on the refined ladder (``refined``); its rows become the refined run's
    plus the first run's rows past the failed stage."""
    again: list[tuple[int, _Task, float]] = []
    for i, (task, rows) in enumerate(zip(tasks, results, strict=True)):
        if task.load is not None or not rows:
            continue
        (cap,) = report.capacities(rows, slo)
        if not cap["reached"]:
            continue
        failed = min(r["load"] for r in rows if r["load"] > cap["capacity_load"])
        spec = refined(task.spec, cap["capacity_load"], failed, step)
        if spec is not None:
            again.append((i, _Task(spec, task.router, None, task.options, slo), failed))
    if not again:
        return results
    print(f"refining {len(again)} ladders to {step:g} req/s steps", flush=True)
    redone = _run_all([t for _, t, _ in again], jobs)
    out = list(results)
    for (i, _, failed), rows in zip(again, redone, strict=True):
        out[i] = rows + [r for r in results[i] if r["load"] > failed]
    return out


def _run_all(tasks: list[_Task], jobs: int) -> list[list[dict[str, Any]]]:
    """Rows of each task, in task order; runs spread over ``jobs`` processes. Prints one line
    per finished run (plain text: the runs are long and often logged to a file)."""
    rows: list[list[dict[str, Any]] | None] = [None] * len(tasks)
    started = time.monotonic()

    def done(i: int, n: int) -> None:
        elapsed = time.monotonic() - started
        print(f"[{n}/{len(tasks)} {elapsed:6.0f} s] {tasks[i].describe()}", flush=True)

    if jobs <= 1:
        for i, task in enumerate(tasks):
            rows[i] = _run_task(task)
            done(i, i + 1)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures: dict[Future[list[dict[str, Any]]], int] = {
                pool.submit(_run_task, t): i for i, t in enumerate(tasks)
            }
            for n, fut in enumerate(as_completed(futures), 1):
                rows[futures[fut]] = fut.result()
                done(futures[fut], n)
    return [r for r in rows if r is not None]


def _meta(
    args: argparse.Namespace,
    argv: list[str],
    specs: list[WorkloadSpec],
    slo: report.Slo,
    latencies: list[str],
    out: Path,
) -> dict[str, Any]:
    return {
        "latency_models": latencies,
        "access_log": args.access_log,
        "knobs": {
            "scheduler": SchedulerConfig().model_dump(mode="json"),
            "speed": SpeedConfig().model_dump(mode="json"),
            "note": "every router and admission layer runs its defaults, the same for every "
            "workload (no per-workload tuning); routers run with the scheduler's shed rule off",
        },
        "slo": slo.describe(),
        "slo_ttft_s": slo.ttft_s,
        "slo_itl_s": slo.itl_s,
        "slo_fraction": slo.fraction,
        "event_delay_s": args.event_delay_ms / 1000.0,
        "scrape_interval_s": HarnessOptions().scrape_interval_s,
        "command": "kinference-epp bench " + shlex.join(argv),
        "out": str(out),
        "definitions": (report.__doc__ or "").strip(),
        "workloads": {
            s.name: {
                "description": " ".join(s.description.split()),
                "sources": s.sources.strip(),
                "pods": s.pods,
                "num_gpu_blocks": {
                    name: s.for_latency(latency_model(name)).num_gpu_blocks() for name in latencies
                },
                "block_size": s.engine.block_size,
                "client": s.client.kind,
            }
            for s in specs
        },
    }


if __name__ == "__main__":
    raise SystemExit(bench_main())
