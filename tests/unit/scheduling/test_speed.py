"""The per-endpoint speed model: what it learns, how it ignores outliers, how fast it follows a
change, where its prior comes from, and what the scorers and the TTFT predictor read."""

from __future__ import annotations

import logging

import numpy as np
import pytest

from kinference_epp.config.speed_prior import SpeedConfig, SpeedPrior
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.speed_model import SpeedModel

A = EndpointKey("10.0.0.1:8000")
B = EndpointKey("10.0.0.2:8000")
MODEL = "m"


def _feed(
    model: SpeedModel,
    endpoint: EndpointKey,
    n: int,
    *,
    s_per_token: float,
    overhead: float = 0.005,
    noise: float = 0.2,
    outliers: float = 0.0,
    seed: int = 0,
) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(n):
        work = float(rng.choice([1200.0, 7200.0]) + rng.exponential(3000.0))
        ttft = (overhead + s_per_token * work) * float(np.exp(rng.normal(0.0, noise)))
        if rng.random() < outliers:
            ttft *= 10.0  # a preempted request
        kv = float(rng.uniform(0.0, 300.0))
        itl = (0.005 + 0.00004 * kv) * float(np.exp(rng.normal(0.0, noise)))
        if rng.random() < outliers:
            itl *= 8.0  # a client that reads slowly
        model.observe(endpoint, MODEL, ttft_s=ttft, work_tokens=work, itl_s=itl, kv_ktokens=kv)


def _figures(model: SpeedModel, endpoint: EndpointKey) -> tuple[float, float, float]:
    (f,) = [f for f in model.figures() if f.endpoint == endpoint]
    return f.prefill_tokens_per_s, f.overhead_s, f.itl_at(100.0)


def test_learns_prefill_rate_overhead_and_itl_from_noisy_records() -> None:
    model = SpeedModel()
    _feed(model, A, 600, s_per_token=1 / 43_000)
    rate, overhead, itl = _figures(model, A)
    assert rate == pytest.approx(43_000, rel=0.1)
    assert overhead == pytest.approx(0.005, abs=0.01)
    assert itl == pytest.approx(0.009, rel=0.15)


def test_outliers_move_it_little() -> None:
    clean, dirty = SpeedModel(), SpeedModel()
    _feed(clean, A, 600, s_per_token=1 / 43_000, seed=1)
    _feed(dirty, A, 600, s_per_token=1 / 43_000, outliers=0.05, seed=1)
    clean_rate, _, clean_itl = _figures(clean, A)
    dirty_rate, _, dirty_itl = _figures(dirty, A)
    assert dirty_rate == pytest.approx(clean_rate, rel=0.15)
    assert dirty_itl == pytest.approx(clean_itl, rel=0.2)


def test_a_threefold_slowdown_is_learned_within_fifty_records() -> None:
    model = SpeedModel()
    _feed(model, A, 400, s_per_token=1 / 43_000)
    _feed(model, A, 50, s_per_token=3 / 43_000, seed=2)
    rate, _, _ = _figures(model, A)
    assert rate == pytest.approx(43_000 / 3, rel=0.2)


def test_drift_is_logged_once_past_the_threshold(caplog: pytest.LogCaptureFixture) -> None:
    seen: list[float] = []
    model = SpeedModel(on_drift=lambda figures, ratio: seen.append(ratio))
    _feed(model, A, 300, s_per_token=1 / 30_000)
    seen.clear()
    with caplog.at_level(logging.INFO, logger="kinference_epp.scheduling.speed_model"):
        _feed(model, A, 60, s_per_token=3 / 30_000, seed=3)
    assert seen
    assert all(r > 1.5 for r in seen)
    assert len(seen) <= 3
    assert any(r.getMessage() == "endpoint speed drifted" for r in caplog.records)


