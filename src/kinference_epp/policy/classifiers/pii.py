"""A local PII recognizer: e-mails, phones, cards, IBANs, national IDs, API keys and secrets.

It covers the whole prompt (a PII check may not sample), but never runs a regex over all
of it: ``translate`` + ``find`` locate the few spots that can hold PII (three digits in a
row, an ``@``, a 20-character token, a key armour line) and only short windows around them
are matched (see ``_candidates``). Each candidate is then confirmed in Python, where
precision comes from:

- check digits: cards need Luhn and a card-network prefix, IBANs their country length and
  mod-97, SSNs a valid area/group/serial, Spanish DNIs their mod-23 letter, Spanish social
  security numbers their mod-97 control digits;
- numbers no person answers: consecutive or repeated digits ("0123 456789", "4242 4242 4242
  4242"), 555 numbers, Ofcom's drama ranges where the text says so, an organisation's
  service line, a helpline or an emergency service, a timestamp's date, digits glued to
  letters (a hex trace id), a number in a table column whose header names something else;
  a bare run of digits other than 16 long (a tracking number in a CSV) is a card only after
  a card word;
- declarations: a value in a sentence or line that says its data is made up (specimen,
  test user, fixture, "belongs to no one": ``personal.declared_in_sentence``);
- shape: NANP phones need a 2-9 area code and exchange; other phones a leading ``+`` (or
  ``00``, a country code and a separator) or a context word ("phone", "call", ...) just
  before them; 9 bare digits are an SSN only after
  "ssn" / "social security";
- allowlists: documentation domains (example.com, .test, ...), AWS's documented example
  keys, placeholder secrets (``sk-xxxx...``), and the policy's own ``allowDomains`` and
  ``allowValues``.

The result names the kinds found, never the values: it ends up in logs and traces.

Phones written in digit pairs ("06 12 34 56 78") have no run of three digits: four pairs in
a row mark their window instead. Personal data written as free text (names, addresses,
dates of birth, health data) is found by ``personal.py`` after these.

Cards may group their digits with one or two spaces, hyphens or dots; IBANs may be written
in lower case (found from a long number just after their country and check digits); Spanish
DNIs in their printed groups ("12.345.678-Z"). Credentials that no prefix marks are found by
what carries them (``_ANCHORED``): webhook URLs, connection-string keys, ``Authorization``
headers.

An IP address counts with the user it belongs to: on one log line (a JSON log's
``"user":`` / ``"utilisateur":`` key), or in one record of ``label: value`` lines (a
sign-in alert's "Username:" and "IP address:" lines, a Windows event's "Account Name:" and
"Source Network Address:"). The payment gateways' documented test cards and the IBAN
standard's example IBANs (``validators.DOCUMENTED_*``) pass where the text around them
calls them test, example or documentation values.

Known gaps: UK NINOs without a "national insurance" / NINO / "NI number" mention (or its
German, French or Spanish name) within the sentence before or just after them, and Slack tokens shorter than 20 characters (``xoxb-`` and 10-14 more),
since only runs of 20 token characters are searched for secrets; an ``_ANCHORED``
credential whose value has no run of 15 token characters (a Basic header for a very short
user:password).
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

import kinference_epp.policy.classifiers.person_model as person_model
import kinference_epp.policy.classifiers.scan_kernel as scan_kernel
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.personal import (
    body_before,
    declared_in_sentence,
    find_personal,
    in_declared_block,
    placeholder,
)
from kinference_epp.policy.classifiers.validators import (
    DOCUMENTED_IBANS,
    DOCUMENTED_TEST_CARDS,
    IBAN_LENGTHS,
    card_prefix_valid,
    dni_valid,
    iban_valid,
    luhn_valid,
    nie_valid,
    nir_valid,
    nss_valid,
    ssn_valid,
)
from kinference_epp.policy.model import PiiKind, PiiSettings

_CANDIDATES = re.compile(
    r"(?P<num>\+?\(?[0-9][0-9 .()/\-]{4,22}[0-9](?:-?[A-Z])?)"
    r"|(?P<upper>[A-Z]{2}[ \-]?[0-9]{2}[ \-A-Z0-9]{5,40}"
    r"|(?<![A-Za-z0-9])[XYZ]-?[0-9]{7}-?[A-Z])"
    r"|(?P<at>@)"
    r"|(?P<secret>(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}"
    r"|sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_\-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}"
    r"|gl(?:pat|dt|rt|ptt|soat)-[A-Za-z0-9_\-]{20}|hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{36}"
    r"|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}"
    r"|xox[abeprs]-[A-Za-z0-9\-]{10,}|xapp-[0-9]-[A-Za-z0-9\-]{20,}|AIza[0-9A-Za-z_\-]{35}"
    r"|do[opr]_v1_[a-f0-9]{64}|SK[0-9a-fA-F]{32}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"
    r"|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}|sq0(?:atp|csp)-[0-9A-Za-z_\-]{22,43}"
    r"|dapi[a-h0-9]{32}|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|lin_api_[A-Za-z0-9]{40}"
    r"|whsec_[A-Za-z0-9]{32,}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|NRAK-[A-Z0-9]{27}"
    r"|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|AGE-SECRET-KEY-1[0-9A-Z]{58}|r8_[A-Za-z0-9]{37}"
    r"|pul-[a-f0-9]{40}|rubygems_[a-f0-9]{48}|sntrys_[A-Za-z0-9+/=_\-]{40,}"
    r"|-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----)"
)
"""Secrets by their issuers' published prefixes, the common ones of the gitleaks and
detect-secrets rule sets: AWS access keys, OpenAI / Anthropic / Stripe keys, GitLab,
Hugging Face, npm, GitHub, Slack, Google, DigitalOcean, Twilio, Shopify, PyPI, Square,
Databricks, Postman, Linear, Stripe webhooks, Brevo, New Relic, Grafana, age, Replicate,
Pulumi, RubyGems and Sentry tokens."""
_NUMBER = re.compile(_CANDIDATES.pattern.split("|(?P<upper>", 1)[0])
_SECRET = re.compile("(?:" + _CANDIDATES.pattern.split("|(?P<secret>", 1)[1])
_SPACED_NINO = re.compile(r"\b[A-Z]{2}[ \n][0-9]{2}[ \n][0-9]{2}[ \n][0-9]{2}[ \n][A-D]\b")
"""The ``num`` alternative alone: re-tried inside an ``upper`` match that was no IBAN/ID."""
_FIRST_DIGIT = re.compile(r"[0-9]")
_PAIRED_PHONE = re.compile(r"(?:\+[0-9]{2,3}[ .]?(?:\(0\))?[ .]?)?0?[1-9](?:[ .][0-9]{2}){4}\b")
_EMAIL_LOCAL = re.compile(r"[A-Za-z0-9._%+\-]{1,64}$")
_EMAIL_DOMAIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62}\.)+[A-Za-z]{2,24}\b")
_NANP = re.compile(r"^(?:\+?1[ .\-]?)?\(?([2-9][0-9]{2})\)?[ .\-]?([2-9][0-9]{2})[ .\-]([0-9]{4})$")
_SSN = re.compile(r"^([0-9]{3})-([0-9]{2})-([0-9]{4})$")
_NINO = re.compile(
    r"^([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?([0-9]{2}) ?([0-9]{2}) ?([0-9]{2}) ?[A-D]"
)
_CARD_SEPARATED = re.compile(
    r"^[0-9]{4}(?:( {1,2}|-|\.)[0-9]{4}){1,2}(?:\1[0-9]{1,7})?$"
    r"|^[0-9]{4}( {1,2}|-|\.)[0-9]{6}\2[0-9]{4,5}$|^[0-9]{12,19}$"
)
"""Groups of four (Visa, Mastercard, Maestro...), 4-6-5 / 4-6-4 (Amex, Diners), or none;
the groups joined the same way throughout, by one or two spaces, hyphens or dots; the
digit count is checked against the network's lengths."""
_DNI_BODY = re.compile(r"^(?:[0-9]{8}|[0-9]{2}\.[0-9]{3}\.[0-9]{3})-?$")
"""A Spanish DNI's digits before its letter: bare, or in the printed groups (12.345.678-Z)."""
_SPACED_SSN = re.compile(r"^[0-9]{3} [0-9]{2} [0-9]{4}$")
_RVNR_TAIL = re.compile(r" ?([A-Z]) ?([0-9]{2})([0-9])\b")
"""A German pension insurance number after its eight digits: the letter of the birth
surname, a serial and the check digit ("12 150380 M 12 3")."""
_LOOSE_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}[0-9]{2}(?:[ \-]?[A-Za-z0-9]){10,34}")
"""An IBAN in any case ("de89 3704 ..."), looked for just before a long number that is
nothing else."""
_NATIONAL_PHONE = re.compile(
    r"^(?:\(0[1-9][0-9]{1,4}\)[ \-/]?[0-9]{2,8}(?:[ \-][0-9]{2,4}){0,3}"
    r"|0[1-9][0-9]{0,4}[ \-/][0-9]{2,8}(?:[ \-][0-9]{2,4}){0,3}"
    r"|0[1-9][0-9]{8,9}|3[2-9][0-9]{8}"
    r"|[67][0-9]{2}(?: [0-9]{2}){3}|[67][0-9]{2} [0-9]{3} [0-9]{3}"
    r"|3[0-9]{2} [0-9]{3,4} [0-9]{3,4}|3[0-9]{2} [0-9]{3} [0-9]{2} [0-9]{2})$"
)
"""Phones written the national way, which no other number shares: a trunk ``0`` and an area
code, in parentheses or followed by a separator ("(030) 1234567", "0644-283035", "07896
703 207"), ten or eleven digits after a trunk ``0`` ("0155918581"), Spanish mobiles
("612 34 56 78", "612 345 678") and Italian mobiles ("347 123 4567", "3471234567"). Document numbers
rarely start with a single ``0`` followed by a non-zero digit; those that do ("0001-...")
have a second zero."""
_INTL_00 = re.compile(r"^00[1-9][0-9]{0,2}[ .\-][0-9]")
"""The international call prefix written as 00, a country code and a separator."""
_NIR = re.compile(r"^[12](?: ?[0-9]{2}){3} ?[0-9]{3} ?[0-9]{3} ?[0-9]{2}$")
"""A French NIR's digits, bare or in its printed groups ("1 85 05 78 006 084 36")."""
_NIE = re.compile(r"^([XYZ])([0-9]{7})([A-Z])$")
_NON_DIGITS = re.compile(r"[^0-9]")
_DROP_ASCII_NON_DIGITS = str.maketrans(
    "", "", "".join(chr(i) for i in range(128) if not chr(i).isdigit())
)
"""``_NON_DIGITS.sub("", s)`` for ASCII ``s`` (every ``num`` match is), without a regex call."""

