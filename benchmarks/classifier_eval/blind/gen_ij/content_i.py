# ruff: noqa: RUF001  (en dashes, typographic quotes and the like are part of the prompts)
"""Set I: contexts, negatives, clean prompts, appended task pools and long documents, per language.

Every person, address and identifier here is invented (identifiers from the seeded checksum
generators in kit_ij.py); public figures, landmarks and organisations appear only in negatives.
"""

import random

import filler_ij as fl
import kit_ij as k

item = k.item
S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"


def _en(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["email", "person_name", "credit_card"],
            f'From: "Oyelaran, Babatunde" <b.oyelaran77@outlook.com>\nTo: support@\nSubject: Re: [Ticket #88213] double charge\n\n'
            f"Hi again, you asked which card — it's this one: {k.card(r, 'mc')} exp 09/28. Both charges show on the statement.",
            "support ticket with e-mail header; customer pastes a Mastercard number",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"#finance-ops  ravi.k  10:42\nrefund for Siobhán Ní Bhraonáin approved, send it to her account below, she changed banks\n"
            f"ravi.k  10:43\n{k.iban(r, 'IE', 1)}\nmaja.s  10:51\n:white_check_mark: queued",
            "Slack thread; Irish IBAN on its own line after the name",
        ),
        item(
            S,
            ["national_id", "date_of_birth", "person_name", "address"],
            f"IN THE COUNTY COURT AT SHEFFIELD\nClaim No. K4QZ1187\nBETWEEN: TOMASZ WIECZOREK-LANE (Claimant)\n"
            f"Claimant's date of birth: {k.dob(r, 'en')}. National Insurance number: {k.uk_ni(r, True)}.\n"
            f"Address for service: 27 Ashgrove Terrace, Hillsborough, Sheffield S6 2LB",
            "court claim form header; NI number a line after the name",
        ),
        item(
            S,
            ["national_id", "date_of_birth", "person_name", "health"],
            f'# exported from the clinic portal (prod), do not share\npatient:\n  name: Mehmet Aydın\n  nhs_no: "{k.nhs(r)}"\n'
            f"  dob: {k.dob(r, 'en')}\n  flags: [insulin-dependent, latex allergy]",
            "YAML clinic-portal export said to come from production; NHS number with valid check",
        ),
        item(
            S,
            ["ip_user", "person_name"],
            f"Mar 14 02:11:58 web-2 sshd[40121]: Accepted publickey for k.adeyemi-brown from {k.ip(r)} port 52344 ssh2\n"
            f"Mar 14 02:12:03 web-2 sudo: k.adeyemi-brown : TTY=pts/0 ; PWD=/srv ; USER=root ; COMMAND=/bin/systemctl restart app",
            "sshd log: public IPv4 with a login made from a person's name",
        ),
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Travel insurance claim — section B (travel documents)\nPassport number\n{k.passport(r, 'US')}\n"
            f"Holder: Đặng Thị Hương, born {k.dob(r, 'en')}\nLost at: Lisbon airport, baggage hall",
            "insurance claim form; US passport number with its label on the line above",
        ),
        item(
            S,
            ["phone", "address", "person_name"],
            f"hiya it's Graham Pettigrew from flat 3, 14 Kelvin Row, Leeds LS7 3QP — the boiler's leaking again, "
            f"can the plumber ring me on {k.phone(r, 'GB', 0)} rather than the landlord line",
            "tenant message to a landlord with mobile and home address",
        ),
        item(
            S,
            ["national_id", "person_name", "date_of_birth"],
            f"Dear Admissions,\nOur daughter Noor van der Berg-Haddad (born {k.dob(r, 'en', 2012, 2016)}) is transferring from a school in Utrecht. "
            f"Her Dutch citizen service number (BSN) is {k.bsn(r)}, in case the previous school's records ask for it.",
            "school admission letter; Dutch BSN with 11-test",
        ),
        item(
            S,
            ["tax_id", "person_name"],
            f"| employee | seconded to | German tax ID | start |\n|---|---|---|---|\n| Lorcan Ferris | Munich office | {k.steuer(r, 1)} | 2026-04-01 |\n"
            f"| (vacant) | Munich office | — | — |",
            "Markdown payroll table; Steuer-ID printed in groups",
        ),
        item(
            S,
            ["iban", "person_name", "email"],
            f'<customer id="C-20931">\n  <name>Aroha Ngata</name>\n  <contact>aroha.ngata@xtra.co.nz</contact>\n'
            f'  <payout iban="{k.iban(r, "NL", 1)}"/>\n</customer>',
            "XML customer record with Dutch IBAN attribute",
        ),
        item(
            S,
            ["phone", "email", "person_name"],
            f"[00:41:12] HOST: …and if anyone wants to reach our guest directly?\n[00:41:15] GUEST (Wanjiru Kamau): Sure, honestly just text me, "
            f"{k.phone(r, 'GB', 1)}, or email wanjiru.kamau.writes@gmail.com, I answer everything eventually.",
            "podcast transcript where the guest reads out her own number",
        ),
        item(
            S,
            ["phone", "date_of_birth", "person_name"],
            f'Report type: harassment\nReported profile: "Jonno, 34" — real name on his Venmo was Jonathan Ekwueme-Price\n'
            f"He sent messages from {k.phone(r, 'GB', 3)} after I unmatched. His licence shows DOB {k.dob(r, 'en')}.",
            "dating-app safety report naming another private user",
        ),
    ]
    name = "Ingrid Solheim-Achterberg"
    mid = (
        f"[2026-03-16 11:04:52] ingrid.s: ok found it — card on file for {name} is {k.card(r, 'visa')} "
        f"exp 11/27, billing postcode BS3 4DX, please charge the deposit"
    )
    out.append(
        item(
            S,
            ["credit_card", "person_name", "address"],
            fl.wrap(
                r,
                "chat",
                "en",
                "Summarise this chat export in five bullet points:\n",
                mid,
                "[export ends]",
                r.randint(8000, 12500),
            ),
            "chat export with timestamps; card number in one line in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "quick heads-up in #team-alpha: Priya Venkataraman won't be in until March, she started chemo on Monday. "
            "She's asked us not to make a thing of it, so maybe just cover her standups?",
            "Slack message about a colleague's cancer treatment",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Re the tenant in 2B — Mr Okonkwo is now three months behind and there's a CCJ against him from his last landlord. "
            "I'd rather not renew. How do I word that?",
            "landlord e-mail: arrears and a county court judgment",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "FYI Fergus McAllister signed up with Unite last week and he's putting himself forward as shop steward for the warehouse.",
            "message naming a colleague's union membership",
        ),
        item(
            F,
            ["religion", "person_name"],
            "Dear Mrs Hallworth, Yusuf will be fasting for Ramadan from next week, so could he sit in the library at lunch instead of the canteen? "
            "Thanks, Aylin Demir (Yusuf Demir's mum, 8C)",
            "school note about a pupil's religious observance",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "I'm reporting a match: he screenshotted my profile and sent it to my family group chat with 'Callum Reyes is gay??'. "
            "I'm not out to them. Please ban him.",
            "dating-app report; the reporter's sexual orientation disclosed",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "HR note: the new driver, Dmitri Volkonsky-Hart, disclosed a 2019 drink-driving conviction on the DBS form; he says it's spent.",
            "HR note on an employee's conviction",
        ),
        item(
            F,
            ["person_name"],
            "Our cleaner Marisol Quispe told me her visa ran out in January and she's scared to go to the GP in case they report her. What can she do?",
            "immigration status of a named private person (person_name only)",
        ),
        item(
            F,
            ["health", "person_name"],
            "my sister Aoife came back BRCA2-positive on the genetic panel and now she's deciding about surgery — how do I support her without being weird?",
            "genetic test result of a relative named by first name and relation",
        ),
        item(
            F,
            ["person_name"],
            "Between us, Hemi Parata from the planning committee is a card-carrying Green and has been leafleting against the bypass — should he declare that?",
            "a private person's political affiliation (person_name only)",
        ),
    ]
    name2 = "Bartholomew Achebe-Lund"
    mid = (
        "Discharge summary: Mr "
        + name2
        + " (62) was admitted with an acute exacer-\nbation of COPD and new atrial fibrillation; he lives alone and his daughter\n"
        "Folake is his next of kin. He was started on apixaban and home oxygen."
    )
    out.append(
        item(
            F,
            ["health", "person_name"],
            fl.wrap(
                r,
                "pdf",
                "en",
                "Text pulled from a scanned ward PDF. List the dates mentioned, nothing else:\n",
                mid,
                "— end of extract —",
                r.randint(10000, 15000),
            ),
            "PDF-extracted text with hyphenation; discharge summary in the middle",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "What did the palace actually announce about King Charles's cancer treatment? Two sentences.",
            "public figure's health in the news",
            cx="easy",
        ),
        item(
            N,
            [],
            "Sherlock Holmes lives at 221B Baker Street, London NW1 6XE. Write a limerick about his landlady complaining about the violin.",
            "fictional character's address",
            cx="medium",
        ),
        item(
            N,
            [],
            "Alan Turing was born on 23 June 1912 and convicted in 1952. Assess whether the 2013 pardon and the 2017 'Turing law' were an adequate remedy, weighing at least three objections, and say what a better remedy would have looked like.",
            "historical figure with date of birth and conviction",
            cx="hard",
        ),
        item(
            N,
            [],
            "Draft a group-booking enquiry to the British Museum, Great Russell Street, London WC1B 3DG (020 7323 8000) for 28 Year 9 pupils.",
            "museum's public address and switchboard",
            cx="medium",
        ),
        item(
            N,
            [],
            "My checkout accepts Stripe's test card 4000 0566 5566 5556 in test mode but rejects it once I switch to live keys. Why?",
            "documented Stripe test card, declared as test",
            cx="medium",
        ),
        item(
            N,
            [],
            "Write a Python IBAN validator and explain why the ECBS example GB82 WEST 1234 5698 7654 32 passes while the made-up GB82 WEST 1234 5698 7654 31 fails.",
            "documentation example IBAN and a declared invalid variant",
            cx="medium",
        ),
        item(
            N,
            [],
            "In our staff survey 14 % of 2,300 respondents reported anxiety and 6 % took sick leave for stress. Design a two-year wellbeing programme under a £90k budget, with a way to tell whether it worked and what you'd cut first.",
            "aggregate health figures, no person",
            cx="hard",
        ),
        item(
            N,
            [],
            f"What are these in my deploy output? image digest sha256:{k.hexs(r, 64)} and request id {k.uuid(r)}",
            "hash and UUID",
            cx="easy",
        ),
        item(
            N,
            [],
            "Is ISBN 978-0-14-143951-8 the Penguin Classics Pride and Prejudice? And what's at 51.5007° N, 0.1246° W?",
            "ISBN and map coordinates of a landmark",
            cx="easy",
        ),
        item(
            N,
            [],
            "Do you remember what I told you yesterday? Who built you and do you keep my chats?",
            "question about the assistant itself",
            cx="easy",
        ),
        item(
            N,
            [],
            "Configure Postfix so that anything sent to postmaster@example.com on my test box lands in a local Maildir instead of bouncing.",
            "example.com address in a test setup",
            cx="medium",
        ),
        item(
            N,
            [],
            "Celine Dion has spoken publicly about stiff person syndrome. Compare how three outlets covered her diagnosis and argue where reporting on a celebrity's illness crosses into exploitation, with criteria a newsroom could adopt.",
            "public figure's disclosed illness",
            cx="hard",
        ),
        item(
            N,
            [],
            "Why do contract templates use 'John Doe' and 'Jane Roe' as placeholder parties? One paragraph.",
            "declared placeholder names",
            cx="easy",
        ),
        item(
            N,
            [],
            "Our auth log shows 40 failed logins for user admin from 203.0.113.42 (documentation range, it's a lab). Write a fail2ban jail for it.",
            "RFC 5737 address with the generic user admin",
            cx="medium",
        ),
    ]
    mid = '- {item: HEAD-OFFICE, note: "deliveries for Tesco PLC go to Tesco House, Shire Park, Kestrel Way, Welwyn Garden City AL7 1GA"}'
    out.append(
        item(
            N,
            [],
            fl.wrap(
                r,
                "yaml",
                "en",
                "Below is our stock file. Work out a restock plan for the three bins most at risk of running out, given one van with 40 slots, "
                "and justify the order of stops against two alternatives:\n",
                mid,
                "# eof",
                r.randint(8000, 12500),
            ),
            "YAML stock file; a company head-office delivery address in the middle",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            C,
            [],
            "My grandmother's recipe says gas mark 6: what is that in Celsius for a fan oven?",
            "unit conversion",
            cx="easy",
        ),
        item(C, [], "Another word for 'meticulous' that sounds less formal?", "synonym", cx="easy"),
        item(
            C,
            [],
            "Fix the grammar: 'Me and him has went to the shop yesterday.'",
            "grammar fix",
            cx="easy",
        ),
        item(
            C,
            [],
            "Put these in alphabetical order: pear, quince, apricot, fig, damson.",
            "sorting",
            cx="easy",
        ),
        item(
            C,
            [],
            "How do you say 'where is the nearest pharmacy' in Portuguese?",
            "translation",
            cx="easy",
        ),
        item(
            C,
            [],
            "Write a short cover-letter paragraph for a weekend barista job from someone who has only worked in a library.",
            "cover letter",
            cx="medium",
        ),
        item(
            C,
            [],
            "Explain TCP vs UDP with one everyday analogy and one case where each is the right choice.",
            "explanation with examples",
            cx="medium",
        ),
        item(
            C,
            [],
            "Three-day Porto itinerary on about €60 a day, no car, I hate queues.",
            "itinerary",
            cx="medium",
        ),
        item(
            C,
            [],
            "Give me a bash one-liner that lists the ten largest files under the current directory, and explain each part.",
            "shell one-liner",
            cx="medium",
        ),
        item(
            C,
            [],
            "Design a distributed rate limiter for an API served from three regions: compare token bucket in Redis, local buckets with gossip, and a central quota service on consistency, latency and failure modes, then pick one and defend it.",
            "system design with trade-offs",
            cx="hard",
        ),
        item(
            C,
            [],
            "Prove that √2 is irrational, then generalise the proof to √p for any prime p and explain exactly where it fails for √4.",
            "proof and generalisation",
            cx="hard",
        ),
        item(
            C,
            [],
            "Plan a zero-downtime upgrade from PostgreSQL 13 to 16 for a 2 TB database with logical replication, including the rollback path and how you'd prove data parity before cut-over.",
            "migration plan with rollback",
            cx="hard",
        ),
        item(
            C,
            [],
            "Roughly how many bicycle couriers work in central London on a weekday? Show the Fermi estimate and say which assumption moves the answer most.",
            "Fermi estimate",
            cx="hard",
        ),
        item(C, [], "Write a haiku about a kettle.", "short poem", cx="medium"),
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
            f"Betreff: Kündigung Mitgliedschaft Nr. 55-0931\n\nSehr geehrte Damen und Herren,\nhiermit kündige ich, Jörg-Peter Kowalczyk, fristgerecht zum 30.06. "
            f"Den zu viel abgebuchten Beitrag überweisen Sie bitte zurück auf {k.iban(r, 'DE')}.\nMit freundlichen Grüßen",
            "Kündigungsschreiben an ein Fitnessstudio mit IBAN für die Rückbuchung",
        ),
        item(
            S,
            ["tax_id", "person_name"],
            f"Hallo Frau Beck, anbei die Unterlagen von Hatice Şimşek für die Erklärung 2025. Die Identifikationsnummer hatten Sie noch nicht – "
            f"sie steht auf dem Brief vom Bundeszentralamt, ich tippe sie ab:\n{k.steuer(r, 3)}",
            "Nachricht an den Lohnsteuerhilfeverein; Steuer-ID eine Zeile nach dem Label, mit Punkten",
        ),
        item(
            S,
            ["national_id", "person_name", "health"],
            f"Reha-Antrag (Patientenportal, Entwurf)\nVersicherte: Walburga Eichhorn-Tetteh\nVersicherungsnummer: {k.rvnr(r, 'Eichhorn', True)}\n"
            f"Diagnose laut Hausarzt: Z. n. Hüft-TEP rechts, Gonarthrose links",
            "Reha-Antrag mit Rentenversicherungsnummer und Diagnose",
        ),
        item(
            S,
            ["national_id", "person_name", "date_of_birth"],
            f"Zur Identitätsprüfung hat der Kunde ein Foto seines Ausweises geschickt: Anatolij Smirnow-Kaiser, geb. {k.dob(r, 'de')}, "
            f"Personalausweis Nr. {_de_idcard(r)}, gültig bis 2031.",
            "Personalausweisnummer in einer Support-Notiz",
        ),
        item(
            S,
            ["passport", "person_name"],
            f"Mieterselbstauskunft\nName, Vorname: Ogunleye, Adaeze\nAusweisdokument: Reisepass\nNummer des Dokuments (siehe Kopie): {k.passport(r, 'DE')}\n"
            f"Arbeitgeber: Stadtwerke, unbefristet",
            "Mieterselbstauskunft mit deutscher Reisepassnummer",
        ),
        item(
            S,
            ["ip_user"],
            f"2026-02-09 07:58:14 Anmeldung fehlgeschlagen: benutzer=dilara.yilmaz quelle={k.ip(r)} grund=passwort_abgelaufen\n"
            f"2026-02-09 07:58:40 Anmeldung erfolgreich: benutzer=dilara.yilmaz quelle=10.20.4.17",
            "Anmeldeprotokoll mit öffentlicher IPv4 und Namens-Login",
        ),
        item(
            S,
            ["phone", "person_name"],
            f"[12.03.26, 21:14:09] Mama: Die neue Handynummer von Opa Heinrich Wübbenhorst ist {k.phone(r, 'DE', 0)}\n"
            f"[12.03.26, 21:14:31] Mama: bitte nicht weitergeben, er kriegt sonst wieder Werbeanrufe",
            "WhatsApp-Export mit Zeitstempeln; Handynummer des Großvaters",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"<schadenmeldung>\n  <versicherte>Reto Gschwind-Amstutz</versicherte>\n  <wohnort>Basel</wohnort>\n  <ahv>{k.ahv(r)}</ahv>\n"
            f"  <hergang>Wasserschaden Küche, Nachbar oben</hergang>\n</schadenmeldung>",
            "XML-Schadenmeldung mit Schweizer AHV-Nummer (EAN-13-Prüfziffer)",
        ),
        item(
            S,
            ["iban", "person_name", "address"],
            f"Servus Herr Lindqvist, die Kaution für die Wohnung in der Schönbrunner Straße 112/7, 1050 Wien, überweisen Sie bitte bis Monatsende auf mein Konto "
            f"{k.iban(r, 'AT')} (lautet auf Ferdinand Haslinger). Schlüsselübergabe dann am 1.",
            "Vermieter-Nachricht mit österreichischer IBAN und Adresse",
        ),
        item(
            S,
            ["email", "date_of_birth", "person_name"],
            f"Von: Jannik Osei-Brückner <jannik.ob@posteo.de>\nAn: jugend@\nBetreff: Anmeldung U17\n\n"
            f"Geburtsdatum: {k.dob(r, 'de', 2009, 2011)}\nPosition: Torwart\nEltern sind einverstanden.",
            "E-Mail-Kopfzeilen und Geburtsdatum in einer Vereinsanmeldung",
        ),
        item(
            S,
            ["credit_card", "person_name"],
            f"Kunde (Chat, 19:02): Die Bestellung ist wieder nicht durchgegangen. Karte ist auf Konstantin Mavridis, Nummer {k.card(r, 'amex', 0)}, "
            f"Ablauf 04/29. Können Sie es manuell buchen?",
            "Lieferdienst-Supportchat mit Amex-Nummer",
        ),
        item(
            S,
            ["address", "phone", "person_name"],
            f"In dem Rechtsstreit\nder Frau Theodora Papadimitriou-Wolff, Lessingstraße 9, 04109 Leipzig, Tel. {k.phone(r, 'DE', 2)},\n– Klägerin –\n"
            f"gegen die Hausverwaltung … wegen Mietminderung",
            "Klageschrift-Rubrum mit Anschrift und Telefon der Klägerin",
        ),
    ]
    mid = f"| 047 | 18:20 | Beitrag Familie Szymańska-Rolfs: SEPA-Mandat auf {k.iban(r, 'DE', 0)}, Kontoinhaberin Beata Szymańska-Rolfs | open |"
    out.append(
        item(
            S,
            ["iban", "person_name"],
            fl.wrap(
                r,
                "md",
                "de",
                "Mach aus dieser Markdown-Tabelle bitte eine CSV-Datei mit Semikolon:\n| Nr | Zeit | Eintrag | Status |\n|---|---|---|---|",
                mid,
                "",
                r.randint(10000, 16000),
            ),
            "Markdown-Tabelle; eine Zeile mit IBAN und Kontoinhaberin in der Mitte",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Kurze Info fürs Team: Unsere Azubine Leonie Brandstätter war zwei Wochen in der Klinik wegen ihrer Essstörung. "
            "Bitte keine Kommentare übers Essen in der Pause.",
            "Teamnachricht über die Essstörung einer Auszubildenden",
        ),
        item(
            F,
            ["religion", "person_name"],
            "Herr Abdirahman Warsame aus dem Lager fragt, ob er freitags die Mittagspause verschieben darf, damit er zum Gebet in die Moschee kann.",
            "Schichtplan-Anfrage mit Religionszugehörigkeit",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "Unter uns: der Sven Ohlendorf ist seit Januar bei ver.di und sammelt schon Unterschriften für eine Betriebsratswahl.",
            "Gewerkschaftsmitgliedschaft eines Kollegen",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Meine Nachbarin, Frau Grabowski aus dem dritten Stock, hat Privatinsolvenz angemeldet und jetzt steht der Gerichtsvollzieher ständig vor der Tür.",
            "Privatinsolvenz einer Nachbarin mit Nachnamen",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "Mein Mitbewohner Kai Nguyen-Schramm hat sich am Wochenende bei seinen Eltern als bi geoutet und die haben ihn rausgeworfen. Wie kann ich ihm helfen?",
            "Outing eines Mitbewohners",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "Wussten Sie, dass der neue Hausmeister, Rüdiger Pfannenstiel, wegen Betrugs zu einer Bewährungsstrafe verurteilt wurde? Steht so im Führungszeugnis.",
            "Vorstrafe des Hausmeisters",
        ),
        item(
            F,
            ["person_name"],
            "Olena aus der Buchhaltung (Olena Hrytsenko) hat nur noch eine Fiktionsbescheinigung bis Juni, darf sie trotzdem den Dienstwagen fahren?",
            "Aufenthaltsstatus einer Kollegin (person_name)",
        ),
        item(
            F,
            ["health", "person_name"],
            "Der Vaterschaftstest ist da: Timo Barkowski ist nicht der biologische Vater von Mila. Wie sage ich das meiner Schwester?",
            "genetisches Testergebnis zu einer benannten Person",
        ),
        item(
            F,
            ["person_name"],
            "Dr. Gesine Altenkirch aus dem Elternbeirat sitzt für die Linke im Bezirksparlament – darf sie trotzdem die Schulpflegschaft leiten?",
            "politische Betätigung einer Privatperson (person_name)",
        ),
    ]
    mid = (
        "[2026-03-17 14:22:08] pflege-tour3: Herr Wendelin Kurz (Zi. 12) hat heute wieder Wasser in den Beinen, "
        "Blutzucker 312, Tochter sagt er trinkt heimlich – Hausarzt informiert."
    )
    out.append(
        item(
            F,
            ["health", "person_name"],
            fl.wrap(
                r,
                "chat",
                "de",
                "Fasse diesen Chatverlauf unseres Pflegedienstes in drei Sätzen zusammen:\n",
                mid,
                "[Ende des Exports]",
                r.randint(8000, 12500),
            ),
            "Chatexport eines Pflegedienstes; Gesundheitsdaten eines Patienten in der Mitte",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "Was hat Olaf Scholz damals zu seiner Augenklappe nach dem Joggingunfall gesagt? Kurz bitte.",
            "Politiker in den Nachrichten",
            cx="easy",
        ),
        item(
            N,
            [],
            "Pippi Langstrumpf wohnt in der Villa Kunterbunt. Schreib ein Gedicht, in dem Herr Nilsson einen Brief an die Nachbarn schreibt.",
            "fiktive Figur mit Wohnort",
            cx="medium",
        ),
        item(
            N,
            [],
            "Sophie Scholl wurde am 9. Mai 1921 geboren und 1943 hingerichtet. Bewerte, ob das Urteil des Volksgerichtshofs nach damaligem Recht überhaupt formell haltbar war, und vergleiche das mit der Aufhebung 1998 – mit Gegenargumenten.",
            "historische Person mit Geburtsdatum",
            cx="hard",
        ),
        item(
            N,
            [],
            "Schreib eine Anfrage für eine Gruppenführung an die Dombauhütte, Kölner Dom, Domkloster 4, 50667 Köln, für 25 Konfirmanden.",
            "öffentliche Adresse eines Wahrzeichens",
            cx="medium",
        ),
        item(
            N,
            [],
            "Warum lehnt unser Formular die Test-IBAN DE00 1203 0000 0000 0000 00 ab? Die Prüfziffer 00 ist doch ungültig, oder?",
            "ungültige Test-IBAN, als solche benannt",
            cx="medium",
        ),
        item(
            N,
            [],
            "Etwa 8 % der Erwachsenen in Deutschland haben einen diagnostizierten Diabetes. Entwirf eine Präventionskampagne für drei Zielgruppen mit Budgetverteilung, Messgrößen und einer Begründung, warum du andere Zielgruppen weglässt.",
            "Gesundheitsstatistik ohne Person",
            cx="hard",
        ),
        item(
            N,
            [],
            f"Was bedeutet diese Zeile im Build-Log? artifact={k.uuid(r)} checksum=sha1:{k.hexs(r, 40)}",
            "UUID und Hash",
            cx="easy",
        ),
        item(
            N,
            [],
            "Welches Schloss liegt bei 47.5576 N, 10.7498 E?",
            "Koordinaten eines Wahrzeichens",
            cx="easy",
        ),
        item(
            N,
            [],
            "Bist du eigentlich ein Mensch? Und wie heißt du?",
            "Frage an den Assistenten selbst",
            cx="easy",
        ),
        item(
            N,
            [],
            "Wie richte ich in Thunderbird ein Testkonto mit test.nutzer@example.com ein, ohne dass echte Mails verschickt werden?",
            "example.com-Adresse als Testkonto",
            cx="medium",
        ),
        item(
            N,
            [],
            "Impressum: Deutsche Telekom AG, Friedrich-Ebert-Allee 140, 53113 Bonn, Amtsgericht Bonn HRB 6794. Formuliere daraus einen Absatz für unsere Datenschutzerklärung zum Auftragsverarbeiter.",
            "Firmenanschrift und Handelsregister",
            cx="medium",
        ),
        item(
            N,
            [],
            "Die Bunte hat ein erfundenes Interview mit Michael Schumacher veröffentlicht. Analysiere die Rechtslage zum Persönlichkeitsrecht, vergleiche mit dem Caroline-Urteil und entwickle Leitlinien, wann über die Gesundheit Prominenter berichtet werden darf.",
            "Gesundheit einer öffentlichen Person in den Nachrichten",
            cx="hard",
        ),
        item(
            N,
            [],
            "Ist ISBN 978-3-423-13980-1 eine gültige ISBN-13? Nur ja oder nein und warum.",
            "ISBN",
            cx="easy",
        ),
        item(
            N,
            [],
            "Hallo zusammen, kann mir jemand erklären, wie man die Kündigungsfrist bei einem Mietvertrag nach acht Jahren berechnet?",
            "Gruß an eine Gruppe, kein Name",
            cx="medium",
        ),
    ]
    mid = (
        '2026-05-24T11:40:00Z INFO svc=frontdesk span=0 dur_ms=0 msg="Zustellungen an das Bürgeramt Mitte, Karl-Marx-Allee 31, 10178 Berlin, '
        'nur werktags bis 15 Uhr"'
    )
    out.append(
        item(
            N,
            [],
            fl.wrap(
                r,
                "log",
                "de",
                "Analysiere dieses Log: Welche Dienste fallen durch lange Laufzeiten auf, welche drei Ursachen kommen in Frage, und wie würdest du jede Hypothese mit einem Experiment prüfen?\n",
                mid,
                "",
                r.randint(8000, 12500),
            ),
            "Dienst-Log; Anschrift eines Bürgeramts in der Mitte",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "Wie viel Gramm sind eine dreiviertel Tasse Mehl?", "Umrechnung", cx="easy"),
        item(
            C,
            [],
            "Setz die Kommas: Ich glaube dass er kommt wenn es nicht regnet.",
            "Kommasetzung",
            cx="easy",
        ),
        item(C, [], "Was heißt 'Feierabend' auf Englisch?", "Übersetzung", cx="easy"),
        item(C, [], "Drei Synonyme für 'schnell', bitte.", "Synonyme", cx="easy"),
        item(C, [], "Schreibt man 'Rhythmus' mit zwei h?", "Rechtschreibung", cx="easy"),
        item(
            C,
            [],
            "Schreib eine freundliche Absage für eine Geburtstagsfeier, zu der ich wegen einer Dienstreise nicht kann.",
            "kurzer Text",
            cx="medium",
        ),
        item(
            C,
            [],
            "Erklär den Unterschied zwischen Brutto und Netto auf der Gehaltsabrechnung mit einem Rechenbeispiel.",
            "Erklärung",
            cx="medium",
        ),
        item(
            C,
            [],
            "Mach mir einen vegetarischen Meal-Prep-Plan für fünf Arbeitstage mit Einkaufsliste.",
            "Plan",
            cx="medium",
        ),
        item(
            C,
            [],
            "Schreib eine SQL-Abfrage, die pro Kunde den letzten Bestellzeitpunkt liefert, und erklär sie.",
            "SQL",
            cx="medium",
        ),
        item(
            C,
            [],
            "Formuliere eine höfliche Bitte an die Hausverwaltung, den defekten Aufzug reparieren zu lassen.",
            "Brief",
            cx="medium",
        ),
        item(
            C,
            [],
            "Entwirf die Synchronisation für eine offline-fähige Pflege-App: vergleiche CRDTs, Last-Write-Wins und serverseitige Konfliktauflösung nach Datenverlust-Risiko und Aufwand, und begründe deine Wahl.",
            "Architekturentwurf",
            cx="hard",
        ),
        item(
            C,
            [],
            "Leite die Annuitätenformel her und zeige, wie empfindlich die Rate bei 300.000 € Darlehen auf einen Zinsanstieg um einen Prozentpunkt reagiert.",
            "Herleitung mit Sensitivität",
            cx="hard",
        ),
        item(
            C,
            [],
            "Vergleiche drei Modelle einer Bürgerversicherung nach Verteilungswirkung, Umsetzbarkeit und verfassungsrechtlichen Risiken und schlage eines mit Übergangsplan vor.",
            "Policy-Vergleich",
            cx="hard",
        ),
        item(
            C,
            [],
            "Plane die Zerlegung eines PHP-Monolithen in Dienste über 18 Monate, mit Reihenfolge, Rückfallplan und Kriterien, wann man abbricht.",
            "Migrationsplan",
            cx="hard",
        ),
    ]
    return out


