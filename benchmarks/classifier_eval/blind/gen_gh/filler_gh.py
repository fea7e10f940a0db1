# ruff: noqa: RUF001  (typographic dashes are part of the documents)
"""Long-document line generators for sets G and H, one per document kind, in four languages.

Each generator returns one line built from slot combinations and counters, so a document of
thousands of tokens has no repeated line; kit_gh.longdoc puts the personal block (or, in the
negatives, its look-alike) in the middle. No filler line holds personal data beyond a chat
member's first name, a public IPv4 address or a checksum-valid personal identifier.
"""

import random

from kit_gh import digits

# --- set G: club race results (structured), allotment forum (free text), novel study notes (negative)

_BOATS = ["ILCA 7", "ILCA 6", "RS Aero", "Finn", "Wayfarer", "GP14", "Solo", "RS200", "Topper"]
_RACE = {"en": "Race", "de": "Wettfahrt", "fr": "Manche", "es": "Regata"}
_STAT = {
    "en": ["finished", "DNF", "OCS", "finished", "finished", "RET", "finished"],
    "de": ["im Ziel", "DNF", "OCS", "im Ziel", "im Ziel", "aufgegeben", "im Ziel"],
    "fr": ["arrivé", "DNF", "OCS", "arrivé", "arrivé", "abandon", "arrivé"],
    "es": ["llegada", "DNF", "OCS", "llegada", "llegada", "retirado", "llegada"],
}


def race_line(lang: str):
    def line(r: random.Random, i: int) -> str:
        day = f"2026-{r.randint(4, 9):02d}-{r.randint(1, 28):02d}"
        return (
            f"{day};{_RACE[lang]} {r.randint(1, 14)};{r.choice(_BOATS)};sail {r.randint(1000, 219999)};"
            f"{r.choice(_STAT[lang])};{r.randint(0, 1)}:{r.randint(10, 59):02d}:{r.randint(0, 59):02d};"
            f"wind {r.randint(4, 24)} kn {r.choice(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'])};"
            f"pts {r.randint(1, 40)}.{r.choice('05')}"
        )

    return line


