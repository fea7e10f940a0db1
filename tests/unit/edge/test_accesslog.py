"""Access-log entries from Envoy become usage records; metrics follow them."""

from __future__ import annotations

from envoy.data.accesslog.v3 import accesslog_pb2

from kinference_epp.edge.accesslog import record_from_entry
from kinference_epp.picker import UsageRecorder
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.pool.inflight import InflightRequest, InflightTracker
from kinference_epp.telemetry.metrics import PickerMetrics


def entry(*, with_usage: bool = True, status: int = 200) -> accesslog_pb2.HTTPAccessLogEntry:
    e = accesslog_pb2.HTTPAccessLogEntry()
    c = e.common_properties
    c.start_time.seconds = 1_700_000_000
    c.start_time.nanos = 500_000_000
    c.time_to_last_downstream_tx_byte.seconds = 2
    c.time_to_first_downstream_tx_byte.nanos = 300_000_000
    c.upstream_remote_address.socket_address.address = "10.0.0.7"
    c.upstream_remote_address.socket_address.port_value = 8000
    if with_usage:
        k = c.metadata.filter_metadata["kinference"]
        k.fields["prompt_tokens"].number_value = 120
        k.fields["completion_tokens"].number_value = 30
        k.fields["cached_tokens"].string_value = "64"
        k.fields["first_byte_ms"].string_value = str(1_700_000_000_500 + 250)
    e.request.request_id = "req-1"
    e.request.request_headers["x-kinference-model"] = "qwen"
    e.response.response_code.value = status
    return e


def test_record_takes_usage_ttft_and_endpoint() -> None:
    r = record_from_entry(entry())
    assert r.request_id == "req-1"
    assert r.model == "qwen"
    assert r.endpoint == "10.0.0.7:8000"
    assert r.status == 200
    assert r.e2e_s == 2.0
    assert r.ttft_s is not None
    assert abs(r.ttft_s - 0.25) < 1e-6
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (120, 30, 64)


def test_record_without_usage_falls_back_to_proxy_timings() -> None:
    r = record_from_entry(entry(with_usage=False))
    assert r.prompt_tokens is None
    assert r.completion_tokens is None
    assert r.ttft_s is not None
    assert abs(r.ttft_s - 0.3) < 1e-6


def test_empty_entry_does_not_raise() -> None:
    r = record_from_entry(accesslog_pb2.HTTPAccessLogEntry())
    assert r.status == 0
    assert r.e2e_s is None
    assert r.endpoint == ""


def _sample(metrics: PickerMetrics, name: str, labels: dict[str, str]) -> float | None:
    return metrics.registry.get_sample_value(name, labels)


def test_recorder_closes_inflight_and_observes_metrics() -> None:
    metrics = PickerMetrics()
    inflight = InflightTracker()
    inflight.start(
        InflightRequest("req-1", EndpointKey("10.0.0.7:8000"), "qwen", "qwen", started=0.0 + 1e12)
    )
    UsageRecorder(metrics, inflight)(record_from_entry(entry()))
    labels = {"model_name": "qwen", "target_model_name": "qwen"}
    assert len(inflight) == 0
    assert _sample(metrics, "inference_objective_input_tokens_sum", labels) == 120
    assert _sample(metrics, "inference_objective_output_tokens_sum", labels) == 30
    assert _sample(metrics, "inference_objective_request_ttft_seconds_count", labels) == 1
    assert _sample(metrics, "inference_objective_request_duration_seconds_sum", labels) == 2.0


def test_recorder_counts_upstream_errors() -> None:
    metrics = PickerMetrics()
    UsageRecorder(metrics, InflightTracker())(record_from_entry(entry(status=503)))
    assert (
        _sample(
            metrics,
            "inference_objective_request_error_total",
            {"model_name": "qwen", "target_model_name": "qwen", "error_code": "503"},
        )
        == 1
    )
