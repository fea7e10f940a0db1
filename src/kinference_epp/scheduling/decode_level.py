"""An endpoint's decode speed as a factor of its pool's, whatever load it was measured at.

An endpoint's own ITL line (``speed_model._Line``: mean ITL against KV tokens in use) absorbs
how loaded it was when measured: a decode step costs a fixed part, a part per sequence in the
batch and a part per context token the batch reads, and KV in use alone counts neither the
sequences nor a shared prefix once per sequence. Two identical pods, one run with a bigger
batch than the other at the same KV in use, get lines that disagree, and comparing the lines at
one KV figure calls the busier one slower: a router that prices each pod's decode by such
factors piles work onto the pods it believes faster, which makes them busier still.

So the factor is learned against one curve the model's endpoints share:

    ITL = c0 + c_seq * sequences running + c_kv * KV tokens in use / 1000

fitted over every endpoint's observations, each divided by its endpoint's current factor (the
pool's median endpoint then sits on the curve), and each endpoint keeps the exponentially
forgotten, Huber-weighted mean of log(observed ITL / curve at the observation's load), shrunk
towards its measured peers' median by its prior's pseudo-observations until its own outweigh
them. A pod 2.5 times slower in every part of its step lands 2.5 times above the curve at
every load; an identical pod lands on it at whatever load it runs; a pod not yet measured is
priced as its peers are, not at a configured prior that no pod runs at (which would call
every measured pod faster than the rest, and send them everything).
"""

from __future__ import annotations

from math import exp, isfinite, log

RUNNING_REF = 32.0
"""Sequences running where the curve's prior pseudo-observations pull its per-sequence part
(the scale of its ridge)."""
KV_REF_KTOKENS = 100.0
"""KV in use (thousands of tokens) likewise for its per-token part."""
RIDGE = 0.25
"""Observations' worth of the prior that the curve never forgets."""
K = 2.5
"""Huber bound, in robust scales of the log residual."""
SCALE_ALPHA = 0.05
SCALE_FLOOR = 0.05
DRIFT_ALPHA = 0.15
DRIFT_ON = 0.35
"""Signed mean residual (log, each clipped to +-1) past which a level forgets at the drift
rate: a change of speed, not noise."""
_TINY = 1e-12


class SharedCurve:
    """The model's pool-shared decode curve (see the module docstring): weighted least squares
    over sufficient statistics, a ridge towards the prior's line that is never forgotten.
    ``add`` only accumulates (a few float operations per observation); ``solve`` refits, which
    the speed model does each time it publishes new vectors (the curve moves at the pool's
    pace, many observations per refit)."""

    __slots__ = ("c0", "c1", "c2", "prior", "s0", "s1", "s2", "s3", "s4", "s5", "t0", "t1", "t2")

    def __init__(self, itl_s: float, itl_s_per_ktoken: float) -> None:
        self.prior = (itl_s, 0.0, itl_s_per_ktoken)
        self.c0, self.c1, self.c2 = self.prior
        # The features' weighted outer products (upper triangle: 11, 1n, 1k, nn, nk, kk) and
        # their products with the target (1y, ny, ky).
        self.s0 = self.s1 = self.s2 = self.s3 = self.s4 = self.s5 = 0.0
        self.t0 = self.t1 = self.t2 = 0.0

    @property
    def c(self) -> tuple[float, float, float]:
        """Fixed part, per sequence running, per 1000 KV tokens in use (seconds)."""
        return self.c0, self.c1, self.c2

    def at(self, running: float, kv_ktokens: float) -> float:
        y = self.c0 + self.c1 * running + self.c2 * kv_ktokens
        return y if y > _TINY else _TINY

    def add(self, running: float, kv_ktokens: float, y: float, w: float, keep: float) -> None:
        n, k = running, kv_ktokens
        wn, wk = w * n, w * k
        self.s0 = self.s0 * keep + w
        self.s1 = self.s1 * keep + wn
        self.s2 = self.s2 * keep + wk
        self.s3 = self.s3 * keep + wn * n
        self.s4 = self.s4 * keep + wn * k
        self.s5 = self.s5 * keep + wk * k
        self.t0 = self.t0 * keep + w * y
        self.t1 = self.t1 * keep + wn * y
        self.t2 = self.t2 * keep + wk * y

    def solve(self) -> None:
        r0, r1, r2 = RIDGE, RIDGE * RUNNING_REF**2, RIDGE * KV_REF_KTOKENS**2
        p0, p1, p2 = self.prior
        a = (
            (self.s0 + r0, self.s1, self.s2),
            (self.s1, self.s3 + r1, self.s4),
            (self.s2, self.s4, self.s5 + r2),
        )
        b = (self.t0 + r0 * p0, self.t1 + r1 * p1, self.t2 + r2 * p2)
        c = _solve3(a, b)
        if c is None:
            return
        # A negative part is noise about a part that is not there.
        self.c0, self.c1, self.c2 = (v if v > 0.0 else 0.0 for v in c)


