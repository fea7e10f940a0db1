"""Tenants from YAML files (static deployment) or Kubernetes objects, with file:line problems.

The loader is the one every resource kind shares (``resources.kind``); this module says what a
tenant is to it, and compiles a loaded set (:func:`build`). A file or directory may hold
policies and tenants side by side: documents of another kind are left to their own loader.
Keys given as plain ``value`` (static files only) are hashed here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from kinference_epp.resources.documents import line_of
from kinference_epp.resources.kind import ResourceKind
from kinference_epp.resources.model import API_VERSION
from kinference_epp.resources.problems import Problem, Severity
from kinference_epp.tenancy.keys import KeyEntry, KeyIndex, key_digest
from kinference_epp.tenancy.limits import Tenant, compile_tenant
from kinference_epp.tenancy.model import KIND, InferenceTenant


@dataclass(frozen=True, slots=True)
class LoadedTenant:
    tenant: InferenceTenant
    source: str
    node: yaml.Node | None = None


def is_tenant(data: object) -> bool:
    return isinstance(data, Mapping) and data.get("kind") == KIND


def _file_notes(lt: LoadedTenant) -> list[Problem]:
    """A file's tenant that names a key Secret: the Secret is a cluster object's only."""
    if lt.tenant.spec.api_key_secret_ref is None:
        return []
    return [
        Problem(
            lt.source,
            line_of(lt.node, ("spec", "apiKeySecretRef")),
            "the Secret is read for InferenceTenant objects in the cluster only; "
            "a tenant file's keys are its apiKeys",
            severity=Severity.WARNING,
            field="spec.apiKeySecretRef",
        )
    ]


TENANT_KIND: ResourceKind[InferenceTenant, LoadedTenant] = ResourceKind(
    KIND, API_VERSION, InferenceTenant, LoadedTenant, reads=is_tenant, notes=_file_notes
)

validate_object = TENANT_KIND.validate
parse_tenants = TENANT_KIND.parse
load_files = TENANT_KIND.load_files
load_paths = TENANT_KIND.load_paths


def validate_cluster_object(data: Any, source: str) -> LoadedTenant | list[Problem]:
    """An InferenceTenant object of the cluster: as :data:`validate_object`, and a plain key
    (``value``) is refused, so no usable key sits in etcd."""
    result = TENANT_KIND.validate(data, source)
    if isinstance(result, list):
        return result
    plain = [
        Problem(
            source,
            None,
            "a plain key in a cluster object: give its sha256 or a Secret of hashes",
            field=f"spec.apiKeys.{i}.value",
        )
        for i, k in enumerate(result.tenant.spec.api_keys)
        if k.value is not None
    ]
    return plain or result


@dataclass(frozen=True, slots=True)
class TenantSet:
    """Compiled tenants and the index of their keys, or the problems that prevent it."""

    tenants: Mapping[str, Tenant]
    keys: KeyIndex
    secret_refs: Mapping[str, str]
    """Tenant name → the Secret of key hashes it names."""


def build(
    loaded: Sequence[LoadedTenant],
    secret_keys: Mapping[str, Sequence[KeyEntry]] | None = None,
) -> tuple[TenantSet | None, list[Problem]]:
    """Compile ``loaded``; ``secret_keys`` are the key digests read from each tenant's Secret."""
    problems: list[Problem] = []
    tenants: dict[str, Tenant] = {}
    entries: list[KeyEntry] = []
    refs: dict[str, str] = {}
    seen: dict[str, str] = {}
    for lt in loaded:
        t = lt.tenant
        if t.name in seen:
            problems.append(
                Problem(
                    lt.source,
                    line_of(lt.node, ("metadata", "name")),
                    f"tenant {t.name!r} is defined twice (also in {seen[t.name]})",
                )
            )
            continue
        seen[t.name] = lt.source
        tenants[t.name] = compile_tenant(t)
        for key in t.spec.api_keys:
            digest = bytes.fromhex(key.sha256) if key.sha256 else key_digest(key.value or "")
            expires = key.expires_at.timestamp() if key.expires_at is not None else None
            entries.append(KeyEntry(digest, t.name, key.name, expires))
        if t.spec.api_key_secret_ref is not None:
            refs[t.name] = t.spec.api_key_secret_ref.name
            entries.extend((secret_keys or {}).get(t.name, ()))
    try:
        index = KeyIndex(entries)
    except ValueError as exc:
        problems.append(Problem("<tenants>", None, str(exc)))
        return None, problems
    if problems:
        return None, problems
    return TenantSet(tenants, index, refs), problems
