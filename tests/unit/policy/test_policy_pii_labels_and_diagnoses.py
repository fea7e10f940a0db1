"""A UK NI number labelled in another language ("NI-Nummer", "numéro NI", "número NI"),
a German relation word in its declined form ("beim Kollegen", "dem Nachbarn", "dem
Neffen") before a name, and a diagnosis stated as an adjective or a noun of the person
(epileptic, Epileptiker, épileptique, epiléptico; sickle-cell: drépanocytaire,
sichelzellkrank, drepanocítico; haemophiliac, hémophile, hemofílico). Each class is
checked in four languages with guards: the condition with no one named, and the number's
shape with no label, flag nothing. Every example is invented."""

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
        "UK NI number of our new hire Ivo Brandt: JN 09 40 75 A. Put it in a table.",
        "britische NI-Nummer unseres neuen Kollegen Ivo Brandt: JN 09 40 75 A (steht auf dem P60)",
        "numéro NI britannique de notre nouvelle recrue Ivo Brandt : JN 09 40 75 A",
        "número NI británico de nuestro nuevo compañero Ivo Brandt: JN 09 40 75 A",
    ],
)
def test_a_ni_number_labelled_in_any_language_flags(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Reference JN 09 40 75 A appears on the pallet label; sort the shipment list.",
        "Die Palette trägt die Kennung JN 09 40 75 A; sortiere die Lieferliste.",
        "La palette porte la référence JN 09 40 75 A ; trie la liste d'expédition.",
        "El palé lleva la referencia JN 09 40 75 A; ordena la lista de envíos.",
    ],
)
def test_a_ni_shaped_reference_with_no_label_stays_clean(text: str) -> None:
    assert "nationalId" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Beim Kollegen Cosimo Ferraldi kommt ab März eine Lohnpfändung wegen Spielschulden.",
        "Beim Nachbarn Jonas Ferraldi kommt ab März eine Lohnpfändung.",
        "Dem Neffen Lukas Ostrowski wurde eine Privatinsolvenz eröffnet.",
    ],
)
def test_a_declined_german_relation_before_a_name_flags(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "For the U11 squad: Elwin Marchetti is epileptic, keep an eye on him in the heat.",
        "Für die U11: Janek Dombrowski ist Epileptiker, bitte im Blick behalten.",
        "Pour l'équipe U11 : Ilan Besnard est drépanocytaire, il doit boire souvent.",
        "Para el equipo alevín: Iker Sarasola es epiléptico, vigiladlo con el calor.",
        "Team list: Oskar Lindahl is a haemophiliac, no contact drills.",
        "Pour le club : Théo Garnier est hémophile, pas de plaquage.",
        "Para el club: Iker Sarasola es hemofílico, nada de placajes.",
    ],
)
def test_a_diagnosis_as_an_adjective_of_a_named_person_flags(text: str) -> None:
    found = kinds(text)
    assert "health" in found
    assert "personName" in found


