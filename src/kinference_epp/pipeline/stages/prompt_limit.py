"""Prompt limit: a prompt longer than the gateway tokenizes is refused before any tokenizing.

Counted in characters of the prompt's text (message contents, or a completion's prompt
strings), which costs nothing next to tokenizing: a prompt of many megabytes would otherwise
hold a tokenizer thread and memory for seconds only to be refused by the pod. The answer is
vLLM's for a prompt over the context (400 ``context_length_exceeded``); the exact check in
tokens, against the model's context length, follows in the prompt stage. The count is kept
in ``state.prompt_chars`` (the prompt stage decides from it whether to tokenize off the
event loop).
"""

from __future__ import annotations

from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.errors import ContextLengthExceededError
from kinference_epp.pipeline.state import RequestState, Wait


def prompt_chars(request: InferenceRequest) -> int:
    """Characters of the text a tokenizer would read (a batch counts whole)."""
    if request.kind is not ApiKind.COMPLETIONS:
        return sum(len(m.content) for m in request.messages)
    prompt = request.prompt
    if isinstance(prompt, str):
        return len(prompt)
    if isinstance(prompt, list):
        return sum(len(p) for p in prompt if isinstance(p, str))
    return 0


class PromptLimitStage:
    name = "prompt_limit"

    def __init__(self, max_chars: int) -> None:
        self._max_chars = max_chars

    def run(self, state: RequestState) -> Wait | None:
        request = state.request
        if request is None:
            return None
        chars = state.prompt_chars = prompt_chars(request)
        if chars > self._max_chars:
            raise ContextLengthExceededError(
                f"The prompt has {chars} characters; this gateway accepts prompts of at most "
                f"{self._max_chars} characters. Please reduce the length of the prompt.",
                param="prompt" if request.kind is ApiKind.COMPLETIONS else "messages",
            )
        return None