_FORUM = {
    "en": (
        ["plot_", "veg_", "muddyboots", "compost", "runnerbean", "shedlife", "rhubarb"],
        [
            "The slugs are back on the brassicas",
            "Anyone else losing courgettes to mildew",
            "Water butts on the east side are empty again",
            "Tried beer traps along the onion bed",
            "The shared rotavator needs a new spark plug",
            "Seed swap table is by the gate this weekend",
            "Wood chip delivery came early",
            "Blackfly all over the broad beans",
            "Netting the strawberries worked this year",
            "The frost pocket by the hedge caught my dahlias",
        ],
        [
            "so I've moved the comfrey tea to the other tank",
            "— any tips welcome",
            "and the committee says it'll be sorted by the AGM",
            "which did more than the copper tape",
            "so please book it on the sheet",
            "bring labelled packets please",
            "so it's piled by the compost bays",
            "and nettle spray only slowed them down",
            "with a double layer over hoops",
            "next year they go in pots",
        ],
    ),
    "de": (
        ["parzelle", "gruenkohl", "beetfee", "kompost", "laubenpieper", "rhabarber", "giesser"],
        [
            "Die Schnecken sind wieder am Kohl",
            "Hat noch jemand Mehltau an den Zucchini",
            "Die Regentonnen an der Ostseite sind schon wieder leer",
            "Ich habe Bierfallen am Zwiebelbeet ausprobiert",
            "Die Gemeinschaftsfräse braucht eine neue Zündkerze",
            "Der Saatguttausch steht am Wochenende am Tor",
            "Der Häcksel kam früher als gedacht",
            "Lauter schwarze Läuse an den Ackerbohnen",
            "Das Netz über den Erdbeeren hat dieses Jahr gehalten",
            "Der Frost an der Hecke hat meine Dahlien erwischt",
        ],
        [
            "also steht die Beinwelljauche jetzt im anderen Fass",
            "– Tipps gern gesehen",
            "und der Vorstand sagt, bis zur Versammlung ist das erledigt",
            "das hat mehr gebracht als das Kupferband",
            "bitte in die Liste eintragen",
            "bitte beschriftete Tütchen mitbringen",
            "liegt jetzt neben den Kompostboxen",
            "und Brennnesseljauche hat sie nur gebremst",
            "doppelt über Bögen gespannt",
            "nächstes Jahr kommen sie in Töpfe",
        ],
    ),
    "fr": (
        ["parcelle", "potager", "compost", "binette", "rhubarbe", "arrosoir", "poireau"],
        [
            "Les limaces sont revenues sur les choux",
            "Quelqu'un d'autre a de l'oïdium sur les courgettes",
            "Les récupérateurs d'eau côté est sont encore vides",
            "J'ai testé les pièges à bière autour des oignons",
            "Le motoculteur commun a besoin d'une bougie neuve",
            "La table d'échange de graines est près du portail ce week-end",
            "Le broyat est arrivé plus tôt que prévu",
            "Des pucerons noirs partout sur les fèves",
            "Le filet sur les fraisiers a tenu cette année",
            "La gelée près de la haie a eu mes dahlias",
        ],
        [
            "du coup le purin de consoude est dans l'autre cuve",
            "— tous les conseils sont bienvenus",
            "et le bureau dit que ce sera réglé avant l'assemblée",
            "ça a mieux marché que le ruban de cuivre",
            "merci de réserver sur la feuille",
            "apportez des sachets étiquetés svp",
            "il est en tas à côté des bacs à compost",
            "et le purin d'ortie les a juste ralentis",
            "en double épaisseur sur des arceaux",
            "l'an prochain ce sera en pots",
        ],
    ),
    "es": (
        ["parcela", "huerta", "compost", "azada", "ruibarbo", "regadera", "puerro"],
        [
            "Han vuelto las babosas a las coles",
            "¿Alguien más tiene oídio en los calabacines?",
            "Los depósitos de agua del lado este están otra vez vacíos",
            "Probé trampas de cerveza junto a las cebollas",
            "El motocultor común necesita una bujía nueva",
            "La mesa de intercambio de semillas está junto a la puerta este finde",
            "La astilla llegó antes de lo previsto",
            "Pulgón negro por todas las habas",
            "La malla sobre las fresas aguantó este año",
            "La helada junto al seto se llevó mis dalias",
        ],
        [
            "así que el purín de consuelda está en el otro bidón",
            "— se aceptan consejos",
            "y la junta dice que estará resuelto antes de la asamblea",
            "funcionó mejor que la cinta de cobre",
            "apuntaos en la hoja, por favor",
            "traed sobres etiquetados",
            "está amontonada junto a los composteros",
            "y el purín de ortiga solo los frenó",
            "con doble capa sobre arcos",
            "el año que viene irán en macetas",
        ],
    ),
}


def forum_line(lang: str):
    handles, openings, endings = _FORUM[lang]

    def line(r: random.Random, i: int) -> str:
        who = f"{r.choice(handles)}{r.randint(2, 98)}"
        return (
            f"#{1000 + i} [{who}] {r.choice(openings)} (#{r.randint(1, 40)}) {r.choice(endings)}."
        )

    return line


