"""The simulated vLLM engine core: continuous batching over a paged KV cache.

A synchronous, I/O-free state machine driven by a clock the caller owns: the wall-clock
server calls ``step(now)`` and sleeps the returned duration; the benchmark harness calls
it on a virtual clock. Given the same requests and times it is fully deterministic.

The scheduler follows vLLM v1 (``vllm/v1/core/sched/scheduler.py``):

1. Running requests first, in order; each asks for its remaining tokens (a prefill
   chunk, or one decode token), capped by the step's token budget
   (``max_num_batched_tokens``). When the KV cache cannot grow a request, the *last*
   running request is preempted (recompute: blocks freed, back to the front of the
   waiting queue) until it fits or the request itself was preempted.
2. If nothing was preempted, waiting requests are admitted FCFS while seats
   (``max_num_seqs``), budget and blocks last; a request that does not fit blocks the
   queue. Admission looks up the prefix cache first, so cached tokens cost no budget.
3. Full blocks that the step will compute are committed to the prefix cache as they
   are scheduled (vLLM's ``allocate_slots`` does the same). A request whose computed
   tokens reach its length samples one token; the first one marks TTFT.

Every token is stamped ``latency.ttft_overhead_s`` after the end of the step that computed
it: the time the client sees it (HTTP, tokenizing, detokenizing), so TTFT carries that fixed
cost and the gaps between tokens do not. The engine's own state (KV blocks, seats) changes
at the step's end.
"""

from __future__ import annotations

import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from kinference_epp.sim.events import KVEvent
from kinference_epp.sim.kvcache import KVCache, KVCacheSeq
from kinference_epp.sim.latency import DynamoMockerLatency, LatencyModel
from kinference_epp.tokenize.approx import piece_id

_WORDS = " ".join(
    (
        "the quick brown fox jumps over a lazy dog while simulated engines stream tokens",
        "to clients across the cluster and every block of cache is counted with care",
    )
).split(" ")
OUTPUT_VOCAB: tuple[tuple[int, str], ...] = tuple((piece_id(" " + w), " " + w) for w in _WORDS)
"""The words a simulated request generates, as (token id, text) under ``ApproxTokenizer``."""


def output_vocab(encode: Callable[[str], list[int]]) -> tuple[tuple[int, str], ...]:
    """The generated words as (token id, text) under a real tokenizer: words that encode to
    exactly one token, so a later turn that resends the answer tokenizes it to the same ids the
    pod cached (as with a real model, whose answers are made of such tokens)."""
    vocab = []
    for word in _WORDS:
        ids = encode(" " + word)
        if len(ids) == 1:
            vocab.append((ids[0], " " + word))
    if not vocab:
        raise ValueError("the tokenizer encodes none of the output words as a single token")
    return tuple(vocab)


def output_token(
    request_id: str, index: int, vocab: tuple[tuple[int, str], ...] = OUTPUT_VOCAB
) -> tuple[int, str]:
    """The ``index``-th generated token of a request: deterministic, seeded by its id."""
    start = zlib.crc32(request_id.encode())
    return vocab[(start + index * 7) % len(vocab)]


class RequestTooLargeError(ValueError):
    """The request could never fit in the KV cache (vLLM rejects it up front too)."""


@dataclass(slots=True)
class SimRequest:
    """One generation request as the engine sees it."""

    request_id: str
    prompt_token_ids: list[int]
    max_tokens: int = 128
    lora_name: str | None = None
    """Scopes the prefix cache like a LoRA adapter (None for the base model)."""
    arrival_time: float = 0.0
    finish_reason: str = "length"
    """Reported when ``max_tokens`` is reached ("stop" when the client set no limit)."""


@dataclass(frozen=True, slots=True)
class TokenOutput:
    """One generated token; ``index`` 0 is the first token (TTFT)."""

    request_id: str
    token_id: int
    text: str
    index: int
    time: float


