"""Set A content. Templates, names, tasks are disjoint from set B."""
import random

from common import I, nss, de_idcard
from filler import log_lines, csv_rows, combo_sentences, assemble
from ids import group4

NAMES = {
    "en": ["Rachel Thornbury", "Gareth Pennington", "Siobhan Callaghan", "Derek Whitmore", "Priya Raghunathan",
           "Owen Llewellyn", "Megan Ashcroft", "Callum Fairbairn", "Tanya Okonkwo", "Neil Braithwaite"],
    "de": ["Katrin Vogelsang", "Jürgen Hallmann", "Svenja Kröger", "Torsten Wendt", "Birgit Ostermeier",
           "Dominik Pfeuffer", "Anja Reinecke", "Matthias Lüdtke", "Heike Brandstätter", "Florian Gebauer"],
    "fr": ["Céline Marchetti", "Olivier Roux-Bertin", "Sandrine Lefebvre", "Thierry Gaudin", "Nathalie Perrot",
           "Mathieu Coste", "Élodie Chabert", "Franck Delmas", "Aurélie Vasseur", "Grégoire Lamotte"],
    "es": ["María José Ortega Vidal", "Javier Castaño Ruiz", "Lucía Benítez Soler", "Álvaro Prieto Muñoz",
           "Rocío Gallardo Peña", "Sergio Cifuentes Mora", "Nerea Aguirre Etxeberria", "Raúl Domínguez Sanz",
           "Pilar Herrero Calvo", "Íñigo Salazar Ríos"],
}
ADDRESSES = {
    "en": ["14 Larkspur Close, Harrogate HG2 7QN", "Flat 3, 62 Mafeking Road, Cardiff CF23 5DQ",
           "7 Orchard Rise, Kidderminster DY11 6LP", "29 Whinfield Avenue, Darlington DL3 9RT",
           "118 Gorse Hill Lane, Swindon SN2 1HX"],
    "de": ["Lindenweg 14, 34117 Kassel", "Am Mühlbach 3a, 79098 Freiburg im Breisgau", "Schillerstraße 87, 04109 Leipzig",
           "Hohe Geest 21, 48165 Münster", "Kiefernring 6, 14478 Potsdam"],
    "fr": ["12 rue des Tanneurs, 67000 Strasbourg", "5 allée des Peupliers, 44300 Nantes",
           "38 avenue Jean-Jaurès, 31200 Toulouse", "Bâtiment C, 7 impasse du Moulin, 69008 Lyon",
           "21 chemin de la Croix-Blanche, 13090 Aix-en-Provence"],
    "es": ["Calle de Toledo 118, 3.º B, 28005 Madrid", "Avinguda de Roma 57, 4t 2a, 08029 Barcelona",
           "Calle Sierpes 22, 41004 Sevilla", "Paseo de Sagasta 41, 50008 Zaragoza",
           "Calle Colón 9, bajo, 46004 Valencia"],
}

TASKS = {
    "en": {
        "easy": ["Summarise the text above in one sentence.", "Put the information above into a short bullet list.",
                 "Fix the spelling and punctuation above and return the corrected text only."],
        "medium": ["Write a short, polite reply to the sender that confirms receipt and lists the next steps.",
                   "Classify this message (billing, account change, complaint, other) and justify the choice in two or three sentences."],
        "hard": ["Using this as the starting case, design an end-to-end process for handling requests like it: a threat model (fraud, social engineering, insider misuse), decision rules with thresholds, retention rules under UK GDPR, and a justification for every step including the trade-offs you rejected.",
                 "Analyse this case in depth: enumerate every legal and operational risk it raises, reason step by step about which obligations conflict with each other, and propose a prioritised remediation plan, defending each priority against the alternatives."],
    },
    "de": {
        "easy": ["Fasse den Text oben in einem Satz zusammen.", "Übersetze den Text oben ins Englische.",
                 "Korrigiere Rechtschreibung und Zeichensetzung oben und gib nur den korrigierten Text zurück."],
        "medium": ["Schreibe eine kurze, freundliche Antwort, die den Eingang bestätigt und die nächsten Schritte nennt.",
                   "Ordne das Anliegen einer Kategorie zu (Abrechnung, Stammdaten, Beschwerde, Sonstiges) und begründe die Wahl in zwei bis drei Sätzen."],
        "hard": ["Entwirf ausgehend von diesem Fall einen vollständigen Prozess für solche Anfragen: Bedrohungsmodell (Betrug, Social Engineering, Innentäter), Entscheidungsregeln mit Schwellenwerten, Löschfristen nach DSGVO und eine Begründung für jeden Schritt einschließlich verworfener Alternativen.",
                 "Analysiere diesen Fall gründlich: Liste alle rechtlichen und betrieblichen Risiken auf, leite Schritt für Schritt her, welche Pflichten miteinander kollidieren, und schlage einen priorisierten Maßnahmenplan vor, dessen Reihenfolge du gegen Alternativen verteidigst."],
    },
    "fr": {
        "easy": ["Résume le texte ci-dessus en une phrase.", "Traduis le texte ci-dessus en anglais.",
                 "Corrige l'orthographe et la ponctuation du texte ci-dessus et renvoie uniquement le texte corrigé."],
        "medium": ["Rédige une réponse courte et courtoise qui accuse réception et indique les prochaines étapes.",
                   "Classe ce message (facturation, modification de compte, réclamation, autre) et justifie ton choix en deux ou trois phrases."],
        "hard": ["En partant de ce cas, conçois un processus complet de traitement de ce type de demandes : modèle de menace (fraude, ingénierie sociale, malveillance interne), règles de décision avec seuils, durées de conservation conformes au RGPD, et une justification de chaque étape, y compris les alternatives écartées.",
                 "Analyse ce cas en profondeur : recense tous les risques juridiques et opérationnels, raisonne étape par étape sur les obligations qui entrent en conflit, puis propose un plan de remédiation priorisé en défendant chaque priorité face aux alternatives."],
    },
    "es": {
        "easy": ["Resume el texto anterior en una frase.", "Traduce el texto anterior al inglés.",
                 "Corrige la ortografía y la puntuación del texto anterior y devuelve solo el texto corregido."],
        "medium": ["Redacta una respuesta breve y cordial que confirme la recepción e indique los siguientes pasos.",
                   "Clasifica este mensaje (facturación, cambio de datos, reclamación, otro) y justifica la elección en dos o tres frases."],
        "hard": ["Partiendo de este caso, diseña un proceso completo para tramitar solicitudes similares: modelo de amenazas (fraude, ingeniería social, abuso interno), reglas de decisión con umbrales, plazos de conservación conforme al RGPD y una justificación de cada paso, incluidas las alternativas descartadas.",
                 "Analiza este caso a fondo: enumera todos los riesgos jurídicos y operativos, razona paso a paso qué obligaciones entran en conflicto y propone un plan de corrección priorizado, defendiendo cada prioridad frente a las alternativas."],
    },
}


