"""Rewriting a streamed response on its way to the client, for the few requests that need it.

The picker normally never sees responses (Envoy streams them straight back; usage arrives via
the access log). A request whose response must change turns response processing on for itself
with ``mode_override``, and its chunks run through a ``ResponseTransform``. Each call may hold
back a partial SSE event until the chunk that completes it arrives.

``UsageStripper`` is the one transform today: a streamed request whose client did not ask for
``stream_options.include_usage`` gets it added (so Envoy, the access log and later token
budgets see real token counts), and the usage-only chunk the client did not ask for is removed
from what the client receives.
"""

from __future__ import annotations

from typing import Protocol

import msgspec

from kinference_epp.api.sse import SseEvent, SseParser, encode_event


class ResponseTransform(Protocol):
    def feed(self, chunk: bytes, end_of_stream: bool) -> bytes:
        """The bytes to send the client in place of ``chunk`` (may be empty)."""
        ...


class _Chunk(msgspec.Struct):
    choices: list[msgspec.Raw] = []
    usage: msgspec.Raw = msgspec.Raw(b"null")


_chunk = msgspec.json.Decoder(_Chunk)


def _usage_only(event: SseEvent) -> bool:
    if event.is_done or '"usage"' not in event.data:
        return False
    try:
        chunk = _chunk.decode(event.data)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return False
    return not chunk.choices and bytes(chunk.usage) != b"null"


class UsageStripper:
    """Drops the final usage-only chunk the picker asked for on the client's behalf."""

    def __init__(self) -> None:
        self._parser = SseParser()
        self.stripped = 0

    def feed(self, chunk: bytes, end_of_stream: bool) -> bytes:
        events = self._parser.feed(chunk)
        if end_of_stream:
            events += self._parser.finish()
        out = []
        for event in events:
            if _usage_only(event):
                self.stripped += 1
                continue
            out.append(encode_event(event))
        return b"".join(out)
