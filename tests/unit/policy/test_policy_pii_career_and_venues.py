"""A public figure's illness told beside their public career with no title by the name
(a dated event, a title won, a seat kept, paintings, research, a club), a venue's or a
public body's address with its ticket or main line, a city service's fault line, an
identifier its label calls a test one, a relative named in brackets with an age, a
same-sex marriage, and a UK NI number under its column name. Each class is checked in
four languages with guards: a private person's health, home address and mobile in the same
frame still flag. Every example is invented."""

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
        "Summarise: Gareth Pembury broke his ankle in March 2004 and still won the league title with his club that season.",
        "Fix the grammar: Corin Maddox were paralysed in 1995 after a fall and he direct a film later.",
        "Fix the grammar: Delia Hartnell were diagnosed with lupus in 1987 and she keep painting until her last exhibition.",
        "Translate: Oliver Strand suffered a stroke in 1911 but finished his research on vaccines two years later.",
        "Summarise: Marcus Fenwick had a heart attack in 2012 and was elected to parliament again in 2015.",
        "Fasse zusammen: Henrike Baldauf erlitt 1998 einen Bandscheibenvorfall und gewann trotzdem die Meisterschaft.",
        "Korrigiere: Konrad Wiesner erkrankte 1875 an Tuberkulose und malte danach seine bekanntesten Gemälde.",
        "Fasse zusammen: Ludger Brandt hatte 2003 einen Schlaganfall und blieb Landtagsabgeordneter bis 2013.",
        "Résume : Amélie Vautrin s'est rompu le tendon d'Achille en 2016 et a remporté le titre l'année suivante.",
        "Corrige : Gaston Lebreuil a perdu la vue en 1902 mais il a continuer ses recherches sur les cristaux.",
        "Résume : Lucien Mavel a eu un cancer en 1994 et a été élu député en 1997.",
        "Resume: Nerea Olazábal se rompió el ligamento en 2017 y ganó el campeonato al año siguiente.",
        "Corrige: Tomás Arriaga enfermo de tuberculosis en 1886 y aun asi pinto sus mejores cuadros.",
        "Resume: Rubén Escartín sufrió una lesión de rodilla en un entrenamiento con el Betis en 2015.",
        "Summarise: Harriet Colwyn lost a leg in 1941 and went on to win three Paralympic medals.",
        "Proofread: Anselm Brody had tuberculosis in 1902 and composed two symphonies the next year.",
        "Fasse zusammen: Matthias Oberle erlitt 2008 einen Herzinfarkt und wurde 2009 in den Bundestag gewählt.",
        "Korrigiere: Ilse Brandauer verlor 1944 ihr Gehör und malte trotzdem weiter für ihre Ausstellungen.",
        "Résume : Édouard Vasseur a perdu un œil en 1916 et a publié ses romans après la guerre.",
        "Résume : Yannick Brézet s'est blessé au genou en 2011 lors d'un match contre le Stade Rennais.",
        "Resume: Leocadia Ferrán perdió la vista en 1880 y siguió pintando cuadros al óleo.",
        "Resume: Dimas Carvajal se rompió la tibia en 2016 en un partido contra el Sevilla y volvió en 2017.",
    ],
)
def test_an_illness_beside_a_public_career_is_public_record(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Summarise: Tom Baker had hip surgery in January and is back at work on Monday.",
        "Summarise: Tom Baker had hip surgery in January 2024 and is back at work on Monday.",
        "Summarise: my neighbour Tom Baker had a stroke in 2019 and won the village quiz title.",
        "Summarise for HR: Tom Baker had a heart attack in 2019 and left his club job after sick leave.",
        "Fasse zusammen: Jonas Keller hatte 2022 einen Bandscheibenvorfall und ist ab Montag wieder im Büro.",
        "Fasse zusammen: Mein Kollege Jonas Keller hatte 2021 Krebs und gewann danach den Vereinstitel.",
        "Résume : Julie Marchand a été opérée du dos en 2023 et reprend le travail lundi.",
        "Résume : mon collègue Julien Marchand a eu un cancer en 2020 et a remporté le tournoi du club.",
        "Resume: Lucía Ferrer tuvo un infarto en 2022 y vuelve a la oficina el lunes.",
        "Resume: mi compañero Pablo Ferrer tuvo cáncer en 2021 y ganó el torneo del club.",
        # a request to act for the person, a wish, a claim: someone's case, not the news
        "Please write to Anna Weber: she had chemotherapy in 2022 and wants to rejoin the tennis club.",
        "Write to the insurer: Ben Hughes had knee surgery in 2022 after a match with the Rovers.",
        "Translate: Sarah Collins was diagnosed with breast cancer in 2020 and finished her research degree in 2022.",
        "Fasse zusammen: Petra Lang hatte 2022 eine Chemotherapie und möchte wieder in den Verein eintreten.",
        "Schreib an Tobias Kern: er hatte 2021 einen Herzinfarkt und gewann danach den Stadtlauf.",
        "Résume : Claire Dubois a eu une dépression en 2021 et veut reprendre le club de natation.",
        "Écris à Hugo Lemaire : il a eu un cancer en 2020 et a peint des tableaux pour l'hôpital.",
        "Resume: Marta Gil tuvo un cáncer en 2022 y quiere volver al club de pádel; escríbele.",
        "Resume: Ana Ruiz sufrió un ictus en 2020 y desde entonces no puede trabajar; pide la pensión.",
        # a prize at work, a village contest, a school or a club's committee: private life
        "Summarise: Harriet Colwyn had a mastectomy in 2021 and won the regional sales award in 2022.",
        "Fasse zusammen: Sabine Krüger hatte 2020 eine Depression und gewann 2021 den Preis für den besten Kuchen.",
        "Zusammenfassen: Ralf Engel erlitt 2019 einen Schlaganfall und wurde 2020 in den Elternbeirat gewählt.",
        "Résume : Sophie Garnier a eu un burn-out en 2022 et a remporté le concours de pétanque du village.",
        "Résume : Marc Petit souffre de diabète depuis 2015 et a été élu délégué de classe.",
        "Resume: Lucía Prieto tuvo un cáncer de mama en 2020 y ganó el concurso de tartas del barrio.",
        "Resume: Andrés Vidal sufrió un ictus en 2021 y fue elegido presidente de la comunidad de vecinos.",
    ],
)
def test_a_private_persons_illness_still_flags(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Translate: The Alder Concert Hall box office is at 14 Quay Street, Manchester M3 3JE; phone 0161 496 1234.",
        "Translate into French: the Royal Exeter Hall, 3 Castle Street, Exeter EX4 3PU, ticket line 01392 665 938.",
        "Übersetze: Das Konzerthaus Ostwall, Ostwall 12, 44135 Dortmund, Ticketkasse Tel. 0231 2269 600.",
        "Übersetze: Die Stadthalle Kiel, Europaplatz 1, 24103 Kiel, Vorverkauf Tel. 0431 5575 221.",
        "Traduis : la Salle Rameau, 29 quai Saint-Antoine, 69002 Lyon, billetterie 04 78 42 35 77.",
        "Traduce: el Auditorio de Tenerife, Avenida de la Constitución 1, 38003 Santa Cruz, taquilla 922 568 600.",
        "Traduce: El Teatro Arriaga, Plaza Arriaga 1, 48005 Bilbao; taquilla 944 792 036.",
        "Formuliere förmlich: 'Die BzgA sitzt Maarweg 149, 50825 Köln, Tel. 0221 89920, schick es da hin'.",
        "Reformule : 'Le Défenseur des Droits est au 3 place de Fontenoy, 75007 Paris, téléphone 09 69 39 00 00'.",
        "Reescríbelo: 'El Consejo de Transparencia está en Calle Bolsa 14, 28012 Madrid, teléfono 913 127 700'.",
        "Rewrite formally: 'The Office of the Rail Regulator is at 25 Cabot Square, London E14 4QZ, phone 020 7282 2000'.",
        "Rewrite: 'The Water Commissioner is at Elm House, Mill Lane, Leeds LS9 7AB, phone 0113 496 0871'.",
        "Translate: The Quayside Arena box office, 4 Dock Street, Hull HU1 3DL, 01482 496 210.",
        "Übersetze: Die Kasse der Neuen Oper, Opernplatz 3, 60313 Frankfurt, Tel. 069 1340 499.",
        "Traduis : Le Zénith de Brest, rue du Stade, 29200 Brest, billetterie 02 98 00 11 22.",
        "Traduce: La taquilla del Teatro Principal, Plaza Mayor 5, 37002 Salamanca, teléfono 923 281 700.",
    ],
)
def test_a_venues_or_public_bodys_address_and_line_are_not_personal(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Translate: send my tickets to Albert Hall, 14 Quay Street, Manchester M3 3JE; mobile 07911 123456.",
        "Übersetze: Ich wohne Ostwall 12, 44135 Dortmund, meine Handynummer ist 0171 2269600.",
        "Traduis : j'habite 29 quai Saint-Antoine, 69002 Lyon, mon portable 06 12 34 56 78.",
        "Traduce: vivo en Avenida de la Constitución 1, 38003 Santa Cruz, mi móvil 612 345 678.",
    ],
)
def test_a_home_address_and_mobile_still_flag(text: str) -> None:
    assert kinds(text) & {"address", "phone"}


