"""The prompt's language, and its task words in English, for the complexity classifier.

The complexity classifier judges what is asked from English words ("prove", "design",
"translate", "what is the"). A German, French or Spanish prompt asks the same things in
its own words, so its window is read with those words replaced by their English ones
("beweise" → "prove", "quelle est la" → "what is the", "diseña" → "design") before it is
scored: one vocabulary, one set of rules, four languages.

Which language: function words first (cheap, a set intersection over the first words):
a window whose first words are ASCII and hold no German, French or Spanish function word
is English and costs nothing more. When they are there, ``lingua`` (``lingua-language-detector``: n-gram models of
the languages it is built for, shipped in its wheel) decides on a short sample, unless one
language's function words clearly outnumber the others'. Its detector is built on first
use, for seven languages only (the four read here and Italian, Dutch and Portuguese, so a
prompt in those is not read as one of the four), in its low-accuracy mode (trigrams only,
the cheaper one; a sample of a sentence or two is what it is for).

A sentence's main verb is also read by its stem in the prompt's language
(``task_verb``: "übersetzen Sie", "traduzca", "convertissez"), so both forms of address
and the infinitive of a verb count without each form in a list.

Only the four languages' words are replaced; a prompt in another language is scored as
it is, and lands on medium unless its English words say more.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

SAMPLE = 240
"""Characters of the window's start (and of its end, for a long one) that lingua reads."""
_HEAD_WORDS = 60
_NOT_PROSE = re.compile(r"[0-9=_/\\{}\[\]<>|@#]")
"""A token holding one of these is a value, a key or a path, not a word of a language."""

_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        [
            "the",
            "is",
            "are",
            "and",
            "of",
            "to",
            "in",
            "for",
            "with",
            "this",
            "that",
            "what",
            "how",
            "why",
            "which",
            "who",
            "a",
            "an",
            "on",
            "it",
            "you",
            "your",
            "my",
            "can",
            "please",
            "write",
        ]
    ),
    "de": frozenset(
        [
            "der",
            "die",
            "das",
            "und",
            "ist",
            "ein",
            "eine",
            "einen",
            "nicht",
            "mit",
            "für",
            "ich",
            "du",
            "sie",
            "wie",
            "was",
            "warum",
            "bitte",
            "dem",
            "den",
            "des",
            "zu",
            "auf",
            "mir",
            "mich",
            "diese",
            "diesen",
            "dieses",
            "ob",
            "dass",
            "über",
        ]
    ),
    "fr": frozenset(
        [
            "le",
            "la",
            "les",
            "et",
            "est",
            "un",
            "une",
            "des",
            "du",
            "de",
            "pour",
            "avec",
            "je",
            "tu",
            "vous",
            "quelle",
            "quel",
            "quels",
            "comment",
            "pourquoi",
            "ce",
            "cette",
            "ces",
            "dans",
            "sur",
            "qui",
            "que",
            "au",
            "aux",
            "moi",
            "mon",
            "ma",
        ]
    ),
    "es": frozenset(
        [
            "el",
            "la",
            "los",
            "las",
            "y",
            "es",
            "un",
            "una",
            "del",
            "de",
            "para",
            "con",
            "yo",
            "tú",
            "usted",
            "cuál",
            "cuáles",
            "cómo",
            "por",
            "qué",
            "este",
            "esta",
            "estos",
            "en",
            "que",
            "al",
            "mi",
            "me",
        ]
    ),
}
"""Short, frequent words of each language; shared ones (``de``, ``la``, ``en``) count for
every language that has them, so only a margin decides without lingua."""

_LINGUA = {
    "ENGLISH": "en",
    "GERMAN": "de",
    "FRENCH": "fr",
    "SPANISH": "es",
    "ITALIAN": "it",
    "DUTCH": "nl",
    "PORTUGUESE": "pt",
}


@cache
def _detector() -> Any:
    """lingua's detector for the seven languages, built once (its models load on first use)."""
    from lingua import Language, LanguageDetectorBuilder

    languages = [getattr(Language, name) for name in _LINGUA]
    return LanguageDetectorBuilder.from_languages(*languages).with_low_accuracy_mode().build()


def detect(window: str) -> str:
    """``en``, ``de``, ``fr``, ``es``, ``it``, ``nl`` or ``pt``, for a lower-cased window."""
    words = window[: SAMPLE * 2].split(None, _HEAD_WORDS)[:_HEAD_WORDS]
    hits = {lang: len(vocab.intersection(words)) for lang, vocab in _FUNCTION_WORDS.items()}
    verbs = set()
    for word in words[:2]:  # a task verb opening the prompt ("sortiere", "résume", "traduce")
        bare = word.strip(".,:;!?¿¡")
        langs = [lang for lang in _VERB_STEMS if task_verb(bare, lang)]
        if len(langs) == 1:  # "convertir", "calcula" open a task in two of them: no evidence
            hits[langs[0]] += 1
            verbs.add(langs[0])
    foreign = sorted(((hits[g], g) for g in ("de", "fr", "es")), reverse=True)
    if not foreign[0][0] and words and " ".join(words).isascii():
        return "en"
    top, lang = foreign[0]
    enough = 2 if lang in verbs else 3  # an opening verb and a function word of one language
    if top >= enough and top >= 2 * max(foreign[1][0], hits["en"]):
        return lang
    sample = (
        window[:SAMPLE] if len(window) <= 2 * SAMPLE else window[:SAMPLE] + " " + window[-SAMPLE:]
    )
    prose = " ".join(w for w in sample.split() if not _NOT_PROSE.search(w))
    if len(prose) >= SAMPLE // 8:  # a log's or a table's tokens are in no language
        sample = prose
    if not sample.isascii():  # lone surrogates cannot cross into lingua's Rust strings
        sample = sample.encode("utf-8", "replace").decode("utf-8")
    found = _detector().detect_language_of(sample)
    return "en" if found is None else _LINGUA.get(found.name, "en")


