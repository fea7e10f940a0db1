"""How far a label reaches and what it reaches through, and which contexts make names and
numbers no one's, each in the four languages, on prompts written for these tests: labels in
guillemets or curly quotes, a colon that hands a label on to the next paragraph or
introduces a document number, a sign-in record's user and address on separate lines, a
company's lower-case legal form, test values declared as such, a character's diary and the
press coverage of public people."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


@pytest.mark.parametrize(
    "text",
    [
        "The visa form calls it the \u201cPassport No.\u201d: 537 201 846, valid to 2032.",
        "Im Formular steht \u201eReisepassnummer\u201c: C4F7Y9K21, gültig bis 2031.",
        "Le champ \u00abpasseport\u00bb : 17AB42391, valable jusqu'en 2030.",
        "En la ficha pone \u00abPasaporte\u00bb: PAA193847, vigente hasta 2033.",
    ],
)
def test_a_label_in_guillemets_or_curly_quotes_names_its_value(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "You asked for my passport details; the line under the photo:\n\n538201746\n\nSee you.",
        "Du wolltest meinen Reisepass sehen, hier die Zeile unterm Foto:\n\nC7T9X2K41\n\nBis bald.",
        "Tu voulais mon passeport, voici la ligne sous la photo :\n\n19CK48213\n\nÀ lundi.",
        "Me pediste el pasaporte, esta es la línea bajo la foto:\n\nPAB582913\n\nHasta pronto.",
    ],
)
def test_a_label_ending_in_a_colon_reaches_the_next_paragraph_s_line(text: str) -> None:
    assert "nationalId" in kinds(text)


def test_the_colon_hands_the_label_on_to_one_line_only() -> None:
    text = "Passport renewal, in short:\n\nbook online\npay the fee\nthen order 538201746 arrives"
    assert "nationalId" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "My passport is the old burgundy one, and printed at the top right of its data page "
        "is this one: X4T9KP2W7",
        "Mein Reisepass läuft bald ab, oben rechts auf der Datenseite steht die Kennung, genau "
        "diese hier: K7PX3M2T9",
        "Mon passeport arrive à expiration et, en haut à droite de la page des données, on "
        "lit ceci : 18KX72945",
        "Mi pasaporte caduca pronto y arriba a la derecha de la página de datos aparece "
        "esto: PAC748291",
        # a number word and its article: "c'est le", "es el"
        "Numéro de passeport ? Je l'ai noté hier soir après avoir retrouvé le document dans "
        "un tiroir. C'est le 14PR83920.",
        "Número de pasaporte: lo busqué ayer por la tarde en el cajón del escritorio. Es el "
        "PAD384920.",
    ],
)
def test_a_colon_or_a_number_word_introduces_a_document_number_a_sentence_away(
    text: str,
) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "New sign-in to your account\nUsername: m.okafor\nIP address: 81.2.69.144\n"
        "Device: Safari on macOS",
        "Neue Anmeldung bei Ihrem Konto\nBenutzername: jkessler\nIP-Adresse: 91.64.12.7\n"
        "Gerät: Chrome unter Windows",
        "Nouvelle connexion\nIdentifiant : lbernard\nAdresse IP : 90.112.45.8\nAppareil : Safari",
        "Nuevo inicio de sesión\nUsuario: mgarrido\nDirección IP: 83.44.10.2\nDispositivo: Firefox",
    ],
)
def test_a_sign_in_record_pairs_its_user_with_the_address_on_another_line(text: str) -> None:
    assert "ipAddress" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        # another block: a blank line between the user and the address
        "Username: m.okafor\nStatus: active\n\nThe status page is served from 81.2.69.144.",
        # a service account
        "New sign-in\nUsername: svc-backup\nIP address: 81.2.69.144",
    ],
)
def test_a_record_without_a_person_s_session_holds_no_ip_user(text: str) -> None:
    assert "ipAddress" not in kinds(text)


def test_a_company_with_a_lower_case_plc_owns_the_address_beside_it() -> None:
    company = (
        "The registered office is Harbour Lane Trading plc, 4 Quay Street, Bristol BS1 4DJ. "
        "Draft a firm covering note for the return."
    )
    person = "Send the return to Oliver Grant, 4 Quay Street, Bristol BS1 4DJ, by Friday."
    assert "address" not in kinds(company)
    assert "address" in kinds(person)


@pytest.mark.parametrize(
    ("declared", "plain"),
    [
        (
            "GB82 WEST 1234 5698 7654 32 is a test value from the bank's guide; why is it valid?",
            "GB82 WEST 1234 5698 7654 32 is my account; why was the transfer refused?",
        ),
        (
            "DE89 3704 0044 0532 0130 00 ist ein Testwert aus der Doku; warum ist er gültig?",
            "DE89 3704 0044 0532 0130 00 ist mein Konto; warum kam nichts an?",
        ),
        (
            "FR14 2004 1010 0505 0001 3M02 606 est une donnée de test ; pourquoi est-il valide ?",
            "FR14 2004 1010 0505 0001 3M02 606 est mon compte ; pourquoi ce refus ?",
        ),
        (
            "ES91 2100 0418 4502 0005 1332 es un valor de prueba del manual; ¿por qué es válido?",
            "ES91 2100 0418 4502 0005 1332 es mi cuenta; ¿por qué no llegó?",
        ),
    ],
)
def test_a_value_declared_a_test_value_is_no_one_s(declared: str, plain: str) -> None:
    assert "iban" not in kinds(declared)
    assert "iban" in kinds(plain)


@pytest.mark.parametrize(
    "text",
    [
        "Write Mrs Pemberton's inner monologue as she waits for the last train, about 150 words.",
        "Schreibe den Tagebucheintrag von Herrn Albrecht nach dem Dorffest, etwa 150 Wörter.",
        "Écris l'entrée de journal de Mme Lavigne au soir du bal, en 150 mots environ.",
        "Escribe la entrada de diario de la señora Ibarra tras la fiesta, unas 150 palabras.",
    ],
)
def test_a_character_s_imagined_diary_or_monologue_names_no_one(text: str) -> None:
    assert "personName" not in kinds(text)


def test_a_diary_entry_with_someone_s_phone_stays_personal() -> None:
    assert kinds("Write Mr Keane's diary entry; his mobile is +44 7911 123456.")


@pytest.mark.parametrize(
    "text",
    [
        "Analyse how the press covered the injuries of Marta Kowalczyk and Lena Hofmann "
        "during the 2024 season, with a clear thesis.",
        "Untersuche die Berichterstattung über die Verletzungen von Jonas Weber und Tim "
        "Krause in der Saison 2024.",
        "Analyse la couverture médiatique des blessures de Julie Marchand et Inès Robert "
        "pendant la saison 2024.",
        "Analiza la cobertura de las lesiones de Lucía Ortega y Marta Vidal en la temporada 2024.",
    ],
)
def test_what_the_press_reported_of_people_it_covered_is_public(text: str) -> None:
    assert not kinds(text) & {"personName", "health"}


def test_a_colleague_s_injury_outside_the_press_stays_personal() -> None:
    assert "health" in kinds("My colleague Lena Hofmann has a knee injury; plan her shifts.")


@pytest.mark.parametrize(
    "text",
    [
        "Note for the lead: Ffion Bevan told me in confidence that she has multiple sclerosis.",
        "Notiz: Wiebke Ossenkopp sagte mir vertraulich, dass sie Multiple Sklerose hat.",
        "Note : Maëlys Kerbrat m'a confié qu'elle a une sclérose en plaques.",
        "Nota: Itziar Goikoetxea me dijo que tiene esclerosis múltiple.",
    ],
)
def test_a_name_pair_as_the_subject_of_a_health_fact_is_personal(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Os cuento que Rosendo Quiroga tiene asma y no puede subir al almacén.",
        "Te cuento que Begoña Arrizabalaga padece una depresión desde el verano.",
    ],
)
def test_cuento_after_a_clitic_tells_news_not_a_story(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


def test_a_story_told_as_a_cuento_keeps_its_characters() -> None:
    text = "Os cuento un cuento: el dragón Rosendo Quiroga tiene asma y no puede volar."
    assert "personName" not in kinds(text)