@dataclass(frozen=True, slots=True)
class FinishedRequest:
    """A request that completed, with the usage an OpenAI response reports."""

    request_id: str
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    finish_reason: str
    arrival_time: float
    first_token_time: float
    finish_time: float

    @property
    def ttft_s(self) -> float:
        return self.first_token_time - self.arrival_time

    @property
    def e2e_s(self) -> float:
        return self.finish_time - self.arrival_time


@dataclass(slots=True)
class StepOutput:
    """What one step did; tokens and finishes happen at ``end``."""

    start: float
    duration: float
    tokens: list[TokenOutput] = field(default_factory=list)
    finished: list[FinishedRequest] = field(default_factory=list)
    events: list[KVEvent] = field(default_factory=list)
    preempted: list[str] = field(default_factory=list)
    first_tokens: list[str] = field(default_factory=list)
    """Requests that emitted their first token in this step (their prefill is done)."""
    prefill_tokens: int = 0
    decode_batch: int = 0
    ttft_s: list[float] = field(default_factory=list)
    itl_s: list[float] = field(default_factory=list)

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass(frozen=True, slots=True)
class EngineConfig:
    """vLLM's scheduler and cache knobs, with vLLM's defaults where it has them."""

    num_gpu_blocks: int = 4096
    block_size: int = 16
    max_num_seqs: int = 256
    max_num_batched_tokens: int = 8192
    enable_prefix_caching: bool = True
    seed: int = 0
    signed_hashes: bool = False
    record_tokens: bool = True
    """Report every token, TTFT and ITL in ``StepOutput`` (a server streams them; the
    benchmark harness reads only finished requests and turns this off)."""


class _Seq:
    __slots__ = (
        "first_token_time",
        "hit",
        "hit_version",
        "kv",
        "last_token_time",
        "num_cached_tokens",
        "num_computed",
        "num_outputs",
        "req",
        "token_start",
        "tokens",
    )

    def __init__(self, req: SimRequest) -> None:
        self.req = req
        self.tokens = list(req.prompt_token_ids)
        self.num_outputs = 0
        self.num_computed = 0
        self.num_cached_tokens: int | None = None
        self.first_token_time = 0.0
        self.last_token_time = 0.0
        self.kv = KVCacheSeq(req.lora_name)
        self.token_start = zlib.crc32(req.request_id.encode())
        """Where its generated tokens start in the output vocabulary (``output_token``)."""
        self.hit: list[int] = []
        self.hit_version = -1
        """The prefix-cache version ``hit`` was looked up at (a waiting request that does not
        fit is retried every step; its match only changes when the cache does)."""