_ISO_DATE = re.compile(r"^[12][0-9]{3}-[01][0-9]-[0-3][0-9]$")
"""A date written year first (a log's timestamp), never a phone."""
_NSS = re.compile(r"^[0-9]{2}[/ \-]?[0-9]{8}[/ \-]?[0-9]{2}$")
_NSS_PRINTED = re.compile(r"^[0-9]{2}/[0-9]{8}/[0-9]{2}$")
"""A Spanish social security number, bare or in its printed groups ("08/30085726/78")."""
_NSS_WORDS = ("seguridad social", "afiliaci", "nss", "social security")
_FICTIONAL_PREFIXES = (
    "07700900", "01632960", "02079460", "01134960", "01144960", "01154960", "01164960",
    "01174960", "01184960", "01214960", "01314960", "01414960", "01514960", "01614960",
    "01914980", "02896496", "02920180", "08081570", "09098790", "03069990",
)  # fmt: skip
"""The UK numbers Ofcom reserves for drama (07700 900xxx, 020 7946 0xxx, ...), in national
form: no one's phone."""
_SERVICE_LINES = (
    "customer service", "customer care", "hotline", "helpline", "service line", "switchboard",
    "kundenservice", "kundendienst", "servicenummer", "service-nummer", "zentrale",
    "service client", "service clients", "numéro vert", "standard", "atención al cliente",
    "servicio de atención", "línea de atención", "centralita", "seelsorge", "notruf",
    "bereitschaftsdienst", "beratungsstelle", "emergency number", "emergency line",
    "emergency service", "crisis line", "numéro d'urgence", "numéros d'urgence", "samu",
    "sos ", "pompiers", "ligne d'écoute", "número de emergencia", "urgencias", "emergencias",
    "teléfono de la esperanza", "línea de ayuda", "police", "polizei", "policía",
    # a utility's or a city service's fault and on-call lines
    "fault line", "fault reporting", "out of hours", "out-of-hours", "störungsdienst",
    "störungsnummer", "störungsstelle", "entstörung", "astreinte", "dépannage",
    "signalement", "averías", "averias",
)  # fmt: skip
"""What introduces an organisation's service number or a public helpline, which is public
and no one's own ("emergency contact" is someone's: it is not here)."""
_CARD_WORDS = (
    "card", "karte", "carte", "tarjeta", "visa", "mastercard", "amex", "maestro", "pan",
    "cc", "credit", "kredit", "crédit", "crédito", "débito", "debit", "cb ", " pas ",
)  # fmt: skip
"""What makes a bare run of digits that is not 16 long a card number."""


_DRAMA_WORDS = (
    "drama", "fiction", "ofcom", "reserved", "test", "example", "sample", "placeholder",
    "dummy", "fake", "sandbox", "staging", "specimen", "spécimen", "fiktiv", "beispiel",
    "muster", "fictif", "fictive", "exemple", "ficticio", "ficticia", "ejemplo", "prueba",
    "textbook", "lehrbuch", "manuel", "manual", "tutorial", "documentation", "dokumentation",
    "documentación", "doku", "docs",
)  # fmt: skip
"""What says that a number in a range reserved for drama, or a test card, is used as one:
words starting so ("testing", "Testdaten"), not part of an e-mail address or a URL
("jane@example.com")."""


def _declared_test(text: str, start: int) -> bool:
    """A drama or test word in the 120 characters before ``start`` or in the rest of its
    sentence ("La tarjeta 4000 ... es de las que da la pasarela para pruebas")."""
    end = text.find(". ", start, start + 160)
    after = text[start : start + 160 if end == -1 else end]
    window = (text[max(0, start - 120) : start] + " " + after).lower()
    for word in _DRAMA_WORDS:  # the window holds none of them: most numbers stop here
        if word in window:
            break
    else:
        return False
    for token in window.split():
        if "@" in token or "/" in token:
            continue
        for part in token.split("-"):  # "TV-drama"
            if part.strip(".,;:!?()[]{}\"'«»").startswith(_DRAMA_WORDS):
                return True
    return False


_TEST_CARD = re.compile(
    r"(?i:\b(?:test|sandbox|demo)[ \-]?(?:credit |debit )?card|\btest(?:kredit)?karte"
    r"|\bcarte (?:bancaire )?(?:de )?(?:test|démo)|\btarjeta (?:de )?(?:prueba|pruebas|test)"
    r"|\bcarta (?:di )?(?:prova|test))\b[^.\n]{0,24}$"
)
"""A card number its own label calls a test card, in the four languages (and Italian): the
gateways publish more of them than any list holds."""
_TEST_CARD_REACH = 64


def _fictional(digits: str, text: str, start: int) -> bool:
    """Digits no real number has: one consecutive run ("0123 456789", "01 23 45 67 89"),
    an exchange or area code 555 ("555 123 456"); and, where the text says they are test or
    drama data, one or two digits repeated (the documented test cards "4242 4242 4242 4242",
    "4111 1111 1111 1111") or a range Ofcom reserves for drama (generators such as Faker
    draw real-looking UK numbers from it, and a user who pastes a test card as "my card" is
    taken at their word)."""
    if len(digits) >= 7 and all((int(b) - int(a)) % 10 == 1 for a, b in pairwise(digits)):
        return True
    if digits.startswith("555"):
        return True
    national = "0" + digits[2:] if digits.startswith("44") else digits
    # one or two digits repeated ("4242 ..."), or zeros with a few others ("4000 0000 0000
    # 0002"): the shapes of the gateways' test cards
    test_shaped = len(digits) >= 12 and (
        len(set(digits)) <= 2 or digits.count("0") >= len(digits) - 4
    )
    documented = digits in DOCUMENTED_TEST_CARDS
    if test_shaped or documented or national.startswith(_FICTIONAL_PREFIXES):
        return _declared_test(text, start)
    return False


_EXTENSION = re.compile(r"(?i:x|ext\.?|extn\.?|durchwahl)[ \t]?[0-9]")


def _glued(text: str, start: int, value: str) -> bool:
    """Whether the number is part of a word: letters right before or after it ("trace_id=
    9c585ddcdbe3963c6a6b0775710760fa", "req-ee415734-2315"): a hex id or a code, not a
    phone or a card."""
    end = start + len(value)
    if start > 0 and text[start - 1].isalpha():
        return True
    if end >= len(text) or not text[end].isalpha():
        return False
    return not _EXTENSION.match(text, end)  # "(857)990-8180x1340": an extension follows


_FREEPHONE = re.compile(
    r"^(?:(?:44|0044|0)80[08]|(?:49|0049|0)800|(?:33|0033|0)80[0-5]|(?:34|0034)?[89]00"
    r"|1?8(?:00|88|77|66|55|44|33))"
)
"""Freephone ranges (UK 0800 and 0808, German 0800, the French "numéros verts" 0800 to 0805,
Spanish 900 and 800, North American 800, 888 ... 833): an organisation pays for the call,
so the number is a service line, never a person's."""
_FREEPHONE_LENGTHS = {9, 10, 11, 12, 13}


def _freephone(digits: str) -> bool:
    """Whether the digits of a phone-shaped number lie in a freephone range."""
    return len(digits) in _FREEPHONE_LENGTHS and _FREEPHONE.match(digits) is not None


def _not_a_persons_phone(value: str, text: str, start: int) -> bool:
    """A phone-shaped number that is fictional (``_fictional``), part of a word (``_glued``)
    or an organisation's service line ("the customer service number of Renfe is 912 320
    320", a helpline or an emergency service); asked only of numbers already read as
    phones, so other numbers cost nothing here."""
    digits = value.translate(_DROP_ASCII_NON_DIGITS)
    return (
        _fictional(digits, text, start)
        or _glued(text, start, value)
        or _near(text, start, _SERVICE_LINES, 64)
    )


_OFFICE_WORDS = (
    "town hall", "city hall", "town council", "city council", "county council",
    "parish council", "town clerk", "council office", "mayor's office", "registered office",
    "rathaus", "bürgerbüro", "buergerbuero", "bürgeramt", "bürgerservice", "stadtverwaltung",
    "gemeindeverwaltung", "kreisverwaltung", "landratsamt", "handelsregister", "sitz der",
    "mairie", "hôtel de ville", "hotel de ville", "préfecture", "cabinet du maire",
    "siège social", "siege social", "ayuntamiento", "alcaldía", "alcaldia", "concello",
    "ajuntament", "consistorio", "domicilio social", "registro mercantil", "siren", "siret",
    "companies house",
    # an organisation's reception desk or main line, printed with its address
    "reception", "main line", "main number", "front desk", "empfang", "accueil", "recepción",
    "recepcion",
    # public institutions that open their doors to the public: their switchboard is printed
    # with their address on every leaflet
    "museum", "musée", "museo", "library", "bibliothek", "bücherei", "stadtbücherei",
    "bibliothèque", "médiathèque", "biblioteca", "gallery", "galerie", "galería",
    "theatre", "theater", "théâtre", "teatro", "opera house", "opernhaus", "opéra",
    "archive", "archiv", "archivo", "university", "universität", "université",
    "universidad", "cathedral", "kathedrale", "cathédrale", "catedral",
    "national park", "nationalpark", "parc national", "parque nacional",
    # a venue's ticket line: no one's home has a box office
    "box office", "ticket office", "ticket line", "ticketkasse", "theaterkasse",
    "abendkasse", "opernkasse", "konzertkasse", "kasse der", "kasse des", "kasse im",
    "kasse am", "vorverkauf", "kartenverkauf", "billetterie", "taquilla",
    "venta de entradas", "concert hall", "konzerthaus", "philharmonie", "salle de concert",
    "auditorio", "auditorium",
)  # fmt: skip
"""What introduces a public office's, a public institution's or a registered company's own
line: a town hall, its services, a museum or a library, a company's registered office
("Rathaus ... Telefon 04841 666-0", "the British Museum, Great Russell Street ... (020 ...)");
asked only of
numbers already read as phones, and set aside where the prompt names a person."""
_OFFICE_REACH = 96
"""How far before a phone number its office or institution is looked for: the name, then
its street, postcode and town ("Bibliothèque nationale de France, quai François Mauriac,
75013 Paris, 01 53 ...")."""
_MINE_BEFORE = re.compile(r"(?i:\b(?:my|me|mine|mein\w*|mich|mir|mon|ma|mes|moi|mi|mis)\b)")
_MINE_REACH = 48
"""The writer's own possessive or pronoun just before a number ("my mobile", "call me
on", "mein Handy", "mon portable", "mi móvil"): the number is theirs, whatever office the
sentence named before it."""
_ROLE_WORDS = """info infos information contact contacts kontakt contacto accueil mairie rathaus
    buergerbuero burgerbuero buergeramt buergerservice stadt gemeinde stadtverwaltung
    alcaldia ayuntamiento concello ajuntament clerk townclerk council mayor maire alcalde
    reception empfang recepcion secretariat sekretariat secretaria secretariado
    service services support help helpdesk servicedesk enquiries
    inquiries enquiry admin administration verwaltung post poststelle postmaster webmaster
    press presse prensa media sales vertrieb ventas ventes commercial billing facturation
    facturacion buchhaltung compta comptabilite jobs karriere careers recrutement empleo
    rrhh team office bureau oficina buero noreply no reply kundenservice serviceclient
    atencion ciudadano citoyen general communication comunicacion kommunikation
    cabinet standard tourisme turismo tourismus tourism bibliotheque biblioteca bibliothek
    client clients cliente clientes customer customers kunden
    library school ecole schule escuela colegio"""
_ROLE_MAILBOXES = frozenset(_ROLE_WORDS.split())
"""Local parts that name a function, not a person (``info@``, ``rathaus@``, ``accueil@``,
``alcaldia@``): an organisation's mailbox, read by whoever holds the role."""
_LOCAL_SPLIT = re.compile(r"[._+\-]+")


def _role_mailbox(local: str) -> bool:
    """Whether every part of an e-mail's local part is a role word ("buergerbuero",
    "service.client", "info-2"), digits aside."""
    parts = [p.strip("0123456789") for p in _LOCAL_SPLIT.split(local.lower())]
    return any(parts) and all(not p or p in _ROLE_MAILBOXES for p in parts)


