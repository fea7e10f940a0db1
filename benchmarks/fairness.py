"""Who gets a saturated pool: flow control's priority bands and fair share, on a virtual clock.

    .venv/bin/python benchmarks/fairness.py                 # every scenario, 3 seeds (~minutes)
    .venv/bin/python benchmarks/fairness.py --scenarios a --seeds 0

Simulated pods (``sim.engine.SimEngine``, the ``h100-8b`` latency model) behind the picker's
real ``Scheduler`` (router ``kinference``: precise-prefix over load-cost, with its shed guard) and
the real flow control (``fairness.gate.FlowGate`` over ``fairness.queue.FairQueue``), wired as
the picker wires them: with flow control a pick is first checked against its pod's measured ITL
(``fairness.headroom.DecodeHeadroom`` at the guard's ``itl_s``, in place of the guard's own ITL
line), then by the guard's wait-for-a-slot bound; a request either refuses waits; the queue is
pumped on every finish of a request its replica dispatched (``FlowGate.finished``), dispatch and
scrape, and a request released goes to the pick at once; a request still waiting ``max_wait_s``
after it arrived is refused. Pods are scraped every 50 ms
and the speed model learns from every finish, as in ``bench/harness.py``; nothing reads the
wall clock and every draw is seeded.

Each tenant sends open-loop Poisson arrivals of random prompts (no prefix shared: every prompt
token is prefill work) of its own sizes. Policies compared:

- ``none``: no queue: the shed guard answers 429 at once, whoever asks (first come);
- ``gie-flow-control``: the Inference Extension / llm-d flow control with its
  ``round-robin-fairness-policy`` (fairness by request between flows; its default,
  ``global-strict-fairness-policy``, keeps one order within a band, close to ``none`` plus a
  queue): bands strictly by priority, one request per flow in turn, weights ignored;
- ``request-fair``: least weighted *requests* served first (per-request fair share);
- ``vtc``: ours, least weighted *tokens* served first (Virtual Token Counter).

Per tenant: SLO attainment (TTFT from arrival, queue wait included, <= 2 s and mean ITL
<= 50 ms; a refused request misses it), its share of the service the pool gave (weighted
tokens: uncached prompt + 2 x output, what the counters count) and refusals. Jain's index is
over each tenant's weighted service divided by its max-min weighted fair allocation (water
filling of the pool's delivered service over the tenants' offered service): 1.0 when every
tenant got its fair allocation, whether it asked for more (a share) or less (all it asked).
For ``vtc``, each tenant's misses by cause per seed: refused, TTFT past the bound, ITL past it.

Writes ``benchmarks/results/fairness.{md,json}`` (and ``.png`` where matplotlib is installed).
"""

from __future__ import annotations

import argparse
import heapq
import json
import sys
import time
from dataclasses import asdict, dataclass, field, replace
from itertools import count
from pathlib import Path
from typing import Any

import msgspec
import numpy as np

from kinference_epp.bench.admission import build_admission
from kinference_epp.bench.routing import RouterUnderTest, build_router
from kinference_epp.config.flow import FlowControlConfig, band_of
from kinference_epp.config.model import ShedConfig
from kinference_epp.errors import KinferenceError, PoolSaturatedError
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.headroom import DecodeHeadroom
from kinference_epp.fairness.queue import WAITING, Ticket
from kinference_epp.fairness.shared import MemoryBoard, ServiceLedger, sync_now
from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightEntry
from kinference_epp.scheduling.shed import CheckedFirst
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.sim.engine import EngineConfig, SimEngine, SimRequest, StepOutput
from kinference_epp.sim.latency import latency_model

MODEL = "m"
PODS = 2
TTFT_SLO_S = 2.0
ITL_SLO_S = 0.05
DURATION_S = 60.0
"""Arrivals for this long (counted from ``WARMUP_S``); the run then drains for ``DRAIN_S``."""
DRAIN_S = 30.0
WARMUP_S = 10.0
"""Arrivals before this are served but not counted: the pool filling, before any queue forms
(first come while nothing is saturated)."""
SCRAPE_S = 0.05
MAX_WAIT_S = 1.5
"""Flow control's longest wait here: what the TTFT SLO leaves after the pod's own TTFT (a
request waiting longer would miss the SLO anyway: refused, it can go elsewhere at once)."""

DISPATCH_TTFT_S = 0.25
"""With flow control, the shed guard's wait-for-a-batch-slot bound is the dispatch bound: the
wait happens in the picker, where the order is chosen, rather than in the pod's queue."""

ITL_CHECKS = ("measured", "line")
ITL_CHECK = "measured"
"""How flow control bounds a pod's ITL (``--itl-check``): ``measured``, the pod's ITL as its
histogram measured it (``fairness.headroom``, what the picker does); ``line``, the shed guard's
prediction from the speed model's learned line at the pod's KV in use (for comparison)."""

ITL_TARGET_S = ShedConfig().itl_s
"""With flow control, the ITL each pod is held under (``fairness.headroom``, measured): the shed
guard's ITL bound, a margin under the SLO."""

