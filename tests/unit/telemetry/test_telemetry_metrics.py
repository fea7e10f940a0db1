"""LoopHistogram, LoopCounter and LoopGauge expose exactly what prometheus_client's Histogram,
Counter and Gauge do for the same data.

Both are fed the same observations in registries of their own and their text expositions are
compared line by line (``_created`` values are creation times, compared by name only).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import MethodType

import prometheus_client.metrics
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from kinference_epp.telemetry.metrics import (
    _LATENCY_BUCKETS,
    _SCHED_BUCKETS,
    _SIZE_BUCKETS,
    _TOKEN_BUCKETS,
    _TTFT_BUCKETS,
    CounterChild,
    GaugeChild,
    HistogramChild,
    LoopCounter,
    LoopGauge,
    LoopHistogram,
    PickerMetrics,
)
from kinference_epp.telemetry.speed_gauges import SpeedCollector

_CREATED = re.compile(r"^(\S+_created(?:\{[^}]*\})?) \S+$")


def exposition(registry: CollectorRegistry) -> list[str]:
    lines = generate_latest(registry).decode().splitlines()
    return [_CREATED.sub(r"\1 <time>", line) for line in lines]


def pair(
    labelnames: tuple[str, ...], buckets: tuple[float, ...]
) -> tuple[CollectorRegistry, Histogram, CollectorRegistry, LoopHistogram]:
    theirs, ours = CollectorRegistry(), CollectorRegistry()
    reference = Histogram("h_seconds", "Doc.", labelnames, buckets=buckets, registry=theirs)
    fast = LoopHistogram("h_seconds", "Doc.", labelnames, buckets=buckets, registry=ours)
    return theirs, reference, ours, fast


_amounts = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(0, 2_000_000),
    st.sampled_from([0.005, 1.0, 64.0, 1024, 3600, 0.0]),  # exactly on a bound: that bucket
)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(
        [_LATENCY_BUCKETS, _TTFT_BUCKETS, _TOKEN_BUCKETS, _SIZE_BUCKETS, _SCHED_BUCKETS]
    ),
    st.lists(st.tuples(st.sampled_from(["m", "n", 'q"uote\\']), _amounts), max_size=30),
)
def test_labelled_exposition_matches_prometheus_client(
    buckets: tuple[float, ...], observations: list[tuple[str, float]]
) -> None:
    theirs, reference, ours, fast = pair(("model_name", "target_model_name"), buckets)
    for model, amount in observations:
        reference.labels(model, "t").observe(amount)
        fast.labels(model, "t").observe(amount)
    assert exposition(ours) == exposition(theirs)


@settings(max_examples=100, deadline=None)
@given(st.lists(_amounts, max_size=30))
def test_unlabelled_exposition_matches_prometheus_client(amounts: list[float]) -> None:
    theirs, reference, ours, fast = pair((), _SCHED_BUCKETS)
    assert exposition(ours) == exposition(theirs)  # zero series before any observation
    for amount in amounts:
        reference.observe(amount)
        fast.observe(amount)
    assert exposition(ours) == exposition(theirs)


def test_sample_values_and_keyword_labels() -> None:
    registry = CollectorRegistry()
    h = LoopHistogram("t", "Doc.", ["a", "b"], buckets=(1, 5), registry=registry)
    child = h.labels(b="y", a="x")
    assert h.labels("x", "y") is child
    for amount in (0.5, 1, 3, 99, math.nan):
        child.observe(amount)
    get = registry.get_sample_value
    labels = {"a": "x", "b": "y"}
    assert get("t_bucket", {**labels, "le": "1.0"}) == 2
    assert get("t_bucket", {**labels, "le": "5.0"}) == 3
    assert get("t_bucket", {**labels, "le": "+Inf"}) == 4
    assert get("t_count", labels) == 4  # the NaN is in no bucket
    assert math.isnan(get("t_sum", labels) or 0.0)


def test_label_mistakes_are_refused() -> None:
    registry = CollectorRegistry()
    labelled = LoopHistogram("l", "Doc.", ["a"], buckets=(1,), registry=registry)
    plain = LoopHistogram("p", "Doc.", buckets=(1,), registry=registry)
    with pytest.raises(ValueError, match="takes the labels"):
        labelled.labels(b="x")
    with pytest.raises(ValueError, match="label values"):
        labelled.labels("x", "y")
    with pytest.raises(ValueError, match="not both"):
        labelled.labels("x", a="x")
    with pytest.raises(ValueError, match="has labels"):
        labelled.observe(1.0)
    with pytest.raises(ValueError, match="has no labels"):
        plain.labels("x")
    with pytest.raises(ValueError, match="Duplicated timeseries"):
        LoopHistogram("p", "Doc.", buckets=(1,), registry=registry)


def test_picker_metrics_exposition_has_the_same_families_as_before() -> None:
    """Every histogram family keeps its name, type, label names and buckets."""
    metrics = PickerMetrics(CollectorRegistry())
    bound = metrics.model("m", "t")
    for child in (bound.duration, bound.ttft, bound.request_sizes, bound.input_tokens):
        child.observe(1.0)
    bound.output_tokens.observe(2)
    bound.cached_tokens.observe(3)
    metrics.plugin("filter", "model", "model").observe(0.0001)
    metrics.scheduler_e2e.observe(0.001)
    metrics.request_cpu.observe(0.002)
    metrics.stage_duration.labels(stage="prompt").observe(0.003)
    families = {f.name: f for f in metrics.registry.collect()}
    expected = {
        "inference_objective_request_duration_seconds": (_LATENCY_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_request_ttft_seconds": (_TTFT_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_request_sizes": (_SIZE_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_input_tokens": (_TOKEN_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_output_tokens": (_TOKEN_BUCKETS, {"model_name", "target_model_name"}),
        "kinference_request_cached_tokens": (_TOKEN_BUCKETS, {"model_name", "target_model_name"}),
        "inference_extension_scheduler_e2e_duration_seconds": (_SCHED_BUCKETS, set()),
        "inference_extension_plugin_duration_seconds": (
            _SCHED_BUCKETS,
            {"extension_point", "plugin_type", "plugin_name"},
        ),
        "kinference_request_processing_seconds": (_SCHED_BUCKETS, set()),
        "kinference_request_stage_duration_seconds": (_SCHED_BUCKETS, {"stage"}),
    }  # fmt: skip
    for name, (buckets, labelnames) in expected.items():
        family = families[name]
        assert family.type == "histogram", name
        bucket_samples = [s for s in family.samples if s.name == f"{name}_bucket"]
        assert [float(s.labels["le"]) for s in bucket_samples] == [*buckets, math.inf], name
        assert {k for k in bucket_samples[0].labels if k != "le"} == labelnames, name
        assert {s.name for s in family.samples} == {
            f"{name}_bucket",
            f"{name}_count",
            f"{name}_sum",
            f"{name}_created",
        }, name
        assert sum(s.value for s in family.samples if s.name == f"{name}_count") == 1, name


_counts = st.one_of(
    st.floats(min_value=0.0, allow_nan=False, allow_infinity=True),
    st.integers(0, 2**53),
    st.sampled_from([0, 1, 0.1, 1e300, math.nan]),  # NaN is not negative: both accept it
)


@contextmanager
def created_series(on: bool) -> Iterator[None]:
    """prometheus_client's _created switch, on or off (as disable_created_metrics() sets it)."""
    before = prometheus_client.metrics._use_created
    prometheus_client.metrics._use_created = on
    try:
        yield
    finally:
        prometheus_client.metrics._use_created = before


