"""A pod slowed 3x mid-run: how fast its share of new requests falls, and what it
costs the run's SLO attainment against a run where the pod was that slow from the start.

    nice -n 10 .venv/bin/python benchmarks/hetero_slowdown.py      # writes results/hetero_slowdown.*

The routing harness (virtual clock, deterministic; ``kinference_epp.bench``) runs
shared-prefix-73's workload and pods (benchmarks/workloads/shared-prefix-73.yaml: 150 groups x 5
prompts of 6000 + 1200 tokens, 215 output tokens, 8 pods of 19,208 KV blocks, the 15 QPS x 50 s
warm-up) at one constant Poisson rate per latency profile for ``STAGE_S`` seconds, three ways:

- ``mid-run``: pod 0 runs every engine step 3 times as long from ``SLOW_AT_S`` of virtual time
  (``SLOWDOWN_AFTER_S`` into the measured stage) on;
- ``slow from start``: pod 0 runs 3 times slower for the whole run (warm-up included);
- ``never slow``: all eight pods at the profile's speed (for reference).

Routers: ``kinference`` (learns each endpoint's speed from the access-log records the harness
feeds it) and ``kinference-fixed-rate`` (the same router with one configured rate).

Figures:

- **share**: pod 0's share of the requests arriving in a window of ``WINDOW`` consecutive
  arrivals (pool-wide); its **settled share** is its share over the stage's last 60 s in the
  ``slow from start`` run, the share the router gives a pod of that speed;
- **requests to settle**: after the slowdown, the requests routed to pod 0 before the first
  window whose share is at or below its share by speed alone (a third of a fast pod's:
  ``SPEED_SHARE``), and before the first at or below its settled share (the goal: its
  share "falls to its new speed within 50 requests routed to it");
- **SLO attainment**: requests of the measured stage (the warm-up is left out) with TTFT <= 2 s
  and mean ITL <= 50 ms, out of all of them (unfinished ones miss); the goal is the mid-run
  figure within 5 % of the ``slow from start`` one, over the whole stage and over the part
  after the slowdown.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from kinference_epp.bench.clients import WARMUP
from kinference_epp.bench.harness import HarnessOptions, RunResult, run_one
from kinference_epp.bench.workloads import (
    PodClass,
    SlowdownSpec,
    Stage,
    WorkloadSpec,
    load_workload,
)
from kinference_epp.sim.latency import latency_model

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results"
RATES = {"h100-8b": 70.0, "h100-32b": 60.0}
"""Constant load per profile: about 70 % of kinference's capacity on 8 equal pods
(results/routing), so the pool holds the SLO with one pod a third as fast."""
STAGE_S = 150.0
SLOWDOWN_AFTER_S = 30.0
WARMUP_S = 50.0
SLOW_AT_S = WARMUP_S + SLOWDOWN_AFTER_S
FACTOR = 3.0
WINDOW = 200
SETTLED_LAST_S = 60.0
GOAL_REQUESTS = 50
GOAL_SLO_RELATIVE = 0.05
SPEED_SHARE = 1 / FACTOR / (7 + 1 / FACTOR)
"""Pod 0's share of 8 pods after the slowdown if shares followed speed alone."""
ROUTERS = ("kinference", "kinference-fixed-rate")
SCENARIOS = ("mid-run", "slow from start", "never slow")
TTFT_S, ITL_S = 2.0, 0.05


def _spec(scenario: str, rate: float) -> WorkloadSpec:
    base = load_workload("shared-prefix-73", ROOT / "workloads")
    client = base.client.model_copy(
        update={"stages": [Stage(rate=rate, duration_s=STAGE_S)], "quick_loads": None}
    )
    update: dict[str, Any] = {"name": f"slowdown-{scenario}", "client": client}
    if scenario == "mid-run":
        update["slowdown"] = SlowdownSpec(pod=0, at_s=SLOW_AT_S, factor=FACTOR)
    elif scenario == "slow from start":
        update["pod_classes"] = [
            PodClass(count=1, gpu="slowed", slowdown=FACTOR),
            PodClass(count=base.pods - 1, gpu="h100"),
        ]
    return base.model_copy(update=update)


