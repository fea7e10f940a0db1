"""parse_vllm_metrics on realistic vLLM expositions, old names, engines, LoRA info, garbage."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
