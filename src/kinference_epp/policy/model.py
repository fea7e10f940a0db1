"""The InferencePolicy resource (``kinference.io/v1alpha1``) as pydantic models.

These models are the single source of truth: the YAML loader validates with them, the
compiler reads them, and ``policy.crd`` derives the CRD's OpenAPI schema from them. Field
names are camelCase on the wire (Kubernetes convention) and snake_case in Python. Unknown
fields are rejected (``extra="forbid"``) so a typo is an error, not a silently ignored rule.

Only shape checks live here (types, ranges, exactly-one-action). Checks that need the whole
policy — unknown model names, unreachable rules, PII reaching a provider — are in
``policy.checks`` so they can point at the exact line and be warnings where appropriate.
"""

from __future__ import annotations

import enum
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from kinference_epp.resources.model import (
    BAND_NAMES,
    NAME,
    ObjectMeta,
    ResourceStatus,
)
from kinference_epp.resources.model import Spec as _Spec

KIND = "InferencePolicy"


class Mode(enum.StrEnum):
    ENFORCE = "Enforce"
    """Act on the decision."""
    SHADOW = "Shadow"
    """Evaluate and record what would have happened (metrics, logs), never act."""


class Prefer(enum.StrEnum):
    """How a route picks among its candidates."""

    FIRST = "first"
    """The first listed candidate the pool serves."""
    CACHE = "cache"
    """Lowest predicted TTFT (uncached prefill + queue, from the scheduler's cost model)."""
    COST = "cost"
    """Lowest catalog price for this request's prompt and ``max_tokens``."""
    LOAD = "load"
    """Lowest load (queue per endpoint) of the model's endpoints."""


class ClassOrder(enum.StrEnum):
    """The order a model class lists its members in (its first member is its default)."""

    CHEAPEST = "cheapest"
    MOST_EXPENSIVE = "mostExpensive"
    LARGEST = "largest"
    SMALLEST = "smallest"
    LISTED = "listed"


class ApiPath(enum.StrEnum):
    CHAT = "chat"
    COMPLETIONS = "completions"
    MESSAGES = "messages"


class Complexity(enum.StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class OnClassifierError(enum.StrEnum):
    """What a rule does when a classifier it needs fails (raises or times out)."""

    MATCH = "match"
    NO_MATCH = "noMatch"
    REJECT = "reject"


class PiiKind(enum.StrEnum):
    EMAIL = "email"
    PHONE = "phone"
    CREDIT_CARD = "creditCard"
    IBAN = "iban"
    NATIONAL_ID = "nationalId"
    SECRET = "secret"
    PERSON_NAME = "personName"
    ADDRESS = "address"
    DATE_OF_BIRTH = "dateOfBirth"
    HEALTH = "health"
    IP_ADDRESS = "ipAddress"


# -- scope and catalog ----------------------------------------------------------------------


class PoolRef(_Spec):
    name: str = Field(min_length=1, description="InferencePool name.")


class Scope(_Spec):
    pool_refs: list[PoolRef] = Field(
        default_factory=list, description="Pools this policy governs; empty: every pool."
    )
    priority: int = Field(
        default=0,
        ge=-1_000_000,
        le=1_000_000,
        description="Higher first. Two Enforce policies over one pool may not share a priority.",
    )
    mode: Mode = Mode.ENFORCE


class ModelCost(_Spec):
    input_per_1m: float = Field(default=0.0, ge=0, alias="inputPer1M")
    output_per_1m: float = Field(default=0.0, ge=0, alias="outputPer1M")


class CatalogModel(_Spec):
    """A served model and the attributes classes select on."""

    name: str = Field(min_length=1, description="The model name vLLM serves (body `model`).")
    family: str | None = None
    size_b: float | None = Field(default=None, gt=0, description="Parameters, in billions.")
    cost: ModelCost = Field(default_factory=ModelCost, description="Price per 1M tokens.")
    capabilities: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    pool: str | None = Field(default=None, description="Pool serving it; default: this pool.")


class ClassSelector(_Spec):
    """All given attributes must hold (an empty selector selects every model)."""

    family: str | None = None
    capabilities: list[str] = Field(
        default_factory=list, description="The model must have all of them."
    )
    min_size_b: float | None = Field(default=None, ge=0)
    max_size_b: float | None = Field(default=None, ge=0)
    names: list[str] = Field(default_factory=list, description="Limit to these model names.")


class ModelClass(_Spec):
    """A name a client may ask for ("any-qwen3", "best-coder") resolving to catalog models."""

    name: str = Field(min_length=1)
    selector: ClassSelector = Field(default_factory=ClassSelector)
    order: ClassOrder = ClassOrder.CHEAPEST


# -- classifier settings --------------------------------------------------------------------


class TopicSet(_Spec):
    """A keyword / regex topic; it is present when at least ``minHits`` terms occur."""

    name: str = Field(pattern=NAME)
    keywords: list[str] = Field(default_factory=list, description="Whole words, any case.")
    patterns: list[str] = Field(default_factory=list, description="Python regexes, any case.")
    min_hits: int = Field(default=1, ge=1)

    @field_validator("patterns")
    @classmethod
    def _compiles(cls, value: list[str]) -> list[str]:
        for pattern in value:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"invalid regex {pattern!r}: {exc}") from None
        return value

    @model_validator(mode="after")
    def _not_empty(self) -> TopicSet:
        if not self.keywords and not self.patterns:
            raise ValueError("a topic needs keywords or patterns")
        return self


