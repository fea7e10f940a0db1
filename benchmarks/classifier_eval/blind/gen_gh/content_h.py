# ruff: noqa: RUF001  (the Turkish dotless i and the prime sign are part of the prompts)
"""Set H: names, contexts, negatives, clean prompts, appended task pools and long documents.

Written independently of set G (other names, contexts, tasks and document kinds). Identifiers
are slots (``[[kind:args]]``) filled by kit_gh.fill from the set's seeded generator.
Each entry: (category, kinds, complexity or None for an appended task, notes, text).
"""

import random

import filler_gh
from kit_gh import fill, item, longdoc

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"

TASKS = {
    "en": {
        "easy": [
            "Put the text above into a two-column table: item, detail.",
            "Translate the text above into Spanish.",
            "Shorten the text above to a single sentence.",
            "Fix any typos and punctuation in the text above; change nothing else.",
        ],
        "medium": [
            "Write a tracker ticket for this: title, priority, owner and next step.",
            "Reply to the sender in a professional tone confirming what happens next.",
            "Explain in one paragraph what the recipient of this should do today.",
            "Draft a calendar invite (title, attendees by role, agenda) to deal with this.",
        ],
        "hard": [
            "Carry out a data-protection impact assessment for a process that would routinely "
            "produce texts like the one above: necessity and proportionality, a risk register with "
            "likelihood and severity, mitigations, and a reasoned conclusion on whether to consult "
            "the supervisory authority.",
            "Compare three architectures for storing records like this one (central database with "
            "field encryption, tokenisation vault, per-team silos) against breach impact, "
            "subject-access cost and analytics value; score them, test how sensitive the ranking is "
            "to your weights, and recommend one.",
            "Reconstruct how this text could end up in a public breach dump: list at least four "
            "attack chains, estimate the probability of each over a year, and propose a detection "
            "for every step with its false-positive cost.",
            "Draft the retention and deletion policy this text would fall under, then stress-test "
            "it against three conflicting legal obligations (tax, employment, litigation hold) and "
            "show how you would resolve each conflict.",
        ],
    },
}

EN = [
    # ---- structured identifiers
    (
        S,
        "ip_user person_name",
        None,
        "WordPress activity-log CSV row: public IP with a named user's login",
        "Exported from the site's activity log (CSV), the row the host asked about:\n"
        '"2026-11-20 21:14:07","Warning","1002","ceridwen.morganhughes","[[ip]]",'
        '"Failed login attempt (wrong password)","wp-login.php"',
    ),
    (
        S,
        "person_name phone email",
        None,
        "INI config file with the owner's personal contact",
        "Found in the shared drive as kiosk.ini:\n[owner]\n"
        "name = Ruairí Mac Giolla Bhríde\nmobile = [[phone:GB:1]]\nemail = ruairi.mgb@gmail.com\n"
        "[display]\nrotate = 90\nbrightness = 70",
    ),
    (
        S,
        "national_id person_name",
        None,
        "NHS number with its label after the value",
        "Mum's hospital letter for Nesta Pugh-Jenkins has it at the top, the ten-digit one - "
        "[[nhs]] - that's her NHS number, so the pharmacy can find her repeat prescription.",
    ),
    (
        S,
        "passport person_name",
        None,
        "UK passport number with a bilingual label",
        "Travel insurance claim: insured person Oluwaseun Ìdòwú-Harper, passport no / n° de passeport "
        "[[pp:GB]], lost luggage at Nantes on 12 October.",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "Italian codice fiscale in English text",
        "Our landlady in Cagliari, Bonaria Sanna, wants the rent receipts made out with her tax code: "
        "[[cf:Bonaria:Sanna:1]]. It goes on the template from next month.",
    ),
    (
        S,
        "iban national_id person_name",
        None,
        "Polish IBAN and PESEL in an English payroll note",
        "New site worker from Rzeszów: Zdzisław Pękala-Nowicki, PESEL [[pesel:0]]. Wages to his "
        "Polish account, [[iban:PL:0]], every other Friday.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Austrian social-insurance number with its German label",
        "For the Vienna secondment we need Lorcan's Austrian number. On his e-card it says "
        "'Versicherungsnummer'. Lorcan Ó Dálaigh: [[svnr]].",
    ),
    (
        S,
        "credit_card person_name",
        None,
        "OCR'd receipt with noise around the card label",
        "Scanned receipt, OCR text:\nTHE OLD F0RGE B&B  -  P4YMENT\nC4RD H0LDER: MRS T. ABERNETHY-OKAFOR\n"
        "C4RD N0: [[card:amex:0]]\nAUTH: [[num:6]]   T0TAL GBP 312.00",
    ),
    (
        S,
        "person_name iban address",
        None,
        "JSON refund request with an Irish IBAN",
        "Refund request body (copied from the production queue):\n"
        '{"refund_to":{"name":"Caoimhe Ní Fhlatharta","iban":"[[iban:IE:1]]",'
        '"address":"2 Bóthar na Trá, Salthill, Galway H91 X2T4"},"amount_eur":86.40,"reason":"double charge"}',
    ),
    (
        S,
        "tax_id person_name",
        None,
        "German Steuer-IDs with dots in an English table",
        "German contractors, for the accountant:\n\n| Name | Steuer-ID | Rate |\n|---|---|---|\n"
        "| Wiebke Oltmanns | [[steuer:3]] | 52 EUR/h |\n| Henning Tjaden | [[steuer:3]] | 48 EUR/h |",
    ),
    (
        S,
        "national_id person_name",
        None,
        "French NIR split over two lines, label a sentence before",
        "The social-security number for our Lyon hire, Solène Garnier-Bouvier, came through on the "
        "scan but the line wrapped, so it reads:\n[[nirwrap:2]]\nPlease check it before the DPAE goes in.",
    ),
    (
        S,
        "person_name phone email address",
        None,
        "vCard with personal contact data",
        "Pasted from the contact export:\nBEGIN:VCARD\nVERSION:3.0\nFN:Ifeoluwa Adéṣínà\n"
        "TEL;TYPE=cell:[[phone:GB:3]]\nEMAIL;TYPE=home:ife.adesina@hotmail.co.uk\n"
        "ADR;TYPE=home:;;41 Cwrt y Felin;Carmarthen;;SA31 1QT;UK\nEND:VCARD",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "HR note: an applicant's disclosed caution",
        "Recruitment note: applicant Oisín Ó Briain disclosed a 2019 police caution for possession of "
        "cannabis. He says it's on the enhanced check; hiring manager still wants him for the stores role.",
    ),
    (
        F,
        "person_name health",
        None,
        "kitchen note: first name plus role, bipolar disorder",
        "Heads up for the rota - our sous-chef, Bảo, has bipolar disorder and has just come off a "
        "bad patch. His psychiatrist has asked for no double shifts for a month.",
    ),
    (
        F,
        "person_name health",
        None,
        "relation plus first name: a miscarriage",
        "My sister-in-law Aoife lost the baby at 14 weeks on Sunday. She's back at the school on "
        "Monday and doesn't want the staffroom to know; only the head will be told, discreetly.",
    ),
    (
        F,
        "person_name health",
        None,
        "care referral: a named elderly man's dementia",
        "Referral to the memory clinic: Mr Idris Pugh, 84, lives alone in Blaenau. Alzheimer's "
        "diagnosed 2024; he was found twice this month walking on the A470 at night. Daughter in Cardiff.",
    ),
    (
        F,
        "person_name",
        None,
        "volunteer note: an asylum seeker's status and informal work",
        "Drop-in notes: Tesfay Gebremedhin is still waiting for a decision on his asylum claim (22 "
        "months now). He's been doing cash-in-hand shifts at a car wash and is frightened it will "
        "count against him.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "message: a named nurse joined a union and plans a grievance",
        "Just so you know, Mirela Dumitrescu on ward 6 has joined Unison and is putting in a "
        "grievance about the night rota. She asked me not to tell the matron yet.",
    ),
    (
        F,
        "person_name health",
        None,
        "note: a named intern's gender transition",
        "Our new intern, Katarzyna Wróbel, asked to be called Kit and to use he/him from Monday; he "
        "started testosterone in the summer. Please update the directory but not the payroll name yet.",
    ),
    (
        F,
        "person_name religion",
        None,
        "site note: a named worker's religious articles",
        "Site induction: Harjot Kaur Dhillon is an Amritdhari Sikh and wears a kara and kirpan; we "
        "agreed the kirpan stays under her overalls and the kara is taped under gloves.",
    ),
    (
        F,
        "person_name financial",
        None,
        "advice-centre note: a named client's debts",
        "Advice centre: Mr Kaito Tanabe-Jones owes about £14,000 on four credit cards and two "
        "catalogues. He's missed council tax since June and wants to look at an IVA.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public figure's illness in the news",
        "Sum this up in one line: Sir Chris Hoy revealed that his prostate cancer is terminal and "
        "said he wants to use the time to raise awareness of testing.",
    ),
    (
        N,
        "",
        "hard",
        "fictional characters in a literature question",
        "In Wuthering Heights, is Heathcliff's revenge on the Earnshaws and Lintons a response to "
        "class or to loss? Argue it through at least three episodes and deal with the strongest "
        "reading against yours, including Nelly Dean's reliability as narrator.",
    ),
    (
        N,
        "",
        "medium",
        "charity register entry: number and address of an organisation",
        "Charity register: Cymdeithas Canu Gwerin Dyfed, registered charity number 1104627, "
        "correspondence address: Canolfan y Celfyddydau, Heol y Bont, Aberystwyth SY23 1PG. "
        "Income last year £38,200.\nWrite two paragraphs explaining what trustees must file each year.",
    ),
    (
        N,
        "",
        "easy",
        "MP's constituency office contact page with no name",
        "From the constituency office page: 'Advice surgeries every first Friday, 10am-1pm, at the "
        "library. Email the office at casework@constituency-office.parliament.uk or phone "
        "020 7219 3000.' Turn this into a two-line notice.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test values",
        "Test fixtures - all deliberately invalid so validation must reject them: IBAN [[badiban:IE]], "
        "card [[badcard]], NI number TN 01 01 70 M (temporary-number prefix). Write the three "
        "validator error messages and say which rule each breaks.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate performance statistics without a person",
        "Share of A&E patients seen within four hours, October: Trust A 58%, Trust B 71%, Trust C 64%, "
        "Trust D 77%; admissions per 1,000 over-75s: 41, 29, 36, 25. Judge whether the four-hour "
        "figure reflects hospital performance or case mix, estimate how much of the gap the "
        "over-75s explain, and propose a fairer comparison.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Placeholder names from the legal template (all fictitious): Richard Roe, Jane Roe, "
        "Mary Major, John Smith. List them as 'Surname, First name'.",
    ),
    (
        N,
        "",
        "medium",
        "container digests and request ids",
        "Requests from the gateway log (no user data):\nreq_[[hex:24]] 200 image sha256:[[hex:64]]\n"
        "req_[[hex:24]] 502 image sha256:[[hex:64]]\nWrite a regular expression that extracts the "
        "request id and the status code, and explain each part of it.",
    ),
    (
        N,
        "",
        "medium",
        "distance between two castles",
        "How far apart are Lindisfarne Castle (55.6691, -1.7847) and Bamburgh Castle (55.6090, "
        "-1.7099) as the crow flies? Show the haversine calculation.",
    ),
    (
        N,
        "",
        "easy",
        "ISBN checksum question",
        "Is ISBN [[isbn]] valid? Just say yes or no and give the check digit.",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date",
        "Mary Seacole was born on 23 November 1805 in Kingston, Jamaica. Assess why her reputation "
        "faded after 1881 and revived in the 2000s, weighing racial politics, the Nightingale "
        "legend and the source base, and say which explanation is best supported.",
    ),
    (
        N,
        "",
        "medium",
        "sitcom character and fictional hotel",
        "Basil Fawlty runs Fawlty Towers in Torquay. Write a 150-word scene where a guest complains "
        "about the Wi-Fi.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Ronnie O'Sullivan made a maximum break in 5 minutes 8 seconds in 1997. Write a short "
        "club-newsletter piece on what amateurs can learn from his cue action.",
    ),
    (
        N,
        "",
        "hard",
        "clinical vocabulary with no patient",
        "Explain how NEWS2 scoring works and why it was introduced, then design an escalation "
        "protocol for a 30-bed ward with one junior doctor at night, and analyse how alarm fatigue "
        "and false negatives trade off as you move the threshold.",
    ),
    # ---- clean
    (C, "", "easy", "unit conversion", "Convert 350 °F to Celsius."),
    (
        C,
        "",
        "easy",
        "title case",
        "Put this in title case: 'a short history of the welsh slate industry'.",
    ),
    (C, "", "easy", "weekday", "What day of the week was 1 March 2000?"),
    (
        C,
        "",
        "easy",
        "past tense",
        "Rewrite in the past tense: 'She locks the shed and walks to the bus.'",
    ),
    (C, "", "easy", "plural", "What is the plural of 'cactus'?"),
    (C, "", "medium", "haiku", "Write three haiku about a tidal island at dusk."),
    (
        C,
        "",
        "medium",
        "explanation",
        "Explain to a twelve-year-old why the sky looks red at sunset.",
    ),
    (
        C,
        "",
        "medium",
        "short speech",
        "Write a two-minute thank-you speech for a retiring school caretaker.",
    ),
    (
        C,
        "",
        "medium",
        "summary of trade-offs",
        "Heat pump or new gas boiler for a 1930s semi: a short, balanced comparison.",
    ),
    (
        C,
        "",
        "hard",
        "distributed rate limiter",
        "Design a distributed rate limiter for an API served from five regions: compare token bucket "
        "with a central store, local buckets with gossip and sliding-window logs, analyse accuracy "
        "under partition, and specify how you'd load-test it.",
    ),
    (
        C,
        "",
        "hard",
        "probability",
        "Derive the expected number of rolls of a fair die until two sixes appear in a row, then "
        "generalise to k in a row and check your formula by a small simulation argument.",
    ),
    (
        C,
        "",
        "hard",
        "queueing",
        "A bakery has one till, customers arrive at 40 an hour and service averages 75 seconds. "
        "Model it as a queue, compute waiting times, then decide whether a second till or a faster "
        "card reader helps more, with the assumptions that could flip the answer.",
    ),
    (
        C,
        "",
        "hard",
        "threat model",
        "Threat-model a smart lock for holiday lets: assets, attackers, entry points, STRIDE per "
        "component, and a prioritised mitigation plan that stays usable for guests without apps.",
    ),
    (
        C,
        "",
        "hard",
        "power analysis",
        "We want to test whether a new checkout page raises conversion from 3.0% to 3.3%. Work out "
        "the sample size for 80% power, explain the effect of peeking at results daily, and propose "
        "a sequential design that controls the error rate.",
    ),
]

