# ruff: noqa: RUF001, RUF002  (typographic quotes and dashes are part of the prompts; prompts are long lines)
"""Set E: contexts, names, addresses and appended tasks (independent of sets A–D and of F).

Long documents in E: Postfix mail logs (en, es) with one SASL login from a public address in
the middle; hotel night-audit reports (de, fr) with a guest registration card in the middle;
food-bank volunteer handbooks with a confidential note on a named client in the middle; city
walking guides whose middle block is a historical figure and a museum address (negatives).
"""

import random

from filler_ef import document, foodbank_lines, guide_lines, hotel_lines, postfix_lines
from kit import dni, iban_fmt, nie, nir, nss, passport, phone, steuer, uk_ni
from kit_ef import (
    bsn,
    card,
    codice_fiscale,
    doc_ip,
    iban,
    ids,
    item,
    nhs,
    public_ip,
    rvnr,
    upper_alnum,
)

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"

TASKS = {
    "en": {
        "easy": [
            "Give this a subject line of eight words or fewer.",
            "Convert the above into a JSON object with sensible keys, nothing else.",
            "Render this in German, keeping the layout.",
            "Make the wording more formal but keep it the same length.",
        ],
        "medium": [
            "Draft a short note to the person concerned confirming what we hold and what happens next.",
            "Which internal queue should this go to, and what is missing before anyone can act on it?",
            "List three follow-up questions we should ask before doing anything with this, with one line on why each matters.",
        ],
        "hard": [
            "Work out whether we are even allowed to keep this, then, depending on the answer, plan the retention, deletion and audit steps, including what happens when a backup still holds a copy.",
            "Compare three ways of storing records like this (a tokenisation vault, field-level encryption, a separate restricted database), recommend one, and show how the recommendation changes if breach likelihood doubles or the budget halves.",
            "Critique this argument and rebuild it properly: “the sender shared it voluntarily, so we can forward it to any team that asks”. Cover consent, purpose limitation and proportionality, and end with a decision procedure a new starter could follow.",
        ],
    },
    "de": {
        "easy": [
            "Gib dem Ganzen eine Betreffzeile mit höchstens acht Wörtern.",
            "Wandle das Obige in ein JSON-Objekt mit sinnvollen Schlüsseln um, sonst nichts.",
            "Übertrag das ins Französische, Layout beibehalten.",
            "Formuliere es förmlicher, aber ungefähr gleich lang.",
        ],
        "medium": [
            "Setz eine kurze Nachricht an die betroffene Person auf: was wir gespeichert haben und wie es weitergeht.",
            "In welche interne Warteschlange gehört das, und was fehlt noch, bevor jemand es bearbeiten kann?",
            "Nenne drei Rückfragen, die wir vorher stellen sollten, je mit einer Zeile Begründung.",
        ],
        "hard": [
            "Kläre zuerst, ob wir das überhaupt aufbewahren dürfen, und plane dann je nach Ergebnis Aufbewahrung, Löschung und Prüfpfad – einschließlich des Falls, dass ein Backup noch eine Kopie enthält.",
            "Stell drei Arten gegenüber, solche Datensätze abzulegen (Token-Tresor, Verschlüsselung auf Feldebene, getrennte Datenbank mit engem Zugriff), empfiehl eine und zeig, wie sich die Empfehlung ändert, wenn sich die Eintrittswahrscheinlichkeit einer Panne verdoppelt oder das Budget halbiert.",
            "Zerleg dieses Argument und bau es sauber neu auf: „Die Person hat es freiwillig geschickt, also dürfen wir es an jedes Team weitergeben, das danach fragt.“ Geh auf Einwilligung, Zweckbindung und Verhältnismäßigkeit ein und schließ mit einem Entscheidungsablauf, den Neue befolgen können.",
        ],
    },
    "fr": {
        "easy": [
            "Trouve un objet de mail de huit mots maximum pour ce texte.",
            "Convertis ce qui précède en objet JSON avec des clés parlantes, rien d'autre.",
            "Passe ce texte en espagnol en gardant la mise en page.",
            "Rends la formulation plus soutenue sans l'allonger.",
        ],
        "medium": [
            "Rédige un court message à la personne concernée : ce que nous détenons et la suite.",
            "Dans quelle file interne faut-il mettre cela, et que manque-t-il avant de pouvoir le traiter ?",
            "Propose trois questions à poser avant d'agir, avec une ligne d'explication chacune.",
        ],
        "hard": [
            "Détermine d'abord si nous avons seulement le droit de conserver cela, puis, selon la réponse, planifie conservation, suppression et traçabilité, y compris le cas où une sauvegarde en garde une copie.",
            "Compare trois façons de stocker ce genre d'enregistrement (coffre de tokenisation, chiffrement par champ, base séparée à accès restreint), recommandes-en une et montre comment la recommandation évolue si la probabilité de fuite double ou si le budget est divisé par deux.",
            "Critique cet argument puis reconstruis-le correctement : « la personne l'a envoyé d'elle-même, donc on peut le transmettre à toute équipe qui le demande ». Traite le consentement, la limitation des finalités et la proportionnalité, et termine par une procédure de décision applicable par un nouvel arrivant.",
        ],
    },
    "es": {
        "easy": [
            "Ponle un asunto de ocho palabras como máximo.",
            "Convierte lo anterior en un objeto JSON con claves razonables, sin nada más.",
            "Pásalo al francés manteniendo el formato.",
            "Hazlo sonar más formal sin alargarlo.",
        ],
        "medium": [
            "Redacta una nota breve para la persona afectada: qué datos tenemos y qué pasará ahora.",
            "¿A qué cola interna debería ir esto y qué falta para que alguien pueda tramitarlo?",
            "Enumera tres preguntas que convendría hacer antes de actuar, con una línea de por qué importa cada una.",
        ],
        "hard": [
            "Averigua primero si podemos siquiera conservar esto y, según la respuesta, planifica la conservación, el borrado y la auditoría, incluido qué hacer si una copia de seguridad aún lo contiene.",
            "Compara tres formas de guardar registros así (bóveda de tokenización, cifrado por campo, base de datos aparte con acceso restringido), recomienda una y muestra cómo cambia la recomendación si se duplica la probabilidad de brecha o se reduce el presupuesto a la mitad.",
            "Critica este argumento y reconstrúyelo bien: «la persona lo envió voluntariamente, así que podemos reenviarlo a cualquier equipo que lo pida». Trata el consentimiento, la limitación de la finalidad y la proporcionalidad, y termina con un procedimiento de decisión que pueda seguir alguien recién llegado.",
        ],
    },
}


def _postfix(r: random.Random, target: int, mid: str, head: str) -> str:
    return document(r, postfix_lines, target, mid, head)


def _hotel(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: hotel_lines(rr, lang, k), target, mid, head)


def _foodbank(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: foodbank_lines(rr, lang, k), target, mid, head)


def _guide(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: guide_lines(rr, lang, k), target, mid, head)


def _sasl_line(r: random.Random, user: str) -> str:
    return f"Mar 18 09:47:31 mx-relay-02 postfix/smtpd[{r.randint(2000, 9999)}]: {upper_alnum(r, 11)}: client=unknown[{public_ip(r)}], sasl_method=LOGIN, sasl_username={user}"