class PiiSettings(_Spec):
    kinds: list[PiiKind] = Field(
        default_factory=lambda: list(PiiKind), description="What counts as PII; default: all."
    )
    allow_domains: list[str] = Field(
        default_factory=list, description="E-mail domains that are not PII (besides example.*)."
    )
    allow_values: list[str] = Field(
        default_factory=list, description="Exact strings never reported (test card numbers...)."
    )


class ComplexitySettings(_Spec):
    medium_at: float = Field(default=0.3, ge=0, le=1, description="Score from which medium.")
    hard_at: float = Field(default=0.6, ge=0, le=1, description="Score from which hard.")

    @model_validator(mode="after")
    def _ordered(self) -> ComplexitySettings:
        if self.hard_at < self.medium_at:
            raise ValueError("hardAt must be >= mediumAt")
        return self


class PluginClassifier(_Spec):
    """A heavier classifier (e.g. an embedding model from a local path), by registered type."""

    name: str = Field(pattern=NAME)
    type: str = Field(min_length=1)
    timeout_ms: int = Field(default=50, ge=1, le=10_000)
    params: dict[str, Any] = Field(default_factory=dict)


class IdleSettings(_Spec):
    """When the pool counts as idle (``match.pool.idle``, ``defer.until``)."""

    max_queue_depth: float = Field(default=0.0, ge=0, description="Average waiting per endpoint.")
    max_kv_cache_usage: float = Field(default=0.3, ge=0, le=1)
    min_ready_endpoints: int = Field(default=1, ge=0)


# -- match ----------------------------------------------------------------------------------


_MIN_OR_MAX: dict[str, Any] = {"anyOf": [{"required": ["min"]}, {"required": ["max"]}]}


class Range(_Spec):
    model_config = ConfigDict(json_schema_extra=_MIN_OR_MAX)

    min: float | None = None
    max: float | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("min must be <= max")
        return self


class IntRange(_Spec):
    model_config = ConfigDict(json_schema_extra=_MIN_OR_MAX)

    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> IntRange:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("min must be <= max")
        return self


class HeaderMatch(_Spec):
    name: str = Field(min_length=1, description="Header name (any case).")
    values: list[str] = Field(
        default_factory=list, description="Globs; any may match. Empty: the header is present."
    )
    absent: bool = Field(default=False, description="Match when the header is missing.")

    @model_validator(mode="after")
    def _consistent(self) -> HeaderMatch:
        if self.absent and self.values:
            raise ValueError("absent: true cannot have values")
        return self


