"""What the endpoint picker costs per request, through real Envoy on loopback.

    .venv/bin/python benchmarks/picker_cost.py            # full run (~17 min on 2 cores)
    .venv/bin/python benchmarks/picker_cost.py --quick    # one short pass (~2 min)

Needs ``wrk`` on PATH (``apt-get install -y wrk``): the load generator.

For each chat body (1k tokens, 8 KB, 32k tokens), body mode (BUFFERED, FULL_DUPLEX_STREAMED)
and picker, in its own processes:

- ``noop``: ``benchmarks/noop_picker.py``, the floor (grpc.aio + uvloop, parses ``model`` with
  msgspec, round-robins, answers in our protocol shapes);
- ``kinference``: the real ``kinference-epp serve`` with a generated YAML config (router
  ``precise-prefix``: precise prefix + load, so every prompt is rendered, tokenized and hashed; the
  four upstreams, scraping their ``/metrics``), Envoy with the production filter chain and the
  gRPC access log on;
- ``kinference-load``: the same with router ``load`` (queue + KV usage): no
  plug-in reads the prompt, so none is tokenized (the load-aware data path);
- ``kinference-gw`` / ``kinference-gw-usage`` (only with ``--pickers``): ``kinference`` behind
  the ext_proc mode of the gateways' InferencePool support (the response body streamed through
  the picker), taking usage from the access log / from that response body
  (``usage.source: response_body``): their difference is the response-body fallback's cost;
- ``direct``: Envoy routing straight to the pods (no ext_proc, no access log) - the latency
  baseline, run beside the others under the same load.

The upstream ("pods") is a separate Envoy process with four listeners answering every request
with a fixed OpenAI chat-completion JSON (and ``/metrics`` with a vLLM v1 exposition) from
``direct_response`` routes after buffering the request body: C++, ~no CPU, never the bottleneck,
the same for every run.

Per run: decisions/s end to end, picker CPU µs per request (utime+stime of the picker process
from /proc/PID/stat, read before and after the measured requests; includes its background work,
reported separately as ``bg``: metrics scrapes), front-Envoy CPU per request, latency p50/p99 at
the loaded concurrency and at concurrency 1, added latency against ``direct`` of the same
repeat, and errors (must be 0). Every configuration runs ``--repeats`` times, interleaved
(one pass over all configurations per repeat, rotated), and the tables report medians.

Target: the picker ≤ noop + 0.3 ms of picker CPU per request for the 1k-token body,
checked for both configurations.

Writes ``benchmarks/results/picker_cost.json`` (meta + per-run + median rows) and
``picker_cost.md``. Every process it starts is reaped on exit, on errors and on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import hashlib
import json
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kinference_epp.gateway.config import render_envoy_config
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, find_envoy_binary, free_port
from kinference_epp.tokenize.fixtures import default_tokenizer_dir

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "results"
MODEL = "bench-model"
PODS = 4
TARGET_US = 300.0

KINFERENCE: dict[str, dict[str, Any]] = {
    # the product's default: precise prefix (KV events) + predicted and in-flight load, one cost;
    # every prompt rendered with the chat template, tokenized (warm token cache) and hashed
    "kinference": {"router": "precise-prefix", "fallbacks": 0},
    # the load-aware data path: load-aware scorers only (queue + KV usage), so no prompt is tokenized
    "kinference-load": {"router": "load", "fallbacks": 0},
}
"""The real picker's configurations, by the name the tables use: scheduler settings."""
BASELINE: dict[str, dict[str, Any]] = {
    # the same two configurations in the router names of a checkout before they were renamed
    "kinference@base": {"router": "default", "fallbacks": 0},
    "kinference-load@base": {
        "router": "default",
        "fallbacks": 0,
        "scorers": [{"type": "queue", "weight": 1.0}, {"type": "kv-usage", "weight": 1.0}],
    },
}
"""With ``--baseline DIR``: the picker of another checkout (its ``src/`` first on PYTHONPATH),
run beside this one in the same interleaved passes, so a change is measured against what it
changed under the same load and drift."""
GATEWAY_VARIANTS: dict[str, tuple[str, str]] = {
    # Istio's and Envoy AI Gateway's InferencePool ext_proc: response headers sent and the
    # response body streamed through the picker in full duplex; the picker passes it on and
    # takes usage from the access log
    "kinference-gw": ("kinference", "access_log"),
    # the same with usage.source response_body: the picker reads usage from that body too
    "kinference-gw-usage": ("kinference", "response_body"),
}
"""Opt-in (``--pickers``) configurations of the real picker behind a gateway's ext_proc mode:
(the scheduler settings of, usage.source). Their difference is the response-body fallback's
cost; the first against ``kinference`` is what the gateway's mode itself costs the picker."""
PICKER_ENV: dict[str, dict[str, str]] = {}
"""Extra environment per picker name (the baseline's PYTHONPATH)."""
CLK_TCK = os.sysconf("SC_CLK_TCK")
PROM_SAMPLE = ROOT / "tests" / "unit" / "pool" / "data" / "vllm_v1_two_engines.prom"
_TYPE = "type.googleapis.com/envoy.extensions"

