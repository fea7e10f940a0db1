"""Set P: prompts written out per language with identifier slots (see kit_op.py), negatives, clean
prompts, appended task pools and long documents. Everything is invented for this set and written
independently of set O."""

# ruff: noqa: RUF001  (typographic dashes are part of the text people write)

from common_op import items_from

P = "person_name"

TASKS = {
    "en": {
        "easy": [
            "In one sentence, what's this about?",
            "Pull out every date and time, nothing else.",
            "Spelling fix only please.",
            "Put it into Spanish.",
            "Two-column table please: item | value.",
            "How many people are mentioned? just the number and names.",
            "Headline of max 8 words.",
        ],
        "medium": [
            "Draft a reply from our support desk.",
            "Is this a complaint, a request or a question? explain briefly.",
            "Write a two-paragraph version for the weekly team update.",
            "What should I ask next, and why?",
            "Turn it into a short checklist for whoever picks it up.",
        ],
        "hard": [
            "Decide whether we may forward this to an outside contractor in India: transfer mechanism, safeguards, what to redact, and a justified recommendation against two alternatives.",
            "Design a retention schedule and an insider-misuse model for records like this, with costed controls, and compare two retention options on risk and cost.",
            "Evaluate three competing explanations for how this ended up in a shared channel, what evidence would tell them apart, and a remediation plan with owners and deadlines.",
        ],
    },
    "de": {
        "easy": [
            "Worum geht's, in einem Satz?",
            "Zieh alle Daten und Uhrzeiten raus, sonst nichts.",
            "Bitte nur Rechtschreibung korrigieren.",
            "Auf Französisch bitte.",
            "Zweispaltige Tabelle: Feld | Wert.",
            "Wie viele Personen kommen vor? Nur Zahl und Namen.",
            "Überschrift mit höchstens 8 Wörtern.",
        ],
        "medium": [
            "Entwirf eine Antwort aus Sicht unseres Kundenservice.",
            "Ist das eine Beschwerde, eine Bitte oder eine Frage? Kurz begründen.",
            "Schreib zwei Absätze für das Wochenupdate im Team.",
            "Was sollte ich als Nächstes nachfragen, und warum?",
            "Mach daraus eine kurze Checkliste für die Kollegin, die es übernimmt.",
        ],
        "hard": [
            "Entscheide, ob wir das an einen externen Dienstleister in den USA weitergeben dürfen: Übermittlungsgrundlage, Garantien, was geschwärzt werden muss, und eine begründete Empfehlung gegenüber zwei Alternativen.",
            "Entwirf ein Aufbewahrungskonzept und ein Missbrauchsmodell für Innentäter bei solchen Datensätzen, mit bezifferten Maßnahmen, und vergleiche zwei Löschfristen nach Risiko und Aufwand.",
            "Bewerte drei konkurrierende Erklärungen, wie das in einen offenen Kanal geraten ist, welche Belege sie unterscheiden würden, und einen Abhilfeplan mit Verantwortlichen und Fristen.",
        ],
    },
    "fr": {
        "easy": [
            "En une phrase, de quoi ça parle ?",
            "Sors toutes les dates et heures, rien d'autre.",
            "Corrige seulement l'orthographe.",
            "Mets-le en espagnol.",
            "Tableau à deux colonnes : élément | valeur.",
            "Combien de personnes sont citées ? juste le nombre et les noms.",
            "Un titre de 8 mots max.",
        ],
        "medium": [
            "Rédige une réponse du service client.",
            "C'est une plainte, une demande ou une question ? explique brièvement.",
            "Fais-en deux paragraphes pour le point hebdo de l'équipe.",
            "Que devrais-je demander ensuite, et pourquoi ?",
            "Transforme ça en petite checklist pour la personne qui reprend.",
        ],
        "hard": [
            "Détermine si on peut transmettre ça à un prestataire au Maroc : mécanisme de transfert, garanties, ce qu'il faut masquer, et une recommandation argumentée face à deux alternatives.",
            "Conçois une durée de conservation et un modèle d'abus par un salarié pour ce type de données, avec des mesures chiffrées, et compare deux options de conservation selon risque et coût.",
            "Évalue trois explications concurrentes de la façon dont ça s'est retrouvé dans un canal partagé, quelles preuves les départageraient, et un plan de remédiation avec responsables et échéances.",
        ],
    },
    "es": {
        "easy": [
            "En una frase, ¿de qué va esto?",
            "Saca todas las fechas y horas, nada más.",
            "Corrige solo la ortografía.",
            "Pásalo al portugués.",
            "Tabla de dos columnas: campo | valor.",
            "¿Cuántas personas salen? solo el número y los nombres.",
            "Un titular de 8 palabras como mucho.",
        ],
        "medium": [
            "Redacta una respuesta desde atención al cliente.",
            "¿Es una queja, una petición o una pregunta? explícalo breve.",
            "Hazme dos párrafos para el resumen semanal del equipo.",
            "¿Qué debería preguntar a continuación y por qué?",
            "Conviértelo en una checklist corta para quien lo coja.",
        ],
        "hard": [
            "Decide si podemos pasar esto a un proveedor externo en Colombia: mecanismo de transferencia, garantías, qué hay que anonimizar y una recomendación razonada frente a dos alternativas.",
            "Diseña un calendario de conservación y un modelo de abuso interno para registros así, con controles valorados, y compara dos plazos de conservación por riesgo y coste.",
            "Evalúa tres explicaciones alternativas de cómo acabó esto en un canal compartido, qué pruebas las distinguirían y un plan de corrección con responsables y plazos.",
        ],
    },
}

