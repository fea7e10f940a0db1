"""A question that asks for a choice and the reasons for it ("which team should handle this,
and why?") is a judgement, not a lookup, however short the answer is asked to be; in the four
languages, on prompts written for these tests (not taken from any evaluation set). A modal
question without "why", and the everyday ask without the judgement, stay easy."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


_CASE = {
    "en": "Note from the night desk: a guest says the safe in room 14 was open when she "
    "came back, and her passport is gone.",
    "de": "Notiz vom Nachtdienst: Ein Gast sagt, der Safe in Zimmer 14 stand offen, als sie "
    "zurückkam, und ihr Pass ist weg.",
    "fr": "Note de l'accueil de nuit : une cliente dit que le coffre de la chambre 14 était "
    "ouvert à son retour et que son passeport a disparu.",
    "es": "Nota de recepción de noche: una huésped dice que la caja fuerte de la habitación "
    "14 estaba abierta al volver y que falta su pasaporte.",
}


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "Which team should handle this, and why? Two sentences."),
        ("de", "Welches Team sollte das übernehmen und warum? Zwei Sätze."),
        ("fr", "Quelle équipe devrait s'en charger et pourquoi ? Deux phrases."),
        ("es", "¿Qué equipo debería encargarse y por qué? Dos frases."),
    ],
)
def test_a_choice_with_its_reasons_is_not_easy(lang: str, ask: str) -> None:
    """Which team should handle the case, and why: the answer weighs the case, however
    short it is asked to be."""
    assert level(_CASE[lang] + "\n\n" + ask) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Which museum in Hamburg should I visit on Sunday?",
        "Welches Museum in Hamburg sollte ich am Sonntag besuchen?",
        "Quel musée de Hambourg devrais-je visiter dimanche ?",
        "¿Qué museo de Hamburgo debería visitar el domingo?",
    ],
)
def test_a_modal_question_without_why_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "Rewrite it as a neutral note for the file."),
        ("de", "Schreib es als neutrale Notiz um."),
        ("fr", "Reformule-le en note neutre pour le dossier."),
        ("es", "Pásalo a una nota neutra para el expediente."),
    ],
)
def test_the_everyday_ask_alone_stays_easy(lang: str, ask: str) -> None:
    assert level(_CASE[lang] + "\n\n" + ask) is Complexity.EASY
