"""Writes ``dev.jsonl``: a small development set in the blind sets' line schema.

Hand-written in four languages (English, German, French, Spanish) by a developer who had
read the classifier code, to try ``classifier_eval.py --cases`` end to end and to guide
changes: its figures flatter the classifiers and it is no held-out set. Two long
documents (a log and a CSV export, personal data in the middle) are built from short
lines here, so the file stays reviewable.

    .venv/bin/python benchmarks/classifier_eval/dev/build.py
"""

from __future__ import annotations

import json
from pathlib import Path

S, F, N, C = "structured_id", "free_text_pii", "hard_negative", "clean"
E, M, H = "easy", "medium", "hard"

ROWS: list[tuple[str, str, str, list[str], str]] = [
    # -- English --------------------------------------------------------------------------
    (
        "en",
        S,
        "Please update my record. My passport is the one issued last year in London. The number is 533380006.",
        ["nationalId"],
        E,
    ),
    (
        "en",
        S,
        "For the payroll form: NI number JG 10 37 85 A, start date next Monday.",
        ["nationalId"],
        E,
    ),
    (
        "en",
        S,
        "The applicant's SSN is 219-09-9999 and she asked us to keep it on file.",
        ["nationalId"],
        E,
    ),
    (
        "en",
        S,
        "Why was this login refused? 2024-03-11T09:14:22Z sshd[812]: Failed password for user jmorrison from 81.2.69.160 port 52311",
        ["ipAddress", "personName"],
        M,
    ),
    (
        "en",
        S,
        "Wire the refund to IBAN GB29 NWBK 6016 1331 9268 19 and confirm by mail.",
        ["iban"],
        E,
    ),
    (
        "en",
        S,
        "Card on file: 4532 0151 1283 0366, expiry 09/27. Summarise the charge dispute in two lines.",
        ["creditCard"],
        E,
    ),
    (
        "en",
        F,
        "Write a short note to my landlord, Mr Peter Hollis, about the broken boiler at 14 Castle Street, York.",
        ["personName", "address"],
        E,
    ),
    (
        "en",
        F,
        "My daughter Emily Carter was diagnosed with epilepsy last week; draft an email to her school.",
        ["personName", "health"],
        M,
    ),
    (
        "en",
        F,
        "Hi, I'm Rebecca Stone, born 3 April 1988. Can you help me fill in the visa form?",
        ["personName", "dateOfBirth"],
        E,
    ),
    (
        "en",
        N,
        "Call 555-0142 to reach the fictional pizzeria in our training script; it is test data.",
        [],
        E,
    ),
    (
        "en",
        N,
        "Write a tour guide paragraph about 10 Downing Street and 1600 Pennsylvania Avenue.",
        [],
        E,
    ),
    (
        "en",
        N,
        "In the news today: Taylor Swift announced a new tour and Elon Musk commented on it. Summarise.",
        [],
        E,
    ),
    (
        "en",
        N,
        "How do I mount a Kubernetes Secret as a file and rotate the token without restarting the pod?",
        [],
        M,
    ),
    (
        "en",
        N,
        "Sample customer for the demo: John Doe, john.doe@example.com, 123 Main Street, Anytown. This is fake data.",
        [],
        E,
    ),
    (
        "en",
        N,
        "2024-05-02 10:01:13 INFO order_id=4839201177 request_id=7730019922 status=200 latency=41ms. Why is latency spiking?",
        [],
        M,
    ),
    ("en", N, "Sherlock Holmes lives at 221B Baker Street. Write a short pastiche opening.", [], M),
    ("en", C, "What is the capital of Australia?", [], E),
    ("en", C, "Translate 'good morning' into Italian.", [], E),
    (
        "en",
        C,
        "Design a sharded rate limiter for a multi-region API, analyse its failure modes under network partitions and prove the bound on over-admission.",
        [],
        H,
    ),
    (
        "en",
        C,
        "Derive the closed form of the expected number of comparisons in randomized quicksort and prove it is O(n log n).",
        [],
        H,
    ),
    (
        "en",
        C,
        "Refactor this Python module to remove the global state, keep the public API, and explain the trade-offs: \nimport os\nCACHE = {}\ndef get(k):\n    return CACHE.get(k)\n",
        [],
        H,
    ),
    ("en", C, "Compare TCP and QUIC congestion control in a few paragraphs.", [], M),
    # -- German ---------------------------------------------------------------------------
    (
        "de",
        S,
        "Bitte trage meine Daten ein. Reisepass: ausgestellt in Berlin. Die Passnummer lautet C01X00T47.",
        ["nationalId"],
        E,
    ),
    (
        "de",
        S,
        "Meine Steuer-ID ist 86 753 091 450, bitte in das Formular übernehmen.",
        ["nationalId"],
        E,
    ),
    (
        "de",
        S,
        "Steueridentifikationsnummer des Mitarbeiters: 51827364956. Erstelle die Lohnabrechnung.",
        ["nationalId"],
        M,
    ),
    (
        "de",
        S,
        "Überweise die Kaution auf IBAN DE89 3704 0044 0532 0130 00, Verwendungszweck Miete.",
        ["iban"],
        E,
    ),
    (
        "de",
        S,
        "Personalausweisnummer L01X00T47, gültig bis 2031. Schreibe eine Bestätigung.",
        ["nationalId"],
        E,
    ),
    (
        "de",
        S,
        "Warum schlägt der Login fehl? Mar 11 09:14:22 web01 sshd[812]: Invalid user kschneider from 203.0.113.77 port 4022",
        ["ipAddress"],
        M,
    ),
    (
        "de",
        F,
        "Hallo Frau Krüger, anbei die Unterlagen zu Ihrem Termin. Formuliere die Mail höflicher.",
        ["personName"],
        E,
    ),
    (
        "de",
        F,
        "Schreibe an Herrn Tobias Wendt, Gartenstraße 12, 70173 Stuttgart, dass die Lieferung kommt.",
        ["personName", "address"],
        E,
    ),
    (
        "de",
        F,
        "Mein Kollege Jonas Becker hat seit März Depressionen und ist krankgeschrieben. Wie spreche ich das an?",
        ["personName", "health"],
        M,
    ),
    (
        "de",
        N,
        "Hallo zusammen, wie richte ich einen Kubernetes Secret für die Datenbank ein?",
        [],
        M,
    ),
    (
        "de",
        N,
        "Beispiel: Max Mustermann, Musterstraße 1, 12345 Musterstadt. Erkläre, wie man ein Formular ausfüllt.",
        [],
        E,
    ),
    (
        "de",
        N,
        "Schreibe einen kurzen Text über das Brandenburger Tor am Pariser Platz 1 in Berlin.",
        [],
        E,
    ),
    (
        "de",
        N,
        "Angela Merkel war von 2005 bis 2021 Bundeskanzlerin. Fasse ihre Amtszeit in fünf Sätzen zusammen.",
        [],
        M,
    ),
    ("de", N, "Hallo! Kannst du mir helfen, eine Einladung zum Sommerfest zu schreiben?", [], E),
    (
        "de",
        N,
        "bestellnr;kunde_id;menge\n4839201177;88213;2\n4839201178;88214;1\nWelche Bestellung hat die größte Menge?",
        [],
        E,
    ),
    ("de", C, "Was ist die Hauptstadt von Kanada?", [], E),
    ("de", C, "Übersetze 'Guten Morgen' ins Englische.", [], E),
    (
        "de",
        C,
        "Entwirf eine verteilte Sperre mit Redis, analysiere die Fehlerfälle bei Netzwerkpartitionen und beweise, dass sie sicher ist.",
        [],
        H,
    ),
    (
        "de",
        C,
        "Beweise, dass es unendlich viele Primzahlen gibt, und leite eine untere Schranke für ihre Dichte her.",
        [],
        H,
    ),
    (
        "de",
        C,
        "Optimiere diesen SQL-Query für eine Tabelle mit 500 Millionen Zeilen und begründe die Indexwahl: SELECT * FROM orders WHERE status='open' ORDER BY created_at;",
        [],
        H,
    ),
    (
        "de",
        C,
        "Fasse den folgenden Absatz in einem Satz zusammen: Die Stadt plant eine neue Straßenbahnlinie, die ab 2027 den Hauptbahnhof mit dem Flughafen verbinden soll.",
        [],
        E,
    ),
    # -- French ---------------------------------------------------------------------------
    (
        "fr",
        S,
        "Mon numéro de sécurité sociale est 1 85 05 78 006 084 91, merci de compléter le dossier.",
        ["nationalId"],
        E,
    ),
    (
        "fr",
        S,
        "Pour la réservation : passeport. Numéro : 18AV12345, délivré à Lyon.",
        ["nationalId"],
        E,
    ),
    (
        "fr",
        S,
        "Virement à effectuer sur l'IBAN FR14 2004 1010 0505 0001 3M02 606 avant vendredi.",
        ["iban"],
        E,
    ),
    (
        "fr",
        S,
        "Mon numéro fiscal (SPI) est 3023217600053. Rédige une réclamation aux impôts.",
        ["nationalId"],
        M,
    ),
    (
        "fr",
        S,
        'Pourquoi cet accès est-il refusé ? 10.0.4.17 - mdubois [11/Mar/2024:09:14:22 +0100] "GET /admin HTTP/1.1" 403',
        ["ipAddress"],
        M,
    ),
    (
        "fr",
        F,
        "Bonjour Mme Lefèvre, je vous confirme le rendez-vous. Rends ce message plus formel.",
        ["personName"],
        E,
    ),
    (
        "fr",
        F,
        "Écris une lettre à M. Antoine Garnier, 8 rue des Lilas, 69003 Lyon, pour le préavis.",
        ["personName", "address"],
        E,
    ),
    (
        "fr",
        F,
        "Ma mère, Sylvie Moreau, née le 12 mars 1954, est diabétique. Prépare un résumé pour son médecin.",
        ["personName", "dateOfBirth", "health"],
        M,
    ),
    (
        "fr",
        N,
        "Exemple fictif : Jean Dupont, 1 rue de l'Exemple, 75000 Paris. Explique comment remplir un chèque.",
        [],
        E,
    ),
    (
        "fr",
        N,
        "Écris un paragraphe touristique sur la tour Eiffel, 5 avenue Anatole France.",
        [],
        E,
    ),
    (
        "fr",
        N,
        "Bonjour ! Peux-tu m'aider à écrire une invitation pour l'anniversaire de ma fille ?",
        [],
        E,
    ),
    ("fr", N, "Emmanuel Macron a rencontré Olaf Scholz hier à Berlin. Résume l'article.", [], E),
    (
        "fr",
        N,
        "Comment stocker un token d'API dans un Secret Kubernetes sans l'exposer dans les logs ?",
        [],
        M,
    ),
    ("fr", C, "Quelle est la capitale du Portugal ?", [], E),
    ("fr", C, "Traduis « merci beaucoup » en allemand.", [], E),
    (
        "fr",
        C,
        "Conçois un algorithme de consensus tolérant aux pannes byzantines, démontre sa sûreté et analyse sa complexité en messages.",
        [],
        H,
    ),
    (
        "fr",
        C,
        "Démontre que la série harmonique diverge puis compare sa croissance à celle du logarithme.",
        [],
        H,
    ),
    (
        "fr",
        C,
        "Reformule ce paragraphe en style plus simple : La municipalité a décidé de prolonger les horaires d'ouverture de la bibliothèque pendant la période des examens.",
        [],
        E,
    ),
    # -- Spanish --------------------------------------------------------------------------
    (
        "es",
        S,
        "Mi DNI es 48215739B, necesito renovar el carné de la biblioteca.",
        ["nationalId"],
        E,
    ),
    (
        "es",
        S,
        "Datos del viajero. Pasaporte español. Número: PAA123456, caduca en 2029.",
        ["nationalId"],
        E,
    ),
    (
        "es",
        S,
        "El NIE del inquilino es Y3948271J; redacta el contrato de alquiler.",
        ["nationalId"],
        M,
    ),
    (
        "es",
        S,
        "Transferir a la cuenta IBAN ES91 2100 0418 4502 0005 1332 antes del lunes.",
        ["iban"],
        E,
    ),
    (
        "es",
        S,
        "¿Por qué falla? Mar 11 09:14:22 srv sshd[812]: Accepted publickey for lgarcia from 88.12.45.201 port 50111",
        ["ipAddress"],
        M,
    ),
    (
        "es",
        F,
        "Hola Sra. Martínez, le escribo por la factura pendiente. Hazlo más cordial.",
        ["personName"],
        E,
    ),
    (
        "es",
        F,
        "Envía el paquete a Lucía Fernández, Calle Mayor 15, 28013 Madrid, antes del viernes.",
        ["personName", "address"],
        E,
    ),
    (
        "es",
        F,
        "Mi padre, Javier Ortega, tiene insuficiencia cardíaca y toma furosemida. Escribe una nota para el cuidador.",
        ["personName", "health"],
        M,
    ),
    (
        "es",
        N,
        "Datos de ejemplo: Juan Pérez, teléfono 555-0199, correo juan@example.com. Son datos falsos para pruebas.",
        [],
        E,
    ),
    (
        "es",
        N,
        "Escribe una guía breve sobre el Museo del Prado, Calle de Ruiz de Alarcón 23, Madrid.",
        [],
        E,
    ),
    ("es", N, "¡Hola! ¿Me ayudas a escribir un mensaje de cumpleaños para mi abuela?", [], E),
    ("es", N, "Don Quijote de la Mancha vive con su sobrina. Resume el primer capítulo.", [], E),
    (
        "es",
        N,
        "pedido_id,cliente,importe\n5520193847,1042,19.90\n5520193848,1043,7.50\n¿Cuál es el importe total?",
        [],
        E,
    ),
    ("es", C, "¿Cuál es la capital de Noruega?", [], E),
    ("es", C, "Traduce 'buenas noches' al francés.", [], E),
    (
        "es",
        C,
        "Diseña una arquitectura de colas para procesar pagos con garantía exactamente-una-vez, analiza los modos de fallo y demuestra la idempotencia.",
        [],
        H,
    ),
    (
        "es",
        C,
        "Demuestra que la raíz cuadrada de 2 es irracional y generaliza la prueba a cualquier primo.",
        [],
        H,
    ),
    ("es", C, "Corrige la ortografía de este texto: Ayer fuimos al parke y comimos elado.", [], E),
]


