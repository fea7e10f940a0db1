"""Classes of request the rules misread, each in the four languages on prompts written for
these tests (not taken from any evaluation set), with guards that must not move:

- a light verb with an impact assessment ("do a data protection impact assessment: ...") is
  the analysis it names, its name read past a few modifiers;
- a ranking by likelihood and harm and a layered defence, as the language front end leaves
  them ("probabilidad" reads "probability"), are demands;
- a plan that must say how it carries on after a setback (a missed week, an illness,
  falling behind) is a piece of work to argue out;
- a new piece of writing and a commentary on the writer's own choices ("then explain your
  stylistic choices") is a task in two parts, unlike a rewrite and a note on what is lost;
- "outline a new story" plans a piece of work ("short" sizes the piece, not the answer);
- a scene and a colon before one closing question ask that question;
- a bound after a dash ("affect vs effect - one line") bounds a request that opens no task;
- "write this on a sign" lays out the words given;
- "the train bound for Lyon" is a destination, not a mathematical bound.
"""

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
        "A parent emailed that her son Tobiah has epilepsy and may need help on the school trip.\n\nDo a thorough data protection impact assessment for keeping notes like this: purposes, retention, threats, controls and a justified conclusion.",
        "Eine Mutter schrieb, ihr Sohn Tobiah habe Epilepsie und brauche auf der Klassenfahrt Hilfe.\n\nMach eine gründliche Datenschutz-Folgenabschätzung für solche Notizen: Zwecke, Speicherdauer, Bedrohungen, Maßnahmen und ein begründetes Fazit.",
        "Une mère a écrit que son fils Tobiah est épileptique et aura besoin d'aide pendant la sortie scolaire.\n\nFais une analyse d'impact complète pour ce genre de notes : finalités, durée de conservation, menaces, mesures et une conclusion justifiée.",
        "Una madre escribió que su hijo Tobiah tiene epilepsia y necesitará ayuda en la excursión.\n\nHaz una evaluación de impacto completa para este tipo de notas: finalidades, conservación, amenazas, controles y una conclusión justificada.",
    ],
)
def test_an_impact_assessment_after_a_light_verb_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Do a quick estimate of the paint I need for a 4 by 5 metre room.", Complexity.MEDIUM),
        ("Make a comparison table of these three phones.", Complexity.EASY),
        ("Was ist eine Datenschutz-Folgenabschätzung?", Complexity.EASY),
        ("Qu'est-ce qu'une analyse d'impact ?", Complexity.MEDIUM),
    ],
)
def test_an_estimate_a_table_or_the_term_looked_up_stay(text: str, expected: Complexity) -> None:
    assert level(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "Here is a supplier's bank letter with an account number.\n\nModel the ways this could leak through mail, chat and the shared drive, rank them by likelihood and harm and propose a layered defence.",
        "Hier ist ein Brief eines Lieferanten mit Kontonummer.\n\nModelliere, wie das über Mail, Chat und Laufwerk durchsickern könnte, ordne die Wege nach Wahrscheinlichkeit und Schaden und schlag eine mehrschichtige Abwehr vor.",
        "Voici un courrier d'un fournisseur avec son numéro de compte.\n\nModélise les fuites possibles par mail, chat et lecteur partagé, classe-les par probabilité et gravité et propose une défense en profondeur.",
        "Aquí tienes una carta de un proveedor con su número de cuenta.\n\nModela cómo podría filtrarse por correo, chat y la unidad compartida, ordénalas por probabilidad y daño y propone una defensa por capas.",
    ],
)
def test_ranked_by_likelihood_and_harm_with_a_layered_defence_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sort these invoices by date.", Complexity.EASY),
        ("How likely is rain in Leeds tomorrow?", Complexity.MEDIUM),
        ("Ordena estas facturas por fecha.", Complexity.EASY),
        ("Classe ces factures par date.", Complexity.EASY),
    ],
)
def test_a_sort_or_a_chance_asked_stays(text: str, expected: Complexity) -> None:
    assert level(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "Prepare a six-week programme to learn basic Italian at fifteen minutes a day, with milestones, weekly goals and how to adjust it if you fall behind.",
        "Erstelle einen 6-Wochen-Plan für die ersten Schwimmstunden meiner Tochter, zweimal pro Woche, mit Steigerung, Zielen und was man anpasst, wenn sie krank wird.",
        "Prépare un plan de 6 semaines pour reprendre le vélo, trois sorties par semaine, avec progression, paliers et comment rattraper une séance manquée.",
        "Prepara un plan de 6 semanas para aprender a nadar a crol, tres sesiones por semana, con progresión, objetivos y cómo adaptar si te pones enfermo.",
    ],
)
def test_a_plan_that_must_carry_on_after_a_setback_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Give me a beginner's 6-week plan to swim 1 km, two sessions a week.", Complexity.MEDIUM),
        ("Lohnfortzahlung bei Krankheit: wie lange zahlt der Arbeitgeber?", Complexity.EASY),
        ("Comment rattraper une sauce trop salée ?", Complexity.EASY),
        ("¿Qué pasa si mi hijo se pone enfermo durante la excursión?", Complexity.EASY),
    ],
)
def test_a_plain_plan_or_an_illness_in_a_question_stays(text: str, expected: Complexity) -> None:
    assert level(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "Jane Eyre lives at Thornfield Hall. Write a new scene in the style of Charlotte Brontë in which she finds a locked trunk, then explain your stylistic choices.",
        "Effi Briest lebt in Kessin. Schreib ein neues Kapitel im Stil von Fontane, in dem sie ein Telegramm bekommt, und erklär danach deine Entscheidungen zur Erzählweise.",
        "Arsène Lupin vit à Paris. Écris une courte nouvelle où il vole un tableau, puis explique comment tu as construit la fausse piste.",
        "Lazarillo sirve a un ciego en Salamanca. Escribe un episodio nuevo en que llegue a un aeropuerto y luego explica qué rasgos picarescos has imitado.",
    ],
)
def test_a_new_piece_and_a_commentary_on_its_making_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Write a limerick about my cat, then explain what a limerick is.",
        "Rewrite the opening paragraph above as a tabloid story and explain what is lost.",
        "Escribe una escena corta en la que un abuelo le explica a su nieta qué es el wifi.",
        "Schreib eine kurze Nachricht an die Nachbarn und erklär, dass am Samstag gefeiert wird.",
    ],
)
def test_a_note_a_rewrite_or_a_character_who_explains_stays_medium(text: str) -> None:
    assert level(text) is Complexity.MEDIUM


