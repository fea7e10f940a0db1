# ruff: noqa: RUF001  (prompt text keeps the dashes and quotes real users type)
"""Set K: names, contexts, negatives, clean prompts, appended task pools and long documents.

Registers of K: online-shop support tickets and chats, a running club, a dental practice and a
physiotherapy clinic, a primary school, a small bakery's payroll, a coworking space, a
volunteer fire brigade, parents' messenger groups. Long documents: a helpdesk ticket export
(structured), a running club's group-chat export (free text), a shop backend log (negative).
"""

import random

import filler_kl
import kit_kl
from kit_kl import item

NAMES = {
    "en": [
        ("Oona", "Castellanos-Reid"),
        ("Barnaby", "Oyelaran"),
        ("Tamsin", "Whitlock"),
        ("Kwabena", "Asante-Lyle"),
        ("Philippa", "Dunmore"),
        ("Rhys", "Abernethy"),
        ("Noor", "Haddadin"),
        ("Declan", "Ferriter"),
        ("Marisol", "Underhill"),
        ("Ewan", "Strachan"),
        ("Ffion", "Rowlands"),
        ("Jasper", "Kettleborough"),
        ("Adaeze", "Nwachukwu"),
        ("Callum", "Blevins"),
        ("Linnea", "Cartwright"),
        ("Oisín", "Mulqueen"),
        ("Harriet", "Pemberton-Shaw"),
        ("Tobiah", "Greenhalgh"),
        ("Yusra", "Mahmood"),
        ("Corin", "Haverford"),
        ("Delphine", "Okafor"),
        ("Seamus", "Tierney"),
        ("Annika", "Lowther"),
        ("Ravi", "Chaudhry-Penn"),
    ],
    "de": [
        ("Wiebke", "Stoltenberg"),
        ("Jannik", "Oberhuber"),
        ("Gundula", "Paschke"),
        ("Emre", "Yıldırım-Kraus"),
        ("Henrike", "Lauterbach-Wolff"),
        ("Till", "Ruckdeschel"),
        ("Almut", "Gehrke"),
        ("Ole", "Brinkmann"),
        ("Svenja", "Katzmarek"),
        ("Korbinian", "Hierl"),
        ("Dilara", "Aksoy"),
        ("Ruprecht", "Vogelsang"),
        ("Mareike", "Tschentscher"),
        ("Arvid", "Pohlmann"),
        ("Jolanta", "Wiśniewski"),
        ("Hinnerk", "Saathoff"),
        ("Leonie", "Kaltenbrunner"),
        ("Birger", "Mattfeldt"),
        ("Nesrin", "Demirtaş"),
        ("Volker", "Hüsgen"),
        ("Rieke", "Osterkamp"),
        ("Quirin", "Stadlmayr"),
        ("Edda", "Fröhlke"),
        ("Bastian", "Kieselbach"),
        ("Ilse", "Wohlgemuth"),
        ("Jost", "Rademacher"),
    ],
    "fr": [
        ("Clémence", "Lagarrigue"),
        ("Thibault", "Ravanel"),
        ("Nadège", "Bourdarias"),
        ("Karim", "Benslimane"),
        ("Ségolène", "Auclert"),
        ("Gwendal", "Le Gorrec"),
        ("Apolline", "Chassagne"),
        ("Florian", "Mazurier"),
        ("Rokia", "Traoré-Dubuc"),
        ("Anatole", "Vergnaud"),
        ("Mylène", "Castagné"),
        ("Ludovic", "Peyrefitte"),
        ("Héloïse", "Barthomeuf"),
        ("Yanis", "Haddouche"),
        ("Capucine", "Delmotte"),
        ("Sébastien", "Quéré"),
        ("Amandine", "Rouquette"),
        ("Matthias", "Kerbrat"),
        ("Inès", "Bouabdallah"),
        ("Aymeric", "Fontanille"),
        ("Perrine", "Sauvageot"),
        ("Loïc", "Tanguy"),
        ("Albane", "Coudert"),
        ("Nathanaël", "Boissonnet"),
    ],
    "es": [
        ("Itziar", "Goikoetxea"),
        ("Fermín", "Arrabal"),
        ("Rocío", "Valdepeñas"),
        ("Yeray", "Santana Cabrera"),
        ("Macarena", "Villalobos"),
        ("Anselmo", "Quiroga"),
        ("Nerea", "Olabarria"),
        ("Bruno", "Castelao"),
        ("Lucía", "Benavente Ortuño"),
        ("Eloy", "Mantecón"),
        ("Consuelo", "Barrientos"),
        ("Joaquín", "Echevarría"),
        ("Zuriñe", "Arregi"),
        ("Teodoro", "Pizarro Lanza"),
        ("Azucena", "Garrido"),
        ("Pau", "Ferrer i Roig"),
        ("Milagros", "Cuadrado"),
        ("Dámaso", "Requena"),
        ("Vega", "Somoza"),
        ("Ismael", "Bermúdez"),
        ("Candela", "Ribas"),
        ("Gonzalo", "Albiach"),
        ("Maite", "Urquiza"),
        ("Aitor", "Landaluze"),
    ],
}
DOMAINS = {
    "en": ["fastmail.com", "outlook.com", "btinternet.com", "proton.me", "gmail.com"],
    "de": ["web.de", "gmx.de", "t-online.de", "posteo.de", "mailbox.org"],
    "fr": ["orange.fr", "free.fr", "laposte.net", "sfr.fr", "gmail.com"],
    "es": ["telefonica.net", "gmail.com", "yahoo.es", "hotmail.es", "movistar.es"],
}
ADDR = {
    "en": [
        "14 Larkspur Close, Harrogate HG2 7QT",
        "Flat 3, 88 Moorside Road, Salford M7 3PL",
        "2 Tannery Row, Frome BA11 1SX",
        "47 Cuthbert Street, Gateshead NE8 4BD",
        "Apt 12, 9 Quayside Mews, Cork T12 XR82",
        "31 Holloway Drive, Exeter EX2 6LN",
    ],
    "de": [
        "Am Lindenhang 7, 37085 Göttingen",
        "Rüsternweg 22a, 24113 Kiel",
        "Kiesgrubenstraße 4, 86150 Augsburg",
        "Hinter der Mühle 11, 99084 Erfurt",
        "Schwalbenstieg 3, 22359 Hamburg",
        "Lange Reihe 58, 04109 Leipzig",
    ],
    "fr": [
        "12 impasse des Glycines, 35700 Rennes",
        "4 rue du Père-Corentin, 29000 Quimper",
        "27 chemin de la Tuilerie, 31400 Toulouse",
        "Bât. C, 9 allée des Tilleuls, 69008 Lyon",
        "3 place du Marché-aux-Herbes, 21000 Dijon",
        "61 bd Carnot, 06400 Cannes",
    ],
    "es": [
        "C/ Sierra de Cazorla 14, 3º B, 41010 Sevilla",
        "Av. de Zarautz 27, 20018 Donostia",
        "Plaza del Pilar 5, 2º izq, 50003 Zaragoza",
        "C/ Vinateros 88, 28030 Madrid",
        "Camino de la Fuensanta 3, 30007 Murcia",
        "Rúa do Hórreo 41, 15702 Santiago de Compostela",
    ],
}

