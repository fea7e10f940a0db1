"""Prompt complexity (easy / medium / hard) from weighted surface features.

    score = min(1, 0.30·length + 0.35·code + 0.25·math + 0.45·reasoning + 0.15·turns)

each feature in [0, 1]:

- length: estimated prompt tokens / 4000 (characters / 4);
- code: (2·code fences + code keywords) / 12;
- math: (math symbols + math words) / 12;
- reasoning: reasoning cues ("step by step", "prove", "trade-off", ...) / 3;
- turns: (user turns - 1) / 6.

``score >= hardAt`` is hard, ``>= mediumAt`` medium, else easy. The weights sum past 1 on
purpose: one strong signal (a proof request, a large code block) is enough for medium.

Why no regex and only a window: Python's ``re`` costs 10-100 ns a character for an
alternation of keywords, over a millisecond for an 8k-token prompt. Words are found with
``translate`` + ``split`` + set lookups instead, and marks with ``str.count`` (all in C).
The instruction that makes a prompt hard is near its start or its end (a question after
pasted context), so words are counted in the first and last ``WINDOW`` characters, while
length and code fences use the whole text.
"""

from __future__ import annotations

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.model import Complexity, ComplexitySettings

WINDOW = 2000

_CODE_WORDS = frozenset(
    [
        "def",
        "class",
        "import",
        "return",
        "function",
        "const",
        "let",
        "var",
        "void",
        "public",
        "static",
        "struct",
        "impl",
        "fn",
        "lambda",
        "async",
        "await",
        "select",
        "from",
        "where",
        "#include",
        "println",
        "printf",
        "console.log",
    ]
)
_CODE_MARKS = ("=>", "->", "::", "()", "!=", "==", "{\n", "}\n", ";\n")
_MATH_WORDS = frozenset(
    [
        "integral",
        "derivative",
        "equation",
        "equations",
        "theorem",
        "lemma",
        "matrix",
        "eigenvalue",
        "eigenvalues",
        "eigenvector",
        "eigenvectors",
        "probability",
        "polynomial",
        "modulo",
        "logarithm",
        "proof",
    ]
)
_MATH_MARKS = ("\\frac", "\\sum", "\\int", "^")
_MATH_CHARS = "∑∫√≤≥≠±∞∂π"
_DROP_MATH = str.maketrans("", "", _MATH_CHARS)
_REASON_WORDS = frozenset(
    [
        "prove",
        "analyze",
        "analyse",
        "compare",
        "contrast",
        "trade-off",
        "trade-offs",
        "tradeoff",
        "tradeoffs",
        "design",
        "architecture",
        "architectural",
        "optimize",
        "optimise",
        "debug",
        "derive",
        "justify",
        "evaluate",
        "critique",
        "refactor",
        "step-by-step",
    ]
)
_REASON_PHRASES = ("step by step", "explain why", "reason about", "in depth", "pros and cons",
                   "root cause")  # fmt: skip
# Punctuation becomes space so "design," and "(prove" are words; '-', '_', '.', '#' stay
# inside words ("trade-off", "console.log", "#include").
_WORDS = str.maketrans({c: " " for c in "!\"$%&'()*+,/:;<=>?@[\\]^`{|}~"})

_WEIGHTS = {"length": 0.30, "code": 0.35, "math": 0.25, "reason": 0.45, "turns": 0.15}


def _count(window: str, marks: tuple[str, ...]) -> int:
    return sum(window.count(m) for m in marks)


def complexity_score(prompt: PromptText) -> tuple[float, dict[str, float]]:
    """The score in [0, 1] and its features (for explain)."""
    text = prompt.require()
    n = len(text)
    lower = prompt.lower()
    window = lower if n <= 2 * WINDOW else lower[:WINDOW] + "\n" + lower[-WINDOW:]
    code = math = reason = 0
    for word in window.translate(_WORDS).split():
        if word in _CODE_WORDS:
            code += 1
        elif word in _MATH_WORDS:
            math += 1
        elif word.rstrip(".") in _REASON_WORDS:
            reason += 1
    code += _count(window, _CODE_MARKS)
    math += _count(window, _MATH_MARKS) + len(window) - len(window.translate(_DROP_MATH))
    reason += _count(window, _REASON_PHRASES)
    features = {
        "length": min(1.0, n / 4 / 4000),
        "code": min(1.0, (2 * text.count("```") + code) / 12),
        "math": min(1.0, math / 12),
        "reason": min(1.0, reason / 3),
        "turns": min(1.0, max(0, prompt.turns - 1) / 6),
    }
    score = min(1.0, sum(_WEIGHTS[k] * v for k, v in features.items()))
    return score, features


class ComplexityClassifier:
    """Maps the score to a level with the policy's thresholds."""

    def __init__(self, settings: ComplexitySettings | None = None) -> None:
        settings = settings or ComplexitySettings()
        self._medium = settings.medium_at
        self._hard = settings.hard_at

    def classify(self, prompt: PromptText) -> Complexity:
        score, _ = complexity_score(prompt)
        if score >= self._hard:
            return Complexity.HARD
        if score >= self._medium:
            return Complexity.MEDIUM
        return Complexity.EASY
