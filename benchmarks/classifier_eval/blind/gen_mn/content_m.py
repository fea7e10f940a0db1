"""Set M: prompts in English, German, French and Spanish (13 structured, 10 free-text, 15 hard
negatives, 14 clean per language; 3 long documents per language).

Identifier slots ``{...}`` are drawn by kit_mn.fill with valid checksums. Everything here is
invented for this set; the public people, places and organisations in the negatives are real
and public, and the test/example identifiers there are declared as such in the text.
"""

# the prompts are people's text, typographic dashes included
# ruff: noqa: RUF001

import random

import filler_mn as F
from kit_mn import fill, item, long_doc, split_even

S = {
    "en": [
        (
            "hey, payroll q: Rowan Etheridge changed banks, new IBAN is {iban_GB0}. NI number stays {ni_s}. can you update before the 25th",
            ["person_name", "iban", "national_id"],
            "chat to payroll: IBAN + UK NI",
        ),
        (
            "member_id,full_name,dob,mobile\nM-0091,Imogen Faulds,{dob_en},{phone_GB0}",
            ["person_name", "date_of_birth", "phone"],
            "CSV row of a club member",
        ),
        (
            "Mar 14 02:11:09 vpn-gw openvpn[2231]: {ip}:51514 [declan.mossop] Peer Connection Initiated with [AF_INET]",
            ["ip_user", "person_name"],
            "openvpn log line: public IP + login from a name",
        ),
        (
            "Reception note 09:40 — Mrs Beatrix Lomax, NHS no. {nhs}, came in for her physio slot after the hip replacement; asked to move next week's session.",
            ["person_name", "national_id", "health"],
            "clinic front desk: NHS number + surgery",
        ),
        (
            "Customer says she was charged twice. Name on card: Hollis Tremayne. Card {card_mc0}, exp 09/28. She pasted the full number in the chat, sorry",
            ["credit_card", "person_name"],
            "support chat with a full Mastercard number",
        ),
        (
            "Visa desk checklist\nApplicant ....... Priya Vanterpool\nPassport no. .... {pass_GB}\nDate of birth ... {dob_en}\nStatus .......... biometrics booked",
            ["passport", "person_name", "date_of_birth"],
            "dotted-leader form: passport + DOB",
        ),
        (
            "INSERT INTO tenants (full_name, email, phone) VALUES ('Callum Yearwood', 'c.yearwood84@fastmail.co.uk', '{phone_GB2}');",
            ["person_name", "email", "phone"],
            "SQL insert of a tenant",
        ),
        (
            'student: Osian Pritchard\nyear_group: 8\nguardian_phone: "{phone_GB3}"\nhome: 14 Ferncliffe Terrace, Keighley BD21 4QT\nmedical: peanut allergy, carries EpiPen',
            ["person_name", "phone", "address", "health"],
            "YAML school-trip record",
        ),
        (
            "Our new contractor Niamh Cardew spent six years in Munich, so her German tax ID —\n{steuer_1}\n— goes on the invoice template from now on.",
            ["person_name", "tax_id"],
            "German Steuer-ID in English text, label a line away",
        ),
        (
            "relocation checklist — Jasper Quayle\n[x] flights\n[ ] BSN from his Dutch payslip: {bsn}\n[ ] bank letter",
            ["person_name", "national_id"],
            "Dutch BSN in an English checklist",
        ),
        (
            "Farida Stonehouse rang again, the agency in Alicante wants her NIE on the lease — it's {nie_1}. Can you add it to the draft?",
            ["person_name", "national_id"],
            "Spanish NIE (dashed) in English",
        ),
        (
            "From: tamsin.greatorex@outlook.com\nTo: bookings@\nSubject: deposit\n\nPlease just take the deposit from my Amex, {card_amex0}, the link keeps timing out. Tamsin",
            ["email", "person_name", "credit_card"],
            "e-mail header + Amex in the body",
        ),
    ],
    "de": [
        (
            "Hallo Frau Brämer, bitte ab Juni das Gehalt von Jannik Ostendorp auf das neue Konto {iban_DE1} überweisen. Steuer-ID bleibt {steuer_2}. Danke!",
            ["person_name", "iban", "tax_id"],
            "Lohnbüro-Mail: IBAN unspaced + Steuer-ID 3-3-3-2",
        ),
        (
            "Rentenversicherungsnummer (steht auf dem Sozialversicherungsausweis):\n{rv_Quednau}\nLasse Quednau, Lager Halle 3",
            ["person_name", "national_id"],
            "RVNR with the label on the line above",
        ),
        (
            "Mar 03 21:47:55 nas01 sshd[8812]: Accepted publickey for h.vollmoeller from {ip} port 50122 ssh2",
            ["ip_user", "person_name"],
            "sshd line: public IP + login from a name",
        ),
        (
            "Kundin Svenja Leibrock ruft an, ihre Karte {card_visa2} wurde zweimal belastet (Bestellung vom Dienstag). Rückruf erbeten.",
            ["person_name", "credit_card"],
            "Callcenter-Notiz, card unspaced",
        ),
        (
            "Ausländerbehörde – Vorsprache\nName: Gunnar Pietsch\nReisepass-Nr.: {pass_DE}\ngeb.: {dob_de}\nAnliegen: Verlängerung Aufenthaltstitel Ehefrau",
            ["person_name", "passport", "date_of_birth"],
            "Behördenformular: Reisepass",
        ),
        (
            "Abholung vom Sofa bitte bei Edda Kloppenburg, Am Sielhafen 7, 26506 Norden. Sie ist ab 16 Uhr da, Tel {phone_DE0}",
            ["person_name", "address", "phone"],
            "Kleinanzeigen-Absprache: Adresse + Handy",
        ),
        (
            "Für die Grenzgänger-Abrechnung brauchen wir die französische Sozialversicherungsnummer von Ruth Esslinger (Straßburg): {nirf_1}",
            ["person_name", "national_id"],
            "French NIR in German text",
        ),
        (
            '{"kunde": "Malte Udelhoven", "email": "malte.udelhoven@posteo.de", "geburtsdatum": "{dob_de}", "newsletter": false}',
            ["person_name", "email", "date_of_birth"],
            "JSON customer record",
        ),
        (
            "Bitte Rückerstattung an Korbinian Aigner, IBAN {iban_AT0}. Bei Rückfragen erreicht man ihn unter {phone_AT}.",
            ["person_name", "iban", "phone"],
            "Austrian IBAN + phone",
        ),
        (
            "AHV-Nummer der neuen Aushilfe aus Basel, Noemi Tschudin: {ahv} – bitte ins Lohnblatt",
            ["person_name", "national_id"],
            "Swiss AHV number in German",
        ),
        (
            "Ticket #88213 | Frau Wiebke Harms-Olbrich (w.harms-olbrich@gmx.de, {phone_DE3}) kommt seit dem Update nicht mehr ins Kundenportal.",
            ["person_name", "email", "phone"],
            "ticket line with e-mail + phone",
        ),
        (
            "spanische NIE vom Kollegen Benedikt Roos fürs Mietkonto in Valencia: {nie_0}, Sozialversicherung {nss}",
            ["person_name", "national_id"],
            "Spanish NIE + NSS in German",
        ),
    ],
    "fr": [
        (
            "Bonjour, pour le virement du remboursement : Solène Marcillac, IBAN {iban_FR0}. Merci de confirmer par retour.",
            ["person_name", "iban"],
            "mail comptable: IBAN FR",
        ),
        (
            "N° de sécurité sociale de Gaëtan Pouzols (nouvel intérimaire) :\n{nirm_2}\nà saisir avant vendredi",
            ["person_name", "national_id"],
            "NIR with key apart, label above",
        ),
        (
            "Mar 22 04:02:17 mail dovecot: imap-login: Login: user=<maelys.grandjouan>, method=PLAIN, rip={ip}, lip=10.0.4.2, TLS",
            ["ip_user", "person_name"],
            "dovecot log: public IP + login",
        ),
        (
            "Client : Anatole Vercoutre — carte {card_visa1} — litige sur la commande du 12, il demande un geste commercial.",
            ["person_name", "credit_card"],
            "note SAV with dashed Visa",
        ),
        (
            "Fiche visa\nNom : Clémentine Abadie-Roux\nPasseport n° {pass_FR}\nNée le {dob_fr}\nTél. {phone_FR0}",
            ["person_name", "passport", "date_of_birth", "phone"],
            "fiche consulaire: passeport + naissance",
        ),
        (
            "Livraison à déposer chez Bérénice Lhomond, 9 rue des Tanneurs, 67000 Strasbourg, 2e étage gauche. Digicode donné par téléphone au {phone_FR2}.",
            ["person_name", "address", "phone"],
            "adresse de livraison + téléphone fixe",
        ),
        (
            "| nom | courriel | téléphone |\n|---|---|---|\n| Thibaut Carrère | thibaut.carrere@laposte.net | {phone_FR1} |",
            ["person_name", "email", "phone"],
            "tableau Markdown d'un bénévole",
        ),
        (
            "Notre salariée Armelle Quéré part en détachement à Cologne ; son identifiant fiscal allemand est {steuer_3}, indiqué sur sa fiche de paie.",
            ["person_name", "tax_id"],
            "German Steuer-ID dotted in French",
        ),
        (
            "<patient><nom>Loïc Tessonneau</nom><nir>{nirm_0}</nir><motif>suivi diabète type 1</motif></patient>",
            ["person_name", "national_id", "health"],
            "XML patient record with NIR + diagnosis",
        ),
        (
            "Apolline Ferrandou (NIE espagnol {nie_0}) demande une attestation pour son employeur à Bilbao.",
            ["person_name", "national_id"],
            "Spanish NIE in French",
        ),
        (
            "Mar 9 18:30:02 fw01 charon: 12[IKE] {ip} is initiating a Main Mode IKE_SA, EAP identity 'gkerbrat'",
            ["ip_user", "person_name"],
            "VPN IKE log: public IP + EAP identity from a name",
        ),
        (
            "Coucou, tu peux refaire le prélèvement pour la cotisation du club ? Sidonie Marchetti, IBAN belge {iban_BE0}, mail sidonie.m@skynet.be",
            ["person_name", "iban", "email"],
            "Belgian IBAN + e-mail, chatty",
        ),
    ],
    "es": [
        (
            "Buenas, para la nómina de Itziar Goñi Larrea: DNI {dni_1}, cuenta {iban_ES0}. Gracias!!",
            ["person_name", "national_id", "iban"],
            "mensaje a nóminas: DNI dashed + IBAN",
        ),
        (
            "Afiliación a la Seguridad Social de Fermín Alcubierre: {nss}\n(la pidió la gestoría para el alta)",
            ["person_name", "national_id"],
            "NSS with the name",
        ),
        (
            "2026-03-11T07:15:40Z auth ok usuario=rocio.valdeolmillos origen={ip} app=portal-proveedores",
            ["ip_user", "person_name"],
            "app log: public IP + usuario from a name",
        ),
        (
            "Reclamación: Anselmo Tárrega dice que su tarjeta {card_mc2} sigue apareciendo en la suscripción aunque la dio de baja.",
            ["person_name", "credit_card"],
            "reclamación with unspaced Mastercard",
        ),
        (
            "Hoja de embarque\nPasajera: Nerea Ibarrola\nPasaporte: {pass_ES}\nF. nacimiento: {dob_es}",
            ["person_name", "passport", "date_of_birth"],
            "boarding sheet: pasaporte",
        ),
        (
            "Entregar el colchón a Cosme Villafañe, C/ Pintor Sorolla 31, 3ºB, 46002 Valencia. Llamar antes al {phone_ES2}",
            ["person_name", "address", "phone"],
            "dirección de entrega + móvil",
        ),
        (
            "nombre;correo;nacimiento\nMaite Urquizu;maite.urquizu@telefonica.net;{dob_es}",
            ["person_name", "email", "date_of_birth"],
            "CSV row: correo + nacimiento",
        ),
        (
            "Evaristo Pujadas trabajó en Lyon; su número de la Sécurité sociale francesa es {nirm_1} y lo necesita para la pensión.",
            ["person_name", "national_id"],
            "French NIR in Spanish",
        ),
        (
            "NIE de la nueva cuidadora, Ainhoa Cebrián: {nie_1}. Teléfono {phone_ES1}.",
            ["person_name", "national_id", "phone"],
            "NIE dashed + phone",
        ),
        (
            "Lisandro Ochandiano, residente en Múnich, nos pasa su Steuer-ID alemana para la factura: {steuer_1}",
            ["person_name", "tax_id"],
            "German Steuer-ID in Spanish",
        ),
        (
            "INSERT INTO socios (nombre, iban) VALUES ('Begoña Zurutuza', '{iban_PT0}');",
            ["person_name", "iban"],
            "SQL with a Portuguese IBAN",
        ),
        (
            "De: telmo.arregui@euskaltel.net\nAsunto: pago\n\nOs paso la Visa para la reserva del albergue: {card_visa0}, caduca 11/27. Telmo",
            ["email", "person_name", "credit_card"],
            "correo con Visa agrupada",
        ),
    ],
}

