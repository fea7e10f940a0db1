"""OpenAI chat and completions bodies, decoded once with typed msgspec schemas.

Unknown fields are ignored (clients send many vendor extensions) but a known field with the
wrong type is a 400, so later stages can trust every value they read.

Content parts other than ``text`` (``image_url``, ``input_audio``, ``file``, ...) contribute
nothing to a message's text: the text feeds prefix hashing and classifiers, and a made-up
placeholder would match across different images just the same while polluting classifiers.
Assistant ``tool_calls`` are likewise not text.
"""

from __future__ import annotations

from typing import cast

import msgspec

from kinference_epp.api._json import Count, TokenId, bad_field, decode_body
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest


class _StreamOptions(msgspec.Struct, gc=False):
    include_usage: bool | None = None


class _Part(msgspec.Struct, gc=False):
    type: str
    text: str | None = None


class _ChatMessage(msgspec.Struct, gc=False):
    role: str
    content: str | list[_Part] | None = None
    name: str | None = None


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


class _CompletionsBody(_Common, gc=False):
    prompt: str | list[str | TokenId | list[TokenId]] | None = None
    cache_salt: str | None = None


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
    )


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