TASKS = {
    "en": {
        "easy": [
            "Can you turn this into three bullet points?",
            "translate this into Spanish pls, keep the numbers as they are",
            "Fix the typos and grammar, change nothing else.",
            "Give me a one-line subject for this.",
        ],
        "medium": [
            "Draft a polite reply to this, max 120 words.",
            "Which team in a mid-size retailer should own this, and why? Two or three sentences.",
            "Classify this as complaint / request / information and justify briefly.",
            "Rewrite it as a neutral note for the file and flag anything that looks off.",
        ],
        "hard": [
            "Design a retention and deletion scheme for messages like this across our ticketing tool, nightly backups and the analytics warehouse: map the data flows, give the legal basis per purpose under the GDPR, retention periods with reasons, and how we would demonstrate deletion to an auditor.",
            "We want an LLM to triage messages like this automatically. Build a threat model (prompt injection, leakage into logs, vendor access), propose mitigations, rank them by cost against risk reduction, and pick what a two-person team ships first. Justify each step.",
            "Work out whether passing this on to our external payroll provider is lawful: go through Art. 6 and Art. 9 GDPR step by step, state the assumptions you need, identify where the answer flips, and end with concrete contract changes.",
            "Compare tokenisation, keyed hashing and format-preserving encryption for pseudonymising records like this before they reach BI: re-identification risk, joinability, key management, behaviour under an access request. Conclude with a recommendation and its failure modes.",
        ],
    },
    "de": {
        "easy": [
            "Bitte in drei Stichpunkten zusammenfassen.",
            "Übersetz das bitte ins Englische, Zahlen unverändert lassen.",
            "Korrigier nur Rechtschreibung und Zeichensetzung.",
            "Gib mir eine kurze Betreffzeile dafür.",
        ],
        "medium": [
            "Formulier eine freundliche Antwort, höchstens 120 Wörter.",
            "Welche Abteilung sollte das bearbeiten und warum? Kurz begründen.",
            "Ist das eine Beschwerde, eine Anfrage oder nur eine Info? Mit kurzer Begründung.",
            "Schreib daraus eine sachliche Aktennotiz und markier, was unklar ist.",
        ],
        "hard": [
            "Entwirf ein Lösch- und Aufbewahrungskonzept für solche Nachrichten über Ticketsystem, Backups und Data Warehouse hinweg: Datenflüsse, Rechtsgrundlage je Zweck nach DSGVO, Fristen mit Begründung und wie wir die Löschung gegenüber einem Prüfer nachweisen.",
            "Wir wollen solche Nachrichten per LLM vorsortieren lassen. Erstelle ein Bedrohungsmodell (Prompt Injection, Abfluss in Logs, Zugriff des Anbieters), schlag Gegenmaßnahmen vor, priorisiere sie nach Kosten und Risikominderung und begründe, was ein Zwei-Personen-Team zuerst umsetzt.",
            "Prüfe Schritt für Schritt, ob die Weitergabe an unseren externen Lohnabrechner zulässig ist (Art. 6 und Art. 9 DSGVO), benenne die nötigen Annahmen, zeige, an welcher Stelle das Ergebnis kippt, und leite konkrete Vertragsänderungen ab.",
            "Vergleiche Tokenisierung, Hashing mit Schlüssel und formaterhaltende Verschlüsselung zur Pseudonymisierung solcher Datensätze vor dem BI-Export: Re-Identifizierungsrisiko, Verknüpfbarkeit, Schlüsselverwaltung, Verhalten bei einem Auskunftsersuchen. Mit Empfehlung und ihren Schwachstellen.",
        ],
    },
    "fr": {
        "easy": [
            "Résume ça en trois puces stp.",
            "Traduis en anglais, sans toucher aux numéros.",
            "Corrige juste l'orthographe et la ponctuation.",
            "Propose un objet de mail court pour ce message.",
        ],
        "medium": [
            "Rédige une réponse polie de 120 mots maximum.",
            "Quel service devrait traiter ça et pourquoi ? Deux ou trois phrases.",
            "C'est une réclamation, une demande ou une simple info ? Justifie brièvement.",
            "Reformule en note neutre pour le dossier et signale ce qui semble bizarre.",
        ],
        "hard": [
            "Conçois une politique de conservation et de suppression pour ce type de messages dans l'outil de tickets, les sauvegardes et l'entrepôt de données : flux, base légale par finalité selon le RGPD, durées justifiées, et comment prouver l'effacement à un auditeur.",
            "On veut faire trier ces messages par un LLM. Établis un modèle de menaces (injection de prompt, fuite dans les journaux, accès du fournisseur), propose des contre-mesures, classe-les par coût et réduction du risque, et dis ce qu'une équipe de deux personnes livre en premier, en justifiant.",
            "Détermine pas à pas si la transmission à notre prestataire de paie externe est licite (articles 6 et 9 du RGPD), explicite les hypothèses nécessaires, montre où la conclusion bascule et termine par les clauses contractuelles à modifier.",
            "Compare tokenisation, hachage avec clé et chiffrement préservant le format pour pseudonymiser ces enregistrements avant l'outil décisionnel : risque de réidentification, jointures, gestion des clés, droit d'accès. Conclus par une recommandation et ses limites.",
        ],
    },
    "es": {
        "easy": [
            "Resúmelo en tres viñetas, porfa.",
            "Tradúcelo al inglés sin tocar los números.",
            "Corrige solo la ortografía y las comas.",
            "Dame un asunto corto para este correo.",
        ],
        "medium": [
            "Redacta una respuesta educada de 120 palabras como mucho.",
            "¿Qué departamento debería llevar esto y por qué? Dos o tres frases.",
            "¿Es una queja, una solicitud o solo información? Justifícalo brevemente.",
            "Pásalo a una nota neutra para el expediente y señala lo que no cuadre.",
        ],
        "hard": [
            "Diseña una política de conservación y borrado para mensajes así en la herramienta de tickets, las copias de seguridad y el almacén de datos: flujos, base jurídica por finalidad según el RGPD, plazos razonados y cómo demostrar el borrado ante un auditor.",
            "Queremos que un LLM clasifique estos mensajes. Haz un modelo de amenazas (inyección de prompt, fugas a los logs, acceso del proveedor), propone medidas, ordénalas por coste frente a reducción del riesgo y decide qué implanta primero un equipo de dos personas, razonando cada paso.",
            "Analiza paso a paso si es lícito pasar esto a nuestra gestoría de nóminas externa (arts. 6 y 9 del RGPD), indica las hipótesis necesarias, dónde cambia la conclusión y qué cláusulas del contrato habría que modificar.",
            "Compara tokenización, hash con clave y cifrado que preserva el formato para seudonimizar registros así antes del BI: riesgo de reidentificación, cruces, gestión de claves, ejercicio del derecho de acceso. Termina con una recomendación y sus puntos débiles.",
        ],
    },
}