S = {
    "en": [
        (
            [P, "iban", "phone"],
            'why does yamllint complain about line 4?\nmembers:\n  - name: Dimitra Kouroupi\n    iban:  «iban:NL»\n    phone: "«tel:GB»"\n  - name: Rhys ap Gwilym\n    iban: pending',
            "YAML member list",
        ),
        (
            [P, "credit_card", "health"],
            "Membership freeze request – member Obinna Eze-Whitfield, card on file «card:amex», wants to pause from 1 July for two months, broken ankle",
            "gym freeze with a card",
        ),
        (
            [P, "phone", "email"],
            "Kind regards,\nHoang Thi Lan | Parent Governor, St Anselm's\n«tel:GB» | lan.hoang.family@outlook.com\n\n(can you make this signature look less cluttered?)",
            "private e-mail signature",
        ),
        (
            [P, "passport", "national_id"],
            "right to work check done for Mateus Albuquerque-Finch: UK passport «pass:GB», NI «ukni». Do I need to keep a copy or just note it?",
            "right-to-work check",
        ),
        (
            ["ip_user"],
            '«ip» - mhenderson [12/Jun/2025:08:14:02 +0000] "GET /payroll/slips/2025-05.pdf HTTP/1.1" 200 18244 "-" "Mozilla/5.0"',
            "access log line with a login",
        ),
        (
            [P, "date_of_birth", "iban"],
            "Claim CLM-4471\nPolicyholder: Ngozi Abernethy\nDOB: «dob»\nPayout account: «iban:GB»\nStatus: awaiting loss adjuster",
            "insurance claim",
        ),
        (
            [P, "national_id"],
            "Our Madrid hire Xiana Outeiral sent her NIE «nie» and social security no. «nss» – which Workday fields do these go in?",
            "Spanish ids in an English HR question",
        ),
        (
            [P, "tax_id", "iban"],
            "invoice from our Milan supplier, sole trader Gianluca Pettinari, codice fiscale «cf:Gianluca Pettinari m», IBAN «iban:IT» – do we need to withhold anything?",
            "codice fiscale and Italian IBAN",
        ),
        (
            [P, "credit_card"],
            "| Guest | Card | Room |\n|---|---|---|\n| Zainab Al-Masri | «card:visa» | 312 |\n| walk-in | cash | 118 |\nformat this for the night audit email",
            "hotel guest table with a card",
        ),
        (
            [P, "date_of_birth", "national_id"],
            "OCR from the scanned form, sorry for the errors:\nSurname ABERNATHY-KWAME  first Lucinda\nDate 0f birth «dob»\nNat. lns. No «ukni»",
            "OCR slip with NI number",
        ),
        (
            [P, "iban"],
            '@channel pls don\'t paste stuff like this in here 🙃 → "pay Henrik Sørensen-Blake at «iban:LU» for the offsite catering"',
            "IBAN quoted in a chat",
        ),
        (
            [P, "address", "phone"],
            "Courier note: if nobody's in, leave the parcel at 9 Cranmore Terrace, Bath BA2 4QF. Recipient Imogen Achterberg, «tel:GB».",
            "delivery note",
        ),
    ],
    "de": [
        (
            [P, "iban", "email"],
            "<mitglied>\n  <name>Korbinian Stadlmayr</name>\n  <iban>«iban:DE»</iban>\n  <mail>korbi.stadlmayr@web.de</mail>\n</mitglied>\nWarum validiert das XML nicht gegen unser Schema?",
            "XML-Mitgliedsdatensatz",
        ),
        (
            [P, "credit_card", "phone"],
            "Rückruf gewünscht: Frau Ljudmila Brandauer, «tel:AT», wurde doppelt belastet, Karte «card:mc»",
            "Rückrufnotiz mit Karte",
        ),
        (
            [P, "tax_id", "iban"],
            "Lohnzettel-Daten für den Minijob meiner Putzhilfe: Magdalena Wiśniewska, Steuer-ID «steuer», Konto «iban:DE». Muss ich das bei der Minijob-Zentrale melden?",
            "Minijob mit Steuer-ID",
        ),
        (
            ["ip_user"],
            "Jun 03 22:17:45 nas01 sshd[9921]: Failed password for h.obermaier from «ip» port 40312 ssh2\nJun 03 22:17:51 nas01 sshd[9921]: Accepted password for h.obermaier from «ip» port 40312 ssh2",
            "sshd mit Login und öffentlicher IP",
        ),
        (
            [P, "national_id", "date_of_birth"],
            "Sozialversicherungsausweis meiner Tochter ist angekommen: Emilia Vukadinović, Versicherungsnummer «rvnr:Vukadinović», geb. «dob» – wo muss ich die beim Ausbildungsbetrieb angeben?",
            "RVNR der Tochter",
        ),
        (
            [P, "passport", "phone"],
            "Für das Visum brauchen wir: Antragsteller Niklas Oberhauser, Reisepass «pass:DE», erreichbar unter «tel:DE». Passt das Anschreiben so?",
            "Reisepass im Visumantrag",
        ),
        (
            [P, "iban", "address"],
            "Kaution bitte zurück an: Svenja Tiedemann-Osei, Am Wall 162, 28195 Bremen, IBAN «iban:DE» – Wohnungsübergabe war ohne Mängel",
            "Kautionsrückzahlung",
        ),
        (
            [P, "national_id"],
            "Unser niederländischer Kollege Ruud Hoekstra braucht für die Entsendung die BSN auf dem Formular: «bsn». Wo trage ich die ein?",
            "BSN in deutscher Nachricht",
        ),
        (
            [P, "credit_card", "email"],
            "name,mail,karte\nRosalie Eckhardt,rosalie.e@t-online.de,«card:visa»\nwie maskiere ich die Kartennummer in Excel?",
            "CSV mit Karte",
        ),
        (
            [P, "iban", "phone"],
            "Servus, der Schreiner heißt Florian Gschwandtner, Tel. «tel:AT», zahlbar auf «iban:AT». Kannst mir eine Überweisungsvorlage machen?",
            "Handwerker mit österreichischer IBAN",
        ),
        (
            [P, "national_id", "address"],
            "Wohnungsgeberbestätigung für meinen Untermieter: Thibault Marchetti, französische Sozialversicherungsnummer «nir:1», zieht ein in Gutleutstraße 77, 60329 Frankfurt",
            "NIR in deutscher Wohnungsgeberbestätigung",
        ),
        (
            [P, "tax_id", "date_of_birth"],
            "Steuer-ID: «steuer»\nName: Anneke Dierksen, geb. «dob»\nkannst du mir sagen, ob ich das im ELSTER-Formular richtig eintrage?",
            "Steuer-ID mit Label oben",
        ),
    ],
    "fr": [
        (
            [P, "iban", "email"],
            '{\n  "adherent": "Ludivine Marchal-Ndiaye",\n  "iban": "«iban:FR»",\n  "courriel": "ludivine.mn@free.fr"\n}\nle JSON est-il valide ?',
            "JSON d'adhérente",
        ),
        (
            [P, "national_id", "date_of_birth"],
            "Dossier CAF de ma compagne : Soizic Le Bihan, née le «dob», n° de sécu «nir:2». Tu peux vérifier que rien ne manque ?",
            "NIR pour la CAF",
        ),
        (
            ["ip_user"],
            "2025-02-11 18:22:07 [auth] connexion réussie utilisateur=amaury.delcourt ip=«ip» client=webmail",
            "log de connexion webmail",
        ),
        (
            [P, "credit_card", "phone"],
            "Bonjour, M. Évariste Kaboré a appelé, sa carte «card:mc» a été refusée au péage, rappeler au «tel:FR» svp",
            "message d'appel avec carte",
        ),
        (
            [P, "passport", "date_of_birth"],
            "passeport de ma fille pour le voyage scolaire : Inaya Boumediene, n° «pass:FR», née le «dobkid». C'est bien 9 caractères ?",
            "passeport d'une enfant",
        ),
        (
            [P, "iban", "address"],
            "Pour le remboursement de la caution : Gwenaëlle Tréguier, 5 impasse des Mouettes, 56100 Lorient, IBAN «iban:FR»",
            "remboursement de caution",
        ),
        (
            [P, "national_id", "phone"],
            "Ma collègue portugaise a son NIE espagnol : Filipa Carvalhais, «nie», tél «tel:ES». Il lui faut quoi pour s'inscrire à l'URSSAF ?",
            "NIE dans un message français",
        ),
        (
            [P, "iban"],
            "virement loyer → Maxence Deloffre, «iban:BE» (compte belge), communication 'loyer juillet'. C'est normal que l'IBAN soit si court ?",
            "IBAN belge",
        ),
        (
            [P, "credit_card", "email"],
            "Commande n° 20931 – cliente Apolline Rigaud (apolline.rigaud@gmail.com) – CB «card:visa» – colis non reçu",
            "commande avec CB",
        ),
        (
            [P, "tax_id", "address"],
            "Mon beau-père allemand, Heribert Lichtenfeld, vit maintenant au 3 rue du Marché, 67000 Strasbourg ; son identifiant fiscal allemand est «steuer». Il doit le donner aux impôts français ?",
            "identifiant fiscal allemand",
        ),
        (
            [P, "national_id", "address"],
            "Formulaire suisse pour mon cousin : Lorenzo Chappuis, NIR «nir:1», domicilié 14 chemin des Vignes, 74100 Annemasse",
            "NIR d'un cousin",
        ),
        (
            [P, "iban", "phone"],
            "Signature du trésorier du club :\nAurélien Costa-Moreau\n«tel:FR»\nIBAN du club perso (provisoire) : «iban:FR»",
            "IBAN personnel dans une signature",
        ),
    ],
    "es": [
        (
            [P, "iban", "email"],
            "INSERT INTO socios (nombre, iban, email) VALUES ('Covadonga Prieto Llamazares', '«iban:ES»', 'cova.prieto@hotmail.es');\n-- me da error de sintaxis, ¿por qué?",
            "SQL con IBAN",
        ),
        (
            [P, "national_id", "phone"],
            "Datos de la nueva limpiadora para darla de alta: Yaneth Cuervo Ramírez, NIE «nie», teléfono «tel:ES»",
            "alta de empleada doméstica",
        ),
        (
            ["ip_user"],
            "may 07 03:11:02 vpn ocserv[2210]: worker[2210]: «ip» user 'jlozano' authenticated\nmay 07 03:11:03 vpn ocserv[2210]: main: jlozano: assigned 10.10.0.44",
            "VPN con usuario e IP pública",
        ),
        (
            [P, "credit_card", "phone"],
            "Reclamación 7781: Don Casimiro Valcárcel dice que le cobraron dos veces con la tarjeta «card:visa»; llamarle al «tel:ES»",
            "reclamación con tarjeta",
        ),
        (
            [P, "national_id", "date_of_birth"],
            "Matrícula de mi hija: Alba Serrano Nieto, DNI «dni», nacida el «dobkid». ¿Hace falta el libro de familia?",
            "DNI de una menor",
        ),
        (
            [P, "iban", "address"],
            "Fianza a devolver: inquilino Lisandro Beltrán, Av. de la Constitución 88, 2º izq., 41001 Sevilla, cuenta «iban:ES»",
            "fianza con IBAN",
        ),
        (
            [P, "passport", "phone"],
            "Reserva del grupo: responsable Ximena Arriaga, pasaporte «pass:ES», móvil «tel:ES». Faltan los demás.",
            "reserva con pasaporte",
        ),
        (
            [P, "national_id"],
            "Mi cuñado francés, Baptiste Roumégous, tiene este número de la Sécu: «nir:1». ¿Le sirve para la tarjeta sanitaria europea en España?",
            "NIR de un cuñado",
        ),
        (
            [P, "credit_card", "email"],
            "pedido;cliente;email;tarjeta\n44120;Dolores Aguirrezábal;loli.aguirre@gmail.com;«card:mc»\n¿cómo oculto la tarjeta antes de mandarlo?",
            "CSV con tarjeta",
        ),
        (
            [P, "tax_id", "iban"],
            "Mi casero es alemán, Ottmar Heidkamp; en el contrato pone Steuer-ID «steuer» y la cuenta «iban:DE». ¿Es normal pagar a una cuenta alemana?",
            "casero alemán",
        ),
        (
            [P, "national_id", "address"],
            "Certificado de empadronamiento para Ainhoa Etxeberria, DNI «dni», C/ San Francisco 12, 48003 Bilbao. ¿Me redactas la solicitud?",
            "empadronamiento",
        ),
        (
            [P, "iban", "phone"],
            "La profe de guitarra de mi hijo, Valentina Orozco, cobra por Bizum al «tel:ES» o por transferencia a «iban:PT» (es portuguesa la cuenta)",
            "IBAN portugués de una profesora",
        ),
    ],
}

