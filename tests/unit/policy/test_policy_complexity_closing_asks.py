"""How a reader rates a prompt by what its closing ask does with the text above it, and a
few task shapes the word lists alone miss, each in the four languages, on prompts written
for these tests (not taken from any evaluation set): an everyday transformation of a
message (translate it, rewrite it plainly, make a subject line of it) is easy however hard
the message sounds, and stays hard when it must keep a legal or formal property or follows
a task asked above; a spelling question is easy; a table made into another format is easy;
a plan with its way back and its success or abort criteria is hard; an estimate with the
assumption it depends on most is hard; questions after a colon above a long log are the
request."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier, transforms_above
from kinference_epp.policy.classifiers.demands import demands
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Re the tenant in 2B: he is three months behind and there is a county court "
        "judgment against him. Is it legal not to renew?\n\nTranslate the above into German.",
        "Re the tenant in 2B: he is three months behind and there is a county court "
        "judgment against him. How do I word a refusal?\n\nTurn the above into a one-line "
        "subject for a ticket.",
        "Mein Vermieter will die Kaution wegen Schimmel einbehalten, obwohl das Gutachten "
        "sagt, dass die Lüftung schuld ist. Ist das rechtens?\n\nÜbersetze das bitte ins "
        "Englische.",
        "Mein Vermieter will die Kaution wegen Schimmel einbehalten, obwohl das Gutachten "
        "sagt, dass die Lüftung schuld ist. Ist das rechtens?\n\nSchreib das in einfacher "
        "Sprache um.",
        "Mon propriétaire garde la caution à cause de moisissures alors que l'expertise "
        "accuse la ventilation. Est-ce légal ?\n\nTraduis-le en anglais.",
        "Mi casero se queda la fianza por el moho aunque el perito culpa a la ventilación. "
        "¿Es legal?\n\nResúmelo en una frase.",
        "Mi casero se queda la fianza por el moho aunque el perito culpa a la ventilación. "
        "¿Es legal?\n\nTradúcelo al inglés.",
    ],
)
def test_an_everyday_transformation_of_the_text_above_is_easy(text: str) -> None:
    """The closing ask works on the message above it; the message's own question (is it
    legal?) and terms (judgment, surveyor) are what is transformed, not a task."""
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Design a sharding scheme for a multi-tenant Postgres cluster with zero-downtime "
        "resharding.\n\nThen translate it into German.",
        "Prove that every bounded monotone sequence converges, with a full epsilon "
        "argument.\n\nTranslate your proof into French.",
        "My landlord kept the deposit over mould although the surveyor blames the "
        "ventilation. Is that legal? Weigh the arguments for and against and justify your "
        "conclusion.\n\nTranslate the above into German.",
        "Entwirf ein Sharding-Konzept für einen mandantenfähigen Postgres-Cluster ohne "
        "Ausfallzeit.\n\nÜbersetze es dann ins Englische.",
        "Conçois un schéma de partitionnement pour un cluster Postgres multi-locataire sans "
        "interruption.\n\nTraduis ta réponse en anglais.",
        "Diseña un esquema de particionado para un clúster Postgres multiinquilino sin "
        "tiempo de inactividad.\n\nLuego resúmelo en inglés.",
        "Mi casero se queda la fianza por el moho. ¿Es legal?\n\nTradúcelo al inglés "
        "conservando todos los matices jurídicos.",
    ],
)
def test_a_transformation_after_a_task_or_keeping_a_legal_property_stays_hard(
    text: str,
) -> None:
    """A further step after a task asked above ("then", "your proof"), or a translation
    that must keep every legal nuance, leaves the prompt hard."""
    assert level(text) is Complexity.HARD


def test_transforms_above_reads_the_closing_ask_and_the_text_above() -> None:
    message = "Mi casero se queda la fianza por el moho. ¿Es legal?\n\n"
    assert transforms_above(message + "Tradúcelo al inglés.", "Tradúcelo al inglés.")
    assert not transforms_above(message + "Luego tradúcelo.", "Luego tradúcelo.")
    above = "Diseña un esquema de particionado.\n\n"
    assert not transforms_above(above + "Tradúcelo al inglés.", "Tradúcelo al inglés.")
    assert not transforms_above(message + "¿Qué opinas?", "¿Qué opinas?")
    # making the text rigorous or correcting its reasoning is work on it, not a new form
    for ask in ("Hazlo riguroso.", "Corrige el razonamiento.", "Make it rigorous."):
        assert not transforms_above(message + ask, ask)


@pytest.mark.parametrize(
    "text",
    [
        "Schreib den Vertrag so um, dass jede Haftungsklausel rechtlich wirksam bleibt.",
        "Rewrite the contract so that every liability clause stays legally enforceable.",
        "Réécris le contrat pour que chaque clause de responsabilité reste juridiquement valable.",
        "Reescribe el contrato para que cada cláusula de responsabilidad siga siendo válida "
        "legalmente.",
        "Übersetze es ins Englische und bewahre alle rechtlichen Nuancen.",
        "Tradúcelo al inglés conservando los juegos de palabras.",
    ],
)
def test_a_rewrite_that_must_keep_legal_effect_or_wordplay_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Is 'exhausted' spelt with or without an h?",
        "Schreibt man 'Rhythmus' mit zwei h?",
        "Écrit-on « rythme » avec un h ?",
        "¿Se escribe 'exhausto' con h o sin h?",
    ],
)
def test_a_spelling_question_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


_TABLE = "\n| Nr | Zeit | Eintrag |\n|---|---|---|\n" + "".join(
    f"| {i:03d} | 06:{i:02d} | die Schranke am Tor {i} wurde geprüft |\n" for i in range(1, 40)
)


@pytest.mark.parametrize(
    "head",
    [
        "Make a CSV with semicolons out of this Markdown table:",
        "Mach aus dieser Markdown-Tabelle bitte eine CSV-Datei mit Semikolon:",
        "Fais de ce tableau Markdown un fichier CSV avec des points-virgules :",
        "Haz de esta tabla Markdown un CSV con punto y coma:",
    ],
)
def test_a_table_made_into_another_format_is_easy(head: str) -> None:
    """What the rows say (a barrier, "Schranke", is a bound in maths) sets no task."""
    assert level(head + _TABLE) is Complexity.EASY


def test_making_a_thing_out_of_code_stays_hard() -> None:
    text = "Make a thread-safe LRU cache out of this class without locks on reads."
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Plan the split of a PHP monolith into services over 18 months, with a rollback "
        "plan and criteria for when to abort.",
        "Plane die Zerlegung eines PHP-Monolithen in Dienste über 18 Monate, mit "
        "Reihenfolge, Rückfallplan und Kriterien, wann man abbricht.",
        "Planifie le découpage d'un monolithe PHP en services sur 18 mois, avec un plan de "
        "repli et des critères d'arrêt.",
        "Planifica la migración de un ERP on-premise a la nube en un año con plan de vuelta "
        "atrás y criterios de éxito medibles.",
    ],
)
def test_a_plan_with_its_way_back_and_its_criteria_is_hard(text: str) -> None:
    assert {"contingency", "criteria"} <= demands(text.lower())
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Plan the split of a PHP monolith into services, with a rollback plan.",
        "Plane die Zerlegung eines PHP-Monolithen in Dienste mit einem Rückfallplan.",
        "Planifie le découpage d'un monolithe PHP en services avec un plan de repli.",
        "Planifica la migración de un ERP a la nube con un plan de vuelta atrás.",
    ],
)
def test_a_plan_with_only_its_way_back_is_not_easy(text: str) -> None:
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Roughly how many piano tuners work in Madrid? Show the Fermi estimate and say "
        "which assumption moves the answer most.",
        "Wie viele Klavierstimmer arbeiten ungefähr in Madrid? Zeig die Überschlagsrechnung "
        "mit deinen Annahmen und sag, welche das Ergebnis am stärksten bewegt.",
        "Combien d'accordeurs de piano travaillent à Madrid ? Montre l'estimation avec tes "
        "hypothèses et dis laquelle fait le plus bouger le résultat.",
        "¿Cuántos afinadores de piano trabajan en Madrid? Muestra la estimación con tus "
        "supuestos y di cuál más mueve el resultado.",
    ],
)
def test_an_estimate_with_the_assumption_it_depends_on_most_is_hard(text: str) -> None:
    assert {"assumptions", "sensitivity"} <= demands(text.lower())
    assert level(text) is Complexity.HARD


_LOG = "".join(
    f"2026-03-{d:02d}T06:0{d % 10}:49Z INFO svc=depot span={d:010x} dur_ms={d * 37} "
    f'msg="gate {d} checked"\n'
    for d in range(1, 29)
)


@pytest.mark.parametrize(
    "head",
    [
        "Analyse this log: which services stand out with long durations, which three "
        "causes are plausible, and how would you test each hypothesis with an experiment?",
        "Analysiere dieses Log: Welche Dienste fallen durch lange Laufzeiten auf, welche "
        "drei Ursachen kommen in Frage, und wie würdest du jede Hypothese mit einem "
        "Experiment prüfen?",
        "Analyse ce journal : quels services se distinguent par de longues durées, quelles "
        "trois causes sont possibles, et comment vérifierais-tu chaque hypothèse avec une "
        "expérience ?",
        "Analiza este log: ¿qué servicios destacan por duraciones largas, qué tres causas "
        "son posibles y cómo comprobarías cada hipótesis con un experimento?",
    ],
)
def test_the_questions_after_a_colon_above_a_long_log_are_the_request(head: str) -> None:
    assert level(head + "\n\n" + _LOG) is Complexity.HARD


@pytest.mark.parametrize(
    "head",
    [
        "Look at this log: which service is the slowest?",
        "Schau dir dieses Log an: welcher Dienst ist am langsamsten?",
        "Regarde ce journal : quel service est le plus lent ?",
        "Mira este log: ¿qué servicio es el más lento?",
    ],
)
def test_a_lookup_question_above_a_long_log_is_not_hard(head: str) -> None:
    assert level(head + "\n\n" + _LOG) is not Complexity.HARD