# (kinds, template, note); the person and slots come from kit_kl.slots
STRUCT = {
    "en": [
        (
            ["person_name", "iban", "email"],
            "hey, customer wants the refund to a different account than the card. new details she sent:\nname on acct: {name}\n{iban_gb}\nreply-to {email}\ncan i just paste this into the refund form??",
            "refund to GB IBAN, support chat",
        ),
        (
            ["person_name", "credit_card", "address"],
            "Order note from checkout (copied from the admin panel):\n> Deliver to {name}, {addr}\n> Paid with card ending … actually the full number got saved in the note field by mistake: {visa}\nHow do we scrub this from the order history?",
            "card saved in a free-text order note",
        ),
        (
            ["person_name", "national_id", "phone"],
            "Patient intake, physio clinic. {name}, mobile {tel_gb0}. NHS no. on the referral letter:\n{nhs}\nGP practice wants confirmation by Friday.",
            "NHS number a line below its label",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "New starter at the bakery – {first} {last}, born {dob_en}. NI number {ukni_s}. Payroll asks whether emergency tax code applies.",
            "UK NI number spaced, bakery payroll",
        ),
        (
            ["person_name", "passport", "date_of_birth"],
            "coworking access badge request\nmember: {name}\nDOB {dob_en}\nID shown at desk: passport, number {pass_gb} (UK)\nnote: badge valid 3 months",
            "passport number at a coworking desk",
        ),
        (
            ["ip_user", "person_name"],
            "Suspicious sign-ins on the customer portal last night:\n02:14:09 login ok user={login} src={ip} ua=Mozilla/5.0\n02:14:51 password change user={login} src={ip}\n02:16:30 payout method added user={login} src={ip2}\nAccount belongs to {name}. Was this an account takeover?",
            "portal auth log, login from a person's name",
        ),
        (
            ["person_name", "iban", "address"],
            "Direct debit mandate scanned in, OCR output below, pls check it's readable:\nDebtor: {name}\nAddress: {addr}\nIBAN: {ibanu_ie}\nMandate ref MND-2026-0417",
            "Irish IBAN unspaced in an OCR'd mandate",
        ),
        (
            ["person_name", "email", "phone", "date_of_birth"],
            "vCard from the school office export:\nBEGIN:VCARD\nFN:{name}\nEMAIL:{email}\nTEL;TYPE=cell:{tel_gb3}\nBDAY:{dob_en}\nNOTE:parent of pupil in Year 4\nEND:VCARD",
            "parent's vCard",
        ),
        (
            ["person_name", "credit_card"],
            "Chargeback dispute. Cardholder {name} says she never ordered the espresso machine. Card used: {mc}, exp 09/28. Bank wants our evidence pack by the 15th.",
            "Mastercard in a chargeback",
        ),
        (
            ["person_name", "tax_id", "iban"],
            'Our German freelancer sent her details for the invoice, mixed into an English mail:\n"Hi! For the Honorarrechnung you need my Steuer-ID {steuer1} and the account DE — {iban_de}. Thanks, {first}"\nHer surname is {last}.',
            "Steuer-ID grouped, German label in an English mail",
        ),
        (
            ["person_name", "national_id", "address"],
            "Fire brigade volunteer sign-up (Dutch member who moved here):\nnaam {name}\nBSN {bsn}\nadres {addr}\nIs it okay that we store the BSN at all?",
            "Dutch BSN with Dutch labels",
        ),
        (
            ["person_name", "iban", "phone"],
            "Coworking member leaving, deposit refund:\n| field | value |\n|---|---|\n| member | {name} |\n| IBAN | {iban_nl} |\n| phone | {tel_gb1} |\n| reason | moving to Utrecht |",
            "Markdown table, Dutch IBAN",
        ),
    ],
    "de": [
        (
            ["person_name", "iban", "email"],
            "Moin, Kundin möchte die Erstattung nicht auf die Karte, sondern aufs Konto. Hat geschrieben:\nKontoinhaberin {name}\nIBAN\n{iban_de}\nMail {email}\nDarf ich das so ins Erstattungsformular kopieren?",
            "IBAN eine Zeile unter dem Label",
        ),
        (
            ["person_name", "tax_id", "date_of_birth"],
            "Lohnbüro Bäckerei: Neue Aushilfe {name}, geb. {dob}, Steuer-Identifikationsnummer steht auf dem Blatt vom Finanzamt:\n{steuer2}\nSteuerklasse 1, keine Kinder.",
            "Steuer-ID 3-3-3-2 gedruckt",
        ),
        (
            ["person_name", "national_id", "address"],
            "Rentenversicherung meldet sich wegen {name} ({addr}). Versicherungsnummer laut Schreiben: {rvnr}. Müssen wir als Arbeitgeber da was tun?",
            "Rentenversicherungsnummer",
        ),
        (
            ["person_name", "credit_card", "phone"],
            "Bestellung telefonisch aufgenommen (Kunde hat keinen Account):\nName: {name}\nTel.: {tel_de0}\nKreditkarte: {visa_dash}\ngültig bis 11/27\nKann das jemand im Shop nachtragen?",
            "Visa mit Bindestrichen, Telefonbestellung",
        ),
        (
            ["person_name", "passport", "date_of_birth"],
            "Coworking Space, Zugangskarte für Neumitglied {name}, geb. am {dob}. Vorgelegter Reisepass Nr. {pass_de}. Karte gilt bis Quartalsende.",
            "deutscher Reisepass am Empfang",
        ),
        (
            ["ip_user", "person_name"],
            "Aus dem Login-Protokoll vom Kundenportal:\n2026-03-02 01:57:13 LOGIN_OK benutzer={login} ip={ip}\n2026-03-02 01:58:40 IBAN_GEAENDERT benutzer={login} ip={ip}\nDas Konto gehört {name}, die sagt, sie war's nicht. Was jetzt?",
            "Login-Log mit öffentlicher IP und Nutzername",
        ),
        (
            ["person_name", "iban", "address"],
            "SEPA-Lastschriftmandat, eingescannt, OCR-Text:\nZahlungspflichtige/r: {name}\nAnschrift: {addr}\nIBAN: {ibanu_at}\nGläubiger-ID steht unten.",
            "österreichische IBAN ohne Leerzeichen",
        ),
        (
            ["person_name", "email", "phone", "address"],
            "Elternliste Klasse 2b (bitte nicht weiterleiten!!)\n{name}; {email}; {tel_de1}; {addr}\nMutter von Emil",
            "Elternliste, eine Zeile",
        ),
        (
            ["person_name", "credit_card"],
            "Rückbuchung: Karteninhaber {name} bestreitet den Kauf der Kaffeemaschine. Karte {mc}, Ablauf 02/29. Die Bank will bis zum 15. unsere Nachweise.",
            "Mastercard in einer Rückbuchung",
        ),
        (
            ["person_name", "national_id", "phone"],
            "Feuerwehr Förderverein – neues Mitglied aus der Schweiz, {name}, Handy {tel_ch}. AHV-Nr. brauchen wir eigentlich nicht, hat sie aber angegeben. Iban kommt noch. Löschen oder behalten?\nAHV-Nr.: 756.{ahv_mid}",
            "Schweizer AHV-Nummer, Feuerwehrverein",
        ),
        (
            ["person_name", "iban", "tax_id"],
            "Honorar für die Yogalehrerin: {name}, Steuer-ID {steuer3}, Konto {iban_ch}. Bitte bis Monatsende überweisen.",
            "Steuer-ID gepunktet, Schweizer IBAN",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "Sprechstundenhilfe Zahnarztpraxis: Patientin aus Frankreich, {name}, geb. {dob}, europäische Versichertenkarte, Nummer {nir_s}. Wie rechnen wir das ab?",
            "französische NIR in deutschem Text",
        ),
    ],
    "fr": [
        (
            ["person_name", "iban", "email"],
            "Bonjour, la cliente veut le remboursement sur son compte et pas sur la carte. Elle m'a envoyé :\ntitulaire : {name}\nIBAN {iban_fr}\nmail : {email}\nje le colle tel quel dans le formulaire ?",
            "IBAN français avec clé RIB, chat support",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "Cabinet de kiné – fiche patient\nNom : {name}\nNé(e) le : {dob}\nN° de sécu :\n{nir_s}\nMutuelle à vérifier.",
            "NIR une ligne sous l'étiquette",
        ),
        (
            ["person_name", "credit_card", "address"],
            "Note de commande (copiée depuis le back-office) : livraison à {name}, {addr}. Le numéro de carte a été enregistré par erreur dans le champ commentaire : {visa}. Comment on purge l'historique ?",
            "carte dans une note de commande",
        ),
        (
            ["person_name", "passport", "phone"],
            "Espace de coworking, badge pour {name}, tél. {tel_fr1}. Pièce présentée : passeport n° {pass_fr}. Badge valable 3 mois.",
            "passeport français au coworking",
        ),
        (
            ["ip_user", "person_name"],
            "Connexions bizarres sur le portail client cette nuit :\n03:02:11 AUTH_OK login={login} ip={ip}\n03:03:05 CHANGEMENT_RIB login={login} ip={ip}\nLe compte est celui de {name}. Piratage ?",
            "journal d'authentification, IP publique + login",
        ),
        (
            ["person_name", "iban", "address"],
            "Mandat SEPA scanné, texte OCR :\nDébiteur : {name}\nAdresse : {addr}\nIBAN : {ibanu_be}\nRUM : MAND-33817",
            "IBAN belge sans espaces",
        ),
        (
            ["person_name", "email", "phone"],
            "Liste des parents délégués CE2 (ne pas diffuser svp)\n- {name} – {email} – {tel_fr0}",
            "liste de parents délégués",
        ),
        (
            ["person_name", "credit_card"],
            "Litige bancaire : le porteur {name} conteste l'achat de la machine à café. Carte {amex}, exp. 07/28. La banque attend nos justificatifs avant le 15.",
            "Amex dans un litige",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "Embauche boulangerie : {name}, né le {dob}, numéro de sécurité sociale {nir_k} (clé à part sur sa carte vitale). Contrat CDD 6 mois.",
            "NIR avec la clé séparée",
        ),
        (
            ["person_name", "tax_id", "iban"],
            "Une prestataire allemande a mis ses infos dans un mail en français : « pour la facture : Steuer-ID {steuer0}, IBAN {iban_de} ». Elle s'appelle {name}. On a besoin de quoi exactement pour la payer ?",
            "Steuer-ID avec étiquette allemande",
        ),
        (
            ["person_name", "national_id", "address"],
            "Pompiers volontaires – inscription d'une recrue espagnole, {name}, domiciliée {addr}. NIE indiqué : {nie_d}. On doit garder ça dans le dossier ?",
            "NIE avec tirets en texte français",
        ),
        (
            ["person_name", "iban", "phone"],
            "| membre | {name} |\n| IBAN | {ibanx_lu} |\n| tél | {tel_fr3} |\n| motif | remboursement caution coworking |",
            "tableau Markdown, IBAN luxembourgeois avec tirets",
        ),
    ],
    "es": [
        (
            ["person_name", "iban", "email"],
            "Hola, la clienta quiere el reembolso en su cuenta, no en la tarjeta. Me ha mandado:\ntitular {name}\nIBAN\n{iban_es}\ncorreo {email}\n¿lo pego tal cual en el formulario?",
            "IBAN español una línea debajo",
        ),
        (
            ["person_name", "national_id", "phone"],
            "Clínica de fisio, ficha nueva: {name}, móvil {tel_es3}, DNI {dni_p}. Viene derivada de la mutua.",
            "DNI con puntos y guion",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "Alta en la panadería: {name}, nacido el {dob}, nº afiliación Seguridad Social {nss}. Contrato de 20 horas.",
            "número de afiliación a la Seguridad Social",
        ),
        (
            ["person_name", "credit_card", "address"],
            "Nota del pedido (copiada del panel): enviar a {name}, {addr}. El número de tarjeta se guardó por error en el comentario: {mc_flat}. ¿Cómo lo borramos del historial?",
            "Mastercard sin espacios en una nota de pedido",
        ),
        (
            ["person_name", "passport", "date_of_birth"],
            "Coworking, tarjeta de acceso para {name}, nacida el {dob}. Documento presentado: pasaporte {pass_es}. Válida tres meses.",
            "pasaporte español en el coworking",
        ),
        (
            ["ip_user", "person_name"],
            "Accesos raros en el portal de clientes anoche:\n04:11:02 LOGIN_OK usuario={login} ip={ip}\n04:12:47 CAMBIO_IBAN usuario={login} ip={ip}\nLa cuenta es de {name}. ¿Nos han colado a alguien?",
            "log de accesos con IP pública",
        ),
        (
            ["person_name", "iban", "address"],
            "Mandato SEPA escaneado, texto OCR:\nDeudor: {name}\nDomicilio: {addr}\nIBAN: {ibanu_pt}\nReferencia: MAND-55120",
            "IBAN portugués sin espacios",
        ),
        (
            ["person_name", "email", "phone"],
            "grupo de padres 3ºA, lista de delegados (no reenviar!!): {name} · {email} · {tel_es1}",
            "lista de padres",
        ),
        (
            ["person_name", "credit_card"],
            "Contracargo: el titular {name} dice que no compró la cafetera. Tarjeta {visa}, cad. 10/27. El banco pide pruebas antes del día 15.",
            "Visa en un contracargo",
        ),
        (
            ["person_name", "national_id", "address"],
            "Bomberos voluntarios, alta de un vecino extranjero: {name}, {addr}, NIE {nie}. ¿Hace falta guardar copia del NIE?",
            "NIE en alta de voluntario",
        ),
        (
            ["person_name", "tax_id", "iban"],
            "Factura de una autónoma italiana que vive en Madrid: {name}, codice fiscale {cf}, cuenta {iban_it}. ¿Vale ese código como identificación fiscal aquí?",
            "codice fiscale italiano en texto español",
        ),
        (
            ["person_name", "national_id", "email"],
            "Matrícula escolar de un alumno francés, la madre {name} ({email}) puso su numéro de sécurité sociale {nir}. ¿Lo necesitamos o lo quitamos?",
            "NIR francés en texto español",
        ),
    ],
}