# ---------------------------------------------------------------- long documents
def _notes(r, lang, n):
    P = {
        "en": ("{topic}: {team} reported that {metric} {dir} by {n}% since the last review; {action} by {day}.",
               dict(topic=["Warehouse", "Returns", "Onboarding", "Pricing", "Mobile app", "Supplier audit", "Q2 budget", "Customer survey", "Fleet", "Training"],
                    team=["the logistics team", "finance", "the platform group", "customer care", "procurement", "the data team", "facilities"],
                    metric=["average handling time", "the defect rate", "cost per parcel", "weekly active users", "the backlog", "ticket volume", "on-time delivery"],
                    dir=["went up", "went down", "improved", "slipped"],
                    action=["a follow-up workshop is planned", "a revised forecast will be circulated", "the vendor will be asked for a quote", "the runbook will be updated", "two options will be costed"],
                    day=["Monday", "the end of the month", "next sprint", "Friday", "the steering meeting"])),
        "de": ("{topic}: {team} berichtet, dass {metric} seit der letzten Runde um {n} % {dir} ist; {action} bis {day}.",
               dict(topic=["Lager", "Retouren", "Einarbeitung", "Preisgestaltung", "App", "Lieferantenaudit", "Budget Q2", "Kundenumfrage", "Fuhrpark", "Schulungen"],
                    team=["die Logistik", "das Controlling", "das Plattformteam", "der Kundenservice", "der Einkauf", "das Datenteam", "das Facility-Management"],
                    metric=["die durchschnittliche Bearbeitungszeit", "die Fehlerquote", "die Kosten pro Paket", "die Zahl aktiver Nutzer", "der Rückstau", "das Ticketaufkommen", "die Termintreue"],
                    dir=["gestiegen", "gesunken", "angestiegen", "zurückgegangen"],
                    action=["ein Folgeworkshop wird angesetzt", "eine überarbeitete Prognose wird verteilt", "beim Anbieter wird ein Angebot angefragt", "das Betriebshandbuch wird aktualisiert", "zwei Varianten werden durchgerechnet"],
                    day=["Montag", "Monatsende", "zum nächsten Sprint", "Freitag", "zur Lenkungsausschusssitzung"])),
        "fr": ("{topic} : {team} indique que {metric} a {dir} de {n} % depuis le dernier point ; {action} d'ici {day}.",
               dict(topic=["Entrepôt", "Retours", "Intégration", "Tarification", "Application mobile", "Audit fournisseurs", "Budget T2", "Enquête clients", "Flotte", "Formation"],
                    team=["la logistique", "le contrôle de gestion", "l'équipe plateforme", "le service client", "le service des achats", "l'équipe data", "l'équipe des services généraux"],
                    metric=["le temps moyen de traitement", "le taux de défaut", "le coût par colis", "le nombre d'utilisateurs actifs", "le stock de tickets", "le volume d'appels", "le taux de livraison à l'heure"],
                    dir=["augmenté", "baissé", "progressé", "reculé"],
                    action=["un atelier de suivi sera organisé", "une prévision révisée sera diffusée", "un devis sera demandé au prestataire", "la procédure sera mise à jour", "deux scénarios seront chiffrés"],
                    day=["lundi", "la fin du mois", "le prochain sprint", "vendredi", "le comité de pilotage"])),
        "es": ("{topic}: {team} informa de que {metric} ha {dir} un {n} % desde la última revisión; {action} antes de {day}.",
               dict(topic=["Almacén", "Devoluciones", "Incorporaciones", "Precios", "App móvil", "Auditoría de proveedores", "Presupuesto T2", "Encuesta de clientes", "Flota", "Formación"],
                    team=["logística", "control de gestión", "el equipo de plataforma", "atención al cliente", "compras", "el equipo de datos", "servicios generales"],
                    metric=["el tiempo medio de gestión", "la tasa de defectos", "el coste por paquete", "el número de usuarios activos", "la cola de incidencias", "el volumen de llamadas", "la puntualidad de entregas"],
                    dir=["subido", "bajado", "mejorado", "empeorado"],
                    action=["se organizará un taller de seguimiento", "se enviará una previsión revisada", "se pedirá presupuesto al proveedor", "se actualizará el procedimiento", "se valorarán dos alternativas"],
                    day=["el lunes", "fin de mes", "el próximo sprint", "el viernes", "el comité de dirección"])),
    }[lang]
    return combo_sentences(r, P, n)


LOGN = {"en": 40, "de": 22, "fr": 30, "es": 15}
NOTEN = {"en": 45, "de": 70, "fr": 35, "es": 55}
CSVN = {"en": 20, "de": 45, "fr": 35, "es": 28}


def longs(lang, g):
    r = random.Random(f"A-long-{lang}")
    out = []
    # 1. access/auth log with IP + user in the middle (structured, easy summarise)
    user = g.login(lang) + "." + g.login_last(lang)
    ip = g.public_ip()
    mid = (f"2026-03-11T09:41:07.112Z WARN  [auth-gw] login failed user={user} src_ip={ip} reason=bad_password attempt=4\n"
           f"2026-03-11T09:41:12.530Z INFO  [auth-gw] login ok user={user} src_ip={ip} mfa=totp session=s-{r.randint(10**7, 10**8)}")
    task = {"en": "Summarise this log excerpt in five bullet points for the on-call handover.",
            "de": "Fasse diesen Log-Ausschnitt in fünf Stichpunkten für die Bereitschaftsübergabe zusammen.",
            "fr": "Résume cet extrait de journal en cinq puces pour la passation d'astreinte.",
            "es": "Resume este fragmento de registro en cinco viñetas para el relevo de guardia."}[lang]
    text = task + "\n\n" + assemble(log_lines(r, LOGN[lang], 0), mid, log_lines(r, LOGN[lang], 300))
    out.append(I("structured_id", ["ip_user"], text, "auth log; user name + public source IP in two lines in the middle; task is a summary", cx="easy", long=True))
    # 2. meeting notes with private health/financial detail in the middle (free text, easy reformat)
    name, addr = g.name(lang, 'f'), g.addr(lang)
    mid = {"en": f"HR (confidential): {name} has been signed off for six weeks after a heart operation; her payslips should keep going to her home address, {addr}, and she has asked for an advance on salary because of debts from the treatment.",
           "de": f"Personal (vertraulich): {name} ist nach einer Herzoperation für sechs Wochen krankgeschrieben; die Gehaltsabrechnungen gehen weiter an die Privatanschrift {addr}, außerdem hat sie wegen Schulden aus der Behandlung einen Gehaltsvorschuss beantragt.",
           "fr": f"RH (confidentiel) : {name} est en arrêt maladie pour six semaines après une opération du cœur ; ses bulletins de paie doivent continuer d'être envoyés à son domicile, {addr}, et elle a demandé une avance sur salaire à cause de dettes liées au traitement.",
           "es": f"RR. HH. (confidencial): {name} está de baja seis semanas tras una operación de corazón; las nóminas deben seguir enviándose a su domicilio, {addr}, y ha pedido un anticipo de sueldo por las deudas del tratamiento."}[lang]
    task = {"en": "Reformat these meeting notes as a clean bullet list grouped by topic. Do not add anything.",
            "de": "Formatiere diese Besprechungsnotizen als saubere Stichpunktliste, gruppiert nach Thema. Füge nichts hinzu.",
            "fr": "Remets en forme ces notes de réunion en liste à puces propre, regroupée par thème. N'ajoute rien.",
            "es": "Reformatea estas notas de reunión como una lista de viñetas limpia agrupada por tema. No añadas nada."}[lang]
    s = _notes(r, lang, 2 * NOTEN[lang])
    text = task + "\n\n" + assemble(s[:NOTEN[lang]], mid, s[NOTEN[lang]:])
    out.append(I("free_text_pii", ["person_name", "health", "address", "financial"], text, "meeting notes; private person's health, debts and home address in the middle; task is reformatting", cx="easy", long=True))
    # 3. negative: order CSV (ids, timestamps, tracking numbers) with a hard analysis task
    task = {"en": "Analyse this order export in depth: find pricing anomalies per SKU and warehouse, propose and justify statistical tests to confirm them, and design a monitoring rule set that would catch them early without flooding the team with false alarms.",
            "de": "Analysiere diesen Bestellexport gründlich: Finde Preisanomalien je Artikel und Lager, schlage statistische Tests zu ihrer Bestätigung vor und begründe sie, und entwirf ein Regelwerk für das Monitoring, das sie früh erkennt, ohne das Team mit Fehlalarmen zu überfluten.",
            "fr": "Analyse en profondeur cet export de commandes : repère les anomalies de prix par article et par entrepôt, propose et justifie des tests statistiques pour les confirmer, puis conçois un ensemble de règles de surveillance qui les détecte tôt sans noyer l'équipe sous les fausses alertes.",
            "es": "Analiza a fondo esta exportación de pedidos: detecta anomalías de precio por artículo y almacén, propón y justifica pruebas estadísticas para confirmarlas y diseña un conjunto de reglas de monitorización que las detecte pronto sin inundar al equipo de falsas alarmas."}[lang]
    rows = csv_rows(r, 2 * CSVN[lang], lang)
    note = {"en": "# note: rows below imported from warehouse MAD-3 (operator: DHL Supply Chain Spain, Avenida de Castilla 2, 28830 San Fernando de Henares)",
            "de": "# Hinweis: folgende Zeilen aus Lager MAD-3 importiert (Betreiber: DHL Supply Chain Spain, Avenida de Castilla 2, 28830 San Fernando de Henares)",
            "fr": "# note : lignes suivantes importées de l'entrepôt MAD-3 (exploitant : DHL Supply Chain Spain, Avenida de Castilla 2, 28830 San Fernando de Henares)",
            "es": "# nota: filas siguientes importadas del almacén MAD-3 (operador: DHL Supply Chain Spain, Avenida de Castilla 2, 28830 San Fernando de Henares)"}[lang]
    rows.insert(CSVN[lang], note)
    text = task + "\n\n" + "\n".join(rows)
    out.append(I("hard_negative", [], text, "order CSV: order ids, SKUs, timestamps, 12-digit tracking numbers; a company (warehouse operator) address comment in the middle; no personal data", cx="hard", long=True))
    return out


