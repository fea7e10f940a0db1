"""The one per-request record every stage reads and fills, and what the pipeline hands back."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import InferenceRequest
from kinference_epp.api.response_transform import ResponseTransform
from kinference_epp.fairness.queue import Standing
from kinference_epp.pipeline.api_surface import ServedApi
from kinference_epp.policy import Decision, Defer, Outcome
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.tenancy.limits import Tenant


class RoutingDecision(msgspec.Struct, frozen=True):
    """What to tell the proxy for a routed request."""

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
    remove_headers: tuple[str, ...] = ()
    """Client-sent request headers under names only the picker may set, to remove."""
    metadata: tuple[tuple[str, str], ...] = ()
    """Dynamic metadata for the proxy in the ``kinference.ratelimit`` namespace (the
    ``x-ratelimit-*`` values Envoy adds to the response)."""
    reserved: tuple[tuple[str, str], ...] = ()
    """Dynamic metadata in the ``kinference.reserved`` namespace: what a tenant's request is
    expected to use, for the access-log record."""
    request_id: str = ""
    """The picker's id of the request (``pipeline.picks``): Envoy sends it to the pod and the
    client as ``x-request-id`` and logs it, and its access-log entry is matched by it."""

    @property
    def destination(self) -> str:
        return ",".join(self.endpoints)


class Wait(msgspec.Struct, frozen=True):
    """A stage's answer "not yet": hold the request until ``until()`` holds or ``max_wait_s``
    passes, then run the pipeline again from that stage with ``RequestState.waited`` set.

    An output rather than an exception, so the stages stay free of awaits and the proxy-facing
    shell owns the waiting (and wakes on pool changes instead of polling).
    """

    until: Callable[[], bool]
    max_wait_s: float
    reason: str = ""


class Offload(msgspec.Struct, frozen=True):
    """A stage's answer "this is long work": run ``work`` off the event loop (a thread), then
    run the pipeline again from that stage with ``RequestState.offloaded`` holding its future.

    The stage stays free of awaits and threads; the shell owns both, and a request whose work
    is cheap never leaves the synchronous path.
    """

    work: Callable[[], Any]
    reason: str = ""


class Await(msgspec.Struct, frozen=True):
    """A stage's answer "ask and come back": await ``call()`` (a round trip to a shared
    store) for at most ``max_wait_s``, then run the pipeline again from that stage with
    ``RequestState.answer`` holding its finished future (its result, its error, or cancelled
    when the time ran out).

    The stage starts nothing: the shell starts the call, so a stage stays a plain function of
    the state and a request the shell drops leaves no task behind.
    """

    call: Callable[[], Awaitable[Any]]
    max_wait_s: float
    reason: str = ""


Pending = Wait | Offload | Await
"""A stage's output the shell settles before it runs the pipeline again (``edge.driver``)."""


class LocalResponse(msgspec.Struct, frozen=True):
    """A stage's answer "the picker serves this itself" (not an error): e.g. ``/v1/models``."""

    status: int
    body: bytes
    name: str
    """What answered, for the proxy's response details (``kinference_<name>``)."""
    headers: tuple[tuple[str, str], ...] = (("content-type", "application/json"),)


class FlowView(msgspec.Struct, frozen=True):
    """With flow control, for Explain: a request's band, its tenant's share, its place."""

    band: int
    band_name: str
    weight: float
    standing: Standing
    position: int
    """Requests that would go before it (its own place if it waits now)."""
    would_wait: bool
    """A request of its band arriving now waits at once."""


