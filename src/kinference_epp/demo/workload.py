"""A short chat workload sent through Envoy, measured from the client's side.

Requests share system prompts in groups (like the shared-prefix benchmarks), stream with
``include_usage``, and record which pod served them (Envoy's ``x-kinference-upstream``), the
time to the first token and the usage the pod reported.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp

from kinference_epp.api.wire_names import REASON_HEADER, UPSTREAM_HEADER

_WORDS = [
    "cache",
    "prefix",
    "token",
    "block",
    "router",
    "envoy",
    "model",
    "pod",
    "latency",
    "queue",
    "batch",
    "decode",
    "prefill",
    "kubernetes",
    "gateway",
    "policy",
    "tenant",
    "stream",
    "metric",
    "score",
    "picker",
    "vllm",
    "inference",
]


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    upstream: str
    ttft_s: float | None
    e2e_s: float
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    reason: str = ""
    tenant: str = ""
    """The tenant whose key the request carried (the demo's two tenants)."""


def make_prompts(
    requests: int, groups: int, system_words: int, question_words: int, seed: int
) -> list[tuple[str, str]]:
    """(system, question) pairs: ``groups`` distinct system prompts shared by their requests."""
    rng = random.Random(seed)
    systems = [
        f"You are assistant #{g}. " + " ".join(rng.choice(_WORDS) for _ in range(system_words))
        for g in range(groups)
    ]
    return [
        (
            systems[rng.randrange(groups)],
            f"Question {i}: " + " ".join(rng.choice(_WORDS) for _ in range(question_words)),
        )
        for i in range(requests)
    ]


async def read_stream(
    resp: aiohttp.ClientResponse, t0: float
) -> tuple[float | None, dict[str, Any]]:
    """Read an OpenAI SSE stream to its end: seconds from ``t0`` (a ``perf_counter``) to the
    first chunk that carries generated text, and the usage chunk's ``usage`` ({} when none
    came).

    The first token, not the first chunk: a server may open a chat stream with an empty
    ``{"role": "assistant"}`` delta before its prefill is done, which says nothing about when
    the model's first token came."""
    ttft: float | None = None
    usage: dict[str, Any] = {}
    async for raw in resp.content:
        line = raw.strip()
        if not line.startswith(b"data:"):
            continue
        data = line[5:].strip()
        if data == b"[DONE]":
            break
        chunk = json.loads(data)
        if ttft is None and any(_generated(c) for c in chunk.get("choices") or ()):
            ttft = time.perf_counter() - t0
        if chunk.get("usage"):
            usage = chunk["usage"]
    return ttft, usage


def _generated(choice: dict[str, Any]) -> bool:
    """Whether a streamed choice carries generated text (chat ``delta.content``, or a
    completion's ``text``)."""
    delta = choice.get("delta")
    return bool(delta.get("content") if isinstance(delta, dict) else choice.get("text"))


async def send_chat(
    session: aiohttp.ClientSession,
    url: str,
    model: str,
    system: str,
    question: str,
    max_tokens: int,
    api_key: str | None = None,
) -> Reply:
    body = {
        "model": model,
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": question},
        ],
        "stream": True,
        "stream_options": {"include_usage": True},
        "max_tokens": max_tokens,
    }
    t0 = time.perf_counter()
    headers = {"authorization": f"Bearer {api_key}"} if api_key is not None else None
    async with session.post(f"{url}/v1/chat/completions", json=body, headers=headers) as resp:
        upstream = resp.headers.get(UPSTREAM_HEADER, "")
        if resp.status != 200:
            await resp.read()
            return Reply(
                resp.status,
                upstream,
                None,
                time.perf_counter() - t0,
                0,
                0,
                0,
                resp.headers.get(REASON_HEADER, ""),
            )
        ttft, usage = await read_stream(resp, t0)
    details = usage.get("prompt_tokens_details") or {}
    cached = details.get("cached_tokens", 0) if isinstance(details, dict) else 0
    return Reply(
        200,
        upstream,
        ttft,
        time.perf_counter() - t0,
        int(usage.get("prompt_tokens", 0) or 0),
        int(cached or 0),
        int(usage.get("completion_tokens", 0) or 0),
    )


async def run_workload(
    url: str,
    model: str,
    prompts: list[tuple[str, str]],
    *,
    concurrency: int,
    max_tokens: int = 64,
    on_done: Callable[[Reply], None] | None = None,
    keys: Mapping[str, str] | None = None,
) -> list[Reply]:
    """Closed loop: ``concurrency`` clients, each sending its next request when one finishes.

    ``keys`` (tenant -> API key): the requests take turns among the tenants."""
    queue: asyncio.Queue[tuple[str, str, str]] = asyncio.Queue()
    tenants = sorted(keys) if keys else [""]
    for i, (system, question) in enumerate(prompts):
        queue.put_nowait((system, question, tenants[i % len(tenants)]))
    outcomes: list[Reply] = []
    timeout = aiohttp.ClientTimeout(total=120)

    async with aiohttp.ClientSession(timeout=timeout) as session:

        async def client() -> None:
            while True:
                try:
                    system, question, tenant = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                key = keys[tenant] if keys else None
                try:
                    out = await send_chat(session, url, model, system, question, max_tokens, key)
                except (aiohttp.ClientError, TimeoutError) as exc:
                    out = Reply(0, "", None, 0.0, 0, 0, 0, reason=type(exc).__name__)
                if tenant:
                    out = dataclasses.replace(out, tenant=tenant)
                outcomes.append(out)
                if on_done is not None:
                    on_done(out)

        await asyncio.gather(*(client() for _ in range(concurrency)))
    return outcomes