@pytest.mark.parametrize(
    "text",
    [
        # a job title is no public office: the person's address and mobile are theirs
        "My sister, the Director of Nursing, lives at 4 Elm Road, Leeds LS6 2AB, mobile 07911 123456.",
        "Send it to the Head of Year, 4 Elm Road, Leeds LS6 2AB, mobile 07911 123456.",
        "Der Leiter der Kita sitzt Hauptstraße 5, 10115 Berlin, Handy 0171 2345678.",
        "Ma sœur, la Directrice des Soins, est au 4 rue des Lilas, 69003 Lyon, portable 06 12 34 56 78.",
        "Mi hermana, la Directora de Enfermería, está en Calle Mayor 4, 28013 Madrid, móvil 612 345 678.",
        "The Duke of Kent is at 4 Elm Road, Leeds LS6 2AB, phone 0113 496 0000.",
    ],
)
def test_a_job_title_is_no_public_body(text: str) -> None:
    assert {"address", "phone"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        # the writer's own number after an office or a venue named before it
        "The box office told me my refund goes to 4 Elm Road, Leeds LS6 2AB; my mobile 07911 123456.",
        "Call the museum guy, my mate Dave, on 07911 123456.",
        "Das Rathaus hat mich zurückgerufen, mein Handy 0171 2345678.",
        "La mairie m'a rappelé sur mon portable 06 12 34 56 78.",
        "El ayuntamiento me llamó a mi móvil 612 345 678.",
    ],
)
def test_the_writers_own_number_after_an_office_flags(text: str) -> None:
    assert "phone" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "station,value\nST1,4.2\n# operator: City of Leeds, highways, 2 Rossington Street, LS2 8HD, fault line 0113 222 4407 (public)\nST2,4.4",
        "station,wert\nST1,4.2\n# Betreiber Stadt Kassel, Umweltamt, Obere Königsstraße 8, 34117 Kassel, Störungsnummer 0561 787 0 (öffentlich)\nST2,4.4",
    ],
)
def test_a_city_services_fault_line_in_telemetry_is_not_personal(text: str) -> None:
    assert "phone" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "El DNI de prueba 12345678Z figura en el manual. Escribe un validador.",
        "The test NINO QQ123456C appears in our documentation as an example. Write a validator.",
        "Die Beispiel-IBAN DE89370400440532013000 steht in unserer Doku als Beispiel. Schreib einen Prüfer.",
        "Le numéro d'exemple 1 85 05 78 006 084 36 figure dans notre documentation comme exemple.",
    ],
)
def test_an_identifier_its_label_calls_a_test_one_is_not_personal(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "My NIE is X1234567L, it's on the example form I filled in. Check it please.",
        "Mi DNI es 12345678Z, por ejemplo para el formulario. ¿Está bien?",
    ],
)
def test_a_real_identifier_beside_an_everyday_example_still_flags(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "my gran (Edna, 88) has dementia now, how do I tell her bank?",
        "my dad (Graham, 68) was diagnosed with Parkinson's last week, help me write to his gym.",
        "my sister (Aoife, 34) has been diagnosed with MS, can you draft a note to her landlord?",
        "mein vater (Dieter, 70) hat die diagnose parkinson bekommen, kannst du was schreiben?",
        "Meine Schwester (Jana, 41) hat Brustkrebs, hilf mir bei einer Nachricht an ihre Chefin.",
        "mon père (Gérard, 69 ans) a un parkinson, tu peux écrire à sa salle de sport ?",
        "ma sœur (Chloé, 36 ans) a une sclérose en plaques, aide-moi à écrire au bailleur.",
        "a mi padre (Ramón, 75) le han diagnosticado párkinson, ¿me ayudas a escribir al gimnasio?",
        "mi hermana (Lucía, 38) tiene esclerosis múltiple, ¿me redactas un correo al casero?",
    ],
)
def test_a_relative_named_in_brackets_with_a_diagnosis_flags(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Visa desk: Priya Dalton applies for a spouse visa; she is married to a woman. How do we prepare her?",
        "Visa desk: Owen Marsh applies for a spouse visa; he is married to a man. How do we prepare him?",
        "Visastelle: Lena Hartwig beantragt ein Visum, sie ist mit einer Frau verheiratet. Wie bereiten wir sie vor?",
        "Visastelle: Jonas Albers beantragt ein Visum, er ist mit einem Mann verheiratet. Wie bereiten wir ihn vor?",
        "Service visas : Manon Lefort demande un visa, elle est mariée à une femme. Comment la préparer ?",
        "Service visas : Hugo Ferrand demande un visa, il est marié à un homme. Comment le préparer ?",
        "Visados: Noelia Castaño pide un visado, está casada con una mujer. ¿Cómo la preparamos?",
        "Visados: Iñaki Otxoa pide un visado, está casado con un hombre. ¿Cómo lo preparamos?",
        "Visa desk: Priya Dalton applies; she has been married to a woman since 2015.",
        "Visastelle: Lena Hartwig beantragt ein Visum; sie ist seit 2015 mit einer Frau verheiratet.",
        "Service visas : Manon Lefort est mariée depuis 2015 à une femme.",
        "Visados: Noelia Castaño lleva diez años casada con una mujer.",
    ],
)
def test_a_named_persons_same_sex_marriage_flags(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Summarise: the city is married to a woman-led tourism plan for 2030.",
        "Traduce: la película trata de un hombre casado con una mujer muy celosa.",
    ],
)
def test_no_one_named_no_orientation(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "INSERT INTO members (name, ni_number) VALUES ('Rhona Teague', 'JK502814D');",
        "id,full_name,ni_number\n7,Rhona Teague,JK502814D\n",
    ],
)
def test_a_ni_number_under_its_column_name_flags(text: str) -> None:
    assert "nationalId" in kinds(text)
