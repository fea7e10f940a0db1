# ruff: noqa: RUF001  (typographic dashes are part of the documents)
"""Long-document filler for sets C and D: line generators per document kind and language.

Every line carries a running number or a fresh combination, so no line repeats. Sizing uses a
fixed character estimate (deterministic without any tokenizer); the build reports Qwen3 counts.
"""

import random

from kit import hexs

# ---------- set C: HR onboarding pack ----------
HR = {
    "en": (
        "Step {n}: {t} (owner: {o}; due: working day {d}; tool: {s}). {x}",
        [
            "collect the laptop and docking station",
            "enrol in the workplace pension",
            "finish the fire-safety e-learning",
            "set up multi-factor sign-in",
            "read the travel-expense policy",
            "book the welcome lunch with the team",
            "request a building access badge",
            "shadow one on-call shift",
            "review the code of conduct",
            "install the VPN client",
            "attend the health-and-safety induction",
            "order business cards",
            "sign the confidentiality agreement",
            "subscribe to the team calendars",
            "choose a cycle-to-work option",
        ],
        [
            "IT Service Desk",
            "People Operations",
            "Facilities",
            "Payroll",
            "Security Office",
            "Learning & Development",
            "your line manager",
        ],
        ["Workday", "ServiceNow", "Moodle", "Okta", "Confluence", "SuccessFactors"],
        [
            "Keep the confirmation e-mail.",
            "Takes about twenty minutes.",
            "Required before the first payroll run.",
            "Can be done from home.",
            "Ask your buddy if the link has expired.",
            "Counts towards the probation goals.",
            "",
        ],
    ),
    "de": (
        "Schritt {n}: {t} (zuständig: {o}; fällig: Arbeitstag {d}; Werkzeug: {s}). {x}",
        [
            "Laptop und Dockingstation abholen",
            "Anmeldung zur betrieblichen Altersvorsorge",
            "E-Learning Brandschutz abschließen",
            "Zwei-Faktor-Anmeldung einrichten",
            "Reisekostenrichtlinie lesen",
            "Begrüßungsessen mit dem Team planen",
            "Zutrittsausweis beantragen",
            "eine Rufbereitschaft begleiten",
            "Verhaltenskodex durchsehen",
            "VPN-Client installieren",
            "Arbeitsschutzunterweisung besuchen",
            "Visitenkarten bestellen",
            "Verschwiegenheitserklärung unterschreiben",
            "Teamkalender abonnieren",
            "Jobrad-Angebot prüfen",
        ],
        [
            "IT-Servicedesk",
            "Personalabteilung",
            "Haustechnik",
            "Lohnbuchhaltung",
            "Werkschutz",
            "Weiterbildung",
            "die Führungskraft",
        ],
        ["Workday", "ServiceNow", "Moodle", "Okta", "Confluence", "SuccessFactors"],
        [
            "Bestätigungsmail aufbewahren.",
            "Dauert etwa zwanzig Minuten.",
            "Pflicht vor der ersten Gehaltsabrechnung.",
            "Geht auch im Homeoffice.",
            "Bei abgelaufenem Link den Paten fragen.",
            "Zählt für die Probezeitziele.",
            "",
        ],
    ),
    "fr": (
        "Étape {n} : {t} (responsable : {o} ; échéance : jour ouvré {d} ; outil : {s}). {x}",
        [
            "récupérer l'ordinateur portable et la station d'accueil",
            "adhérer au plan d'épargne retraite",
            "terminer le module incendie en ligne",
            "activer la double authentification",
            "lire la politique de notes de frais",
            "organiser le déjeuner d'accueil",
            "demander le badge d'accès",
            "suivre une astreinte en observation",
            "relire la charte éthique",
            "installer le client VPN",
            "assister à l'accueil sécurité",
            "commander des cartes de visite",
            "signer l'engagement de confidentialité",
            "s'abonner aux agendas de l'équipe",
            "choisir le forfait mobilités durables",
        ],
        [
            "Support informatique",
            "Ressources humaines",
            "Services généraux",
            "Service paie",
            "Sûreté",
            "Formation",
            "le manager",
        ],
        ["Workday", "ServiceNow", "Moodle", "Okta", "Confluence", "SuccessFactors"],
        [
            "Conserver le courriel de confirmation.",
            "Compter vingt minutes environ.",
            "Obligatoire avant la première paie.",
            "Faisable en télétravail.",
            "Demander au parrain si le lien a expiré.",
            "Compte dans les objectifs de période d'essai.",
            "",
        ],
    ),
    "es": (
        "Paso {n}: {t} (responsable: {o}; plazo: día laborable {d}; herramienta: {s}). {x}",
        [
            "recoger el portátil y la base de conexión",
            "adherirse al plan de pensiones de empresa",
            "completar el curso en línea de incendios",
            "configurar el doble factor",
            "leer la política de gastos de viaje",
            "reservar la comida de bienvenida",
            "solicitar la tarjeta de acceso",
            "acompañar una guardia",
            "revisar el código ético",
            "instalar el cliente VPN",
            "asistir a la formación de prevención de riesgos",
            "pedir tarjetas de visita",
            "firmar el acuerdo de confidencialidad",
            "suscribirse a los calendarios del equipo",
            "elegir la ayuda de transporte",
        ],
        [
            "Soporte informático",
            "Personas",
            "Servicios generales",
            "Nóminas",
            "Seguridad",
            "Formación",
            "tu responsable",
        ],
        ["Workday", "ServiceNow", "Moodle", "Okta", "Confluence", "SuccessFactors"],
        [
            "Guarda el correo de confirmación.",
            "Lleva unos veinte minutos.",
            "Obligatorio antes de la primera nómina.",
            "Se puede hacer desde casa.",
            "Pregunta a tu padrino si el enlace ha caducado.",
            "Cuenta para los objetivos del periodo de prueba.",
            "",
        ],
    ),
}


