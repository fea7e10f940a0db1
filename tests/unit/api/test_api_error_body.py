from __future__ import annotations

import json

import pytest

from kinference_epp.api.error_body import (
    anthropic_error_body,
    anthropic_error_type,
    error_body,
    openai_error_body,
)
from kinference_epp.api.request import ApiKind
from kinference_epp.errors import BadRequestError, OverloadedError


def test_openai_shape() -> None:
    body = openai_error_body('bad "model"', "invalid_request_error", "bad_request", "model")
    assert json.loads(body) == {
        "error": {
            "message": 'bad "model"',
            "type": "invalid_request_error",
            "param": "model",
            "code": "bad_request",
        }
    }


def test_openai_shape_keeps_null_param_and_code() -> None:
    body = json.loads(openai_error_body("boom", "server_error", None, None))
    assert body["error"]["param"] is None
    assert body["error"]["code"] is None


def test_anthropic_shape() -> None:
    body = anthropic_error_body("slow down", "rate_limit_error")
    assert json.loads(body) == {
        "type": "error",
        "error": {"type": "rate_limit_error", "message": "slow down"},
    }


@pytest.mark.parametrize(
    ("status", "error_type"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (403, "permission_error"),
        (404, "not_found_error"),
        (413, "request_too_large"),
        (429, "rate_limit_error"),
        (500, "api_error"),
        (503, "overloaded_error"),
        (418, "api_error"),
    ],
)
def test_anthropic_error_type(status: int, error_type: str) -> None:
    assert anthropic_error_type(status) == error_type


def test_error_body_follows_the_callers_api() -> None:
    error = BadRequestError("model is required", param="model")
    assert json.loads(error_body(ApiKind.CHAT, error)) == {
        "error": {
            "message": "model is required",
            "type": "invalid_request_error",
            "param": "model",
            "code": "bad_request",
        }
    }
    assert json.loads(error_body(None, error))["error"]["param"] == "model"
    assert json.loads(error_body(ApiKind.MESSAGES, OverloadedError("busy"))) == {
        "type": "error",
        "error": {"type": "rate_limit_error", "message": "busy"},
    }
