# ruff: noqa: RUF001  (typographic dashes and quotes are part of the prompts)
"""Set C: contexts, names, addresses and appended tasks (independent of sets A, B and D).

Long documents in C: HR onboarding packs (structured identifiers in a new-starter sheet in the
middle), insurance claim files (a free-text note about a named claimant in the middle) and CI build
logs (negatives: a company address, a secret's name without its value, declared test data).
"""

import random

from filler_cd import ci_lines, claim_lines, document, hr_lines
from kit import (
    card,
    dni,
    hexs,
    iban,
    iban_fmt,
    item,
    nie,
    nir,
    nss,
    passport,
    phone,
    public_ip,
    steuer,
    uk_ni,
)

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"

TASKS = {
    "en": {
        "easy": [
            "Condense the above into a single line I can use as a ticket title.",
            "Rewrite the message above in plainer, shorter sentences.",
            "Pull out every date mentioned above as a list.",
            "Boil the text above down to three bullet points.",
        ],
        "medium": [
            "Draft a courteous reply to the sender confirming receipt and saying what happens next.",
            "Decide which team should own this and give two reasons.",
            "Write a short handover note about this for a colleague who starts tomorrow.",
        ],
        "hard": [
            "Design an end-to-end handling procedure for messages like this one: retention periods, who may see which field, a threat model with at least four attacker types, and a justification of every control against the relevant UK GDPR articles.",
            "Produce a structured data-protection impact assessment for processing data like the above: score likelihood and severity, propose mitigations, and argue which residual risks are acceptable and why.",
            "Weigh three competing interpretations of what the sender actually needs, expose the hidden assumptions in each, and recommend a course of action with contingencies for each way you could be wrong.",
        ],
    },
    "de": {
        "easy": [
            "Fass das Obige in einem einzigen Satz für die Betreffzeile zusammen.",
            "Schreib den Text oben in einfacher Sprache neu.",
            "Liste alle Datumsangaben aus dem Text auf.",
            "Mach aus dem Text oben drei Stichpunkte.",
        ],
        "medium": [
            "Entwirf eine höfliche Antwort, die den Eingang bestätigt und die nächsten Schritte nennt.",
            "Welche Abteilung sollte das bearbeiten? Begründe kurz mit zwei Argumenten.",
            "Schreib eine kurze Übergabenotiz dazu für eine Vertretung.",
        ],
        "hard": [
            "Entwickle ein vollständiges Verfahren für den Umgang mit solchen Nachrichten: Aufbewahrungsfristen, Rollen- und Feldberechtigungen, ein Bedrohungsmodell mit mindestens vier Angreifertypen, und begründe jede Maßnahme mit den einschlägigen DSGVO-Artikeln.",
            "Erstelle eine Datenschutz-Folgenabschätzung für die Verarbeitung solcher Daten: Eintrittswahrscheinlichkeit und Schwere bewerten, Gegenmaßnahmen ableiten und argumentieren, welche Restrisiken tragbar sind.",
            "Wäge drei konkurrierende Deutungen dessen ab, was die absendende Person eigentlich braucht, lege die versteckten Annahmen offen und empfiehl ein Vorgehen mit Plan B für jeden möglichen Irrtum.",
        ],
    },
    "fr": {
        "easy": [
            "Résume ce qui précède en une seule ligne pour l'objet du ticket.",
            "Réécris le message ci-dessus avec des phrases plus simples et plus courtes.",
            "Relève toutes les dates mentionnées dans ce texte.",
            "Ramène ce texte à trois puces.",
        ],
        "medium": [
            "Rédige une réponse courtoise qui accuse réception et annonce la suite.",
            "Quel service devrait traiter ce message ? Justifie en deux arguments.",
            "Écris une courte note de passation à ce sujet pour un remplaçant.",
        ],
        "hard": [
            "Conçois une procédure complète de traitement pour ce type de message : durées de conservation, droits d'accès par champ, modèle de menace avec au moins quatre profils d'attaquant, et justification de chaque mesure au regard des articles du RGPD.",
            "Établis une analyse d'impact relative à la protection des données pour ce traitement : cote la vraisemblance et la gravité, propose des mesures et argumente quels risques résiduels sont acceptables.",
            "Confronte trois lectures concurrentes de ce dont l'expéditeur a réellement besoin, mets au jour les présupposés de chacune et recommande une conduite à tenir avec un plan de repli pour chaque erreur possible.",
        ],
    },
    "es": {
        "easy": [
            "Resume lo anterior en una sola línea para el asunto del ticket.",
            "Reescribe el mensaje de arriba con frases más sencillas y cortas.",
            "Enumera todas las fechas que aparecen en el texto.",
            "Reduce el texto anterior a tres viñetas.",
        ],
        "medium": [
            "Redacta una respuesta cortés que confirme la recepción y explique los siguientes pasos.",
            "¿Qué departamento debería encargarse? Justifícalo con dos razones.",
            "Escribe una breve nota de traspaso sobre esto para quien te sustituya.",
        ],
        "hard": [
            "Diseña un procedimiento completo para tratar mensajes como este: plazos de conservación, permisos por campo, un modelo de amenazas con al menos cuatro tipos de atacante, y justifica cada medida con los artículos aplicables del RGPD.",
            "Elabora una evaluación de impacto en protección de datos para este tratamiento: puntúa probabilidad y gravedad, propone medidas y argumenta qué riesgos residuales son asumibles.",
            "Contrasta tres interpretaciones distintas de lo que realmente necesita el remitente, saca a la luz los supuestos de cada una y recomienda una actuación con planes alternativos para cada posible error.",
        ],
    },
}


def _long_hr(r: random.Random, lang: str, target: int, sheet: str) -> str:
    head = {
        "en": "ONBOARDING PACK - Operations division - version 7\nWork through the steps in order; tick each one in the tracker.",
        "de": "EINARBEITUNGSMAPPE – Bereich Betrieb – Fassung 7\nBitte die Schritte der Reihe nach abarbeiten und im Tracker abhaken.",
        "fr": "LIVRET D'INTÉGRATION – Direction des opérations – version 7\nSuivez les étapes dans l'ordre et cochez-les dans le suivi.",
        "es": "DOSSIER DE INCORPORACIÓN – Área de Operaciones – versión 7\nSigue los pasos en orden y márcalos en el seguimiento.",
    }[lang]
    return document(r, lambda rr, k: hr_lines(rr, lang, k), target, sheet, head)


def _long_claim(r: random.Random, lang: str, target: int, note: str) -> str:
    return document(r, lambda rr, k: claim_lines(rr, lang, k), target, note)


def _long_ci(r: random.Random, target: int, head: str, notice: str) -> str:
    return document(r, ci_lines, target, notice, head)


