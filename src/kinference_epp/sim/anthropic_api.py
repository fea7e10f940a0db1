"""The Anthropic Messages API as vLLM's ``/v1/messages`` answers it, for the simulated pod.

vLLM serves Anthropic requests by turning them into chat completions and converting the
answer back (``vllm/entrypoints/anthropic/serving.py``); these shapes follow that converter,
not Anthropic's own service, so clients and Envoy's usage filters see what a real pod sends:

* non-streamed: the message with ``usage: {input_tokens, output_tokens}`` (no cache fields:
  vLLM's converter reports none) and ``stop_reason`` mapped from the finish reason;
* streamed: ``message_start`` (its nested message dumped with ``exclude_unset``, so without
  ``type``/``role``), then per text block ``content_block_start``, ``content_block_delta``
  (``text_delta``) and ``content_block_stop``, then ``message_delta`` carrying the stop reason
  and the usage, then ``message_stop``; each as ``event: <type>\\ndata: <json>\\n\\n``;
* errors: ``{"type": "error", "error": {"type", "message"}}``.
"""

from __future__ import annotations

from typing import Any

import msgspec

STOP_REASONS = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use"}


def stop_reason(finish_reason: str) -> str:
    """Anthropic's ``stop_reason`` for an OpenAI finish reason (``end_turn`` when unknown)."""
    return STOP_REASONS.get(finish_reason, "end_turn")


def usage(prompt_tokens: int, completion_tokens: int) -> dict[str, int]:
    return {"input_tokens": prompt_tokens, "output_tokens": completion_tokens}


def message_body(
    message_id: str,
    model: str,
    text: str,
    finish_reason: str,
    prompt_tokens: int,
    completion_tokens: int,
) -> dict[str, Any]:
    """A non-streamed answer (vLLM dumps it with ``exclude_none``: no ``stop_sequence``)."""
    content = [{"type": "text", "text": text}] if text else []
    return {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "content": content,
        "model": model,
        "stop_reason": stop_reason(finish_reason),
        "usage": usage(prompt_tokens, completion_tokens),
    }


def count_tokens_body(input_tokens: int) -> dict[str, Any]:
    """``/v1/messages/count_tokens``: the rendered prompt's length."""
    return {
        "input_tokens": input_tokens,
        "context_management": {"original_input_tokens": input_tokens},
    }


def error_body(message: str, error_type: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": error_type, "message": message}}


def sse_event(event: dict[str, Any]) -> bytes:
    """One server-sent event named after its ``type``, as vLLM's stream writes it."""
    name = str(event["type"]).encode()
    data: bytes = msgspec.json.encode(event)
    return b"event: " + name + b"\ndata: " + data + b"\n\n"


class MessageStream:
    """The events of one streamed answer, in the order vLLM's converter emits them."""

    def __init__(self, message_id: str, model: str, prompt_tokens: int) -> None:
        self.message_id = message_id
        self.model = model
        self.prompt_tokens = prompt_tokens
        self._block_open = False

    def start(self) -> bytes:
        message: dict[str, Any] = {
            "id": self.message_id,
            "content": [],
            "model": self.model,
            "stop_reason": None,
            "stop_sequence": None,
            "usage": usage(self.prompt_tokens, 0),
        }
        return sse_event({"type": "message_start", "message": message})

    def text(self, text: str) -> bytes:
        """A text delta; the first one opens the text block (empty texts send nothing)."""
        if not text:
            return b""
        out = b""
        if not self._block_open:
            self._block_open = True
            block = {"type": "text", "text": ""}
            out = sse_event({"type": "content_block_start", "content_block": block, "index": 0})
        delta = {"type": "text_delta", "text": text}
        return out + sse_event({"type": "content_block_delta", "delta": delta, "index": 0})

    def finish(self, finish_reason: str, completion_tokens: int) -> bytes:
        """Close the open block, then the stop reason with the usage, then ``message_stop``."""
        out = b""
        if self._block_open:
            self._block_open = False
            out = sse_event({"type": "content_block_stop", "index": 0})
        delta = {"type": "message_delta", "delta": {"stop_reason": stop_reason(finish_reason)}}
        delta["usage"] = usage(self.prompt_tokens, completion_tokens)
        return out + sse_event(delta) + sse_event({"type": "message_stop"})
