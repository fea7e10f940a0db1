"""Structured identifiers in the ways people write them: separators, case, printed groups,
and credentials recognised by their issuers' shapes or the header that carries them."""

from __future__ import annotations

import base64
import string
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.policy.classifiers import PiiClassifier, PromptText
from kinference_epp.policy.classifiers.validators import iban_check_digits, luhn_check_digit

PII = PiiClassifier()
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_IBAN_SIZES = {"DE": 22, "FR": 27, "ES": 24, "NL": 18, "IT": 27, "GB": 22, "BE": 16}


def kinds(text: str) -> set[str]:
    return {k.value for k in PII.classify(PromptText(text, 1)).kinds}


def _rvnr_check(payload: str) -> str:
    total = 0
    for d, w in zip(payload, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True):
        p = int(d) * w
        total += p // 10 + p % 10
    return str(total % 10)


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=string.digits, min_size=15, max_size=15),
    st.sampled_from([" ", "  ", "-", "."]),
)
def test_cards_with_any_one_separator_are_found(payload: str, sep: str) -> None:
    number = "4" + payload[1:] + luhn_check_digit("4" + payload[1:])
    written = sep.join(number[i : i + 4] for i in range(0, 16, 4))
    assert kinds(f"charge on {written} please") == {"creditCard"}
    wrong = number[:-1] + str((int(number[-1]) + 1) % 10)
    assert kinds(f"charge on {sep.join(wrong[i : i + 4] for i in range(0, 16, 4))} please") == set()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(_IBAN_SIZES)), st.data())
def test_ibans_in_lower_or_mixed_case_are_found(country: str, data: st.DataObject) -> None:
    size = _IBAN_SIZES[country] - 4
    letters = 4 if country in ("GB", "NL") else 0  # their BBANs start with a bank's letters
    bban = data.draw(st.text(alphabet=string.ascii_uppercase, min_size=letters, max_size=letters))
    bban += data.draw(
        st.text(alphabet=string.digits, min_size=size - letters, max_size=size - letters)
    )
    iban = country + iban_check_digits(country, bban) + bban
    grouped = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4)).lower()
    assert kinds(f"pay the deposit to {grouped}, thanks") == {"iban"}


@settings(max_examples=60, deadline=None)
@given(st.integers(10_000_000, 99_999_999), st.booleans())
def test_spanish_dni_in_its_printed_groups(number: int, dotted: bool) -> None:
    digits = f"{number:08d}"
    letter = _DNI_LETTERS[number % 23]
    body = f"{digits[:2]}.{digits[2:5]}.{digits[5:]}" if dotted else digits
    assert kinds(f"documento {body}-{letter} adjunto") == {"nationalId"}
    other = _DNI_LETTERS[(number + 1) % 23]
    assert kinds(f"documento {body}-{other} adjunto") == set()


@settings(max_examples=60, deadline=None)
@given(
    st.integers(10, 99),
    st.dates(),
    st.sampled_from(string.ascii_uppercase),
    st.integers(0, 99),
)
def test_german_pension_insurance_numbers(area: int, born: date, letter: str, serial: int) -> None:
    digits = f"{area:02d}{born:%d%m%y}"
    payload = digits + f"{ord(letter) - 64:02d}{serial:02d}"
    check = _rvnr_check(payload)
    assert kinds(f"Versicherung: {digits[:2]} {digits[2:]} {letter} {serial:02d}{check}") == {
        "nationalId"
    }
    wrong = str((int(check) + 1) % 10)
    assert kinds(f"Versicherung: {digits[:2]} {digits[2:]} {letter} {serial:02d}{wrong}") == set()


def _token(alphabet: str, size: int, seed: int = 7) -> str:
    return "".join(alphabet[(seed * i * i + 3 * i) % len(alphabet)] for i in range(size))


_B64 = string.ascii_letters + string.digits + "+/"


@pytest.mark.parametrize(
    "text",
    [
        "my NIE: Y-4291035-" + _DNI_LETTERS[14291035 % 23],
        "the SSN field says 219 09 9999",
        "webhook https://hooks.slack.com/services/T0AB12CD3/B0XY98ZW7/"
        + _token(string.ascii_letters + string.digits, 24),
        "AccountName=acme;AccountKey=" + _token(_B64, 86) + "==;EndpointSuffix=core.windows.net",
        "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey="
        + _token(_B64, 43)
        + "=",
        "curl -H 'Authorization: Basic "
        + base64.b64encode(b"deploy:W1nter-Sun").decode()
        + "' https://api.acme.io",
        "Authorization: Bearer " + _token(string.ascii_letters + string.digits, 40),
        "redis://cache:*Q7hv2Lk9Pz@redis.acme.io:6379/0",
        "they pasted SK" + _token("0123456789abcdef", 32) + " in the ticket",
        "DIGITALOCEAN_TOKEN=dop_v1_" + _token("0123456789abcdef", 64),
        "shop token shpat_" + _token("0123456789abcdef", 32),
        "WEBHOOK_SECRET=whsec_" + _token(string.ascii_letters + string.digits, 32),
        "export AWS_ACCESS_KEY_ID=ABIA" + _token(string.ascii_uppercase + "234567", 16),
        "the dashboard shows https://x.blob.core.windows.net/c/f.txt?sv=2022-11-02&sig="
        + _token(string.ascii_letters + string.digits + "%", 44),
    ],
)
def test_structured_identifiers_written_in_other_ways(text: str) -> None:
    assert kinds(text) - {"personName"} in ({"nationalId"}, {"secret"})


@pytest.mark.parametrize(
    "text",
    [
        "Basic Income is a policy idea; explain the arguments.",
        "Authorization: Basic <base64 of user:password>",
        "Authorization: Basic " + base64.b64encode(b"user:password").decode(),
        "Authorization: Bearer <your-token-here>",
        "Authorization: Bearer $TOKEN",
        "AccountKey=<your key>;EndpointSuffix=core.windows.net",
        "https://hooks.slack.com/services/... is where alerts go",
        "part number 1234  5678  9012  3456 in the catalogue",  # not Luhn
        "ticket ab12 3456 7890 1234 56 is closed",  # an IBAN's shape, no country
        "SKU 12345678-Q in stock",  # a DNI's shape, wrong letter
        "rows 219 09 9999 of the log",  # an SSN's shape without its label
        "version 70 100756 D 229 of the firmware",  # a pension number's shape, wrong check
    ],
)
def test_look_alikes_of_those_shapes_are_ignored(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "guardian Ana Pérez (0612345678) will pick her up",  # a number in parentheses
        "the landlord (0836 703035) never answers",
        "Kai Lund, 001-415-555-0132, kai.lund@acme-corp.com - make a vCard",
        "reach our Paris office on 0033 1 42 68 53 00",
    ],
)
def test_phones_in_parentheses_or_after_a_00_prefix(text: str) -> None:
    assert "phone" in kinds(text)


@pytest.mark.parametrize(
    "text",
    ["order 0044 1234 5678 shipped", "invoice ref 001-234-567-8901 is overdue"],
)
def test_document_numbers_with_a_00_prefix_are_not_phones(text: str) -> None:
    assert kinds(text) == set()
