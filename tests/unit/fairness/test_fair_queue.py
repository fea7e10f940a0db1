"""The flow control queue: bands first, then the Virtual Token Counter within a band; bounds,
eviction of the lowest band, floors, and the other orders the benchmark compares."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.config.flow import FlowControlConfig, band_of
from kinference_epp.fairness.queue import EVICTED, FairQueue, QueueFull, Ticket


def config(**kw: object) -> FlowControlConfig:
    return FlowControlConfig.model_validate(
        {"max_queued": 10_000, "max_queued_per_tenant": 10_000, **kw}
    )


class Driver:
    """Offers and dispatches tickets, counting each tenant's dispatched service."""

    def __init__(self, q: FairQueue) -> None:
        self.q = q
        self.n = 0
        self.served: dict[str, float] = {}
        self.order: list[str] = []

    def offer(self, tenant: str, cost: float, band: int = 0, weight: float = 1.0) -> Ticket:
        self.n += 1
        t = Ticket(f"r{self.n}", tenant, band, weight, cost, 0.0)
        self.q.offer(t)
        return t

    def dispatch(self) -> Ticket:
        t = self.q.peek()
        assert t is not None
        self.q.pop(t)
        self.q.charge(t.request_id, t.tenant, t.band, t.weight, t.cost)
        self.served[t.tenant] = self.served.get(t.tenant, 0.0) + t.cost
        self.order.append(t.tenant)
        return t


def test_a_higher_band_is_always_served_first() -> None:
    d = Driver(FairQueue(config()))
    for _ in range(3):
        d.offer("batch", 10, band=band_of("sheddable"))
    d.offer("web", 1000, band=band_of("critical"))
    d.offer("std", 1, band=band_of("standard"))
    assert [d.dispatch().tenant for _ in range(5)] == ["web", "std", "batch", "batch", "batch"]


def test_the_least_served_tenant_goes_first_counted_in_tokens() -> None:
    # equal request rates, one tenant's requests ten times larger: the small one is served
    # ten requests for each large one
    d = Driver(FairQueue(config()))
    for _ in range(30):
        d.offer("long", 1000)
        d.offer("short", 100)
    for _ in range(33):
        d.dispatch()
    assert d.order.count("long") == 3
    assert d.order.count("short") == 30


def test_weights_share_the_service_in_their_ratio() -> None:
    d = Driver(FairQueue(config()))
    for _ in range(200):
        d.offer("gold", 100, weight=3)
        d.offer("base", 100, weight=1)
    for _ in range(200):
        d.dispatch()
    assert d.served["gold"] / (d.served["gold"] + d.served["base"]) == pytest.approx(0.75, abs=0.01)


@settings(max_examples=200, deadline=None)
@given(
    weights=st.tuples(st.integers(1, 5), st.integers(1, 5)),
    costs=st.lists(st.integers(1, 4000), min_size=2, max_size=120),
)
def test_two_backlogged_tenants_differ_by_at_most_one_request_of_weighted_service(
    weights: tuple[int, int], costs: list[int]
) -> None:
    """VTC's bound: while both wait, their weighted service never differs by more than the
    largest single charge."""
    d = Driver(FairQueue(config()))
    wa, wb = weights
    for i, c in enumerate(costs):
        d.offer("a", c, weight=wa)
        d.offer("b", costs[-1 - i], weight=wb)
    largest = max(costs) / min(wa, wb)
    for _ in range(len(costs)):  # never more than either has queued: both stay backlogged
        d.dispatch()
        gap = abs(d.served.get("a", 0.0) / wa - d.served.get("b", 0.0) / wb)
        assert gap <= largest + 1e-9


@settings(max_examples=100, deadline=None)
@given(idle=st.integers(1, 200), cost=st.integers(1, 1000))
def test_a_returning_tenant_cannot_bank_credit_from_its_idle_time(idle: int, cost: int) -> None:
    d = Driver(FairQueue(config()))
    for _ in range(idle + 20):
        d.offer("busy", cost)
    for _ in range(idle):
        d.dispatch()
    for _ in range(20):
        d.offer("back", cost)
    d.order.clear()
    for _ in range(20):
        d.dispatch()
    # lifted to the busy tenant's counter: from now on they alternate
    assert abs(d.order.count("back") - d.order.count("busy")) <= 1


