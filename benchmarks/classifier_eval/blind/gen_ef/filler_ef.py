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


# ---------- F: Kubernetes audit log (JSON lines, language-independent) ----------
_K8S_SA = [
    "system:serviceaccount:argocd:argocd-application-controller",
    "system:serviceaccount:kube-system:replicaset-controller",
    "system:serviceaccount:monitoring:prometheus",
    "system:serviceaccount:cert-manager:cert-manager",
    "system:kube-scheduler",
    "system:node:worker-7",
]
_K8S_RES = ["pods", "configmaps", "leases", "endpoints", "deployments", "events", "certificates"]
_K8S_NS = ["shop", "payments", "monitoring", "kube-system", "argocd", "search"]


def k8s_audit_lines(r: random.Random, n: int) -> list[str]:
    out = []
    for i in range(n):
        verb = r.choice(["get", "list", "watch", "update", "patch", "create"])
        res = r.choice(_K8S_RES)
        ns = r.choice(_K8S_NS)
        code = r.choice([200, 200, 200, 201, 404, 409])
        out.append(
            '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata",'
            f'"auditID":"{hexs(r, 8)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 12)}","stage":"ResponseComplete",'
            f'"requestURI":"/apis/apps/v1/namespaces/{ns}/{res}?resourceVersion={r.randint(10**6, 10**7)}","verb":"{verb}",'
            f'"user":{{"username":"{r.choice(_K8S_SA)}"}},"sourceIPs":["10.96.{r.randint(0, 15)}.{r.randint(2, 250)}"],'
            f'"objectRef":{{"resource":"{res}","namespace":"{ns}"}},"responseStatus":{{"code":{code}}},'
            f'"requestReceivedTimestamp":"2026-04-09T{_clock(i, 3)}.{r.randint(100000, 999999)}Z"}}'
        )
    return out


# ---------- F: garage workshop job log (fr, es) ----------
GARAGE = {
    "fr": (
        "OR {n} | {car} | {job} | pièces : {part} | MO : {h} h | statut : {st} | {x}",
        [
            "Clio IV 1.5 dCi",
            "308 SW BlueHDi",
            "Zoé R110",
            "C3 PureTech",
            "Kangoo Van",
            "Golf VII TDI",
            "Yaris hybride",
            "Dacia Duster",
        ],
        [
            "vidange + filtres",
            "plaquettes AV",
            "distribution",
            "climatisation recharge",
            "diagnostic voyant moteur",
            "pneus hiver x4",
            "embrayage",
            "contrôle pré-CT",
            "géométrie",
        ],
        [
            "réf. 7701478",
            "réf. 1610",
            "kit DAYCO KTB",
            "réf. 9808",
            "filtre MANN",
            "Michelin Alpin 6",
            "kit Valeo",
            "aucune",
        ],
        ["en attente pièces", "en cours", "terminé", "à facturer", "client prévenu"],
        [
            "",
            "véhicule de prêt",
            "devis accepté par tél.",
            "bruit signalé au freinage",
            "garantie constructeur",
            "flotte entreprise",
        ],
    ),
    "es": (
        "OT {n} | {car} | {job} | recambios: {part} | MO: {h} h | estado: {st} | {x}",
        [
            "Seat Arona 1.0 TSI",
            "León ST TDI",
            "Corolla híbrido",
            "Dacia Sandero",
            "Kia Ceed",
            "Peugeot 2008",
            "Citroën Berlingo",
            "Renault Clio",
        ],
        [
            "cambio de aceite y filtros",
            "pastillas delanteras",
            "kit de distribución",
            "carga de aire acondicionado",
            "diagnosis testigo motor",
            "4 neumáticos",
            "embrague",
            "pre-ITV",
            "alineado",
        ],
        [
            "ref. 04E115",
            "ref. 1K0698",
            "kit Gates",
            "ref. 9815",
            "filtro Bosch",
            "Michelin CrossClimate",
            "kit LuK",
            "ninguno",
        ],
        ["esperando piezas", "en curso", "terminado", "pendiente de facturar", "cliente avisado"],
        [
            "",
            "coche de sustitución",
            "presupuesto aceptado por teléfono",
            "ruido al frenar",
            "garantía de fábrica",
            "flota de empresa",
        ],
    ),
}


