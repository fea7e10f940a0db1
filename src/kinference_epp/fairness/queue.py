"""The picker's queue of requests waiting for capacity: priority bands, fair share within each.

Synchronous and free of I/O and clocks: the caller passes the time and decides when capacity
is free (``fairness.gate``). A *flow* is one tenant in one band (a policy can move one request
of a tenant to another band). The next request dispatched is:

1. from the highest band with requests waiting, unless a band with a ``floor`` is waiting
   and has had less than that share of the recent dispatched service (a decayed sum per
   band): then from that band (the highest such); with replicas sharing their counters, a
   band also waits while a higher one has requests waiting on another replica
   (:meth:`FairQueue.deferred`);
2. within the band, by ``fairness``:

   - ``vtc``, the Virtual Token Counter (Sheng et al., "Fairness in Serving Large Language
     Models", OSDI 2024): each flow's counter adds the service of every request it was given,
     ``(prefill_weight * uncached prompt tokens + decode_weight * output tokens) / weight``,
     charged at dispatch from the estimate and corrected by the finish report
     (:meth:`FairQueue.settle`); the waiting flow with the least counter goes first. A flow
     that starts waiting has its counter lifted to the least counter of the flows waiting in
     its band (to the last served counter when none wait), so a tenant idle for a while
     cannot bank credit and then take the pool. The paper bounds the difference in service
     of two backlogged flows by a constant (twice the largest request's service, in its
     terms); ``tests/unit/test_fair_queue.py`` checks that bound.
   - ``requests``: the same with every request counting 1 (fairness by request count).
   - ``round-robin``: one request per waiting flow in turn, weights ignored: the Inference
     Extension's flow control round-robin between flows, as documented.
   - ``fcfs``: the oldest request first.

Bounds: ``max_queued_per_tenant`` per flow and ``max_queued`` in all; when all are taken, a
newcomer of a higher band takes the place of the newest request of the lowest waiting band
(the lowest band is shed first).
"""

from __future__ import annotations

import heapq
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.fairness.shared import ServiceLedger, waiting_field

WAITING, RELEASED, TAKEN, EVICTED, DROPPED = range(5)
"""A ticket's states: waiting in the queue; released (capacity found, not yet dispatched);
taken (dispatched); evicted (its place given to a higher band); dropped (expired or gone)."""

_DECAY = 1.0 / 256.0
"""Per dispatch: how fast a band's recent service (for the floors) forgets."""

MAX_CHARGES = 200_000
"""Dispatched requests whose charge is kept until their finish report."""


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a tenant stands in its band (what Explain shows)."""

    service: float
    """Its counter as it would be were a request of it to wait now (lifted if idle)."""
    tenants: tuple[tuple[str, float, int], ...]
    """The band's tenants (tenant, counter, requests waiting), least counter first."""
    position: int
    """Requests that would go before such a request: higher bands', its tenant's waiting ones
    and, within the band, those the order puts first (an estimate: the counters move as
    requests are served)."""
    waiting: int
    """Requests waiting, every band."""


MAX_STANDING_TENANTS = 20
"""Tenants :meth:`FairQueue.standing` lists (those with the least service)."""


class QueueFull(Exception):
    """The request cannot wait: ``over_share`` when its own flow's queue is full (its tenant
    already has its share of the queue), else the whole queue is full."""

    def __init__(self, over_share: bool) -> None:
        super().__init__("tenant queue full" if over_share else "queue full")
        self.over_share = over_share


@dataclass(slots=True, eq=False)
class Ticket:
    """One waiting request."""

    request_id: str
    tenant: str
    band: int
    weight: float
    cost: float
    """Service charged at dispatch (estimate, in weighted tokens)."""
    enqueued_at: float
    payload: Any = None
    """What the gate needs to dispatch it (its scheduling request)."""
    state: int = WAITING
    seq: int = 0
    since: float = 0.0
    """When it started waiting by the wall clock (comparable across replicas: with counters
    shared, each flow's oldest waiting request goes first pool-wide)."""


@dataclass(slots=True, eq=False)
class _Flow:
    tenant: str
    band: int
    counter: float = 0.0
    queue: deque[Ticket] = field(default_factory=deque)
    stamp: int = 0
    """Bumped at every change of its counter or head: older heap entries are stale."""
    mark: str = ""
    """Its waiting flag's field among the shared totals (``fairness.shared``)."""


