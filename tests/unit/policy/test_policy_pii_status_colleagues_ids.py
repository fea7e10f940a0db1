"""Personal data a reader recognises without the usual cue, in four languages: a named
person's immigration or residence status and release from prison (private facts), a
colleague a workplace role or a shift names by a first name, and identifiers whose label
follows the value, is a database field name, is spelt letter by letter by an OCR pass,
heads a CSV column, or a SIP registration that pairs a user with an IP. Every example is
invented; every identifier's check digits hold."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.national_ids import be_register_valid
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


@pytest.mark.parametrize(
    "text",
    [
        "My brother-in-law, Tomasz Wrona, overstayed his visa and is scared of being deported.",
        "Leyla Demirci aus dem Sprachkurs hat nur eine Duldung und darf nicht arbeiten.",
        "Ma belle-sœur, Awa Coulibaly, est sans papiers et a reçu une OQTF le mois dernier.",
        "Marisol Quispe, la que limpia en casa de mi madre, está en situación irregular.",
    ],
)
def test_a_named_relatives_immigration_status_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "What does indefinite leave to remain mean for the right to work in the UK?",
        "Was bedeutet eine Duldung für die Arbeitserlaubnis in Deutschland?",
        "Qu'est-ce qu'une OQTF et comment la contester devant le tribunal administratif ?",
        "¿Qué requisitos pide el arraigo sociolaboral para salir de la situación irregular?",
    ],
)
def test_immigration_status_without_a_person_is_a_general_question(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Heads up: Callum Ridley is out on licence from Monday and has an electronic tag.",
        "Stefan Krug kommt nächste Woche aus dem Knast, er saß zwei Jahre wegen Drogenhandels.",
        "tu savais que Lounès Ait-Hamou sort de Fresnes lundi ? il a pris deux ans pour trafic",
        "A Luis Ferrán Ortega le dieron el tercer grado y ya lleva la pulsera telemática.",
    ],
)
def test_a_named_persons_release_from_prison_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "HR note: our night porter, Wiktor, has been going to AA meetings since the summer.",
        "Dariusz from the night shift has been off sick with depression since March.",
        "Vertraulich: unsere Pförtnerin, Ionela, hat uns von ihrer Epilepsie erzählt.",
        "Notiz: Kemal aus der Nachtschicht hat eine Alkoholsucht und ist in Therapie.",
        "Note RH : notre veilleur de nuit, Karim, est diabétique et doit manger à heures fixes.",
        "Nota de RR. HH.: nuestro conserje, Anselmo, tiene epilepsia y no puede subir escaleras.",
    ],
)
def test_a_colleagues_first_name_after_a_role_beside_a_health_fact(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Our receptionist should greet visitors and check their badges at the desk.",
        "Der Nachtwächter, Montag bis Freitag im Dienst, hat eine Taschenlampe.",
        "Le gardien de nuit, Monsieur, doit faire les rondes toutes les deux heures.",
        "What should a night porter do if a guest has a seizure in the lobby?",
    ],
)
def test_a_role_without_a_persons_name_or_fact_names_no_one(text: str) -> None:
    assert "personName" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Traveller 2 is Greta Vollmer, document C4X9K7T21 - that's her passport, valid to 2030.",
        "Reisender 2: Jonas Brehm, Nummer T22000129 - das ist seine Passnummer.",
        "Voyageuse : Inès Carrel, 18AB12345 c'est son numéro de passeport.",
        "Viajera: Aitana Roig, documento PAA123456, es su pasaporte.",
    ],
)
def test_an_identifier_its_label_follows(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Export from the applicant table:\nlast_name: Okafor\npassport_no: 518385881\nQ?",
        "Auszug aus der Datenbank (Felder englisch):\nname: Brehm\npassport_no: 518385881",
        "Extrait de la base (champs en anglais) :\nnom : Carrel\nid_number: 518385881",
        "Extracto de la base de datos:\napellido: Roig\npassport_number: 518385881",
    ],
)
def test_a_database_field_name_labels_its_value_in_any_language(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "OCR of the data page:\nP A S S P O R T   N o .   533380006\nS u r n a m e : K E N T",
        "OCR-Text der Seite:\nR E I S E P A S S   N r .   C01X00T47\nN a m e : B R E H M",
        "Texte OCR :\nP A S S E P O R T   N °   15FM17787\nN o m : C A R R E L",
        "Texto OCR:\nP A S A P O R T E   N . º   PAA123456\nA p e l l i d o s : R O I G",
    ],
)
def test_an_ocr_label_written_letter_by_letter(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "members.csv:\nmember_id,full_name,rijksregisternummer,postcode\n"
        "0412,Lotte Claes,85.07.14-123.30,2600\n0413,Bram Peeters,92.03.01-456.12,9000",
        "Mitglieder.csv:\nnr,name,national_register_number,plz\n7,Lotte Claes,85.07.14-123.30,2600",
        "export.csv :\nid,nom,numéro de registre national,code postal\n"
        "12,Bram Peeters,73.11.22-789.64,4000",
        "socios.csv:\nid,nombre,número de registro nacional,cp\n3,Lotte Claes,01.12.05-234.41,1000",
    ],
)
def test_a_csv_column_under_a_national_register_header(text: str) -> None:
    assert "nationalId" in kinds(text)


def test_the_invented_register_numbers_pass_their_check() -> None:
    for number in ("85071412330", "92030145612", "73112278964", "01120523441"):
        assert be_register_valid(number)


@pytest.mark.parametrize(
    "text",
    [
        "PBX log:\n[2026-10-02 14:22:07] NOTICE[2211] chan_sip.c: Registered SIP 'nora.lindqvist'"
        " at 81.2.69.160:5060 (expires 3600)",
        "Aus dem Log der Telefonanlage:\n[2026-10-02 14:22:07] VERBOSE[41] chan_sip.c: "
        "Registered SIP 'henrike.voss' at 81.2.69.161:5060",
        "Journal du standard :\n[2026-10-02 14:22:07] NOTICE[2211] chan_sip.c: Registration from"
        " '<sip:amelie.roux@pbx.exemple.fr>' failed for '81.2.69.162:5060'",
        "Del log de la centralita:\nContact: <sip:uxue.arrieta@81.2.69.163:5060>\n"
        "[2026-11-18 08:03:11] REGISTER aceptado",
    ],
)
def test_a_sip_registration_pairs_a_user_with_an_ip(text: str) -> None:
    assert "ipAddress" in kinds(text)


def test_a_sip_extension_number_names_no_one() -> None:
    text = "[2026-11-18 08:03:11] chan_sip.c: Registered SIP '1001' at 94.236.150.95:5060"
    assert "ipAddress" not in kinds(text)


_FILLER = {
    "en": "The quarterly facilities review covered heating, lighting and the lift contract. ",
    "de": "Die Quartalsprüfung der Gebäude umfasste Heizung, Beleuchtung und den Aufzugsvertrag. ",
    "fr": "La revue trimestrielle des locaux a porté sur le chauffage et le contrat d'ascenseur. ",
    "es": "La revisión trimestral trató la calefacción, la iluminación y el contrato del ascensor. ",
}


@pytest.mark.parametrize(
    ("lang", "named", "unnamed"),
    [
        (
            "en",
            "Our night porter, Wiktor, told me he has been diagnosed with epilepsy. ",
            "Our night porter should know what to do when a guest has a seizure. ",
        ),
        (
            "de",
            "Unsere Nachtwächterin, Ionela, hat uns gesagt, dass sie Epilepsie hat. ",
            "Unsere Nachtwächterin sollte wissen, was bei einem epileptischen Anfall zu tun ist. ",
        ),
        (
            "fr",
            "Notre veilleur de nuit, Karim, nous a dit qu'il est épileptique. ",
            "Notre veilleur de nuit doit savoir quoi faire en cas de crise d'épilepsie. ",
        ),
        (
            "es",
            "Nuestra limpiadora del turno de noche, Ionela, nos ha dicho que tiene epilepsia. ",
            "Nuestra limpiadora del turno de noche debe saber qué hacer ante una crisis. ",
        ),
    ],
)
def test_a_colleague_named_by_role_in_the_middle_of_a_long_note(
    lang: str, named: str, unnamed: str
) -> None:
    filler = _FILLER[lang] * 40
    assert len(filler) > 2000  # past the short-prompt rules: read at the role word's places
    assert {"personName", "health"} <= kinds(filler + named + filler)
    assert "personName" not in kinds(filler + unnamed + filler)


def test_an_english_in_law_with_a_full_name_is_a_relation_cue() -> None:
    # German, French and Spanish name in-laws in one word (Schwager, beau-frère, cuñado)
    assert "personName" in kinds("My sister-in-law, Thu Trang Nguyen, lives in Leeds.")
    assert "personName" in kinds("My brother-in-law Tomasz Wrona starts on Monday.")
    assert kinds("Every mother-in-law joke is old.") == set()
