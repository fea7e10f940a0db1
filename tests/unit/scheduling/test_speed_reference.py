"""The speed model's per-record and pick-path arithmetic, written for speed (one function of
locals, one pass per figure), against a straightforward statement of the same rules: on a
random stream of records and ITL histogram scrapes over a pool with two models, a
drift and a removal, every decode level, the shared curve and every vector the scorers read
are the same floats."""

from __future__ import annotations

import math
from statistics import median

import numpy as np

from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling import decode_level as dl
from kinference_epp.scheduling.decode_level import Level, SharedCurve
from kinference_epp.scheduling.speed_model import DECODE_BAND, PREFILL_REF_TOKENS, SpeedModel

KEYS = [EndpointKey(f"10.0.1.{i}:8000") for i in range(1, 13)]


class _RefLevel:
    """A level's update as the rule reads: residual against the shrunk value, drift, Huber
    weight, forgetting; the weight it teaches the curve with (0 while it drifts)."""

    def __init__(self, offset: float, weight: float) -> None:
        self.offset, self.prior_w, self.sd, self.td = offset, weight, 0.0, 0.0
        self.scale, self.drift = 0.25, 0.0

    def value(self, pool: float) -> float:
        w = self.prior_w + dl.RIDGE
        return (self.td + w * (pool + self.offset)) / (self.sd + w)

    def update(self, z: float, pool: float, keep: float, keep_drift: float) -> float:
        e = z - self.value(pool)
        ae = abs(e)
        clipped = max(-1.0, min(1.0, e))
        self.drift = self.drift + dl.DRIFT_ALPHA * (clipped - self.drift)
        ad = abs(self.drift)
        bound = dl.K * max(self.scale, ad)
        w = 1.0 if ae <= bound else bound / ae
        sc = self.scale + dl.SCALE_ALPHA * (min(ae, dl.K * self.scale) - self.scale)
        self.scale = max(sc, dl.SCALE_FLOOR)
        f = keep_drift if ad > dl.DRIFT_ON else keep
        self.sd = self.sd * f + w
        self.td = self.td * f + w * z
        self.prior_w *= f
        return 0.0 if ad > dl.DRIFT_ON else w


def _ref_observe(
    curve: SharedCurve, level: _RefLevel, pool: float, itl: float, *args: float
) -> None:
    running, kv, keep, keep_drift, keep_pool = args
    if itl <= 0.0 or not math.isfinite(itl):
        return
    w = level.update(math.log(itl / curve.at(running, kv)), pool, keep, keep_drift)
    if w > 0.0:
        curve.add(running, kv, itl / math.exp(level.value(pool) - pool), w, keep_pool)


def test_the_decode_level_and_the_curve_learn_as_the_rule_states() -> None:
    rng = np.random.default_rng(3)
    curve, ref_curve = SharedCurve(0.01, 0.00004), SharedCurve(0.01, 0.00004)
    levels = [Level(0.3 * i, 8.0) for i in range(4)]
    refs = [_RefLevel(0.3 * i, 8.0) for i in range(4)]
    for t in range(5000):
        i = int(rng.integers(0, 4))
        running, kv = float(rng.integers(0, 64)), float(rng.uniform(0.0, 300.0))
        itl = (0.005 + 0.0001 * running + 0.00004 * kv) * (1 + i) * float(rng.lognormal(0, 0.1))
        if rng.random() < 0.03:
            itl *= 10.0  # an outlier
        if 2000 < t < 2100 and i == 1:
            itl *= 4.0  # a drift
        pool = float(rng.normal(0.0, 0.2))
        args = (running, kv, 0.995, 0.9, 0.999)
        dl.observe(curve, levels[i], pool, itl, *args)
        _ref_observe(ref_curve, refs[i], pool, itl, *args)
        if t % 50 == 0:
            curve.solve()
            ref_curve.solve()
    for lv, ref in zip(levels, refs, strict=True):
        got = (lv.sd, lv.td, lv.prior_w, lv.scale, lv.drift)
        assert got == (ref.sd, ref.td, ref.prior_w, ref.scale, ref.drift)
    sums = ("s0", "s1", "s2", "s3", "s4", "s5", "t0", "t1", "t2")
    assert [getattr(curve, s) for s in sums] == [getattr(ref_curve, s) for s in sums]
    assert curve.c == ref_curve.c


