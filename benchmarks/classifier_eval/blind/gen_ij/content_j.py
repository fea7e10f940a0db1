# ruff: noqa: RUF001  (en dashes, typographic quotes and the like are part of the prompts)
"""Set J: contexts, negatives, clean prompts, appended task pools and long documents, per language.

Written independently of set I: other names, registers, identifier mixes, task pools and
long-document kinds. Every private person, address and identifier is invented (identifiers from
the seeded checksum generators in kit_ij.py); public figures and organisations only in negatives.
"""

import random

import filler_ij as fl
import kit_ij as k

item = k.item
S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"


def _wrap(r: random.Random, *args) -> str:
    """A long document with set J's own filler vocabulary."""
    return fl.wrap(r, *args, voc="j")


def _en(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["ip_user", "email"],
            f"### Steps to reproduce\nLogin works, then the token refresh 401s. Relevant lines from our gateway:\n```\n"
            f"2026-04-02T10:01:12Z auth ok user=marguerite.oduya@fastmail.com src={k.ip(r)} ua=Firefox/131\n"
            f"2026-04-02T10:16:13Z refresh denied user=marguerite.oduya@fastmail.com reason=clock_skew\n```",
            "bug-tracker issue quoting gateway lines: public IPv4 with an e-mail login",
        ),
        item(
            S,
            ["phone", "email", "person_name"],
            f"BEGIN:VCARD\nVERSION:3.0\nFN:Rhys Llewellyn-Okafor\nTEL;TYPE=cell:{k.phone(r, 'GB', 3)}\nEMAIL:rhys.llo@protonmail.com\nEND:VCARD\n"
            f"^ can you turn this contact card into a CSV row?",
            "vCard of a private contact",
        ),
        item(
            S,
            ["national_id", "person_name", "date_of_birth"],
            f"-- copied from the live db, sorry\nINSERT INTO referrals (full_name, nhs_number, dob, clinic) VALUES\n"
            f"  ('Farida Haqqani', '{k.nhs(r)}', '{r.randint(1950, 1999)}-0{r.randint(1, 9)}-1{r.randint(0, 9)}', 'dermatology');",
            "SQL insert copied from production with an NHS number",
        ),
        item(
            S,
            ["passport", "person_name"],
            f"Flight BA2490 cancelled — compensation claim (UK261)\nLead passenger: Cormac Ó Súilleabháin\nTravel document no.\n{k.passport(r, 'GB')}\n"
            f"Other passengers: 2 children under 12",
            "airline compensation claim with a British passport number on its own line",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"Payout details for campaign 'Roof for the Scout Hut'\nCampaign organiser: Philippa Onwuachi-Grant\nPayout account: {k.iban(r, 'GB', 1)}\nPlatform fee: 5 %",
            "crowdfunding payout record with a UK IBAN unspaced",
        ),
        item(
            S,
            ["credit_card", "person_name"],
            f"DAMAGE REPORT – vehicle returned with a cracked bumper. Renter: Anneliese Vandersteen. Excess will be charged to the card used at pick-up: "
            f"{k.card(r, 'visa', 1)}.",
            "car-rental damage report with a dashed card number",
        ),
        item(
            S,
            ["national_id", "person_name", "phone"],
            f"name,role,ni_number,mobile\nSunita Raghunathan,food bank driver,{k.uk_ni(r)},{k.phone(r, 'GB', 0)}\n(rest of the rota unchanged)",
            "volunteer rota CSV with a National Insurance number",
        ),
        item(
            S,
            ["tax_id", "person_name", "address"],
            f"CN23 customs declaration — consignee: Ludovica Scarpellini, Via dei Serragli 41, 50124 Firenze. Codice fiscale (required for Italian import): "
            f"{k.cf(r, 'Ludovica', 'Scarpellini', True)}. Contents: 2 wool jumpers, gift.",
            "customs declaration with an Italian codice fiscale",
        ),
        item(
            S,
            ["date_of_birth", "address", "person_name", "health"],
            f"Pharmacy chat 16:40 — Hi, my mum's sertraline repeat is ready? It's for Mrs Precious Mthembu, DOB {k.dob(r, 'en')}, 5 Harrow Lane, Croydon CR0 2PL.",
            "pharmacy chat giving a parent's date of birth, address and medicine",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"| supplier | contact | deposit paid to | balance due |\n|---|---|---|---|\n| band (Kapela Wesoła) | Zbigniew Kołodziejczyk | {k.iban(r, 'PL', 0)} | 14 June |\n"
            f"| florist | shop | card | on the day |",
            "wedding-planning table with a Polish IBAN of the band leader",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Exam board minutes, item 4: mitigating circumstances. The candidate (exchange student Wiktoria Dąbrowska-Pereira) uploaded her Polish ID; "
            f"PESEL {k.pesel(r, True)} confirms the age on the form.",
            "exam board minutes with a PESEL",
        ),
        item(
            S,
            ["phone", "person_name"],
            f'# .env.production — DO NOT COMMIT\nDB_POOL=20\nONCALL_NAME="Kwabena Asamoah"\nONCALL_MOBILE={k.phone(r, "GB", 1).replace(" ", "")}\nFEATURE_NEW_CART=true',
            ".env file with an on-call engineer's mobile",
        ),
    ]
    mid = f'2026-05-26T04:44:44Z WARN svc=it-desk span=ffffff0000 dur_ms=5 msg="vpn login user=cillian.nakamura from {k.ip(r)} after 4 failures"'
    out.append(
        item(
            S,
            ["ip_user", "person_name"],
            _wrap(
                r,
                "log",
                "en",
                "How many WARN lines are in this log? Just the number and the services involved.\n",
                mid,
                "",
                r.randint(8000, 12000),
            ),
            "service log; one line pairs a public IPv4 with a named login in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Could you move Saoirse Kavanagh's Thursday session to Monday? She had a miscarriage at the weekend and isn't up to travelling.",
            "therapy practice message about a client's miscarriage",
        ),
        item(
            F,
            ["religion", "person_name"],
            "Gideon Asante-Mensah has asked not to be rostered on Saturdays because he's a Seventh-day Adventist. Is that a reasonable adjustment we have to make?",
            "HR query naming an employee's religion",
        ),
        item(
            F,
            ["trade_union", "person_name", "health"],
            "Staff nurse Maeve Dunleavy is the RCN steward on our ward and she's been off with long Covid since February; who covers her union duties?",
            "ward message naming a nurse's union role and illness",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Our lodger Benedikt Horvath has an IVA and the bailiffs came for his car yesterday. Can they take anything of ours?",
            "lodger's insolvency arrangement and bailiffs",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "My teammate Tariq Rahimi told only me that he's gay; now someone's been hinting about it in the squad chat. How do I handle this without outing him further?",
            "teammate's sexual orientation",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "Turns out our tenant Lee-Ann Moxley served eighteen months for benefit fraud before she moved in. Can I use that to end the tenancy?",
            "tenant's criminal record",
        ),
        item(
            F,
            ["person_name"],
            "Habib Noorzai from our church's English class is still waiting on his asylum decision from the Home Office after two years; how can we help him prepare for the interview?",
            "asylum status of a named private person (person_name)",
        ),
        item(
            F,
            ["person_name", "health"],
            "The climbing gym scanned my son Ollie Brannigan-Shaw's fingerprint for entry without asking us — he's eleven and has epilepsy noted on the same record.",
            "child's biometric data and a health note",
        ),
        item(
            F,
            ["person_name"],
            "Our neighbour Edwina Tulloch is a Reform UK member and keeps leaving leaflets in the shared hallway; can the residents' association ask her to stop?",
            "a private neighbour's party membership (person_name)",
        ),
    ]
    mid = "00:15:36,000 --> 00:15:41,500\n- What changed it for me was my flatmate, Declan Okoro-Fitzgerald — he overdosed in March, on heroin, and he's in rehab in Margate now."
    out.append(
        item(
            F,
            ["health", "person_name"],
            _wrap(
                r,
                "srt",
                "en",
                "Here are the subtitles of our podcast episode. Remove the timestamps and give me the plain text:\n",
                mid,
                "",
                r.randint(9000, 13000),
            ),
            "podcast subtitle file; a guest names a friend's overdose in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "What injury kept Emma Raducanu out in 2023? One line.",
            "athlete's injury in the news",
            cx="easy",
        ),
        item(
            N,
            [],
            "Paddington lives with the Browns at 32 Windsor Gardens. Write a thank-you note from him to Mr Gruber, in his voice.",
            "fictional character's address",
            cx="medium",
        ),
        item(
            N,
            [],
            "Florence Nightingale, born 12 May 1820, used polar-area diagrams to argue for sanitary reform. Critically evaluate whether her statistics would survive modern peer review, and redesign one of her charts to make the same argument honestly.",
            "historical figure with date of birth",
            cx="hard",
        ),
        item(
            N,
            [],
            "Write a letter to HMRC, BX9 1AS, asking why my tax code changed; their helpline 0300 200 3300 keeps cutting out.",
            "tax authority's public address and helpline",
            cx="medium",
        ),
        item(
            N,
            [],
            "Are NHS numbers starting 999 reserved as test numbers that never belong to real patients?",
            "declared test range, no number",
            cx="easy",
        ),
        item(
            N,
            [],
            "Write a unit test proving our validator rejects 4111 1111 1111 1112, which is deliberately invalid (fails Luhn).",
            "invalid card number declared as such",
            cx="medium",
        ),
        item(
            N,
            [],
            "In a trial of 480 patients, 12 % on the drug and 9 % on placebo reported dizziness. Is that difference meaningful? Do the power analysis, state your assumptions and say what sample size would settle it.",
            "aggregate trial figures",
            cx="hard",
        ),
        item(
            N,
            [],
            f"Decode this label: GTIN 5012345678900, lot L{k.digits(r, 5)}, commit {k.hexs(r, 12)}.",
            "product codes and a commit hash",
            cx="easy",
        ),
        item(
            N,
            [],
            "Which mountain is at 56.7969 N, 5.0036 W?",
            "coordinates of a landmark",
            cx="easy",
        ),
        item(
            N,
            [],
            "What's your knowledge cutoff and can you browse the web?",
            "question about the assistant",
            cx="easy",
        ),
        item(
            N,
            [],
            "Our staging .env sends everything from noreply@example.org. Write the SPF and DKIM records we'd need if it were a real domain.",
            "example.org sender",
            cx="medium",
        ),
        item(
            N,
            [],
            "Analyse the coverage of the Princess of Wales's cancer announcement and the edited family photo: where did legitimate scrutiny end and intrusion begin, and what editorial rule would you write from it?",
            "public figure's illness in the news",
            cx="hard",
        ),
        item(
            N,
            [],
            "Is 'Joe Bloggs' or 'A. N. Other' the better placeholder on a sample form?",
            "declared placeholder names",
            cx="easy",
        ),
        item(
            N,
            [],
            "Hi all, does anyone know how to change the default tray on the third-floor printer?",
            "greeting to a group, no name",
            cx="medium",
        ),
    ]
    mid = "500;12:00;warehouse;returns go to the Royal Mail Mount Pleasant Mail Centre, Farringdon Road, London EC1A 1BB, gate 3;ok;0"
    out.append(
        item(
            N,
            [],
            _wrap(
                r,
                "csv",
                "en",
                "n;time;team;entry;status;minutes\nFrom this CSV, find which team's tasks take longest on average, test whether the difference is more than noise, and propose a staffing change with its expected effect:\n",
                mid,
                "",
                r.randint(9000, 14000),
            ),
            "CSV task log; a public mail centre's address in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "How many ounces in 250 grams?", "conversion", cx="easy"),
        item(
            C,
            [],
            "Capitalise this title properly: 'the wind in the willows'.",
            "capitalisation",
            cx="easy",
        ),
        item(C, [], "What's the past tense of 'to lead'?", "grammar", cx="easy"),
        item(C, [], "Translate 'the meeting is postponed' into German.", "translation", cx="easy"),
        item(
            C,
            [],
            "Work out a 12.5 % tip on a £63.40 bill, rounded to the nearest 10p.",
            "arithmetic",
            cx="easy",
        ),
        item(
            C,
            [],
            "Write a friendly reminder to my book club that we meet on Tuesday this month, not Wednesday.",
            "short message",
            cx="medium",
        ),
        item(
            C,
            [],
            "Explain what an index does in a database, with an example of when it slows things down.",
            "explanation",
            cx="medium",
        ),
        item(
            C,
            [],
            "Give me a beginner's 4-week plan to run 5 km, three sessions a week.",
            "training plan",
            cx="medium",
        ),
        item(
            C,
            [],
            "Write a Python function that merges overlapping intervals and walk through it on [[1,3],[2,6],[8,10]].",
            "code with walk-through",
            cx="medium",
        ),
        item(
            C,
            [],
            "Design an event-sourced ledger for a small bank: how you'd handle corrections, snapshots, schema changes in events and audit queries, and where event sourcing is the wrong choice.",
            "architecture with trade-offs",
            cx="hard",
        ),
        item(
            C,
            [],
            "Derive the expected number of rolls of a fair die to see all six faces, then generalise to n faces and give the asymptotic form.",
            "derivation and generalisation",
            cx="hard",
        ),
        item(
            C,
            [],
            "Compare congestion charging, workplace parking levies and free public transport as ways to cut city traffic: evidence, equity, revenue, and what you'd recommend for a city of 500k.",
            "policy comparison",
            cx="hard",
        ),
        item(
            C,
            [],
            "Plan the move of a 40-service Kubernetes estate from one cloud to another with no more than 5 minutes' downtime per service, including DNS, data and the rollback trigger.",
            "migration plan",
            cx="hard",
        ),
        item(C, [], "Write a limerick about a cat who hates Mondays.", "short poem", cx="medium"),
    ]
    return out


def _de_idcard(r: random.Random) -> str:
    """German ID-card document number shape: one serial letter, eight of the card alphabet."""
    return r.choice("LMNPRTVWXY") + "".join(
        r.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8)
    )