FREE = {
    "en": [
        (
            ["person_name", "health"],
            "quick one for the rota – Bryony's husband Gareth had a stroke on Sunday, she'll be off at least two weeks. please don't share beyond shift leads",
            "health of a colleague's husband, first name + relation",
        ),
        (
            ["person_name", "health"],
            "Hi coach, {first} here (the one who does the Saturday long runs). I've just been diagnosed with type 1 diabetes so I need to carry glucose on runs now, can the pacers know?",
            "club member's diagnosis",
        ),
        (
            ["person_name", "criminal_record"],
            "Reference check for the school caretaker post: {name} disclosed a 2019 conviction for drink-driving on the DBS form. Governors meeting on Tuesday.",
            "criminal record of a job applicant",
        ),
        (
            ["person_name", "religion"],
            "From the coworking Slack: \"{first} {last} asked if the quiet room could be free at 1pm on Fridays for Jumu'ah prayers, she's the only Muslim member on the 2nd floor\"",
            "religion of a named member",
        ),
        (
            ["person_name", "financial"],
            "{name} in unit 4 is three months behind on the desk rent (£1,140 owed) and told me she's in an IVA after her business went under. How do I handle this kindly?",
            "debt/insolvency of a named member",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Year 9 tutor note: Mr {last}'s son came out as gay to his form tutor and asked that his dad NOT be told yet. How should staff record this, if at all?",
            "pupil's sexual orientation, parent named",
        ),
        (
            ["person_name", "trade_union"],
            "For the minutes: {name} (dispatch) is now the GMB rep for the warehouse and will attend the shift-pattern consultation.",
            "union membership of a named employee",
        ),
        (
            ["person_name", "health"],
            "Dental practice: Mrs {last} rang, she's 22 weeks pregnant and on sertraline, wants to know if the root canal can still go ahead next week.",
            "pregnancy and medication of a patient",
        ),
        (
            ["person_name", "health"],
            "my brother-in-law Niall has been sober 14 months now after rehab, he's asked if he can volunteer at the fire brigade fun day but not near the beer tent. how do i ask the organisers without outing him",
            "addiction recovery of a relative",
        ),
    ],
    "de": [
        (
            ["person_name", "health"],
            "Kurz für den Dienstplan: Bei Heikes Mann wurde letzte Woche Darmkrebs festgestellt, sie braucht die nächsten Donnerstage frei. Bitte nicht rumerzählen.",
            "Diagnose des Ehemanns einer Kollegin",
        ),
        (
            ["person_name", "health"],
            "Hallo Trainerin, hier {first} {last}. Ich hab seit Kurzem einen Herzschrittmacher und darf beim Intervalltraining nicht über 150 Puls. Können die Pacer das wissen?",
            "Herzschrittmacher eines Vereinsmitglieds",
        ),
        (
            ["person_name", "criminal_record"],
            "Bewerbung Hausmeister Grundschule: Im erweiterten Führungszeugnis von {name} steht eine Verurteilung wegen Betrugs von 2018. Wie gehen wir damit um?",
            "Vorstrafe eines Bewerbers",
        ),
        (
            ["person_name", "religion"],
            "Frau {last} aus der 3a hat gefragt, ob ihre Tochter während des Ramadan vom Schwimmunterricht befreit werden kann, die Familie fastet komplett.",
            "Religion einer Familie, Nachname",
        ),
        (
            ["person_name", "financial"],
            "{name} (Platz 12 im Coworking) ist seit drei Monaten mit der Miete im Rückstand, 870 €, und hat mir erzählt, dass sie in der Privatinsolvenz steckt. Wie spreche ich das an?",
            "Privatinsolvenz eines Mitglieds",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Notiz Vertrauenslehrerin: Der Sohn von Herrn {last} hat sich mir gegenüber als schwul geoutet und möchte nicht, dass der Vater es erfährt.",
            "sexuelle Orientierung eines Schülers, Vater benannt",
        ),
        (
            ["person_name", "trade_union"],
            "Fürs Protokoll: {name} aus dem Versand ist jetzt Vertrauensfrau der NGG und nimmt an der Besprechung zum Schichtplan teil.",
            "Gewerkschaftsmitgliedschaft",
        ),
        (
            ["person_name", "health"],
            "Zahnarztpraxis: Frau {last} hat angerufen, sie ist in der 20. SSW und nimmt Lithium, fragt ob die Wurzelbehandlung trotzdem stattfinden kann.",
            "Schwangerschaft und Medikation",
        ),
        (
            ["person_name", "health"],
            "mein schwager jens ist seit einem jahr trocken nach der entzugsklinik, er will beim feuerwehrfest helfen aber nicht am bierstand. wie sag ich das den orgas ohne ihn bloßzustellen",
            "Suchterkrankung eines Verwandten",
        ),
    ],
    "fr": [
        (
            ["person_name", "health"],
            "Pour le planning : le mari de Margot a fait un AVC dimanche, elle sera absente au moins deux semaines. Merci de garder ça pour vous.",
            "AVC du mari d'une collègue",
        ),
        (
            ["person_name", "health"],
            "Salut coach, c'est {first} {last}. On vient de me diagnostiquer une épilepsie, je n'ai plus le droit de courir seule sur les sorties trail. Tu peux prévenir les meneurs ?",
            "épilepsie d'une adhérente",
        ),
        (
            ["person_name", "criminal_record"],
            "Recrutement du gardien de l'école : l'extrait de casier judiciaire de {name} mentionne une condamnation pour violences en 2017. On en parle au conseil d'école ?",
            "casier judiciaire d'un candidat",
        ),
        (
            ["person_name", "religion"],
            "Mme {last} demande que son fils ne mange pas de porc à la cantine et qu'il soit dispensé le vendredi après-midi pour la prière, la famille est très pratiquante.",
            "pratique religieuse d'une famille",
        ),
        (
            ["person_name", "financial"],
            "{name}, au poste 7 du coworking, a trois mois d'impayés (960 €) et m'a dit qu'elle a un dossier de surendettement à la Banque de France. Comment aborder ça ?",
            "surendettement d'une membre",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Note de la CPE : le fils de M. {last} m'a confié être homosexuel et ne veut surtout pas que son père l'apprenne.",
            "orientation sexuelle d'un élève",
        ),
        (
            ["person_name", "trade_union"],
            "Pour le compte rendu : {name} (expédition) est désormais déléguée CGT et participera à la réunion sur les horaires.",
            "appartenance syndicale",
        ),
        (
            ["person_name", "health"],
            "Cabinet dentaire : Mme {last} a appelé, elle est enceinte de 5 mois et sous antidépresseurs, elle demande si la dévitalisation peut avoir lieu.",
            "grossesse et traitement d'une patiente",
        ),
        (
            ["person_name", "health"],
            "mon beau-frère Fabrice est abstinent depuis 14 mois après une cure, il veut aider à la fête des pompiers mais pas à la buvette. comment le dire aux organisateurs sans le griller",
            "dépendance d'un proche",
        ),
    ],
    "es": [
        (
            ["person_name", "health"],
            "Para el cuadrante: al marido de Puri le dio un ictus el domingo, estará de baja al menos dos semanas. Que no salga de aquí, porfa.",
            "ictus del marido de una compañera",
        ),
        (
            ["person_name", "health"],
            "Hola entrenadora, soy {first} {last}. Me acaban de diagnosticar una arritmia y el cardiólogo me prohíbe las series por encima de 160. ¿Se lo dices a las liebres?",
            "arritmia de una socia",
        ),
        (
            ["person_name", "criminal_record"],
            "Selección del conserje del colegio: en el certificado de antecedentes de {name} aparece una condena por robo con fuerza de 2016. ¿Qué hacemos?",
            "antecedentes penales de un candidato",
        ),
        (
            ["person_name", "religion"],
            "La señora {last} pide que su hija salga antes los viernes para ir a la sinagoga y que no le den comida no kosher en el comedor.",
            "religión de una familia",
        ),
        (
            ["person_name", "financial"],
            "{name}, puesto 9 del coworking, debe tres meses (840 €) y me ha contado que está en un concurso de acreedores por la ley de segunda oportunidad. ¿Cómo se lo planteo?",
            "insolvencia de una socia",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Nota de la orientadora: el hijo del señor {last} me ha contado que es bisexual y no quiere que su padre se entere todavía.",
            "orientación sexual de un alumno",
        ),
        (
            ["person_name", "trade_union"],
            "Para el acta: {name} (almacén) es ahora delegada de CCOO y estará en la reunión sobre turnos.",
            "afiliación sindical",
        ),
        (
            ["person_name", "health"],
            "Clínica dental: la señora {last} ha llamado, está embarazada de 21 semanas y toma antiepilépticos, pregunta si se puede hacer la endodoncia.",
            "embarazo y medicación de una paciente",
        ),
        (
            ["person_name", "health"],
            "mi cuñado Edu lleva un año sin beber después de Proyecto Hombre, quiere ayudar en la fiesta de los bomberos pero lejos de la barra. cómo se lo digo a la organización sin dejarle en evidencia",
            "adicción de un familiar",
        ),
    ],
}