class SimEngine:
    """Continuous batching with chunked prefill, prefix caching and recompute preemption."""

    def __init__(
        self,
        config: EngineConfig | None = None,
        latency: LatencyModel | None = None,
        vocab: tuple[tuple[int, str], ...] = OUTPUT_VOCAB,
    ):
        self.config = config or EngineConfig()
        self._vocab = vocab
        self.latency: LatencyModel = latency or DynamoMockerLatency()
        c = self.config
        self.kv = KVCache(
            c.num_gpu_blocks,
            c.block_size,
            seed=c.seed,
            signed_hashes=c.signed_hashes,
            enable_prefix_caching=c.enable_prefix_caching,
        )
        self._kv_tokens = c.num_gpu_blocks * c.block_size
        self._waiting: deque[_Seq] = deque()
        self._running: list[_Seq] = []
        self._by_id: dict[str, _Seq] = {}
        self.prompt_tokens_total = 0
        self.generation_tokens_total = 0
        self.itl_seconds_total = 0.0
        self.itl_gaps_total = 0
        """Every inter-token gap so far, as ``vllm:inter_token_latency_seconds``' sum and count
        (whether or not steps record their tokens)."""
        self.ttft_seconds_total = 0.0
        self.first_tokens_total = 0
        """Every request's time to first token so far, as ``vllm:time_to_first_token_seconds``'
        sum and count."""
        self.num_preemptions_total = 0

    # ---- requests --------------------------------------------------------------------

    def add_request(self, req: SimRequest) -> None:
        """Queue a request; raises ``RequestTooLargeError`` if it could never fit."""
        if req.request_id in self._by_id:
            raise ValueError(f"duplicate request id {req.request_id!r}")
        if not req.prompt_token_ids:
            raise ValueError("the prompt must contain at least one token")
        if req.max_tokens < 1:
            raise ValueError("max_tokens must be at least 1")
        need = self.kv.blocks_needed(len(req.prompt_token_ids) + req.max_tokens)
        if need > self.config.num_gpu_blocks:
            raise RequestTooLargeError(
                f"prompt + max_tokens needs {need} KV blocks; the pod has {self.config.num_gpu_blocks}"
            )
        seq = _Seq(req)
        self._by_id[req.request_id] = seq
        self._waiting.append(seq)

    def abort_request(self, request_id: str) -> bool:
        """Drop a waiting or running request (client went away); False if unknown."""
        seq = self._by_id.pop(request_id, None)
        if seq is None:
            return False
        if seq in self._running:
            self._running.remove(seq)
        else:
            self._waiting.remove(seq)
        self.kv.free(seq.kv)
        return True

    def has_work(self) -> bool:
        """Whether ``step`` would do anything."""
        return bool(self._running or self._waiting)

    # ---- one step ----------------------------------------------------------------------

    def step(self, now: float) -> StepOutput:
        """Schedule and run one forward pass starting at ``now``."""
        out = StepOutput(start=now, duration=0.0)
        scheduled = self._schedule(out)
        prefill = 0
        decode_seqs = 0
        context = 0
        sampling: list[_Seq] = []
        for seq, n in scheduled:
            before = seq.num_computed
            computed = before + n
            seq.num_computed = computed
            length = len(seq.tokens)
            if n == 1 and seq.num_outputs and before == length - 1:
                decode_seqs += 1
                context += length
            else:
                prefill += n
            if computed >= length:
                sampling.append(seq)
        out.prefill_tokens = prefill
        out.decode_batch = len(sampling)
        if scheduled:
            out.duration = self.latency.step_s(prefill, decode_seqs, context, self._kv_tokens)
        seen = out.end + self.latency.ttft_overhead_s
        finished_any = False
        record = self.config.record_tokens
        for seq in sampling:
            self._sample(seq, seen, out, record)
            if seq.num_outputs >= seq.req.max_tokens:
                self._finish(seq, seen, out)
                finished_any = True
        if finished_any:
            self._running = [s for s in self._running if s.req.request_id in self._by_id]
        out.events = self.kv.drain_events()
        return out

    def _schedule(self, out: StepOutput) -> list[tuple[_Seq, int]]:
        budget = self.config.max_num_batched_tokens
        bs = self.config.block_size
        kv = self.kv
        scheduled: list[tuple[_Seq, int]] = []
        running = self._running
        preempted = False
        i = 0
        while i < len(running) and budget > 0:
            seq = running[i]
            seq_kv = seq.kv
            n = len(seq.tokens) - seq.num_computed
            if n > budget:
                n = budget
            upto = seq.num_computed + n
            if upto > len(seq_kv.block_ids) * bs:  # it needs another block
                fits = True
                while not kv.allocate(seq_kv, upto):
                    victim = running.pop()
                    self._preempt(victim, out)
                    preempted = True
                    if victim is seq:
                        fits = False
                        break
                if not fits:
                    i += 1
                    continue
            if upto // bs > seq_kv.num_cached_blocks:  # it fills a block: cache it
                kv.commit(seq_kv, seq.tokens, upto)
            scheduled.append((seq, n))
            budget -= n
            i += 1
        if preempted:
            return scheduled
        waiting = self._waiting
        while waiting and len(running) < self.config.max_num_seqs and budget > 0:
            seq = waiting[0]
            if seq.hit_version != kv.version:
                seq.hit = kv.match_prefix(seq.kv, seq.tokens)
                seq.hit_version = kv.version
            hit = seq.hit
            computed = len(hit) * bs
            n = min(len(seq.tokens) - computed, budget)
            if -(-(computed + n) // bs) - len(hit) > kv.num_free_blocks:
                break  # cannot fit even if no hit block had to be pinned: skip the walk
            if not kv.allocate(seq.kv, computed + n, hit):
                break
            waiting.popleft()
            kv.record_lookup(len(seq.tokens), computed)
            if seq.num_cached_tokens is None:
                seq.num_cached_tokens = computed
            seq.num_computed = computed
            running.append(seq)
            self._commit(seq, n, scheduled)
            budget -= n
        return scheduled

    def _commit(self, seq: _Seq, n: int, scheduled: list[tuple[_Seq, int]]) -> None:
        # Like vLLM's allocate_slots, blocks that this step will fill are cached when
        # scheduled, so an identical prompt admitted later in the same step shares them.
        self.kv.commit(seq.kv, seq.tokens, seq.num_computed + n)
        scheduled.append((seq, n))

    def _preempt(self, seq: _Seq, out: StepOutput) -> None:
        self.kv.free(seq.kv)
        seq.num_computed = 0
        self._waiting.appendleft(seq)
        self.num_preemptions_total += 1
        out.preempted.append(seq.req.request_id)

    def _sample(self, seq: _Seq, end: float, out: StepOutput, record: bool) -> None:
        vocab = self._vocab
        index = seq.num_outputs
        token_id, text = vocab[(seq.token_start + index * 7) % len(vocab)]
        if index:
            gap = end - seq.last_token_time
            self.itl_seconds_total += gap
            self.itl_gaps_total += 1
            if record:
                out.itl_s.append(gap)
        else:
            seq.first_token_time = end
            self.prompt_tokens_total += len(seq.req.prompt_token_ids)
            self.ttft_seconds_total += end - seq.req.arrival_time
            self.first_tokens_total += 1
            out.first_tokens.append(seq.req.request_id)
            if record:
                out.ttft_s.append(end - seq.req.arrival_time)
        seq.last_token_time = end
        if record:
            out.tokens.append(TokenOutput(seq.req.request_id, token_id, text, index, end))
        seq.tokens.append(token_id)
        seq.num_outputs = index + 1
        self.generation_tokens_total += 1

    def _finish(self, seq: _Seq, end: float, out: StepOutput) -> None:
        req = seq.req
        self.kv.free(seq.kv)
        del self._by_id[req.request_id]
        out.finished.append(
            FinishedRequest(
                request_id=req.request_id,
                prompt_tokens=len(req.prompt_token_ids),
                completion_tokens=seq.num_outputs,
                cached_tokens=seq.num_cached_tokens or 0,
                finish_reason=req.finish_reason,
                arrival_time=req.arrival_time,
                first_token_time=seq.first_token_time,
                finish_time=end,
            )
        )

    # ---- gauges and counters -----------------------------------------------------------

    @property
    def num_running(self) -> int:
        return len(self._running)

    @property
    def num_waiting(self) -> int:
        return len(self._waiting)

    @property
    def kv_usage(self) -> float:
        return self.kv.usage

    @property
    def prefix_cache_queries_total(self) -> int:
        return self.kv.prefix_queries

    @property
    def prefix_cache_hits_total(self) -> int:
        return self.kv.prefix_hits

    def running_loras(self) -> list[str]:
        """LoRA names of running requests, sorted (``vllm:lora_requests_info``)."""
        return sorted({s.req.lora_name for s in self._running if s.req.lora_name})

    def waiting_loras(self) -> list[str]:
        return sorted({s.req.lora_name for s in self._waiting if s.req.lora_name})

    def reset_prefix_cache(self) -> bool:
        """Clear the prefix cache (``AllBlocksCleared``); only when nothing runs."""
        return self.kv.reset()

    def drain_events(self) -> list[KVEvent]:
        """Events produced outside ``step`` (e.g. by ``reset_prefix_cache``)."""
        return self.kv.drain_events()