def _de(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["iban", "person_name"],
            f'Antwort der Produktiv-API (Kundendatensatz, ungekürzt):\n{{"kunde": {{"name": "Friederike Adomako", "ort": "Winterthur", '
            f'"iban": "{k.iban(r, "CH", 1)}", "mahnstufe": 0}}}}',
            "JSON-Antwort einer Produktiv-API mit Schweizer IBAN",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"Fahrgastrechte-Formular, Abschnitt Entschädigung\nKontoinhaber: Wojciech Brzęczek-Hoffmann\nIBAN (bitte genau prüfen): {k.iban(r, 'DE', 2)}\nZug: ICE 597, 94 Minuten Verspätung",
            "Fahrgastrechte-Formular mit IBAN in Bindestrich-Gruppen",
        ),
        item(
            S,
            ["ip_user"],
            f"PLAT-2281: Konto gesperrt nach Login-Versuchen\nAuszug Gateway:\n```\nWARN login_failed user=m.oezdemir-hansen remote={k.ip(r)} count=5\n"
            f"INFO account_locked user=m.oezdemir-hansen\n```\nBitte entsperren, Nutzerin ist verifiziert.",
            "Jira-Ticket mit Gateway-Log: öffentliche IPv4 und Namens-Login",
        ),
        item(
            S,
            ["tax_id", "person_name"],
            f"[Mo 09:14] Steuerbüro Renner: Für den Elterngeld-Antrag brauche ich noch die Steuer-ID von Ihrem Mann.\n"
            f"[Mo 09:31] Amira Keller-Boateng: Die von Lukas ist {k.steuer(r, 2)}, meine haben Sie ja schon.",
            "Chat mit dem Steuerbüro; Steuer-ID im Format 3-3-3-2",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Arbeitsvertrag (Entwurf) – § 1 Vertragsparteien\n… und Frau Grażyna Wiśniewska-Lang, polnische Staatsangehörige, PESEL {k.pesel(r, True)}, "
            f"als Pflegehilfskraft in der 24-Stunden-Betreuung …",
            "Arbeitsvertragsentwurf mit PESEL",
        ),
        item(
            S,
            ["date_of_birth", "email", "address", "person_name"],
            f"Mitgliedsantrag TSV Blau-Weiß – Abteilung Schwimmen\nName: Emre Karataş\nGeburtsdatum: {k.dob(r, 'de', 2008, 2014)}\n"
            f"Anschrift: Amselweg 7, 33604 Bielefeld\nE-Mail der Eltern: karatas.familie@web.de",
            "Vereins-Mitgliedsantrag eines Kindes",
        ),
        item(
            S,
            ["phone", "person_name", "health"],
            f"Physiopraxis Nord – Rückrufliste\n- Hr. Bastian Quandt-Oyelowo, BSV L4/L5, Termin verschieben, Handy {k.phone(r, 'DE', 3)}\n- (Rest erledigt)",
            "Rückrufliste einer Physiotherapiepraxis mit Diagnose und Handynummer",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Übergabeprotokoll Mietwagen B-KX 412\nFahrer: Ioannis Christodoulou\nAusweis geprüft (Personalausweis), Nr. {_de_idcard(r)}\nTankstand: voll, Kratzer hinten links vorhanden",
            "Übergabeprotokoll mit Personalausweisnummer",
        ),
        item(
            S,
            ["credit_card", "email", "person_name"],
            f"Von: Henrike Sandoval Brandt <h.sandoval.brandt@gmx.de>\nAn: reservierung@\nBetreff: Zimmer 2 Nächte, Garantie\n\n"
            f"Zur Garantie meine Mastercard: {k.card(r, 'mc', 0)}, gültig bis 03/28.",
            "E-Mail an ein Hotel mit Kreditkarte zur Garantie",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Rentenberatung, Notiz: Frau Rosemarie Tschiersch kam mit dem Versicherungsverlauf; Versicherungsnummer {k.rvnr(r, 'Tschiersch', True)}, "
            f"es fehlen Kindererziehungszeiten 1986–1989.",
            "Beratungsnotiz mit Rentenversicherungsnummer",
        ),
        item(
            S,
            ["phone", "address", "person_name"],
            f"Grüß Gott, ich bin die neue Mieterin in der Annenstraße 48/3, 8020 Graz, Katharina Pölzl-Mensah. Falls was mit dem Wasser ist, bitte unter {k.phone(r, 'AT')} anrufen.",
            "Vermieter-Nachricht mit österreichischer Handynummer und Adresse",
        ),
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Meldung an den Support der Dating-App: Die Person nennt sich 'Lana', heißt aber Svetlana Jovanović, geb. {k.dob(r, 'de')}. "
            f"Sie hat mir ein Foto ihres Reisepasses geschickt (Nr. {k.passport(r, 'DE')}) und dann Geld verlangt.",
            "Meldung in einer Dating-App mit Reisepassnummer",
        ),
    ]
    mid = f"500;12:00;frontdesk;Rückzahlung an Herrn Valentin Oyelaran-Busch auf {k.iban(r, 'DE', 0)} veranlasst;done;3"
    out.append(
        item(
            S,
            ["iban", "person_name"],
            _wrap(
                r,
                "csv",
                "de",
                "Zähle, wie viele Einträge je Status in dieser CSV stehen:\nnr;zeit;team;eintrag;status;minuten\n",
                mid,
                "",
                r.randint(9000, 13000),
            ),
            "CSV-Aufgabenliste; eine Zeile mit IBAN und Name in der Mitte",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Info aus dem Sekretariat: Frau Dr. Ilse Hafner-Koç hat eine MS-Diagnose bekommen und reduziert ab April auf 50 %. Bitte diskret behandeln.",
            "MS-Diagnose einer Kollegin",
        ),
        item(
            F,
            ["religion", "person_name"],
            "Unser Azubi Mattis Brenninkmeyer ist vor kurzem zum Islam konvertiert und möchte in der Kantine kein Schweinefleisch mehr auf dem Teller. Wie kommunizieren wir das?",
            "Religionswechsel eines Auszubildenden",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "Der Kalle – Karl-Heinz Wojtczak aus der Lackiererei – ist seit 30 Jahren in der IG Metall und will jetzt Vertrauensmann werden.",
            "Gewerkschaftsmitgliedschaft mit Spitzname und vollem Namen",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Mein Schwager Dennis Kühnapfel hat einen negativen SCHUFA-Eintrag wegen eines Handyvertrags und bekommt deshalb keine Wohnung. Kann man das löschen lassen?",
            "SCHUFA-Eintrag eines Angehörigen",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "Die Trainerin, Johanna Steinkühler, lebt mit ihrer Freundin zusammen, und jetzt wollen manche Eltern ihre Töchter abmelden. Was tun?",
            "sexuelle Orientierung einer Trainerin",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "Im erweiterten Führungszeugnis von Marco Zielke steht eine Verurteilung wegen Körperverletzung von 2021. Darf er trotzdem Jugendgruppen leiten?",
            "Vorstrafe eines Ehrenamtlichen",
        ),
        item(
            F,
            ["person_name"],
            "Der Asylantrag von Samir Haddad, der bei uns im Café hilft, wurde abgelehnt; er hat zwei Wochen für die Klage. Wer hilft da kostenlos?",
            "Asylverfahren einer Privatperson (person_name)",
        ),
        item(
            F,
            ["health", "person_name"],
            "Meine Tante, Gudrun Ehlers, hat den Gentest auf Chorea Huntington machen lassen – positiv. Müssen ihre Kinder das der Versicherung sagen?",
            "genetisches Testergebnis einer Verwandten",
        ),
        item(
            F,
            ["person_name"],
            "Herr Eberhard Lüdecke aus unserer Kleingartenanlage ist Mitglied bei den Grünen und hängt Wahlplakate an den Vereinszaun. Dürfen wir das verbieten?",
            "Parteimitgliedschaft einer Privatperson (person_name)",
        ),
    ]
    mid = "> Liebe alle, zur Info: Finn Ahlborn aus der 3b hat Typ-1-Diabetes, er misst in der Pause den Zucker und braucht dann manchmal Traubenzucker."
    out.append(
        item(
            F,
            ["health", "person_name"],
            _wrap(
                r,
                "mail",
                "de",
                "Hier ein langer E-Mail-Verlauf aus dem Elternbeirat. Fass ihn in fünf Stichpunkten zusammen:\n",
                mid,
                "",
                r.randint(9000, 13000),
            ),
            "E-Mail-Verlauf mit Zitaten; Krankheit eines Kindes in der Mitte",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "Was hat Jürgen Klopp bei seinem Abschied aus Liverpool über seine Energie gesagt? Ein Satz.",
            "Person des öffentlichen Lebens",
            cx="easy",
        ),
        item(
            N,
            [],
            "Das Sams wohnt bei Herrn Taschenbier. Schreib einen Einkaufszettel, den das Sams für ihn schreibt.",
            "fiktive Figuren",
            cx="medium",
        ),
        item(
            N,
            [],
            "Konrad Adenauer wurde am 5. Januar 1876 geboren. Beurteile die These, die Westbindung habe die Wiedervereinigung verzögert, mit Argumenten beider Seiten und einer eigenen begründeten Gewichtung.",
            "historische Person mit Geburtsdatum",
            cx="hard",
        ),
        item(
            N,
            [],
            "Schreib einen Widerspruch an die Bundesagentur für Arbeit, Regensburger Straße 104, 90478 Nürnberg, wegen eines zu spät bearbeiteten Antrags, ohne persönliche Daten.",
            "Behördenanschrift",
            cx="medium",
        ),
        item(
            N,
            [],
            "Unsere Test-Kreditkarte 5555 5555 5555 4444 funktioniert in der Sandbox, aber nicht im Live-Modus. Warum?",
            "Testkarte, als Test benannt",
            cx="medium",
        ),
        item(
            N,
            [],
            "Laut Zensus leben 41 % der Haushalte allein. Entwickle daraus eine Wohnungsbaustrategie für eine Stadt mit 200.000 Einwohnern, mit Zielkonflikten, Kosten und einem Plan, wie man in fünf Jahren prüft, ob sie wirkt.",
            "aggregierte Statistik",
            cx="hard",
        ),
        item(
            N,
            [],
            f"Was ist das für ein Wert im Docker-Log? container={k.hexs(r, 12)} image=sha256:{k.hexs(r, 64)}",
            "Container-ID und Hash",
            cx="easy",
        ),
        item(N, [], "Welcher Berg liegt bei 47.4211 N, 10.9853 E?", "Koordinaten", cx="easy"),
        item(N, [], "Speicherst du, was ich dir schreibe?", "Frage an den Assistenten", cx="easy"),
        item(
            N,
            [],
            "Unser Staging-System verschickt Mails an kunde@example.de. Wie fange ich die mit Mailpit ab, statt sie zuzustellen?",
            "example.de-Adresse im Testsystem",
            cx="medium",
        ),
        item(
            N,
            [],
            "Der Gesundheitszustand von Papst Franziskus war monatelang Thema. Analysiere, wie der Vatikan kommuniziert hat, vergleiche mit zwei früheren Pontifikaten und leite Regeln für Krisenkommunikation ab.",
            "Gesundheit einer öffentlichen Person",
            cx="hard",
        ),
        item(
            N,
            [],
            "Woher kommt eigentlich 'Lieschen Müller' als Platzhaltername? Kurz.",
            "Platzhaltername",
            cx="easy",
        ),
        item(
            N,
            [],
            "Moin zusammen, wer weiß, ob man Altglas sonntags einwerfen darf?",
            "Gruß an eine Gruppe",
            cx="easy",
        ),
        item(
            N,
            [],
            "Die Deutsche Bahn AG, Potsdamer Platz 2, 10785 Berlin – formuliere eine Beschwerde über die Sauberkeit im ICE, ohne Namen.",
            "Firmenanschrift",
            cx="medium",
        ),
    ]
    mid = "> Anlieferung bitte an die Stadtbibliothek Stuttgart, Mailänder Platz 1, 70173 Stuttgart, Warenannahme Rückseite, Mo–Fr 7–12 Uhr."
    out.append(
        item(
            N,
            [],
            _wrap(
                r,
                "mail",
                "de",
                "Lies den Mailverlauf und erstelle einen Lieferplan für nächste Woche: zwei Fahrzeuge, Ladezeiten, Zeitfenster der Empfänger; vergleiche zwei Varianten und begründe, welche robuster gegen Ausfälle ist.\n",
                mid,
                "",
                r.randint(9000, 14000),
            ),
            "E-Mail-Verlauf; Anschrift einer Stadtbibliothek in der Mitte",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "Wie viele Minuten sind 2,75 Stunden?", "Rechnen", cx="easy"),
        item(
            C,
            [],
            "Ist es 'seid' oder 'seit' in: 'Ich warte ___ zwei Stunden'?",
            "Rechtschreibung",
            cx="easy",
        ),
        item(C, [], "Übersetz 'Handschuhfach' ins Französische.", "Übersetzung", cx="easy"),
        item(C, [], "Nenne das Partizip II von 'schwimmen'.", "Grammatik", cx="easy"),
        item(
            C,
            [],
            "Schreib eine kurze Einladung zum Grillen am Samstag für die Nachbarschaft.",
            "Einladung",
            cx="medium",
        ),
        item(
            C,
            [],
            "Erklär mir, wie eine Wärmepumpe funktioniert, so dass es ein Zwölfjähriger versteht.",
            "Erklärung",
            cx="medium",
        ),
        item(
            C,
            [],
            "Stell mir ein Trainingsprogramm für den Rücken zusammen, 20 Minuten, ohne Geräte.",
            "Programm",
            cx="medium",
        ),
        item(
            C,
            [],
            "Schreib ein Bash-Skript, das alle .jpg-Dateien im Ordner nach Aufnahmedatum umbenennt, und erklär es.",
            "Skript",
            cx="medium",
        ),
        item(C, [], "Schreib einen Limerick über einen Dackel im Regen.", "Gedicht", cx="medium"),
        item(
            C,
            [],
            "Entwirf ein Mandantenkonzept für eine SaaS-Buchhaltung: getrennte Datenbanken, Schemas oder Zeilen-Sicherheit – vergleiche Isolation, Kosten und Migration, und entscheide dich begründet.",
            "Architektur",
            cx="hard",
        ),
        item(
            C,
            [],
            "Beweise, dass es unendlich viele pythagoreische Tripel gibt, leite die Parametrisierung her und zeige, dass sie alle primitiven erfasst.",
            "Beweis",
            cx="hard",
        ),
        item(
            C,
            [],
            "Vergleiche Tempolimit, Pkw-Maut und Ausbau des Regionalverkehrs als Klimaschutzmaßnahmen nach Wirkung, Kosten und Akzeptanz; empfiehl eine Kombination und nenne, was dich umstimmen würde.",
            "Politikvergleich",
            cx="hard",
        ),
        item(
            C,
            [],
            "Schätze, wie viele Fahrradreifen in Deutschland pro Jahr verkauft werden, nach Fermi, und nenne die empfindlichste Annahme.",
            "Fermi-Schätzung",
            cx="hard",
        ),
        item(C, [], "Welcher Fluss fließt durch Dresden?", "Faktenfrage", cx="easy"),
    ]
    return out


