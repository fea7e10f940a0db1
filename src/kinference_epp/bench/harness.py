"""The discrete-event benchmark: real scheduler, simulated pods, one virtual clock.

Per pod a :class:`~kinference_epp.sim.engine.SimEngine`; in front of them the picker's
real :class:`Scheduler` over a real :class:`PoolDatastore` whose loads are refreshed
from the engines' gauges every ``scrape_interval_s`` (as the scraper does), and a real
prefix index fed by the engines' KV events through the live code path: encoded with
``sim.events.encode_batch``, decoded with ``kvcache.events.decode_batch`` and applied by
``kvcache.writer.IndexWriter``, ``event_delay_s`` after the step that produced them.
Requests are hashed with ``kvcache.hashing.block_hashes`` in the scope the events use.

Nothing reads the wall clock, every random draw is seeded: one (workload, router, load,
seed) gives the same records every time. Picker CPU time is not simulated (a decision
is a small fraction of a request's time; benchmarks/picker_cost.py measures it).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import numpy as np

from kinference_epp.bench.clients import Client, ConcurrencyClient, PoissonClient
from kinference_epp.bench.routing import RouterUnderTest, build_router
from kinference_epp.bench.workloads import Conversation, TokenIds, WorkloadSpec, conversations
from kinference_epp.config.model import SchedulerConfig
from kinference_epp.kvcache.events import decode_batch
from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightConfig
from kinference_epp.scheduling.prefix_state import PrefixStateConfig
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.sim.engine import EngineConfig, SimEngine, SimRequest, StepOutput, output_token
from kinference_epp.sim.events import EventEncoding, encode_batch
from kinference_epp.sim.latency import DynamoMockerLatency, LatencyModel

_STEP_END, _DELIVER, _ARRIVE, _SCRAPE = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class HarnessOptions:
    seed: int = 0
    event_delay_s: float = 0.005
    """From the end of the step that produced a KV-event batch to the index applying it."""
    scrape_interval_s: float = 0.05
    encoding: EventEncoding = "map"
    latency: LatencyModel = field(default_factory=DynamoMockerLatency)
    scheduler: SchedulerConfig | None = None
    """Override the router's scheduler configuration (tuning experiments)."""
    prefix: PrefixStateConfig | None = None
    inflight: InflightConfig | None = None
    max_virtual_s: float = 36_000.0
    """Stop (and report what finished) if the virtual clock passes this."""


@dataclass(frozen=True, slots=True)
class RequestRecord:
    conversation: int
    turn: int
    endpoint: str
    arrival: float
    first_token: float
    finish: float
    prompt_tokens: int
    cached_tokens: int
    output_tokens: int

    @property
    def ttft_s(self) -> float:
        return self.first_token - self.arrival

    @property
    def e2e_s(self) -> float:
        return self.finish - self.arrival

    @property
    def itl_s(self) -> float:
        """Mean time between output tokens after the first (0 for one-token answers)."""
        if self.output_tokens <= 1:
            return 0.0
        return (self.finish - self.first_token) / (self.output_tokens - 1)


@dataclass(slots=True)
class RunResult:
    workload: str
    router: str
    load: float
    load_kind: str
    records: list[RequestRecord]
    preemptions: int
    wall_s: float
    picks: dict[str, int]
    unfinished: int = 0
    index_blocks: int = 0


@dataclass(slots=True)
class _Pod:
    key: EndpointKey
    engine: SimEngine
    busy: bool = False


@dataclass(slots=True)
class _Active:
    conv: Conversation
    turn: int
    history: TokenIds
    prompt: TokenIds
    endpoint: EndpointKey


