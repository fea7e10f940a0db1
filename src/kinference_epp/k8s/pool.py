"""Pool discovery: keep the PoolDatastore equal to the pods an InferencePool selects.

Two informers: one on the named ``InferencePool`` (by ``metadata.name`` field selector), one on
the pods its ``selector.matchLabels`` picks (by label selector, so the server filters). A change
of selector restarts the pod watch with the new selector, seeded with the old cache so that the
first list removes exactly the pods that no longer match; a change of target ports re-evaluates
every cached pod. Each pod's endpoints are upserted and removed in the datastore, whose listeners
start and stop the metrics scraper and the KV-event subscriber of each endpoint.

The pool's API group (``v1`` or the pre-GA ``v1alpha2``) is the configured one, else the one
that has a pool of this name (``v1`` when both or neither has one; a group whose CRD is not
installed answers 404 and is passed over).

Readiness ("can route") needs the pool to exist and its pods to have been listed: a misspelt
pool name keeps the picker unready (with ``pool_found`` false) rather than ready with no
endpoints. ``on_change`` is called whenever that may have changed.

The datastore is only written from the event loop that runs the informers (it has no locks).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.k8s.api import (
    INFERENCE_POOLS,
    INFERENCE_POOLS_V1ALPHA2,
    PODS,
    POOL_RESOURCES,
    ApiError,
    JsonObject,
    KubeApi,
    Resource,
)
from kinference_epp.k8s.backoff import Backoff
from kinference_epp.k8s.pods import PoolSpec, is_ready, parse_pool, pod_endpoints
from kinference_epp.k8s.watch import (
    REFUSED,
    EventType,
    Informer,
    ObjectKey,
    WatchStatus,
    WatchTarget,
)
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey

log = logging.getLogger(__name__)


def _nothing() -> None:
    pass


@dataclass(frozen=True, slots=True)
class PoolStatus:
    """What pool discovery knows, for readiness, metrics and logs."""

    pool_found: bool
    pool_error: str | None
    """Why the pool's spec is unusable (the last good spec stays in force), or None."""
    selector: str | None
    pods: int
    endpoints: int
    watches: tuple[WatchStatus, ...]
    group: str | None = None
    """The pool's API group in use (None until one answered)."""