def en(r: random.Random) -> list[dict]:
    it = []
    # structured identifiers
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f'For the visa file I still owe you one thing. It\'s the number printed on the photo page, the one under "Passport No." which I can never find:\n\n{passport(r, "GB")}\n\nIt runs until 2031. Cheers, Tamsin Whitlock',
            "UK passport number on its own line, label a sentence before",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Hi payroll, my new-starter form bounced back because the NI box was empty. It's {uk_ni(r, True)}. Start date 3 March, Declan Ashworth-Reeve (warehouse, nights).",
            "UK NI number spaced, named employee",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"Apr 02 07:41:19 bastion-02 sshd[22817]: Accepted publickey for pramanathan from {public_ip(r)} port 51234 ssh2: ED25519 SHA256:{hexs(r, 20)}\nApr 02 07:41:20 bastion-02 systemd-logind[611]: New session 4471 of user pramanathan.",
            "sshd auth line: public IP with user login",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Please refund the deposit for the Lisdoonvarna cottage to my Irish account: {iban_fmt(iban(r, 'IE'))} (account holder Gethin Pritchard). The booking reference is LIS-88213.",
            "Irish IBAN with holder name",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"ok so the last four weren't enough for the phone agent, here's the whole card: {card(r, 'mc')} exp 09/28, name on the card R FAIRBAIRN. can you finish the booking?",
            "Mastercard (Luhn-valid) in a chat message with the cardholder name",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "phone", "email"],
            f"New patient registration (online form)\nSurname: McCreadie\nForename(s): Callum James\nDOB: 14/06/1988\nMobile: {phone(r, 'GB', 0)}\nEmail: callum.mccreadie@outlook.com\nPrevious practice: Leith Links Medical Centre",
            "registration form with DOB, mobile, email",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f'My German employer printed this on the Lohnsteuerbescheinigung: "Identifikationsnummer {steuer(r, 1)}". Is that the same as a tax reference, and do I need it for my UK return? - Niamh O\'Sullivan-Burke',
            "German Steuer-ID in groups under its German label, English text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Registering my son with the French school in Singapore. They want his social security number from the carte Vitale, which reads {nir(r, 1, sex=1, yy=12)}. His name is Arthur Threlfall-Moreau.",
            "French NIR spaced, asked for in English",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Landlord in Valencia asked for ID for the lease. I'm not Spanish, so it's my foreigner number rather than a DNI: {nie(r, 1)}. Name on the lease should be Imogen Threlfall.",
            "Spanish NIE with dashes, English text",
        )
    )
    it.append(
        item(
            S,
            ["iban", "address", "person_name"],
            f"Refund owed to: Barnaby Kettering, 14 Larkspur Close, Harrogate HG2 7QN\nHe asked for it to go to his Belgian account from his Brussels years: {iban_fmt(iban(r, 'BE'))}. Please pay within 14 days.",
            "Belgian IBAN of a private customer with his home address",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"Name as in passport: QURESHI, SHIREEN. Nationality: British. The form cut the document number off, so here it is separately - {passport(r, 'GB')}. Travel date 19 May.",
            "passport number a clause after the label",
        )
    )
    it.append(
        item(
            S,
            ["ip_user", "email"],
            f"2026-04-11T22:03:55Z auth WARN failed_login user=hamish.duthie@gmail.com src={public_ip(r)} attempts=4 geo=NL\n2026-04-11T22:04:10Z auth INFO lockout user=hamish.duthie@gmail.com duration=15m",
            "login failures: email as user plus public IP",
        )
    )
    sheet = (
        f"--- NEW STARTER DATA SHEET (restricted: Payroll only) ---\nName: Oluwaseun Adebayo-Clarke\nDate of birth: 22 October 1991\n"
        f"National Insurance number: {uk_ni(r)}\nSalary account: {iban_fmt(iban(r, 'GB'))}\nMobile: {phone(r, 'GB', 1)}\n"
        "Emergency contact: Folake Adebayo (mother)\n--- END OF SHEET ---"
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "national_id", "iban", "phone"],
            _long_hr(r, "en", 5200, sheet)
            + "\n\nSummarise this onboarding pack as a checklist of at most ten items.",
            "HR onboarding pack with a new-starter sheet in the middle",
            cx="easy",
            long=True,
            mid=sheet,
        )
    )
    # free-text personal data
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Note for the shift lead: Eleri Vaughan told me in confidence that she has been diagnosed with multiple sclerosis. She may need a lighter rota from next month but doesn't want the team told yet.",
            "named colleague's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Our neighbour Graham Tolley is three months behind on his mortgage and the lender has started possession proceedings. He asked whether the residents' hardship fund could cover one instalment.",
            "named private person's arrears",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Parent council minutes, item 4: it was noted that Year 9 pupil Keira Dunmore is being treated for an eating disorder and will return on a phased timetable after Easter.",
            "named pupil's treatment in minutes",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Morning all - Ravi Chaudhry is off again, his bipolar disorder flared up over the weekend. Could someone cover his Thursday clinic?",
            "greeting word followed by a real name and a diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "Could you post the spare keys to my gran, Mrs Edna Mowbray, 27 Cherry Tree Walk, Kettering NN15 6RB? She's been housebound since her stroke in January.",
            "private person's home address and health",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Welfare fund application: Dominic Farrant entered an individual voluntary arrangement last year after roughly £38,000 of gambling debts, and his pay is now partly committed to it.",
            "named person's debts and IVA",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Leave summary for Charlotte Ebdon: 24 weeks pregnant, signed off by her GP for two weeks because of raised blood pressure.",
            "pregnancy and health of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Mr Okafor in flat 3 told the caretaker he is HIV-positive and asked that the cleaning crew be careful with the sharps bin in his bathroom.",
            "honorific + surname of a private tenant with a diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Please add our newest volunteer to the birthday list: Lottie Brennan, born 2 March 1959 in Sunderland, joining the Tuesday tea round.",
            "date of birth with a name in prose",
        )
    )
    note = (
        "FILE NOTE (claims handler, phone call): spoke to the policyholder, Mr Aurelio Benedetti-Hale. Since the collision he has been "
        "treated for post-traumatic stress and severe depression and has not worked since February; he told me he is two months behind "
        "on rent and his credit card is over limit. He asked for an interim payment. Handle sensitively."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            "Claims file export - motor and property - Q1\n"
            + _long_claim(r, "en", 3300, note)
            + "\n\nSummarise the file in five sentences.",
            "insurance claim file with a note on a named claimant in the middle",
            cx="easy",
            long=True,
            mid=note,
        )
    )
    # hard negatives
    it.append(
        item(
            N,
            [],
            "Plan a walking route from 221B Baker Street (the Sherlock Holmes Museum) to the British Library at 96 Euston Road, with one coffee stop on the way.",
            "fictional detective's address / museum and a library's address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "A bedside lamp bought online arrived with a cracked base. The seller's registered office is John Lewis plc, 1 Drummond Gate, Pimlico, London SW1V 2QQ. Help me word a firm but polite letter asking for a replacement.",
            "company head-office address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "In two sentences, what is David Attenborough's main argument about coral reefs in his ocean documentaries?",
            "public figure",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Florence Nightingale was born on 12 May 1820 in Florence. Outline a 45-minute lesson for 14-year-olds on her polar-area diagram of army mortality.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Write Mr Darcy's diary entry for the night after the Netherfield ball, in about 200 words.",
            "fictional character with honorific",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our form-validation docs use the made-up customer Joe Bloggs, 1 Sample Street, phone 555-0199 - all fictional. Rewrite that docs section so it lists the required fields as a table.",
            "declared placeholder person, 555 number",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "GB82 WEST 1234 5698 7654 32 is the example IBAN from the IBAN registry's documentation; we only use it as a test fixture. Explain why our validator accepts it even though a real payment to it would bounce.",
            "checksum-valid documented example IBAN declared as test data",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "order_ref,placed,total_gbp,delivered\n0191 4473 2280,2026-03-02,41.00,2026-03-05\n0207 5531 9904,2026-03-02,12.50,\n0161 2208 7713,2026-03-03,88.20,2026-03-06\n0113 9042 6651,2026-03-04,9.99,\n\nWhich orders have no delivery date yet?",
            "order refs shaped like UK landline numbers in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our Helm chart mounts a Kubernetes Secret called payments-api-key into the pod as an environment variable. Compare that with the Secrets Store CSI driver backed by a cloud KMS: failure modes, rotation without restarts, blast radius and audit trail, and recommend one for a PCI-scoped service.",
            "Kubernetes Secret talk, no secret value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "'Dear all', 'Hiya lovely people' or 'Greetings, oarspeople' - which opening suits a rowing-club newsletter? Pick one.",
            "greeting phrases without a name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Turn these release identifiers into a changelog table with columns component, old, new: nginx 1.25.4 -> 1.27.2; OpenSSL 3.0.13 -> 3.3.1; part no. 4006381333931 (EAN-13 of the bracket kit); firmware FW-2207-B -> FW-2311-A.",
            "version numbers, EAN and part numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Write an analytical essay comparing how Emma Raducanu's and Andy Murray's careers were covered by the British press, examining class, nationality and injury narratives, with a clear thesis.",
            "public sports figures",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "ts=2026-04-03T10:14:02.114Z svc=checkout trace_id=4bf92f3577b34da6a3ce929d0e0e4736 span=00f067aa0ba902b7 dur_ms=1840 route=/cart/submit\nts=2026-04-03T10:14:02.519Z svc=checkout trace_id=5a1e77c2d0b84f0e9b1d2c3e4f5a6b7c span=9c1d2e3f4a5b6c7d dur_ms=2210 route=/cart/submit\nts=2026-04-03T10:14:03.001Z svc=pricing trace_id=4bf92f3577b34da6a3ce929d0e0e4736 span=1a2b3c4d5e6f7a8b dur_ms=1702 route=/price/batch\n\nAfter Tuesday's deploy p99 on /cart/submit doubled. Lay out competing hypotheses (GC, pool exhaustion, N+1 queries in pricing), the experiment that would separate each, and the order you'd run them in.",
            "trace/span ids and timestamps in logs",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Stripe documents 5555 5555 5555 4444 as a test Mastercard; it passes Luhn and we only use it in staging. Write a QA checklist for the checkout page that uses it.",
            "documented test card number declared as test data",
            cx="medium",
        )
    )
    notice = (
        "NOTICE: deploy-staging reads registry credentials from the Kubernetes Secret `ghcr-pull` (value never printed). Billing contact for the runner "
        "fleet: Hetzner Online GmbH, Industriestr. 25, 91710 Gunzenhausen. Smoke tests sign in as the fixture account qa-bot@example.test "
        "(synthetic, not a person)."
    )
    it.append(
        item(
            N,
            [],
            "CI run 48213 - pipeline shop-api (main)\n"
            + _long_ci(r, 5800, "", notice)
            + "\n\nThe test test_checkout_total is flaky in this run. Work out the most likely root cause from the log, propose two fixes and argue which one is safer for a release branch.",
            "CI build log; company address, secret name without value, synthetic account in the middle",
            cx="hard",
            long=True,
            mid=notice,
        )
    )
    # clean
    it.append(
        item(
            C,
            [],
            "Alphabetise these cheeses: Wensleydale, Caerphilly, Stilton, Red Leicester, Cornish Yarg, Lancashire.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Convert to metric: 3 cups of flour, 2 tablespoons of butter, 1 pint of milk.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Recast in the passive voice: The ferret chewed through the HDMI cable.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Give three words for 'brittle' that suit a description of shortcrust pastry.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(C, [], "Pluralise: cactus, bureau, octopus, criterion, syllabus.", "clean", cx="easy")
    )
    it.append(
        item(
            C,
            [],
            "Draft a polite note to the allotment committee asking to swap plot 14 for a sunnier one at the south end.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explain how a float switch on a bilge pump works, for someone who has just bought a small sailing dinghy.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Write a 150-word shop description for a hand-thrown stoneware teapot with an ash glaze.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "What are the pros and cons of turning sourdough discard into crackers versus simply feeding the starter less?",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Derive the reorder point for a beekeeping supply shop whose weekly demand for foundation sheets is Poisson with mean 14 and whose lead time is three weeks, at a 97% service level; then argue how the answer should change if demand is lumpy around swarm season.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Formalise the croquet rule for 'peeling' a partner ball as a state machine and prove that every turn terminates.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Critically evaluate whether 1980s actuarial tables understate longevity risk for a closed defined-benefit scheme, propose a hedging strategy (buy-in, longevity swap, or none) and quantify the trade-offs under two mortality-improvement scenarios.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Design the placement of a five-voter Raft cluster across three cloud regions: reason about quorum sizes, leader placement, read latency and each single-region and link partition, and justify the layout you pick.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Two 18th-century ship logs disagree by almost a metre about high water at the same harbour on the same day. Build a reasoned argument for which is more reliable, considering calendar reform, local time, instrument practice and the tidal constituents involved.",
            "clean",
            cx="hard",
        )
    )
    return it


def de(r: random.Random) -> list[dict]:
    it = []
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"Für die eTA-Einreise nach Kanada fragt das Formular nach der Reisepassnummer. Die steht bei mir oben rechts auf der Datenseite, das ist diese hier: {passport(r, 'DE')}\nGruß, Kilian Weidenbach",
            "DE passport number a sentence after its German label",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Anbei meine steuerliche Identifikationsnummer, so wie sie auf dem Bescheid steht: {steuer(r, 2)}. Svenja Trautmann, Personalnummer 40817",
            "Steuer-ID printed in 3-3-3-2 groups",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Bitte überweisen Sie die Mietkaution auf mein österreichisches Konto, lautend auf Henrike Lassahn:\n{iban_fmt(iban(r, 'AT'))}\nVielen Dank!",
            "AT IBAN with holder",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"Mär 14 03:12:55 mx1 dovecot: imap-login: Login: user=<k.eisele>, method=PLAIN, rip={public_ip(r)}, lip=10.0.0.5, mpid=31877, TLS, session=<{hexs(r, 16)}>",
            "dovecot login line: public IP and user",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Ich habe zwei Jahre in Manchester gearbeitet. Die britische Sozialversicherungsnummer (dort heißt sie National Insurance number) war {uk_ni(r)} – brauchen Sie die für die Rentenauskunft? Wiebke Harms",
            "UK NI number in German text",
        )
    )
    it.append(
        item(
            S,
            ["phone", "person_name"],
            f"Rückruf erbeten: Herr Lennart Vosskamp, tagsüber unter {phone(r, 'DE', 2)}, abends mobil {phone(r, 'DE', 0)}. Es geht um die Heizungswartung.",
            "two German phone formats with a name",
        )
    )
    it.append(
        item(
            S,
            ["iban", "phone", "person_name"],
            f"Die Rückerstattung des Seminarbeitrags bitte an Ilse Bräuninger, Konto bei der PostFinance: {iban_fmt(iban(r, 'CH'))}. Rückfragen gern unter {phone(r, 'CH')}.",
            "Swiss IBAN and phone",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Zur Garantie der Reservierung: Kreditkarte {card(r, 'visa')}, gültig bis 11/27, Karteninhaber Dariusz Nowacki. Anreise 18.04., zwei Nächte.",
            "Visa number (Luhn-valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address", "email"],
            "Aufnahmeantrag Ruderverein Flensburg\nName: Frauke Tiedemann\ngeb.: 03.07.1979\nAnschrift: Lerchenweg 12, 24937 Flensburg\nE-Mail: frauke.tiedemann@web.de\nBeitragsart: Vollmitglied",
            "membership form with DOB, home address, email",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Für die A1-Bescheinigung unseres neuen Kollegen Bastien Roux aus Lyon brauchen wir noch seinen numéro de sécurité sociale. Er hat ihn geschickt: {nir(r, 1, sex=1)}",
            "French NIR under its French label in German text",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"2026-03-14 08:02:11 VPN-GW01 Anmeldung erfolgreich Benutzer=bwunderlich Quell-IP={public_ip(r)} Gruppe=Vertrieb Tunnel=IKEv2\n2026-03-14 08:02:12 VPN-GW01 Adresse 10.8.4.17 zugewiesen an bwunderlich",
            "German VPN log with public source IP and user",
        )
    )
    it.append(
        item(
            S,
            ["email", "phone", "person_name"],
            f"Hallo, ich möchte mein Zeitschriften-Abo zum nächstmöglichen Termin kündigen. Bitte bestätigen Sie mir das schriftlich.\n\nViele Grüße\nHanno Riegler\nhanno.riegler@gmx.de | {phone(r, 'DE', 3)}",
            "signature with private email and mobile",
        )
    )
    sheet = (
        f"=== PERSONALBOGEN (vertraulich, nur Lohnbuchhaltung) ===\nName: Korbinian Eisele\nGeburtsdatum: 11.02.1993\n"
        f"Steuerliche Identifikationsnummer: {steuer(r, 3)}\nGehaltskonto: {iban_fmt(iban(r, 'DE'))}\nMobil: {phone(r, 'DE', 3)}\n"
        "Notfallkontakt: Rosi Eisele (Mutter)\n=== ENDE PERSONALBOGEN ==="
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "tax_id", "iban", "phone"],
            _long_hr(r, "de", 4200, sheet)
            + "\n\nMach aus dieser Einarbeitungsmappe eine Checkliste mit höchstens zehn Punkten.",
            "HR onboarding pack with a personnel sheet (Steuer-ID with dots) in the middle",
            cx="easy",
            long=True,
            mid=sheet,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Kurze Info fürs Team: Roswitha Pfänder ist nach ihrer Krebsdiagnose ab Montag für sechs Wochen in der Reha. Bitte ruft sie in der Zeit nicht an.",
            "named colleague's cancer diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Moin zusammen, Jannik Oberhäuser hat mir im Vertrauen erzählt, dass er wegen seiner Alkoholabhängigkeit eine Entzugsklinik besuchen wird. Wie regeln wir die Vertretung?",
            "greeting then a named person's addiction",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Frau Annegret Schuh hat letzte Woche eine Vermögensauskunft beim Gerichtsvollzieher abgegeben und kann die Nebenkostennachzahlung von 1.240 Euro nicht leisten.",
            "named tenant's insolvency facts",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Merve Aydın-Krüger ist in der zehnten Woche schwanger, möchte aber, dass es im Büro noch niemand erfährt. Sie fällt deshalb bei der Messe im Mai aus.",
            "pregnancy of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            "Herr Demirtaş aus der Buchhaltung ist seit seinem Bandscheibenvorfall im Januar krankgeschrieben und bezieht inzwischen nur noch Krankengeld.",
            "honorific + surname, health and income",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "financial"],
            "Die Spendenquittung bitte an Cosima Falkenrath, Am Mühlbach 7, 79215 Elzach schicken. Sie ist seit der Privatinsolvenz ihres Mannes auf jeden Euro angewiesen.",
            "private home address and financial hardship",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Entwurf Elternbrief: Emre Yıldız aus der 6c hat eine ADHS-Diagnose und erhält ab sofort einen Nachteilsausgleich bei Klassenarbeiten.",
            "named pupil's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Unsere Vereinsälteste, Gertrud Habermalz, geboren am 9. Mai 1931 in Tilsit, wird nächste Woche 95. Wer organisiert den Blumenstrauß?",
            "private person's birth date in prose",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Bei Bernd Kaltwasser aus dem Lager liegt eine Lohnpfändung über rund 14.000 Euro vor; die Lohnbuchhaltung muss ab März den pfändbaren Betrag einbehalten.",
            "wage garnishment of a named employee",
        )
    )
    note = (
        "AKTENVERMERK (Telefonat Sachbearbeitung): Gespräch mit der Versicherungsnehmerin Frau Liselotte Abendroth-Mäurer. Sie ist seit dem Unfall "
        "wegen einer schweren Depression und Panikattacken in psychiatrischer Behandlung, arbeitsunfähig, und hat nach eigener Aussage "
        "zwei Monatsraten ihres Autokredits nicht bezahlt. Bitte Vorschuss prüfen und behutsam kommunizieren."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            "Schadenakte Export – Kfz und Sach – 1. Quartal\n"
            + _long_claim(r, "de", 5400, note)
            + "\n\nFasse die Akte in fünf Sätzen zusammen.",
            "insurance claim file with a note on a named policyholder in the middle",
            cx="easy",
            long=True,
            mid=note,
        )
    )
    it.append(
        item(
            N,
            [],
            "Wie komme ich vom Kölner Dom, Domkloster 4, 50667 Köln, zu Fuß am schnellsten zum Schokoladenmuseum?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Die Zahnbürstenköpfe aus dem Abo kamen zum dritten Mal falsch. Firmensitz laut Impressum: dm-drogerie markt GmbH + Co. KG, Am dm-Platz 1, 76227 Karlsruhe. Hilf mir, dort sachlich um Abhilfe zu bitten.",
            "company address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "„Liebe Kolleginnen und Kollegen“, „Hallo Zusammen“ oder „Moin allerseits“ – welche Anrede passt in eine Rundmail an 300 Leute, und schreibt man „Zusammen“ da groß?",
            "greeting words with no name after them",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Vergleiche in einem kurzen Essay die Karrieren von Steffi Graf und Boris Becker: Erfolge, Spielstil, Rolle in den Medien.",
            "public sports figures",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Alexander von Humboldt wurde am 14. September 1769 in Berlin geboren. Entwirf ein Quiz mit zehn Fragen zu seiner Amerika-Reise.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Schreib eine kurze Szene, in der Effi Briest aus Kessin einen Brief an ihre Mutter schreibt.",
            "fictional character",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "In unserer Testumgebung heißt der Beispielkunde „Otto Normalverbraucher“, Musterstraße 1, 12345 Musterstadt, Telefon 0123 456789 – alles erfunden. Mach daraus eine kurze Anleitung in Stichpunkten für neue Tester.",
            "declared placeholder customer",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "86095742719 ist die Beispiel-Identifikationsnummer aus der Dokumentation, keine echte Person. Prüfe, ob unser Verfahren nach ISO 7064 (Mod 11,10) sie als gültig erkennt, und rechne die Prüfziffer Schritt für Schritt nach.",
            "published example Steuer-ID, checksum-valid, declared as example",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "2026-03-14 10:02:11 INFO auftrag=0171 2234 556 status=versendet lager=DUS\n2026-03-14 10:02:19 INFO auftrag=0151 9902 187 status=offen lager=HAM\n2026-03-14 10:03:02 INFO auftrag=0160 4471 903 status=offen lager=DUS\n2026-03-14 10:03:40 INFO auftrag=0176 3310 662 status=storniert lager=LEJ\n\nWelche Aufträge sind noch offen?",
            "order numbers shaped like German mobile numbers in a log",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Wir legen das Datenbank-Passwort als Kubernetes Secret ab. Ist das ohne Verschlüsselung im etcd überhaupt vertretbar? Analysiere Angriffsszenarien, vergleiche Sealed Secrets, SOPS und den External Secrets Operator und begründe eine Empfehlung für einen KRITIS-Betreiber.",
            "Kubernetes Secret talk without a value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ordne diese Gerätenummern nach Gerätetyp und sortiere sie: WM14N2G0 (Waschmaschine), KG39EAICA (Kühlschrank), SMS4HVI33E (Spüler), WM16XE91 (Waschmaschine), Firmware 2.4.1 und 2.10.0.",
            "product codes and version numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Erkläre, warum Olaf Scholz im Dezember 2024 die Vertrauensfrage gestellt hat, und bewerte die verfassungsrechtlichen Hürden nach Art. 68 GG im Vergleich mit 1982 und 2005 – mit eigener These und Gegenargumenten.",
            "public politician in news",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "12:00:01.204 req=7f3a9c21 upstream=lager-api dauer=3012ms ergebnis=timeout\n12:00:01.377 req=7f3a9c22 upstream=lager-api dauer=41ms ergebnis=ok\n12:00:01.512 req=7f3a9c23 upstream=lager-api dauer=38ms ergebnis=ok\n12:00:02.118 req=7f3a9c24 upstream=lager-api dauer=3009ms ergebnis=timeout\n\nWarum läuft ungefähr jeder dritte Request in einen Timeout von 3 s? Stelle konkurrierende Hypothesen auf (DNS, Keep-Alive, Lastverteilung), leite für jede ein Experiment ab und begründe die Reihenfolge.",
            "request ids and timestamps in logs",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Frau Antje bringt Käse aus Holland: analysiere, wie diese Werbefigur seit den Sechzigern das deutsche Bild der Niederlande geprägt hat, mit These, Belegen aus der Werbegeschichte und Gegenargumenten.",
            "advertising character with honorific",
            cx="hard",
        )
    )
    notice = (
        "HINWEIS: deploy-staging liest die Zugangsdaten aus dem Kubernetes Secret `registry-pull` (der Wert wird nie ausgegeben). Lizenzgeber der "
        "Build-Werkzeuge: SAP SE, Dietmar-Hopp-Allee 16, 69190 Walldorf. Die Smoke-Tests melden sich als Testkonto testkunde@example.test an "
        "(synthetisch, keine reale Person)."
    )
    it.append(
        item(
            N,
            [],
            "CI-Lauf 51877 – Pipeline lager-api (main)\n"
            + _long_ci(r, 4600, "", notice)
            + "\n\nDer Test test_checkout_total ist in diesem Lauf instabil. Ermittle aus dem Log die wahrscheinlichste Ursache, schlage zwei Korrekturen vor und begründe, welche für einen Release-Zweig sicherer ist.",
            "CI build log; company address, secret name, synthetic account in the middle",
            cx="hard",
            long=True,
            mid=notice,
        )
    )
    it.append(
        item(
            C,
            [],
            "Übersetze „Schaltwerk“, „Kettenblatt“ und „Speichenspannung“ ins Englische.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Bring in alphabetische Reihenfolge: Zwetschge, Quitte, Mispel, Apfel, Birne, Schlehe.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Setz die fehlenden Kommas: Als der Zug endlich kam waren alle die gewartet hatten schon nass.",
            "clean",
            cx="easy",
        )
    )
    it.append(item(C, [], "Wie viele Minuten sind 3,75 Stunden?", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Nenne je ein Gegenteil zu „spärlich“, „zögerlich“ und „trüb“.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Schreib eine freundliche Erinnerung an die Hausgemeinschaft, die Kellertür abends abzuschließen.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Erkläre einem Laien, wie ein Wärmepumpentrockner die Wäsche trocknet, ohne Abluftschlauch.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Formuliere fünf Fragen für ein Interview mit einer Berufsimkerin für die Schülerzeitung.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Vergleiche Sauerteig und Hefeteig für Backanfänger in einem Absatz.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Dimensioniere ein Regenrückhaltebecken für ein 4 ha großes Gewerbegebiet (Abflussbeiwert 0,8, Drosselabfluss 10 l/(s·ha)); leite die Bemessungsgleichung her und diskutiere, wie unsicher die Starkregendaten das Ergebnis machen.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Beweise, dass jeder Baum mit n Knoten genau n−1 Kanten hat, und verallgemeinere das auf Wälder mit k Zusammenhangskomponenten.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Prüfe, ob ein genossenschaftlicher Dorfladen in einem Ort mit 600 Einwohnern tragfähig ist: Kapitalbedarf, Rechtsform, Risiken und eine Sensitivitätsanalyse für Umsatz und Ehrenamtsquote.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Entwirf eine Registrierung für Bachs Passacaglia c-Moll auf einer zweimanualigen Barockorgel und begründe die Wahl für jede Variationsgruppe aufführungspraktisch.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Plane die Fruchtfolge für einen 5-ha-Biobetrieb über acht Jahre: Leguminosenanteil, Stickstoffbilanz, Beikrautdruck und Vermarktung, jede Entscheidung begründet.",
            "clean",
            cx="hard",
        )
    )
    return it


