"""API keys: the one a request presents, its digest, and the index of known digests.

Only SHA-256 digests of keys are kept. The index is looked up by the presented key's digest:
a timing difference there could reveal how much of a digest matched a stored one, which gives
nothing toward a key (a key with a chosen digest prefix is a preimage search); the stored
digest is then compared with ``hmac.compare_digest``.

A key may carry an expiry: from then on it no longer authenticates, without a reload, so a
rotation can give the new key and an end date to the old one in the same edit.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kinference_epp.api.wire_names import CLIENT_KEY_HEADERS

AUTHORIZATION, X_API_KEY = CLIENT_KEY_HEADERS
"""OpenAI's (and most clients') ``Authorization: Bearer <key>``; Anthropic's key header."""


def key_digest(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def key_sha256(key: str) -> str:
    """The hex digest an operator puts in a tenant (``printf %s KEY | sha256sum``)."""
    return hashlib.sha256(key.encode()).hexdigest()


def presented_key(headers: Mapping[str, str]) -> str | None:
    """The key a request carries: ``Authorization: Bearer`` first, then ``x-api-key``; None
    when neither is there (an empty value or another auth scheme counts as none)."""
    auth = headers.get(AUTHORIZATION)
    if auth:
        scheme, _, token = auth.partition(" ")
        if scheme.lower() == "bearer" and (token := token.strip()):
            return token
    return headers.get(X_API_KEY) or None


@dataclass(frozen=True, slots=True)
class KeyEntry:
    digest: bytes
    tenant: str
    name: str
    """The key's id in its tenant (for logs; never the key)."""
    expires: float | None = None
    """Unix time from which the key no longer authenticates; None: never."""

    def expired(self, now: float | None = None) -> bool:
        return self.expires is not None and (time.time() if now is None else now) >= self.expires


class KeyIndex:
    """Digest → tenant for every known key; immutable (a change builds a new index)."""

    __slots__ = ("_by_digest",)

    def __init__(self, entries: Iterable[KeyEntry] = ()) -> None:
        self._by_digest: dict[bytes, KeyEntry] = {}
        for e in entries:
            other = self._by_digest.get(e.digest)
            if other is not None and other.tenant != e.tenant:
                raise ValueError(
                    f"key {e.name!r} of tenant {e.tenant!r} is also key {other.name!r} of "
                    f"tenant {other.tenant!r}"
                )
            self._by_digest[e.digest] = e

    def __len__(self) -> int:
        return len(self._by_digest)

    def lookup(self, key: str) -> KeyEntry | None:
        """The entry of ``key``; None when it is unknown or has expired."""
        digest = hashlib.sha256(key.encode()).digest()
        entry = self._by_digest.get(digest)
        if entry is None or not hmac.compare_digest(entry.digest, digest) or entry.expired():
            return None
        return entry

    def digests(self) -> Mapping[bytes, KeyEntry]:
        return self._by_digest
