"""Tenants' key Secrets (``spec.apiKeySecretRef``), each watched by name, parsed on change.

One :class:`~kinference_epp.k8s.watch.Informer` per referenced Secret, narrowed by the field
selector ``metadata.name=<name>``: a Role may then grant ``get``/``list``/``watch`` on exactly
those Secrets with ``resourceNames`` (``rbac.tenantSecrets`` in the chart), and a rotation
(``kubectl apply`` of the Secret) is in force as soon as its watch event arrives, with no
restart and no polling. The watch machinery is the pods' and policies' one: relist on 410,
backoff on errors, the last known keys kept through an outage.

This is the :class:`~kinference_epp.k8s.resources.SecretResolver` of the tenant watcher: a
tenant references a whole Secret, so its references are ``SecretKey(name, "")``. ``check``
becomes the tenant's ``ResolvedRefs`` condition: ``SecretNotFound``, ``RefNotPermitted``
(403: the Role does not list the Secret), ``InvalidSecret`` (an entry that is not a hash),
``NoKeys`` (no usable entry), ``Pending`` (not read yet).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import functools
import logging
from collections.abc import Callable, Mapping
from typing import Any

from kinference_epp.config.kubernetes import WatchSettings
from kinference_epp.k8s.api import SECRETS, JsonObject, KubeApi
from kinference_epp.k8s.resources import RefCheck
from kinference_epp.k8s.watch import EventType, Informer, WatchTarget
from kinference_epp.policy.types import SecretKey
from kinference_epp.tenancy.secret_keys import SecretKeys, parse_secret

log = logging.getLogger(__name__)

SECRET_NOT_FOUND = "SecretNotFound"
REF_NOT_PERMITTED = "RefNotPermitted"
INVALID_SECRET = "InvalidSecret"
NO_KEYS = "NoKeys"
PENDING = "Pending"
KEYS_LOADED = "KeysLoaded"


def decode(obj: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """A Secret's data decoded (``stringData`` is folded into ``data`` by the API server);
    entries that are not base64 UTF-8 → why."""
    data = obj.get("data")
    values: dict[str, str] = {}
    bad: dict[str, str] = {}
    for name, raw in (data if isinstance(data, dict) else {}).items():
        try:
            values[str(name)] = base64.b64decode(str(raw), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            bad[str(name)] = "is not base64-encoded UTF-8 text"
    return values, bad


def tenant_secret_refs(spec: Any) -> frozenset[SecretKey]:
    """The Secret a raw InferenceTenant spec names, as a reference to the whole Secret."""
    ref = spec.get("apiKeySecretRef") if isinstance(spec, dict) else None
    name = ref.get("name") if isinstance(ref, dict) else None
    return frozenset({SecretKey(name, "")}) if isinstance(name, str) and name else frozenset()


class TenantKeySecrets:
    """The parsed key Secrets of the watched tenants (see the module)."""

    def __init__(
        self,
        namespace: str,
        settings: WatchSettings,
        *,
        api: KubeApi | None = None,
        track_timeout_s: float = 5.0,
    ) -> None:
        self.namespace = namespace
        self._settings = settings
        self._api = api
        self._track_timeout_s = track_timeout_s
        self._informers: dict[str, tuple[Informer, asyncio.Task[None]]] = {}
        self._parsed: dict[str, SecretKeys] = {}
        self._callbacks: list[Callable[[], None]] = []
        self._moved = asyncio.Event()

    def start(self, api: KubeApi) -> None:
        self._api = api

    async def stop(self) -> None:
        for name in list(self._informers):
            await self._drop(name)

    # -- what the tenant sink reads -----------------------------------------------------

    def keys(self, name: str) -> SecretKeys | None:
        """The parsed Secret ``name``; None when it is not known to exist."""
        return self._parsed.get(name)

    # -- policies.SecretResolver ----------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def check(self, ref: SecretKey) -> RefCheck:
        where = f"Secret {self.namespace}/{ref.name}"
        held = self._informers.get(ref.name)
        if held is None:
            return RefCheck(None, PENDING, f"{where} has not been read yet")
        informer = held[0]
        if not informer.status.synced:
            if informer.status.last_status == 403:
                return RefCheck(
                    False,
                    REF_NOT_PERMITTED,
                    f"{where} may not be read by the picker (list it in rbac.tenantSecrets)",
                )
            return RefCheck(None, PENDING, f"{where} has not been read yet")
        parsed = self._parsed.get(ref.name)
        if parsed is None:
            return RefCheck(False, SECRET_NOT_FOUND, f"{where} not found")
        if parsed.invalid:
            entries = "; ".join(f"entry {k!r} {why}" for k, why in sorted(parsed.invalid.items()))
            return RefCheck(False, INVALID_SECRET, f"{where}: {entries}")
        if not parsed.keys:
            return RefCheck(False, NO_KEYS, f"{where} holds no key hash")
        return RefCheck(True, KEYS_LOADED)

    async def track(self, refs: frozenset[SecretKey]) -> None:
        """Watch the Secrets of ``refs`` (and only those); wait (bounded) for new ones' list."""
        if self._api is None:
            raise RuntimeError("TenantKeySecrets.track() before start()")
        names = {r.name for r in refs}
        for gone in set(self._informers) - names:
            await self._drop(gone)
        new = sorted(names - set(self._informers))
        for name in new:
            informer = Informer(
                self._api,
                WatchTarget(SECRETS, self.namespace, field_selector=f"metadata.name={name}"),
                self._settings,
                handlers=[functools.partial(self._on_event, name)],
            )
            informer.status.on_change = self._notify
            task = asyncio.create_task(informer.run(), name=f"k8s-secret-{name}")
            self._informers[name] = (informer, task)
        if new:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._track_timeout_s):
                    await self._settled(new)

    async def _settled(self, names: list[str]) -> None:
        while True:
            self._moved.clear()
            if all(
                (held := self._informers.get(n)) is None
                or held[0].status.synced
                or held[0].status.refused
                for n in names
            ):
                return
            await self._moved.wait()

    async def _drop(self, name: str) -> None:
        _informer, task = self._informers.pop(name)
        self._parsed.pop(name, None)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    def _on_event(
        self, name: str, kind: EventType, obj: JsonObject, _old: JsonObject | None
    ) -> None:
        if kind is EventType.DELETED:
            self._parsed.pop(name, None)
        else:
            values, bad = decode(obj)
            parsed = parse_secret(values)
            self._parsed[name] = SecretKeys(parsed.keys, {**parsed.invalid, **bad})
            if self._parsed[name].invalid:
                log.warning(
                    "Secret %s/%s: entries that are not key hashes are ignored: %s",
                    self.namespace,
                    name,
                    ", ".join(sorted(self._parsed[name].invalid)),
                )
        self._notify()

    def _notify(self) -> None:
        self._moved.set()
        for callback in list(self._callbacks):
            try:
                callback()
            except Exception:
                log.exception("a tenant Secret change callback failed")
