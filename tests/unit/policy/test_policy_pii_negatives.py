"""PII negatives by class, in the four languages: an organisation's or a venue's address, a
block of data its heading declares made up, characters of a work read as literature, a
figure of history with a birth date, a company's VAT number, and a noun phrase that opens
with a count; each beside the private case the rule must keep."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


@pytest.mark.parametrize(
    "prompt",
    [
        "Can I walk to Harlow Botanic Gardens, Millbrook Lane, Harlow CM19 4QP from the "
        "station, or should I take the bus?",
        "Write a cover letter to Trevane Structures, 14 Quarry Street, Leeds LS2 7HZ, for a "
        "junior site engineer post.",
        "Wie komme ich vom Bahnhof zur Neuen Pinakothek Oberweiler, Lindenstraße 12, 54321 "
        "Oberweiler?",
        "Schreib ein Anschreiben an Brenner Maschinenbau, Hafenstraße 7, 28195 Bremen, für "
        "ein Praktikum in der Konstruktion.",
        "Combien de temps à pied depuis la gare jusqu'au musée Valcourt, 8 rue des Tanneurs, "
        "69002 Lyon ?",
        "Rédige une lettre de motivation pour Ateliers Garonne, 22 avenue Jean Jaurès, 31000 "
        "Toulouse, pour un poste de technicien.",
        "¿Cómo llego desde la estación de metro al Teatro Albéniz, calle de la Paz 11, 28012 "
        "Madrid?",
        "Escribe una carta de presentación para Talleres Ebro, avenida de Cataluña 40, 50014 "
        "Zaragoza, para unas prácticas de diseño.",
    ],
)
def test_an_address_beside_a_venue_a_station_or_an_employer_is_theirs(prompt: str) -> None:
    assert "address" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "I live at 14 Quarry Street, Leeds LS2 7HZ. Write a cover letter for me.",
        "Ich wohne in der Lindenstraße 12, 54321 Oberweiler. Schreib mein Anschreiben.",
        "J'habite 8 rue des Tanneurs, 69002 Lyon. Écris ma lettre de motivation.",
        "Vivo en la calle de la Paz 11, 28012 Madrid. Escribe mi carta de presentación.",
        "How long to cycle from the station to 4 Mill Lane, Harlow CM19 4QP?",
    ],
)
def test_a_home_beside_a_station_or_a_cover_letter_stays_an_address(prompt: str) -> None:
    assert "address" in kinds(prompt)


def _release_notes(heading: str, fixture: list[str], ask: str, entry: str) -> str:
    """A long changelog with a declared fixture block in its middle."""
    before = [f"- 3.{i}.0: {entry} (OPS-{4100 + i})" for i in range(40)]
    after = [f"- 4.{i}.0: {entry} (OPS-{5100 + i})" for i in range(40)]
    return "\n".join(["# Changelog", *before, heading, *fixture, *after, "", ask])


_FIXTURES = [
    (
        "### Seed data (synthetic, all fictitious)",
        [
            "- customer: Corin Ashdale, born 1985-03-14, corin.ashdale@example.org",
            "- account: Ilse Brantwood, born 12 June 1979, tel. +44 20 7946 0321",
        ],
        "Which entries are marked Removed?",
        "Removed the legacy export",
    ),
    (
        "### Testdaten (vollständig erfunden)",
        [
            "- Kundin: Wiebke Sandhorst, geb. 14.03.1985, wiebke@example.org",
            "- Konto: Jorin Feldmark, geboren am 2. Mai 1979, Tel. 030 5550 1234",
        ],
        "Welche Einträge sind als entfernt markiert?",
        "Entfernt: alter Export",
    ),
    (
        "### Données de test (jeu d'essai, fictives)",
        [
            "- cliente : Maëlle Torvic, née le 14/03/1985, maelle@example.net",
            "- compte : Aurèle Damparis, né le 2 mai 1979, tél. 01 99 00 11 22",
        ],
        "Quelles entrées sont marquées supprimées ?",
        "Supprimé : ancien export",
    ),
    (
        "### Datos de prueba (totalmente ficticios)",
        [
            "- cliente: Nerea Solvinto, nacida el 14/03/1985, nerea@example.com",
            "- cuenta: Iker Malbrán, nacido el 2 de mayo de 1979, tel. 600 000 123",
        ],
        "¿Qué entradas están marcadas como eliminadas?",
        "Eliminado: exportación antigua",
    ),
]


@pytest.mark.parametrize(("heading", "fixture", "ask", "entry"), _FIXTURES)
def test_a_block_its_heading_declares_made_up_covers_all_its_values(
    heading: str, fixture: list[str], ask: str, entry: str
) -> None:
    text = _release_notes(heading, fixture, ask, entry)
    assert len(text) > 2000  # a long prompt: the block is far from the document's start
    assert kinds(text) == set()


@pytest.mark.parametrize(("heading", "fixture", "ask", "entry"), _FIXTURES)
def test_what_follows_the_declared_block_is_read_again(
    heading: str, fixture: list[str], ask: str, entry: str
) -> None:
    text = _release_notes(heading, fixture, ask, entry)
    real = "\n\nPatient Oskar Wendelin, born 1961-08-02, was admitted with pneumonia."
    assert {"personName", "dateOfBirth"} <= kinds(text + real)
    undeclared = _release_notes("### Customers", fixture, ask, entry)
    assert "dateOfBirth" in kinds(undeclared)


def test_a_credential_in_a_declared_block_is_a_credential_all_the_same() -> None:
    heading, fixture, ask, entry = _FIXTURES[0]
    secret = "- admin password: Vq7!rT2#mLp9xZ4w"
    assert "secret" in kinds(_release_notes(heading, [*fixture, secret], ask, entry))


@pytest.mark.parametrize(
    "prompt",
    [
        "Compare how two TV dramas portray a stroke - Harriet Vane in one, Gideon Marsh in the "
        "other - using at least three specific scenes.",
        "Vergleiche, wie der Roman die Tuberkulose von Hanno Lindqvist und Greta Auerbach "
        "zeigt, mit Textstellen.",
        "Compare comment deux films montrent la leucémie d'Odile Marchetti et de Bastien "
        "Lorrain, en t'appuyant sur trois scènes précises.",
        "Compara cómo dos series retratan la depresión de Elena Soriano y Bruno Atienza, con "
        "tres escenas concretas.",
    ],
)
def test_characters_read_in_scenes_and_passages_are_no_one(prompt: str) -> None:
    found = kinds(prompt)
    assert "health" not in found
    assert "personName" not in found


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a short biography of Edith Harrowgate, born 12 March 1921 in Bristol, for a "
        "school exhibition.",
        "Schreib eine kurze Biografie der Physikerin Hedwig Sollmann, geboren am 4. Mai 1908 "
        "in Kassel.",
        "Rédige une notice biographique d'Odette Vernier, née le 27 juillet 1927 à Sète, pour "
        "une exposition.",
        "Escribe una biografía breve de Amparo Lizarde, nacida el 30 de noviembre de 1938 en "
        "Gijón, para un mural del instituto.",
    ],
)
def test_a_figure_of_history_in_a_biography_has_a_public_birth_date(prompt: str) -> None:
    found = kinds(prompt)
    assert "dateOfBirth" not in found
    assert "personName" not in found


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a short biography of my grandmother Edith Harrowgate, born 12 March 1931, for "
        "her birthday.",
        "Schreib eine kurze Biografie für unseren neuen Kollegen Jan Sollmann, geboren am "
        "4. Mai 1990 in Kassel.",
        "Rédige une notice biographique de ma tante Odette Vernier, née le 27 juillet 1937.",
        "Escribe una biografía de Amparo Lizarde, nacida el 30 de noviembre de 1992, para su "
        "perfil de empleada.",
    ],
)
def test_a_biography_of_a_relative_or_of_someone_born_lately_stays_personal(
    prompt: str,
) -> None:
    assert "dateOfBirth" in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Invoice no;Supplier;VAT reg no\nINV-0042;Harbour Freight Ltd;GB 123 4567 89\nTotal?",
        "Rechnungsnr.;Lieferant;USt-IdNr.\nRE-7781;Kranbau Ostholt KG;DE 314 159 265\nSumme?",
        "Facture F-2291, fournisseur Ateliers Garonne, TVA intracom. : FR 40 303265045.",
        "Factura 88/2026 de Talleres Ebro S.L., NIF de empresa: B12345674. ¿Total?",
    ],
)
def test_a_companys_vat_number_is_no_national_id(prompt: str) -> None:
    assert "nationalId" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My Steuer-IdNr. is 86095742719, where does it go on the form?",
        "Meine Steuer-IdNr.: 86095742719",
        "Mon numéro de sécurité sociale : 1 85 05 78 006 084 36",
        "Mi NIF es 12345678Z.",
    ],
)
def test_a_persons_tax_or_social_security_number_stays(prompt: str) -> None:
    assert "nationalId" in kinds(prompt)


def test_a_changelog_heading_security_is_no_social_security_label() -> None:
    text = "- 4.0.2 : Sécurité : journal des changements de rôle (CORE-1298, 4403759)"
    assert "nationalId" not in kinds(text)


@pytest.mark.parametrize(
    "prompt",
    [
        "Was ist der Unterschied zwischen Asthma und COPD? Drei Sätze reichen.",
        "Worin unterscheiden sich Migräne und Spannungskopfschmerz? Zwei Absätze genügen.",
        "What is the difference between asthma and COPD? Three Sentences, please.",
        "¿Qué es la migraña? Dos Frases bastan.",
    ],
)
def test_a_noun_phrase_opening_with_a_count_names_no_one(prompt: str) -> None:
    found = kinds(prompt)
    assert "personName" not in found
    assert "health" not in found


_GUIDES = [
    (
        "Stop {i}: the old market hall. Allow 20 minutes; benches on the north side.",
        "Aside - the poet: Edmund Harrowvale was born on 3 May 1822 in this town. The Harrowvale "
        "Museum, 12 Mill Street, Kendal LA9 4QR, keeps his desk.",
        "Plan the shortest order; one person in the group uses a wheelchair.",
    ),
    (
        "Station {i}: die alte Markthalle. 20 Minuten einplanen; Bänke an der Nordseite.",
        "Exkurs - der Dichter: Anselm Wiesengrund wurde am 3. Mai 1822 hier geboren. Das "
        "Wiesengrund-Museum, Mühlenstraße 12, 54321 Oberweiler, zeigt seinen Schreibtisch.",
        "Plane die kürzeste Reihenfolge; eine Person der Gruppe sitzt im Rollstuhl.",
    ),
    (
        "Étape {i} : les halles. Comptez 20 minutes ; des bancs côté nord.",
        "Parenthèse - le poète : Anselme Vauclair est né le 3 mai 1822 ici. Le musée Vauclair, "
        "12 rue du Moulin, 69002 Lyon, garde son bureau.",
        "Propose l'ordre le plus court ; une personne du groupe est en fauteuil roulant.",
    ),
    (
        "Parada {i}: el mercado viejo. Cuenta 20 minutos; bancos en el lado norte.",
        "Paréntesis - el poeta: Anselmo Valdería nació el 3 de mayo de 1822 aquí. El museo "
        "Valdería, calle del Molino 12, 50014 Zaragoza, guarda su escritorio.",
        "Decide el orden más corto; una persona del grupo va en silla de ruedas.",
    ),
]


@pytest.mark.parametrize(("stop", "aside", "ask"), _GUIDES)
def test_a_long_guides_figure_of_history_names_no_one_beside_a_far_fact(
    stop: str, aside: str, ask: str
) -> None:
    stops = [stop.format(i=i) for i in range(60)]
    text = "\n".join([*stops[:30], aside, *stops[30:], "", ask])
    assert len(text) > 2000
    assert kinds(text) == set()
    patient = "\n\nPatient: Oskar Wendelin, pneumonia, ward 4."
    assert {"personName", "health"} <= kinds(text + patient)


@pytest.mark.parametrize(
    "prompt",
    [
        "order_no,total\n4411,12.50\n# Sender: Northway Logistics, 14 Quarry Street, Leeds LS2 7HZ",
        "Bestellnr;Summe\n4411;12,50\n# Absender: Kurier Express Nord, Hafenstraße 7, 28195 Bremen",
        "commande;total\n4411;12,50\n# Expéditeur : Messagerie Rhône, 8 rue des Tanneurs, 69002 Lyon",
        "pedido;total\n4411;12,50\n# Remitente: Transportes Ebro, avenida de Cataluña 40, 50014 "
        "Zaragoza",
    ],
)
def test_an_address_after_a_company_named_by_its_trade_is_the_companys(prompt: str) -> None:
    assert "address" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Address: 8 Mill Lane, Harlow CM19 4QP. National Insurance number: see attached.",
        "I work in logistics. My address is 14 Quarry Street, Leeds LS2 7HZ.",
        "Ich arbeite bei Kurier Express Nord, wohne aber in der Hafenstraße 7, 28195 Bremen.",
        "Trabajo en Transportes Ebro; mi casa está en la calle de la Paz 11, 28012 Madrid.",
    ],
)
def test_a_trade_word_elsewhere_leaves_a_home_address(prompt: str) -> None:
    assert "address" in kinds(prompt)
