"""The gate between a saturated pool and the requests waiting for it.

A request the pool cannot take now (the shed guard's verdict on its pick, or others of its band
or a higher one already waiting) gets a :class:`Ticket` in the :class:`FairQueue` and waits;
its stream is held by the edge (the pipeline's ``Wait``), whose condition is :meth:`FlowGate.ready`.
Capacity is looked for only when something changed: a waiting request's condition is checked
on every pool change the edge watches (scrapes, finishes) and on the gate's own releases
(:meth:`FlowGate.watch`), and a finish report (:meth:`FlowGate.finished`) or a dispatch pumps the
queue. Nothing polls on a timer.

Pumping releases one ticket at a time: the queue's next ticket is tried against the pool with a
dry-run pick (``probe``, which raises ``PoolSaturatedError`` while the pool is full); once
released, no other is tried until that one is dispatched (its pick counted in the picker's
in-flight load, which the next probe reads) or has had ``TAKE_GRACE_S`` to be. A released
request whose pick is refused again goes back to the head of its flow. Releases are paced by
the signs that capacity freed: each finish report of a request this replica dispatched allows
one, each fresh reading of the pool's
load (``pool_changed``: a scrape) up to ``release_burst``; the pool's load is scraped, and on
one stale reading a dry-run pick would let every waiting request through at once, then none
for a long while (the light tenant waiting behind the burst).

A ticket whose time runs out is answered 429 ``over_fair_share`` when its tenant waits because
others of its band have had less service, else 503 ``pool_saturated``; a full queue answers 429
``tenant_queue_full`` (the tenant's own queue) or 503 ``queue_full``; a request evicted for a
higher band's, 503 ``shed_for_priority``. Each carries ``retry-after``.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.errors import KinferenceError, PoolSaturatedError
from kinference_epp.fairness.queue import (
    DROPPED,
    EVICTED,
    MAX_CHARGES,
    RELEASED,
    TAKEN,
    WAITING,
    FairQueue,
    QueueFull,
    Ticket,
)

log = logging.getLogger(__name__)

TAKE_GRACE_S = 1.0
"""A released ticket not dispatched within this long (its client went) stops holding the
queue."""


class FlowObserver(Protocol):
    """What the gate reports (``fairness.metrics`` exports it)."""

    def queued(self, tenant: str, band: int, delta: int) -> None: ...
    def left(self, tenant: str, band: int, outcome: str, waited_s: float) -> None: ...
    def dispatched(self, tenant: str, band: int, service: float) -> None: ...


class _Silent:
    def queued(self, tenant: str, band: int, delta: int) -> None:
        pass

    def left(self, tenant: str, band: int, outcome: str, waited_s: float) -> None:
        pass

    def dispatched(self, tenant: str, band: int, service: float) -> None:
        pass


Probe = Callable[[Any], None]
"""Raises ``PoolSaturatedError`` when the request (a ticket's payload) cannot be served now."""


class FlowGate:
    def __init__(
        self,
        config: FlowControlConfig,
        probe: Probe,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        observer: FlowObserver | None = None,
    ) -> None:
        """``wall``: the clock a ticket's start of waiting is shared by (replicas compare
        their flows' oldest requests by it)."""
        self.config = config
        self.queue = FairQueue(config)
        self._probe = probe
        self.clock = clock
        self._wall = wall
        self._observer: FlowObserver = observer or _Silent()
        self._released: dict[Ticket, float] = {}
        """Released tickets not yet dispatched -> when released."""
        self._watchers: list[Callable[[], None]] = []
        self._credits = 0
        self._mine: OrderedDict[str, None] = OrderedDict()
        """Requests this replica dispatched, until their finish report (bounded): only such a
        finish frees a slot this replica may fill. Every replica hears every finish; were each
        to release one for it, n replicas would put n requests where one left."""
        """Releases allowed before the next sign that capacity freed (``pool_changed``,
        ``finished``): the pool's load is scraped, so between two scrapes a dry-run pick
        would let every waiting request through on the last, stale, reading."""
        self._retry = (("retry-after", str(config.retry_after_s)),)

    # -- the edge's side ----------------------------------------------------------------------

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` whenever a ticket is released or evicted; returns the unwatch."""
        self._watchers.append(callback)

        def unwatch() -> None:
            with contextlib.suppress(ValueError):
                self._watchers.remove(callback)

        return unwatch

    def ready(self, ticket: Ticket) -> bool:
        """A ``Wait`` condition: whether ``ticket`` may go on (released or evicted)."""
        if ticket.state == WAITING:
            self.pump()
        return ticket.state != WAITING

    # -- the pipeline's side ------------------------------------------------------------------

    def must_wait(self, band: int, tenant: str | None = None) -> bool:
        """Whether a newcomer of ``band`` (and ``tenant``) queues at once: requests of its band
        or a higher one wait, one released is still to be dispatched (it goes first), or (with
        counters shared) an older request of its flow waits on another replica."""
        queue = self.queue
        if self._released or queue.waiting_at_or_above(band):
            return True
        ledger = queue.ledger
        return (
            tenant is not None
            and ledger is not None
            and ledger.waits_anywhere_else()
            and ledger.older_elsewhere(tenant, band, self._wall())
        )

    def hold(
        self, request_id: str, tenant: str, band: int, weight: float, cost: float, payload: Any
    ) -> Ticket:
        """Queue a request; raises the refusal when it cannot wait."""
        ticket = Ticket(request_id, tenant, band, float(weight), cost, self.clock(), payload)
        ticket.since = self._wall()
        try:
            evicted = self.queue.offer(ticket)
        except QueueFull as full:
            outcome = "RejectedCapacity"
            self._observer.left(tenant, band, outcome, 0.0)
            if full.over_share:
                raise KinferenceError(
                    f"tenant {tenant} already has {self.config.max_queued_per_tenant} requests "
                    "waiting for capacity",
                    reason="tenant_queue_full",
                    status=429,
                    headers=self._retry,
                ) from None
            raise KinferenceError(
                "the pool is saturated and the picker's queue is full",
                reason="queue_full",
                status=503,
                headers=self._retry,
            ) from None
        self._observer.queued(tenant, band, +1)
        if evicted is not None:
            self._observer.queued(evicted.tenant, evicted.band, -1)
            self._notify()
        return ticket

    def take(self, ticket: Ticket) -> None:
        """After its wait: go on to the pick if released, else raise its refusal."""
        state = ticket.state
        waited = self.clock() - ticket.enqueued_at
        if state == RELEASED:
            self._released.pop(ticket, None)
            ticket.state = TAKEN
            self._observer.left(ticket.tenant, ticket.band, "Dispatched", waited)
            return
        if state == EVICTED:
            self._observer.left(ticket.tenant, ticket.band, "EvictedCapacity", waited)
            raise KinferenceError(
                "the pool is saturated and this request's place was given to a higher priority",
                reason="shed_for_priority",
                status=503,
                headers=self._retry,
            )
        over = state == WAITING and self.queue.over_share(ticket)
        if self.queue.remove(ticket):
            self._observer.queued(ticket.tenant, ticket.band, -1)
        self._observer.left(ticket.tenant, ticket.band, "EvictedTTL", waited)
        if over:
            raise KinferenceError(
                f"tenant {ticket.tenant} is over its fair share of the saturated pool: "
                f"waited {waited:.1f} s",
                reason="over_fair_share",
                status=429,
                headers=self._retry,
            )
        raise KinferenceError(
            f"the pool is saturated: waited {waited:.1f} s for capacity",
            reason="pool_saturated",
            status=503,
            headers=self._retry,
        )

    def requeue(self, ticket: Ticket) -> None:
        """A released ticket's pick was refused again: back to the head of its flow."""
        self.queue.restore(ticket)
        self._observer.queued(ticket.tenant, ticket.band, +1)

    def dispatched(
        self, request_id: str, tenant: str, band: int, weight: float, cost: float
    ) -> None:
        """Charge a routed request to its flow (every routed request, waited or not), then
        look for capacity for the next."""
        self.queue.charge(request_id, tenant, band, float(weight), cost)
        if request_id:
            mine = self._mine
            mine[request_id] = None
            if len(mine) > MAX_CHARGES:
                mine.popitem(last=False)
        self._observer.dispatched(tenant, band, cost)
        if len(self.queue):
            self.pump()

    def finished(self, request_id: str, uncached_prompt_tokens: int, output_tokens: int) -> None:
        """A finish report: correct the request's charge; a slot this replica filled freed:
        look for capacity."""
        self.queue.settle(request_id, uncached_prompt_tokens, output_tokens)
        if self._mine.pop(request_id, 0) is None:
            self._credits = min(self._credits + 1, self.config.release_burst)
        if len(self.queue):
            self.pump()

    def pool_changed(self) -> None:
        """A fresh reading of the pool's load (a scrape): up to ``release_burst`` may go."""
        self._credits = self.config.release_burst
        if len(self.queue):
            self.pump()

    # -- dispatch ------------------------------------------------------------------------------

    def pump(self) -> None:
        """Release the next ticket if the pool can take it (one in flight at a time)."""
        now = self.clock()
        released = self._released
        if released:
            stale = [t for t, at in released.items() if now - at > TAKE_GRACE_S]
            for t in stale:
                del released[t]
                t.state = DROPPED
            if released:
                return
        if self._credits <= 0:
            return
        queue = self.queue
        horizon = self.config.max_wait_s + TAKE_GRACE_S
        while True:
            ticket = queue.peek()
            if ticket is None:
                return
            if now - ticket.enqueued_at > horizon:  # its client is gone: nobody will take it
                queue.remove(ticket)
                self._observer.queued(ticket.tenant, ticket.band, -1)
                continue
            if queue.held(
                ticket, self._wall()
            ):  # a higher band, or older of its flow, waits elsewhere
                return
            try:
                self._probe(ticket.payload)
            except PoolSaturatedError:
                return
            except KinferenceError:
                pass  # its own pick will raise it to its client
            except Exception:
                log.exception("flow control: probing the pool failed")
                return
            queue.pop(ticket)
            self._credits -= 1
            ticket.state = RELEASED
            released[ticket] = now
            self._observer.queued(ticket.tenant, ticket.band, -1)
            self._notify()
            return

    def _notify(self) -> None:
        for callback in tuple(self._watchers):
            try:
                callback()
            except Exception:
                log.exception("flow control: a watcher failed")