@pytest.mark.parametrize("created", [True, False], ids=["created", "no-created"])
@pytest.mark.parametrize("name", ["c_total", "c_requests"])
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["m", "n", 'q"uote\\']), _counts), max_size=20))
def test_labelled_counter_exposition_matches_prometheus_client(
    created: bool, name: str, increments: list[tuple[str, float]]
) -> None:
    with created_series(created):
        theirs, ours = CollectorRegistry(), CollectorRegistry()
        reference = Counter(name, "Doc.", ["model_name", "target"], registry=theirs)
        fast = LoopCounter(name, "Doc.", ["model_name", "target"], registry=ours)
        assert exposition(ours) == exposition(theirs)  # no series before the first labels()
        for model, amount in increments:
            reference.labels(model, "t").inc(amount)
            fast.labels(target="t", model_name=model).inc(amount)
            reference.labels(model, "u").inc()
            fast.labels(model, "u").inc()
        assert exposition(ours) == exposition(theirs)
        has_created = any("_created" in line for line in exposition(ours))
        assert has_created == (created and bool(increments))


@pytest.mark.parametrize("created", [True, False], ids=["created", "no-created"])
@pytest.mark.parametrize("name", ["c_total", "c_requests"])
@settings(max_examples=60, deadline=None)
@given(st.lists(_counts, max_size=20))
def test_unlabelled_counter_exposition_matches_prometheus_client(
    created: bool, name: str, amounts: list[float]
) -> None:
    with created_series(created):
        theirs, ours = CollectorRegistry(), CollectorRegistry()
        reference = Counter(name, "Doc.", registry=theirs)
        fast = LoopCounter(name, "Doc.", registry=ours)
        assert exposition(ours) == exposition(theirs)  # the one series, at 0, before any inc
        for amount in amounts:
            reference.inc(amount)
            fast.inc(amount)
        reference.inc()
        fast.inc()
        assert exposition(ours) == exposition(theirs)
        assert any("_created" in line for line in exposition(ours)) == created


