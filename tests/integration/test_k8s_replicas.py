"""Several picker replicas fed by the same pods route alike, with no leader.

Three simulated vLLM pods listen on their own loopback addresses (127.0.0.2-4) with the same
ports, as pods do in a cluster; the list/watch test server lists them in an InferencePool.
Two pickers each discover the pods through the real kubernetes-asyncio client and subscribe to
every pod's KV events; their prefix indexes must agree (each prompt cached on the pod that
computed it, nowhere else), and a third picker started later (a restarted replica) must rebuild
the same index by replay. Routing on that index is checked too, once the scheduler reads it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from k8s_fake.cluster import Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool, pod
from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.app import App
from kinference_epp.config.model import EppConfig, PoolConfig, SchedulerConfig, ServerConfig
from kinference_epp.gateway.process import free_port
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.pipeline.state import RequestState, RoutingDecision
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.runner import SimCluster, start_pods
from kinference_epp.sim.server import PodSpec

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

MODEL = "qwen3-0.6b"
HOSTS = ("127.0.0.2", "127.0.0.3", "127.0.0.4")


def chat(i: int) -> dict[str, object]:
    words = " ".join(f"topic{i}-word{j}" for j in range(300))
    return {"model": MODEL, "messages": [{"role": "user", "content": words}], "max_tokens": 2}


@contextlib.asynccontextmanager
async def sim_pods() -> AsyncIterator[tuple[SimCluster, int, int, int]]:
    http, pub, replay = free_port(), free_port(), free_port()
    specs = [
        PodSpec(
            name=f"vllm-{i}",
            host=host,
            http_port=http,
            zmq_pub_port=pub,
            replay_port=replay,
            models=(MODEL,),
            time_scale=0.02,
            seed=i,
        )
        for i, host in enumerate(HOSTS)
    ]
    sims = await start_pods(specs)
    try:
        yield sims, http, pub, replay
    finally:
        await sims.close()


def picker_config() -> EppConfig:
    return EppConfig(
        pool=PoolConfig(name="vllm-pool"),
        scheduler=SchedulerConfig(seed=7),
        server=ServerConfig(host="127.0.0.1", grpc_port=0, health_port=0, metrics_port=0),
    )


@contextlib.asynccontextmanager
async def replica(k8s: Cluster, http: int, pub: int, replay: int) -> AsyncIterator[App]:
    """A picker whose datastore is fed by pool discovery, as in a cluster."""
    picker = App(picker_config())
    await picker.start()
    config = k8s_config(
        kv_events={"port": pub, "replay_port": replay}, metrics={"port": http}, policies=False
    )
    source = KubernetesSource(config, picker.datastore, api=k8s.api)
    await source.start()
    try:
        assert await source.wait_synced(10.0)
        yield picker
    finally:
        await source.stop()
        await picker.stop(1.0)


def pick(picker: App, body: dict[str, object], request_id: str) -> EndpointKey:
    state = RequestState(
        headers={
            ":path": "/v1/chat/completions",
            ":method": "POST",
            "content-type": "application/json",
            "x-request-id": request_id,
        },
        body=json.dumps(body).encode(),
    )
    decision = picker.pipeline.run(state)
    assert isinstance(decision, RoutingDecision)
    return decision.endpoints[0]


def all_synced(picker: App, keys: list[EndpointKey]) -> bool:
    statuses = [picker.kv_feed.status(k) for k in keys]
    return all(s is not None and s.synced for s in statuses) and all(
        picker.kv_feed.is_precise(k) for k in keys
    )


def cached_blocks(picker: App, i: int) -> list[int]:
    """Blocks of prompt ``i`` the picker's index holds, per pod (in ``HOSTS`` order)."""
    request = parse_request(ApiKind.CHAT, json.dumps(chat(i)).encode())
    _, hashes = picker.hasher.hash(request)
    index = picker.prefix_index
    keys = [ep.key for ep in sorted(picker.datastore.endpoints(), key=lambda e: e.key)]
    return [int(index.match(hashes).for_slots(index.slots_for([k]))[0][0]) for k in keys]


def cache_map(picker: App) -> list[list[int]]:
    return [cached_blocks(picker, i) for i in range(len(HOSTS))]


def each_prompt_on_its_pod(picker: App) -> bool:
    """Prompt i is fully cached on pod i and nowhere else."""
    table = cache_map(picker)
    return all(
        row[i] > 0 and all(n == 0 for j, n in enumerate(row) if j != i)
        for i, row in enumerate(table)
    )


async def warm_pods(http: int) -> None:
    """Each pod computes (and caches) its own prompt."""
    async with aiohttp.ClientSession() as session:
        for i, host in enumerate(HOSTS):
            url = f"http://{host}:{http}/v1/chat/completions"
            async with session.post(url, json=chat(i)) as resp:
                assert resp.status == 200, await resp.text()


def setup_pool(k8s: Cluster, http: int) -> list[EndpointKey]:
    k8s.server.create(inference_pool("vllm-pool", ports=(http,)))
    for i, host in enumerate(HOSTS):
        k8s.server.create(pod(f"vllm-{i}", host, port=http, args=["--model", MODEL]))
    return [EndpointKey(f"{host}:{http}") for host in HOSTS]


async def test_replicas_build_the_same_index_and_a_restarted_one_catches_up(
    tmp_path: Path,
) -> None:
    async with sim_pods() as (_sims, http, pub, replay), cluster(tmp_path) as k8s:
        keys = setup_pool(k8s, http)
        async with replica(k8s, http, pub, replay) as a, replica(k8s, http, pub, replay) as b:
            for picker in (a, b):
                assert sorted(ep.key for ep in picker.datastore.endpoints()) == keys
                assert all(ep.base_model == MODEL for ep in picker.datastore.endpoints())
            await warm_pods(http)
            await eventually(lambda: all_synced(a, keys) and all_synced(b, keys), what="KV sync")
            await eventually(
                lambda: each_prompt_on_its_pod(a) and each_prompt_on_its_pod(b),
                what="both indexes holding each prompt on its pod",
            )
            assert cache_map(a) == cache_map(b)

            # A replica that starts now (a restart) rebuilds the index from the pods' replay.
            async with replica(k8s, http, pub, replay) as c:
                await eventually(lambda: all_synced(c, keys), what="the new replica's KV sync")
                await eventually(lambda: each_prompt_on_its_pod(c), what="the replayed index")
                assert cache_map(c) == cache_map(a)
                for key in keys:
                    assert c.prefix_index.num_blocks(key) == a.prefix_index.num_blocks(key)


async def test_replicas_route_each_prompt_to_the_pod_that_cached_it(tmp_path: Path) -> None:
    async with sim_pods() as (_sims, http, pub, replay), cluster(tmp_path) as k8s:
        keys = setup_pool(k8s, http)
        async with replica(k8s, http, pub, replay) as a, replica(k8s, http, pub, replay) as b:
            await warm_pods(http)
            await eventually(
                lambda: each_prompt_on_its_pod(a) and each_prompt_on_its_pod(b), what="indexes"
            )
            for i in range(len(HOSTS)):
                assert pick(a, chat(i), f"a-{i}") == pick(b, chat(i), f"b-{i}") == keys[i]
