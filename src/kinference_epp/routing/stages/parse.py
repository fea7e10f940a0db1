"""Parse: the body of a known inference API into an ``InferenceRequest``; the model it names."""

from __future__ import annotations

import msgspec

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.paths import api_kind_for_path
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.routing.state import RequestState, Wait


class _ModelPeek(msgspec.Struct):
    model: str | None = None


_peek_decoder = msgspec.json.Decoder(_ModelPeek)


def peek_model(body: bytes | bytearray) -> str:
    """The top-level ``model`` of a JSON body ("" when absent or not JSON)."""
    if not body:
        return ""
    try:
        return _peek_decoder.decode(body).model or ""
    except (msgspec.DecodeError, msgspec.ValidationError):
        return ""


class ParseStage:
    name = "parse"

    def run(self, state: RequestState) -> Wait | None:
        if not state.body:
            return None  # body-less: any endpoint of the pool
        kind = api_kind_for_path(state.path)
        if kind is None:
            # Not an inference API we know (embeddings, tokenize, ...): route by its model if
            # it names one, else anywhere; the model server is the judge of the body.
            model = peek_model(state.body)
            state.model = model or None
            state.asked_model = model
            return None
        request = parse_request(kind, bytes(state.body))
        state.request = request
        state.model = state.asked_model = request.model
        return None


class ModelLabel:
    """A request's model as a metric label: a model the pool serves, else ``unknown`` (a
    client-chosen name must not create a series per typo)."""

    def __init__(self, datastore: PoolDatastore) -> None:
        self._datastore = datastore

    def __call__(self, state: RequestState) -> str:
        return self.of_name(state.asked_model or peek_model(state.body))

    def of_name(self, model: str) -> str:
        if model and not self._datastore.serves_model(model):
            return "unknown"
        return model