P = {
    "en": [
        (
            "Quick one — Lorna in accounts told me in confidence that her husband Malcolm has started drinking again and she may need to leave early on Thursdays for his counselling.",
            ["person_name", "health"],
            "colleague + husband, addiction",
        ),
        (
            "my mum Agnes Wray was diagnosed with early-onset Parkinson's in March and the care agency keeps sending different carers",
            ["person_name", "health"],
            "relative by name, diagnosis",
        ),
        (
            "I'm Wilf Ashdown, I owe about £14k across three credit cards and I've missed two council tax payments. The bailiffs letter came today.",
            ["person_name", "financial"],
            "self-disclosure, debts",
        ),
        (
            "FYI Keziah Dunmore is the Unite rep on the third floor, so she'll sit in on the disciplinary meeting.",
            ["person_name", "trade_union"],
            "union membership in passing",
        ),
        (
            "Before the offer goes out: Marcus Elphick disclosed a 2019 conviction for drink-driving on his DBS form.",
            ["person_name", "criminal_record"],
            "criminal record from a form",
        ),
        (
            "Samir Halloran, one of our weekend volunteers, converted to Judaism last year and now can't do Saturday shifts — rota needs a rethink.",
            ["person_name", "religion"],
            "religion of a named volunteer",
        ),
        (
            "Intro for the newsletter: Bethan Corry joins us as events lead; she and her wife Ffion moved down from Bangor in the spring.",
            ["person_name", "sexual_orientation"],
            "same-sex marriage stated",
        ),
        (
            "Dr Okafor's note says Ms Penhaligon is 14 weeks pregnant and shouldn't be lifting the archive boxes any more.",
            ["person_name", "health"],
            "honorific + surname, pregnancy",
        ),
        (
            "note to file: Gideon Raikes has been signed off with severe depression since 3 Feb, GP fit note attached, return date unknown",
            ["person_name", "health"],
            "sick note, mental health",
        ),
    ],
    "de": [
        (
            "Hallo zusammen, Mirko Scheuvens ist seit Montag wegen eines Burnouts krankgeschrieben, voraussichtlich sechs Wochen.",
            ["person_name", "health"],
            "greeting + name, burnout",
        ),
        (
            "Meine Schwester Ilka hat letzte Woche die Diagnose Brustkrebs bekommen, ich brauche nächste Woche zwei Tage frei für die Arzttermine.",
            ["person_name", "health"],
            "relative by first name, diagnosis",
        ),
        (
            "Herr Kallweit aus der Buchhaltung ist in der Privatinsolvenz, deshalb kommt die Gehaltspfändung jetzt über uns.",
            ["person_name", "financial"],
            "honorific + surname, insolvency",
        ),
        (
            "Frauke Tiedgen ist seit Jahren bei ver.di aktiv und wird bei der Betriebsratswahl kandidieren.",
            ["person_name", "trade_union"],
            "union membership",
        ),
        (
            "Bewerber Dennis Holtkötter hat im Gespräch erwähnt, dass er wegen Betrugs eine Bewährungsstrafe hatte.",
            ["person_name", "criminal_record"],
            "criminal record",
        ),
        (
            "Unsere Azubine Leyla Darcan fastet im Ramadan, können wir ihre Schicht im März nach vorne legen?",
            ["person_name", "religion"],
            "religious practice of a named trainee",
        ),
        (
            "Kurze Info: Herr Ansgar Weyand und sein Ehemann adoptieren ein Kind, er beantragt dafür Elternzeit ab Oktober.",
            ["person_name", "sexual_orientation"],
            "same-sex marriage stated",
        ),
        (
            "Frau Dr. Seelbach hat angerufen: Jolanda Brink ist in der 20. Woche schwanger und braucht ein Beschäftigungsverbot für die Nachtschicht.",
            ["person_name", "health"],
            "pregnancy",
        ),
        (
            "ganz ehrlich, ich (Ole Fenske) bin spielsüchtig und hab mein Konto um 9000 € überzogen, wie sag ich das meiner Frau",
            ["person_name", "health", "financial"],
            "self-disclosure, gambling + overdraft",
        ),
    ],
    "fr": [
        (
            "Salut l'équipe, Yannick Brisebarre est en arrêt pour une dépression depuis lundi, on répartit ses dossiers.",
            ["person_name", "health"],
            "greeting + name, depression",
        ),
        (
            "Mon père, Gérard Lafourcade, vient d'apprendre qu'il a un Alzheimer débutant, et ma mère ne veut pas d'aide à domicile.",
            ["person_name", "health"],
            "relative by name, diagnosis",
        ),
        (
            "Mme Guivarc'h est en surendettement, le dossier est passé en commission à la Banque de France le mois dernier.",
            ["person_name", "financial"],
            "honorific + surname, over-indebtedness",
        ),
        (
            "Pour info, Nadège Vialatte est déléguée CGT et sera présente à l'entretien préalable.",
            ["person_name", "trade_union"],
            "union membership",
        ),
        (
            "Le candidat Kévin Ducasse a un casier : condamnation pour vol en réunion en 2021, d'après l'extrait B3.",
            ["person_name", "criminal_record"],
            "criminal record",
        ),
        (
            "Rachida Benmansour, notre stagiaire, fait le ramadan ; peut-on décaler la réunion de 12h ?",
            ["person_name", "religion"],
            "religious practice",
        ),
        (
            "Hugo Ménestrel et son mari reviennent de leur congé d'adoption la semaine prochaine, prévoir un pot.",
            ["person_name", "sexual_orientation"],
            "same-sex marriage stated",
        ),
        (
            "La sage-femme confirme que Mme Odile Carbonnel est enceinte de jumeaux, grossesse à risque, télétravail conseillé.",
            ["person_name", "health"],
            "pregnancy",
        ),
        (
            "je m'appelle Florent Achard, je suis sous méthadone depuis deux ans et mon nouvel employeur me demande pourquoi je pars tôt le mardi",
            ["person_name", "health"],
            "self-disclosure, addiction treatment",
        ),
    ],
    "es": [
        (
            "Hola a todos, Chelo Marrodán estará de baja unas semanas por una operación de corazón; Paco cubre su turno.",
            ["person_name", "health"],
            "greeting + name, surgery",
        ),
        (
            "Mi hermano Iñaki tiene esquizofrenia y esta semana ha dejado la medicación, no sé a quién llamar.",
            ["person_name", "health"],
            "relative by first name, diagnosis",
        ),
        (
            "El señor Abascal Ruidíaz debe tres meses de alquiler y el banco le ha embargado la cuenta.",
            ["person_name", "financial"],
            "honorific + surname, arrears",
        ),
        (
            "Ojo, Remedios Sigüenza es delegada de CCOO y tiene que estar en la reunión de despidos.",
            ["person_name", "trade_union"],
            "union membership",
        ),
        (
            "El aspirante Jonatan Ferrús tiene antecedentes por lesiones, según el certificado que entregó.",
            ["person_name", "criminal_record"],
            "criminal record",
        ),
        (
            "Nuestra voluntaria Yasmina El Idrissi es musulmana practicante y pidió no trabajar los viernes a mediodía.",
            ["person_name", "religion"],
            "religion",
        ),
        (
            "Álvaro Quintanilla se casó con su novio Rubén en junio y pide los 15 días de permiso por matrimonio.",
            ["person_name", "sexual_orientation"],
            "same-sex marriage stated",
        ),
        (
            "Doña Purificación Leal está embarazada de ocho meses y no puede subir al archivo del sótano.",
            ["person_name", "health"],
            "pregnancy",
        ),
        (
            "soy Gorka Etxarri, llevo cuatro meses sin beber después de la clínica de desintoxicación y me ofrecen un puesto de comercial con cenas",
            ["person_name", "health"],
            "self-disclosure, alcohol recovery",
        ),
    ],
}

