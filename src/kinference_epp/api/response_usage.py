"""Reading a response's token usage from its body as it streams past the picker.

Behind a gateway that sends the picker no access log with token counts, the response body
itself is the only place the counts are: OpenAI's streamed ``usage`` chunk (or the ``usage``
of a whole JSON answer), Anthropic's ``message_start`` / ``message_delta`` usage. This reader
is fed the chunks the picker sees anyway (a gateway that streams responses through ext_proc)
or asked for (``mode_override``), and never changes them.

Cost: an SSE event is decoded only when its text contains ``"usage"`` or ``usage``-bearing
event names; a JSON body is kept (up to ``max_json_bytes``) and decoded once at its end.
"""

from __future__ import annotations

from kinference_epp.api.sse import SseParser, Usage, usage_from_event, usage_from_json

_USAGE_MARK = b'"usage"'
_MAX_JSON_BYTES = 4 * 1024 * 1024


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
                found = usage_from_event(event)
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
            self.usage = usage_from_json(bytes(self._json))
            self._json = bytearray()
