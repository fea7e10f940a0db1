"""Set B content. Templates, names, tasks and long-document kinds are disjoint from set A."""
import random

from common import I, nss, de_idcard, nie_broken
from filler import log_lines, combo_sentences, assemble
from ids import group4

NAMES = {
    "en": ["Hannah Kirkwood", "Stuart Mabey", "Fiona Drummond", "Liam Hargreaves", "Aisha Begum",
           "Trevor Colclough", "Chloe Pemberton", "Marcus Delaney", "Bethany Rowntree", "Graham Oxley"],
    "de": ["Sabine Kettler", "Ralf Oberdieck", "Melanie Sturm", "Uwe Hesselbarth", "Jana Wollnik",
           "Patrick Zeidler", "Claudia Frentzen", "Holger Ambrosius", "Nadine Sieber", "Lars Trautmann"],
    "fr": ["Isabelle Fournel", "Julien Cazenave", "Virginie Leblanc-Hardy", "Sébastien Morvan", "Karine Bouchard",
           "Nicolas Texier", "Laetitia Guérin", "Cédric Pasquier", "Hélène Bourdais", "Yann Le Goff"],
    "es": ["Carmen Villalobos Díez", "Jorge Montero Lozano", "Beatriz Quintana Rey", "Andrés Palacios Nieto",
           "Marta Escudero Gil", "Rubén Carrasco Vega", "Ainhoa Ibarra Goñi", "Daniel Ferrer Pujol",
           "Silvia Navarro Bravo", "Héctor Medina Ramos"],
}
ADDRESSES = {
    "en": ["5 Hazel Grove, Chorley PR7 2JS", "41 Tennyson Street, Ipswich IP4 2QB", "2 Kestrel Mews, Basingstoke RG24 8NF",
           "Flat 12, Ashdown Court, 9 Mill Lane, Bristol BS3 4LH", "77 Carnoustie Drive, Dundee DD2 3RE"],
    "de": ["Birkenallee 22, 30449 Hannover", "Zum Steinbruch 7, 55122 Mainz", "Gartenstraße 103, 72764 Reutlingen",
           "Fliederweg 2b, 18057 Rostock", "Auf der Heide 15, 44869 Bochum"],
    "fr": ["9 rue Saint-Exupéry, 35000 Rennes", "27 boulevard Carnot, 21000 Dijon", "4 place du Marché, 59800 Lille",
           "Résidence Les Tilleuls, app. 14, 18 rue Pasteur, 38000 Grenoble", "63 cours Victor-Hugo, 33000 Bordeaux"],
    "es": ["Calle Mayor 41, 2.º izda., 31001 Pamplona", "Rúa do Franco 16, 15705 Santiago de Compostela",
           "Calle San Vicente 88, 5.º C, 03004 Alicante", "Avenida de la Constitución 12, 18012 Granada",
           "Carrer de Sant Pere 3, 07012 Palma"],
}

TASKS = {
    "en": {
        "easy": ["List every date that appears above, one per line.", "Shorten the text above to under 40 words without changing its meaning.",
                 "Translate the text above into French."],
        "medium": ["Draft an email to the team lead that summarises this and asks for a decision by Friday.",
                   "Say which department should handle this and which information is still missing, in a short paragraph."],
        "hard": ["Build a formal risk assessment around this record: identify each data element, rate likelihood and impact of misuse, derive the minimum set of controls, and prove that your access-control scheme satisfies need-to-know for four different roles.",
                 "Treat this as evidence in a dispute. Reconstruct the most plausible sequence of events, weigh at least three competing explanations against each other, and argue which one a neutral arbitrator should accept and why."],
    },
    "de": {
        "easy": ["Liste alle Datumsangaben aus dem Text oben auf, eine pro Zeile.", "Kürze den Text oben auf unter 40 Wörter, ohne den Sinn zu ändern.",
                 "Übersetze den Text oben ins Französische."],
        "medium": ["Entwirf eine E-Mail an die Teamleitung, die das zusammenfasst und bis Freitag um eine Entscheidung bittet.",
                   "Sag in einem kurzen Absatz, welche Abteilung zuständig ist und welche Angaben noch fehlen."],
        "hard": ["Erstelle zu diesem Datensatz eine formale Risikobewertung: Bestimme jedes Datenelement, bewerte Eintrittswahrscheinlichkeit und Schaden bei Missbrauch, leite die minimal nötigen Kontrollen her und weise nach, dass dein Berechtigungskonzept für vier unterschiedliche Rollen das Need-to-know-Prinzip erfüllt.",
                 "Betrachte das als Beweismittel in einem Streitfall. Rekonstruiere den plausibelsten Ablauf, wäge mindestens drei konkurrierende Erklärungen gegeneinander ab und begründe, welche ein neutraler Schlichter annehmen sollte."],
    },
    "fr": {
        "easy": ["Liste toutes les dates qui figurent ci-dessus, une par ligne.", "Raccourcis le texte ci-dessus à moins de 40 mots sans en changer le sens.",
                 "Traduis le texte ci-dessus en espagnol."],
        "medium": ["Rédige un e-mail au responsable d'équipe qui résume la situation et demande une décision d'ici vendredi.",
                   "Indique en un court paragraphe quel service doit traiter ceci et quelles informations manquent encore."],
        "hard": ["Établis une analyse de risques formelle pour cet enregistrement : identifie chaque donnée, évalue la probabilité et la gravité d'un usage abusif, déduis l'ensemble minimal de mesures et démontre que ton schéma de contrôle d'accès respecte le besoin d'en connaître pour quatre rôles différents.",
                 "Considère ceci comme une pièce dans un litige. Reconstitue l'enchaînement des faits le plus plausible, compare au moins trois explications concurrentes et argumente laquelle un arbitre neutre devrait retenir."],
    },
    "es": {
        "easy": ["Enumera todas las fechas que aparecen arriba, una por línea.", "Acorta el texto anterior a menos de 40 palabras sin cambiar su sentido.",
                 "Traduce el texto anterior al francés."],
        "medium": ["Redacta un correo a la jefa de equipo que lo resuma y pida una decisión antes del viernes.",
                   "Indica en un párrafo breve qué departamento debe encargarse y qué datos faltan todavía."],
        "hard": ["Elabora una evaluación formal de riesgos sobre este registro: identifica cada dato, valora la probabilidad y el impacto de un uso indebido, deduce el conjunto mínimo de controles y demuestra que tu esquema de control de acceso cumple el principio de necesidad de conocer para cuatro roles distintos.",
                 "Trata esto como prueba en un conflicto. Reconstruye la secuencia de hechos más verosímil, contrasta al menos tres explicaciones alternativas y argumenta cuál debería aceptar un árbitro neutral."],
    },
}

