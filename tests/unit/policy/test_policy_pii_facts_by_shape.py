"""Special-category facts told by their shape rather than one word (a change of faith to a
named religion, a workers' representative at a disciplinary hearing, a criminal record for
a named offence, a return to drinking, an operation on an organ or leave for one), a third
person's relative named by a first name, a VPN log's login beside a public address, and
the public record's classes that hold none of it (a birth dated and placed with a public
career discussed, an illness sourced to the press, characters "in the books", a place of
worship's address). Each class in four languages with guards: a private person's birth
date, health, home address and login still flag. Every example is invented."""

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
        # a change of faith
        "Ngozi Fairbrother, one of the night nurses, converted to Islam in the spring and asked about prayer breaks.",
        "Torsten Vidmar ist letztes Jahr zum Buddhismus übergetreten und braucht freitags frei.",
        "Wiebke Oltmanns, eine unserer Ehrenamtlichen, ist zum Judentum konvertiert und kann samstags nicht.",
        "Ondine Casabianca s'est convertie au judaïsme l'an dernier, elle ne travaille plus le samedi.",
        "Yeray Mendizábal se convirtió al islam hace poco y pide cambiar el turno del viernes.",
        # a workers' representative at a disciplinary or grievance hearing
        "Kasimir Eldridge-Obi is the shop floor's Unite rep and will come to the disciplinary hearing.",
        "Hannelore Quast ist Betriebsrätin im Werk 2 und sitzt beim Personalgespräch zur Abmahnung dabei.",
        "Mireille Bontemps est déléguée syndicale et assistera à l'entretien préalable.",
        "Solène Vasseur, déléguée CGT, assistera à l'entretien préalable de Bastien.",
        "Remedios Ugarte es la delegada de UGT en la planta y estará en el expediente disciplinario.",
        # a criminal record for a named offence
        "The applicant Bartholomew Nkemelu has a record for assault, per the DBS check.",
        "Der Bewerber Ruslan Petersen ist wegen Körperverletzung vorbestraft.",
        "Le candidat Aurèle Mbappé-Lenoir a des antécédents judiciaires pour vol.",
        "El candidato Eneko Zubizarreta tiene antecedentes por robo, según el certificado.",
    ],
)
def test_a_special_category_fact_told_by_its_shape_flags_the_named_person(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        # a return to drinking, a relative named after a third person's possessive
        "Priya in payroll says her brother Dmitri is drinking again and might lose his flat.",
        "Beim Sommerfest erzählte Ilse, dass ihr Mann Jens wieder angefangen hat zu trinken.",
        "Mein Kollege Wendelin trinkt wieder, sagt seine Frau Ilka.",
        "Gaëlle de la compta m'a dit que son compagnon Anatole s'est remis à boire.",
        "Mi compañera Begoña dice que su hermano Nacho ha vuelto a beber.",
        # an operation on an organ, or leave for an operation
        "Osric Pennywhistle is off next week for his knee operation.",
        "Henrike Zawadzki fällt wegen einer Herzoperation sechs Wochen aus.",
        "Maëlys Quenet est en arrêt après une opération du genou.",
        "Ainhoa Lekuona estará de baja por una cirugía de cadera.",
    ],
)
def test_a_health_event_told_by_its_shape_is_health(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Write a poem about a convert to Buddhism.",
        "Convert this file to Markdown and send it to the rep.",
        "How do I convert the JSON to a Python dict? Our sales rep asked.",
        "Explain the difference between a disciplinary and a grievance procedure and the role of a union rep.",
        "Summarise the history of Catholicism in Ireland and the conversion to Protestantism.",
        "Wie funktioniert eine Herzoperation mit Bypass? Erkläre es einfach.",
        "¿Qué es una operación de rodilla y cuánto dura la recuperación?",
        "Write a blog post on why people start drinking again after rehab.",
        "Les antécédents pour ce type de projet sont rares ; résume le dossier.",
        "Los antecedentes por región muestran un aumento; haz un gráfico.",
        "El delegado de UGT en Madrid dará una charla sobre el convenio; resume los puntos.",
        "Explain what the peer identity means in IKEv2 and why 8.8.8.8 is a public resolver.",
    ],
)
def test_the_shapes_without_a_person_flag_nothing(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Jan 2 11:01:02 gw openvpn[99]: 81.2.69.160:40112 [oyelaran.t] Peer Connection Initiated with [AF_INET]",
        "Feb 3 09:12:44 fw charon: 07[IKE] 91.198.174.20 is initiating a Main Mode IKE_SA, EAP identity 'mbekele'",
        "Die Verbindung von 91.198.174.20 wurde um 10:00:00 aufgebaut, peer identity 'hkowalczyk-ruiz'",
    ],
)
def test_a_vpn_login_beside_an_address_is_a_session(text: str) -> None:
    assert "ipAddress" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Jan 2 11:01:02 gw openvpn[99]: 81.2.69.160:40112 [svc-backup] Peer Connection Initiated with [AF_INET]",
        "Jan 2 11:01:02 gw openvpn[99]: 81.2.69.160:40112 [root] Peer Connection Initiated with [AF_INET]",
        "Feb 3 09:12:44 fw charon: 07[IKE] 91.198.174.20 is initiating a Main Mode IKE_SA, EAP identity 'admin'",
    ],
)
def test_a_service_account_in_a_vpn_log_is_no_one(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        # a birth dated and placed, then the public career discussed
        "Odalys Brenninkmeyer was born on 4 March 1991 in Rotterdam. Analyse her transfer to Arsenal and whether her playing style suits the league.",
        "Kasimir Wendtland wurde am 2. Mai 1979 in Rostock geboren. Beschreibe seine Taktik als Trainer in der Saison 2019.",
        "Théo Abalain est né le 8 avril 1995 à Brest. Compare son style de jeu avec celui de Griezmann.",
        "Íñigo Larrazábal nació el 9 de julio de 1988 en Bilbao. Analiza su discografía y cuál de sus álbumes fue más influyente.",
        # an illness sourced to the press
        "According to press reports, Marlon Kettleborough has Parkinson's disease. Explain the illness simply.",
        "Laut Medienberichten leidet Ilka Brombacher an Multipler Sklerose. Erkläre die Krankheit.",
        "D'après la presse, Anouk Verlaine souffre de la maladie de Crohn. Explique-la en trois phrases.",
        "Según la prensa, Maribel Eizaguirre padece esclerosis múltiple. Explica qué es.",
        # characters in the books, novels, films
        "In the novels, Inspector Wexford lives at 18 Kingsmarkham Road. Why does the setting matter in the books?",
        "Kommissar Brunetti wohnt in der Calle Foscari 12. Warum ist das in den Romanen wichtig?",
        "Le commissaire Adamsberg habite 12 rue des Cordiers. Pourquoi ce décor compte-t-il dans les romans ?",
        "Pepe Carvalho vive en la calle Vallvidrera 14. ¿Por qué importa en las novelas?",
        # a place of worship's, or a venue's visitor service's, address
        "The Temple Church is at 2 Temple Lane, London EC4Y 7BB. Draft an email asking about audio description.",
        "Die Basilika St. Ulrich steht in der Ulrichsplatz 19, 86150 Augsburg. Schreib eine Anfrage für eine Führung.",
        "La Basilique Saint-Rémi se trouve rue Simon 53, 51100 Reims. Écris un mail pour une visite.",
        "La Mezquita Mayor está en la calle de Alcalá 211, 28028 Madrid. Pregunta si hay visitas con audiodescripción.",
    ],
)
def test_public_record_fiction_and_landmarks_are_no_ones_personal_data(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Our applicant Odalys Brenninkmeyer was born on 4 March 1991 in Rotterdam. Check her transfer request.",
        "Patient Kasimir Wendtland, born 2 May 1979 in Rostock, asks about his knee; his tactics for recovery?",
        "Mi sobrino Íñigo Larrazábal nació el 9 de julio de 1988 en Bilbao y juega en tierra batida.",
        "Théo Abalain, né le 8 avril 1995 à Brest, demande un certificat de travail.",
        "Odalys Brenninkmeyer was born on 4 March 1991 in Rotterdam. Write her a birthday card.",
        "According to her GP, Marlon Kettleborough has Parkinson's disease. Draft a letter to her employer.",
        "My neighbour Marlon Kettleborough has Parkinson's, according to the press at his church. Explain it.",
        "My tenant Colm Ashdown lives at 18 Kingsmarkham Road; he appears in the novels I am writing.",
        "Colm Ashdown lives at 18 Kingsmarkham Road. Write him a letter about the rent arrears.",
        "Hola, soy Rocío, vivo en la calle de Mallorca 401, 3º 2ª, cerca de la basílica. ¿Me ayudas con el padrón?",
    ],
)
def test_a_private_persons_birth_health_and_home_still_flag(text: str) -> None:
    assert kinds(text) & {"personName", "address", "dateOfBirth", "health"}


