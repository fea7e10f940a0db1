"""List-then-watch, layered as kopf does it, and an informer-style cache on top.

Three layers, each an async generator or loop that knows one thing:

* :func:`watch_session` — one consistent view: list (with its resourceVersion), emit a
  :class:`Listed` snapshot, then watch from that version, resuming after each server-side
  timeout from the last version seen (events and BOOKMARKs advance it). It *returns* on
  ``410 Gone`` (the version is too old for the server's history): only a relist can recover.
* :func:`watch_forever` — runs sessions back to back: a 410 relists at once, any other error
  (connection refused, 5xx, a broken stream) retries after the jittered exponential back-off
  of :mod:`~kinference_epp.k8s.backoff`. It records connectivity in a :class:`WatchStatus` as it goes.
* :class:`Informer` — a cache by ``namespace/name`` fed by those events. A snapshot is diffed
  against the cache, so a relist emits only what really changed (no spurious delete/re-add of
  pods, so no KV subscriber restarts). Handlers are called in order, one event at a time.

While the API server is unreachable nothing is deleted: the cache (and the datastore fed from
it) keeps what it last knew, and the status says ``connected=False``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from kinference_epp.config.kubernetes import WatchSettings
from kinference_epp.k8s.api import ApiError, JsonObject, KubeApi, Resource
from kinference_epp.k8s.backoff import Backoff

log = logging.getLogger(__name__)

ObjectKey = tuple[str, str]
"""``(namespace, name)`` of an object."""


def object_key(obj: Mapping[str, Any]) -> ObjectKey:
    meta = obj.get("metadata") or {}
    return (str(meta.get("namespace") or ""), str(meta.get("name") or ""))


def resource_version(obj: Mapping[str, Any]) -> str:
    return str((obj.get("metadata") or {}).get("resourceVersion") or "")


class EventType(StrEnum):
    ADDED = "ADDED"
    MODIFIED = "MODIFIED"
    DELETED = "DELETED"


@dataclass(frozen=True, slots=True)
class Listed:
    """The full set of objects at ``resource_version`` (the start of every session)."""

    objects: list[JsonObject]
    resource_version: str


@dataclass(frozen=True, slots=True)
class Changed:
    """One watch event for one object."""

    type: EventType
    object: JsonObject


WatchItem = Listed | Changed


class Gone(Exception):
    """The server no longer has the history we asked for (410): relist."""


@dataclass(slots=True)
class WatchStatus:
    """Connectivity of one watch, for readiness and metrics (read by the picker, never awaited)."""

    resource: str
    connected: bool = False
    synced: bool = False
    """True once the first list succeeded; stays True through outages (we route on what we know)."""
    last_sync: float | None = None
    """Wall-clock time of the last successful list or event from the server."""
    relists: int = 0
    errors: int = 0
    last_error: str | None = None
    last_status: int | None = None
    """HTTP status of the last failed request (None: it was no HTTP answer, or none failed)."""
    on_change: Callable[[], None] | None = None
    """Called when ``synced`` or ``last_status`` may have changed (readiness follows them)."""

    def mark_ok(self) -> None:
        self.connected = True
        self.last_sync = time.time()
        if self.last_status is not None:
            self.last_status = None
            self._changed()

    def mark_synced(self) -> None:
        self.synced = True
        self._changed()

    def mark_error(self, error: BaseException) -> None:
        self.connected = False
        self.errors += 1
        self.last_error = f"{type(error).__name__}: {error}"
        status = error.status if isinstance(error, ApiError) else None
        if status != self.last_status:
            self.last_status = status
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    @property
    def refused(self) -> bool:
        """The server says the resource is not there (no CRD: 404) or not ours (RBAC: 403):
        retrying soon will not help, and what depends on it must not wait for it."""
        return self.last_status in REFUSED


REFUSED = frozenset({403, 404})
"""HTTP statuses that a retry soon will not change: missing CRD (404), missing RBAC (403)."""


@dataclass(frozen=True, slots=True)
class WatchTarget:
    """What to watch: a resource in one namespace, optionally narrowed by selectors."""

    resource: Resource
    namespace: str
    label_selector: str | None = None
    field_selector: str | None = None


async def watch_session(
    api: KubeApi, target: WatchTarget, settings: WatchSettings, status: WatchStatus
) -> AsyncIterator[WatchItem]:
    """List, then watch from the list's resourceVersion until 410 Gone (then return)."""
    listed = await api.list(
        target.resource,
        target.namespace,
        label_selector=target.label_selector,
        field_selector=target.field_selector,
    )
    status.mark_ok()
    yield Listed(listed.items, listed.resource_version)
    rv = listed.resource_version
    while True:
        try:
            async for event in api.watch(
                target.resource,
                target.namespace,
                resource_version=rv,
                timeout_s=settings.timeout_s,
                label_selector=target.label_selector,
                field_selector=target.field_selector,
            ):
                status.mark_ok()
                kind = event.get("type")
                obj = event.get("object") or {}
                if kind == "ERROR":
                    code = int(obj.get("code") or 0)
                    if code == 410:
                        log.info("watch of %s expired (410 Gone) at %s: relisting", target, rv)
                        return
                    raise ApiError(code, str(obj.get("message") or obj.get("reason") or obj))
                rv = resource_version(obj) or rv
                if kind == "BOOKMARK":
                    continue
                try:
                    yield Changed(EventType(str(kind)), obj)
                except ValueError:
                    log.warning("ignoring watch event of unknown type %r", kind)
        except ApiError as exc:
            if exc.status == 410:
                log.info("watch of %s expired (HTTP 410) at %s: relisting", target, rv)
                return
            raise
        # The server ended the stream (timeoutSeconds): resume from the last version seen.


