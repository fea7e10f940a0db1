# ruff: noqa: RUF001  (prompt text keeps the dashes and quotes real users type)
"""Set L: names, contexts, negatives, clean prompts, appended task pools and long documents.

Registers of L: letting agents and tenants, a legal-aid clinic, a travel and visa desk, a
university admissions office, a choir, car sharing, an insurer's claims desk, telehealth, a
hotel front desk and a DevOps team; machine formats (YAML, SQL, JSON, .env, XML, e-mail
headers). Long documents: a CI pipeline log (structured), an owners' association's minutes
(free text), a city's sensor telemetry CSV (negative).
"""

import random

import filler_kl
import kit_kl
from kit_kl import item

NAMES = {
    "en": [
        ("Ottilie", "Brannagh"),
        ("Lucan", "Featherstonehaugh"),
        ("Zainab", "Okonjo-Wells"),
        ("Crispin", "Maddox"),
        ("Niamh", "Breathnach"),
        ("Efe", "Adeyemi-Holt"),
        ("Rosalind", "Quennell"),
        ("Hamish", "Drummond-Ure"),
        ("Soraya", "Lindqvist"),
        ("Thaddeus", "Pryce"),
        ("Bethan", "Llewellyn-Jones"),
        ("Idris", "Kanu"),
        ("Clementine", "Ashby"),
        ("Fergus", "McAteer"),
        ("Anouk", "Verhoeven-Platt"),
        ("Lachlan", "Sedgwick"),
        ("Perpetua", "Mensah"),
        ("Dorian", "Halloran"),
        ("Wren", "Fairbairn"),
        ("Aurelio", "Bianchi-Moss"),
        ("Isolde", "Carrick"),
        ("Kofi", "Ampofo"),
        ("Maren", "Tolliver"),
        ("Ignatius", "Crabbe"),
    ],
    "de": [
        ("Theda", "Harms"),
        ("Konstantin", "Wolkenstein"),
        ("Ulrike", "Pfannenstiel"),
        ("Jaroslav", "Nowotny"),
        ("Hedwig", "Brügge"),
        ("Mirko", "Sandrock"),
        ("Fenja", "Ahlers"),
        ("Gernot", "Trübswetter"),
        ("Aylin", "Karagöz"),
        ("Wendelin", "Auer"),
        ("Roswitha", "Kämmerer"),
        ("Piet", "Janssen-Ubbens"),
        ("Tabea", "Rosenkranz"),
        ("Eckhard", "Zimmerling"),
        ("Lioba", "Stegemann"),
        ("Ansgar", "Wendt"),
        ("Xenia", "Paprotny"),
        ("Detlef", "Schwarzkopf-Ihle"),
        ("Magdalena", "Eichinger"),
        ("Tjark", "Hinrichsen"),
        ("Irmgard", "Bechtold"),
        ("Yusuf", "Çelik-Brandt"),
        ("Sontje", "Meiners"),
        ("Leopold", "Grubinger"),
    ],
    "fr": [
        ("Bertille", "Fauconnier"),
        ("Évariste", "Champollion-Rey"),
        ("Ondine", "Larrieu"),
        ("Mehdi", "Aït-Ouarab"),
        ("Guenièvre", "Pasquier"),
        ("Tristan", "Lecoq"),
        ("Faustine", "Drouard"),
        ("Baptiste", "Ollivier"),
        ("Aïcha", "Sy-Moreau"),
        ("Honoré", "Castaing"),
        ("Oriane", "Le Bihan"),
        ("Marius", "Estrade"),
        ("Violette", "Paturel"),
        ("Killian", "Roussel"),
        ("Zélie", "Marchetti"),
        ("Augustin", "Blondeau"),
        ("Lou", "Vasseur"),
        ("Émeric", "Guillou"),
        ("Pauline", "Daguerre"),
        ("Firmin", "Lachaud"),
        ("Sidonie", "Ferrand"),
        ("Youssef", "Benamar"),
        ("Esther", "Goujon"),
        ("Cyprien", "Malaterre"),
    ],
    "es": [
        ("Amparo", "Escudero"),
        ("Leandro", "Villaverde"),
        ("Ximena", "Caballero Ruiz"),
        ("Ginés", "Palazón"),
        ("Remedios", "Uriarte"),
        ("Ulises", "Carmona"),
        ("Begoña", "Etxeberria"),
        ("Fidel", "Navarrete"),
        ("Inmaculada", "Sotomayor"),
        ("Jacobo", "Larrañaga"),
        ("Marta", "Cifuentes Bello"),
        ("Oriol", "Puigdomènech"),
        ("Soledad", "Montilla"),
        ("Valentín", "Ezquerra"),
        ("Yaiza", "Betancort"),
        ("Baltasar", "Cordero"),
        ("Noelia", "Arcos"),
        ("Eusebio", "Manrique"),
        ("Paloma", "Iturbe"),
        ("Rigoberto", "Salcedo"),
        ("Estíbaliz", "Ugarte"),
        ("Hugo", "Lamelas"),
        ("Ariadna", "Vilaseca"),
        ("Crisanto", "Moya"),
    ],
}
DOMAINS = {
    "en": ["icloud.com", "yahoo.co.uk", "hotmail.co.uk", "virginmedia.com", "zoho.eu"],
    "de": ["freenet.de", "arcor.de", "gmx.net", "online.de", "vodafonemail.de"],
    "fr": ["wanadoo.fr", "hotmail.fr", "bbox.fr", "neuf.fr", "yahoo.fr"],
    "es": ["outlook.es", "ono.com", "icloud.com", "protonmail.com", "terra.es"],
}
ADDR = {
    "en": [
        "Flat 2B, 17 Candlemakers Row, Edinburgh EH1 2QG",
        "9 Beeches Crescent, Kettering NN15 6RJ",
        "112 Abbeydale Road, Sheffield S7 1FF",
        "The Old Forge, Upper Slaughter, Cheltenham GL54 2JB",
        "Apt 5, 40 Clarence Quay, Belfast BT1 3JQ",
        "23 Pennywell Lane, Truro TR1 3EW",
    ],
    "de": [
        "Hopfengarten 19, 96047 Bamberg",
        "Deichstraße 8, 26721 Emden",
        "Am Sauerbrunnen 2, 65779 Kelkheim",
        "Wilhelminenstraße 44, 64283 Darmstadt",
        "Auf der Heide 17, 48431 Rheine",
        "Gartenfeldstraße 6b, 55118 Mainz",
    ],
    "fr": [
        "5 rue des Tanneurs, 67000 Strasbourg",
        "Résidence Les Mimosas, apt 14, 13008 Marseille",
        "18 allée Jean-Jaurès, 64200 Biarritz",
        "2 chemin du Moulin-Neuf, 87000 Limoges",
        "33 rue Saint-Malo, 35000 Rennes",
        "7 quai de Saône, 71100 Chalon-sur-Saône",
    ],
    "es": [
        "C/ Real 112, 1º A, 15401 Ferrol",
        "Av. Andalucía 9, 29002 Málaga",
        "C/ Mayor 3, bajo, 31001 Pamplona",
        "Carrer de Sant Pere 27, 17004 Girona",
        "Travesía de Vigo 58, 36206 Vigo",
        "C/ Arrieta 12, 5º dcha, 01005 Vitoria-Gasteiz",
    ],
}

