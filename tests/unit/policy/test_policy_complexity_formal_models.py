"""A problem stated as a mathematical program ("formulate the rota as an integer program",
"rewrite it as a linear program") is a model to build, not a rewording; a request that
applies a test's criteria one by one and says where reasonable people would disagree is a
judgement in two parts; and a pasted record's reported "no objections" or a "justificatif"
(a supporting document) asks for no reasoning. In the four languages, on prompts written
for these tests (not taken from any evaluation set), with guards: a definition of the term
and a rewording into an everyday form stay easy, and an objection the answer must meet
still asks for reasoning."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.demands import demands
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "A bakery has 5 ovens, 12 products and two shifts. Formulate the weekly baking "
        "schedule as an integer program.",
        "Eine Bäckerei hat 5 Öfen, 12 Produkte und zwei Schichten. Formuliere den Backplan "
        "der Woche als ganzzahliges Programm.",
        "Une boulangerie a 5 fours, 12 produits et deux équipes. Formule le planning "
        "hebdomadaire en programme linéaire en nombres entiers.",
        "Una panadería tiene 5 hornos, 12 productos y dos turnos. Formula el plan semanal de "
        "horneado como programa lineal entero.",
        "Rewrite the delivery rota above as a linear program.",
        "Schreib den Lieferplan oben als lineares Programm um.",
    ],
)
def test_a_problem_stated_as_a_mathematical_program_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "What is linear programming?",
        "Was ist lineare Optimierung?",
        "Qu'est-ce que la programmation linéaire ?",
        "¿Qué es la programación lineal?",
        "Rephrase this as a question: the train leaves at eight.",
        "Formuliere das als Frage: Der Zug fährt um acht.",
        "Reformule-le en question : le train part à huit heures.",
        "Formúlalo como pregunta: el tren sale a las ocho.",
    ],
)
def test_the_term_looked_up_or_a_rewording_stays_easy(text: str) -> None:
    """What the term means is a lookup; "formulate this as a question" is a rewording."""
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "A tenant asks whether her new employer may see her sick notes.\n\nDecide whether "
        "the club must appoint a data protection officer: apply the legal criteria one by "
        "one, say where reasonable people would disagree, and conclude what to record.",
        "Eine Mieterin fragt, ob ihr neuer Arbeitgeber ihre Krankmeldungen sehen darf.\n\n"
        "Entscheide, ob der Verein einen Datenschutzbeauftragten braucht: prüfe jedes "
        "Kriterium, sag, wo vernünftige Leute uneins wären, und schließe, was festzuhalten "
        "ist.",
        "Une locataire demande si son nouvel employeur peut voir ses arrêts maladie.\n\n"
        "Décide si l'association doit désigner un délégué à la protection des données : "
        "applique les critères un par un, indique où des personnes raisonnables "
        "divergeraient et conclus sur ce qu'il faut consigner.",
        "Una inquilina pregunta si su nuevo empleador puede ver sus bajas médicas.\n\n"
        "Decide si la asociación necesita un delegado de protección de datos: aplica los "
        "criterios uno por uno, señala dónde discreparía gente razonable y concluye qué hay "
        "que dejar registrado.",
        "Das sind die Zählerstände eines Monats von den Heizungszählern der Schule. Finde "
        "heraus, welche Zähler wahrscheinlich kaputt sind statt echte kalte Tage zu zeigen: "
        "Kriterien festlegen, jeden markierten Zähler begründen.",
    ],
)
def test_criteria_applied_and_contested_points_make_a_judgement_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Which criteria does the city use for a parking permit?",
        "Welche Kriterien nutzt die Stadt für einen Anwohnerparkausweis?",
        "Quels critères la ville utilise-t-elle pour une carte de stationnement ?",
        "¿Qué criterios usa el ayuntamiento para el permiso de aparcamiento?",
        "Finde heraus, wann das Stadtmuseum am Sonntag öffnet.",
    ],
)
def test_a_question_about_criteria_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


_MINUTES = [
    "Minutes of the tenants' meeting\nThe caretaker reported on the boiler (item 3).\nNo "
    "objections were raised to the new bin rota (item 4).\nThe vote on the bike shed was "
    "postponed (item 5).\n\nSummarise the decisions in three bullets.",
    "Protokoll der Mieterversammlung\nDer Hausmeister berichtete über die Heizung (TOP 3).\n"
    "Gegen den neuen Müllplan gab es keine Einwände (TOP 4).\nDie Abstimmung über den "
    "Fahrradkeller wurde vertagt (TOP 5).\n\nFasse die Beschlüsse in drei Stichpunkten "
    "zusammen.",
    "Compte rendu de la réunion des locataires\nLe gardien a fait le point sur la chaudière "
    "(point 3).\nAucune objection n'a été soulevée sur le nouveau planning des poubelles "
    "(point 4).\nLe vote sur le local vélos a été reporté (point 5).\n\nRésume les "
    "décisions en trois puces.",
    "Acta de la reunión de inquilinos\nEl conserje informó sobre la caldera (punto 3).\nNo "
    "hubo objeciones al nuevo turno de basuras (punto 4).\nSe aplazó la votación sobre el "
    "cuarto de bicis (punto 5).\n\nResume los acuerdos en tres viñetas.",
    "La mutuelle demande un justificatif pour les lunettes de mon fils. C'est quoi "
    "exactement ? En une phrase.",
    "El seguro pide un justificante de la baja de mi hijo. ¿Qué es eso? En una frase.",
]


@pytest.mark.parametrize("text", _MINUTES)
def test_a_reported_objection_or_a_supporting_document_asks_nothing(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    ("text", "demand"),
    [
        ("write a memo and answer the strongest objection.", "counterarguments"),
        ("schreib ein memo und geh auf die einwände ein.", "counterarguments"),
        ("rédige une note et réponds à chaque objection.", "counterarguments"),
        ("redacta una nota y responde a cada objeción.", "counterarguments"),
        ("justifie chaque choix.", "justify"),
    ],
)
def test_an_objection_to_meet_is_still_a_demand(text: str, demand: str) -> None:
    assert demand in demands(text)


@pytest.mark.parametrize(
    "text",
    [
        "We have 40 choir members. Formulate this as a program.",
        "Wir haben 40 Chormitglieder und 6 Räume. Erstelle einen fairen Probenplan für das "
        "Halbjahr.",
    ],
)
def test_a_statement_opening_with_have_is_no_yes_no_question(text: str) -> None:
    """A statement of the case ("We have 40 singers.") asks nothing, so it makes no lookup
    of the task after it; a question opening with "is" or asked with "?" stays one."""
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Is the museum open on Sunday?",
        "We have a dog. Is it ok to give him grapes?",
        "Ist das Museum am Sonntag geöffnet?",
        "Le musée est-il ouvert dimanche ?",
        "¿El museo abre el domingo?",
    ],
)
def test_a_yes_no_question_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY
