"""Set N: prompts in English, German, French and Spanish (13 structured, 10 free-text, 15 hard
negatives, 14 clean per language; 3 long documents per language).

Written independently of set M (other names, contexts, formats, negatives, clean prompts, task
pools and long-document kinds). Identifier slots ``{...}`` are drawn by kit_mn.fill with valid
checksums. The public people, places and organisations in the negatives are real and public;
test/example identifiers there are declared as such in the text.
"""

# the prompts are people's text, typographic dashes included
# ruff: noqa: RUF001

import random

import filler_mn as F
from kit_mn import fill, item, long_doc, split_even

S = {
    "en": [
        (
            "BEGIN:VCARD\nVERSION:3.0\nFN:Odessa Threlkeld\nTEL;TYPE=cell:{phone_GB1}\nEMAIL:odessa.t@btinternet.com\nADR;TYPE=home:;;7 Quarry Row;Hebden Bridge;;HX7 8AB;UK\nEND:VCARD",
            ["person_name", "phone", "email", "address"],
            "vCard of a private person",
        ),
        (
            '{"ts":"2026-04-02T11:04:19Z","event":"login_success","user":"fenwick.aldous","src_ip":"{ip}","mfa":true}',
            ["ip_user", "person_name"],
            "JSON auth log: public IP + login from a name",
        ),
        (
            "Acc0unt h0lder: Perpetua Nwachukwu-Hale\nIBAN: {iban_NL0}\n(scanned from the standing order form, sorry about the 0s)",
            ["person_name", "iban"],
            "OCR'd form with a Dutch IBAN",
        ),
        (
            "Rent for flat 2 should now go to Cormac Devaney, his Irish account is {iban_IE1} — he moved back to Cork.",
            ["person_name", "iban"],
            "Irish IBAN unspaced",
        ),
        (
            "agency temp starting Monday: Zbigniew Malinowski-Hart\nPESEL {pesel}\nright to work checked",
            ["person_name", "national_id"],
            "Polish PESEL in English",
        ),
        (
            "Italian codice fiscale for our Milan freelancer Lorenzo Bassanelli: {cf_Lorenzo_Bassanelli} — needed on every invoice.",
            ["person_name", "tax_id"],
            "codice fiscale in English",
        ),
        (
            "Repeat prescription request\nPatient: Mr Horace Bellingham\nNHS number: {nhs}\nDOB: {dob_en}\nItem: sertraline 50mg, 28 tabs",
            ["person_name", "national_id", "date_of_birth", "health"],
            "GP request: NHS number + medication",
        ),
        (
            "Name\tNI number\tStart\nDelphine Achterberg\t{ni}\t06/04/2026",
            ["person_name", "national_id"],
            "tab-separated paste: NI number",
        ),
        (
            "pls cancel the gym membership, the card on file is {card_visa1} and the account's in my name, Rosalind Okeke",
            ["credit_card", "person_name"],
            "chat: dashed Visa",
        ),
        (
            "Sponsor letter draft: we confirm that Lucien Abernethy, holder of French passport {pass_FR}, will be employed by us from 1 June.",
            ["person_name", "passport"],
            "French passport in English",
        ),
        (
            "Thanks so much!\nSaoirse Mulcahy\nFlat 3, 41 Albion Road, London N16 9PS\nm: {phone_GB0}",
            ["person_name", "address", "phone"],
            "e-mail signature",
        ),
        (
            '{ip} - ncallister [02/Apr/2026:09:12:44 +0100] "GET /admin/reports HTTP/1.1" 200 5123 "-" "Mozilla/5.0"',
            ["ip_user", "person_name"],
            "Apache log: basic-auth user",
        ),
    ],
    "de": [
        (
            "Visitenkarte abgetippt:\nDipl.-Ing. Reinhild Szameitat\nGutenbergstr. 14, 70176 Stuttgart\nMobil {phone_DE3}\nr.szameitat@web.de",
            ["person_name", "address", "phone", "email"],
            "typed-up business card of a private person",
        ),
        (
            '{"zeit":"2026-04-09T06:58:12+02:00","aktion":"anmeldung","benutzer":"b.hottenrott","ip":"{ip}","ergebnis":"ok"}',
            ["ip_user", "person_name"],
            "JSON log: public IP + benutzer",
        ),
        (
            "Überweisungsvorlage\nEmpfängerin: Aurelia Gmür\nIBAN: {iban_CH0}\nZweck: Anteil Ferienhaus Engadin",
            ["person_name", "iban"],
            "Swiss IBAN in a transfer template",
        ),
        (
            "Steuerl. ldentifikationsnr.: {steuer_0}\nName: Torsten Kiesewetter (eingescannt, bitte prüfen)",
            ["person_name", "tax_id"],
            "OCR'd Steuer-ID, plain",
        ),
        (
            "Gesine Voßkuhl, Kasse 4\nVersicherungsnummer:\n{rvf_Vosskuhl}",
            ["person_name", "national_id"],
            "German pension number, label above",
        ),
        (
            "Unsere neue Pflegekraft Katarzyna Wróblewska bringt ihre PESEL mit: {pesel_f}. Bitte in die A1-Unterlagen.",
            ["person_name", "national_id"],
            "Polish PESEL in German",
        ),
        (
            "Betreff: Storno Hotelbuchung\n\nbitte die Anzahlung auf die Amex {card_amex0} zurückbuchen, Inhaber Till Rademacher.",
            ["person_name", "credit_card"],
            "e-mail with Amex",
        ),
        (
            "| Name | Reisepass | geb. |\n|---|---|---|\n| Henrietta Olschewski | {pass_DE} | {dob_de} |",
            ["person_name", "passport", "date_of_birth"],
            "Markdown table: passport + DOB",
        ),
        (
            "Für die A1-Bescheinigung brauchen wir die niederländische BSN von Joost Everaerts: {bsn}",
            ["person_name", "national_id"],
            "Dutch BSN in German",
        ),
        (
            '{ip} - fwinterhalder [09/Apr/2026:14:03:51 +0200] "POST /intranet/login HTTP/1.1" 302 0',
            ["ip_user", "person_name"],
            "access log: basic-auth user",
        ),
        (
            "Lastschriftmandat Kleingartenverein: Kontoinhaberin Brunhilde Eckhoff, {iban_DE2}, Rückfragen unter {phone_DE2}",
            ["person_name", "iban", "phone"],
            "dashed German IBAN + phone",
        ),
        (
            "britische NI-Nummer unserer neuen Kollegin Morag Lindqvist: {ni_s} (steht auf ihrem P60)",
            ["person_name", "national_id"],
            "UK NI number in German",
        ),
    ],
    "fr": [
        (
            "BEGIN:VCARD\nFN:Héloïse Castagnède\nTEL;TYPE=cell:{phone_FR3}\nEMAIL:heloise.castagnede@orange.fr\nADR:;;3 impasse des Cordiers;Toulouse;;31000;France\nEND:VCARD",
            ["person_name", "phone", "email", "address"],
            "vCard",
        ),
        (
            '{"horodatage":"2026-04-14T22:41:07Z","evenement":"connexion","utilisateur":"m.dufresnoy","ip":"{ip}"}',
            ["ip_user", "person_name"],
            "JSON log: utilisateur + public IP",
        ),
        (
            "RIB scanné — Titulaire : Edmond Puyravaud — IBAN : {iban_FR1}",
            ["person_name", "iban"],
            "scanned RIB, unspaced IBAN",
        ),
        (
            "c'est le numéro de sécu de mamie, Lucienne Faucompré : {nirf_1_old} tu peux le mettre sur le formulaire de la mutuelle ?",
            ["person_name", "national_id"],
            "SMS: grandmother's NIR",
        ),
        (
            "Virement du loyer à Jeanne-Aymée Wester, compte luxembourgeois {iban_LU0}",
            ["person_name", "iban"],
            "Luxembourg IBAN",
        ),
        (
            "Réservation du gîte : merci de débiter la Mastercard {card_mc1}, au nom de Ghislain Hérault.",
            ["person_name", "credit_card"],
            "dashed Mastercard",
        ),
        (
            "Pour le voyage scolaire, l'accompagnatrice Macarena Oyarzábal voyage avec son passeport espagnol {pass_ES}.",
            ["person_name", "passport"],
            "Spanish passport in French",
        ),
        (
            "Code fiscal italien d'Ottavio Brambilla, notre traducteur à Turin : {cf_Ottavio_Brambilla}",
            ["person_name", "tax_id"],
            "codice fiscale in French",
        ),
        (
            "| Élève | Naissance | Remarque |\n|---|---|---|\n| Titouan Lebreton | {dobkid_fr} | asthme sévère, Ventoline dans le cartable |",
            ["person_name", "date_of_birth", "health"],
            "pupil table: DOB + asthma",
        ),
        (
            '{ip} - cvaldeyron [14/Apr/2026:08:22:10 +0200] "GET /extranet/paie HTTP/1.1" 200 2231',
            ["ip_user", "person_name"],
            "access log: basic-auth user",
        ),
        (
            "Numéro AVS de Ludivine Rochat (embauchée à Lausanne) : {ahv}",
            ["person_name", "national_id"],
            "Swiss AVS number in French",
        ),
        (
            "Identifiant fiscal allemand de Corentin Hazebrouck, qui travaille à Sarrebruck :\n{steuer_1}",
            ["person_name", "tax_id"],
            "Steuer-ID grouped in French, label above",
        ),
    ],
    "es": [
        (
            "BEGIN:VCARD\nFN:Eulalia Bernárdez Coto\nTEL;TYPE=cell:{phone_ES3}\nEMAIL:eulalia.bernardez@yahoo.es\nADR:;;Rúa do Franco 12;Santiago de Compostela;;15705;España\nEND:VCARD",
            ["person_name", "phone", "email", "address"],
            "vCard",
        ),
        (
            '{"fecha":"2026-04-20T09:30:55Z","evento":"inicio_sesion","usuario":"gmazarrasa","ip":"{ip}"}',
            ["ip_user", "person_name"],
            "JSON log: usuario + public IP",
        ),
        (
            "Alta de la empleada del hogar Leire Aranburu:\nNIE {nie_0}\nNSS {nss}",
            ["person_name", "national_id"],
            "NIE + NSS for a domestic worker",
        ),
        (
            "oye, te paso el DNI de Casilda Olmedilla para el seguro del coche: {dni_2}",
            ["person_name", "national_id"],
            "WhatsApp: dotted DNI",
        ),
        (
            "Domiciliación bancaria — titular: Ximena Ledesma Ruiz — cuenta {iban_ES2}",
            ["person_name", "iban"],
            "dashed Spanish IBAN",
        ),
        (
            "Me habéis cobrado dos veces en la American Express {card_amex0}. Soy Teodoro Lizárraga, cliente desde 2019.",
            ["person_name", "credit_card"],
            "complaint with Amex",
        ),
        (
            "La profesora de intercambio Harriet Ambler viaja con pasaporte británico n.º {pass_GB}.",
            ["person_name", "passport"],
            "British passport in Spanish",
        ),
        (
            "Transferencia a Baltasar Peñalver, que vive en Bolonia, a su cuenta italiana {iban_IT0}.",
            ["person_name", "iban"],
            "Italian IBAN in Spanish",
        ),
        (
            "Número de la Sécurité sociale francesa de Inmaculada Rebollo (trabajó en Toulouse):\n{nirf_0}",
            ["person_name", "national_id"],
            "French NIR in Spanish, label above",
        ),
        (
            "| paciente | nacimiento | teléfono | nota |\n|---|---|---|---|\n| Ruperto Anglada | {dob_es} | {phone_ES1} | control de Sintrom |",
            ["person_name", "date_of_birth", "phone", "health"],
            "table: DOB, phone, anticoagulant",
        ),
        (
            '{ip} - zolabarria [20/Apr/2026:17:45:02 +0200] "GET /intranet/nominas HTTP/1.1" 200 8812',
            ["ip_user", "person_name"],
            "access log: basic-auth user",
        ),
        (
            "La temporera Agnieszka Dudek nos ha dado su PESEL polaco: {pesel_f}",
            ["person_name", "national_id"],
            "PESEL in Spanish",
        ),
    ],
}