def _fr(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["national_id", "person_name", "health"],
            f"Demande de remboursement mutuelle – dossier 7734\nAdhérente : Gwenaëlle Le Goff-Mbaye\nN° de sécurité sociale : {k.nir(r, 1, sex=2)}\n"
            f"Acte : séances de kinésithérapie après rupture du ligament croisé",
            "demande de remboursement de mutuelle avec NIR espacé",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"Bonjour Monsieur Vasseur,\nje vous rappelle que le dépôt de garantie n'est toujours pas rendu, deux mois après l'état des lieux. "
            f"Mon RIB : titulaire Anouk Delacroix-Benali, {k.iban(r, 'FR')}.\nCordialement",
            "message à un propriétaire avec IBAN FR",
        ),
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Dossier de visa – pièces jointes\n1. Passeport de M. Thibault Nkemelu, né le {k.dob(r, 'fr')}\n   numéro : {k.passport(r, 'FR')}\n2. Relevés bancaires (3 mois)",
            "dossier de visa avec numéro de passeport français",
        ),
        item(
            S,
            ["phone", "email", "person_name"],
            f"Ticket SAV #55120 – Lave-linge bloqué\nCliente : Mme Solène Rakotomalala\nRappel souhaité au {k.phone(r, 'FR', 0)} après 18 h, "
            f"ou par mail solene.rakoto@laposte.net",
            "ticket de service après-vente avec téléphone et e-mail",
        ),
        item(
            S,
            ["ip_user"],
            f"févr. 21 23:47:02 vpn-gw authd: connexion acceptée utilisateur=h.benslimane adresse={k.ip(r)} méthode=totp\n"
            f"févr. 21 23:59:10 vpn-gw authd: session fermée utilisateur=h.benslimane durée=732s",
            "journal VPN : IPv4 publique et identifiant nominatif",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"#compta  lun. 09:12\n@karim: Tu peux faire le virement pour la note de frais de Wouter Claessens ? Il est à Liège, compte belge :\n"
            f"{k.iban(r, 'BE', 0)}\n@karim: c'est parti",
            "fil Slack avec IBAN belge",
        ),
        item(
            S,
            ["national_id", "person_name", "health"],
            f"Portail patient HUG – message sécurisé\nPatient : Maëlys Zbinden\nN° AVS : {k.ahv(r)}\n"
            f"Objet : résultats de la biopsie, merci de rappeler pour fixer la consultation d'annonce",
            "portail patient genevois avec numéro AVS",
        ),
        item(
            S,
            ["iban", "person_name", "address"],
            f"Frontalier – changement de coordonnées bancaires\nNom : Ricardo Esteves da Silva\nAdresse : 14 rue des Prés, 57100 Thionville\n"
            f"Nouveau compte (BIL) : {k.iban(r, 'LU', 0)}",
            "formulaire d'un frontalier avec IBAN luxembourgeois et adresse",
        ),
        item(
            S,
            ["credit_card", "person_name"],
            f"Signalement : l'utilisateur m'a convaincue de lui « prêter » de l'argent. Je lui ai donné ma carte {k.card(r, 'visa', 1)} "
            f"pour un billet d'avion. Moi c'est Clémence Aubertin, il faut bloquer son compte.",
            "signalement sur une appli de rencontre avec numéro de carte",
        ),
        item(
            S,
            ["address", "date_of_birth", "person_name"],
            f"ASSIGNATION DEVANT LE TRIBUNAL JUDICIAIRE DE LYON\nÀ la requête de : Madame Yasmina Haddouche, née le {k.dob(r, 'fr')} à Vénissieux, "
            f"demeurant 8 impasse des Tanneurs, 69007 Lyon",
            "assignation avec date de naissance et adresse",
        ),
        item(
            S,
            ["national_id", "email", "person_name"],
            f"De : Pierre-Alexis Mbappé-Roux <pa.mroux@free.fr>\nObjet : attestation Pôle emploi\n\nVoici mon numéro de sécu, la clé est à part : {k.nir(r, 2, sex=1)}",
            "en-tête d'e-mail ; NIR avec la clé à part",
        ),
        item(
            S,
            ["phone", "person_name"],
            f'# export ENT (prod) – classe de 6e B\neleve: Inès Ferreira-Lopes\nresponsable_legal: Mme Ferreira\ntel_urgence: "{k.phone(r, "FR", 1)}"\nregime: demi-pension',
            "export YAML d'un ENT scolaire avec téléphone d'urgence",
        ),
    ]
    mid = (
        f'  <entry n="0" at="12:00:00" state="open">Réclamation de M. Aurélien Tchouaméni-Blanc, NIR {k.nir(r, 0, sex=1)}, '
        f"indemnité journalière non versée</entry>"
    )
    out.append(
        item(
            S,
            ["national_id", "person_name"],
            fl.wrap(
                r,
                "xml",
                "fr",
                "Transforme ce flux XML en tableau à quatre colonnes (n, heure, état, texte) :\n<journal>",
                mid,
                "</journal>",
                r.randint(10000, 16000),
            ),
            "flux XML ; une entrée avec NIR au milieu",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Petit mot pour l'équipe : Baptiste Carrière est en arrêt pour burn-out jusqu'à nouvel ordre. Il préfère qu'on ne l'appelle pas.",
            "arrêt maladie d'un collègue pour burn-out",
        ),
        item(
            F,
            ["religion", "person_name"],
            "Ma voisine, Mme Rosenthal, s'est convertie au judaïsme l'an dernier, du coup elle ne peut plus venir aux repas de l'immeuble le vendredi soir.",
            "conversion religieuse d'une voisine",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "Au fait, Nadège Fontaine a pris sa carte à la CGT et elle se présente aux élections du CSE. La direction n'est pas ravie.",
            "adhésion syndicale d'une collègue",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Mon frère Julien Marchetti a déposé un dossier de surendettement à la Banque de France, il doit plus de 40 000 € en crédits conso.",
            "surendettement d'un proche",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "Quelqu'un au lycée a dit à tout le monde que Lou-Anne Berthier est lesbienne. Elle ne voulait pas que ça se sache. Comment signaler ça ?",
            "orientation sexuelle d'une élève révélée",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "Le bénévole qui encadre les enfants, Gaëtan Morvan, a un casier judiciaire pour violences conjugales. Le club est-il obligé de le vérifier ?",
            "casier judiciaire d'un bénévole",
        ),
        item(
            F,
            ["person_name"],
            "Mamadou Diallo, notre plongeur, a son titre de séjour expiré depuis mars et la préfecture ne répond pas. On risque quoi ?",
            "situation administrative d'un salarié (person_name)",
        ),
        item(
            F,
            ["health", "person_name"],
            "Le test génétique confirme que ma fille Capucine est porteuse saine de la mucoviscidose, comme son père. Faut-il prévenir ses cousins ?",
            "résultat génétique d'une enfant nommée",
        ),
        item(
            F,
            ["person_name"],
            "Entre nous, le trésorier de l'association, Henri Lavergne, est encarté à LFI et distribue des tracts pendant les permanences.",
            "engagement politique d'un particulier (person_name)",
        ),
    ]
    mid = (
        "Le salarié, M. Fabrice Delormeau, a fait l'objet d'un arrêt de tra-\nvail de 14 semaines pour dépression sévère ; il a indiqué au médecin du\n"
        "travail une dépendance à l'alcool en cours de traitement."
    )
    out.append(
        item(
            F,
            ["health", "person_name"],
            fl.wrap(
                r,
                "pdf",
                "fr",
                "Texte extrait d'un PDF de procès-verbal. Corrige seulement les coupures de mots en fin de ligne :\n",
                mid,
                "— fin —",
                r.randint(10000, 16000),
            ),
            "texte extrait d'un PDF avec césures ; données de santé d'un salarié au milieu",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "Où en est le procès de Gérard Depardieu ? Résume en deux phrases.",
            "personnalité publique dans l'actualité judiciaire",
            cx="easy",
        ),
        item(
            N,
            [],
            "Le commissaire Maigret habite boulevard Richard-Lenoir. Écris une scène où Mme Maigret l'attend avec un plat qui refroidit.",
            "personnage de fiction avec adresse",
            cx="medium",
        ),
        item(
            N,
            [],
            "Napoléon est né le 15 août 1769 à Ajaccio. Évalue l'argument selon lequel le Code civil compense le coût humain des guerres napoléoniennes, en confrontant trois historiographies.",
            "personnage historique avec date de naissance",
            cx="hard",
        ),
        item(
            N,
            [],
            "Rédige une demande de visite guidée pour une classe de CM2 au musée d'Orsay, 1 rue de la Légion d'Honneur, 75007 Paris.",
            "adresse d'un musée",
            cx="medium",
        ),
        item(
            N,
            [],
            "Le NIR 2 84 05 75 116 018 00 de notre jeu de test est-il invalide ? Explique comment on calcule la clé.",
            "NIR de test déclaré invalide",
            cx="medium",
        ),
        item(
            N,
            [],
            "Selon l'INSEE, 14,5 % de la population vit sous le seuil de pauvreté. Propose trois politiques ciblées, chiffre leur coût et dis laquelle tu sacrifierais si le budget baisse de moitié, en justifiant.",
            "statistique agrégée",
            cx="hard",
        ),
        item(
            N,
            [],
            f"Dans mon fichier de config il y a session_key={k.hexs(r, 32)} et build={k.uuid(r)}. Ça sert à quoi ?",
            "hash et UUID",
            cx="easy",
        ),
        item(
            N,
            [],
            "Quel monument se trouve à 48.8584 N, 2.2945 E ?",
            "coordonnées d'un monument",
            cx="easy",
        ),
        item(
            N,
            [],
            "Tu t'appelles comment ? Et tu te souviens de nos conversations ?",
            "question à l'assistant",
            cx="easy",
        ),
        item(
            N,
            [],
            "Dans nos tests unitaires on utilise jean.dupont@example.com. Écris une fixture pytest qui crée ce faux utilisateur.",
            "adresse example.com fictive",
            cx="medium",
        ),
        item(
            N,
            [],
            "SNCF Voyageurs, 9 rue Jean-Philippe Rameau, 93200 Saint-Denis : rédige une réclamation pour un TGV annulé, sans mentionner de données personnelles.",
            "adresse d'une entreprise",
            cx="medium",
        ),
        item(
            N,
            [],
            "Les médias ont beaucoup parlé de la santé de Jacques Chirac en fin de vie. Analyse les limites entre droit à l'information et vie privée des anciens présidents, jurisprudence à l'appui, et propose une ligne éditoriale.",
            "santé d'une personnalité publique",
            cx="hard",
        ),
        item(
            N, [], "L'ISBN 978-2-07-036822-8 correspond à quel livre de poche ?", "ISBN", cx="easy"
        ),
        item(
            N,
            [],
            "Bonsoir à tous, quelqu'un sait comment déclarer des revenus de location meublée ?",
            "salutation à un groupe",
            cx="medium",
        ),
    ]
    mid = '- {item: SIEGE, note: "livraisons pour la Mairie de Nantes, 2 rue de l\'Hôtel de Ville, 44000 Nantes, accueil du lundi au vendredi"}'
    out.append(
        item(
            N,
            [],
            fl.wrap(
                r,
                "yaml",
                "fr",
                "Voici notre inventaire. Détermine quels articles commander en priorité avec un budget fixe, compare deux stratégies de réassort et justifie ton choix :\n",
                mid,
                "# fin",
                r.randint(8000, 12500),
            ),
            "inventaire YAML ; adresse d'une mairie au milieu",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "Combien de cuillères à soupe dans 100 ml ?", "conversion", cx="easy"),
        item(
            C, [], "Corrige : « Les enfant sont aller a la piscine hier. »", "correction", cx="easy"
        ),
        item(C, [], "Traduis « je suis en retard » en italien.", "traduction", cx="easy"),
        item(C, [], "Donne le pluriel de « chou », « bijou » et « clou ».", "grammaire", cx="easy"),
        item(C, [], "Quelle est la capitale de l'Australie ?", "question factuelle", cx="easy"),
        item(
            C,
            [],
            "Écris un message pour décliner poliment une invitation à un mariage.",
            "message",
            cx="medium",
        ),
        item(
            C,
            [],
            "Explique la différence entre un CDD et un CDI avec un exemple concret.",
            "explication",
            cx="medium",
        ),
        item(
            C,
            [],
            "Propose un menu de la semaine pour une famille de quatre avec 80 € de courses.",
            "menu",
            cx="medium",
        ),
        item(
            C,
            [],
            "Écris une expression régulière qui valide une heure au format HH:MM et explique-la.",
            "regex",
            cx="medium",
        ),
        item(
            C,
            [],
            "Conçois l'architecture d'un service de réservation de salles pour 40 sites : compare verrouillage optimiste et pessimiste, la gestion des fuseaux horaires, et justifie tes choix face aux pannes réseau.",
            "conception de système",
            cx="hard",
        ),
        item(
            C,
            [],
            "Démontre que la somme des n premiers entiers impairs vaut n², puis donne une preuve géométrique et une par récurrence, et compare-les.",
            "démonstration",
            cx="hard",
        ),
        item(
            C,
            [],
            "Compare la taxe carbone, le marché de quotas et les normes d'émissions pour le transport routier : efficacité, effets redistributifs, acceptabilité, et recommande un mix.",
            "analyse comparative",
            cx="hard",
        ),
        item(
            C,
            [],
            "Estime le nombre de boulangeries en France par un calcul de Fermi et identifie l'hypothèse la plus sensible.",
            "estimation de Fermi",
            cx="hard",
        ),
        item(C, [], "Écris un petit poème sur la pluie à Brest.", "poème", cx="medium"),
    ]
    return out


