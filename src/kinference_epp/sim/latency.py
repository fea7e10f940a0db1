"""Latency models for the simulated engine: how long one scheduler step takes, how late
the client sees each token, and how much KV the pod holds.

The engine asks one question per step: given the uncached prompt tokens it prefills and
the sequences it decodes, how many seconds does the forward pass take? Decode is priced
from the batch's *logical* context (the sum of every decoding sequence's context length,
shared prefix blocks counted once per sequence, as attention reads them), so a decode step
slows as the batch and its contexts grow. Models are named so that a report can say which
one produced its numbers.

A calibrated profile (:class:`LinearLatency`) prices a step as vLLM's forward pass costs on
a GPU, term by term::

    step_ms = base_ms                               one read of the weights, launch, sampling
            + prefill_ms_per_token * prefill_tokens  compute-bound prefill
            + decode_ms_per_seq * decode_seqs        each decoded token's matmul FLOPs
            + decode_ms_per_ktoken * context / 1000  each context token's KV read

and adds ``ttft_overhead_ms`` to every token the client sees (HTTP, the gateway, tokenizing
the prompt, scheduling, detokenizing: the floor a light-load TTFT shows; every token is that
much later, so the ITL is unchanged). Its :class:`Deployment` sizes the pod's KV cache as
vLLM does: the GPU memory that ``gpu_memory_utilization`` allows, less the weights and the
runtime's own use, over the model's KV bytes per token.

Three ship (``LATENCY_MODELS``):

- ``h100-32b`` — Qwen3-32B on 2 x H100 (tensor parallel 2), the setup of llm-d-kv-cache
  ``benchmarking/73-capacity``. Per GPU: 32.8 GB of weights read per step at ~3 TB/s
  (10 ms); 128 KiB of KV per context token (64 layers x 8 KV heads x 128 x K and V x 2
  bytes = 256 KiB, split over 2 GPUs: 0.044 ms per 1000 tokens); 32.8 GFLOP per decoded
  token (0.066 ms at half the H100's dense BF16 peak); prefill 0.046 ms per uncached
  token (what that benchmark's cached vs uncached TTFT implies). KV: 307,328 tokens per pod,
  the source's figure. The TTFT overhead is fitted to that benchmark's light-load TTFT
  (``benchmarks/engine_fit.py``; its result file gives every figure and its source).
- ``h100-8b`` — Llama-3.1-8B on one H100: 16 GB of weights (5 ms), 128 KiB of KV per context
  token (32 layers x 8 x 128 x 2 x 2) on one GPU, 16 GFLOP per decoded token (0.032 ms),
  prefill 0.023 ms per token (a quarter of the 32B's FLOPs on half the GPUs); KV from
  vLLM's memory profile of that model on an H100 (447k tokens); TTFT overhead from
  llm-d-inference-sim's H100 8B reference (25-40 ms).
- ``dynamo-mocker`` — Dynamo's mocker polynomials (``ai-dynamo/dynamo:lib/mocker``,
  ``perf_model.rs``, 2026): prefill_ms = 4.209989e-7·T² + 1.518344e-2·T + 16.50142 over
  the step's T new tokens; decode_ms = max(1, -25.74·a² + 54.01·a + 5.74) for a the
  decoding batch's logical context over the pod's KV capacity (capped at 1). The
  mocker does not say which model and GPU it stands for; it is kept as a reference.

A heterogeneous pool gives each pod its own model: :class:`ScaledLatency` runs another model's
step times ``factor`` times slower (a slower GPU class, or a pod slowed down mid-run by a
thermal limit or a noisy neighbour); ``GPU_CLASSES`` names a few such factors.

A step pays its fixed cost once, then its prefill and decode parts (the mocker pays its
prefill and decode polynomials, each with its own constant). A sequence whose prefill
completes in a step emits its first token in it without adding decode time (the mocker
does the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol


class LatencyModel(Protocol):
    """Step time of a vLLM-like engine, in seconds."""

    @property
    def name(self) -> str:
        """A stable name that reports quote."""
        ...

    def step_s(
        self,
        prefill_tokens: int,
        decode_seqs: int,
        decode_context_tokens: int,
        kv_capacity_tokens: int,
    ) -> float:
        """Time of one step that prefills ``prefill_tokens`` uncached tokens (all chunks
        together) and decodes one token for each of ``decode_seqs`` sequences whose context
        lengths sum to ``decode_context_tokens``, on a pod holding ``kv_capacity_tokens``."""
        ...

    @property
    def ttft_overhead_s(self) -> float:
        """How much later than the step that computes it the client sees each token."""
        ...


GIB = 1 << 30


@dataclass(frozen=True, slots=True)
class ModelShape:
    """The sizes of a dense transformer that fix its weights and its KV bytes per token
    (from the model's ``config.json``)."""

    name: str
    params_b: float
    """Parameters, in billions."""
    layers: int
    kv_heads: int
    head_dim: int
    dtype_bytes: int = 2

    @property
    def kv_bytes_per_token(self) -> int:
        """K and V of every layer: layers x KV heads x head dim x 2 x dtype bytes."""
        return self.layers * self.kv_heads * self.head_dim * 2 * self.dtype_bytes

    @property
    def weight_bytes(self) -> float:
        return self.params_b * 1e9 * self.dtype_bytes


@dataclass(frozen=True, slots=True)
class Deployment:
    """One pod: a model on ``tensor_parallel`` GPUs, sized as vLLM sizes its KV cache.

    vLLM's memory profile gives the KV cache what ``gpu_memory_utilization`` of each GPU's
    memory leaves after the weights (split over the tensor-parallel ranks) and the
    runtime's own use (non-torch memory and the activation peak of a profiling step); each
    rank holds ``1 / tensor_parallel`` of every token's KV."""

    model: ModelShape
    tensor_parallel: int = 1
    gpu_memory_gib: float = 79.11
    """What the CUDA runtime reports for an H100 80GB (vLLM's memory-profile log)."""
    gpu_memory_utilization: float = 0.9
    """vLLM's default."""
    runtime_gib: float = 1.6
    """Per GPU: non-torch memory plus the activation peak."""

    def kv_bytes_per_gpu(self) -> float:
        usable = self.gpu_memory_gib * GIB * self.gpu_memory_utilization
        return usable - self.model.weight_bytes / self.tensor_parallel - self.runtime_gib * GIB

    def kv_tokens(self, block_size: int = 16) -> int:
        """KV tokens per pod: whole blocks of ``block_size`` tokens."""
        return self.num_gpu_blocks(block_size) * block_size

    def num_gpu_blocks(self, block_size: int = 16) -> int:
        per_rank_block = self.model.kv_bytes_per_token * block_size / self.tensor_parallel
        blocks = int(self.kv_bytes_per_gpu() // per_rank_block)
        if blocks <= 0:
            raise ValueError(f"{self.model.name} leaves no KV memory on its GPUs")
        return blocks


@dataclass(frozen=True, slots=True)
class LinearLatency:
    """One fixed cost per step, plus prefill per new token and decode per sequence and per
    context token (the module docstring has the formula); every token reaches the client
    ``ttft_overhead_ms`` after its step."""

    name: str
    base_ms: float
    """Every step that does anything: launch, sampling, one read of the weights."""
    prefill_ms_per_token: float
    decode_ms_per_seq: float
    """Per sequence decoded in the step (its token's matmul FLOPs)."""
    decode_ms_per_ktoken: float
    """Per 1000 tokens of logical context in the decoding batch (KV reads)."""
    ttft_overhead_ms: float = 0.0
    deployment: Deployment | None = None
    """The model and GPUs the profile stands for (sizes the pod's KV cache)."""

    @property
    def ttft_overhead_s(self) -> float:
        return self.ttft_overhead_ms / 1000.0

    def step_s(
        self,
        prefill_tokens: int,
        decode_seqs: int,
        decode_context_tokens: int,
        kv_capacity_tokens: int,
    ) -> float:
        if prefill_tokens <= 0 and decode_seqs <= 0:
            return 0.0
        ms = self.base_ms + self.prefill_ms_per_token * prefill_tokens
        if decode_seqs > 0:
            ms += (
                self.decode_ms_per_seq * decode_seqs
                + self.decode_ms_per_ktoken * decode_context_tokens / 1000.0
            )
        return ms / 1000.0


@dataclass(frozen=True, slots=True)
class DynamoMockerLatency:
    """Dynamo mocker's polynomials (see the module docstring)."""

    name: ClassVar[str] = "dynamo-mocker"
    ttft_overhead_s: ClassVar[float] = 0.0

    def step_s(
        self,
        prefill_tokens: int,
        decode_seqs: int,
        decode_context_tokens: int,
        kv_capacity_tokens: int,
    ) -> float:
        ms = 0.0
        if prefill_tokens > 0:
            t = float(prefill_tokens)
            ms += 4.209989e-07 * t * t + 1.518344e-02 * t + 16.50142
        if decode_seqs > 0:
            a = min(decode_context_tokens / kv_capacity_tokens, 1.0) if kv_capacity_tokens else 1.0
            ms += max(1.0, -25.74 * a * a + 54.01 * a + 5.74)
        return ms / 1000.0


@dataclass(frozen=True, slots=True)
class ScaledLatency:
    """``inner``'s step time times ``factor`` (2.5: every step 2.5 times as long): a pod of a
    slower GPU class, prefill and decode alike."""

    inner: LatencyModel
    factor: float

    def __post_init__(self) -> None:
        if not self.factor > 0:
            raise ValueError(f"a latency factor must be positive, got {self.factor!r}")

    @property
    def name(self) -> str:
        return self.inner.name if self.factor == 1.0 else f"{self.inner.name}x{self.factor:g}"

    @property
    def ttft_overhead_s(self) -> float:
        """The inner model's: a slower GPU does not slow the HTTP path."""
        return self.inner.ttft_overhead_s

    def step_s(
        self,
        prefill_tokens: int,
        decode_seqs: int,
        decode_context_tokens: int,
        kv_capacity_tokens: int,
    ) -> float:
        step = self.inner.step_s(
            prefill_tokens, decode_seqs, decode_context_tokens, kv_capacity_tokens
        )
        return step * self.factor


def scaled(model: LatencyModel, factor: float) -> LatencyModel:
    """``model`` slowed by ``factor`` (``model`` itself at 1)."""
    return model if factor == 1.0 else ScaledLatency(model, factor)


QWEN3_32B = ModelShape("Qwen/Qwen3-32B", params_b=32.76, layers=64, kv_heads=8, head_dim=128)
LLAMA_31_8B = ModelShape(
    "meta-llama/Llama-3.1-8B-Instruct", params_b=8.03, layers=32, kv_heads=8, head_dim=128
)

H100_32B = LinearLatency(
    name="h100-32b",
    base_ms=10.0,
    prefill_ms_per_token=0.046,
    decode_ms_per_seq=0.066,
    decode_ms_per_ktoken=0.044,
    ttft_overhead_ms=257.0,
    deployment=Deployment(QWEN3_32B, tensor_parallel=2, runtime_gib=3.172),
)
H100_8B = LinearLatency(
    name="h100-8b",
    base_ms=5.0,
    prefill_ms_per_token=0.023,
    decode_ms_per_seq=0.032,
    decode_ms_per_ktoken=0.044,
    ttft_overhead_ms=30.0,
    deployment=Deployment(LLAMA_31_8B, tensor_parallel=1, runtime_gib=1.59),
)


def profile_num_gpu_blocks(model: LatencyModel, block_size: int) -> int | None:
    """KV blocks per pod of the deployment ``model`` stands for (None: it names none)."""
    inner = model.inner if isinstance(model, ScaledLatency) else model
    deployment = getattr(inner, "deployment", None)
    return None if deployment is None else deployment.num_gpu_blocks(block_size)


LATENCY_MODELS: dict[str, LatencyModel] = {
    "h100-8b": H100_8B,
    "h100-32b": H100_32B,
    "dynamo-mocker": DynamoMockerLatency(),
}
"""Latency models by name, for the CLI and pod specs."""

PROFILES: tuple[str, ...] = ("h100-8b", "h100-32b")
"""The calibrated profiles every headline figure is reported under."""

GPU_CLASSES: dict[str, float] = {"h100": 1.0, "a100": 1.6, "l40s": 2.5}
"""Step-time factors of the simulator's GPU classes against a profile's H100 (``ScaledLatency``):
round stand-ins for a pool that mixes GPU generations, not measurements of those GPUs."""


def latency_model(name: str) -> LatencyModel:
    """The latency model called ``name``; raises ``ValueError`` listing the known names."""
    try:
        return LATENCY_MODELS[name]
    except KeyError:
        known = ", ".join(sorted(LATENCY_MODELS))
        raise ValueError(f"unknown latency model {name!r}; known: {known}") from None
