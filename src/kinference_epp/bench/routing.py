"""The routers under test, wired exactly as the picker wires them.

Every router is the real :class:`~kinference_epp.scheduling.scheduler.Scheduler` over
the real datastore; they differ only in the router preset and the shared state handed
to it. Our presets are built by ``scheduling/build.py``, the factory the picker (``App``)
uses, so the benchmark measures production's wiring; the peers are chains of the same
scheduler (``bench/peers.py``).

No router sheds by itself here: admission (``bench/admission.py``) is a separate layer the
harness puts on top of whichever router runs. Every router that tracks requests in flight is
told when each ends (the picker's access log, a peer's own proxy); access-log records teach
our speed model only when the harness feeds the access log to every router that can use it
(``access_log``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from kinference_epp.bench.admission import AdmissionLayer
from kinference_epp.bench.peers import PEERS, build_peer
from kinference_epp.config.model import PluginConfig, SchedulerConfig, ShedConfig
from kinference_epp.config.speed_prior import SpeedConfig, SpeedPrior
from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.build import build_scheduling
from kinference_epp.scheduling.inflight import InflightConfig, InflightEntry, InflightTracker
from kinference_epp.scheduling.prefix_state import PrefixState, PrefixStateConfig
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.speed_model import SpeedModel

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
    "kinference-session": SchedulerConfig(
        router="weighted",
        scorers=[
            PluginConfig(type="load-cost"),
            PluginConfig(type="session-affinity", weight=0.5),
        ],
    ),
    "least-queue-session": SchedulerConfig(
        router="weighted",
        scorers=[
            PluginConfig(type="queue", params={"running_weight": 1.0}),
            PluginConfig(type="session-affinity", weight=2.0),
        ],
    ),
    "kinference-t0.05": SchedulerConfig(router="precise-prefix", temperature=0.05),
    "kinference-t0.1": SchedulerConfig(router="precise-prefix", temperature=0.1),
    "kinference-no-shed": SchedulerConfig(
        router="precise-prefix", shed=ShedConfig(itl_s=0.0, ttft_s=0.0)
    ),
}
"""Variants of our router that are measured against it but are not the default (not in
``ROUTERS``; run them with ``--routers``): ``prefix-affinity`` (bounded-load consistent
hashing of prefixes) beside ``load-cost``, session affinity (the harness names each
conversation's session in Claude Code's header) beside ``load-cost`` and beside the
least-queue scorer alone, the softmax picker at two temperatures, and the default router with
shedding off (routing alone, ``benchmarks/results/router_dev.md``)."""

FIXED_RATE = "kinference-fixed-rate"
"""Our router with every endpoint priced at the one configured rate (nothing learned)."""

GPU_LABEL = "kinference.io/gpu"
"""The pod label the harness puts a simulated pod's GPU class in."""

SPEED_VARIANTS: dict[str, SpeedConfig] = {
    FIXED_RATE: SpeedConfig(learn=False),
    "kinference-gpu-label": SpeedConfig(
        gpu_label=GPU_LABEL, gpu_slowdown={"h100": 1.0, "a100": 1.6, "l40s": 2.5}
    ),
    "kinference-known-speed": SpeedConfig(
        learn=False, gpu_label=GPU_LABEL, gpu_slowdown={"h100": 1.0, "a100": 1.6, "l40s": 2.5}
    ),
}
"""Our router with another speed configuration (the scheduler's is the default's):
``kinference-fixed-rate`` learns nothing; ``kinference-gpu-label`` starts each pod from its GPU
label's true simulated factor (``sim.latency.GPU_CLASSES``) and learns from there (what a
correct prior alone is worth, beside learning from the pool's median);
``kinference-known-speed`` prices each pod at its true factor and learns nothing (what knowing
every speed exactly is worth to this router, beside what learning from TTFTs, which also carry
each pod's queue, is worth)."""


NO_ACCESS_LOG = "kinference-no-access-log"
"""Our router as behind a gateway that sends the picker no access log: its speed model learns
from the scraped histograms alone (ITL, and TTFT set against its own picks), whether or not
the harness feeds the access log."""