def test_settlement_corrects_the_charge_to_what_was_served() -> None:
    q = FairQueue(config())
    d = Driver(q)
    d.offer("a", 1000)
    d.offer("b", 1000)
    first = d.dispatch()
    q.settle(first.request_id, 10, 0)  # it used 10 prompt tokens and stopped at once
    assert q.counter(first.tenant, 0) == pytest.approx(10)
    q.settle(first.request_id, 99, 99)  # a second report of one request does nothing
    assert q.counter(first.tenant, 0) == pytest.approx(10)


def test_prefill_and_decode_are_weighted() -> None:
    q = FairQueue(config(prefill_weight=1.0, decode_weight=2.0))
    assert q.service(100, 10) == 120


def test_a_tenant_queue_full_is_over_its_share_and_the_queue_full_is_not() -> None:
    d = Driver(FairQueue(config(max_queued_per_tenant=2, max_queued=3)))
    d.offer("a", 1)
    d.offer("a", 1)
    with pytest.raises(QueueFull) as own:
        d.offer("a", 1)
    assert own.value.over_share
    d.offer("b", 1)
    with pytest.raises(QueueFull) as all_:
        d.offer("c", 1)
    assert not all_.value.over_share


def test_a_full_queue_makes_room_for_a_higher_band_by_shedding_the_lowest() -> None:
    q = FairQueue(config(max_queued=3))
    d = Driver(q)
    d.offer("batch", 1, band=-1)
    newest = d.offer("batch", 1, band=-1)
    d.offer("std", 1, band=0)
    evicted = q.offer(Ticket("x", "web", 1, 1.0, 1.0, 0.0))
    assert evicted is newest
    assert newest.state == EVICTED
    assert len(q) == 3
    with pytest.raises(QueueFull):  # nothing below the lowest band to shed
        q.offer(Ticket("y", "batch", -1, 1.0, 1.0, 0.0))


def test_a_band_floor_keeps_a_share_while_higher_bands_wait() -> None:
    d = Driver(FairQueue(config(floors={"sheddable": 0.2})))
    for _ in range(500):
        d.offer("web", 100, band=1)
        d.offer("batch", 100, band=-1)
    for _ in range(500):
        d.dispatch()
    share = d.order.count("batch") / 500
    assert 0.17 <= share <= 0.23


def test_without_a_floor_a_lower_band_waits_for_every_higher_request() -> None:
    d = Driver(FairQueue(config()))
    for _ in range(50):
        d.offer("web", 100, band=1)
        d.offer("batch", 100, band=-1)
    assert {d.dispatch().tenant for _ in range(50)} == {"web"}


def test_round_robin_takes_one_request_per_tenant_in_turn_whatever_its_size() -> None:
    d = Driver(FairQueue(config(fairness="round-robin")))
    for _ in range(5):
        d.offer("long", 1000, weight=3)
        d.offer("short", 10)
    assert [d.dispatch().tenant for _ in range(6)] == ["long", "short"] * 3


def test_fcfs_is_arrival_order() -> None:
    d = Driver(FairQueue(config(fairness="fcfs")))
    for t in ("a", "a", "b", "a"):
        d.offer(t, 1)
    assert [d.dispatch().tenant for _ in range(4)] == ["a", "a", "b", "a"]


def test_a_ticket_removed_or_restored_keeps_the_counts() -> None:
    q = FairQueue(config())
    d = Driver(q)
    a1 = d.offer("a", 1)
    d.offer("a", 1)
    assert q.position(a1) == 0
    assert q.remove(a1)
    assert not q.remove(a1)
    assert len(q) == 1
    nxt = q.peek()
    assert nxt is not None
    q.pop(nxt)
    q.restore(nxt)
    assert q.peek() is nxt
    assert len(q) == 1
    assert q.queued() == {("a", 0): 1}


def test_over_share_is_said_of_a_tenant_served_more_than_one_waiting() -> None:
    q = FairQueue(config())
    d = Driver(q)
    d.offer("a", 500)
    b = d.offer("b", 500)
    assert d.dispatch().tenant == "a"
    a = d.offer("a", 500)
    assert q.over_share(a)
    assert not q.over_share(b)


def test_band_names_and_numbers() -> None:
    assert [band_of(n) for n in ("critical", "standard", "sheddable", 7)] == [1, 0, -1, 7]
    with pytest.raises(ValueError, match="unknown priority"):
        band_of("urgent")
    assert config(floors={"sheddable": 0.1, "5": 0.2}).band_floors() == {-1: 0.1, 5: 0.2}
