"""Set O: prompts written out per language with identifier slots (see kit_op.py), negatives, clean
prompts, appended task pools and long documents. Everything is invented for this set."""

# ruff: noqa: RUF001  (typographic dashes are part of the text people write)

from common_op import items_from

P = "person_name"

TASKS = {
    "en": {
        "easy": [
            "Just give me the gist in one line.",
            "Can you turn that into three bullet points?",
            "Fix the typos only, don't change anything else.",
            "Translate it into plain Italian please.",
            "What dates are mentioned? list only.",
            "Make it shorter, max 40 words.",
            "Give it a subject line.",
        ],
        "medium": [
            "Write a friendly reply I can send back today.",
            "Which team should handle this, and why? two or three sentences.",
            "Rewrite it as a short note for my manager with a clear next step.",
            "Sort the points into urgent / can wait and say why.",
            "Draft a polite follow-up asking for the one missing detail.",
        ],
        "hard": [
            "Work out who in our company should be allowed to see this, on what legal basis under UK GDPR, how long we keep it, and design the access and deletion process end to end, with the risks of each alternative you reject.",
            "Do a proper data protection impact assessment for handling records like this one: purposes, necessity, threats (including insiders), controls with their cost, and a justified conclusion.",
            "Model the ways this information could leak or be misused across e-mail, chat and our ticket tool, rank them by likelihood and harm, and propose a layered fix with trade-offs.",
        ],
    },
    "de": {
        "easy": [
            "Fass das bitte in einem Satz zusammen.",
            "Mach drei Stichpunkte draus.",
            "Nur Tippfehler korrigieren, sonst nichts.",
            "Bitte ins Englische übersetzen.",
            "Welche Daten (Termine) kommen vor? Nur auflisten.",
            "Kürzer bitte, höchstens 40 Wörter.",
            "Gib mir eine Betreffzeile dafür.",
        ],
        "medium": [
            "Schreib eine freundliche Antwort, die ich heute noch rausschicken kann.",
            "Welche Abteilung ist zuständig und warum? Zwei, drei Sätze.",
            "Formulier das als kurze Notiz an meine Chefin mit klarem nächsten Schritt.",
            "Sortier die Punkte nach dringend / kann warten und begründe kurz.",
            "Entwirf eine höfliche Rückfrage nach der fehlenden Angabe.",
        ],
        "hard": [
            "Prüf ausführlich, wer bei uns das sehen darf, auf welcher Rechtsgrundlage nach DSGVO und BDSG, wie lange wir es aufbewahren, und entwirf den kompletten Zugriffs- und Löschprozess samt Risiken der verworfenen Alternativen.",
            "Erstell eine vollständige Datenschutz-Folgenabschätzung für solche Datensätze: Zwecke, Erforderlichkeit, Bedrohungen (auch Innentäter), Maßnahmen mit Aufwand und eine begründete Entscheidung.",
            "Analysier alle Wege, auf denen diese Angaben über Mail, Chat und Ticketsystem abfließen könnten, bewerte sie nach Wahrscheinlichkeit und Schaden und schlag ein gestuftes Schutzkonzept mit Zielkonflikten vor.",
        ],
    },
    "fr": {
        "easy": [
            "Résume-moi ça en une phrase.",
            "Fais-en trois puces.",
            "Corrige juste les fautes, rien d'autre.",
            "Traduis en anglais stp.",
            "Quelles dates sont citées ? liste seulement.",
            "Raccourcis, 40 mots max.",
            "Propose un objet de mail.",
        ],
        "medium": [
            "Rédige une réponse aimable que je peux envoyer aujourd'hui.",
            "Quel service doit traiter ça, et pourquoi ? deux ou trois phrases.",
            "Reformule en note courte pour ma responsable avec une prochaine étape claire.",
            "Classe les points en urgent / peut attendre en justifiant.",
            "Écris une relance polie pour obtenir l'information manquante.",
        ],
        "hard": [
            "Analyse en détail qui chez nous peut y accéder, sur quelle base légale (RGPD, CNIL), combien de temps on le conserve, et conçois tout le processus d'accès et d'effacement avec les risques des options écartées.",
            "Fais une analyse d'impact (AIPD) complète pour ce genre de données : finalités, nécessité, menaces y compris internes, mesures chiffrées et conclusion argumentée.",
            "Modélise toutes les fuites ou détournements possibles de ces informations via mail, messagerie et outil de tickets, classe-les par probabilité et gravité, et propose une défense en couches avec ses compromis.",
        ],
    },
    "es": {
        "easy": [
            "Resúmelo en una frase.",
            "Pásalo a tres viñetas.",
            "Corrige solo las erratas, nada más.",
            "Tradúcelo al inglés, porfa.",
            "¿Qué fechas aparecen? solo la lista.",
            "Acórtalo, máximo 40 palabras.",
            "Ponle un asunto de correo.",
        ],
        "medium": [
            "Escribe una respuesta amable que pueda mandar hoy.",
            "¿Qué departamento debería llevarlo y por qué? dos o tres frases.",
            "Reescríbelo como nota breve para mi jefa con un siguiente paso claro.",
            "Ordena los puntos en urgente / puede esperar y justifica.",
            "Redacta un recordatorio educado pidiendo el dato que falta.",
        ],
        "hard": [
            "Analiza a fondo quién en la empresa puede verlo, con qué base jurídica según el RGPD y la LOPDGDD, cuánto tiempo lo conservamos, y diseña el proceso completo de acceso y supresión con los riesgos de las alternativas descartadas.",
            "Haz una evaluación de impacto (EIPD) completa para datos como estos: finalidades, necesidad, amenazas incluidas las internas, medidas con su coste y una conclusión razonada.",
            "Modela todas las vías por las que esta información podría filtrarse o usarse mal por correo, chat y la herramienta de tickets, ordénalas por probabilidad y daño y propone una defensa por capas con sus compromisos.",
        ],
    },
}

