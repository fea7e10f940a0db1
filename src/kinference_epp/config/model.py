"""The picker's configuration: one YAML file (the embedded default without Kubernetes), flags override.

Unknown fields are rejected everywhere (``extra="forbid"``) so a typo is an error, not a silent default.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from pydantic import Field, field_validator, model_validator

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.config.speed_prior import SpeedConfig
from kinference_epp.config.strict import Strict
from kinference_epp.config.tenancy import TenancyConfig
from kinference_epp.config.tokenizers import TokenizerConfig
from kinference_epp.config.usage_source import UsageSourceConfig


def _check_address(value: str) -> str:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected ip:port, got {value!r}")
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        raise ValueError(f"expected an IP address before the port, got {host!r}") from None
    return value


class EndpointConfig(Strict):
    """One vLLM pod, listed by hand."""

    address: str = Field(description="ip:port of the OpenAI server; the routing target.")
    models: list[str] = Field(
        default_factory=list,
        description="Served model names and LoRA adapters, the base model first; what the "
        "pod's /v1/models lists (e.g. adapters loaded at run time) is added to them; empty: "
        "only what it lists.",
    )
    name: str | None = Field(default=None, description="Pod name for logs; default: the address.")
    metrics_url: str | None = Field(
        default=None, description="Prometheus endpoint; default http://<address>/metrics."
    )
    kv_events: str | None = Field(default=None, description="ZMQ PUB address of KV events.")
    kv_replay: str | None = Field(default=None, description="ZMQ ROUTER address for replay.")

    @field_validator("address")
    @classmethod
    def _address(cls, value: str) -> str:
        return _check_address(value)


class PoolConfig(Strict):
    """The endpoints to route to, listed by hand (with ``kubernetes:``, discovered instead)."""

    name: str = Field(default="default", description="The pool's name in metrics and logs.")
    endpoints: list[EndpointConfig] = Field(
        default_factory=list, description="The vLLM pods, each by address."
    )

    @model_validator(mode="after")
    def _unique_addresses(self) -> PoolConfig:
        seen: set[str] = set()
        for ep in self.endpoints:
            if ep.address in seen:
                raise ValueError(f"endpoint {ep.address} is listed twice")
            seen.add(ep.address)
        return self


class PluginConfig(Strict):
    """A filter, scorer or picker by registered type name, with its own parameters."""

    type: str = Field(
        description="The plug-in's registered type name (src/kinference_epp/scheduling/README.md)."
    )
    weight: float = Field(default=1.0, ge=0.0, description="The scorer's weight in the sum.")
    params: dict[str, Any] = Field(
        default_factory=dict, description="The plug-in's own parameters; unknown ones are errors."
    )


_NOT_ROUTER_NAMES = frozenset({"default", "ours"})
"""Words a config may use for "our router" that name no preset: rejected with the real names."""


class ShedConfig(Strict):
    """Shedding at saturation (``scheduling/shed.py``): a request the picked endpoint is
    predicted to serve past these bounds is answered 429 ``pool_saturated`` at once."""

    itl_s: float = Field(
        default=0.045,
        ge=0.0,
        description=(
            "Mean inter-token latency the picked endpoint may be predicted at (the speed "
            "model's decode line at its KV in use), set a margin under the ITL SLO; 0: no ITL "
            "check."
        ),
    )
    ttft_s: float = Field(
        default=1.5,
        ge=0.0,
        description=(
            "Wait for a batch slot the picked endpoint may be predicted at (requests queued "
            "there over the rate requests finish there), set a margin under the TTFT SLO; 0: no "
            "TTFT check."
        ),
    )
    retry_after_s: int = Field(
        default=1, ge=1, description="The `retry-after` header of a shed request, in seconds."
    )


class SchedulerConfig(Strict):
    """How an endpoint is picked for each request: a router preset, or weighted scorers."""

    router: str = Field(
        default="precise-prefix",
        description=(
            "precise-prefix (load-cost over the precise prefix index), approx-prefix, load "
            "(queue + KV usage, prompt-blind), least-queue, round-robin, random, or weighted "
            "(the scorers listed in `scorers`)."
        ),
    )
    scorers: list[PluginConfig] | None = Field(
        default=None, description="The scorers of router: weighted (required there, only there)."
    )
    fallbacks: int = Field(
        default=2,
        ge=0,
        le=16,
        description=(
            "Extra endpoints after the pick, which the shipped Envoy config (override_host) "
            "retries in order on a connect failure; 0 names only the pick."
        ),
    )
    temperature: float = Field(
        default=0.0,
        ge=0.0,
        description=(
            "Softmax temperature of the max-score picker, as a fraction of the spread between "
            "the best and the worst candidate's score: several picker replicas that see the "
            "same scores spread a burst over the near-best endpoints. 0 picks the best."
        ),
    )
    shed: ShedConfig = Field(
        default_factory=ShedConfig,
        description=(
            "Answer 429 rather than serve a request past its SLO where the pool is saturated "
            "(needs the picker's speed model and in-flight tracker; both checks at 0: never)."
        ),
    )
    seed: int | None = Field(default=None, description="Seed for random tie-breaks (tests).")

    @field_validator("router")
    @classmethod
    def _a_router_name(cls, value: str) -> str:
        if value in _NOT_ROUTER_NAMES:
            raise ValueError(
                f"router {value!r} is not a router name; the routers are precise-prefix (the "
                "default: load-cost over the precise prefix index), approx-prefix, load, "
                "least-queue, round-robin, random and weighted (with `scorers`)"
            )
        return value


class ScrapeConfig(Strict):
    """Reading each endpoint's Prometheus ``/metrics`` (queue, KV use) and ``/v1/models``."""

    interval_s: float = Field(
        default=0.05,
        gt=0,
        description=(
            "Seconds between scrapes of each endpoint's /metrics (GIE's default refresh); every "
            "endpoint is scraped on the same ticks. Picker CPU grows with pods / interval."
        ),
    )
    timeout_s: float = Field(
        default=1.0,
        gt=0,
        description="Bound on one scrape (connect + answer); below stale_after_s.",
    )
    stale_after_s: float = Field(
        default=2.0, gt=0, description="A snapshot older than this marks the endpoint stale."
    )
    models_interval_s: float = Field(
        default=5.0,
        ge=0,
        description="Seconds between reads of each endpoint's /v1/models (its base model and "
        "loaded LoRA adapters, adapters loaded at run time included); 0: never read.",
    )


