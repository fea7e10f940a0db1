"""LoopHistogram exposes exactly what prometheus_client's Histogram does for the same data.

Both are fed the same observations in registries of their own and their text expositions are
compared line by line (``_created`` values are creation times, compared by name only).
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client import CollectorRegistry, Histogram, generate_latest

from kinference_epp.telemetry.metrics import (
    _LATENCY_BUCKETS,
    _SCHED_BUCKETS,
    _SIZE_BUCKETS,
    _TOKEN_BUCKETS,
    _TTFT_BUCKETS,
    LoopHistogram,
    PickerMetrics,
)

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
    metrics.tokenize_seconds.observe(0.003)
    families = {f.name: f for f in metrics.registry.collect()}
    expected = {
        "inference_objective_request_duration_seconds": (_LATENCY_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_request_ttft_seconds": (_TTFT_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_request_sizes": (_SIZE_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_input_tokens": (_TOKEN_BUCKETS, {"model_name", "target_model_name"}),
        "inference_objective_output_tokens": (_TOKEN_BUCKETS, {"model_name", "target_model_name"}),
        "kinference_request_cached_tokens": (_TOKEN_BUCKETS, {"model_name", "target_model_name"}),
        "inference_extension_scheduler_e2e_duration_seconds": (_SCHED_BUCKETS, set()),
        "inference_extension_scheduler_plugin_duration_seconds": (
            _SCHED_BUCKETS,
            {"extension_point", "plugin_type", "plugin_name"},
        ),
        "kinference_request_processing_seconds": (_SCHED_BUCKETS, set()),
        "kinference_tokenize_duration_seconds": (_SCHED_BUCKETS, set()),
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
