"""PII in four languages: labels a sentence away, checksums, IP + user in logs, and the
negatives that only look like personal data (placeholders, landmarks, news, order ids)."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.classifiers.validators import steuer_id_valid
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


def test_steuer_id_check_digit_and_digit_rule() -> None:
    assert steuer_id_valid("86753091450")
    assert not steuer_id_valid("86753091451")  # check digit
    assert not steuer_id_valid("47192058368")  # no digit repeated among the first ten
    assert not steuer_id_valid("06753091450")


@pytest.mark.parametrize(
    "text",
    [
        "My passport was issued last year in Leeds. The number is 533380006.",
        "Reisepass: ausgestellt in Berlin. Die Passnummer lautet C01X00T47.",
        "Pour le voyage : passeport. Numéro : 18AV12345, délivré à Lyon.",
        "Datos del viajero. Pasaporte español. Número: PAA123456.",
        "Steuer-ID bitte aus dem letzten Schreiben übernehmen. Sie steht im Bescheid: 86 753 091 450",
        "Mon numéro fiscal (SPI) est 3023217600053.",
    ],
)
def test_identifiers_after_their_label_in_four_languages(text: str) -> None:
    assert "nationalId" in kinds(text)


def test_a_far_label_needs_a_number_word_or_a_checksum() -> None:
    assert (
        kinds("Passport photos must be recent. We printed 120 copies of the 2023 brochure.")
        == set()
    )
    assert (
        kinds(
            "Steuer-ID bitte aus dem letzten Schreiben übernehmen. Sie steht im Bescheid: 86 753 091 451"
        )
        == set()
    )


@pytest.mark.parametrize(
    "text",
    [
        "Mar 11 09:14:22 web01 sshd[812]: Invalid user kschneider from 203.0.113.77 port 4022",
        "2024-03-11T09:14:22Z sshd[9]: Failed password for jmorrison from 81.2.69.160 port 5",
        '10.0.4.17 - mdubois [11/Mar/2024:09:14:22 +0100] "GET /admin HTTP/1.1" 403',
        "WARN login failed user=amiller src=81.2.69.142",
    ],
)
def test_an_ip_address_with_its_user_in_a_log_line(text: str) -> None:
    assert kinds(text) == {"ipAddress"}


@pytest.mark.parametrize(
    "text",
    [
        "2024-01-01 12:00:01 sshd[22]: Failed password for root from 81.2.69.160 port 22",
        "The user guide says to set the server to 192.168.1.10 and restart.",
        "How many users can log in from 10.0.0.1 at once?",
        "Set user=admin and host 10.1.2.3 in the config.",
    ],
)
def test_ips_without_a_person_are_not_pii(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Beispiel: Max Mustermann, Musterstraße 1, 12345 Musterstadt. Erkläre das Formular.",
        "Exemple fictif : Jean Dupont, 1 rue de l'Exemple, 75000 Paris.",
        "Sample customer for the demo: John Doe, john.doe@example.com, 123 Main Street.",
        "Datos de ejemplo: Juan Pérez, teléfono 555-0199. Son datos falsos.",
        "Call (212) 555-0142 for the demo line.",
        "Schreibe einen kurzen Text über das Brandenburger Tor am Pariser Platz 1 in Berlin.",
        "Escribe una guía breve sobre el Museo del Prado, Calle de Ruiz de Alarcón 23, Madrid.",
        "Don Quijote de la Mancha vive con su sobrina. Resume el primer capítulo.",
        "bestellnr;kunde_id;menge\n4839201177;88213;2\n4839201178;88214;1",
        "Hallo zusammen, wie richte ich einen Kubernetes Secret mit einem token ein?",
    ],
)
def test_placeholders_landmarks_fiction_and_order_ids_are_not_pii(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hallo Frau Krüger, anbei die Unterlagen.", {"personName"}),
        ("Bonjour Mme Lefèvre, je confirme le rendez-vous.", {"personName"}),
        ("Hola Sra. Martínez, le escribo por la factura.", {"personName"}),
        ("Telefon: 0151 23456789, bitte zurückrufen.", {"phone"}),
    ],
)
def test_greetings_keep_the_name_after_them(text: str, expected: set[str]) -> None:
    assert kinds(text) == expected
