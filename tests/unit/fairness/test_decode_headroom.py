"""Flow control's decode headroom: the picked pod's ITL as its histogram measured it over the
last window, token-weighted, against the target; a pod not measured has room."""

from __future__ import annotations

import pytest

from kinference_epp.errors import PoolSaturatedError
from kinference_epp.fairness.headroom import DecodeHeadroom
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.shed import CheckedFirst
from kinference_epp.scheduling.types import SchedulingRequest

A, B = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000")
REQ = SchedulingRequest(model="m", request_id="r", prompt_tokens=10)


def pool() -> PoolDatastore:
    ds = PoolDatastore("p")
    for key in (A, B):
        ds.upsert(Endpoint(key=key, models=frozenset({"m"}), base_model="m", metrics_url=""))
    return ds


def watched(window_s: float = 1.0) -> tuple[PoolDatastore, DecodeHeadroom]:
    """A pool whose every write the headroom takes in (as the picker wires it)."""
    ds, h = pool(), DecodeHeadroom(0.045, window_s=window_s)
    ds.watch(lambda: h.observe(ds.view()))
    return ds, h


def scrape(ds: PoolDatastore, key: EndpointKey, at: float, itl_sum: float, gaps: float) -> None:
    ds.update_load(key, LoadSnapshot(itl_sum=itl_sum, itl_count=gaps, scraped_at=at))


def admits(h: DecodeHeadroom, ds: PoolDatastore, key: EndpointKey) -> bool:
    view = ds.view()
    try:
        h.check(REQ, view, view.endpoints.index(next(e for e in view.endpoints if e.key == key)))
    except PoolSaturatedError:
        return False
    return True


def test_a_pod_over_the_target_refuses_and_one_under_it_admits() -> None:
    ds, h = watched()
    scrape(ds, A, 0.0, 0.0, 0.0)
    scrape(ds, B, 0.0, 0.0, 0.0)
    assert admits(h, ds, A)  # one scrape each: nothing measured yet
    assert admits(h, ds, B)
    scrape(ds, A, 0.5, 100 * 0.050, 100)  # 100 tokens at 50 ms
    scrape(ds, B, 0.5, 100 * 0.030, 100)
    assert not admits(h, ds, A)
    assert admits(h, ds, B)
    assert h.itl(A) == pytest.approx(0.050)


def test_the_mean_is_token_weighted_over_the_window() -> None:
    """Many short decode gaps and a few long prefill ones: the mean is per token, not per
    scrape (a per-scrape mean would count the long step's scrape as much as the others)."""
    ds, h = watched()
    scrape(ds, A, 0.0, 0.0, 0.0)
    scrape(ds, A, 0.05, 0.1 * 100, 100)  # one 100 ms step of 100 sequences
    assert h.itl(A) == pytest.approx(0.1)
    scrape(ds, A, 0.10, 0.1 * 100 + 0.02 * 400, 500)  # four 20 ms steps
    assert h.itl(A) == pytest.approx((0.1 * 100 + 0.02 * 400) / 500)  # 36 ms, not 60
    assert admits(h, ds, A)


def test_older_scrapes_leave_the_window() -> None:
    ds, h = watched()
    scrape(ds, A, 0.0, 0.0, 0.0)
    scrape(ds, A, 0.5, 0.080 * 100, 100)  # slow then
    assert not admits(h, ds, A)
    for i in range(1, 5):  # fast since
        scrape(ds, A, 0.5 + 0.5 * i, 0.080 * 100 + 0.020 * 100 * i, 100 + 100 * i)
    assert admits(h, ds, A)
    assert h.itl(A) == pytest.approx(0.020)


def test_an_idle_pod_and_a_restarted_engine_are_not_held_by_old_figures() -> None:
    ds, h = watched()
    scrape(ds, A, 0.0, 0.0, 0.0)
    scrape(ds, A, 0.5, 0.080 * 100, 100)
    assert not admits(h, ds, A)
    assert h.measures(A)
    scrape(ds, A, 2.0, 0.080 * 100, 100)  # no token over the window: idle
    assert admits(h, ds, A)
    assert h.itl(A) is None
    assert not h.measures(A)  # the shed guard's prediction bounds it meanwhile
    scrape(ds, A, 2.5, 0.080 * 100 + 0.080 * 100, 200)
    assert not admits(h, ds, A)
    scrape(ds, A, 3.0, 0.5, 10)  # totals fell: a restarted engine
    assert admits(h, ds, A)
    assert h.itl(A) is None


class Counting:
    def __init__(self) -> None:
        self.asked = 0

    def check(self, req: SchedulingRequest, pool: object, slot: int) -> None:
        self.asked += 1


def test_the_guard_after_it_counts_only_what_headroom_admits() -> None:
    (ds, h), guard = watched(), Counting()
    check = CheckedFirst(h, guard)
    scrape(ds, A, 0.0, 0.0, 0.0)
    scrape(ds, A, 0.5, 0.080 * 100, 100)
    view = ds.view()
    slot = [e.key for e in view.endpoints].index(A)
    with pytest.raises(PoolSaturatedError):
        check.check(REQ, view, slot)
    assert guard.asked == 0
    check.check(REQ, view, 1 - slot)
    assert guard.asked == 1


def test_a_pick_takes_in_its_pods_scrapes_without_a_watch() -> None:
    ds, h = pool(), DecodeHeadroom(0.045, window_s=1.0)
    scrape(ds, A, 0.0, 0.0, 0.0)
    assert admits(h, ds, A)
    scrape(ds, A, 0.5, 0.080 * 100, 100)
    assert not admits(h, ds, A)
    h.forget(A)  # it left the pool
    assert h.itl(A) is None
    assert admits(h, ds, A)
