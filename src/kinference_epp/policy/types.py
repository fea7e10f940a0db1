"""What the evaluator takes and returns: small frozen types, no behaviour.

The request path builds an :class:`EvalInput`, calls ``evaluate`` and applies the
:class:`Decision`'s action. Nothing here imports the pool, the scheduler or the edge: pool
state comes in as a :class:`PoolState` and the scheduler's cost model as a callable, so the
evaluator stays a pure synchronous function that tests and ``kinfctl`` drive directly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

from kinference_epp.api.request import ApiKind, InferenceRequest

ModelScore: TypeAlias = Callable[[str], float | None]
"""Per concrete model: a predicted TTFT in seconds, or a load; None when unknown."""


@dataclass(frozen=True, slots=True)
class PoolState:
    """Aggregates of the pool a request is for, as the picker sees it right now.

    Averages are over ready, fresh endpoints (``PoolStats.avg_waiting`` and friends).
    ``served_models`` lets routes skip candidates the pool cannot serve; None: unknown.
    """

    name: str = "default"
    ready_endpoints: int = 0
    queue_depth: float = 0.0
    kv_cache_usage: float = 0.0
    served_models: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class EvalInput:
    request: InferenceRequest
    pool: PoolState
    tenant: str | None = None
    tenant_labels: Mapping[str, str] = field(default_factory=dict)
    """The labels of the request's InferenceTenant (none without tenants)."""
    headers: Mapping[str, str] = field(default_factory=dict)
    """Request headers, names lower-cased."""
    api: ApiKind | None = None
    """The API path; default ``request.kind``."""
    prompt_tokens: int | None = None
    """Exact prompt tokens when already known; else estimated (4 characters a token)."""
    predicted_ttft: ModelScore | None = None
    """The scheduler's predicted TTFT for this request on a model's best endpoint."""
    model_load: ModelScore | None = None
    """A model's current load (e.g. average queue of its endpoints), for ``prefer: load``."""
    classifier_faults: frozenset[str] = frozenset()
    """Classifiers to treat as failed (``pii``, ``complexity``, ``topic:<name>``,
    ``classifier:<name>``): for ``kinfctl test`` cases and fault drills, so fail-closed
    behaviour is tested with the real evaluator rather than a patched one."""


@dataclass(frozen=True, slots=True)
class SecretKey:
    name: str
    key: str


@dataclass(frozen=True, slots=True)
class RouteTo:
    """Serve the request locally with ``model``.

    Apply: when ``rewrite`` is set, replace the body's ``model`` with ``model`` and schedule
    on endpoints serving it; ``candidates[1:]`` are acceptable fallback models, in order.
    ``local_only`` (a fail-closed rule): never hand the request to a provider or another pool;
    if no local endpoint can take it, reject with 503 ``policy_fail_closed``.
    """

    model: str
    candidates: tuple[str, ...]
    rewrite: bool
    pool: str | None = None
    local_only: bool = False
    scores: tuple[tuple[str, float], ...] = ()
    """The values ``prefer`` compared (TTFT seconds, cost, load), for logs and explain."""
    kind: str = "route"


@dataclass(frozen=True, slots=True)
class Reject:
    """Answer with ``status``, ``x-kinference-reason: reason`` and an OpenAI JSON error."""

    status: int
    message: str
    reason: str
    kind: str = "reject"


@dataclass(frozen=True, slots=True)
class SendToProvider:
    """Send to an external OpenAI-compatible provider through its own Envoy route.

    Apply: set ``x-kinference-provider: provider`` (the Envoy route key), set the body's
    ``model`` to ``model``, and ``Authorization: Bearer <secret>`` from ``api_key``;
    never pick a local endpoint for it.
    """

    provider: str
    base_url: str
    model: str
    api_key: SecretKey | None
    kind: str = "provider"


PoolPredicate: TypeAlias = Callable[[PoolState], bool]


@dataclass(frozen=True, slots=True)
class Defer:
    """Hold the request until ``until(pool_state)`` holds, then apply ``ready``; after
    ``max_wait_s`` without it, apply ``timeout`` instead."""

    until: PoolPredicate = field(compare=False)
    until_text: str
    max_wait_s: float
    ready: RouteTo
    timeout: RouteTo | Reject | SendToProvider
    kind: str = "defer"


@dataclass(frozen=True, slots=True)
class Passthrough:
    """No rule applies: route the request as sent."""

    model: str
    kind: str = "passthrough"


Outcome: TypeAlias = RouteTo | Reject | SendToProvider | Defer | Passthrough


@dataclass(frozen=True, slots=True)
class Decision:
    """The outcome of one evaluation.

    ``rule`` is ``None`` when no rule matched (the action is then the catalog's resolution
    of an alias or class, or a passthrough). ``shadow`` holds what Shadow-mode policies would
    have done; it is for metrics and logs only. ``trace`` is filled only when explaining.
    """

    action: Outcome
    policy: str | None = None
    rule: str | None = None
    local_only: bool = False
    priority: int | None = None
    """The band the first matching rule that sets one puts the request in (flow control)."""
    classifications: Mapping[str, object] = field(default_factory=dict)
    classifier_errors: Mapping[str, str] = field(default_factory=dict)
    shadow: tuple[Decision, ...] = ()
    trace: tuple[str, ...] = ()