P = {
    "en": [
        (
            "Can you help me word a text to my landlord? My partner Dominic had a stroke in January and we're two months behind on the rent.",
            ["person_name", "health", "financial"],
            "partner by first name: stroke + arrears",
        ),
        (
            "For the U12 squad sheet — Alfie Brennan-Loy has type 1 diabetes, keep jelly babies in the kit bag.",
            ["person_name", "health"],
            "child's diagnosis in a sports note",
        ),
        (
            "Our alto, Mrs Gwendolyn Pask, is going through IVF and may miss rehearsals at short notice.",
            ["person_name", "health"],
            "choir member: fertility treatment",
        ),
        (
            "I'm Teodor Halvorsen-Price, 34, bisexual, and my ex keeps outing me to our mutual friends. What can I actually do?",
            ["person_name", "sexual_orientation"],
            "self-disclosure: orientation",
        ),
        (
            "the bloke who moved into number 9, Stuart Mabbott, has just done three years for burglary and the whole street is talking",
            ["person_name", "criminal_record"],
            "neighbour's conviction",
        ),
        (
            "New tenant Harjit Sandhu is an Amritdhari Sikh and asked whether wearing his kirpan breaks the building rules.",
            ["person_name", "religion"],
            "religion of a named tenant",
        ),
        (
            "Lynette Varga is the GMB branch secretary at the depot, so she'll be part of the redundancy consultation.",
            ["person_name", "trade_union"],
            "union role",
        ),
        (
            "HR note: Clive Osterberg asked for a salary advance; he has a county court judgment and is on a debt management plan.",
            ["person_name", "financial"],
            "CCJ + debt plan",
        ),
        (
            "my brother-in-law Rhys is on his third stint in rehab for cocaine and my sister wants to lend him money again",
            ["person_name", "health"],
            "relative: addiction",
        ),
    ],
    "de": [
        (
            "Mein Mann Detlef hatte im Januar einen Herzinfarkt, seitdem sind wir zwei Monatsmieten im Rückstand. Hilf mir, das dem Vermieter zu schreiben.",
            ["person_name", "health", "financial"],
            "husband by first name: infarction + arrears",
        ),
        (
            "Für die E-Jugend: Finn-Luca Berning hat Epilepsie, das Notfallmedikament steckt in der Sporttasche.",
            ["person_name", "health"],
            "child's diagnosis",
        ),
        (
            "Frau Gerlinde Rohwedder aus dem Sopran ist in Kinderwunschbehandlung und fehlt manchmal kurzfristig.",
            ["person_name", "health"],
            "fertility treatment",
        ),
        (
            "Ich, Jonas Wellbrock, bin schwul und mein Chef macht ständig Witze darüber – wie spreche ich das an?",
            ["person_name", "sexual_orientation"],
            "self-disclosure: orientation",
        ),
        (
            "Der neue Hausmeister, Herr Ralf Kupczyk, saß wegen Körperverletzung drei Jahre in Haft, hat mir die Verwaltung erzählt.",
            ["person_name", "criminal_record"],
            "criminal record",
        ),
        (
            "Unsere Praktikantin Miriam Abendroth ist Zeugin Jehovas und möchte nicht an der Geburtstagsrunde teilnehmen.",
            ["person_name", "religion"],
            "religion",
        ),
        (
            "Uwe Sallmann ist IG-Metall-Vertrauensmann in Halle 2 und muss bei der Anhörung dabei sein.",
            ["person_name", "trade_union"],
            "union role",
        ),
        (
            "Servus beinand, beim Kollegen Wastl Hupfauf kommt ab März eine Lohnpfändung wegen Spielschulden.",
            ["person_name", "financial"],
            "greeting + name: wage garnishment",
        ),
        (
            "mein Schwager Rainer ist zum dritten Mal in der Entgiftung (Alkohol) und meine Schwester will ihm wieder Geld leihen",
            ["person_name", "health"],
            "relative: addiction",
        ),
    ],
    "fr": [
        (
            "Mon compagnon Jérôme a fait un AVC en janvier et on a deux mois de loyer de retard, aide-moi à l'écrire au propriétaire.",
            ["person_name", "health", "financial"],
            "partner: stroke + arrears",
        ),
        (
            "Pour l'équipe U11 : Noam Petitjean est drépanocytaire, il doit boire souvent et éviter le froid.",
            ["person_name", "health"],
            "child's diagnosis",
        ),
        (
            "Mme Roselyne Castaing, de la chorale, suit un parcours de PMA et manquera des répétitions.",
            ["person_name", "health"],
            "fertility treatment",
        ),
        (
            "Moi c'est Adrien Morvillier, je suis bi et ma famille l'a appris par une cousine. Comment je gère le repas de Noël ?",
            ["person_name", "sexual_orientation"],
            "self-disclosure",
        ),
        (
            "le nouveau gardien, M. Fabrice Lachaud, sort de prison pour trafic de stupéfiants, d'après le syndic",
            ["person_name", "criminal_record"],
            "criminal record",
        ),
        (
            "Notre nouvelle collègue Esther Benhamou respecte le shabbat, donc pas de réunion le vendredi après 16 h.",
            ["person_name", "religion"],
            "religion",
        ),
        (
            "Josiane Roubaud est élue FO au CSE, elle assistera à l'entretien de licenciement.",
            ["person_name", "trade_union"],
            "union role",
        ),
        (
            "Demande d'avance sur salaire de Didier Kerlouégan : il est fiché à la Banque de France après des chèques impayés.",
            ["person_name", "financial"],
            "banking blacklist",
        ),
        (
            "ma belle-sœur Nathalie a replongé dans l'alcool et mon frère me demande de garder les enfants tout le mois",
            ["person_name", "health"],
            "relative: addiction",
        ),
    ],
    "es": [
        (
            "Mi marido Julián tuvo un infarto en enero y vamos dos meses atrasados con el alquiler; ayúdame a explicárselo al casero.",
            ["person_name", "health", "financial"],
            "husband: infarction + arrears",
        ),
        (
            "Para el alevín: Unai Bastarrika es celíaco y tiene asma, el inhalador va en la mochila.",
            ["person_name", "health"],
            "child's diagnosis",
        ),
        (
            "Doña Asunción Peralta, soprano del coro, está en tratamiento de fertilidad y faltará a algún ensayo.",
            ["person_name", "health"],
            "fertility treatment",
        ),
        (
            "Me llamo Marcos Valbuena, soy gay y en el pueblo todavía no lo sabe nadie. ¿Cómo se lo cuento a mis padres?",
            ["person_name", "sexual_orientation"],
            "self-disclosure",
        ),
        (
            "el nuevo portero, Saturnino Roldán, estuvo en la cárcel por estafa, me lo contó el presidente de la comunidad",
            ["person_name", "criminal_record"],
            "criminal record",
        ),
        (
            "La monitora Rebeca Saavedra es evangélica y no quiere dar el taller de Halloween.",
            ["person_name", "religion"],
            "religion",
        ),
        (
            "Manoli Escobedo es enlace sindical de UGT en el almacén y tiene que estar en la reunión.",
            ["person_name", "trade_union"],
            "union role",
        ),
        (
            "Hola equipo, a Quique Arteaga le han embargado la nómina por deudas con Hacienda.",
            ["person_name", "financial"],
            "greeting + name: garnishment",
        ),
        (
            "mi cuñado Santi ha recaído con la cocaína y mi hermana quiere pedir un préstamo para pagarle la clínica",
            ["person_name", "health", "financial"],
            "relative: addiction + loan",
        ),
    ],
}

