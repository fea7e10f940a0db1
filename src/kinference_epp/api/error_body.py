"""JSON error bodies in the shape each API's clients parse, for the edge's ImmediateResponses.

SDKs raise typed exceptions from these shapes (``openai.BadRequestError``,
``anthropic.RateLimitError``), so a rejection by the picker reads like one by the server.
"""

from __future__ import annotations

import msgspec

from kinference_epp.api.request import ApiKind
from kinference_epp.errors import KinferenceError

_ANTHROPIC_TYPE_BY_STATUS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    405: "invalid_request_error",
    413: "request_too_large",
    415: "invalid_request_error",
    429: "rate_limit_error",
    503: "overloaded_error",
    529: "overloaded_error",
}


def openai_error_body(
    message: str, error_type: str, code: str | None = None, param: str | None = None
) -> bytes:
    """``{"error": {"message", "type", "param", "code"}}`` as OpenAI and vLLM send it."""
    error = {"message": message, "type": error_type, "param": param, "code": code}
    return msgspec.json.encode({"error": error})


def anthropic_error_body(message: str, error_type: str) -> bytes:
    """``{"type": "error", "error": {"type", "message"}}`` as Anthropic sends it."""
    return msgspec.json.encode({"type": "error", "error": {"type": error_type, "message": message}})


def anthropic_error_type(status: int) -> str:
    """Anthropic's error ``type`` for an HTTP status (its SDK maps status, not type)."""
    return _ANTHROPIC_TYPE_BY_STATUS.get(status, "api_error")


def error_body(kind: ApiKind | None, error: KinferenceError) -> bytes:
    """The body for ``error`` in the caller's API; OpenAI's shape when the API is unknown."""
    if kind is ApiKind.MESSAGES:
        return anthropic_error_body(error.message, anthropic_error_type(error.status))
    return openai_error_body(error.message, error.error_type, error.reason, error.param)
