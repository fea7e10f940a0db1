"""The runner of the request pipeline: stages in order, each timed, errors turned into answers.

The proxy-facing shell calls :meth:`Pipeline.run` once the request is assembled and gets a
``RoutingDecision``, a ``Wait`` (call ``run`` again when it ends) or a ``Rejection`` to answer
the client with. Nothing here awaits: waiting belongs to the shell.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

import msgspec

from kinference_epp.errors import KinferenceError
from kinference_epp.routing.stage import Stage
from kinference_epp.routing.state import RequestState, RoutingDecision, Wait
from kinference_epp.telemetry.metrics import HistogramChild, PickerMetrics

log = logging.getLogger(__name__)


class Rejection(msgspec.Struct, frozen=True):
    """The picker answers the request itself with this error."""

    error: KinferenceError


Outcome = RoutingDecision | Wait | Rejection


class Pipeline:
    def __init__(
        self,
        stages: Sequence[Stage],
        metrics: PickerMetrics,
        *,
        model_label: Callable[[RequestState], str],
    ) -> None:
        """``model_label`` names a request's model in error metrics: only names from a bounded
        set (the pool's models, else ``unknown``), never a client's string as sent."""
        names = [s.name for s in stages]
        if len(set(names)) != len(names):
            raise ValueError(f"a stage name is listed twice: {names}")
        self.stages = tuple(stages)
        self._metrics = metrics
        self._model_label = model_label
        self._timers: tuple[HistogramChild, ...] = tuple(
            metrics.stage_duration.labels(stage=name) for name in names
        )
        self._run = tuple(zip(self.stages, self._timers, strict=True))

    def run(self, state: RequestState) -> Outcome:
        """Run the stages from ``state.resume_at`` on; see the module docstring."""
        run = self._run
        i = state.resume_at
        try:
            clock = time.perf_counter
            t = t0 = clock()
            while i < len(run):
                stage, timer = run[i]
                wait = stage.run(state)
                now = clock()
                timer.observe(now - t)
                t = now
                if wait is not None:
                    state.resume_at = i
                    return wait
                i += 1
        except KinferenceError as err:
            return self.reject(state, err)
        except Exception:
            log.exception(
                "request pipeline failed",
                extra={"request_id": state.request_id, "stage": run[i][0].name},
            )
            return self.reject(state, KinferenceError("internal error in the endpoint picker"))
        self._metrics.request_cpu.observe(t - t0)
        return state.decision()

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        """Count and log a request the picker answers itself (the shell's own errors too)."""
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
                "status": err.status,
                "reason": err.reason,
                "error": err.message,
            },
        )
        return Rejection(err)
