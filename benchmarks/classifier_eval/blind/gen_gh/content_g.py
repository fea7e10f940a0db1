# ruff: noqa: RUF001  (letters such as the Turkish dotless i are part of the names in the prompts)
"""Set G: names, contexts, negatives, clean prompts, appended task pools and long documents.

Identifiers are slots (``[[kind:args]]``) filled by kit_gh.fill from the set's seeded generator.
Each entry: (category, kinds, complexity or None for an appended task, notes, text).
"""

import random

import filler_gh
from kit_gh import fill, item, longdoc

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"

TASKS = {
    "en": {
        "easy": [
            "Give the text above a one-line subject heading.",
            "Turn the text above into three short bullet points.",
            "Rewrite the text above in plain, simple English.",
            "Translate the text above into German.",
        ],
        "medium": [
            "Draft a short, kind reply to whoever sent this, asking one clarifying question.",
            "Which internal team should own this, and why? Give two reasons.",
            "Write a 100-word shift-handover note covering what matters in the text above.",
            "Classify the text above as routine, sensitive or urgent and explain your choice in a few sentences.",
        ],
        "hard": [
            "Work out what could go wrong if the text above were forwarded to an outside contractor: "
            "name each piece of information at risk, the GDPR articles that govern it, the realistic "
            "harms, and a layered set of controls with the residual risk of each; finish with the one "
            "control you would fund first and why.",
            "Design the end-to-end handling of messages like this in a 200-person organisation (intake, "
            "access roles, retention schedule, redaction before analytics, audit, breach response) and "
            "defend each choice against a sceptical auditor, including two alternatives you rejected.",
            "A regulator asks whether keeping this text was lawful. Build the argument for both sides, "
            "weigh them article by article, estimate the likely outcome with your confidence, and say "
            "what should have been done differently at each step.",
            "Model an insider who wants to misuse information like this: motives, access paths and "
            "detection points; then rank five countermeasures by cost and effectiveness and justify "
            "the ranking with rough numbers.",
        ],
    },
}

