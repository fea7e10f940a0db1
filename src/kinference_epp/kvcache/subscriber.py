"""Per-endpoint KV-event streams: ZMQ SUB in, sequence checks, replay, batches to a sink.

Sync core, async shell: ``EventStream`` holds one endpoint's sequence state and decides
what to do with each message; the only thing it awaits is a replay request. Decoded
batches go to a ``BatchSink`` (the index writer), called from the one event loop that
owns the index. ``KVEventIngest`` runs the sockets and tasks.

Sequence rules (seq numbers count from 0 per publisher life):

- start-up: clear the endpoint, replay from 0 before reading live messages (the SUB
  socket queues them meanwhile), then skip live seqs the replay already covered;
- seq jumps forward: replay the missing range; if the publisher no longer has it (or has
  no replay socket), clear the endpoint and go on from here (``irrecoverable_gaps``);
- seq goes backwards on the live stream, a seq we already applied comes with another
  payload, or the publisher id (24-byte seq frames) changes: the publisher restarted —
  clear and rebuild by replaying from 0. A restarted publisher whose new seqs overtook
  ours before we saw any of them cannot be told from a gap by seq alone (vLLM's
  snapshot mode adds the publisher id for exactly that); the gap replay then usually
  finds the range missing and clears the endpoint anyway.

Centralized mode: the picker binds one SUB and every pod's PUB connects to it (vLLM
``endpoint`` without ``*``). Batches are attributed by the ZMQ topic, which vLLM lets each
pod set (``--kv-events-config '{"topic": ...}'``): every endpoint is registered with its
own topic, matched exactly (ZMQ's prefix filter would let ``pod-1`` see ``pod-10``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass

import zmq
import zmq.asyncio

from kinference_epp.kvcache.events import DecodedBatch, EventDecodeError, decode_batch
from kinference_epp.kvcache.replay import Frame, FrameError, parse_pub, request_replay
from kinference_epp.kvcache.writer import BatchSink
from kinference_epp.pool.endpoint import EndpointKey

log = logging.getLogger(__name__)

_RECENT = 4096


@dataclass(slots=True)
class EndpointKVStatus:
    """Health of one endpoint's event stream, for metrics and the approximate fallback."""

    endpoint: EndpointKey
    synced: bool = False
    """True when the index holds everything since the publisher's seq 0 (or last clear)."""
    last_event_at: float | None = None
    """``time.monotonic()`` of the last batch applied."""
    last_seq: int | None = None
    batches: int = 0
    events: int = 0
    replays: int = 0
    replay_failures: int = 0
    irrecoverable_gaps: int = 0
    restarts: int = 0
    duplicates: int = 0
    decode_errors: int = 0
    bad_frames: int = 0
    unknown_events: int = 0
    malformed_events: int = 0

    def stale(self, now: float, max_age: float) -> bool:
        """No batch for ``max_age`` seconds (an idle vLLM sends nothing: the caller decides)."""
        return self.last_event_at is None or now - self.last_event_at > max_age

    @property
    def healthy(self) -> bool:
        """Precise routing can trust this endpoint's entries."""
        return self.synced