TASKS["de"] = {
    "easy": [
        "Bring den Text oben in eine zweispaltige Tabelle: Punkt, Angabe.",
        "Übersetze den Text oben ins Englische.",
        "Kürze den Text oben auf einen einzigen Satz.",
        "Korrigiere Tippfehler und Zeichensetzung im Text oben, sonst nichts.",
    ],
    "medium": [
        "Schreib dazu ein Ticket: Titel, Priorität, zuständige Stelle und nächster Schritt.",
        "Antworte dem Absender sachlich und bestätige, wie es jetzt weitergeht.",
        "Erkläre in einem Absatz, was die Empfängerin heute tun sollte.",
        "Entwirf eine Termineinladung (Titel, Teilnehmende nach Rolle, Tagesordnung) dazu.",
    ],
    "hard": [
        "Erstelle eine Datenschutz-Folgenabschätzung für einen Prozess, der regelmäßig solche "
        "Texte erzeugt: Notwendigkeit und Verhältnismäßigkeit, Risikoregister mit "
        "Eintrittswahrscheinlichkeit und Schwere, Maßnahmen und eine begründete Entscheidung, ob "
        "die Aufsichtsbehörde konsultiert werden muss.",
        "Vergleiche drei Architekturen zur Speicherung solcher Datensätze (zentrale Datenbank mit "
        "Feldverschlüsselung, Tokenisierungs-Tresor, getrennte Abteilungssilos) nach Schaden bei "
        "einer Panne, Aufwand für Auskunftsersuchen und Nutzen für Auswertungen; bewerte sie, "
        "prüfe, wie empfindlich die Rangfolge auf deine Gewichte reagiert, und empfiehl eine.",
        "Rekonstruiere, wie dieser Text in einem öffentlichen Leak landen könnte: mindestens vier "
        "Angriffsketten, die Wahrscheinlichkeit jeder über ein Jahr und für jeden Schritt eine "
        "Erkennung samt Kosten der Fehlalarme.",
        "Entwirf die Aufbewahrungs- und Löschregel, unter die dieser Text fällt, und prüfe sie "
        "gegen drei widersprüchliche Pflichten (Steuerrecht, Arbeitsrecht, Prozessvorhaltung); "
        "zeige, wie du jeden Konflikt auflöst.",
    ],
}