TASKS = {
    "en": {
        "easy": [
            "tl;dr in one line please",
            "Put this into a two-column table (field | value).",
            "Translate to French.",
            "Correct the spelling only, don't rephrase anything.",
        ],
        "medium": [
            "Write a short acknowledgement to the sender saying what happens next.",
            "Is anything in here urgent? Explain in a few lines.",
            "Draft the follow-up message to the person this is about.",
            "Explain in plain words what this document is and what it is used for.",
        ],
        "hard": [
            "Design an access model (roles, which fields each role sees, audit trail) for a system that holds records like this. Justify each decision against data minimisation, and walk through two attack paths your design blocks and one it doesn't.",
            "Decide step by step whether a DPIA is required for processing records like this at scale: apply the EDPB criteria one by one, say where reasonable people would disagree, and conclude with what must be documented.",
            "Evaluate three ways to store documents like this (encrypted object store, field-level encryption in Postgres, a secrets vault) under these constraints: EUR 200/month, EU-only hosting, 99.9 % availability, two engineers. Pick one and defend it against the other two.",
            "Write a redaction procedure for text like this that a script could run, argue that it removes every identifier type present here, and analyse what it would miss in German, French and Spanish input.",
        ],
    },
    "de": {
        "easy": [
            "In einem Satz, bitte.",
            "Mach daraus eine Tabelle mit zwei Spalten (Feld | Wert).",
            "Ins Französische übersetzen.",
            "Nur Tippfehler korrigieren, sonst nichts ändern.",
        ],
        "medium": [
            "Schreib eine kurze Eingangsbestätigung an den Absender mit den nächsten Schritten.",
            "Ist hier etwas dringend? Begründe in ein paar Zeilen.",
            "Entwirf die Rückmeldung an die betroffene Person.",
            "Erklär in einfachen Worten, was das für ein Dokument ist und wofür man es braucht.",
        ],
        "hard": [
            "Entwirf ein Berechtigungsmodell (Rollen, welche Felder jede Rolle sieht, Protokollierung) für ein System mit solchen Datensätzen. Begründe jede Entscheidung mit Datenminimierung und zeig zwei Angriffswege, die dein Entwurf verhindert, und einen, den er nicht verhindert.",
            "Kläre der Reihe nach, ob für die Verarbeitung solcher Datensätze in großem Umfang eine Datenschutz-Folgenabschätzung nötig ist: Kriterien des EDSA einzeln anwenden, strittige Punkte benennen, Ergebnis und Dokumentationspflichten ableiten.",
            "Bewerte drei Speicherarten für solche Dokumente (verschlüsselter Objektspeicher, Feldverschlüsselung in Postgres, Secrets-Vault) unter diesen Vorgaben: 200 € im Monat, Hosting nur in der EU, 99,9 % Verfügbarkeit, zwei Leute im Team. Wähle eine und verteidige sie gegen die anderen beiden.",
            "Schreib ein Schwärzungsverfahren für solche Texte, das ein Skript ausführen kann, begründe, dass es jede hier vorkommende Kennungsart entfernt, und analysiere, was es bei englischen, französischen und spanischen Texten übersehen würde.",
        ],
    },
    "fr": {
        "easy": [
            "En une phrase, svp.",
            "Mets ça dans un tableau à deux colonnes (champ | valeur).",
            "Traduis en allemand.",
            "Corrige seulement les fautes, ne reformule rien.",
        ],
        "medium": [
            "Écris un court accusé de réception à l'expéditeur avec la suite des démarches.",
            "Y a-t-il quelque chose d'urgent ? Explique en quelques lignes.",
            "Rédige le message de suivi à la personne concernée.",
            "Explique simplement ce qu'est ce document et à quoi il sert.",
        ],
        "hard": [
            "Conçois un modèle d'accès (rôles, champs visibles par rôle, journalisation) pour un système contenant ce type d'enregistrements. Justifie chaque choix par la minimisation des données et décris deux scénarios d'attaque bloqués par ta conception et un qui ne l'est pas.",
            "Détermine pas à pas si une AIPD est obligatoire pour traiter ce type de données à grande échelle : applique les critères du CEPD un par un, indique où des personnes raisonnables divergeraient et conclus sur ce qu'il faut documenter.",
            "Évalue trois façons de stocker ces documents (stockage objet chiffré, chiffrement par champ dans Postgres, coffre à secrets) avec ces contraintes : 200 € par mois, hébergement UE uniquement, 99,9 % de disponibilité, deux ingénieurs. Choisis-en une et défends-la face aux deux autres.",
            "Rédige une procédure de caviardage exécutable par un script pour ce type de texte, argumente qu'elle retire chaque type d'identifiant présent ici, et analyse ce qu'elle raterait sur des textes en anglais, allemand et espagnol.",
        ],
    },
    "es": {
        "easy": [
            "En una línea, por favor.",
            "Ponlo en una tabla de dos columnas (campo | valor).",
            "Tradúcelo al alemán.",
            "Corrige solo las faltas, no cambies la redacción.",
        ],
        "medium": [
            "Escribe un acuse de recibo breve al remitente con los siguientes pasos.",
            "¿Hay algo urgente aquí? Explícalo en pocas líneas.",
            "Redacta el mensaje de seguimiento para la persona afectada.",
            "Explica con palabras sencillas qué documento es este y para qué sirve.",
        ],
        "hard": [
            "Diseña un modelo de acceso (roles, qué campos ve cada rol, registro de auditoría) para un sistema con registros así. Justifica cada decisión con la minimización de datos y describe dos vías de ataque que tu diseño bloquea y una que no.",
            "Decide paso a paso si hace falta una EIPD para tratar registros así a gran escala: aplica los criterios del CEPD uno por uno, señala dónde discreparía gente razonable y concluye qué hay que documentar.",
            "Evalúa tres formas de guardar documentos así (almacenamiento de objetos cifrado, cifrado por campo en Postgres, un gestor de secretos) con estas restricciones: 200 € al mes, alojamiento solo en la UE, 99,9 % de disponibilidad, dos ingenieros. Elige una y defiéndela frente a las otras dos.",
            "Escribe un procedimiento de anonimización que pueda ejecutar un script para textos así, argumenta que elimina cada tipo de identificador presente y analiza qué se le escaparía en textos en inglés, alemán y francés.",
        ],
    },
}

