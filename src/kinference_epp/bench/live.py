"""Live cross-check: a harness workload through real Envoy, the real picker and simulated
pods on a slowed wall clock, reported beside the virtual-clock harness on the same spec.

The harness's conclusions only count if the live system agrees. Both runs take the same
``WorkloadSpec`` (token-id prompts, pods, KV size, latency profile) and the same seeded
arrival ladder; the live run sends each prompt as ``/v1/completions`` token ids through
Envoy, so tokenization cannot differ, and records times in simulated seconds (wall
seconds / ``time_scale``). A time scale above 1 slows the pods' clock so that they
saturate at request rates this process can drive; Envoy, HTTP and the picker are not
slowed, so they count for less than in a real deployment, and one event loop carries
pods, picker and clients: the report states the loop's lag so a distorted run shows.
Compare the ordering of routers, not absolute figures.

    python -m kinference_epp.bench.live --workload benchmarks/workloads/live/live-shared-prefix.yaml \\
        --routers round-robin,approx-prefix,kinference --latency h100-32b --time-scale 4 \\
        --out benchmarks/results/live
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import aiohttp
import numpy as np

from kinference_epp.api.wire_names import UPSTREAM_HEADER
from kinference_epp.bench import report
from kinference_epp.bench.clients import LadderClient
from kinference_epp.bench.harness import HarnessOptions, RequestRecord, RunResult, run_one
from kinference_epp.bench.routing import preset_of
from kinference_epp.bench.workloads import WorkloadSpec, conversations, load_workload
from kinference_epp.config.model import ShedConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import read_stream
from kinference_epp.scheduling.plugins.load_cost_scorer import LoadCostScorerParams
from kinference_epp.scheduling.routers import PRECISE_PREFIX_SCORERS
from kinference_epp.sim.latency import latency_model
from kinference_epp.sim.server import PodSpec


@dataclass(frozen=True, slots=True)
class Sent:
    status: int
    endpoint: str
    ttft_s: float | None
    e2e_s: float
    prompt_tokens: int
    cached_tokens: int
    output_tokens: int


@dataclass(slots=True)
class LoopLag:
    """How late a periodic timer fires on the shared event loop (pods, picker, clients)."""

    samples: list[float]

    def summary(self) -> dict[str, float]:
        if not self.samples:
            return {"lag_p50_ms": 0.0, "lag_p99_ms": 0.0, "lag_max_ms": 0.0}
        arr = np.array(self.samples) * 1000.0
        p50, p99 = np.percentile(arr, [50, 99]).tolist()
        return {"lag_p50_ms": p50, "lag_p99_ms": p99, "lag_max_ms": float(arr.max())}


async def _watch_lag(lag: LoopLag, period_s: float = 0.01) -> None:
    loop = asyncio.get_running_loop()
    while True:
        t = loop.time()
        await asyncio.sleep(period_s)
        lag.samples.append(max(0.0, loop.time() - t - period_s))


async def send_completion(
    session: aiohttp.ClientSession, url: str, model: str, prompt: list[int], max_tokens: int
) -> Sent:
    """One streamed ``/v1/completions`` of token ids; TTFT at the first chunk with text."""
    body = {
        "model": model,
        "prompt": prompt,
        "max_tokens": max_tokens,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    t0 = time.perf_counter()
    async with session.post(f"{url}/v1/completions", json=body) as resp:
        endpoint = resp.headers.get(UPSTREAM_HEADER, "")
        if resp.status != 200:
            await resp.read()
            return Sent(resp.status, endpoint, None, time.perf_counter() - t0, 0, 0, 0)
        ttft, usage = await read_stream(resp, t0)
    details = usage.get("prompt_tokens_details") or {}
    return Sent(
        200,
        endpoint,
        ttft,
        time.perf_counter() - t0,
        int(usage.get("prompt_tokens", 0)),
        int(details.get("cached_tokens", 0) if isinstance(details, dict) else 0),
        int(usage.get("completion_tokens", 0)),
    )


def stack_options(spec: WorkloadSpec, router: str, latency: str, time_scale: float) -> StackOptions:
    """The live stack for ``spec``: its pods' engine knobs, KV size and latency profile."""
    spec = spec.for_latency(latency_model(latency))
    e = spec.engine
    pod = replace(
        PodSpec(),
        latency=latency,
        block_size=e.block_size,
        max_num_seqs=e.max_num_seqs,
        max_num_batched_tokens=e.max_num_batched_tokens,
    )
    preset = preset_of(router)
    scorers = None
    if preset == "precise-prefix":
        # The ITL limit is in the pods' (simulated) seconds, as the SLO is: the access log
        # the picker learns from times the slowed pods in wall seconds.
        limit = LoadCostScorerParams().itl_limit_s * time_scale
        preset = "weighted"
        scorers = tuple(
            s.model_copy(update={"params": {**s.params, "itl_limit_s": limit}})
            if s.type == "load-cost"
            else s
            for s in PRECISE_PREFIX_SCORERS
        )
    # shedding's bounds likewise: the picker learns each pod's ITL and finish rate in wall seconds
    default = ShedConfig()
    shed = ShedConfig(
        itl_s=default.itl_s * time_scale,
        ttft_s=default.ttft_s * time_scale,
        retry_after_s=max(1, round(default.retry_after_s * time_scale)),
    )
    return StackOptions(
        pods=spec.pods,
        router=preset,
        scorers=scorers,
        shed=shed,
        time_scale=time_scale,
        num_gpu_blocks=spec.num_gpu_blocks(),
        pod_template=pod,
    )