DE = [
    (
        S,
        "ip_user person_name",
        None,
        "identity-provider event log: public IP with a named user",
        "Aus dem Event-Log unseres Login-Servers (Keycloak), der auffällige Eintrag:\n"
        "type=LOGIN_ERROR, realmId=intern, clientId=portal, userId=null, ipAddress=[[ip]], "
        "error=invalid_user_credentials, username=fenna.oltmanns, auth_method=openid-connect",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "Steuer-ID unspaced, with an English label in a German chat",
        "Hab die Unterlagen für Opa Hinrich Ubbenga gefunden. Auf dem Brief vom Bundeszentralamt steht "
        "oben 'Tax ID' (komisch, aber egal): [[steuer:0]]. Das soll ans Finanzamt.",
    ),
    (
        S,
        "iban person_name",
        None,
        "Swiss IBAN in a German invoice e-mail",
        "Guten Tag, anbei die Rechnung für die Ferienwohnung in Scuol. Bitte überweisen Sie auf mein "
        "Privatkonto: Mengia Tall-Bezzola, IBAN [[iban:CH:0]]. Herzliche Grüße",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Spanish NIE in German text",
        "Für den Mietvertrag auf Mallorca braucht der Makler die NIE meiner Frau, Gesa Thomsen-Pérez: "
        "[[nie:1]]. Meine eigene kommt erst nächste Woche.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Austrian social-insurance number with the label after it",
        "Die Nummer steht auf der e-card von Vroni Hofstätter-Lugger: [[svnr]] - das ist ihre "
        "SV-Nummer, bitte für die Anmeldung bei der ÖGK verwenden.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Dutch BSN in German text",
        "Grenzgänger aus Venlo: Herr Sjoerd van der Heijden-Kaal, BSN [[bsn]]. Er arbeitet ab "
        "Januar bei uns in Kaldenkirchen, Lohnsteuer über die Freistellung.",
    ),
    (
        S,
        "passport person_name date_of_birth",
        None,
        "booking JSON with a German passport",
        "Buchungsdatensatz aus dem Live-System:\n"
        '{"reisende":"Hilke Wübbena","geburtsdatum":"[[dob:de:1970:1990]]","reisepass":"[[pp:DE]]",'
        '"ziel":"Windhoek","abflug":"2027-01-14"}',
    ),
    (
        S,
        "credit_card person_name",
        None,
        "OCR'd hotel receipt with noise around the card label",
        "OCR-Text vom eingescannten Beleg:\nHOTEL ZUR L1NDE - ZAHLUNG\nK4RTENINHABER: HR. WENZEL KUBICA\n"
        "K4RTE: [[card:mc:1]]\nGENEHMIGUNG [[num:6]]  BETRAG EUR 228,50",
    ),
    (
        S,
        "person_name address phone",
        None,
        "classified-ad reply with a pickup address and mobile",
        "Antwort auf die Kleinanzeige (Kinderfahrrad): 'Abholung gern Samstag bei mir, Tjade "
        "Harms, Am Deich 7, 26736 Krummhörn-Greetsiel. Ruf vorher kurz an: [[phone:DE:2]].'",
    ),
    (
        S,
        "person_name email date_of_birth",
        None,
        "Python dict pasted from a script",
        "Aus unserem Import-Skript, die Testdaten sind leider echt:\n"
        'kunde = {"name": "Radomir Wysocki", "email": "r.wysocki@web.de", '
        '"geburtstag": "[[dob:de:1965:1985]]", "tarif": "Familie"}',
    ),
    (
        S,
        "national_id person_name",
        None,
        "UK NI number in German text",
        "Unsere britische Kollegin Morag MacLeòid braucht für die Rente in Schottland ihre National "
        "Insurance Number auf der Bescheinigung: [[ukni:0]].",
    ),
    (
        S,
        "person_name iban",
        None,
        "SEPA XML fragment with a Luxembourg IBAN",
        "Ausschnitt aus der SEPA-Datei (pain.001), bitte prüfen:\n<CdtTrfTxInf><Amt><InstdAmt "
        'Ccy="EUR">1450.00</InstdAmt></Amt><Cdtr><Nm>Nathalie Kayser-Weis</Nm></Cdtr><CdtrAcct>'
        "<Id><IBAN>[[iban:LU:1]]</IBAN></Id></CdtrAcct></CdtTrfTxInf>",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "chat: a named neighbour's assault conviction",
        "weißt du, warum Jovan Stanković aus Nr. 12 so lange weg war? saß 18 Monate wegen "
        "Körperverletzung, seine Tochter hat's meiner erzählt. bitte nicht im Haus rumerzählen",
    ),
    (
        F,
        "person_name health",
        None,
        "first name plus role: type 1 diabetes and hypos",
        "Info für die Dienstplanung: Unser Busfahrer auf der Linie 14, Kemal, hat Diabetes Typ 1 "
        "und hatte letzte Woche eine Unterzuckerung am Steuer. Er ist bis zur Neueinstellung beim "
        "Diabetologen nur im Innendienst.",
    ),
    (
        F,
        "person_name health",
        None,
        "relation plus first name: Parkinson's",
        "Meine Schwiegermutter Hedwig hat seit dem Frühjahr Parkinson, das Zittern wird schlimmer. "
        "Sie will nicht, dass die Nachbarn in Bad Zwischenahn es merken, und geht kaum noch raus.",
    ),
    (
        F,
        "person_name health",
        None,
        "psychiatric report: a named patient's depression",
        "Befundbericht: Herr Mirko Lehmkuhl-Ndiaye, 39 J., stellt sich mit mittelgradiger depressiver "
        "Episode vor, passive Suizidgedanken ohne Handlungsdruck. Beginn nach Trennung und "
        "Jobverlust. Empfehlung: tagesklinische Behandlung.",
    ),
    (
        F,
        "person_name",
        None,
        "counselling note: residence status and work ban",
        "Beratung: Frau Ayan Warsame wartet seit 14 Monaten auf ihre Aufenthaltserlaubnis und darf "
        "bis dahin nicht arbeiten. Eine Pflegeschule in Oldenburg würde sie sofort nehmen.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "message: a named worker's union role",
        "Vertraulich: Piet Harms aus der Lackiererei ist seit Sommer Vertrauensmann der IG Metall "
        "und sammelt Unterschriften für einen Tarifvertrag. Die Werksleitung ahnt noch nichts.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "message about a named teenager's coming-out",
        "Unser Sohn Joscha (16) hat uns gestern gesagt, dass er schwul ist und einen Freund in der "
        "Parallelklasse hat. Die Großeltern in Cloppenburg wissen noch nichts.",
    ),
    (
        F,
        "person_name religion",
        None,
        "note: a named employee's religious holidays",
        "Personalnotiz: Herr Yusuf Demirkol-Aydın ist Alevit und möchte zu Muharrem zwölf Tage "
        "fasten und an Aşure freinehmen. Bitte im Schichtplan berücksichtigen.",
    ),
    (
        F,
        "person_name financial",
        None,
        "note: a named tenant's account garnishment",
        "Mieter Ole Martensen (Whg. 3) hat uns gesagt, dass sein Konto gepfändet ist und er einen "
        "negativen Schufa-Eintrag hat; er bittet, die Miete bis zur Umstellung aufs P-Konto zu stunden.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public figure's health in the news",
        "Fass in einem Satz zusammen: Der Sänger Roland Kaiser bekam 2010 eine Spenderlunge und "
        "stand danach wieder auf der Bühne; er spricht offen über seine COPD.",
    ),
    (
        N,
        "",
        "hard",
        "fictional character in a literature question",
        "Im 'Zauberberg': Ist Hans Castorps Aufenthalt in Davos Bildungsreise oder Flucht? "
        "Entwickle eine These an mindestens drei Episoden, beziehe Settembrini und Naphta ein und "
        "widerlege die stärkste Gegenposition.",
    ),
    (
        N,
        "",
        "medium",
        "company imprint with no named person",
        "Impressum: Ostfriesische Teehandel GmbH & Co. KG, Am Hafen 4, 26506 Norden. Registergericht "
        "Aurich, HRA 201553. USt-IdNr. DE 117 402 881.\nErklär kurz, welche Angaben ein Impressum "
        "nach dem Digitale-Dienste-Gesetz braucht und ob hier etwas fehlt.",
    ),
    (
        N,
        "",
        "easy",
        "police press-office contact page",
        "Von der Website der Polizeidirektion: 'Pressestelle, Telefon 0441 799-1040, "
        "pressestelle@pd-ol.polizei.niedersachsen.de, erreichbar werktags 7-16 Uhr.' Formuliere "
        "daraus einen Satz für unsere Kontaktliste.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test values",
        "Diese Testwerte sind absichtlich ungültig: IBAN [[badiban:AT]], Karte [[badcard]], "
        "Rentenversicherungsnummer 65 170839 J 579 mit falscher Prüfziffer. Beschreibe für jede, "
        "woran der Validator sie erkennt.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate sick-leave statistics",
        "Krankenstand 2025 nach Branchen: Pflege 7,9 %, Logistik 6,8 %, Banken 3,9 %, IT 3,1 %. "
        "Beurteile, wie viel davon Arbeitsbelastung, Altersstruktur und Meldeverhalten erklären, "
        "benenne die Grenzen der Daten und schlage eine bessere Kennzahl vor.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Platzhalter aus dem Vertragsmuster, keine echten Personen: Karl Beispielmann, Petra Probe, "
        "Hans Dampf, Susi Sorglos. Schreib sie als 'Nachname, Vorname'.",
    ),
    (
        N,
        "",
        "medium",
        "vehicle identification numbers in a fleet list",
        "Fuhrpark:\nWVWZZZ1KZ[[up:1]]W[[num:6]] Golf, TÜV 03/27\nWF0XXXGCDP[[up:1]][[num:6]] Transit, TÜV 11/26\n"
        "VF1RFB00[[up:1]][[num:8]] Kangoo, TÜV 08/27\nWelche Fahrzeuge müssen zuerst zum TÜV, und wie "
        "würdest du die Liste für Erinnerungen aufbereiten?",
    ),
    (
        N,
        "",
        "medium",
        "distance between two public summits",
        "Wie weit liegen Zugspitze (47.4211, 10.9853) und Watzmann (47.5544, 12.9219) in Luftlinie "
        "auseinander? Rechne mit der Haversine-Formel vor.",
    ),
    (
        N,
        "",
        "easy",
        "ISBN check",
        "Ist die ISBN [[isbn]] gültig? Nur ja oder nein und die Prüfziffer.",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date and place",
        "Sophie Scholl, geboren am 9. Mai 1921 in Forchtenberg, hingerichtet am 22. Februar 1943. "
        "Beurteile, wie sich das Bild der Weißen Rose in der Bundesrepublik und in der DDR "
        "unterschied, und erkläre, welche Quellen diese Bilder prägten.",
    ),
    (
        N,
        "",
        "medium",
        "children's-TV characters",
        "Pumuckl wohnt beim Schreinermeister Eder in dessen Münchner Werkstatt. Schreib eine kurze "
        "Szene, in der Pumuckl ein Smartphone entdeckt.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Alexander Zverev stand 2024 im Finale der French Open. Schreib einen Absatz für die "
        "Vereinszeitung über seinen Rückhand-Longline.",
    ),
    (
        N,
        "",
        "hard",
        "clinical vocabulary with no patient",
        "Erkläre die NYHA-Stadien der Herzinsuffizienz, leite daraus ein Schema für die "
        "Nachsorge in einer Hausarztpraxis ab und diskutiere, wo Fehleinstufungen die Versorgung "
        "verschlechtern.",
    ),
    # ---- clean
    (C, "", "easy", "unit conversion", "Wie viele Liter sind 3,5 Kubikmeter?"),
    (
        C,
        "",
        "easy",
        "capitalisation",
        "Schreib richtig groß und klein: 'beim essen soll man nicht lesen'.",
    ),
    (C, "", "easy", "weekday", "Welcher Wochentag war der 3. Oktober 1990?"),
    (C, "", "easy", "tense", "Setze ins Präteritum: 'Er schließt die Tür und geht zum Bus.'"),
    (C, "", "easy", "gender of noun", "Heißt es der, die oder das Joghurt?"),
    (
        C,
        "",
        "medium",
        "poem",
        "Schreib ein kurzes Gedicht mit vier Zeilen über Ebbe im Wattenmeer.",
    ),
    (C, "", "medium", "explanation", "Erkläre einem Kind, warum Eis auf dem Wasser schwimmt."),
    (
        C,
        "",
        "medium",
        "speech",
        "Schreib eine kurze Dankesrede für die Verabschiedung der Schulsekretärin.",
    ),
    (
        C,
        "",
        "medium",
        "comparison",
        "Balkonkraftwerk oder Ökostromtarif: kurze, ausgewogene Abwägung für Mieter.",
    ),
    (
        C,
        "",
        "hard",
        "cache design",
        "Entwirf eine Cache-Strategie für einen Online-Shop mit 2 Millionen Artikeln und Preisänderungen "
        "im Minutentakt: vergleiche Write-Through, Write-Behind und TTL-basiertes Invalidieren, "
        "analysiere Konsistenz und Last und beschreibe einen Lasttest.",
    ),
    (
        C,
        "",
        "hard",
        "probability",
        "Leite die erwartete Anzahl von Münzwürfen her, bis zum ersten Mal 'Kopf, Zahl, Kopf' "
        "erscheint, vergleiche mit 'Kopf, Kopf, Kopf' und erkläre den Unterschied.",
    ),
    (
        C,
        "",
        "hard",
        "queueing",
        "Ein Bürgeramt hat vier Schalter, 90 Kunden pro Stunde und 11 Minuten Bearbeitungszeit im "
        "Schnitt. Modelliere die Warteschlange, berechne die Wartezeit und prüfe, ob Online-Termine "
        "oder ein fünfter Schalter mehr bringen.",
    ),
    (
        C,
        "",
        "hard",
        "threat model",
        "Erstelle ein Bedrohungsmodell für ein vernetztes Garagentor: Werte, Angreifer, "
        "Einstiegspunkte, STRIDE je Komponente und einen priorisierten Maßnahmenplan.",
    ),
    (
        C,
        "",
        "hard",
        "statistics",
        "Wir wollen prüfen, ob ein neues Anschreiben die Rücklaufquote einer Umfrage von 12 % auf "
        "14 % hebt. Berechne die nötige Stichprobe für 80 % Power, erkläre das Problem mehrfacher "
        "Zwischenauswertungen und schlage ein sequentielles Design vor.",
    ),
]