def _be_nn(r: random.Random) -> str:
    """Belgian national register number YY.MM.DD-NNN.CC, born before 2000: CC = 97 - (first nine mod 97)."""
    body = f"{r.randint(55, 99):02d}{r.randint(1, 12):02d}{r.randint(1, 28):02d}{r.randint(1, 997):03d}"
    cc = 97 - int(body) % 97
    return f"{body[:2]}.{body[2:4]}.{body[4:6]}-{body[6:9]}.{cc:02d}"


def _fr(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["iban", "person_name"],
            f'Réponse brute de l\'API de prod (client 88-114) :\n{{"titulaire": "Léonore Bissonnette-Ahoua", "ville": "Lausanne", "iban": "{k.iban(r, "CH", 0)}"}}',
            "réponse JSON de production avec IBAN suisse",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f'caf:\n  allocataire: Ophélie Ranaivoson\n  nir: "{k.nir(r, 2, sex=2)}"\n  situation: parent isolé\n# copié depuis l\'outil de gestion, ne pas diffuser',
            "extrait YAML d'un dossier d'allocations avec NIR",
        ),
        item(
            S,
            ["passport", "person_name"],
            f"Signalement (appli de rencontre) : « Marc » m'a envoyé une photo de son passeport pour « prouver » qu'il est sérieux. "
            f"Nom : Marc-Antoine Guérineau, n° {k.passport(r, 'FR')}. Il me demande maintenant 2 000 €.",
            "signalement d'escroquerie sentimentale avec numéro de passeport",
        ),
        item(
            S,
            ["phone", "email", "person_name"],
            f"BEGIN:VCARD\nVERSION:3.0\nFN:Awa Traoré-Lemoine\nTEL;TYPE=cell:{k.phone(r, 'FR', 3)}\nEMAIL:awa.traore.l@orange.fr\nEND:VCARD\nAjoute-la au groupe des parents, stp.",
            "fiche vCard d'une particulière",
        ),
        item(
            S,
            ["ip_user"],
            f'{k.ip(r)} - g.lefebvre-nkoulou [03/Mar/2026:08:15:22 +0100] "POST /intranet/login HTTP/1.1" 302 0\n'
            f'{k.ip(r)} - g.lefebvre-nkoulou [03/Mar/2026:08:15:23 +0100] "GET /intranet/paie HTTP/1.1" 200 5120',
            "journal Apache au format combiné : IPv4 publique et utilisateur nominatif",
        ),
        item(
            S,
            ["credit_card", "email", "person_name"],
            f"De : Bérangère Oukacha <b.oukacha@sfr.fr>\nÀ : reservation@\nObjet : garantie chambre\n\nVoici ma carte pour la garantie : {k.card(r, 'mc', 1)}, exp. 10/27.",
            "e-mail à un hôtel avec carte au format tirets",
        ),
        item(
            S,
            ["national_id", "person_name", "date_of_birth"],
            f"Inscription au club de judo (Bruxelles)\nNom : Elias Vanderstraeten\nNé le : {(nn := _be_nn(r))[6:8]}/{nn[3:5]}/19{nn[:2]}\n"
            f"Numéro de registre national : {nn}",
            "inscription sportive avec numéro de registre national belge",
        ),
        item(
            S,
            ["iban", "person_name", "address"],
            f"Je soussignée Rosaria Cucinotta, domiciliée 3 chemin des Oliviers, 06300 Nice, autorise le prélèvement sur mon compte italien {k.iban(r, 'IT', 0)}.",
            "mandat de prélèvement avec IBAN italien et adresse",
        ),
        item(
            S,
            ["address", "date_of_birth", "person_name"],
            f"Courrier CAF — Objet : contrôle de situation\nMadame Fatoumata Keïta, née le {k.dob(r, 'fr')}, 27 rue Paul-Bert, 93100 Montreuil, "
            f"est priée de fournir ses trois derniers bulletins de salaire.",
            "courrier administratif avec date de naissance et adresse",
        ),
        item(
            S,
            ["phone", "person_name", "health"],
            f"Cabinet infirmier – tournée du soir\n• M. Raymond Achard-Ndiaye : pansement ulcère jambe droite, diabétique. Sa fille au {k.phone(r, 'FR', 0)} si porte fermée.",
            "tournée d'infirmière avec soins et téléphone",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Bonjour, pour la mutuelle de mon fils Timéo Grandjean-Lopes, voici son numéro (il est sur ma carte Vitale) :\n{k.nir(r, 1, sex=1)}",
            "message à une mutuelle avec NIR sur sa propre ligne",
        ),
        item(
            S,
            ["tax_id", "person_name"],
            f"Dossier d'expatriation – Mme Clothilde Vasseur-Brandt travaille désormais pour la filiale de Francfort. Identifiant fiscal allemand (Steuer-ID) : {k.steuer(r, 0)}.",
            "dossier d'expatriation avec Steuer-ID allemande",
        ),
    ]
    mid = f"> [0] Mme Héloïse Dambreville demande le remboursement de l'acompte sur {k.iban(r, 'FR', 0)} et laisse son portable {k.phone(r, 'FR', 2)}."
    out.append(
        item(
            S,
            ["iban", "phone", "person_name"],
            _wrap(
                r,
                "mail",
                "fr",
                "Voici un long fil d'e-mails. Donne-moi seulement la liste des équipes qui écrivent :\n",
                mid,
                "",
                r.randint(9000, 13000),
            ),
            "fil d'e-mails cités ; IBAN et téléphone d'une cliente au milieu",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Info confidentielle : Sandrine Péron, de la compta, a un cancer du sein, elle commence la radiothérapie lundi. Elle en parlera elle-même si elle veut.",
            "cancer d'une collègue",
        ),
        item(
            F,
            ["religion", "person_name"],
            "M. Kader Boukhalfa demande à ne pas travailler le jour de l'Aïd. Le chef d'équipe refuse. C'est légal ?",
            "pratique religieuse d'un salarié",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "Élodie Marchal est déléguée FO depuis trois ans et la direction veut lui retirer ses heures de délégation. Elle peut faire quoi ?",
            "mandat syndical d'une salariée",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Ma mère, Josiane Leclercq, est fichée à la Banque de France pour des chèques impayés. Est-ce qu'elle peut quand même ouvrir un compte ?",
            "fichage bancaire d'un proche",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "Mon colocataire, Yanis Ferhat, est gay et son père a menacé de le renier. Il dort chez moi depuis dimanche. Quelles aides existent ?",
            "orientation sexuelle d'un colocataire",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "Le nouvel animateur, Kévin Lemaire, a été condamné pour trafic de stupéfiants il y a dix ans. Doit-il le dire aux parents ?",
            "condamnation d'un animateur",
        ),
        item(
            F,
            ["person_name"],
            "Notre aide-soignante, Chantal Mbemba, attend le renouvellement de son titre de séjour depuis huit mois ; son récépissé expire vendredi.",
            "situation administrative d'une salariée (person_name)",
        ),
        item(
            F,
            ["health", "person_name"],
            "Mon père, Gilbert, a fait un test ADN d'ascendance en ligne et on a découvert qu'il a le gène de l'hémochromatose. Dois-je me faire tester aussi ?",
            "résultat génétique d'un parent nommé par son prénom et la relation",
        ),
        item(
            F,
            ["person_name"],
            "Le président de l'amicale des locataires, Roger Tessier, est militant au Parti communiste et fait signer des pétitions dans le hall.",
            "engagement politique d'un particulier (person_name)",
        ),
    ]
    mid = "00:21:04,250 --> 00:21:09,900\n- Ma sœur, Clarisse Aubertot-Mensah, a fait une tentative de suicide en janvier ; elle est suivie en psychiatrie à Sainte-Anne."
    out.append(
        item(
            F,
            ["health", "person_name"],
            _wrap(
                r,
                "srt",
                "fr",
                "Voici les sous-titres de notre épisode de podcast. Enlève les horodatages et rends le texte brut :\n",
                mid,
                "",
                r.randint(9000, 13000),
            ),
            "sous-titres de podcast ; santé mentale d'une proche au milieu",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "Qu'a dit Kylian Mbappé sur sa blessure au genou cette saison ? En une phrase.",
            "sportif dans l'actualité",
            cx="easy",
        ),
        item(
            N,
            [],
            "Arsène Lupin a une planque à Étretat. Écris une lettre où il prévient la police de son prochain vol.",
            "personnage de fiction",
            cx="medium",
        ),
        item(
            N,
            [],
            "Simone Veil est née le 13 juillet 1927. Analyse les arguments du débat de 1974 sur l'IVG, classe-les, et montre lesquels ont le mieux résisté à l'épreuve du temps.",
            "personnalité historique avec date de naissance",
            cx="hard",
        ),
        item(
            N,
            [],
            "Écris une lettre à la CAF de Paris, 50 rue du Docteur Finlay, 75015 Paris, pour contester un indu, sans données personnelles.",
            "adresse d'un organisme public",
            cx="medium",
        ),
        item(
            N,
            [],
            "La carte de test 4970 1000 0000 0055 de notre prestataire renvoie « 3-D Secure requis ». Comment simuler ce cas en environnement de test ?",
            "carte de test déclarée",
            cx="medium",
        ),
        item(
            N,
            [],
            "En France, 9 % des adultes déclarent une consommation d'alcool à risque. Conçois une campagne de prévention en trois volets avec indicateurs, budget et analyse de ce qui pourrait échouer.",
            "statistique agrégée",
            cx="hard",
        ),
        item(
            N,
            [],
            f"C'est quoi ce code sur le colis ? suivi 6A{k.digits(r, 11)}, réf {k.uuid(r)}",
            "numéro de suivi et UUID",
            cx="easy",
        ),
        item(
            N,
            [],
            "Quel sommet se trouve à 45.8326 N, 6.8652 E ?",
            "coordonnées d'un sommet",
            cx="easy",
        ),
        item(
            N,
            [],
            "Est-ce que tu peux lire mes autres conversations ?",
            "question à l'assistant",
            cx="easy",
        ),
        item(
            N,
            [],
            "Dans notre recette on envoie des mails à marie.martin@example.fr. Écris la config Django pour qu'ils partent dans la console.",
            "adresse example.fr de recette",
            cx="medium",
        ),
        item(
            N,
            [],
            "Les obsèques de Johnny Hallyday ont donné lieu à une bataille sur son testament. Analyse les enjeux de droit international privé et ce que l'affaire change pour la réserve héréditaire.",
            "figure publique, succession médiatisée",
            cx="hard",
        ),
        item(
            N,
            [],
            "Pourquoi « Jean Dupont » sert-il de nom d'exemple en France ? Deux phrases.",
            "nom d'exemple déclaré",
            cx="easy",
        ),
        item(
            N,
            [],
            "Coucou tout le monde, quelqu'un a une recette de far breton sans pruneaux ?",
            "salutation à un groupe",
            cx="easy",
        ),
        item(
            N,
            [],
            "La Poste, 9 rue du Colonel Pierre Avia, 75015 Paris : rédige une réclamation pour un colis perdu, sans nom.",
            "adresse d'une entreprise",
            cx="medium",
        ),
    ]
    mid = "500;12:00;catering;livraisons pour l'Hôpital Necker, 149 rue de Sèvres, 75015 Paris, quai de réception B;ok;0"
    out.append(
        item(
            N,
            [],
            _wrap(
                r,
                "csv",
                "fr",
                "n;heure;équipe;tâche;état;minutes\nÀ partir de ce CSV, identifie les goulots d'étranglement, teste si l'écart entre équipes est significatif et propose une réorganisation chiffrée avec ses risques :\n",
                mid,
                "",
                r.randint(9000, 14000),
            ),
            "CSV de tâches ; adresse d'un hôpital public au milieu",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "Combien de secondes dans une journée ?", "calcul", cx="easy"),
        item(
            C,
            [],
            "« Quoique » ou « quoi que » dans : « ___ tu fasses, appelle-moi » ?",
            "orthographe",
            cx="easy",
        ),
        item(C, [], "Traduis « boîte à gants » en espagnol.", "traduction", cx="easy"),
        item(
            C,
            [],
            "Donne le subjonctif présent de « coudre » à la première personne du pluriel.",
            "conjugaison",
            cx="easy",
        ),
        item(
            C, [], "Quelle est la plus longue rivière de France ?", "question factuelle", cx="easy"
        ),
        item(
            C,
            [],
            "Écris une invitation courte pour un apéro de quartier samedi.",
            "invitation",
            cx="medium",
        ),
        item(
            C,
            [],
            "Explique le fonctionnement d'une pompe à chaleur à un enfant de douze ans.",
            "explication",
            cx="medium",
        ),
        item(
            C, [], "Propose une séance de yoga de 20 minutes pour le dos.", "programme", cx="medium"
        ),
        item(
            C,
            [],
            "Écris une requête SQL qui trouve les doublons d'e-mail dans une table clients, et explique-la.",
            "SQL",
            cx="medium",
        ),
        item(C, [], "Écris un quatrain sur le vent d'autan.", "poème", cx="medium"),
        item(
            C,
            [],
            "Conçois le stockage d'un service de messagerie chiffrée de bout en bout : clés, sauvegardes, multi-appareils, et compare deux protocoles en précisant leurs faiblesses.",
            "conception",
            cx="hard",
        ),
        item(
            C,
            [],
            "Démontre que √3 est irrationnel, puis montre que √2 + √3 l'est aussi, en expliquant pourquoi la première preuve ne suffit pas.",
            "démonstration",
            cx="hard",
        ),
        item(
            C,
            [],
            "Compare trois façons de financer la dépendance des personnes âgées (assurance privée, cinquième risque, impôt) selon l'équité et la soutenabilité, et tranche.",
            "analyse de politiques",
            cx="hard",
        ),
        item(
            C,
            [],
            "Planifie la bascule d'un site e-commerce vers une nouvelle plateforme pendant les soldes, avec plan de repli et critères de go/no-go.",
            "plan de bascule",
            cx="hard",
        ),
    ]
    return out


