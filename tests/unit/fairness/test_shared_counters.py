"""Fair share across replicas: each replica's counters take in the service the others dispatched,
through a real redis-server, in batches; an outage leaves each on its own counters and the first
sync after it brings in everything that happened meanwhile."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.queue import RELEASED, WAITING, FairQueue, Ticket
from kinference_epp.fairness.shared import (
    MemoryBoard,
    RedisBoard,
    ServiceLedger,
    ServiceSync,
    shared_counters,
    sync_now,
)
from kinference_epp.tenancy.redis_store import RedisStore, connect
from redis_server import RedisServer, running_redis
from waits import eventually

TIMEOUT_S = 0.05


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with running_redis() as server:
        yield server


def queue() -> FairQueue:
    return FairQueue(FlowControlConfig(max_queued=1000, max_queued_per_tenant=1000))


def test_the_ledger_hands_on_each_others_growth_once() -> None:
    a, b = ServiceLedger("a"), ServiceLedger("b")
    a.add("x", 0, 100.0)
    a.add("x", 0, 50.0)
    a.add("y", -1, 7.0)
    sent = a.pending()
    assert sent == {"0:x": 150.0, "-1:y": 7.0}
    assert a.pending() == {}  # taken
    assert sorted(b.apply([("a", list(sent.items()))])) == [("x", 0, 150.0), ("y", -1, 7.0)]
    # the same totals read again add nothing; a correction (negative) is handed on as is
    assert b.apply([("a", list(sent.items()))]) == []
    a.add("x", 0, -30.0)
    assert b.apply([("a", list(a.pending().items()))]) == [("x", 0, -30.0)]
    # its own totals are never applied to itself; a tenant name may hold a colon
    b.add("ns:t", 1, 5.0)
    assert b.apply([("b", list(b.pending().items()))]) == []
    assert ServiceLedger("c").apply([("b", [("1:ns:t", 5.0)])]) == [("ns:t", 1, 5.0)]


def test_a_failed_sync_sends_its_totals_again_and_a_lost_board_gets_all() -> None:
    a = ServiceLedger("a")
    a.add("x", 0, 10.0)
    a.unsent(a.pending())
    assert a.pending() == {"0:x": 10.0}
    a.add("y", 0, 1.0)
    a.pending()
    a.lost()
    assert a.pending() == {"0:x": 10.0, "0:y": 1.0}


def test_another_replicas_service_changes_the_order_here() -> None:
    """x and y both wait on replica 2; replica 1 serves x. Once the counters are shared,
    replica 2 serves y first; on its own counters it serves x first (its older request)."""
    board = MemoryBoard()
    q1, q2, alone = queue(), queue(), queue()
    q1.ledger, q2.ledger = ServiceLedger("r1"), ServiceLedger("r2")
    for q in (q2, alone):
        q.offer(Ticket("b1", "x", 0, 1.0, 100.0, 0.0))
        q.offer(Ticket("b2", "y", 0, 1.0, 100.0, 0.0))
    q1.charge("a1", "x", 0, 1.0, 5000.0)
    for q in (q1, q2):
        sync_now(q.ledger, board, q.add_service)  # type: ignore[arg-type]
    assert q2.counter("x", 0) == 5000.0
    assert q1.counter("x", 0) == 5000.0  # its own, not doubled
    head = q2.peek()
    assert head is not None
    assert head.tenant == "y"
    head = alone.peek()
    assert head is not None
    assert head.tenant == "x"
    # a tenant that starts waiting after is lifted to the least waiting counter (no banking
    # while idle, pool-wide as on one replica)
    q2.offer(Ticket("b3", "z", 0, 1.0, 100.0, 0.0))
    assert q2.counter("z", 0) == q2.counter("y", 0) == 0.0


def test_weights_and_corrections_travel_as_counted() -> None:
    board = MemoryBoard()
    q1, q2 = queue(), queue()
    q1.ledger, q2.ledger = ServiceLedger("r1"), ServiceLedger("r2")
    q1.charge("a1", "gold", 0, 3.0, 3000.0)  # weight 3: the counter moves by 1000
    q1.settle("a1", 1200, 300)  # served 1200 + 2 x 300 = 1800: the counter moves by -400
    sync_now(q2.ledger, board, q2.add_service)  # type: ignore[arg-type]
    sync_now(q1.ledger, board, q1.add_service)  # type: ignore[arg-type]
    sync_now(q2.ledger, board, q2.add_service)  # type: ignore[arg-type]
    assert q2.counter("gold", 0) == pytest.approx(600.0)
    assert q1.counter("gold", 0) == pytest.approx(600.0)


@pytest.fixture
async def replicas(redis_server: RedisServer) -> AsyncIterator[list[tuple[FairQueue, ServiceSync]]]:
    prefix = f"share-{uuid.uuid4().hex[:12]}"
    out = []
    clients = []
    for i in range(3):
        client = connect(redis_server.url, timeout_s=1.0)  # a busy machine: slow, not down
        clients.append(client)
        q = queue()
        q.ledger = ServiceLedger(f"r{i}")
        board = RedisBoard(client, prefix=prefix, ttl_s=60.0)
        out.append((q, ServiceSync(q.ledger, board, q.add_service, interval_s=0.01, timeout_s=1.0)))
    yield out
    for _, s in out:
        await s.stop()
    for c in clients:
        await c.aclose()


async def test_three_replicas_share_their_counters_through_redis(
    replicas: list[tuple[FairQueue, ServiceSync]],
) -> None:
    (q0, s0), (q1, s1), (q2, s2) = replicas
    q0.charge("a", "x", 0, 1.0, 1000.0)
    q1.charge("b", "x", 0, 1.0, 500.0)
    q1.charge("c", "y", -1, 2.0, 800.0)
    q2.charge("d", "y", -1, 2.0, 200.0)
    for s in (s0, s1, s2, s0, s1, s2):  # every replica has written and read
        assert await s.sync()
    for q in (q0, q1, q2):
        assert q.counter("x", 0) == pytest.approx(1500.0)
        assert q.counter("y", -1) == pytest.approx(500.0)
    for s in (s0, s1, s2):  # nothing new: nothing changes
        assert await s.sync()
    assert q2.counter("x", 0) == pytest.approx(1500.0)
    # the background loop: one batch per interval, whatever the number of requests
    for s in (s0, s1, s2):
        await s.start()
    for i in range(100):
        q0.charge(f"n{i}", "x", 0, 1.0, 10.0)
    await eventually(
        lambda: q2.counter("x", 0) == pytest.approx(2500.0), what="replica 2 to see replica 0's"
    )


async def test_an_outage_keeps_each_on_its_own_counters_and_the_next_sync_catches_up(
    redis_server: RedisServer,
) -> None:
    """Behind the limit store's breaker, as admissions: while Redis is down no sync is tried;
    a Redis that comes back empty is refilled by every replica's totals."""
    prefix = f"outage-{uuid.uuid4().hex[:12]}"
    config = FlowControlConfig(sync_interval_s=0.01)
    stores, syncs, queues = [], [], []
    for i in range(2):
        store = RedisStore(
            connect(redis_server.url, timeout_s=TIMEOUT_S),
            prefix=prefix,
            timeout_s=TIMEOUT_S,
            failures=2,
            heartbeat_s=0.05,
            replica_id=f"store{i}",
        )
        await store.start()
        q = queue()
        syncs.append(shared_counters(q, store, config, TIMEOUT_S, replica=f"r{i}"))
        stores.append(store)
        queues.append(q)
    (q0, q1), (s0, s1) = queues, syncs
    try:
        q0.charge("a", "x", 0, 1.0, 1000.0)
        for s in (s0, s1, s0, s1):
            assert await s.sync()
        assert q1.counter("x", 0) == 1000.0
        redis_server.stop()
        await eventually(lambda: all(st.unreachable for st in stores), what="the breakers open")
        q0.charge("b", "x", 0, 1.0, 400.0)  # dispatched during the outage
        q1.charge("c", "y", 0, 1.0, 300.0)
        assert not await s0.sync()
        assert not await s1.sync()
        assert q1.counter("x", 0) == 1000.0  # its own view, as last read
        assert q0.counter("y", 0) == 0.0  # not heard of yet
        assert q0.counter("x", 0) == 1400.0  # its own service counted as ever
        redis_server.start()  # same port, empty: every total lost
        await eventually(
            lambda: not any(st.unreachable for st in stores), what="the breakers close"
        )
        for _ in range(3):
            for s in (s0, s1):
                assert await s.sync()
        assert q1.counter("x", 0) == 1400.0
        # y's flow starts at the last served counter here (no banking), plus its service
        assert q0.counter("y", 0) == pytest.approx(1000.0 + 300.0)
    finally:
        for st in stores:
            await st.close()