# ---------------------------------------------------------------- long documents
CLAUSES = {
    "en": ("{num}.{m} {topic}. {party} shall {oblig} within {n} days of {trigger}, unless {exc}.",
           dict(num=list(range(1, 30)), topic=["Payment", "Maintenance", "Insurance", "Access", "Termination", "Subletting", "Deposit", "Utilities", "Repairs", "Inspection", "Notices", "Liability"],
                party=["The Landlord", "The Tenant", "Either party", "The Agent"],
                oblig=["give written notice", "settle any outstanding invoice", "remedy the defect", "provide a copy of the certificate", "return all keys", "restore the premises to their original condition", "notify the insurer"],
                trigger=["the invoice date", "the end of the tenancy", "receiving a written request", "the inspection", "the damage being discovered", "the rent review date"],
                exc=["otherwise agreed in writing", "the delay is caused by the other party", "a force majeure event applies", "the amount is disputed in good faith", "statutory rules provide otherwise"])),
    "de": ("§ {num} Abs. {m} {topic}: {party} hat innerhalb von {n} Tagen nach {trigger} {oblig}, es sei denn, {exc}.",
           dict(num=list(range(1, 30)), topic=["Zahlung", "Instandhaltung", "Versicherung", "Zutritt", "Kündigung", "Untervermietung", "Kaution", "Nebenkosten", "Reparaturen", "Besichtigung", "Mitteilungen", "Haftung"],
                party=["der Vermieter", "die Mieterin", "jede Partei", "die Hausverwaltung"],
                oblig=["schriftlich Mitteilung zu machen", "offene Rechnungen zu begleichen", "den Mangel zu beseitigen", "eine Kopie des Nachweises vorzulegen", "sämtliche Schlüssel zurückzugeben", "den ursprünglichen Zustand wiederherzustellen", "den Versicherer zu informieren"],
                trigger=["Rechnungsdatum", "Ende des Mietverhältnisses", "Zugang einer schriftlichen Aufforderung", "der Besichtigung", "Entdeckung des Schadens", "dem Stichtag der Mietanpassung"],
                exc=["die Parteien vereinbaren schriftlich etwas anderes", "die Verzögerung ist von der anderen Partei verursacht", "es liegt höhere Gewalt vor", "der Betrag wird in gutem Glauben bestritten", "gesetzliche Vorschriften bestimmen etwas anderes"])),
    "fr": ("Article {num}.{m} – {topic}. {party} devra {oblig} dans un délai de {n} jours à compter de {trigger}, sauf si {exc}.",
           dict(num=list(range(1, 30)), topic=["Paiement", "Entretien", "Assurance", "Accès", "Résiliation", "Sous-location", "Dépôt de garantie", "Charges", "Réparations", "Visite", "Notifications", "Responsabilité"],
                party=["Le bailleur", "Le locataire", "Chacune des parties", "L'agence"],
                oblig=["adresser une notification écrite", "régler toute facture en souffrance", "remédier au désordre", "fournir une copie de l'attestation", "restituer l'ensemble des clés", "remettre les lieux en état", "prévenir l'assureur"],
                trigger=["la date de facture", "la fin du bail", "la réception d'une demande écrite", "la visite", "la découverte du sinistre", "la date de révision du loyer"],
                exc=["les parties en conviennent autrement par écrit", "le retard est imputable à l'autre partie", "un cas de force majeure survient", "le montant est contesté de bonne foi", "la loi en dispose autrement"])),
    "es": ("Cláusula {num}.{m} – {topic}. {party} deberá {oblig} en un plazo de {n} días desde {trigger}, salvo que {exc}.",
           dict(num=list(range(1, 30)), topic=["Pago", "Mantenimiento", "Seguro", "Acceso", "Resolución", "Subarriendo", "Fianza", "Suministros", "Reparaciones", "Visitas", "Notificaciones", "Responsabilidad"],
                party=["El arrendador", "La arrendataria", "Cualquiera de las partes", "La agencia"],
                oblig=["notificarlo por escrito", "abonar las facturas pendientes", "subsanar el defecto", "entregar copia del certificado", "devolver todas las llaves", "restituir la vivienda a su estado original", "avisar a la aseguradora"],
                trigger=["la fecha de la factura", "la extinción del contrato", "la recepción de un requerimiento escrito", "la visita", "el descubrimiento del daño", "la fecha de actualización de la renta"],
                exc=["las partes acuerden otra cosa por escrito", "el retraso se deba a la otra parte", "concurra fuerza mayor", "el importe se discuta de buena fe", "la ley disponga otra cosa"])),
}
CHAT = {
    "en": ("[{hh}:{mm}] {who}: {line}",
           dict(who=["Agent", "Customer"], hh=["14", "15"], mm=[f"{i:02d}" for i in range(60)],
                line=["Thanks for waiting, I'm checking order {n}{m}77 now.", "The tracking page hasn't changed for {n} hours.", "I can see the parcel left the depot at {m} am.",
                      "Could you confirm the item colour you ordered?", "It was the grey one, size {m}.", "Our courier partner reports a delay in the region.",
                      "I've added a note to the shipment, reference CS-{n}{m}31.", "Will I get a refund for express shipping?", "Yes, the surcharge of {n}.50 EUR will be refunded.",
                      "Is there anything else I can help with?", "The app keeps logging me out after {m} minutes.", "Please try clearing the cache and updating to version 8.{m}.{n}."])),
    "de": ("[{hh}:{mm}] {who}: {line}",
           dict(who=["Support", "Kundin"], hh=["09", "10"], mm=[f"{i:02d}" for i in range(60)],
                line=["Danke fürs Warten, ich prüfe gerade Bestellung {n}{m}77.", "Die Sendungsverfolgung steht seit {n} Stunden still.", "Das Paket hat das Depot um {m} Uhr verlassen.",
                      "Welche Farbe hatten Sie bestellt?", "Die graue, Größe {m}.", "Unser Versandpartner meldet Verzögerungen in der Region.",
                      "Ich habe eine Notiz an der Sendung hinterlegt, Vorgang CS-{n}{m}31.", "Bekomme ich den Expresszuschlag zurück?", "Ja, die {n},50 € werden erstattet.",
                      "Kann ich sonst noch helfen?", "Die App meldet mich nach {m} Minuten immer ab.", "Bitte leeren Sie den Cache und aktualisieren Sie auf Version 8.{m}.{n}."])),
    "fr": ("[{hh}:{mm}] {who} : {line}",
           dict(who=["Conseiller", "Cliente"], hh=["16", "17"], mm=[f"{i:02d}" for i in range(60)],
                line=["Merci de votre patience, je vérifie la commande {n}{m}77.", "Le suivi n'a pas bougé depuis {n} heures.", "Le colis a quitté le dépôt à {m} h.",
                      "Pouvez-vous confirmer la couleur commandée ?", "C'était le gris, taille {m}.", "Notre transporteur signale des retards dans la région.",
                      "J'ai ajouté une note au dossier, référence CS-{n}{m}31.", "Les frais de livraison express seront-ils remboursés ?", "Oui, les {n},50 € vous seront remboursés.",
                      "Puis-je vous aider pour autre chose ?", "L'application me déconnecte au bout de {m} minutes.", "Videz le cache et passez à la version 8.{m}.{n}, s'il vous plaît."])),
    "es": ("[{hh}:{mm}] {who}: {line}",
           dict(who=["Agente", "Cliente"], hh=["11", "12"], mm=[f"{i:02d}" for i in range(60)],
                line=["Gracias por esperar, reviso ahora el pedido {n}{m}77.", "El seguimiento no cambia desde hace {n} horas.", "El paquete salió del almacén a las {m}.",
                      "¿Me confirma el color que pidió?", "El gris, talla {m}.", "Nuestra empresa de transporte informa de retrasos en la zona.",
                      "He añadido una nota al envío, referencia CS-{n}{m}31.", "¿Me devolverán el envío urgente?", "Sí, se le reembolsarán {n},50 €.",
                      "¿Puedo ayudarle en algo más?", "La aplicación me cierra la sesión cada {m} minutos.", "Borre la caché y actualice a la versión 8.{m}.{n}, por favor."])),
}

CLAUSEN = {"en": 55, "de": 35, "fr": 45, "es": 28}
CHATN = {"en": 60, "de": 90, "fr": 50, "es": 70}
JLOGN = {"en": 14, "de": 24, "fr": 18, "es": 30}


def _combo_any(r, fmt, slots, n):
    out, seen = [], set()
    while len(out) < n:
        vals = {k: r.choice(v) for k, v in slots.items()}
        vals["n"], vals["m"] = r.randint(2, 48), r.randint(1, 12)
        s = fmt.format(**vals).format(n=vals["n"], m=vals["m"])
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


AGENT_IDX, CUSTOMER_IDX = [0, 2, 3, 5, 6, 8, 9, 11], [1, 4, 7, 10]


def _chat(r, lang, n, mid):
    """Alternating agent/customer turns with increasing timestamps; the middle turn gets the next timestamp."""
    import re
    _, slots = CHAT[lang]
    agent, customer = slots["who"]
    lines, seen, t = [], set(), (int(slots["hh"][0]) * 60) * 60
    i = 0
    while len(lines) < n:
        role = customer if i % 2 else agent
        pool = CUSTOMER_IDX if i % 2 else AGENT_IDX
        body = slots["line"][r.choice(pool)].format(n=r.randint(2, 48), m=r.randint(1, 12))
        tries = 0
        while (role, body) in seen and tries < 30:
            body = slots["line"][r.choice(pool)].format(n=r.randint(2, 48), m=r.randint(1, 12))
            tries += 1
        seen.add((role, body))
        t += r.randint(8, 40)
        lines.append(f"[{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}] {role}{' :' if lang == 'fr' else ':'} {body}")
        i += 1
        if len(lines) == n // 2:
            t += 20
            mid = f"[{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}] " + re.sub(r"^\[\d\d:\d\d\] ", "", mid)
    return lines, mid


