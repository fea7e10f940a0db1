"""A public figure's health told as news or history (a public office or a club's leading
role in apposition, an office held before: "a. D.", "emérito"), an organisation's address
printed with its main line (switchboard, Zentrale, standard, centralita) or after its
name (a bank, a body's acronym after an article: "la CNIL"), and people a chat
names in passing where it states a health fact (the writer's "Jasper here", a relative in
lower-case text, a relative named through the one they belong to). Each class is checked
in four languages with a guard: a private person's health, home address or mobile in the
same frame still flags. Every example is invented."""

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
        "Summarise: Kenny Dalglish, former Liverpool manager, was treated for Covid in 2020, the club said publicly.",
        "Summarise: Tessa Blanchard, former Minister of Health, had heart surgery in 2011, the press reported.",
        "Fasse zusammen: Gesundheitsminister a. D. Horst Seehofer hatte 2002 eine Herzmuskelentzündung, laut Presse.",
        "Fasse zusammen: Der frühere Bundesaußenminister Guido Westerwelle erkrankte 2014 an Leukämie.",
        "Résume : François Mitterrand, ancien président, souffrait d'un cancer depuis 1981, selon la presse.",
        "Résume : Arsène Wenger, ancien entraîneur d'Arsenal, a été opéré du genou en 2016.",
        "Resume: la reina emérita Sofía fue operada de la rodilla en 2019, según la Casa Real.",
        "Resume: Vicente del Bosque, exentrenador de la selección, fue operado en 2014, según la prensa.",
        "Summarise: Liverpool manager Jürgen Klopp was treated for a hernia in 2016, the club said.",
        "Summarise: Steve Jobs, Apple's co-founder, had a liver transplant in 2009, according to the press.",
        "Summarise: Angela Merkel, then chancellor, was seen shaking at a ceremony in 2019.",
        "Zusammenfassen: Der Bundestrainer Joachim Löw wurde 2020 am Herzen operiert, laut Verband.",
        "Zusammenfassen: Altkanzler Gerhard Schröder wurde 2021 an der Hüfte operiert, berichtete die Zeitung.",
        "Résume : le sélectionneur Didier Deschamps a été opéré du genou en 2014, selon L'Équipe.",
        "Resume: el expresidente Felipe González fue operado del corazón en 2010, según la prensa.",
        "Resume: la expresidenta Cristina Fernández fue operada en 2013, informó la prensa.",
        "Summarise: Sir Bobby Charlton, the Manchester United legend, was diagnosed with dementia in 2020.",
        "Fasse zusammen: Franz Beckenbauer, früherer Teamchef der Nationalmannschaft, litt 2016 an Herzproblemen.",
        "Résume : Johnny Hallyday, chanteur, est mort d'un cancer du poumon en 2017.",
        "Resume: Rafa Nadal, extenista, fue operado del pie en 2023, según su equipo.",
        "Resume: el exjugador del Barça Andrés Iniesta habló en 2019 de su depresión, según la prensa.",
        "Fasse zusammen: Der ehemalige Bayern-Trainer Jupp Heynckes musste 2009 am Herzen operiert werden.",
    ],
)
def test_a_public_figures_health_in_the_news_is_public_record(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Summarise: my colleague Anna Berger was treated for a brain haemorrhage in May 2018.",
        "Summarise: Anna Berger, our former sales manager, was treated for breast cancer in 2018.",
        "Fasse zusammen: Meine Kollegin Petra Lange wurde 2019 wegen Brustkrebs operiert.",
        "Fasse zusammen: Petra Lange, ehemalige Buchhalterin, hatte 2019 einen Herzinfarkt.",
        "Résume : ma collègue Sophie Martin a été victime d'un AVC en 2021.",
        "Résume : Sophie Martin, ancienne secrétaire du cabinet, a été hospitalisée en 2021 pour une dépression.",
        "Resume: mi compañera Lucía Romero fue operada de la cadera en 2022.",
        "Resume: Lucía Romero, antigua contable de la empresa, tiene cáncer desde 2022.",
        "Tom's manager Sarah Jones was diagnosed with breast cancer in 2019, she told the team.",
        "Anna Berger, the Sales Manager, was treated for breast cancer in 2018, she said.",
        "Tom Baker, singer in our choir, has had cancer since 2020, his wife said.",
        "Sales Manager Tom Baker was off sick with depression in 2023, according to HR.",
        "Mein Chef, Abteilungsleiter Jens Roth, hatte 2021 einen Herzinfarkt, laut seiner Frau.",
        "Le manager Paul Girard a fait un burn-out en 2022, selon ses collègues.",
        "El entrenador de mi hijo, Pablo Ruiz, tuvo un ictus en 2023, según su mujer.",
    ],
)
def test_a_private_persons_health_with_a_year_still_flags(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Write a thank-you note to the NHS staff of a cancer ward for their work in 2021.",
        "Patient NHS No: 943 476 5919, asthma review due next week.",
    ],
)
def test_nhs_is_a_patient_numbers_label_only_with_its_number(text: str) -> None:
    assert ("health" in kinds(text)) == ("943" in text)