F = {
    "en": [
        (
            [P, "health"],
            "I'm 52, name's Gráinne, and I've just been told I have early-onset Alzheimer's. How do I tell work, and do I have to?",
            "self-disclosed diagnosis",
        ),
        (
            [P, "financial"],
            "my stepdad Clive gambled away the deposit we'd saved for the house and now owes about £40k on cards. mum doesn't know yet. what do we do first?",
            "relative's gambling debt",
        ),
        (
            [P, "health"],
            "Anjali Mehrotra in accounts is off after a miscarriage, can you help me word a card from the team that doesn't say the wrong thing",
            "colleague's miscarriage",
        ),
        (
            [P, "trade_union"],
            "Desmond Achebe-Ross told me he joined the GMB last week because of the shift changes. Should I mention it to HR or is that none of their business?",
            "union membership of a named colleague",
        ),
        (
            [P, "religion"],
            "Priyanka Nair converted to Catholicism at Easter and her parents have stopped speaking to her; she asked me to help write to them",
            "named person's conversion",
        ),
        (
            [P, "sexual_orientation"],
            "Fergus Mbeki-Lawson came out as gay on Friday's team call. How do I make sure nobody makes it weird at the away day?",
            "named man coming out",
        ),
        (
            [P, "criminal_record"],
            "Tenant reference check: applicant Wayne Pilkington served 18 months for burglary, released 2021. Can I refuse the let on that?",
            "named applicant's conviction",
        ),
        (
            [P, "health"],
            "Dear team, Olamide Fashola has long COVID and will work 20 hours a week until further notice – please route urgent queries to me",
            "greeting then a named illness",
        ),
        (
            [P, "health"],
            "My son Aarav (he's 9) has just been diagnosed with ADHD. What should I ask the school SENCO at Thursday's meeting?",
            "child named with a diagnosis",
        ),
    ],
    "de": [
        (
            [P, "health"],
            "Ich bin Henrike, 29, und habe seit letztem Jahr eine Essstörung. Muss ich das bei der Verbeamtung angeben?",
            "Selbstauskunft Gesundheit",
        ),
        (
            [P, "financial"],
            "Mein Onkel Ferdinand hat eine Lohnpfändung wegen Kreditschulden und fragt, ob sein Arbeitgeber das erfährt",
            "Onkel mit Lohnpfändung",
        ),
        (
            [P, "health"],
            "Frau Roswitha Klingenberg aus dem Empfang ist nach ihrer Brustkrebs-OP wieder da – wie begrüßen wir sie, ohne dass es peinlich wird?",
            "Kollegin nach Krebs-OP",
        ),
        (
            [P, "trade_union"],
            "Herr Yusuf Karaca ist seit Montag IG-Metall-Vertrauensmann in der Halle 3 und will beim Schichtgespräch dabei sein",
            "Gewerkschaftsfunktion",
        ),
        (
            [P, "religion"],
            "Unsere Praktikantin Miriam Haddad ist koptische Christin und fastet bis Ostern vegan – bitte beim Teamessen dran denken",
            "Fasten einer benannten Person",
        ),
        (
            [P, "sexual_orientation"],
            "Mein Bruder Elias hat uns am Wochenende erzählt, dass er mit seinem Freund Jonas zusammenzieht. Wie bringe ich das meiner Oma bei?",
            "Bruder mit Freund",
        ),
        (
            [P, "criminal_record"],
            "Der neue Hausmeister, Dieter Schwabl, war wegen Betrugs zwei Jahre in Haft. Müssen wir die Eltern im Kindergarten informieren?",
            "Vorstrafe benannt",
        ),
        (
            [P, "health"],
            "Moin zusammen, Kjell Petersen ist ab sofort in einer Suchtklinik (Alkohol) und fällt bis August aus. Bitte diskret behandeln.",
            "Gruß und Suchtbehandlung",
        ),
        (
            [P, "financial"],
            "Die Mieterin Frau Anastasia Lebedewa ist vier Monatsmieten im Rückstand und hat mir gesagt, dass ihr Konto gepfändet ist",
            "Mietrückstand",
        ),
    ],
    "fr": [
        (
            [P, "health"],
            "Je m'appelle Armelle, j'ai une endométriose sévère et je rate deux jours par mois. Est-ce que je dois le dire à mon nouveau chef ?",
            "autodéclaration santé",
        ),
        (
            [P, "financial"],
            "Mon oncle Gérard est fiché à la Banque de France après des chèques sans provision, il veut ouvrir un compte, comment faire ?",
            "oncle fiché",
        ),
        (
            [P, "health"],
            "Notre comptable, Mme Perrine Dufresne-Abada, est en congé après un AVC ; on lui envoie quoi comme mot ?",
            "collègue après AVC",
        ),
        (
            [P, "trade_union"],
            "Karim Lahlou vient d'être élu délégué Sud Rail et veut assister à la réunion du planning, on doit l'accepter ?",
            "délégué syndical",
        ),
        (
            [P, "religion"],
            "Mon collègue Théophile Ngoma est témoin de Jéhovah et ne fête pas les anniversaires ; on fait comment pour le pot d'équipe ?",
            "religion d'un collègue",
        ),
        (
            [P, "sexual_orientation"],
            "Ma fille Clémence m'a dit qu'elle est lesbienne et qu'elle vit avec Jade depuis un an. Je veux lui écrire une lettre, tu m'aides ?",
            "fille lesbienne",
        ),
        (
            [P, "criminal_record"],
            "Le candidat Rudy Fontanel a été condamné pour conduite sans permis en 2019. On peut refuser son embauche comme livreur ?",
            "condamnation d'un candidat",
        ),
        (
            [P, "health"],
            "Salut tout le monde, Océane Marquet est enceinte de 5 mois et ne doit plus porter de charges, on réorganise l'inventaire",
            "salutation et grossesse",
        ),
        (
            [P, "financial"],
            "Le locataire du 2e, M. Barthélemy Ouattara, a un dossier de surendettement et me propose de payer en trois fois",
            "locataire surendetté",
        ),
    ],
    "es": [
        (
            [P, "health"],
            "Soy Maite, tengo fibromialgia y mi jefe no se lo cree. ¿Cómo le explico por qué necesito pausas?",
            "autodeclaración de salud",
        ),
        (
            [P, "financial"],
            "Mi primo Jonathan debe 12.000 € a una financiera de coches y le han metido en ASNEF; ¿puede pedir un microcrédito?",
            "primo moroso",
        ),
        (
            [P, "health"],
            "Leocadia Fuertes, de recepción, vuelve tras una depresión de seis meses; ¿qué le decimos el primer día?",
            "compañera tras depresión",
        ),
        (
            [P, "trade_union"],
            "Ojo: Baldomero Sanz es delegado de UGT en el almacén y quiere estar en la reunión de turnos",
            "delegado sindical",
        ),
        (
            [P, "religion"],
            "Mi compañero Hamza El Idrissi hace las oraciones del viernes; ¿le cuadro la pausa de la comida más tarde?",
            "práctica religiosa",
        ),
        (
            [P, "sexual_orientation"],
            "Mi hermana Carlota se casa con su novia Irene en septiembre y mi padre no quiere ir. ¿Cómo hablo con él?",
            "hermana se casa con su novia",
        ),
        (
            [P, "criminal_record"],
            "El monitor Jacinto Ballesteros tiene antecedentes por violencia de género; ¿puede seguir en el campamento de verano?",
            "antecedentes de un monitor",
        ),
        (
            [P, "health"],
            "Hola equipo: Bruno Casares está en tratamiento por adicción al juego y vuelve a media jornada en junio",
            "saludo y adicción",
        ),
        (
            [P, "financial"],
            "A la madre de un alumno, Doña Purificación Lorente, le han embargado la nómina y no puede pagar la excursión",
            "embargo de nómina",
        ),
    ],
}

