"""Generate the fourth held-out PII set (``pii.jsonl``) from Faker identities.

    .venv/bin/python benchmarks/classifier_eval/heldout4/pii_generate.py

Written blind to the classifier code and to the earlier sets' prompts, so its templates
are fresh phrasings of what gateway users paste: tickets, payroll, claims, referrals,
tenancy and legal letters, exports, transcripts, logs and config with credentials. Check
digits are computed (Luhn cards, IBAN mod-97, national-ID keys) so every number is valid
where its format has a check. Each prompt is labelled with exactly the kinds it holds; a
lone e-mail address whose local part spells a name counts as ``email`` only.
"""

from __future__ import annotations

import json
import random
import string
import unicodedata
from collections.abc import Callable
from datetime import date
from pathlib import Path

from faker import Faker

SEED = 520817
COUNT = 400
OUT = Path(__file__).with_name("pii.jsonl")
STRUCTURED = ("email", "phone", "creditCard", "iban", "nationalId", "secret")
FREE_TEXT = ("personName", "address", "dateOfBirth", "health")
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")

MAIL_DOMAINS = {
    "en_US": ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "comcast.net"),
    "en_GB": ("gmail.com", "btinternet.com", "hotmail.co.uk", "sky.com", "outlook.com"),
    "de_DE": ("gmx.de", "web.de", "t-online.de", "gmail.com", "posteo.de"),
    "fr_FR": ("orange.fr", "free.fr", "laposte.net", "gmail.com", "sfr.fr"),
    "es_ES": ("gmail.com", "hotmail.es", "telefonica.net", "yahoo.es", "outlook.es"),
    "it_IT": ("libero.it", "gmail.com", "virgilio.it", "tiscali.it", "alice.it"),
    "nl_NL": ("ziggo.nl", "kpnmail.nl", "gmail.com", "hotmail.nl", "xs4all.nl"),
}
DOB_FORMAT = {
    "en_US": "%m/%d/%Y",
    "en_GB": "%d/%m/%Y",
    "de_DE": "%d.%m.%Y",
    "fr_FR": "%d/%m/%Y",
    "es_ES": "%d/%m/%Y",
    "it_IT": "%d/%m/%Y",
    "nl_NL": "%d-%m-%Y",
}
HEALTH = {
    "en": (
        "type 2 diabetes",
        "severe asthma",
        "major depressive disorder",
        "epilepsy",
        "Crohn's disease",
        "HIV",
        "bipolar II disorder",
        "multiple sclerosis",
        "COPD",
        "stage 2 breast cancer",
        "generalised anxiety disorder",
        "rheumatoid arthritis",
    ),
    "de": (
        "Diabetes Typ 2",
        "Asthma bronchiale",
        "eine mittelgradige Depression",
        "Epilepsie",
        "Morbus Crohn",
        "Multiple Sklerose",
        "einen Bandscheibenvorfall L4/L5",
        "Brustkrebs",
    ),
    "fr": (
        "un diabète de type 2",
        "de l'asthme sévère",
        "une dépression",
        "une épilepsie",
        "la maladie de Crohn",
        "une sclérose en plaques",
        "un cancer du sein",
        "une hernie discale",
    ),
    "es": (
        "diabetes tipo 2",
        "asma grave",
        "depresión mayor",
        "epilepsia",
        "enfermedad de Crohn",
        "esclerosis múltiple",
        "cáncer de mama",
        "una hernia discal",
    ),
    "it": (
        "diabete di tipo 2",
        "asma grave",
        "depressione maggiore",
        "epilessia",
        "morbo di Crohn",
        "sclerosi multipla",
        "un tumore al seno",
        "un'ernia del disco",
    ),
    "nl": (
        "diabetes type 2",
        "ernstige astma",
        "een depressie",
        "epilepsie",
        "de ziekte van Crohn",
        "multiple sclerose",
        "borstkanker",
        "een hernia",
    ),
}
MEDS = (
    "metformin 1000 mg",
    "sertraline 100 mg",
    "lamotrigine 200 mg",
    "salbutamol",
    "insulin glargine",
)


# --- check digits -------------------------------------------------------------------------


def luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number if c.isdigit()]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return total % 10 == 0


def iban_with_check(country: str, bban: str) -> str:
    moved = bban + country + "00"
    num = int("".join(str(int(c, 36)) for c in moved))
    return f"{country}{98 - num % 97:02d}{bban}"


def iban_ok(iban: str) -> bool:
    s = iban.replace(" ", "")
    moved = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def group4(s: str) -> str:
    return " ".join(s[i : i + 4] for i in range(0, len(s), 4))


CF_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CF_ODD = (
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21,
    2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
)  # fmt: skip
"""Codice fiscale check values of a character in an odd (1-based) position."""


# --- generator ------------------------------------------------------------------------------


