"""Anthropic ``/v1/messages`` bodies, decoded once with typed msgspec schemas.

``system`` becomes a leading system message. Text blocks and the text inside
``tool_result`` blocks count as message text (OpenAI carries tool results as ``tool``
messages whose content is text, so both APIs hash alike); ``tool_use``, ``image``,
``document``, ``thinking`` and other blocks contribute nothing to it. Policies read them
(``messages_text``): tool inputs and definitions, text documents, thinking, titles; image
blocks and base64, URL or file documents are reported as unreadable. Those fields stay
``msgspec.Raw`` until a policy asks.

``max_tokens`` is required by Anthropic but optional here: the serving pod or provider owns
its API's rules, and a picker that rejected what the upstream would accept (or will one
day) would be the wrong place to fail. A wrong type or a negative value is still a 400.
"""

from __future__ import annotations

import msgspec

from kinference_epp.api._json import Count, bad_field, decode_body
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.api.text_sink import TextSink

_Raw = msgspec.Raw | msgspec.UnsetType
"""A field policies read and routing does not: any JSON, decoded only when asked for."""


class _TextBlock(msgspec.Struct, gc=False):
    type: str
    text: str | None = None


class _Block(msgspec.Struct, gc=False):
    type: str
    text: str | None = None
    content: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    """Left raw: only ``tool_result`` content has a known shape; other blocks (web search
    results, code execution results) put objects here."""
    input: _Raw = msgspec.UNSET
    source: _Raw = msgspec.UNSET
    name: _Raw = msgspec.UNSET
    title: _Raw = msgspec.UNSET
    context: _Raw = msgspec.UNSET
    thinking: _Raw = msgspec.UNSET


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
    tools: _Raw = msgspec.UNSET


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
        decoded=decoded,
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


_BLOCKS = msgspec.json.Decoder(str | list[_Block] | None)


class _Source(msgspec.Struct, gc=False):
    type: str
    data: _Raw = msgspec.UNSET
    """Raw: a base64 document's data is never copied into a string."""
    content: str | list[_Block] | None = None


_SOURCE = msgspec.json.Decoder(_Source)
_UNREADABLE_BLOCKS = frozenset({"image", "container_upload"})
_SILENT_BLOCKS = frozenset({"text", "redacted_thinking"})
"""Text blocks are message content already; redacted thinking is the model's own
encrypted output and carries nothing a client wrote."""


def messages_text(decoded: object, sink: TextSink) -> None:
    """The text of a messages body outside its text blocks: every other block, ``tools``."""
    assert isinstance(decoded, _MessagesBody)
    for i, message in enumerate(decoded.messages):
        if not isinstance(message.content, str):
            _blocks_text(message.content, f"messages[{i}].content", sink)
    sink.json(decoded.tools)


def _blocks_text(
    blocks: list[_Block], where: str, sink: TextSink, *, with_text: bool = False
) -> None:
    """``with_text``: the text blocks are not message content yet (only a message's own
    and its ``tool_result``'s are)."""
    for j, block in enumerate(blocks):
        kind = block.type
        if kind == "text" and with_text:
            sink.text(block.text)
        if kind in _SILENT_BLOCKS:
            continue
        here = f"{where}[{j}]"
        if kind in _UNREADABLE_BLOCKS:
            sink.cannot_read(f"{here} ({kind})")
            continue
        for raw in (block.name, block.title, block.context, block.thinking, block.input):
            sink.json(raw)
        if kind == "document":
            _document_text(block.source, here, sink)
        elif block.content is not msgspec.UNSET:
            known = kind == "tool_result"
            _content_text(block.content, f"{here}.content", sink, with_text=not known)


def _content_text(raw: msgspec.Raw, where: str, sink: TextSink, *, with_text: bool) -> None:
    """A block's content: a string (message text already for a tool result), blocks, or
    any other shape (server tool results), read as plain JSON."""
    try:
        content = _BLOCKS.decode(raw)
    except msgspec.ValidationError:
        sink.json(raw, where)
        return
    except msgspec.DecodeError:
        sink.cannot_read(where)
        return
    if isinstance(content, list):
        _blocks_text(content, where, sink, with_text=with_text)
    elif with_text:
        sink.text(content)


def _document_text(raw: msgspec.Raw | msgspec.UnsetType, where: str, sink: TextSink) -> None:
    """A ``text`` or ``content`` source is read; ``base64``, ``url`` and ``file`` cannot be."""
    if raw is msgspec.UNSET:
        sink.cannot_read(f"{where} (document without a source)")
        return
    try:
        source = _SOURCE.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError):
        sink.cannot_read(f"{where} (document)")
        return
    if source.type == "text":
        sink.json(source.data, f"{where}.source.data")
    elif source.type == "content" and source.content is not None:
        if isinstance(source.content, str):
            sink.text(source.content)
        else:
            _blocks_text(source.content, f"{where}.source.content", sink, with_text=True)
    else:
        sink.cannot_read(f"{where} (document, {source.type} source)")
