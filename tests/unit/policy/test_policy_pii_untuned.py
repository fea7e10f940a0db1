"""PII rules for text nobody tuned them to: each recognizer, cue and negative on its own,
in the four languages, with the checksums drawn by hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.classifiers.validators import luhn_check_digit, nss_valid
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


def _nss(province: int, serial: int) -> str:
    """A Spanish social security number computed from its definition (not the validator)."""
    base = (
        province * 10_000_000 + serial
        if serial < 10_000_000
        else int(f"{province:02d}{serial:08d}")
    )
    return f"{province:02d}{serial:08d}{base % 97:02d}"


@given(
    province=st.one_of(st.integers(1, 53), st.just(66)),
    serial=st.integers(0, 99_999_999),
    wrong=st.integers(1, 96),
)
def test_spanish_social_security_numbers_by_their_control_digits(
    province: int, serial: int, wrong: int
) -> None:
    number = _nss(province, serial)
    assert nss_valid(number)
    bad = number[:10] + f"{(int(number[10:]) + wrong) % 97:02d}"
    assert not nss_valid(bad)
    printed = f"{number[:2]}/{number[2:10]}/{number[10:]}"
    assert "nationalId" in kinds(f"Número de afiliación: {printed}. ¿Dónde lo indico?")
    assert "nationalId" in kinds(f"Mi número de la Seguridad Social es {number}.")


def test_a_bare_twelve_digit_number_is_no_social_security_number_without_its_label() -> None:
    assert "nationalId" not in kinds(f"Pedido 4471 enviado, seguimiento {_nss(8, 30085726)}.")


@pytest.mark.parametrize(
    "line",
    [
        "2026-03-02 07:58:14 Anmeldung fehlgeschlagen Benutzer=petra.lang Quell-IP=212.88.27.54",
        "2026-05-04 06:41:22 Login ok Nutzer=kobermaier IP=84.150.221.13",
        "12/05/2026 09:14:02 connexion acceptée utilisateur=lgarnier depuis 90.112.47.203",
        "2026-05-07 22:41:17 acceso correcto usuario=jlozano origen=88.27.140.61",
        "sshd[2231]: Accepted publickey for mhalvorsen from 92.40.188.17 port 51702",
    ],
)
def test_an_ip_with_its_user_in_four_languages_and_in_syslog_lines(line: str) -> None:
    assert "ipAddress" in kinds("Auszug / extrait / registro:\n" + line + "\n\nSummarise.")


def test_a_log_without_users_holds_no_ip_user() -> None:
    log = "2026-05-04 06:41:22 gateway request=rq-1a2b upstream 10.0.3.7 latency_ms=41"
    assert "ipAddress" not in kinds(log)


@pytest.mark.parametrize(
    "text",
    [
        "HR needs my National Insurance number for the pension form. It is TM 48 19 27 C.",
        "Für die Einreise brauche ich den Reisepass. Er wurde 2022 ausgestellt. "
        "Die Nummer ist CYKNVXK98.",
        "Identitätsprüfung: Personalausweisnummer LHRC74GX8, ausgestellt in Leipzig.",
        "Para el vuelo me piden el pasaporte. Lo renové el año pasado. El número es PAB482913.",
    ],
)
def test_identifiers_whose_label_is_a_sentence_away_or_that_have_few_digits(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Unter uns: Torsten Wendt aus der Buchhaltung hat 38.000 € Spielschulden.",
        "Entre nous, Sylvie Marchand de la compta est en surendettement.",
        "Que no salga de aquí: Andrés Quintana tiene embargada la nómina por deudas.",
        "Between us, Fiona Ashdown in payroll is three months in arrears on her rent.",
        "Mi compañera Nerea Aguirre me ha contado que tiene un linfoma.",
    ],
)
def test_a_named_person_s_money_trouble_or_condition_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        # timestamps after "call" are no phones
        "retrying upstream call attempt=14/3 backoff_ms=79\n2026-03-11T08:00:16.210Z INFO",
        # consecutive, repeated and 555 numbers are placeholders
        "Im Formular steht: Max Mustermann, Musterstraße 1, Tel. 0123 456789.",
        "Données fictives : Jean Dupont, tél. 01 23 45 67 89.",
        "Datos ficticios: Juan Pérez, teléfono 555 123 456.",
        "In staging we use the documented test card 4242 4242 4242 4242.",
        # a drama number the text says is one
        "The TV-drama number 07700 900461 from Ofcom's reserved range goes in the field.",
        # an organisation's service line
        "El teléfono de atención al cliente de Renfe es el 912 320 320.",
        "Die Service-Hotline der Bahn: 030 2970 0000, rund um die Uhr.",
    ],
)
def test_numbers_no_person_answers_are_no_phones_or_cards(text: str) -> None:
    assert not kinds(text) & {"phone", "creditCard"}


def test_a_drama_range_number_without_a_word_about_it_is_still_a_phone() -> None:
    assert "phone" in kinds("You can reach me on +44 114 496 0072 after six.")


@given(payload=st.from_regex(r"4[0-9]{11}", fullmatch=True))
def test_a_bare_13_digit_run_is_a_card_after_a_card_word_not_in_a_csv(payload: str) -> None:
    """13 digits starting with 4 is a Visa length: Luhn-valid ones are cards where a card
    word introduces them, and tracking numbers in a table's column elsewhere."""
    number = payload + luhn_check_digit(payload)
    if len(set(number)) <= 2:
        return  # a repeated pattern is a test card either way
    row = f"48260980,2026-02-06 17:52,SKU-49228,10,202.44,DUS-2,shipped,UPS,{number}\n"
    header = "order_id,date,sku,qty,price,wh,status,carrier,tracking\n"
    assert "creditCard" not in kinds(header + row * 2)
    assert "creditCard" in kinds(f"My Visa card {number} was charged twice.")


