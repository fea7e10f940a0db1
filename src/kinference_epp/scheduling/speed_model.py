"""Each endpoint's speed, learned from its own finished requests.

A pool may mix GPU types, and a pod may slow down (a thermal limit, a noisy neighbour): one
configured prefill rate then prices every endpoint wrong. For each (endpoint, model) two
lines are fitted to the access-log records of the requests it served::

    TTFT      = overhead + prefill_s_per_token * (tokens ahead + uncached prompt tokens)
    mean ITL  = itl      + itl_per_ktoken      * KV tokens in use / 1000

"Tokens ahead" is the picker's own prediction, at the pick, of the uncached prompt tokens
still queued for prefill on that endpoint (``InflightTracker``); it is itself drained at the
learned rate, so the two settle together. The ITL line learns from vLLM's own ITL histogram
where the endpoint's scrapes carry it (``observe_itl_totals``): its sum and count grow, between
two scrapes, by the gaps of every token the engine produced, so each ``ITL_MIN_TOKENS`` tokens
give the endpoint's current mean ITL (against its KV in use then) within a scrape or two of a
change, where an access-log record arrives only when its request ends. Without the histogram a
record's ITL, (e2e - TTFT) / (completion tokens - 1), against the KV in use as last scraped,
stands in. Where no access log arrives at all (a gateway that sends the picker none), vLLM's TTFT
histogram teaches the TTFT line (``observe_ttft_totals``): between two scrapes its sum grows by
the TTFTs of the requests that got their first token, and the picker's own picks of the endpoint
over the same interval give their mean tokens ahead + uncached prompt.

Each line is a weighted least-squares fit over sufficient statistics, so a record costs a
few float operations and allocates nothing:

- **forgetting**: every record multiplies the weight of the older ones by
  ``2 ** (-1 / half_life_records)``; while the residuals keep one sign (a drift, not noise:
  their exponentially weighted mean, each clipped to +-1, passes ``DRIFT_ON``) by
  ``2 ** (-1 / drift_half_life_records)`` instead;
- **outliers** (a preempted request, a client that reads slowly, a retried request) get a
  Huber weight: a record whose relative residual exceeds ``K`` times the robust scale (an
  exponentially weighted mean of clipped absolute residuals) counts ``K * scale / |residual|``;
- **prior**: the line starts as ``prior_records`` pseudo-records of its prior (forgotten like
  real ones) plus ``ANCHOR`` of them never forgotten, which keeps the fit defined when every
  record has the same size. The prior is the GPU label's (``gpu_slowdown``), else the median
  of the model's endpoints already learned, else the configured one.

The scorers read per-endpoint **slowness factors** relative to the model's median endpoint
(``factors``): the prefill time of ``PREFILL_REF_TOKENS`` uncached tokens (the TTFT line's
per-token part, without its fixed part), and the decode level of ``decode_level``: each ITL observation against a curve the model's endpoints share (ITL by
sequences running and KV in use), so the factor says how fast a pod decodes, not how loaded
it was when measured (an endpoint's own ITL line against KV in use alone calls the busier of
two identical pods the slower one). An endpoint not yet measured is priced as the median of
its measured peers, not at the configured prior. The absolute ITL line (each endpoint's own)
drives the ITL limit.

The prefill factor leaves the TTFT's fixed part out because the scorer multiplies tokens to
prefill by it: the fixed part (HTTP, the gateway, tokenizing; vLLM's TTFT histogram counts it)
is paid wherever a request goes, and its fitted share is the least certain part of a line
learned from few observations (a pod sent little folds it into its slope, a busy one learns
it). Beside a fixed part several times a small prefill's time, the TTFT at a reference size
calls a pod 2.5 times slower per token about as fast as the fastest, and a miss goes to it.

**A speed that is not heard from fades**: an endpoint's distance from the median shrinks (in
log space) by half with every ``stale_half_life_records`` records of its model per endpoint
served elsewhere since its own last one (its decode factor: decode observations, which
scrapes bring where no access log does), so an endpoint priced slow, and therefore sent
nothing, is tried again and its recovery seen.

The same scrapes' histogram counts (first tokens, later tokens) give the model's mean output
length (``output_length``), which the scorer and the tracker expect of a request in place of its
``max_tokens`` cap (``output_tokens``).

A homogeneous pool thus scores as with one rate, whatever that rate is learned to be, give or
take what its TTFTs say of each endpoint's queue; the TTFT predictor reads the absolute lines
(``ttft_s``).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from statistics import median

import numpy as np
import numpy.typing as npt

from kinference_epp.config.speed_prior import SpeedConfig, SpeedPrior
from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling import decode_level
from kinference_epp.scheduling.decode_level import RIDGE, Level, SharedCurve
from kinference_epp.scheduling.output_length import OutputLength

log = logging.getLogger(__name__)

FloatVec = npt.NDArray[np.float64]

K = 2.5
"""Huber bound, in robust scales of the relative residual."""
SCALE_ALPHA = 0.05
"""Rate of the exponentially weighted robust scale."""
SCALE_FLOOR = 0.05
DRIFT_ALPHA = 0.15
"""Rate of the exponentially weighted signed residual (the drift detector)."""
DRIFT_ON = 0.35
"""Signed mean residual past which the line forgets at the drift rate: three records in a row
at twice their prediction get there, one outlier never does."""
BOUND = 20.0
"""A fitted line stays within this factor of its prior: its slope either way, its fixed part
below this times the larger of the prior's fixed part and its cost at the reference size."""
ANCHOR = 0.25
"""Records' worth of the prior that is never forgotten."""
PREFILL_REF_TOKENS = 2048.0
"""Where the prior's pseudo-records of the TTFT line sit (besides at 0 tokens)."""
DECODE_REF_KTOKENS = 100.0
"""KV in use (thousands of tokens) where the ITL line's prior pseudo-records sit (besides at 0)."""
PUBLISH_EVERY = 16
"""Records between refreshes of the per-view vectors the scorers read (sooner on a drift), or
two per learned line if there are more: a refresh costs a pass over the pool, and an
endpoint's figures move with its own records, so a large pool refreshes no more often per
endpoint than a small one."""
ITL_MIN_TOKENS = 16.0
"""Token gaps of the ITL histogram per decode observation: fewer give a mean that one mixed
prefill step dominates."""
TTFT_MIN_REQUESTS = 8.0
"""First tokens of the TTFT histogram per prefill observation: fewer give a mean that one
long prompt dominates."""
DECODE_BAND = math.log(1.1)
"""Decode levels within this of the median price as the median: on identical pods the levels
still differ by their noise (a percent or two), and the own-decode term, large beside the
other terms where every pod holds every prefix, would send every request to the pod that
noise calls fastest. Pods that differ by more (a slower GPU class: 2.5x) keep their factor."""
_TINY = 1e-12