class EventStream:
    """One endpoint's sequence state machine; feeds batches to the sink in order."""

    def __init__(
        self,
        endpoint: EndpointKey,
        model: str,
        sink: BatchSink,
        *,
        replay: str | None = None,
        ctx: zmq.asyncio.Context | None = None,
        replay_timeout: float = 2.0,
    ) -> None:
        self.endpoint = endpoint
        self.model = model
        self.sink = sink
        self.replay_address = replay
        self.ctx = ctx
        self.replay_timeout = replay_timeout
        self.status = EndpointKVStatus(endpoint)
        self.expected: int | None = None
        """The next seq to apply; None until we know where the stream is."""
        self._last_live: int | None = None
        self._publisher_id: bytes | None = None
        self._started = False
        self._recent: OrderedDict[int, int] = OrderedDict()
        """Payload hashes of the last applied seqs: tells a replay overlap from a restart."""

    async def start(self) -> None:
        """Forget the endpoint's state and rebuild it from the publisher's buffer."""
        self._started = True
        self.sink.reset(self.endpoint)
        self.expected = None
        self._last_live = None
        self._recent.clear()
        if self.replay_address is not None:
            self.expected = 0
            self.status.synced = True
            if not await self._replay_from(0):
                self.expected = None
                self.status.synced = False

    async def on_frames(self, frames: list[bytes]) -> None:
        """One raw PUB message; never raises on garbage (it is counted)."""
        try:
            frame = parse_pub(frames)
        except FrameError:
            self.status.bad_frames += 1
            return
        await self.on_frame(frame)

    async def on_frame(self, frame: Frame) -> None:
        """One live batch (starts the stream first if nobody did)."""
        if not self._started:
            await self.start()
        seq, st = frame.seq, self.status
        restarted = self._last_live is not None and seq <= self._last_live
        if not restarted and self.expected is not None and seq < self.expected:
            # a replay overlap repeats a batch we applied; anything else is a new life
            restarted = self._recent.get(seq) != hash(frame.payload)
        if self._publisher_id is not None and frame.publisher_id != self._publisher_id:
            restarted = True
        self._publisher_id = frame.publisher_id
        if restarted:
            st.restarts += 1
            log.info("kv events of %s: publisher restarted (seq %d)", self.endpoint, seq)
            await self.start()
        self._last_live = seq
        if self.expected is None:
            st.synced = seq == 0
            self.expected = seq
        if seq > self.expected and self.replay_address is not None:
            await self._replay_from(self.expected)
        if seq < self.expected:
            st.duplicates += 1
            return
        if seq > self.expected:
            self._lost(seq)
        self._apply(seq, frame.payload)

    async def _replay_from(self, start: int) -> bool:
        st = self.status
        if self.ctx is None or self.replay_address is None:
            return False
        frames = await request_replay(self.ctx, self.replay_address, start, self.replay_timeout)
        if frames is None:
            st.replay_failures += 1
            return False
        st.replays += 1
        for f in frames:
            assert self.expected is not None
            if f.seq < self.expected:
                continue
            if f.seq > self.expected:
                self._lost(f.seq)
            self._apply(f.seq, f.payload)
        return True

    def _lost(self, seq: int) -> None:
        """Batches before ``seq`` are gone for good: clear, and continue from ``seq``."""
        log.warning(
            "kv events of %s: batches %s..%d lost; clearing", self.endpoint, self.expected, seq - 1
        )
        self.status.irrecoverable_gaps += 1
        self.status.synced = False
        self.sink.reset(self.endpoint)
        self.expected = seq

    def _apply(self, seq: int, payload: bytes) -> None:
        st = self.status
        self.expected = seq + 1
        st.last_seq = seq
        self._recent[seq] = hash(payload)
        if len(self._recent) > _RECENT:
            self._recent.popitem(last=False)
        try:
            batch = decode_batch(payload)
        except EventDecodeError:
            st.decode_errors += 1
            return
        self._deliver(batch)
        st.batches += 1
        st.events += batch.n_events
        st.unknown_events += batch.unknown
        st.malformed_events += batch.malformed
        st.last_event_at = time.monotonic()

    def _deliver(self, batch: DecodedBatch) -> None:
        try:
            self.sink.apply(self.endpoint, self.model, batch)
        except Exception:  # a bug in the sink must not kill the stream
            log.exception("kv events of %s: applying a batch failed", self.endpoint)
            self.status.malformed_events += batch.n_events


