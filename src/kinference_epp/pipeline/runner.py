"""The runner of the request pipeline: stages in order, each timed, errors turned into answers.

The proxy-facing shell calls :meth:`Pipeline.screen` when the headers arrive (the stages that
read only headers), then :meth:`Pipeline.run` once the request is assembled, and gets a
``RoutingDecision``, a pending output (a ``Wait``, an ``Offload`` or an ``Await``: call
``run`` again once ``edge.driver`` settled it), a ``LocalResponse`` or a ``Rejection`` to
answer the client with. Nothing here awaits or starts tasks or threads: waiting, off-loop work
and round trips belong to the shell.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

import msgspec

from kinference_epp.errors import KinferenceError
from kinference_epp.pipeline.picks import Pick, PickBook, RequestIds
from kinference_epp.pipeline.stage import Stage
from kinference_epp.pipeline.state import (
    LocalResponse,
    Pending,
    RequestState,
    RoutingDecision,
)
from kinference_epp.telemetry.metrics import HistogramChild, PickerMetrics

log = logging.getLogger(__name__)


class Rejection(msgspec.Struct, frozen=True):
    """The picker answers the request itself with this error."""

    error: KinferenceError


Answer = RoutingDecision | LocalResponse | Rejection
"""What the request is answered with: routed, served by the picker, or refused."""

PipelineOutput = Answer | Pending
"""What one pass of the pipeline returns: an answer, or a pending output to settle first
(the policy's own ``Outcome`` is the action a rule chose: ``policy.types``)."""


class Pipeline:
    def __init__(
        self,
        stages: Sequence[Stage],
        metrics: PickerMetrics,
        *,
        model_label: Callable[[RequestState], str],
        on_reject: Callable[[RequestState, KinferenceError], None] | None = None,
        ids: Callable[[], str] | None = None,
        book: PickBook | None = None,
        release: Callable[[str, int], None] | None = None,
    ) -> None:
        """``model_label`` names a request's model in error metrics: only names from a bounded
        set (the pool's models, else ``unknown``), never a client's string as sent.
        ``on_reject`` hears of every request the picker answers with an error (the tenants'
        usage counts them per tenant and reason), whichever stage or shell refused it.

        ``ids`` issues each request's id (``pipeline.picks.RequestIds``); ``book`` keeps the
        picker's record of every routed request (not of a dry run) for its report;
        ``release(request_id, status)`` closes the reservation of a request the picker
        answers itself after admitting it."""
        names = [s.name for s in stages]
        if len(set(names)) != len(names):
            raise ValueError(f"a stage name is listed twice: {names}")
        self.stages = tuple(stages)
        self._metrics = metrics
        self._model_label = model_label
        self._on_reject = on_reject
        self._ids = ids or RequestIds()
        self.book = book
        self._release = release
        self._timers: tuple[HistogramChild, ...] = tuple(
            metrics.stage_duration.labels(stage=name) for name in names
        )
        self._run = tuple(zip(self.stages, self._timers, strict=True))
        screening = 0
        while screening < len(stages) and getattr(stages[screening], "headers_only", False):
            screening += 1
        self._screening = screening
        """How many leading stages read only headers."""

    def screen(self, state: RequestState) -> Rejection | LocalResponse | None:
        """Run the leading headers-only stages now, before the body arrives; ``run`` goes on
        after them. A stage that asks to wait or offload is left to ``run``."""
        if not state.request_id:
            state.request_id = self._ids()
        i = state.resume_at
        try:
            clock = time.perf_counter
            t = clock()
            while i < self._screening:
                stage, timer = self._run[i]
                out = stage.run(state)
                now = clock()
                timer.observe(now - t)
                t = now
                if out is not None:
                    if type(out) is LocalResponse:
                        return out
                    break
                i += 1
        except KinferenceError as err:
            return self.reject(state, err)
        except Exception:
            return self._failed(state, i)
        state.resume_at = i
        return None

    def run(self, state: RequestState) -> PipelineOutput:
        """Run the stages from ``state.resume_at`` on; see the module docstring."""
        if not state.request_id:
            state.request_id = self._ids()
        run = self._run
        i = state.resume_at
        try:
            clock = time.perf_counter
            t = t0 = clock()
            while i < len(run):
                stage, timer = run[i]
                out = stage.run(state)
                now = clock()
                timer.observe(now - t)
                t = now
                if out is not None:
                    if type(out) is not LocalResponse:
                        state.resume_at = i  # a pending output: this stage runs again
                    return out
                i += 1
        except KinferenceError as err:
            return self.reject(state, err)
        except Exception:
            return self._failed(state, i)
        self._metrics.request_cpu.observe(t - t0)
        decision = state.decision()
        if self.book is not None and not state.explain:
            self.book.record(pick_of(state, decision, self.book.now()))
        return decision

    def _failed(self, state: RequestState, i: int) -> Rejection:
        log.exception(
            "request pipeline failed",
            extra={"request_id": state.request_id, "stage": self._run[i][0].name},
        )
        return self.reject(state, KinferenceError("internal error in the endpoint picker"))

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        """Count and log a request the picker answers itself (the shell's own errors too);
        close the reservation it holds."""
        if state.holds_reservation:
            state.holds_reservation = False
            if self._release is not None:
                self._release(state.request_id, err.status)
        m = self._metrics
        m.rejections.labels(status=str(err.status), reason=err.reason).inc()
        model = self._model_label(state)
        m.request_error_total.labels(
            model_name=model, target_model_name=model, error_code=str(err.status)
        ).inc()
        log.info(
            "rejected",
            extra={
                "request_id": state.request_id,
                "client_request_id": state.client_request_id,
                "status": err.status,
                "reason": err.reason,
                "error": err.message,
            },
        )
        if self._on_reject is not None:
            try:
                self._on_reject(state, err)
            except Exception:
                log.exception("counting a rejection failed", extra={"request_id": state.request_id})
        return Rejection(err)


def pick_of(state: RequestState, decision: RoutingDecision, now: float) -> Pick:
    """The picker's record of a routed request (what its report is matched against)."""
    info = state.tenant_info
    reserved = state.reserved_tokens
    request = state.request
    return Pick(
        request_id=state.request_id,
        tenant=info.name if info is not None else (state.tenant or ""),
        model=state.model_label or decision.target_model,
        target_model=decision.target_model,
        endpoints=decision.endpoints,
        reserved_prompt_tokens=reserved[0] if reserved is not None else state.prompt_tokens,
        reserved_output_tokens=reserved[1] if reserved is not None else 0,
        max_output_tokens=request.max_tokens if request is not None else None,
        picked_at=now,
        client_request_id=state.client_request_id,
    )