class PoolDiscovery:
    """Feeds ``datastore`` from the InferencePool ``config.pool`` and its pods."""

    def __init__(
        self,
        api: KubeApi,
        datastore: PoolDatastore,
        config: KubernetesConfig,
        namespace: str,
        *,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self._api = api
        self._datastore = datastore
        self._config = config
        self._namespace = namespace
        self._on_change = on_change or _nothing
        self._spec: PoolSpec | None = None
        self._pool_error: str | None = None
        self._owned: dict[ObjectKey, dict[EndpointKey, Endpoint]] = {}
        self._owner: dict[EndpointKey, ObjectKey] = {}
        """Which pod an endpoint key belongs to: a new pod may reuse a deleted pod's IP."""
        self._by_name = f"metadata.name={config.pool.name}"
        self._resolving = WatchStatus(str(INFERENCE_POOLS), on_change=self._on_change)
        """The pool watch's status until its API group is known."""
        self._pool: Informer | None = None
        self._pool_listed = asyncio.Event()
        self._pods: Informer | None = None
        self._pool_task: asyncio.Task[None] | None = None
        self._pods_task: asyncio.Task[None] | None = None
        self._pods_synced = asyncio.Event()

    # -- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        self._pool_task = asyncio.create_task(self._run_pool(), name="k8s-inferencepool")

    async def _run_pool(self) -> None:
        resource = await self._resolve_group()
        informer = Informer(
            self._api,
            WatchTarget(resource, self._namespace, field_selector=self._by_name),
            self._config.watch,
            handlers=[self._on_pool],
        )
        informer.status.on_change = self._on_change
        self._pool = informer
        listed = self._pool_listed
        waiter = asyncio.create_task(informer.synced.wait())
        waiter.add_done_callback(lambda _: listed.set())
        try:
            await informer.run()
        finally:
            waiter.cancel()

    async def _resolve_group(self) -> Resource:
        """The configured group, else the installed one holding the pool (see the module)."""
        if self._config.pool.group is not None:
            return POOL_RESOURCES[self._config.pool.group]
        settings, backoff = self._config.watch, Backoff.of(self._config.watch)
        while True:
            installed: list[Resource] = []
            holding: list[Resource] = []
            refusal = ApiError(404, "no InferencePool CRD is installed")
            try:
                for resource in (INFERENCE_POOLS, INFERENCE_POOLS_V1ALPHA2):
                    try:
                        listed = await self._api.list(
                            resource, self._namespace, field_selector=self._by_name
                        )
                    except ApiError as exc:
                        if exc.status not in REFUSED:  # 404: not installed, 403: not granted
                            raise
                        refusal = exc
                        continue
                    installed.append(resource)
                    if listed.items:
                        holding.append(resource)
                if installed:
                    chosen = (holding or installed)[0]
                    log.info("InferencePool %s: API group %s", self._config.pool.name, chosen.group)
                    return chosen
                error: Exception = refusal
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as exc:
                error = exc
            was_refused = self._resolving.refused
            self._resolving.mark_error(error)
            delay = backoff.next_delay()
            if self._resolving.refused:
                delay = settings.backoff_max_s
            if not (was_refused and self._resolving.refused):
                log.warning("listing InferencePools failed (%s); retrying in %.1fs", error, delay)
            await backoff.sleep(delay)

    async def stop(self) -> None:
        """Stop watching; the datastore keeps its endpoints (the picker may still drain)."""
        for task in (self._pods_task, self._pool_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._pods_task = self._pool_task = None

    async def wait_synced(self) -> None:
        """Until the pool has been listed and, if it exists, its pods too."""
        await self._pool_listed.wait()
        if self._spec is not None:
            await self._pods_synced.wait()

    @property
    def synced(self) -> bool:
        if self._pool is None or not self._pool.status.synced:
            return False
        return self._spec is None or self._pods_synced.is_set()

    @property
    def ready(self) -> bool:
        """Can route: the pool exists and its pods were listed (stays so through outages)."""
        return self._spec is not None and self._pods_synced.is_set()

    def status(self) -> PoolStatus:
        watches = [self._pool.status if self._pool is not None else self._resolving]
        if self._pods is not None:
            watches.append(self._pods.status)
        return PoolStatus(
            pool_found=self._spec is not None,
            pool_error=self._pool_error,
            selector=self._spec.label_selector() if self._spec else None,
            pods=len(self._owned),
            endpoints=sum(len(eps) for eps in self._owned.values()),
            watches=tuple(watches),
            group=self._pool.target.resource.group if self._pool is not None else None,
        )

    # -- the pool -----------------------------------------------------------------------

    def _on_pool(self, kind: EventType, obj: JsonObject, _old: JsonObject | None) -> None:
        if kind is EventType.DELETED:
            log.warning("InferencePool %s deleted: removing its endpoints", self._config.pool.name)
            self._spec = None
            self._stop_pods()
            for pod in list(self._owned):
                self._set_pod_endpoints(pod, [], ready=False)
            self._on_change()
            return
        try:
            spec = parse_pool(obj)
        except ValueError as exc:
            self._pool_error = str(exc)
            log.error(
                "InferencePool %s is unusable (%s); keeping the last good spec",
                self._config.pool.name,
                exc,
            )
            return
        self._pool_error = None
        old, self._spec = self._spec, spec
        if old is None or old.selector != spec.selector:
            self._restart_pods(spec)
            self._on_change()
        elif old.target_ports != spec.target_ports and self._pods is not None:
            for pod_obj in self._pods.objects():
                self._on_pod(EventType.MODIFIED, pod_obj, None)

    def _restart_pods(self, spec: PoolSpec) -> None:
        previous = self._pods.objects() if self._pods is not None else []
        self._stop_pods()
        self._pods_synced = asyncio.Event()
        informer = Informer(
            self._api,
            WatchTarget(PODS, self._namespace, label_selector=spec.label_selector()),
            self._config.watch,
            handlers=[self._on_pod],
        )
        # Seed with what we had: the first list then deletes exactly the pods that left.
        for pod in previous:
            informer.apply(EventType.ADDED, pod)
        self._pods = informer
        self._pods_task = asyncio.create_task(self._run_pods(informer), name="k8s-pods")

    async def _run_pods(self, informer: Informer) -> None:
        synced = self._pods_synced
        informer.status.on_change = self._on_change
        waiter = asyncio.create_task(informer.synced.wait())

        def listed(_: object) -> None:
            synced.set()
            self._on_change()

        waiter.add_done_callback(listed)
        try:
            await informer.run()
        finally:
            waiter.cancel()

    def _stop_pods(self) -> None:
        if self._pods_task is not None:
            self._pods_task.cancel()
        self._pods_task = None

    # -- pods ---------------------------------------------------------------------------

    def _on_pod(self, kind: EventType, pod: JsonObject, _old: JsonObject | None) -> None:
        meta = pod.get("metadata") or {}
        key: ObjectKey = (str(meta.get("namespace") or ""), str(meta.get("name") or ""))
        if kind is EventType.DELETED or self._spec is None:
            self._set_pod_endpoints(key, [], ready=False)
        else:
            endpoints = pod_endpoints(pod, self._spec, self._config)
            if endpoints and not next(iter(endpoints)).models:
                log.warning("pod %s/%s serves no model name we could find", *key)
            self._set_pod_endpoints(key, endpoints, ready=is_ready(pod))

    def _set_pod_endpoints(self, pod: ObjectKey, endpoints: list[Endpoint], *, ready: bool) -> None:
        old = self._owned.pop(pod, {})
        new = {ep.key: ep for ep in endpoints}
        for key in old.keys() - new.keys():
            if self._owner.get(key) == pod:
                del self._owner[key]
                self._datastore.remove(key)
        for endpoint in new.values():
            self._owner[endpoint.key] = pod
            self._datastore.upsert(endpoint, ready=ready)
        if new:
            self._owned[pod] = new
