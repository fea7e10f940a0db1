"""Everything known about one request while its ext_proc stream is open."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from kinference_epp.pool.endpoint import EndpointKey


@dataclass(slots=True)
class RequestContext:
    headers: dict[str, str] = field(default_factory=dict)
    """Request headers, names lower-cased; pseudo-headers (``:path``) included."""
    body: bytearray = field(default_factory=bytearray)
    subset: frozenset[EndpointKey] | None = None
    """Envoy's subset hint; None when absent (empty set: present but empty)."""
    started: float = field(default_factory=time.monotonic)

    @property
    def path(self) -> str:
        return self.headers.get(":path", "")

    @property
    def method(self) -> str:
        return self.headers.get(":method", "")

    @property
    def request_id(self) -> str:
        return self.headers.get("x-request-id", "")


@dataclass(frozen=True, slots=True)
class RoutingDecision:
    """What to tell Envoy for a routed request."""

    endpoints: tuple[EndpointKey, ...]
    """Primary first, then fallbacks."""
    body: bytes | None
    """The body to forward when it changed (e.g. a rewritten model); None: forward as received."""
    headers: tuple[tuple[str, str], ...] = ()
    """Extra request headers to set (beyond the destination header)."""
    model: str = ""
    """The model the client asked for ("" for body-less requests)."""
    target_model: str = ""
    """The model the request is served by (after any rewrite)."""

    @property
    def destination(self) -> str:
        return ",".join(self.endpoints)
