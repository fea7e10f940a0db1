"""How a reader rates a yes/no question that weighs an argument the prompt gives ("... because
..., so .... Is that convincing?"), in the four languages, on prompts written for these tests
(not taken from any evaluation set): it asks for an appraisal of reasoning, so it is never
easy, and a further reasoning ask beside it makes it hard; the same words about a costume or
a ticket, with no argument, stay an everyday question."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.appraisal import appraises_argument
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


_ARGUMENTS = [
    "Cities should ban cars from the centre because shops there lose nothing when "
    "drivers stay away, so the ban costs nobody.\n\nIs that convincing?",
    "Is that convincing? Cities should ban cars from the centre because shops lose "
    "nothing when drivers stay away.",
    "Städte sollten Autos aus der Innenstadt verbannen, weil die Läden dort nichts "
    "verlieren, wenn Autofahrer fernbleiben.\n\nÜberzeugt das?",
    "Les villes devraient interdire les voitures au centre, car les commerces n'y perdent "
    "rien quand les automobilistes restent à l'écart.\n\nEst-ce convaincant ?",
    "Las ciudades deberían prohibir los coches en el centro porque las tiendas no pierden "
    "nada cuando los conductores no vienen.\n\n¿Es convincente?",
    "My colleague's argument: we never had an outage, so we need no backups. Is the "
    "reasoning valid?",
    "Die Behauptung lautet: Wer früh aufsteht, ist erfolgreicher. Ist die Begründung schlüssig?",
    "L'argument : il a plu hier, donc il pleuvra demain. Le raisonnement tient-il la route ?",
    "El argumento: nunca hemos tenido un fallo, así que no necesitamos copias. ¿Se sostiene?",
    "Night trains are doomed because planes are faster, so no one will book them.\n\nDoes "
    "this reasoning hold?",
    "Nachtzüge haben keine Zukunft, weil Flugzeuge schneller sind.\n\nIst das Argument gut?",
    "Les trains de nuit sont condamnés car l'avion est plus rapide.\n\nL'argument est-il bon ?",
    "Los trenes nocturnos no tienen futuro porque el avión es más rápido.\n\n¿El argumento "
    "es bueno?",
]


@pytest.mark.parametrize("text", _ARGUMENTS)
def test_a_yes_no_question_weighing_an_argument_is_not_easy(text: str) -> None:
    """The question asks whether reasoning persuades or holds: an appraisal, not a lookup,
    and the closing question alone (short, yes/no) must not set the level."""
    assert appraises_argument(text.lower())
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Cities should ban cars from the centre because shops there lose nothing when "
        "drivers stay away. Is that convincing? Give the strongest counterexample and list "
        "the hidden assumptions.",
        "Städte sollten Autos verbannen, weil die Läden nichts verlieren. Überzeugt das? "
        "Nenne die versteckten Annahmen und gib ein Gegenbeispiel.",
        "Les villes devraient interdire les voitures, car les commerces n'y perdent rien. "
        "Est-ce convaincant ? Identifie les hypothèses cachées et donne un contre-exemple.",
        "Las ciudades deberían prohibir los coches porque las tiendas no pierden nada. ¿Es "
        "convincente? Identifica los supuestos ocultos y da un contraejemplo.",
    ],
)
def test_an_appraisal_with_a_further_reasoning_ask_is_hard(text: str) -> None:
    """The appraisal is one demand; hidden assumptions or a counterexample beside it make
    the request one to argue out."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Is this pirate costume convincing enough for a party?",
        "Is my train ticket still valid on Sunday?",
        "Ist mein Zugticket am Sonntag noch gültig?",
        "Est-ce que mon billet de train est encore valable dimanche ?",
        "¿Mi billete de tren sigue siendo válido el domingo?",
        "Is the museum open on Monday because of the holiday?",
        "Is my insurance claim still valid?",
        "Are these tickets still valid?",
        "We moved the party indoors because of the rain. Is that a good idea?",
        "Wir feiern drinnen, weil es regnet. Ist das eine gute Idee?",
        "On fête à l'intérieur car il pleut. C'est une bonne idée ?",
        "Celebramos dentro porque llueve. ¿Es buena idea?",
        "Ist das Museum am Montag offen, weil Feiertag ist?",
    ],
)
def test_an_everyday_yes_no_question_stays_easy(text: str) -> None:
    """No argument to weigh: "valid" of a ticket, "convincing" of a costume, "because" in
    a question about opening hours."""
    assert not appraises_argument(text.lower())
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Evaluate the logic of this: night trains are doomed because planes are faster.\n\nThanks!",
        "Bewerte die Logik: Nachtzüge haben keine Zukunft, weil Flugzeuge schneller sind.\n\n"
        "Danke!",
        "Évalue la logique : les trains de nuit sont condamnés car l'avion est plus rapide.\n\n"
        "Merci !",
        "Evalúa la lógica: los trenes nocturnos no tienen futuro porque el avión es más "
        "rápido.\n\n¡Gracias!",
        "Evaluate the logic of this: night trains are doomed because planes are faster.\n\n"
        "Answer in English.",
    ],
)
def test_a_task_asked_above_is_not_undone_by_an_easy_closing_line(text: str) -> None:
    """The text above opens with a task verb: it is the request, and a closing line
    ("Thanks!", "Answer in English.") that reads easy on its own does not set the level."""
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Dear colleague, I refer Mr Tamsin Hale, 71, with severe asthma and two admissions "
        "this year. He lives alone. Kind regards.\n\nAdd a one-line subject to the text above.",
        "Estimado compañero: le remito al Sr. Anselmo Ríos, 71 años, con asma grave y dos "
        "ingresos este año. Vive solo. Un saludo.\n\nPonle al texto de arriba un asunto de una "
        "línea.",
        "Sehr geehrte Kollegin, ich überweise Herrn Tamsin Hale, 71, mit schwerem Asthma. Er "
        "lebt allein. Mit freundlichen Grüßen.\n\nÜbersetze das ins Englische.",
        "Cher confrère, je vous adresse M. Tamsin Hale, 71 ans, asthme sévère. Il vit seul. "
        "Bien à vous.\n\nTraduis-le en anglais.",
    ],
)
def test_a_letter_above_a_closing_edit_asks_nothing_itself(text: str) -> None:
    """A salutation ("Estimado compañero", Spanish for "dear colleague") is no "estimate":
    the letter asks nothing, and the closing edit sets the level."""
    assert level(text) is Complexity.EASY