_NOVEL = {
    "en": (
        "Chapter",
        ["theme", "motif", "setting", "narration", "symbol", "irony", "tone"],
        [
            "the red-room returns as a memory of confinement",
            "fire and ice mark the shift in Jane's standing",
            "Thornfield's corridors stage the secret before it is told",
            "the first-person voice looks back from ten years later",
            "the chestnut tree split by lightning foreshadows the break",
            "Lowood's rules are set against Helen's patience",
            "Rochester's disguise tests what Jane will say unguarded",
            "the moors strip Jane of name and money alike",
            "St John's offer is duty without love",
            "Ferndean closes the book in a smaller, quieter world",
        ],
    ),
    "de": (
        "Kapitel",
        ["Thema", "Motiv", "Schauplatz", "Erzählweise", "Symbol", "Ironie", "Ton"],
        [
            "der Verfall der Firma spiegelt sich im Haus",
            "Tonys Heiratsentscheidung folgt dem Familienbuch",
            "Hannos Musik steht gegen die Welt des Kontors",
            "der Erzähler kommentiert mit ironischer Distanz",
            "die Zähne als Leitmotiv des körperlichen Niedergangs",
            "Thomas' Fassade wird immer mühsamer gehalten",
            "Christian als Gegenbild zur Pflicht",
            "die Schule als Ort der Demütigung",
            "Travemünde als Ort der Freiheit auf Zeit",
            "Konsul Buddenbrooks Frömmigkeit und Geschäftssinn",
        ],
    ),
    "fr": (
        "Chapitre",
        ["thème", "motif", "décor", "narration", "symbole", "ironie", "ton"],
        [
            "le château d'If comme tombeau et renaissance",
            "l'abbé Faria transmet savoir et trésor",
            "les masques successifs de Dantès",
            "la vengeance froide contre Danglars",
            "Mercédès entre fidélité et oubli",
            "Villefort et le secret de la maison d'Auteuil",
            "le narrateur retient l'identité du comte",
            "Haydée et la justice rendue à Janina",
            "Monte-Cristo doute de son droit à punir",
            "« attendre et espérer » comme dernière leçon",
        ],
    ),
    "es": (
        "Capítulo",
        ["tema", "motivo", "escenario", "narración", "símbolo", "ironía", "tono"],
        [
            "Vetusta como ciudad que vigila y murmura",
            "la torre de la catedral y la mirada del Magistral",
            "el aburrimiento de Ana como enfermedad del alma",
            "el casino como teatro de la vanidad",
            "don Álvaro Mesía y la conquista como oficio",
            "el narrador penetra en la conciencia con ironía",
            "la confesión como lucha de poder",
            "el paseo del Espolón y la vida pública",
            "Frígilis y la naturaleza frente a la ciudad",
            "el sapo del final como imagen de la humillación",
        ],
    ),
}


def novel_line(lang: str):
    word, aspects, notes = _NOVEL[lang]

    def line(r: random.Random, i: int) -> str:
        return (
            f"{word} {r.randint(1, 38)}, p. {r.randint(3, 540)} — {r.choice(aspects)}: "
            f"{r.choice(notes)} [{r.choice('ABCDE')}{r.randint(1, 99)}]"
        )

    return line


# --- set H: RADIUS log (structured), hiking-club chat export (free text), parts catalogue (negative)


def radius_line(lang: str):
    def line(r: random.Random, i: int) -> str:
        t = f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}.{digits(r, 3)}"
        mac = "-".join(f"{r.randint(0, 255):02X}" for _ in range(6))
        kind = r.choice(
            [
                f"Acct-Status-Type=Interim-Update Acct-Session-Id={r.randint(10**7, 10**8):X} Acct-Input-Octets={r.randint(10**4, 10**9)}",
                f"Auth: Login OK: [{mac}] (from client ap-{r.choice(['lobby', 'floor2', 'floor3', 'cafe', 'dock'])}-{r.randint(1, 9)} port {r.randint(1, 48)} cli {mac})",
                f"Acct-Status-Type=Stop Acct-Terminate-Cause={r.choice(['Idle-Timeout', 'Lost-Carrier', 'Session-Timeout'])} NAS-IP-Address=10.{r.randint(0, 9)}.{r.randint(0, 250)}.{r.randint(2, 250)}",
                f"rlm_sql: reserved connection {r.randint(0, 63)} (pool size {r.randint(8, 64)})",
                f"Ready to process requests (queue depth {r.randint(0, 17)})",
            ]
        )
        return f"2026-11-{r.randint(1, 30):02d} {t} radiusd[{r.randint(900, 9999)}]: {kind}"

    return line


