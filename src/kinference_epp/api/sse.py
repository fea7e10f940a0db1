"""Incremental Server-Sent Events parsing and usage extraction for transformed responses.

Most responses never reach the picker (Envoy lifts usage into metadata); this is for the
few whose body the picker must rewrite. ext_proc chunks split events anywhere, so the
parser carries partial lines over as bytes and decodes a line only once it is complete —
``\\r`` and ``\\n`` never occur inside a multi-byte UTF-8 sequence, so no character is ever
cut. Field handling follows the WHATWG EventSource rules, except that ``finish`` delivers
a final event that lacks its blank line (a usage chunk must not be lost to a sloppy server).
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

_BOM = b"\xef\xbb\xbf"
_LINE_ENDINGS = (b"\r\n", b"\n", b"\r")


@dataclass(frozen=True, slots=True)
class SseEvent:
    """One dispatched event; ``event`` and ``id`` are those given in this event, else None."""

    data: str
    event: str | None = None
    id: str | None = None

    @property
    def is_done(self) -> bool:
        """OpenAI's end-of-stream sentinel, which is not JSON."""
        return self.data == "[DONE]"


class SseParser:
    """Feed response chunks in order; get back the events they complete."""

    def __init__(self) -> None:
        self._pending = b""
        self._skip_lf = False
        self._at_start = True
        self._data: list[bytes] = []
        self._event: bytes | None = None
        self._id: bytes | None = None

    def feed(self, chunk: bytes) -> list[SseEvent]:
        """Events completed by ``chunk``; an incomplete tail waits for the next call."""
        if self._skip_lf and chunk:
            self._skip_lf = False
            if chunk[:1] == b"\n":
                chunk = chunk[1:]
        buffer = self._pending + chunk if self._pending else chunk
        if self._at_start:
            if len(buffer) < len(_BOM) and _BOM.startswith(buffer):
                self._pending = buffer
                return []
            self._at_start = False
            if buffer.startswith(_BOM):
                buffer = buffer[len(_BOM) :]
        lines = buffer.splitlines(keepends=True)
        self._pending = b""
        if lines and not lines[-1].endswith(_LINE_ENDINGS):
            self._pending = lines.pop()
        elif lines and lines[-1].endswith(b"\r"):
            self._skip_lf = True  # a "\n" starting the next chunk ends the same line
        events: list[SseEvent] = []
        for line in lines:
            self._line(line[:-2] if line.endswith(b"\r\n") else line[:-1], events)
        return events

    def finish(self) -> list[SseEvent]:
        """Call at end of stream: the unterminated last line and event, if any."""
        events: list[SseEvent] = []
        if self._pending:
            self._line(self._pending, events)
            self._pending = b""
        self._line(b"", events)
        return events

    def _line(self, line: bytes, events: list[SseEvent]) -> None:
        if not line:
            self._dispatch(events)
            return
        if line[:1] == b":":
            return
        field, colon, value = line.partition(b":")
        if colon and value[:1] == b" ":
            value = value[1:]
        if field == b"data":
            self._data.append(value)
        elif field == b"event":
            self._event = value
        elif field == b"id" and b"\0" not in value:
            self._id = value
        # "retry" and unknown fields are ignored, as the spec says

    def _dispatch(self, events: list[SseEvent]) -> None:
        if self._data:
            events.append(
                SseEvent(
                    data=b"\n".join(self._data).decode("utf-8", "replace"),
                    event=_text(self._event),
                    id=_text(self._id),
                )
            )
        self._data = []
        self._event = None
        self._id = None


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("utf-8", "replace")


@dataclass(frozen=True, slots=True)
class Usage:
    """Token counts in OpenAI's sense: ``prompt_tokens`` includes cached ones.

    A field is None when the event did not say (Anthropic splits usage between
    ``message_start`` and ``message_delta``); ``merged`` folds a stream's reports together.
    """

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int | None = None

    def merged(self, later: Usage) -> Usage:
        """Later reports win field by field (Anthropic's output counts are cumulative)."""
        return Usage(
            prompt_tokens=_later(self.prompt_tokens, later.prompt_tokens),
            completion_tokens=_later(self.completion_tokens, later.completion_tokens),
            cached_tokens=_later(self.cached_tokens, later.cached_tokens),
        )


def _later(earlier: int | None, later: int | None) -> int | None:
    return earlier if later is None else later


class _PromptDetails(msgspec.Struct, gc=False):
    cached_tokens: int | None = None


class _WireUsage(msgspec.Struct, gc=False):
    # OpenAI
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    prompt_tokens_details: _PromptDetails | None = None
    # Anthropic: input_tokens excludes cache reads and cache writes
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_input_tokens: int | None = None
    cache_creation_input_tokens: int | None = None


class _UsageHolder(msgspec.Struct, gc=False):
    usage: _WireUsage | None = None


class _Payload(msgspec.Struct, gc=False):
    usage: _WireUsage | None = None
    message: _UsageHolder | None = None
    """Anthropic ``message_start`` nests usage in the message."""


_PAYLOAD = msgspec.json.Decoder(_Payload)


def usage_from_event(event: SseEvent) -> Usage | None:
    """The usage an OpenAI chunk or Anthropic ``message_start``/``message_delta`` reports."""
    if event.is_done or not event.data.startswith("{"):
        return None
    return usage_from_json(event.data)


def usage_from_json(body: bytes | str) -> Usage | None:
    """The same for a whole non-streamed response; None for anything unexpected, never raises."""
    try:
        payload = _PAYLOAD.decode(body)
    except (msgspec.DecodeError, RecursionError):
        return None
    wire = payload.usage
    if wire is None and payload.message is not None:
        wire = payload.message.usage
    return None if wire is None else _to_usage(wire)


def _to_usage(wire: _WireUsage) -> Usage | None:
    if wire.input_tokens is not None or wire.output_tokens is not None:
        cache_read = wire.cache_read_input_tokens
        prompt = wire.input_tokens
        if prompt is not None:
            prompt += (cache_read or 0) + (wire.cache_creation_input_tokens or 0)
        return Usage(prompt, wire.output_tokens, cache_read)
    details = wire.prompt_tokens_details
    cached = details.cached_tokens if details is not None else None
    if wire.prompt_tokens is None and wire.completion_tokens is None and cached is None:
        return None
    return Usage(wire.prompt_tokens, wire.completion_tokens, cached)


def encode_event(event: SseEvent) -> bytes:
    """One event back on the wire (``event:``/``id:`` then one ``data:`` line per data line)."""
    head = b""
    if event.event is not None:
        head += b"event: " + event.event.encode() + b"\n"
    if event.id is not None:
        head += b"id: " + event.id.encode() + b"\n"
    data = b"".join(b"data: " + line.encode() + b"\n" for line in event.data.split("\n"))
    return head + data + b"\n"
