"""Everything known about one request while its ext_proc stream is open."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

from kinference_epp.edge.response_transform import ResponseTransform
from kinference_epp.pool.endpoint import EndpointKey


class RequestContext(msgspec.Struct):
    headers: dict[str, str] = msgspec.field(default_factory=dict)
    """Request headers, names lower-cased; pseudo-headers (``:path``) included."""
    body: bytes | bytearray = b""
    """The request body as received so far: the first chunk as Envoy's bytes (no copy), a
    bytearray while more chunks arrive, bytes again once the body is complete."""
    subset: frozenset[EndpointKey] | None = None
    """Envoy's subset hint; None when absent (empty set: present but empty)."""
    started: float = msgspec.field(default_factory=time.monotonic)
    full_duplex: bool = True
    """Whether Envoy streams this request's body full duplex (then Envoy ignores mode_override,
    so the picker cannot switch response processing on for the request)."""

    @property
    def path(self) -> str:
        return self.headers.get(":path", "")

    @property
    def method(self) -> str:
        return self.headers.get(":method", "")

    @property
    def request_id(self) -> str:
        return self.headers.get("x-request-id", "")


class Deferral(Exception):
    """The request must wait: ``until()`` is polled for up to ``max_wait_s`` seconds, then
    ``resume(condition_met)`` gives the decision (or raises a KinferenceError).

    Raised by the router instead of returning a decision; the I/O shell does the waiting so
    the state machine and the Director stay free of awaits.
    """

    def __init__(
        self,
        until: Callable[[], bool],
        max_wait_s: float,
        resume: Callable[[bool], RoutingDecision],
        reason: str = "",
    ) -> None:
        super().__init__(reason)
        self.until = until
        self.max_wait_s = max_wait_s
        self.resume = resume
        self.reason = reason


class RoutingDecision(msgspec.Struct, frozen=True):
    """What to tell Envoy for a routed request."""

    endpoints: tuple[EndpointKey, ...]
    """Primary first, then fallbacks; empty when the request leaves the pool (a provider route
    chosen by header)."""
    body: bytes | None
    """The body to forward when it changed (e.g. a rewritten model); None: forward as received."""
    headers: tuple[tuple[str, str], ...] = ()
    """Extra request headers to set (beyond the destination header)."""
    model: str = ""
    """The model the client asked for ("" for body-less requests)."""
    target_model: str = ""
    """The model the request is served by (after any rewrite)."""
    response: ResponseTransform | None = None
    """Set when the picker must rewrite this request's response (turned on with mode_override)."""

    @property
    def destination(self) -> str:
        return ",".join(self.endpoints)