class Level:
    """One endpoint's log decode factor against the shared curve: the forgotten, Huber-weighted
    mean of its own residuals, shrunk towards a target that moves with its pool (the median of
    its model's measured endpoints, plus ``offset``: 0, or the log of its GPU label's slowdown).
    The shrinkage counts ``weight`` pseudo-observations forgotten like its own and ``RIDGE``
    never forgotten, so an endpoint not yet measured is priced as its measured peers are, not
    at a configured prior that no pod runs at."""

    __slots__ = ("drift", "offset", "prior_w", "scale", "sd", "td")

    def __init__(self, offset: float, weight: float) -> None:
        self.offset = offset
        self.prior_w = weight
        self.sd = 0.0
        """Its own observations' weight (forgotten)."""
        self.td = 0.0
        """Their weighted sum of log residuals."""
        self.scale = 0.25
        self.drift = 0.0

    def own(self) -> float | None:
        """The mean of its own residuals (None: no observation yet)."""
        return self.td / self.sd if self.sd > _TINY else None

    def value(self, pool: float) -> float:
        """Its log factor, shrunk towards ``pool + offset`` (``pool``: the model's median of
        its measured endpoints' own means)."""
        w = self.prior_w + RIDGE
        return (self.td + w * (pool + self.offset)) / (self.sd + w)


def observe(
    curve: SharedCurve,
    level: Level,
    pool_median: float,
    itl_s: float,
    running: float,
    kv_ktokens: float,
    keep: float,
    keep_drift: float,
    keep_pool: float,
) -> None:
    """One ITL observation of an endpoint: its level learns the residual against the curve,
    then the curve learns the observation divided by the endpoint's factor against the pool's
    median level (``pool_median``), so the pool's median endpoint sits on the curve.

    The level's update: ``e``, the residual ``z`` against the level's value, is clipped to
    +-1 into the drift detector and Huber-weighted by ``K`` robust scales (or the drift, if
    larger); the level forgets at the drift rate while it drifts, and then teaches the curve
    nothing (its factor lags its speed, so the observation divided by it is no point of the
    pool's curve). The curve accumulates the observation (``SharedCurve.add``) with the
    level's Huber weight. Written as one function with locals: it runs on every access-log
    record and every scrape."""
    if itl_s <= 0.0 or not isfinite(itl_s):
        return
    y = curve.c0 + curve.c1 * running + curve.c2 * kv_ktokens
    z = log(itl_s / (y if y > _TINY else _TINY))
    target = pool_median + level.offset
    prior_w = level.prior_w
    sd, td = level.sd, level.td
    w0 = prior_w + RIDGE
    e = z - (td + w0 * target) / (sd + w0)
    ae = -e if e < 0.0 else e
    clipped = e if ae <= 1.0 else (1.0 if e > 0.0 else -1.0)
    d = level.drift = level.drift + DRIFT_ALPHA * (clipped - level.drift)
    ad = -d if d < 0.0 else d
    sc = level.scale
    bound = K * (sc if sc > ad else ad)
    w = 1.0 if ae <= bound else bound / ae
    sc += SCALE_ALPHA * ((ae if ae < K * sc else K * sc) - sc)
    level.scale = sc if sc > SCALE_FLOOR else SCALE_FLOOR
    drifting = ad > DRIFT_ON
    f = keep_drift if drifting else keep
    sd = level.sd = sd * f + w
    td = level.td = td * f + w * z
    prior_w = level.prior_w = prior_w * f
    if drifting or not w > 0.0:
        return
    w0 = prior_w + RIDGE
    y = itl_s / exp((td + w0 * target) / (sd + w0) - pool_median)
    n, k = running, kv_ktokens
    wn, wk = w * n, w * k
    curve.s0 = curve.s0 * keep_pool + w
    curve.s1 = curve.s1 * keep_pool + wn
    curve.s2 = curve.s2 * keep_pool + wk
    curve.s3 = curve.s3 * keep_pool + wn * n
    curve.s4 = curve.s4 * keep_pool + wn * k
    curve.s5 = curve.s5 * keep_pool + wk * k
    curve.t0 = curve.t0 * keep_pool + w * y
    curve.t1 = curve.t1 * keep_pool + wn * y
    curve.t2 = curve.t2 * keep_pool + wk * y


def _solve3(
    a: tuple[tuple[float, float, float], ...], b: tuple[float, float, float]
) -> list[float] | None:
    """``a x = b`` for a symmetric 3x3 ``a`` by Cramer's rule (None: singular)."""
    (a00, a01, a02), (a10, a11, a12), (a20, a21, a22) = a
    m0 = a11 * a22 - a12 * a21
    m1 = a10 * a22 - a12 * a20
    m2 = a10 * a21 - a11 * a20
    det = a00 * m0 - a01 * m1 + a02 * m2
    if abs(det) < _TINY * max(abs(a00 * a11 * a22), _TINY):
        return None
    b0, b1, b2 = b
    x0 = (b0 * m0 - a01 * (b1 * a22 - a12 * b2) + a02 * (b1 * a21 - a11 * b2)) / det
    x1 = (a00 * (b1 * a22 - a12 * b2) - b0 * m1 + a02 * (a10 * b2 - b1 * a20)) / det
    x2 = (a00 * (a11 * b2 - b1 * a21) - a01 * (a10 * b2 - b1 * a20) + b0 * m2) / det
    return [x0, x1, x2]
