"""The single entry point the edge calls: the path decides the API, the API the schema."""

from __future__ import annotations

from kinference_epp.api.anthropic import parse_messages
from kinference_epp.api.openai import parse_chat, parse_completions
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.api.responses import parse_responses

_PARSERS = {
    ApiKind.CHAT: parse_chat,
    ApiKind.COMPLETIONS: parse_completions,
    ApiKind.MESSAGES: parse_messages,
    ApiKind.RESPONSES: parse_responses,
}


def parse_request(kind: ApiKind, body: bytes) -> InferenceRequest:
    """Parse and validate ``body`` once; raises ``BadRequestError`` for anything unusable.

    The returned request keeps ``body`` as ``raw`` so an untouched request is forwarded
    byte for byte and a rewrite only splices the changed value (see ``rewrite``).
    """
    return _PARSERS[kind](body)
