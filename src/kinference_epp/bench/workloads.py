"""Benchmark workloads: parameters from YAML files, synthetic token-id conversations from a seed.

A workload is a list of *conversations*; each is a shared ``prefix`` (a system prompt)
followed by turns, and every turn resends the whole history (prefix, earlier user turns
and the engine's earlier answers) plus a new user message. A shared-prefix workload is
the one-turn case: ``groups`` system prompts, each with ``prompts_per_group`` distinct
questions. Token ids are drawn uniformly from the ordinary range of the stand-in
tokenizer (no text needed: the picker and the simulated pods hash the same ids).

Files live in ``benchmarks/workloads/<name>.yaml``; parameters mirror the peers'
published workloads (each file names its source).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt
import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from kinference_epp.sim.latency import GPU_CLASSES, LatencyModel, profile_num_gpu_blocks
from kinference_epp.tokenize.approx import ORDINARY_BASE, ORDINARY_SPAN

TokenIds = npt.NDArray[np.int64]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EngineSpec(_Strict):
    """One simulated pod (vLLM's knobs)."""

    block_size: int = Field(default=16, gt=0)
    max_num_seqs: int = Field(default=256, gt=0)
    max_num_batched_tokens: int = Field(default=8192, gt=0)
    num_gpu_blocks: int | None = Field(default=None, gt=0)
    """KV blocks per pod; None: sized from ``prefix_kv_fraction``, or when that is unset too,
    from the latency profile's model and GPUs (``WorkloadSpec.for_latency``)."""
    prefix_kv_fraction: float | None = Field(default=None, gt=0, le=1)
    """Size the pool's KV so that all distinct prefixes fill this fraction of it."""

    @model_validator(mode="after")
    def _one_size(self) -> EngineSpec:
        if self.num_gpu_blocks is not None and self.prefix_kv_fraction is not None:
            raise ValueError("set at most one of num_gpu_blocks and prefix_kv_fraction")
        return self


class SharedPrefixSpec(_Strict):
    groups: int = Field(gt=0)
    prompts_per_group: int = Field(gt=0)
    system_tokens: int = Field(gt=0)
    question_tokens: int = Field(gt=0)
    output_tokens: int = Field(gt=0)


class MultiturnSpec(_Strict):
    conversations: int = Field(gt=0)
    system_prompts: int = Field(default=1, gt=0)
    """Distinct system prompts, shared round-robin by the conversations."""
    system_tokens: int = Field(gt=0)
    user_tokens_mean: float = Field(gt=0)
    user_tokens_sd: float = Field(ge=0)
    output_tokens_mean: float = Field(gt=0)
    output_tokens_sd: float = Field(ge=0)
    turns_min: int = Field(gt=0)
    turns_max: int = Field(gt=0)


class Stage(_Strict):
    """``rate`` requests per second for ``duration_s`` seconds (inference-perf's load stage)."""

    rate: float = Field(gt=0)
    duration_s: float = Field(gt=0)


class ClientSpec(_Strict):
    kind: Literal["poisson", "constant", "concurrency"]
    """``poisson`` / ``constant``: requests arrive open-loop through ``stages``, one after
    the other, Poisson or evenly spaced (inference-perf's load types), each arrival sending
    the next prompt of the workload's list and starting over at its end; ``concurrency``:
    ``load`` users each run one conversation at a time, back to back (closed loop), one run
    per entry of ``loads``."""
    stages: list[Stage] | None = None
    """The load ladder of an open-loop client, run as one continuous run."""
    warmup: Stage | None = None
    """Sent before ``stages`` and left out of every figure (seats the resident prefixes)."""
    drain_s: float = Field(default=120.0, ge=0)
    """After the last stage, how long requests still in flight may finish; those that do not
    count as missing the SLO."""
    loads: list[float] | None = None
    """Closed loop: the concurrency levels, one run each."""
    conversations_per_user: int | None = Field(default=None, gt=0)
    """Closed loop: run at most this many conversations per user (bounds run time)."""
    quick_loads: list[float] | None = None
    """The load points ``--quick`` keeps (stage rates or concurrency levels; default: the
    first, middle and last)."""

    @model_validator(mode="after")
    def _one_load_form(self) -> ClientSpec:
        if self.kind == "concurrency":
            if not self.loads or self.stages is not None or self.warmup is not None:
                raise ValueError("a concurrency client sets loads (and no stages or warmup)")
        elif not self.stages or self.loads is not None:
            raise ValueError(f"a {self.kind} client sets stages (and no loads)")
        return self

    @property
    def open_loop(self) -> bool:
        return self.kind != "concurrency"

    def load_points(self) -> list[float]:
        """Stage rates (open loop) or concurrency levels (closed loop), in order."""
        if self.stages is not None:
            return [s.rate for s in self.stages]
        assert self.loads is not None
        return list(self.loads)

    def quick(self) -> ClientSpec:
        """The same client on the ``quick_loads`` points only."""
        points = self.load_points()
        keep = self.quick_loads or sorted({points[0], points[len(points) // 2], points[-1]})
        if self.stages is not None:
            return self.model_copy(update={"stages": [s for s in self.stages if s.rate in keep]})
        return self.model_copy(update={"loads": [x for x in points if x in keep]})


class PodClass(_Strict):
    """``count`` pods of one GPU class: the profile's step times times ``slowdown``."""

    count: int = Field(gt=0)
    gpu: str = "h100"
    """The pod's GPU-type label (``pool_speed``'s prior looks it up), and its default slowdown
    (``sim.latency.GPU_CLASSES``)."""
    slowdown: float | None = Field(default=None, gt=0)
    """Step-time factor; None: the class's factor in ``GPU_CLASSES``."""

    def factor(self) -> float:
        if self.slowdown is not None:
            return self.slowdown
        try:
            return GPU_CLASSES[self.gpu]
        except KeyError:
            known = ", ".join(sorted(GPU_CLASSES))
            raise ValueError(f"GPU class {self.gpu!r} has no default slowdown ({known})") from None


class SlowdownSpec(_Strict):
    """One pod slows down mid-run (a thermal limit, a noisy neighbour): from ``at_s`` of
    virtual time its step time is ``factor`` times what it was."""

    pod: int = Field(ge=0)
    at_s: float = Field(ge=0)
    factor: float = Field(gt=0)


class WorkloadSpec(_Strict):
    name: str
    description: str = ""
    sources: str = ""
    """Where each parameter comes from, and every remaining difference from the source."""
    model: str = "bench-model"
    max_tokens: int | None = Field(default=None, gt=0)
    """The ``max_tokens`` every request carries, as the source's client sends it (None: not
    sent); each answer's real length is the workload's own (the engine stops there, as at an
    end-of-sequence token), so no router is told a request's exact output length."""
    pods: int = Field(default=8, gt=0)
    seed: int = 1
    engine: EngineSpec
    client: ClientSpec
    shared_prefix: SharedPrefixSpec | None = None
    multiturn: MultiturnSpec | None = None
    pod_classes: list[PodClass] | None = None
    """A heterogeneous pool, in pod order; None: every pod runs the latency profile as is."""
    slowdown: SlowdownSpec | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> WorkloadSpec:
        if (self.shared_prefix is None) == (self.multiturn is None):
            raise ValueError("set exactly one of shared_prefix and multiturn")
        if self.multiturn is not None and self.client.open_loop:
            raise ValueError("a multiturn workload needs a concurrency client")
        if self.pod_classes is not None:
            if sum(c.count for c in self.pod_classes) != self.pods:
                raise ValueError("pod_classes must add up to pods")
            for c in self.pod_classes:
                c.factor()
        if self.slowdown is not None and self.slowdown.pod >= self.pods:
            raise ValueError(f"slowdown.pod {self.slowdown.pod} is not one of {self.pods} pods")
        return self

    def pod_gpus(self) -> list[tuple[str, float]]:
        """Per pod, in order: its GPU-type label and step-time factor ("" and 1: unlabelled)."""
        if self.pod_classes is None:
            return [("", 1.0)] * self.pods
        return [(c.gpu, c.factor()) for c in self.pod_classes for _ in range(c.count)]

    def for_latency(self, latency: LatencyModel) -> WorkloadSpec:
        """This workload on pods of ``latency``'s deployment: a workload that sizes no KV
        takes the KV cache vLLM would give that model on those GPUs."""
        e = self.engine
        if e.num_gpu_blocks is not None or e.prefix_kv_fraction is not None:
            return self
        blocks = profile_num_gpu_blocks(latency, e.block_size)
        if blocks is None:
            raise ValueError(
                f"workload {self.name!r} sizes no KV cache and latency model {latency.name!r} "
                "names no deployment to size it from"
            )
        engine = e.model_copy(update={"num_gpu_blocks": blocks})
        return self.model_copy(update={"engine": engine})

    def num_gpu_blocks(self) -> int:
        """KV blocks per pod (sized from the prefixes when ``prefix_kv_fraction`` is set;
        a workload that sizes none needs ``for_latency`` first)."""
        e = self.engine
        if e.num_gpu_blocks is not None:
            return e.num_gpu_blocks
        if e.prefix_kv_fraction is None:
            raise ValueError(
                f"workload {self.name!r} takes its KV size from a latency profile: "
                "call for_latency first"
            )
        if self.shared_prefix is not None:
            prefix_tokens = self.shared_prefix.groups * self.shared_prefix.system_tokens
        else:
            assert self.multiturn is not None
            prefix_tokens = self.multiturn.system_prompts * self.multiturn.system_tokens
        blocks = prefix_tokens / e.block_size / e.prefix_kv_fraction
        return math.ceil(blocks / self.pods)

    def quick(self) -> WorkloadSpec:
        return self.model_copy(update={"client": self.client.quick()})


@dataclass(frozen=True, slots=True)
class Turn:
    user: TokenIds
    """The new user message's tokens."""
    output_tokens: int


@dataclass(frozen=True, slots=True)
class Conversation:
    id: int
    prefix: TokenIds
    """The system prompt every turn starts with."""
    turns: tuple[Turn, ...]


def load_workload(name_or_path: str, search: Path | None = None) -> WorkloadSpec:
    """A workload from ``<search>/<name>.yaml`` (default ``benchmarks/workloads``) or a path."""
    path = Path(name_or_path)
    if not path.is_file():
        folder = search if search is not None else Path.cwd() / "benchmarks" / "workloads"
        path = folder / f"{name_or_path}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in path.parent.glob("*.yaml")) if path.parent.is_dir() else []
        raise ValueError(f"no workload {name_or_path!r} (known: {', '.join(known) or 'none'})")
    return WorkloadSpec.model_validate(yaml.safe_load(path.read_text()))


def conversations(spec: WorkloadSpec, seed: int) -> list[Conversation]:
    """The workload's conversations, in the order clients start them (seeded shuffle)."""
    rng = np.random.default_rng([seed, spec.seed])
    if spec.shared_prefix is not None:
        return _shared_prefix(spec.shared_prefix, rng)
    assert spec.multiturn is not None
    return _multiturn(spec.multiturn, rng)


def _tokens(rng: np.random.Generator, n: int) -> TokenIds:
    return rng.integers(ORDINARY_BASE, ORDINARY_BASE + ORDINARY_SPAN, size=n, dtype=np.int64)


def _shared_prefix(s: SharedPrefixSpec, rng: np.random.Generator) -> list[Conversation]:
    systems = [_tokens(rng, s.system_tokens) for _ in range(s.groups)]
    convs = [
        Conversation(0, systems[g], (Turn(_tokens(rng, s.question_tokens), s.output_tokens),))
        for g in range(s.groups)
        for _ in range(s.prompts_per_group)
    ]
    order = rng.permutation(len(convs))
    return [Conversation(i, convs[j].prefix, convs[j].turns) for i, j in enumerate(order.tolist())]


def _normal_int(rng: np.random.Generator, mean: float, sd: float, low: int = 8) -> int:
    return max(low, round(float(rng.normal(mean, sd))))


def _multiturn(s: MultiturnSpec, rng: np.random.Generator) -> list[Conversation]:
    systems = [_tokens(rng, s.system_tokens) for _ in range(s.system_prompts)]
    out = []
    for c in range(s.conversations):
        n_turns = int(rng.integers(s.turns_min, s.turns_max + 1))
        turns = tuple(
            Turn(
                _tokens(rng, _normal_int(rng, s.user_tokens_mean, s.user_tokens_sd)),
                _normal_int(rng, s.output_tokens_mean, s.output_tokens_sd),
            )
            for _ in range(n_turns)
        )
        out.append(Conversation(c, systems[c % s.system_prompts], turns))
    return out
