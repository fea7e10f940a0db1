"""Whether a request asks to weigh an argument it gives, in four languages.

"Rents rise because landlords are greedy, so we need a cap. Is that convincing?" is a short
yes/no question, but what it asks is an appraisal of reasoning: which premise carries the
conclusion, whether the inference holds. Such a question is no lookup, whatever its length
("Überzeugt das?", "Est-ce convaincant ?", "¿Es convincente?"). A reader tells it from an
everyday yes/no question ("Is this costume convincing for a pirate party?", "Is my ticket
still valid on Sunday?") by the argument the text gives: a reasoning connective ("because",
"weil", "car", "porque") or a word that names one ("the argument", "die Begründung",
"le raisonnement", "la premisa").

``appraises_argument`` reads the lower-cased text in its own language (the language front
end leaves these words as they are), so it holds each language's words, not only English.
"""

from __future__ import annotations

import re

_STRONG = (
    "convincing", "convince", "persuasive", "persuade", "compelling", "cogent", "watertight",
    "airtight", "überzeug", "stichhaltig", "schlüssig", "triftig", "tragfähig", "einleuchtend",
    "convainc", "probant", "persuasi", "convinc", "persuasiv", "contundente",
)  # fmt: skip
"""Word starts that, in a question, ask whether reasoning persuades: on their own they may
be about a costume or a cover letter, so an argument in the text must go with them."""

_WEAK = (
    "valid", "logical", "coherent", "plausib", "gültig", "logisch", "schlüssig", "stimmig",
    "haltbar", "valable", "valide", "cohérent", "logique", "solide", "válid", "coherente",
    "lógic", "sólid",
)  # fmt: skip
"""Word starts that weigh reasoning only when the text names an argument (a ticket is
valid, a wall is solid): they need a word of ``_ARGUMENT_NOUNS``, not a connective."""

_GENERIC = (
    "good", "fair", "sound", "strong", "weak", "work", "hold", "right", "gut", "stark",
    "schwach", "richtig", "trägt", "funktioniert", "bon", "bonne", "fort", "forte", "faible",
    "juste", "marche", "fonctionne", "bueno", "buena", "fuerte", "débil", "correcto",
    "correcta", "funciona", "vale",
)  # fmt: skip
"""Everyday words that weigh reasoning only in a question that names it ("Is that a good
argument?", "Does this reasoning hold?", "Ist das Argument gut?", "¿El argumento es
bueno?"): "is that a good idea?" or "does it work?" alone weighs no argument."""

_HOLDS = (
    "hold water", "hold up", "holds up", "stand up to", "hält das", "hält diese", "hält die",
    "tient la route", "tient debout", "tient-il", "tient-elle", "se sostiene", "se tiene en pie",
)  # fmt: skip
"""Phrases that ask whether reasoning survives scrutiny."""

_ARGUMENT_NOUNS = (
    "argument", "reasoning", "premise", "premiss", "conclusion", "inference", "thesis",
    "rationale", "logic", "begründung", "behauptung", "schlussfolgerung", "prämisse",
    "folgerung", "logik", "raisonnement", "affirmation", "prémisse", "thèse",
    "argumento", "argumentación", "razonamiento", "afirmación", "premisa", "conclusión",
    "tesis", "lógica",
)  # fmt: skip
"""Words that name an argument ("claim" is left out: an insurance or expense claim is no
argument, nor is the German "These" told from the English "these")."""

_CONNECTIVES = re.compile(
    r"\b(?:because|therefore|hence|thus|so we|so the|weil|denn|daher|deshalb|darum|folglich|"
    r"also muss|also brauch|car|donc|parce que|puisque|par conséquent|porque|por eso|"
    r"por lo tanto|así que|ya que)\b"
)
"""Connectives that make the text an argument: a conclusion drawn from a reason."""

_QUESTIONS = 8
"""Questions looked at, from the first: a long paste's question marks are not all asks."""


def _starts(starts: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern that finds a word starting with one of ``starts``."""
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(s) for s in starts) + ")")


_STRONG_RE = _starts(_STRONG)
_WEAK_RE = _starts(_WEAK)
_ARGUMENT_RE = _starts(_ARGUMENT_NOUNS)
_GENERIC_RE = re.compile(r"(?<!\w)(?:" + "|".join(_GENERIC) + r")(?!\w)")
_ANY_RE = _starts(_STRONG + _WEAK + _HOLDS + _ARGUMENT_NOUNS)


def _questions(text: str) -> list[str]:
    """The first ``_QUESTIONS`` questions of ``text``: each from the last sentence end or
    line break before its question mark (found with ``str.find``, no regex over the text)."""
    found: list[str] = []
    end = text.find("?")
    while end != -1 and len(found) < _QUESTIONS:
        start = max(text.rfind(c, 0, end) for c in ".!?\n") + 1
        found.append(text[start : end + 1])
        end = text.find("?", end + 1)
    return found


def appraises_argument(request: str, text: str | None = None) -> bool:
    """Whether a question of the lower-cased ``request`` asks if reasoning persuades or
    holds (``_STRONG``, ``_HOLDS``; ``_WEAK`` only where the text names an argument) and
    ``text``, the whole lower-cased prompt (``request`` if None), gives or names the
    argument it weighs. The request's questions are read first: most have none that weighs
    anything, and the text is not scanned for an argument."""
    if "?" not in request or _ANY_RE.search(request) is None:
        return False  # one scan in C for most requests
    strong = weak = False
    for question in _questions(request):
        strong = strong or bool(_STRONG_RE.search(question)) or any(h in question for h in _HOLDS)
        weak = weak or bool(_WEAK_RE.search(question))
        # "does this reasoning hold?": the question names what it weighs
        named = _ARGUMENT_RE.search(question) is not None
        strong = strong or (named and _GENERIC_RE.search(question) is not None)
    if not (strong or weak):
        return False
    text = request if text is None else text
    if _ARGUMENT_RE.search(text) is not None:
        return True
    return strong and _CONNECTIVES.search(text) is not None