_PHONE_WORDS = (
    "phone", "call", "tel", "mobile", "cell", "fax", "whatsapp", "contact", "sms", "e.164",
    "ring ", "dial", "téléphone", "portable", "appel", "joindre", "joignable", "teléfono",
    "móvil", "movil", "llama", "cellulare", "chiama", "richiam", "anruf", "ruf ", "handy",
    "erreichbar", "mobiel", "bel ", "bellen", "al numero", "al número", "au numéro",
)  # fmt: skip
"""Words just before a number that make it a phone, in the six languages (``tel`` covers
telefon, telefono, telefoon)."""
_DOCUMENT_WORDS = (
    "order", "invoice", "ref", "ticket", "tracking", "account", "serial", "sku", "contract",
    "case", "#", "bestell", "rechnung", "commande", "facture", "pedido", "factura", "ordine",
    "fattura", "factuur", "seed", "batch", "request", "trace", "txn", "transaction",
    "session", "job", "build", "_id", "id=", "id:", "uuid", "auftrag", "vorgang", "referenz",
    "dossier", "expediente", "siren", "siret", "rcs ", "hrb ", "hra ", "handelsregister",
    "companies house", "company no", "company number", "registro mercantil", "cif:", "cif ",
)  # fmt: skip
"""Words that make a number shaped like a national phone a document number instead: an
order, an invoice, a log's request, trace or job id, a company's register number (SIREN,
HRB, Companies House, CIF)."""
_DOCUMENT_WORD = re.compile(b"|".join(re.escape(w.encode("ascii")) for w in _DOCUMENT_WORDS))
"""``_near(text, start, _DOCUMENT_WORDS)`` on the lower-cased one-byte map, in one search
(the words are ASCII, and no other character lower-cases to the ASCII letters they hold)."""
_CLOSING_WORDS = (
    "regards", "sincerely", "cheers", "thanks", "best,", "grüße", "grüßen", "cordialement",
    "salutations", "saludos", "atentamente", "saluti", "cordiali", "groet",
)  # fmt: skip
_PHONE_WORDS_RAW = tuple({w.encode("ascii", "replace") for w in _PHONE_WORDS})
_CLOSING_WORDS_RAW = tuple({w.encode("ascii", "replace") for w in _CLOSING_WORDS})
"""The words as they appear in the prompt's one-byte map (a non-ASCII letter as ``?``)."""
_SSN_WORDS = ("ssn", "social security")
_SSN_WORDS_RAW = tuple(w.encode() for w in _SSN_WORDS)
_ID_WORDS = (
    "national insurance",
    "nino",
    "ni number",
    "ni no",
    "ni nummer",
    "numéro ni",
    "número ni",
    "dni",
    "nif",
    "id number",
    "identity",
    "versicherungsnummer",
    "sozialversicherung",
    "assurance nationale",
    "national d'assurance",
    "sécurité sociale",
    "seguro nacional",
    "seguridad social",
)
"""What names a UK NINO (and the other ids ``_upper`` confirms) in the four languages, read
with hyphens as spaces ("National-Insurance-Nummer"); the abbreviation with the local
word for number labels it in any language ("NI-Nummer", "numéro NI", "número NI")."""
_LABEL_AFTER = 80
"""How far after a NINO its label may stand: "CL621472B - that's my NI number"."""
_FREE_TEXT = frozenset(
    {PiiKind.PERSON_NAME, PiiKind.ADDRESS, PiiKind.DATE_OF_BIRTH, PiiKind.HEALTH}
)
_LABELLED = _FREE_TEXT | {PiiKind.NATIONAL_ID, PiiKind.SECRET}
"""What ``personal.find_personal`` reports (national IDs of other countries and credentials,
by their label)."""
_SAFE_DOMAINS = ("example.com", "example.org", "example.net")


def _example_domain(name: str) -> bool:
    """``example`` under any top-level domain ("example.de", "example.co.uk"), the
    documentation domain every locale's manuals and test fixtures use."""
    labels = name.split(".")
    return "example" in labels[:-1] and labels.index("example") >= len(labels) - 3


_SAFE_TLDS = (".example", ".test", ".invalid", ".localhost", ".local")
_AWS_DOC_KEYS = ("AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE")
_CONTEXT = 48
_LABEL_REACH = 160
"""How far before a value its label may stand when the value's shape alone is distinctive
(a UK NINO's prefix and suffix): the sentence before ("My National Insurance number is on
the letter. It is TM 48 19 27 C.")."""


@dataclass(frozen=True, slots=True)
class Seen:
    """One candidate of the scan: its group (``num``, ``upper``, ``at``, ``paired``,
    ``anchored``, ``secret``), its place, the kind it was confirmed as (None: turned
    down) and the verdict: ``found``, ``rejected``, ``office`` (an office's contact),
    ``declared`` (in a sentence or block that declares its data made up), ``allowed``
    (the policy's ``allowValues``)."""

    group: str
    start: int
    end: int
    kind: PiiKind | None
    verdict: str


@dataclass(frozen=True, slots=True)
class PiiFindings:
    """The kinds found in the readable text; ``unreadable``: the request also holds content
    no text classifier can read (images, files, base64 documents), which a fail-closed rule
    counts as PII."""

    kinds: frozenset[PiiKind]
    unreadable: bool = False

    @property
    def present(self) -> bool:
        return bool(self.kinds)

    def labels(self) -> list[str]:
        """The kinds' names, and ``unreadable``, for logs and traces."""
        names = sorted(k.value for k in self.kinds)
        return [*names, "unreadable"] if self.unreadable else names


def _rvnr(text: str, end: int, digits: str) -> bool:
    """Whether eight digits (area and birth date) and what follows them make a German
    pension insurance number: the letter's alphabet position joins the digits, which are
    weighted 2 1 2 5 7 1 2 1 2 1 2 1, and the sum of the products' digit sums mod 10 is the
    check digit."""
    m = _RVNR_TAIL.match(text, end, end + 8)
    if m is None or not 1 <= int(digits[4:6]) <= 12 or not 1 <= int(digits[2:4]) <= 31:
        return False
    letter, serial, check = m.groups()
    payload = digits + f"{ord(letter) - 64:02d}" + serial
    total = 0
    for d, w in zip(payload, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True):
        p = int(d) * w
        total += p // 10 + p % 10
    return total % 10 == int(check)


def _in_signature(text: str, start: int) -> bool:
    """Whether the number starts a line of a signature block: a closing line ("Kind
    regards,") at most two lines above it, where a bare number is a phone."""
    line = text.rfind("\n", 0, start)
    if line == -1 or text[line + 1 : start].strip(" \t+(") != "":
        return False
    above = line
    for _ in range(2):  # the closing line, then the name line
        above = text.rfind("\n", 0, above)
        if above == -1:
            break
    lines = text[above + 1 : line].lower()
    for word in _CLOSING_WORDS:  # noqa: SIM110 -- cheaper than any(genexpr)
        if word in lines:
            return True
    return False


_DELIMITERS = (",", ";", "\t", "|")
_HEADER_LINES = 20
"""How many lines above a table row its header is looked for."""


def _other_column(
    text: str, start: int, tables: dict[tuple[str, int], str | None] | None = None
) -> bool:
    """Whether the number stands in a table column whose header names something other than
    a phone ("order_ref", "Bestellnummer"): a row of a CSV or a pipe table, with a header
    line (the same delimiters, no digit) at most ``_HEADER_LINES`` lines above it or among
    the prompt's first lines. Asked only of numbers shaped like a national phone, without a
    phone word before them; ``tables`` caches the headers found at the top per prompt."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end == -1 else line_end]
    delimiter = max(_DELIMITERS, key=line.count)
    count = line.count(delimiter)
    if count < 2:
        return False
    column = text.count(delimiter, line_start, start)
    pos = line_start
    header: str | None = None
    for _ in range(_HEADER_LINES):
        if pos == 0:
            break
        above = text.rfind("\n", 0, pos - 1) + 1
        line = text[above : pos - 1]
        if _header_line(line, delimiter, count):
            header = line
            break
        pos = above
    else:  # a long table: its header is among the prompt's first lines, found once
        key = (delimiter, count)
        if tables is None or key not in tables:
            header = _top_header(text, delimiter, count)
            if tables is not None:
                tables[key] = header
        else:
            header = tables[key]
    if header is None:
        return False
    fields = header.split(delimiter)
    name = fields[column].strip(" \t\r\"'").lower() if column < len(fields) else ""
    if not name or name in _GENERIC_HEADERS:
        return False
    words = _HEADER_SPLIT.sub(" ", name).split()
    return not any(word.startswith(_PHONE_HEADERS) for word in words)


_HEADER_SPLIT = re.compile(r"[^a-zà-ÿ]+")
_PHONE_HEADERS = tuple(
    w.strip() for w in (*_PHONE_WORDS, "mobil", "gsm", "rufnummer", "tél", "kontakt", "fon")
    if w.strip().isalpha()
)  # fmt: skip
"""How a phone column's header's words start, in the four languages ("Telefon", "Mobil",
"Tél.", "Móvil", "contact", "phone_number"; not "Bestellnr")."""
_GENERIC_HEADERS = frozenset(["number", "nummer", "numéro", "numero", "número", "no", "nr", "#"])
"""Headers that say nothing of what the number is: the number is judged as it would be
outside a table."""


_TOP_LINES = 64


def _header_line(line: str, delimiter: str, count: int) -> bool:
    return line.count(delimiter) == count and not any(c.isdigit() for c in line)


def _top_header(text: str, delimiter: str, count: int) -> str | None:
    """The first of the prompt's first ``_TOP_LINES`` lines that reads as a table header."""
    pos = 0
    for _ in range(_TOP_LINES):
        end = text.find("\n", pos)
        line = text[pos : len(text) if end == -1 else end]
        if _header_line(line, delimiter, count):
            return line
        if end == -1:
            return None
        pos = end + 1
    return None


def _phone_length(digits: str, body: str) -> bool:
    """A national number has 9 to 11 digits with its trunk ``0``, 9 or 10 without."""
    return len(digits) <= 11 if digits[0] == "0" else len(digits) <= 10


def _nino_labelled(text: str, start: int, length: int) -> bool:
    """Whether a NINO-shaped value has its label in the sentence before it or just after it
    ("... - that's my NI number"), hyphens and underscores read as spaces (a column list's
    or a CSV header's "ni_number" names the value under it); asked only of NINO shapes."""
    lo, hi = max(0, start - _LABEL_REACH), start + length + _LABEL_AFTER
    window = text[lo:hi].lower().replace("-", " ").replace("_", " ")
    for w in _ID_WORDS:  # noqa: SIM110 -- cheaper than any(genexpr)
        if w in window:
            return True
    return False


def _near(text: str, start: int, words: Iterable[str], context: int = _CONTEXT) -> bool:
    before = text[max(0, start - context) : start].lower()
    for w in words:  # noqa: SIM110 -- a loop is cheaper than any(genexpr); most dates get here
        if w in before:
            return True
    return False


def _near_word(text: str, start: int, words: Iterable[str], context: int = _CONTEXT) -> bool:
    """``_near`` for words that must start a word: "tel" in "Telefon", not in "bestellnr"
    (nor in its tail "tellnr" where the window cuts it)."""
    lo = max(0, start - context)
    before = text[max(0, lo - 1) : start].lower()  # one character more: a word cut at lo
    for w in words:
        at = before.find(w, 1 if lo else 0)
        while at != -1:
            if at == 0 or not before[at - 1].isalpha():
                return True
            at = before.find(w, at + 1)
    return False