STRUCT = {
    "en": [
        (
            ["person_name", "iban", "email", "address"],
            'tenant_update.yaml (from the letting agent\'s portal, do not commit):\ntenant:\n  full_name: {name}\n  email: {email}\n  flat: "{addr}"\n  rent_account: {ibanu_gb}\n  standing_order_day: 1',
            "YAML tenant record, GB IBAN",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "INSERT INTO claimants (name, dob, ni_number, status) VALUES ('{name}', '{dob_en}', '{ukni}', 'pending');\n-- why does this fail on the staging db? constraint error on ni_number",
            "SQL insert with NI number",
        ),
        (
            ["person_name", "passport", "phone"],
            "Visa desk note: applicant {name}, tel {tel_gb2}. Old passport expired, new one issued last week —\n{pass_gb}\n(number above is the new UK passport). Embassy appointment Tue.",
            "passport number a line before its label",
        ),
        (
            ["ip_user", "person_name", "email"],
            "From: alerts@carshare-ops.example\nSubject: impossible travel\n\nuser {email} signed in from {ip} (Lisbon) at 09:02 and from {ip2} (Leeds) at 09:19.\nAccount holder: {name}. Lock the account?",
            "impossible-travel alert, e-mail as login",
        ),
        (
            ["person_name", "national_id", "address"],
            'Telehealth booking, patient details:\n{{"patient": "{name}", "nhs_number": "{nhs}", "address": "{addr}"}}\nThe GP surgery says the NHS number doesn\'t match their records.',
            "JSON with NHS number",
        ),
        (
            ["person_name", "credit_card", "email"],
            "hotel front desk handover: guest {name} ({email}) left their card for incidentals at check-in, I wrote it down because the terminal was down: {amex}. Room 214. Should I shred this?",
            "Amex written down at a hotel desk",
        ),
        (
            ["person_name", "tax_id", "address"],
            "Admissions office – an Italian applicant sent this in the fee waiver form:\nNome e cognome: {name}\nCodice fiscale: {cf}\nIndirizzo UK: {addr}\nDo we need the codice fiscale at all?",
            "codice fiscale with Italian labels",
        ),
        (
            ["person_name", "iban", "phone"],
            "Choir treasurer here. Reimbursement for sheet music, {name} sent: acct {iban_pl} (Polish bank), phone {tel_gb3}. Is a Polish IBAN fine for a UK transfer?",
            "Polish IBAN in a choir reimbursement",
        ),
        (
            ["person_name", "national_id", "email"],
            "Legal-aid clinic intake, client is a Polish national:\nClient: {name}\nPESEL: {pesel}\nEmail: {email}\nMatter: deposit dispute with landlord",
            "PESEL in a legal-aid intake",
        ),
        (
            ["ip_user", "person_name"],
            'nginx access log excerpt, someone hammering the tenant portal:\n{ip} - {login} [12/Mar/2026:22:41:07 +0000] "POST /login HTTP/1.1" 401 512\n{ip} - {login} [12/Mar/2026:22:41:09 +0000] "POST /login HTTP/1.1" 200 1893\nThe login is {name}\'s. Did they get in?',
            "nginx access log, login next to public IP",
        ),
        (
            ["person_name", "credit_card", "date_of_birth"],
            "Insurance claim form, travel cancellation. Policyholder {name}, DOB {dob_en}. Refund to card {visa_dash}. Reason: bereavement.",
            "card with dashes in an insurance claim",
        ),
        (
            ["person_name", "iban", "national_id"],
            "<payee>\n  <name>{name}</name>\n  <iban>{iban_de}</iban>\n  <nino>{ukni_s}</nino>\n</payee>\nxml from the payroll export, why does the bank reject it?",
            "XML payee block",
        ),
    ],
    "de": [
        (
            ["person_name", "iban", "email", "address"],
            'mieter.yaml aus dem Hausverwaltungsportal (nicht einchecken!):\nmieter:\n  name: {name}\n  mail: {email}\n  wohnung: "{addr}"\n  konto: {ibanu_de}\n  dauerauftrag: 3.',
            "YAML-Mieterdatensatz",
        ),
        (
            ["person_name", "tax_id", "date_of_birth"],
            "INSERT INTO mitarbeiter (name, geburtsdatum, steuer_id) VALUES ('{name}', '{dob}', '{steuer0}');\n-- Warum scheitert das auf Staging am Check-Constraint?",
            "SQL mit Steuer-ID",
        ),
        (
            ["person_name", "passport", "phone"],
            "Visastelle: Antragstellerin {name}, Handy {tel_de3}. Alter Pass abgelaufen, neuer Reisepass seit letzter Woche:\n{pass_de}\nTermin bei der Botschaft am Dienstag.",
            "Reisepassnummer unter dem Satz",
        ),
        (
            ["ip_user", "person_name", "email"],
            "Von: alerts@carsharing-betrieb.example\nBetreff: unmögliche Reise\n\nNutzer {email} hat sich um 09:02 von {ip} (Lissabon) und um 09:19 von {ip2} (Köln) angemeldet. Kontoinhaber {name}. Sperren?",
            "Impossible-Travel-Alarm",
        ),
        (
            ["person_name", "national_id", "address"],
            'Telemedizin-Buchung, JSON aus dem Formular:\n{{"patient": "{name}", "rv_nummer": "{rvnr}", "anschrift": "{addr}"}}\nDie Praxis sagt, die Nummer passt nicht zur Krankenkasse – wieso?',
            "Rentenversicherungsnummer in JSON",
        ),
        (
            ["person_name", "credit_card", "email"],
            "Übergabe Rezeption: Gast {name} ({email}) hat beim Check-in die Karte für Nebenkosten hinterlegt, Terminal war down, hab sie notiert: {visa}. Zimmer 214. Vernichten?",
            "Kreditkarte an der Hotelrezeption",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "Studierendensekretariat – Bewerberin aus Spanien hat im Formular angegeben:\nNombre: {name}\nFecha de nacimiento: {dob}\nDNI: {dni_d}\nBrauchen wir die DNI überhaupt?",
            "DNI mit spanischen Labels in deutschem Text",
        ),
        (
            ["person_name", "iban", "phone"],
            "Chorkasse: Notenerstattung für {name}, Konto {iban_it} (italienische Bank), Tel. {tel_de2}. Geht das per SEPA?",
            "italienische IBAN, Chorkasse",
        ),
        (
            ["person_name", "national_id", "email"],
            "Rechtsberatung, Erstaufnahme, Mandant ist Pole:\nMandant: {name}\nPESEL: {pesel}\nE-Mail: {email}\nSache: Kaution nicht zurückgezahlt",
            "PESEL in der Rechtsberatung",
        ),
        (
            ["ip_user", "person_name"],
            'Auszug access.log vom Mieterportal:\n{ip} - {login} [12/Mar/2026:22:41:07 +0100] "POST /anmelden HTTP/1.1" 401 498\n{ip} - {login} [12/Mar/2026:22:41:10 +0100] "POST /anmelden HTTP/1.1" 200 1877\nDer Login gehört {name}. Ist da jemand reingekommen?',
            "nginx-Log mit Login und öffentlicher IP",
        ),
        (
            ["person_name", "iban", "tax_id"],
            "<empfaenger>\n  <name>{name}</name>\n  <iban>{iban_at}</iban>\n  <steuerid>{steuer2}</steuerid>\n</empfaenger>\nXML aus dem Lohnexport, die Bank lehnt ab. Warum?",
            "XML mit österreichischer IBAN und Steuer-ID",
        ),
        (
            ["person_name", "credit_card", "date_of_birth"],
            "Schadenmeldung Reiserücktritt: Versicherungsnehmer {name}, geb. {dob}. Erstattung auf Karte {mc}. Grund: Todesfall in der Familie.",
            "Mastercard in einer Schadenmeldung",
        ),
    ],
    "fr": [
        (
            ["person_name", "iban", "email", "address"],
            'locataire.yaml (export du portail de l\'agence, ne pas versionner) :\nlocataire:\n  nom: {name}\n  mail: {email}\n  logement: "{addr}"\n  compte: {ibanu_fr}\n  prelevement: le 5',
            "YAML locataire, IBAN français",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "INSERT INTO assures (nom, naissance, nir) VALUES ('{name}', '{dob}', '{nir}');\n-- pourquoi ça casse sur la préprod ? contrainte sur nir",
            "SQL avec NIR",
        ),
        (
            ["person_name", "passport", "phone"],
            "Service visas : demandeuse {name}, tél {tel_fr3}. Ancien passeport expiré, le nouveau depuis la semaine dernière :\n{pass_fr}\nRDV consulat mardi.",
            "passeport sous la phrase",
        ),
        (
            ["ip_user", "person_name", "email"],
            "De : alerts@autopartage-ops.example\nObjet : voyage impossible\n\nl'utilisateur {email} s'est connecté depuis {ip} (Lisbonne) à 09:02 puis depuis {ip2} (Lille) à 09:19. Titulaire : {name}. On bloque ?",
            "alerte voyage impossible",
        ),
        (
            ["person_name", "national_id", "address"],
            'Téléconsultation, JSON du formulaire :\n{{"patient": "{name}", "num_secu": "{nir_s}", "adresse": "{addr}"}}\nLe cabinet dit que le numéro ne correspond pas à la carte Vitale.',
            "NIR espacé dans du JSON",
        ),
        (
            ["person_name", "credit_card", "email"],
            "Passation réception : le client {name} ({email}) a laissé sa carte pour les extras, le TPE était en panne donc je l'ai notée : {mc}. Chambre 214. Je la détruis ?",
            "carte notée à la réception",
        ),
        (
            ["person_name", "tax_id", "address"],
            "Scolarité – candidate allemande, formulaire de bourse :\nName: {name}\nSteuer-ID: {steuer1}\nAdresse en France : {addr}\nOn a besoin de ce numéro fiscal allemand ?",
            "Steuer-ID avec étiquette allemande",
        ),
        (
            ["person_name", "iban", "phone"],
            "Trésorerie de la chorale : remboursement des partitions à {name}, IBAN {iban_ch} (banque suisse), tél. {tel_ch}. Un virement SEPA vers la Suisse, ça passe ?",
            "IBAN suisse dans une chorale",
        ),
        (
            ["person_name", "national_id", "email"],
            "Permanence juridique, client de nationalité néerlandaise :\nClient : {name}\nBSN : {bsn}\nCourriel : {email}\nObjet : dépôt de garantie non rendu",
            "BSN néerlandais",
        ),
        (
            ["ip_user", "person_name"],
            'Extrait access.log du portail locataires :\n{ip} - {login} [12/Mar/2026:22:41:07 +0100] "POST /connexion HTTP/1.1" 401 503\n{ip} - {login} [12/Mar/2026:22:41:12 +0100] "POST /connexion HTTP/1.1" 200 1902\nLe login est celui de {name}. Quelqu\'un est entré ?',
            "log nginx, login et IP publique",
        ),
        (
            ["person_name", "iban", "national_id"],
            "<beneficiaire>\n  <nom>{name}</nom>\n  <iban>{iban_be}</iban>\n  <nie>{nie}</nie>\n</beneficiaire>\nXML de l'export paie, la banque refuse. Pourquoi ?",
            "XML avec IBAN belge et NIE",
        ),
        (
            ["person_name", "credit_card", "date_of_birth"],
            "Déclaration de sinistre annulation voyage : assuré {name}, né le {dob}. Remboursement sur la carte {visa_dash}. Motif : décès d'un proche.",
            "carte à tirets, sinistre",
        ),
    ],
    "es": [
        (
            ["person_name", "iban", "email", "address"],
            'inquilino.yaml (sacado del portal de la inmobiliaria, no subir al repo):\ninquilino:\n  nombre: {name}\n  correo: {email}\n  piso: "{addr}"\n  cuenta: {ibanu_es}\n  domiciliacion: dia 1',
            "YAML de inquilino",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "INSERT INTO solicitantes (nombre, nacimiento, nie) VALUES ('{name}', '{dob}', '{nie_d}');\n-- ¿por qué falla en preproducción? error de constraint en nie",
            "SQL con NIE",
        ),
        (
            ["person_name", "passport", "phone"],
            "Mostrador de visados: solicitante {name}, móvil {tel_es1}. El pasaporte viejo caducó, el nuevo es de la semana pasada:\n{pass_es}\nCita en el consulado el martes.",
            "pasaporte debajo de la frase",
        ),
        (
            ["ip_user", "person_name", "email"],
            "De: alerts@carsharing-ops.example\nAsunto: viaje imposible\n\nel usuario {email} inició sesión desde {ip} (Lisboa) a las 09:02 y desde {ip2} (Bilbao) a las 09:19. Titular: {name}. ¿Bloqueamos?",
            "alerta de viaje imposible",
        ),
        (
            ["person_name", "national_id", "address"],
            'Reserva de telemedicina, JSON del formulario:\n{{"paciente": "{name}", "naf": "{nss}", "domicilio": "{addr}"}}\nEl centro de salud dice que el número no le cuadra.',
            "NSS en JSON",
        ),
        (
            ["person_name", "credit_card", "email"],
            "Relevo de recepción: la huésped {name} ({email}) dejó la tarjeta para extras, el datáfono no iba y la apunté: {visa}. Habitación 214. ¿La destruyo?",
            "tarjeta apuntada en recepción",
        ),
        (
            ["person_name", "national_id", "date_of_birth"],
            "Secretaría de la universidad – candidato francés, formulario de beca:\nNom : {name}\nDate de naissance : {dob}\nN° sécurité sociale : {nir_k}\n¿Necesitamos ese número?",
            "NIR con etiquetas francesas",
        ),
        (
            ["person_name", "iban", "phone"],
            "Tesorería del coro: reembolso de partituras a {name}, cuenta {iban_fr}, tel. {tel_es2}. ¿Transferencia SEPA a Francia sin problema?",
            "IBAN francés en un coro",
        ),
        (
            ["person_name", "national_id", "email"],
            "Asesoría jurídica gratuita, cliente polaco:\nCliente: {name}\nPESEL: {pesel}\nCorreo: {email}\nAsunto: fianza no devuelta",
            "PESEL en asesoría jurídica",
        ),
        (
            ["ip_user", "person_name"],
            'Trozo del access.log del portal de inquilinos:\n{ip} - {login} [12/Mar/2026:22:41:07 +0100] "POST /acceso HTTP/1.1" 401 501\n{ip} - {login} [12/Mar/2026:22:41:11 +0100] "POST /acceso HTTP/1.1" 200 1890\nEl login es de {name}. ¿Entró alguien?',
            "log de nginx con login e IP pública",
        ),
        (
            ["person_name", "iban", "national_id"],
            "<beneficiario>\n  <nombre>{name}</nombre>\n  <iban>{iban_pt}</iban>\n  <dni>{dni}</dni>\n</beneficiario>\nXML de la exportación de nóminas, el banco lo rechaza. ¿Por qué?",
            "XML con IBAN portugués y DNI",
        ),
        (
            ["person_name", "credit_card", "date_of_birth"],
            "Parte de siniestro por cancelación de viaje: asegurada {name}, nacida el {dob}. Reembolso a la tarjeta {mc}. Motivo: fallecimiento de un familiar.",
            "tarjeta en un parte de siniestro",
        ),
    ],
}

