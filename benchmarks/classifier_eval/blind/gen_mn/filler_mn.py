"""Long-document line generators for sets M and N: one set of document kinds and vocabulary per set.

Every line carries a running number, time or code, so no line repeats; the content modules put
the personal block (or, in the negatives, an organisation's public address) between the halves.
M: door-controller event exports, association meeting minutes, library release notes.
N: stock-movement CSV exports, hiking-club trip diaries, street-tree inventories (flow YAML).
"""

import random

W = {
    "door": {
        "en": ["loading bay", "north stairwell", "server cage", "roof hatch", "canteen side door"],
        "de": ["Laderampe", "Treppenhaus Nord", "Serverkäfig", "Dachluke", "Kantinentür"],
        "fr": [
            "quai de chargement",
            "escalier nord",
            "cage serveurs",
            "trappe toit",
            "porte cantine",
        ],
        "es": [
            "muelle de carga",
            "escalera norte",
            "jaula de servidores",
            "trampilla",
            "puerta comedor",
        ],
    },
    "result": {
        "en": ["granted", "denied (schedule)", "held open alarm", "forced", "granted (PIN)"],
        "de": [
            "erlaubt",
            "abgelehnt (Zeitplan)",
            "Offenhaltealarm",
            "aufgebrochen",
            "erlaubt (PIN)",
        ],
        "fr": ["autorisé", "refusé (horaire)", "alarme porte ouverte", "forcé", "autorisé (PIN)"],
        "es": [
            "permitido",
            "denegado (horario)",
            "alarma puerta abierta",
            "forzado",
            "permitido (PIN)",
        ],
    },
    "topic": {
        "en": [
            "boathouse roof",
            "regatta budget",
            "junior squad",
            "insurance renewal",
            "oar inventory",
            "website",
            "clubhouse bar",
        ],
        "de": [
            "Bootshausdach",
            "Regattabudget",
            "Jugendgruppe",
            "Versicherung",
            "Ruderbestand",
            "Webseite",
            "Vereinsheim",
        ],
        "fr": [
            "toit du hangar",
            "budget régate",
            "section jeunes",
            "assurance",
            "inventaire des avirons",
            "site web",
            "buvette",
        ],
        "es": [
            "tejado del cobertizo",
            "presupuesto regata",
            "cantera",
            "seguro",
            "inventario de remos",
            "web",
            "bar del club",
        ],
    },
    "decision": {
        "en": [
            "the board agreed to get two more quotes",
            "postponed to the spring meeting",
            "approved by show of hands",
            "a working group will report back",
            "no objections were raised",
            "the treasurer will check the figures",
        ],
        "de": [
            "der Vorstand holt zwei weitere Angebote ein",
            "vertagt auf die Frühjahrssitzung",
            "per Handzeichen angenommen",
            "eine Arbeitsgruppe berichtet nächstes Mal",
            "keine Einwände",
            "der Kassenwart prüft die Zahlen",
        ],
        "fr": [
            "le bureau demandera deux devis de plus",
            "reporté à la réunion de printemps",
            "adopté à main levée",
            "un groupe de travail fera un retour",
            "aucune objection",
            "le trésorier vérifiera les chiffres",
        ],
        "es": [
            "la junta pedirá dos presupuestos más",
            "aplazado a la reunión de primavera",
            "aprobado a mano alzada",
            "un grupo de trabajo informará",
            "sin objeciones",
            "el tesorero revisará las cifras",
        ],
    },
    "verb": {
        "en": ["Fixed", "Added", "Deprecated", "Removed", "Sped up", "Documented"],
        "de": ["Behoben", "Hinzugefügt", "Veraltet", "Entfernt", "Beschleunigt", "Dokumentiert"],
        "fr": ["Corrigé", "Ajouté", "Déprécié", "Supprimé", "Accéléré", "Documenté"],
        "es": ["Corregido", "Añadido", "Obsoleto", "Eliminado", "Acelerado", "Documentado"],
    },
    "component": [
        "tokenizer",
        "csv reader",
        "date parser",
        "plugin loader",
        "cache layer",
        "cli",
        "unicode normaliser",
        "config schema",
    ],
    "product": {
        "en": [
            "garden hose 25m",
            "seed tray",
            "compost 40L",
            "secateurs",
            "watering can",
            "bird feeder",
            "rake",
        ],
        "de": [
            "Gartenschlauch 25m",
            "Anzuchtschale",
            "Komposterde 40L",
            "Gartenschere",
            "Gießkanne",
            "Vogelhaus",
            "Rechen",
        ],
        "fr": [
            "tuyau 25m",
            "plateau à semis",
            "terreau 40L",
            "sécateur",
            "arrosoir",
            "mangeoire",
            "râteau",
        ],
        "es": [
            "manguera 25m",
            "semillero",
            "sustrato 40L",
            "tijeras de podar",
            "regadera",
            "comedero",
            "rastrillo",
        ],
    },
    "move": {
        "en": ["goods-in", "pick", "return", "stocktake", "transfer"],
        "de": ["Wareneingang", "Kommission", "Retoure", "Inventur", "Umlagerung"],
        "fr": ["réception", "préparation", "retour", "inventaire", "transfert"],
        "es": ["entrada", "picking", "devolución", "inventario", "traspaso"],
    },
    "hike": {
        "en": [
            "we crossed a scree field",
            "fog rolled in over the ridge",
            "the path was washed out",
            "we refilled water at a spring",
            "marmots whistled near the cairn",
            "the hut warden served lentil soup",
            "the descent was slippery",
        ],
        "de": [
            "wir querten ein Geröllfeld",
            "Nebel zog über den Grat",
            "der Weg war ausgewaschen",
            "wir füllten Wasser an einer Quelle",
            "Murmeltiere pfiffen am Steinmann",
            "der Hüttenwirt kochte Linsensuppe",
            "der Abstieg war rutschig",
        ],
        "fr": [
            "nous avons traversé un pierrier",
            "le brouillard a couvert la crête",
            "le sentier était raviné",
            "on a rempli les gourdes à une source",
            "des marmottes sifflaient près du cairn",
            "le gardien a servi une soupe de lentilles",
            "la descente était glissante",
        ],
        "es": [
            "cruzamos un pedregal",
            "la niebla cubrió la cresta",
            "el sendero estaba erosionado",
            "rellenamos agua en una fuente",
            "las marmotas silbaban junto al hito",
            "el guarda sirvió sopa de lentejas",
            "la bajada resbalaba",
        ],
    },
    "species": [
        "Tilia cordata",
        "Acer platanoides",
        "Platanus x hispanica",
        "Quercus robur",
        "Fraxinus excelsior",
        "Ginkgo biloba",
        "Carpinus betulus",
        "Sophora japonica",
    ],
    "state": {
        "en": ["good", "fair", "deadwood", "stake loose", "root heave"],
        "de": ["gut", "mittel", "Totholz", "Pfahl lose", "Wurzelhebung"],
        "fr": ["bon", "moyen", "bois mort", "tuteur desserré", "soulèvement racinaire"],
        "es": ["bueno", "regular", "madera muerta", "tutor suelto", "raíces levantan acera"],
    },
}