async def run_live(
    spec: WorkloadSpec, router: str, latency: str, *, time_scale: float, seed: int
) -> tuple[RunResult, dict[str, float]]:
    """``spec``'s open-loop ladder through one fresh LocalStack; times in simulated seconds.

    The arrivals are the harness's own (same seed, same ``LadderClient``); requests still
    in flight ``drain_s`` after the last stage are cancelled and count as missing the SLO.
    """
    c = spec.client
    if not c.open_loop or c.stages is None or spec.shared_prefix is None:
        raise ValueError("the live cross-check runs open-loop shared-prefix workloads")
    convs = conversations(spec, seed)
    prompts = [[int(t) for t in (*cv.prefix, *cv.turns[0].user)] for cv in convs]
    outputs = [cv.turns[0].output_tokens for cv in convs]
    ladder = LadderClient(
        c.stages, np.random.default_rng([seed, 7]), poisson=c.kind == "poisson", warmup=c.warmup
    )
    arrivals = ladder.initial(len(convs))
    horizon_s = (ladder.end_s + c.drain_s) * time_scale
    options = stack_options(spec, router, latency, time_scale)
    records: list[RequestRecord] = []
    unfinished: dict[int, int] = {}
    shed: dict[int, int] = {}
    picks: dict[str, int] = {}
    lag = LoopLag([])
    started = time.perf_counter()
    async with LocalStack(options) as stack:
        assert stack.cluster is not None
        picks = {a.hostport: 0 for a in stack.cluster.addresses}
        timeout = aiohttp.ClientTimeout(total=None)
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:

            async def one(at_s: float, conv: int, stage: int, t0: float) -> None:
                await asyncio.sleep(max(0.0, t0 + at_s * time_scale - time.perf_counter()))
                start = time.perf_counter() - t0
                try:
                    out = await send_completion(
                        session, stack.url, options.model, prompts[conv], outputs[conv]
                    )
                except (TimeoutError, aiohttp.ClientError):
                    out = Sent(0, "", None, 0.0, 0, 0, 0)
                if out.status == 429:  # shed at saturation
                    shed[stage] = shed.get(stage, 0) + 1
                    return
                if out.status != 200 or out.ttft_s is None:
                    unfinished[stage] = unfinished.get(stage, 0) + 1
                    return
                picks[out.endpoint] = picks.get(out.endpoint, 0) + 1
                records.append(
                    RequestRecord(
                        conversation=conv,
                        turn=0,
                        stage=stage,
                        endpoint=out.endpoint,
                        arrival=start / time_scale,
                        first_token=(start + out.ttft_s) / time_scale,
                        finish=(start + out.e2e_s) / time_scale,
                        prompt_tokens=out.prompt_tokens,
                        cached_tokens=out.cached_tokens,
                        output_tokens=out.output_tokens,
                    )
                )

            watcher = asyncio.create_task(_watch_lag(lag))
            t0 = time.perf_counter()
            tasks = [
                asyncio.create_task(one(a.time, a.conversation, a.stage, t0)) for a in arrivals
            ]
            _, late = await asyncio.wait(tasks, timeout=horizon_s)
            watcher.cancel()
            for task in late:
                task.cancel()
            await asyncio.gather(*late, watcher, return_exceptions=True)
            for a, task in zip(arrivals, tasks, strict=True):
                if task in late:
                    unfinished[a.stage] = unfinished.get(a.stage, 0) + 1
    result = RunResult(
        workload=spec.name,
        router=router,
        latency=f"{latency} live",
        load_kind="rate",
        loads=[s.rate for s in c.stages],
        records=sorted(records, key=lambda r: r.arrival),
        preemptions=0,
        wall_s=time.perf_counter() - started,
        picks=picks,
        unfinished=unfinished,
        shed=shed,
    )
    return result, lag.summary()


