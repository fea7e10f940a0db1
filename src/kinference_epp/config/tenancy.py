"""The ``tenancy:`` config section: where tenants come from and how a request is identified.

Without it the picker knows tenants only as the name in the trusted header
``server.tenant_header`` (for policies) and checks no key, limit or budget.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kinference_epp.config.strict import Strict


class ReserveConfig(Strict):
    """What admission reserves for a request's output before it runs (settled afterwards)."""

    default_output_tokens: int = Field(
        default=256,
        gt=0,
        description=(
            "Output reserved for a request that sets no max_tokens, of a tenant with no "
            "maxOutputTokens (raised to the tenant's recent p90 on the model when longer)."
        ),
    )
    max_output_tokens: int = Field(
        default=4096,
        gt=0,
        description=(
            "Cap on the output reserved: a request's max_tokens (else the tenant's cap, else "
            "the default) is reserved up to this."
        ),
    )
    ttl_s: float = Field(
        default=900.0,
        gt=0,
        description=(
            "A reservation whose usage has not arrived after this long is settled as reserved "
            "(longest expected request; its concurrency slot is freed then)."
        ),
    )
    sweep_interval_s: float = Field(
        default=1.0, gt=0, description="How often overdue reservations are looked for."
    )


class BreakerConfig(Strict):
    """The circuit breaker in front of Redis: while open, no request waits on it."""

    failures: int = Field(
        default=3,
        ge=1,
        description=(
            "Failed Redis calls in a row (errors or timeouts) that open the circuit breaker; "
            "while it is open no request waits on Redis and tenants are admitted by fail mode."
        ),
    )
    heartbeat_s: float = Field(
        default=1.0,
        gt=0,
        description=(
            "How often each replica reports itself to Redis (the live replicas divide a "
            "fail-soft tenant's limit) and, while the breaker is open, probes it; the first "
            "success closes the breaker."
        ),
    )


class RedisConfig(Strict):
    """Limits shared by every replica through one Redis (a single instance or a primary with
    replicas; Redis Cluster is not supported)."""

    url: str = Field(
        pattern=r"^(redis|rediss|unix)://",
        description="redis://host:6379/0 (rediss:// for TLS, unix:///path.sock).",
    )
    password_env: str | None = Field(
        default=None,
        min_length=1,
        description="An environment variable holding the password (e.g. from a Secret).",
    )
    key_prefix: str = Field(
        default="kinference",
        min_length=1,
        pattern=r"^[^\s{}]+$",
        description="Prefix of every Redis key the picker writes.",
    )
    timeout_ms: float = Field(
        default=20.0,
        gt=0,
        le=1000,
        description=(
            "The longest an admission waits for Redis (connect or answer); past it the "
            "request is admitted by its tenant's fail mode."
        ),
    )
    breaker: BreakerConfig = Field(default_factory=BreakerConfig)


class StoreConfig(Strict):
    """Where buckets, concurrency counts and reservations live."""

    redis: RedisConfig | None = Field(
        default=None,
        description="Share them through Redis; unset: in this process (one replica).",
    )


class Price(Strict):
    """What one model's tokens cost, per million tokens."""

    input: float = Field(ge=0, description="Per million uncached prompt tokens.")
    cached_input: float | None = Field(
        default=None,
        ge=0,
        description="Per million prompt tokens served from cache (unset: input).",
    )
    output: float = Field(ge=0, description="Per million completion tokens.")


class UsageConfig(Strict):
    """Usage and cost per tenant, model and day (UTC): what every settled request adds."""

    currency: str = Field(
        default="USD",
        pattern=r"^[A-Z]{3}$",
        description="The prices' currency; a tenant's budget in another currency is not enforced.",
    )
    prices: dict[str, Price] = Field(
        default_factory=dict,
        description="Price per served model name; a model without a price costs 0.",
    )
    file: str | None = Field(
        default=None,
        description=(
            "Without Redis: the JSON-lines files the roll-ups are appended to, one per UTC day "
            "beside this name (usage.jsonl: usage.2026-12-06.jsonl, ...), read back at start "
            "(unset: kept in memory only, lost on restart)."
        ),
    )
    flush_interval_s: float = Field(
        default=1.0,
        gt=0,
        le=60,
        description=(
            "How often the roll-ups' increments are written (one pipelined Redis round trip, "
            "or one append) and, with Redis, every replica's month spend read back for budgets."
        ),
    )
    retention_days: int = Field(
        default=400,
        gt=0,
        description=(
            "How many days a day's roll-up is kept: in Redis it expires this long after its "
            "day; without Redis its daily file is removed then. The default keeps a year and "
            "the month before it, for year-on-year comparisons of a month."
        ),
    )


class TenancyConfig(Strict):
    """Tenants: API keys, model access, limits, budgets and usage per tenant."""

    tenants: list[str] = Field(
        default_factory=list,
        description="InferenceTenant YAML files or directories (reloaded when they change).",
    )
    identity: Literal["api-key", "header"] = Field(
        default="api-key",
        description=(
            "api-key: the key in `Authorization: Bearer` or `x-api-key`, checked against the "
            "tenants' key hashes (401 invalid_api_key otherwise; the key never reaches a pod). "
            "header: the tenant named by `server.tenant_header`, set by a trusted Envoy filter "
            "(jwt_authn, ext_authz); the shipped Envoy config removes clients' copies."
        ),
    )
    anonymous_tenant: str | None = Field(
        default=None,
        min_length=1,
        description=(
            "Serve requests that carry no key (api-key) or no tenant header (header) as this "
            "tenant. Unset: such requests get 401."
        ),
    )
    reserve: ReserveConfig = Field(default_factory=ReserveConfig)
    store: StoreConfig = Field(default_factory=StoreConfig)
    include_usage: bool = Field(
        default=True,
        description=(
            "Add stream_options.include_usage to streams that did not ask for it, so every "
            "request settles with its real token counts (the client sees the usage chunk)."
        ),
    )
    usage: UsageConfig = Field(default_factory=UsageConfig)
    max_tenant_labels: int = Field(
        default=1000,
        gt=0,
        description="Distinct `tenant` metric label values; later tenants are labelled `other`.",
    )
