"""Long-document filler for sets I and J: line generators for several document kinds.

Each call returns lines with no repeats (checked), no dotted quads, no long digit runs,
so the filler itself holds nothing a reader would call personal data or an identifier.
"""

import random

VOC = {
    "en": (
        "the loading dock|the second-floor printer|the staff kitchen|the east stairwell|the parking barrier|"
        "the booking calendar|the shared drive|the night shuttle|the visitor badge machine|the freight lift|"
        "the recycling room|the meeting pod|the coffee machine|the roof hatch|the cold store",
        "was checked and works again|needs a new part before Friday|is booked for the whole morning|"
        "was cleaned after the spill|shows a warning light again|got a new label|was moved to bay four|"
        "is out of paper and toner|stays closed until the inspection|was repainted over the weekend|"
        "has a loose panel near the hinge|was restocked this morning|needs a second key|is running late",
    ),
    "de": (
        "die Laderampe|der Drucker im zweiten Stock|die Teeküche|das Osttreppenhaus|die Schranke am Parkplatz|"
        "der Buchungskalender|das Gruppenlaufwerk|der Nachtbus|der Besucherausweis-Automat|der Lastenaufzug|"
        "der Wertstoffraum|die Besprechungsbox|der Kaffeeautomat|die Dachluke|das Kühllager",
        "wurde geprüft und läuft wieder|braucht bis Freitag ein Ersatzteil|ist den ganzen Vormittag belegt|"
        "wurde nach dem Auslaufen gereinigt|zeigt wieder eine Warnleuchte|hat ein neues Schild bekommen|"
        "steht jetzt an Tor vier|hat weder Papier noch Toner|bleibt bis zur Abnahme zu|wurde am Wochenende gestrichen|"
        "hat eine lose Blende am Scharnier|wurde heute früh aufgefüllt|braucht einen zweiten Schlüssel|ist verspätet",
    ),
    "fr": (
        "le quai de chargement|l'imprimante du deuxième étage|la kitchenette|l'escalier est|la barrière du parking|"
        "le calendrier des salles|le lecteur partagé|la navette de nuit|la borne des badges visiteurs|le monte-charge|"
        "le local de tri|la cabine de réunion|la machine à café|la trappe du toit|la chambre froide",
        "a été vérifié et fonctionne de nouveau|attend une pièce avant vendredi|est réservé toute la matinée|"
        "a été nettoyé après la fuite|affiche encore un voyant|a reçu une nouvelle étiquette|a été déplacé au quai quatre|"
        "n'a plus ni papier ni toner|reste fermé jusqu'au contrôle|a été repeint ce week-end|"
        "a un panneau desserré près de la charnière|a été réapprovisionné ce matin|demande une deuxième clé|a du retard",
    ),
    "es": (
        "el muelle de carga|la impresora de la segunda planta|la cocina del personal|la escalera este|la barrera del parking|"
        "el calendario de salas|la unidad compartida|el autobús nocturno|la máquina de acreditaciones|el montacargas|"
        "el cuarto de reciclaje|la cabina de reuniones|la cafetera|la trampilla del tejado|la cámara frigorífica",
        "se revisó y vuelve a funcionar|necesita una pieza antes del viernes|está reservada toda la mañana|"
        "se limpió tras el derrame|vuelve a mostrar un piloto rojo|tiene etiqueta nueva|se trasladó al muelle cuatro|"
        "se ha quedado sin papel ni tóner|sigue cerrada hasta la inspección|se pintó el fin de semana|"
        "tiene un panel suelto junto a la bisagra|se repuso esta mañana|necesita una segunda llave|va con retraso",
    ),
}
# set J's filler talks about other things, so the two sets share no filler phrase
VOC_J = {
    "en": (
        "the allotment shed|the reading-room heater|the bus shelter screen|the tool library|the community fridge|"
        "the bike rack by the gym|the roof garden pump|the lost-property box|the canteen dishwasher|the noticeboard|"
        "the raised beds|the sound desk|the ticket kiosk|the compost bay|the school minibus",
        "had its lock replaced|is leaking again at the seal|was swept and tidied|lost power overnight|got a fresh coat of varnish|"
        "was left unlocked after closing|needs a new fuse|was reorganised by size|is booked for the quiz night|"
        "has a rattling fan|came back from repair|was emptied into the skip|is waiting for the supplier|ran out of labels",
    ),
    "de": (
        "der Geräteschuppen|die Heizung im Lesesaal|die Anzeige an der Haltestelle|die Werkzeugbibliothek|der Gemeinschaftskühlschrank|"
        "der Fahrradständer an der Halle|die Pumpe im Dachgarten|die Fundkiste|die Spülmaschine der Kantine|das Schwarze Brett|"
        "die Hochbeete|das Mischpult|der Fahrkartenautomat|der Komposthaufen|der Schulbus",
        "hat ein neues Schloss|tropft wieder an der Dichtung|wurde gefegt und aufgeräumt|hatte über Nacht keinen Strom|wurde frisch lackiert|"
        "war nach Feierabend offen|braucht eine neue Sicherung|wurde nach Größe sortiert|ist für den Quizabend reserviert|"
        "hat einen klappernden Lüfter|ist aus der Reparatur zurück|wurde in den Container geleert|wartet auf den Lieferanten|hat keine Etiketten mehr",
    ),
    "fr": (
        "l'abri de jardin|le radiateur de la salle de lecture|l'écran de l'abribus|la bricothèque|le frigo solidaire|"
        "le râtelier à vélos du gymnase|la pompe du jardin sur le toit|la caisse des objets trouvés|le lave-vaisselle de la cantine|le panneau d'affichage|"
        "les bacs potagers|la table de mixage|le guichet automatique|le bac à compost|le minibus de l'école",
        "a une nouvelle serrure|fuit encore au joint|a été balayé et rangé|a perdu le courant cette nuit|a reçu une couche de vernis|"
        "est resté ouvert après la fermeture|attend un nouveau fusible|a été rangé par taille|est réservé pour la soirée quiz|"
        "a un ventilateur qui claque|est revenu de réparation|a été vidé dans la benne|attend le fournisseur|n'a plus d'étiquettes",
    ),
    "es": (
        "la caseta del huerto|el radiador de la sala de lectura|la pantalla de la marquesina|la herramientoteca|la nevera solidaria|"
        "el aparcabicis del polideportivo|la bomba del jardín de la azotea|la caja de objetos perdidos|el lavavajillas del comedor|el tablón de anuncios|"
        "los bancales|la mesa de sonido|la taquilla automática|el compostador|el microbús del colegio",
        "tiene cerradura nueva|vuelve a gotear por la junta|se barrió y se ordenó|se quedó sin luz por la noche|recibió una mano de barniz|"
        "se quedó abierto al cerrar|necesita un fusible nuevo|se ordenó por tamaños|está reservado para la noche de trivial|"
        "tiene un ventilador que traquetea|volvió de reparación|se vació en el contenedor|espera al proveedor|se quedó sin etiquetas",
    ),
}
ROLES = [
    "frontdesk",
    "facilities",
    "night-shift",
    "scheduler-bot",
    "warehouse",
    "it-desk",
    "catering",
]
STATUS = ["ok", "open", "waiting", "done", "deferred", "escalated"]