def test_without_learning_every_endpoint_keeps_its_prior() -> None:
    model = SpeedModel(SpeedConfig(learn=False))
    _feed(model, A, 100, s_per_token=1 / 5_000)
    assert model.prefill_rate(A, MODEL) == SpeedConfig().prior.prefill_tokens_per_s


def test_prior_from_the_gpu_label_then_from_the_pools_median() -> None:
    labels = {A: {"gpu": "h100"}, B: {"gpu": "l4"}}
    config = SpeedConfig(
        prior=SpeedPrior(prefill_tokens_per_s=40_000),
        gpu_label="gpu",
        gpu_slowdown={"l4": 4.0},
    )
    model = SpeedModel(config, labels=labels.get)
    assert model.prefill_rate(B, MODEL) == pytest.approx(10_000)
    assert model.prior(B, MODEL)[1] == "gpu-label"
    assert model.prior(A, MODEL) == (config.prior, "config")  # h100 has no entry
    _feed(model, A, 200, s_per_token=1 / 20_000)
    prior, source = model.prior(EndpointKey("10.0.0.3:8000"), MODEL)
    assert source == "pool-median"
    assert prior.prefill_tokens_per_s == pytest.approx(20_000, rel=0.15)


def _pool() -> PoolDatastore:
    pool = PoolDatastore("test")
    for key in (A, B, EndpointKey("10.0.0.3:8000")):
        pool.upsert(Endpoint(key=key, models=frozenset({MODEL}), metrics_url=""), ready=True)
        pool.update_load(
            key, LoadSnapshot(kv_usage=0.5, num_gpu_blocks=1000, block_size=16, scraped_at=1.0)
        )
    return pool


def test_factors_are_relative_to_the_models_median_endpoint() -> None:
    pool = _pool()
    model = SpeedModel()
    view = pool.view()
    prefill, decode = model.factors(view, MODEL)
    assert prefill.tolist() == [1.0, 1.0, 1.0]  # every endpoint at the prior
    assert decode.tolist() == [1.0, 1.0, 1.0]
    assert not prefill.flags.writeable
    for key in (A, EndpointKey("10.0.0.3:8000")):
        _feed(model, key, 300, s_per_token=1 / 40_000)
    _feed(model, B, 300, s_per_token=2.5 / 40_000)
    prefill, _ = model.factors(view, MODEL)
    assert prefill[1] == pytest.approx(2.5, rel=0.2)
    assert prefill[0] == pytest.approx(1.0, rel=0.1)


def test_a_fixed_part_every_pod_pays_does_not_hide_a_slow_pods_prefill() -> None:
    # 250 ms of every TTFT is the same on each pod (HTTP, the gateway); B prefills each token
    # 2.5 times as slowly. Its TTFT at 2048 tokens is only ~1.3 times the others', but the
    # scorer multiplies tokens to prefill by the factor: it reads the per-token part.
    pool = _pool()
    model = SpeedModel()
    view = pool.view()
    for key in (A, EndpointKey("10.0.0.3:8000")):
        _feed(model, key, 300, s_per_token=1 / 40_000, overhead=0.25, noise=0.05)
    _feed(model, B, 300, s_per_token=2.5 / 40_000, overhead=0.25, noise=0.05)
    prefill, _ = model.factors(view, MODEL)
    assert prefill[1] == pytest.approx(2.5, rel=0.2)
    assert prefill[0] == pytest.approx(1.0, rel=0.1)
    assert prefill[2] == pytest.approx(1.0, rel=0.1)


def test_ttft_and_itl_vectors_per_view_slot() -> None:
    pool = _pool()
    prior = SpeedPrior(prefill_tokens_per_s=10_000, overhead_s=0.02, itl_s=0.01)
    model = SpeedModel(SpeedConfig(prior=prior))
    view = pool.view()
    ttft = model.ttft_s(view, MODEL, np.array([0.0, 1000.0, 2000.0]))
    assert ttft.tolist() == pytest.approx([0.02, 0.12, 0.22])
    base, per_usage = model.itl(view, MODEL)
    assert base.tolist() == pytest.approx([0.01] * 3)
    # 1000 blocks of 16: the whole cache is 16k tokens
    assert per_usage.tolist() == pytest.approx([prior.itl_s_per_ktoken * 16.0] * 3)