POLICIES: dict[str, FlowControlConfig | None] = {
    "none": None,
    "gie-flow-control": FlowControlConfig(max_wait_s=MAX_WAIT_S, fairness="round-robin"),
    "request-fair": FlowControlConfig(max_wait_s=MAX_WAIT_S, fairness="requests"),
    "vtc": FlowControlConfig(max_wait_s=MAX_WAIT_S, fairness="vtc"),
}


@dataclass(frozen=True)
class TenantLoad:
    name: str
    rate: float
    """Requests per second offered."""
    prompt: int
    output: int
    weight: int = 1
    priority: str = "standard"


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    tenants: tuple[TenantLoad, ...]


# Capacity of the 2-pod pool at 1000-token prompts and 200-token outputs, first come with the
# shed guard: about 50 requests/s (``--calibrate`` prints the sweep this comes from: 99.9 % of
# requests meet the SLO at 45/s, 97.6 % at 50/s, 87.6 % at 60/s).
SCENARIOS = (
    Scenario(
        "a",
        "two tenants of weight 1, one offering 10x the other, together 1.5x capacity",
        (TenantLoad("light", 7.0, 1000, 200), TenantLoad("heavy", 70.0, 1000, 200)),
    ),
    Scenario(
        "b",
        "weights 3:1, both saturating (each offers the pool's capacity)",
        (TenantLoad("gold", 50.0, 1000, 200, weight=3), TenantLoad("base", 50.0, 1000, 200)),
    ),
    Scenario(
        "c",
        "three bands, critical 0.3x / standard 0.5x / sheddable 0.6x capacity",
        (
            TenantLoad("web", 15.0, 1000, 200, priority="critical"),
            TenantLoad("app", 25.0, 1000, 200, priority="standard"),
            TenantLoad("batch", 30.0, 1000, 200, priority="sheddable"),
        ),
    ),
    Scenario(
        "d",
        "equal request rates, one tenant's prompts 10x longer, together past capacity",
        (TenantLoad("short", 45.0, 400, 200), TenantLoad("long", 45.0, 4000, 200)),
    ),
)


@dataclass
class RequestRecord:
    tenant: str
    arrival: float
    prompt: int
    output: int
    status: int = 0
    """200 served, else the refusal's status; 0: unfinished at the end."""
    ttft_s: float = 0.0
    itl_s: float = 0.0
    cached: int = 0
    reason: str = ""
    dispatched: float = 0.0


@dataclass
class TenantResult:
    offered: int = 0
    served: int = 0
    slo_met: int = 0
    refused_429: int = 0
    refused_503: int = 0
    unfinished: int = 0
    service: float = 0.0
    offered_service: float = 0.0
    wait_p90_s: float = 0.0
    missed_ttft: int = 0
    """Served, its TTFT (queue wait included) past the SLO (whatever its ITL)."""
    missed_itl: int = 0
    """Served within the TTFT SLO, its mean ITL past the SLO."""
    queue_p90_s: float = 0.0
    """p90 of the served requests' wait in the picker (arrival to dispatch)."""
    itl_p50_s: float = 0.0
    itl_p90_s: float = 0.0
    """Percentiles of the served requests' mean ITL."""

    @property
    def attainment(self) -> float:
        return self.slo_met / self.offered if self.offered else 0.0


@dataclass
class RunResult:
    scenario: str
    policy: str
    seed: int
    tenants: dict[str, TenantResult] = field(default_factory=dict)
    goodput_rpm: float = 0.0
    jain: float = 0.0
    shares: dict[str, float] = field(default_factory=dict)
    wall_s: float = 0.0


_STEP, _ARRIVE, _SCRAPE, _EXPIRE, _SYNC = 0, 1, 2, 3, 4

UNSHARED = "-unshared"
SYNC_S = 0.1
"""With several replicas: how often each exchanges its counters (``sync_interval_s``'s
default)."""


class Replica:
    """One picker: its own view of the pool (scraped), its router with its own picks in
    flight, its own flow control; with others, its counters shared through a board."""

    def __init__(self, run: Run, index: int, cfg: FlowControlConfig | None) -> None:
        self.index = index
        self.pool = PoolDatastore("bench")
        for key in run.pods:
            self.pool.upsert(
                Endpoint(key=key, models=frozenset({MODEL}), base_model=MODEL, metrics_url="")
            )
        # with flow control, the picked pod's measured ITL decides first (fairness.headroom),
        # then the shared shed guard (its TTFT bound, and the count of every replica's picks)
        self.headroom = DecodeHeadroom(ITL_TARGET_S)
        measured = cfg is not None and ITL_CHECK == "measured"
        self.admission = CheckedFirst(self.headroom, run.layer.check)
        self.router: RouterUnderTest = build_router(
            "kinference",
            self.pool,
            BlockIndex(block_size=16),
            run._clock,
            seed=run.seed + 1000 * index,
            admission=replace(run.layer, check=self.admission) if measured else run.layer,
        )
        self.gate = (
            FlowGate(cfg, self._probe, clock=run._clock, wall=run._clock)
            if cfg is not None
            else None
        )
        self.released = False
        if self.gate is not None:
            self.gate.watch(self._on_release)
        self.waiting: dict[str, Ticket] = {}
        self.ledger: ServiceLedger | None = None

    def _probe(self, req: SchedulingRequest) -> None:
        self.router.scheduler.schedule(msgspec.structs.replace(req, dry_run=True))

    def _on_release(self) -> None:
        self.released = True


