"""The public listener's API surface: the paths the picker serves, their method and body.

Anything else is answered by the picker (404, 405, 415, 400), so no request reaches a pod on
a path the picker does not understand: a pod's ``/metrics``, its admin paths, or an API whose
body would skip policy and prompt-aware routing.
"""

from __future__ import annotations

import enum

import msgspec

from kinference_epp.api.request import ApiKind


class Handling(enum.Enum):
    """What the picker does with a request of a served API."""

    PARSE = "parse"
    """The body is an inference request: parsed, policy, prompt-aware routing."""
    PROMPT_BLIND = "prompt_blind"
    """Routed by the model the body names alone (embeddings, token counting)."""
    MODELS = "models"
    """Answered by the picker from the pool's served models, without a pod."""


class ServedApi(msgspec.Struct, frozen=True):
    path: str
    method: str
    handling: Handling
    kind: ApiKind | None = None
    """The body schema (``Handling.PARSE`` only)."""

    @property
    def takes_body(self) -> bool:
        return self.method == "POST"


SURFACE: dict[str, ServedApi] = {
    api.path: api
    for api in (
        ServedApi("/v1/chat/completions", "POST", Handling.PARSE, ApiKind.CHAT),
        ServedApi("/v1/completions", "POST", Handling.PARSE, ApiKind.COMPLETIONS),
        ServedApi("/v1/messages", "POST", Handling.PARSE, ApiKind.MESSAGES),
        ServedApi("/v1/responses", "POST", Handling.PARSE, ApiKind.RESPONSES),
        ServedApi("/v1/messages/count_tokens", "POST", Handling.PROMPT_BLIND),
        ServedApi("/v1/embeddings", "POST", Handling.PROMPT_BLIND),
        ServedApi("/v1/models", "GET", Handling.MODELS),
    )
}
"""Path (no query, no trailing slash) -> the API served there."""

MODEL_PATH_PREFIX = "/v1/models/"
"""``GET /v1/models/{model}``: one model of the list (OpenAI's retrieve)."""
MODEL_RETRIEVE = ServedApi("/v1/models/{model}", "GET", Handling.MODELS)


def served_api(path: str) -> ServedApi | None:
    """The API served at ``path`` (already without query string), or None."""
    api = SURFACE.get(path)
    if api is None and path.startswith(MODEL_PATH_PREFIX) and len(path) > len(MODEL_PATH_PREFIX):
        return MODEL_RETRIEVE
    return api
