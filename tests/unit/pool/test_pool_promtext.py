"""parse_vllm_metrics on realistic vLLM expositions, old names, engines, LoRA info, garbage."""

from __future__ import annotations

import re
from math import isfinite
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.pool import promtext
from kinference_epp.pool.endpoint import LoadSnapshot
from kinference_epp.pool.promtext import parse_vllm_metrics

DATA = Path(__file__).parent / "data"
MODEL = "meta-llama/Llama-3.1-8B-Instruct"


def test_realistic_v1_exposition_with_two_engines() -> None:
    text = (DATA / "vllm_v1_two_engines.prom").read_text()
    snap = parse_vllm_metrics(text, scraped_at=12.5)
    assert snap.running == 8.0
    assert snap.waiting == 3.0
    assert snap.kv_usage == pytest.approx(0.375)
    assert snap.prefix_cache_queries == 200000.0
    assert snap.prefix_cache_hits == 80000.0
    assert snap.block_size == 16
    assert snap.num_gpu_blocks == 2 * 27840
    assert snap.max_lora == 4
    assert snap.running_lora_adapters == {"sql-lora", "tweet-lora"}
    assert snap.waiting_lora_adapters == {"chat-lora"}
    assert (snap.itl_sum, snap.itl_count) == (pytest.approx(2 * 12.34567), 24.0)
    assert (snap.ttft_sum, snap.ttft_count) == (pytest.approx(2 * 12.34567), 30.0)
    assert snap.scraped_at == 12.5


def test_model_name_filter_skips_other_models_but_keeps_unlabelled_info() -> None:
    text = (DATA / "vllm_v1_two_engines.prom").read_text()
    other = parse_vllm_metrics(text, model_name="another-model")
    assert (other.running, other.waiting, other.kv_usage) == (0.0, 0.0, 0.0)
    assert other.block_size == 16
    assert parse_vllm_metrics(text, model_name=MODEL).running == 8.0


OLD_V0 = """\
# HELP vllm:num_requests_running Number of requests currently running on GPU.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{model_name="m"} 4.0
vllm:num_requests_swapped{model_name="m"} 0.0
vllm:num_requests_waiting{model_name="m"} 9.0
vllm:gpu_cache_usage_perc{model_name="m"} 0.8125
vllm:cpu_cache_usage_perc{model_name="m"} 0.0
vllm:prefix_cache_queries{model_name="m"} 100
vllm:prefix_cache_hits{model_name="m"} 25
vllm:cache_config_info{block_size="32",num_gpu_blocks="1000"} 1.0
"""


def test_old_metric_names() -> None:
    snap = parse_vllm_metrics(OLD_V0)
    assert (snap.running, snap.waiting) == (4.0, 9.0)
    assert snap.kv_usage == 0.8125
    assert (snap.prefix_cache_queries, snap.prefix_cache_hits) == (100.0, 25.0)
    assert (snap.block_size, snap.num_gpu_blocks) == (32, 1000)
    assert snap.max_lora is None
    assert snap.running_lora_adapters == frozenset()


def test_itl_totals_pair_from_one_family_new_name_first() -> None:
    both = (
        "vllm:num_requests_running 1\n"
        "vllm:time_per_output_token_seconds_sum 99\n"
        "vllm:time_per_output_token_seconds_count 9\n"
        'vllm:inter_token_latency_seconds_sum{model_name="m"} 1.5\n'
        'vllm:inter_token_latency_seconds_count{model_name="m"} 30\n'
        'vllm:inter_token_latency_seconds_bucket{model_name="m",le="0.05"} 30\n'
    )
    snap = parse_vllm_metrics(both)
    assert (snap.itl_sum, snap.itl_count) == (1.5, 30.0)
    old = (
        "vllm:time_per_output_token_seconds_sum 2.0\nvllm:time_per_output_token_seconds_count 40\n"
    )
    assert (parse_vllm_metrics(old).itl_sum, parse_vllm_metrics(old).itl_count) == (2.0, 40.0)
    other = parse_vllm_metrics(both, model_name="other")
    assert (other.itl_sum, other.itl_count) == (0.0, 0.0)


def test_new_kv_name_wins_over_old() -> None:
    text = "vllm:kv_cache_usage_perc 0.5\nvllm:gpu_cache_usage_perc 0.9\n"
    assert parse_vllm_metrics(text).kv_usage == 0.5


