"""KV-event ingestion over real ZMQ: the sim's publisher and cache, our subscriber and index.

Waits are for conditions up to a deadline (``eventually``), never timed assertions.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import numpy as np
import pytest
import zmq
import zmq.asyncio

from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.subscriber import KVEventIngest
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.events import encode_batch
from kinference_epp.sim.kvcache import KVCache, KVCacheSeq
from kinference_epp.sim.publisher import ZmqEventPublisher
from kinference_epp.sim.runner import start_ephemeral
from waits import eventually

pytestmark = pytest.mark.integration

MODEL = "sim-model"
POD = EndpointKey("127.0.0.1:8000")
BS = 16


class Pod:
    """A sim KVCache publishing through the sim's ZmqEventPublisher."""

    def __init__(self, ctx: zmq.asyncio.Context, cache: KVCache, encoding: str = "map") -> None:
        self.ctx, self.cache, self.encoding = ctx, cache, encoding
        self.pub = ZmqEventPublisher(ctx, "tcp://127.0.0.1:0", "tcp://127.0.0.1:0")

    def run(self, tokens: list[int]) -> KVCacheSeq:
        seq = KVCacheSeq(None)
        hit = self.cache.match_prefix(seq, tokens)
        assert self.cache.allocate(seq, len(tokens), hit)
        self.cache.commit(seq, tokens, len(tokens))
        self.cache.free(seq)
        return seq

    def payload(self) -> bytes:
        return encode_batch(self.cache.drain_events(), 0.0, self.encoding)  # type: ignore[arg-type]

    async def flush(self) -> None:
        await self.pub.publish(self.payload())

    def drop(self) -> None:
        """A batch the publisher buffered but the subscriber never got."""
        self.pub.log.append(self.payload())


@pytest.fixture
async def ctx() -> AsyncIterator[zmq.asyncio.Context]:
    c = zmq.asyncio.Context()
    yield c
    c.destroy(linger=0)


@pytest.fixture
async def ingest() -> AsyncIterator[tuple[KVEventIngest, BlockIndex]]:
    """The prefix index fed through real ZMQ."""
    index = BlockIndex(block_size=BS)
    ing = KVEventIngest(IndexWriter(index), replay_timeout=5.0)
    yield ing, index
    await ing.close()


def tokens(seed: int, blocks: int) -> list[int]:
    return np.random.default_rng(seed).integers(0, 50_000, blocks * BS).tolist()


def held(index: BlockIndex, toks: list[int], ep: EndpointKey = POD) -> int:
    gpu, _ = index.match(block_hashes(np.array(toks), BS, HashScope(MODEL))).for_slots(
        index.slots_for([ep])
    )
    return int(gpu[0])


@pytest.mark.parametrize("encoding", ["map", "array"])
async def test_events_replay_and_eviction(
    ctx: zmq.asyncio.Context, ingest: tuple[KVEventIngest, BlockIndex], encoding: str
) -> None:
    ing, index = ingest
    pod = Pod(ctx, KVCache(24, BS, signed_hashes=encoding == "array"), encoding)
    try:
        a = tokens(1, 8)
        pod.run(a)
        await pod.flush()  # before the subscriber exists: rebuilt by the start-up replay
        stream = ing.add(POD, MODEL, events=pod.pub.pub_endpoint, replay=pod.pub.replay_endpoint)
        await eventually(lambda: held(index, a) == 8, what="start-up replay")
        assert stream.status.synced

        b = tokens(2, 6)
        pod.run(b)
        pod.drop()  # lost on the wire
        c = a + tokens(3, 4)
        pod.run(c)
        await pod.flush()
        await eventually(lambda: held(index, b) == 6 and held(index, c) == 12, what="gap replay")
        assert stream.status.replays >= 2
        assert stream.status.irrecoverable_gaps == 0

        pod.run(tokens(4, 20))  # evicts most of a, b, c (BlockRemoved)
        await pod.flush()
        await eventually(lambda: held(index, b) < 6 and held(index, a) < 8, what="eviction")
        assert index.num_blocks(POD) == pod.cache.num_cached_blocks
    finally:
        await pod.pub.close()


async def rebind(ctx: zmq.asyncio.Context, pub: str, replay: str | None) -> ZmqEventPublisher:
    """A publisher on the addresses one just closed: ZMQ releases a closed socket's port
    asynchronously (its I/O thread), so binding at once can still find it in use."""

    def bind() -> ZmqEventPublisher | None:
        try:
            return ZmqEventPublisher(ctx, pub, replay)
        except zmq.ZMQError as exc:
            if exc.errno != zmq.EADDRINUSE:
                raise
            return None

    return await eventually(bind, what=f"{pub} to be free again", interval_s=0.05)


