"""Tenant limit accuracy: tokens admitted through real Envoy against a tokens-per-minute limit.

    .venv/bin/python benchmarks/tenant_limits.py           # writes results/tenant_limits.md
    .venv/bin/python benchmarks/tenant_limits.py --quick   # 15 s runs, writes nothing

One tenant with a ``perMinute: {total: L}`` limit, ``--clients`` closed-loop clients streaming
chat requests with random ``max_tokens`` (the simulated pods answer with exactly that many, so
the reserved output, min(max_tokens, the tenant's recent p90), is sometimes short and
settlement leaves debt, sometimes long and settlement refunds). A client that gets a 429
waits min(retry-after, a random 0.2-1 s) and tries again, so demand always exceeds the limit.
Two scenarios, each on fresh state: three picker replicas (``kinference-epp serve``
processes behind the shipped Envoy config) sharing one redis-server, and one replica with the
in-process store. Usage settles from Envoy's access log, which any replica may receive.

Admitted tokens: prompt + completion tokens, from each stream's usage chunk, of the requests
admitted (answered 200) during the run of T seconds. The limit allows a full bucket at the
start plus the refill: A = L + L * T / 60. Target: admitted within ±2 % of A.

Then a Redis outage: the three replicas and Redis again, and in the middle of the run Redis
is SIGSTOPped for ``--outage-s`` (hung: the worst case, since a refused connection fails at
once), then continued. The tenant fails soft. Per phase (by when a request was sent; "before"
leaves out the first half of the lead, when the full bucket's burst loads the machine): the
answers, and the time to the response's headers, for all answers and for the picker's own
(429s: no pod in them, so the admission's wait is most of it). Target: no request waits on
Redis longer than the timeout, once: the picker answers' p99 during the outage is within the
store's timeout (20 ms) of their p99 before it, and requests are admitted throughout.
"""

from __future__ import annotations

import argparse
import asyncio
import calendar
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from chaos import MODEL, Pod, Proc, start_pod_proc
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.tokenize.fixtures import default_tokenizer_dir

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent / "kinference-epp"
KEY = "sk-accuracy-tenant-key-01"
TENANT = """\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: accuracy}}
spec:
  apiKeys: [{{name: k, value: {key}}}]
  limits:
    tokens: {{perMinute: {{total: {limit}}}}}
"""


@dataclass
class Answer:
    start: float
    status: int
    tokens: int = 0
    """prompt + completion from the usage chunk (200 only)."""
    headers_s: float = 0.0
    """Seconds from sending to the response's headers."""


def redis_proc(tmp: Path) -> tuple[Proc, int]:
    port = free_port()
    args = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    args += ["--appendonly", "no"]
    return Proc("redis", args, tmp / "redis.log", lambda s: "Ready to accept" in s), port


def picker_proc(
    name: str, tmp: Path, tok: Path, pods: list[Pod], redis_port: int | None
) -> tuple[Proc, int]:
    grpc_port = free_port()
    endpoints = "".join(
        f"    - {{address: 127.0.0.1:{p.http}, name: pod-{i}, models: [{MODEL}], "
        f"kv_events: 'tcp://127.0.0.1:{p.zmq}', kv_replay: 'tcp://127.0.0.1:{p.zmq + 1}'}}\n"
        for i, p in enumerate(pods)
    )
    store = (
        f"  store: {{redis: {{url: 'redis://127.0.0.1:{redis_port}/0'}}}}\n"
        if redis_port is not None
        else ""
    )
    cfg = tmp / f"{name}.yaml"
    cfg.write_text(
        f"pool:\n  name: accuracy\n  endpoints:\n{endpoints}"
        f"tokenizers:\n  sources:\n    - {{models: [{MODEL}], path: {tok}}}\n"
        f"server: {{host: 127.0.0.1, grpc_port: {grpc_port}, health_port: 0, metrics_port: 0, "
        # loopback only: Envoy's access log settles without the control token
        "control: {allow_unauthenticated: true}}\n"
        f"tenancy:\n  tenants: [{tmp / 'tenants.yaml'}]\n{store}"
    )
    args = [str(BIN), "serve", "--config", str(cfg)]
    return Proc(name, args, tmp / f"{name}.log", lambda s: '"picker started"' in s), grpc_port


