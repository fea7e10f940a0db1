"""The Redis store while its redis-server is down or hung (the real one, stopped and restarted
by the test): every admission gets a verdict (the fallback's once the store's timeout fires),
the breaker opens and closes once per outage and then answers without a round trip, and each
tenant is admitted by its fail mode meanwhile."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator

import msgspec
import pytest
from limit_store_suite import StoreUnderTest, reservation, reserve, settle
from redis.asyncio import Redis

from kinference_epp.tenancy.redis_store import RedisStore, connect
from kinference_epp.tenancy.store import Settlement
from redis_server import RedisServer
from waits import eventually

TIMEOUT_S = 0.05
HEARTBEAT_S = 0.05


@pytest.fixture
async def store(redis_server: RedisServer) -> AsyncIterator[tuple[RedisStore, list[bool]]]:
    transitions: list[bool] = []
    s = RedisStore(
        connect(redis_server.url, timeout_s=TIMEOUT_S),
        prefix=f"outage-{uuid.uuid4().hex[:12]}",
        timeout_s=TIMEOUT_S,
        failures=2,
        heartbeat_s=HEARTBEAT_S,
        on_transition=transitions.append,
    )
    await s.start()
    yield s, transitions
    await s.close()


LIMIT = 3000
REFILL_PER_S = LIMIT / 60


def assert_spent(remaining: int, spent: int, since: float, *, slack: int = 5) -> None:
    """The output bucket holds what ``spent`` leaves, plus what it refilled since ``since``:
    a slow run refills more, which a fixed tolerance would read as a wrong charge."""
    refilled = REFILL_PER_S * (time.monotonic() - since)
    assert LIMIT - spent - slack <= remaining <= LIMIT - spent + slack + refilled


def sut(store: RedisStore) -> StoreUnderTest:
    async def unknown(_: str) -> int:
        raise AssertionError("not used here")

    return StoreUnderTest(store, "acme", unknown, unknown)  # type: ignore[arg-type]


async def test_a_stopped_redis_fails_soft_then_recovers(
    redis_server: RedisServer, store: tuple[RedisStore, list[bool]]
) -> None:
    since = time.monotonic()
    s, transitions = store
    t = sut(s)
    assert (await reserve(t, reservation(t, "before"))).allowed
    redis_server.stop()
    try:
        verdicts = []
        for i in range(4):
            verdicts.append(await reserve(t, reservation(t, f"down{i}", prompt=100, output=100)))
        assert all(v.degraded and v.allowed for v in verdicts)
        assert s.unreachable
        assert transitions == [True]
        # after two failures nothing asks Redis: the verdict is there without awaiting
        assert s.reserve(reservation(t, "sync", prompt=1, output=1)) is not None
        # the local share is the whole limit while this replica is the only one counted
        assert verdicts[0].tokens is not None
        assert verdicts[0].tokens.limit == 3000
        # ...starting from what Redis last said ("before" took 1000 of the output bucket)
        assert verdicts[0].tokens.remaining == pytest.approx(1900, abs=25)
        # a bucket this replica never heard of starts empty: only its refill is handed out
        unknown = msgspec.structs.replace(reservation(t, "new", prompt=10, output=10), tenant="new")
        fresh = await reserve(t, unknown)
        assert (fresh.allowed, fresh.denied_by, fresh.degraded) == (False, "tokens", True)
        closed = msgspec.structs.replace(
            reservation(t, "closed", prompt=1, output=1), fail_closed=True
        )
        refused = await reserve(t, closed)
        assert (refused.allowed, refused.denied_by, refused.degraded) == (False, "store", True)
        # settled locally: the local bucket gets the unused tokens back
        await settle(t, Settlement("down0", 200, prompt_tokens=1, completion_tokens=1))
        assert not s.local.holds("down0")
        # a settlement meant for Redis waits for it
        s.settle(Settlement("before", 200, prompt_tokens=10, completion_tokens=10))
    finally:
        redis_server.start()
    await eventually(lambda: not s.unreachable, what="the breaker closing")
    assert transitions == [True, False]
    await s.flush()
    after = await reserve(t, reservation(t, "after", prompt=1, output=1))
    assert after.allowed
    assert not after.degraded
    assert after.tokens is not None
    # of the output bucket: "before" settled (10), what the fallback admitted handed over to
    # Redis ("down0" settled at 1, "down1"-"down3" in flight at 100 each, "sync" 1), "after" 1
    assert_spent(after.tokens.remaining, 313, since, slack=15)


async def test_a_hung_redis_costs_one_timeout(
    redis_server: RedisServer, store: tuple[RedisStore, list[bool]]
) -> None:
    since = time.monotonic()
    s, transitions = store
    t = sut(s)
    assert (await reserve(t, reservation(t, "seen", prompt=1, output=1))).allowed
    redis_server.pause()
    try:
        for i in range(2):  # each asks Redis, and the fallback answers at the timeout
            v = await reserve(t, reservation(t, f"hung{i}", prompt=1, output=1))
            assert v.allowed
            assert v.degraded
        assert transitions == [True]  # two timeouts (failures=2) opened the breaker
        # then the breaker answers at once: a verdict without a round trip
        v = s.reserve(reservation(t, "hung2", prompt=1, output=1))
        assert v is not None
        assert v.allowed
        assert v.degraded
    finally:
        redis_server.resume()
    await eventually(lambda: not s.unreachable, what="the breaker closing")
    assert transitions == [True, False]
    # the timed-out admissions' scripts reach Redis late: each took its reservation there
    # too, which the requests' settlements close, charging what they used once
    for i in range(3):
        s.settle(Settlement(f"hung{i}", 200, prompt_tokens=100, completion_tokens=100))
    await s.flush()
    probe = connect(redis_server.url, timeout_s=2.0)
    try:
        assert await probe.keys(f"{s.prefix}:r:hung*") == []
    finally:
        await probe.aclose()
    after = await reserve(t, reservation(t, "after", prompt=1, output=1))
    assert after.tokens is not None
    # "seen" and "after" took 1 output token each, the three settled requests 100 each
    assert_spent(after.tokens.remaining, 302, since)


async def held(client: Redis, prefix: str) -> list[str]:
    """The request ids Redis holds reservations for."""
    keys = [k.decode() if isinstance(k, bytes) else k for k in await client.keys(f"{prefix}:r:*")]
    return sorted(k.rsplit(":", 1)[1] for k in keys)


async def test_admissions_decided_without_redis_are_handed_over_to_it(
    redis_server: RedisServer, store: tuple[RedisStore, list[bool]]
) -> None:
    """What the fallback hands out while Redis is hung becomes a reservation there once Redis
    answers, whether or not the request's own admission script ran there (a late one stands,
    one that never left is adopted, as debt if need be): the replicas' local shares do not add
    to the limit, and another replica that receives the request's record settles it."""
    since = time.monotonic()
    s, _ = store
    t = sut(s)
    other = RedisStore(
        connect(redis_server.url, timeout_s=1.0), prefix=s.prefix, timeout_s=1.0, failures=2
    )
    assert (await reserve(t, reservation(t, "seen", prompt=1, output=1))).allowed
    redis_server.pause()
    try:
        late = await reserve(t, reservation(t, "late", prompt=1, output=300))  # script queued
        await reserve(t, reservation(t, "more", prompt=1, output=300))  # opens the breaker
        assert s.unreachable
        local = await reserve(t, reservation(t, "local", prompt=1, output=300))  # never sent
        assert all(v.allowed and v.degraded for v in (late, local))
        s.settle(Settlement("late", 200, prompt_tokens=50, completion_tokens=400))
    finally:
        redis_server.resume()
    await eventually(lambda: not s.unreachable, what="the breaker closing")
    await s.flush()
    probe = connect(redis_server.url, timeout_s=2.0)
    try:
        assert await held(probe, s.prefix) == [
            "local",
            "more",
            "seen",
        ]  # in flight: held in Redis at their amounts
        mid = await reserve(t, reservation(t, "mid", prompt=1, output=1))
        assert mid.tokens is not None
        assert_spent(mid.tokens.remaining, 1 + 400 + 300 + 300 + 1, since)
        # their records reach another replica: it settles them from Redis
        other.settle(Settlement("local", 200, prompt_tokens=50, completion_tokens=40))
        other.settle(Settlement("more", 200, prompt_tokens=50, completion_tokens=0))
        await other.flush()
        assert await held(probe, s.prefix) == ["mid", "seen"]
        # a late copy of an adopted request's admission takes nothing
        raw = await s._admit(args=(s.prefix, "local", b'["acme","m",[],[],1,1,60]'))
        assert raw[0] == b"decided"
        assert await probe.exists(f"{s.prefix}:r:local") == 0
    finally:
        await probe.aclose()
        await other.close()
    # a repeated settlement or hand-over changes nothing
    s.settle(Settlement("local", 200, prompt_tokens=50, completion_tokens=400))
    s._enqueue(
        s._adopt, (s.prefix, "local", b'["acme","m",[["t:output:minute",1,3000,60,300]],[],1,1,60]')
    )
    await s.flush()
    after = await reserve(t, reservation(t, "after", prompt=1, output=1))
    assert after.tokens is not None
    assert_spent(after.tokens.remaining, 1 + 400 + 40 + 0 + 1 + 1, since)