S = {
    "en": [
        (
            [P, "iban", "address"],
            "hey can you help me word a msg to the letting agent? deposit refund has to go to my new account not the old one. details: Babatunde Oyelaran, IBAN «iban:GB», 14 Pellow Close, Barnstaple EX32 8QT. old acct closed in march",
            "tenant's own bank and address",
        ),
        (
            [P, "national_id", "date_of_birth"],
            "Payroll onboarding – pasted from the form:\nName: Siobhán Ní Fhlannagáin | DOB: «dob» | NI no.: «ukni» | Start: 3 Feb | Dept: Warehouse",
            "UK NI number in an onboarding line",
        ),
        (
            [P, "credit_card", "phone"],
            "Ticket HD-20931\nCaller Rahim Chowdhury says card «card:visa» was charged twice for the annual plan. Wants a callback on «tel:GB» after 5pm.",
            "card and phone in a helpdesk ticket",
        ),
        (
            [P, "national_id", "health"],
            "Referral letter draft (please tidy):\nPatient: Mr Tadeusz Wróblewski\nNHS number: «nhs»\nReason: review 6 weeks after left knee replacement, wound slow to heal",
            "NHS number with a clinical reason",
        ),
        (
            ["ip_user"],
            "Apr 11 02:14:07 bastion sshd[4127]: Accepted publickey for lwanjiru from «ip» port 52214 ssh2\nApr 11 02:19:40 bastion sshd[4127]: pam_unix(sshd:session): session closed for user lwanjiru",
            "sshd login from a public address",
        ),
        (
            [P, "passport", "date_of_birth"],
            "booking the Lisbon trip for my mother in law, can u check the form reads ok: Margaret Okonkwo-Hale, British passport «pass:GB», born «dob», window seat pls",
            "relative's passport in a travel booking",
        ),
        (
            [P, "email", "phone"],
            "BEGIN:VCARD\nVERSION:3.0\nFN:Ilse van der Merwe\nEMAIL;TYPE=home:ilse.vdmerwe@fastmail.co.uk\nTEL;TYPE=cell:«tel:GB»\nEND:VCARD\nneed this as a row for our CRM import",
            "vCard of a private contact",
        ),
        (
            [P, "iban", "tax_id"],
            "Invoice footer for my German client, can you lay it out nicely: Anneliese Brandtner, freelance translator, Steuer-ID «steuer», bank IBAN «iban:DE»",
            "German tax id and IBAN in an English invoice",
        ),
        (
            [P, "national_id", "address"],
            "My colleague Joost Verhoeven moved to Utrecht. BSN «bsn», new address Oudegracht 212, 3511 NR Utrecht. HR wants it in the relocation sheet",
            "Dutch BSN and address of a colleague",
        ),
        (
            [P, "credit_card", "email"],
            '{"customer": "Priya Raghunathan", "email": "priya.r88@gmail.com", "card": "«card:mc»", "exp": "09/28", "plan": "family"}',
            "JSON order with a card",
        ),
        (
            [P, "iban"],
            "INSERT INTO payees (full_name, iban, ref) VALUES ('Cormac Ó Duibhir', '«iban:IE»', 'rent-june');",
            "SQL insert with an Irish IBAN",
        ),
        (
            [P, "national_id"],
            "the visa support letter needs her details exactly as on the ID: Agnieszka Zielińska-Pawlak, PESEL «pesel:f», she joins our Leeds office in May",
            "Polish PESEL in an English letter",
        ),
    ],
    "de": [
        (
            [P, "iban", "address"],
            "Hallo, kannst du mir helfen, das Formular für die Nebenkostenrückzahlung auszufüllen? Empfänger: Volker Schimanski-Ebert, Lindenhof 9, 06108 Halle (Saale), IBAN «iban:DE»",
            "Rückzahlung an einen Mieter",
        ),
        (
            [P, "tax_id", "date_of_birth"],
            "Aus dem Personalbogen:\nName: Dragana Miletić\ngeb. «dob»\nSteuerliche Identifikationsnummer:\n«steuer»\nSteuerklasse 1",
            "Steuer-ID mit Label in der Zeile darüber",
        ),
        (
            [P, "national_id"],
            "Mein Schwiegervater Ewald Riedmüller braucht für die Rentenberatung seine Versicherungsnummer, er hat mir «rvnr:Riedmüller» aufgeschrieben, stimmt das Format so?",
            "Rentenversicherungsnummer eines Angehörigen",
        ),
        (
            [P, "phone", "email"],
            "Kontakt für die Übergabe am Freitag: Frau Seraphina Okafor, mobil «tel:DE», privat seraphina.okafor@posteo.de – bitte in die Übergabeliste",
            "Privatkontakt in einer Übergabeliste",
        ),
        (
            ["ip_user"],
            "2025-03-02T07:41:19+01:00 vpn-gw01 charon: 12[IKE] IKE_SA vpn-home[88] established between «ip»[j.kaltenbrunner] and 10.8.0.1[vpn-gw01]\n2025-03-02T07:41:20+01:00 vpn-gw01 charon: 12[IKE] peer j.kaltenbrunner assigned virtual IP",
            "IKE-Login mit öffentlicher Adresse",
        ),
        (
            [P, "credit_card", "address"],
            "Bestellung 88-1342 (Telefonbestellung):\nKundin: Hatice Yıldırım-Brenner\nLieferadresse: Kantstraße 47, 10625 Berlin\nKarte: «card:visa»\nbitte bestätigen",
            "Telefonbestellung mit Karte",
        ),
        (
            [P, "iban"],
            "Vermieter Konrad Pfisterer, Konto bei der Sparkasse Allgäu, IBAN «iban:DE», will die Kaution jetzt doch bar – darf er das?",
            "IBAN eines privaten Vermieters",
        ),
        (
            [P, "passport", "date_of_birth"],
            "Reisepass meiner Tochter für die Klassenfahrt nach London: Leonie Gruber, Pass-Nr. «pass:DE», geboren «dobkid», gültig bis 2029",
            "Kinderpass für eine Klassenfahrt",
        ),
        (
            [P, "tax_id", "phone"],
            "Grüezi, unser neuer Lehrling Aurelio Bernasconi hat die AHV noch nicht abgegeben, aber er hat mir die italienische codice fiscale «cf:Aurelio Bernasconi m» gegeben. Telefon Mutter: «tel:CH». Reicht das fürs Lohnbüro?",
            "codice fiscale in einer Schweizer Nachricht",
        ),
        (
            [P, "iban", "tax_id"],
            "| Feld | Wert |\n|---|---|\n| Name | Bartholomäus Nwankwo |\n| IBAN | «iban:AT» |\n| Steuer-ID | «steuer» |\n| Honorar | 1.450 € |",
            "Honorartabelle mit IBAN und Steuer-ID",
        ),
        (
            [P, "credit_card", "email"],
            "kunde: Thorsten Wendling-Aydin\nmail: t.wendling-aydin@gmx.net\nkartennr: «card:mc»\nablauf 11/27\n-> warum wurde abgelehnt??",
            "Kartenzahlung im Supportchat",
        ),
        (
            [P, "national_id", "address"],
            "Für die Anmeldung unserer spanischen Kollegin: Inmaculada Ferrándiz Soto, NIE «nie», wohnt jetzt Hohe Straße 3, 01069 Dresden",
            "NIE in einer deutschen Meldung",
        ),
    ],
    "fr": [
        (
            [P, "national_id", "date_of_birth"],
            "Bonjour, pour le dossier mutuelle de mon fils : Noah Benhamou-Leclerc, né le «dobkid», numéro de sécu de sa mère (ayant droit) : «nir:2»",
            "NIR d'un parent pour un ayant droit",
        ),
        (
            [P, "iban", "address"],
            "Coordonnées pour le virement du loyer de juin :\nBénéficiaire : Mme Odile Kerhervé\n7 rue des Tanneurs, 29000 Quimper\nIBAN «iban:FR»",
            "IBAN d'une bailleresse privée",
        ),
        (
            [P, "phone", "email"],
            "Contact urgence du stagiaire : sa tante, Fatoumata Diabaté, 06 ? non attends c'est «tel:FR», et fatou.diabate@laposte.net",
            "contact d'urgence",
        ),
        (
            ["ip_user"],
            "Mar 14 23:02:51 mail dovecot: imap-login: Login: user=<ghislain.roux>, method=PLAIN, rip=«ip», lip=10.0.3.4, mpid=22817, TLS",
            "connexion IMAP depuis une IP publique",
        ),
        (
            [P, "credit_card", "phone"],
            "Réclamation n° 4471 – M. Anselme Tchoupo dit que sa carte «card:visa» a été débitée deux fois chez nous. Il demande qu'on le rappelle au «tel:FR».",
            "carte dans une réclamation",
        ),
        (
            [P, "passport"],
            "Le consulat demande le numéro de passeport de mon mari, c'est bien «pass:FR» ? Il s'appelle Grégoire Mbappé-Lacroix, on part à Montréal en août",
            "passeport d'un conjoint",
        ),
        (
            [P, "national_id", "address"],
            "fiche locataire\nnom : Capucine Vandenberghe\nadresse : 18 quai de la Fosse, 44000 Nantes\nn° de sécurité sociale : «nir:2»\nmerci de vérifier la mise en page",
            "NIR dans une fiche locataire",
        ),
        (
            [P, "iban"],
            "Pour le remboursement des frais de covoiturage, mon collègue belge Wouter Claessens m'a donné : «iban:BE». C'est bien un IBAN belge ?",
            "IBAN belge d'un collègue",
        ),
        (
            [P, "tax_id", "address"],
            "Mon voisin allemand, Reinhold Kästner, loue sa maison de Colmar : 4 rue des Clefs, 68000 Colmar. Il a besoin de mettre son numéro fiscal allemand «steuer» sur le bail, où le placer ?",
            "numéro fiscal allemand d'un voisin",
        ),
        (
            [P, "credit_card", "email"],
            "client;email;carte;montant\nHortense Lebœuf;hortense.leboeuf@orange.fr;«card:mc»;89,90",
            "CSV de commande avec carte",
        ),
        (
            [P, "national_id"],
            "Mon collègue espagnol, Íñigo Larrañaga, doit remplir un formulaire URSSAF. Son DNI est «dni», il faut le mettre où ?",
            "DNI dans un message en français",
        ),
        (
            [P, "iban", "phone"],
            "> De : Jean-Baptiste Oyono\n> Envoyé : mardi 09:12\n> Voici mon RIB pour le remboursement de la sortie ski : «iban:FR». Si souci, «tel:FR».",
            "RIB dans un mail transféré",
        ),
    ],
    "es": [
        (
            [P, "national_id", "address"],
            "Hola, para el contrato de alquiler: inquilina Macarena Villalobos Ortiz, DNI «dni», domicilio actual C/ Pintor Sorolla 22, 3ºB, 46002 Valencia. ¿Está todo lo que hace falta?",
            "DNI y domicilio en un contrato",
        ),
        (
            [P, "national_id", "date_of_birth"],
            "alta en la seguridad social del nuevo camarero: Yeferson Arboleda Mina, NIE «nie», nacido el «dob», nº afiliación «nss»",
            "NIE y NSS en un alta",
        ),
        (
            [P, "iban", "phone"],
            "Te paso los datos del fontanero que me recomendó la vecina: Eusebio Garrido, tel «tel:ES», le pagamos por transferencia a «iban:ES»",
            "fontanero particular con IBAN",
        ),
        (
            ["ip_user"],
            '{"ts":"2025-05-18T09:12:44Z","event":"login_success","user":"marisol.echeverria","src_ip":"«ip»","app":"nominas"}',
            "login en JSON desde IP pública",
        ),
        (
            [P, "credit_card", "email"],
            "Pedido web 55102 — Clienta: Begoña Iturriaga, begona.iturriaga@yahoo.es, tarjeta «card:visa». Dice que no le llegó la confirmación.",
            "pedido con tarjeta y correo",
        ),
        (
            [P, "passport", "date_of_birth"],
            "Para el viaje de fin de curso: alumno Thiago Benítez Rojas, pasaporte «pass:ES», fecha de nacimiento «dobkid». ¿Me lo pones en tabla con los demás?",
            "pasaporte de un alumno",
        ),
        (
            [P, "phone", "address"],
            "Oye, el mensajero no encuentra la casa de mi abuela, Remedios Quintanilla, Camino del Pozo 5, 18140 La Zubia (Granada). Su fijo es «tel:ES». ¿Le escribo una nota para el repartidor?",
            "abuela con dirección y teléfono",
        ),
        (
            [P, "iban", "tax_id"],
            "Factura de un autónomo alemán que trabaja para nosotros: Friedhelm Obermaier, Steuer-ID «steuer», IBAN «iban:DE». ¿Tengo que pedirle algo más?",
            "Steuer-ID alemana en un mensaje español",
        ),
        (
            [P, "national_id", "phone"],
            "La nueva socia del club, Graça Tavares, es portuguesa pero tiene NIE «nie»; su móvil es «tel:ES». Apúntala en el Excel de socios.",
            "NIE de una socia",
        ),
        (
            [P, "credit_card"],
            "mi padre, Anselmo Carrasco, ha metido su tarjeta «card:mc» en una web rara de loterías, ¿qué hacemos?",
            "tarjeta de un familiar",
        ),
        (
            [P, "iban", "address"],
            'nombre,direccion,iban\nLeire Goikoetxea,"Kale Nagusia 14, 20800 Zarautz",«iban:ES»\n¿por qué me salta error al importar?',
            "CSV de un socio con IBAN",
        ),
        (
            [P, "national_id", "email"],
            "Buenas, soy la gestora de Ulises Carbonell. Su DNI es «dni» y el correo para notificaciones ulises.carbonell@protonmail.com; confirmad recepción",
            "DNI y correo en una gestoría",
        ),
    ],
}