# -- each language's task words in English -----------------------------------------------

_DE = {
    # politeness before the ask
    "bitte": "please", "kannst du": "can you", "könntest du": "could you",
    "können sie": "can you", "könnten sie": "could you", "hilf mir": "help me",
    "mir helfen": "help me", "ich brauche": "i need",
    # asks that take reasoning
    "beweise": "prove", "beweisen": "prove", "beweisen sie": "prove", "zeige, dass": "show that",
    "zeigen sie, dass": "show that", "herleiten": "derive", "ableiten": "derive",
    "entwirf": "design", "entwerfe": "design", "entwerfen": "design", "entwerfen sie": "design",
    "skizziere": "outline", "skizzieren sie": "outline",
    "konzipiere": "design", "analysiere": "analyze", "analysieren": "analyze",
    "analysieren sie": "analyze", "optimiere": "optimize", "optimieren": "optimize",
    "vergleiche": "compare", "vergleichen": "compare", "bewerte": "evaluate",
    "bewerten": "evaluate", "begründe": "justify", "begründen": "justify",
    "debugge": "debug", "finde den fehler": "debug", "diagnostiziere": "diagnose",
    "refaktoriere": "refactor", "refaktorisiere": "refactor", "implementiere": "implement",
    "implementieren": "implement", "migriere": "migrate", "plane": "plan", "schätze": "estimate",
    "löse": "solve", "lösen": "solve", "berechne": "calculate", "berechnen": "calculate",
    "konstruiere": "construct", "bestimme": "determine", "untersuche": "investigate",
    "schritt für schritt": "step by step", "warum": "why", "abwägungen": "trade-offs",
    "vor- und nachteile": "pros and cons", "schreibe": "write", "schreib": "write", "schreiben": "write",
    "verfasse": "write", "einladung": "invitation", "nachricht": "message", "brief": "letter",
    "notiz": "note", "anleitung": "description", "antwort": "reply", "absatz": "paragraph", "text": "text",
    "erstelle": "create", "entwickle": "develop", "baue": "build", "erkläre": "explain",
    "beschreibe": "describe", "erläutere": "explain",
    # constraints and domain words
    "ohne": "without", "muss": "must", "müssen": "must", "garantiert": "guarantee",
    "garantie": "guarantee", "sicherstellen": "ensure", "höchstens": "at most",
    "mindestens": "at least", "randfälle": "edge cases", "schlimmstenfall": "worst-case",
    "verteilte": "distributed", "verteilten": "distributed", "verteiltes": "distributed",
    "sperre": "lock", "netzwerkpartitionen": "partition", "netzwerkpartition": "partition",
    "primzahlen": "primes", "primzahl": "prime", "algorithmus": "algorithm",
    "komplexität": "complexity", "laufzeit": "complexity", "nebenläufigkeit": "concurrency",
    "obere schranke": "upper bound", "oberen schranke": "upper bound",
    "untere schranke": "lower bound", "unteren schranke": "lower bound",
    "obere schranken": "upper bounds", "untere schranken": "lower bounds",
    "scharfe schranke": "tight bound", "scharfen schranke": "tight bound",
    "konsens": "consensus", "latenz": "latency", "durchsatz": "throughput",
    "wahrscheinlichkeit": "probability", "gleichung": "equation", "ableitung": "derivative",
    "integral": "integral", "matrix": "matrix", "irrational": "irrational",
    "idempotent": "idempotent", "idempotenz": "idempotency",
    "fehlerfälle": "failure modes", "fehlertolerant": "fault-tolerant",
    # a problem stated as a mathematical program (an operations-research model)
    "ganzzahliges programm": "integer program", "ganzzahligen programm": "integer program",
    "ganzzahliges lineares programm": "integer linear program",
    "ganzzahligen linearen programm": "integer linear program",
    "lineares programm": "linear program", "linearen programm": "linear program",
    "ganzzahlige optimierung": "integer programming", "lineare optimierung": "linear programming",
    "lineare programmierung": "linear programming", "nebenbedingung": "constraint",
    "nebenbedingungen": "constraints",
    "threadsicher": "thread-safe", "threadsichere": "thread-safe", "lock-frei": "lock-free",
    "lock-freie": "lock-free", "lock-freien": "lock-free",
    # easy asks
    "übersetze": "translate", "übersetzen": "translate", "übersetzen sie": "translate",
    "fasse": "summarize", "zusammenfassen": "summarize", "zusammenfassung": "summary",
    "formatiere": "format", "formatieren": "format", "formuliere": "rephrase",
    # "formuliere eine Anfrage": a new text to write, not one to rephrase
    "formuliere eine": "write eine", "formuliere einen": "write einen", "formuliere ein": "write ein",
    "umformulieren": "rephrase", "korrigiere": "correct", "korrigieren": "correct",
    "rechtschreibung": "spelling", "groß- und kleinschreibung": "capitalisation",
    "richtig groß und klein": "with correct capitalisation", "tippfehler": "typos", "grammatik": "grammar",
    "kürze": "shorten", "vereinfache": "simplify", "liste": "list", "nenne": "name",
    "sortiere": "sort", "schreibt man": "is it spelt", "schreibt sich": "is it spelt",
    "mach aus": "convert", "mache aus": "convert", "mach daraus": "convert",
    "mache daraus": "convert", "machen sie aus": "convert", "machen sie daraus": "convert",
    "rechtlich": "legally", "rechtsgültig": "legally", "rechtswirksam": "legally",
    "juristisch": "legally", "rechtliche": "legal", "rechtlichen": "legal",
    "juristische": "legal", "juristischen": "legal", "nuancen": "nuances",
    "mehrdeutigkeiten": "ambiguities", "redewendungen": "idioms", "wandle": "convert", "konvertiere": "convert", "definiere": "define",
    "was ist die": "what is the", "was ist der": "what is the", "was ist das": "what is the",
    "was ist": "what is", "was": "what", "wer ist": "who is", "wer war": "who was", "wer hat": "who wrote",
    "wie viele": "how many", "wann war": "when was", "wann wurde": "when was",
    "wo ist": "where is", "wo liegt": "where is", "hauptstadt": "capital", "hallo": "hello",
    "danke": "thanks", "witz": "joke", "gedicht": "poem", "rezept": "recipe",
    "wetter": "weather", "in einem satz": "in one sentence", "kurz": "briefly",
    "kurze": "short", "kurzen": "short", "in wenigen sätzen": "in a few sentences",
    "in wenigen worten": "in a few words", "in einfachen worten": "in simple terms",
    "was bedeutet": "what does mean", "was sind": "what are", "wann": "when", "wo": "where", "wer": "who", "welche": "which",
    "welcher": "which", "welches": "which", "welchen": "which", "wie viel": "how much",
    "wie lange": "how long", "wie alt": "how old", "bedeutet": "mean", "gründlich": "in depth",
    "ausführlich": "in detail", "vollständigen": "complete", "vollständiges": "complete",
    "welchem": "which", "tabelle": "table", "summe": "sum", "präzise": "in detail",
    "diesen": "this", "dieses": "this", "diesem": "this", "satz": "sentence",
    "kann man": "can", "gibt es": "is there", "was heißt": "what does mean",
    "woher kommt": "where does come from", "römischen zahlen": "roman numerals", "gegenargumente": "counterarguments",
    "gegenargumenten": "counterarguments", "risiken": "risks",
}  # fmt: skip
_FR = {
    "s'il te plaît": "please", "s'il vous plaît": "please", "peux-tu": "can you",
    "pouvez-vous": "can you", "pourrais-tu": "could you", "pourriez-vous": "could you",
    "m'aider à": "help me", "aide-moi à": "help me", "j'ai besoin": "i need",
    "démontre": "prove", "démontrez": "prove", "démontrer": "prove", "prouve": "prove",
    "prouvez": "prove", "montre que": "show that", "montrez que": "show that",
    "dérive": "derive", "dérivez": "derive", "conçois": "design", "concevez": "design",
    "esquisse": "outline", "esquissez": "outline",
    "concevoir": "design", "analyse": "analyze", "analysez": "analyze", "analyser": "analyze",
    "optimise": "optimize", "optimisez": "optimize", "compare": "compare",
    "comparez": "compare", "évalue": "evaluate", "évaluez": "evaluate", "justifie": "justify",
    "justifiez": "justify", "débogue": "debug", "déboguez": "debug", "diagnostique": "diagnose",
    "refactorise": "refactor", "implémente": "implement", "implémentez": "implement",
    "migre": "migrate", "planifie": "plan", "estime": "estimate", "résous": "solve",
    "résolvez": "solve", "calcule": "calculate", "calculez": "calculate",
    "construis": "construct", "détermine": "determine", "étape par étape": "step by step",
    "pourquoi": "why", "compromis": "trade-offs", "avantages et inconvénients": "pros and cons",
    "écris": "write", "écrivez": "write", "écrire": "write",
    "invitation": "invitation", "lettre": "letter", "paragraphe": "paragraph",
    "réponse": "reply", "mot": "note", "rédige": "write", "rédigez": "write",
    "crée": "create", "créez": "create", "développe": "develop", "explique": "explain",
    "expliquez": "explain", "décris": "describe", "décrivez": "describe",
    "sans": "without", "doit": "must", "garantir": "guarantee", "garantie": "guarantee",
    "assurer": "ensure", "au plus": "at most", "au moins": "at least",
    "cas limites": "edge cases", "pire cas": "worst-case", "distribué": "distributed",
    "distribuée": "distributed", "verrou": "lock", "algorithme": "algorithm",
    "complexité": "complexity", "consensus": "consensus", "byzantines": "byzantine",
    "byzantin": "byzantine", "tolérant aux pannes": "fault-tolerant", "sûreté": "correctness",
    "concurrence": "concurrency", "latence": "latency", "débit": "throughput",
    "probabilité": "probability", "équation": "equation", "dérivée": "derivative",
    "intégrale": "integral", "matrice": "matrix", "série": "series", "diverge": "diverges",
    "irrationnel": "irrational", "nombres premiers": "primes", "borne supérieure": "upper bound",
    "borne inférieure": "lower bound", "bornes supérieures": "upper bounds",
    "bornes inférieures": "lower bounds",
    "programme linéaire en nombres entiers": "integer linear program",
    "programme en nombres entiers": "integer program", "programme linéaire": "linear program",
    "programmation linéaire": "linear programming",
    "programmation en nombres entiers": "integer programming",
    "modes de défaillance": "failure modes", "idempotence": "idempotency",
    "traduis": "translate", "traduisez": "translate", "traduire": "translate",
    "résume": "summarize", "résumez": "summarize", "résumer": "summarize",
    "résumé": "summary", "reformule": "rephrase", "reformulez": "rephrase",
    "reformuler": "rephrase", "formate": "format", "mets en forme": "format",
    "corrige": "correct", "corrigez": "correct", "orthographe": "spelling",
    "juridiquement": "legally", "légalement": "legally", "écrit-on": "is it spelt",
    "s'écrit-il": "is it spelt", "s'écrit-elle": "is it spelt", "ça s'écrit": "is it spelt",
    "fais de ce": "convert ce", "fais de cette": "convert cette", "fais de ces": "convert ces",
    "faites de ce": "convert ce", "faites de cette": "convert cette", "faites de ces": "convert ces",
    "fautes": "typos", "grammaire": "grammar", "raccourcis": "shorten",
    "simplifie": "simplify", "liste": "list", "énumère": "list", "nomme": "name",
    "trie": "sort", "convertis": "convert", "convertissez": "convert", "définis": "define",
    "quelle est la": "what is the", "quel est le": "what is the", "qu'est-ce que": "what is",
    "qui est": "who is", "qui était": "who was", "qui a écrit": "who wrote",
    "combien de": "how many", "quand": "when", "où est": "where is", "où se trouve": "where is",
    "capitale": "capital", "bonjour": "hello", "merci": "thanks", "blague": "joke",
    "poème": "poem", "recette": "recipe", "météo": "weather",
    "en une phrase": "in one sentence", "brièvement": "briefly",
    "en quelques étapes": "in a few steps", "en quelques mots": "in a few words",
    "en quelques lignes": "in a few lines", "court": "short", "courte": "short",
    "que signifie": "what does mean", "signifie": "mean", "quels sont les": "what are the",
    "quelles sont les": "what are the", "quel": "which", "quelle": "which", "quels": "which",
    "quelles": "which", "où": "where", "montre pourquoi": "show that",
    "montrez pourquoi": "show that", "en profondeur": "in depth", "en détail": "in detail",
    "tableau": "table", "somme": "sum", "avec précision": "in detail", "phrase": "sentence",
    "est-ce que": "is", "est-ce qu'": "is", "peut-on": "can",
    "que veut dire": "what does mean", "veut dire": "mean", "d'où vient": "where does come from",
    "mets en page": "format", "remets en forme": "format", "chiffres romains": "roman numerals",
}  # fmt: skip
_ES = {
    "por favor": "please", "puedes": "can you", "podrías": "could you", "puede": "can you",
    "podría": "could you", "me ayudas a": "help me", "ayúdame a": "help me",
    "necesito": "i need", "se escribe": "is it spelt", "haz de este": "convert este",
    "haz de esta": "convert esta", "haz de estos": "convert estos", "haz de estas": "convert estas",
    "legalmente": "legally", "jurídicamente": "legally", "matices": "nuances",
    "matiz": "nuance", "jurídico": "legal", "jurídicos": "legal", "jurídica": "legal",
    "jurídicas": "legal", "juegos de palabras": "puns", "juego de palabras": "pun",
    "ambigüedades": "ambiguities", "modismos": "idioms",
    "demuestra": "prove", "demuestre": "prove", "demostrar": "prove", "prueba que": "show that",
    "muestra que": "show that", "deriva": "derive", "derive": "derive", "diseña": "design",
    "esboza": "outline", "esboce": "outline",
    "diseñe": "design", "diseñar": "design", "analiza": "analyze", "analice": "analyze",
    "analizar": "analyze", "optimiza": "optimize", "optimice": "optimize",
    "compara": "compare", "compare": "compare", "evalúa": "evaluate", "evalúe": "evaluate",
    "justifica": "justify", "justifique": "justify", "depura": "debug", "diagnostica": "diagnose",
    "refactoriza": "refactor", "implementa": "implement", "implemente": "implement",
    "migra": "migrate", "planifica": "plan", "estima": "estimate", "resuelve": "solve",
    "resuelva": "solve", "calcula": "calculate", "calcule": "calculate",
    "construye": "construct", "determina": "determine", "generaliza": "generalize",
    "paso a paso": "step by step", "por qué": "why", "compensaciones": "trade-offs",
    "ventajas y desventajas": "pros and cons", "pros y contras": "pros and cons",
    "escribe": "write", "escriba": "write", "escribir": "write",
    "invitación": "invitation", "mensaje": "message", "carta": "letter", "párrafo": "paragraph",
    "respuesta": "reply", "nota": "note", "guía": "description", "redacta": "write", "redacte": "write",
    "crea": "create", "cree": "create", "desarrolla": "develop", "explica": "explain",
    "explique": "explain", "describe": "describe", "describa": "describe",
    "sin": "without", "debe": "must", "garantizar": "guarantee", "garantía": "guarantee",
    "asegurar": "ensure", "como máximo": "at most", "al menos": "at least",
    "casos límite": "edge cases", "peor caso": "worst-case", "distribuido": "distributed",
    "distribuida": "distributed", "bloqueo": "lock", "algoritmo": "algorithm",
    "complejidad": "complexity", "consenso": "consensus", "concurrencia": "concurrency",
    "latencia": "latency", "rendimiento": "throughput", "probabilidad": "probability",
    "ecuación": "equation", "derivada": "derivative", "integral": "integral",
    "matriz": "matrix", "irracional": "irrational", "primo": "prime", "primos": "primes",
    "cota superior": "upper bound", "cota inferior": "lower bound",
    "cotas superiores": "upper bounds", "cotas inferiores": "lower bounds", "idempotencia": "idempotency", "exactamente-una-vez": "exactly once",
    "exactamente una vez": "exactly once",
    "programa entero": "integer program", "programa lineal entero": "integer linear program",
    "programa lineal": "linear program", "programación entera": "integer programming",
    "programación lineal": "linear programming",
    "programación lineal entera": "integer linear programming", "modos de fallo": "failure modes",
    "traduce": "translate", "traduzca": "translate", "traducir": "translate",
    "resume": "summarize", "resuma": "summarize", "resumir": "summarize",
    "resumen": "summary", "reformula": "rephrase", "parafrasea": "paraphrase",
    "formatea": "format", "corrige": "correct", "corrija": "correct",
    "ortografía": "spelling", "errores tipográficos": "typos", "gramática": "grammar",
    "acorta": "shorten", "simplifica": "simplify", "enumera": "list", "lista": "list",
    "nombra": "name", "ordena": "sort", "convierte": "convert", "define": "define",
    "cuál es la": "what is the", "cuál es el": "what is the", "qué es": "what is",
    "quién es": "who is", "quién fue": "who was", "quién escribió": "who wrote",
    "cuántos": "how many", "cuántas": "how many", "cuándo": "when", "dónde está": "where is",
    "capital": "capital", "hola": "hello", "gracias": "thanks", "chiste": "joke",
    "poema": "poem", "receta": "recipe", "tiempo": "weather", "en una frase": "in one sentence",
    "brevemente": "briefly",
    "en pocos pasos": "in a few steps", "en pocas palabras": "in a few words",
    "en pocas líneas": "in a few lines", "breve": "brief", "corto": "short", "corta": "short",
    "qué significa": "what does mean", "significa": "mean", "qué": "what", "cuál": "which",
    "cuáles": "which", "quién": "who", "dónde": "where", "a qué hora": "when",
    "cuánto": "how much", "cuánta": "how much", "a fondo": "in depth",
    "en profundidad": "in depth", "en detalle": "in detail",
    "tabla": "table", "con precisión": "in detail", "se puede": "can", "frase": "sentence",
    "qué quiere decir": "what does mean", "quiere decir": "mean",
    "de dónde viene": "where does come from", "números romanos": "roman numerals",
}  # fmt: skip