class Gen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.fakers = {}
        for i, loc in enumerate(LOCALES):
            fk = Faker(loc)
            fk.seed_instance(SEED + i)
            self.fakers[loc] = fk
        self.loc = "en_US"

    @property
    def fk(self) -> Faker:
        return self.fakers[self.loc]

    def digits(self, n: int) -> str:
        return "".join(self.rng.choice(string.digits) for _ in range(n))

    def first(self) -> str:
        return self.fk.first_name()

    def last(self) -> str:
        return self.fk.last_name()

    def name(self) -> str:
        return f"{self.fk.first_name()} {self.fk.last_name()}"

    def email(self, name: str | None = None) -> str:
        base = name or self.name()
        ascii_name = unicodedata.normalize("NFKD", base).encode("ascii", "ignore").decode()
        parts = [p.lower() for p in ascii_name.replace("-", " ").split() if p.isalpha()]
        if len(parts) < 2:
            parts = [*parts, self.digits(2)]
        style = self.rng.randrange(4)
        if style == 0:
            local = f"{parts[0]}.{parts[-1]}"
        elif style == 1:
            local = f"{parts[0][0]}{parts[-1]}{self.digits(2)}"
        elif style == 2:
            local = f"{parts[-1]}_{parts[0]}"
        else:
            local = f"{parts[0]}{self.rng.randint(70, 99)}"
        return f"{local}@{self.rng.choice(MAIL_DOMAINS[self.loc])}"

    def work_email(self, name: str, domain: str) -> str:
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        parts = [p.lower() for p in ascii_name.replace("-", " ").split() if p.isalpha()]
        return f"{parts[0]}.{parts[-1]}@{domain}"

    def phone(self) -> str:
        r, d = self.rng, self.digits
        loc = self.loc
        if loc == "en_US":
            area = r.choice(("312", "415", "646", "617", "206", "512", "303", "404", "702"))
            n = f"{r.randint(2, 9)}{d(2)}"
            return r.choice((f"({area}) {n}-{d(4)}", f"{area}-{n}-{d(4)}", f"+1 {area} {n} {d(4)}"))
        if loc == "en_GB":
            return r.choice(
                (
                    f"07{d(3)} {d(6)}",
                    f"+44 7{d(3)} {d(6)}",
                    f"020 7{d(3)} {d(4)}",
                    f"0161 {d(3)} {d(4)}",
                )
            )
        if loc == "de_DE":
            return r.choice(
                (
                    f"0151 {d(8)}",
                    f"+49 171 {d(7)}",
                    f"030 {d(8)}",
                    f"089/{d(7)}",
                    f"+49 (0)40 {d(7)}",
                )
            )
        if loc == "fr_FR":
            return r.choice(
                (
                    f"06 {d(2)} {d(2)} {d(2)} {d(2)}",
                    f"+33 7 {d(2)} {d(2)} {d(2)} {d(2)}",
                    f"01.{d(2)}.{d(2)}.{d(2)}.{d(2)}",
                )
            )
        if loc == "es_ES":
            return r.choice(
                (
                    f"6{d(2)} {d(3)} {d(3)}",
                    f"+34 6{d(2)} {d(2)} {d(2)} {d(2)}",
                    f"91 {d(3)} {d(2)} {d(2)}",
                )
            )
        if loc == "it_IT":
            return r.choice(
                (f"33{d(1)} {d(3)} {d(4)}", f"+39 34{d(1)} {d(7)}", f"02 {d(4)} {d(4)}")
            )
        return r.choice((f"06-{d(8)}", f"+31 6 {d(8)}", f"020 {d(3)} {d(4)}", f"010-{d(7)}"))

    def address(self, oneline: bool = True) -> str:
        a = self.fk.address()
        return a.replace("\n", ", ") if oneline else a

    def dob(self) -> date:
        return self.fk.date_of_birth(minimum_age=19, maximum_age=88)

    def dob_str(self, d: date | None = None) -> str:
        return (d or self.dob()).strftime(DOB_FORMAT[self.loc])

    def health(self, lang: str | None = None) -> str:
        return self.rng.choice(HEALTH[lang or self.loc[:2]])

    def card(self, sep: str | None = None) -> str:
        kind = self.rng.choice(("visa16", "visa16", "mastercard", "amex", "discover"))
        num = self.fk.credit_card_number(kind)
        assert luhn_ok(num), num
        sep = self.rng.choice((" ", "-", "", " ")) if sep is None else sep
        if len(num) == 15:
            return sep.join((num[:4], num[4:10], num[10:]))
        return sep.join(num[i : i + 4] for i in range(0, 16, 4))

    def iban(self, country: str | None = None, spaced: bool | None = None) -> str:
        c = country or {"en_US": "GB", "en_GB": "GB", "de_DE": "DE", "fr_FR": "FR"}.get(
            self.loc, self.loc[-2:]
        )
        d, up = self.digits, string.ascii_uppercase
        if c == "GB":
            bank = self.rng.choice(("NWBK", "BARC", "LOYD", "HBUK", "MIDL"))
            bban = f"{bank}{d(6)}{d(8)}"
        elif c == "DE":
            bban = d(18)
        elif c == "FR":
            bban = f"{d(5)}{d(5)}{d(11)}{d(2)}"
        elif c == "ES":
            bban = d(20)
        elif c == "IT":
            bban = f"{self.rng.choice(up)}{d(5)}{d(5)}{d(12)}"
        else:
            bank = self.rng.choice(("INGB", "ABNA", "RABO", "SNSB", "TRIO"))
            bban = f"{bank}{d(10)}"
        iban = iban_with_check(c, bban)
        assert iban_ok(iban), iban
        spaced = self.rng.random() < 0.6 if spaced is None else spaced
        return group4(iban) if spaced else iban

    # national identifiers, valid where the format has a check
    def ssn(self) -> str:
        area = self.rng.choice([a for a in range(1, 900) if a != 666])
        return f"{area:03d}-{self.rng.randint(1, 99):02d}-{self.rng.randint(1, 9999):04d}"

    def nino(self) -> str:
        bad_pairs = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}
        while True:
            a = self.rng.choice([c for c in string.ascii_uppercase if c not in "DFIQUV"])
            b = self.rng.choice([c for c in string.ascii_uppercase if c not in "DFIOQUV"])
            if a + b not in bad_pairs:
                break
        d = self.digits(6)
        suffix = self.rng.choice("ABCD")
        if self.rng.random() < 0.5:
            return f"{a}{b} {d[:2]} {d[2:4]} {d[4:]} {suffix}"
        return f"{a}{b}{d}{suffix}"

    def steuer_id(self) -> str:
        while True:
            ds = [self.rng.randint(1, 9)] + [self.rng.randint(0, 9) for _ in range(9)]
            counts = sorted((ds.count(x) for x in set(ds)), reverse=True)
            if counts[0] in (2, 3) and counts[1] == 1:
                break
        product = 10
        for x in ds:
            s = (x + product) % 10 or 10
            product = (s * 2) % 11
        check = (11 - product) % 10
        num = "".join(map(str, ds)) + str(check)
        if self.rng.random() < 0.5:
            return f"{num[:2]} {num[2:5]} {num[5:8]} {num[8:]}"
        return num

    def nir(self, female: bool, born: date) -> str:
        dept = self.rng.choice(("75", "69", "13", "33", "59", "44", "31", "67", "2A"))
        body = f"{2 if female else 1}{born:%y}{born:%m}{dept}{self.digits(3)}{self.digits(3)}"
        num = int(body.replace("2A", "19"))
        key = 97 - num % 97
        return f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:13]} {key:02d}"

    def dni(self) -> str:
        letters = "TRWAGMYFPDXBNJZSQVHLCKE"
        if self.rng.random() < 0.25:
            pre = self.rng.choice("XYZ")
            n = self.digits(7)
            return f"{pre}{n}{letters[int(str('XYZ'.index(pre)) + n) % 23]}"
        n = self.digits(8)
        sep = self.rng.choice(("", "", "-"))
        return f"{n}{sep}{letters[int(n) % 23]}"

    def codice_fiscale(self, first: str, last: str, born: date, female: bool) -> str:
        def clean(s: str) -> str:
            s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().upper()
            return "".join(c for c in s if c.isalpha())

        def part(s: str, is_first: bool) -> str:
            cons = [c for c in s if c not in "AEIOU"]
            vows = [c for c in s if c in "AEIOU"]
            if is_first and len(cons) >= 4:
                cons = [cons[0], cons[2], cons[3]]
            return ("".join(cons + vows) + "XXX")[:3]

        day = born.day + (40 if female else 0)
        comune = self.rng.choice(("H501", "F205", "A944", "L219", "F839", "G273", "D612", "L736"))
        body = f"{part(clean(last), False)}{part(clean(first), True)}{born:%y}"
        body += f"{'ABCDEHLMPRST'[born.month - 1]}{day:02d}{comune}"
        odd = dict(zip(CF_CHARS, CF_ODD, strict=True))
        total = 0
        for i, c in enumerate(body):
            if i % 2 == 0:
                total += odd[c]
            else:
                total += int(c) if c.isdigit() else ord(c) - 65
        return body + chr(65 + total % 26)

    def bsn(self) -> str:
        while True:
            ds = [self.rng.randint(0, 9) for _ in range(8)]
            s = sum(d * w for d, w in zip(ds, range(9, 1, -1), strict=True))
            last = s % 11
            if last < 10 and ds[0] != 0:
                return "".join(map(str, ds)) + str(last)

    def national_id(self) -> str:
        loc = self.loc
        if loc == "en_US":
            return self.ssn()
        if loc == "en_GB":
            return self.nino()
        if loc == "de_DE":
            return self.steuer_id()
        if loc == "fr_FR":
            return self.nir(self.rng.random() < 0.5, self.dob())
        if loc == "es_ES":
            return self.dni()
        if loc == "it_IT":
            return self.codice_fiscale(
                self.first(), self.last(), self.dob(), self.rng.random() < 0.5
            )
        return self.bsn()

    # credentials of widely used services
    def alnum(self, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def hexs(self, n: int) -> str:
        return self.alnum(n, "0123456789abcdef")

    def aws_pair(self) -> tuple[str, str]:
        key = "AKIA" + self.alnum(16, string.ascii_uppercase + "234567")
        secret = self.alnum(40, string.ascii_letters + string.digits + "/+")
        return key, secret

    def github(self) -> str:
        return self.rng.choice(("ghp_", "gho_", "github_pat_11")) + self.alnum(36)

    def stripe(self) -> str:
        return self.rng.choice(("sk_live_", "rk_live_")) + self.alnum(24)

    def slack(self) -> str:
        return f"xoxb-{self.digits(11)}-{self.digits(13)}-{self.alnum(24)}"

    def slack_webhook(self) -> str:
        return (
            "https://hooks.slack.com/services/T"
            + self.alnum(8, string.ascii_uppercase + string.digits)
            + "/B"
            + self.alnum(10, string.ascii_uppercase + string.digits)
            + "/"
            + self.alnum(24)
        )

    def openai(self) -> str:
        return "sk-proj-" + self.alnum(48, string.ascii_letters + string.digits + "_-")

    def anthropic(self) -> str:
        return "sk-ant-api03-" + self.alnum(93, string.ascii_letters + string.digits + "_-") + "AA"

    def google(self) -> str:
        return "AIza" + self.alnum(35, string.ascii_letters + string.digits + "_-")

    def sendgrid(self) -> str:
        return f"SG.{self.alnum(22)}.{self.alnum(43)}"

    def twilio(self) -> tuple[str, str]:
        return "AC" + self.hexs(32), self.hexs(32)

    def gitlab(self) -> str:
        return "glpat-" + self.alnum(20, string.ascii_letters + string.digits + "_-")

    def npm(self) -> str:
        return "npm_" + self.alnum(36)

    def hf(self) -> str:
        return "hf_" + self.alnum(34)

    def shopify(self) -> str:
        return "shpat_" + self.hexs(32)

    def password(self) -> str:
        words = ("Sommer", "Blue", "tiger", "Maple", "Orion", "Falke", "soleil", "Luna")
        return self.rng.choice(words) + self.alnum(4, string.digits) + self.rng.choice("!#$%&*")

    def jwt(self) -> str:
        return (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
            + self.alnum(70, string.ascii_letters + string.digits + "_-")
            + "."
            + self.alnum(43, string.ascii_letters + string.digits + "_-")
        )

    def azure_conn(self) -> str:
        acct = self.alnum(10, string.ascii_lowercase + string.digits)
        key = self.alnum(86, string.ascii_letters + string.digits + "+/") + "=="
        return (
            f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};"
            "EndpointSuffix=core.windows.net"
        )

    def pem(self) -> str:
        body = "\n".join(
            self.alnum(64, string.ascii_letters + string.digits + "+/") for _ in range(4)
        )
        return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"