class KvEventsConfig(Strict):
    """Subscribing to vLLM's KV-cache events (``--kv-events-config``)."""

    enabled: bool = Field(
        default=True, description="Subscribe to the kv_events address each endpoint names."
    )
    block_size: int = Field(
        default=16, gt=0, description="vLLM's --block-size; events of another size are dropped."
    )
    topic: str = Field(default="", description="Topic prefix to subscribe to ('' = all).")
    replay_timeout_s: float = Field(
        default=2.0,
        gt=0,
        description="The longest wait for a pod's replay of missed batches (its ROUTER).",
    )
    centralized_bind: str | None = Field(
        default=None,
        description=(
            "Bind one SUB socket here (e.g. tcp://*:5557) for pods whose publishers connect to "
            "the picker; batches are attributed to endpoints by topic."
        ),
    )
    stale_after_s: float = Field(
        default=30.0,
        gt=0,
        description="An endpoint with no event for this long and not synced is scored approximately.",
    )


class TlsConfig(Strict):
    """TLS on the ext_proc port (GIE's ``--secure-serving``); the health port stays plaintext
    for the kubelet's gRPC probes."""

    enabled: bool = Field(
        default=False,
        description=(
            "Serve ext_proc over TLS: what Envoy AI Gateway and Istio's InferencePool support "
            "dial. Without cert_file/key_file a self-signed pair is made at start."
        ),
    )
    cert_file: str | None = Field(
        default=None, description="PEM certificate chain (e.g. a mounted Secret's tls.crt)."
    )
    key_file: str | None = Field(default=None, description="PEM private key (tls.key).")
    client_ca_file: str | None = Field(
        default=None,
        description="PEM CA bundle: require client certificates signed by it (mutual TLS).",
    )

    @model_validator(mode="after")
    def _both_or_neither(self) -> TlsConfig:
        if (self.cert_file is None) != (self.key_file is None):
            raise ValueError("tls needs both cert_file and key_file, or neither (self-signed)")
        return self