@pytest.mark.parametrize(
    "text",
    [
        "Outline a new short ghost story set in a lighthouse in 1910, with a twist at the end.",
        "Skizziere eine neue kurze Gespenstergeschichte in einem Leuchtturm, mit einer Wendung am Ende.",
        "Esquisse une nouvelle histoire courte de fantômes dans un phare, avec un retournement final.",
        "Esboza una nueva historia corta de fantasmas en un faro, con un giro final.",
    ],
)
def test_outlining_a_new_story_is_no_lookup(text: str) -> None:
    assert level(text) is Complexity.MEDIUM


@pytest.mark.parametrize(
    "text",
    [
        "Outline the main points of the article above in three bullets.",
        "Briefly describe the new opening hours of the library.",
    ],
)
def test_outlining_a_given_text_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Kew Gardens, Richmond TW9 3AE: which gate is closest to the station on a Saturday?",
        "Deutsches Museum, Museumsinsel 1, München: welcher Eingang ist am Sonntag am wenigsten voll?",
        "Musée d'Orsay, rue de la Légion d'Honneur : quelle entrée prendre avec une poussette le samedi ?",
        "Museo del Prado, calle Ruiz de Alarcón: ¿qué puerta es mejor para evitar la cola el domingo?",
    ],
)
def test_a_place_a_colon_and_one_question_is_that_question(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "In one short paragraph for a new intern: what is a Kubernetes pod, and why does it restart?",
            Complexity.EASY,
        ),
        (
            "The guide says `rsync -a src/ backup@198.51.100.7:/srv/` \u2013 why does rsync ask for a password?",
            Complexity.MEDIUM,
        ),
    ],
)
def test_a_bound_before_the_colon_or_a_colon_in_a_token_stays(
    text: str, expected: Complexity
) -> None:
    assert level(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "lay vs lie \u2013 one line, I never remember",
        "seit vs seid \u2013 ein Satz, ich verwechsle das immer",
        "quand vs quant \u2013 une phrase, je mélange toujours",
        "porque vs porqué \u2013 una frase, siempre los confundo",
    ],
)
def test_a_word_pair_bounded_after_a_dash_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


def test_a_piece_sized_after_a_dash_stays_medium() -> None:
    assert (
        level(
            "Case: the courier left the parcel with a neighbour who denies having it.\n\nWrite the internal ticket comment you would leave on this \u2013 three sentences at most."
        )
        is Complexity.MEDIUM
    )


@pytest.mark.parametrize(
    "text",
    [
        "The cycle workshop opens Tuesdays 6-8 pm at the back gate. Write this on a small sign for the door.",
        "Der Fahrradkeller ist dienstags von 18 bis 20 Uhr offen. Schreib das bitte auf einen Zettel für die Tür.",
        "L'atelier vélo ouvre le mardi de 18 h à 20 h. Écris ça sur une petite affiche pour la porte.",
        "El taller de bicis abre los martes de 18 a 20 h. Escribe eso en un cartel para la puerta.",
    ],
)
def test_the_words_given_put_on_a_sign_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Write a friendly notice for the bike shed asking people not to leave broken bikes.",
        "Schreib einen freundlichen Aushang für den Fahrradkeller, dass kaputte Räder entfernt werden.",
    ],
)
def test_a_notice_to_compose_stays_medium(text: str) -> None:
    assert level(text) is Complexity.MEDIUM


@pytest.mark.parametrize(
    "text",
    [
        "The ferry bound for Calais leaves at 9. Which terminal?",
        "What time does the last train bound for Edinburgh leave?",
    ],
)
def test_a_train_bound_for_a_city_is_a_lookup(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Give an upper bound for the error of the trapezoid rule on [0, 1].",
        "Prove the same bound for n = 3.",
    ],
)
def test_a_mathematical_bound_stays_hard(text: str) -> None:
    assert level(text) is Complexity.HARD