Template = Callable[[Gen], tuple[str, list[str]]]
TEMPLATES: list[tuple[str, tuple[str, ...], Template]] = []


def template(name: str, *locales: str) -> Callable[[Template], Template]:
    def wrap(fn: Template) -> Template:
        TEMPLATES.append((name, locales or LOCALES, fn))
        return fn

    return wrap


EN = ("en_US", "en_GB")
KINDS = STRUCTURED + FREE_TEXT


# --- support tickets -----------------------------------------------------------------------


@template("ticket_refund_card")
def _t1(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Draft a polite reply to this ticket, keep it under 120 words:\n\n"
        f"> Hi, I'm {n}. You charged my card {g.card()} twice for the annual plan "
        "on the same day. Please refund one of the payments, I don't want store credit."
    )
    return text, ["creditCard", "personName"]


@template("ticket_login_locked", *EN)
def _t2(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Classify the urgency (low/medium/high) of this support email and suggest a team:\n"
        f"From: {g.email()}\nSubject: locked out again\n"
        "Third time this week the 2FA code never arrives. You can text me on "
        f"{g.phone()} instead of emailing, I'm travelling."
    )
    return text, ["email", "phone"]


@template("ticket_delivery_address")
def _t3(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Summarise the customer's problem in one line for the courier:\n"
        f"Customer {n} says parcel never arrived. Delivery address on file: {g.address()}. "
        "Tracking shows delivered at 14:02 but nobody rang the bell."
    )
    return text, ["address", "personName"]


