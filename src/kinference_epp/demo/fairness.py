"""Two tenants of equal weight on a saturated pool: flow control off, then on.

``light`` offers a small part of the pool's capacity, ``heavy`` many times as much, together
well past it. Each run has a stack of its own (real Envoy, the picker, fresh simulated pods).
Without flow control the shed guard refuses whoever arrives while the picked pod is full, so
``light`` loses requests in the same proportion as ``heavy``. With ``flow_control`` on, a
request the pool cannot take waits in the picker, and the tenant with the least service
counted in tokens goes next (docs/fairness.md): ``light``, asking for less than half, is
served what it asks; ``heavy`` gets the rest of the pool, and a request of its that waits past
``max_wait_s`` is refused (429 ``over_fair_share`` when ``light`` was served before it, else 503
``pool_saturated``).

Arrivals are open loop (each tenant sends at its own rate, whatever the answers), so the offered
load is the same in both runs. The pods are narrowed to a few sequences each, so that one
process can offer more than the pool serves.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import aiohttp
from rich.table import Table

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.config.model import ShedConfig
from kinference_epp.config.tenancy import TenancyConfig
from kinference_epp.demo.compare import percentile
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import Reply, make_prompts, send_chat

FAIR_KEYS = {"light": "sk-demo-light-0000000001", "heavy": "sk-demo-heavy-0000000001"}
FAIR_TENANTS = "---\n".join(
    f"""\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: {name}}}
spec:
  apiKeys: [{{name: demo, value: {key}}}]
  weight: 1
"""
    for name, key in FAIR_KEYS.items()
)


@dataclass(frozen=True, slots=True)
class Saturation:
    """The scenario: each tenant's rate, the pool and the SLO."""

    light_rps: float = 1.5
    heavy_factor: int = 10
    """``heavy`` offers this many times ``light``'s requests (same sizes)."""
    duration_s: float = 12.0
    pods: int = 2
    max_num_seqs: int = 4
    """Each pod's batch: 2 pods of 4 serve about 10 of these requests a second."""
    prompt_words: int = 150
    max_tokens: int = 96
    ttft_slo_s: float = 1.0
    """A request meets the SLO when its first token comes within this (wait included)."""
    max_wait_s: float = 0.8
    """Flow control's longest wait: what the SLO leaves after the pod's own TTFT."""
    dispatch_ttft_s: float = 0.25
    """With flow control, the shed guard's bound is when a pod can take one more (the wait
    is in the picker, where the order is chosen)."""
    seed: int = 11

    def flow_control(self) -> FlowControlConfig:
        return FlowControlConfig(max_wait_s=self.max_wait_s, fairness="vtc")

    def arrivals(self) -> list[tuple[float, str]]:
        """(seconds from the start, tenant), Poisson per tenant, in time order."""
        rng = random.Random(self.seed)
        out: list[tuple[float, str]] = []
        for tenant, rate in (
            ("light", self.light_rps),
            ("heavy", self.light_rps * self.heavy_factor),
        ):
            t = rng.expovariate(rate)
            while t < self.duration_s:
                out.append((t, tenant))
                t += rng.expovariate(rate)
        return sorted(out)


@dataclass(frozen=True, slots=True)
class TenantResult:
    tenant: str
    outcomes: list[Reply]

    @property
    def served(self) -> list[Reply]:
        return [o for o in self.outcomes if o.status == 200]

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens the pool served this tenant."""
        return sum(o.prompt_tokens + o.completion_tokens for o in self.served)

    def within_slo(self, slo_s: float) -> float:
        """Requests answered with a first token within ``slo_s``, over requests sent (a refused
        request misses it)."""
        met = sum(1 for o in self.served if o.ttft_s is not None and o.ttft_s <= slo_s)
        return met / len(self.outcomes) if self.outcomes else 0.0


@dataclass(frozen=True, slots=True)
class FairnessRun:
    flow_control: bool
    tenants: dict[str, TenantResult]

    def share(self, tenant: str) -> float:
        """The tenant's part of the tokens the pool served."""
        total = sum(r.tokens for r in self.tenants.values())
        return self.tenants[tenant].tokens / total if total else 0.0

    def served_fraction(self, tenant: str) -> float:
        r = self.tenants[tenant]
        return len(r.served) / len(r.outcomes) if r.outcomes else 0.0


