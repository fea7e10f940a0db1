"""What the scheduler is asked and what it answers."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import InferenceRequest
from kinference_epp.pool.endpoint import EndpointKey


class SchedulingRequest(msgspec.Struct):
    model: str | None
    """The model the request must be served by; None for body-less requests (any endpoint)."""
    subset: frozenset[EndpointKey] | None = None
    """Envoy's subset hint (or the conformance test header): pick only inside it when set."""
    request: InferenceRequest | None = None
    headers: Mapping[str, str] = msgspec.field(default_factory=dict)
    request_id: str = ""
    prompt_tokens: int = 0
    """Tokens in the prompt as the model's tokenizer counts them (0: unknown)."""
    block_hashes: npt.NDArray[np.uint64] | None = None
    """The picker's own chained hashes of the prompt's full blocks (kvcache.hashing), scoped by
    model, LoRA adapter and cache salt: what prefix scorers look up. None: not computed."""
    max_tokens: int | None = None
    """Requested output length, when the client gave one (decode-load prediction)."""
    requested_model: str = ""
    """The model the client named, when a policy serves the request with another ("": ``model``)."""
    dry_run: bool = False
    """An Explain: pick as usual, but no observer learns of the pick (no in-flight load, no
    predicted cache contents from a request that is never sent)."""


class PrefixCredit(msgspec.Struct, frozen=True):
    """Leading blocks of one request each endpoint is credited with, per pool-view slot.

    Built once per request by a prefix source and shared by every scorer and observer
    that needs it (prefix overlap, load cost, predicted load).
    """

    gpu: npt.NDArray[np.float64]
    """Leading blocks held in GPU memory (reported by KV events, or predicted)."""
    cpu: npt.NDArray[np.float64]
    """Further leading blocks loadable from the CPU/offload tier (events only)."""
    precise: npt.NDArray[np.bool_]
    """Slots scored from KV events; the others from the picker's own routing history."""
    request_blocks: int
    """Full blocks in the request (the most any endpoint can hold)."""
    block_size: int
    cached: npt.NDArray[np.float64] | None = None
    """Blocks each endpoint's prefix cache holds in all (its KV events; None: not known). Free
    blocks that still hold a prefix count: vLLM's KV usage does not, so only this says how
    full a cache is of prefixes a new one would evict."""


class InflightLoad(msgspec.Struct, frozen=True):
    """The picker's own view of the work it sent to each endpoint, per pool-view slot."""

    requests: npt.NDArray[np.float64]
    """Requests routed there and not yet reported finished."""
    kv_tokens: npt.NDArray[np.float64]
    """KV tokens those requests add: uncached prompt tokens plus expected output tokens."""
    prefill_backlog_tokens: npt.NDArray[np.float64]
    """Uncached prompt tokens predicted to be still waiting for prefill."""
    context_tokens: npt.NDArray[np.float64]
    """Context those requests decode over, cached prefix included (whole prompt plus half the
    expected output each): what a decode step's attention reads there."""


class SchedulingResult(msgspec.Struct, frozen=True):
    endpoints: tuple[EndpointKey, ...]
    """The pick first, then the ordered fallbacks."""
    scores: Mapping[EndpointKey, float] = msgspec.field(default_factory=dict)
    """Weighted total score of every eligible endpoint (for debugging headers and logs)."""
    router: str = ""

    @property
    def primary(self) -> EndpointKey:
        return self.endpoints[0]
