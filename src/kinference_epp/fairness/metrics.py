"""Flow control's metrics, under the Inference Extension's ``flow_control_*`` names where it
has one (``inference_extension_flow_control_queue_size`` and
``..._request_queue_duration_seconds``, labelled ``fairness_id``, ``priority``, ``outcome``,
``inference_pool``), and the picker's own for what it has none of: service dispatched per
flow, in weighted tokens (what the fair share is counted in).

``fairness_id`` is the tenant, through a label function that caps how many names become
labels (``tenancy.metrics.TenantLabel``); outcomes are the Extension's: ``Dispatched``,
``RejectedCapacity``, ``EvictedTTL``, and ``EvictedCapacity`` for a place given to a higher
band.
"""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.telemetry.metrics import LoopCounter, LoopGauge, LoopHistogram, PickerMetrics

_WAIT_BUCKETS = (
    0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
    60.0,
)  # fmt: skip
"""The Extension's buckets for the queue duration."""


class FlowMetrics:
    """A ``fairness.gate.FlowObserver`` that exports what it hears."""

    def __init__(
        self, metrics: PickerMetrics, pool: str, label: Callable[[str], str] = lambda t: t
    ) -> None:
        r = metrics.registry
        self._pool = pool
        self._label = label
        self.queue_size = LoopGauge(
            "inference_extension_flow_control_queue_size",
            "Requests waiting in the picker's flow control queue.",
            ["fairness_id", "priority", "inference_pool"],
            registry=r,
        )
        self.queue_duration = LoopHistogram(
            "inference_extension_flow_control_request_queue_duration_seconds",
            "Time requests spend in flow control, from enqueue to their outcome.",
            ["fairness_id", "priority", "outcome", "inference_pool"],
            buckets=_WAIT_BUCKETS,
            registry=r,
        )
        self.service = LoopCounter(
            "kinference_flow_control_dispatched_service_total",
            "Service dispatched per flow, in weighted tokens (prefill_weight x prompt + "
            "decode_weight x output, as charged at dispatch).",
            ["fairness_id", "priority"],
            registry=r,
        )
        self.requests = LoopCounter(
            "kinference_flow_control_requests_total",
            "Requests leaving flow control by outcome (Dispatched, RejectedCapacity, "
            "EvictedTTL, EvictedCapacity).",
            ["fairness_id", "priority", "outcome"],
            registry=r,
        )

    def queued(self, tenant: str, band: int, delta: int) -> None:
        self.queue_size.labels(self._label(tenant), str(band), self._pool).inc(delta)

    def left(self, tenant: str, band: int, outcome: str, waited_s: float) -> None:
        t = self._label(tenant)
        self.queue_duration.labels(t, str(band), outcome, self._pool).observe(waited_s)
        self.requests.labels(t, str(band), outcome).inc()

    def dispatched(self, tenant: str, band: int, service: float) -> None:
        self.service.labels(self._label(tenant), str(band)).inc(service)