def garage_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, cars, jobs, parts, st, x = GARAGE[lang]
    return [
        fmt.format(
            n=f"{24000 + i * 3 + r.randint(0, 2)}",
            car=r.choice(cars),
            job=r.choice(jobs),
            part=r.choice(parts),
            h=r.choice(["0,5", "1", "1,5", "2", "3", "4,5"]),
            st=r.choice(st),
            x=r.choice(x),
        ).rstrip(" |")
        for i in range(n)
    ]


# ---------- F: trade-union branch bulletin (all languages; no persons in the filler) ----------
BULLETIN = {
    "en": (
        "Item {n} – {topic}: {body} ({when})",
        [
            "Pay round",
            "Health and safety",
            "Training",
            "Pensions",
            "Shift patterns",
            "Branch meeting",
            "Equality committee",
            "Hardship fund",
            "Recruitment drive",
            "Canteen prices",
        ],
        [
            "the employer's offer is below inflation and the branch will ballot.",
            "new racking inspections are overdue on two sites.",
            "a free course on negotiating skills has places left.",
            "the scheme's consultation closes soon; read the leaflet.",
            "four-on four-off trial extended by a month.",
            "quorum was not reached, so the vote moves.",
            "a survey on flexible working is open.",
            "applications are reviewed every fortnight.",
            "stall at the staff car park on pay day.",
            "prices rise by ten pence from next month.",
        ],
        [
            "this month",
            "next Tuesday",
            "by the end of the quarter",
            "from the 1st",
            "every second Thursday",
            "until further notice",
        ],
    ),
    "de": (
        "Punkt {n} – {topic}: {body} ({when})",
        [
            "Tarifrunde",
            "Arbeitsschutz",
            "Schulungen",
            "Betriebsrente",
            "Schichtmodelle",
            "Mitgliederversammlung",
            "Gleichstellungsausschuss",
            "Unterstützungsfonds",
            "Mitgliederwerbung",
            "Kantinenpreise",
        ],
        [
            "das Angebot der Arbeitgeberseite liegt unter der Inflation, es wird abgestimmt.",
            "die Regalprüfungen an zwei Standorten sind überfällig.",
            "ein kostenloses Verhandlungsseminar hat noch Plätze.",
            "die Frist zur Stellungnahme läuft bald ab, bitte das Faltblatt lesen.",
            "der Versuch mit vier Tagen an, vier Tagen frei wird verlängert.",
            "die Versammlung war nicht beschlussfähig, die Wahl wird verschoben.",
            "eine Umfrage zu flexiblen Arbeitszeiten läuft.",
            "Anträge werden alle zwei Wochen geprüft.",
            "Infostand am Mitarbeiterparkplatz am Zahltag.",
            "die Preise steigen um zehn Cent.",
        ],
        [
            "diesen Monat",
            "nächsten Dienstag",
            "bis Quartalsende",
            "ab dem 1.",
            "jeden zweiten Donnerstag",
            "bis auf Weiteres",
        ],
    ),
    "fr": (
        "Point {n} – {topic} : {body} ({when})",
        [
            "NAO salaires",
            "Santé et sécurité",
            "Formations",
            "Retraite complémentaire",
            "Horaires postés",
            "Assemblée de section",
            "Commission égalité",
            "Fonds de solidarité",
            "Campagne d'adhésion",
            "Prix de la cantine",
        ],
        [
            "la proposition de la direction est sous l'inflation, consultation des adhérents.",
            "les contrôles des rayonnages sont en retard sur deux sites.",
            "une formation gratuite à la négociation a encore des places.",
            "la consultation se termine bientôt, lisez le tract.",
            "l'essai quatre jours travaillés, quatre jours de repos est prolongé.",
            "le quorum n'a pas été atteint, le vote est reporté.",
            "un questionnaire sur le télétravail est ouvert.",
            "les demandes sont examinées tous les quinze jours.",
            "stand au parking du personnel le jour de paie.",
            "hausse de dix centimes le mois prochain.",
        ],
        [
            "ce mois-ci",
            "mardi prochain",
            "d'ici la fin du trimestre",
            "à partir du 1er",
            "un jeudi sur deux",
            "jusqu'à nouvel ordre",
        ],
    ),
    "es": (
        "Punto {n} – {topic}: {body} ({when})",
        [
            "Negociación salarial",
            "Salud laboral",
            "Formación",
            "Plan de pensiones",
            "Turnos",
            "Asamblea de sección",
            "Comisión de igualdad",
            "Fondo social",
            "Campaña de afiliación",
            "Precios del comedor",
        ],
        [
            "la oferta de la empresa está por debajo del IPC y se consultará a la plantilla.",
            "las revisiones de estanterías van con retraso en dos centros.",
            "quedan plazas en un curso gratuito de negociación.",
            "el plazo de alegaciones acaba pronto, leed la hoja informativa.",
            "se prorroga la prueba de cuatro días de trabajo y cuatro de descanso.",
            "no hubo quórum, la votación se aplaza.",
            "hay abierta una encuesta sobre teletrabajo.",
            "las solicitudes se revisan cada quince días.",
            "mesa informativa en el aparcamiento el día de cobro.",
            "suben diez céntimos el mes que viene.",
        ],
        [
            "este mes",
            "el martes que viene",
            "antes de fin de trimestre",
            "a partir del día 1",
            "un jueves sí y otro no",
            "hasta nuevo aviso",
        ],
    ),
}