def run_harness(spec: WorkloadSpec, router: str, latency: str, seed: int) -> RunResult:
    """The same spec, router and seed on the virtual clock, labelled as such."""
    options = HarnessOptions(seed=seed, latency=latency_model(latency), collapse_ttft_s=None)
    result = run_one(spec, router, None, options)
    result.latency = f"{latency} harness"
    return result


def ordering(summary: Sequence[report.Row], profile: str) -> str:
    """Routers by capacity, best first, equal capacities joined by ``=``."""
    sub = sorted(
        (s for s in summary if s["latency_profile"] == profile), key=lambda s: -s["capacity_rps"]
    )
    text = ""
    for i, s in enumerate(sub):
        if i:
            text += " = " if s["capacity_rps"] == sub[i - 1]["capacity_rps"] else " > "
        text += s["router"]
    return text


def seed_band(
    spec: WorkloadSpec, routers: Sequence[str], latency: str, seeds: Sequence[int], slo: report.Slo
) -> dict[str, list[float]]:
    """Per router, its harness capacity under each seed: how far one seed's figure can move."""
    out: dict[str, list[float]] = {}
    for router in routers:
        for seed in seeds:
            caps = report.capacities(
                report.rows(run_harness(spec, router, latency, seed), slo), slo
            )
            out.setdefault(router, []).append(caps[0]["capacity_rps"])
    return out


def band_verdicts(
    summary: Sequence[report.Row], band: dict[str, list[float]], profile: str
) -> list[report.Row]:
    """Per router: its live capacity, the harness's seed band, and whether the first lies in
    the second; per pair whose bands do not overlap, whether live keeps their order."""
    live = {s["router"]: s["capacity_rps"] for s in summary if s["latency_profile"] == profile}
    out: list[report.Row] = []
    for router, caps in band.items():
        out.append(
            {
                "router": router,
                "live": live[router],
                "band": (min(caps), max(caps)),
                "within": min(caps) <= live[router] <= max(caps),
            }
        )
    for a in band:
        for b in band:
            if min(band[a]) > max(band[b]):
                out.append({"pair": (a, b), "kept": live[a] > live[b]})
    return out