class _Line:
    """``y = a + b * x``: exponentially forgotten, Huber-weighted least squares."""

    __slots__ = (
        "a",
        "a_max",
        "anchor",
        "b",
        "b_max",
        "b_min",
        "drift",
        "s0",
        "s1",
        "s2",
        "scale",
        "t0",
        "t1",
    )

    def __init__(self, a: float, b: float, x_ref: float, weight: float) -> None:
        self.a = a
        self.b = b
        self.a_max = max(a, b * x_ref) * BOUND
        self.b_min = b / BOUND
        self.b_max = b * BOUND
        y_ref = a + b * x_ref
        h = weight / 2.0
        self.s0 = weight
        self.s1 = h * x_ref
        self.s2 = h * x_ref * x_ref
        self.t0 = h * (a + y_ref)
        self.t1 = h * x_ref * y_ref
        k = ANCHOR / 2.0
        self.anchor = (ANCHOR, k * x_ref, k * x_ref * x_ref, k * (a + y_ref), k * x_ref * y_ref)
        self.scale = 0.25
        self.drift = 0.0

    def update(self, x: float, y: float, keep: float, keep_drift: float) -> None:
        pred = self.a + self.b * x
        if pred < _TINY:
            pred = _TINY
        e = (y - pred) / pred
        ae = -e if e < 0.0 else e
        clipped = e if ae <= 1.0 else (1.0 if e > 0.0 else -1.0)
        d = self.drift + DRIFT_ALPHA * (clipped - self.drift)
        self.drift = d
        ad = -d if d < 0.0 else d
        sc = self.scale
        bound = K * (sc if sc > ad else ad)
        w = 1.0 if ae <= bound else bound / ae
        sc += SCALE_ALPHA * ((ae if ae < K * sc else K * sc) - sc)
        self.scale = sc if sc > SCALE_FLOOR else SCALE_FLOOR
        f = keep_drift if ad > DRIFT_ON else keep
        wx = w * x
        s0 = self.s0 = self.s0 * f + w
        s1 = self.s1 = self.s1 * f + wx
        s2 = self.s2 = self.s2 * f + wx * x
        t0 = self.t0 = self.t0 * f + w * y
        t1 = self.t1 = self.t1 * f + wx * y
        a0, a1, a2, b0, b1 = self.anchor
        s0 += a0
        s1 += a1
        s2 += a2
        t0 += b0
        t1 += b1
        det = s0 * s2 - s1 * s1
        b = (s0 * t1 - s1 * t0) / det if det > 1e-9 * s0 * s2 else 0.0
        if b < self.b_min:  # the records say no growth: the fixed part at the least slope
            b = self.b_min
        a = (t0 - b * s1) / s0
        if a < 0.0:  # through the origin: the records say no fixed part
            a = 0.0
            b = t1 / s2 if s2 > 0.0 else self.b
        elif a > self.a_max:  # the slope with the fixed part at its bound
            a = self.a_max
            b = (t1 - a * s1) / s2 if s2 > 0.0 else self.b
        if not self.b_min <= b <= self.b_max:
            b = self.b_min if b < self.b_min else self.b_max
        self.a = a
        self.b = b

    def centroid(self) -> float:
        """The weighted mean ``x`` of its records (and what is left of its prior's)."""
        return self.s1 / self.s0 if self.s0 > _TINY else self.anchor[1] / self.anchor[0]

    def at(self, x: float) -> float:
        return self.a + self.b * x


