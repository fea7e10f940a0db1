"""The parsed form of an inference request body, as every later stage sees it."""

from __future__ import annotations

import enum

import msgspec


class ApiKind(enum.Enum):
    """Which API the body belongs to, decided by the request path."""

    CHAT = "chat"
    """OpenAI ``/v1/chat/completions``."""
    COMPLETIONS = "completions"
    """OpenAI ``/v1/completions``."""
    MESSAGES = "messages"
    """Anthropic ``/v1/messages``."""
    RESPONSES = "responses"
    """OpenAI ``/v1/responses``: its input items become chat messages, as vLLM renders them."""


CHAT_KINDS = frozenset({ApiKind.CHAT, ApiKind.MESSAGES, ApiKind.RESPONSES})
"""The APIs whose prompt is a conversation rendered by the model's chat template."""


class ToolCall(msgspec.Struct, frozen=True):
    """One function call of an assistant message, as the chat template reads it."""

    id: str
    name: str
    arguments: str
    """The arguments as the client sent them (a JSON string); the template sees them decoded
    into an object when they are one, as vLLM hands them to the template."""


class ChatMessage(msgspec.Struct, frozen=True):
    """One chat message with its content flattened to text (parts joined in order).

    A msgspec Struct rather than a dataclass: a 300 KB conversation builds hundreds of them per
    request, and a Struct is built in C.
    """

    role: str
    content: str
    """The text ("" with ``tool_calls``: an assistant turn that only calls tools, which the
    template sees as null content, as vLLM passes it)."""
    name: str | None = None
    tool_calls: tuple[ToolCall, ...] | None = None
    """An assistant's function calls (the Responses API's ``function_call`` items)."""
    tool_call_id: str | None = None
    """A ``tool`` message's call id (a ``function_call_output`` item)."""


class InferenceRequest(msgspec.Struct):
    """A validated request body; ``raw`` is kept so untouched bodies pass through unchanged.

    The per-request records of the request path (this, ``RequestState``,
    ``SchedulingRequest``, ``RoutingDecision``, ``UsageRecord``, ...) are msgspec Structs:
    built in C, several times cheaper than a (frozen) slotted dataclass, and a request builds a
    dozen of them. ``msgspec.structs.replace`` stands in for ``dataclasses.replace``.
    """

    kind: ApiKind
    model: str
    raw: bytes
    stream: bool = False
    include_usage: bool = False
    max_tokens: int | None = None
    messages: tuple[ChatMessage, ...] = ()
    """Chat / Anthropic messages (Anthropic ``system`` becomes a leading system message)."""
    prompt: str | list[str] | list[int] | list[list[int]] | None = None
    """Completions ``prompt`` as sent: a string, strings, token ids or lists of token ids."""
    cache_salt: str | None = None
    extra: dict[str, object] = msgspec.field(default_factory=dict)
    """Other top-level fields later stages may need (e.g. ``user``), never re-serialised."""
    decoded: object = None
    """The parser's typed view of the body, kept so ``api.body_text`` can collect the text
    outside message content (tools, tool calls, documents) only when a policy needs it."""