_HIKE = {
    "en": (
        ["Bryn", "Tam", "Noor", "Ifan", "Suze", "Kit", "Oona", "Rafe"],
        [
            "who's bringing the stove for Saturday",
            "forecast says gusts of 50 on the ridge",
            "car share from the leisure centre at 7",
            "the bothy roof has been fixed apparently",
            "I've got spare crampons if anyone needs",
            "route card uploaded to the drive",
            "parking at the reservoir is £6 now",
            "don't forget head torches, sunset is 4:10",
            "the stream crossing was knee deep last time",
            "photos from the traverse are up",
        ],
    ),
    "de": (
        ["Jo", "Mats", "Pia", "Ole", "Rike", "Tjark", "Wanda", "Enno"],
        [
            "wer bringt am Samstag den Kocher mit",
            "laut Wetterbericht Böen bis 70 am Grat",
            "Fahrgemeinschaft ab Schwimmbad um 7",
            "das Dach der Selbstversorgerhütte ist angeblich repariert",
            "ich hab noch Grödel übrig, falls wer braucht",
            "die Tourenbeschreibung liegt im Ordner",
            "Parken am Stausee kostet jetzt 6 Euro",
            "Stirnlampen nicht vergessen, Sonnenuntergang 16:40",
            "die Bachquerung war letztes Mal knietief",
            "Fotos von der Überschreitung sind hochgeladen",
        ],
    ),
    "fr": (
        ["Lou", "Mael", "Nine", "Tao", "Yann", "Zoé", "Gaël", "Romy"],
        [
            "qui apporte le réchaud samedi",
            "la météo annonce des rafales à 70 sur la crête",
            "covoiturage depuis la piscine à 7 h",
            "le toit du refuge non gardé a été réparé paraît-il",
            "j'ai des crampons en rab si besoin",
            "le topo est sur le drive",
            "le parking du lac est à 6 € maintenant",
            "n'oubliez pas les frontales, coucher du soleil 17 h 10",
            "le passage du torrent était aux genoux la dernière fois",
            "les photos de la traversée sont en ligne",
        ],
    ),
    "es": (
        ["Iker", "Lúa", "Brais", "Noa", "Uxue", "Telmo", "Sira", "Xabi"],
        [
            "¿quién trae el hornillo el sábado?",
            "el parte dice rachas de 70 en la cresta",
            "coche compartido desde el polideportivo a las 7",
            "dicen que ya arreglaron el tejado del refugio libre",
            "tengo crampones de sobra si alguien necesita",
            "la ruta está subida a la carpeta",
            "el parking del embalse ya cuesta 6 €",
            "no olvidéis los frontales, anochece a las 18:10",
            "el vadeo del arroyo estaba por la rodilla la última vez",
            "ya están las fotos de la travesía",
        ],
    ),
}


def hike_line(lang: str):
    people, msgs = _HIKE[lang]
    tails = ["", " 👍", " ??", " 🙂", " (again)", " !!", " 🥾", " ⛰️"]

    def line(r: random.Random, i: int) -> str:
        ts = f"{r.randint(1, 28):02d}/{r.randint(9, 11):02d}/26, {r.randint(6, 23):02d}:{r.randint(0, 59):02d}"
        return f"[{ts}] {r.choice(people)}: {r.choice(msgs)}{r.choice(tails)}"

    return line


_PARTS = {
    "en": [
        "bearing",
        "gasket",
        "impeller",
        "drive belt",
        "seal kit",
        "thermostat",
        "fuse",
        "valve",
    ],
    "de": [
        "Lager",
        "Dichtung",
        "Laufrad",
        "Antriebsriemen",
        "Dichtsatz",
        "Thermostat",
        "Sicherung",
        "Ventil",
    ],
    "fr": [
        "roulement",
        "joint",
        "turbine",
        "courroie",
        "kit de joints",
        "thermostat",
        "fusible",
        "vanne",
    ],
    "es": [
        "rodamiento",
        "junta",
        "rodete",
        "correa",
        "kit de juntas",
        "termostato",
        "fusible",
        "válvula",
    ],
}


def parts_line(lang: str):
    def line(r: random.Random, i: int) -> str:
        from kit_gh import ean13, uuid

        return (
            f"P-{r.randint(10000, 99999)}-{r.choice('ABCDEFGH')} | {r.choice(_PARTS[lang])} "
            f"{r.choice(['M6', 'M8', 'M10', 'DN15', 'DN25', '3/4in', '1in'])} | EAN {ean13(r)} | "
            f"lot {r.choice(['A', 'B', 'K', 'T'])}{r.randint(100, 999)} | {uuid(r)} | "
            f"{r.randint(1, 400)} pcs | {r.randint(1, 90)}.{r.randint(0, 99):02d} EUR"
        )

    return line