@dataclass(frozen=True, slots=True)
class EndpointSpeed:
    """One (endpoint, model)'s learned figures (metrics, ``kinfctl explain``)."""

    endpoint: EndpointKey
    model: str
    prefill_tokens_per_s: float
    overhead_s: float
    itl_s: float
    """Mean inter-token latency with an empty KV cache."""
    itl_s_per_ktoken: float
    records: int
    """Observations the TTFT line learned from: access-log records, or (where no access log
    arrives) TTFT histogram intervals from scrapes."""
    prior: str
    """Where its prior came from: ``config``, ``gpu-label`` or ``pool-median``."""
    prefill_factor: float = 1.0
    """Prefill time per uncached token (the TTFT line's slope) against the model's median
    endpoint (2: twice as slow), as the scorers read it (fading while not heard from)."""
    decode_factor: float = 1.0
    """ITL against the model's median endpoint at the same load (``decode_level``; likewise
    fading)."""
    decode_observations: int = 0
    """Observations the ITL line learned from: ITL histogram means from scrapes, or records."""

    def itl_at(self, kv_ktokens: float) -> float:
        return self.itl_s + self.itl_s_per_ktoken * kv_ktokens


class _Fit:
    __slots__ = (
        "decode",
        "decode_seen",
        "itl_count",
        "itl_records",
        "itl_sum",
        "level",
        "logged_a",
        "logged_b",
        "logged_db",
        "md",
        "prefill",
        "prior",
        "seen",
        "ttft_count",
        "ttft_intervals",
        "ttft_picks",
        "ttft_records",
        "ttft_sum",
        "ttft_work",
    )

    def __init__(
        self, prior: SpeedPrior, source: str, weight: float, slowdown: float, md: _ModelDecode
    ) -> None:
        self.md = md
        """What its model's endpoints' decode levels share."""
        self.level = Level(math.log(slowdown), weight)
        """Its decode factor against the pool's shared curve (log; ``decode_level``)."""
        self.decode_seen = 0
        """Its model's decode observation count at its own last one."""
        self.prefill = _Line(
            prior.overhead_s, 1.0 / prior.prefill_tokens_per_s, PREFILL_REF_TOKENS, weight
        )
        self.decode = _Line(prior.itl_s, prior.itl_s_per_ktoken, DECODE_REF_KTOKENS, weight)
        self.prior = source
        self.logged_b = self.prefill.b
        self.logged_a, self.logged_db = self.decode.a, self.decode.b
        """The decode line as last logged (or its prior)."""
        self.ttft_records = 0
        self.itl_records = 0
        self.seen = 0
        """Its model's record count at its own last record."""
        self.itl_sum = 0.0
        self.itl_count = -1.0
        """The ITL histogram's totals at the last decode observation from them (-1: none)."""
        self.ttft_sum = 0.0
        self.ttft_count = -1.0
        self.ttft_picks = 0.0
        self.ttft_work = 0.0
        """The TTFT histogram's totals and the picker's picks (count, work) at the last
        prefill observation from them (-1: none)."""
        self.ttft_intervals = 0

    def prefill_ref(self) -> float:
        """Prefill time of ``PREFILL_REF_TOKENS`` uncached tokens, the TTFT's fixed part left
        out: what the prefill factor compares."""
        return self.prefill.b * PREFILL_REF_TOKENS