_gauge_ops = st.lists(
    st.tuples(
        st.sampled_from(["inc", "dec", "set", "inc1", "dec1"]),
        st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-(2**40), 2**40)),
    ),
    max_size=30,
)


def _apply(series: Gauge | GaugeChild | LoopGauge, op: str, value: float) -> None:
    if op == "inc1":
        series.inc()
    elif op == "dec1":
        series.dec()
    else:
        getattr(series, op)(value)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b"]), _gauge_ops), max_size=4))
def test_labelled_gauge_exposition_matches_prometheus_client(
    ops: list[tuple[str, list[tuple[str, float]]]],
) -> None:
    theirs, ours = CollectorRegistry(), CollectorRegistry()
    reference = Gauge("g_open", "Doc.", ["pool"], registry=theirs)
    fast = LoopGauge("g_open", "Doc.", ["pool"], registry=ours)
    for pool, series_ops in ops:
        for op, value in series_ops:
            _apply(reference.labels(pool), op, value)
            _apply(fast.labels(pool=pool), op, value)
    assert generate_latest(ours) == generate_latest(theirs)  # no _created for gauges


@settings(max_examples=100, deadline=None)
@given(_gauge_ops)
def test_unlabelled_gauge_exposition_matches_prometheus_client(
    ops: list[tuple[str, float]],
) -> None:
    theirs, ours = CollectorRegistry(), CollectorRegistry()
    reference = Gauge("g_open", "Doc.", registry=theirs)
    fast = LoopGauge("g_open", "Doc.", registry=ours)
    assert generate_latest(ours) == generate_latest(theirs)
    for op, value in ops:
        _apply(reference, op, value)
        _apply(fast, op, value)
    assert generate_latest(ours) == generate_latest(theirs)


def test_negative_counter_increment_is_refused_as_prometheus_client_refuses_it() -> None:
    registry = CollectorRegistry()
    plain = LoopCounter("p_total", "Doc.", registry=registry)
    child = LoopCounter("l_total", "Doc.", ["a"], registry=registry).labels("x")
    reference = Counter("r_total", "Doc.", registry=CollectorRegistry())
    with pytest.raises(ValueError, match="non-negative") as theirs:
        reference.inc(-1)
    for inc in (plain.inc, child.inc):
        with pytest.raises(ValueError, match="non-negative") as ours:
            inc(-0.5)
        assert str(ours.value) == str(theirs.value)
    assert registry.get_sample_value("p_total") == 0
    assert registry.get_sample_value("l_total", {"a": "x"}) == 0


def _function_of(method: object) -> object:
    assert isinstance(method, MethodType)
    return method.__func__


def test_unlabelled_record_is_the_child_method_itself() -> None:
    """One Python call per record: the metric's method is its series' bound method."""
    registry = CollectorRegistry()
    counter = LoopCounter("c_total", "Doc.", registry=registry)
    gauge = LoopGauge("g", "Doc.", registry=registry)
    histogram = LoopHistogram("h", "Doc.", buckets=(1,), registry=registry)
    assert _function_of(counter.inc) is CounterChild.inc
    assert _function_of(gauge.inc) is GaugeChild.inc
    assert _function_of(gauge.dec) is GaugeChild.dec
    assert _function_of(gauge.set) is GaugeChild.set
    assert _function_of(histogram.observe) is HistogramChild.observe
    counter.inc(2)
    gauge.inc(3)
    gauge.dec()
    histogram.observe(0.5)
    assert registry.get_sample_value("c_total") == 2
    assert registry.get_sample_value("g") == 2
    assert registry.get_sample_value("h_count") == 1