def test_a_tenant_waiting_on_another_replica_is_not_lifted_as_idle() -> None:
    """x waits on replica 1 throughout; on replica 2 its queue empties and fills again. Shared,
    x is not idle there and keeps its counter; alone, replica 2 lifts it to y's."""
    board = MemoryBoard()
    q1, q2 = queue(), queue()
    q1.ledger, q2.ledger = ServiceLedger("r1"), ServiceLedger("r2")
    q2.charge("y0", "y", 0, 1.0, 5000.0)
    q2.offer(Ticket("y1", "y", 0, 1.0, 100.0, 0.0))  # y waits on replica 2 at 5000
    q1.offer(Ticket("x1", "x", 0, 1.0, 100.0, 0.0))  # x waits on replica 1
    for q in (q1, q2):
        sync_now(q.ledger, board, q.add_service)  # type: ignore[arg-type]
    assert q2.ledger.waits_elsewhere("x", 0)
    q2.offer(Ticket("x2", "x", 0, 1.0, 100.0, 0.0))
    assert q2.counter("x", 0) == 0.0  # not lifted: x goes first here
    head = q2.peek()
    assert head is not None
    assert head.tenant == "x"
    # once x stops waiting on replica 1 and that is read, x starting to wait is lifted again
    q1.pop(q1.peek())  # type: ignore[arg-type]
    for q in (q1, q2):
        sync_now(q.ledger, board, q.add_service)  # type: ignore[arg-type]
    assert not q2.ledger.waits_elsewhere("x", 0)
    q2.pop(q2.peek())  # type: ignore[arg-type]
    q2.offer(Ticket("x3", "x", 0, 1.0, 100.0, 0.0))
    assert q2.counter("x", 0) == 5000.0  # lifted to y's, the least waiting