_TOKEN_CHARS = string.ascii_letters + string.digits + "_-"


def _class_table(question: bytes) -> bytes:
    """A byte's class: ``0`` digit, ``a`` other token character, space other ASCII, ``x``
    beyond ASCII; ``question`` is the class given to ``?``."""
    table = bytearray(b"x" * 256)
    for i in range(128):
        ch = chr(i)
        table[i] = ord("0" if ch.isdigit() else "a" if ch in _TOKEN_CHARS else " ")
    table[ord("?")] = question[0]
    return bytes(table)


_CLASSES = _class_table(b" ")
_CLASSES_MASKED = _class_table(b"x")
"""For ``encode("ascii", "replace")`` output, where ``?`` stands for a non-ASCII character."""
_CLUSTER = frozenset(string.digits + string.ascii_uppercase + " .()/+-")
_LONG_TOKEN = 20
"""Every secret pattern is a run of at least this many token characters."""
_SHORTEST_SECRET = 15
"""... except ``xox?-`` and ten characters, which may be shorter: no secret match, other
than the key armour line, lies outside a run of at least this many token characters."""
_STARTS = r"[+(0-9A-Z@sgxrhndlpw\-]"
"""Every character a ``_CANDIDATES`` match can start with: ``+ ( digit`` (num), ``A-Z``
(upper), ``@``, and the first characters of the secrets (``A s r g h n x d l p w -``)."""
_CANDIDATE_AT = re.compile(_STARTS + r"(?<=(?=" + _CANDIDATES.pattern + r")(?s:.))")
"""``_CANDIDATES`` at a position whose character is in ``_STARTS``, which lets ``re`` skip
every other character with a bitmap test instead of trying twelve alternatives on each
(``re`` only does that for a pattern that starts with a character class, so the class is
consumed and the real pattern matched from its start by a lookahead inside a one-character
lookbehind). The match is that one character; the named group holds the candidate. Much
faster on prose than ``_CANDIDATES.finditer``, with the same matches (property-tested)."""
_NO_SECRET_AT = re.compile(
    r"[+(0-9A-Z@](?<=(?=" + _CANDIDATES.pattern.split("|(?P<secret>", 1)[0] + r")(?s:.))"
)
"""``_CANDIDATE_AT`` without the secrets, for a window no secret can match in: it also
skips lowercase letters, most of prose. Same group numbers."""


_GROUPS = {i: name for name, i in _CANDIDATE_AT.groupindex.items()}
_UPPER = _CANDIDATE_AT.groupindex["upper"]
"""Group numbers, cheaper to look up per match than names; ``num`` < ``upper`` < the rest."""


def _classes(text: str, raw: bytes | None = None) -> bytes:
    """One class byte per character of ``text`` (see ``_class_table``), so runs of digits or
    token characters are found with ``bytes.find`` (in C) at the text's own offsets.

    ``bytes.translate`` is a C table lookup per byte and a ``str.translate`` of non-ASCII
    text several times dearer, so the codec replaces each non-ASCII character by one ``?``
    (in C), after the real question marks became ``!`` — the same class, so the ``?`` left
    are the replacements.
    """
    raw = _one_byte_per_char(text) if raw is None else raw
    return raw.translate(_CLASSES if text.isascii() else _CLASSES_MASKED)


def _one_byte_per_char(text: str) -> bytes:
    """``text`` as ASCII, each non-ASCII character one ``?`` (the text's own ``?`` become
    ``!`` first), so byte offsets are character offsets."""
    if text.isascii():
        return text.encode("ascii")
    return text.replace("?", "!").encode("ascii", "replace")


_DIGITS_AS_TOKEN = bytes.maketrans(b"0", b"a")
_PAIR_TABLE = bytes(48 if 48 <= c <= 57 else 32 if c in b" ." else 120 for c in range(256))
"""Digits as ``0``, the separators of digit pairs (space, dot) as a space, the rest ``x``."""
_WRAPPED_PAIR_TABLE = bytes(
    48 if 48 <= c <= 57 else 32 if c in b" .\n" else 120 for c in range(256)
)
"""``_PAIR_TABLE`` with a line break read as a space too (a NINO wrapped in its box)."""
_WRAP_CHARS = 2000
"""Prompts up to this long are also read for a NINO wrapped across lines."""
_CLUSTER_TABLE = bytes(ord("c") if chr(i) in _CLUSTER else ord("x") for i in range(256))
"""``c`` for a character a number candidate can hold (``_CLUSTER``), ``x`` for the rest:
the start of a candidate's window is found with ``bytes.rfind`` instead of a loop."""


def _token_segments(tokens: bytes, n: int) -> list[tuple[int, int]]:
    """The stretches between gaps (``tokens`` spaces) that hold a run of at least
    ``_SHORTEST_SECRET`` token characters, in order: the only places a secret can be."""
    segments = []
    run = b"a" * _SHORTEST_SECRET
    pos = tokens.find(run)
    while pos != -1:
        start = tokens.rfind(b" ", 0, pos) + 1
        stop = tokens.find(b" ", pos)
        stop = n if stop == -1 else stop
        segments.append((start, stop))
        pos = tokens.find(run, stop)
    return segments


def _candidates(
    text: str,
    raw: bytes | None = None,
    idle: _IdleRuns | None = None,
    classes: bytes | None = None,
    cores: scan_kernel.Cores | None = None,
) -> Iterator[tuple[str, int, str]]:
    """(group, start, value) of every ``_CANDIDATES`` match, found without a full regex scan.

    Python's ``re`` tries every alternative of these patterns at every character, so the
    text is first mapped to character classes (``_classes``) and
    searched with ``find``: a run of three digits, an ``@``, a run of 20 token characters or
    a private-key armour line marks a short window, and only windows are matched with the
    regex — without its secret alternatives where no secret can be (no long token run
    nearby, no armour line in the text), which lets it skip lowercase text. Cost grows with
    the number of such spots, not the text length. ``idle`` (``_idle_runs``) says where
    runs of three digits start outside and inside the numbers that cannot be PII: the
    search for the next run steps over those inside, unmatched (``_next_busy``). In prose,
    a window that no number or upper-case candidate fits in (``scan_kernel.Cores``: a
    year, a page number) is not searched at all; ``cores`` is the prompt's, when known.
    """
    raw = _one_byte_per_char(text) if raw is None else raw  # ASCII needles are found in it
    classes = _classes(text, raw) if classes is None else classes
    tokens = classes.translate(_DIGITS_AS_TOKEN)  # a bytes.replace of every digit is dearer
    n = len(text)
    segments = _token_segments(tokens, n)
    armour = raw.find(b"PRIVATE KEY-----")
    idle_starts = idle[2] if idle is not None else []
    pos = classes.find(b"000") if idle is None else _next_busy(idle, 0)
    # where no number or upper-case id can fit, a window needs no search: worth a pass over
    # prose; in a digit-dense prompt, whose windows hold real numbers, it is not
    if cores is None and pos != -1 and idle is None:
        cores = scan_kernel.Cores(raw)
    elif idle is not None:
        cores = None
    # the window's start: mapped at once where windows are many (a digit-dense prompt), else
    # per window
    cluster = raw.translate(_CLUSTER_TABLE) if pos != -1 and cores is None else b""
    while pos != -1:
        if cores is not None:  # step over runs whose windows no core can fit in
            at = cores.first_window(pos)
            if at == -1:
                break
            if at > pos:
                pos = classes.find(b"000", at)
                continue
        limit = max(0, pos - 40)
        if cluster:  # the window starts after the last character no candidate holds
            other = cluster.rfind(b"x", limit, pos)
        else:
            other = raw[limit:pos].translate(_CLUSTER_TABLE).rfind(b"x")
            other = other + limit if other != -1 else -1
        lo = other + 1 if other != -1 else limit
        end, stop = pos + 3, min(n, lo + 96)
        if idle_starts:  # no candidate crosses into an idle number: the window ends there
            nxt = bisect.bisect_right(idle_starts, pos)
            if nxt < len(idle_starts) and idle_starts[nxt] < stop:
                stop = idle_starts[nxt]
        if cores is not None and not cores.fits(lo, stop):
            pos = classes.find(b"000", end) if idle is None else _next_busy(idle, end)
            continue
        search = _NO_SECRET_AT.search
        if armour != -1:
            search = _CANDIDATE_AT.search
        else:
            for start, after in segments:
                if start < stop and lo < after:  # a secret could be matched in the window
                    search = _CANDIDATE_AT.search
                    break
        m = search(text, lo, stop)
        while m is not None:  # _CANDIDATES.finditer(text, lo, stop), faster
            group = m.lastindex
            assert group is not None  # every alternative is a group
            start, after = m.span(group)
            if group <= _UPPER and after == stop < n:  # cut by the window's end: again
                again = search(text, start, min(n, start + 96))  # from its start
                if again is not None and again.lastindex == group and again.start(group) == start:
                    m, after = again, again.end(group)
            if group <= _UPPER:
                yield _GROUPS[group], start, text[start:after]
                if after > end:
                    end = after
            m = search(text, after, stop)
        pos = classes.find(b"000", end) if idle is None else _next_busy(idle, end)
    pos = raw.find(b"@")
    while pos != -1:
        yield "at", pos, "@"
        pos = raw.find(b"@", pos + 1)
    long_run = b"a" * _LONG_TOKEN
    for start, stop in segments:  # those with a run of 20 (see "Known gaps")
        if tokens.find(long_run, start, stop) != -1:
            for m in _SECRET.finditer(text, start, stop):
                yield "secret", m.start(), m.group()
    yield from _anchored_secrets(text, raw, segments)
    key = _SECRET.search(text, max(0, armour - 40), armour + 16) if armour != -1 else None
    if key is not None:
        yield "secret", key.start(), key.group()
    for start, _ in segments:  # JWTs and SendGrid keys: token runs broken by dots
        for prefix, back, pattern in _DOTTED_TOKENS:
            at = start - back
            if text.startswith(prefix, at):
                m = pattern.match(text, at)
                if m is not None:
                    yield "secret", at, m.group()
    # A spaced NINO and a phone in pairs have digit pairs split by spaces (or dots): without
    # them the word searches below (each a scan of the whole text) cannot lead anywhere.
    # ``classes`` has every other character as a space too (a log's times, "09:31:05"), so
    # the pairs are confirmed in a map where only spaces and dots separate them.
    pairs = raw.translate(_PAIR_TABLE) if b"00 00" in classes else b""
    if b"00 00" in pairs:
        # a spaced NINO ("JN 09 40 75 A") is two letters, three pairs and a letter: found
        # by its shape in the pair map (letters as ``x``), its label judged by ``_upper``
        # (a line break may stand for a space: a box on a form wraps "GN 45 16" / "06 A")
        # (in a short prompt: a form's box pasted; a long one is not mapped twice)
        short = len(raw) <= _WRAP_CHARS and b"\n" in raw
        wrapped = raw.translate(_WRAPPED_PAIR_TABLE) if short else pairs
        at = _nino_shape(wrapped, 0)
        while at != -1:
            m = _SPACED_NINO.match(text, max(0, at - 1))
            if m is not None:
                yield "upper", m.start(), m.group().replace("\n", " ")
            at = _nino_shape(wrapped, at + 12)
        pos = classes.find(b"00 00 00 00") if b"00 00 00 00" in pairs else -1
        while pos != -1:  # phones in digit pairs: "06 12 34 56 78", "+33 6 12 34 56 78"
            lo, hi = max(0, pos - 12), pos + 24
            # a match holds four pairs split by spaces or dots: none there, no regex search
            m = (
                _PAIRED_PHONE.search(text, lo, hi)
                if pairs.find(b"00 00 00 00", lo, hi) != -1
                else None
            )
            if m is not None:
                yield "paired", m.start(), m.group()
                pos = classes.find(b"00 00 00 00", m.end())
            else:
                pos = classes.find(b"00 00 00 00", pos + 11)


