"""From run records to the report: one row per (workload, router, load), JSON, Markdown, PNG.

Definitions (stated in ``meta`` of every ``results.json``):

- TTFT = first token time - arrival; ITL = a request's mean gap between output tokens
  after the first (``itl_mean_s`` averages that over requests); e2e = finish - arrival.
- makespan = last finish - first arrival; ``output_tokens_per_s`` = output tokens /
  makespan; ``goodput_rpm`` = requests meeting the SLO per minute of makespan.
- ``cache_hit_rate`` = prompt tokens the engines served from their prefix cache / prompt
  tokens (what vLLM's ``prefix_cache_hits / prefix_cache_queries`` reports).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kinference_epp.bench.harness import RunResult
from kinference_epp.bench.routing import OURS


@dataclass(frozen=True, slots=True)
class Slo:
    ttft_s: float = 2.0
    itl_s: float = 0.05

    def describe(self) -> str:
        return f"TTFT <= {self.ttft_s:g} s and mean ITL <= {self.itl_s * 1000:g} ms"


def row(result: RunResult, slo: Slo) -> dict[str, Any]:
    """The figures of one run (see the module docstring for definitions)."""
    recs = result.records
    base: dict[str, Any] = {
        "workload": result.workload,
        "router": result.router,
        "load": result.load,
        "load_kind": result.load_kind,
        "requests": len(recs),
        "unfinished": result.unfinished,
    }
    if not recs:
        return base
    ttft = np.array([r.ttft_s for r in recs])
    itl = np.array([r.itl_s for r in recs])
    e2e = np.array([r.e2e_s for r in recs])
    makespan = max(r.finish for r in recs) - min(r.arrival for r in recs)
    met = int(np.count_nonzero((ttft <= slo.ttft_s) & (itl <= slo.itl_s)))
    prompt = sum(r.prompt_tokens for r in recs)
    picks = np.array(list(result.picks.values()), dtype=np.float64)
    p50, p90, p99 = np.percentile(ttft, [50, 90, 99]).tolist()
    return base | {
        "ttft_p50_s": p50,
        "ttft_p90_s": p90,
        "ttft_p99_s": p99,
        "itl_mean_s": float(itl.mean()),
        "e2e_p50_s": float(np.percentile(e2e, 50)),
        "output_tokens_per_s": sum(r.output_tokens for r in recs) / makespan,
        "goodput_rpm": met / makespan * 60.0,
        "slo_met_fraction": met / len(recs),
        "cache_hit_rate": sum(r.cached_tokens for r in recs) / prompt if prompt else 0.0,
        "preemptions": result.preemptions,
        "makespan_s": makespan,
        "pick_spread": float(picks.max() / picks.mean()) if picks.sum() else 0.0,
        "wall_s": result.wall_s,
    }


def write_json(path: Path, meta: dict[str, Any], rows: Sequence[dict[str, Any]]) -> None:
    path.write_text(json.dumps({"meta": meta, "rows": list(rows)}, indent=1, sort_keys=False))


# ---- Markdown ------------------------------------------------------------------------

_COLUMNS = (
    ("load", "load", "{:g}"),
    ("router", "router", "{}"),
    ("requests", "req", "{}"),
    ("ttft_p50_s", "TTFT p50 s", "{:.3f}"),
    ("ttft_p90_s", "TTFT p90 s", "{:.3f}"),
    ("ttft_p99_s", "TTFT p99 s", "{:.3f}"),
    ("itl_mean_s", "ITL ms", "{:.1f}"),
    ("e2e_p50_s", "e2e p50 s", "{:.2f}"),
    ("output_tokens_per_s", "out tok/s", "{:.0f}"),
    ("goodput_rpm", "goodput req/min", "{:.1f}"),
    ("cache_hit_rate", "cache hit", "{:.2f}"),
    ("preemptions", "preempt", "{}"),
)


def _cell(key: str, fmt: str, r: dict[str, Any]) -> str:
    value = r.get(key)
    if value is None:
        return "—"
    if key == "itl_mean_s":
        value = value * 1000.0
    return fmt.format(value)


def markdown_table(rows: Sequence[dict[str, Any]]) -> str:
    head = "| " + " | ".join(title for _, title, _ in _COLUMNS) + " |"
    rule = "|" + "|".join("---:" if k not in ("router",) else "---" for k, _, _ in _COLUMNS) + "|"
    lines = [head, rule]
    for r in rows:
        lines.append("| " + " | ".join(_cell(k, f, r) for k, _, f in _COLUMNS) + " |")
    return "\n".join(lines)


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return a / b


def comparisons(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (workload, load): ``kinference`` against round-robin and approx-prefix, side by side."""
    by_key = {(r["workload"], r["load"], r["router"]): r for r in rows}
    out = []
    for (workload, load, router), ours in by_key.items():
        if router != OURS:
            continue
        rr = by_key.get((workload, load, "round-robin"))
        ap = by_key.get((workload, load, "approx-prefix"))
        item: dict[str, Any] = {"workload": workload, "load": load}
        if rr is not None:
            p50 = _ratio(ours.get("ttft_p50_s"), rr.get("ttft_p50_s"))
            item["ttft_p50_change_vs_rr"] = None if p50 is None else p50 - 1.0
            item["goodput_x_vs_rr"] = _ratio(ours.get("goodput_rpm"), rr.get("goodput_rpm"))
        if ap is not None:
            item["ttft_p90_x_lower_vs_approx"] = _ratio(
                ap.get("ttft_p90_s"), ours.get("ttft_p90_s")
            )
            tput = _ratio(ours.get("output_tokens_per_s"), ap.get("output_tokens_per_s"))
            item["throughput_change_vs_approx"] = None if tput is None else tput - 1.0
        out.append(item)
    return out


