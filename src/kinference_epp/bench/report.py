"""From run records to the report: rows per load point, capacities, JSON, Markdown, PNG.

Definitions (stated in ``meta`` of every ``results.json``):

- A *load point* is one stage of an open-loop ladder (requests per second; the requests
  that arrived in it) or one concurrency level of a closed loop (users).
- TTFT = first token time - arrival; ITL = a request's mean gap between output tokens
  after the first (``itl_mean_s`` averages that over requests); e2e = finish - arrival.
- A request meets the SLO when its TTFT and its ITL are both within the SLO's bounds;
  a request still in flight when the run stopped (``unfinished``) does not, nor does one the
  admission layer refused (open loop). ``shed`` counts every refusal (429, or 503 when a
  queued request's TTL passes) in either loop; a closed-loop user sends the turn again after
  the ``retry-after``, and its TTFT counts from the first attempt. ``queued`` counts the
  requests that waited in the admission layer's queue before being routed (their TTFT
  counts from their arrival). ``slo_met_fraction`` = requests meeting it / requests of the load point
  (open loop: finished + unfinished + shed; closed loop: finished + unfinished).
- ``admission``: the admission layer on top of the router (``bench/admission.py``); every
  router runs under every layer asked for.
- Seeds: every point runs once per seed; the tables show the median over seeds, with the
  spread (min-max) where it matters; a router's capacity is the median of its per-seed
  capacities.
- ``capacity`` of a router = the highest load point at which, and at every lower one,
  at least ``Slo.fraction`` of the requests meet the SLO (0 when the first point fails;
  ``reached`` false when no point fails, so the capacity is at least the last point).
  ``capacity_rps`` is that load for an open loop, the completed requests per second at
  that point for a closed loop.
- window = last finish - first arrival of the load point's finished requests;
  ``output_tokens_per_s`` = their output tokens / window; ``goodput_rpm`` = requests
  meeting the SLO per minute of window; ``achieved_rps`` = finished requests / window.
- ``cache_hit_rate`` = prompt tokens the engines served from their prefix cache / prompt
  tokens (what vLLM's ``prefix_cache_hits / prefix_cache_queries`` reports).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kinference_epp.bench.clients import WARMUP
from kinference_epp.bench.harness import RequestRecord, RunResult
from kinference_epp.bench.routing import OURS

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Slo:
    ttft_s: float = 2.0
    itl_s: float = 0.05
    fraction: float = 0.9
    """The share of requests that must meet the bounds for a load point to hold."""

    def describe(self) -> str:
        return (
            f"TTFT <= {self.ttft_s:g} s and mean ITL <= {self.itl_s * 1000:g} ms for "
            f">= {self.fraction:.0%} of requests"
        )


def rows(result: RunResult, slo: Slo) -> list[Row]:
    """One row per load point of a run (see the module docstring for definitions)."""
    by_stage: dict[int, list[RequestRecord]] = {}
    for r in result.records:
        if r.stage != WARMUP:
            by_stage.setdefault(r.stage, []).append(r)
    out = []
    for stage, load in enumerate(result.loads):
        recs = by_stage.get(stage, [])
        row = _row(
            result,
            load,
            recs,
            result.unfinished.get(stage, 0),
            result.shed.get(stage, 0),
            result.preemptions_by_stage.get(stage, 0),
            slo,
        )
        out.append(row | {"queued": result.queued.get(stage, 0)})
    if len(result.loads) == 1:
        out[0]["preemptions"] = result.preemptions
    return out


def _row(
    result: RunResult,
    load: float,
    recs: list[RequestRecord],
    unfinished: int,
    shed: int,
    preemptions: int,
    slo: Slo,
) -> Row:
    refused = shed if result.load_kind != "concurrency" else 0
    base: Row = {
        "workload": result.workload,
        "latency_profile": result.latency,
        "router": result.router,
        "admission": result.admission,
        "seed": result.seed,
        "load": load,
        "load_kind": result.load_kind,
        "requests": len(recs) + unfinished + refused,
        "unfinished": unfinished,
        "shed": shed,
        "preemptions": preemptions,
    }
    if not recs:
        return base | {"slo_met_fraction": 0.0}
    ttft = np.array([r.ttft_s for r in recs])
    itl = np.array([r.itl_s for r in recs])
    e2e = np.array([r.e2e_s for r in recs])
    window = max(r.finish for r in recs) - min(r.arrival for r in recs)
    window = max(window, 1e-9)
    met = int(np.count_nonzero((ttft <= slo.ttft_s) & (itl <= slo.itl_s)))
    prompt = sum(r.prompt_tokens for r in recs)
    p50, p90, p99 = np.percentile(ttft, [50, 90, 99]).tolist()
    return base | {
        "ttft_p50_s": p50,
        "ttft_p90_s": p90,
        "ttft_p99_s": p99,
        "itl_mean_s": float(itl.mean()),
        "e2e_p50_s": float(np.percentile(e2e, 50)),
        "output_tokens_per_s": sum(r.output_tokens for r in recs) / window,
        "goodput_rpm": met / window * 60.0,
        "achieved_rps": len(recs) / window,
        "slo_met_fraction": met / (len(recs) + unfinished + refused),
        "cache_hit_rate": sum(r.cached_tokens for r in recs) / prompt if prompt else 0.0,
    }


# ---- capacity ------------------------------------------------------------------------


def _key(r: Row) -> tuple[str, str, str, str, int]:
    return (
        r["workload"],
        r.get("latency_profile", ""),
        r["router"],
        r.get("admission", "none"),
        r.get("seed", 0),
    )


def capacities(all_rows: Iterable[Row], slo: Slo) -> list[Row]:
    """Per (workload, latency profile, router, admission, seed): its capacity at the SLO."""
    groups: dict[tuple[str, str, str, str, int], list[Row]] = {}
    for r in all_rows:
        groups.setdefault(_key(r), []).append(r)
    out = []
    for (workload, profile, router, admission, seed), sub in groups.items():
        sub = sorted(sub, key=lambda r: r["load"])
        held: Row | None = None
        reached = False
        for r in sub:
            if r.get("slo_met_fraction", 0.0) < slo.fraction:
                reached = True
                break
            held = r
        closed = sub[0]["load_kind"] == "concurrency"
        out.append(
            {
                "workload": workload,
                "router": router,
                "latency_profile": profile,
                "admission": admission,
                "seed": seed,
                "capacity_rps": 0.0
                if held is None
                else (held.get("achieved_rps", 0.0) if closed else held["load"]),
                "capacity_load": 0.0 if held is None else held["load"],
                "load_kind": sub[0]["load_kind"],
                "reached": reached,
            }
        )
    return out


SPREAD = ("slo_met_fraction", "ttft_p50_s", "ttft_p90_s", "itl_mean_s", "e2e_p50_s", "shed")
"""Figures whose spread over seeds the aggregated rows keep (``<name>_min``, ``<name>_max``)."""


def over_seeds(items: Iterable[Row], by: Sequence[str]) -> list[Row]:
    """Rows (or capacities) grouped by the ``by`` fields: every numeric figure the median over
    the group's seeds, ``seeds`` how many, and the min and max of the ``SPREAD`` figures and of
    the capacity."""
    groups: dict[tuple[Any, ...], list[Row]] = {}
    for r in items:
        groups.setdefault(tuple(r.get(k) for k in by), []).append(r)
    out = []
    for sub in groups.values():
        first = sub[0]
        agg: Row = {k: v for k, v in first.items() if not _numeric(v) or k in by}
        agg.pop("seed", None)
        agg["seeds"] = sorted({r.get("seed", 0) for r in sub})
        if "reached" in first:  # a capacity: reached when every seed's was
            agg["reached"] = all(r["reached"] for r in sub)
        for k, v in first.items():
            if k in by or k == "seed" or not _numeric(v):
                continue
            values = [float(r[k]) for r in sub if r.get(k) is not None]
            if not values:
                continue
            agg[k] = float(np.median(values))
            if k in SPREAD or k.startswith("capacity"):
                agg[f"{k}_min"], agg[f"{k}_max"] = min(values), max(values)
        out.append(agg)
    return out


def _numeric(v: object) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


POINT = ("workload", "latency_profile", "router", "admission", "load", "load_kind")
"""What identifies one load point of one router under one admission layer (all seeds)."""

CAPACITY = ("workload", "latency_profile", "router", "admission", "load_kind")


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return a / b


def checks(all_rows: Sequence[Row], summary: Sequence[Row]) -> list[Row]:
    """Per (workload, profile): ``kinference`` against the peers, the figures the targets use.

    - capacity ratio to round-robin and to the best peer;
    - at the first load point where ``gie-approx`` fails the SLO: TTFT p90 of gie-approx
      over ours, and our output tokens/s over its;
    - the worst load point: our requests within the SLO relative to the best peer's.
    """
    caps = {(s["workload"], s["latency_profile"], s["router"]): s for s in summary}
    by_point: dict[tuple[str, str, float], dict[str, Row]] = {}
    for r in all_rows:
        by_point.setdefault((r["workload"], r["latency_profile"], r["load"]), {})[r["router"]] = r
    out = []
    for workload, profile in dict.fromkeys((s["workload"], s["latency_profile"]) for s in summary):
        ours = caps.get((workload, profile, OURS))
        if ours is None:
            continue
        peers = [
            s
            for s in summary
            if s["workload"] == workload and s["latency_profile"] == profile and s["router"] != OURS
        ]
        best = max(peers, key=lambda s: s["capacity_rps"], default=None)
        rr = caps.get((workload, profile, "round-robin"))
        item: Row = {
            "workload": workload,
            "latency_profile": profile,
            "capacity_rps": ours["capacity_rps"],
            "x_round_robin": _ratio(ours["capacity_rps"], rr["capacity_rps"] if rr else None),
            "best_peer": best["router"] if best else None,
            "x_best_peer": _ratio(ours["capacity_rps"], best["capacity_rps"] if best else None),
        }
        points = sorted(
            (load, routers)
            for (w, p, load), routers in by_point.items()
            if w == workload and p == profile and OURS in routers
        )
        gie_break = next(
            (
                (load, routers)
                for load, routers in points
                if "gie-approx" in routers and routers["gie-approx"]["slo_met_fraction"] < 0.9
            ),
            None,
        )
        if gie_break is not None:
            load, routers = gie_break
            mine, gie = routers[OURS], routers["gie-approx"]
            item["gie_break_load"] = load
            item["gie_ttft_p90_x"] = _ratio(gie.get("ttft_p90_s"), mine.get("ttft_p90_s"))
            tput = _ratio(mine.get("output_tokens_per_s"), gie.get("output_tokens_per_s"))
            item["gie_tokens_per_s_change"] = None if tput is None else tput - 1.0
        worst: tuple[float, float, str] | None = None
        for load, routers in points:
            mine_f = routers[OURS]["slo_met_fraction"]
            others = [(r["slo_met_fraction"], name) for name, r in routers.items() if name != OURS]
            if not others:
                continue
            best_f, best_name = max(others)
            rel = mine_f / best_f if best_f > 0 else 1.0
            if worst is None or rel < worst[0]:
                worst = (rel, load, best_name)
        if worst is not None:
            item["worst_point_slo_vs_best"] = worst[0]
            item["worst_point_load"] = worst[1]
            item["worst_point_best_peer"] = worst[2]
        out.append(item)
    return out


def write_json(
    path: Path,
    meta: dict[str, Any],
    all_rows: Sequence[Row],
    summary: Sequence[Row] = (),
    runs: Sequence[Row] = (),
    by_seed: Sequence[Row] = (),
) -> None:
    """``rows`` and ``summary`` over seeds; ``runs`` and ``capacities_by_seed`` per seed."""
    data = {
        "meta": meta,
        "summary": list(summary),
        "rows": list(all_rows),
        "capacities_by_seed": list(by_seed),
        "runs": list(runs),
    }
    path.write_text(json.dumps(data, indent=1, sort_keys=False))


# ---- Markdown ------------------------------------------------------------------------

_COLUMNS = (
    ("load", "load", "{:g}"),
    ("router", "router", "{}"),
    ("admission", "admission", "{}"),
    ("requests", "req", "{:g}"),
    ("slo_met_fraction", "in SLO", "{:.0%}"),
    ("slo_met_range", "in SLO (min-max)", "{}"),
    ("ttft_p50_s", "TTFT p50 s", "{:.3f}"),
    ("ttft_p90_s", "TTFT p90 s", "{:.3f}"),
    ("ttft_p99_s", "TTFT p99 s", "{:.3f}"),
    ("itl_mean_s", "ITL ms", "{:.1f}"),
    ("e2e_p50_s", "e2e p50 s", "{:.2f}"),
    ("output_tokens_per_s", "out tok/s", "{:.0f}"),
    ("goodput_rpm", "goodput req/min", "{:.0f}"),
    ("cache_hit_rate", "cache hit", "{:.2f}"),
    ("preemptions", "preempt", "{:g}"),
    ("unfinished", "unfinished", "{:g}"),
    ("shed", "shed", "{:g}"),
)


def _cell(key: str, fmt: str, r: Row) -> str:
    if key == "slo_met_range":
        low, high = r.get("slo_met_fraction_min"), r.get("slo_met_fraction_max")
        return "—" if low is None else f"{low:.0%}-{high:.0%}"
    value = r.get(key)
    if value is None:
        return "—"
    if key == "itl_mean_s":
        value = value * 1000.0
    return fmt.format(value)


def markdown_table(sub: Sequence[Row]) -> str:
    head = "| " + " | ".join(title for _, title, _ in _COLUMNS) + " |"
    rule = (
        "|"
        + "|".join("---" if k in ("router", "admission") else "---:" for k, _, _ in _COLUMNS)
        + "|"
    )
    lines = [head, rule]
    for r in sub:
        lines.append("| " + " | ".join(_cell(k, f, r) for k, _, f in _COLUMNS) + " |")
    return "\n".join(lines)


def _fmt(value: float | None, fmt: str) -> str:
    return "—" if value is None else fmt.format(value)


def capacity_table(summary: Sequence[Row], routers: Sequence[str]) -> str:
    """One line per (workload, profile, admission), one column per router: capacity at the
    SLO, the median over seeds with its range (min-max) when the seeds differ."""
    caps = {
        (s["workload"], s["latency_profile"], s.get("admission", "none"), s["router"]): s
        for s in summary
    }
    lines = [
        "| workload | profile | admission | unit | " + " | ".join(routers) + " |",
        "|---|---|---|---|" + "---:|" * len(routers),
    ]
    for workload, profile, admission in dict.fromkeys(
        (s["workload"], s["latency_profile"], s.get("admission", "none")) for s in summary
    ):
        first = next(
            s for s in summary if s["workload"] == workload and s["latency_profile"] == profile
        )
        unit = "req/s" if first["load_kind"] != "concurrency" else "req/s (users)"
        cells = []
        for router in routers:
            s = caps.get((workload, profile, admission, router))
            if s is None:
                cells.append("—")
                continue
            text = f"{s['capacity_rps']:.1f}"
            if s["load_kind"] == "concurrency":
                text += f" ({s['capacity_load']:g})"
            if not s["reached"]:
                text = "≥ " + text
            low, high = s.get("capacity_rps_min"), s.get("capacity_rps_max")
            spread = f" ({low:.1f}-{high:.1f})" if low is not None and high != low else ""
            cells.append((f"**{text}**" if router == OURS else text) + spread)
        lines.append(
            f"| {workload} | {profile} | {admission} | {unit} | " + " | ".join(cells) + " |"
        )
    return "\n".join(lines)


def checks_table(items: Sequence[Row]) -> str:
    lines = [
        f"| workload | profile | {OURS} capacity x round-robin | x best peer (which) "
        "| gie-approx breaks at | its TTFT p90 / ours | our tok/s vs its "
        "| worst point: our in-SLO share / best peer's (load, peer) |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for c in items:
        worst = (
            f"{_fmt(c.get('worst_point_slo_vs_best'), '{:.0%}')} "
            f"({c.get('worst_point_load', '—')}, {c.get('worst_point_best_peer', '—')})"
        )
        lines.append(
            f"| {c['workload']} | {c['latency_profile']} "
            f"| {_fmt(c.get('x_round_robin'), '{:.2f}x')} "
            f"| {_fmt(c.get('x_best_peer'), '{:.2f}x')} ({c.get('best_peer') or '—'}) "
            f"| {_fmt(c.get('gie_break_load'), '{:g}')} "
            f"| {_fmt(c.get('gie_ttft_p90_x'), '{:.0f}x')} "
            f"| {_fmt(c.get('gie_tokens_per_s_change'), '{:+.0%}')} "
            f"| {worst} |"
        )
    return "\n".join(lines)


def _commands(meta: dict[str, Any]) -> list[str]:
    """The header's command line, or one line per command of a merged run
    (``benchmarks/routing_merge.py``) with the routers and admission layers it produced."""
    if not meta.get("commands"):
        return [f"Command: `{meta['command']}`"]
    lines = ["Commands (merged by `benchmarks/routing_merge.py`; each the runs it produced):", ""]
    lines += [f"- `{c['command']}`: {', '.join(c['rows'])}" for c in meta["commands"]]
    return lines


def markdown(meta: dict[str, Any], all_rows: Sequence[Row], summary: Sequence[Row] = ()) -> str:
    """The report of ``all_rows`` and ``summary`` aggregated over seeds (``over_seeds``)."""
    routers = list(dict.fromkeys(r["router"] for r in all_rows))
    admissions = list(dict.fromkeys(r.get("admission", "none") for r in all_rows))
    parts = [
        "# Routing benchmark results",
        "",
        f"SLO: {meta['slo']}. Latency profiles: {', '.join(meta.get('latency_models', []))} "
        f"(`sim/latency.py`); seeds {', '.join(str(x) for x in meta['seeds'])} (median, "
        f"spread min-max); admission layers {', '.join(admissions)} (`bench/admission.py`); "
        f"access-log records teach {'every router that learns from them' if meta.get('access_log') else 'no router'}; "
        f"KV events delivered {meta['event_delay_s'] * 1000:g} ms after their step; loads "
        f"scraped every {meta['scrape_interval_s'] * 1000:g} ms.",
        "",
        *_commands(meta),
        "",
    ]
    if summary:
        parts += [
            "## Capacity at the SLO",
            "",
            "The highest load at which the SLO holds for the share of requests it names, "
            "here and at every lower load point ('≥': it held at every point run), per "
            "admission layer: `none` is routing alone.",
            "",
            capacity_table(summary, routers),
            "",
        ]
        for admission in admissions:
            sub_rows = [r for r in all_rows if r.get("admission", "none") == admission]
            sub_caps = [s for s in summary if s.get("admission", "none") == admission]
            parts += [
                f"Admission `{admission}`:",
                "",
                checks_table(checks(sub_rows, sub_caps)),
                "",
            ]
    for workload in dict.fromkeys(r["workload"] for r in all_rows):
        info = meta.get("workloads", {}).get(workload, {})
        parts += [f"## {workload}", "", str(info.get("description", "")).strip(), ""]
        if "num_gpu_blocks" in info:
            parts += [f"KV blocks per pod: {info['num_gpu_blocks']}; pods: {info['pods']}.", ""]
        for profile in dict.fromkeys(
            r["latency_profile"] for r in all_rows if r["workload"] == workload
        ):
            sub = [
                r for r in all_rows if r["workload"] == workload and r["latency_profile"] == profile
            ]
            kind = sub[0]["load_kind"]
            unit = "requests/s" if kind != "concurrency" else "concurrent users"
            sub = sorted(
                sub,
                key=lambda r: (
                    r["load"],
                    routers.index(r["router"]),
                    admissions.index(r.get("admission", "none")),
                ),
            )
            parts += [f"### {workload}, {profile} (load: {unit})", "", markdown_table(sub), ""]
            png = f"{workload}-{profile}.png"
            if (Path(meta.get("out", ".")) / png).exists():
                parts += [f"![{workload} {profile}]({png})", ""]
    return "\n".join(parts)


# ---- plots ---------------------------------------------------------------------------


def plot(path: Path, workload: str, profile: str, all_rows: Sequence[Row], slo: Slo) -> None:
    """TTFT p90 and the share of requests within the SLO against load, one line per router."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sub = [r for r in all_rows if r["workload"] == workload and r["latency_profile"] == profile]
    if not sub:
        return
    kind = sub[0]["load_kind"]
    xlabel = "offered load (requests/s)" if kind != "concurrency" else "concurrency (users)"
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.4))
    for router, admission in dict.fromkeys((r["router"], r.get("admission", "none")) for r in sub):
        pts = sorted(
            (r["load"], r.get("ttft_p90_s", float("nan")), r["slo_met_fraction"])
            for r in sub
            if r["router"] == router and r.get("admission", "none") == admission
        )
        xs = [p[0] for p in pts]
        style: dict[str, Any] = (
            {"linewidth": 2.6, "color": "black"} if router == OURS else {"linewidth": 1.2}
        )
        label = router
        if admission != "none":
            style["linestyle"] = "--"
            label = f"{router} + {admission}"
        ax1.plot(xs, [p[1] for p in pts], marker="o", markersize=3, label=label, **style)
        ax2.plot(xs, [p[2] for p in pts], marker="o", markersize=3, label=label, **style)
    ax1.set_yscale("log")
    ax1.axhline(slo.ttft_s, color="grey", linestyle=":", linewidth=1)
    ax1.set_title(f"{workload} ({profile}): TTFT p90")
    ax1.set_ylabel("seconds (log)")
    ax2.axhline(slo.fraction, color="grey", linestyle=":", linewidth=1)
    ax2.set_title(f"{workload} ({profile}): requests within the SLO")
    ax2.set_ylabel("share of requests")
    for ax in (ax1, ax2):
        ax.set_xlabel(xlabel)
        if kind == "concurrency":
            ax.set_xscale("log", base=2)
        ax.grid(True, alpha=0.3)
    ax2.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
