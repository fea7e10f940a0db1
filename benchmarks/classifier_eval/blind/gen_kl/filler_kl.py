"""Long-document line generators for sets K and L: every line built from slot combinations.

Each generator yields distinct lines (no repeats, as verify.py asks); `wrap` puts a middle block
at the centre of a run of lines, so the personal data (or a negative's trap) sits near 50 %.
Set K and set L use different document kinds and different vocabularies.
"""

import random
import re

from kit_kl import kit  # gen_cd/kit.py (through kit_kl): digits, hexs

_SEEN: set[str] = set()


def _uniq(gen, n: int) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < n and tries < n * 50:
        tries += 1
        line = gen()
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


def wrap(head: str, lines: list[str], mid: str, tail: str) -> str:
    """Header, first half of the lines, the middle block, second half, footer."""
    h = len(lines) // 2
    return "\n".join([head, *lines[:h], mid, *lines[h:], tail])


def _ts(r: random.Random, day: int) -> str:
    return f"2026-{r.randint(1, 11):02d}-{day:02d}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z"


# --- set K --------------------------------------------------------------------------------

K_QUEUES = {
    "en": ["billing", "shipping", "returns", "warranty", "account access", "invoices"],
    "de": ["Abrechnung", "Versand", "Retouren", "Garantie", "Kontozugang", "Rechnungen"],
    "fr": ["facturation", "livraison", "retours", "garantie", "accès compte", "factures"],
    "es": ["facturación", "envíos", "devoluciones", "garantía", "acceso cuenta", "facturas"],
}
K_SUBJ = {
    "en": [
        "parcel stuck at depot",
        "double charge on invoice",
        "coupon not applied",
        "wrong colour delivered",
        "app crashes at checkout",
        "refund not received",
        "cannot reset password",
        "item arrived scratched",
        "delivery slot missed",
        "label printer offline",
        "size exchange request",
        "tracking shows no update",
    ],
    "de": [
        "Paket hängt im Depot",
        "doppelte Abbuchung",
        "Gutschein nicht verrechnet",
        "falsche Farbe geliefert",
        "App stürzt beim Bezahlen ab",
        "Erstattung fehlt",
        "Passwort-Reset geht nicht",
        "Ware zerkratzt",
        "Lieferfenster verpasst",
        "Etikettendrucker offline",
        "Umtausch Größe",
        "Sendungsverfolgung steht",
    ],
    "fr": [
        "colis bloqué au dépôt",
        "double prélèvement",
        "code promo non appliqué",
        "mauvaise couleur livrée",
        "l'appli plante au paiement",
        "remboursement non reçu",
        "réinitialisation impossible",
        "article rayé",
        "créneau de livraison manqué",
        "imprimante d'étiquettes hors ligne",
        "échange de taille",
        "suivi bloqué",
    ],
    "es": [
        "paquete parado en almacén",
        "cargo duplicado",
        "cupón no aplicado",
        "color equivocado",
        "la app se cierra al pagar",
        "reembolso pendiente",
        "no puedo cambiar la contraseña",
        "artículo rayado",
        "franja de entrega perdida",
        "impresora de etiquetas caída",
        "cambio de talla",
        "seguimiento sin cambios",
    ],
}
K_STATE = ["open", "pending", "solved", "escalated", "on-hold", "closed"]


def k_tickets(r: random.Random, lang: str, n: int) -> list[str]:
    """Helpdesk ticket export, one semicolon-separated ticket per line."""

    def one() -> str:
        return (
            f"TCK-{r.randint(100000, 999999)};{_ts(r, r.randint(1, 28))};{r.choice(K_QUEUES[lang])};"
            f"{r.choice(K_SUBJ[lang])};{r.choice(K_STATE)};prio={r.randint(1, 4)};"
            f"agent=ag{r.randint(10, 99)};sla_min={r.choice([30, 60, 120, 240, 480])}"
        )

    return _uniq(one, n)