def _es(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["national_id", "person_name"],
            f"Solicitud de ayuda al alquiler joven — anexo II\nSolicitante: Yeray Cabrera Henríquez (Las Palmas)\nDNI/NIF: {k.dni(r, 1)}\nIngresos 2025: sin rendimientos",
            "solicitud de ayuda con DNI con guion",
        ),
        item(
            S,
            ["national_id", "person_name", "phone"],
            f"Registro de voluntariado — banco de alimentos\nNombre: Nazaret Benítez Bouzid\nDocumento: NIE {k.nie(r, 0)}\nMóvil: {k.phone(r, 'ES', 3)}",
            "ficha de voluntariado con NIE y móvil",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Hola Marta, para el alta de Wilmer Chávez Pazmiño en la obra necesito que confirmes su número de la Seguridad Social, creo que es {k.nss(r)}. Gracias.",
            "mensaje de alta laboral con número de la Seguridad Social",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"Datos para la devolución de la fianza:\n- Titular: Covadonga Prieto Sanmartín\n- Cuenta: {k.iban(r, 'ES', 2)}\n(la anterior estaba mal, esta es la buena)",
            "mensaje al casero con IBAN español en grupos con guiones",
        ),
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Reclamación por vuelo retrasado (Reglamento 261/2004)\nPasajera: Milagros Huarachi Condori, fecha de nacimiento {k.dob(r, 'es')}\n"
            f"Pasaporte: {k.passport(r, 'ES')}\nVuelo: Madrid–Lima, retraso de 7 horas",
            "reclamación aérea con pasaporte español",
        ),
        item(
            S,
            ["email", "phone", "person_name"],
            f"De: Íñigo Arrizabalaga <inigo.arrizabalaga@euskaltel.net>\nPara: clinica-dental@\nAsunto: cambio de cita\n\nMe viene mejor el jueves. Si no, llamadme al {k.phone(r, 'ES', 2)}.",
            "correo a una clínica dental con teléfono fijo",
        ),
        item(
            S,
            ["ip_user"],
            f'{{"ts": "2026-01-18T17:22:09Z", "evento": "login_ok", "usuario": "almudena.sierra", "ip": "{k.ip(r)}", "app": "nominas"}}\n'
            f'{{"ts": "2026-01-18T17:40:51Z", "evento": "descarga", "usuario": "almudena.sierra", "fichero": "nomina_12.pdf"}}',
            "líneas JSON de auditoría con IPv4 pública y usuario",
        ),
        item(
            S,
            ["credit_card", "person_name"],
            f"Chat con el hotel 21:07 — Cliente: Para la garantía usad mi American Express {k.card(r, 'amex', 0)}, a nombre de Bernardo Salcedo Ugarte.",
            "chat de reservas con número American Express",
        ),
        item(
            S,
            ["iban", "person_name", "address"],
            f"Recibo de la cuota del AMPA\nFamilia: Okonjo-Ramírez\nDomicilio: Av. de la Constitución 88, 4.º izq., 41001 Sevilla\nCuenta de cargo: {k.iban(r, 'ES', 0)}",
            "recibo escolar con IBAN y domicilio",
        ),
        item(
            S,
            ["national_id", "person_name", "date_of_birth"],
            f"Ficha de paciente (exportación del sistema)\nnombre;dni;fecha_nac;alergias\nConsuelo Villegas Mora;{k.dni(r, 0)};{k.dob(r, 'es')};penicilina",
            "exportación de ficha de paciente con DNI",
        ),
        item(
            S,
            ["phone", "address", "person_name"],
            f"Buenas, soy Apolinar Mamani, el del bajo B de Calle Torrijos 14, 28028 Madrid. Se ha inundado el trastero; llamadme al {k.phone(r, 'ES', 0)} cuando venga el fontanero.",
            "mensaje al administrador de la finca con teléfono y dirección",
        ),
        item(
            S,
            ["tax_id", "person_name"],
            f"Asesoría – nota interna: la clienta Ute Wendland-Ortega tributó en Alemania hasta 2025; su Steuer-ID es {k.steuer(r, 1)} y la necesitamos para el convenio de doble imposición.",
            "nota de asesoría fiscal con Steuer-ID alemana",
        ),
    ]
    mid = f'2026-05-27T05:01:33Z WARN svc=it-desk span=eeeeee1111 dur_ms=9 msg="acceso remoto usuario=j.mbarga.esono desde {k.ip(r)} fuera de horario"'
    out.append(
        item(
            S,
            ["ip_user", "person_name"],
            _wrap(
                r,
                "log",
                "es",
                "Reformatea este log como tabla con columnas hora, nivel, servicio y mensaje:\n",
                mid,
                "",
                r.randint(8000, 12000),
            ),
            "log de servicios; una línea con IPv4 pública y usuario nominal en el medio",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Para que lo sepáis en el turno: a Maribel Sarasola le han diagnosticado esclerosis múltiple y va a pedir adaptación de puesto.",
            "diagnóstico de una compañera",
        ),
        item(
            F,
            ["religion", "person_name"],
            "Mi compañero de piso, Gurpreet Singh, es sij y lleva turbante; en la entrevista le dijeron que se lo quitara. ¿Eso es discriminación?",
            "religión de un compañero de piso",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "Desde que Lourdes Arnedo se afilió a UGT y se presentó a delegada, el encargado no le da turnos de mañana.",
            "afiliación sindical de una trabajadora",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Mi vecino Fermín Echegaray tiene embargada la nómina por una deuda con Hacienda y me ha pedido que le preste para el alquiler.",
            "embargo de nómina de un vecino",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "Mi prima Ainhoa Lekuona es bisexual y su exnovio lo ha contado en el pueblo. Ella no quería. ¿Puede denunciarlo?",
            "orientación sexual de una prima revelada",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "El portero nuevo, Ezequiel Montalvo, estuvo en prisión por robo con violencia. Algunos vecinos quieren que lo despidan.",
            "antecedentes de un portero",
        ),
        item(
            F,
            ["person_name"],
            "La señora que limpia en casa de mi madre, Rosa Elvira Cuéllar, no tiene papeles y tiene miedo de ir al médico. ¿Puede empadronarse?",
            "situación migratoria irregular (person_name)",
        ),
        item(
            F,
            ["health", "person_name"],
            "Mi hermano, Álvaro Sanz Peña, se hizo un test genético y tiene la mutación del gen LRRK2; el neurólogo dice que sube el riesgo de párkinson.",
            "resultado genético de un hermano",
        ),
        item(
            F,
            ["person_name"],
            "La presidenta de la asociación de vecinos, Pilar Ordóñez, es concejala suplente de Vox en la lista y reparte propaganda en las reuniones.",
            "militancia política de una vecina (person_name)",
        ),
    ]
    mid = "> Os aviso: Lucía Trujillo, la de 2.º C, está en tratamiento por anorexia y el psiquiatra ha pedido que no se comente nada de su peso en clase."
    out.append(
        item(
            F,
            ["health", "person_name"],
            _wrap(
                r,
                "mail",
                "es",
                "Este es un hilo largo de correos del claustro. Haz un resumen de tres líneas:\n",
                mid,
                "",
                r.randint(9000, 13000),
            ),
            "hilo de correos citados; salud de una alumna en el medio",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "¿Qué contó Alexia Putellas sobre su lesión de rodilla? En una frase.",
            "deportista en las noticias",
            cx="easy",
        ),
        item(
            N,
            [],
            "Manolito Gafotas vive en Carabanchel Alto. Escribe una carta suya a los Reyes Magos.",
            "personaje de ficción",
            cx="medium",
        ),
        item(
            N,
            [],
            "Clara Campoamor nació el 12 de febrero de 1888. Reconstruye su debate con Victoria Kent sobre el voto femenino, evalúa la solidez de cada postura y explica cuál defendería hoy y por qué.",
            "personaje histórico con fecha de nacimiento",
            cx="hard",
        ),
        item(
            N,
            [],
            "Redacta una queja al Ayuntamiento de Valencia, Plaza del Ayuntamiento 1, 46002 Valencia, por el ruido de unas obras, sin datos personales.",
            "dirección de un ayuntamiento",
            cx="medium",
        ),
        item(
            N,
            [],
            "En pruebas usamos la tarjeta de ejemplo 4000 0000 0000 0002, que siempre se rechaza. ¿Cómo muestro un mensaje de error útil al usuario?",
            "tarjeta de prueba declarada",
            cx="medium",
        ),
        item(
            N,
            [],
            "El 23 % de los hogares españoles tiene dificultades para llegar a fin de mes. Diseña un programa municipal con tres líneas de ayuda, criterios de acceso, coste y cómo evaluarías si funciona.",
            "estadística agregada",
            cx="hard",
        ),
        item(
            N,
            [],
            f"¿Qué significa esto en el pedido? ref={k.uuid(r)} lote=LT{k.digits(r, 6)}",
            "UUID y lote",
            cx="easy",
        ),
        item(N, [], "¿Qué hay en 41.4036 N, 2.1744 E?", "coordenadas de un monumento", cx="easy"),
        item(
            N,
            [],
            "¿Tienes memoria de lo que hablamos la semana pasada?",
            "pregunta al asistente",
            cx="easy",
        ),
        item(
            N,
            [],
            "En desarrollo mandamos correos a pepe.perez@example.es. Configura Nodemailer para que no salgan de verdad.",
            "dirección example.es de prueba",
            cx="medium",
        ),
        item(
            N,
            [],
            "La salud de Julio Iglesias ha sido objeto de rumores durante años. Analiza los límites del derecho a la información sobre la salud de famosos según la jurisprudencia española y propone un código para programas de corazón.",
            "salud de una figura pública",
            cx="hard",
        ),
        item(
            N,
            [],
            "¿De dónde viene 'Perico de los Palotes' como nombre inventado? Breve.",
            "nombre de relleno declarado",
            cx="easy",
        ),
        item(
            N,
            [],
            "Buenas a todos, ¿alguien sabe a qué hora abre el punto limpio los domingos?",
            "saludo a un grupo",
            cx="easy",
        ),
        item(
            N,
            [],
            "Renfe Viajeros, Avenida Pío XII 110, 28036 Madrid: redacta una reclamación por un tren cancelado, sin datos personales.",
            "dirección de una empresa",
            cx="medium",
        ),
    ]
    mid = "00:33:10,400 --> 00:33:15,800\n- Las donaciones se entregan en Cáritas Diocesana, Calle de la Beata 2, Zaragoza, de lunes a viernes por la mañana."
    out.append(
        item(
            N,
            [],
            _wrap(
                r,
                "srt",
                "es",
                "Subtítulos de nuestro pódcast. Identifica los temas, evalúa si la estructura del episodio funciona, y propone una reordenación justificada con dos alternativas descartadas:\n",
                mid,
                "",
                r.randint(9000, 14000),
            ),
            "subtítulos de pódcast; dirección de una entidad benéfica en el medio",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "¿Cuántos centímetros son 5 pulgadas?", "conversión", cx="easy"),
        item(C, [], "¿'Sino' o 'si no' en: 'No es rojo, ___ azul'?", "ortografía", cx="easy"),
        item(C, [], "Traduce 'guantera' al alemán.", "traducción", cx="easy"),
        item(C, [], "Dime el participio de 'romper'.", "gramática", cx="easy"),
        item(
            C,
            [],
            "Escribe una invitación breve a una barbacoa de vecinos el sábado.",
            "invitación",
            cx="medium",
        ),
        item(
            C,
            [],
            "Explícale a un niño de doce años cómo funciona una placa solar.",
            "explicación",
            cx="medium",
        ),
        item(
            C,
            [],
            "Prepárame una rutina de estiramientos de 15 minutos para después de correr.",
            "rutina",
            cx="medium",
        ),
        item(
            C,
            [],
            "Escribe un script en Python que renombre fotos por fecha EXIF y explícalo.",
            "script",
            cx="medium",
        ),
        item(C, [], "Escribe una copla sobre el levante en Tarifa.", "poema", cx="medium"),
        item(
            C,
            [],
            "Diseña el modelo multiinquilino de un SaaS de facturación: base de datos por cliente, esquema o filas, comparando aislamiento, coste y migración, y decide.",
            "arquitectura",
            cx="hard",
        ),
        item(
            C,
            [],
            "Demuestra que la suma de los inversos de los primos diverge, con una prueba que entienda alguien de primero de carrera, y señala el paso más delicado.",
            "demostración",
            cx="hard",
        ),
        item(
            C,
            [],
            "Compara la zona de bajas emisiones, el peaje urbano y el transporte público gratuito para reducir tráfico en una ciudad de 400.000 habitantes y recomienda una combinación.",
            "comparación de políticas",
            cx="hard",
        ),
        item(
            C,
            [],
            "Estima cuántas churrerías hay en España con un cálculo de Fermi e indica la hipótesis más sensible.",
            "estimación de Fermi",
            cx="hard",
        ),
        item(
            C,
            [],
            "¿Cuál es el río más largo de la península ibérica?",
            "pregunta factual",
            cx="easy",
        ),
    ]
    return out