class KVEventIngest:
    """Runs one SUB task per endpoint (or one bound SUB in centralized mode)."""

    def __init__(
        self,
        sink: BatchSink,
        *,
        ctx: zmq.asyncio.Context | None = None,
        replay_timeout: float = 2.0,
        centralized_bind: str | None = None,
    ) -> None:
        self.sink = sink
        self._own_ctx = ctx is None
        self.ctx = ctx or zmq.asyncio.Context()
        self.replay_timeout = replay_timeout
        self._streams: dict[EndpointKey, EventStream] = {}
        self._tasks: dict[EndpointKey, asyncio.Task[None]] = {}
        self._by_topic: dict[bytes, EventStream] = {}
        self.unknown_topic = 0
        self.central_endpoint: str | None = None
        self._central: zmq.asyncio.Socket | None = None
        self._central_task: asyncio.Task[None] | None = None
        if centralized_bind is not None:
            sock = self.ctx.socket(zmq.SUB)
            sock.setsockopt(zmq.LINGER, 0)
            sock.setsockopt(zmq.SUBSCRIBE, b"")
            sock.bind(centralized_bind)
            self.central_endpoint = sock.getsockopt_string(zmq.LAST_ENDPOINT)
            self._central = sock
            self._central_task = asyncio.get_running_loop().create_task(self._run_central(sock))

    def add(
        self,
        endpoint: EndpointKey,
        model: str,
        *,
        events: str | None = None,
        replay: str | None = None,
        topic: str = "",
    ) -> EventStream:
        """Start following an endpoint (idempotent per key).

        Per-endpoint mode connects a SUB to ``events`` (topic prefix ``topic``).
        Centralized mode (no ``events``) routes batches whose topic equals ``topic``.
        """
        if endpoint in self._streams:
            return self._streams[endpoint]
        stream = EventStream(
            endpoint,
            model,
            self.sink,
            replay=replay,
            ctx=self.ctx,
            replay_timeout=self.replay_timeout,
        )
        self._streams[endpoint] = stream
        loop = asyncio.get_running_loop()
        if events is not None:
            self._tasks[endpoint] = loop.create_task(self._run_endpoint(stream, events, topic))
        else:
            if self._central is None:
                raise ValueError("no events address and no centralized socket")
            # the central loop starts the stream on its first batch: one reader, no race
            self._by_topic[topic.encode()] = stream
            self.sink.reset(endpoint)
        return stream

    async def remove(self, endpoint: EndpointKey) -> None:
        """Stop following an endpoint and drop its blocks from the index."""
        stream = self._streams.pop(endpoint, None)
        if stream is None:
            return
        self._by_topic = {t: s for t, s in self._by_topic.items() if s is not stream}
        task = self._tasks.pop(endpoint, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.sink.remove(endpoint)

    def status(self, endpoint: EndpointKey) -> EndpointKVStatus | None:
        stream = self._streams.get(endpoint)
        return None if stream is None else stream.status

    def statuses(self) -> dict[EndpointKey, EndpointKVStatus]:
        return {k: s.status for k, s in self._streams.items()}

    async def close(self) -> None:
        """Cancel every task and close every socket (idempotent)."""
        for key in list(self._streams):
            await self.remove(key)
        if self._central_task is not None:
            self._central_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._central_task
            self._central_task = None
        if self._central is not None:
            self._central.close(linger=0)
            self._central = None
        if self._own_ctx:
            self.ctx.destroy(linger=0)

    async def _run_endpoint(self, stream: EventStream, address: str, topic: str) -> None:
        sock = self.ctx.socket(zmq.SUB)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.RCVHWM, 0)
        sock.setsockopt(zmq.SUBSCRIBE, topic.encode())
        try:
            sock.connect(address)
            await stream.start()
            while True:
                frames = await sock.recv_multipart()
                await self._guarded(stream, frames)
        finally:
            sock.close(linger=0)

    async def _run_central(self, sock: zmq.asyncio.Socket) -> None:
        while True:
            frames = await sock.recv_multipart()
            stream = self._by_topic.get(frames[0]) if len(frames) == 3 else None
            if stream is None:
                self.unknown_topic += 1
                continue
            await self._guarded(stream, frames)

    @staticmethod
    async def _guarded(stream: EventStream, frames: list[bytes]) -> None:
        try:
            await stream.on_frames(frames)
        except (zmq.ZMQError, ValueError, TypeError):
            log.exception("kv events of %s: message skipped", stream.endpoint)
            stream.status.bad_frames += 1
