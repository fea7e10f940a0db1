"""The reasoning a request asks its answer to show, in four languages.

A request can be hard in words no list of verbs or fields holds: "prepare an opening
repertoire, arguing each choice against the alternatives", "model how an insider could
misuse this, rank the cases by expected harm with explicit assumptions and propose layered
controls with their residual risk". What makes them hard is what the answer must contain:
a justification, a comparison with alternatives, stated assumptions, scenarios, a ranking
by expected harm or value, trade-offs weighed, a sensitivity analysis, counterarguments, a
derivation, mitigations with the risk they leave. Each of those is a *demand*; a request
with two of them takes reasoning in any field and any language, and one with one is no
lookup.

``demands`` counts the distinct demands (``_DEMANDS``: English, German, French and Spanish
word starts, and the English the language front end puts in their place) in a lower-cased
request; a ``WEAK`` one counts toward two, never alone. Word starts, not whole words, so that "justify", "justifying", "justification",
"begründe", "begründet", "justifiez", "justificando" are one entry each; a start is matched
only at the start of a word ("argu" finds "arguing", not "jaguar").
"""

from __future__ import annotations

_PUNCTUATION = "!\"$%&'()*+,/:;<=>?@[\\]^`{|}~.«»„“”\u2018\u2019¿¡\u2013\u2014\n\t"
"""Punctuation becomes space (an apostrophe too: "d'hypothèses" holds the word start)."""
_SPACES = str.maketrans({c: " " for c in _PUNCTUATION})

_EXPECTED_DE = tuple(
    f"{adjective} {noun}"
    for adjective in ("erwartete", "erwartetem", "erwarteten", "erwarteter")
    for noun in ("schad", "verlust", "nutzen", "kosten", "wert")
)
"""German puts "expected" before the harm, loss, benefit or cost and declines it."""