N = {
    "en": [
        (
            "Reports say King Charles III is being treated for cancer and has paused public duties. Rewrite that as a headline of ten words or fewer.",
            "easy",
            "monarch's illness in the news",
        ),
        (
            "Alan Turing was born on 23 June 1912 in Maida Vale. Make an eight-entry timeline of his work for a museum caption.",
            "medium",
            "historical figure with birth date",
        ),
        (
            "Write a diary entry in the voice of Adrian Mole, aged 13¾, about his spots and his mother's new job.",
            "medium",
            "fictional character",
        ),
        (
            "Bank docs use GB82 WEST 1234 5698 7654 32 as the example IBAN. Write a regex for UK IBANs and show it accepting this example and rejecting a typo of it.",
            "medium",
            "documented example IBAN",
        ),
        (
            "Write a formal letter to HMRC, BX9 1AS, asking for a refund of overpaid tax. Leave [placeholders] for my name and reference.",
            "medium",
            "public body's address with placeholders",
        ),
        (
            "Make a tiny wallet card with the Mind infoline 0300 123 3393 and Citizens Advice 0800 144 8848.",
            "easy",
            "public helplines",
        ),
        (
            "Was there a real Mrs Beeton? And is Mr Kipling a real person?",
            "easy",
            "brands named after people",
        ),
        (
            "hey all 👋 turn 'printer on floor 3 is broken again' into a funny Slack status",
            "easy",
            "greeting to a group",
        ),
        (
            "Which of these probably broke the build?\n«hex:12» bump lodash to 4.17.21\n«hex:12» refactor date parsing\n«hex:12» add retry to upload job\nimage sha256:«hex:64»",
            "medium",
            "commit hashes and image digest",
        ),
        (
            "Our docs show a dummy user jane.doe@example.com with the password 'changeme'. Write a short warning box telling readers never to reuse these.",
            "easy",
            "declared dummy user",
        ),
        (
            "What's the safest way to give GitHub Actions access to AWS without storing access keys as secrets? Compare OIDC federation, short-lived keys from a vault and self-hosted runners with instance roles, with a threat model for each and a recommendation.",
            "hard",
            "credential talk without values",
        ),
        (
            "Across our 14 stores, 2.3% of Q3 transactions were refunds, but two stores were at 6%. Design an approach to tell fraud from genuine causes: features, baselines, false-positive cost and how you'd validate it.",
            "hard",
            "aggregate statistics",
        ),
        (
            "Lionel Messi was born on 24 June 1987 in Rosario. Argue whether his Barcelona peak or his late Argentina years did more for his legacy, weighing stats, trophies and context, with the strongest counter-case.",
            "hard",
            "public figure's birth date with analysis",
        ),
        (
            "Compare how Hercule Poirot and Miss Marple reach their solutions in three novels each; what does each method say about Christie's view of human nature? Support with specific scenes.",
            "hard",
            "fictional detectives",
        ),
    ],
    "de": [
        (
            "Laut Nachrichten ließ sich Manuel Neuer wegen Hautkrebs im Gesicht operieren. Mach daraus eine Schlagzeile mit höchstens zehn Wörtern.",
            "easy",
            "öffentliche Person, OP aus den Nachrichten",
        ),
        (
            "Sophie Scholl wurde am 9. Mai 1921 in Forchtenberg geboren. Erstell eine Zeitleiste mit acht Einträgen für eine Ausstellungstafel.",
            "medium",
            "historische Person mit Geburtsdatum",
        ),
        (
            "Schreib einen Tagebucheintrag von Tschick aus Wolfgang Herrndorfs Roman über die Fahrt durch die Walachei.",
            "medium",
            "fiktive Figur",
        ),
        (
            "In der Doku steht als Beispielkarte die Testnummer 4111 1111 1111 1111. Schreib einen pytest, der prüft, dass unser Formular sie im Live-Modus ablehnt.",
            "medium",
            "dokumentierte Testkarte",
        ),
        (
            "Schreib einen Brief an das Finanzamt München, Deroystraße 18, 80335 München, wegen einer Fristverlängerung. Lass [Platzhalter] für Name und Steuernummer.",
            "medium",
            "Behördenadresse mit Platzhaltern",
        ),
        (
            "Mach eine kleine Notfallkarte mit 116 117 (ärztlicher Bereitschaftsdienst) und 112.",
            "easy",
            "öffentliche Notrufnummern",
        ),
        (
            "Gab es 'Tante Fanny' von den Fertigteigen wirklich? Und wer war Meister Proper?",
            "easy",
            "Marken mit Personennamen",
        ),
        (
            "Hallo in die Runde! Mach aus 'Drucker im 3. Stock kaputt' einen witzigen Teams-Status.",
            "easy",
            "Gruß an eine Gruppe",
        ),
        (
            "Welcher Commit hat den Build kaputt gemacht?\n«hex:12» Abhängigkeiten aktualisiert\n«hex:12» Datumsparser umgebaut\n«hex:12» Retry im Upload\nImage sha256:«hex:64»",
            "medium",
            "Commit-Hashes",
        ),
        (
            "In unserer Doku gibt es den Platzhalter-Nutzer max.mustermann@example.org mit Passwort 'geheim123'. Schreib einen Warnhinweis, das nie zu übernehmen.",
            "easy",
            "Platzhalter-Nutzer",
        ),
        (
            "Wie geben wir einer GitLab-Pipeline Zugriff auf Azure, ohne Schlüssel als CI-Variablen zu speichern? Vergleich Workload Identity Federation, kurzlebige Tokens aus einem Vault und eigene Runner mit Managed Identity, mit Bedrohungsmodell und Empfehlung.",
            "hard",
            "Zugangsdaten ohne Werte",
        ),
        (
            "In unseren 9 Filialen lag die Retourenquote im Q3 bei 4,1 %, in zwei Filialen bei 11 %. Entwirf ein Vorgehen, um Betrug von echten Ursachen zu trennen: Merkmale, Vergleichsbasis, Kosten falscher Alarme, Validierung.",
            "hard",
            "aggregierte Zahlen",
        ),
        (
            "Angela Merkel wurde am 17. Juli 1954 in Hamburg geboren. Wäge ab, ob ihre Krisenpolitik 2015 oder 2008 prägender war, mit Belegen und der stärksten Gegenposition.",
            "hard",
            "Politikerin mit Geburtsdatum und Analyse",
        ),
        (
            "Vergleiche, wie Kommissar Maigret und Friedrich Dürrenmatts Kommissär Bärlach ihre Fälle lösen, und was das über das jeweilige Menschenbild sagt – mit konkreten Szenen.",
            "hard",
            "fiktive Ermittler",
        ),
    ],
    "fr": [
        (
            "Selon les journaux, Jean-Paul Belmondo avait fait un AVC en 2001 en Corse. Tire de ça une question de culture générale, une ligne.",
            "easy",
            "maladie d'une célébrité dans la presse",
        ),
        (
            "Simone Veil est née le 13 juillet 1927 à Nice. Fais une frise de huit dates pour un panneau d'exposition.",
            "medium",
            "personne historique avec date",
        ),
        (
            "Écris une page du journal du Petit Nicolas sur la rentrée et la nouvelle maîtresse.",
            "medium",
            "personnage de fiction",
        ),
        (
            "La doc donne l'IBAN d'exemple FR76 3000 6000 0112 3456 7890 189. Écris une regex pour les IBAN français et montre qu'elle accepte cet exemple.",
            "medium",
            "IBAN d'exemple documenté",
        ),
        (
            "Rédige une lettre à la Caisse primaire d'assurance maladie de Paris, 75948 Paris Cedex 19, pour contester un refus. Laisse des [champs] pour mes infos.",
            "medium",
            "organisme public avec champs à remplir",
        ),
        (
            "Fais une petite carte avec le 15, le 17, le 18 et le 3919.",
            "easy",
            "numéros d'urgence publics",
        ),
        (
            "Est-ce que l'Oncle Ben's et la Mère Poulard ont vraiment existé ?",
            "easy",
            "marques au nom de personnes",
        ),
        (
            "Coucou l'équipe ! Transforme 'l'imprimante du 3e est encore en panne' en statut Teams rigolo.",
            "easy",
            "salutation à un groupe",
        ),
        (
            "Quel commit a cassé le build ?\n«hex:12» maj des dépendances\n«hex:12» refonte du parseur de dates\n«hex:12» ajout de retry\nimage sha256:«hex:64»",
            "medium",
            "hashes de commits",
        ),
        (
            "Notre doc montre un utilisateur fictif jean.dupont@example.fr avec le mot de passe 'azerty'. Écris un encadré qui dit de ne jamais les réutiliser.",
            "easy",
            "utilisateur fictif déclaré",
        ),
        (
            "Comment donner à une pipeline GitLab l'accès à GCP sans stocker de clé de compte de service ? Compare la fédération d'identité, des jetons courts via un coffre et des runners dédiés, avec un modèle de menace et une recommandation.",
            "hard",
            "secrets sans valeurs",
        ),
        (
            "Sur nos 12 agences, 3,4 % des dossiers de 2024 ont été contestés, mais 9 % dans deux agences. Propose une démarche pour distinguer fraude et causes réelles : variables, référence, coût des fausses alertes, validation.",
            "hard",
            "statistiques agrégées",
        ),
        (
            "Kylian Mbappé est né le 20 décembre 1998 à Paris. Argumente si son départ du PSG vers l'Espagne renforce ou fragilise son héritage, avec les meilleurs contre-arguments.",
            "hard",
            "sportif avec date de naissance et analyse",
        ),
        (
            "Compare les méthodes de Rouletabille chez Gaston Leroux et d'Arsène Lupin chez Leblanc : que disent-elles de la Belle Époque ? Appuie-toi sur des scènes précises.",
            "hard",
            "personnages de fiction",
        ),
    ],
    "es": [
        (
            "Según la prensa, Rafa Nadal se operó de la cadera en 2023. Conviértelo en un titular de diez palabras como mucho.",
            "easy",
            "deportista, operación en prensa",
        ),
        (
            "María Zambrano nació en Vélez-Málaga en 1904. Escribe 100 palabras sobre su exilio para la web de la biblioteca municipal.",
            "medium",
            "figura histórica con año",
        ),
        (
            "Escribe una entrada del diario de Manolito Gafotas sobre el primer día de vacaciones en Carabanchel.",
            "medium",
            "personaje de ficción",
        ),
        (
            "La documentación usa el IBAN de ejemplo ES91 2100 0418 4502 0005 1332. Escribe una expresión regular para IBAN españoles y demuestra que acepta este ejemplo.",
            "medium",
            "IBAN de ejemplo documentado",
        ),
        (
            "Redacta un escrito a la Agencia Tributaria, Delegación de Valencia, C/ Guillem de Castro 4, 46001 Valencia, pidiendo un aplazamiento. Deja [huecos] para mis datos.",
            "medium",
            "dirección pública con huecos",
        ),
        ("Hazme una tarjetita con el 112, el 016 y el 091.", "easy", "teléfonos públicos"),
        (
            "¿Hubo un señor Mahou de verdad detrás de la cerveza? Cuéntamelo en dos líneas.",
            "easy",
            "marca con apellido de persona",
        ),
        (
            "¡Hola a todos! Convierte 'la impresora de la 3ª planta está rota otra vez' en un estado gracioso para Slack.",
            "easy",
            "saludo a un grupo",
        ),
        (
            "¿Qué commit rompió la build?\n«hex:12» actualizar dependencias\n«hex:12» rehacer parser de fechas\n«hex:12» añadir reintentos\nimagen sha256:«hex:64»",
            "medium",
            "hashes de commits",
        ),
        (
            "En la doc aparece el usuario ficticio juan.perez@example.com con contraseña '1234'. Escribe un aviso para que nadie lo reutilice.",
            "easy",
            "usuario ficticio declarado",
        ),
        (
            "¿Cómo damos a un pipeline de Jenkins acceso a AWS sin guardar claves? Compara federación OIDC, credenciales cortas desde un vault y agentes con roles de instancia, con modelo de amenazas y una recomendación.",
            "hard",
            "credenciales sin valores",
        ),
        (
            "En nuestras 20 farmacias el 1,8 % de las ventas de 2024 fueron devoluciones, pero en tres llegó al 5 %. Diseña cómo distinguir fraude de causas reales: variables, referencias, coste de falsas alarmas y validación.",
            "hard",
            "estadística agregada",
        ),
        (
            "Rosalía nació el 25 de septiembre de 1992 en Sant Esteve Sesrovires. Analiza si 'El mal querer' o 'Motomami' pesa más en su carrera, con datos, crítica y el mejor contraargumento.",
            "hard",
            "artista con fecha de nacimiento",
        ),
        (
            "Compara cómo resuelven los casos Pepe Carvalho y el comisario Montalbano, y qué dice cada método de su ciudad, con escenas concretas.",
            "hard",
            "detectives de ficción",
        ),
    ],
}