async def test_publisher_restart_clears_and_rebuilds(
    ctx: zmq.asyncio.Context, ingest: tuple[KVEventIngest, BlockIndex]
) -> None:
    ing, index = ingest
    pod = Pod(ctx, KVCache(64, BS))
    pub_addr = pod.pub.pub_endpoint
    stream = ing.add(POD, MODEL, events=pub_addr, replay=pod.pub.replay_endpoint)
    a = tokens(1, 4)
    for i in range(30):  # a long first life, so the second one's seqs stay below it a while
        pod.run(a + tokens(10 + i, 1))
        await pod.flush()
    await eventually(lambda: held(index, a) == 4 and stream.expected == 30, what="first life")
    await pod.pub.close()

    # the pod comes back on the same addresses with an empty cache and seq from 0
    pod2 = Pod.__new__(Pod)
    pod2.ctx, pod2.cache, pod2.encoding = ctx, KVCache(64, BS), "map"
    pod2.pub = await rebind(ctx, pub_addr, pod.pub.replay_endpoint)
    try:
        b = tokens(2, 5)
        pod2.run(b)
        await pod2.flush()  # seq 0, likely lost while the SUB reconnects (the pod keeps going)
        sent = 1

        async def restart_seen() -> bool:
            nonlocal sent
            if stream.status.restarts:
                return True
            if sent < 25:  # seqs below the old life's last (29): seen as a restart
                pod2.run(b + tokens(100 + sent, 1))
                await pod2.flush()
                sent += 1
            return False

        # A batch every 0.2 s, so the SUB's reconnection does not swallow all of them.
        await eventually(restart_seen, what="the restart", interval_s=0.2)
        await eventually(
            lambda: stream.status.restarts == 1 and held(index, b) == 5, what="restart"
        )
        assert held(index, a) == 0
        assert stream.status.synced
    finally:
        await pod2.pub.close()


async def test_gap_without_replay_is_irrecoverable(
    ctx: zmq.asyncio.Context, ingest: tuple[KVEventIngest, BlockIndex]
) -> None:
    ing, index = ingest
    pod = Pod(ctx, KVCache(64, BS))
    try:
        stream = ing.add(POD, MODEL, events=pod.pub.pub_endpoint)  # no replay address
        a = tokens(1, 3)
        await eventually(lambda: stream._started, what="subscriber start")

        async def live_batch_held() -> bool:  # slow joiner: publish until one batch gets through
            if held(index, a) == 3:
                return True
            pod.run(a)
            await pod.flush()
            return False

        await eventually(live_batch_held, what="live batch", interval_s=0.05)
        pod.run(tokens(2, 2))
        pod.drop()
        pod.run(tokens(3, 2))
        await pod.flush()
        await eventually(lambda: stream.status.irrecoverable_gaps == 1, what="gap detection")
        assert not stream.status.synced
        assert held(index, a) == 0
    finally:
        await pod.pub.close()


async def test_garbage_is_counted_not_fatal(
    ctx: zmq.asyncio.Context, ingest: tuple[KVEventIngest, BlockIndex]
) -> None:
    ing, index = ingest
    pod = Pod(ctx, KVCache(64, BS))
    try:
        stream = ing.add(POD, MODEL, events=pod.pub.pub_endpoint, replay=pod.pub.replay_endpoint)
        await pod.pub.publish(b"\xc1 not msgpack")
        a = tokens(1, 2)
        pod.run(a)
        await pod.flush()
        await eventually(lambda: held(index, a) == 2, what="batch after garbage")
        assert stream.status.decode_errors == 1
    finally:
        await pod.pub.close()


async def test_centralized_mode_attributes_by_topic(ctx: zmq.asyncio.Context) -> None:
    index = BlockIndex(block_size=BS)
    ing = KVEventIngest(IndexWriter(index), ctx=ctx, centralized_bind="tcp://127.0.0.1:0")
    pub = ctx.socket(zmq.PUB)
    try:
        assert ing.central_endpoint is not None
        pods = [EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000")]
        for i, key in enumerate(pods):
            ing.add(key, MODEL, topic=f"pod-{i}")
        pub.connect(ing.central_endpoint)  # a vLLM PUB that connects (no "*" in its endpoint)
        caches = [KVCache(64, BS), KVCache(64, BS)]
        seqs = [0, 0]
        a, b = tokens(1, 3), tokens(2, 4)

        async def send(i: int, toks: list[int]) -> None:
            s = KVCacheSeq(None)
            assert caches[i].allocate(s, len(toks))
            caches[i].commit(s, toks, len(toks))
            payload = encode_batch(caches[i].drain_events(), 0.0)
            await pub.send_multipart([f"pod-{i}".encode(), seqs[i].to_bytes(8, "big"), payload])
            seqs[i] += 1

        async def both_held() -> bool:  # slow joiner: resend until the first batches land
            if held(index, a, pods[0]) == 3 and held(index, b, pods[1]) == 4:
                return True
            await send(0, a)
            await send(1, b)
            return False

        await eventually(both_held, what="the centralized batches", interval_s=0.05)
        assert held(index, a, pods[1]) == 0
        assert held(index, b, pods[0]) == 0
        await pub.send_multipart([b"pod-9", (0).to_bytes(8, "big"), b""])
        await eventually(lambda: ing.unknown_topic >= 1, what="unknown topic counted")
    finally:
        pub.close(linger=0)
        await ing.close()


async def test_real_sim_pod_chat_fills_the_index(
    ingest: tuple[KVEventIngest, BlockIndex],
) -> None:
    ing, index = ingest
    async with await start_ephemeral(1) as cluster:
        (addr,) = cluster.addresses
        key = EndpointKey(addr.hostport)
        stream = ing.add(key, MODEL, events=addr.kv_events_endpoint, replay=addr.replay_endpoint)
        body = {
            "model": MODEL,
            "messages": [{"role": "user", "content": "tell me a long story " * 40}],
            "max_tokens": 4,
        }
        timeout = aiohttp.ClientTimeout(total=30)
        async with (
            aiohttp.ClientSession(timeout=timeout) as http,
            http.post(addr.http_url + "/v1/chat/completions", json=body) as r,
        ):
            assert r.status == 200
            await r.read()
        await eventually(lambda: index.num_blocks(key) > 0, what="BlockStored from a real sim pod")
        pod = cluster.pods[0]
        cache = pod.engine.kv
        await eventually(lambda: index.num_blocks(key) == cache.num_cached_blocks, what="same size")
        assert stream.status.decode_errors == 0