def _nino_shape(pairs: bytes, start: int) -> int:
    """``pairs.find(b"x 00 00 00 x", start)``, found by its three pairs: a needle that
    starts and ends with ``x`` makes ``bytes.find`` crawl through prose's pair map (nearly
    all ``x``), where ``00 00 00`` is rare and skipped to fast."""
    at = pairs.find(b"00 00 00", start + 2)
    while at != -1:
        if pairs[at - 2 : at] == b"x " and pairs[at + 8 : at + 10] == b" x":
            return at - 2
        at = pairs.find(b"00 00 00", at + 1)
    return -1


_DOTTED_TOKENS = (
    ("eyJ", 0, re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}")),
    ("SG.", 3, re.compile(r"SG\.[A-Za-z0-9_\-]{20,24}\.[A-Za-z0-9_\-]{39,50}")),
)
"""Secrets made of dot-separated base64url segments, by the start of their first long run:
a JWT (header and payload both JSON objects, so ``eyJ``) and a SendGrid key (``SG.`` + 22
+ 43, the run after the prefix)."""
_WEBHOOK = r"https?://(?:hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/\-]{30,}"
_AUTH_VALUE = r"[A-Za-z0-9+/._~\-]{8,}=*"
_ANCHORED: tuple[tuple[bytes, int, re.Pattern[str]], ...] = (
    (b"hooks.slack.com/", 8, re.compile(_WEBHOOK + ")")),
    (
        b"/api/webhooks/",
        32,
        re.compile(
            r"https?://(?:[a-z]+\.)?discord(?:app)?\.com/api/webhooks/[0-9]{8,20}/[\w\-]{40,}"
        ),
    ),
    (b"Key=", 16, re.compile(r"(?:AccountKey|SharedAccessKey)=[A-Za-z0-9+/]{40,}={0,2}")),
    (b"sig=", 1, re.compile(r"[?&]sig=[A-Za-z0-9%+/]{40,}")),
    (b"Basic ", 0, re.compile(r"Basic (" + _AUTH_VALUE + ")")),
    (b"Bearer ", 0, re.compile(r"Bearer (" + _AUTH_VALUE + ")")),
)
"""Credentials found by what surrounds them (gitleaks' and detect-secrets' shapes), each by
a needle and a regex started at most ``back`` characters before it: Slack and Discord
webhook URLs, Azure storage and Service Bus keys in connection strings, Azure SAS
signatures, and the value of an HTTP ``Authorization: Basic`` (base64 of user:password)
or ``Bearer`` header."""


_ANCHOR_BACK = 120
"""How far before a token run its needle may stand: every credential of ``_ANCHORED`` holds
a run of ``_SHORTEST_SECRET`` token characters at most this far after its needle."""


def _anchored_secrets(
    text: str, raw: bytes, segments: list[tuple[int, int]]
) -> Iterator[tuple[str, int, str]]:
    """``_ANCHORED`` credentials, their needles looked for only near the token runs (a few
    short windows instead of a scan of the whole prompt per needle)."""
    for start, stop in segments:
        lo = max(0, start - _ANCHOR_BACK)
        if raw.find(b"=", lo, stop) == raw.find(b"/", lo, stop) == raw.find(b"B", lo, stop):
            continue  # all three absent (-1): every needle holds one of = / B
        for needle, back, pattern in _ANCHORED:
            pos = raw.find(needle, lo, stop)
            while pos != -1:
                m = pattern.search(text, max(0, pos - back), pos + 400)
                if m is not None and m.start() <= pos and _anchored_value(needle, m):
                    yield "anchored", m.start(), m.group()
                pos = raw.find(needle, pos + 1, stop)


def _anchored_value(needle: bytes, m: re.Match[str]) -> bool:
    """Whether an ``Authorization`` value is a real credential: Basic's decodes to
    ``user:password`` (not a placeholder), Bearer's is a long random token."""
    if needle == b"Basic ":
        try:
            decoded = base64.b64decode(m.group(1), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            return False
        user, colon, password = decoded.partition(":")
        return bool(colon and user and len(password) >= 4) and not placeholder(password.lower())
    if needle == b"Bearer ":
        token = m.group(1)
        has_digit = any(c.isdigit() for c in token)
        random_enough = len(token) >= 20 and len(set(token)) >= 10 and has_digit
        return random_enough and not placeholder(token.lower())
    return True


_URL_CREDENTIAL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]{1,20}://[^\s:/@]{1,64}:([^\s/@]{1,128})\Z")
"""A URL's ``user:password`` before its ``@`` (``postgres://app:pw@db:5432/x``)."""


def _url_password(text: str, at: int) -> PiiKind | None:
    """A secret when the ``@`` ends a URL's ``user:password`` with a real password."""
    before = text.rfind("://", max(0, at - 200), at)
    if before == -1:
        return None
    m = _URL_CREDENTIAL.search(text, max(0, before - 21), at)
    if m is None:
        return None
    password = m.group(1)
    low = password.lower()
    if len(password) < 4 or password.startswith(("$", "<", "{", "%")):
        return None
    return None if placeholder(low) else PiiKind.SECRET


_IPV4 = re.compile(
    r"(?<![0-9.])((?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
    r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9]))(?![0-9]|\.[0-9])"
)
_LOG_USER = re.compile(
    r"(?i:\b(?:remote|[a-z]{2,8}_)?user(?:[._]?name)?[\"']?\s*[=:]\s*|\blogin[\"']?\s*[=:]\s*"
    r"|\baccount(?:[ ._]?name)?[\"']?\s*[=:]\s*|\b(?:actor|principal)[\"']?\s*[=:]\s*"
    r"|\b(?:uid|acct|usr)=\s*)"
    r"[\"']?([A-Za-z][A-Za-z0-9._\-]{1,31})"
)
"""A user field: ``user=amiller``, ``login: jsmith``, ``uid=...``, a prefixed one
(``sasl_username=``, ``remote_user=``, ``auth_user=``), a JSON log's
``"user":"lszymanski"``, ``"userName":`` or ``"actor":``, a Windows event's ``Account
Name:``."""
_LOG_USER_INTL = re.compile(
    r"(?i:\b(?:benutzer(?:name)?|nutzer(?:name)?|kontoname|konto|utilisateur|identifiant"
    r"|nom d'utilisateur|nom du compte|compte|usuario|usuari|nombre de usuario"
    r"|nombre de cuenta|cuenta|utente)[\"']?\s*[=:]\s*)[\"']?([A-Za-z][A-Za-z0-9._\-]{1,31})"
)
"""A user field in German, French, Spanish or Italian (``Benutzer=``, ``utilisateur=``,
``"usuario":``, ``Nom du compte :``), read only in a line that holds one of
``_INTL_USER_STEMS``."""
_INTL_USER_STEMS = (
    "utzer",
    "tilisateur",
    "identifiant",
    "suari",
    "utente",
    "konto",
    "compte",
    "cuenta",
)
_LOG_USER_PROSE = re.compile(
    r"(?i:\b(?:invalid )?user(?:name)? |\bfor (?:invalid user |user )?)[\"'<\u00ab]?"
    r"([A-Za-z][A-Za-z0-9._\-]{1,31})"
)
"""A user named in a log message ("Invalid user kschneider", "for lgarcia from ...", "for
user "jdoe" from ..."), read only in a line with a time of day, where it is a log line and
not prose ("the user guide")."""
_VPN_USER = re.compile(
    r"(?<![\w/])([A-Za-z][A-Za-z0-9._\-]{1,31})/(?:[0-9]{1,3}\.){3}[0-9]{1,3}:[0-9]{1,5}\b"
)
"""A VPN server's client as it logs one: common name, address and port ("jdoe/81.2.69.160:
51234")."""
_VPN_PEER = re.compile(
    r"(?:[0-9]{1,3}\.){3}[0-9]{1,3}:[0-9]{1,5}[ \t]+\[([A-Za-z][A-Za-z0-9._\-]{1,31})\]"
    r"|(?i:\b(?:eap[ \t\-_]?)?identity)[ \t]*[:=]?[ \t]*['\"<]?([A-Za-z][A-Za-z0-9._\-]{1,31})"
)
"""A VPN gateway's peer as it logs one: the login in brackets after the client's address and
port (OpenVPN's "81.2.69.160:51514 [jdoe] Peer Connection Initiated"), or the identity an
IKE/EAP exchange names ("EAP identity 'jdoe'", "identity: jdoe")."""
_IKE_PEER = re.compile(
    r"(?:[0-9]{1,3}\.){3}[0-9]{1,3}\[([A-Za-z][A-Za-z._\-]{1,31}(?:@[A-Za-z0-9.\-]+)?)\]"
)
"""An IKE daemon's peer as strongSwan logs one: its identity glued to its address in
brackets ("IKE_SA ... established between 81.2.69.160[j.doe] and 10.0.0.1[gw01]")."""
_HOST_SUFFIXES = (".com", ".org", ".net", ".de", ".fr", ".es", ".uk", ".local", ".lan", ".io")
_HOST_PARTS = ("gw", "gateway", "vpn", "router", "firewall", "fw", "server", "host", "site")


def _ike_person(identity: str) -> bool:
    """Whether an IKE identity names a person (``j.doe``, ``jdoe@example.org``) rather than
    a gateway or a host (``gw01``, ``vpn-gw``, ``moon.example.org``): a site-to-site tunnel
    between two gateways is no one's session."""
    if "@" not in identity and identity.lower().endswith(_HOST_SUFFIXES):
        return False
    parts = identity.lower().replace("-", ".").replace("_", ".").split("@")[0].split(".")
    return not any(part in _HOST_PARTS for part in parts) and _personal_user(identity)