class RequestState(msgspec.Struct):
    """Everything known about one request, from its headers to the routing decision.

    The proxy side fills the first block; stages fill the rest in pipeline order.
    """

    headers: dict[str, str] = msgspec.field(default_factory=dict)
    """Request headers, names lower-cased; pseudo-headers (``:path``) included."""
    body: bytes | bytearray = b""
    """The request body as received so far: the first chunk as the proxy's bytes (no copy), a
    bytearray while more chunks arrive, bytes again once the body is complete."""
    subset: frozenset[EndpointKey] | None = None
    """The proxy's subset hint; None when absent (empty set: present but empty)."""
    full_duplex: bool = True
    """Whether the proxy streams this request's body full duplex (then Envoy ignores
    mode_override, so the picker cannot switch response processing on for the request)."""
    body_follows: bool = False
    """At the headers: a body is still to come (stages screening the headers read it)."""
    explain: bool = False
    """A dry run for an Explain call: keep the policy's step-by-step trace
    (``policy_decision``), reserve nothing against the tenant's limits and leave no trace in
    the scheduler's in-flight load; the decision is the same otherwise."""
    request_id: str = ""
    """The picker's own id of the request (``pipeline.picks``), issued by the pipeline; the
    client's ``x-request-id`` is only :attr:`client_request_id`."""

    # -- filled by stages ---------------------------------------------------------------
    api: ServedApi | None = None
    """The served API the path and method name; None until the surface stage ran."""
    reserved_in: tuple[str, ...] = ()
    """Headers the client sent under names only the picker sets (removed on the way on)."""
    request: InferenceRequest | None = None
    """The parsed body of an inference API; None for other paths and body-less requests."""
    model: str | None = None
    """The model to serve (after any policy rewrite); None: any endpoint of the pool."""
    asked_model: str = ""
    """The model the client named ("" when none)."""
    model_label: str = ""
    """``asked_model`` as a metric label: a name the pool or a policy knows, else ``unknown``
    (a client's string never becomes a label)."""
    tenant: str | None = None
    tenant_info: Tenant | None = None
    """The request's tenant with its labels and limits; None without tenants configured."""
    outcome: Outcome | None = None
    """The policy's action for the request; None when no policy is loaded."""
    local_only: bool = False
    """A fail-closed rule matched: the prompt must not leave the pool."""
    priority: int | None = None
    """The band a policy rule put the request in (flow control); None: its tenant's."""
    deferred: Defer | None = None
    """Set while the request waits on a policy condition."""
    waited: bool | None = None
    """After a ``Wait``: whether its condition held (False: the wait ran out)."""
    answer: Future[Any] | None = None
    """After an ``Await``: the finished future of its call (the shared limit store's verdict,
    the shared response store's pod); the stage that asked reads and clears it."""
    body_out: bytes | None = None
    """The body to forward when a stage rewrote it."""
    headers_out: tuple[tuple[str, str], ...] = ()
    """Request headers to set on the routed request."""
    metadata_out: tuple[tuple[str, str], ...] = ()
    """``RoutingDecision.metadata``: what the proxy adds to the response (rate-limit state)."""
    reserved_out: tuple[tuple[str, str], ...] = ()
    """``RoutingDecision.reserved``."""
    reserved_tokens: tuple[int, int] | None = None
    """(prompt, output) the admit stage counted for the tenant's request."""
    holds_reservation: bool = False
    """The limit store holds a reservation under :attr:`request_id` (released when the
    picker answers the request itself after admitting it)."""
    provider: str | None = None
    """The provider route a request leaves the pool by; None: served by the pool."""
    prompt_chars: int = 0
    """Characters of the prompt text (messages or prompt), counted before tokenizing."""
    prompt_tokens: int = 0
    offloaded: Future[Any] | None = None
    """After an ``Offload``: the future of its work (``result()`` returns or re-raises)."""
    block_hashes: npt.NDArray[np.uint64] | None = None
    endpoints: tuple[EndpointKey, ...] = ()
    scores: Mapping[EndpointKey, float] | None = None
    """The router's score per endpoint it scored (what Explain shows)."""
    policy_decision: Decision | None = None
    """With ``explain``: the policy's decision with its trace."""
    flow_view: FlowView | None = None
    """With ``explain`` and flow control: its band, share and place in the queue."""
    router: str = ""
    response: ResponseTransform | None = None
    resume_at: int = 0
    """The stage the pipeline runs next (the one that waited, after a ``Wait``)."""

    @property
    def path(self) -> str:
        return self.headers.get(":path", "")

    @property
    def method(self) -> str:
        return self.headers.get(":method", "")

    @property
    def client_request_id(self) -> str:
        """The client's own ``x-request-id``: a log field, never a key."""
        return self.headers.get("x-request-id", "")

    @property
    def leaves_pool(self) -> bool:
        return self.provider is not None

    def decision(self) -> RoutingDecision:
        model = self.model or ""
        return RoutingDecision(
            endpoints=self.endpoints,
            body=self.body_out,
            headers=self.headers_out,
            model=self.asked_model or model,
            target_model=model,
            response=self.response,
            remove_headers=self._headers_to_remove() if self.reserved_in else (),
            metadata=self.metadata_out,
            reserved=self.reserved_out,
            request_id=self.request_id,
        )

    def _headers_to_remove(self) -> tuple[str, ...]:
        """The client's reserved headers the decision does not set itself."""
        kept = {name for name, _ in self.headers_out}
        return tuple(name for name in self.reserved_in if name not in kept)