async def client(url: str, stop: asyncio.Event, log: list[Answer], rng: random.Random) -> None:
    timeout = aiohttp.ClientTimeout(total=120)
    headers = {"authorization": f"Bearer {KEY}"}
    async with aiohttp.ClientSession(timeout=timeout) as http:
        while not stop.is_set():
            body = {
                "model": MODEL,
                "messages": [{"role": "user", "content": f"question {rng.randrange(10**6)}"}],
                "max_tokens": rng.randint(8, 256),
                "stream": True,
            }
            a = Answer(time.monotonic(), 0)
            try:
                async with http.post(
                    f"{url}/v1/chat/completions", json=body, headers=headers
                ) as resp:
                    a.status = resp.status
                    a.headers_s = time.monotonic() - a.start
                    if resp.status == 200:
                        async for line in resp.content:
                            if line.startswith(b"data: {") and b'"usage":{' in line.replace(
                                b" ", b""
                            ):
                                usage = json.loads(line[6:])["usage"]
                                a.tokens = usage["prompt_tokens"] + usage["completion_tokens"]
                        log.append(a)
                        continue
                    await resp.read()
                    retry = float(resp.headers.get("retry-after", "1"))
            except (aiohttp.ClientError, TimeoutError):
                retry = 1.0
            log.append(a)
            await asyncio.sleep(min(retry, rng.uniform(0.2, 1.0)))


async def start_stack(
    args: argparse.Namespace,
    tmp: Path,
    tok: Path,
    replicas: int,
    redis_port: int | None,
    procs: list[Proc],
) -> tuple[EnvoyOptions, list[Proc]]:
    """Start the pods and make the picker replicas (both appended to ``procs``, which the
    caller stops); the Envoy options that front them, and the pickers, which
    ``pickers_ready`` starts once Envoy runs."""
    pods = [start_pod_proc(i, tmp, tok) for i in range(args.pods)]
    procs += [p.proc for p in pods]
    for p in pods:
        await p.proc.start()
    pickers = [picker_proc(f"picker-{i}", tmp, tok, pods, redis_port) for i in range(replicas)]
    procs += [p for p, _ in pickers]
    opts = EnvoyOptions(
        listener_host="127.0.0.1",
        listener_port=free_port(),
        admin_port=free_port(),
        pickers=tuple(f"127.0.0.1:{port}" for _, port in pickers),
        pool=tuple(f"127.0.0.1:{p.http}" for p in pods),
    )
    return opts, [p for p, _ in pickers]


async def pickers_ready(opts: EnvoyOptions, pickers: list[Proc]) -> str:
    """Start the picker replicas (behind a running Envoy); the listener's URL."""
    for proc in pickers:
        print(f"{proc.name} ready in {await proc.start():.2f} s", flush=True)
    return f"http://127.0.0.1:{opts.listener_port}"


async def scenario(
    args: argparse.Namespace, tmp: Path, tok: Path, replicas: int, redis: bool
) -> dict[str, Any]:
    (tmp / "tenants.yaml").write_text(TENANT.format(key=KEY, limit=args.limit))
    procs: list[Proc] = []
    try:
        redis_port = None
        if redis:
            rp, redis_port = redis_proc(tmp)
            procs.append(rp)
            await rp.start()
        opts, pickers = await start_stack(args, tmp, tok, replicas, redis_port, procs)
        async with EnvoyProcess(opts):
            url = await pickers_ready(opts, pickers)
            log: list[Answer] = []
            stop = asyncio.Event()
            t0 = time.monotonic()
            tasks = [
                asyncio.create_task(client(url, stop, log, random.Random(i)))
                for i in range(args.clients)
            ]
            await asyncio.sleep(args.seconds)
            stop.set()
            await asyncio.gather(*tasks)
        fallbacks = sum(
            (tmp / f"picker-{i}.log").read_text().count("limit store unreachable")
            for i in range(replicas)
        )
    finally:
        for p in procs:
            p.stop()
    return summarise(args, log, t0, replicas, redis, fallbacks)