def _phrases(lang: str, voc: str = "i") -> tuple[list[str], list[str]]:
    a, b = (VOC_J if voc == "j" else VOC)[lang]
    return a.split("|"), b.split("|")


def _hyphenate(text: str, width: int) -> list[str]:
    """Wrap like text pulled out of a PDF: long words split with a hyphen at the line end."""
    out, line = [], ""
    for w in text.split():
        if len(line) + len(w) + 1 > width and len(w) > 7 and len(line) < width - 5:
            cut = min(max(3, width - len(line) - 2), len(w) - 3)
            out.append((line + " " + w[:cut] + "-").strip())
            line = w[cut:]
        elif len(line) + len(w) + 1 > width:
            out.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    if line:
        out.append(line)
    return out


def lines(
    r: random.Random, kind: str, lang: str, chars: int, day: int = 3, start: int = 0, voc: str = "i"
) -> list[str]:
    """About ``chars`` characters of unique filler lines of one document kind."""
    subj, pred = _phrases(lang, voc)
    out: list[str] = []
    seen: set[str] = set()
    size, k, page = 0, start, 1 + start // 14
    while size < chars:
        k += 1
        hh, mm, ss = 6 + (k // 60) % 16, k % 60, r.randint(0, 59)
        s = f"{r.choice(subj)} {r.choice(pred)}"
        if kind == "chat":
            ln = f"[2026-0{day}-1{k % 9} {hh:02d}:{mm:02d}:{ss:02d}] {r.choice(ROLES)}: {s[0].upper()}{s[1:]}."
            new = [ln]
        elif kind == "yaml":
            new = [
                f"- {{item: FX-{k:04d}-{r.choice('abcdef')}, qty: {r.randint(1, 90)}, "
                f'bin: {r.choice("ABCDEFG")}-{r.randint(1, 40):02d}, note: "{s}"}}'
            ]
        elif kind == "pdf":
            new = _hyphenate(f"{k}. {s[0].upper()}{s[1:]}; {r.choice(subj)} {r.choice(pred)}.", 64)
            if k % 14 == 0:
                page += 1
                new.append(f"— {page} —")
        elif kind == "log":
            new = [
                f"2026-0{day}-2{k % 8}T{hh:02d}:{mm:02d}:{ss:02d}Z {r.choice(['INFO', 'INFO', 'WARN', 'DEBUG'])} "
                f'svc={r.choice(ROLES)} span={r.getrandbits(40):010x} dur_ms={r.randint(3, 900)} msg="{s}"'
            ]
        elif kind == "md":
            new = [f"| {k:03d} | {hh:02d}:{mm:02d} | {s} | {r.choice(STATUS)} |"]
        elif kind == "xml":
            new = [
                f'  <entry n="{k}" at="{hh:02d}:{mm:02d}:{ss:02d}" state="{r.choice(STATUS)}">{s}</entry>'
            ]
        elif kind == "csv":
            new = [
                f"{k};{hh:02d}:{mm:02d};{r.choice(ROLES)};{s};{r.choice(STATUS)};{r.randint(1, 60)}"
            ]
        elif kind == "srt":
            new = [
                f"{k}",
                f"00:{k // 20:02d}:{(k * 3) % 60:02d},{r.randint(100, 999)} --> 00:{k // 20:02d}:{(k * 3 + 2) % 60:02d},{r.randint(100, 999)}",
                f"- {s[0].upper()}{s[1:]}, {r.choice(subj)} {r.choice(pred)}.",
            ]
        elif kind == "mail":
            new = [f"> [{k}] {s[0].upper()}{s[1:]}; {r.choice(subj)} {r.choice(pred)}."]
            if k % 12 == 0:
                new.append(
                    f"> ---- {r.choice(ROLES)}@ wrote on 2026-0{day}-1{k % 9} at {hh:02d}:{mm:02d} ----"
                )
        else:
            raise ValueError(kind)
        for ln in new:
            if ln in seen:
                continue
            seen.add(ln)
            out.append(ln)
            size += len(ln) + 1
    return out


def wrap(
    r: random.Random,
    kind: str,
    lang: str,
    head: str,
    mid: str,
    tail: str,
    chars: int,
    voc: str = "i",
) -> str:
    """head, filler, the middle block, filler, tail: the block sits near the middle of the text."""
    before = lines(r, kind, lang, chars // 2, day=3, voc=voc)
    after = [
        x
        for x in lines(r, kind, lang, chars // 2, day=5, start=len(before), voc=voc)
        if x not in before
    ]
    return "\n".join([head, *before, mid, *after, tail])
