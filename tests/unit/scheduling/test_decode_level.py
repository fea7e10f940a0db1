"""Decode factors that say how fast a pod is, not how loaded it was when measured.

The pods here decode as the simulated engine does (a fixed part per step, a part per sequence
and a part per context token read, a shared prefix counted once in the KV in use but read by
every sequence), scraped through vLLM's ITL histogram as the picker scrapes it. Their loads
differ by pod and move over a ladder of stages, as a router's uneven spread makes them.
"""

from __future__ import annotations

import numpy as np
import pytest

from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.decode_level import SharedCurve
from kinference_epp.scheduling.speed_model import SpeedModel

MODEL = "m"
KEYS = [EndpointKey(f"10.0.0.{i}:8000") for i in range(1, 9)]
PREFIX_KTOKENS = 2.0
"""Each group's shared system prompt: held once per pod, read by every sequence."""
PRIVATE_KTOKENS = 0.4


def _pool() -> PoolDatastore:
    pool = PoolDatastore("test")
    for key in KEYS:
        pool.upsert(Endpoint(key=key, models=frozenset({MODEL}), metrics_url=""), ready=True)
        pool.update_load(key, LoadSnapshot(num_gpu_blocks=28_000, block_size=16, scraped_at=1.0))
    return pool


def _engine_itl(running: float, slowdown: float) -> float:
    """The h100-8b profile's step: 5 ms + 0.032 ms per sequence + 0.044 ms per 1000 tokens
    of logical context (each sequence reads its prefix and its own tokens)."""
    ctx = running * (PREFIX_KTOKENS + PRIVATE_KTOKENS)
    return slowdown * (0.005 + 0.000032 * running + 0.000044 * ctx)


def _kv_in_use(running: float) -> float:
    """Thousands of KV tokens held: the groups' prefixes once (up to 32 groups), each
    sequence's own tokens."""
    return min(running, 32.0) * PREFIX_KTOKENS + running * PRIVATE_KTOKENS


def _ladder(
    model: SpeedModel, slowdowns: list[float], batch: list[list[float]], seed: int = 0
) -> None:
    """One stage per row of ``batch``: each pod's mean running sequences there (pods differ,
    and the stages move), 300 scrapes of 20 ITL gaps each, noisy as a real histogram's mean."""
    rng = np.random.default_rng(seed)
    totals = {k: [0.0, 0.0] for k in KEYS}
    for stage in batch:
        for _ in range(300):
            for k, slow, mean_running in zip(KEYS, slowdowns, stage, strict=True):
                running = float(max(1, rng.poisson(mean_running)))
                itl = _engine_itl(running, slow) * float(np.exp(rng.normal(0.0, 0.1)))
                t = totals[k]
                t[0] += itl * 20.0
                t[1] += 20.0
                model.observe_itl_totals(
                    k,
                    MODEL,
                    itl_sum=t[0],
                    itl_count=t[1],
                    kv_ktokens=_kv_in_use(running),
                    running=running,
                )


def _stages(scale: list[float]) -> list[list[float]]:
    """A ladder whose every stage loads the pods in the proportions ``scale``."""
    return [[s * load for s in scale] for load in (2.0, 8.0, 20.0, 60.0, 120.0)]


def test_identical_pods_loaded_unequally_end_with_equal_factors() -> None:
    # One pod gets ten times another's batch at every stage: the KV in use it reports is not
    # ten times as large (the prefixes are held once), so its ITL per KV token looks high.
    pool = _pool()
    model = SpeedModel()
    uneven = [3.0, 2.4, 2.0, 1.2, 0.8, 0.5, 0.4, 0.3]
    _ladder(model, [1.0] * 8, _stages(uneven))
    _, decode = model.factors(pool.view(), MODEL)
    assert decode.tolist() == [1.0] * 8  # within the band: priced alike, exactly


def test_a_pods_factor_does_not_follow_its_batch() -> None:
    # The loads swap halfway: the pods packed first are the light ones last. Identical pods
    # stay equal through both halves.
    pool = _pool()
    model = SpeedModel()
    first = [3.0, 3.0, 3.0, 3.0, 0.3, 0.3, 0.3, 0.3]
    _ladder(model, [1.0] * 8, _stages(first) + _stages(first[::-1]), seed=1)
    _, decode = model.factors(pool.view(), MODEL)
    assert decode.tolist() == [1.0] * 8