def agreement_table(rows: Sequence[report.Row], latency: str) -> str:
    """Per load point and router: the share of requests within the SLO, live beside harness."""
    live = {(r["router"], r["load"]): r for r in rows if r["latency_profile"] == f"{latency} live"}
    sim = {
        (r["router"], r["load"]): r for r in rows if r["latency_profile"] == f"{latency} harness"
    }
    lines = [
        "| load (req/s) | router | in SLO live | in SLO harness | TTFT p50 live / harness (s) "
        "| cache hit live / harness |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for key in sorted(live, key=lambda k: (k[1], k[0])):
        a, b = live[key], sim.get(key, {})
        lines.append(
            f"| {key[1]:g} | {key[0]} | {a.get('slo_met_fraction', 0):.0%} "
            f"| {b.get('slo_met_fraction', 0):.0%} "
            f"| {a.get('ttft_p50_s', float('nan')):.2f} / {b.get('ttft_p50_s', float('nan')):.2f} "
            f"| {a.get('cache_hit_rate', 0):.2f} / {b.get('cache_hit_rate', 0):.2f} |"
        )
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kinference_epp.bench.live")
    p.add_argument("--workload", default="benchmarks/workloads/live/live-shared-prefix.yaml")
    p.add_argument("--routers", default="round-robin,approx-prefix,kinference")
    p.add_argument("--latency", default="h100-32b", help="the pods' latency profile")
    p.add_argument("--time-scale", type=float, default=4.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--harness-seeds", type=int, default=5, help="seeds of the harness band")
    p.add_argument("--out", type=Path, required=True)
    return p


def live_main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    spec = load_workload(args.workload)
    routers = [r for r in args.routers.split(",") if r]
    slo = report.Slo()
    rows: list[report.Row] = []
    lags: dict[str, dict[str, float]] = {}
    for router in routers:
        t = time.monotonic()
        result, lag = asyncio.run(
            run_live(spec, router, args.latency, time_scale=args.time_scale, seed=args.seed)
        )
        lags[router] = lag
        rows += report.rows(result, slo)
        rows += report.rows(run_harness(spec, router, args.latency, args.seed), slo)
        print(
            f"[{time.monotonic() - t:5.0f} s] {router}: {len(result.records)} finished, "
            f"loop lag p99 {lag['lag_p99_ms']:.1f} ms",
            flush=True,
        )
    summary = report.capacities(rows, slo)
    band = seed_band(spec, routers, args.latency, range(args.harness_seeds), slo)
    verdicts = band_verdicts(summary, band, f"{args.latency} live")
    live_order = ordering(summary, f"{args.latency} live")
    harness_order = ordering(summary, f"{args.latency} harness")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    argv_list = list(sys.argv[1:] if argv is None else argv)
    meta = {
        "latency_models": [f"{args.latency} live", f"{args.latency} harness"],
        "seed": args.seed,
        "slo": slo.describe(),
        "event_delay_s": 0.0,
        "scrape_interval_s": 0.05,
        "time_scale": args.time_scale,
        "command": "python -m kinference_epp.bench.live " + shlex.join(argv_list),
        "out": str(out),
        "loop_lag": lags,
        "ordering": {"live": live_order, "harness": harness_order},
        "harness_seed_band": band,
        "verdicts": verdicts,
        "workloads": {
            spec.name: {
                "description": " ".join(spec.description.split()),
                "sources": spec.sources.strip(),
                "pods": spec.pods,
                "num_gpu_blocks": spec.for_latency(latency_model(args.latency)).num_gpu_blocks(),
            }
        },
    }
    report.write_json(out / "results.json", meta, rows, summary)
    for profile in meta["latency_models"]:
        report.plot(
            out / f"{spec.name}-{profile.replace(' ', '-')}.png", spec.name, profile, rows, slo
        )
    same = live_order == harness_order
    verdict_lines = []
    for v in verdicts:
        if "router" in v:
            lo, hi = v["band"]
            verdict_lines.append(
                f"| {v['router']} | {v['live']:g} | {lo:g} to {hi:g} | "
                f"{'yes' if v['within'] else '**no**'} |"
            )
    pair_lines = [
        f"- {v['pair'][0]} above {v['pair'][1]} under every harness seed: "
        f"{'kept live' if v['kept'] else '**not kept live**'}"
        for v in verdicts
        if "pair" in v
    ]
    lag_lines = [
        f"| {r} | {v['lag_p50_ms']:.1f} | {v['lag_p99_ms']:.1f} | {v['lag_max_ms']:.0f} |"
        for r, v in lags.items()
    ]
    text = "\n".join(
        [
            "# Live cross-check",
            "",
            f"Workload `{spec.name}` ({spec.pods} pods, "
            f"{spec.for_latency(latency_model(args.latency)).num_gpu_blocks()} KV blocks each), "
            f"latency profile {args.latency}, pods' clock slowed {args.time_scale:g}x, through "
            "real Envoy and the real picker; the same spec, seed and arrivals on the harness's "
            f"virtual clock beside it. SLO: {slo.describe()}.",
            "",
            f"Command: `{meta['command']}`",
            "",
            f"Routers by capacity, live: {live_order}; harness: {harness_order} — "
            f"**{'the same ordering' if same else 'orderings differ'}**.",
            "",
            report.capacity_table(summary, routers),
            "",
            f"One seed's capacity moves by a ladder step or more: the harness under seeds "
            f"0 to {args.harness_seeds - 1} (arrivals and prompt order), against the live run:",
            "",
            "| router | live capacity | harness band | live within the band |",
            "|---|---:|---:|---|",
            *verdict_lines,
            "",
            *pair_lines,
            "",
            agreement_table(rows, args.latency),
            "",
            "Event-loop lag of the live process (pods, picker and clients share it), ms:",
            "",
            "| router | p50 | p99 | max |",
            "|---|---:|---:|---:|",
            *lag_lines,
            "",
            *[f"![{p}]({spec.name}-{p.replace(' ', '-')}.png)" for p in meta["latency_models"]],
            "",
        ]
    )
    (out / "results.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(live_main())