def hr_lines(r: random.Random, lang: str, n: int, start: int = 1) -> list[str]:
    fmt, tasks, owners, tools, extras = HR[lang]
    return [
        fmt.format(
            n=start + i,
            t=r.choice(tasks),
            o=r.choice(owners),
            d=r.randint(1, 30),
            s=r.choice(tools),
            x=r.choice(extras),
        ).rstrip()
        for i in range(n)
    ]


# ---------- set C: insurance claim file ----------
CLAIM = {
    "en": (
        "{date} | file note {n} | claim CLM-{c} | {e} | desk: {t} | reserve GBP {a} | {s}",
        [
            "windscreen chip",
            "storm damage to roof tiles",
            "burst pipe in kitchen",
            "rear-end collision at low speed",
            "stolen bicycle from shed",
            "hail dents on bonnet",
            "flooded cellar",
            "cracked shower tray",
        ],
        [
            "Motor North",
            "Property Desk 2",
            "Fast-track Team",
            "Recoveries",
            "Fraud Screening",
            "Large Loss Unit",
        ],
        [
            "awaiting photos",
            "surveyor booked",
            "settled",
            "reserve adjusted",
            "subrogation opened",
            "closed, no payment",
        ],
    ),
    "de": (
        "{date} | Vermerk {n} | Schaden SCH-{c} | {e} | Gruppe: {t} | Reserve EUR {a} | {s}",
        [
            "Steinschlag Frontscheibe",
            "Sturmschaden am Dach",
            "Leitungswasser Küche",
            "Auffahrunfall mit geringer Geschwindigkeit",
            "Fahrraddiebstahl aus Gartenhaus",
            "Hagelschaden Motorhaube",
            "Keller vollgelaufen",
            "Duschwanne gerissen",
        ],
        ["Kfz Nord", "Sach 2", "Schnellregulierung", "Regress", "Betrugsprüfung", "Großschaden"],
        [
            "Fotos angefordert",
            "Gutachter beauftragt",
            "reguliert",
            "Reserve angepasst",
            "Regress eingeleitet",
            "geschlossen ohne Zahlung",
        ],
    ),
    "fr": (
        "{date} | note {n} | sinistre SIN-{c} | {e} | cellule : {t} | provision EUR {a} | {s}",
        [
            "impact sur pare-brise",
            "tuiles arrachées par la tempête",
            "dégât des eaux cuisine",
            "accrochage à faible vitesse",
            "vol de vélo dans l'abri",
            "grêle sur le capot",
            "cave inondée",
            "receveur de douche fissuré",
        ],
        ["Auto Nord", "IARD 2", "Gestion rapide", "Recours", "Contrôle fraude", "Sinistres graves"],
        [
            "photos demandées",
            "expert missionné",
            "réglé",
            "provision ajustée",
            "recours ouvert",
            "classé sans suite",
        ],
    ),
    "es": (
        "{date} | nota {n} | siniestro SIN-{c} | {e} | equipo: {t} | reserva EUR {a} | {s}",
        [
            "impacto en la luna delantera",
            "tejas levantadas por temporal",
            "fuga de agua en cocina",
            "alcance trasero a baja velocidad",
            "robo de bicicleta del trastero",
            "granizo en el capó",
            "sótano inundado",
            "plato de ducha agrietado",
        ],
        [
            "Autos Norte",
            "Hogar 2",
            "Tramitación rápida",
            "Recobros",
            "Control de fraude",
            "Grandes siniestros",
        ],
        [
            "fotos solicitadas",
            "perito asignado",
            "liquidado",
            "reserva ajustada",
            "recobro abierto",
            "cerrado sin pago",
        ],
    ),
}


