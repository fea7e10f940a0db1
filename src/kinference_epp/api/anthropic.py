"""Anthropic ``/v1/messages`` bodies, decoded once with typed msgspec schemas.

``system`` becomes a leading system message. Text blocks and the text inside
``tool_result`` blocks count as message text (OpenAI carries tool results as ``tool``
messages whose content is text, so both APIs hash alike); ``tool_use``, ``image``,
``document``, ``thinking`` and other blocks contribute nothing.

``max_tokens`` is required by Anthropic but optional here: the serving pod or provider owns
its API's rules, and a picker that rejected what the upstream would accept (or will one
day) would be the wrong place to fail. A wrong type or a negative value is still a 400.
"""

from __future__ import annotations

import msgspec

from kinference_epp.api._json import Count, bad_field, decode_body
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest


class _TextBlock(msgspec.Struct, gc=False):
    type: str
    text: str | None = None


class _Block(msgspec.Struct, gc=False):
    type: str
    text: str | None = None
    content: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    """Left raw: only ``tool_result`` content has a known shape; other blocks (web search
    results, code execution results) put objects here."""


class _Message(msgspec.Struct, gc=False):
    role: str
    content: str | list[_Block]


class _Metadata(msgspec.Struct, gc=False):
    user_id: str | None = None


class _MessagesBody(msgspec.Struct, gc=False):
    model: str
    messages: list[_Message]
    system: str | list[_TextBlock] | None = None
    max_tokens: Count | None = None
    stream: bool | None = None
    metadata: _Metadata | None = None


_MESSAGES = msgspec.json.Decoder(_MessagesBody)
_TOOL_RESULT_CONTENT = msgspec.json.Decoder(str | list[_TextBlock] | None)


def parse_messages(body: bytes) -> InferenceRequest:
    """Parse ``/v1/messages``. Anthropic streams always carry usage, so ``include_usage``."""
    decoded = decode_body(_MESSAGES, body)
    if not decoded.model.strip():
        raise bad_field("model", "must be a non-empty string")
    if not decoded.messages:
        raise bad_field("messages", "at least one message is required")
    messages: list[ChatMessage] = []
    if decoded.system is not None:
        messages.append(ChatMessage("system", _system_text(decoded.system)))
    for i, message in enumerate(decoded.messages):
        messages.append(ChatMessage(message.role, _message_text(message.content, i)))
    user = decoded.metadata.user_id if decoded.metadata is not None else None
    return InferenceRequest(
        kind=ApiKind.MESSAGES,
        model=decoded.model,
        raw=body,
        stream=bool(decoded.stream),
        include_usage=True,
        max_tokens=decoded.max_tokens,
        messages=tuple(messages),
        extra={} if user is None else {"user": user},
    )


def _system_text(system: str | list[_TextBlock]) -> str:
    if isinstance(system, str):
        return system
    return _join_text(system, "system")


def _join_text(blocks: list[_TextBlock], param: str) -> str:
    texts: list[str] = []
    for j, block in enumerate(blocks):
        if block.type == "text":
            if block.text is None:
                raise bad_field(f"{param}[{j}].text", "a text block needs 'text'")
            texts.append(block.text)
    return "".join(texts)


def _message_text(content: str | list[_Block], index: int) -> str:
    if isinstance(content, str):
        return content
    texts: list[str] = []
    for j, block in enumerate(content):
        param = f"messages[{index}].content[{j}]"
        if block.type == "text":
            if block.text is None:
                raise bad_field(f"{param}.text", "a text block needs 'text'")
            texts.append(block.text)
        elif block.type == "tool_result" and block.content is not msgspec.UNSET:
            texts.append(_tool_result_text(block.content, param))
    return "".join(texts)


def _tool_result_text(raw: msgspec.Raw, param: str) -> str:
    try:
        content = _TOOL_RESULT_CONTENT.decode(raw)
    except msgspec.ValidationError as exc:
        raise bad_field(f"{param}.content", str(exc)) from None
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return _join_text(content, f"{param}.content")