# --------------------------------------------------------------------------------------------
# Bodies


@dataclass(frozen=True, slots=True)
class BodySpec:
    name: str
    target_bytes: int


BODIES: tuple[BodySpec, ...] = (
    BodySpec("1k-tok", 4_600),
    BodySpec("8KB", 8_192),
    BodySpec("32k-tok", 145_000),
)

_TEXT = (
    "the model of a request routes tokens through a cache and every pod keeps its prefix blocks "
    "while the scheduler scores queue depth kv usage latency budget prompt answer system user "
    "assistant please explain summarize compare list describe why how when where which data "
    "table value number python envoy proxy stream chunk header body metric gauge counter"
)
_WORDS = tuple(_TEXT.split())


def chat_body(target_bytes: int, seed: int = 7) -> bytes:
    """An OpenAI chat body of about ``target_bytes`` (≈ 4.5 bytes per token of English-like text)."""
    rng = random.Random(seed)
    system = "You are a helpful assistant. Answer precisely and cite the table rows you use."
    words: list[str] = []
    size = 200 + len(system)
    while size < target_bytes:
        w = rng.choice(_WORDS)
        words.append(w)
        size += len(w) + 1
    body = {
        "model": MODEL,
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": " ".join(words)},
        ],
        "max_tokens": 1,
        "temperature": 0,
        "stream": False,
    }
    return json.dumps(body, separators=(",", ":")).encode()


COMPLETION = {
    "id": "chatcmpl-bench",
    "object": "chat.completion",
    "created": 1_700_000_000,
    "model": MODEL,
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "ok"},
            "finish_reason": "length",
        }
    ],
    "usage": {"prompt_tokens": 1000, "completion_tokens": 1, "total_tokens": 1001},
}


def metrics_exposition() -> str:
    """A one-engine vLLM v1 /metrics page (the real sample, relabelled to our model)."""
    two = PROM_SAMPLE.read_text()
    one = "".join(line for line in two.splitlines(True) if 'engine="1"' not in line)
    return one.replace("meta-llama/Llama-3.1-8B-Instruct", MODEL)


# --------------------------------------------------------------------------------------------
# Envoy configs


def _socket(port: int) -> dict[str, Any]:
    return {"socket_address": {"address": "127.0.0.1", "port_value": port}}


def _header(key: str, value: str) -> dict[str, Any]:
    return {"header": {"key": key, "value": value}, "append_action": "OVERWRITE_IF_EXISTS_OR_ADD"}


def upstream_config(ports: list[int], admin_port: int) -> dict[str, Any]:
    """Fake pods: one listener per pod, direct_response after buffering the whole body."""
    metrics = metrics_exposition()
    listeners = []
    for i, port in enumerate(ports):
        answer = dict(COMPLETION, id=f"chatcmpl-pod{i}")
        hcm = {
            "@type": f"{_TYPE}.filters.network.http_connection_manager.v3.HttpConnectionManager",
            "stat_prefix": f"pod{i}",
            "codec_type": "AUTO",
            "route_config": {
                "name": f"pod{i}",
                "max_direct_response_body_size_bytes": 1 << 20,
                "virtual_hosts": [
                    {
                        "name": "pod",
                        "domains": ["*"],
                        "routes": [
                            {
                                "match": {"path": "/metrics"},
                                "direct_response": {
                                    "status": 200,
                                    "body": {"inline_string": metrics},
                                },
                                "response_headers_to_add": [
                                    _header("content-type", "text/plain; version=0.0.4")
                                ],
                            },
                            {
                                "match": {"prefix": "/"},
                                "direct_response": {
                                    "status": 200,
                                    "body": {"inline_string": json.dumps(answer)},
                                },
                                "response_headers_to_add": [
                                    _header("content-type", "application/json")
                                ],
                            },
                        ],
                    }
                ],
            },
            "http_filters": [
                {
                    "name": "envoy.filters.http.buffer",
                    "typed_config": {
                        "@type": f"{_TYPE}.filters.http.buffer.v3.Buffer",
                        "max_request_bytes": 64 << 20,
                    },
                },
                {
                    "name": "envoy.filters.http.router",
                    "typed_config": {"@type": f"{_TYPE}.filters.http.router.v3.Router"},
                },
            ],
        }
        listeners.append(
            {
                "name": f"pod{i}",
                "address": _socket(port),
                "filter_chains": [
                    {
                        "filters": [
                            {
                                "name": "envoy.filters.network.http_connection_manager",
                                "typed_config": hcm,
                            }
                        ]
                    }
                ],
            }
        )
    return {
        "admin": {"address": _socket(admin_port)},
        "static_resources": {"listeners": listeners, "clusters": []},
    }


def front_options(
    listener: int, picker_port: int, body_mode: str, pods: list[str], *, access_log: bool
) -> Any:
    return EnvoyOptions(
        pool=tuple(pods),
        listener_host="127.0.0.1",
        listener_port=listener,
        admin_port=free_port(),
        pickers=(f"127.0.0.1:{picker_port}",),
        body_mode=body_mode,  # type: ignore[arg-type]
        access_log=access_log,
        max_request_bytes=64 << 20,
        debug_headers=True,  # the sanity request checks which pod served it
    )


