from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.errors import BadRequestError


def _parse(kind: ApiKind, body: dict[str, Any]) -> InferenceRequest:
    return parse_request(kind, json.dumps(body).encode())


def _chat(**fields: Any) -> dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": "hi"}], **fields}


# --- chat ---------------------------------------------------------------------------------


def test_chat_minimal_keeps_raw_bytes() -> None:
    raw = b'{"model": "qwen3", "messages": [{"role": "user", "content": "hi"}]}'
    req = parse_request(ApiKind.CHAT, raw)
    # ``decoded`` is the parser's own view, kept for the policy text (test_api_body_text).
    assert msgspec.structs.replace(req, decoded=None) == InferenceRequest(
        kind=ApiKind.CHAT,
        model="qwen3",
        raw=raw,
        messages=(ChatMessage("user", "hi"),),
    )
    assert req.raw is raw


def test_chat_all_known_fields() -> None:
    req = _parse(
        ApiKind.CHAT,
        _chat(
            stream=True,
            stream_options={"include_usage": True},
            max_tokens=10,
            cache_salt="salt",
            user="alice",
            temperature=0.2,
            vendor_extension={"anything": [1, 2]},
        ),
    )
    assert req.stream is True
    assert req.include_usage is True
    assert req.max_tokens == 10
    assert req.cache_salt == "salt"
    assert req.extra == {"user": "alice"}


def test_max_completion_tokens_wins_over_max_tokens() -> None:
    req = _parse(ApiKind.CHAT, _chat(max_tokens=10, max_completion_tokens=20))
    assert req.max_tokens == 20
    assert _parse(ApiKind.CHAT, _chat(max_completion_tokens=7)).max_tokens == 7


def test_nulls_are_accepted_for_optional_fields() -> None:
    req = _parse(
        ApiKind.CHAT,
        _chat(stream=None, stream_options=None, max_tokens=None, user=None, cache_salt=None),
    )
    assert (req.stream, req.include_usage, req.max_tokens, req.extra) == (False, False, None, {})


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ({"role": "user", "content": "plain"}, ChatMessage("user", "plain")),
        ({"role": "assistant", "content": None}, ChatMessage("assistant", "")),
        ({"role": "assistant", "tool_calls": []}, ChatMessage("assistant", "")),
        ({"role": "user", "content": "x", "name": "bob"}, ChatMessage("user", "x", "bob")),
        ({"role": "user", "content": []}, ChatMessage("user", "")),
        (
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "look at "},
                    {"type": "image_url", "image_url": {"url": "data:..."}},
                    {"type": "input_audio", "input_audio": {"data": "..", "format": "wav"}},
                    {"type": "text", "text": "this"},
                ],
            },
            ChatMessage("user", "look at \nthis"),  # text parts joined with a newline, as vLLM does
        ),
        ({"role": "tool", "content": "42", "tool_call_id": "c1"}, ChatMessage("tool", "42")),
    ],
)
def test_chat_message_content(message: dict[str, Any], expected: ChatMessage) -> None:
    assert _parse(ApiKind.CHAT, _chat(messages=[message])).messages == (expected,)


# --- completions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    ["once upon", "", ["a", "b"], [1, 2, 3], [[1, 2], [3]], [[]]],
)
def test_completions_prompt_forms(prompt: object) -> None:
    body = {"model": "m", "prompt": prompt, "max_tokens": 0, "stream": True}
    req = _parse(ApiKind.COMPLETIONS, body)
    assert req.prompt == prompt
    assert req.max_tokens == 0
    assert req.stream is True
    assert req.messages == ()


def test_completions_without_prompt() -> None:
    assert _parse(ApiKind.COMPLETIONS, {"model": "m", "prompt_embeds": "..."}).prompt is None


# --- anthropic messages -------------------------------------------------------------------