class Run:
    def __init__(
        self,
        scenario: Scenario,
        policy: str,
        seed: int,
        tenants: tuple[TenantLoad, ...] = (),
        replicas: int = 1,
    ) -> None:
        """``policy`` ending ``-unshared``: with several replicas, each orders by its own
        counters only (no sync)."""
        self.scenario = scenario
        self.policy = policy
        self.seed = seed
        self.loads = tenants or scenario.tenants
        self.now = 0.0
        self.heap: list[tuple[float, int, int, Any]] = []
        self.seq = count()
        self.rng = np.random.default_rng([seed, 36])
        self.spread = np.random.default_rng([seed, 37])
        """Which replica the gateway sends each request to (uniformly at random)."""
        engine = EngineConfig(num_gpu_blocks=16384, block_size=16, record_tokens=False)
        self.pods: dict[EndpointKey, SimEngine] = {}
        self.busy: set[EndpointKey] = set()
        for i in range(PODS):
            key = EndpointKey(f"10.0.0.{i + 1}:8000")
            self.pods[key] = SimEngine(engine, latency_model("h100-8b"))
        shared = not policy.endswith(UNSHARED)
        cfg = POLICIES[policy.removesuffix(UNSHARED)]
        # The shed guard is the harness's admission layer (the router's own is turned off),
        # fed every pick, finish, scrape and access-log record. One for all the replicas: the
        # guard's TTFT check sets this picker's own picks at an endpoint against its scraped
        # running batch, which with several replicas undercounts the queue (it never fires:
        # measured, every request then misses the SLO); one guard over every replica's picks
        # is the pool-wide saturation signal this benchmark assumes, so that what it measures
        # across replicas is the fair share.
        self.guard_pool = PoolDatastore("bench")
        for key in self.pods:
            self.guard_pool.upsert(
                Endpoint(key=key, models=frozenset({MODEL}), base_model=MODEL, metrics_url="")
            )
        self.layer = build_admission(
            "kinference",
            self.guard_pool,
            self._clock,
            access_log=True,
            shed=(
                ShedConfig()
                if cfg is None
                else ShedConfig(ttft_s=DISPATCH_TTFT_S)
                if ITL_CHECK == "line"
                else ShedConfig(ttft_s=DISPATCH_TTFT_S, itl_s=0.0)
            ),
        )
        self.replicas = [Replica(self, i, cfg) for i in range(replicas)]
        self.board: MemoryBoard | None = None
        if replicas > 1 and shared and cfg is not None:
            self.board = MemoryBoard()
            for r in self.replicas:
                assert r.gate is not None
                r.ledger = r.gate.queue.ledger = ServiceLedger(f"r{r.index}")
        self.scope = HashScope(MODEL)
        self.outcomes: dict[str, RequestRecord] = {}
        self.requests: dict[str, tuple[SchedulingRequest, list[int], TenantLoad]] = {}
        self.owner: dict[str, Replica] = {}
        self.first_token: dict[str, float] = {}

    def _clock(self) -> float:
        return self.now

    def _push(self, at: float, kind: int, payload: Any) -> None:
        heapq.heappush(self.heap, (at, kind, next(self.seq), payload))

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> list[RequestRecord]:
        ids = count()
        for tl in self.loads:
            t = 0.0
            while True:
                t += float(self.rng.exponential(1.0 / tl.rate))
                if t >= DURATION_S:
                    break
                self._push(t, _ARRIVE, (f"{tl.name}-{next(ids)}", tl))
        n = len(self.replicas)
        for r in self.replicas:  # each replica scrapes and syncs on its own phase
            self._push(r.index * SCRAPE_S / n, _SCRAPE, r)
            if self.board is not None:
                self._push(r.index * SYNC_S / n, _SYNC, r)
        horizon = DURATION_S + DRAIN_S
        while self.heap:
            at, kind, _, payload = heapq.heappop(self.heap)
            if at > horizon:
                break
            self.now = at
            if kind == _STEP:
                self._step_end(*payload)
            elif kind == _ARRIVE:
                self._arrive(*payload)
            elif kind == _SCRAPE:
                self._scrape(payload)
                if self.now < horizon:
                    self._push(self.now + SCRAPE_S, _SCRAPE, payload)
            elif kind == _SYNC:
                self._sync(payload)
                if self.now < horizon:
                    self._push(self.now + SYNC_S, _SYNC, payload)
            else:
                self._expire(*payload)
            for r in self.replicas:
                self._drain(r)
        return list(self.outcomes.values())

    def _sync(self, r: Replica) -> None:
        """The replica's exchange of counters (``fairness.shared``'s, on an in-process board
        with the Redis script's semantics; the round trip's latency is not modelled)."""
        assert self.board is not None
        assert r.ledger is not None
        assert r.gate is not None
        sync_now(r.ledger, self.board, r.gate.queue.add_service)
        if len(r.gate.queue):
            r.gate.pump()

    def _arrive(self, rid: str, tl: TenantLoad) -> None:
        tokens = self.rng.integers(10, 100_000, size=tl.prompt).tolist()
        prompt = np.asarray(tokens, dtype=np.int64)
        req = SchedulingRequest(
            model=MODEL,
            request_id=rid,
            prompt_tokens=tl.prompt,
            block_hashes=block_hashes(prompt, 16, self.scope),
            max_tokens=tl.output,
        )
        self.requests[rid] = (req, tokens, tl)
        self.outcomes[rid] = RequestRecord(tl.name, self.now, tl.prompt, tl.output)
        n = len(self.replicas)
        r = self.replicas[int(self.spread.integers(n)) if n > 1 else 0]
        self.owner[rid] = r
        gate = r.gate
        band = band_of(tl.priority)
        if gate is not None and gate.must_wait(band, tl.name):
            self._hold(r, rid)
            return
        try:
            key = r.router.scheduler.schedule(req).primary
        except PoolSaturatedError as err:
            if gate is None:
                self._refuse(rid, err)
            else:
                self._hold(r, rid)
            return
        self._start(r, rid, key)

    def _hold(self, r: Replica, rid: str) -> None:
        assert r.gate is not None
        req, _, tl = self.requests[rid]
        cost = r.gate.queue.service(tl.prompt, tl.output)
        try:
            ticket = r.gate.hold(rid, tl.name, band_of(tl.priority), tl.weight, cost, req)
        except KinferenceError as err:
            self._refuse(rid, err)
            return
        r.waiting[rid] = ticket
        self._push(self.now + MAX_WAIT_S, _EXPIRE, (r, ticket))

    def _expire(self, r: Replica, ticket: Ticket) -> None:
        if ticket.state != WAITING or ticket.request_id not in r.waiting:
            return
        del r.waiting[ticket.request_id]
        assert r.gate is not None
        try:
            r.gate.take(ticket)
        except KinferenceError as err:
            self._refuse(ticket.request_id, err)

    def _drain(self, r: Replica) -> None:
        """Dispatch what the gate released (the edge's waiters waking)."""
        gate = r.gate
        while gate is not None and r.released:
            r.released = False
            for rid, ticket in list(r.waiting.items()):
                if ticket.state == WAITING:
                    continue
                del r.waiting[rid]
                try:
                    gate.take(ticket)
                except KinferenceError as err:
                    self._refuse(rid, err)
                    continue
                req = self.requests[rid][0]
                try:
                    key = r.router.scheduler.schedule(req).primary
                except PoolSaturatedError:
                    gate.requeue(ticket)
                    r.waiting[rid] = ticket
                    continue
                self._start(r, rid, key)

    def _start(self, r: Replica, rid: str, key: EndpointKey) -> None:
        _req, tokens, tl = self.requests[rid]
        self.outcomes[rid].dispatched = self.now
        if r.gate is not None:
            cost = r.gate.queue.service(tl.prompt, tl.output)
            r.gate.dispatched(rid, tl.name, band_of(tl.priority), tl.weight, cost)
        self.pods[key].add_request(
            SimRequest(rid, tokens, max_tokens=tl.output, arrival_time=self.now)
        )
        self._kick(key)

    def _refuse(self, rid: str, err: KinferenceError) -> None:
        out = self.outcomes[rid]
        out.status = err.status
        out.reason = err.reason

    def _kick(self, key: EndpointKey) -> None:
        engine = self.pods[key]
        if key in self.busy or not engine.has_work():
            return
        out = engine.step(self.now)
        if out.duration <= 0.0 and not out.finished:
            return
        self.busy.add(key)
        self._push(out.end, _STEP, (key, out))

    def _step_end(self, key: EndpointKey, out: StepOutput) -> None:
        self.busy.discard(key)
        for rid in out.first_tokens:
            self.owner[rid].router.first_token(rid)
            self.first_token[rid] = self.now
        for fin in out.finished:
            owner = self.owner[fin.request_id]
            record = UsageRecord(
                request_id=fin.request_id,
                model=MODEL,
                endpoint=str(key),
                status=200,
                e2e_s=fin.e2e_s,
                ttft_s=fin.ttft_s,
                prompt_tokens=fin.prompt_tokens,
                completion_tokens=fin.completion_tokens,
                cached_tokens=fin.cached_tokens,
            )
            entry = owner.router.finish(fin.request_id)
            if owner.router.learn is not None and isinstance(entry, InflightEntry):
                owner.router.learn(record, entry)
            entry = self.layer.finish(fin.request_id)
            if self.layer.learn is not None and isinstance(entry, InflightEntry):
                self.layer.learn(record, entry)
            o = self.outcomes[fin.request_id]
            o.status = 200
            o.cached = fin.cached_tokens
            o.ttft_s = fin.first_token_time - o.arrival
            gaps = fin.completion_tokens - 1
            o.itl_s = (fin.finish_time - fin.first_token_time) / gaps if gaps > 0 else 0.0
            for r in self.replicas:  # every replica hears every finish report
                if r.gate is not None:
                    r.gate.finished(
                        fin.request_id, fin.prompt_tokens - fin.cached_tokens, fin.completion_tokens
                    )
        self._kick(key)

    def _scrape(self, r: Replica) -> None:
        scraped = r.router.scraped
        for key, eng in self.pods.items():
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
            if r.pool.update_load(key, snap) and scraped is not None:
                scraped(key, snap)
            if self.guard_pool.update_load(key, snap) and self.layer.scraped is not None:
                self.layer.scraped(key, snap)
            if r.gate is not None:  # the picker's gate watches every pool write
                r.gate.pool_changed()