TASKS = {
    "en": {
        "easy": [
            "Give this a three-word label.",
            "Pull out every date and number above as a list.",
            "Make the above read more politely, nothing else.",
            "Translate the above into French.",
        ],
        "medium": [
            "Write the reply you'd send back, asking only for what we actually need.",
            "Decide whether this belongs with billing, safeguarding or IT, and explain briefly.",
            "Summarise this for the manager in under 120 words with a recommendation.",
            "Draft a follow-up e-mail and a short internal comment to go with it.",
        ],
        "hard": [
            "Map every piece of personal data above to its purpose, retention period and lawful basis, identify where the current handling breaches data-protection law, and design a corrected process with controls and a way to audit them.",
            "Build a threat model for the system this came from: who could misuse this data, how, with what likelihood and impact, and which three controls you'd fund first and why.",
            "Work out whether we may share this with a third party who asked for it, considering at least three legal routes, the counter-arguments, and what you would need to document.",
            "Propose a redesign of the form or channel this arrived through so that it collects less, compare two designs on usability and risk, and say how you'd validate the choice.",
        ],
    },
    "de": {
        "easy": [
            "Gib dem ein Etikett aus drei Wörtern.",
            "Liste alle Daten und Zahlen daraus auf.",
            "Formulier das höflicher, sonst nichts ändern.",
            "Übersetz das ins Spanische.",
        ],
        "medium": [
            "Schreib die Antwort, die wir zurückschicken, und frag nur nach dem Nötigen.",
            "Gehört das zur Buchhaltung, zum Kinderschutz oder zur IT? Kurz begründen.",
            "Fass das für die Leitung in höchstens 100 Wörtern mit Empfehlung zusammen.",
            "Entwirf eine Nachfass-Mail und einen kurzen internen Vermerk dazu.",
        ],
        "hard": [
            "Ordne jede personenbezogene Angabe oben Zweck, Speicherdauer und Rechtsgrundlage zu, zeig, wo die jetzige Handhabung gegen die DSGVO verstößt, und entwirf einen korrigierten Prozess mit Kontrollen und Prüfpfad.",
            "Erstelle ein Bedrohungsmodell für das System, aus dem das stammt: wer könnte die Daten wie missbrauchen, mit welcher Wahrscheinlichkeit und Wirkung, und welche drei Maßnahmen du zuerst finanzieren würdest.",
            "Prüfe, ob wir das an einen anfragenden Dritten weitergeben dürfen, mit mindestens drei rechtlichen Wegen, Gegenargumenten und dem, was dokumentiert werden muss.",
            "Schlag eine Neugestaltung des Formulars oder Kanals vor, über den das kam, vergleiche zwei Entwürfe nach Bedienbarkeit und Risiko und sag, wie du die Wahl überprüfst.",
        ],
    },
    "fr": {
        "easy": [
            "Donne-lui une étiquette de trois mots.",
            "Liste toutes les dates et tous les nombres.",
            "Rends le ton plus poli, sans rien changer d'autre.",
            "Traduis en allemand.",
        ],
        "medium": [
            "Écris la réponse à renvoyer en ne demandant que le nécessaire.",
            "Ça relève de la compta, de la protection de l'enfance ou de l'informatique ? Justifie en bref.",
            "Résume pour la direction en moins de 100 mots avec une recommandation.",
            "Rédige un mail de relance et une courte note interne.",
        ],
        "hard": [
            "Associe chaque donnée personnelle ci-dessus à sa finalité, sa durée de conservation et sa base légale, montre où le traitement actuel enfreint le RGPD et conçois un processus corrigé avec contrôles et piste d'audit.",
            "Construis un modèle de menace du système d'où vient ce texte : qui pourrait abuser de ces données, comment, avec quelle probabilité et quel impact, et quelles trois mesures financer d'abord.",
            "Détermine si l'on peut transmettre cela à un tiers qui le demande, en examinant au moins trois fondements juridiques, les objections et ce qu'il faudrait documenter.",
            "Propose une refonte du formulaire ou du canal par lequel c'est arrivé pour collecter moins, compare deux conceptions sur l'ergonomie et le risque, et dis comment valider le choix.",
        ],
    },
    "es": {
        "easy": [
            "Ponle una etiqueta de tres palabras.",
            "Saca en lista todas las fechas y cifras.",
            "Haz que suene más educado, sin cambiar nada más.",
            "Tradúcelo al francés.",
        ],
        "medium": [
            "Escribe la respuesta que devolveríamos pidiendo solo lo necesario.",
            "¿Va a contabilidad, a protección de menores o a informática? Justifica en breve.",
            "Resúmelo para la dirección en menos de 100 palabras con una recomendación.",
            "Redacta un correo de seguimiento y una nota interna breve.",
        ],
        "hard": [
            "Relaciona cada dato personal de arriba con su finalidad, plazo de conservación y base jurídica, señala dónde el tratamiento actual incumple el RGPD y diseña un proceso corregido con controles y auditoría.",
            "Construye un modelo de amenazas del sistema del que sale esto: quién podría abusar de los datos, cómo, con qué probabilidad e impacto, y qué tres controles financiarías primero.",
            "Determina si podemos cederlo a un tercero que lo pide, con al menos tres vías legales, las objeciones y lo que habría que documentar.",
            "Propón un rediseño del formulario o canal por el que llegó para recoger menos datos, compara dos diseños por usabilidad y riesgo y explica cómo validarías la elección.",
        ],
    },
}

_BY_LANG = {"en": _en, "de": _de, "fr": _fr, "es": _es}


def items(r: random.Random, lang: str) -> list[dict]:
    return _BY_LANG[lang](r)