NEG = {
    "en": [
        (
            "Hercule Poirot's flat is in Whitehaven Mansions, a made-up block in London. Write a limerick about him losing his moustache wax there.",
            "easy",
            "fictional character's fictional address",
        ),
        (
            "The Natural History Museum is on Cromwell Road, London SW7 5BD, switchboard 020 7942 5000. Write a message asking if school groups can book a lunch room.",
            "medium",
            "museum's address and switchboard",
        ),
        (
            "Chopin died in 1849 of what was called tuberculosis; some researchers argue for cystic fibrosis or pericarditis. Weigh the evidence for each diagnosis, including the 2014 heart examination, and say which is most convincing.",
            "hard",
            "historical figure's illness",
        ),
        (
            "Andy Murray retired in 2024 after playing on with a metal hip. Give me a one-paragraph recap of his career.",
            "easy",
            "public figure's surgery in the news",
        ),
        (
            "Our docs use 'Jane Roe, jane.roe@example.com' as the dummy user everywhere. Write a style-guide note on when to use example.com addresses.",
            "medium",
            "declared dummy user",
        ),
        (
            "Format as an APA reference list: Austen, Pride and Prejudice, Penguin Classics, ISBN 978-0-14-143951-8; Fitzgerald, The Great Gatsby, Scribner, ISBN 978-0-7432-7356-5.",
            "easy",
            "ISBNs",
        ),
        (
            "Big Ben sits at roughly 51.5007 N, 0.1246 W. How many metres east-west is 0.0001 degrees of longitude at that latitude? Show the formula.",
            "medium",
            "map coordinates of a landmark",
        ),
        (
            "Our runbook says 'log in as admin from 203.0.113.7 (documentation address)'. Rewrite that step so a new on-call engineer can follow it.",
            "easy",
            "RFC 5737 address with admin",
        ),
        (
            "How do I pin nginx:1.27.3-alpine by digest (sha256:{hex64}) in a Dockerfile?",
            "easy",
            "image digest and version",
        ),
        (
            "Where should a Django app keep SECRET_KEY in production? Compare env vars, HashiCorp Vault and a cloud secret manager under a threat model, and recommend one for a three-person team.",
            "hard",
            "secret talk without any value",
        ),
        (
            "HMRC says paper self-assessment returns go to 'Self Assessment, HM Revenue and Customs, BX9 1AS'. Draft a short cover letter to send with a return.",
            "medium",
            "public office's address",
        ),
        (
            "Marks and Spencer Group plc, company number 04256886, registered office Waterside House, 35 North Wharf Road, London W2 1NW. What is a registered office for?",
            "easy",
            "company registration and address",
        ),
        (
            "Erling Haaland scored 36 Premier League goals in 2022-23. Build a simple model to estimate whether that record is likely to be broken in the next ten seasons, state the assumptions and test their sensitivity.",
            "hard",
            "public figure's statistics",
        ),
        (
            "Hiya gang, pizza's here, come to the kitchen before the devs eat it all. Make this a Slack message with one emoji.",
            "easy",
            "greeting to a group, no name",
        ),
    ],
    "de": [
        (
            "Die Buddenbrooks wohnen im Roman in der Mengstraße in Lübeck. Erklär in zwei Sätzen, warum das Haus im Buch so wichtig ist.",
            "easy",
            "fictional family's address",
        ),
        (
            "Das Deutsche Museum, Museumsinsel 1, 80538 München, Telefon 089 2179-0. Schreib eine Anfrage für eine Führung für 15 Azubis.",
            "medium",
            "museum's address and switchboard",
        ),
        (
            "Beethoven war taub; Haaranalysen von 2023 deuten auf Leberzirrhose und Hepatitis B. Wäge die Erklärungen für seine Taubheit gegeneinander ab und sag, was die Daten nicht zeigen können.",
            "hard",
            "historical figure's illness",
        ),
        (
            "Olaf Scholz trug 2023 nach einem Joggingunfall tagelang eine Augenklappe. Schreib dazu eine neutrale Zwei-Satz-Meldung.",
            "easy",
            "public figure's injury in the news",
        ),
        (
            "In unseren Schulungsunterlagen steht 'Hans Beispiel, hans@beispiel.example' als Platzhalter-Kunde. Formulier eine Regel, wann wir solche Beispieldaten verwenden.",
            "medium",
            "declared placeholder customer",
        ),
        (
            "Prüf, ob die Beispiel-ISBN 978-3-16-148410-0 eine gültige Prüfziffer hat, und zeig die Rechnung.",
            "medium",
            "example ISBN",
        ),
        (
            "Die Zugspitze liegt bei etwa 47,4211° N, 10,9853° O. Wie weit ist das Luftlinie vom Marienplatz? Rechenweg bitte.",
            "medium",
            "coordinates of a landmark",
        ),
        (
            "Wie pinne ich postgres:16.4-bookworm per Digest (sha256:{hex64}) in docker-compose?",
            "easy",
            "image digest",
        ),
        (
            "Robert Bosch GmbH, Amtsgericht Stuttgart HRB 14000, Robert-Bosch-Platz 1, 70839 Gerlingen-Schillerhöhe. Was bedeutet HRB?",
            "easy",
            "company register and address",
        ),
        (
            "Wo gehört in Spring Boot das Datenbankpasswort hin? Vergleiche Umgebungsvariablen, Vault und Kubernetes-Secrets unter einem Bedrohungsmodell und gib eine begründete Empfehlung.",
            "hard",
            "secret talk without value",
        ),
        (
            "Bundeszentralamt für Steuern, An der Küppe 1, 53225 Bonn: Entwirf ein kurzes Schreiben, mit dem man fragt, wie lange die Zusendung einer neuen Mitteilung dauert.",
            "medium",
            "public authority's address",
        ),
        (
            "Harry Kane erzielte 2023/24 36 Bundesligatore. Bau ein Modell, ob der Rekord von 41 Toren in den nächsten Jahren fällt, nenne Annahmen und prüf ihre Empfindlichkeit.",
            "hard",
            "public figure's statistics",
        ),
        (
            "Hallo ihr Lieben, am Freitag ist Sommerfest, bringt was zum Grillen mit! Mach daraus eine kurze Einladung.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "Im Handbuch steht als Beispiel 'Anmeldung als admin von 198.51.100.23'. Ist das für Leser verständlich? Verbessere den Absatz.",
            "medium",
            "RFC 5737 address with admin",
        ),
    ],
    "fr": [
        (
            "Arsène Lupin cache son trésor dans l'Aiguille creuse, à Étretat. Écris deux phrases pour une carte postale amusante.",
            "easy",
            "fictional character",
        ),
        (
            "Le Centre Pompidou est place Georges-Pompidou, 75004 Paris. Rédige une demande de visite guidée pour une classe de BTS.",
            "medium",
            "landmark's address",
        ),
        (
            "Molière est mort en 1673 après un malaise en jouant Le Malade imaginaire ; on parle de tuberculose. Confronte les hypothèses médicales et dis ce que les sources permettent vraiment d'affirmer.",
            "hard",
            "historical figure's illness",
        ),
        (
            "Jacques Chirac avait eu un accident vasculaire en 2005 pendant son mandat. Résume en trois phrases comment l'Élysée avait communiqué.",
            "easy",
            "public figure's illness in the news",
        ),
        (
            "Dans nos maquettes, on met « Camille Exemple, camille@exemple.fr » comme utilisateur fictif. Rédige une règle pour les données d'exemple dans la doc.",
            "medium",
            "declared fictitious user",
        ),
        (
            "Le mont Blanc culmine vers 45,8326° N, 6,8652° E. Quelle est la distance à vol d'oiseau jusqu'à Chamonix ? Montre le calcul.",
            "medium",
            "coordinates of a landmark",
        ),
        (
            "Le tag v2.14.0 pointe sur le commit {hex40}. Comment je vérifie ça en une commande ?",
            "easy",
            "commit hash",
        ),
        (
            "Où stocker la clé secrète d'une appli Symfony en production ? Compare variables d'environnement, Vault et le gestionnaire de secrets du cloud, avec un modèle de menace et une recommandation.",
            "hard",
            "secret talk without value",
        ),
        (
            "Hôtel de ville de Lyon, 1 place de la Comédie, 69001 Lyon : écris un courrier pour demander une salle pour une association de quartier.",
            "medium",
            "city hall's address",
        ),
        (
            "Antoine Dupont a été élu meilleur joueur du monde en 2021. Analyse si son passage au rugby à 7 a aidé ou nui au XV de France, en pesant les arguments.",
            "hard",
            "public figure in sport",
        ),
        (
            "Coucou la team, le pot de départ est jeudi 17 h ! Reformule ça en message un peu plus formel.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "NIR de test 2 99 13 75 999 999 99 (invalide, inventé pour la recette). Écris une fonction qui vérifie la clé et montre qu'elle rejette ce numéro.",
            "medium",
            "declared invalid NIR",
        ),
        (
            "Michelin a son siège au 23 place des Carmes-Déchaux, 63000 Clermont-Ferrand. Mets cette adresse au format enveloppe.",
            "easy",
            "company head office",
        ),
        (
            "Bonne Maman et Mamie Nova mettent une grand-mère sur l'emballage. Compare leur stratégie de marque, en pesant authenticité et risque de paternalisme, et dis laquelle vieillit le mieux.",
            "hard",
            "brands that look like people",
        ),
    ],
    "es": [
        (
            "Don Quijote vive en «un lugar de la Mancha» cuyo nombre Cervantes no quiere recordar. Explica en dos frases por qué.",
            "easy",
            "fictional character",
        ),
        (
            "El Museo del Prado está en la calle Ruiz de Alarcón 23, 28014 Madrid. Redacta una petición de visita para un grupo de 20 jubilados.",
            "medium",
            "museum's address",
        ),
        (
            "Goya se quedó sordo hacia 1793; se habla de saturnismo, sífilis o síndrome de Susac. Compara las hipótesis con las pruebas disponibles y di cuál te parece más sólida.",
            "hard",
            "historical figure's illness",
        ),
        (
            "El papa Francisco estuvo ingresado en 2025 por una neumonía bilateral. Resume en tres frases qué es esa enfermedad.",
            "easy",
            "public figure's illness in the news",
        ),
        (
            "En los manuales usamos «Perico de los Palotes, perico@ejemplo.es» como usuario de ejemplo. Escribe una norma sobre datos de ejemplo.",
            "medium",
            "declared example user",
        ),
        (
            "El Teide está en torno a 28,2724° N, 16,6425° O. ¿A qué distancia en línea recta queda de Santa Cruz? Con el cálculo.",
            "medium",
            "coordinates of a landmark",
        ),
        (
            "La release 3.8.1 apunta al commit {hex40}. ¿Cómo lo compruebo desde la terminal?",
            "easy",
            "commit hash",
        ),
        (
            "¿Dónde guardo la contraseña de la base de datos de una app Laravel en producción? Compara .env, Vault y el gestor de secretos del proveedor con un modelo de amenazas y recomienda uno.",
            "hard",
            "secret talk without value",
        ),
        (
            "Agencia Tributaria, calle Infanta Mercedes 37, 28020 Madrid: redacta un escrito breve para pedir cita sobre un certificado.",
            "medium",
            "public authority's address",
        ),
        (
            "Alexia Putellas ganó dos Balones de Oro. Analiza si la liga española femenina puede mantener su nivel cuando se retire, sopesando datos de cantera, ingresos y competencia extranjera.",
            "hard",
            "public figure in sport",
        ),
        (
            "Buenas, familia: el domingo paella en casa de la abuela. Hazlo un mensaje más gracioso.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "NIE X1234567A (inválido, solo para pruebas). Escribe un test que compruebe que la validación lo rechaza.",
            "medium",
            "declared invalid NIE",
        ),
        (
            "Inditex tiene su sede en Avenida de la Diputación s/n, 15143 Arteixo (A Coruña). Ponla en formato de sobre.",
            "easy",
            "company head office",
        ),
        (
            "Cuétara, Fontaneda y Pascual llevan apellidos de sus fundadores. Compara cómo han gestionado la marca al cambiar de dueños y valora cuál ha conservado mejor su identidad.",
            "hard",
            "brands named after people",
        ),
    ],
}