async def test_a_hung_redis_bounds_every_admission_of_a_batch(
    redis_server: RedisServer, store: tuple[RedisStore, list[bool]]
) -> None:
    """Fifty admissions of one loop round share one round trip; Redis hung, every one of them
    still has its verdict (the fallback's) within the timeout, and none is left open when the
    store closes with a batch in flight."""
    s, _ = store
    t = sut(s)
    assert (await reserve(t, reservation(t, "seen", prompt=1, output=1))).allowed
    redis_server.pause()
    try:
        verdicts = await asyncio.gather(
            *(reserve(t, reservation(t, f"batch{i}", prompt=1, output=1)) for i in range(50))
        )
        assert all(v.degraded for v in verdicts)  # the fallback's, at the timeout
        # a batch in flight when the store closes: every waiting admission is answered
        pending = [
            asyncio.ensure_future(
                s.reserve_async(reservation(t, f"closing{i}", prompt=1, output=1))
            )
            for i in range(5)
        ]
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        await s.close()
        done, _ = await asyncio.wait(pending, timeout=2.0)
        assert len(done) == 5
        assert all(f.result().degraded for f in done)
    finally:
        redis_server.resume()


async def test_a_record_settled_elsewhere_before_the_hand_over_still_closes_it(
    redis_server: RedisServer,
) -> None:
    """After an outage, the replica that received a request's record may reach Redis before
    the replica whose fallback admitted it hands it over: its settlement finds nothing, waits
    a few heartbeats and is sent once more, so the request is charged what it used (not
    swept as reserved later)."""
    since = time.monotonic()
    prefix = f"race-{uuid.uuid4().hex[:12]}"
    admitting = RedisStore(
        connect(redis_server.url, timeout_s=TIMEOUT_S),
        prefix=prefix,
        timeout_s=TIMEOUT_S,
        failures=1,
        heartbeat_s=60.0,  # its breaker closes only when the test beats
    )
    settling = RedisStore(
        connect(redis_server.url, timeout_s=TIMEOUT_S),
        prefix=prefix,
        timeout_s=TIMEOUT_S,
        failures=1,
        heartbeat_s=0.05,
    )
    t = sut(admitting)
    try:
        assert (await reserve(t, reservation(t, "seen", prompt=1, output=1))).allowed
        redis_server.pause()
        try:
            # its admission times out (and runs late): the breaker opens
            await reserve(t, reservation(t, "opener", prompt=1, output=1))
            assert admitting.unreachable
            v = await reserve(t, reservation(t, "x", prompt=1, output=500))  # never sent
            assert v.allowed
            assert v.degraded
            settling.settle(Settlement("x", 200, prompt_tokens=10, completion_tokens=20))
            await settling.flush()  # fails against the hung Redis: kept for later
        finally:
            redis_server.resume()
        await settling.beat()
        await settling.flush()  # first: finds no reservation of "x" yet
        await admitting.beat()  # the admitting replica is back: it hands "x" over
        await admitting.flush()
        probe = connect(redis_server.url, timeout_s=2.0)
        try:
            assert await held(probe, prefix) == ["opener", "seen", "x"]

            async def handed_over_and_settled() -> bool:
                await settling.flush()
                return await held(probe, prefix) == ["opener", "seen"]

            await eventually(handed_over_and_settled, what='"x" settled after the hand-over')
        finally:
            await probe.aclose()
        after = await reserve(t, reservation(t, "after", prompt=1, output=1))
        assert after.tokens is not None
        # "seen", "opener" and "after" reserved 1 output token each, "x" used 20 (not the 500
        # it reserved); the bucket refills 50 a second meanwhile
        assert_spent(after.tokens.remaining, 1 + 1 + 20 + 1, since)
    finally:
        await admitting.close()
        await settling.close()


