"""The routers under test, wired exactly as the picker wires them.

Every router is the real :class:`~kinference_epp.scheduling.scheduler.Scheduler` over
the real datastore; they differ only in the router preset and the shared state handed
to it. This module is also the reference for wiring ``precise-prefix`` into the picker:

- ``PrefixState(index, is_precise=..., clock=...)`` over the precise prefix index,
- ``InflightTracker(datastore, prefix_state, clock=...)``,
- ``Scheduler(config, datastore, prefix=state, load=tracker, observers=[tracker, state])``
  (the tracker first: it reads the prefix match the scorers used, before the state
  records the pick as predicted), and ``tracker.finish(request_id)`` when a request ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from kinference_epp.bench.peers import PEERS, build_peer
from kinference_epp.config.model import PluginConfig, SchedulerConfig
from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.framework import PickObserver
from kinference_epp.scheduling.inflight import InflightConfig, InflightTracker
from kinference_epp.scheduling.prefix_state import PrefixState, PrefixStateConfig
from kinference_epp.scheduling.scheduler import Scheduler

ROUTERS = (
    "round-robin",
    "random",
    "least-queue",
    "load",
    "gie-approx",
    "gie-approx-tuned",
    "llmd-precise",
    "dynamo",
    "sglang",
    "kinference",
)
"""Every router of the standard benchmark, in report order: the load balancers (Kubernetes
Service, random, least queue, llm-d's load-aware profile), the peers copied from their
sources (``bench/peers.py``), then ours."""

OURS = "kinference"
"""The row label of our default router (``precise-prefix``) in every benchmark table."""


VARIANTS: dict[str, SchedulerConfig] = {
    "kinference-affinity": SchedulerConfig(
        router="weighted",
        scorers=[PluginConfig(type="prefix-affinity"), PluginConfig(type="load-cost")],
    ),
    "kinference-t0.05": SchedulerConfig(router="precise-prefix", temperature=0.05),
    "kinference-t0.1": SchedulerConfig(router="precise-prefix", temperature=0.1),
}
"""Variants of our router that are measured against it but are not the default (not in
``ROUTERS``; run them with ``--routers``): ``prefix-affinity`` (bounded-load consistent
hashing of prefixes) beside ``load-cost``, and the softmax picker at two temperatures."""


def preset_of(name: str) -> str:
    """The scheduler router preset a benchmark row label runs."""
    return "precise-prefix" if name == OURS else name


def _ignore(request_id: str) -> None:
    return None


@dataclass(frozen=True, slots=True)
class RouterUnderTest:
    name: str
    scheduler: Scheduler
    finish: Callable[[str], object]
    """Tell the router a request ended (the picker's access log does this live)."""
    prefix: PrefixState | None = None
    load: InflightTracker | None = None
    first_token: Callable[[str], object] = _ignore
    """Tell the router a request's first token came back (routers that read the stream)."""


def build_router(
    name: str,
    pool: PoolDatastore,
    index: PrefixIndex,
    clock: Callable[[], float],
    *,
    seed: int,
    config: SchedulerConfig | None = None,
    prefix_config: PrefixStateConfig | None = None,
    load_config: InflightConfig | None = None,
    num_gpu_blocks: int = 0,
) -> RouterUnderTest:
    """Router ``name`` (one of ``ROUTERS``, or any preset) over ``pool``.

    ``config`` overrides the scheduler configuration (e.g. tuned scorer weights with
    ``router: weighted``); its router name must be a preset.
    """
    if name in PEERS:
        peer = build_peer(name, pool, index, seed=seed, num_gpu_blocks=num_gpu_blocks)
        return RouterUnderTest(name, peer.scheduler, peer.finish, first_token=peer.first_token)
    variant = VARIANTS.get(name)
    if config is not None:
        cfg = config
    elif variant is not None:
        cfg = variant.model_copy(update={"seed": seed})
    else:
        cfg = SchedulerConfig(router=preset_of(name), seed=seed)
    rng = np.random.default_rng(seed)
    if cfg.router == "precise-prefix" or _reads_shared_state(cfg):
        prefix = PrefixState(index, config=prefix_config, clock=clock)
        load = InflightTracker(pool, prefix, config=load_config, clock=clock)
        observers: list[PickObserver] = [load, prefix]
        sched = Scheduler(cfg, pool, rng=rng, prefix=prefix, load=load, observers=observers)
        sched.router = name
        return RouterUnderTest(name, sched, load.finish, prefix, load)
    if cfg.router == "approx-prefix":
        prefix = PrefixState(None, config=prefix_config, clock=clock)
        sched = Scheduler(cfg, pool, rng=rng, prefix=prefix, observers=[prefix])
        return RouterUnderTest(name, sched, _ignore, prefix)
    return RouterUnderTest(name, Scheduler(cfg, pool, rng=rng), _ignore)


def _reads_shared_state(cfg: SchedulerConfig) -> bool:
    return any(c.type in ("load-cost", "prefix-affinity") for c in cfg.scorers or ())