def _minutes(note: str, item: str) -> str:
    """Long minutes (well over a short prompt) with ``note`` as a paragraph in the middle."""
    items = "\n".join(f"{item} {n}.{n % 7}: ({n % 40}/{40 + n % 3})." for n in range(1, 61))
    return f"{items}\n\n{note}\n\n{items}\n\nSummarise the decisions."


@pytest.mark.parametrize(
    ("note", "item"),
    [
        (
            "Confidential: Tamsin Okonjo-Barr asked to pause her fees; she is having chemotherapy and the committee agreed.",
            "Item boathouse roof",
        ),
        (
            "Vertraulich: Irmgard Schwemmle bat um Beitragspause; sie hat Brustkrebs, der Vorstand stimmte zu.",
            "Punkt Bootshaus",
        ),
        (
            "Confidentiel : Clotilde Sarrazin-Biot a demandé un report ; elle suit une chimiothérapie, accord du bureau.",
            "Point hangar",
        ),
        (
            "Confidencial: Casilda Urquiaga pidió aplazar la cuota; tiene leucemia y la junta lo aprobó.",
            "Punto cobertizo",
        ),
    ],
)
def test_a_named_members_note_in_long_minutes_is_read_as_a_short_prompt(
    note: str, item: str
) -> None:
    assert {"personName", "health"} <= kinds(_minutes(note, item))