async def outage(args: argparse.Namespace, tmp: Path, tok: Path) -> dict[str, Any]:
    (tmp / "tenants.yaml").write_text(TENANT.format(key=KEY, limit=args.limit))
    procs: list[Proc] = []
    try:
        rp, redis_port = redis_proc(tmp)
        procs.append(rp)
        await rp.start()
        opts, pickers = await start_stack(args, tmp, tok, 3, redis_port, procs)
        async with EnvoyProcess(opts):
            url = await pickers_ready(opts, pickers)
            log: list[Answer] = []
            stop = asyncio.Event()
            t0 = time.monotonic()
            tasks = [
                asyncio.create_task(client(url, stop, log, random.Random(i)))
                for i in range(args.clients)
            ]
            lead = args.outage_lead_s
            await asyncio.sleep(lead)
            down_at, down_wall = time.monotonic(), time.time()
            rp.signal(signal.SIGSTOP)
            await asyncio.sleep(args.outage_s)
            rp.signal(signal.SIGCONT)
            up_at, up_wall = time.monotonic(), time.time()
            await asyncio.sleep(lead)
            stop.set()
            await asyncio.gather(*tasks)
        logs = [(tmp / f"picker-{i}.log").read_text() for i in range(3)]
    finally:
        for p in procs:
            p.stop()
    phases = {
        "before": [a for a in log if t0 + lead / 2 <= a.start < down_at],
        "during": [a for a in log if down_at <= a.start < up_at],
        "after": [a for a in log if a.start >= up_at],
    }
    rows = {name: phase_row(answers) for name, answers in phases.items()}
    before, during = rows["before"], rows["during"]
    return {
        "phases": rows,
        "transitions": transitions(logs, down_wall, up_wall),
        "met": during["admitted"] > 0 and during["p99_429_ms"] <= before["p99_429_ms"] + 20,
    }


def transitions(logs: list[str], down: float, up: float) -> dict[str, int]:
    """The breakers' changes, by phase ("early": before the outage began)."""
    out: Counter[str] = Counter()
    for text in logs:
        for line in text.splitlines():
            if '"limit store' not in line:
                continue
            entry = json.loads(line)
            at = calendar.timegm(time.strptime(entry["ts"][:19], "%Y-%m-%dT%H:%M:%S"))
            at += float("0" + entry["ts"][19:-1])
            phase = "early" if at < down else "during" if at < up + 0.001 else "after"
            kind = "opened" if "unreachable" in entry["msg"] else "closed"
            out[f"{kind} {phase}"] += 1
    return dict(sorted(out.items()))


def phase_row(answers: list[Answer]) -> dict[str, Any]:
    statuses = Counter(a.status for a in answers)

    def pct(waits: list[float], q: float) -> float:
        return round(waits[min(len(waits) - 1, int(q * len(waits)))], 1) if waits else 0.0

    every = sorted(a.headers_s * 1000 for a in answers if a.status)
    picker = sorted(a.headers_s * 1000 for a in answers if a.status == 429)
    return {
        "requests": len(answers),
        "admitted": statuses.get(200, 0),
        "statuses": dict(sorted(statuses.items())),
        "p50_ms": pct(every, 0.5),
        "p99_ms": pct(every, 0.99),
        "p50_429_ms": pct(picker, 0.5),
        "p99_429_ms": pct(picker, 0.99),
        "max_429_ms": round(picker[-1], 1) if picker else 0.0,
    }


def summarise(
    args: argparse.Namespace,
    log: list[Answer],
    t0: float,
    replicas: int,
    redis: bool,
    breaker_opened: int,
) -> dict[str, Any]:
    t_end = t0 + args.seconds
    within = [a for a in log if a.start <= t_end]
    admitted = [a for a in within if a.status == 200]
    tokens = sum(a.tokens for a in admitted)
    allowed = args.limit + args.limit * args.seconds / 60
    half = t0 + args.seconds / 2
    second_half = sum(a.tokens for a in admitted if a.start > half)
    statuses = Counter(a.status for a in within)
    return {
        "store": "redis" if redis else "in process",
        "replicas": replicas,
        "seconds": args.seconds,
        "limit": args.limit,
        "allowed": round(allowed),
        "admitted_tokens": tokens,
        "ratio": tokens / allowed,
        "second_half_ratio": second_half / (args.limit * args.seconds / 2 / 60),
        "admitted": len(admitted),
        "without_usage": sum(1 for a in admitted if a.tokens == 0),
        "statuses": dict(sorted(statuses.items())),
        "breaker_opened": breaker_opened,
        "met": abs(tokens / allowed - 1) <= 0.02,
    }