def test_messages_full() -> None:
    body = {
        "model": "claude",
        "max_tokens": 1024,
        "stream": True,
        "system": [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}],
        "metadata": {"user_id": "u1"},
        "messages": [
            {"role": "user", "content": "What is 6*7?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "hmm", "signature": "s"},
                    {"type": "text", "text": "Let me check."},
                    {"type": "tool_use", "id": "t1", "name": "calc", "input": {"e": "6*7"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "t1", "content": "42"},
                    {
                        "type": "tool_result",
                        "tool_use_id": "t2",
                        "content": [{"type": "text", "text": "!"}],
                    },
                    {"type": "tool_result", "tool_use_id": "t3"},
                    {"type": "image", "source": {"type": "base64", "data": "..."}},
                    {
                        "type": "web_search_tool_result",
                        "content": {"type": "error", "error_code": "x"},
                    },
                ],
            },
        ],
    }
    req = _parse(ApiKind.MESSAGES, body)
    assert req.model == "claude"
    assert req.max_tokens == 1024
    assert req.stream is True
    assert req.include_usage is True
    assert req.extra == {"user": "u1"}
    assert req.messages == (
        ChatMessage("system", "Be brief."),
        ChatMessage("user", "What is 6*7?"),
        ChatMessage("assistant", "Let me check."),
        ChatMessage("user", "42!"),
    )


def test_messages_system_string_and_missing_max_tokens() -> None:
    body = {"model": "c", "system": "sys", "messages": [{"role": "user", "content": "x"}]}
    req = _parse(ApiKind.MESSAGES, body)
    assert req.messages[0] == ChatMessage("system", "sys")
    assert req.max_tokens is None


# --- errors -------------------------------------------------------------------------------

_MSG = [{"role": "user", "content": "x"}]


@pytest.mark.parametrize(
    ("kind", "body", "param"),
    [
        (ApiKind.CHAT, b"", None),
        (ApiKind.CHAT, b"{not json", None),
        (ApiKind.COMPLETIONS, b'{"model": "m"} trailing', None),
        (ApiKind.CHAT, b'{"model": "m\xff", "messages": []}', None),
        (ApiKind.CHAT, b"[]", None),
        (ApiKind.CHAT, b'"model"', None),
        (ApiKind.CHAT, b"null", None),
        (ApiKind.CHAT, b'{"model": "m", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}", None),
        (ApiKind.CHAT, {"messages": _MSG}, "model"),
        (ApiKind.CHAT, {"model": "", "messages": _MSG}, "model"),
        (ApiKind.CHAT, {"model": "  ", "messages": _MSG}, "model"),
        (ApiKind.CHAT, {"model": 5, "messages": _MSG}, "model"),
        (ApiKind.CHAT, {"model": None, "messages": _MSG}, "model"),
        (ApiKind.CHAT, {"model": "m"}, "messages"),
        (ApiKind.CHAT, {"model": "m", "messages": []}, "messages"),
        (ApiKind.CHAT, {"model": "m", "messages": {}}, "messages"),
        (ApiKind.CHAT, {"model": "m", "messages": [{"content": "x"}]}, "messages[0].role"),
        (ApiKind.CHAT, {"model": "m", "messages": [{"role": 1}]}, "messages[0].role"),
        (ApiKind.CHAT, {"model": "m", "messages": ["hi"]}, "messages[0]"),
        (
            ApiKind.CHAT,
            {"model": "m", "messages": [{"role": "u", "content": 3}]},
            "messages[0].content",
        ),
        (
            ApiKind.CHAT,
            {"model": "m", "messages": [{"role": "u", "content": [{"text": "x"}]}]},
            "messages[0].content[0].type",
        ),
        (
            ApiKind.CHAT,
            {"model": "m", "messages": [_MSG[0], {"role": "u", "content": [{"type": "text"}]}]},
            "messages[1].content[0].text",
        ),
        (
            ApiKind.CHAT,
            {"model": "m", "messages": [{"role": "u", "content": [{"type": "text", "text": 1}]}]},
            "messages[0].content[0].text",
        ),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "stream": "yes"}, "stream"),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "stream": 1}, "stream"),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "stream_options": True}, "stream_options"),
        (
            ApiKind.CHAT,
            {"model": "m", "messages": _MSG, "stream_options": {"include_usage": "t"}},
            "stream_options.include_usage",
        ),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "max_tokens": "5"}, "max_tokens"),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "max_tokens": 5.5}, "max_tokens"),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "max_tokens": -1}, "max_tokens"),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "max_tokens": 2**64}, "max_tokens"),
        (
            ApiKind.CHAT,
            {"model": "m", "messages": _MSG, "max_completion_tokens": True},
            "max_completion_tokens",
        ),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "cache_salt": 1}, "cache_salt"),
        (ApiKind.CHAT, {"model": "m", "messages": _MSG, "user": ["a"]}, "user"),
        (ApiKind.COMPLETIONS, {"prompt": "x"}, "model"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": 5}, "prompt"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": []}, "prompt"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": ["a", 1]}, "prompt[1]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [1, [2]]}, "prompt[1]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [[1], "a"]}, "prompt[1]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [1.5]}, "prompt[0]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [-1]}, "prompt[0]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [[1, "a"]]}, "prompt[0][1]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [["a"]]}, "prompt[0][0]"),
        (ApiKind.COMPLETIONS, {"model": "m", "prompt": [[[1]]]}, "prompt[0][0]"),
        (ApiKind.MESSAGES, {"messages": _MSG}, "model"),
        (ApiKind.MESSAGES, {"model": "c"}, "messages"),
        (ApiKind.MESSAGES, {"model": "c", "messages": []}, "messages"),
        (ApiKind.MESSAGES, {"model": "c", "messages": [{"role": "user"}]}, "messages[0].content"),
        (ApiKind.MESSAGES, {"model": "c", "messages": _MSG, "max_tokens": "1"}, "max_tokens"),
        (ApiKind.MESSAGES, {"model": "c", "messages": _MSG, "system": 1}, "system"),
        (
            ApiKind.MESSAGES,
            {"model": "c", "messages": _MSG, "system": [{"type": "text"}]},
            "system[0].text",
        ),
        (
            ApiKind.MESSAGES,
            {"model": "c", "messages": _MSG, "metadata": {"user_id": 3}},
            "metadata.user_id",
        ),
        (
            ApiKind.MESSAGES,
            {"model": "c", "messages": [{"role": "user", "content": [{"type": "text"}]}]},
            "messages[0].content[0].text",
        ),
        (
            ApiKind.MESSAGES,
            {
                "model": "c",
                "messages": [{"role": "user", "content": [{"type": "tool_result", "content": 1}]}],
            },
            "messages[0].content[0].content",
        ),
        (
            ApiKind.MESSAGES,
            {
                "model": "c",
                "messages": [
                    {
                        "role": "user",
                        "content": [{"type": "tool_result", "content": [{"type": "text"}]}],
                    }
                ],
            },
            "messages[0].content[0].content[0].text",
        ),
    ],
)
def test_bad_requests_name_the_field(
    kind: ApiKind, body: bytes | dict[str, Any], param: str | None
) -> None:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    with pytest.raises(BadRequestError) as info:
        parse_request(kind, raw)
    assert info.value.status == 400
    assert info.value.param == param
    if param is not None:
        assert param in info.value.message


