"""Long-document line generators for sets O and P: three document kinds per set, own vocabulary
per language. Every line carries its running number or a time built from it, so no line repeats."""

# ruff: noqa: RUF001  (typographic dashes are part of the text people write)

import random

V = {
    # set O, structured: freight dispatch log of a regional carrier
    "o_s": {
        "en": (
            "#{i:04d} {h:02d}:{m:02d} bay {b} | {g} | {kg} kg | seal {s} | {st}",
            [
                "chilled yoghurt",
                "flat-pack shelving",
                "garden compost",
                "bike tyres",
                "printer paper",
                "tinned tomatoes",
                "dog food",
                "ceramic tiles",
            ],
            [
                "loaded",
                "held for paperwork",
                "re-stacked",
                "released",
                "weighed twice",
                "strap replaced",
            ],
        ),
        "de": (
            "Pos. {i:04d} – {h:02d}:{m:02d} Rampe {b}: {g}, {kg} kg, Plombe {s}, {st}",
            [
                "Kühlware Joghurt",
                "Regalbretter",
                "Blumenerde",
                "Fahrradreifen",
                "Kopierpapier",
                "Dosentomaten",
                "Tierfutter",
                "Fliesen",
            ],
            [
                "verladen",
                "wartet auf Papiere",
                "umgestapelt",
                "freigegeben",
                "nachgewogen",
                "Gurt erneuert",
            ],
        ),
        "fr": (
            "Ligne {i:04d} · {h:02d}h{m:02d} quai {b} : {g}, {kg} kg, scellé {s}, {st}",
            [
                "yaourts frais",
                "étagères en kit",
                "terreau",
                "pneus de vélo",
                "ramettes de papier",
                "tomates en conserve",
                "croquettes",
                "carrelage",
            ],
            ["chargé", "en attente de documents", "restocké", "libéré", "repesé", "sangle changée"],
        ),
        "es": (
            "Reg. {i:04d} — {h:02d}:{m:02d} muelle {b}: {g}, {kg} kg, precinto {s}, {st}",
            [
                "yogures refrigerados",
                "estanterías desmontadas",
                "sustrato",
                "cubiertas de bici",
                "papel de impresora",
                "tomate en lata",
                "pienso",
                "azulejos",
            ],
            [
                "cargado",
                "pendiente de papeles",
                "reapilado",
                "liberado",
                "repesado",
                "cincha cambiada",
            ],
        ),
    },
    # set O, free text: minutes of an allotment / community garden association
    "o_f": {
        "en": (
            "Item {i}. {g}: {st} (vote {a} for, {b} against).",
            [
                "water butts",
                "shed roof",
                "compost rota",
                "seed swap",
                "hedge trimming",
                "path gravel",
                "open day",
                "rat traps",
                "greenhouse glass",
            ],
            [
                "postponed to the next meeting",
                "agreed with a small budget",
                "volunteers to be asked by e-mail",
                "quote to be compared",
                "left as it is",
            ],
        ),
        "de": (
            "TOP {i}. {g}: {st} (Abstimmung {a} dafür, {b} dagegen).",
            [
                "Regentonnen",
                "Schuppendach",
                "Kompostdienst",
                "Saatguttausch",
                "Heckenschnitt",
                "Wegekies",
                "Tag der offenen Tür",
                "Rattenfallen",
                "Gewächshausglas",
            ],
            [
                "auf die nächste Sitzung vertagt",
                "mit kleinem Budget beschlossen",
                "Freiwillige per Rundmail suchen",
                "Angebote vergleichen",
                "bleibt wie es ist",
            ],
        ),
        "fr": (
            "Point {i}. {g} : {st} (vote {a} pour, {b} contre).",
            [
                "récupérateurs d'eau",
                "toit de l'abri",
                "tour de compost",
                "troc de graines",
                "taille des haies",
                "gravier des allées",
                "journée portes ouvertes",
                "pièges à rats",
                "vitres de la serre",
            ],
            [
                "reporté à la prochaine réunion",
                "adopté avec un petit budget",
                "appel aux bénévoles par mail",
                "devis à comparer",
                "on ne change rien",
            ],
        ),
        "es": (
            "Punto {i}. {g}: {st} (votación {a} a favor, {b} en contra).",
            [
                "depósitos de lluvia",
                "tejado del cobertizo",
                "turnos de compost",
                "intercambio de semillas",
                "poda del seto",
                "grava de los caminos",
                "jornada de puertas abiertas",
                "trampas para ratas",
                "cristales del invernadero",
            ],
            [
                "aplazado a la próxima reunión",
                "aprobado con poco presupuesto",
                "pedir voluntarios por correo",
                "comparar presupuestos",
                "se deja como está",
            ],
        ),
    },
    # set O, negative: a concert hall's season archive
    "o_n": {
        "en": (
            "Season note {i}: {w} — {p}, hall {b}, {kg} seats sold, runtime {m} min.",
            [
                "Brahms Requiem",
                "Pärt Tabula Rasa",
                "Vivaldi Gloria",
                "Sibelius 5",
                "Gershwin songbook",
                "Britten War Requiem",
                "Bach Magnificat",
            ],
            ["matinee", "schools concert", "late-night series", "gala", "open rehearsal"],
        ),
        "de": (
            "Saisonnotiz {i}: {w} – {p}, Saal {b}, {kg} Plätze verkauft, Dauer {m} Min.",
            [
                "Brahms Requiem",
                "Pärt Tabula Rasa",
                "Vivaldi Gloria",
                "Sibelius 5",
                "Gershwin-Abend",
                "Britten War Requiem",
                "Bach Magnificat",
            ],
            ["Matinee", "Schulkonzert", "Nachtreihe", "Gala", "offene Probe"],
        ),
        "fr": (
            "Note de saison {i} : {w} — {p}, salle {b}, {kg} places vendues, durée {m} min.",
            [
                "Requiem de Brahms",
                "Tabula Rasa de Pärt",
                "Gloria de Vivaldi",
                "5e de Sibelius",
                "soirée Gershwin",
                "War Requiem de Britten",
                "Magnificat de Bach",
            ],
            ["matinée", "concert scolaire", "série de nuit", "gala", "répétition ouverte"],
        ),
        "es": (
            "Nota de temporada {i}: {w} — {p}, sala {b}, {kg} localidades vendidas, duración {m} min.",
            [
                "Réquiem de Brahms",
                "Tabula Rasa de Pärt",
                "Gloria de Vivaldi",
                "Quinta de Sibelius",
                "velada Gershwin",
                "War Requiem de Britten",
                "Magnificat de Bach",
            ],
            ["matinal", "concierto escolar", "ciclo nocturno", "gala", "ensayo abierto"],
        ),
    },
    # set P, structured: returns CSV of a web shop
    "p_s": {
        "en": (
            "RMA-{i:05d},{d:02d}/{mo:02d},{g},{st},{kg}",
            [
                "hoodie-M",
                "kettle-1.7L",
                "yoga-mat",
                "usb-c-hub",
                "desk-lamp",
                "rain-jacket-L",
                "blender",
            ],
            ["refunded", "awaiting-inspection", "exchanged", "rejected-worn", "label-sent"],
        ),
        "de": (
            "RET-{i:05d};{d:02d}.{mo:02d}.;{g};{st};{kg}",
            [
                "Kapuzenpulli-M",
                "Wasserkocher",
                "Yogamatte",
                "USB-C-Hub",
                "Schreibtischlampe",
                "Regenjacke-L",
                "Standmixer",
            ],
            ["erstattet", "in-Prüfung", "getauscht", "abgelehnt-getragen", "Etikett-versandt"],
        ),
        "fr": (
            "RET-{i:05d};{d:02d}/{mo:02d};{g};{st};{kg}",
            [
                "sweat-M",
                "bouilloire",
                "tapis-yoga",
                "hub-usb-c",
                "lampe-bureau",
                "veste-pluie-L",
                "blender",
            ],
            ["remboursé", "en-contrôle", "échangé", "refusé-porté", "étiquette-envoyée"],
        ),
        "es": (
            "DEV-{i:05d};{d:02d}/{mo:02d};{g};{st};{kg}",
            [
                "sudadera-M",
                "hervidor",
                "esterilla-yoga",
                "hub-usb-c",
                "flexo",
                "chubasquero-L",
                "batidora",
            ],
            ["reembolsado", "en-revisión", "cambiado", "rechazado-usado", "etiqueta-enviada"],
        ),
    },
    # set P, free text: transcript of a residents' association group chat
    "p_f": {
        "en": (
            "[{h:02d}:{m:02d}:{s:02d}] {w}: {p} (msg {i})",
            ["Block C", "2nd floor", "caretaker", "Block A", "ground floor", "treasurer"],
            [
                "lift is stuck again",
                "who left the bikes in the stairwell",
                "parcel room key is with the caretaker",
                "bins go out on Tuesday now",
                "hot water back on",
                "reminder: quiet hours after ten",
                "someone parked in the fire lane",
            ],
        ),
        "de": (
            "[{h:02d}:{m:02d}:{s:02d}] {w}: {p} (Nachr. {i})",
            ["Haus C", "2. OG", "Hausmeister", "Haus A", "EG", "Kassenwart"],
            [
                "Aufzug hängt schon wieder",
                "wem gehören die Räder im Treppenhaus",
                "Paketraumschlüssel liegt beim Hausmeister",
                "Tonnen jetzt dienstags raus",
                "Warmwasser geht wieder",
                "Erinnerung: Ruhezeit ab 22 Uhr",
                "jemand parkt in der Feuerwehrzufahrt",
            ],
        ),
        "fr": (
            "[{h:02d}:{m:02d}:{s:02d}] {w} : {p} (msg {i})",
            ["Bât. C", "2e étage", "gardien", "Bât. A", "RDC", "trésorière"],
            [
                "l'ascenseur est encore bloqué",
                "à qui sont les vélos dans l'escalier",
                "la clé du local colis est chez le gardien",
                "les poubelles sortent le mardi maintenant",
                "l'eau chaude est revenue",
                "rappel : calme après 22h",
                "quelqu'un est garé sur la voie pompiers",
            ],
        ),
        "es": (
            "[{h:02d}:{m:02d}:{s:02d}] {w}: {p} (msj {i})",
            ["Portal C", "2º piso", "conserje", "Portal A", "bajo", "tesorera"],
            [
                "el ascensor se ha vuelto a parar",
                "de quién son las bicis del rellano",
                "la llave del cuarto de paquetes la tiene el conserje",
                "la basura sale los martes ahora",
                "ya hay agua caliente",
                "recordatorio: silencio a partir de las diez",
                "alguien ha aparcado en el vado de bomberos",
            ],
        ),
    },
    # set P, negative: a water utility's monitoring report
    "p_n": {
        "en": (
            "Station W{i:03d} ({w}): turbidity 0.{a} NTU, chlorine 0.{b} mg/l, flow {kg} m3/h, {p}.",
            [
                "north reservoir",
                "river intake",
                "hill tank",
                "pumping house 2",
                "old town main",
                "industrial loop",
            ],
            [
                "within limits",
                "flushed after alarm",
                "sensor recalibrated",
                "sample sent to lab",
                "valve inspected",
            ],
        ),
        "de": (
            "Messstelle W{i:03d} ({w}): Trübung 0,{a} NTU, Chlor 0,{b} mg/l, Durchfluss {kg} m³/h, {p}.",
            [
                "Hochbehälter Nord",
                "Flussentnahme",
                "Bergtank",
                "Pumpwerk 2",
                "Altstadtleitung",
                "Gewerbering",
            ],
            [
                "im Grenzwert",
                "nach Alarm gespült",
                "Sensor kalibriert",
                "Probe ans Labor",
                "Schieber geprüft",
            ],
        ),
        "fr": (
            "Point W{i:03d} ({w}) : turbidité 0,{a} NTU, chlore 0,{b} mg/l, débit {kg} m³/h, {p}.",
            [
                "réservoir nord",
                "prise en rivière",
                "château d'eau",
                "station de pompage 2",
                "conduite vieille ville",
                "boucle industrielle",
            ],
            [
                "dans les seuils",
                "purgé après alarme",
                "capteur réétalonné",
                "échantillon envoyé au labo",
                "vanne contrôlée",
            ],
        ),
        "es": (
            "Punto W{i:03d} ({w}): turbidez 0,{a} NTU, cloro 0,{b} mg/l, caudal {kg} m³/h, {p}.",
            [
                "depósito norte",
                "toma del río",
                "depósito del cerro",
                "bombeo 2",
                "red casco antiguo",
                "anillo industrial",
            ],
            [
                "dentro de límites",
                "purgado tras alarma",
                "sensor recalibrado",
                "muestra al laboratorio",
                "válvula revisada",
            ],
        ),
    },
}


def lines(kind: str, lang: str):
    """The line generator ``(r, i) -> str`` of one document kind in one language."""
    fmt, one, two = V[kind][lang]

    def gen(r: random.Random, i: int) -> str:
        sec = i * 7
        return (
            fmt.format(
                i=i,
                h=(6 + sec // 3600) % 24,
                m=(sec // 60) % 60,
                s=sec % 60,
                b=r.randint(1, 9),
                g=r.choice(one),
                w=r.choice(one),
                st=r.choice(two),
                p=r.choice(two),
                kg=r.randint(40, 990),
                s_=0,
                a=r.randint(1, 9),
                d=r.randint(1, 28),
                mo=r.randint(1, 12),
            )
            if "{s}" not in fmt or kind != "o_s"
            else fmt.format(
                i=i,
                h=6 + (i * 3) // 60 % 14,
                m=(i * 3) % 60,
                b=r.randint(1, 9),
                g=r.choice(one),
                st=r.choice(two),
                kg=r.randint(40, 990),
                s=f"S{r.randint(1000, 9999)}",
            )
        )

    return gen