def markdown(
    rows: list[dict[str, Any]], out: dict[str, Any] | None, args: argparse.Namespace, cmd: str
) -> str:
    lines = [
        "# Tenant limit accuracy: admitted tokens against a tokens-per-minute limit",
        "",
        f"`{cmd}`: {args.clients} streaming clients through real Envoy for {args.seconds} s, "
        f"one tenant limited to {args.limit} total tokens a minute, {args.pods} simulated pods "
        "with Qwen3's tokenizer, random max_tokens 8-256. Allowed = a full bucket at the start "
        "+ the refill over the run. Target: admitted within ±2 % of allowed "
        "(`benchmarks/README.md`).",
        "",
        "| store | replicas | allowed | admitted tokens | admitted / allowed | second half / "
        "its refill | requests admitted | answers | breaker opened | target |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        answers = ", ".join(f"{k}: {v}" for k, v in r["statuses"].items())
        lines.append(
            f"| {r['store']} | {r['replicas']} | {r['allowed']} | {r['admitted_tokens']} | "
            f"{r['ratio']:.4f} | {r['second_half_ratio']:.4f} | {r['admitted']} | {answers} | "
            f"{r['breaker_opened']} | {'met' if r['met'] else 'not met'} |"
        )
    if out is not None:
        lines += [
            "",
            f"## Redis outage: SIGSTOP for {args.outage_s:g} s in the middle of the run",
            "",
            "Three replicas sharing Redis, the tenant failing soft, the same clients; phases "
            "by when a request was sent (before: the second half of the lead). Time to "
            "headers, through Envoy: for every answer, and for the picker's own answers "
            "(429s, no pod in them). Target: the 429s' p99 during the outage within the "
            "timeout (20 ms) of their p99 before it, and requests admitted throughout: "
            f"{'met' if out['met'] else 'not met'}.",
            "",
            "| phase | requests | answers | p50 / p99 ms, all | p50 / p99 / max ms, 429s |",
            "|---|---|---|---|---|",
        ]
        for name, r in out["phases"].items():
            answers = ", ".join(f"{k}: {v}" for k, v in r["statuses"].items())
            lines.append(
                f"| {name} | {r['requests']} | {answers} | {r['p50_ms']} / {r['p99_ms']} | "
                f"{r['p50_429_ms']} / {r['p99_429_ms']} / {r['max_429_ms']} |"
            )
        changes = ", ".join(f"{k}: {v}" for k, v in out["transitions"].items()) or "none"
        lines += [
            "",
            f"The breakers' changes over the three replicas, by phase: {changes}.",
        ]
    lines += [
        "",
        "Measured on a shared 2-core VM (the clients, Envoy, pods, pickers and Redis on it).",
        "",
    ]
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    tok = default_tokenizer_dir("qwen3")
    if tok is None:
        sys.exit("Qwen3's tokenizer is not fetched: run make tokenizers")
    rows = []
    for replicas, redis in ((3, True), (1, False)):
        if args.only_outage:
            break
        with tempfile.TemporaryDirectory(prefix="kinference-limits-") as tmp:
            row = await scenario(args, Path(tmp), tok, replicas, redis)
        print(json.dumps(row), flush=True)
        rows.append(row)
    out = None
    if args.outage_s > 0:
        with tempfile.TemporaryDirectory(prefix="kinference-outage-") as tmp:
            out = await outage(args, Path(tmp), tok)
        print(json.dumps(out), flush=True)
    return rows, out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--clients", type=int, default=64)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--limit", type=int, default=30000, help="total tokens a minute")
    p.add_argument("--pods", type=int, default=2)
    p.add_argument("--outage-s", type=float, default=10.0, help="0: no outage run")
    p.add_argument("--outage-lead-s", type=float, default=10.0)
    p.add_argument("--only-outage", action="store_true", help="skip the accuracy runs")
    args = p.parse_args()
    if args.quick:
        args.seconds, args.outage_s, args.outage_lead_s = 15.0, 5.0, 6.0
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    rows, out = asyncio.run(run(args))
    cmd = ("python benchmarks/tenant_limits.py " + " ".join(sys.argv[1:])).strip()
    text = markdown(rows, out, args, cmd)
    print(text)
    if not args.quick and not args.only_outage:
        (HERE / "results" / "tenant_limits.md").write_text(text)
    return 0 if all(r["met"] for r in rows) and (out is None or out["met"]) else 1


if __name__ == "__main__":
    sys.exit(main())