# -- scoring ------------------------------------------------------------------------------------

PREFILL_W, DECODE_W = 1.0, 2.0


def service(prompt: int, output: int) -> float:
    return PREFILL_W * prompt + DECODE_W * output


def fair_allocation(
    demand: dict[str, float], weight: dict[str, float], total: float
) -> dict[str, float]:
    """Max-min weighted fair allocation of ``total`` over ``demand`` (water filling)."""
    alloc = dict.fromkeys(demand, 0.0)
    left = total
    active = {t for t, d in demand.items() if d > 0}
    while active and left > 1e-9:
        w = sum(weight[t] for t in active)
        step = {t: left * weight[t] / w for t in active}
        done = {t for t in active if alloc[t] + step[t] >= demand[t]}
        if not done:
            for t in active:
                alloc[t] += step[t]
            break
        for t in done:
            left -= demand[t] - alloc[t]
            alloc[t] = demand[t]
        active -= done
    return alloc


def jain(values: list[float]) -> float:
    s, sq = sum(values), sum(v * v for v in values)
    return s * s / (len(values) * sq) if sq > 0 else 0.0


def score(scenario: Scenario, policy: str, seed: int, outcomes: list[RequestRecord]) -> RunResult:
    res = RunResult(scenario.key, policy, seed)
    waits: dict[str, list[float]] = {}
    queued: dict[str, list[float]] = {}
    itls: dict[str, list[float]] = {}
    for o in outcomes:
        if o.arrival < WARMUP_S:
            continue
        tr = res.tenants.setdefault(o.tenant, TenantResult())
        tr.offered += 1
        tr.offered_service += service(o.prompt, o.output)
        if o.status == 200:
            tr.served += 1
            tr.service += service(o.prompt - o.cached, o.output)
            if o.ttft_s > TTFT_SLO_S:
                tr.missed_ttft += 1
            elif o.itl_s > ITL_SLO_S:
                tr.missed_itl += 1
            else:
                tr.slo_met += 1
            waits.setdefault(o.tenant, []).append(o.ttft_s)
            queued.setdefault(o.tenant, []).append(o.dispatched - o.arrival)
            itls.setdefault(o.tenant, []).append(o.itl_s)
        elif o.status == 429:
            tr.refused_429 += 1
        elif o.status == 0:
            tr.unfinished += 1
        else:
            tr.refused_503 += 1
    for t, w in waits.items():
        res.tenants[t].wait_p90_s = float(np.percentile(w, 90))
        res.tenants[t].queue_p90_s = float(np.percentile(queued[t], 90))
        res.tenants[t].itl_p50_s = float(np.percentile(itls[t], 50))
        res.tenants[t].itl_p90_s = float(np.percentile(itls[t], 90))
    total = sum(tr.service for tr in res.tenants.values())
    res.shares = {t: tr.service / total if total else 0.0 for t, tr in res.tenants.items()}
    res.goodput_rpm = (
        sum(tr.slo_met for tr in res.tenants.values()) / (DURATION_S - WARMUP_S) * 60.0
    )
    weights = {tl.name: float(tl.weight) for tl in scenario.tenants}
    # within one band only: across bands the order is by priority, not a share
    alloc = fair_allocation(
        {t: tr.offered_service for t, tr in res.tenants.items()}, weights, total
    )
    res.jain = jain([res.tenants[t].service / alloc[t] for t in res.tenants if alloc[t] > 0])
    return res