def claim_lines(r: random.Random, lang: str, n: int, start: int = 1) -> list[str]:
    fmt, events, teams, states = CLAIM[lang]
    out = []
    for i in range(n):
        date = f"2026-{r.randint(1, 4):02d}-{r.randint(1, 28):02d} {r.randint(7, 18):02d}:{r.randint(0, 59):02d}"
        out.append(
            fmt.format(
                date=date,
                n=start + i,
                c=f"{r.randint(2026000, 2026999)}-{r.randint(10, 99)}",
                e=r.choice(events),
                t=r.choice(teams),
                a=f"{r.randint(150, 48000)}.{r.randint(0, 99):02d}",
                s=r.choice(states),
            )
        )
    return out


# ---------- set C: CI build log ----------
CI_STEPS = [
    "checkout",
    "restore-cache",
    "lint",
    "typecheck",
    "unit-tests",
    "integration-tests",
    "build-image",
    "push-image",
    "helm-lint",
    "sbom",
    "sign-artifact",
    "deploy-staging",
    "smoke-tests",
]
CI_MSGS = [
    "step {s} started runner=ci-linux-{k} image=python:3.{m}-slim",
    "pytest shard {k}/8: {a} passed, {b} skipped in {t}s",
    "cache hit key=deps-{h} size={a}MB",
    "docker build layer {k}/{a} sha256:{h}{h2} done in {t}s",
    "pushed registry.internal/shop/api:{v} digest=sha256:{h}{h2}",
    "helm upgrade --install shop-api ./chart --version {v} --dry-run ok",
    "ruff: {a} files checked, 0 errors",
    "mypy: Success: no issues found in {a} source files",
    "warning: dependency urllib3 {v} pinned below latest",
    "artifact build-{a}.tar.zst uploaded ({b} KiB)",
    "retrying flaky test test_checkout_total[case{k}] attempt 2/3",
    "job {k} finished status=success duration={t}s commit={h}",
]


def ci_lines(r: random.Random, n: int) -> list[str]:
    out = []
    sec = 9 * 3600
    for i in range(n):
        sec += r.randint(0, 7)
        ts = f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"
        msg = r.choice(CI_MSGS).format(
            s=r.choice(CI_STEPS),
            k=r.randint(1, 12),
            m=r.randint(10, 13),
            a=r.randint(3, 900),
            b=r.randint(0, 60),
            t=f"{r.uniform(0.4, 310):.1f}",
            h=hexs(r, 12),
            h2=hexs(r, 8),
            v=f"{r.randint(1, 4)}.{r.randint(0, 30)}.{r.randint(0, 12)}",
        )
        out.append(f"[{ts}] #{i + 1:05d} {msg}")
    return out


# ---------- set D: nginx access log ----------
NG_PATHS = [
    "/api/v1/products?page={k}",
    "/api/v1/cart/{h}",
    "/static/js/app.{h}.js",
    "/healthz",
    "/api/v1/search?q=lamp&page={k}",
    "/img/catalog/{k}/{h}.webp",
    "/api/v1/stock/{k}",
    "/sitemap.xml",
    "/api/v1/reviews?product={k}",
    "/favicon.ico",
]
NG_UA = [
    "Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) Safari/604.1",
    "kube-probe/1.30",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/128.0",
    "Prometheus/2.53.0",
]


def nginx_lines(r: random.Random, n: int) -> list[str]:
    out = []
    sec = 6 * 3600
    for _ in range(n):
        sec += r.randint(0, 3)
        ts = f"14/Apr/2026:{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d} +0000"
        path = r.choice(NG_PATHS).format(k=r.randint(1, 400), h=hexs(r, 8))
        out.append(
            f'10.{r.randint(0, 3)}.{r.randint(0, 40)}.{r.randint(2, 250)} - - [{ts}] "{r.choice(["GET", "GET", "GET", "POST", "HEAD"])} {path} HTTP/1.1" '
            f'{r.choice([200, 200, 200, 200, 304, 301, 404, 499, 502])} {r.randint(0, 90000)} "-" "{r.choice(NG_UA)}" '
            f"rt={r.uniform(0.001, 1.9):.3f} req_id={hexs(r, 16)}"
        )
    return out


