"""The picker's Prometheus metrics, under the names Inference Extension dashboards already use.

One ``PickerMetrics`` object owns its own ``CollectorRegistry`` (no global registry, so tests and
several pickers in one process never collide). Names follow the Gateway API Inference Extension
EPP (``inference_objective_*``, ``inference_pool_*``, ``inference_extension_*``); what those do not
cover is ``kinference_*``.

The histograms are ``LoopHistogram``s, not prometheus_client's ``Histogram``: a request records
over a dozen observations (plug-in timings, scheduler, processing and tokenize time, body size;
from the access log duration, TTFT and token counts), and prometheus_client's ``observe`` takes
two locks and walks the buckets in a Python loop, where a ``LoopHistogram`` on the event loop's
one thread needs no lock and finds the bucket by bisection.
The exposition is the same: names, labels, bucket bounds, ``_bucket``/``_count``/``_sum``/
``_created`` (tested against prometheus_client's own output). The counters and the
``streams_active`` gauge are ``LoopCounter``/``LoopGauge`` for the same reason: the request path
increments a few counters and that gauge twice, and prometheus_client's ``inc`` takes a lock
through several Python frames where a ``CounterChild.inc`` is one frame and an add. Their
exposition is prometheus_client's too (``_total`` and ``_created`` for counters, tested the same
way); callers annotate the series they bind with ``CounterChild``/``GaugeChild``. Only the
constant ``inference_extension_info`` gauge is prometheus_client's ``Gauge``.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, TypeVar

import prometheus_client.metrics
from prometheus_client import CollectorRegistry, Gauge, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString

from kinference_epp import __version__

PoolAggregates = Callable[[], tuple[int, float, float]]
"""Returns (ready endpoints, average waiting queue, average KV usage) of one pool."""

_LATENCY_BUCKETS = (
    0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30,
    45, 60, 120, 180, 240, 300, 360, 480, 600, 900, 1200, 1800, 2700, 3600,
)  # fmt: skip
_TTFT_BUCKETS = (
    0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0,
    20.0, 40.0, 80.0,
)  # fmt: skip
_TOKEN_BUCKETS = (
    1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32778, 65536, 131072,
    262144, 524288, 1048576,
)  # fmt: skip
_SIZE_BUCKETS = tuple(float(2**i) for i in range(6, 27, 2))  # 64 B .. 64 MiB
_SCHED_BUCKETS = (
    0.00001, 0.00002, 0.00005, 0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05,
    0.1,
)  # fmt: skip


_go_float: Callable[[float], str] = floatToGoString
"""How prometheus_client writes a bucket bound (``le``): Go's float format (untyped there)."""


class HistogramChild:
    """One labelled series of a ``LoopHistogram``: per-bucket counts and a sum, no locks.

    The picker records from its one event loop thread, so there is nothing to lock against; a
    scrape from another thread (none in the picker) could see the sum one observation apart
    from the counts, never a torn value.
    """

    __slots__ = ("_bounds", "counts", "created", "total")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self._bounds = bounds
        self.counts = [0] * len(bounds)
        """Observations per bucket (not cumulative); the last bucket is +Inf."""
        self.total = 0.0
        self.created = time.time()

    def observe(self, amount: float) -> None:
        """Count ``amount`` in the first bucket whose upper bound is >= it, as Prometheus does
        (a NaN counts in no bucket and makes the sum NaN)."""
        if amount == amount:
            self.counts[bisect_left(self._bounds, amount)] += 1
        self.total += amount


class CounterChild:
    """One labelled series of a ``LoopCounter``: a float, no lock (see ``HistogramChild``)."""

    __slots__ = ("created", "value")

    def __init__(self) -> None:
        self.value = 0.0
        self.created = time.time()

    def inc(self, amount: float = 1.0) -> None:
        """Add ``amount`` (not negative: a counter only goes up, as prometheus_client enforces)."""
        if amount < 0:
            raise ValueError("Counters can only be incremented by non-negative amounts.")
        self.value += amount