@template("zendesk_export_row")
def _t4(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Why does this Zendesk export break my pandas read_csv? It says expected 6 fields saw 7\n"
        "ticket_id,requester,requester_email,phone,subject,status\n"
        f"48213,{n},{g.email(n)},{g.phone()},Can't cancel, subscription, open"
    )
    return text, ["email", "personName", "phone"]


# --- HR and payroll ---------------------------------------------------------------------


@template("payroll_bank_change", *EN)
def _t5(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    nid = g.national_id()
    text = (
        "Rewrite this as a formal request to payroll:\n"
        f"hey it's {n}, new bank account from next month pls: {g.iban()}. "
        f"my NI/SSN is {nid} if you need to check it's me"
    )
    return text, ["iban", "nationalId", "personName"]


@template("de_gehalt_konto", "de_DE")
def _t6(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Formuliere das bitte freundlicher für die Personalabteilung:\n"
        f"Ich bin {n}, Personalnummer 30417. Mein Gehalt soll ab Juli auf {g.iban()} gehen. "
        f"Meine Steuer-ID ist {g.steuer_id()}."
    )
    return text, ["iban", "nationalId", "personName"]


@template("fr_rh_arret", "fr_FR")
def _t7(g: Gen) -> tuple[str, list[str]]:
    f = g.rng.random() < 0.5
    born = g.dob()
    n = g.name()
    text = (
        "Aide-moi à écrire un mail court aux RH pour transmettre mon arrêt maladie.\n"
        f"Nom : {n}\nN° de sécurité sociale : {g.nir(f, born)}\n"
        f"Motif (à ne pas détailler ?) : {g.health('fr')}"
    )
    return text, ["health", "nationalId", "personName"]


@template("hr_onboarding_form", *EN)
def _t8(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Turn this new-starter form into a JSON object with snake_case keys:\n"
        f"Full name: {n}\nDate of birth: {g.dob_str()}\nHome address: {g.address()}\n"
        f"Personal email: {g.email(n)}\nMobile: {g.phone()}\nStart date: 3 March"
    )
    return text, ["address", "dateOfBirth", "email", "personName", "phone"]


@template("es_nomina_dni", "es_ES")
def _t9(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "¿Puedes revisar si este correo a la gestoría suena profesional?\n"
        f"Buenos días, soy {n}, con DNI {g.dni()}. En la nómina de mayo no aparece el "
        f"complemento. Os dejo mi cuenta por si hay que hacer transferencia: {g.iban()}."
    )
    return text, ["iban", "nationalId", "personName"]


@template("it_busta_paga", "it_IT")
def _t10(g: Gen) -> tuple[str, list[str]]:
    first, last = g.first(), g.last()
    born = g.dob()
    female = g.rng.random() < 0.5
    cf = g.codice_fiscale(first, last, born, female)
    text = (
        "Controlla che il codice fiscale corrisponda alla data di nascita, poi scrivi due righe "
        f"all'ufficio paghe:\nDipendente: {first} {last}\nNato/a il: {g.dob_str(born)}\n"
        f"C.F.: {cf}"
    )
    return text, ["dateOfBirth", "nationalId", "personName"]


@template("nl_salaris_bsn", "nl_NL")
def _t11(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Kun je dit bericht aan de salarisadministratie netjes maken?\n"
        f"hoi, {n} hier. mijn BSN is {g.bsn()} en mijn nieuwe rekening is {g.iban()}. "
        "graag vanaf de volgende run aanpassen"
    )
    return text, ["iban", "nationalId", "personName"]


@template("hr_sick_note_en", *EN)
def _t12(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "I manage a small team. One of them, "
        f"{n}, just told me they've been diagnosed with {g.health('en')} and need "
        "reduced hours for three months. What do I have to do legally and how do I "
        "talk to the rest of the team without oversharing?"
    )
    return text, ["health", "personName"]


# --- insurance claims ------------------------------------------------------------------


@template("claim_car_en", *EN)
def _t13(g: Gen) -> tuple[str, list[str]]:
    a, b = g.name(), g.name()
    text = (
        "Write the incident description for my car insurance claim from these notes:\n"
        f"- me: {a}, policy MTR-882190\n- other driver: {b}, phone {g.phone()}\n"
        "- rear-ended at lights, 8am, wet road, his fault, admitted it"
    )
    return text, ["personName", "phone"]


@template("de_versicherung_schaden", "de_DE")
def _t14(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Schreib eine Schadensmeldung an meine Hausratversicherung. Daten:\n"
        f"Versicherungsnehmer: {n}, geb. {g.dob_str()}\nAnschrift: {g.address()}\n"
        "Schaden: Wasserschaden durch geplatzten Schlauch der Waschmaschine am Sonntag."
    )
    return text, ["address", "dateOfBirth", "personName"]


@template("fr_mutuelle", "fr_FR")
def _t15(g: Gen) -> tuple[str, list[str]]:
    f = g.rng.random() < 0.5
    born = g.dob()
    text = (
        "Ma mutuelle refuse de rembourser mes séances de kiné. Rédige une contestation.\n"
        f"Adhérente née le {g.dob_str(born)}, n° SS {g.nir(f, born)}, suivie pour "
        f"{g.health('fr')} depuis 2021. Virement à faire sur {g.iban()}."
    )
    return text, ["dateOfBirth", "health", "iban", "nationalId"]


@template("travel_claim_medical")
def _t16(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Help me fill in the 'circumstances' box of a travel insurance claim. "
        f"Insured: {n}. I had to cancel the trip because I was hospitalised with "
        f"{g.health('en')} two days before departure. Refund to the card I paid with: "
        f"{g.card()}."
    )
    return text, ["creditCard", "health", "personName"]


# --- medical ------------------------------------------------------------------------------


@template("referral_letter_gb", "en_GB")
def _t17(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Tidy this GP referral letter, keep clinical content unchanged:\n\n"
        f"Dear colleague, re: {n}, DOB {g.dob_str()}, NHS-registered at {g.address()}. "
        f"Thank you for seeing this patient with poorly controlled {g.health('en')}; "
        f"currently on {g.rng.choice(MEDS)}. Tel {g.phone()}."
    )
    return text, ["address", "dateOfBirth", "health", "personName", "phone"]


@template("discharge_summary_us", "en_US")
def _t18(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Summarise this discharge note in plain English for the family:\n"
        f"PATIENT: {n.upper()}  DOB: {g.dob_str()}  SSN: {g.ssn()}\n"
        f"Admitted with exacerbation of {g.health('en')}. Treated with IV steroids, "
        "nebulisers. Discharged day 4 with follow-up in 2 weeks."
    )
    return text, ["dateOfBirth", "health", "nationalId", "personName"]


@template("de_arztbrief", "de_DE")
def _t19(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Erkläre mir diesen Arztbrief in einfachen Worten:\n"
        f"Pat.: {n}, *{g.dob_str()}\nDiagnose: {g.health('de')}, Erstdiagnose 03/2022. "
        "Empfehlung: Fortführung der Therapie, Kontrolle in 6 Monaten."
    )
    return text, ["dateOfBirth", "health", "personName"]


@template("es_informe_alta", "es_ES")
def _t20(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Tradúceme al inglés este informe de alta para el seguro de viaje:\n"
        f"Paciente: {n}. Fecha de nacimiento: {g.dob_str()}. DNI: {g.dni()}.\n"
        f"Diagnóstico principal: {g.health('es')}. Evolución favorable."
    )
    return text, ["dateOfBirth", "health", "nationalId", "personName"]


@template("it_referto", "it_IT")
def _t21(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        f"Mia madre {n} ha ricevuto questa diagnosi: {g.health('it')}. "
        "Ha 71 anni e vive da sola. Quali sono le domande giuste da fare al medico alla "
        "prossima visita?"
    )
    return text, ["health", "personName"]


@template("nl_huisarts_verwijzing", "nl_NL")
def _t22(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Vertaal naar het Engels voor de specialist in Londen:\n"
        f"Verwijzing betreft {n}, geboren {g.dob_str()}, BSN {g.bsn()}. Patiënt bekend met "
        f"{g.health('nl')}, klachten sinds januari toegenomen."
    )
    return text, ["dateOfBirth", "health", "nationalId", "personName"]


@template("own_health_question")
def _t23(g: Gen) -> tuple[str, list[str]]:
    d = g.dob_str()
    text = (
        f"I was born on {d} and was diagnosed with {g.health('en')} last year. "
        "Is it safe for me to start running again, and what should I ask my doctor first?"
    )
    return text, ["dateOfBirth", "health"]


@template("pharmacy_order", *EN)
def _t24(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Make this repeat-prescription note clearer for the pharmacy:\n"
        f"for {n}, {g.address()} - {g.rng.choice(MEDS)} x 2 boxes, "
        f"(for her {g.health('en')}), can deliver after 5, call {g.phone()}"
    )
    return text, ["address", "health", "personName", "phone"]


# --- tenancy and legal ------------------------------------------------------------------


@template("tenancy_deposit_gb", "en_GB")
def _t25(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "My landlord is withholding my deposit. Write a firm letter before action.\n"
        f"Tenant: {n}\nProperty: {g.address()}\nDeposit £1,450, tenancy ended 31 Jan, "
        f"return to {g.iban('GB')}."
    )
    return text, ["address", "iban", "personName"]


@template("us_eviction_notice", "en_US")
def _t26(g: Gen) -> tuple[str, list[str]]:
    a = g.name()
    text = (
        "Is this 3-day notice valid in my state? I rent an apartment at "
        f"{g.address()}. It's addressed to {a} and signed by the property manager, no date on it."
    )
    return text, ["address", "personName"]


@template("de_mietminderung", "de_DE")
def _t27(g: Gen) -> tuple[str, list[str]]:
    n, v = g.name(), g.name()
    text = (
        "Schreib ein Schreiben zur Mietminderung wegen Schimmel im Bad.\n"
        f"Mieter: {n}, {g.address()}\nVermieterin: {v}\n"
        "Mangel angezeigt am 12.02., bisher keine Reaktion."
    )
    return text, ["address", "personName"]


@template("fr_bail_resiliation", "fr_FR")
def _t28(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Rédige une lettre de résiliation de bail avec préavis réduit (mutation professionnelle).\n"
        f"Locataire : {n}\nLogement : {g.address()}\nTéléphone : {g.phone()}\nEmail : {g.email(n)}"
    )
    return text, ["address", "email", "personName", "phone"]


@template("es_abogado_herencia", "es_ES")
def _t29(g: Gen) -> tuple[str, list[str]]:
    n, m = g.name(), g.name()
    text = (
        f"Mi padre, {n}, falleció en marzo y mi hermano {m} no quiere vender el piso "
        f"de {g.address()}. ¿Qué opciones tengo según la ley española?"
    )
    return text, ["address", "personName"]


@template("legal_witness_statement", *EN)
def _t30(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Proofread this witness statement (don't change meaning):\n"
        f"I, {n}, of {g.address()}, born {g.dob_str()}, state that on the evening in "
        "question I saw the van reverse into the fence and drive off."
    )
    return text, ["address", "dateOfBirth", "personName"]


@template("it_avvocato_multa", "it_IT")
def _t31(g: Gen) -> tuple[str, list[str]]:
    first, last = g.first(), g.last()
    n = f"{first} {last}"
    text = (
        "Scrivi un ricorso al Giudice di Pace contro una multa per eccesso di velocità.\n"
        f"Ricorrente: {n}, residente in {g.address()}, C.F. "
        f"{g.codice_fiscale(first, last, g.dob(), g.rng.random() < 0.5)}"
    )
    return text, ["address", "nationalId", "personName"]


@template("nl_bezwaar_belasting", "nl_NL")
def _t32(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Help me een bezwaarschrift aan de Belastingdienst te schrijven. Mijn aanslag is te "
        f"hoog omdat de hypotheekrente niet is meegenomen. BSN: {g.bsn()}, "
        f"adres: {g.address()}."
    )
    return text, ["address", "nationalId"]


# --- CRM / CSV exports -------------------------------------------------------------------


@template("crm_csv_dedupe")
def _t33(g: Gen) -> tuple[str, list[str]]:
    rows = []
    for _ in range(3):
        n = g.name()
        rows.append(f"{n},{g.email(n)},{g.phone()}")
    rows.append(rows[0].split(",")[0] + "," + rows[0].split(",")[1].upper() + ",")
    text = "Write SQL to dedupe these CRM contacts case-insensitively on email:\n" + (
        "name,email,phone\n" + "\n".join(rows)
    )
    return text, ["email", "personName", "phone"]


@template("hubspot_json_export")
def _t34(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    first, last = n.split(" ", 1)
    rec = {
        "id": g.digits(9),
        "properties": {
            "firstname": first,
            "lastname": last,
            "email": g.email(n),
            "address": g.fk.street_address(),
            "city": g.fk.city(),
        },
    }
    text = (
        "The contact sync drops the city field. Here's one record from the API, "
        "what's wrong with my mapping?\n" + json.dumps(rec, ensure_ascii=False, indent=2)
    )
    return text, ["address", "email", "personName"]


@template("customer_list_segment")
def _t35(g: Gen) -> tuple[str, list[str]]:
    lines = [
        f"{g.name()};{g.dob_str()};{g.rng.choice(('gold', 'silver', 'basic'))}" for _ in range(4)
    ]
    text = (
        "Group these loyalty members by age band (18-34, 35-54, 55+) and count tiers:\n"
        + "\n".join(lines)
    )
    return text, ["dateOfBirth", "personName"]


@template("payments_failed_csv")
def _t36(g: Gen) -> tuple[str, list[str]]:
    rows = "\n".join(
        f"{g.email()},{g.iban(spaced=False)},EUR,{g.rng.randint(20, 400)}.00" for _ in range(3)
    )
    text = (
        "SEPA direct debits bounced for these rows. Any pattern in the IBANs?\n"
        "email,iban,currency,amount\n" + rows
    )
    return text, ["email", "iban"]


# --- chat transcripts ---------------------------------------------------------------------


@template("whatsapp_landlord", *EN)
def _t37(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Is my landlord allowed to say this? Chat below.\n"
        f"[09:12] {n}: I'll be coming round tomorrow to check the boiler\n"
        "[09:14] Me: I'm at work, can we do Saturday?\n"
        f"[09:15] {n}: No. Leave the key with the neighbour at {g.address()}"
    )
    return text, ["address", "personName"]


@template("livechat_bank", *EN)
def _t38(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Rate the agent's compliance in this live chat (did they ask for anything they shouldn't?):\n"
        "Agent: Hello, how can I help?\n"
        f"Customer: my card {g.card()} got declined abroad\n"
        "Agent: Can you confirm the full number and the 3 digits on the back?\n"
        f"Customer: ok its {g.card()} and 512"
    )
    return text, ["creditCard"]


@template("de_chat_arzttermin", "de_DE")
def _t39(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Fass den Chat zusammen:\n"
        f"Praxis: Guten Tag, wer spricht?\nPatient: {n}, ich brauche einen Termin, bei mir wurde "
        f"{g.health('de')} festgestellt.\n"
        f"Praxis: Unter welcher Nummer erreichen wir Sie?\nPatient: {g.phone()}"
    )
    return text, ["health", "personName", "phone"]


@template("fr_chat_sav", "fr_FR")
def _t40(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Traduis en anglais pour le support du fournisseur:\n"
        f"Client : Bonjour, je suis {n}, ma commande n'est jamais arrivée. "
        f"Mon adresse : {g.address()}. Vous pouvez m'écrire à {g.email(n)}."
    )
    return text, ["address", "email", "personName"]


# --- logs ---------------------------------------------------------------------------------


@template("nginx_log_email")
def _t41(g: Gen) -> tuple[str, list[str]]:
    ip = f"{g.rng.randint(11, 223)}.{g.rng.randint(0, 255)}.{g.rng.randint(0, 255)}.{g.rng.randint(1, 254)}"
    text = (
        "Why is this request a 400? Log line:\n"
        f'{ip} - - [14/Mar/2026:10:22:31 +0000] "GET /api/v2/users/lookup?email='
        f'{g.email().replace("@", "%40")} HTTP/1.1" 400 87 "-" "okhttp/4.12.0"'
    )
    return text, ["email"]


@template("app_log_card_leak")
def _t42(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Our PCI auditor flagged this log line. How do I mask it in a logback pattern?\n"
        "2026-03-02 11:04:55.218 INFO  PaymentService - charge request "
        f"{{amount=49.90, currency=EUR, pan={g.card('')}, exp=09/28}}"
    )
    return text, ["creditCard"]


@template("json_log_user_signup")
def _t43(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    rec = {
        "level": "error",
        "ts": "2026-02-11T08:14:02Z",
        "msg": "signup validation failed",
        "user": {"name": n, "email": g.email(n), "phone": g.phone()},
        "err": "phone: invalid format",
    }
    text = "Why would this phone fail an E.164 validator?\n" + json.dumps(rec, ensure_ascii=False)
    return text, ["email", "personName", "phone"]


@template("stacktrace_iban_validation")
def _t44(g: Gen) -> tuple[str, list[str]]:
    text = (
        "My validator rejects a valid IBAN:\n"
        f"ValueError: invalid IBAN '{g.iban(spaced=True)}' at iban.py:41 in validate\n"
        "I strip spaces before the mod-97 check. What am I missing?"
    )
    return text, ["iban"]


# --- secrets: config, env files, curl -------------------------------------------------


@template("env_file_aws")
def _t45(g: Gen) -> tuple[str, list[str]]:
    k, s = g.aws_pair()
    text = (
        "docker compose doesn't pick these up, what's wrong with my .env?\n"
        f"AWS_ACCESS_KEY_ID = {k}\nAWS_SECRET_ACCESS_KEY = {s}\nAWS_DEFAULT_REGION=eu-central-1"
    )
    return text, ["secret"]


@template("curl_stripe")
def _t46(g: Gen) -> tuple[str, list[str]]:
    text = (
        "This returns 'No such customer'. The id exists in the dashboard though.\n"
        f"curl https://api.stripe.com/v1/customers/cus_Q2{g.alnum(12)} -u {g.stripe()}:"
    )
    return text, ["secret"]


@template("github_actions_token")
def _t47(g: Gen) -> tuple[str, list[str]]:
    text = (
        "The push step fails with 403. Workflow snippet:\n"
        "      - name: push tags\n        run: |\n"
        f"          git remote set-url origin https://x-access-token:{g.github()}@github.com/acme/web.git\n"
        "          git push --tags"
    )
    return text, ["secret"]


@template("slack_bot_python")
def _t48(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Why does this post to the wrong channel?\n```python\nfrom slack_sdk import WebClient\n"
        f'client = WebClient(token="{g.slack()}")\n'
        'client.chat_postMessage(channel="#alerts", text="disk full")\n```'
    )
    return text, ["secret"]


@template("openai_client_key")
def _t49(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Getting 429 even on the first request:\n"
        f'client = OpenAI(api_key="{g.openai()}")\n'
        'resp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs)'
    )
    return text, ["secret"]


@template("anthropic_env_export")
def _t50(g: Gen) -> tuple[str, list[str]]:
    text = (
        "my zshrc has this but the CLI says no key found:\n"
        f"export ANTHROPIC_API_KEY='{g.anthropic()}'\nalias c=claude"
    )
    return text, ["secret"]


@template("postgres_url_password")
def _t51(g: Gen) -> tuple[str, list[str]]:
    user = g.rng.choice(("app", "billing_svc", "django", "readonly"))
    host = g.rng.choice(("db-prod-1.internal", "10.0.4.12", "pg.eu-west-1.rds.amazonaws.com"))
    text = (
        "SQLAlchemy can't parse my URL, I think the password special chars are the issue:\n"
        f"DATABASE_URL=postgresql://{user}:{g.password()}@{host}:5432/main"
    )
    return text, ["secret"]


@template("sendgrid_node")
def _t52(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Emails go to spam. Is it the code or DNS?\n"
        f"sgMail.setApiKey('{g.sendgrid()}');\n"
        "await sgMail.send({ to, from: 'noreply@shop.example', subject, html });"
    )
    return text, ["secret"]


@template("twilio_curl_sms")
def _t53(g: Gen) -> tuple[str, list[str]]:
    sid, tok = g.twilio()
    text = (
        "Twilio returns 21211 invalid 'To'. Full command:\n"
        f"curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json "
        f'--data-urlencode "To={g.phone()}" --data-urlencode "Body=Your code is 4821" '
        f"-u {sid}:{tok}"
    )
    return text, ["phone", "secret"]


@template("google_maps_yaml")
def _t54(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Helm chart values — is the indentation why the pod can't see the key?\n"
        f"env:\n  - name: MAPS_API_KEY\n    value: {g.google()}\n  - name: LOG_LEVEL\n    value: info"
    )
    return text, ["secret"]


@template("azure_storage_conn")
def _t55(g: Gen) -> tuple[str, list[str]]:
    text = (
        "BlobServiceClient.from_connection_string throws 'Connection string is either blank or "
        f'malformed\'. appsettings.json value:\n"StorageConn": "{g.azure_conn()}"'
    )
    return text, ["secret"]


@template("ssh_key_pasted")
def _t56(g: Gen) -> tuple[str, list[str]]:
    text = (
        "ssh says 'invalid format' for this key I copied from the old server, did I lose a line?\n"
        f"{g.pem()}"
    )
    return text, ["secret"]


@template("npmrc_token")
def _t57(g: Gen) -> tuple[str, list[str]]:
    text = (
        "npm publish gives E401 in CI but works locally. .npmrc:\n"
        f"//registry.npmjs.org/:_authToken={g.npm()}\nalways-auth=true"
    )
    return text, ["secret"]


@template("gitlab_hf_tokens")
def _t58(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Pipeline script, the model download step fails with 401:\n"
        f"export CI_PUSH_TOKEN={g.gitlab()}\n"
        f"huggingface-cli login --token {g.hf()}\n"
        "huggingface-cli download meta-llama/Llama-3.1-8B"
    )
    return text, ["secret"]


@template("shopify_jwt_headers")
def _t59(g: Gen) -> tuple[str, list[str]]:
    if g.rng.random() < 0.5:
        text = (
            "Why does Shopify answer 'Invalid API key or access token'?\n"
            "curl -H 'X-Shopify-Access-Token: "
            f"{g.shopify()}' https://my-store.myshopify.com/admin/api/2024-10/orders.json"
        )
    else:
        text = f"Decode this JWT and tell me when it expires:\nAuthorization: Bearer {g.jwt()}"
    return text, ["secret"]


@template("slack_webhook_with_owner")
def _t60(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        f"Config handed over by {n} before she left (reach her on {g.email(n)}). "
        "Which of these should go into a secrets manager?\n"
        f"ALERT_WEBHOOK={g.slack_webhook()}\nRETRY_MAX=5\nTIMEZONE=Europe/Berlin"
    )
    return text, ["email", "personName", "secret"]


# --- forms and mixed language ----------------------------------------------------------


@template("visa_form_text")
def _t61(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Check this visa application form for inconsistencies before I submit:\n"
        f"Surname, given names: {n.split(' ', 1)[-1].upper()}, {n.split(' ', 1)[0]}\n"
        f"Date of birth: {g.dob_str()}\nResidential address: {g.address()}\n"
        f"Telephone: {g.phone()}\nE-mail: {g.email(n)}"
    )
    return text, ["address", "dateOfBirth", "email", "personName", "phone"]


@template("gym_membership_form")
def _t62(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Convert into a markdown table:\n"
        f"Member {n} | born {g.dob_str()} | medical notes: {g.health('en')} | "
        f"direct debit {g.iban()}"
    )
    return text, ["dateOfBirth", "health", "iban", "personName"]


@template("mixed_en_de_letter", "de_DE")
def _t63(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Can you translate this letter from my German landlord and tell me if I need to act?\n\n"
        f"Sehr geehrte(r) {n},\nhiermit kündigen wir das Mietverhältnis für die Wohnung "
        f"{g.address()} fristgerecht zum 30.09. wegen Eigenbedarf."
    )
    return text, ["address", "personName"]


@template("mixed_en_es_bank", "es_ES")
def _t64(g: Gen) -> tuple[str, list[str]]:
    text = (
        "My Spanish bank sent this, what do they want?\n"
        "«Estimado cliente: hemos detectado un cargo no reconocido en su tarjeta "
        f"{g.card(' ')}. Por favor llame al {g.phone()} para confirmarlo.»"
    )
    return text, ["creditCard", "phone"]


@template("mixed_en_it_school", "it_IT")
def _t65(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Translate to English and tell me whether I must reply:\n"
        f"Gentile genitore, suo figlio {n}, nato il {g.dob_str()}, non ha consegnato il "
        "certificato vaccinale. La preghiamo di inviarlo entro venerdì."
    )
    return text, ["dateOfBirth", "personName"]


@template("mixed_fr_nl_email", "fr_FR", "nl_NL")
def _t66(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Translate this into Dutch and French, same tone:\n"
        f"Dear {n}, your appointment is confirmed for Tuesday 10:30. If you need to reschedule, "
        f"reply to this message or call {g.phone()}."
    )
    return text, ["personName", "phone"]


@template("wire_transfer_instruction")
def _t67(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Is this a scam? Email from 'my CEO':\n"
        f"Urgent - please wire EUR 18,400 today to our new supplier account {g.iban()} "
        f"(beneficiary {n}). Don't call, I'm in meetings."
    )
    return text, ["iban", "personName"]


@template("card_and_birthday_reminder")
def _t68(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        f"Note to self, make it a checklist: renew {n}'s passport (born {g.dob_str()}), "
        f"pay the school trip with card {g.card()}, call the dentist."
    )
    return text, ["creditCard", "dateOfBirth", "personName"]


@template("us_tax_w9", "en_US")
def _t69(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Which boxes of a W-9 do I fill as a sole proprietor? My details:\n"
        f"{n}, {g.address()}, SSN {g.ssn()}"
    )
    return text, ["address", "nationalId", "personName"]


@template("gb_council_tax", "en_GB")
def _t70(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Write to the council asking for a single person discount. Address: "
        f"{g.address()}. National Insurance number {g.nino()}. Moved in alone on 1 April."
    )
    return text, ["address", "nationalId"]


@template("es_nie_cita", "es_ES")
def _t71(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Necesito un mensaje para pedir cita en extranjería. Datos: "
        f"{n}, NIE/DNI {g.dni()}, teléfono {g.phone()}, correo {g.email(n)}."
    )
    return text, ["email", "nationalId", "personName", "phone"]


@template("fr_caf_dossier", "fr_FR")
def _t72(g: Gen) -> tuple[str, list[str]]:
    f = g.rng.random() < 0.5
    born = g.dob()
    n = g.name()
    text = (
        "Je dois compléter mon dossier CAF. Rédige une lettre d'accompagnement.\n"
        f"{n}, né(e) le {g.dob_str(born)}, NIR {g.nir(f, born)}, {g.address()}"
    )
    return text, ["address", "dateOfBirth", "nationalId", "personName"]


@template("nl_zorgverzekering", "nl_NL")
def _t73(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        f"Mijn zorgverzekeraar vergoedt de fysiotherapie voor {g.health('nl')} niet. "
        f"Schrijf een klacht namens {n}, geboren {g.dob_str()}, polis ZV-2231-88."
    )
    return text, ["dateOfBirth", "health", "personName"]


@template("it_prenotazione_email", "it_IT")
def _t74(g: Gen) -> tuple[str, list[str]]:
    n = g.name()
    text = (
        "Rispondi a questa prenotazione confermando la camera doppia:\n"
        f"«Buongiorno, sono {n}, vorrei prenotare dal 12 al 15 agosto. "
        f"Potete contattarmi al {g.phone()} o a {g.email(n)}. Grazie»"
    )
    return text, ["email", "personName", "phone"]


@template("only_phone_callback")
def _t75(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Write a short voicemail script asking the plumber to call back on "
        f"{g.phone()} about the leak under the sink."
    )
    return text, ["phone"]


@template("only_email_unsubscribe")
def _t76(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Write a GDPR erasure request. The account is registered to "
        f"{g.email()} and I want all marketing data deleted."
    )
    return text, ["email"]


@template("only_address_directions")
def _t77(g: Gen) -> tuple[str, list[str]]:
    text = (
        "Rewrite these directions for our party invite so they're easy to follow: we live at "
        f"{g.address()}, second door after the bakery, ring the top bell."
    )
    return text, ["address"]


@template("child_dob_school")
def _t78(g: Gen) -> tuple[str, list[str]]:
    kid = g.fk.date_of_birth(minimum_age=4, maximum_age=10)
    text = (
        f"My daughter was born on {kid.strftime(DOB_FORMAT[g.loc])}. Which school year does she "
        "start in, and when do applications open?"
    )
    return text, ["dateOfBirth"]


def main() -> None:
    rng = random.Random(SEED)
    gen = Gen(rng)
    order = list(TEMPLATES)
    rng.shuffle(order)
    rows = []
    for i in range(COUNT):
        name, locales, fn = order[i % len(order)]
        gen.loc = rng.choice(locales)
        text, kinds = fn(gen)
        assert set(kinds) <= set(KINDS), kinds
        rows.append({"locale": gen.loc, "template": name, "text": text, "kinds": sorted(kinds)})
    rng.shuffle(rows)
    with OUT.open("w", encoding="utf-8") as fh:
        for i, row in enumerate(rows):
            fh.write(json.dumps({"id": f"heldout4-pii-{i:04d}", **row}, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} prompts from {len(TEMPLATES)} templates to {OUT}")


if __name__ == "__main__":
    main()
