"""Addresses that belong to organisations (a public authority or agency, a hospital, a
charity, a company a complaint goes to), streets named after a titled person, a figure of
history whose public life and health law are the subject, and special-category facts told
in words the lexicons lacked (an asylum case in progress, a church denomination, a union
mandate). Each class is checked in four languages with a guard: a private person's own
home or fact in the same frame still flags. Every example is invented."""

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
        "Draft an objection to the Valley Water Agency, 14 Mill Road, Leeds LS2 7HT, about a late refund.",
        "Write to the tax office helpline about my code; the post box is BX9 1AS.",
        "Schreib einen Widerspruch an das Finanzamt Hameln, Süntelstraße 2, 31785 Hameln, ohne Namen.",
        "Lieferung an das Klinikum Süd, Breslauer Straße 201, 90471 Nürnberg, Rampe C.",
        "Écris un recours à la préfecture du Gard, 10 avenue Feuchères, 30000 Nîmes, sans nom.",
        "Livraison pour la clinique Pasteur, 45 avenue de Lombez, 31300 Toulouse, quai 2.",
        "Las donaciones se entregan en la fundación Reto, Calle Mayor 12, 28013 Madrid.",
        "Redacta un recurso a la Agencia Tributaria, Calle de Lérida 32, 28020 Madrid.",
    ],
)
def test_an_organisations_address_is_not_personal(text: str) -> None:
    assert "address" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Draft an objection to the water agency: I live at 14 Mill Road, Leeds LS2 7HT.",
        "Widerspruch an das Finanzamt: ich wohne in der Süntelstraße 2, 31785 Hameln.",
        "Recours à la préfecture : mon adresse est 10 avenue Feuchères, 30000 Nîmes.",
        "Recurso a la Agencia Tributaria: vivo en Calle de Lérida 32, 28020 Madrid.",
        "I moved house, new address: 14 Mill Road, Leeds LS2 7HT. Must I tell the tax office?",
        "Ich bin umgezogen, neue Adresse: Süntelstraße 2, 31785 Hameln. Muss das Finanzamt das wissen?",
        "J'ai déménagé, nouvelle adresse : 10 avenue Feuchères, 30000 Nîmes. La préfecture doit-elle le savoir ?",
        "Me he mudado, nueva dirección: Calle de Lérida 32, 28020 Madrid. ¿Aviso a la Agencia Tributaria?",
    ],
)
def test_the_writers_own_home_beside_an_authority_still_flags(text: str) -> None:
    assert "address" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "La Mutuelle, 9 rue du Général Hugues Bastide, 69003 Lyon : rédige une réclamation, sans nom.",
        "Réclamation pour la boutique, 4 avenue du Docteur Marcel Roux, 13008 Marseille.",
        "Reclamación a la tienda, Calle del Doctor Ignacio Barraquer 5, 08014 Barcelona.",
        "Reclamación a Talleres Ebro, Avenida del Coronel Mateo Rivas 18, 50001 Zaragoza.",
    ],
)
def test_a_street_named_after_a_titled_person_names_no_one(text: str) -> None:
    assert "personName" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lucienne Barbier, 9 rue du Général Hugues Bastide, 69003 Lyon, a une dette de loyer.",
        "Anselmo Quiroga vive en la Calle del Doctor Ignacio Barraquer 5 y tiene deudas.",
    ],
)
def test_a_person_living_on_such_a_street_still_flags(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Margarethe Albers was born on 2 May 1921. Summarise the parliamentary debate on the abortion law she led.",
        "Margarethe Albers wurde am 2. Mai 1921 geboren. Fasse die Debatte um ihr Gesetz zum Schwangerschaftsabbruch zusammen.",
        "Odile Ferrand est née le 4 mars 1924. Résume le débat sur sa loi sur l'avortement.",
        "Remedios Alcañiz nació el 8 de junio de 1926. Resume el debate sobre su ley del aborto.",
    ],
)
def test_a_figure_of_historys_public_debate_is_no_ones_data(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "My aunt Odile, born on 4 March 1924, is in hospital after a stroke; summarise the debate.",
        "Meine Tante Odile, geboren am 4. März 1924, hatte einen Schlaganfall; fasse die Debatte zusammen.",
    ],
)
def test_a_relatives_birth_and_health_beside_a_debate_still_flag(text: str) -> None:
    assert "health" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Tobias Wenlock-Hale is still waiting on his asylum decision; how can we help him?",
        "Yusuf Demirkan hat seit einem Jahr keine Asylentscheidung, wie helfen wir ihm?",
        "Karim Haddou attend la décision d'asile depuis un an ; comment l'aider ?",
        "Omar Benali espera la resolución de asilo desde hace un año, ¿cómo le ayudamos?",
        "Ignatius Ombrello won't work Saturdays because he is a Seventh-day Adventist.",
        "Frau Heike Sommerfeld ist Adventistin und arbeitet samstags nicht.",
        "Apolline Verdier est adventiste et refuse de travailler le samedi.",
        "Rogelio Maturana es adventista y no trabaja los sábados.",
        "Bronwen Tilsley uses her union facility time every Friday; can we cut it?",
        "Jörg Wendisch ist freigestellter Betriebsrat, darf die Firma das streichen?",
        "Odile Ferrand est déléguée FO et la direction veut lui retirer ses heures de délégation.",
        "Anselmo Quiroga es liberado sindical y la empresa quiere quitarle sus horas sindicales.",
    ],
)
def test_a_named_persons_asylum_case_church_or_union_mandate_is_personal(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "How long does an asylum decision usually take in the UK?",
        "Was ist eine Adventistin, und warum feiert sie den Sabbat?",
        "Combien d'heures de délégation a un délégué FO ?",
        "¿Cuántas horas sindicales tiene un liberado sindical?",
    ],
)
def test_the_same_facts_about_no_one_are_general_questions(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "What injury kept Emma Raducanu out in 2023? One line.",
        "Welche Verletzung hielt Lukas Brenner 2021 vom Platz fern? Eine Zeile.",
        "Quelle blessure a écarté Margaux Feuillet des courts en 2022 ? Une ligne.",
        "¿Qué lesión apartó a Rogelio Maturana de las pistas en 2022? Una línea.",
    ],
)
def test_a_recall_question_about_a_past_year_asks_the_public_record(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "What injury kept my colleague Emma Raducanu out in 2023?",
        "Welche Krankheit hatte mein Nachbar Lukas Brenner 2021?",
        "Quelle maladie a eu mon voisin Margaux Feuillet en 2022 ?",
        "¿Qué enfermedad tuvo mi vecino Rogelio Maturana en 2022?",
        "Emma Raducanu was off with an injury in 2023; what injury was it?",
    ],
)
def test_the_askers_own_people_or_a_told_fact_still_flag(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lead passenger: Tom Hale\nTravel document no.\n264285402\n\nList every number.",
        "Reisedokument Nr. C4J7K9L2M für den Flug, bitte prüfen.",
        "Document de voyage n° 18AB12345 : vérifie la validité.",
        "Documento de viaje: PAE123456, ¿sigue vigente?",
    ],
)
def test_a_travel_document_number_is_a_passport_number(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "This document 264285402 is the invoice number.",
        "Dieses Dokument trägt die Nummer C4J7K9L2M im Archiv.",
        "Ce document n° 18AB12345 est la facture du fournisseur.",
        "Este documento PAE123456 es el albarán del pedido.",
    ],
)
def test_any_other_document_number_is_no_ones(text: str) -> None:
    assert "nationalId" not in kinds(text)