# ---------- set D: bank statement export ----------
BANK = {
    "de": (
        "Buchungstag;Valuta;Buchungstext;Empfänger/Auftraggeber;Verwendungszweck;Betrag EUR;Saldo EUR",
        [
            ("Kartenzahlung", "REWE Markt GmbH", "Einkauf Filiale {k}"),
            ("Lastschrift", "Stadtwerke Bielefeld GmbH", "Abschlag Strom Vertrag {k}"),
            ("Kartenzahlung", "DB Fernverkehr AG", "Ticket {h}"),
            ("Lastschrift", "Vodafone GmbH", "Rechnung {k}/2026"),
            ("Kartenzahlung", "dm-drogerie markt", "Beleg {k}"),
            ("Lastschrift", "HUK-COBURG", "Beitrag Kfz {k}"),
            ("Gutschrift", "Finanzamt Bielefeld-Innenstadt", "Erstattung ESt {k}"),
            ("Kartenzahlung", "Aral Station {k}", "Tankbeleg {h}"),
            ("Dauerauftrag", "Sparkasse Bausparen", "Sparrate {k}"),
            ("Lastschrift", "Netflix International B.V.", "Abo {h}"),
        ],
    ),
    "es": (
        "Fecha operación;Fecha valor;Concepto;Ordenante/Beneficiario;Referencia;Importe EUR;Saldo EUR",
        [
            ("Pago con tarjeta", "Mercadona S.A.", "Compra tienda {k}"),
            ("Recibo", "Iberdrola Clientes", "Factura luz contrato {k}"),
            ("Pago con tarjeta", "Renfe Viajeros", "Billete {h}"),
            ("Recibo", "Movistar", "Factura {k}/2026"),
            ("Pago con tarjeta", "El Corte Inglés", "Ticket {k}"),
            ("Recibo", "Mapfre Seguros", "Póliza hogar {k}"),
            ("Abono", "Agencia Tributaria", "Devolución IRPF {k}"),
            ("Pago con tarjeta", "Repsol estación {k}", "Repostaje {h}"),
            ("Transferencia periódica", "Cuenta ahorro", "Aportación {k}"),
            ("Recibo", "Spotify AB", "Suscripción {h}"),
        ],
    ),
}


def bank_rows(r: random.Random, lang: str, n: int) -> list[str]:
    head, kinds = BANK[lang]
    rows = [head]
    bal = r.uniform(1500, 9000)
    for i in range(n):
        day = (
            f"{1 + i * 28 // max(n, 1):02d}.03.2026"
            if lang == "de"
            else f"{1 + i * 28 // max(n, 1):02d}/03/2026"
        )
        t, who, ref = r.choice(kinds)
        amt = r.uniform(3, 180) * (1 if t in ("Gutschrift", "Abono") else -1)
        bal += amt
        fmt_amt = f"{amt:.2f}".replace(".", ",")
        fmt_bal = f"{bal:.2f}".replace(".", ",")
        rows.append(
            f"{day};{day};{t};{who.format(k=r.randint(100, 999))};{ref.format(k=r.randint(10000, 99999), h=hexs(r, 10).upper())};{fmt_amt};{fmt_bal}"
        )
    return rows


