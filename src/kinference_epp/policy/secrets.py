"""Provider API keys from mounted secrets: ``<dir>/<secret name>/<key>`` (Kubernetes' layout).

Keys never travel in policies or config files; a policy names a secret and a key, the
Deployment mounts the Secret, and this reads it (cached briefly, so rotations are picked up).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from kinference_epp.errors import NoReadyEndpointError


class SecretReader(Protocol):
    """Provider keys as the request path reads them (SecretFiles, k8s.secrets.KubeSecrets)."""

    def get(self, name: str, key: str) -> str: ...


class SecretFiles:
    def __init__(
        self, root: Path, ttl_s: float = 30.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._root = root
        self._ttl = ttl_s
        self._clock = clock
        self._cache: dict[tuple[str, str], tuple[float, str]] = {}

    def get(self, name: str, key: str) -> str:
        now = self._clock()
        hit = self._cache.get((name, key))
        if hit is not None and now - hit[0] < self._ttl:
            return hit[1]
        path = self._root / name / key
        if "/" in name or "/" in key or name.startswith(".") or key.startswith("."):
            raise NoReadyEndpointError(
                f"invalid secret reference {name}/{key}", reason="provider_key_missing"
            )
        try:
            value = path.read_text(encoding="utf-8").strip()
        except OSError:
            raise NoReadyEndpointError(
                f"the provider's API key {name}/{key} is not mounted", reason="provider_key_missing"
            ) from None
        self._cache[(name, key)] = (now, value)
        return value
