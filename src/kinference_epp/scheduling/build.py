"""The one wiring of a scheduler and the shared state its plug-ins read.

The picker (``App``) and the routing benchmark (``bench/routing.py``) both build their
scheduler here, so the benchmark measures the production wiring:

- ``SpeedModel(speed_config, labels=...)``: each endpoint's learned speed;
- ``InflightTracker(pool, prefix, clock=..., speed=speed)``: the picker's own in-flight work;
- ``Scheduler(config, pool, prefix=prefix, load=tracker, speed=speed, observers=...)`` with
  the observers in this order: the caller's ``prompt_observers`` (metrics of the prefix
  match), the tracker (it reads the prefix match the scorers used), then the prefix state
  (which records the pick as predicted cache contents). A chain that reads no prompt is
  given none, so only the tracker observes it.

When a request ends, the caller tells the tracker (``inflight.finish(request_id)``) and teaches
the speed model from the request's access-log record (``pipeline.speed_learner.SpeedLearner``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from kinference_epp.config.model import SchedulerConfig
from kinference_epp.config.speed_prior import SpeedConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import Admission, PickObserver, PluginTimer
from kinference_epp.scheduling.inflight import InflightConfig, InflightTracker
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.routers import chain_reads_prompt
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.shed import CheckedFirst, DecodeBound, SaturationGuard
from kinference_epp.scheduling.speed_model import SpeedModel


@dataclass(frozen=True, slots=True)
class SchedulingStack:
    """A scheduler and the state it shares with the rest of the picker."""

    scheduler: Scheduler
    prefix: PrefixState
    inflight: InflightTracker
    speed: SpeedModel
    reads_prompt: bool
    """Whether a plug-in of the chain reads the prompt (then the prefix state observes)."""


def build_scheduling(
    config: SchedulerConfig,
    pool: PoolDatastore,
    prefix: PrefixState,
    *,
    speed_config: SpeedConfig | None = None,
    inflight_config: InflightConfig | None = None,
    labels: Callable[[EndpointKey], dict[str, str] | None] | None = None,
    clock: Callable[[], float] = time.monotonic,
    rng: np.random.Generator | None = None,
    prompt_observers: Sequence[PickObserver] = (),
    admission: Admission | None = None,
    decode_bound: DecodeBound | None = None,
    on_timing: PluginTimer | None = None,
    timing_every: int = 1,
) -> SchedulingStack:
    """The scheduler ``config`` names over ``pool``, wired as the picker runs it.

    ``labels`` gives an endpoint's pod labels (the speed model's GPU prior);
    ``prompt_observers`` run first on every pick of a chain that reads the prompt;
    ``admission`` replaces the configuration's shed rule (``config.shed``) between the pick
    and the observers; ``decode_bound`` (flow control's measured decode headroom,
    ``fairness.headroom``) is asked first, and the shed rule then leaves the ITL bound to it
    at every endpoint it measures (its prediction still bounds the others, and its
    wait-for-a-batch-slot bound all). ValueError for a bad configuration.
    """
    speed = SpeedModel(speed_config or SpeedConfig(), labels=labels)
    inflight = InflightTracker(pool, prefix, config=inflight_config, clock=clock, speed=speed)
    reads_prompt = chain_reads_prompt(config, default_registry())
    observers: list[PickObserver] = (
        [*prompt_observers, inflight, prefix] if reads_prompt else [inflight]
    )
    if decode_bound is not None and admission is None:
        guard = SaturationGuard.build(config.shed, speed, inflight, decode_bound.measures)
        admission = CheckedFirst(decode_bound, guard)
    scheduler = Scheduler(
        config,
        pool,
        rng=rng,
        prefix=prefix,
        load=inflight,
        speed=speed,
        observers=observers,
        admission=admission,
        on_timing=on_timing,
        timing_every=timing_every,
    )
    return SchedulingStack(scheduler, prefix, inflight, speed, reads_prompt)