_LEXICONS = {"de": _DE, "fr": _FR, "es": _ES}


def _compile(lexicon: dict[str, str]) -> tuple[re.Pattern[str], dict[str, str]]:
    """One alternation of the lexicon's keys (longest first, whole words only)."""
    keys = sorted(lexicon, key=len, reverse=True)
    pattern = r"(?<![\w\-])(?:" + "|".join(re.escape(k) for k in keys) + r")(?![\w\-])"
    return re.compile(pattern), lexicon


_PATTERNS = {lang: _compile(lexicon) for lang, lexicon in _LEXICONS.items()}


_SEPARABLE = {
    ("stell", "gegenüber"): "compare", ("stell", "dar"): "describe",
    ("stell", "zusammen"): "list", ("nimm", "auseinander"): "analyze",
    ("bau", "auf"): "reconstruct", ("bau", "um"): "design", ("leg", "dar"): "explain",
    ("wäg", "ab"): "weigh", ("schätz", "ab"): "estimate", ("arbeit", "heraus"): "identify",
    ("zeig", "auf"): "identify", ("führ", "aus"): "explain", ("denk", "durch"): "analyze",
    ("spiel", "durch"): "simulate", ("rechn", "durch"): "calculate",
    ("rechn", "nach"): "calculate", ("grenz", "ab"): "compare", ("rechn", "aus"): "calculate", ("führ", "durch"): "perform",
    ("rechn", "um"): "convert", ("schlag", "vor"): "suggest", ("arbeit", "aus"): "draft",
    ("weis", "nach"): "prove", ("schätz", "ein"): "assess", ("deck", "auf"): "identify",
    ("schreib", "um"): "rewrite", ("form", "um"): "rewrite", ("leit", "her"): "derive",
    ("leit", "ab"): "derive",
}  # fmt: skip
"""German separable verbs: the ask is the stem that opens a clause and the particle that
closes it ("Stell drei Arten gegenüber, ...", "Nimm dieses Argument auseinander und bau es
wieder auf"); the stem alone asks something else or nothing."""
_SEPARABLE_STEM = re.compile(
    r"\b(" + "|".join(sorted({s for s, _ in _SEPARABLE}, key=len, reverse=True)) + r")"
    r"(?:e|t|en)?(?: sie)?\b"
)
_CLAUSE_END = re.compile(r"[,.;:!?\n\u2013\u2014]|(?<!-) und ")
_OPENS_AFTER = (".", "!", "?", ":", ";", " und", " dann", " bitte", "bitte")
_SEPARABLE_SPAN = 600
"""Characters at each end of a window in which separable verbs are read."""
_ADVERBS = frozenset(["wieder", "neu", "sauber", "besser", "nochmal", "einmal", "noch"])


