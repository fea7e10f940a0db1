"""Small requests' end-to-end latency through real Envoy while 1 MB and 10 MB prompts arrive.

    .venv/bin/python benchmarks/prompt_isolation_envoy.py          # ~8 min; writes results/prompt_isolation_envoy.md
    .venv/bin/python benchmarks/prompt_isolation_envoy.py --quick  # one short round, writes nothing

Black-box, as a client sees it: the shipped Envoy config (``kinference_epp.gateway``,
FULL_DUPLEX_STREAMED bodies), one ``kinference-epp serve`` process with the product's defaults
(router ``precise-prefix``, Qwen3's tokenizer, prompts over 16k characters tokenized in two
worker processes, ``max_body_bytes`` 16 MiB, ``max_prompt_chars`` 4 Mi) and two simulated pods
(``kinference-epp sim`` processes, 20x real time): the process helpers are ``chaos.py``'s.
Small non-streamed chat requests (~100 tokens, ``max_tokens`` 8) leave one every ``--gap-ms``
from this process, each timed from its send to its whole response. Beside them, in another
process so that building and sending big bodies is not this client's work,
``--big-concurrency`` closed-loop streams keep sending distinct big prompts:

- ``unloaded``: small requests only;
- ``1 MB prompts``: ~250k tokens, over Qwen3's 131072 context: Envoy streams the body to the
  picker, which reads and parses it, counts its tokens in a worker process and answers 400
  ``context_length_exceeded``;
- ``10 MB prompts``: accepted by Envoy and the picker (under ``max_body_bytes``), over
  ``max_prompt_chars``: read and parsed, then answered 400 ``context_length_exceeded``
  untokenized - what a client sending one gets.

Scenarios are interleaved round by round, so machine noise hits them alike; the table gives
the p99 of all rounds pooled, each round's p99, and the ratio to the unloaded p99 both pooled
and per round (a round's p99 over the same round's unloaded p99: the median is the verdict). The CPU
columns are the seconds each process used per second of the scenario (from /proc): the
picker's own process, its prompt workers, Envoy, the pods. Everything shares this machine's
cores with this client.

Target: the small requests' p99 beside 1 MB and beside 10 MB prompts within 2x of unloaded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import aiohttp

from chaos import Proc, picker_proc, start_pod_proc
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.tokenize.fixtures import default_tokenizer_dir
from picker_cost import cpu_seconds

HERE = Path(__file__).resolve().parent
MODEL = "qwen3-0.6b"
MIB = 1024 * 1024
WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "seven"]
SCENARIOS = {"unloaded": 0, "1 MB prompts": MIB, "10 MB prompts": 10 * MIB}


def chat(text: str, max_tokens: int) -> bytes:
    return json.dumps(
        {"model": MODEL, "messages": [{"role": "user", "content": text}], "max_tokens": max_tokens}
    ).encode()


# --------------------------------------------------------------------------------------------
# The big-prompt sender (its own process)


def big_sender(url: str, size: int, streams: int, conn: Connection) -> None:
    """Send distinct ``size``-byte prompts on ``streams`` connections until told to stop;
    report the statuses and latencies they got."""
    import uvloop

    uvloop.run(_big_sender(url, size, streams, conn))


async def _big_sender(url: str, size: int, streams: int, conn: Connection) -> None:
    rng = random.Random(size)
    text = " ".join(rng.choice(WORDS) for _ in range(size // 4))[: size - 128]
    head, tail = chat("\x00" + text, 16).split(b"\\u0000")
    statuses: Counter[str] = Counter()
    seconds: list[float] = []
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_reader(conn.fileno(), stop.set)

    async def stream(session: aiohttp.ClientSession) -> None:
        while not stop.is_set():
            # distinct each time (nothing from a cache); concatenated, as the client's JSON
            # encoding is no work of the gateway's
            body = head + f"{rng.random()} ".encode() + tail
            t0 = time.perf_counter()
            try:
                async with session.post(
                    f"{url}/v1/chat/completions",
                    data=body,
                    headers={"content-type": "application/json"},
                ) as resp:
                    answer = await resp.read()
                    reason = resp.headers.get("x-kinference-reason", "")
                    statuses[f"{resp.status} {reason}".strip()] += 1
                    del answer
            except aiohttp.ClientError as exc:
                statuses[type(exc).__name__] += 1
            seconds.append(time.perf_counter() - t0)

    async with aiohttp.ClientSession(
        timeout=aiohttp.ClientTimeout(total=120), connector=aiohttp.TCPConnector(limit=streams)
    ) as session:
        conn.send("started")
        await asyncio.gather(*(stream(session) for _ in range(streams)))
    conn.send((dict(statuses), seconds))


# --------------------------------------------------------------------------------------------
# The small requests (this process)


@dataclass
class Round:
    latencies: list[float] = field(default_factory=list)
    failures: Counter[str] = field(default_factory=Counter)
    big: dict[str, int] = field(default_factory=dict)
    big_seconds: list[float] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)


async def small_requests(
    session: aiohttp.ClientSession, url: str, seconds: float, gap_s: float, out: Round
) -> None:
    async def one(i: int) -> None:
        body = chat(f"request {i}: " + " ".join(WORDS * 5), 8)
        t0 = time.perf_counter()
        try:
            async with session.post(
                f"{url}/v1/chat/completions",
                data=body,
                headers={"content-type": "application/json"},
            ) as resp:
                await resp.read()
                if resp.status != 200:
                    reason = resp.headers.get("x-kinference-reason", "")
                    out.failures[f"{resp.status} {reason}".strip()] += 1
                    return
        except aiohttp.ClientError as exc:
            out.failures[type(exc).__name__] += 1
            return
        out.latencies.append(time.perf_counter() - t0)

    tasks = []
    start = time.perf_counter()
    for i in range(int(seconds / gap_s)):
        # open loop: each request leaves on its schedule, whatever the earlier ones do
        delay = start + i * gap_s - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(i)))
    await asyncio.gather(*tasks)


def children(pid: int) -> list[int]:
    """The picker's child processes (its prompt workers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(p) for p in text]
    return found