K_CHAT_WHO = {
    "en": ["Coach Ray", "Imogen", "Tobias", "Priya", "Wendell", "Saoirse", "Dmitri", "Hollis"],
    "de": ["Trainerin Gesa", "Malte", "Swantje", "Hakan", "Frauke", "Levin", "Ilka", "Bodo"],
    "fr": [
        "Coach Maëlle",
        "Gaspard",
        "Solène",
        "Yannick",
        "Bérénice",
        "Corentin",
        "Maïwenn",
        "Aurèle",
    ],
    "es": ["Entrenadora Nerea", "Iker", "Ainhoa", "Rubén", "Maialen", "Unai", "Itziar", "Gorka"],
}
K_CHAT_A = {
    "en": [
        "tempo run",
        "hill session",
        "long run",
        "track night",
        "parkrun",
        "recovery jog",
        "interval block",
        "trail loop",
    ],
    "de": [
        "Tempolauf",
        "Bergtraining",
        "langer Lauf",
        "Bahnabend",
        "Parkrun",
        "Regenerationslauf",
        "Intervallblock",
        "Trailrunde",
    ],
    "fr": [
        "sortie tempo",
        "séance de côtes",
        "sortie longue",
        "soirée piste",
        "parkrun",
        "footing de récup",
        "bloc de fractionné",
        "boucle trail",
    ],
    "es": [
        "rodaje a ritmo",
        "sesión de cuestas",
        "tirada larga",
        "noche de pista",
        "parkrun",
        "trote suave",
        "bloque de series",
        "vuelta por monte",
    ],
}
K_CHAT_B = {
    "en": [
        "moved to Thursday",
        "starts at the boathouse",
        "is 7 km today",
        "meets by the north gate",
        "is cancelled, storm warning",
        "goes ahead, bring lights",
        "has a new route, map in the drive",
        "needs two more pacers",
    ],
    "de": [
        "ist auf Donnerstag verschoben",
        "startet am Bootshaus",
        "hat heute 7 km",
        "trifft sich am Nordtor",
        "fällt aus, Sturmwarnung",
        "findet statt, Stirnlampe mit",
        "hat neue Strecke, Karte im Ordner",
        "braucht noch zwei Pacer",
    ],
    "fr": [
        "passe à jeudi",
        "part du club d'aviron",
        "fait 7 km aujourd'hui",
        "rendez-vous porte nord",
        "annulée, alerte tempête",
        "maintenue, prenez une frontale",
        "nouveau parcours, carte dans le drive",
        "il manque deux meneurs d'allure",
    ],
    "es": [
        "pasa al jueves",
        "sale del embarcadero",
        "son 7 km hoy",
        "quedamos en la puerta norte",
        "cancelada por aviso de tormenta",
        "se hace, traed frontal",
        "ruta nueva, mapa en la carpeta",
        "faltan dos liebres",
    ],
}
K_CHAT_C = ["👍", "🙌", "ok", "!", "…", "🏃", "😅", "+1", "🔥", "(:"]


def k_chat(r: random.Random, lang: str, n: int) -> list[str]:
    """Running-club group chat export, one message per line."""

    def one() -> str:
        return (
            f"[{r.randint(1, 28):02d}.{r.randint(1, 12):02d}., {r.randint(6, 22):02d}:{r.randint(0, 59):02d}] "
            f"{r.choice(K_CHAT_WHO[lang])}: {r.choice(K_CHAT_A[lang])} {r.choice(K_CHAT_B[lang])} {r.choice(K_CHAT_C)}"
        )

    return _uniq(one, n)


K_SVC = [
    "cart-api",
    "stock-sync",
    "pricing",
    "search-idx",
    "mailer",
    "img-resize",
    "checkout",
    "promo-engine",
]
K_EVT = [
    "cache miss",
    "batch committed",
    "retry scheduled",
    "job finished",
    "index rebuilt",
    "queue drained",
    "lock acquired",
    "lock released",
    "webhook delivered",
    "config reloaded",
]


def k_applog(r: random.Random, n: int) -> list[str]:
    """Shop backend log: order ids, hashes, versions, durations; no IP addresses."""

    def one() -> str:
        return (
            f"{_ts(r, r.randint(1, 28))} {r.choice(['INFO', 'INFO', 'DEBUG', 'WARN'])} "
            f"{r.choice(K_SVC)}@{r.randint(1, 4)}.{r.randint(0, 19)}.{r.randint(0, 9)} "
            f"order=ORD-{kit.digits(r, 8)} sku=SK{kit.digits(r, 5)} commit={kit.hexs(r, 12)} "
            f"{r.choice(K_EVT)} in {r.randint(2, 900)}ms"
        )

    return _uniq(one, n)


# --- set L --------------------------------------------------------------------------------

L_STEPS = [
    "checkout",
    "setup-python",
    "restore-cache",
    "lint",
    "unit",
    "integration",
    "package",
    "sign",
    "upload",
]
L_MSGS = [
    "step started",
    "step finished",
    "cache hit",
    "cache restored",
    "artifact uploaded",
    "warning: deprecated input",
    "collected tests",
    "wheel built",
    "retrying download",
    "container pulled",
]


def _digest(r: random.Random) -> str:
    """A short hex digest with no run of eleven digits (which would read as a tax id)."""
    while True:
        h = kit.hexs(r, 16)
        if not re.search(r"\d{11}", h):
            return h


def l_ci(r: random.Random, n: int) -> list[str]:
    """CI pipeline log: run ids, step names, durations, digests."""

    def one() -> str:
        return (
            f"##[{r.choice(['group', 'info', 'debug', 'notice'])}] run={r.randint(3000, 9999)} "
            f"job={r.choice(['build', 'test', 'release', 'docs'])}-{r.choice(['linux', 'mac', 'win'])} "
            f"step={r.choice(L_STEPS)} {r.choice(L_MSGS)} t+{r.randint(1, 600)}.{r.randint(0, 9)}s "
            f"sha256:{_digest(r)}"
        )

    return _uniq(one, n)