C = {
    "en": [
        ("capital of Mongolia?", "easy", "fact"),
        ("who or whom: 'who should I address it to'?", "easy", "grammar"),
        ("72°F in Celsius", "easy", "conversion"),
        ("Translate 'please find the revised quote attached' into Dutch.", "easy", "translation"),
        ("Five-word slogan for a sourdough bakery, give me three.", "easy", "short creative"),
        ("Write a regex for UK postcodes and explain each part.", "medium", "regex"),
        ("Pros and cons of standing desks, one short paragraph each.", "medium", "summary"),
        (
            "Write a short cover note for a barista job, friendly tone, no clichés.",
            "medium",
            "short letter",
        ),
        ("Explain what a CDN does using a pizza delivery analogy.", "medium", "explanation"),
        (
            "Design an on-call rotation and incident process for a six-person SRE team split between London and Singapore: schedules, escalation, handovers, burnout safeguards and how to measure if it works.",
            "hard",
            "process design",
        ),
        (
            "Should a 20-person charity move from spreadsheets to a CRM? Analyse cost, data migration, training and risk, compare two concrete options and recommend one.",
            "hard",
            "decision analysis",
        ),
        (
            "Derive the variance of a binomial distribution two ways (indicator variables and the generating function) and explain why they agree.",
            "hard",
            "derivation",
        ),
        (
            "Compare write-through, write-behind and cache-aside for a read-heavy product catalogue with frequent price changes; cover consistency, failure cases and operations, then choose.",
            "hard",
            "caching trade-offs",
        ),
        (
            "Critically assess the claim that remote work reduces innovation: what the studies measure, their confounders, and what evidence would change your mind.",
            "hard",
            "critical evaluation",
        ),
    ],
    "de": [
        ("Hauptstadt von Kirgistan?", "easy", "Faktenfrage"),
        ("'Seit' oder 'seid' in 'Wir sind ... Montag hier'?", "easy", "Rechtschreibung"),
        ("180 °C Umluft sind wie viel Ober-/Unterhitze?", "easy", "Umrechnung"),
        ("Übersetz ins Italienische: 'Anbei das überarbeitete Angebot.'", "easy", "Übersetzung"),
        ("Drei Slogans mit fünf Wörtern für eine Fahrradwerkstatt.", "easy", "kurz kreativ"),
        ("Schreib eine Regex für deutsche Postleitzahlen und erklär sie.", "medium", "Regex"),
        (
            "Vor- und Nachteile von Wärmepumpen im Altbau, je ein kurzer Absatz.",
            "medium",
            "Zusammenfassung",
        ),
        (
            "Schreib ein kurzes Anschreiben für einen Nebenjob im Café, locker, ohne Floskeln.",
            "medium",
            "kurzer Brief",
        ),
        ("Erklär Docker-Container mit einer Umzugskarton-Analogie.", "medium", "Erklärung"),
        (
            "Entwirf eine Rufbereitschaft und einen Incident-Prozess für ein sechsköpfiges Ops-Team in Berlin und Manila: Zeitpläne, Eskalation, Übergaben, Schutz vor Überlastung und Erfolgsmessung.",
            "hard",
            "Prozessdesign",
        ),
        (
            "Soll ein Sportverein mit 900 Mitgliedern von Excel auf eine Vereinssoftware umsteigen? Analysier Kosten, Datenübernahme, Schulung und Risiken, vergleiche zwei Optionen und empfiehl eine.",
            "hard",
            "Entscheidungsanalyse",
        ),
        (
            "Leite den Erwartungswert und die Varianz der geometrischen Verteilung auf zwei Wegen her und erklär, warum beide übereinstimmen.",
            "hard",
            "Herleitung",
        ),
        (
            "Vergleich Read-Replicas, Sharding und einen Cache-Layer für eine schnell wachsende Buchungsplattform: Konsistenz, Fehlerszenarien, Betrieb, dann eine Entscheidung.",
            "hard",
            "Architekturabwägung",
        ),
        (
            "Prüf kritisch die These, dass Homeoffice Innovation bremst: was die Studien messen, welche Störfaktoren es gibt und welche Belege dich umstimmen würden.",
            "hard",
            "kritische Bewertung",
        ),
    ],
    "fr": [
        ("capitale de l'Ouzbékistan ?", "easy", "question factuelle"),
        ("'Je me suis permis' ou 'permise' quand c'est une femme qui écrit ?", "easy", "grammaire"),
        ("350 °F en Celsius ?", "easy", "conversion"),
        (
            "Traduis en portugais : 'Veuillez trouver ci-joint le devis révisé.'",
            "easy",
            "traduction",
        ),
        ("Trois slogans de cinq mots pour une fromagerie.", "easy", "court créatif"),
        ("Écris une regex pour les codes postaux français et explique-la.", "medium", "regex"),
        (
            "Avantages et inconvénients du vélo cargo en ville, un paragraphe chacun.",
            "medium",
            "résumé",
        ),
        (
            "Écris une courte lettre de motivation pour un job d'été en librairie, ton naturel.",
            "medium",
            "courte lettre",
        ),
        (
            "Explique ce qu'est un index de base de données avec l'analogie d'un livre de cuisine.",
            "medium",
            "explication",
        ),
        (
            "Conçois une astreinte et un processus d'incident pour une équipe de six personnes entre Lyon et Montréal : plannings, escalade, passations, prévention de l'épuisement et indicateurs.",
            "hard",
            "conception de processus",
        ),
        (
            "Une association de 30 bénévoles doit-elle passer des tableurs à un logiciel de gestion ? Analyse coûts, migration, formation et risques, compare deux options et recommande.",
            "hard",
            "analyse de décision",
        ),
        (
            "Démontre la formule de la variance d'une loi de Poisson de deux façons et explique pourquoi elles concordent.",
            "hard",
            "démonstration",
        ),
        (
            "Compare cache applicatif, CDN et vues matérialisées pour un site d'actualités à fort trafic : fraîcheur, pannes, exploitation, puis choisis.",
            "hard",
            "arbitrage technique",
        ),
        (
            "Évalue de façon critique l'idée que le télétravail nuit à l'innovation : ce que mesurent les études, les biais, et ce qui te ferait changer d'avis.",
            "hard",
            "évaluation critique",
        ),
    ],
    "es": [
        ("¿capital de Azerbaiyán?", "easy", "dato"),
        ("¿'echo de menos' va con hache o sin hache? es para un whatsapp", "easy", "gramática"),
        ("¿100 millas cuántos km son?", "easy", "conversión"),
        ("Traduce al alemán: 'Adjunto el presupuesto revisado.'", "easy", "traducción"),
        ("Tres eslóganes de cinco palabras para una churrería.", "easy", "breve creativo"),
        ("Escribe una regex para códigos postales españoles y explícala.", "medium", "regex"),
        (
            "Ventajas e inconvenientes de las placas solares en un piso, un párrafo cada uno.",
            "medium",
            "resumen",
        ),
        (
            "Escribe una carta breve para un trabajo de verano en una heladería, tono cercano.",
            "medium",
            "carta breve",
        ),
        (
            "Explícame qué es una API con la analogía de un camarero en un bar.",
            "medium",
            "explicación",
        ),
        (
            "Diseña guardias y un proceso de incidencias para un equipo de seis personas entre Madrid y Ciudad de México: turnos, escalado, traspasos, prevención del desgaste y métricas.",
            "hard",
            "diseño de proceso",
        ),
        (
            "¿Debe una cooperativa de 40 socios pasar de hojas de cálculo a un ERP? Analiza costes, migración, formación y riesgos, compara dos opciones y recomienda una.",
            "hard",
            "análisis de decisión",
        ),
        (
            "Deduce la varianza de la distribución uniforme continua de dos maneras y explica por qué coinciden.",
            "hard",
            "deducción",
        ),
        (
            "Compara colas con reintentos, sagas y transacciones distribuidas para reservas de hotel con pago; consistencia, fallos y operación, y elige.",
            "hard",
            "compromisos técnicos",
        ),
        (
            "Evalúa críticamente la idea de que el teletrabajo frena la innovación: qué miden los estudios, sus sesgos y qué te haría cambiar de opinión.",
            "hard",
            "evaluación crítica",
        ),
    ],
}