def _run(args: tuple[str, str, str]) -> dict[str, Any]:
    profile, scenario, router = args
    spec = _spec(scenario, RATES[profile])
    result = run_one(spec, router, None, HarnessOptions(latency=latency_model(profile)))
    return {"profile": profile, "scenario": scenario, "router": router, **_figures(result)}


def _figures(result: RunResult) -> dict[str, Any]:
    recs = sorted((r for r in result.records if r.stage != WARMUP), key=lambda r: r.arrival)
    unfinished = sum(n for s, n in result.unfinished.items() if s != WARMUP)
    pod0 = "10.0.0.1:8000"
    met = [r.ttft_s <= TTFT_S and r.itl_s <= ITL_S for r in recs]
    after = [m for r, m in zip(recs, met, strict=True) if r.arrival >= SLOW_AT_S]
    total = len(recs) + unfinished
    on_pod0 = [r.endpoint == pod0 for r in recs]
    arrivals = [r.arrival for r in recs]
    end = WARMUP_S + STAGE_S
    last = [p for a, p in zip(arrivals, on_pod0, strict=True) if a >= end - SETTLED_LAST_S]
    before = [p for a, p in zip(arrivals, on_pod0, strict=True) if WARMUP_S <= a < SLOW_AT_S]
    bins = []
    for i in range(0, len(recs) - WINDOW + 1, WINDOW // 4):
        bins.append((arrivals[i + WINDOW // 2], sum(on_pod0[i : i + WINDOW]) / WINDOW))
    return {
        "requests": total,
        "unfinished": unfinished,
        "slo_met": sum(met) / total if total else 0.0,
        # requests arriving after the slowdown; unfinished ones (few, at the end) count as misses
        "slo_met_after": sum(after) / (len(after) + unfinished) if after else 0.0,
        "share_before": sum(before) / len(before) if before else 0.0,
        "share_last": sum(last) / len(last) if last else 0.0,
        "pod0_sequence": [(a, p) for a, p in zip(arrivals, on_pod0, strict=True)],
        "share_curve": bins,
    }


def _settle(run: dict[str, Any], settled: float) -> tuple[int | None, float | None]:
    """Requests routed to pod 0 after the slowdown before the first window of ``WINDOW``
    arrivals whose share is at or below ``settled``, and the moment that window starts."""
    seq = [(a, p) for a, p in run["pod0_sequence"] if a >= SLOW_AT_S]
    routed = 0
    window = sum(p for _, p in seq[:WINDOW])
    for i in range(len(seq) - WINDOW + 1):
        if i:
            window += seq[i + WINDOW - 1][1] - seq[i - 1][1]
        if window / WINDOW <= settled:
            return routed, seq[i][0] - SLOW_AT_S
        routed += seq[i][1]
    return None, None


def _when(n: int | None, after_s: float | None) -> str:
    return "never" if n is None or after_s is None else f"{n} ({after_s:.1f})"


def main() -> int:
    tasks = [(p, s, r) for p in RATES for s in SCENARIOS for r in ROUTERS]
    with ProcessPoolExecutor() as pool:
        runs = list(pool.map(_run, tasks))
    by = {(r["profile"], r["scenario"], r["router"]): r for r in runs}
    lines = [
        "# A pod slowed 3x mid-run",
        "",
        "Command: `nice -n 10 .venv/bin/python benchmarks/hetero_slowdown.py` (routing "
        "harness, virtual clock, seed 0; deterministic).",
        "",
        (__doc__ or "").split("\n\n", 2)[2].strip(),
        "",
        f"Rates: {', '.join(f'{p} {r:g} req/s' for p, r in RATES.items())}; measured stage "
        f"{STAGE_S:g} s after the warm-up; pod 0 slowed {FACTOR:g}x at {SLOW_AT_S:g} s of "
        f"virtual time; share windows of {WINDOW} arrivals. Pod 0's share of a pool of 8 pods "
        f"by speed alone: 12.5 % before, {1 / FACTOR / (7 + 1 / FACTOR):.1%} after.",
        "",
        "| profile | router | share before | settled share (slow from start) | share, last "
        f"60 s (mid-run) | requests (s) to share <= {SPEED_SHARE:.1%} | requests (s) to the "
        "settled share | SLO met mid-run | slow from start | never slow | mid-run vs slow from "
        "start | after the slowdown: mid-run / slow from start | goals met (<= 50 requests; "
        "SLO within 5 %) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    summary = []
    for profile in RATES:
        for router in ROUTERS:
            mid = by[(profile, "mid-run", router)]
            slow = by[(profile, "slow from start", router)]
            never = by[(profile, "never slow", router)]
            settled = slow["share_last"]
            n, after_s = _settle(mid, settled)
            n_speed, after_speed_s = _settle(mid, SPEED_SHARE)
            rel = mid["slo_met"] / slow["slo_met"] - 1.0 if slow["slo_met"] else float("nan")
            rel_after = (
                mid["slo_met_after"] / slow["slo_met_after"] - 1.0
                if slow["slo_met_after"]
                else float("nan")
            )
            fast = n_speed is not None and n_speed <= GOAL_REQUESTS
            met = f"{'yes' if fast else 'no'}; {'yes' if abs(rel) <= GOAL_SLO_RELATIVE else 'no'}"
            lines.append(
                f"| {profile} | {router} | {mid['share_before']:.1%} | {settled:.1%} | "
                f"{mid['share_last']:.1%} | {_when(n_speed, after_speed_s)} | "
                f"{_when(n, after_s)} | {mid['slo_met']:.1%} | "
                f"{slow['slo_met']:.1%} | {never['slo_met']:.1%} | {rel:+.1%} | "
                f"{mid['slo_met_after']:.1%} / {slow['slo_met_after']:.1%} ({rel_after:+.1%}) | "
                f"{met} |"
            )
            summary.append(
                {
                    "profile": profile,
                    "router": router,
                    "share_before": mid["share_before"],
                    "settled_share": settled,
                    "share_last_mid_run": mid["share_last"],
                    "requests_to_speed_share": n_speed,
                    "seconds_to_speed_share": after_speed_s,
                    "requests_to_settled_share": n,
                    "seconds_to_settled_share": after_s,
                    "slo_met_mid_run": mid["slo_met"],
                    "slo_met_slow_from_start": slow["slo_met"],
                    "slo_met_never_slow": never["slo_met"],
                    "slo_met_after_mid_run": mid["slo_met_after"],
                    "slo_met_after_slow_from_start": slow["slo_met_after"],
                    "goals_met": met,
                }
            )
    lines += ["", "![pod 0's share](hetero_slowdown.png)", ""]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "hetero_slowdown.md").write_text("\n".join(lines))
    (RESULTS / "hetero_slowdown.json").write_text(json.dumps(summary, indent=2) + "\n")
    _plot(by, RESULTS / "hetero_slowdown.png")
    print("\n".join(lines))
    return 0


def _plot(by: dict[tuple[str, str, str], dict[str, Any]], path: Path) -> None:
    fig, axes = plt.subplots(1, len(RATES), figsize=(12, 4), sharey=True)
    for ax, profile in zip(axes, RATES, strict=True):
        for router, style in zip(ROUTERS, ("-", "--"), strict=True):
            for scenario, colour in (("mid-run", "C3"), ("slow from start", "C0")):
                curve = by[(profile, scenario, router)]["share_curve"]
                ax.plot(
                    [t for t, _ in curve],
                    [s for _, s in curve],
                    style,
                    color=colour,
                    label=f"{router}, {scenario}",
                )
        ax.axvline(SLOW_AT_S, color="grey", linewidth=0.8)
        ax.set_title(f"{profile}, {RATES[profile]:g} req/s")
        ax.set_xlabel("virtual time (s)")
    axes[0].set_ylabel(f"pod 0's share ({WINDOW}-arrival windows)")
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
