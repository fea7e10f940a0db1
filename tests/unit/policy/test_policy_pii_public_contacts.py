"""PII negatives by class, in the four languages: a public office's or a company's own
contact details (a role mailbox, a town hall's or a registered office's line, a company's
register number), a character of a film or a novel, a public figure's health in the news,
and health statistics about no one; each beside the private case the rule must keep."""

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
        "From the parish website: 'Write to the Town Clerk at enquiries@fenwick-pc.gov.uk or "
        "ring the Town Hall on 01632 448120, Tuesdays 9-12.' Make a two-line notice of it.",
        "Von der Gemeindeseite: 'Rathaus Oberweiler, Marktplatz 3, 54321 Oberweiler. Telefon "
        "06543 2210-0, info@oberweiler.de, Bürgerbüro Mo-Fr 8-12 Uhr.' Mach eine Tabelle.",
        "Site de la mairie : « Hôtel de ville de Valcourt, 1 place du Marché. Téléphone 03 27 "
        "41 52 00, mairie@valcourt.fr, ouvert du lundi au vendredi. » Fais-en une fiche.",
        "De la web del ayuntamiento: «Ayuntamiento de Villanueva, plaza Mayor 2. Teléfono "
        "941 220 300, atencion.ciudadano@villanueva.es, de 9 a 14 h.» Hazlo una ficha.",
    ],
)
def test_a_public_offices_mailbox_and_line_are_no_ones(prompt: str) -> None:
    assert not kinds(prompt) & {"email", "phone"}


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Town Hall notice: for planning queries ask Mrs Delia Hartwell directly at "
            "delia.hartwell@fenwick-pc.gov.uk or on 01632 448127.",
            "email",
        ),
        (
            "Rathaus Oberweiler: Ihre Ansprechpartnerin im Bürgerbüro ist Frau Ilka Brandner, "
            "Telefon 06543 2210-14.",
            "phone",
        ),
        (
            "Mairie de Valcourt : votre contact est Mme Solène Marquet, joignable au 03 27 41 "
            "52 18 ou à solene.marquet@valcourt.fr.",
            "email",
        ),
        (
            "Ayuntamiento de Villanueva: pregunte por la Sra. Remedios Alcubilla, teléfono 941 "
            "220 317.",
            "phone",
        ),
    ],
)
def test_a_named_persons_own_line_on_an_office_page_stays_personal(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Send the form to info@brenner-tools.co.uk, not to the sales team.",
        "Schick die Unterlagen an kontakt@brenner-maschinenbau.de.",
        "Envoie le devis à service.client@ateliers-garonne.fr.",
        "Manda la factura a facturacion@talleres-ebro.es.",
    ],
)
def test_a_role_mailbox_names_no_one(prompt: str) -> None:
    assert "email" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Companies House extract: Trevane Structures Ltd, company number 0874 2211, "
        "registered office 14 Quarry Street, Leeds. Explain each field.",
        "Handelsregisterauszug: Brenner Maschinenbau GmbH, Amtsgericht Bremen HRB 482 117 "
        "330, Sitz der Gesellschaft Bremen. Erkläre die Angaben.",
        "Extrait Kbis : Ateliers Garonne SARL, SIREN 512 334 908, RCS Toulouse. Explique "
        "chaque mention.",
        "Nota del Registro Mercantil: Talleres Ebro SL, CIF: 611 204 335, domicilio social "
        "en Zaragoza. Explica cada dato.",
    ],
)
def test_a_company_register_number_is_not_a_phone(prompt: str) -> None:
    assert "phone" not in kinds(prompt)


def test_a_private_phone_beside_no_register_word_stays_a_phone() -> None:
    assert "phone" in kinds("Ruf mich an: 0176 4432 1190, ich bin ab 18 Uhr erreichbar.")


@pytest.mark.parametrize(
    "prompt",
    [
        "Captain Wendle lives with the Orrins at 7 Larkspur Crescent, Dunmere. Write a diary "
        "entry in his voice about his first day at the lighthouse.",
        "Kommissar Brandolf wohnt in der Kastanienallee 14 in Oberweiler. Schreib eine Szene, "
        "in der er einen alten Fall wieder aufrollt.",
        "Mireille Vauquelin tient une librairie rue des Tanneurs à Valcourt. Écris une courte "
        "scène où elle conseille un client pressé.",
        "Tomasa Irigoyen trabaja en una panadería de la calle Mayor 9. Escribe una escena "
        "breve en la que recibe una carta misteriosa.",
    ],
)
def test_a_films_or_a_storys_characters_and_homes_are_fiction(prompt: str) -> None:
    assert not kinds(prompt) & {"personName", "address"}


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarise in one line: the singer Orla Kestrel, who has a rare nerve disease, sang "
        "on stage at the opening ceremony of the games, her first show in three years.",
        "Fasse zusammen: Bundespräsident Arnulf Weidenbach spendete seiner Frau Ilse Korte "
        "eine Niere; beide erholten sich nach der Operation gut.",
        "Résume en une phrase : Maëlys Corbin, atteinte d'une maladie rare, a chanté sur scène "
        "à la cérémonie d'ouverture, sa première apparition depuis trois ans.",
        "Resume en una frase: el primer ministro Anselmo Briviesca, operado del corazón, "
        "volvió a su despacho tras la rueda de prensa.",
    ],
)
def test_a_public_figures_health_in_the_news_is_not_private(prompt: str) -> None:
    assert not kinds(prompt) & {"personName", "health"}


@pytest.mark.parametrize(
    "prompt",
    [
        "Prevalence of asthma by district (2025): Dunmere 11.2% | Larkspur 9.8% | Fenwick "
        "8.1%. Which confounders could explain the spread?",
        "Prävalenz von Diabetes nach Kreis (2025): Oberweiler 8,4 % | Niedertal 7,9 % | "
        "Kastanienberg 6,5 %. Welche Störfaktoren erklären den Unterschied?",
        "Prévalence de l'asthme par commune (2025) : Valcourt 10,1 % | Saint-Arnoult 8,7 % | "
        "Montbrison-le-Vieux 7,2 %. Quels facteurs de confusion ?",
        "Prevalencia de diabetes por comarca (2025): Villanueva 9,3 % | Sierra Alta 8,6 % | "
        "Vega Baja 7,1 %. ¿Qué factores de confusión la explican?",
    ],
)
def test_health_statistics_name_no_one(prompt: str) -> None:
    assert not kinds(prompt) & {"personName", "health"}


@pytest.mark.parametrize(
    "prompt",
    [
        "Write to HR: our employee Corwin Ashdale has been diagnosed with epilepsy and needs "
        "a quieter desk.",
        "Schreib an die Personalabteilung: unser Mitarbeiter Jorrit Vehlmann hat Diabetes "
        "Typ 1 und braucht feste Pausen.",
        "Écris aux RH : notre salariée Ombeline Ferrand souffre d'une dépression et demande "
        "un mi-temps thérapeutique.",
        "Escribe a RR. HH.: nuestra empleada Casilda Urquiza tiene epilepsia y necesita un "
        "puesto sin turnos de noche.",
    ],
)
def test_a_named_private_employees_health_stays_personal(prompt: str) -> None:
    assert {"personName", "health"} <= kinds(prompt)
