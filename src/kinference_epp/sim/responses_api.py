"""The OpenAI Responses API as vLLM's ``/v1/responses`` answers it, for the simulated pod.

Shapes follow vLLM's server (``vllm/entrypoints/openai/responses/``) and OpenAI's wire
format, so the ``openai`` SDK and Envoy's usage filters read them as a real pod's:

* the response object: ``id`` (the request's ``request_id``, else ``resp_<hex>``),
  ``object: "response"``, ``status``, ``output`` (one assistant message of ``output_text``),
  ``usage: {input_tokens, input_tokens_details.cached_tokens, output_tokens,
  output_tokens_details.reasoning_tokens, total_tokens}``;
* streamed: named SSE events with a ``sequence_number``: ``response.created``,
  ``response.in_progress``, ``response.output_item.added``, ``response.content_part.added``,
  ``response.output_text.delta``..., ``response.output_text.done``,
  ``response.content_part.done``, ``response.output_item.done``, ``response.completed``
  (the whole response, with its usage); no ``[DONE]``;
* stored responses (``store`` true, the default; vLLM with ``VLLM_ENABLE_RESPONSES_API_STORE``)
  stay in this pod's memory: a continuation (``previous_response_id``) is rendered after the
  stored conversation and its answer, and an id this pod did not store is vLLM's 404
  ``Response with id '<id>' not found.``.
"""

from __future__ import annotations

import time
import uuid
from collections import OrderedDict
from typing import Any

import msgspec

from kinference_epp.api.request import ChatMessage

MAX_STORED = 10_000
"""Responses a pod keeps (vLLM keeps every one; a simulated pod runs for hours)."""


def new_response_id() -> str:
    return f"resp_{uuid.uuid4().hex}"


class StoredResponse(msgspec.Struct, frozen=True):
    """What a continuation needs: the conversation the response answered, and its answer."""

    messages: tuple[ChatMessage, ...]
    output_text: str


class ResponseStore:
    """A pod's stored responses, by id; the oldest is forgotten past ``max_stored``."""

    def __init__(self, max_stored: int = MAX_STORED) -> None:
        self._max = max_stored
        self._stored: OrderedDict[str, StoredResponse] = OrderedDict()

    def __len__(self) -> int:
        return len(self._stored)

    def get(self, response_id: str) -> StoredResponse | None:
        return self._stored.get(response_id)

    def put(self, response_id: str, stored: StoredResponse) -> None:
        self._stored[response_id] = stored
        while len(self._stored) > self._max:
            self._stored.popitem(last=False)


def continued(
    stored: StoredResponse, new: tuple[ChatMessage, ...], instructions: bool
) -> tuple[ChatMessage, ...]:
    """vLLM's ``construct_input_messages`` with a previous response: this request's
    instructions, the stored conversation without its system messages, the stored answer,
    then the new input."""
    head = new[:1] if instructions else ()
    history = tuple(m for m in stored.messages if m.role != "system")
    answer = (ChatMessage("assistant", stored.output_text),)
    return (*head, *history, *answer, *new[len(head) :])


def not_found_body(response_id: str) -> dict[str, Any]:
    """vLLM's answer to a continuation of a response it does not hold (status 404)."""
    return {
        "error": {
            "message": f"Response with id '{response_id}' not found.",
            "type": "invalid_request_error",
            "param": "response_id",
            "code": 404,
        }
    }


def usage(prompt_tokens: int, completion_tokens: int, cached_tokens: int) -> dict[str, Any]:
    return {
        "input_tokens": prompt_tokens,
        "input_tokens_details": {"cached_tokens": cached_tokens},
        "output_tokens": completion_tokens,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": prompt_tokens + completion_tokens,
    }


def _message(item_id: str, text: str, status: str) -> dict[str, Any]:
    content = [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]
    return {
        "id": item_id,
        "type": "message",
        "status": status,
        "role": "assistant",
        "content": content if status == "completed" else [],
    }


def response_object(
    response_id: str,
    model: str,
    *,
    status: str,
    created_at: int,
    output: list[dict[str, Any]],
    usage_: dict[str, Any] | None,
    previous_response_id: str | None,
    instructions: str | None,
    max_output_tokens: int | None,
) -> dict[str, Any]:
    return {
        "id": response_id,
        "object": "response",
        "created_at": created_at,
        "status": status,
        "model": model,
        "output": output,
        "usage": usage_,
        "error": None,
        "incomplete_details": None,
        "instructions": instructions,
        "max_output_tokens": max_output_tokens,
        "metadata": None,
        "parallel_tool_calls": True,
        "previous_response_id": previous_response_id,
        "temperature": 1.0,
        "tool_choice": "auto",
        "tools": [],
        "top_p": 1.0,
        "truncation": "disabled",
    }


class ResponseStream:
    """The SSE events of one streamed response, in vLLM's order."""

    def __init__(
        self,
        response_id: str,
        model: str,
        *,
        previous_response_id: str | None,
        instructions: str | None,
        max_output_tokens: int | None,
    ) -> None:
        self._id = response_id
        self._model = model
        self._item = f"msg_{uuid.uuid4().hex}"
        self._created = int(time.time())
        self._seq = 0
        self._texts: list[str] = []
        self._common = {
            "previous_response_id": previous_response_id,
            "instructions": instructions,
            "max_output_tokens": max_output_tokens,
        }

    def _response(
        self, status: str, output: list[dict[str, Any]], usage_: dict[str, Any] | None
    ) -> dict[str, Any]:
        return response_object(
            self._id,
            self._model,
            status=status,
            created_at=self._created,
            output=output,
            usage_=usage_,
            **self._common,  # type: ignore[arg-type]
        )

    def _event(self, kind: str, **fields: Any) -> bytes:
        data = {"type": kind, "sequence_number": self._seq, **fields}
        self._seq += 1
        return b"event: " + kind.encode() + b"\ndata: " + msgspec.json.encode(data) + b"\n\n"

    def start(self) -> bytes:
        at = {"output_index": 0}
        part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
        return b"".join(
            (
                self._event("response.created", response=self._response("in_progress", [], None)),
                self._event(
                    "response.in_progress", response=self._response("in_progress", [], None)
                ),
                self._event(
                    "response.output_item.added",
                    **at,
                    item=_message(self._item, "", "in_progress"),
                ),
                self._event(
                    "response.content_part.added",
                    item_id=self._item,
                    **at,
                    content_index=0,
                    part=part,
                ),
            )
        )

    def text(self, delta: str) -> bytes:
        if not delta:
            return b""
        self._texts.append(delta)
        return self._event(
            "response.output_text.delta",
            item_id=self._item,
            output_index=0,
            content_index=0,
            delta=delta,
            logprobs=[],
        )

    @property
    def output_text(self) -> str:
        return "".join(self._texts)

    def finish(self, usage_: dict[str, Any]) -> bytes:
        text = self.output_text
        where = {"item_id": self._item, "output_index": 0, "content_index": 0}
        part = {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
        item = _message(self._item, text, "completed")
        return b"".join(
            (
                self._event("response.output_text.done", **where, text=text, logprobs=[]),
                self._event("response.content_part.done", **where, part=part),
                self._event("response.output_item.done", output_index=0, item=item),
                self._event(
                    "response.completed", response=self._response("completed", [item], usage_)
                ),
            )
        )


def message_output(text: str) -> list[dict[str, Any]]:
    """A non-streamed response's ``output``: one completed assistant message."""
    return [_message(f"msg_{uuid.uuid4().hex}", text, "completed")]