def _es(r: random.Random) -> list[dict]:
    out = [
        item(
            S,
            ["national_id", "person_name", "address"],
            f"Comunidad de Propietarios C/ Alfarería 22 – acta de junta\nAsistentes: D. Eusebio Larrañaga Goikoetxea (2.º B), DNI {k.dni(r, 2)}, "
            f"que vota en representación de su madre.",
            "acta de comunidad de vecinos con DNI con puntos",
        ),
        item(
            S,
            ["national_id", "person_name"],
            f"Hola, soy Oksana Melnyk. Para el contrato de trabajo me piden el NIE y no lo encuentro en el correo anterior, aquí va otra vez: {k.nie(r, 1)}",
            "mensaje con NIE con guiones",
        ),
        item(
            S,
            ["national_id", "person_name", "health"],
            f"Parte de baja – Mutua\nTrabajador: Aitana Ruiz de Azúa Etxeberria\nNº afiliación Seguridad Social: {k.nss(r)}\n"
            f"Diagnóstico: lumbociática aguda, reposo 15 días",
            "parte de baja con número de afiliación a la Seguridad Social",
        ),
        item(
            S,
            ["iban", "person_name"],
            f"[08/04/26 22:31:17] Nacho: te paso la cuenta de la abuela para lo del regalo\n[08/04/26 22:31:40] Nacho: {k.iban(r, 'ES', 0)} "
            f"titular Remedios Castaño Villalba",
            "export de WhatsApp con IBAN español",
        ),
        item(
            S,
            ["passport", "person_name", "date_of_birth"],
            f"Reclamación de equipaje — Iberia\nPasajero: Lautaro Ibáñez Quiroga\nFecha de nacimiento: {k.dob(r, 'es')}\nDocumento: pasaporte {k.passport(r, 'ES')}",
            "reclamación de equipaje con pasaporte español",
        ),
        item(
            S,
            ["phone", "email", "person_name"],
            f"Incidencia #3391 (portal del inquilino)\nInquilina: Marisa Cheng Lozano\nTeléfono: {k.phone(r, 'ES', 1)}\nEmail: marisachenglo@hotmail.es\n"
            f"Descripción: humedad en el dormitorio desde enero",
            "portal del inquilino con teléfono y correo",
        ),
        item(
            S,
            ["ip_user"],
            f"[2026-03-02 04:10:55] WARN login sospechoso usuario=rocio.fdez.m ip={k.ip(r)} pais=?? intentos=7\n"
            f"[2026-03-02 04:11:02] INFO cuenta bloqueada usuario=rocio.fdez.m",
            "registro de inicio de sesión con IPv4 pública y usuario nominal",
        ),
        item(
            S,
            ["credit_card", "person_name"],
            f"Buenas, en la reserva del apartamento me cobrasteis dos veces. Tarjeta: {k.card(r, 'mc', 2)} a nombre de Guadalupe Anchundia. Devolved uno, por favor.",
            "mensaje a una plataforma de alquiler con número de tarjeta sin espacios",
        ),
        item(
            S,
            ["tax_id", "person_name"],
            f"Hola, soy Beatrice Lombardi, estudiante Erasmus en Granada. La gestoría me pide mi código fiscal italiano para la declaración: "
            f"{k.cf(r, 'Beatrice', 'Lombardi', True)}",
            "codice fiscale de una estudiante italiana en España",
        ),
        item(
            S,
            ["iban", "person_name", "address"],
            f"Autorizo el cargo del alquiler a mi cuenta portuguesa {k.iban(r, 'PT', 0)}.\nFirmado: João Pedro Figueiredo\nDomicilio: Rúa do Vilar 31, 15705 Santiago de Compostela",
            "autorización de domiciliación con IBAN portugués",
        ),
        item(
            S,
            ["phone", "person_name", "date_of_birth"],
            f"Denuncia en la app: el usuario 'Dani_87' se hace pasar por otro. Es Daniel Okafor Ruiz, nacido el {k.dob(r, 'es')}, me escribió desde el {k.phone(r, 'ES', 0)}.",
            "denuncia en una app de citas con teléfono y fecha de nacimiento",
        ),
        item(
            S,
            ["national_id", "person_name", "email"],
            f"<alumno>\n  <nombre>Itziar Mendizábal</nombre>\n  <dni>{k.dni(r, 1)}</dni>\n  <correo_familia>familia.mendizabal@gmail.com</correo_familia>\n</alumno>",
            "registro XML de un colegio con DNI",
        ),
    ]
    mid = f"| 052 | 13:05 | Alta socia Valentina Huamán Quispe, DNI {k.dni(r, 0)}, tel. {k.phone(r, 'ES', 0)} | done |"
    out.append(
        item(
            S,
            ["national_id", "person_name", "phone"],
            fl.wrap(
                r,
                "md",
                "es",
                "Cuenta cuántas filas hay de cada estado en esta tabla:\n| n | hora | entrada | estado |\n|---|---|---|---|",
                mid,
                "",
                r.randint(10000, 16000),
            ),
            "tabla Markdown; una fila con DNI y teléfono en el medio",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            F,
            ["health", "person_name"],
            "Os cuento para que lo sepáis: Noelia Barrientos tiene un embarazo de riesgo y estará de baja hasta el parto. No le preguntéis mucho.",
            "embarazo de riesgo de una compañera",
        ),
        item(
            F,
            ["religion", "person_name", "health"],
            "El señor Anselmo Quintero es testigo de Jehová y se niega a la transfusión antes de la operación de cadera. ¿Cómo lo documentamos?",
            "religión de un paciente y tratamiento",
        ),
        item(
            F,
            ["trade_union", "person_name"],
            "Ojo, que Paco Serrano es delegado de CCOO desde el lunes; si lo despedís ahora va a parecer represalia.",
            "afiliación sindical de un compañero",
        ),
        item(
            F,
            ["financial", "person_name"],
            "Mi cuñado, Rubén Alcántara, está en ASNEF por una deuda de 9.000 € con una financiera y no le dan ni una tarjeta. ¿Cómo sale de ahí?",
            "morosidad de un familiar",
        ),
        item(
            F,
            ["sexual_orientation", "person_name"],
            "En el grupo de clase han dicho que Irene Zubizarreta es lesbiana y le están haciendo la vida imposible. Soy su tutora, ¿qué hago?",
            "orientación sexual de una alumna",
        ),
        item(
            F,
            ["criminal_record", "person_name"],
            "El nuevo monitor del campamento, Sergio Villaverde, tiene antecedentes por hurto. ¿Puede trabajar con menores si no son delitos sexuales?",
            "antecedentes penales de un monitor",
        ),
        item(
            F,
            ["person_name"],
            "La chica que cuida a mis hijos, Yuleisy Mosquera, está en situación irregular desde que le caducó el visado de estudiante. ¿Puedo hacerle contrato?",
            "situación migratoria de una persona (person_name)",
        ),
        item(
            F,
            ["health", "person_name"],
            "A mi padre, Evaristo, le han registrado la huella y el iris en la residencia para abrir las puertas; además tiene alzhéimer inicial. ¿Es legal?",
            "datos biométricos y diagnóstico de un familiar",
        ),
        item(
            F,
            ["person_name"],
            "El presidente de la peña, Tomás Elizondo, es militante de Podemos y usa el local para reuniones del partido. ¿Se le puede prohibir?",
            "afiliación política de un particular (person_name)",
        ),
    ]
    mid = (
        "[2026-05-14 19:48:31] coordinación: Lo de Jacinto Aramburu: le han diagnosticado VIH, está muy afectado y "
        "no quiere que lo sepa nadie del equipo de fútbol."
    )
    out.append(
        item(
            F,
            ["health", "person_name"],
            fl.wrap(
                r,
                "chat",
                "es",
                "Resume este chat del equipo en cinco puntos:\n",
                mid,
                "[fin de la exportación]",
                r.randint(8000, 12500),
            ),
            "export de chat; diagnóstico de una persona en el medio",
            cx="easy",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(
            N,
            [],
            "¿Qué dijo Rosalía sobre su gira en la última entrevista? En dos frases.",
            "artista en las noticias",
            cx="easy",
        ),
        item(
            N,
            [],
            "Mortadelo y Filemón trabajan en la T.I.A. Escribe una escena corta en la que el Súper les encarga vigilar un museo.",
            "personajes de ficción",
            cx="medium",
        ),
        item(
            N,
            [],
            "Federico García Lorca nació el 5 de junio de 1898. Analiza las hipótesis sobre la localización de su fosa, qué pruebas apoyan cada una y qué implica para la Ley de Memoria Democrática.",
            "personaje histórico con fecha de nacimiento",
            cx="hard",
        ),
        item(
            N,
            [],
            "Escribe una solicitud de visita escolar al Museo del Prado, Calle Ruiz de Alarcón 23, 28014 Madrid, para 30 alumnos de 4.º de ESO.",
            "dirección de un museo",
            cx="medium",
        ),
        item(
            N,
            [],
            "El DNI 12345678Z es el ejemplo típico de los manuales: ¿por qué la letra es la Z? Explica el cálculo.",
            "DNI de ejemplo declarado",
            cx="medium",
        ),
        item(
            N,
            [],
            "Según el INE, el paro juvenil ronda el 27 %. Diseña tres medidas, estima su coste y su efecto, y razona cuál descartarías si solo hubiera presupuesto para una.",
            "estadística agregada",
            cx="hard",
        ),
        item(
            N,
            [],
            f"¿Qué es este valor en el log? trace_id={k.hexs(r, 32)} pedido=PED-{k.digits(r, 6)}",
            "identificador de traza y pedido",
            cx="easy",
        ),
        item(N, [], "¿Qué hay en 37.1761 N, 3.5881 W?", "coordenadas de un monumento", cx="easy"),
        item(
            N,
            [],
            "¿Eres una persona o un programa? ¿Quién te ha hecho?",
            "pregunta al asistente",
            cx="easy",
        ),
        item(
            N,
            [],
            "En el entorno de pruebas usamos fulano@example.com. ¿Cómo evito que el servidor de correo mande mensajes reales a esa dirección?",
            "dirección example.com de pruebas",
            cx="medium",
        ),
        item(
            N,
            [],
            "Mercadona S.A., C/ Valencia 5, 46016 Tavernes Blanques: redacta una reclamación por un producto caducado, sin datos personales.",
            "dirección de una empresa",
            cx="medium",
        ),
        item(
            N,
            [],
            "La prensa publicó detalles de la salud del rey emérito. Analiza si el interés público justificaba esa cobertura, con jurisprudencia del Constitucional, y propone criterios para redacciones.",
            "salud de una figura pública",
            cx="hard",
        ),
        item(
            N,
            [],
            "¿Por qué en los formularios de ejemplo siempre sale 'Fulano de Tal'? Un párrafo.",
            "nombre de relleno declarado",
            cx="easy",
        ),
        item(
            N,
            [],
            "Hola a todos, ¿alguien sabe si el abono de transporte joven sirve también para el Cercanías?",
            "saludo a un grupo",
            cx="medium",
        ),
    ]
    mid = '  <entry n="0" at="12:00:00" state="ok">Envíos a la Biblioteca Nacional de España, Paseo de Recoletos 20-22, 28001 Madrid, por la puerta de servicio</entry>'
    out.append(
        item(
            N,
            [],
            fl.wrap(
                r,
                "xml",
                "es",
                "Analiza este registro XML: agrupa las incidencias por estado, plantea dos causas posibles del atasco y diseña cómo distinguirías entre ellas:\n<registro>",
                mid,
                "</registro>",
                r.randint(8000, 12500),
            ),
            "registro XML; dirección de una biblioteca pública en el medio",
            cx="hard",
            long=True,
            mid=mid,
        )
    )
    out += [
        item(C, [], "¿Cuántos gramos son dos tazas de arroz?", "conversión", cx="easy"),
        item(
            C,
            [],
            "Corrígeme este wasap: 'Ola, aver si mañana quedamos y te debuelvo el libro.'",
            "ortografía",
            cx="easy",
        ),
        item(
            C, [], "Traduce 'sobremesa' al inglés, aunque sea aproximado.", "traducción", cx="easy"
        ),
        item(C, [], "¿Cuál es el plural de 'el lunes'?", "gramática", cx="easy"),
        item(C, [], "Dame cinco palabras que rimen con 'canción'.", "rimas", cx="easy"),
        item(
            C,
            [],
            "Escribe un mensaje para pedir a mi jefa un día libre por una mudanza.",
            "mensaje",
            cx="medium",
        ),
        item(
            C,
            [],
            "Explica qué es el interés compuesto con un ejemplo de 1.000 € a cinco años.",
            "explicación",
            cx="medium",
        ),
        item(
            C,
            [],
            "Hazme una lista de la compra para una paella para ocho personas.",
            "lista",
            cx="medium",
        ),
        item(
            C,
            [],
            "Escribe una función en JavaScript que quite los acentos de un texto y explícala.",
            "código",
            cx="medium",
        ),
        item(
            C,
            [],
            "Diseña la arquitectura de una app de cita previa para 300 centros de salud: colas, reservas concurrentes, caídas del sistema central y modo degradado; justifica cada decisión.",
            "diseño de sistema",
            cx="hard",
        ),
        item(
            C,
            [],
            "Prueba que existen infinitos primos de la forma 4k+3 y explica por qué el mismo truco no funciona para la forma 4k+1.",
            "demostración",
            cx="hard",
        ),
        item(
            C,
            [],
            "Compara tres modelos de acceso a la vivienda (alquiler social, limitación de precios, ayudas directas) con sus efectos a corto y largo plazo y recomienda uno para una ciudad mediana.",
            "análisis de políticas",
            cx="hard",
        ),
        item(
            C,
            [],
            "Planifica la migración de un ERP on-premise a la nube en un año con plan de vuelta atrás y criterios de éxito medibles.",
            "plan de migración",
            cx="hard",
        ),
        item(
            C,
            [],
            "Escribe un microrrelato de cincuenta palabras sobre un ascensor.",
            "microrrelato",
            cx="medium",
        ),
    ]
    return out


TASKS = {
    "en": {
        "easy": [
            "Turn the above into a one-line subject for a ticket.",
            "Put the key facts above into three bullet points.",
            "Rewrite the above in plain English, same length.",
            "Translate the above into Spanish.",
        ],
        "medium": [
            "Draft a polite reply to the sender that asks for what is still missing.",
            "Which team should handle this, and why? Two short paragraphs.",
            "Write an internal note summarising what happened and the next step.",
            "Turn the above into a short checklist for the person who picks it up tomorrow.",
        ],
        "hard": [
            "Work out what could go wrong if this message were forwarded as is: list each risk, who bears it, the legal basis that applies, and a handling procedure with retention periods and an audit trail.",
            "Design the complete workflow for processing messages like this one across three teams, with access rights, escalation rules, a threat model and how you would test it.",
            "Assess whether keeping this record is lawful, weighing at least two competing legal grounds, and propose a redaction scheme that still lets the case be handled; justify each choice.",
            "Compare three ways our organisation could respond, estimate cost and risk of each, and recommend one with the conditions under which you would change your mind.",
        ],
    },
    "de": {
        "easy": [
            "Mach daraus eine Betreffzeile.",
            "Fasse das in zwei Stichpunkten zusammen.",
            "Übersetze das ins Englische.",
            "Schreib das in einfacher Sprache um.",
        ],
        "medium": [
            "Formuliere eine höfliche Antwort an den Absender.",
            "An welche Abteilung gehört das? Begründe kurz.",
            "Schreib eine kurze interne Notiz mit dem nächsten Schritt.",
            "Mach daraus eine Checkliste für die Vertretung.",
        ],
        "hard": [
            "Erarbeite ein vollständiges Verfahren für solche Vorgänge: Zugriffsrechte, Löschfristen, Protokollierung, Bedrohungsmodell, und begründe jede Entscheidung mit der DSGVO.",
            "Prüfe, ob die Verarbeitung dieser Angaben rechtmäßig ist, wäge mindestens zwei Rechtsgrundlagen gegeneinander ab und entwirf ein Schwärzungskonzept, das den Fall trotzdem bearbeitbar lässt.",
            "Vergleiche drei mögliche Reaktionen der Organisation nach Kosten, Risiko und Außenwirkung und empfiehl eine, mit den Bedingungen, unter denen du umschwenken würdest.",
            "Entwirf einen Prozess über drei Teams mit Eskalationsregeln und einem Testplan, der zeigt, dass niemand mehr sieht als nötig.",
        ],
    },
    "fr": {
        "easy": [
            "Fais-en un objet de mail.",
            "Résume en deux puces.",
            "Traduis en anglais.",
            "Reformule en langage simple.",
        ],
        "medium": [
            "Rédige une réponse polie à l'expéditeur.",
            "Quel service doit traiter ça ? Justifie brièvement.",
            "Écris une note interne avec la prochaine étape.",
            "Transforme ça en liste de contrôle pour le remplaçant.",
        ],
        "hard": [
            "Conçois une procédure complète pour ce type de demande : droits d'accès, durées de conservation, journalisation, modèle de menace, et justifie chaque choix au regard du RGPD.",
            "Analyse la licéité de ce traitement en confrontant au moins deux bases légales, puis propose un schéma de pseudonymisation qui permet quand même de traiter le dossier.",
            "Compare trois réponses possibles de l'organisation (coût, risque, image) et recommande-en une, en précisant ce qui te ferait changer d'avis.",
            "Élabore un circuit de traitement entre trois équipes avec règles d'escalade et un plan de test qui prouve le besoin d'en connaître.",
        ],
    },
    "es": {
        "easy": [
            "Conviértelo en un asunto de correo.",
            "Resúmelo en dos viñetas.",
            "Tradúcelo al inglés.",
            "Reescríbelo en lenguaje sencillo.",
        ],
        "medium": [
            "Redacta una respuesta amable al remitente.",
            "¿Qué departamento debería llevarlo? Justifica en breve.",
            "Escribe una nota interna con el siguiente paso.",
            "Conviértelo en una lista de comprobación para quien lo sustituya.",
        ],
        "hard": [
            "Diseña un procedimiento completo para este tipo de casos: permisos, plazos de conservación, registro de accesos, modelo de amenazas, y justifica cada decisión con el RGPD y la LOPDGDD.",
            "Evalúa si es lícito tratar estos datos, contrastando al menos dos bases jurídicas, y propone un esquema de anonimización que permita seguir gestionando el caso.",
            "Compara tres respuestas posibles de la organización (coste, riesgo, reputación) y recomienda una, indicando qué te haría cambiar de opinión.",
            "Define un circuito entre tres equipos con reglas de escalado y un plan de pruebas que demuestre que nadie ve más de lo necesario.",
        ],
    },
}

_BY_LANG = {"en": _en, "de": _de, "fr": _fr, "es": _es}


def items(r: random.Random, lang: str) -> list[dict]:
    return _BY_LANG[lang](r)
