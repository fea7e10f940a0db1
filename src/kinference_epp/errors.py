"""The one exception hierarchy of the request path, mapped to HTTP statuses in one place.

Every outcome of a request is either a routed request or one of these, turned by the edge
into an ImmediateResponse with the status, an ``x-kinference-reason`` header and an
OpenAI-style JSON error body. Rooms raise them; only the edge renders them.
"""

from __future__ import annotations


class KinferenceError(Exception):
    """A request the picker answers itself instead of routing."""

    status: int = 500
    reason: str = "internal_error"
    error_type: str = "server_error"

    def __init__(self, message: str, *, reason: str | None = None, param: str | None = None):
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        self.param = param


class BadRequestError(KinferenceError):
    status = 400
    reason = "bad_request"
    error_type = "invalid_request_error"


class PayloadTooLargeError(KinferenceError):
    status = 413
    reason = "body_too_large"
    error_type = "invalid_request_error"


class ModelNotFoundError(KinferenceError):
    status = 404
    reason = "model_not_found"
    error_type = "invalid_request_error"


class NoReadyEndpointError(KinferenceError):
    status = 503
    reason = "no_ready_endpoint"
    error_type = "service_unavailable"


class OverloadedError(KinferenceError):
    status = 429
    reason = "overloaded"
    error_type = "rate_limit_error"