class ControlConfig(Strict):
    """Who may call the picker's control surfaces: the access-log service (it settles usage
    and ejects endpoints) and the Pick API (it reserves against tenants' limits).

    With mutual TLS on the gRPC port (``server.tls.client_ca_file``) every caller holds a
    certificate signed by that CA. Otherwise a caller presents the shared secret in the
    ``x-kinference-control-token`` gRPC metadata; with neither, both services refuse every
    call unless ``allow_unauthenticated`` says the network alone decides (a laptop)."""

    token_file: str | None = Field(
        default=None,
        description="File holding the shared secret (e.g. a mounted Secret's key); trailing "
        "whitespace is ignored.",
    )
    token_env: str | None = Field(
        default=None, description="Environment variable holding the shared secret."
    )
    allow_unauthenticated: bool = Field(
        default=False,
        description="With no token and no mutual TLS, accept every caller of the access-log "
        "service and the Pick API.",
    )

    @model_validator(mode="after")
    def _one_source(self) -> ControlConfig:
        if self.token_file is not None and self.token_env is not None:
            raise ValueError("control: give token_file or token_env, not both")
        return self


class ServerConfig(Strict):
    """The picker's ports, request limits, shutdown and the request-path switches."""

    host: str = Field(
        default="0.0.0.0", description="Address the gRPC, health and metrics ports bind."
    )
    grpc_port: int = Field(
        default=9002,
        ge=0,
        lt=65536,
        description="ext_proc, the access-log service and the Pick API; 0 picks a free port.",
    )
    tls: TlsConfig = Field(default_factory=TlsConfig)
    control: ControlConfig = Field(default_factory=ControlConfig)
    health_port: int = Field(
        default=9003,
        ge=0,
        lt=65536,
        description="gRPC health service (SERVING / NOT_SERVING) for the kubelet and Envoy; "
        "0 picks a free port (logged).",
    )
    metrics_port: int = Field(
        default=9090, ge=0, lt=65536, description="Prometheus /metrics; 0 picks a free port."
    )
    max_body_bytes: int = Field(
        default=16 * 1024 * 1024, gt=0, description="Larger request bodies get 413 body_too_large."
    )
    grpc_max_message_bytes: int = Field(
        default=64 * 1024 * 1024,
        gt=0,
        description="gRPC message limit (gRPC's default of 4 MiB would truncate big prompts).",
    )
    test_mode: bool = Field(
        default=False,
        description="Honour test-epp-endpoint-selection and echo x-conformance-test-served-endpoint.",
    )
    ensure_usage: bool = Field(
        default=False,
        description=(
            "Ask for usage on streamed requests whose client did not (stream_options."
            "include_usage) and strip that chunk from the response the client sees. Costs picker "
            "CPU per streamed chunk of those requests. Needs BUFFERED request bodies and Envoy "
            "sending response headers to the picker (Envoy ignores mode_override otherwise)."
        ),
    )
    secrets_dir: str = Field(
        default="/etc/kinference/secrets",
        description="Mounted secrets as <dir>/<name>/<key> (provider API keys).",
    )
    tenant_header: str = Field(
        default="x-kinference-tenant",
        description="Trusted request header naming the tenant (set by the gateway, not clients).",
    )
    score_header: bool = Field(
        default=False, description="Add x-kinference-scores to routed requests (debugging)."
    )
    max_prompt_chars: int = Field(
        default=4 * 1024 * 1024,
        gt=0,
        description="Longer prompts (in characters) get 400 context_length_exceeded untokenized.",
    )
    offload_prompt_chars: int = Field(
        default=16 * 1024,
        ge=0,
        description="Prompts longer than this are tokenized on a thread pool, off the event "
        "loop; 0 tokenizes every prompt on the loop.",
    )
    offload_threads: int = Field(
        default=2, ge=1, description="Threads taking long prompts off the event loop."
    )
    offload_processes: int = Field(
        default=2,
        ge=0,
        description="Worker processes, each with its own copy of the tokenizers, that "
        "tokenize and hash long prompts so that no part of that work holds the picker's GIL; "
        "0 tokenizes on the offload threads.",
    )
    offload_max_pending: int = Field(
        default=64, ge=1, description="Long prompts waiting for a thread beyond this get 503."
    )
    drain_s: float = Field(
        default=3.0,
        ge=0,
        description="On SIGTERM: seconds the picker keeps serving, not ready, while proxies "
        "move away (a second signal ends it early).",
    )
    stop_grace_s: float = Field(
        default=5.0, ge=0, description="After the drain: the longest wait for open requests."
    )
    eject_after_failures: int = Field(
        default=3,
        ge=0,
        description="Consecutive connect failures in the access log that eject an endpoint "
        "(0: never).",
    )
    eject_s: float = Field(default=10.0, gt=0, description="How long an endpoint stays ejected.")


