"""The reasoning a request asks its answer to show, in four languages.

A request can be hard in words no list of verbs or fields holds: "prepare an opening
repertoire, arguing each choice against the alternatives", "model how an insider could
misuse this, rank the cases by expected harm with explicit assumptions and propose layered
controls with their residual risk". What makes them hard is what the answer must contain:
a justification, a comparison with alternatives, stated assumptions, scenarios, a ranking
by expected harm or value, trade-offs weighed, a sensitivity analysis, counterarguments, a
derivation, mitigations with the risk they leave, a plan's way back and the criteria for
its success or abort, and how a plan carries on after a setback (a missed week, an illness). Each of those is a *demand*; a request
with two of them takes reasoning in any field and any language, and one with one is no
lookup.

``demands`` counts the distinct demands (``_DEMANDS``: English, German, French and Spanish
word starts, and the English the language front end puts in their place) in a lower-cased
request; a ``WEAK`` one counts toward two, never alone. Word starts, not whole words, so that "justify", "justifying", "justification",
"begründe", "begründet", "justifiez", "justificando" are one entry each; a start is matched
only at the start of a word ("argu" finds "arguing", not "jaguar").
"""

from __future__ import annotations

_PUNCTUATION = "!\"$%&'()*+,/:;<=>?@[\\]^`{|}~."
"""Punctuation becomes space (an apostrophe too: "d'hypothèses" holds the word start)."""
_SPACES = bytes.maketrans(_PUNCTUATION.encode(), b" " * len(_PUNCTUATION))
_WIDE_PUNCTUATION = "«»„“”\u2018\u2019¿¡\u2013\u2014"


def _words(text: str) -> list[str]:
    """The words of ``text`` between spaces and punctuation. The ASCII punctuation is
    replaced in its UTF-8 bytes (``str.translate`` looks every character of a non-ASCII
    string up through Python objects), the few wider marks one by one where present."""
    data = text.encode("utf-8", "surrogatepass").translate(_SPACES)
    text = data.decode("utf-8", "surrogatepass")
    if not text.isascii():
        for mark in _WIDE_PUNCTUATION:
            if mark in text:
                text = text.replace(mark, " ")
    return text.split()


_EXPECTED_DE = tuple(
    f"{adjective} {noun}"
    for adjective in ("erwartete", "erwartetem", "erwarteten", "erwarteter")
    for noun in ("schad", "verlust", "nutzen", "kosten", "wert")
)
"""German puts "expected" before the harm, loss, benefit or cost and declines it."""

_CHANGES_IF = tuple(
    f"{verb} {answer} si"
    for verb in ("cambia", "cambiaría", "cambiaria", "varía", "change", "changerait", "évolue")
    for answer in ("la recomendación", "el resultado", "la decisión", "la respuesta", "la reply",
                   "la conclusión", "la recommandation", "le résultat", "la décision",
                   "la réponse", "la conclusion")
)  # fmt: skip
"""Spanish and French put the verb before the answer it changes: "cómo cambia la
recomendación si ...", "comment change la recommandation si ..." (a sensitivity asked)."""