@dataclass(slots=True, eq=False)
class _Band:
    priority: int
    floor: float = 0.0
    flows: dict[str, _Flow] = field(default_factory=dict)
    waiting: dict[str, _Flow] = field(default_factory=dict)
    """Flows with requests waiting, in round-robin order."""
    served: float = 0.0
    """Decayed service dispatched from this band (floors)."""
    last: float = 0.0
    """The counter of the flow served last (what a flow starting to wait is lifted to when
    no other waits)."""
    heap: list[tuple[float, int, int, _Flow]] = field(default_factory=list)
    """(counter, head seq, stamp, flow) of the waiting flows, stale entries popped lazily:
    the least counter without a pass over every tenant."""


class FairQueue:
    def __init__(self, config: FlowControlConfig) -> None:
        self._config = config
        self._mode = config.fairness
        self._bands: dict[int, _Band] = {}
        self._order: list[_Band] = []
        """Bands, highest first."""
        self._floors = config.band_floors()
        self._queued = 0
        self._seq = 0
        self._charges: OrderedDict[str, tuple[_Flow, float, float]] = OrderedDict()
        """request id -> (flow, charged service, weight) until its finish report."""
        self.ledger: ServiceLedger | None = None
        """Set when replicas share their counters (``fairness.shared``): every change of a
        counter by service is recorded there too."""

    def __len__(self) -> int:
        return self._queued

    # -- the service counters -----------------------------------------------------------------

    def service(self, prompt_tokens: int, output_tokens: int) -> float:
        """A request's service in weighted tokens."""
        c = self._config
        return c.prefill_weight * prompt_tokens + c.decode_weight * output_tokens

    def counter(self, tenant: str, band: int) -> float:
        band_ = self._bands.get(band)
        flow = band_.flows.get(tenant) if band_ is not None else None
        return flow.counter if flow is not None else 0.0

    def charge(self, request_id: str, tenant: str, band: int, weight: float, cost: float) -> None:
        """Count a dispatched request's service to its flow (every dispatch, waited or not)."""
        flow = self._flow(tenant, band)
        amount = self._amount(cost, weight)
        b = self._bands[band]
        b.last = flow.counter
        flow.counter += amount
        if amount:
            if b.waiting.get(tenant) is flow:
                self._touch(b, flow)
            if self.ledger is not None:
                self.ledger.add(tenant, band, amount)
        if self._floors:
            for other in self._order:
                other.served *= 1.0 - _DECAY
            b.served += cost
        if self._mode == "vtc" and request_id:
            charges = self._charges
            charges[request_id] = (flow, cost, weight)
            if len(charges) > MAX_CHARGES:
                charges.popitem(last=False)

    def settle(self, request_id: str, prompt_tokens: int, output_tokens: int) -> None:
        """Correct a dispatched request's charge to the service it was given (uncached prompt
        and output tokens from its finish report); unknown ids do nothing."""
        entry = self._charges.pop(request_id, None)
        if entry is None:
            return
        flow, charged, weight = entry
        amount = (self.service(prompt_tokens, output_tokens) - charged) / weight
        flow.counter += amount
        band = self._bands[flow.band]
        if band.waiting.get(flow.tenant) is flow:
            self._touch(band, flow)
        if self.ledger is not None and amount:
            self.ledger.add(flow.tenant, flow.band, amount)

    def add_service(self, tenant: str, band: int, amount: float) -> None:
        """Service another replica gave a flow (``fairness.shared``): added to its counter as
        if dispatched here, so the order holds pool-wide."""
        flow = self._flow(tenant, band)
        flow.counter += amount
        b = self._bands[band]
        if b.waiting.get(tenant) is flow:
            self._touch(b, flow)

    def _amount(self, cost: float, weight: float) -> float:
        if self._mode == "vtc":
            return cost / weight
        if self._mode == "requests":
            return 1.0 / weight
        return 0.0

    # -- the queue ----------------------------------------------------------------------------

    def waiting_at_or_above(self, band: int) -> bool:
        """Whether a request of ``band`` or a higher one is waiting, here or (a higher band,
        with replicas sharing their counters) on another replica: a newcomer then queues behind
        them rather than take capacity first."""
        if self.deferred(band):
            return True
        for b in self._order:
            if b.priority < band:
                return False
            if b.waiting:
                return True
        return False

    def deferred(self, band: int, now: float | None = None) -> bool:
        """Whether ``band`` gives way to a higher band waiting on another replica (as of the
        last sync): bands are served in order pool-wide. A band with a floor does not (its
        floor is kept per replica)."""
        ledger = self.ledger
        return (
            ledger is not None
            and ledger.higher_waits_elsewhere(band, now)
            and not self._floors.get(band)
        )

    def held(self, ticket: Ticket, now: float) -> bool:
        """Whether ``ticket`` gives way to requests waiting on another replica (as of the last
        sync): a higher band's (:meth:`deferred`), or an older one of its own flow."""
        ledger = self.ledger
        return ledger is not None and (
            self.deferred(ticket.band, now)
            or ledger.older_elsewhere(ticket.tenant, ticket.band, ticket.since)
        )

    def offer(self, ticket: Ticket) -> Ticket | None:
        """Queue ``ticket``; raises ``QueueFull``. Returns the ticket evicted to make room
        (state ``EVICTED``), if any."""
        flow = self._flow(ticket.tenant, ticket.band)
        if len(flow.queue) >= self._config.max_queued_per_tenant:
            raise QueueFull(over_share=True)
        evicted = None
        if self._queued >= self._config.max_queued:
            evicted = self._evict_below(ticket.band)
            if evicted is None:
                raise QueueFull(over_share=False)
        band = self._bands[ticket.band]
        self._seq += 1
        ticket.seq = self._seq
        ticket.state = WAITING
        flow.queue.append(ticket)
        self._queued += 1
        if len(flow.queue) == 1:
            ledger = self.ledger
            if ledger is None:
                self._lift(band, flow)
            else:
                if not ledger.waits_elsewhere(flow.tenant, flow.band):
                    self._lift(band, flow)
                ledger.waiting_field(flow.mark, True, ticket.since)
            band.waiting[flow.tenant] = flow
            self._touch(band, flow)
        return evicted

    def peek(self) -> Ticket | None:
        """The ticket to dispatch next, left in the queue."""
        band = self._next_band()
        if band is None:
            return None
        flows = band.waiting
        mode = self._mode
        if mode == "round-robin":
            flow = next(iter(flows.values()))
        elif mode == "fcfs":
            flow = min(flows.values(), key=lambda f: f.queue[0].seq)
        else:
            top = self._top(band)
            assert top is not None
            flow = top
        return flow.queue[0]

    def pop(self, ticket: Ticket) -> None:
        """Take ``ticket`` (the one :meth:`peek` returned) out of the queue; it is charged
        when dispatched (:meth:`charge`)."""
        band = self._bands[ticket.band]
        flow = band.flows[ticket.tenant]
        head = flow.queue.popleft()
        assert head is ticket, "pop takes the ticket peek returned"
        self._queued -= 1
        del band.waiting[flow.tenant]
        if flow.queue:  # round-robin: to the back of the turn
            band.waiting[flow.tenant] = flow
            self._touch(band, flow)
        self._head_changed(flow)

    def restore(self, ticket: Ticket) -> None:
        """Put a released ticket back at the head of its flow (the pool filled again before it
        was dispatched); its place and counter are kept, the bounds are not checked again."""
        band = self._bands[ticket.band]
        flow = band.flows[ticket.tenant]
        if not flow.queue:
            band.waiting[flow.tenant] = flow
        flow.queue.appendleft(ticket)
        self._head_changed(flow)
        ticket.state = WAITING
        self._queued += 1
        self._touch(band, flow)

    def remove(self, ticket: Ticket, state: int = DROPPED) -> bool:
        """Take a waiting ticket out (it expired, or its client went); False if it was not
        waiting."""
        if ticket.state != WAITING:
            return False
        band = self._bands[ticket.band]
        flow = band.flows[ticket.tenant]
        head = flow.queue[0] is ticket
        flow.queue.remove(ticket)
        ticket.state = state
        self._queued -= 1
        if not flow.queue:
            del band.waiting[flow.tenant]
        else:
            self._touch(band, flow)
        if head:
            self._head_changed(flow)
        return True

    def over_share(self, ticket: Ticket) -> bool:
        """Whether ``ticket``'s tenant waits because others in its band are served first for
        having had less (its counter above the least waiting one), rather than because the
        pool is full for everyone."""
        if self._mode not in ("vtc", "requests"):
            return False
        band = self._bands[ticket.band]
        if not band.waiting or band is not self._next_band():
            return False
        mine = band.flows[ticket.tenant].counter
        return mine > min(f.counter for f in band.waiting.values())

    def position(self, ticket: Ticket) -> int:
        """How many requests of its band or higher would go before ``ticket`` were nothing to
        change (its own flow's earlier ones, and higher bands'); a lower bound for others."""
        ahead = 0
        for b in self._order:
            if b.priority > ticket.band:
                ahead += sum(len(f.queue) for f in b.waiting.values())
        flow = self._bands[ticket.band].flows[ticket.tenant]
        for i, t in enumerate(flow.queue):
            if t is ticket:
                return ahead + i
        return ahead

    def standing(self, tenant: str, band: int) -> Standing:
        """Where ``tenant`` stands in ``band`` now, without changing anything."""
        b = self._bands.get(band)
        if b is None:
            return Standing(0.0, (), self._ahead_of(band), self._queued)
        flow = b.flows.get(tenant)
        mine = flow.counter if flow is not None else 0.0
        own = 0
        if flow is not None and b.waiting.get(tenant) is flow:
            own = len(flow.queue)
        else:  # it would be lifted on starting to wait
            top = self._top(b)
            mine = max(mine, top.counter if top is not None else b.last)
        ahead = self._ahead_of(band) + own
        mode = self._mode
        for f in b.waiting.values():
            if f.tenant == tenant:
                continue
            if mode == "fcfs":
                ahead += len(f.queue)
            elif mode == "round-robin":
                ahead += min(len(f.queue), own + 1)
            elif f.counter <= mine:  # a tie goes to the older head: theirs
                ahead += len(f.queue)
        rows = sorted(
            ((f.tenant, mine if f is flow else f.counter, len(f.queue)) for f in b.flows.values()),
            key=lambda r: r[1],
        )
        if flow is None:
            rows.append((tenant, mine, 0))
            rows.sort(key=lambda r: r[1])
        return Standing(mine, tuple(rows[:MAX_STANDING_TENANTS]), ahead, self._queued)

    def _ahead_of(self, band: int) -> int:
        return sum(
            len(f.queue) for b in self._order if b.priority > band for f in b.waiting.values()
        )

    def queued(self) -> dict[tuple[str, int], int]:
        """Waiting requests per (tenant, band)."""
        return {
            (f.tenant, b.priority): len(f.queue) for b in self._order for f in b.waiting.values()
        }

    # -- internals ----------------------------------------------------------------------------

    def _flow(self, tenant: str, band: int) -> _Flow:
        b = self._bands.get(band)
        if b is None:
            b = self._bands[band] = _Band(band, self._floors.get(band, 0.0))
            self._order = sorted(self._bands.values(), key=lambda x: -x.priority)
        flow = b.flows.get(tenant)
        if flow is None:
            flow = b.flows[tenant] = _Flow(tenant, band, mark=waiting_field(tenant, band))
            if self.ledger is None or not self.ledger.waits_elsewhere(tenant, band):
                self._lift(b, flow)
        return flow

    def _lift(self, band: _Band, flow: _Flow) -> None:
        """No banking while idle: a flow that starts waiting starts at the least counter of
        those waiting (else at the last served one), never below its own. With replicas
        sharing their counters, a flow waiting on another replica (at the last sync) is not
        idle and is not lifted: its counter already holds the service it got there."""
        top = self._top(band)
        floor = top.counter if top is not None else band.last
        flow.counter = max(flow.counter, floor)

    def _head_changed(self, flow: _Flow) -> None:
        """Share whether the flow waits here, and since when its head has."""
        ledger = self.ledger
        if ledger is not None:
            queue = flow.queue
            if queue:
                ledger.waiting_field(flow.mark, True, queue[0].since)
            else:
                ledger.waiting_field(flow.mark, False, 0.0)

    def _touch(self, band: _Band, flow: _Flow) -> None:
        """Record a waiting flow's new counter or head in its band's heap."""
        flow.stamp += 1
        heap = band.heap
        if len(heap) > 64 + 4 * len(band.waiting):  # mostly stale: rebuild
            for f in band.waiting.values():
                f.stamp += 1
            heap[:] = [(f.counter, f.queue[0].seq, f.stamp, f) for f in band.waiting.values()]
            heapq.heapify(heap)
            return
        heapq.heappush(heap, (flow.counter, flow.queue[0].seq, flow.stamp, flow))

    def _top(self, band: _Band) -> _Flow | None:
        """The waiting flow with the least counter (the oldest head among equals)."""
        heap = band.heap
        waiting = band.waiting
        while heap:
            _, _, stamp, flow = heap[0]
            if flow.stamp == stamp and waiting.get(flow.tenant) is flow:
                return flow
            heapq.heappop(heap)
        return None

    def _next_band(self) -> _Band | None:
        first = None
        starved = None
        total = 0.0
        for b in self._order:
            total += b.served
        for b in self._order:
            if not b.waiting:
                continue
            if first is None:
                first = b
            if b.floor > 0.0 and b is not first and (total <= 0.0 or b.served / total < b.floor):
                starved = b
                break
        return starved if starved is not None else first

    def _evict_below(self, band: int) -> Ticket | None:
        """Make room for a request of ``band``: the newest request of the lowest waiting band
        below it (from that band's most served flow)."""
        for b in reversed(self._order):
            if b.priority >= band:
                return None
            if b.waiting:
                flow = max(b.waiting.values(), key=lambda f: f.counter)
                victim = flow.queue[-1]
                self.remove(victim, EVICTED)
                return victim
        return None