L_MIN_TOPIC = {
    "en": [
        "the roof repair",
        "the bicycle shed",
        "the heating contract",
        "the stairwell paint",
        "the garden rota",
        "the lift inspection",
        "the reserve fund",
        "the parking spaces",
        "the bin area",
        "the intercom",
    ],
    "de": [
        "die Dachsanierung",
        "den Fahrradkeller",
        "den Wärmeliefervertrag",
        "den Treppenhausanstrich",
        "den Gartendienst",
        "die Aufzugsprüfung",
        "die Instandhaltungsrücklage",
        "die Stellplätze",
        "den Müllplatz",
        "die Gegensprechanlage",
    ],
    "fr": [
        "la réfection du toit",
        "le local vélos",
        "le contrat de chauffage",
        "la peinture de la cage d'escalier",
        "le planning du jardin",
        "le contrôle de l'ascenseur",
        "le fonds de travaux",
        "les places de parking",
        "le local poubelles",
        "l'interphone",
    ],
    "es": [
        "la reparación del tejado",
        "el cuarto de bicis",
        "el contrato de calefacción",
        "la pintura de la escalera",
        "el turno del jardín",
        "la revisión del ascensor",
        "el fondo de reserva",
        "las plazas de garaje",
        "el cuarto de basuras",
        "el portero automático",
    ],
}
L_MIN_VERB = {
    "en": [
        "The board reported on",
        "Owners discussed",
        "A quote was presented for",
        "The vote was postponed on",
        "Questions were raised about",
        "The manager summarised",
        "A working group will look at",
        "No objection was raised to",
    ],
    "de": [
        "Der Verwaltungsbeirat berichtete über",
        "Die Eigentümer diskutierten",
        "Ein Angebot wurde vorgelegt für",
        "Die Abstimmung wurde vertagt über",
        "Es gab Rückfragen zu",
        "Die Verwaltung fasste zusammen",
        "Eine Arbeitsgruppe prüft",
        "Keine Einwände gab es gegen",
    ],
    "fr": [
        "Le conseil syndical a rendu compte sur",
        "Les copropriétaires ont débattu de",
        "Un devis a été présenté pour",
        "Le vote a été reporté sur",
        "Des questions ont porté sur",
        "Le syndic a résumé",
        "Un groupe de travail étudiera",
        "Aucune objection n'a été soulevée concernant",
    ],
    "es": [
        "La junta informó sobre",
        "Los propietarios debatieron",
        "Se presentó un presupuesto para",
        "Se aplazó la votación sobre",
        "Hubo preguntas sobre",
        "El administrador resumió",
        "Un grupo de trabajo estudiará",
        "No hubo objeciones a",
    ],
}
L_MIN_END = {
    "en": [
        "(item {n}, {v} in favour)",
        "(item {n}; costs about EUR {v}00)",
        "(item {n}, follow-up in {v} weeks)",
    ],
    "de": [
        "(TOP {n}, {v} Ja-Stimmen)",
        "(TOP {n}; Kosten ca. {v}00 EUR)",
        "(TOP {n}, Wiedervorlage in {v} Wochen)",
    ],
    "fr": [
        "(point {n}, {v} voix pour)",
        "(point {n} ; coût d'environ {v}00 EUR)",
        "(point {n}, suivi dans {v} semaines)",
    ],
    "es": [
        "(punto {n}, {v} votos a favor)",
        "(punto {n}; coste aprox. {v}00 EUR)",
        "(punto {n}, seguimiento en {v} semanas)",
    ],
}


def l_minutes(r: random.Random, lang: str, n: int) -> list[str]:
    """Owners' association meeting minutes, one sentence a line."""

    def one() -> str:
        end = r.choice(L_MIN_END[lang]).format(n=r.randint(1, 40), v=r.randint(2, 60))
        return f"{r.choice(L_MIN_VERB[lang])} {r.choice(L_MIN_TOPIC[lang])} {end}."

    return _uniq(one, n)


L_SENS = ["river-gauge", "air-pm25", "noise-db", "soil-moist", "wind-ms", "temp-c"]


def l_telemetry(r: random.Random, n: int) -> list[str]:
    """City sensor telemetry CSV: station ids, coordinates, readings, firmware versions."""

    def one() -> str:
        return (
            f"ST{kit.digits(r, 4)},{r.choice(L_SENS)},{r.uniform(40, 55):.5f},{r.uniform(-8, 14):.5f},"
            f"{r.uniform(0, 300):.2f},fw{r.randint(1, 6)}.{r.randint(0, 30)}.{r.randint(0, 9)},"
            f"2026{r.randint(1, 11):02d}{r.randint(1, 28):02d}{r.randint(0, 23):02d}{r.randint(0, 59):02d},"
            f"{kit.hexs(r, 10)}"
        )

    return _uniq(one, n)