@pytest.mark.parametrize(
    ("note", "item"),
    [
        (
            "The hospital's chemotherapy ward thanked the club for the regatta's donation.",
            "Item boathouse roof",
        ),
        (
            "Die Spende der Regatta ging an die Krebshilfe; der Vorstand dankte allen.",
            "Punkt Bootshaus",
        ),
        ("Le don de la régate ira au service de chimiothérapie de l'hôpital.", "Point hangar"),
        ("La donación de la regata irá a la asociación contra la leucemia.", "Punto cobertizo"),
    ],
)
def test_a_health_word_in_long_minutes_with_no_one_named_flags_nothing(
    note: str, item: str
) -> None:
    assert kinds(_minutes(note, item)) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Benedikt Ollander is back from adoption leave with his husband next week; plan a small party.",
        "Marisol Quennell and her wife are moving to Leeds; update the team page.",
        "Jorinde Achatz kommt mit ihrer Frau zur Weihnachtsfeier, bitte zwei Plätze.",
        "Torben Lüdecke kommt mit seinem Mann zur Feier, bitte zwei Plätze.",
    ],
)
def test_a_mans_husband_or_a_womans_wife_names_the_persons_orientation(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Grüßen Sie Ihre Frau von mir. Schreib das freundlicher.",
        "He thanked his wife and her husband for the dinner. Rewrite this sentence.",
        "Write a wedding toast where the groom thanks his husband's parents.",
    ],
)
def test_a_polite_your_wife_or_an_unnamed_couple_flags_nothing(text: str) -> None:
    assert kinds(text) == set()