def longs(lang, g):
    r = random.Random(f"B-long-{lang}")
    out = []
    # 1. tenancy contract with the tenant's identifiers in the middle; hard task
    nm = g.name(lang, 'f')
    idline = {
        "en": f"Tenant particulars (Schedule 2): {nm}, passport no. {g.passport('GB')}, National Insurance number {g.uk_ni()}, rent to be paid from IBAN {group4(g.iban('GB'))}.",
        "de": f"Angaben zur Mieterin (Anlage 2): {nm}, Personalausweis-Nr. {de_idcard(g.r)}, steuerliche Identifikationsnummer {g.steuer_id(grouped=True)}, Miete per Lastschrift von IBAN {group4(g.iban('DE'))}.",
        "fr": f"Identité du locataire (annexe 2) : {nm}, passeport n° {g.passport('FR')}, numéro de sécurité sociale {g.nir()}, loyer prélevé sur l'IBAN {group4(g.iban('FR'))}.",
        "es": f"Datos de la arrendataria (anexo 2): {nm}, DNI {g.dni()}, pasaporte {g.passport('ES')}, la renta se domicilia en el IBAN {group4(g.iban('ES'))}.",
    }[lang]
    task = {"en": "Review this tenancy agreement: identify clauses that contradict each other or are likely unenforceable, explain the legal reasoning for each, and propose a redrafted version of the three most problematic clauses.",
            "de": "Prüfe diesen Mietvertrag: Finde Klauseln, die einander widersprechen oder voraussichtlich unwirksam sind, erkläre jeweils die rechtliche Begründung und formuliere die drei problematischsten Klauseln neu.",
            "fr": "Examine ce bail : repère les clauses contradictoires ou probablement inapplicables, explique le raisonnement juridique pour chacune et propose une nouvelle rédaction des trois clauses les plus problématiques.",
            "es": "Revisa este contrato de arrendamiento: identifica las cláusulas contradictorias o probablemente nulas, explica el razonamiento jurídico de cada una y propone una nueva redacción de las tres más problemáticas."}[lang]
    fmt, slots = CLAUSES[lang]
    cl = combo_sentences(r, (fmt, slots), 2 * CLAUSEN[lang])
    kinds = {"en": ["person_name", "passport", "national_id", "iban"], "de": ["person_name", "national_id", "tax_id", "iban"],
             "fr": ["person_name", "passport", "national_id", "iban"], "es": ["person_name", "national_id", "passport", "iban"]}[lang]
    out.append(I("structured_id", kinds, task + "\n\n" + assemble(cl[:CLAUSEN[lang]], idline, cl[CLAUSEN[lang]:]),
                 "tenancy contract; tenant identifiers (valid checksums) in the middle; hard legal-review task", cx="hard", long=True))
    # 2. support chat transcript; customer's address + health detail in the middle; easy task
    nm, ad = g.name(lang, 'f'), g.addr(lang)
    mid = {"en": f"[14:31] Customer: Sorry, I'm slow today - I'm {nm}, just home from hospital after my hip replacement. Please send the replacement to {ad}, I can't get to the pick-up point.",
           "de": f"[09:31] Kundin: Entschuldigung, ich bin heute langsam – hier ist {nm}, ich komme gerade aus dem Krankenhaus nach meiner Hüft-OP. Bitte schicken Sie den Ersatz an {ad}, zur Packstation schaffe ich es nicht.",
           "fr": f"[16:31] Cliente : Excusez-moi, je suis lente aujourd'hui – c'est {nm}, je sors de l'hôpital après une prothèse de hanche. Envoyez le remplacement au {ad}, je ne peux pas aller au point relais.",
           "es": f"[11:31] Cliente: Perdone, hoy voy lenta: soy {nm} y acabo de salir del hospital tras una prótesis de cadera. Envíen el repuesto a {ad}, no puedo ir al punto de recogida."}[lang]
    task = {"en": "Summarise this support chat in three sentences.",
            "de": "Fasse diesen Support-Chat in drei Sätzen zusammen.",
            "fr": "Résume cette conversation avec le support en trois phrases.",
            "es": "Resume este chat de soporte en tres frases."}[lang]
    ch, mid = _chat(r, lang, 2 * CHATN[lang], mid)
    out.append(I("free_text_pii", ["person_name", "address", "health"], task + "\n\n" + assemble(ch[:CHATN[lang]], mid, ch[CHATN[lang]:]),
                 "support chat; private customer's name, home address and surgery in the middle; task is a summary", cx="easy", long=True))
    # 3. negative: JSON-lines service log (request/trace/order ids); easy reformat task; a placeholder test user in the middle
    mid = {"en": '{"ts":"2026-03-11T08:30:00.000Z","level":"info","service":"e2e-tests","msg":"synthetic check as test user jane.roe@example.com (fixture account, not a customer) ok"}',
           "de": '{"ts":"2026-03-11T08:30:00.000Z","level":"info","service":"e2e-tests","msg":"Synthetischer Check mit Testnutzer max.mustermann@example.de (Fixture, kein Kunde) ok"}',
           "fr": '{"ts":"2026-03-11T08:30:00.000Z","level":"info","service":"e2e-tests","msg":"contrôle synthétique avec l\'utilisateur de test jean.dupont@example.fr (compte fictif) ok"}',
           "es": '{"ts":"2026-03-11T08:30:00.000Z","level":"info","service":"e2e-tests","msg":"comprobación sintética con el usuario de prueba fulano@example.es (cuenta ficticia) ok"}'}[lang]
    task = {"en": "Reformat these JSON log lines as a plain table with columns time, level, service, message. Keep every line.",
            "de": "Formatiere diese JSON-Logzeilen als einfache Tabelle mit den Spalten Zeit, Level, Dienst, Meldung. Behalte jede Zeile.",
            "fr": "Remets ces lignes de journal JSON sous forme de tableau simple avec les colonnes heure, niveau, service, message. Garde toutes les lignes.",
            "es": "Convierte estas líneas de registro JSON en una tabla sencilla con las columnas hora, nivel, servicio, mensaje. Conserva todas las líneas."}[lang]
    out.append(I("hard_negative", [], task + "\n\n" + assemble(log_lines(r, JLOGN[lang], 0, "json"), mid, log_lines(r, JLOGN[lang], 200, "json")),
                 "JSON-lines log: request ids, trace ids, order ids, timestamps; declared placeholder test account in the middle; reformat task", cx="easy", long=True))
    return out


