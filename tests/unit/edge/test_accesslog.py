"""Access-log entries from Envoy become usage records; metrics follow them."""

from __future__ import annotations

import math

import msgspec
import pytest
from envoy.data.accesslog.v3 import accesslog_pb2

from kinference_epp.config.model import EndpointConfig, PoolConfig
from kinference_epp.edge.accesslog import record_from_entry
from kinference_epp.pipeline.stages.parse import ModelLabel
from kinference_epp.pipeline.usage import UsageRecorder
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.inflight import InflightTracker
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult
from kinference_epp.telemetry.metrics import PickerMetrics

POD = EndpointKey("10.0.0.7:8000")


def pool() -> PoolDatastore:
    return PoolDatastore.from_config(
        PoolConfig(endpoints=[EndpointConfig(address=str(POD), models=["qwen"])])
    )


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
    e.request.request_id = "client-1"  # Envoy's: the client's own x-request-id
    picker = c.metadata.filter_metadata["kinference.reserved"]
    picker.fields["request_id"].string_value = "req-1"
    e.request.request_headers["x-kinference-model"] = "qwen"
    e.response.response_code.value = status
    return e


def test_record_takes_usage_ttft_and_endpoint() -> None:
    r = record_from_entry(entry())
    assert r.request_id == "req-1"  # the picker's id, from the metadata it set
    assert r.client_request_id == "client-1"
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


def test_record_carries_what_the_picker_reserved() -> None:
    e = entry(with_usage=False)
    reserved = e.common_properties.metadata.filter_metadata["kinference.reserved"]
    reserved.fields["prompt_tokens"].string_value = "512"
    reserved.fields["output_tokens"].string_value = "64"
    r = record_from_entry(e)
    assert (r.reserved_prompt_tokens, r.reserved_output_tokens) == (512, 64)
    plain = record_from_entry(entry())
    assert (plain.reserved_prompt_tokens, plain.reserved_output_tokens) == (None, None)


def test_a_client_request_id_is_never_the_key() -> None:
    e = entry()
    del e.common_properties.metadata.filter_metadata["kinference.reserved"]
    e.request.request_headers["x-request-id"] = "client-2"
    r = record_from_entry(e)
    assert (r.request_id, r.client_request_id) == ("", "client-1")


def test_empty_entry_does_not_raise() -> None:
    r = record_from_entry(accesslog_pb2.HTTPAccessLogEntry())
    assert r.status == 0
    assert r.e2e_s is None
    assert r.endpoint == ""


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_token_counts_are_none(bad: float) -> None:
    e = entry()
    k = e.common_properties.metadata.filter_metadata["kinference"]
    k.fields["prompt_tokens"].number_value = bad
    k.fields["completion_tokens"].number_value = bad
    k.fields["cached_tokens"].number_value = bad
    r = record_from_entry(e)
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (None, None, None)
    assert r.endpoint == "10.0.0.7:8000"  # the rest of the record is still decoded
    assert r.status == 200


@pytest.mark.parametrize(
    ("text", "expected"),
    [("12", 12), ("12.9", 12), ("0", 0), ("nan", None), ("inf", None), ("1e400", None)],
)
def test_string_token_counts(text: str, expected: int | None) -> None:
    e = entry()
    k = e.common_properties.metadata.filter_metadata["kinference"]
    k.fields["prompt_tokens"].string_value = text
    r = record_from_entry(e)
    assert r.prompt_tokens == expected
    assert r.completion_tokens == 30


def test_unparsable_or_non_numeric_token_counts_are_none() -> None:
    e = entry()
    k = e.common_properties.metadata.filter_metadata["kinference"]
    k.fields["prompt_tokens"].string_value = "twelve"
    k.fields["completion_tokens"].bool_value = True
    r = record_from_entry(e)
    assert r.prompt_tokens is None
    assert r.completion_tokens is None
    assert r.cached_tokens == 64


def routed_entry(
    *, served: str | None = None, destination: str | None = None, header: str | None = None
) -> accesslog_pb2.HTTPAccessLogEntry:
    """An entry that never reached an upstream (no upstream address)."""
    e = entry()
    e.common_properties.ClearField("upstream_remote_address")
    lb = e.common_properties.metadata.filter_metadata["envoy.lb"]
    if served is not None:
        lb.fields["x-gateway-destination-endpoint-served"].string_value = served
    if destination is not None:
        lb.fields["x-gateway-destination-endpoint"].string_value = destination
    if header is not None:
        e.request.request_headers["x-gateway-destination-endpoint"] = header
    return e


def test_endpoint_without_upstream_prefers_the_served_key() -> None:
    e = routed_entry(served="10.0.0.8:8000", destination="10.0.0.9:8000", header="10.0.0.1:1")
    assert record_from_entry(e).endpoint == "10.0.0.8:8000"


def test_endpoint_without_upstream_then_the_destination_key() -> None:
    e = routed_entry(destination="10.0.0.9:8000", header="10.0.0.1:1")
    assert record_from_entry(e).endpoint == "10.0.0.9:8000"


def test_endpoint_without_upstream_then_the_request_header() -> None:
    assert record_from_entry(routed_entry(header="10.0.0.1:1")).endpoint == "10.0.0.1:1"
    # a non-string value in envoy.lb is skipped
    e = routed_entry(header="10.0.0.1:1")
    lb = e.common_properties.metadata.filter_metadata["envoy.lb"]
    lb.fields["x-gateway-destination-endpoint-served"].number_value = 3
    assert record_from_entry(e).endpoint == "10.0.0.1:1"
    assert record_from_entry(routed_entry()).endpoint == ""