NO_SHED = ShedConfig(itl_s=0.0, ttft_s=0.0)
"""Every router runs with the configuration's shed rule off: admission is the harness's own
layer."""


def preset_of(name: str) -> str:
    """The scheduler router preset a benchmark row label runs."""
    return "precise-prefix" if name in (OURS, NO_ACCESS_LOG) or name in SPEED_VARIANTS else name


def _ignore(request_id: str) -> None:
    return None


@dataclass(frozen=True, slots=True)
class RouterUnderTest:
    name: str
    scheduler: Scheduler
    finish: Callable[[str], object]
    """Tell the router a request ended (the picker's access log does this live)."""
    admission: AdmissionLayer
    """The admission layer on top of the router (its check runs inside ``scheduler``)."""
    prefix: PrefixState | None = None
    load: InflightTracker | None = None
    first_token: Callable[[str], object] = _ignore
    """Tell the router a request's first token came back (routers that read the stream)."""
    speed: SpeedModel | None = None
    learn: Callable[[UsageRecord, InflightEntry], None] | None = None
    """Teach the speed model a finished request's access-log record (as the picker's log does)."""
    scraped: Callable[[EndpointKey, LoadSnapshot], None] | None = None
    """Teach the speed model an endpoint's scrape (its ITL histogram totals)."""


def build_router(
    name: str,
    pool: PoolDatastore,
    index: PrefixIndex,
    clock: Callable[[], float],
    *,
    seed: int,
    admission: AdmissionLayer | None = None,
    access_log: bool = False,
    config: SchedulerConfig | None = None,
    prefix_config: PrefixStateConfig | None = None,
    load_config: InflightConfig | None = None,
    num_gpu_blocks: int = 0,
    speed_config: SpeedConfig | None = None,
) -> RouterUnderTest:
    """Router ``name`` (one of ``ROUTERS``, or any preset) over ``pool``, under ``admission``
    (None: none).

    ``config`` overrides the scheduler configuration (e.g. tuned scorer weights with
    ``router: weighted``); its router name must be a preset; its shed rule is turned off.
    ``speed_config`` overrides the speed model's (its prior's prefill rate defaults to
    ``load_config``'s). ``access_log``: access-log records teach the speed model.
    """
    layer = admission or AdmissionLayer("none", None)
    if name in PEERS:
        peer = build_peer(
            name, pool, index, seed=seed, num_gpu_blocks=num_gpu_blocks, admission=layer.check
        )
        return RouterUnderTest(
            name, peer.scheduler, peer.finish, layer, first_token=peer.first_token
        )
    variant = VARIANTS.get(name)
    if config is not None:
        cfg = config
    elif variant is not None:
        cfg = variant.model_copy(update={"seed": seed})
    else:
        cfg = SchedulerConfig(router=preset_of(name), seed=seed)
    cfg = cfg.model_copy(update={"shed": NO_SHED})
    speed_cfg = speed_config or SPEED_VARIANTS.get(name) or SpeedConfig()
    if speed_config is None:
        rate = (load_config or InflightConfig()).prefill_tokens_per_s
        prior = SpeedPrior(**{**speed_cfg.prior.model_dump(), "prefill_tokens_per_s": rate})
        speed_cfg = speed_cfg.model_copy(update={"prior": prior})

    def labels(key: EndpointKey) -> dict[str, str] | None:
        ep = pool.get(key)
        return None if ep is None else ep.labels

    stack = build_scheduling(
        cfg,
        pool,
        PrefixState(index, config=prefix_config, clock=clock),
        speed_config=speed_cfg,
        inflight_config=load_config,
        labels=labels,
        clock=clock,
        rng=np.random.default_rng(seed),
        admission=layer.check,
    )
    stack.scheduler.router = name
    learner = SpeedLearner(stack.speed, pool, stack.inflight.picked)
    return RouterUnderTest(
        name,
        stack.scheduler,
        stack.inflight.finish,
        layer,
        stack.prefix,
        stack.inflight,
        speed=stack.speed,
        learn=learner if access_log and name != NO_ACCESS_LOG else None,
        scraped=learner.scraped,
    )
