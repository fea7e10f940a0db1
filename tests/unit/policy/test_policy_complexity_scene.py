"""Requests the rules must find past what stands before them: a scene set before a colon and
the ask in a later clause, an ask behind a verb the lexicon lacks, a closing question after
a quotation; and what such requests ask the answer to show (a way back from each step, the
point that would change the answer, a case argued for and then against, a plan that
depends on an outcome). Each in the four languages, on prompts written for these tests (not
taken from any evaluation set), with the easy prompts beside them that must stay easy."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.demands import demands
from kinference_epp.policy.classifiers.languages import task_verb
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "A used van costs €18,000 or leasing runs €390 a month for four years: work out "
        "which is cheaper overall, then state the assumptions that would flip the answer.",
        "Ein Gebrauchtwagen kostet 18.000 € oder Leasing 390 € im Monat über vier Jahre: "
        "Rechne aus, was insgesamt günstiger ist, und nenne die Annahmen, bei denen das "
        "Ergebnis kippt.",
        "Une camionnette d'occasion coûte 18 000 € ou un leasing 390 € par mois sur quatre "
        "ans : calcule ce qui revient le moins cher, puis donne les hypothèses qui te "
        "feraient changer d'avis.",
        "Una furgoneta usada cuesta 18.000 € o un renting 390 € al mes durante cuatro años: "
        "calcula qué sale más barato y di qué supuestos harían que cambie la recomendación.",
    ],
)
def test_assumptions_and_the_point_that_flips_the_answer_are_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Our club wants to move its member list to a new system. Argue for and then against "
        "moving this year, weigh the two cases and give a recommendation with the point at "
        "which you would change your mind.",
        "Unser Verein will seine Mitgliederliste umziehen. Argumentiere dafür und dann "
        "dagegen, wäge beide Seiten ab und gib eine Empfehlung mit dem Punkt, an dem du "
        "deine Meinung ändern würdest.",
        "Notre club veut changer de logiciel d'adhérents. Plaide pour puis contre un "
        "changement cette année, mets les deux positions en balance, puis donne une "
        "recommandation et le point où tu changerais d'avis.",
        "Nuestro club quiere cambiar de programa de socios. Argumenta a favor y luego en "
        "contra de cambiar este año, ponlos en la balanza y da una recomendación con el "
        "punto en que cambiarías de opinión.",
    ],
)
def test_a_case_argued_both_ways_with_a_recommendation_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Plan how we move the shop's orders from the old spreadsheet to the new tool over a "
        "month: the order of the steps, a rollback for each step and how sales keep running "
        "meanwhile.",
        "Plane, wie wir die Bestellungen des Ladens in einem Monat aus der alten Tabelle ins "
        "neue Werkzeug bringen: Reihenfolge der Schritte, Rückweg je Schritt und wie der "
        "Verkauf weiterläuft.",
        "Planifie le passage des commandes de la boutique du vieux tableur vers le nouvel "
        "outil en un mois : ordre des étapes, retour arrière pour chacune et maintien des "
        "ventes pendant ce temps.",
        "Planifica el paso de los pedidos de la tienda de la hoja antigua a la nueva "
        "herramienta en un mes: orden de los pasos, vuelta atrás en cada uno y cómo siguen "
        "las ventas mientras tanto.",
    ],
)
def test_a_staged_change_with_a_way_back_from_each_step_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Determine whether our two-person bakery could cover a Saturday market with about "
        "300 customers a day arriving in bursts, then recommend a staffing rota.",
        "Kläre, ob unsere Bäckerei mit zwei Leuten einen Samstagsmarkt mit etwa 300 Kunden "
        "am Tag schafft, die in Schüben kommen, und empfiehl dann einen Dienstplan.",
        "Détermine si notre boulangerie de deux personnes peut tenir un marché du samedi "
        "avec environ 300 clients par jour arrivant par vagues, puis recommande un planning.",
        "Averigua si nuestra panadería de dos personas puede atender un mercado de sábado "
        "con unos 300 clientes al día que llegan en oleadas, y luego recomienda un turno.",
    ],
)
def test_a_detailed_whether_to_determine_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        'A supplier claims: "our new oven halves baking time, so you need half the bakers." '
        "Take the claim apart and rebuild a correct staffing estimate, with the measurements "
        "it needs.",
        "Ein Lieferant behauptet: „Unser Ofen halbiert die Backzeit, also brauchen Sie halb "
        "so viele Bäcker.“ Zerleg die Aussage und bau eine korrekte Personalrechnung auf \u2013 "
        "welche Messwerte bräuchten wir?",
        "Un fournisseur affirme : « notre four divise le temps de cuisson par deux, donc il "
        "vous faut moitié moins de boulangers. » Démonte l'affirmation et reconstruis une "
        "estimation correcte des effectifs.",
        "Un proveedor afirma: «nuestro horno reduce a la mitad el tiempo de horneado, así "
        "que necesitará la mitad de panaderos». Desmonta la afirmación y reconstruye una "
        "estimación correcta de la plantilla.",
    ],
)
def test_a_claim_set_before_a_colon_then_taken_apart_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Pull this argument apart and rebuild it: “Cities with more cafés have happier "
        "people, so opening cafés makes people happy.” What assumptions does it hide, what "
        "data would settle it, and how would a sound version read?",
        "Nimm dieses Argument auseinander: „Städte mit mehr Cafés haben glücklichere "
        "Menschen, also machen Cafés glücklich.“ Welche Annahmen stecken darin, welche "
        "Daten bräuchte man, und wie sähe eine haltbare Fassung aus?",
        "Critique cet argument : « Les villes avec plus de cafés ont des habitants plus "
        "heureux, donc ouvrir des cafés rend heureux. » Quelles hypothèses cache-t-il, "
        "quelles données trancheraient, et comment se lirait une version solide ?",
    ],
)
def test_a_closing_question_after_a_quotation_is_read(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Summarise in one sentence: The mayor opened the new bridge on Monday; residents "
        "praised the design, critics analysed the cost overruns and questioned the schedule.",
        "Fasse in einem Satz zusammen: Der Bürgermeister hat am Montag die neue Brücke "
        "eröffnet; Anwohner lobten den Entwurf, Kritiker analysierten die Mehrkosten und "
        "kritisierten den Zeitplan.",
        "Résume en une phrase : Le maire a inauguré le nouveau pont lundi ; les habitants "
        "ont salué le projet, les critiques ont analysé les surcoûts et critiqué le "
        "calendrier.",
        "Resume en una frase: El alcalde inauguró el puente nuevo el lunes; los vecinos "
        "elogiaron el diseño, los críticos analizaron los sobrecostes y criticaron el "
        "calendario.",
        # accented enclitic imperatives of easy asks stay easy asks
        "Ordénalas alfabéticamente: pera, manzana, uva.",
        "Flip the image horizontally and save it as a PNG.",
        "Cambie el nombre del archivo a informe_final.pdf, por favor.",
    ],
)
def test_an_easy_ask_before_a_colon_keeps_the_text_after_it_pasted(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    ("word", "verb"),
    [
        ("compáralas", "compare"),
        ("contrapón", "compare"),
        ("justifícalo", "justify"),
        ("ordénalas", "sort"),
        ("analízalo", "analyze"),
    ],
)
def test_a_spanish_imperative_with_pronouns_is_read_by_its_stem(word: str, verb: str) -> None:
    assert task_verb(word, "es") == verb


@pytest.mark.parametrize(
    ("word", "lang", "verb"),
    [
        ("zerleg", "de", "analyze"),
        ("kläre", "de", "determine"),
        ("plaide", "fr", "argue"),
        ("démonte", "fr", "critique"),
        ("démontre", "fr", "prove"),
        ("desmonta", "es", "critique"),
        ("averigua", "es", "determine"),
    ],
)
def test_task_verbs_the_lexicon_now_reads(word: str, lang: str, verb: str) -> None:
    assert task_verb(word, lang) == verb


@pytest.mark.parametrize(
    ("text", "demand"),
    [
        ("state the assumptions that would flip the answer", "sensitivity"),
        ("the point at which you would change your mind", "sensitivity"),
        ("die annahmen, bei denen das ergebnis kippt", "sensitivity"),
        ("le seuil à partir duquel tu changerais d'avis", "sensitivity"),
        ("para que cambie la recomendación", "sensitivity"),
        ("argue for and then against", "trade_offs"),
        ("plaide pour puis contre", "trade_offs"),
        ("argumentiere dafür und dagegen", "trade_offs"),
        ("a rollback for each step", "contingency"),
        ("rückweg je schritt", "contingency"),
        ("retour arrière pour chacune", "contingency"),
        ("vuelta atrás en cada fase", "contingency"),
        ("plan the deletion depending on the outcome", "scenarios"),
        ("plane je nach ergebnis die löschung", "scenarios"),
        ("planifie selon le résultat", "scenarios"),
        ("planifica según la respuesta", "scenarios"),
    ],
)
def test_what_the_answer_must_show_in_four_languages(text: str, demand: str) -> None:
    assert demand in demands(text)


@pytest.mark.parametrize(
    "text", ["flip the image horizontally", "cambie el nombre del archivo", "on the way back"]
)
def test_everyday_words_near_those_demands_are_none(text: str) -> None:
    assert demands(text) == frozenset()
