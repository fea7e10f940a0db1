# ruff: noqa: RUF001  (typographic dashes are part of the documents)
"""Long-document filler for sets E and F: line generators per document kind and language.

Every line carries a running number, a timestamp or a fresh combination, so no line repeats.
Sizing and placement of the middle block reuse gen_cd/filler_cd.py (size estimate, grow, around).
Kinds: E — Postfix mail logs, hotel night-audit reports, food-bank volunteer handbooks, city
walking guides; F — Kubernetes audit logs, garage workshop job logs, trade-union branch
bulletins, software release notes.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen_cd"))
from filler_cd import around, grow, size_est
from kit_ef import hexs, upper_alnum

__all__ = ["around", "document", "grow", "size_est"]


def document(r: random.Random, gen, target: int, mid: str, head: str = "") -> str:
    seed = r.random()
    lines = grow(lambda k: gen(random.Random(seed), k), target)
    return (head + "\n" if head else "") + around(lines, mid)


def _clock(i: int, base_h: int = 6) -> str:
    s = i * 37 + 11
    return f"{base_h + s // 3600 % 12:02d}:{s // 60 % 60:02d}:{s % 60:02d}"


# ---------- E: Postfix mail log (language-independent lines) ----------
_PF_HOSTS = ["mx-relay-02", "mx-relay-03", "smtp-out-01"]
_PF_DOMAINS = [
    "gmail.com",
    "outlook.com",
    "web.de",
    "orange.fr",
    "telefonica.net",
    "gmx.net",
    "yahoo.es",
    "icloud.com",
]


def postfix_lines(r: random.Random, n: int) -> list[str]:
    out = []
    for i in range(n):
        t = f"Mar 18 {_clock(i)}"
        h = r.choice(_PF_HOSTS)
        qid = upper_alnum(r, 11)
        k = r.randrange(6)
        if k == 0:
            out.append(
                f"{t} {h} postfix/smtpd[{r.randint(2000, 9999)}]: connect from unknown[10.20.{r.randint(0, 9)}.{r.randint(2, 250)}]"
            )
        elif k == 1:
            out.append(
                f"{t} {h} postfix/cleanup[{r.randint(2000, 9999)}]: {qid}: message-id=<{hexs(r, 12)}.{i}@notify.internal>"
            )
        elif k == 2:
            out.append(
                f"{t} {h} postfix/qmgr[1187]: {qid}: from=<noreply-{r.choice(['billing', 'alerts', 'reports', 'status'])}@notify.internal>, size={r.randint(1800, 90000)}, nrcpt=1 (queue active)"
            )
        elif k == 3:
            out.append(
                f"{t} {h} postfix/smtp[{r.randint(2000, 9999)}]: {qid}: to=<list-{r.randint(100, 999)}@{r.choice(_PF_DOMAINS)}>, relay={r.choice(['gmail-smtp-in.l.google.com', 'mx00.emig.gmx.net', 'smtp-in.orange.fr', 'mx1.hotmail.com'])}[{r.choice(['142.250', '212.227', '80.12', '52.101'])}.{r.randint(1, 254)}.{r.randint(1, 254)}]:25, delay={r.randint(1, 40) / 10}, dsn=2.0.0, status=sent (250 ok {hexs(r, 8)})"
            )
        elif k == 4:
            out.append(
                f"{t} {h} postfix/smtp[{r.randint(2000, 9999)}]: {qid}: to=<list-{r.randint(100, 999)}@{r.choice(_PF_DOMAINS)}>, delay={r.randint(5, 300)}, dsn=4.7.{r.randint(0, 9)}, status=deferred (host said: 421 try again later)"
            )
        else:
            out.append(f"{t} {h} postfix/qmgr[1187]: {qid}: removed")
    return out


# ---------- E: hotel night-audit report (de, fr) ----------
HOTEL = {
    "de": (
        "Zimmer {room} | Status: {st} | Buchung {ref} | Kanal: {ch} | Nächte: {n} | Rate: {rate} EUR | HK: {hk} | {x}",
        [
            "belegt",
            "frei/sauber",
            "frei/schmutzig",
            "Abreise heute",
            "außer Betrieb",
            "Anreise erwartet",
        ],
        ["Direkt", "Booking", "Expedia", "Firmenkontingent", "Reisebüro", "Walk-in"],
        ["erledigt", "offen", "Kontrolle", "Minibar prüfen", "Turn-down"],
        [
            "",
            "Late Check-out 13 Uhr",
            "Kinderbett gewünscht",
            "Parkplatz P2",
            "Frühstück inkl.",
            "Rechnung an Firma",
            "Allergikerkissen",
            "ruhiges Zimmer",
        ],
    ),
    "fr": (
        "Chambre {room} | Statut : {st} | Réservation {ref} | Canal : {ch} | Nuits : {n} | Tarif : {rate} EUR | Ménage : {hk} | {x}",
        [
            "occupée",
            "libre/propre",
            "libre/sale",
            "départ du jour",
            "hors service",
            "arrivée prévue",
        ],
        ["Direct", "Booking", "Expedia", "Contrat entreprise", "Agence", "Sans réservation"],
        ["fait", "à faire", "contrôle", "vérifier minibar", "couverture"],
        [
            "",
            "Départ tardif 13 h",
            "Lit bébé demandé",
            "Parking niveau -2",
            "Petit-déjeuner inclus",
            "Facture société",
            "Oreiller hypoallergénique",
            "Chambre calme",
        ],
    ),
}


def hotel_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, st, ch, hk, x = HOTEL[lang]
    return [
        fmt.format(
            room=100 + (i // 24) * 100 + i % 24 + 1,
            st=r.choice(st),
            ref=f"R{r.randint(20, 29)}-{upper_alnum(r, 6)}",
            ch=r.choice(ch),
            n=r.randint(1, 9),
            rate=r.choice([89, 104, 119, 139, 165, 189, 210]),
            hk=r.choice(hk),
            x=r.choice(x),
        ).rstrip(" |")
        for i in range(n)
    ]


# ---------- E: food-bank volunteer handbook (all languages) ----------
FOODBANK = {
    "en": (
        "{n}. {topic}: {rule} Who: {who}. When: {when}.",
        [
            "Receiving donations",
            "Cold chain",
            "Sorting tins",
            "Date labels",
            "Allergen shelf",
            "Van loading",
            "Till-free counter",
            "Nappies and hygiene",
            "Fresh produce",
            "Volunteer rota",
            "Lost keys",
            "Fire exits",
            "Manual handling",
            "Pet food",
            "Baby formula",
        ],
        [
            "check the seal and the best-before date, and set aside anything dented.",
            "log the fridge temperature on the clipboard by the door.",
            "stack heavy items on the lowest shelf only.",
            "never hand out anything past its use-by date.",
            "keep nut products on the red shelf and label the crate.",
            "two people lift anything over fifteen kilos.",
            "parcels are packed by household size, not by request.",
            "restock from the back so older stock leaves first.",
            "wipe the counters with the blue cloths, not the green ones.",
            "sign the rota at least a week ahead.",
        ],
        [
            "the shift lead",
            "any volunteer",
            "the warehouse coordinator",
            "the driver on duty",
            "the Tuesday team",
            "whoever opens up",
        ],
        [
            "at the start of each shift",
            "before the doors open",
            "every Friday",
            "after each delivery",
            "at closing",
            "on the first Monday of the month",
        ],
    ),
    "de": (
        "{n}. {topic}: {rule} Wer: {who}. Wann: {when}.",
        [
            "Warenannahme",
            "Kühlkette",
            "Konserven sortieren",
            "Haltbarkeitsdaten",
            "Allergenregal",
            "Transporter beladen",
            "Ausgabetheke",
            "Hygieneartikel",
            "Obst und Gemüse",
            "Dienstplan",
            "Schlüssel",
            "Fluchtwege",
            "Heben und Tragen",
            "Tierfutter",
            "Babynahrung",
        ],
        [
            "Verschluss und Mindesthaltbarkeitsdatum prüfen, verbeulte Dosen aussortieren.",
            "Kühlschranktemperatur auf dem Klemmbrett an der Tür eintragen.",
            "Schweres nur ins unterste Regal stellen.",
            "Nichts ausgeben, dessen Verbrauchsdatum überschritten ist.",
            "Nussprodukte ins rote Regal und die Kiste beschriften.",
            "Alles über fünfzehn Kilo zu zweit heben.",
            "Tüten nach Haushaltsgröße packen, nicht nach Wunsch.",
            "Von hinten auffüllen, damit ältere Ware zuerst rausgeht.",
            "Theken mit den blauen Tüchern abwischen, nicht mit den grünen.",
            "Im Dienstplan mindestens eine Woche vorher eintragen.",
        ],
        [
            "die Schichtleitung",
            "alle Ehrenamtlichen",
            "die Lagerkoordination",
            "der Fahrdienst",
            "das Dienstagsteam",
            "wer aufschließt",
        ],
        [
            "zu Schichtbeginn",
            "vor der Öffnung",
            "jeden Freitag",
            "nach jeder Lieferung",
            "beim Abschließen",
            "am ersten Montag im Monat",
        ],
    ),
    "fr": (
        "{n}. {topic} : {rule} Qui : {who}. Quand : {when}.",
        [
            "Réception des dons",
            "Chaîne du froid",
            "Tri des conserves",
            "Dates limites",
            "Rayon allergènes",
            "Chargement du camion",
            "Comptoir de distribution",
            "Hygiène et couches",
            "Fruits et légumes",
            "Planning des bénévoles",
            "Clés",
            "Issues de secours",
            "Port de charges",
            "Nourriture animale",
            "Lait infantile",
        ],
        [
            "vérifier l'opercule et la date, écarter les boîtes cabossées.",
            "noter la température du frigo sur la feuille près de la porte.",
            "ranger le lourd uniquement en bas.",
            "ne rien distribuer après la date limite de consommation.",
            "mettre les produits aux noix sur l'étagère rouge et étiqueter la caisse.",
            "porter à deux tout ce qui dépasse quinze kilos.",
            "préparer les colis selon la taille du foyer, pas à la demande.",
            "réapprovisionner par l'arrière pour écouler l'ancien stock.",
            "nettoyer les comptoirs avec les lavettes bleues, pas les vertes.",
            "s'inscrire au planning au moins une semaine avant.",
        ],
        [
            "le responsable de créneau",
            "tout bénévole",
            "la coordinatrice de l'entrepôt",
            "le chauffeur de service",
            "l'équipe du mardi",
            "la personne qui ouvre",
        ],
        [
            "en début de créneau",
            "avant l'ouverture",
            "chaque vendredi",
            "après chaque livraison",
            "à la fermeture",
            "le premier lundi du mois",
        ],
    ),
    "es": (
        "{n}. {topic}: {rule} Quién: {who}. Cuándo: {when}.",
        [
            "Recepción de donaciones",
            "Cadena de frío",
            "Clasificar latas",
            "Fechas de caducidad",
            "Estante de alérgenos",
            "Carga de la furgoneta",
            "Mostrador de reparto",
            "Higiene y pañales",
            "Fruta y verdura",
            "Turnos de voluntariado",
            "Llaves",
            "Salidas de emergencia",
            "Levantar peso",
            "Comida para mascotas",
            "Leche infantil",
        ],
        [
            "revisar el precinto y la fecha, apartar las latas abolladas.",
            "anotar la temperatura de la nevera en la hoja de la puerta.",
            "colocar lo pesado solo en la balda de abajo.",
            "no entregar nada con la fecha de caducidad pasada.",
            "poner los productos con frutos secos en el estante rojo y rotular la caja.",
            "levantar entre dos todo lo que pase de quince kilos.",
            "preparar los lotes según el tamaño del hogar, no a petición.",
            "reponer por detrás para que salga antes lo más antiguo.",
            "limpiar los mostradores con las bayetas azules, no con las verdes.",
            "apuntarse al turno con una semana de antelación como mínimo.",
        ],
        [
            "el responsable de turno",
            "cualquier voluntario",
            "la coordinadora del almacén",
            "el conductor de guardia",
            "el equipo del martes",
            "quien abra",
        ],
        [
            "al empezar el turno",
            "antes de abrir",
            "cada viernes",
            "tras cada entrega",
            "al cerrar",
            "el primer lunes de cada mes",
        ],
    ),
}


def foodbank_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, topics, rules, who, when = FOODBANK[lang]
    return [
        fmt.format(
            n=f"{i // 10 + 1}.{i % 10 + 1}",
            topic=r.choice(topics),
            rule=r.choice(rules),
            who=r.choice(who),
            when=r.choice(when),
        )
        for i in range(n)
    ]


# ---------- E: city walking guide (all languages; public places only) ----------
GUIDE = {
    "en": (
        "Stop {n} – {place}. {fact} Allow {mins} minutes; {tip}",
        [
            "the Royal Exchange",
            "Leadenhall Market",
            "St Bride's Church",
            "the Monument",
            "Guildhall Yard",
            "Postman's Park",
            "the Temple Church",
            "Smithfield Market",
            "Bunhill Fields",
            "the old Billingsgate building",
        ],
        [
            "The façade was rebuilt after the fire of 1838.",
            "Its roof is Victorian cast iron and glass.",
            "The spire is said to have inspired tiered wedding cakes.",
            "There are 311 steps to the gallery.",
            "The outline of a Roman amphitheatre is marked in the paving.",
            "A wall of ceramic tablets remembers everyday heroism.",
            "It was built by the Knights Templar.",
            "Meat has been traded here for over eight centuries.",
            "A nonconformist burial ground, now a quiet garden.",
            "The former fish market is now an events venue.",
        ],
        [10, 15, 20, 25, 30],
        [
            "the café on the corner takes cards only.",
            "look up at the carved dragons.",
            "photography inside is allowed without flash.",
            "the steps are steep, take it slowly.",
            "benches are on the north side.",
            "toilets are in the basement.",
            "closed on Sunday mornings.",
        ],
    ),
    "de": (
        "Station {n} – {place}. {fact} Dauer etwa {mins} Minuten; {tip}",
        [
            "der Zwinger",
            "die Frauenkirche",
            "der Fürstenzug",
            "die Brühlsche Terrasse",
            "die Semperoper",
            "das Albertinum",
            "der Stallhof",
            "die Kreuzkirche",
            "das Japanische Palais",
            "der Goldene Reiter",
        ],
        [
            "Der Bau dauerte fast zwei Jahrzehnte.",
            "Die Fassade wurde nach 1945 aus Trümmersteinen rekonstruiert.",
            "Das Wandbild besteht aus rund 23 000 Porzellanfliesen.",
            "Man nennt sie den Balkon Europas.",
            "Das Haus wurde zweimal zerstört und wieder aufgebaut.",
            "Im Inneren hängen Werke der Romantik.",
            "Hier fanden früher Ritterturniere statt.",
            "Hier singt der Kreuzchor.",
            "Es war einmal als Porzellanschloss geplant.",
            "Das Reiterstandbild ist vergoldet.",
        ],
        [10, 15, 20, 25, 30],
        [
            "das Café gegenüber nimmt nur Karte.",
            "auf die Steinmetzzeichen achten.",
            "drinnen ohne Blitz fotografieren.",
            "die Treppen sind steil.",
            "Bänke stehen auf der Nordseite.",
            "Toiletten im Untergeschoss.",
            "sonntags vormittags geschlossen.",
        ],
    ),
    "fr": (
        "Étape {n} – {place}. {fact} Comptez {mins} minutes ; {tip}",
        [
            "la place Bellecour",
            "la basilique de Fourvière",
            "le théâtre gallo-romain",
            "la cathédrale Saint-Jean",
            "les traboules du Vieux-Lyon",
            "la Croix-Rousse",
            "le mur des Canuts",
            "l'Hôtel de Ville",
            "l'Opéra",
            "le parc de la Tête d'Or",
        ],
        [
            "La statue équestre date de 1825.",
            "On l'appelle parfois l'éléphant renversé.",
            "Les gradins accueillent encore des concerts l'été.",
            "L'horloge astronomique date du XIVe siècle.",
            "Ces passages permettaient de transporter la soie à l'abri.",
            "La colline était le quartier des tisseurs.",
            "La fresque est mise à jour tous les dix ans environ.",
            "La façade donne sur la place des Terreaux.",
            "La verrière a été ajoutée par Jean Nouvel.",
            "Le parc abrite un petit zoo gratuit.",
        ],
        [10, 15, 20, 25, 30],
        [
            "le café d'en face ne prend que la carte.",
            "levez les yeux vers les gargouilles.",
            "photos sans flash autorisées.",
            "les marches sont raides.",
            "des bancs côté nord.",
            "toilettes au sous-sol.",
            "fermé le dimanche matin.",
        ],
    ),
    "es": (
        "Parada {n} – {place}. {fact} Calcula {mins} minutos; {tip}",
        [
            "la Lonja de la Seda",
            "el Mercado Central",
            "la Catedral",
            "las Torres de Serranos",
            "el Palacio del Marqués de Dos Aguas",
            "la Ciudad de las Artes y las Ciencias",
            "el Jardín del Turia",
            "la Plaza Redonda",
            "el Museo de Bellas Artes",
            "la Estación del Norte",
        ],
        [
            "Su sala de columnas es gótica civil.",
            "La cúpula modernista es de hierro y vidrio.",
            "Dicen que guarda un Santo Grial.",
            "Eran una de las puertas de la antigua muralla.",
            "La portada de alabastro es barroca.",
            "El conjunto lo diseñó Santiago Calatrava.",
            "El antiguo cauce del río es hoy un parque.",
            "Es una plaza circular del siglo XIX llena de mercerías.",
            "Guarda un autorretrato de Velázquez.",
            "La estación tiene mosaicos de naranjas.",
        ],
        [10, 15, 20, 25, 30],
        [
            "el café de enfrente solo acepta tarjeta.",
            "fíjate en las gárgolas.",
            "se puede fotografiar sin flash.",
            "las escaleras son empinadas.",
            "hay bancos en el lado norte.",
            "aseos en el sótano.",
            "cerrado los domingos por la mañana.",
        ],
    ),
}


def guide_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, places, facts, mins, tips = GUIDE[lang]
    assert len(places) == len(facts)  # each place keeps its own fact
    out = []
    for i in range(n):
        j = r.randrange(len(places))
        out.append(
            fmt.format(
                n=i + 1, place=places[j], fact=facts[j], mins=r.choice(mins), tip=r.choice(tips)
            )
        )
    return out
