"""vLLM's ZMQ framing for KV events, and the replay client (DEALER → publisher's ROUTER).

Frames (``vllm-project/vllm:vllm/distributed/kv_events.py``):

- PUB: ``[topic, seq, payload]``; ``seq`` is 8 bytes big-endian, or 24 bytes (seq plus a
  16-byte publisher id) when vLLM's snapshots are on.
- Replay: send ``[b"", start_seq]``; replies are ``[b"", topic, seq, payload]`` (newer
  vLLM) or ``[b"", seq, payload]`` (older), ending with seq -1 and an empty payload.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass

import zmq
import zmq.asyncio

END_SEQ = -1


@dataclass(frozen=True, slots=True)
class Frame:
    """One batch as it came off a socket."""

    topic: bytes
    seq: int
    payload: bytes
    publisher_id: bytes = b""
    """The 16-byte publisher id of 24-byte seq frames (b"" otherwise)."""


class FrameError(ValueError):
    """Frames that do not have vLLM's KV-event shape."""


def parse_seq(raw: bytes) -> tuple[int, bytes]:
    """``(seq, publisher_id)`` from an 8- or 24-byte seq frame; -1 is the end marker."""
    if len(raw) not in (8, 24):
        raise FrameError(f"seq frame of {len(raw)} bytes (want 8 or 24)")
    return int.from_bytes(raw[:8], "big", signed=True), raw[8:]


def parse_pub(frames: list[bytes]) -> Frame:
    """A PUB message ``[topic, seq, payload]``."""
    if len(frames) != 3:
        raise FrameError(f"PUB message with {len(frames)} frames (want 3)")
    seq, pid = parse_seq(frames[1])
    return Frame(frames[0], seq, frames[2], pid)


def parse_replay(frames: list[bytes]) -> Frame:
    """A replay reply, with or without the topic frame (the DEALER's b"" stripped)."""
    if frames and frames[0] == b"":
        frames = frames[1:]
    if len(frames) == 3:
        topic, raw_seq, payload = frames
    elif len(frames) == 2:
        topic, (raw_seq, payload) = b"", frames
    else:
        raise FrameError(f"replay reply with {len(frames)} frames (want 2 or 3)")
    seq, pid = parse_seq(raw_seq)
    return Frame(topic, seq, payload, pid)


async def request_replay(
    ctx: zmq.asyncio.Context, address: str, start_seq: int, limit_s: float = 2.0
) -> list[Frame] | None:
    """Every buffered batch with seq ≥ ``start_seq``, oldest first; None on timeout.

    A fresh DEALER per request, so a late reply to an abandoned request never mixes
    with the next one. ``limit_s`` bounds the whole exchange.
    """
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    deadline = time.monotonic() + limit_s
    try:
        sock.connect(address)
        await sock.send_multipart([b"", max(start_seq, 0).to_bytes(8, "big")])
        out: list[Frame] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                async with asyncio.timeout(left):
                    frames = await sock.recv_multipart()
            except TimeoutError:
                return None
            frame = parse_replay(frames)
            if frame.seq == END_SEQ:
                return out
            out.append(frame)
    except FrameError:
        return None
    finally:
        with contextlib.suppress(zmq.ZMQError):
            sock.close(linger=0)