def gateway_mode_config(opts: EnvoyOptions) -> dict[str, Any]:
    """The front config with the ext_proc processing mode of the gateways' InferencePool
    support (response headers SEND, response body FULL_DUPLEX_STREAMED, trailers SEND)."""
    config = render_envoy_config(opts)
    hcm = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]
    for f in hcm["typed_config"]["http_filters"]:
        if f["name"] == "envoy.filters.http.ext_proc":
            f["typed_config"]["processing_mode"].update(
                response_header_mode="SEND",
                response_body_mode="FULL_DUPLEX_STREAMED",
                response_trailer_mode="SEND",
            )
    return config


def direct_config(listener: int, pods: list[str]) -> dict[str, Any]:
    """The production front config minus ext_proc and the access log, routing round-robin
    over the pods through a static cluster (what Envoy costs without a picker)."""
    opts = front_options(listener, free_port(), "BUFFERED", pods, access_log=False)
    config = render_envoy_config(opts)
    hcm = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]
    hcm = hcm["typed_config"]
    hcm["http_filters"] = [
        f for f in hcm["http_filters"] if f["name"] != "envoy.filters.http.ext_proc"
    ]
    hcm["route_config"]["virtual_hosts"][0]["routes"] = [
        {
            "name": "direct",
            "match": {"prefix": "/"},
            "route": {"cluster": "pods", "timeout": "0s"},
            "response_headers_to_add": [_header("x-kinference-upstream", "%UPSTREAM_HOST%")],
        }
    ]
    endpoints = []
    for pod in pods:
        _, port = pod.rsplit(":", 1)
        endpoints.append({"endpoint": {"address": _socket(int(port))}})
    config["static_resources"]["clusters"] = [
        {
            "name": "pods",
            "type": "STATIC",
            "connect_timeout": "5s",
            "lb_policy": "ROUND_ROBIN",
            "circuit_breakers": {
                "thresholds": [
                    {
                        "max_connections": 1_000_000,
                        "max_pending_requests": 1_000_000,
                        "max_requests": 1_000_000,
                    }
                ]
            },
            "load_assignment": {"cluster_name": "pods", "endpoints": [{"lb_endpoints": endpoints}]},
        }
    ]
    return config


# --------------------------------------------------------------------------------------------
# Processes