FREE = {
    "en": [
        (
            ["person_name", "health"],
            "Letting agent here. Tenant {name} at no. 9 has asked us to fit grab rails because her Parkinson's has got worse. Landlord wants proof — what can we reasonably ask for?",
            "tenant's Parkinson's disease",
        ),
        (
            ["person_name", "criminal_record"],
            "legal clinic: our client {first} {last} served 18 months for possession with intent, released in 2024. New landlord asks about 'convictions' on the form — does he have to declare a spent conviction?",
            "client's conviction",
        ),
        (
            ["person_name", "sexual_orientation", "person_name"],
            "Visa desk: {name} is applying for a partner visa with her wife, they married in Lisbon. She's nervous the consulate staff will be hostile — how do we prepare her?",
            "same-sex marriage of an applicant",
        ),
        (
            ["person_name", "religion"],
            "Choir admin: Idris asked to skip the Good Friday concert. He's converted to Islam last year and feels uncomfortable singing the Passion. How do I tell the conductor without making it a thing? (Idris {last})",
            "conversion of a choir member",
        ),
        (
            ["person_name", "health"],
            "hotel duty manager log: guest in 312, Mr {last}, had a seizure in the lobby at 23:10, ambulance took him to the Royal Infirmary. his wife says he's epileptic and stopped his meds. what do we write in the incident book?",
            "guest's seizure and epilepsy",
        ),
        (
            ["person_name", "financial"],
            "Admissions: applicant {name} asks for a fee deferral; her statement says her father's business went bankrupt and the family home is being repossessed. What documents can we ask for?",
            "family bankruptcy and repossession",
        ),
        (
            ["person_name", "health"],
            "insurance claims: policyholder {name} cancelled the trip because her IVF cycle was moved at short notice. Is that covered under 'medical reasons'?",
            "IVF treatment",
        ),
        (
            ["person_name", "trade_union"],
            "DevOps team lead: {first} {last} just told me she's been elected Unite branch secretary and will need paid time off for union duties. Does that go in the HR system?",
            "union office of an engineer",
        ),
        (
            ["person_name", "health"],
            "my mum (Bridget, 71) was told yesterday she has early-onset dementia, I need to help her cancel the car-sharing membership and explain it to the company without a big fuss. draft something?",
            "mother's dementia, first name + relation",
        ),
    ],
    "de": [
        (
            ["person_name", "health"],
            "Hausverwaltung: Mieterin {name} aus Nr. 9 möchte Haltegriffe im Bad, weil ihr Parkinson schlimmer geworden ist. Der Eigentümer will einen Nachweis – was dürfen wir verlangen?",
            "Parkinson einer Mieterin",
        ),
        (
            ["person_name", "criminal_record"],
            "Rechtsberatung: Unser Mandant {first} {last} hat 18 Monate wegen Handels mit Betäubungsmitteln abgesessen, 2024 entlassen. Der neue Vermieter fragt nach Vorstrafen – muss er das angeben?",
            "Vorstrafe eines Mandanten",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Visastelle: {name} beantragt ein Visum zum Ehegattennachzug, sie ist mit einer Frau verheiratet. Sie hat Angst, dass man sie im Konsulat schief anschaut – wie bereiten wir sie vor?",
            "gleichgeschlechtliche Ehe einer Antragstellerin",
        ),
        (
            ["person_name", "religion"],
            "Chor: Herr {last} möchte beim Karfreitagskonzert nicht mitsingen, er ist letztes Jahr zum Islam konvertiert und fühlt sich bei der Passion unwohl. Wie sag ich das dem Dirigenten?",
            "Konversion eines Chormitglieds",
        ),
        (
            ["person_name", "health"],
            "Nachtdienstbuch Hotel: Gast Zimmer 312, Herr {last}, Krampfanfall in der Lobby um 23:10, RTW hat ihn mitgenommen. Seine Frau sagt, er ist Epileptiker und hat die Tabletten abgesetzt. Was schreiben wir rein?",
            "Epilepsie eines Gastes",
        ),
        (
            ["person_name", "financial"],
            "Studierendensekretariat: Bewerberin {name} bittet um Stundung der Gebühren, der Betrieb ihres Vaters ist insolvent und das Elternhaus wird zwangsversteigert. Welche Nachweise dürfen wir anfordern?",
            "Insolvenz und Zwangsversteigerung",
        ),
        (
            ["person_name", "health"],
            "Schadenabteilung: Versicherungsnehmerin {name} hat die Reise storniert, weil ihr Kinderwunsch-Behandlungszyklus kurzfristig verschoben wurde. Fällt das unter 'medizinische Gründe'?",
            "Kinderwunschbehandlung",
        ),
        (
            ["person_name", "trade_union"],
            "Teamlead DevOps: {first} {last} wurde zur Betriebsrätin gewählt und ist seit Jahren in der IG Metall aktiv, sie braucht Freistellung. Gehört die Gewerkschaft ins HR-System?",
            "Gewerkschaftsmitgliedschaft einer Ingenieurin",
        ),
        (
            ["person_name", "health"],
            "meine mutter (Gisela, 74) hat gestern die diagnose demenz bekommen, ich muss ihr carsharing-abo kündigen und das der firma erklären ohne großes drama. kannst du was entwerfen?",
            "Demenz der Mutter",
        ),
    ],
    "fr": [
        (
            ["person_name", "health"],
            "Agence immobilière : la locataire {name}, au n° 9, demande des barres d'appui car sa maladie de Parkinson s'aggrave. Le propriétaire veut un justificatif — qu'a-t-on le droit de demander ?",
            "Parkinson d'une locataire",
        ),
        (
            ["person_name", "criminal_record"],
            "Permanence juridique : notre client {first} {last} a purgé 18 mois pour trafic de stupéfiants, sorti en 2024. Le nouveau bailleur demande ses condamnations — doit-il répondre ?",
            "condamnation d'un client",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Service visas : {name} demande un visa de regroupement familial, elle est mariée à une femme. Elle craint l'accueil au consulat — comment la préparer ?",
            "mariage homosexuel d'une demandeuse",
        ),
        (
            ["person_name", "religion"],
            "Chorale : M. {last} ne veut pas chanter au concert du Vendredi saint, il s'est converti à l'islam l'an dernier et la Passion le met mal à l'aise. Comment le dire au chef de chœur ?",
            "conversion d'un choriste",
        ),
        (
            ["person_name", "health"],
            "Main courante de l'hôtel : client chambre 312, M. {last}, crise convulsive dans le hall à 23 h 10, évacué par le SAMU. Sa femme dit qu'il est épileptique et a arrêté son traitement. On écrit quoi ?",
            "épilepsie d'un client",
        ),
        (
            ["person_name", "financial"],
            "Scolarité : la candidate {name} demande un report des frais, l'entreprise de son père est en liquidation et la maison familiale est saisie. Quels justificatifs peut-on exiger ?",
            "liquidation et saisie",
        ),
        (
            ["person_name", "health"],
            "Service sinistres : l'assurée {name} a annulé son voyage parce que sa FIV a été décalée au dernier moment. C'est couvert au titre des « raisons médicales » ?",
            "parcours de FIV",
        ),
        (
            ["person_name", "trade_union"],
            "Lead DevOps : {first} {last} vient d'être élue déléguée syndicale CFDT et aura des heures de délégation. Ça se note dans le SIRH ?",
            "mandat syndical",
        ),
        (
            ["person_name", "health"],
            "ma mère (Josiane, 72 ans) vient d'apprendre qu'elle a un Alzheimer précoce, je dois résilier son abonnement d'autopartage et l'expliquer sans en faire un drame. tu peux rédiger ?",
            "Alzheimer de la mère",
        ),
    ],
    "es": [
        (
            ["person_name", "health"],
            "Inmobiliaria: la inquilina {name}, del número 9, pide asideros en el baño porque su párkinson ha empeorado. El propietario quiere un justificante, ¿qué podemos pedir?",
            "párkinson de una inquilina",
        ),
        (
            ["person_name", "criminal_record"],
            "Asesoría jurídica: nuestro cliente {first} {last} cumplió 18 meses por tráfico de drogas y salió en 2024. El nuevo casero le pregunta por antecedentes, ¿tiene que decirlo?",
            "condena de un cliente",
        ),
        (
            ["person_name", "sexual_orientation"],
            "Visados: {name} pide un visado de reagrupación familiar, está casada con una mujer. Le preocupa cómo la traten en el consulado, ¿cómo la preparamos?",
            "matrimonio homosexual de una solicitante",
        ),
        (
            ["person_name", "religion"],
            "Coro: el señor {last} no quiere cantar en el concierto de Viernes Santo, se convirtió al islam el año pasado y la Pasión le incomoda. ¿Cómo se lo digo al director?",
            "conversión de un corista",
        ),
        (
            ["person_name", "health"],
            "Libro de incidencias del hotel: huésped de la 312, señor {last}, crisis convulsiva en el vestíbulo a las 23:10, se lo llevó el 061. Su mujer dice que es epiléptico y dejó la medicación. ¿Qué anotamos?",
            "epilepsia de un huésped",
        ),
        (
            ["person_name", "financial"],
            "Secretaría: la candidata {name} pide aplazar la matrícula, la empresa de su padre está en concurso y les van a embargar la casa. ¿Qué justificantes podemos pedir?",
            "concurso y embargo",
        ),
        (
            ["person_name", "health"],
            "Siniestros: la asegurada {name} canceló el viaje porque le cambiaron el ciclo de FIV a última hora. ¿Entra en «motivos médicos»?",
            "tratamiento de FIV",
        ),
        (
            ["person_name", "trade_union"],
            "Jefe de DevOps: {first} {last} acaba de salir elegida delegada de UGT y tendrá horas sindicales. ¿Eso se mete en el sistema de RR. HH.?",
            "cargo sindical",
        ),
        (
            ["person_name", "health"],
            "a mi madre (Encarna, 73) le han diagnosticado alzhéimer precoz, tengo que darle de baja del carsharing y explicárselo a la empresa sin dramas. ¿me lo redactas?",
            "alzhéimer de la madre",
        ),
    ],
}

