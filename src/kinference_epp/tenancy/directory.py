"""The tenants in force: looked up per request by key or name, replaced whole on a change.

Replacing one object (a reference swap) keeps every request on one consistent set of tenants
and keys while files reload or Kubernetes objects change.

Tenants come from sources (``files``: the static files; ``cluster``: InferenceTenant objects
and their key Secrets), each updated on its own; the set in force is their union, and a tenant
name or a key that two sources both claim is refused like one defined twice in files.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence

from kinference_epp.resources.problems import Problem, Severity, errors
from kinference_epp.tenancy.keys import KeyEntry, KeyIndex
from kinference_epp.tenancy.limits import Tenant, unlimited
from kinference_epp.tenancy.loader import LoadedTenant, TenantSet, build

log = logging.getLogger(__name__)

_UNKNOWN_CACHE = 4096
"""Tenants named by a trusted header but not configured, kept bound (no limits) up to this many."""

FILES = "files"
CLUSTER = "cluster"


class TenantDirectory:
    def __init__(self, tenants: TenantSet | None = None) -> None:
        self._set = tenants or TenantSet({}, KeyIndex(), {})
        self._loaded: dict[str, list[LoadedTenant]] = {}
        self._secret_keys: dict[str, dict[str, list[KeyEntry]]] = {}
        """source → tenant name → the key digests read from the tenant's Secret."""
        self._unknown: dict[str, Tenant] = {}
        self._listeners: list[Callable[[Mapping[str, Tenant]], None]] = []

    @property
    def tenants(self) -> Mapping[str, Tenant]:
        return self._set.tenants

    @property
    def keys(self) -> KeyIndex:
        return self._set.keys

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

    def claimed(self, *, besides: str) -> tuple[set[str], dict[bytes, str]]:
        """Tenant names and key digests (→ tenant) that sources other than ``besides`` hold."""
        names: set[str] = set()
        digests: dict[bytes, str] = {}
        for source, loaded in self._loaded.items():
            if source == besides:
                continue
            names |= {lt.tenant.name for lt in loaded}
        for entry in self._set.keys.digests().values():
            if entry.tenant in names:
                digests[entry.digest] = entry.tenant
        return names, digests

    def update(
        self,
        loaded: Sequence[LoadedTenant],
        *,
        source: str = FILES,
        secret_keys: Mapping[str, Sequence[KeyEntry]] | None = None,
    ) -> list[Problem]:
        """Replace ``source``'s tenants (and the keys read from their Secrets, by tenant);
        with errors the previous set stays in force."""
        all_loaded = {**self._loaded, source: list(loaded)}
        all_keys = {
            **self._secret_keys,
            source: {k: list(v) for k, v in (secret_keys or {}).items()},
        }
        merged_keys: dict[str, list[KeyEntry]] = {}
        for by_tenant in all_keys.values():
            for tenant, entries in by_tenant.items():
                merged_keys.setdefault(tenant, []).extend(entries)
        merged = [lt for s in sorted(all_loaded) for lt in all_loaded[s]]
        built, problems = build(merged, merged_keys)
        if built is None or errors(problems):
            return problems
        self._loaded, self._secret_keys, self._set = all_loaded, all_keys, built
        self._unknown = {}
        for listener in self._listeners:
            listener(built.tenants)
        log.info("tenants loaded", extra={"tenants": len(built.tenants), "keys": len(built.keys)})
        return problems

    def update_files(
        self, loaded: Sequence[LoadedTenant], load_problems: Sequence[Problem]
    ) -> list[Problem]:
        """Replace the ``files`` source with the tenant files' set, unless loading them found
        errors (``resources.files.ResourceFiles``' apply); returns every problem. Warnings
        and a refused set are logged: the last good set stays in force."""
        problems = list(load_problems)
        for problem in problems:
            if problem.severity is Severity.WARNING:
                log.warning("tenant files: %s", problem)
        if not errors(problems):
            problems += self.update(loaded)
        if errors(problems):
            log.error(
                "tenant files rejected; the last good set stays in force",
                extra={"problems": [str(p) for p in errors(problems)]},
            )
        return problems
