"""The key hashes of a tenant's Secret (``spec.apiKeySecretRef``), as its data holds them.

One data entry per key: the entry's name is the key's id (logs, rotation), its value the hex
SHA-256 of the key, optionally followed by ``expires=<RFC 3339 time>``::

    kubectl create secret generic team-a-keys \\
      --from-literal=2026-q4="$(printf %s "$KEY" | sha256sum | cut -d' ' -f1)" \\
      --from-literal=2026-q3="<old hash> expires=2026-12-31T00:00:00Z"

Several entries are live at once, so a rotation adds the new key, gives the old one an expiry
(or removes it later), and clients move over meanwhile. Only hashes are kept: a Secret holds
no key a reader of etcd could use. Parsing is pure; the Kubernetes side decodes the data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")
_EXPIRES = "expires="


@dataclass(frozen=True, slots=True)
class SecretKeyHash:
    name: str
    digest: bytes
    expires: float | None = None
    """Unix time from which the key no longer authenticates; None: never."""


@dataclass(frozen=True, slots=True)
class SecretKeys:
    """What one Secret gives: its usable keys, and why the other entries are not."""

    keys: tuple[SecretKeyHash, ...] = ()
    invalid: Mapping[str, str] = field(default_factory=dict)


def parse_time(text: str) -> float:
    """An RFC 3339 time (``Z`` or an offset; a time without one is UTC) as Unix time."""
    when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def parse_entry(name: str, value: str) -> SecretKeyHash:
    """One data entry; ValueError saying what is wrong (never quoting the value)."""
    digest, *rest = value.split()
    if not _HEX64.match(digest):
        raise ValueError("is not the 64 hex digits of a SHA-256 (sha256sum of the key)")
    expires: float | None = None
    for part in rest:
        if not part.startswith(_EXPIRES):
            raise ValueError(f"has an unknown field after the hash (expected {_EXPIRES}<time>)")
        try:
            expires = parse_time(part[len(_EXPIRES) :])
        except ValueError:
            raise ValueError("has an expiry that is not an RFC 3339 time") from None
    return SecretKeyHash(name, bytes.fromhex(digest), expires)


def parse_secret(data: Mapping[str, str]) -> SecretKeys:
    """The keys of a Secret's decoded data, entry by entry (one bad entry spoils no other)."""
    keys: list[SecretKeyHash] = []
    invalid: dict[str, str] = {}
    for name in sorted(data):
        value = data[name].strip()
        if not value:
            invalid[name] = "is empty"
            continue
        try:
            keys.append(parse_entry(name, value))
        except ValueError as exc:
            invalid[name] = str(exc)
    return SecretKeys(tuple(keys), invalid)