def test_lora_info_newest_series_per_engine_and_union() -> None:
    text = """\
vllm:lora_requests_info{engine="0",max_lora="2",running_lora_adapters="old",waiting_lora_adapters=""} 100
vllm:lora_requests_info{engine="0",max_lora="2",running_lora_adapters="a, b",waiting_lora_adapters="c"} 300
vllm:lora_requests_info{engine="1",max_lora="8",running_lora_adapters="d",waiting_lora_adapters=""} 400
vllm:lora_requests_info{engine="1",max_lora="8",running_lora_adapters="older",waiting_lora_adapters=""} 200
"""
    snap = parse_vllm_metrics(text)
    assert snap.running_lora_adapters == {"a", "b", "d"}
    assert snap.waiting_lora_adapters == {"c"}
    assert snap.max_lora == 8


GARBAGE = """\
this is not a metric
# a comment { with braces
vllm:num_requests_running{engine="0",model_name="m"} 2
vllm:num_requests_running{engine="1",model_name="m"} not-a-number
vllm:num_requests_running{engine="2",model_name="m"
vllm:num_requests_running{engine="3",model_name="m"}
vllm:num_requests_running{engine="4",model_name="m"} NaN
vllm:num_requests_running{engine="5",model_name="m"} 3 1733156800000
vllm:num_requests_running_by_reason{model_name="m"} 99
vllm:num_requests_waiting{weird label} 5
vllm:num_requests_waiting{model_name="a \\"quoted\\" }name"} 1
vllm:kv_cache_usage_perc{model_name="m"} 7.5
vllm:cache_config_info{block_size="None",num_gpu_blocks="lots"} 1
\x00\xff binary junk vllm:num_requests_waiting 1000
"""


def test_garbage_lines_are_skipped() -> None:
    snap = parse_vllm_metrics(GARBAGE)
    assert snap.running == 5.0  # engines 0 and 5; the rest are malformed or NaN
    assert snap.waiting == 6.0  # a bad label set still has a value; escaped quotes and braces
    assert snap.kv_usage == 1.0  # clamped
    assert snap.block_size is None
    assert snap.num_gpu_blocks is None


def test_crlf_line_endings() -> None:
    text = 'vllm:num_requests_running 1\r\nvllm:num_requests_waiting{a="b"} 2\r\n'
    snap = parse_vllm_metrics(text)
    assert (snap.running, snap.waiting) == (1.0, 2.0)


def test_first_line_without_trailing_newline() -> None:
    assert parse_vllm_metrics("vllm:num_requests_waiting 4").waiting == 4.0


@pytest.mark.parametrize(
    "text",
    [
        "",
        "<html><body>502 Bad Gateway</body></html>",
        "# HELP go_goroutines x\n# TYPE go_goroutines gauge\ngo_goroutines 12\n",
        'vllm:num_requests_running{model_name="m"} oops\n',
    ],
)
def test_unparsable_input_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="no vLLM routing metrics"):
        parse_vllm_metrics(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=60),
            st.sampled_from(
                [
                    "vllm:num_requests_running",
                    "vllm:num_requests_waiting{",
                    'vllm:lora_requests_info{max_lora="x"} ',
                    "vllm:cache_config_info{}",
                    '{a="\\',
                    "} 1e400",
                    " -Inf",
                ]
            ),
        ),
        max_size=12,
    )
)
def test_never_raises_anything_but_value_error(parts: list[str]) -> None:
    text = "".join(parts)
    try:
        snap = parse_vllm_metrics(text)
    except ValueError:
        return
    assert 0.0 <= snap.kv_usage <= 1.0


# ---- the bytes interface, and equivalence with a line-by-line reference --------------------


def test_bytes_and_text_give_the_same_snapshot() -> None:
    data = (DATA / "vllm_v1_two_engines.prom").read_bytes()
    assert parse_vllm_metrics(data, scraped_at=1.0) == parse_vllm_metrics(
        data.decode(), scraped_at=1.0
    )
    assert parse_vllm_metrics(data, model_name=MODEL) == parse_vllm_metrics(
        data.decode(), model_name=MODEL
    )


def test_invalid_utf8_in_a_label_value_is_replaced_not_fatal() -> None:
    text = (
        b'vllm:cache_config_info{block_size="16",note="\xff\xfe"} 1\nvllm:num_requests_running 2\n'
    )
    snap = parse_vllm_metrics(text)
    assert (snap.block_size, snap.running) == (16, 2.0)


