"""Each filter, scorer and picker on its own, table-driven over fake pools."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from pydantic import ValidationError
from sched_fakes import Row, build_pool, key

from kinference_epp.errors import ModelNotFoundError, NoReadyEndpointError
from kinference_epp.scheduling.framework import BuildContext
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.types import SchedulingRequest

REGISTRY = default_registry()


def ctx(seed: int = 0) -> BuildContext:
    return BuildContext(rng=np.random.default_rng(seed))


def req(model: str | None = "m", subset: set[int] | None = None) -> SchedulingRequest:
    return SchedulingRequest(
        model=model, subset=None if subset is None else frozenset(key(n) for n in subset)
    )


def kept(rows: list[Row], mask: np.ndarray) -> set[int]:
    return {rows[i].n for i in np.flatnonzero(mask)}


# -- filters --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "model", "expected"),
    [
        ([Row(1, ("a",)), Row(2, ("b",))], "a", {1}),
        ([Row(1, ("a", "lora-x")), Row(2, ("a",))], "lora-x", {1}),
        ([Row(1, ("a",)), Row(2, ("b",), ready=False)], "b", {2}),  # not ready still serves it
        ([Row(1, ("a",)), Row(2, ("b",))], None, {1, 2}),
    ],
)
def test_model_filter(rows: list[Row], model: str | None, expected: set[int]) -> None:
    pool = build_pool(rows).view()
    flt = REGISTRY.build_filter("model", {}, ctx())
    assert kept(rows, flt.filter(req(model), pool, pool.all())) == expected


def test_model_filter_unknown_model_is_404() -> None:
    pool = build_pool([Row(1, ("a",))]).view()
    flt = REGISTRY.build_filter("model", {}, ctx())
    with pytest.raises(ModelNotFoundError) as info:
        flt.filter(req("nope"), pool, pool.all())
    assert info.value.status == 404
    assert info.value.param == "model"


@pytest.mark.parametrize(
    ("subset", "mask", "expected"),
    [
        (None, [True, True, True], {1, 2, 3}),
        ({2, 3}, [True, True, True], {2, 3}),
        ({2, 99}, [True, True, True], {2}),  # unknown keys in the hint are ignored
        ({2, 3}, [True, True, False], {2}),  # already filtered out stays out
    ],
)
def test_subset_filter(subset: set[int] | None, mask: list[bool], expected: set[int]) -> None:
    rows = [Row(1), Row(2), Row(3)]
    pool = build_pool(rows).view()
    flt = REGISTRY.build_filter("subset", {}, ctx())
    assert kept(rows, flt.filter(req(subset=subset), pool, np.array(mask))) == expected


@pytest.mark.parametrize("subset", [set(), {99}, {3}])
def test_subset_filter_empty_or_nothing_eligible_is_503(subset: set[int]) -> None:
    rows = [Row(1), Row(2), Row(3)]
    pool = build_pool(rows).view()
    flt = REGISTRY.build_filter("subset", {}, ctx())
    with pytest.raises(NoReadyEndpointError) as info:
        flt.filter(req(subset=subset), pool, np.array([True, True, False]))
    assert info.value.status == 503
    assert info.value.reason == "subset_empty"


@pytest.mark.parametrize(
    ("rows", "params", "expected"),
    [
        ([Row(1), Row(2, ready=False), Row(3, stale=True)], {}, {1}),
        ([Row(1, stale=True), Row(2, stale=True), Row(3, ready=False)], {}, {1, 2}),  # degrade
        ([Row(1, stale=True), Row(2, ready=False)], {"degrade_when_all_stale": False}, set()),
        ([Row(1, ready=False), Row(2, ready=False, stale=True)], {}, set()),
    ],
)
def test_ready_filter(rows: list[Row], params: dict[str, Any], expected: set[int]) -> None:
    pool = build_pool(rows).view()
    flt = REGISTRY.build_filter("ready", params, ctx())
    assert kept(rows, flt.filter(req(), pool, pool.all())) == expected


# -- scorers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scorer", "params", "rows", "mask", "expected"),
    [
        # llm-d's queue scorer: (max - q) / (max - min) over the candidates
        ("queue", {}, [Row(1, waiting=0), Row(2, waiting=4), Row(3, waiting=8)], None, [1, 0.5, 0]),
        ("queue", {}, [Row(1, waiting=3), Row(2, waiting=3)], None, [1, 1]),
        ("queue", {}, [Row(1, waiting=2, running=9), Row(2, waiting=4)], None, [1, 0]),
        (
            "queue",
            {"running_weight": 1.0},
            [Row(1, waiting=2, running=9), Row(2, waiting=4)],
            None,
            [0, 1],
        ),
        # min and max over the candidates only: slot 3 (waiting 100) is not a candidate
        (
            "queue",
            {},
            [Row(1, waiting=2), Row(2, waiting=6), Row(3, waiting=100)],
            [True, True, False],
            [1, 0],
        ),
        ("kv-usage", {}, [Row(1, kv=0.0), Row(2, kv=0.25), Row(3, kv=1.0)], None, [1, 0.75, 0]),
        ("stale-penalty", {}, [Row(1), Row(2, stale=True)], None, [1, 0]),
    ],
)
def test_scorers(
    scorer: str,
    params: dict[str, Any],
    rows: list[Row],
    mask: list[bool] | None,
    expected: list[float],
) -> None:
    pool = build_pool(rows).view()
    candidates = pool.all() if mask is None else np.array(mask)
    scores = REGISTRY.build_scorer(scorer, params, ctx()).score(req(), pool, candidates)
    assert scores.shape == (len(rows),)
    assert scores[candidates].tolist() == pytest.approx(expected)


# -- pickers --------------------------------------------------------------------------------


def test_max_score_orders_by_score_and_skips_non_candidates() -> None:
    picker = REGISTRY.build_picker("max-score", {}, ctx())
    scores = np.array([0.1, 0.9, 0.5, 2.0, 0.7])
    mask = np.array([True, True, True, False, True])
    assert picker.pick(req(), scores, mask, 3) == [1, 4, 2]
    assert picker.pick(req(), scores, mask, 10) == [1, 4, 2, 0]


def test_max_score_breaks_ties_at_random_and_float_noise_is_a_tie() -> None:
    picker = REGISTRY.build_picker("max-score", {}, ctx(1))
    scores = np.array([0.3, 1.0, 1.0 - 1e-12, 1.0, 0.2])
    mask = np.ones(5, dtype=bool)
    firsts = Counter(picker.pick(req(), scores, mask, 1)[0] for _ in range(300))
    assert set(firsts) == {1, 2, 3}
    for slots in (picker.pick(req(), scores, mask, 5) for _ in range(20)):
        assert set(slots[:3]) == {1, 2, 3}
        assert slots[3:] == [0, 4]


def test_max_score_temperature_samples_by_normalised_score() -> None:
    picker = REGISTRY.build_picker("max-score", {"temperature": 0.2}, ctx(3))
    scores = np.array([0.50, 0.49, 0.10, 0.9])
    mask = np.array([True, True, True, False])
    firsts = Counter(picker.pick(req(), scores, mask, 1)[0] for _ in range(2000))
    # normalised 1.0, 0.975, 0: the two near-best share the picks, the worst is rare
    assert firsts[0] > firsts[1] > 500
    assert firsts[2] < 40
    assert 3 not in firsts
    for slots in (picker.pick(req(), scores, mask, 3) for _ in range(20)):
        assert sorted(slots) == [0, 1, 2]


def test_max_score_temperature_on_equal_scores_is_a_tie() -> None:
    picker = REGISTRY.build_picker("max-score", {"temperature": 0.5}, ctx(4))
    mask = np.ones(3, dtype=bool)
    firsts = Counter(picker.pick(req(), np.full(3, 0.7), mask, 1)[0] for _ in range(300))
    assert set(firsts) == {0, 1, 2}


def test_random_picker_is_distinct_and_covers_all() -> None:
    picker = REGISTRY.build_picker("random", {}, ctx(2))
    mask = np.array([True, False, True, True])
    firsts: Counter[int] = Counter()
    for _ in range(200):
        slots = picker.pick(req(), np.zeros(4), mask, 3)
        assert sorted(slots) == [0, 2, 3]
        firsts[slots[0]] += 1
    assert set(firsts) == {0, 2, 3}


def test_round_robin_rotates_per_model() -> None:
    picker = REGISTRY.build_picker("round-robin", {}, ctx())
    mask = np.array([True, True, False, True])
    scores = np.zeros(4)
    assert picker.pick(req("a"), scores, mask, 2) == [0, 1]
    assert picker.pick(req("b"), scores, mask, 2) == [0, 1]  # its own cursor
    assert picker.pick(req("a"), scores, mask, 2) == [1, 3]
    assert picker.pick(req("a"), scores, mask, 5) == [3, 0, 1]
    assert picker.pick(req("a"), scores, mask, 1) == [0]


def test_same_seed_same_picks() -> None:
    scores = np.array([1.0, 1.0, 1.0, 1.0])
    mask = np.ones(4, dtype=bool)

    def run(seed: int) -> list[list[int]]:
        picker = REGISTRY.build_picker("max-score", {}, ctx(seed))
        return [picker.pick(req(), scores, mask, 4) for _ in range(20)]

    assert run(7) == run(7)
    assert run(7) != run(8)


# -- registry -------------------------------------------------------------------------------


def test_unknown_plugin_type_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"unknown scorer type 'nope'.*known: kv-usage"):
        REGISTRY.build_scorer("nope", {}, ctx())


@pytest.mark.parametrize(
    ("kind", "type_name", "params"),
    [
        ("scorer", "queue", {"running_weigth": 1}),
        ("scorer", "queue", {"running_weight": -1}),
        ("picker", "max-score", {"temperature": -0.1}),
        ("filter", "ready", {"nope": True}),
        ("picker", "max-score", {"seed": 1}),
    ],
)
def test_bad_params_are_rejected(kind: str, type_name: str, params: dict[str, Any]) -> None:
    build = getattr(REGISTRY, f"build_{kind}")
    with pytest.raises(ValueError, match=f"{kind} '{type_name}'") as info:
        build(type_name, params, ctx())
    assert isinstance(info.value.__cause__, ValidationError)
