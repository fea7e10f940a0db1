"""The complexity rules' general mechanisms, each in the four languages, on prompts written
for these tests (not taken from any evaluation set): several tasks in one request, an
argument to build, a request after a colon, a plain question, a table to make from the
facts given, arithmetic on pasted values, a rewrite of the sentence given."""

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
        # three tasks in one sentence, one of them an explanation or an argument
        "Read the supplier agreement below, list the obligations that conflict, explain "
        "which one prevails and redraft the weakest two.",
        "Lies die Satzung unten, finde die Regeln, die sich widersprechen, erkläre jeweils "
        "den Vorrang und formuliere die zwei schwächsten neu.",
        "Lis le règlement ci-dessous, trouve les articles contradictoires, explique lequel "
        "prévaut et reformule les deux plus faibles.",
        "Lee el reglamento de abajo, encuentra los artículos contradictorios, explica cuál "
        "prevalece y reformula los dos más débiles.",
        # an argument to build, in detail
        "Build a careful argument, drawing on the published evidence, for moving our team "
        "from quarterly to continuous reviews, and answer the strongest objections.",
        "Argumentiere ausführlich, mit Belegen aus der Forschung, für kontinuierliche statt "
        "vierteljährliche Mitarbeitergespräche, und widerlege die Einwände.",
        "Argumente en détail, avec des études à l'appui, pour remplacer les entretiens "
        "trimestriels par un suivi continu, et réfute les objections.",
        "Argumenta a fondo, con estudios publicados, por qué sustituir las evaluaciones "
        "trimestrales por un seguimiento continuo, y rebate las objeciones.",
        # the request after a colon that follows a short list of names
        "Ahab, Gatsby and Heathcliff: compare how Melville, Fitzgerald and Brontë make "
        "each obsession the engine of the plot, arguing closely from the text.",
        "Ahab, Gatsby et Heathcliff : compare la façon dont Melville, Fitzgerald et Brontë "
        "font de l'obsession le moteur du récit, en argumentant avec précision.",
    ],
)
def test_requests_with_several_deliverables_or_an_argument_are_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        # a plain question, yes/no or in words the lists do not hold
        "Is the Eiffel Tower, 5 Avenue Anatole France, open on 25 December, and can you go "
        "up to the top floor?",
        "Is the Eiffel Tower open on Christmas Day?",
        "Kann man den Hamburger Michel am Montagmorgen besichtigen?",
        "Est-ce que le musée d'Orsay ouvre le lundi ?",
        "¿Se puede subir a la Giralda por la tarde?",
        "Quelqu'un connaît un bon film pour ce soir ?",
        # a short question after a few sentences of context
        "My sister sent the wedding programme yesterday and I printed all twelve pages of it "
        "this morning. Which page lists the dinner menu?",
        # a question word after a preposition
        "In which year did the first Tour de France take place?",
        "In welchem Jahr wurde die Zugspitzbahn eröffnet?",
        "En quelle année le canal de Suez a-t-il ouvert ?",
        "¿En qué año se inauguró el metro de Madrid?",
        # a small table or list to make from the facts given
        "Fire is 999 and the non-emergency police line is 101. Make a small table of them "
        "for the office noticeboard.",
        "Die Feuerwehr hat die 112, die Polizei die 110. Erstelle eine kleine Tabelle für "
        "den Flur.",
        "Les pompiers c'est le 18, la police le 17. Fais un petit tableau pour la cuisine.",
        "Los bomberos son el 080 y la policía el 091. Haz una tabla para la entrada.",
        # arithmetic on the values given, a rewrite of the sentence given
        "Calculate the total of these invoices: 120.50, 89.90, 42.00.",
        "Calcule la somme de ces factures : 120,50 ; 89,90 ; 42,00.",
        "Schreibe diesen Satz im Präteritum: Ich gehe heute ins Kino.",
        "Write this sentence in the past tense: We take the train to Leeds.",
    ],
)
def test_plain_questions_tables_sums_and_rewrites_are_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        # a long open yes/no question that gives nothing to look up
        "Is it ever rational to vote in a large national election when a single ballot "
        "almost never decides who ends up winning?",
        "Does a society that keeps raising its retirement age eventually run out of younger "
        "workers to pay for the older ones?",
        # a lookup beside a reasoning task the rules cannot rate
        "Is remote work a principal-agent problem? Argue with a formal model.",
        # a plain question that names expert terms is not a lookup
        "Is the posterior under a conjugate prior always unimodal?",
        # a table whose content takes expertise
        "Make a table comparing Raft and Paxos under network partitions.",
    ],
)
def test_those_mechanisms_do_not_send_a_reasoning_task_to_the_small_model(text: str) -> None:
    assert level(text) is not Complexity.EASY


def test_keeping_the_meaning_is_not_a_demanding_form() -> None:
    """'without changing its meaning' is what any shortening or rewrite keeps: not a form
    to keep (rhyme, metre, puns) that makes a transformation hard."""
    text = "Shorten the paragraph above to under 50 words without changing its meaning."
    assert level("Our office moves to the fourth floor next month.\n\n" + text) is not (
        Complexity.HARD
    )


@pytest.mark.parametrize(
    "verb", ["find", "identify", "reconstruct", "refute", "revise", "review", "sum", "make"]
)
def test_an_english_task_verb_is_no_single_other_languages_verb(verb: str) -> None:
    """A verb opening an English prompt that one other language's stems also read would
    count as that language's evidence and send an English prompt to the n-gram detector."""
    assert len([lang for lang in ("de", "fr", "es") if task_verb(verb, lang)]) != 1