# ---------------------------------------------------------------- English
def en(g):
    L = "en"
    n1, n2, n3 = g.name(L), g.name(L), g.name(L)
    it = [
        I("structured_id", ["national_id"], f"I'm filling in the starter checklist for my new job. My National Insurance number is {g.uk_ni()}. Which section of the form does it go in?", "UK NI number, valid prefix/suffix", cx="easy"),
        I("structured_id", ["iban", "person_name"], f"Please update the payee details for {n1}: IBAN {group4(g.iban('GB'))}, payment reference INV-2291.", "GB IBAN valid mod-97 + private name"),
        I("structured_id", ["credit_card"], f"The customer says she was charged twice. In the chat she pasted the full card number, {g.card('visa')}, expiry 09/28, and asked us to check.", "Visa, Luhn-valid"),
        I("structured_id", ["passport"], f"For the visa application I have to list my travel document. It's a British passport, issued in Liverpool in 2021 and valid for ten years. The number on it is {g.passport('GB')}.", "GB passport number; label a sentence away"),
        I("structured_id", ["phone", "email"], f"Can't talk at work - please ring me back on {g.phone('GB', 0)} after six, or drop me a line at {g.email(L)}.", "UK mobile + private email"),
        I("structured_id", ["ip_user"], f"sshd[18231]: Failed password for {n2.split()[0].lower()} from {g.public_ip()} port 50122 ssh2\nsshd[18231]: Failed password for {n2.split()[0].lower()} from {g.public_ip()} port 50131 ssh2\nsshd[18240]: Accepted password for {n2.split()[0].lower()} from {g.public_ip()} port 50188 ssh2\n\nWhich account was targeted and did the login eventually succeed? One line.", "sshd log lines: user name + public IP", cx="easy"),
        I("structured_id", ["iban"], f"I moved to Hamburg last year and still have my German account, IBAN {g.iban('DE')}. Will my UK employer be able to pay salary into it?", "DE IBAN (unspaced) in English text"),
        I("structured_id", ["credit_card", "person_name"], f"Book the Lisbon hotel on my Amex please: {g.card('amex')}, name on card {n3.upper()}.", "Amex 15-digit Luhn-valid + name"),
        I("structured_id", ["national_id", "person_name"], f"Payroll correction - employee {g.name(L)}, NI no. {g.uk_ni(spaced=True)}, tax code 1257L, was paid under the emergency code in February.", "spaced NI number"),
        I("structured_id", ["national_id"], f"My Spanish flatmate asked me to help with the rental form. Her DNI is {g.dni()} - does the landlord need anything else from her?", "Spanish DNI with correct letter, in English"),
        I("structured_id", ["phone", "address", "person_name"], f"Delivery contact: {g.name(L)}, {g.addr(L)}, tel. {g.phone('GB', 1)}. Leave the parcel with the neighbour if no answer.", "UK landline + home address"),
        I("structured_id", ["iban", "person_name"], f"Payment details for the deposit on the flat in Lyon: beneficiary {g.name(L)}, IBAN {group4(g.iban('FR'))}, BIC BNPAFRPP.", "FR IBAN valid incl. RIB key"),
        # free text
        I("free_text_pii", ["person_name", "health"], f"My colleague {g.name(L, 'f')} told me in confidence that she's been diagnosed with early-onset Parkinson's and hasn't told our manager yet. I want to support her without breaking her trust.", "private person + diagnosis"),
        I("free_text_pii", ["person_name", "address", "financial"], f"{g.name(L, 'm')}, who rents the top flat at {g.addr(L)}, is three months behind on rent and has told me he lost his job in January and is using credit cards to buy food.", "tenant arrears + address"),
        I("free_text_pii", ["person_name", "date_of_birth", "health"], f"Patient {g.name(L)}, born {g.dob(L)}, attended A&E with chest pain radiating to the left arm; troponin borderline, history of type 2 diabetes and one previous TIA.", "clinical note with DOB"),
        I("free_text_pii", ["person_name", "address"], f"Ticket #48213 from {g.name(L)}: 'I moved to {g.addr(L)} in March and changed it in my account, but your courier keeps taking my orders to the old flat.'", "support ticket, home address"),
        I("free_text_pii", ["person_name", "health"], f"In today's one-to-one {g.name(L, 'f')} disclosed she is 14 weeks pregnant and is having severe anxiety about the restructuring; she asked that nobody else in the team is told yet.", "HR note: pregnancy + mental health"),
        I("free_text_pii", ["person_name", "date_of_birth", "health"], f"Dear Ms Holloway, my son {g.first(L, 'm')} Fairbairn (date of birth {g.dob(L)}) has type 1 diabetes and will need to check his blood sugar before PE on Tuesdays and Thursdays.", "letter to school: child's DOB + condition"),
        I("free_text_pii", ["person_name", "address", "financial"], f"Reminder for the collections call: {g.name(L)} of {g.addr(L)} owes £4,310 on the sofa finance agreement and missed the last two payment plans.", "debt collection"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"To whom it may concern: I have known {g.name(L, 'f')}, born on {g.dob(L)} and living at {g.addr(L)}, for eight years as her neighbour and can vouch for her character.", "character reference"),
        I("free_text_pii", ["person_name", "health", "financial"], f"Claim narrative: on 2 February my husband {g.name(L, 'm')} slipped on ice outside our house, fractured his wrist and has been off work unpaid for five weeks; we are now struggling with the mortgage.", "insurance claim narrative"),
        # hard negatives
        I("hard_negative", [], "What are the opening hours of the British Museum, Great Russell Street, London WC1B 3DG, on a Sunday?", "landmark address", cx="easy"),
        I("hard_negative", [], "Summarise in two sentences: 'Prime Minister Keir Starmer met French President Emmanuel Macron in Paris on Thursday to discuss Channel crossings and defence procurement. Both leaders said talks would continue in the spring.'", "public figures in news", cx="easy"),
        I("hard_negative", [], "Write a 300-word scene in which Sherlock Holmes receives an anxious visitor at 221B Baker Street while Dr Watson is cleaning his revolver.", "fictional characters and address", cx="medium"),
        I("hard_negative", [], "Our signup form shows placeholder values: Name 'John Doe', Phone '(555) 555-0134', Email 'john.doe@example.com'. Write client-side validation regexes for these three fields and explain each one.", "declared placeholder data", cx="medium"),
        I("hard_negative", [], "Explain the difference between a Kubernetes Secret and a ConfigMap, and show how to mount a Secret named db-credentials as environment variables in a Deployment.", "Kubernetes Secret (technical)", cx="medium"),
        I("hard_negative", [], "Draft a password policy for a 200-person company: minimum length, passphrases vs. complexity rules, rotation, MFA, and how to handle a leaked token or API key.", "password policy / token", cx="medium"),
        I("hard_negative", [], "Why are these requests slow?\n" + "\n".join(log_lines(random.Random(11), 8)), "request ids, order ids, timestamps in logs", cx="medium"),
        I("hard_negative", [], "Convert this CSV into a markdown table:\n" + "\n".join(csv_rows(random.Random(12), 6, "en")), "order ids and tracking numbers in CSV", cx="easy"),
        I("hard_negative", [], "We're upgrading our clusters from Kubernetes 1.27.4 to 1.29.2 and Helm 3.11.1 to 3.14.0. List the breaking changes we should check first.", "version numbers", cx="medium"),
        I("hard_negative", [], "Format these as APA references: 'Introduction to Algorithms', 3rd ed., MIT Press, ISBN 978-0-262-03384-8; 'Designing Data-Intensive Applications', O'Reilly, 2017, ISBN 978-1-4493-7332-0.", "ISBNs", cx="easy"),
        I("hard_negative", [], f"Test fixtures for our validator, deliberately INVALID (wrong checksums, not real accounts): IBAN {g.iban_broken('GB')}, card {g.card_broken()}. Write pytest cases asserting both are rejected.", "invalid-checksum look-alikes declared as test data", cx="medium"),
        I("hard_negative", [], "Our supplier is Unilever PLC, 100 Victoria Embankment, London EC4Y 0DY. Draft a formal letter asking for their updated 2026 price list.", "company address", cx="medium"),
        I("hard_negative", [], "Ada Lovelace was born on 10 December 1815 in London. In a short paragraph, explain why her notes on the Analytical Engine matter for computing history.", "historical figure with DOB", cx="easy"),
        I("hard_negative", [], "In our staging checkout we use Stripe's documented test card 4242 4242 4242 4242 with any future expiry, and the TV-drama number 07700 900461 from Ofcom's reserved range for the contact field. Why might the 3-D Secure step still be triggered?", "public test card (passes Luhn) + Ofcom drama-range number; declared test data", cx="medium"),
        # clean
        I("clean", [], "What's the capital of Australia?", "short factual", cx="easy"),
        I("clean", [], "Convert 72 °F to Celsius.", "unit conversion", cx="easy"),
        I("clean", [], "Rewrite in the passive voice: The committee approved the new budget on Friday.", "rewrite", cx="easy"),
        I("clean", [], "Sort alphabetically: pear, apple, fig, banana, cherry, date.", "simple formatting", cx="easy"),
        I("clean", [], "What does the abbreviation 'i.e.' stand for?", "lookup", cx="easy"),
        I("clean", [], "Write a 150-word product description for a stainless-steel insulated water bottle aimed at cyclists.", "short copywriting", cx="medium"),
        I("clean", [], "Explain the difference between TCP and UDP to a junior developer, with one example use case for each.", "explanation", cx="medium"),
        I("clean", [], "Write a Python function that removes duplicate lines from a text file while keeping the original order.", "small code", cx="medium"),
        I("clean", [], "Suggest a three-day itinerary for Edinburgh for someone who likes history and hates crowds.", "planning", cx="medium"),
        I("clean", [], "Prove that there are infinitely many primes of the form 4k+3.", "proof", cx="hard"),
        I("clean", [], "Design a distributed rate limiter for a multi-region API gateway. Discuss consistency trade-offs, behaviour during a region partition, failure modes, and give pseudo-code for the token refill path.", "system design", cx="hard"),
        I("clean", [], "Implement a lock-free single-producer single-consumer ring buffer in C++ and argue rigorously why the memory orderings you chose are sufficient and no weaker ones would be.", "concurrent code + reasoning", cx="hard"),
        I("clean", [], "A central bank raises rates by 150 basis points while the government runs an expansionary budget. Build a step-by-step argument for the likely effects on the exchange rate, inflation expectations and private investment over two years, stating your assumptions.", "deep analysis", cx="hard"),
        I("clean", [], "Given a weighted directed graph with negative edges but no negative cycles, derive an all-pairs shortest-path algorithm that beats O(V^3) on sparse graphs, prove it correct, and analyse its complexity.", "algorithm derivation + proof", cx="hard"),
    ]
    return it


