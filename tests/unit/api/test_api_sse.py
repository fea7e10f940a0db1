from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.api.sse import SseEvent, SseParser, Usage, usage_from_event, usage_from_json


def _parse_whole(stream: bytes) -> list[SseEvent]:
    parser = SseParser()
    return parser.feed(stream) + parser.finish()


@pytest.mark.parametrize(
    ("stream", "events"),
    [
        (b"data: a\n\n", [SseEvent("a")]),
        (b"data: a\r\n\r\n", [SseEvent("a")]),
        (b"data: a\r\rdata: b\r\r", [SseEvent("a"), SseEvent("b")]),
        (b"data: a\ndata: b\n\n", [SseEvent("a\nb")]),
        (b"data:no-space\n\n", [SseEvent("no-space")]),
        (b"data:  two spaces\n\n", [SseEvent(" two spaces")]),
        (b"data\n\n", [SseEvent("")]),
        (b"data:\ndata:\n\n", [SseEvent("\n")]),
        (b": comment\ndata: a\n: another\n\n", [SseEvent("a")]),
        (b"event: message_start\nid: 7\ndata: {}\n\n", [SseEvent("{}", "message_start", "7")]),
        (b"event: ping\n\ndata: x\n\n", [SseEvent("x")]),
        (b"id: a\0b\ndata: x\n\n", [SseEvent("x")]),
        (b"retry: 100\nfoo: bar\ndata: x\n\n", [SseEvent("x")]),
        (b"\xef\xbb\xbfdata: bom\n\n", [SseEvent("bom")]),
        (b"data: caf\xc3\xa9 \xe6\xbc\xa2\n\n", [SseEvent("caf\u00e9 \u6f22")]),
        (b"data: bad \xff\n\n", [SseEvent("bad \ufffd")]),
        (b"data: [DONE]\n\n", [SseEvent("[DONE]")]),
        (b"\n\n\n", []),
        (b"data: unterminated", [SseEvent("unterminated")]),
        (b"data: a\n", [SseEvent("a")]),
    ],
)
def test_events(stream: bytes, events: list[SseEvent]) -> None:
    assert _parse_whole(stream) == events


def test_done_sentinel() -> None:
    assert SseEvent("[DONE]").is_done
    assert not SseEvent('{"x": "[DONE]"}').is_done


def test_events_arrive_as_soon_as_complete() -> None:
    parser = SseParser()
    assert parser.feed(b"data: a\n") == []
    assert parser.feed(b"\ndata: b") == [SseEvent("a")]
    assert parser.feed(b"\n\r") == [SseEvent("b")]  # "\r" ends the blank line at once
    assert parser.feed(b"\ndata: c\n\n") == [SseEvent("c")]  # its "\n" is not a second line


def test_crlf_split_between_cr_and_lf_is_one_line_ending() -> None:
    parser = SseParser()
    assert parser.feed(b"data: a\r") == []
    assert parser.feed(b"\n") == []
    assert parser.feed(b"data: b\r\n\r\n") == [SseEvent("a\nb")]


def test_multibyte_character_split_across_chunks() -> None:
    parser = SseParser()
    assert parser.feed("data: \u6f22".encode()[:-1]) == []
    assert parser.feed("\u6f22\n\n".encode()[-3:]) == [SseEvent("\u6f22")]


def test_bom_split_across_chunks() -> None:
    parser = SseParser()
    assert parser.feed(b"\xef") == []
    assert parser.feed(b"\xbb") == []
    assert parser.feed(b"\xbfdata: x\n\n") == [SseEvent("x")]


# --- property: any split of a stream yields the same events ------------------------------

_line_ending = st.sampled_from([b"\n", b"\r\n", b"\r"])
_text = st.text(
    alphabet=st.characters(codec="utf-8", blacklist_characters="\r\n"), max_size=12
).map(str.encode)
_field_line = st.one_of(
    st.tuples(st.sampled_from([b"data", b"event", b"id", b"retry", b"", b"x"]), _text).map(
        lambda t: t[0] + b": " + t[1]
    ),
    st.tuples(st.just(b"data:"), _text).map(lambda t: t[0] + t[1]),
    st.just(b"data"),
    _text.map(lambda t: b":" + t),
    st.just(b"data: [DONE]"),
)
_event_block = st.tuples(st.lists(st.tuples(_field_line, _line_ending), max_size=4), _line_ending)


@st.composite
def _streams(draw: st.DrawFn) -> bytes:
    blocks = draw(st.lists(_event_block, max_size=6))
    stream = b"".join(
        b"".join(line + end for line, end in lines) + blank for lines, blank in blocks
    )
    if draw(st.booleans()):
        stream = b"\xef\xbb\xbf" + stream
    if draw(st.booleans()):
        stream += draw(_field_line)  # an unterminated tail, delivered by finish()
    return stream


