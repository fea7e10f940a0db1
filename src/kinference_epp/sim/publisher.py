"""vLLM's KV-event publisher: a ZMQ PUB stream plus a ROUTER that replays missed batches.

Framing, verified against ``vllm-project/vllm:vllm/distributed/kv_events.py``
(``ZmqEventPublisher``, current main):

- PUB: ``[topic, seq, payload]``, ``seq`` 8 bytes big-endian from 0 per publisher.
- Replay: a DEALER sends ``[b"", start_seq]``; the ROUTER receives
  ``[identity, b"", start_seq]`` and answers every buffered batch with seq ≥ start, then
  an end marker with seq -1 (eight 0xFF bytes) and an empty payload.
  Current vLLM prefixes the topic: ``[identity, b"", topic, seq, payload]`` and
  ``[identity, b"", b"", END_SEQ, b""]`` — the default here (``replay_topic=True``).
  Older vLLM (and SGLang) send ``[identity, b"", seq, payload]`` and
  ``[identity, b"", END_SEQ, b""]``; pass ``replay_topic=False`` for that shape.
- The ring buffer keeps the last 10,000 batches (vLLM's ``buffer_steps`` default).

``EventLog`` is the socket-free core (sequence numbers, buffer, replay frames); the
publisher is a thin ``zmq.asyncio`` shell around it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque

import zmq
import zmq.asyncio

from kinference_epp.sim.events import END_SEQ, encode_seq

log = logging.getLogger(__name__)

DEFAULT_BUFFER_STEPS = 10_000


class EventLog:
    """Numbers batches from 0 and remembers the last ``buffer_steps`` for replay."""

    def __init__(
        self,
        topic: bytes = b"",
        buffer_steps: int = DEFAULT_BUFFER_STEPS,
        replay_topic: bool = True,
    ):
        self.topic = topic
        self.replay_topic = replay_topic
        self._next_seq = 0
        self._buffer: deque[tuple[int, bytes]] = deque(maxlen=buffer_steps)

    def append(self, payload: bytes) -> list[bytes]:
        """Assign the next seq to ``payload``; returns the PUB frames to send."""
        seq = self._next_seq
        self._next_seq += 1
        self._buffer.append((seq, payload))
        return [self.topic, encode_seq(seq), payload]

    @property
    def next_seq(self) -> int:
        return self._next_seq

    def replay_frames(self, request: list[bytes]) -> list[list[bytes]]:
        """ROUTER replies to one ``[identity, b"", start_seq]`` request ([] if malformed)."""
        if len(request) != 3 or len(request[2]) != 8:
            return []
        identity, _, start_bytes = request
        start = int.from_bytes(start_bytes, "big")
        prefix = [identity, b"", self.topic] if self.replay_topic else [identity, b""]
        replies = [[*prefix, encode_seq(seq), buf] for seq, buf in self._buffer if seq >= start]
        end_prefix = [identity, b"", b""] if self.replay_topic else [identity, b""]
        replies.append([*end_prefix, END_SEQ, b""])
        return replies


class ZmqEventPublisher:
    """Binds a PUB and (optionally) a replay ROUTER socket; ``publish`` never blocks."""

    def __init__(
        self,
        ctx: zmq.asyncio.Context,
        pub_endpoint: str,
        replay_endpoint: str | None,
        *,
        topic: str = "kv-events",
        buffer_steps: int = DEFAULT_BUFFER_STEPS,
        replay_topic: bool = True,
        hwm: int = 100_000,
    ) -> None:
        self.log = EventLog(topic.encode(), buffer_steps, replay_topic)
        self.drop_next = 0
        """Batches still to lose on the PUB socket (numbered and kept for replay, as a batch
        a slow subscriber missed): the chaos benchmark's fault hook."""
        self._pub = ctx.socket(zmq.PUB)
        self._pub.setsockopt(zmq.SNDHWM, hwm)
        self._pub.setsockopt(zmq.LINGER, 0)
        try:
            self._pub.bind(pub_endpoint)
        except zmq.ZMQError:  # e.g. the port is still in use: leave no open socket behind
            self._pub.close(linger=0)
            raise
        self.pub_endpoint: str = self._pub.getsockopt_string(zmq.LAST_ENDPOINT)
        self._replay: zmq.asyncio.Socket | None = None
        self.replay_endpoint: str | None = None
        self._replay_task: asyncio.Task[None] | None = None
        if replay_endpoint is not None:
            self._replay = ctx.socket(zmq.ROUTER)
            self._replay.setsockopt(zmq.LINGER, 0)
            try:
                self._replay.bind(replay_endpoint)
            except zmq.ZMQError:  # as above; the PUB socket is already bound: close it too
                self._replay.close(linger=0)
                self._pub.close(linger=0)
                raise
            self.replay_endpoint = self._replay.getsockopt_string(zmq.LAST_ENDPOINT)
            self._replay_task = asyncio.get_running_loop().create_task(self._serve_replay())

    async def publish(self, payload: bytes) -> int:
        """Send one encoded ``EventBatch``; returns its sequence number."""
        frames = self.log.append(payload)
        if self.drop_next > 0:
            self.drop_next -= 1
        else:
            await self._pub.send_multipart(frames)
        return self.log.next_seq - 1

    async def _serve_replay(self) -> None:
        assert self._replay is not None
        while True:
            request = await self._replay.recv_multipart()
            replies = self.log.replay_frames(request)
            if not replies:
                log.warning("ignoring malformed replay request with %d frames", len(request))
            for frames in replies:
                await self._replay.send_multipart(frames)

    async def close(self) -> None:
        """Stop serving replays and close both sockets without lingering."""
        if self._replay_task is not None:
            self._replay_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._replay_task
        if self._replay is not None:
            self._replay.close(linger=0)
        self._pub.close(linger=0)