EN = [
    # ---- structured identifiers
    (
        S,
        "ip_user person_name",
        None,
        "cloud audit log line: public IP with the login of a named user",
        "Pasted from our file server's audit.log, the line support flagged this morning:\n"
        '{"reqId":"[[hex:20]]","level":1,"time":"2026-11-18T06:42:19+00:00","remoteAddr":"[[ip]]",'
        '"user":"eluned.pritchard","app":"admin_audit","method":"POST",'
        '"url":"/ocs/v2.php/apps/files_sharing/api/v1/shares","message":"Login successful: eluned.pritchard"}',
    ),
    (
        S,
        "person_name phone email",
        None,
        "YAML key-holder list copied from a club drive",
        "# keyholders.yaml - boathouse key holders (copied from the committee drive)\n"
        "keyholders:\n"
        '  - name: Kerenza Trethewey\n    role: bosun\n    mobile: "[[phone:GB:0]]"\n'
        "    email: kerenza.trethewey@btinternet.com\n"
        '  - name: Jory Pascoe-Angwin\n    role: safety boat\n    mobile: "[[phone:GB:3]]"\n'
        "    email: jory.pa@outlook.com\n",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "German tax id in an English e-mail; the label is German and a sentence before the number",
        "Hi Tomasz,\n\nfor the Berlin payroll they need Radek's tax number. The Finanzamt letter calls it "
        "'Steuerliche Identifikationsnummer' and it's on the top right of his Lohnsteuerbescheinigung. "
        "Radek Wiśniewski, [[steuer:2]].\n\nThanks, Maja",
    ),
    (
        S,
        "person_name date_of_birth national_id",
        None,
        "OCR output with spaced-out labels: name, date of birth, UK NI number",
        "OCR output from the scanned claim form (page 2), spacing exactly as it came out:\n"
        "S u r n a m e : P E N H A L I G O N\nF o r e n a m e s : M o r w e n n a  J a n e\n"
        "D a t e  o f  b i r t h : [[dob:en]]\nN a t i o n a l  I n s u r a n c e  n o : [[ukni:1]]\n"
        "S i g n e d : M. J. Penhaligon",
    ),
    (
        S,
        "person_name national_id date_of_birth health",
        None,
        "markdown referral table with NHS numbers and diagnoses",
        "Referrals pending triage (export from the practice system):\n\n"
        "| Patient | NHS no. | DOB | Reason |\n|---|---|---|---|\n"
        "| Kwabena Asante-Darko | [[nhs]] | [[dob:en:1948:1975]] | suspected sleep apnoea |\n"
        "| Eilidh NicAsgaill | [[nhs]] | [[dob:en:1980:2001]] | recurrent miscarriage, 2nd opinion |\n"
        "| Tadhg Ó Faoláin | [[nhs]] | [[dob:en:1955:1970]] | post-stroke speech therapy |",
    ),
    (
        S,
        "credit_card person_name",
        None,
        "card number a paragraph away from whose card it is",
        "It's the card my mum uses for the milk round. She read it out to me over the phone so excuse "
        "the formatting:\n\n[[card:mc:2]]\n\nexpires 07/29, the name on the front is G. Parry, that's "
        "Gwenllian Parry, and the address is the farm, Tŷ Gwyn, Llanddewi Brefi SY25 6RS.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Swiss AHV numbers with a French label in English text",
        "Payroll migration, Geneva staff. The source form is in French, so the column is headed 'No AVS' "
        "(the Swiss social-security number):\n\nCurdin Caflisch - No AVS [[ahv]]\n"
        "Ladina Tschurr - No AVS [[ahv]]\nPlease copy them into the new HR system exactly as written.",
    ),
    (
        S,
        "passport person_name",
        None,
        "German passport number with the label after the value",
        "Booking note for the Lisbon trip: traveller 2 is Hannelore Quast, document [[pp:DE]] - that's "
        "her Reisepass, not the Personalausweis, and it runs until 2031. Traveller 1 is already checked in.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Spanish NIE with dashes in an English message to a gestoría",
        "For the gestoría, please: our new mechanic in Málaga is Babátúndé Oyèláràn, NIE [[nie:1]], "
        "starting on 3 February on the standard contract. He has his empadronamiento already.",
    ),
    (
        S,
        "person_name iban address",
        None,
        "JSON webhook body copied from production with a Dutch IBAN",
        "Copied from production logs (payment provider webhook):\n"
        '{"event":"mandate.created","customer":{"given_name":"Hiltje","family_name":"Wiersma",'
        '"iban":"[[iban:NL:1]]","address":"Tsjerkestrjitte 8, 8911 AB Ljouwert"},'
        '"created_at":"2026-10-02T14:11:07Z"}',
    ),
    (
        S,
        "person_name national_id",
        None,
        "CSV rows with Belgian national register numbers",
        "members_export.csv (first rows):\nmember_id,full_name,rijksregisternummer,postcode\n"
        "0412,Lowieke Verstraelen,[[bernr:f]],2600\n0413,Wannes Dierickx,[[bernr:m]],9000\n",
    ),
    (
        S,
        "person_name address phone",
        None,
        "courier note: address and a mobile a line away from the name",
        "Courier instructions for order 55-0917:\nDeliver to Flat 2, 19 Heol y Nant, Aberaeron SA46 0DT.\n"
        "If no answer, ring the customer - Cadi Llewelyn - on the number she gave at checkout, "
        "[[phone:GB:1]], not the landline on the account.",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "group chat: a named local's drink-driving conviction",
        "[19:02] Ffion: did u hear about Siôn Prydderch?? done for drink driving AGAIN, banned 3 yrs, "
        "mags court in Mold next tues\n[19:03] Ffion: his mam is mortified so dont say anything at chapel",
    ),
    (
        F,
        "person_name health",
        None,
        "HR file note: first name plus role, addiction recovery",
        "Confidential - HR file note, 14 Nov.\nOur night porter, Wiktor, came to see me after his shift. "
        "He has been going to AA meetings since the summer and asked whether his rota can avoid "
        "Thursday evenings. I told him it stays between us and payroll.",
    ),
    (
        F,
        "person_name health",
        None,
        "GP referral letter with a named patient's conditions",
        "Dear Dr Hallam,\nI'd be grateful if you could see Mrs Mọ́nísọ́lá Adébáyọ̀, 61, who reports "
        "worsening breathlessness on stairs and ankle swelling over six weeks. Background of "
        "hypertension and sickle cell trait; her ECG today showed new AF. She is anxious because she "
        "is due to fly to Lagos for her daughter's wedding in March.\nKind regards",
    ),
    (
        F,
        "person_name",
        None,
        "forum post: a relative's immigration status and right to work",
        "Forum post: my sister-in-law, Thu Trang Nguyễn, came over on a spouse visa in 2023. "
        "Her card expired in August and the Home Office still hasn't decided her extension. The nail "
        "bar in Leeds where she works has now told her not to come in until she can prove her right "
        "to work, and she's too scared to ring them herself.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "e-mail: a named warehouse worker's union membership",
        "Hi Bea, heads up - Garazi Urrutikoetxea from the night shift has joined the GMB and is "
        "standing as rep. She doesn't want management to know yet, so please don't mention it at "
        "Friday's stand-up.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "forwarded family message: a cousin's sexuality not yet known to relatives",
        'Forwarded from Aunty Lupe:\n"Tavita (Tav to all of us) is marrying his boyfriend Mikkel in '
        "June. Most of the family in Apia still don't know he's gay, so he wants the wedding kept off "
        'Facebook. Please be careful what you post."',
    ),
    (
        F,
        "person_name financial",
        None,
        "tenancy file note: a named tenant's arrears and a county court judgment",
        "Tenancy file, flat 4: Ynze Hoekstra is £2,870 in arrears. He told me he has a CCJ from the "
        "catalogue company and a payday loan he can't cover, and asked for a plan of £150 a month.",
    ),
    (
        F,
        "person_name religion",
        None,
        "rota request: a named employee's religious practice",
        "Rota request: Ms Ayşe Kılıçarslan in packing asked to finish at 12:30 on Fridays for "
        "Jumu'ah and to swap her shifts to earlies during Ramadan. Dai has approved it.",
    ),
    (
        F,
        "person_name health",
        None,
        "aside in minutes: initials plus office, mental-health sick leave",
        "Aside from the minutes (not for circulation): L. Le G. - Loïc Le Goff from the Cardiff "
        "office - is off again with what his GP calls burnout, second time this year. He is on "
        "sertraline and wants a phased return from January.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "news about a public figure's health: public, not a private person",
        "Summarise this in one sentence: The Princess of Wales said that she is in remission "
        "after completing her cancer treatment, thanking staff at the Royal Marsden and saying she "
        "will return to public duties gradually.",
    ),
    (
        N,
        "",
        "hard",
        "fictional characters in a literature question",
        "In Middlemarch, why does Dorothea Brooke marry Casaubon, and how does Eliot use Lydgate's "
        "marriage to Rosamond Vincy as a counterpoint? Build an argument across at least three chapters "
        "and answer the strongest opposing reading.",
    ),
    (
        N,
        "",
        "medium",
        "company register extract: a company's number and registered office, no person",
        "Companies register extract:\nBRYNTEG BAKERY LIMITED - company number 11638204\nRegistered office: "
        "Unit 6, Parc Menter, Cross Hands SA14 6RA. SIC 10710 (bread and fresh pastry). Incorporated "
        "2 May 2018. Status: active.\nExplain to a new bookkeeper what each of these fields means and "
        "which ones go on the company's invoices.",
    ),
    (
        N,
        "",
        "easy",
        "town council contact page: office inboxes and public phone, no named person",
        "From the town council website: 'Contact the Town Clerk's office at clerk@aberaeron-tc.gov.uk "
        "or 01545 570000 (Mon-Thu, 10-1). The Mayor's Parlour is open to visitors on the first "
        "Saturday of the month; school groups by appointment.' Turn this into a three-question FAQ.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test values (bad Luhn, bad IBAN check, never-issued NI prefix)",
        "Our QA fixture file deliberately uses invalid values so nothing real ever gets charged. "
        "Explain why each of these fails its check: card [[badcard]], IBAN [[badiban:GB]], NI "
        "number QQ 12 34 56 C.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate health statistics with no person",
        "Age-standardised prevalence of diagnosed type 2 diabetes by area (GP registers, 2025):\n"
        "Blaenau Gwent 9.4% | Merthyr Tydfil 9.1% | Newport 8.2% | Cardiff 6.9% | Ceredigion 6.1% | "
        "Monmouthshire 6.3%\nUsing these and what you know about deprivation indices, estimate how much "
        "of the spread deprivation could explain, discuss at least three confounders (including "
        "ethnicity and case-finding intensity), and design a study that would separate them.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names in a form template",
        "These are the placeholder names in our form template (none of them are real people): "
        "A. N. Other, John Q. Public, Joe Soap, Fred Nerk, Tommy Atkins. Sort them alphabetically by surname.",
    ),
    (
        N,
        "",
        "medium",
        "build manifest with hashes, UUIDs and build ids",
        "release-manifest.txt\nweb-frontend  build 4471  sha256:[[hex:64]]  id [[uuid]]\n"
        "api-gateway   build 4471  sha256:[[hex:64]]  id [[uuid]]\n"
        "billing-svc   build 4468  sha256:[[hex:64]]  id [[uuid]]\n"
        "Two artefacts share a build number but have different digests. What are the plausible "
        "reasons, and what would you check first?",
    ),
    (
        N,
        "",
        "easy",
        "map coordinates of public summits and a car park",
        "Convert these waypoints into a GPX-ready list (name, lat, lon): Storey Arms car park "
        "51.8693, -3.4752; Corn Du 51.8826, -3.4440; Pen y Fan summit 51.8838, -3.4366; "
        "Cribyn 51.8791, -3.4186.",
    ),
    (
        N,
        "",
        "easy",
        "reading list with ISBNs and published authors",
        "Format this reading list in Harvard style: Kate Roberts, 'Feet in Chains', ISBN [[isbn]]; "
        "Jan Morris, 'Wales: Epic Views of a Small Country', ISBN [[isbn]]; Caradog Prichard, "
        "'One Moonlit Night', ISBN [[isbn]].",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth and death years",
        "Owain Glyndŵr (born c. 1359, died c. 1415) led the last major Welsh revolt against English "
        "rule. Weigh the competing explanations for why the revolt collapsed after 1409 (military, "
        "economic, diplomatic, the loss of French support) and argue which mattered most, citing "
        "the kinds of evidence each explanation relies on.",
    ),
    (
        N,
        "",
        "medium",
        "film character at a fictional address",
        "Paddington lives with the Browns at 32 Windsor Gardens, London. Write a 150-word diary entry "
        "in his voice about his first day helping Mr Gruber in the antique shop.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete's race results",
        "Faith Kipyegon ran 3:49.04 for 1500 m in Paris and holds the world record in the mile. Write a "
        "short preview paragraph for our running club's newsletter about why her races are worth "
        "watching.",
    ),
    (
        N,
        "",
        "hard",
        "medical vocabulary with no patient",
        "Explain how latent autoimmune diabetes in adults (LADA) differs from type 1 and type 2, then "
        "design a decision flow for when a GP should order GAD antibodies, discuss the cost of "
        "misclassifying in each direction, and say how you'd validate the flow on practice data.",
    ),
    # ---- clean
    (C, "", "easy", "arithmetic", "What is 18% of 2,450?"),
    (
        C,
        "",
        "easy",
        "alphabetise",
        "Put these in alphabetical order: mizzen, bowsprit, halyard, cleat, jib, tiller.",
    ),
    (
        C,
        "",
        "easy",
        "spelling fix",
        "Correct the spelling: 'The recieved shipment was seperated onto two pallettes.'",
    ),
    (
        C,
        "",
        "easy",
        "translation",
        "Translate into French: 'The ferry to the island is cancelled because of the wind.'",
    ),
    (C, "", "easy", "one word", "Give me one antonym for 'reluctant'."),
    (
        C,
        "",
        "medium",
        "short notice",
        "Write a friendly 80-word notice for a village hall asking people to stack the chairs after use.",
    ),
    (
        C,
        "",
        "medium",
        "explanation",
        "Explain in a paragraph why sourdough needs a longer proof than a yeasted loaf.",
    ),
    (
        C,
        "",
        "medium",
        "pros and cons",
        "Renting or buying a second-hand dinghy as a beginner: give a short pros and cons list and a recommendation.",
    ),
    (
        C,
        "",
        "medium",
        "polite e-mail",
        "Draft a polite e-mail to a supplier asking to move Tuesday's delivery to Thursday.",
    ),
    (
        C,
        "",
        "hard",
        "system design with tides",
        "Design a booking system for a 40-berth tidal marina that handles access windows, overlapping "
        "reservations and no-shows: the data model, a conflict-resolution algorithm with its "
        "complexity, and how you would test it against spring-tide edge cases.",
    ),
    (
        C,
        "",
        "hard",
        "proof and extension",
        "Prove that every tree with n vertices has exactly n-1 edges, extend the argument to a forest "
        "with k components, and show precisely where the proof fails once a cycle is allowed.",
    ),
    (
        C,
        "",
        "hard",
        "integer programme",
        "A cider co-op has 3 presses, 11 orchards with different harvest windows and a 9-tonne cold "
        "store. Formulate the weekly pressing schedule as an integer programme, explain every "
        "constraint, and discuss how to handle uncertain yields.",
    ),
    (
        C,
        "",
        "hard",
        "causal critique",
        "Critique and rebuild this claim: 'Our café's sales rose after we added oat milk, so oat milk "
        "caused the rise.' Give at least four alternative explanations, an experiment that separates "
        "them, and the sample size you'd need to detect a 5% uplift.",
    ),
    (
        C,
        "",
        "hard",
        "migration plan",
        "Plan a migration of a 2 TB PostgreSQL 12 database to 16 with under five minutes of downtime: "
        "compare logical replication, pg_upgrade --link and dump/restore, give a runbook with rollback "
        "points, and name the risks you would rehearse.",
    ),
]

TASKS["de"] = {
    "easy": [
        "Gib dem Text oben eine kurze Betreffzeile.",
        "Fasse den Text oben in drei Stichpunkten zusammen.",
        "Schreib den Text oben in einfacher Sprache neu.",
        "Übersetze den Text oben ins Französische.",
    ],
    "medium": [
        "Formuliere eine kurze, freundliche Antwort an den Absender mit einer Rückfrage.",
        "Welche Abteilung sollte das übernehmen? Nenne zwei Gründe.",
        "Schreib eine Übergabenotiz von etwa 100 Wörtern für die nächste Schicht.",
        "Ist das Routine, heikel oder dringend? Begründe deine Einordnung in wenigen Sätzen.",
    ],
    "hard": [
        "Arbeite heraus, was passieren könnte, wenn dieser Text an einen externen Dienstleister "
        "weitergeleitet würde: welche Angaben gefährdet sind, welche DSGVO-Artikel greifen, welche "
        "Schäden realistisch sind und welche gestaffelten Maßnahmen mit welchem Restrisiko helfen; "
        "schließe mit der einen Maßnahme, die du zuerst finanzieren würdest, und warum.",
        "Entwirf den gesamten Umgang mit solchen Nachrichten in einer Organisation mit 200 "
        "Beschäftigten (Eingang, Rollen, Löschfristen, Schwärzung vor Auswertungen, Protokollierung, "
        "Meldung von Datenpannen) und verteidige jede Entscheidung gegenüber einer kritischen "
        "Prüferin, einschließlich zweier verworfener Alternativen.",
        "Eine Aufsichtsbehörde fragt, ob die Speicherung dieses Textes rechtmäßig war. Entwickle die "
        "Argumente beider Seiten, wäge sie Artikel für Artikel ab, schätze den wahrscheinlichen "
        "Ausgang mit deiner Sicherheit ein und sag, was an jeder Stelle anders hätte laufen müssen.",
        "Modelliere einen Innentäter, der solche Informationen missbrauchen will: Motive, "
        "Zugriffswege, Erkennungspunkte; ordne dann fünf Gegenmaßnahmen nach Kosten und Wirkung "
        "und begründe die Reihenfolge mit groben Zahlen.",
    ],
}