def test_counter_and_gauge_label_mistakes_are_refused() -> None:
    registry = CollectorRegistry()
    counter = LoopCounter("c_total", "Doc.", ["a"], registry=registry)
    gauge = LoopGauge("g", "Doc.", ["a"], registry=registry)
    with pytest.raises(ValueError, match="has labels"):
        counter.inc()
    for record in (gauge.inc, gauge.dec):
        with pytest.raises(ValueError, match="has labels"):
            record()
    with pytest.raises(ValueError, match="has labels"):
        gauge.set(1)
    with pytest.raises(ValueError, match="takes the labels"):
        counter.labels(b="x")
    with pytest.raises(ValueError, match="label values"):
        gauge.labels("x", "y")
    with pytest.raises(ValueError, match="has no labels"):
        LoopCounter("p", "Doc.", registry=registry).labels("x")
    assert counter.labels(a=1) is counter.labels("1")
    # a counter named with or without _total is the same family, as in prometheus_client
    with pytest.raises(ValueError, match="Duplicated timeseries"):
        LoopCounter("c", "Doc.", registry=registry)
    with pytest.raises(ValueError, match="Duplicated timeseries"):
        Counter("c", "Doc.", registry=registry)
    assert [(f.name, f.type) for f in registry.collect()] == [
        ("c", "counter"),
        ("g", "gauge"),
        ("p", "counter"),
    ]


def test_picker_metrics_counters_and_gauges_keep_their_families() -> None:
    metrics = PickerMetrics(CollectorRegistry())
    metrics.model("m", "t").request_total.inc()
    metrics.model("m", "t").error(503)
    metrics.pick("pool", "10.0.0.1:8000").inc()
    metrics.streams_active.inc()
    metrics.streams_active.inc(-1)
    metrics.access_log_entries.inc()
    families = {f.name: f for f in metrics.registry.collect()}
    expected = {
        "inference_objective_request": ("counter", {"model_name", "target_model_name"}),
        "inference_objective_request_error": ("counter", {"model_name", "target_model_name", "error_code"}),
        "kinference_endpoint_picks": ("counter", {"pool", "endpoint"}),
        "kinference_rejections": ("counter", {"status", "reason"}),
        "kinference_tokenize_errors": ("counter", {"model_name"}),
        "kinference_policy_decisions": ("counter", {"policy", "rule", "action", "mode"}),
        "kinference_policy_rejected_updates": ("counter", set()),
        "kinference_prefix_hit_tokens": ("counter", {"source"}),
        "kinference_prefix_prompt_tokens": ("counter", {"source"}),
        "kinference_metrics_scrape_errors": ("counter", {"endpoint"}),
        "kinference_access_log_entries": ("counter", set()),
        "kinference_ext_proc_streams_active": ("gauge", set()),
        "inference_extension_info": ("gauge", {"commit", "build_ref"}),
    }  # fmt: skip
    for name, (typ, labelnames) in expected.items():
        family = families[name]
        assert family.type == typ, name
        for sample in family.samples:
            assert set(sample.labels) == labelnames, name
    get = metrics.registry.get_sample_value
    assert get("kinference_access_log_entries_total") == 1
    assert get("kinference_ext_proc_streams_active") == 0
    assert (
        get("kinference_endpoint_picks_total", {"pool": "pool", "endpoint": "10.0.0.1:8000"}) == 1
    )
    labels = {"model_name": "m", "target_model_name": "t"}
    assert get("inference_objective_request_total", labels) == 1
    assert get("inference_objective_request_error_total", {**labels, "error_code": "503"}) == 1


@dataclass(frozen=True)
class _Speed:
    endpoint: str = "10.0.0.1:8000"
    model: str = "m"
    prefill_tokens_per_s: float = 20_000.0
    overhead_s: float = 0.01
    itl_s: float = 0.012
    itl_s_per_ktoken: float = 0.00005
    records: int = 40
    prefill_factor: float = 2.5
    decode_factor: float = 2.0
    decode_observations: int = 900


def test_learned_speeds_are_gauges_per_endpoint_and_model() -> None:
    registry = CollectorRegistry()
    registry.register(SpeedCollector(lambda: [_Speed()]))
    text = generate_latest(registry).decode()
    labels = 'endpoint="10.0.0.1:8000",model_name="m"'
    assert f"kinference_endpoint_prefill_tokens_per_second{{{labels}}} 20000.0" in text
    assert f"kinference_endpoint_itl_seconds_per_ktoken{{{labels}}} 5e-05" in text
    assert f'kinference_endpoint_speed_factor{{{labels},phase="prefill"}} 2.5' in text
    assert f'kinference_endpoint_speed_factor{{{labels},phase="decode"}} 2.0' in text
    assert f"kinference_endpoint_speed_records{{{labels}}} 40.0" in text
    assert f"kinference_endpoint_decode_observations{{{labels}}} 900.0" in text