CLEAN = {
    "en": [
        ("how long should a brisket rest before slicing", "easy"),
        ("180C to gas mark?", "easy"),
        ("alphabetise: quince, apricot, medlar, damson, fig", "easy"),
        ("rhyming couplet for a retirement card for our school crossing patrol", "easy"),
        ("Give me four names for a sourdough starter, punny ones.", "easy"),
        ("Is it 'fewer' or 'less' in 'less than ten items'? One line.", "easy"),
        (
            "What does an early repayment charge on a fixed-rate mortgage mean in practice?",
            "medium",
        ),
        ("Write a thank-you note to a neighbour who fed our cat for a fortnight.", "medium"),
        ("Why are my tomato leaves curling upwards in the greenhouse?", "medium"),
        ("Two days in York with a toddler and a pushchair: what's doable?", "medium"),
        (
            "Prove that every tree with n vertices has n-1 edges, then derive the edge count of a forest with k components.",
            "hard",
        ),
        (
            "Design an event-sourced inventory service with snapshots; compare it with plain CRUD on consistency, replay cost and schema evolution.",
            "hard",
        ),
        (
            "Assess the competing explanations for the Late Bronze Age collapse and argue which combination best fits the archaeological record.",
            "hard",
        ),
        (
            "Implement a lock-free single-producer single-consumer queue in C++ and argue why it is free of the ABA problem and data races.",
            "hard",
        ),
    ],
    "de": [
        ("wie lange muss ein Rinderbraten ruhen", "easy"),
        ("Sortier alphabetisch: Quitte, Mispel, Holunder, Aprikose, Feige", "easy"),
        ("Schreib einen Zweizeiler für die Abschiedskarte unserer Schulbusfahrerin", "easy"),
        ("Wie viele Unzen sind 250 Gramm?", "easy"),
        ("Fünf lustige Namen für einen Sauerteig, bitte.", "easy"),
        ("Heißt es 'wegen dem' oder 'wegen des'? Kurz.", "easy"),
        ("Was bedeutet eine Vorfälligkeitsentschädigung bei einem Baukredit konkret?", "medium"),
        (
            "Schreib eine Dankeskarte an die Nachbarin, die zwei Wochen unsere Katze gefüttert hat.",
            "medium",
        ),
        ("Warum rollen sich die Blätter meiner Gewächshaustomaten nach oben ein?", "medium"),
        ("Zwei Tage Regensburg mit Kleinkind und Kinderwagen – was geht?", "medium"),
        (
            "Zeig, dass jeder zusammenhängende Graph mit n Knoten und n-1 Kanten ein Baum ist, und leite daraus die Kantenzahl eines Waldes ab.",
            "hard",
        ),
        (
            "Entwirf eine Bestandsverwaltung mit Event Sourcing und Snapshots und vergleiche sie mit klassischem CRUD hinsichtlich Konsistenz, Replay-Kosten und Schemaänderungen.",
            "hard",
        ),
        (
            "Wäge die Erklärungen für das Ende der Varusschlacht-Ära ab: Warum scheiterte Rom an der Eroberung Germaniens? Mindestens drei Thesen mit Quellenlage.",
            "hard",
        ),
        (
            "Implementiere in Rust einen Ringpuffer für einen Produzenten und einen Konsumenten ohne Locks und begründe die Speicherordnungen.",
            "hard",
        ),
    ],
    "fr": [
        ("combien de temps laisser reposer un gigot", "easy"),
        ("Classe par ordre alphabétique : coing, nèfle, sureau, abricot, figue", "easy"),
        ("Deux vers pour la carte de départ de notre dame de cantine", "easy"),
        ("250 grammes, ça fait combien d'onces ?", "easy"),
        ("Cinq noms rigolos pour mon levain.", "easy"),
        ("On écrit « quoique » ou « quoi que » dans « quoi qu'il arrive » ? Une ligne.", "easy"),
        (
            "Que signifient concrètement les indemnités de remboursement anticipé d'un prêt immobilier ?",
            "medium",
        ),
        (
            "Écris un mot de remerciement à la voisine qui a nourri notre chat pendant deux semaines.",
            "medium",
        ),
        ("Pourquoi les feuilles de mes tomates s'enroulent-elles sous la serre ?", "medium"),
        (
            "Deux jours à Annecy avec un bébé et une poussette : qu'est-ce qui est faisable ?",
            "medium",
        ),
        (
            "Montre que tout graphe connexe à n sommets et n-1 arêtes est un arbre, puis déduis le nombre d'arêtes d'une forêt à k composantes.",
            "hard",
        ),
        (
            "Conçois un service de stock en event sourcing avec instantanés et compare-le à un CRUD classique : cohérence, coût de rejeu, évolution du schéma.",
            "hard",
        ),
        (
            "Évalue les explications concurrentes de la chute de l'Empire romain d'Occident et défends la combinaison la plus solide.",
            "hard",
        ),
        (
            "Implémente en C une file circulaire sans verrou pour un producteur et un consommateur, et justifie les barrières mémoire.",
            "hard",
        ),
    ],
    "es": [
        ("cuánto tiene que reposar una paletilla de cordero", "easy"),
        ("Ordena alfabéticamente: membrillo, níspero, saúco, albaricoque, higo", "easy"),
        ("Dos versos para la tarjeta de despedida de la conductora del autobús escolar", "easy"),
        ("¿Cuántas onzas son 250 gramos?", "easy"),
        ("Cinco nombres graciosos para mi masa madre.", "easy"),
        (
            "¿Cómo se abrevian «teléfono», «página» y «apartado de correos» en un formulario?",
            "easy",
        ),
        ("¿Qué es exactamente la comisión por amortización anticipada de una hipoteca?", "medium"),
        (
            "Escribe una nota de agradecimiento a la vecina que dio de comer a nuestro gato dos semanas.",
            "medium",
        ),
        (
            "¿Por qué se enrollan hacia arriba las hojas de mis tomateras en el invernadero?",
            "medium",
        ),
        ("Dos días en Salamanca con un bebé y carrito: ¿qué se puede hacer?", "medium"),
        (
            "Demuestra que todo grafo conexo con n vértices y n-1 aristas es un árbol y deduce cuántas aristas tiene un bosque con k componentes.",
            "hard",
        ),
        (
            "Diseña un servicio de inventario con event sourcing e instantáneas y compáralo con un CRUD clásico en consistencia, coste de reproducción y cambios de esquema.",
            "hard",
        ),
        (
            "Evalúa las explicaciones de la decadencia del imperio español en el siglo XVII y defiende la combinación más convincente.",
            "hard",
        ),
        (
            "Implementa en Go una cola sin bloqueos para un productor y un consumidor y justifica por qué no hay condiciones de carrera.",
            "hard",
        ),
    ],
}

