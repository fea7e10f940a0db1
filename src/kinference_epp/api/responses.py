"""OpenAI Responses ``/v1/responses`` bodies: the input items as the chat messages vLLM renders.

vLLM serves the Responses API by turning ``instructions`` and ``input`` into chat messages
(``vllm/entrypoints/openai/responses/utils.py``, ``construct_input_messages``) and rendering
them with the model's chat template, so the picker builds the same messages to hash the same
blocks:

- ``instructions`` -> a leading ``system`` message; a string ``input`` -> one ``user`` message;
- a message item keeps its role; its ``input_text`` / ``output_text`` parts are joined with
  newlines (vLLM's chat parser), except an assistant's, of which vLLM keeps the first part;
- ``function_call`` -> an assistant message with ``tool_calls`` (merged into the assistant
  message before it, as vLLM merges them), ``function_call_output`` -> a ``tool`` message;
- a ``reasoning`` item opens an assistant turn (its text is not rendered by the templates
  the picker knows) that a following message or call joins;
- function ``tools`` are handed to the template in the chat form vLLM converts them to.

A continuation (``previous_response_id``) also carries the stored conversation, which only
the pod that stored it knows: its prompt here is the new input only, and it is routed to that
pod anyway (``pipeline.stages.continuation``).
"""

from __future__ import annotations

import msgspec

from kinference_epp.api._json import Count, bad_field, decode_body
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest, ToolCall
from kinference_epp.api.text_sink import TextSink

_Raw = msgspec.Raw | msgspec.UnsetType

PREVIOUS_RESPONSE_ID = "previous_response_id"
"""``InferenceRequest.extra`` key: the stored response a request continues."""
RESPONSE_ID = "request_id"
"""``InferenceRequest.extra`` key: the ``request_id`` the client set; vLLM answers with it as
the response's ``id``."""
PROMPT_CACHE_KEY = "prompt_cache_key"
"""``InferenceRequest.extra`` key: the client's cache key (a session id to the picker)."""


class _Part(msgspec.Struct, gc=False):
    type: str
    text: str | None = None
    filename: str | None = None


class _Item(msgspec.Struct, gc=False):
    type: str | None = None
    role: str | None = None
    content: str | list[_Part] | None = None
    call_id: str | None = None
    name: str | None = None
    arguments: str | None = None
    output: str | list[_Part] | None = None


class _Reasoning(msgspec.Struct, gc=False):
    effort: str | None = None


class _ResponsesBody(msgspec.Struct, gc=False):
    model: str
    input: str | list[_Item]
    instructions: str | None = None
    max_output_tokens: Count | None = None
    stream: bool | None = None
    user: str | None = None
    previous_response_id: str | None = None
    prompt_cache_key: str | None = None
    cache_salt: str | None = None
    request_id: str | None = None
    store: bool | None = None
    reasoning: _Reasoning | None = None
    tools: list[dict[str, object]] | None = None
    text: _Raw = msgspec.UNSET


_RESPONSES = msgspec.json.Decoder(_ResponsesBody)


def parse_responses(body: bytes) -> InferenceRequest:
    """Parse ``/v1/responses``. Usage always comes back (``response.completed``)."""
    decoded = decode_body(_RESPONSES, body)
    if not decoded.model.strip():
        raise bad_field("model", "must be a non-empty string")
    messages = _Messages()
    if decoded.instructions:
        messages.add(ChatMessage("system", decoded.instructions))
    if isinstance(decoded.input, str):
        messages.add(ChatMessage("user", decoded.input))
    else:
        for i, item in enumerate(decoded.input):
            messages.item(item, i)
    extra: dict[str, object] = {}
    for key, value in (
        ("user", decoded.user),
        (PREVIOUS_RESPONSE_ID, decoded.previous_response_id),
        (PROMPT_CACHE_KEY, decoded.prompt_cache_key),
        (RESPONSE_ID, decoded.request_id),
    ):
        if value is not None:
            extra[key] = value
    tools = _chat_tools(decoded.tools)
    if tools:
        extra["tools"] = tools
    if decoded.reasoning is not None and decoded.reasoning.effort is not None:
        extra["chat_template_kwargs"] = {"reasoning_effort": decoded.reasoning.effort}
    return InferenceRequest(
        kind=ApiKind.RESPONSES,
        model=decoded.model,
        raw=body,
        stream=bool(decoded.stream),
        include_usage=True,
        max_tokens=decoded.max_output_tokens,
        messages=messages.done(),
        cache_salt=decoded.cache_salt,
        extra=extra,
        decoded=decoded,
    )