def _separable(window: str) -> str:
    """``window`` with each clause that a separable verb's stem opens (at the start, after a
    sentence end, a line break, "und", "dann" or "bitte") and its particle closes (before a
    punctuation mark or "und", adverbs such as "wieder" before it) put as its English verb.
    The stems are found first, so a text without one costs one scan in C."""
    out: list[str] = []
    done = 0
    for m in _SEPARABLE_STEM.finditer(window):
        start = m.start()
        if start < done:
            continue
        before = window[max(0, start - 7) : start].rstrip(" ")
        if before and not before.endswith(_OPENS_AFTER) and not before.endswith("\n"):
            continue
        end = _CLAUSE_END.search(window, m.end())
        stop = end.start() if end else len(window)
        opened = window.find("(", m.end(), stop)
        closed = window.find(")", opened) if opened != -1 else -1
        if closed != -1:  # "stelle sie drei Anforderungen (Recht, Technik) gegenüber"
            end = _CLAUSE_END.search(window, closed)
            stop = end.start() if end else len(window)
        words = window[m.end() : stop].split()
        while words and words[-1] in _ADVERBS:
            words.pop()
        if not words:  # "weise nach, dass ...": the particle may close the clause at once
            continue
        *middle, particle = words
        while middle and middle[-1] in _ADVERBS:
            middle.pop()
        verb = _SEPARABLE.get((m.group(1), particle))
        if verb is None:
            continue
        out += [window[done:start], verb, " ", " ".join(middle)]
        done = stop
    if not out:
        return window
    out.append(window[done:])
    return "".join(out)