DE = [
    (
        S,
        "ip_user person_name",
        None,
        "webmail log line: public IP with a named user's login",
        "Aus dem Roundcube-Log vom Mailserver, die Zeile, um die es geht:\n"
        "[18-Nov-2026 07:12:44 +0100]: <[[hex:8]]> Successful login for broder.ketelsen (ID: 17) "
        "from [[ip]] in session [[hex:26]]",
    ),
    (
        S,
        "national_id person_name",
        None,
        "German pension-insurance number a line below its label",
        "Lohnabrechnung November, Kopfbereich:\nName: Jadwiga Kołodziejczyk, Personalnummer 2207\n"
        "Sozialversicherungsnummer (siehe Ausweis der DRV):\n[[rvnr:Kolodziejczyk:1]]\n"
        "Krankenkasse: AOK Nordwest",
    ),
    (
        S,
        "national_id person_name",
        None,
        "ID-card number with the label in the sentence before",
        "Für die Anmeldung im Bootshafen brauche ich noch die Ausweisdaten. Die Nummer oben rechts auf "
        "dem Personalausweis von Henrike Sönnichsen lautet [[idcard]], gültig bis 2030.",
    ),
    (
        S,
        "iban person_name",
        None,
        "chat message: Austrian IBAN that belongs to the sender's mother",
        "kannst du mir die 240 € für die Hütte überweisen? nicht auf mein Konto, das ist gesperrt - "
        "auf Mamas: [[iban:AT:0]], lautet auf Theresia Oberhollenzer 🙏",
    ),
    (
        S,
        "national_id person_name",
        None,
        "French NIR with its French label in German text",
        "Für die Grenzgänger-Meldung an die Kasse: Herr Loïc Kerbrat, wohnhaft in Forbach, "
        "numéro de sécurité sociale [[nir:1:1]]. Die Bescheinigung S1 folgt per Post.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Polish PESEL in a German seasonal-worker list",
        "Saisonkräfte Spargelhof, Gruppe 3:\n1) Bożena Wąsowicz - PESEL [[pesel:1]]\n"
        "2) Przemysław Grzęda - PESEL [[pesel:0]]\nUnterkunft: Container B, ab 14. April.",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "CSV with Steuer-IDs printed in groups",
        "personal_neu.csv\nName;Steuer-ID;Eintritt\nTjorven Hansen;[[steuer:1]];01.03.2026\n"
        "Imke Ketelsen-Bahr;[[steuer:1]];15.03.2026",
    ),
    (
        S,
        "person_name address phone email date_of_birth",
        None,
        "club membership form with labelled fields",
        "Mitgliedsantrag Shanty-Chor Nordstrand\nName: Wilhelmina Nommensen\n"
        "Anschrift: Süderstraße 14, 25813 Husum\nTelefon: [[phone:DE:0]]\n"
        "E-Mail: w.nommensen@gmx.de\nGeburtsdatum: [[dob:de:1950:1965]]\nStimme: Alt",
    ),
    (
        S,
        "credit_card person_name",
        None,
        "card number with the owner named a sentence later",
        "Hier die Nummer, hab sie abgetippt: [[card:visa:1]]. Gültig bis 11/28. Die Karte gehört "
        "meinem Mann, Emre Karadağlı, falls die Buchung auf seinen Namen laufen muss.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Swiss AHV number in German text",
        "Neueintritt Filiale Chur: Seraina Casutt, Sozialversicherungsnummer (AHV) [[ahv]]. "
        "Bitte bis Monatsende in die Lohnbuchhaltung übernehmen.",
    ),
    (
        S,
        "person_name phone iban",
        None,
        "CRM record as JSON with a German IBAN and mobile",
        "Datensatz aus dem CRM (Produktivsystem):\n"
        '{"kunde": "Dragoljub Petrović", "telefon": "[[phone:DE:3]]", '
        '"iban": "[[iban:DE:1]]", "kundennr": "K-88213", "status": "Lastschrift aktiv"}',
    ),
    (
        S,
        "person_name date_of_birth passport",
        None,
        "applicant record with English field names in German text",
        "Auszug aus der Bewerberdatenbank (Felder sind englisch benannt, Inhalt von uns):\n"
        "first_name: Nhung\nlast_name: Phạm Thị\ndate_of_birth: [[dob:en:1990:2000]]\n"
        "passport_no: [[pp:GB]]\nnotes: Visum beantragt, Termin Ausländerbehörde 9.12.",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name financial",
        None,
        "chat: a named shop owner's personal insolvency",
        "hast du schon gehört? Broder Petersen-Ketels aus dem Fischladen hat Privatinsolvenz "
        "angemeldet, der Gerichtsvollzieher war schon zweimal da. sag aber nix, seine Frau weiß "
        "es angeblich noch nicht",
    ),
    (
        F,
        "person_name health",
        None,
        "HR note: first name plus role, early pregnancy",
        "Notiz Pflegedienstleitung: Unsere Nachtschwester Agnieszka hat mir heute gesagt, dass sie "
        "in der 12. Woche schwanger ist. Sie möchte es dem Team erst nach dem Ultraschall sagen; "
        "bis dahin bitte keine Nachtdienste mit Hebeeinsätzen für sie einplanen.",
    ),
    (
        F,
        "person_name health",
        None,
        "discharge letter: a named patient's dependency and cirrhosis",
        "Sehr geehrte Frau Kollegin,\nwir berichten über Herrn Kemalettin Yörükoğlu, 54 J., der vom "
        "3. bis 17.11. bei uns stationär war. Diagnosen: Alkoholabhängigkeit, äthyltoxische "
        "Leberzirrhose Child B, Ösophagusvarizen I°. Er hat einer Entwöhnung zugestimmt.",
    ),
    (
        F,
        "person_name",
        None,
        "forum post: a relative's tolerated-stay status and work ban",
        "Aus dem Forum: Mein Schwager Hamid Sarwari hat nur eine Duldung und bekommt keine "
        "Arbeitserlaubnis, obwohl ihm eine Bäckerei in Eutin eine Ausbildung anbietet. Die "
        "Ausländerbehörde antwortet seit Wochen nicht, und er hat Angst, abgeschoben zu werden.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "e-mail: a named employee's union membership and works-council plans",
        "Kurz zur Info, bitte vertraulich: Fyn Lorenzen aus dem Lager ist seit Oktober bei ver.di "
        "und will im Frühjahr für den Betriebsrat kandidieren. Die Geschäftsführung weiß nichts davon.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "message about a colleague's sexual orientation",
        "Unter uns: die neue Kollegin, Sanna Aikio aus Inari, hat mir beim Sommerfest erzählt, dass "
        "sie lesbisch ist und ihr Vater es nicht weiß. Bitte nicht weitererzählen, auch nicht im Team.",
    ),
    (
        F,
        "person_name criminal_record",
        None,
        "club board note: a named groundskeeper's fraud conviction",
        "Vorstandssitzung, nicht fürs Protokoll: Der neue Platzwart, Rüdiger Ehlerding-Hansen, ist "
        "2019 wegen Betrugs zu einem Jahr auf Bewährung verurteilt worden. Er hat es selbst gesagt; "
        "die Kassenprüfung macht er deshalb nicht.",
    ),
    (
        F,
        "person_name religion",
        None,
        "canteen note: a named employee's religious fasting",
        "Hinweis an die Kantine: Frau Mekdes Tesfamariam ist eritreisch-orthodox und fastet vor "
        "Ostern 55 Tage ohne tierische Produkte. Bitte für sie bis Ende April vegane Essen vormerken.",
    ),
    (
        F,
        "person_name health",
        None,
        "initials then full name: psychiatric admission",
        "T. K. aus der Buchhaltung - Tamara Kowalczyk-Brandt - ist seit zwei Wochen in der "
        "Psychiatrie in Schleswig, nach einem Suizidversuch. Ihre Schwester hat angerufen, sie "
        "kommt frühestens im Februar wieder.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public figure's health in news",
        "Fasse in einem Satz zusammen: Bundespräsident Frank-Walter Steinmeier spendete 2010 seiner "
        "Frau Elke Büdenbender eine Niere; beide erholten sich nach der Operation in Berlin gut.",
    ),
    (
        N,
        "",
        "hard",
        "fictional characters in a literature question",
        "In Wolfgang Herrndorfs 'Tschick': Wie verändert sich Maik Klingenberg auf der Reise mit "
        "Andrej Tschichatschow, und welche Rolle spielt Isa dabei? Entwickle eine These über mindestens "
        "drei Stationen der Reise und setz dich mit der stärksten Gegenlesart auseinander.",
    ),
    (
        N,
        "",
        "medium",
        "commercial-register entry and company VAT number, no person",
        "Handelsregister B des Amtsgerichts Flensburg, HRB 14872 FL: Nordsee Räucherei GmbH, Sitz "
        "Hafendamm 3, 24937 Flensburg, USt-IdNr. DE 298 417 356, Stammkapital 25.000 EUR.\nErklär "
        "einer neuen Buchhalterin, wofür jede dieser Angaben steht und welche auf Rechnungen müssen.",
    ),
    (
        N,
        "",
        "easy",
        "municipal office contact page",
        "Aus der Website der Stadt: 'Bürgerbüro, Rathaus, Zingel 10, 25813 Husum. Telefon "
        "04841 666-0, buergerbuero@husum.de. Öffnungszeiten Mo-Fr 8-12 Uhr, Do 14-18 Uhr.' Mach "
        "daraus eine kleine Tabelle.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test data: IBAN, tax id, card",
        "Testdaten für unsere Formularprüfung, absichtlich ungültig: IBAN [[badiban:DE]], "
        "Steuer-ID 12345678903, Karte [[badcard]]. Schreib pytest-Fälle, die genau diese Werte "
        "ablehnen, und erkläre jeweils die verletzte Regel.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate surveillance data without a person",
        "Gemeldete Masernfälle je 100.000 Einwohner 2025: Sachsen 0,9; Bayern 0,7; Berlin 1,4; "
        "Schleswig-Holstein 0,3; Saarland 0,2. Beurteile, ob die Unterschiede eher auf Impfquoten, "
        "Meldeverhalten oder Zufall bei kleinen Zahlen zurückgehen, schätze die Unsicherheit grob ab "
        "und schlage eine Auswertung vor, die das trennen könnte.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Das sind nur Platzhalter in unserer Vorlage, keine echten Personen: Lieschen Müller, "
        "Erika Musterfrau, Hinz Kunz, Karl Klammer. Sortiere sie nach Nachnamen.",
    ),
    (
        N,
        "",
        "medium",
        "commit hashes and build ids",
        "Aus dem Changelog:\n[[hex:40]] Fix Rundungsfehler im Warenkorb (build 2291)\n"
        "[[hex:40]] Übersetzungen aktualisiert (build 2291)\n[[hex:40]] Cache-Header korrigiert "
        "(build 2293)\nWelche Commits gehören in das Release mit Build 2291, und was sollte im "
        "Release-Text stehen?",
    ),
    (
        N,
        "",
        "easy",
        "coordinates of public summits",
        "Ordne diese Gipfel nach Höhe und gib die Koordinaten mit aus: Brocken (1141 m) 51.7991, "
        "10.6156; Wurmberg (971 m) 51.7597, 10.6181; Achtermann (925 m) 51.7645, 10.5716.",
    ),
    (
        N,
        "",
        "easy",
        "ISBN list of published books",
        "Bring diese Literaturliste in ein einheitliches Format: Juli Zeh, 'Unterleuten', ISBN "
        "[[isbn]]; Saša Stanišić, 'Herkunft', ISBN [[isbn]]; Theodor Storm, 'Der Schimmelreiter', "
        "ISBN [[isbn]].",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date and place",
        "Rosa Luxemburg, geboren am 5. März 1871 in Zamość, ermordet am 15. Januar 1919 in Berlin. "
        "Vergleiche ihre Kritik an Lenins Parteikonzept mit ihrer Haltung zur Nationalversammlung "
        "und beurteile, ob beide Positionen konsistent sind.",
    ),
    (
        N,
        "",
        "medium",
        "film characters",
        "In 'Lola rennt' hat Lola zwanzig Minuten, um 100.000 Mark für Manni aufzutreiben. Schreib "
        "eine vierte Variante des Laufs als kurze Szene von etwa 200 Wörtern.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Malaika Mihambo hat 2024 in Paris Silber im Weitsprung geholt. Schreib einen kurzen "
        "Absatz für die Vereinszeitung, warum ihr Anlauf so besonders ist.",
    ),
    (
        N,
        "",
        "hard",
        "medical vocabulary with no patient",
        "Erkläre den Unterschied zwischen Morbus Crohn und Colitis ulcerosa in Befallsmuster, "
        "Histologie und Komplikationen, entwickle daraus einen Entscheidungsbaum für die "
        "Erstdiagnostik und diskutiere, wo er bei unklaren Befunden versagt.",
    ),
    # ---- clean
    (C, "", "easy", "arithmetic", "Wie viel sind 15 % von 3.280 Euro?"),
    (C, "", "easy", "plural forms", "Wie lauten die Pluralformen von Atlas, Komma und Pizza?"),
    (
        C,
        "",
        "easy",
        "spelling",
        "Korrigiere die Rechtschreibung: 'Das Packet wurde standartmäßig seperat verschickt.'",
    ),
    (
        C,
        "",
        "easy",
        "translation",
        "Übersetze ins Spanische: 'Die Fähre zur Insel fällt heute wegen Sturm aus.'",
    ),
    (C, "", "easy", "synonym", "Nenn mir ein anderes Wort für 'zögerlich'."),
    (
        C,
        "",
        "medium",
        "notice",
        "Schreib einen freundlichen Aushang für die Gemeinschaftsküche, dass benutztes Geschirr nicht über Nacht stehen bleiben soll.",
    ),
    (
        C,
        "",
        "medium",
        "explanation",
        "Erklär in einem Absatz, warum Hefeteig im Kühlschrank langsamer geht und trotzdem aromatischer wird.",
    ),
    (
        C,
        "",
        "medium",
        "comparison",
        "E-Lastenrad oder Kleinwagen für eine Familie in der Stadt: kurze Gegenüberstellung mit Empfehlung.",
    ),
    (
        C,
        "",
        "medium",
        "e-mail",
        "Formuliere eine höfliche Mail an die Vermieterin mit der Bitte, die Heizungswartung auf nächste Woche zu verschieben.",
    ),
    (
        C,
        "",
        "hard",
        "scheduling design",
        "Entwirf ein Belegungssystem für eine Sporthalle mit drei teilbaren Feldern, Vereinen mit "
        "festen Trainingszeiten und spontanen Buchungen: Datenmodell, Konfliktauflösung mit "
        "Komplexität, Fairnessregel und Teststrategie für Randfälle wie Turniere am Wochenende.",
    ),
    (
        C,
        "",
        "hard",
        "proof",
        "Beweise, dass die Summe der ersten n ungeraden Zahlen n² ist, einmal per Induktion und einmal "
        "geometrisch, und zeige, wie sich das Argument auf die Summe der ersten n Quadratzahlen übertragen lässt.",
    ),
    (
        C,
        "",
        "hard",
        "optimisation",
        "Eine Molkerei sammelt Milch von 14 Höfen mit zwei Tankwagen unterschiedlicher Größe. "
        "Formuliere die Tourenplanung als Optimierungsproblem, erkläre jede Nebenbedingung und "
        "diskutiere, wie du mit schwankenden Milchmengen und Straßensperrungen umgehst.",
    ),
    (
        C,
        "",
        "hard",
        "argument critique",
        "Kritisiere und verbessere dieses Argument: 'Seit wir im Büro Pflanzen aufgestellt haben, gibt "
        "es weniger Krankmeldungen, also machen Pflanzen gesund.' Nenne mindestens vier alternative "
        "Erklärungen und entwirf eine Studie, die sie auseinanderhält.",
    ),
    (
        C,
        "",
        "hard",
        "migration plan",
        "Plane den Umzug eines Kubernetes-Clusters mit 60 Diensten von einer Region in eine andere "
        "ohne Ausfall: vergleiche drei Vorgehensweisen, gib ein Ablaufbuch mit Rückfallpunkten und "
        "benenne die Risiken, die du vorher in einer Probe testen würdest.",
    ),
]

