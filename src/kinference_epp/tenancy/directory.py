"""The tenants in force: looked up per request by key or name, replaced whole on a change.

Replacing one object (a reference swap) keeps every request on one consistent set of tenants
and keys while files reload or Kubernetes objects change.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence

from kinference_epp.policy.loader import Problem, errors
from kinference_epp.tenancy.keys import KeyEntry, KeyIndex
from kinference_epp.tenancy.limits import Tenant, unlimited
from kinference_epp.tenancy.loader import LoadedTenant, TenantSet, build

log = logging.getLogger(__name__)

_UNKNOWN_CACHE = 4096
"""Tenants named by a trusted header but not configured, kept bound (no limits) up to this many."""


class TenantDirectory:
    def __init__(self, tenants: TenantSet | None = None) -> None:
        self._set = tenants or TenantSet({}, KeyIndex(), {})
        self._loaded: list[LoadedTenant] = []
        self._secret_keys: dict[str, list[KeyEntry]] = {}
        self._unknown: dict[str, Tenant] = {}
        self._listeners: list[Callable[[Mapping[str, Tenant]], None]] = []

    @property
    def tenants(self) -> Mapping[str, Tenant]:
        return self._set.tenants

    @property
    def secret_refs(self) -> Mapping[str, str]:
        """Tenant name → the Secret of key hashes it names (the Kubernetes side reads them)."""
        return self._set.secret_refs

    def by_key(self, key: str) -> Tenant | None:
        entry = self._set.keys.lookup(key)
        return self._set.tenants.get(entry.tenant) if entry is not None else None

    def by_name(self, name: str) -> Tenant:
        """The configured tenant, or one without limits for a name only a trusted header gave."""
        tenant = self._set.tenants.get(name)
        if tenant is None:
            tenant = self._unknown.get(name)
            if tenant is None:
                if len(self._unknown) >= _UNKNOWN_CACHE:
                    self._unknown.clear()
                tenant = self._unknown[name] = unlimited(name)
        return tenant

    def on_change(self, listener: Callable[[Mapping[str, Tenant]], None]) -> None:
        self._listeners.append(listener)

    def update(self, loaded: Sequence[LoadedTenant]) -> list[Problem]:
        """Replace the tenants; with errors the previous set stays in force."""
        return self._rebuild(list(loaded), self._secret_keys)

    def set_secret_keys(self, tenant: str, entries: Sequence[KeyEntry]) -> list[Problem]:
        """The key digests read from ``tenant``'s Secret (empty when the Secret is gone)."""
        keys = dict(self._secret_keys)
        keys[tenant] = list(entries)
        return self._rebuild(self._loaded, keys)

    def _rebuild(
        self, loaded: list[LoadedTenant], secret_keys: dict[str, list[KeyEntry]]
    ) -> list[Problem]:
        built, problems = build(loaded, secret_keys)
        if built is None or errors(problems):
            return problems
        self._loaded, self._secret_keys, self._set = loaded, secret_keys, built
        self._unknown = {}
        for listener in self._listeners:
            listener(built.tenants)
        log.info("tenants loaded", extra={"tenants": len(built.tenants), "keys": len(built.keys)})
        return problems