def run_one(
    scenario: Scenario,
    policy: str,
    seed: int,
    tenants: tuple[TenantLoad, ...] = (),
    replicas: int = 1,
) -> RunResult:
    started = time.perf_counter()
    outcomes = Run(scenario, policy, seed, tenants, replicas).run()
    res = score(scenario, policy, seed, outcomes)
    res.wall_s = time.perf_counter() - started
    return res


def calibrate(seed: int) -> None:
    """SLO attainment of one tenant (1000-token prompts, 200-token outputs) at rising rates."""
    probe = Scenario("cal", "calibration", ())
    for rate in (45.0, 50.0, 55.0, 60.0, 75.0):
        tl = TenantLoad("one", rate, 1000, 200)
        res = run_one(Scenario("cal", probe.title, (tl,)), "none", seed, (tl,))
        tr = res.tenants["one"]
        print(f"rate {rate:5.1f}/s  attainment {tr.attainment:.3f}  refused {tr.refused_429}")
        sys.stdout.flush()


# -- the report -----------------------------------------------------------------------------------


def mean(xs: list[float]) -> float:
    return float(np.mean(xs)) if xs else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default="abcd")
    parser.add_argument("--policies", default=None)
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument(
        "--replicas",
        type=int,
        default=1,
        help="picker replicas, each request sent to one at random; their counters shared "
        "(fairness.shared, every 0.1 s) unless the policy ends -unshared",
    )
    parser.add_argument(
        "--itl-check",
        choices=ITL_CHECKS,
        default="measured",
        help="how flow control bounds a pod's ITL: measured (fairness.headroom) or line (the "
        "shed guard's learned line, for comparison; written to ..._line)",
    )
    parser.add_argument("--out", default=None)
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument(
        "--from-json", action="store_true", help="rewrite the report and plot from --out's .json"
    )
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    several = args.replicas > 1
    global ITL_CHECK
    ITL_CHECK = args.itl_check
    if args.out is None:
        args.out = (
            "benchmarks/results/fairness"
            + ("_replicas" if several else "")
            + ("_line" if ITL_CHECK == "line" else "")
        )
    if args.policies is None:
        args.policies = "none,vtc,vtc-unshared" if several else ",".join(POLICIES)
    if args.from_json:
        rerender(Path(args.out))
        return
    if args.calibrate:
        calibrate(seeds[0])
        return
    policies = args.policies.split(",")
    results: list[RunResult] = []
    alone: list[RunResult] = []
    for sc in SCENARIOS:
        if sc.key not in args.scenarios:
            continue
        for seed in seeds:
            if sc.key == "a":  # the light tenant running alone: its reference attainment
                light = sc.tenants[0]
                alone.append(run_one(sc, "none", seed, (light,), args.replicas))
            for policy in policies:
                if several and policy == "none" and sc.key != "a":
                    continue  # only (a)'s goodput target compares with no fairness
                r = run_one(sc, policy, seed, replicas=args.replicas)
                results.append(r)
                print(
                    f"{sc.key} {policy:17s} seed {seed}: "
                    + "  ".join(
                        f"{t} slo {tr.attainment:.3f} share {r.shares[t]:.3f}"
                        for t, tr in r.tenants.items()
                    )
                    + f"  jain {r.jain:.3f} goodput {r.goodput_rpm:.0f}/min ({r.wall_s:.0f} s)",
                    flush=True,
                )
    write_report(results, alone, seeds, Path(args.out), " ".join(sys.argv[1:]), args.replicas)