async def _clients(probe: Redis) -> int:
    """Connections the server holds, the probe's own left out."""
    return int((await probe.info("clients"))["connected_clients"]) - 1


async def test_a_closed_store_leaves_no_connection_open(redis_server: RedisServer) -> None:
    """Close ends every conversation with Redis: a settlement that found nothing after an
    outage is retried a few heartbeats later, and that retry, a late settlement or a late
    admission after close must not reopen a connection on the closed client (it would be
    left open, unowned, until the garbage collector finds it)."""
    probe = connect(redis_server.url, timeout_s=2.0)
    try:
        before = await _clients(probe)
        s = RedisStore(
            connect(redis_server.url, timeout_s=1.0),
            prefix=f"closed-{uuid.uuid4().hex[:12]}",
            timeout_s=1.0,
            heartbeat_s=HEARTBEAT_S,
        )
        await s.start()
        t = sut(s)
        assert (await reserve(t, reservation(t, "open", prompt=1, output=1))).allowed
        # a settlement that waited through an outage and finds nothing: retried later
        s._enqueue(s._settle, (s.prefix, "unknown", 200, 1, 1), waited=True)
        await s.flush()
        await s.close()
        assert await _clients(probe) == before
        s.settle(Settlement("open", 200, prompt_tokens=1, completion_tokens=1))
        late = await reserve(t, reservation(t, "late", prompt=1, output=1))
        assert late.degraded  # decided by the fallback, never sent
        await asyncio.sleep(HEARTBEAT_S * 4)  # past the retry's grace
        assert await _clients(probe) == before
    finally:
        await probe.aclose()