NEG = {
    "en": [
        (
            "easy",
            "Summarise: Andy Murray had hip-resurfacing surgery in January 2019 and returned to win a singles title in Antwerp later that year.",
            "athlete's surgery reported in the news",
        ),
        (
            "medium",
            "Our booking confirmations show 'Booking ref BK-7F3Q-2291-0044' and guests read it out as a card number on the phone. Suggest a safer format.",
            "booking reference look-alike",
        ),
        (
            "hard",
            "GOV.UK guidance uses QQ 12 34 56 C as an example NI number. We want a form validator that accepts real-format NI numbers but rejects documented examples and impossible prefixes. Specify the rules, prove they accept every valid prefix combination and reject the example, and list the test cases.",
            "documented example NI number, declared",
        ),
        (
            "easy",
            "translate into German: The Royal Albert Hall box office is at Kensington Gore, London SW7 2AP; phone 020 7589 8212.",
            "venue address and box office",
        ),
        (
            "medium",
            "Sherlock Holmes lives at 221B Baker Street. Write a paragraph on why Conan Doyle gave him such a precise address.",
            "fictional detective's address",
        ),
        (
            "easy",
            "Which UTM zone is 57.1497, -2.0943 (Aberdeen harbour) in?",
            "coordinates of a harbour",
        ),
        (
            "hard",
            "Our docker images are tagged like 'registry.internal/api:2.7.14-b4411' and pinned by digest 'sha256:9c8e1f2a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e'. A DLP tool flags the digests as secrets. Design a classification that tells digests, build numbers and real credentials apart, estimate its error rates, and argue how you'd roll it out without blinding the DLP to real leaks.",
            "image digests and build numbers",
        ),
        (
            "medium",
            "Write the note for our staging README: the seeded guest 'John Smith, 1 Test Lane' and the test card 4111 1111 1111 1111 are dummy data; support must never act on them.",
            "declared test guest and test card",
        ),
        (
            "easy",
            "Fix the grammar: Stephen Hawking were diagnosed with motor neurone disease at 21 and he live with it for more than fifty years.",
            "historical figure's illness",
        ),
        (
            "hard",
            "We're adding crisis lines to a tenant app: Shelter 0808 800 4444 and the Samaritans on 116 123. Design how the app picks a line by country, time of day and topic, what happens offline, and how you'd audit that numbers stay correct; compare two maintenance approaches.",
            "public helplines",
        ),
        (
            "medium",
            "Flight BA 2490, PNR ZX4K7Q, seat 23C — how do I find out if that fare class earns tier points?",
            "flight and booking codes",
        ),
        (
            "easy",
            "Rewrite formally: 'ICO is at Wycliffe House, Water Lane, Wilmslow SK9 5AF, helpline 0303 123 1113, send the complaint there'.",
            "regulator's address",
        ),
        (
            "hard",
            "Our tenancy ids look like TEN-44-0917-3382 and a phone regex keeps matching them. Propose an id scheme that can't collide with UK phone numbers, postcodes or NI numbers, prove it for each pattern, and plan the cutover for 12k live tenancies.",
            "tenancy id look-alike",
        ),
        (
            "medium",
            "What does ISIN US0378331005 identify, and how is its check digit computed?",
            "ISIN",
        ),
    ],
    "de": [
        (
            "easy",
            "Fasse zusammen: Wolfgang Schäuble saß nach dem Attentat 1990 im Rollstuhl und blieb trotzdem jahrzehntelang Bundestagsabgeordneter.",
            "Politiker, öffentliche Gesundheitsfakten",
        ),
        (
            "medium",
            "Unsere Buchungsbestätigungen zeigen 'Buchungsnr. BK-7F3Q-2291-0044' und Gäste lesen das am Telefon wie eine Kartennummer vor. Schlag ein sichereres Format vor.",
            "Buchungsnummer",
        ),
        (
            "hard",
            "Die Testkarte 4111 1111 1111 1111 und die Beispiel-IBAN aus der Doku sollen in unseren Fixtures bleiben, echte Daten nie. Entwirf einen Pre-Commit-Check, der dokumentierte Testdaten zulässt und alles andere blockiert, begründe die Regeln und zeig, wie du Fehlalarme bei Buchungsnummern vermeidest.",
            "deklarierte Testdaten",
        ),
        (
            "easy",
            "Übersetz ins Englische: Die Elbphilharmonie, Platz der Deutschen Einheit 4, 20457 Hamburg, Ticketkasse Tel. 040 357 666 66.",
            "Konzerthaus-Adresse",
        ),
        (
            "medium",
            "Die drei ??? wohnen in Rocky Beach, Kalifornien. Schreib einen Absatz, warum die Reihe in Deutschland erfolgreicher ist als in den USA.",
            "fiktive Figuren",
        ),
        (
            "easy",
            "In welcher UTM-Zone liegt 47.42110, 10.98530 (Zugspitze)?",
            "Koordinaten eines Gipfels",
        ),
        (
            "hard",
            "Unsere Images heißen 'registry.intern/api:2.7.14-b4411' und sind per Digest 'sha256:4e1d…' gepinnt. Das DLP-Tool hält die Digests für Geheimnisse. Entwirf eine Klassifikation für Digests, Buildnummern und echte Zugangsdaten, schätze die Fehlerraten und begründe den Rollout, ohne echte Lecks zu übersehen.",
            "Image-Digests",
        ),
        (
            "medium",
            "Schreib den Hinweis fürs Staging-README: Der Seed-Gast 'Erika Beispiel, Testweg 1' ist erfunden, der Support darf nie darauf reagieren.",
            "deklarierter Testgast",
        ),
        (
            "easy",
            "Korrigier: Ludwig van Beethoven war ab ca 1818 fast völlig taub und komponierte trozdem die neunte Sinfonie.",
            "historische Person mit Erkrankung",
        ),
        (
            "hard",
            "In unsere Mieter-App sollen Krisennummern: Telefonseelsorge 0800 111 0 222 und die Nummer gegen Kummer 116 111. Entwirf, wie die App nach Land, Uhrzeit und Thema auswählt, was offline passiert und wie geprüft wird, dass die Nummern stimmen; vergleiche zwei Pflegewege.",
            "öffentliche Krisennummern",
        ),
        (
            "medium",
            "Flug LH 2036, Buchungscode ZX4K7Q, Sitz 23C – wie finde ich raus, ob die Buchungsklasse Meilen bringt?",
            "Flug- und Buchungscodes",
        ),
        (
            "easy",
            "Formulier förmlich: 'Der BfDI sitzt Graurheindorfer Str. 153, 53117 Bonn, Tel. 0228 997799-0, schickt die Beschwerde da hin'.",
            "Behördenadresse",
        ),
        (
            "hard",
            "Unsere Mietvertragsnummern wie MV-44-0917-3382 werden von einer Telefon-Regex erfasst. Entwirf ein Schema, das nicht mit Telefonnummern, PLZ oder Steuer-IDs kollidiert, beweise es je Muster und plane die Umstellung von 12.000 laufenden Verträgen.",
            "Vertragsnummer",
        ),
        (
            "medium",
            "Was identifiziert die ISIN US5949181045, und wie wird ihre Prüfziffer berechnet?",
            "ISIN",
        ),
    ],
    "fr": [
        (
            "easy",
            "Résume : Céline Dion a annoncé publiquement en 2022 souffrir du syndrome de la personne raide et a annulé sa tournée mondiale.",
            "maladie d'une artiste annoncée publiquement",
        ),
        (
            "medium",
            "Nos confirmations affichent « Réservation RES-7F3Q-2291-0044 » et les clients la dictent comme un numéro de carte. Propose un format plus sûr.",
            "numéro de réservation",
        ),
        (
            "hard",
            "Le NIR fictif 1 85 05 78 006 084 36 sert d'exemple dans nos supports de formation. Conçois un validateur qui accepte les NIR réels mais rejette les exemples documentés et les clés impossibles ; précise les règles, démontre qu'elles acceptent toute combinaison valide et liste les cas de test.",
            "NIR d'exemple déclaré",
        ),
        (
            "easy",
            "Traduis en anglais : L'Opéra Garnier, place de l'Opéra, 75009 Paris ; billetterie au 08 92 89 90 90.",
            "adresse d'une salle",
        ),
        (
            "medium",
            "Le commissaire Maigret habite boulevard Richard-Lenoir. Écris un paragraphe sur le rôle de cet appartement dans les romans de Simenon.",
            "personnage de fiction",
        ),
        (
            "easy",
            "Dans quel fuseau UTM se trouve 45.83265, 6.86517 (sommet du mont Blanc) ?",
            "coordonnées d'un sommet",
        ),
        (
            "hard",
            "Nos images sont taguées « registry.interne/api:2.7.14-b4411 » et épinglées par digest sha256. L'outil DLP prend ces digests pour des secrets. Conçois une classification qui distingue digests, numéros de build et vrais identifiants, estime les taux d'erreur et argumente un déploiement qui ne rend pas le DLP aveugle aux vraies fuites.",
            "digests d'images",
        ),
        (
            "medium",
            "Écris la note du README de préprod : le client de test « Camille Exemple, 1 allée du Test » est fictif, le support ne doit jamais le traiter.",
            "client de test déclaré",
        ),
        (
            "easy",
            "Corrige : Louis Pasteur a eu un AVC en 1868 qui l'a laissé hémiplégique, mais il a continuer ses recherche sur la rage.",
            "personnage historique",
        ),
        (
            "hard",
            "Notre appli locataires doit proposer SOS Amitié et le 3114 (prévention du suicide). Conçois le choix de la ligne selon le pays, l'heure et le sujet, le mode hors ligne et le contrôle de l'exactitude des numéros ; compare deux façons de maintenir la liste.",
            "lignes d'écoute publiques",
        ),
        (
            "medium",
            "Vol AF 1148, PNR ZX4K7Q, siège 23C : comment savoir si cette classe tarifaire rapporte des miles ?",
            "codes de vol",
        ),
        (
            "easy",
            "Reformule poliment : « Le Défenseur des droits, libre réponse 71120, 75342 Paris Cedex 07, écrivez-leur ».",
            "adresse d'une autorité",
        ),
        (
            "hard",
            "Nos numéros de bail du type BAIL-44-0917-3382 sont capturés par une regex de téléphone. Propose un schéma sans collision possible avec téléphones, codes postaux ou NIR, démontre-le motif par motif et planifie la bascule de 12 000 baux.",
            "numéro de bail",
        ),
        (
            "medium",
            "Que désigne l'ISIN US88160R1014 et comment calcule-t-on son chiffre de contrôle ?",
            "ISIN",
        ),
    ],
    "es": [
        (
            "easy",
            "Resume: Iker Casillas sufrió un infarto en un entrenamiento con el Oporto en mayo de 2019 y se retiró al año siguiente.",
            "infarto de un deportista, noticia",
        ),
        (
            "medium",
            "Las confirmaciones muestran «Reserva RSV-7F3Q-2291-0044» y los clientes la dictan como si fuera una tarjeta. Propón un formato más seguro.",
            "número de reserva",
        ),
        (
            "hard",
            "El NIE de prueba X1234567L aparece en nuestra documentación como ejemplo. Diseña un validador que acepte NIE reales pero rechace los ejemplos documentados y las letras imposibles; especifica las reglas, demuestra que aceptan toda combinación válida y enumera los casos de test.",
            "NIE de prueba declarado",
        ),
        (
            "easy",
            "Traduce al inglés: El Palau de la Música Catalana, C/ Palau de la Música 4-6, 08003 Barcelona; taquilla 932 957 200.",
            "dirección de un auditorio",
        ),
        (
            "medium",
            "Mafalda vive en Buenos Aires con sus padres y su hermano Guille. Escribe un párrafo sobre por qué Quino la hizo tan crítica.",
            "personaje de ficción",
        ),
        ("easy", "¿En qué huso UTM está 28.27230, -16.64250 (Teide)?", "coordenadas del Teide"),
        (
            "hard",
            "Nuestras imágenes van etiquetadas como «registry.interno/api:2.7.14-b4411» y fijadas por digest sha256. La herramienta DLP las toma por secretos. Diseña una clasificación que distinga digests, números de build y credenciales reales, estima las tasas de error y argumenta un despliegue que no ciegue al DLP ante fugas reales.",
            "digests de imágenes",
        ),
        (
            "medium",
            "Escribe la nota del README de preproducción: el huésped de prueba «Mengano Ejemplo, Calle Test 1» es inventado y soporte no debe atenderlo nunca.",
            "huésped de prueba declarado",
        ),
        (
            "easy",
            "Corrige: Francisco de Goya quedo sordo en 1793 por una enfermedad y aun asi pinto las pinturas negras.",
            "personaje histórico",
        ),
        (
            "hard",
            "La app de inquilinos debe ofrecer el 024 (línea de atención a la conducta suicida) y el 016. Diseña cómo elige la línea según país, hora y tema, qué pasa sin conexión y cómo se verifica que los números siguen bien; compara dos formas de mantener la lista.",
            "teléfonos públicos",
        ),
        (
            "medium",
            "Vuelo IB 3166, localizador ZX4K7Q, asiento 23C: ¿cómo sé si esa clase suma puntos Avios?",
            "códigos de vuelo",
        ),
        (
            "easy",
            "Reescríbelo formal: 'El Defensor del Pueblo está en Paseo de Eduardo Dato 31, 28010 Madrid, teléfono 900 101 025, mandad la queja allí'.",
            "dirección de una institución",
        ),
        (
            "hard",
            "Nuestros números de contrato tipo ALQ-44-0917-3382 los pilla una regex de teléfonos. Propón un esquema que no choque con teléfonos, códigos postales ni DNI, demuéstralo patrón a patrón y planifica migrar 12.000 contratos vivos.",
            "número de contrato",
        ),
        (
            "medium",
            "¿Qué identifica el ISIN US0231351067 y cómo se calcula su dígito de control?",
            "ISIN",
        ),
    ],
}