@pytest.mark.parametrize(
    "text",
    [
        "The Health Security Agency, 10 South Colonnade, London E14 4PU, switchboard 020 7654 8000, send the letter there.",
        "Die Stadtwerke, Hauptstraße 12, 70173 Stuttgart, Zentrale 0711 289 0, Widerspruch dorthin schicken.",
        "L'URSSAF, 22 rue de la Paix, 69002 Lyon, standard 04 72 00 00 00, envoyez le courrier là-bas.",
        "La DGT está en C/ Josefa Valcárcel 28, 28027 Madrid, centralita 913 019 100, mandad el escrito allí.",
        "Reformulate: 'Banque de France, 31 rue Croix des Petits Champs, 75001 Paris, accueil 01 42 92 42 92'.",
        "The Bank of Scotland is at The Mound, Edinburgh EH1 1YZ; please send the letter there.",
        "Die Landesbank sitzt Am Hauptbahnhof 2, 70173 Stuttgart; bitte den Antrag dorthin.",
        "El Banco de España, C/ Alcalá 48, 28014 Madrid, enviad la carta allí.",
        "Rewrite: 'The ICO is at Wycliffe House, Water Lane, Wilmslow SK9 5AF, send the complaint there'.",
        "Formuliere: 'Die BaFin sitzt Graurheindorfer Straße 108, 53117 Bonn, schickt die Post dahin'.",
        "Reformule : « La CNIL, 3 place de Fontenoy, 75007 Paris, envoyez la plainte là-bas ».",
        "Reescribe: 'La CNMV está en C/ Edison 4, 28006 Madrid, mandad el escrito allí'.",
    ],
)
def test_an_organisations_address_with_its_main_line_is_not_personal(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Send it to my home: Tom Baker, 12 Oak Lane, London SW1A 2AA, mobile 07700 912345.",
        "Schick es an meine Adresse: Petra Lange, Lindenweg 4, 70173 Stuttgart, Handy 0171 2345678.",
        "Envoyez-le chez moi : Sophie Martin, 12 rue des Lilas, 69003 Lyon, portable 06 12 34 56 78.",
        "Envíalo a mi casa: Lucía Romero, C/ Olmo 5, 28012 Madrid, móvil 612 345 678.",
    ],
)
def test_a_private_home_and_mobile_still_flag(text: str) -> None:
    assert {"address", "phone", "personName"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Send the bank statement to Tom Baker, 12 Oak Lane, London SW1A 2AA.",
        "Meine Bank schickt die Post an meine Adresse: Lindenweg 4, 70173 Stuttgart.",
        "La banque m'écrit chez moi, 12 rue des Lilas, 69003 Lyon.",
        "El banco me manda las cartas a mi casa, Calle Olmo 5, 28012 Madrid.",
        "Deliver to the UK address 12 Oak Lane, London SW1A 2AA please.",
        "Send this to the HR team, my home is 12 Oak Lane, London SW1A 2AA.",
        "Schick das an die IT, ich wohne Lindenweg 4, 70173 Stuttgart.",
        "Envoie ça à la DRH, mon adresse est 12 rue des Lilas, 69003 Lyon.",
        "Please forward my payslip from the NHS to 12 Oak Lane, London SW1A 2AA.",
        "Ask the Bank of England to send my refund to 12 Oak Lane, London SW1A 2AA.",
        "Die BaFin soll den Bescheid an Lindenweg 4, 70173 Stuttgart schicken, das ist bei Petra.",
        "Pide al Banco de España que mande la carta a Calle Olmo 5, 28012 Madrid, a casa de Lucía.",
    ],
)
def test_a_private_home_beside_a_bank_or_a_body_still_flags(text: str) -> None:
    assert "address" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Hi all, Megan here. I was diagnosed with epilepsy last week so I can't drive to the match.",
        "Hallo zusammen, Lukas hier. Bei mir wurde letzte Woche Diabetes festgestellt.",
        "Bonjour à tous, Chloé ici : on m'a diagnostiqué une sclérose en plaques.",
        "Hola chicos, Lucía por aquí. Me acaban de diagnosticar celiaquía.",
        "my sister aoife has been sober for a year after rehab, she wants to help at the bar",
        "meine schwester jana hat gerade einen entzug gemacht, sie will beim fest helfen",
        "ma sœur chloé sort d'une cure de désintoxication, elle veut aider à la fête",
        "mi hermano pablo lleva un año sobrio después de rehabilitación",
        "the husband of Maggie had a stroke on Sunday and will be off work for two weeks",
        "der Mann von Jana hatte am Sonntag einen Schlaganfall und ist krankgeschrieben",
        "le mari de Chantal a fait un AVC dimanche, il sera en arrêt maladie deux semaines",
        "la hija de Conchi tiene leucemia y está ingresada",
        "Maggie's husband had a stroke on Sunday and will be off for two weeks.",
        "Jasper speaking: I've just been diagnosed with type 1 diabetes.",
        "my mate dave has been sober for a year since rehab, can he help at the bar?",
        "mon pote julien sort de désintox, il veut aider à la buvette",
        "al marido de la Carmen le dio un ictus el domingo, estará de baja",
    ],
)
def test_a_person_named_in_passing_with_their_health_flags(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Paris here is lovely in spring; can you suggest a three-day plan?",
        "Hi, support here. How can I help you with your diabetes app?",
        "Explain the stages of alcohol rehab and how sobriety is maintained.",
        "Erkläre, wie ein Entzug in einer Entzugsklinik abläuft.",
        "Explique comment se passe une cure de désintoxication.",
        "El hijo de Dios es un título de Jesús en los evangelios; explica su significado.",
        "El marido de la vecina tuvo un ictus: ¿cuáles son los síntomas de un ictus?",
        "la femme de Louis XVI, Marie-Antoinette, a été guillotinée en 1793.",
        "Comment se passe un sevrage tabagique, et combien de temps dure-t-il ?",
        "Wie lange dauert eine Entgiftung in der Entzugsklinik normalerweise?",
    ],
)
def test_no_one_is_named_in_passing_in_general_text(text: str) -> None:
    found = kinds(text)
    assert "personName" not in found
    assert "health" not in found