def test_a_higher_band_waiting_on_another_replica_holds_the_lower_bands_here() -> None:
    """Bands are served in order pool-wide: replica 2 releases none of its standard requests
    while a critical one waits on replica 1 (as of the last sync); a band with a floor keeps
    it."""
    board = MemoryBoard()
    q1 = queue()
    q1.ledger = ServiceLedger("r1")
    g2 = FlowGate(FlowControlConfig(max_queued=1000), lambda payload: None)
    q2 = g2.queue
    q2.ledger = ServiceLedger("r2")
    q1.offer(Ticket("c1", "web", 1, 1.0, 100.0, 0.0))
    t = g2.hold("s1", "app", 0, 1, 100.0, "s1")
    for q in (q1, q2):
        sync_now(q.ledger, board, q.add_service)  # type: ignore[arg-type]
    assert q2.deferred(0)
    assert not q2.deferred(1)
    assert g2.must_wait(0)
    g2.pool_changed()  # room here, but a critical request waits elsewhere
    assert t.state == WAITING
    floored = FairQueue(FlowControlConfig(floors={"standard": 0.1}))
    floored.ledger = q2.ledger
    assert not floored.deferred(0)
    q1.pop(q1.peek())  # type: ignore[arg-type]
    for q in (q1, q2):
        sync_now(q.ledger, board, q.add_service)  # type: ignore[arg-type]
    assert not q2.deferred(0)
    g2.pool_changed()
    assert t.state == RELEASED


async def test_a_replica_that_stopped_syncing_holds_no_other_band(
    replicas: list[tuple[FairQueue, ServiceSync]],
) -> None:
    """Through Redis: the sync script gives each replica's age; the waiting flags of one silent
    for longer than its ledger's freshness bound (a second here) stop counting, long before
    its hash expires."""
    (q0, s0), (q1, s1), _ = replicas
    q0.offer(Ticket("c1", "web", 1, 1.0, 100.0, 0.0))
    for s in (s0, s1):
        assert await s.sync()
    assert q1.deferred(0)

    async def released() -> bool:
        assert await s1.sync()
        return not q1.deferred(0)

    await eventually(released, what="replica 0's waiting flag to go stale")
    assert q1.ledger is not None
    assert q1.ledger.waits_elsewhere("web", 1)  # its flags are kept, only not counted


