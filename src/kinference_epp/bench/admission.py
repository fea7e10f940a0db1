"""Admission layers of the routing benchmark: whether, and when, a request is served.

Admission is not routing: each layer here sits on top of whichever router runs and keeps its
own state, fed the same signals for every router, so the tables can show each router alone
and with the same admission layer. GIE's layers follow gateway-api-inference-extension
v1.5.0 (commit df9f8909; line numbers below are that tag's). Its ``main`` keeps this code up
to 1748e829, after which the endpoint picker left the repository; llm-d's
``llm-d-inference-scheduler`` (520af478) carries the same flow controller and detector:

- ``none``: every request is routed at once.
- ``gie``: GIE's admission with its flow-control feature gate off, which is its default (the
  ``flowControl`` gate of ``cmd/epp/runner/runner.go`` l.336 is opt-in, and no
  configuration shipped in llm-d-inference-scheduler 520af478 lists it). ``requestcontrol/admission.go``
  (``rejectIfSheddableAndSaturated`` l.65-84, called by ``LegacyAdmissionController.Admit``
  l.109-128) refuses a *sheddable* request (priority < 0, ``util/request/sheddable.go``)
  with 429 (``ResourceExhausted``, ``common/error/error.go`` l.75) when the saturation
  detector reads the pool at 1.0 or more, and passes every other request. The default
  priority is 0 (``requestcontrol/director.go`` l.87), so by default this layer refuses
  nothing and is ``none``; here every request is treated as sheddable, so the
  layer shows what the detector refuses. GIE's 429 carries no ``retry-after``
  (``common/error/error.go`` l.84-96: a status and a body): a closed-loop user sends the turn
  again a second later.
- ``gie-flow``: GIE with the ``flowControl`` gate on, at its defaults
  (``flowcontrol/controller``, ``flowcontrol/registry``). Every request, sheddable or not,
  enters the flow controller (``FlowControlAdmissionController.Admit``, admission.go l.149,
  does no saturation check of its own) and waits in its flow's queue. With no fairness header
  every request belongs to one flow, ``default-flow``, at priority 0: the default fairness
  policy (global strict) and ordering policy (FCFS by arrival at the controller) make it one
  first-come-first-served queue. A dispatch cycle (``controller/internal/processor.go``
  l.322-375) runs when a request arrives, after enqueueing it, and on a 1 ms ticker (l.179,
  l.209-211); each cycle reads the saturation detector and, unless the saturation is at or
  above the band's usage limit (the default static policy's 1.0,
  ``usagelimits/usagelimitpolicy.go`` l.40), hands the oldest request to the scheduler; at
  most one request per cycle. Here the ticker's first tick comes 1 ms after the cycle that
  left requests waiting. A request that
  would take its band past 1 GB of queued request bodies is refused at once with 429
  (``hasCapacity``, processor.go l.288; ``registry/config.go`` l.51, l.588; no request-count
  limit by default). A request waits until dispatched or its TTL passes: the default TTL is
  none (``controller/config.go`` l.40: zero, so only the client's cancellation ends the wait)
  and, when one is set, expiry answers 503 (``translateFlowControlOutcome``, admission.go
  l.214, ``ServiceUnavailable``; the 1 s sweep that frees an expired request's queue slot
  is not modelled: it is removed at once). The request's time in the queue is part of its TTFT; in
  the benchmark, open-loop arrivals never give up, so a request still queued when the run
  stops counts as unfinished.
- ``kinference``: our shed rule (``scheduling/shed.py``, ``ShedConfig`` defaults) over its own
  in-flight tracker and speed model, fed the picks this layer admits, every finish, every scrape
  and (when the harness feeds every router the access log) every access-log record.

GIE's saturation detector (both GIE layers) is the utilization detector
(``framework/plugins/flowcontrol/saturationdetector/utilization``, defaults
``DefaultQueueDepthThreshold`` 5, ``DefaultKVCacheUtilThreshold`` 0.8,
``DefaultMetricsStalenessThreshold`` 200 ms, config.go l.31-36): each endpoint scores
max(waiting / 5, KV usage / 0.8), 1.0 when its metrics are missing or stale, and the pool's
saturation is the mean score over its endpoints (detector.go l.115), 1.0 for an empty pool.
It reads scraped metrics only, so between scrapes it sees none of the requests it let
through: a dispatch cycle every millisecond can release a burst before the next scrape shows
the load (the "thundering herd" its README names). The harness scrapes every pod every
50 ms, so an endpoint is stale here only when the datastore marks it so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from kinference_epp.config.model import ShedConfig
from kinference_epp.config.speed_prior import SpeedConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.framework import Admission, PickObserver
from kinference_epp.scheduling.inflight import InflightConfig, InflightEntry, InflightTracker
from kinference_epp.scheduling.shed import SaturationGuard
from kinference_epp.scheduling.speed_model import SpeedModel
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

ADMISSIONS = ("none", "gie", "gie-flow", "kinference")
"""Every admission layer the harness models, in report order."""

GIE_QUEUE_DEPTH = 5
GIE_KV_UTIL = 0.8
GIE_USAGE_LIMIT = 1.0
"""The default static usage-limit policy's ceiling: dispatch while the saturation is below it."""
GIE_DISPATCH_TICK_S = 0.001
"""The flow controller's dispatch ticker."""
GIE_BAND_MAX_BYTES = 1_000_000_000
"""The default priority band's capacity in queued request-body bytes."""
REQUEST_BYTES_PER_TOKEN = 4
"""Request-body bytes per prompt token, for the queue's byte capacity (the harness sends token
counts, not bodies; about four bytes of JSON text per token)."""

