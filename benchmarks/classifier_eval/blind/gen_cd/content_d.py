# ruff: noqa: RUF001  (typographic dashes and quotes are part of the prompts)
"""Set D: contexts, names, addresses and appended tasks (independent of sets A, B and C).

Long documents in D: nginx access logs (en, fr) and bank-statement exports (de, es) with one
personal line in the middle; school class overviews with a pastoral note about a named pupil in
the middle; medication reference sheets whose middle block is a declared specimen patient.
"""

import random

from filler_cd import bank_rows, document, med_lines, nginx_lines, school_lines
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
            "Give me the gist of this in one sentence.",
            "Translate the text above into French.",
            "Reformat the above as a two-column table: field, value.",
            "Fix any typos in the text above and give it back unchanged otherwise.",
        ],
        "medium": [
            "Write the reply our front desk should send: friendly, under 120 words.",
            "Categorise this as billing, access, HR or other, and explain the choice in two sentences.",
            "Turn this into a tracker task with a title, a priority and acceptance criteria.",
        ],
        "hard": [
            "Lay out a complete records-management design for inputs like this: lawful basis, minimisation, encryption at rest and in transit, access reviews and an incident-response playbook, and defend each choice against a sceptical auditor.",
            "Analyse in depth the legal exposure if this message leaked: which regimes apply, what a regulator would likely find, fine and liability scenarios, and how each mitigation would change the outcome.",
            "Model the ways an insider could misuse this information, rank them by expected harm with explicit assumptions, and propose layered controls with their costs and residual risk.",
        ],
    },
    "de": {
        "easy": [
            "Gib mir den Kern davon in einem Satz.",
            "Übersetze den Text oben ins Englische.",
            "Formatiere das Obige als zweispaltige Tabelle: Feld, Wert.",
            "Korrigiere Tippfehler im Text oben und lass ihn sonst unverändert.",
        ],
        "medium": [
            "Formuliere die Antwort, die unser Empfang schicken sollte: freundlich, höchstens 120 Wörter.",
            "Ordne das einer Kategorie zu (Abrechnung, Zugang, Personal, Sonstiges) und begründe es in zwei Sätzen.",
            "Mach daraus ein Ticket mit Titel, Priorität und Abnahmekriterien.",
        ],
        "hard": [
            "Entwirf ein vollständiges Konzept für die Verwaltung solcher Eingänge: Rechtsgrundlage, Datenminimierung, Verschlüsselung bei Speicherung und Übertragung, Berechtigungsprüfungen und ein Notfallhandbuch für Datenpannen, und verteidige jede Entscheidung gegenüber einer kritischen Prüferin.",
            "Analysiere gründlich die rechtlichen Folgen, falls diese Nachricht öffentlich würde: welche Regelwerke greifen, was eine Aufsichtsbehörde feststellen würde, Bußgeld- und Haftungsszenarien, und wie jede Gegenmaßnahme das Ergebnis verändert.",
            "Modelliere, wie Innentäter diese Informationen missbrauchen könnten, ordne die Fälle nach erwartetem Schaden mit offengelegten Annahmen und schlage gestaffelte Kontrollen samt Kosten und Restrisiko vor.",
        ],
    },
    "fr": {
        "easy": [
            "Donne-moi l'essentiel en une phrase.",
            "Traduis le texte ci-dessus en anglais.",
            "Mets ce qui précède sous forme de tableau à deux colonnes : champ, valeur.",
            "Corrige les fautes de frappe du texte ci-dessus sans rien changer d'autre.",
        ],
        "medium": [
            "Écris la réponse que notre accueil devrait envoyer : aimable, 120 mots au plus.",
            "Classe ce message (facturation, accès, RH, autre) et justifie en deux phrases.",
            "Transforme cela en tâche de suivi avec un titre, une priorité et des critères d'acceptation.",
        ],
        "hard": [
            "Propose une conception complète de la gestion de ce type de données : base légale, minimisation, chiffrement au repos et en transit, revues d'habilitations et procédure de réponse aux incidents, et défends chaque choix face à un auditeur sceptique.",
            "Analyse en profondeur l'exposition juridique si ce message fuitait : régimes applicables, constats probables de la CNIL, scénarios d'amende et de responsabilité, et effet de chaque mesure sur l'issue.",
            "Modélise les abus possibles de ces informations par un initié, classe-les par préjudice attendu avec des hypothèses explicites et propose des contrôles en couches avec leur coût et le risque résiduel.",
        ],
    },
    "es": {
        "easy": [
            "Dame la idea principal en una frase.",
            "Traduce el texto anterior al inglés.",
            "Pasa lo anterior a una tabla de dos columnas: campo, valor.",
            "Corrige las erratas del texto de arriba sin cambiar nada más.",
        ],
        "medium": [
            "Escribe la respuesta que debería enviar nuestra recepción: amable, 120 palabras como mucho.",
            "Clasifica esto como facturación, acceso, RR. HH. u otro, y justifícalo en dos frases.",
            "Conviértelo en una tarea del gestor con título, prioridad y criterios de aceptación.",
        ],
        "hard": [
            "Plantea un diseño completo de gestión de registros para entradas como esta: base jurídica, minimización, cifrado en reposo y en tránsito, revisiones de accesos y un protocolo de respuesta a incidentes, y defiende cada decisión ante un auditor escéptico.",
            "Analiza a fondo la exposición jurídica si este mensaje se filtrara: normas aplicables, qué concluiría la AEPD, escenarios de multa y responsabilidad, y cómo cambiaría el resultado cada medida.",
            "Modela cómo un empleado interno podría abusar de esta información, ordena los casos por daño esperado con supuestos explícitos y propone controles por capas con su coste y riesgo residual.",
        ],
    },
}


def _nginx(r: random.Random, target: int, mid: str, head: str) -> str:
    return document(r, nginx_lines, target, mid, head)


def _bank(r: random.Random, lang: str, target: int, mid: str) -> str:
    return document(r, lambda rr, k: bank_rows(rr, lang, k), target, mid)


def _school(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: school_lines(rr, lang, k), target, mid, head)


def _med(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: med_lines(rr, lang, k), target, mid, head)


