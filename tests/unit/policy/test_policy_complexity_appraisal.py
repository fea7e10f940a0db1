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