class EppConfig(Strict):
    pool: PoolConfig = Field(default_factory=PoolConfig)
    scheduler: SchedulerConfig = Field(default_factory=SchedulerConfig)
    speed: SpeedConfig = Field(
        default_factory=SpeedConfig,
        description="Each endpoint's speed, learned from its access-log records "
        "(docs/concepts.md, Heterogeneous pools).",
    )
    scrape: ScrapeConfig = Field(default_factory=ScrapeConfig)
    kv_events: KvEventsConfig = Field(default_factory=KvEventsConfig)
    tokenizers: TokenizerConfig = Field(default_factory=TokenizerConfig)
    policies: list[str] = Field(
        default_factory=list,
        description="InferencePolicy YAML files or directories (the static deployment).",
    )
    classifier_model: str | None = Field(
        default=None,
        description="A complexity model file trained on your own labelled prompts "
        "(`kinfctl classifiers train`, docs/classifiers.md), combined with the built-in "
        "rules and reloaded when the file changes (a file that does not load keeps the "
        "model in force); unset: the rules alone.",
    )
    kubernetes: KubernetesConfig | None = Field(
        default=None,
        description="Discover endpoints from an InferencePool and watch InferencePolicy objects.",
    )
    kubernetes_sync_timeout_s: float = Field(
        default=10.0,
        gt=0,
        description="With `kubernetes`: how long start-up waits for the InferencePool and its "
        "pods to be listed before it starts not ready (it turns ready once they are).",
    )
    server: ServerConfig = Field(default_factory=ServerConfig)
    tenancy: TenancyConfig | None = Field(
        default=None,
        description="Tenants with API keys, limits and usage (docs/tenants.md).",
    )
    usage: UsageSourceConfig = Field(
        default_factory=UsageSourceConfig,
        description="Where each request's usage comes from (access log or response body).",
    )
    flow_control: FlowControlConfig | None = Field(
        default=None,
        description="Requests the pool cannot take now wait in the picker, served by priority "
        "and fair share (docs/fairness.md); unset: refused at once (429 pool_saturated).",
    )

    @model_validator(mode="after")
    def _a_tenant_can_be_identified(self) -> EppConfig:
        """With API keys and no source of tenants (files, the InferenceTenant watch) nor an
        anonymous tenant no request can name a tenant: every one would get 401
        invalid_api_key. Refused at start (and by ``kinfctl check-config``) rather than found
        in production."""
        tenancy = self.tenancy
        if (
            tenancy is not None
            and tenancy.identity == "api-key"
            and not tenancy.tenants
            and tenancy.anonymous_tenant is None
            and not (self.kubernetes is not None and self.kubernetes.tenants)
        ):
            raise ValueError(
                "no tenants: with tenancy.identity api-key and no anonymous_tenant every "
                "request would get 401 invalid_api_key; list InferenceTenant files or "
                "directories under tenancy.tenants, or watch InferenceTenant objects "
                "(kubernetes.tenants)"
            )
        return self
