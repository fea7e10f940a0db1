"""The discrete-event benchmark: real scheduler, simulated pods, one virtual clock.

Per pod a :class:`~kinference_epp.sim.engine.SimEngine`; in front of them the picker's
real :class:`Scheduler` over a real :class:`PoolDatastore` whose loads are refreshed
from the engines' gauges every ``scrape_interval_s`` (as the scraper does), and a real
prefix index fed by the engines' KV events through the live code path: encoded with
``sim.events.encode_batch``, decoded with ``kvcache.events.decode_batch`` and applied by
``kvcache.writer.IndexWriter``, ``event_delay_s`` after the step that produced them.
Requests are hashed with ``kvcache.hashing.block_hashes`` in the scope the events use.

An open-loop workload runs its whole load ladder (warm-up, then every stage) as one
continuous run, as inference-perf does; each record carries the stage its request arrived
in. The run stops ``drain_s`` after the last stage: requests still in flight then are
counted per stage as unfinished (they miss the SLO). A closed-loop workload runs once per
concurrency level.

A heterogeneous workload (``pod_classes``) gives each pod its own step-time factor and a GPU
label; a ``slowdown`` multiplies one pod's step time from a moment of the run on. When a
request finishes, the router's in-flight tracker and the admission layer's are told (as the
picker's access log tells it); with ``access_log``, the speed models also learn from the
request's access-log record, built from the engine's figures: status 200, TTFT, end-to-end
time, prompt, cached and completion tokens. Each scrape carries the engine's ITL histogram
totals (sum and count of every token gap), as vLLM's ``vllm:inter_token_latency_seconds``
does. Requests carry the workload's ``max_tokens`` (as its source's client sends it); each
answer's length is the workload's own.

An admission layer (``bench/admission.py``) sits on top of whichever router runs; every
refusal it answers (a 429, or a 503 when a queued request's TTL passes) is counted in
``shed``, in both loops. A layer with a queue (``gie-flow``) holds each arrival in it under
the virtual clock: a dispatch cycle runs after every arrival and every millisecond while
requests wait, and a request's TTFT and end-to-end time count from its arrival, so its wait
in the queue is in both.

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
import numpy.typing as npt

from kinference_epp.bench.admission import REQUEST_BYTES_PER_TOKEN, build_admission
from kinference_epp.bench.clients import WARMUP, Client, ConcurrencyClient, LadderClient
from kinference_epp.bench.routing import GPU_LABEL, RouterUnderTest, build_router
from kinference_epp.bench.workloads import Conversation, TokenIds, WorkloadSpec, conversations
from kinference_epp.config.model import SchedulerConfig, ShedConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.kvcache.events import decode_batch
from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightConfig, InflightEntry
from kinference_epp.scheduling.plugins.session_scorer import SESSION_HEADERS
from kinference_epp.scheduling.prefix_state import PrefixStateConfig
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.sim.engine import EngineConfig, SimEngine, SimRequest, StepOutput, output_token
from kinference_epp.sim.events import EventEncoding, encode_batch
from kinference_epp.sim.latency import LatencyModel, latency_model, scaled

SESSION_HEADER = SESSION_HEADERS[0]
"""Each conversation is a session named in Claude Code's header, as an agent names it (only a
session-affinity scorer reads it)."""

_STEP_END, _DELIVER, _ARRIVE, _SCRAPE, _SLOWDOWN, _STAGE_END, _DISPATCH, _EXPIRE = range(8)


@dataclass(frozen=True, slots=True)
class HarnessOptions:
    seed: int = 0
    event_delay_s: float = 0.005
    """From the end of the step that produced a KV-event batch to the index applying it."""
    scrape_interval_s: float = 0.05
    encoding: EventEncoding = "map"
    latency: LatencyModel = field(default_factory=lambda: latency_model("h100-8b"))
    scheduler: SchedulerConfig | None = None
    """Override the router's scheduler configuration (tuning experiments)."""
    prefix: PrefixStateConfig | None = None
    inflight: InflightConfig | None = None
    admission: str = "none"
    """The admission layer on top of the router (``bench/admission.py``)."""
    admission_shed: ShedConfig | None = None
    """The ``kinference`` admission layer's bounds (None: ``ShedConfig``'s defaults)."""
    access_log: bool = False
    """Access-log records teach every router that can learn from them (our speed model, and
    the ``kinference`` admission layer's); False: none learns from them."""
    collapse_ttft_s: float | None = 2.0
    """Open loop: stop the run once two stages in a row have at least half their requests
    already past this TTFT at the stage's end (the ladder only climbs, so every later stage
    fails too); the stages not run count their planned requests as unfinished. None: run the
    whole ladder."""
    max_virtual_s: float = 36_000.0
    """Stop (and report what finished) if the virtual clock passes this (closed loop; an
    open-loop run stops ``drain_s`` after its last stage)."""
    stage_pause_s: float | None = None
    """Open loop: None runs the ladder as one continuous run; a number of seconds runs it as
    inference-perf's multi-process load generator does, each stage (the warm-up first)
    starting that long after the last request of the one before it finished, so no stage
    inherits another's backlog (the run has no collapse stop then, and ends at
    ``max_virtual_s`` at the latest)."""