_DEMANDS: dict[str, tuple[str, ...]] = {
    "justify": (
        "justif", "argue", "arguing", "argumentier", "argumentant", "argumente ",
        "argumentez", "argumenta ", "argumentando", "argumentad", "argumentación",
        "argumentation", "defend", "begründ", "rechtfertig", "verteidig", "défend", "defiend",
        "fundamenta ", "fundamentando", "fundaméntal", "razona ", "razonando", "razónal",
        "razonad", "raisonne", "reason it through", "reason through", "reason for each",
        "reasons for each", "grund für jede", "gründe für jede", "raison de chaque",
        "raisons de chaque", "motivo de cada", "motivos de cada", "motive chaque", "motiva cada",
    ),
    "alternatives": (
        "alternatives", "~alternativen", "alternativas", "other options", "andere optionen",
        "autres options", "otras opciones", "against the alternative", "instead of each",
    ),
    "assumptions": (
        "assumption", "assume explicit", "~annahme", "hypothèse", "hypothese", "supuesto",
        "suposicion", "suposición", "hipótesis", "hipotesis",
    ),
    "scenarios": (
        "scenario", "~szenari", "scénario", "escenario", "what-if",
        # a plan that branches on an outcome still to be found out
        "depending on the outcome", "depending on the result", "depending on the answer",
        "je nach ergebnis", "je nach antwort", "je nach ausgang", "selon le résultat",
        "selon la réponse", "selon la reply", "en fonction du résultat", "según el resultado",
        "según la respuesta", "según la reply", "en función del resultado",
    ),
    "expected": (
        "expected harm", "expected loss", "expected damage", "expected value", "expected cost",
        "expected impact", "expected benefit", *_EXPECTED_DE, "erwartungswert", "préjudice attendu",
        "perte attendue", "pertes attendues", "dommage attendu", "dommages attendus",
        "gain attendu", "coût attendu", "espérance mathématique", "daño esperado", "daños esperados",
        "perjuicio esperado", "pérdida esperada", "pérdidas esperadas", "valor esperado",
        "coste esperado", "costo esperado", "beneficio esperado",
        "likelihood and impact", "probability and impact", "wahrscheinlichkeit und auswirkung",
        "wahrscheinlichkeit und schaden", "probabilité et impact", "probabilité et gravité",
        "probabilidad e impacto", "probabilidad y gravedad",
        # as the language front end leaves them: "probabilidad" reads "probability"
        "probability und auswirkung", "probability und schaden", "probability et impact",
        "probability et gravité", "probability e impacto", "probability y gravedad",
    ),
    "severity": (
        "how likely", "likelihood", "severity", "how bad", "how serious", "wie wahrscheinlich",
        "wie schlimm", "schweregrad", "probabilité et", "la probabilité et", "gravité",
        "probabilidad y", "la probabilidad y", "gravedad",
        # as the language front end leaves them: "nach Wahrscheinlichkeit und Schaden",
        # "par probabilité et", "por probabilidad y daño"
        "probability and", "probability und", "probability et", "probability y",
    ),
    "failure": (
        "what could go wrong", "what can go wrong", "what might go wrong", "failure mode",
        "risks", "~schiefgehen", "~schiefläuft", "schief gehen", "~risiken", "mal tourner",
        "risques", "salir mal", "ir mal", "riesgos",
    ),
    "trade_offs": (
        "trade-off", "tradeoff", "trade off", "pros and cons", "for and against",
        "für und wider", "für und gegen", "pro und contra", "pro und kontra",
        "a favor y en contra", "for then against",
        "for and then against", "dafür und dann dagegen", "dafür und dagegen", "pour puis contre",
        "pour et contre", "a favor y luego en contra", "~abwägung", "abwäg", "wäge", "~zielkonflikt",
        "vor- und nachteil", "vor und nachteil", "compromis ", "pour et le contre",
        "avantages et inconvénients", "arbitrage entre", "pros y contras", "ventajas y desventajas",
        "ventajas e inconvenientes", "compensacion", "compensación", "sopes", "weigh up",
        "weigh the options", "weigh the trade", "pèse le", "pesez le",
        "where they conflict", "where they disagree", "sich widersprechen", "se contredisent",
        "dónde chocan", "entran en conflicto",
        # where the answer is contested: "say where reasonable people would disagree"
        "would disagree", "reasonable people", "where opinions differ", "where views differ",
        "uneins wären", "uneinig wären", "vernünftige leute", "vernünftige menschen",
        "divergeraient", "personnes raisonnables", "les avis divergent", "discreparía",
        "discreparían", "gente razonable", "personas razonables", "las opiniones difieren",
        # settling the conflicts between requirements: "show how you settle each conflict"
        "settle each", "settle every", "resolve each conflict", "resolve every conflict",
        "how you settle", "how you resolve", "jeden konflikt entscheid", "jeden konflikt lös",
        "jeden konflikt auflös", "arbitres ", "arbitrer", "arbitrez", "tranches chaque",
        "trancher chaque", "résous chaque conflit", "resuelves cada", "resolver cada",
        "resuelve cada conflicto", "arbitras ",
    ),
    "sensitivity": (
        "sensitivity", "empfindlich", "~sensitivität", "~sensibilität", "sensibilité",
        "sensibilidad", "le plus sensible", "la plus sensible", "más sensible", "mas sensible",
        "stress-test", "stress test", "stresstest", "belastungstest", "mets-le à l épreuve",
        "soumets-le", "ponlo a prueba", "ponla a prueba", "break-even", "breakeven",
        "gewinnschwelle", "seuil de rentabilité", "punto de equilibrio", "punto muerto",
        # what would change the answer: "how the recommendation changes if ..."
        "changes if", "would change if", "ändert wenn", "ändern würde wenn", "change si",
        "changerait si", "cambia si", "cambiaría si", "cambiaria si",
        # the point at which the answer turns: "the assumptions that would flip the answer"
        "change your mind", "change my mind", "would flip", "flip the answer",
        "flip the recommendation", "flip the decision", "flips the answer", "tipping point",
        "meinung ändern", "meinung änderst", "meinung ändert", "ergebnis kippt",
        "entscheidung kippt", "empfehlung kippt", "antwort kippt", "kippt das ergebnis",
        "kippt die empfehlung", "kippt die entscheidung", "changerais d avis", "changer d avis",
        "change d avis", "changerait d avis", "ferait basculer", "cambiarías de opinión",
        "cambiar de opinión", "cambie la recomendación", "cambie la decisión",
        "cambie el resultado", "cambie la respuesta", "cambie la reply", *_CHANGES_IF,
        # the assumption the answer depends on most: "which assumption moves the answer most"
        "moves the answer", "moves the result", "moves the estimate", "moves the number",
        "swings the answer", "swings the result", "ergebnis am stärksten", "ergebnis am meisten",
        "antwort am stärksten", "schätzung am stärksten", "fait le plus bouger",
        "fait le plus varier", "pèse le plus sur le résultat", "mueve más el resultado",
        "más mueve el resultado", "más mueve la respuesta", "más influye en el resultado",
    ),
    "counterarguments": (
        "counterargument", "counter-argument", "objection", "rebut", "steelman", "steel-man",
        "devil s advocate", "~gegenargument", "einwand", "einwände", "einwänd", "contre-argument",
        "avocat du diable", "contraargument", "contra-argument", "objecion", "objeción",
        "abogado del diablo",
        # the opposing position to refute: "refute the strongest opposing view"
        "opposing view", "opposing position", "opposing side", "~gegenposition", "~gegenthese",
        "position adverse", "thèse adverse", "point de vue adverse", "postura contraria",
        "posición contraria", "tesis contraria", "opposing reading", "counter-reading",
        "~gegenlesart", "~gegendeutung", "lecture adverse", "lecture contraire",
        "lectura contraria", "interpretación contraria",
    ),
    "thesis": (
        "thesis", "theses", "eine these", "deine these", "eigene these", "thèse", "tesis",
    ),
    "sceptic": (
        "sceptic", "skeptic", "skeptisch", "sceptique", "escéptic", "esceptic",
        "critical reviewer",
    ),
    "derivation": (
        "derive", "derivation", "herleit", "dérive ", "dérivez", "dériver", "deduce",
        "deduzca", "deducir", "prove ", "proves ", "proving", "proof ", "proofs", "beweis", "démontr", "demuestr", "demostr",
    ),
    "working": (
        "show the derivation", "show your working", "show the working", "show your work",
        "show the calculation", "show how you got", "rechenweg",
        "lösungsweg", "zeige die herleitung", "montre le calcul", "montre les calculs",
        "montre ton raisonnement", "détaille le calcul", "muestra el desarrollo",
        "muestra el cálculo", "muestra los cálculos", "con el desarrollo",
    ),
    "testing": (
        "how you would test", "how would you test", "how to test each", "a test for each",
        "test each", "wie du jede prüfen", "wie du sie prüfen", "wie würdest du prüfen",
        "einen test für jede", "comment tu testerais", "comment testerais",
        "comment tu vérifierais", "un test pour chacun", "un test pour chacune",
        "cómo probarías", "cómo comprobarías", "una prueba para cada",
        # a hypothesis put to an experiment: "how would you test each with an experiment"
        "with an experiment", "mit einem experiment", "avec une expérience",
        "par une expérience", "con un experimento",
    ),
    "mitigation": (
        "mitigat", "countermeasure", "safeguards ", "safeguard ", "residual risk", "remaining risk",
        "~gegenmaßnahme", "~schutzmaßnahme", "~restrisiko", "verbleibende risiko",
        "verbleibendes risiko", "verbleibendem risiko", "contre-mesure", "atténuation",
        "risque résiduel", "risque restant", "contramedida", "salvaguarda", "mitigación",
        "riesgo residual", "riesgo que queda", "riesgo restante",
        # controls stacked so that one failing leaves the others: "a layered defence"
        "layered defen", "layered control", "layered fix", "layered protection",
        "defence in depth", "defense in depth", "~mehrschichtige abwehr",
        "~mehrschichtigen abwehr", "~gestaffelte abwehr", "~gestaffelten abwehr",
        "~mehrschichtigen schutz", "~mehrschichtiger schutz", "défense en profondeur",
        "défense in depth", "défense par couches", "défense en couches",
        "protection par couches", "defensa en profundidad", "defensa in depth",
        "defensa por capas", "defensa en capas", "protección por capas", "protección en capas",
    ),
    "setback": (
        # how a plan carries on after a setback: a missed week, an illness, falling behind
        "adapt it if", "adjust it if", "adapt if", "adjust if", "adapt the plan if",
        "adjust the plan if", "change the plan if", "if they miss", "if you miss", "if i miss",
        "if we miss", "missed week", "missed weeks", "missed session", "missed sessions",
        "if you fall behind", "if i fall behind", "if they fall behind", "if we fall behind",
        "if you get ill", "if you get sick", "if i get ill", "if i get sick", "if they get ill",
        "if they get sick", "if you fall ill", "bei krankheit anpass", "bei krankheit änder",
        "anpasst wenn", "anpassen wenn", "anpasst falls", "anpassen falls", "verpasste woche",
        "verpasste wochen", "verpasste einheit", "verpasste einheiten", "woche verpasst",
        "einheit verpasst", "wenn du krank wirst", "falls du krank wirst", "in rückstand gerät",
        "ins hintertreffen", "rattraper une semaine", "rattraper une séance",
        "rattraper la semaine", "rattraper les séances", "rattraper le retard",
        "semaine ratée", "séance ratée", "semaine manquée", "séance manquée",
        "semaines manquées", "séances manquées", "si tu prends du retard",
        "si on prend du retard", "si je prends du retard", "adapter si", "ajuster si",
        "si tu tombes malade", "si je tombe malade", "ajustar si", "adaptar si",
        "si vas retrasado", "si vas atrasado", "si te retrasas", "si te atrasas",
        "semana perdida", "sesión perdida", "recuperar una semana", "recuperar una sesión",
        "si te pones enfermo", "si te pones enferma", "si enfermas",
    ),
    "gaps": (
        # what in a case looks wrong, or what it lacks before anyone can act on it: a
        # reader must check it against what it should hold ("is anything still missing for
        # the picnic?" asks no such check)
        "anything that looks off", "anything that seems off", "anything odd",
        "what seltsam", "what nicht stimmt", "what komisch", "ce qui semble bizarre",
        "ce qui cloche", "ce qui semble anormal", "lo que no cuadre", "lo que no encaja",
        "lo que parezca raro", "missing before", "lacking before", "fehlt, bevor",
        "fehlt noch, bevor", "avant de pouvoir", "avant que quelqu", "para que alguien pueda",
        "antes de que alguien", "information is still missing", "informations manquent",
        "angaben noch fehlen", "datos faltan",
    ),
    "ranking": (
        "rank ", "ranked", "ranking", "prioritis", "prioritiz", "priorisier", "priorise",
        "priorisez", "hiérarchis", "prioriza", "priorice", "jerarquiz", "rangfolge",
    ),
    "recommendation": (
        "recommend", "empfehl", "empfiehl", "recommand", "recomiend", "recomend",
        "recommendation",
    ),
    "contingency": (
        "fallback", "fall-back", "plan b", "backup plan", "contingency", "~rückfallposition",
        "notfallplan", "ausweichplan", "position de repli", "plan de repli", "solution de repli",
        "plan de secours", "posición alternativa", "plan alternativo", "plan de contingencia",
        # a way back from each step of a change
        "rollback", "roll back", "roll-back", "~rückweg", "zurückroll", "~rückfallplan",
        "retour arrière", "retour en arrière", "vuelta atrás", "marcha atrás",
    ),
    "criteria": (
        # what decides that a plan has worked or must stop: "criteria for when to abort"
        "success criteria", "criteria for success", "criteria for when", "abort criteria",
        "exit criteria", "go/no-go", "go no-go", "go-no-go", "~erfolgskriteri",
        "~abbruchkriteri", "kriterien wann", "kriterien dafür wann", "kriterien für den erfolg",
        "critères de succès", "critères de réussite", "critères d arrêt", "critères d abandon",
        "critères pour savoir quand", "criterios de éxito", "criterios de parada",
        "criterios de abandono", "criterios para saber cuándo",
        # a test's criteria applied to the case one by one: "apply the EDPB criteria one by
        # one", "define the criteria, apply them to the data"
        "apply the criteria", "apply each criterion", "criteria one by one", "each criterion",
        "criterion by criterion", "define the criteria", "kriterien einzeln", "jedes kriterium",
        "kriterium für kriterium", "kriterien festlegen", "wende die kriterien",
        "applique les critères", "appliquez les critères", "critères un par un",
        "chaque critère", "critère par critère", "définis les critères", "aplica los criterios",
        "aplique los criterios", "criterios uno por uno", "cada criterio", "criterio por criterio",
        "define criterios", "define los criterios",
    ),
    "evidence": (
        "citing", "cite the", "cite your", "with sources", "with references", "mit verweis",
        "unter verweis", "mit quellen", "en citant", "en t appuyant sur", "citando",
        "con fuentes", "apoyándote en",
    ),
    "order": (
        "in what order", "in which order", "in welcher reihenfolge", "dans quel ordre",
        "en qué orden", "en que orden",
    ),
}  # fmt: skip
"""Each demand and the word starts (or phrases) that ask for it, in the four languages; one
marked ``~`` is found inside a word too."""