class GaugeChild:
    """One labelled series of a ``LoopGauge``: a float, no lock (see ``HistogramChild``)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0.0

    def inc(self, amount: float = 1.0) -> None:
        self.value += amount

    def dec(self, amount: float = 1.0) -> None:
        self.value -= amount

    def set(self, value: float) -> None:
        self.value = float(value)


_Child = TypeVar("_Child")


class _LoopMetric(Collector, Generic[_Child]):
    """What the loop metrics share: a family name, label names, one cached child per label
    values, and for a metric without labels its one child, created up front (as
    prometheus_client does, so it is exposed at 0 before anything is recorded)."""

    _type: ClassVar[str]
    _family_suffix: ClassVar[str] = ""
    """Stripped from a metric name ending in it to name the family (``_total``: counters)."""

    def __init__(
        self,
        name: str,
        documentation: str,
        labelnames: Sequence[str] = (),
        *,
        registry: CollectorRegistry,
    ) -> None:
        if self._family_suffix and name.endswith(self._family_suffix):
            name = name[: -len(self._family_suffix)]
        self._name = name
        self._documentation = documentation
        self._labelnames = tuple(labelnames)
        self._children: dict[tuple[str, ...], _Child] = {}
        self._unlabelled = None if self._labelnames else self._child(())
        self._bind(self._unlabelled)
        registry.register(self)

    @abstractmethod
    def _new_child(self) -> _Child: ...

    @abstractmethod
    def _bind(self, child: _Child | None) -> None:
        """Expose the unlabelled series' own recording methods on the metric (one call, not
        a forwarding method and a call), or methods that raise when the metric has labels."""

    def _child(self, values: tuple[str, ...]) -> _Child:
        child = self._children.get(values)
        if child is None:
            child = self._new_child()
            self._children[values] = child
        return child

    def labels(self, *values: object, **by_name: object) -> _Child:
        """The series for these label values (positional, or all by name), created on first use."""
        if not self._labelnames:
            raise ValueError(f"{self._name} has no labels")
        if values and by_name:
            raise ValueError("pass label values by position or by name, not both")
        if by_name:
            if sorted(by_name) != sorted(self._labelnames):
                raise ValueError(f"{self._name} takes the labels {self._labelnames}")
            values = tuple(by_name[n] for n in self._labelnames)
        elif len(values) != len(self._labelnames):
            raise ValueError(f"{self._name} takes {len(self._labelnames)} label values")
        return self._child(tuple(str(v) for v in values))

    def _has_labels(self, method: str) -> ValueError:
        return ValueError(f"{self._name} has labels: {method} on .labels(...)")

    def describe(self) -> list[Metric]:
        return [Metric(self._name, self._documentation, self._type)]


def _use_created() -> bool:
    """prometheus_client's switch for the _created series (PROMETHEUS_DISABLE_CREATED_SERIES or
    disable_created_metrics()), read at each scrape as its own metrics read it."""
    return bool(getattr(prometheus_client.metrics, "_use_created", True))


class LoopHistogram(_LoopMetric[HistogramChild]):
    """A histogram for code that runs on one thread: ``observe`` is a bisect and two adds.

    The subset of ``prometheus_client.Histogram`` the picker uses: ``labels(...)`` returns a
    cached ``HistogramChild`` (bind it once, as ``PickerMetrics.model`` does), an unlabelled
    histogram has ``observe`` (its child's own, so one call). The samples are built when the
    registry is scraped.
    """

    _type = "histogram"

    def __init__(
        self,
        name: str,
        documentation: str,
        labelnames: Sequence[str] = (),
        *,
        buckets: Sequence[float],
        registry: CollectorRegistry,
    ) -> None:
        bounds = sorted(float(b) for b in buckets)
        if not bounds or bounds[-1] != float("inf"):
            bounds.append(float("inf"))
        self._bounds = tuple(bounds)
        self._le = tuple(_go_float(b) for b in bounds)
        super().__init__(name, documentation, labelnames, registry=registry)

    def _new_child(self) -> HistogramChild:
        return HistogramChild(self._bounds)

    def _bind(self, child: HistogramChild | None) -> None:
        self.observe = self._observe_labelled if child is None else child.observe
        """Record into the unlabelled series (a histogram without labels only)."""

    def _observe_labelled(self, amount: float) -> None:
        raise self._has_labels("observe")

    def collect(self) -> list[Metric]:
        name = self._name
        family = Metric(name, self._documentation, "histogram")
        created = _use_created()
        for values, child in list(self._children.items()):
            labels = dict(zip(self._labelnames, values, strict=True))
            acc = 0
            for le, count in zip(self._le, child.counts, strict=True):
                acc += count
                family.add_sample(f"{name}_bucket", {**labels, "le": le}, float(acc))
            family.add_sample(f"{name}_count", labels, float(acc))
            if self._bounds[0] >= 0:
                family.add_sample(f"{name}_sum", labels, child.total)
            if created:
                family.add_sample(f"{name}_created", labels, child.created)
        return [family]


class LoopCounter(_LoopMetric[CounterChild]):
    """A counter for code that runs on one thread: ``inc`` is a compare and an add.

    The subset of ``prometheus_client.Counter`` the picker uses: ``labels(...)`` returns a cached
    ``CounterChild``, an unlabelled counter has ``inc`` (its child's own, so one call). As with
    prometheus_client, a name ending in ``_total`` names the family without it, and each series
    is exposed as ``<family>_total`` and ``<family>_created``.
    """

    _type = "counter"
    _family_suffix = "_total"

    def _new_child(self) -> CounterChild:
        return CounterChild()

    def _bind(self, child: CounterChild | None) -> None:
        self.inc = self._inc_labelled if child is None else child.inc
        """Add to the unlabelled series (a counter without labels only)."""

    def _inc_labelled(self, amount: float = 1.0) -> None:
        raise self._has_labels("inc")

    def collect(self) -> list[Metric]:
        name = self._name
        family = Metric(name, self._documentation, "counter")
        created = _use_created()
        for values, child in list(self._children.items()):
            labels = dict(zip(self._labelnames, values, strict=True))
            family.add_sample(f"{name}_total", labels, child.value)
            if created:
                family.add_sample(f"{name}_created", labels, child.created)
        return [family]


class LoopGauge(_LoopMetric[GaugeChild]):
    """A gauge for code that runs on one thread: ``inc``/``dec``/``set`` on a float.

    The subset of ``prometheus_client.Gauge`` the picker uses: ``labels(...)`` returns a cached
    ``GaugeChild``, an unlabelled gauge has ``inc``, ``dec`` and ``set`` (its child's own). Each
    series is one sample named as the family, with no ``_created``, as prometheus_client's.
    """

    _type = "gauge"

    def _new_child(self) -> GaugeChild:
        return GaugeChild()

    def _bind(self, child: GaugeChild | None) -> None:
        self.inc = self._inc_labelled if child is None else child.inc
        """Add to the unlabelled series (a gauge without labels only); so do ``dec``, ``set``."""
        self.dec = self._inc_labelled if child is None else child.dec
        self.set = self._set_labelled if child is None else child.set

    def _inc_labelled(self, amount: float = 1.0) -> None:
        raise self._has_labels("inc/dec")

    def _set_labelled(self, value: float) -> None:
        raise self._has_labels("set")

    def collect(self) -> list[Metric]:
        name = self._name
        family = Metric(name, self._documentation, "gauge")
        for values, child in list(self._children.items()):
            family.add_sample(name, dict(zip(self._labelnames, values, strict=True)), child.value)
        return [family]


class PickerMetrics:
    """Every metric the picker exports; pass it to the components that record."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry(auto_describe=True)
        r = self.registry
        labels = ["model_name", "target_model_name"]
        self.request_total = LoopCounter(
            "inference_objective_request_total",
            "Requests routed, by requested and target model.",
            labels,
            registry=r,
        )
        self.request_error_total = LoopCounter(
            "inference_objective_request_error_total",
            "Requests answered with an error by the picker or the model server.",
            [*labels, "error_code"],
            registry=r,
        )
        self.request_duration = LoopHistogram(
            "inference_objective_request_duration_seconds",
            "End-to-end request latency as seen by the proxy.",
            labels,
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.request_ttft = LoopHistogram(
            "inference_objective_request_ttft_seconds",
            "Time to first response body byte (first token for streams) as seen by the proxy.",
            labels,
            buckets=_TTFT_BUCKETS,
            registry=r,
        )
        self.request_sizes = LoopHistogram(
            "inference_objective_request_sizes",
            "Request body size in bytes.",
            labels,
            buckets=_SIZE_BUCKETS,
            registry=r,
        )
        self.input_tokens = LoopHistogram(
            "inference_objective_input_tokens",
            "Prompt tokens per request, as reported by the model server's usage.",
            labels,
            buckets=_TOKEN_BUCKETS,
            registry=r,
        )
        self.output_tokens = LoopHistogram(
            "inference_objective_output_tokens",
            "Completion tokens per request, as reported by the model server's usage.",
            labels,
            buckets=_TOKEN_BUCKETS,
            registry=r,
        )
        self.cached_tokens = LoopHistogram(
            "kinference_request_cached_tokens",
            "Prompt tokens served from the model server's prefix cache, per request.",
            labels,
            buckets=_TOKEN_BUCKETS,
            registry=r,
        )
        self.scheduler_e2e = LoopHistogram(
            "inference_extension_scheduler_e2e_duration_seconds",
            "Time to run the scheduler (filters, scorers, picker) for one request.",
            buckets=_SCHED_BUCKETS,
            registry=r,
        )
        self.scheduler_plugin = LoopHistogram(
            "inference_extension_plugin_duration_seconds",
            "Time of one scheduler plug-in for one request (sampled: one scheduling cycle in 16).",
            ["extension_point", "plugin_type", "plugin_name"],
            buckets=_SCHED_BUCKETS,
            registry=r,
        )
        self.picks = LoopCounter(
            "kinference_endpoint_picks_total",
            "Requests sent to each endpoint as its first choice.",
            ["pool", "endpoint"],
            registry=r,
        )
        self.rejections = LoopCounter(
            "kinference_rejections_total",
            "Requests the picker answered itself, by HTTP status and x-kinference-reason.",
            ["status", "reason"],
            registry=r,
        )
        self.request_cpu = LoopHistogram(
            "kinference_request_processing_seconds",
            "Picker time per request from the last body chunk to the reply (parse + schedule + encode).",
            buckets=_SCHED_BUCKETS,
            registry=r,
        )
        self.stage_duration = LoopHistogram(
            "kinference_request_stage_duration_seconds",
            "Picker time per request in each stage of the request pipeline (parse, identify, "
            "policy, target, prompt, schedule, account, ...).",
            ["stage"],
            buckets=_SCHED_BUCKETS,
            registry=r,
        )
        self.tokenize_errors = LoopCounter(
            "kinference_tokenize_errors_total",
            "Prompts the tokenizer failed on (routed without prefix information).",
            ["model_name"],
            registry=r,
        )
        self.policy_decisions = LoopCounter(
            "kinference_policy_decisions_total",
            "InferencePolicy decisions by policy, rule and action (mode: enforce or shadow).",
            ["policy", "rule", "action", "mode"],
            registry=r,
        )
        self.policy_rejected_updates = LoopCounter(
            "kinference_policy_rejected_updates_total",
            "Policy updates refused (the last good set stayed in force).",
            registry=r,
        )
        self.classifier_model_rejected_updates = LoopCounter(
            "kinference_classifier_model_rejected_updates_total",
            "Classifier model files that did not load (the model in force stayed).",
            registry=r,
        )
        self.prefix_hit_tokens = LoopCounter(
            "kinference_prefix_hit_tokens",
            "Prompt tokens found in the chosen pod's prefix cache: source=predicted (the picker's "
            "index at decision time) or reported (vLLM's usage cached_tokens).",
            ["source"],
            registry=r,
        )
        self.prefix_prompt_tokens = LoopCounter(
            "kinference_prefix_prompt_tokens",
            "Prompt tokens of the requests counted in kinference_prefix_hit_tokens, per source.",
            ["source"],
            registry=r,
        )
        self.scrape_errors = LoopCounter(
            "kinference_metrics_scrape_errors_total",
            "Failed scrapes of an endpoint's /metrics.",
            ["endpoint"],
            registry=r,
        )
        self.access_log_entries = LoopCounter(
            "kinference_access_log_entries_total",
            "Per-request entries received from Envoy's gRPC access log service.",
            registry=r,
        )
        self.usage_reports = LoopCounter(
            "kinference_usage_reports_total",
            "Reports of finished requests (source: access_log, report_usage or response_body, "
            "the picker's own reading with usage.source response_body) by result: "
            "matched to a pick of this picker, remote (a pick of another replica, settled "
            "in the shared limit store), unrouted (no picker id: answered by the picker or "
            "Envoy), unknown (an id of no pick, or one reported already: ignored), rejected "
            "(negative counts), ignored (an access-log entry with usage.source "
            "response_body: the response settled it).",
            ["source", "result"],
            registry=r,
        )
        self.control_denied = LoopCounter(
            "kinference_control_denied_total",
            "Calls to the access-log service or the Pick API refused for want of the caller's "
            "credential.",
            ["service"],
            registry=r,
        )
        self.streams_active = LoopGauge(
            "kinference_ext_proc_streams_active",
            "Open ext_proc streams (one per in-flight request being processed).",
            registry=r,
        )
        info = Gauge(
            "inference_extension_info",
            "General information about the endpoint picker build.",
            ["commit", "build_ref"],
            registry=r,
        )
        info.labels(commit="", build_ref=f"kinference-epp-{__version__}").set(1)
        self._by_model: dict[tuple[str, str], ModelMetrics] = {}
        self._plugin_children: dict[tuple[str, str, str], HistogramChild] = {}
        self._pick_children: dict[tuple[str, str], CounterChild] = {}

    def model(self, model: str, target: str) -> ModelMetrics:
        """Label-bound children for one (model, target model): ``.labels()`` looks a child up
        through several Python calls, and the request path would otherwise pay it several times
        per request."""
        key = (model, target)
        bound = self._by_model.get(key)
        if bound is None:
            bound = ModelMetrics(self, model, target)
            self._by_model[key] = bound
        return bound

    def plugin(self, extension_point: str, plugin_type: str, name: str) -> HistogramChild:
        key = (extension_point, plugin_type, name)
        child = self._plugin_children.get(key)
        if child is None:
            child = self.scheduler_plugin.labels(
                extension_point=extension_point, plugin_type=plugin_type, plugin_name=name
            )
            self._plugin_children[key] = child
        return child

    def pick(self, pool: str, endpoint: str) -> CounterChild:
        key = (pool, endpoint)
        child = self._pick_children.get(key)
        if child is None:
            child = self.picks.labels(pool=pool, endpoint=endpoint)
            self._pick_children[key] = child
        return child

    def register_collector(self, collector: Collector) -> None:
        """Add a collector computed at scrape time (pool gauges read from the datastore)."""
        self.registry.register(collector)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class ModelMetrics:
    """The per-model series of one (model, target model), bound once."""

    def __init__(self, m: PickerMetrics, model: str, target: str) -> None:
        labels = {"model_name": model, "target_model_name": target}
        self.request_total = m.request_total.labels(**labels)
        self.request_sizes = m.request_sizes.labels(**labels)
        self.duration = m.request_duration.labels(**labels)
        self.ttft = m.request_ttft.labels(**labels)
        self.input_tokens = m.input_tokens.labels(**labels)
        self.output_tokens = m.output_tokens.labels(**labels)
        self.cached_tokens = m.cached_tokens.labels(**labels)
        self._errors = m.request_error_total
        self._labels = labels

    def error(self, code: int) -> None:
        self._errors.labels(**self._labels, error_code=str(code)).inc()


class PoolGaugeCollector(Collector):
    """Gauges computed from live state at scrape time, so they can never drift from it."""

    def __init__(
        self,
        pool_name: str,
        aggregates: PoolAggregates,
        running_by_model: Callable[[], dict[str, int]],
    ) -> None:
        self._pool = pool_name
        self._aggregates = aggregates
        self._running = running_by_model

    def collect(self) -> list[GaugeMetricFamily]:
        ready, avg_queue, avg_kv = self._aggregates()
        running = GaugeMetricFamily(
            "inference_objective_running_requests",
            "Requests routed and not yet reported finished by the access log.",
            labels=["model_name"],
        )
        for model, n in sorted(self._running().items()):
            running.add_metric([model], float(n))
        families = [running]
        for name, doc, value in (
            ("inference_pool_ready_pods", "Ready endpoints in the pool.", float(ready)),
            (
                "inference_pool_average_queue_size",
                "Average number of waiting requests per ready endpoint.",
                avg_queue,
            ),
            (
                "inference_pool_average_kv_cache_utilization",
                "Average KV-cache usage (0-1) of ready endpoints.",
                avg_kv,
            ),
        ):
            fam = GaugeMetricFamily(name, doc, labels=["name"])
            fam.add_metric([self._pool], value)
            families.append(fam)
        return families


class TokenizerFallbackCollector(Collector):
    """Requests tokenized with the stand-in because their model has no tokenizer configured:
    prefix routing cannot match the pods' KV events for them, so this should stay at 0."""

    def __init__(self, counts: Callable[[], dict[str, int]]) -> None:
        self._counts = counts

    def collect(self) -> list[CounterMetricFamily]:
        fam = CounterMetricFamily(
            "kinference_tokenizer_fallback",
            "Prompts tokenized with the approximate stand-in (no tokenizer for the model).",
            labels=["model_name"],
        )
        for model, n in sorted(self._counts().items()):
            fam.add_metric([model], float(n))
        return [fam]
