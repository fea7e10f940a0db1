"""The scheduling extension points: what a filter, scorer, picker and pick observer are.

Plug-ins work on whole vectors of endpoints at once. Slot ``i`` of every vector is
``pool.endpoints[i]`` (see :class:`~kinference_epp.pool.datastore.PoolView`); a *mask*
is a bool vector of the slots still eligible. The runner
(:class:`~kinference_epp.scheduling.scheduler.Scheduler`) enforces each contract, times
each plug-in, and turns an empty candidate set into an error, so plug-ins stay tiny.

This module never imports a plug-in; the one place plug-ins are named is
``kinference_epp.scheduling.plugins``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.types import (
    InflightLoad,
    PrefixCredit,
    SchedulingRequest,
    SchedulingResult,
)

BoolVec = npt.NDArray[np.bool_]
FloatVec = npt.NDArray[np.float64]


class Filter(Protocol):
    """Narrows the candidates.

    Returns a bool vector of ``len(pool)``; the runner ANDs it with ``mask``, so a
    filter may ignore slots already excluded. Must not write to ``mask`` or the pool's
    vectors. May raise a :class:`~kinference_epp.errors.KinferenceError` to give the
    client a precise reason (unknown model, empty subset); otherwise an empty result
    becomes ``NoReadyEndpointError``.
    """

    def filter(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> BoolVec: ...


class Scorer(Protocol):
    """Rates every candidate: a float vector of ``len(pool)``, in [0, 1], higher is better.

    Only slots where ``mask`` is true are read; ``mask`` always has at least one. The
    runner clamps to [0, 1] (NaN counts as 0), rejects a wrong shape, and multiplies
    by the scorer's configured weight.
    """

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec: ...


class Picker(Protocol):
    """Chooses up to ``n`` distinct slots where ``mask`` is true, best first.

    ``scores`` holds the weighted sum of all scorers (zeros when there are none). The
    first slot is the pick, the rest are the ordered fallbacks. ``mask`` has at least
    one true slot.
    """

    def pick(
        self, req: SchedulingRequest, scores: FloatVec, mask: BoolVec, n: int
    ) -> list[int]: ...


class PickObserver(Protocol):
    """Told of every successful pick (predicted load, approximate prefix tracking)."""

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None: ...


class Admission(Protocol):
    """Decides whether the pick is served at all (shedding, a saturation detector): apart
    from the routing decision, so one admission rule can sit on top of any router.

    Implemented by :class:`~kinference_epp.scheduling.shed.SaturationGuard`.
    """

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        """Raise ``PoolSaturatedError`` to refuse ``req``, whose pick is view slot ``slot``
        (the scheduler asks before any observer counts the pick)."""
        ...


class PoolSource(Protocol):
    """Where the scheduler reads the pool from (the datastore)."""

    def view(self) -> PoolView: ...


class PrefixSource(Protocol):
    """Which endpoint holds how much of a request's prompt prefix (prefix-aware scorers).

    Implemented by :class:`~kinference_epp.scheduling.prefix_state.PrefixState`, which
    combines the precise index (vLLM KV events) with the picker's own routing history.
    One call per request is computed; repeated calls for the same ``req`` and ``pool``
    objects return the same answer (so several scorers and observers share one match).
    """

    def match(
        self, req: SchedulingRequest, pool: PoolView, *, approximate_only: bool = False
    ) -> PrefixCredit:
        """Credited leading blocks per slot; ``approximate_only`` ignores the KV events."""
        ...


class LoadSource(Protocol):
    """The picker's own in-flight work per endpoint (predicted load).

    Implemented by :class:`~kinference_epp.scheduling.inflight.InflightTracker`.
    """

    def load(self, pool: PoolView) -> InflightLoad: ...

    def count(self, endpoint: EndpointKey) -> int:
        """Requests routed to ``endpoint`` and not yet finished."""
        ...

    def finish_rate(self, endpoint: EndpointKey) -> float:
        """Requests per second seen finishing at ``endpoint`` (0: not known yet)."""
        ...


class SpeedSource(Protocol):
    """Each endpoint's learned speed against the model's median endpoint.

    Implemented by :class:`~kinference_epp.scheduling.speed_model.SpeedModel`.
    """

    def factors(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        """Per view slot: prefill and decode time against the median (2: twice as slow);
        read-only vectors."""
        ...

    def itl(self, view: PoolView, model: str | None) -> tuple[FloatVec, FloatVec]:
        """Per view slot: predicted mean inter-token latency with an empty KV cache, and its
        growth per unit of ``view.kv_usage``; read-only vectors."""
        ...

    def prefill_rate(self, endpoint: EndpointKey, model: str) -> float:
        """Uncached prompt tokens per second ``endpoint`` prefills for ``model``."""
        ...

    def output_tokens(self, model: str | None) -> float | None:
        """Mean tokens a request of ``model`` generates, as the engines count them (None: not
        yet known): a request's expected output is this, at most its ``max_tokens``."""
        ...


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PluginLabel:
    """Names one plug-in in a chain: for timings, errors and the plug-in duration metric."""

    extension_point: str
    """``filter``, ``scorer`` or ``picker``."""
    type: str
    """The registered type name, e.g. ``queue``."""
    name: str
    """Unique within a chain; the type name unless configured otherwise."""

    def __str__(self) -> str:
        return f"{self.extension_point}/{self.name}"


