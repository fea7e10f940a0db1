"""Special-category facts (genetic and biometric data, political opinion or membership, an
immigration status) about a private person named by full name or by a first name and the
writer's relation, in four languages; and the texts that name people or identifiers that
are no one's private data: a figure of history with dates, a celebrity's illness she made
public herself, an institution's switchboard and address, well-known fictional characters,
lookup keys in a config file, and an identifier the text calls a textbook example. Each
class is checked with a guard: the same private fact or the same identifier still flags
where the public, historical or fictional word is merely nearby. Every example is
invented."""

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
        "My cousin Niamh got her genetic test back: she carries the BRCA1 mutation.",
        "Rhodri Vaughan's DNA test shows he is not the biological father of the twins.",
        "Mein Bruder Jannik hat einen Gentest gemacht, er hat die Erbkrankheit geerbt.",
        "Laut Vaterschaftstest ist Dirk Lembeck nicht der leibliche Vater von Noah.",
        "Ma sœur Chloé a reçu son test génétique : mutation génétique confirmée.",
        "Le test de paternité dit que Fabrice Delorme n'est pas le père biologique.",
        "Mi tía Remedios se hizo la prueba genética y es portadora del gen.",
        "La prueba de paternidad confirma que Anselmo Quiroga es el padre biológico.",
    ],
)
def test_a_named_persons_genetic_result_is_health_data(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "My father, Desmond, had his fingerprints and an iris scan taken at the care home.",
        "Bei meiner Mutter Hannelore wurden im Heim die Fingerabdrücke gespeichert.",
        "Mon père, Gaston, a dû donner ses empreintes digitales à l'entrée de l'Ehpad.",
        "A mi abuelo, Eusebio, le tomaron las huellas dactilares en la residencia.",
    ],
)
def test_a_relatives_biometric_data_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Keep it quiet, but Oisin Fahey on the parish board is a card-carrying Labour man.",
        "Unter uns: Jörg Wendisch aus dem Elternbeirat ist Parteimitglied und verteilt Flugblätter für die Partei.",
        "Entre nous, Maëlle Kerhervé du comité des fêtes est encartée et distribue des tracts.",
        "La tesorera de la asociación, Begoña Arrieta, es militante del partido y reparte propaganda.",
    ],
)
def test_a_private_persons_political_membership_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Our gardener Teodoro Huamán says his visa ran out in March. What are his options?",
        "Unsere Putzkraft, Ionela Rusu, sagt, ihr Visum ist abgelaufen. Was kann sie tun?",
        "Notre nounou, Fatoumata Diarra, m'a dit que son visa a expiré le mois dernier.",
        "Nuestra cuidadora, Yanet Condori, tiene el visado caducado desde enero.",
    ],
)
def test_a_named_workers_lapsed_visa_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "The party's new leaflet says the Green vote doubled. Summarise the argument.",
        "Wie viele Parteimitglieder hat die SPD, und wie hat sich das entwickelt?",
        "Que dit la loi sur les empreintes digitales dans les écoles ?",
        "¿Es legal el reconocimiento facial en los supermercados?",
        "Explain what a BRCA2 genetic test can and cannot tell a patient.",
        "Podemos empezar mañana con el informe de ventas; prepara un esquema.",
    ],
)
def test_special_categories_without_a_person_are_general(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Rosa Luxemburg was born on 5 March 1871 and murdered in 1919. Assess the trial of her killers.",
        "Dietrich Bonhoeffer wurde am 4. Februar 1906 geboren und 1945 hingerichtet. Bewerte das Verfahren.",
        "Jean Moulin, né le 20 juin 1899, est mort en 1943. Analyse son rôle dans la Résistance.",
        "Mariana Pineda nació el 1 de septiembre de 1804 y fue ejecutada en 1831. Valora el proceso.",
        "Violette Morris, born on 18 April 1893, was executed in 1944; weigh the sources on her.",
        "Hans Scholl wurde 1918 geboren und 1943 hingerichtet. Was sagt das über die Justiz?",
    ],
)
def test_a_historical_figures_dates_are_history(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "My grandmother Edith Parr, born 3 March 1931, died in 2019; she had dementia.",
        "Meine Oma Hedwig Brandl, geboren 1938, starb 2021 an Krebs. Wie beantrage ich die Sterbeurkunde?",
    ],
)
def test_a_relatives_life_dates_are_still_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Selena Gomez has spoken publicly about lupus. How should outlets report it?",
        "Der Sänger Sam Ryder hat seine Erkrankung öffentlich gemacht. Wie berichtet man fair?",
        "Céline Sciamma a parlé publiquement de sa dépression ; analyse la couverture.",
        "Alejandro Sanz ha hablado públicamente de su depresión. Analiza la cobertura.",
    ],
)
def test_an_illness_a_public_figure_disclosed_is_public(text: str) -> None:
    assert "health" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "My colleague Imke Faber has spoken publicly about her depression at the staff meeting.",
        "Mi hermana Lucía ha hablado públicamente de su depresión en el colegio.",
    ],
)
def test_a_relatives_disclosure_is_still_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Write to the Natural History Museum, Cromwell Road, London SW7 5BD (020 7942 5000) about a visit.",
        "Anfrage an die Stadtbibliothek, Hauptstraße 12, 72070 Tübingen, Tel. 07071 204 1234, für eine Führung.",
        "Réservez au Musée des Beaux-Arts, 20 quai Émile Zola, 35000 Rennes, tél. 02 23 62 17 45.",
        "Escribe a la Biblioteca Pública, Calle Mayor 14, 28013 Madrid, teléfono 915 48 12 34.",
    ],
)
def test_an_institutions_address_and_switchboard_are_public(text: str) -> None:
    assert kinds(text) & {"phone", "address"} == set()