def in_english(window: str, lang: str) -> str:
    """The lower-cased ``window`` with ``lang``'s task words replaced by English ones (and a
    German separable verb's stem and particle by its English verb, ``_SEPARABLE``)."""
    compiled = _PATTERNS.get(lang)
    if compiled is None:
        return window
    pattern, lexicon = compiled
    if lang == "de":  # where the request is: a long window's start and end
        if len(window) <= 2 * _SEPARABLE_SPAN:
            window = _separable(window)
        else:
            head, tail = window[:_SEPARABLE_SPAN], window[-_SEPARABLE_SPAN:]
            middle = window[_SEPARABLE_SPAN:-_SEPARABLE_SPAN]
            window = _separable(head) + middle + _separable(tail)
    if lang == "es":  # "¿cuál es ...?": the opening marks would stick to the first word
        window = window.replace("¿", " ").replace("¡", " ")
    english = pattern.sub(lambda m: lexicon[m.group()], window)
    bare = _BARE_BOUND[lang]
    if bare[0] in english and _MATH_CONTEXT.search(english):
        english = bare[1].sub("bound", english)
    return english


_BARE_BOUND = {
    lang: (word, re.compile(r"(?<![\w\-])" + word + r"(?![\w\-])"))
    for lang, word in (("de", "schranke"), ("fr", "borne"), ("es", "cota"))
}
"""The word that is a bound in maths and an everyday thing elsewhere: a barrier or gate
("die Schranke am Parkplatz"), a kiosk or charging point ("la borne de recharge"), a
height above sea level ("la cota del refugio"). Read as "bound" only where the text is
about maths or an algorithm's cost (``_MATH_CONTEXT``); with "upper" or "lower"
("obere Schranke", "borne supérieure", "cota inferior") it is one anywhere (the lexicon)."""
_MATH_CONTEXT = re.compile(
    r"(?<!\w)(?:complexity|algorithm|equation|probability|derivative|integral|matrix|prime|"
    r"ungleichung|inégalité|desigualdad|funktion|fonction|función|beweis|démontr|demuestr|"
    r"prove|konverg|converg|abschätz|estimate|epsilon|o\(|[a-z]\(n\))|[≤≥∑∫√]"
)
"""Words and marks, after the lexicon's English, that make a text about maths or an
algorithm's cost."""