_DEMANDS: dict[str, tuple[str, ...]] = {
    "justify": (
        "justif", "argue", "arguing", "argumentier", "argumentant", "argumente ",
        "argumentez", "argumenta ", "argumentando", "argumentad", "argumentación",
        "argumentation", "defend", "begründ", "rechtfertig", "verteidig", "défend", "defiend",
        "fundamenta ", "fundamentando", "fundaméntal", "razona ", "razonando", "razónal",
        "razonad", "motive chaque", "motiva cada",
    ),
    "alternatives": (
        "alternatives", "~alternativen", "alternativas", "other options", "andere optionen",
        "autres options", "otras opciones", "against the alternative", "instead of each",
    ),
    "assumptions": (
        "assumption", "assume explicit", "~annahme", "hypothèse", "hypothese", "supuesto",
        "suposicion", "suposición",
    ),
    "scenarios": ("scenario", "~szenari", "scénario", "escenario", "what-if"),
    "expected": (
        "expected harm", "expected loss", "expected damage", "expected value", "expected cost",
        "expected impact", "expected benefit", *_EXPECTED_DE, "erwartungswert", "préjudice attendu",
        "perte attendue", "pertes attendues", "dommage attendu", "dommages attendus",
        "gain attendu", "coût attendu", "espérance mathématique", "daño esperado", "daños esperados",
        "perjuicio esperado", "pérdida esperada", "pérdidas esperadas", "valor esperado",
        "coste esperado", "costo esperado", "beneficio esperado",
        "likelihood and impact", "probability and impact", "wahrscheinlichkeit und auswirkung",
        "wahrscheinlichkeit und schaden", "probabilité et impact", "probabilité et gravité",
        "probabilidad e impacto", "probabilidad y gravedad", "how likely", "likelihood",
        "severity", "how bad", "how serious", "wie wahrscheinlich", "wie schlimm",
        "schweregrad", "probabilité et", "la probabilité et", "gravité", "probabilidad y",
        "la probabilidad y", "gravedad",
    ),
    "failure": (
        "what could go wrong", "what can go wrong", "what might go wrong", "failure mode",
        "risks", "~schiefgehen", "~schiefläuft", "schief gehen", "~risiken", "mal tourner",
        "risques", "salir mal", "ir mal", "riesgos",
    ),
    "trade_offs": (
        "trade-off", "tradeoff", "trade off", "pros and cons", "for and against",
        "für und wider", "pro und contra", "pro und kontra", "a favor y en contra", "~abwägung", "abwäg", "wäge", "~zielkonflikt",
        "vor- und nachteil", "vor und nachteil", "compromis ", "pour et le contre",
        "avantages et inconvénients", "arbitrage entre", "pros y contras", "ventajas y desventajas",
        "ventajas e inconvenientes", "compensacion", "compensación", "sopes", "weigh up",
        "weigh the options", "weigh the trade", "pèse le", "pesez le",
    ),
    "sensitivity": (
        "sensitivity", "empfindlich", "~sensitivität", "~sensibilität", "sensibilité",
        "sensibilidad", "le plus sensible", "la plus sensible", "más sensible", "mas sensible",
        "stress-test", "stress test", "stresstest", "belastungstest", "mets-le à l épreuve",
        "soumets-le", "ponlo a prueba", "ponla a prueba", "break-even", "breakeven",
        "gewinnschwelle", "seuil de rentabilité", "punto de equilibrio", "punto muerto",
    ),
    "counterarguments": (
        "counterargument", "counter-argument", "objection", "rebut", "steelman", "steel-man",
        "devil s advocate", "~gegenargument", "einwand", "einwände", "einwänd", "contre-argument",
        "avocat du diable", "contraargument", "contra-argument", "objecion", "objeción",
        "abogado del diablo", "sceptic", "skeptic", "skeptisch", "sceptique", "escéptic",
        "esceptic", "critical reviewer",
    ),
    "derivation": (
        "derive", "derivation", "herleit", "dérive ", "dérivez", "dériver", "deduce",
        "deduzca", "deducir", "prove ", "proves ", "proving", "proof ", "proofs", "beweis", "démontr", "demuestr", "demostr",
    ),
    "working": (
        "show the derivation", "show your working", "show the working", "show your work",
        "show the calculation", "show the steps", "show how you got", "rechenweg",
        "lösungsweg", "zeige die herleitung", "montre le calcul", "montre les calculs",
        "montre ton raisonnement", "détaille le calcul", "muestra el desarrollo",
        "muestra el cálculo", "muestra los cálculos", "con el desarrollo",
    ),
    "mitigation": (
        "mitigat", "countermeasure", "safeguard", "residual risk", "remaining risk",
        "~gegenmaßnahme", "~schutzmaßnahme", "~restrisiko", "verbleibende risiko",
        "verbleibendes risiko", "verbleibendem risiko", "contre-mesure", "atténuation",
        "risque résiduel", "risque restant", "contramedida", "salvaguarda", "mitigación",
        "riesgo residual", "riesgo que queda", "riesgo restante",
    ),
    "ranking": (
        "rank ", "ranked", "ranking", "prioritis", "prioritiz", "priorisier", "priorise",
        "priorisez", "hiérarchis", "prioriza", "priorice", "jerarquiz", "rangfolge",
    ),
    "recommendation": (
        "recommend", "empfehl", "empfiehl", "recommand", "recomiend", "recomend",
        "recommendation",
    ),
}  # fmt: skip
"""Each demand and the word starts (or phrases) that ask for it, in the four languages; one
marked ``~`` is found inside a word too."""


_NEEDLES = tuple(
    tuple(s[1:] if s.startswith("~") else " " + s for s in starts) for starts in _DEMANDS.values()
)
"""What is looked for in the padded request: a word start after a space; an entry marked
``~`` anywhere in a word, for German compounds ("Krisenszenarien", "Risikoannahmen")."""


WEAK = frozenset(["recommendation", "ranking", "failure"])
"""Demands that an everyday request makes on its own ("recommend a film", "rank these
cities by size", "what are the risks of ..."): they count toward two, never alone."""


def demands(request: str) -> frozenset[str]:
    """The distinct demands (``_DEMANDS``) the lower-cased ``request`` makes."""
    padded = " " + " ".join(request.translate(_SPACES).split()) + " "
    return frozenset(
        name
        for name, needles in zip(_DEMANDS, _NEEDLES, strict=True)
        if any(n in padded for n in needles)
    )