_SIP_USER = re.compile(
    r"(?i:\bsips?:(?=[^\s@>;]{2,32}@)|\bsip[ \t]+(?:peer[ \t]+|user[ \t]+|account[ \t]+)?[\"'<]|\bpeer[ \t]+[\"'<])"
    r"([A-Za-z][A-Za-z0-9._\-]{1,31})"
)
"""A SIP/VoIP registration's user: the account a PBX logs a registration for ("Registered
SIP 'jdoe' at 81.2.69.160:5060"), or a REGISTER's From/To/Contact URI's user ("<sip:jdoe@
...>", not the registrar's host in "sip:pbx.example.org"); an extension's number alone
names no one."""
_LOG_USER_PROSE_INTL = re.compile(
    r"(?i:\b(?:benutzer(?:in)?|nutzer(?:in)?|utilisateur|utilisatrice|usuari[oa]|utente)"
    r"[ \t]+)[\"'«]?([A-Za-z][A-Za-z0-9._\-]{1,31})(?![A-Za-zÀ-ÿ])"
)
"""A user named in a German, French or Spanish log message ("für Benutzer kmueller von
...", "pour l'utilisateur jdupont depuis ...", "usuario mgarcia desde ...")."""
_TIME_OF_DAY = re.compile(r"[0-9]{2}:[0-9]{2}:[0-9]{2}")
_PROCESS_TAG = re.compile(r"[a-z]\[[0-9]{1,7}\]:")
"""A syslog line's program and process id ("sshd[18231]:"), which marks a log line as a
time of day does."""
_ACCESS_LOG_USER = re.compile(
    r"[0-9]{1,3}(?:\.[0-9]{1,3}){3} \S+ ([A-Za-z][A-Za-z0-9._@\-]{1,63}) \["
)
"""The common / combined access-log line: ``host ident user [date] "request" ...``."""
_LOG_MARKERS = (
    b"user", b"login", b"uid=", b"acct=", b"sshd[", b'] "', b"utzer", b"tilisateur", b"suari",
    b"identifiant", b"sip",
)  # fmt: skip
"""What a log line that names its user holds, in the prompt's lower-cased one-byte map
("Benutzer", "utilisateur", "usuario" by their stems); only lines with one are read for an
IP."""
_LOG_MARKER_WORDS = (
    b"user",
    b"login",
    b"uid",
    b"acct",
    b"sshd[",
    b"utzer",
    b"tilisateur",
    b"suari",
    b"identifiant",
    b"sip",
)
"""The markers but the access log's as ``_Cues.words`` holds them: lower case, cut at ``=``."""
_SYSTEM_USERS = frozenset(
    [
        "root",
        "admin",
        "administrator",
        "nobody",
        "guest",
        "test",
        "user",
        "users",
        "ubuntu",
        "ec2-user",
        "postgres",
        "mysql",
        "www-data",
        "daemon",
        "invalid",
        "unknown",
        "anonymous",
        "deploy",
        "git",
        "jenkins",
        "service",
        "system",
        "svc",
        "from",
        "null",
        "none",
        "id",
        "name",
        "agent",
        "port",
        "ssh",
        "sshd",
        "and",
        "the",
        "a",
        "an",
        "is",
        "was",
        # what a German, French or Spanish log message puts after its user word
        "angemeldet",
        "abgemeldet",
        "gesperrt",
        "entsperrt",
        "gelöscht",
        "angelegt",
        "erstellt",
        "unbekannt",
        "nicht",
        "ist",
        "hat",
        "wurde",
        "von",
        "mit",
        "und",
        "connecté",
        "connectée",
        "déconnecté",
        "bloqué",
        "bloquée",
        "inconnu",
        "supprimé",
        "créé",
        "non",
        "de",
        "depuis",
        "avec",
        "et",
        "desconocido",
        "bloqueado",
        "conectado",
        "desconectado",
        "creado",
        "eliminado",
        "no",
        "desde",
        "con",
        "y",
    ]
)
"""Accounts no person owns, and words a loose match may take for a user name."""
_LOG_LINE = 400
_LOG_OCCURRENCES = 32


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_IPV4_SHAPE = re.compile(rb"0\.0{1,3}\.0{1,3}\.0")
"""What every ``_IPV4`` match leaves in the prompt's map with its digits as ``0`` (the
search skips to each "0." in C: prose with a decimal or two costs no line reads)."""
_IPV4_AT = re.compile(rb"[0-9]\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]")
"""``_IPV4_SHAPE`` on the map itself, matched at a number core's start: every match starts
one (a digit, and one 6-10 characters on over digits and dots)."""
_FEW_CORES = 64


_ACCOUNT_MARKERS = (
    b"account", b"konto", b"compte", b"cuenta", b"vpn", b"actor", b"identity", b"peer",
    b"charon",
)  # fmt: skip
"""What names a session's user by its account (a Windows event's "Account Name:",
"Kontoname:", "Nom du compte :", "Nombre de cuenta:"), a VPN's client, an IKE/EAP identity,
a VPN peer, strongSwan's IKE daemon (``charon``, whose lines name each peer's identity) or
an audit log's actor: looked for near an address only, since prose says
"account" often."""
_ACCOUNT_REACH = 400
"""How far around an IPv4 address its record's account line is looked for (four lines)."""
_ACCOUNT_IPS = 8
"""Addresses around which account lines are looked for: a log's first few."""


def _ip_with_user(
    text: str, raw: bytes, words: bytes = b"", cores: scan_kernel.Cores | None = None
) -> bool:
    """A log line that holds both an IPv4 address (not loopback or unspecified) and the
    name of the user it belongs to ("Failed password for jmorrison from 81.2.69.160",
    "user=amiller src=...", an access log's user field): a person's session. ``words``:
    the prompt's distinct words (``_Cues.words``) when known, where a marker's word is
    looked for first (a log's few words instead of nine scans of the prompt). ``cores``:
    the prompt's number cores (``scan_kernel.Cores``) when known; an address's first digit
    starts one, so where they are few, only their starts are read for an address."""
    few = cores is not None and len(cores.starts) <= _FEW_CORES
    if few and cores is not None and not any(_IPV4_AT.match(raw, at) for at in cores.starts):
        return False  # no four dotted groups of digits: no IPv4 address
    zeroed = raw.translate(_DIGITS_AS_ZERO)
    if _IPV4_SHAPE.search(zeroed) is None:
        return False  # no four dotted groups of digits: no IPv4 address
    markers = (*_LOG_MARKER_WORDS, *_ACCOUNT_MARKERS)
    if words and not any(w in words for w in markers) and b'] "' not in raw:
        return False
    seen: set[int] = set()
    checked = 0
    low = raw.lower()  # one byte per character still: positions are the text's

    def user_at(at: int) -> tuple[bool, int]:
        """Whether the line (or record) at ``at`` names a session's user; the line's end."""
        nonlocal checked
        start = text.rfind("\n", max(0, at - _LOG_LINE), at) + 1
        end = text.find("\n", at, at + _LOG_LINE)
        end = min(len(text), at + _LOG_LINE) if end == -1 else end
        if start in seen:
            return False, end
        seen.add(start)
        checked += 1
        return _user_line(text[start:end]) or _user_record(text, start, end), end

    for marker in _LOG_MARKERS:
        # a marker whose word no word of the prompt holds is not in it: no scan for it
        word = _MARKER_WORD[marker]
        if words and word is not None and word not in words:
            continue
        at = low.find(marker)
        while at != -1 and checked < _LOG_OCCURRENCES:
            hit, end = user_at(at)
            if hit:
                return True
            at = low.find(marker, end)
    for k, ip in enumerate(_IPV4_SHAPE.finditer(zeroed)):
        if k == _ACCOUNT_IPS or checked >= _LOG_OCCURRENCES:
            break
        lo, hi = max(0, ip.start() - _ACCOUNT_REACH), ip.end() + _ACCOUNT_REACH
        for marker in _ACCOUNT_MARKERS:
            at = low.find(marker, lo, hi)
            while at != -1 and checked < _LOG_OCCURRENCES:
                hit, end = user_at(at)
                if hit:
                    return True
                at = low.find(marker, end, hi)
    return _header_user(text, raw, low, words)


_RECORD_USER = re.compile(
    r"[ \t]*(?i:(?:target )?user(?:[ _]?name)?|login|account(?: name)?|benutzer(?:name)?"
    r"|nutzer(?:name)?|kontoname|utilisateur|nom d'utilisateur|nom du compte|identifiant"
    r"|usuario|nombre de usuario|nombre de cuenta|utente)[ \t]*:[ \t]*"
    r"([A-Za-z][A-Za-z0-9._\-]{1,31})[ \t\r]*"
)
"""A record's user line: the label and its value alone on the line ("Identifiant :
jdupont"), which no log line is."""
_RECORD_LINES = 4
"""How many lines before and after a user field a record (a sign-in alert, a form) is read
for the address of that session."""


def _user_record(text: str, start: int, end: int) -> bool:
    """A record of ``label: value`` lines where one line is a user field ("Identifiant :
    jdupont", "Username: amiller") and a nearby line of the same block (no blank line
    between) an IPv4 address ("Adresse IP : 81.2.69.160"): a sign-in alert or an account
    form pairs them as a log line does."""
    field = _RECORD_USER.fullmatch(text, start, end)
    if field is None or not _personal_user(field.group(1)):
        return False  # a log line's "user=" field: ``_user_line`` judged its line
    lo, hi = start, end
    for _ in range(_RECORD_LINES):
        if lo > 0:
            before = text.rfind("\n", 0, lo - 1) + 1
            if not text[before : lo - 1].strip():
                break
            lo = before
    for _ in range(_RECORD_LINES):
        if hi < len(text):
            after = text.find("\n", hi + 1)
            after = len(text) if after == -1 else after
            if not text[hi + 1 : after].strip():
                break
            hi = after
    ips = [m.group(1) for m in _IPV4.finditer(text, lo, hi)]
    return any(not ip.startswith(("127.", "0.", "255.")) for ip in ips)


_USER_HEADER = re.compile(
    r"(?i)(?:\bx-(?:[a-z]+-)*user(?:name|-id)?\b|\bremote[-_]user\b"
    r"|\$http_x_[a-z_]*user\b|%REQ\(x-[a-z\-]*user\)%|\buser header\b)"
)
"""A request header, log variable or captured field that holds the signed-in user
(``X-Auth-User``, ``X-Forwarded-User``, nginx ``$http_x_remote_user``, Envoy
``%REQ(X-USER)%``): named in the prompt, it tells which field of a log line is a user."""
_CAPTURED = re.compile(r"\{([^{}\n]{1,400})\}")
"""HAProxy's captured request headers: ``{value|value}`` after the timers."""
_QUOTED_FIELD = re.compile(r'"([^"\n]{2,64})"')
_USER_VALUE = re.compile(r"[A-Za-z][A-Za-z0-9._\-]{1,31}(?:@[A-Za-z0-9.\-]+\.[A-Za-z]{2,})?")


def _header_user(text: str, raw: bytes, low: bytes, words: bytes = b"") -> bool:
    """A proxy's access-log line (HAProxy, nginx, Apache, Envoy) with a client IPv4 address
    and, in a captured header or a quoted field, a user name, where the prompt names the
    header that carries the user ("the captured header is X-Auth-User"): the line is a
    person's session as a ``user=`` field makes one. ``low``: ``raw`` lower-cased;
    ``words``: the prompt's distinct words when known (``_Cues.words``), a log's few."""
    if words and b"user" not in words:
        return False
    if b"{" not in raw and b'"' not in raw:
        return False
    if not _names_user_header(text, low):
        return False
    for k, m in enumerate(_IPV4.finditer(text)):
        if k == _LOG_OCCURRENCES:
            break
        ip = m.group(1)
        if ip.startswith(("127.", "0.", "255.")):
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        line = text[start : len(text) if end == -1 else end]
        fields = [v for c in _CAPTURED.finditer(line) for v in c.group(1).split("|")]
        fields += [q.group(1) for q in _QUOTED_FIELD.finditer(line)]
        for value in fields:
            value = value.strip()
            if _USER_VALUE.fullmatch(value) and _personal_user(value) and _name_like(value):
                return True
    return False


_HEADER_NEEDLES = (b"user",)
"""What every name ``_USER_HEADER`` matches holds: found with ``bytes.find`` (a regex search
of a long log would cost milliseconds), the regex confirms it in a short window around its
first few places."""
_HEADER_PLACES = 4


def _names_user_header(text: str, low: bytes) -> bool:
    """Whether the prompt names a header or log variable that carries the user."""
    for needle in _HEADER_NEEDLES:
        at, seen = low.find(needle), 0
        while at != -1 and seen < _HEADER_PLACES:
            seen += 1
            if _USER_HEADER.search(text, max(0, at - 32), at + 32) is not None:
                return True
            at = low.find(needle, at + 1)
    return False