def fr(r: random.Random) -> list[dict]:
    it = []
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Pour la mutuelle, on me demande mon numéro de sécu. Je le recopie tel qu'il figure sur l'attestation de droits :\n{nir(r, 1, sex=2)}\nSolène Marchetti",
            "NIR spaced, label a sentence before",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"Numéro du passeport ? Je l'ai recopié depuis la page avec la photo, en haut à droite. C'est le {passport(r, 'FR')}. Gaëtan Lebreton, départ le 12 juin.",
            "FR passport number a sentence after the label",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Voici mon RIB pour le remboursement des frais kilométriques : {iban_fmt(iban(r, 'FR'))} – titulaire Maëlys Fournier-Diallo.",
            "French IBAN (RIB key valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Merci de verser l'indemnité sur mon compte luxembourgeois {iban_fmt(iban(r, 'LU'), 1)}, ouvert au nom d'Anatole Vasseur.",
            "Luxembourg IBAN unspaced",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'{public_ip(r)} - lcaron [12/Apr/2026:09:14:07 +0200] "GET /intranet/paie/bulletin-2026-03.pdf HTTP/1.1" 200 48211 "-" "Mozilla/5.0"',
            "Apache basic-auth line: public IP and user",
        )
    )
    it.append(
        item(
            S,
            ["phone", "person_name"],
            f"Merci de rappeler Mme Bérénice Aubertin au {phone(r, 'FR', 0)} ou, en journée, au bureau : {phone(r, 'FR', 2)}. C'est au sujet du devis de la véranda.",
            "French mobile with dots and landline",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mon employeur allemand me réclame ma « Steuer-ID » pour la fiche de paie. Sur le courrier du Bundeszentralamt, il y a : {steuer(r, 1)}. Thibault Réquillart",
            "German Steuer-ID in groups under its German label, French text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Ma colocataire espagnole, Lucía Herrero Ochandiano, doit s'inscrire à la CAF ; son DNI est le {dni(r, 1)}. Faut-il aussi une traduction ?",
            "Spanish DNI with dash in French text",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address", "email"],
            "Inscription à la médiathèque\nNom : Baptistin\nPrénom : Honorine\nNée le : 04/04/1986\nAdresse : 12 allée des Tilleuls, 35700 Rennes\nCourriel : honorine.baptistin@laposte.net",
            "library form with DOB, home address, email",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Pour la caution du véhicule, carte American Express {card(r, 'amex')}, expiration 04/29, titulaire Quentin Delmas-Roy.",
            "Amex number (Luhn-valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"Nouvelle connexion à votre compte\nIdentifiant : apolline.verdier\nAdresse IP : {public_ip(r)}\nNavigateur : Firefox 131 sous Windows\nLieu approximatif : Nantes, France\nSi ce n'était pas vous, changez votre mot de passe.",
            "sign-in alert: login with public IP",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"J'ai travaillé trois ans à Londres ; pour ma retraite, la caisse demande mon National Insurance number britannique : {uk_ni(r, True)}. Sylvain Kervella",
            "UK NI number in French text",
        )
    )
    sheet = (
        f"*** FICHE SALARIÉ (confidentiel – service paie) ***\nNom : Morvan-Le Bihan\nPrénom : Gwendal\nDate de naissance : 30/09/1990\n"
        f"N° de sécurité sociale : {nir(r, 2, sex=1, yy=90, mm=9)}\nIBAN : {iban_fmt(iban(r, 'FR'))}\nPortable : {phone(r, 'FR', 1)}\n"
        "*** FIN DE FICHE ***"
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "national_id", "iban", "phone"],
            _long_hr(r, "fr", 3400, sheet)
            + "\n\nTransforme ce livret en liste de contrôle de dix points au maximum.",
            "HR onboarding pack with an employee sheet in the middle",
            cx="easy",
            long=True,
            mid=sheet,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Pour info, Mireille Champeaux est en arrêt longue maladie pour un cancer du sein ; elle reprendra en mi-temps thérapeutique en septembre.",
            "named colleague's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Rachid Benali a un dossier de surendettement en cours à la Banque de France ; il ne pourra pas avancer les frais du séminaire.",
            "named person's over-indebtedness",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Clotilde Faure-Larrieu est enceinte de cinq mois et souhaite éviter les déplacements en avion d'ici l'été.",
            "pregnancy of a named person",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Bonjour à tous, Jérémie Poulain sort de l'hôpital après un infarctus ; merci de lui éviter tout dossier urgent la semaine prochaine.",
            "greeting then named person's health",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Mme Vautrin, au troisième, touche le RSA depuis son licenciement et ne pourra pas payer sa quote-part des travaux de toiture.",
            "honorific + surname, benefits",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "Les poches de dialyse sont à livrer chez M. Killian Morvan, 5 impasse des Goélands, 29200 Brest ; il est dialysé trois fois par semaine.",
            "private address and health",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Note pour le conseil de classe : l'élève Inès Zerrouki souffre de phobie scolaire et est suivie par une pédopsychiatre depuis la Toussaint.",
            "named pupil's condition",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Notre doyenne de l'atelier couture, Paulette Grandjean, née le 17 janvier 1938 à Roubaix, aimerait une fête discrète pour ses 88 ans.",
            "private person's birth date",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Le salaire de Fabrice Lemonnier fait l'objet d'une saisie sur rémunération pour une pension alimentaire impayée depuis deux ans.",
            "garnishment of a named employee",
        )
    )
    note = (
        "NOTE DE DOSSIER (appel du gestionnaire) : entretien avec l'assurée, Mme Eulalie Desjardins-Ferrand. Depuis l'accident elle est suivie pour "
        "un syndrome de stress post-traumatique et une dépression sévère ; elle ne travaille plus depuis février et a deux mensualités de prêt "
        "immobilier en retard. Elle demande une avance sur indemnité. À traiter avec tact."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            "Export dossier sinistres – auto et habitation – T1\n"
            + _long_claim(r, "fr", 2600, note)
            + "\n\nRésume le dossier en cinq phrases.",
            "insurance claim file with a note on a named policyholder in the middle",
            cx="easy",
            long=True,
            mid=note,
        )
    )
    it.append(
        item(
            N,
            [],
            "Quel est le meilleur itinéraire à pied entre le musée d'Orsay, 1 rue de la Légion d'Honneur, et la Sainte-Chapelle ?",
            "landmark addresses",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "La perceuse achetée en magasin a lâché au bout d'une semaine. Le siège indiqué sur la facture est Leroy Merlin France, rue Chanzy, 59260 Lezennes. Aide-moi à formuler une demande d'échange ferme mais courtoise.",
            "company address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Résume en trois phrases le livre V13 d'Emmanuel Carrère.",
            "public author",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Simone de Beauvoir est née le 9 janvier 1908 à Paris. Rédige une dissertation complète sur « On ne naît pas femme, on le devient » : problématique, trois parties argumentées, contre-arguments et références.",
            "historical figure with birth date",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Écris une lettre de Jean Valjean à Cosette, la veille de son mariage, en une page.",
            "fictional characters",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Dans nos maquettes, le client fictif s'appelle Pierre Durand, 1 rue de l'Exemple, 75000 Paris, tél. 01 99 00 12 34 (plage réservée à la fiction). Présente ces données de test sous forme de tableau.",
            "declared placeholder person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "FR76 3000 6000 0112 3456 7890 189 est l'IBAN d'exemple qu'on trouve dans toutes les documentations ; nous ne l'utilisons que comme donnée de test. Explique pourquoi il passe le contrôle modulo 97 alors qu'aucun virement n'aboutira.",
            "documented example IBAN, checksum-valid, declared test data",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "ref_commande;date;montant_eur;statut\n0612489931;2026-03-02;41,00;livrée\n0745118905;2026-03-02;12,50;en attente\n0698027714;2026-03-03;88,20;livrée\n0633901256;2026-03-04;9,99;en attente\n\nQuelles commandes sont encore en attente ?",
            "order refs shaped like French mobile numbers in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Un collègue affirme qu'un « Kubernetes Secret » chiffre les données. Vrai ou faux ? Explique la différence entre base64 et chiffrement en un paragraphe.",
            "Kubernetes Secret talk, no value",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "« Bonjour à toutes et à tous », « Salut la compagnie » ou « Coucou tout le monde » : laquelle de ces formules pour un courriel à un club de randonnée ?",
            "greetings with no name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Classe ces références par gamme : Thermomix TM6, Cookeo CE8510, Moulinex XF5918, Thermomix TM5, firmware 4.2.0, Cookeo CE7028.",
            "product codes and version numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Analyse la stratégie de communication de Marine Le Pen pendant la campagne présidentielle de 2022 en la comparant à celle de 2017 : thèse, arguments, contre-arguments et limites des sources.",
            "public politician",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "horodatage=2026-04-03T10:14:02Z trace=9f2c1d7e4a6b8c0d req=acq-55120 étape=paiement durée_ms=4120\nhorodatage=2026-04-03T10:14:05Z trace=1b3d5f7a9c2e4f6a req=acq-55121 étape=paiement durée_ms=95\nhorodatage=2026-04-03T10:14:09Z trace=2c4e6a8b0d1f3e5c req=acq-55122 étape=paiement durée_ms=4088\n\nPourquoi une requête de paiement sur deux dépasse-t-elle 4 s ? Formule des hypothèses concurrentes, un test discriminant pour chacune, et l'ordre dans lequel tu les mènerais.",
            "trace and request ids in logs",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Bibendum, le Bonhomme Michelin, a plus de 125 ans. Écris un court texte publicitaire au ton rétro pour l'anniversaire de la marque.",
            "brand mascot looking like a person",
            cx="medium",
        )
    )
    notice = (
        "AVIS : deploy-staging lit les identifiants du registre dans le Kubernetes Secret `registry-pull` (la valeur n'est jamais affichée). "
        "Hébergeur des runners : OVH SAS, 2 rue Kellermann, 59100 Roubaix. Les tests de fumée se connectent avec le compte de test "
        "robot-recette@example.test (synthétique, aucune personne réelle)."
    )
    it.append(
        item(
            N,
            [],
            "Exécution CI 60214 – pipeline facturation-api (main)\n"
            + _long_ci(r, 3800, "", notice)
            + "\n\nLe test test_checkout_total est instable dans cette exécution. Déduis du journal la cause la plus probable, propose deux corrections et argumente laquelle est la plus sûre pour une branche de version.",
            "CI build log; company address, secret name, synthetic account in the middle",
            cx="hard",
            long=True,
            mid=notice,
        )
    )
    it.append(
        item(
            C,
            [],
            "Mets au pluriel : un chou, un bijou, un travail, un festival, un vitrail.",
            "clean",
            cx="easy",
        )
    )
    it.append(item(C, [], "Convertis 72 °F en degrés Celsius.", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Classe par ordre alphabétique : mirabelle, cassis, airelle, groseille, coing, arbouse.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Corrige l'orthographe : « Les enfant on manger des pomme cuite. »",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Donne deux synonymes de « bavard » et deux de « taciturne ».",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Écris un message au syndic pour signaler une infiltration d'eau dans la cage d'escalier B.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explique à un débutant comment fonctionne un frein à disque hydraulique de vélo.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propose un menu végétarien en trois plats pour un repas de fête, avec une phrase de justification par plat.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Décris en 120 mots une lampe en céramique artisanale pour une boutique en ligne.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Démontre que la série des inverses des nombres premiers diverge, en détaillant chaque étape.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Conçois un plan de gestion sur trente ans pour une forêt communale de 80 ha exposée aux sécheresses : essences, sylviculture, risques incendie et scolytes, justification économique.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Modélise l'ordonnancement des retournements de meules dans une cave d'affinage de comté (humidité, température, main-d'œuvre) et compare trois stratégies avant d'en recommander une.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Évalue les arguments pour et contre le mécanisme d'ajustement carbone aux frontières de l'UE appliqué à l'acier, en modélisant les effets sur les prix et les fuites de carbone.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Élabore une stratégie de négociation pour le partage de l'eau d'une rivière entre trois communes agricoles, avec un modèle de théorie des jeux et des scénarios de sécheresse.",
            "clean",
            cx="hard",
        )
    )
    return it