TASKS["fr"] = {
    "easy": [
        "Mets le texte ci-dessus dans un tableau à deux colonnes : élément, détail.",
        "Traduis le texte ci-dessus en anglais.",
        "Raccourcis le texte ci-dessus en une seule phrase.",
        "Corrige les fautes de frappe et la ponctuation du texte ci-dessus, rien d'autre.",
    ],
    "medium": [
        "Rédige un ticket pour ce cas : titre, priorité, responsable et prochaine étape.",
        "Réponds à l'expéditeur sur un ton professionnel en confirmant la suite.",
        "Explique en un paragraphe ce que le destinataire doit faire aujourd'hui.",
        "Prépare une invitation de réunion (titre, participants par rôle, ordre du jour) pour traiter ce point.",
    ],
    "hard": [
        "Réalise une analyse d'impact relative à la protection des données pour un traitement qui "
        "produirait régulièrement ce genre de texte : nécessité et proportionnalité, registre des "
        "risques avec vraisemblance et gravité, mesures, et conclusion motivée sur la consultation "
        "préalable de la CNIL.",
        "Compare trois architectures pour stocker ce type de fiche (base centrale avec chiffrement "
        "par champ, coffre de tokenisation, silos par équipe) selon l'impact d'une fuite, le coût "
        "des demandes d'accès et l'intérêt analytique ; note-les, teste la sensibilité du "
        "classement à tes pondérations et recommande-en une.",
        "Reconstitue comment ce texte pourrait finir dans une fuite publique : au moins quatre "
        "chaînes d'attaque, la probabilité de chacune sur un an, et pour chaque étape une détection "
        "avec le coût de ses faux positifs.",
        "Rédige la règle de conservation et de suppression applicable à ce texte, puis confronte-la "
        "à trois obligations contradictoires (fiscale, sociale, contentieux en cours) et montre "
        "comment tu arbitres chaque conflit.",
    ],
}

