"""Access-log entries from Envoy AI Gateway: token counts under ``io.envoy.ai_gateway``."""

from __future__ import annotations

from envoy.data.accesslog.v3 import accesslog_pb2

from kinference_epp.edge.accesslog import AI_GATEWAY_NAMESPACE, record_from_entry


def entry(
    ai: dict[str, float], kinference: dict[str, float] | None = None
) -> accesslog_pb2.HTTPAccessLogEntry:
    e = accesslog_pb2.HTTPAccessLogEntry()
    e.response.response_code.value = 200
    e.request.request_id = "r1"
    meta = e.common_properties.metadata.filter_metadata
    for key, value in ai.items():
        meta[AI_GATEWAY_NAMESPACE].fields[key].number_value = value
    for key, value in (kinference or {}).items():
        meta["kinference"].fields[key].number_value = value
    return e


def test_tokens_from_ai_gateway_default_keys() -> None:
    r = record_from_entry(
        entry({"llm_input_token": 12, "llm_output_token": 5, "llm_cached_input_token": 8})
    )
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (12, 5, 8)


def test_tokens_from_ai_gateway_keys_the_install_named() -> None:
    r = record_from_entry(
        entry({"in": 3, "out": 4, "llm_input_token": 99}), ("in", "out", "cached")
    )
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (3, 4, None)


def test_the_shipped_filters_counts_win_over_ai_gateway() -> None:
    r = record_from_entry(
        entry(
            {"llm_input_token": 100, "llm_output_token": 100},
            {"prompt_tokens": 7, "completion_tokens": 2},
        )
    )
    assert (r.prompt_tokens, r.completion_tokens) == (7, 2)


def test_an_entry_with_neither_has_no_tokens() -> None:
    r = record_from_entry(entry({"llm_total_token": 20}))
    assert (r.prompt_tokens, r.completion_tokens, r.cached_tokens) == (None, None, None)
