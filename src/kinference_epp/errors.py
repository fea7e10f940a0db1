"""The one exception hierarchy of the request path, mapped to HTTP statuses in one place.

Every outcome of a request is either a routed request or one of these, turned by the edge
into an ImmediateResponse with the status, an ``x-kinference-reason`` header and an
OpenAI-style JSON error body. Rooms raise them; only the edge renders them.
"""

from __future__ import annotations

_TYPE_OF_STATUS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "invalid_request_error",
    405: "invalid_request_error",
    413: "invalid_request_error",
    415: "invalid_request_error",
    429: "rate_limit_error",
    503: "service_unavailable",
}


class KinferenceError(Exception):
    """A request the picker answers itself instead of routing."""

    status: int = 500
    reason: str = "internal_error"
    error_type: str = "server_error"

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        param: str | None = None,
        status: int | None = None,
        headers: tuple[tuple[str, str], ...] = (),
    ):
        super().__init__(message)
        self.message = message
        self.headers = headers
        """Extra response headers (e.g. ``allow`` on a 405, ``retry-after`` on a 429)."""
        if reason is not None:
            self.reason = reason
        if status is not None:  # a policy's own reject status
            self.status = status
            self.error_type = _TYPE_OF_STATUS.get(status, self.error_type)
        self.param = param


class BadRequestError(KinferenceError):
    status = 400
    reason = "bad_request"
    error_type = "invalid_request_error"


class PayloadTooLargeError(KinferenceError):
    status = 413
    reason = "body_too_large"
    error_type = "invalid_request_error"


class NotFoundError(KinferenceError):
    """A path the public listener does not serve."""

    status = 404
    reason = "not_found"
    error_type = "invalid_request_error"


class MethodNotAllowedError(KinferenceError):
    status = 405
    reason = "method_not_allowed"
    error_type = "invalid_request_error"


class UnsupportedMediaTypeError(KinferenceError):
    status = 415
    reason = "unsupported_media_type"
    error_type = "invalid_request_error"


class ContextLengthExceededError(BadRequestError):
    """The prompt (and the completion asked for) exceed the model's context, as vLLM answers."""

    reason = "context_length_exceeded"


class ModelNotFoundError(KinferenceError):
    status = 404
    reason = "model_not_found"
    error_type = "invalid_request_error"


class ModelNotAllowedError(KinferenceError):
    """A tenant asking for a model its InferenceTenant does not allow (``allowedModels``)."""

    status = 403
    reason = "model_not_allowed"
    error_type = "permission_error"


class NoReadyEndpointError(KinferenceError):
    status = 503
    reason = "no_ready_endpoint"
    error_type = "service_unavailable"


class UnauthorizedError(KinferenceError):
    """A missing or unknown API key (OpenAI answers ``invalid_request_error`` /
    ``invalid_api_key`` with 401)."""

    status = 401
    reason = "invalid_api_key"
    error_type = "invalid_request_error"


class RateLimitedError(KinferenceError):
    """A tenant over one of its limits or its budget; ``headers`` say when to retry."""

    status = 429
    reason = "rate_limit_exceeded"
    error_type = "rate_limit_error"


class BudgetExceededError(RateLimitedError):
    """A tenant whose monthly budget is spent: OpenAI's answer to an account out of quota
    (429, ``insufficient_quota``), which its SDKs show as such."""

    reason = "insufficient_quota"
    error_type = "insufficient_quota"


class PoolSaturatedError(KinferenceError):
    """The endpoint the router picked would serve the request past its SLO (``scheduler.shed``);
    ``headers`` say when to retry."""

    status = 429
    reason = "pool_saturated"
    error_type = "rate_limit_error"


class OverloadedError(KinferenceError):
    status = 429
    reason = "overloaded"
    error_type = "rate_limit_error"