FR = [
    (
        S,
        "ip_user person_name",
        None,
        "mail-server audit line: public IP with a named account",
        "Ligne du journal d'audit de la messagerie, celle qui a déclenché l'alerte :\n"
        "2026-11-19 22:47:05,118 INFO  [ImapServer-3] [name=nolwenn.gwegen@mairie-plouhinec.bzh;"
        "oip=[[ip]];ua=Thunderbird/128.4;] security - cmd=Auth; account=nolwenn.gwegen@mairie-plouhinec.bzh; protocol=imap;",
    ),
    (
        S,
        "national_id person_name",
        None,
        "NIR in a chat, labelled after the value",
        "[14:02] Perrine: [[nir:0:1]]\n[14:02] Perrine: c'est le numéro de sécu de mon père, Gilles "
        "Tréguer, pour le dossier de l'EHPAD\n[14:03] Perrine: tu peux le transmettre à l'assistante sociale ?",
    ),
    (
        S,
        "person_name iban",
        None,
        "Belgian IBAN in a French e-mail",
        "Bonjour, pour le remboursement de la caution, voici mon compte : Amandine Vanderlinden-Otte, "
        "IBAN [[iban:BE:0]]. Merci d'avance et bonne journée.",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "Italian codice fiscale in French text",
        "Le nouveau locataire de Bastia est italien : Gavino Piras, codice fiscale "
        "[[cf:Gavino:Piras]]. Le notaire en a besoin pour l'acte.",
    ),
    (
        S,
        "passport person_name",
        None,
        "Spanish passport in French text",
        "Pour le séjour linguistique : élève accompagnatrice Itziar Mendizabal, passeport espagnol "
        "[[pp:ES]], vol Bilbao-Nantes le 3 mars.",
    ),
    (
        S,
        "national_id person_name",
        None,
        "Spanish social-security number with its French label",
        "Pour le détachement en Catalogne, la caisse demande le « numéro de sécurité sociale "
        "espagnol » de Jordi Casals i Roure : [[nss]].",
    ),
    (
        S,
        "passport person_name date_of_birth",
        None,
        "CSV with French passport numbers",
        "voyage_scolaire.csv\nnom;prénom;naissance;passeport\nLe Moal;Gwendal;[[dob:fr:2009:2011]];[[pp:FR]]\n"
        "Diabaté;Mariam;[[dob:fr:2009:2011]];[[pp:FR]]",
    ),
    (
        S,
        "credit_card person_name",
        None,
        "OCR'd receipt with noise around the card label",
        "Texte OCR du ticket :\nCREPERIE TI KOZH - PAIEMENT\nT1TULAIRE : M. CORENTIN LE DÛ\n"
        "C4RTE : [[card:visa:2]]\nAUTORISATI0N [[num:6]]  M0NTANT 64,20 EUR",
    ),
    (
        S,
        "person_name address phone",
        None,
        "classified-ad reply with an address and mobile",
        "Réponse à l'annonce (commode ancienne) : « Vous pouvez passer samedi chez moi, Soizig "
        "Jaouen, 8 hent ar Feunteun, 29770 Plogoff. Appelez avant au [[phone:FR:1]]. »",
    ),
    (
        S,
        "person_name date_of_birth address",
        None,
        "HL7 patient segment copied from production",
        "Message HL7 copié depuis la prod (flux admissions) :\nMSH|^~\\&|ADT|CHU|DPI|CHU|20261120081512||ADT^A01|[[num:8]]|P|2.5\n"
        "PID|1||[[num:8]]^^^CHU^PI||MBAYE^AWA^^^MME||[[ymd:1960:1980]]|F|||12 RUE DE SIAM^^BREST^^29200^FRA",
    ),
    (
        S,
        "person_name phone email",
        None,
        "e-mail signature with personal contact",
        "Merci encore pour la visite !\n--\nYannig Kervella\nportable perso : [[phone:FR:3]]\n"
        "yannig.kervella@orange.fr",
    ),
    (
        S,
        "person_name iban",
        None,
        "Portuguese IBAN in a French family message",
        "Pour la quête de la fête de Nossa Senhora, virez sur le compte de ma tante au Portugal : "
        "Conceição Ferreira Lopes, IBAN [[iban:PT:0]]. Elle fera suivre.",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "chat: a named man's fraud sentence",
        "t'es au courant qu'Estève Castanhièr a fait dix-huit mois à la maison d'arrêt de Nîmes "
        "pour escroquerie ? il est revenu au club de rugby comme si de rien n'était",
    ),
    (
        F,
        "person_name health",
        None,
        "first name plus role: dialysis",
        "Info planning : notre chauffeur du ramassage, Gaston, est sous dialyse trois matins par "
        "semaine à Carhaix ; il ne peut plus faire la tournée de 6 h.",
    ),
    (
        F,
        "person_name health",
        None,
        "relation plus first name: suicide attempt",
        "Mon beau-frère Tanguy a fait une tentative de suicide la semaine dernière, il est sorti de "
        "l'hôpital de Morlaix hier. Ma sœur ne veut pas que ses collègues le sachent.",
    ),
    (
        F,
        "person_name health",
        None,
        "medical letter: a named patient's hepatitis C and drug use",
        "Cher confrère, je vous adresse M. Hamidou Soumaré, 58 ans, hépatite C chronique "
        "(génotype 1a), ancien usager de drogues par voie injectable, sevré depuis 2019 sous "
        "méthadone. Merci pour l'évaluation de la fibrose.",
    ),
    (
        F,
        "person_name",
        None,
        "association note: an expulsion order",
        "Permanence juridique : Mme Anjara Rasoanaivo a reçu une OQTF le 4 novembre alors qu'elle "
        "a deux enfants scolarisés à Rennes. Recours à déposer avant le 19.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "message: a named employee's union membership",
        "Entre nous : Maëla Tanguy, de l'accueil, s'est syndiquée chez SUD et prépare une liste pour "
        "les élections du CSE. La direction ne le sait pas encore.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "message: a named woman's relationship with a woman",
        "Nolwenn vit avec sa compagne depuis deux ans mais au bureau elle parle toujours de « son "
        "coloc » ; elle m'a demandé de ne rien dire à l'équipe.",
    ),
    (
        F,
        "person_name religion",
        None,
        "HR note: a named employee's religious dress",
        "Note RH : Mme Hawa Cissé porte le voile et demande si elle peut le garder à l'accueil "
        "client ; elle fait aussi le ramadan et souhaite décaler sa pause.",
    ),
    (
        F,
        "person_name financial",
        None,
        "bank note: a named client's banking ban",
        "Dossier client : M. Régis Fauchille est inscrit au FICP et interdit bancaire depuis "
        "septembre après trois chèques sans provision ; il demande un compte de base.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public figure's hospitalisation in the news",
        "Résume en une phrase : le pape François a été hospitalisé plusieurs semaines à Rome pour "
        "une pneumonie double avant de reprendre ses audiences.",
    ),
    (
        N,
        "",
        "hard",
        "fictional characters in a literature question",
        "Dans « Les Liaisons dangereuses », la marquise de Merteuil est-elle la vraie perdante face "
        "à Valmont ? Argumente à partir d'au moins trois lettres et réponds à la lecture contraire "
        "la plus forte.",
    ),
    (
        N,
        "",
        "medium",
        "association register number and office",
        "Répertoire des associations : Bagad Bro Kemper, RNA W294003517, siège : Maison des "
        "associations, 4 rue Jean-Jaurès, 29000 Quimper.\nExplique ce qu'est le numéro RNA et ce que "
        "l'association doit déclarer à la préfecture chaque année.",
    ),
    (
        N,
        "",
        "easy",
        "prefecture contact page",
        "Site de la préfecture : « Accueil des étrangers sur rendez-vous uniquement, "
        "pref-etrangers@finistere.gouv.fr, 02 98 76 29 29, du lundi au jeudi. » Reformule en une phrase.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test values",
        "Valeurs de test volontairement invalides : carte [[badcard]], IBAN [[badiban:BE]], "
        "DNI [[baddni]]. Pour chacune, indique la règle violée et le message d'erreur à afficher.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate vaccination coverage",
        "Couverture vaccinale HPV à 16 ans (schéma complet) : Finistère 52 %, Seine-Saint-Denis "
        "31 %, Rhône 47 %, Bouches-du-Rhône 35 %. Analyse le rôle de la vaccination au collège, du "
        "niveau social et de l'accès aux médecins, et propose une étude pour départager ces facteurs.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Noms fictifs du modèle de contrat, aucune personne réelle : Jean Lambda, Marie Quidam, Paul "
        "Personne, Madame Unetelle. Écris-les sous la forme « NOM, Prénom ».",
    ),
    (
        N,
        "",
        "medium",
        "IMEI numbers of unassigned fleet phones",
        "Stock de téléphones de flotte non attribués :\nIMEI [[imei]] neuf\nIMEI [[imei]] "
        "reconditionné\nIMEI [[imei]] neuf\nComment organiser ce stock dans un tableur pour suivre "
        "les attributions et les retours ?",
    ),
    (
        N,
        "",
        "easy",
        "coordinate conversion for a monument",
        "Convertis en degrés décimaux les coordonnées du Mont-Saint-Michel : 48°38′10″ N, 1°30′41″ O.",
    ),
    (
        N,
        "",
        "medium",
        "ISBN check explained",
        "Vérifie si l'ISBN [[isbn]] est valide et explique le calcul de la clé étape par étape.",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date",
        "Louise Michel, née le 29 mai 1830 à Vroncourt, déportée en Nouvelle-Calédonie. Évalue si "
        "son engagement auprès des Kanak en 1878 prolonge ou contredit son combat communard, "
        "sources à l'appui.",
    ),
    (
        N,
        "",
        "medium",
        "comic characters",
        "Astérix et Obélix habitent le village gaulois qui résiste encore à l'envahisseur. Écris une "
        "courte scène où Obélix découvre le télétravail.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Teddy Riner a encore été champion olympique à Paris. Rédige un paragraphe pour le "
        "bulletin du dojo sur sa régularité.",
    ),
    (
        N,
        "",
        "hard",
        "medical vocabulary with no patient",
        "Explique ce qui distingue la maladie d'Alzheimer de la démence à corps de Lewy, propose un "
        "parcours diagnostique en consultation mémoire et discute le risque des neuroleptiques en "
        "cas d'erreur.",
    ),
    # ---- clean
    (C, "", "easy", "unit conversion", "Combien de centilitres dans 2,4 litres ?"),
    (
        C,
        "",
        "easy",
        "capitalisation",
        "Mets les majuscules : « la révolution française commence en 1789 à paris ».",
    ),
    (C, "", "easy", "weekday", "Quel jour de la semaine était le 14 juillet 1989 ?"),
    (
        C,
        "",
        "easy",
        "tense",
        "Mets au passé composé : « Elle ferme la boutique et rentre à pied. »",
    ),
    (C, "", "easy", "gender of noun", "Dit-on un ou une après-midi ?"),
    (C, "", "medium", "poem", "Écris un court poème de quatre vers sur la marée basse à Roscoff."),
    (
        C,
        "",
        "medium",
        "explanation",
        "Explique à un enfant pourquoi on voit l'éclair avant d'entendre le tonnerre.",
    ),
    (
        C,
        "",
        "medium",
        "speech",
        "Rédige un petit discours de remerciement pour le départ en retraite du bibliothécaire.",
    ),
    (
        C,
        "",
        "medium",
        "comparison",
        "Pompe à chaleur ou poêle à granulés pour une longère : comparaison courte et équilibrée.",
    ),
    (
        C,
        "",
        "hard",
        "search design",
        "Conçois la recherche plein texte d'une bibliothèque numérique de 5 millions de notices en "
        "quatre langues : indexation, lemmatisation, classement, tolérance aux fautes, et un "
        "protocole d'évaluation de la pertinence.",
    ),
    (
        C,
        "",
        "hard",
        "probability",
        "Calcule la probabilité qu'au moins deux personnes partagent leur anniversaire dans un groupe "
        "de 30, puis généralise à k anniversaires communs et justifie l'approximation utilisée.",
    ),
    (
        C,
        "",
        "hard",
        "queueing",
        "Un guichet SNCF a deux agents, 50 clients par heure et 2 minutes 30 de service en moyenne. "
        "Modélise la file, calcule l'attente moyenne et compare l'ajout d'une borne automatique à "
        "celui d'un troisième agent.",
    ),
    (
        C,
        "",
        "hard",
        "threat model",
        "Fais le modèle de menace d'une application de covoiturage : actifs, attaquants, points "
        "d'entrée, STRIDE par composant et plan de mesures priorisé.",
    ),
    (
        C,
        "",
        "hard",
        "statistics",
        "Un test doit montrer qu'une nouvelle relance fait passer le taux de paiement de 60 % à 64 %. "
        "Calcule la taille d'échantillon pour une puissance de 80 %, explique le problème des "
        "analyses intermédiaires et propose un plan séquentiel.",
    ),
]