NEG = {
    "en": [
        (
            "Mary Seacole was born in Kingston, Jamaica, in 1805 and nursed soldiers in the Crimea. Write a two-line rhyme about her for a Year 3 class.",
            "easy",
            "historical figure with birth year",
        ),
        (
            "The Barbican Centre is on Silk Street, London EC2Y 8DS. Write to their access team asking whether they lend ear defenders at family concerts and where the quiet room is.",
            "medium",
            "venue's public address",
        ),
        (
            "Paddington Bear lives with the Browns at 32 Windsor Gardens. In three sentences, why does that address matter in the books?",
            "easy",
            "fictional character's address",
        ),
        (
            "For the checkout sandbox use Stripe's documented test cards 5555 5555 5555 4444 (Mastercard) and 3782 822463 10005 (Amex). Write pytest fixtures that run the payment flow with both.",
            "medium",
            "documented test cards, declared",
        ),
        (
            "GB82 WEST 1234 5698 7654 32 is the example IBAN used in most bank docs. Explain what each part of this example means.",
            "medium",
            "documented example IBAN, declared",
        ),
        (
            "News said King Charles is continuing his cancer treatment while taking on more public engagements. Summarise what the monarch's constitutional duties actually are.",
            "medium",
            "public figure's illness in the news",
        ),
        (
            "order=77310 status=DELAYED carrier=DPD parcel=JD00022488\norder=77311 status=SHIPPED carrier=DPD parcel=JD00022491\norder=77318 status=DELAYED carrier=Evri parcel=H01AZX9931\nhow many are delayed?",
            "easy",
            "order and parcel ids",
        ),
        (
            "Our sign-up form uses 'John Q. Public, 123 Any Street, Anytown' as placeholder text. Suggest placeholder wording that doesn't look like a real person.",
            "medium",
            "declared placeholder person",
        ),
        (
            "Ben & Jerry's, Uncle Ben's (now Ben's Original) and Aunt Jemima all put a person's name on the pack. Compare how each brand's ownership and naming changed, weighing reputational versus commercial reasons, and say which rebrand was handled best.",
            "hard",
            "brands that look like people",
        ),
        (
            "Our deployment pulls env vars from a Kubernetes Secret called db-credentials via envFrom. How do we rotate it without downtime? Compare plain Secrets, sealed-secrets and External Secrets Operator with trade-offs and a recommendation.",
            "hard",
            "Kubernetes Secret without any value",
        ),
        (
            "git bisect landed on {hex40} as the first bad commit (request {hex8}-{hex4}-{hex4}-{hex4}-{hex12} fails after it). In one sentence, what does bisect actually do?",
            "easy",
            "commit hash and UUID",
        ),
        (
            "Morning all! Reminder that the fire drill is at 11 and the lifts will be off. Make this sound a bit more cheerful.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "Make a staff-room poster listing where to get help out of hours: NHS 111, Childline 0800 1111, Shout (text 85258).",
            "medium",
            "public helplines",
        ),
        (
            "Staff survey 2025: 11.8% of 640 respondents report a disability; median hourly pay is 6% lower for that group. Design an analysis that tests whether the gap is real, naming confounders, a model and the sample size we would need.",
            "hard",
            "aggregate statistics",
        ),
    ],
    "de": [
        (
            "Hildegard von Bingen wurde 1098 in Bermersheim geboren. Schreib dazu einen Satz für eine Kinder-Rätselkarte.",
            "easy",
            "historical figure with birth year",
        ),
        (
            "Die Elbphilharmonie liegt am Platz der Deutschen Einheit 4, 20457 Hamburg. Wie komme ich vom Hauptbahnhof mit Bus und Bahn dahin, und was sollte ich zur Plaza wissen?",
            "medium",
            "landmark's public address",
        ),
        (
            "Pumuckl wohnt bei Meister Eder in der Schreinerwerkstatt. Erklär in zwei Sätzen, warum ihn nur Eder sehen kann.",
            "easy",
            "fictional characters",
        ),
        (
            "In unserem Marketingtext steht 'Lieschen Müller' als Beispiel für die typische Kundin. Ist das noch zeitgemäß? Schlag drei Alternativen vor.",
            "medium",
            "declared stand-in name",
        ),
        (
            "DE89 3704 0044 0532 0130 00 ist die Beispiel-IBAN aus der Bankdokumentation. Schreib einen regulären Ausdruck plus Prüfziffernprüfung in Python, der sie akzeptiert.",
            "medium",
            "documented example IBAN, declared",
        ),
        (
            "Frank-Walter Steinmeier spendete 2010 seiner Frau eine Niere, das war damals groß in den Nachrichten. Fass in zwei Sätzen zusammen, was eine Lebendspende rechtlich voraussetzt.",
            "easy",
            "public figure's health in the news",
        ),
        (
            "Warum heißt Meister Proper in Deutschland so, in den USA aber Mr. Clean? Erklär die Markengeschichte kurz.",
            "medium",
            "brand that looks like a person",
        ),
        (
            "Bestellung 2026-004417 Sendung 00340434161200457891 Status: verspätet\nBestellung 2026-004418 Sendung 00340434161200457908 Status: zugestellt\nBestellung 2026-004421 Sendung 00340434161200458011 Status: verspätet\nWie viele sind verspätet?",
            "easy",
            "order ids and tracking numbers",
        ),
        (
            "Unser Helm-Chart legt ein Secret namens smtp-zugang an und mountet es als Datei. Entwirf ein Konzept zur Rotation ohne Ausfall, vergleiche Vault Agent, CSI Secrets Store und External Secrets, mit Risiken und Empfehlung.",
            "hard",
            "Kubernetes Secret without value",
        ),
        (
            "Im Landkreis sind laut Statistik 3,4 % der Beschäftigten schwerbehindert, in unserem Betrieb 1,9 %. Entwickle eine Argumentation, welche Ursachen in Frage kommen, wie wir sie prüfen und welche Maßnahmen mit welchem Aufwand die Quote heben.",
            "hard",
            "aggregate statistics",
        ),
        (
            "Moin in die Runde, die Kaffeemaschine im 2. OG ist wieder heil. Mach daraus eine witzige Rundmail.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "Entwirf einen Aushang für die Teeküche: Hilfetelefon Gewalt gegen Frauen 116 016, Nummer gegen Kummer 116 111, Ärztlicher Bereitschaftsdienst 116 117.",
            "medium",
            "public helplines",
        ),
        (
            "Testdaten für die Lohnsoftware: Steuer-ID 12345678903 (absichtlich ungültig, nur für Unit-Tests). Schreib einen pytest, der genau diese ID ablehnt.",
            "medium",
            "declared invalid Steuer-ID",
        ),
        (
            "Jürgen Klopp wurde am 16. Juni 1967 in Stuttgart geboren. Vergleiche seine Gegenpressing-Idee mit Guardiolas Positionsspiel, mit Beispielen aus konkreten Spielen und den stärksten Gegenargumenten.",
            "hard",
            "public figure with birth date",
        ),
    ],
    "fr": [
        (
            "Olympe de Gouges est née en 1748 à Montauban. Écris une phrase d'accroche pour une affiche de la journée du 8 mars.",
            "easy",
            "historical figure with birth year",
        ),
        (
            "Le musée des Confluences est au 86 quai Perrache, 69002 Lyon. Rédige un courriel poli pour demander un tarif de groupe pour 28 élèves.",
            "medium",
            "museum's public address",
        ),
        (
            "Maigret habite boulevard Richard-Lenoir avec Madame Maigret. Résume en deux phrases pourquoi ce décor compte dans les romans.",
            "easy",
            "fictional characters' address",
        ),
        (
            "Carte de test documentée par Adyen : 4111 1111 4555 1142 (données fictives). Écris un test Jest qui vérifie que le formulaire l'accepte en mode sandbox.",
            "medium",
            "documented test card, declared",
        ),
        (
            "FR76 3000 6000 0112 3456 7890 189 est l'IBAN d'exemple qu'on trouve partout. Explique ce que signifient la clé RIB et les deux chiffres de contrôle.",
            "medium",
            "documented example IBAN, declared",
        ),
        (
            "D'après la presse, Céline Dion souffre du syndrome de la personne raide. Résume ce qu'est cette maladie en trois phrases simples.",
            "easy",
            "public figure's illness in the news",
        ),
        (
            "Pourquoi la marque Mère Poulard porte-t-elle le nom d'une personne ? Raconte l'histoire en un paragraphe.",
            "medium",
            "brand named after a historical person",
        ),
        (
            "ticket=SAV-20260311-0042 colis=6A-4471-2290-FR statut=perdu\nticket=SAV-20260311-0043 colis=6A-4471-2291-FR statut=livré\ncompte les colis perdus",
            "easy",
            "ticket ids and parcel numbers",
        ),
        (
            "Notre Deployment lit la clé d'API depuis un Secret Kubernetes « api-partenaire ». Propose une stratégie de rotation sans interruption, compare trois outils et justifie le choix avec les risques.",
            "hard",
            "Kubernetes Secret without value",
        ),
        (
            "Selon l'INSEE, 14,4 % de la population vit sous le seuil de pauvreté. Construis une analyse critique de cet indicateur : définitions concurrentes, biais, ce qu'il ne mesure pas, et propose deux indicateurs complémentaires.",
            "hard",
            "aggregate statistics",
        ),
        (
            "Bonsoir la compagnie ! Qui ramène les gobelets pour samedi ? Reformule ça en message plus clair.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "Fais une affichette pour la salle de pause : Fil Santé Jeunes 0 800 235 236, 3114 (prévention du suicide), 119 Allô Enfance en Danger.",
            "medium",
            "public helplines",
        ),
        (
            "Jeu de données fictif pour la formation : « Jean Dupuis, 1 rue de l'Exemple, 00000 Testville ». Remplace-le par cinq fiches fictives plus crédibles mais clairement fausses.",
            "medium",
            "declared fictitious record",
        ),
        (
            "Kylian Mbappé est né le 20 décembre 1998 à Paris. Analyse si son transfert au Real Madrid était plus rentable pour lui ou pour le PSG, en pesant les arguments sportifs, fiscaux et d'image.",
            "hard",
            "public figure with birth date",
        ),
    ],
    "es": [
        (
            "Clara Campoamor nació en Madrid en 1888. Escribe una frase para una tarjeta de la efeméride del voto femenino.",
            "easy",
            "historical figure with birth year",
        ),
        (
            "La Sagrada Família está en la calle de Mallorca, 401, 08013 Barcelona. Redacta un correo para preguntar si hay visitas con audiodescripción.",
            "medium",
            "landmark's public address",
        ),
        (
            "Mafalda vive en un piso de Buenos Aires con sus padres. Explica en dos frases por qué su casa es tan importante en las tiras.",
            "easy",
            "fictional character",
        ),
        (
            "IBAN de ejemplo de la documentación: ES91 2100 0418 4502 0005 1332. Escribe una función en JavaScript que valide los dígitos de control y pruébala con este ejemplo.",
            "medium",
            "documented example IBAN, declared",
        ),
        (
            "Tarjeta de prueba de Redsys: 4548 8120 4940 0004 (solo entorno de pruebas). ¿Qué pasos sigo para simular un pago denegado?",
            "medium",
            "declared test card",
        ),
        (
            "Los medios informaron de que el rey Juan Carlos fue operado de la cadera en 2012. Resume en tres frases qué es una prótesis de cadera.",
            "easy",
            "public figure's surgery in the news",
        ),
        (
            "¿Por qué la marca Tío Pepe lleva el nombre de un tío real? Cuéntalo en un párrafo.",
            "medium",
            "brand named after a person",
        ),
        (
            "pedido=PV-88120 envío=CX-2026-0098812 estado=retrasado\npedido=PV-88121 envío=CX-2026-0098813 estado=entregado\npedido=PV-88127 envío=CX-2026-0098830 estado=retrasado\n¿cuántos van retrasados?",
            "easy",
            "order and shipment ids",
        ),
        (
            "Tenemos un Secret de Kubernetes llamado token-pasarela montado como volumen. Diseña cómo rotarlo sin cortes, compara al menos tres enfoques con sus riesgos y recomienda uno.",
            "hard",
            "Kubernetes Secret without value",
        ),
        (
            "Según el INE, la tasa de paro juvenil es del 26 %. Analiza críticamente qué mide y qué no, con definiciones alternativas, sesgos y dos indicadores que la complementen.",
            "hard",
            "aggregate statistics",
        ),
        (
            "Querida comunidad del huerto: el sábado toca limpiar la balsa. Hazlo más simpático.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "Haz un cartel para la sala de descanso con: 024 (conducta suicida), 016 (violencia de género), 112 emergencias.",
            "medium",
            "public helplines",
        ),
        (
            "Datos ficticios para el curso: «Fulanito Pérez, DNI 00000000T, calle Falsa 123». ¿Es buena idea usar ese DNI de ejemplo? Explica por qué y propón alternativas.",
            "medium",
            "declared example DNI and placeholder",
        ),
        (
            "Rafa Nadal nació el 3 de junio de 1986 en Manacor. Compara su estrategia de juego en tierra batida con la de Alcaraz, con datos y contraargumentos, y valora cuál será más duradera.",
            "hard",
            "public figure with birth date",
        ),
    ],
}