LONG = {
    "en": [
        (
            "p_s",
            [P, "address", "phone", "iban"],
            "returns export from the shop backend (rma,date,sku,status,weight_g):",
            "# note from support: customer Tobias Eberhart-Nyambura, 41 Ravenscroft Road, Sheffield S11 8HU, «tel:GB», refund to «iban:GB» instead of card",
            "How many returns in this export are marked refunded? Just the count.",
            "returns CSV with a private customer comment in the middle",
            "easy",
        ),
        (
            "p_f",
            [P, "health"],
            "Residents' association group chat, exported for the committee:",
            "[--:--] Block B: sorry to be quiet lately, I'm Rosalind Achterfeld from 4B, I've been in hospital with a pulmonary embolism and I'm on blood thinners now, so please don't ring the bell before 10",
            "Summarise the main complaints in this chat in five bullet points.",
            "group chat with a resident's health disclosure in the middle",
            "easy",
        ),
        (
            "p_n",
            [],
            "Monthly monitoring report of the regional water utility:",
            "Report issued by: Severn Trent Water, Severn Trent Centre, 2 St John's Street, Coventry CV1 2LZ; customer line 0345 750 0500.",
            "Analyse the stations above: which ones drift, what could cause the turbidity spikes, and propose a monitoring and flushing plan with priorities, costs and risks of each option.",
            "water report with the utility's address in the middle",
            "hard",
        ),
    ],
    "de": [
        (
            "p_s",
            [P, "address", "phone", "iban"],
            "Retouren-Export aus dem Shop-Backend (nr;datum;artikel;status;gewicht):",
            "# Notiz Kundenservice: Kunde Benedikt Oyelowo-Hartmann, Schillerstraße 19, 04109 Leipzig, «tel:DE», Erstattung bitte auf «iban:DE» statt auf Karte",
            "Wie viele Retouren sind als erstattet markiert? Nur die Zahl.",
            "Retouren-CSV mit Privatkundennotiz in der Mitte",
            "easy",
        ),
        (
            "p_f",
            [P, "health"],
            "Gruppenchat der Hausgemeinschaft, für den Beirat exportiert:",
            "[--:--] Haus B: sorry, dass ich mich so lange nicht gemeldet hab, hier ist Waltraud Szymańska aus 4B, ich hatte eine Lungenembolie und nehme jetzt Blutverdünner, bitte nicht vor 10 klingeln",
            "Fass die Hauptbeschwerden im Chat in fünf Stichpunkten zusammen.",
            "Hauschat mit Gesundheitsangabe einer Bewohnerin",
            "easy",
        ),
        (
            "p_n",
            [],
            "Monatsbericht der Wasserüberwachung des Zweckverbands:",
            "Herausgeber: Berliner Wasserbetriebe, Neue Jüdenstraße 1, 10179 Berlin, Kundenservice 0800 292 7587.",
            "Analysier die Messstellen: welche driften, was die Trübungsspitzen verursachen könnte, und schlag einen Überwachungs- und Spülplan mit Prioritäten, Kosten und Risiken je Option vor.",
            "Wasserbericht mit Adresse des Versorgers in der Mitte",
            "hard",
        ),
    ],
    "fr": [
        (
            "p_s",
            [P, "address", "phone", "iban"],
            "Export des retours depuis le back-office (n;date;article;statut;poids) :",
            "# note du SAV : client Anatole Diakhaté-Renaud, 23 rue Paradis, 13001 Marseille, «tel:FR», remboursement sur «iban:FR» au lieu de la carte",
            "Combien de retours sont marqués remboursés ? Juste le nombre.",
            "CSV de retours avec la note d'un client au milieu",
            "easy",
        ),
        (
            "p_f",
            [P, "health"],
            "Groupe de discussion des copropriétaires, exporté pour le conseil syndical :",
            "[--:--] Bât. B : désolée pour mon silence, c'est Huguette Vasseur-Mbala du 4B, j'ai fait une embolie pulmonaire et je suis sous anticoagulants, ne sonnez pas avant 10h svp",
            "Résume les principales plaintes de la discussion en cinq puces.",
            "discussion avec une information de santé au milieu",
            "easy",
        ),
        (
            "p_n",
            [],
            "Rapport mensuel de surveillance du syndicat des eaux :",
            "Éditeur : Eau de Paris, 9 rue Victor-Schœlcher, 75014 Paris, service clients 0974 506 507.",
            "Analyse les points de mesure : lesquels dérivent, ce qui pourrait causer les pics de turbidité, et propose un plan de surveillance et de purge avec priorités, coûts et risques de chaque option.",
            "rapport d'eau avec l'adresse du service au milieu",
            "hard",
        ),
    ],
    "es": [
        (
            "p_s",
            [P, "address", "phone", "iban"],
            "Exportación de devoluciones del backend de la tienda (n;fecha;artículo;estado;peso):",
            "# nota de atención al cliente: cliente Gaizka Mendizábal Okoro, C/ Ercilla 30, 48011 Bilbao, «tel:ES», reembolso a «iban:ES» en vez de a la tarjeta",
            "¿Cuántas devoluciones están marcadas como reembolsadas? Solo el número.",
            "CSV de devoluciones con nota de un cliente en medio",
            "easy",
        ),
        (
            "p_f",
            [P, "health"],
            "Chat de la comunidad de vecinos, exportado para la junta:",
            "[--:--] Portal B: perdón por no escribir, soy Filomena Arrieta del 4ºB, he tenido una embolia pulmonar y tomo anticoagulantes, no llaméis al timbre antes de las diez",
            "Resume las quejas principales del chat en cinco viñetas.",
            "chat vecinal con un dato de salud en medio",
            "easy",
        ),
        (
            "p_n",
            [],
            "Informe mensual de control del servicio de aguas:",
            "Emite: Canal de Isabel II, C/ Santa Engracia 125, 28003 Madrid, atención al cliente 900 365 365.",
            "Analiza los puntos de control: cuáles derivan, qué podría causar los picos de turbidez, y propone un plan de vigilancia y purgas con prioridades, costes y riesgos de cada opción.",
            "informe de aguas con la dirección del servicio en medio",
            "hard",
        ),
    ],
}


def items(r, lang):
    return items_from(r, lang, S, F, N, C, LONG, None)
