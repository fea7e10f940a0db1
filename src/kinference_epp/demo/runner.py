"""``kinference-epp demo``: real Envoy, the picker and simulated vLLM pods, no Kubernetes.

Three parts, each on stacks of its own (``demo.stack.LocalStack``), then the tables:

1. one shared-prefix chat workload through round-robin and through the picker
   (``demo.compare``): TTFT, prefix-cache hits and how the requests spread over the pods;
2. the picker's usage roll-up per tenant, of that workload (two tenants with API keys, one held
   to a small token limit);
3. two tenants of equal weight past the pool's capacity, flow control off and on
   (``demo.fairness``): what each is served, and the light one keeping its share.

With ``--keep-running`` the picker's stack stays up and the banner says how to reach it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.padding import Padding
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from kinference_epp.config.tenancy import Price, TenancyConfig, UsageConfig
from kinference_epp.demo.compare import (
    KV_BLOCKS,
    ChatWorkload,
    comparison_table,
    pool_options,
    run_on,
    run_router,
)
from kinference_epp.demo.fairness import (
    FairnessRun,
    Saturation,
    fairness_options,
    fairness_table,
    run_saturation,
)
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import Reply
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
USAGE_WAIT_S = 30.0
"""How long the demo waits for the access log to report every request."""


def tenancy_config(root: Path, model: str) -> TenancyConfig:
    """Two tenants with keys (team-b on a small tokens-per-minute limit), priced usage kept in
    ``root/usage.jsonl`` (a directory per stack: each picker writes its own roll-up)."""
    (root / "tenants.yaml").write_text(TENANTS)
    return TenancyConfig(
        tenants=[str(root / "tenants.yaml")],
        usage=UsageConfig(prices={model: PRICE}, file=str(root / "usage.jsonl")),
    )


def tenant_table(rows: list[Row], outcomes: list[Reply]) -> Table:
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


SATURATION = Saturation()
COMPARISON_TITLE = "The same chat workload through round-robin and through the picker"


def comparison_note(workload: ChatWorkload) -> list[str]:
    return [
        "Each router ran on fresh pods of its own (cold caches: neither run inherits the "
        "other's), behind the same Envoy config. round-robin is the picker's round-robin "
        "router: it reads no prompt and sends each request to the next pod in turn.",
        f"Each pod's KV cache holds {KV_BLOCKS * 16:,} tokens, about a third of the "
        f"{workload.groups} system prompts: round-robin sends every prompt to every pod, whose "
        "cache evicts one for another; the picker keeps each prompt on the pods that hold it.",
        "TTFT: from sending to the first token, at the client. cache hit: cached prompt tokens "
        "over prompt tokens (usage.prompt_tokens_details). Only requests that reached a pod "
        "count: team-b's 429s are in the tenant table.",
    ]


def saturation_note(scenario: Saturation) -> list[str]:
    return [
        f"Open-loop arrivals for {scenario.duration_s:g} s, light {scenario.light_rps:g} and "
        f"heavy {scenario.light_rps * scenario.heavy_factor:g} requests/s, onto {scenario.pods} "
        f"fresh pods of {scenario.max_num_seqs} sequences each.",
        "off: the shed guard refuses whoever arrives while the picked pod is full (429 "
        f"pool_saturated). on: the request waits in the picker (up to {scenario.max_wait_s:g} "
        "s) and the tenant with the least service counted in tokens goes next; past its wait, "
        "429 over_fair_share (its tenant is over its share) or 503 pool_saturated (full for "
        "everyone).",
        f"≤ {scenario.ttft_slo_s:g} s: requests with a first token within "
        f"{scenario.ttft_slo_s:g} s, over those sent. share: the tenant's part of the prompt "
        "and completion tokens served.",
    ]


def print_note(console: Console, paragraphs: list[str]) -> None:
    """Paragraphs under a table, indented, wrapped to the terminal."""
    for text in paragraphs:
        console.print(Padding(text, (0, 0, 0, 2)))


def keep_running_banner(stack: LocalStack) -> list[str]:
    """Where the kept stack listens, and requests to paste: one through Envoy with team-a's key,
    and the picker's decision for it from the Pick API on the picker's gRPC port."""
    assert stack.cluster is not None
    assert stack.envoy is not None
    assert stack.picker is not None
    assert stack.picker.ports is not None
    grpc = f"127.0.0.1:{stack.picker.ports.grpc}"
    body = shlex.quote(
        f'{{"model": "{stack.options.model}", "max_tokens": 16, '
        '"messages": [{"role": "user", "content": "Hello!"}]}'
    )
    key = KEYS["team-a"]
    return [
        "The picker's stack is up (Ctrl-C stops it):",
        f"  Envoy listener   {stack.url}  (admin {stack.envoy.admin_url})",
        f"  picker gRPC      {grpc}  (ext_proc, access log, Pick API)",
        f"  picker metrics   {stack.metrics_url}",
        *(f"  {a.name:<16} {a.http_url}/metrics" for a in stack.cluster.addresses),
        "A request through Envoy with team-a's key:",
        f"  curl -s {stack.url}/v1/chat/completions -D - -H 'Authorization: Bearer {key}' "
        f"-H 'content-type: application/json' -d {body}",
        "The picker's decision for it, from its Pick API (the control token is the demo's):",
        f"  echo {body} | {shlex.quote(str(Path(sys.executable).parent / 'kinfctl'))} pick {grpc} "
        f"--token-file {stack.control_token_file} --api-key {key} -",
    ]


async def usage_rows(stack: LocalStack, path: Path, expected: int) -> tuple[list[Row], int]:
    """The roll-up once every request is in it (the access log arrives just after a response,
    on Envoy's flush interval), and how many requests it still lacks when the wait ends."""
    assert stack.picker is not None
    flusher = stack.picker.usage_flusher
    assert flusher is not None
    rows: list[Row] = []
    missing = expected

    async def settle() -> None:
        nonlocal rows, missing
        while True:
            await flusher.sink.write(flusher.ledger)
            rows = roll_up(read_file(path))
            missing = expected - sum(sum(r.counts.requests.values()) for r in rows)
            if missing <= 0:
                return
            await asyncio.sleep(0.1)

    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(USAGE_WAIT_S):
            await settle()
    return rows, max(missing, 0)


async def run_demo(args: argparse.Namespace, console: Console) -> int:
    with tempfile.TemporaryDirectory(prefix="kinference-demo-") as tmp:
        return await _run_demo(args, console, Path(tmp))


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description:<34}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


