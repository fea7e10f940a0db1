"""Start N simulated vLLM pods in one process and one event loop.

``kinference-epp sim`` calls ``sim_main``; tests and the demo call ``start_pods`` (with
port 0 everywhere for ephemeral ports) and read each pod's addresses from the returned
``SimCluster``. Shutdown is graceful: SIGINT/SIGTERM close HTTP servers and ZMQ sockets
and cancel every task the pods started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType

import uvloop
import zmq.asyncio

from kinference_epp.sim.events import ENCODINGS
from kinference_epp.sim.latency import LATENCY_MODELS
from kinference_epp.sim.server import PodSpec, SimPod
from kinference_epp.tokenize.cache import TokenCache
from kinference_epp.tokenize.hf import HFTokenizer
from kinference_epp.tokenize.protocol import Tokenizer


@dataclass(frozen=True, slots=True)
class PodAddress:
    """Where a started pod listens."""

    name: str
    http_url: str
    """``http://host:port`` of the OpenAI API, ``/metrics`` and ``/health``."""
    kv_events_endpoint: str
    """ZMQ PUB endpoint of its KV events (``tcp://host:port``)."""
    replay_endpoint: str | None
    """ZMQ ROUTER endpoint for replays, or None when disabled."""
    models: tuple[str, ...]

    @property
    def hostport(self) -> str:
        """``host:port`` as the picker names an endpoint."""
        return self.http_url.removeprefix("http://")


class SimCluster:
    """Running pods; close it (or use ``async with``) to release every socket and task."""

    def __init__(self, pods: list[SimPod], ctx: zmq.asyncio.Context) -> None:
        self.pods = pods
        self._ctx = ctx

    @property
    def addresses(self) -> list[PodAddress]:
        return [
            PodAddress(
                p.spec.name, p.http_url, p.kv_events_endpoint, p.replay_endpoint, p.spec.models
            )
            for p in self.pods
        ]

    async def close(self) -> None:
        for pod in self.pods:
            await pod.close()
        self.pods = []
        self._ctx.destroy(linger=0)

    async def __aenter__(self) -> SimCluster:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


async def start_pods(specs: Sequence[PodSpec]) -> SimCluster:
    """Start every pod; on failure, close the ones already started and re-raise."""
    ctx = zmq.asyncio.Context()
    cluster = SimCluster([], ctx)
    # One load per directory, shared by the pods, with the picker's exact segment cache: the
    # pods run in the caller's process (a real pod tokenizes on its own machine), where encoding
    # every shared system prompt again would hold the event loop the picker and clients share.
    tokenizers: dict[str, Tokenizer] = {}
    try:
        for spec in specs:
            tokenizer = None
            if spec.tokenizer_dir is not None:
                if spec.tokenizer_dir not in tokenizers:
                    tokenizers[spec.tokenizer_dir] = HFTokenizer.from_dir(
                        spec.tokenizer_dir, cache=TokenCache()
                    )
                tokenizer = tokenizers[spec.tokenizer_dir]
            pod = SimPod(spec, ctx, tokenizer)
            cluster.pods.append(pod)
            await pod.start()
    except BaseException:
        await cluster.close()
        raise
    return cluster


async def start_ephemeral(n: int, template: PodSpec | None = None) -> SimCluster:
    """Start ``n`` pods on loopback with free ports; read them from ``.addresses``."""
    return await start_pods(ephemeral_specs(n, template))


def ephemeral_specs(n: int, template: PodSpec | None = None) -> list[PodSpec]:
    """``n`` pod specs on loopback with free ports everywhere (for tests and the demo)."""
    base = template or PodSpec()
    return [
        replace(
            base, name=f"sim-{i}", http_port=0, zmq_pub_port=0, replay_port=0, seed=base.seed + i
        )
        for i in range(n)
    ]


