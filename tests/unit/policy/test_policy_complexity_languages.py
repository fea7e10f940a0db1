"""Complexity judged from the task in German, French and Spanish as in English."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.languages import detect, in_english
from kinference_epp.policy.model import Complexity


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("What is the boiling point of water?", "en"),
        ("Was ist die Hauptstadt von Österreich?", "de"),
        ("Quelle est la date de la prise de la Bastille ?", "fr"),
        ("¿Cuál es el río más largo de España?", "es"),
        ("Emmanuel Macron a rencontré hier à Berlin. Résume l'article.", "fr"),
    ],
)
def test_the_language_is_detected(text: str, lang: str) -> None:
    assert detect(text.lower()) == lang


def test_task_words_are_read_in_english_whole_words_only() -> None:
    assert in_english("beweise, dass es unendlich viele primzahlen gibt", "de") == (
        "prove, dass es unendlich viele primes gibt"
    )
    assert in_english("¿cuál es la capital de chile?", "es").strip() == (
        "what is the capital de chile?"
    )
    # "analyseur" holds "analyse" but is another word
    assert in_english("un analyseur syntaxique", "fr") == "un analyseur syntaxique"
    assert in_english("prove it", "it") == "prove it"


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Übersetze 'Guten Abend' ins Französische.", Complexity.EASY),
        ("Wer hat den Faust geschrieben?", Complexity.EASY),
        ("Traduis « bonne nuit » en espagnol.", Complexity.EASY),
        ("Quelle est la capitale de la Belgique ?", Complexity.EASY),
        ("Traduce 'gracias' al alemán.", Complexity.EASY),
        ("¿Cuál es la capital de Perú?", Complexity.EASY),
        (
            "Beweise, dass die Wurzel aus 3 irrational ist, und verallgemeinere den Beweis.",
            Complexity.HARD,
        ),
        (
            "Entwirf einen verteilten Konsens-Algorithmus, der Netzwerkpartitionen toleriert, "
            "und analysiere seine Komplexität.",
            Complexity.HARD,
        ),
        (
            "Démontre que tout entier supérieur à 1 admet une décomposition en nombres premiers.",
            Complexity.HARD,
        ),
        (
            "Diseña un sistema de caché distribuido con consistencia fuerte y analiza su "
            "latencia en el peor caso.",
            Complexity.HARD,
        ),
    ],
)
def test_tasks_in_four_languages_are_judged(text: str, level: Complexity) -> None:
    assert ComplexityClassifier().classify(PromptText(text, 1)) is level


def test_everyday_writing_is_easy_but_expert_writing_is_not() -> None:
    clf = ComplexityClassifier()
    assert clf.classify(PromptText("Write a short birthday message for my aunt.", 1)) is (
        Complexity.EASY
    )
    assert (
        clf.classify(
            PromptText("Write a letter explaining the consensus algorithm's worst-case latency.", 1)
        )
        is not Complexity.EASY
    )