@dataclass(frozen=True, slots=True)
class RequestRecord:
    conversation: int
    turn: int
    stage: int
    """The load stage the request arrived in (``clients.WARMUP`` for the warm-up; 0 in a
    closed-loop run)."""
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
    latency: str
    load_kind: str
    loads: list[float]
    """The load of each stage (open loop: stage rates) or the one concurrency level."""
    records: list[RequestRecord]
    preemptions: int
    wall_s: float
    picks: dict[str, int]
    unfinished: dict[int, int] = field(default_factory=dict)
    """Requests still in flight when the run stopped, per stage."""
    preemptions_by_stage: dict[int, int] = field(default_factory=dict)
    """Preemptions per stage of the requests preempted (open loop)."""
    shed: dict[int, int] = field(default_factory=dict)
    """Requests the admission layer refused (429, or 503 on a queue TTL), per stage: open
    loop, each misses the SLO (the workload's arrivals do not retry); closed loop, each is a
    refused attempt that the user sends again after the ``retry-after`` (one second when the
    layer sends none)."""
    queued: dict[int, int] = field(default_factory=dict)
    """Requests that spent time in the admission layer's queue (``gie-flow``) before being
    routed, per stage."""
    admission: str = "none"
    seed: int = 0
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
    stage: int
    history: TokenIds
    prompt: TokenIds
    endpoint: EndpointKey
    arrival: float
    first_token: float | None = None