def test_a_persons_own_phone_beside_a_museum_still_counts() -> None:
    text = "Frau Brigitte Köhler, Kuratorin, erreichen Sie privat unter 0171 2345678."
    assert "phone" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Pippi Longstocking lives at Villa Villekulla; write a poem in which Mr Nilsson writes a letter.",
        "Fifi Brindacier habite la Villa Drôlederepos. Écris un poème où Monsieur Nilsson écrit.",
        "Pippi Calzaslargas vive en Villa Kunterbunt. Escribe un poema sobre el señor Nilsson.",
    ],
)
def test_well_known_fictional_characters_are_no_one(text: str) -> None:
    assert "personName" not in kinds(text)


def test_a_private_person_beside_a_fictional_name_still_counts() -> None:
    text = "Meine Tochter Lina liest Pippi Langstrumpf, sie hat aber Epilepsie. Was tun?"
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "In my config: session_key=3c9a1e07b4d25f6890ab1c2d3e4f5a6b. What is it for?",
        "Im Cache steht cache_key=7e1f0a9b2c3d4e5f60718293a4b5c6d7, wofür?",
        "Le fichier contient partition_key=9a8b7c6d5e4f30211f2e3d4c5b6a7980 ; à quoi sert-il ?",
        "En la tabla hay idempotency_key=0f1e2d3c4b5a69788796a5b4c3d2e1f0. ¿Para qué sirve?",
    ],
)
def test_a_lookup_key_in_a_config_is_no_credential(text: str) -> None:
    assert "secret" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "In my config: api_key=3c9a1e07b4d25f6890ab1c2d3e4f5a6b. Is that safe?",
        "SIGNING_KEY=7e1f0a9b2c3d4e5f60718293a4b5c6d7 steht in der .env",
    ],
)
def test_a_credential_key_still_counts(text: str) -> None:
    assert "secret" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "The DNI 12345678Z is the textbook example: why is the letter Z?",
        "Die DNI 12345678Z ist das Standardbeispiel aus dem Handbuch. Warum Z?",
        "Le DNI 12345678Z est l'exemple classique des manuels : pourquoi la lettre Z ?",
        "El NIE X1234567L es el ejemplo de los manuales: explica la letra.",
    ],
)
def test_an_identifier_the_text_calls_an_example_is_no_ones(text: str) -> None:
    assert "nationalId" not in kinds(text)


def test_a_real_identifier_beside_an_example_elsewhere_still_counts() -> None:
    text = "Mi DNI es 12345678Z. En otro párrafo: el ejemplo típico de los manuales es otro."
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "My sister Aoife's genetic panel came back positive for Lynch syndrome.",
        "Timo Barkowski hat das Ergebnis des DNA-Tests bekommen: er ist nicht der Vater.",
        "Unter uns: Kai Brenner aus dem Gemeinderat ist AfD-Mitglied und hängt Plakate auf.",
        "Mr Okonkwo is three months in rent arrears and has a county court judgment.",
        "El señor Quintana tiene deudas y una sentencia judicial por impago.",
    ],
)
def test_more_wordings_of_a_named_persons_special_facts(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Bibliothèque nationale de France, quai François Mauriac, 75013 Paris, 01 53 79 59 59 :"
        " rédige une demande de visite.",
        "The SSN 078-05-1120 is the famous Woolworth sample: why was it printed on wallets?",
        "Federico García Lorca nació el 5 de junio de 1898 y fue fusilado en 1936. Analiza su obra.",
        "Wie viele AfD-Mitglieder gibt es in Sachsen?",
    ],
)
def test_more_wordings_of_public_or_sample_data(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "A mi suegra Encarni le han diagnosticado cáncer de páncreas y empieza quimio.",
        "My sister-in-law Oonagh has just been diagnosed with epilepsy.",
        "Ma belle-mère Ghislaine a un cancer du sein, comment l'aider ?",
    ],
)
def test_a_relative_by_an_unlisted_first_name_beside_a_fact_is_personal(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Meine Mutter Anfang siebzig hat Demenz, was tun?",
        "my mother Has diabetes, what should we cook?",
    ],
)
def test_a_noun_or_a_title_cased_verb_after_a_relation_is_no_name(text: str) -> None:
    assert "personName" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "For advice call the free line 0808 800 5000 between 9 and 5.",
        "Die kostenlose Beratung erreichen Sie unter 0800 111 0 111.",
        "Le numéro vert 0 805 12 34 56 répond du lundi au vendredi.",
        "Atención gratuita en el 900 101 025, de lunes a viernes.",
    ],
)
def test_a_freephone_number_is_a_service_line(text: str) -> None:
    assert "phone" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    ["Ring me on 07911 123456 tonight.", "Mi móvil es 612 345 678, llámame."],
)
def test_a_persons_own_number_still_counts(text: str) -> None:
    assert "phone" in kinds(text)