TASKS = {
    "en": {
        "easy": [
            "A one-line subject line for this, please.",
            "Count how many people are mentioned; just the number.",
            "Translate this into French.",
            "Reformat it as a two-column table.",
        ],
        "medium": [
            "Which of our three queues does this belong in (onboarding, billing, complaints)? Say why in a few sentences.",
            "Write a two-paragraph reply to the sender.",
            "Turn this into a ticket: title, priority and next action.",
        ],
        "hard": [
            "Do a DPIA-style assessment of keeping this in our CRM: purposes, necessity, risks to the person, mitigations, and whether the residual risk means consulting the regulator. Justify each conclusion.",
            "Model the insider-misuse risks around this record (who has access, what they could do, likelihood and impact), propose costed controls and argue which one you would fund first.",
            "Compare three ways to retain this (full copy, pseudonymised extract, delete after use) against legal duties, audit needs and breach impact, and recommend one with reasons.",
        ],
    },
    "de": {
        "easy": [
            "Eine Betreffzeile dafür, bitte.",
            "Wie viele Personen kommen vor? Nur die Zahl.",
            "Übersetz das ins Französische.",
            "Mach daraus eine zweispaltige Tabelle.",
        ],
        "medium": [
            "In welche unserer drei Warteschlangen gehört das (Onboarding, Abrechnung, Beschwerden)? Kurz begründen.",
            "Schreib eine Antwort an den Absender in zwei Absätzen.",
            "Mach daraus ein Ticket: Titel, Priorität, nächster Schritt.",
        ],
        "hard": [
            "Mach eine Datenschutz-Folgenabschätzung, ob wir das im CRM behalten dürfen: Zwecke, Erforderlichkeit, Risiken für die Person, Maßnahmen, und ob die Aufsichtsbehörde zu konsultieren ist – jede Schlussfolgerung begründet.",
            "Modelliere die Missbrauchsrisiken durch eigene Mitarbeitende (wer hat Zugriff, was könnte passieren, Wahrscheinlichkeit, Schaden), schlag Kontrollen mit Kosten vor und begründe, welche zuerst kommt.",
            "Vergleiche drei Aufbewahrungsvarianten (vollständig, pseudonymisiert, Löschung nach Nutzung) nach Rechtspflichten, Prüfbedarf und Schadenshöhe bei einer Panne und empfiehl eine mit Begründung.",
        ],
    },
    "fr": {
        "easy": [
            "Un objet de mail d'une ligne, s'il te plaît.",
            "Combien de personnes sont citées ? Juste le nombre.",
            "Traduis ça en allemand.",
            "Présente-le en tableau à deux colonnes.",
        ],
        "medium": [
            "Dans laquelle de nos trois files ça va (arrivées, facturation, réclamations) ? Explique en quelques phrases.",
            "Écris une réponse en deux paragraphes à l'expéditeur.",
            "Transforme ça en ticket : titre, priorité, prochaine action.",
        ],
        "hard": [
            "Fais une analyse d'impact (AIPD) sur la conservation de ceci dans notre CRM : finalités, nécessité, risques pour la personne, mesures, et faut-il consulter la CNIL ? Justifie chaque conclusion.",
            "Modélise les risques d'abus par des personnes internes (qui a accès, quoi, probabilité, impact), propose des mesures chiffrées et défends celle à financer en premier.",
            "Compare trois façons de conserver ceci (copie complète, extrait pseudonymisé, suppression après usage) selon les obligations légales, l'audit et l'impact d'une fuite, puis recommande-en une avec tes raisons.",
        ],
    },
    "es": {
        "easy": [
            "Un asunto de correo de una línea, por favor.",
            "¿Cuántas personas se mencionan? Solo el número.",
            "Tradúcelo al alemán.",
            "Ponlo en una tabla de dos columnas.",
        ],
        "medium": [
            "¿En cuál de nuestras tres colas va (altas, facturación, quejas)? Explícalo en pocas frases.",
            "Escribe una respuesta de dos párrafos al remitente.",
            "Conviértelo en un ticket: título, prioridad y siguiente acción.",
        ],
        "hard": [
            "Haz una evaluación de impacto (EIPD) sobre guardar esto en el CRM: finalidades, necesidad, riesgos para la persona, medidas, y si hay que consultar a la AEPD. Justifica cada conclusión.",
            "Modela los riesgos de uso indebido interno (quién accede, qué podría hacer, probabilidad e impacto), propón controles con coste y defiende cuál financiarías primero.",
            "Compara tres formas de conservar esto (copia completa, extracto seudonimizado, borrado tras el uso) según obligaciones legales, auditoría e impacto de una brecha, y recomienda una con razones.",
        ],
    },
}