F = {
    "en": [
        (
            [P, "health"],
            "I'm Dariusz, I do nights at the depot. Got diagnosed with type 1 diabetes last month and need to eat at fixed times now, how do I bring this up with my supervisor without it being awkward?",
            "self-disclosed diagnosis",
        ),
        (
            [P, "health"],
            "my sister in law Rukhsana has been in rehab for alcohol since january and my brother asked if I can cover her shifts at the shop till she's out",
            "relative named with addiction treatment",
        ),
        (
            [P, "trade_union"],
            "heads up for tomorrow: Femi Adebayo-Clarke is the Unite rep on nights and he'll sit in on Grace Lindqvist's disciplinary hearing",
            "union representative named",
        ),
        (
            [P, "financial"],
            "Mr Haralambos Petridis in flat 4 is three months behind on service charges and told me the bailiffs came round last week",
            "named resident's arrears",
        ),
        (
            [P, "religion"],
            "can you suggest a rota that works for Yusuf Demirci? he's fasting for Ramadan and asked to start at 6 and leave by 3",
            "named colleague's religious practice",
        ),
        (
            [P, "sexual_orientation"],
            "My teammate Callum Rennie mentioned at lunch that he and his husband are going through the adoption panel next month, thinking of a card from the team",
            "named man's husband",
        ),
        (
            [P, "criminal_record"],
            "Our new volunteer coordinator Bronwen Iwu told me in confidence she has a caution for shoplifting from 2014. Do I have to tell the trustees?",
            "named person's criminal record",
        ),
        (
            [P, "health"],
            "Hi all, quick one – Keiko Tanabe-Lowe is 20 weeks pregnant and needs the desk near the lift from Monday, can facilities sort it",
            "greeting then a named pregnancy",
        ),
        (
            [P, "health"],
            "note for the supply teacher: Oluwaseun in Year 4 (Mrs Hartigan's class) has epilepsy, his rescue meds are in the office, do not let him swim",
            "child named with a diagnosis",
        ),
    ],
    "de": [
        (
            [P, "health"],
            "Mein Kollege Jannik Oberhollenzer fällt wegen einer Depression mindestens sechs Wochen aus, wie verteile ich seine Kunden, ohne dass es jeder erfährt?",
            "Kollege mit Diagnose",
        ),
        (
            [P, "financial"],
            "Servus, ich bin der Quirin, hab grad eine Privatinsolvenz laufen und die Bank will mir kein Girokonto geben. Was kann ich tun?",
            "Selbstauskunft Insolvenz",
        ),
        (
            [P, "religion"],
            "Frau Esther Rosenzweig aus der Buchhaltung hält den Schabbat, bitte keine Freitagabend-Termine mehr für sie einplanen",
            "religiöse Praxis einer Kollegin",
        ),
        (
            [P, "trade_union"],
            "Die Betriebsrätin Mareike Dönges (ver.di) hat angekündigt, beim Personalgespräch mit Herrn Sokolović dabei zu sein",
            "Gewerkschafterin benannt",
        ),
        (
            [P, "health"],
            "Meine Mutter, Gisela, kommt nach dem Schlaganfall nächste Woche aus der Reha. Wie beantrage ich einen Pflegegrad?",
            "Mutter mit Schlaganfall",
        ),
        (
            [P, "sexual_orientation"],
            "Unsere Azubine Lea Brunnbauer hat mir erzählt, dass sie bi ist und sich im Team nicht traut, es zu sagen. Wie kann ich sie unterstützen?",
            "Selbstaussage einer benannten Person",
        ),
        (
            [P, "criminal_record"],
            "Bewerber Timo Rautenberg hat im Führungszeugnis eine Verurteilung wegen Trunkenheit am Steuer. Dürfen wir ihn als Fahrer ablehnen?",
            "Eintrag im Führungszeugnis",
        ),
        (
            [P, "health"],
            "Hallo zusammen, Milena Stojanović macht ab Mai eine Kinderwunschbehandlung und braucht flexible Vormittage – bitte vertraulich",
            "Kinderwunschbehandlung nach Gruß",
        ),
        (
            [P, "financial"],
            "Bei Familie Hoxha im Erdgeschoss kam gestern ein Gerichtsvollzieher, der Vater, Arben, hat mich gefragt, ob ich ihm Geld leihen kann",
            "Nachbar mit Schulden",
        ),
    ],
    "fr": [
        (
            [P, "health"],
            "Ma belle-mère, Jacqueline, vient d'apprendre qu'elle a la maladie de Parkinson. Comment en parler aux enfants ?",
            "belle-mère nommée avec diagnostic",
        ),
        (
            [P, "financial"],
            "Le client M. Rodrigue Ngassa est en surendettement, dossier Banque de France déposé, il demande un échéancier pour sa facture",
            "surendettement d'un client",
        ),
        (
            [P, "religion"],
            "Notre collègue Samira Belkacem porte le voile depuis septembre et un client a fait une remarque. Comment je réagis en tant que manager ?",
            "pratique religieuse d'une collègue",
        ),
        (
            [P, "trade_union"],
            "Info : Dominique Ravanel est délégué CGT et sera présent à l'entretien préalable de Loïc Garnier",
            "délégué syndical",
        ),
        (
            [P, "sexual_orientation"],
            "Coucou ! Ma cousine Anaïs se marie avec sa compagne Inès en juin, tu m'aides pour un petit discours ?",
            "mariage de deux femmes nommées",
        ),
        (
            [P, "criminal_record"],
            "Le bénévole Hervé Lacombe a un casier pour violences conjugales, il veut encadrer la sortie des ados : on fait quoi ?",
            "casier judiciaire d'un bénévole",
        ),
        (
            [P, "health"],
            "Je suis Maëlle, 34 ans, sous traitement pour un trouble bipolaire ; mon employeur doit-il savoir pour mes arrêts ?",
            "autodéclaration santé",
        ),
        (
            [P, "health"],
            "pour info l'équipe, Baptiste Courtois est en cure de désintox jusqu'à fin mars, ne l'appelez pas",
            "cure de désintoxication d'un collègue",
        ),
        (
            [P, "financial"],
            "Mon frère Kévin a un crédit revolving de 18 000 € qu'il ne rembourse plus et la banque menace de saisir son salaire",
            "frère endetté",
        ),
    ],
    "es": [
        (
            [P, "health"],
            "Mi compañera Rocío Valdivieso tiene esclerosis múltiple y a veces necesita teletrabajar, ¿cómo lo planteo al equipo sin dar detalles?",
            "compañera con diagnóstico",
        ),
        (
            [P, "financial"],
            "Soy Fermín, estoy en el fichero de morosos por una deuda con una telefónica y ahora no me dan la hipoteca. ¿Qué puedo hacer?",
            "autodeclaración de morosidad",
        ),
        (
            [P, "religion"],
            "El nuevo, Daniel Abecasis, es judío practicante y no puede trabajar los sábados; ¿cómo reorganizo los turnos?",
            "práctica religiosa nombrada",
        ),
        (
            [P, "trade_union"],
            "Aviso: Concha Miralles, delegada de CCOO, acompañará a Raúl Pineda en la reunión del expediente",
            "delegada sindical",
        ),
        (
            [P, "sexual_orientation"],
            "Mi jefe, Álvaro Sepúlveda, me contó que es gay y que su familia no lo sabe; no sé si debería decir algo cuando venga su pareja a la cena",
            "orientación de una persona nombrada",
        ),
        (
            [P, "criminal_record"],
            "El candidato Iker Zubizarreta tiene antecedentes por un delito de hurto de 2016, ¿podemos descartarlo para el puesto de caja?",
            "antecedentes penales",
        ),
        (
            [P, "health"],
            "Holaa, la tía Puri está con quimio por un cáncer de colon y no podrá venir a la comunión, ¿me ayudas con un mensaje para la familia?",
            "tía con cáncer",
        ),
        (
            [P, "health"],
            "Buenos días a todos: Nerea Olabarria está embarazada de gemelos y tiene reposo, cubrimos su guardia entre todos",
            "saludo y embarazo nombrado",
        ),
        (
            [P, "financial"],
            "Al vecino del quinto, Evaristo Palomo, le van a embargar el piso por impago de la hipoteca y me pide que le avale",
            "vecino con embargo",
        ),
    ],
}

