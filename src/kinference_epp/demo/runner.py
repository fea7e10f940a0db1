"""``kinference-epp demo``: real Envoy, the picker and simulated vLLM pods, one short workload."""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import Outcome, make_prompts, run_workload
from kinference_epp.signals import wait_for_signal


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
    options = StackOptions(
        pods=args.pods, router=args.router, body_mode=args.body_mode, fallbacks=2
    )
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
            )
        console.print(summary_table(outcomes, pod_names))
        failed = [o for o in outcomes if o.status != 200]
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