class Harness:
    """One run: a workload through one router (its whole ladder, or one concurrency level)."""

    def __init__(
        self,
        spec: WorkloadSpec,
        router: str,
        load: float | None = None,
        options: HarnessOptions | None = None,
    ) -> None:
        self.options = o = options or HarnessOptions()
        self.spec = spec = spec.for_latency(o.latency)
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
            record_tokens=False,
        )
        self.pool = PoolDatastore("bench")
        self.pods: dict[EndpointKey, _Pod] = {}
        for i, (gpu, factor) in enumerate(spec.pod_gpus()):
            key = EndpointKey(f"10.0.0.{i + 1}:8000")
            self.pool.upsert(
                Endpoint(
                    key=key,
                    models=frozenset({spec.model}),
                    base_model=spec.model,
                    metrics_url="",
                    name=f"pod-{i}",
                    labels={GPU_LABEL: gpu} if gpu else {},
                )
            )
            self.pods[key] = _Pod(key, SimEngine(engine_config, scaled(o.latency, factor)))
        self.index = BlockIndex(block_size=e.block_size)
        self.writer = IndexWriter(self.index)
        prefix_cfg = o.prefix or PrefixStateConfig(block_size=e.block_size)
        admission = build_admission(
            o.admission,
            self.pool,
            self._clock,
            inflight_config=o.inflight,
            access_log=o.access_log,
            shed=o.admission_shed,
        )
        self.router: RouterUnderTest = build_router(
            router,
            self.pool,
            self.index,
            self._clock,
            seed=o.seed,
            admission=admission,
            access_log=o.access_log,
            config=o.scheduler,
            prefix_config=prefix_cfg,
            load_config=o.inflight,
            num_gpu_blocks=spec.num_gpu_blocks(),
        )
        self.convs = conversations(spec, o.seed)
        rng = np.random.default_rng([o.seed, 7])
        c = spec.client
        self.client: Client
        self.horizon = o.max_virtual_s
        if c.open_loop:
            assert c.stages is not None
            ladder = LadderClient(c.stages, rng, poisson=c.kind == "poisson", warmup=c.warmup)
            self.client = ladder
            self.loads = [st.rate for st in c.stages]
            if o.stage_pause_s is None:
                self.horizon = min(self.horizon, ladder.end_s + c.drain_s)
            self._windows = ladder.stage_windows()
        else:
            if load is None:
                raise ValueError("a closed-loop workload runs at one concurrency level")
            users = round(load)
            per_user = c.conversations_per_user
            if per_user is not None:
                self.convs = self.convs[: per_user * users]
            self.client = ConcurrencyClient(users)
            self.loads = [float(load)]
        self._active: dict[str, _Active] = {}
        self.records: list[RequestRecord] = []
        self.picks: dict[str, int] = {str(k): 0 for k in self.pods}
        self._pending = 0
        self._planned: dict[int, int] = {}
        """Open loop: arrivals planned per stage."""
        self._shed: dict[int, int] = {}
        self._queued: dict[int, int] = {}
        self._flow = admission.flow
        self._dispatch_due = False
        """A dispatch cycle of the admission layer's queue is on the heap."""
        self._late_stages = 0
        self._stage_records: dict[int, list[RequestRecord]] = {}
        self._stopped_at: int | None = None
        """The first stage not run (a collapse stopped the run before it)."""
        """Conversations started or scheduled to start and not yet over."""
        self._sends = count()
        self._first_turn: dict[int, tuple[TokenIds, npt.NDArray[np.uint64], list[int]]] = {}
        """Per conversation, its first prompt, block hashes and token list (re-sent cyclically,
        so hashed once)."""
        self._preemptions: dict[int, int] = {}
        self._later: list[tuple[int, list[tuple[float, Conversation]]]] = []
        """Paused stages (``stage_pause_s``): the stages not yet started, in order, each with
        its arrivals (offset from the stage's start) and conversations."""
        self._left: dict[int, int] = {}
        """Paused stages: requests of each started stage not yet over."""

    def _clock(self) -> float:
        return self.now

    def _push(self, at: float, kind: int, payload: Any) -> None:
        heapq.heappush(self._heap, (at, kind, next(self._seq), payload))

    def total_requests(self) -> int:
        if self.spec.client.open_loop:
            return sum(1 for _ in self.client.initial(len(self.convs)))
        return sum(len(c.turns) for c in self.convs)

    # ---- the loop ----------------------------------------------------------------------

    def run(self, on_request_done: Callable[[], None] | None = None) -> RunResult:
        started = time.perf_counter()
        paused = self.spec.client.open_loop and self.options.stage_pause_s is not None
        stages: dict[int, list[tuple[float, Conversation]]] = {}
        for arrival in self.client.initial(len(self.convs)):
            conv = self.convs[arrival.conversation]
            self._planned[arrival.stage] = self._planned.get(arrival.stage, 0) + 1
            self._pending += 1
            if paused:
                stages.setdefault(arrival.stage, []).append((arrival.time, conv))
            else:
                self._push(arrival.time, _ARRIVE, (conv, 0, conv.prefix, arrival.stage))
        if paused:
            warm = [WARMUP] if self.spec.client.warmup is not None else []
            order = warm + list(range(len(self.loads)))
            starts = [0.0] * len(warm) + [a for a, _ in self._windows]
            self._later = [
                (stage, [(t - start, conv) for t, conv in stages.get(stage, [])])
                for stage, start in zip(order, starts, strict=True)
            ]
            self._next_stage(0.0)
        self._push(0.0, _SCRAPE, None)
        if self.spec.slowdown is not None:
            self._push(self.spec.slowdown.at_s, _SLOWDOWN, self.spec.slowdown)
        if not paused and self.spec.client.open_loop and self.options.collapse_ttft_s is not None:
            for stage, (_, end) in enumerate(self._windows):
                self._push(end, _STAGE_END, stage)
        heap = self._heap
        limit = self.horizon
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
            elif kind == _SCRAPE:
                self._scrape()
            elif kind == _SLOWDOWN:
                pod = list(self.pods.values())[payload.pod]
                pod.engine.latency = scaled(pod.engine.latency, payload.factor)
            elif kind == _DISPATCH:
                self._dispatch_due = False
                self._dispatch()
            elif kind == _EXPIRE:
                self._expire()
            elif self._stage_end(payload):
                break
        unfinished: dict[int, int] = {}
        for active in self._active.values():
            unfinished[active.stage] = unfinished.get(active.stage, 0) + 1
        for queued in self._flow or ():
            stage = queued.item[3]
            unfinished[stage] = unfinished.get(stage, 0) + 1
        if self._stopped_at is not None:
            for stage in range(self._stopped_at, len(self.loads)):
                unfinished[stage] = self._planned.get(stage, 0)
        return RunResult(
            workload=self.spec.name,
            router=self.router.name,
            latency=self.options.latency.name,
            load_kind=self.spec.client.kind,
            loads=self.loads,
            records=self.records,
            preemptions=sum(p.engine.num_preemptions_total for p in self.pods.values()),
            wall_s=time.perf_counter() - started,
            picks=self.picks,
            unfinished=unfinished,
            preemptions_by_stage=self._preemptions,
            shed=self._shed,
            queued=self._queued,
            admission=self.options.admission,
            seed=self.options.seed,
            index_blocks=self.index.num_entries,
        )

    def _stage_end(self, stage: int) -> bool:
        """At the end of ``stage``: whether the router has collapsed (stop the run)."""
        assert self.options.collapse_ttft_s is not None
        limit = self.options.collapse_ttft_s
        planned = self._planned.get(stage, 0)
        late = sum(
            1
            for a in self._active.values()
            if a.stage == stage and (a.first_token or self.now) - a.arrival > limit
        )
        late += sum(1 for r in self._stage_records.get(stage, ()) if r.ttft_s > limit)
        late += sum(
            1 for q in self._flow or () if q.item[3] == stage and self.now - q.item[4] > limit
        )
        self._late_stages = self._late_stages + 1 if planned and late * 2 >= planned else 0
        if self._late_stages < 2:
            return False
        self._stopped_at = stage + 1
        return True

    def _scrape(self) -> None:
        scraped = self.router.scraped
        admission_scraped = self.router.admission.scraped
        for key, pod in self.pods.items():
            eng = pod.engine
            snap = LoadSnapshot(
                running=eng.num_running,
                waiting=eng.num_waiting,
                kv_usage=eng.kv_usage,
                block_size=eng.config.block_size,
                num_gpu_blocks=eng.config.num_gpu_blocks,
                itl_sum=eng.itl_seconds_total,
                itl_count=eng.itl_gaps_total,
                ttft_sum=eng.ttft_seconds_total,
                ttft_count=eng.first_tokens_total,
                scraped_at=self.now,
            )
            if self.pool.update_load(key, snap):
                if scraped is not None:
                    scraped(key, snap)
                if admission_scraped is not None:
                    admission_scraped(key, snap)
        if self._pending > 0:
            self._push(self.now + self.options.scrape_interval_s, _SCRAPE, None)

    def _arrive(
        self,
        conv: Conversation,
        turn: int,
        history: TokenIds,
        stage: int,
        since: float | None = None,
    ) -> None:
        """Turn ``turn`` of ``conv`` reaches the gateway; ``since``: its first attempt, when
        this is a retry. With a queueing admission layer it waits in the queue first."""
        flow = self._flow
        if flow is None:
            self._send(conv, turn, history, stage, since)
            return
        first = self._first_turn.get(conv.id) if turn == 0 else None
        tokens = len(first[0]) if first is not None else len(history) + len(conv.turns[turn].user)
        attempt = self.now if since is None else since
        queued = flow.enqueue(
            (conv, turn, history, stage, attempt), tokens * REQUEST_BYTES_PER_TOKEN, self.now
        )
        if queued is None:
            self._shed_one(conv, turn, history, stage, since, retry_s=1.0)
            return
        if queued.deadline is not None:
            self._push(queued.deadline, _EXPIRE, None)
        self._dispatch()

    def _dispatch(self) -> None:
        """One dispatch cycle of the admission layer's queue (after an arrival, or on its
        ticker), and the next tick while requests still wait."""
        flow = self._flow
        assert flow is not None
        queued = flow.dispatch()
        if queued is not None:
            conv, turn, history, stage, attempt = queued.item
            if queued.enqueued_at < self.now:
                self._queued[stage] = self._queued.get(stage, 0) + 1
            self._send(conv, turn, history, stage, attempt)
        if len(flow) > 0 and not self._dispatch_due:
            self._dispatch_due = True
            self._push(self.now + flow.tick_s, _DISPATCH, None)

    def _expire(self) -> None:
        """Queued requests whose TTL has passed: answered 503, counted as refused."""
        assert self._flow is not None
        for queued in self._flow.expire(self.now):
            conv, turn, history, stage, attempt = queued.item
            self._shed_one(conv, turn, history, stage, attempt, retry_s=1.0)

    def _send(
        self,
        conv: Conversation,
        turn: int,
        history: TokenIds,
        stage: int,
        since: float | None = None,
    ) -> None:
        """Route turn ``turn`` of ``conv`` and hand it to its pod; ``since``: when the user
        first sent it (a retry, or a wait in the admission layer's queue)."""
        rid = f"s{next(self._sends)}-c{conv.id}-t{turn}"
        t = conv.turns[turn]
        first = self._first_turn.get(conv.id) if turn == 0 else None
        if first is None:
            prompt = np.concatenate((history, t.user))
            hashes = block_hashes(prompt, self.block_size, self.scope)
            tokens = prompt.tolist()
            if turn == 0:
                self._first_turn[conv.id] = (prompt, hashes, tokens)
        else:
            prompt, hashes, tokens = first
        req = SchedulingRequest(
            model=self.spec.model,
            headers={SESSION_HEADER: f"c{conv.id}"},
            request_id=rid,
            prompt_tokens=len(prompt),
            block_hashes=hashes,
            max_tokens=self.spec.max_tokens,
        )
        try:
            key = self.router.scheduler.schedule(req).primary
        except PoolSaturatedError as err:
            retry_s = float(dict(err.headers).get("retry-after", "1"))
            self._shed_one(conv, turn, history, stage, since, retry_s)
            return
        self.picks[str(key)] += 1
        first_attempt = self.now if since is None else since
        self._active[rid] = _Active(conv, turn, stage, history, prompt, key, first_attempt)
        pod = self.pods[key]
        pod.engine.add_request(
            SimRequest(rid, tokens, max_tokens=t.output_tokens, arrival_time=self.now)
        )
        self._kick(pod)

    def _shed_one(
        self,
        conv: Conversation,
        turn: int,
        history: TokenIds,
        stage: int,
        since: float | None,
        retry_s: float,
    ) -> None:
        """A request refused, counted in ``shed`` of its stage either way: a closed-loop user
        sends the turn again ``retry_s`` later (its TTFT counts from the first attempt); an
        open-loop arrival misses the SLO and its conversation ends."""
        self._shed[stage] = self._shed.get(stage, 0) + 1
        if not self.spec.client.open_loop:
            since = self.now if since is None else since
            self._push(self.now + retry_s, _ARRIVE, (conv, turn, history, stage, since))
            return
        self._conversation_over(stage)

    def _next_stage(self, at: float) -> None:
        """Paused stages: start the next stage not yet started at ``at``."""
        while self._later:
            stage, arrivals = self._later.pop(0)
            if not arrivals:
                continue
            self._left[stage] = len(arrivals)
            for offset, conv in arrivals:
                self._push(at + offset, _ARRIVE, (conv, 0, conv.prefix, stage))
            return

    def _conversation_over(self, stage: int) -> None:
        left = self._left.get(stage)
        if left is not None:
            self._left[stage] = left - 1
            if left == 1:
                # the client sees the last token the latency model's overhead after its step
                o = self.options
                assert o.stage_pause_s is not None
                self._next_stage(self.now + o.latency.ttft_overhead_s + o.stage_pause_s)
        self._pending -= 1
        nxt = self.client.on_done(self.now)
        if nxt is not None:
            c = self.convs[nxt]
            self._pending += 1
            self._push(self.now, _ARRIVE, (c, 0, c.prefix, 0))

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
        for rid in out.first_tokens:
            self.router.first_token(rid)
            self._active[rid].first_token = self.now
        for rid in out.preempted:
            stage = self._active[rid].stage
            self._preemptions[stage] = self._preemptions.get(stage, 0) + 1
        if out.events:
            data = encode_batch(out.events, out.end, self.options.encoding)
            self._push(self.now + self.options.event_delay_s, _DELIVER, (pod.key, data))
        learn = self.router.learn
        admission = self.router.admission
        for fin in out.finished:
            active = self._active.pop(fin.request_id)
            entry = self.router.finish(fin.request_id)
            admitted = admission.finish(fin.request_id)
            if (learn is not None and isinstance(entry, InflightEntry)) or (
                admission.learn is not None and admitted is not None
            ):
                record = UsageRecord(
                    request_id=fin.request_id,
                    model=self.spec.model,
                    endpoint=str(pod.key),
                    status=200,
                    e2e_s=fin.e2e_s,
                    ttft_s=fin.ttft_s,
                    prompt_tokens=fin.prompt_tokens,
                    completion_tokens=fin.completion_tokens,
                    cached_tokens=fin.cached_tokens,
                )
                if learn is not None and isinstance(entry, InflightEntry):
                    learn(record, entry)
                if admission.learn is not None and admitted is not None:
                    admission.learn(record, admitted)
            done = RequestRecord(
                conversation=active.conv.id,
                turn=active.turn,
                stage=active.stage,
                endpoint=str(pod.key),
                arrival=active.arrival,
                first_token=fin.first_token_time,
                finish=fin.finish_time,
                prompt_tokens=fin.prompt_tokens,
                cached_tokens=fin.cached_tokens,
                output_tokens=fin.completion_tokens,
            )
            self.records.append(done)
            self._stage_records.setdefault(active.stage, []).append(done)
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
            history = np.concatenate((active.prompt, answer))
            self._push(self.now, _ARRIVE, (conv, turn, history, active.stage))
            return
        self._conversation_over(active.stage)


def run_one(
    spec: WorkloadSpec,
    router: str,
    load: float | None = None,
    options: HarnessOptions | None = None,
    on_request_done: Callable[[], None] | None = None,
) -> RunResult:
    """Run one (workload, router): its whole ladder, or one concurrency level ``load``."""
    return Harness(spec, router, load, options).run(on_request_done)