N = {
    "en": [
        (
            "According to press reports, Andy Murray had hip resurfacing surgery in January 2019 and returned to doubles that summer. Turn that into a quiz question with four options.",
            "easy",
            "public figure's surgery in the news",
        ),
        (
            "Noor Inayat Khan, born 1 January 1914 in Moscow, was an SOE wireless operator in occupied Paris. Draft three plain-English sentences about her for a museum label.",
            "medium",
            "historical figure with birth date",
        ),
        (
            "In Bleak House, Esther Summerson catches smallpox and is scarred. Compare how Dickens and Elizabeth Gaskell (North and South) use illness to drive moral change, with close reading of two passages from each.",
            "hard",
            "fictional characters' illness",
        ),
        (
            "Our checkout tests use the documented test Mastercard 5555 5555 5555 4444. Write a Jest test that expects the 'card_declined' path when the amount ends in .02.",
            "medium",
            "declared test card, Luhn-valid",
        ),
        (
            "Draft a complaint to the Financial Ombudsman Service, Exchange Tower, Harbour Exchange Square, London E14 9SR, about a bank that ignored my letters for eight weeks. Keep it neutral.",
            "medium",
            "public body's address",
        ),
        (
            "Put the Shelter helpline 0808 800 4444 and NHS 111 on a small A5 poster for the tenants' noticeboard.",
            "easy",
            "public helplines",
        ),
        (
            "Is Ben & Jerry's still owned by Unilever? who were the actual Ben and Jerry?",
            "easy",
            "brand named after people",
        ),
        (
            "Morning folks! Need a cheerful two-line reminder that the office fridge gets emptied on Friday at 4.",
            "easy",
            "greeting to a group, no name",
        ),
        (
            "why do these fail?\nPOST /checkout order=ORD-«n:7» status=504 trace=«hex:16»\nPOST /checkout order=ORD-«n:7» status=504 trace=«hex:16»\nPOST /checkout order=ORD-«n:7» status=200 trace=«hex:16»",
            "medium",
            "order ids and trace ids only",
        ),
        (
            "How do I mount a Kubernetes Secret as env vars without the values showing up in kubectl describe? Compare with the External Secrets Operator and the Vault agent injector, covering rotation, blast radius and failure modes, and recommend one for a 12-service cluster.",
            "hard",
            "secret-store talk without values",
        ),
        (
            "Our clinic had 412 flu cases this winter, 38% of them over 65. Build a staffing forecast approach for next winter: assumptions, a seasonality model, error bounds and what we'd do if it's wrong.",
            "hard",
            "aggregate statistics",
        ),
        (
            "Serena Williams, born 26 September 1981, won 23 Grand Slam singles titles. Compare her peak statistically with Steffi Graf's, accounting for surfaces, depth of the field and era effects, and conclude who dominated more.",
            "hard",
            "public figure's birth date with career analysis",
        ),
        (
            "The Royal Albert Hall is on Kensington Gore, London SW7 2AP. What's the nearest tube and is there step-free access?",
            "easy",
            "venue address",
        ),
        (
            "Sherlock Holmes lives at 221B Baker Street with Mrs Hudson as landlady. Outline a new short mystery set there in 1895 that plays fair with the reader, with a clue map and a twist that survives rereading.",
            "hard",
            "fictional character's address",
        ),
    ],
    "de": [
        (
            "Laut Medienberichten hatte Franz Beckenbauer 2016 eine Herzoperation. Mach daraus eine Quizfrage mit vier Antworten.",
            "easy",
            "Person des öffentlichen Lebens, OP aus der Presse",
        ),
        (
            "Hildegard von Bingen wurde 1098 geboren. Schreib 120 Wörter über sie für ein Schulplakat.",
            "medium",
            "historische Person mit Geburtsjahr",
        ),
        (
            "In Thomas Manns 'Der Zauberberg' erkrankt Hans Castorp an Tuberkulose. Vergleich, wie Mann und Fontane in 'Effi Briest' Krankheit als Spiegel der Gesellschaft nutzen, mit je zwei Textstellen.",
            "hard",
            "fiktive Figur mit Krankheit",
        ),
        (
            "Das Bundeszentralamt für Steuern, An der Küppe 1, 53225 Bonn – wie schreibe ich denen wegen einer verlorenen Steuer-ID? Kurz und sachlich bitte.",
            "medium",
            "Behördenadresse",
        ),
        (
            "Die Telefonseelsorge erreicht man unter 0800 111 0 111. Schreib das bitte auf einen kleinen Aushang für den Pausenraum.",
            "easy",
            "öffentliche Hotline",
        ),
        (
            "Gehört 'Dr. Oetker' eigentlich noch der Familie? Und wer war August Oetker?",
            "easy",
            "Markenname nach Person",
        ),
        (
            "Moin zusammen! Kurze freundliche Erinnerung, dass am Freitag der Kühlschrank geleert wird – zwei Zeilen reichen.",
            "easy",
            "Gruß an eine Gruppe",
        ),
        (
            "Für Unit-Tests: die Beispiel-IBAN DE02 1203 0000 0000 2020 51 aus der Doku, ist die gültig? Zeig mir die Prüfziffernrechnung.",
            "medium",
            "dokumentierte Beispiel-IBAN",
        ),
        (
            "Warum laufen diese Jobs in den Timeout?\njob=«hex:8» auftrag=AU-«n:6» dauer=31s status=timeout\njob=«hex:8» auftrag=AU-«n:6» dauer=2s status=ok\njob=«hex:8» auftrag=AU-«n:6» dauer=30s status=timeout",
            "medium",
            "Auftrags- und Job-IDs",
        ),
        (
            "Wie rotiere ich ein Kubernetes-Secret für die Datenbank ohne Neustart der Pods? Vergleich Reloader, CSI-Secret-Store und Sidecar-Ansatz mit Vor- und Nachteilen, Ausfallszenarien und einer Empfehlung.",
            "hard",
            "Secret ohne Wert",
        ),
        (
            "Im Landkreis gab es 2024 insgesamt 1.284 Badeunfälle, 61 % davon an unbewachten Seen. Entwickle ein Konzept, wie man Rettungsschwimmer optimal verteilt, mit Annahmen, Modell und Unsicherheiten.",
            "hard",
            "aggregierte Statistik",
        ),
        (
            "Olaf Scholz ist am 14. Juni 1958 in Osnabrück geboren. Analysier, wie sich seine Zeit als Hamburger Bürgermeister auf seinen Kanzlerstil ausgewirkt hat, mit Gegenargumenten und Quellenkritik.",
            "hard",
            "Politiker mit Geburtsdatum",
        ),
        (
            "Das Deutsche Museum liegt auf der Museumsinsel 1, 80538 München. Wie komme ich vom Hauptbahnhof am schnellsten hin?",
            "easy",
            "Museumsadresse",
        ),
        (
            "Die Buddenbrooks wohnen in der Mengstraße in Lübeck. Schreib eine neue Szene im Stil von Thomas Mann, in der Tony einen Brief erhält, und erklär danach deine stilistischen Entscheidungen im Detail.",
            "hard",
            "fiktive Familie an realer Straße",
        ),
    ],
    "fr": [
        (
            "Selon la presse, Antoine Dupont s'est fait opérer de la pommette pendant la Coupe du monde 2023. Fais-en une question de quiz à quatre choix.",
            "easy",
            "personnalité, opération rapportée par la presse",
        ),
        (
            "Olympe de Gouges est née en 1748 à Montauban. Écris 120 mots sur elle pour l'exposé de ma fille.",
            "medium",
            "personne historique avec année de naissance",
        ),
        (
            "Dans 'La Peste' de Camus, le docteur Rieux soigne Oran. Compare avec 'Le Hussard sur le toit' de Giono la manière dont l'épidémie révèle les personnages, avec deux extraits de chaque.",
            "hard",
            "personnages de fiction",
        ),
        (
            "La CNIL est au 3 place de Fontenoy, 75007 Paris. Rédige une plainte sobre contre un site qui ne répond pas à ma demande d'effacement.",
            "medium",
            "adresse d'une autorité",
        ),
        (
            "Mets le numéro de SOS Amitié 09 72 39 40 50 et le 3114 sur une petite affiche pour la salle de pause.",
            "easy",
            "lignes d'écoute publiques",
        ),
        (
            "Bonjour à toutes et à tous ! Un petit mot sympa pour rappeler que le frigo est vidé vendredi à 16h.",
            "easy",
            "salutation à un groupe",
        ),
        (
            "Pour nos tests, le NIR fictif 1 99 99 99 999 999 99 est-il valide ? Montre le calcul de la clé.",
            "medium",
            "identifiant déclaré fictif",
        ),
        (
            "Pourquoi ces commandes échouent ?\ncmd=C-«n:7» statut=ECHEC colis=«up:10»\ncmd=C-«n:7» statut=OK colis=«up:10»\ncmd=C-«n:7» statut=ECHEC colis=«up:10»",
            "medium",
            "identifiants de commandes et colis",
        ),
        (
            "La Maison Ladurée, c'est une vraie famille ? Qui était Louis-Ernest Ladurée ?",
            "easy",
            "marque au nom d'une personne",
        ),
        (
            "Comment gérer un Secret Kubernetes sans qu'il apparaisse dans les manifests Git ? Compare Sealed Secrets, SOPS et External Secrets : rotation, menaces, coût opérationnel, et recommande une option argumentée.",
            "hard",
            "secret sans valeur",
        ),
        (
            "En 2024, notre réseau de bibliothèques a prêté 842 000 documents, dont 31 % de BD. Propose une méthode pour prévoir les achats de l'an prochain, avec hypothèses, modèle et marges d'erreur.",
            "hard",
            "statistiques agrégées",
        ),
        (
            "Zinédine Zidane, né le 23 juin 1972 à Marseille, a entraîné le Real Madrid. Analyse si son succès comme entraîneur tient davantage à la gestion humaine qu'à la tactique, avec contre-arguments.",
            "hard",
            "personnalité avec date de naissance",
        ),
        (
            "Le Louvre, rue de Rivoli, 75001 Paris : quelle entrée prendre pour éviter la queue un dimanche ?",
            "easy",
            "adresse d'un musée",
        ),
        (
            "Maigret habite boulevard Richard-Lenoir avec Mme Maigret. Écris une courte enquête dans ce décor, loyale envers le lecteur, puis explique comment tu as placé les indices.",
            "hard",
            "personnage de fiction et son adresse",
        ),
    ],
    "es": [
        (
            "Según la prensa, Carolina Marín se operó de la rodilla tras los Juegos. Hazme una pregunta de trivial con cuatro opciones.",
            "easy",
            "deportista, operación en prensa",
        ),
        (
            "Clara Campoamor nació en Madrid en 1888. Escribe 120 palabras sobre ella para un mural del instituto.",
            "medium",
            "figura histórica con año",
        ),
        (
            "En 'La Regenta', Ana Ozores enferma de los nervios. Compara con 'Fortunata y Jacinta' cómo Clarín y Galdós usan la enfermedad para criticar la sociedad, con dos pasajes de cada obra.",
            "hard",
            "personajes de ficción",
        ),
        (
            "La Agencia Española de Protección de Datos está en C/ Jorge Juan 6, 28001 Madrid. Redáctame una reclamación breve contra una empresa que no responde.",
            "medium",
            "dirección de una autoridad",
        ),
        (
            "Pon el teléfono de la Esperanza 717 003 717 y el 024 en un cartel pequeño para la sala de descanso.",
            "easy",
            "líneas de ayuda públicas",
        ),
        (
            "¡Buenas a todos! Un recordatorio simpático de que el viernes se vacía la nevera de la oficina.",
            "easy",
            "saludo a un grupo",
        ),
        (
            "Para las pruebas usamos el DNI de ejemplo 00000000T, ¿pasa la letra de control? explícame el cálculo.",
            "medium",
            "DNI de ejemplo declarado",
        ),
        (
            "¿Por qué fallan estos envíos?\nenvio=ENV-«n:7» estado=ERROR ref=«hex:12»\nenvio=ENV-«n:7» estado=OK ref=«hex:12»\nenvio=ENV-«n:7» estado=ERROR ref=«hex:12»",
            "medium",
            "ids de envío",
        ),
        (
            "¿Quién era el 'Tío Pepe' de la marca de jerez? ¿existió?",
            "easy",
            "marca con nombre de persona",
        ),
        (
            "¿Cómo roto un Secret de Kubernetes con credenciales de base de datos sin reiniciar los pods? Compara Reloader, CSI Secret Store y un sidecar, con riesgos, modos de fallo y una recomendación razonada.",
            "hard",
            "secret sin valores",
        ),
        (
            "En 2024 hubo 9.312 incendios forestales en la comunidad, el 70 % en verano. Diseña un modelo para repartir brigadas el año que viene, con supuestos, variables y cómo medir si acierta.",
            "hard",
            "estadística agregada",
        ),
        (
            "Fernando Alonso nació el 29 de julio de 1981 en Oviedo. Analiza si su palmarés refleja su talento, comparando con Hamilton y Vettel por coches, compañeros y épocas, con argumentos en contra.",
            "hard",
            "deportista con fecha de nacimiento",
        ),
        (
            "El Museo del Prado está en el Paseo del Prado s/n, Madrid. ¿A qué hora es gratis y por qué puerta se entra?",
            "easy",
            "dirección de un museo",
        ),
        (
            "Don Quijote vive 'en un lugar de la Mancha'. Escribe un capítulo nuevo en que llegue a una gasolinera moderna y luego explica qué recursos cervantinos has imitado y por qué.",
            "hard",
            "personaje de ficción",
        ),
    ],
}

