"""The shared limit-store suite over the Redis store against a real redis-server, plus what
only a shared store does: several replicas on one set of buckets, a sweep by any replica."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from limit_store_suite import SUITE, StoreUnderTest, reservation, reserve, settle

from kinference_epp.tenancy.redis_store import RedisStore, connect
from kinference_epp.tenancy.store import Settlement
from redis_server import RedisServer

TIMEOUT_S = 2.0
"""Generous: these tests are about answers, not time (a busy machine must not fail them)."""


def new_store(server: RedisServer, prefix: str) -> RedisStore:
    return RedisStore(connect(server.url, timeout_s=TIMEOUT_S), prefix=prefix, timeout_s=TIMEOUT_S)


def under_test(store: RedisStore, server: RedisServer, prefix: str) -> StoreUnderTest:
    probe = connect(server.url, timeout_s=TIMEOUT_S)

    async def holds(request_id: str) -> bool:
        return bool(await probe.exists(f"{prefix}:r:{request_id}"))

    async def running(key: str) -> int:
        return int(await probe.get(f"{prefix}:c:acme:{key}") or 0)

    sut = StoreUnderTest(store, "acme", holds, running)
    sut.probe = probe  # type: ignore[attr-defined]
    return sut


@pytest.fixture
async def prefix() -> str:
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def sut(redis_server: RedisServer, prefix: str) -> AsyncIterator[StoreUnderTest]:
    store = new_store(redis_server, prefix)
    await store.start()
    s = under_test(store, redis_server, prefix)
    yield s
    await store.close()
    await s.probe.aclose()  # type: ignore[attr-defined]


@pytest.mark.parametrize("case", SUITE, ids=lambda c: c.__name__)
async def test_redis_store(
    case: Callable[[StoreUnderTest], Awaitable[None]], sut: StoreUnderTest
) -> None:
    await case(sut)


async def test_replicas_share_the_buckets(redis_server: RedisServer, prefix: str) -> None:
    a, b = new_store(redis_server, prefix), new_store(redis_server, prefix)
    await a.start()
    await b.start()
    try:
        assert a.replicas == 1
        assert b.replicas == 2
        await a.beat()
        assert a.replicas == 2
        sa, sb = under_test(a, redis_server, prefix), under_test(b, redis_server, prefix)
        assert (await reserve(sa, reservation(sa, "x0"))).allowed
        assert (await reserve(sb, reservation(sb, "x1"))).allowed
        assert (await reserve(sa, reservation(sa, "x2"))).allowed
        assert not (await reserve(sb, reservation(sb, "x3"))).allowed  # 6000 a minute in all
        # a record reaching the other replica settles the reservation all the same
        await settle(sb, Settlement("x0", 200, prompt_tokens=0, completion_tokens=0))
        assert not await sa.holds("x0")
        assert (await reserve(sa, reservation(sa, "x3"))).allowed
        for s in (sa, sb):
            await s.probe.aclose()  # type: ignore[attr-defined]
    finally:
        await a.close()
        await b.close()


async def test_a_reservation_is_swept_once(redis_server: RedisServer, prefix: str) -> None:
    a, b = new_store(redis_server, prefix), new_store(redis_server, prefix)
    try:
        sa = under_test(a, redis_server, prefix)
        assert (await reserve(sa, reservation(sa, "gone", ttl_s=0.0))).allowed
        swept = [r.request_id for r in await a.sweep()] + [r.request_id for r in await b.sweep()]
        assert swept == ["gone"]
        await sa.probe.aclose()  # type: ignore[attr-defined]
    finally:
        await a.close()
        await b.close()


async def test_concurrent_admissions_share_a_round_trip_and_stay_exact(
    sut: StoreUnderTest,
) -> None:
    """Admissions of one loop iteration go in one pipeline; each is still checked alone."""
    reservations = [reservation(sut, f"p{i}", prompt=100, output=100) for i in range(50)]
    verdicts = await asyncio.gather(*(reserve(sut, r) for r in reservations))
    assert sum(v.allowed for v in verdicts) == 30  # 200 each of 6000 total
    assert all(not v.degraded for v in verdicts)