TASKS["es"] = {
    "easy": [
        "Pasa el texto de arriba a una tabla de dos columnas: elemento, detalle.",
        "Traduce el texto de arriba al francés.",
        "Acorta el texto de arriba a una sola frase.",
        "Corrige erratas y puntuación del texto de arriba sin cambiar nada más.",
    ],
    "medium": [
        "Redacta una incidencia para esto: título, prioridad, responsable y siguiente paso.",
        "Contesta al remitente en tono profesional confirmando cómo se sigue.",
        "Explica en un párrafo qué debe hacer hoy quien recibe esto.",
        "Prepara una convocatoria de reunión (título, asistentes por rol, orden del día) para tratarlo.",
    ],
    "hard": [
        "Haz una evaluación de impacto en protección de datos para un proceso que generaría "
        "habitualmente textos como este: necesidad y proporcionalidad, registro de riesgos con "
        "probabilidad y gravedad, medidas y una conclusión razonada sobre si consultar a la AEPD.",
        "Compara tres arquitecturas para guardar registros así (base central con cifrado por "
        "campo, bóveda de tokenización, silos por equipo) según el impacto de una brecha, el coste "
        "de atender derechos de acceso y el valor analítico; puntúalas, comprueba cuánto cambia "
        "el orden con otros pesos y recomienda una.",
        "Reconstruye cómo este texto podría acabar en una filtración pública: al menos cuatro "
        "cadenas de ataque, la probabilidad de cada una en un año y, para cada paso, una detección "
        "con el coste de sus falsos positivos.",
        "Redacta la norma de conservación y borrado que se aplicaría a este texto y ponla a prueba "
        "frente a tres obligaciones en conflicto (fiscal, laboral, litigio pendiente), mostrando "
        "cómo resuelves cada conflicto.",
    ],
}