def test_upstream_address_wins_over_the_routed_endpoint() -> None:
    e = routed_entry(served="10.0.0.8:8000", header="10.0.0.1:1")
    e.common_properties.upstream_remote_address.socket_address.address = "10.0.0.7"
    e.common_properties.upstream_remote_address.socket_address.port_value = 8001
    assert record_from_entry(e).endpoint == "10.0.0.7:8001"


def test_reading_an_entry_does_not_add_metadata_keys() -> None:
    e = routed_entry(header="10.0.0.1:1")
    e.common_properties.metadata.filter_metadata["kinference"].Clear()
    before = e.SerializeToString(deterministic=True)
    record_from_entry(e)
    assert e.SerializeToString(deterministic=True) == before


def test_status_is_zero_without_a_response_code() -> None:
    e = entry()
    e.response.ClearField("response_code")
    r = record_from_entry(e)
    assert r.status == 0
    assert r.endpoint == "10.0.0.7:8000"
    assert r.prompt_tokens == 120


def test_what_moved_to_and_from_the_pod_is_read() -> None:
    """How much work an abandoned request is charged comes from these."""
    e = entry(with_usage=False)
    e.common_properties.upstream_wire_bytes_sent = 900
    e.common_properties.upstream_wire_bytes_received = 1300
    e.response.upstream_header_bytes_received = 300
    r = record_from_entry(e)
    assert (r.reached_upstream, r.upstream_body_bytes) == (True, 1000)


def test_an_entry_that_reached_no_pod_says_so() -> None:
    e = entry(with_usage=False, status=0)
    e.common_properties.ClearField("upstream_remote_address")
    r = record_from_entry(e)
    assert (r.reached_upstream, r.upstream_body_bytes) == (False, None)
    e.common_properties.time_to_first_upstream_tx_byte.nanos = 1000
    assert record_from_entry(e).reached_upstream is True


def _sample(metrics: PickerMetrics, name: str, labels: dict[str, str]) -> float | None:
    return metrics.registry.get_sample_value(name, labels)


def test_recorder_closes_inflight_and_observes_metrics() -> None:
    metrics = PickerMetrics()
    ds = pool()
    inflight = InflightTracker(ds)
    inflight.on_pick(
        SchedulingRequest(model="qwen", request_id="req-1", requested_model="auto"),
        SchedulingResult(endpoints=(POD,)),
    )
    assert inflight.by_model() == {"auto": 1}
    UsageRecorder(metrics, inflight, ModelLabel(ds).of_name)(record_from_entry(entry()))
    labels = {"model_name": "auto", "target_model_name": "qwen"}
    assert len(inflight) == 0
    assert _sample(metrics, "inference_objective_input_tokens_sum", labels) == 120
    assert _sample(metrics, "inference_objective_output_tokens_sum", labels) == 30
    assert _sample(metrics, "inference_objective_request_ttft_seconds_count", labels) == 1
    assert _sample(metrics, "inference_objective_request_duration_seconds_sum", labels) == 2.0


def test_recorder_counts_upstream_errors() -> None:
    metrics = PickerMetrics()
    ds = pool()
    UsageRecorder(metrics, InflightTracker(ds), ModelLabel(ds).of_name)(
        record_from_entry(entry(status=503))
    )
    assert (
        _sample(
            metrics,
            "inference_objective_request_error_total",
            {"model_name": "qwen", "target_model_name": "qwen", "error_code": "503"},
        )
        == 1
    )


def test_a_model_header_the_picker_did_not_set_is_no_label() -> None:
    """A client's own x-kinference-model on a request the picker never routed (e.g. one it
    answered itself) is labelled ``unknown``: no series per client string."""
    metrics = PickerMetrics()
    ds = pool()
    record = msgspec.structs.replace(record_from_entry(entry(status=404)), model="x" * 40)
    UsageRecorder(metrics, InflightTracker(ds), ModelLabel(ds).of_name)(record)
    labels = {"model_name": "unknown", "target_model_name": "unknown", "error_code": "404"}
    assert _sample(metrics, "inference_objective_request_error_total", labels) == 1


def test_the_tenant_and_a_picker_answer_are_read() -> None:
    e = entry(status=429)
    e.request.request_headers["x-kinference-tenant"] = "team-a"
    e.response.response_code_details = "kinference_rate_limit_exceeded"
    record = record_from_entry(e)
    assert (record.tenant, record.picker_answered) == ("team-a", True)
    plain = record_from_entry(entry())
    assert (plain.tenant, plain.picker_answered) == ("", False)


def test_the_tenant_and_model_come_from_the_pickers_metadata() -> None:
    """The shipped Envoy removes the picker's headers before the pod, so the log has them only
    as the metadata the picker set; where both are there, the metadata wins."""
    e = entry()
    del e.request.request_headers["x-kinference-model"]
    reserved = e.common_properties.metadata.filter_metadata["kinference.reserved"]
    reserved.fields["tenant"].string_value = "team-b"
    reserved.fields["model"].string_value = "qwen-lora"
    assert (record_from_entry(e).tenant, record_from_entry(e).model) == ("team-b", "qwen-lora")
    e.request.request_headers["x-kinference-tenant"] = "team-a"
    e.request.request_headers["x-kinference-model"] = "qwen"
    assert (record_from_entry(e).tenant, record_from_entry(e).model) == ("team-b", "qwen-lora")
    reserved.fields["tenant"].number_value = 3  # not a string: the header, as before
    assert record_from_entry(e).tenant == "team-a"
