"""Simulated pods over real sockets: OpenAI HTTP, /metrics, ZMQ KV events and replay.

Waits are bounded polls (never timed assertions), so a loaded machine only slows them.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import msgspec
import pytest
import zmq
import zmq.asyncio
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.sim.events import END_SEQ, BlockStored, encode_batch, encode_seq
from kinference_epp.sim.publisher import ZmqEventPublisher
from kinference_epp.sim.runner import (
    PodAddress,
    SimCluster,
    build_parser,
    ephemeral_specs,
    run_pods,
    specs_from_args,
    start_pods,
)
from kinference_epp.sim.server import PodSpec
from kinference_epp.tokenize.approx import ApproxTokenizer
from waits import eventually

pytestmark = pytest.mark.integration

MODEL = "sim-model"
ADAPTER = "sim-lora"


@pytest.fixture
async def cluster() -> AsyncIterator[SimCluster]:
    spec = PodSpec(models=(MODEL, ADAPTER), time_scale=0.01, num_gpu_blocks=512, encoding="map")
    async with await start_pods(ephemeral_specs(1, spec)) as c:
        yield c


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as s:
        yield s


def chat(content: str, **extra: Any) -> dict[str, Any]:
    return {"model": MODEL, "messages": [{"role": "user", "content": content}], **extra}


async def metrics(http: aiohttp.ClientSession, pod: PodAddress) -> dict[str, float]:
    async with http.get(pod.http_url + "/metrics") as r:
        text = await r.text()
    return {
        s.name: s.value
        for fam in text_string_to_metric_families(text)
        for s in fam.samples
        if not s.name.endswith(("_bucket", "_created"))
    }


async def replay_all(ctx: zmq.asyncio.Context, endpoint: str, start: int = 0) -> list[list[bytes]]:
    dealer = ctx.socket(zmq.DEALER)
    dealer.setsockopt(zmq.LINGER, 0)
    dealer.connect(endpoint)
    try:
        await dealer.send_multipart([b"", encode_seq(start)])
        got: list[list[bytes]] = []
        while True:
            assert await dealer.poll(10_000), "no replay answer"
            frames = await dealer.recv_multipart()
            if frames[-2] == END_SEQ:
                return got
            got.append(frames)
    finally:
        dealer.close(linger=0)


async def test_chat_non_stream_then_prefix_hit(
    cluster: SimCluster, http: aiohttp.ClientSession
) -> None:
    pod = cluster.addresses[0]
    body = chat("tell me about caches " * 20, max_tokens=6)
    async with http.post(pod.http_url + "/v1/chat/completions", json=body) as r:
        assert r.status == 200
        first = await r.json()
    assert first["object"] == "chat.completion"
    assert first["choices"][0]["finish_reason"] == "length"
    usage = first["usage"]
    assert usage["completion_tokens"] == 6
    assert usage["total_tokens"] == usage["prompt_tokens"] + 6
    assert usage["prompt_tokens_details"]["cached_tokens"] == 0
    async with http.post(pod.http_url + "/v1/chat/completions", json=body) as r:
        second = await r.json()
    cached = second["usage"]["prompt_tokens_details"]["cached_tokens"]
    assert cached == (usage["prompt_tokens"] - 1) // 16 * 16 > 0
    assert second["choices"][0]["message"]["content"]  # deterministic text, non-empty


async def test_completions_stream_with_usage(
    cluster: SimCluster, http: aiohttp.ClientSession
) -> None:
    pod = cluster.addresses[0]
    body = {"model": MODEL, "prompt": "once upon a time", "max_tokens": 4, "stream": True,
            "stream_options": {"include_usage": True}}  # fmt: skip
    async with http.post(pod.http_url + "/v1/completions", json=body) as r:
        assert r.status == 200
        assert r.headers["Content-Type"].startswith("text/event-stream")
        raw = (await r.read()).decode()
    events = [e.removeprefix("data: ") for e in raw.split("\n\n") if e]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    texts = [c["choices"][0]["text"] for c in chunks if c["choices"]]
    assert len([t for t in texts if t]) == 4
    assert chunks[-2]["choices"][0]["finish_reason"] == "length"
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"]["completion_tokens"] == 4
    assert chunks[-1]["usage"]["prompt_tokens"] == len(ApproxTokenizer().encode("once upon a time"))
    assert all(c["object"] == "text_completion" for c in chunks)


async def test_chat_stream_shape_without_usage(
    cluster: SimCluster, http: aiohttp.ClientSession
) -> None:
    pod = cluster.addresses[0]
    body = chat("hi", stream=True, max_tokens=3)
    body["model"] = ADAPTER
    async with http.post(pod.http_url + "/v1/chat/completions", json=body) as r:
        raw = (await r.read()).decode()
    chunks = [
        json.loads(e.removeprefix("data: ")) for e in raw.split("\n\n") if e and "[DONE]" not in e
    ]
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert all("usage" not in c for c in chunks)
    assert sum(1 for c in chunks if c["choices"][0]["delta"].get("content")) == 3
    assert chunks[-1]["model"] == ADAPTER


async def test_errors_are_openai_shaped(cluster: SimCluster, http: aiohttp.ClientSession) -> None:
    pod = cluster.addresses[0]
    async with http.post(
        pod.http_url + "/v1/chat/completions", json=chat("x") | {"model": "nope"}
    ) as r:
        assert r.status == 404
        err = (await r.json())["error"]
        assert set(err) >= {"message", "type", "code"}
        assert err["code"] == 404
    async with http.post(pod.http_url + "/v1/completions", data=b"{not json") as r:
        assert r.status == 400
        assert (await r.json())["error"]["code"] == 400
    async with http.post(pod.http_url + "/v1/completions", json={"model": MODEL}) as r:
        assert r.status == 400


async def test_models_health_and_metrics(cluster: SimCluster, http: aiohttp.ClientSession) -> None:
    pod = cluster.addresses[0]
    async with http.get(pod.http_url + "/health") as r:
        assert r.status == 200
    async with http.get(pod.http_url + "/v1/models") as r:
        models = (await r.json())["data"]
    assert [m["id"] for m in models] == [MODEL, ADAPTER]
    assert models[1]["parent"] == MODEL
    async with http.post(
        pod.http_url + "/v1/chat/completions", json=chat("abc", max_tokens=3)
    ) as r:
        assert r.status == 200
    async with http.get(pod.http_url + "/metrics") as r:
        text = await r.text()
    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name in ("vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc",
                 "vllm:prefix_cache_queries", "vllm:prefix_cache_hits", "vllm:prompt_tokens",
                 "vllm:generation_tokens", "vllm:num_preemptions", "vllm:time_to_first_token_seconds",
                 "vllm:inter_token_latency_seconds", "vllm:e2e_request_latency_seconds",
                 "vllm:cache_config_info", "vllm:lora_requests_info"):  # fmt: skip
        assert name in families, name
    running = families["vllm:num_requests_running"].samples[0]
    assert running.labels == {"model_name": MODEL, "engine": "0"}
    assert families["vllm:cache_config_info"].samples[0].labels["block_size"] == "16"
    assert families["vllm:cache_config_info"].samples[0].labels["num_gpu_blocks"] == "512"
    assert families["vllm:lora_requests_info"].samples[0].labels["max_lora"] == "1"
    values = await metrics(http, pod)
    assert values["vllm:generation_tokens_total"] == 3
    assert values["vllm:time_to_first_token_seconds_count"] == 1
    assert values["vllm:inter_token_latency_seconds_count"] == 2


async def test_kv_events_replay_matches_the_prompt(
    cluster: SimCluster, http: aiohttp.ClientSession
) -> None:
    pod = cluster.addresses[0]
    assert pod.replay_endpoint is not None
    body = {"model": MODEL, "prompt": list(range(1000, 1040)), "max_tokens": 2}
    async with http.post(pod.http_url + "/v1/completions", json=body) as r:
        assert r.status == 200
        await r.read()
    ctx = zmq.asyncio.Context()
    try:
        frames = await replay_all(ctx, pod.replay_endpoint)
    finally:
        ctx.destroy(linger=0)
    assert frames, "the request produced no event batch"
    assert all(f[0] == b"" for f in frames)
    assert all(f[1] == b"kv-events" for f in frames)
    assert [int.from_bytes(f[2], "big") for f in frames] == list(range(len(frames)))
    stored = []
    for f in frames:
        ts, events, rank = msgspec.msgpack.decode(f[3])
        assert rank == 0
        assert ts > 0
        stored += [e for e in events if e["type"] == "BlockStored"]
    assert stored[0]["token_ids"] == list(range(1000, 1032))
    assert stored[0]["parent_block_hash"] is None
    assert stored[0]["lora_name"] is None


async def test_client_disconnect_aborts_the_request(
    cluster: SimCluster, http: aiohttp.ClientSession
) -> None:
    pod = cluster.addresses[0]
    body = chat("a long answer please", stream=True, max_tokens=5000)
    resp = await http.post(pod.http_url + "/v1/chat/completions", json=body)
    await resp.content.readline()  # the stream started
    resp.close()

    async def released() -> bool:
        values = await metrics(http, pod)
        return values["vllm:num_requests_running"] == 0 and values["vllm:kv_cache_usage_perc"] == 0

    await eventually(released, what="the abandoned request to stop and free its blocks")


async def test_publisher_pub_sub_and_replay_over_zmq() -> None:
    ctx = zmq.asyncio.Context()
    pub = ZmqEventPublisher(ctx, "tcp://127.0.0.1:*", "tcp://127.0.0.1:*", topic="t")
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"t")
    sub.connect(pub.pub_endpoint)
    try:
        payload = encode_batch([BlockStored([1], None, [1, 2, 3, 4], 4)], 1.0, "array")

        async def publish_and_receive() -> list[bytes] | None:
            await pub.publish(payload)
            return await sub.recv_multipart() if await sub.poll(50) else None

        # PUB drops messages until the subscription has propagated: publish until one lands.
        first = await eventually(publish_and_receive, what="the subscriber to connect")
        assert first[0] == b"t"
        assert first[2] == payload
        seq = int.from_bytes(first[1], "big")
        await pub.publish(b"next")
        assert await sub.poll(10_000)
        nxt = await sub.recv_multipart()
        assert int.from_bytes(nxt[1], "big") == seq + 1
        assert nxt[2] == b"next"
        assert pub.replay_endpoint is not None
        replayed = await replay_all(ctx, pub.replay_endpoint, start=seq)
        assert [(f[1], int.from_bytes(f[2], "big"), f[3]) for f in replayed][-2:] == [
            (b"t", seq, payload),
            (b"t", seq + 1, b"next"),
        ]
    finally:
        sub.close(linger=0)
        await pub.close()
        ctx.destroy(linger=0)


async def test_run_pods_stops_on_event_and_cli_specs() -> None:
    args = build_parser().parse_args(["--pods", "2", "--base-port", "0", "--zmq-base-port", "0",
                                      "--model", "m", "--encoding", "array", "--time-scale", "0.1"])  # fmt: skip
    specs = specs_from_args(args)
    assert [s.seed for s in specs] == [0, 1]
    assert specs[1].encoding == "array"
    fixed = specs_from_args(build_parser().parse_args(["--pods", "2"]))
    assert [(s.http_port, s.zmq_pub_port, s.replay_port) for s in fixed] == [
        (8001, 5557, 5558),
        (8002, 5559, 5560),
    ]
    stop = asyncio.Event()
    seen: list[PodAddress] = []

    def started(addresses: list[PodAddress]) -> None:
        seen.extend(addresses)
        stop.set()

    async with asyncio.timeout(30):
        await run_pods(specs, stop=stop, on_started=started)
    assert len(seen) == 2
    assert all(a.http_url.startswith("http://127.0.0.1:") for a in seen)


async def test_fault_hooks_hang_metrics_and_lose_a_kv_batch_kept_for_replay(
    http: aiohttp.ClientSession,
) -> None:
    spec = PodSpec(models=(MODEL,), time_scale=0.01, fault_hooks=True)
    async with await start_pods(ephemeral_specs(1, spec)) as c:
        pod = c.pods[0]
        url = c.addresses[0].http_url
        assert pod.publisher is not None
        async with http.post(url + "/sim/faults", json={"metrics_hang_s": 30}) as r:
            assert r.status == 200
        with pytest.raises(TimeoutError):
            async with http.get(url + "/metrics", timeout=aiohttp.ClientTimeout(total=0.5)):
                pass
        sub = c._ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(c.addresses[0].kv_events_endpoint)
        try:

            async def probe() -> list[bytes] | None:
                await pod.publisher.publish(b"probe")  # type: ignore[union-attr]
                return await sub.recv_multipart() if await sub.poll(50) else None

            await eventually(probe, what="the subscriber to connect")
            while await sub.poll(50):  # probes still on the way
                await sub.recv_multipart()
            async with http.post(url + "/sim/faults", json={"drop_kv_batches": 1}) as r:
                assert await r.json() == {"metrics_hang_s": 0.0, "drop_kv_batches": 1}
            assert pod.publisher.drop_next == 1
            await pod.publisher.publish(b"lost")
            await pod.publisher.publish(b"kept")
            assert await sub.poll(10_000)
            frames = await sub.recv_multipart()
            assert frames[2] == b"kept"
            assert int.from_bytes(frames[1], "big") == pod.publisher.log.next_seq - 1
        finally:
            sub.close(linger=0)
        assert pod.publisher.drop_next == 0
        assert c.addresses[0].replay_endpoint is not None
        replayed = [f[3] for f in await replay_all(c._ctx, c.addresses[0].replay_endpoint)]
        assert replayed[-2:] == [b"lost", b"kept"]
    async with await start_pods(ephemeral_specs(1, PodSpec(models=(MODEL,)))) as plain:
        faults_url = plain.addresses[0].http_url + "/sim/faults"
        async with http.post(faults_url, json={}) as r:
            assert r.status == 404