def cpu_of(groups: dict[str, list[int]]) -> dict[str, float]:
    out = {}
    for name, pids in groups.items():
        total = 0.0
        for pid in pids:
            with contextlib.suppress(OSError):  # a worker replaced meanwhile
                total += cpu_seconds(pid)
        out[name] = total
    return out


async def scenario(
    session: aiohttp.ClientSession,
    url: str,
    size: int,
    args: argparse.Namespace,
    groups: dict[str, list[int]],
) -> Round:
    out = Round()
    ctx = mp.get_context("spawn")
    sender = None
    if size:
        ours, theirs = ctx.Pipe()
        sender = ctx.Process(target=big_sender, args=(url, size, args.big_concurrency, theirs))
        sender.start()
        await asyncio.to_thread(ours.recv)  # "started"
        await asyncio.sleep(1.0)  # the big prompts under way
    c0, t0 = cpu_of(groups), time.perf_counter()
    await small_requests(session, url, args.seconds, args.gap_ms / 1000, out)
    c1, t1 = cpu_of(groups), time.perf_counter()
    out.cpu = {k: (c1[k] - c0[k]) / (t1 - t0) for k in c0}
    if sender is not None:
        ours.send("stop")
        out.big, out.big_seconds = await asyncio.to_thread(ours.recv)
        await asyncio.to_thread(sender.join)
        await settle(groups)
    return out


async def settle(groups: dict[str, list[int]], max_s: float = 20.0) -> None:
    """Wait until the picker and its workers are idle again (the prompts the sender left
    behind when it stopped are still read and tokenized), so the next scenario starts clean."""
    pids = groups.get("picker", []) + groups.get("workers", [])
    deadline = time.perf_counter() + max_s
    before = sum(cpu_of({"all": pids}).values())
    while time.perf_counter() < deadline:
        await asyncio.sleep(0.5)
        now = sum(cpu_of({"all": pids}).values())
        if now - before < 0.05:
            return
        before = now


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, tmp: Path) -> dict[str, list[Round]]:
    tok = default_tokenizer_dir("qwen3")
    if tok is None:
        sys.exit("Qwen3's tokenizer is not fetched: run make tokenizers")
    pods = [start_pod_proc(i, tmp, tok) for i in range(2)]
    picker: Proc | None = None
    try:
        for p in pods:
            await p.proc.start()
        picker, grpc_port = picker_proc("picker", tmp, tok, pods)
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{grpc_port}",),
            pool=tuple(f"127.0.0.1:{p.http}" for p in pods),
        )
        async with EnvoyProcess(opts) as envoy:
            await picker.start()
            url = f"http://127.0.0.1:{opts.listener_port}"
            assert picker.proc is not None
            assert envoy.pid is not None
            results: dict[str, list[Round]] = {name: [] for name in SCENARIOS}
            async with aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=60),
                connector=aiohttp.TCPConnector(limit=0),
            ) as session:
                warm = Round()  # tokenizer, template, connections; the workers start on the
                await small_requests(session, url, 3.0, args.gap_ms / 1000, warm)
                first = await scenario(session, url, MIB, args, {})  # first long prompt
                assert first.big, first.big
                print(f"warm-up: failed {dict(warm.failures)}", file=sys.stderr)
                groups: dict[str, list[int]] = {
                    "picker": [picker.proc.pid],
                    "workers": children(picker.proc.pid),
                    "envoy": [envoy.pid],
                    "pods": [p.proc.proc.pid for p in pods if p.proc.proc is not None],
                }
                await settle(groups)
                for r in range(args.rounds):
                    for name, size in SCENARIOS.items():
                        t0 = time.perf_counter()
                        out = await scenario(session, url, size, args, groups)
                        results[name].append(out)
                        print(
                            f"round {r + 1}: {name}: {len(out.latencies)} ok, p99 "
                            f"{pct(out.latencies, 0.99) * 1e3:.1f} ms, big {out.big} "
                            f"({time.perf_counter() - t0:.1f} s)",
                            file=sys.stderr,
                            flush=True,
                        )
            return results
    finally:
        if picker is not None and picker.proc is not None:
            picker.signal(signal.SIGTERM)  # it stops its prompt workers
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(20):
                    await picker.wait()
            picker.stop()
        for p in pods:
            p.proc.stop()