class PoolMatch(_Spec):
    queue_depth: Range | None = Field(default=None, description="Average waiting per endpoint.")
    kv_cache_usage: Range | None = Field(default=None, description="Average, 0..1.")
    ready_endpoints: IntRange | None = None
    idle: bool | None = Field(default=None, description="See spec.idle.")


class PluginMatch(_Spec):
    classifier: str = Field(description="A spec.classifiers name.")
    labels: list[str] = Field(min_length=1, description="Any of these labels.")


class ClassifierMatch(_Spec):
    complexity: list[Complexity] | None = Field(default=None, min_length=1)
    pii: bool | None = None
    topics: list[str] | None = Field(
        default=None, min_length=1, description="Any of these spec.topics."
    )
    plugins: list[PluginMatch] = Field(default_factory=list, description="All must match.")


class Match(_Spec):
    """All given conditions must hold; an empty match matches every request."""

    tenants: list[str] | None = Field(default=None, min_length=1, description="Exact or glob.")
    tenant_labels: dict[str, str] | None = Field(
        default=None,
        min_length=1,
        description="Labels the request's InferenceTenant carries (all of them, exact values).",
    )
    models: list[str] | None = Field(
        default=None,
        min_length=1,
        description="The requested name: a model (or its alias), or a class asked for by name.",
    )
    member_of: list[str] | None = Field(
        default=None,
        min_length=1,
        description="Classes; matches a request for any member (by name or alias) or the class.",
    )
    headers: list[HeaderMatch] = Field(default_factory=list)
    api_paths: list[ApiPath] | None = Field(default=None, min_length=1)
    prompt_tokens: IntRange | None = None
    predicted_ttft_seconds: Range | None = Field(
        default=None,
        description=(
            "The scheduler's predicted time to first token for this request on the requested "
            "model's best endpoint: the prompt tokens its prefix cache lacks plus the prefill "
            "already queued there, priced by that endpoint's learned speed (a class or alias: "
            "its fastest model). Unknown (no endpoint serves it): the condition does not hold."
        ),
    )
    pool: PoolMatch | None = None
    classifiers: ClassifierMatch | None = None


# -- actions --------------------------------------------------------------------------------


class RouteAction(_Spec):
    candidates: list[str] = Field(min_length=1, description="Models, aliases or classes.")
    prefer: Prefer = Prefer.FIRST
    min_gain: float = Field(
        default=0.0,
        ge=0,
        lt=1,
        description=(
            "cache/load only: leave the first candidate only for one predicted at least this "
            "fraction better (0.3: 30% lower TTFT)."
        ),
    )


class RejectAction(_Spec):
    status: int = Field(default=403, ge=400, le=599)
    message: str = Field(min_length=1)
    reason: str = Field(default="policy_rejected", pattern=r"^[a-z][a-z0-9_]*$")


class SecretRef(_Spec):
    name: str = Field(min_length=1)
    key: str = Field(min_length=1)


class ProviderAction(_Spec):
    name: str = Field(pattern=NAME, description="Selects the Envoy route (x-kinference-provider).")
    base_url: str = Field(alias="baseURL", pattern=r"^https?://[^\s/]+")
    model: str | None = Field(default=None, description="Provider model; default: as requested.")
    model_map: dict[str, str] = Field(
        default_factory=dict, description="Requested model → provider model."
    )
    api_key_secret_ref: SecretRef | None = None


class DeferOutcome(_Spec):
    """What happens when a deferred request has waited ``maxWaitSeconds``."""

    model_config = ConfigDict(
        json_schema_extra=lambda s: s.update(
            action_one_of(("route", "rewriteModel", "reject", "provider"))
        )
    )

    route: RouteAction | None = None
    rewrite_model: str | None = None
    reject: RejectAction | None = None
    provider: ProviderAction | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> DeferOutcome:
        _check_one(self, ("route", "rewrite_model", "reject", "provider"))
        return self