@settings(max_examples=500)
@given(_streams(), st.data())
def test_any_split_yields_the_same_events(stream: bytes, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    parser = SseParser()
    events: list[SseEvent] = []
    for chunk in chunks:
        events += parser.feed(chunk)
    events += parser.finish()
    assert events == _parse_whole(stream)


@settings(max_examples=200)
@given(_streams())
def test_byte_by_byte_equals_whole(stream: bytes) -> None:
    parser = SseParser()
    events: list[SseEvent] = []
    for i in range(len(stream)):
        events += parser.feed(stream[i : i + 1])
    assert events + parser.finish() == _parse_whole(stream)


@settings(max_examples=200)
@given(st.binary(max_size=300), st.lists(st.integers(0, 300), max_size=6))
def test_arbitrary_bytes_never_raise(stream: bytes, cuts: list[int]) -> None:
    parser = SseParser()
    events: list[SseEvent] = []
    previous = 0
    for cut in sorted(c for c in cuts if c <= len(stream)):
        events += parser.feed(stream[previous:cut])
        previous = cut
    events += parser.feed(stream[previous:]) + parser.finish()
    assert events == _parse_whole(stream)
    for event in events:
        usage_from_event(event)


# --- usage ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "usage"),
    [
        (
            {
                "id": "c",
                "object": "chat.completion.chunk",
                "choices": [],
                "usage": {
                    "prompt_tokens": 12,
                    "completion_tokens": 30,
                    "total_tokens": 42,
                    "prompt_tokens_details": {"cached_tokens": 8},
                },
            },
            Usage(12, 30, 8),
        ),
        ({"usage": {"prompt_tokens": 5, "completion_tokens": 1}}, Usage(5, 1, None)),
        ({"usage": {"prompt_tokens": 5, "prompt_tokens_details": None}}, Usage(5, None, None)),
        ({"choices": [{"delta": {"content": "hi"}}], "usage": None}, None),
        ({"choices": [{"delta": {"content": "hi"}}]}, None),
        ({"usage": {}}, None),
        ({"usage": "weird"}, None),
        ({"usage": {"prompt_tokens": "12"}}, None),
        (
            {
                "type": "message_start",
                "message": {
                    "id": "msg",
                    "usage": {
                        "input_tokens": 10,
                        "output_tokens": 1,
                        "cache_read_input_tokens": 100,
                        "cache_creation_input_tokens": 5,
                    },
                },
            },
            Usage(115, 1, 100),
        ),
        (
            {
                "type": "message_start",
                "message": {"usage": {"input_tokens": 3, "output_tokens": 0}},
            },
            Usage(3, 0, None),
        ),
        (
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn"},
                "usage": {"output_tokens": 15},
            },
            Usage(None, 15, None),
        ),
        ({"type": "content_block_delta", "delta": {"type": "text_delta", "text": "x"}}, None),
        ({"type": "ping"}, None),
    ],
)
def test_usage_from_event(data: object, usage: Usage | None) -> None:
    assert usage_from_event(SseEvent(json.dumps(data))) == usage


@pytest.mark.parametrize(
    "data", ["[DONE]", "", "not json", "[1, 2]", '{"usage": {"prompt_tokens": 1}']
)
def test_usage_from_non_usage_data(data: str) -> None:
    assert usage_from_event(SseEvent(data)) is None


def test_usage_from_whole_response() -> None:
    body = b'{"object": "chat.completion", "usage": {"prompt_tokens": 4, "completion_tokens": 2}}'
    assert usage_from_json(body) == Usage(4, 2, None)
    assert usage_from_json(b"\xff") is None


def test_anthropic_stream_usage_merges() -> None:
    stream = (
        b"event: message_start\n"
        b'data: {"type":"message_start","message":{"usage":{"input_tokens":20,"output_tokens":1}}}\n\n'
        b"event: content_block_delta\n"
        b'data: {"type":"content_block_delta","delta":{"type":"text_delta","text":"hi"}}\n\n'
        b"event: message_delta\n"
        b'data: {"type":"message_delta","delta":{},"usage":{"output_tokens":9}}\n\n'
        b"event: message_stop\n"
        b'data: {"type":"message_stop"}\n\n'
    )
    total = Usage()
    for event in _parse_whole(stream):
        usage = usage_from_event(event)
        if usage is not None:
            total = total.merged(usage)
    assert total == Usage(20, 9, None)