def _name_like(value: str) -> bool:
    """A user name rather than a header's other values: letters mostly, no version or
    path ("Mozilla/5.0", "gzip", "keep-alive", "en-US", a hostname, a request id)."""
    low = value.lower()
    if "@" in value:
        return True
    if low in _HEADER_VALUES or ("." in value and low.rsplit(".", 1)[1].isalpha()):
        return False
    letters = sum(c.isalpha() for c in value)
    return letters >= 4 and letters * 2 > len(value)


_HEADER_VALUES = frozenset(
    (
        "gzip", "deflate", "br", "keep-alive", "close", "upgrade", "websocket", "https",
        "http", "no-cache", "max-age", "en-us", "en-gb", "de-de", "fr-fr", "es-es", "curl",
        "get", "post", "put", "delete", "head", "options", "patch",
    )
)  # fmt: skip


def _user_line(line: str) -> bool:
    ips = [m.group(1) for m in _IPV4.finditer(line)]
    ips = [ip for ip in ips if not ip.startswith(("127.", "0.", "255."))]
    if not ips:
        return False
    users = [m.group(1) for m in _LOG_USER.finditer(line)]
    low = line.lower()
    if any(stem in low for stem in _INTL_USER_STEMS):
        users += [m.group(1) for m in _LOG_USER_INTL.finditer(line)]
    if _TIME_OF_DAY.search(line) or _PROCESS_TAG.search(line):
        users += [m.group(1) for m in _LOG_USER_PROSE.finditer(line)]
        users += [m.group(1) for m in _LOG_USER_PROSE_INTL.finditer(line)]
        users += [m.group(1) for m in _VPN_USER.finditer(line)]
        users += [m.group(1) or m.group(2) for m in _VPN_PEER.finditer(line)]
        users += [m.group(1) for m in _IKE_PEER.finditer(line) if _ike_person(m.group(1))]
    if "sip" in low:
        users += [m.group(1) for m in _SIP_USER.finditer(line)]
    access = _ACCESS_LOG_USER.search(line)
    if access is not None:
        users.append(access.group(1))
    return any(_personal_user(u) and u not in ips for u in users)


_SERVICE_PARTS = ("svc", "service", "system", "bot", "daemon", "backup", "cron", "jenkins", "ci")


def _personal_user(user: str) -> bool:
    """Whether a log's user name can be a person's: not a system account, and not a
    service account named by its parts ("svc-backup", "ci_bot", "backup-daemon")."""
    low = user.lower()
    if low in _SYSTEM_USERS:
        return False
    parts = low.replace("_", "-").replace(".", "-").split("-")
    return len(parts) == 1 or not any(p in _SERVICE_PARTS for p in parts)


_DENSE = 4096
"""Prompts at least this long whose digits are an eighth of their characters or more (logs,
CSV) have their idle digit runs found at once (``_idle_runs``)."""


_IdleRuns = tuple[list[int], list[int], list[int]]
"""Where three digits start outside idle numbers, as runs (starts, ends), and the start of
each such run inside them."""


def _idle_runs(raw: bytes, classes: bytes, cues: _Cues) -> _IdleRuns | None:
    """In a digit-dense prompt, the numbers that stand alone and cannot be PII, as the runs
    of positions where three digits start outside them and inside them (``_IdleRuns``).

    A number here is a run of digits, dots, hyphens and slashes that starts and ends with a
    digit, between separators no candidate crosses (``;`` ``,`` ``=`` line breaks, quotes,
    brackets; or a space and a word). It cannot be PII when it has fewer than eight digits
    (no kind has fewer), when it is an ISO date and the prompt has no phone word, or when it
    is bare digits whose length and first digit rule out every kind a bare number can be,
    given the prompt's words (``_Cues``): a card or NIR (12-19 digits), an SSN (9, with its
    label), a phone (8-15 with a phone word; a trunk 0; ten digits from 3; 9-13 in a
    signature), part of an IBAN (a letter and a space before it, 10 digits or more).
    The numbers and their surroundings are read in one compiled pass
    (``scan_kernel.number_spans``, where each test is spelled out), so a log's or a CSV's
    thousands of ids and dates cost no regex and no confirmer each; every other number goes
    the usual way."""
    n = len(raw)
    if n < _DENSE or classes.count(b"0") * 8 < n:
        return None
    cues.force()
    near_text = cues.near_phone_word(n) if cues.phone else None
    table = scan_kernel.numbers(raw, near_text, cues.closing, cues.ssn)
    if not len(table):
        return None
    starts, ends, counts, size = (table[:, c] for c in range(4))
    left, right, stamp, possible, separated, iso, italian, near = (
        table[:, c] != 0 for c in range(4, scan_kernel.FEATURES)
    )
    bare = counts == size
    # Italian mobiles (3, then 2-9, eight more), unless a document word comes before
    for i in np.flatnonzero(italian & ~possible & left & right).tolist():
        start = int(starts[i])
        italian[i] = _DOCUMENT_WORD.search(cues.low, max(0, start - _CONTEXT), start) is None
    possible |= italian
    # a number longer than one candidate (24 characters) is read in pieces: the usual way
    whole = size <= 24
    idle = (counts < 8) | (whole & bare & ~possible) | (whole & ~bare & ~iso & ~separated)
    idle |= iso & ~near if near_text is not None else iso
    idle &= left & (right | (stamp & ((counts < 8) | iso)))
    if not idle.any():
        return None
    # where three digits start, in runs: those inside idle numbers are stepped over, and
    # each ends the window of a number before it
    return scan_kernel.runs(raw, starts[idle], ends[idle])


def _next_busy(idle: _IdleRuns, at: int) -> int:
    """``classes.find(b"000", at)`` with the idle numbers' digits hidden: the first offset
    from ``at`` where three digits start outside them, or -1."""
    starts, ends, _ = idle
    i = bisect.bisect_right(starts, at) - 1
    if i >= 0 and at < ends[i]:
        return at
    return starts[i + 1] if i + 1 < len(starts) else -1


_WORD_SPLIT_CHARS = b";=,.:-_/\n\t#"
_WORD_SPLIT = bytes.maketrans(_WORD_SPLIT_CHARS, b" " * len(_WORD_SPLIT_CHARS))
_GATE_AFTER = 16
"""Numbers confirmed before ``_Cues`` looks for its words in the whole prompt once."""


def _split_cues(words: tuple[bytes, ...]) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """The cue words that lie in one token of ``_Cues``' distinct-word map (no digit, no
    character that splits words, no space but a trailing one: "ring " ends a word), and the
    others ("social security", "e.164"), looked for in the whole prompt."""
    token = [
        w
        for w in words
        if b" " not in w.rstrip(b" ") and w.translate(_WORD_SPLIT, b"0123456789") == w
    ]
    return tuple(token), tuple(w for w in words if w not in token)


_MARKER_WORD = {
    marker: word if word in _split_cues((word,))[0] else None
    for marker, word in ((m, m.rstrip(b"=")) for m in _LOG_MARKERS)
}
"""Each log marker's word as ``_Cues.words`` would hold it, or None for a marker that is no
single word there (the access log's ``] "``)."""
_PHONE_CUES = _split_cues(_PHONE_WORDS_RAW)
_CLOSING_CUES = _split_cues(_CLOSING_WORDS_RAW)
_SSN_CUES = _split_cues(_SSN_WORDS_RAW)
_PHONE_TEXTS = {
    raw: tuple(w for w in _PHONE_WORDS if w.encode("ascii", "replace") == raw)
    for raw in _PHONE_WORDS_RAW
}
"""Each phone word's forms in the text, by its one-byte form."""


class _Cues:
    """Whether the prompt holds any phone word or closing line at all, found once (a few
    ``bytes`` searches of the lower-cased prompt) after ``_GATE_AFTER`` numbers, so a log
    or a CSV of thousands of ids skips the per-number context checks when neither occurs;
    a superset test: each number still checks its own context when they do."""

    __slots__ = (
        "_raw", "closing", "low", "numbers", "phone", "phone_texts", "phone_words", "ssn",
        "tables", "words",
    )  # fmt: skip

    def __init__(self, raw: bytes) -> None:
        self._raw = raw
        self.low = b""
        self.words = b""
        self.numbers = 0
        self.phone = self.closing = self.ssn = True
        self.phone_words: tuple[bytes, ...] = ()
        self.phone_texts: tuple[str, ...] = _PHONE_WORDS
        self.tables: dict[tuple[str, int], str | None] = {}

    def count(self) -> None:
        self.numbers += 1
        if self.numbers == _GATE_AFTER:
            self.force()

    def force(self) -> None:
        """Look for the words now (``numbers`` past the gate, so once only): among the
        prompt's distinct words, which a log or a CSV has few of, joined by spaces; a cue
        word holding a space, a digit or a character that splits words ("social security",
        "e.164") is looked for in the whole prompt: the distinct words stand in no order."""
        self.numbers = max(self.numbers, _GATE_AFTER)
        low = self._raw.lower()
        words = low.translate(_WORD_SPLIT, b"0123456789").split()
        distinct = b" " + b" ".join(set(words)) + b" "
        self.words = distinct

        def held(cues: tuple[tuple[bytes, ...], tuple[bytes, ...]]) -> list[bytes]:
            tokens, others = cues
            found = [w for w in tokens if w in distinct]
            for w in others:  # each word of a phrase is in a token first: that is cheap
                if all(part in distinct for part in w.split()) and w in low:
                    found.append(w)
            return found

        self.phone_words = tuple(held(_PHONE_CUES))
        self.phone = bool(self.phone_words)
        self.phone_texts = tuple(t for w in self.phone_words for t in _PHONE_TEXTS[w])
        # a number's context is searched for the words the prompt holds only
        self.closing = bool(held(_CLOSING_CUES))
        self.ssn = bool(held(_SSN_CUES))
        self.low = low

    def near_phone_word(self, n: int) -> np.ndarray:
        """For each offset of the prompt, whether a phone word ends within ``_CONTEXT``
        characters before it (what ``_near_word`` asks, without its word-start test)."""
        near = np.zeros(n, dtype=bool)
        for w in self.phone_words:
            at = self.low.find(w)
            while at != -1:
                near[at + len(w) : min(n, at + _CONTEXT) + 1] = True
                at = self.low.find(w, at + 1)
        return near


