"""Objects of a CRD-backed kind (InferencePolicy, InferenceTenant): watched, fed to their sink,
their status written back. One watcher for every kind; a kind brings its resource, its sink
and where its objects reference Secrets.

Flow: an :class:`~kinference_epp.k8s.watch.Informer` on the resource in the pool's namespace →
the objects that govern this picker's pool (``spec.scope.poolRefs`` empty or naming it) → a
:class:`ResourceSink`, which puts them in force as a set and says, per object, whether it was
accepted → this pool's entry of ``status.ancestors`` (``k8s.status``) written through the
status subresource with a JSON merge patch, only when it differs from what the object already
shows. An object without ``poolRefs`` governs every pool of its namespace: each pool's picker
keeps its own entry and leaves the others'; the object's ``resourceVersion`` is the write's
precondition, so two pickers writing at once cannot drop each other's entries (the loser gets
409 and writes again from the new version). An object that stops governing the pool loses
the pool's entry.

Events are coalesced: the informer's handler only marks the set dirty; one task applies the
whole set and writes statuses, so a relist of N objects is one apply, not N. A status write
that fails (API down) stays pending and is retried after the back-off (``k8s.backoff``); our
own status writes come back as MODIFIED events with the same generation and do not re-apply
the set.

Secrets: the references an object's spec makes (``refs_of``), in the governed specs and in the
versions still in force, are reported to a :class:`SecretResolver` whenever that set changes,
before the set is applied, so a new provider rule goes live with its key already read.
``ResolvedRefs`` then says whether each object's references resolve (``SecretNotFound`` and
the like, as the resolver reports them). The resolver calls back when what it knows changes
(a Secret deleted or created): for policies only the conditions are recomputed; for tenants
(``reapply_on_secrets``) the set is applied again (a tenant's keys are part of what is in
force, not only of its conditions).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.k8s.api import ApiError, JsonObject, KubeApi, Resource
from kinference_epp.k8s.backoff import Backoff
from kinference_epp.k8s.status import (
    Verdict,
    ancestor_ref,
    desired_status,
    now,
    ours,
    status_equal,
    without_entry,
)
from kinference_epp.k8s.watch import EventType, Informer, WatchStatus, WatchTarget
from kinference_epp.policy.types import SecretKey
from kinference_epp.resources.model import MAX_ANCESTORS

log = logging.getLogger(__name__)


class ResourceSink(Protocol):
    """What puts a kind's objects in force (the policy store, the tenant directory), as the
    watcher sees it."""

    def apply(self, objects: Mapping[str, JsonObject]) -> Mapping[str, Verdict]:
        """Put this set (``namespace/name`` → raw object) in force; a verdict per key.

        Called with the complete current set each time anything changed. An implementation
        keeps the last good version of an object that became invalid.
        """
        ...


@dataclass(frozen=True, slots=True)
class RefCheck:
    """Whether one secret reference resolves, as the :class:`SecretResolver` knows it now."""

    resolved: bool | None
    """None: not known yet (never read: the API server has not answered)."""
    reason: str = "ResolvedRefs"
    """CamelCase condition reason, e.g. ``SecretNotFound``, ``RefNotPermitted``."""
    message: str = ""


class SecretResolver(Protocol):
    """Where the Secrets that objects reference are read (``k8s.secrets.KubeSecrets`` for
    policies, ``k8s.tenant_secrets.TenantKeySecrets`` for tenants)."""

    async def track(self, refs: frozenset[SecretKey]) -> None:
        """The complete set referenced now; returns once new ones were read (or tried)."""
        ...

    def check(self, ref: SecretKey) -> RefCheck: ...

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (no arguments, on the loop) whenever a :meth:`check` may differ."""
        ...


def resolve_refs(verdict: Verdict, refs: Iterable[SecretKey], resolver: SecretResolver) -> Verdict:
    """``verdict`` with ``ResolvedRefs`` from the secrets (unchanged when it is not True)."""
    if verdict.refs_resolved is not True:
        return verdict
    checks = [resolver.check(ref) for ref in sorted(refs, key=lambda r: (r.name, r.key))]
    failed = [c for c in checks if c.resolved is False]
    unknown = [c for c in checks if c.resolved is None]
    worst = failed or unknown
    if not worst:
        return verdict
    return dataclasses.replace(
        verdict,
        refs_resolved=False if failed else None,
        refs_reason=worst[0].reason,
        refs_message="; ".join(c.message for c in worst),
    )


