"""Everyday readings of words the complexity rules took for task words, each in the four
languages, on prompts written for these tests (not taken from any evaluation set): English
words that are code keywords too ("from", "class") in prose are no code, so a closing edit
still sets the level; proposing a subject line or title for a text is suggesting one; the
dates and figures a text states, listed, are an everyday transformation of it; German
"leiten" is to lead (derive is "herleiten", "leite ... her"); "without" in a short everyday
question names what a thing lacks. Each with guards that keep the task readings."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Amira from my evening class is still waiting on her visa decision from the "
        "consulate after a year; what can we do to help her?\n\nMake the above read more "
        "politely, nothing else.",
        "Jonas aus meinem Abendkurs wartet seit März auf die Kaution; wie soll er Druck "
        "machen?\n\nÜbersetze das ins Englische.",
        "Amira, de mon cours du soir, attend toujours sa caution depuis mars ; comment le "
        "relancer ?\n\nTraduis ceci en anglais.",
        "Amira, de mi clase de noche, sigue esperando la fianza desde marzo; ¿cómo lo "
        "presiona?\n\nTradúcelo al inglés.",
    ],
)
def test_code_keywords_in_prose_leave_the_closing_edit_to_set_the_level(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "from orders select id where total > 10\n\nMake the above read more politely, "
        "nothing else.",
        "select name from guests where table_no = 4 -> why is amira missing from the "
        "class list?\n\nMake the above read more politely, nothing else.",
    ],
)
def test_code_above_a_closing_edit_is_not_prose(text: str) -> None:
    """A query or a class definition is code the closing ask may be about."""
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Propose a short subject line for this message.",
        "Schlag einen kurzen Betreff für diese Nachricht vor.",
        "Propose un titre court pour cet article.",
        "Propón un título corto para este artículo.",
        "| name | Lena Ortiz |\n| reason | refund of the deposit |\n\nPropose a short subject "
        "line for this mail.",
    ],
)
def test_proposing_a_heading_for_a_text_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Propose a migration plan for this database schema with zero downtime.",
        "Propose une architecture de cache pour ce service avec invalidation cohérente.",
    ],
)
def test_proposing_a_plan_stays_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


_INCIDENT = {
    "en": "Our cluster lost quorum on 3 March when two of five etcd nodes restarted within "
    "40 seconds. Why did consensus fail, and should we move to a seven-node layout?",
    "de": "Unser Cluster verlor am 3. März das Quorum, als zwei von fünf etcd-Knoten binnen "
    "40 Sekunden neu starteten. Warum scheiterte der Konsens, und sollten wir auf sieben "
    "Knoten gehen?",
    "fr": "Notre cluster a perdu le quorum le 3 mars quand deux des cinq nœuds etcd ont "
    "redémarré en 40 secondes. Pourquoi le consensus a-t-il échoué, et faut-il passer à "
    "sept nœuds ?",
    "es": "Nuestro clúster perdió el quórum el 3 de marzo cuando dos de cinco nodos etcd se "
    "reiniciaron en 40 segundos. ¿Por qué falló el consenso y deberíamos pasar a siete nodos?",
}


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "List all the dates and figures in it."),
        ("de", "Liste alle Daten und Zahlen daraus auf."),
        ("fr", "Liste toutes les dates et tous les chiffres du texte."),
        ("es", "Enumera todas las fechas y cifras del texto."),
    ],
)
def test_listing_the_facts_a_text_states_is_easy(lang: str, ask: str) -> None:
    """The dates and figures are in the text: picked out, not worked out, however hard
    the question above sounds."""
    assert level(_INCIDENT[lang] + "\n\n" + ask) is Complexity.EASY


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "List the risks of each option."),
        ("de", "Nenne die Risiken jeder Option und begründe sie."),
        ("fr", "Liste les risques de chaque option."),
    ],
)
def test_listing_what_a_reader_works_out_stays_hard(lang: str, ask: str) -> None:
    assert level(_INCIDENT[lang] + "\n\n" + ask) is Complexity.HARD


def test_german_leiten_is_to_lead() -> None:
    assert level("Ich leite seit Mai eine Kindergruppe. Darf ich Fotos posten?") is (
        Complexity.EASY
    )


@pytest.mark.parametrize(
    "text",
    [
        "Leite die Formel für die Varianz einer Binomialverteilung her.",
        "Leiten Sie die Formel für die Varianz einer Binomialverteilung her.",
    ],
)
def test_german_herleiten_is_to_derive(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Hi everyone, does anyone have a recipe for bread without yeast?",
        "Hallo zusammen, hat jemand ein Rezept für Brot ohne Hefe?",
        "Coucou, quelqu'un a une recette de pain sans levure ?",
        "Hola a todos, ¿alguien tiene una receta de pan sin levadura?",
        "Can I travel to Canada without a visa?",
    ],
)
def test_without_in_an_everyday_question_names_what_is_lacking(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "How do I tell my team without giving the reason?",
        "Wie sage ich es dem Team, ohne den Grund zu nennen?",
        "Comment je l'annonce à mon équipe sans donner la raison ?",
        "¿Cómo se lo digo a mi jefe sin mentir?",
        "Can a distributed lock work without a consensus service?",
    ],
)
def test_without_on_a_way_to_do_something_stays_a_bound(text: str) -> None:
    """A how-question asks a way under the bound; an expert term makes it a task."""
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "What speaks for and against a heat pump in an old farmhouse?",
        "Was spricht für und gegen eine Wärmepumpe in einem alten Bauernhaus?",
        "Quels sont le pour et le contre d'une pompe à chaleur dans une vieille ferme ?",
        "¿Qué pros y contras tiene una bomba de calor en una casa de campo antigua?",
    ],
)
def test_what_speaks_for_and_against_weighs_trade_offs(text: str) -> None:
    """Weighing the case for and against is no lookup, in German as in the others."""
    assert level(text) is not Complexity.EASY
