"""Splice new top-level values into a JSON body without re-serialising the rest.

Re-encoding a 300 KB body to change ``model`` would cost more than parsing it and could
change bytes the client signed or the upstream caches on (key order, number formats,
escapes). A small scanner walks the top-level keys instead. It learns each value's length
from msgspec (a ``dict[str, Raw]`` decode scans nested values in C and copies nothing) and
checks the value's bytes against it; only when that check fails — the same key twice with
different values — does it skip values itself, with regexes that consume whole strings so
brackets and quotes inside strings, and nested ``model`` keys, are never mistaken.

Every top-level occurrence of the key is replaced: with duplicate keys msgspec (and
Python's json, which vLLM uses) keep the last one, and replacing all of them means the
upstream sees the new value whichever one it keeps.
"""

from __future__ import annotations

import re

import msgspec

from kinference_epp.api.request import InferenceRequest

_WS = re.compile(rb"[ \t\n\r]*")
_OPEN = re.compile(rb"[ \t\n\r]*(\{)[ \t\n\r]*(\}?)")
_KEY = re.compile(rb'("[^"\\]*(?:\\.[^"\\]*)*")[ \t\n\r]*:[ \t\n\r]*', re.DOTALL)
_NEXT = re.compile(rb"[ \t\n\r]*([,}])[ \t\n\r]*")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NESTED_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_SCALAR = re.compile(rb"[^,}\] \t\n\r]+")
_TOP_LEVEL = msgspec.json.Decoder(dict[str, msgspec.Raw])


def rewrite_model(req: InferenceRequest, new_model: str) -> bytes:
    """``req.raw`` with the top-level ``model`` value set to ``new_model``."""
    return set_top_level_field(req.raw, "model", new_model)


def set_top_level_field(raw: bytes, key: str, value: object) -> bytes:
    """``raw`` (a JSON object) with top-level ``key`` set to ``value``, added first if absent.

    Raises ``ValueError`` when ``raw`` is not a JSON object; callers pass bodies that have
    already been parsed, so that is a bug, not a client error.
    """
    encoded = msgspec.json.encode(value)
    try:
        values = _TOP_LEVEL.decode(raw)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise ValueError(f"not a JSON object: {exc}") from None
    try:
        open_end, spans = _top_level_spans(raw, key, values)
    except _DuplicateKey:
        open_end, spans = _top_level_spans(raw, key, None)
    view = memoryview(raw)  # slices of a view copy nothing; join copies each byte once
    if not spans:
        after = _skip_ws(raw, open_end)
        separator = b"" if raw[after : after + 1] == b"}" else b","
        head = msgspec.json.encode(key) + b":" + encoded + separator
        return b"".join((view[:open_end], head, view[open_end:]))
    parts: list[bytes | memoryview] = []
    previous = 0
    for start, end in spans:
        parts += (view[previous:start], encoded)
        previous = end
    parts.append(view[previous:])
    return b"".join(parts)


class _DuplicateKey(Exception):
    """A value's bytes differ from msgspec's (last) value for its key."""


def _top_level_spans(
    raw: bytes, key: str, values: dict[str, msgspec.Raw] | None
) -> tuple[int, list[tuple[int, int]]]:
    """The offset just past ``{`` and the ``(start, end)`` of each value of ``key``.

    With ``values`` the value lengths come from msgspec; without, from the regex scanner.
    """
    wanted = key.encode()
    opening = _OPEN.match(raw)
    if opening is None:
        raise ValueError("not a JSON object")
    open_end = opening.end(1)
    spans: list[tuple[int, int]] = []
    if opening.group(2):
        return open_end, spans
    pos = opening.end()
    while True:
        match = _KEY.match(raw, pos)
        if match is None:
            raise ValueError(f"expected a key at byte {pos}")
        name = match.group(1)[1:-1]
        if b"\\" in name:
            name = msgspec.json.decode(match.group(1), type=str).encode()
        start = match.end()
        if values is None:
            end = _skip_value(raw, start)
        else:
            value = memoryview(values[name.decode()])
            end = start + len(value)
            if not raw.startswith(value, start):  # memcmp, no copy
                raise _DuplicateKey
        if name == wanted:
            spans.append((start, end))
        separator = _NEXT.match(raw, end)
        if separator is None:
            raise ValueError(f"expected ',' or '}}' at byte {end}")
        if separator.group(1) == b"}":
            return open_end, spans
        pos = separator.end()


def _skip_ws(raw: bytes, pos: int) -> int:
    match = _WS.match(raw, pos)
    return pos if match is None else match.end()


def _skip_value(raw: bytes, pos: int) -> int:
    first = raw[pos : pos + 1]
    if first == b'"':
        match = _STRING.match(raw, pos)
    elif first in (b"{", b"["):
        return _skip_nested(raw, pos)
    else:
        match = _SCALAR.match(raw, pos)
    if match is None:
        raise ValueError(f"expected a value at byte {pos}")
    return match.end()


def _skip_nested(raw: bytes, pos: int) -> int:
    depth = 0
    for match in _NESTED_TOKEN.finditer(raw, pos):
        token = match.group()
        if token in (b"{", b"["):
            depth += 1
        elif token in (b"}", b"]"):
            depth -= 1
            if depth == 0:
                return match.end()
    raise ValueError(f"unterminated value at byte {pos}")