def _key(obj: Mapping[str, Any]) -> str:
    meta = obj.get("metadata") or {}
    return f"{meta.get('namespace') or 'default'}/{meta.get('name')}"


@dataclass(frozen=True, slots=True)
class ResourceWatchStatus:
    accepted: int
    rejected: int
    pending_status_writes: int
    reasons: Mapping[str, str] = field(default_factory=dict)
    """``namespace/name`` → the Accepted reason, for every object governing this pool."""
    watch: WatchStatus | None = None
    unresolved: int = 0
    """Objects whose ``ResolvedRefs`` is not True (a referenced Secret missing, ...)."""
    unresolved_accepted: int = 0
    """Of those, the accepted ones (in force, but a reference does not resolve)."""
    unavailable: str | None = None
    """Why the objects cannot be watched (``CRDNotInstalled``, ``Forbidden``), or None."""


class ResourceWatcher:
    """Keeps ``sink`` fed with this pool's objects of ``resource`` and writes their status."""

    def __init__(
        self,
        api: KubeApi,
        sink: ResourceSink,
        config: KubernetesConfig,
        namespace: str,
        *,
        resource: Resource,
        refs_of: Callable[[Any], frozenset[SecretKey]],
        clock: Callable[[], str] = now,
        secrets: SecretResolver | None = None,
        on_change: Callable[[], None] | None = None,
        pool_group: Callable[[], str | None] | None = None,
        may_write: Callable[[], bool] | None = None,
        reapply_on_secrets: bool = False,
    ) -> None:
        """``pool_group()``: the API group the pool was found in (None: not known yet), for
        the ``ancestorRef`` of the status entries. ``refs_of(spec)``: the Secrets an object's
        spec references. ``reapply_on_secrets``: a change the resolver reports re-applies the
        set (the sink reads the Secrets) instead of only recomputing ``ResolvedRefs``."""
        self._api = api
        self._resource = resource
        self._refs_of = refs_of
        self._reapply_on_secrets = reapply_on_secrets
        self._sink = sink
        self._namespace = namespace
        self._pool_group = pool_group
        self._may_write = may_write
        """False: hold status writes (a replica that is not the leader); they stay pending."""
        self._secrets = secrets
        self._config = config
        self._clock = clock
        self._informer = Informer(
            api, WatchTarget(resource, namespace), config.watch, handlers=[self._on_event]
        )
        self._informer.status.on_change = on_change
        self._dirty = asyncio.Event()
        self._specs: dict[str, tuple[Any, Any]] = {}
        """key → (generation, spec) last applied: status-only changes do not re-apply."""
        self._verdicts: dict[str, Verdict] = {}
        """What the status says: the sink's verdicts with ResolvedRefs from the secrets."""
        self._sink_verdicts: dict[str, Verdict] = {}
        self._refs: dict[str, frozenset[SecretKey]] = {}
        """key → the secret references of the object's current spec."""
        self._in_force_refs: dict[str, frozenset[SecretKey]] = {}
        """key → those of the version in force (an invalid edit keeps the last good one)."""
        self._tracked: frozenset[SecretKey] | None = None
        self._pending: set[str] = set()
        self._needs_apply = False
        self._needs_refs_check = False
        self._tasks: list[asyncio.Task[None]] = []
        if secrets is not None:
            secrets.subscribe(self._on_secrets_changed)

    def _governs(self, obj: Mapping[str, Any]) -> bool:
        scope = (obj.get("spec") or {}).get("scope") or {}
        refs = scope.get("poolRefs") or [] if isinstance(scope, dict) else []
        if not isinstance(refs, list) or not refs:
            return True
        return any(isinstance(r, dict) and r.get("name") == self._config.pool.name for r in refs)

    def _ancestor(self) -> JsonObject:
        group = (self._pool_group() if self._pool_group else None) or self._config.pool.group
        return ancestor_ref(
            self._config.pool.name, self._namespace, group or "inference.networking.k8s.io"
        )

    def _has_entry(self, obj: Mapping[str, Any]) -> bool:
        ancestors = (obj.get("status") or {}).get("ancestors") or []
        ref = self._ancestor()
        return isinstance(ancestors, list) and any(ours(a, ref) for a in ancestors)

    def _on_event(self, kind: EventType, obj: JsonObject, _old: JsonObject | None) -> None:
        key = _key(obj)
        if kind is EventType.DELETED:
            self._needs_apply = True
        elif key not in self._specs and not self._governs(obj):
            if self._has_entry(obj):
                self._pending.add(key)  # no longer ours: take our entry off it
                self._dirty.set()
            return  # another pool's object
        else:
            meta = obj.get("metadata") or {}
            if self._specs.get(key) != (meta.get("generation"), obj.get("spec")):
                self._needs_apply = True
            else:
                self._pending.add(key)  # a status-only change: check ours still holds
        self._dirty.set()

    def _on_secrets_changed(self) -> None:
        if self._reapply_on_secrets:
            self._needs_apply = True
        self._needs_refs_check = True
        self._dirty.set()

    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._informer.run(), name=f"k8s-{self._resource.plural}"),
            asyncio.create_task(self._reconcile_loop(), name=f"k8s-{self._resource.plural}-status"),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def wait_synced(self) -> None:
        await self._informer.synced.wait()

    @property
    def synced(self) -> bool:
        return self._informer.status.synced

    @property
    def unavailable(self) -> str | None:
        """Why the objects cannot be watched at all, or None.

        ``CRDNotInstalled`` (404: e.g. ``helm install --skip-crds``) or ``Forbidden`` (403: the
        Role lacks them). The kind is then off and readiness does not wait for it; the watch
        checks again now and then, so installing the CRD or the Role turns it on.
        """
        status = self._informer.status
        if status.synced or not status.refused:
            return None
        return "CRDNotInstalled" if status.last_status == 404 else "Forbidden"

    def status(self) -> ResourceWatchStatus:
        accepted = sum(v.accepted for v in self._verdicts.values())
        return ResourceWatchStatus(
            accepted=accepted,
            rejected=len(self._verdicts) - accepted,
            pending_status_writes=len(self._pending),
            reasons={k: v.reason for k, v in self._verdicts.items()},
            watch=self._informer.status,
            unresolved=sum(v.refs_resolved is not True for v in self._verdicts.values()),
            unresolved_accepted=sum(
                v.accepted and v.refs_resolved is not True for v in self._verdicts.values()
            ),
            unavailable=self.unavailable,
        )

    def secret_refs(self) -> frozenset[SecretKey]:
        """The secret references of the governed objects and of the versions in force."""
        refs: set[SecretKey] = set()
        for group in (self._refs, self._in_force_refs):
            for found in group.values():
                refs |= found
        return frozenset(refs)

    def verdict(self, key: str) -> Verdict | None:
        return self._verdicts.get(key)

    # -- apply and write ----------------------------------------------------------------

    def _governed(self) -> dict[str, JsonObject]:
        return {_key(o): o for o in self._informer.objects() if self._governs(o)}

    async def _track_secrets(self) -> None:
        """Tell the resolver the references in use, when they changed (it reads new ones)."""
        refs = self.secret_refs()
        if self._secrets is None or refs == self._tracked:
            return
        self._tracked = refs
        try:
            await self._secrets.track(refs)
        except (asyncio.CancelledError, GeneratorExit):
            raise
        except Exception:
            log.exception(
                "reading the Secrets that %s objects reference failed", self._resource.kind
            )

    def _apply(self, governed: Mapping[str, JsonObject]) -> None:
        self._specs = {
            k: ((o.get("metadata") or {}).get("generation"), o.get("spec"))
            for k, o in governed.items()
        }
        verdicts = dict(self._sink.apply(governed))
        for key in governed:
            verdicts.setdefault(key, Verdict(True, "Accepted"))
        self._sink_verdicts = verdicts
        self._in_force_refs = {
            k: self._refs[k] if verdicts[k].accepted else self._in_force_refs[k]
            for k in governed
            if verdicts[k].accepted or k in self._in_force_refs
        }
        self._verdicts = self._resolved_verdicts()
        self._pending = set(governed)

    def _resolved_verdicts(self) -> dict[str, Verdict]:
        if self._secrets is None:
            return dict(self._sink_verdicts)
        return {
            k: resolve_refs(v, self._refs.get(k, frozenset()), self._secrets)
            for k, v in self._sink_verdicts.items()
        }

    def _recheck_refs(self) -> None:
        """The secrets changed: recompute ResolvedRefs; write the conditions that moved."""
        verdicts = self._resolved_verdicts()
        self._pending |= {k for k, v in verdicts.items() if self._verdicts.get(k) != v}
        self._verdicts = verdicts

    async def _apply_all(self) -> None:
        governed = self._governed()
        self._refs = {k: self._refs_of(o.get("spec")) for k, o in governed.items()}
        # New references are read before the set goes into force: a new provider rule starts
        # with its key. (Objects that changed meanwhile mark the set dirty again.)
        await self._track_secrets()
        self._apply(governed)
        await self._track_secrets()  # an accepted edit may have dropped references

    async def _reconcile_loop(self) -> None:
        backoff = Backoff.of(self._config.watch)
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            await self._informer.synced.wait()
            if self._needs_apply:
                self._needs_apply = False
                self._needs_refs_check = False
                try:
                    await self._apply_all()
                except Exception:
                    log.exception("applying the %s set failed", self._resource.kind)
            elif self._needs_refs_check:
                self._needs_refs_check = False
                self._recheck_refs()
            if await self._write_pending():
                backoff.reset()
                continue
            await backoff.wait()
            self._dirty.set()

    def recheck_all(self) -> None:
        """Compare every governed object's status with ours again, and write what differs
        (a replica that just became the leader)."""
        self._pending |= set(self._verdicts)
        self._dirty.set()

    async def _write_pending(self) -> bool:
        """Write every pending status that differs; False if some write must be retried."""
        if self._may_write is not None and not self._may_write():
            return True  # kept pending for when this replica leads
        ok = True
        kind = self._resource.kind
        for key in sorted(self._pending):
            namespace, name = key.split("/", 1)
            obj = self._informer.get((namespace, name))
            verdict = self._verdicts.get(key)
            if obj is not None and not self._governs(obj) and self._has_entry(obj):
                want: JsonObject | None = without_entry(obj, self._ancestor())
            elif obj is None or verdict is None or not self._governs(obj):
                self._pending.discard(key)
                continue
            else:
                want = desired_status(obj, verdict, self._ancestor(), self._clock())
            if want is None:
                log.warning(
                    "%s %s: no room for this pool's status entry (%d entries)",
                    kind,
                    key,
                    MAX_ANCESTORS,
                )
                self._pending.discard(key)
                continue
            if status_equal(obj.get("status"), want):
                self._pending.discard(key)
                continue
            # The entries of other pools come from the object as last seen: the version it
            # had then is a precondition, so a concurrent write by another pool's picker
            # makes this one fail (409) instead of dropping that picker's entry.
            patch: JsonObject = {
                "metadata": {"resourceVersion": (obj.get("metadata") or {}).get("resourceVersion")},
                "status": want,
            }
            try:
                updated = await self._api.patch_status(self._resource, namespace, name, patch)
            except ApiError as exc:
                if exc.status == 404:
                    self._pending.discard(key)
                    continue
                if exc.status == 409:
                    # The object changed since it was seen: its watch event brings the new
                    # version, and the write is computed again from it.
                    log.debug("status write for %s %s conflicted; again", kind, key)
                    ok = False
                    continue
                if exc.status == 422:
                    # The CRD's schema refuses this status (an older CRD): the same write would
                    # be refused again, so it is not retried until the verdict changes.
                    log.error("status write for %s %s refused: %s", kind, key, exc)
                    self._pending.discard(key)
                    continue
                log.warning("status write for %s %s failed: %s", kind, key, exc)
                ok = False
                continue
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as exc:
                log.warning("status write for %s %s failed: %s", kind, key, exc)
                ok = False
                continue
            self._pending.discard(key)
            # Seen at once, before its watch event: a second pass must not write it again.
            self._informer.apply(EventType.MODIFIED, updated)
            if verdict is not None and self._governs(updated):
                log.info("%s %s: Accepted=%s (%s)", kind, key, verdict.accepted, verdict.reason)
        return ok
