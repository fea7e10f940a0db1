"""Which API a request path belongs to: the path, not the body, picks the schema."""

from __future__ import annotations

from kinference_epp.api.request import ApiKind

_KIND_BY_PATH = {
    "/v1/chat/completions": ApiKind.CHAT,
    "/v1/completions": ApiKind.COMPLETIONS,
    "/v1/messages": ApiKind.MESSAGES,
    "/v1/responses": ApiKind.RESPONSES,
}
ANTHROPIC_PATHS = frozenset({"/v1/messages", "/v1/messages/count_tokens"})
"""Paths whose clients read Anthropic's error shape."""


def bare_path(path: str) -> str:
    """``path`` without its query string, fragment and one trailing slash."""
    path = path.split("?", 1)[0].split("#", 1)[0]
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    return path


def api_kind_for_path(path: str) -> ApiKind | None:
    """The API of an HTTP ``:path``, ignoring the query string and one trailing slash.

    ``None`` means the picker does not understand the body (e.g. ``/v1/models``); the edge
    decides what to do with such requests.
    """
    kind = _KIND_BY_PATH.get(path)
    if kind is not None:
        return kind  # the usual case: the exact path, nothing to strip
    return _KIND_BY_PATH.get(bare_path(path))


def error_kind_for_path(path: str) -> ApiKind | None:
    """The API whose error shape answers a request on ``path``: Anthropic's on its paths,
    else None (OpenAI's shape)."""
    if path in ANTHROPIC_PATHS or bare_path(path) in ANTHROPIC_PATHS:
        return ApiKind.MESSAGES
    return api_kind_for_path(path)