_KEY = 4
"""Characters of a needle's first word by which it is indexed (``_BY_KEY``)."""


def _index() -> tuple[dict[str, tuple[tuple[str, str], ...]], tuple[tuple[str, str], ...]]:
    """Word-start needles by the first ``_KEY`` characters of their first word, and the
    needles found anywhere in a word (``~``), each with its demand."""
    by_key: dict[str, list[tuple[str, str]]] = {}
    inside: list[tuple[str, str]] = []
    for name, starts in _DEMANDS.items():
        for start in starts:
            if start.startswith("~"):
                inside.append((start[1:], name))
            else:
                by_key.setdefault(start.split()[0][:_KEY], []).append((" " + start, name))
    return {k: tuple(v) for k, v in by_key.items()}, tuple(inside)


_BY_KEY, _INSIDE = _index()
_KEYS = frozenset(_BY_KEY)
WEAK = frozenset(
    ["recommendation", "ranking", "failure", "order", "alternatives", "severity", "testing",
     "sceptic", "contingency", "evidence", "thesis", "criteria"]
)  # fmt: skip
"""Demands that an everyday request makes on its own ("recommend a film", "rank these
cities by size", "what are the risks of ...", "free alternatives to Photoshop", "how serious
is a sprain", "how would you test if an egg is fresh", "why are people sceptical of ...",
"what is the thesis of ..."): they count toward two, never alone."""


