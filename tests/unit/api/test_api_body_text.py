"""``body_text``: the text outside message content, collected only on demand."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.body_text import body_text
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.api.text_sink import walk_json
from kinference_epp.errors import BadRequestError


def test_the_parse_leaves_policy_fields_undecoded() -> None:
    tools = [{"type": "function", "function": {"name": "f", "description": "d"}}]
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "tools": tools}
    req = parse_request(ApiKind.CHAT, json.dumps(body).encode())
    assert isinstance(getattr(req.decoded, "tools", None), msgspec.Raw)
    assert body_text(req).texts == ("type: function", "function:", "name: f", "description: d")


def test_tool_call_arguments_are_read_as_json() -> None:
    call = {
        "id": "c",
        "type": "function",
        "function": {"name": "f", "arguments": '{"a": [1, "x\\u0040y"]}'},
    }
    body = {
        "model": "m",
        "messages": [{"role": "assistant", "content": None, "tool_calls": [call]}],
    }
    texts = body_text(parse_request(ApiKind.CHAT, json.dumps(body).encode())).texts
    assert texts[-3:] == ("arguments:", "a: 1", "a: x@y")


def test_where_unreadable_content_sits_is_named() -> None:
    parts = [{"type": "text", "text": "t"}, {"type": "image_url", "image_url": {"url": "u"}}]
    body = {"model": "m", "messages": [{"role": "user", "content": parts}]}
    got = body_text(parse_request(ApiKind.CHAT, json.dumps(body).encode()))
    assert got.unreadable == ("messages[0].content[1] (image_url)",)
    ids = parse_request(ApiKind.COMPLETIONS, b'{"model": "m", "prompt": [[1, 2]]}')
    assert body_text(ids).unreadable == ("prompt (token ids)",)


def test_a_request_built_by_hand_adds_nothing() -> None:
    req = InferenceRequest(ApiKind.CHAT, "m", b"", messages=(ChatMessage("user", "x"),))
    assert body_text(req).texts == ()
    assert body_text(req).unreadable == ()


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


def _leaves(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    if isinstance(value, str):
        return [value] if value and value[0] not in "{[" else []
    if isinstance(value, bool) or value is None:
        return []
    return [str(value)]


@settings(max_examples=300, deadline=None)
@given(_JSON)
def test_walk_json_never_raises_and_keeps_every_leaf(value: Any) -> None:
    out: list[str] = []
    walk_json(value, out)
    text = "\n".join(out)
    for leaf in _leaves(value):
        assert leaf in text


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | _JSON.map(lambda v: json.dumps(v).encode()))
def test_chat_fields_of_any_content_never_break_the_collector(raw: bytes) -> None:
    body = b'{"model": "m", "messages": [{"role": "user", "content": "x"}], "tools": '
    try:
        req = parse_request(ApiKind.CHAT, body + raw + b"}")
    except BadRequestError:  # not JSON: the parse rejects it before any policy runs
        return
    body_text(req)