def _ref_vectors(model: SpeedModel, view: PoolView, name: str) -> list[list[float]]:
    """The vectors the scorers read, priced as the module docstring states (every served
    endpoint against its model's medians, fading by its clocks; unserved slots neutral)."""
    endpoints = view.endpoints
    mask = view.model_mask(name)
    assert mask is not None
    fits = [model._fits[(ep.key, name)] for ep in endpoints]
    served = [i for i in range(len(fits)) if mask[i]]
    peers = [fits[i] for i in served]
    pr = [f.prefill_ref() for f in peers]
    x_ref = float(median([f.decode.centroid() for f in peers]))
    dr = [max(f.decode.at(x_ref), 1e-12) for f in peers]
    pm, dm = float(median(pr)), float(median(dr))
    own = [lv.td / lv.sd - lv.offset for f in peers if (lv := f.level).sd > 1e-12]
    pool = float(median(own)) if own else 0.0
    levels = [f.level.value(pool) for f in peers]
    lm = float(median(levels))
    span = model.config.stale_half_life_records * len(peers)
    rows = [[1.0] * len(fits) for _ in range(4)]
    for i, f, p, d, lv in zip(served, peers, pr, dr, levels, strict=True):
        fade = 2.0 ** (-(model._records.get(name, 0) - f.seen) / span)
        decode_fade = 2.0 ** (-(model._decode[name].clock - f.decode_seen) / span)
        lp, ld = math.log(p / pm), math.log(d / dm)
        gap = lv - lm
        if -DECODE_BAND < gap < DECODE_BAND:
            gap = 0.0
        row = (math.exp(lp * fade), math.exp(gap * decode_fade))
        rows[0][i], rows[1][i] = row
        rows[2][i], rows[3][i] = math.exp(lp * fade - lp), math.exp(ld * fade - ld)
    snaps = [view.snapshot(i) for i in range(len(fits))]
    capacity = [
        s.num_gpu_blocks * s.block_size / 1000.0 if s.num_gpu_blocks else 0.0 for s in snaps
    ]
    return [
        rows[0],
        rows[1],
        [f.prefill.a * s for f, s in zip(fits, rows[2], strict=True)],
        [f.prefill.b * s for f, s in zip(fits, rows[2], strict=True)],
        [f.decode.a * s for f, s in zip(fits, rows[3], strict=True)],
        [f.decode.b * c * s for f, c, s in zip(fits, capacity, rows[3], strict=True)],
    ]


def test_the_vectors_the_scorers_read_are_priced_as_the_rule_states() -> None:
    rng = np.random.default_rng(5)
    pool = PoolDatastore("reference")
    for i, key in enumerate(KEYS):
        models = frozenset({"a", "b"}) if i < 8 else frozenset({"a"})
        pool.upsert(Endpoint(key=key, models=models, metrics_url="", base_model="a"), ready=True)
        blocks = 0 if i == 3 else 19_208  # one endpoint whose KV size is not yet scraped
        pool.update_load(
            key, LoadSnapshot(running=8, kv_usage=0.4, block_size=16, num_gpu_blocks=blocks)
        )
    model = SpeedModel()
    slow = rng.uniform(0.5, 3.0, size=len(KEYS))
    totals = [[0.0, 0.0] for _ in KEYS]
    compared = 0
    for t in range(4000):
        i = int(rng.integers(0, len(KEYS)))
        name = "b" if i < 8 and rng.random() < 0.3 else "a"
        if t == 2000:
            slow[5] = 4.0
        running, kv = float(rng.integers(0, 64)), float(rng.uniform(0.0, 300.0))
        itl = (0.005 + 0.0001 * running + 0.00004 * kv) * slow[i] * float(rng.lognormal(0, 0.1))
        if rng.random() < 0.5:
            model.observe(
                KEYS[i],
                name,
                ttft_s=float(rng.uniform(0.01, 2.0)) * slow[i] if rng.random() < 0.8 else None,
                work_tokens=float(rng.integers(10, 8000)),
                itl_s=itl if rng.random() < 0.9 else None,
                kv_ktokens=kv,
                running=running,
            )
        else:
            totals[i][0] += 20 * itl
            totals[i][1] += 20
            model.observe_itl_totals(
                KEYS[i],
                "a",
                itl_sum=totals[i][0],
                itl_count=totals[i][1],
                kv_ktokens=kv,
                running=running,
            )
        if t % 37 == 0:
            view = pool.view()
            model.version += 1  # the vectors rebuilt from the fits as they are now
            for name in ("a", "b"):
                prefill, decode = model.factors(view, name)
                itl_base, itl_per_usage = model.itl(view, name)
                work = np.array([PREFILL_REF_TOKENS] * len(KEYS))
                ttft = model.ttft_s(view, name, work)
                ref = _ref_vectors(model, view, name)
                assert [prefill.tolist(), decode.tolist()] == ref[:2]
                assert [itl_base.tolist(), itl_per_usage.tolist()] == ref[4:]
                assert ttft.tolist() == (np.array(ref[2]) + np.array(ref[3]) * work).tolist()
                compared += 1
    assert compared > 200
    factors = [f.decode_factor for f in model.figures() if f.model == "a"]
    # The stream spreads the pods' speeds: the factors compared are not all the median's.
    assert max(factors) > 1.5
    assert min(factors) < 0.8