def access_log(r: random.Random, lang: str, n: int, day: int) -> list[str]:
    out, sec = [], 6 * 3600 + r.randint(0, 600)
    for i in range(n):
        sec += r.randint(7, 190)
        t = f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"
        out.append(
            f"2026-03-{day:02d}T{t} ctrl-{r.randint(1, 9)} {r.choice(W['door'][lang])} "
            f"badge=BX{r.randint(1000, 9999)} {r.choice(W['result'][lang])} seq={i + 1}"
        )
    return out


def minutes(r: random.Random, lang: str, n: int) -> list[str]:
    head = {"en": "Item", "de": "TOP", "fr": "Point", "es": "Punto"}[lang]
    return [
        f"{head} {i + 1}.{r.randint(1, 9)} {r.choice(W['topic'][lang])}: "
        f"{r.choice(W['decision'][lang])} ({r.randint(3, 29)}/{r.randint(30, 41)})."
        for i in range(n)
    ]


def release_notes(r: random.Random, lang: str, n: int) -> list[str]:
    return [
        f"- {4 + i // 40}.{i // 8 % 5}.{i % 8} {r.choice(W['verb'][lang])}: "
        f"{r.choice(W['component'])} #{2000 + 7 * i + r.randint(0, 6)}"
        for i in range(n)
    ]


def stock_csv(r: random.Random, lang: str, n: int) -> list[str]:
    out = ["date;sku;item;qty;bin;movement"]
    for i in range(n):
        out.append(
            f"2026-05-{1 + i // 12:02d};SKU-{r.randint(10000, 99999)}-{i};{r.choice(W['product'][lang])};"
            f"{r.randint(-40, 120)};R{r.randint(1, 30)}-{r.choice('ABCDEF')};{r.choice(W['move'][lang])}"
        )
    return out


def diary(r: random.Random, lang: str, n: int) -> list[str]:
    day = {"en": "Day", "de": "Tag", "fr": "Jour", "es": "Día"}[lang]
    out = []
    for i in range(n):
        h, m = 7 + i % 11, r.randint(0, 59)
        out.append(
            f"{day} {1 + i // 11}, {h:02d}:{m:02d}, {r.randint(900, 2900)} m: "
            f"{r.choice(W['hike'][lang])}; {r.randint(2, 14)} km."
        )
    return out


def trees(r: random.Random, lang: str, n: int) -> list[str]:
    return [
        f"- {{tree: BK-{i + 1:05d}, species: {r.choice(W['species'])}, planted: {r.randint(1952, 2021)}, "
        f"girth_cm: {r.randint(20, 310)}, state: {r.choice(W['state'][lang])}}}"
        for i in range(n)
    ]
