"""Collects the text a body carries outside its messages' flattened content.

Routing needs only message content (prefix hashing, tokenizing); policies must see every
string that leaves for a provider: tool definitions and calls, tool inputs, documents, file
names, schemas. The parsers keep those fields as ``msgspec.Raw`` (no decoding on the hot
path) and a sink turns them into text only when a policy asks for it.

JSON values become ``key: value`` lines, so a classifier sees the cue a key gives
("phone: 555 0100") and JSON string escapes are already decoded. A string that is itself
JSON (OpenAI's tool-call ``arguments``) is decoded and walked the same way.
"""

from __future__ import annotations

import msgspec

_ANY = msgspec.json.Decoder()


class BodyText(msgspec.Struct, frozen=True, gc=False):
    """What a body carries besides message content, as collected by its API's parser."""

    texts: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()
    """Where content no text classifier can read sits, e.g. ``messages[1].content[0]
    (image_url)``: images, audio, base64 or URL documents, uploaded files, token ids."""


class TextSink:
    """Appends texts and unreadable places in body order; ``done()`` freezes them."""

    __slots__ = ("_texts", "_unreadable")

    def __init__(self) -> None:
        self._texts: list[str] = []
        self._unreadable: list[str] = []

    def text(self, value: str | None) -> None:
        if value:
            self._texts.append(value)

    def json(self, raw: msgspec.Raw | msgspec.UnsetType | None, where: str = "") -> None:
        """Every string and number of a raw JSON value (absent or null adds nothing)."""
        if raw is None or raw is msgspec.UNSET:
            return
        try:
            value = _ANY.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            self.cannot_read(where or "a field that is not JSON")
            return
        walk_json(value, self._texts)

    def value(self, value: object) -> None:
        """A value already decoded (a string, number, list or object)."""
        walk_json(value, self._texts)

    def cannot_read(self, where: str) -> None:
        self._unreadable.append(where)

    def done(self) -> BodyText:
        return BodyText(tuple(self._texts), tuple(self._unreadable))


def walk_json(value: object, out: list[str]) -> None:
    """Append ``value``'s strings and numbers to ``out``, each prefixed by its key.

    Iterative, so a deeply nested value cannot exhaust Python's recursion limit; booleans
    and nulls carry no text and are skipped.
    """
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, str):
            inner = _embedded_json(item)
            if inner is not None:
                if key:
                    out.append(key + ":")
                stack.append(("", inner))
            elif item:
                out.append(f"{key}: {item}" if key else item)
        elif isinstance(item, dict):
            if key:
                out.append(key + ":")
            stack.extend((str(k), v) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((key, v) for v in reversed(item))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            out.append(f"{key}: {item}" if key else str(item))


def _embedded_json(text: str) -> dict[str, object] | list[object] | None:
    """The object or array a string holds as JSON text, else None."""
    if not text or text[0] not in "{[":
        return None
    try:
        value = _ANY.decode(text)
    except (msgspec.DecodeError, RecursionError):
        return None
    return value if isinstance(value, dict | list) else None