def en(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = _sasl_line(r, "gwenllian.pryce@harbourlight-design.co.uk")
    it.append(
        item(
            S,
            ["ip_user", "email"],
            _postfix(
                r,
                5200,
                mid,
                "mail.log from relay 02, the morning the queue backed up (internal clients are the app servers)",
            )
            + "\n\nSummarise in three sentences what this relay did this morning.",
            "Postfix mail log; one SASL login (e-mail as user) from a public IP in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"quick one - the agenzia in Bologna wants my codice fiscale for the flat contract. I *think* it's {codice_fiscale(r, 'Saoirse', 'Castellucci', True)} but I typed it from memory. Saoirse Castellucci, if they ask",
            "Italian codice fiscale (valid check letter) in English text",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name", "date_of_birth", "phone"],
            f'this is straight from the prod export, why does json.dumps blow up on it?\n\ncustomer = {{\n    "full_name": "Morwenna Arkwright",\n    "dob": date(1987, 3, 14),\n    "iban": "{iban(r, "IE")}",\n    "mobile": "{phone(r, "GB", 3)}",\n}}',
            "Python dict with a real customer record (Irish IBAN unspaced)",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name", "date_of_birth"],
            f"INSERT INTO referrals (nhs_number, surname, forename, dob, practice_code)\nVALUES ('{nhs(r)}', 'Quarrie', 'Hamish', '1961-08-02', 'Y02847');\n-- the referral UI rejects this row, the SQL works",
            "SQL INSERT with an NHS number (mod 11 valid)",
        )
    )
    ni = uk_ni(r, spaced=True)
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"NI number\n(copied off my P60, the box wraps)\n{ni[:8]}\n{ni[9:]}\n\n– Digby Ashworth-Lamb",
            "UK NI number split across two lines, label three lines above",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"> On Tue 4 Feb, Lucinda Marchetti-Hale wrote:\n> The booking is in my name, card {card(r, 'amex')}, exp 09/28.\n> Please don't take the deposit twice this time.\n\ncan you check whether the deposit went through already?",
            "Amex in a quoted e-mail",
        )
    )
    ip = public_ip(r)
    it.append(
        item(
            S,
            ["ip_user"],
            f"Mar 11 2026 22:41:07 asa-edge-1 : %ASA-6-722051: Group <RemoteStaff> User <hpemberton> IP <{ip}> IPv4 Address <10.44.8.19> assigned to session\nMar 11 2026 22:41:08 asa-edge-1 : %ASA-6-113039: Group <RemoteStaff> User <hpemberton> IP <{ip}> AnyConnect parent session started.",
            "Cisco ASA VPN log lines: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"Oriel Fanshawe\n{ids.phone(r, 'US')}  <- cell, text first, I screen calls\nofanshawe.studio@fastmail.com\n\nthat's me, for the invoice header",
            "US phone and e-mail in a signature, label after the value",
        )
    )
    b = bsn(r)
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Our contractor in Utrecht, Sjoerd van Wijngaarden, says their payroll bureau needs his BSN before the first invoice. He sent it in the chat as {b[:4]}.{b[4:6]}.{b[6:]} – is that the burgerservicenummer or something else?",
            "Dutch BSN (11-test) with dots",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "phone", "date_of_birth"],
            f"Scout camp, emergency sheet (please check nothing is missing)\n\n| Scout | Born | Contact | Relation | Mobile |\n|---|---|---|---|---|\n| Oisín Garvey | 12/05/2015 | Rhiannon Garvey | mum | {phone(r, 'GB', 0)} |\n| Ptolemy Ashdown | 30/09/2014 | Clem Ashdown | dad | {phone(r, 'GB', 0)} |\n| Keziah Olumide | 07/01/2016 | Funmi Olumide | aunt | {phone(r, 'GB', 1)} |",
            "markdown table: children with dates of birth, parents' mobiles",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name"],
            f"For the visa form. The one they want is on the photo page, not the little number on the back cover (that's just the lamination serial). It reads\n\n{passport(r, 'GB')}\n\nSurname as printed: CHUKWUEMEKA-BYRNE, given names ADAEZE GRACE.",
            "GB passport number a sentence away from its label",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name", "email"],
            f"# copied from prod to reproduce PAY-2291 - delete after!!\npayee:\n  name: Radoslav Roháč\n  iban: {iban_fmt(iban(r, 'PT'))}\n  email: r.rohac@seznam.cz\n  method: sepa_ct",
            "YAML fixture with real payee data (Portuguese IBAN)",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"I worked in Leipzig 2022–23 and want the German tax refund. On the Lohnsteuerbescheinigung the ID is printed like this: {steuer(r, 2)}. Name on it: Marisol Tennant. Which box of the form does it go in?",
            "German Steuer-ID in 3-3-3-2 groups in English text",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "CONFIDENTIAL – shift leads only: Gideon Mwangi-Harte, who collects on Thursdays for a family of five, told the counter team he has been out of work since his kidney transplant and is three months behind on council tax. Please don't ask him for the referral slip again; it's on file."
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _foodbank(
                r,
                "en",
                3600,
                mid,
                "Riverside Community Pantry – volunteer handbook, spring edition",
            )
            + "\n\nBoil this handbook down to five bullet points for someone starting on Saturday.",
            "food-bank volunteer handbook with a confidential note on a named client in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "heads up – Bron (Bronwen Tregarthen in accounts) is off till March, second round of chemo. she asked us not to make a fuss so pls no cards or flowers to the house",
            "nickname + full name, cancer treatment",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial", "health"],
            "Mr Vandersteen at no. 14 hasn't paid anything since August and told the caretaker he's gambling again. Do we start the arrears letter or talk to him first?",
            "honorific + surname, arrears and gambling addiction",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Can you build the December rota around Ezekiel Fairbrother-Nwosu? He's a practising Jehovah's Witness and won't work the Christmas party or the birthday cake rounds, but he's happy to cover the 27th.",
            "religion of a named colleague",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "My teammate Dev – Devendra Raghunathan – told me in confidence that he's gay and not out to his family, and his parents are coming to the office open day. How do I handle introductions so nothing slips?",
            "sexual orientation of a named colleague",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "Demelza Nankervis joined the union last month and is now the GMB rep for nights. The site manager asked me to ‘keep an eye on her’ and note when she talks to people on breaks.",
            "trade-union membership of a named worker",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Before we put Lachlan Brierley on the school-run minibus: he disclosed a 2019 drink-driving conviction with an 18-month ban. Our insurer hasn't been told yet.",
            "criminal conviction of a named driver",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Quick update on Marguerite Oyelaran: she's 12 weeks pregnant, pero no quiere que lo sepa el equipo todavía, so keep her off the ladder jobs without saying why.",
            "English with a Spanish aside: pregnancy",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Big Tam – Tam McCready from the loading bay – is in rehab for six weeks. His wife rang from home this morning, crying. What do I tell the lads?",
            "nickname + name, addiction treatment",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "---------- Forwarded message ---------\nFrom: Occupational Health\nSubject: RE: return to work\n\nFfinlo Kerruish's assessment confirms early-onset Parkinson's. Adjustments (seated workstation, no night shifts) from 1 April.",
            "forwarded e-mail: diagnosis of a named employee",
        )
    )
    # ---- hard negatives (15) ----
    mid = "Detour – Samuel Pepys, the diarist, was born on 23 February 1633 in Salisbury Court off Fleet Street. The Museum of London Docklands, No. 1 Warehouse, West India Quay, London E14 4AL, has a room on him and the Great Fire."
    it.append(
        item(
            N,
            [],
            _guide(r, "en", 4300, mid, "City of London on foot – a self-guided walk")
            + "\n\nUsing this guide, work out the shortest order that visits every stop once starting at the Monument, justify the order, and then decide what to cut if we only have 90 minutes with a group of twelve that includes a wheelchair user.",
            "city walking guide; historical figure with birth date and a museum address in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Write three pytest cases for our checkout using the Stripe test numbers 4000 0566 5566 5556 (Visa debit) and 5200 8282 8282 8210 (Mastercard debit) – both straight from Stripe's testing docs, any future expiry, any CVC.",
            "documented Stripe test cards, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our IBAN validator rejects the textbook example GB29 NWBK 6016 1331 9268 19 from the Wikipedia article. The function strips spaces, moves the first four chars to the end and does int(s) % 97. What am I missing?",
            "textbook example IBAN in a debugging question",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            f"The fail2ban docs show this sample line:\n\nJan 14 03:12:44 host sshd[2211]: Failed password for admin from {doc_ip(r)} port 52144 ssh2\n\nWrite me a failregex that matches it and explain each group.",
            "RFC 5737 documentation IP with the generic user admin",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Sum up in one sentence: London mayor Sadiq Khan on Tuesday defended the latest expansion of the ultra-low emission zone, pointing to a fall in roadside nitrogen dioxide, while opposition members of the London Assembly said outer-borough businesses had not been consulted properly.",
            "public figure in a news context",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Isaac Newton was born on 25 December 1642 (Old Style) at Woolsthorpe Manor in Lincolnshire. What is that date in the Gregorian calendar?",
            "historical figure with birth date",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "In Bridget Jones's Diary every entry starts with her weight, units of alcohol and cigarettes. Write a parody entry in that style for a remote worker in 2026.",
            "fictional character's health-like details",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "I'm at Paddington at 10 and need to be at the Barbican Centre, Silk Street, London EC2Y 8DS, for a matinee – Elizabeth line or Circle line?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Draft a complaint to Thames Water, Clearwater Court, Vastern Road, Reading RG1 8DB: the burst main outside our office has flooded the car park twice in three weeks and nobody has come back to us.",
            "utility company's head-office address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "tracking_no,isbn,qty,dispatched\nJJD000390007854231,978-0-14-118776-1,2,2026-02-03\nJJD000390007854248,978-0-19-953556-9,1,2026-02-03\nJJD000390007854255,978-1-84749-120-4,5,2026-02-04\nJJD000390007854262,978-0-14-044913-6,3,2026-02-05\n\nHow many books went out per day?",
            "parcel tracking numbers and ISBNs in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "deploy.log\n[2026-03-02 07:15:44] build 19870314-2211 sha 4f9c2e1a version 2.14.0-rc3\n[2026-03-02 07:16:02] migrate: 0047_add_invoice_index OK\n[2026-03-02 07:16:40] healthcheck /ready 503 (attempt 3/3)\n[2026-03-02 07:16:41] rollback to build 19870301-1876 version 2.13.4\n\nWhy did it roll back, and what would you check first?",
            "build numbers that look like dates of birth, version strings",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Work out whether keeping the database password in a Kubernetes Secret is actually safer than an env var baked into the image, then, for whichever wins, plan the rotation with a rollback path in case the new password breaks half the pods.",
            "password/secret talk with no value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Morning all! Hope everyone had a good weekend. Reminder: the kitchen fridge gets cleared Friday at 4, so label your stuff. – Can you make this sound less passive-aggressive?",
            "greeting to a group, no name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Metformin hydrochloride 500 mg tablets. Take with or just after meals. Common side effects: nausea, diarrhoea, loss of appetite, a metallic taste. Rarely, lactic acidosis – stop and seek help if you have muscle pain and fast breathing. Rewrite this for a reading age of eleven.",
            "drug leaflet, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our form library uses “A. N. Other, 1 Any Street, Anytown AB1 2CD, 01632 960000” as the sample respondent (a made-up person and an Ofcom drama-range number). Generate five more obviously fake respondents in the same style.",
            "declared placeholder person, drama-range number",
            cx="medium",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Convert 37.5 °C, 39.2 °C and 41 °C to Fahrenheit, one per line.",
            "unit conversion",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Sum this up in one sentence: Tide mills used the rising tide to fill a pond behind a sluice gate; when the tide fell, the gate closed and the trapped water was let out through a wheel, so the mill could grind for a few hours on each ebb. They were common on estuaries in England, France and Spain from the Middle Ages until steam made them uneconomic, and a handful have been restored as museums, including one at Eling near Southampton that still turns on open days.",
            "one-sentence summary of a paragraph",
            cx="easy",
        )
    )
    it.append(item(C, [], "What's the plural of cul-de-sac?", "short factual", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Fix the spelling: 'Their are three recieved parcells wich need a signiture before thursday.'",
            "spelling fix",
            cx="easy",
        )
    )
    it.append(
        item(
            C, [], "List the planets in our solar system that have rings.", "short list", cx="easy"
        )
    )
    it.append(
        item(
            C,
            [],
            "Write a 150-word product description for a cast-iron casserole pot aimed at people who have never cooked with one.",
            "short marketing copy",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explain the difference between a mutex and a semaphore, with a short Go example of each.",
            "explanation with code",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Give me a weekly plan for learning basic Portuguese in eight weeks at thirty minutes a day.",
            "study plan",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Turn these bullet points into a short project update e-mail: vendor delayed the sensors by two weeks; firmware 1.3 passed field tests; budget still on track; need a decision on the second warehouse by the 20th.",
            "bullets to e-mail",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Compare three ways to finance a £240k flat – a 25-year fix at 4.6 %, a 5-year fix at 4.1 % then a tracker, and an offset mortgage – recommend one, and show how the recommendation shifts if the base rate rises 1.5 points or household income falls 20 %.",
            "mortgage comparison with sensitivity analysis (no person)",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Derive the expected number of fair-coin tosses until HTH first appears, check it with a Markov chain, and explain why the answer differs from the one for HTT.",
            "derivation",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Plan the move of our 2 TB PostgreSQL 12 cluster to version 16 with under five minutes of downtime: the stages, a rollback at each stage, and how you'd prove no rows were lost.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Critique this argument and then rebuild it: ‘Remote teams ship slower because they have fewer meetings, so we should add daily stand-ups.’ Name the hidden assumptions, what evidence would test each one, and write a stronger version.",
            "critique and rebuild an argument",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Work out whether a 10 kWh home battery pays for itself within ten years for a house using 4,200 kWh a year with 5 kW of solar panels, then say which tariff assumptions would flip the answer.",
            "payback with assumptions",
            cx="hard",
        )
    )
    return it