# -- each language's task verbs, by stem ---------------------------------------------------

_VERB_STEMS: dict[str, dict[str, str]] = {
    "de": {
        "übersetz": "translate", "fass": "summarize", "zusammenfass": "summarize",
        "wandl": "convert", "wandel": "convert", "konvertier": "convert", "rechn": "convert",
        "umrechn": "convert", "liste": "list", "nenn": "name", "zähl": "list", "gib": "give",
        "sortier": "sort", "ordne": "sort", "korrigier": "correct", "verbesser": "correct",
        "formulier": "rephrase", "umformulier": "rephrase", "kürz": "shorten",
        "vereinfach": "simplify", "formatier": "format", "umformatier": "reformat", "schreib": "write", "verfass": "write",
        "erklär": "explain", "erläuter": "explain", "beschreib": "describe",
        "definier": "define", "beweis": "prove", "herleit": "derive", "leite": "derive",
        "entwirf": "design", "entwerf": "design", "konzipier": "design", "erarbeit": "design",
        "skizzier": "outline",
        "analysier": "analyze", "bewert": "evaluate", "beurteil": "assess",
        "vergleich": "compare", "begründ": "justify", "optimier": "optimize",
        "implementier": "implement", "programmier": "implement", "entwickl": "develop",
        "erstell": "create", "plane": "plan", "planen": "plan", "berechn": "calculate",
        "schätz": "estimate", "löse": "solve", "lösen": "solve", "prüf": "check",
        "überprüf": "check", "debugg": "debug", "diagnostizier": "diagnose",
        "untersuch": "investigate", "diskutier": "discuss", "erörter": "discuss",
        "zeig": "show", "bild": "make", "setz": "change", "mach": "make",
        "argumentier": "argue", "widerleg": "refute", "rekonstruier": "reconstruct",
        "kontrastier": "contrast", "identifizier": "identify", "finde": "find",
        "summier": "count", "addier": "count", "wäg": "weigh", "abwäg": "weigh",
        "empfiehl": "recommend", "empfehl": "recommend", "ableit": "derive", "lege": "outline",
        "modellier": "model", "extrahier": "extract", "bring": "put", "übertrag": "put",
        "organisier": "organize", "kritisier": "critique", "hinterfrag": "critique",
        "entfern": "remove", "lösch": "remove", "streich": "remove", "gruppier": "sort",
        "ersetz": "replace", "zerleg": "analyze", "plädier": "argue", "klär": "determine",
        "ermittl": "determine",
    },
    "fr": {
        "tradu": "translate", "résum": "summarize", "reformul": "rephrase",
        "réécri": "rewrite", "corrig": "correct", "convert": "convert",
        "transform": "convert", "mets": "change", "mettez": "change", "énumèr": "list",
        "reformat": "reformat",
        "énumér": "list", "liste": "list", "listez": "list", "nomm": "name", "cite": "name",
        "citez": "name", "donne": "give", "donnez": "give", "trie": "sort", "triez": "sort",
        "class": "sort", "raccourc": "shorten", "simplifi": "simplify", "expliqu": "explain",
        "décri": "describe", "défin": "define", "démontr": "prove", "prouv": "prove",
        "dériv": "derive", "conçoi": "design", "concev": "design", "élabor": "design",
        "analys": "analyze", "évalu": "evaluate", "compar": "compare", "justifi": "justify",
        "optimis": "optimize", "implément": "implement", "programm": "implement",
        "développ": "develop", "crée": "create", "créez": "create", "rédig": "write",
        "écri": "write", "planifi": "plan", "calcul": "calculate", "estim": "estimate",
        "résou": "solve", "résolv": "solve", "vérifi": "check", "débogu": "debug",
        "diagnostiqu": "diagnose", "discut": "discuss", "indiqu": "tell", "dis-moi": "tell",
        "propos": "suggest", "formul": "formulate", "confront": "weigh", "recommand": "recommend",
        "modélis": "model", "relèv": "extract", "ramèn": "condense", "extrai": "extract",
        "esquiss": "outline",
        "argument": "argue", "réfut": "refute", "reconstitue": "reconstruct",
        "reconstrui": "reconstruct", "contrast": "contrast", "identifie": "identify",
        "trouv": "find", "établi": "formulate", "fais": "make", "faites": "make", "rends": "make", "rendez": "make",
        "remet": "put", "additionn": "count", "révis": "review", "examin": "review",
        "passe": "put", "report": "put", "organis": "organize", "critiqu": "critique",
        "compte": "count", "comptez": "count", "présente": "put", "présentez": "put", "supprim": "remove", "enlèv": "remove",
        "retir": "remove", "dédoublonn": "remove", "regroup": "sort", "remplac": "replace",
        "prépar": "prepare", "plaid": "argue", "démont": "critique", "effectu": "perform",
        "réalis": "perform",
        "montr": "show", "montrez": "show",
    },
    "es": {
        "traduc": "translate", "tradúc": "translate", "traduz": "translate", "resum": "summarize",
        "reformul": "rephrase", "reescrib": "rewrite", "parafrase": "paraphrase",
        "corrig": "correct", "corrij": "correct", "conviert": "convert", "convert": "convert",
        "transform": "convert", "pon": "change", "ponga": "change", "poner": "change",
        "reformat": "reformat",
        "enumer": "list", "lista": "list", "nombr": "name", "cita": "name", "dame": "give",
        "deme": "give", "dime": "tell", "dígame": "tell", "orden": "sort", "acort": "shorten",
        "simplific": "simplify", "explic": "explain", "describ": "describe", "defin": "define",
        "demuestr": "prove", "demostr": "prove", "deduc": "derive", "deriv": "derive",
        "diseñ": "design", "elabor": "design", "analiz": "analyze", "evalú": "evaluate",
        "evalu": "evaluate", "compar": "compare", "justific": "justify", "optimiz": "optimize",
        "implement": "implement", "program": "implement", "desarroll": "develop",
        "crea": "create", "cree": "create", "crear": "create", "redact": "write",
        "escrib": "write", "planific": "plan", "calcul": "calculate", "estim": "estimate",
        "resuelv": "solve", "resolv": "solve", "verific": "check", "comprueb": "check",
        "depur": "debug", "diagnostic": "diagnose", "discut": "discuss", "indic": "tell",
        "propón": "suggest", "sugier": "suggest", "recomiend": "recommend",
        "argument": "argue", "rebat": "refute", "refuta": "refute", "reconstruy": "reconstruct",
        "contrast": "contrast", "identifica": "identify", "identifique": "identify",
        "encuentr": "find", "haz": "make",
        "haga": "make", "suma": "count", "sume": "count", "sumar": "count",
        "propon": "suggest", "revisa": "review", "revisar": "review", "examin": "review",
        "extrae": "extract", "extraig": "extract", "saca": "extract", "plante": "formulate",
        "formul": "formulate",
        "sopes": "weigh", "contrapon": "compare", "modeliz": "model", "esboz": "outline",
        "modela": "model", "modele": "model", "modelen": "model", "pasa": "put",
        "pase": "put", "pasar": "put", "pása": "put", "vuelca": "put", "organiz": "organize",
        "critica": "critique", "critique": "critique", "critíca": "critique",
        "elimin": "remove", "borra": "remove", "quita": "remove", "cuenta": "count",
        "agrupa": "sort", "sustituy": "replace", "reemplaz": "replace", "prepar": "prepare",
        "desmont": "critique", "averigu": "determine", "contrapón": "compare", "determin": "determine", "abog": "argue",
        "muestr": "show", "realiz": "perform",
    },
}  # fmt: skip
"""The verbs that open a task, by stem: the imperative (both forms of address) and the
infinitive of one verb share it ("übersetze", "übersetzen Sie"; "traduis", "traduisez",
"traduire"; "traduce", "traduzca"). Only the word where a sentence's main verb stands is
looked up, so a noun that shares a stem elsewhere in the sentence reads as itself."""
_STEM_LENGTHS = {
    lang: sorted({len(s) for s in stems}, reverse=True) for lang, stems in _VERB_STEMS.items()
}