def ratios(results: dict[str, list[Round]], name: str) -> list[float]:
    """Each round's p99 over the same round's unloaded p99 (noise shared within a round)."""
    return [
        pct(r.latencies, 0.99) / pct(u.latencies, 0.99)
        for r, u in zip(results[name], results["unloaded"], strict=True)
    ]


def table(results: dict[str, list[Round]]) -> str:
    base = pct([x for r in results["unloaded"] for x in r.latencies], 0.99)
    lines = [
        "| scenario | small requests | failed | p50 (ms) | p99 (ms) | p99 per round (ms) | "
        "max (ms) | p99 / unloaded p99: pooled | per round: median (range) | "
        "big prompts answered | big p50 (s) | CPU: picker / workers / Envoy / pods (s/s) |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---|",
    ]
    for name, rounds in results.items():
        values = [x for r in rounds for x in r.latencies]
        failed: Counter[str] = Counter()
        big: Counter[str] = Counter()
        for r in rounds:
            failed.update(r.failures)
            big.update(r.big)
        per_round = [pct(r.latencies, 0.99) * 1e3 for r in rounds]
        rr = ratios(results, name)
        big_s = [x for r in rounds for x in r.big_seconds]
        cpu = {k: statistics.median(r.cpu[k] for r in rounds) for k in rounds[0].cpu}
        p99 = pct(values, 0.99)
        lines.append(
            f"| {name} | {len(values)} | "
            f"{', '.join(f'{n} x {s}' for s, n in failed.items()) or '0'} | "
            f"{statistics.median(values) * 1e3:.1f} | {p99 * 1e3:.1f} | "
            f"{min(per_round):.1f}-{max(per_round):.1f} | {max(values) * 1e3:.1f} | "
            f"{p99 / base:.2f}x | {statistics.median(rr):.2f}x ({min(rr):.2f}-{max(rr):.2f}) | "
            f"{', '.join(f'{n} x {s}' for s, n in big.items()) or '-'} | "
            f"{statistics.median(big_s) if big_s else 0:.2f} | "
            f"{' / '.join(f'{cpu[k]:.2f}' for k in ('picker', 'workers', 'envoy', 'pods'))} |"
        )
    return "\n".join(lines)


def verdicts(results: dict[str, list[Round]]) -> list[str]:
    out = []
    for name in list(SCENARIOS)[1:]:
        ratio = statistics.median(ratios(results, name))
        out.append(
            f"target (p99 beside {name} <= 2x unloaded p99, median over rounds): "
            f"{'met' if ratio <= 2 else 'NOT met'} ({ratio:.2f}x)"
        )
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="one short round; writes nothing")
    p.add_argument("--seconds", type=float, help="of small requests per scenario (default 15)")
    p.add_argument("--rounds", type=int, help="default 4")
    p.add_argument("--gap-ms", type=float, default=20.0)
    p.add_argument("--big-concurrency", type=int, default=2)
    args = p.parse_args()
    quick = (6.0, 1) if args.quick else (15.0, 4)
    args.seconds = args.seconds or quick[0]
    args.rounds = args.rounds or quick[1]
    with tempfile.TemporaryDirectory(prefix="prompt-isolation-") as tmp:
        import uvloop

        results = uvloop.run(run(args, Path(tmp)))
    text = table(results)
    lines = verdicts(results)
    print(text)
    print("\n".join(lines))
    if not args.quick:
        cmd = "python benchmarks/prompt_isolation_envoy.py " + " ".join(sys.argv[1:])
        (HERE / "results" / "prompt_isolation_envoy.md").write_text(
            "# Small requests' latency through Envoy while 1 MB and 10 MB prompts arrive\n\n"
            f"`{cmd.strip()}`: small requests one every {args.gap_ms} ms for {args.seconds} s "
            f"per scenario x {args.rounds} rounds, interleaved; {args.big_concurrency} streams "
            f"of distinct big prompts. Machine: {os.cpu_count()} cores shared by the client, "
            "Envoy, the picker, its worker processes and the pods. See the script's "
            f"docstring.\n\n{text}\n\n" + "\n".join(f"- {v}" for v in lines) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