class _Turn:
    """A message being built: an assistant turn may still take content or tool calls."""

    __slots__ = ("content", "message", "tool_calls")

    def __init__(
        self, message: ChatMessage, content: str | None, tool_calls: list[ToolCall] | None
    ) -> None:
        self.message = message
        self.content = content
        self.tool_calls = tool_calls

    def built(self) -> ChatMessage:
        if self.message.role != "assistant":
            return self.message
        return ChatMessage(
            "assistant",
            self.content or "",
            tool_calls=tuple(self.tool_calls) if self.tool_calls is not None else None,
        )


class _Messages:
    """vLLM's merging rules: a call, an assistant message or a reasoning item joins the
    assistant turn before it when that turn lacks what the item brings."""

    def __init__(self) -> None:
        self._turns: list[_Turn] = []

    def add(self, message: ChatMessage) -> None:
        self._turns.append(_Turn(message, message.content, None))

    def item(self, item: _Item, index: int) -> None:
        kind = item.type
        last = self._turns[-1] if self._turns else None
        prev = last if last is not None and last.message.role == "assistant" else None
        if kind == "function_call":
            call = ToolCall(item.call_id or "", item.name or "", item.arguments or "")
            if prev is not None:
                if prev.tool_calls is None:
                    prev.tool_calls = [call]
                else:
                    prev.tool_calls.append(call)
                return
            self._assistant(None, [call])
        elif kind == "function_call_output":
            text = _joined(item.output, f"input[{index}].output")
            self.add(ChatMessage("tool", text, tool_call_id=item.call_id or ""))
        elif kind == "reasoning":
            if prev is None:
                self._assistant(None, None)
        elif item.role == "assistant":
            text = _first_text(item.content)
            if prev is not None and prev.content is None:
                prev.content = text
                return
            self._assistant(text, None)
        elif item.role is not None and kind in (None, "message"):
            self.add(ChatMessage(item.role, _joined(item.content, f"input[{index}].content")))
        # other items (item references, built-in tool calls) render nothing the picker knows

    def _assistant(self, content: str | None, calls: list[ToolCall] | None) -> None:
        self._turns.append(_Turn(ChatMessage("assistant", ""), content, calls))

    def done(self) -> tuple[ChatMessage, ...]:
        return tuple(turn.built() for turn in self._turns)


_TEXT_PARTS = frozenset({"input_text", "output_text", "text"})


def _joined(content: str | list[_Part] | None, where: str) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    texts: list[str] = []
    for j, part in enumerate(content):
        if part.type in _TEXT_PARTS:
            if part.text is None:
                raise bad_field(f"{where}[{j}].text", "a text part needs 'text'")
            texts.append(part.text)
    return "\n".join(texts)


def _first_text(content: str | list[_Part] | None) -> str:
    """An assistant item's text as vLLM reads it: the first part's."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return (content[0].text or "") if content else ""


def _chat_tools(tools: list[dict[str, object]] | None) -> list[dict[str, object]]:
    """Function tools in the chat form vLLM gives the template (other tool types are the
    server's own and never reach it)."""
    if not tools:
        return []
    return [
        {
            "type": "function",
            "function": {
                "name": tool.get("name"),
                "description": tool.get("description"),
                "parameters": tool.get("parameters"),
            },
        }
        for tool in tools
        if tool.get("type") == "function"
    ]


def responses_text(decoded: object, sink: TextSink) -> None:
    """The text of a Responses body outside its messages' text: tool calls, tool
    definitions, the ``text`` format; images and files are reported as unreadable."""
    assert isinstance(decoded, _ResponsesBody)
    if not isinstance(decoded.input, str):
        for i, item in enumerate(decoded.input):
            if item.type == "function_call":
                sink.text(item.name)
                sink.text(item.arguments)
            for field, parts in (("content", item.content), ("output", item.output)):
                if isinstance(parts, list):
                    for j, part in enumerate(parts):
                        if part.type not in _TEXT_PARTS:
                            sink.text(part.filename)
                            sink.cannot_read(f"input[{i}].{field}[{j}] ({part.type})")
    if decoded.tools:
        sink.value(decoded.tools)
    sink.json(decoded.text)