class DeferAction(_Spec):
    until: PoolMatch = Field(
        default_factory=lambda: PoolMatch(idle=True), description="Default: the pool is idle."
    )
    max_wait_seconds: float = Field(gt=0, le=86_400)
    route: RouteAction | None = Field(
        default=None, description="Where to go once `until` holds; default: as requested."
    )
    then: DeferOutcome | None = None


class Action(_Spec):
    """Exactly one of the fields."""

    model_config = ConfigDict(
        json_schema_extra=lambda s: s.update(
            action_one_of(("route", "rewriteModel", "reject", "provider", "defer", "continue"))
        )
    )

    route: RouteAction | None = None
    rewrite_model: str | None = Field(default=None, min_length=1)
    reject: RejectAction | None = None
    provider: ProviderAction | None = None
    defer: DeferAction | None = None
    continue_: bool = Field(
        default=False, alias="continue", description="Record the match, go on to the next rule."
    )

    @model_validator(mode="after")
    def _exactly_one(self) -> Action:
        _check_one(self, ("route", "rewrite_model", "reject", "provider", "defer", "continue_"))
        return self


def _check_one(model: BaseModel, fields: tuple[str, ...]) -> None:
    chosen = [f for f in fields if getattr(model, f) not in (None, False)]
    if len(chosen) != 1:
        names = ", ".join(_alias(model, f) for f in fields)
        got = ", ".join(_alias(model, f) for f in chosen) or "none"
        raise ValueError(f"exactly one of {names} is required (got {got})")


def _alias(model: BaseModel, field: str) -> str:
    return type(model).model_fields[field].alias or field


def action_one_of(fields: tuple[str, ...]) -> dict[str, Any]:
    """The JSON-schema ``oneOf`` stating that exactly one of ``fields`` is set (for the CRD)."""
    return {"oneOf": [{"required": [f]} for f in fields]}


class Rule(_Spec):
    name: str = Field(pattern=NAME)
    description: str | None = None
    match: Match = Field(default_factory=Match)
    action: Action
    on_classifier_error: OnClassifierError = Field(
        default=OnClassifierError.NO_MATCH,
        description="When a classifier this rule needs fails; failClosed PII checks ignore it.",
    )
    fail_closed: bool = Field(
        default=False,
        description=(
            "PII stays local: a PII classifier error counts as PII present, the route never "
            "spills to a provider, and no local endpoint means reject."
        ),
    )
    priority: Annotated[int | None, BAND_NAMES] = Field(
        default=None,
        ge=-1000,
        le=1000,
        description=(
            "The band a matching request waits in when the pool is saturated (flow control), "
            "instead of its tenant's: critical is 1, standard 0, sheddable -1 (static files may "
            "use the names). The first matching rule that sets one decides, `continue` rules "
            "included."
        ),
    )


class PolicySpec(_Spec):
    scope: Scope = Field(default_factory=Scope)
    models: list[CatalogModel] = Field(default_factory=list)
    classes: list[ModelClass] = Field(default_factory=list)
    topics: list[TopicSet] = Field(default_factory=list)
    pii: PiiSettings = Field(default_factory=PiiSettings)
    complexity: ComplexitySettings = Field(default_factory=ComplexitySettings)
    classifiers: list[PluginClassifier] = Field(default_factory=list)
    idle: IdleSettings = Field(default_factory=IdleSettings)
    rules: list[Rule] = Field(min_length=1)


class InferencePolicy(_Spec):
    api_version: Literal["kinference.io/v1alpha1"] = Field(alias="apiVersion")
    kind: Literal["InferencePolicy"]
    metadata: ObjectMeta
    spec: PolicySpec
    status: ResourceStatus | None = None

    @property
    def key(self) -> str:
        """``namespace/name``, the policy's identity in decisions, metrics and logs."""
        return f"{self.metadata.namespace}/{self.metadata.name}"
