"""Chaos: steady streamed load through real Envoy while pods and pickers fail, one at a time.

    .venv/bin/python benchmarks/chaos.py            # writes results/chaos.md and chaos.png
    .venv/bin/python benchmarks/chaos.py --quick    # shorter windows, writes nothing

Two picker replicas (``kinference-epp serve`` processes) behind the shipped Envoy config
(``kinference_epp.gateway``: health-checked picker cluster whose ext_proc streams retry a
refused connection on another replica, override_host with retries on the fallbacks) and four simulated pods (``kinference-epp sim --fault-hooks`` processes, Qwen3's
tokenizer) take streamed chat requests from ``--clients`` closed-loop clients while these
faults happen, one after another, each in its own window:

* pod SIGKILL, restarted on the same ports after ``--down-s``;
* pod SIGSTOP, SIGCONT after ``--down-s``;
* picker SIGTERM (it drains: not ready, still serving, then exits), restarted;
* picker SIGKILL, restarted after ``--down-s``;
* a pod's KV events lose batches (``POST /sim/faults``; the picker sees the gap and replays);
* a pod's ``/metrics`` hangs for ``--down-s`` seconds.

A request belongs to the window it started in. ``ok`` is a 200 whose stream ended with
``[DONE]``; ``cut`` a 200 whose stream broke; other failures count by status (``conn``: no
HTTP answer). The targets: no failure across a picker SIGTERM restart and a metrics hang;
across a picker SIGKILL no more failures than requests in flight (counted at the kill on
either replica, since the client cannot tell which replica a request's ext_proc stream was
on; and no failure of a request sent after the kill); across a pod SIGKILL no failure of a
request that was not yet streaming at the kill (streaming: its 200 and headers had arrived,
i.e. the pod had begun to answer it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.tokenize.fixtures import default_tokenizer_dir

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent / "kinference-epp"
MODEL = "qwen3-0.6b"
TIME_SCALE = 0.05
DRAIN_S = 2.0


class Proc:
    """A child process whose stderr goes to a file; started again on the same ports."""

    def __init__(self, name: str, args: list[str], log: Path, ready: Callable[[str], bool]):
        self.name, self.args, self.log, self._ready = name, args, log, ready
        self.proc: subprocess.Popen[bytes] | None = None

    async def start(self, timeout_s: float = 60.0) -> float:
        """Spawn and wait until the log shows it ready; the seconds it took."""
        offset = self.log.stat().st_size if self.log.exists() else 0
        t0 = time.monotonic()
        self.proc = self._spawn()
        while time.monotonic() - t0 < timeout_s:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited: {self.log.read_text()[-2000:]}")
            with self.log.open() as f:
                f.seek(offset)
                if any(self._ready(line) for line in f):
                    return time.monotonic() - t0
            await asyncio.sleep(0.02)
        raise RuntimeError(f"{self.name} not ready in {timeout_s} s")

    def _spawn(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as out:
            return subprocess.Popen(self.args, stdout=out, stderr=out)

    def signal(self, sig: signal.Signals) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)

    async def wait(self) -> int:
        assert self.proc is not None
        return await asyncio.to_thread(self.proc.wait)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.kill()
            self.proc.wait()


@dataclass
class Pod:
    proc: Proc
    http: int
    zmq: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http}"


def start_pod_proc(i: int, tmp: Path, tok: Path) -> Pod:
    http, zmq = free_port(), free_port()
    while (replay := zmq + 1) and not _free(replay):
        zmq = free_port()
    args = [
        str(BIN), "sim", "--pods", "1", "--base-port", str(http), "--zmq-base-port", str(zmq),
        "--model", MODEL, "--tokenizer-dir", str(tok), "--time-scale", str(TIME_SCALE),
        "--num-gpu-blocks", "2048", "--seed", str(i), "--fault-hooks",
    ]  # fmt: skip
    return Pod(Proc(f"pod-{i}", args, tmp / f"pod-{i}.log", lambda s: "http=" in s), http, zmq)


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def picker_proc(name: str, tmp: Path, tok: Path, pods: list[Pod]) -> tuple[Proc, int]:
    grpc_port = free_port()
    endpoints = "".join(
        f"    - {{address: 127.0.0.1:{p.http}, name: pod-{i}, models: [{MODEL}], "
        f"kv_events: 'tcp://127.0.0.1:{p.zmq}', kv_replay: 'tcp://127.0.0.1:{p.zmq + 1}'}}\n"
        for i, p in enumerate(pods)
    )
    cfg = tmp / f"{name}.yaml"
    cfg.write_text(
        f"pool:\n  name: chaos\n  endpoints:\n{endpoints}"
        f"tokenizers:\n  sources:\n    - {{models: [{MODEL}], path: {tok}}}\n"
        f"server: {{host: 127.0.0.1, grpc_port: {grpc_port}, health_port: 0, metrics_port: 0, "
        # loopback only: Envoy's access log settles without the control token
        f"drain_s: {DRAIN_S}, control: {{allow_unauthenticated: true}}}}\n"
    )
    args = [str(BIN), "serve", "--config", str(cfg)]
    return Proc(name, args, tmp / f"{name}.log", lambda s: '"picker started"' in s), grpc_port


@dataclass
class Req:
    start: float
    end: float = 0.0
    streaming_at: float | None = None
    """When its response began (a 200's headers): from then on the pod is answering it, and
    no proxy can move it elsewhere."""
    outcome: str = ""


@dataclass
class Window:
    name: str
    start: float
    end: float = 0.0
    fault_at: float = 0.0
    target: str = ""
    notes: list[str] = field(default_factory=list)


PROMPTS = [f"system prompt {k}: " + "you are a careful assistant. " * 40 for k in range(4)]


async def client(url: str, stop: asyncio.Event, log: list[Req], rng: random.Random) -> None:
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        while not stop.is_set():
            body = {
                "model": MODEL,
                "messages": [
                    {"role": "system", "content": rng.choice(PROMPTS)},
                    {"role": "user", "content": f"question {rng.randrange(10**6)}"},
                ],
                "max_tokens": 24,
                "stream": True,
            }
            r = Req(time.monotonic())
            log.append(r)
            try:
                async with http.post(f"{url}/v1/chat/completions", json=body) as resp:
                    if resp.status != 200:
                        await resp.read()
                        reason = resp.headers.get("x-kinference-reason", "-")
                        r.outcome = f"{resp.status} {reason}"
                    else:
                        r.streaming_at = time.monotonic()
                        done = False
                        async for line in resp.content:
                            done = done or line.startswith(b"data: [DONE]")
                        r.outcome = "ok" if done else "cut"
            except (aiohttp.ClientError, TimeoutError) as exc:
                r.outcome = "cut" if r.streaming_at is not None else "conn"
                r.outcome += f":{type(exc).__name__}" if r.outcome == "conn" else ""
            r.end = time.monotonic()


async def post_fault(pod: Pod, faults: dict[str, Any]) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.post(pod.url + "/sim/faults", json=faults) as resp,
    ):
        assert resp.status == 200, await resp.text()


def p99(values: list[float]) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(0.99 * len(s)))]


def summarise(w: Window, reqs: list[Req]) -> dict[str, Any]:
    mine = [r for r in reqs if w.start <= r.start < w.end and r.outcome]
    failed = [r for r in mine if r.outcome != "ok"]
    by_status = Counter(r.outcome for r in failed)
    in_flight = sum(1 for r in reqs if r.start <= w.fault_at < (r.end or float("inf")))
    after = sum(1 for r in failed if r.start > w.fault_at)
    streaming = sum(
        1 for r in failed if r.streaming_at is not None and r.streaming_at <= w.fault_at <= r.end
    )
    row: dict[str, Any] = {
        "fault": w.name,
        "sent": len(mine),
        "ok": len(mine) - len(failed),
        "failed": len(failed),
        "by_status": dict(by_status),
        "p99_s": p99([r.end - r.start for r in mine if r.outcome == "ok"]),
        "max_s": max((r.end - r.start for r in mine if r.outcome == "ok"), default=float("nan")),
        "in_flight_at_fault": in_flight,
        "failed_streaming_at_fault": streaming,
        "failed_started_after_fault": after,
        "target": w.target,
        "notes": w.notes,
    }
    if w.target == "0 failed":
        row["met"] = not failed
    elif w.target == "failed <= in flight":
        # Only requests in flight at the kill may fail: none sent after it.
        row["met"] = len(failed) <= in_flight and after == 0
    elif w.target == "0 failed not yet streaming":
        row["met"] = len(failed) == streaming
    else:
        row["met"] = None
    return row


async def run(args: argparse.Namespace, tmp: Path) -> tuple[list[dict[str, Any]], list[Req], list[Window], float]:  # fmt: skip
    tok = default_tokenizer_dir("qwen3")
    if tok is None:
        sys.exit("Qwen3's tokenizer is not fetched: run make tokenizers")
    pods = [start_pod_proc(i, tmp, tok) for i in range(4)]
    pickers: list[Proc] = []
    try:
        for p in pods:
            await p.proc.start()
        grpc_ports = []
        for name in ("picker-a", "picker-b"):
            proc, port = picker_proc(name, tmp, tok, pods)
            pickers.append(proc)
            grpc_ports.append(port)
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=tuple(f"127.0.0.1:{p}" for p in grpc_ports),
            pool=tuple(f"127.0.0.1:{p.http}" for p in pods),
        )
        async with EnvoyProcess(opts):
            for pk in pickers:
                print(f"{pk.name} ready in {await pk.start():.2f} s", flush=True)
            url = f"http://127.0.0.1:{opts.listener_port}"
            return await drive(args, url, pods, pickers)
    finally:
        for pk in pickers:
            pk.stop()
        for p in pods:
            p.proc.stop()


async def drive(
    args: argparse.Namespace, url: str, pods: list[Pod], pickers: list[Proc]
) -> tuple[list[dict[str, Any]], list[Req], list[Window], float]:
    reqs: list[Req] = []
    stop = asyncio.Event()
    t0 = time.monotonic()
    clients = [
        asyncio.create_task(client(url, stop, reqs, random.Random(i))) for i in range(args.clients)
    ]
    windows: list[Window] = []
    down = args.down_s

    async def window(
        name: str, target: str, fault: Callable[[Window], Awaitable[None]], settle_s: float
    ) -> None:
        w = Window(name, time.monotonic(), target=target)
        windows.append(w)
        await asyncio.sleep(args.lead_s)
        w.fault_at = time.monotonic()
        print(f"[{w.fault_at - t0:6.1f} s] {name}", flush=True)
        await fault(w)
        await asyncio.sleep(settle_s)
        w.end = time.monotonic()
        row = summarise(w, reqs)
        print(
            f"         sent {row['sent']} ok {row['ok']} failed {row['by_status']} "
            f"p99 {row['p99_s']:.2f} s max {row['max_s']:.2f} s in flight {row['in_flight_at_fault']}",
            flush=True,
        )

    async def nothing(w: Window) -> None:
        await asyncio.sleep(down)

    async def pod_kill(w: Window) -> None:
        pods[0].proc.signal(signal.SIGKILL)
        await pods[0].proc.wait()
        await asyncio.sleep(down)
        w.notes.append(f"restarted in {await pods[0].proc.start():.2f} s")

    async def pod_stop(w: Window) -> None:
        pods[1].proc.signal(signal.SIGSTOP)
        await asyncio.sleep(down)
        pods[1].proc.signal(signal.SIGCONT)

    async def picker_term(w: Window) -> None:
        pickers[0].signal(signal.SIGTERM)
        code = await pickers[0].wait()
        w.notes.append(f"exited {code} {time.monotonic() - w.fault_at:.2f} s after SIGTERM")
        w.notes.append(f"restarted, ready in {await pickers[0].start():.2f} s")

    async def picker_kill(w: Window) -> None:
        pickers[1].signal(signal.SIGKILL)
        await pickers[1].wait()
        await asyncio.sleep(down)
        w.notes.append(f"restarted, ready in {await pickers[1].start():.2f} s")

    async def kv_drop(w: Window) -> None:
        await post_fault(pods[2], {"drop_kv_batches": 3})
        await asyncio.sleep(down)

    async def metrics_hang(w: Window) -> None:
        await post_fault(pods[3], {"metrics_hang_s": down})
        await asyncio.sleep(down)

    await asyncio.sleep(args.lead_s)  # warm-up, not counted
    settle = args.settle_s
    await window("none (baseline)", "", nothing, settle)
    await window("pod SIGKILL + restart", "0 failed not yet streaming", pod_kill, settle)
    await window("pod SIGSTOP + SIGCONT", "", pod_stop, settle)
    await window("picker SIGTERM + restart", "0 failed", picker_term, settle)
    await window("picker SIGKILL + restart", "failed <= in flight", picker_kill, settle)
    await window("pod KV events lose 3 batches", "", kv_drop, settle)
    await window("pod /metrics hangs", "0 failed", metrics_hang, settle)
    stop.set()
    await asyncio.gather(*clients)
    return [summarise(w, reqs) for w in windows], reqs, windows, t0


def markdown(rows: list[dict[str, Any]], args: argparse.Namespace, cmd: str) -> str:
    lines = [
        "# Chaos: streamed load through Envoy while pods and pickers fail",
        "",
        f"`{cmd}`: {args.clients} streaming clients, 2 pickers, 4 simulated pods (time scale "
        f"{TIME_SCALE}), faults {args.down_s} s long, each in a window of {args.lead_s} s "
        f"before and {args.settle_s} s after; see the script's docstring. Plot: `chaos.png`.",
        "",
        "| fault | sent | ok | failed (by status) | p99 ok (s) | max ok (s) | in flight at fault | "
        "failed while streaming | failed, sent after the fault | target | met |",
        "|---|---:|---:|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in rows:
        by = ", ".join(f"{k}: {v}" for k, v in sorted(r["by_status"].items())) or "-"
        met = {True: "yes", False: "**no**", None: "-"}[r["met"]]
        lines.append(
            f"| {r['fault']} | {r['sent']} | {r['ok']} | {r['failed']} ({by}) | "
            f"{r['p99_s']:.2f} | {r['max_s']:.2f} | {r['in_flight_at_fault']} | {r['failed_streaming_at_fault']} | "
            f"{r['failed_started_after_fault']} | {r['target'] or '-'} | {met} |"
        )
    notes = [f"* {r['fault']}: {'; '.join(r['notes'])}" for r in rows if r["notes"]]
    if notes:
        lines += ["", *notes]
    return "\n".join(lines) + "\n"


def plot(path: Path, reqs: list[Req], windows: list[Window], t0: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(11, 6), sharex=True)
    done = [r for r in reqs if r.outcome]
    ok = [(r.end - t0, r.end - r.start) for r in done if r.outcome == "ok"]
    bad = [(r.end - t0, r.end - r.start) for r in done if r.outcome != "ok"]
    bucket = 0.5
    horizon = max((r.end - t0 for r in done), default=1.0)
    edges = [i * bucket for i in range(int(horizon / bucket) + 2)]
    ax1.hist([t for t, _ in ok], bins=edges, color="tab:green", label="ok")
    ax1.hist([t for t, _ in bad], bins=edges, color="tab:red", label="failed")
    ax1.set_ylabel(f"answers / {bucket} s")
    ax1.legend(loc="upper right")
    ax2.scatter([t for t, _ in ok], [d for _, d in ok], s=2, color="tab:green")
    ax2.scatter([t for t, _ in bad], [d for _, d in bad], s=8, color="tab:red", marker="x")
    ax2.set_ylabel("latency (s)")
    ax2.set_xlabel("seconds")
    for w in windows:
        for ax in (ax1, ax2):
            ax.axvline(w.fault_at - t0, color="grey", lw=0.8, ls="--")
        ax1.annotate(
            w.name, (w.fault_at - t0, 1.0), xycoords=("data", "axes fraction"),
            rotation=90, va="top", ha="right", fontsize=7,
        )  # fmt: skip
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--down-s", type=float, default=3.0)
    p.add_argument("--lead-s", type=float, default=2.0)
    p.add_argument("--settle-s", type=float, default=5.0)
    args = p.parse_args()
    if args.quick:
        args.down_s, args.lead_s, args.settle_s = 2.0, 1.0, 3.0
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    with tempfile.TemporaryDirectory(prefix="kinference-chaos-") as tmp:
        rows, reqs, windows, t0 = asyncio.run(run(args, Path(tmp)))
    cmd = ("python benchmarks/chaos.py " + " ".join(sys.argv[1:])).strip()
    text = markdown(rows, args, cmd)
    print(text)
    print(json.dumps(rows, default=str))
    if not args.quick:
        (HERE / "results" / "chaos.md").write_text(text)
        plot(HERE / "results" / "chaos.png", reqs, windows, t0)
    return 0 if all(r["met"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