TASKS["fr"] = {
    "easy": [
        "Donne un objet de mail d'une ligne pour le texte ci-dessus.",
        "Résume le texte ci-dessus en trois puces courtes.",
        "Réécris le texte ci-dessus en français simple.",
        "Traduis le texte ci-dessus en espagnol.",
    ],
    "medium": [
        "Rédige une réponse courte et bienveillante à l'expéditeur, avec une question de précision.",
        "Quel service devrait s'en charger ? Donne deux raisons.",
        "Écris une note de relève d'environ 100 mots pour l'équipe suivante.",
        "Classe ce texte comme routinier, sensible ou urgent et justifie en quelques phrases.",
    ],
    "hard": [
        "Détermine ce qui pourrait mal tourner si ce texte était transmis à un prestataire externe : "
        "chaque information exposée, les articles du RGPD applicables, les préjudices réalistes et "
        "un ensemble de mesures en couches avec le risque résiduel de chacune ; termine par la "
        "mesure que tu financerais en premier et pourquoi.",
        "Conçois le traitement complet de ce type de message dans une organisation de 200 personnes "
        "(réception, rôles d'accès, durées de conservation, pseudonymisation avant analyse, "
        "journalisation, gestion des violations) et défends chaque choix face à un auditeur "
        "sceptique, avec deux alternatives écartées.",
        "La CNIL demande si la conservation de ce texte était licite. Construis l'argumentation des "
        "deux côtés, pèse-les article par article, estime l'issue probable avec ton degré de "
        "confiance et dis ce qui aurait dû être fait autrement à chaque étape.",
        "Modélise un initié qui voudrait détourner ce genre d'information : motivations, chemins "
        "d'accès, points de détection ; puis classe cinq contre-mesures par coût et efficacité en "
        "justifiant le classement par des ordres de grandeur.",
    ],
}