def test_removing_an_endpoint_forgets_it() -> None:
    model = SpeedModel()
    _feed(model, A, 50, s_per_token=1 / 5_000)
    model.remove_endpoint(A)
    assert model.figures() == []


def test_a_large_pool_refreshes_its_vectors_every_two_records_per_endpoint() -> None:
    # A refresh is a pass over the pool: with 64 endpoints, every 128 records, not every 16.
    model = SpeedModel()
    keys = [EndpointKey(f"10.0.0.{n}:8000") for n in range(1, 65)]
    for key in keys:
        model.prefill_rate(key, MODEL)
    start = model.version
    for i in range(127):
        model.observe(keys[i % 64], MODEL, ttft_s=0.05, work_tokens=1000.0)
    assert model.version == start
    model.observe(keys[0], MODEL, ttft_s=0.05, work_tokens=1000.0)
    assert model.version == start + 1


def test_a_slow_endpoint_sent_nothing_fades_back_to_the_median() -> None:
    pool = _pool()
    config = SpeedConfig(stale_half_life_records=8.0)
    model = SpeedModel(config)
    view = pool.view()
    others = [A, EndpointKey("10.0.0.3:8000")]
    for key in others:
        _feed(model, key, 100, s_per_token=1 / 40_000)
    _feed(model, B, 100, s_per_token=3 / 40_000)
    prefill, _ = model.factors(view, MODEL)
    assert prefill[1] == pytest.approx(3.0, rel=0.2)
    # 24 records of the model (8 per endpoint) served elsewhere: half the distance, in log space
    for key in others:
        _feed(model, key, 12, s_per_token=1 / 40_000, seed=1)
    prefill, _ = model.factors(view, MODEL)
    assert prefill[1] == pytest.approx(3.0**0.5, rel=0.2)
    for key in others:
        _feed(model, key, 24, s_per_token=1 / 40_000, seed=2)
    prefill, _ = model.factors(view, MODEL)
    assert prefill[1] == pytest.approx(3.0**0.125, rel=0.1)  # three half-lives: near the pool
    _feed(model, B, 16, s_per_token=3 / 40_000, seed=3)  # heard from: its own figure again
    prefill, _ = model.factors(view, MODEL)
    assert prefill[1] == pytest.approx(3.0, rel=0.2)


def test_decode_speeds_compare_where_the_records_are() -> None:
    # Every endpoint decodes alike; their records sit at low KV in use. Far from the records
    # (100k tokens, the prior's reference) the fitted slopes' noise would dominate.
    pool = _pool()
    model = SpeedModel()
    view = pool.view()
    rng = np.random.default_rng(5)
    keys = [A, B, EndpointKey("10.0.0.3:8000")]
    for _ in range(200):
        for key in keys:
            kv = float(rng.uniform(5.0, 15.0))
            itl = (0.02 + 0.0004 * kv) * float(np.exp(rng.normal(0.0, 0.15)))
            model.observe(key, MODEL, ttft_s=None, work_tokens=0.0, itl_s=itl, kv_ktokens=kv)
    factors = [f.decode_factor for f in model.figures()]
    assert factors == pytest.approx([1.0, 1.0, 1.0], rel=0.1)
    _, decode = model.factors(view, MODEL)
    assert decode.tolist() == pytest.approx(factors)


