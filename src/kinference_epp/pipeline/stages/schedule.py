"""Schedule: the pool's endpoints for the request, by the configured router (filters, scorers,
picker), or - in conformance test mode - the endpoints the test names. With flow control
(``pipeline.flow``) a request the pool cannot take now waits for capacity instead of being
refused."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping

from kinference_epp.api.wire_names import SCORES_HEADER, SCORES_KEY, TEST_SELECTION_HEADER
from kinference_epp.errors import NoReadyEndpointError, PoolSaturatedError
from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.metrics import PickerMetrics

log = logging.getLogger(__name__)


class ScheduleStage:
    name = "schedule"

    def __init__(
        self,
        scheduler: Scheduler,
        datastore: PoolDatastore,
        metrics: PickerMetrics,
        *,
        test_mode: bool = False,
        score_header: bool = False,
        flow: FlowControl | None = None,
    ) -> None:
        """``flow``: requests the shed guard would refuse wait in its queue instead."""
        self._scheduler = scheduler
        self._datastore = datastore
        self._metrics = metrics
        self._test_mode = test_mode
        self._score_header = score_header
        self._flow = flow

    def run(self, state: RequestState) -> Wait | None:
        if state.leaves_pool:
            return None
        if self._test_mode and TEST_SELECTION_HEADER in state.headers:
            state.endpoints = self._test_selection(state.headers[TEST_SELECTION_HEADER])
            state.router = "conformance-test"
            return None
        request = state.request
        t0 = time.perf_counter()
        sreq = SchedulingRequest(
            model=state.model,
            subset=state.subset,
            request=request,
            headers=state.headers,
            request_id=state.request_id,
            prompt_tokens=state.prompt_tokens,
            block_hashes=state.block_hashes,
            max_tokens=request.max_tokens if request is not None else None,
            requested_model=state.model_label,
            dry_run=state.explain,
        )
        flow = self._flow if not state.explain else None
        if state.explain and self._flow is not None:
            state.flow_view = self._flow.explain(state)
        if flow is None:
            result = self._scheduler.schedule(sreq)
        else:
            held = flow.before(state, sreq)
            if held is not None:
                return held
            try:
                result = self._scheduler.schedule(sreq)
            except PoolSaturatedError:
                return flow.saturated(state, sreq)
            flow.routed(state)
        self._metrics.scheduler_e2e.observe(time.perf_counter() - t0)
        state.endpoints = result.endpoints
        state.router = result.router
        state.scores = result.scores
        if self._score_header and result.scores:
            # the header for the gateway's own use; the metadata for the response, since the
            # shipped Envoy removes every x-kinference-* header before a pod
            scores = format_scores(result.scores)
            state.headers_out = (*state.headers_out, (SCORES_HEADER, scores))
            state.reserved_out = (*state.reserved_out, (SCORES_KEY, scores))
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "routed",
                extra={
                    "request_id": state.request_id,
                    "model": state.asked_model,
                    "target_model": state.model,
                    "endpoints": ",".join(result.endpoints),
                    "router": result.router,
                    "scores": format_scores(result.scores),
                },
            )
        return None

    def _test_selection(self, header: str) -> tuple[EndpointKey, ...]:
        """Conformance test mode: the listed endpoints, in the listed order, that the pool knows.

        The suite lists pod IPs; ``ip:port`` entries are accepted too, so that pods sharing an
        address (several simulated pods on loopback) can be told apart.
        """
        by_host: dict[str, list[EndpointKey]] = {}
        for ep in self._datastore.endpoints():
            by_host.setdefault(ep.host, []).append(ep.key)
            by_host.setdefault(ep.key, []).append(ep.key)
        picked: list[EndpointKey] = []
        for item in (s.strip() for s in header.split(",")):
            for key in by_host.get(item, ()):
                if key not in picked:
                    picked.append(key)
        if not picked:
            raise NoReadyEndpointError(
                f"none of the endpoints in {TEST_SELECTION_HEADER} is in the pool",
                reason="test_selection_empty",
            )
        return tuple(picked)


def format_scores(scores: Mapping[EndpointKey, float]) -> str:
    return ",".join(f"{k}={v:.3f}" for k, v in sorted(scores.items(), key=lambda kv: -kv[1]))
