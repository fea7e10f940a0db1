"""How the picker finds its pods and policies in Kubernetes (the ``kubernetes:`` config section).

Everything has a default that matches a plain vLLM Deployment behind a Gateway API Inference
Extension ``InferencePool``, so the usual config is two lines (``pool.name`` and maybe
``pool.namespace``). Unknown fields are rejected, as everywhere in the picker's config.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from kinference_epp.config.strict import Strict


class PoolRef(Strict):
    """The ``InferencePool`` whose pods this picker routes to (GIE ``--pool-name``)."""

    name: str = Field(min_length=1, description="The InferencePool's name.")
    namespace: str | None = Field(
        default=None,
        description="Default: the picker's own namespace (in-cluster) or the kubeconfig context's.",
    )
    group: Literal["inference.networking.k8s.io", "inference.networking.x-k8s.io"] | None = Field(
        default=None,
        description=(
            "The InferencePool's API group (GIE --pool-group): inference.networking.k8s.io (v1) "
            "or inference.networking.x-k8s.io (v1alpha2). None: the group that has a pool of "
            "this name, v1 when both or neither has one."
        ),
    )


class ModelDiscovery(Strict):
    """How a pod's served model names are found; the first source that yields names wins.

    1. the pod annotation ``annotation`` (comma-separated names, LoRA adapters included);
    2. with ``from_args``, the serving container's vLLM arguments: ``--served-model-name`` (one
       or more names), else ``--model``/the positional model of ``vllm serve``, plus the names
       of ``--lora-modules``;
    3. ``default_models`` (a pool that serves one model needs nothing else).

    Besides, the picker reads each pod's ``/v1/models`` (``scrape.models_interval_s``): the
    base model and every LoRA adapter loaded, at start or since, are added to the names of
    2 and 3. Names from the annotation are the operator's word and are kept as they are.
    """

    annotation: str = Field(
        default="kinference.io/models",
        description="Pod annotation listing its served names, comma-separated (wins).",
    )
    from_args: bool = Field(
        default=True,
        description="Read --served-model-name / --model / --lora-modules from the serving "
        "container's vLLM arguments.",
    )
    default_models: list[str] = Field(
        default_factory=list,
        description="Names of a pod that neither the annotation nor its vLLM arguments name.",
    )


class KvEventsDiscovery(Strict):
    """Where a pod's vLLM KV-event publisher listens (ZMQ PUB and its replay ROUTER).

    vLLM offsets both ports by the data-parallel rank, so the endpoint on the i-th active
    target port of a pod gets ``port + i`` and ``replay_port + i``. The annotations override
    the base ports per pod.
    """

    enabled: bool = Field(default=True, description="Subscribe to each pod's KV events.")
    port: int = Field(
        default=5557, gt=0, lt=65536, description="The publisher's port (ZMQ PUB), rank 0."
    )
    replay_port: int | None = Field(
        default=5558,
        gt=0,
        lt=65536,
        description="The replay ROUTER's port, rank 0; unset: no replay of missed batches.",
    )
    port_annotation: str = Field(
        default="kinference.io/kv-events-port", description="Pod annotation overriding `port`."
    )
    replay_port_annotation: str = Field(
        default="kinference.io/kv-replay-port",
        description="Pod annotation overriding `replay_port`.",
    )


class MetricsDiscovery(Strict):
    """Where a pod's Prometheus metrics are: by default on the serving port at ``/metrics``."""

    port: int | None = Field(
        default=None, gt=0, lt=65536, description="None: the endpoint's own (target) port."
    )
    path: str = Field(default="/metrics", description="HTTP path of the metrics.")
    port_annotation: str = Field(
        default="kinference.io/metrics-port", description="Pod annotation overriding `port`."
    )


class LeaderElection(Strict):
    """Active-passive replicas (GIE's ``--ha-enable-leader-election``): the replica holding a
    ``coordination.k8s.io`` Lease is ready and writes statuses; the others stay unready (the
    gateway sends them nothing) and take over when the lease expires. Off: every replica
    routes (active-active), which needs no coordination (deploy/kubernetes/README.md)."""

    enabled: bool = Field(default=False, description="Run active-passive behind a Lease.")
    lease_name: str = Field(
        default="kinference-epp",
        min_length=1,
        description="The Lease's name, in the pool's namespace.",
    )
    identity: str | None = Field(
        default=None,
        description="This replica's name in the lease; default: $POD_NAME, else hostname-pid.",
    )
    lease_duration_s: float = Field(
        default=15.0, gt=0, description="How long a leader's last renewal holds (client-go's)."
    )
    renew_deadline_s: float = Field(
        default=10.0,
        gt=0,
        description="A leader that could not renew for this long steps down (below the lease).",
    )
    retry_period_s: float = Field(default=2.0, gt=0, description="Between tries and renewals.")

    @model_validator(mode="after")
    def _ordered(self) -> LeaderElection:
        if not self.retry_period_s < self.renew_deadline_s < self.lease_duration_s:
            raise ValueError("need retry_period_s < renew_deadline_s < lease_duration_s")
        return self


class WatchSettings(Strict):
    """List/watch timing. The defaults follow client-go's reflector."""

    timeout_s: int = Field(
        default=300,
        gt=0,
        description="Server-side timeoutSeconds of one watch request; it is then resumed.",
    )
    request_timeout_s: float = Field(
        default=30.0, gt=0, description="Connect/list timeout; a watch read waits timeout_s + this."
    )
    backoff_initial_s: float = Field(
        default=0.5, gt=0, description="First wait before retrying a failed list or watch."
    )
    backoff_max_s: float = Field(
        default=30.0, gt=0, description="The longest wait; each failure in a row doubles it."
    )


class KubernetesConfig(Strict):
    """Discovery of endpoints from an InferencePool and of InferencePolicy objects."""

    pool: PoolRef
    kubeconfig: str | None = Field(
        default=None,
        description="Path to a kubeconfig; None: in-cluster when KUBERNETES_SERVICE_HOST is set, "
        "else $KUBECONFIG or ~/.kube/config.",
    )
    context: str | None = Field(
        default=None, description="The kubeconfig context; default: its current context."
    )
    models: ModelDiscovery = Field(default_factory=ModelDiscovery)
    kv_events: KvEventsDiscovery = Field(default_factory=KvEventsDiscovery)
    metrics: MetricsDiscovery = Field(default_factory=MetricsDiscovery)
    watch: WatchSettings = Field(default_factory=WatchSettings)
    policies: bool = Field(
        default=True,
        description="Watch InferencePolicy objects in the pool's namespace and write their status.",
    )
    tenants: bool = Field(
        default=True,
        description="With a `tenancy` section: watch InferenceTenant objects in the pool's "
        "namespace (and the Secrets of their keys) beside the tenant files, and write their status.",
    )
    field_manager: str = Field(
        default="kinference-epp",
        min_length=1,
        description="Read by nothing yet: status writes are JSON merge patches, which name no "
        "field manager.",
    )
    leader_election: LeaderElection = Field(default_factory=LeaderElection)