CLEAN = {
    "en": [
        ("easy", "How many tablespoons in 100 ml?", "unit lookup"),
        (
            "easy",
            "Put these in alphabetical order: Lisbon, Ghent, Aarhus, Bilbao, Turin, Graz",
            "sorting",
        ),
        (
            "medium",
            "Write a SQL query that returns the three most recent bookings per hotel from a table bookings(hotel_id, created_at, id).",
            "SQL task",
        ),
        (
            "hard",
            "We have 40 choir members, 4 voice parts, and 6 rehearsal rooms of different sizes across 3 evenings. Each part needs two sectionals a week and one full rehearsal; rooms can't be double-booked and altos can't do Wednesdays. Formulate this as an integer program, explain each constraint, and say how you'd solve it with free tools.",
            "scheduling as integer program",
        ),
        (
            "easy",
            "Translate into Spanish: 'Check-out is at 11, late check-out on request.'",
            "translation",
        ),
        (
            "medium",
            "Explain what a regular expression lookahead is, with one example.",
            "explanation",
        ),
        (
            "hard",
            "Show that any connected graph with n vertices and n edges has exactly one cycle, then design an O(n) algorithm that finds it and prove it correct.",
            "proof and algorithm",
        ),
        (
            "easy",
            "make this sound less rude: 'your parking is terrible, move the car'",
            "tone rewrite",
        ),
        (
            "medium",
            "Plan a 3-day Porto itinerary for someone who hates museums but loves food, short bullets per day.",
            "itinerary",
        ),
        (
            "hard",
            "A car-sharing fleet of 300 cars in one city: usage peaks at 8am and 6pm, charging takes 90 min, and 40 chargers exist. Model the charging schedule, find the minimum extra chargers to keep 95 % availability at peak, and state your assumptions and their sensitivity.",
            "capacity model",
        ),
        ("easy", "Does a leap second still get added to UTC these days, yes or no?", "fact lookup"),
        (
            "medium",
            "Write four rhyming lines for the retirement card of a bus driver who collected snow globes.",
            "short creative",
        ),
        (
            "hard",
            "Compare event sourcing and CRUD with an audit table for an insurance claims system that must support regulatory replays, GDPR erasure and 5k writes/s. Analyse the erasure conflict in event sourcing, propose a concrete design, and state what you'd give up.",
            "architecture trade-off",
        ),
        (
            "medium",
            "Give me a 20-minute bodyweight workout for a hotel room, no equipment.",
            "practical plan",
        ),
    ],
    "de": [
        ("easy", "Wie viele Esslöffel sind 100 ml?", "Einheitenfrage"),
        (
            "easy",
            "Alphabetisch sortieren: Lissabon, Gent, Aarhus, Bilbao, Turin, Graz",
            "Sortieren",
        ),
        (
            "medium",
            "Schreib eine SQL-Abfrage, die pro Hotel die drei neuesten Buchungen aus buchungen(hotel_id, erstellt_am, id) liefert.",
            "SQL-Aufgabe",
        ),
        (
            "hard",
            "Wir haben 40 Chormitglieder, 4 Stimmen, 6 Probenräume verschiedener Größe an 3 Abenden. Jede Stimme braucht zwei Stimmproben pro Woche und eine Gesamtprobe, Räume nicht doppelt belegt, Alt nie mittwochs. Formuliere das als ganzzahliges Programm, erklär jede Nebenbedingung und sag, wie du es mit freien Werkzeugen löst.",
            "ganzzahliges Programm",
        ),
        (
            "easy",
            "Übersetz ins Spanische: 'Check-out ist um 11 Uhr, später auf Anfrage.'",
            "Übersetzung",
        ),
        (
            "medium",
            "Erklär, was ein Lookahead in regulären Ausdrücken ist, mit einem Beispiel.",
            "Erklärung",
        ),
        (
            "hard",
            "Zeig, dass jeder zusammenhängende Graph mit n Knoten und n Kanten genau einen Kreis hat, und entwirf einen O(n)-Algorithmus, der ihn findet, mit Korrektheitsbeweis.",
            "Beweis und Algorithmus",
        ),
        (
            "easy",
            "Formulier das höflicher: 'Ihr Parken ist eine Zumutung, fahren Sie das Auto weg'",
            "Tonfall",
        ),
        (
            "medium",
            "Plane drei Tage Porto für jemanden, der Museen hasst und gutes Essen liebt, kurze Stichpunkte pro Tag.",
            "Reiseplan",
        ),
        (
            "hard",
            "Carsharing-Flotte mit 300 Autos in einer Stadt: Spitzen um 8 und 18 Uhr, Laden dauert 90 Minuten, 40 Ladesäulen vorhanden. Modelliere den Ladeplan, bestimme die Mindestzahl zusätzlicher Säulen für 95 % Verfügbarkeit zur Spitze und nenne Annahmen samt Sensitivität.",
            "Kapazitätsmodell",
        ),
        ("easy", "Welche Vorwahl hat Liechtenstein?", "Faktenfrage"),
        (
            "medium",
            "Schreib einen Limerick über eine Katze, die Montage hasst.",
            "kurzer kreativer Text",
        ),
        (
            "hard",
            "Vergleiche Event Sourcing mit CRUD plus Audit-Tabelle für ein Schadensystem, das regulatorische Replays, DSGVO-Löschung und 5.000 Schreibvorgänge pro Sekunde braucht. Analysiere den Löschkonflikt im Event Sourcing, schlag einen konkreten Entwurf vor und sag, worauf du verzichtest.",
            "Architekturabwägung",
        ),
        (
            "medium",
            "Gib mir ein 20-Minuten-Workout ohne Geräte fürs Hotelzimmer.",
            "praktischer Plan",
        ),
    ],
    "fr": [
        ("easy", "Un litre de farine, ça pèse combien de grammes à peu près ?", "conversion"),
        (
            "easy",
            "Classe par ordre alphabétique : Lisbonne, Gand, Aarhus, Bilbao, Turin, Graz",
            "tri",
        ),
        (
            "medium",
            "Écris une requête SQL qui renvoie les trois réservations les plus récentes par hôtel depuis reservations(hotel_id, cree_le, id).",
            "tâche SQL",
        ),
        (
            "hard",
            "40 choristes, 4 pupitres, 6 salles de tailles différentes sur 3 soirs. Chaque pupitre a besoin de deux partielles par semaine et d'un tutti ; pas de double réservation, les altos jamais le mercredi. Formule-le en programme linéaire en nombres entiers, explique chaque contrainte et dis comment le résoudre avec des outils libres.",
            "programme en nombres entiers",
        ),
        (
            "easy",
            "Traduis en espagnol : « Le départ se fait à 11 h, départ tardif sur demande. »",
            "traduction",
        ),
        (
            "medium",
            "Explique ce qu'est une assertion avant (lookahead) dans une expression régulière, avec un exemple.",
            "explication",
        ),
        (
            "hard",
            "Montre que tout graphe connexe à n sommets et n arêtes contient exactement un cycle, puis conçois un algorithme en O(n) qui le trouve et prouve sa correction.",
            "preuve et algorithme",
        ),
        (
            "easy",
            "Rends ça moins agressif : « votre stationnement est catastrophique, bougez la voiture »",
            "ton",
        ),
        (
            "medium",
            "Propose un séjour de 3 jours à Porto pour quelqu'un qui déteste les musées mais adore manger, quelques puces par jour.",
            "itinéraire",
        ),
        (
            "hard",
            "Flotte d'autopartage de 300 voitures : pics à 8 h et 18 h, recharge de 90 min, 40 bornes. Modélise le planning de recharge, trouve le nombre minimal de bornes supplémentaires pour 95 % de disponibilité en pointe et expose tes hypothèses et leur sensibilité.",
            "modèle de capacité",
        ),
        (
            "easy",
            "En quelle année le franc a-t-il été remplacé par l'euro dans les porte-monnaie ?",
            "question factuelle",
        ),
        (
            "medium",
            "Écris un petit poème drôle sur un chat qui déteste le lundi.",
            "court texte créatif",
        ),
        (
            "hard",
            "Compare event sourcing et CRUD avec table d'audit pour un système de sinistres devant permettre des rejeux réglementaires, l'effacement RGPD et 5 000 écritures/s. Analyse le conflit d'effacement, propose une conception concrète et dis à quoi tu renonces.",
            "arbitrage d'architecture",
        ),
        (
            "medium",
            "Donne-moi une séance de 20 minutes au poids du corps pour une chambre d'hôtel.",
            "plan pratique",
        ),
    ],
    "es": [
        ("easy", "¿Cuántas cucharadas son 100 ml?", "conversión"),
        ("easy", "Ordena alfabéticamente: Lisboa, Gante, Aarhus, Bilbao, Turín, Graz", "ordenar"),
        (
            "medium",
            "Escribe una consulta SQL que devuelva las tres reservas más recientes por hotel de reservas(hotel_id, creada_en, id).",
            "tarea SQL",
        ),
        (
            "hard",
            "40 coristas, 4 cuerdas, 6 salas de distinto tamaño en 3 tardes. Cada cuerda necesita dos parciales a la semana y un tutti; sin dobles reservas y las contraltos nunca los miércoles. Formúlalo como programa entero, explica cada restricción y di cómo resolverlo con herramientas libres.",
            "programa entero",
        ),
        (
            "easy",
            "Traduce al francés: «La salida es a las 11, salida tardía bajo petición.»",
            "traducción",
        ),
        (
            "medium",
            "Explica qué es un lookahead en una expresión regular, con un ejemplo.",
            "explicación",
        ),
        (
            "hard",
            "Demuestra que todo grafo conexo con n vértices y n aristas tiene exactamente un ciclo y diseña un algoritmo O(n) que lo encuentre, con prueba de corrección.",
            "demostración y algoritmo",
        ),
        ("easy", "Suavízalo: «su forma de aparcar es un desastre, quite el coche»", "tono"),
        (
            "medium",
            "Plan de 3 días en Oporto para alguien que odia los museos y adora comer, viñetas cortas por día.",
            "itinerario",
        ),
        (
            "hard",
            "Flota de carsharing de 300 coches: picos a las 8 y a las 18, la carga dura 90 min y hay 40 cargadores. Modela el plan de carga, halla el mínimo de cargadores extra para un 95 % de disponibilidad en hora punta y explica tus supuestos y su sensibilidad.",
            "modelo de capacidad",
        ),
        ("easy", "¿Qué prefijo telefónico internacional tiene Andorra?", "dato"),
        (
            "medium",
            "Escribe un poema corto y gracioso sobre un gato que odia los lunes.",
            "texto creativo corto",
        ),
        (
            "hard",
            "Compara event sourcing con CRUD más tabla de auditoría para un sistema de siniestros que debe permitir reproducciones regulatorias, supresión RGPD y 5.000 escrituras/s. Analiza el conflicto de supresión, propone un diseño concreto y di a qué renuncias.",
            "compromiso de arquitectura",
        ),
        (
            "medium",
            "Dame un entrenamiento de 20 minutos sin material para la habitación del hotel.",
            "plan práctico",
        ),
    ],
}

