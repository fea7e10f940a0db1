"""Reading a response's token usage from its body as it streams past the picker.

Behind a gateway that sends the picker no access log with token counts, the response body
itself is the only place the counts are: OpenAI's streamed ``usage`` chunk (or the ``usage``
of a whole JSON answer), Anthropic's ``message_start`` / ``message_delta`` usage. This reader
is fed the chunks the picker sees anyway (a gateway that streams responses through ext_proc)
or asked for (``mode_override``), and never changes them. OpenAI's Responses API reports
usage in its ``response.completed`` event (``response.usage``) and in a whole answer's
``usage``, with cached tokens under ``input_tokens_details``.

Cost: an SSE event is decoded only when its text contains ``"usage"`` or ``usage``-bearing
event names; a JSON body is kept (up to ``max_json_bytes``) and decoded once at its end.
"""

from __future__ import annotations

import msgspec

from kinference_epp.api.sse import SseParser, Usage, usage_from_event, usage_from_json

_USAGE_MARK = b'"usage"'
_MAX_JSON_BYTES = 4 * 1024 * 1024


class _InputDetails(msgspec.Struct, gc=False):
    cached_tokens: int | None = None


class _ResponsesUsage(msgspec.Struct, gc=False):
    input_tokens: int | None = None
    output_tokens: int | None = None
    input_tokens_details: _InputDetails | None = None


class _ResponseHolder(msgspec.Struct, gc=False):
    usage: _ResponsesUsage | None = None


class _ResponsesPayload(msgspec.Struct, gc=False):
    usage: _ResponsesUsage | None = None
    response: _ResponseHolder | None = None
    """A ``response.completed`` event nests the answer (and its usage) in ``response``."""


_RESPONSES = msgspec.json.Decoder(_ResponsesPayload)


def _responses_usage(data: bytes | str) -> Usage | None:
    """Usage in the Responses API's shape: ``input_tokens`` includes the cached ones."""
    try:
        payload = _RESPONSES.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return None
    wire = payload.usage
    if wire is None and payload.response is not None:
        wire = payload.response.usage
    if wire is None or (wire.input_tokens is None and wire.output_tokens is None):
        return None
    details = wire.input_tokens_details
    return Usage(wire.input_tokens, wire.output_tokens, details.cached_tokens if details else None)


_MARKS: dict[type, tuple[bytes | str, bytes | str]] = {
    bytes: (b"input_tokens_details", b'"response"'),
    str: ("input_tokens_details", '"response"'),
}


def _usage(data: bytes | str, found: Usage | None) -> Usage | None:
    """The Responses API's shape when the body says so (its ``input_tokens_details``, or a
    ``response`` holding the usage), else what the chat and Anthropic readers found."""
    details, response = _MARKS[type(data)]
    if details in data or (found is None and response in data):  # type: ignore[operator]
        return _responses_usage(data) or found
    return found


class ResponseUsageReader:
    """Feed response body chunks in order; ``usage`` is what the body reported so far."""

    def __init__(self, content_type: str, *, max_json_bytes: int = _MAX_JSON_BYTES) -> None:
        self._sse = SseParser() if "text/event-stream" in content_type else None
        self._json = bytearray()
        self._max_json = max_json_bytes
        self._overflow = False
        self.usage: Usage | None = None

    def feed(self, chunk: bytes, end_of_stream: bool) -> None:
        """Never raises on what a pod sends: an unreadable body leaves ``usage`` as it was."""
        if self._sse is not None:
            events = self._sse.feed(chunk) if chunk else []
            if end_of_stream:
                events += self._sse.finish()
            for event in events:
                if '"usage"' not in event.data:
                    continue
                found = _usage(event.data, usage_from_event(event))
                if found is not None:
                    self.usage = found if self.usage is None else self.usage.merged(found)
            return
        if not self._overflow:
            if len(self._json) + len(chunk) > self._max_json:
                self._overflow = True
                self._json = bytearray()
            else:
                self._json += chunk
        if end_of_stream and self._json and _USAGE_MARK in self._json:
            body = bytes(self._json)
            self.usage = _usage(body, usage_from_json(body))
            self._json = bytearray()