class Harness:
    """One run: a workload at one load point through one router."""

    def __init__(
        self, spec: WorkloadSpec, router: str, load: float, options: HarnessOptions | None = None
    ) -> None:
        self.spec = spec
        self.options = o = options or HarnessOptions()
        self.load = load
        self.now = 0.0
        self._heap: list[tuple[float, int, int, Any]] = []
        self._seq = count()
        e = spec.engine
        self.block_size = e.block_size
        self.scope = HashScope(spec.model)
        engine_config = EngineConfig(
            num_gpu_blocks=spec.num_gpu_blocks(),
            block_size=e.block_size,
            max_num_seqs=e.max_num_seqs,
            max_num_batched_tokens=e.max_num_batched_tokens,
        )
        self.pool = PoolDatastore("bench")
        self.pods: dict[EndpointKey, _Pod] = {}
        for i in range(spec.pods):
            key = EndpointKey(f"10.0.0.{i + 1}:8000")
            self.pool.upsert(
                Endpoint(key=key, models=frozenset({spec.model}), metrics_url="", name=f"pod-{i}")
            )
            self.pods[key] = _Pod(key, SimEngine(engine_config, o.latency))
        self.index = BlockIndex(block_size=e.block_size)
        self.writer = IndexWriter(self.index)
        prefix_cfg = o.prefix or PrefixStateConfig(block_size=e.block_size)
        self.router: RouterUnderTest = build_router(
            router,
            self.pool,
            self.index,
            self._clock,
            seed=o.seed,
            config=o.scheduler,
            prefix_config=prefix_cfg,
            load_config=o.inflight,
        )
        self.convs = conversations(spec, o.seed)
        rng = np.random.default_rng([o.seed, 7])
        self.client: Client
        if spec.client.kind == "poisson":
            self.client = PoissonClient(load, rng)
        else:
            users = round(load)
            per_user = spec.client.conversations_per_user
            if per_user is not None:
                self.convs = self.convs[: per_user * users]
            self.client = ConcurrencyClient(users)
        self._active: dict[str, _Active] = {}
        self.records: list[RequestRecord] = []
        self.picks: dict[str, int] = {str(k): 0 for k in self.pods}
        self._conversations_left = len(self.convs)

    def _clock(self) -> float:
        return self.now

    def _push(self, at: float, kind: int, payload: Any) -> None:
        heapq.heappush(self._heap, (at, kind, next(self._seq), payload))

    def total_requests(self) -> int:
        return sum(len(c.turns) for c in self.convs)

    # ---- the loop ----------------------------------------------------------------------

    def run(self, on_request_done: Callable[[], None] | None = None) -> RunResult:
        started = time.perf_counter()
        for at, i in self.client.initial(len(self.convs)):
            conv = self.convs[i]
            self._push(at, _ARRIVE, (conv, 0, conv.prefix))
        self._push(0.0, _SCRAPE, None)
        heap = self._heap
        limit = self.options.max_virtual_s
        while heap:
            at, kind, _, payload = heapq.heappop(heap)
            if at > limit:
                break
            self.now = at
            if kind == _STEP_END:
                self._step_end(payload, on_request_done)
            elif kind == _DELIVER:
                key, data = payload
                self.writer.apply(key, self.spec.model, decode_batch(data))
            elif kind == _ARRIVE:
                self._arrive(*payload)
            else:
                self._scrape()
        return RunResult(
            workload=self.spec.name,
            router=self.router.name,
            load=self.load,
            load_kind=self.spec.client.kind,
            records=self.records,
            preemptions=sum(p.engine.num_preemptions_total for p in self.pods.values()),
            wall_s=time.perf_counter() - started,
            picks=self.picks,
            unfinished=len(self._active),
            index_blocks=self.index.num_entries,
        )

    def _scrape(self) -> None:
        for key, pod in self.pods.items():
            eng = pod.engine
            self.pool.update_load(
                key,
                LoadSnapshot(
                    running=eng.num_running,
                    waiting=eng.num_waiting,
                    kv_usage=eng.kv_usage,
                    scraped_at=self.now,
                ),
            )
        if self._conversations_left > 0:
            self._push(self.now + self.options.scrape_interval_s, _SCRAPE, None)

    def _arrive(self, conv: Conversation, turn: int, history: TokenIds) -> None:
        t = conv.turns[turn]
        prompt = np.concatenate((history, t.user))
        rid = f"c{conv.id}-t{turn}"
        req = SchedulingRequest(
            model=self.spec.model,
            request_id=rid,
            prompt_tokens=len(prompt),
            block_hashes=block_hashes(prompt, self.block_size, self.scope),
            max_tokens=t.output_tokens,
        )
        key = self.router.scheduler.schedule(req).primary
        self.picks[str(key)] += 1
        self._active[rid] = _Active(conv, turn, history, prompt, key)
        pod = self.pods[key]
        pod.engine.add_request(
            SimRequest(rid, prompt.tolist(), max_tokens=t.output_tokens, arrival_time=self.now)
        )
        self._kick(pod)

    def _kick(self, pod: _Pod) -> None:
        if pod.busy or not pod.engine.has_work():
            return
        out = pod.engine.step(self.now)
        if out.duration <= 0.0 and not out.finished and not out.events:
            return  # nothing could be scheduled; a later arrival or finish kicks it again
        pod.busy = True
        self._push(out.end, _STEP_END, (pod, out))

    def _step_end(
        self, payload: tuple[_Pod, StepOutput], on_done: Callable[[], None] | None
    ) -> None:
        pod, out = payload
        pod.busy = False
        if out.events:
            data = encode_batch(out.events, out.end, self.options.encoding)
            self._push(self.now + self.options.event_delay_s, _DELIVER, (pod.key, data))
        for fin in out.finished:
            active = self._active.pop(fin.request_id)
            self.router.finish(fin.request_id)
            self.records.append(
                RequestRecord(
                    conversation=active.conv.id,
                    turn=active.turn,
                    endpoint=str(pod.key),
                    arrival=fin.arrival_time,
                    first_token=fin.first_token_time,
                    finish=fin.finish_time,
                    prompt_tokens=fin.prompt_tokens,
                    cached_tokens=fin.cached_tokens,
                    output_tokens=fin.completion_tokens,
                )
            )
            if on_done is not None:
                on_done()
            self._next_turn(active, fin.request_id, fin.completion_tokens)
        self._kick(pod)

    def _next_turn(self, active: _Active, rid: str, completion_tokens: int) -> None:
        conv, turn = active.conv, active.turn + 1
        if turn < len(conv.turns):
            answer = np.fromiter(
                (output_token(rid, i)[0] for i in range(completion_tokens)),
                dtype=np.int64,
                count=completion_tokens,
            )
            self._push(self.now, _ARRIVE, (conv, turn, np.concatenate((active.prompt, answer))))
            return
        self._conversations_left -= 1
        nxt = self.client.on_done(self.now)
        if nxt is not None:
            c = self.convs[nxt]
            self._push(self.now, _ARRIVE, (c, 0, c.prefix))


def run_one(
    spec: WorkloadSpec,
    router: str,
    load: float,
    options: HarnessOptions | None = None,
    on_request_done: Callable[[], None] | None = None,
) -> RunResult:
    """Run one (workload, router, load point)."""
    return Harness(spec, router, load, options).run(on_request_done)