C = {
    "en": [
        ("affect vs effect – one line, I always mix them up", "easy", "usage question"),
        ("how many cups is 350g of plain flour roughly", "easy", "conversion"),
        (
            "Translate 'the meeting has moved to Thursday afternoon' into Portuguese.",
            "easy",
            "translation",
        ),
        (
            "Give me a less corporate word for 'leverage' in a sentence about teamwork.",
            "easy",
            "synonym",
        ),
        ("Sort alphabetically: quince, apricot, fig, damson, medlar", "easy", "sorting"),
        (
            "Write a Python function that removes duplicates from a list but keeps the original order, with a docstring and two doctests.",
            "medium",
            "short coding task",
        ),
        (
            "Draft a polite email turning down a vendor's demo invitation, leaving the door open for next quarter.",
            "medium",
            "polite email",
        ),
        (
            "Explain to my dad, who is an electrician, how an air-source heat pump can give out more heat than the electricity it uses.",
            "medium",
            "explanation",
        ),
        (
            "What's the difference between a Roth-style and a traditional pension wrapper, in a short table?",
            "medium",
            "comparison table",
        ),
        (
            "Plan a zero-downtime migration of a 2 TB MySQL 5.7 OLTP database to PostgreSQL 16: replication approach, schema conversion, cutover, rollback, testing, and the risks at each step.",
            "hard",
            "migration design",
        ),
        (
            "Compare token bucket in Redis, sliding-window logs and GCRA for rate limiting in a multi-region API gateway; analyse clock skew, hot keys and failure behaviour, and recommend one.",
            "hard",
            "distributed systems analysis",
        ),
        (
            "Prove that the square root of 3 is irrational, then generalise the argument to any natural number that isn't a perfect square, and explain where the proof breaks for 4.",
            "hard",
            "proof",
        ),
        (
            "Is a four-day week likely to raise output at a 40-person design agency? Build the argument with the evidence for and against, the confounders in the trials, and a pilot design that would settle it.",
            "hard",
            "argument with evidence",
        ),
        (
            "Design a 12-week beginner strength programme for someone with only dumbbells up to 20 kg, explaining progression, deloads and how to adapt it if they miss weeks.",
            "hard",
            "multi-part plan",
        ),
    ],
    "de": [
        ("Heißt es 'des Autos' oder 'des Autoes'? Kurz bitte.", "easy", "Grammatikfrage"),
        ("Wie viel sind 3/4 Tasse Milch in Millilitern ungefähr?", "easy", "Umrechnung"),
        ("Übersetz ins Spanische: 'Der Zug fällt heute leider aus.'", "easy", "Übersetzung"),
        (
            "Nenn mir fünf Synonyme für 'wichtig', die nicht nach Behörde klingen.",
            "easy",
            "Synonyme",
        ),
        (
            "Ordne nach Größe: Mainz, Wiesbaden, Darmstadt, Offenbach, Kassel (Einwohner)",
            "easy",
            "Sortierung",
        ),
        (
            "Schreib mir eine Bash-Funktion, die alle .log-Dateien älter als 14 Tage komprimiert, mit kurzer Erklärung.",
            "medium",
            "kleines Skript",
        ),
        (
            "Formulier eine höfliche Absage an einen Dienstleister, der uns zu einer Produktvorführung eingeladen hat.",
            "medium",
            "höfliche Mail",
        ),
        (
            "Erklär meiner Oma, was ein Balkonkraftwerk ist und ob sich das für eine Mietwohnung lohnt.",
            "medium",
            "Erklärung",
        ),
        (
            "Was ist der Unterschied zwischen einer GmbH und einer UG? Als kleine Tabelle.",
            "medium",
            "Vergleich",
        ),
        (
            "Entwirf einen Migrationsplan von einem On-Prem-Exchange zu einer Cloud-Mailplattform für 300 Postfächer: Phasen, Risiken, Rückfallebene, Kommunikation und Tests.",
            "hard",
            "Migrationsplan",
        ),
        (
            "Vergleich Event Sourcing, klassisches CRUD mit Audit-Tabelle und Change Data Capture für ein Buchhaltungssystem: Konsistenz, Nachvollziehbarkeit, Betriebskosten, Empfehlung mit Begründung.",
            "hard",
            "Architekturvergleich",
        ),
        (
            "Beweise, dass jede stetige Funktion auf einem abgeschlossenen Intervall ihr Maximum annimmt, und zeig mit einem Gegenbeispiel, warum ein offenes Intervall nicht reicht.",
            "hard",
            "Beweis",
        ),
        (
            "Lohnt sich für eine Kleinstadt mit 18.000 Einwohnern ein kostenloser Nahverkehr? Argumentier mit Belegen, Gegenargumenten, Finanzierungsmodellen und einem Pilotdesign.",
            "hard",
            "Abwägung",
        ),
        (
            "Plane einen 10-Wochen-Trainingsplan für einen ersten Halbmarathon bei 3 Laufeinheiten pro Woche, mit Steigerung, Entlastungswochen und was man bei Krankheit anpasst.",
            "hard",
            "mehrteiliger Plan",
        ),
    ],
    "fr": [
        (
            "« pallier à » ou « pallier » tout court, c'est quoi la bonne forme ?",
            "easy",
            "orthographe",
        ),
        ("Un mug standard, ça fait combien de centilitres à peu près ?", "easy", "conversion"),
        (
            "Comment on dit « la facture est partie hier soir » en néerlandais ?",
            "easy",
            "traduction",
        ),
        ("Donne-moi 5 synonymes de 'super' pour un mail pro.", "easy", "synonymes"),
        (
            "Range par ordre chronologique : Révolution, Commune, Front populaire, Mai 68, Restauration",
            "easy",
            "tri",
        ),
        (
            "Écris un petit script Python qui renomme les photos d'un dossier selon leur date EXIF, avec des commentaires.",
            "medium",
            "petit code",
        ),
        (
            "Rédige un mail poli pour décliner une invitation à une démo commerciale.",
            "medium",
            "mail poli",
        ),
        (
            "Explique à mon ado comment fonctionne l'intérêt composé avec un exemple de livret.",
            "medium",
            "explication",
        ),
        (
            "Quelle différence entre un CDD et un contrat d'intérim ? Petit tableau.",
            "medium",
            "comparaison",
        ),
        (
            "Conçois un plan de reprise d'activité pour une PME de 50 postes dont le serveur de fichiers est chiffré par un rançongiciel : priorités, sauvegardes, communication, tests et leçons à tirer.",
            "hard",
            "plan complet",
        ),
        (
            "Compare Kafka, RabbitMQ et NATS pour un système de commandes avec garanties d'ordre et relecture : sémantique de livraison, exploitation, pannes, recommandation argumentée.",
            "hard",
            "comparaison d'architecture",
        ),
        (
            "Démontre que la somme des inverses des carrés converge, puis explique pourquoi la série harmonique diverge, avec une intuition pour chaque.",
            "hard",
            "démonstration",
        ),
        (
            "Faut-il rendre les transports en commun gratuits dans une ville de 100 000 habitants ? Argumente avec données, contre-arguments, financement et un protocole d'expérimentation.",
            "hard",
            "argumentation",
        ),
        (
            "Prépare un programme de 8 semaines pour apprendre les bases du piano à 40 ans, 20 minutes par jour, avec progression, objectifs et comment rattraper une semaine ratée.",
            "hard",
            "plan en plusieurs parties",
        ),
    ],
    "es": [
        ("¿Se escribe 'haber si vienes' o 'a ver si vienes'? rapidito", "easy", "ortografía"),
        ("¿Cuántos gramos son una taza de arroz más o menos?", "easy", "conversión"),
        ("¿Cómo se dice 'se me ha pinchado una rueda' en italiano?", "easy", "traducción"),
        ("Dame 5 sinónimos de 'importante' para un informe.", "easy", "sinónimos"),
        ("Ordena de norte a sur: Sevilla, Burgos, Madrid, Córdoba, Santander", "easy", "ordenar"),
        (
            "Escribe una consulta SQL que devuelva los 5 productos más vendidos por mes, con una breve explicación.",
            "medium",
            "consulta SQL",
        ),
        ("Redacta un correo educado para rechazar una demo comercial.", "medium", "correo educado"),
        (
            "Explícale a mi madre qué es un fondo indexado y por qué tiene comisiones bajas.",
            "medium",
            "explicación",
        ),
        (
            "¿Diferencias entre autónomo y sociedad limitada? En una tabla corta.",
            "medium",
            "comparación",
        ),
        (
            "Diseña la migración de una tienda online de WooCommerce a una plataforma headless sin perder SEO: fases, redirecciones, riesgos, pruebas y plan de vuelta atrás.",
            "hard",
            "plan de migración",
        ),
        (
            "Compara optimistic locking, bloqueos pesimistas y colas por cuenta para evitar dobles cargos en pagos; analiza concurrencia, fallos parciales y coste, y recomienda uno.",
            "hard",
            "análisis técnico",
        ),
        (
            "Demuestra que hay infinitos números primos y luego explica por qué el teorema de Dirichlet es mucho más difícil de probar.",
            "hard",
            "demostración",
        ),
        (
            "¿Debería un ayuntamiento de 30.000 habitantes prohibir los coches en el centro? Argumenta con datos, contraargumentos, efectos en comercio y un piloto medible.",
            "hard",
            "argumentación",
        ),
        (
            "Planifica 12 semanas para preparar el B2 de inglés con una hora al día: bloques, materiales, simulacros y cómo ajustar si vas retrasado.",
            "hard",
            "plan en varias partes",
        ),
    ],
}