LONG_TASK = {
    "en": (
        "Which jobs and steps failed in this CI log? Just list them, one per line.",
        "Summarise the decisions taken at this owners' meeting in five bullets.",
        "These are a week of readings from the city's sensors. Work out which stations are probably faulty rather than measuring real events: define the criteria, apply them to the data, justify each flagged station, and propose a monitoring rule with its expected false-alarm rate.",
    ),
    "de": (
        "Welche Jobs und Schritte sind in diesem CI-Log fehlgeschlagen? Nur auflisten, einer pro Zeile.",
        "Fass die Beschlüsse dieser Eigentümerversammlung in fünf Stichpunkten zusammen.",
        "Das sind die Messwerte einer Woche von den städtischen Sensoren. Finde heraus, welche Stationen wahrscheinlich defekt sind statt echte Ereignisse zu messen: Kriterien festlegen, auf die Daten anwenden, jede markierte Station begründen und eine Überwachungsregel mit erwarteter Fehlalarmrate vorschlagen.",
    ),
    "fr": (
        "Quels jobs et quelles étapes ont échoué dans ce log de CI ? Liste-les simplement, un par ligne.",
        "Résume en cinq puces les décisions prises à cette assemblée de copropriétaires.",
        "Voici une semaine de relevés des capteurs de la ville. Détermine quelles stations sont probablement défaillantes plutôt que de mesurer de vrais événements : définis les critères, applique-les aux données, justifie chaque station signalée et propose une règle de surveillance avec son taux de fausses alertes attendu.",
    ),
    "es": (
        "¿Qué jobs y pasos fallaron en este log de CI? Solo la lista, uno por línea.",
        "Resume en cinco viñetas los acuerdos de esta junta de propietarios.",
        "Son las lecturas de una semana de los sensores municipales. Averigua qué estaciones están probablemente averiadas en vez de medir sucesos reales: define criterios, aplícalos a los datos, justifica cada estación señalada y propone una regla de vigilancia con su tasa esperada de falsas alarmas.",
    ),
}
LONG_HEAD = {
    "en": (
        "CI run output (copied from the pipeline page):",
        "Minutes – annual general meeting of the owners' association, Marlowe Court",
        "sensors_week12.csv\nstation,type,lat,lon,value,firmware,ts,hash",
    ),
    "de": (
        "Ausgabe des CI-Laufs (von der Pipeline-Seite kopiert):",
        "Protokoll der Eigentümerversammlung WEG Lindenhof",
        "sensoren_kw12.csv\nstation,typ,lat,lon,wert,firmware,zeit,hash",
    ),
    "fr": (
        "Sortie de la CI (copiée depuis la page du pipeline) :",
        "Procès-verbal de l'assemblée générale – copropriété Les Hortensias",
        "capteurs_s12.csv\nstation,type,lat,lon,valeur,firmware,horodatage,hash",
    ),
    "es": (
        "Salida de la CI (copiada de la página del pipeline):",
        "Acta de la junta general de propietarios – Comunidad Residencial Los Almendros",
        "sensores_sem12.csv\nestacion,tipo,lat,lon,valor,firmware,hora,hash",
    ),
}
LONG_MID = {
    "en": (
        "FAILED tests/test_export.py::test_roundtrip - AssertionError: fixture pulled from prod snapshot!\n  expected record: {{'name': '{name}', 'email': '{email}', 'iban': '{iban_gb}', 'ni': '{ukni}'}}",
        "Item 14: Mr {first} {last} (flat 6) asked for a ramp at the side entrance; since his MS diagnosis last spring he uses a wheelchair. He also explained that his service-charge arrears of GBP 3,200 stem from losing his job, and the meeting agreed a payment plan.",
        "# station ST0001 metadata: owner City Council Highways Dept, Civic Centre, Mandela Way, Newcastle NE1 8QH, fault line 0191 278 7878 (public)",
    ),
    "de": (
        "FAILED tests/test_export.py::test_roundtrip - AssertionError: Fixture aus Produktions-Snapshot!\n  erwartet: {{'name': '{name}', 'mail': '{email}', 'iban': '{iban_de}', 'steuer_id': '{steuer0}'}}",
        "TOP 14: Herr {first} {last} (Wohnung 6) bat um eine Rampe am Seiteneingang; seit seiner MS-Diagnose im Frühjahr sitzt er im Rollstuhl. Er erläuterte außerdem, dass sein Hausgeldrückstand von 3.200 EUR auf den Verlust seiner Arbeit zurückgeht; die Versammlung stimmte einer Ratenzahlung zu.",
        "# Station ST0001 Stammdaten: Betreiber Stadt Kassel, Umwelt- und Gartenamt, Rathaus, Obere Königsstraße 8, 34117 Kassel, Störungshotline 0561 787-0 (öffentlich)",
    ),
    "fr": (
        "FAILED tests/test_export.py::test_roundtrip - AssertionError: fixture issue d'un snapshot de prod !\n  attendu : {{'nom': '{name}', 'mail': '{email}', 'iban': '{iban_fr}', 'nir': '{nir}'}}",
        "Point 14 : M. {first} {last} (lot 6) a demandé une rampe à l'entrée latérale ; depuis son diagnostic de sclérose en plaques au printemps, il se déplace en fauteuil. Il a aussi expliqué que son arriéré de charges de 3 200 EUR vient de la perte de son emploi ; l'assemblée a accepté un échéancier.",
        "# station ST0001 métadonnées : exploitant Ville de Grenoble, direction de l'environnement, 11 boulevard Jean-Pain, 38000 Grenoble, numéro d'astreinte 04 76 76 36 36 (public)",
    ),
    "es": (
        "FAILED tests/test_export.py::test_roundtrip - AssertionError: ¡fixture sacado de un snapshot de producción!\n  esperado: {{'nombre': '{name}', 'correo': '{email}', 'iban': '{iban_es}', 'dni': '{dni}'}}",
        "Punto 14: el señor {first} {last} (piso 6) pidió una rampa en la entrada lateral; desde que le diagnosticaron esclerosis múltiple en primavera va en silla de ruedas. También explicó que su deuda de 3.200 EUR en cuotas de comunidad se debe a que perdió el trabajo, y la junta aprobó un plan de pagos.",
        "# estación ST0001 metadatos: titular Ayuntamiento de Zaragoza, Servicio de Medio Ambiente, Plaza del Pilar 18, 50003 Zaragoza, teléfono de averías 976 72 11 00 (público)",
    ),
}
LONG_KINDS = (
    ["person_name", "email", "iban", "national_id"],
    ["person_name", "health", "financial"],
)
LONG_KINDS_DE = (["person_name", "email", "iban", "tax_id"], LONG_KINDS[1])


