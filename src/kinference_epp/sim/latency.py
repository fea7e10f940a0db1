"""Latency models for the simulated engine: how long one scheduler step takes.

The engine asks one question per step: given the uncached prompt tokens it prefills and
the sequences it decodes, how many seconds does the forward pass take? Decode is priced
from the batch's *logical* context (the sum of every decoding sequence's context length,
shared prefix blocks counted once per sequence, as attention reads them), so a decode step
slows as the batch and its contexts grow. Models are named so that a report can say which
one produced its numbers.

Three ship (``LATENCY_MODELS``):

- ``h100-32b`` — a 32B-class dense model (Qwen3-32B) on 2 x H100 (tensor parallel 2), the
  setup of llm-d-kv-cache ``benchmarking/73-capacity``. Prefill 0.046 ms per uncached token:
  the marginal cost that benchmark's cached vs uncached TTFT implies. Decode: one read of
  the weights per step (32 GB per GPU at ~3.3 TB/s, 10 ms) plus the KV reads, 256 KiB per
  context token (64 layers x 8 KV heads x 128 x K and V x 2 bytes) split over 2 GPUs
  (0.04 ms per 1000 tokens). At the benchmark's full KV (307k tokens) a step decodes in
  ~22 ms, under the 26-29 ms mean ITL it reports with prefill chunks mixed in.
- ``h100-8b`` — an 8B-class dense model (Llama-3.1-8B) on one H100, scaled from the same
  calibration: half the weights per GPU (prefill 0.023 ms per token; 16 GB read per step,
  5 ms) and 128 KiB of KV per context token (32 layers) on one GPU (0.04 ms per 1000).
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


@dataclass(frozen=True, slots=True)
class LinearLatency:
    """One fixed cost per step, plus prefill per new token and decode per context token::

    step_ms = base_ms + prefill_ms_per_token * prefill_tokens
            + decode_ms_per_seq * decode_seqs + decode_ms_per_ktoken * context / 1000
    """

    name: str
    base_ms: float
    """Every step that does anything: launch, sampling, one read of the weights."""
    prefill_ms_per_token: float
    decode_ms_per_seq: float
    decode_ms_per_ktoken: float
    """Per 1000 tokens of logical context in the decoding batch (KV reads)."""

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


H100_32B = LinearLatency(
    name="h100-32b",
    base_ms=10.0,
    prefill_ms_per_token=0.046,
    decode_ms_per_seq=0.0,
    decode_ms_per_ktoken=0.04,
)
H100_8B = LinearLatency(
    name="h100-8b",
    base_ms=5.0,
    prefill_ms_per_token=0.023,
    decode_ms_per_seq=0.0,
    decode_ms_per_ktoken=0.04,
)

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