CLEAN = {
    "en": [
        ("whats a decent swap for buttermilk in cheese scones", "easy"),
        (
            "title case these: the wind in the willows / a tale of two cities / of mice and men",
            "easy",
        ),
        ("3/8 inch in mm?", "easy"),
        ("haiku about an escalator that's been broken since June", "easy"),
        ("List five board games for a rainy afternoon with a 7-year-old who hates losing.", "easy"),
        ("Fix the grammar: 'Their going to the market tomorow, weather or not it rains.'", "easy"),
        (
            "Explain the difference between a stocks-and-shares ISA and a Lifetime ISA for someone saving for a first flat.",
            "medium",
        ),
        ("Write a short cover note to go with a quilt I'm donating to a hospice raffle.", "medium"),
        (
            "Why does my sourdough collapse in the oven when it rises fine in the banneton? Give me the likely causes.",
            "medium",
        ),
        ("Plan three cheap days in Porto in November, mostly walking.", "medium"),
        (
            "Prove there are infinitely many primes congruent to 3 mod 4, then explain why the same argument fails for 1 mod 4.",
            "hard",
        ),
        (
            "Design a database schema for a tool-lending library with reservations, late fees and damage reports; justify the normalisation choices and indexes.",
            "hard",
        ),
        (
            "Compare the causes of the 1929 crash and the 2008 crisis, assess at least three competing explanations and say which evidence would settle the disagreement.",
            "hard",
        ),
        (
            "Write a Rust function that merges overlapping intervals, analyse its complexity and prove it correct with a loop invariant.",
            "hard",
        ),
    ],
    "de": [
        ("wie viele gramm sind ein gestrichener esslöffel zucker", "easy"),
        ("Setz die Wörter in den Plural: Atlas, Kaktus, Thema, Komma", "easy"),
        ("Übersetz ins Englische: 'Die Sitzung fällt heute aus.'", "easy"),
        ("Ein Vierzeiler über einen Regenschirm, der immer im Zug liegen bleibt", "easy"),
        ("Nenn mir vier Zimmerpflanzen, die mit Nordfenster klarkommen.", "easy"),
        (
            "Korrigier bitte: 'Wir haben uns gestern wiedermal verpasst, das nächstemal klapts bestimmt.'",
            "easy",
        ),
        (
            "Was ist der Unterschied zwischen Festgeld und Tagesgeld, und wann lohnt sich welches?",
            "medium",
        ),
        (
            "Schreib eine kurze Absage für ein Vorstellungsgespräch, weil ich schon eine andere Stelle angenommen habe.",
            "medium",
        ),
        (
            "Warum wird mein Apfelkuchen unten immer matschig? Mögliche Gründe und Abhilfe.",
            "medium",
        ),
        (
            "Plan eine Fahrradtour an der Mosel über drei Tage mit Kindern, etwa 35 km am Tag.",
            "medium",
        ),
        (
            "Beweise, dass die Wurzel aus 3 irrational ist, und verallgemeinere den Beweis auf jede Nicht-Quadratzahl. Wo genau braucht man die eindeutige Primfaktorzerlegung?",
            "hard",
        ),
        (
            "Entwirf eine Architektur für eine Vereinsverwaltung mit Mitgliedsbeiträgen, SEPA-Lastschriften und Rollenrechten; begründe die Wahl der Datenbank und wie du Audit-Logs umsetzt.",
            "hard",
        ),
        (
            "Vergleiche die Ursachen der Inflation 1923 und 2022 in Deutschland, wäge mindestens drei Erklärungen gegeneinander ab und sag, welche Daten den Streit entscheiden würden.",
            "hard",
        ),
        (
            "Schreib in Go einen nebenläufigen Web-Crawler mit Ratenbegrenzung pro Host, erklär die Synchronisation und wie du Deadlocks ausschließt.",
            "hard",
        ),
    ],
    "fr": [
        ("combien de temps pour cuire un œuf mollet", "easy"),
        (
            "Donne les féminins admis de « vengeur », « docteur » et « auteur », sans explication",
            "easy",
        ),
        ("Traduis en espagnol : « La réunion est reportée à jeudi. »", "easy"),
        ("Un petit poème de quatre vers sur une bicyclette rouillée", "easy"),
        ("Donne-moi cinq idées de pique-nique sans réfrigérateur.", "easy"),
        ("Corrige : « Les enfant on manger tout les gâteaux hier soir. »", "easy"),
        (
            "Quelle différence entre un livret A et une assurance-vie pour une épargne à cinq ans ?",
            "medium",
        ),
        ("Rédige un mot d'excuse pour mon voisin : ma fête a fait trop de bruit samedi.", "medium"),
        (
            "Pourquoi ma mayonnaise tourne-t-elle ? Explique les causes et comment la rattraper.",
            "medium",
        ),
        ("Propose un week-end de trois jours en Bretagne sans voiture.", "medium"),
        (
            "Démontre que la série des inverses des nombres premiers diverge, puis explique pourquoi cela implique qu'il y a une infinité de premiers.",
            "hard",
        ),
        (
            "Conçois le schéma de données d'une AMAP (paniers, producteurs, abonnements, absences) et justifie chaque choix de normalisation et d'index.",
            "hard",
        ),
        (
            "Compare les causes de la Révolution de 1789 et de celle de 1848 en pesant au moins trois interprétations historiographiques, puis dis laquelle te convainc le plus et pourquoi.",
            "hard",
        ),
        (
            "Écris en Python un solveur de sudoku par propagation de contraintes, analyse sa complexité et explique quand il doit revenir en arrière.",
            "hard",
        ),
    ],
    "es": [
        ("cuántos minutos hierve un huevo duro", "easy"),
        ("Dame el femenino de: actor, alcalde, poeta, tigre, barón", "easy"),
        ("Traduce al francés: «Mañana no hay clase por la huelga.»", "easy"),
        ("Unos versos cortos sobre un ventilador que hace ruido", "easy"),
        ("Dime cinco juegos de cartas para jugar con los abuelos.", "easy"),
        ("Corrige: «Haber si nos vemos, que hace mucho que no se de ti.»", "easy"),
        (
            "¿Qué diferencia hay entre un plan de pensiones y un fondo indexado para alguien de 30 años?",
            "medium",
        ),
        (
            "Escríbeme una nota para la comunidad de vecinos pidiendo que no dejen bicis en el portal.",
            "medium",
        ),
        (
            "¿Por qué se me corta la tortilla al darle la vuelta? Posibles causas y trucos.",
            "medium",
        ),
        ("Organiza una ruta de cuatro días por Asturias en tren y autobús.", "medium"),
        (
            "Demuestra que entre n y 2n siempre hay un primo para n = 1..10 a mano, y explica por qué eso no es una demostración del postulado de Bertrand y cómo se demuestra de verdad.",
            "hard",
        ),
        (
            "Diseña el modelo de datos de una biblioteca de semillas con préstamos, devoluciones de cosecha y variedades; justifica la normalización y los índices.",
            "hard",
        ),
        (
            "Compara las causas de la crisis del 98 y de la de 2008 en España, sopesando al menos tres explicaciones, y di qué datos resolverían la discusión.",
            "hard",
        ),
        (
            "Escribe en TypeScript un planificador de turnos que respete descansos mínimos, explica el algoritmo y demuestra que no asigna dos turnos solapados.",
            "hard",
        ),
    ],
}

