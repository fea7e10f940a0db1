"""PII decided by context in four languages: declared test and specimen data scoped to its
sentence, numbers glued into codes, table columns, helplines, checksums after a label,
brands and public figures, greetings, relatives, and money and health facts about a named
private person."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.personal import _checksum_fails, declared_in_sentence
from kinference_epp.policy.classifiers.pii import PiiClassifier, _other_column
from kinference_epp.policy.model import PiiSettings

_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


# -- declared test, sample and specimen data ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Sur le spécimen de carte d'identité figure « Léa Roux, née le 02/03/1991, n° X4RTBPFW4 ».",
        "En el modelo de DNI de muestra aparece «Ana Gil Soto, 99999999R». ¿Qué hay al dorso?",
        "Negativ-Testfälle (keine echten Personen): Steuer-ID 65 929 970 489. Warum scheitern sie?",
        "Casos de prueba, no pertenecen a nadie: NIE X1234567L. Explica la letra de control.",
        "Testdaten für die QA: Erika Mustermann, Tel. 0151 23456789. Prüfe die Validierung.",
        "Utilisateur de test : Jean Martin, 06 12 34 56 78. Pourquoi le formulaire échoue ?",
        "Usuario de prueba: Juan Pérez, 612 345 678. ¿Por qué falla el alta?",
    ],
)
def test_declared_test_and_specimen_data_is_no_ones(text: str) -> None:
    assert kinds(text) == set()


def test_a_declaration_covers_its_own_sentence_only() -> None:
    log = (
        '{"msg":"synthetic check with test user qa.bot@shop-tests.io (fixture) ok"}\n'
        '{"msg":"password reset for customer lena.vogt@gmx.de"}\n'
    )
    assert kinds(log) == {"email"}
    assert declared_in_sentence(log, log.index("qa.bot"))
    assert not declared_in_sentence(log, log.index("lena.vogt"))
    # an abbreviation's dot ends no sentence: "Tel." still belongs to the example
    text = "Beispiel: Max Mustermann, Tel. 030 4711 0815."
    assert declared_in_sentence(text, text.index("030"))


def test_example_domains_of_every_tld_are_documentation() -> None:
    assert kinds("Schreib an max@example.de oder an jean@example.fr") == set()
    assert kinds("Schreib an max.weber@beispielfirma.de") == {"email"}


# -- numbers inside codes, tables and helplines ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"trace_id":"9c585ddcdbe3963c6a6b0775710760fa","msg":"upstream 429"}',
        '{"request_id":"req-ee415734-2315","path":"/static/app.js"}',
        "2026-03-11 08:00:01 INFO request 0644283035 served in 12 ms",
        "order_ref,created_at,qty\n0612345678,2026-03-01,2\n0698765432,2026-03-02,1",
    ],
)
def test_ids_in_logs_and_tables_are_not_phones(text: str) -> None:
    assert kinds(text) == set()


def test_an_extension_after_a_phone_keeps_it_a_phone() -> None:
    assert kinds("Contact: (857)990-8180x1340") == {"phone"}


_HEADERS = st.sampled_from(["order_ref", "Bestellnr", "id", "référence", "pedido", "sku"])
_PHONE_HEADERS = st.sampled_from(["phone", "Telefon", "Mobil", "tél", "móvil", "customer_phone"])
_NATIONAL = st.integers(min_value=10_000_000, max_value=99_999_999).map(lambda n: f"06{n}")


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    other=_HEADERS,
    phone=_PHONE_HEADERS,
    rows=st.lists(st.tuples(_NATIONAL, _NATIONAL), min_size=1, max_size=30),
    delimiter=st.sampled_from([",", ";", "\t", "|"]),
    above=st.integers(min_value=0, max_value=3),
)
def test_a_table_column_is_judged_by_its_header(
    other: str, phone: str, rows: list[tuple[str, str]], delimiter: str, above: int
) -> None:
    """Any CSV, semicolon, tab or pipe table, however long and wherever it starts: a
    number under a header that names something else is no phone, one under a phone
    header is left to the phone rules."""
    lines = ["Some notes before the table."] * above
    lines.append(delimiter.join([other, phone, "status"]))
    lines += [delimiter.join([a, b, "ok"]) for a, b in rows]
    text = "\n".join(lines)
    tables: dict[tuple[str, int], str | None] = {}
    at = 0
    for a, b in rows:
        at = text.index(a + delimiter + b, at)
        assert _other_column(text, at, tables)
        assert not _other_column(text, at + len(a) + 1, tables)
        at += len(a)


@pytest.mark.parametrize(
    "text",
    [
        "Die Telefonseelsorge erreicht man unter 0800 111 0 111. Erstelle einen Aushang.",
        "Le SAMU c'est le 15 et SOS Amitié le 09 72 39 40 50. Fais une affiche.",
        "El teléfono de urgencias del hospital es el 912 345 678. Haz un cartel.",
    ],
)
def test_helplines_and_emergency_services_are_public(text: str) -> None:
    assert kinds(text) == set()


# -- checksums and labels ---------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=99_999_999), st.sampled_from(["", "X", "Y", "Z"]))
def test_a_valid_dni_or_nie_is_never_refuted_and_a_wrong_letter_always(
    number: int, prefix: str
) -> None:
    assume(not prefix or number < 10_000_000)  # an NIE has seven digits
    digits = f"{number:07d}" if prefix else f"{number:08d}"
    value = "XYZ".index(prefix) * 10_000_000 + number if prefix else number
    letter = _DNI_LETTERS[value % 23]
    assert not _checksum_fails(f"{prefix}{digits}{letter}")
    wrong = _DNI_LETTERS[(value + 1) % 23]
    assert _checksum_fails(f"{prefix}{digits}{wrong}")


def test_consecutive_digits_and_ibans_are_no_labelled_id() -> None:
    assert _checksum_fails("12345678901")
    assert _checksum_fails("ID 12345678901")
    assert _checksum_fails("DE47370400446576603518")
    assert not _checksum_fails("65929970489")


@pytest.mark.parametrize(
    "text",
    [
        "Reisende: Jana Wollnik. Sie hat einen neuen Reisepass. Bitte die neue Nummer verwenden: CKT3NT4YC.",
        "Voyageuse : Léa Roux. Elle a refait son passeport. Merci d'utiliser le nouveau numéro, qui figure sur le récépissé : 14HK90567.",
        "Viajero: Rubén Vega. Renovó el pasaporte. Usad el número nuevo, que aparece en la foto: PDF422674.",
        "Numéro de carte d'identité : X4RTBPFW4, merci de vérifier.",
    ],
)
def test_a_number_noun_in_the_values_sentence_ties_it_to_a_label_before(text: str) -> None:
    assert "nationalId" in kinds(text)


# -- names: companies, brands, public and fictional people, greetings ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Schreibe eine Reklamation an die Otto GmbH & Co KG, Werner-Otto-Straße 1-7, 22179 Hamburg.",
        "Escribe una reclamación a El Corte Inglés, S.A., calle de Hermosilla 112, 28009 Madrid.",
        "Dr. Oetker, Hans im Glück und Frau Holle: erkläre, was dahintersteckt (Marke, Märchen).",
        "Monsieur Bricolage et Madame Figaro : explique ce que c'est (enseigne, magazine).",
        "Don Simón y Doña Manolita: explica qué es cada uno (marca, administración de lotería).",
        "Sherlock Holmes lived at 221B Baker Street. Write a limerick about his landlady Mrs Hudson.",
        "The White House is at 1600 Pennsylvania Avenue NW, Washington, DC 20500. Summarise its history.",
        "El teléfono de atención al cliente de Renfe es el 912 320 320. ¿Cómo reclamo?",
    ],
)
def test_companies_brands_and_public_figures_are_no_private_persons(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Beethoven wurde im Haus Bonngasse 20 in Bonn geboren. Was kann man dort besichtigen?",
        "Anne Frank hid at Prinsengracht 263 in Amsterdam. Plan a visit.",
        "Victor Hugo a vécu au 6 place des Vosges, 75004 Paris. Que voir dans sa maison ?",
        "Cervantes vivió en la calle de Cervantes 2 de Madrid. ¿Qué queda de la casa?",
        "Sigmund Freud lived at 20 Maresfield Gardens, London NW3 5SX, from 1938.",
        "Harry Potter wohnt im Ligusterweg 4 in Little Whinging. Fasse Band 1 zusammen.",
        "Mr. Bean and Mrs. Doubtfire: compare the two comedies in a short paragraph.",
    ],
)
def test_historical_and_fictional_homes_are_no_ones(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "My grandmother lived at 12 Oak Road, Leeds LS6 2AB until 1998; write to the new owners.",
        "Mein Opa Heinz Berger wohnte in der Lindenallee 8, 50968 Köln. Schreibe einen Nachruf.",
        "Please visit Mrs Patel at 14 Castle Street, York YO1 9SA, she lived alone and has dementia.",
    ],
)
def test_a_private_persons_past_home_stays_personal(text: str) -> None:
    assert "address" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Der Schauspieler Bruce Willis leidet an Demenz, wie seine Familie mitteilte.",
        "La chanteuse Céline Dion souffre du syndrome de la personne raide. Résume l'article.",
        "El tenista Rafael Nadal sufre una lesión crónica en el pie. Resume la noticia.",
        "Actor Michael J. Fox has Parkinson's disease. Write a tribute paragraph.",
    ],
)
def test_a_public_title_before_a_name_makes_its_illness_news(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Our president Anna Schmidt has breast cancer; draft a note to the board.",
        "Unsere Präsidentin Anna Schmidt hat Brustkrebs. Schreibe eine Notiz.",
        "Mi hermana, la actriz Lucía Romero Gil, tiene cáncer y no quiere que se sepa.",
    ],
)
def test_an_owned_title_or_a_relative_stays_private(text: str) -> None:
    assert "health" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Liebe Grüße aus Berlin und bis bald!",
        "Liebe Leserinnen und Leser, willkommen zur Ausgabe.",
        "Lieber Weihnachtsmann, ich wünsche mir ein Fahrrad.",
        "Cher Client, votre commande est partie.",
        "Querido Diario, hoy fue un buen día.",
        "Hallo zusammen, kurze Info zum Release.",
        "Bonjour à tous, la réunion est annulée.",
        "Hola a todos, mañana no hay clase.",
        "Hi Claude, what are the symptoms of diabetes?",
    ],
)
def test_greetings_not_followed_by_a_name(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Dear team, Aisha Begum will be off for a few weeks following a miscarriage.",
        "Bonjour à tous, Hélène Bourdais sera absente après une fausse couche.",
        "Hallo Kemal, wie geht es dir nach der Chemotherapie?",
        "Salut Karim, tu vas mieux depuis ton hospitalisation ?",
        "Hola Marta, ¿qué tal la rehabilitación de la rodilla?",
        "Hi Rebecca, sorry to hear about the debt.",
        "Liebe Jana, ich habe gehört, dass du Diabetes hast.",
    ],
)
def test_names_after_greetings_with_personal_facts(text: str) -> None:
    assert "personName" in kinds(text)


# -- free-text facts about a named private person -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Mein Schwager Uwe Hesselbarth ist in einer Suchtklinik, der Vermieter droht wegen Mietrückstand.",
        "Mon cousin Cédric Pasquier est en cure de désintoxication depuis février.",
        "Mi padre, Javier Ortega, tiene insuficiencia cardíaca y toma furosemida.",
        "Virginie Leblanc, de la compta, est fichée à la Banque de France et doit 14 000 €.",
        "Aurélie Vasseur m'a demandé de lui prêter 2 000 €.",
        "Tom Becker owes £4,500 on three credit cards.",
        "Julien Cazenave a fait un malaise ; il est asthmatique et n'avait pas son inhalateur.",
    ],
)
def test_health_and_money_facts_about_a_named_person(text: str) -> None:
    assert "personName" in kinds(text)


def test_a_sum_without_owing_is_no_money_trouble() -> None:
    assert kinds("Marie Lenoir a acheté un vélo à 1 200 € pour son club.") == set()


@pytest.mark.parametrize(
    "text",
    [
        "2026-03-11 09:14:02 WARN échec de connexion pour l'utilisateur jdupont depuis 92.154.1.7",
        "2026-03-11 09:14:02 WARN Anmeldung fehlgeschlagen für Benutzer kmueller von 91.64.12.8",
        "2026-03-11 09:14:02 ERROR acceso denegado para el usuario mgarcia desde 88.12.45.9",
    ],
)
def test_a_user_named_in_a_log_message_in_three_languages(text: str) -> None:
    assert kinds(text) == {"ipAddress"}


@pytest.mark.parametrize(
    "text",
    [
        "login ok: user=svc-backup src=10.2.3.4",
        "2026-03-11 09:14:02 INFO Benutzer angemeldet von 91.64.12.8",
        "2026-03-11 09:14:02 INFO utilisateur connecté depuis 92.154.1.7",
    ],
)
def test_service_accounts_and_words_after_a_user_word_are_no_users(text: str) -> None:
    assert kinds(text) == set()


_FILLER = "The quarterly report covers revenue, costs and the roadmap for the platform team. " * 40


@pytest.mark.parametrize(
    "line",
    [
        "Specimen card shown in the manual: Erika Mustermann, born 12.08.1964, Heidestraße 17.",
        "Test fixture (not a real person): patient John Doe, DOB 01/01/1970, has diabetes.",
        "Datos de ejemplo ficticios: Juan Pérez García, nacido el 3 de mayo de 1985, calle Falsa 123.",
    ],
)
def test_a_declared_line_in_a_long_document_is_no_ones(line: str) -> None:
    assert kinds(f"{_FILLER}\n{line}\n{_FILLER}") == set()


def test_a_real_person_beside_a_declared_line_in_a_long_document_counts() -> None:
    text = (
        f"{_FILLER}\nSpecimen card shown in the manual: Erika Mustermann.\n"
        f"The real applicant is Jana Wollnik, born 14.03.1988.\n{_FILLER}"
    )
    assert {"personName", "dateOfBirth"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Schreibe eine Kurzgeschichte über Frau Keller, die an Demenz erkrankt.",
        "Écris une nouvelle où Madame Laurent apprend qu'elle a un cancer.",
        "Escribe un cuento sobre la señora Ruiz, que padece alzhéimer.",
        "In 'The Fault in Our Stars', Hazel Grace Lancaster has thyroid cancer. Summarise the plot.",
        "Roleplay: you are Dr. Sarah Kim, a cardiologist. I'm a patient with chest pain.",
    ],
)
def test_a_storys_characters_are_no_one_even_when_ill(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Write a bedtime story for my daughter Emma Schmidt, who has leukemia.",
        "Write a story about Mrs Keller (DOB 12/03/1950) who has dementia, for her care file.",
    ],
)
def test_a_story_about_ones_own_relative_or_a_dated_person_stays_personal(text: str) -> None:
    assert "personName" in kinds(text)


def test_a_test_accounts_credential_is_still_a_secret() -> None:
    assert kinds("Staging test user: deploy / password: Winter2024!x") == {"secret"}
    assert kinds("Test account token ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5z") == {"secret"}


@pytest.mark.parametrize(
    "text",
    [
        'Summarise "Mrs Dalloway" in three sentences.',
        "Fasse \u201eHerr Lehmann\u201c zusammen.",
        "Résume \u00ab Madame Bovary \u00bb en trois phrases.",
    ],
)
def test_an_honorific_and_a_name_alone_in_quotes_are_a_title(text: str) -> None:
    assert kinds(text) == set()


def test_a_quoted_name_with_personal_facts_stays_a_person() -> None:
    assert "personName" in kinds('Please call "Mrs Patel" about her diabetes results.')


_PLAIN = st.sampled_from(
    [
        "The parcel left the depot on Monday",
        "Der Vertrag endet im Juni",
        "La réunion commence à neuf heures",
        "El informe está listo para revisar",
    ]
)
_DECLARING = st.sampled_from(
    [
        "This is test data for the form",
        "Testdaten für die Validierung",
        "Un spécimen de carte pour la formation",
        "Datos de muestra para el manual",
    ]
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    before=st.lists(st.one_of(_PLAIN, _DECLARING), max_size=4),
    after=st.lists(st.one_of(_PLAIN, _DECLARING), max_size=4),
    declared=st.booleans(),
    end=st.sampled_from([". ", "! ", "? ", "\n"]),
)
def test_a_declaration_reaches_exactly_its_own_sentence(
    before: list[str], after: list[str], declared: bool, end: str
) -> None:
    """Whatever sentences surround it, a value is declared made up exactly when its own
    sentence (or line) says so."""
    own = ("Test data, not real: " if declared else "Contact values: ") + "call 0171 2345678"
    text = end.join([*before, own, *after]) + "."
    assert declared_in_sentence(text, text.index("0171")) == declared
