"""Tenants from YAML files (static deployment) or Kubernetes objects, with file:line problems.

A file or directory may hold policies and tenants side by side: documents of another kind
are left to their own loader. Keys given as plain ``value`` (static files only) are hashed here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from kinference_epp.policy.loader import (
    Problem,
    Severity,
    documents,
    duplicate_keys,
    line_of,
    source_files,
    validation_problems,
)
from kinference_epp.tenancy.keys import KeyEntry, KeyIndex, key_digest
from kinference_epp.tenancy.limits import Tenant, compile_tenant
from kinference_epp.tenancy.model import API_VERSION, KIND, InferenceTenant


@dataclass(frozen=True, slots=True)
class LoadedTenant:
    tenant: InferenceTenant
    source: str
    node: yaml.Node | None = None


def is_tenant(data: object) -> bool:
    return isinstance(data, Mapping) and data.get("kind") == KIND


def validate_object(
    data: Mapping[str, Any], source: str, node: yaml.Node | None = None, *, cluster: bool = False
) -> LoadedTenant | list[Problem]:
    if data.get("apiVersion") != API_VERSION:
        return [
            Problem(
                source,
                line_of(node, ("apiVersion",)),
                f"expected apiVersion {API_VERSION} for kind {KIND}; got {data.get('apiVersion')!r}",
            )
        ]
    try:
        tenant = InferenceTenant.model_validate(data)
    except ValidationError as exc:
        return validation_problems(exc, node, source)
    except (RecursionError, ValueError, TypeError) as exc:
        return [Problem(source, None, f"cannot validate: {type(exc).__name__}: {exc}")]
    if cluster:
        plain = [i for i, k in enumerate(tenant.spec.api_keys) if k.value is not None]
        if plain:
            return [
                Problem(
                    source,
                    line_of(node, ("spec", "apiKeys", i, "value")),
                    "a plain key in a cluster object: give its sha256 or a Secret of hashes",
                    field=f"spec.apiKeys.{i}.value",
                )
                for i in plain
            ]
    return LoadedTenant(tenant, source, node)


def parse_tenants(text: str, source: str = "<string>") -> tuple[list[LoadedTenant], list[Problem]]:
    """The InferenceTenant documents of a YAML text (other kinds are skipped)."""
    docs, problems = documents(text, source)
    loaded: list[LoadedTenant] = []
    for node, data in docs:
        if not is_tenant(data):
            continue
        problems.extend(duplicate_keys(node, source))
        result = validate_object(data, source, node)
        if isinstance(result, LoadedTenant):
            loaded.append(result)
            if result.tenant.spec.api_key_secret_ref is not None:
                problems.append(
                    Problem(
                        source,
                        line_of(node, ("spec", "apiKeySecretRef")),
                        "the Secret is read for InferenceTenant objects in the cluster only; "
                        "a tenant file's keys are its apiKeys",
                        severity=Severity.WARNING,
                        field="spec.apiKeySecretRef",
                    )
                )
        else:
            problems.extend(result)
    return loaded, problems


def load_files(paths: Iterable[str | Path]) -> tuple[list[LoadedTenant], list[Problem]]:
    loaded: list[LoadedTenant] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            problems.append(Problem(str(path), None, f"cannot read: {reason}"))
            continue
        got, found = parse_tenants(text, str(path))
        loaded.extend(got)
        problems.extend(found)
    return loaded, problems


def load_paths(paths: Iterable[str | Path]) -> tuple[list[LoadedTenant], list[Problem]]:
    """The tenants of files and directories, read as every command reads them
    (``policy.loader.source_files``: kubelet mounts included, each file once)."""
    files, problems = source_files(paths)
    loaded, found = load_files(files)
    return loaded, problems + found


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