def test_pods_two_and_a_half_times_apart_keep_their_ratio_whatever_their_loads() -> None:
    # The slow pods are sent a quarter of the fast pods' batch: at the KV in use they report,
    # their ITL is near the fast pods', yet every step of theirs is 2.5 times as long.
    pool = _pool()
    model = SpeedModel()
    slowdowns = [1.0] * 4 + [2.5] * 4
    _ladder(model, slowdowns, _stages([2.0] * 4 + [0.5] * 4), seed=2)
    _, decode = model.factors(pool.view(), MODEL)
    fast, slow = decode[:4], decode[4:]
    assert fast.max() / fast.min() < 1.05
    assert slow.max() / slow.min() < 1.05
    assert float(slow.mean() / fast.mean()) == pytest.approx(2.5, rel=0.08)


def test_pods_within_a_tenth_of_the_median_price_as_it_and_the_rest_keep_their_distance() -> None:
    # Noise of a percent or two between identical pods must not steer the own-decode term;
    # a pod a fifth slower is told apart.
    pool = _pool()
    model = SpeedModel()
    slowdowns = [1.0] * 6 + [1.06, 1.2]
    _ladder(model, slowdowns, _stages([1.0] * 8), seed=8)
    _, decode = model.factors(pool.view(), MODEL)
    assert decode[:7].tolist() == [1.0] * 7
    assert decode[7] == pytest.approx(1.2, rel=0.03)


def test_the_shared_curve_learns_the_per_sequence_and_per_token_parts() -> None:
    rng = np.random.default_rng(3)
    curve = SharedCurve(0.01, 0.00004)
    for _ in range(3000):
        running = float(rng.integers(1, 256))
        kv = float(rng.uniform(0.0, 400.0))
        curve.add(running, kv, 0.005 + 0.0001 * running + 0.00004 * kv, 1.0, 0.999)
    assert curve.c == pytest.approx([0.01, 0.0, 0.00004])  # the prior until refitted
    curve.solve()
    assert curve.c == pytest.approx([0.005, 0.0001, 0.00004], rel=0.02)


def test_a_pod_not_yet_measured_is_priced_as_its_measured_peers() -> None:
    # Three pods decode (at a speed far from the configured prior); five have run nothing.
    # Those five are priced at the measured pods' median, so no pod looks faster for having
    # been measured.
    pool = _pool()
    model = SpeedModel()
    stages = [[4.0, 4.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0]] * 2
    _ladder_some(model, _totals(), [1.0] * 8, stages, seed=4)
    _, decode = model.factors(pool.view(), MODEL)
    assert decode.tolist() == [1.0] * 8


def test_a_slow_pod_sent_nothing_fades_back_then_is_measured_again() -> None:
    pool = _pool()
    model = SpeedModel()
    slowdowns = [1.0] * 7 + [3.0]
    totals = _totals()
    _ladder_some(model, totals, slowdowns, [[4.0] * 8] * 2, seed=5)
    _, decode = model.factors(pool.view(), MODEL)
    assert decode[7] == pytest.approx(3.0, rel=0.1)
    # Priced slow, it is sent nothing while the others decode: its distance from the pool
    # halves every stale_half_life_records observations per endpoint (32 x 8) made elsewhere.
    idle = [[4.0] * 7 + [0.0]]
    _ladder_some(model, totals, slowdowns, idle, seed=6, scrapes=3 * 32 * 8 // 7 + 1)
    _, decode = model.factors(pool.view(), MODEL)
    assert 1.0 < decode[7] < 3.0**0.25
    _ladder_some(model, totals, slowdowns, [[4.0] * 8], seed=7, scrapes=40)
    _, decode = model.factors(pool.view(), MODEL)
    assert decode[7] == pytest.approx(3.0, rel=0.1)


def _totals() -> dict[EndpointKey, list[float]]:
    """Each pod's ITL histogram totals (seconds, gaps), carried from stage to stage."""
    return {k: [0.0, 0.0] for k in KEYS}


def _ladder_some(
    model: SpeedModel,
    totals: dict[EndpointKey, list[float]],
    slowdowns: list[float],
    batch: list[list[float]],
    seed: int,
    scrapes: int = 300,
) -> None:
    """Like ``_ladder``, but a pod with no sequences running produces no ITL gaps (so its
    scrapes teach nothing), as an idle engine's histogram does."""
    rng = np.random.default_rng(seed)
    for stage in batch:
        for _ in range(scrapes):
            for k, slow, mean_running in zip(KEYS, slowdowns, stage, strict=True):
                t = totals[k]
                running = float(rng.poisson(mean_running)) if mean_running > 0 else 0.0
                if running > 0:
                    itl = _engine_itl(running, slow) * float(np.exp(rng.normal(0.0, 0.1)))
                    t[0] += itl * 20.0
                    t[1] += 20.0
                model.observe_itl_totals(
                    k,
                    MODEL,
                    itl_sum=t[0],
                    itl_count=t[1],
                    kv_ktokens=_kv_in_use(running),
                    running=running,
                )
