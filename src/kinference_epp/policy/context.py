"""Per-evaluation state: the input, plus values computed lazily and at most once.

The prompt text is joined only if a condition or classifier needs it; each classifier runs
at most once per request, whichever rules and policies (Shadow ones included) ask for it;
a classifier's error is remembered too, so a failing classifier is not retried by the next
rule and every rule sees the same outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.api.request import ApiKind
from kinference_epp.policy.classifiers.base import ClassifierError, PromptText
from kinference_epp.policy.types import EvalInput

CHARS_PER_TOKEN = 4


class EvalContext:
    __slots__ = (
        "_prompt",
        "_tokens",
        "api",
        "errors",
        "headers",
        "inp",
        "model",
        "pool",
        "report",
        "results",
        "tenant",
    )

    def __init__(self, inp: EvalInput) -> None:
        self.inp = inp
        self.model = inp.request.model
        self.tenant = inp.tenant
        self.headers = inp.headers
        self.api: ApiKind = inp.api if inp.api is not None else inp.request.kind
        self.pool = inp.pool
        self._prompt: PromptText | None = None
        self._tokens = inp.prompt_tokens
        self.results: dict[str, object] = {}
        self.errors: dict[str, str] = {}
        self.report: dict[str, object] = {}
        """Classifier results by display name, for the Decision (logs, explain)."""

    def prompt(self) -> PromptText:
        if self._prompt is None:
            self._prompt = PromptText.of(self.inp.request)
        return self._prompt

    def prompt_tokens(self) -> int:
        if self._tokens is None:
            prompt = self.prompt()
            if prompt.source is not None:
                self._tokens = prompt.chars // CHARS_PER_TOKEN
            else:
                ids = self.inp.request.prompt or []
                self._tokens = sum(len(p) if isinstance(p, list) else 1 for p in ids)
        return self._tokens

    def classify(self, key: str, label: str, run: Callable[[PromptText], object]) -> object:
        """``run(prompt)`` once per evaluation; failures raise ClassifierError every time asked."""
        if key in self.results:
            return self.results[key]
        if key in self.errors:
            raise ClassifierError(self.errors[key])
        try:
            if label in self.inp.classifier_faults:
                raise ClassifierError("injected fault")
            value = run(self.prompt())
        except ClassifierError as exc:
            self.errors[key] = f"{label}: {exc}"
            self.report[label] = "error"
            raise ClassifierError(self.errors[key]) from None
        except Exception as exc:  # a classifier bug must not become a lost request
            self.errors[key] = f"{label}: {exc!r}"
            self.report[label] = "error"
            raise ClassifierError(self.errors[key]) from None
        self.results[key] = value
        self.report[label] = value
        return value