class PiiClassifier:
    """Finds the enabled PII kinds in a prompt. Stateless after construction; thread-safe."""

    def __init__(self, settings: PiiSettings | None = None) -> None:
        settings = settings or PiiSettings()
        self._kinds = frozenset(settings.kinds)
        self._all = self._kinds == frozenset(PiiKind)
        self._allow_domains = tuple(d.lower().lstrip("@.") for d in settings.allow_domains)
        allow = set(settings.allow_values)
        allow |= {_NON_DIGITS.sub("", v) for v in settings.allow_values}
        allow.discard("")
        self._allow_values = frozenset(allow)
        person_model.current()  # the learned person model's weights load here, not on a request

    def classify(self, prompt: PromptText) -> PiiFindings:
        """Every pattern here is ASCII: the text is read with look-alike letters folded."""
        return self.traced(prompt, None)

    def traced(self, prompt: PromptText, seen: list[Seen] | None) -> PiiFindings:
        """``classify``, recording in ``seen`` (when given) every candidate the scan
        confirmed or turned down and why: what the learned window model
        (``pii_window``) reads. With ``seen`` the scan does not stop at the first finding
        of every kind."""
        text = prompt.folded()
        raw = _one_byte_per_char(text)
        found: set[PiiKind] = set()
        held: set[PiiKind] = set()  # an office's mailbox or line: someone's where a name is
        cues = _Cues(raw)
        classes = _classes(text, raw)
        idle = _idle_runs(raw, classes, cues)
        # where a number candidate's core is: prose's few numbers (a dense prompt steps
        # over its idle ones instead)
        cores = scan_kernel.Cores(raw) if idle is None else None
        for group, start, value in _candidates(text, raw, idle, classes, cores):
            if value in self._allow_values:
                if seen is not None:
                    seen.append(Seen(group, start, start + len(value), None, "allowed"))
                continue
            if group == "num":
                kind = self._number(text, start, value, cues)
            elif group == "upper":
                kind = self._upper(text, start, value)
                if kind is None:  # "DNI 12345678Z": letters glued to a number
                    digit = _FIRST_DIGIT.search(value)
                    inner = _NUMBER.match(text, start + digit.start()) if digit else None
                    if inner is not None:
                        kind = self._number(text, inner.start(), inner.group(), cues)
            elif group == "at":
                kind = _url_password(text, start) or self._email(text, start)
            elif group == "paired":
                kind = self._paired_phone(text, start, value)
            elif group == "anchored":
                kind = PiiKind.SECRET
            else:
                kind = self._secret(value)
            if seen is not None and (kind is None or kind not in self._kinds):
                seen.append(Seen(group, start, start + len(value), None, "rejected"))
            if kind is not None and kind in self._kinds and (seen is not None or kind not in found):
                if self._office_contact(text, start, kind, value):
                    held.add(kind)
                    if seen is not None:
                        seen.append(Seen(group, start, start + len(value), kind, "office"))
                    continue
                # "test user max@example.de (fixture)", "specimen ... 99999999R"; a test
                # account's credential is a credential all the same
                # (and a value in a block its heading declares fictitious)
                if kind is not PiiKind.SECRET and (
                    declared_in_sentence(text, start) or in_declared_block(text, raw, start)
                ):
                    if seen is not None:
                        seen.append(Seen(group, start, start + len(value), kind, "declared"))
                    continue
                found.add(kind)
                if seen is not None:
                    seen.append(Seen(group, start, start + len(value), kind, "found"))
                elif len(found) == len(self._kinds):
                    break
        ip = PiiKind.IP_ADDRESS
        if ip in self._kinds and ip not in found and _ip_with_user(text, raw, cues.words, cores):
            found.add(ip)
        if (self._kinds & _LABELLED and not found >= self._kinds & _LABELLED) or held - found:
            personal = find_personal(text, frozenset(found), raw)
            if PiiKind.PERSON_NAME in personal:  # "Frau Jansen, Bürgerbüro, 04841 ...": hers
                found |= held
            found |= personal & self._kinds
        return PiiFindings(frozenset(found), bool(prompt.unreadable))

    # -- confirmers: a kind, or None for a false alarm ---------------------------------------

    def _number(
        self, text: str, start: int, value: str, cues: _Cues | None = None
    ) -> PiiKind | None:
        kind = self._number_kind(text, start, value, cues)
        if kind is PiiKind.PHONE and _not_a_persons_phone(value, text, start):
            return None
        return kind

    def _number_kind(
        self, text: str, start: int, value: str, cues: _Cues | None = None
    ) -> PiiKind | None:
        letter = value[-1] if value[-1].isalpha() else ""
        body = value[:-1] if letter else value
        digits = body if body.isdigit() else body.translate(_DROP_ASCII_NON_DIGITS)
        if digits in self._allow_values:
            return None
        n = len(digits)
        if letter:
            if n == 8 and dni_valid(digits, letter) and _DNI_BODY.match(body):
                return PiiKind.NATIONAL_ID
            body = body.rstrip(" -")
        if n == 8 and _ISO_DATE.match(body):  # "2026-03-11T08:00": a timestamp
            return None
        nss = n == 12 and _NSS.match(body) is not None and nss_valid(digits)
        if nss and (_NSS_PRINTED.match(body) or _near(text, start, _NSS_WORDS, 96)):
            return PiiKind.NATIONAL_ID
        if n == 15 and digits[0] in "12" and nir_valid(digits) and _NIR.match(body):
            return PiiKind.NATIONAL_ID  # a French NIR, not a 15-digit card (those start 3)
        # A loose IBAN runs into these digits from its letters: a character before them
        # that cannot be inside one ("=", ";", a line break) rules it out without a regex.
        joined = start > 0 and (text[start - 1].isalnum() or text[start - 1] in " -")
        if n >= 10 and joined and self._loose_iban(text, start, start + len(value)):
            return PiiKind.IBAN
        card_shaped = 12 <= n <= 19 and card_prefix_valid(digits) and _CARD_SEPARATED.match(body)
        # A bare run of another length than 16 (a tracking or order number in a table) is a
        # card only where a card word stands before it.
        carded = card_shaped and (
            n == 16 or not body.isdigit() or _near(text, start, _CARD_WORDS, 96)
        )
        if carded and luhn_valid(digits) and not _fictional(digits, text, start):
            if _TEST_CARD.search(text, max(0, start - _TEST_CARD_REACH), start):
                return None  # "la tarjeta de prueba 4548 ...": a gateway's test card by name
            return None if _glued(text, start, value) else PiiKind.CREDIT_CARD
        # Length guards skip the anchored regexes for most numbers (dates, amounts): an SSN
        # is 11 characters, a NANP number 10 digits or 11 with a leading 1.
        ssn = _SSN.match(body) if len(body) == 11 else None
        if ssn and ssn_valid(*ssn.groups()):
            return PiiKind.NATIONAL_ID
        bare_ssn = n == 9 and (body.isdigit() or _SPACED_SSN.match(body))
        ssn_labelled = bare_ssn and _near(text, start, _SSN_WORDS, 64)
        if ssn_labelled and ssn_valid(digits[:3], digits[3:5], digits[5:]):
            return PiiKind.NATIONAL_ID
        if n == 8 and _rvnr(text, start + len(value), digits):
            return PiiKind.NATIONAL_ID
        nanp = _NANP.match(body) if 10 <= n <= 11 else None
        if nanp is not None:  # exchange 555 is the fictional one of films and examples
            return None if nanp.group(2) == "555" else PiiKind.PHONE
        if body[0] == "(" and ")" not in body:  # "(0836 703035)": a number in parentheses
            body = body[1:]
        if cues is not None:
            cues.count()
        phone_words = cues is None or cues.phone
        words = _PHONE_WORDS if cues is None else cues.phone_texts
        phone_word = phone_words and 8 <= n <= 15 and _near_word(text, start, words)
        if 8 <= n <= 15 and (body.startswith("+") or phone_word):
            return PiiKind.PHONE
        international = 10 <= n <= 15 and _INTL_00.match(body)  # "0044 20 ...": as a +
        if international or (
            9 <= n <= 12 and _NATIONAL_PHONE.match(body) and _phone_length(digits, body)
        ):
            tables = cues.tables if cues is not None else None
            if _near(text, start, _DOCUMENT_WORDS) or _other_column(text, start, tables):
                return None
            return PiiKind.PHONE
        closing = cues is None or cues.closing
        if 9 <= n <= 13 and closing and _in_signature(text, start):
            return PiiKind.PHONE
        return None

    @staticmethod
    def _office_contact(text: str, start: int, kind: PiiKind, value: str) -> bool:
        """Whether an e-mail address is a role mailbox (``_role_mailbox``) or a phone number
        an office's line (``_OFFICE_WORDS`` just before it, or a freephone range): a town
        hall's, a museum's or a company's, no one's own unless the prompt names a person
        (``classify`` asks)."""
        if kind is PiiKind.PHONE:
            freephone = _freephone(value.translate(_DROP_ASCII_NON_DIGITS))
            if freephone:
                return True
            office = _near(text, start, _OFFICE_WORDS, _OFFICE_REACH) or body_before(
                text, start, _OFFICE_REACH
            )  # "Der BfDI sitzt ..., Tel. 0228 ...": the body the sentence places there
            # "the museum rang me on my mobile 07911 ...": the writer's own number
            return office and _MINE_BEFORE.search(text, max(0, start - _MINE_REACH), start) is None
        if kind is PiiKind.EMAIL:
            local = _EMAIL_LOCAL.search(text, max(0, start - 64), start)
            return local is not None and _role_mailbox(local.group())
        return False

    def _loose_iban(self, text: str, start: int, end: int) -> bool:
        """An IBAN written in lower or mixed case, whose country and check digits (and the
        letters of some BBANs) lie just before the digits of ``start:end``."""
        m = _LOOSE_IBAN.search(text, max(0, start - 16), end + 40)
        if m is None or m.start() > start:
            return False
        compact = m.group().replace(" ", "").replace("-", "").upper()
        expected = IBAN_LENGTHS.get(compact[:2])
        iban = compact[:expected] if expected is not None else ""
        valid = bool(iban) and iban_valid(iban) and iban not in self._allow_values
        return valid and not (iban in DOCUMENTED_IBANS and _declared_test(text, start))

    def _paired_phone(self, text: str, start: int, value: str) -> PiiKind | None:
        digits = value.translate(_DROP_ASCII_NON_DIGITS)
        if _not_a_persons_phone(value, text, start):  # "01 23 45 67 89"
            return None
        if value.startswith("+") or (len(digits) == 10 and digits[0] == "0"):
            return PiiKind.PHONE
        return PiiKind.PHONE if _near_word(text, start, _PHONE_WORDS) else None

    def _upper(self, text: str, start: int, value: str) -> PiiKind | None:
        compact = value.replace(" ", "").replace("-", "")
        expected = IBAN_LENGTHS.get(compact[:2])
        # The candidate may run into the next word; an IBAN is exactly its country length.
        iban = compact[:expected] if expected is not None else ""
        if iban and iban_valid(iban) and iban not in self._allow_values:
            documented = iban in DOCUMENTED_IBANS and _declared_test(text, start)
            return None if documented else PiiKind.IBAN
        if _NINO.match(value) and _nino_labelled(text, start, len(value)):
            return PiiKind.NATIONAL_ID
        if len(value) == 11 and value[1] == "-":
            value = value.replace("-", "")  # Y-1234567-X
        nie = _NIE.match(value) if len(value) == 9 else None
        if nie is not None and nie_valid(*nie.groups()):
            return PiiKind.NATIONAL_ID
        return None

    def _email(self, text: str, at: int) -> PiiKind | None:
        local = _EMAIL_LOCAL.search(text, max(0, at - 64), at)
        domain = _EMAIL_DOMAIN.match(text, at + 1, at + 256)
        if local is None or domain is None:
            return None
        name = domain.group().lower()
        if name in _SAFE_DOMAINS or name.endswith(_SAFE_TLDS) or _example_domain(name):
            return None
        for allowed in self._allow_domains:
            if name == allowed or name.endswith("." + allowed):
                return None
        if text[local.start() : domain.end()] in self._allow_values:
            return None
        return PiiKind.EMAIL

    def _secret(self, value: str) -> PiiKind | None:
        if value in _AWS_DOC_KEYS:
            return None
        if value.startswith(("sk-", "sk_", "rk_")):
            tail = value.rsplit("-", 1)[-1].rsplit("_", 1)[-1]
            # Placeholders such as sk-xxxxxxxx... or sk-your-key-here-... are not secrets; a
            # real key is random, so mixed-case letters alone are enough.
            no_digit = not any(c.isdigit() for c in value)
            if len(set(tail)) < 6 or (no_digit and (tail.islower() or tail.isupper())):
                return None
            if "your" in value or "here" in value or "example" in value:
                return None
        return PiiKind.SECRET