# per template: the gender its wording needs (F, M) or '.' for either
FOREIGN = {
    "i": ("M", [("Tommaso", "Ferraguti")]),
    "p": ("M", [("Bartosz", "Wierzbicki"), ("Grzegorz", "Malinowski"), ("Wojciech", "Zieliński")]),
    "s": ("F", [("Almudena", "Ocaña")]),
    "g": ("F", [("Henrieke", "Wolters")]),
    "n": ("M", [("Sjoerd", "Kuipers")]),
    "f": ("M", [("Gautier", "Lemarchand")]),
}
GENDER = {
    "STRUCT": {
        "en": "......i.p...",
        "de": "..F...s.p..M",
        "fr": "..F..Mg.n..M",
        "es": ".....Ff.p..F",
    },
    "FREE": {"en": "FMFMMFFF.", "de": "FMFMMFFF.", "fr": "FMFMMFFF.", "es": "FMFMMFFF."},
    "LONG": {"en": ".M", "de": ".M", "fr": ".M", "es": ".M"},
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
    return d


def long_docs(r: random.Random, lang: str, used: dict[str, int]) -> list[dict]:
    heads, tasks, mids = LONG_HEAD[lang], LONG_TASK[lang], LONG_MID[lang]
    kinds = LONG_KINDS_DE if lang == "de" else LONG_KINDS
    d = _slots(r, lang, used, GENDER["LONG"][lang][0])
    n1, n2, n3 = r.randint(45, 100), r.randint(100, 170), r.randint(45, 95)
    mid1 = mids[0].format(**d)
    doc1 = filler_kl.wrap(
        heads[0], filler_kl.l_ci(r, n1), mid1, "##[end] pipeline finished with failures"
    )
    d2 = _slots(r, lang, used, GENDER["LONG"][lang][1])
    mid2 = mids[1].format(**d2)
    doc2 = filler_kl.wrap(heads[1], filler_kl.l_minutes(r, lang, n2), mid2, "—")
    mid3 = mids[2]
    doc3 = filler_kl.wrap(heads[2], filler_kl.l_telemetry(r, n3), mid3, "# eof")
    return [
        item(
            "structured_id",
            kinds[0],
            f"{tasks[0]}\n\n{doc1}",
            "CI log; a failing test prints a production customer record",
            "easy",
            True,
            mid1,
        ),
        item(
            "free_text_pii",
            kinds[1],
            f"{doc2}\n\n{tasks[1]}",
            "owners' meeting minutes; one item states a named owner's diagnosis and arrears",
            "easy",
            True,
            mid2,
        ),
        item(
            "hard_negative",
            [],
            f"{tasks[2]}\n\n{doc3}",
            "sensor telemetry CSV: station ids, coordinates, firmware versions, hashes; the middle line is a city department's public address and fault line",
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
        out.append(
            item(
                "free_text_pii",
                sorted(set(kinds)),
                kit_kl.fill(tpl, _slots(r, lang, used, g)),
                note,
            )
        )
    for cx, text, note in NEG[lang]:
        out.append(item("hard_negative", [], text, note, cx))
    for cx, text, note in CLEAN[lang]:
        out.append(item("clean", [], text, note, cx))
    out += long_docs(r, lang, used)
    return out
