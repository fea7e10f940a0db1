"""A word that is a bound in maths and an everyday thing elsewhere (German "Schranke": a
barrier at a car park or a level crossing; French "borne": a charging point or a kiosk;
Spanish "cota": a height above sea level) reads as a bound only where the text is about
maths or an algorithm's cost, or with "upper"/"lower"; on prompts written for these tests
(not taken from any evaluation set), in the four languages."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.languages import in_english
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "The barrier at the car park won't open, who do I call?",
        "Die Schranke am Parkplatz geht nicht auf, wen rufe ich an?",
        "Wann geht die Schranke am Bahnübergang wieder hoch?",
        "La borne de recharge du parking ne marche plus, qui dois-je appeler ?",
        "¿A qué cota está el refugio de montaña?",
    ],
)
def test_the_everyday_thing_is_an_everyday_question(text: str) -> None:
    """A gate, a charging point, an altitude: a question about them is a lookup."""
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Find an upper bound for the running time of this algorithm and prove it.",
        "Finde eine Schranke für die Laufzeit dieses Algorithmus.",
        "Trouve une borne pour la complexité de cet algorithme.",
        "Encuentra una cota para la complejidad de este algoritmo.",
        "Trouve une borne supérieure pour cette quantité et démontre-la.",
    ],
)
def test_the_bound_of_maths_stays_hard(text: str) -> None:
    """With an algorithm's cost or a proof beside it the word is the bound of maths."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    ("text", "lang", "bound"),
    [
        ("die schranke am parkplatz ist offen.", "de", False),
        ("gib eine obere schranke an.", "de", True),
        ("la borne des badges est en panne.", "fr", False),
        ("une borne inférieure suffit.", "fr", True),
        ("la cota del pico es alta.", "es", False),
        ("una cota superior basta.", "es", True),
    ],
)
def test_upper_or_lower_makes_a_bound_anywhere(text: str, lang: str, bound: bool) -> None:
    """ "Obere Schranke", "borne inférieure", "cota superior" are bounds in any text."""
    assert ("bound" in in_english(text, lang)) is bound
