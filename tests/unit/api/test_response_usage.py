"""Usage read from a response body as it streams past the picker."""

from __future__ import annotations

import json

import pytest

from kinference_epp.api.response_usage import ResponseUsageReader
from kinference_epp.api.sse import Usage

OPENAI_STREAM = (
    b'data: {"choices":[{"delta":{"content":"hi"}}]}\n\n'
    b'data: {"choices":[],"usage":{"prompt_tokens":11,"completion_tokens":3,'
    b'"prompt_tokens_details":{"cached_tokens":8}}}\n\n'
    b"data: [DONE]\n\n"
)
ANTHROPIC_STREAM = (
    b'event: message_start\ndata: {"type":"message_start","message":{"usage":'
    b'{"input_tokens":4,"cache_read_input_tokens":6,"output_tokens":1}}}\n\n'
    b'event: content_block_delta\ndata: {"type":"content_block_delta","delta":{"text":"x"}}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":9}}\n\n'
    b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
)


def feed_in_pieces(reader: ResponseUsageReader, body: bytes, size: int) -> None:
    pieces = [body[i : i + size] for i in range(0, len(body), size)] or [b""]
    for i, piece in enumerate(pieces):
        reader.feed(piece, i == len(pieces) - 1)


@pytest.mark.parametrize("size", [1, 7, 64, 10_000])
def test_openai_stream_usage_chunk_split_anywhere(size: int) -> None:
    reader = ResponseUsageReader("text/event-stream; charset=utf-8")
    feed_in_pieces(reader, OPENAI_STREAM, size)
    assert reader.usage == Usage(11, 3, 8)


@pytest.mark.parametrize("size", [5, 10_000])
def test_anthropic_stream_usage_is_merged(size: int) -> None:
    reader = ResponseUsageReader("text/event-stream")
    feed_in_pieces(reader, ANTHROPIC_STREAM, size)
    assert reader.usage == Usage(prompt_tokens=10, completion_tokens=9, cached_tokens=6)


def test_json_answer_usage_at_its_end() -> None:
    body = json.dumps(
        {
            "choices": [{"message": {"content": "x"}}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 2},
        }
    ).encode()
    reader = ResponseUsageReader("application/json")
    feed_in_pieces(reader, body, 9)
    assert reader.usage == Usage(5, 2, None)


def test_stream_without_usage_and_garbage_leave_none() -> None:
    reader = ResponseUsageReader("text/event-stream")
    reader.feed(b'data: {"choices":[]}\n\ndata: {"usage": nonsense\n\n', True)
    assert reader.usage is None
    reader = ResponseUsageReader("application/json")
    reader.feed(b'{"usage": [1, 2', True)
    assert reader.usage is None


def test_json_body_over_the_bound_is_not_kept() -> None:
    reader = ResponseUsageReader("application/json", max_json_bytes=16)
    reader.feed(b'{"usage":{"prompt_tokens":1,', False)
    reader.feed(b'"completion_tokens":1}}', True)
    assert reader.usage is None


def test_stream_cut_before_its_usage_chunk_has_none() -> None:
    reader = ResponseUsageReader("text/event-stream")
    reader.feed(OPENAI_STREAM[:60], False)
    assert reader.usage is None


RESPONSES_STREAM = (
    b"event: response.created\n"
    b'data: {"type":"response.created","response":{"id":"r","usage":null}}\n\n'
    b"event: response.output_text.delta\n"
    b'data: {"type":"response.output_text.delta","delta":"hi"}\n\n'
    b"event: response.completed\n"
    b'data: {"type":"response.completed","response":{"id":"r","usage":{"input_tokens":30,'
    b'"output_tokens":4,"input_tokens_details":{"cached_tokens":16}}}}\n\n'
)


@pytest.mark.parametrize("size", [3, 10_000])
def test_responses_api_stream_usage_in_its_completed_event(size: int) -> None:
    reader = ResponseUsageReader("text/event-stream")
    feed_in_pieces(reader, RESPONSES_STREAM, size)
    assert reader.usage == Usage(prompt_tokens=30, completion_tokens=4, cached_tokens=16)


def test_responses_api_answer_counts_cached_input_as_prompt() -> None:
    body = (
        b'{"object":"response","output":[],"usage":{"input_tokens":30,"output_tokens":4,'
        b'"input_tokens_details":{"cached_tokens":16},"total_tokens":34}}'
    )
    reader = ResponseUsageReader("application/json")
    reader.feed(body, True)
    assert reader.usage == Usage(30, 4, 16)