NEG = {
    "en": [
        (
            "easy",
            "Summarise in two sentences: Sir Alex Ferguson, former Manchester United manager, was treated for a brain haemorrhage in May 2018 and later thanked the NHS staff at Salford Royal publicly.",
            "public figure's illness reported in the news",
        ),
        (
            "medium",
            "Our order confirmation emails show 'Order ORD-20260314-774120' and customers keep calling it their 'account number'. Suggest a clearer format for the order reference and explain why.",
            "order reference look-alike",
        ),
        (
            "hard",
            "Stripe's docs list 4000 0566 5566 5556 as a test Visa debit card. Design a CI check that fails the build if any non-test card number appears in our fixtures, handling the documented test ranges, grouping variants and false positives from order ids; argue why your approach won't block legitimate commits.",
            "documented test card number, declared",
        ),
        (
            "easy",
            "translate into French: The Natural History Museum, Cromwell Road, London SW7 5BD, is open daily 10:00–17:50; general admission is free.",
            "museum address and hours",
        ),
        (
            "medium",
            "In Jane Eyre, Mr Rochester hides his wife Bertha at Thornfield Hall. Write a short paragraph on how Brontë uses the house as a character.",
            "fictional characters",
        ),
        (
            "easy",
            "Convert these coordinates to degrees-minutes-seconds: 51.50135, -0.14189 (Buckingham Palace) and 53.34167, -6.26611.",
            "coordinates of landmarks",
        ),
        (
            "hard",
            "Here's a git log line: 'commit 9f2c4e7a1b03d58e6c2f9a0b7d41e3c58a6f2b19 (tag: v4.12.0-rc.3)'. Our naive secret scanner flags the hash as an API key. Propose detection logic that separates commit SHAs, UUIDs and real tokens, estimate false-positive rates for each rule, and show how you'd validate it without real secrets.",
            "commit hash and version flagged as secret",
        ),
        (
            "medium",
            "Write a friendly reminder for our test environment readme: the dummy customer 'Jane Doe, 123 Example Street, Springfield' and the phone 01632 960 123 are placeholders; nobody should ring them.",
            "declared placeholder customer, Ofcom drama range",
        ),
        (
            "easy",
            "fix the grammar: Florence Nightingale born 12 May 1820 in Florence and she reform the hospital sanitation during Crimean war.",
            "historical figure's birth date",
        ),
        (
            "hard",
            "The Citizens Advice helpline is 0800 144 8848 and Shelter's is 0808 800 4444. We're building a chatbot that hands users over to such services. Design the routing logic by topic and urgency, the fallback when lines are closed, and how you'd keep the number list current; weigh a static list against an API.",
            "public helplines",
        ),
        (
            "medium",
            "Tracking number 1Z 999 AA1 01 2345 6784 keeps showing 'exception'. What does that usually mean with UPS and what should the customer do?",
            "parcel tracking number (UPS documentation sample)",
        ),
        (
            "easy",
            "Rewrite this more formally: 'The Bank of England is at Threadneedle St, London EC2R 8AH, switchboard 020 3461 4444, pls send the FOI letter there'.",
            "institution's address and switchboard",
        ),
        (
            "hard",
            "Our product SKUs look like GB-7731-09-44 and collide with a UK phone regex. Propose a SKU format that cannot be mistaken for phone numbers, postcodes or IBANs, prove the non-overlap for each pattern, and plan the migration of 40k existing SKUs without breaking old links.",
            "SKU look-alike",
        ),
        (
            "medium",
            "Explain to a junior what 'ISBN 978-0-14-143951-8' encodes and how its check digit is computed.",
            "ISBN",
        ),
    ],
    "de": [
        (
            "easy",
            "Fasse in zwei Sätzen zusammen: Bundestagspräsidentin a. D. Rita Süssmuth wurde 1937 in Wuppertal geboren und setzte sich als Gesundheitsministerin in den 1980ern für AIDS-Aufklärung ein.",
            "Politikerin mit Geburtsjahr, öffentliche Person",
        ),
        (
            "medium",
            "Unsere Bestellbestätigung zeigt 'Bestellnr. 2026-0314-7741-20', Kunden halten das für ihre Kundennummer. Schlag ein klareres Format vor und begründe es.",
            "Bestellnummer als Doppelgänger",
        ),
        (
            "hard",
            "Die IBAN DE02 1203 0000 0000 2020 51 steht in vielen Tutorials als Beispiel. Entwirf einen Testdaten-Generator für unser Zahlungsmodul, der nur solche dokumentierten Beispiel-IBANs oder erkennbar ungültige Werte erzeugt, und begründe, wie du verhinderst, dass je echte Kontodaten in Fixtures landen.",
            "Beispiel-IBAN, als Beispiel deklariert",
        ),
        (
            "easy",
            "Übersetze ins Englische: Das Deutsche Museum, Museumsinsel 1, 80538 München, ist täglich von 9 bis 17 Uhr geöffnet.",
            "Museumsadresse",
        ),
        (
            "medium",
            "In Thomas Manns 'Buddenbrooks' wohnt die Familie in der Mengstraße in Lübeck. Schreib einen kurzen Absatz darüber, wie das Haus den Niedergang spiegelt.",
            "fiktive Familie mit Adresse",
        ),
        (
            "easy",
            "Rechne in Grad, Minuten, Sekunden um: 52.51628, 13.37770 (Brandenburger Tor).",
            "Koordinaten eines Wahrzeichens",
        ),
        (
            "hard",
            "Unser Secret-Scanner schlägt bei 'sha256:3b7f0c9e...' in Dockerfiles und bei Versionsnummern wie 2.14.0-rc.1 Alarm. Entwirf Regeln, die Digests, UUIDs und echte Tokens trennen, schätze die Fehlalarmrate je Regel und zeig, wie du sie ohne echte Geheimnisse validierst.",
            "Hashes und Versionen als falscher Alarm",
        ),
        (
            "medium",
            "Schreib einen freundlichen Hinweis fürs Testsystem: Der Dummy-Kunde 'Max Mustermann, Musterstraße 1, 12345 Musterstadt' ist ein Platzhalter und darf nicht angeschrieben werden.",
            "deklarierter Platzhalter",
        ),
        (
            "easy",
            "korrigier mal die gross- und kleinschreibung: clara schumann kam am 13. september 1819 in leipzig zur welt und galt als eine der besten pianistinnen europas.",
            "historische Person mit Geburtsdatum",
        ),
        (
            "hard",
            "Die Telefonseelsorge (0800 111 0 111) und das Hilfetelefon Gewalt gegen Frauen (116 016) sollen in unserem Chatbot vermittelt werden. Entwirf Routing nach Thema und Dringlichkeit, Verhalten außerhalb der Zeiten und wie die Liste aktuell bleibt; wäge statische Liste gegen API ab.",
            "öffentliche Hilfetelefone",
        ),
        (
            "medium",
            "Sendungsnummer 00340434161094042557 bei DHL steht seit drei Tagen auf 'in Zustellung'. Was bedeutet das meistens und was soll der Kunde tun?",
            "Sendungsnummer",
        ),
        (
            "easy",
            "Formuliere förmlicher: 'Die Deutsche Bundesbank sitzt Wilhelm-Epstein-Straße 14, 60431 Frankfurt, Zentrale 069 95660, schickt den IFG-Antrag dahin'.",
            "Adresse und Zentrale einer Behörde",
        ),
        (
            "hard",
            "Unsere Artikelnummern wie DE-4471-20-88 kollidieren mit einer Telefonnummern-Regex. Entwirf ein Format, das nicht mit Telefonnummern, PLZ oder IBAN verwechselt werden kann, begründe die Überschneidungsfreiheit je Muster und plane die Migration von 40.000 Altnummern.",
            "Artikelnummer als Doppelgänger",
        ),
        (
            "medium",
            "Erklär einem Azubi, was in 'ISBN 978-3-596-29432-0' steckt und wie die Prüfziffer berechnet wird.",
            "ISBN",
        ),
    ],
    "fr": [
        (
            "easy",
            "Résume en deux phrases : Jacques Chirac, ancien président, a été victime d'un AVC en 2005 et a été hospitalisé au Val-de-Grâce, selon la presse de l'époque.",
            "maladie d'une personnalité publique",
        ),
        (
            "medium",
            "Nos mails de confirmation affichent « Commande n° CMD-20260314-774120 » et les clients croient que c'est leur numéro client. Propose un format plus clair et explique pourquoi.",
            "numéro de commande",
        ),
        (
            "hard",
            "La carte de test 5555 5555 5555 4444 figure dans la doc de plusieurs prestataires de paiement. Conçois un contrôle CI qui bloque toute carte non-test dans nos fixtures, gère les plages de test documentées, les variantes de groupement et les faux positifs sur les numéros de commande, et justifie pourquoi il ne bloquera pas de commits légitimes.",
            "carte de test documentée, déclarée",
        ),
        (
            "easy",
            "Traduis en espagnol : Le musée d'Orsay, 1 rue de la Légion d'Honneur, 75007 Paris, est ouvert du mardi au dimanche de 9 h 30 à 18 h.",
            "adresse d'un musée",
        ),
        (
            "medium",
            "Dans « Le Père Goriot », la pension Vauquer se trouve rue Neuve-Sainte-Geneviève. Écris un paragraphe sur la façon dont Balzac en fait un personnage.",
            "personnages de fiction",
        ),
        (
            "easy",
            "Convertis en degrés-minutes-secondes : 48.85837, 2.29448 (tour Eiffel).",
            "coordonnées d'un monument",
        ),
        (
            "hard",
            "Notre scanner de secrets signale les UUID comme « 3f2a9c1e-7b44-4d0a-9e51-c2d8f6a0b317 » et les hash de commit comme des clés d'API. Propose des règles qui séparent identifiants techniques et vrais jetons, estime le taux de faux positifs par règle et explique comment valider sans vrais secrets.",
            "UUID et hash signalés à tort",
        ),
        (
            "medium",
            "Rédige un rappel pour le README de l'environnement de test : le client fictif « Jean Dupont, 1 rue de l'Exemple, 75000 Paris » est un exemple et ne doit jamais être contacté.",
            "personne fictive déclarée",
        ),
        (
            "easy",
            "Corrige : Victor Hugo est né le 26 fevrier 1802 a Besançon et il a écrit les misérables pendant son exile a Guernesey.",
            "personnage historique avec date de naissance",
        ),
        (
            "hard",
            "SOS Amitié et le 3919 (violences femmes info) doivent être proposés par notre chatbot. Conçois le routage par thème et urgence, le comportement hors horaires et la mise à jour de la liste ; compare liste statique et API.",
            "lignes d'écoute publiques",
        ),
        (
            "medium",
            "Le numéro de suivi Colissimo 6A12345678901 reste sur « en cours d'acheminement » depuis une semaine. Qu'est-ce que ça veut dire et que doit faire le client ?",
            "numéro de suivi",
        ),
        (
            "easy",
            "Reformule plus poliment : « La CNIL, 3 place de Fontenoy, 75007 Paris, standard 01 53 73 22 22, envoyez la plainte là-bas ».",
            "adresse et standard d'une autorité",
        ),
        (
            "hard",
            "Nos références produit du type FR-3318-07-62 sont prises pour des numéros de téléphone par une regex. Propose un format sans collision possible avec téléphones, codes postaux ou IBAN, démontre l'absence de chevauchement motif par motif et planifie la migration de 40 000 références.",
            "référence produit",
        ),
        (
            "medium",
            "Explique à un stagiaire ce que contient « ISBN 978-2-07-036024-5 » et comment on calcule la clé.",
            "ISBN",
        ),
    ],
    "es": [
        (
            "easy",
            "Resume en dos frases: el rey emérito Juan Carlos I fue operado de la cadera en 2012 tras su viaje a Botsuana, según la Casa Real.",
            "operación de un personaje público",
        ),
        (
            "medium",
            "Los correos de confirmación muestran «Pedido PED-20260314-774120» y los clientes creen que es su número de cliente. Propón un formato más claro y explica por qué.",
            "número de pedido",
        ),
        (
            "hard",
            "El DNI de ejemplo 12345678Z aparece en muchos tutoriales como dato de prueba. Diseña un generador de datos de test para el módulo de altas que solo produzca identificadores de ejemplo documentados o inválidos a propósito, y razona cómo garantizas que nunca se cuele un DNI real en los fixtures.",
            "DNI de ejemplo declarado",
        ),
        (
            "easy",
            "Traduce al alemán: El Museo del Prado, Paseo del Prado s/n, 28014 Madrid, abre de lunes a sábado de 10 a 20 h.",
            "dirección de un museo",
        ),
        (
            "medium",
            "En «La Regenta», Ana Ozores vive en Vetusta. Escribe un párrafo sobre cómo Clarín usa la ciudad para retratarla.",
            "personaje de ficción",
        ),
        (
            "easy",
            "Pasa a grados, minutos y segundos: 41.40363, 2.17436 (Sagrada Família).",
            "coordenadas de un monumento",
        ),
        (
            "hard",
            "Nuestro escáner de secretos marca como claves los hashes de commit tipo 'a91f0c3e7d2b4f6a8c0e1d3b5f7a9c2e4d6b8f01' y las versiones 3.8.0-beta.2. Propón reglas que distingan identificadores técnicos de tokens reales, estima falsos positivos por regla y explica cómo validarlas sin secretos reales.",
            "hash y versión marcados por error",
        ),
        (
            "medium",
            "Escribe un aviso para el README del entorno de pruebas: el cliente ficticio «Fulano de Tal, Calle Falsa 123» es un ejemplo y no se le debe escribir nunca.",
            "cliente ficticio declarado",
        ),
        (
            "easy",
            "Corrige: Miguel de cervantes nacio en Alcalá de Henares en 1547 y perdio la movilidad de la mano izquierda en lepanto.",
            "personaje histórico con lesión",
        ),
        (
            "hard",
            "El teléfono de la esperanza (717 003 717) y el 016 deben aparecer en nuestro chatbot. Diseña el enrutado por tema y urgencia, qué pasa fuera de horario y cómo mantener la lista al día; compara lista estática frente a API.",
            "teléfonos públicos de ayuda",
        ),
        (
            "medium",
            "El localizador de Correos PQ4F6P0703673180128013L lleva días en «en tránsito». ¿Qué suele significar y qué debe hacer el cliente?",
            "número de seguimiento",
        ),
        (
            "easy",
            "Reescríbelo más formal: 'La AEPD está en C/ Jorge Juan 6, 28001 Madrid, centralita 901 100 099, mandad la reclamación allí'.",
            "dirección de una autoridad",
        ),
        (
            "hard",
            "Nuestras referencias de producto tipo ES-6620-11-37 chocan con una regex de teléfonos. Propón un formato que no se confunda con teléfonos, códigos postales o IBAN, demuestra la no coincidencia patrón a patrón y planifica migrar 40.000 referencias.",
            "referencia de producto",
        ),
        (
            "medium",
            "Explícale a un becario qué codifica «ISBN 978-84-376-0494-7» y cómo se calcula el dígito de control.",
            "ISBN",
        ),
    ],
}