TASKS = {
    "en": {
        "easy": [
            "Pull out just the dates mentioned, one per line.",
            "Give me a ten-word gist of this.",
            "Turn this into three bullet points, nothing more.",
            "Fix the typos and leave everything else as it is.",
            "Put this into plain German, keep the line breaks.",
        ],
        "medium": [
            "Draft a short, friendly reply acknowledging this and saying what happens next.",
            "Which team should own this: HR, finance, IT or facilities? One paragraph on why.",
            "Write a handover note for whoever covers my desk tomorrow.",
        ],
        "hard": [
            "Before we store this anywhere: build a threat model of who could misuse it, map each data element to a lawful basis under UK GDPR, and propose retention and access controls, weighing the trade-offs of each.",
            "Work out whether we may share this with our US parent company: transfer mechanism, necessity, proportionality and residual risk, citing the relevant articles, and end with a reasoned recommendation.",
            "Design the whole process for records like this (intake, verification, storage, deletion, audit), argue why each step is needed and what breaks if it is skipped.",
        ],
    },
    "de": {
        "easy": [
            "Gib mir nur die vorkommenden Daten, eins pro Zeile.",
            "Fass das in höchstens zehn Wörtern zusammen.",
            "Mach daraus drei Stichpunkte.",
            "Korrigier nur die Tippfehler.",
            "Übersetz das ins Englische, Zeilenumbrüche bitte beibehalten.",
        ],
        "medium": [
            "Formulier eine kurze, freundliche Antwort mit den nächsten Schritten.",
            "Welche Abteilung ist zuständig – Personal, Buchhaltung, IT oder Haustechnik? Kurz begründen.",
            "Schreib eine Übergabenotiz für die Vertretung morgen.",
        ],
        "hard": [
            "Bevor wir das speichern: Erstell ein Bedrohungsmodell, wer die Daten missbrauchen könnte, ordne jedem Datum eine Rechtsgrundlage nach DSGVO zu und schlag Lösch- und Zugriffskonzepte vor, jeweils mit Abwägung.",
            "Prüfe, ob wir das an unsere Muttergesellschaft in den USA weitergeben dürfen: Übermittlungsgrundlage, Erforderlichkeit, Verhältnismäßigkeit, Restrisiko, mit Artikeln belegt und mit begründeter Empfehlung.",
            "Entwirf den gesamten Ablauf für solche Datensätze (Eingang, Prüfung, Ablage, Löschung, Kontrolle) und begründe jeden Schritt, auch was schiefgeht, wenn er fehlt.",
        ],
    },
    "fr": {
        "easy": [
            "Relève uniquement les dates, une par ligne.",
            "Résume ça en dix mots maximum.",
            "Fais-en trois puces.",
            "Corrige seulement les fautes de frappe.",
            "Traduis en anglais en gardant la mise en page.",
        ],
        "medium": [
            "Rédige une réponse courte et aimable qui indique la suite.",
            "Quel service doit s'en charger : RH, compta, informatique ou services généraux ? Justifie en un paragraphe.",
            "Écris une note de passation pour la personne qui me remplace demain.",
        ],
        "hard": [
            "Avant tout stockage : établis un modèle de menace (qui pourrait abuser de ces données), associe chaque donnée à une base légale RGPD et propose durées de conservation et droits d'accès, en pesant les compromis.",
            "Analyse si nous pouvons transmettre ceci à notre maison mère aux États-Unis : mécanisme de transfert, nécessité, proportionnalité, risque résiduel, articles à l'appui, puis recommandation argumentée.",
            "Conçois tout le processus pour ce type de fiche (réception, vérification, stockage, suppression, contrôle) et justifie chaque étape, y compris ce qui casse si on la saute.",
        ],
    },
    "es": {
        "easy": [
            "Saca solo las fechas, una por línea.",
            "Resúmelo en diez palabras como mucho.",
            "Conviértelo en tres viñetas.",
            "Corrige solo las erratas.",
            "Tradúcelo al inglés manteniendo los saltos de línea.",
        ],
        "medium": [
            "Redacta una respuesta breve y amable con los siguientes pasos.",
            "¿Qué departamento debería encargarse: RR. HH., contabilidad, informática o mantenimiento? Justifícalo en un párrafo.",
            "Escribe una nota de traspaso para quien me sustituye mañana.",
        ],
        "hard": [
            "Antes de guardarlo: haz un modelo de amenazas de quién podría abusar de estos datos, asigna a cada dato una base jurídica del RGPD y propón plazos de conservación y permisos, sopesando cada alternativa.",
            "Analiza si podemos enviar esto a la matriz en EE. UU.: mecanismo de transferencia, necesidad, proporcionalidad y riesgo residual, citando artículos, y termina con una recomendación razonada.",
            "Diseña el proceso completo para fichas como esta (entrada, verificación, archivo, borrado, auditoría) y justifica cada paso, incluido qué falla si se omite.",
        ],
    },
}

