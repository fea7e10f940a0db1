"""Flow control on the request path: the schedule stage's side of ``fairness.gate``.

Where the shed guard would refuse a request (``PoolSaturatedError``), the request waits in the
picker's queue instead: :meth:`FlowControl.saturated` queues it and returns the ``Wait`` the
edge holds its stream with. A newcomer whose band (or a higher one) already has requests
waiting queues at once (:meth:`FlowControl.before`), so the order of service is the queue's,
not the order requests happen to arrive in after a slot frees. When its wait ends the schedule
stage runs again: a released request is picked (and goes back to the head of the queue if the
pool filled again meanwhile); one whose time ran out or whose place went to a higher band is
refused (``fairness.gate`` says with what).

A request's band is the ``priority`` of the first InferencePolicy rule it matches that sets
one (say, ``x-priority: batch`` -> sheddable), else its tenant's ``priority`` (a name or
number, ``config.flow.BANDS``); its weight, the tenant's ``weight``. Requests without a tenant share one flow, ``""``.
"""

from __future__ import annotations

from kinference_epp.config.flow import BANDS
from kinference_epp.errors import KinferenceError
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.queue import DROPPED, EVICTED, TAKEN, WAITING, Ticket
from kinference_epp.pipeline.state import FlowView, RequestState, Wait
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.scheduling.types import SchedulingRequest

BAND_NAMES = {v: k for k, v in BANDS.items()}

GONE = (DROPPED, EVICTED, TAKEN)
"""Ticket states whose request no longer waits (taken: its pick ran, or raised another error)."""


class FlowControl:
    def __init__(self, gate: FlowGate) -> None:
        self.gate = gate
        self._tickets: dict[str, Ticket] = {}
        """Request id -> its ticket, while it waits or until its pick after the wait."""

    @staticmethod
    def flow_of(state: RequestState) -> tuple[str, int, int]:
        """(tenant, band, weight) of a request: its band is a policy rule's, else its
        tenant's."""
        info = state.tenant_info
        band = state.priority
        if info is None:
            return state.tenant or "", band or 0, 1
        return info.name, info.priority if band is None else band, info.weight

    def cost(self, state: RequestState) -> float:
        """The service a request is charged at dispatch (its finish report corrects it)."""
        request = state.request
        output = request.max_tokens if request is not None else None
        return self.gate.queue.service(
            state.prompt_tokens, output or self.gate.config.default_output_tokens
        )

    def before(self, state: RequestState, req: SchedulingRequest) -> Wait | None:
        """Before the pick: after a wait, go on or raise the refusal; a newcomer queues at
        once behind the requests of its band or higher that wait."""
        ticket = self._tickets.get(state.request_id)
        if ticket is not None:
            try:
                self.gate.take(ticket)
            except KinferenceError:
                del self._tickets[state.request_id]
                raise
            return None
        tenant, band, weight = self.flow_of(state)
        if self.gate.must_wait(band, tenant):
            return self._hold(state, req, tenant, band, weight)
        return None

    def saturated(self, state: RequestState, req: SchedulingRequest) -> Wait:
        """The pick was refused as past the SLO: wait (again) instead of being refused."""
        ticket = self._tickets.get(state.request_id)
        if ticket is not None:  # released, but the pool filled again first
            self.gate.requeue(ticket)
            return self._wait(ticket)
        tenant, band, weight = self.flow_of(state)
        return self._hold(state, req, tenant, band, weight)

    def routed(self, state: RequestState) -> None:
        """The request was picked: charge its flow."""
        self._tickets.pop(state.request_id, None)
        tenant, band, weight = self.flow_of(state)
        self.gate.dispatched(state.request_id, tenant, band, weight, self.cost(state))

    def finished(self, record: UsageRecord) -> None:
        """A finish report (every replica's records pass here): correct the charge, look
        for capacity."""
        prompt = record.prompt_tokens or 0
        cached = record.cached_tokens or 0
        self.gate.finished(
            record.request_id, max(0, prompt - cached), record.completion_tokens or 0
        )

    def explain(self, state: RequestState) -> FlowView:
        """A request's band, its tenant's share and where it would queue (Explain)."""
        tenant, band, weight = self.flow_of(state)
        gate = self.gate
        standing = gate.queue.standing(tenant, band)
        ticket = self._tickets.get(state.request_id)
        position = standing.position
        if ticket is not None and ticket.state == WAITING:  # it waits: its own place
            position = gate.queue.position(ticket)
        return FlowView(
            band=band,
            band_name=BAND_NAMES.get(band, ""),
            weight=float(weight),
            standing=standing,
            position=position,
            would_wait=gate.must_wait(band, tenant),
        )

    def ticket(self, request_id: str) -> Ticket | None:
        """The ticket of a waiting request (Explain shows its queue position)."""
        return self._tickets.get(request_id)

    def _hold(
        self, state: RequestState, req: SchedulingRequest, tenant: str, band: int, weight: int
    ) -> Wait:
        ticket = self.gate.hold(state.request_id, tenant, band, weight, self.cost(state), req)
        tickets = self._tickets
        if len(tickets) >= 2 * self.gate.config.max_queued:  # forget those whose client left
            for rid in [r for r, t in tickets.items() if t.state in GONE]:
                del tickets[rid]
        tickets[state.request_id] = ticket
        return self._wait(ticket)

    def _wait(self, ticket: Ticket) -> Wait:
        gate = self.gate
        remaining = gate.config.max_wait_s - (gate.clock() - ticket.enqueued_at)
        return Wait(lambda: gate.ready(ticket), max(0.0, remaining), reason="flow control")