# ---------- set D: school reports (class overview) ----------
SCHOOL = {
    "en": (
        "Form {c} | {s} | unit: {u} | class mean {g} | homework returned {p}% | {x}",
        ["7B", "8A", "8C", "9D", "10E", "11F"],
        ["Maths", "English", "Biology", "History", "French", "Computing", "Geography", "Art"],
        [
            "linear equations",
            "persuasive writing",
            "cell structure",
            "the Industrial Revolution",
            "past tenses",
            "loops and arrays",
            "river landscapes",
            "printmaking",
            "probability",
            "poetry anthology",
        ],
        [
            "coursework moderated",
            "mock exam next half-term",
            "trip form due Friday",
            "set changes reviewed",
            "no concerns",
            "extra revision club",
        ],
    ),
    "de": (
        "Klasse {c} | {s} | Thema: {u} | Schnitt {g} | Hausaufgabenquote {p} % | {x}",
        ["7b", "8a", "8c", "9d", "10e", "11f"],
        [
            "Mathematik",
            "Deutsch",
            "Biologie",
            "Geschichte",
            "Französisch",
            "Informatik",
            "Erdkunde",
            "Kunst",
        ],
        [
            "lineare Gleichungen",
            "Erörterung",
            "Zellaufbau",
            "Industrialisierung",
            "passé composé",
            "Schleifen und Listen",
            "Flusslandschaften",
            "Drucktechnik",
            "Wahrscheinlichkeit",
            "Balladen",
        ],
        [
            "Klassenarbeit korrigiert",
            "Probearbeit nach den Ferien",
            "Elternbrief Wandertag",
            "Kurswechsel geprüft",
            "keine Auffälligkeiten",
            "Förderkurs angeboten",
        ],
    ),
    "fr": (
        "Classe {c} | {s} | chapitre : {u} | moyenne {g} | devoirs rendus {p} % | {x}",
        ["5e B", "4e A", "4e C", "3e D", "2nde E", "1re F"],
        [
            "Mathématiques",
            "Français",
            "SVT",
            "Histoire-géo",
            "Anglais",
            "NSI",
            "Physique-chimie",
            "Arts plastiques",
        ],
        [
            "équations du premier degré",
            "argumentation",
            "la cellule",
            "la révolution industrielle",
            "le prétérit",
            "boucles et tableaux",
            "les paysages fluviaux",
            "la gravure",
            "probabilités",
            "la poésie engagée",
        ],
        [
            "copies corrigées",
            "brevet blanc au prochain trimestre",
            "autorisation de sortie à rendre",
            "groupes revus",
            "RAS",
            "soutien proposé",
        ],
    ),
    "es": (
        "Grupo {c} | {s} | tema: {u} | media {g} | deberes entregados {p} % | {x}",
        ["1.º A", "2.º B", "2.º C", "3.º D", "4.º E", "1.º Bach"],
        [
            "Matemáticas",
            "Lengua",
            "Biología",
            "Historia",
            "Inglés",
            "Tecnología",
            "Geografía",
            "Plástica",
        ],
        [
            "ecuaciones lineales",
            "texto argumentativo",
            "la célula",
            "la revolución industrial",
            "el pasado simple",
            "bucles y listas",
            "paisajes fluviales",
            "grabado",
            "probabilidad",
            "poesía del 27",
        ],
        [
            "exámenes corregidos",
            "simulacro el próximo trimestre",
            "autorización de excursión pendiente",
            "grupos revisados",
            "sin incidencias",
            "refuerzo ofrecido",
        ],
    ),
}


def school_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, classes, subjects, units, extras = SCHOOL[lang]
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        g = (
            f"{r.uniform(1.6, 4.2):.1f}"
            if lang == "de"
            else f"{r.uniform(8, 16.5):.1f}"
            if lang == "fr"
            else f"{r.uniform(4.5, 8.9):.1f}"
            if lang == "es"
            else r.choice("ABCD") + r.choice(["+", "", "-"])
        )
        if lang == "de":
            g = g.replace(".", ",")
        si = r.randrange(len(subjects))
        unit = (
            units[8 + si] if si < 2 and r.random() < 0.4 else units[si]
        )  # units[i] belongs to subjects[i]
        line = f"W{len(out) + 1:03d} " + fmt.format(
            c=r.choice(classes),
            s=subjects[si],
            u=unit,
            g=g,
            p=r.randint(62, 100),
            x=r.choice(extras),
        )
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