LONG = {
    "en": {
        "s": (
            "Stock movements export for May below. Count the goods-in lines per bin row (R1, R2, ...) and give me the totals.",
            "# customer collection hold, do not ship: Wendell Ashcombe, 22 Larkspur Close, Frome BA11 2QT, tel {phone_GB2}, refund to {iban_GB0}",
            ["person_name", "address", "phone", "iban"],
        ),
        "p": (
            "Our hiking club's trip diary is pasted below. List every place we refilled water, one per line.",
            "Day 3 evening note: our leader Lorcan Fitzmaurice collapsed at the hut; he told us he has atrial fibrillation and had skipped his anticoagulants, and he was flown down to hospital.",
            ["person_name", "health"],
        ),
        "n": (
            "Below is the council's street-tree inventory. Work out which trees to replace first: define a scoring rule from species, age, girth and state, apply it to the worst ten, justify the weights and say what the data cannot tell us.",
            "# published by: City of Edinburgh Council, Waverley Court, 4 East Market Street, Edinburgh EH8 8BG (open data)",
        ),
    },
    "de": {
        "s": (
            "Unten der Export der Lagerbewegungen für Mai. Zähl die Wareneingänge pro Regalreihe (R1, R2, ...) und nenn die Summen.",
            "# Selbstabholung, nicht versenden: Kundin Roswitha Ebbinghaus-Zell, Lindenallee 9, 34117 Kassel, Tel. {phone_DE1}, Erstattung auf {iban_DE0}",
            ["person_name", "address", "phone", "iban"],
        ),
        "p": (
            "Unten das Tourenbuch unseres Wandervereins. Liste jede Stelle auf, an der wir Wasser nachgefüllt haben, eine pro Zeile.",
            "Tag 3, Abendnotiz: Unser Tourenleiter Wendelin Strobach ist an der Hütte zusammengebrochen; er hat Vorhofflimmern und seine Blutverdünner vergessen, der Hubschrauber hat ihn ins Klinikum gebracht.",
            ["person_name", "health"],
        ),
        "n": (
            "Unten das Baumkataster des Bezirks. Finde heraus, welche Bäume zuerst ersetzt werden: Definiere eine Bewertungsregel aus Art, Alter, Stammumfang und Zustand, wende sie auf die schlechtesten zehn an, begründe die Gewichte und sag, was die Daten nicht zeigen.",
            "# herausgegeben von: Bezirksamt Pankow von Berlin, Breite Straße 24a-26, 13187 Berlin (Open Data)",
        ),
    },
    "fr": {
        "s": (
            "Voici l'export des mouvements de stock de mai. Compte les réceptions par rangée (R1, R2, ...) et donne les totaux.",
            "# retrait en magasin, ne pas expédier : cliente Maïwenn Le Quintrec, 5 allée des Tilleuls, 29200 Brest, tél. {phone_FR1}, remboursement sur {iban_FR0}",
            ["person_name", "address", "phone", "iban"],
        ),
        "p": (
            "Voici le carnet de route de notre club de randonnée. Liste chaque endroit où l'on a refait le plein d'eau, un par ligne.",
            "Jour 3, note du soir : notre accompagnateur Aurélien Chazallet s'est effondré au refuge ; il a une fibrillation auriculaire et avait oublié ses anticoagulants, l'hélicoptère l'a évacué.",
            ["person_name", "health"],
        ),
        "n": (
            "Voici l'inventaire des arbres d'alignement de la ville. Détermine lesquels remplacer en premier : définis une règle de score (essence, âge, circonférence, état), applique-la aux dix pires, justifie les pondérations et dis ce que les données ne montrent pas.",
            "# publié par : Mairie de Bordeaux, place Pey-Berland, 33000 Bordeaux (données ouvertes)",
        ),
    },
    "es": {
        "s": (
            "Abajo el export de movimientos de stock de mayo. Cuenta las entradas por fila de estantería (R1, R2, ...) y dame los totales.",
            "# recogida en tienda, no enviar: clienta Visitación Urrutikoetxea, Calle Jardines 14, 2º, 48005 Bilbao, tel. {phone_ES1}, devolución a {iban_ES0}",
            ["person_name", "address", "phone", "iban"],
        ),
        "p": (
            "Abajo el diario de ruta de nuestro club de montaña. Enumera cada sitio donde rellenamos agua, uno por línea.",
            "Día 3, nota de la noche: nuestro guía Ignasi Ferrerons se desplomó en el refugio; tiene fibrilación auricular y no había tomado el anticoagulante, lo evacuó el helicóptero.",
            ["person_name", "health"],
        ),
        "n": (
            "Abajo el inventario de arbolado viario del ayuntamiento. Decide qué árboles sustituir primero: define una regla de puntuación (especie, edad, perímetro, estado), aplícala a los diez peores, justifica los pesos y di qué no pueden mostrar los datos.",
            "# publicado por: Ayuntamiento de Sevilla, Plaza Nueva 1, 41001 Sevilla (datos abiertos)",
        ),
    },
}


