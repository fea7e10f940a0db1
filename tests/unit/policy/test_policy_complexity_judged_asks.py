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


_NOTE = {
    "en": "Note: the boiler in flat 3 leaks again, the tenant is away until Friday.",
    "de": "Notiz: Der Boiler in Wohnung 3 leckt wieder, der Mieter ist bis Freitag weg.",
    "fr": "Note : la chaudière de l'appartement 3 fuit encore, le locataire est absent "
    "jusqu'à vendredi.",
    "es": "Nota: la caldera del piso 3 vuelve a perder agua, el inquilino está fuera hasta el "
    "viernes.",
}


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "Rewrite it as a neutral note for the file and flag anything that looks off."),
        ("de", "Schreib es als neutrale Notiz um und sag, was nicht stimmt."),
        ("fr", "Reformule en note neutre et signale ce qui cloche."),
        ("es", "Pásalo a una nota neutra y señala lo que no cuadre."),
        ("en", "What is missing before anyone can act on it?"),
        ("fr", "Que faut-il encore savoir avant de pouvoir agir ?"),
    ],
)
def test_a_check_of_the_case_beside_an_everyday_ask_is_not_easy(lang: str, ask: str) -> None:
    """What in the case looks wrong, or what it lacks before anyone can act: the answer
    checks the case against what it should hold, beside the rewrite."""
    assert level(_NOTE[lang] + "\n\n" + ask) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Is anything still missing for the picnic: bread, cheese, wine?",
        "Fehlt noch etwas fürs Picknick: Brot, Käse, Wein?",
        "Manque-t-il quelque chose pour le pique-nique : pain, fromage, vin ?",
        "¿Falta algo para el picnic: pan, queso, vino?",
    ],
)
def test_an_everyday_question_about_what_is_missing_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY
