"""Names as forms and letters write them (an initial, surname first, after a role word),
and health data made personal by a contact in the same prompt."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.policy.classifiers import PiiClassifier, PromptText
from kinference_epp.policy.classifiers.personal import _FICTION, _NOT_A_NAME, _names

PII = PiiClassifier()


def kinds(text: str) -> set[str]:
    return {k.value for k in PII.classify(PromptText(text, 1)).kinds}


@pytest.mark.parametrize(
    "text",
    [
        "Please write the complaint for me, I'm R. Okafor.",
        "Salut, je suis B. Lemaire, je voudrais annuler ma commande.",
        "Hola, soy Prieto, Marta, y quiero cambiar la cita.",
        "Dear T. Lindqvist, thank you for your order.",
        "Boarding list - Passenger: K. Brennan, seat 14C.",
        "Versicherungsnehmerin Hartmann, Ulrike meldet einen Glasschaden.",
        "Conduttore: Ferraro, Giulia. Redigi la clausola sul deposito.",
        "Huurder P. de Graaf wil de huur opzeggen, schrijf een antwoord.",
        "Summarise the application from Moreau, Julien for the hiring panel.",
        "Bewerbung von J. Albrecht: bitte eine freundliche Zusage schreiben.",
        "Mi hija Lucía tiene fiebre, escribe una nota para la escuela.",
        "My daughter Emily starts school on Monday; write a note to her teacher.",
    ],
)
def test_names_in_the_forms_of_forms_and_letters(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "How does an E. coli outbreak spread in a kitchen?",
        "Why did J. K. Rowling publish under her initials?",
        "See Section A. Methods and B. Results for the protocol.",
        "Paris, France is lovely in May; plan a three-day trip.",
        "Member States must comply with the directive by 2027.",
        "The child Process exits with code 1 on Windows.",
        "The passenger Airbus A320 seats about 180 people.",
        "Candidate Solutions: A. Greedy, B. Dynamic programming. Which is optimal?",
        "Q. What is the capital of France? A. Paris.",
        "Use St. Louis as the hub for the Midwest routes.",
        "Write a letter to Santa, Claus style, for a five-year-old.",
        "Washington, George was the first president: rewrite as a quiz question.",
    ],
)
def test_look_alikes_of_those_forms_are_not_names(text: str) -> None:
    assert kinds(text) == set()


_SAMPLE = 400


def _listed(which: int) -> list[str]:
    """Every ``len // _SAMPLE``-th listed name, leaving out those that are also words the
    recognizer reads otherwise (a novel, "Roman"; a fictional figure, "Watson")."""
    names = sorted(_names()[which])
    plain = [n for n in names if n.isalpha() and n[0].isupper() and n[1:].islower()]
    plain = [n for n in plain if n not in _NOT_A_NAME and n.lower().encode() not in _FICTION]
    return plain[:: max(1, len(names) // _SAMPLE)]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(_listed(1)), st.sampled_from("ABCDEFGHJKLMNPRSTVW"))
def test_an_initial_and_a_listed_surname_beside_other_personal_data(
    surname: str, initial: str
) -> None:
    text = f"Refund request from {initial}. {surname}, card 4539 1488 0343 6467."
    assert "personName" in kinds(text)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(_listed(1)), st.sampled_from(_listed(0)))
def test_surname_first_after_a_role_word(surname: str, given_name: str) -> None:
    assert "personName" in kinds(f"Guest: {surname}, {given_name}. Arrival on Friday.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Note for school: he has type 1 diabetes. Reach me on +44 7700 900123.", {"health"}),
        ("Ich habe Brustkrebs, bitte schreiben Sie an k.weber@posteo.de", {"health"}),
        ("Tengo fibromialgia, mi teléfono es +34 612 345 678, ¿qué hago?", {"health"}),
        ("She takes sertraline and quetiapine; her e-mail is ana.ruiz@correo.es", {"health"}),
    ],
)
def test_health_beside_a_contact_is_personal(text: str, expected: set[str]) -> None:
    assert expected <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "What are the side effects of quetiapine?",
        "I have diabetes, can I eat mangoes?",
        "Is fibromyalgia a diagnosis of exclusion? Answer in two paragraphs.",
        "Dear Ms Patel, your parcel is on its way.",  # an honorific, not a condition
        "Which lithium battery lasts longest in the cold?",
    ],
)
def test_health_without_a_person_or_contact_is_general(text: str) -> None:
    assert "health" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ship it to 4120 Maple Overpass, Springfield, IL 62704.",
        "She lives at 18 Cedar Turnpike, Hagåtña, GU 96910.",
        "Mail the form to 77 Birch Orchard, Apt 3, Lakewood, CO 80226.",
        "APO address: Unit 2050 Box 4190, APO, AP 96278 - is that right? Send to Sgt Lee, "
        "PSC 1234, Pago Pago, AS 96799.",
        "Adres: Kerkring 14 - 7411 AB - Deventer, graag bevestigen.",
    ],
)
def test_street_types_and_us_territories(text: str) -> None:
    assert "address" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "The 1969 Moon Landing was broadcast live; summarise the coverage.",
        "What was agreed at the 2024 NATO Summit in Washington?",
        "Route 66 runs from Chicago to Santa Monica: plan a road trip.",
    ],
)
def test_numbers_before_place_words_are_not_addresses(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Performance review: Oliver was quiet this quarter after his epilepsy diagnosis.",
        "Entschuldigung für die Schule: Lena hat Asthma und darf nicht laufen.",
        "Nota: Lucía tiene diabetes tipo 1, necesita merendar a las once.",
    ],
)
def test_a_first_name_as_the_subject_of_a_condition(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Parkinson has no cure yet; what research is most promising?",
        "In the novel, Grace was a diabetic queen; describe her court.",
        "Is it true that diabetes is more common in older adults?",
    ],
)
def test_conditions_without_a_named_subject_stay_general(text: str) -> None:
    assert "health" not in kinds(text)
