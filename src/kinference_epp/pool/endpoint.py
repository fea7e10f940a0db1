"""What the picker knows about one serving endpoint (a vLLM pod's ip:port)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType

EndpointKey = NewType("EndpointKey", str)
"""An endpoint's identity and routing target: ``"ip:port"`` as Envoy's ORIGINAL_DST expects it."""


@dataclass(frozen=True, slots=True)
class Endpoint:
    """Static facts about an endpoint; changes only when the pod set changes."""

    key: EndpointKey
    models: frozenset[str]
    """Model names this endpoint serves: the base model and any LoRA adapters."""
    metrics_url: str
    kv_events: str | None = None
    """ZMQ PUB address of vLLM's KV-event publisher, e.g. ``tcp://10.0.0.1:5557``."""
    kv_replay: str | None = None
    """ZMQ ROUTER address of the publisher's replay socket."""
    name: str = ""
    """Human-readable name (the pod name in Kubernetes); defaults to the key."""
    base_model: str = ""
    """The base model the pod runs (first of its served names). KV events do not name the model;
    blocks are hashed under it, and under (it, adapter) for a LoRA adapter's blocks."""
    labels: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    models_fixed: bool = False
    """``models`` were stated by the operator for this pod (its annotation): they override
    what the pod's ``/v1/models`` says. Otherwise (the static config, the vLLM command line,
    the configured defaults) what the pod lists is added to them."""

    @property
    def host(self) -> str:
        return self.key.rsplit(":", 1)[0]

    @property
    def port(self) -> int:
        return int(self.key.rsplit(":", 1)[1])


@dataclass(frozen=True, slots=True)
class LoadSnapshot:
    """One scrape of an endpoint's engine metrics (vLLM names, see ``pool/promtext.py``)."""

    running: float = 0.0
    waiting: float = 0.0
    kv_usage: float = 0.0
    """KV-cache usage in [0, 1]."""
    prefix_cache_queries: float = 0.0
    prefix_cache_hits: float = 0.0
    block_size: int | None = None
    num_gpu_blocks: int | None = None
    running_lora_adapters: frozenset[str] = frozenset()
    waiting_lora_adapters: frozenset[str] = frozenset()
    max_lora: int | None = None
    itl_sum: float = 0.0
    """Cumulative sum of vLLM's inter-token latency histogram (seconds); 0 where not exposed.
    Its growth between two scrapes over ``itl_count``'s is the mean ITL of the tokens the
    engine produced in between."""
    itl_count: float = 0.0
    """Cumulative count of that histogram (inter-token gaps observed)."""
    ttft_sum: float = 0.0
    """Cumulative sum of vLLM's time-to-first-token histogram (seconds); 0 where not exposed."""
    ttft_count: float = 0.0
    """Cumulative count of that histogram (requests that got their first token)."""
    scraped_at: float = 0.0
    """Monotonic time of the scrape that produced this snapshot."""