# ---------- set D: medication / discharge template reference ----------
MED = {
    "en": (
        "Ref {n}: {d} {s} - take {p} - with {f} - {w}",
        [
            "Ramipril",
            "Metoprolol",
            "Apixaban",
            "Atorvastatin",
            "Pantoprazole",
            "Metformin",
            "Furosemide",
            "Amlodipine",
            "Levothyroxine",
            "Paracetamol",
        ],
        ["2.5 mg", "5 mg", "10 mg", "20 mg", "40 mg", "500 mg", "1 g"],
        ["morning", "evening", "twice daily", "three times daily", "as needed, max. 4 per day"],
        ["food", "water", "or without food"],
        [
            "check kidney values after 2 weeks",
            "monitor pulse",
            "do not combine with NSAIDs",
            "blood sugar diary advised",
            "weigh daily",
            "take 30 minutes before breakfast",
            "review at next GP visit",
        ],
    ),
    "de": (
        "Ref {n}: {d} {s} – Einnahme {p} – {f} – {w}",
        [
            "Ramipril",
            "Metoprolol",
            "Apixaban",
            "Atorvastatin",
            "Pantoprazol",
            "Metformin",
            "Furosemid",
            "Amlodipin",
            "L-Thyroxin",
            "Paracetamol",
        ],
        ["2,5 mg", "5 mg", "10 mg", "20 mg", "40 mg", "500 mg", "1 g"],
        ["1-0-0", "0-0-1", "1-0-1", "1-1-1", "bei Bedarf, max. 4 täglich"],
        ["zum Essen", "mit Wasser", "unabhängig von Mahlzeiten"],
        [
            "Nierenwerte nach 2 Wochen kontrollieren",
            "Puls überwachen",
            "nicht mit NSAR kombinieren",
            "Blutzuckertagebuch empfohlen",
            "täglich wiegen",
            "30 Minuten vor dem Frühstück",
            "Kontrolle beim Hausarzt",
        ],
    ),
    "fr": (
        "Réf. {n} : {d} {s} – prise {p} – {f} – {w}",
        [
            "Ramipril",
            "Métoprolol",
            "Apixaban",
            "Atorvastatine",
            "Pantoprazole",
            "Metformine",
            "Furosémide",
            "Amlodipine",
            "Lévothyroxine",
            "Paracétamol",
        ],
        ["2,5 mg", "5 mg", "10 mg", "20 mg", "40 mg", "500 mg", "1 g"],
        [
            "le matin",
            "le soir",
            "matin et soir",
            "trois fois par jour",
            "si besoin, 4 par jour au plus",
        ],
        ["pendant le repas", "avec un verre d'eau", "à distance des repas"],
        [
            "contrôler la fonction rénale à 15 jours",
            "surveiller le pouls",
            "ne pas associer aux AINS",
            "carnet de glycémie conseillé",
            "pesée quotidienne",
            "30 minutes avant le petit-déjeuner",
            "à revoir chez le médecin traitant",
        ],
    ),
    "es": (
        "Ref. {n}: {d} {s} – toma {p} – {f} – {w}",
        [
            "Ramipril",
            "Metoprolol",
            "Apixabán",
            "Atorvastatina",
            "Pantoprazol",
            "Metformina",
            "Furosemida",
            "Amlodipino",
            "Levotiroxina",
            "Paracetamol",
        ],
        ["2,5 mg", "5 mg", "10 mg", "20 mg", "40 mg", "500 mg", "1 g"],
        [
            "por la mañana",
            "por la noche",
            "cada 12 horas",
            "cada 8 horas",
            "a demanda, máximo 4 al día",
        ],
        ["con comida", "con agua", "en ayunas"],
        [
            "control de función renal a las 2 semanas",
            "vigilar el pulso",
            "no combinar con AINE",
            "se aconseja registro de glucemias",
            "pesarse a diario",
            "30 minutos antes del desayuno",
            "revisar en atención primaria",
        ],
    ),
}


def med_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, drugs, strengths, plans, food, warns = MED[lang]
    return [
        fmt.format(
            n=f"M{i + 1:04d}",
            d=r.choice(drugs),
            s=r.choice(strengths),
            p=r.choice(plans),
            f=r.choice(food),
            w=r.choice(warns),
        )
        for i in range(n)
    ]


def size_est(text: str) -> int:
    """Deterministic size estimate close to Qwen3 token counts (digits split one per token)."""
    d = sum(c.isdigit() for c in text)
    a = sum(c.isalpha() for c in text)
    p = sum(not c.isalnum() and not c.isspace() for c in text)
    return int((d + a / 4.2 + p * 0.9) * 1.15)


def grow(gen, target: int) -> list[str]:
    """Call gen(k) with growing k until the joined lines reach the target estimate."""
    k = 20
    while True:
        lines = gen(k)
        if size_est("\n".join(lines)) >= target:
            return lines
        k += 2


def around(lines: list[str], mid: str) -> str:
    """Put mid between the two halves of one continuous document (split by size, not line count)."""
    total = size_est("\n".join(lines))
    acc = 0
    for i, line in enumerate(lines):
        acc += size_est(line + "\n")
        if acc >= total // 2:
            return "\n".join([*lines[: i + 1], mid, *lines[i + 1 :]])
    return "\n".join([*lines, mid])


def document(r: random.Random, gen, target: int, mid: str, head: str = "") -> str:
    """A long document of about target tokens from gen(rng, n_lines), with mid near its middle."""
    seed = r.random()
    lines = grow(lambda k: gen(random.Random(seed), k), target)
    return (head + "\n" if head else "") + around(lines, mid)