# ---------------------------------------------------------------- German
def de(g):
    L = "de"
    n1 = g.name(L, 'f')
    it = [
        I("structured_id", ["tax_id"], f"Mein Arbeitgeber fragt nach meiner steuerlichen Identifikationsnummer. Sie lautet {g.steuer_id()}. Muss ich die auch dem Finanzamt noch mal melden?", "Steuer-ID valid check digit, unspaced", cx="easy"),
        I("structured_id", ["tax_id", "person_name"], f"Lohnabrechnung März – Mitarbeiterin {n1}, Steuer-ID {g.steuer_id(grouped=True)}, Steuerklasse IV. Bitte prüfen, ob die Kirchensteuer korrekt abgezogen wurde.", "Steuer-ID printed in groups"),
        I("structured_id", ["passport"], f"Für die Einreise nach Kanada muss ich meinen Reisepass angeben. Er wurde 2022 in Kassel ausgestellt und ist bis 2032 gültig. Die Nummer ist {g.passport('DE')}.", "German passport number; label a sentence away"),
        I("structured_id", ["iban", "person_name"], f"Bitte überweisen Sie die Kaution auf mein neues Konto: Kontoinhaber {g.name(L, 'm')}, IBAN {group4(g.iban('DE'))}, BIC COBADEFFXXX.", "DE IBAN grouped"),
        I("structured_id", ["iban"], f"Ich wohne inzwischen in Salzburg. Meine österreichische IBAN ist {g.iban('AT')} – kann die Rückerstattung dorthin gehen?", "AT IBAN valid"),
        I("structured_id", ["phone", "email"], f"Erreichbar bin ich am besten mobil unter {g.phone('DE', 0)} oder per Mail an {g.email(L)}.", "German mobile + email"),
        I("structured_id", ["credit_card"], f"Die Buchung über 412,80 € ist doppelt auf meiner Kreditkarte {g.card('mc')} erschienen, gültig bis 11/27.", "Mastercard Luhn-valid"),
        I("structured_id", ["national_id", "person_name"], f"Identitätsprüfung erfolgt: {g.name(L)}, Personalausweisnummer {de_idcard(g.r)}, ausgestellt von der Stadt Leipzig.", "German ID card number (no checksum in the 9 chars used)"),
        I("structured_id", ["ip_user"], f"Auszug aus dem VPN-Log:\n2026-03-02 07:58:14 Anmeldung fehlgeschlagen Benutzer={g.login(L)}.{g.login_last(L)} Quell-IP={g.public_ip()}\n2026-03-02 07:58:40 Anmeldung erfolgreich Benutzer={g.login(L)}.vogel Quell-IP={g.public_ip()}\n\nWelcher Benutzer hat sich wann erfolgreich angemeldet? Kurz antworten.", "VPN log: user + public IP", cx="easy"),
        I("structured_id", ["phone", "address", "person_name"], f"Lieferadresse: {g.name(L)}, {g.addr(L)}, Tel. {g.phone('DE', 1)}. Bitte beim Nachbarn abgeben, falls niemand öffnet.", "landline + address"),
        I("structured_id", ["iban", "tax_id"], f"Für die Rückzahlung der Einkommensteuer: IBAN {g.iban('DE')} und Identifikationsnummer {g.steuer_id()}. Das Formular fragt aber noch nach der Steuernummer – was ist der Unterschied?", "IBAN + Steuer-ID; asks explanation"),
        I("structured_id", ["passport", "date_of_birth", "person_name"], f"Passagierdaten: {g.name(L)}, geb. {g.dob(L)}. Reisepassnr.: {g.passport('DE')}.", "passport + DOB"),
        # free text
        I("free_text_pii", ["person_name", "health"], f"Meine Nachbarin {g.name(L, 'f')} hat mir erzählt, dass bei ihr Brustkrebs festgestellt wurde und sie im Mai mit der Chemotherapie beginnt. Wie kann ich sie im Alltag unterstützen?", "neighbour's diagnosis"),
        I("free_text_pii", ["person_name", "address", "financial"], f"Herr {g.name(L, 'm').split()[-1]} aus der {g.addr(L)} hat uns gebeten, die Mahngebühren zu erlassen; er ist seit Januar arbeitslos und hat eine Privatinsolvenz beantragt.", "insolvency + address"),
        I("free_text_pii", ["person_name", "date_of_birth", "health"], f"Überweisung an die Kardiologie: Patientin {g.name(L, 'f')}, geboren am {g.dob(L)}, Vorhofflimmern seit 2019, unter Apixaban, zuletzt Synkope beim Treppensteigen.", "referral letter with DOB"),
        I("free_text_pii", ["person_name", "address"], f"Beschwerde von {g.name(L)}: „Seit meinem Umzug in die {g.addr(L)} kommt keine einzige Sendung mehr an, obwohl ich die Adresse im Konto geändert habe.“", "complaint with new address"),
        I("free_text_pii", ["person_name", "health"], f"Im Mitarbeitergespräch hat {g.name(L, 'f')} erwähnt, dass sie wegen einer Depression in Behandlung ist und vorerst nur 30 Stunden arbeiten möchte.", "HR: mental health"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Anmeldung zur Kita: Kind {g.first(L)} Reinecke, geboren am {g.dob(L)}, wohnhaft {g.addr(L)}, Allergie gegen Erdnüsse.", "child registration"),
        I("free_text_pii", ["person_name", "financial"], f"Unter uns: {g.name(L)} aus der Buchhaltung hat 38.000 € Spielschulden und hat mich schon zweimal um Geld gebeten.", "gossip with financial detail"),
        I("free_text_pii", ["person_name", "address", "health"], f"Pflegedienst-Notiz: Frau {g.name(L, 'f')}, {g.addr(L)}, Insulin morgens und abends, Sturzgefahr, Schlüssel liegt beim Nachbarn im Erdgeschoss.", "care note"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Hallo Gudrun, kannst du für {g.name(L)} (geb. {g.dob(L)}) noch einen Platz im Yogakurs am Donnerstag reservieren?", "greeting + real name + DOB"),
        # hard negatives
        I("hard_negative", [], "Wie komme ich vom Hauptbahnhof zum Reichstagsgebäude, Platz der Republik 1, 11011 Berlin, und braucht man für die Kuppel eine Anmeldung?", "landmark address", cx="easy"),
        I("hard_negative", [], "Fasse kurz zusammen: „Bundeskanzler Friedrich Merz traf am Mittwoch in Brüssel EU-Kommissionspräsidentin Ursula von der Leyen, um über Industriestrompreise zu sprechen.“", "public figures in news", cx="easy"),
        I("hard_negative", [], "Schreib eine kurze Szene, in der Effi Briest in Kessin einen Brief ihrer Mutter liest.", "fictional character", cx="medium"),
        I("hard_negative", [], "Im Formular steht als Beispiel: Max Mustermann, Musterstraße 1, 12345 Musterstadt, Tel. 0123 456789. Welche Felder sollten Pflichtfelder sein?", "Mustermann placeholder", cx="medium"),
        I("hard_negative", [], "Hallo zusammen, kurze Frage zum Deployment: Wie lege ich ein Kubernetes Secret für die Datenbank an, ohne dass das Passwort im Git-Repository landet?", "greeting word + Kubernetes Secret", cx="medium"),
        I("hard_negative", [], "Guten Morgen Team, bitte entwerft eine Passwortrichtlinie: Mindestlänge, Passphrasen, Zwei-Faktor, und was bei einem geleakten Token passiert.", "greeting + password policy", cx="medium"),
        I("hard_negative", [], "Warum schlagen diese Anfragen fehl?\n" + "\n".join(log_lines(random.Random(21), 8)), "request ids / order ids in logs", cx="medium"),
        I("hard_negative", [], "Wandle diese CSV in eine Markdown-Tabelle um:\n" + "\n".join(csv_rows(random.Random(22), 6, "de")), "order ids in CSV", cx="easy"),
        I("hard_negative", [], f"Testdaten für unseren Validator, absichtlich UNGÜLTIG (falsche Prüfziffer, kein echtes Konto): IBAN {g.iban_broken('DE')}. Schreibe einen Unit-Test, der prüft, dass sie abgelehnt wird.", "broken IBAN declared as test data", cx="medium"),
        I("hard_negative", [], "Die Siemens AG sitzt in der Werner-von-Siemens-Straße 1, 80333 München. Schreib einen formellen Brief, in dem wir um einen Termin für eine Produktvorführung bitten.", "company address", cx="medium"),
        I("hard_negative", [], "Goethe wurde am 28. August 1749 in Frankfurt am Main geboren. Nenne drei seiner bekanntesten Werke.", "historical figure DOB", cx="easy"),
        I("hard_negative", [], "Liebe Kolleginnen und Kollegen, die Version 4.2.1 ist draußen, Build 20260311.4. Bitte formuliert daraus eine kurze Release-Notiz.", "greeting + version numbers", cx="easy"),
        I("hard_negative", [], "Sehr geehrte Damen und Herren, bitte nennen Sie mir die ISBN 978-3-446-46189-7 im korrekten Zitierformat für meine Bachelorarbeit.", "formal greeting + ISBN", cx="easy"),
        I("hard_negative", [], "Die Servicehotline der Deutschen Bahn ist 030 2970. Formuliere eine kurze Anleitung, wie man dort eine Fahrpreiserstattung beantragt.", "company service number", cx="easy"),
        # clean
        I("clean", [], "Was ist die Hauptstadt von Kanada?", "factual", cx="easy"),
        I("clean", [], "Rechne 3,5 Meilen in Kilometer um.", "conversion", cx="easy"),
        I("clean", [], "Formuliere höflicher: „Schick mir endlich die Unterlagen.“", "rewrite", cx="easy"),
        I("clean", [], "Sortiere diese Städte nach Einwohnerzahl: Bremen, München, Köln, Dresden.", "simple lookup/sort", cx="easy"),
        I("clean", [], "Was bedeutet die Abkürzung „z. B.“?", "lookup", cx="easy"),
        I("clean", [], "Schreibe eine Produktbeschreibung (ca. 120 Wörter) für einen faltbaren E-Scooter für Pendler.", "copywriting", cx="medium"),
        I("clean", [], "Erkläre den Unterschied zwischen einer GmbH und einer UG für jemanden, der ein Café gründen will.", "explanation", cx="medium"),
        I("clean", [], "Schreibe ein Bash-Skript, das alle .log-Dateien älter als 14 Tage in einem Verzeichnis komprimiert.", "small script", cx="medium"),
        I("clean", [], "Plane ein Wochenende im Harz für eine Familie mit zwei Kindern, mit Ausweichprogramm bei Regen.", "planning", cx="medium"),
        I("clean", [], "Beweise, dass die Wurzel aus 2 irrational ist, und verallgemeinere den Beweis auf die Wurzel jeder natürlichen Zahl, die keine Quadratzahl ist.", "proof + generalisation", cx="hard"),
        I("clean", [], "Entwirf die Architektur eines ereignisgesteuerten Bestellsystems mit Exactly-once-Verarbeitung über Kafka und eine relationale Datenbank. Begründe jede Designentscheidung, analysiere Fehlerfälle und skizziere den Outbox-Mechanismus in Pseudocode.", "system design", cx="hard"),
        I("clean", [], "Implementiere in Rust einen persistenten (unveränderlichen) Rot-Schwarz-Baum mit Einfügen und Löschen und beweise, dass die Invarianten nach jeder Operation erhalten bleiben.", "complex code + proof", cx="hard"),
        I("clean", [], "Analysiere Schritt für Schritt, wie sich eine CO₂-Grenzausgleichsabgabe der EU auf die Wettbewerbsfähigkeit der deutschen Stahlindustrie, die Handelspartner und die Emissionen auswirken würde. Lege deine Annahmen offen und wäge Gegenargumente ab.", "deep analysis", cx="hard"),
        I("clean", [], "Leite die Black-Scholes-Gleichung aus einem Replikationsportfolio her und erkläre, welche Annahmen in der Praxis am häufigsten verletzt werden und mit welchen Folgen.", "derivation", cx="hard"),
    ]
    return it


# ---------------------------------------------------------------- French
def fr(g):
    L = "fr"
    it = [
        I("structured_id", ["national_id"], f"La mutuelle me demande mon numéro de sécurité sociale : {g.nir()}. Où dois-je l'indiquer sur le formulaire d'adhésion ?", "NIR with valid key, spaced", cx="easy"),
        I("structured_id", ["national_id", "person_name"], f"Dossier d'embauche de {g.name(L)} – NIR {g.nir(spaced=False)}, contrat CDI à compter du 1er avril.", "NIR unspaced"),
        I("structured_id", ["passport"], f"Pour le visa, il faut renseigner le passeport. Le mien a été délivré par la préfecture du Rhône en 2023. Son numéro : {g.passport('FR')}.", "FR passport; label a sentence away"),
        I("structured_id", ["iban", "person_name"], f"Merci de virer le remboursement sur mon compte : titulaire {g.name(L)}, IBAN {group4(g.iban('FR'))}.", "FR IBAN valid incl. RIB key"),
        I("structured_id", ["phone", "email"], f"Vous pouvez me joindre au {g.phone('FR', 0)} ou par courriel à {g.email(L)}.", "mobile + email"),
        I("structured_id", ["credit_card"], f"J'ai été débité deux fois de 89,90 € sur ma carte bancaire {g.card('visa')} (expire 03/29).", "Visa Luhn-valid"),
        I("structured_id", ["ip_user"], f"Extrait du journal d'authentification :\nmars 04 22:13:51 srv-web sshd[911]: Failed password for {g.login(L)} from {g.public_ip()} port 40222\nmars 04 22:14:09 srv-web sshd[911]: Accepted password for {g.login(L)} from {g.public_ip()} port 40241\n\nQuel compte s'est connecté et depuis quelle adresse ? Une ligne.", "ssh log user + IP", cx="easy"),
        I("structured_id", ["phone", "address", "person_name"], f"Adresse de livraison : {g.name(L)}, {g.addr(L)}. Tél. : {g.phone('FR', 1)}. Digicode 4812B.", "intl phone + address"),
        I("structured_id", ["iban"], f"J'habite désormais à Barcelone ; voici mon IBAN espagnol : {g.iban('ES')}. Le virement SEPA prendra-t-il plus de temps ?", "ES IBAN with valid DC, in French"),
        I("structured_id", ["tax_id", "person_name"], f"Déclaration de revenus de {g.name(L)} : numéro fiscal {g.r.randint(1, 3)}{g.r.randint(10**11, 10**12 - 1)}, revenu fiscal de référence 31 420 €.", "French numéro fiscal (13 digits; checksum not public/verified)"),
        I("structured_id", ["passport", "date_of_birth", "person_name"], f"Liste des passagers : {g.name(L, 'f')}, née le {g.dob(L)}, passeport n° {g.passport('FR')}.", "passport + DOB"),
        I("structured_id", ["credit_card", "person_name"], f"Réservation au nom de {g.name(L)}, garantie par la carte {g.card('mc')}.", "Mastercard"),
        # free text
        I("free_text_pii", ["person_name", "health"], f"Ma sœur, {g.name(L, 'f')}, vient d'apprendre qu'elle a une sclérose en plaques. Elle n'en a pas encore parlé à son employeur. Comment l'aider ?", "diagnosis of private person"),
        I("free_text_pii", ["person_name", "address", "financial"], f"M. {g.name(L, 'm').split()[-1]}, locataire au {g.addr(L)}, a cumulé quatre mois d'impayés et nous a dit avoir déposé un dossier de surendettement.", "arrears + address"),
        I("free_text_pii", ["person_name", "date_of_birth", "health"], f"Compte rendu : patient {g.name(L, 'm')}, né le {g.dob(L)}, hospitalisé pour décompensation cardiaque, traitement par furosémide, sortie prévue jeudi.", "hospital report"),
        I("free_text_pii", ["person_name", "address"], f"Réclamation de {g.name(L)} : « Depuis mon déménagement au {g.addr(L)}, mes colis repartent toujours à l'ancienne adresse. »", "complaint with address"),
        I("free_text_pii", ["person_name", "health"], f"Lors de l'entretien annuel, {g.name(L)} a indiqué suivre un traitement pour un burn-out et souhaite passer à 80 %.", "HR mental health"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Inscription à la cantine : enfant {g.first(L, 'm')} Coste, né le {g.dob(L)}, domicile {g.addr(L)}, allergie sévère aux fruits à coque.", "child registration"),
        I("free_text_pii", ["person_name", "financial"], f"Entre nous, {g.name(L)} du service achats a contracté trois crédits à la consommation et m'a demandé de lui prêter 2 000 €.", "financial gossip"),
        I("free_text_pii", ["person_name", "address", "health"], f"Note de l'infirmière : Mme {g.name(L, 'f')}, {g.addr(L)}, pansement tous les deux jours, diabète de type 2, clé chez la gardienne.", "nursing note"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Bonjour Mathilde, peux-tu ajouter {g.name(L, 'f')} (née le {g.dob(L)}) à la liste du stage de voile de juillet ?", "greeting + name + DOB"),
        # hard negatives
        I("hard_negative", [], "Quels sont les horaires de la tour Eiffel, Champ de Mars, 5 avenue Anatole-France, 75007 Paris, en août ?", "landmark address", cx="easy"),
        I("hard_negative", [], "Résume en deux phrases : « Le président Emmanuel Macron a reçu mardi à l'Élysée le chancelier allemand pour évoquer la politique énergétique européenne. »", "public figures news", cx="easy"),
        I("hard_negative", [], "Écris une courte scène où Jean Valjean rencontre Javert sur un pont de Paris, dans le style de Victor Hugo.", "fictional characters", cx="medium"),
        I("hard_negative", [], "Dans notre formulaire d'exemple : Jean Dupont, 1 rue de l'Exemple, 75000 Paris, jean.dupont@example.com. Quels contrôles de saisie recommandes-tu ?", "Jean Dupont placeholder + example.com", cx="medium"),
        I("hard_negative", [], "Bonjour à tous, comment faire tourner automatiquement un token stocké dans un Secret Kubernetes sans redémarrer les pods ?", "greeting + Kubernetes Secret + token", cx="hard"),
        I("hard_negative", [], "Bonjour l'équipe, proposez une politique de mots de passe pour une PME de 50 personnes, avec double authentification.", "greeting + password policy", cx="medium"),
        I("hard_negative", [], "Pourquoi ces requêtes sont-elles lentes ?\n" + "\n".join(log_lines(random.Random(31), 8)), "request ids in logs", cx="medium"),
        I("hard_negative", [], "Transforme ce CSV en tableau Markdown :\n" + "\n".join(csv_rows(random.Random(32), 6, "fr")), "order ids in CSV", cx="easy"),
        I("hard_negative", [], f"Jeu de test volontairement INVALIDE (clé fausse, aucun vrai assuré) : NIR 1 85 05 75 123 456 00 et IBAN {g.iban_broken('FR')}. Écris des tests qui vérifient que le validateur les rejette.", "invalid NIR key + broken IBAN declared test data", cx="medium"),
        I("hard_negative", [], "Le siège de L'Oréal est au 14 rue Royale, 92110 Clichy. Rédige un courrier formel pour demander un partenariat.", "company address", cx="medium"),
        I("hard_negative", [], "Victor Hugo est né le 26 février 1802 à Besançon. Cite trois de ses œuvres majeures.", "historical DOB", cx="easy"),
        I("hard_negative", [], "Salut tout le monde, la version 2.8.0-rc3 sort demain (build 7f3a9c1). Rédige une note de version de trois lignes.", "greeting + version + commit hash", cx="easy"),
        I("hard_negative", [], "Madame, Monsieur, pourriez-vous mettre en forme la référence ISBN 978-2-07-036822-8 selon la norme APA ?", "formal greeting + ISBN", cx="easy"),
        I("hard_negative", [], "Le numéro du service client de la SNCF est le 3635. Explique en quelques étapes comment demander un remboursement.", "company service number", cx="easy"),
        # clean
        I("clean", [], "Quelle est la capitale du Portugal ?", "factual", cx="easy"),
        I("clean", [], "Convertis 5 pieds en centimètres.", "conversion", cx="easy"),
        I("clean", [], "Reformule poliment : « Envoie-moi ça tout de suite. »", "rewrite", cx="easy"),
        I("clean", [], "Mets ces mots au pluriel : cheval, travail, bijou, festival.", "simple grammar", cx="easy"),
        I("clean", [], "Que signifie l'abréviation « c.-à-d. » ?", "lookup", cx="easy"),
        I("clean", [], "Rédige une description de 120 mots pour une lampe de bureau LED à intensité réglable.", "copywriting", cx="medium"),
        I("clean", [], "Explique la différence entre une SAS et une SARL pour un créateur d'entreprise.", "explanation", cx="medium"),
        I("clean", [], "Écris une fonction JavaScript qui regroupe un tableau d'objets par la valeur d'une clé donnée.", "small code", cx="medium"),
        I("clean", [], "Propose un week-end de deux jours à Bordeaux pour un couple qui aime le vin et le vélo.", "planning", cx="medium"),
        I("clean", [], "Démontre que toute suite réelle bornée admet une sous-suite convergente, puis explique où la preuve utilise la complétude de ℝ.", "proof", cx="hard"),
        I("clean", [], "Conçois l'architecture d'un moteur de recherche plein texte multilingue pour 500 millions de documents : indexation, sharding, classement, mises à jour en quasi temps réel. Justifie chaque choix et analyse les modes de défaillance.", "system design", cx="hard"),
        I("clean", [], "Implémente en Go un ordonnanceur de tâches avec priorités, annulation et délais, et démontre l'absence d'interblocage dans ta conception.", "complex code + reasoning", cx="hard"),
        I("clean", [], "Analyse pas à pas les conséquences d'une hausse de 20 % du prix de l'électricité sur l'industrie chimique française, en distinguant court et long terme et en discutant les contre-arguments.", "deep analysis", cx="hard"),
        I("clean", [], "Établis la formule de la variance d'un estimateur des moindres carrés ordinaires en présence d'hétéroscédasticité et montre pourquoi l'estimateur de White est convergent.", "derivation", cx="hard"),
    ]
    return it


# ---------------------------------------------------------------- Spanish
def es(g):
    L = "es"
    it = [
        I("structured_id", ["national_id"], f"Me piden el DNI para el alquiler: {g.dni()}. ¿También necesitan una copia de la nómina?", "DNI with correct letter", cx="easy"),
        I("structured_id", ["national_id", "person_name"], f"Alta en la empresa de {g.name(L)}, NIE {g.nie()}, contrato indefinido desde el 1 de abril.", "NIE with correct letter"),
        I("structured_id", ["passport"], f"Para el visado hay que indicar el pasaporte. Lo renové en la comisaría de Zaragoza el año pasado. El número es {g.passport('ES')}.", "ES passport; label a sentence away"),
        I("structured_id", ["iban", "person_name"], f"Por favor, haced la devolución a esta cuenta: titular {g.name(L)}, IBAN {group4(g.iban('ES'))}.", "ES IBAN with valid DC and mod-97"),
        I("structured_id", ["phone", "email"], f"Me podéis llamar al {g.phone('ES', 0)} o escribirme a {g.email(L)}.", "mobile + email"),
        I("structured_id", ["credit_card"], f"Me han cobrado dos veces 59,00 € en la tarjeta {g.card('visa')}, caducidad 05/28.", "Visa Luhn-valid"),
        I("structured_id", ["ip_user"], f"Fragmento del registro del servidor:\n04/03/2026 23:02:11 inicio de sesión fallido usuario={g.login(L)}.{g.login_last(L)} ip_origen={g.public_ip()}\n04/03/2026 23:02:37 inicio de sesión correcto usuario={g.login(L)} ip_origen={g.public_ip()}\n\n¿Qué usuario entró y desde qué IP? Responde en una línea.", "server log user + IP", cx="easy"),
        I("structured_id", ["phone", "address", "person_name"], f"Dirección de entrega: {g.name(L)}, {g.addr(L)}. Tel. {g.phone('ES', 1)}.", "landline + address"),
        I("structured_id", ["national_id", "person_name"], f"Número de afiliación a la Seguridad Social de {g.name(L)}: {nss(g.r)}. ¿Cómo lo comunico a la gestoría?", "NSS with mod-97 control digits"),
        I("structured_id", ["iban"], f"Ahora vivo en Lyon y tengo cuenta francesa, IBAN {g.iban('FR')}. ¿Puedo domiciliar ahí el recibo de la luz de Madrid?", "FR IBAN in Spanish text"),
        I("structured_id", ["passport", "date_of_birth", "person_name"], f"Lista de pasajeros: {g.name(L, 'f')}, nacida el {g.dob(L)}, pasaporte {g.passport('ES')}.", "passport + DOB"),
        I("structured_id", ["national_id", "phone"], f"Para la cita previa en extranjería: NIE {g.nie()}, teléfono de contacto {g.phone('ES', 0)}.", "NIE + phone"),
        # free text
        I("free_text_pii", ["person_name", "health"], f"Mi compañera {g.name(L, 'f')} me ha contado que tiene un linfoma y que empieza la quimio en mayo; todavía no se lo ha dicho a su jefa. ¿Cómo puedo apoyarla?", "diagnosis"),
        I("free_text_pii", ["person_name", "address", "financial"], f"El inquilino {g.name(L, 'm')}, de {g.addr(L)}, debe tres meses de alquiler y nos ha dicho que está en un ERTE y con deudas de tarjeta.", "arrears + address"),
        I("free_text_pii", ["person_name", "date_of_birth", "health"], f"Informe de alta: paciente {g.name(L, 'f')}, fecha de nacimiento {g.dob(L)}, ingresada por neumonía bilateral, EPOC de base, oxígeno domiciliario.", "discharge report"),
        I("free_text_pii", ["person_name", "address"], f"Reclamación de {g.name(L)}: «Desde que me mudé a {g.addr(L)} los pedidos siguen llegando a mi antigua casa».", "complaint"),
        I("free_text_pii", ["person_name", "health"], f"En la reunión de seguimiento, {g.name(L)} explicó que está en tratamiento por ansiedad y pidió teletrabajar tres días por semana.", "HR mental health"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Matrícula del comedor: alumno {g.first(L, 'm')} Prieto, nacido el {g.dob(L)}, domicilio {g.addr(L)}, celíaco.", "child registration"),
        I("free_text_pii", ["person_name", "financial"], f"Que quede entre nosotros: {g.name(L)}, de contabilidad, tiene un embargo de nómina por una deuda de 22.000 €.", "financial gossip"),
        I("free_text_pii", ["person_name", "address", "health"], f"Parte de la cuidadora: la señora {g.name(L, 'f')}, {g.addr(L)}, alzhéimer en fase moderada, medicación a las 9 y a las 21, llaves en el buzón del vecino.", "care note"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Hola Merche, ¿puedes apuntar a {g.name(L, 'm')} (nacido el {g.dob(L)}) en el campamento de julio?", "greeting + name + DOB"),
        # hard negatives
        I("hard_negative", [], "¿Qué horario tiene el Museo del Prado, Calle de Ruiz de Alarcón 23, 28014 Madrid, los domingos?", "landmark address", cx="easy"),
        I("hard_negative", [], "Resume en dos frases: «El presidente del Gobierno, Pedro Sánchez, se reunió el lunes en La Moncloa con el rey Felipe VI para preparar la cumbre iberoamericana».", "public figures news", cx="easy"),
        I("hard_negative", [], "Escribe una escena breve en la que don Quijote confunde una gasolinera con un castillo y Sancho Panza intenta razonar con él.", "fictional characters", cx="medium"),
        I("hard_negative", [], "En el formulario de ejemplo pone: Fulano de Tal, Calle Falsa 123, 00000 Ciudad, fulano@example.com. ¿Qué validaciones recomiendas para cada campo?", "declared placeholder", cx="medium"),
        I("hard_negative", [], "Hola equipo, ¿cómo roto las credenciales de un Secret de Kubernetes sin reiniciar todos los pods? Explicadme las alternativas con sus pros y contras.", "greeting + Kubernetes Secret", cx="hard"),
        I("hard_negative", [], "Buenos días a todos, proponed una política de contraseñas y de tokens de API para una empresa de 80 empleados.", "greeting + password policy", cx="medium"),
        I("hard_negative", [], "¿Por qué fallan estas peticiones?\n" + "\n".join(log_lines(random.Random(41), 8)), "request ids in logs", cx="medium"),
        I("hard_negative", [], "Convierte este CSV en una tabla Markdown:\n" + "\n".join(csv_rows(random.Random(42), 6, "es")), "order ids in CSV", cx="easy"),
        I("hard_negative", [], f"Datos de prueba, INVÁLIDOS a propósito (letra de control incorrecta, no corresponden a nadie): DNI {g.dni_broken()}, tarjeta {g.card_broken()}. Escribe tests que comprueben que el validador los rechaza.", "invalid DNI letter + non-Luhn card declared test data", cx="medium"),
        I("hard_negative", [], "La sede de Inditex está en Avenida de la Diputación s/n, 15143 Arteixo (A Coruña). Redacta una carta formal solicitando una reunión comercial.", "company address", cx="medium"),
        I("hard_negative", [], "Miguel de Cervantes nació en Alcalá de Henares en 1547. Nombra tres de sus obras además del Quijote.", "historical figure", cx="easy"),
        I("hard_negative", [], "Hola a todos, ya está publicada la versión 3.10.2 (build 2026.03.11-1842). Escribe una nota de versión de tres líneas.", "greeting + version/build ids", cx="easy"),
        I("hard_negative", [], "Estimados señores: necesito citar el libro con ISBN 978-84-376-0494-7 en formato APA.", "formal greeting + ISBN", cx="easy"),
        I("hard_negative", [], "El teléfono de atención al cliente de Renfe es el 912 320 320. Explica en pocos pasos cómo reclamar por un retraso.", "company phone number", cx="easy"),
        # clean
        I("clean", [], "¿Cuál es la capital de Noruega?", "factual", cx="easy"),
        I("clean", [], "Convierte 10 millas a kilómetros.", "conversion", cx="easy"),
        I("clean", [], "Reescribe en tono formal: «Oye, mándame el informe ya».", "rewrite", cx="easy"),
        I("clean", [], "Ordena de menor a mayor: 17, 3, 42, 8, 25.", "simple formatting", cx="easy"),
        I("clean", [], "¿Qué significa la abreviatura «p. ej.»?", "lookup", cx="easy"),
        I("clean", [], "Escribe una descripción de 120 palabras para unas zapatillas de trail impermeables.", "copywriting", cx="medium"),
        I("clean", [], "Explica la diferencia entre autónomo y sociedad limitada para alguien que quiere abrir una tienda online.", "explanation", cx="medium"),
        I("clean", [], "Escribe una consulta SQL que devuelva los cinco clientes con más pedidos en el último mes.", "small code", cx="medium"),
        I("clean", [], "Organiza una escapada de tres días por Asturias para una familia con niños pequeños.", "planning", cx="medium"),
        I("clean", [], "Demuestra que el número de subconjuntos de un conjunto de n elementos es 2^n por inducción, y da además una prueba combinatoria biyectiva.", "proof", cx="hard"),
        I("clean", [], "Diseña un sistema de pagos entre particulares con consistencia fuerte en el saldo, tolerante a la caída de un centro de datos. Justifica cada decisión, analiza los modos de fallo y escribe el pseudocódigo de la transferencia.", "system design", cx="hard"),
        I("clean", [], "Implementa en Python un intérprete para un lenguaje de expresiones con variables, funciones de orden superior y cierres, y razona sobre cómo evitar la captura de variables.", "complex code", cx="hard"),
        I("clean", [], "Analiza paso a paso el impacto de la sequía prolongada en la agricultura de regadío del Levante, en el precio del agua y en el empleo rural, con supuestos explícitos y contraargumentos.", "deep analysis", cx="hard"),
        I("clean", [], "Deduce las ecuaciones de Euler-Lagrange para un péndulo doble y discute por qué el sistema es caótico para energías altas.", "derivation", cx="hard"),
    ]
    return it


def items(lang, g):
    base = {"en": en, "de": de, "fr": fr, "es": es}[lang](g)
    return base + longs(lang, g)