async def test_a_dead_replicas_totals_leave_redis_after_the_ttl(redis_server: RedisServer) -> None:
    """Each replica's hash expires ``ttl_s`` after its last sync and the registry drops it: a
    replica gone is pruned (the others keep the service it dispatched in their counters)."""
    prefix = f"prune-{uuid.uuid4().hex[:12]}"
    client = connect(redis_server.url, timeout_s=1.0)
    try:
        board = RedisBoard(client, prefix=prefix, ttl_s=1.0)
        q0, q1 = queue(), queue()
        q0.ledger, q1.ledger = ServiceLedger("r0"), ServiceLedger("r1")
        s0 = ServiceSync(q0.ledger, board, q0.add_service, interval_s=0.01, timeout_s=1.0)
        s1 = ServiceSync(q1.ledger, board, q1.add_service, interval_s=0.01, timeout_s=1.0)
        q0.charge("a", "x", 0, 1.0, 300.0)
        for s in (s0, s1):
            assert await s.sync()
        assert q1.counter("x", 0) == pytest.approx(300.0)
        assert await client.exists(f"{prefix}:flow:s:r0")

        async def pruned() -> bool:
            assert await s1.sync()  # r1 lives on; r0 has stopped
            gone = not await client.exists(f"{prefix}:flow:s:r0")
            members = await client.zrange(f"{prefix}:flow:replicas", 0, -1)
            return gone and b"r0" not in members and "r0" not in members

        await eventually(pruned, what="replica 0's totals to expire")
        assert q1.counter("x", 0) == pytest.approx(300.0)
    finally:
        await client.aclose()


class Wall:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_flows_oldest_request_goes_first_pool_wide() -> None:
    """Each replica serves its own queue, but a request of a flow gives way to an older one of
    the same flow waiting on another replica (by more than the slack, two sync intervals), and
    so does a newcomer of it; within the slack, both go."""
    board = MemoryBoard()
    wall = Wall(100.0)
    g1 = FlowGate(FlowControlConfig(max_queued=1000), lambda payload: None, wall=wall)
    g2 = FlowGate(FlowControlConfig(max_queued=1000), lambda payload: None, wall=wall)
    g1.queue.ledger, g2.queue.ledger = ServiceLedger("r1"), ServiceLedger("r2")
    old = g1.hold("a1", "app", 0, 1, 100.0, "a1")  # waits on replica 1 since 100.0
    wall.now = 100.5
    new = g2.hold("a2", "app", 0, 1, 100.0, "a2")  # on replica 2 since 100.5
    near = g2.hold("b1", "other", 0, 1, 100.0, "b1")  # another flow: not held by app's age
    for g in (g1, g2):
        sync_now(g.queue.ledger, board, g.queue.add_service)  # type: ignore[arg-type]
    assert g2.must_wait(0, "app")
    g2.pool_changed()
    assert new.state == WAITING  # app's older request is on replica 1
    g1.pool_changed()
    assert old.state == RELEASED
    g1.take(old)
    g1.dispatched("a1", "app", 0, 1, 100.0)
    for g in (g1, g2):
        sync_now(g.queue.ledger, board, g.queue.add_service)  # type: ignore[arg-type]
    g2.pool_changed()
    released = [t for t in (new, near) if t.state == RELEASED]
    assert len(released) == 1  # one at a time; app no longer waits on replica 1


def test_a_higher_band_holds_lower_ones_elsewhere_once_it_has_waited_past_the_slack() -> None:
    board = MemoryBoard()
    wall = Wall(100.0)
    g1 = FlowGate(FlowControlConfig(max_queued=1000), lambda payload: None, wall=wall)
    g2 = FlowGate(FlowControlConfig(max_queued=1000), lambda payload: None, wall=wall)
    g1.queue.ledger, g2.queue.ledger = ServiceLedger("r1"), ServiceLedger("r2")
    g1.hold("c1", "web", 1, 1, 100.0, "c1")
    first = g2.hold("s1", "app", 0, 1, 100.0, "s1")
    second = g2.hold("s2", "app", 0, 1, 100.0, "s2")
    for g in (g1, g2):
        sync_now(g.queue.ledger, board, g.queue.add_service)  # type: ignore[arg-type]
    assert g2.must_wait(0)  # a newcomer below a waiting band queues at once
    wall.now = 100.1  # the critical request has just started waiting: within the sync's lag
    g2.pool_changed()
    assert first.state == RELEASED
    g2.take(first)
    wall.now = 100.3  # it has waited past the slack: app gives way
    g2.dispatched("s1", "app", 0, 1, 100.0)
    g2.pool_changed()
    assert second.state == WAITING
