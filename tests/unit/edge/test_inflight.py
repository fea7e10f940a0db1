from __future__ import annotations

from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.pool.inflight import InflightRequest, InflightTracker

E1, E2 = EndpointKey("10.0.0.1:1"), EndpointKey("10.0.0.2:1")


def test_counts_follow_start_and_finish() -> None:
    t = InflightTracker(clock=lambda: 100.0)
    t.start(InflightRequest("a", E1, "m", "m", started=100.0))
    t.start(InflightRequest("b", E1, "m", "m", started=100.0))
    t.start(InflightRequest("c", E2, "n", "n", started=100.0))
    assert (t.count(E1), t.count(E2), t.by_model()) == (2, 1, {"m": 2, "n": 1})
    assert t.finish("a") is not None
    assert t.finish("a") is None
    assert t.count(E1) == 1


def test_same_request_id_rerouted_counts_once() -> None:
    t = InflightTracker(clock=lambda: 0.0)
    t.start(InflightRequest("a", E1, "m", "m", started=0.0))
    t.start(InflightRequest("a", E2, "m", "m", started=0.0))
    assert (t.count(E1), t.count(E2), len(t)) == (0, 1, 1)


def test_entries_expire_after_ttl() -> None:
    now = [0.0]
    t = InflightTracker(ttl_s=10, clock=lambda: now[0])
    t.start(InflightRequest("a", E1, "m", "m", started=0.0))
    now[0] = 11.0
    t.start(InflightRequest("b", E2, "m", "m", started=11.0))
    assert (t.count(E1), t.count(E2), t.by_model()) == (0, 1, {"m": 1})


def test_requests_without_id_are_not_tracked() -> None:
    t = InflightTracker()
    t.start(InflightRequest("", E1, "m", "m", started=0.0))
    assert len(t) == 0
