"""Complexity judged from the task in German, French and Spanish as in English."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.languages import detect, in_english, task_verb
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


@pytest.mark.parametrize(
    ("word", "lang", "verb"),
    [
        ("übersetzen", "de", "translate"),
        ("sortiere", "de", "sort"),
        ("erläutern", "de", "explain"),
        ("convertissez", "fr", "convert"),
        ("mets", "fr", "change"),
        ("démontrer", "fr", "prove"),
        ("traduzca", "es", "translate"),
        ("deduce", "es", "derive"),
        ("diseñe", "es", "design"),
        ("tisch", "de", None),
        ("sort", "it", None),
    ],
)
def test_task_verbs_are_found_by_stem_in_their_language(
    word: str, lang: str, verb: str | None
) -> None:
    assert task_verb(word, lang) == verb


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Sortiere alphabetisch: Birne, Apfel, Kiwi.", "de"),
        ("Convertis 12 pouces en centimètres.", "fr"),
        ("Resume esto: mañana no hay clase.", "es"),
    ],
)
def test_an_opening_task_verb_tells_a_short_prompt_s_language(text: str, lang: str) -> None:
    """Without function words a short prompt's first verb is the evidence."""
    assert detect(text.lower()) == lang


def _level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Rechne 12 Meilen in Kilometer um.",
        "Bitte nennen Sie mir drei Werke von Thomas Mann.",
        "Mets ces verbes au futur : aller, venir, faire.",
        "Que signifie le sigle « SNCF » ?",
        "Pon en plural: lápiz, reloj, árbol.",
        "¿Qué significa «etc.»?",
        "¿A qué hora cierra la biblioteca municipal los sábados?",
        "Explique en quelques étapes comment changer un pneu.",
    ],
)
def test_everyday_asks_in_other_languages_are_easy(text: str) -> None:
    assert _level(text) == Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        # the task is a paragraph after the case it is about
        "Meldung von Petra Sommer: Paket nicht angekommen.\n\nEntwirf ausgehend von diesem Fall "
        "einen vollständigen Prozess mit Bedrohungsmodell, Entscheidungsregeln mit "
        "Schwellenwerten und einer Begründung für jeden Schritt gegenüber den Alternativen.",
        "Queja de un cliente: no le llega el pedido.\n\nAnaliza este caso a fondo: enumera los "
        "riesgos jurídicos, razona paso a paso qué obligaciones entran en conflicto y propone "
        "un plan priorizado, defendiendo cada prioridad frente a las alternativas.",
        "Deduce las ecuaciones de movimiento de un péndulo doble y discute por qué es caótico.",
    ],
)
def test_hard_tasks_in_other_languages_are_hard(text: str) -> None:
    assert _level(text) == Complexity.HARD


def test_a_long_paste_to_summarise_is_easy_whatever_terms_it_holds() -> None:
    lines = "\n".join(
        f"2026-05-{10 + i % 18}T10:{i % 60:02d}:00Z gateway request=rq-{i:06x} queue "
        f"depth={i} lag_ms={i * 7} partition={i % 8} consensus latency throughput"
        for i in range(150)
    )
    for task in (
        "Summarise this log in four bullet points.",
        "Résume ce journal en quatre puces pour la passation.",
        "Fasse dieses Protokoll in vier Stichpunkten zusammen.",
    ):
        assert _level(task + "\n\n" + lines) == Complexity.EASY, task


def test_an_identifier_s_digit_groups_are_one_number_not_a_quantitative_question() -> None:
    text = (
        "HR needs my National Insurance number for the pension scheme. "
        "It is TM 48 19 27 C. Which box on the form is it?"
    )
    assert _level(text) != Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Wire the refund to my German account and confirm by mail.",
        "Überweise die Kaution auf mein Konto, Verwendungszweck Miete.",
        "Virement à effectuer sur mon compte avant vendredi.",
        "Envía el paquete a mi hermana antes del viernes.",
    ],
)
def test_a_short_everyday_instruction_is_easy(text: str) -> None:
    assert _level(text) == Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        # a question, or a verb that can open a reasoning task, keeps the middle model
        "Should a 40-person agency move to a four-day week?",
        "Develop an assessment framework for critical thinking across subjects.",
        "Model the effects of a four-day week on utilisation and margin.",
        "Entwickle ein Bewertungsschema für kritisches Denken in allen Fächern.",
    ],
)
def test_a_short_prompt_that_may_hide_a_reasoning_task_is_not_easy(text: str) -> None:
    assert _level(text) != Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        # the main verb after a fronted phrase and a comma
        "Based on this case, design an end-to-end handling process with a threat model, "
        "decision thresholds and a justification of every step against the alternatives.",
        "Partiendo de este caso, diseña un proceso completo con modelo de amenazas, reglas de "
        "decisión con umbrales y una justificación de cada paso frente a las alternativas.",
        # a task verb opening a later sentence, after a colon that starts the case
        "Unter uns: Herr Greiner aus dem Vertrieb hat Privatinsolvenz beantragt. Bewerte den "
        "Fall gründlich: Welche Risiken bestehen, welche Pflichten kollidieren, und begründe "
        "einen priorisierten Maßnahmenplan gegenüber Alternativen.",
    ],
)
def test_the_task_is_found_after_a_fronted_phrase_or_a_case(text: str) -> None:
    assert _level(text) == Complexity.HARD


def test_a_pasted_sentence_that_opens_with_an_ordinary_word_sets_no_task() -> None:
    text = "Translate this into German: The committee met on Monday. Nothing was decided."
    assert _level(text) == Complexity.EASY


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("stell zwei tarife gegenüber, dann empfiehl einen.", "compare zwei tarife, dann"),
        ("nimm diese these auseinander und bau sie neu auf.", "analyze diese these und"),
        ("bitte stelle die vor- und nachteile dar.", "please describe die pros and cons."),
        ("wäg beide angebote gegeneinander ab.", "weigh beide angebote gegeneinander."),
    ],
)
def test_a_german_separable_verb_is_read_as_its_english_ask(text: str, english: str) -> None:
    """The stem opens the clause, the particle closes it: together they are the ask."""
    assert in_english(text, "de").startswith(english)


@pytest.mark.parametrize(
    "text",
    ["ich stelle fest, dass der zug ausfällt.", "stell die kiste auf den tisch."],
)
def test_a_stem_without_its_particle_at_the_clause_end_stays_german(text: str) -> None:
    assert in_english(text, "de") == text


def test_a_comparison_asked_with_a_separable_verb_is_no_everyday_recommendation() -> None:
    """ "Stell ... gegenüber, empfiehl eine": a comparison and a recommendation, not the
    everyday "recommend one" the fronted phrase would leave."""
    text = (
        "Stell drei Wege gegenüber, Rechnungen zu archivieren (Papier, PDF im Netzlaufwerk, "
        "Dokumentenmanagement), empfiehl einen und zeig, wie sich die Empfehlung ändert, "
        "wenn sich die Zahl der Rechnungen verdreifacht."
    )
    assert ComplexityClassifier().classify(PromptText(text, 1)) is Complexity.HARD
