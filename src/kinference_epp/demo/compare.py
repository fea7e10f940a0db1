"""Round-robin against the picker: one shared-prefix chat workload through each, side by side.

Each router gets a stack of its own (``LocalStack``: real Envoy, the picker, fresh simulated
pods), so neither run starts on the other's warm caches. Round-robin is the picker's
``round-robin`` router behind the same Envoy: it reads no prompt and sends each request to the
next pod in turn, as Envoy's own ``ROUND_ROBIN`` cluster would, while the tenant keys and limits
apply to both runs alike. What differs between the two rows is the pick alone.

The workload is the regime where the pick matters: more distinct system prompts than one pod's
KV cache holds, but fewer than the pool's caches hold together. Round-robin sends every prompt
to every pod, whose caches then evict one prompt for another; the picker sends each prompt where
its prefix is cached, so each pod keeps a part of them.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rich.table import Table

from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.demo.workload import Reply, make_prompts, run_workload
from kinference_epp.sim.server import PodSpec


@dataclass(frozen=True, slots=True)
class ChatWorkload:
    """A closed-loop shared-prefix chat workload (``make_prompts`` draws its prompts)."""

    requests: int = 320
    concurrency: int = 8
    groups: int = 24
    """Distinct system prompts, each shared by the requests of its group."""
    system_words: int = 1900
    """About 2,300 Qwen3 tokens of system prompt each."""
    question_words: int = 40
    max_tokens: int = 16
    seed: int = 7

    def prompts(self) -> list[tuple[str, str]]:
        return make_prompts(
            self.requests, self.groups, self.system_words, self.question_words, self.seed
        )


def pool_options(pods: int = 4, kv_blocks: int | None = None) -> StackOptions:
    """The demo's pool: pods priced by the calibrated ``h100-8b`` profile in real time, each
    with a KV cache of ``kv_blocks`` blocks (default ``KV_BLOCKS``: a third of the workload's
    system prompts)."""
    return StackOptions(
        pods=pods,
        time_scale=1.0,
        num_gpu_blocks=KV_BLOCKS if kv_blocks is None else kv_blocks,
        pod_template=PodSpec(latency="h100-8b"),
    )


KV_BLOCKS = 1152
"""18,432 tokens per pod: 8 of the 24 system prompts; the 4 pods together hold them all."""


@dataclass(frozen=True, slots=True)
class RouterRun:
    """One router's run of the workload, as the client measured it."""

    router: str
    outcomes: list[Reply]
    pods: dict[str, str]
    """Endpoint (host:port) -> pod name, every pod of the run's stack."""

    @property
    def served(self) -> list[Reply]:
        return [o for o in self.outcomes if o.status == 200]

    def cache_hit(self) -> float:
        """Prompt tokens the pods served from their prefix caches, over all prompt tokens."""
        prompt = sum(o.prompt_tokens for o in self.served)
        return sum(o.cached_tokens for o in self.served) / prompt if prompt else 0.0

    def ttft_s(self, q: float) -> float:
        return percentile([o.ttft_s for o in self.served if o.ttft_s is not None], q)

    def spread(self) -> list[int]:
        """Requests each pod served, in pod-name order."""
        by_name = sorted(self.pods.items(), key=lambda item: item[1])
        return [sum(1 for o in self.served if o.upstream == ep) for ep, _ in by_name]


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (inclusive method); NaN for no values."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


async def run_router(
    options: StackOptions,
    prompts: list[tuple[str, str]],
    workload: ChatWorkload,
    keys: Mapping[str, str] | None = None,
    on_done: Callable[[Reply], None] | None = None,
) -> RouterRun:
    """Start a stack of ``options`` (its router), send ``prompts`` through its Envoy, stop it."""
    async with LocalStack(options) as stack:
        return await run_on(stack, prompts, workload, keys, on_done)


async def run_on(
    stack: LocalStack,
    prompts: list[tuple[str, str]],
    workload: ChatWorkload,
    keys: Mapping[str, str] | None = None,
    on_done: Callable[[Reply], None] | None = None,
) -> RouterRun:
    """Send ``prompts`` through a started stack's Envoy (the stack stays up)."""
    assert stack.cluster is not None
    outcomes = await run_workload(
        stack.url,
        stack.options.model,
        prompts,
        concurrency=workload.concurrency,
        max_tokens=workload.max_tokens,
        on_done=on_done,
        keys=keys,
    )
    pods = {a.hostport: a.name for a in stack.cluster.addresses}
    return RouterRun(stack.options.router, outcomes, pods)


def comparison_table(runs: list[RouterRun], title: str) -> Table:
    table = Table(title=title)
    for col in ("router", "served", "TTFT p50", "TTFT p90", "cache hit", "per pod"):
        table.add_column(col, justify="left" if col == "router" else "right", no_wrap=True)
    for run in runs:
        table.add_row(
            run.router,
            str(len(run.served)),
            f"{run.ttft_s(50) * 1000:.0f} ms",
            f"{run.ttft_s(90) * 1000:.0f} ms",
            f"{run.cache_hit():.0%}",
            "/".join(str(n) for n in run.spread()),
        )
    return table
