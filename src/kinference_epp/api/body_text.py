"""``body_text``: the text a parsed request carries outside its messages' content.

Collected on demand from the parser's typed view (``InferenceRequest.decoded``), so a
request that no policy classifies pays nothing for it. A request built by hand (tests, the
simulator) has no typed view and carries nothing more than its messages.
"""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.api.anthropic import messages_text
from kinference_epp.api.openai import chat_text, completions_text
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.api.responses import responses_text
from kinference_epp.api.text_sink import BodyText, TextSink

_COLLECTORS: dict[ApiKind, Callable[[object, TextSink], None]] = {
    ApiKind.CHAT: chat_text,
    ApiKind.COMPLETIONS: completions_text,
    ApiKind.MESSAGES: messages_text,
    ApiKind.RESPONSES: responses_text,
}

_NOTHING = BodyText()


def body_text(request: InferenceRequest) -> BodyText:
    """Tool definitions and calls, documents, file names, schemas ... in body order, and
    where the body holds content that cannot be read as text (images, files, token ids)."""
    sink = TextSink()
    if (
        isinstance(request.prompt, list)
        and request.prompt
        and not isinstance(request.prompt[0], str)
    ):
        sink.cannot_read("prompt (token ids)")
    if request.decoded is None:
        return sink.done() if request.prompt else _NOTHING
    _COLLECTORS[request.kind](request.decoded, sink)
    return sink.done()