LONG = {
    "en": {
        "s": (
            "Here's yesterday's door-controller export. Summarise it in five lines: busiest doors and anything unusual.",
            "VISITOR SIGN-IN (manual entry)\nname: Ezra Pennycook\npassport: {pass_GB}\nmobile: {phone_GB0}\nhost: facilities, escorted to roof hatch",
            ["person_name", "passport", "phone"],
        ),
        "p": (
            "Minutes of the rowing club committee below. Please list the decisions in a table, nothing else.",
            "Confidential (not for the newsletter): Hester Carbery asked to defer her subscription; she is having chemotherapy and has fallen behind on her mortgage, the committee agreed unanimously.",
            ["person_name", "health", "financial"],
        ),
        "n": (
            "Below are the release notes of the parser library we depend on. Identify the changes that could break us, rank them by risk, and write a migration plan with rollout order, tests and a justification for each step.",
            "This project is a fiscally sponsored project of the Python Software Foundation, 9450 SW Gemini Dr., ECM# 90772, Beaverton, OR 97008, USA.",
        ),
    },
    "de": {
        "s": (
            "Hier der Export der Zutrittskontrolle von gestern. Fass ihn in fünf Zeilen zusammen: meistgenutzte Türen und Auffälligkeiten.",
            "BESUCHERANMELDUNG (manuell)\nName: Timo Wendehals\nAusweis-Nr.: {deid}\ngeb.: {dob_de}\nMobil: {phone_DE0}\nBegleitung: Haustechnik",
            ["person_name", "national_id", "date_of_birth", "phone"],
        ),
        "p": (
            "Unten das Protokoll der Vorstandssitzung des Rudervereins. Liste nur die Beschlüsse als Tabelle auf.",
            "Vertraulich (nicht ins Mitteilungsblatt): Frauke Tiedgen bittet um Stundung des Beitrags; sie ist seit März an der Dialyse und mit der Miete im Rückstand. Einstimmig genehmigt.",
            ["person_name", "health", "financial"],
        ),
        "n": (
            "Unten die Release-Notes der Bibliothek, von der wir abhängen. Finde die Änderungen, die uns brechen könnten, ordne sie nach Risiko und schreib einen Migrationsplan mit Reihenfolge, Tests und Begründung je Schritt.",
            "Die Metadaten-Schnittstelle wird gemeinsam mit der Deutschen Nationalbibliothek, Deutscher Platz 1, 04103 Leipzig, gepflegt.",
        ),
    },
    "fr": {
        "s": (
            "Voici l'export du contrôle d'accès d'hier. Résume-le en cinq lignes : portes les plus utilisées et anomalies.",
            "REGISTRE VISITEURS (saisie manuelle)\nnom : Baptiste Ollivro\nn° sécu : {nirm_1}\ntél. : {phone_FR0}\naccompagné par : services généraux",
            ["person_name", "national_id", "phone"],
        ),
        "p": (
            "Ci-dessous le compte rendu du bureau du club d'aviron. Liste seulement les décisions dans un tableau.",
            "Confidentiel (hors bulletin) : Gwenola Kerhervé demande un report de cotisation ; elle suit une chimiothérapie et a des impayés de loyer. Accordé à l'unanimité.",
            ["person_name", "health", "financial"],
        ),
        "n": (
            "Voici les notes de version de la bibliothèque dont nous dépendons. Repère les changements qui peuvent nous casser, classe-les par risque et rédige un plan de migration avec ordre de déploiement, tests et justification de chaque étape.",
            "Le format de métadonnées est maintenu avec la Bibliothèque nationale de France, Quai François-Mauriac, 75706 Paris Cedex 13.",
        ),
    },
    "es": {
        "s": (
            "Aquí el export del control de accesos de ayer. Resúmelo en cinco líneas: puertas más usadas y anomalías.",
            "REGISTRO DE VISITAS (manual)\nnombre: Paco Iturbe Lasa\nDNI: {dni_0}\nmóvil: {phone_ES1}\nacompaña: mantenimiento",
            ["person_name", "national_id", "phone"],
        ),
        "p": (
            "Abajo el acta de la junta del club de remo. Haz solo una tabla con los acuerdos.",
            "Confidencial (no va al boletín): Amparo Ezkurdia pide aplazar la cuota; está en tratamiento de quimioterapia y debe dos meses de hipoteca. Se aprueba por unanimidad.",
            ["person_name", "health", "financial"],
        ),
        "n": (
            "Estas son las notas de versión de la librería de la que dependemos. Señala los cambios que nos pueden romper, ordénalos por riesgo y escribe un plan de migración con orden de despliegue, pruebas y justificación de cada paso.",
            "El formato de metadatos se mantiene junto con la Biblioteca Nacional de España, Paseo de Recoletos 20-22, 28001 Madrid.",
        ),
    },
}


def _long(r: random.Random, lang: str) -> list[dict]:
    out = []
    ask, mid_tpl, kinds = LONG[lang]["s"]
    mid = fill(r, mid_tpl)
    before, after = split_even(F.access_log(r, lang, r.randint(85, 130), 10 + len(lang)))
    out.append(
        item(
            "structured_id",
            kinds,
            ask + "\n\n" + long_doc(before, mid, after),
            "door-controller event export with a manual visitor entry in the middle",
            "easy",
            True,
            mid,
        )
    )
    ask, mid, kinds = LONG[lang]["p"]
    before, after = split_even(F.minutes(r, lang, r.randint(120, 180)))
    out.append(
        item(
            "free_text_pii",
            kinds,
            ask + "\n\n" + long_doc(before, mid, after),
            "association meeting minutes with a confidential note on a named member",
            "easy",
            True,
            mid,
        )
    )
    ask, mid = LONG[lang]["n"]
    before, after = split_even(F.release_notes(r, lang, r.randint(170, 230)))
    out.append(
        item(
            "hard_negative",
            [],
            ask + "\n\n" + long_doc(before, mid, after),
            "library release notes with a public institution's address in the middle",
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
