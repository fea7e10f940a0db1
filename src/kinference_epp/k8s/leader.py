"""Leader election on a ``coordination.k8s.io/v1`` Lease, as client-go's leaderelection does.

Only for active-passive replicas (``kubernetes.leader_election.enabled``): the leader is
ready and writes policy statuses, the others report NOT_SERVING so the gateway sends them
nothing, and one of them takes over once the leader stops renewing. Active-active (the
default) needs none of this.

The lease holds ``holderIdentity``, ``leaseDurationSeconds``, ``acquireTime``,
``renewTime`` and ``leaseTransitions``. Every write replaces the object with its last seen
``resourceVersion``, so two candidates racing for an expired lease cannot both win (the
loser gets 409). Expiry is judged as client-go judges it, by this replica's own clock since
it last saw the lease *change*, never by comparing its clock with the holder's timestamps:
clock skew between nodes cannot hand the lease over early. A leader that cannot renew for
``renew_deadline_s`` steps down on its own, before others may take over at
``lease_duration_s``, so there is never a moment with two leaders that both believe it. On
stop the leader releases the lease (empty holder), so a rolling restart hands over at once
instead of after the lease expires.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from kinference_epp.config.kubernetes import LeaderElection
from kinference_epp.k8s.api import LEASES, ApiError, JsonObject, KubeApi

log = logging.getLogger(__name__)


def default_identity() -> str:
    """The pod's name (the chart sets ``POD_NAME`` from the downward API), else host-pid."""
    return os.environ.get("POD_NAME") or f"{socket.gethostname()}-{os.getpid()}"


def _micro_time() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class LeaderElector:
    """Campaigns for the lease while running; ``is_leader`` says whether this replica holds it."""

    def __init__(
        self,
        api: KubeApi,
        namespace: str,
        settings: LeaderElection,
        *,
        on_change: Callable[[bool], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._api = api
        self._namespace = namespace
        self._settings = settings
        self.identity = settings.identity or default_identity()
        self._on_change = on_change
        self._clock = clock
        self.is_leader = False
        self.transitions = 0
        """Times this replica became leader."""
        self._seen: Any = None
        """The lease's spec as last read, and when (our clock) it was first seen so."""
        self._seen_at = 0.0
        self._renewed_at = 0.0
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="k8s-leader")

    async def stop(self) -> None:
        """Stop campaigning; a leader releases the lease so another takes over at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.is_leader:
            with contextlib.suppress(Exception):
                await self._release()
            self._set(False)

    async def _run(self) -> None:
        settings = self._settings
        while True:
            try:
                await self.try_once()
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception as exc:
                log.warning("leader election: %s", exc)
            if self.is_leader and self._clock() - self._renewed_at > settings.renew_deadline_s:
                log.warning(
                    "leader election: could not renew the lease for %.0f s: stepping down",
                    settings.renew_deadline_s,
                )
                self._set(False)
            await asyncio.sleep(settings.retry_period_s)

    async def try_once(self) -> bool:
        """One round: create, renew or take over the lease if it is ours to have; True if this
        replica holds it afterwards. API errors propagate (the caller retries)."""
        name = self._settings.lease_name
        try:
            lease = await self._api.get(LEASES, self._namespace, name)
        except ApiError as exc:
            if exc.status != 404:
                raise
            return await self._write(None)
        spec = lease.get("spec") or {}
        now = self._clock()
        if spec != self._seen:
            self._seen, self._seen_at = spec, now
        holder = spec.get("holderIdentity") or ""
        duration = float(spec.get("leaseDurationSeconds") or self._settings.lease_duration_s)
        if holder == self.identity or not holder or now - self._seen_at > duration:
            return await self._write(lease)
        if self.is_leader:  # someone else holds it: we lost it
            self._set(False)
        return False

    async def _write(self, lease: JsonObject | None) -> bool:
        settings = self._settings
        now = _micro_time()
        spec: dict[str, Any] = dict((lease or {}).get("spec") or {})
        ours = spec.get("holderIdentity") == self.identity
        spec.update(
            holderIdentity=self.identity,
            leaseDurationSeconds=int(settings.lease_duration_s),
            renewTime=now,
        )
        if not ours:
            spec["acquireTime"] = now
            spec["leaseTransitions"] = int(spec.get("leaseTransitions") or 0) + (
                1 if lease is not None else 0
            )
        obj: JsonObject = {
            "apiVersion": LEASES.api_version,
            "kind": LEASES.kind,
            "metadata": {"name": settings.lease_name, "namespace": self._namespace},
            "spec": spec,
        }
        try:
            if lease is None:
                written = await self._api.create(LEASES, self._namespace, obj)
            else:
                obj["metadata"]["resourceVersion"] = lease["metadata"]["resourceVersion"]
                written = await self._api.replace(LEASES, self._namespace, settings.lease_name, obj)
        except ApiError as exc:
            if exc.status == 409:  # another candidate wrote first: read it next round
                return self.is_leader and self._clock() - self._renewed_at <= (
                    settings.renew_deadline_s
                )
            raise
        self._seen, self._seen_at = written.get("spec"), self._clock()
        self._renewed_at = self._clock()
        self._set(True)
        return True

    async def _release(self) -> None:
        name = self._settings.lease_name
        lease = await self._api.get(LEASES, self._namespace, name)
        spec = dict(lease.get("spec") or {})
        if spec.get("holderIdentity") != self.identity:
            return
        spec.update(holderIdentity=None, leaseDurationSeconds=1, renewTime=_micro_time())
        lease = {**lease, "spec": spec}
        await self._api.replace(LEASES, self._namespace, name, lease)
        log.info("leader election: released the lease", extra={"identity": self.identity})

    def _set(self, leader: bool) -> None:
        if leader == self.is_leader:
            return
        self.is_leader = leader
        if leader:
            self.transitions += 1
        log.info(
            "leader election: %s",
            "became the leader" if leader else "not the leader",
            extra={"identity": self.identity, "lease": self._settings.lease_name},
        )
        if self._on_change is not None:
            self._on_change(leader)
