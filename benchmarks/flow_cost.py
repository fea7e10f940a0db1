"""What flow control adds to the picker's CPU per request, in process.

    .venv/bin/python benchmarks/flow_cost.py

Times the request path's flow-control calls (``pipeline.flow.FlowControl`` over a real
``FlowGate``), 100 tenants in 3 bands, with a probe that costs nothing (the dry-run pick it
stands for is the scheduler's own cost, measured by ``benchmarks/pick_cost.py``):

- ``unsaturated``: nothing waits: ``before`` (one check) and ``routed`` (the VTC charge);
- ``queued``: the pool is full: ``saturated`` (the ticket queued), then capacity frees:
  ``pool_changed`` (the pump: the fair choice among 100 tenants and the release), ``before``
  after the wait (take) and ``routed``;
- ``settle``: one finish report (``finished``: the charge corrected, a pump on an empty queue);
- ``headroom``: the decode headroom's check of a pick (``fairness.headroom.DecodeHeadroom``,
  the admission check flow control puts before the shed guard, run on every pick and dry-run
  pick), over 8 pods, each check taking in a scrape of its pod not seen before (the worst case:
  a scrape between every two picks; building the snapshot included).

Each also with the queue recording its service and waiting tenants in a ``ServiceLedger`` (the
replicas' sharing, ``fairness.shared``; the exchange itself runs off the request path).

Prints µs of this process's CPU time per request (median of 5 rounds; CPU time, not wall
time, so that other processes on the machine do not count). Target: <= 20 µs per request for the queueing
decision.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.headroom import DecodeHeadroom
from kinference_epp.fairness.shared import ServiceLedger
from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pipeline.state import RequestState
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.tenancy.limits import Tenant

N = 20_000
TENANTS = [Tenant(f"t{i}", priority=(i % 3) - 1, weight=1 + i % 4) for i in range(100)]
BODY = parse_request(
    ApiKind.CHAT, b'{"model":"m","max_tokens":200,"messages":[{"role":"user","content":"hi"}]}'
)


class Pool:
    full = False

    def __call__(self, req: object) -> None:
        if self.full:
            raise PoolSaturatedError("full")


def states() -> list[RequestState]:
    out = []
    for i in range(N):
        s = RequestState(request_id=f"r{i}", request=BODY, prompt_tokens=1000)
        s.tenant_info = TENANTS[i % len(TENANTS)]
        out.append(s)
    return out


SREQ = SchedulingRequest(model="m")


def unsaturated(flow: FlowControl, pool: Pool, batch: list[RequestState]) -> None:
    for s in batch:
        flow.before(s, SREQ)
        flow.routed(s)


def queued(flow: FlowControl, pool: Pool, batch: list[RequestState]) -> None:
    pool.full = True
    waits = [flow.saturated(s, SREQ) for s in batch]
    pool.full = False
    gate = flow.gate
    by_id = {s.request_id: s for s in batch}
    left = len(batch)
    while left:
        gate.pool_changed()  # releases one (one in flight at a time)
        ticket = next(iter(gate._released))  # the benchmark plays the edge
        s = by_id[ticket.request_id]
        flow.before(s, SREQ)
        flow.routed(s)
        left -= 1
    assert len(waits) == len(batch)


def settle(flow: FlowControl, pool: Pool, batch: list[RequestState]) -> None:
    for s in batch:
        flow.finished(
            UsageRecord(
                request_id=s.request_id,
                model="m",
                endpoint="e",
                status=200,
                e2e_s=1.0,
                ttft_s=0.1,
                prompt_tokens=1000,
                completion_tokens=180,
                cached_tokens=200,
            )
        )


def measure(
    run: Callable[[FlowControl, Pool, list[RequestState]], None], shared: bool = False
) -> float:
    rounds = []
    for _ in range(5):
        pool = Pool()
        cfg = FlowControlConfig(max_queued=N, max_queued_per_tenant=N, release_burst=1)
        flow = FlowControl(FlowGate(cfg, pool))
        if shared:  # replicas sharing counters: the queue records its service and waiting
            flow.gate.queue.ledger = ServiceLedger("bench")
        batch = states()
        if run is settle:
            unsaturated(flow, pool, batch)
        t0 = time.process_time()  # this process's CPU: what the picker spends, not waits
        run(flow, pool, batch)
        rounds.append((time.process_time() - t0) / N * 1e6)
    return statistics.median(rounds)


class Scraped:
    """A pool view as the check reads it (its endpoints, each one's last scrape) whose every
    read of a pod is a scrape not seen before."""

    def __init__(self, pods: int) -> None:
        self.endpoints = [
            Endpoint(
                key=EndpointKey(f"10.0.0.{i}:8000"),
                models=frozenset({"m"}),
                base_model="m",
                metrics_url="",
            )
            for i in range(pods)
        ]
        self._reads = [0] * pods

    def snapshot(self, slot: int) -> LoadSnapshot:
        k = self._reads[slot] = self._reads[slot] + 1
        return LoadSnapshot(itl_sum=0.03 * k, itl_count=100.0 * k, scraped_at=0.05 * k)


def headroom() -> float:
    """µs of CPU per ``DecodeHeadroom.check``, each on a pod scraped since its last check
    (building the snapshot it reads included)."""
    pods = 8
    req = SchedulingRequest(model="m", request_id="r", prompt_tokens=1000)
    rounds = []
    for _ in range(5):
        check = DecodeHeadroom(1.0)
        view = Scraped(pods)
        t0 = time.process_time()
        for n in range(N):
            check.check(req, view, n % pods)  # type: ignore[arg-type]
        rounds.append((time.process_time() - t0) / N * 1e6)
    return statistics.median(rounds)


def main() -> None:
    print("| path | µs per request | with counters shared across replicas |")
    print("|---|---|---|")
    for name, run in (("unsaturated", unsaturated), ("queued", queued), ("settle", settle)):
        print(f"| {name} | {measure(run):.2f} | {measure(run, shared=True):.2f} |", flush=True)
    print(f"| headroom (per pick) | {headroom():.2f} | (the same) |", flush=True)


if __name__ == "__main__":
    main()
