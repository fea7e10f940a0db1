"""The InferenceTenant resource (``kinference.io/v1alpha1``) as pydantic models.

One source of truth, as for policies: the static YAML loader and the Kubernetes watch validate
with these models and ``tenancy.crd`` derives the CRD's schema from them. camelCase on the
wire, snake_case in Python, unknown fields rejected.
"""

from __future__ import annotations

import enum
import re
from typing import Annotated, Literal

from pydantic import AwareDatetime, Field, field_validator, model_validator

from kinference_epp.resources.model import BAND_NAMES, ObjectMeta, ResourceStatus
from kinference_epp.resources.model import Spec as _Spec

KIND = "InferenceTenant"

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class FailMode(enum.StrEnum):
    """What admission does for this tenant while the shared limit store is unreachable."""

    SOFT = "soft"
    """Admit against a local bucket at the tenant's limit divided by the live replicas."""
    CLOSED = "closed"
    """Reject (503 ``limit_store_unavailable``) until the store is back."""


class ApiKey(_Spec):
    """One key of the tenant: its SHA-256 (hex), or, in static files only, the key itself
    (hashed when loaded; only the hash is kept)."""

    name: str = Field(min_length=1, max_length=63, description="Key id, for logs and rotation.")
    sha256: str | None = Field(
        default=None,
        description="Hex SHA-256 of the key's UTF-8 bytes.",
        json_schema_extra={"pattern": "^[0-9a-fA-F]{64}$"},
    )
    value: str | None = Field(
        default=None,
        min_length=16,
        description="The key itself; static files only (never in a cluster object).",
    )
    expires_at: AwareDatetime | None = Field(
        default=None,
        description="RFC 3339 time from which the key no longer authenticates (rotation).",
    )

    @field_validator("sha256")
    @classmethod
    def _hex(cls, value: str | None) -> str | None:
        if value is not None and not _HEX64.match(value.lower()):
            raise ValueError("expected 64 hex digits (sha256sum of the key)")
        return value.lower() if value is not None else None

    @model_validator(mode="after")
    def _one_form(self) -> ApiKey:
        if (self.sha256 is None) == (self.value is None):
            raise ValueError("exactly one of sha256, value is required")
        return self


class SecretKeysRef(_Spec):
    """A Secret of the tenant's namespace whose every data value is the hex SHA-256 of one key,
    optionally followed by ``expires=<RFC 3339 time>`` (its data key names the key)."""

    name: str = Field(min_length=1)


class TokenLimit(_Spec):
    """Tokens allowed in one window; each kind given is its own bucket."""

    total: int | None = Field(default=None, gt=0, description="Prompt + completion tokens.")
    input: int | None = Field(default=None, gt=0, description="Prompt tokens.")
    output: int | None = Field(default=None, gt=0, description="Completion tokens.")


class TokenLimits(_Spec):
    per_minute: TokenLimit | None = None
    per_hour: TokenLimit | None = None
    per_day: TokenLimit | None = None


class ScopeLimits(_Spec):
    tokens: TokenLimits = Field(default_factory=TokenLimits)
    requests_per_minute: int | None = Field(default=None, gt=0)
    concurrent_requests: int | None = Field(default=None, gt=0)


class ModelLimits(ScopeLimits):
    """Limits of the tenant on one model (the model the request is served by)."""

    model: str = Field(min_length=1)


class Limits(ScopeLimits):
    """The tenant's own limits; ``models`` adds a scope per model, checked in the same step."""

    models: list[ModelLimits] = Field(default_factory=list)
    max_output_tokens: int | None = Field(
        default=None,
        gt=0,
        description=(
            "Output tokens reserved for a request that sets no max_tokens (else the "
            "picker's configured default); the reservation settles to what was used."
        ),
    )

    @field_validator("models")
    @classmethod
    def _unique(cls, value: list[ModelLimits]) -> list[ModelLimits]:
        names = [m.model for m in value]
        if len(set(names)) != len(names):
            raise ValueError(f"a model is listed twice: {names}")
        return value


class Budget(_Spec):
    monthly: float = Field(gt=0, description="Spend allowed per calendar month (UTC).")
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$")


class TenantSpec(_Spec):
    api_keys: list[ApiKey] = Field(
        default_factory=list,
        max_length=64,
        description="Keys given inline (hashes); more, and rotated ones, in apiKeySecretRef.",
    )
    api_key_secret_ref: SecretKeysRef | None = None
    limits: Limits = Field(default_factory=Limits)
    budget: Budget | None = None
    priority: Annotated[int, BAND_NAMES] = Field(
        default=0,
        ge=-1000,
        le=1000,
        description=(
            "The tenant's band under saturation (flow control): a higher band is always served "
            "first, the lowest shed first. critical is 1, standard 0, sheddable -1 (static "
            "files may use the names)."
        ),
    )
    weight: int = Field(
        default=1,
        ge=1,
        le=1000,
        description=(
            "The tenant's share within its band under saturation (flow control), counted in "
            "tokens: weights 3 and 1 get 75 % and 25 % of a pool both saturate."
        ),
    )

    fail_mode: FailMode = FailMode.SOFT
    allowed_models: list[str] | None = Field(
        default=None,
        min_length=1,
        description=(
            "The model names the tenant may ask for and see in /v1/models: models, their "
            "aliases, or classes (a class allows itself and its members), as InferencePolicy "
            "catalogs name them. Unset: every model; a name outside them: 403 model_not_allowed."
        ),
        json_schema_extra={"x-kubernetes-list-type": "set"},
    )

    @field_validator("allowed_models")
    @classmethod
    def _unique_models(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError(f"a model is listed twice: {value}")
        return value

    @field_validator("api_keys")
    @classmethod
    def _unique_names(cls, value: list[ApiKey]) -> list[ApiKey]:
        names = [k.name for k in value]
        if len(set(names)) != len(names):
            raise ValueError(f"a key name is listed twice: {names}")
        return value


class InferenceTenant(_Spec):
    api_version: Literal["kinference.io/v1alpha1"] = Field(alias="apiVersion")
    kind: Literal["InferenceTenant"]
    metadata: ObjectMeta
    spec: TenantSpec = Field(default_factory=TenantSpec)
    status: ResourceStatus | None = None

    @property
    def name(self) -> str:
        """The tenant's name: what policies match, metrics label and usage is kept under."""
        return self.metadata.name