_S, _F, _N = "structured_id", "free_text_pii", "hard_negative"
LONG = {
    "en": [
        (
            "o_s",
            [P, "phone", "iban", "national_id", "address"],
            "Night shift dispatch log, Swindon depot, pasted from the yard system:",
            "NOTE 03:12 driver change – agency driver Tomasz Kowalczyk-Reed, mobile «tel:GB», wages to «iban:GB», NI «ukni», home 27 Wharf Lane, Melksham SN12 6QA",
            "Summarise this log in five bullet points for the morning handover.",
            "dispatch log with a driver record in the middle",
            "easy",
        ),
        (
            "o_f",
            [P, "health"],
            "Minutes of the Allotment Association committee meeting, copied from the secretary's notes:",
            "Any other business: Margery Ashdown-Pike told the committee she starts chemotherapy for breast cancer in May; her son Declan will look after plot 14 meanwhile.",
            "List the decisions taken in these minutes as bullet points.",
            "committee minutes with a member's illness in the middle",
            "easy",
        ),
        (
            "o_n",
            [],
            "Season archive of a concert hall, exported for our programming review:",
            "Box office and administration: Bridgewater Hall, Lower Mosley Street, Manchester M2 3WS, switchboard 0161 907 9000.",
            "Analyse the seasons above: which programme types sell best in which hall, propose a three-season plan with pricing assumptions, risks and a justification for each choice.",
            "concert archive with the hall's address in the middle",
            "hard",
        ),
    ],
    "de": [
        (
            "o_s",
            [P, "phone", "iban", "tax_id", "address"],
            "Versandprotokoll Spätschicht, Lager Kassel, aus dem Lagerverwaltungssystem kopiert:",
            "NOTIZ Fahrerwechsel: Aushilfsfahrer Emre Karagöz-Lindner, Handy «tel:DE», Lohn an «iban:DE», Steuer-ID «steuer», wohnhaft Frankfurter Straße 118, 34121 Kassel",
            "Fass das Protokoll in fünf Stichpunkten für die Frühschicht zusammen.",
            "Versandprotokoll mit Fahrerdaten in der Mitte",
            "easy",
        ),
        (
            "o_f",
            [P, "health"],
            "Protokoll der Vorstandssitzung des Kleingartenvereins, aus den Notizen der Schriftführerin:",
            "Verschiedenes: Herr Wilfried Hasselbach teilte mit, dass er nach seinem zweiten Herzinfarkt die Parzelle 22 abgeben muss; seine Enkelin Jana übernimmt vorerst das Gießen.",
            "Liste die gefassten Beschlüsse als Stichpunkte auf.",
            "Sitzungsprotokoll mit Erkrankung eines Mitglieds",
            "easy",
        ),
        (
            "o_n",
            [],
            "Saisonarchiv eines Konzerthauses, exportiert für die Programmplanung:",
            "Kasse und Verwaltung: Elbphilharmonie Hamburg, Platz der Deutschen Einheit 4, 20457 Hamburg, Zentrale 040 357 666 0.",
            "Analysier die Spielzeiten: welche Formate in welchem Saal am besten laufen, und schlag einen Dreijahresplan mit Preisannahmen, Risiken und Begründung je Entscheidung vor.",
            "Konzertarchiv mit Hausadresse in der Mitte",
            "hard",
        ),
    ],
    "fr": [
        (
            "o_s",
            [P, "phone", "iban", "national_id", "address"],
            "Journal des expéditions de nuit, entrepôt de Chalon, copié depuis le WMS :",
            "NOTE changement de chauffeur : intérimaire Yannick Ebongué, portable «tel:FR», salaire sur «iban:FR», n° sécu «nir:1», domicile 12 rue Gloriette, 71100 Chalon-sur-Saône",
            "Résume ce journal en cinq puces pour l'équipe du matin.",
            "journal d'expédition avec données d'un chauffeur au milieu",
            "easy",
        ),
        (
            "o_f",
            [P, "health"],
            "Compte rendu du bureau de l'association des jardins familiaux, d'après les notes de la secrétaire :",
            "Divers : Mme Josiane Le Goff a annoncé qu'elle commence une dialyse trois fois par semaine ; son petit-fils Mathis arrosera la parcelle 9.",
            "Liste les décisions prises sous forme de puces.",
            "compte rendu avec la maladie d'une adhérente",
            "easy",
        ),
        (
            "o_n",
            [],
            "Archive des saisons d'une salle de concert, exportée pour la programmation :",
            "Billetterie et administration : Philharmonie de Paris, 221 avenue Jean-Jaurès, 75019 Paris, standard 01 44 84 44 84.",
            "Analyse les saisons : quels formats marchent le mieux dans quelle salle, et propose un plan sur trois saisons avec hypothèses tarifaires, risques et justification de chaque choix.",
            "archive de concerts avec l'adresse de la salle au milieu",
            "hard",
        ),
    ],
    "es": [
        (
            "o_s",
            [P, "phone", "iban", "national_id", "address"],
            "Registro de expediciones del turno de noche, almacén de Zaragoza, copiado del SGA:",
            "NOTA cambio de conductor: conductor de ETT Wilmer Quispe Huamán, móvil «tel:ES», nómina a «iban:ES», NIE «nie», domicilio C/ Delicias 41, 50017 Zaragoza",
            "Resume el registro en cinco viñetas para el turno de mañana.",
            "registro de expediciones con datos de un conductor en medio",
            "easy",
        ),
        (
            "o_f",
            [P, "health"],
            "Acta de la junta de la asociación de huertos urbanos, según las notas de la secretaria:",
            "Ruegos y preguntas: Doña Amparo Cifuentes comunicó que le han diagnosticado alzhéimer en fase inicial; su nieto Hugo se encargará del huerto 17.",
            "Enumera los acuerdos tomados en viñetas.",
            "acta con el diagnóstico de una socia",
            "easy",
        ),
        (
            "o_n",
            [],
            "Archivo de temporadas de un auditorio, exportado para la programación:",
            "Taquilla y administración: Palau de la Música Catalana, C/ Palau de la Música 4-6, 08003 Barcelona, centralita 93 295 72 00.",
            "Analiza las temporadas: qué formatos funcionan mejor en cada sala, y propone un plan de tres temporadas con supuestos de precios, riesgos y justificación de cada decisión.",
            "archivo del auditorio con su dirección en medio",
            "hard",
        ),
    ],
}


def items(r, lang):
    return items_from(r, lang, S, F, N, C, LONG, None)
