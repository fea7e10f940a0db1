"""A Responses request renders under Qwen3's real template as vLLM renders it: instructions as
the system turn, function tools in the system prompt, calls as ``<tool_call>`` blocks with
decoded arguments, outputs as ``<tool_response>`` turns."""

from __future__ import annotations

import json

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.tokenize.hf import HFTokenizer


def test_a_tool_call_turn_renders_like_vllm(qwen3: HFTokenizer) -> None:
    body = {
        "model": "qwen3",
        "instructions": "sys",
        "input": [
            {"role": "user", "content": "weather?"},
            {
                "type": "function_call",
                "call_id": "c1",
                "name": "get_weather",
                "arguments": '{"city": "Paris"}',
            },
            {"type": "function_call_output", "call_id": "c1", "output": "15C"},
        ],
        "tools": [{"type": "function", "name": "get_weather", "parameters": {"type": "object"}}],
    }
    req = parse_request(ApiKind.RESPONSES, json.dumps(body).encode())
    ids = qwen3.prompt_token_ids(req)
    text = qwen3.backend.decode(ids, skip_special_tokens=False)
    assert text.startswith("<|im_start|>system\nsys\n\n# Tools\n")
    assert (
        '<tools>\n{"type": "function", "function": {"name": "get_weather", '
        '"description": null, "parameters": {"type": "object"}}}\n</tools>'
    ) in text
    assert text.endswith(
        "<|im_start|>user\nweather?<|im_end|>\n"
        "<|im_start|>assistant\n<tool_call>\n"
        '{"name": "get_weather", "arguments": {"city": "Paris"}}\n'
        "</tool_call><|im_end|>\n"
        "<|im_start|>user\n<tool_response>\n15C\n</tool_response><|im_end|>\n"
        "<|im_start|>assistant\n"
    )


def test_a_string_input_hashes_like_the_same_chat(qwen3: HFTokenizer) -> None:
    responses = parse_request(
        ApiKind.RESPONSES,
        json.dumps({"model": "qwen3", "instructions": "Be brief.", "input": "Hi"}).encode(),
    )
    chat = parse_request(
        ApiKind.CHAT,
        json.dumps(
            {
                "model": "qwen3",
                "messages": [
                    {"role": "system", "content": "Be brief."},
                    {"role": "user", "content": "Hi"},
                ],
            }
        ).encode(),
    )
    assert qwen3.prompt_token_ids(responses) == qwen3.prompt_token_ids(chat)
