"""Latency models for the simulated engine: how long one scheduler step takes.

The engine asks one question per step: given the prefill chunks and the decode batch
scheduled in it, how many seconds does the forward pass take? Models are named so that a
benchmark report can say which one produced its numbers.

Two published models ship:

- ``dynamo-mocker`` (default) — the polynomials of NVIDIA Dynamo's vLLM mocker
  (``ai-dynamo/dynamo:lib/mocker``): prefill_ms(T) = 4.209989e-7·T² + 1.518344e-2·T
  + 16.50142 for T new tokens, decode_ms(u) = max(1, -25.74·u² + 54.01·u + 5.74) for u
  the fraction of KV blocks held by running sequences. Its vLLM scheduler
  (``simulate_prefill`` then ``simulate_decode`` per iteration) adds one prefill term
  *per request chunk* and then one decode term for the whole batch, which also emits
  the first token of requests whose prefill just completed. ``step_s`` does the same.
- ``llmd-h100-8b`` — the llm-d-inference-sim reference for an 8B model on an H100:
  25-40 ms prefill overhead, 0.15-0.30 ms per uncached prompt token, 10-15 ms ITL.
  Mid values are used: 32.5 ms, 0.225 ms/token, 12.5 ms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol


class LatencyModel(Protocol):
    """Step time of a vLLM-like engine; every method returns seconds."""

    @property
    def name(self) -> str:
        """A stable name that reports quote."""
        ...

    def prefill_s(self, new_tokens_in_step: int) -> float:
        """Time to prefill ``new_tokens_in_step`` uncached tokens of one request chunk."""
        ...

    def decode_s(self, kv_fraction: float, batch: int) -> float:
        """Time of one decode pass over ``batch`` sequences at KV usage ``kv_fraction``."""
        ...

    def step_s(self, prefill_chunks: Sequence[int], decode_batch: int, kv_fraction: float) -> float:
        """Time of a mixed step: prefill chunks (new tokens each) plus a decode batch.

        ``decode_batch`` counts every sequence that emits a token in this step,
        including those whose prefill completes in it.
        """
        ...


@dataclass(frozen=True, slots=True)
class DynamoMockerLatency:
    """Dynamo mocker's polynomials (see module docstring); ``speedup`` divides all times."""

    name: ClassVar[str] = "dynamo-mocker"
    speedup: float = 1.0

    def prefill_s(self, new_tokens_in_step: int) -> float:
        if new_tokens_in_step <= 0:
            return 0.0
        t = float(new_tokens_in_step)
        ms = 4.209989e-07 * t * t + 1.518344e-02 * t + 16.50142
        return ms / 1000.0 / self.speedup

    def decode_s(self, kv_fraction: float, batch: int) -> float:
        if batch <= 0:
            return 0.0
        u = min(max(kv_fraction, 0.0), 1.0)
        ms = max(1.0, -25.74 * u * u + 54.01 * u + 5.74)
        return ms / 1000.0 / self.speedup

    def step_s(self, prefill_chunks: Sequence[int], decode_batch: int, kv_fraction: float) -> float:
        total = 0.0
        for chunk in prefill_chunks:
            total += self.prefill_s(chunk)
        return total + self.decode_s(kv_fraction, decode_batch)


@dataclass(frozen=True, slots=True)
class LlmdH100Latency:
    """llm-d-inference-sim's H100 / 8B reference: fixed overhead + per-token prefill + ITL.

    A step with any prefill pays the overhead once, plus the per-token cost of every
    uncached token in it; a step that emits tokens pays one ITL.
    """

    name: ClassVar[str] = "llmd-h100-8b"
    prefill_overhead_s: float = 0.0325
    prefill_per_token_s: float = 0.000225
    itl_s: float = 0.0125

    def prefill_s(self, new_tokens_in_step: int) -> float:
        if new_tokens_in_step <= 0:
            return 0.0
        return self.prefill_overhead_s + self.prefill_per_token_s * new_tokens_in_step

    def decode_s(self, kv_fraction: float, batch: int) -> float:
        return self.itl_s if batch > 0 else 0.0

    def step_s(self, prefill_chunks: Sequence[int], decode_batch: int, kv_fraction: float) -> float:
        tokens = sum(c for c in prefill_chunks if c > 0)
        return self.prefill_s(tokens) + self.decode_s(kv_fraction, decode_batch)


LATENCY_MODELS: dict[str, type[DynamoMockerLatency] | type[LlmdH100Latency]] = {
    "dynamo-mocker": DynamoMockerLatency,
    "llmd-h100-8b": LlmdH100Latency,
}
"""Latency models by name, for the CLI and pod specs."""


def latency_model(name: str) -> LatencyModel:
    """The latency model called ``name``; raises ``ValueError`` listing the known names."""
    try:
        return LATENCY_MODELS[name]()
    except KeyError:
        known = ", ".join(sorted(LATENCY_MODELS))
        raise ValueError(f"unknown latency model {name!r}; known: {known}") from None
