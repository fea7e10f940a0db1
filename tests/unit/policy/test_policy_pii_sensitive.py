"""Special-category and money facts about a named private person, and the documented test
values, labels and log keys around structured identifiers, in the four languages: each
lexicon category and recognizer on positives and on the negatives that share its words."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers import sensitive
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.classifiers.validators import (
    DOCUMENTED_IBANS,
    DOCUMENTED_TEST_CARDS,
    iban_valid,
    luhn_valid,
    steuer_id_valid,
)
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


def test_every_category_has_a_lexicon_in_each_language() -> None:
    categories = {lex.category for lex in sensitive.LEXICONS}
    assert categories == {
        "physical", "mental", "addiction", "care", "pregnancy", "disability", "orientation",
        "religion", "union", "politics", "criminal", "immigration", "finance", "genetic",
        "biometric",
    }  # fmt: skip
    for category in categories:
        langs = {lex.lang for lex in sensitive.LEXICONS if lex.category == category}
        assert langs == {"en", "de", "fr", "es"}, category
    for lex in sensitive.LEXICONS:
        assert lex.terms, (lex.category, lex.lang)
        assert all(t == " ".join(t.split()) and t for t in lex.terms)  # no wrapped fragments


def test_phrases_are_filed_under_a_word_of_their_own_and_need_all_their_words() -> None:
    for head, phrases in sensitive._HEADS.items():
        for term, _, tokens in phrases:
            assert head in tokens
            assert tokens <= sensitive.CUES
            if term.isupper():
                assert sensitive._token(term) == head
            else:
                long = {t for t in term.encode().split() if len(t) >= 4}
                assert tokens == long | {head}
    assert sensitive.WORDS <= sensitive.CUES


@pytest.mark.parametrize(
    "text",
    [
        # physical health, no identifier
        "Elías Cordero tiene ELA; ya usa silla de ruedas y necesitará un puesto abajo.",
        "Bernd Kowalczyk sitzt seit einem Schlaganfall im Rollstuhl.",
        "Mrs Okafor in flat 4 was diagnosed with multiple sclerosis last year.",
        "Agnès Fontaine est en fauteuil roulant depuis son accident ; prévoir une place.",
        # mental health, addiction, care
        "Moin zusammen, Henrike Albers ist nach ihrem Suizidversuch in der Psychiatrie.",
        "Léonie Marchal est suivie pour une anorexie mentale depuis janvier.",
        "Finn O'Donnell has been in residential rehab since May; his sister told us.",
        "Arvid Lohmeyer kommt nach seinem Burn-out über eine stufenweise "
        "Wiedereingliederung zurück.",
        # pregnancy and birth
        "Hola a todos, Nerea Olaizola está embarazada de cinco meses y pide teletrabajo.",
        "¡Buenas, equipo! Leire Agirre ha dado a luz y el bebé sigue en la UCI neonatal.",
        # orientation and gender identity, religion, union, criminal record
        "Our apprentice Kai Brannigan told me he is transgender and starting hormone therapy.",
        "Tobias Wendland ist schwul und möchte das im Team nicht öffentlich machen.",
        "Our colleague Priya Nair is a practising Muslim and fasts during Ramadan.",
        "Iker Zubiri es delegado sindical de CCOO y teme represalias.",
        "Mathis Garnier a un casier judiciaire pour vol à l'étalage ; il postule chez nous.",
        # money trouble and benefits
        "Zainab Hussain-Lyle owes the credit union £6,400; the committee meets Thursday.",
        "Fátima Benjelloun ha entrado en concurso de acreedores como autónoma.",
        "Jonas Brückner hat Privatinsolvenz angemeldet, seine Lohnpfändung läuft noch.",
        "Bonjour à tous, Gaspard Lemoine est au chômage et touche le RSA depuis juin.",
        "Carmen Velasco Ruiz cobra la pensión no contributiva y tiene deudas con el banco.",
    ],
)
def test_a_named_person_s_special_category_or_money_fact_is_personal(text: str) -> None:
    assert kinds(text) & {"personName", "health"}


@pytest.mark.parametrize(
    "text",
    [
        # the same words about no one, about a company, a charity or a field
        "What are the symptoms of ALS and how is it diagnosed?",
        "Wie funktioniert eine Insulinpumpe? Erkläre es für Schüler.",
        "Explain how hormone therapy works for menopause in one paragraph.",
        "¿Qué es el concurso de acreedores y cuánto dura para un autónomo?",
        "Les témoins de Jéhovah refusent les transfusions : quelles obligations ?",
        "Galeria Kaufhof hat erneut Insolvenz angemeldet; fasse die Gründe zusammen.",
        "Deutsche Bahn meldet wegen Krankheit vieler Lokführer Zugausfälle.",
        "Red Cross volunteers support people with dementia. Draft a volunteer call.",
        "Weight Watchers helps people with obesity; compare it with other programmes.",
        "Apple Watch detects atrial fibrillation; explain the feature.",
        "Herzliche Grüße vom Team der Suchtberatung Nord, wir haben neue Öffnungszeiten.",
        # public and historical people, a story, a reference sheet, a general question
        "Ludwig van Beethoven war ab 1818 fast völlig taub. Schreib einen Absatz für Schüler.",
        "Schreib eine kurze Geschichte über Herrn Albers, der spielsüchtig ist.",
        "Atorvastatin 20 mg once daily; metformin 500 mg twice daily. Format as a table.",
        "Was ist der Unterschied zwischen Privatinsolvenz und Regelinsolvenz?",
        "Maria Schneider leads the Q3 planning; the budget is 40,000 EUR.",
        # "als", "sla", "toc" as the words they also are
        "Die Wartung dauert länger als geplant; das SLA sieht vier Stunden vor.",
        "Rédige la TOC du rapport et vérifie le SLA avec Lucas Martin.",
        # credential words in a technical question
        "In one short paragraph: what is a 'Kubernetes Secret', and why is it not a "
        "password manager?",
    ],
)
def test_the_lexicons_words_without_a_private_person_are_no_pii(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        # history the school subject in a class overview is no story: the pupil stays
        "Klassenübersicht\n"
        + "W001 Klasse 8c | Geschichte | Thema: Industrialisierung | Schnitt 2,6\n" * 120
        + "VERTRAULICH: Malte Ostrowski aus der 8c hat Typ-1-Diabetes; die Eltern "
        "beziehen Bürgergeld.\n"
        + "W002 Klasse 9d | Geschichte | Thema: Weimarer Republik | Schnitt 2,1\n"
        * 120,
        "Bilan\n"
        + "W001 Classe 4e C | Histoire-géo | chapitre : la révolution | moyenne 12.6\n" * 100
        + "NOTE : Capucine Desforges, 4e C, est suivie pour une anorexie mentale.\n"
        + "W002 Classe 3e D | Histoire-géo | chapitre : l'Europe | moyenne 11.2\n" * 100,
    ],
)
def test_a_pupil_s_fact_in_a_long_class_overview_is_found(text: str) -> None:
    assert len(text) > 2000
    assert {"personName", "health"} <= kinds(text)


def test_a_story_still_makes_its_characters_fictional() -> None:
    assert kinds("Schreib eine kurze Geschichte: Frau Keller leidet an Demenz.") == set()
    assert kinds("Escribe una historia corta: la señora Ruiz tiene deudas.") == set()


# -- structured identifiers: labels after the value, a label a paragraph away, log keys ------


@pytest.mark.parametrize(
    "text",
    [
        "CL621472B - that's my NI number, sorry, I forgot to put it on the timesheet.",
        "Für die Rente will die Kasse die National-Insurance-Nummer wissen: JN 09 40 75 A.",
        "Pour la caisse anglaise, mon numéro d'assurance nationale : JN 09 40 75 A.",
    ],
)
def test_a_uk_nino_with_its_label_after_it_hyphenated_or_translated(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "532918404 - that's my passport number, sorry.",
        "C01X00T47 - das ist meine Passnummer, bitte ins Formular.",
        "18AB12345 c'est mon numéro de passeport.",
        "PAF620417 es mi número de pasaporte, apúntalo.",
    ],
)
def test_a_document_number_its_label_follows_as_the_writer_s(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Order 532918404 shipped; the passport photo is attached.",
        "Version 2.14.0 is my favourite passport app release.",
        "Ticket 4471 - our passport office closes at 5.",
    ],
)
def test_a_number_before_a_document_word_it_does_not_belong_to_is_no_id(text: str) -> None:
    assert "nationalId" not in kinds(text)


def test_a_nino_shape_without_any_label_is_no_id() -> None:
    assert "nationalId" not in kinds("Ticket CL621472B wurde geschlossen.")


def test_a_steuer_id_on_its_own_line_after_its_label_sentence() -> None:
    number = "85946571230"
    assert steuer_id_valid(number)
    text = f"Meine Steuer-ID? Moment, die steht oben rechts. Hab sie gefunden.\n\n{number}\n"
    assert "nationalId" in kinds(text)
    wrong = number[:-1] + str((int(number[-1]) + 1) % 10)
    assert not steuer_id_valid(wrong)
    far = f"Meine Steuer-ID? Moment, die steht oben rechts. Hab sie gefunden.\n\n{wrong}\n"
    assert "nationalId" not in kinds(far)


@pytest.mark.parametrize(
    "log",
    [
        "EventID 4624 - An account was successfully logged on.\n  Account Name: jsandhu\n"
        "  Account Domain: CORP\n  Logon Type: 10\n  Source Network Address: 195.126.179.163",
        '{"level":1,"remoteAddr":"151.183.69.64","user":"lszymanski","app":"core"}',
        '{"horodatage":"2026-04-12T07:31","utilisateur":"mdubreuil","ip":"213.158.216.240"}',
        '{"ts":"2026-04-12","usuario":"mgarcia","ip_origen":"88.27.140.61"}',
        '{"zeit":"2026-04-12","benutzer":"kmueller","quell_ip":"84.150.221.13"}',
        '{"time":"2026-04-12","userName":"amiller","clientIp":"81.2.69.160"}',
        "Kontoname: pweber\nQuellnetzwerkadresse: 84.150.221.13",
        "Nombre de cuenta: jlozano\nDirección de red de origen: 88.27.140.61",
        "2026-04-12 08:00:01 openvpn[123]: jdoerfler/81.2.69.160:51234 MULTI_sva: pool ok",
        "2026-04-12T08:00:01Z vpn: user 'jdoerfler' connected from 81.2.69.160",
        'Apr 12 08:00:01 gitea: Successful login for user "jdoerfler" from 81.2.69.160',
        '{"ts":"2026-04-12","src_ip":"81.2.69.160","actor":"jdoerfler","action":"login"}',
    ],
)
def test_an_ip_with_its_user_in_windows_events_and_json_logs(log: str) -> None:
    assert "ipAddress" in kinds(log)


def test_a_json_log_of_a_service_account_holds_no_ip_user() -> None:
    assert "ipAddress" not in kinds('{"user":"svc-backup","remoteAddr":"151.183.69.64"}')
    assert "ipAddress" not in kinds('{"user":"lszymanski","status":"ok"}')
    assert "ipAddress" not in kinds("2026-04-12 08:00:01 openvpn[1]: svc-backup/81.2.69.160:5123")


@pytest.mark.parametrize(
    "text",
    [
        "The VPN gateway at 81.2.69.160 serves 400 users; explain split tunnelling.",
        "Our account manager said 10.2.3.4 is the VPN address; what does the user need?",
        "Le compte de service utilise l'adresse 81.2.69.160 ; explique le NAT.",
    ],
)
def test_an_address_in_prose_about_accounts_or_vpns_is_no_session(text: str) -> None:
    assert "ipAddress" not in kinds(text)


# -- documented values --------------------------------------------------------------------


def test_the_documented_values_hold_their_checksums() -> None:
    assert len(DOCUMENTED_TEST_CARDS) > 50
    assert all(luhn_valid(c) for c in DOCUMENTED_TEST_CARDS)
    assert len(DOCUMENTED_IBANS) > 30
    assert all(iban_valid(i) for i in DOCUMENTED_IBANS)
    assert "4242424242424242" in DOCUMENTED_TEST_CARDS
    assert "DE89370400440532013000" in DOCUMENTED_IBANS


@pytest.mark.parametrize(
    "text",
    [
        "DE89 3704 0044 0532 0130 00 ist die bekannte Beispiel-IBAN aus Lehrbüchern, kein "
        "echtes Konto. Erkläre die Prüfziffer.",
        "GB82 WEST 1234 5698 7654 32 is the example IBAN from the documentation.",
        "La tarjeta 4000 0000 0000 0002 es de las que da la pasarela de pagos para pruebas.",
        "Stripe's test card 4000 0000 0000 9995 is always declined; write the test case.",
        "La carte 5555 5555 5555 4444 de la documentation du prestataire : écris le test.",
    ],
)
def test_documented_test_cards_and_example_ibans_declared_as_such(text: str) -> None:
    assert kinds(text) == set()


def test_a_documented_value_without_a_declaration_is_taken_at_its_word() -> None:
    assert "iban" in kinds("Überweise die Kaution auf IBAN DE89 3704 0044 0532 0130 00.")
    assert "creditCard" in kinds("My card is 4000 0000 0000 0002, please charge it.")


def test_a_specimen_block_in_a_medication_sheet_makes_no_patient() -> None:
    rows = "".join(
        f"Ref M{i:04d}: Metformin 500 mg - take twice daily - with food\n" for i in range(80)
    )
    text = (
        rows + "SPECIMEN - TRAINING EXAMPLE ONLY, NOT A REAL PATIENT: Patient: John Smith-Example, "
        "DOB 01/01/1970, NHS No. 999 999 9999 (test range). Use this block only as a layout.\n"
        + rows
    )
    assert kinds(text) == set()


def test_a_landmark_s_address_for_visitors_is_no_home_address() -> None:
    text = (
        "The Shard, 32 London Bridge Street, SE1 9SG: draft a one-page tip sheet for a "
        "school group going up to the viewing gallery."
    )
    assert kinds(text) == set()
    assert "address" in kinds("Send the parcel to 32 Hollybush Street, SE1 9SG, please.")


@pytest.mark.parametrize(
    "text",
    [
        "Mit der Testkarte 4970 1000 0000 0014 aus der Doku kommt kein 3-D-Secure-Fenster.",
        "Use the sandbox card 4548 8120 4940 0004 from the gateway's docs; why is it declined?",
        "La carte de test 4548 8120 4940 0004 ne déclenche pas le challenge en recette.",
        "En pruebas, la tarjeta de prueba 4970 1000 0000 0014 da un error. ¿Por qué?",
    ],
)
def test_a_card_its_label_calls_a_test_card_is_no_pii(text: str) -> None:
    assert kinds(text) == set()


def test_a_card_without_a_test_label_is_one() -> None:
    assert kinds("Meine Karte 4548 8120 4940 0004 wurde zweimal belastet.") == {"creditCard"}


def test_a_prefixed_log_user_field_pairs_with_the_lines_ip() -> None:
    line = (
        "Apr 2 07:41:12 mx1 postfix/smtpd[4411]: warning: unknown[81.2.69.160]: SASL PLAIN "
        "authentication failed: sasl_username=r.oberdorfer"
    )
    assert kinds(line) == {"ipAddress"}


def test_a_steuer_id_in_groups_after_a_tax_word_in_english() -> None:
    assert steuer_id_valid("12345678911")
    text = "I need my German tax refund; the ID on my payslip is 123 456 789 11. Which box?"
    assert kinds(text) == {"nationalId"}
    assert kinds("Tax ID of the supplier: DE 123 456 789 (VAT).") == set()


@pytest.mark.parametrize(
    "text",
    [
        "Write a complaint to Anglian Water, Lancaster House, Lancaster Way, Huntingdon "
        "PE29 6XU: the meter reading is wrong.",
        "Schreib eine Beschwerde an die Stadtwerke, Hafenstraße 12, 28217 Bremen: die "
        "Abrechnung stimmt nicht.",
    ],
)
def test_a_complaint_letters_address_is_the_organisations(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    ("fact", "neutral"),
    [
        (
            "Pascal Vernier vient d'adhérer à la CFDT et le chef veut le muter.",
            "Pascal Vernier vient d'arriver et le chef veut le muter.",
        ),
        (
            "Laut Betriebsrat ist Ottokar Brems jetzt bei ver.di und kandidiert.",
            "Laut Betriebsrat ist Ottokar Brems jetzt im Urlaub.",
        ),
        (
            "Adela Pizarro se ha afiliado a CCOO y el encargado quiere cambiarle el turno.",
            "Adela Pizarro ha llegado y el encargado quiere cambiarle el turno.",
        ),
        (
            "Le bulletin n° 3 de Rosalind Ferrand mentionne une condamnation pour vol.",
            "Le bulletin n° 3 de Rosalind Ferrand mentionne une absence.",
        ),
    ],
)
def test_union_confederations_and_convictions_make_a_named_persons_fact(
    fact: str, neutral: str
) -> None:
    assert kinds(fact) == {"personName"}
    assert kinds(neutral) == set()


def test_a_street_named_after_someone_names_no_one() -> None:
    complaint = (
        "Envoie une réclamation à la Poste, 4 rue Paul-Louis Courier, 37000 Tours : "
        "mon colis est perdu."
    )
    assert kinds(complaint) == set()
    parcel = "Envoyez le colis à Mme Claire Dubois, 4 rue Paul-Louis Courier, 37000 Tours."
    assert kinds(parcel) == {"personName", "address"}


def test_a_labelled_nino_wrapped_across_lines_is_found() -> None:
    wrapped = "My NI number, from the payslip (the field wraps):\nJT 27 48\n91 C\nthanks"
    assert kinds(wrapped) == {"nationalId"}
    assert kinds("Order lines\nJT 27 48\n91 C total") == set()  # no label: a code
