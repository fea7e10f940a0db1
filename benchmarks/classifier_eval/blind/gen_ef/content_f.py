# ruff: noqa: RUF001  (typographic quotes and dashes are part of the prompts; prompts are long lines)
"""Set F: contexts, names, addresses and appended tasks (independent of sets A-E).

Long documents in F: Kubernetes audit logs (en, de) with one request from a person's OIDC login
and a public address in the middle; garage workshop job logs (fr, es) with a customer card in the
middle; trade-union branch bulletins with a casework item about a named member in the middle;
software release notes whose middle block is a declared fictitious test fixture (negatives).
"""

import random

from filler_ef import bulletin_lines, document, garage_lines, k8s_audit_lines, release_lines
from kit import dni, iban_fmt, nie, nir, nss, passport, phone, steuer, uk_ni
from kit_ef import bsn, card, codice_fiscale, doc_ip, hexs, iban, item, pesel, public_ip, rvnr

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"

TASKS = {
    "en": {
        "easy": [
            "Strip the formatting and give it back as plain text.",
            "Put this into Italian.",
            "Shorten it to a single line I can paste into a chat.",
            "Turn it into a numbered list, same wording.",
        ],
        "medium": [
            "Write the internal ticket comment you'd leave on this – three sentences at most.",
            "Who should own this – finance, people team, IT or facilities – and what should they do first?",
            "Reply to the sender asking, politely, for the one thing we still need.",
        ],
        "hard": [
            "Derive step by step which obligations this message triggers for us (breach notification, access request, retention), build a timeline for meeting each one, and explain what changes if the person lives outside the EU.",
            "Map every place this information could end up once we act on it – mailboxes, tickets, backups, analytics – estimate the exposure at each with stated assumptions, and plan a clean-up that can be rolled back if it breaks a workflow.",
            "Argue both for and against escalating this to our data-protection officer, weigh the two cases against each other, then give a recommendation and the threshold at which you would change your mind.",
        ],
    },
    "de": {
        "easy": [
            "Entferne die Formatierung und gib es als reinen Text zurück.",
            "Übersetz das ins Italienische.",
            "Kürz es auf eine Zeile für den Chat.",
            "Mach eine nummerierte Liste daraus, Wortlaut unverändert.",
        ],
        "medium": [
            "Schreib den internen Ticketkommentar dazu, höchstens drei Sätze.",
            "Wer sollte das übernehmen – Buchhaltung, Personal, IT oder Haustechnik – und was zuerst tun?",
            "Antworte dem Absender und bitte höflich um das eine, was noch fehlt.",
        ],
        "hard": [
            "Leite Schritt für Schritt her, welche Pflichten diese Nachricht für uns auslöst (Meldung einer Datenpanne, Auskunftsersuchen, Aufbewahrung), erstelle einen Zeitplan für jede davon und erkläre, was sich ändert, wenn die Person außerhalb der EU lebt.",
            "Zeichne nach, wo diese Angaben überall landen könnten, sobald wir tätig werden – Postfächer, Tickets, Backups, Auswertungen –, schätze das Risiko an jeder Stelle mit offengelegten Annahmen und plane eine Bereinigung, die sich zurückdrehen lässt, falls ein Ablauf bricht.",
            "Sammle Argumente für und gegen eine Eskalation an unsere Datenschutzbeauftragte, wäge sie gegeneinander ab und gib dann eine Empfehlung samt der Schwelle, ab der du umschwenken würdest.",
        ],
    },
    "fr": {
        "easy": [
            "Enlève la mise en forme et rends-le en texte brut.",
            "Mets ça en italien.",
            "Réduis-le à une seule ligne pour la messagerie.",
            "Fais-en une liste numérotée, sans changer les mots.",
        ],
        "medium": [
            "Écris le commentaire interne que tu laisserais sur le ticket, trois phrases maximum.",
            "Qui doit s'en charger – compta, RH, informatique ou services généraux – et que faire en premier ?",
            "Réponds à l'expéditeur en demandant poliment la seule chose qui nous manque.",
        ],
        "hard": [
            "Déduis étape par étape quelles obligations ce message déclenche pour nous (notification de violation, demande d'accès, conservation), construis un calendrier pour chacune et explique ce qui change si la personne réside hors de l'UE.",
            "Recense tous les endroits où ces informations peuvent finir une fois que nous agissons – boîtes mail, tickets, sauvegardes, statistiques –, estime l'exposition à chaque endroit avec des hypothèses explicites et planifie un nettoyage réversible si un processus casse.",
            "Plaide pour puis contre une remontée au délégué à la protection des données, mets les deux plaidoyers en balance, puis donne une recommandation et le seuil à partir duquel tu changerais d'avis.",
        ],
    },
    "es": {
        "easy": [
            "Quítale el formato y devuélvelo como texto plano.",
            "Pásalo al italiano.",
            "Déjalo en una sola línea para el chat.",
            "Conviértelo en una lista numerada, sin cambiar las palabras.",
        ],
        "medium": [
            "Escribe el comentario interno que dejarías en el ticket, tres frases como mucho.",
            "¿Quién debería encargarse – contabilidad, personas, informática o mantenimiento – y qué debería hacer primero?",
            "Contesta al remitente pidiéndole con educación lo único que nos falta.",
        ],
        "hard": [
            "Deduce paso a paso qué obligaciones nos genera este mensaje (notificación de brecha, derecho de acceso, conservación), arma un calendario para cumplir cada una y explica qué cambia si la persona vive fuera de la UE.",
            "Traza todos los sitios donde puede acabar esta información cuando actuemos – buzones, tickets, copias de seguridad, analítica –, estima la exposición en cada uno con supuestos explícitos y planifica una limpieza que se pueda deshacer si rompe algún proceso.",
            "Argumenta a favor y en contra de escalar esto a nuestra delegada de protección de datos, sopesa ambos lados y da una recomendación con el umbral a partir del cual cambiarías de opinión.",
        ],
    },
}


def _k8s(r: random.Random, target: int, mid: str, head: str) -> str:
    return document(r, k8s_audit_lines, target, mid, head)


def _garage(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: garage_lines(rr, lang, k), target, mid, head)


def _bulletin(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: bulletin_lines(rr, lang, k), target, mid, head)


def _release(r: random.Random, lang: str, target: int, mid: str, head: str) -> str:
    return document(r, lambda rr, k: release_lines(rr, lang, k), target, mid, head)


def _k8s_person(r: random.Random, login: str) -> str:
    return (
        '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"RequestResponse",'
        f'"auditID":"{hexs(r, 8)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 12)}","stage":"ResponseComplete",'
        '"requestURI":"/api/v1/namespaces/payments/secrets/stripe-live","verb":"get",'
        f'"user":{{"username":"oidc:{login}","groups":["oidc:platform-admins"]}},"sourceIPs":["{public_ip(r)}"],'
        '"userAgent":"kubectl/v1.30.2 (darwin/arm64)","objectRef":{"resource":"secrets","namespace":"payments","name":"stripe-live"},'
        '"responseStatus":{"code":200},"requestReceivedTimestamp":"2026-04-09T03:14:07.551208Z"}'
    )


