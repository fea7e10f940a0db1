"""Built-in classifiers: PII (with check-digit validators), complexity, topics."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinference_epp.policy.classifiers import (
    ClassifierError,
    ComplexityClassifier,
    PiiClassifier,
    PromptText,
)
from kinference_epp.policy.classifiers.validators import (
    IBAN_LENGTHS,
    iban_check_digits,
    iban_valid,
    luhn_check_digit,
    luhn_valid,
)
from kinference_epp.policy.model import Complexity, PiiKind, PiiSettings

PII = PiiClassifier()


def kinds(text: str, clf: PiiClassifier = PII) -> set[str]:
    return {k.value for k in clf.classify(PromptText(text, 1)).kinds}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("write to john.doe@acme-corp.com today", {"email"}),
        ("card: 4539 1488 0343 6467", {"creditCard"}),
        ("card: 4539-1488-0343-6467", {"creditCard"}),
        ("card: 4539148803436467", {"creditCard"}),
        ("IBAN DE89 3704 0044 0532 0130 00", {"iban"}),
        ("GB82WEST12345698765432 please", {"iban"}),
        ("ring +44 20 7946 0958", {"phone"}),
        ("office (415) 634-0132", {"phone"}),
        ("my SSN is 123-45-6789", {"nationalId"}),
        ("ssn: 123456789", {"nationalId"}),
        ("DNI 12345678Z", {"nationalId"}),
        ("national insurance number AB 12 34 56 C", {"nationalId"}),
        ("key AKIAZ7Q3K2M4N6P8R0TX", {"secret"}),
        ("token ghp_" + "aB3" * 12, {"secret"}),
        ("OPENAI_API_KEY=sk-proj-4fK9xQ2mL7vN1pR8sT3w", {"secret"}),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nabc", {"secret"}),
        ("a@b.io and 4539 1488 0343 6467", {"email", "creditCard"}),
        ("call me on 06 12 34 56 78", {"phone"}),
        ("whatsapp +33 6 12 34 56 78", {"phone"}),
        ("NI number: AB 12 34 56 C", {"nationalId"}),
        ("Mijn BSN is 111222333", {"nationalId"}),
        ("Numéro de sécurité sociale : 1 85 05 78 006 084 36", {"nationalId"}),
        ("Codice fiscale RSSMRA85T10A562S", {"nationalId"}),
        ("Steuer-ID 65 929 970 489", {"nationalId"}),  # check digit holds
        ("card 5018 0000 0009", {"creditCard"}),  # Maestro, 12 digits
        ("card 180000000000002", {"creditCard"}),  # JCB, 15 digits
        ("card 3401 234567 89014", {"creditCard"}),  # Amex, 4-6-5
        ("STRIPE_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc", {"secret"}),
        ("llama al 612 34 56 78", {"phone"}),  # Spanish mobile, 9 digits
        ("rappelez au 0155918581", {"phone"}),  # French, unspaced
        ("number: (030) 1234567", {"phone"}),  # trunk 0 and area code in parentheses
        ("driver at 0644-283035", {"phone"}),
        ("format 07896 703 207 for the database", {"phone"}),
        ("Rappelez au +33 (0)4 82 27 24 31", {"phone"}),
        ("Kind regards,\nAnna\n(959) 594 96 27", {"phone"}),  # a number in a signature
        ("client NIR 185057800608491, merci", {"nationalId"}),  # French NIR, bare, key 91
        ("n° 2 84 12 75 108 123 94 sur le formulaire", {"nationalId"}),  # NIR, printed groups
        ("Su número es X1234567L", {"nationalId"}),  # Spanish NIE, checksum letter
        ("IBAN IT60-X054-2811-1010-0000-0123-456", {"iban"}),  # groups joined by hyphens
        ("scrivimi al 3471234567 domani", {"phone"}),  # Italian mobile, unspaced
        ("DATABASE_URL=postgres://admin:Tr0ub4dor&3@db.acme.io:5432/prod", {"secret"}),
        ("user: deploy / password: Winter2024!x", {"secret"}),
        ("Passwort ist Sommer#2024 für den Server", {"secret"}),
        ("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", {"secret"}),
        (
            "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
            "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
            {"secret"},
        ),
        ("aws_secret_access_key = q8Hw2LrT5nVzK1mP/7xYcJ3bRfD9sA0eUgN4iW6o", {"secret"}),
        ("STRIPE_KEY=sk_live_QwErTyUiOpAsDfGhJkLzXcVb", {"secret"}),  # letters only, random
    ],
)
def test_pii_detects(text: str, expected: set[str]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "card: 4539 1488 0343 6468",  # Luhn fails
        "IBAN DE89 3704 0044 0532 0130 01",  # mod-97 fails
        "see user@example.com or admin@build.test",  # documentation domains
        "released 2024-05-17, version 1.2.3, host 10.0.0.1, port 8080",
        "order #123456789 shipped",  # 9 digits without SSN context
        "SSN 666-12-3456 is not assignable",
        "ticket 555-123-4567",  # not NANP (exchange 1xx) and no phone context word
        "AWS docs use AKIAIOSFODNN7EXAMPLE",
        "set OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "the matrix is 1234 5678 9012 3456 long",  # not Luhn
        "@decorator\ndef f(): pass",
        "",
        "reference 5018 0000 0008",  # a Maestro prefix, Luhn fails
        "batch 123456789012 is ready",  # 12 digits, no card network's prefix
        "contract 0001-234567 renewed",  # a document number with a second zero
        "order 612345678 shipped",  # nine digits not grouped the Spanish way
        "STRIPE_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",  # a placeholder
        "The order number is 0155918581, please check its status.",
        "n° 2 84 12 75 108 123 55",  # an NIR's shape, wrong key
        "ID X1234567A",  # an NIE's shape, wrong letter
        "postgres://app:${DB_PASSWORD}@db:5432/app",  # a reference, not a password
        "password: <your password>",
        "set the password reset_link_timeout to 30",
        "PASSWORD=os.environ['DB_PASSWORD']",
        "the API_KEY is read from settings.api.key",
        "Who lives at 10 Downing Street, and since when?",
        "What happens at 221B Baker Street in the first Holmes story?",
    ],
)
def test_pii_ignores(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Refund customer Olivia Barnes, she was double charged.", {"personName"}),
        ("Dear Mrs. Kowalski,\nyour appointment moved.", {"personName"}),
        ("Thanks,\nPeter Lindqvist\nFacilities", {"personName"}),
        ("Sehr geehrter Herr Brandt, Ihre Bestellung ist unterwegs.", {"personName"}),
        ("Deliver to 221 Baker Street please", {"address"}),
        ("Adresse: Lindenallee 8, 50968 Köln", {"address"}),
        ("Livraison au 5 avenue des Ternes, Paris", {"address"}),
        ("Enviar a Calle Mayor 10, Madrid", {"address"}),
        ("Consegna in Via Roma 21, Torino", {"address"}),
        ("Bezorgen op Prinsengracht 263, Amsterdam", {"address"}),
        ("Return it to the office in Leeds LS1 4AP", {"address"}),
        ("born 14/03/1979 in Leeds", {"dateOfBirth"}),
        ("date of birth: March 3, 1981", {"dateOfBirth"}),
        ("Geburtsdatum 03.03.1975", {"dateOfBirth"}),
        ("née le 2 avril 1990", {"dateOfBirth"}),
        (
            "Patient Tom Hadley was diagnosed with asthma, on salbutamol.",
            {"personName", "health"},
        ),
        (
            "Employee Daniel Fischer earns a salary of 64,000 EUR.",
            {"personName"},
        ),
        ("Llame a la señora Ruiz mañana.", {"personName"}),  # lower-case honorific
        ("Bel mevrouw de Vries terug.", {"personName"}),  # a surname with a particle
        ("Refund customer Sanne van der Berg, IBAN attached.", {"personName"}),
        ("My neighbour Jo Platt keeps parking in front of my garage.", {"personName"}),
        ("Update the record: surname Okonkwo.", {"personName"}),
        ("Account holder: Lars Eriksen", {"personName"}),
        (
            "Schrijf een brief aan Tom Kok, Teundreef 5, 9187 MK, Lellens.",
            {"personName", "address"},
        ),
        ("Stuur het naar Mariaring 22, 1841 NJ, Haastrecht", {"address"}),
        ("Lieferung an Felix-Hiller-Gasse 93, 27557 Pinneberg", {"address"}),
        ("Send it to Glorieta de Bilbao 59, Álava, 12870", {"address"}),
        ("Spedire a Borgo Ansaldo, 68, 06026, Pietralunga (PG)", {"address"}),
        ("Envoyer boulevard Regnier / 90971 Saint Claire", {"address"}),
        ("Il pacco va a 20121 Milano (MI) entro lunedì", {"address"}),  # CAP, city, province
        ("Het pakket gaat naar 1841 NJ, Haastrecht", {"address"}),  # Dutch postcode and city
        ("Riehlstr. 90-21, 44975 Groß-Gerau", {"address"}),
        ("El cliente nació el 09/12/2002 en Soria.", {"dateOfBirth"}),
        (
            "Paziente Lara Peranda, nata il 07/11/1989, affetta da fibrillazione atriale.",
            {"personName", "dateOfBirth", "health"},
        ),
        (
            "Patiënt Joost de Keijzer, bekend met hoge bloeddruk.",
            {"personName", "health"},
        ),
        (
            "Herr Renner, geb. 14.05.1970, leidet an Hypothyreose.",
            {"personName", "dateOfBirth", "health"},
        ),
        ("Passenger PATEL/ANJALI MRS, seat 14C, rebook to Friday.", {"personName"}),
        ("Case note: GARCIA, Maria seen on 3 May, follow-up in two weeks.", {"personName"}),
        ("ciao sono Giulia, mi puoi aiutare con la prenotazione?", {"personName"}),
        ("I called Jansen yesterday about the invoice.", {"personName"}),
        (
            "Claim for John Carter: admitted on 3 March with a fractured hip.",
            {"personName", "health"},
        ),
        ("Signora Rossi è stata ricoverata per polmonite.", {"personName", "health"}),
        ("Mevrouw de Vries is opgenomen met longontsteking.", {"personName", "health"}),
    ],
)
def test_pii_detects_free_text_personal_data(text: str, expected: set[str]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "What are the early symptoms of type 2 diabetes?",
        "When was Marie Curie born, and what did she discover?",
        "Write a scene where Sherlock Holmes meets Dr. Watson at Baker Street.",
        "Invoice 2024-0117 dated 12/03/2024, order 556677, total 1,200 EUR.",
        "Who was Albert Einstein and why did he win the Nobel prize?",
        "for i in range(10):\n    name = f'user{i}'\n    print(name)",
        "Is 5 mg of melatonin a typical dose?",
        "The road from Rome to Naples is 225 km long.",
        "A patient on warfarin starts antibiotics. What should be checked?",
        "In my novel the detective Anna Kowalczyk lives on a station. Give her a backstory.",
        "Deploy via Helm 3 and route traffic via Istio 1.20.",
        "Spring 2024 collection: write blurbs for 12 items.",
        "Write a sonnet about the Via Appia 2000 years ago.",
        "The year 1066 AD, Hastings: describe the battle.",
        "Sehr geehrte Damen und Herren, wir freuen uns.",
        "Write a letter to Santa Claus from a six-year-old.",
        "I called Mom yesterday.",
        "This is Paris in spring: what should I see?",
        "Route LHR/JFK on Monday, how long is the flight?",
        "SMITH, J. (2019). Deep learning. Nature.",
        "Contact Support if the build fails.",
    ],
)
def test_pii_ignores_free_text_look_alikes(text: str) -> None:
    assert kinds(text) == set()


def test_free_text_kinds_can_be_left_out() -> None:
    structured = PiiClassifier(PiiSettings(kinds=[PiiKind.EMAIL]))
    assert kinds("Dear Mr. Okafor, write to okafor@acme-corp.com", structured) == {"email"}


def test_pii_allowlists_and_kinds() -> None:
    clf = PiiClassifier(
        PiiSettings(
            allow_domains=["corp.io"],
            allow_values=["4539 1488 0343 6467"],
            kinds=[PiiKind.EMAIL, PiiKind.CREDIT_CARD],
        )
    )
    assert kinds("ops@corp.io, dev@eu.corp.io", clf) == set()
    assert kinds("card 4539-1488-0343-6467", clf) == set()  # allow-listed by its digits
    assert kinds("ssn 123-45-6789", clf) == set()  # kind not enabled
    assert kinds("bob@elsewhere.org", clf) == {"email"}


def test_pii_cannot_read_token_ids() -> None:
    with pytest.raises(ClassifierError):
        PII.classify(PromptText(None, 1))


def test_pii_scans_the_whole_prompt() -> None:
    filler = "lorem ipsum dolor sit amet " * 5000
    assert kinds(filler + " reach me at jane@acme-corp.com") == {"email"}


# -- check digits (property-based) -----------------------------------------------------------


@given(st.text(alphabet=string.digits, min_size=1, max_size=30))
def test_luhn_check_digit_makes_any_payload_valid(payload: str) -> None:
    number = payload + luhn_check_digit(payload)
    assert luhn_valid(number)


@given(
    st.text(alphabet=string.digits, min_size=2, max_size=30), st.integers(0, 29), st.integers(1, 9)
)
def test_luhn_catches_every_single_digit_error(payload: str, pos: int, delta: int) -> None:
    number = payload + luhn_check_digit(payload)
    i = pos % len(number)
    changed = number[:i] + str((int(number[i]) + delta) % 10) + number[i + 1 :]
    assert not luhn_valid(changed)


@given(st.text(min_size=0, max_size=40))
def test_luhn_never_raises(text: str) -> None:
    assert luhn_valid(text) in (True, False)


@given(st.sampled_from(sorted(IBAN_LENGTHS)), st.data())
def test_iban_check_digits_round_trip(country: str, data: st.DataObject) -> None:
    alphabet = string.digits + string.ascii_uppercase
    bban = data.draw(st.text(alphabet=alphabet, min_size=IBAN_LENGTHS[country] - 4,
                             max_size=IBAN_LENGTHS[country] - 4))  # fmt: skip
    iban = country + iban_check_digits(country, bban) + bban
    assert iban_valid(iban)
    assert iban_valid(" ".join(iban[i : i + 4] for i in range(0, len(iban), 4)))
    # Any single digit substitution is caught by mod 97 (letters, worth two digits, may not be).
    i = data.draw(st.sampled_from([j for j in range(2, len(iban)) if iban[j].isdigit()]))
    replacement = data.draw(st.sampled_from([c for c in string.digits if c != iban[i]]))
    assert not iban_valid(iban[:i] + replacement + iban[i + 1 :])


@given(st.text(max_size=40))
def test_iban_never_raises(text: str) -> None:
    assert iban_valid(text) in (True, False)


@given(st.text(max_size=300))
def test_pii_never_raises_on_arbitrary_text(text: str) -> None:
    found = PII.classify(PromptText(text, 1))
    assert found.kinds <= set(PiiKind)
    assert PII.classify(PromptText(text, 1)) == found  # stateless: the same text, the same answer


def test_generated_cards_are_found() -> None:
    rng = random.Random(7)
    for _ in range(50):
        payload = "4" + "".join(rng.choice(string.digits) for _ in range(14))
        number = payload + luhn_check_digit(payload)
        spaced = " ".join(number[i : i + 4] for i in range(0, 16, 4))
        assert kinds(f"pay with {spaced} now") == {"creditCard"}


# -- complexity -------------------------------------------------------------------------------

CX = ComplexityClassifier()


@pytest.mark.parametrize(
    ("text", "turns", "level"),
    [
        ("What is the capital of France?", 1, Complexity.EASY),
        ("hi", 1, Complexity.EASY),
        ("Prove that sqrt(2) is irrational, step by step.", 1, Complexity.HARD),
        ("Prove there are infinitely many primes.", 1, Complexity.HARD),
        ("Fix the ABA problem in this lock-free queue.", 1, Complexity.HARD),
        ("Derive the posterior of a Beta-Bernoulli model.", 1, Complexity.HARD),
        ("Plan a zero-downtime Postgres major-version migration.", 1, Complexity.HARD),
        ("Translate 'good night' into Italian.", 1, Complexity.EASY),
        ("How do you spell 'necessary'?", 1, Complexity.EASY),
        ("Fix the typos: " + "Teh cat sat on teh mat. " * 60, 1, Complexity.EASY),
        ("Explain why the sky is blue and compare it with sunsets.", 1, Complexity.MEDIUM),
        (
            "Refactor this and analyze the trade-offs; justify the design.\n```python\n"
            + "def f(x):\n    return x == 1\n" * 10
            + "```",
            1,
            Complexity.HARD,
        ),
        ("word " * 40_000, 1, Complexity.MEDIUM),  # length alone: a 10k-token paste
    ],
)
def test_complexity_levels(text: str, turns: int, level: Complexity) -> None:
    assert CX.classify(PromptText(text, turns)) is level


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Prove the pumping lemma.", Complexity.HARD),  # a proof asked, however short
        ("Show that the Cantor set is uncountable.", Complexity.HARD),
        ("Give a correctness proof for a two-phase commit.", Complexity.HARD),
        ("Design a leader election for 5 nodes across 3 zones.", Complexity.HARD),
        ("How would you shard a chat service so that messages stay ordered?", Complexity.HARD),
        ("Why does my spinlock get slower with more cores?", Complexity.HARD),
        (
            "Write a parser for arithmetic expressions with precedence, unary minus and error recovery.",
            Complexity.HARD,
        ),
        ("Plan my weekend in Paris with two museums and a nice dinner.", Complexity.MEDIUM),
        ("Design a logo for my bakery.", Complexity.MEDIUM),
        ("Fix this bug: my loop prints one item too many.", Complexity.MEDIUM),
        ("Write a Python function that reverses a string.", Complexity.MEDIUM),
        ("Which planet is closest to the Sun?", Complexity.EASY),  # a short factual question
        ("What is 12 plus 30?", Complexity.EASY),
        ("Suggest a title for my holiday photo album.", Complexity.EASY),
        ("Make this paragraph more formal: hi all, the build broke again, sorry.", Complexity.EASY),
        (
            "Turn these notes into full sentences:\n- design review next week\n"
            "- budget approval for cloud costs\n- QA found 12 bugs",
            Complexity.EASY,
        ),
        (
            "Please fix the grammar in this paragraph, change nothing else: "
            + "Teh cat sat. " * 20,
            Complexity.EASY,
        ),
        # A translation or rewrite that must keep form or legal effect is not a lookup.
        ("Translate this sonnet into Italian, keeping the rhyme and the metre.", Complexity.HARD),
        ("Translate these jokes into Dutch so that every pun still works.", Complexity.HARD),
        (
            "Rewrite this liability clause in plain English without changing its effect.",
            Complexity.HARD,
        ),
        ("Translate this paragraph into Spanish: we ship on Mondays.", Complexity.EASY),
        # A dense quantitative question in an expert field.
        (
            "What beam depth keeps deflection under 12 mm on a 5 m span at 8 kN/m?",
            Complexity.HARD,
        ),
        ("Explain exactly why this double-checked locking needs volatile.", Complexity.HARD),
        ("Is a tomato a fruit?", Complexity.EASY),  # a short yes/no question
        ("Does Python have a switch statement?", Complexity.EASY),
        ("Can cats eat chocolate?", Complexity.EASY),  # "can" asks, it is no filler here
        ("Demonstrate that there are infinitely many primes of the form 6k+5.", Complexity.HARD),
        ("Is every Cauchy sequence bounded? Give a rigorous argument.", Complexity.HARD),
        ("Why is the trace of a nilpotent matrix zero?", Complexity.HARD),  # why + maths
        ("Work out the MLE of a Poisson rate from censored counts.", Complexity.HARD),
        (
            "This loop is O(n^2) on 5 million rows; make it fast enough for a cron job.",
            Complexity.HARD,
        ),
        (
            "My Go service sometimes hangs under load when two threads share a map. What's going on?",
            Complexity.HARD,  # a fault described, a diagnosis asked
        ),
        ("Make this sentence shorter: we will be arriving at the hotel late.", Complexity.EASY),
        ("Find a counterexample: every continuous function on (0,1) is bounded.", Complexity.HARD),
        ("Tighten this proof that there are infinitely many primes.", Complexity.HARD),
        ("My Vue app re-renders every row when one changes; figure out why.", Complexity.HARD),
        ("Port this Perl script to Python so that its output stays identical.", Complexity.HARD),
        (
            "How many ways can 6 queens be placed so that none attack each other?",
            Complexity.MEDIUM,  # a constraint: no lookup, whatever its opening words
        ),
        ("Is it going to rain in Oslo in December?", Complexity.EASY),
        ("What are the main causes of inflation?", Complexity.MEDIUM),  # an explanation
        (
            "Under Dutch law, can my landlord keep the deposit for normal wear and tear?",
            Complexity.HARD,  # a question joining two expert terms
        ),
        ("Walk me through why our Kafka consumers lag after every rebalance.", Complexity.HARD),
        (
            "Rewrite this paragraph for children while keeping every scientific claim accurate.",
            Complexity.HARD,
        ),
    ],
)
def test_complexity_judges_what_is_asked(text: str, level: Complexity) -> None:
    assert CX.classify(PromptText(text, 1)) is level


def test_complexity_counts_instructions_at_the_end_of_long_prompts() -> None:
    pasted = "Some retrieved context sentence. " * 3000
    question = " Now prove step by step, analyze and compare the trade-offs, then justify."
    plain = CX.classify(PromptText(pasted, 1))
    asked = CX.classify(PromptText(pasted + question, 1))
    assert [plain, asked] == [Complexity.MEDIUM, Complexity.HARD]  # length alone: medium


def test_complexity_cannot_read_token_ids() -> None:
    with pytest.raises(ClassifierError):
        CX.classify(PromptText(None, 1))


def test_free_text_cues_are_found_whatever_their_case_and_script() -> None:
    # Cue words are located in an ASCII map of the prompt: non-ASCII letters and upper case
    # must not hide them, and offsets must still line up with the text.
    assert kinds("Éè " * 50 + "Llame a la Señora Ruiz mañana.") == {"personName"}
    assert kinds("¿Qué? " * 30 + "Paciente Ana Gómez, diagnóstico: epilepsia.") == {
        "personName",
        "health",
    }
    long_prefix = "Some pasted context about queues and caches. " * 80  # past the short path
    assert kinds(long_prefix + "Address: 12 Oak Road, Leeds LS1 4AP") == {"address"}
    assert kinds(long_prefix + "Dirección: C/ Mayor 10, Madrid") == {"address"}


def test_an_ip_or_email_address_in_a_long_prompt_is_not_postal() -> None:
    long_prefix = "Some pasted context about queues and caches. " * 80
    assert kinds(long_prefix + "The IP address 10.0.0.7 of the SW1A 1AA rack is down.") == set()
    assert kinds(long_prefix + "Her address: 12 Oak Road, Leeds LS1 4AP") == {"address"}


def test_long_prompts_dense_with_cue_words_still_find_personal_data() -> None:
    # Cue words repeated through a pasted text: each is looked at in a bounded number of
    # places, and personal data next to one of them is still found.
    filler = "The patient was born in a clinic and the customer's address changed. " * 60
    assert kinds(filler) == set()
    assert kinds("Customer Olivia Barnes, born 14/03/1979. " + filler) == {
        "personName",
        "dateOfBirth",
    }
