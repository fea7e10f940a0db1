"""The simulated engine against the published 73-capacity measurements: fit and residuals.

    nice -n 10 .venv/bin/python benchmarks/engine_fit.py           # writes results/engine_fit.*
    nice -n 10 .venv/bin/python benchmarks/engine_fit.py --output-tokens 215 --out engine_fit_215
    .venv/bin/python benchmarks/engine_fit.py --quick              # a short ladder; prints only

llm-d-kv-cache ``benchmarking/73-capacity`` (Qwen3-32B, 8 pods x 2 H100, vLLM, inference-perf)
runs one schedule through four routers and tabulates each run. This runs the same schedule
through the routing harness (virtual clock, seeded: ``kinference_epp.bench.harness``) on the
``h100-32b`` profile, through the harness's copies of those routers (precise ->
``llmd-precise``, estimated -> ``gie-approx``, random -> ``random``, load -> ``load``), and
sets each simulated row beside the source's:

- the schedule: the workload ``shared-prefix-73`` (150 groups x 5 prompts of 6,000 + 1,200
  tokens, re-sent cyclically), its 15 QPS x 50 s warm-up, then the source's Poisson ladder 3 ->
  60 QPS (the workload's stages up to 60; the workload goes on past them, the source did not),
  run as inference-perf's multi-process load generator (the default) runs it: each stage
  starts ``STAGE_PAUSE_S`` after the last request of the one before it ends
  (``load_generator.py``: ``run_stage`` waits for every request, then the 1 s ``interval``),
  nothing cut short;
- **output tok/s** as the source's summary row has it: the mean over the 16 ladder stages of
  each stage's output tokens per second (its table's summary is exactly that mean of its
  per-stage rows), a stage's figure being its requests' output tokens over the time from its
  first request sent to its last one finished (inference-perf's ``output_tokens_per_sec``);
- **TTFT p90** over every request of the ladder (the warm-up left out), from the moment it
  was sent.

Fitted: the profile's fixed TTFT overhead, and the tokens each request generates
(``OUTPUT_TOKENS``; the source sends max_tokens 1000 with ignore_eos, yet its table implies a
few hundred tokens per request, and notes "observed live ~200-230 tokens/running request").
None of the four routers reads a TTFT, and the overhead only stamps every token later (the
engine's steps, KV and seats do not change), so a run without it gives every other figure,
and the overhead is the source's mean TTFT of the precise run less the simulated one's (a
light-load floor: that run's requests are almost all cache hits). Every other parameter is
derived from the hardware and the model, each with its source in the output; the precise
router's pods keep up with every stage, the other three saturate the pool, so their rows are
the engine's prefill and decode prices at work.
``--output-tokens 215`` runs the workload's own output length (``results/engine_fit_215.md``),
``--output-tokens 281`` the one that fits the precise row's tok/s alone
(``results/engine_fit_281.md``).

The target tolerance: each row within 15 % in output tok/s and within 2x in TTFT p90.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import numpy as np

from kinference_epp.bench.clients import WARMUP
from kinference_epp.bench.harness import HarnessOptions, RequestRecord, RunResult, run_one
from kinference_epp.bench.workloads import WorkloadSpec, load_workload
from kinference_epp.sim.latency import H100_8B, H100_32B, LinearLatency

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results"
SEED = 0
STAGE_PAUSE_S = 1.0
SOURCE_TOP_QPS = 60.0
OUTPUT_TOKENS = 335
"""Tokens each request generates here, searched by hand over three runs: the workload's 215
(every row's tok/s 17-26 % under the source's: ``results/engine_fit_215.md``), 281 (the
precise row's tok/s fitted: 215 x 8,730 / 6,672; random's and load's TTFT p90 then 0.48x and
0.47x of the source's: ``results/engine_fit_281.md``), and this one, which the elasticities
of those two runs put inside every tolerance. The source sends max_tokens 1000 with
ignore_eos; its per-stage rows imply ~217-520 tokens per request."""
QUICK_SCALE = 0.25
"""``--quick``: every stage this fraction of its length (a smoke run, not comparable)."""

SOURCE_URL = "https://github.com/llm-d/llm-d-kv-cache/blob/main/benchmarking/73-capacity/README.md"
ROUTERS = {
    "precise": "llmd-precise",
    "estimated": "gie-approx",
    "random": "random",
    "load": "load",
}
"""The source's scheduler configurations and the harness routers that copy them."""

TARGETS: dict[str, dict[str, float]] = {
    "precise": {"tok_s": 8730.0, "ttft_p90_s": 0.542, "ttft_mean_s": 0.298, "itl_s": 0.026},
    "estimated": {"tok_s": 6944.4, "ttft_p90_s": 31.083, "ttft_mean_s": 13.316, "itl_s": 0.024},
    "random": {"tok_s": 4428.7, "ttft_p90_s": 92.551, "ttft_mean_s": 45.281, "itl_s": 0.025},
    "load": {"tok_s": 4266.4, "ttft_p90_s": 94.865, "ttft_mean_s": 46.987, "itl_s": 0.024},
}
"""The source README's "Summary across QPS" rows."""

TOK_S_TOLERANCE = 0.15
TTFT_FACTOR = 2.0

SOURCES = [
    ("73-capacity schedule, routers and measured rows", SOURCE_URL),
    (
        "inference-perf shared-prefix data generator (prompt order)",
        "https://github.com/kubernetes-sigs/inference-perf/blob/main/"
        "inference_perf/datagen/synthetic/shared_prefix_datagen.py",
    ),
    (
        "Qwen3-32B config.json (64 layers, 8 KV heads, head dim 128)",
        "https://huggingface.co/Qwen/Qwen3-32B",
    ),
    (
        "Llama-3.1-8B config.json (32 layers, 8 KV heads, head dim 128)",
        "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct",
    ),
    (
        "vLLM's KV sizing: total GPU memory x gpu_memory_utilization - weights - non-torch "
        "memory - activation peak, over the KV bytes per token",
        "https://github.com/vllm-project/vllm/blob/main/vllm/v1/worker/gpu_worker.py",
    ),
    (
        "vLLM's memory-profile log for Llama-3.1-8B-Instruct on one H100 80GB at 0.9, as public "
        "deployment notes quote it (no one canonical page): total 79.11-79.15 GiB, weights "
        "14.99 GiB, non-torch 0.12-0.35 GiB, activation peak 1.19-1.24 GiB, ~447k KV tokens",
        "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html (the knob)",
    ),
    (
        "H100 SXM: 3.35 TB/s HBM3, 989 TFLOPS dense BF16",
        "https://www.nvidia.com/en-us/data-center/h100/",
    ),
    (
        "llm-d-inference-sim's H100 8B reference as this project's BENCHMARKS.md quotes it "
        "(25-40 ms TTFT overhead, ITL 10-15 ms)",
        "https://github.com/llm-d/llm-d-inference-sim",
    ),
    (
        "MLPerf Inference v5.1, vLLM on one H100, Llama-3.1-8B FP8: 5,777 output tok/s "
        "offline, 5,103 server",
        "https://www.redhat.com/en/blog/efficient-and-reproducible-llm-inference-red-hat-"
        "mlperf-inference-v51-results",
    ),
]


def schedule(quick: bool, output_tokens: int | None = None) -> WorkloadSpec:
    """shared-prefix-73's workload on the source's ladder (its stages up to 60 QPS), each
    request generating ``output_tokens`` (None: the workload's)."""
    spec = load_workload("shared-prefix-73", ROOT / "workloads")
    if output_tokens is not None:
        assert spec.shared_prefix is not None
        shape = spec.shared_prefix.model_copy(update={"output_tokens": output_tokens})
        spec = spec.model_copy(update={"shared_prefix": shape})
    c = spec.client
    assert c.stages is not None
    assert c.warmup is not None
    stages = [s for s in c.stages if s.rate <= SOURCE_TOP_QPS]
    warmup = c.warmup
    if quick:
        stages = [s.model_copy(update={"duration_s": s.duration_s * QUICK_SCALE}) for s in stages]
        warmup = warmup.model_copy(update={"duration_s": warmup.duration_s * QUICK_SCALE})
    client = c.model_copy(update={"stages": stages, "warmup": warmup})
    return spec.model_copy(update={"client": client})


def bare(profile: LinearLatency) -> LinearLatency:
    """The profile without its TTFT overhead (see the module docstring)."""
    return replace(profile, ttft_overhead_ms=0.0)


def run(args: tuple[str, LinearLatency, bool, int | None]) -> RunResult:
    router, latency, quick, output_tokens = args
    options = HarnessOptions(
        seed=SEED, latency=latency, collapse_ttft_s=None, stage_pause_s=STAGE_PAUSE_S
    )
    return run_one(schedule(quick, output_tokens), router, None, options)


def stage_tok_s(records: list[RequestRecord], overhead_s: float) -> float:
    """A stage's output tokens over the time from its first request sent to its last one
    finished (the client sees the last token ``overhead_s`` after its step)."""
    span = max(r.finish for r in records) + overhead_s - min(r.arrival for r in records)
    return sum(r.output_tokens for r in records) / span


def summarize(result: RunResult, overhead_s: float) -> dict[str, Any]:
    ladder = [r for r in result.records if r.stage != WARMUP]
    ttft = np.array([r.ttft_s for r in ladder]) + overhead_s
    by_stage: dict[int, list[RequestRecord]] = {}
    for r in ladder:
        by_stage.setdefault(r.stage, []).append(r)
    stages = [by_stage[k] for k in sorted(by_stage)]
    per_stage = [stage_tok_s(rs, overhead_s) for rs in stages]
    prompt = sum(r.prompt_tokens for r in ladder)
    return {
        "tok_s": float(np.mean(per_stage)),
        "ttft_p90_s": float(np.percentile(ttft, 90)),
        "ttft_mean_s": float(ttft.mean()),
        "itl_s": float(np.mean([r.itl_s for r in ladder])),
        "requests": len(ladder),
        "unfinished": sum(result.unfinished.values()),
        "hit_rate": sum(r.cached_tokens for r in ladder) / prompt if prompt else 0.0,
        "preemptions": result.preemptions,
        "stage_tok_s": [round(x, 1) for x in per_stage],
        "stage_ttft_p90_s": [
            round(float(np.percentile([r.ttft_s for r in rs], 90)) + overhead_s, 3) for rs in stages
        ],
        "run_s": round(max(r.finish for r in result.records) + overhead_s, 1),
        "wall_s": round(result.wall_s, 1),
    }


def decode_check(profile: LinearLatency, seqs: int = 256, context: int = 512) -> float:
    """Output tok/s of one pod decoding ``seqs`` sequences of ``context`` tokens each."""
    return seqs / profile.step_s(0, seqs, seqs * context, 1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--quick", action="store_true", help="stages at a quarter length; print only")
    p.add_argument("--jobs", type=int, default=4, help="runs at once (processes)")
    p.add_argument(
        "--render", action="store_true", help="rewrite the Markdown from the JSON; run nothing"
    )
    p.add_argument(
        "--output-tokens",
        type=int,
        default=OUTPUT_TOKENS,
        help=f"tokens each request generates (default {OUTPUT_TOKENS}; 0: the workload's)",
    )
    p.add_argument("--out", default="engine_fit", help="results/<out>.md and .json")
    args = p.parse_args(argv)
    profile = H100_32B
    if args.render:
        data = json.loads((RESULTS / f"{args.out}.json").read_text())
        overhead_s = data["fitted_ttft_overhead_ms"] / 1000
        spec = schedule(False, data.get("output_tokens"))
        run_args = argparse.Namespace(quick=False)
        report = build(profile, overhead_s, data["rows"], spec, data["runtime_s"], run_args, [])
        report["markdown"] = report["markdown"].replace(
            "python benchmarks/engine_fit.py", data["command"], 1
        )
        (RESULTS / f"{args.out}.md").write_text(report["markdown"])
        data["sources"] = report["json"]["sources"]
        (RESULTS / f"{args.out}.json").write_text(json.dumps(data, indent=2) + "\n")
        return 0
    started = time.perf_counter()
    output_tokens = args.output_tokens or None
    spec = schedule(args.quick, output_tokens)
    names = list(ROUTERS)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(
            pool.map(run, [(ROUTERS[n], bare(profile), args.quick, output_tokens) for n in names])
        )
    plain = {n: summarize(r, 0.0) for n, r in zip(names, results, strict=True)}
    overhead_s = TARGETS["precise"]["ttft_mean_s"] - plain["precise"]["ttft_mean_s"]
    rows = {n: summarize(r, overhead_s) for n, r in zip(names, results, strict=True)}
    runtime_s = time.perf_counter() - started
    report = build(profile, overhead_s, rows, spec, runtime_s, args, argv)
    print(report["markdown"])
    if not args.quick:
        RESULTS.mkdir(parents=True, exist_ok=True)
        report["json"]["output_tokens"] = output_tokens
        (RESULTS / f"{args.out}.md").write_text(report["markdown"])
        (RESULTS / f"{args.out}.json").write_text(json.dumps(report["json"], indent=2) + "\n")
    return 0


def verdicts(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = {}
    for n, row in rows.items():
        t = TARGETS[n]
        tok_res = row["tok_s"] / t["tok_s"] - 1.0
        ttft_ratio = row["ttft_p90_s"] / t["ttft_p90_s"]
        out[n] = {
            "tok_s_residual": tok_res,
            "ttft_p90_ratio": ttft_ratio,
            "tok_s_ok": abs(tok_res) <= TOK_S_TOLERANCE,
            "ttft_p90_ok": 1.0 / TTFT_FACTOR <= ttft_ratio <= TTFT_FACTOR,
        }
    return out


def build(
    profile: LinearLatency,
    overhead_s: float,
    rows: dict[str, dict[str, Any]],
    spec: WorkloadSpec,
    runtime_s: float,
    args: argparse.Namespace,
    argv: list[str] | None,
) -> dict[str, Any]:
    fitted = replace(profile, ttft_overhead_ms=round(overhead_s * 1000, 1))
    checks = verdicts(rows)
    dep = profile.deployment
    assert dep is not None
    argv_list = list(sys.argv[1:] if argv is None else argv)
    command = "python benchmarks/engine_fit.py " + shlex.join(argv_list)
    blocks = spec.for_latency(profile).num_gpu_blocks()
    assert spec.shared_prefix is not None
    out_tokens = spec.shared_prefix.output_tokens
    workload = load_workload(spec.name, ROOT / "workloads").shared_prefix
    workload_tokens = workload.output_tokens if workload is not None else out_tokens
    lines = [
        "# The simulated engine against llm-d-kv-cache 73-capacity",
        "",
        f"Command: `{command.strip()}` (seed {SEED}; runtime {runtime_s:.0f} s on this "
        f"machine{', quick: stages at a quarter length, not comparable' if args.quick else ''}).",
        "",
        f"Schedule: `{spec.name}` ({spec.pods} pods of {blocks:,} KV blocks of "
        f"{spec.engine.block_size}, i.e. {blocks * spec.engine.block_size:,} tokens), warm-up "
        f"{spec.client.warmup.rate if spec.client.warmup else 0:g} QPS, then the source's "
        f"{len(spec.client.stages or [])} Poisson stages 3 -> 60 QPS; every request generates "
        f"{spec.shared_prefix.output_tokens if spec.shared_prefix else '?'} tokens; each stage "
        f"starts {STAGE_PAUSE_S:g} s after the one before it is over (inference-perf). Routers: "
        + ", ".join(f"{k} -> `{v}`" for k, v in ROUTERS.items())
        + ".",
        "",
        "## Rows: source vs simulated",
        "",
        "Output tok/s: the mean over the 16 stages of each stage's output tokens over its span "
        "(first request sent to last finished; the source's summary row is that mean of its "
        "per-stage rows). TTFT p90 over every ladder request. Pass: tok/s within 15 %, TTFT "
        "p90 within 2x.",
        "",
        "| router | source tok/s | sim tok/s | residual | source TTFT p90 s | sim TTFT p90 s "
        "| ratio | source TTFT mean s | sim TTFT mean s | source ITL ms | sim ITL ms | pass |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for n, row in rows.items():
        t, c = TARGETS[n], checks[n]
        ok = c["tok_s_ok"] and c["ttft_p90_ok"]
        why = (
            []
            if ok
            else (["tok/s"] if not c["tok_s_ok"] else [])
            + (["TTFT p90"] if not c["ttft_p90_ok"] else [])
        )
        lines.append(
            f"| {n} (`{ROUTERS[n]}`) | {t['tok_s']:,.0f} | {row['tok_s']:,.0f} | "
            f"{c['tok_s_residual']:+.1%} | {t['ttft_p90_s']:.3f} | {row['ttft_p90_s']:.3f} | "
            f"{c['ttft_p90_ratio']:.2f}x | {t['ttft_mean_s']:.3f} | {row['ttft_mean_s']:.3f} | "
            f"{t['itl_s'] * 1000:.0f} | {row['itl_s'] * 1000:.1f} | "
            f"{'yes' if ok else '**no** (' + ', '.join(why) + ')'} |"
        )
    lines += [
        "",
        "Per stage (output tok/s, sim; the source's per-stage rows are in its README):",
        "",
        "| router | " + " | ".join(f"{s.rate:g}" for s in spec.client.stages or []) + " |",
        "|---|" + "---:|" * len(spec.client.stages or []),
    ]
    for n, row in rows.items():
        lines.append(f"| {n} | " + " | ".join(f"{x:,.0f}" for x in row["stage_tok_s"]) + " |")
    lines += [
        "",
        "Per stage (TTFT p90 s, sim):",
        "",
        "| router | " + " | ".join(f"{s.rate:g}" for s in spec.client.stages or []) + " |",
        "|---|" + "---:|" * len(spec.client.stages or []),
    ]
    for n, row in rows.items():
        lines.append(f"| {n} | " + " | ".join(f"{x:g}" for x in row["stage_ttft_p90_s"]) + " |")
    lines += [
        "",
        "Hit rate (cached / prompt tokens, ladder) and preemptions: "
        + "; ".join(f"{n} {row['hit_rate']:.1%}, {row['preemptions']}" for n, row in rows.items())
        + ".",
        "",
        "## Parameters (`h100-32b`)",
        "",
        "| term | value | where it comes from |",
        "|---|---:|---|",
        f"| base per step | {profile.base_ms:g} ms | one read of the weights per step: "
        f"{dep.model.weight_bytes / dep.tensor_parallel / 1e9:.1f} GB per GPU at ~3.3 TB/s |",
        f"| per decoded sequence | {profile.decode_ms_per_seq:g} ms | "
        f"2 x {dep.model.params_b:g}B FLOPs / {dep.tensor_parallel} GPUs at half of 989 "
        "dense BF16 TFLOPS |",
        f"| per 1000 context tokens | {profile.decode_ms_per_ktoken:g} ms | KV read: "
        f"{dep.model.kv_bytes_per_token // 1024} KiB per token / {dep.tensor_parallel} GPUs "
        "at ~3 TB/s |",
        f"| prefill per uncached token | {profile.prefill_ms_per_token:g} ms | the source's "
        "cached vs uncached TTFT (BENCHMARKS.md) |",
        f"| TTFT overhead | **{overhead_s * 1000:.0f} ms (fitted)** | source precise TTFT mean "
        f"{TARGETS['precise']['ttft_mean_s']:.3f} s - simulated "
        f"{rows['precise']['ttft_mean_s'] - overhead_s:.3f} s without it |",
        f"| tokens per request | {out_tokens} | "
        + (
            "the workload's"
            if out_tokens == workload_tokens
            else f"fitted (`OUTPUT_TOKENS`'s docstring; the workload's is {workload_tokens})"
        )
        + " |",
        f"| KV per pod | {dep.kv_tokens():,} tokens | {dep.model.name}: "
        f"{dep.model.kv_bytes_per_token // 1024} KiB per token; {dep.tensor_parallel} x "
        f"{dep.gpu_memory_gib:g} GiB x {dep.gpu_memory_utilization:g} - weights "
        f"{dep.model.weight_bytes / 2**30:.1f} GiB - {dep.runtime_gib:g} GiB runtime per GPU "
        "(the source reports 307,328) |",
        "",
        f"The profile in `sim/latency.py` carries the fitted overhead rounded: "
        f"{profile.ttft_overhead_ms:g} ms (this run fits {fitted.ttft_overhead_ms:g} ms).",
        "",
        "## What a fixed output length cannot follow",
        "",
        "The source's per-stage rows imply a number of tokens per request that falls with the "
        "load: its precise run's stage tok/s times the stage's span over its requests gives "
        "~500 at 3-20 QPS and ~217 at 60 QPS (its requests/s column is the send rate, near "
        "the stage's rate for every router, saturated or not). Every request here generates "
        "the same number, so the low stages sit under the source's and the high ones over it; "
        "the summary rows are the mean of the 16 stages. The source's saturated routers' "
        "per-stage TTFT p90 levels off at ~100 s from 40 QPS on, which with its stages run "
        "one after another means each stage's backlog drains at a rate the tok/s column alone "
        "does not pin down.",
        "",
        "## Cross-check: decode throughput of the 8B profile",
        "",
        f"One H100 pod of `h100-8b` decoding 256 sequences of 512 tokens: "
        f"{decode_check(H100_8B):,.0f} output tok/s (a step prices the weights once, each "
        "sequence's FLOPs and each context token's KV read); weights-only pricing would give "
        f"{256 / (H100_8B.base_ms / 1000):,.0f}. Published: MLPerf Inference v5.1, vLLM on one "
        "H100, Llama-3.1-8B in FP8: 5,777 output tok/s offline (prompts ~870 tokens, so "
        "prefill shares the GPU); a BF16 decode-only batch sits above that and well under "
        "weights-only pricing.",
        "",
        "## Sources",
        "",
        *[f"- {what}: {url}" for what, url in SOURCES],
        "",
    ]
    data = {
        "command": command.strip(),
        "seed": SEED,
        "runtime_s": round(runtime_s, 1),
        "quick": args.quick,
        "profile": {k: v for k, v in asdict(profile).items() if k != "deployment"}
        | {"deployment": asdict(dep), "kv_tokens_per_pod": dep.kv_tokens()},
        "fitted_ttft_overhead_ms": round(overhead_s * 1000, 1),
        "targets": TARGETS,
        "rows": rows,
        "checks": checks,
        "decode_check_8b_tok_s": decode_check(H100_8B),
        "sources": [{"what": w, "url": u} for w, u in SOURCES],
    }
    return {"markdown": "\n".join(lines), "json": data}


if __name__ == "__main__":
    raise SystemExit(main())
