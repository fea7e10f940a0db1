"""Picker CPU per ``Pick`` beside an ext_proc request of the same body, in one run.

    .venv/bin/python benchmarks/pick_cost.py            # 5 interleaved repeats
    .venv/bin/python benchmarks/pick_cost.py --quick    # one short pass

One real picker (``kinference-epp serve``, router ``precise-prefix`` with the Qwen3 tokenizer
when fetched, four upstreams answered by an Envoy ``direct_response`` that also serves their
``/metrics``) is driven straight over gRPC from this process, the way its two kinds of caller
drive it:

- ``ext_proc``: one ``ExternalProcessor/Process`` stream per request, as Envoy opens it in
  FULL_DUPLEX_STREAMED (request headers, then the body with ``end_of_stream``); the stream is
  read until the body reply's last chunk, then closed;
- ``pick``: one unary ``kinference.v1.Picker/Pick`` with the same path, headers and body;
- ``pick+report``: ``Pick`` and then ``ReportUsage`` for it (what a proxy without Envoy's
  access log sends; the ext_proc request's access-log entry costs the picker ~0, PROTOCOLS.md).

Per mode and repeat: ``--requests`` requests at ``--concurrency``, after a warm-up; picker CPU is
utime+stime of the picker process (``/proc/PID/stat``) across the measured requests, divided
by their number (it includes the picker's background work, scrapes of four ``/metrics``, which
is the same for every mode). The modes run interleaved (rotated each repeat) and the table
reports the median and the range over repeats. Writes ``benchmarks/results/pick_cost.md`` and
``.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import grpc
from envoy.config.core.v3 import base_pb2
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc

from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.pickapi.v1 import picker_pb2 as pb
from kinference_epp.pickapi.v1 import picker_pb2_grpc as pb_grpc
from kinference_epp.tokenize.fixtures import default_tokenizer_dir
from picker_cost import (
    BODIES,
    MODEL,
    PODS,
    Child,
    chat_body,
    cpu_seconds,
    machine_meta,
    upstream_config,
    wait_port,
)

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
PATH = "/v1/chat/completions"
MODES = ("ext_proc", "pick", "pick+report")


def _headers(body: bytes) -> list[tuple[str, str]]:
    return [
        (":method", "POST"),
        (":path", PATH),
        (":authority", "bench"),
        ("content-type", "application/json"),
        ("content-length", str(len(body))),
        ("x-request-id", uuid.uuid4().hex),
    ]


async def ext_proc_request(stub: ep_grpc.ExternalProcessorStub, body: bytes) -> None:
    headers = ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[
                    base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in _headers(body)
                ]
            ),
            end_of_stream=False,
        )
    )
    call = stub.Process()
    await call.write(headers)
    await call.write(ep.ProcessingRequest(request_body=ep.HttpBody(body=body, end_of_stream=True)))
    while True:
        reply = await call.read()
        if reply is grpc.aio.EOF:
            raise RuntimeError("ext_proc stream ended before the body reply")
        which = reply.WhichOneof("response")
        if which == "immediate_response":
            raise RuntimeError(f"ext_proc answered {reply.immediate_response.status.code}")
        if which == "request_body":
            streamed = reply.request_body.response.body_mutation.streamed_response
            if streamed.end_of_stream:
                break
    await call.done_writing()


async def pick_request(stub: pb_grpc.PickerStub, body: bytes, *, report: bool) -> None:
    reply = await stub.Pick(
        pb.PickRequest(
            path=PATH,
            method="POST",
            headers=[pb.Header(name=k, value=v) for k, v in _headers(body) if k[0] != ":"],
            body=body,
        )
    )
    if reply.WhichOneof("result") != "route":
        raise RuntimeError(f"Pick answered {reply.immediate.status}")
    if report:
        await stub.ReportUsage(
            pb.UsageReport(
                request_id=reply.request_id,
                ticket=reply.ticket,
                status=200,
                prompt_tokens=1000,
                completion_tokens=1,
                ttft_s=0.01,
                e2e_s=0.02,
            )
        )


async def load(one: Callable[[], Awaitable[None]], requests: int, concurrency: int) -> float:
    """Run ``requests`` calls of ``one`` with ``concurrency`` in flight; wall seconds."""
    left = requests

    async def worker() -> None:
        nonlocal left
        while left > 0:
            left -= 1
            await one()

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return time.perf_counter() - t0


async def amain(args: argparse.Namespace) -> int:
    bodies = [b for b in BODIES if b.name in args.bodies]
    repeats = 1 if args.quick else args.repeats
    requests = 300 if args.quick else args.requests
    tokenizer = default_tokenizer_dir()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="kinference-pick-") as tmp:
        workdir = Path(tmp)
        async with contextlib.AsyncExitStack() as stack:
            ports = [free_port() for _ in range(PODS)]
            upstream = EnvoyProcess(upstream_config(ports, free_port()), concurrency=1)
            await upstream.start()
            stack.push_async_callback(upstream.stop)
            grpc_port = free_port()
            config = {
                "pool": {
                    "name": "bench",
                    "endpoints": [
                        {"address": f"127.0.0.1:{p}", "name": f"pod{i}", "models": [MODEL]}
                        for i, p in enumerate(ports)
                    ],
                },
                "scheduler": {"router": "precise-prefix", "fallbacks": 0},
                **(
                    {"tokenizers": {"sources": [{"models": [MODEL], "path": str(tokenizer)}]}}
                    if tokenizer is not None
                    else {}
                ),
                "server": {
                    "host": "127.0.0.1",
                    "grpc_port": grpc_port,
                    "health_port": free_port(),
                    "metrics_port": free_port(),
                    # loopback only: the Pick API answers without the control token
                    "control": {"allow_unauthenticated": True},
                },
            }
            path = workdir / "epp.yaml"
            path.write_text(json.dumps(config))
            serve = Path(sys.executable).parent / "kinference-epp"
            cmd = (
                [str(serve)] if serve.exists() else [sys.executable, "-m", "kinference_epp.cli.epp"]
            )
            picker = Child("picker", [*cmd, "serve", "--config", str(path)], workdir / "epp.log")
            await picker.start()
            stack.push_async_callback(picker.stop)
            await wait_port(grpc_port, picker)
            channel = grpc.aio.insecure_channel(
                f"127.0.0.1:{grpc_port}",
                options=[("grpc.max_send_message_length", 64 << 20)],
            )
            stack.push_async_callback(channel.close)
            ext = ep_grpc.ExternalProcessorStub(channel)
            api = pb_grpc.PickerStub(channel)
            await asyncio.sleep(1.0)  # first scrapes in: endpoints ready
            for body_spec in bodies:
                body = chat_body(body_spec.target_bytes)
                calls: dict[str, Callable[[], Awaitable[None]]] = {
                    "ext_proc": lambda b=body: ext_proc_request(ext, b),
                    "pick": lambda b=body: pick_request(api, b, report=False),
                    "pick+report": lambda b=body: pick_request(api, b, report=True),
                }
                for mode in MODES:  # warm-up: tokenizer caches, JIT kernels, channels
                    await load(calls[mode], max(50, requests // 10), args.concurrency)
                per: dict[str, list[tuple[float, float]]] = {m: [] for m in MODES}
                for r in range(repeats):
                    order = MODES[r % len(MODES) :] + MODES[: r % len(MODES)]
                    for mode in order:
                        cpu0 = cpu_seconds(picker.pid)
                        wall = await load(calls[mode], requests, args.concurrency)
                        cpu = cpu_seconds(picker.pid) - cpu0
                        per[mode].append((cpu / requests * 1e6, requests / wall))
                        print(
                            f"{body_spec.name:>8} {mode:<12} repeat {r + 1}: "
                            f"{cpu / requests * 1e6:7.0f} us CPU/request, {requests / wall:6.0f}/s",
                            flush=True,
                        )
                for mode in MODES:
                    us = [u for u, _ in per[mode]]
                    rates = [q for _, q in per[mode]]
                    rows.append(
                        {
                            "body": body_spec.name,
                            "body_bytes": len(body),
                            "mode": mode,
                            "cpu_us_median": statistics.median(us),
                            "cpu_us_min": min(us),
                            "cpu_us_max": max(us),
                            "per_s_median": statistics.median(rates),
                            "runs": per[mode],
                        }
                    )
    meta = {
        "machine": machine_meta(),
        "repeats": repeats,
        "requests": requests,
        "concurrency": args.concurrency,
        "router": "precise-prefix",
        "tokenizer": "qwen3" if tokenizer is not None else "approx",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    table = markdown(rows, meta)
    print()
    print(table)
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "pick_cost.md").write_text(table)
        (RESULTS / "pick_cost.json").write_text(
            json.dumps({"meta": meta, "rows": rows}, indent=2) + "\n"
        )
    return 0


def markdown(rows: list[dict[str, Any]], meta: dict[str, Any]) -> str:
    lines = [
        "# Picker CPU per Pick beside an ext_proc request of the same body",
        "",
        "Written by `benchmarks/pick_cost.py` (see its docstring for the method). "
        f"{meta['date']}; router {meta['router']}, tokenizer {meta['tokenizer']}; "
        f"{meta['requests']} requests per run at concurrency {meta['concurrency']}, "
        f"{meta['repeats']} interleaved repeats; median (min-max) over repeats. The client runs "
        "in another process on the same cores; only the picker process's CPU is counted.",
        "",
        "| body | mode | picker CPU µs / request | range | requests/s | vs ext_proc |",
        "|---|---|---:|---:|---:|---:|",
    ]
    base = {r["body"]: r["cpu_us_median"] for r in rows if r["mode"] == "ext_proc"}
    for r in rows:
        ratio = r["cpu_us_median"] / base[r["body"]] if base.get(r["body"]) else float("nan")
        lines.append(
            f"| {r['body']} ({r['body_bytes']:,} B) | {r['mode']} | {r['cpu_us_median']:.0f} | "
            f"{r['cpu_us_min']:.0f}-{r['cpu_us_max']:.0f} | {r['per_s_median']:.0f} | "
            f"{ratio:.2f} |"
        )
    m = meta["machine"]
    lines += ["", f"Machine: {json.dumps(m)}", ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument(
        "--bodies", nargs="+", default=["1k-tok", "32k-tok"], choices=[b.name for b in BODIES]
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    return asyncio.run(amain(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
