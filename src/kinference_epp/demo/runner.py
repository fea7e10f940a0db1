"""``kinference-epp demo``: real Envoy, the picker and simulated vLLM pods, one short workload."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from kinference_epp.config.tenancy import Price, TenancyConfig, UsageConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import Outcome, make_prompts, run_workload
from kinference_epp.signals import wait_for_signal
from kinference_epp.tenancy.usage import Row, roll_up
from kinference_epp.tenancy.usage_sinks import read_file

KEYS = {"team-a": "sk-demo-team-a-0000000001", "team-b": "sk-demo-team-b-0000000001"}
TENANTS = f"""\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: team-a, labels: {{tier: gold}}}}
spec:
  apiKeys: [{{name: demo, value: {KEYS["team-a"]}}}]
  limits: {{tokens: {{perMinute: {{total: 2000000}}}}}}
  budget: {{monthly: 100, currency: USD}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: team-b, labels: {{tier: free}}}}
spec:
  apiKeys: [{{name: demo, value: {KEYS["team-b"]}}}]
  limits: {{tokens: {{perMinute: {{total: 12000}}}}}}
"""
PRICE = Price(input=0.10, cached_input=0.025, output=0.40)
"""An example price (per million tokens) for the demo's model."""


def tenancy_config(root: Path, model: str) -> TenancyConfig:
    """Two tenants with keys (team-b on a small tokens-per-minute limit), priced usage kept in
    ``root/usage.jsonl``."""
    (root / "tenants.yaml").write_text(TENANTS)
    return TenancyConfig(
        tenants=[str(root / "tenants.yaml")],
        usage=UsageConfig(prices={model: PRICE}, file=str(root / "usage.jsonl")),
    )


def tenant_table(rows: list[Row], outcomes: list[Outcome]) -> Table:
    """Per tenant, from the picker's usage roll-up (what ``kinfctl usage`` prints)."""
    table = Table(title="Requests per tenant, from the picker's usage roll-up (kinfctl usage)")
    for col in ("tenant", "requests", "429s", "prompt tok", "cached", "completion tok", "cost"):
        table.add_column(col, justify="left" if col == "tenant" else "right", no_wrap=True)
    for tenant in sorted(KEYS):
        mine = [r.counts for r in rows if r.tenant == tenant]
        requests = sum(sum(c.requests.values()) for c in mine)
        limited = sum(c.requests.get("rate_limited", 0) for c in mine)
        seen_429 = sum(1 for o in outcomes if o.tenant == tenant and o.status == 429)
        table.add_row(
            tenant,
            str(requests),
            f"{limited}" if limited == seen_429 else f"{limited} (client saw {seen_429})",
            str(sum(c.prompt_tokens for c in mine)),
            str(sum(c.cached_tokens for c in mine)),
            str(sum(c.completion_tokens for c in mine)),
            f"${sum(c.cost for c in mine):.6f}",
        )
    return table


async def usage_rows(stack: LocalStack, path: Path, expected: int) -> list[Row]:
    """The roll-up once every request is in it (the access log arrives just after a response)."""
    assert stack.picker is not None
    flusher = stack.picker.usage_flusher
    assert flusher is not None
    rows: list[Row] = []
    for _ in range(50):
        await flusher.sink.write(flusher.ledger)
        rows = roll_up(read_file(path))
        if sum(sum(r.counts.requests.values()) for r in rows) >= expected:
            break
        await asyncio.sleep(0.1)
    return rows


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def summary_table(outcomes: list[Outcome], pod_names: dict[str, str]) -> Table:
    by_pod: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_pod[o.upstream or "(none)"].append(o)
    table = Table(title="Requests per pod, measured by the client (pods run 20x real time)")
    for col in ("pod", "endpoint", "requests", "errors", "TTFT p50", "TTFT p90", "cached"):
        left = col in ("pod", "endpoint")
        table.add_column(col, justify="left" if left else "right", no_wrap=True)
    for endpoint in sorted(by_pod, key=lambda e: pod_names.get(e, e)):
        rows = by_pod[endpoint]
        ok = [o for o in rows if o.status == 200]
        ttfts = [o.ttft_s for o in ok if o.ttft_s is not None]
        prompt = sum(o.prompt_tokens for o in ok)
        cached = sum(o.cached_tokens for o in ok)
        table.add_row(
            pod_names.get(endpoint, "-"),
            endpoint,
            str(len(rows)),
            str(len(rows) - len(ok)),
            f"{_percentile(ttfts, 50) * 1000:.0f} ms" if ttfts else "-",
            f"{_percentile(ttfts, 90) * 1000:.0f} ms" if ttfts else "-",
            f"{cached / prompt:.0%}" if prompt else "-",
        )
    return table


async def run_demo(args: argparse.Namespace, console: Console) -> int:
    with tempfile.TemporaryDirectory(prefix="kinference-demo-") as tmp:
        return await _run_demo(args, console, Path(tmp))


async def _run_demo(args: argparse.Namespace, console: Console, root: Path) -> int:
    options = StackOptions(
        pods=args.pods, router=args.router, body_mode=args.body_mode, fallbacks=2
    )
    options = replace(options, tenancy=tenancy_config(root, options.model))
    console.print(
        f"[bold]kinference-epp demo[/bold]: Envoy + picker ({options.router}) + "
        f"{options.pods} simulated vLLM pods, body mode {options.body_mode}"
    )
    async with LocalStack(options) as stack:
        assert stack.cluster is not None
        assert stack.envoy is not None
        pod_names = {a.hostport: a.name for a in stack.cluster.addresses}
        console.print(f"  Envoy listener   {stack.url}  (admin {stack.envoy.admin_url})")
        console.print(f"  picker metrics   {stack.metrics_url}")
        for a in stack.cluster.addresses:
            console.print(f"  {a.name:<16} {a.http_url}/metrics", soft_wrap=True)

        prompts = make_prompts(args.requests, groups=8, system_words=600, question_words=40, seed=7)
        with Progress(
            TextColumn("sending"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        ) as progress:
            task = progress.add_task("requests", total=len(prompts))
            outcomes = await run_workload(
                stack.url,
                options.model,
                prompts,
                concurrency=args.concurrency,
                on_done=lambda _: progress.advance(task),
                keys=KEYS,
            )
        console.print(summary_table([o for o in outcomes if o.status != 429], pod_names))
        usage_file = root / "usage.jsonl"
        console.print(tenant_table(await usage_rows(stack, usage_file, len(outcomes)), outcomes))
        console.print(
            f"  team-b is held to 12,000 tokens a minute; kinfctl usage --file {usage_file} "
            "prints the roll-up while the demo runs"
        )
        # team-b's 429s are the demo's point; anything else is a failure
        failed = [o for o in outcomes if o.status not in (200, 429)]
        if failed:
            console.print(f"[red]{len(failed)} requests failed[/red]: {failed[0]}")
        if args.keep_running:
            console.print("Stack is up; press Ctrl-C to stop.")
            await wait_for_signal()
        return 1 if failed else 0


def demo_main(args: argparse.Namespace) -> int:
    console = Console()
    try:
        import uvloop

        return uvloop.run(run_demo(args, console))
    except KeyboardInterrupt:
        console.print("interrupted; everything was shut down")
        return 130