def write_report(
    results: list[RunResult],
    alone: list[RunResult],
    seeds: list[int],
    out: Path,
    argv: str,
    replicas: int = 1,
) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    several = (
        f"**{replicas} picker replicas**, each request sent to one of them at random (the "
        "gateway's spread); each replica scrapes the pods on its own phase, has its own picks "
        "in flight and its own queue, and hears every finish report. `vtc`: their counters "
        "shared through `fairness.shared` (each replica's `ServiceLedger` exchanged every "
        f"{SYNC_S:g} s on its own phase, on the in-process `MemoryBoard`, which has the Redis "
        "script's semantics: the virtual clock cannot wait on a real Redis; the Redis side "
        "is tested in tests/unit/fairness/test_shared_counters.py); `vtc-unshared`: each "
        "replica on its own counters. "
        if replicas > 1
        else ""
    )
    lines = [
        "# Fairness under saturation" + (f", {replicas} replicas" if replicas > 1 else ""),
        "",
        f"Command: `{' '.join(['.venv/bin/python benchmarks/fairness.py', *argv.split()])}`",
        "",
        several
        + "2 simulated pods (h100-8b latency model), router kinference with its shed guard; with "
        + (
            f"flow control, a pick waits while its pod's measured ITL is at or past "
            f"{ITL_TARGET_S * 1000:g} ms (`fairness.headroom`, before the guard's wait-for-a-slot "
            "bound); "
            if ITL_CHECK == "measured"
            else "flow control, a pick waits while the guard's learned ITL line predicts its pod "
            f"at or past {ITL_TARGET_S * 1000:g} ms at its KV in use (`--itl-check line`: the "
            "decode bound flow control does not use, for comparison), or its wait-for-a-slot "
            "bound is past; "
        )
        + f"{DURATION_S:.0f} s of Poisson arrivals per run, counted from {WARMUP_S:.0f} s (before, "
        f"the pool fills and no queue forms), seeds {', '.join(map(str, seeds))} "
        f"(means over seeds). SLO: TTFT from arrival (queue wait included) <= {TTFT_SLO_S:g} s "
        f"and mean ITL <= {ITL_SLO_S * 1000:.0f} ms; a refused request misses it. Flow "
        f"control's max wait {MAX_WAIT_S:g} s. Share: of the weighted tokens the pool served "
        "(uncached prompt + 2 x output). Jain: over service / max-min weighted fair "
        "allocation (see benchmarks/fairness.py); in (c) it spans the bands, where the order is "
        "by priority, not a share (not a target there).",
        "",
    ]
    by_sc: dict[str, list[RunResult]] = {}
    for r in results:
        by_sc.setdefault(r.scenario, []).append(r)
    for sc in SCENARIOS:
        runs = by_sc.get(sc.key)
        if not runs:
            continue
        lines += [f"## ({sc.key}) {sc.title}", ""]
        tenants = [tl.name for tl in sc.tenants]
        head = (
            "| policy | "
            + " | ".join(f"{t} SLO | {t} share | {t} 429/503" for t in tenants)
            + " | Jain | goodput req/min |"
        )
        lines += [head, "|" + "---|" * (2 + 3 * len(tenants))]
        policies = list(dict.fromkeys(r.policy for r in runs))
        for p in policies:
            rs = [r for r in runs if r.policy == p]
            cells = []
            for t in tenants:
                cells.append(f"{mean([r.tenants[t].attainment for r in rs]) * 100:.1f} %")
                cells.append(f"{mean([r.shares[t] for r in rs]) * 100:.1f} %")
                r429 = mean([float(r.tenants[t].refused_429) for r in rs])
                r503 = mean([float(r.tenants[t].refused_503) for r in rs])
                cells.append(f"{r429:.0f} / {r503:.0f}")
            jn = mean([r.jain for r in rs])
            gp = mean([r.goodput_rpm for r in rs])
            lines.append(f"| {p} | " + " | ".join(cells) + f" | {jn:.3f} | {gp:.0f} |")
        if sc.key == "a" and alone:
            lines += [
                "",
                f"light alone: SLO {mean([r.tenants['light'].attainment for r in alone]) * 100:.1f} %",
            ]
        lines.append("")
    lines += misses(results)
    lines += targets(results, alone, replicas)
    out.with_suffix(".md").write_text("\n".join(lines))
    payload = {
        "command": f"benchmarks/fairness.py {argv}".strip(),
        "replicas": replicas,
        "itl_check": ITL_CHECK,
        "runs": [
            {**{k: v for k, v in asdict(r).items() if k != "tenants"},
             "tenants": {t: {**asdict(tr), "attainment": tr.attainment}
                         for t, tr in r.tenants.items()}}
            for r in results
        ],
        "light_alone": [asdict(r) for r in alone],
    }  # fmt: skip
    out.with_suffix(".json").write_text(json.dumps(payload, indent=1))
    plot(results, out.with_suffix(".png"))
    print("\n".join(lines))