def task_verb(word: str, lang: str) -> str | None:
    """The English task verb that ``word`` (lower case, at a sentence's verb position) is
    in ``lang``, by its longest known stem; None where it opens no known task."""
    stems = _VERB_STEMS.get(lang)
    if stems is None:
        return None
    for n in _STEM_LENGTHS[lang]:
        if n <= len(word):
            found = stems.get(word[:n])
            if found is not None:
                if lang == "de" and word[n:] in _DE_PAST:
                    return None  # "prüfte", "bewertete": a report of what was done, no ask
                if word[n:] in _PARTICIPLES.get(lang, ()):
                    return None  # "Estimado compañero", "calculé hier": no ask
                return found
    if lang == "es" and not word.isascii() and word.endswith(_ES_ENCLITICS):
        # an imperative with its object pronouns attached takes a written accent on the
        # stem ("compáralas", "justifícalo", "ordénalas"): read it without the accent
        plain = word.translate(_ES_ACCENTS)
        if plain != word:
            return task_verb(plain, lang)
    return None


_DE_PAST = frozenset(["te", "ten", "test", "tet", "ete", "eten", "etest", "etet"])
_PARTICIPLES = {
    "es": frozenset(["ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas"]),
    "fr": frozenset(["é", "ée", "és", "ées"]),
}
"""Endings after a stem that make a past participle, no imperative: the Spanish salutation
"Estimado compañero" is no "estimate", nor is the French "estimé" a request."""
"""What a German verb's stem takes in the simple past ("prüfte", "berechnete"): no
imperative ends so."""
_ES_ACCENTS = str.maketrans("áéíóú", "aeiou")
_ES_ENCLITICS = ("lo", "la", "los", "las", "le", "les", "nos")
"""Object pronouns a Spanish imperative takes at its end (not "me", "te", "se" alone, which
end French words too: "résume")."""