_NOT_ASKED = (
    # an objection a pasted record reports, not one the answer must meet: minutes' "no
    # objections were raised"
    " no objection", " no objections", " keine einwände", " keinen einwand", " kein einwand",
    " aucune objection", " sans objection", " no hubo objeciones", " sin objeciones",
    " ninguna objeción",
    # a supporting document (a receipt, a certificate), not a justification asked
    " justificatif ", " justificatifs ", " justificante ", " justificantes ",
)  # fmt: skip
"""Phrases that hold a demand's word start and ask for no reasoning (``demands`` reads
the request without them)."""
_NOT_ASKED_KEYS = frozenset(n.split()[0][:_KEY] for n in _NOT_ASKED)


def demands(request: str) -> frozenset[str]:
    """The distinct demands (``_DEMANDS``) the lower-cased ``request`` makes.

    Only the needles whose first word starts like one of the request's words are looked
    for (a set intersection in C), so its cost is a few words' worth, not the lists'.
    """
    words = _words(request)
    padded = " " + " ".join(words) + " "
    starts = [w[:_KEY] for w in words]
    if not _NOT_ASKED_KEYS.isdisjoint(starts):
        for phrase in _NOT_ASKED:
            padded = padded.replace(phrase, " ")
    found = {name for needle, name in _INSIDE if needle in padded}
    for key in _KEYS.intersection(starts):
        found.update(name for needle, name in _BY_KEY[key] if needle in padded)
    return frozenset(found)