def _scrapes(
    model: SpeedModel,
    endpoint: EndpointKey,
    n: int,
    *,
    itl: float,
    totals: list[float],
    gaps_per_scrape: float = 20.0,
    kv: float = 10.0,
) -> None:
    """``n`` scrapes of an endpoint whose ITL histogram grows by ``gaps_per_scrape`` gaps of
    ``itl`` seconds each; ``totals`` ([sum, count]) carries its running totals."""
    for _ in range(n):
        totals[0] += itl * gaps_per_scrape
        totals[1] += gaps_per_scrape
        model.observe_itl_totals(
            endpoint, MODEL, itl_sum=totals[0], itl_count=totals[1], kv_ktokens=kv
        )


def test_the_itl_histogram_teaches_a_slowdown_within_a_few_scrapes() -> None:
    pool = _pool()
    model = SpeedModel()
    view = pool.view()
    keys = [A, B, EndpointKey("10.0.0.3:8000")]
    totals = {k: [0.0, 0.0] for k in keys}
    for _ in range(100):
        for k in keys:
            _scrapes(model, k, 1, itl=0.02, totals=totals[k])
    _, decode = model.factors(view, MODEL)
    assert decode.tolist() == pytest.approx([1.0, 1.0, 1.0], rel=0.05)
    records = model.figures()[1].records
    for _ in range(40):  # two seconds of 50 ms scrapes
        for k in keys:
            _scrapes(model, k, 1, itl=0.06 if k == B else 0.02, totals=totals[k])
    _, decode = model.factors(view, MODEL)
    assert decode.tolist() == pytest.approx([1.0, 3.0, 1.0], rel=0.1)
    # a decode observation is no access-log record: the records and their clock are untouched
    assert model.figures()[1].records == records == 0
    assert model.figures()[1].decode_observations == 140 - 1  # the first scrape sets the mark


def test_itl_totals_need_enough_gaps_and_survive_a_restart() -> None:
    model = SpeedModel()
    start = model.figures()
    assert start == []
    totals = [0.0, 0.0]
    _scrapes(model, A, 1, itl=0.02, totals=totals)  # the first scrape only sets the mark
    (fit,) = model.figures()
    prior_itl = fit.itl_at(10.0)
    # gaps accumulate across scrapes until there are enough for one mean
    _scrapes(model, A, 3, itl=0.05, totals=totals, gaps_per_scrape=5.0)
    assert model.figures()[0].itl_at(10.0) == prior_itl
    _scrapes(model, A, 1, itl=0.05, totals=totals, gaps_per_scrape=5.0)
    assert model.figures()[0].itl_at(10.0) > prior_itl
    # a restarted engine's totals start from zero again: a new mark, no negative lesson
    moved = model.figures()[0].itl_at(10.0)
    restarted = [0.0, 0.0]
    _scrapes(model, A, 1, itl=0.05, totals=restarted)
    assert model.figures()[0].itl_at(10.0) == moved
    _scrapes(model, A, 30, itl=0.05, totals=restarted)
    assert model.figures()[0].itl_at(10.0) == pytest.approx(0.05, rel=0.1)


def test_itl_totals_teach_nothing_without_learning() -> None:
    model = SpeedModel(SpeedConfig(learn=False))
    totals = [0.0, 0.0]
    _scrapes(model, A, 50, itl=0.5, totals=totals)
    assert model.figures() == []


def test_a_decode_drift_seen_in_the_histogram_is_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    model = SpeedModel()
    totals = [0.0, 0.0]
    _scrapes(model, A, 60, itl=0.01, totals=totals, kv=0.0)  # the prior's own speed
    with caplog.at_level(logging.INFO, logger="kinference_epp.scheduling.speed_model"):
        _scrapes(model, A, 60, itl=0.01, totals=totals, kv=0.0)
        assert not caplog.records
        _scrapes(model, A, 40, itl=0.03, totals=totals, kv=0.0)
    drifts = [r for r in caplog.records if r.getMessage() == "endpoint speed drifted"]
    assert 1 <= len(drifts) <= 2  # it passes 1.5x, then maybe once more on its way to 3x
    assert drifts[0].__dict__["phase"] == "decode"
    assert drifts[0].__dict__["itl_ratio"] > 1.5
