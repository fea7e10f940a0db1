"""Live cross-check: a small shared-prefix workload through real Envoy, the real picker and
simulated pods on the (time-scaled) wall clock, reported with the harness's own table.

The harness's conclusions only count if the live system agrees: the same routers, a
smaller version of the same workload shape (groups of requests sharing a system
prompt, closed loop), and the same figures, converted back to simulated seconds
(wall seconds / ``time_scale``). Envoy and picker overheads are scaled up by the same
factor, so a live TTFT is slightly pessimistic; compare routers with each other, not
the absolute numbers with the harness.

    python -m kinference_epp.bench.live --routers round-robin,kinference --out benchmarks/results/live
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp

from kinference_epp.bench import report
from kinference_epp.bench.harness import RequestRecord, RunResult
from kinference_epp.bench.routing import preset_of
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import make_prompts, send_chat


async def run_live(
    router: str,
    *,
    pods: int,
    requests: int,
    groups: int,
    system_words: int,
    question_words: int,
    max_tokens: int,
    concurrency: int,
    time_scale: float,
    seed: int,
) -> RunResult:
    """One router through a fresh LocalStack; times in simulated seconds."""
    prompts = make_prompts(requests, groups, system_words, question_words, seed)
    options = StackOptions(pods=pods, router=preset_of(router), time_scale=time_scale)
    records: list[RequestRecord] = []
    picks: dict[str, int] = {}
    started = time.perf_counter()
    async with LocalStack(options) as stack:
        assert stack.cluster is not None
        for address in stack.cluster.addresses:
            picks[address.hostport] = 0
        queue: asyncio.Queue[tuple[int, tuple[str, str]]] = asyncio.Queue()
        for item in enumerate(prompts):
            queue.put_nowait(item)
        t0 = time.perf_counter()
        timeout = aiohttp.ClientTimeout(total=600)
        async with aiohttp.ClientSession(timeout=timeout) as session:

            async def client() -> None:
                while not queue.empty():
                    i, (system, question) = queue.get_nowait()
                    start = time.perf_counter() - t0
                    out = await send_chat(
                        session, stack.url, options.model, system, question, max_tokens
                    )
                    if out.status != 200 or out.ttft_s is None:
                        continue
                    picks[out.upstream] = picks.get(out.upstream, 0) + 1
                    records.append(
                        RequestRecord(
                            conversation=i,
                            turn=0,
                            stage=0,
                            endpoint=out.upstream,
                            arrival=start / time_scale,
                            first_token=(start + out.ttft_s) / time_scale,
                            finish=(start + out.e2e_s) / time_scale,
                            prompt_tokens=out.prompt_tokens,
                            cached_tokens=out.cached_tokens,
                            output_tokens=out.completion_tokens,
                        )
                    )

            await asyncio.gather(*(client() for _ in range(concurrency)))
    return RunResult(
        workload="live-shared-prefix",
        router=router,
        latency="dynamo-mocker",
        load_kind="concurrency",
        loads=[float(concurrency)],
        records=sorted(records, key=lambda r: r.conversation),
        preemptions=0,
        wall_s=time.perf_counter() - started,
        picks=picks,
        unfinished={0: requests - len(records)},
    )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kinference_epp.bench.live")
    p.add_argument("--routers", default="round-robin,approx-prefix,kinference")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--pods", type=int, default=4)
    p.add_argument("--requests", type=int, default=96)
    p.add_argument("--groups", type=int, default=8)
    p.add_argument("--system-words", type=int, default=1500)
    p.add_argument("--question-words", type=int, default=100)
    p.add_argument("--max-tokens", type=int, default=64)
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--time-scale", type=float, default=0.2)
    p.add_argument("--seed", type=int, default=0)
    return p


def live_main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    slo = report.Slo()
    rows: list[dict[str, Any]] = []
    for router in [r for r in args.routers.split(",") if r]:
        result = asyncio.run(
            run_live(
                router,
                pods=args.pods,
                requests=args.requests,
                groups=args.groups,
                system_words=args.system_words,
                question_words=args.question_words,
                max_tokens=args.max_tokens,
                concurrency=args.concurrency,
                time_scale=args.time_scale,
                seed=args.seed,
            )
        )
        rows += report.rows(result, slo)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    meta = {
        "latency_models": ["dynamo-mocker (sim pods, wall clock)"],
        "seed": args.seed,
        "slo": slo.describe(),
        "event_delay_s": 0.0,
        "scrape_interval_s": 0.05,
        "time_scale": args.time_scale,
        "command": "python -m kinference_epp.bench.live " + " ".join(argv or sys.argv[1:]),
        "out": str(out),
        "workloads": {
            "live-shared-prefix": {
                "description": (
                    f"{args.requests} chat requests over {args.groups} shared system prompts "
                    f"of ~{args.system_words} words, {args.max_tokens} output tokens, through "
                    f"Envoy + picker + {args.pods} sim pods at time scale {args.time_scale}."
                ),
                "pods": args.pods,
            }
        },
    }
    report.write_json(out / "results.json", meta, rows)
    text = report.markdown(meta, rows)
    (out / "results.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(live_main())