DriftListener = Callable[[EndpointSpeed, float], None]
"""``(figures, ratio)``: an endpoint's prefill time moved by ``ratio`` (2: twice as slow)."""


class SpeedModel:
    """Learned speeds per (endpoint, model); see the module docstring."""

    def __init__(
        self,
        config: SpeedConfig | None = None,
        *,
        labels: Callable[[EndpointKey], dict[str, str] | None] | None = None,
        on_drift: DriftListener | None = None,
    ) -> None:
        """``labels(endpoint)``: the endpoint's pod labels (the GPU-type prior), if known."""
        self.config = c = config or SpeedConfig()
        self._labels = labels
        self._on_drift = on_drift
        self._keep = 2.0 ** (-1.0 / c.half_life_records)
        self._keep_drift = 2.0 ** (-1.0 / c.drift_half_life_records)
        self._fits: dict[tuple[EndpointKey, str], _Fit] = {}
        self._records: dict[str, int] = {}
        """Per model, records observed (the clock of fading)."""
        self._outputs = OutputLength()
        self._since_publish = 0
        self.version = 0
        """Bumped when the vectors the scorers read may have changed."""
        self._vectors: dict[str, _Vectors] = {}
        self._decode: dict[str, _ModelDecode] = {}
        """Per model, what its endpoints' decode levels share (``decode_level``)."""
        self._members = 0
        """Bumped when a fit is added or removed: the key of ``_slots``."""
        self._slots: dict[str, tuple[PoolView, int, list[_Fit], list[str]]] = {}
        """Per model read, the view it was last read for and that view's fits and models by
        slot (the vectors' rebuild after each version bump reuses them)."""
        self._by_model: tuple[int, dict[str, list[_Fit]]] = (-1, {})
        """The fits by model, as of ``_members`` (each publish reuses them)."""

    # ---- learning ----------------------------------------------------------------------

    def observe(
        self,
        endpoint: EndpointKey,
        model: str,
        *,
        ttft_s: float | None,
        work_tokens: float,
        itl_s: float | None = None,
        kv_ktokens: float = 0.0,
        running: float = 0.0,
    ) -> None:
        """One served request: its TTFT after ``work_tokens`` (tokens ahead + uncached prompt),
        and its mean ITL with ``kv_ktokens`` thousand KV tokens in use and ``running``
        sequences in the batch (None: not measured)."""
        if not self.config.learn:
            return
        fit = self._fits.get((endpoint, model)) or self._new_fit(endpoint, model)
        records = self._records
        fit.seen = records[model] = records.get(model, 0) + 1
        keep, keep_drift = self._keep, self._keep_drift
        # Runs on every access-log record: the helpers' work inline, their calls only where
        # something is to be done (a drift to log, vectors to publish).
        if ttft_s is not None:
            prefill = fit.prefill
            prefill.update(work_tokens, ttft_s, keep, keep_drift)
            fit.ttft_records += 1
            ratio = prefill.b / fit.logged_b
            limit = self.config.drift_log_ratio
            if ratio > limit or ratio * limit < 1.0:
                self._prefill_moved(endpoint, model, fit, fit.ttft_records)
        if itl_s is not None:
            fit.decode.update(kv_ktokens, itl_s, keep, keep_drift)
            md = fit.md
            fit.decode_seen = md.clock = md.clock + 1
            decode_level.observe(
                md.curve,
                fit.level,
                md.median,
                itl_s,
                running,
                kv_ktokens,
                keep,
                keep_drift,
                md.keep_pool,
            )
            fit.itl_records += 1
        since = self._since_publish + 1
        if since >= PUBLISH_EVERY and since >= 2 * len(self._fits):
            self._since_publish = 0
            self.version += 1
            self._publish_medians()
        else:
            self._since_publish = since

    def observe_itl_totals(
        self,
        endpoint: EndpointKey,
        model: str,
        *,
        itl_sum: float,
        itl_count: float,
        kv_ktokens: float,
        running: float = 0.0,
    ) -> None:
        """One scrape's ITL histogram totals (cumulative seconds and gaps) with ``kv_ktokens``
        thousand KV tokens in use and ``running`` sequences in the batch: once
        ``ITL_MIN_TOKENS`` gaps have accumulated since the last observation, their mean ITL is
        one observation of the decode line and of the endpoint's decode level.

        It moves the endpoint's figures, not its model's record clock (scrapes come from every
        busy endpoint, whichever was picked), so the fading of an endpoint not picked is kept.
        Totals that fall (a restarted engine) start the count again. The vectors the scorers
        read are refreshed at the records' pace: with every endpoint scraped each interval,
        that is every other interval, whatever the pool's size.
        """
        if not self.config.learn:
            return
        fit = self._fit(endpoint, model)
        gaps = itl_count - fit.itl_count
        if fit.itl_count < 0.0 or gaps < 0.0 or itl_sum < fit.itl_sum:
            fit.itl_sum, fit.itl_count = itl_sum, itl_count
            return
        if gaps < ITL_MIN_TOKENS:
            return
        itl = (itl_sum - fit.itl_sum) / gaps
        fit.itl_sum, fit.itl_count = itl_sum, itl_count
        line = fit.decode
        line.update(kv_ktokens, itl, self._keep, self._keep_drift)
        self._observe_level(fit, itl, running, kv_ktokens)
        fit.itl_records += 1
        ratio = line.at(kv_ktokens) / max(fit.logged_a + fit.logged_db * kv_ktokens, _TINY)
        limit = self.config.drift_log_ratio
        if (ratio > limit or ratio * limit < 1.0) and fit.itl_records >= self.config.min_records:
            fit.logged_a, fit.logged_db = line.a, line.b
            log.info(
                "endpoint speed drifted",
                extra={
                    "endpoint": endpoint,
                    "model": model,
                    "phase": "decode",
                    "itl_ratio": round(ratio, 3),
                    "itl_s": round(line.at(kv_ktokens), 5),
                    "kv_ktokens": round(kv_ktokens, 1),
                    "observations": fit.itl_records,
                },
            )
        self._learned()

    def observe_token_counts(
        self, endpoint: EndpointKey, model: str, *, first_tokens: float, later_tokens: float
    ) -> None:
        """One scrape's token counts (the TTFT histogram's count: first tokens; the ITL
        histogram's: every later token): the model's mean output length (``output_tokens``)."""
        if self.config.learn:
            self._outputs.observe(endpoint, model, first_tokens, later_tokens)

    def output_tokens(self, model: str | None) -> float | None:
        """Mean tokens a request of ``model`` generates, from the engines' counters (None: not
        yet known; ``output_length``)."""
        return self._outputs.tokens(model or "")

    def observe_ttft_totals(
        self,
        endpoint: EndpointKey,
        model: str,
        *,
        ttft_sum: float,
        ttft_count: float,
        picks: float,
        work_tokens: float,
        waiting: float,
    ) -> None:
        """One scrape's TTFT histogram totals (cumulative seconds and first tokens) beside the
        picker's own cumulative picks of the endpoint and their work (tokens ahead + uncached
        prompt at each pick, ``InflightTracker.picked``): once ``TTFT_MIN_REQUESTS`` first tokens
        have accumulated since the last observation, their mean TTFT against the mean work of
        the picks over the same interval is one observation of the prefill line.

        This is how a picker behind a gateway that sends no access log learns prefill speeds:
        from the first scrapes (a pod's speed priced before it is measured sends it work it is
        too slow for), and only until a record of the model arrives (an access log's records
        pair each request's TTFT with its own work); an interval whose scrape found a long
        waiting queue (``max_waiting``: its TTFTs waited for seats, not prefill) or in which
        this picker picked nothing there (other replicas' traffic) teaches nothing. Totals that
        fall (a restarted engine) start the count again. Like ``observe_itl_totals`` it moves
        the endpoint's figures, not its model's record clock.
        """
        if not self.config.learn or self._records.get(model, 0) > 0:
            return
        fit = self._fit(endpoint, model)
        firsts = ttft_count - fit.ttft_count
        picked = picks - fit.ttft_picks
        restart = fit.ttft_count < 0.0 or firsts < 0.0 or ttft_sum < fit.ttft_sum or picked < 0.0
        if not restart and firsts < TTFT_MIN_REQUESTS:
            return
        learn = not restart and picked > 0.0
        if learn and waiting <= self.config.max_waiting:
            ttft = (ttft_sum - fit.ttft_sum) / firsts
            work = (work_tokens - fit.ttft_work) / picked
            fit.prefill.update(work, ttft, self._keep, self._keep_drift)
            fit.ttft_intervals += 1
            self._prefill_moved(endpoint, model, fit, fit.ttft_intervals)
            self._learned()
        fit.ttft_sum, fit.ttft_count = ttft_sum, ttft_count
        fit.ttft_picks, fit.ttft_work = picks, work_tokens

    def _prefill_moved(self, endpoint: EndpointKey, model: str, fit: _Fit, lessons: int) -> None:
        """Log (and tell the drift listener) when the prefill line has moved past
        ``drift_log_ratio`` since last logged, after ``min_records`` lessons."""
        b = fit.prefill.b
        ratio = b / fit.logged_b
        limit = self.config.drift_log_ratio
        if (ratio > limit or ratio * limit < 1.0) and lessons >= self.config.min_records:
            fit.logged_b = b
            self._drifted(endpoint, model, fit, ratio)

    def _observe_level(self, fit: _Fit, itl: float, running: float, kv_ktokens: float) -> None:
        """One ITL observation teaches the endpoint's decode level and its model's shared
        curve (refitted at each publish)."""
        md = fit.md
        md.clock += 1
        fit.decode_seen = md.clock
        decode_level.observe(
            md.curve,
            fit.level,
            md.median,
            itl,
            running,
            kv_ktokens,
            self._keep,
            self._keep_drift,
            md.keep_pool,
        )

    def _model_decode(self, model: str) -> _ModelDecode:
        prior = self.config.prior
        md = self._decode[model] = _ModelDecode(
            SharedCurve(prior.itl_s, prior.itl_s_per_ktoken), self._keep
        )
        return md

    def _learned(self) -> None:
        """One more lesson: publish new vectors every ``PUBLISH_EVERY`` (or two per fit), and
        the models' median decode levels the shared curves normalise by."""
        self._since_publish += 1
        if self._since_publish >= max(PUBLISH_EVERY, 2 * len(self._fits)):
            self._since_publish = 0
            self.version += 1
            self._publish_medians()

    def _publish_medians(self) -> None:
        """Refit the shared decode curves, and the medians they normalise by."""
        members, by_model = self._by_model
        if members != self._members:
            by_model = {}
            for (_, m), f in self._fits.items():
                by_model.setdefault(m, []).append(f)
            self._by_model = (self._members, by_model)
        for fits in by_model.values():
            md = fits[0].md
            md.median = _pool_level(fits)
            md.curve.solve()

    def _fit(self, endpoint: EndpointKey, model: str) -> _Fit:
        fit = self._fits.get((endpoint, model))
        return fit if fit is not None else self._new_fit(endpoint, model)

    def _drifted(self, endpoint: EndpointKey, model: str, fit: _Fit, ratio: float) -> None:
        self.version += 1
        self._since_publish = 0
        figures = self._figures(endpoint, model, fit)
        log.info(
            "endpoint speed drifted",
            extra={
                "endpoint": endpoint,
                "model": model,
                "phase": "prefill",
                "prefill_time_ratio": round(ratio, 3),
                "prefill_tokens_per_s": round(figures.prefill_tokens_per_s),
                "overhead_s": round(figures.overhead_s, 4),
                "records": figures.records,
            },
        )
        if self._on_drift is not None:
            self._on_drift(figures, ratio)

    def _new_fit(self, endpoint: EndpointKey, model: str) -> _Fit:
        prior, source = self.prior(endpoint, model)
        slowdown = prior.itl_s / self.config.prior.itl_s if source == "gpu-label" else 1.0
        md = self._decode.get(model) or self._model_decode(model)
        fit = self._fits[(endpoint, model)] = _Fit(
            prior, source, self.config.prior_records, slowdown, md
        )
        self._count_peers(model, 1)
        self._members += 1
        self.version += 1
        return fit

    def _count_peers(self, model: str, change: int) -> None:
        md = self._decode.get(model) or self._model_decode(model)
        md.peers += change
        md.keep_pool = self._keep ** (1.0 / max(1, md.peers))

    def prior(self, endpoint: EndpointKey, model: str) -> tuple[SpeedPrior, str]:
        """The prior of an endpoint with no history, and where it comes from."""
        c = self.config
        if c.gpu_label is not None and self._labels is not None:
            gpu = (self._labels(endpoint) or {}).get(c.gpu_label)
            factor = c.gpu_slowdown.get(gpu) if gpu is not None else None
            if factor is not None:
                return c.prior.slowed(factor), "gpu-label"
        learned = [
            f
            for (_, m), f in self._fits.items()
            if m == model and f.ttft_records >= c.min_records and f.prior != "gpu-label"
        ]
        if learned:
            a = float(median([f.prefill.a for f in learned]))
            b = float(median([f.prefill.b for f in learned]))
            da = float(median([f.decode.a for f in learned]))
            db = float(median([f.decode.b for f in learned]))
            prior = SpeedPrior(
                prefill_tokens_per_s=1.0 / b, overhead_s=a, itl_s=da, itl_s_per_ktoken=db
            )
            return prior, "pool-median"
        return c.prior, "config"

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        self._outputs.remove_endpoint(endpoint)
        for key in [k for k in self._fits if k[0] == endpoint]:
            del self._fits[key]
            self._count_peers(key[1], -1)
        self._members += 1
        self.version += 1

    # ---- reading -----------------------------------------------------------------------

    def prefill_rate(self, endpoint: EndpointKey, model: str) -> float:
        """Uncached prompt tokens per second the endpoint prefills for ``model``."""
        fit = self._fit(endpoint, model)
        return 1.0 / fit.prefill.b

    def factors(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        """Per view slot: prefill and decode time against the model's median endpoint."""
        v = self._vectors.get(model or "")  # the cached vectors' check inline: every pick reads
        if v is None or v.view is not view or v.version != self.version:
            v = self._vectors_for(view, model)
        return v.prefill_factor, v.decode_factor

    def itl(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        """Per view slot: predicted mean ITL with an empty KV cache, and its growth per unit
        of ``view.kv_usage`` (0 where the endpoint's KV size is not yet scraped)."""
        v = self._vectors.get(model or "")
        if v is None or v.view is not view or v.version != self.version:
            v = self._vectors_for(view, model)
        return v.itl_base, v.itl_per_usage

    def ttft_s(self, view: PoolView, model: str | None, work_tokens: FloatVec) -> FloatVec:
        """Per view slot: predicted TTFT after ``work_tokens`` (tokens ahead + uncached)."""
        v = self._vectors_for(view, model)
        out: FloatVec = v.overhead + v.s_per_token * work_tokens
        return out

    def figures(self) -> list[EndpointSpeed]:
        """Every (endpoint, model)'s figures, with the factors the scorers read."""
        result = []
        for model in sorted({m for _, m in self._fits}):
            keys = sorted(ep for ep, m in self._fits if m == model)
            fits = [self._fits[(ep, model)] for ep in keys]
            pfs, dfs, _, _ = self._price(fits, [model] * len(fits))
            for ep, fit, pf, df in zip(keys, fits, pfs, dfs, strict=True):
                s = self._figures(ep, model, fit)
                result.append(
                    EndpointSpeed(
                        ep,
                        model,
                        s.prefill_tokens_per_s,
                        s.overhead_s,
                        s.itl_s,
                        s.itl_s_per_ktoken,
                        s.records,
                        s.prior,
                        pf,
                        df,
                        fit.itl_records,
                    )
                )
        return result

    def _price(
        self, fits: list[_Fit], models: list[str]
    ) -> tuple[list[float], list[float], list[float], list[float]]:
        """Per fit, among its peers: the prefill factor, the decode factor, the prefill scale
        and the decode scale (one list each), the factors against the median as the scorers
        read them (fading while not heard from) and the scales that bring its absolute lines
        to them. Runs on the pick path after every version bump: one pass per figure, over
        plain floats."""
        if not fits:
            return [], [], [], []
        prefills = [f.prefill for f in fits]
        decodes = [f.decode for f in fits]
        lvls = [f.level for f in fits]
        pr = [p.b * PREFILL_REF_TOKENS for p in prefills]
        x_ref = _median(
            [d.s1 / d.s0 if d.s0 > _TINY else d.anchor[1] / d.anchor[0] for d in decodes]
        )
        dr = [_TINY if (v := d.a + d.b * x_ref) < _TINY else v for d in decodes]
        pm, dm = _median(pr), _median(dr)
        own = [lv.td / lv.sd - lv.offset for lv in lvls if lv.sd > _TINY]
        pool = _median(own) if own else 0.0
        levels = [
            (lv.td + (w := lv.prior_w + RIDGE) * (pool + lv.offset)) / (lv.sd + w) for lv in lvls
        ]
        lm = _median(levels)
        # Per model: its peers' span of fading, its record clock and its decode clock.
        clocks: dict[str, tuple[float, int, int]] = {}
        for m in models:
            if m not in clocks:
                md = self._decode.get(m)
                clocks[m] = (
                    self.config.stale_half_life_records * models.count(m),
                    self._records.get(m, 0),
                    md.clock if md is not None else 0,
                )
        pf: list[float] = []
        df: list[float] = []
        ps: list[float] = []
        ds: list[float] = []
        exp, log = math.exp, math.log
        for f, m, p, d, lv in zip(fits, models, pr, dr, levels, strict=True):
            span, records, clock = clocks[m]
            fade = 2.0 ** (-(records - f.seen) / span)
            lp, ld = log(p / pm), log(d / dm)
            ep = lp * fade
            pf.append(exp(ep))
            ps.append(exp(ep - lp))
            ds.append(exp(ld * fade - ld))
            # The factor the scorers read is the level against the shared curve; the line's
            # own distance only scales the absolute ITL line (fading alike).
            gap = lv - lm
            if -DECODE_BAND < gap < DECODE_BAND:
                df.append(1.0)
            else:
                df.append(exp(gap * 2.0 ** (-(clock - f.decode_seen) / span)))
        return pf, df, ps, ds

    def _figures(self, endpoint: EndpointKey, model: str, fit: _Fit) -> EndpointSpeed:
        return EndpointSpeed(
            endpoint,
            model,
            1.0 / fit.prefill.b,
            fit.prefill.a,
            fit.decode.a,
            fit.decode.b,
            fit.ttft_records + fit.ttft_intervals,
            fit.prior,
        )

    def _vectors_for(self, view: PoolView, model: str | None) -> _Vectors:
        name = model or ""
        cached = self._vectors.get(name)
        if cached is not None and cached.view is view and cached.version == self.version:
            return cached
        slots = self._slots.get(name)
        if slots is not None and slots[0] is view and slots[1] == self._members:
            fits, models = slots[2], slots[3]
        else:
            fits, models = [], []
            for ep in view.endpoints:
                m = name or ep.base_model
                models.append(m)
                fits.append(self._fits.get((ep.key, m)) or self._new_fit(ep.key, m))
            self._slots[name] = (view, self._members, fits, models)
        capacity = []
        for slot in range(len(fits)):
            snap = view.snapshot(slot)
            blocks = snap.num_gpu_blocks if snap is not None else None
            size = snap.block_size if snap is not None else None
            capacity.append(blocks * size / 1000.0 if blocks and size else 0.0)
        mask = view.model_mask(name) if name else None
        served = mask.tolist() if mask is not None else []
        if mask is not None and not all(served) and any(served):
            keep = [i for i, on in enumerate(served) if on]
            columns = self._price([fits[i] for i in keep], [models[i] for i in keep])
            pf, df, ps, ds = ([1.0] * len(fits) for _ in range(4))
            for column, out in zip(columns, (pf, df, ps, ds), strict=True):
                for i, v in zip(keep, column, strict=True):
                    out[i] = v
        else:
            pf, df, ps, ds = self._price(fits, models)
        rows = np.array(
            [
                pf,
                df,
                [f.prefill.a * s for f, s in zip(fits, ps, strict=True)],
                [f.prefill.b * s for f, s in zip(fits, ps, strict=True)],
                [f.decode.a * s for f, s in zip(fits, ds, strict=True)],
                [f.decode.b * c * s for f, c, s in zip(fits, capacity, ds, strict=True)],
            ],
            dtype=np.float64,
        ).reshape(6, len(fits))
        rows.flags.writeable = False
        vectors = _Vectors(view, self.version, *rows)
        self._vectors[name] = vectors
        return vectors


class _ModelDecode:
    """One model's shared decode curve, its decode observation count (the clock its
    endpoints' decode factors fade by), its measured endpoints' median level as last
    published (what the curve normalises by), its endpoints, and the curve's forgetting per
    observation (an endpoint's, spread over the model's endpoints: each observation is one
    endpoint's)."""

    __slots__ = ("clock", "curve", "keep_pool", "median", "peers")

    def __init__(self, curve: SharedCurve, keep: float) -> None:
        self.curve = curve
        self.clock = 0
        self.median = 0.0
        self.peers = 0
        self.keep_pool = keep


def _pool_level(fits: list[_Fit]) -> float:
    """The median of the measured endpoints' own decode levels, each less its GPU label's
    offset (0: none measured yet)."""
    own = [(v - f.level.offset) for f in fits if (v := f.level.own()) is not None]
    return _median(own) if own else 0.0


def _median(values: list[float]) -> float:
    """``statistics.median`` of a non-empty list, without its generality (pick path)."""
    s = sorted(values)
    i = len(s) // 2
    return float(s[i] if len(s) % 2 else (s[i - 1] + s[i]) / 2)


@dataclass(slots=True)
class _Vectors:
    """Per view slot, what the scorers and the TTFT predictor read: rows of one read-only
    array (``_vectors_for``)."""

    view: PoolView
    version: int
    prefill_factor: FloatVec
    decode_factor: FloatVec
    overhead: FloatVec
    s_per_token: FloatVec
    itl_base: FloatVec
    """Predicted mean ITL with an empty KV cache."""
    itl_per_usage: FloatVec
    """Its growth per unit of ``kv_usage`` (the whole cache in use: 1)."""