FR = [
    (
        S,
        "ip_user person_name",
        None,
        "FTP server log: public IP with a named user's login",
        "Extrait du journal du serveur FTP de l'agence, la ligne que le prestataire nous a signalée :\n"
        "Nov 18 06:51:02 ftp01 proftpd[23817]: ftp01 (abo-[[num:3]].bbox-ouest.fr[[[ip]]]) - USER "
        "gkerherve: Login successful.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "NIR spaced, its label two sentences earlier",
        "Bonjour, suite à votre demande pour le dossier de mutuelle de Maïwenn Quéméner. Le numéro "
        "figure sur sa carte Vitale, je le recopie tel quel. Désolée pour le délai.\n[[nir:1:2]]\n"
        "Cordialement, le secrétariat",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "German tax id with its German label in French text",
        "Pour la déclaration de notre salarié frontalier, l'administration allemande demande sa "
        "'Steuer-ID' : Florian Kientzheim, [[steuer:3]]. Il habite Wissembourg et travaille à Karlsruhe.",
    ),
    (
        S,
        "person_name iban",
        None,
        "markdown table of tenants with French IBANs",
        "Prélèvements loyers - janvier\n\n| Locataire | IBAN | Montant |\n|---|---|---|\n"
        "| Ndèye Coumba Sarr | [[iban:FR:0]] | 612,00 € |\n| Erwann Le Gall-Riou | [[iban:FR:1]] | 540,00 € |",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Belgian national register number in French",
        "Inscription à l'académie de musique de Namur : élève Théo Wauthier-Dumont, numéro de "
        "registre national [[bernr:m]], cours de violoncelle le mercredi.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Spanish DNI with dots in French text",
        "Notre nouvelle stagiaire vient de Bilbao : Ainhoa Goikoetxea, DNI espagnol [[dni:2]]. Merci "
        "de créer son badge avant lundi.",
    ),
    (
        S,
        "person_name phone email",
        None,
        "on-call YAML with a personal mobile and e-mail",
        "# astreinte.yaml (copie de la prod)\nastreinte:\n  semaine: 47\n  titulaire: Corentin Abgrall\n"
        '  mobile_perso: "[[phone:FR:0]]"\n  mail_perso: corentin.abgrall@laposte.net\n'
        "  suppleant: liste equipe-reseau (pas de numéro perso)\n",
    ),
    (
        S,
        "passport person_name date_of_birth",
        None,
        "OCR of a passport page with spaced labels",
        "Texte OCR de la page d'identité (espaces d'origine) :\nP A S S E P O R T   N °   [[pp:FR]]\n"
        "N o m : R A K O T O N D R A B E\nP r é n o m s : Hanta Lalao\n"
        "D a t e  d e  n a i s s a n c e : [[dob:fr]]",
    ),
    (
        S,
        "credit_card person_name",
        None,
        "card number, owner named after it",
        "Voilà le numéro pour la réservation du gîte : [[card:visa:0]], expiration 03/28. C'est la "
        "carte de ma compagne, Sixtine Lagarde-Ozenne, c'est elle qui paie cette fois.",
    ),
    (
        S,
        "person_name iban address phone",
        None,
        "e-mail signature with a Luxembourg IBAN and address",
        "Merci pour votre aide !\n--\nNadège Wolff-Schroeder\n14, rue des Vignes, L-5450 Stadtbredimus\n"
        "Tél. +352 621 [[num:6]]\nPour le remboursement : IBAN [[iban:LU:0]]",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Swiss AVS number in French",
        "Nouvelle employée à Lausanne : Aude Pittet, numéro AVS [[ahv]], entrée le 1er février. "
        "Merci de l'ajouter à la caisse de compensation.",
    ),
    (
        S,
        "person_name email date_of_birth",
        None,
        "CSV sign-up list with birth dates and e-mails",
        "inscriptions_stage_voile.csv\nnom;prenom;naissance;mail\nKerbiriou;Soizic;[[dob:fr:2008:2012]];"
        "soizic.kerbiriou@free.fr\nAït-Ouarab;Lounis;[[dob:fr:2008:2012]];lounis.ao@orange.fr",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "text message: a named man's prison release",
        "tu savais que Yidir Aït-Ouarab sort de Fleury la semaine prochaine ? il a pris deux ans pour "
        "le trafic. sa mère veut pas que ça se sache au quartier",
    ),
    (
        F,
        "person_name health",
        None,
        "HR note: first name plus role, epilepsy",
        "Note RH, confidentielle : notre gardien de nuit, Mamadou, nous a informés qu'il est "
        "épileptique et qu'il a fait une crise au poste la semaine dernière. Il ne doit plus faire "
        "les rondes seul sur les toits.",
    ),
    (
        F,
        "person_name health",
        None,
        "referral letter: a named patient's breast cancer",
        "Chère consœur,\nje vous adresse Mme Ndèye Fatou Diagne, 47 ans, pour prise en charge d'un "
        "carcinome canalaire infiltrant du sein gauche découvert au dépistage. Elle élève seule ses "
        "trois enfants et s'inquiète surtout de l'arrêt de travail.\nBien confraternellement",
    ),
    (
        F,
        "person_name",
        None,
        "forum post: a relative's undocumented status",
        "Sur le forum : ma belle-mère, Mme Lalasoa Randriamampionona, est sans papiers depuis "
        "que son titre de séjour a expiré en 2024. Elle a peur d'aller à la préfecture et garde des "
        "enfants au noir à Créteil. Elle espère une régularisation par le travail.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "message: a named colleague joined a union",
        "Entre nous : Peio Etcheverry a pris sa carte à la CGT le mois dernier et veut se présenter "
        "au CSE. Le chef d'atelier n'est pas au courant, ne dis rien.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "message: a friend's sexual orientation",
        "Gwenaëlle Kerhervé m'a dit samedi qu'elle est bisexuelle et qu'elle sort avec une fille de "
        "Lorient ; ses parents sont très cathos et n'en savent rien, donc motus.",
    ),
    (
        F,
        "person_name financial",
        None,
        "social-worker note: a named tenant's over-indebtedness",
        "Suivi social : M. Trần Bảo Châu a déposé un dossier de surendettement à la Banque de France "
        "(11 crédits renouvelables, 38 000 € au total). Il demande un délai pour l'arriéré de loyer.",
    ),
    (
        F,
        "person_name religion",
        None,
        "planning note: a named employee's religious observance",
        "Planning : Mme Rivka Azoulay-Benhamou ne peut pas travailler du vendredi soir au samedi soir "
        "(shabbat) ni pendant Kippour. Merci d'en tenir compte pour les inventaires.",
    ),
    (
        F,
        "person_name health",
        None,
        "initials then the full name: depression leave",
        "J.-B. M. du service paie, donc Jean-Baptiste Mattei, est en arrêt pour dépression depuis le "
        "4 novembre ; il est suivi en hôpital de jour à Bastia et ne répond pas aux mails.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public figure's illness in the news",
        "Résume en une phrase : Céline Dion, atteinte du syndrome de la personne raide, a chanté à la "
        "cérémonie d'ouverture des Jeux de Paris depuis la tour Eiffel, sa première apparition sur "
        "scène depuis quatre ans.",
    ),
    (
        N,
        "",
        "hard",
        "fictional character in a literature question",
        "Dans L'Étranger, Meursault est-il condamné pour le meurtre ou pour n'avoir pas pleuré à "
        "l'enterrement de sa mère ? Construis une argumentation sur au moins trois scènes et réponds "
        "à la lecture opposée la plus forte.",
    ),
    (
        N,
        "",
        "medium",
        "company register entry: SIREN and registered office",
        "Extrait Kbis : Conserverie de l'Odet SAS, SIREN [[siren]], RCS Quimper, siège social "
        "12 quai de l'Odet, 29000 Quimper, capital 80 000 €, code NAF 10.20Z.\nExplique à un "
        "comptable débutant à quoi sert chaque mention et lesquelles doivent figurer sur les factures.",
    ),
    (
        N,
        "",
        "easy",
        "town hall contact page",
        "Site de la mairie : « Cabinet du maire, Hôtel de ville, 29100 Douarnenez. Standard "
        "02 98 74 46 00, accueil@mairie-douarnenez.fr. Permanence des élus le samedi de 10 h à 12 h. » "
        "Transforme ce texte en petite fiche pratique.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test values: NIR with impossible key, bad IBAN",
        "Jeu de test volontairement invalide pour notre formulaire : NIR 2 99 13 75 056 123 00 "
        "(clé impossible), IBAN [[badiban:FR]]. Explique pourquoi chaque valeur doit être refusée et "
        "propose les messages d'erreur.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate prevalence figures",
        "Prévalence de l'obésité chez l'adulte par région (enquête 2024) : Hauts-de-France 22 %, "
        "Grand Est 20 %, Île-de-France 15 %, Bretagne 13 %, Occitanie 15 %. Évalue dans quelle mesure "
        "le revenu médian et la part de cadres expliquent ces écarts, discute trois biais de "
        "l'enquête et propose un protocole pour les corriger.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Ce sont des noms bidons pour nos maquettes, aucune personne réelle : Monsieur Tartempion, "
        "Madame Michu, Machin Truc, Toto Lasticot. Classe-les par ordre alphabétique.",
    ),
    (
        N,
        "",
        "medium",
        "order ids and UUIDs in a CSV",
        "commandes.csv\nCMD-2026-[[num:6]];[[uuid]];expédiée\nCMD-2026-[[num:6]];[[uuid]];en attente\n"
        "CMD-2026-[[num:6]];[[uuid]];expédiée\nÉcris une requête SQL qui compte les commandes par "
        "statut et explique-la.",
    ),
    (
        N,
        "",
        "easy",
        "lighthouse coordinates",
        "Mets ces phares dans un tableau (nom, latitude, longitude) : Ar-Men 48.0500, -4.9975 ; "
        "Kéréon 48.4378, -5.0239 ; La Vieille 48.0400, -4.7564.",
    ),
    (
        N,
        "",
        "easy",
        "ISBNs of published books",
        "Uniformise cette bibliographie : Annie Ernaux, « Les Années », ISBN [[isbn]] ; "
        "Pierre-Jakez Hélias, « Le Cheval d'orgueil », ISBN [[isbn]] ; Leïla Slimani, « Le Pays des "
        "autres », ISBN [[isbn]].",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date",
        "Olympe de Gouges, née le 7 mai 1748 à Montauban, guillotinée le 3 novembre 1793. Compare sa "
        "Déclaration des droits de la femme avec la Déclaration de 1789 et juge si sa critique "
        "était réformiste ou radicale, arguments à l'appui.",
    ),
    (
        N,
        "",
        "medium",
        "film character",
        "Amélie Poulain travaille au café des Deux Moulins à Montmartre. Écris une courte scène "
        "(150 mots) où elle organise une nouvelle bonne action pour un client.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Léon Marchand a gagné quatre titres olympiques individuels à Paris. Rédige un paragraphe "
        "pour la newsletter du club de natation sur ce que les jeunes peuvent apprendre de sa nage "
        "coulée.",
    ),
    (
        N,
        "",
        "hard",
        "medical vocabulary, no patient",
        "Explique la différence entre AVC ischémique et hémorragique (mécanisme, imagerie, "
        "traitement), construis un arbre de décision pour la régulation au SAMU et discute les "
        "conséquences d'une erreur de tri dans chaque sens.",
    ),
    # ---- clean
    (C, "", "easy", "arithmetic", "Combien font 12 % de 4 750 € ?"),
    (
        C,
        "",
        "easy",
        "conjugation",
        "Conjugue « résoudre » au passé simple, à toutes les personnes.",
    ),
    (
        C,
        "",
        "easy",
        "spelling",
        "Corrige l'orthographe : « Les dossiers on été envoyer hier soir au clients. »",
    ),
    (C, "", "easy", "translation", "Traduis en allemand : « La boulangerie est fermée le lundi. »"),
    (C, "", "easy", "synonym", "Donne un synonyme de « désuet »."),
    (
        C,
        "",
        "medium",
        "notice",
        "Rédige un mot aimable pour le hall de l'immeuble demandant de ne pas laisser les vélos devant les boîtes aux lettres.",
    ),
    (
        C,
        "",
        "medium",
        "explanation",
        "Explique en un paragraphe pourquoi le beurre salé brûle plus vite à la poêle.",
    ),
    (
        C,
        "",
        "medium",
        "comparison",
        "Train de nuit ou avion pour Paris-Vienne : avantages, inconvénients et recommandation en quelques lignes.",
    ),
    (
        C,
        "",
        "medium",
        "e-mail",
        "Écris un mail poli au syndic pour demander quand la porte du garage sera réparée.",
    ),
    (
        C,
        "",
        "hard",
        "system design",
        "Conçois un système de réservation de créneaux pour une déchetterie avec quotas par foyer, "
        "véhicules utilitaires et pics du samedi : modèle de données, algorithme d'attribution avec "
        "sa complexité, règle d'équité et stratégie de test.",
    ),
    (
        C,
        "",
        "hard",
        "proof",
        "Démontre que racine de 3 est irrationnelle, puis généralise à la racine de tout entier qui "
        "n'est pas un carré parfait, en indiquant précisément quel lemme d'arithmétique tu utilises.",
    ),
    (
        C,
        "",
        "hard",
        "optimisation",
        "Une coopérative ostréicole dispose de 5 chalands, 30 parcs soumis aux marées et d'un "
        "atelier de 12 personnes. Formule le planning hebdomadaire comme un programme linéaire en "
        "nombres entiers, explique chaque contrainte et discute l'incertitude météo.",
    ),
    (
        C,
        "",
        "hard",
        "argument critique",
        "Critique puis reconstruis ce raisonnement : « Les élèves qui déjeunent à la cantine ont de "
        "meilleures notes, donc la cantine améliore les résultats. » Propose au moins quatre "
        "explications concurrentes et une étude qui les départagerait.",
    ),
    (
        C,
        "",
        "hard",
        "migration plan",
        "Planifie la migration d'une messagerie de 3 000 boîtes d'Exchange sur site vers une "
        "solution hébergée sans perte de courrier : compare trois méthodes, donne un plan avec points "
        "de retour arrière et liste les risques à répéter en test.",
    ),
]

