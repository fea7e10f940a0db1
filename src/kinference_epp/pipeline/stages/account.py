"""Account: count the routed request per model and per picked endpoint.

The request's in-flight entry is opened by the scheduler's in-flight tracker at the pick and
closed by the access-log record (``pipeline.usage``).
"""

from __future__ import annotations

from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.telemetry.metrics import PickerMetrics


class AccountStage:
    name = "account"

    def __init__(self, metrics: PickerMetrics, *, pool_name: str) -> None:
        self._metrics = metrics
        self._pool = pool_name

    def run(self, state: RequestState) -> Wait | None:
        m = self._metrics
        target = state.model or ""
        bound = m.model(state.model_label or target, target)
        bound.request_total.inc()
        if state.leaves_pool:
            return None
        bound.request_sizes.observe(len(state.body))
        m.pick(self._pool, state.endpoints[0]).inc()
        return None