T = TypeVar("T")


def _ignore_finish(request_id: str) -> None:
    return None


class GieUtilizationDetector:
    """GIE's utilization saturation detector (see the module docstring)."""

    def __init__(self, queue_depth: int = GIE_QUEUE_DEPTH, kv_util: float = GIE_KV_UTIL) -> None:
        self._queue_depth = queue_depth
        self._kv_util = kv_util

    def saturation(self, pool: PoolView) -> float:
        """The mean endpoint score over the pool's endpoints."""
        if len(pool) == 0:
            return 1.0
        score = np.maximum(pool.waiting / self._queue_depth, pool.kv_usage / self._kv_util)
        return float(np.where(pool.stale, 1.0, score).mean())


class GieSaturationDetector:
    """GIE's admission with flow control off, every request sheddable; implements
    ``Admission``."""

    def __init__(self, detector: GieUtilizationDetector | None = None) -> None:
        self._detector = detector or GieUtilizationDetector()

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        # GIE's candidates are the pool's endpoints (no subset hint here)
        if self._detector.saturation(pool) >= GIE_USAGE_LIMIT:
            raise PoolSaturatedError(
                "system saturated, sheddable request dropped", reason="pool_saturated"
            )


@dataclass(slots=True)
class Queued(Generic[T]):
    """A request waiting in the flow controller."""

    item: T
    enqueued_at: float
    byte_size: int
    deadline: float | None


class GieFlowControl(Generic[T]):
    """GIE's flow controller at its defaults over one flow (see the module docstring), held
    under the caller's clock: the caller enqueues each arrival, runs ``dispatch`` once after
    it and once per ``tick_s`` while requests wait, and ``expire`` at their deadlines."""

    tick_s = GIE_DISPATCH_TICK_S

    def __init__(
        self,
        pool: PoolDatastore,
        *,
        detector: GieUtilizationDetector | None = None,
        ttl_s: float | None = None,
        max_bytes: int = GIE_BAND_MAX_BYTES,
    ) -> None:
        self._pool = pool
        self._detector = detector or GieUtilizationDetector()
        self.ttl_s = ttl_s
        """The controller's ``DefaultRequestTTL`` (None: GIE's default, no TTL)."""
        self._max_bytes = max_bytes
        self._queue: deque[Queued[T]] = deque()
        self._bytes = 0
        self._view: PoolView | None = None
        self._version = -1
        self._saturation = 1.0

    def __len__(self) -> int:
        return len(self._queue)

    def __iter__(self) -> Iterator[Queued[T]]:
        """The waiting requests, oldest first."""
        return iter(self._queue)

    def enqueue(self, item: T, byte_size: int, now: float) -> Queued[T] | None:
        """Queue ``item``; None when the band is at capacity (GIE answers 429)."""
        if self._bytes + byte_size > self._max_bytes:
            return None
        deadline = None if self.ttl_s is None else now + self.ttl_s
        queued = Queued(item, now, byte_size, deadline)
        self._queue.append(queued)
        self._bytes += byte_size
        return queued

    def dispatch(self) -> Queued[T] | None:
        """One dispatch cycle: the oldest waiting request, unless the pool is saturated."""
        if not self._queue:
            return None
        view = self._pool.view()
        if view is not self._view or view.version != self._version:  # the loads changed
            self._view, self._version = view, view.version
            self._saturation = self._detector.saturation(view)
        if self._saturation >= GIE_USAGE_LIMIT:
            return None
        return self._pop()

    def expire(self, now: float) -> list[Queued[T]]:
        """Remove and return the requests whose TTL has passed (GIE answers each 503)."""
        expired: list[Queued[T]] = []
        # one TTL for all, queued in arrival order: the deadlines are in queue order
        while self._queue and (d := self._queue[0].deadline) is not None and d <= now:
            expired.append(self._pop())
        return expired

    def _pop(self) -> Queued[T]:
        queued = self._queue.popleft()
        self._bytes -= queued.byte_size
        return queued


@dataclass(frozen=True, slots=True)
class AdmissionLayer:
    """One admission layer as the harness drives it."""

    name: str
    check: Admission | None
    """Asked about every pick (None: admit everything); counts the picks it admits."""
    finish: Callable[[str], InflightEntry | None] = _ignore_finish
    learn: Callable[[UsageRecord, InflightEntry], None] | None = None
    scraped: Callable[[EndpointKey, LoadSnapshot], None] | None = None
    flow: GieFlowControl[Any] | None = None
    """A queue every request waits in before it is routed (None: routed on arrival)."""


class _Counted:
    """``check``, then the admitted pick counted by ``observer`` (the layer's own tracker)."""

    def __init__(self, check: Admission, observer: PickObserver) -> None:
        self._check = check
        self._observer = observer

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        self._check.check(req, pool, slot)
        if not req.dry_run:
            self._observer.on_pick(req, SchedulingResult(endpoints=(pool.endpoints[slot].key,)))


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
    if name == "gie-flow":
        return AdmissionLayer(name, None, flow=GieFlowControl(pool))
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