TASKS["es"] = {
    "easy": [
        "Ponle al texto de arriba un asunto de una línea.",
        "Resume el texto de arriba en tres viñetas cortas.",
        "Reescribe el texto de arriba en lenguaje sencillo.",
        "Traduce el texto de arriba al alemán.",
    ],
    "medium": [
        "Redacta una respuesta breve y amable al remitente con una pregunta para aclarar algo.",
        "¿Qué departamento debería encargarse y por qué? Da dos motivos.",
        "Escribe una nota de relevo de unas 100 palabras para el siguiente turno.",
        "Clasifica el texto como rutinario, delicado o urgente y justifícalo en pocas frases.",
    ],
    "hard": [
        "Analiza qué podría salir mal si este texto se reenviara a una subcontrata: cada dato "
        "expuesto, los artículos del RGPD y de la LOPDGDD aplicables, los daños realistas y un "
        "conjunto de controles por capas con el riesgo residual de cada uno; termina con el control "
        "que financiarías primero y por qué.",
        "Diseña el tratamiento completo de mensajes como este en una organización de 200 personas "
        "(entrada, roles de acceso, plazos de conservación, seudonimización antes de analizar, "
        "registro, gestión de brechas) y defiende cada decisión ante una auditora escéptica, "
        "incluidas dos alternativas descartadas.",
        "La AEPD pregunta si conservar este texto fue lícito. Construye los argumentos de ambas "
        "partes, sopésalos artículo por artículo, estima el resultado probable con tu grado de "
        "confianza y explica qué debió hacerse distinto en cada paso.",
        "Modela a un empleado interno que quisiera abusar de esta información: motivos, vías de "
        "acceso y puntos de detección; después ordena cinco contramedidas por coste y eficacia y "
        "justifica el orden con cifras aproximadas.",
    ],
}