def test_openmetrics_interleaved_created_samples_are_not_read_as_values() -> None:
    text = """\
# TYPE vllm:prefix_cache_queries counter
vllm:prefix_cache_queries_total{engine="0"} 10
vllm:prefix_cache_queries_created{engine="0"} 1.7e9
vllm:prefix_cache_queries_total{engine="1"} 20
vllm:prefix_cache_queries_created{engine="1"} 1.7e9
vllm:prefix_cache_hits_created{engine="0"} 1.7e9
vllm:prefix_cache_hits_total{engine="0"} 5
"""
    snap = parse_vllm_metrics(text)
    assert (snap.prefix_cache_queries, snap.prefix_cache_hits) == (30.0, 5.0)


def test_value_right_after_the_label_set_and_tabs() -> None:
    text = 'vllm:num_requests_running{a="b"}7\nvllm:num_requests_waiting\t2\n'
    snap = parse_vllm_metrics(text)
    assert (snap.running, snap.waiting) == (7.0, 2.0)


def test_longer_names_are_not_read_as_known_ones() -> None:
    text = "vllm:num_requests_running1 5\nvllm:num_requests_waiting_total 3\nvllm:num_requests_running 1\n"
    snap = parse_vllm_metrics(text)
    assert (snap.running, snap.waiting) == (1.0, 0.0)


def test_label_cache_stays_bounded_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(promtext, "_label_cache", {})
    monkeypatch.setattr(promtext, "_LABEL_CACHE_SIZE", 8)
    for i in range(50):
        text = f'vllm:cache_config_info{{block_size="{i}",num_gpu_blocks="{i * 10}"}} 1\n'
        snap = parse_vllm_metrics(text)
        assert (snap.block_size, snap.num_gpu_blocks) == (i, i * 10)
        assert len(promtext._label_cache) <= 8
        again = parse_vllm_metrics(text)  # served from the cache
        assert (again.block_size, again.num_gpu_blocks) == (i, i * 10)


_REF_LINE = re.compile(r"^vllm:([a-zA-Z_:][a-zA-Z0-9_:]*)(.*)$")
_REF_LABEL = re.compile(r'([a-zA-Z_]\w*)\s*=\s*"([^"\\]*(?:\\.[^"\\]*)*)"')


def reference(text: str, model_name: str | None) -> LoadSnapshot:
    """A slow, obvious reading of the same rules: every line, full label sets, no shortcuts."""
    samples: dict[str, list[tuple[dict[str, str], float]]] = {}
    for line in text.splitlines():
        m = _REF_LINE.match(line)
        if m is None:
            continue
        name, rest = m.groups()
        labels: dict[str, str] = {}
        if rest.startswith("{"):
            body, brace, rest = rest[1:].rpartition("}")
            if not brace:
                continue
            labels = {
                k: re.sub(r"\\(.)", lambda e: "\n" if e.group(1) == "n" else e.group(1), v)
                for k, v in _REF_LABEL.findall(body)
            }
        elif rest[:1] not in (" ", "\t"):
            continue
        parts = rest.split()
        if not parts:
            continue
        try:
            value = float(parts[0])
        except ValueError:
            continue
        samples.setdefault(name, []).append((labels, value))

    def wanted(labels: dict[str, str]) -> bool:
        return model_name is None or labels.get("model_name", model_name) == model_name

    def first(*names: str) -> list[tuple[dict[str, str], float]]:
        return next((samples[n] for n in names if samples.get(n)), [])

    def finite(*names: str) -> list[float]:
        return [v for labels, v in first(*names) if isfinite(v) and wanted(labels)]

    kv = finite("kv_cache_usage_perc") or finite("gpu_cache_usage_perc")
    groups = [
        finite("num_requests_running"),
        finite("num_requests_waiting"),
        kv,
        finite("prefix_cache_queries_total", "prefix_cache_queries"),
        finite("prefix_cache_hits_total", "prefix_cache_hits"),
    ]
    itl = (
        "inter_token_latency_seconds"
        if samples.get("inter_token_latency_seconds_count")
        else "time_per_output_token_seconds"
    )
    groups += [finite(f"{itl}_sum"), finite(f"{itl}_count")]
    groups += [
        finite("time_to_first_token_seconds_sum"),
        finite("time_to_first_token_seconds_count"),
    ]
    config = [labels for labels, _ in first("cache_config_info") if wanted(labels)]
    lora = [(labels, v) for labels, v in first("lora_requests_info") if wanted(labels)]
    if not any(groups) and not config and not lora:
        raise ValueError("no vLLM routing metrics found in the exposition")

    def as_int(value: str | None) -> int | None:
        try:
            return None if value is None else int(float(value))
        except ValueError:
            return None

    sizes = [as_int(c.get("block_size")) for c in config]
    blocks = [b for b in (as_int(c.get("num_gpu_blocks")) for c in config) if b is not None]
    newest: dict[str, tuple[dict[str, str], float]] = {}
    for labels, v in lora:
        engine = labels.get("engine", "")
        if engine not in newest or v > newest[engine][1]:
            newest[engine] = (labels, v)

    def adapters(key: str) -> frozenset[str]:
        return frozenset(
            a.strip()
            for labels, _ in newest.values()
            for a in (labels.get(key) or "").split(",")
            if a.strip()
        )

    top = max(newest.values(), key=lambda s: s[1])[0] if newest else None
    return LoadSnapshot(
        running=sum(groups[0]),
        waiting=sum(groups[1]),
        kv_usage=min(max(sum(kv) / len(kv), 0.0), 1.0) if kv else 0.0,
        prefix_cache_queries=sum(groups[3]),
        prefix_cache_hits=sum(groups[4]),
        block_size=next((size for size in sizes if size is not None), None),
        num_gpu_blocks=sum(blocks) if blocks else None,
        running_lora_adapters=adapters("running_lora_adapters"),
        waiting_lora_adapters=adapters("waiting_lora_adapters"),
        max_lora=as_int(top.get("max_lora")) if top is not None else None,
        itl_sum=sum(groups[5]),
        itl_count=sum(groups[6]),
        ttft_sum=sum(groups[7]),
        ttft_count=sum(groups[8]),
    )