async def _run_demo(args: argparse.Namespace, console: Console, root: Path) -> int:
    started = time.perf_counter()
    workload = ChatWorkload(requests=args.requests, concurrency=args.concurrency)
    base = replace(pool_options(args.pods), body_mode=args.body_mode, fallbacks=2)
    picker = replace(base, router=args.router, tenancy=tenancy_config(root, base.model))
    (root / "round-robin").mkdir()
    round_robin = replace(
        base, router="round-robin", tenancy=tenancy_config(root / "round-robin", base.model)
    )
    console.print(
        f"[bold]kinference-epp demo[/bold]: real Envoy + the picker + {base.pods} simulated vLLM "
        f"pods ({base.pod_template.latency} profile, real time), body mode {base.body_mode}\n"
        f"  {workload.requests} streamed chat requests, {workload.groups} shared system prompts "
        f"of ~2,300 tokens, concurrency {workload.concurrency}, taking turns between two tenants"
    )
    prompts = workload.prompts()
    async with contextlib.AsyncExitStack() as exits:
        with _progress(console) as progress:
            task = progress.add_task("round-robin (fresh pods)", total=len(prompts))
            baseline = await run_router(
                round_robin, prompts, workload, KEYS, _advance(progress, task)
            )
            task = progress.add_task(f"{picker.router} (fresh pods)", total=len(prompts))
            stack = await exits.enter_async_context(LocalStack(picker))
            picked = await run_on(stack, prompts, workload, KEYS, _advance(progress, task))
            outcomes = picked.outcomes
            usage_file = root / "usage.jsonl"
            rows, unreported = await usage_rows(stack, usage_file, len(outcomes))
            fair = await _saturate(base, root, progress)
        console.print(comparison_table([baseline, picked], COMPARISON_TITLE))
        print_note(console, comparison_note(workload))
        console.print(tenant_table(rows, outcomes))
        print_note(
            console,
            [
                "team-b is held to 12,000 tokens a minute; its 429s never reach a pod. "
                f"kinfctl usage --file {usage_file} prints this roll-up.",
                *(
                    [f"{unreported} requests' usage had not arrived after {USAGE_WAIT_S:.0f} s."]
                    if unreported
                    else []
                ),
            ],
        )
        console.print(fairness_table(fair, SATURATION))
        print_note(console, saturation_note(SATURATION))
        print_note(console, [f"The demo took {time.perf_counter() - started:.0f} s."])
        # team-b's 429s and the refusals under saturation are the demo's point; anything else
        # is a failure
        failed = [o for o in [*baseline.outcomes, *outcomes] if o.status not in (200, 429)]
        failed += [
            o
            for run in fair
            for r in run.tenants.values()
            for o in r.outcomes
            if o.status not in (200, 429, 503)
        ]
        if failed:
            console.print(f"[red]{len(failed)} requests failed[/red]: {failed[0]}")
        if args.keep_running:
            for line in keep_running_banner(stack):
                # one line each, wrapped by the terminal only: pasted, a command runs whole
                console.print(line, soft_wrap=True, markup=False, highlight=False)
            await wait_for_signal()
    return 1 if failed else 0


async def _saturate(base: StackOptions, root: Path, progress: Progress) -> list[FairnessRun]:
    runs = []
    for flow in (False, True):
        label = "saturation, flow control " + ("on" if flow else "off")
        task = progress.add_task(label, total=len(SATURATION.arrivals()))
        options = fairness_options(base, SATURATION, root, flow)
        runs.append(await run_saturation(options, SATURATION, _advance(progress, task)))
    return runs


def _advance(progress: Progress, task: TaskID) -> Callable[[Reply], None]:
    return lambda _: progress.advance(task)


def demo_main(args: argparse.Namespace) -> int:
    console = Console()
    try:
        import uvloop

        return uvloop.run(run_demo(args, console))
    except KeyboardInterrupt:
        console.print("interrupted; everything was shut down")
        return 130
