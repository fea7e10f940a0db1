"""A piece of work whose parts the request lists and asks to be argued, asks after a colon
and German asks in the infinitive, and asks that take items out of the text given, each in
the four languages, on prompts written for these tests (not taken from any evaluation set)."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.languages import task_verb
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Plan the grazing of a 40-ewe flock over two summers: paddock sizes, rest periods, "
        "parasite load and winter feed, each choice justified.",
        "Plane die Beweidung einer Herde von 40 Mutterschafen über zwei Sommer: "
        "Koppelgrößen, Ruhezeiten, Parasitendruck und Winterfutter, jede Wahl begründet.",
        "Planifie le pâturage d'un troupeau de 40 brebis sur deux étés : taille des parcs, "
        "temps de repos, pression parasitaire et fourrage d'hiver, chaque choix justifié.",
        "Planifica el pastoreo de un rebaño de 40 ovejas durante dos veranos: tamaño de "
        "las parcelas, descansos, carga parasitaria y forraje de invierno, justificando "
        "cada elección.",
        # the parts in parentheses, a comparison asked
        "Model the drying of hay bales in a barn (moisture, airflow, stacking) and compare "
        "three layouts before recommending one.",
        "Modélise le séchage des balles de foin dans une grange (humidité, ventilation, "
        "empilement) et compare trois dispositions avant d'en recommander une.",
        # a check whose parts are listed after the colon, a sensitivity analysis asked
        "Prüfe, ob ein Bürgerbus in einer Gemeinde mit 900 Einwohnern trägt: Fahrzeugkosten, "
        "Fahrerdienst, Förderung und eine Sensitivitätsanalyse für die Fahrgastzahl.",
        # an essay with its argued parts listed after a sentence of context
        "George Sand est née en 1804. Rédige une dissertation sur son roman Indiana : "
        "problématique, trois parties argumentées, contre-arguments et bibliographie.",
    ],
)
def test_a_listed_piece_of_work_asked_to_be_argued_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Plan a picnic: sandwiches, lemonade, blankets and games.",
        "Plane ein Picknick: Brote, Limonade, Decken und Spiele.",
        "Planifie un pique-nique : sandwichs, limonade, couvertures et jeux.",
    ],
)
def test_a_listed_piece_of_work_not_asked_to_be_argued_is_not_hard(text: str) -> None:
    assert level(text) is not Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        # German asks in the infinitive after a colon
        "Erstelle eine Risikoanalyse für dieses Vereinsfest: Wahrscheinlichkeiten schätzen, "
        "Maßnahmen ableiten und argumentieren, welche Restrisiken vertretbar sind.",
        # asks that open after a colon
        "Établis un plan de continuité pour cette boulangerie : classe les menaces, propose "
        "des parades et argumente l'ordre des priorités.",
        # weigh, set out and recommend in German, French and Spanish
        "Wäge zwei Lesarten dieser Kündigung ab, lege die stillen Annahmen offen und "
        "empfiehl eine Antwort mit Ausweichplan.",
        "Confronte deux lectures de ce courrier, mets au jour les non-dits et recommande une "
        "réponse avec un plan de repli.",
        "Sopesa dos lecturas de esta carta, explica los supuestos ocultos y recomienda una "
        "respuesta con un plan alternativo.",
        # competing hypotheses to formulate, in French and Spanish
        "Pourquoi la moitié des impressions échouent-elles le lundi ? Formule des hypothèses "
        "concurrentes, un test pour chacune, et l'ordre dans lequel tu les mènerais.",
        "¿Por qué falla la mitad de las impresiones los lunes? Plantea hipótesis rivales, una "
        "prueba para cada una y el orden en que las harías.",
    ],
)
def test_several_asks_after_a_colon_or_in_the_infinitive_are_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


_NOTES = {
    "en": "Ops notes from Tuesday: replication lag rose on the primary, the lock-free queue "
    "stalled twice, the cache was flushed at 14:02 and the deploy was rolled back.\n\n",
    "de": "Betriebsnotizen vom Dienstag: die Replikationsverzögerung stieg, die Warteschlange "
    "hing zweimal, der Cache wurde um 14:02 geleert und das Deployment zurückgerollt.\n\n",
    "fr": "Notes d'exploitation de mardi : le retard de réplication a augmenté, la file s'est "
    "bloquée deux fois, le cache a été vidé à 14:02 et le déploiement annulé.\n\n",
    "es": "Notas de operación del martes: el retraso de replicación subió, la cola se bloqueó "
    "dos veces, la caché se vació a las 14:02 y el despliegue se revirtió.\n\n",
}
"""Pasted notes with expert terms: only the ask read as an easy one keeps them off the
middle model."""


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "Pull out every decision above."),
        ("en", "Boil the notes above down to two lines."),
        ("de", "Extrahiere alle Entscheidungen."),
        ("fr", "Relève toutes les décisions de ce texte."),
        ("fr", "Ramène ce texte à deux phrases."),
        ("es", "Extrae todas las decisiones."),
        ("es", "Saca todas las decisiones del texto."),
    ],
)
def test_taking_items_out_of_the_text_given_is_easy(lang: str, ask: str) -> None:
    assert level(_NOTES[lang] + ask) is Complexity.EASY


def test_formule_formulates_and_reformule_rephrases() -> None:
    assert task_verb("formule", "fr") == "formulate"
    assert task_verb("reformule", "fr") == "rephrase"
