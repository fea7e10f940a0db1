"""Settling a finished request from its access-log record: close its in-flight entry, record
its latency and tokens per model."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.inflight import InflightEntry, InflightTracker
from kinference_epp.telemetry.metrics import CounterChild, PickerMetrics


class UsageRecord(msgspec.Struct, frozen=True):
    """What one finished request cost and how fast it was served, as the proxy reports it."""

    request_id: str
    model: str
    endpoint: str
    status: int
    e2e_s: float | None
    ttft_s: float | None
    prompt_tokens: int | None
    completion_tokens: int | None
    cached_tokens: int | None
    response_flags: str = ""
    tenant: str = ""
    """The tenant the picker (or a trusted gateway filter) named on the routed request."""
    picker_answered: bool = False
    """The picker answered the request itself (a rejection): nothing was served."""
    attempts: int = 0
    """Upstream attempts (more than one: Envoy retried, e.g. after a failed connect)."""
    reserved_prompt_tokens: int | None = None
    """The prompt tokens the picker counted for a tenant's request (``kinference.reserved``)."""
    reserved_output_tokens: int | None = None
    """The output the picker expected for it."""
    client_request_id: str = ""
    """The client's own ``x-request-id`` (a log field; ``request_id`` is the picker's)."""
    reached_upstream: bool | None = None
    """Whether the proxy connected to a pod and sent it the request (None: not reported)."""
    upstream_body_bytes: int | None = None
    """Response body bytes the pod sent (None: not reported)."""


class UsageRecorder:
    """The access log's sink. ``model_label`` bounds the label of a record this picker did not
    route itself (its model header may be a client's): a served model, else ``unknown``."""

    def __init__(
        self,
        metrics: PickerMetrics,
        inflight: InflightTracker,
        model_label: Callable[[str], str],
        settle: Callable[[UsageRecord], None] | None = None,
        on_upstream: Callable[[UsageRecord, EndpointKey | None], None] | None = None,
        learn: Callable[[UsageRecord, InflightEntry], None] | None = None,
    ) -> None:
        """``settle`` sees every record first (tenants: limits and usage), whichever replica
        routed the request; ``on_upstream(record, routed)`` sees every record with the
        endpoint the picker chose for it (None when this picker did not route it);
        ``learn(record, entry)`` every record of a request this picker routed (the speed
        model)."""
        self._settle = settle
        self._metrics = metrics
        self._inflight = inflight
        self._model_label = model_label
        self._on_upstream = on_upstream
        self._learn = learn
        self._reported: tuple[CounterChild, CounterChild] | None = None
        """The ``source="reported"`` children, bound at the first report (not exported before)."""

    def __call__(self, record: UsageRecord) -> None:
        m = self._metrics
        m.access_log_entries.inc()
        if self._settle is not None:
            self._settle(record)
        routed = self._inflight.finish(record.request_id) if record.request_id else None
        if self._on_upstream is not None:
            self._on_upstream(record, routed.endpoint if routed is not None else None)
        if routed is not None and self._learn is not None:
            self._learn(record, routed)
        if routed is not None:
            model, target = routed.requested, routed.model
        elif record.model:
            model = target = self._model_label(record.model)
        else:
            return  # not a request this picker routed (e.g. an immediate response of ours)
        bound = m.model(model, target)
        if record.status >= 400 or record.status == 0:
            bound.error(record.status)
            return
        if record.e2e_s is not None:
            bound.duration.observe(record.e2e_s)
        if record.ttft_s is not None:
            bound.ttft.observe(record.ttft_s)
        if record.prompt_tokens is not None:
            bound.input_tokens.observe(record.prompt_tokens)
        if record.completion_tokens is not None:
            bound.output_tokens.observe(record.completion_tokens)
        if record.cached_tokens is not None:
            bound.cached_tokens.observe(record.cached_tokens)
            if record.prompt_tokens:
                if self._reported is None:
                    self._reported = (
                        m.prefix_hit_tokens.labels(source="reported"),
                        m.prefix_prompt_tokens.labels(source="reported"),
                    )
                self._reported[0].inc(record.cached_tokens)
                self._reported[1].inc(record.prompt_tokens)