def de(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = f"MELDESCHEIN (nachgetragen, Zimmer 214) – Gast: Almuth Stolzenhain, geb. 09.11.1984, wohnhaft Am Kirchberg 7, 09599 Freiberg; Staatsangehörigkeit: deutsch; Reisepass-Nr. {passport(r, 'DE')}; Mitreisende: keine."
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth", "address"],
            _hotel(
                r,
                "de",
                4700,
                mid,
                "Nachtbericht Hotel am Schlossteich, 14./15. März – Auszug aus dem Front-Office-System",
            )
            + "\n\nMach aus dem Bericht eine Liste aller Zimmer mit Status „Abreise heute“.",
            "hotel night-audit report; guest registration card with passport in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Die Rentenversicherung will die Versicherungsnummer auf dem Formular – ich hab sie vom alten Sozialversicherungsausweis abgeschrieben, hoffentlich stimmt sie:\n\n{rvnr(r, 'Hoppe')}\n\nKarl-Heinz Hoppe, Werk 2",
            "Rentenversicherungsnummer (check digit valid), label a paragraph away",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Für die Lohnabrechnung von Ingolf Vollrath-Kühn fehlt noch die Steuer-ID.\nEr hat sie gerade durchgegeben, Punkte wie auf dem Brief vom Bundeszentralamt:\n{steuer(r, 3)}",
            "Steuer-ID with dots, label a line above",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name", "date_of_birth"],
            f"INSERT INTO mitglieder (name, geburtsdatum, iban, eintritt)\nVALUES ('Hiltrud Pfannkuch', '1958-04-23', '{iban(r, 'AT')}', '2019-01-01');\n-- warum kommt hier ein Encoding-Fehler bei der Import-Strecke?",
            "SQL INSERT with an Austrian IBAN and date of birth",
        )
    )
    it.append(
        item(
            S,
            ["iban", "phone", "person_name"],
            f"Bitte überweis das Geld für die Skihütte direkt an meine Schwester Ottilie Brändli: {iban_fmt(iban(r, 'CH'))}. Falls was ist, sie ist unter {phone(r, 'CH')} erreichbar (abends besser).",
            "Swiss IBAN and Swiss mobile",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"Mar 18 02:13:55 mail postfix/smtpd[30121]: warning: unknown[{public_ip(r)}]: SASL LOGIN authentication failed: UGFzc3dvcmQ6, sasl_username=k.wendeborn\n\nist das ein Angriff oder hat sich die Kollegin nur vertippt?",
            "Postfix SASL failure: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"> Von: Frieder Lauterjung <frieder.lauterjung@posteo.de>\n> Gesendet: Montag, 9. März\n> Ich bin ab Montag nur noch mobil unter {phone(r, 'DE', 0)} erreichbar, Festnetz ist gekündigt.\n\nkannst du das im CRM ändern?",
            "quoted e-mail: e-mail address and mobile",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Karte: {card(r, 'mc', 1)}, läuft 11/27 ab, Inhaberin Waltraud Gedeck-Amann – die Buchung im Portal geht nicht durch, kannst du sie manuell erfassen?",
            "Mastercard printed with dashes",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "phone", "address"],
            f'# aus der Produktion kopiert, um den Fehler nachzustellen\nkunde:\n  name: Detlef Quandtmeyer\n  geburtstag: 1971-12-03\n  telefon: "{phone(r, "DE", 1)}"\n  adresse: Zschochersche Straße 58, 04229 Leipzig',
            "YAML with a real customer copied from production",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Reisende 2: Aylin Karaduman, geb. 17.06.1992 – Pass {passport(r, 'DE')} (gültig bis 2031), Sitzplatzwunsch Gang.",
            "German passport number with name and DOB",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mein Mitbewohner aus Bozen, Matthias Oberrauch, braucht für den Mietvertrag in Innsbruck seinen codice fiscale auf Deutsch erklärt. Der lautet {codice_fiscale(r, 'Matthias', 'Oberrauch')}. Was bedeuten die einzelnen Teile?",
            "Italian codice fiscale in German text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Ausweis-Nr. – steht oben rechts, nicht die Zugangsnummer – ist {r.choice('LMNPRTVWXY')}{''.join(r.choice('CFGHJKLMNPRTVWXYZ0123456789') for _ in range(8))}. Gehört zu Radoslava Sauerwein, Zimmer 3.",
            "German ID-card number shape, label after a parenthesis",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name", "email"],
            f"Hallo, hier Cornelius Ytterberg (cornelius.ytterberg@t-online.de). Meine neue Arbeitgeberin in Rotterdam fragt nach der BSN: {bsn(r)}. Wohin damit?",
            "Dutch BSN in German text, e-mail",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Vertraulich, nur Schichtleitungen: Herr Baumgärtel-Sirin, der donnerstags für sich und zwei Kinder abholt, hat nach seiner Herz-OP die Stelle verloren; das Privatinsolvenzverfahren läuft. Bitte nicht nach dem Berechtigungsschein fragen, der liegt im Ordner."
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _foodbank(
                r, "de", 4000, mid, "Tafel Nordstadt – Handbuch für Ehrenamtliche, Stand Frühjahr"
            )
            + "\n\nFass das Handbuch in fünf Stichpunkten für jemanden zusammen, der am Samstag anfängt.",
            "food-bank handbook with a confidential note on a named client in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Moin zusammen, Sönke Harmsen aus der Disposition ist seit gestern in der Reha (Alkohol). Bitte keine Nachfragen, er meldet sich selbst, wenn er wieder da ist.",
            "greeting word before a name; addiction treatment",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Frau Yıldırım-Haas aus der Lohnbuchhaltung ist vor zwei Jahren aus der katholischen Kirche ausgetreten und zum Islam übergetreten – jetzt fragt sie, warum noch Kirchensteuer abgezogen wird.",
            "religion of a named colleague",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Unser Azubi Lenny (Leonard Wischnewski) hat mir erzählt, dass er bi ist und Stress mit seinem Vater hat. Wie spreche ich ihn darauf an, ohne dass es peinlich wird?",
            "sexual orientation of a named trainee",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "Der Betriebsrat hat uns mitgeteilt, dass Gerlinde Hoppenstedt jetzt bei ver.di ist und für den Vertrauensleutekörper kandidiert. Die Werksleitung will sie deshalb aus dem Projekt nehmen.",
            "trade-union membership of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Im erweiterten Führungszeugnis von Ruprecht Zangerl steht eine Verurteilung wegen Betrugs aus 2017, 90 Tagessätze. Er soll ab Mai die Vereinskasse übernehmen.",
            "criminal record of a named person",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Kurzes Update zu Marlies Eckhoff: she had a miscarriage last week, ist bis Monatsende krankgeschrieben. Bitte Termine mit ihr verschieben, nichts ins Team-Chat schreiben.",
            "German with an English clause: miscarriage",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Der Lange – Torben Ahlgrimm vom Lager – hat inzwischen bei der halben Schicht Schulden, und jetzt kam auch noch eine Lohnpfändung. Sollen wir das ansprechen?",
            "nickname + name: debts and wage garnishment",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Herr Vukelić aus dem dritten Stock hat schwere Depressionen und geht seit Wochen nicht mehr raus; die Nachbarin bringt ihm Essen. Sollte ich den sozialpsychiatrischen Dienst anrufen?",
            "honorific + surname: depression",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> Betreff: Wiedereingliederung Brigitta Lohmeier\n> Nach der Brustkrebs-OP startet sie am 1.3. im Hamburger Modell, erst vier Stunden täglich.\n\nWer aus dem Team übernimmt ihre Kunden in der Zeit?",
            "quoted mail: diagnosis and phased return",
        )
    )
    # ---- hard negatives (15) ----
    mid = "Einschub – August der Starke, geboren am 12. Mai 1670 in Dresden, Kurfürst von Sachsen und König von Polen, ließ den Zwinger bauen. Das Residenzschloss, Taschenberg 2, 01067 Dresden, zeigt im Grünen Gewölbe seine Schätze."
    it.append(
        item(
            N,
            [],
            _guide(r, "de", 3300, mid, "Dresden zu Fuß – Rundgang durch die Altstadt")
            + "\n\nLeg anhand dieses Rundgangs fest, in welcher Reihenfolge eine Gruppe mit einem Rollstuhlfahrer alle Stationen in höchstens zwei Stunden schafft, begründe die Reihenfolge und sag, welche Stationen du bei Regen streichst und warum.",
            "walking guide; historical figure with birth date and a palace address in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Für das Formular-Muster verwenden wir „Mia Musterfrau, Musterweg 1, 12345 Musterstadt, Tel. 0123 4567890“ – alles erfunden. Mach mir fünf weitere solche Platzhalter-Personen im gleichen Stil.",
            "declared placeholder person (Musterfrau)",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Im Adyen-Testsystem klappt die Zahlung mit der Testkarte 4111 1111 4555 1142 nicht, Ablauf 03/30, CVC 737. Woran kann es liegen, wenn die Sandbox „Refused“ meldet?",
            "documented test card, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Die Beispiel-IBAN DE02 1203 0000 0000 2020 51 aus der Doku soll in unseren Unit-Tests stehen. Schreib mir drei Tests für die Prüfziffernprüfung damit.",
            "documentation example IBAN, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Fasse in einem Satz zusammen: Bundespräsident Frank-Walter Steinmeier hat am Montag in Leipzig an die Friedliche Revolution erinnert und dabei vor einer Spaltung zwischen Ost und West gewarnt; Oppositionspolitiker lobten die Rede, kritisierten aber fehlende konkrete Vorschläge.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Johann Sebastian Bach wurde am 21. März 1685 in Eisenach geboren. An welchem Wochentag war das?",
            "historical figure with birth date",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Schreib eine kurze Szene, in der Kommissar Thiel und Professor Boerne aus dem Münster-Tatort sich um einen Parkplatz vor der Rechtsmedizin streiten.",
            "fictional TV characters",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ich bin morgen früh am Ostbahnhof und muss um neun zur Kuppelführung im Reichstagsgebäude, Platz der Republik 1, 11011 Berlin – welche S-Bahn nehme ich?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Schreib eine Beschwerde an die Deutsche Telekom AG, Friedrich-Ebert-Allee 140, 53113 Bonn: Seit drei Wochen fällt in unserem Büro jeden Nachmittag das Internet aus, und der Techniker kam zweimal nicht.",
            "company head-office address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Sendungsnummer;Artikel-Nr.;EAN;Menge;Datum\n00340434161094042557;AX-2231;4006381333931;3;02.03.2026\n00340434161094042564;AX-2248;4006381333948;1;02.03.2026\n00340434161094042571;BZ-0107;4012345678901;6;03.03.2026\n\nWie viele Stück wurden pro Tag verschickt?",
            "DHL tracking numbers and EANs in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "[INFO] Building kasse-backend 3.8.12-SNAPSHOT\n[INFO] --- maven-surefire-plugin:3.2.5:test ---\n[ERROR] Tests run: 412, Failures: 2, Errors: 0, Skipped: 7\n[ERROR] RechnungServiceTest.rundet_auf_0_05 expected:<19.95> but was:<19.94>\n\nWarum schlägt der Build fehl und wo schaue ich zuerst?",
            "build log with version strings and numbers",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Erklär kurz den Unterschied zwischen Access-Token und Refresh-Token und warum man ein Passwort nie in einem JWT speichern sollte.",
            "token/password vocabulary with no value",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Hallo in die Runde, liebe Kolleginnen und Kollegen, ab Montag ist die Kantine wegen Umbau zu. Kannst du das freundlicher formulieren?",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ibuprofen 400 mg Filmtabletten: Erwachsene und Jugendliche ab 40 kg nehmen 1 Tablette bis zu dreimal täglich, Abstand mindestens sechs Stunden, nicht auf nüchternen Magen. Nicht bei Magengeschwüren anwenden. Fass die Dosierung in einem Satz zusammen.",
            "drug leaflet, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            f"In der Doku steht als Beispiel `ssh admin@{doc_ip(r)}` und danach `sudo systemctl restart nginx`. Was macht der zweite Befehl genau, und wann reicht ein reload?",
            "documentation IP with the generic user admin",
            cx="medium",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Übersetze ins Englische: „Die Lieferung verzögert sich um zwei Werktage, wir bitten um Verständnis.“",
            "translation",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Fass in einem Satz zusammen: Streuobstwiesen sind Wiesen mit hochstämmigen Obstbäumen verschiedener Sorten und Altersstufen, die locker verteilt stehen. Sie gehören zu den artenreichsten Lebensräumen Mitteleuropas, weil sie Wiese, Baum und Totholz verbinden. Seit den 1950er-Jahren sind viele verschwunden, weil Plantagen mit niedrigen Bäumen wirtschaftlicher waren; heute werden sie über Vertragsnaturschutz und Saftinitiativen wieder gefördert.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(item(C, [], "Wie viele Meter sind 18 Fuß?", "conversion", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Korrigiere: „Wier haben die Rechnug gestern bekomen, aber der Betrag stimt nich.“",
            "spelling fix",
            cx="easy",
        )
    )
    it.append(
        item(C, [], "Nenne die Hauptstädte der drei baltischen Staaten.", "short list", cx="easy")
    )
    it.append(
        item(
            C,
            [],
            "Schreib eine kurze Einladung zum Sommerfest der Abteilung: Grillen, Freitag ab 16 Uhr, vegetarische Optionen, bitte bis Mittwoch zusagen.",
            "short invitation",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Erklär, wie ein Bloom-Filter funktioniert, mit einem kleinen Beispiel in Python.",
            "explanation with code",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Mach mir einen Trainingsplan für einen 10-km-Lauf in acht Wochen, drei Einheiten pro Woche.",
            "plan",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Was sind die Vor- und Nachteile von Fernwärme gegenüber einer Gasheizung im Mehrfamilienhaus? Kurz und in Stichpunkten.",
            "pros and cons list",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Prüf, ob sich eine Luft-Wasser-Wärmepumpe in einem unsanierten Haus von 1965 mit 180 m² rechnet, und leite dann her, ab welchem Strompreis pro kWh sie gegenüber der Gasheizung verliert. Leg alle Annahmen offen.",
            "check then derive a break-even",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Beweise, dass es unendlich viele Primzahlen der Form 4k+3 gibt, und erkläre, warum derselbe Trick für 4k+1 nicht funktioniert.",
            "proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Plane die Ablösung unseres PHP-Monolithen durch drei Dienste über zwölf Monate: Reihenfolge, Rückfallebene je Schritt, wie wir Datenkonsistenz während der Übergangszeit sicherstellen und woran wir merken, dass wir abbrechen sollten.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Nimm dieses Argument auseinander und bau es besser wieder auf: „Homeoffice senkt die Produktivität, denn seit Corona sind die Umsätze gefallen.“ Welche Annahmen stecken darin, welche Daten bräuchte man, und wie sähe eine haltbare Fassung aus?",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Wir haben drei mögliche Standorte für ein Zwischenlager (Kassel, Erfurt, Göttingen). Vergleiche sie nach Maut, Miete, Personalverfügbarkeit und Fahrzeit zu unseren fünf größten Kunden, empfiehl einen und zeig mit einer Sensitivitätsanalyse, wann die Empfehlung kippt.",
            "three options with sensitivity analysis",
            cx="hard",
        )
    )
    return it


def fr(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = f"FICHE DE POLICE (ressaisie, chambre 318) – Client : Anselme Quéréhic, né le 22/07/1979 à Vannes ; domicile : 14 impasse des Lavandières, 56000 Vannes ; passeport n° {passport(r, 'FR')} ; téléphone {phone(r, 'FR', 0)}."
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth", "address", "phone"],
            _hotel(
                r,
                "fr",
                3900,
                mid,
                "Rapport d'audit de nuit – Hôtel des Remparts, nuit du 14 au 15 mars (export du PMS)",
            )
            + "\n\nRésume ce rapport en trois phrases pour la directrice.",
            "hotel night-audit report; guest registration card in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    n = nir(r, 0, sex=2, yy=3)
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Pour la mutuelle il me faut le numéro de sécu de ma fille. Je le recopie de la carte Vitale, en deux morceaux parce que la ligne est coupée :\n{n[:7]}\n{n[7:13]} {n[13:]}\nElle s'appelle Clervie Tanguy-Rocher.",
            "French NIR split across two lines, key apart",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"RIB de mon proprio pour le loyer (il a changé de banque) : titulaire M. Gwenaël Le Bihan-Ruaud, IBAN {iban_fmt(iban(r, 'FR'))}. C'est bien un compte français, la clé RIB colle ?",
            "French IBAN with RIB key",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mon ancien employeur allemand m'a envoyé l'attestation, l'identifiant fiscal (Steuer-ID) y figure en blocs : {steuer(r, 1)}. Je suis Solène Vautravers et je dois le reporter sur la déclaration 2047.",
            "German Steuer-ID in 2-3-3-3 groups in French text",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Client au téléphone, il dicte : « carte {card(r, 'visa', 2)}, expire fin 2027, au nom de Thibaut Escoffier-Lamarque ». Je la saisis où dans l'outil ?",
            "Visa unspaced, dictated",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"%ASA-6-113005: AAA user authentication Rejected : reason = AAA failure : server = 10.12.0.4 : user = ncourtemanche : user IP = {public_ip(r)}\n\nC'est la troisième fois cette nuit, on bloque ?",
            "Cisco ASA authentication log: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "email", "phone"],
            f"Voici la ligne qui casse l'import :\n\nnom;prenom;naissance;courriel;portable\nDesrosiers-Kaboré;Ismaël;03/04/1996;ismael.dk@laposte.net;{phone(r, 'FR', 3)}",
            "CSV row with a real person",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"--\nFlavie Marchadier\nArchitecte DPLG\n{phone(r, 'FR', 2)} (agence) – {phone(r, 'FR', 1)} (perso, le soir uniquement)\nflavie.marchadier@free.fr",
            "signature with two phones and e-mail",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mon colocataire italien, Lorenzo Bassignana, doit donner son codice fiscale à la banque en France : {codice_fiscale(r, 'Lorenzo', 'Bassignana')}. Est-ce que ça remplace un numéro fiscal français ?",
            "Italian codice fiscale in French text",
        )
    )
    ni = uk_ni(r, spaced=True)
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"J'ai travaillé à Manchester en 2019. Le numéro qu'ils demandent, c'est {ni} – mon « National Insurance number » – au nom de Gurvan Le Quintrec.",
            "UK NI number in French text, label after",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name", "address"],
            f'{{\n  "beneficiaire": "Apolline Vasseur-Nkemba",\n  "adresse": "27 rue du Pont-Neuf, 31000 Toulouse",\n  "iban": "{iban(r, "BE")}"\n}}\n\nPourquoi notre API refuse ce virement ?',
            "JSON payload with a Belgian IBAN and a private address",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Passager 2 : Nour El Houda Benslimane, née le 11/02/1990, passeport {passport(r, 'FR')}. Passager 3 : son fils, pas encore de passeport.",
            "French passport number with name and DOB",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Numéro de NIE de notre salariée détachée à Valence ({nie(r, 1)}), Mme Ombeline Ferrandou. Il faut le mettre dans le formulaire A1 ?",
            "Spanish NIE with dashes in French text",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Note confidentielle aux responsables de créneau : Mme Lefeuvre-Diallo, qui vient le mardi avec ses trois enfants, nous a confié qu'elle est en dépression depuis la mort de son mari et que son dossier de surendettement est passé en commission. Merci de ne pas lui redemander de justificatif."
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _foodbank(
                r,
                "fr",
                5200,
                mid,
                "Épicerie solidaire du Faubourg – guide du bénévole, édition de printemps",
            )
            + "\n\nFais-moi une liste de cinq points essentiels pour quelqu'un qui commence samedi.",
            "food-bank handbook with a confidential note on a named client in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Bonjour à tous, Jean-Baptiste Lestrade de l'atelier est hospitalisé pour une décompensation psychotique. Sa femme demande qu'on ne l'appelle pas pour le moment.",
            "greeting then a named colleague's psychiatric episode",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Pour le séminaire, pense à Mme Benhamou-Sitbon : elle est juive pratiquante, rien le samedi, et il lui faut des repas casher. Tu peux décaler l'atelier du samedi matin ?",
            "religion of a named participant",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Mon collègue Tugdual Pichavant m'a dit qu'il est homosexuel et qu'il vit avec son compagnon, mais il ne veut pas que le chef le sache. Ce dernier organise un dîner « avec conjoints ». Je fais quoi ?",
            "sexual orientation of a named colleague",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "Karima Ouazzani vient d'adhérer à la CGT et se présente aux élections du CSE. Le directeur d'agence veut revoir son planning « pour qu'elle ait moins de temps libre ».",
            "trade-union membership of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Le bulletin n° 3 de Enguerrand Mallaterre mentionne une condamnation pour violences en 2016. Il postule comme animateur au centre de loisirs.",
            "criminal record of a named applicant",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Petit point sur Héloïse Garandeau : diagnosed with type 1 diabetes last month, elle doit pouvoir manger en réunion et garder son stylo à insuline sur elle.",
            "French with an English clause: diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Le grand Momo (Mohamed Tazi, du dépôt) est interdit bancaire depuis janvier ; il demande à être payé en espèces. On a le droit ?",
            "nickname + name: banking ban",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Mme Kerhervé, au rez-de-chaussée, perd la mémoire : elle a laissé le gaz allumé deux fois cette semaine. Sa fille habite à Lille.",
            "honorific + surname: memory loss",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> De : Service de santé au travail\n> Objet : Aménagement de poste – Baptistine Roussel-Cayrol\n> Suite à sa sclérose en plaques, télétravail trois jours par semaine à partir du 1er avril.\n\nComment je l'annonce à l'équipe sans donner la raison ?",
            "quoted e-mail: diagnosis of a named employee",
            cx="medium",
        )
    )
    # ---- hard negatives (15) ----
    mid = "Parenthèse – Les frères Lumière : Louis Lumière est né le 5 octobre 1864 à Besançon. Le musée de l'Institut Lumière, 25 rue du Premier-Film, 69008 Lyon, occupe la villa familiale."
    it.append(
        item(
            N,
            [],
            _guide(r, "fr", 2900, mid, "Lyon à pied – parcours découverte")
            + "\n\nÀ partir de ce parcours, établis l'ordre de visite le plus court en partant de Bellecour, justifie-le, puis indique ce que tu supprimes si le groupe n'a qu'une heure et demie et compte une personne en fauteuil roulant.",
            "walking guide; historical figure with birth date and a museum address in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Pour les maquettes, on utilise « Jean Martin, 1 rue de l'Exemple, 75000 Paris, 01 23 45 67 89 » – une personne fictive. Génère cinq autres identités bidon du même genre.",
            "declared fictitious person",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "La carte de test 4970 1000 0000 0014 de la documentation de notre prestataire 3-D Secure ne déclenche pas le challenge en recette. Quelles causes possibles ?",
            "documented test card, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Les IBAN d'exemple de la documentation, NL91 ABNA 0417 1643 00 et BE68 5390 0754 7034, passent tous les deux notre contrôle de clé. Écris une fonction Python qui distingue juste le pays et la longueur.",
            "documented example IBANs, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Résume en une phrase : le Premier ministre François Bayrou a défendu mardi à l'Assemblée son plan de réduction du déficit, tandis que les oppositions dénonçaient un budget « d'austérité » et menaçaient de déposer une motion de censure.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Marie de Gournay est née le 6 octobre 1565 à Paris. Quel âge avait-elle à la mort de Montaigne en 1592 ?",
            "historical figure with birth date",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Écris une courte scène où Astérix et Obélix tentent de commander un menu végétarien dans une brasserie parisienne.",
            "fictional characters",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Comment aller de la gare Part-Dieu au musée des Confluences, 86 quai Perrache, 69002 Lyon, en transports en commun ?",
            "museum address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Rédige une réclamation à la SNCF Voyageurs, 9 rue Jean-Philippe Rameau, 93200 Saint-Denis : mon TGV du 3 mars a eu 2 h 40 de retard et le formulaire G30 en ligne plante.",
            "company head-office address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "n_colis;ref_article;ean;qte;date\n6A12345678901;CHX-0412;3017620422003;2;04/03/2026\n6A12345678918;CHX-0417;3017620425035;1;04/03/2026\n6A12345678925;TBL-1180;3560070894222;4;05/03/2026\n\nCombien d'articles par jour ?",
            "Colissimo parcel numbers and EANs",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "2026-03-04T06:02:11Z release=web-7f3c2a9 chart=vitrine-4.12.0 image=registry.local/vitrine:4.12.0-b2231\n2026-03-04T06:02:40Z readiness failed pod=vitrine-7f3c2a9-x8kq2 code=500\n2026-03-04T06:03:05Z helm rollback vitrine 41\n\nPourquoi ce rollback, et que faudrait-il regarder en premier ?",
            "deploy log with hashes and version strings",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Détermine si un jeton d'API à durée de vie courte avec rotation automatique est vraiment plus sûr qu'un mot de passe de service stocké dans un coffre, puis, pour l'option retenue, planifie la bascule avec un retour arrière si la moitié des clients échouent.",
            "token/password talk with no value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Coucou l'équipe ! Rappel : le frigo de la cuisine sera vidé vendredi à 16 h, pensez à étiqueter vos boîtes. Tu peux rendre ça plus sympa ?",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Amoxicilline 1 g, comprimé dispersible. Posologie habituelle chez l'adulte : 1 comprimé deux à trois fois par jour pendant 7 jours. Effets indésirables fréquents : diarrhée, nausées, éruption cutanée. Reformule la posologie en une phrase simple.",
            "drug leaflet, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            f"Dans le tutoriel Ansible, l'inventaire d'exemple contient `web1 ansible_host={doc_ip(r)} ansible_user=admin`. Comment je remplace ça par notre vraie machine sans casser le playbook ?",
            "documentation IP and generic user admin",
            cx="medium",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Traduis en anglais : « La livraison aura deux jours de retard, merci de votre compréhension. »",
            "translation",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Résume en une phrase : Les salins de Guérande produisent du sel depuis le haut Moyen Âge grâce à un réseau de bassins où l'eau de mer circule lentement et s'évapore sous l'effet du vent et du soleil. Le paludier récolte le gros sel au fond des œillets et la fleur de sel à la surface, à la main, avec des outils en bois. L'activité, presque disparue dans les années 1970, a été relancée par des coopératives.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(item(C, [], "Combien font 3,5 miles en kilomètres ?", "conversion", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Corrige : « Je vous est envoyer le dossié hier, mais vous ne l'avez pas reçut ? »",
            "spelling fix",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Donne la liste des pays qui ont une frontière terrestre avec la Suisse.",
            "short list",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Écris un petit mot d'accueil pour les nouveaux arrivants de la rentrée, ton chaleureux, 80 mots.",
            "short text",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explique ce qu'est un index composite en SQL, avec un exemple où l'ordre des colonnes change tout.",
            "explanation",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propose un menu de la semaine pour quatre personnes, budget 80 euros, sans viande rouge.",
            "plan",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Quelles sont les différences entre un CDD et un contrat d'intérim pour l'employeur ? Réponse courte en points.",
            "comparison",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Vérifie si l'installation de 12 panneaux solaires sur un toit orienté est-ouest à Rennes est rentable en moins de douze ans, puis montre quelles hypothèses (prix de rachat, autoconsommation, dégradation) feraient basculer la conclusion.",
            "check then sensitivity",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Démontre que la somme des inverses des nombres premiers diverge, puis explique en quoi ce résultat est plus fort que l'infinitude des nombres premiers.",
            "proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Planifie le passage de notre messagerie interne sur une nouvelle plateforme pour 3 000 personnes en trois vagues : critères de passage d'une vague à l'autre, plan de retour arrière à chaque étape et indicateurs qui déclenchent l'arrêt.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Critique puis reconstruis cet argument : « Les villes qui ont des pistes cyclables ont moins d'accidents, donc construire des pistes réduit les accidents. » Relève les biais possibles, dis quelles données permettraient de trancher et propose une version solide.",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Nous hésitons entre trois fournisseurs de stockage objet pour nos sauvegardes (un hyperscaler, un hébergeur français, une solution sur site). Compare coût sur cinq ans, réversibilité et risques juridiques, recommande une option et fais une analyse de sensibilité sur le volume et le prix de l'énergie.",
            "three options with sensitivity analysis",
            cx="hard",
        )
    )
    return it


def es(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = _sasl_line(r, "evaristo.quintanilla")
    it.append(
        item(
            S,
            ["ip_user"],
            _postfix(
                r,
                3100,
                mid,
                "mail.log del relé 02, la mañana en que se atascó la cola (los clientes internos son los servidores de aplicaciones)",
            )
            + "\n\nResume en tres frases qué hizo este relé esta mañana.",
            "Postfix mail log; one SASL login from a public IP in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"DNI del nuevo socio (me lo mandó por WhatsApp con puntos, tal cual): {dni(r, 2)}. Se llama Gumersindo Arrieta Olabarria, ¿lo doy de alta así?",
            "Spanish DNI with dots and dash",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Número de la Seguridad Social de la chica nueva de cocina: {nss(r)}.\nEl nombre va en la otra hoja: Yurena Cabrera Perdomo.",
            "Spanish NSS, name on the next line",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Para la devolución de la fianza: titular Leocadia Sanjurjo Vilariño, cuenta {iban_fmt(iban(r, 'ES'), 2)}. Es de Abanca, por si importa.",
            "Spanish IBAN printed with dashes",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"La clienta, Arantxa Urquiaga, me ha dictado por teléfono la tarjeta: {card(r, 'visa')}, caduca 08/28. ¿La meto en el TPV virtual o mejor le mando un enlace de pago?",
            "Visa dictated on the phone",
        )
    )
    ne = nie(r)
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Lo que pone en la tarjeta de residencia, sin guiones: {ne}. Es el NIE de Oleksandr Hrytsenko, el chico ucraniano del almacén; la gestoría lo pide otra vez.",
            "Spanish NIE, label after the value",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'Mar 12 2026 07:58:19 asa-oficina : %ASA-6-605005: Login permitted from {public_ip(r)}/51022 to outside:10.0.0.1/https for user "mcarrasquedo"\n\n¿Esto es alguien entrando al panel de administración del cortafuegos desde fuera?',
            "Cisco ASA admin login: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"Buenas, soy Purificación Alcubierre, la del pedido de las sillas. Mi móvil es {phone(r, 'ES', 0)} y el correo purialcu@yahoo.es; llamadme después de las seis, porfa.",
            "mobile and e-mail in a message",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address"],
            "INSERT INTO socios (nombre, apellidos, fecha_nac, domicilio)\nVALUES ('Casilda', 'Ybarra Echenique', '1968-10-29', 'C/ Tintoreros 12, 3.º B, 41003 Sevilla');\n-- ¿por qué falla por la tilde?",
            "SQL INSERT with a private person's birth date and address",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mi compañera de piso, Giulia Ferraresi, necesita el codice fiscale para el contrato de la luz: {codice_fiscale(r, 'Giulia', 'Ferraresi', True)}. ¿Le sirve aquí o tiene que pedir NIE?",
            "Italian codice fiscale in Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Trabajé en Londres dos años. Mi National Insurance number era {uk_ni(r)}, a nombre de Ignacio Bethencourt; ¿lo necesito para recuperar las cotizaciones?",
            "UK NI number in Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name", "email"],
            f"proveedor_autonomo:\n  nombre: Xabier Mendizabal Goikoetxea\n  email: xmendi@euskalnet.net\n  iban: {iban(r, 'IT')}   # trabaja desde Trieste\n\n(copiado de producción, no lo subas al repo)",
            "YAML with a real freelancer's Italian IBAN",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Pasajero: Anacleto Moratinos Peñalver\nFecha de nacimiento: 02/12/1957\nPasaporte (el nuevo, el viejo caducó): {passport(r, 'ES')}",
            "Spanish passport with name and DOB",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Nota confidencial para responsables de turno: Fulgencio Navajas, que recoge los miércoles para él y su madre, contó en el mostrador que tiene VIH desde hace años y que ahora le han embargado la nómina por una deuda con Hacienda. No le pidáis otra vez el informe de servicios sociales, ya está en la carpeta."
    it.append(
        item(
            F,
            ["person_name", "health", "financial"],
            _foodbank(
                r,
                "es",
                6000,
                mid,
                "Banco de Alimentos del Barrio – manual de voluntariado, edición de primavera",
            )
            + "\n\nResume este manual en cinco puntos para alguien que empieza el sábado.",
            "food-bank handbook with a confidential note on a named client in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Hola a todos, Maripaz Escudero de recepción tiene un cáncer de tiroides y la operan el jueves. Ella prefiere que no se comente, solo que lo sepáis para cubrirle los turnos.",
            "greeting then a named colleague's diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Tened en cuenta que Abdelkader Rahmouni es musulmán practicante: durante el Ramadán no come hasta la puesta de sol, así que la comida de equipo de marzo mejor cambiarla a cena.",
            "religion of a named colleague",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Mi amiga Visitación Ortuño me ha contado que es lesbiana y que su familia, muy religiosa, no lo sabe. Viene a mi boda con su novia. ¿Cómo organizo las mesas sin ponerla en un aprieto?",
            "sexual orientation of a named friend",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "Teodomiro Carramiñana se ha afiliado a Comisiones Obreras y va a ser delegado sindical. El encargado quiere cambiarle al turno de noche «para que no líe a la gente».",
            "trade-union membership of a named worker",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Nos ha llegado el certificado de antecedentes penales de Rosendo Tormo Lucena: condena por hurto en 2018. Quiere apuntarse como voluntario en el comedor escolar.",
            "criminal record of a named applicant",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Sobre Itziar Arregi: she is going through IVF, así que va a faltar algunas mañanas sin avisar mucho. No hace falta que lo sepa el resto.",
            "Spanish with an English clause: fertility treatment",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "El Chino (Severiano Requena, el de mantenimiento, que no es chino) está en el fichero de morosos y le han denegado el alquiler. Nos pide un certificado de empresa para avalarle.",
            "nickname + name: listed as a defaulter",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "La señora Villalustre, la del bajo, va en silla de ruedas desde el ictus y el ascensor lleva tres semanas roto. ¿A quién reclamo?",
            "honorific + surname: stroke and wheelchair",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> De: Prevención de Riesgos Laborales\n> Asunto: Adaptación de puesto – Ruperto Valcárcel\n> Tras el diagnóstico de epilepsia no puede conducir carretillas; se le reasigna a inventario.\n\n¿Cómo se lo explico al equipo sin dar detalles médicos?",
            "quoted e-mail: diagnosis of a named worker",
            cx="medium",
        )
    )
    # ---- hard negatives (15) ----
    mid = "Paréntesis – Joaquín Sorolla nació el 27 de febrero de 1863 en Valencia. El Museo Sorolla, en el paseo del General Martínez Campos 37, 28010 Madrid, ocupa la que fue su casa-taller."
    it.append(
        item(
            N,
            [],
            _guide(r, "es", 4800, mid, "Valencia a pie – ruta por el centro histórico")
            + "\n\nCon esta guía, decide el orden más corto para visitar todas las paradas empezando en las Torres de Serranos, justifícalo y di qué quitarías si el grupo solo tiene hora y media y viene una persona en silla de ruedas.",
            "walking guide; historical figure with birth date and a museum address in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "En los formularios de ejemplo ponemos «Perengano Pérez, calle Falsa 123, 28000 Madrid, tel. 600 000 000», todo inventado. Genérame cinco personas ficticias más del mismo estilo.",
            "declared fictitious person",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "En el entorno de pruebas de Redsys la tarjeta de prueba 4548 8120 4940 0004 me da error SIS0051. ¿Qué significa y cómo lo soluciono?",
            "documented test card, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "La IBAN de ejemplo de la documentación del banco, ES79 2100 0813 6101 2345 6789, ¿tiene bien los dígitos de control nacionales? Explícame cómo se calculan.",
            "documentation example IBAN, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Resume en una frase: la vicepresidenta segunda y ministra de Trabajo, Yolanda Díaz, anunció el lunes en el Congreso una reducción de la jornada laboral a 37,5 horas, mientras la patronal lo calificó de «propaganda» y pidió cifras de financiación.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Emilia Pardo Bazán nació el 16 de septiembre de 1851 en A Coruña. ¿Cuántos años tenía cuando se publicó Los pazos de Ulloa en 1886?",
            "historical figure with birth date",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe una escena corta en la que Manolito Gafotas le explica a su abuelo qué es una criptomoneda.",
            "fictional character",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Cómo llego desde Atocha al Museo Reina Sofía, calle de Santa Isabel 52, 28012 Madrid, andando?",
            "museum address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Redacta una reclamación a Iberdrola, plaza Euskadi 5, 48009 Bilbao: nos han cobrado dos veces la factura de febrero y el chat de atención al cliente no responde.",
            "company head-office address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "num_envio;ref;ean;uds;fecha\nPK4X2291876500;SIL-0033;8410076472885;2;05/03/2026\nPK4X2291876517;SIL-0041;8410076472892;1;05/03/2026\nPK4X2291876524;MES-0102;8410076472908;6;06/03/2026\n\n¿Cuántas unidades salieron cada día?",
            "parcel numbers and EANs",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "tienda-api 5.3.1 (commit a91e0c7) arrancando...\nERROR 2026-03-06 10:12:03 pedido=PED-0088213 importe=49.90 estado=rechazado motivo=timeout pasarela\nERROR 2026-03-06 10:12:09 pedido=PED-0088214 importe=12.00 estado=rechazado motivo=timeout pasarela\n\n¿Qué está pasando y qué miro primero?",
            "app log with order ids and a commit hash",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Averigua si guardar la contraseña de la base de datos en un gestor de secretos con rotación automática compensa frente a dejarla en un fichero cifrado en el servidor, y después planifica el cambio con vuelta atrás por si la mitad de los servicios dejan de conectar.",
            "password/secret talk with no value",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "¡Buenos días, equipo! Recordad que el viernes a las cuatro se vacía la nevera de la oficina; poned nombre a vuestros táperes. ¿Me lo dejas más simpático?",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Omeprazol 20 mg cápsulas duras. Tomar una cápsula al día en ayunas, antes del desayuno, durante cuatro semanas. No masticar. Efectos adversos frecuentes: dolor de cabeza, diarrea, náuseas. Dímelo en una sola frase sencilla.",
            "drug leaflet, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            f"En el manual de nuestro router viene el ejemplo `ssh admin@{doc_ip(r)} -p 2222`. ¿Por qué usan esa dirección y no una real?",
            "documentation IP with generic user admin",
            cx="easy",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Traduce al inglés: «El envío llegará con dos días de retraso; disculpen las molestias.»",
            "translation",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Resúmelo en una frase: Las norias de la Huerta de Murcia elevaban el agua de las acequias para regar bancales situados más altos que el cauce. Movidas por la propia corriente, funcionaron durante siglos con piezas de madera que se reparaban cada año, hasta que los motores eléctricos las hicieron innecesarias. Algunas, como la de La Ñora, se conservan y todavía giran.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(
        item(C, [], "¿Cuántos litros son 5 galones estadounidenses?", "conversion", cx="easy")
    )
    it.append(
        item(
            C,
            [],
            "Corrige: «Haber si mañana me mandas el informe, que ayer no lo e recibido y aver que hacemos.»",
            "spelling fix",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Dime las comunidades autónomas que tienen costa en el Mediterráneo.",
            "short list",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Escribe un texto breve para la web anunciando que la tienda cierra en agosto por vacaciones, tono cercano.",
            "short text",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explica qué es una condición de carrera con un ejemplo sencillo en Java y cómo se evita.",
            "explanation with code",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Hazme un plan de lectura para terminar Don Quijote en seis semanas leyendo veinte minutos al día.",
            "plan",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "¿Qué diferencias hay entre una sociedad limitada y ser autónomo a la hora de facturar? Resumen corto en puntos.",
            "comparison",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Comprueba si a una cooperativa de aceite de Jaén le sale a cuenta instalar una almazara propia en lugar de maquilar, y luego haz un análisis de sensibilidad con el precio del aceite, la producción por hectárea y el coste de la energía.",
            "check then sensitivity analysis",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Deduce la fórmula de la suma de los cubos de los n primeros naturales y demuéstrala por inducción; después explica por qué coincide con el cuadrado de un número triangular.",
            "derivation and proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Planifica la migración del ERP de una empresa de 200 empleados a la nube en cuatro fases, con criterios para pasar de una a otra, vuelta atrás en cada fase y cómo verificar que no se pierden asientos contables.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Critica este razonamiento y reconstrúyelo: «Los alumnos que desayunan sacan mejores notas, así que obligar a desayunar subirá las notas». Señala los supuestos ocultos, qué datos harían falta y redacta una versión defendible.",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Tenemos tres opciones para la flota de reparto urbano: furgonetas eléctricas, de gas natural o bicicletas de carga con microhubs. Compáralas en coste total a seis años, emisiones y riesgo operativo, recomienda una y di cuánto tendría que subir la electricidad para que cambie la recomendación.",
            "three options with threshold analysis",
            cx="hard",
        )
    )
    return it


def items(r: random.Random, lang: str) -> list[dict]:
    return {"en": en, "de": de, "fr": fr, "es": es}[lang](r)