async def watch_forever(
    api: KubeApi,
    target: WatchTarget,
    settings: WatchSettings,
    status: WatchStatus,
    *,
    backoff: Backoff | None = None,
) -> AsyncIterator[WatchItem]:
    """Sessions back to back: relist at once after 410, back off with jitter after errors."""
    backoff = backoff or Backoff.of(settings)
    while True:
        try:
            async for item in watch_session(api, target, settings, status):
                backoff.reset()
                yield item
            status.relists += 1
        except (asyncio.CancelledError, GeneratorExit):
            raise
        except Exception as exc:
            was_refused = status.refused
            status.mark_error(exc)
            delay = backoff.next_delay()
            if status.refused:
                # A missing CRD or permission: check again now and then (it may be installed
                # later), say so once rather than on every retry.
                delay = settings.backoff_max_s
                if not was_refused:
                    log.warning(
                        "watch of %s refused (%s); checking again every %.0fs",
                        target.resource,
                        status.last_error,
                        delay,
                    )
            else:
                log.warning(
                    "watch of %s failed (%s); retrying in %.2fs",
                    target.resource,
                    status.last_error,
                    delay,
                )
            retry_after = exc.retry_after_s if isinstance(exc, ApiError) else None
            await backoff.sleep(max(delay, retry_after or 0.0))


Handler = Callable[[EventType, JsonObject, JsonObject | None], None]
"""``handler(type, new_or_deleted_object, previous_object_or_None)``; synchronous."""


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    rv_a, rv_b = resource_version(a), resource_version(b)
    return bool(rv_a) and rv_a == rv_b


@dataclass
class Informer:
    """A cache of one watch's objects by ``(namespace, name)``, with ordered handlers.

    ``run()`` consumes :func:`watch_forever` until cancelled. ``synced`` is set after the
    first list has been applied, so a caller can wait for a complete initial view.
    """

    api: KubeApi
    target: WatchTarget
    settings: WatchSettings
    handlers: list[Handler] = field(default_factory=list)
    status: WatchStatus = field(init=False)
    synced: asyncio.Event = field(init=False, default_factory=asyncio.Event)
    _cache: dict[ObjectKey, JsonObject] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.status = WatchStatus(str(self.target.resource))

    def get(self, key: ObjectKey) -> JsonObject | None:
        return self._cache.get(key)

    def objects(self) -> list[JsonObject]:
        return list(self._cache.values())

    async def run(self) -> None:
        async for item in watch_forever(self.api, self.target, self.settings, self.status):
            if isinstance(item, Listed):
                self.apply_snapshot(item.objects)
                self.synced.set()
                self.status.mark_synced()
            else:
                self.apply(item.type, item.object)

    def apply_snapshot(self, objects: list[JsonObject]) -> None:
        """Make the cache equal to ``objects``, emitting only the differences."""
        fresh = {object_key(obj): obj for obj in objects}
        for key in [k for k in self._cache if k not in fresh]:
            self.apply(EventType.DELETED, self._cache[key])
        for key, obj in fresh.items():
            old = self._cache.get(key)
            if old is None:
                self.apply(EventType.ADDED, obj)
            elif not _same(old, obj):
                self.apply(EventType.MODIFIED, obj)

    def apply(self, kind: EventType, obj: JsonObject) -> None:
        key = object_key(obj)
        old = self._cache.get(key)
        if kind is EventType.DELETED:
            if self._cache.pop(key, None) is None:
                return
        else:
            if old is not None and _same(old, obj):
                return
            self._cache[key] = obj
            kind = EventType.MODIFIED if old is not None else EventType.ADDED
        for handler in self.handlers:
            try:
                handler(kind, obj, old)
            except Exception:
                log.exception("handler for %s %s/%s failed", self.target.resource, *key)