@pytest.mark.parametrize(
    "text",
    [
        "Explain to pupils what an epileptic seizure is and how to help.",
        "Erkläre der Klasse, was ein Epileptiker bei einem Anfall braucht.",
        "La drépanocytose est une maladie génétique : explique-la à des élèves de 3e.",
        "Explica a los alumnos qué hacer si un compañero epiléptico tiene una crisis.",
    ],
)
def test_the_condition_with_no_one_named_stays_clean(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "| Name | Passport | DOB |\n|---|---|---|\n| Ottilie Brennan | C5LKPX8NM | 06.11.2000 |\n\nCompare three retention options.",
        "| Name | Reisepass | Ort |\n|---|---|---|\n| Henrike Vossberg | C7TRWX2NM | Kassel |\n\nVergleiche drei Aufbewahrungsvarianten.",
        "Nom;Passeport;Ville\nAnouk Delval;18AB12345;Lyon\n\nPropose une durée de conservation.",
        "| Nombre | Pasaporte | Ciudad |\n|---|---|---|\n| Itziar Olabarria | PAB482913 | Bilbao |\n\nPropón un plazo de conservación.",
    ],
)
def test_a_document_number_under_its_column_header_flags(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "| Item | Pass | Score |\n|---|---|---|\n| Q4 build | yes | 97 |\n\nSummarise the test run.",
        "| Name | Reisepass | Ort |\n|---|---|---|\n| Muster | gültig | Kassel |\n\nErkläre die Spalten.",
        "| Nom | Passeport | Ville |\n|---|---|---|\n| exemple | à renouveler | Lyon |\n\nExplique les colonnes.",
        "| Campo | Pasaporte | Nota |\n|---|---|---|\n| formato | 9 caracteres | ejemplo |\n\nExplica las columnas.",
    ],
)
def test_a_document_column_with_no_number_stays_clean(text: str) -> None:
    assert "nationalId" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Hôtel de ville de Nantes, 2 rue de l'Hôtel de Ville, 44000 Nantes : écris un courrier pour réserver une salle.",
        "Rathaus Kassel, Obere Königsstraße 8, 34117 Kassel: schreib einen Brief wegen eines Raums für den Verein.",
        "Ayuntamiento de Zaragoza, Plaza del Pilar 18, 50003 Zaragoza: escribe una carta para pedir una sala.",
        "Stadtverwaltung Kassel, Obere Königsstraße 8, 34117 Kassel: formuliere eine Anfrage für den Saal.",
    ],
)
def test_a_town_halls_own_address_stays_clean(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "I live at 14 Lime Street, Bristol BS1 5TR, next to the town hall; write to my neighbour Loïc Berthelot.",
        "Ich wohne in der Lindenstraße 12, 34117 Kassel, gegenüber dem Rathaus; schreib meinem Nachbarn Jonas Vehlow.",
        "J'habite 14 rue des Lilas, 44000 Nantes, près de l'Hôtel de ville ; écris à mon voisin Loïc Berthelot.",
        "Vivo en la calle Alfonso I 12, 50003 Zaragoza, junto al Ayuntamiento; escribe a mi vecino Iker Sarasola.",
    ],
)
def test_a_private_home_beside_a_town_hall_flags(text: str) -> None:
    assert "address" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Gordon Halvorsen had a stroke in 2011 during his term as president. Summarise how the palace communicated.",
        "Helmut Brandauer hatte 2009 während seiner Amtszeit einen Schlaganfall. Fasse zusammen, wie das Kanzleramt kommunizierte.",
        "Lucien Marchand avait eu un accident vasculaire en 2003 pendant son mandat. Résume comment la présidence avait communiqué.",
        "Anselmo Iturbe tuvo un infarto en 2007 durante su mandato. Resume cómo lo comunicó el gobierno.",
    ],
)
def test_an_illness_during_a_term_of_office_is_public_record(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "My neighbour Gordon Halvorsen had a stroke in 2011 during his term as club treasurer.",
        "Gordon Halvorsen had a stroke in 2011 during his term as treasurer; write his sick note for work.",
        "Mein Kollege Helmut Brandauer hatte 2009 während seiner Amtszeit im Verein einen Schlaganfall.",
        "Mon voisin Lucien Marchand a eu un AVC en 2003 pendant son mandat au club ; écris-lui un mot.",
        "Mi vecino Anselmo Iturbe tuvo un infarto en 2007 durante su mandato en la comunidad.",
    ],
)
def test_a_private_persons_stroke_during_a_term_flags(text: str) -> None:
    assert "health" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "# published by: Bristol City Council, City Hall, College Green, Bristol BS1 5TR (open data)\n\nRank the ten worst trees.",
        "Kreisverwaltung Mainz-Bingen, Georg-Rückert-Straße 11, 55218 Ingelheim: schreib einen Antrag auf Zuschuss.",
        "Conseil départemental de la Gironde, 1 esplanade Charles-de-Gaulle, 33000 Bordeaux : écris un courrier pour une subvention.",
        "Diputación de Zaragoza, Plaza de España 2, 50071 Zaragoza: escribe una carta para pedir una subvención.",
    ],
)
def test_a_local_authoritys_own_address_stays_clean(text: str) -> None:
    assert "address" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Write to the council asking for a discount. Address: 8 Elm Hollow, Bristol BS1 5TR. NI number TT 38 37 25 D.",
        "Schreib an die Kreisverwaltung. Ich wohne in der Lindenstraße 12, 55218 Ingelheim, Antrag von Jonas Vehlow.",
        "Écris au conseil départemental. J'habite 14 rue des Lilas, 33000 Bordeaux ; signé Loïc Berthelot.",
        "Escribe a la diputación. Vivo en la calle Alfonso I 12, 50003 Zaragoza; firma Iker Sarasola.",
    ],
)
def test_a_writers_home_in_a_letter_to_a_local_authority_flags(text: str) -> None:
    assert "address" in kinds(text)
