"""OpenAI chat and completions bodies, decoded once with typed msgspec schemas.

Unknown fields are ignored (clients send many vendor extensions) but a known field with the
wrong type is a 400, so later stages can trust every value they read.

Content parts other than ``text`` (``image_url``, ``input_audio``, ``file``, ...) contribute
nothing to a message's text: the text feeds prefix hashing, and a made-up placeholder would
match across different images just the same. Policies read more than that text
(``chat_text``): tool calls, tool definitions, ``input_text`` and ``refusal`` parts, file
names, ``response_format``, ``prediction`` and vLLM's ``documents``, kept as
``msgspec.Raw`` so a request that no classifier looks at never decodes them; parts that
hold no text (images, audio, files) are reported as unreadable.
"""

from __future__ import annotations

from typing import cast

import msgspec

from kinference_epp.api._json import Count, TokenId, bad_field, decode_body
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.api.text_sink import TextSink

_Raw = msgspec.Raw | msgspec.UnsetType
"""A field policies read and routing does not: any JSON, decoded only when asked for."""


class _StreamOptions(msgspec.Struct, gc=False):
    include_usage: bool | None = None


class _Part(msgspec.Struct, gc=False):
    type: str
    text: str | None = None
    refusal: _Raw = msgspec.UNSET
    file: _Raw = msgspec.UNSET


class _ChatMessage(msgspec.Struct, gc=False):
    role: str
    content: str | list[_Part] | None = None
    name: str | None = None
    tool_calls: _Raw = msgspec.UNSET
    function_call: _Raw = msgspec.UNSET
    refusal: _Raw = msgspec.UNSET


class _Common(msgspec.Struct, gc=False):
    model: str
    stream: bool | None = None
    stream_options: _StreamOptions | None = None
    max_tokens: Count | None = None
    user: str | None = None


class _ChatBody(_Common, kw_only=True, gc=False):
    messages: list[_ChatMessage]
    max_completion_tokens: Count | None = None
    cache_salt: str | None = None
    tools: _Raw = msgspec.UNSET
    functions: _Raw = msgspec.UNSET
    response_format: _Raw = msgspec.UNSET
    prediction: _Raw = msgspec.UNSET
    documents: _Raw = msgspec.UNSET
    """vLLM's RAG documents, rendered into the prompt by the chat template."""


class _CompletionsBody(_Common, gc=False):
    prompt: str | list[str | TokenId | list[TokenId]] | None = None
    cache_salt: str | None = None
    suffix: _Raw = msgspec.UNSET


_CHAT = msgspec.json.Decoder(_ChatBody)
_COMPLETIONS = msgspec.json.Decoder(_CompletionsBody)


def parse_chat(body: bytes) -> InferenceRequest:
    """Parse ``/v1/chat/completions``; ``messages`` must be present and non-empty."""
    decoded = decode_body(_CHAT, body)
    _check_model(decoded.model)
    if not decoded.messages:
        raise bad_field("messages", "at least one message is required")
    messages = tuple(
        [
            ChatMessage(m.role, m.content, m.name)
            if type(m.content) is str
            else _chat_message(m, i)
            for i, m in enumerate(decoded.messages)
        ]
    )
    max_tokens = decoded.max_completion_tokens
    if max_tokens is None:
        max_tokens = decoded.max_tokens
    return InferenceRequest(
        kind=ApiKind.CHAT,
        model=decoded.model,
        raw=body,
        stream=bool(decoded.stream),
        include_usage=_include_usage(decoded),
        max_tokens=max_tokens,
        messages=messages,
        cache_salt=decoded.cache_salt,
        extra=_extra(decoded),
        decoded=decoded,
    )