PluginTimer = Callable[[PluginLabel, float], None]
"""``on_timing(label, seconds)``: called after each plug-in ran, when timing is wanted."""


@dataclass(frozen=True, slots=True)
class NamedFilter:
    label: PluginLabel
    filter: Filter


@dataclass(frozen=True, slots=True)
class WeightedScorer:
    label: PluginLabel
    scorer: Scorer
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class NamedPicker:
    label: PluginLabel
    picker: Picker


@dataclass(frozen=True, slots=True)
class Chain:
    """A complete, built plug-in chain: what a router preset resolves to."""

    router: str
    filters: tuple[NamedFilter, ...]
    scorers: tuple[WeightedScorer, ...]
    picker: NamedPicker
    fallbacks: int = 0
    reads_prompt: bool = True
    """Whether a plug-in of the chain reads the prompt's tokens or block hashes: when none
    does (round-robin, least-queue, ...), the request pipeline neither tokenizes nor hashes."""
    pool_only: bool = False
    """Whether every filter and scorer is a function of the pool's vectors, the request's
    model and subset hint and its input mask alone (``PluginRegistry.pool_only``): then the
    candidate mask and the weighted totals hold until the pool changes, and the scheduler
    reuses them (only the picker runs per request)."""


@dataclass(frozen=True, slots=True)
class BuildContext:
    """What a plug-in factory may use beyond its own parameters."""

    rng: np.random.Generator = field(default_factory=np.random.default_rng)
    """Shared by every random choice of one scheduler; seeded from ``SchedulerConfig.seed``."""
    prefix: PrefixSource | None = None
    """Prefix cache state (precise index from KV events, approximate and predicted state
    from past picks). None: prefix scorers score 0 and the load-cost scorer assumes no
    cache hit."""
    load: LoadSource | None = None
    """The picker's in-flight work per endpoint. None: the load-cost scorer uses only
    scraped metrics."""
    speed: SpeedSource | None = None
    """Learned per-endpoint speeds. None: the load-cost scorer prices every endpoint alike."""


FilterFactory = Callable[[Mapping[str, Any], BuildContext], Filter]
ScorerFactory = Callable[[Mapping[str, Any], BuildContext], Scorer]
PickerFactory = Callable[[Mapping[str, Any], BuildContext], Picker]


@dataclass(frozen=True, slots=True)
class PluginRegistry:
    """Plug-in factories by type name. Each factory validates its own params (pydantic)."""

    filters: Mapping[str, FilterFactory]
    scorers: Mapping[str, ScorerFactory]
    pickers: Mapping[str, PickerFactory]
    prompt_blind: frozenset[str] = frozenset()
    """Type names of plug-ins known to read neither ``prompt_tokens`` nor ``block_hashes``.
    Any other type is assumed to read them (the safe default: the prompt is tokenized)."""
    pool_only: frozenset[str] = frozenset()
    """Type names of filters and scorers whose output depends on nothing but the pool view's
    vectors, ``req.model``, ``req.subset`` and the input mask: no other request field, no
    clock, no state of their own. Any other type is assumed to depend on more (the safe
    default: it runs for every request)."""

    def build_filter(self, type_name: str, params: Mapping[str, Any], ctx: BuildContext) -> Filter:
        return _build("filter", self.filters, type_name, params, ctx)

    def build_scorer(self, type_name: str, params: Mapping[str, Any], ctx: BuildContext) -> Scorer:
        return _build("scorer", self.scorers, type_name, params, ctx)

    def build_picker(self, type_name: str, params: Mapping[str, Any], ctx: BuildContext) -> Picker:
        return _build("picker", self.pickers, type_name, params, ctx)


def _build(
    kind: str,
    factories: Mapping[str, Callable[[Mapping[str, Any], BuildContext], T]],
    type_name: str,
    params: Mapping[str, Any],
    ctx: BuildContext,
) -> T:
    factory = factories.get(type_name)
    if factory is None:
        known = ", ".join(sorted(factories))
        raise ValueError(f"unknown {kind} type {type_name!r} (known: {known})")
    try:
        return factory(params, ctx)
    except ValueError as exc:
        raise ValueError(f"{kind} {type_name!r}: {exc}") from exc