CLEAN = {
    "en": [
        (
            "easy",
            "what's the difference between affect and effect, one example each",
            "grammar lookup",
        ),
        (
            "easy",
            "Turn this into a numbered list: preheat oven 200C, mix flour and butter, add cold water, chill 30 min, roll out, bake 25 min",
            "reformat recipe",
        ),
        (
            "medium",
            "Write a short post for our running club's page announcing the new Wednesday beginners' group, friendly tone, under 100 words.",
            "short announcement",
        ),
        (
            "hard",
            "We run a small webshop on a single Postgres instance. Orders spike 20x on Black Friday. Compare read replicas, a queue in front of checkout, and moving sessions to Redis: cost, failure modes, and what you'd do with a £300/month budget. Show your reasoning.",
            "capacity planning with constraints",
        ),
        (
            "easy",
            "Translate to German: 'The meeting is moved to Thursday at 3pm, same room.'",
            "translation",
        ),
        ("medium", "explain to a 10 year old why the sky is blue", "explanation"),
        (
            "hard",
            "Prove that the sum of the first n odd numbers is n², then generalise: what's the sum of the first n numbers congruent to 1 mod k? Give a proof.",
            "proof",
        ),
        (
            "easy",
            "Shorten this sentence: 'Due to the fact that the weather conditions are currently not favourable, the outdoor event has been postponed until a later date.'",
            "shortening",
        ),
        (
            "medium",
            "What are three common causes of a dishwasher not draining, and how do I check each?",
            "practical troubleshooting",
        ),
        (
            "hard",
            "Design a fair rota for 9 volunteers covering 3 shifts a day for 14 days, where no one works two consecutive shifts, everyone gets at least 2 weekend shifts, and two people can't do mornings. Explain the algorithm and show it satisfies every constraint.",
            "constraint scheduling",
        ),
        ("easy", "Is 'data' singular or plural in British English?", "usage lookup"),
        (
            "medium",
            "Write a Python function that merges two sorted lists without using sort().",
            "small coding task",
        ),
        (
            "hard",
            "Our bakery wants to cut waste. Daily demand for sourdough is roughly normal, mean 80, sd 15; a loaf costs £1.20 to make and sells at £4; unsold loaves go to a food bank. Derive the order quantity that maximises expected profit and discuss how a 10 % chance of a market day changes it.",
            "newsvendor optimisation",
        ),
        (
            "medium",
            "Suggest five names for a coworking space in an old print works, with a line on each.",
            "creative naming",
        ),
    ],
    "de": [
        (
            "easy",
            "Was ist der Unterschied zwischen 'seit' und 'seid'? Je ein Beispiel.",
            "Grammatikfrage",
        ),
        (
            "easy",
            "Mach daraus eine nummerierte Liste: Ofen auf 200 Grad, Mehl und Butter verkneten, kaltes Wasser dazu, 30 Minuten kühlen, ausrollen, 25 Minuten backen",
            "Rezept umformatieren",
        ),
        (
            "medium",
            "Schreib einen kurzen Post für die Vereinsseite: neue Anfängergruppe mittwochs, locker im Ton, unter 100 Wörtern.",
            "kurze Ankündigung",
        ),
        (
            "hard",
            "Unser kleiner Onlineshop läuft auf einer einzigen Postgres-Instanz, am Black Friday 20-fache Last. Vergleiche Read-Replicas, eine Queue vor dem Checkout und Sessions in Redis: Kosten, Fehlerbilder und was du mit 300 € im Monat machen würdest. Begründe Schritt für Schritt.",
            "Kapazitätsplanung",
        ),
        (
            "easy",
            "Übersetz ins Französische: 'Das Treffen ist auf Donnerstag 15 Uhr verschoben, gleicher Raum.'",
            "Übersetzung",
        ),
        ("medium", "Erklär einem Zehnjährigen, warum der Himmel blau ist.", "Erklärung"),
        (
            "hard",
            "Beweise, dass die Summe der ersten n ungeraden Zahlen n² ist, und verallgemeinere: Summe der ersten n Zahlen ≡ 1 mod k? Mit Beweis.",
            "Beweis",
        ),
        (
            "easy",
            "Kürz den Satz: 'Aufgrund der Tatsache, dass die Wetterbedingungen derzeit ungünstig sind, wurde die Veranstaltung im Freien auf einen späteren Zeitpunkt verschoben.'",
            "Kürzen",
        ),
        (
            "medium",
            "Drei häufige Gründe, warum die Spülmaschine nicht abpumpt, und wie ich sie prüfe?",
            "Fehlersuche",
        ),
        (
            "hard",
            "Entwirf einen fairen Dienstplan für 9 Ehrenamtliche, 3 Schichten täglich, 14 Tage, keine zwei Schichten hintereinander, jeder mindestens 2 Wochenendschichten, zwei Leute nie morgens. Erklär den Algorithmus und zeig, dass alle Bedingungen erfüllt sind.",
            "Dienstplan mit Nebenbedingungen",
        ),
        ("easy", "Heißt es 'der' oder 'das' Joghurt?", "Sprachfrage"),
        (
            "medium",
            "Schreib eine Python-Funktion, die zwei sortierte Listen ohne sort() zusammenführt.",
            "kleine Programmieraufgabe",
        ),
        (
            "hard",
            "Unsere Bäckerei will weniger wegwerfen. Nachfrage nach Sauerteigbrot etwa normalverteilt, Mittel 80, Std.-Abw. 15; Herstellung 1,20 €, Verkauf 4 €, Reste gehen an die Tafel. Leite die gewinnoptimale Backmenge her und diskutiere, wie ein Markttag mit 10 % Wahrscheinlichkeit sie verändert.",
            "Optimierung",
        ),
        (
            "medium",
            "Fünf Namensideen für einen Coworking-Space in einer alten Druckerei, je mit einem Satz.",
            "Namensideen",
        ),
    ],
    "fr": [
        (
            "easy",
            "Quelle différence entre « davantage » et « d'avantage » ? Un exemple chacun.",
            "question de langue",
        ),
        (
            "easy",
            "Mets en liste numérotée : four à 200 °C, mélanger farine et beurre, ajouter l'eau froide, 30 min au frais, étaler, cuire 25 min",
            "reformatage de recette",
        ),
        (
            "medium",
            "Écris un petit post pour la page du club : nouveau groupe débutants le mercredi, ton sympa, moins de 100 mots.",
            "annonce courte",
        ),
        (
            "hard",
            "Notre petite boutique en ligne tourne sur une seule instance Postgres ; le Black Friday multiplie la charge par 20. Compare réplicas en lecture, file d'attente devant le paiement et sessions dans Redis : coûts, modes de panne, et ce que tu ferais avec 300 € par mois. Raisonne étape par étape.",
            "dimensionnement",
        ),
        (
            "easy",
            "Traduis en allemand : « La réunion est déplacée à jeudi 15 h, même salle. »",
            "traduction",
        ),
        ("medium", "Explique à un enfant de 10 ans pourquoi le ciel est bleu.", "explication"),
        (
            "hard",
            "Démontre que la somme des n premiers nombres impairs vaut n², puis généralise aux n premiers entiers congrus à 1 modulo k, avec preuve.",
            "démonstration",
        ),
        (
            "easy",
            "Raccourcis : « En raison du fait que les conditions météorologiques ne sont actuellement pas favorables, l'événement en plein air a été reporté à une date ultérieure. »",
            "raccourcir",
        ),
        (
            "medium",
            "Trois causes fréquentes d'un lave-vaisselle qui ne vidange pas, et comment vérifier chacune ?",
            "dépannage",
        ),
        (
            "hard",
            "Conçois un planning équitable pour 9 bénévoles, 3 créneaux par jour sur 14 jours, jamais deux créneaux d'affilée, au moins 2 créneaux de week-end chacun, deux personnes jamais le matin. Explique l'algorithme et montre que toutes les contraintes sont respectées.",
            "planning sous contraintes",
        ),
        ("easy", "On écrit « quelque temps » ou « quelques temps » ?", "orthographe"),
        (
            "medium",
            "Écris une fonction Python qui fusionne deux listes triées sans sort().",
            "petite tâche de code",
        ),
        (
            "hard",
            "Notre boulangerie veut réduire le gaspillage. Demande de pain au levain à peu près normale, moyenne 80, écart-type 15 ; coût 1,20 €, prix 4 €, invendus donnés. Dérive la quantité qui maximise le profit espéré et discute l'effet d'un jour de marché probable à 10 %.",
            "optimisation",
        ),
        (
            "medium",
            "Cinq idées de nom pour un coworking installé dans une ancienne imprimerie, avec une phrase pour chacune.",
            "noms créatifs",
        ),
    ],
    "es": [
        ("easy", "¿Diferencia entre «sino» y «si no»? Un ejemplo de cada.", "duda de lengua"),
        (
            "easy",
            "Hazlo lista numerada: horno a 200 grados, mezclar harina y mantequilla, añadir agua fría, 30 min en la nevera, estirar, hornear 25 min",
            "reformatear receta",
        ),
        (
            "medium",
            "Escribe un post corto para la web del club: nuevo grupo de iniciación los miércoles, tono cercano, menos de 100 palabras.",
            "anuncio corto",
        ),
        (
            "hard",
            "Nuestra tienda online va sobre una única instancia de Postgres y en Black Friday la carga se multiplica por 20. Compara réplicas de lectura, una cola delante del pago y sesiones en Redis: coste, modos de fallo y qué harías con 300 € al mes. Razona paso a paso.",
            "planificación de capacidad",
        ),
        (
            "easy",
            "Traduce al francés: «La reunión pasa al jueves a las 15:00, misma sala.»",
            "traducción",
        ),
        ("medium", "Explícale a un niño de 10 años por qué el cielo es azul.", "explicación"),
        (
            "hard",
            "Demuestra que la suma de los n primeros impares es n² y generaliza a los n primeros enteros congruentes con 1 módulo k, con demostración.",
            "demostración",
        ),
        (
            "easy",
            "Acorta la frase: «Debido al hecho de que las condiciones meteorológicas no son actualmente favorables, el evento al aire libre se ha aplazado a una fecha posterior.»",
            "acortar",
        ),
        (
            "medium",
            "Tres causas habituales de que el lavavajillas no desagüe y cómo comprobar cada una.",
            "avería doméstica",
        ),
        (
            "hard",
            "Diseña un cuadrante justo para 9 voluntarios, 3 turnos diarios durante 14 días, sin dos turnos seguidos, al menos 2 turnos de fin de semana cada uno y dos personas nunca de mañana. Explica el algoritmo y demuestra que cumple todas las restricciones.",
            "cuadrante con restricciones",
        ),
        ("easy", "¿Se escribe «a ver» o «haber» en «vamos a ver»?", "ortografía"),
        (
            "medium",
            "Escribe una función en Python que mezcle dos listas ordenadas sin usar sort().",
            "tarea de código",
        ),
        (
            "hard",
            "Nuestra panadería quiere tirar menos. La demanda de pan de masa madre es más o menos normal, media 80, desviación 15; cuesta 1,20 € y se vende a 4 €, lo que sobra va a un comedor social. Deduce la cantidad que maximiza el beneficio esperado y comenta cómo cambia con un día de mercado con probabilidad del 10 %.",
            "optimización",
        ),
        (
            "medium",
            "Cinco nombres para un coworking en una antigua imprenta, con una frase cada uno.",
            "nombres creativos",
        ),
    ],
}