def _fmt(value: float | None, fmt: str) -> str:
    return "—" if value is None else fmt.format(value)


def comparison_table(items: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| workload | load | TTFT p50 vs round-robin | goodput x round-robin "
        "| TTFT p90 x lower than approx-prefix | out tok/s vs approx-prefix |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for c in items:
        lines.append(
            f"| {c['workload']} | {c['load']:g} "
            f"| {_fmt(c.get('ttft_p50_change_vs_rr'), '{:+.0%}')} "
            f"| {_fmt(c.get('goodput_x_vs_rr'), '{:.2f}x')} "
            f"| {_fmt(c.get('ttft_p90_x_lower_vs_approx'), '{:.1f}x')} "
            f"| {_fmt(c.get('throughput_change_vs_approx'), '{:+.0%}')} |"
        )
    return "\n".join(lines)


def markdown(meta: dict[str, Any], rows: Sequence[dict[str, Any]]) -> str:
    parts = [
        "# Routing benchmark results",
        "",
        f"Latency model: `{meta['latency_model']}`; seed {meta['seed']}; SLO: {meta['slo']}; "
        f"KV events delivered {meta['event_delay_s'] * 1000:g} ms after their step; loads "
        f"scraped every {meta['scrape_interval_s'] * 1000:g} ms. Command: `{meta['command']}`.",
        "",
    ]
    for workload in dict.fromkeys(r["workload"] for r in rows):
        sub = [r for r in rows if r["workload"] == workload]
        kind = sub[0]["load_kind"]
        unit = "requests/s (Poisson)" if kind == "poisson" else "concurrent users"
        info = meta.get("workloads", {}).get(workload, {})
        parts += [f"## {workload}", "", f"Load: {unit}. {info.get('description', '')}".rstrip()]
        if "num_gpu_blocks" in info:
            parts.append(f"KV blocks per pod: {info['num_gpu_blocks']}; pods: {info['pods']}.")
        parts += ["", markdown_table(sub), ""]
        if (Path(meta.get("out", ".")) / f"{workload}.png").exists():
            parts += [f"![{workload}]({workload}.png)", ""]
    comps = comparisons(rows)
    if comps:
        parts += [
            f"## {OURS} against the baselines, per load point",
            "",
            comparison_table(comps),
            "",
        ]
    return "\n".join(parts)


# ---- plots ---------------------------------------------------------------------------


def plot(path: Path, workload: str, rows: Sequence[dict[str, Any]]) -> None:
    """TTFT p90 and goodput against load, one line per router (matplotlib, Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sub = [r for r in rows if r["workload"] == workload and "ttft_p90_s" in r]
    if not sub:
        return
    kind = sub[0]["load_kind"]
    xlabel = "offered load (requests/s)" if kind == "poisson" else "concurrency (users)"
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for router in dict.fromkeys(r["router"] for r in sub):
        pts = sorted(
            (r["load"], r["ttft_p90_s"], r["goodput_rpm"]) for r in sub if r["router"] == router
        )
        xs = [p[0] for p in pts]
        ax1.plot(xs, [p[1] for p in pts], marker="o", label=router)
        ax2.plot(xs, [p[2] for p in pts], marker="o", label=router)
    ax1.set_yscale("log")
    ax1.set_title(f"{workload}: TTFT p90")
    ax1.set_ylabel("seconds (log)")
    ax2.set_title(f"{workload}: goodput")
    ax2.set_ylabel("requests/min meeting SLO")
    for ax in (ax1, ax2):
        ax.set_xlabel(xlabel)
        if kind != "poisson":
            ax.set_xscale("log", base=2)
        ax.grid(True, alpha=0.3)
    ax2.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
