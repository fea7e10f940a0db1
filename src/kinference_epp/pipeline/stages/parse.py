"""Parse: the body of a known inference API into an ``InferenceRequest``; the model it names.

A prompt-blind API (embeddings, token counting) is routed by its ``model`` alone: the body
must be a JSON object naming one, and the pod judges the rest.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.paths import api_kind_for_path
from kinference_epp.errors import BadRequestError
from kinference_epp.pipeline.api_surface import Handling
from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.pool.datastore import PoolDatastore


class _ModelPeek(msgspec.Struct):
    model: str | None = None


class _ModelNamed(msgspec.Struct):
    model: str


_peek_decoder = msgspec.json.Decoder(_ModelPeek)
_named_decoder = msgspec.json.Decoder(_ModelNamed)


def peek_model(body: bytes | bytearray) -> str:
    """The top-level ``model`` of a JSON body ("" when absent, not JSON, or nested too deep)."""
    if not body:
        return ""
    try:
        return _peek_decoder.decode(body).model or ""
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return ""


def named_model(body: bytes) -> str:
    """The ``model`` a prompt-blind request names; a 400 unless the body is a JSON object
    with a non-empty string ``model``."""
    try:
        model = _named_decoder.decode(body).model
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        model = ""
    if not model.strip():
        raise BadRequestError(
            "The request body must be a JSON object with a non-empty string 'model'.",
            param="model",
        )
    return model


class ParseStage:
    name = "parse"

    def __init__(self, label: ModelLabel | None = None) -> None:
        self._label = label

    def run(self, state: RequestState) -> Wait | None:
        api = state.api
        if not state.body:
            if api is not None and api.takes_body:
                raise BadRequestError("The request body is empty.", reason="empty_body")
            return None  # body-less: any endpoint of the pool
        if api is not None:
            kind = api.kind
            if kind is None and api.handling is Handling.PROMPT_BLIND:
                self._set_model(state, named_model(bytes(state.body)))
                return None
        else:
            kind = api_kind_for_path(state.path)
        if kind is None:
            # Not an inference API we know (no surface stage in this pipeline): route by its
            # model if it names one, else anywhere; the model server is the judge of the body.
            model = peek_model(state.body)
            self._set_model(state, model)
            state.model = model or None
            return None
        request = parse_request(kind, bytes(state.body))
        state.request = request
        self._set_model(state, request.model)
        return None

    def _set_model(self, state: RequestState, model: str) -> None:
        state.model = state.asked_model = model
        state.model_label = self._label.of_name(model) if self._label is not None else model


class ModelLabel:
    """A request's model as a metric label: a model the pool serves or a policy names, else
    ``unknown`` (a client-chosen name must not create a series per typo)."""

    def __init__(
        self, datastore: PoolDatastore, known: Callable[[str], bool] | None = None
    ) -> None:
        self._datastore = datastore
        self._known = known

    def __call__(self, state: RequestState) -> str:
        if state.model_label:
            return state.model_label
        return self.of_name(state.asked_model or peek_model(state.body))

    def of_name(self, model: str) -> str:
        if not model or self._datastore.serves_model(model):
            return model
        if self._known is not None and self._known(model):
            return model
        return "unknown"
