"""``/v1/responses`` bodies: the input items become the chat messages vLLM renders."""

from __future__ import annotations

import json

import msgspec
import pytest

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.body_text import body_text
from kinference_epp.api.request import ApiKind, ChatMessage, ToolCall
from kinference_epp.api.responses import PREVIOUS_RESPONSE_ID, PROMPT_CACHE_KEY
from kinference_epp.errors import BadRequestError


def parse(body: dict[str, object]):  # type: ignore[no-untyped-def]
    return parse_request(ApiKind.RESPONSES, json.dumps(body).encode())


def test_string_input_with_instructions() -> None:
    req = parse(
        {
            "model": "m",
            "instructions": "Be brief.",
            "input": "Hi",
            "max_output_tokens": 64,
            "stream": True,
            "user": "u1",
            "prompt_cache_key": "sess-1",
            "previous_response_id": "resp_abc",
            "cache_salt": "salt",
        }
    )
    assert req.kind is ApiKind.RESPONSES
    assert req.messages == (ChatMessage("system", "Be brief."), ChatMessage("user", "Hi"))
    assert (req.max_tokens, req.stream, req.include_usage) == (64, True, True)
    assert req.cache_salt == "salt"
    assert req.extra["user"] == "u1"
    assert req.extra[PROMPT_CACHE_KEY] == "sess-1"
    assert req.extra[PREVIOUS_RESPONSE_ID] == "resp_abc"


def test_items_follow_vllms_merging_rules() -> None:
    req = parse(
        {
            "model": "m",
            "input": [
                {"role": "developer", "content": [{"type": "input_text", "text": "rules"}]},
                {
                    "type": "message",
                    "role": "user",
                    "content": [
                        {"type": "input_text", "text": "look"},
                        {"type": "input_image", "image_url": "data:..."},
                        {"type": "input_text", "text": "here"},
                    ],
                },
                {"type": "reasoning", "id": "rs_1", "summary": []},
                {
                    "type": "message",
                    "role": "assistant",
                    "content": [
                        {"type": "output_text", "text": "first"},
                        {"type": "output_text", "text": "second"},
                    ],
                },
                {"type": "function_call", "call_id": "c1", "name": "f", "arguments": '{"a":1}'},
                {"type": "function_call", "call_id": "c2", "name": "g", "arguments": ""},
                {"type": "function_call_output", "call_id": "c1", "output": "one"},
                {
                    "type": "function_call_output",
                    "call_id": "c2",
                    "output": [{"type": "input_text", "text": "two"}],
                },
                {"type": "function_call", "call_id": "c3", "name": "h", "arguments": "{}"},
                {"type": "message", "role": "assistant", "content": "after the call"},
                {"type": "item_reference", "id": "x"},
            ],
        }
    )
    assert req.messages == (
        ChatMessage("developer", "rules"),
        ChatMessage("user", "look\nhere"),
        # the reasoning item opened the turn; the message joined it (first part only), then
        # both calls joined it too
        ChatMessage(
            "assistant",
            "first",
            tool_calls=(ToolCall("c1", "f", '{"a":1}'), ToolCall("c2", "g", "")),
        ),
        ChatMessage("tool", "one", tool_call_id="c1"),
        ChatMessage("tool", "two", tool_call_id="c2"),
        # a call after a tool message opens a turn with no content; the message fills it
        ChatMessage("assistant", "after the call", tool_calls=(ToolCall("c3", "h", "{}"),)),
    )


def test_function_tools_are_given_to_the_template_in_chat_form() -> None:
    req = parse(
        {
            "model": "m",
            "input": "x",
            "tools": [
                {"type": "function", "name": "f", "parameters": {"type": "object"}},
                {"type": "web_search_preview"},
            ],
            "reasoning": {"effort": "low"},
        }
    )
    assert req.extra["tools"] == [
        {
            "type": "function",
            "function": {"name": "f", "description": None, "parameters": {"type": "object"}},
        }
    ]
    assert req.extra["chat_template_kwargs"] == {"reasoning_effort": "low"}


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({"input": "x"}, "model"),
        ({"model": "m"}, "input"),
        ({"model": " ", "input": "x"}, "model"),
        ({"model": "m", "input": "x", "max_output_tokens": -1}, "max_output_tokens"),
        (
            {"model": "m", "input": [{"role": "user", "content": [{"type": "input_text"}]}]},
            "input[0].content[0].text",
        ),
    ],
)
def test_bad_bodies_name_the_field(body: dict[str, object], param: str) -> None:
    with pytest.raises(BadRequestError) as err:
        parse(body)
    assert err.value.param == param


def test_policies_read_calls_tools_and_see_unreadable_parts() -> None:
    req = parse(
        {
            "model": "m",
            "input": [
                {"role": "user", "content": [{"type": "input_file", "filename": "a.pdf"}]},
                {"type": "function_call", "call_id": "c", "name": "lookup", "arguments": "secret"},
            ],
            "tools": [{"type": "function", "name": "lookup", "description": "finds things"}],
        }
    )
    text = body_text(req)
    joined = " ".join(text.texts)
    for word in ("a.pdf", "lookup", "secret", "finds things"):
        assert word in joined
    assert text.unreadable == ("input[0].content[0] (input_file)",)


def test_parsed_request_survives_the_prompt_workers_encoding() -> None:
    """Prompt workers get the request msgspec-encoded: tool calls must round-trip."""
    req = parse(
        {
            "model": "m",
            "input": [{"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}],
        }
    )
    again = msgspec.msgpack.decode(
        msgspec.msgpack.encode(req.messages), type=tuple[ChatMessage, ...]
    )
    assert again == req.messages
