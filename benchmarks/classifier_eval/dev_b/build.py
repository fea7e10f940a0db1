"""Writes ``dev_b.jsonl``: a second development set in the blind sets' line schema.

Written by a developer who had read the classifier code and the misses of the spent blind
set A, before the rules were changed for them, to cover the failure *patterns* that set
showed without reusing its prompts: labels a sentence away or in another language, UK NI
numbers, German tax ids in groups, passports after their German, French or Spanish label,
an IP with its user in log lines; landmarks, companies and history at their addresses,
public and fictional people, declared placeholder data, "Kubernetes Secret", greeting
words, order and request ids in logs and CSVs; tasks in four languages, long pastes to
summarise or reformat (easy), verbs and fields outside any word list. Its figures flatter
the classifiers: it is no held-out set. Identifiers carry valid check digits, computed
here (the generator shares no code with the classifiers).

    .venv/bin/python benchmarks/classifier_eval/dev_b/build.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"
E, M, H = "easy", "medium", "hard"


def iban(country: str, bban: str) -> str:
    def num(s: str) -> int:
        return int("".join(str(int(c, 36)) for c in s))

    check = 98 - num(bban + country + "00") % 97
    return f"{country}{check:02d}{bban}"


def grouped(s: str) -> str:
    return " ".join(s[i : i + 4] for i in range(0, len(s), 4))


def luhn(payload: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return payload + str((10 - total % 10) % 10)


def steuer_id(first10: str) -> str:
    product = 10
    for ch in first10:
        total = (int(ch) + product) % 10 or 10
        product = (total * 2) % 11
    check = (11 - product) % 10
    return first10 + str(check)


def nir(body13: str) -> str:
    return f"{body13}{97 - int(body13) % 97:02d}"


def dni(n: int) -> str:
    return f"{n:08d}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nie(prefix: str, n: int) -> str:
    lead = "XYZ".index(prefix)
    return f"{prefix}{n:07d}{'TRWAGMYFPDXBNJZSQVHLCKE'[int(f'{lead}{n:07d}') % 23]}"


ST = steuer_id("4719352816")
ST_GROUPED = f"{ST[:2]} {ST[2:5]} {ST[5:8]} {ST[8:]}"
NIR_1 = nir("2840769123456")
NIR_SPACED = (
    f"{NIR_1[0]} {NIR_1[1:3]} {NIR_1[3:5]} {NIR_1[5:7]} {NIR_1[7:10]} {NIR_1[10:13]} {NIR_1[13:]}"
)
CARD = luhn("545762189034117")
CARD_G = grouped(CARD)
IBAN_DE = iban("DE", "500105175407324931")
IBAN_FR = iban("FR", "20041010050500013M02606")
IBAN_ES = iban("ES", "21000418450200051332")
IBAN_GB = iban("GB", "NWBK60161331926819")
IBAN_AT = iban("AT", "1904300234573201")

rng = random.Random(20261206)


def log_lines(n: int, ids_only: bool) -> list[str]:
    services = ["gateway", "ledger", "quota-svc", "renderer", "mailer"]
    out = []
    for _ in range(n):
        svc = rng.choice(services)
        ts = f"2026-05-{rng.randint(10, 28)}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}Z"
        rid = f"rq-{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}"
        kind = rng.randrange(4)
        if kind == 0:
            msg = f"order_ref=OR-{rng.randint(1000000, 9999999)} amount_cents={rng.randint(100, 99999)} settled"
        elif kind == 1:
            msg = f"queue depth={rng.randint(0, 400)} lag_ms={rng.randint(1, 9000)} partition={rng.randint(0, 31)}"
        elif kind == 2:
            msg = (
                f"ticket {rng.randint(100000000, 999999999)} escalated to tier {rng.randint(1, 3)}"
            )
        else:
            msg = f"cache miss key=sku:{rng.randint(100000, 999999)} ttl={rng.randint(10, 3600)}s"
        out.append(f"{ts} {svc} request={rid} {msg}")
    return out


def csv_rows(n: int) -> list[str]:
    out = ["invoice_no,issued,customer_no,lines,total_eur,vat_eur,region,tracking"]
    for _ in range(n):
        out.append(
            f"{rng.randint(20000000, 29999999)},2026-04-{rng.randint(10, 30)},"
            f"C{rng.randint(100000, 999999)},{rng.randint(1, 30)},"
            f"{rng.randint(10, 9000)}.{rng.randint(0, 99):02d},{rng.randint(1, 900)}.{rng.randint(0, 99):02d},"
            f"{rng.choice(['NORD', 'SUED', 'OUEST', 'ESTE'])},{rng.randint(10**11, 10**12 - 1)}"
        )
    return out


def long_log_with_user(lang_task: str) -> str:
    lines = log_lines(180, True)
    mid = len(lines) // 2
    lines.insert(
        mid, "2026-05-19T03:12:44.118Z vpn-gw auth ok login=tkowalczyk src=81.173.44.209 mfa=push"
    )
    lines.insert(
        mid + 1,
        "2026-05-19T03:13:02.771Z vpn-gw auth fail login=tkowalczyk src=46.114.3.88 reason=bad_otp",
    )
    return lang_task + "\n\n" + "\n".join(lines)


def long_log_clean(lang_task: str) -> str:
    return lang_task + "\n\n" + "\n".join(log_lines(200, True))


def long_csv(lang_task: str, middle: str) -> str:
    rows = csv_rows(160)
    rows.insert(len(rows) // 2, middle)
    return lang_task + "\n\n" + "\n".join(rows)


ROWS: list[tuple[str, str, str, list[str], str]] = [
    # -- English ---------------------------------------------------------------------------
    (
        "en",
        S,
        "HR needs my National Insurance number for the pension scheme. It is TM 48 19 27 C. Which box on the form is it?",
        ["national_id"],
        E,
    ),
    (
        "en",
        S,
        "I renewed my passport in March and the office wants the document number again. Here it is: 531974862. Can you draft a one-line reply with it?",
        ["passport"],
        E,
    ),
    (
        "en",
        S,
        "Please route the refund to my German account: " + grouped(IBAN_DE) + ". Thanks.",
        ["iban"],
        E,
    ),
    (
        "en",
        S,
        "auth.log excerpt:\nMay 12 04:11:09 bastion sshd[2231]: Invalid user oracle from 203.0.113.77 port 51514\nMay 12 04:11:31 bastion sshd[2231]: Accepted publickey for mhalvorsen from 92.40.188.17 port 51702\n\nWho logged in successfully? One line.",
        ["ip_user"],
        E,
    ),
    (
        "en",
        S,
        "The card the customer read out over the phone was "
        + CARD_G
        + ", expires 11/29. Write the fraud-team escalation note.",
        ["credit_card"],
        M,
    ),
    (
        "en",
        S,
        "For my Spanish residence file they want my NIE, which is "
        + nie("Y", 4821937)
        + ". Explain in depth how the Spanish tax residency rules interact with UK double-taxation treaties for someone in my situation, weighing the competing interpretations and justifying a recommendation.",
        ["national_id"],
        H,
    ),
    (
        "en",
        S,
        "My French social security number is "
        + NIR_SPACED
        + " and the insurer keeps rejecting it. Shorten this complaint to two sentences.",
        ["national_id"],
        E,
    ),
    (
        "en",
        S,
        "Contact for the booking: Oliver Pemberton, mobile +44 7911 402873, email o.pemberton82@gmail.com.",
        ["phone", "email", "person_name"],
        E,
    ),
    (
        "en",
        F,
        "My neighbour Harriet Calloway told me she has been diagnosed with multiple sclerosis and is scared to tell her employer. How can I support her?",
        ["person_name", "health"],
        M,
    ),
    (
        "en",
        F,
        "Ship the replacement to Duncan Whitlock, 14 Larkspur Close, Harrogate HG2 7QP.",
        ["person_name", "address"],
        E,
    ),
    (
        "en",
        F,
        "Between us, Fiona Ashdown in payroll is behind on her rent by three months and asked me for a loan. Design a formal, end-to-end policy for handling staff hardship disclosures: threat model, decision thresholds, retention rules and a justification for each step against the alternatives.",
        ["person_name", "financial"],
        H,
    ),
    (
        "en",
        F,
        "Patient Gordon Ferriby, born 3 April 1961, was admitted with chest pain. Translate this line into French.",
        ["person_name", "date_of_birth", "health"],
        E,
    ),
    (
        "en",
        N,
        "Directions please from King's Cross to the Houses of Parliament, Westminster, London SW1A 0AA.",
        [],
        E,
    ),
    (
        "en",
        N,
        "Our vendor is Rolls-Royce Holdings plc, Kings Place, 90 York Way, London N1 9FX. Write a formal purchase enquiry to them.",
        [],
        M,
    ),
    (
        "en",
        N,
        "Charles Dickens was born on 7 February 1812 in Portsmouth. List three of his novels.",
        [],
        E,
    ),
    (
        "en",
        N,
        "Yesterday the Prime Minister met President Macron in Paris to discuss migration. Summarise the likely talking points in three bullets.",
        [],
        E,
    ),
    (
        "en",
        N,
        "In the sample fixture, use the fake customer John Doe, phone 555-0142, email john.doe@example.com. Which fields should the form validate?",
        [],
        M,
    ),
    (
        "en",
        N,
        "How do I mount a Kubernetes Secret as an environment variable in a Deployment?",
        [],
        M,
    ),
    ("en", N, "Hello World is the first program most people write. Show it in Rust.", [], E),
    (
        "en",
        N,
        long_log_clean(
            "Summarise this service log in four bullet points for the morning stand-up."
        ),
        [],
        E,
    ),
    (
        "en",
        N,
        "Sherlock Holmes lived at 221B Baker Street, London. Write a two-line limerick about his landlady Mrs Hudson.",
        [],
        E,
    ),
    ("en", C, "Turn this sentence into passive voice: The committee approved the budget.", [], E),
    ("en", C, "What's the plural of 'cactus'?", [], E),
    ("en", C, "Rewrite this bullet so it sounds less blunt: 'Your code is wrong.'", [], E),
    (
        "en",
        C,
        "Derive the closed-form solution of ridge regression, prove the estimator is biased but has lower variance than OLS, and discuss when the trade-off pays off.",
        [],
        H,
    ),
    (
        "en",
        C,
        "Architect a multi-region event-sourcing system for a payments ledger that tolerates a full region loss without double-spending; justify your consistency model and analyse failure modes.",
        [],
        H,
    ),
    (
        "en",
        C,
        "Prove that every finite integral domain is a field, then generalise the argument to Artinian rings.",
        [],
        H,
    ),
    ("en", C, "Alphabetise: pear, apple, fig, banana.", [], E),
    (
        "en",
        C,
        "Tidy up the indentation of this YAML and return it unchanged otherwise:\nfoo:\n    bar: 1\n  baz: 2",
        [],
        E,
    ),
    # -- German ----------------------------------------------------------------------------
    (
        "de",
        S,
        "Das Finanzamt möchte meine Steuer-ID. Die steht auf dem Brief: "
        + ST_GROUPED
        + ". Wo trage ich sie in ELSTER ein?",
        ["tax_id"],
        E,
    ),
    (
        "de",
        S,
        "Für die Visumsbeantragung brauche ich meinen Reisepass. Der wurde letztes Jahr in Bremen ausgestellt. Seine Nummer lautet C4F7KM2R9.",
        ["passport"],
        E,
    ),
    ("de", S, "Bitte überweise die Kaution auf mein Konto: " + grouped(IBAN_AT) + ".", ["iban"], E),
    (
        "de",
        S,
        "Auszug aus dem Anmeldeprotokoll:\n2026-05-04 06:41:22 Login ok Nutzer=kathrin.obermaier IP=84.150.221.13\n2026-05-04 06:44:10 Login fehlgeschlagen Nutzer=kathrin.obermaier IP=37.201.9.164\n\nFasse in einem Satz zusammen, was passiert ist.",
        ["ip_user"],
        E,
    ),
    (
        "de",
        S,
        "Meine Kreditkarte "
        + CARD_G
        + " wurde doppelt belastet. Erkläre mir, wie ein Chargeback funktioniert.",
        ["credit_card"],
        M,
    ),
    (
        "de",
        S,
        "Unter der Nummer 0171 4829315 erreichen Sie Herrn Sebastian Kühnel ab 18 Uhr. Übersetze das ins Englische.",
        ["phone", "person_name"],
        E,
    ),
    (
        "de",
        S,
        "Personalausweis von Ingrid Hofstätter, Ausweisnummer L01X00T47. Entwickle ein vollständiges Konzept zur datenschutzkonformen Prüfung solcher Ausweise mit Bedrohungsmodell, Entscheidungsregeln, Löschfristen und einer Begründung für jeden Schritt gegenüber den Alternativen.",
        ["national_id", "person_name"],
        H,
    ),
    (
        "de",
        F,
        "Meine Kollegin Sabine Redlich hat mir erzählt, dass sie an Depressionen leidet und seit Wochen krankgeschrieben ist. Wie spreche ich sie am besten an?",
        ["person_name", "health"],
        M,
    ),
    (
        "de",
        F,
        "Lieferung bitte an Frank Osterloh, Lindenallee 12, 28203 Bremen.",
        ["person_name", "address"],
        E,
    ),
    (
        "de",
        F,
        "Unter uns: Herr Matthias Greiner aus dem Vertrieb steckt tief in den Schulden und hat eine Privatinsolvenz beantragt. Bewerte den Fall gründlich: Welche arbeitsrechtlichen und datenschutzrechtlichen Risiken bestehen, welche Pflichten kollidieren, und begründe einen priorisierten Maßnahmenplan gegenüber Alternativen.",
        ["person_name", "financial"],
        H,
    ),
    ("de", N, "Wann hat der Kölner Dom, Domkloster 4, 50667 Köln, sonntags geöffnet?", [], E),
    (
        "de",
        N,
        "Unser Lieferant ist die BASF SE, Carl-Bosch-Straße 38, 67056 Ludwigshafen. Formuliere eine Anfrage nach einem Angebot.",
        [],
        M,
    ),
    (
        "de",
        N,
        "Friedrich Schiller wurde am 10. November 1759 in Marbach am Neckar geboren. Nenne zwei seiner Dramen.",
        [],
        E,
    ),
    (
        "de",
        N,
        "Im Testformular steht als Platzhalter: Erika Mustermann, Beispielweg 5, 99999 Musterdorf, Telefon 01234 567890. Welche Felder sollten wir prüfen?",
        [],
        M,
    ),
    (
        "de",
        N,
        "Hallo zusammen, wie lege ich ein Kubernetes Secret für die Datenbank-Zugangsdaten an?",
        [],
        M,
    ),
    ("de", N, "Moin Leute, kennt jemand ein gutes Rezept für Franzbrötchen?", [], E),
    (
        "de",
        N,
        "Bundeskanzler Merz hat gestern in Brüssel mit Ursula von der Leyen über Zölle gesprochen. Fasse die Nachricht in zwei Sätzen zusammen.",
        [],
        E,
    ),
    (
        "de",
        N,
        long_csv(
            "Wandle diesen CSV-Export in eine Markdown-Tabelle um, ohne etwas zu ändern.",
            "# Absender: Muster Logistik GmbH, Hafenstraße 3, 20457 Hamburg",
        ),
        [],
        E,
    ),
    (
        "de",
        N,
        "Rotkäppchen und der Wolf treffen sich im Wald. Schreibe daraus einen Vierzeiler.",
        [],
        E,
    ),
    ("de", C, "Übersetze ins Englische: Der Zug hat Verspätung.", [], E),
    ("de", C, "Korrigiere die Rechtschreibung: Ich habe gestern einen Brif geschriben.", [], E),
    ("de", C, "Wie viele Gramm sind ein Pfund?", [], E),
    (
        "de",
        C,
        "Fasse diesen Absatz in einem Satz zusammen: Die Stadtwerke erhöhen zum 1. Juli die Preise für Fernwärme um durchschnittlich vier Prozent. Grund seien gestiegene Beschaffungskosten.",
        [],
        E,
    ),
    (
        "de",
        C,
        "Beweise, dass es unendlich viele Primzahlen der Form 4k+3 gibt, und erkläre, warum derselbe Ansatz für 4k+1 scheitert.",
        [],
        H,
    ),
    (
        "de",
        C,
        "Entwirf eine Architektur für ein mandantenfähiges Abrechnungssystem mit exakt-einmaliger Verarbeitung über mehrere Rechenzentren, analysiere die Fehlerfälle und begründe die Wahl des Konsistenzmodells.",
        [],
        H,
    ),
    (
        "de",
        C,
        "Leite die Black-Scholes-Gleichung aus einem Absicherungsportfolio her und diskutiere kritisch, welche Annahmen in realen Märkten verletzt sind.",
        [],
        H,
    ),
    ("de", C, "Sortiere alphabetisch: Birne, Apfel, Zitrone, Kiwi.", [], E),
    # -- French ----------------------------------------------------------------------------
    (
        "fr",
        S,
        "Pour le dossier de visa, on me demande mon passeport. Il a été délivré à Nantes en 2023. Son numéro est 23AB45678.",
        ["passport"],
        E,
    ),
    (
        "fr",
        S,
        "Voici mon numéro de sécurité sociale, à reporter sur la fiche : "
        + NIR_1
        + ". Merci de reformuler ma demande poliment.",
        ["national_id"],
        E,
    ),
    ("fr", S, "Virez le remboursement sur mon compte : " + grouped(IBAN_FR) + ".", ["iban"], E),
    (
        "fr",
        S,
        "Journal du pare-feu :\n12/05/2026 09:14:02 connexion acceptée utilisateur=lgarnier depuis 90.112.47.203\n12/05/2026 09:15:40 connexion refusée utilisateur=lgarnier depuis 176.31.88.5\n\nRésume en une phrase.",
        ["ip_user"],
        E,
    ),
    (
        "fr",
        S,
        "Mon numéro de portable est le 06 48 21 93 57, rappelez-moi après 18 h. Traduis ce message en espagnol.",
        ["phone"],
        E,
    ),
    (
        "fr",
        S,
        "La carte bancaire de Mme Lefranc, "
        + CARD_G
        + ", a été débitée deux fois. Conçois une procédure complète de traitement de ces litiges avec modèle de menace, règles de décision chiffrées, durées de conservation et justification de chaque étape face aux alternatives.",
        ["credit_card", "person_name"],
        H,
    ),
    (
        "fr",
        S,
        "Écrivez-moi à camille.brossard71@orange.fr pour confirmer le rendez-vous.",
        ["email"],
        E,
    ),
    (
        "fr",
        F,
        "Ma collègue Nathalie Pichon m'a confié qu'elle suit une chimiothérapie pour un cancer du sein. Comment lui proposer de l'aide sans être intrusif ?",
        ["person_name", "health"],
        M,
    ),
    (
        "fr",
        F,
        "Livraison chez M. Thierry Vasseur, 18 rue des Tanneurs, 67000 Strasbourg.",
        ["person_name", "address"],
        E,
    ),
    (
        "fr",
        F,
        "Entre nous, Sylvie Marchand de la compta a un découvert de 15 000 € et un dossier de surendettement. Évalue ce cas en profondeur : risques juridiques, obligations en conflit, et un plan d'action priorisé que tu justifies face aux alternatives.",
        ["person_name", "financial"],
        H,
    ),
    (
        "fr",
        N,
        "Quels sont les horaires du musée du Louvre, rue de Rivoli, 75001 Paris, le mardi ?",
        [],
        E,
    ),
    (
        "fr",
        N,
        "Notre fournisseur est L'Oréal, 14 rue Royale, 92110 Clichy. Rédige une demande de devis formelle.",
        [],
        M,
    ),
    ("fr", N, "Molière est né en janvier 1622 à Paris. Cite trois de ses comédies.", [], E),
    (
        "fr",
        N,
        "Dans le jeu de données fictif, on utilise Jean Dupont, 1 rue de l'Exemple, 75000 Paris, tél. 01 23 45 67 89. Quels champs faut-il rendre obligatoires ?",
        [],
        M,
    ),
    (
        "fr",
        N,
        "Bonjour à tous, comment chiffrer un Secret Kubernetes au repos avec un KMS ?",
        [],
        M,
    ),
    ("fr", N, "Salut la compagnie, quelqu'un a une idée de sortie pour dimanche ?", [], E),
    (
        "fr",
        N,
        "Hier, Emmanuel Macron a reçu le chancelier allemand à l'Élysée. Résume l'article en deux phrases.",
        [],
        E,
    ),
    ("fr", N, long_log_clean("Résume ce journal en quatre puces pour la passation."), [], E),
    ("fr", C, "Traduis en anglais : Il pleut depuis ce matin.", [], E),
    ("fr", C, "Corrige les fautes : Les enfant joue dans le jardain.", [], E),
    ("fr", C, "Combien de centimètres dans un pouce ?", [], E),
    ("fr", C, "Donne un synonyme de « rapide ».", [], E),
    (
        "fr",
        C,
        "Démontre que toute suite réelle bornée admet une sous-suite convergente, puis étends le résultat aux espaces métriques compacts.",
        [],
        H,
    ),
    (
        "fr",
        C,
        "Conçois un protocole de consensus tolérant aux pannes byzantines pour un registre partagé entre banques, analyse ses garanties de sûreté et de vivacité et compare-le à PBFT.",
        [],
        H,
    ),
    (
        "fr",
        C,
        "Analyse de façon approfondie les causes de la crise de la dette de la zone euro en 2010 et évalue les politiques de la BCE en comparant plusieurs écoles de pensée.",
        [],
        H,
    ),
    # -- Spanish ---------------------------------------------------------------------------
    (
        "es",
        S,
        "Para la reserva del vuelo me piden el pasaporte. Me lo expidieron en Sevilla hace dos años. El número es PAB482913.",
        ["passport"],
        E,
    ),
    (
        "es",
        S,
        "Mi DNI es " + dni(48192736) + ", ¿lo necesito para abrir la cuenta?",
        ["national_id"],
        E,
    ),
    ("es", S, "Te paso el IBAN para la transferencia: " + grouped(IBAN_ES) + ".", ["iban"], E),
    (
        "es",
        S,
        "Registro de acceso:\n2026-05-07 22:41:17 acceso correcto usuario=jlozano origen=88.27.140.61\n2026-05-07 22:43:02 acceso denegado usuario=jlozano origen=213.97.18.240\n\n¿Desde qué IP entró? Una línea.",
        ["ip_user"],
        E,
    ),
    (
        "es",
        S,
        "Llámame al 644 281 907 cuando salgas. Resume el mensaje en cinco palabras.",
        ["phone"],
        E,
    ),
    (
        "es",
        S,
        "El NIE de la nueva empleada es "
        + nie("X", 3928471)
        + ". Elabora un procedimiento completo para verificar documentos de extranjeros con modelo de amenazas, reglas de decisión con umbrales, plazos de conservación según el RGPD y justificación de cada paso frente a las alternativas.",
        ["national_id"],
        H,
    ),
    (
        "es",
        S,
        "Mi tarjeta " + CARD_G + " aparece bloqueada. Traduce esta frase al inglés.",
        ["credit_card"],
        E,
    ),
    (
        "es",
        F,
        "Mi vecino Ernesto Villalba me contó que tiene diabetes tipo 1 y que a veces sufre hipoglucemias en el trabajo. ¿Cómo puedo ayudarle?",
        ["person_name", "health"],
        M,
    ),
    (
        "es",
        F,
        "Envíalo a Lucía Berrocal Ortiz, Calle del Olmo 23, 3º B, 47003 Valladolid.",
        ["person_name", "address"],
        E,
    ),
    (
        "es",
        F,
        "Que no salga de aquí: Andrés Quintana, de logística, tiene embargada la nómina por deudas. Evalúa este caso a fondo: riesgos legales, obligaciones en conflicto y un plan priorizado que defiendas frente a las alternativas.",
        ["person_name", "financial"],
        H,
    ),
    (
        "es",
        N,
        "¿A qué hora abre la Sagrada Família, Carrer de Mallorca 401, 08013 Barcelona, los lunes?",
        [],
        E,
    ),
    (
        "es",
        N,
        "Nuestro proveedor es Inditex, Avenida de la Diputación, 15143 Arteixo. Redacta una solicitud formal de presupuesto.",
        [],
        M,
    ),
    (
        "es",
        N,
        "Federico García Lorca nació el 5 de junio de 1898 en Fuente Vaqueros. Nombra tres de sus obras.",
        [],
        E,
    ),
    (
        "es",
        N,
        "Para las pruebas usamos datos ficticios: Juan Pérez, Calle Falsa 123, teléfono 555 123 456. ¿Qué campos deberían ser obligatorios?",
        [],
        M,
    ),
    ("es", N, "Hola a todos, ¿cómo se monta un Secret de Kubernetes como volumen?", [], M),
    ("es", N, "Buenas tardes, gente, ¿alguien recomienda una serie?", [], E),
    (
        "es",
        N,
        "Ayer el presidente Pedro Sánchez se reunió con el rey Felipe VI. Resume la noticia en una frase.",
        [],
        E,
    ),
    (
        "es",
        N,
        long_csv(
            "Convierte este CSV en una tabla Markdown sin cambiar nada.",
            "# Remitente: Correos Express, Avenida de Europa 8, 28108 Alcobendas",
        ),
        [],
        E,
    ),
    ("es", C, "Traduce al francés: Mañana vamos a la playa.", [], E),
    ("es", C, "Corrige la ortografía: Ayer fuimos ha la playa y comimos mucha paeya.", [], E),
    ("es", C, "¿Cuántos metros tiene una milla?", [], E),
    ("es", C, "Pon en plural: lápiz, ratón, país.", [], E),
    (
        "es",
        C,
        "Demuestra que la raíz cuadrada de 2 es irracional y generaliza el argumento a la raíz n-ésima de cualquier entero que no sea potencia perfecta.",
        [],
        H,
    ),
    (
        "es",
        C,
        "Diseña la arquitectura de un sistema de reservas distribuido que evite la doble venta de asientos con particiones de red, analiza los modos de fallo y justifica el modelo de consistencia elegido.",
        [],
        H,
    ),
    (
        "es",
        C,
        "Compara críticamente las teorías de Keynes y Hayek sobre los ciclos económicos y evalúa cuál explica mejor la crisis de 2008, argumentando con evidencia.",
        [],
        H,
    ),
    # -- long pastes with personal data in the middle ------------------------------------
    (
        "en",
        S,
        long_log_with_user("Summarise this VPN gateway log in five bullets for the handover."),
        ["ip_user"],
        E,
    ),
    (
        "de",
        S,
        long_log_with_user(
            "Fasse dieses VPN-Protokoll in fünf Stichpunkten für die Übergabe zusammen."
        ),
        ["ip_user"],
        E,
    ),
]


def main() -> None:
    out = Path(__file__).with_name("dev_b.jsonl")
    with out.open("w", encoding="utf-8") as fh:
        for n, (lang, category, text, kinds, level) in enumerate(ROWS):
            row = {
                "id": f"devb-{n:03d}",
                "lang": lang,
                "text": text,
                "pii": category in (S, F),
                "pii_kinds": kinds,
                "category": category,
                "complexity": level,
                "notes": "",
            }
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{out}: {len(ROWS)} prompts")


if __name__ == "__main__":
    main()