def fairness_options(
    base: StackOptions, scenario: Saturation, root: Path, flow: bool
) -> StackOptions:
    """``base`` with the scenario's pool, its two tenants, and flow control on or off."""
    (root / "fair-tenants.yaml").write_text(FAIR_TENANTS)
    return replace(
        base,
        pods=scenario.pods,
        pod_template=replace(base.pod_template, max_num_seqs=scenario.max_num_seqs),
        tenancy=TenancyConfig(tenants=[str(root / "fair-tenants.yaml")]),
        flow_control=scenario.flow_control() if flow else None,
        shed=ShedConfig(ttft_s=scenario.dispatch_ttft_s) if flow else ShedConfig(),
    )


async def run_saturation(
    options: StackOptions,
    scenario: Saturation,
    on_done: Callable[[Reply], None] | None = None,
) -> FairnessRun:
    """Start a stack of ``options``, send the scenario's arrivals through its Envoy, stop it."""
    arrivals = scenario.arrivals()
    prompts = make_prompts(
        len(arrivals),
        groups=len(arrivals),
        system_words=scenario.prompt_words,
        question_words=20,
        seed=scenario.seed,
    )
    by_tenant: dict[str, list[Reply]] = {t: [] for t in FAIR_KEYS}
    async with LocalStack(options) as stack:
        connector = aiohttp.TCPConnector(limit=0)
        timeout = aiohttp.ClientTimeout(total=120)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:

            async def one(tenant: str, system: str, question: str) -> None:
                try:
                    out = await send_chat(
                        session,
                        stack.url,
                        options.model,
                        system,
                        question,
                        scenario.max_tokens,
                        FAIR_KEYS[tenant],
                    )
                except (aiohttp.ClientError, TimeoutError) as exc:
                    out = Reply(0, "", None, 0.0, 0, 0, 0, reason=type(exc).__name__)
                out = replace(out, tenant=tenant)
                by_tenant[tenant].append(out)
                if on_done is not None:
                    on_done(out)

            start = time.perf_counter()
            tasks = []
            for (at, tenant), (system, question) in zip(arrivals, prompts, strict=True):
                await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
                tasks.append(asyncio.create_task(one(tenant, system, question)))
            await asyncio.gather(*tasks)
    return FairnessRun(
        options.flow_control is not None,
        {t: TenantResult(t, outs) for t, outs in by_tenant.items()},
    )


def fairness_table(runs: list[FairnessRun], scenario: Saturation) -> Table:
    table = Table(
        title=f"Two tenants of weight 1 past capacity, heavy sending {scenario.heavy_factor}x "
        "light's load"
    )
    slo = f"≤ {scenario.ttft_slo_s:g} s"
    for col in ("flow", "tenant", "sent", "served", "429", "503", "TTFT p50/p90", slo, "share"):
        left = col in ("flow", "tenant")
        table.add_column(col, justify="left" if left else "right", no_wrap=True)
    for run in runs:
        for tenant in FAIR_KEYS:
            r = run.tenants[tenant]
            ttfts = [o.ttft_s for o in r.served if o.ttft_s is not None]
            table.add_row(
                "on" if run.flow_control else "off",
                tenant,
                str(len(r.outcomes)),
                str(len(r.served)),
                str(sum(1 for o in r.outcomes if o.status == 429)),
                str(sum(1 for o in r.outcomes if o.status == 503)),
                f"{percentile(ttfts, 50) * 1000:.0f}/{percentile(ttfts, 90) * 1000:.0f} ms"
                if ttfts
                else "-",
                f"{r.within_slo(scenario.ttft_slo_s):.0%}",
                f"{run.share(tenant):.0%}",
            )
        table.add_section()
    return table