def bulletin_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, topics, bodies, when = BULLETIN[lang]
    assert len(topics) == len(bodies)  # each topic keeps its own text
    out = []
    for i in range(n):
        j = r.randrange(len(topics))
        out.append(fmt.format(n=i + 1, topic=topics[j], body=bodies[j], when=r.choice(when)))
    return out


# ---------- F: software release notes (all languages; versions, hashes, ticket ids) ----------
RELEASE = {
    "en": (
        "- {v}: {kind} {what} ({tk}, {h})",
        ["Fixed", "Added", "Changed", "Removed", "Deprecated", "Security:"],
        [
            "pagination of the invoice list",
            "CSV export encoding",
            "retry policy for webhooks",
            "dark mode in settings",
            "legacy v1 search endpoint",
            "timeout on large uploads",
            "sorting by due date",
            "rate limiter defaults",
            "PDF rendering of long tables",
            "audit trail for role changes",
        ],
    ),
    "de": (
        "- {v}: {kind} {what} ({tk}, {h})",
        ["Behoben:", "Neu:", "Geändert:", "Entfernt:", "Veraltet:", "Sicherheit:"],
        [
            "Seitenumbruch der Rechnungsliste",
            "Zeichenkodierung beim CSV-Export",
            "Wiederholungsstrategie für Webhooks",
            "Dunkelmodus in den Einstellungen",
            "alter Such-Endpunkt v1",
            "Zeitüberschreitung bei großen Uploads",
            "Sortierung nach Fälligkeit",
            "Standardwerte des Ratenbegrenzers",
            "PDF-Ausgabe langer Tabellen",
            "Protokoll für Rollenänderungen",
        ],
    ),
    "fr": (
        "- {v} : {kind} {what} ({tk}, {h})",
        ["Corrigé :", "Ajouté :", "Modifié :", "Supprimé :", "Obsolète :", "Sécurité :"],
        [
            "pagination de la liste des factures",
            "encodage de l'export CSV",
            "politique de relance des webhooks",
            "mode sombre dans les réglages",
            "ancien point d'accès de recherche v1",
            "délai dépassé sur les gros envois",
            "tri par date d'échéance",
            "valeurs par défaut du limiteur de débit",
            "rendu PDF des longs tableaux",
            "journal des changements de rôle",
        ],
    ),
    "es": (
        "- {v}: {kind} {what} ({tk}, {h})",
        ["Corregido:", "Añadido:", "Cambiado:", "Eliminado:", "Obsoleto:", "Seguridad:"],
        [
            "paginación de la lista de facturas",
            "codificación de la exportación CSV",
            "política de reintentos de webhooks",
            "modo oscuro en ajustes",
            "antiguo endpoint de búsqueda v1",
            "tiempo de espera en subidas grandes",
            "orden por fecha de vencimiento",
            "valores por defecto del limitador",
            "PDF de tablas largas",
            "registro de cambios de rol",
        ],
    ),
}


def release_lines(r: random.Random, lang: str, n: int) -> list[str]:
    fmt, kinds, what = RELEASE[lang]
    out = []
    for i in range(n):
        major, minor, patch = 4 + i // 60, (i // 6) % 10, i % 6
        out.append(
            fmt.format(
                v=f"{major}.{minor}.{patch}",
                kind=r.choice(kinds),
                what=r.choice(what),
                tk=f"{r.choice(['APP', 'WEB', 'CORE', 'BILL'])}-{r.randint(1000, 9999)}",
                h=hexs(r, 7),
            )
        )
    return out
