from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.api import rewrite
from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.api.rewrite import rewrite_model, set_top_level_field

_MSGS = [{"role": "user", "content": "hi"}]


def test_rewrite_changes_only_the_model_bytes() -> None:
    raw = b'{ "model" : "a",\n "messages": [{"role":"user","content":"x \\"model\\": y"}], "n": 1.50 }'
    req = parse_request(ApiKind.CHAT, raw)
    assert rewrite_model(req, "b\u00e9") == raw.replace(b'"a"', '"b\u00e9"'.encode())


def test_nested_and_escaped_model_keys() -> None:
    raw = (
        b'{"meta": {"model": "inner", "s": "}{\\\\"}, "list": [{"model": 1}, "]"], '
        b'"mod\\u0065l": "escaped-key", "z": "\\"model\\": \\"fake\\""}'
    )
    out = set_top_level_field(raw, "model", "new")
    expected = json.loads(raw)
    expected["model"] = "new"
    assert json.loads(out) == expected
    assert out.startswith(raw[: raw.index(b'"mod\\u0065l"')])


def test_duplicate_top_level_keys_are_all_replaced() -> None:
    raw = b'{"model": "first", "x": {"model": 0}, "model": "second-and-longer"}'
    out = set_top_level_field(raw, "model", "new")
    assert out == b'{"model": "new", "x": {"model": 0}, "model": "new"}'


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"{}", b'{"stream_options":{"include_usage":true}}'),
        (b" { \n } ", b' {"stream_options":{"include_usage":true} \n } '),
        (b'{"a": 1}', b'{"stream_options":{"include_usage":true},"a": 1}'),
    ],
)
def test_absent_key_is_added_first(raw: bytes, expected: bytes) -> None:
    assert set_top_level_field(raw, "stream_options", {"include_usage": True}) == expected


@pytest.mark.parametrize("raw", [b"[]", b'"x"', b"", b"{", b'{"a": 1} x'])
def test_not_an_object_is_a_value_error(raw: bytes) -> None:
    with pytest.raises(ValueError, match="JSON object"):
        set_top_level_field(raw, "model", "x")


_keys = st.sampled_from(["model", "messages", "mod\\el", 'm"odel', "é", ""]) | st.text(max_size=6)
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**64), max_value=2**64)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
    | st.sampled_from(['"', "\\", '\\"', "}", "]", "{", "[", '"model":', "\u2028", "😀"])
)
_values = st.recursive(
    _scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(_keys, children, max_size=4),
    max_leaves=25,
)
_objects = st.dictionaries(_keys, _values, max_size=6)
_dump_styles = st.sampled_from(
    [
        {},
        {"ensure_ascii": False},
        {"indent": 2},
        {"separators": (",", ":")},
        {"separators": (" , ", " :\t"), "ensure_ascii": False},
    ]
)


def _dump(obj: dict[str, Any], style: dict[str, Any]) -> bytes:
    return json.dumps(obj, **style).encode()


@settings(max_examples=200)
@given(_objects, _values, _dump_styles)
def test_set_top_level_field_changes_only_that_key(
    obj: dict[str, Any], value: object, style: dict[str, Any]
) -> None:
    raw = _dump(obj, style)
    out = set_top_level_field(raw, "model", value)
    expected = dict(obj)
    expected["model"] = value
    assert json.loads(out) == expected
    if "model" in obj:
        (_, [(start, end)]) = rewrite._top_level_spans(raw, "model", None)
        assert out.startswith(raw[:start])
        assert out.endswith(raw[end:])
        assert out[start : len(out) - (len(raw) - end)] == msgspec.json.encode(value)


@settings(max_examples=150)
@given(_objects, st.text(min_size=1, max_size=20), _dump_styles)
def test_rewrite_model_on_parsed_requests(
    obj: dict[str, Any], model: str, style: dict[str, Any]
) -> None:
    body = {**{f"x_{k}": v for k, v in obj.items()}, "model": "original", "messages": _MSGS}
    raw = _dump(body, style)
    req = parse_request(ApiKind.CHAT, raw)
    out = rewrite_model(req, model)
    assert json.loads(out) == {**body, "model": model}
    # Bytes outside the value are untouched.
    head, _, tail = raw.partition(json.dumps("original").encode())
    assert out.startswith(head) or b'"model"' not in head
    assert out.endswith(tail)


@settings(max_examples=150)
@given(_objects, _dump_styles)
def test_regex_scanner_agrees_with_msgspec_lengths(
    obj: dict[str, Any], style: dict[str, Any]
) -> None:
    """The fallback scanner (used for duplicate keys) finds the same spans as the fast path."""
    raw = _dump(obj, style)
    values = rewrite._TOP_LEVEL.decode(raw)
    for key in obj:
        assert rewrite._top_level_spans(raw, key, None) == rewrite._top_level_spans(
            raw, key, values
        )
        (_, spans) = rewrite._top_level_spans(raw, key, None)
        [(start, end)] = spans
        assert json.loads(raw[start:end]) == obj[key]