@pytest.mark.parametrize(
    "text",
    [
        "What are the opening hours of the British Museum, Great Russell Street, London WC1B 3DG?",
        "Our supplier is Unilever PLC, 100 Victoria Embankment, London EC4Y 0DY. Draft a letter.",
        "Die Siemens AG sitzt in der Werner-von-Siemens-Straße 1, 80333 München.",
        "Notre fournisseur est L'Oréal, 14 rue Royale, 92110 Clichy. Rédige une demande.",
        "Nuestro proveedor es Inditex, Avenida de la Diputación, 15143 Arteixo.",
        "Wann hat der Kölner Dom, Domkloster 4, 50667 Köln, sonntags geöffnet?",
    ],
)
def test_addresses_of_landmarks_and_companies_are_not_personal(text: str) -> None:
    assert not kinds(text) & {"address", "personName"}


def test_a_home_address_in_a_long_document_that_names_suppliers_elsewhere_is_kept() -> None:
    filler = "Vendor review: the supplier will send a revised quote for the warehouse. " * 40
    text = (
        filler + "\nHR: Tanya Okonkwo asked that her payslips go to her home address, Flat 3, "
        "62 Mafeking Road, Cardiff CF23 5DQ.\n" + filler
    )
    assert "address" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Friedrich Schiller wurde am 10. November 1759 in Marbach am Neckar geboren.",
        "Miguel de Cervantes nació en Alcalá de Henares en 1547. Nombra tres obras.",
        "Federico García Lorca nació el 5 de junio de 1898 en Fuente Vaqueros.",
        "Charles Dickens was born on 7 February 1812 in Portsmouth.",
    ],
)
def test_people_born_before_1910_are_historical(text: str) -> None:
    assert not kinds(text) & {"personName", "dateOfBirth"}


def test_a_living_person_s_birth_date_stays_personal() -> None:
    assert "dateOfBirth" in kinds("Patient Gordon Ferriby, born 3 April 1961, has chest pain.")


def test_a_declared_invalid_test_set_holds_no_labelled_id() -> None:
    text = (
        "Jeu de test volontairement invalide : NIR 1 85 05 75 123 456 00. "
        "Écris des tests qui vérifient que le validateur le rejette."
    )
    assert "nationalId" not in kinds(text)


def test_a_documented_test_card_is_a_card_unless_the_text_says_it_is_test_data() -> None:
    assert "creditCard" in kinds("My card is 4111 1111 1111 1111, please refund it.")
    assert "creditCard" not in kinds("Use the sandbox test card 4111 1111 1111 1111 in staging.")


def test_a_documentation_domain_in_an_e_mail_declares_no_test_card() -> None:
    assert "creditCard" in kinds("my email is jane.doe@example.com, card 4111 1111 1111 1111")
