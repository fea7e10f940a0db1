"""The Scheduler: errors, routers, fallbacks, contracts, timings, determinism."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from sched_fakes import Row, build_pool, key, keys

from kinference_epp.config.model import PluginConfig, SchedulerConfig
from kinference_epp.errors import ModelNotFoundError, NoReadyEndpointError
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.framework import (
    BoolVec,
    BuildContext,
    Chain,
    FloatVec,
    NamedFilter,
    NamedPicker,
    PluginLabel,
    WeightedScorer,
)
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.plugins.max_score_picker import MaxScorePicker
from kinference_epp.scheduling.plugins.model_filter import ModelFilter
from kinference_epp.scheduling.plugins.subset_filter import SubsetFilter
from kinference_epp.scheduling.routers import ROUTERS, build_chain
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

ROUTER_NAMES = sorted(name for name, preset in ROUTERS.items() if not preset.takes_scorers)


def scheduler(rows: list[Row], router: str = "precise-prefix", **config: Any) -> Scheduler:
    return Scheduler(SchedulerConfig(router=router, seed=0, **config), build_pool(rows))


def req(model: str | None = "m", subset: tuple[int, ...] | None = None) -> SchedulingRequest:
    return SchedulingRequest(
        model=model, subset=None if subset is None else frozenset(keys(*subset))
    )


# -- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("router", ROUTER_NAMES)
@pytest.mark.parametrize(
    ("rows", "request_", "error", "status", "reason"),
    [
        ([Row(1, ("a",))], req("b"), ModelNotFoundError, 404, "model_not_found"),
        ([], req("b"), ModelNotFoundError, 404, "model_not_found"),
        ([], req(None), NoReadyEndpointError, 503, "no_ready_endpoint"),
        (
            [Row(1, ready=False), Row(2, ready=False)],
            req(),
            NoReadyEndpointError,
            503,
            "no_ready_endpoint",
        ),
        (
            [Row(1, ("a",)), Row(2, ("m",), ready=False)],
            req(),
            NoReadyEndpointError,
            503,
            "no_ready_endpoint",
        ),
        ([Row(1), Row(2)], req(subset=()), NoReadyEndpointError, 503, "subset_empty"),
        ([Row(1), Row(2, ("x",))], req(subset=(2,)), NoReadyEndpointError, 503, "subset_empty"),
        ([Row(1), Row(2)], req(subset=(9,)), NoReadyEndpointError, 503, "subset_empty"),
        ([Row(1, ("a",))], req("b", subset=(1,)), ModelNotFoundError, 404, "model_not_found"),
    ],
)
def test_errors(
    router: str,
    rows: list[Row],
    request_: SchedulingRequest,
    error: type[Exception],
    status: int,
    reason: str,
) -> None:
    with pytest.raises(error) as info:
        scheduler(rows, router).schedule(request_)
    assert getattr(info.value, "status", None) == status
    assert getattr(info.value, "reason", None) == reason


# -- routing --------------------------------------------------------------------------------


@pytest.mark.parametrize("router", ROUTER_NAMES)
def test_subset_restricts_and_model_none_goes_anywhere_ready(router: str) -> None:
    rows = [Row(1, ("a",)), Row(2, ("b",)), Row(3, ("b",)), Row(4, ("c",), ready=False)]
    sched = scheduler(rows, router, fallbacks=3)
    for _ in range(20):
        assert set(sched.schedule(req("b", subset=(1, 3))).endpoints) == {key(3)}
        assert set(sched.schedule(req(None)).endpoints) == set(keys(1, 2, 3))


@pytest.mark.parametrize(
    ("router", "rows", "expected"),
    [
        ("least-queue", [Row(1, waiting=5), Row(2, waiting=1), Row(3, waiting=3)], keys(2, 3, 1)),
        # least-queue counts the running batch too: 0 + 6 > 1 + 0
        ("least-queue", [Row(1, waiting=0, running=6), Row(2, waiting=1)], keys(2, 1)),
        # precise-prefix = load-cost; with nothing wired it costs 1024 tokens per waiting/running
        (
            "precise-prefix",
            [Row(1, waiting=0, kv=0.9), Row(2, waiting=1, kv=0.0), Row(3, waiting=2, kv=0.5)],
            keys(1, 2, 3),
        ),
        (
            "precise-prefix",
            [Row(1, waiting=3), Row(2, running=1), Row(3, waiting=2)],
            keys(2, 3, 1),
        ),
        (
            "load",  # queue 1 + kv-usage 1
            [Row(1, waiting=0, kv=0.9), Row(2, waiting=1, kv=0.0), Row(3, waiting=2, kv=0.5)],
            keys(2, 1, 3),
        ),
        (
            "approx-prefix",  # no prefix history yet: queue 2 + kv-usage 2 decide
            [Row(1, waiting=0, kv=0.9), Row(2, waiting=1, kv=0.0), Row(3, waiting=2, kv=0.5)],
            keys(2, 1, 3),  # 2·1 + 2·1.0  >  2·1 + 2·0.1  >  0 + 2·0.5
        ),
        # stale endpoints are left out while a fresh one remains...
        ("precise-prefix", [Row(1, stale=True), Row(2, waiting=9, kv=0.9)], keys(2)),
        # ...and all kept (on their last loads) when every one is stale
        (
            "precise-prefix",
            [Row(1, waiting=9, stale=True), Row(2, waiting=0, stale=True)],
            keys(2, 1),
        ),
    ],
)
def test_scored_routers_order_by_score(
    router: str, rows: list[Row], expected: tuple[str, ...]
) -> None:
    result = scheduler(rows, router, fallbacks=5).schedule(req())
    assert result.endpoints == expected
    assert result.primary == expected[0]
    assert result.router == router


def test_result_scores_are_the_weighted_totals_of_every_candidate() -> None:
    rows = [Row(1, waiting=0, kv=0.5), Row(2, waiting=4, kv=0.0), Row(3, ("x",))]
    result = scheduler(
        rows, "weighted", scorers=[PluginConfig(type="queue"), PluginConfig(type="kv-usage")]
    ).schedule(req())
    assert dict(result.scores) == pytest.approx({key(1): 1.5, key(2): 1.0})
    assert len(result.scores) == 2
    assert key(3) not in result.scores


def test_configured_scorers_and_weights() -> None:
    rows = [Row(1, waiting=0, kv=0.9), Row(2, waiting=1, kv=0.0)]
    sched = scheduler(
        rows,
        "weighted",
        scorers=[PluginConfig(type="queue", weight=1), PluginConfig(type="kv-usage", weight=3)],
    )
    assert sched.weights == {"queue": 1.0, "kv-usage": 3.0}
    assert sched.schedule(req()).primary == key(2)


def test_round_robin_spreads_evenly() -> None:
    rows = [Row(n) for n in range(1, 6)] + [Row(6, ready=False)]
    sched = scheduler(rows, "round-robin")
    counts = Counter(sched.schedule(req()).primary for _ in range(500))
    assert counts == dict.fromkeys(keys(1, 2, 3, 4, 5), 100)


def test_round_robin_fallbacks_are_the_next_in_order() -> None:
    sched = scheduler([Row(n) for n in range(1, 5)], "round-robin", fallbacks=2)
    assert [sched.schedule(req()).endpoints for _ in range(3)] == [
        keys(1, 2, 3),
        keys(2, 3, 4),
        keys(3, 4, 1),
    ]


@pytest.mark.parametrize("router", ROUTER_NAMES)
@pytest.mark.parametrize(
    ("endpoints", "fallbacks", "expected_len"), [(5, 2, 3), (2, 4, 2), (1, 0, 1)]
)
def test_fallbacks_are_distinct(
    router: str, endpoints: int, fallbacks: int, expected_len: int
) -> None:
    rows = [Row(n, waiting=float(n % 3)) for n in range(1, endpoints + 1)]
    sched = scheduler(rows, router, fallbacks=fallbacks)
    for _ in range(30):
        picked = sched.schedule(req()).endpoints
        assert len(picked) == expected_len
        assert len(set(picked)) == expected_len


@pytest.mark.parametrize("router", ROUTER_NAMES)
def test_same_seed_same_decisions(router: str) -> None:
    rows = [Row(n, waiting=float(n % 2)) for n in range(1, 9)]

    def run() -> list[tuple[str, ...]]:
        sched = scheduler(rows, router, fallbacks=2)
        return [sched.schedule(req()).endpoints for _ in range(50)]

    assert run() == run()


def test_scheduler_sees_live_load_and_membership_changes() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=5)])
    sched = Scheduler(SchedulerConfig(router="least-queue", fallbacks=0), store)
    assert sched.schedule(req()).endpoints == keys(1)
    store.update_load(key(1), LoadSnapshot(waiting=10))
    assert sched.schedule(req()).endpoints == keys(2)
    store.remove(key(2))
    assert sched.schedule(req()).endpoints == keys(1)


# -- configuration --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "match"),
    [
        (SchedulerConfig(router="fastest"), "unknown router 'fastest'"),
        (
            SchedulerConfig(router="round-robin", scorers=[PluginConfig(type="queue")]),
            "does not take scorers",
        ),
        (
            SchedulerConfig(router="precise-prefix", scorers=[PluginConfig(type="queue")]),
            "does not take scorers",
        ),
        (SchedulerConfig(router="weighted"), "needs scheduler.scorers"),
        (
            SchedulerConfig(router="weighted", scorers=[PluginConfig(type="nope")]),
            "unknown scorer type 'nope'",
        ),
        (
            SchedulerConfig(
                router="weighted", scorers=[PluginConfig(type="queue", params={"x": 1})]
            ),
            "scorer 'queue'",
        ),
        (
            SchedulerConfig(
                router="weighted", scorers=[PluginConfig(type="queue"), PluginConfig(type="queue")]
            ),
            "listed twice",
        ),
        (SchedulerConfig(router="round-robin", temperature=0.1), "temperature does not apply"),
    ],
)
def test_bad_configuration_is_rejected(config: SchedulerConfig, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Scheduler(config, build_pool([Row(1)]))


@pytest.mark.parametrize("name", ["default", "ours"])
def test_a_config_naming_no_router_fails_with_the_router_names(name: str) -> None:
    with pytest.raises(ValueError, match=f"router '{name}' is not a router name") as caught:
        SchedulerConfig(router=name)
    for router in ROUTERS:
        assert router in str(caught.value)


def test_temperature_reaches_the_max_score_picker() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=1), Row(3, waiting=50)])
    cold = Scheduler(SchedulerConfig(router="least-queue", seed=0), store)
    assert {str(cold.schedule(req()).primary) for _ in range(50)} == {str(key(1))}
    warm = Scheduler(SchedulerConfig(router="least-queue", temperature=0.2, seed=0), store)
    picks = Counter(str(warm.schedule(req()).primary) for _ in range(300))
    # the two near-best share the burst; the one far below is almost never drawn
    assert picks[str(key(1))] > 100
    assert picks[str(key(2))] > 100
    assert picks[str(key(3))] < 10


def test_the_default_router_is_precise_prefix() -> None:
    assert SchedulerConfig().router == "precise-prefix"
    assert Scheduler(SchedulerConfig(), build_pool([Row(1)])).weights == {"load-cost": 1.0}


# -- contracts, timings, observers ----------------------------------------------------------


class ConstScorer:
    def __init__(self, values: list[float]) -> None:
        self.values = np.array(values)

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        return self.values


def label(kind: str, name: str) -> PluginLabel:
    return PluginLabel(kind, name, name)


def chain_with(scorers: list[WeightedScorer]) -> Chain:
    return Chain(
        "custom",
        (),
        tuple(scorers),
        NamedPicker(label("picker", "max-score"), MaxScorePicker(np.random.default_rng(0))),
        fallbacks=3,
    )


def test_runner_clamps_scores_and_treats_nan_as_zero() -> None:
    store = build_pool([Row(1), Row(2), Row(3), Row(4)])
    bad = WeightedScorer(label("scorer", "bad"), ConstScorer([5.0, np.nan, -3.0, 0.5]), 2.0)
    result = Scheduler.from_chain(store, chain_with([bad])).schedule(req())
    assert dict(result.scores) == {key(1): 2.0, key(2): 0.0, key(3): 0.0, key(4): 1.0}
    assert result.endpoints[:2] == keys(1, 4)


def test_runner_rejects_a_wrong_shape() -> None:
    store = build_pool([Row(1), Row(2)])
    bad = WeightedScorer(label("scorer", "short"), ConstScorer([1.0]))
    with pytest.raises(ValueError, match=r"scorer/short returned shape \(1,\)"):
        Scheduler.from_chain(store, chain_with([bad])).schedule(req())


def test_zero_weight_scorers_do_not_run() -> None:
    store = build_pool([Row(1), Row(2)])
    unused = WeightedScorer(label("scorer", "short"), ConstScorer([1.0]), 0.0)
    sched = Scheduler.from_chain(store, chain_with([unused]))
    assert len(sched.schedule(req()).endpoints) == 2
    assert [str(p) for p in sched.plugins] == ["picker/max-score"]


def test_every_plugin_is_timed() -> None:
    timings: list[tuple[PluginLabel, float]] = []
    sched = Scheduler(
        SchedulerConfig(),
        build_pool([Row(1), Row(2)]),
        on_timing=lambda p, s: timings.append((p, s)),
    )
    sched.schedule(req())
    assert [str(p) for p, _ in timings] == [
        "filter/model",
        "filter/subset",
        "filter/ready",
        "scorer/load-cost",
        "picker/max-score",
    ]
    assert [p for p, _ in timings] == list(sched.plugins)
    assert all(seconds >= 0 for _, seconds in timings)
    assert timings[3][0] == PluginLabel("scorer", "load-cost", "load-cost")


def test_observers_see_every_pick_and_cannot_break_routing() -> None:
    seen: list[SchedulingResult] = []

    class Recorder:
        def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
            seen.append(result)

    class Broken:
        def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
            raise RuntimeError("observer bug")

    sched = Scheduler(SchedulerConfig(), build_pool([Row(1)]), observers=[Broken(), Recorder()])
    result = sched.schedule(req())
    assert seen == [result]


def test_filters_may_not_widen_the_mask() -> None:
    class Everything:
        def filter(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> BoolVec:
            return np.ones(len(pool), dtype=bool)

    store = build_pool([Row(1), Row(2, ("x",))])
    chain = chain_with([])
    chain = Chain(
        "custom",
        (
            NamedFilter(label("filter", "model"), ModelFilter()),
            NamedFilter(label("filter", "everything"), Everything()),
        ),
        (),
        chain.picker,
        fallbacks=3,
    )
    assert Scheduler.from_chain(store, chain).schedule(req()).endpoints == keys(1)


@pytest.mark.parametrize(
    ("config", "reads"),
    [
        (SchedulerConfig(router="precise-prefix"), True),
        (SchedulerConfig(router="approx-prefix"), True),
        (SchedulerConfig(router="load"), False),
        (SchedulerConfig(router="least-queue"), False),
        (SchedulerConfig(router="round-robin"), False),
        (SchedulerConfig(router="random"), False),
        (SchedulerConfig(router="weighted", scorers=[PluginConfig(type="queue")]), False),
        (
            SchedulerConfig(
                router="weighted",
                scorers=[PluginConfig(type="queue"), PluginConfig(type="prefix")],
            ),
            True,
        ),
    ],
)
def test_reads_prompt_only_when_a_plugin_needs_tokens(config: SchedulerConfig, reads: bool) -> None:
    assert Scheduler(config, build_pool([Row(1)])).reads_prompt is reads


# -- the stage cache of pool-only chains ----------------------------------------------------


@pytest.mark.parametrize(
    ("config", "pool_only"),
    [
        (SchedulerConfig(router="least-queue"), True),
        (SchedulerConfig(router="round-robin"), True),
        (SchedulerConfig(router="random"), True),
        (
            SchedulerConfig(
                router="weighted",
                scorers=[PluginConfig(type="queue"), PluginConfig(type="kv-usage")],
            ),
            True,
        ),
        (SchedulerConfig(router="load"), True),
        (SchedulerConfig(router="precise-prefix"), False),  # load-cost: in-flight, prefix state
        (SchedulerConfig(router="approx-prefix"), False),
        (
            SchedulerConfig(
                router="weighted",
                scorers=[PluginConfig(type="queue"), PluginConfig(type="prefix")],
            ),
            False,
        ),
    ],
)
def test_pool_only_chains(config: SchedulerConfig, pool_only: bool) -> None:
    chain = build_chain(config, default_registry(), BuildContext())
    assert chain.pool_only is pool_only
    assert Scheduler(config, build_pool([Row(1)]))._pool_only is pool_only


def least_queue(store: PoolDatastore) -> Scheduler:
    sched = Scheduler(SchedulerConfig(router="least-queue", fallbacks=0), store)
    assert sched._pool_only
    return sched


def picks(sched: Scheduler, n: int = 3) -> set[EndpointKey]:
    return {sched.schedule(req()).primary for _ in range(n)}


def endpoint(n: int, *models: str) -> Endpoint:
    return Endpoint(key=key(n), models=frozenset(models or ("m",)), metrics_url=f"http://{key(n)}")


def test_pool_only_cache_sees_a_load_change_on_the_next_request() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=5)])
    sched = least_queue(store)
    assert picks(sched) == {key(1)}
    store.update_load(key(1), LoadSnapshot(waiting=50))
    assert sched.schedule(req()).primary == key(2)
    assert picks(sched) == {key(2)}
    store.update_load(key(1), LoadSnapshot(waiting=1))
    assert sched.schedule(req()).primary == key(1)


@pytest.mark.parametrize(
    "change",
    [
        lambda store: store.mark_stale(key(1)),
        lambda store: store.set_ready(key(1), False),
        lambda store: store.remove(key(1)),
    ],
    ids=["stale", "unready", "removed"],
)
def test_pool_only_cache_sees_the_winner_go(change: Callable[[PoolDatastore], object]) -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=5), Row(3, waiting=9)])
    sched = least_queue(store)
    assert picks(sched) == {key(1)}
    change(store)
    assert sched.schedule(req()).primary == key(2)


def test_pool_only_cache_sees_the_winner_ready_again() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=5)])
    sched = least_queue(store)
    store.set_ready(key(1), False)
    assert sched.schedule(req()).primary == key(2)
    store.set_ready(key(1), True)
    assert sched.schedule(req()).primary == key(1)


def test_pool_only_cache_sees_a_new_better_endpoint() -> None:
    # all stale: routed on the last loads, so a new (stale) endpoint competes at once
    store = build_pool([Row(1, waiting=2, stale=True), Row(2, waiting=5, stale=True)])
    sched = least_queue(store)
    assert picks(sched) == {key(1)}
    store.upsert(endpoint(3))  # new: no load yet, queue 0
    assert sched.schedule(req()).primary == key(3)


def test_pool_only_cache_sees_a_model_change_without_a_load_write() -> None:
    # replacing an endpoint's models writes no vector (no version bump): only the view changes
    store = build_pool([Row(1, waiting=0), Row(2, waiting=5)])
    sched = least_queue(store)
    assert picks(sched) == {key(1)}
    store.upsert(endpoint(1, "other"))
    assert sched.schedule(req()).primary == key(2)
    assert sched.schedule(req("other")).primary == key(1)


class CountingFilter:
    """Passes the mask through; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def filter(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> BoolVec:
        self.calls += 1
        return mask


class CountingScorer:
    """Shorter queues score higher (1 / (1 + waiting)); records the key of every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str | None, frozenset[EndpointKey] | None]] = []

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        self.calls.append((req.model, req.subset))
        result: FloatVec = 1.0 / (1.0 + pool.waiting)
        return result


def counting_chain(scorer: CountingScorer, counting: CountingFilter, *, pool_only: bool) -> Chain:
    return Chain(
        "custom",
        (
            NamedFilter(label("filter", "model"), ModelFilter()),
            NamedFilter(label("filter", "subset"), SubsetFilter()),
            NamedFilter(label("filter", "counting"), counting),
        ),
        (WeightedScorer(label("scorer", "counting"), scorer),),
        NamedPicker(label("picker", "max-score"), MaxScorePicker(np.random.default_rng(0))),
        pool_only=pool_only,
    )


def test_pool_only_plugins_run_once_while_the_pool_is_unchanged() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=3)])
    scorer, counting = CountingScorer(), CountingFilter()
    sched = Scheduler.from_chain(store, counting_chain(scorer, counting, pool_only=True))
    assert sched._pool_only
    assert [sched.schedule(req()).primary for _ in range(10)] == [key(1)] * 10
    assert len(scorer.calls) == 1
    assert counting.calls == 1
    store.update_load(key(1), LoadSnapshot(waiting=9))
    assert [sched.schedule(req()).primary for _ in range(10)] == [key(2)] * 10
    assert len(scorer.calls) == 2
    assert counting.calls == 2
    store.update_load(key(2), LoadSnapshot(waiting=3))  # same values: still runs again
    sched.schedule(req())
    assert len(scorer.calls) == 3


def test_pool_only_stages_are_per_model_and_subset() -> None:
    store = build_pool([Row(1, ("a", "b")), Row(2, ("a",), waiting=1), Row(3, ("b",), waiting=2)])
    scorer = CountingScorer()
    sched = Scheduler.from_chain(store, counting_chain(scorer, CountingFilter(), pool_only=True))
    for _ in range(4):
        assert sched.schedule(req("a")).primary == key(1)
        assert sched.schedule(req("b")).primary == key(1)
        assert sched.schedule(req("a", subset=(2,))).primary == key(2)
        assert sched.schedule(req("b", subset=(1, 3))).primary == key(1)
    assert scorer.calls == [
        ("a", None),
        ("b", None),
        ("a", frozenset(keys(2))),
        ("b", frozenset(keys(1, 3))),
    ]
    assert len(sched._stages) == 4
    store.update_load(key(1), LoadSnapshot(waiting=5))
    assert sched.schedule(req("a")).primary == key(2)
    assert sched.schedule(req("b")).primary == key(3)
    assert scorer.calls[4:] == [("a", None), ("b", None)]


def test_pool_only_scorer_registered_as_such_is_cached() -> None:
    scorer = CountingScorer()
    base = default_registry()
    registry = replace(
        base,
        scorers={**base.scorers, "counting": lambda params, ctx: scorer},
        pool_only=base.pool_only | {"counting"},
    )
    store = build_pool([Row(1, waiting=4), Row(2, waiting=1)])
    config = SchedulerConfig(router="weighted", scorers=[PluginConfig(type="counting")])
    sched = Scheduler(config, store, registry=registry)
    assert sched._pool_only
    assert [sched.schedule(req()).primary for _ in range(5)] == [key(2)] * 5
    assert len(scorer.calls) == 1
    store.update_load(key(2), LoadSnapshot(waiting=8))
    assert sched.schedule(req()).primary == key(1)
    assert len(scorer.calls) == 2


def test_a_scorer_not_registered_as_pool_only_runs_every_request() -> None:
    scorer = CountingScorer()
    base = default_registry()
    registry = replace(base, scorers={**base.scorers, "counting": lambda params, ctx: scorer})
    store = build_pool([Row(1, waiting=4), Row(2, waiting=1)])
    config = SchedulerConfig(
        router="weighted", scorers=[PluginConfig(type="queue"), PluginConfig(type="counting")]
    )
    sched = Scheduler(config, store, registry=registry)
    assert not sched._pool_only
    assert [sched.schedule(req()).primary for _ in range(5)] == [key(2)] * 5
    assert len(scorer.calls) == 5
    assert sched._stages == {}


def test_a_chain_that_is_not_pool_only_runs_its_plugins_every_request() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=3)])
    scorer, counting = CountingScorer(), CountingFilter()
    sched = Scheduler.from_chain(store, counting_chain(scorer, counting, pool_only=False))
    assert not sched._pool_only
    for _ in range(6):
        assert sched.schedule(req()).primary == key(1)
    assert len(scorer.calls) == 6
    assert counting.calls == 6


def test_timed_cycles_bypass_the_stage_cache() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=3)])
    scorer = CountingScorer()
    timings: list[str] = []
    sched = Scheduler.from_chain(
        store,
        counting_chain(scorer, CountingFilter(), pool_only=True),
        on_timing=lambda p, s: timings.append(str(p)),
    )
    assert sched.timing_every == 1
    for _ in range(5):
        assert sched.schedule(req()).primary == key(1)
    assert len(scorer.calls) == 5
    assert timings.count("scorer/counting") == 5
    assert timings.count("picker/max-score") == 5


def test_sampled_timing_runs_the_plugins_only_on_timed_cycles() -> None:
    store = build_pool([Row(1, waiting=0), Row(2, waiting=3)])
    scorer = CountingScorer()
    timings: list[str] = []
    sched = Scheduler.from_chain(
        store,
        counting_chain(scorer, CountingFilter(), pool_only=True),
        on_timing=lambda p, s: timings.append(str(p)),
    )
    sched.timing_every = 3
    for _ in range(6):
        assert sched.schedule(req()).primary == key(1)
    # cycle 1 fills the cache; cycles 3 and 6 are timed and run everything again
    assert len(scorer.calls) == 3
    assert timings.count("scorer/counting") == 2
    assert timings.count("filter/model") == 2
    assert timings.count("picker/max-score") == 2


def test_pool_only_stage_cache_is_bounded() -> None:
    store = build_pool([Row(n) for n in range(1, 21)])
    sched = Scheduler.from_chain(
        store, counting_chain(CountingScorer(), CountingFilter(), pool_only=True)
    )
    subsets: list[tuple[int, ...]] = [(a, b) for a in range(1, 21) for b in range(a + 1, 21)]
    subsets += [(a, b, c) for a in range(1, 4) for b in range(5, 9) for c in range(10, 20)]
    assert len(subsets) > 300
    for subset in subsets:
        assert sched.schedule(req(subset=subset)).primary in keys(*subset)
        assert len(sched._stages) <= 256


def test_shared_totals_are_read_only_and_scores_stay_right() -> None:
    rows = [Row(1, waiting=0, kv=0.5), Row(2, waiting=4, kv=0.0), Row(3, ("x",))]
    store = build_pool(rows)
    sched = Scheduler(
        SchedulerConfig(router="load"),
        store,
    )
    first = sched.schedule(req())
    stage = sched._stages[("m", None)]
    assert not stage.total.flags.writeable
    assert not stage.mask.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        stage.total[0] = 99.0
    assert stage.total.tolist()[:2] == pytest.approx([1.5, 1.0])
    second = sched.schedule(req())
    assert sched._stages[("m", None)] is stage  # reused, not rebuilt
    assert dict(second.scores) == pytest.approx({key(1): 1.5, key(2): 1.0})
    store.update_load(key(1), LoadSnapshot(waiting=8, kv_usage=0.5))
    third = sched.schedule(req())
    assert sched._stages[("m", None)] is not stage
    assert dict(third.scores) == pytest.approx({key(1): 0.5, key(2): 2.0})
    assert third.primary == key(2)
    # an earlier result's scores are those of its own pick: the old totals were not written
    assert dict(first.scores) == pytest.approx({key(1): 1.5, key(2): 1.0})
    assert first.primary == key(1)
