"""Admission layers of the routing benchmark: whether a request is served at all.

Admission is not routing: each layer here sits on top of whichever router runs (the
scheduler asks it about every pick before any observer counts the pick, ``Admission``), and
keeps its own state, fed the same signals for every router, so the tables can show each
router alone and with the same admission layer:

- ``none``: every request is routed.
- ``gie``: GIE / llm-d's saturation detector (gateway-api-inference-extension
  ``pkg/epp/saturationdetector``, defaults ``DefaultQueueDepthThreshold`` 5,
  ``DefaultKVCacheUtilThreshold`` 0.8, ``DefaultMetricsStalenessThreshold`` 200 ms): an
  endpoint has capacity while its metrics are fresh, its waiting queue is at most 5 and its KV
  cache at most 80 % in use; the pool is saturated when no endpoint serving the model has
  capacity, and then the request is answered 429. GIE itself refuses only requests of negative
  priority ("sheddable") this way and queues the rest in its flow controller when that is
  enabled; here every request is treated as sheddable, and the flow-control queue is not
  modelled.
- ``kinference``: our shed rule (``scheduling/shed.py``, ``ShedConfig`` defaults) over its own
  in-flight tracker and speed model, fed the picks this layer admits, every finish, every scrape
  and (when the harness feeds every router the access log) every access-log record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kinference_epp.config.model import ShedConfig
from kinference_epp.config.speed_prior import SpeedConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.routing.speed_learner import SpeedLearner
from kinference_epp.routing.usage import UsageRecord
from kinference_epp.scheduling.framework import Admission, PickObserver
from kinference_epp.scheduling.inflight import InflightConfig, InflightEntry, InflightTracker
from kinference_epp.scheduling.shed import SaturationGuard
from kinference_epp.scheduling.speed_model import SpeedModel
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

ADMISSIONS = ("none", "gie", "kinference")
"""Every admission layer the harness models, in report order."""

GIE_QUEUE_DEPTH = 5
GIE_KV_UTIL = 0.8


def _ignore_finish(request_id: str) -> None:
    return None


@dataclass(frozen=True, slots=True)
class AdmissionLayer:
    """One admission layer as the harness drives it."""

    name: str
    check: Admission | None
    """Asked about every pick (None: admit everything); counts the picks it admits."""
    finish: Callable[[str], InflightEntry | None] = _ignore_finish
    learn: Callable[[UsageRecord, InflightEntry], None] | None = None
    scraped: Callable[[EndpointKey, LoadSnapshot], None] | None = None


class _Counted:
    """``check``, then the admitted pick counted by ``observer`` (the layer's own tracker)."""

    def __init__(self, check: Admission, observer: PickObserver) -> None:
        self._check = check
        self._observer = observer

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        self._check.check(req, pool, slot)
        if not req.dry_run:
            self._observer.on_pick(req, SchedulingResult(endpoints=(pool.endpoints[slot].key,)))


class GieSaturationDetector:
    """GIE's saturation detector (see the module docstring); implements ``Admission``."""

    def __init__(self, queue_depth: int = GIE_QUEUE_DEPTH, kv_util: float = GIE_KV_UTIL) -> None:
        self._queue_depth = queue_depth
        self._kv_util = kv_util
        self._headers = (("retry-after", "1"),)

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        mask = pool.model_mask(req.model) if req.model is not None else None
        candidates = pool.everyone if mask is None else mask
        good = (
            candidates
            & ~pool.stale
            & (pool.waiting <= self._queue_depth)
            & (pool.kv_usage <= self._kv_util)
        )
        if not good.any():
            raise PoolSaturatedError(
                "the pool is saturated: no endpoint under the queue-depth and KV thresholds",
                headers=self._headers,
            )


def build_admission(
    name: str,
    pool: PoolDatastore,
    clock: Callable[[], float],
    *,
    inflight_config: InflightConfig | None = None,
    access_log: bool = False,
    shed: ShedConfig | None = None,
) -> AdmissionLayer:
    """Admission layer ``name`` (one of ``ADMISSIONS``) over ``pool``; ``shed``: the
    ``kinference`` layer's bounds (default ``ShedConfig()``)."""
    if name == "none":
        return AdmissionLayer(name, None)
    if name == "gie":
        return AdmissionLayer(name, GieSaturationDetector())
    if name == "kinference":
        config = inflight_config or InflightConfig()
        speed_cfg = SpeedConfig()
        prior = speed_cfg.prior.model_copy(
            update={"prefill_tokens_per_s": config.prefill_tokens_per_s}
        )
        speed = SpeedModel(speed_cfg.model_copy(update={"prior": prior}))
        tracker = InflightTracker(pool, None, config=config, clock=clock, speed=speed)
        learner = SpeedLearner(speed, pool, tracker.picked)
        guard = SaturationGuard(shed or ShedConfig(), speed, tracker)
        return AdmissionLayer(
            name,
            _Counted(guard, tracker),
            tracker.finish,
            learner if access_log else None,
            learner.scraped,
        )
    raise ValueError(f"unknown admission {name!r} (known: {', '.join(ADMISSIONS)})")