def es(r: random.Random) -> list[dict]:
    it = []
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Para el contrato de alquiler me piden el documento de identidad. Os lo paso tal cual viene en la tarjeta: {dni(r, 2)}\nItziar Zubizarreta",
            "DNI printed with dots and dash, label a sentence before",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Mi número de extranjero, el que empieza por letra, es {nie(r)}. Me llamo Dragoș Munteanu y necesito cita para la huella.",
            "NIE plain",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"¿Número de pasaporte? Lo tengo en la página de datos; el resguardo no lo encuentro, pero es {passport(r, 'ES')}. Nerea Castañeda-Villalba, vuelo del día 3.",
            "ES passport a sentence after the label",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Número de afiliación a la Seguridad Social: {nss(r)}\nTrabajador: Íñigo Larrañaga Otxoa\nAlta: 01/04/2026",
            "Spanish social-security number (mod 97 control)",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Domiciliad el recibo de la cuota en {iban_fmt(iban(r, 'ES'))}, a nombre de Remedios Cuadrado Pintor.",
            "Spanish IBAN with holder",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"La devolución de la fianza, por favor, a mi cuenta portuguesa {iban_fmt(iban(r, 'PT'))}; titular Gonzalo Espeleta.",
            "Portuguese IBAN",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'[2026-04-09 21:17:44] INFO sesion_iniciada usuario=maite.arriola ip={public_ip(r)} agente="Chrome 128" metodo=contraseña+otp',
            "app log: public IP and user",
        )
    )
    it.append(
        item(
            S,
            ["phone", "person_name"],
            f"Llamad a Fermín Sotomayor al {phone(r, 'ES', 0)} o, por la mañana, al fijo {phone(r, 'ES', 2)}; es por lo de la reforma del baño.",
            "Spanish mobile with dashes and landline",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Tarjeta para la reserva: Visa {card(r, 'visa')}, caducidad 02/28, titular AINHOA BERISTAIN.",
            "Visa (Luhn-valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address", "email"],
            "Ficha de socio\nNombre: Jacinto Olmedo Ruiz\nFecha de nacimiento: 12/05/1967\nDomicilio: C/ Cardenal Cisneros 14, 3.º B, 47002 Valladolid\nCorreo: jolmedo67@yahoo.es",
            "membership form with DOB, address, email",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Trabajé dos años en Múnich. En la nómina alemana aparece mi «Steuerliche Identifikationsnummer»: {steuer(r, 2)}. ¿Tengo que declararla aquí? Valentina Escrivá",
            "German Steuer-ID in groups under its German label, Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Para convalidar la cotización en Francia necesito mi número de la Sécurité sociale francesa: {nir(r, 2, sex=2)}. Covadonga Piñeiro",
            "French NIR in Spanish text",
        )
    )
    sheet = (
        f"### FICHA DE EMPLEADO (confidencial – solo Nóminas) ###\nNombre: Eulalia Arrizabalaga Pons\nFecha de nacimiento: 07/08/1988\n"
        f"DNI: {dni(r)}\nN.º Seguridad Social: {nss(r)}\nCuenta de nómina: {iban_fmt(iban(r, 'ES'))}\nMóvil: {phone(r, 'ES', 1)}\n"
        "### FIN DE FICHA ###"
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "national_id", "iban", "phone"],
            _long_hr(r, "es", 2700, sheet)
            + "\n\nConvierte este dossier en una lista de comprobación de diez puntos como máximo.",
            "HR onboarding pack with an employee sheet in the middle",
            cx="easy",
            long=True,
            mid=sheet,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Os cuento que Eulogio Barrachina tiene un linfoma y empieza la quimioterapia el lunes; habrá que cubrir sus turnos de tarde.",
            "named colleague's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Montserrat Vilaró está en un ERTE y no paga la hipoteca desde enero; ha pedido ayuda al fondo social de la empresa.",
            "named person's arrears",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Teodoro Caballé tiene diabetes tipo 1 y necesita pausas para medirse la glucosa durante las guardias nocturnas.",
            "named person's condition",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Hola a todos: Amparo Lozano-Medina está embarazada de gemelos y pide no viajar hasta octubre.",
            "greeting then named person's pregnancy",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "El señor Irazábal, el del segundo, tiene alzhéimer; su hija pide que nadie le abra el portal a desconocidos.",
            "honorific + surname with diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "Enviad el pedido de pañales de incontinencia a doña Ximena Trujillo, Calle del Pez 23, 2.º izquierda, 28004 Madrid.",
            "private address with health-revealing order",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Acta de evaluación: el alumno Ángel Zamorano tiene dislexia diagnosticada y se le adaptarán los exámenes escritos.",
            "named pupil's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Felicitamos a Pilar Ezcurra, nacida el 30 de noviembre de 1944 en Tudela, la socia más antigua del coro.",
            "private person's birth date",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "A Sebastián Urquijo le han embargado la nómina por una deuda con Hacienda de unos 22.000 euros.",
            "garnishment of a named person",
        )
    )
    note = (
        "NOTA DEL EXPEDIENTE (llamada del tramitador): hablé con el asegurado, don Baltasar Echeverría Quintana. Desde el accidente está en "
        "tratamiento por estrés postraumático y una depresión grave, está de baja desde febrero y reconoce dos cuotas del préstamo del coche "
        "sin pagar. Pide un anticipo de la indemnización. Tratar con delicadeza."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            "Exportación de expedientes – autos y hogar – 1.er trimestre\n"
            + _long_claim(r, "es", 4800, note)
            + "\n\nResume el expediente en cinco frases.",
            "insurance claim file with a note on a named policyholder in the middle",
            cx="easy",
            long=True,
            mid=note,
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Cómo llego andando desde la Sagrada Família, Carrer de Mallorca 401, hasta el recinto modernista de Sant Pau?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe una reclamación a Industria de Diseño Textil, S.A. (Inditex), Avenida de la Diputación s/n, 15143 Arteixo (A Coruña), por un abrigo que destiñe.",
            "company address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Resume en dos frases la temporada 2024 de Carlos Alcaraz.",
            "public sports figure",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Clara Campoamor nació el 12 de febrero de 1888 en Madrid. Prepara el guion de una charla de veinte minutos sobre su defensa del voto femenino.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe un diálogo breve entre don Quijote y Sancho Panza sobre los patinetes eléctricos.",
            "fictional characters with honorific",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "En los formularios de ejemplo usamos a «Fulano de Tal», Calle Falsa 123, teléfono 600 000 000: datos inventados. Conviértelos en un JSON de ejemplo.",
            "declared placeholder",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "ES91 2100 0418 4502 0005 1332 es el IBAN de ejemplo de la documentación bancaria; solo lo usamos como dato de prueba. Explica qué comprueban los dos dígitos de control nacionales además del módulo 97.",
            "documented example IBAN, checksum-valid, declared test data",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "num_pedido;fecha;importe_eur;estado\n612 884 301;2026-03-02;41,00;entregado\n655 120 947;2026-03-02;12,50;pendiente\n698 302 115;2026-03-03;88,20;entregado\n633 771 480;2026-03-04;9,99;pendiente\n\n¿Qué pedidos siguen pendientes?",
            "order numbers shaped like Spanish mobiles in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿En qué se diferencia un Kubernetes Secret de un ConfigMap, y cuándo compensa Vault? Diseña una estrategia de rotación de credenciales para 40 microservicios, con análisis de riesgos y plan de migración por fases.",
            "Kubernetes Secret talk, no value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿«Buenas a todos», «Qué tal, gente» o «Estimado vecindario»? ¿Cuál queda mejor en el boletín de la comunidad de vecinos?",
            "greetings without a name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ordena estas referencias por fabricante y versión: Android 14, iOS 17.4.1, Xiaomi 23021RAA2Y, Samsung SM-A546B, firmware 1.0.12, iOS 17.10.",
            "product codes and version numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Analiza la gestión de Isabel Díaz Ayuso durante la pandemia en la Comunidad de Madrid frente a la de Cataluña: tesis, datos, contraargumentos y límites de la comparación.",
            "public politician",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "2026-04-03 10:14:02 pedido=PED-20260403-0117 solicitud=7c1e9a02 paso=pago duracion_ms=5230\n2026-04-03 10:14:06 pedido=PED-20260403-0118 solicitud=7c1e9a03 paso=pago duracion_ms=88\n2026-04-03 10:14:11 pedido=PED-20260403-0119 solicitud=7c1e9a04 paso=pago duracion_ms=5198\n\n¿Por qué la mitad de los pagos tarda más de cinco segundos? Plantea hipótesis rivales, un experimento que distinga cada una y el orden en que los harías.",
            "order and request ids in logs",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe una cuña de radio nostálgica de veinte segundos para el jerez Tío Pepe.",
            "brand name that looks like a person",
            cx="medium",
        )
    )
    notice = (
        "AVISO: deploy-staging lee las credenciales del registro del Kubernetes Secret `registry-pull` (el valor nunca se imprime). Proveedor "
        "de la conectividad: Telefónica, S.A., Ronda de la Comunicación s/n, 28050 Madrid. Las pruebas de humo entran con la cuenta de "
        "prueba bot-qa@example.test (sintética, no es una persona)."
    )
    it.append(
        item(
            N,
            [],
            "Ejecución CI 73390 – pipeline reservas-api (main)\n"
            + _long_ci(r, 2600, "", notice)
            + "\n\nEl test test_checkout_total es inestable en esta ejecución. Deduce del registro la causa más probable, propón dos correcciones y argumenta cuál es más segura para una rama de publicación.",
            "CI build log; company address, secret name, synthetic account in the middle",
            cx="hard",
            long=True,
            mid=notice,
        )
    )
    it.append(
        item(
            C,
            [],
            "Pon en plural: el lápiz, la crisis, el régimen, el álbum, el carácter.",
            "clean",
            cx="easy",
        )
    )
    it.append(item(C, [], "Convierte 5 millas a kilómetros.", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Ordena alfabéticamente: níspero, chirimoya, membrillo, acerola, higo, azufaifo.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Corrige la ortografía: «Haber si vienes mañana y hechamos un vistazo a la hobra.»",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(C, [], "Dame dos sinónimos de «tacaño» y dos de «generoso».", "clean", cx="easy")
    )
    it.append(
        item(
            C,
            [],
            "Escribe un aviso para los vecinos sobre el corte de agua del jueves de 9 a 14 h.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explica a un principiante cómo fermenta la kombucha y qué puede salir mal.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propón un itinerario de tres días por Asturias para alguien que viaja sin coche.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Describe en 100 palabras una cesta de mimbre hecha a mano para una tienda en línea.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Demuestra que hay infinitos números primos de la forma 4k+3.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Diseña una estrategia de riego deficitario controlado para un olivar de 20 ha en Jaén con dotación limitada: balance hídrico, fases fenológicas y justificación de cada corte.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Evalúa críticamente si la ecotasa turística de Baleares alivia la presión sobre la vivienda, con un modelo de incidencia y contraargumentos.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Compara tres diseños tolerantes a fallos para el voto electrónico de una cooperativa, con modelo de amenazas y argumentos de corrección.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Planifica la restauración de una acequia medieval de 6 km: hidráulica, patrimonio, presupuesto y participación de los regantes, justificando cada decisión.",
            "clean",
            cx="hard",
        )
    )
    return it


def items(r: random.Random, lang: str) -> list[dict]:
    return {"en": en, "de": de, "fr": fr, "es": es}[lang](r)
