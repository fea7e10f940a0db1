"""The classifier interface and the prompt text every classifier reads.

A classifier is a synchronous object with one ``classify(prompt)`` method. The evaluator
calls it lazily — only when a rule it reaches needs it — and at most once per request; a
raised :class:`ClassifierError` (or any exception, which the evaluator wraps) is handled by
the rule's ``onClassifierError`` / ``failClosed`` semantics, never propagated.
"""

from __future__ import annotations

from typing import Protocol

from kinference_epp.api.body_text import body_text
from kinference_epp.api.request import InferenceRequest
from kinference_epp.policy.classifiers.normalize import fold_to_ascii, normalize_checked


class ClassifierError(Exception):
    """A classifier could not decide (it raised, timed out, or the prompt has no text)."""


class PromptText:
    """The request's text as classifiers read it, joined and normalized once, on demand.

    ``source`` is every message's content and name, then every other text-carrying field
    of the body (``api.body_text``: tools, tool calls, documents, file names, schemas), or
    the completions prompt and suffix, joined by newlines; ``turns`` counts user messages.
    ``text`` is ``source`` normalized (``normalize``: invisible characters removed, NFKC);
    ``folded()`` also folds look-alike letters to ASCII, for classifiers matching ASCII
    patterns. ``unreadable`` says where the body holds what no text classifier can read
    (images, files, base64 documents, token ids): a fail-closed PII rule treats it as PII.

    ``source`` is None when the prompt is token ids: text classifiers raise and the rule's
    error semantics apply (a fail-closed PII rule then treats the request as carrying PII).
    """

    __slots__ = ("_folded", "_lower", "_text", "source", "turns", "unreadable")

    def __init__(self, text: str | None, turns: int, unreadable: tuple[str, ...] = ()) -> None:
        self.source = text
        self.turns = turns
        self.unreadable = unreadable
        self._text: str | None = None
        self._lower: str | None = None
        self._folded: str | None = None

    def __repr__(self) -> str:
        more = f", {len(self.unreadable)} unreadable" if self.unreadable else ""
        return f"PromptText({len(self.source or '')} chars, {self.turns} turns{more})"

    @classmethod
    def of(cls, request: InferenceRequest) -> PromptText:
        more = body_text(request)
        if request.messages:
            texts = [m.content for m in request.messages]
            texts.extend(m.name for m in request.messages if m.name)
            texts.extend(more.texts)
            turns = sum(1 for m in request.messages if m.role == "user")
            return cls("\n".join(texts), max(turns, 1), more.unreadable)
        prompt = request.prompt
        if prompt is None:
            return cls("\n".join(more.texts), 0, more.unreadable)
        if isinstance(prompt, str):
            return cls("\n".join([prompt, *more.texts]), 1, more.unreadable)
        if all(isinstance(p, str) for p in prompt):
            texts = [p for p in prompt if isinstance(p, str)]
            return cls("\n".join(texts + list(more.texts)), len(prompt), more.unreadable)
        return cls(None, len(prompt), more.unreadable)

    @property
    def text(self) -> str | None:
        """The normalized text, or None when the prompt is token ids."""
        if self._text is None and self.source is not None:
            self._text, folded = normalize_checked(self.source)
            if folded:
                self._folded = self._text
        return self._text

    @property
    def chars(self) -> int:
        """The length of the text as sent (no normalization needed to know it)."""
        return len(self.source or "")

    def require(self) -> str:
        """The normalized text, or ClassifierError when the prompt is token ids."""
        text = self.text
        if text is None:
            raise ClassifierError("the prompt is token ids; text classifiers cannot read it")
        return text

    def folded(self) -> str:
        """``require()`` with look-alike letters and other scripts' digits folded to ASCII."""
        if self._folded is None:
            self._folded = fold_to_ascii(self.require())
        return self._folded

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
