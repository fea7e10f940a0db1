"""Complexity judged from the task apart from the text it is about: a request appended
after a mail, a case or personal data is judged on its own words where the whole reads
medium, in the four languages; and one task reads the same in each of them."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.model import Complexity

_CASES = {
    "en": (
        "Our neighbour Ilse Brandt (82) has had two falls this month and her son in Leeds "
        "does not answer. Should we call social services or wait until the weekend?",
        "Render this in French, keeping the line breaks.",
    ),
    "de": (
        "Unsere Nachbarin Ilse Brandt (82) ist diesen Monat zweimal gestürzt, und ihr Sohn in "
        "Leeds antwortet nicht. Sollten wir den sozialen Dienst anrufen oder bis zum "
        "Wochenende warten?",
        "Übertrag das ins Französische, Zeilenumbrüche beibehalten.",
    ),
    "fr": (
        "Notre voisine Ilse Brandt (82 ans) est tombée deux fois ce mois-ci et son fils à "
        "Leeds ne répond pas. Devrions-nous appeler les services sociaux ou attendre le "
        "week-end ?",
        "Passe ce texte en allemand en gardant les retours à la ligne.",
    ),
    "es": (
        "Nuestra vecina Ilse Brandt (82 años) se ha caído dos veces este mes y su hijo en "
        "Leeds no contesta. ¿Deberíamos llamar a servicios sociales o esperar al fin de "
        "semana?",
        "Pásalo al alemán manteniendo los saltos de línea.",
    ),
}


def judge(text: str) -> tuple[Complexity, bool]:
    return ComplexityClassifier().judge(PromptText(text, 1))


@pytest.mark.parametrize("lang", sorted(_CASES))
def test_an_easy_request_after_the_text_it_is_about_is_easy(lang: str) -> None:
    case, ask = _CASES[lang]
    assert judge(ask) == (Complexity.EASY, False)
    # the same words in one paragraph: the case's own question makes the whole medium
    assert judge(case + " " + ask)[0] is Complexity.MEDIUM
    assert judge(case + "\n\n" + ask) == (Complexity.EASY, False)


def test_a_request_after_code_is_judged_with_the_code() -> None:
    """Code before the request may be what the request is about: no split there."""
    question, ask = "Should I refactor this before the release?", "Spell-check the comment."
    code = "def total(items):\n    return sum(i.price for i in items)"
    prose = "Our cart adds up the prices of its items on every page load."
    assert judge(ask)[0] is Complexity.EASY
    assert judge(f"{prose}\n\n{question}\n\n{ask}")[0] is Complexity.EASY
    assert judge(f"{code}\n\n{question}\n\n{ask}")[0] is Complexity.MEDIUM


def test_a_request_that_is_no_easy_task_on_its_own_keeps_the_whole_s_level() -> None:
    case, _ = _CASES["en"]
    ask = "Weigh both options against her safety and her autonomy, and recommend one."
    assert judge(case + "\n\n" + ask)[0] is not Complexity.EASY


_SAME_TASK = [
    (
        Complexity.MEDIUM,  # a classification with a justification beside it
        {
            "en": "Classify this message by urgency and justify your classification.",
            "de": "Klassifiziere diese Nachricht nach Dringlichkeit und begründe deine Einordnung.",
            "fr": "Classe ce message par urgence et justifie ta classification.",
            "es": "Clasifica este mensaje por urgencia y justifica tu clasificación.",
        },
    ),
    (
        Complexity.HARD,
        {
            "en": "Critique this argument and rebuild it: which assumptions does it make, what "
            "data would settle it, and what would a sound version look like?",
            "de": "Kritisiere dieses Argument und bau es neu auf: Welche Annahmen macht es, "
            "welche Daten würden es klären, und wie sähe eine haltbare Fassung aus?",
            "fr": "Critique cet argument et reconstruis-le : quelles hypothèses fait-il, "
            "quelles données trancheraient, et à quoi ressemblerait une version solide ?",
            "es": "Critica este argumento y reconstrúyelo: ¿qué supuestos hace, qué datos lo "
            "resolverían y cómo sería una versión sólida?",
        },
    ),
    (
        Complexity.EASY,
        {
            "en": "Give this a subject line of six words at most.",
            "de": "Gib dem eine Betreffzeile mit höchstens sechs Wörtern.",
            "fr": "Donne à ce texte un objet de six mots au maximum.",
            "es": "Ponle un asunto de seis palabras como máximo.",
        },
    ),
]
_MAIL = {
    "en": "Hi team, Marta Klein from accounts wrote on Monday that supplier invoice 4471 "
    "was paid twice.",
    "de": "Hallo zusammen, Marta Klein aus der Buchhaltung schrieb am Montag, dass die "
    "Lieferantenrechnung 4471 doppelt bezahlt wurde.",
    "fr": "Bonjour à tous, Marta Klein de la comptabilité a écrit lundi que la facture "
    "fournisseur 4471 a été payée deux fois.",
    "es": "Hola a todos, Marta Klein, de contabilidad, escribió el lunes que la factura del "
    "proveedor 4471 se pagó dos veces.",
}


@pytest.mark.parametrize(("level", "asks"), _SAME_TASK)
@pytest.mark.parametrize("lang", sorted(_MAIL))
def test_one_task_reads_the_same_in_four_languages_alone_or_after_a_mail(
    level: Complexity, asks: dict[str, str], lang: str
) -> None:
    assert judge(asks[lang])[0] is level
    assert judge(_MAIL[lang] + "\n\n" + asks[lang])[0] is level


def test_an_english_word_that_is_also_a_code_word_is_prose() -> None:
    """ "from accounts", "where it went": one such word is no code in a request."""
    ask = "Classify this message by urgency and justify your classification."
    assert judge(f"{_MAIL['en']}\n\n{ask}")[0] is judge(ask)[0]