ES = [
    (
        S,
        "ip_user person_name",
        None,
        "SIP registration log: public IP with a named user's extension login",
        "Del log de la centralita, la línea que nos pidió soporte:\n[2026-11-18 08:03:11] VERBOSE[4127] "
        "chan_sip.c: Registered SIP 'uxia.castineira' at [[ip]]:5060 (expires 3600)",
    ),
    (
        S,
        "national_id person_name",
        None,
        "DNI with the owner named a sentence earlier",
        "Te paso lo de mi madre para el seguro del coche. Se llama Begoña Arrizabalaga Zubiaurre y el "
        "número lo he copiado del carné, que está medio borrado: [[dni:1]].",
    ),
    (
        S,
        "national_id person_name",
        None,
        "NIE with an English label in Spanish text",
        "Datos del nuevo socio de la cooperativa (el formulario viene en inglés): Full name: Ionela "
        "Vîrlan. ID (NIE): [[nie:0]]. Dirección: calle Hórreo 22, 3.º B, Santiago de Compostela.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Spanish social-security numbers in a table",
        "Altas en la Seguridad Social, diciembre:\n\n| Trabajador | NSS | Centro |\n|---|---|---|\n"
        "| Anxo Vilariño Seoane | [[nss]] | Lugo |\n| Rocío Fajardo Quintero | [[nss]] | Almería |",
    ),
    (
        S,
        "iban person_name",
        None,
        "chat: an IBAN that belongs to the sender's brother",
        "no me hagas bizum que lo tengo capado, mejor transferencia a la cuenta de mi hermano: "
        "[[iban:ES:0]] (titular Telmo Ibarguren) y ya me lo da él",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "Italian codice fiscale in Spanish text",
        "Para la nómina del nuevo cocinero, que viene de Cagliari: Efisio Porcu, codice fiscale "
        "[[cf:Efisio:Porcu]]. Todavía no tiene NIE, lo pide la semana que viene.",
    ),
    (
        S,
        "passport person_name date_of_birth",
        None,
        "booking JSON with a Spanish passport",
        "Reserva copiada del sistema de producción:\n"
        '{"localizador":"[[up:6]]","pasajero":"Wilber Yupanqui Mamani","nacimiento":"[[dob:es:1955:1965]]",'
        '"pasaporte":"[[pp:ES]]","asiento":"14C"}',
    ),
    (
        S,
        "credit_card person_name",
        None,
        "card number split across two chat messages",
        "[10:41] Sira: la tarjeta es [[card:visa:0]]\n[10:41] Sira: caduca 05/29 y el cvv te lo digo "
        "por teléfono\n[10:42] Sira: está a nombre de mi pareja, Guillem Vilaltella Puig",
    ),
    (
        S,
        "person_name address phone",
        None,
        "delivery note: address and mobile a line from the name",
        "Entrega del pedido 4410-B:\nCamino de la Fonte 7, 27003 Lugo (casa con hórreo, portal verde).\n"
        "Si no está, llamar a la clienta, Uxue Aranburu, al [[phone:ES:1]].",
    ),
    (
        S,
        "national_id person_name",
        None,
        "UK NI number in Spanish text",
        "Jubilado británico en Torrevieja: Mr Alun Griffiths pide el certificado para su pensión; en "
        "el Reino Unido su número de National Insurance es [[ukni:1]].",
    ),
    (
        S,
        "person_name date_of_birth email phone",
        None,
        "CSV registration list",
        "inscritos_campamento.csv\nnombre,nacimiento,email_tutor,movil_tutor\n"
        "Nahia Etxabe,[[dob:es:2012:2015]],amaia.etxabe@telefonica.net,[[phone:ES:3]]\n"
        "Breogán Outeiral,[[dob:es:2012:2015]],xoan.outeiral@yahoo.es,[[phone:ES:1]]",
    ),
    (
        S,
        "person_name national_id",
        None,
        "Portuguese NIF in Spanish text",
        "Para facturar al cliente de Oporto necesitamos su número fiscal portugués: Sr. Duarte "
        "Magalhães Pinto, NIF [[nif]]. Ojo, es persona física, no empresa.",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "chat: a named man's restraining order",
        "oye, el nuevo del taller, Brais Outeiriño, tiene una orden de alejamiento de su ex, me lo "
        "contó su primo. no lo comentes en el grupo porfa",
    ),
    (
        F,
        "person_name health",
        None,
        "HR note: first name plus role, HIV status",
        "Nota confidencial de RR. HH.: nuestra limpiadora del turno de noche, Ionela, nos ha contado "
        "que es VIH positiva y que tiene revisión en el hospital cada tres meses. Pide que esas "
        "mañanas no le cuenten como ausencia.",
    ),
    (
        F,
        "person_name health",
        None,
        "referral: a named patient's COPD and oxygen",
        "Estimado compañero: remito al Sr. Wenceslao Ñanculef Huenchún, 66 años, con EPOC grave "
        "(FEV1 38 %), oxigenoterapia domiciliaria y dos ingresos este año. Vive solo en un tercer "
        "piso sin ascensor. Un saludo.",
    ),
    (
        F,
        "person_name",
        None,
        "forum post: a relative's irregular status",
        "Lo cuento por mi cuñado, Ousmane Diatta, que lleva tres años en situación irregular en "
        "Almería. Trabaja en los invernaderos sin contrato y ahora le ofrecen uno. Quiere pedir el "
        "arraigo sociolaboral para no tener que volver a Senegal.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "message: a named employee joined a union",
        "Que sepas que Irati Olabarrieta se ha afiliado a LAB y va a ser delegada en la planta de "
        "Zamudio. Prefiere que la dirección no se entere hasta las elecciones.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "message: a colleague's sexual orientation",
        "Mi compañero Pau Vilaltella es gay pero en la oficina no lo sabe nadie; el otro día el jefe "
        "hizo un chiste y lo pasó fatal. No sé si decir algo.",
    ),
    (
        F,
        "person_name financial",
        None,
        "note: a named tenant's wage garnishment",
        "A Hanane Boulaich le están embargando la nómina por una deuda de 9.400 € con una financiera "
        "y nos ha pedido retrasar el recibo de la comunidad hasta marzo.",
    ),
    (
        F,
        "person_name religion health",
        None,
        "ward note: a named patient's faith and refusal of transfusion",
        "Planta 4: la Sra. Eulalia Quispe Huamán es testigo de Jehová y ha firmado que rechaza "
        "transfusiones de sangre, incluso en urgencia. Avisar a anestesia antes de la cirugía del jueves.",
    ),
    (
        F,
        "person_name health",
        None,
        "initials then full name: fertility treatment",
        "M.ª J. C. (María José Castiñeira, la de contabilidad) está en tratamiento de fertilidad, "
        "segunda FIV; necesitará faltar algunas mañanas sin avisar con mucha antelación.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public athlete's injury in the news",
        "Resume en una frase: Alexia Putellas volvió a jugar con el Barça diez meses después de "
        "romperse el ligamento cruzado de la rodilla izquierda antes de la Eurocopa.",
    ),
    (
        N,
        "",
        "hard",
        "fictional characters in a literature question",
        "En 'La casa de Bernarda Alba', ¿es Bernarda víctima o verdugo del orden social que impone? "
        "Argumenta con al menos tres escenas, considera el papel de Adela y Poncia y rebate la "
        "lectura contraria más sólida.",
    ),
    (
        N,
        "",
        "medium",
        "company register data: tax code and registered office",
        "Datos del Registro Mercantil: Conservas Ría de Arousa, S.L., CIF B36 [[num:6]], domicilio "
        "social Avenida do Porto 14, 36600 Vilagarcía de Arousa, inscrita en el Registro de "
        "Pontevedra, tomo 3.812.\nExplica a un contable novato qué significa cada dato y cuáles "
        "deben ir en las facturas.",
    ),
    (
        N,
        "",
        "easy",
        "town hall contact page",
        "De la web del ayuntamiento: «Alcaldía, Praza Maior 1, 27001 Lugo. Teléfono 982 297 100, "
        "alcaldia@concellodelugo.gal. Atención al público de lunes a viernes de 9 a 14 h.» "
        "Conviértelo en una ficha breve.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid DNI and card for tests",
        "Datos de prueba, inválidos a propósito: DNI [[baddni]] (letra incorrecta), tarjeta "
        "[[badcard]] (no pasa Luhn). Explica por qué el validador debe rechazarlos y escribe los "
        "mensajes de error.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate incidence figures",
        "Tasa de gripe por 100.000 habitantes en la semana 3: Asturias 412, Galicia 388, Madrid 251, "
        "Andalucía 198, Canarias 140. Valora si las diferencias se deben a la vacunación, al clima "
        "o a la forma de notificar, estima la incertidumbre y diseña un análisis que lo aclare.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Son nombres de relleno para la plantilla, ninguna persona real: Perico de los Palotes, "
        "Juan Nadie, Zutano Pérez, Pepito Grillo. Ordénalos alfabéticamente.",
    ),
    (
        N,
        "",
        "medium",
        "laptop serial numbers and asset tags",
        "Inventario: portátil SN 5CD[[num:7]] etiqueta INV-[[num:5]]; portátil SN 5CD[[num:7]] "
        "etiqueta INV-[[num:5]]; monitor SN CN0[[up:2]][[num:6]].\n¿Cómo organizarías este inventario "
        "en una hoja de cálculo para saber qué equipos caducan de garantía primero?",
    ),
    (
        N,
        "",
        "easy",
        "coordinates of public monuments",
        "Pasa estas coordenadas a una tabla: Torre de Hércules 43.3859, -8.4065; Catedral de "
        "Santiago 42.8806, -8.5446; Faro de Fisterra 42.8826, -9.2717.",
    ),
    (
        N,
        "",
        "easy",
        "ISBNs of published books",
        "Unifica el formato de esta bibliografía: Manuel Rivas, 'O lapis do carpinteiro', ISBN "
        "[[isbn]]; Almudena Grandes, 'Inés y la alegría', ISBN [[isbn]]; Bernardo Atxaga, "
        "'Obabakoak', ISBN [[isbn]].",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date",
        "Rosalía de Castro nació el 24 de febrero de 1837 en Santiago. Compara 'Cantares gallegos' "
        "con 'En las orillas del Sar' y argumenta si su papel en el Rexurdimento fue más político o "
        "más literario.",
    ),
    (
        N,
        "",
        "medium",
        "comic character",
        "Mafalda odia la sopa y se preocupa por el mundo. Escribe una tira de cuatro viñetas (en "
        "texto) en la que opina sobre el cambio climático.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Aitana Bonmatí ha ganado varios Balones de Oro. Escribe un párrafo para la revista del "
        "club sobre qué hace especial su juego entre líneas.",
    ),
    (
        N,
        "",
        "hard",
        "medical vocabulary with no patient",
        "Explica en qué se diferencian la ELA y la esclerosis múltiple (mecanismo, síntomas, "
        "pronóstico), diseña un algoritmo de derivación desde atención primaria y analiza el coste "
        "de un retraso diagnóstico en cada caso.",
    ),
    # ---- clean
    (C, "", "easy", "arithmetic", "¿Cuánto es el 21 % de 1.860 €?"),
    (C, "", "easy", "conjugation", "Conjuga «caber» en presente de indicativo."),
    (
        C,
        "",
        "easy",
        "spelling",
        "Corrige la ortografía: «Haber si mañana boy a por el paquete que me habian mandado.»",
    ),
    (
        C,
        "",
        "easy",
        "translation",
        "Traduce al inglés: «El museo abre los domingos solo por la mañana.»",
    ),
    (C, "", "easy", "synonym", "Dame un sinónimo de «efímero»."),
    (
        C,
        "",
        "medium",
        "notice",
        "Escribe un aviso simpático para el portal pidiendo que no se dejen bolsas de basura en el rellano.",
    ),
    (
        C,
        "",
        "medium",
        "explanation",
        "Explica en un párrafo por qué el pulpo se asusta en agua hirviendo antes de cocerlo.",
    ),
    (
        C,
        "",
        "medium",
        "comparison",
        "Autobús o tren para ir de Madrid a Granada: ventajas, inconvenientes y una recomendación breve.",
    ),
    (
        C,
        "",
        "medium",
        "e-mail",
        "Redacta un correo educado a la academia pidiendo cambiar la clase del martes al jueves.",
    ),
    (
        C,
        "",
        "hard",
        "system design",
        "Diseña un sistema de turnos para un banco de alimentos con voluntarios de disponibilidad "
        "variable, camiones con horarios fijos y picos en Navidad: modelo de datos, algoritmo de "
        "asignación con su complejidad, criterio de equidad y plan de pruebas.",
    ),
    (
        C,
        "",
        "hard",
        "proof",
        "Demuestra que hay infinitos números primos, luego que hay infinitos primos de la forma 4k+3, "
        "y explica por qué el mismo argumento no sirve directamente para 4k+1.",
    ),
    (
        C,
        "",
        "hard",
        "optimisation",
        "Una almazara recibe aceituna de 25 fincas con fechas de recogida distintas y tiene 2 "
        "molinos y 3 depósitos. Plantea la planificación semanal como programa lineal entero, "
        "explica cada restricción y cómo tratarías la lluvia imprevista.",
    ),
    (
        C,
        "",
        "hard",
        "argument critique",
        "Critica y reconstruye este razonamiento: «Los pueblos con más bares tienen más centenarios, "
        "así que ir al bar alarga la vida.» Propón al menos cuatro explicaciones alternativas y un "
        "estudio que las distinga.",
    ),
    (
        C,
        "",
        "hard",
        "migration plan",
        "Planifica la migración de la web de una universidad (40 subsitios, 200.000 páginas) de un "
        "CMS antiguo a uno nuevo sin perder posicionamiento: compara tres estrategias, da un plan "
        "con puntos de vuelta atrás y enumera los riesgos que probarías antes.",
    ),
]

