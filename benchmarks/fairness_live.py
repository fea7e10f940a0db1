"""Fairness scenario (a) live: two tenants through real Envoy, the picker and a simulated pod.

    .venv/bin/python benchmarks/fairness_live.py                 # both policies, ~3 min
    .venv/bin/python benchmarks/fairness_live.py --duration 30

One simulated pod (``h100-8b`` latency model, real time, ``max_num_seqs`` 4) behind the shipped Envoy and the picker
(``LocalStack``); the tenant is a trusted header Envoy copies from the client's. Two tenants of
weight 1 send open-loop Poisson streams of chat requests, the heavy one ten times the light
one's rate, together past the pod's capacity; each request streams, and its TTFT is the time to
its first content chunk as the client sees it (Envoy, the picker's queue and the pod's included).
Policies: ``none`` (the shed guard answers 429 at once, first come) and ``vtc`` (flow control:
the request waits in the picker, the least weighted service first). Per tenant: requests,
SLO attainment (TTFT <= 2 s and a 200; a refusal misses), refusals by status and reason, and its
share of the served weighted tokens (prompt + 2 x completion, from each response's usage).

Writes ``benchmarks/results/fairness_live.{md,json}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import aiohttp
import numpy as np

from kinference_epp.api.wire_names import TENANT_HEADER
from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.config.model import EppConfig, ShedConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.filters import copy_header
from kinference_epp.sim.runner import SimCluster
from kinference_epp.sim.server import PodSpec

MODEL = "qwen3-0.6b"
DEMO_TENANT = "x-demo-tenant"
TTFT_SLO_S = 2.0
MAX_WAIT_S = 1.5
LATENCY = "h100-8b"
OUTPUT_TOKENS = 200
TENANTS = {"light": 0.4, "heavy": 4.0}
"""Requests per second offered by each tenant."""


class FlowStack(LocalStack):
    def __init__(self, options: StackOptions, flow: FlowControlConfig | None) -> None:
        super().__init__(options)
        self._flow = flow

    def picker_config(self, cluster: SimCluster) -> EppConfig:
        return super().picker_config(cluster).model_copy(update={"flow_control": self._flow})


@dataclass
class RequestRecord:
    tenant: str
    status: int = 0
    reason: str = ""
    ttft_s: float = 0.0
    service: float = 0.0


@dataclass
class TenantResult:
    offered: int = 0
    served: int = 0
    slo_met: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    service: float = 0.0
    ttft_p90_s: float = 0.0


async def one(http: aiohttp.ClientSession, url: str, tenant: str, i: int) -> RequestRecord:
    out = RequestRecord(tenant)
    body = {
        "model": MODEL,
        "messages": [{"role": "user", "content": f"{tenant} request {i}: tell me a story"}],
        "max_tokens": OUTPUT_TOKENS,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    began = time.perf_counter()
    try:
        async with http.post(url, json=body, headers={DEMO_TENANT: tenant}) as resp:
            out.status = resp.status
            if resp.status != 200:
                out.reason = resp.headers.get("x-kinference-reason", "")
                await resp.read()
                return out
            async for raw in resp.content:
                line = raw.decode().strip()
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                chunk = json.loads(line[6:])
                choices = chunk.get("choices") or []
                if not out.ttft_s and choices and choices[0].get("delta", {}).get("content"):
                    out.ttft_s = time.perf_counter() - began
                usage = chunk.get("usage")
                if usage:
                    out.service = usage["prompt_tokens"] + 2 * usage["completion_tokens"]
    except aiohttp.ClientError as exc:
        out.status, out.reason = 0, type(exc).__name__
    return out


async def run(policy: str, duration_s: float, seed: int) -> dict[str, TenantResult]:
    flow = FlowControlConfig(max_wait_s=MAX_WAIT_S) if policy == "vtc" else None
    options = StackOptions(
        pods=1,
        time_scale=1.0,
        pod_template=PodSpec(max_num_seqs=4, latency=LATENCY),
        shed=ShedConfig(ttft_s=0.25) if flow is not None else ShedConfig(),
        identity_filters=(copy_header(DEMO_TENANT, TENANT_HEADER),),
    )
    rng = np.random.default_rng([seed, 36])
    outcomes: list[asyncio.Task[RequestRecord]] = []
    async with (
        FlowStack(options, flow) as stack,
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as http,
    ):
        url = f"{stack.url}/v1/chat/completions"
        arrivals = sorted(
            (t, tenant)
            for tenant, rate in TENANTS.items()
            for t in np.cumsum(rng.exponential(1.0 / rate, size=int(rate * duration_s * 2)))
            if t < duration_s
        )
        start = time.perf_counter()
        for i, (at, tenant) in enumerate(arrivals):
            delay = at - (time.perf_counter() - start)
            if delay > 0:
                await asyncio.sleep(delay)  # the open-loop schedule
            outcomes.append(asyncio.create_task(one(http, url, tenant, i)))
        done = await asyncio.gather(*outcomes)
    results = {t: TenantResult() for t in TENANTS}
    ttfts: dict[str, list[float]] = {t: [] for t in TENANTS}
    for o in done:
        r = results[o.tenant]
        r.offered += 1
        if o.status == 200:
            r.served += 1
            r.service += o.service
            ttfts[o.tenant].append(o.ttft_s)
            if o.ttft_s <= TTFT_SLO_S:
                r.slo_met += 1
        else:
            key = f"{o.status} {o.reason}".strip()
            r.refused = dict(Counter(r.refused) + Counter({key: 1}))
    for t, xs in ttfts.items():
        results[t].ttft_p90_s = float(np.percentile(xs, 90)) if xs else 0.0
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="benchmarks/results/fairness_live")
    args = parser.parse_args()
    by_policy = {}
    for policy in ("none", "vtc"):
        by_policy[policy] = asyncio.run(run(policy, args.duration, args.seed))
        print(policy, {t: asdict(r) for t, r in by_policy[policy].items()}, flush=True)
    lines = [
        "# Fairness scenario (a) live, through real Envoy",
        "",
        "Command: `"
        + " ".join([".venv/bin/python benchmarks/fairness_live.py", *sys.argv[1:]])
        + "`",
        "",
        f"One simulated pod ({LATENCY} latency model, real time, max_num_seqs 4) behind the "
        "shipped Envoy and the picker; "
        f"light {TENANTS['light']:g} req/s, heavy {TENANTS['heavy']:g} req/s (weight 1 each), "
        f"{OUTPUT_TOKENS} output tokens, streamed; {args.duration:g} s, seed {args.seed}. SLO: "
        f"a 200 with its first content chunk within {TTFT_SLO_S:g} s of sending (as the client "
        f"sees it). Flow control's max wait {MAX_WAIT_S:g} s. Share: of the served weighted "
        "tokens (prompt + 2 x completion, from each response's usage).",
        "",
        "| policy | tenant | offered | served | SLO | TTFT p90 | share | refused (status reason) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for policy, results in by_policy.items():
        total = sum(r.service for r in results.values()) or 1.0
        for t, r in results.items():
            slo = r.slo_met / r.offered if r.offered else 0.0
            refused = ", ".join(f"{k}: {v}" for k, v in sorted(r.refused.items())) or "-"
            lines.append(
                f"| {policy} | {t} | {r.offered} | {r.served} | {slo:.1%} | "
                f"{r.ttft_p90_s:.2f} s | {r.service / total:.1%} | {refused} |"
            )
    lines.append("")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text("\n".join(lines))
    out.with_suffix(".json").write_text(
        json.dumps(
            {p: {t: asdict(r) for t, r in rs.items()} for p, rs in by_policy.items()}, indent=1
        )
    )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