# ---------------------------------------------------------------- English
def en(g):
    L = "en"
    it = [
        I("structured_id", ["national_id", "person_name", "date_of_birth"], f"Applicant details\nSurname: {g.name(L).split()[-1]}\nForename: {g.first(L)}\nDate of birth: {g.dob(L)}\nNI number: {g.uk_ni(spaced=True)}", "form block; NI number spaced"),
        I("structured_id", ["phone", "email", "person_name"], f"--\n{g.name(L)}\nFreelance illustrator\nm: {g.phone('GB', 0)}\ne: {g.email(L)}\n\nCan you turn this email signature into a vCard?", "signature block; private freelancer", cx="easy"),
        I("structured_id", ["credit_card"], f"my card number is {g.card('mc').replace(' ', '')} and the cvv is 381, why does your site say it's invalid??", "unspaced Mastercard Luhn-valid", cx="easy"),
        I("structured_id", ["passport", "person_name"], f"Traveller: {g.name(L, 'f')}. Nationality: British. She renewed her documents in January, so use the new details. Passport: {g.passport('GB')}, expiry 2036.", "passport after label + name"),
        I("structured_id", ["tax_id"], f"I worked in Munich for six months. My payslip shows 'Steuer-ID: {g.steuer_id()}'. Do I need that number for my UK self-assessment?", "German tax id with German label inside English text"),
        I("structured_id", ["ip_user"], f"Nginx auth log:\n{g.public_ip()} - {g.login(L)}{g.r.randint(1, 99)} [11/Mar/2026:13:02:44 +0000] \"POST /wp-login.php HTTP/1.1\" 302 0\n\nIs this a successful login or a failed one? One sentence.", "combined log format with remote user + IP", cx="easy"),
        I("structured_id", ["iban"], f"Refund to ES account please: {group4(g.iban('ES'))}.", "ES IBAN grouped, terse"),
        I("structured_id", ["national_id", "person_name"], f"Ref: employee onboarding. {g.name(L, 'f')} starts Monday. For payroll we hold her NINO as {g.uk_ni()}, but HMRC's letter shows a different one.", "NINO abbreviation"),
        I("structured_id", ["credit_card", "address"], f"Billing address {g.addr(L)}; card {g.card('visa')} exp 12/27 - please re-run the payment.", "card + home address"),
        I("structured_id", ["phone"], f"Missed call from {g.phone('GB', 1)} at 10:14, no voicemail. Who could it be?", "UK landline, personal missed call"),
        I("structured_id", ["national_id"], f"My French partner's social security number is {g.nir()}. Does the NHS need it when she registers with a GP here?", "French NIR in English text"),
        I("structured_id", ["email", "ip_user"], f"Security alert: new sign-in to {g.email(L)} from {g.public_ip()} (Manchester, Chrome on Windows). If this was you, ignore this message.", "account email + IP sign-in alert"),
        # free text
        I("free_text_pii", ["person_name", "health", "address"], f"Hi, I'm writing on behalf of my dad, {g.name(L, 'm')}. He has dementia and lives alone at {g.addr(L)}; can his prescriptions be delivered weekly instead of monthly?", "carer request"),
        I("free_text_pii", ["person_name", "financial"], f"{g.name(L, 'f')} from accounts confided that she has about £19,000 of payday-loan debt and bailiffs came to the house last week.", "financial distress"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Happy birthday reminder: {g.name(L, 'f')} turns 40 next week - she was born {g.dob(L)}. Ideas for a surprise at the office?", "DOB of private colleague"),
        I("free_text_pii", ["person_name", "health"], f"Incident report: at 15:20 {g.name(L, 'm')} (warehouse, night shift) collapsed near bay 4; first aider noted he is epileptic and had missed his medication.", "workplace incident, health"),
        I("free_text_pii", ["person_name", "address"], f"Please note my new address for all correspondence: {g.name(L)}, {g.addr(L)}.", "change of address"),
        I("free_text_pii", ["person_name", "health", "financial"], f"My brother {g.name(L, 'm')} has been in rehab for alcohol dependence since February and his landlord is threatening eviction over £2,100 of arrears.", "family member, addiction + arrears"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Witness statement of {g.name(L)} (DOB {g.dob(L)}), residing at {g.addr(L)}: I saw the blue van reverse into the bollard at about 8.15 pm.", "witness statement"),
        I("free_text_pii", ["person_name", "health"], f"Dear team, {g.name(L, 'f')} will be off for a few weeks following a miscarriage. Please don't contact her about work.", "greeting 'Dear team' + real private health info"),
        # hard negatives
        I("hard_negative", [], "Is Buckingham Palace, London SW1A 1AA, open to visitors in September, and how long does the State Rooms tour take?", "landmark address/postcode", cx="easy"),
        I("hard_negative", [], "Rewrite as a headline: 'Taylor Swift added three Wembley Stadium dates after the first shows sold out within minutes, her promoter said on Monday.'", "public figure in news", cx="easy"),
        I("hard_negative", [], "Harry Potter lives at 4 Privet Drive, Little Whinging, with the Dursleys. Write a diary entry from Dudley's point of view about his cousin's first summer back.", "fictional character + fictional address", cx="medium"),
        I("hard_negative", [], "In our API docs the example caller is 'Jane Roe', phone 555-0199, email user@example.org, token <YOUR_API_TOKEN>. Rewrite the example so it is obviously fake to non-US readers too.", "declared placeholders", cx="medium"),
        I("hard_negative", [], "What does `kubectl create secret generic app-tls --from-file=tls.key` do, and why is a Kubernetes Secret only base64-encoded rather than encrypted at rest by default?", "Kubernetes Secret technical", cx="medium"),
        I("hard_negative", [], "Our password policy says 'rotate every 90 days'. Build a careful argument, citing the reasoning behind current NIST guidance, for replacing rotation with breach-based resets, and anticipate the auditor's objections.", "password policy", cx="hard"),
        I("hard_negative", [], '{"order_id":"ORD-2026-0003318841","request_id":"9f1c2e7a-44b1-4c1e-9d7e-0a3b5f6c8d21","created":"2026-03-11T10:02:19Z","total":"149.90"}\n{"order_id":"ORD-2026-0003318842","request_id":"1b7d0c55-8e2f-4a90-b3c4-77e1f0a9d3e6","created":"2026-03-11T10:02:23Z","total":"24.50"}\n\nTurn these JSON records into CSV.', "order ids, UUIDs, timestamps", cx="easy"),
        I("hard_negative", [], "Which of these commits introduced the regression? 4f9c2a1 (v2.14.0), 8be07d3 (v2.14.1), c01a9e5 (v2.15.0-rc.1). The test suite started failing at build #18422.", "commit hashes, versions, build numbers", cx="medium"),
        I("hard_negative", [], f"Sample data from our QA sheet, clearly marked INVALID (bad check digits, used to test rejection): NI 'QQ 12 34 56 C', IBAN '{g.iban_broken('GB')}'. Explain why each would fail validation.", "QQ prefix is HMRC's documented invalid example; broken IBAN", cx="medium"),
        I("hard_negative", [], "Send a complaint letter to Tesco PLC, Tesco House, Shire Park, Kestrel Way, Welwyn Garden City AL7 1GA, about a damaged delivery.", "company address", cx="medium"),
        I("hard_negative", [], "Marie Curie was born on 7 November 1867 in Warsaw. Give me a one-paragraph summary of her two Nobel Prizes.", "historical figure DOB", cx="easy"),
        I("hard_negative", [], "Hello world! is the classic first program. Show it in Python, C and Rust.", "greeting + non-name", cx="easy"),
        I("hard_negative", [], "The Samaritans helpline is 116 123 and NHS non-emergency is 111. Make a small table of UK helpline numbers for a student welfare leaflet.", "public helpline numbers", cx="easy"),
        I("hard_negative", [], "Mr Bean and Mrs Doubtfire are both comedy characters. Compare how each film builds its physical comedy.", "fictional characters with honorifics", cx="medium"),
        # clean
        I("clean", [], "How many ounces are in a pound?", "lookup", cx="easy"),
        I("clean", [], "Give me a synonym for 'ubiquitous'.", "lookup", cx="easy"),
        I("clean", [], "Turn this into title case: the lord of the rings: the return of the king", "formatting", cx="easy"),
        I("clean", [], "What year did the Berlin Wall fall?", "factual", cx="easy"),
        I("clean", [], "Make this sentence shorter: In the event that the meeting is cancelled, we will let you know as soon as possible.", "rewrite", cx="easy"),
        I("clean", [], "Write a cover letter opening paragraph for a junior data analyst role at a housing charity.", "short writing", cx="medium"),
        I("clean", [], "Compare PostgreSQL and SQLite for a small desktop app that syncs to the cloud.", "comparison", cx="medium"),
        I("clean", [], "Write a regular expression that matches ISO 8601 dates (YYYY-MM-DD) and explain each part.", "small code", cx="medium"),
        I("clean", [], "Summarise the main causes of the First World War in about 200 words.", "moderate explanation", cx="medium"),
        I("clean", [], "Prove that every planar graph is 5-colourable.", "proof", cx="hard"),
        I("clean", [], "Design a CRDT-based collaborative text editor: choose a sequence CRDT, justify it against alternatives, explain how you bound metadata growth, and prove convergence for concurrent inserts at the same position.", "distributed systems design + proof", cx="hard"),
        I("clean", [], "Write a compiler pass that converts a small imperative language's AST into SSA form, including dominance-frontier computation, and argue why your phi placement is minimal.", "complex code", cx="hard"),
        I("clean", [], "Evaluate, step by step, whether a four-day working week would raise or lower total output in a mid-sized UK manufacturing firm, modelling fatigue, overtime, and coordination costs, and state which evidence would change your conclusion.", "deep analysis", cx="hard"),
        I("clean", [], "Derive the closed form of the n-th Fibonacci number from its generating function and prove the identity F(m+n) = F(m)F(n+1) + F(m-1)F(n).", "derivation + proof", cx="hard"),
    ]
    return it


# ---------------------------------------------------------------- German
def de(g):
    L = "de"
    it = [
        I("structured_id", ["person_name", "date_of_birth", "tax_id"], f"Personalbogen\nName: {g.name(L)}\nGeburtsdatum: {g.dob(L)}\nSteuerliche IdNr.: {g.steuer_id(grouped=True)}\nKonfession: rk", "form block; Steuer-ID grouped"),
        I("structured_id", ["phone", "email", "person_name"], f"Viele Grüße\n{g.name(L, 'f')}\nHeilpraktikerin (privat)\nMobil {g.phone('DE', 0)}\n{g.email(L)}\n\nMach daraus bitte eine vCard.", "signature block", cx="easy"),
        I("structured_id", ["credit_card"], f"kartennummer {g.card('visa').replace(' ', '')} prüfziffer 552 warum geht die zahlung nicht durch", "unspaced Visa, no punctuation", cx="easy"),
        I("structured_id", ["passport", "person_name"], f"Reisende: {g.name(L, 'f')}. Sie hat im Januar einen neuen Reisepass beantragt und inzwischen abgeholt. Bitte die neue Nummer verwenden: {g.passport('DE')}.", "passport; label two sentences away"),
        I("structured_id", ["national_id"], f"Mein Mitbewohner aus Madrid braucht für die Anmeldung seinen NIE: {g.nie()}. Reicht das für das Bürgeramt oder braucht er den Pass?", "Spanish NIE in German text"),
        I("structured_id", ["ip_user"], f"Apache-Zugriffslog:\n{g.public_ip()} - {g.login(L)}.{g.login_last(L)} [11/Mar/2026:06:12:09 +0100] \"GET /intranet/gehalt HTTP/1.1\" 200 5120\n\nWer hat die Seite abgerufen? Ein Satz.", "access log remote user + IP", cx="easy"),
        I("structured_id", ["iban"], f"Erstattung bitte auf CH-Konto: {group4(g.iban('CH'))}.", "Swiss IBAN grouped"),
        I("structured_id", ["tax_id", "person_name"], f"Betreff: Nachweis für die Elterngeldstelle. {g.name(L)} – die Identifikationsnummer steht auf dem Brief vom Bundeszentralamt für Steuern. Dort: {g.steuer_id()}.", "Steuer-ID; label a sentence away"),
        I("structured_id", ["credit_card", "address"], f"Rechnungsanschrift {g.addr(L)}; Karte {g.card('amex')} – bitte Zahlung erneut anstoßen.", "Amex + address"),
        I("structured_id", ["phone"], f"Verpasster Anruf von {g.phone('DE', 1)} um 10:14 Uhr, keine Mailbox-Nachricht. Soll ich zurückrufen?", "German landline"),
        I("structured_id", ["iban", "person_name"], f"Kontoänderung: Ab 1. April bitte Lastschrift von {g.iban('DE')} (Kontoinhaber {g.name(L, 'm')}) statt vom alten Konto.", "DE IBAN unspaced"),
        I("structured_id", ["email", "ip_user"], f"Sicherheitswarnung: Neue Anmeldung bei {g.email(L)} von {g.public_ip()} (Dortmund, Firefox unter Linux). Warst du das nicht, ändere dein Passwort.", "sign-in alert"),
        # free text
        I("free_text_pii", ["person_name", "health", "address"], f"Ich schreibe für meine Mutter, {g.name(L, 'f')}. Sie hat Parkinson und lebt allein in der {g.addr(L)}. Kann der Pflegedienst zweimal täglich kommen?", "carer request"),
        I("free_text_pii", ["person_name", "financial"], f"{g.name(L, 'f')} aus dem Vertrieb hat mir gestanden, dass ihr Konto gepfändet wurde und sie 27.000 € Schulden bei drei Banken hat.", "financial distress"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Erinnerung: {g.name(L)} wird nächste Woche 50 – geboren am {g.dob(L)}. Ideen für eine Überraschung im Büro?", "DOB colleague"),
        I("free_text_pii", ["person_name", "health"], f"Unfallmeldung: Um 15:20 Uhr ist {g.name(L, 'm')} (Spätschicht, Halle 3) zusammengebrochen; laut Ersthelfer ist er Diabetiker und hatte nichts gegessen.", "incident report"),
        I("free_text_pii", ["person_name", "address"], f"Bitte notieren Sie meine neue Anschrift: {g.name(L)}, {g.addr(L)}.", "change of address"),
        I("free_text_pii", ["person_name", "health", "financial"], f"Mein Schwager {g.name(L, 'm')} ist seit Februar in einer Suchtklinik, und sein Vermieter droht wegen 2.400 € Mietrückstand mit Kündigung.", "addiction + arrears"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Zeugenaussage von {g.name(L)}, geb. {g.dob(L)}, wohnhaft {g.addr(L)}: Ich sah gegen 20:15 Uhr einen blauen Transporter gegen den Poller fahren.", "witness statement"),
        I("free_text_pii", ["person_name", "health"], f"Hallo zusammen, {g.name(L, 'f')} ist nach einer Fehlgeburt für einige Wochen nicht da. Bitte kontaktiert sie nicht wegen Arbeitsthemen.", "greeting + real private health info"),
        # hard negatives
        I("hard_negative", [], "Hat der Kölner Dom, Domkloster 4, 50667 Köln, am Sonntagvormittag für Besucher geöffnet, und kann man auf den Turm?", "landmark address", cx="easy"),
        I("hard_negative", [], "Mach daraus eine Schlagzeile: „Helene Fischer kündigte am Montag zusätzliche Konzerte in Berlin an, nachdem die ersten Termine binnen Minuten ausverkauft waren.“", "public figure news", cx="easy"),
        I("hard_negative", [], "Tony Buddenbrook heiratet in Thomas Manns Roman zweimal unglücklich. Analysiere, wie der Roman ihre Ehen nutzt, um den Niedergang der Familie zu zeigen.", "fictional character, analysis", cx="hard"),
        I("hard_negative", [], "Auf dem Musterausweis steht Erika Mustermann, geboren 12.08.1964, Ausweisnummer T22000129. Erkläre, welche Sicherheitsmerkmale man auf dem Muster erkennt.", "official specimen ID card data (declared sample)", cx="medium"),
        I("hard_negative", [], "Servus Leute, warum ist ein Kubernetes Secret nur base64-kodiert und wie aktiviere ich Encryption at Rest im API-Server?", "greeting 'Servus Leute' + Kubernetes Secret", cx="medium"),
        I("hard_negative", [], "Grüß Gott miteinander, unsere Passwortrichtlinie verlangt 90-Tage-Wechsel. Begründe ausführlich anhand der aktuellen BSI- und NIST-Empfehlungen, warum wir darauf verzichten sollten, und entkräfte die Einwände der Revision.", "greeting + password policy (hard)", cx="hard"),
        I("hard_negative", [], 'bestell_nr;auftrags_id;zeitstempel;betrag\n4711000231;a3f9-22c1-bb07;2026-03-11 10:02:19;149,90\n4711000232;c81e-09d4-77aa;2026-03-11 10:02:23;24,50\n4711000233;0b2d-6e15-93cf;2026-03-11 10:02:31;310,00\n\nRechne die Summe der Beträge aus.', "order ids (10 digits) in CSV", cx="easy"),
        I("hard_negative", [], "Welcher Commit hat den Fehler eingeführt? 4f9c2a1 (v5.2.0), 8be07d3 (v5.2.1), c01a9e5 (v5.3.0-rc.2). Die Tests schlagen seit Build 20931 fehl.", "commits and versions", cx="medium"),
        I("hard_negative", [], f"Negativ-Testfälle aus unserem QA-Sheet (absichtlich FALSCHE Prüfziffer, keine echten Personen): Steuer-ID 12345678901 und IBAN {g.iban_broken('DE')}. Warum scheitern beide an der Prüfung?", "invalid Steuer-ID / IBAN declared test data", cx="medium"),
        I("hard_negative", [], "Schreibe eine Reklamation an die Otto GmbH & Co KG, Werner-Otto-Straße 1–7, 22179 Hamburg, wegen einer beschädigten Lieferung.", "company address", cx="medium"),
        I("hard_negative", [], "Albert Einstein wurde am 14. März 1879 in Ulm geboren. Fasse seine Beiträge zur Quantenphysik in einem Absatz zusammen.", "historical figure DOB", cx="easy"),
        I("hard_negative", [], "Hallo Welt – so heißt das erste Programm in fast jedem Lehrbuch. Zeig es mir in Java und in Go.", "greeting + non-name", cx="easy"),
        I("hard_negative", [], "Die Telefonseelsorge erreicht man unter 0800 111 0 111, den ärztlichen Bereitschaftsdienst unter 116117. Erstelle eine kleine Tabelle mit Notrufnummern für einen Aushang.", "public service numbers", cx="easy"),
        I("hard_negative", [], "Dr. Oetker, Hans im Glück und Frau Holle – erkläre kurz, was jeweils dahintersteckt (Marke, Restaurantkette, Märchen).", "brand/fairy-tale names that look like persons", cx="easy"),
        # clean
        I("clean", [], "Wie viele Gramm hat ein Pfund?", "lookup", cx="easy"),
        I("clean", [], "Nenne ein Synonym für „allgegenwärtig“.", "lookup", cx="easy"),
        I("clean", [], "Schreibe diesen Satz in der Vergangenheit: Wir fahren morgen nach Rostock.", "rewrite", cx="easy"),
        I("clean", [], "In welchem Jahr fiel die Berliner Mauer?", "factual", cx="easy"),
        I("clean", [], "Setze die Kommas: Ich weiß nicht ob er kommt weil er krank ist.", "simple grammar", cx="easy"),
        I("clean", [], "Schreibe den Einleitungsabsatz eines Anschreibens für eine Stelle als Werkstudent im Controlling.", "short writing", cx="medium"),
        I("clean", [], "Vergleiche PostgreSQL und SQLite für eine kleine Desktop-App mit Cloud-Synchronisierung.", "comparison", cx="medium"),
        I("clean", [], "Schreibe eine Python-Funktion, die prüft, ob eine Zeichenkette ein Palindrom ist, und dabei Umlaute und Leerzeichen korrekt behandelt.", "small code", cx="medium"),
        I("clean", [], "Erkläre in etwa 200 Wörtern die Ursachen der Inflation 2022 in der Eurozone.", "moderate explanation", cx="medium"),
        I("clean", [], "Beweise, dass es unendlich viele Primzahlen gibt, die bei Division durch 6 den Rest 5 lassen.", "proof", cx="hard"),
        I("clean", [], "Entwirf ein verteiltes Konsensverfahren für eine Schlüssel-Wert-Datenbank über drei Rechenzentren, begründe die Wahl gegenüber Alternativen, analysiere Split-Brain-Szenarien und beweise die Sicherheitseigenschaft.", "distributed design + proof", cx="hard"),
        I("clean", [], "Schreibe einen Parser mit Fehlerbehandlung für eine Teilmenge von SQL in TypeScript und begründe, warum deine Grammatik eindeutig ist.", "complex code", cx="hard"),
        I("clean", [], "Bewerte Schritt für Schritt, wie sich der Ausstieg aus der Kohleverstromung bis 2030 auf Netzstabilität, Strompreise und Beschäftigung in der Lausitz auswirkt; lege Annahmen offen und wäge Gegenpositionen ab.", "deep analysis", cx="hard"),
        I("clean", [], "Leite her, warum der Erwartungswert der Anzahl der Fixpunkte einer zufälligen Permutation genau 1 ist, und bestimme die Grenzverteilung dieser Anzahl mit Beweis.", "derivation + proof", cx="hard"),
    ]
    return it


# ---------------------------------------------------------------- French
def fr(g):
    L = "fr"
    it = [
        I("structured_id", ["person_name", "date_of_birth", "national_id"], f"Fiche salarié\nNom : {g.name(L).split()[-1].upper()}\nPrénom : {g.first(L)}\nDate de naissance : {g.dob(L)}\nN° de sécurité sociale : {g.nir(spaced=False)}", "form block; NIR unspaced with key"),
        I("structured_id", ["phone", "email", "person_name"], f"Bien à vous,\n{g.name(L)}\nOstéopathe D.O.\nPort. {g.phone('FR', 0)}\n{g.email(L)}\n\nTransforme cette signature en vCard.", "signature block", cx="easy"),
        I("structured_id", ["credit_card"], f"numero de carte {g.card('mc').replace(' ', '')} cryptogramme 417 pourquoi le paiement est refusé", "unspaced Mastercard", cx="easy"),
        I("structured_id", ["passport", "person_name"], f"Voyageuse : {g.name(L, 'f')}. Elle a refait son passeport en janvier suite à un vol. Merci d'utiliser le nouveau numéro, qui figure sur le récépissé : {g.passport('FR')}.", "passport; label a sentence away"),
        I("structured_id", ["tax_id"], f"J'ai travaillé six mois à Francfort. Sur ma fiche de paie allemande il y a « Steuer-ID {g.steuer_id(grouped=True)} ». Dois-je la déclarer aux impôts français ?", "German tax id in French text, grouped"),
        I("structured_id", ["ip_user"], f"Journal nginx :\n{g.public_ip()} - {g.login(L)}.{g.login_last(L)} [11/Mar/2026:21:40:02 +0100] \"POST /compte/connexion HTTP/1.1\" 200 812\n\nLa connexion a-t-elle réussi ? Une phrase.", "access log remote user + IP", cx="easy"),
        I("structured_id", ["iban"], f"Remboursement sur mon compte allemand svp : {group4(g.iban('DE'))}.", "DE IBAN grouped in French"),
        I("structured_id", ["national_id", "person_name"], f"Objet : dossier CAF. {g.name(L)} – le numéro d'inscription au répertoire figure sur la carte Vitale. Le voici : {g.nir()}.", "NIR; label a sentence away"),
        I("structured_id", ["credit_card", "address"], f"Adresse de facturation {g.addr(L)} ; carte {g.card('visa')} – merci de relancer le paiement.", "card + address"),
        I("structured_id", ["phone"], f"Appel manqué du {g.phone('FR', 1)} à 10 h 14, pas de message. Je rappelle ?", "intl mobile"),
        I("structured_id", ["iban", "person_name"], f"Changement de RIB : à partir du 1er avril, prélever sur {g.iban('FR')} (titulaire {g.name(L)}).", "FR IBAN unspaced"),
        I("structured_id", ["email", "ip_user"], f"Alerte de sécurité : nouvelle connexion à {g.email(L)} depuis {g.public_ip()} (Rennes, Safari sur macOS). Si ce n'est pas vous, changez votre mot de passe.", "sign-in alert"),
        # free text
        I("free_text_pii", ["person_name", "health", "address"], f"J'écris pour mon père, {g.name(L, 'm')}. Il a la maladie d'Alzheimer et vit seul au {g.addr(L)}. Peut-on organiser le portage des repas ?", "carer request"),
        I("free_text_pii", ["person_name", "financial"], f"{g.name(L, 'f')}, de la compta, m'a avoué être fichée à la Banque de France et devoir 14 000 € à trois organismes de crédit.", "financial distress"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Rappel : {g.name(L, 'f')} fête ses 30 ans la semaine prochaine – née le {g.dob(L)}. Des idées de surprise au bureau ?", "DOB colleague"),
        I("free_text_pii", ["person_name", "health"], f"Déclaration d'accident : à 15 h 20, {g.name(L, 'm')} (équipe de nuit, quai 2) a fait un malaise ; d'après le secouriste, il est asthmatique et n'avait pas son inhalateur.", "incident report"),
        I("free_text_pii", ["person_name", "address"], f"Merci de noter ma nouvelle adresse : {g.name(L)}, {g.addr(L)}.", "change of address"),
        I("free_text_pii", ["person_name", "health", "financial"], f"Mon cousin {g.name(L, 'm')} est en cure de désintoxication depuis février et son propriétaire menace de l'expulser pour 1 900 € d'impayés.", "addiction + arrears"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Témoignage de {g.name(L, 'f')}, née le {g.dob(L)}, demeurant {g.addr(L)} : vers 20 h 15, j'ai vu une camionnette bleue percuter la borne.", "witness statement"),
        I("free_text_pii", ["person_name", "health"], f"Bonjour à tous, {g.name(L, 'f')} sera absente quelques semaines après une fausse couche. Merci de ne pas la solliciter.", "greeting + real private health info"),
        # hard negatives
        I("hard_negative", [], "Le musée du Louvre, rue de Rivoli, 75001 Paris, est-il ouvert le mardi ? Combien de temps faut-il pour voir la Joconde ?", "landmark address", cx="easy"),
        I("hard_negative", [], "Transforme en titre de presse : « Kylian Mbappé a annoncé lundi qu'il manquerait le match amical contre la Belgique en raison d'une blessure à la cuisse. »", "public figure news", cx="easy"),
        I("hard_negative", [], "Emma Bovary, Julien Sorel et Jean Valjean : compare la façon dont Flaubert, Stendhal et Hugo font de leur personnage le symptôme d'une société, en argumentant avec précision.", "fictional characters, hard literary analysis", cx="hard"),
        I("hard_negative", [], "Sur le spécimen de carte d'identité figure « Marie Martin, née le 01/01/1990, n° X4RTBPFW4 ». Quelles mentions sont obligatoires sur la nouvelle carte ?", "declared specimen data", cx="medium"),
        I("hard_negative", [], "Bonsoir la compagnie, pourquoi un Secret Kubernetes n'est-il qu'encodé en base64, et comment activer le chiffrement au repos ?", "greeting + Kubernetes Secret", cx="medium"),
        I("hard_negative", [], "Coucou l'équipe, notre politique de mots de passe impose un changement tous les 90 jours. Argumente en détail, à partir des recommandations de l'ANSSI et du NIST, pour la remplacer, et réfute les objections de l'audit interne.", "greeting + password policy (hard)", cx="hard"),
        I("hard_negative", [], 'num_cmd;id_requete;horodatage;montant\n7300412288;e91a-3c07-55de;2026-03-11 10:02:19;149,90\n7300412289;4b6f-a012-c3d9;2026-03-11 10:02:23;24,50\n7300412290;f0c8-71ab-2e64;2026-03-11 10:02:31;310,00\n\nCalcule la somme des montants.', "order ids (10 digits) in CSV", cx="easy"),
        I("hard_negative", [], "Quel commit a introduit la régression ? 4f9c2a1 (v1.8.0), 8be07d3 (v1.8.1), c01a9e5 (v1.9.0-beta.3). Les tests échouent depuis le build 5512.", "commits and versions", cx="medium"),
        I("hard_negative", [], f"Cas de test négatifs (clé volontairement FAUSSE, aucune personne réelle) : carte {g.card_broken()} et IBAN {g.iban_broken('FR')}. Explique pourquoi chacun échoue.", "broken Luhn + IBAN declared test data", cx="medium"),
        I("hard_negative", [], "Écris une réclamation à Decathlon SE, 4 boulevard de Mons, 59650 Villeneuve-d'Ascq, pour un vélo livré abîmé.", "company address", cx="medium"),
        I("hard_negative", [], "Marie Curie est née le 7 novembre 1867 à Varsovie. Résume ses deux prix Nobel en un paragraphe.", "historical figure DOB", cx="easy"),
        I("hard_negative", [], "« Bonjour le monde » : montre-moi ce premier programme en Python et en C.", "greeting + non-name", cx="easy"),
        I("hard_negative", [], "Le SAMU c'est le 15, le numéro d'urgence européen le 112, et SOS Amitié le 09 72 39 40 50. Fais un petit tableau pour une affiche.", "public service numbers", cx="easy"),
        I("hard_negative", [], "Monsieur Bricolage, Madame Figaro et le Père Castor : explique en une phrase chacun ce que c'est (enseigne, magazine, collection).", "brand names with honorifics", cx="easy"),
        # clean
        I("clean", [], "Combien de grammes dans une livre ?", "lookup", cx="easy"),
        I("clean", [], "Donne un synonyme de « omniprésent ».", "lookup", cx="easy"),
        I("clean", [], "Mets cette phrase au passé composé : Nous partons demain pour Lille.", "rewrite", cx="easy"),
        I("clean", [], "En quelle année a eu lieu la prise de la Bastille ?", "factual", cx="easy"),
        I("clean", [], "Accorde correctement : « Les fleurs que j'ai (cueillir) sont fanées. »", "simple grammar", cx="easy"),
        I("clean", [], "Écris le paragraphe d'introduction d'une lettre de motivation pour une alternance en marketing digital.", "short writing", cx="medium"),
        I("clean", [], "Compare MongoDB et PostgreSQL pour un site de petites annonces.", "comparison", cx="medium"),
        I("clean", [], "Écris une fonction Python qui compte les mots d'un texte en ignorant la casse et les accents.", "small code", cx="medium"),
        I("clean", [], "Explique en 200 mots environ les causes de la Révolution française.", "moderate explanation", cx="medium"),
        I("clean", [], "Démontre que tout entier naturel supérieur ou égal à 2 se décompose de manière unique en produit de nombres premiers.", "proof", cx="hard"),
        I("clean", [], "Conçois un système de réservation de billets de train supportant 10 000 réservations par seconde sans surréservation ; justifie le modèle de cohérence, analyse les pannes partielles et démontre l'absence de double vente.", "system design + proof", cx="hard"),
        I("clean", [], "Implémente en C un allocateur mémoire à base de « buddy system » avec fusion des blocs libres, puis prouve que la fragmentation externe reste bornée.", "complex code + proof", cx="hard"),
        I("clean", [], "Évalue pas à pas l'effet d'un passage de l'âge légal de départ à la retraite à 65 ans sur l'emploi des seniors, les finances publiques et les inégalités, avec hypothèses explicites et contre-arguments.", "deep analysis", cx="hard"),
        I("clean", [], "Établis la formule de Stirling à partir de la fonction Gamma par la méthode de Laplace, en justifiant chaque approximation.", "derivation", cx="hard"),
    ]
    return it


# ---------------------------------------------------------------- Spanish
def es(g):
    L = "es"
    it = [
        I("structured_id", ["person_name", "date_of_birth", "national_id"], f"Ficha de empleado\nApellidos: {' '.join(g.name(L).split()[-2:])}\nNombre: {g.first(L)}\nFecha de nacimiento: {g.dob(L)}\nDNI: {g.dni()}\nN.º afiliación SS: {nss(g.r)}", "form block; DNI + NSS"),
        I("structured_id", ["phone", "email", "person_name"], f"Un saludo,\n{g.name(L, 'f')}\nFisioterapeuta colegiada\nMóvil {g.phone('ES', 0)}\n{g.email(L)}\n\nConvierte esta firma en una vCard.", "signature block", cx="easy"),
        I("structured_id", ["credit_card"], f"numero tarjeta {g.card('visa').replace(' ', '')} cvv 209 por que me rechaza el pago", "unspaced Visa", cx="easy"),
        I("structured_id", ["passport", "person_name"], f"Viajero: {g.name(L, 'm')}. Renovó el pasaporte en enero porque se le caducaba. Usad el número nuevo, que aparece en la foto que os mandé: {g.passport('ES')}.", "passport; label a sentence away"),
        I("structured_id", ["national_id"], f"Trabajé un año en Toulouse. En mi nómina francesa pone « N° SS : {g.nir()} ». ¿Lo necesito para cobrar el paro en España?", "French NIR in Spanish text"),
        I("structured_id", ["ip_user"], f"Registro de Apache:\n{g.public_ip()} - {g.login(L)}{g.r.randint(10, 99)} [11/Mar/2026:18:22:51 +0100] \"GET /nominas/2026-02.pdf HTTP/1.1\" 200 88412\n\n¿Qué usuario descargó la nómina? Una frase.", "access log remote user + IP", cx="easy"),
        I("structured_id", ["iban"], f"Devolución a mi cuenta británica, por favor: {group4(g.iban('GB'))}.", "GB IBAN grouped in Spanish"),
        I("structured_id", ["national_id", "person_name"], f"Asunto: reagrupación familiar. {g.name(L)} – el número de identidad de extranjero aparece en la TIE, en la parte delantera. Es el {g.nie()}.", "NIE; label a sentence away"),
        I("structured_id", ["credit_card", "address"], f"Dirección de facturación {g.addr(L)}; tarjeta {g.card('mc')}, repetid el cobro por favor.", "card + address"),
        I("structured_id", ["phone"], f"Llamada perdida del {g.phone('ES', 0)} a las 10:14, sin mensaje. ¿Devuelvo la llamada?", "mobile"),
        I("structured_id", ["iban", "person_name"], f"Cambio de domiciliación: desde el 1 de abril cargad los recibos en {g.iban('ES')} (titular {g.name(L)}).", "ES IBAN unspaced"),
        I("structured_id", ["email", "ip_user"], f"Alerta de seguridad: nuevo inicio de sesión en {g.email(L)} desde {g.public_ip()} (Bilbao, Chrome en Android). Si no has sido tú, cambia la contraseña.", "sign-in alert"),
        # free text
        I("free_text_pii", ["person_name", "health", "address"], f"Escribo por mi madre, {g.name(L, 'f')}. Tiene párkinson y vive sola en {g.addr(L)}. ¿Pueden ir los de ayuda a domicilio dos veces al día?", "carer request"),
        I("free_text_pii", ["person_name", "financial"], f"{g.name(L)}, de ventas, me confesó que está en el fichero de morosos y debe 16.000 € a tres financieras.", "financial distress"),
        I("free_text_pii", ["person_name", "date_of_birth"], f"Recordatorio: {g.name(L)} cumple 45 la semana que viene (nació el {g.dob(L)}). ¿Ideas para una sorpresa en la oficina?", "DOB colleague"),
        I("free_text_pii", ["person_name", "health"], f"Parte de incidente: a las 15:20, {g.name(L, 'm')} (turno de noche, muelle 5) se desmayó; según el socorrista es diabético y no había comido.", "incident report"),
        I("free_text_pii", ["person_name", "address"], f"Tomen nota de mi nueva dirección: {g.name(L)}, {g.addr(L)}.", "change of address"),
        I("free_text_pii", ["person_name", "health", "financial"], f"Mi cuñado {g.name(L, 'm')} está en un centro de desintoxicación desde febrero y el casero amenaza con desahuciarle por 2.300 € de deuda.", "addiction + arrears"),
        I("free_text_pii", ["person_name", "date_of_birth", "address"], f"Declaración testifical de {g.name(L, 'f')}, nacida el {g.dob(L)}, con domicilio en {g.addr(L)}: sobre las 20:15 vi una furgoneta azul chocar contra el bolardo.", "witness statement"),
        I("free_text_pii", ["person_name", "health"], f"Hola a todos, {g.name(L)} estará de baja unas semanas tras un aborto espontáneo. Por favor, no le escribáis por temas de trabajo.", "greeting + real private health info"),
        # hard negatives
        I("hard_negative", [], "¿Se puede visitar la Sagrada Família, Carrer de Mallorca 401, 08013 Barcelona, un domingo por la mañana? ¿Hace falta reservar las torres?", "landmark address", cx="easy"),
        I("hard_negative", [], "Conviértelo en titular: «Rafael Nadal anunció el lunes que jugará un partido de exhibición en Manacor con fines benéficos».", "public figure news", cx="easy"),
        I("hard_negative", [], "Compara cómo construyen Galdós con Fortunata y Clarín con Ana Ozores el conflicto entre deseo y moral burguesa; argumenta con precisión y matiza tus conclusiones.", "fictional characters, hard literary analysis", cx="hard"),
        I("hard_negative", [], "En el modelo de DNI de muestra aparece «Carmen Española Española, 99999999R». ¿Qué datos figuran en el reverso del DNI 4.0?", "official specimen data (declared sample)", cx="medium"),
        I("hard_negative", [], "Buenas tardes, equipo: ¿por qué un Secret de Kubernetes solo está en base64 y cómo activo el cifrado en reposo en el API server?", "greeting + Kubernetes Secret", cx="medium"),
        I("hard_negative", [], "Querida comunidad: nuestra política de contraseñas exige cambiarlas cada 90 días. Argumenta a fondo, con las guías del CCN-CERT y del NIST, por qué deberíamos sustituirla, y rebate las objeciones de auditoría.", "greeting + password policy (hard)", cx="hard"),
        I("hard_negative", [], 'num_pedido;id_peticion;marca_temporal;importe\n6200918345;7d2e-b1c0-49fa;2026-03-11 10:02:19;149,90\n6200918346;a0f3-5e88-d217;2026-03-11 10:02:23;24,50\n6200918347;3c9b-e604-8a1d;2026-03-11 10:02:31;310,00\n\nSuma los importes.', "order ids (10 digits, start with 6 like Spanish mobiles) in CSV", cx="easy"),
        I("hard_negative", [], "¿Qué commit introdujo el fallo? 4f9c2a1 (v0.9.4), 8be07d3 (v0.9.5), c01a9e5 (v1.0.0-rc.1). Los tests fallan desde la build 7740.", "commits and versions", cx="medium"),
        I("hard_negative", [], f"Casos de prueba negativos (letra de control FALSA a propósito, no pertenecen a nadie): NIE {nie_broken(g.r)} y IBAN {g.iban_broken('ES')}. Explica por qué falla cada uno.", "NIE with wrong control letter + broken IBAN, declared test data", cx="medium"),
        I("hard_negative", [], "Escribe una reclamación a El Corte Inglés, S.A., calle de Hermosilla 112, 28009 Madrid, por un sofá entregado con desperfectos.", "company address", cx="medium"),
        I("hard_negative", [], "Frida Kahlo nació el 6 de julio de 1907 en Coyoacán. Resume en un párrafo su relación con el muralismo.", "historical figure DOB", cx="easy"),
        I("hard_negative", [], "«Hola mundo» es el primer programa clásico. Escríbelo en JavaScript y en Kotlin.", "greeting + non-name", cx="easy"),
        I("hard_negative", [], "El 112 es el teléfono de emergencias y el 024 la línea de atención a la conducta suicida. Haz una tabla con teléfonos de ayuda para un cartel del instituto.", "public service numbers", cx="easy"),
        I("hard_negative", [], "Don Simón, Doña Manolita y Perico de los Palotes: explica en una frase qué es cada uno (marca, administración de lotería, nombre genérico).", "brand / placeholder names", cx="easy"),
        # clean
        I("clean", [], "¿Cuántos gramos tiene una libra?", "lookup", cx="easy"),
        I("clean", [], "Dame un sinónimo de «ubicuo».", "lookup", cx="easy"),
        I("clean", [], "Pon esta frase en pasado: Mañana vamos a Cádiz.", "rewrite", cx="easy"),
        I("clean", [], "¿En qué año se aprobó la Constitución española vigente?", "factual", cx="easy"),
        I("clean", [], "Pon las tildes que faltan: «Cuando llegues, dime que quieres cenar».", "simple grammar", cx="easy"),
        I("clean", [], "Escribe el párrafo inicial de una carta de presentación para unas prácticas en una ONG de cooperación.", "short writing", cx="medium"),
        I("clean", [], "Compara Redis y Memcached para cachear sesiones de una web mediana.", "comparison", cx="medium"),
        I("clean", [], "Escribe una función en JavaScript que formatee un número como moneda en euros con separadores españoles.", "small code", cx="medium"),
        I("clean", [], "Explica en unas 200 palabras las causas de la crisis financiera de 2008 en España.", "moderate explanation", cx="medium"),
        I("clean", [], "Demuestra que la serie armónica diverge y que la suma de los inversos de los primos también diverge.", "proof", cx="hard"),
        I("clean", [], "Diseña la arquitectura de un sistema de detección de fraude en tiempo real para pagos con tarjeta (50 000 transacciones/s): modelo de datos, latencias, reentrenamiento y manejo de deriva; justifica cada compromiso.", "system design", cx="hard"),
        I("clean", [], "Implementa en Haskell un comprobador de tipos para el cálculo lambda simplemente tipado con let-polimorfismo y demuestra que la inferencia termina.", "complex code + proof", cx="hard"),
        I("clean", [], "Analiza paso a paso si subir el salario mínimo un 8 % reduciría o aumentaría el empleo juvenil en España, con supuestos explícitos, evidencia comparada y contraargumentos.", "deep analysis", cx="hard"),
        I("clean", [], "Deduce la ecuación del calor en una varilla a partir de la ley de Fourier y resuélvela por separación de variables con extremos a temperatura fija.", "derivation", cx="hard"),
    ]
    return it


def items(lang, g):
    base = {"en": en, "de": de, "fr": fr, "es": es}[lang](g)
    return base + longs(lang, g)