LONG_TASK = {
    "en": (
        "Summarise this ticket export: how many tickets per queue, and which subjects come up most. Keep it short.",
        "Here's our club chat from the last months. Make a list of every session that got moved or cancelled, one line each.",
        "This is a day of backend logs before the checkout outage. Work out the most likely causal chain from the log alone, state which lines support or contradict each hypothesis, propose two experiments that would separate them, and say what you'd change first under a one-week freeze.",
    ),
    "de": (
        "Fass diesen Ticket-Export zusammen: wie viele Tickets je Queue und welche Betreffs am häufigsten. Kurz bitte.",
        "Das ist unser Vereinschat der letzten Monate. Liste jede Einheit auf, die verschoben oder abgesagt wurde, eine Zeile pro Eintrag.",
        "Das sind die Backend-Logs eines Tages vor dem Checkout-Ausfall. Leite aus dem Log allein die wahrscheinlichste Ursachenkette her, nenne die Zeilen, die jede Hypothese stützen oder widerlegen, schlag zwei Experimente vor, die sie trennen, und sag, was du bei einer Woche Änderungsstopp zuerst ändern würdest.",
    ),
    "fr": (
        "Résume cet export de tickets : nombre de tickets par file et sujets les plus fréquents. Court, svp.",
        "Voici le chat du club des derniers mois. Liste chaque séance déplacée ou annulée, une ligne par séance.",
        "Voici une journée de logs backend avant la panne du paiement. Déduis du log seul la chaîne causale la plus probable, cite les lignes qui appuient ou contredisent chaque hypothèse, propose deux expériences pour les départager et dis ce que tu changerais d'abord avec une semaine de gel des déploiements.",
    ),
    "es": (
        "Resume esta exportación de tickets: cuántos hay por cola y qué asuntos se repiten más. Breve.",
        "Este es el chat del club de los últimos meses. Haz una lista de cada sesión que se movió o canceló, una línea por sesión.",
        "Esto es un día de logs del backend antes de la caída del pago. Deduce solo del log la cadena causal más probable, indica qué líneas apoyan o contradicen cada hipótesis, propone dos experimentos que las distingan y di qué cambiarías primero con una semana de congelación.",
    ),
}
LONG_HEAD = {
    "en": (
        "Ticket export (helpdesk, CSV with ';'), pasted raw:",
        "WhatsApp export – Riverside Striders",
        "backend.log (excerpt, one day)",
    ),
    "de": (
        "Ticket-Export (Helpdesk, CSV mit ';'), roh eingefügt:",
        "WhatsApp-Export – Laufgruppe Elbufer",
        "backend.log (Auszug, ein Tag)",
    ),
    "fr": (
        "Export de tickets (helpdesk, CSV ';'), collé brut :",
        "Export WhatsApp – Les Foulées du Canal",
        "backend.log (extrait, une journée)",
    ),
    "es": (
        "Exportación de tickets (helpdesk, CSV con ';'), tal cual:",
        "Exportación de WhatsApp – Corredores del Parque",
        "backend.log (extracto, un día)",
    ),
}
LONG_MID = {
    "en": (
        "TCK-PRIV;escalated;refund;customer={name};iban={iban_gb};dob={dob_en};phone={tel_gb0};email={email};note=wants refund to this account, card cancelled",
        "[14.03., 21:47] Coach Ray: heads up, {first} {last} won't run for a while – she had a miscarriage last week and is on sick leave, she asked me to tell you so nobody asks. be kind x",
        '{{"level":"INFO","svc":"contact-page","msg":"rendered","org":"Harbourline Retail Ltd","address":"Unit 5, Riverside Trading Estate, Leeds LS11 5DX","switchboard":"0113 496 0000","companies_house":"09876543"}}',
    ),
    "de": (
        "TCK-PRIV;eskaliert;Erstattung;kunde={name};iban={iban_de};geb={dob};tel={tel_de0};mail={email};notiz=Erstattung bitte auf dieses Konto",
        "[14.03., 21:47] Trainerin Gesa: Info, {first} {last} pausiert eine Weile – sie hat eine Chemotherapie begonnen (Brustkrebs) und hat mich gebeten, euch Bescheid zu geben, damit keiner nachfragt.",
        '{{"level":"INFO","svc":"impressum","msg":"rendered","firma":"Elbkontor Handels GmbH","anschrift":"Am Sandtorkai 41, 20457 Hamburg","zentrale":"040 3890 0","hrb":"HRB 123456"}}',
    ),
    "fr": (
        "TCK-PRIV;escaladé;remboursement;client={name};iban={iban_fr};né={dob};tél={tel_fr0};mail={email};note=rembourser sur ce compte",
        "[14.03., 21:47] Coach Maëlle : petite info, {first} {last} ne courra pas pendant un moment – elle est hospitalisée pour une dépression sévère, elle m'a demandé de vous prévenir pour que personne ne pose de questions.",
        '{{"level":"INFO","svc":"mentions-legales","msg":"rendered","societe":"Comptoir Ligérien SAS","adresse":"14 quai de la Fosse, 44000 Nantes","standard":"02 40 00 00 00","rcs":"RCS Nantes 812 345 678"}}',
    ),
    "es": (
        "TCK-PRIV;escalado;reembolso;cliente={name};iban={iban_es};nac={dob};tel={tel_es2};email={email};nota=reembolsar en esta cuenta",
        "[14.03., 21:47] Entrenadora Nerea: aviso, {first} {last} va a parar una temporada – le han diagnosticado esclerosis múltiple y me ha pedido que os lo diga para que nadie pregunte.",
        '{{"level":"INFO","svc":"aviso-legal","msg":"rendered","empresa":"Ultramarinos del Turia S.L.","domicilio":"C/ de Colón 32, 46004 Valencia","centralita":"963 00 00 00","cif":"B-98765432"}}',
    ),
}
LONG_KINDS = (["person_name", "iban", "date_of_birth", "phone", "email"], ["person_name", "health"])