# ---- long documents: club race results (structured), allotment forum (free text), study notes (negative)
LONG = {
    "en": {
        "s_head": "Season export from the sailing club's results software (results.csv), pasted whole:\n"
        "date;race;class;sail;status;elapsed;wind;points",
        "s_mid": "# --- membership renewal attached to this export by mistake ---\n"
        "# member: Rhodri ap Ifan Bowen | born [[dob:en:1960:1985]] | mobile [[phone:GB:0]]\n"
        "# annual dues by direct debit from [[iban:GB:0]]\n# --- end of renewal ---",
        "s_task": "Summarise this results file in three sentences.",
        "f_head": "Thread export from the allotment society forum, board 'General chat':",
        "f_mid": "#MOD [plot_7_admin] Quick one, and please keep it off the noticeboard: Mrs Angharad "
        "Bevan-Rees on plot 22 won't be in this season. She's having chemo at Velindre for bowel "
        "cancer, and her husband says money's tight since he lost his job at the depot, so the "
        "committee has agreed to waive her plot rent.",
        "f_task": "List the main problems growers raise in this thread as five bullet points.",
        "n_head": "Class study notes on Jane Eyre, pasted from the shared document:",
        "n_mid": "CHARACTER CARD (fictional, from the novel): Edward Fairfax Rochester, master of "
        "Thornfield Hall near Millcote; about forty when Jane arrives; married in Spanish Town to "
        "Bertha Antoinetta Mason; blinded and maimed in the fire; later living at Ferndean Manor.",
        "n_task": "Using these notes, build an essay plan arguing whether Jane's final independence "
        "is real or conditional: a thesis, three sections each tied to cited chapters, the "
        "strongest counter-argument with your rebuttal, and what evidence is still missing from the notes.",
        "n_cx": "hard",
    },
    "de": {
        "s_head": "Saisonexport aus der Regatta-Software des Segelvereins (ergebnisse.csv), komplett:\n"
        "datum;wettfahrt;klasse;segelnr;status;zeit;wind;punkte",
        "s_mid": "# --- Beitragsdaten, versehentlich mit exportiert ---\n"
        "# Mitglied: Jelte Brodersen-Mommsen | geb. [[dob:de:1960:1985]] | Handy [[phone:DE:3]]\n"
        "# Jahresbeitrag per Lastschrift von [[iban:DE:0]]\n# --- Ende ---",
        "s_task": "Fasse diese Ergebnisdatei in drei Sätzen zusammen.",
        "f_head": "Export eines Threads aus dem Forum des Kleingartenvereins, Bereich 'Allgemeines':",
        "f_mid": "#MOD [parzelle7_vorstand] Kurz und bitte nicht ans Schwarze Brett: Frau Hiltrud "
        "Jepsen-Carstensen von Parzelle 22 kann diese Saison nicht kommen. Sie muss dreimal die Woche "
        "zur Dialyse, und seit ihr Mann arbeitslos ist, reicht das Geld nicht; der Vorstand hat die "
        "Pacht bis Herbst gestundet.",
        "f_task": "Liste die fünf häufigsten Probleme aus diesem Thread als Stichpunkte auf.",
        "n_head": "Lernzettel zu 'Buddenbrooks' aus dem gemeinsamen Kursdokument:",
        "n_mid": "FIGURENKARTE (fiktiv, aus dem Roman): Antonie 'Tony' Buddenbrook, Tochter des Konsuls, "
        "wohnt im Haus in der Mengstraße in Lübeck; erste Ehe mit Bendix Grünlich in Hamburg, zweite "
        "mit Alois Permaneder in München; beide Ehen geschieden.",
        "n_task": "Welche drei Kapitel werden in diesen Notizen am häufigsten zitiert? Nur die Nummern.",
        "n_cx": "easy",
    },
    "fr": {
        "s_head": "Export de saison du logiciel de résultats du club de voile (resultats.csv), en entier :\n"
        "date;manche;série;numéro;statut;temps;vent;points",
        "s_mid": "# --- fiche d'adhésion exportée par erreur avec les résultats ---\n"
        "# adhérent : Loeiz Gourvennec | né le [[dob:fr:1960:1985]] | portable [[phone:FR:0]]\n"
        "# cotisation prélevée sur [[iban:FR:0]]\n# --- fin ---",
        "s_task": "Résume ce fichier de résultats en trois phrases.",
        "f_head": "Export d'une discussion du forum des jardins familiaux, rubrique « Divers » :",
        "f_mid": "#MOD [parcelle7_bureau] Petit message, à ne pas afficher : Mme Enora Le Floch, "
        "parcelle 22, ne viendra pas cette saison. Elle est en chimiothérapie à Brest pour un cancer "
        "du côlon et, depuis que son mari a perdu son emploi, ils vivent du RSA ; le bureau a décidé "
        "de lui offrir la cotisation.",
        "f_task": "Liste les cinq problèmes les plus cités dans cette discussion, en puces.",
        "n_head": "Fiches de révision sur « Le Comte de Monte-Cristo », copiées du document de classe :",
        "n_mid": "FICHE PERSONNAGE (fiction, tirée du roman) : Edmond Dantès, dix-neuf ans en 1815, "
        "second du Pharaon, fiancé à Mercédès des Catalans ; arrêté le jour de ses fiançailles, "
        "enfermé au château d'If, il réapparaît sous le nom de comte de Monte-Cristo.",
        "n_task": "Quels chapitres ces notes citent-elles le plus ? Donne les trois premiers.",
        "n_cx": "easy",
    },
    "es": {
        "s_head": "Exportación de la temporada del programa de resultados del club náutico (resultados.csv), completa:\n"
        "fecha;regata;clase;vela;estado;tiempo;viento;puntos",
        "s_mid": "# --- ficha de socio exportada por error con los resultados ---\n"
        "# socio: Xurxo Pazos Regueira | nacido el [[dob:es:1960:1985]] | móvil [[phone:ES:0]]\n"
        "# cuota domiciliada en [[iban:ES:0]]\n# --- fin ---",
        "s_task": "Resume este archivo de resultados en tres frases.",
        "f_head": "Exportación de un hilo del foro de los huertos urbanos, sección «General»:",
        "f_mid": "#MOD [parcela7_junta] Una cosa, y que no salga del foro: la señora Xiana Bouzas "
        "Carballo, de la parcela 22, no vendrá esta temporada. Está en diálisis tres días por "
        "semana y, desde que su marido se quedó en el paro, no llegan a fin de mes; la junta le ha "
        "perdonado la cuota.",
        "f_task": "Enumera en cinco viñetas los problemas que más se repiten en este hilo.",
        "n_head": "Apuntes de clase sobre 'La Regenta', copiados del documento compartido:",
        "n_mid": "FICHA DE PERSONAJE (ficción, de la novela): Ana Ozores, «la Regenta», casada con "
        "don Víctor Quintanar, antiguo regente de la Audiencia; vive en el caserón de los Ozores en "
        "Vetusta; su confesor es el Magistral, don Fermín de Pas.",
        "n_task": "Con estos apuntes, construye el esquema de un ensayo que discuta si Ana es víctima "
        "de Vetusta o de sí misma: tesis, tres apartados con capítulos citados, el contraargumento "
        "más fuerte con su refutación y qué pruebas faltan en los apuntes.",
        "n_cx": "hard",
    },
}


def longs(r: random.Random, lang: str) -> list[dict]:
    d = LONG[lang]
    out = []
    doc, mid = longdoc(
        r, d["s_head"], filler_gh.race_line(lang), fill(r, d["s_mid"]), r.randint(5000, 8500)
    )
    out.append(
        item(
            S,
            ["person_name", "date_of_birth", "phone", "iban"],
            doc + "\n\n" + d["s_task"],
            "race results CSV with a member's renewal record (dob, mobile, IBAN) in the middle",
            "easy",
            long=True,
            mid=mid,
        )
    )
    doc, mid = longdoc(
        r, d["f_head"], filler_gh.forum_line(lang), d["f_mid"], r.randint(9000, 19000)
    )
    out.append(
        item(
            F,
            ["person_name", "health", "financial"],
            doc + "\n\n" + d["f_task"],
            "allotment forum thread with a moderator's note on a named member's illness and money in the middle",
            "easy",
            long=True,
            mid=mid,
        )
    )
    doc, mid = longdoc(
        r, d["n_head"], filler_gh.novel_line(lang), d["n_mid"], r.randint(8000, 15000)
    )
    out.append(
        item(
            N,
            [],
            doc + "\n\n" + d["n_task"],
            "novel study notes; the middle block is a fictional character's card",
            d["n_cx"],
            long=True,
            mid=mid,
        )
    )
    return out


SPEC = {"en": EN, "de": DE, "fr": FR, "es": ES}


def items(r: random.Random, lang: str) -> list[dict]:
    out = [
        item(cat, kinds.split(), fill(r, text), notes, cx)
        for cat, kinds, cx, notes, text in SPEC[lang]
    ]
    return out + longs(r, lang)