async def run_pods(
    specs: Sequence[PodSpec],
    *,
    stop: asyncio.Event | None = None,
    on_started: Callable[[list[PodAddress]], None] | None = None,
) -> None:
    """Run pods until ``stop`` is set or the process gets SIGINT/SIGTERM."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
    try:
        async with await start_pods(specs) as cluster:
            if on_started is not None:
                on_started(cluster.addresses)
            await stop.wait()
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kinference-epp sim", description="Run simulated vLLM pods.")
    p.add_argument("--pods", type=int, default=1, help="number of pods")
    p.add_argument("--host", default="127.0.0.1", help="address every socket binds to")
    p.add_argument(
        "--base-port", type=int, default=8001, help="HTTP port of pod 0 (pod i: +i); 0 = ephemeral"
    )
    p.add_argument(
        "--zmq-base-port",
        type=int,
        default=5557,
        help="KV-event PUB of pod 0 (pod i: +2i, replay +2i+1); 0 = ephemeral",
    )
    p.add_argument(
        "--model",
        action="append",
        dest="models",
        help="served model (repeat: first is the base, others LoRA adapters)",
    )
    p.add_argument(
        "--tokenizer-dir",
        type=Path,
        default=None,
        help="tokenizer.json + tokenizer_config.json of the model (the picker must use the same)",
    )
    p.add_argument("--num-gpu-blocks", type=int, default=4096)
    p.add_argument("--block-size", type=int, default=16)
    p.add_argument("--max-num-seqs", type=int, default=256)
    p.add_argument("--max-num-batched-tokens", type=int, default=8192)
    p.add_argument(
        "--encoding",
        choices=ENCODINGS,
        default="map",
        help="KV-event encoding (map = current vLLM, array = older)",
    )
    p.add_argument("--latency", choices=sorted(LATENCY_MODELS), default="dynamo-mocker")
    p.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="wall seconds per simulated second (0.1 = 10x faster)",
    )
    p.add_argument("--seed", type=int, default=0, help="hash seed of pod 0 (pod i: +i)")
    p.add_argument("--topic", default="kv-events")
    p.add_argument(
        "--legacy-replay",
        action="store_true",
        help="replay frames without the topic (vLLM before the topic prefix)",
    )
    p.add_argument(
        "--signed-hashes",
        action="store_true",
        help="send block hashes as signed 64-bit ints (old vLLM)",
    )
    p.add_argument(
        "--max-tokens", type=int, default=128, help="output length when a request sets none"
    )
    p.add_argument(
        "--fault-hooks",
        action="store_true",
        help="serve POST /sim/faults to hang /metrics or drop KV-event batches (chaos tests)",
    )
    return p  # fmt: skip


def specs_from_args(args: argparse.Namespace) -> list[PodSpec]:
    """Pod specs from parsed ``sim`` arguments."""
    specs = []
    for i in range(args.pods):
        specs.append(
            PodSpec(
                name=f"sim-{i}",
                host=args.host,
                http_port=args.base_port + i if args.base_port else 0,
                zmq_pub_port=args.zmq_base_port + 2 * i if args.zmq_base_port else 0,
                replay_port=args.zmq_base_port + 2 * i + 1 if args.zmq_base_port else 0,
                models=tuple(args.models or ["sim-model"]),
                num_gpu_blocks=args.num_gpu_blocks,
                block_size=args.block_size,
                max_num_seqs=args.max_num_seqs,
                max_num_batched_tokens=args.max_num_batched_tokens,
                encoding=args.encoding,
                latency=args.latency,
                time_scale=args.time_scale,
                seed=args.seed + i,
                topic=args.topic,
                replay_topic=not args.legacy_replay,
                signed_hashes=args.signed_hashes,
                default_max_tokens=args.max_tokens,
                tokenizer_dir=str(args.tokenizer_dir) if args.tokenizer_dir else None,
                fault_hooks=args.fault_hooks,
            )
        )
    return specs


def format_address(a: PodAddress) -> str:
    """One line per pod, as ``kinference-epp sim`` prints it."""
    return (
        f"{a.name} http={a.http_url} kv_events={a.kv_events_endpoint} "
        f"replay={a.replay_endpoint or '-'} models={','.join(a.models)}"
    )


def sim_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``kinference-epp sim``; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.pods < 1:
        print("--pods must be at least 1", file=sys.stderr)
        return 2

    def announce(addresses: list[PodAddress]) -> None:
        for a in addresses:
            print(format_address(a), flush=True)

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(run_pods(specs_from_args(args), on_started=announce))
    return 0
