"""The pool datastore: the one owner of endpoint state, laid out as numpy vectors.

Each endpoint lives in a *slot*. Slots ``0 .. n-1`` are always occupied (removal is a
swap-remove: the last slot moves into the hole), so the load vectors are compact and a
scorer reads ``pool.waiting`` directly, with no per-request Python loop over endpoints.

Membership changes (``upsert``, ``remove``) are rare and may cost O(N); load updates
(``update_load``, ``mark_stale``, ``set_ready``) are frequent and cost O(1). ``view()`` is
O(1) between membership changes: it returns a cached :class:`PoolView` whose vectors are
numpy views onto the live storage, so they always show the latest loads.

The datastore is synchronous and has no locks: one asyncio loop owns it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from kinference_epp.config.model import PoolConfig
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot

log = logging.getLogger(__name__)

FloatVec = npt.NDArray[np.float64]
BoolVec = npt.NDArray[np.bool_]

EndpointListener = Callable[[Endpoint], None]

_INITIAL_CAPACITY = 16


def _readonly(array: BoolVec) -> BoolVec:
    array.flags.writeable = False
    return array


class PoolView:
    """The pool as one synchronous scheduling call sees it.

    ``endpoints[i]`` and every vector's element ``i`` describe slot ``i``. The vectors are
    live numpy views: do not keep a view across an ``await`` (a membership change may
    move slots), and never write to them (the model masks are read-only).
    """

    __slots__ = (
        "_model_masks",
        "_slots",
        "_snapshots",
        "_version",
        "endpoints",
        "everyone",
        "kv_capacity",
        "kv_usage",
        "ready",
        "running",
        "stale",
        "waiting",
    )

    def __init__(
        self,
        endpoints: tuple[Endpoint, ...],
        slots: Mapping[EndpointKey, int],
        snapshots: list[LoadSnapshot | None],
        model_masks: Mapping[str, BoolVec],
        *,
        running: FloatVec,
        waiting: FloatVec,
        kv_usage: FloatVec,
        kv_capacity: FloatVec,
        ready: BoolVec,
        stale: BoolVec,
        version: LoadVersion | None = None,
    ) -> None:
        self.endpoints = endpoints
        self.running = running
        self.waiting = waiting
        self.kv_usage = kv_usage
        self.kv_capacity = kv_capacity
        """KV cache size in tokens (``num_gpu_blocks * block_size`` from vLLM's
        ``cache_config_info``); 0 where no scrape told it yet."""
        self.ready = ready
        self.stale = stale
        self._slots = slots
        self._snapshots = snapshots
        self._version = version if version is not None else LoadVersion()
        self.everyone: BoolVec = _readonly(np.ones(len(endpoints), dtype=np.bool_))
        """An all-true mask, read-only: the candidate set before any filter ran."""
        # a model every endpoint serves gets ``everyone`` itself: the model filter then
        # hands back the mask it was given, and the scheduler skips the AND and the check
        self._model_masks = {
            model: self.everyone if mask.all() else mask for model, mask in model_masks.items()
        }

    def __len__(self) -> int:
        return len(self.endpoints)

    @property
    def version(self) -> int:
        """Changes whenever a vector of this view changes (load, ready, stale): while it
        and the view object stay the same, anything computed from the vectors alone holds."""
        return self._version.value

    def all(self) -> BoolVec:
        """A fresh all-true mask (the starting point of a filter chain)."""
        return np.ones(len(self.endpoints), dtype=np.bool_)

    def model_mask(self, model: str) -> BoolVec | None:
        """Slots serving ``model`` (read-only), or None when no endpoint serves it."""
        return self._model_masks.get(model)

    def slot(self, key: EndpointKey) -> int | None:
        return self._slots.get(key)

    def subset_mask(self, keys: Iterable[EndpointKey]) -> BoolVec:
        """Slots whose key is in ``keys``; unknown keys are ignored.

        A bare IP (no port) names every endpoint of that pod, as GIE matches subset hints:
        gateways that know pods but not their target ports send addresses alone.
        """
        mask = np.zeros(len(self.endpoints), dtype=np.bool_)
        for key in keys:
            slot = self._slots.get(key)
            if slot is not None:
                mask[slot] = True
                continue
            host = key.strip("[]")
            for i, endpoint in enumerate(self.endpoints):
                if endpoint.host.strip("[]") == host:
                    mask[i] = True
        return mask

    def snapshot(self, slot: int) -> LoadSnapshot | None:
        """The last good scrape of the endpoint in ``slot`` (None before the first)."""
        return self._snapshots[slot]


class LoadVersion:
    """A counter the datastore bumps on every write to the vectors its views expose."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0


