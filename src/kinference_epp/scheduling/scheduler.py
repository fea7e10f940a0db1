"""The runner: filters, then weighted scorers, then the picker, over one view of the pool.

It enforces the plug-in contracts of :mod:`kinference_epp.scheduling.framework` (mask
shape, scores clamped to [0, 1]), times each plug-in when asked, and turns an empty
candidate set into ``NoReadyEndpointError``. The router presets a scheduler is built
from live in :mod:`kinference_epp.scheduling.routers`, the plug-ins' names in
:mod:`kinference_epp.scheduling.plugins`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence
from time import perf_counter
from typing import NamedTuple, cast

import numpy as np

from kinference_epp.config.model import SchedulerConfig
from kinference_epp.errors import NoReadyEndpointError
from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.scheduling.chain_kernel import add_clamped
from kinference_epp.scheduling.framework import (
    Admission,
    BoolVec,
    BuildContext,
    Chain,
    FloatVec,
    LoadSource,
    PickObserver,
    PluginLabel,
    PluginRegistry,
    PluginTimer,
    PoolSource,
    PrefixSource,
    SpeedSource,
    WeightedScorer,
)
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.routers import build_chain
from kinference_epp.scheduling.shed import SaturationGuard
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

log = logging.getLogger(__name__)


class ScoreMap(Mapping[EndpointKey, float]):
    """The weighted total of every candidate, built into a dict only when first read.

    Most requests never look at their scores; this keeps the per-request cost free of
    a Python loop over the endpoints.
    """

    __slots__ = ("_dict", "_endpoints", "_mask", "_scores")

    def __init__(self, endpoints: tuple[Endpoint, ...], mask: BoolVec, scores: FloatVec) -> None:
        self._endpoints = endpoints
        self._mask = mask
        self._scores = scores
        self._dict: dict[EndpointKey, float] | None = None

    def _items(self) -> dict[EndpointKey, float]:
        if self._dict is None:
            slots = np.flatnonzero(self._mask)
            values = self._scores[slots].tolist()
            self._dict = {
                self._endpoints[slot].key: value
                for slot, value in zip(slots.tolist(), values, strict=True)
            }
        return self._dict

    def __getitem__(self, key: EndpointKey) -> float:
        return self._items()[key]

    def __iter__(self) -> Iterator[EndpointKey]:
        return iter(self._items())

    def __len__(self) -> int:
        return int(np.count_nonzero(self._mask))

    def __repr__(self) -> str:
        return f"ScoreMap({self._items()!r})"


class Scheduler:
    """Chooses an endpoint (and ordered fallbacks) for each request; synchronous, no I/O."""

    def __init__(
        self,
        config: SchedulerConfig,
        pool: PoolSource,
        *,
        registry: PluginRegistry | None = None,
        rng: np.random.Generator | None = None,
        on_timing: PluginTimer | None = None,
        observers: Sequence[PickObserver] = (),
        prefix: PrefixSource | None = None,
        load: LoadSource | None = None,
        speed: SpeedSource | None = None,
        admission: Admission | None = None,
        timing_every: int = 1,
    ) -> None:
        """The router ``config`` names over ``pool``; ValueError for a bad configuration.

        ``registry`` defaults to every built-in plug-in; ``rng`` to one seeded with
        ``config.seed``. ``on_timing`` is called after every plug-in with its duration, on
        every ``timing_every``-th call of :meth:`schedule` (a sample).
        ``prefix``, ``load`` and ``speed`` are the shared state the prefix-aware and
        load-cost scorers read (see ``BuildContext``); the objects behind the first two are
        usually also ``observers`` (they learn from every pick). ``admission`` judges each
        pick before the observers count it; None: the configuration's shed rule
        (``config.shed``, a ``SaturationGuard`` over ``speed`` and ``load``).
        """
        ctx = BuildContext(
            rng=rng if rng is not None else np.random.default_rng(config.seed),
            prefix=prefix,
            load=load,
            speed=speed,
        )
        chain = build_chain(config, registry or default_registry(), ctx)
        guard = admission or SaturationGuard.build(config.shed, speed, load)
        self._setup(pool, chain, on_timing, observers, guard)
        if timing_every < 1:
            raise ValueError("timing_every must be >= 1")
        self.timing_every = timing_every

    @classmethod
    def from_chain(
        cls,
        pool: PoolSource,
        chain: Chain,
        *,
        on_timing: PluginTimer | None = None,
        observers: Sequence[PickObserver] = (),
        admission: Admission | None = None,
    ) -> Scheduler:
        """A scheduler over a hand-built chain (tests, experiments, the peers)."""
        scheduler = cls.__new__(cls)
        scheduler._setup(pool, chain, on_timing, observers, admission)
        return scheduler

    def _setup(
        self,
        pool: PoolSource,
        chain: Chain,
        on_timing: PluginTimer | None,
        observers: Sequence[PickObserver],
        guard: Admission | None,
    ) -> None:
        self._pool = pool
        self._filters = chain.filters
        self._scorers = tuple(s for s in chain.scorers if s.weight > 0)
        self._picker = chain.picker
        self._want = 1 + chain.fallbacks
        self._on_timing = on_timing
        # a scorer that learns from picks (session affinity) is told of each, after the
        # observers the composition root passed
        learners = tuple(
            cast("PickObserver", s.scorer)
            for s in chain.scorers
            if s.weight > 0 and hasattr(s.scorer, "on_pick")
        )
        self._observers = (*observers, *learners)
        self.router = chain.router
        self.fallbacks = chain.fallbacks
        self.reads_prompt = chain.reads_prompt
        """Whether a plug-in reads the prompt (tokens, block hashes); see ``Chain``."""
        self._pool_only = chain.pool_only
        self._stages: dict[tuple[str | None, frozenset[EndpointKey] | None], _Stage] = {}
        """Pool-only chains: the filters' mask and scorers' totals per (model, subset hint),
        valid while the pool view and its version are the ones they were computed on."""
        self.timing_every = 1
        """``on_timing`` runs on every n-th scheduling cycle (the picker samples: timing
        every plug-in of every request costs more than most plug-ins)."""
        self._cycle = 0
        self._guard = guard
        """Judges each pick before it is counted (``scheduling/shed.py``: shed a request the
        pick would serve past the SLO)."""

    @property
    def plugins(self) -> tuple[PluginLabel, ...]:
        """Plug-in labels in run order (filters, scorers with weight > 0, the picker)."""
        return (
            *(f.label for f in self._filters),
            *(s.label for s in self._scorers),
            self._picker.label,
        )

    @property
    def scorers(self) -> tuple[WeightedScorer, ...]:
        """The scorers that run (weight > 0), in order (benchmarks time them alone)."""
        return self._scorers

    @property
    def weights(self) -> Mapping[str, float]:
        """Scorer name → weight."""
        return {s.label.name: s.weight for s in self._scorers}

    def schedule(self, req: SchedulingRequest) -> SchedulingResult:
        """Pick an endpoint and up to ``fallbacks`` more, best first.

        Raises ``ModelNotFoundError`` (404) when no endpoint serves ``req.model``,
        ``NoReadyEndpointError`` (503) when none is eligible (reason ``subset_empty``
        when the subset hint is the cause), and ``PoolSaturatedError`` (429) when the pick
        would serve the request past the SLO (``config.shed``) or the admission refuses it.
        """
        pool = self._pool.view()
        self._cycle += 1
        timer = self._on_timing if self._cycle % self.timing_every == 0 else None
        if self._pool_only:
            # the filters' mask and the scorers' totals hold while the pool is unchanged;
            # a sampled (timed) cycle runs the plug-ins anyway, so their timings stay real
            key = (req.model, req.subset)
            stage = self._stages.get(key) if timer is None else None
            if stage is None or stage.view is not pool or stage.version != pool.version:
                stage = self._stage(req, pool, timer)
                if len(self._stages) >= _MAX_STAGES:
                    self._stages.clear()  # e.g. a new subset hint per request
                self._stages[key] = stage
            mask, total = stage.mask, stage.total
        else:
            mask, total = self._filter_and_score(req, pool, timer)

        started = perf_counter() if timer else 0.0
        slots = self._picker.picker.pick(req, total, mask, self._want)
        if timer:
            timer(self._picker.label, perf_counter() - started)
        if not slots:
            raise ValueError(f"{self._picker.label} picked nothing from a non-empty candidate set")
        if self._guard is not None:
            self._guard.check(req, pool, slots[0])  # before the observers count the pick

        endpoints = pool.endpoints
        result = SchedulingResult(
            endpoints=tuple([endpoints[slot].key for slot in slots]),
            scores=ScoreMap(endpoints, mask, total),
            router=self.router,
        )
        for observer in self._observers if not req.dry_run else ():
            try:
                observer.on_pick(req, result)
            except Exception:
                log.exception("pick observer %r failed", observer)
        return result

    def _stage(self, req: SchedulingRequest, pool: PoolView, timer: PluginTimer | None) -> _Stage:
        version = pool.version  # read before the plug-ins run: what they see is this or newer
        mask, total = self._filter_and_score(req, pool, timer)
        total.flags.writeable = False  # shared by the picks until the pool changes
        if mask.flags.writeable:
            mask.flags.writeable = False
        return _Stage(pool, version, mask, total)

    def _filter_and_score(
        self, req: SchedulingRequest, pool: PoolView, timer: PluginTimer | None
    ) -> tuple[BoolVec, FloatVec]:
        """The candidates (filters) and their weighted, clamped total score (scorers)."""
        size = len(pool)
        mask = everyone = pool.everyone  # read-only: a filter must not write its input
        stage: object = "pool"
        empty = size == 0
        for named in self._filters:
            started = perf_counter() if timer else 0.0
            kept = named.filter.filter(req, pool, mask)
            if timer:
                timer(named.label, perf_counter() - started)
            if kept is mask:
                continue  # nothing filtered out (e.g. no subset hint)
            if kept.shape != (size,):
                raise ValueError(f"{named.label} returned shape {kept.shape}, expected {(size,)}")
            # a filter may only remove candidates: kept & mask (nothing to AND with everyone)
            mask = kept if mask is everyone else kept & mask
            stage = named.label
            if not np.count_nonzero(mask):  # cheaper than mask.any() on a small mask
                empty = True
                break
        if empty:
            model = "any model" if req.model is None else f"model {req.model!r}"
            raise NoReadyEndpointError(f"no ready endpoint for {model} (after {stage})")

        total: FloatVec = np.zeros(size, dtype=np.float64)
        for weighted in self._scorers:
            started = perf_counter() if timer else 0.0
            scores = weighted.scorer.score(req, pool, mask)
            if timer:
                timer(weighted.label, perf_counter() - started)
            if scores.shape != (size,):
                raise ValueError(
                    f"{weighted.label} returned shape {scores.shape}, expected {(size,)}"
                )
            # total += fmin(fmax(scores, 0), 1) * weight: NaN counts 0, ±inf is clamped
            add_clamped(total, np.asarray(scores, dtype=np.float64), weighted.weight)
        return mask, total


_MAX_STAGES = 256
"""Cached (model, subset hint) stages per scheduler; cleared when full."""


class _Stage(NamedTuple):
    """Filters' mask and scorers' totals of a pool-only chain, for one pool version."""

    view: PoolView
    version: int
    mask: BoolVec
    total: FloatVec
