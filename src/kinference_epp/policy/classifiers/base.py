"""The classifier interface and the prompt text every classifier reads.

A classifier is a synchronous object with one ``classify(prompt)`` method. The evaluator
calls it lazily — only when a rule it reaches needs it — and at most once per request; a
raised :class:`ClassifierError` (or any exception, which the evaluator wraps) is handled by
the rule's ``onClassifierError`` / ``failClosed`` semantics, never propagated.
"""

from __future__ import annotations

from typing import Protocol

from kinference_epp.api.request import InferenceRequest


class ClassifierError(Exception):
    """A classifier could not decide (it raised, timed out, or the prompt has no text)."""


class PromptText:
    """The request's text, joined once.

    ``text`` is every message's content (or the completions prompt) joined by newlines;
    ``turns`` counts user messages. ``text`` is None when the prompt is token ids: text
    classifiers cannot inspect those, so they raise and the rule's error semantics apply
    (a fail-closed PII rule then treats the request as carrying PII). ``lower()`` is
    computed once and shared by the classifiers that match case-insensitively.
    """

    __slots__ = ("_lower", "text", "turns")

    def __init__(self, text: str | None, turns: int) -> None:
        self.text = text
        self.turns = turns
        self._lower: str | None = None

    def __repr__(self) -> str:
        return f"PromptText({len(self.text or '')} chars, {self.turns} turns)"

    @classmethod
    def of(cls, request: InferenceRequest) -> PromptText:
        if request.messages:
            text = "\n".join(m.content for m in request.messages)
            turns = sum(1 for m in request.messages if m.role == "user")
            return cls(text, max(turns, 1))
        prompt = request.prompt
        if prompt is None:
            return cls("", 0)
        if isinstance(prompt, str):
            return cls(prompt, 1)
        if all(isinstance(p, str) for p in prompt):
            return cls("\n".join(p for p in prompt if isinstance(p, str)), len(prompt))
        return cls(None, len(prompt))

    def require(self) -> str:
        """The text, or ClassifierError when the prompt is token ids."""
        if self.text is None:
            raise ClassifierError("the prompt is token ids; text classifiers cannot read it")
        return self.text

    def has_lower(self) -> bool:
        """Whether ``lower()`` is already computed (free to reuse)."""
        return self._lower is not None

    def lower(self) -> str:
        if self._lower is None:
            self._lower = self.require().lower()
        return self._lower


class LabelClassifier(Protocol):
    """A plug-in classifier: the set of labels that apply to the prompt.

    Implementations may be slow (an embedding model from a local path); the compiler wraps
    each in a time limit. They must be thread-safe: a timed-out call may still be running
    when the next request's call starts.
    """

    def classify(self, prompt: PromptText) -> frozenset[str]: ...