def en(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = _k8s_person(r, "tobiah.quennell@northwind-freight.co.uk")
    it.append(
        item(
            S,
            ["ip_user", "email"],
            _k8s(
                r,
                4400,
                mid,
                "kube-apiserver audit log, prod-eu cluster, 03:00–04:00 UTC (mostly in-cluster service accounts)",
            )
            + "\n\nList the distinct user names in this log, one per line.",
            "Kubernetes audit log; one request by a person's OIDC login from a public IP in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'Apr  9 10:22:31 lb1 haproxy[2231]: {public_ip(r)}:51234 [09/Apr/2026:10:22:31.118] fe_https~ be_portal/web2 0/0/1/87/88 200 5123 - - ---- 120/118/3/1/0 0/0 {{ptrevithick|Mozilla/5.0}} "GET /account/settings HTTP/1.1"\n\nthe captured header is X-Auth-User – why is this user hitting web2 and not web1?',
            "HAProxy log line: client IP and captured user header",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Footer for my invoices, can you tidy it?\n\nPayable to R. Dijkgraaf-Ames (Roelof) · IBAN {iban_fmt(iban(r, 'NL'))} · BIC RABONL2U · freelance, not VAT registered",
            "Dutch IBAN in a freelancer's invoice footer",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth"],
            "note to self: the insurer wants Billie's real name and DOB – it's Wilhelmina Sturridge, 14/10/1983, not Billie as we all call her",
            "nickname, full name and date of birth",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"{uk_ni(r, spaced=True)}  ← NINO for Edmund “Ned” Carrow-Blythe, starts Monday at the Leeds depot, payroll please",
            "UK NI number first, label and name after",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"UPDATE payment_methods SET pan = '{card(r, 'mc', 2)}' WHERE customer_name = 'Araminta Holloway-Peck';\n-- someone ran this on prod by hand. is the full PAN now sitting in the binlog?",
            "SQL UPDATE with an unspaced Mastercard number",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"My colleague from the Bilbao office needs a badge for the summit. Her DNI is {dni(r, 1)} and her full name is Edurne Aranguren Lasa.",
            "Spanish DNI with a dash in English text",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"name\tnationality\tpassport\tdob\nThéodore Aubertin-Sall\tFR\t{passport(r, 'FR')}\t1978-05-30\nRagnhild Oskarsdottir\tIS\t(pending)\t1991-12-02\n\nwhy does the visa tool reject the second row?",
            "TSV rows with a French passport and dates of birth",
        )
    )
    it.append(
        item(
            S,
            ["address", "phone", "person_name"],
            f"Collection from 7 Wrenfield Close, Hexham NE46 3QZ – ring Mrs Penrose-Ogundipe on {phone(r, 'GB', 2)} before you set off, she's hard of hearing so let it ring.",
            "private address, landline, honorific + surname",
        )
    )
    it.append(
        item(
            S,
            ["email", "address", "person_name"],
            'From: "Kit" <christopher.amberley@icloud.com>\nSubject: moved!\n\nhi, can you update my address for the magazine to 22 Bramblecote Rise, Dorchester DT1 2QF from next month. ta, Kit Amberley',
            "e-mail header, new home address",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f'resp = requests.post(PAYOUT_URL, json={{"account_holder": "Ingrid Solvang-Meyer", "iban": "{iban(r, "LU")}", "amount": 1840}})\n# 422 from the payout API – is the IBAN the problem?',
            "Python call with a Luxembourg IBAN",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"My Polish flatmate Zuzanna Wróblewska asked me to fill in the council form for her. Her PESEL, from the ID card, is {pesel(r, True)} – is that the right number for the ‘national identity number’ box?",
            "Polish PESEL (check digit valid) in English text",
        )
    )
    it.append(
        item(
            S,
            ["ip_user", "email"],
            f'{{"eventType":"user.session.start","outcome":{{"result":"SUCCESS"}},"actor":{{"alternateId":"h.fairweather@kestrel-labs.io","displayName":"Hugo Fairweather"}},"client":{{"ipAddress":"{public_ip(r)}","geographicalContext":{{"country":"Portugal"}}}},"published":"2026-04-08T23:51:09.114Z"}}\n\nHugo is supposed to be in Leeds this week. Should I worry?',
            "Okta system-log event: login e-mail and public IP",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Item – Casework (members only): our member Wilfred Oyedepo-Strand (warehouse, nights) has been signed off with work-related stress and faces a disciplinary hearing on the 14th; the branch is representing him. Please don't discuss it on the shop floor."
    it.append(
        item(
            F,
            ["person_name", "trade_union", "health"],
            _bulletin(r, "en", 3000, mid, "Unite – Harbour Road branch bulletin, April")
            + "\n\nPull the dated events out of this bulletin into a short list.",
            "trade-union branch bulletin with a casework item on a named member in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "tbh I only know because Rory told me himself – Rory Fitzwalter, 3rd floor – he's HIV positive, undetectable, totally fine, but he's stressing about the travel vaccine form for the Lagos trip",
            "HIV status of a named colleague",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Can you hold off on Juniper Adeyemi-Lind's expense refund? She mentioned she's in an IVA and I'm not sure whether reimbursements go to the insolvency practitioner.",
            "insolvency arrangement of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Mrs Bhattacharjee asked for the quiet-room key again – she's fasting for Navratri and prays at lunchtime. Can facilities leave a key with reception for the nine days?",
            "religion, honorific + surname",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Please seat Idris Penhallow with his husband Marek at the awards dinner, not with the sales team. He isn't out at work, so no ‘and partner’ on the place cards.",
            "sexual orientation of a named employee",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "The agency wants to know who voted for the strike. I happen to know Perpetua Delacroix-Heath is in Unison because she asked me to sign the petition. Do I have to tell them?",
            "trade-union membership of a named worker",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Reference check came back: Ambrose Kettering-Vale served 14 months for fraud and was released in 2022. He's on our shortlist for the finance assistant job.",
            "criminal record of a named applicant",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Update on Henrietta Lowther – sie ist seit Montag stationär in der Psychiatrie, after the panic attacks got worse. Please reassign her tickets and don't mention why.",
            "English with a German clause: psychiatric admission",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Tiny (Bartholomew Greaves, the bouncer at our Friday gigs) is on dialysis three times a week now, so he can't do Saturdays. Who else can cover the door?",
            "nickname + name: dialysis",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> On Mon, Leticia Armitage wrote:\n> I'll be off for two weeks from Thursday. My husband's cancer is back and I need to be at the hospital with him.\n\nhow do I word the out-of-office for her team?",
            "quoted e-mail: named employee and her husband's cancer",
            cx="medium",
        )
    )
    # ---- hard negatives (15) ----
    mid = f"### Test fixtures (seed data – all fictitious)\n- user: Jane Q. Sample, born 1990-01-01, jane.sample@example.com, phone +1 202-555-0143\n- bank account: AT61 1904 3002 3457 3201 (the documented example IBAN)\n- admin login: admin from {doc_ip(r)} (RFC 5737 documentation range)"
    it.append(
        item(
            N,
            [],
            _release(r, "en", 3800, mid, "# Ledgerly – release notes 4.0 → 5.x")
            + "\n\nList only the entries marked Removed or Deprecated.",
            "release notes; declared fictitious test fixture in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Sum this up in a sentence: Energy Secretary Ed Miliband told the Commons on Wednesday that two new offshore wind auctions would open before the summer, while the shadow minister accused the government of ignoring the cost to household bills.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Write a 100-word biography of Mary Seacole, born in Kingston, Jamaica, in 1805, for a primary-school display on nursing.",
            "historical figure with birth year",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Compare how Breaking Bad and The Big C portray a terminal cancer diagnosis – Walter White versus Cathy Jamison – and argue which is closer to what patients actually go through, using at least three specific scenes.",
            "fictional characters' illness",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Is Kew Gardens, Richmond TW9 3AE, walkable from Kew Gardens station, or do I need the bus?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Write a cover letter to Arup, 8 Fitzroy Street, London W1T 4BJ, for a graduate structural engineer role; mention a bridge project from my degree.",
            "company office address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our QA sheet lists 3782 822463 10005 as the Amex test number from the PayPal sandbox docs. Does the sandbox also need a specific CVV for Amex, and how many digits?",
            "documented Amex test number, declared",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "invoice_no,supplier,supplier_vat,net,due\nINV-2026-004417,Brightwell Packaging Ltd,GB 284 1173 09,1840.00,2026-05-01\nINV-2026-004418,Calder Fasteners Ltd,GB 391 5520 41,312.50,2026-05-03\nINV-2026-004419,Brightwell Packaging Ltd,GB 284 1173 09,96.00,2026-05-03\n\nTotal the net amount per supplier.",
            "company VAT numbers and invoice numbers in a CSV",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Explain what the ‘sub’ and ‘exp’ claims in a JWT mean, and why the signing secret must never ship inside the mobile app.",
            "secret/token talk with no value",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Hello everyone and welcome to the Q3 all-hands! Grab a coffee, we start in five. – make this sound a bit less corporate",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "What's the difference between type 1 and type 2 diabetes, in three sentences?",
            "medical vocabulary, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "A £15,000 car loan at 7.9 % APR over 48 months: work out the monthly payment, then how much sooner it is cleared with an extra £100 a month, and whether that beats putting the £100 in a 4.5 % savings account after tax – state the assumptions that would flip the answer.",
            "loan calculation with a comparison, no person",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            'resource "aws_security_group_rule" "ssh" {\n  cidr_blocks = ["203.0.113.0/24"]\n  from_port   = 22\n  to_port     = 22\n}\n# ansible: remote_user = "admin"\n\nwhy does terraform plan want to replace this rule every time?',
            "documentation CIDR and generic user admin",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Our Australian client's templates use ‘Fred Nurk, 1 Sample St, Sydney NSW 2000’ as the example customer. Is Fred Nurk a standard placeholder name, and what are the British and American equivalents?",
            "declared placeholder name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Format these as APA references: ISBN 978-0-241-98761-3 (Atkinson, 2019); ISBN 978-1-5098-5853-0 (Barrow, 2020); ISSN 0028-0836, volume 612, pages 40–44.",
            "ISBNs and ISSN",
            cx="easy",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Sort these from north to south: Leeds, Bristol, Inverness, Exeter, York.",
            "short ordering",
            cx="easy",
        )
    )
    it.append(item(C, [], "What's 15 % of 380?", "arithmetic", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Rewrite in the past tense: ‘The crew loads the van, checks the tyres and leaves before dawn.’",
            "tense change",
            cx="easy",
        )
    )
    it.append(
        item(C, [], "Give me a synonym for ‘robust’ that isn't ‘strong’.", "one word", cx="easy")
    )
    it.append(
        item(
            C,
            [],
            "Boil this down to one sentence: Drystone walls are built without mortar, the stones held in place by their own weight and careful placement. A good waller sorts the stones by size first, builds two faces that lean slightly inwards and fills the middle with small ‘hearting’ stones, tying the faces together every metre or so with long ‘throughs’. Well built, a wall can stand for two centuries with only occasional repairs after frost.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Draft a LinkedIn post announcing that our studio is moving to a bigger space in Salford in June; upbeat, no hashtags.",
            "short post",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explain the CAP theorem with a concrete example of a system that chooses availability.",
            "explanation",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Suggest five names for a Sunday cycling club that welcomes slow riders, with a line on each.",
            "naming",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Write a SQL query that returns each customer's first and most recent order date from an orders table.",
            "SQL query",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Estimate how many piano tuners work in Glasgow, stating every assumption, then find the assumption the answer is most sensitive to and propose a cheap way to test it.",
            "Fermi estimate with sensitivity",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Prove that no knight's tour exists on a 4×4 board, then explain which steps of your argument stop working on a 5×5 board.",
            "proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Plan how to split one Postgres schema shared by three teams into three databases over two quarters: the order of the cut-overs that minimises cross-team breakage, a rollback for each, and how we keep reports working in between.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "A vendor claims: ‘our cache cuts p99 latency by 80 %, so you'll need 80 % fewer servers.’ Take the claim apart, then rebuild what a correct capacity argument would look like and which numbers we'd need to measure.",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Work out whether a four-day week for our 40-person support team would still meet the four-hour first-response target with about 120 tickets a day arriving roughly at random, then recommend a rota and say what would break it.",
            "queueing model with a recommendation",
            cx="hard",
        )
    )
    return it


def de(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = _k8s_person(r, "sieglinde.marquardt")
    it.append(
        item(
            S,
            ["ip_user"],
            _k8s(
                r,
                5800,
                mid,
                "Audit-Log des kube-apiservers, Cluster prod-de, 03–04 Uhr UTC (überwiegend clusterinterne Dienstkonten)",
            )
            + "\n\nZähl die Anfragen pro Verb und gib sie als kleine Tabelle aus.",
            "Kubernetes audit log; one request by a person's OIDC login from a public IP in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'{{"ereignis":"anmeldung_erfolgreich","benutzer":"h.tiedemann-ozdemir","quell_ip":"{public_ip(r)}","zeitpunkt":"2026-04-08T22:17:03+02:00","anwendung":"Lohnportal"}}\n\nUnser SIEM markiert das als „unmöglicher Ortswechsel“. Was heißt das?',
            "JSON login event with German keys: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Sozialversicherungsnummer (steht auf dem Brief der DRV):\n\n{rvnr(r, 'Kessler', True)}\n\nFür die Anmeldung der neuen Aushilfe, Frau Annemarie Keßler, die fängt am 1. an.",
            "Rentenversicherungsnummer, label two lines above",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Steuer-ID {steuer(r, 2)} – so steht sie auf meinem Bescheid, nur falls der Lohnabrechner wieder meckert. Gruß, Reinhild Poschmann",
            "Steuer-ID in 3-3-3-2 groups",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Kannst du die Rückerstattung für die Kursgebühr an Herrn Wendelin Strohschneider überweisen? Seine Bankverbindung: {iban_fmt(iban(r, 'DE'), 1)} (Sparkasse). Er hat zweimal angerufen.",
            "German IBAN unspaced",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Kundin am Telefon: „Meine Karte ist die {card(r, 'visa')}, gültig bis 02/29, auf den Namen Gunhild Osterkamp.“ Wo trage ich das im Kassensystem ein, ohne dass es im Freitext landet?",
            "Visa dictated on the phone",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Teilnehmerliste Studienreise (bitte prüfen, ob alles vollständig ist):\n| Name | Geburtsdatum | Reisepass |\n|---|---|---|\n| Leopold Wichert | 03.08.1969 | {passport(r, 'DE')} |\n| Rosemarie Wichert | 21.01.1971 | {passport(r, 'DE')} |",
            "markdown table with German passports and dates of birth",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"Mit freundlichen Grüßen\nDr. Kunigunde Pfaffenrath\nPraxis für Logopädie\nTel. {phone(r, 'DE', 2)} · mobil {phone(r, 'DE', 3)}\nk.pfaffenrath@gmx.de",
            "signature with landline, mobile and e-mail",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Unsere Werkstudentin aus Krakau, Agnieszka Zielińska, hat für die Anmeldung ihre PESEL geschickt: {pesel(r, True)}. Brauchen wir die überhaupt oder reicht die Steuer-ID?",
            "Polish PESEL in German text",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"codice fiscale: {codice_fiscale(r, 'Federica', 'Zanardelli', True)}\n\nDas ist die Steuernummer unserer neuen Kollegin aus Verona, Federica Zanardelli. Wo kommt die in SAP hin?",
            "Italian codice fiscale before its owner's name",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name", "address"],
            f"mieter:\n  - name: Gottfried Ehrenreich\n    anschrift: Hafenstraße 12a, 26789 Leer\n    iban: {iban(r, 'AT')}\n    kaution_bezahlt: true\n\n(Echtdaten aus der Hausverwaltung – bitte nicht ins Git)",
            "YAML with a tenant's address and Austrian IBAN",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Hi, hier die Nummer aus der Steuererklärung meines Mannes in den Niederlanden: BSN {bsn(r)}, Name Joost Verhoeven-Pauly. Muss die auch in die deutsche Anlage AUS?",
            "Dutch BSN in German text",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "phone"],
            f"INSERT INTO notfallkontakte (kind, geburtsdatum, kontakt, telefon) VALUES\n  ('Ida Brüggemann', '2017-09-12', 'Carola Brüggemann', '{phone(r, 'DE', 0)}'),\n  ('Mats Ohlendorf', '2016-04-30', 'Jens Ohlendorf', '{phone(r, 'DE', 3)}');",
            "SQL INSERT: children's birth dates and parents' phones",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Punkt – Einzelfallhilfe (nur für Mitglieder): Unser Kollege Ansgar Thielemann (Versand, Nachtschicht) ist wegen einer Suchterkrankung krankgeschrieben; die Geschäftsleitung droht mit Kündigung, die Rechtsschutzabteilung ist eingeschaltet. Bitte nicht im Betrieb darüber reden."
    it.append(
        item(
            F,
            ["person_name", "trade_union", "health"],
            _bulletin(
                r, "de", 4200, mid, "IG BCE – Mitteilungen der Vertrauensleute, Werk Nord, April"
            )
            + "\n\nMach eine kurze Liste aller Termine aus diesem Rundschreiben.",
            "trade-union bulletin with a casework item on a named member in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Servus, die Vroni (Veronika Aigner aus der Kreditorenbuchhaltung) hat Multiple Sklerose, sie hat's mir gestern erzählt. Sie will nicht, dass es die Chefin erfährt. Wie kann ich ihr trotzdem helfen?",
            "greeting + nickname + name: MS diagnosis",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "Frau Dombrowski aus der Poststelle hat eine Privatinsolvenz laufen und jetzt kam die Pfändung für ihr Gehalt. Wer bei uns bearbeitet so was?",
            "honorific + surname: insolvency and garnishment",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Bitte beim Betriebsausflug an Baruch Feingold denken: er hält den Schabbat, also nichts am Samstag, und er isst nur koscher.",
            "religion of a named colleague",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Mein Kollege Quirin Hallerbach ist schwul und hat Angst, dass es im Vertrieb rauskommt, weil sein Freund ihn neulich vom Büro abgeholt hat. Was rate ich ihm?",
            "sexual orientation of a named colleague",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "Die Personalleiterin hat gefragt, ob Edeltraud Wimmer in der IG Metall ist, weil sie beim Warnstreik dabei war. Darf ich das beantworten?",
            "trade-union membership of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Der neue Hausmeister, Konstantin Reschke, hat eine Vorstrafe wegen Körperverletzung (2015, Bewährung). Der Vorstand überlegt, ob er trotzdem die Schlüssel für die Kita bekommt.",
            "criminal record of a named caretaker",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Info zu Wiltrud Vollmers: she's having chemo again ab nächster Woche, also bitte keine Termine mehr vor 11 Uhr einstellen.",
            "German with an English clause: chemotherapy",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Der Hüne – Zdravko Sabljić vom Wareneingang – hat nach dem Bandscheibenvorfall einen Schwerbehindertenausweis bekommen. Muss ich das der Personalabteilung melden?",
            "nickname + name: disability status",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> Von: Betriebsärztlicher Dienst\n> Betreff: Arbeitsplatz Ottokar Sundqvist\n> Nach dem Herzinfarkt bitte keine Nachtschichten und kein Heben über 10 kg.\n\nWie sag ich's der Schichtplanung?",
            "quoted e-mail: heart attack of a named worker",
            cx="medium",
        )
    )
    # ---- hard negatives (15) ----
    mid = f"### Testdaten (Seed, vollständig erfunden)\n- Nutzer: Theo Testmann, geb. 01.01.1980, theo.testmann@example.org, Tel. 0123 4567 8900 (Platzhalter)\n- Konto: Beispiel-IBAN AT61 1904 3002 3457 3201\n- Admin-Zugang: admin von {doc_ip(r)} (Dokumentationsbereich nach RFC 5737)"
    it.append(
        item(
            N,
            [],
            _release(r, "de", 3400, mid, "# Ledgerly – Versionshinweise 4.0 bis 5.x")
            + "\n\nNenn mir nur die Einträge, die mit „Entfernt“ oder „Veraltet“ markiert sind.",
            "release notes; declared fictitious test fixture in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Fass in einem Satz zusammen: Bundesfinanzminister Lars Klingbeil hat am Mittwoch im Bundestag ein Sofortprogramm für die Bahn angekündigt; die Grünen warfen ihm vor, die Finanzierung offen zu lassen.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Schreib eine kurze Biografie von Lise Meitner (geboren am 7. November 1878 in Wien) für eine Schautafel im Physikraum, höchstens 100 Wörter.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Vergleiche, wie Thomas Mann in den Buddenbrooks den Niedergang von Hanno und Thomas darstellt, mit der Krankheitsdarstellung im Zauberberg, und begründe, welche Darstellung moderner wirkt – mit Textstellen.",
            "fictional characters' illness",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Wie lange läuft man von der U-Bahn Königsplatz bis zur Pinakothek der Moderne, Barer Straße 40, 80333 München?",
            "museum address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Schreib ein Anschreiben an die Siemens Healthineers AG, Siemensstraße 3, 91301 Forchheim, für eine Stelle als Medizintechnikerin.",
            "company address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "In der Stripe-Doku steht die Testkarte 4000 0027 6000 3184 für 3-D-Secure. Warum erscheint im Testmodus kein Bestätigungsfenster?",
            "documented test card, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Rechnungsnr.;Lieferant;USt-IdNr.;Netto\nRE-2026-00871;Hafenkontor Logistik GmbH;DE 283 941 577;1.240,00\nRE-2026-00872;Stahlbau Kröger KG;DE 127 550 318;380,50\nRE-2026-00873;Hafenkontor Logistik GmbH;DE 283 941 577;96,00\n\nSumme netto je Lieferant bitte.",
            "company VAT ids and invoice numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Was ist der Unterschied zwischen einem API-Schlüssel und einem OAuth-Client-Secret, und warum gehört keins von beiden in ein öffentliches Repository?",
            "secret/key talk with no value",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Guten Morgen zusammen und herzlich willkommen zur Betriebsversammlung! – mach das etwas lockerer, wir sind ein kleines Team.",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Was ist der Unterschied zwischen Typ-1- und Typ-2-Diabetes? Drei Sätze reichen.",
            "medical vocabulary, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ein Annuitätendarlehen über 250.000 € mit 3,8 % Sollzins und 2 % anfänglicher Tilgung: Rechne die Monatsrate und die Restschuld nach zehn Jahren aus, prüf dann, ob sich jährliche Sondertilgungen von 5.000 € mehr lohnen als ein ETF-Sparplan mit 5 % Rendite vor Steuern, und nenn die Annahmen, bei denen das Ergebnis kippt.",
            "loan calculation with a comparison, no person",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            f"In der Anleitung steht `scp backup.tar admin@{doc_ip(r)}:/srv/` – warum meckert scp bei mir über den Host-Key?",
            "documentation IP with generic user admin",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Im Formularkurs nehmen wir immer „Lieschen Müller, Hauptstraße 1, 12345 Beispielstadt“ als erfundene Beispielperson. Woher kommt der Name eigentlich, und gibt es eine männliche Entsprechung?",
            "specimen name",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Bring diese Angaben in eine Literaturliste nach DIN ISO 690: ISBN 978-3-446-26814-4 (Schmid 2021), ISBN 978-3-8348-1890-3 (Lange 2019).",
            "ISBNs",
            cx="easy",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Ordne von Nord nach Süd: Würzburg, Kiel, Augsburg, Kassel, Hannover.",
            "ordering",
            cx="easy",
        )
    )
    it.append(item(C, [], "Wie viel sind 18 % von 2.450 €?", "arithmetic", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Setz ins Präteritum: „Die Kolonne lädt den Wagen, prüft die Reifen und fährt vor Sonnenaufgang los.“",
            "tense change",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Gib mir ein anderes Wort für „nachhaltig“, das nicht nach Werbung klingt.",
            "one word",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "In einem Satz: Trockenmauern werden ohne Mörtel gesetzt; die Steine halten durch ihr Gewicht und eine sorgfältige Schichtung. Man sortiert zuerst nach Größe, baut zwei leicht nach innen geneigte Schalen und füllt den Kern mit kleinen Steinen, während lange Bindersteine beide Seiten verbinden. Gut gebaut hält so eine Mauer zweihundert Jahre.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Schreib einen kurzen Beitrag fürs Intranet: Unser Büro zieht im Juni in größere Räume in der Speicherstadt. Fröhlich, ohne Floskeln.",
            "short post",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Erklär das CAP-Theorem mit einem konkreten Beispiel für ein System, das Verfügbarkeit wählt.",
            "explanation",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Schlag fünf Namen für einen Lauftreff vor, der ausdrücklich auch langsame Leute willkommen heißt.",
            "naming",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Schreib eine SQL-Abfrage, die pro Kunde das erste und das letzte Bestelldatum liefert.",
            "SQL",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Schätz ab, wie viele Schornsteinfeger in Sachsen arbeiten, leg jede Annahme offen, finde die Annahme, auf die das Ergebnis am empfindlichsten reagiert, und schlag einen billigen Test dafür vor.",
            "Fermi estimate with sensitivity",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Beweis auf zwei Wegen – per Induktion und geometrisch –, dass die Summe der ersten n ungeraden Zahlen n² ist, und begründe, welcher der beiden Beweise sich auf Summen von Quadratzahlen übertragen lässt.",
            "proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Plane, wie wir ein gemeinsames Datenbankschema von drei Teams in zwei Quartalen auf drei getrennte Datenbanken aufteilen: Reihenfolge der Umstellungen, Rückweg je Schritt und wie die Berichte in der Zwischenzeit weiterlaufen.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Ein Anbieter behauptet: „Unser Cache senkt die p99-Latenz um 80 %, also brauchen Sie 80 % weniger Server.“ Zerleg die Aussage und bau dann eine korrekte Kapazitätsrechnung auf – welche Messwerte bräuchten wir?",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Prüf, ob unser Kundenservice mit 40 Leuten bei einer Vier-Tage-Woche die Erstreaktion binnen vier Stunden noch schafft, wenn täglich etwa 120 Anfragen zufällig verteilt eingehen, und empfiehl danach einen Dienstplan.",
            "queueing model with recommendation",
            cx="hard",
        )
    )
    return it


def fr(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = f"FICHE CLIENT (mise à jour à l'atelier) – M. Eudes Carbonnel-Ravel, 9 chemin des Garrigues Hautes, 34570 Pignan ; né le 18/03/1966 ; tél. {phone(r, 'FR', 0)} ; prélèvement SEPA sur {iban_fmt(iban(r, 'FR'))}."
    it.append(
        item(
            S,
            ["person_name", "address", "date_of_birth", "phone", "iban"],
            _garage(
                r,
                "fr",
                5000,
                mid,
                "Garage Carrosserie du Lez – journal des ordres de réparation, semaine 15",
            )
            + "\n\nMets les ordres de réparation « en attente pièces » dans un tableau.",
            "garage job log; customer card with IBAN in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'Apr  9 06:41:12 ftp01 vsftpd[18842]: [gbaranger] OK LOGIN: Client "{public_ip(r)}"\nApr  9 06:41:15 ftp01 vsftpd[18844]: [gbaranger] OK UPLOAD: Client "::ffff:{public_ip(r)}", "/compta/export_mars.xlsx", 48211 bytes\n\nQui a déposé ce fichier et d\'où ?',
            "vsftpd log: user and public IP",
        )
    )
    n = nir(r, 1, sex=1)
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Numéro de sécurité sociale : voir ci-dessous (je l'ai recopié de l'attestation Ameli, les espaces sont d'origine)\n\n{n}\n\nC'est pour l'affiliation de Romaric Delavigne à la mutuelle.",
            "French NIR spaced, label a sentence away",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mon numéro d'identification fiscale allemand, pour le formulaire de non-imposition : {steuer(r, 3)}. Hermine Castagnède, domiciliée en Alsace depuis l'an dernier.",
            "German Steuer-ID with dots in French text",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Remboursement de la caution à Mme Lisandre Ogier : IBAN belge {iban_fmt(iban(r, 'BE'))}, elle est repartie à Namur. Tu peux lancer le virement aujourd'hui ?",
            "Belgian IBAN",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Commande téléphonique : M. Barthélémy Couderc-Fournel, carte {card(r, 'amex')}, expiration 06/28 – il refuse le lien de paiement. Je fais comment ?",
            "Amex dictated",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Liste des accompagnateurs (voyage scolaire à Londres) :\n- Solveig Arnaudet, née le 04/09/1982, passeport {passport(r, 'FR')}\n- Grégoire Lanusse, né le 27/11/1975, passeport {passport(r, 'FR')}",
            "list with French passports and dates of birth",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"Bonjour, c'est Anouchka Verdier-Malouf, je n'arrive plus à me connecter. Vous pouvez me rappeler au {phone(r, 'FR', 1)} ou m'écrire sur anouchka.vm@orange.fr ? Merci !",
            "message with phone and e-mail",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Notre stagiaire espagnol, Unai Goiriena Ezeiza, a un NIE {nie(r)} et un numéro de sécurité sociale espagnol {nss(r)}. Lequel on met dans la DPAE ?",
            "Spanish NIE and NSS in French text",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Le comptable demande le codice fiscale de notre associé italien, Ettore Malaspina : {codice_fiscale(r, 'Ettore', 'Malaspina')}. Ça suffit pour la déclaration des dividendes ?",
            "Italian codice fiscale in French text",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'{{"type":"LOGIN","realmId":"intranet","clientId":"portail-rh","userId":"3f1c2a9e","details":{{"username":"mbouvier-tessier"}},"ipAddress":"{public_ip(r)}","time":1775713871000}}\n\nC\'est un événement Keycloak : est-ce que ça prouve que c\'était bien elle ?',
            "Keycloak login event: user name and public IP",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "address"],
            "INSERT INTO adherents (nom, prenom, date_naissance, adresse) VALUES ('Paillardon', 'Huguette', '1949-02-17', '5 allée des Aubépines, 87000 Limoges');\n-- l'import plante sur l'apostrophe de la ligne suivante",
            "SQL INSERT with a member's birth date and address",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Pour le dossier de la CAF il faut le numéro de sécu de mon compagnon, Melchior Tardivel : {nir(r, 2, sex=1)} – la clé est à part sur sa carte.",
            "French NIR with the key apart",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Point – Accompagnement individuel (réservé aux adhérents) : notre camarade Ludivine Sarrazin-Moreau (préparation de commandes) est en arrêt pour un burn-out ; la direction conteste l'arrêt et lui a envoyé un contrôle médical. La section l'accompagne aux prud'hommes. Merci de ne pas en parler à l'entrepôt."
    it.append(
        item(
            F,
            ["person_name", "trade_union", "health"],
            _bulletin(
                r, "fr", 3300, mid, "CFDT – Lettre de la section, entrepôt de Saint-Priest, avril"
            )
            + "\n\nRésume cette lettre en trois phrases.",
            "trade-union bulletin with an item on a named member in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Salut tout le monde, Timothée Ravenel (le grand brun de la compta) est séropositif, il me l'a dit hier soir. Il a peur que ça se sache, donc motus.",
            "greeting then a named colleague's HIV status",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "M. Bellocq, du service expédition, a demandé une avance sur salaire : il est fiché à la Banque de France et son propriétaire menace de l'expulser.",
            "honorific + surname: banking register and eviction threat",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Pour la sortie d'équipe du vendredi, pense que Souleymane Traoré-Bakayoko va à la prière à 13 h et fait le ramadan en mars ; on peut décaler à 15 h ?",
            "religion of a named colleague",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Ma stagiaire, Bérengère Hervouet, m'a confié qu'elle est lesbienne et qu'une collègue fait des blagues lourdes à ce sujet. Comment je réagis sans l'exposer ?",
            "sexual orientation of a named intern",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "La DRH m'a demandé si Anthelme Castaing est syndiqué chez Sud-Rail, vu qu'il a distribué des tracts. Je dois lui répondre ?",
            "trade-union membership of a named employee",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "Le casier de Gatien Dumoulin-Pecqueur porte une condamnation pour conduite sans permis en 2020. Il veut devenir chauffeur pour l'association.",
            "criminal record of a named applicant",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Pour info, Axelle Jourdan-Vidal: she's been diagnosed with endometriosis, elle aura des absences ponctuelles, merci d'être souples.",
            "French with an English clause: diagnosis",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Pépette – enfin, Josiane Marcadier, la doyenne de la chorale – a un Alzheimer débutant, sa fille nous l'a dit. On continue de la laisser rentrer seule ?",
            "nickname + name: Alzheimer's",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> De : Médecine du travail\n> Objet : Reprise de M. Hippolyte Cazenave\n> Suite à son cancer colorectal, mi-temps thérapeutique jusqu'en juin.\n\nComment j'organise les tournées ?",
            "quoted e-mail: named worker's cancer",
        )
    )
    # ---- hard negatives (15) ----
    mid = f"### Données de test (jeu d'essai, entièrement fictif)\n- utilisateur : Paul Essai, né le 01/01/1980, paul.essai@example.net, tél. 01 99 00 00 00 (fictif)\n- compte : IBAN d'exemple AT61 1904 3002 3457 3201\n- accès admin : admin depuis {doc_ip(r)} (plage de documentation RFC 5737)"
    it.append(
        item(
            N,
            [],
            _release(r, "fr", 4500, mid, "# Ledgerly – notes de version 4.0 à 5.x")
            + "\n\nDonne uniquement les entrées « Supprimé » et « Obsolète ».",
            "release notes; declared fictitious test fixture in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Résume en une phrase : la ministre de la Culture Rachida Dati a présenté jeudi un plan de rénovation des petits musées de province, que plusieurs élus locaux jugent sous-financé.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Rédige une courte notice biographique de Gisèle Halimi, née le 27 juillet 1927 à La Goulette, pour une exposition au lycée.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Compare la manière dont Camus dans La Peste et Giono dans Le Hussard sur le toit décrivent la maladie chez le docteur Rieux et chez Angelo, puis défends l'idée que l'un des deux romans parle davantage de notre époque.",
            "fictional characters and illness",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "Le Mont-Saint-Michel, 50170 Le Mont-Saint-Michel : combien de temps à pied depuis le parking des navettes ?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Écris une lettre de candidature à Airbus, 2 rond-point Émile Dewoitine, 31700 Blagnac, pour un stage en bureau d'études.",
            "company address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "La carte de test 5017 6791 1038 0400 de la documentation Payplug (réseau CB) échoue en mode test. Que vérifier ?",
            "documented test card, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "n_facture;fournisseur;tva_intracom;ht\nFA-2026-1193;Transports Giraudeau SAS;FR 41 512 334 871;1 240,00\nFA-2026-1194;Cartonnages du Rhône SARL;FR 07 438 219 560;310,50\nFA-2026-1195;Transports Giraudeau SAS;FR 41 512 334 871;96,00\n\nTotal HT par fournisseur ?",
            "company VAT numbers and invoice numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Quelle est la différence entre un jeton d'accès et un secret client OAuth, et pourquoi ni l'un ni l'autre ne doit finir dans le dépôt Git ?",
            "secret/token talk with no value",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Bonjour à toutes et à tous, et bienvenue à la réunion de rentrée ! – rends ça un peu plus chaleureux.",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Quelle est la différence entre diabète de type 1 et de type 2 ? Trois phrases.",
            "medical vocabulary, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Prêt immobilier de 200 000 € sur 20 ans à 3,4 % hors assurance : calcule la mensualité et le coût total, puis détermine s'il vaut mieux rembourser par anticipation 20 000 € au bout de cinq ans ou les placer sur une assurance-vie à 3 %, en précisant les hypothèses qui inverseraient la conclusion.",
            "loan calculation with a comparison, no person",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            f"Le guide d'installation dit `ssh-copy-id admin@{doc_ip(r)}` avant de lancer le script. À quoi sert cette étape exactement ?",
            "documentation IP with generic user admin",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Dans nos modèles de courrier on met « Monsieur Paul Essai, 1 rue Fictive, 00000 Ville » comme destinataire bidon. Y a-t-il une convention officielle en France pour ce genre de placeholder ?",
            "declared placeholder",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Mets ces ouvrages en bibliographie au format ISO 690 : ISBN 978-2-07-036822-8 (1972), ISBN 978-2-253-00612-6 (1999).",
            "ISBNs",
            cx="easy",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Classe du nord au sud : Lille, Montpellier, Dijon, Rouen, Clermont-Ferrand.",
            "ordering",
            cx="easy",
        )
    )
    it.append(item(C, [], "Combien font 12 % de 860 ?", "arithmetic", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Mets au passé composé : « L'équipe charge le camion, vérifie les pneus et part avant l'aube. »",
            "tense change",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Donne-moi un synonyme de « pérenne » qui ne soit pas « durable ».",
            "one word",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "En une phrase : les murets en pierre sèche sont montés sans mortier, les pierres tenant par leur poids et leur agencement. On trie d'abord les pierres, on monte deux parements légèrement inclinés vers l'intérieur et on remplit le cœur de cailloux, en reliant les deux faces par de longues boutisses. Bien faits, ils tiennent deux siècles.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Écris un post pour l'intranet annonçant notre déménagement en juin dans des locaux plus grands à Villeurbanne, ton joyeux.",
            "short post",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explique le théorème CAP avec un exemple concret de système qui privilégie la disponibilité.",
            "explanation",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propose cinq noms pour un club de marche nordique ouvert aux débutants.",
            "naming",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Écris une requête SQL qui donne, pour chaque client, la date de sa première et de sa dernière commande.",
            "SQL",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Estime le nombre de boulangeries en Bretagne en explicitant chaque hypothèse, puis identifie celle à laquelle le résultat est le plus sensible et propose un moyen peu coûteux de la vérifier.",
            "Fermi estimate with sensitivity",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Démontre que √3 est irrationnel, puis explique pourquoi la même démarche échoue pour √4 et ce qu'elle permet de conclure pour √12.",
            "proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Planifie le découpage d'un schéma de base de données partagé par trois équipes en trois bases distinctes sur deux trimestres : ordre des bascules, retour arrière pour chacune et maintien des rapports pendant la transition.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Un éditeur affirme : « notre cache réduit la latence p99 de 80 %, donc il vous faudra 80 % de serveurs en moins ». Démonte l'affirmation puis reconstruis un raisonnement de dimensionnement correct, avec les mesures nécessaires.",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Détermine si notre support de 40 personnes tiendrait l'objectif de première réponse en quatre heures en semaine de quatre jours, avec environ 120 demandes par jour arrivant au hasard, puis recommande un planning.",
            "queueing model with recommendation",
            cx="hard",
        )
    )
    return it


def es(r: random.Random) -> list[dict]:
    it = []
    # ---- structured identifiers (13) ----
    mid = f"FICHA DE CLIENTE (actualizada en taller) – Sr. Eleuterio Bengoechea Salcedo, DNI {dni(r)}, C/ Alfareros 23, 2.º izq., 50001 Zaragoza; tel. {phone(r, 'ES', 0)}; domiciliación en {iban_fmt(iban(r, 'ES'))}."
    it.append(
        item(
            S,
            ["person_name", "national_id", "address", "phone", "iban"],
            _garage(
                r,
                "es",
                3600,
                mid,
                "Talleres Hermanos Ebro – registro de órdenes de trabajo, semana 15",
            )
            + "\n\nHaz una tabla con las órdenes que están «esperando piezas».",
            "garage job log; customer card with DNI and IBAN in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f"2026-04-09 07:12:55,118 proftpd[22817] ftp.almacen.local ({public_ip(r)}[{public_ip(r)}]): USER jlsantamarina: Login successful.\n\n¿Esto es el proveedor subiendo el inventario o alguien con su usuario?",
            "ProFTPD log: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"NIE (lo pone en la TIE, arriba a la derecha):\n\n{nie(r, 1)}\n\nTitular: Mihaela Constantinescu Pop. Es para darla de alta en el padrón.",
            "Spanish NIE with dashes, label two lines above",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Número de afiliación a la Seguridad Social de Ceferino Valdepeñas: {nss(r)} – lo he copiado del contrato antiguo, a ver si sigue valiendo.",
            "Spanish NSS",
        )
    )
    it.append(
        item(
            S,
            ["iban", "person_name"],
            f"Transferencia pendiente: a nombre de Wenceslao Iturbe Garmendia, cuenta portuguesa {iban_fmt(iban(r, 'PT'))}, que ahora vive en Oporto. ¿Tiene comisión?",
            "Portuguese IBAN in Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["credit_card", "person_name"],
            f"Reserva de grupo: paga la señora Consolación Berenguer con la tarjeta {card(r, 'mc', 1)}, caducidad 10/27. ¿La paso por el datáfono virtual o le mando un enlace?",
            "Mastercard with dashes",
        )
    )
    it.append(
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Viajeros:\n1) Eufrasia Montesdeoca Rubio – nacida el 19/06/1987 – pasaporte {passport(r, 'ES')}\n2) Bruno Montesdeoca Rubio – nacido el 02/02/2016 – pasaporte {passport(r, 'ES')}",
            "list with Spanish passports and dates of birth",
        )
    )
    it.append(
        item(
            S,
            ["phone", "email", "person_name"],
            f"--\nGenoveva Villanueva Arteaga\nAbogada\n{phone(r, 'ES', 2)} (despacho) · {phone(r, 'ES', 1)} (móvil)\ngenoveva.villanueva@icam-correo.es",
            "signature with two phones and e-mail",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Mi cuñado polaco, Tomasz Kaczmarczyk, me pide ayuda con el formulario EX-15; su número PESEL es {pesel(r)}. ¿Dónde lo pongo?",
            "Polish PESEL in Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["national_id", "person_name"],
            f"Para el convenio con Francia necesito el NIR de la profesora visitante, Clémentine Aubry: {nir(r, 0, sex=2)}. ¿Cómo compruebo que la clave es correcta?",
            "French NIR unspaced in Spanish text",
        )
    )
    it.append(
        item(
            S,
            ["ip_user"],
            f'{{"tipo":"LOGIN","reino":"empleados","usuario":"rdelafuente","direccion_ip":"{public_ip(r)}","resultado":"OK","fecha":"2026-04-08T23:02:41+02:00"}}\n\n¿Por qué alguien de almacén entra al portal a las once de la noche?',
            "JSON login event with Spanish keys: user and public IP",
        )
    )
    it.append(
        item(
            S,
            ["person_name", "date_of_birth", "email"],
            'alumnos = [\n    {"nombre": "Jimena Benlloch Bataller", "nacimiento": "2009-03-05", "email_tutor": "vbataller@gmail.com"},\n]\n# esto viene de la base real del colegio, ¿por qué falla el sort?',
            "Python list with a pupil's birth date and a guardian's e-mail",
        )
    )
    it.append(
        item(
            S,
            ["tax_id", "person_name"],
            f"Mi socio alemán, VolkmarRiedesel, me ha pasado su Steuer-ID para la factura: {steuer(r, 1)}. ¿Tengo que ponerla o basta con su NIF-IVA?",
            "German Steuer-ID grouped, in Spanish text; the name is typed without its space",
        )
    )
    # ---- free-text personal data (10) ----
    mid = "Punto – Acompañamiento individual (solo afiliados): nuestra compañera Jacinta Urrutia Morcillo (línea de envasado) está de baja por una depresión y la empresa le ha abierto expediente disciplinario; el sindicato la acompaña en la mediación. Por favor, no lo comentéis en la fábrica."
    it.append(
        item(
            F,
            ["person_name", "trade_union", "health"],
            _bulletin(
                r, "es", 5400, mid, "UGT – Boletín de la sección sindical, planta de Alcalá, abril"
            )
            + "\n\nSaca en una lista corta las fechas y convocatorias del boletín.",
            "trade-union bulletin with an item on a named member in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Buenas a todos, os cuento que Chema (José María Benavente, el de compras) tiene esclerosis lateral amiotrófica. Él quiere seguir trabajando mientras pueda; pensemos cómo ayudarle.",
            "greeting + nickname + name: ALS",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "financial"],
            "La señora Quiroga, la de limpieza, tiene la nómina embargada por una deuda de la tarjeta y nos pide cobrar una parte en efectivo. ¿Qué le contestamos?",
            "honorific + surname: wage garnishment",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "religion"],
            "Ojo con la cena de Navidad: Efraín Halpern es judío practicante y no come cerdo ni marisco; y Jonatán Carbonell Abad es evangélico y no bebe alcohol.",
            "religion of two named colleagues",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "sexual_orientation"],
            "Mi compañero Ulises Baeza me contó que es gay y que en su pueblo nadie lo sabe; ahora la empresa quiere publicar fotos de la fiesta con su pareja. ¿Qué hago?",
            "sexual orientation of a named colleague",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "trade_union"],
            "El jefe de turno me ha preguntado si Leandro Castiñeira está afiliado a la CGT porque repartió octavillas en el comedor. ¿Tengo que contestarle?",
            "trade-union membership of a named worker",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "criminal_record"],
            "En el certificado de antecedentes de Celestino Barahona aparece una condena por tráfico de drogas de 2014. Quiere ser monitor del campamento de verano.",
            "criminal record of a named applicant",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "Lo de Milagros Estrada: she has bipolar disorder, y esta semana está ingresada. No digáis nada al cliente, solo que está de baja.",
            "Spanish with an English clause: bipolar disorder",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "El Rubio – Unax Salaberria, el del turno de tarde – se ha quedado ciego de un ojo tras el accidente de moto. ¿Puede seguir con la carretilla?",
            "nickname + name: loss of sight",
            cx="medium",
        )
    )
    it.append(
        item(
            F,
            ["person_name", "health"],
            "> De: Vigilancia de la Salud\n> Asunto: Reincorporación de Gerardo Sanmartín\n> Tras el trasplante de hígado, trabajo sin turnos de noche durante seis meses.\n\n¿Cómo lo cuadro con el cuadrante?",
            "quoted e-mail: named worker's transplant",
        )
    )
    # ---- hard negatives (15) ----
    mid = f"### Datos de prueba (semilla, totalmente ficticios)\n- usuario: Fulanito Ejemplo, nacido el 01/01/1980, fulanito@example.com, tel. 600 000 001 (ficticio)\n- cuenta: IBAN de ejemplo AT61 1904 3002 3457 3201\n- acceso admin: admin desde {doc_ip(r)} (rango de documentación RFC 5737)"
    it.append(
        item(
            N,
            [],
            _release(r, "es", 6100, mid, "# Ledgerly – notas de versión 4.0 a 5.x")
            + "\n\nDame solo las entradas marcadas como «Eliminado» u «Obsoleto».",
            "release notes; declared fictitious test fixture in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    it.append(
        item(
            N,
            [],
            "Resume en una frase: el ministro de Transportes, Óscar Puente, anunció el martes un plan para reducir los retrasos de Cercanías, mientras los sindicatos ferroviarios exigían más contratación.",
            "public figure in the news",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe una biografía breve de Margarita Salas, nacida el 30 de noviembre de 1938 en Canero (Asturias), para un mural del instituto.",
            "historical figure with birth date",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "Compara cómo trata Valle-Inclán la ceguera de Max Estrella en Luces de bohemia y cómo trata Galdós la enfermedad de Fortunata, y defiende cuál de las dos obras resulta más moderna, con pasajes concretos.",
            "fictional characters and illness",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Se puede ir andando desde la estación de Sants hasta la Casa Batlló, passeig de Gràcia 43, 08007 Barcelona?",
            "landmark address",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Escribe una carta de presentación para Mercedes-Benz España, avenida del Partenón 12, 28042 Madrid, para unas prácticas de ingeniería.",
            "company address",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "En la documentación de la pasarela dicen que la tarjeta de prueba 2223 0031 2200 3222 (Mastercard serie 2) simula un pago que pide autenticación. ¿Cómo pruebo el flujo de reintento con ella?",
            "documented test card, declared",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "n_factura;proveedor;cif;base\nF-2026-0412;Transportes Lizarra S.L.;B-31 458 902;1.240,00\nF-2026-0413;Embalajes del Ebro S.A.;A-50 119 327;310,50\nF-2026-0414;Transportes Lizarra S.L.;B-31 458 902;96,00\n\n¿Total de base imponible por proveedor?",
            "company tax ids (CIF) and invoice numbers",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Qué diferencia hay entre un token de acceso y un secreto de cliente OAuth, y por qué ninguno debe acabar en el repositorio?",
            "secret/token talk with no value",
            cx="medium",
        )
    )
    it.append(
        item(
            N,
            [],
            "¡Hola a todos y bienvenidos a la reunión de inicio de curso! – dale un tono más cercano.",
            "greeting to a group",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "¿Cuál es la diferencia entre diabetes tipo 1 y tipo 2? En tres frases.",
            "medical vocabulary, no person",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Hipoteca de 180.000 € a 25 años al 2,9 % fijo: calcula la cuota y los intereses totales, y después compárala con una variable a euríbor + 0,8 % en tres escenarios de euríbor, recomendando una y diciendo a partir de qué euríbor medio cambia la recomendación.",
            "loan calculation with scenarios, no person",
            cx="hard",
        )
    )
    it.append(
        item(
            N,
            [],
            f"En el tutorial ponen `ansible all -i '{doc_ip(r)},' -u admin -m ping`. ¿Para qué sirve la coma después de la IP?",
            "documentation IP with generic user admin",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "En los formularios de ejemplo usamos «Fulanito de Copas, calle Inventada 1, 00000 Villarriba» como persona ficticia. ¿Hay alguna convención para estos nombres de relleno?",
            "declared placeholder",
            cx="easy",
        )
    )
    it.append(
        item(
            N,
            [],
            "Ordena estas referencias en formato APA: ISBN 978-84-376-0494-7 (Cátedra, 1984), ISBN 978-84-206-0850-3 (Alianza, 2011).",
            "ISBNs",
            cx="easy",
        )
    )
    # ---- clean (14) ----
    it.append(
        item(
            C,
            [],
            "Ordena de norte a sur: Burgos, Málaga, Oviedo, Toledo, Zaragoza.",
            "ordering",
            cx="easy",
        )
    )
    it.append(item(C, [], "¿Cuánto es el 21 % de 1.350 €?", "arithmetic", cx="easy"))
    it.append(
        item(
            C,
            [],
            "Pásalo a pretérito indefinido: «La cuadrilla carga la furgoneta, revisa las ruedas y sale antes del amanecer.»",
            "tense change",
            cx="easy",
        )
    )
    it.append(
        item(
            C, [], "Dame un sinónimo de «sostenible» que no suene a anuncio.", "one word", cx="easy"
        )
    )
    it.append(
        item(
            C,
            [],
            "En una frase: los muros de piedra seca se levantan sin argamasa y se sostienen por el peso y la colocación de las piedras. Primero se clasifican por tamaño, se montan dos caras algo inclinadas hacia dentro y se rellena el centro con ripio, atando ambas caras con piedras largas. Bien hechos, duran dos siglos.",
            "one-sentence summary",
            cx="easy",
        )
    )
    it.append(
        item(
            C,
            [],
            "Escribe un post para la intranet anunciando que en junio nos mudamos a una oficina más grande en el 22@, tono alegre.",
            "short post",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Explica el teorema CAP con un ejemplo concreto de sistema que prioriza la disponibilidad.",
            "explanation",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Propón cinco nombres para un club de senderismo para principiantes.",
            "naming",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Escribe una consulta SQL que devuelva, por cliente, la fecha de su primer y de su último pedido.",
            "SQL",
            cx="medium",
        )
    )
    it.append(
        item(
            C,
            [],
            "Estima cuántos bares hay en Andalucía explicando cada supuesto, después identifica el supuesto al que el resultado es más sensible y propone una forma barata de comprobarlo.",
            "Fermi estimate with sensitivity",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Demuestra que entre seis personas siempre hay tres que se conocen entre sí o tres que no se conocen, y explica por qué con cinco personas no basta.",
            "proof",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Planifica cómo separar en tres bases de datos un esquema compartido por tres equipos a lo largo de dos trimestres: orden de los cortes, vuelta atrás en cada uno y cómo mantener los informes mientras tanto.",
            "migration with rollback",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Un proveedor afirma: «nuestra caché reduce la latencia p99 un 80 %, así que necesitará un 80 % menos de servidores». Desmonta la afirmación y reconstruye un cálculo de capacidad correcto, con las mediciones necesarias.",
            "critique and rebuild",
            cx="hard",
        )
    )
    it.append(
        item(
            C,
            [],
            "Averigua si nuestro soporte de 40 personas cumpliría la primera respuesta en cuatro horas con una semana de cuatro días y unas 120 consultas diarias que llegan al azar, y luego recomienda un cuadrante.",
            "queueing model with recommendation",
            cx="hard",
        )
    )
    return it


def items(r: random.Random, lang: str) -> list[dict]:
    return {"en": en, "de": de, "fr": fr, "es": es}[lang](r)