@dataclass(frozen=True, slots=True)
class PoolStats:
    """Pool-level aggregates for metrics. Averages are over ready, fresh endpoints (0 if none)."""

    endpoints: int
    ready: int
    stale: int
    avg_running: float
    avg_waiting: float
    avg_kv_usage: float


class PoolDatastore:
    """Endpoints and their load, indexed by slot, with a model → slot-mask index."""

    def __init__(self, name: str = "default") -> None:
        self.name = name
        self._size = 0
        self._running = np.zeros(_INITIAL_CAPACITY, dtype=np.float64)
        self._waiting = np.zeros(_INITIAL_CAPACITY, dtype=np.float64)
        self._kv_usage = np.zeros(_INITIAL_CAPACITY, dtype=np.float64)
        self._kv_capacity = np.zeros(_INITIAL_CAPACITY, dtype=np.float64)
        self._ready = np.zeros(_INITIAL_CAPACITY, dtype=np.bool_)
        self._stale = np.zeros(_INITIAL_CAPACITY, dtype=np.bool_)
        self._declared = np.zeros(_INITIAL_CAPACITY, dtype=np.bool_)
        """Readiness as declared (Kubernetes, the config); ``_ready`` is it and no hold."""
        self._holds: dict[EndpointKey, set[str]] = {}
        """Reasons the picker itself holds an endpoint unready (refused connections, ejection)."""
        self._endpoints: list[Endpoint] = []
        """As the picker uses them: as declared, with the models the pods list merged in."""
        self._learned: dict[EndpointKey, tuple[frozenset[str], str]] = {}
        """(models, base model) each endpoint's ``/v1/models`` listed last."""
        self._declared_endpoints: dict[EndpointKey, Endpoint] = {}
        self._snapshots: list[LoadSnapshot | None] = []
        self._slots: dict[EndpointKey, int] = {}
        self._view: PoolView | None = None
        self._version = LoadVersion()
        self._listeners: list[tuple[EndpointListener, EndpointListener]] = []
        self._watchers: list[Callable[[], None]] = []

    @classmethod
    def from_config(cls, config: PoolConfig) -> PoolDatastore:
        """A datastore holding the statically listed endpoints, all ready (and stale until scraped)."""
        store = cls(config.name)
        for ep in config.endpoints:
            key = EndpointKey(ep.address)
            store.upsert(
                Endpoint(
                    key=key,
                    models=frozenset(ep.models),
                    metrics_url=ep.metrics_url or f"http://{ep.address}/metrics",
                    kv_events=ep.kv_events,
                    kv_replay=ep.kv_replay,
                    name=ep.name or ep.address,
                    base_model=ep.models[0] if ep.models else "",
                )
            )
        return store

    # -- membership ---------------------------------------------------------------------

    def upsert(self, endpoint: Endpoint, *, ready: bool | None = None) -> None:
        """Add an endpoint, or replace an existing one's static facts (keeping its load).

        ``ready`` defaults to True for a new endpoint and to "unchanged" for a known one.
        A new endpoint starts stale: it has no load data until its first scrape. For
        listeners, a changed endpoint is a removal of the old one followed by an addition
        (a change of ``labels`` alone is not a change).
        """
        self._declared_endpoints[endpoint.key] = endpoint
        endpoint = self._effective(endpoint)
        slot = self._slots.get(endpoint.key)
        if slot is not None:
            if ready is not None:
                self._set_declared(slot, endpoint.key, ready)
                self._changed()
            old = self._endpoints[slot]
            if old is endpoint:
                return
            self._endpoints[slot] = endpoint
            self._view = None
            if old != endpoint:
                self._notify_removed(old)
                self._notify_added(endpoint)
            return
        slot = self._size
        if slot == len(self._running):
            self._grow()
        self._size += 1
        self._running[slot] = 0.0
        self._waiting[slot] = 0.0
        self._kv_usage[slot] = 0.0
        self._kv_capacity[slot] = 0.0
        self._declared[slot] = True if ready is None else ready
        self._ready[slot] = self._declared[slot]
        self._stale[slot] = True
        self._endpoints.append(endpoint)
        self._snapshots.append(None)
        self._slots[endpoint.key] = slot
        self._view = None
        self._changed()
        self._notify_added(endpoint)

    def remove(self, key: EndpointKey) -> bool:
        """Remove an endpoint (swap-remove: the last slot moves into its place)."""
        slot = self._slots.pop(key, None)
        if slot is None:
            return False
        last = self._size - 1
        removed = self._endpoints[slot]
        self._holds.pop(key, None)
        self._learned.pop(key, None)
        self._declared_endpoints.pop(key, None)
        if slot != last:
            vectors = (
                self._running,
                self._waiting,
                self._kv_usage,
                self._kv_capacity,
                self._ready,
                self._stale,
                self._declared,
            )
            for vec in vectors:
                vec[slot] = vec[last]
            moved = self._endpoints[last]
            self._endpoints[slot] = moved
            self._snapshots[slot] = self._snapshots[last]
            self._slots[moved.key] = slot
        self._endpoints.pop()
        self._snapshots.pop()
        self._size = last
        self._view = None
        self._changed()
        self._notify_removed(removed)
        return True

    def learn_models(self, key: EndpointKey, models: Iterable[str], base_model: str) -> bool:
        """What the endpoint's ``/v1/models`` lists (its base model and loaded LoRA adapters),
        merged into its declared models unless those are fixed. True when the models the
        picker routes by changed. Listeners are told (a removal, then an addition) only when
        the base model changed: KV events are hashed under it, so the endpoint's subscription
        starts again under the new one."""
        declared = self._declared_endpoints.get(key)
        slot = self._slots.get(key)
        if declared is None or slot is None:
            return False
        self._learned[key] = (frozenset(models), base_model)
        endpoint = self._effective(declared)
        old = self._endpoints[slot]
        if (endpoint.models, endpoint.base_model) == (old.models, old.base_model):
            return False
        self._endpoints[slot] = endpoint
        self._view = None
        self._changed()
        if endpoint.base_model != old.base_model:
            self._notify_removed(old)
            self._notify_added(endpoint)
        return True

    def _effective(self, endpoint: Endpoint) -> Endpoint:
        learned = self._learned.get(endpoint.key)
        if learned is None or endpoint.models_fixed:
            return endpoint
        models, base = learned
        merged = endpoint.models | models
        base = base or endpoint.base_model
        if merged == endpoint.models and base == endpoint.base_model:
            return endpoint
        return replace(endpoint, models=merged, base_model=base)

    def _grow(self) -> None:
        capacity = 2 * len(self._running)
        self._running = np.resize(self._running, capacity)
        self._waiting = np.resize(self._waiting, capacity)
        self._kv_usage = np.resize(self._kv_usage, capacity)
        self._kv_capacity = np.resize(self._kv_capacity, capacity)
        self._ready = np.resize(self._ready, capacity)
        self._stale = np.resize(self._stale, capacity)
        self._declared = np.resize(self._declared, capacity)

    # -- load (hot, O(1)) ---------------------------------------------------------------

    def set_ready(self, key: EndpointKey, ready: bool) -> bool:
        """Readiness as declared by the pod's owner (Kubernetes); a hold still keeps the
        endpoint unready."""
        slot = self._slots.get(key)
        if slot is None:
            return False
        self._set_declared(slot, key, ready)
        self._changed()
        return True

    def _set_declared(self, slot: int, key: EndpointKey, ready: bool) -> None:
        self._declared[slot] = ready
        self._ready[slot] = ready and key not in self._holds

    def hold(self, key: EndpointKey, reason: str) -> bool:
        """Keep the endpoint unready for ``reason`` until :meth:`release` (the picker's own
        evidence: a refused connection, failed connects). True if this made it unready."""
        slot = self._slots.get(key)
        if slot is None:
            return False
        reasons = self._holds.setdefault(key, set())
        first = not reasons
        reasons.add(reason)
        if first and self._ready[slot]:
            self._ready[slot] = False
            self._changed()
            return True
        return False

    def release(self, key: EndpointKey, reason: str) -> bool:
        """Drop one hold; True if the endpoint became ready again."""
        slot = self._slots.get(key)
        reasons = self._holds.get(key)
        if slot is None or reasons is None or reason not in reasons:
            return False
        reasons.discard(reason)
        if reasons:
            return False
        del self._holds[key]
        if self._declared[slot] and not self._ready[slot]:
            self._ready[slot] = True
            self._changed()
            return True
        return False

    def holds(self, key: EndpointKey) -> frozenset[str]:
        """Why the picker holds ``key`` unready (empty: it does not)."""
        return frozenset(self._holds.get(key, ()))

    def update_load(self, key: EndpointKey, snapshot: LoadSnapshot) -> bool:
        """Record a good scrape; the endpoint is fresh again. False if the key is gone."""
        slot = self._slots.get(key)
        if slot is None:
            return False
        self._running[slot] = snapshot.running
        self._waiting[slot] = snapshot.waiting
        self._kv_usage[slot] = snapshot.kv_usage
        if snapshot.num_gpu_blocks and snapshot.block_size:
            self._kv_capacity[slot] = float(snapshot.num_gpu_blocks * snapshot.block_size)
        self._stale[slot] = False
        self._snapshots[slot] = snapshot
        self._changed()
        return True

    def mark_stale(self, key: EndpointKey) -> bool:
        """The endpoint's load is out of date; its last values are kept for degraded scoring."""
        slot = self._slots.get(key)
        if slot is None:
            return False
        self._stale[slot] = True
        self._changed()
        return True

    # -- reads --------------------------------------------------------------------------

    def __len__(self) -> int:
        return self._size

    def __contains__(self, key: object) -> bool:
        return key in self._slots

    def get(self, key: EndpointKey) -> Endpoint | None:
        slot = self._slots.get(key)
        return None if slot is None else self._endpoints[slot]

    def snapshot(self, key: EndpointKey) -> LoadSnapshot | None:
        slot = self._slots.get(key)
        return None if slot is None else self._snapshots[slot]

    def is_ready(self, key: EndpointKey) -> bool:
        slot = self._slots.get(key)
        return slot is not None and bool(self._ready[slot])

    def is_stale(self, key: EndpointKey) -> bool:
        slot = self._slots.get(key)
        return slot is not None and bool(self._stale[slot])

    def endpoints(self) -> tuple[Endpoint, ...]:
        """All endpoints, in slot order."""
        return self.view().endpoints

    def serves_model(self, model: str) -> bool:
        """Whether any endpoint (ready or not) serves ``model``."""
        return self.view().model_mask(model) is not None

    def models(self) -> frozenset[str]:
        return frozenset(self.view()._model_masks)

    def view(self) -> PoolView:
        """The pool for one synchronous scheduling call: O(1) unless membership changed."""
        if self._view is None:
            self._view = self._build_view()
        return self._view

    def _build_view(self) -> PoolView:
        n = self._size
        masks: dict[str, BoolVec] = {}
        for slot, endpoint in enumerate(self._endpoints):
            for model in endpoint.models:
                mask = masks.get(model)
                if mask is None:
                    mask = masks[model] = np.zeros(n, dtype=np.bool_)
                mask[slot] = True
        return PoolView(
            tuple(self._endpoints),
            self._slots,
            self._snapshots,
            {model: _readonly(mask) for model, mask in masks.items()},
            running=self._running[:n],
            waiting=self._waiting[:n],
            kv_usage=self._kv_usage[:n],
            kv_capacity=self._kv_capacity[:n],
            ready=self._ready[:n],
            stale=self._stale[:n],
            version=self._version,
        )

    def stats(self) -> PoolStats:
        """Aggregates for pool-level gauges: counts, and averages over ready fresh endpoints."""
        n = self._size
        ready = self._ready[:n]
        stale = self._stale[:n]
        live = ready & ~stale
        count = int(live.sum())

        def avg(vec: FloatVec) -> float:
            return float(vec[:n][live].mean()) if count else 0.0

        return PoolStats(
            endpoints=n,
            ready=int(ready.sum()),
            stale=int(stale.sum()),
            avg_running=avg(self._running),
            avg_waiting=avg(self._waiting),
            avg_kv_usage=avg(self._kv_usage),
        )

    def aggregates(self) -> tuple[int, float, float]:
        """(ready endpoints, average waiting queue, average KV usage): the pool gauges."""
        stats = self.stats()
        return stats.ready, stats.avg_waiting, stats.avg_kv_usage

    # -- listeners ----------------------------------------------------------------------

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` after every write (membership, load, readiness, staleness): what
        a request waiting on the pool's state wakes on. Returns the unwatch function."""
        self._watchers.append(callback)

        def unwatch() -> None:
            if callback in self._watchers:
                self._watchers.remove(callback)

        return unwatch

    def _changed(self) -> None:
        self._version.value += 1
        if self._watchers:
            for callback in list(self._watchers):
                try:
                    callback()
                except Exception:
                    log.exception("pool watcher failed")

    def subscribe(
        self,
        on_added: EndpointListener,
        on_removed: EndpointListener,
        *,
        replay: bool = True,
    ) -> Callable[[], None]:
        """Call ``on_added``/``on_removed`` as endpoints come and go; returns an unsubscribe.

        With ``replay`` (the default), ``on_added`` is called at once for every current
        endpoint, so a subscriber started after the pool was filled sees it all. Listener
        errors are logged, never raised into the datastore's caller.
        """
        pair = (on_added, on_removed)
        self._listeners.append(pair)
        if replay:
            for endpoint in list(self._endpoints):
                self._call(on_added, endpoint)

        def unsubscribe() -> None:
            if pair in self._listeners:
                self._listeners.remove(pair)

        return unsubscribe

    def _notify_added(self, endpoint: Endpoint) -> None:
        for on_added, _ in list(self._listeners):
            self._call(on_added, endpoint)

    def _notify_removed(self, endpoint: Endpoint) -> None:
        for _, on_removed in list(self._listeners):
            self._call(on_removed, endpoint)

    @staticmethod
    def _call(listener: EndpointListener, endpoint: Endpoint) -> None:
        try:
            listener(endpoint)
        except Exception:
            log.exception("pool listener failed for %s", endpoint.key)