def _long(r: random.Random, lang: str) -> list[dict]:
    out = []
    ask, mid_tpl, kinds = LONG[lang]["s"]
    mid = fill(r, mid_tpl)
    before, after = split_even(F.stock_csv(r, lang, r.randint(95, 135)))
    out.append(
        item(
            "structured_id",
            kinds,
            ask + "\n\n" + long_doc(before, mid, after),
            "stock-movement CSV export with a customer hold comment in the middle",
            "easy",
            True,
            mid,
        )
    )
    ask, mid, kinds = LONG[lang]["p"]
    before, after = split_even(F.diary(r, lang, r.randint(110, 160)))
    out.append(
        item(
            "free_text_pii",
            kinds,
            ask + "\n\n" + long_doc(before, mid, after),
            "hiking-club trip diary with a note on a named leader's heart condition",
            "easy",
            True,
            mid,
        )
    )
    ask, mid = LONG[lang]["n"]
    before, after = split_even(F.trees(r, lang, r.randint(90, 130)))
    out.append(
        item(
            "hard_negative",
            [],
            ask + "\n\n" + long_doc(before, mid, after),
            "street-tree inventory with the publishing council's address in the middle",
            "hard",
            True,
            mid,
        )
    )
    return out


def items(r: random.Random, lang: str) -> list[dict]:
    out = [item("structured_id", k, fill(r, t), n) for t, k, n in S[lang]]
    out += [item("free_text_pii", k, fill(r, t), n) for t, k, n in P[lang]]
    out += [item("hard_negative", [], fill(r, t), n, cx) for t, cx, n in NEG[lang]]
    out += [item("clean", [], t, "everyday request", cx) for t, cx in CLEAN[lang]]
    return out + _long(r, lang)