# --- fuzzing ------------------------------------------------------------------------------

_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["model", "messages", "role", "content", "type", "text", "prompt", "system", "x"]
            )
            | st.text(max_size=8),
            children,
            max_size=5,
        )
    ),
    max_leaves=30,
)
_KINDS = st.sampled_from(list(ApiKind))


def _accepts_or_400(kind: ApiKind, raw: bytes) -> None:
    try:
        req = parse_request(kind, raw)
    except BadRequestError:
        return
    assert isinstance(req, InferenceRequest)
    assert req.raw == raw
    assert req.model.strip()


@settings(max_examples=300)
@given(_KINDS, st.binary(max_size=200))
def test_fuzz_arbitrary_bytes(kind: ApiKind, raw: bytes) -> None:
    _accepts_or_400(kind, raw)


@settings(max_examples=500)
@given(_KINDS, _json_values)
def test_fuzz_arbitrary_json(kind: ApiKind, value: object) -> None:
    _accepts_or_400(kind, json.dumps(value).encode())


_part = st.fixed_dictionaries(
    {"type": st.sampled_from(["text", "image_url", "tool_result"])},
    optional={"text": _json_values, "content": _json_values},
)
_message = st.fixed_dictionaries(
    {"role": st.sampled_from(["user", "assistant", "system"])},
    optional={
        "content": st.one_of(st.text(max_size=10), st.lists(_part, max_size=3), _json_values),
        "name": _json_values,
    },
)


@settings(max_examples=300)
@given(
    _KINDS,
    st.fixed_dictionaries(
        {
            "model": st.one_of(st.text(max_size=5), _json_values),
            "messages": st.lists(_message, max_size=3),
        },
        optional={
            "prompt": _json_values,
            "system": _json_values,
            "max_tokens": _json_values,
            "stream_options": _json_values,
        },
    ),
)
def test_fuzz_nearly_valid_bodies(kind: ApiKind, body: dict[str, Any]) -> None:
    _accepts_or_400(kind, json.dumps(body).encode())
