"""``kinfctl kv-events``: print a vLLM publisher's KV events, one JSON object per line.

The first thing an operator runs when routing looks cache-blind: it shows whether a pod
publishes at all, in which encoding, with which block size and hash form. With
``--from-seq`` it first replays the publisher's buffer, then follows the live stream.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

import zmq
import zmq.asyncio

from kinference_epp.kvcache.events import (
    AllBlocksCleared,
    BlockStored,
    EventDecodeError,
    KVEvent,
    decode_batch,
)
from kinference_epp.kvcache.replay import Frame, FrameError, parse_pub, request_replay


def add_kv_events_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``kv-events`` on a ``kinfctl`` subparsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "kv-events", help="print the KV events a vLLM pod publishes (one JSON per line)"
    )
    _add_arguments(p)
    return p


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("endpoint", help="ZMQ PUB address, e.g. tcp://10.0.0.1:5557")
    p.add_argument("--replay-endpoint", help="ZMQ ROUTER address for replay")
    p.add_argument("--from-seq", type=int, help="replay from this seq first (needs replay)")
    p.add_argument("--count", type=int, help="stop after printing this many events")
    p.add_argument("--topic", default="", help="topic prefix to subscribe to")
    p.add_argument(
        "--idle-timeout", type=float, help="exit after this many seconds without a message"
    )


def event_json(seq: int, ts: float, ev: KVEvent) -> dict[str, Any]:
    """The printed form of one event (hashes as unsigned ints)."""
    if isinstance(ev, BlockStored):
        return {
            "seq": seq,
            "ts": ts,
            "type": "BlockStored",
            "block_hashes": list(ev.block_hashes),
            "parent": ev.parent_block_hash,
            "tokens": len(ev.token_ids),
            "block_size": ev.block_size,
            "medium": ev.medium,
            "lora_name": ev.lora_name,
        }
    if isinstance(ev, AllBlocksCleared):
        return {"seq": seq, "ts": ts, "type": "AllBlocksCleared"}
    return {
        "seq": seq,
        "ts": ts,
        "type": "BlockRemoved",
        "block_hashes": list(ev.block_hashes),
        "medium": ev.medium,
    }


class _Printer:
    def __init__(self, count: int | None) -> None:
        self.left = count
        self.problems = 0

    def batch(self, frame: Frame) -> bool:
        """Print one batch; False when the run must stop."""
        try:
            batch = decode_batch(frame.payload)
        except EventDecodeError as exc:
            print(f"kv-events: seq {frame.seq}: undecodable payload: {exc}", file=sys.stderr)
            self.problems += 1
            return False
        for ev in batch.events:
            print(json.dumps(event_json(frame.seq, batch.ts, ev)), flush=True)
            if self.left is not None:
                self.left -= 1
                if self.left <= 0:
                    return False
        if batch.unknown or batch.malformed:
            self.problems += 1
            print(
                f"kv-events: seq {frame.seq}: skipped {batch.unknown} unknown and "
                f"{batch.malformed} malformed events",
                file=sys.stderr,
            )
        return True


async def _run(args: argparse.Namespace) -> int:
    ctx = zmq.asyncio.Context()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, args.topic.encode())
    printer = _Printer(args.count)
    try:
        sub.connect(args.endpoint)
        last = -1
        if args.from_seq is not None:
            frames = await request_replay(ctx, args.replay_endpoint, args.from_seq)
            if frames is None:
                print("kv-events: replay failed (no answer)", file=sys.stderr)
                return 1
            for f in frames:
                last = f.seq
                if not printer.batch(f):
                    return 1 if printer.problems else 0
        while True:
            try:
                async with asyncio.timeout(args.idle_timeout):
                    raw = await sub.recv_multipart()
            except TimeoutError:
                return 1 if printer.problems else 0
            try:
                frame = parse_pub(raw)
            except FrameError as exc:
                print(f"kv-events: bad message: {exc}", file=sys.stderr)
                return 1
            if frame.seq <= last:
                continue
            if not printer.batch(frame):
                return 1 if printer.problems else 0
    finally:
        sub.close(linger=0)
        ctx.destroy(linger=0)


def kv_events_main(argv: list[str]) -> int:
    """Run ``kinfctl kv-events`` with ``argv`` (without the sub-command); the exit status."""
    parser = argparse.ArgumentParser(prog="kinfctl kv-events")
    _add_arguments(parser)
    return run_kv_events(parser.parse_args(argv))


def run_kv_events(args: argparse.Namespace) -> int:
    """Run with already parsed arguments (from ``add_kv_events_parser``)."""
    if args.from_seq is not None and not args.replay_endpoint:
        print("kv-events: --from-seq needs --replay-endpoint", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_run(args))
    except KeyboardInterrupt:
        return 130