_NAMES = [
    "num_requests_running",
    "num_requests_waiting",
    "kv_cache_usage_perc",
    "gpu_cache_usage_perc",
    "prefix_cache_queries_total",
    "prefix_cache_queries",
    "prefix_cache_queries_created",
    "prefix_cache_hits_total",
    "prefix_cache_hits",
    "cache_config_info",
    "lora_requests_info",
    "num_requests_running_by_reason",
    "time_to_first_token_seconds_bucket",
    "time_to_first_token_seconds_sum",
    "time_to_first_token_seconds_count",
    "time_to_first_token_seconds_created",
    "inter_token_latency_seconds_sum",
    "inter_token_latency_seconds_count",
    "inter_token_latency_seconds_bucket",
    "inter_token_latency_seconds_created",
    "time_per_output_token_seconds_sum",
    "time_per_output_token_seconds_count",
]
_label_values = (
    st.lists(
        st.sampled_from([*'abc ,-"\\\n{}', "sql-lora", "m", "16", "2.5", "None", "} 5"]),
        max_size=6,
    )
    .map("".join)
    .map(lambda v: v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n"))
)
_label_sets = st.dictionaries(
    st.sampled_from(
        [
            "engine",
            "model_name",
            "block_size",
            "num_gpu_blocks",
            "max_lora",
            "running_lora_adapters",
            "waiting_lora_adapters",
            "le",
        ]
    ),
    st.one_of(st.sampled_from(["0", "1", "m", "other", "16", "a,b", " c ", ""]), _label_values),
    max_size=4,
)
_values = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(-5, 10**6).map(str),
    st.sampled_from(["NaN", "+Inf", "-Inf", "1e400", "oops", "1_0", ""]),
)


@st.composite
def sample_lines(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(_NAMES))
    labels = draw(_label_sets)
    braces = bool(labels) or draw(st.booleans())  # "{}" is a label set too
    label_text = "{" + ",".join(f'{k}="{v}"' for k, v in labels.items()) + "}" if braces else ""
    sep = draw(st.sampled_from([" ", "\t", "  "] if not label_text else ["", " ", "\t"]))
    value = draw(_values)
    stamp = draw(st.sampled_from(["", " 1733156800000"]))
    return f"vllm:{name}{label_text}{sep}{value}{stamp}"


_noise = st.sampled_from(
    [
        "# HELP vllm:num_requests_running Number of requests.",
        "# TYPE vllm:num_requests_running gauge",
        "process_cpu_seconds_total 12.5",
        "",
        "vllm:num_requests_running",
        'vllm:num_requests_waiting{model_name="m"',
        "garbage vllm:num_requests_waiting 5",
    ]
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.one_of(sample_lines(), _noise), max_size=14),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from([None, "m", "other"]),
)
def test_agrees_with_the_line_by_line_reference(
    lines: list[str], newline: str, model_name: str | None
) -> None:
    text = newline.join(lines)
    try:
        expected = reference(text, model_name)
    except ValueError:
        with pytest.raises(ValueError, match="no vLLM routing metrics"):
            parse_vllm_metrics(text.encode(), model_name=model_name)
        return
    got = parse_vllm_metrics(text.encode(), model_name=model_name)
    assert got == expected