ES = [
    (
        S,
        "ip_user person_name",
        None,
        "learning-platform log row: public IP with a named user",
        "Registro de la plataforma del instituto (exportado en CSV), la fila sospechosa:\n"
        '"18/11/26, 23:14","Lucía Arrieta Goñi","-","Sistema","Usuario ha iniciado la sesión",'
        '"El usuario con id \'4471\' ha iniciado la sesión.","web","[[ip]]"',
    ),
    (
        S,
        "national_id person_name",
        None,
        "DNI with an English label in Spanish text",
        "El formulario de la residencia de estudiantes en Dublín pide 'ID number'. Para mi hija, "
        "Naiara Urkiola Bengoetxea, he puesto el DNI: [[dni:0]]. Lo envío mañana.",
    ),
    (
        S,
        "national_id person_name phone",
        None,
        "YAML with a NIE and mobile",
        "# voluntarios.yaml (copia del servidor real)\n- nombre: Mihaela Dobrescu\n  nie: [[nie:0]]\n"
        '  movil: "[[phone:ES:1]]"\n  turno: sábados\n',
    ),
    (
        S,
        "national_id person_name",
        None,
        "NSS with the label a sentence away",
        "Te confirmo los datos de la nueva cocinera, Yurena Betancor Déniz. La gestoría pedía el número "
        "de afiliación; viene en la tarjeta verde, lo copio tal cual: [[nss]].",
    ),
    (
        S,
        "iban person_name",
        None,
        "chat: a dashed IBAN belonging to the sender's father",
        "pásame los 80 del regalo a la cuenta de mi padre, que yo no tengo IBAN español todavía: "
        "[[iban:ES:2]] a nombre de Baltasar Cienfuegos Llano",
    ),
    (
        S,
        "national_id person_name",
        None,
        "French NIR in Spanish text",
        "Trabajador francés desplazado a Irún: Mikel Etxart, número de la sécurité sociale francesa [[nir:2:1]]. Hay que pedir el formulario A1 antes de enero.",
    ),
    (
        S,
        "tax_id person_name",
        None,
        "German tax id in Spanish text",
        "Jubilado alemán en Xàbia, Klaus-Dieter Hinrichsen, pide que la declaración incluya su "
        "número fiscal alemán (Steuer-ID): [[steuer:2]].",
    ),
    (
        S,
        "credit_card person_name",
        None,
        "OCR'd receipt with noise around the card label",
        "Texto OCR del ticket escaneado:\nSIDRERIA ALTXERRI - PAGO\nT1TULAR: JOSEBA LARRAÑAGA\n"
        "TARJ: [[card:mc:0]]\nAUT0RIZ. [[num:6]]  T0TAL 96,40 EUR",
    ),
    (
        S,
        "passport person_name date_of_birth",
        None,
        "booking JSON with a UK passport",
        "Reserva del sistema en producción:\n"
        '{"huesped":"Gruffudd Vaughan-Lloyd","nacimiento":"[[dob:es:1958:1970]]","pasaporte_gb":"[[pp:GB]]",'
        '"habitacion":"203","noches":4}',
    ),
    (
        S,
        "person_name address phone email",
        None,
        "second-hand sale reply with address, mobile and e-mail",
        "Respuesta sobre la bici: «Puedes pasar a recogerla por casa, soy Ainara Urrestarazu, calle "
        "Zabalbide 41, 5.º izq., 48006 Bilbao. Mi móvil: [[phone:ES:3]], o escríbeme a "
        "ainara.urres@gmail.com.»",
    ),
    (
        S,
        "person_name iban",
        None,
        "Italian IBAN in Spanish text",
        "El profesor de Erasmus de Sassari nos pide que le paguemos la conferencia a su cuenta: "
        "Salvatore Mura, IBAN [[iban:IT:0]].",
    ),
    (
        S,
        "person_name national_id date_of_birth",
        None,
        "tab-separated rows with NIEs and birth dates",
        "Copiado de la hoja de cálculo (separado por tabuladores):\nnombre\tNIE\tnacimiento\n"
        "Oleksandr Tkachuk\t[[nie:1]]\t[[dob:es:1980:1995]]\nNguyễn Thị Lan\t[[nie:0]]\t[[dob:es:1980:1995]]",
    ),
    # ---- free-text personal data
    (
        F,
        "person_name criminal_record",
        None,
        "chat: nickname plus name, prison sentence",
        "¿sabes que el Kike, Enrique Barandiarán, el del bar, estuvo cuatro años en Martutene por "
        "tráfico? ahora va de santo pero su ex lo cuenta todo",
    ),
    (
        F,
        "person_name health",
        None,
        "first name plus role: an eating disorder",
        "Nota para tutoría: nuestra becaria de marketing, Lucía, nos ha contado que está en "
        "tratamiento por anorexia en el hospital de día y que algunos martes saldrá antes.",
    ),
    (
        F,
        "person_name health",
        None,
        "relation plus first name: pancreatic cancer",
        "A mi suegra Encarni le han diagnosticado cáncer de páncreas y empieza quimio en el Clínico "
        "el lunes; no quiere que lo sepa nadie del pueblo todavía.",
    ),
    (
        F,
        "person_name health",
        None,
        "psychiatric referral: a named patient's schizophrenia",
        "Interconsulta: Sr. Jon Ander Mugika Etxebeste, 47 años, esquizofrenia paranoide de larga "
        "evolución, abandono del tratamiento depot hace dos meses; familia refiere aislamiento e "
        "insomnio.",
    ),
    (
        F,
        "person_name",
        None,
        "volunteer note: a named woman's irregular status",
        "Acogida: Dayana Euceda Maradiaga, hondureña, lleva dos años sin papeles en Zaragoza; "
        "cuida a una señora mayor sin contrato y quiere pedir el arraigo para la formación.",
    ),
    (
        F,
        "person_name trade_union",
        None,
        "message: a named colleague joined a union",
        "Te cuento en confianza que Maite Zubeldia se ha afiliado a CCOO y va a ir en la lista del "
        "comité; prefiere que el encargado no se entere de momento.",
    ),
    (
        F,
        "person_name sexual_orientation",
        None,
        "family message: an uncle's bisexuality",
        "Mi tío Aurelio Cascallar me dijo en Navidad que es bisexual y que está con un hombre desde "
        "hace años; mi abuela no lo sabe y él no quiere que se comente en la familia.",
    ),
    (
        F,
        "person_name religion",
        None,
        "neighbour message: a named woman's religious conversion",
        "La nueva vecina del tercero, Khadija Ouazzani, se ha hecho evangélica y su familia en "
        "Tetuán ha dejado de hablarle; me lo contó llorando en la escalera.",
    ),
    (
        F,
        "person_name financial",
        None,
        "note: a named man's debts and insolvency",
        "Ferran Solsona Pujol está en ASNEF por tres préstamos rápidos y ha pedido la ley de "
        "segunda oportunidad; nos debe dos meses de alquiler del local.",
    ),
    # ---- hard negatives
    (
        N,
        "",
        "easy",
        "public figure's accident in the news",
        "Resume en una frase: Joaquín Sabina se cayó del escenario en el WiZink Center en 2020 y "
        "tuvo que ser operado de un hematoma craneal, pero volvió a los escenarios en 2022.",
    ),
    (
        N,
        "",
        "hard",
        "fictional characters in a literature question",
        "En 'Cien años de soledad', ¿es el coronel Aureliano Buendía un héroe o una advertencia? "
        "Argumenta con al menos tres episodios, considera a Úrsula y rebate la lectura contraria más fuerte.",
    ),
    (
        N,
        "",
        "medium",
        "foundation register entry: tax code and office, no person",
        "Registro de Fundaciones: Fundación Faros da Costa da Morte, NIF G15[[num:6]], domicilio en "
        "Rúa do Porto 3, 15124 Camariñas.\nExplica qué obligaciones contables y de transparencia "
        "tiene una fundación así cada año.",
    ),
    (
        N,
        "",
        "easy",
        "ombudsman office contact page",
        "De la web del Defensor del Pueblo: «Atención al ciudadano, Paseo de Eduardo Dato 31, 28010 "
        "Madrid. Teléfono gratuito 900 101 025.» Resúmelo en una línea.",
    ),
    (
        N,
        "",
        "medium",
        "declared invalid test values",
        "Datos de prueba no válidos a propósito: NIE X0000000A (letra incorrecta), IBAN "
        "[[badiban:ES]], tarjeta [[badcard]]. Explica por qué falla cada uno y qué mensaje mostraría "
        "el formulario.",
    ),
    (
        N,
        "",
        "hard",
        "aggregate life-expectancy figures",
        "Esperanza de vida al nacer por provincia: Madrid 85,1; Soria 84,6; Cádiz 81,4; Ceuta 80,9. "
        "Analiza cuánto pesan renta, tabaquismo y estructura de edad, señala los límites de los "
        "datos y propone un análisis que separe esos factores.",
    ),
    (
        N,
        "",
        "easy",
        "declared placeholder names",
        "Nombres ficticios de la plantilla del contrato, no son personas reales: Perengano, Don "
        "Nadie, María Ejemplo, Juan Español. Ordénalos alfabéticamente.",
    ),
    (
        N,
        "",
        "medium",
        "company van plates",
        "Furgonetas de la empresa: [[num:4]] LBC (ITV 03/27), [[num:4]] MKD (ITV 11/26), [[num:4]] "
        "KZF (ITV 07/27). ¿Cómo montarías un aviso automático para las ITV en una hoja de cálculo?",
    ),
    (
        N,
        "",
        "easy",
        "lighthouse coordinates",
        "Ordena estos faros de norte a sur: Faro de Cabo Mayor 43.4918, -3.7903; Faro de Machichaco "
        "43.4547, -2.7525; Faro de Cabo de Gata 36.7214, -2.1931.",
    ),
    (
        N,
        "",
        "easy",
        "ISBN check",
        "¿Es válido el ISBN [[isbn]]? Solo sí o no y el dígito de control.",
    ),
    (
        N,
        "",
        "hard",
        "historical figure with birth date",
        "Concepción Arenal nació en Ferrol el 31 de enero de 1820. Valora si su obra sobre las "
        "prisiones fue más reformista que feminista, comparándola con otras reformadoras de su "
        "tiempo y argumentando con fuentes.",
    ),
    (
        N,
        "",
        "medium",
        "children's-book character",
        "Manolito Gafotas vive en Carabanchel Alto con su abuelo y el Imbécil. Escribe una escena "
        "corta en la que descubre los patinetes eléctricos.",
    ),
    (
        N,
        "",
        "medium",
        "public athlete",
        "Carolina Marín fue campeona olímpica en Río y tres veces campeona del mundo. Escribe un párrafo para la "
        "revista del club de bádminton sobre su juego de red.",
    ),
    (
        N,
        "",
        "hard",
        "medical vocabulary with no patient",
        "Explica la diferencia entre angina estable, angina inestable e infarto, diseña un circuito "
        "de triaje para urgencias de un hospital comarcal y analiza el coste de cada tipo de error.",
    ),
    # ---- clean
    (C, "", "easy", "unit conversion", "¿Cuántos gramos son 2,75 kilos?"),
    (
        C,
        "",
        "easy",
        "capitalisation",
        "Pon las mayúsculas: «el quijote se publicó en madrid en 1605».",
    ),
    (C, "", "easy", "weekday", "¿Qué día de la semana fue el 23 de febrero de 1981?"),
    (C, "", "easy", "tense", "Pásalo a pretérito indefinido: «Cierra la tienda y vuelve andando.»"),
    (C, "", "easy", "gender of noun", "¿Se dice el o la calor?"),
    (C, "", "medium", "poem", "Escribe un poema breve de cuatro versos sobre la niebla en la ría."),
    (C, "", "medium", "explanation", "Explícale a un niño por qué el mar es salado."),
    (
        C,
        "",
        "medium",
        "speech",
        "Escribe unas palabras de despedida para la jubilación del conserje del colegio.",
    ),
    (
        C,
        "",
        "medium",
        "comparison",
        "Placas solares o tarifa verde para un piso de alquiler: comparación breve y equilibrada.",
    ),
    (
        C,
        "",
        "hard",
        "recommendation system design",
        "Diseña un sistema de recomendación de lecturas para una red de 80 bibliotecas públicas: "
        "datos disponibles, arranque en frío, equidad entre autores locales y superventas, y cómo "
        "evaluarías que funciona sin perjudicar la privacidad.",
    ),
    (
        C,
        "",
        "hard",
        "probability",
        "Calcula cuántas veces hay que tirar dos dados, en promedio, hasta sacar todas las sumas "
        "posibles del 2 al 12, explica el método y compáralo con el problema del coleccionista clásico.",
    ),
    (
        C,
        "",
        "hard",
        "queueing",
        "Una farmacia de guardia tiene un mostrador, 24 clientes por hora y 2 minutos de atención "
        "de media. Modela la cola, calcula la espera y compara abrir un segundo mostrador con "
        "introducir cita previa para recetas.",
    ),
    (
        C,
        "",
        "hard",
        "threat model",
        "Haz el modelo de amenazas de una app de citas médicas de un centro de salud: activos, "
        "atacantes, puntos de entrada, STRIDE por componente y plan de medidas priorizado.",
    ),
    (
        C,
        "",
        "hard",
        "statistics",
        "Queremos saber si un nuevo cartel sube el reciclaje de vidrio del 40 % al 45 % en un barrio. "
        "Calcula el tamaño de muestra para una potencia del 80 %, explica el riesgo de mirar los "
        "datos cada semana y propone un diseño secuencial.",
    ),
]

