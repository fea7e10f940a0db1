"""``kinference-epp``: serve (the endpoint picker), sim (simulated vLLM pods), demo."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from kinference_epp import __version__
from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError, load_yaml_model
from kinference_epp.signals import wait_for_signal
from kinference_epp.telemetry.logs import configure_logging

log = logging.getLogger("kinference_epp")


def _install_uvloop() -> None:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - a declared dependency; keep asyncio working anyway
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


def load_config(args: argparse.Namespace) -> EppConfig:
    config = load_yaml_model(args.config, EppConfig) if args.config else EppConfig()
    server = config.server.model_copy(
        update={
            k: v
            for k, v in {
                "grpc_port": args.grpc_port,
                "health_port": args.health_port,
                "metrics_port": args.metrics_port,
                "test_mode": args.test_mode or None,
                "host": args.host,
            }.items()
            if v is not None
        }
    )
    scheduler = config.scheduler
    if args.router:
        scheduler = scheduler.model_copy(update={"router": args.router})
    return config.model_copy(update={"server": server, "scheduler": scheduler})


async def _serve(config: EppConfig) -> None:
    from kinference_epp.app import App

    picker = App(config)
    await picker.start()
    # Everything built so far (tokenizers, chat templates, config, the gRPC and aiohttp
    # servers) lives as long as the process: move it out of the cyclic GC's generations so
    # full collections, triggered by the request path's churn, stop re-walking it.
    gc.collect()
    gc.freeze()
    try:
        await wait_for_signal()
        # Keep serving, not ready, while proxies move away; a second signal ends it early.
        drain = asyncio.ensure_future(picker.drain(config.server.drain_s))
        again = asyncio.ensure_future(wait_for_signal())
        try:
            await asyncio.wait({drain, again}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (drain, again):
                task.cancel()
            await asyncio.gather(drain, again, return_exceptions=True)
    finally:
        await picker.stop(config.server.stop_grace_s)


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        config = load_config(args)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not config.pool.endpoints:
        log.warning("no endpoints configured: every request will get 503 until some are added")
    _install_uvloop()
    try:
        asyncio.run(_serve(config))
    except ConfigError as exc:  # e.g. invalid policy files found at start-up
        print(exc, file=sys.stderr)
        return 2
    return 0


def _cmd_sim(args: argparse.Namespace) -> int:
    from kinference_epp.sim.runner import sim_main

    return sim_main(args.sim_args)


def _missing_extra(command: str, extra: str, exc: ModuleNotFoundError) -> int:
    """The base install is the picker: a command that needs an extra says which one."""
    print(
        f"kinference-epp {command} needs {exc.name}, which comes with the {extra!r} extra: "
        f"pip install 'kinference-epp[{extra}]'",
        file=sys.stderr,
    )
    return 2


def _cmd_bench(args: argparse.Namespace) -> int:
    try:
        from kinference_epp.cli.bench import bench_main
    except ModuleNotFoundError as exc:
        return _missing_extra("bench", "bench", exc)
    return bench_main(args.bench_args)


def _cmd_demo(args: argparse.Namespace) -> int:
    # The demo forks Envoy after the first picker's gRPC threads run (each part has a stack of
    # its own); gRPC's fork handlers then log a warning per fork, and Envoy, exec'd at once,
    # never uses gRPC from the fork. Read when gRPC is first imported, below.
    os.environ.setdefault("GRPC_ENABLE_FORK_SUPPORT", "0")
    try:
        from kinference_epp.demo.runner import demo_main
    except ModuleNotFoundError as exc:
        return _missing_extra("demo", "demo", exc)
    return demo_main(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kinference-epp", description=__doc__)
    parser.add_argument("--version", action="version", version=f"kinference-epp {__version__}")
    parser.add_argument(
        "--log-level", default=None, help="default: info for serve, warning for demo and sim"
    )
    parser.add_argument("--log-format", choices=["json", "text"], default="json")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the endpoint picker (ext_proc gRPC server)")
    serve.add_argument("--config", type=Path, help="YAML config (pool endpoints, scheduler, ...)")
    serve.add_argument("--host", default=None)
    serve.add_argument("--grpc-port", type=int, default=None, help="ext_proc + access logs (9002)")
    serve.add_argument("--health-port", type=int, default=None, help="gRPC health (9003)")
    serve.add_argument("--metrics-port", type=int, default=None, help="Prometheus (9090)")
    serve.add_argument(
        "--router",
        default=None,
        help="precise-prefix (default), approx-prefix, load, least-queue, round-robin, random",
    )
    serve.add_argument("--test-mode", action="store_true", help="conformance test mode")
    serve.set_defaults(func=_cmd_serve)

    sim = sub.add_parser(
        "sim", help="run simulated vLLM pods (OpenAI HTTP, /metrics, ZMQ KV events)", add_help=False
    )
    sim.add_argument("sim_args", nargs=argparse.REMAINDER)
    sim.set_defaults(func=_cmd_sim)

    bench = sub.add_parser(
        "bench",
        help="routing benchmark: the real scheduler vs baselines on simulated pods (virtual clock)",
        add_help=False,
    )
    bench.add_argument("bench_args", nargs=argparse.REMAINDER)
    bench.set_defaults(func=_cmd_bench)

    demo = sub.add_parser(
        "demo",
        help="Envoy + picker + simulated pods: round-robin vs the picker, then fair share "
        "under saturation",
    )
    demo.add_argument("--requests", type=int, default=320, help="the chat workload's requests")
    demo.add_argument("--concurrency", type=int, default=8)
    demo.add_argument("--pods", type=int, default=4)
    demo.add_argument("--router", default="precise-prefix", help="the picker's router")
    demo.add_argument(
        "--body-mode", choices=["FULL_DUPLEX_STREAMED", "BUFFERED"], default="FULL_DUPLEX_STREAMED"
    )
    demo.add_argument(
        "--keep-running", action="store_true", help="keep the picker's stack up afterwards"
    )
    demo.set_defaults(func=_cmd_demo)
    return parser


_PASSTHROUGH = {"sim": "sim_args", "bench": "bench_args"}
"""Subcommands with their own parsers: everything after the name goes to them (``--help`` too)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {"serve", "demo", *_PASSTHROUGH}
    first = next((i for i, word in enumerate(argv) if word in commands), None)
    if first is not None and argv[first] in _PASSTHROUGH:
        args = parser.parse_args(argv[: first + 1])
        setattr(args, _PASSTHROUGH[argv[first]], argv[first + 1 :])
    else:
        args = parser.parse_args(argv)
    quiet = args.command in ("demo", "sim", "bench")
    configure_logging(args.log_level or ("warning" if quiet else "info"), args.log_format)
    with contextlib.suppress(KeyboardInterrupt):
        return int(args.func(args))
    return 130


if __name__ == "__main__":
    sys.exit(main())
