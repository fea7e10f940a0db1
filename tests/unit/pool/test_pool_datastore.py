"""PoolDatastore: slot consistency through adds, removes and re-adds; views; listeners."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from kinference_epp.config.model import EndpointConfig, PoolConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot


def ep(n: int, *models: str) -> Endpoint:
    key = EndpointKey(f"10.0.0.{n}:8000")
    return Endpoint(
        key=key, models=frozenset(models or ("m",)), metrics_url=f"http://{key}/metrics"
    )


def check_consistent(store: PoolDatastore) -> None:
    view = store.view()
    n = len(store)
    assert len(view) == n
    for vec in (
        view.running,
        view.waiting,
        view.kv_usage,
        view.kv_capacity,
        view.ready,
        view.stale,
    ):
        assert vec.shape == (n,)
    for slot, endpoint in enumerate(view.endpoints):
        assert view.slot(endpoint.key) == slot
        assert store.get(endpoint.key) is endpoint
        snap = view.snapshot(slot)
        if snap is not None and not view.stale[slot]:
            assert view.running[slot] == snap.running
            assert view.waiting[slot] == snap.waiting
        for model in endpoint.models:
            mask = view.model_mask(model)
            assert mask is not None
            assert mask[slot]
    for model in store.models():
        mask = view.model_mask(model)
        assert mask is not None
        assert mask.shape == (n,)
        assert {view.endpoints[i].key for i in np.flatnonzero(mask)} == {
            e.key for e in view.endpoints if model in e.models
        }


def test_new_endpoint_is_ready_and_stale_until_first_load() -> None:
    store = PoolDatastore()
    store.upsert(ep(1))
    assert store.is_ready(EndpointKey("10.0.0.1:8000"))
    assert store.is_stale(EndpointKey("10.0.0.1:8000"))
    store.update_load(EndpointKey("10.0.0.1:8000"), LoadSnapshot(running=2, waiting=3))
    assert not store.is_stale(EndpointKey("10.0.0.1:8000"))
    assert store.view().waiting.tolist() == [3.0]


def test_remove_swaps_last_slot_into_the_hole() -> None:
    store = PoolDatastore()
    for i in range(1, 4):
        store.upsert(ep(i))
        store.update_load(ep(i).key, LoadSnapshot(waiting=float(i)))
    assert store.remove(ep(1).key)
    view = store.view()
    assert [e.key for e in view.endpoints] == [ep(3).key, ep(2).key]
    assert view.waiting.tolist() == [3.0, 2.0]
    assert not store.remove(ep(1).key)
    check_consistent(store)


def test_view_is_cached_and_sees_live_loads() -> None:
    store = PoolDatastore()
    store.upsert(ep(1))
    view = store.view()
    store.update_load(ep(1).key, LoadSnapshot(kv_usage=0.5))
    assert store.view() is view
    assert view.kv_usage[0] == 0.5
    store.upsert(ep(2))
    assert store.view() is not view


def test_model_masks_are_read_only() -> None:
    store = PoolDatastore()
    store.upsert(ep(1, "a", "lora-x"))
    mask = store.view().model_mask("lora-x")
    assert mask is not None
    with pytest.raises(ValueError, match="read-only"):
        mask[0] = False
    assert store.view().model_mask("unknown") is None
    assert store.serves_model("lora-x")
    assert not store.serves_model("b")


def test_upsert_changed_endpoint_keeps_load_and_updates_models() -> None:
    store = PoolDatastore()
    store.upsert(ep(1, "a"))
    store.update_load(ep(1).key, LoadSnapshot(waiting=7))
    store.set_ready(ep(1).key, False)
    store.upsert(ep(1, "b"))
    assert store.serves_model("b")
    assert not store.serves_model("a")
    assert store.view().waiting.tolist() == [7.0]
    assert not store.is_ready(ep(1).key)
    store.upsert(ep(1, "b"), ready=True)
    assert store.is_ready(ep(1).key)


def test_unknown_keys_are_ignored() -> None:
    store = PoolDatastore()
    key = EndpointKey("10.9.9.9:1")
    assert not store.update_load(key, LoadSnapshot())
    assert not store.mark_stale(key)
    assert not store.set_ready(key, True)
    assert store.get(key) is None
    assert store.snapshot(key) is None


def test_growth_beyond_initial_capacity() -> None:
    store = PoolDatastore()
    for i in range(1, 100):
        store.upsert(ep(i))
        store.update_load(ep(i).key, LoadSnapshot(running=float(i)))
    assert store.view().running.sum() == sum(range(1, 100))
    check_consistent(store)


def test_listeners_see_adds_removes_and_changes() -> None:
    store = PoolDatastore()
    store.upsert(ep(1))
    events: list[tuple[str, EndpointKey]] = []
    unsubscribe = store.subscribe(
        lambda e: events.append(("add", e.key)), lambda e: events.append(("remove", e.key))
    )
    assert events == [("add", ep(1).key)]
    store.upsert(ep(2))
    store.upsert(ep(2))  # equal: no event
    store.upsert(ep(2, "other"))  # changed: remove + add
    store.remove(ep(1).key)
    assert events[1:] == [
        ("add", ep(2).key),
        ("remove", ep(2).key),
        ("add", ep(2).key),
        ("remove", ep(1).key),
    ]
    unsubscribe()
    store.upsert(ep(3))
    assert len(events) == 5


def test_a_failing_listener_does_not_break_the_datastore() -> None:
    store = PoolDatastore()

    def boom(_: Endpoint) -> None:
        raise RuntimeError("listener bug")

    store.subscribe(boom, boom)
    store.upsert(ep(1))
    store.remove(ep(1).key)
    assert len(store) == 0


def test_from_config() -> None:
    store = PoolDatastore.from_config(
        PoolConfig(
            name="p",
            endpoints=[
                EndpointConfig(address="10.0.0.1:8000", models=["a", "lora"], name="pod-1"),
                EndpointConfig(
                    address="10.0.0.2:8000", models=["a"], metrics_url="http://10.0.0.2:9000/m"
                ),
            ],
        )
    )
    assert store.name == "p"
    first = store.get(EndpointKey("10.0.0.1:8000"))
    second = store.get(EndpointKey("10.0.0.2:8000"))
    assert first is not None
    assert second is not None
    assert first.metrics_url == "http://10.0.0.1:8000/metrics"
    assert first.name == "pod-1"
    assert second.metrics_url == "http://10.0.0.2:9000/m"
    assert second.name == "10.0.0.2:8000"
    assert store.serves_model("lora")


def test_stats_average_over_ready_fresh_endpoints() -> None:
    store = PoolDatastore()
    for i in range(1, 5):
        store.upsert(ep(i))
    store.update_load(ep(1).key, LoadSnapshot(waiting=2, kv_usage=0.2))
    store.update_load(ep(2).key, LoadSnapshot(waiting=4, kv_usage=0.4))
    store.update_load(ep(3).key, LoadSnapshot(waiting=100, kv_usage=1.0))
    store.set_ready(ep(3).key, False)
    stats = store.stats()
    assert (stats.endpoints, stats.ready, stats.stale) == (4, 3, 1)
    assert stats.avg_waiting == pytest.approx(3.0)
    assert stats.avg_kv_usage == pytest.approx(0.3)
    assert store.aggregates() == (3, pytest.approx(3.0), pytest.approx(0.3))
    assert PoolDatastore().aggregates() == (0, 0.0, 0.0)


def test_view_version_changes_on_every_load_write() -> None:
    store = PoolDatastore()
    first, second = ep(1), ep(2)
    store.upsert(first)
    store.upsert(second)
    view = store.view()
    seen = [view.version]

    def changed() -> None:
        assert store.view() is view  # a load write keeps the view object
        assert view.version not in seen
        seen.append(view.version)

    store.update_load(first.key, LoadSnapshot(waiting=3))
    changed()
    store.update_load(first.key, LoadSnapshot(waiting=3))  # same values: still a write
    changed()
    store.mark_stale(second.key)
    changed()
    store.set_ready(first.key, False)
    changed()
    store.set_ready(first.key, False)  # unchanged flag: still a write
    changed()
    store.upsert(first, ready=True)  # the same endpoint object, ready given
    changed()
    assert bool(view.ready[0])
    assert len(set(seen)) == 7  # the first value and six changes


def test_view_version_ignores_unknown_keys_and_identical_upserts() -> None:
    store = PoolDatastore()
    first = ep(1)
    store.upsert(first)
    view = store.view()
    before = view.version
    gone = EndpointKey("10.9.9.9:1")
    assert not store.update_load(gone, LoadSnapshot(waiting=1))
    assert not store.mark_stale(gone)
    assert not store.set_ready(gone, False)
    store.upsert(first)  # the same object, no ready: nothing changes
    assert store.view() is view
    assert view.version == before


def test_view_version_changes_on_membership_changes() -> None:
    store = PoolDatastore()
    store.upsert(ep(1))
    old = store.view()
    before = old.version
    store.upsert(ep(2))
    added = store.view()
    after_add = added.version
    assert added is not old
    assert after_add != before
    store.remove(ep(1).key)
    removed = store.view()
    assert removed is not added
    assert removed.version not in (before, after_add)
    after_remove = removed.version
    assert not store.remove(ep(1).key)  # already gone: no change
    assert store.view() is removed
    assert removed.version == after_remove


def test_view_version_does_not_change_on_reads() -> None:
    store = PoolDatastore()
    store.upsert(ep(1, "a"))
    store.upsert(ep(2, "a", "b"))
    store.update_load(ep(1).key, LoadSnapshot(waiting=2, kv_usage=0.5))
    view = store.view()
    before = view.version
    assert store.view() is view
    assert store.stats().endpoints == 2
    assert store.aggregates()[0] == 2
    snap = store.snapshot(ep(1).key)
    assert snap is not None
    assert snap.waiting == 2
    assert view.snapshot(0) is snap
    assert store.is_ready(ep(1).key)
    assert not store.is_stale(ep(1).key)
    assert store.models() == {"a", "b"}
    assert store.serves_model("b")
    assert len(store.endpoints()) == 2
    assert view.model_mask("b") is not None
    assert view.subset_mask([ep(2).key]).tolist() == [False, True]
    assert store.view().version == before
    assert view.version == before


def test_model_every_endpoint_serves_gets_the_everyone_mask() -> None:
    store = PoolDatastore()
    store.upsert(ep(1, "base", "lora"))
    store.upsert(ep(2, "base"))
    view = store.view()
    assert view.model_mask("base") is view.everyone
    lora = view.model_mask("lora")
    assert lora is not None
    assert lora is not view.everyone
    assert lora.tolist() == [True, False]
    assert not lora.flags.writeable
    assert not view.everyone.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        lora[1] = True
    # once every endpoint serves it, it is ``everyone`` too (of the new view)
    store.upsert(ep(2, "base", "lora"))
    again = store.view()
    assert again.model_mask("lora") is again.everyone
    assert again.everyone.tolist() == [True, True]


class DatastoreMachine(RuleBasedStateMachine):
    """Random adds, removes, re-adds and load updates against a plain dict model."""

    def __init__(self) -> None:
        super().__init__()
        self.store = PoolDatastore()
        self.model: dict[EndpointKey, tuple[frozenset[str], float, bool, bool]] = {}
        self.capacity: dict[EndpointKey, float] = {}

    @rule(n=st.integers(1, 12), models=st.sets(st.sampled_from("abc"), min_size=1))
    def upsert(self, n: int, models: set[str]) -> None:
        endpoint = ep(n, *sorted(models))
        self.store.upsert(endpoint)
        old = self.model.get(endpoint.key)
        if old is None:
            self.capacity[endpoint.key] = 0.0
        self.model[endpoint.key] = (
            endpoint.models,
            old[1] if old else 0.0,
            old[2] if old else True,
            old[3] if old else True,
        )

    @rule(n=st.integers(1, 12))
    def remove(self, n: int) -> None:
        key = ep(n).key
        assert self.store.remove(key) == (key in self.model)
        self.model.pop(key, None)

    @precondition(lambda self: bool(self.model))
    @rule(data=st.data(), waiting=st.floats(0, 100), blocks=st.none() | st.integers(1, 10**5))
    def update(self, data: st.DataObject, waiting: float, blocks: int | None) -> None:
        key = data.draw(st.sampled_from(sorted(self.model)))
        snapshot = LoadSnapshot(waiting=waiting, num_gpu_blocks=blocks, block_size=16)
        self.store.update_load(key, snapshot)
        if blocks is not None:  # a scrape without the cache's size keeps the last one known
            self.capacity[key] = blocks * 16.0
        models, _, ready, _ = self.model[key]
        self.model[key] = (models, waiting, ready, False)

    @precondition(lambda self: bool(self.model))
    @rule(data=st.data(), ready=st.booleans())
    def flags(self, data: st.DataObject, ready: bool) -> None:
        key = data.draw(st.sampled_from(sorted(self.model)))
        self.store.set_ready(key, ready)
        self.store.mark_stale(key)
        models, waiting, _, _ = self.model[key]
        self.model[key] = (models, waiting, ready, True)

    @invariant()
    def matches_model(self) -> None:
        check_consistent(self.store)
        view = self.store.view()
        assert {e.key for e in view.endpoints} == set(self.model)
        for slot, endpoint in enumerate(view.endpoints):
            models, waiting, ready, stale = self.model[endpoint.key]
            assert endpoint.models == models
            assert view.waiting[slot] == waiting
            assert view.kv_capacity[slot] == self.capacity[endpoint.key]
            assert bool(view.ready[slot]) == ready
            assert bool(view.stale[slot]) == stale


TestDatastoreMachine = DatastoreMachine.TestCase
TestDatastoreMachine.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)


def test_a_bare_ip_subset_hint_names_every_port_of_that_pod() -> None:
    """GIE matches a subset hint without a port by IP: a gateway may know pods, not ports."""
    store = PoolDatastore()
    for key in ("10.0.0.1:8000", "10.0.0.1:8001", "10.0.0.2:8000", "[fd00::3]:8000"):
        store.upsert(Endpoint(key=EndpointKey(key), models=frozenset({"m"}), metrics_url=""))
    view = store.view()
    keys = [e.key for e in view.endpoints]

    def picked(*hint: str) -> set[str]:
        mask = view.subset_mask([EndpointKey(h) for h in hint])
        return {keys[i] for i in np.flatnonzero(mask)}

    assert picked("10.0.0.1") == {"10.0.0.1:8000", "10.0.0.1:8001"}
    assert picked("10.0.0.2:8000", "10.0.0.1:8001") == {"10.0.0.2:8000", "10.0.0.1:8001"}
    assert picked("fd00::3") == {"[fd00::3]:8000"}
    assert picked("10.0.0.1:9999", "10.0.0.9") == set()