def cpu_seconds(pid: int) -> float:
    """utime + stime of a whole process (all threads, live and exited) from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        fields = f.read().rsplit(b")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


class Child:
    """A subprocess we own: SIGTERM on stop, SIGKILL after a grace period, always reaped."""

    def __init__(self, name: str, argv: list[str], log_path: Path) -> None:
        self.name = name
        self.argv = argv
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self.exit_code: int | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def start(self, env: dict[str, str] | None = None) -> None:
        with self.log_path.open("wb") as log:
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                env={**os.environ, **env} if env else None,
            )

    def log_tail(self, n: int = 3000) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-n:]
        return ""

    async def stop(self, grace_s: float = 5.0) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)
            try:
                async with asyncio.timeout(grace_s):
                    await proc.wait()
            except TimeoutError:
                print(f"  ! {self.name} ignored SIGTERM for {grace_s}s: SIGKILL", flush=True)
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
        self.exit_code = proc.returncode


async def wait_port(port: int, child: Child | None, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if child is not None and child.proc is not None and child.proc.returncode is not None:
            raise RuntimeError(f"{child.name} exited early:\n{child.log_tail()}")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.05)
            continue
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return
    raise RuntimeError(f"port {port} not open after {timeout_s}s")


async def http_post(port: int, body: bytes) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 POST (sanity check before loading a configuration)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        head = (
            f"POST /v1/chat/completions HTTP/1.1\r\nHost: bench\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n"
        ).encode()
        writer.write(head + body)
        await writer.drain()
        async with asyncio.timeout(10.0):
            data = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    raw_head, _, payload = data.partition(b"\r\n\r\n")
    lines = raw_head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    return status, headers, payload


# --------------------------------------------------------------------------------------------
# Load (wrk)

WRK_SCRIPT = r"""
function init(args)
  local f = assert(io.open(args[1], "rb"))
  wrk.method = "POST"
  wrk.path = "/v1/chat/completions"
  wrk.body = f:read("*a")
  f:close()
  wrk.headers["Content-Type"] = "application/json"
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nWRKJSON {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,' ..
    '"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    latency.mean))
end
"""


@dataclass(slots=True)
class LoadResult:
    requests: int
    seconds: float
    errors: int
    p50_ms: float
    p90_ms: float
    p99_ms: float


class Wrk:
    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("wrk")
        if binary is None:
            sys.exit("wrk not found: apt-get install -y wrk (the load generator of this benchmark)")
        self.binary = binary
        self.script = workdir / "post.lua"
        self.script.write_text(WRK_SCRIPT)
        self.workdir = workdir
        self.current: asyncio.subprocess.Process | None = None

    async def run(self, port: int, body_file: Path, seconds: float, concurrency: int) -> LoadResult:
        argv = [
            self.binary,
            "-t1",
            f"-c{concurrency}",
            f"-d{max(1, round(seconds))}s",
            "--timeout",
            "20s",
            "-s",
            str(self.script),
            f"http://127.0.0.1:{port}",
            str(body_file),
        ]
        proc = await asyncio.create_subprocess_exec(
            *argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        self.current = proc
        try:
            out, _ = await proc.communicate()
        finally:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
            self.current = None
        text = out.decode(errors="replace")
        line = next((ln for ln in text.splitlines() if ln.startswith("WRKJSON ")), None)
        if line is None:
            raise RuntimeError(f"wrk failed (rc {proc.returncode}):\n{text[-2000:]}")
        r = json.loads(line.removeprefix("WRKJSON "))
        errors = r["connect"] + r["read"] + r["write"] + r["status"] + r["timeout"]
        return LoadResult(
            requests=r["requests"],
            seconds=r["duration_us"] / 1e6,
            errors=errors,
            p50_ms=r["p50"] / 1000,
            p90_ms=r["p90"] / 1000,
            p99_ms=r["p99"] / 1000,
        )


# --------------------------------------------------------------------------------------------
# Runs


@dataclass(slots=True)
class RunResult:
    repeat: int
    body: str
    body_bytes: int
    mode: str
    picker: str
    requests: int
    rps: float
    picker_cpu_us: float | None
    picker_bg_cpu_ms_per_s: float | None
    envoy_cpu_us: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    c1_p50_ms: float
    c1_p99_ms: float
    errors: int
    picker_exit: int | None = None
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Settings:
    concurrency: int
    warmup_s: float
    measure_s: float
    c1_s: float
    idle_s: float


def use_baseline(root: Path) -> None:
    """Add the baseline checkout's pickers, its kernels compiled once before any run."""
    env = {"PYTHONPATH": str(root.resolve() / "src")}
    subprocess.run(
        [sys.executable, "-m", "kinference_epp.jit"], env={**os.environ, **env}, check=True
    )
    for name, scheduler in BASELINE.items():
        KINFERENCE[name] = scheduler
        PICKER_ENV[name] = env


class Bench:
    def __init__(self, settings: Settings, workdir: Path) -> None:
        self.s = settings
        self.workdir = workdir
        self.wrk = Wrk(workdir)
        self.pods: list[str] = []
        self.python = sys.executable
        self.serve_bin = Path(sys.executable).parent / "kinference-epp"
        self.tokenizer: Path | None = None
        """The model's tokenizer directory (Qwen3); None: the approximate stand-in."""

    async def start_pods(self, stack: contextlib.AsyncExitStack) -> None:
        ports = [free_port() for _ in range(PODS)]
        upstream = EnvoyProcess(upstream_config(ports, free_port()), concurrency=1)
        await upstream.start()
        stack.push_async_callback(upstream.stop)
        self.pods = [f"127.0.0.1:{p}" for p in ports]

    # -- pickers -------------------------------------------------------------------------

    def _noop_argv(self, port: int) -> list[str]:
        return [
            self.python,
            str(HERE / "noop_picker.py"),
            "--port",
            str(port),
            "--endpoints",
            ",".join(self.pods),
        ]

    def _kinference_argv(self, port: int, tag: str, picker: str) -> list[str]:
        config = {
            "pool": {
                "name": "bench",
                "endpoints": [
                    {"address": a, "name": f"pod{i}", "models": [MODEL]}
                    for i, a in enumerate(self.pods)
                ],
            },
            "scheduler": KINFERENCE[picker],
            **(
                {"tokenizers": {"sources": [{"models": [MODEL], "path": str(self.tokenizer)}]}}
                if self.tokenizer is not None
                else {}
            ),
            "server": {
                "host": "127.0.0.1",
                "grpc_port": port,
                "health_port": free_port(),
                "metrics_port": free_port(),
                # loopback only: Envoy's access log is accepted without the control token
                "control": {"allow_unauthenticated": True},
            },
        }
        if picker in GATEWAY_VARIANTS:
            config["usage"] = {"source": GATEWAY_VARIANTS[picker][1]}
        path = self.workdir / f"epp-{tag}.yaml"
        path.write_text(yaml.safe_dump(config, sort_keys=False))
        if self.serve_bin.exists():
            cmd = [str(self.serve_bin)]
        else:
            cmd = [self.python, "-m", "kinference_epp.cli.epp"]
        return [*cmd, "serve", "--config", str(path)]

    async def run(
        self, repeat: int, body: BodySpec, payload: bytes, body_file: Path, mode: str, picker: str
    ) -> RunResult:
        tag = f"{repeat}-{body.name}-{mode}-{picker}"
        notes: list[str] = []
        async with contextlib.AsyncExitStack() as stack:
            child: Child | None = None
            listener = free_port()
            if picker == "direct":
                envoy = EnvoyProcess(direct_config(listener, self.pods), concurrency=1)
            else:
                port = free_port()
                argv = (
                    self._noop_argv(port)
                    if picker == "noop"
                    else self._kinference_argv(port, tag, picker)
                )
                child = Child(picker, argv, self.workdir / f"{tag}.log")
                await child.start(PICKER_ENV.get(picker))
                stack.push_async_callback(child.stop)
                await wait_port(port, child)
                opts = front_options(
                    listener, port, mode, self.pods, access_log=picker in KINFERENCE
                )
                envoy = EnvoyProcess(
                    gateway_mode_config(opts) if picker in GATEWAY_VARIANTS else opts,
                    concurrency=1,
                )
            await envoy.start()
            stack.push_async_callback(envoy.stop)
            assert envoy.pid is not None

            status, headers, answer = await http_post(listener, payload)
            if status != 200 or b"chat.completion" not in answer:
                tail = child.log_tail() if child else envoy.stderr_tail()
                raise RuntimeError(f"{tag}: sanity request got {status} {answer[:300]!r}\n{tail}")
            if "x-kinference-upstream" not in headers:
                notes.append("no x-kinference-upstream header")

            bg: float | None = None
            if child is not None and self.s.idle_s > 0:
                await asyncio.sleep(0.3)
                c0 = cpu_seconds(child.pid)
                await asyncio.sleep(self.s.idle_s)
                bg = (cpu_seconds(child.pid) - c0) / self.s.idle_s * 1e3

            s = self.s
            warm = await self.wrk.run(listener, body_file, s.warmup_s, s.concurrency)
            p0 = cpu_seconds(child.pid) if child else 0.0
            e0 = cpu_seconds(envoy.pid)
            load = await self.wrk.run(listener, body_file, s.measure_s, s.concurrency)
            p1 = cpu_seconds(child.pid) if child else 0.0
            e1 = cpu_seconds(envoy.pid)
            c1 = await self.wrk.run(listener, body_file, s.c1_s, 1)
            errors = warm.errors + load.errors + c1.errors
            # Envoy first: its access-log stream to the picker stays open while it runs.
            await envoy.stop()
            if child is not None:
                await child.stop()
                if child.exit_code != 0:
                    notes.append(f"picker exited with {child.exit_code}")
        n = max(load.requests, 1)
        return RunResult(
            repeat=repeat,
            body=body.name,
            body_bytes=len(payload),
            mode=mode if picker != "direct" else "-",
            picker=picker,
            requests=load.requests,
            rps=load.requests / load.seconds if load.seconds else 0.0,
            picker_cpu_us=(p1 - p0) / n * 1e6 if child else None,
            picker_bg_cpu_ms_per_s=bg,
            envoy_cpu_us=(e1 - e0) / n * 1e6,
            p50_ms=load.p50_ms,
            p90_ms=load.p90_ms,
            p99_ms=load.p99_ms,
            c1_p50_ms=c1.p50_ms,
            c1_p99_ms=c1.p99_ms,
            errors=errors,
            picker_exit=child.exit_code if child else None,
            notes=notes,
        )


# --------------------------------------------------------------------------------------------
# Aggregation and reports


def _median(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def summarize(runs: list[RunResult]) -> list[dict[str, Any]]:
    direct = {(r.repeat, r.body): r for r in runs if r.picker == "direct"}
    groups: dict[tuple[str, str, str], list[RunResult]] = {}
    for r in runs:
        groups.setdefault((r.body, r.mode, r.picker), []).append(r)
    rows = []
    for (body, mode, picker), rs in groups.items():
        added = [
            (
                r.p50_ms - direct[(r.repeat, body)].p50_ms,
                r.p99_ms - direct[(r.repeat, body)].p99_ms,
                r.c1_p50_ms - direct[(r.repeat, body)].c1_p50_ms,
                r.c1_p99_ms - direct[(r.repeat, body)].c1_p99_ms,
            )
            for r in rs
            if (r.repeat, body) in direct
        ]
        rows.append(
            {
                "body": body,
                "body_bytes": rs[0].body_bytes,
                "mode": mode,
                "picker": picker,
                "repeats": len(rs),
                "requests": sum(r.requests for r in rs),
                "rps": _median(r.rps for r in rs),
                "picker_cpu_us": _median(r.picker_cpu_us for r in rs),
                "picker_cpu_us_min": min((r.picker_cpu_us or 0.0) for r in rs),
                "picker_cpu_us_max": max((r.picker_cpu_us or 0.0) for r in rs),
                "picker_bg_cpu_ms_per_s": _median(r.picker_bg_cpu_ms_per_s for r in rs),
                "picker_fg_cpu_us": _median(_foreground_us(r) for r in rs),
                "envoy_cpu_us": _median(r.envoy_cpu_us for r in rs),
                "p50_ms": _median(r.p50_ms for r in rs),
                "p99_ms": _median(r.p99_ms for r in rs),
                "added_p50_ms": _median(a[0] for a in added),
                "added_p99_ms": _median(a[1] for a in added),
                "c1_p50_ms": _median(r.c1_p50_ms for r in rs),
                "c1_p99_ms": _median(r.c1_p99_ms for r in rs),
                "c1_added_p50_ms": _median(a[2] for a in added),
                "c1_added_p99_ms": _median(a[3] for a in added),
                "errors": sum(r.errors for r in rs),
            }
        )
    order = {b.name: i for i, b in enumerate(BODIES)}
    mode_order = {"-": 0, "BUFFERED": 1, "FULL_DUPLEX_STREAMED": 2}
    picker_order = {"direct": 0, "noop": 1, **{k: 2 + i for i, k in enumerate(KINFERENCE)}}
    rows.sort(key=lambda r: (order[r["body"]], mode_order[r["mode"]], picker_order[r["picker"]]))
    return rows


def _foreground_us(r: RunResult) -> float | None:
    """Picker CPU per request less its background work (metrics scrapes) at the idle rate:
    what each request itself costs, whatever the request rate."""
    if r.picker_cpu_us is None or not r.rps:
        return None
    return r.picker_cpu_us - (r.picker_bg_cpu_ms_per_s or 0.0) * 1e3 / r.rps


def target_check(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    by = {(r["body"], r["mode"], r["picker"]): r for r in rows}
    for mode in ("BUFFERED", "FULL_DUPLEX_STREAMED"):
        for body in (b.name for b in BODIES):
            noop = by.get((body, mode, "noop"))
            for picker in KINFERENCE:
                kin = by.get((body, mode, picker))
                if not noop or not kin or noop["picker_cpu_us"] is None:
                    continue
                out.append(_check(body, mode, picker, noop, kin))
    return out


def _check(
    body: str, mode: str, picker: str, noop: dict[str, Any], kin: dict[str, Any]
) -> dict[str, Any]:
    delta: float = kin["picker_cpu_us"] - noop["picker_cpu_us"]
    fg = kin.get("picker_fg_cpu_us")
    return {
        "body": body,
        "mode": mode,
        "picker": picker,
        "noop_cpu_us": noop["picker_cpu_us"],
        "kinference_cpu_us": kin["picker_cpu_us"],
        "delta_us": delta,
        "delta_fg_us": None if fg is None else fg - noop["picker_cpu_us"],
        "ratio": kin["picker_cpu_us"] / noop["picker_cpu_us"],
        "target_us": TARGET_US if body == "1k-tok" else None,
        "pass": (delta <= TARGET_US) if body == "1k-tok" else None,
    }


def _f(v: float | None, spec: str) -> str:
    return "-" if v is None else format(v, spec)


def markdown(rows: list[dict[str, Any]], checks: list[dict[str, Any]], meta: dict[str, Any]) -> str:
    mode_short = {"-": "-", "BUFFERED": "BUFFERED", "FULL_DUPLEX_STREAMED": "FULL_DUPLEX"}
    lines = [
        "# Picker cost",
        "",
        f"`{meta['command']}` — {meta['date']}, {meta['machine']['cpu']} "
        f"({meta['machine']['cores']} cores), Envoy {meta['envoy_version']}, "
        f"{meta['settings']['repeats']} interleaved repeats (medians), "
        f"concurrency {meta['settings']['concurrency']}, load generator wrk, "
        f"kinference tokenizer: {meta['settings'].get('tokenizer', 'approx')}.",
        "",
        "| body | mode | picker | req/s | picker CPU µs/req | (min..max) | bg ms/s | excl. bg "
        "| Envoy CPU µs/req | p50 ms | p99 ms | +p50 ms | +p99 ms | c1 +p50 ms | c1 +p99 ms "
        "| errors |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        cpu_range = (
            f"{r['picker_cpu_us_min']:.0f}..{r['picker_cpu_us_max']:.0f}"
            if r["picker_cpu_us"] is not None
            else "-"
        )
        lines.append(
            f"| {r['body']} ({r['body_bytes'] / 1024:.1f} KB) | {mode_short[r['mode']]} "
            f"| {r['picker']} | {r['rps']:.0f} | {_f(r['picker_cpu_us'], '.0f')} | {cpu_range} "
            f"| {_f(r['picker_bg_cpu_ms_per_s'], '.1f')} | {_f(r.get('picker_fg_cpu_us'), '.0f')} "
            f"| {r['envoy_cpu_us']:.0f} "
            f"| {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {_f(r['added_p50_ms'], '+.2f')} "
            f"| {_f(r['added_p99_ms'], '+.2f')} | {_f(r['c1_added_p50_ms'], '+.2f')} "
            f"| {_f(r['c1_added_p99_ms'], '+.2f')} | {r['errors']} |"
        )
    lines += [
        "",
        f"Target: kinference ≤ noop + {TARGET_US:.0f} µs of picker CPU per request (1k tokens). "
        "`kinference`: router precise-prefix (precise prefix + load, the prompt rendered, "
        "tokenized and hashed); `kinference-load`: router load (queue + KV usage), which "
        "reads no prompt (the load-aware data path).",
        "",
        "| body | mode | picker | noop µs | kinference µs | Δ µs | Δ excl. bg µs | ratio | target |",
        "|---|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for c in checks:
        verdict = "-" if c["pass"] is None else ("**PASS**" if c["pass"] else "**FAIL**")
        lines.append(
            f"| {c['body']} | {mode_short[c['mode']]} | {c['picker']} | {c['noop_cpu_us']:.0f} "
            f"| {c['kinference_cpu_us']:.0f} | {c['delta_us']:+.0f} "
            f"| {_f(c['delta_fg_us'], '+.0f')} | {c['ratio']:.2f}x "
            f"| {verdict} |"
        )
    lines += [
        "",
        "Columns: req/s = decisions/s end to end at the given concurrency; picker CPU = "
        "utime+stime of the picker process per measured request (/proc/PID/stat, 10 ms ticks), "
        "background work included; bg = the picker's CPU while idle (metrics scrapes), ms per "
        "second; excl. bg = picker CPU per request less bg at that request rate (what a request "
        "itself costs; the target verdict uses the total); +p50/+p99 = latency added against `direct` (Envoy straight to the pods) in the "
        "same repeat at the same concurrency; c1 = the same at concurrency 1 (no queueing).",
        "",
    ]
    return "\n".join(lines)


def machine_meta() -> dict[str, Any]:
    cpu = platform.processor() or "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "hostname": socket.gethostname(),
    }


def _version(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (out.stdout + out.stderr).strip().splitlines()[0] if (out.stdout + out.stderr) else ""


def _git() -> str:
    try:
        rev = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return f"{rev}{' (src modified)' if dirty else ''}"


def _src_digest() -> str:
    """sha256 over src/**/*.py: identifies the measured code when the tree is not committed."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "src").rglob("*.py")):
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def print_row(r: RunResult, done: int, total: int, t0: float) -> None:
    cpu = "-" if r.picker_cpu_us is None else f"{r.picker_cpu_us:6.0f}"
    mode = {"-": "-", "BUFFERED": "BUF", "FULL_DUPLEX_STREAMED": "FDX"}[r.mode]
    print(
        f"[{done:>3}/{total}] {time.monotonic() - t0:6.0f}s  rep {r.repeat}  {r.body:<8}"
        f"{mode:<4}{r.picker:<11}{r.rps:7.0f} req/s  picker {cpu} µs/req  "
        f"envoy {r.envoy_cpu_us:4.0f} µs  p50 {r.p50_ms:6.2f}  p99 {r.p99_ms:6.2f}  "
        f"c1 p50 {r.c1_p50_ms:5.2f}  err {r.errors}" + (f"  {r.notes}" if r.notes else ""),
        flush=True,
    )


def print_table(rows: list[dict[str, Any]], checks: list[dict[str, Any]]) -> None:
    print()
    print(
        f"{'body':<9}{'mode':<13}{'picker':<11}{'req/s':>7}{'cpu µs':>8}{'bg ms/s':>8}"
        f"{'envoy µs':>9}{'p50':>7}{'p99':>7}{'+p50':>7}{'+p99':>7}{'c1+p50':>8}{'c1+p99':>8}"
        f"{'err':>5}"
    )
    for r in rows:
        print(
            f"{r['body']:<9}{r['mode'][:12]:<13}{r['picker']:<11}{r['rps']:7.0f}"
            f"{_f(r['picker_cpu_us'], '.0f'):>8}{_f(r['picker_bg_cpu_ms_per_s'], '.1f'):>8}"
            f"{r['envoy_cpu_us']:9.0f}{r['p50_ms']:7.2f}{r['p99_ms']:7.2f}"
            f"{_f(r['added_p50_ms'], '+.2f'):>7}{_f(r['added_p99_ms'], '+.2f'):>7}"
            f"{_f(r['c1_added_p50_ms'], '+.2f'):>8}{_f(r['c1_added_p99_ms'], '+.2f'):>8}"
            f"{r['errors']:>5}"
        )
    print()
    for c in checks:
        verdict = "" if c["pass"] is None else ("  PASS" if c["pass"] else "  FAIL")
        print(
            f"{c['body']:<9}{c['mode']:<22} {c['picker']:<16} {c['kinference_cpu_us']:6.0f} µs  "
            f"noop {c['noop_cpu_us']:6.0f} µs  Δ {c['delta_us']:+6.0f} µs  "
            f"({c['ratio']:.2f}x){verdict}"
        )


async def amain(args: argparse.Namespace) -> int:
    settings = Settings(
        concurrency=args.concurrency,
        warmup_s=1.0 if args.quick else 2.0,
        measure_s=2.0 if args.quick else args.seconds,
        c1_s=1.0 if args.quick else 2.0,
        idle_s=1.0 if args.quick else 2.0,
    )
    repeats = 1 if args.quick and args.repeats is None else (args.repeats or 3)
    bodies = [b for b in BODIES if not args.bodies or b.name in args.bodies]
    modes = args.modes or ["BUFFERED", "FULL_DUPLEX_STREAMED"]
    if args.baseline:
        use_baseline(Path(args.baseline))
    pickers = args.pickers or ["noop", *KINFERENCE]
    for name, (base, _) in GATEWAY_VARIANTS.items():
        if name in pickers:
            KINFERENCE[name] = KINFERENCE[base]
    tokenizer = default_tokenizer_dir() if args.tokenizer == "qwen3" else None
    if args.tokenizer == "qwen3" and tokenizer is None:
        print(
            "no Qwen3 tokenizer in .cache/tokenizers (make tokenizers): using the approximate one"
        )
    tokenizer_name = "qwen3" if tokenizer is not None else "approx"
    configs: list[tuple[BodySpec, str, str]] = []
    for b in bodies:
        configs.append((b, "-", "direct"))
        configs += [(b, m, p) for m in modes for p in pickers]
    total = len(configs) * repeats
    runs: list[RunResult] = []
    t0 = time.monotonic()
    task = asyncio.current_task()
    assert task is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
    with tempfile.TemporaryDirectory(prefix="kinference-bench-") as tmp:
        workdir = Path(tmp)
        bench = Bench(settings, workdir)
        bench.tokenizer = tokenizer
        files: dict[str, Path] = {}
        payloads: dict[str, bytes] = {}
        for b in bodies:
            payloads[b.name] = chat_body(b.target_bytes)
            files[b.name] = workdir / f"{b.name}.json"
            files[b.name].write_bytes(payloads[b.name])
        async with contextlib.AsyncExitStack() as stack:
            await bench.start_pods(stack)
            print(
                f"pods (Envoy direct_response) at {', '.join(bench.pods)}; "
                f"{total} runs, concurrency {settings.concurrency}",
                flush=True,
            )
            for rep in range(1, repeats + 1):
                # Rotate the order each repeat so no configuration always runs first or last.
                shift = (rep - 1) % len(configs)
                for b, mode, picker in configs[shift:] + configs[:shift]:
                    r = await bench.run(rep, b, payloads[b.name], files[b.name], mode, picker)
                    runs.append(r)
                    print_row(r, len(runs), total, t0)
    rows = summarize(runs)
    checks = target_check(rows)
    print_table(rows, checks)
    meta = {
        "command": "python benchmarks/picker_cost.py " + " ".join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": machine_meta(),
        "envoy_version": _version([str(find_envoy_binary()), "--version"])
        .split("version:")[-1]
        .strip(),
        "wrk_version": _version(["wrk", "-v"]),
        "git": _git(),
        "src_sha256": _src_digest(),
        "settings": dict(
            asdict(settings),
            repeats=repeats,
            pods=PODS,
            kinference=KINFERENCE,
            tokenizer=tokenizer_name,
        ),
        "upstream": "Envoy direct_response (fixed OpenAI chat.completion JSON, vLLM /metrics), "
        f"{PODS} listeners, request body buffered before answering",
        "target": f"kinference <= noop + {TARGET_US:.0f} us picker CPU per request, 1k tokens",
        "seconds": round(time.monotonic() - t0, 1),
    }
    if args.quick and not args.output:
        print("\n--quick: nothing written (pass --output DIR to keep the results)")
        return 1 if any(r["errors"] for r in rows) else 0
    out = Path(args.output) if args.output else RESULTS
    out.mkdir(parents=True, exist_ok=True)
    stem = "picker_cost"
    (out / f"{stem}.json").write_text(
        json.dumps(
            {"meta": meta, "rows": rows, "target_check": checks, "runs": [asdict(r) for r in runs]},
            indent=2,
        )
        + "\n"
    )
    (out / f"{stem}.md").write_text(markdown(rows, checks, meta))
    print(f"\nwrote {out / stem}.json and .md ({meta['seconds']:.0f} s)")
    bad = sum(r["errors"] for r in rows)
    return 1 if bad else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="one short pass (~2 min)")
    p.add_argument("--repeats", type=int, default=None, help="interleaved repeats (3)")
    p.add_argument("--concurrency", type=int, default=16)
    p.add_argument("--seconds", type=float, default=8.0, help="measured load per run")
    p.add_argument("--bodies", nargs="*", choices=[b.name for b in BODIES])
    p.add_argument("--modes", nargs="*", choices=["BUFFERED", "FULL_DUPLEX_STREAMED"])
    p.add_argument(
        "--pickers", nargs="*", choices=["noop", *KINFERENCE, *BASELINE, *GATEWAY_VARIANTS]
    )
    p.add_argument(
        "--baseline",
        metavar="DIR",
        help="also run the picker of the checkout DIR (e.g. a git worktree of the commit before "
        "a change) as kinference@base / kinference-load@base, interleaved with this one",
    )
    p.add_argument("--output", help="results folder (default benchmarks/results)")
    p.add_argument(
        "--tokenizer",
        choices=["qwen3", "approx"],
        default="qwen3",
        help="the model's tokenizer: Qwen3 from .cache/tokenizers (default, when fetched; how "
        "users run it) or the approximate stand-in (no tokenizer configured)",
    )
    args = p.parse_args()
    try:
        return asyncio.run(amain(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("\ninterrupted: every process was stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