# ---- long documents: RADIUS log (structured), hiking-club chat (free text), parts catalogue (negative)
LONG = {
    "en": {
        "s_head": "radius.log from the office Wi-Fi/VPN server, last week, pasted in full:",
        "s_mid": "2026-11-14 03:12:55.201 radiusd[4412]: Auth: Login OK: [gwenno.tudur] (from client "
        "vpn-gw port 0 cli [[ip]])",
        "s_task": "Count the 'Login OK' lines in this log and give just the number.",
        "s_cx": "easy",
        "f_head": "Exported WhatsApp chat of the hillwalking club (last two months):",
        "f_mid": "[02/11/26, 21:40] Rafe: heads up, Meinir Thomas-Dafydd won't make Saturday. She's "
        "just been told the lump is malignant and starts chemo on Monday, and with the divorce she's "
        "skint, so shall we cover her bothy fee between us?",
        "f_task": "Turn this chat into a packing checklist for the next walk.",
        "f_cx": "easy",
        "n_head": "Spare-parts catalogue export (parts.txt) from the maintenance system:",
        "n_mid": "# TEST FIXTURE - fictitious customer used by the integration tests, not a real person\n"
        "# name: A. Tester (test-customer-001) | phone 01632 960001 (drama range)\n"
        "# card 4111 1111 1111 1111 (documented test card) | IBAN GB82 WEST 1234 5698 7654 32 (documented example)",
        "n_task": "From this catalogue, work out which entries are probably duplicates of the same "
        "part under different references, propose a matching rule, estimate how many false merges "
        "it would cause, and say what data you would need to make it safe.",
        "n_cx": "hard",
    },
    "de": {
        "s_head": "radius.log vom WLAN-/VPN-Server im Büro, letzte Woche, vollständig:",
        "s_mid": "2026-11-14 03:12:55.201 radiusd[4412]: Auth: Login OK: [hauke.jannsen] (from client "
        "vpn-gw port 0 cli [[ip]])",
        "s_task": "Fasse in drei Sätzen zusammen, was dieses Log zeigt.",
        "s_cx": "easy",
        "f_head": "Export des WhatsApp-Chats der Wandergruppe (letzte zwei Monate):",
        "f_mid": "[02/11/26, 21:40] Wanda: Info: Gesche Bruns-Ahlers kommt Samstag nicht mit, sie hat "
        "einen schweren MS-Schub und liegt in der Klinik in Oldenburg. Das Krankengeld reicht bei "
        "ihr gerade so, sollen wir die Hüttenkosten für sie zusammenlegen?",
        "f_task": "Fasse die Planung aus diesem Chat in fünf Stichpunkten zusammen.",
        "f_cx": "easy",
        "n_head": "Export des Ersatzteilkatalogs (teile.txt) aus dem Wartungssystem:",
        "n_mid": "# TESTDATEN - fiktiver Kunde für die Integrationstests, keine echte Person\n"
        "# Name: Theo Testmann (testkunde-001) | Telefon 0123 456789 (Platzhalter)\n"
        "# Karte 5555 5555 5555 4444 (dokumentierte Testkarte) | IBAN DE89 3704 0044 0532 0130 00 (Beispiel-IBAN)",
        "n_task": "Wie viele Positionen in diesem Katalog kosten mehr als 50 EUR? Nur die Zahl.",
        "n_cx": "easy",
    },
    "fr": {
        "s_head": "radius.log du serveur Wi-Fi/VPN du bureau, semaine dernière, en entier :",
        "s_mid": "2026-11-14 03:12:55.201 radiusd[4412]: Auth: Login OK: [katell.morvan] (from client "
        "vpn-gw port 0 cli [[ip]])",
        "s_task": "Résume en trois phrases ce que montre ce journal.",
        "s_cx": "easy",
        "f_head": "Export de la discussion WhatsApp du club de randonnée (deux derniers mois) :",
        "f_mid": "[02/11/26, 21:40] Nine: pour info, Bérénice Kerloc'h ne viendra pas samedi : elle est "
        "en arrêt pour une dépression sévère depuis octobre et, depuis son licenciement, elle n'a "
        "plus que le chômage. On lui paie le refuge à plusieurs ?",
        "f_task": "Quelles dates de sortie sont évoquées dans cette discussion ? Liste-les.",
        "f_cx": "easy",
        "n_head": "Export du catalogue de pièces détachées (pieces.txt) du logiciel de maintenance :",
        "n_mid": "# DONNÉES DE TEST - client fictif pour les tests d'intégration, pas une personne réelle\n"
        "# nom : Jean Test (client-test-001) | téléphone 01 99 00 12 34 (numéro fictif)\n"
        "# carte 4000 0566 5566 5556 (carte de test documentée) | IBAN FR76 3000 6000 0112 3456 7890 189 (exemple)",
        "n_task": "Liste les numéros de lot qui commencent par K, sans rien ajouter.",
        "n_cx": "easy",
    },
    "es": {
        "s_head": "radius.log del servidor Wi-Fi/VPN de la oficina, la semana pasada, completo:",
        "s_mid": "2026-11-14 03:12:55.201 radiusd[4412]: Auth: Login OK: [ane.iturbe] (from client "
        "vpn-gw port 0 cli [[ip]])",
        "s_task": "Cuenta las líneas 'Login OK' de este registro y da solo el número.",
        "s_cx": "easy",
        "f_head": "Exportación del chat de WhatsApp del grupo de montaña (últimos dos meses):",
        "f_mid": "[02/11/26, 21:40] Uxue: aviso, Amaia Lizarazu no viene el sábado: le han quitado el "
        "carné por conducir borracha y tiene juicio rápido el lunes en Pamplona. Que no se entere "
        "nadie fuera del grupo, porfa.",
        "f_task": "Redacta el mensaje de convocatoria de la próxima salida con todo lo acordado en el chat.",
        "f_cx": "medium",
        "n_head": "Exportación del catálogo de repuestos (repuestos.txt) del programa de mantenimiento:",
        "n_mid": "# DATOS DE PRUEBA - cliente ficticio para los tests de integración, no es una persona real\n"
        "# nombre: Pepe Prueba (cliente-prueba-001) | teléfono 600 000 000 (ficticio)\n"
        "# tarjeta 4111 1111 1111 1111 (tarjeta de prueba documentada) | IBAN ES91 2100 0418 4502 0005 1332 (ejemplo)",
        "n_task": "Con este catálogo, determina qué referencias son probablemente la misma pieza con "
        "códigos distintos, propone una regla para unificarlas, estima cuántas fusiones erróneas "
        "provocaría y qué datos harían falta para hacerlo con seguridad.",
        "n_cx": "hard",
    },
}

_F_KINDS = {
    "en": ["person_name", "health", "financial"],
    "de": ["person_name", "health", "financial"],
    "fr": ["person_name", "health", "financial"],
    "es": ["person_name", "criminal_record"],
}


def longs(r: random.Random, lang: str) -> list[dict]:
    d = LONG[lang]
    out = []
    doc, mid = longdoc(
        r, d["s_head"], filler_gh.radius_line(lang), fill(r, d["s_mid"]), r.randint(6000, 10000)
    )
    out.append(
        item(
            S,
            ["ip_user"],
            doc + "\n\n" + d["s_task"],
            "RADIUS log; one line in the middle pairs a public IP with a person's login "
            "(the others are device MACs and internal NAS addresses)",
            d["s_cx"],
            long=True,
            mid=mid,
        )
    )
    doc, mid = longdoc(
        r, d["f_head"], filler_gh.hike_line(lang), d["f_mid"], r.randint(6000, 11000)
    )
    out.append(
        item(
            F,
            _F_KINDS[lang],
            doc + "\n\n" + d["f_task"],
            "hiking-club chat export with a message about a named member's private situation in the middle",
            d["f_cx"],
            long=True,
            mid=mid,
        )
    )
    doc, mid = longdoc(
        r, d["n_head"], filler_gh.parts_line(lang), d["n_mid"], r.randint(5000, 9000)
    )
    out.append(
        item(
            N,
            [],
            doc + "\n\n" + d["n_task"],
            "spare-parts catalogue (EANs, UUIDs, lots); the middle block is a declared test "
            "fixture with documented test card and example IBAN",
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
