"""Picker start-up: from ``kinference-epp serve`` to ready, with a warm kernel cache.

    .venv/bin/python benchmarks/startup.py            # 5 starts; writes results/startup.md
    .venv/bin/python benchmarks/startup.py --quick    # 2 starts, writes nothing

Each run spawns the picker with a static pool of 4 endpoints and Qwen3's tokenizer, as a
deployment without Kubernetes runs it, and records ``ready`` (spawn to the "picker started"
log line, after which readiness is SERVING; checked with a gRPC health call), ``kernels``
(loading the compiled kernels from the disk cache, as the picker logs it) and ``the rest``
(ready less kernels: Python and the picker's modules, building the picker - tokenizer,
chat template, config - and starting its servers). The kernel cache is filled by a first,
unmeasured start.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from kinference_epp.tokenize.fixtures import default_tokenizer_dir

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent / "kinference-epp"


def config(tmp: Path) -> Path:
    tok = default_tokenizer_dir("qwen3")
    if tok is None:
        sys.exit("Qwen3's tokenizer is not fetched: run scripts/fetch-tokenizers.sh")
    path = tmp / "config.yaml"
    endpoints = "".join(
        f"    - {{address: 127.0.0.1:{p}, models: [qwen3-0.6b]}}\n" for p in range(1, 5)
    )
    path.write_text(
        f"pool:\n  endpoints:\n{endpoints}"
        "kv_events: {enabled: false}\n"
        f"tokenizers:\n  sources:\n    - {{models: [qwen3-0.6b], path: {tok}}}\n"
        "server: {host: 127.0.0.1, grpc_port: 0, health_port: 0, metrics_port: 0, drain_s: 0}\n"
    )
    return path


def one_start(cfg: Path) -> dict[str, float]:
    t0 = time.monotonic()
    proc = subprocess.Popen([BIN, "serve", "--config", cfg], stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    phases: dict[str, float] = {}
    try:
        while True:
            line = proc.stderr.readline()
            if not line:
                raise RuntimeError("the picker exited before it was ready")
            now = time.monotonic() - t0
            record = json.loads(line)
            if record["msg"] == "kernels ready":
                phases["kernels"] = float(record["seconds"])
            if record["msg"] == "picker started":
                phases["ready"] = now
                phases["the rest"] = now - phases["kernels"]
                port = record["health_port"]
                break
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service="readiness"), timeout=5
            )
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
    finally:
        proc.terminate()
        proc.wait(30)
        proc.stderr.close()
    return phases


def import_profile(cfg: Path, top: int = 12) -> tuple[float, list[tuple[str, float]]]:
    """One start under ``python -X importtime``: the seconds spent importing before ready and
    the packages that take most of it (each module's own time, summed per top-level package)."""
    args = [sys.executable, "-X", "importtime", str(BIN), "serve", "--config", str(cfg)]
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    per_package: dict[str, float] = {}
    try:
        while True:
            line = proc.stderr.readline()
            if not line:
                raise RuntimeError("the picker exited before it was ready")
            if line.startswith("import time:"):
                own, _, name = line.removeprefix("import time:").split("|", 2)
                if own.strip().isdigit():
                    package = name.strip().split(".")[0]
                    per_package[package] = per_package.get(package, 0.0) + int(own) / 1e6
            elif '"picker started"' in line:
                break
    finally:
        proc.terminate()
        proc.wait(30)
        proc.stderr.close()
    total = sum(per_package.values())
    return total, sorted(per_package.items(), key=lambda item: -item[1])[:top]


_FLOOR = """
import sys, threading, time
t0 = time.perf_counter()
import grpc.aio, jinja2, msgspec, numba, numpy, tokenizers, zmq
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc
needed = time.perf_counter() - t0
t0 = time.perf_counter()
import kinference_epp.app
from kinference_epp.jit import warm_up_all
from tokenizers import Tokenizer
imports = time.perf_counter() - t0
t0 = time.perf_counter()
if sys.argv[2] == "serial":
    Tokenizer.from_file(sys.argv[1])
    tokenizer = time.perf_counter() - t0
    kernels = warm_up_all()
    print(needed, imports, tokenizer, kernels)
else:
    worker = threading.Thread(target=Tokenizer.from_file, args=(sys.argv[1],))
    worker.start()
    warm_up_all()
    worker.join()
    print(time.perf_counter() - t0)
"""


def floor(repeats: int = 3) -> dict[str, float]:
    """The pieces of start-up that hold the GIL, each timed alone in a fresh process (median
    of ``repeats``): importing the picker's modules, loading the tokenizer, loading the
    kernels; and ``together``, the tokenizer loaded on a thread while the kernels load (the
    overlap a thread could buy)."""
    tokenizer = default_tokenizer_dir("qwen3")
    assert tokenizer is not None
    path = str(tokenizer / "tokenizer.json")

    def sample(mode: str) -> list[float]:
        args = [sys.executable, "-c", _FLOOR, path, mode]
        out = subprocess.run(args, capture_output=True, text=True, check=True)
        return [float(x) for x in out.stdout.split()]

    serial = [sample("serial") for _ in range(repeats)]
    together = [sample("together")[0] for _ in range(repeats)]
    parts = {
        name: statistics.median(s[i] for s in serial)
        for i, name in enumerate(("needed", "imports", "tokenizer", "kernels"))
    }
    return {**parts, "together": statistics.median(together)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    runs = 2 if args.quick else args.runs
    with tempfile.TemporaryDirectory() as tmp:
        cfg = config(Path(tmp))
        one_start(cfg)  # fills the kernel cache if it is cold
        results = [one_start(cfg) for _ in range(runs)]
        total, largest = import_profile(cfg) if not args.quick else (0.0, [])
        parts = floor() if not args.quick else {}
    lines = ["| phase | median (s) | min (s) | max (s) |", "|---|---:|---:|---:|"]
    for phase in ("ready", "kernels", "the rest"):
        values = [r[phase] for r in results]
        lines.append(
            f"| {phase} | {statistics.median(values):.2f} | {min(values):.2f} | {max(values):.2f} |"
        )
    if largest:
        lines += [
            "",
            f"Where start-up goes (one more start under `python -X importtime`, which adds its "
            f"own overhead): {total:.2f} s importing modules before ready (the kernel modules among "
            "them, inside the kernels phase), then loading the "
            "kernels (above) and building and starting the picker. The packages that take most "
            "of the import time (each module's own time, summed per top-level package):",
            "",
            "| package | seconds |",
            "|---|---:|",
            *(f"| `{name}` | {seconds:.3f} |" for name, seconds in largest),
        ]
    if parts:
        serial = parts["needed"] + parts["imports"] + parts["tokenizer"] + parts["kernels"]
        lines += [
            "",
            "The floor: the pieces of start-up hold the GIL, so no thread overlaps them; each "
            "timed in a fresh process (median of 3). Without the last import row, what is left "
            "is what any picker that routes on Qwen3's tokens with these kernels pays:",
            "",
            "| piece | seconds |",
            "|---|---:|",
            "| importing what the decision path cannot do without (numpy, numba, grpc, "
            f"tokenizers, msgspec, pyzmq, jinja2, Envoy's ext_proc protos) | {parts['needed']:.2f} |",
            "| importing the rest: the picker's own modules (pydantic models, dataclasses), "
            f"aiohttp, ... | {parts['imports']:.2f} |",
            f"| loading Qwen3's `tokenizer.json` (`Tokenizer.from_file`) | {parts['tokenizer']:.2f} |",
            f"| loading the compiled kernels from the disk cache | {parts['kernels']:.2f} |",
            f"| **sum** | **{serial:.2f}** |",
            f"| tokenizer and kernels loaded on two threads at once "
            f"(against {parts['tokenizer'] + parts['kernels']:.2f} one after the other) "
            f"| {parts['together']:.2f} |",
        ]
    text = "\n".join(lines)
    print(text)
    if not args.quick:
        cmd = "python benchmarks/startup.py " + " ".join(sys.argv[1:])
        (HERE / "results" / "startup.md").write_text(
            "# Picker start-up to ready (warm kernel cache)\n\n"
            f"`{cmd.strip()}`: {runs} starts; see the script's docstring.\n\n{text}\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