def parse_completions(body: bytes) -> InferenceRequest:
    """Parse ``/v1/completions``; ``prompt`` may be absent (vLLM accepts ``prompt_embeds``)."""
    decoded = decode_body(_COMPLETIONS, body)
    _check_model(decoded.model)
    return InferenceRequest(
        kind=ApiKind.COMPLETIONS,
        model=decoded.model,
        raw=body,
        stream=bool(decoded.stream),
        include_usage=_include_usage(decoded),
        max_tokens=decoded.max_tokens,
        prompt=_prompt(decoded.prompt),
        cache_salt=decoded.cache_salt,
        extra=_extra(decoded),
        decoded=decoded,
    )


_TEXT_PARTS = frozenset({"input_text", "output_text"})
"""Parts whose ``text`` vLLM's chat parser reads as text but ``_chat_message`` leaves out."""


def chat_text(decoded: object, sink: TextSink) -> None:
    """The text of a chat body outside its messages' ``text`` parts and names."""
    assert isinstance(decoded, _ChatBody)
    for i, message in enumerate(decoded.messages):
        if isinstance(message.content, list):
            for j, part in enumerate(message.content):
                _part_text(part, f"messages[{i}].content[{j}]", sink)
        sink.json(message.tool_calls)
        sink.json(message.function_call)
        sink.json(message.refusal)
    sink.json(decoded.tools)
    sink.json(decoded.functions)
    sink.json(decoded.response_format)
    sink.json(decoded.prediction)
    sink.json(decoded.documents)


def _part_text(part: _Part, where: str, sink: TextSink) -> None:
    kind = part.type
    if kind == "text":
        return  # already the message's content
    if kind in _TEXT_PARTS:
        sink.text(part.text)
    elif kind == "refusal":
        sink.json(part.refusal)
    else:
        if kind == "file" and part.file is not msgspec.UNSET:
            sink.text(_file_name(part.file))  # the data or the uploaded file cannot be read
        sink.cannot_read(f"{where} ({kind})")


class _FileRef(msgspec.Struct, gc=False):
    filename: str | None = None


_FILE = msgspec.json.Decoder(_FileRef)


def _file_name(raw: msgspec.Raw) -> str | None:
    """A file part's ``filename``, decoded without copying its (base64) ``file_data``."""
    try:
        return _FILE.decode(raw).filename
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


def completions_text(decoded: object, sink: TextSink) -> None:
    """The text of a completions body outside ``prompt``: its ``suffix``."""
    assert isinstance(decoded, _CompletionsBody)
    sink.json(decoded.suffix)


def _check_model(model: str) -> None:
    if not model.strip():
        raise bad_field("model", "must be a non-empty string")


def _include_usage(decoded: _Common) -> bool:
    options = decoded.stream_options
    return bool(options is not None and options.include_usage)


def _extra(decoded: _Common) -> dict[str, object]:
    return {} if decoded.user is None else {"user": decoded.user}


def _chat_message(message: _ChatMessage, index: int) -> ChatMessage:
    """Flatten ``null`` or a list of parts; plain string content never gets here."""
    content = message.content
    if content is None:
        text = ""
    elif isinstance(content, str):
        text = content
    else:
        texts = [part.text for part in content if part.type == "text"]
        if None in texts:
            j = next(j for j, p in enumerate(content) if p.type == "text" and p.text is None)
            raise bad_field(f"messages[{index}].content[{j}].text", "a text part needs 'text'")
        text = "\n".join(cast("list[str]", texts))  # as vLLM joins text parts
    return ChatMessage(message.role, text, message.name)


def _prompt(
    prompt: str | list[str | int | list[int]] | None,
) -> str | list[str] | list[int] | list[list[int]] | None:
    """Check the list forms are homogeneous: msgspec cannot say "all strings or all ints"."""
    if prompt is None or isinstance(prompt, str):
        return prompt
    if not prompt:
        raise bad_field("prompt", "must not be an empty list")
    first = prompt[0]
    kind = str if isinstance(first, str) else int if isinstance(first, int) else list
    for i, item in enumerate(prompt):
        if not isinstance(item, kind):
            raise bad_field(
                f"prompt[{i}]",
                "a list prompt must be all strings, all token ids, or all lists of token ids",
            )
    return cast("list[str] | list[int] | list[list[int]]", prompt)