def en(r: random.Random) -> list[dict]:
    it = []
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"{uk_ni(r)} - that's my NI number, sorry, I forgot to put it on the timesheet again. Lorcan Maguire, van 3",
            "UK NI number first, label after it",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"Booking for two. Lead guest Ffion Llewellyn, British passport {passport(r, 'GB')}; second guest Saskia Harrow, who travels on a US passport: {passport(r, 'US')}.",
            "GB and US passport numbers with names",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"EventID 4624 - An account was successfully logged on.\n  Account Name: jsandhu\n  Account Domain: CORP\n  Logon Type: 10 (RemoteInteractive)\n  Source Network Address: {public_ip(r)}\n  Source Port: 50211",
            "Windows logon event: user and public source address",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Could you send the deposit back to Marcus Okonkwo's Dutch account? {iban_fmt(iban(r, 'NL'))}, ING, Amsterdam.",
            "Dutch IBAN",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Royalties for the translation go to my Berlin account, not the UK one: {iban_fmt(iban(r, 'DE'), 1)} (Verity Bainbridge).",
            "German IBAN unspaced in English text",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f'Voicemail, 09:14: "Hi, it\'s Euan Lockhart about the boiler service. Ring me back on {phone(r, "GB", 2)} or my mobile {phone(r, "GB", 1)}, or drop a line to euan.lockhart@protonmail.com. Cheers."',
            "voicemail transcript with two phones and email",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth"],
            "TRAVEL INSURANCE - SCHEDULE\nInsured person: Philippa Trask\nDate of birth: 3 November 1979\nCover: Europe, annual multi-trip\nPre-existing conditions declared: none",
            "policy schedule with DOB",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f'Ticket #55120 - customer Kwame Osei-Bonsu wrote: "please just charge me again on {card(r, "visa")}, expiry 12/27, I\'ll send the code separately"',
            "Visa (Luhn-valid) pasted in a ticket",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"DNI / NIF\n(the box was too small, so I'm writing it underneath)\n\n{dni(r)}\n\nRupert Aldridge-Serrano, Calpe branch",
            "Spanish DNI a few lines after its label",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"For the pension transfer from France I was told to quote my numéro de sécurité sociale: {nir(r, 0, sex=2)}. Thanks, Cerys Penhaligon",
            "French NIR unspaced in English text",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"2026/04/02 18:22:07 ...routers/web/repo/http.go:482:serviceRPC() [I] user tobias.wrenfield pushed to org/infra refs/heads/main from {public_ip(r)}",
            "git server audit line: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["address", "phone", "person_name"],
            f"Deliver to: Anjali Mistry, Flat 4, 19 Gladstone Terrace, Bristol BS6 5EZ. Tel. {phone(r, 'GB', 3)}. Leave with the neighbour at no. 21 if out.",
            "private delivery address with mobile",
        )
    )
    mid = f'{public_ip(r)} - fcalloway [14/Apr/2026:06:10:09 +0000] "GET /admin/users/export.csv HTTP/1.1" 200 918223 "-" "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Safari/605.1.15" rt=0.812 req_id={hexs(r, 16)}'
    it.append(
        item(
            S,
            ["ip_user"],
            _nginx(
                r,
                5600,
                mid,
                "# access.log excerpt, shop-frontend, 14 Apr 2026 (internal clients are load-balancer health checks)",
            )
            + "\n\nCount the responses by status code and summarise the traffic in three sentences.",
            "nginx access log; one line with public IP and basic-auth user in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Beatrix Holroyd's husband rang: she had a miscarriage on Sunday and won't be in this week. Please don't raise it at the stand-up.",
            "named person's miscarriage",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Desmond Achterberg asked me to keep it quiet, but his house is being repossessed and he's sleeping at his sister's until the bankruptcy hearing.",
            "named person's repossession",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Nell Ravenscroft starts IVF next month and will need a few mornings off for scans; she'd rather the team just hears 'appointments'.",
            "fertility treatment of a named person",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Evening everyone, Ollie Faversham is in residential rehab for cocaine addiction; his mum asked us to stop messaging him for now.",
            "greeting then named person's addiction",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Zainab Hussain-Lyle owes the credit union £6,400 and has missed the last four repayments; the committee meets on Thursday.",
            "named member's debt",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Mrs Pendlebury at number 12 has been diagnosed with early-onset dementia; her son holds lasting power of attorney now.",
            "honorific + surname with diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "The carer visits are for Mr Stanley Gooch, 4 Ferry Lane, Woodbridge IP12 1BX. He has been on home oxygen since his COPD got worse.",
            "private address and health",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Confidential: our apprentice Kai Brannigan told me he is transgender and starting hormone therapy; he'd like his new name used from Monday.",
            "gender identity and treatment of a named person",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Samira Okafor-Lindqvist, born 21 July 2001, won the staff bake-off with a cardamom bun; could you add her to the newsletter piece?",
            "private person's birth date in prose",
        )
    )
    mid = (
        "PASTORAL NOTE (Head of Year, not for circulation): Jasper Thornicroft in 8C was diagnosed with type 1 diabetes over half-term and "
        "carries an insulin pen; his parents are separating and the family is in temporary accommodation, so homework may be late."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _school(r, "en", 3000, mid, "Key Stage 3 class overview - spring term")
            + "\n\nSummarise this overview for the governors in five sentences.",
            "school class overview with a pastoral note on a named pupil in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "The Shard, 32 London Bridge Street, SE1 9SG: draft a one-page visitor tip sheet for a school group going up to the viewing gallery.",
            "landmark address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Fix the layout of this address block for a letter: Marks and Spencer Group plc Waterside House 35 North Wharf Road London W2 1NW",
            "company head-office address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "In plain words, what did Rachel Reeves change about capital gains tax in her first budget, and who does it affect?",
            "public politician",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Isambard Kingdom Brunel, born 9 April 1806 in Portsmouth: write a 100-word museum label for the SS Great Britain.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Who lives at 4 Privet Drive, and why does the address matter in the first book? Two sentences.",
            "fictional address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our staging seed script creates the user 'Jane Doe', jane.doe@example.com, date of birth 1990-01-01, phone 01632 960123 (Ofcom's range for drama). None of it is real. Write that seed as a YAML fixture.",
            "declared placeholder person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "QQ 12 34 56 C is HMRC's documented example National Insurance number; the QQ prefix is never issued. Should our payroll validator reject it in production and accept it in tests? Give a recommendation with two reasons.",
            "specimen NI number declared as example",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "request_id,received_at,bytes,status\n0447 221 0938,2026-04-02T08:00:03Z,5120,200\n0447 221 0939,2026-04-02T08:00:03Z,0,499\n0447 221 0940,2026-04-02T08:00:04Z,2048,200\n0447 221 0941,2026-04-02T08:00:05Z,0,499\n\nHow many requests were cancelled by the client?",
            "request ids spaced like phone numbers in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "In one short paragraph for a product manager: what is a 'Kubernetes Secret', and why is it not a password manager?",
            "Kubernetes Secret talk",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our Stripe API key was committed to a public repo last year and rotated within the hour. Write a blameless post-mortem template for that kind of incident: timeline, root cause, contributing factors, actions.",
            "API-key talk without a key",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Rewrite this opening so it sounds less American: 'Howdy folks, welcome to our spring market!'",
            "greeting with no name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "We run Python 3.10.14, 3.11.9, 3.12.4 and a 3.13.0rc2 canary across 40 services. Which of these still get security fixes through 2026, and what should the monorepo target? Build a staged migration plan with a risk analysis and a rollback strategy per stage.",
            "version numbers",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Analyse how the national press framed Marcus Rashford's free-school-meals campaign against the government's messaging, using agenda-setting theory, and argue whether the campaign changed the policy or only its timing.",
            "public figure in news",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "08:00:01.112 session=s-91ab2 trace=00ab44f1c9 span=root dur=1204ms\n08:00:01.118 session=s-91ab2 trace=00ab44f1c9 span=db.query dur=1150ms\n08:00:02.440 session=s-77cd0 trace=01bc55e2da span=root dur=96ms\n\nDesign a tail-based sampling policy for traces like these that keeps every slow or failed trace while staying under 5% of volume; justify the thresholds and analyse what you would miss.",
            "session and trace ids with timestamps",
            cx="hard",
        )
    )
    mid = (
        "SPECIMEN - TRAINING EXAMPLE ONLY, NOT A REAL PATIENT: Patient: John Smith-Example, DOB 01/01/1970, NHS No. 999 999 9999 (test range), "
        "address 1 Example Road, Testtown. Use this block only to show where the discharge summary fields go."
    )
    it.append(
        item(
            N,
            [],
            _med(
                r,
                "en",
                4700,
                mid,
                "Discharge medication reference sheet - cardiology ward - template v3",
            )
            + "\n\nReformat the reference entries as a table with columns drug, strength, timing, food, note.",
            "medication reference with a declared specimen patient in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(item(C, [], "Spell out in words: 17, 40, 1,206.", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Put these in order from the Sun: Mars, Venus, Neptune, Earth, Saturn.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Change to British spelling: color, aluminum, traveler, defense, catalog.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Shorten to under ten words: 'We would like to take this opportunity to remind all members that the pool closes early on Sundays.'",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Which weighs more, a litre of olive oil or a litre of water? One line.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Write a cheerful reminder to the choir about Thursday's extra rehearsal and the new seating plan.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explain what a mortise-and-tenon joint is to someone who has just started woodworking.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Suggest five names for a mobile bike-repair van and say in a line why each works.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Compare the offside rules of field hockey and football in a short paragraph.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Prove that the halting problem is undecidable, then show how Rice's theorem follows from it.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Build a pricing model for a veg-box scheme with 120 members, seasonal yields and a 15% chance of a failed crop each quarter; stress-test it and recommend a reserve policy.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Design an ordering policy for a regional blood bank's platelet stock (five-day shelf life) under variable demand; model wastage against shortage and justify the trade-off you choose.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Critique the methodology of a study claiming standing desks raise productivity by 40%, then design a randomised trial that would settle the question, including power calculation.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Argue rigorously for or against a carbon levy on aviation fuel, modelling its incidence across income deciles and its effect on regional airports.",
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
            f"Reisepass-Nr. – das Feld im Hotelformular war zu kurz, deshalb hier noch einmal vollständig:\n{passport(r, 'DE')}\nWolfram Heidkamp, Zimmer 214",
            "DE passport number on the line after its label",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Meine Steuer-ID? Moment, die steht auf dem Brief vom Bundeszentralamt ganz oben rechts. Hab sie gefunden.\n\n{steuer(r, 0)}\n\nLioba Sennewald",
            "Steuer-ID unspaced, two sentences after the label",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"IdNr.: {steuer(r, 1)}\nName: Jule Brinkhaus\nBeschäftigungsbeginn: 01.05.2026\nSteuerklasse: I",
            "Steuer-ID in 2-3-3-3 groups after the abbreviation IdNr.",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Bitte den Betrag auf das Konto meiner Schwester in Utrecht überweisen: Anouk van Steen, {iban_fmt(iban(r, 'NL'))}.",
            "Dutch IBAN in German text",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Die Rückzahlung geht an Timo Achenbach, der inzwischen in Gent wohnt – belgisches Konto {iban_fmt(iban(r, 'BE'), 2)}.",
            "Belgian IBAN with dashes",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            '{"reqId":"'
            + hexs(r, 20)
            + '","level":1,"time":"2026-04-12T06:55:41+00:00","remoteAddr":"'
            + public_ip(r)
            + '","user":"lszymanski","app":"core","message":"Login successful"}',
            "Nextcloud JSON log: public IP and user",
        )
    )
    it.append(
        item(
            S,
            ["phone", "person_name"],
            f"Frau Hedwig Lauterbach bittet um Rückruf wegen der Zählerablesung: {phone(r, 'DE', 1)} (vormittags) oder {phone(r, 'DE', 3)}.",
            "German landline with (0) and mobile",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Für die Rente aus Schottland will die Kasse die National-Insurance-Nummer wissen: {uk_ni(r, True)}. Gregor Kielhorn, Versicherungsnummer liegt bei.",
            "UK NI number spaced in German text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Meine spanische NIE (Número de Identidad de Extranjero) lautet {nie(r, 1)} – brauche ich die für die Grundsteuer auf Mallorca? Ricarda Voß",
            "Spanish NIE with dashes in German text",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address"],
            "Entwurf Meldebescheinigung\nFamilienname: Grünwald\nVorname: Benedikt\nGeburtsdatum: 14.02.1985, Geburtsort: Passau\nAnschrift: Innstraße 41, 94032 Passau",
            "registration draft with DOB and address",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Bitte belasten Sie meine Mastercard {card(r, 'mc')} (Inhaberin Theda Ahlers, Ablauf 06/29) mit der Restzahlung.",
            "Mastercard (Luhn-valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["email", "phone", "person_name"],
            f"Kontakt für die Schlüsselübergabe: Mirko Vukić, mirko.vukic@t-online.de, {phone(r, 'DE', 0)}.",
            "private email and mobile with slash",
        )
    )
    mid = f"15.03.2026;15.03.2026;Überweisung;Uta Schimmelpfennig;Miete April Whg. 3 OG li / IBAN {iban_fmt(iban(r, 'DE'))};-780,00;"
    it.append(
        item(
            S,
            ["iban", "person_name"],
            _bank(r, "de", 5400, mid)
            + "\n\nFasse zusammen, wofür im März am meisten ausgegeben wurde, in drei Sätzen.",
            "bank-statement export; one transfer to a named private person with IBAN in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Volker Dreesen hat mir anvertraut, dass er an Parkinson erkrankt ist. Er will es dem Chor erst nach dem Konzert sagen.",
            "named person's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Pia Kesselring ist mit drei Monatsmieten im Rückstand; der Vermieter hat die Räumungsklage schon angekündigt.",
            "rent arrears of a named person",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Arvid Lohmeyer kommt nach seinem Burn-out über eine stufenweise Wiedereingliederung zurück, zunächst vier Stunden am Tag.",
            "named employee's burnout",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Servus miteinand, die Sünje Carstens ist wegen einer Essstörung in der Klinik. Bitte schickt ihr keine Süßigkeiten, eher Bücher.",
            "greeting then named person's condition",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Herr Kaplan aus dem Vertrieb hat Privatinsolvenz angemeldet; die Personalabteilung hat deshalb seinen Firmenkredit ausgesetzt.",
            "honorific + surname, insolvency",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "Bitte den Rollator an Frau Elfriede Moosbrugger liefern, Kirchgasse 3, 88131 Lindau. Sie ist nach dem Oberschenkelhalsbruch noch unsicher auf den Beinen.",
            "private address and injury",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Lea-Marie Dörflinger aus der 4a hat Epilepsie. Bei einem Anfall bitte nicht festhalten, Zeit stoppen und die Mutter anrufen.",
            "named pupil's condition",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Unser Hausmeister Heinz-Jürgen Plöger, geboren am 2. Februar 1961, geht Ende Juni in Rente. Wer sammelt fürs Geschenk?",
            "private person's birth date",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Der Ratenkredit von Kai-Uwe Stellmacher ist gekündigt worden, inzwischen steht auch ein negativer Schufa-Eintrag.",
            "named person's credit default",
        )
    )
    mid = (
        "VERTRAULICHER VERMERK (Klassenleitung): Malte Ostrowski aus der 8c hat seit den Herbstferien die Diagnose Typ-1-Diabetes und trägt eine "
        "Insulinpumpe; die Eltern sind arbeitslos und beziehen Bürgergeld, Klassenfahrtkosten bitte über den Förderverein regeln."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _school(r, "de", 5200, mid, "Klassenübersicht Sekundarstufe I – zweites Halbjahr")
            + "\n\nEntwickle aus dieser Übersicht einen Förderplan für die Jahrgangsstufe: Prioritäten begründen, Ressourcen abwägen, Wirkung messbar machen und Risiken für einzelne Lerngruppen analysieren.",
            "school class overview with a confidential note on a named pupil in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Plane einen Nachmittag rund um die Elbphilharmonie, Platz der Deutschen Einheit 4, 20457 Hamburg, mit zwei weiteren Stationen zu Fuß.",
            "landmark address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Wie steht die Anschrift der Siemens AG, Werner-von-Siemens-Straße 1, 80333 München, korrekt im Anschriftfeld eines Briefs nach DIN 5008?",
            "company address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Erkläre in drei Sätzen, was Annalena Baerbock als Außenministerin unter feministischer Außenpolitik verstanden hat.",
            "public politician",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Hildegard von Bingen, geboren 1098 in Bermersheim: schreib einen Lexikonartikel von 150 Wörtern über ihre Musik.",
            "historical figure with birth year and place",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Pippi Langstrumpf wohnt in der Villa Kunterbunt. Erfinde eine neue Episode für ein Kinderhörspiel mit Herrn Nilsson.",
            "fictional characters",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Übersetze ins Englische: „Grüß Gott beieinander, schön, dass ihr alle da seid!“",
            "greeting words with no name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Dummy-Daten für die API-Doku: Max Mustermann, Musterweg 5, 99999 Musterhausen, IBAN DE00 1234 5678 9012 3456 78 (Platzhalter, ungültig). Schreib daraus ein JSON-Beispiel.",
            "declared placeholder with a declared invalid IBAN",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "DE89 3704 0044 0532 0130 00 ist die bekannte Beispiel-IBAN aus Lehrbüchern und Bankdokumentationen, kein echtes Konto. Erkläre, wie man die Prüfziffer 89 ausrechnet.",
            "textbook example IBAN, checksum-valid, declared as example",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Vorgang;Eingang;Status\n0221 4470 1182;02.04.2026;offen\n0221 4470 1183;02.04.2026;erledigt\n0221 4470 1190;03.04.2026;offen\n0221 4470 1201;03.04.2026;in Prüfung\n\nZähle die Vorgänge je Status.",
            "case numbers shaped like Cologne landline numbers in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Was passiert, wenn man ein Kubernetes Secret per kubectl apply aus einer YAML-Datei im Git-Repository anlegt? Nenne kurz die Risiken und eine bessere Praxis.",
            "Kubernetes Secret talk",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Unser API-Schlüssel für den Wetterdienst wurde rotiert. Entwirf eine Rundmail an alle Entwickler, dass sie den neuen Schlüssel aus dem Vault holen sollen – den Schlüssel selbst bitte nicht einfügen.",
            "API-key talk without a key",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Wir betreiben PostgreSQL 12.18, 14.11 und 16.2 parallel. Entwickle eine Upgrade-Strategie auf Version 17 mit Risikoanalyse, Rückfallplan je Cluster und Zeitplan, und begründe die Reihenfolge.",
            "version numbers",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Bewerte Angela Merkels Entscheidung vom September 2015 zur Grenzöffnung anhand von drei Theorien der politischen Entscheidungsforschung und wäge die Befunde gegeneinander ab.",
            "public politician, historical decision",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "06:12:01 trace=a41f09c2 auftrag=A-2026-11873 schritt=kommissionierung dauer=1,9s\n06:12:04 trace=b52e10d3 auftrag=A-2026-11874 schritt=kommissionierung dauer=14,2s\n06:12:09 trace=c63f21e4 auftrag=A-2026-11875 schritt=verpackung dauer=0,8s\n\nEntwirf ein Alarmierungskonzept für diese Lagerprozesse: Schwellen, Mehrfenster-Burn-Rate, Eskalation, und analysiere, welche Ausfälle es übersehen würde.",
            "trace ids, order ids and timestamps in logs",
            cx="hard",
        )
    )
    mid = (
        "MUSTER – SCHULUNGSBEISPIEL, KEINE REALE PERSON: Patient Max Mustermann, geb. 01.01.1970, Versichertennummer A123456780 (fiktiv), "
        "Musterstraße 1, 12345 Musterstadt. Dieser Block zeigt nur, wo die Felder im Entlassbrief stehen."
    )
    it.append(
        item(
            N,
            [],
            _med(
                r,
                "de",
                3900,
                mid,
                "Entlassmedikation – Referenzliste Kardiologie – Vorlage Version 3",
            )
            + "\n\nFormatiere die Referenzeinträge als Tabelle mit den Spalten Wirkstoff, Stärke, Einnahme, Hinweis.",
            "medication reference with a declared specimen patient in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(item(C, [], "Wandle 250 Gramm in Unzen um.", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Sortiere nach Körpergröße: Dachs, Elefant, Spitzmaus, Reh, Wisent.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Setz ins Präteritum: Ich gehe, du liest, wir schwimmen, ihr backt.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Kürze auf einen Satz: „Aufgrund der Tatsache, dass die Turnhalle renoviert wird, findet das Training bis auf Weiteres im Freien statt.“",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Wie schreibt man „Portemonnaie“, und ist „Portmonee“ auch erlaubt?",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Schreib eine Einladung zum Nachbarschaftsflohmarkt im Innenhof am Samstag.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Erkläre einem Kind im Grundschulalter, warum der Himmel blau ist.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Formuliere eine Stellenanzeige für eine Aushilfe im Hofladen, 10 Stunden pro Woche.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Was spricht für und gegen ein Balkonkraftwerk in einer Mietwohnung?",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Leite die Biegelinie eines Kragträgers unter Streckenlast her und diskutiere, wann die Annahmen der Euler-Bernoulli-Theorie versagen.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Entwickle ein Preismodell für Carsharing in einem Landkreis mit 30 Dörfern: Nachfragesimulation, Auslastung, Kostendeckung und eine Sensitivitätsanalyse.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Analysiere die Auswirkungen der Grundsteuerreform auf Eigentümer und Mieter in drei Modellgemeinden mit unterschiedlichen Hebesätzen, mit Rechenbeispielen.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Konzipiere den Hochwasserschutz für eine Kleinstadt an einem Mittelgebirgsfluss: Rückhalteräume, Deiche, Frühwarnung, Kosten-Nutzen-Abwägung und Begründung jeder Maßnahme.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Beweise den Satz von Pick für einfache Gitterpolygone und zeige an einem Gegenbeispiel, warum er für Polygone mit Löchern nicht gilt.",
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
            f"{nir(r, 2, sex=2)} : c'est mon numéro INSEE, je l'avais oublié sur le formulaire de la crèche. Perrine Loiseau",
            "NIR with key apart, label after the number",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"Mon passeport a été renouvelé. Le nouveau numéro, à reporter sur la réservation du ferry, est {passport(r, 'FR')}. Aurélien Castagnet",
            "FR passport number a clause after the label",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Remboursez-moi plutôt sur mon compte belge : {iban_fmt(iban(r, 'BE'))}, titulaire Baptiste Rivollier.",
            "Belgian IBAN in French",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Le loyer de mai est à virer sur {iban_fmt(iban(r, 'CH'), 1)}, au nom de Clémence Haddad (Genève).",
            "Swiss IBAN unspaced",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            '{"horodatage":"2026-04-12T07:31:55+02:00","utilisateur":"mdubreuil","ip":"'
            + public_ip(r)
            + '","action":"connexion","resultat":"succes","client":"webmail"}',
            "French JSON log: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["phone", "person_name"],
            f"Contact sur place : Armelle Kerjean, {phone(r, 'FR', 3)}, ou sa ligne fixe {phone(r, 'FR', 2)} après 18 h.",
            "French mobile in +33 form and landline",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Pour ma déclaration en Allemagne, mon numéro d'identification fiscale (Steuer-ID) est le {steuer(r, 3)}. Joachim Ferrandi",
            "Steuer-ID with dots, French text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Mon NIE espagnol, attribué quand j'habitais Séville : {nie(r)}. Lison Marchal",
            "Spanish NIE in French",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Pour la coordination des retraites, voici mon numéro NI britannique (National Insurance) : {uk_ni(r)}. Tristan Bellamy-Koné",
            "UK NI number in French",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Débitez ma Mastercard {card(r, 'mc')}, expiration 08/27, au nom de Ghislaine Roussel, pour le solde du séjour.",
            "Mastercard (Luhn-valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address", "email"],
            "Formulaire d'adhésion – club de voile\nNolwenn Tanguy, née le 9 mars 1994 à Quimper\n7 rue de Siam, 29200 Brest\nnolwenn.tanguy@orange.fr",
            "membership form with DOB, address, email",
        )
    )
    it.append(
        item(
            S,
            ["ip_user", "email"],
            f"Alerte sécurité : connexion au compte hippolyte.garnier@free.fr depuis l'adresse {public_ip(r)} (Lyon, Chrome sous Android) le 11/04/2026 à 23:48.",
            "alert: email login with public IP",
        )
    )
    mid = f'{public_ip(r)} - sbrunet [14/Apr/2026:06:07:51 +0000] "POST /admin/factures/export HTTP/1.1" 200 412009 "-" "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/131.0" rt=1.204 req_id={hexs(r, 16)}'
    it.append(
        item(
            S,
            ["ip_user"],
            _nginx(
                r,
                3600,
                mid,
                "# extrait access.log, boutique-front, 14 avril 2026 (les clients internes 10.x sont les sondes du répartiteur de charge)",
            )
            + "\n\nCompte les réponses par code HTTP et résume le trafic en trois phrases.",
            "nginx access log; one line with public IP and basic-auth user in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Salomé Brunet-Vidal vient d'apprendre qu'elle a la maladie de Crohn ; elle aura besoin d'un poste près des sanitaires.",
            "named person's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Raphaël Abitbol est interdit bancaire depuis mars ; il ne peut plus payer la cotisation par chèque.",
            "named person's banking ban",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Margaux Lecœur est sous antidépresseurs depuis son burn-out et reprend à temps partiel lundi.",
            "named employee's treatment",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Coucou tout le monde, Évariste Pons vient d'apprendre qu'il a un diabète de type 2 ; pour le pot de départ, prévoyons aussi des boissons sans sucre.",
            "greeting then named person's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "M. Delaunay, locataire du lot 12, a quatre mois de loyer impayés et une procédure d'expulsion est engagée.",
            "honorific + surname, arrears",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "Livrez le fauteuil roulant chez Mme Odette Lagarde, 3 chemin des Vignes, 84000 Avignon ; elle sort d'une opération de la hanche.",
            "private address and surgery",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "L'élève Noam Kaddouri (CM2) est autiste ; l'AESH l'accompagnera pendant la sortie au musée.",
            "named pupil's condition",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Notre bénévole Jean-Baptiste Fayolle, né le 1er août 1950 à Saint-Étienne, fête ses cinquante ans d'engagement à l'association.",
            "private person's birth date",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Corentin Abgrall a demandé une avance sur salaire : ses mensualités de crédit dépassent désormais la moitié de ses revenus.",
            "named person's debt ratio",
        )
    )
    mid = (
        "NOTE CONFIDENTIELLE (professeur principal) : Capucine Desforges, 4e C, est suivie pour une anorexie mentale depuis janvier ; "
        "la famille traverse une séparation et la mère a perdu son emploi, merci de signaler toute absence à l'infirmière."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _school(r, "fr", 2400, mid, "Bilan de classes – collège – deuxième trimestre")
            + "\n\nRésume ce bilan en cinq phrases pour le conseil d'administration.",
            "school overview with a confidential note on a named pupil in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Rédige une fiche de visite pour les Journées du patrimoine au palais de l'Élysée, 55 rue du Faubourg-Saint-Honoré : parcours, durée, consignes.",
            "landmark address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Mets au format postal correct : manufacture française des pneumatiques michelin 23 place des carmes-déchaux 63000 clermont-ferrand",
            "company address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Aya Nakamura a chanté à la cérémonie d'ouverture des JO de Paris ; résume en deux phrases le débat que cela a suscité.",
            "public singer in news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Jean Moulin, né le 20 juin 1899 à Béziers : propose une frise chronologique de sa vie en dix dates commentées.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Imagine la lettre qu'Emma Bovary écrit à Rodolphe la veille de leur fuite manquée, dans le style de Flaubert.",
            "fictional characters",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Données fictives pour la démo : Jean Dupont, 12 rue des Exemples, 00000 Ville-Fictive, né le 01/01/1980. Fais-en un fichier CSV avec l'en-tête adapté.",
            "declared placeholder person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            f"Le numéro {nir(r, 1, sex=1, yy=80, mm=1)} est un exemple fictif tiré de notre documentation de test : il a une clé correcte mais n'appartient à personne. Explique comment la clé de contrôle est calculée.",
            "checksum-valid NIR declared as fictitious test example",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "ticket=0145226780 statut=ouvert file=facturation\nticket=0145226781 statut=clos file=livraison\nticket=0145226795 statut=ouvert file=livraison\nticket=0145226802 statut=ouvert file=facturation\n\nCombien de tickets sont ouverts par file ?",
            "ticket numbers shaped like Paris landline numbers in a log",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Conçois une politique de gestion des Kubernetes Secrets pour un hébergeur de données de santé certifié HDS : chiffrement d'etcd, rotation, séparation des rôles, audit, et justifie chaque choix face aux exigences du référentiel.",
            "Kubernetes Secret talk, no value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Que veut dire « Salut les copains » et d'où vient l'expression ?",
            "greeting with no name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Classe par code moteur : Clio V TCe 90 (H4D 450), Captur E-Tech (H4M 632), Mégane dCi 115 (K9K 872), boîte JT4, calculateur logiciel 2.3.7.",
            "product codes and version numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Compare les positions de Jacques Chirac et de Tony Blair sur la guerre d'Irak en 2003 : motivations, arguments publics, conséquences, et évalue laquelle a mieux résisté à l'épreuve des faits.",
            "public/historical politicians",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "07:10:02 trace=f1e2d3c4 requete=rq-208811 etape=authentification duree=2210ms\n07:10:02 trace=f1e2d3c4 requete=rq-208811 etape=annuaire duree=2150ms\n07:10:05 trace=a9b8c7d6 requete=rq-208812 etape=authentification duree=64ms\n\nPropose une méthode pour déterminer si la lenteur vient de l'annuaire ou du réseau, avec des hypothèses concurrentes, des mesures discriminantes et un plan d'expérimentation justifié.",
            "trace and request ids in logs",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Notre clé d'API cartographique a été exposée dans l'application mobile (déjà révoquée). Explique les risques et comment restreindre une clé par domaine et par application, sans en citer aucune.",
            "API-key talk without a key",
            cx="medium",
        )
    )
    mid = (
        "SPÉCIMEN – EXEMPLE DE FORMATION, PATIENT FICTIF : M. Jean Exemple, né le 01/01/1970, 1 rue Modèle, 00000 Ville-Test. "
        "Ce bloc montre seulement l'emplacement des champs de la lettre de sortie."
    )
    it.append(
        item(
            N,
            [],
            _med(
                r,
                "fr",
                5000,
                mid,
                "Traitement de sortie – fiche de référence cardiologie – modèle version 3",
            )
            + "\n\nMets les entrées de référence sous forme de tableau : molécule, dosage, prise, remarque.",
            "medication reference with a declared specimen patient in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(item(C, [], "Conjugue « résoudre » au passé simple.", "clean", cx="easy"))
    it.append(item(C, [], "Quelle est la racine carrée de 196 ?", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Transforme au discours indirect : Il dit : « Je viendrai demain avec ma sœur. »",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Abrège : « Nous vous informons que la piscine municipale sera fermée pour travaux durant toute la semaine prochaine. »",
            "clean",
            cx="easy",
        )
    )
    it.append(item(C, [], "Écris en chiffres romains : 1789 et 2026.", "clean", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Rédige une petite annonce pour vendre un vélo cargo d'occasion en bon état.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explique à un propriétaire comment fonctionne une pompe à chaleur air-eau et ce qui influe sur sa consommation.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propose un programme de trois séances pour initier des adolescents au tricot.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Compare le compost en tas et le lombricompostage pour quelqu'un qui vit en appartement.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Démontre le théorème des restes chinois puis applique-le pour trouver le prochain jour où trois cycles de marché (7, 9 et 11 jours) coïncident.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Modélise la viabilité d'une coopérative de boulangerie bio avec douze associés : investissements, prix de la farine, saisonnalité, et scénarios de crise.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Conçois un système de réservation réparti pour des refuges de montagne reliés par une connexion intermittente, et prouve qu'il ne peut pas vendre deux fois la même couchette.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Analyse l'effet d'un changement du calendrier des vacances d'hiver par zones sur la fréquentation des stations de ski, à l'aide d'un modèle économique argumenté.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Élabore un plan de prévention des crues pour une vallée cévenole : épisodes méditerranéens, urbanisme, alerte, coûts, et justifie chaque mesure.",
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
            f"{dni(r)}: así consta en mi DNI, por si lo necesitáis para la factura de la reforma. Araceli Montenegro",
            "DNI first, label after it",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Me piden el número de identidad de extranjero. Es este, copiado de la tarjeta verde:\n{nie(r, 1)}\nGheorghe Dumitrescu",
            "NIE with dashes a sentence after the label",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"Pasaporte número {passport(r, 'ES')} a nombre de Begoña Etxeberria, válido hasta 2030; lo necesitamos para la reserva del crucero.",
            "ES passport",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"NAF (número de afiliación): {nss(r)} – Álvaro Quintanilla, alta en el régimen de autónomos desde marzo.",
            "Spanish social-security number after the abbreviation NAF",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Cuenta para la devolución: {iban_fmt(iban(r, 'ES'), 1)} (titular Nuria Sabaté).",
            "Spanish IBAN unspaced",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Óscar Pellicer cobra ahora en su cuenta alemana, la de Hamburgo: {iban_fmt(iban(r, 'DE'))}.",
            "German IBAN in Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"Registro de acceso | 2026-04-12 07:55:03 | usuario: ycifuentes | IP origen: {public_ip(r)} | resultado: OK | método: VPN",
            "access log: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["phone", "person_name"],
            f"Mateo Garrido-Salas: móvil personal {phone(r, 'ES', 1)}; el del trabajo, marcado desde fuera de España, {phone(r, 'ES', 3)}.",
            "Spanish mobile in two international forms",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Trabajé en Edimburgo; mi número del National Insurance es {uk_ni(r, True)}. Lo pide la Seguridad Social para el cómputo. Inmaculada Rey",
            "UK NI number in Spanish",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Joaquín Bernabéu, número de la seguridad social francesa {nir(r, 1, sex=1)}, para el certificado de periodos cotizados.",
            "French NIR in Spanish",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Cárguelo en mi American Express {card(r, 'amex')}, caduca 10/28, a nombre de Carmela Hurtado.",
            "Amex (Luhn-valid) with holder",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address", "email"],
            "Solicitud de carné de biblioteca\nRubén Alcántara Gil; fecha de nacimiento 23/09/1999\nDomicilio: Av. de la Constitución 8, 41001 Sevilla\nCorreo: ruben.alcantara@gmail.com",
            "library form with DOB, address, email",
        )
    )
    mid = f"14/03/2026;14/03/2026;Transferencia emitida;Sonsoles Bermejo;Alquiler abril piso Lavapiés – IBAN {iban_fmt(iban(r, 'ES'))};-850,00;"
    it.append(
        item(
            S,
            ["iban", "person_name"],
            _bank(r, "es", 2900, mid)
            + "\n\nResume en tres frases en qué se fue la mayor parte del gasto de marzo.",
            "bank-statement export; one transfer to a named private person with IBAN in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Elías Cordero tiene ELA; ya usa silla de ruedas y necesitará un puesto en la planta baja.",
            "named person's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Fátima Benjelloun ha entrado en concurso de acreedores como autónoma y no podrá pagar la cuota del gimnasio este trimestre.",
            "named person's insolvency",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            "Ramiro Tejedor está en tratamiento por ludopatía y tiene las cuentas intervenidas por su familia.",
            "named person's addiction and finances",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "¡Buenas, equipo! Leire Agirre ha dado a luz antes de tiempo y el bebé sigue en la UCI neonatal; de momento, nada de visitas.",
            "greeting then named person's childbirth",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "La señora Robles, la del cuarto, cobra una pensión no contributiva y no puede pagar la derrama del ascensor.",
            "honorific + surname, income",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "address", "health"],
            "Llevad las bombonas de oxígeno a casa de don Anselmo Pizarro, Calle Mayor 12, 1.º, 10003 Cáceres; tiene EPOC grave.",
            "private address and health",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "El alumno Iker Sagasta tiene un trastorno de ansiedad diagnosticado; en los exámenes orales podrá salir un momento si lo necesita.",
            "named pupil's condition",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "date_of_birth"],
            "Nuestro portero, Eusebio Marín, nacido el 5 de enero de 1958 en Linares, se jubila en junio; vamos a hacerle una comida.",
            "private person's birth date",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "A Gervasio Llorente le han embargado la cuenta por las multas de tráfico impagadas; no podrá adelantar el dinero del viaje.",
            "named person's seizure",
        )
    )
    mid = (
        "NOTA RESERVADA (tutoría): Candela Robles Sáez, de 3.º D, está en tratamiento oncológico por una leucemia desde enero; la familia "
        "tiene dificultades económicas desde el cierre del negocio del padre y ha pedido beca de comedor."
    )
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _school(r, "es", 4300, mid, "Resumen de grupos – ESO – segunda evaluación")
            + "\n\nA partir de este resumen, diseña un plan de atención a la diversidad para el curso que viene: prioridades razonadas, reparto de recursos limitados, indicadores medibles y análisis de riesgos para cada grupo.",
            "school overview with a confidential note on a named pupil in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Organiza una visita de dos horas al Museo del Prado, Paseo del Prado s/n, Madrid, para un grupo de jubilados con movilidad reducida.",
            "landmark address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Está bien escrita esta dirección en un sobre? Mercadona, S.A. – C/ Valencia 5 – 46016 Tavernes Blanques (Valencia)",
            "company address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Resume en dos frases qué aportó el disco Motomami de Rosalía.",
            "public singer",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Federico García Lorca nació el 5 de junio de 1898 en Fuente Vaqueros. Escribe una reseña breve de «Bodas de sangre» para un programa de mano.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Inventa una misión breve de Mortadelo y Filemón en las Casas Colgadas de Cuenca.",
            "fictional characters at a landmark",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Datos de prueba: Mengano Pérez Ejemplo, DNI 00000000T (ficticio, solo para pruebas), Calle Inventada 1, 00000 Pueblo Ficticio. Conviértelos en un objeto JSON.",
            "declared placeholder incl. checksum-valid fictitious DNI",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "La tarjeta 4000 0000 0000 0002 es de las que da la pasarela de pagos para pruebas y siempre se rechaza. Explica qué casos de prueba cubrirías con ella y con una tarjeta de prueba que se acepta.",
            "gateway test card declared as test data",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "10:02:11 solicitud=912 344 871 estado=atendida\n10:02:40 solicitud=912 344 872 estado=pendiente\n10:03:05 solicitud=912 344 880 estado=pendiente\n10:03:31 solicitud=912 344 893 estado=atendida\n\n¿Cuántas solicitudes quedan pendientes?",
            "request numbers shaped like Madrid landline numbers in a log",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Tenemos las claves de API de tres proveedores guardadas como Kubernetes Secret en texto plano dentro del repositorio de Helm. Diseña la migración a un gestor externo sin cortes de servicio: fases, rotación, permisos, auditoría y riesgos de cada fase.",
            "Kubernetes Secret / API-key talk without values",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Se dice «Hola a todos y todas» o basta con «Hola a todos»? Explícalo en dos líneas.",
            "greeting with no name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ordena por fecha de lanzamiento: Seat Ibiza 6J, Seat León 5F, Cupra Born, software de infoentretenimiento 3.4.1 y 3.10.0.",
            "product codes and version numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Evalúa el papel del rey Juan Carlos I durante el 23-F frente a las interpretaciones revisionistas recientes: fuentes, tesis enfrentadas y tu conclusión argumentada.",
            "public/historical figure",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "09:00:01 traza=7a8b9c0d pedido=PD-55012 paso=stock duracion=3,1s\n09:00:01 traza=7a8b9c0d pedido=PD-55012 paso=reserva duracion=2,9s\n09:00:04 traza=1e2f3a4b pedido=PD-55013 paso=stock duracion=0,2s\n\nDiseña un plan para encontrar la causa de la lentitud intermitente en el paso de stock: hipótesis rivales, métricas que las distingan y orden de los experimentos, con su justificación.",
            "trace and order ids in logs",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe un anuncio navideño breve al estilo del «Calvo de la Lotería», sin nombrar a ningún actor.",
            "advertising character",
            cx="medium",
        )
    )
    mid = (
        "ESPÉCIMEN – EJEMPLO DE FORMACIÓN, PACIENTE FICTICIO: Paciente: Juan Español Ejemplo, fecha de nacimiento 01/01/1970, "
        "CIP ficticio PRUEBA-000000, Calle Modelo 1, 00000 Ciudad-Prueba. Este bloque solo indica dónde van los campos del informe de alta."
    )
    it.append(
        item(
            N,
            [],
            _med(
                r,
                "es",
                2500,
                mid,
                "Medicación al alta – hoja de referencia de cardiología – plantilla versión 3",
            )
            + "\n\nPasa las entradas de referencia a una tabla con las columnas principio activo, dosis, toma y observación.",
            "medication reference with a declared specimen patient in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(item(C, [], "Pasa a números romanos: 1994.", "clean", cx="easy"))
    it.append(item(C, [], "¿Cuántos segundos tiene una hora y cuarto?", "clean", cx="easy"))
    it.append(
        item(C, [], "Separa en sílabas: murciélago, ferrocarril, paraguas.", "clean", cx="easy")
    )
    it.append(
        item(
            C,
            [],
            "Cambia al pasado: «Mañana vamos al mercado y compramos fruta.»",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Escribe en cifras: mil doscientos cuatro y tres millones cincuenta.",
            "clean",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Redacta un anuncio para vender una máquina de coser antigua que todavía funciona.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explica a un principiante cómo hacer un buen sofrito y qué errores evitar.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propón cinco actividades para un campamento urbano en un día de lluvia.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Compara el AVE y el avión entre Madrid y Barcelona para alguien que viaja por trabajo.",
            "clean",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Demuestra que la raíz cuadrada de 2 es irracional y generaliza la prueba a la raíz de cualquier primo.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Diseña un plan de evacuación para un festival de 40.000 personas en un recinto con dos salidas: modela los flujos, localiza los cuellos de botella y justifica las medidas.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Evalúa la sostenibilidad del sistema público de pensiones ante el envejecimiento con tres escenarios demográficos y propone reformas con sus efectos distributivos.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Construye un modelo de previsión de demanda para una panadería con estacionalidad y festivos locales, compara dos métodos y justifica cuál elegirías.",
            "clean",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Prepara un repertorio de aperturas con negras contra 1.e4 basado en la Defensa Siciliana para un jugador de 1800 Elo, argumentando cada elección frente a las alternativas.",
            "clean",
            cx="hard",
        )
    )
    return it


def items(r: random.Random, lang: str) -> list[dict]:
    return {"en": en, "de": de, "fr": fr, "es": es}[lang](r)
