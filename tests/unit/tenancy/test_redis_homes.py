"""Response homes shared through the limit store's Redis: a continuation routed by another
replica goes to the pod that stored its response (a real redis-server)."""

from __future__ import annotations

import json
import uuid

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.edge.driver import answer_of
from kinference_epp.pipeline.response_homes import Home, ResponseHomes
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import Await, RequestState, RoutingDecision
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.redis_homes import RedisHomes
from kinference_epp.tenancy.redis_store import connect
from redis_server import RedisServer

MODEL = "m"
PODS = [f"10.0.0.{i}:8000" for i in range(1, 5)]


def replica(homes: ResponseHomes, seed: int) -> Pipeline:
    ds = PoolDatastore.from_config(
        PoolConfig(name="pool", endpoints=[EndpointConfig(address=p, models=[MODEL]) for p in PODS])
    )
    return build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=Scheduler(SchedulerConfig(router="random", seed=seed), ds),
            metrics=PickerMetrics(),
            policies=PolicyStore(),
            pool_name="pool",
            tenant_header="x-tenant",
            response_homes=homes,
        )
    )


def state(body: dict[str, object]) -> RequestState:
    return RequestState(
        headers={":path": "/v1/responses", ":method": "POST"},
        body=json.dumps({"model": MODEL, **body}).encode(),
    )


async def test_a_continuation_on_another_replica_finds_the_pod(redis_server: RedisServer) -> None:
    prefix = f"homes-{uuid.uuid4().hex[:8]}"
    client_a, client_b = (connect(redis_server.url, timeout_s=1.0) for _ in range(2))
    try:
        await continued_elsewhere(
            RedisHomes(client_a, prefix=prefix, timeout_s=1.0),
            RedisHomes(client_b, prefix=prefix, timeout_s=1.0),
        )
    finally:
        await client_a.aclose()
        await client_b.aclose()


async def continued_elsewhere(shared_a: RedisHomes, shared_b: RedisHomes) -> None:
    homes_a = ResponseHomes(shared=shared_a)
    a = replica(homes_a, seed=1)
    b = replica(ResponseHomes(shared=shared_b), seed=2)
    first = a.run(state({"input": "hi"}))
    assert isinstance(first, RoutingDecision)
    previous = "resp_" + first.request_id
    homes_a.settled(previous, 300)  # the access log reached replica a
    await shared_a.flush()
    assert await shared_b.get(previous) == (first.endpoints[0], 300)
    for _ in range(10):
        s = state({"input": "more", "previous_response_id": previous})
        out = b.run(s)
        if isinstance(out, Await):  # the first time: b asks Redis, through the shell
            assert out.reason == "response store"
            s.answer = await answer_of(out)
            out = b.run(s)
        assert isinstance(out, RoutingDecision)
        assert out.endpoints == (first.endpoints[0],)


async def test_an_unreachable_redis_loses_nothing_but_sharing() -> None:
    client = connect("redis://127.0.0.1:1/0", timeout_s=0.2)
    try:
        await unreachable(RedisHomes(client, prefix="x", timeout_s=0.2))
    finally:
        await client.aclose()


async def unreachable(dead: RedisHomes) -> None:
    dead.put("resp_1", EndpointKey(PODS[0]), 60.0)
    await dead.flush()
    assert await dead.get("resp_1") is None
    homes = ResponseHomes(shared=dead)
    homes.remember("resp_2", EndpointKey(PODS[1]))
    homes.settled("resp_2", 40)
    # this replica still knows its own picks
    assert homes.home("resp_2") == Home(EndpointKey(PODS[1]), 40)
    await dead.flush()