def _log(user_line: str) -> str:
    """About 2,500 tokens of access log with one line in the middle that names a user."""
    lines = [
        f"2024-03-11T09:{m:02d}:{s:02d}Z api-7f9c4 INFO request_id={4800000000 + 37 * i} "
        f"order_id={9900000000 + 53 * i} GET /v1/items/{1000 + i} status=200 duration_ms={12 + i % 40}"
        for i, (m, s) in enumerate((m, s) for m in range(60) for s in range(0, 60, 7))
    ][:400]
    lines.insert(len(lines) // 2, user_line)
    return "Summarise the errors in this log:\n" + "\n".join(lines)


def _csv() -> str:
    rows = [
        f"{7700000000 + 91 * i};{100 + i};{(i * 37) % 500}.{i % 100:02d};EUR" for i in range(380)
    ]
    rows.insert(190, "7700099999;Klara Vogt;Steuer-ID 29384756200;EUR")
    return (
        "Formatiere diese CSV als Markdown-Tabelle:\nauftrag;kunde;betrag;waehrung\n"
        + "\n".join(rows)
    )


LONG = [
    (
        "en",
        S,
        _log("2024-03-11T09:31:05Z api-7f9c4 WARN login failed user=amiller src=81.2.69.142"),
        ["ipAddress"],
        E,
    ),
    ("de", S, _csv(), ["nationalId", "personName"], E),
    (
        "en",
        N,
        _log("2024-03-11T09:31:05Z api-7f9c4 WARN retry request_id=4899999999 upstream=10.0.0.12"),
        [],
        E,
    ),
]


def main() -> None:
    out = Path(__file__).with_name("dev.jsonl")
    with out.open("w", encoding="utf-8") as fh:
        for n, (lang, cat, text, kinds, level) in enumerate(ROWS + LONG):
            row = {
                "id": f"dev-{n:03d}",
                "lang": lang,
                "text": text,
                "pii": cat in (S, F),
                "pii_kinds": kinds,
                "category": cat,
                "complexity": level,
                "notes": "long document" if len(text) > 4000 else "",
            }
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