def misses(results: list[RunResult]) -> list[str]:
    """Per seed, each tenant's requests under ``vtc`` by outcome: why each that missed the SLO
    missed (refused, TTFT past the bound, mean ITL past it), and how long the served waited in
    the picker."""
    ours = [r for r in results if r.policy == "vtc"]
    if not ours:
        return []
    out = [
        "## Why requests missed (vtc, each seed)",
        "",
        "Of each tenant's requests: met the SLO; refused (429 / 503); served with TTFT over "
        f"{TTFT_SLO_S:g} s (queue wait included); served within it but with mean ITL over "
        f"{ITL_SLO_S * 1000:.0f} ms; unfinished at the end. Queue p90: the served requests' "
        "wait in the picker; ITL: the served requests' mean ITL.",
        "",
        "| scenario | seed | tenant | offered | met | 429 / 503 | TTFT miss | ITL miss "
        "| unfinished | queue p90 s | ITL p50 / p90 ms |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for sc in SCENARIOS:
        for r in sorted((r for r in ours if r.scenario == sc.key), key=lambda r: r.seed):
            for tl in sc.tenants:
                tr = r.tenants[tl.name]
                out.append(
                    f"| ({sc.key}) | {r.seed} | {tl.name} | {tr.offered} | "
                    f"{tr.attainment * 100:.1f} % | {tr.refused_429} / {tr.refused_503} | "
                    f"{tr.missed_ttft} | {tr.missed_itl} | {tr.unfinished} | "
                    f"{tr.queue_p90_s:.2f} | {tr.itl_p50_s * 1e3:.1f} / {tr.itl_p90_s * 1e3:.1f} |"
                )
    return [*out, ""]


def targets(results: list[RunResult], alone: list[RunResult], replicas: int = 1) -> list[str]:
    """The issue's targets for ``vtc``, each checked on every seed (worst seed shown)."""
    ours = [r for r in results if r.policy == "vtc"]
    base = {(r.scenario, r.seed): r for r in results if r.policy == "none"}
    by = {k: [r for r in ours if r.scenario == k] for k in "abcd"}
    out = ["## Targets (vtc, every seed)", "", "| target | worst seed | holds |", "|---|---|---|"]

    def row(text: str, worst: str, ok: bool) -> None:
        out.append(f"| {text} | {worst} | {'yes' if ok else 'no'} |")

    if by["a"]:
        slo = [r.tenants["light"].attainment for r in by["a"]]
        row("(a) light tenant's SLO attainment >= 95 %", f"{min(slo):.1%}", min(slo) >= 0.95)
        if alone:
            alone_by = {r.seed: r.tenants["light"].attainment for r in alone}
            gap = max(alone_by[r.seed] - r.tenants["light"].attainment for r in by["a"])
            row("(a) ... within 5 points of running alone", f"{gap * 100:.1f} points", gap <= 0.05)
        ratio = [r.goodput_rpm / base[("a", r.seed)].goodput_rpm for r in by["a"]
                 if ("a", r.seed) in base]  # fmt: skip
        if ratio:
            worst = min(ratio)
            row("(a) pool goodput within 5 % of no fairness", f"{worst:.3f} x", worst >= 0.95)
    if by["b"]:
        dev = max(abs(r.shares["gold"] - 0.75) for r in by["b"])
        row("(b) token shares 75 / 25 +- 5 %", f"{dev * 100:.1f} points off", dev <= 0.05)
    if by["c"]:
        crit = min(r.tenants["web"].attainment for r in by["c"])
        row("(c) critical SLO attainment >= 99 %", f"{crit:.1%}", crit >= 0.99)
        others = max(
            r.tenants[t].refused_429 + r.tenants[t].refused_503
            for r in by["c"]
            for t in ("web", "app")
        )
        row("(c) sheddable absorbs every refusal", f"{others} refused above it", others == 0)
    if by["d"]:
        dev = max(abs(r.shares["short"] - 0.5) for r in by["d"])
        row("(d) token shares 50 / 50 +- 5 %", f"{dev * 100:.1f} points off", dev <= 0.05)
    for k in "abd":
        if by[k]:
            j = min(r.jain for r in by[k])
            row(f"({k}) Jain's index over weighted tokens >= 0.95", f"{j:.3f}", j >= 0.95)
    out += [
        "",
        (
            "With 3 replicas sharing their counters: `benchmarks/results/fairness_replicas.md`"
            if replicas == 1
            else "One replica: `benchmarks/results/fairness.md`"
        )
        + "; the queue's CPU per request: `benchmarks/results/flow_cost.md`.",
        "",
    ]
    return out


def rerender(out: Path) -> None:
    """The report and plot again from a run's JSON (same numbers, new layout)."""
    payload = json.loads(out.with_suffix(".json").read_text())
    global ITL_CHECK
    ITL_CHECK = payload.get("itl_check", "measured")

    def result(d: dict[str, Any]) -> RunResult:
        tenants = {
            t: TenantResult(**{k: v for k, v in tr.items() if k != "attainment"})
            for t, tr in d["tenants"].items()
        }
        return RunResult(**{**d, "tenants": tenants})

    results = [result(d) for d in payload["runs"]]
    alone = [result(d) for d in payload["light_alone"]]
    seeds = sorted({r.seed for r in results})
    argv = payload["command"].removeprefix("benchmarks/fairness.py").strip()
    write_report(results, alone, seeds, out, argv, payload.get("replicas", 1))


def plot(results: list[RunResult], path: Path) -> None:
    """Per scenario, each policy's split of the pool's service between the tenants (stacked
    bars), each tenant's SLO attainment written on its part."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    scenarios = [sc for sc in SCENARIOS if any(r.scenario == sc.key for r in results)]
    fig, axes = plt.subplots(1, len(scenarios), figsize=(4.2 * len(scenarios), 4.2), squeeze=False)
    for ax, sc in zip(axes[0], scenarios, strict=True):
        runs = [r for r in results if r.scenario == sc.key]
        policies = list(dict.fromkeys(r.policy for r in runs))
        bottom = np.zeros(len(policies))
        for tl in sc.tenants:
            shares = np.array(
                [mean([r.shares[tl.name] for r in runs if r.policy == p]) for p in policies]
            )
            slo = [
                mean([r.tenants[tl.name].attainment for r in runs if r.policy == p])
                for p in policies
            ]
            bars = ax.bar(
                policies, shares, bottom=bottom, label=f"{tl.name} (w{tl.weight}, {tl.priority})"
            )
            for bar, b, sh, a in zip(bars, bottom, shares, slo, strict=True):
                if sh > 0.06:
                    ax.text(
                        bar.get_x() + bar.get_width() / 2,
                        b + sh / 2,
                        f"SLO {a:.0%}",
                        ha="center",
                        va="center",
                        fontsize=7,
                    )
            bottom += shares
        ax.set_title(f"({sc.key})", fontsize=9)
        ax.set_ylabel("share of served weighted tokens")
        ax.set_ylim(0, 1)
        ax.tick_params(axis="x", labelrotation=30, labelsize=7)
        ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.28), ncol=1)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
