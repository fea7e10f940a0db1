"""What policy evaluation costs per request, in-process (no Envoy, no gRPC).

    .venv/bin/python benchmarks/policy_eval.py            # full run (~1 min)
    .venv/bin/python benchmarks/policy_eval.py --quick    # fewer iterations

Two tables:

1. ``evaluate()`` over 1, 10 and 100 rules without classifiers. Worst case: the request
   matches only the last rule, so every rule's cheap checks run (tenant glob, header,
   model, pool state). Also a shadow policy, and ``explain`` mode for scale.
2. Each classifier on 1k / 8k / 32k-token chat prompts (4 characters a token) of seeded
   synthetic text — prose with code, numbers, an e-mail address near the end — measured
   as a whole evaluation with one rule that needs the classifier (so the prompt join and
   the per-request cache are included).

Targets (issue 5): ≤ 20 µs for rules without classifiers, ≤ 1 ms for complexity + PII
on 8k tokens. Timings are per call, from ``perf_counter_ns`` around each call after a
warm-up, reported as p50 / p99 / mean of the thread's CPU time (``thread_time_ns``), so a
busy shared machine inflates them less than wall time; gc is disabled while measuring.

Writes ``benchmarks/results/policy_eval.md``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.policy import EvalInput, InferencePolicy, PoolState, compile_policies, evaluate

RESULTS = Path(__file__).parent / "results" / "policy_eval.md"
WORDS = [
    "the",
    "model",
    "request",
    "latency",
    "cache",
    "token",
    "prefix",
    "endpoint",
    "pool",
    "schedule",
    "queue",
    "batch",
    "user",
    "answer",
    "question",
    "system",
    "design",
    "service",
    "data",
    "value",
    "result",
    "between",
    "because",
    "which",
    "would",
    "could",
    "should",
    "first",
    "other",
    "their",
    "about",
    "after",
    "before",
    "under",
    "over",
    "again",
    "further",
    "then",
    "once",
]
CODE = "def f(x):\n    return x * 2 + 1\n"


def policy(rules: list[dict[str, Any]], name: str = "bench", **spec: Any) -> InferencePolicy:
    return InferencePolicy.model_validate(
        {"apiVersion": "kinference.io/v1alpha1", "kind": "InferencePolicy",
         "metadata": {"name": name}, "spec": {"rules": rules, **spec}}
    )  # fmt: skip


def cheap_rules(n: int) -> list[dict[str, Any]]:
    """n rules; only the last matches the benchmark request."""
    rules = []
    for i in range(n):
        last = i == n - 1
        rules.append(
            {
                "name": f"r{i}",
                "match": {
                    "tenants": ["team-*"] if last else [f"other-{i}-*"],
                    "headers": [{"name": "x-tier", "values": ["gold" if last else f"t{i}"]}],
                    "models": ["qwen3-8b"],
                    "pool": {"queueDepth": {"max": 50}, "readyEndpoints": {"min": 1}},
                },
                "action": {"route": {"candidates": ["qwen3-8b", "qwen3-32b"], "prefer": "cache"}},
            }
        )
    return rules


def prompt_text(tokens: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    size = 0
    target = tokens * 4
    while size < target:
        roll = rng.random()
        if roll < 0.03:
            piece = "```python\n" + CODE * 3 + "```\n"
        elif roll < 0.08:
            piece = f"order {rng.randint(1000, 999999)} on 2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} "
        else:
            piece = " ".join(rng.choice(WORDS) for _ in range(12)) + ". "
        parts.append(piece)
        size += len(piece)
    text = "".join(parts)[: target - 60]
    return text + " Please analyze this and reply to ops.team@acme-corp.com."


def chat(text: str, model: str = "qwen3-8b") -> InferenceRequest:
    body = {"model": model, "messages": [{"role": "user", "content": text}]}
    return parse_request(ApiKind.CHAT, json.dumps(body).encode())


def measure(fn: Callable[[], object], iterations: int) -> dict[str, float]:
    for _ in range(min(200, iterations)):
        fn()
    samples = []
    gc.disable()
    try:
        for _ in range(iterations):
            t0 = time.thread_time_ns()
            fn()
            samples.append(time.thread_time_ns() - t0)
    finally:
        gc.enable()
    samples.sort()
    return {
        "p50": samples[len(samples) // 2] / 1000,
        "p99": samples[int(len(samples) * 0.99)] / 1000,
        "mean": statistics.fmean(samples) / 1000,
    }


def bench_rules(iterations: int) -> list[tuple[str, dict[str, float]]]:
    rows = []
    inp = EvalInput(
        request=chat("hello"),
        pool=PoolState(name="default", ready_endpoints=4, queue_depth=2.0, kv_cache_usage=0.4),
        tenant="team-a",
        headers={"x-tier": "gold"},
        predicted_ttft={"qwen3-8b": 0.08, "qwen3-32b": 0.05}.get,
    )
    for n in (1, 10, 100):
        ps = compile_policies([policy(cheap_rules(n))])
        assert evaluate(ps, inp).rule == f"r{n - 1}"
        rows.append(
            (f"{n} rules, match at the last", measure(lambda ps=ps: evaluate(ps, inp), iterations))
        )
    shadowed = compile_policies(
        [policy(cheap_rules(10)), policy(cheap_rules(10), name="shadow", scope={"mode": "Shadow"})]
    )
    rows.append(
        ("10 rules + a 10-rule Shadow policy", measure(lambda: evaluate(shadowed, inp), iterations))
    )
    ps10 = compile_policies([policy(cheap_rules(10))])
    rows.append(
        (
            "10 rules, explain=True",
            measure(lambda: evaluate(ps10, inp, explain=True), iterations // 4),
        )
    )
    return rows


CLASSIFIER_RULES: dict[str, dict[str, Any]] = {
    "complexity": {"complexity": ["hard"]},
    "pii": {"pii": True},
    "topics (1 set, 8 keywords)": {"topics": ["finance"]},
    "complexity + pii": {"complexity": ["hard"], "pii": True},
}
TOPICS = [{"name": "finance", "keywords": ["invoice", "refund", "payment", "ledger", "tax",
                                           "audit", "budget", "revenue"]}]  # fmt: skip


def bench_classifiers(iterations: int) -> list[tuple[str, int, dict[str, float]]]:
    rows = []
    for tokens in (1_000, 8_000, 32_000):
        request = chat(prompt_text(tokens))
        for label, cm in CLASSIFIER_RULES.items():
            # Conditions that pass (pii true, any complexity) so both classifiers run.
            if "complexity" in cm:
                cm = {**cm, "complexity": ["easy", "medium", "hard"]}
            ps = compile_policies(
                [policy([{"name": "c", "match": {"classifiers": cm}, "action": {"continue": True}}],
                        topics=TOPICS)]
            )  # fmt: skip
            inp = EvalInput(request=request, pool=PoolState(ready_endpoints=1))
            d = evaluate(ps, inp)
            if "pii" in cm:
                assert d.classifications["pii"] == ["email"], d.classifications
            n = max(20, iterations // (tokens // 1000) // 10)
            rows.append((label, tokens, measure(lambda ps=ps, inp=inp: evaluate(ps, inp), n)))
    return rows


def render(
    rules: list[tuple[str, dict[str, float]]], classifiers: list[tuple[str, int, dict[str, float]]]
) -> str:
    lines = [
        "# Policy evaluation cost",
        "",
        f"`benchmarks/policy_eval.py` on {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}. "
        "Per `evaluate()` call, in-process, µs of thread CPU time "
        f"(load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs).",
        "",
        "## Rules without classifiers (target ≤ 20 µs)",
        "",
        "| case | p50 µs | p99 µs | mean µs |",
        "|---|---:|---:|---:|",
    ]
    for label, s in rules:
        lines.append(f"| {label} | {s['p50']:.1f} | {s['p99']:.1f} | {s['mean']:.1f} |")
    lines += [
        "",
        "## Classifiers, one rule that needs them (target: complexity + pii ≤ 1000 µs at 8k)",
        "",
        "| classifier | prompt tokens | p50 µs | p99 µs | mean µs |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, tokens, s in classifiers:
        lines.append(f"| {label} | {tokens} | {s['p50']:.0f} | {s['p99']:.0f} | {s['mean']:.0f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    iterations = 2_000 if args.quick else 20_000
    text = render(bench_rules(iterations), bench_classifiers(iterations // 10))
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