# per template: the gender its wording needs (F, M) or '.' for either
FOREIGN = {
    "g": ("F", [("Friederike", "Asmussen"), ("Kerstin", "Ottersbach")]),
    "n": ("M", [("Joost", "van der Heijden")]),
    "w": ("F", [("Seraina", "Caduff")]),
    "f": ("F", [("Margaux", "Villeneuve"), ("Odile", "Charpentier")]),
    "s": ("F", [("Begoña", "Azpiroz")]),
    "i": ("F", [("Chiara", "Lombardini")]),
}
GENDER = {
    "STRUCT": {
        "en": "F.......Fgn.",
        "de": "F..M.F.FMwFf",
        "fr": "F......MMgs.",
        "es": "FFM.F...MMif",
    },
    "FREE": {"en": "...FFM.F.", "de": "...FFMFF.", "fr": ".F.FFMFF.", "es": "...F.MFF."},
    "LONG": {"en": ".F", "de": ".F", "fr": ".F", "es": ".."},
}


def _pick(lang: str, used: dict[str, int], g: str) -> tuple[str, str, bool | None]:
    """Next name for code g: 'F', 'M', '.' (either; the pools alternate F, M) or a FOREIGN code."""
    if g in FOREIGN:
        sex, pool = FOREIGN[g]
        k = used.get(g, 0)
        used[g] = k + 1
        return (*pool[k % len(pool)], None if sex == "." else sex == "F")
    if g == ".":
        g = "F" if used["F"] <= used["M"] else "M"
    pool = NAMES[lang][0 if g == "F" else 1 :: 2]
    k = used[g]
    used[g] += 1
    return (*pool[k % len(pool)], g == "F")


def _slots(r: random.Random, lang: str, used: dict[str, int], g: str = ".") -> dict[str, str]:
    first, last, female = _pick(lang, used, g)
    d = kit_kl.slots(r, first, last, lang, DOMAINS[lang], female)
    d["addr"] = r.choice(ADDR[lang])
    ahv = kit_kl.kit.digits(r, 9)
    body = "756" + ahv
    chk = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    d["ahv_mid"] = f"{ahv[:4]}.{ahv[4:8]}.{ahv[8]}{chk}"
    return d


def long_docs(r: random.Random, lang: str, used: dict[str, int]) -> list[dict]:
    heads, tasks, mids = LONG_HEAD[lang], LONG_TASK[lang], LONG_MID[lang]
    d = _slots(r, lang, used, GENDER["LONG"][lang][0])
    n1, n2, n3 = r.randint(45, 95), r.randint(130, 230), r.randint(38, 80)
    mid1 = mids[0].format(**d)
    doc1 = filler_kl.wrap(heads[0], filler_kl.k_tickets(r, lang, n1), mid1, "--- end of export ---")
    d2 = _slots(r, lang, used, GENDER["LONG"][lang][1])
    mid2 = mids[1].format(**d2)
    doc2 = filler_kl.wrap(heads[1], filler_kl.k_chat(r, lang, n2), mid2, "— end —")
    mid3 = mids[2].format()
    doc3 = filler_kl.wrap(heads[2], filler_kl.k_applog(r, n3), mid3, "[truncated]")
    return [
        item(
            "structured_id",
            LONG_KINDS[0],
            f"{doc1}\n\n{tasks[0]}",
            "helpdesk ticket export with one customer's bank and contact data",
            "easy",
            True,
            mid1,
        ),
        item(
            "free_text_pii",
            LONG_KINDS[1],
            f"{tasks[1]}\n\n{doc2}",
            "club chat export; one message states a named member's health",
            "easy",
            True,
            mid2,
        ),
        item(
            "hard_negative",
            [],
            f"{doc3}\n\n{tasks[2]}",
            "shop backend log: order ids, hashes, versions; the middle line is a company's legal-notice address and switchboard",
            "hard",
            True,
            mid3,
        ),
    ]


def items(r: random.Random, lang: str) -> list[dict]:
    used = {"F": 0, "M": 0}
    out = []
    for (kinds, tpl, note), g in zip(STRUCT[lang], GENDER["STRUCT"][lang], strict=True):
        out.append(item("structured_id", kinds, kit_kl.fill(tpl, _slots(r, lang, used, g)), note))
    for (kinds, tpl, note), g in zip(FREE[lang], GENDER["FREE"][lang], strict=True):
        out.append(item("free_text_pii", kinds, kit_kl.fill(tpl, _slots(r, lang, used, g)), note))
    for cx, text, note in NEG[lang]:
        out.append(item("hard_negative", [], text, note, cx))
    for cx, text, note in CLEAN[lang]:
        out.append(item("clean", [], text, note, cx))
    out += long_docs(r, lang, used)
    return out
