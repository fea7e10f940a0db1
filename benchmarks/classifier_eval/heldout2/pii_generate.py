"""Seeded generator of the second held-out PII set for ``classifier_eval.py --set heldout2``.

A fresh set for after the first held-out set was spent on fixes: its templates were written
apart from the classifier code and from both earlier sets' templates and prompts. They are
the documents users paste into a chat model (support chats, medical referrals, insurance
claims, tenancy agreements, payroll exports, recruiting notes, bank disputes, logs and
config files with credentials, travel bookings, school forms), in English, German, French,
Spanish, Italian and Dutch, and mixed (local data with an English request). Identifiers
vary the ways people type them: spaced or run together, local phone formats and
international ones, national IDs of each country under their local names and
abbreviations, credentials of many providers inside URLs, env files, JSON, YAML and shell
commands.

Each template is a format string; a prompt's kinds are read off the placeholders it fills
(``LABELS``), so a kind is labelled exactly where its value is placed. Placeholders outside
``LABELS`` (order numbers, amounts, other dates) carry no kind.

    .venv/bin/python benchmarks/classifier_eval/heldout2/pii_generate.py   # rewrites pii.jsonl

The evaluation reads the committed JSONL, so a Faker upgrade does not move the figures
until the file is regenerated on purpose. Never used by the unit tests, nor for tuning.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
import random
import string
import sys
from pathlib import Path
from typing import Any

from faker import Faker

SEED = 77120519
COUNT = 400
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")
OUT = Path(__file__).with_name("pii.jsonl")
LANG = {loc: loc[:2] for loc in LOCALES}

LABELS = {
    "name": "personName",
    "name2": "personName",
    "first": "personName",
    "doctor": "personName",
    "email": "email",
    "email2": "email",
    "phone": "phone",
    "phone2": "phone",
    "card": "creditCard",
    "iban": "iban",
    "natid": "nationalId",
    "passport": "nationalId",
    "secret": "secret",
    "secret2": "secret",
    "dburl": "secret",
    "pem": "secret",
    "envblock": "secret",
    "awsid": "secret",
    "awskey": "secret",
    "webhook": "secret",
    "basic": "secret",
    "azure": "secret",
    "ghtoken": "secret",
    "npmtoken": "secret",
    "cftoken": "secret",
    "addr": "address",
    "addr1": "address",
    "dob": "dateOfBirth",
    "cond": "health",
    "cond2": "health",
}

MONTHS = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
}

CONDITIONS = {
    "en": [
        "type 1 diabetes",
        "generalised anxiety disorder",
        "early-stage Parkinson's",
        "a herniated disc at L4/L5",
        "bipolar II disorder",
        "HIV (on antiretrovirals, undetectable)",
        "Crohn's disease",
        "a suspected melanoma on the left shoulder",
        "severe endometriosis",
        "post-concussion syndrome",
        "alcohol use disorder, currently in recovery",
        "chronic kidney disease stage 3",
        "ADHD, combined type",
        "epilepsy (last seizure in March)",
        "long COVID with marked fatigue",
    ],
    "de": [
        "Diabetes mellitus Typ 2",
        "eine mittelgradige depressive Episode",
        "Morbus Crohn",
        "einen Bandscheibenvorfall",
        "Multiple Sklerose",
        "eine Angststörung",
        "Brustkrebs, derzeit in Chemotherapie",
        "Epilepsie",
    ],
    "fr": [
        "un diabète de type 1",
        "une dépression sévère",
        "une sclérose en plaques",
        "un cancer de la prostate",
        "une hernie discale",
        "un trouble bipolaire",
        "de l'asthme sévère",
        "une fibromyalgie",
    ],
    "es": [
        "diabetes tipo 2",
        "un trastorno de ansiedad",
        "cáncer de mama",
        "una hernia discal",
        "epilepsia",
        "depresión mayor",
        "esclerosis múltiple",
        "VIH",
    ],
    "it": [
        "diabete di tipo 1",
        "una depressione maggiore",
        "la sclerosi multipla",
        "un'ernia del disco",
        "un tumore al seno",
        "l'epilessia",
        "un disturbo d'ansia",
        "la celiachia",
    ],
    "nl": [
        "diabetes type 2",
        "een burn-out",
        "reuma",
        "een hernia",
        "borstkanker",
        "epilepsie",
        "een depressie",
        "de ziekte van Crohn",
    ],
}

ALNUM = string.ascii_letters + string.digits


def rand(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


# -- identifiers ---------------------------------------------------------------------------


def luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return str((10 - total % 10) % 10)


def card(rng: random.Random) -> str:
    kind = rng.choice(["visa", "visa", "mc", "mc", "amex"])
    if kind == "amex":
        body = rng.choice(["34", "37"]) + rand(rng, 12, string.digits)
        num = body + luhn_digit(body)
        sep = rng.choice([" ", "-", ""])
        return sep.join([num[:4], num[4:10], num[10:]])
    prefix = "4" if kind == "visa" else str(rng.choice([51, 52, 53, 54, 55, 2221, 2720]))
    body = prefix + rand(rng, 15 - len(prefix), string.digits)
    num = body + luhn_digit(body)
    sep = rng.choice([" ", " ", "-", "", "  "])
    return sep.join(num[i : i + 4] for i in range(0, 16, 4))


def iban_fmt(raw: str, rng: random.Random) -> str:
    style = rng.random()
    if style < 0.5:
        return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))
    if style < 0.9:
        return raw
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4)).lower()


def us_ssn(rng: random.Random) -> str:
    a, b, c = rng.randint(100, 665), rng.randint(10, 99), rng.randint(1000, 9999)
    return rng.choice([f"{a}-{b}-{c}", f"{a} {b} {c}", f"{a}{b}{c}"])


def nino(rng: random.Random) -> str:
    first = rng.choice("ABCEGHJKLMNPRSTWXYZ")
    second = rng.choice("ABCEGHJKLMNPRSTWXYZ")
    digits = rand(rng, 6, string.digits)
    suffix = rng.choice("ABCD")
    if rng.random() < 0.5:
        return f"{first}{second} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"
    return f"{first}{second}{digits}{suffix}"


def steuer_id(rng: random.Random) -> str:
    while True:
        digits = [rng.randint(1, 9)] + [rng.randint(0, 9) for _ in range(9)]
        counts = sorted((digits.count(d) for d in set(digits)), reverse=True)
        if counts[0] in (2, 3) and all(c == 1 for c in counts[1:]):
            break
    product = 10
    for d in digits:
        total = (d + product) % 10 or 10
        product = (total * 2) % 11
    check = (11 - product) % 10
    s = "".join(map(str, digits)) + str(check)
    return rng.choice([s, f"{s[:2]} {s[2:5]} {s[5:8]} {s[8:]}"])


def sv_nummer(p_dob: dt.date, last: str, rng: random.Random) -> str:
    """German pension insurance number: area, birth date, initial, serial, check digit."""
    letter = next((c for c in last.upper() if c in string.ascii_uppercase), "M")
    body = f"{rng.randint(10, 89)}{p_dob:%d%m%y}{letter}{rng.randint(0, 99):02d}"
    digits = [int(c) for c in body[:8] + f"{ord(letter) - 64:02d}" + body[9:]]
    weights = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]
    total = sum(sum(divmod(d * w, 10)) for d, w in zip(digits, weights, strict=True))
    full = f"{body}{total % 10}"
    return rng.choice([full, f"{full[:2]} {full[2:8]} {full[8]} {full[9:]}"])


def nir(p_dob: dt.date, rng: random.Random) -> str:
    body = (
        f"{rng.choice('12')}{p_dob:%y}{p_dob:%m}{rng.randint(1, 95):02d}"
        f"{rng.randint(1, 990):03d}{rng.randint(1, 999):03d}"
    )
    key = 97 - int(body) % 97
    s = f"{body}{key:02d}"
    if rng.random() < 0.6:
        return f"{s[0]} {s[1:3]} {s[3:5]} {s[5:7]} {s[7:10]} {s[10:13]} {s[13:]}"
    return s


def dni(rng: random.Random) -> str:
    n = rng.randint(10_000_000, 99_999_999)
    letter = "TRWAGMYFPDXBNJZSQVHLCKE"[n % 23]
    return rng.choice([f"{n}{letter}", f"{n}-{letter}", f"{n:,}".replace(",", ".") + f"-{letter}"])


def nie(rng: random.Random) -> str:
    lead = rng.choice("XYZ")
    n = rng.randint(1_000_000, 9_999_999)
    letter = "TRWAGMYFPDXBNJZSQVHLCKE"[int(f"{'XYZ'.index(lead)}{n}") % 23]
    return rng.choice([f"{lead}{n}{letter}", f"{lead}-{n}-{letter}"])


def bsn(rng: random.Random) -> str:
    while True:
        d = [rng.randint(0, 9) for _ in range(8)]
        if d[0] == 0:
            continue
        total = sum(x * w for x, w in zip(d, range(9, 1, -1), strict=True))
        last = total % 11
        if last < 10:
            s = "".join(map(str, d)) + str(last)
            return rng.choice([s, f"{s[:4]}.{s[4:6]}.{s[6:]}", f"{s[:3]} {s[3:6]} {s[6:]}"])


NATID_NAMES = {
    "en_US": ["SSN", "Social Security number", "soc. sec. #", "social"],
    "en_GB": ["NI number", "National Insurance number", "NINO", "NI no."],
    "de_DE": ["Steuer-ID", "steuerliche Identifikationsnummer", "IdNr", "Steuer-IdNr."],
    "fr_FR": ["numéro de sécurité sociale", "n° SS", "NIR", "numéro INSEE"],
    "es_ES": ["DNI", "NIF", "NIE", "documento de identidad"],
    "it_IT": ["codice fiscale", "C.F.", "cod. fiscale", "CF"],
    "nl_NL": ["BSN", "burgerservicenummer", "sofinummer", "BSN-nummer"],
}


def national_id(f: Faker, loc: str, d: dt.date, last: str, rng: random.Random) -> tuple[str, str]:
    name = rng.choice(NATID_NAMES[loc])
    if loc == "en_US":
        return name, us_ssn(rng)
    if loc == "en_GB":
        return name, nino(rng)
    if loc == "de_DE":
        if rng.random() < 0.3:
            return rng.choice(["Sozialversicherungsnummer", "RV-Nummer", "SV-Nr."]), sv_nummer(
                d, last, rng
            )
        return name, steuer_id(rng)
    if loc == "fr_FR":
        return name, nir(d, rng)
    if loc == "es_ES":
        return name, nie(rng) if name == "NIE" else dni(rng)
    if loc == "it_IT":
        cf = f.ssn()
        return name, cf if rng.random() < 0.8 else cf.lower()
    return name, bsn(rng)


def passport(loc: str, rng: random.Random) -> str:
    if loc in ("en_US", "en_GB", "nl_NL"):
        return (
            rand(rng, 9, string.digits)
            if loc != "nl_NL"
            else rand(rng, 2, "NPBX") + rand(rng, 7, string.ascii_uppercase[:10] + string.digits)
        )
    if loc == "de_DE":
        return "C" + rand(rng, 8, "CFGHJKLMNPRTVWXYZ0123456789")
    if loc == "fr_FR":
        return f"{rng.randint(10, 99)}{rand(rng, 2, string.ascii_uppercase)}{rand(rng, 5, string.digits)}"
    if loc == "es_ES":
        return rand(rng, 3, string.ascii_uppercase) + rand(rng, 6, string.digits)
    return rand(rng, 2, string.ascii_uppercase) + rand(rng, 7, string.digits)


def phone(f: Faker, loc: str, rng: random.Random) -> str:
    raw = f.phone_number()
    if rng.random() < 0.25:
        digits = "".join(c for c in raw if c.isdigit())
        cc = {"en_US": "1", "en_GB": "44", "de_DE": "49", "fr_FR": "33"}.get(loc)
        cc = cc or {"es_ES": "34", "it_IT": "39", "nl_NL": "31"}[loc]
        if digits.startswith(cc):
            digits = digits[len(cc) :]
        digits = digits.lstrip("0")[:10]
        if len(digits) >= 8:
            return f"+{cc} {digits[:3]} {digits[3:6]} {digits[6:]}"
    return raw


def date_text(d: dt.date, lang: str, rng: random.Random) -> str:
    month = MONTHS[lang].split()[d.month - 1]
    if lang == "en":
        return rng.choice(
            [
                f"{d:%m/%d/%Y}",
                f"{d.day} {month} {d.year}",
                f"{month} {d.day}, {d.year}",
                f"{d:%Y-%m-%d}",
                f"{d:%d/%m/%y}",
                f"{d.day} {month[:3]} {d.year}",
            ]
        )
    if lang == "de":
        return rng.choice([f"{d:%d.%m.%Y}", f"{d.day}. {month} {d.year}", f"{d:%d.%m.%y}"])
    if lang == "fr":
        return rng.choice([f"{d:%d/%m/%Y}", f"{d.day} {month} {d.year}", f"{d:%d.%m.%Y}"])
    if lang == "es":
        return rng.choice([f"{d:%d/%m/%Y}", f"{d.day} de {month} de {d.year}", f"{d:%d-%m-%Y}"])
    if lang == "it":
        return rng.choice([f"{d:%d/%m/%Y}", f"{d.day} {month} {d.year}", f"{d:%d.%m.%Y}"])
    return rng.choice([f"{d:%d-%m-%Y}", f"{d.day} {month} {d.year}", f"{d:%d/%m/%Y}"])


# -- credentials ---------------------------------------------------------------------------


def jwt(rng: random.Random, email: str) -> str:
    head = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    body = b64url(
        json.dumps(
            {"sub": str(rng.randint(10**5, 10**7)), "email": email, "iat": 1764100000}
        ).encode()
    )
    sig = b64url(bytes(rng.randrange(256) for _ in range(32)))
    return f"{head}.{body}.{sig}"


def token(rng: random.Random, k: int | None = None) -> str:
    """One credential of provider ``k`` (drawn at random if None), as the provider formats it."""
    k = rng.randrange(14) if k is None else k
    if k == 0:
        return "ghp_" + rand(rng, 36)
    if k == 1:
        return (
            "github_pat_11"
            + rand(rng, 20, string.ascii_uppercase + string.digits)
            + "_"
            + rand(rng, 59)
        )
    if k == 2:
        return "glpat-" + rand(rng, 20, ALNUM + "-_")
    if k == 3:
        return f"xoxb-{rand(rng, 12, string.digits)}-{rand(rng, 13, string.digits)}-{rand(rng, 24)}"
    if k == 4:
        return rng.choice(["sk_live_", "rk_live_"]) + rand(rng, 99 if rng.random() < 0.5 else 24)
    if k == 5:
        return "sk-proj-" + rand(rng, 64, ALNUM + "-_") + "T3BlbkFJ" + rand(rng, 64, ALNUM + "-_")
    if k == 6:
        return "sk-ant-api03-" + rand(rng, 93, ALNUM + "-_") + "AA"
    if k == 7:
        return "AIza" + rand(rng, 35, ALNUM + "-_")
    if k == 8:
        return "SG." + rand(rng, 22, ALNUM + "-_") + "." + rand(rng, 43, ALNUM + "-_")
    if k == 9:
        return "hf_" + rand(rng, 34, string.ascii_letters)
    if k == 10:
        return "npm_" + rand(rng, 36)
    if k == 11:
        return "SK" + rand(rng, 32, "0123456789abcdef")
    if k == 12:
        return "AKIA" + rand(rng, 16, string.ascii_uppercase + "234567")
    return "dop_v1_" + rand(rng, 64, "0123456789abcdef")


def db_url(rng: random.Random, user: str) -> str:
    pw = rand(rng, rng.randint(10, 20), ALNUM + "!*-_")
    host = rng.choice(
        [
            "db.internal.example.net:5432/app",
            f"prod-cluster.{rand(rng, 12, string.ascii_lowercase + string.digits)}.eu-west-1.rds.amazonaws.com:5432/orders",
            f"cluster0.{rand(rng, 5, string.ascii_lowercase)}.mongodb.net/?retryWrites=true",
            "10.0.4.17:3306/shop",
            "redis-14522.c1.eu-central-1-1.ec2.cloud.redislabs.com:14522",
        ]
    )
    scheme = (
        "mongodb+srv"
        if "mongodb" in host
        else "mysql"
        if "3306" in host
        else "redis"
        if "redis" in host
        else "postgresql"
    )
    return f"{scheme}://{user}:{pw}@{host}"


def pem(rng: random.Random) -> str:
    kind = rng.choice(["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY"])
    lines = [rand(rng, 64, ALNUM + "+/") for _ in range(rng.randint(3, 6))]
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def env_block(rng: random.Random, user: str) -> str:
    lines = [
        "NODE_ENV=production",
        f"PORT={rng.choice([3000, 8080, 8000])}",
        f"DATABASE_URL={db_url(rng, user)}",
        f"AWS_ACCESS_KEY_ID=AKIA{rand(rng, 16, string.ascii_uppercase + '234567')}",
        f"AWS_SECRET_ACCESS_KEY={rand(rng, 40, ALNUM + '/+')}",
        f"STRIPE_SECRET_KEY=sk_live_{rand(rng, 24)}",
        f"SENTRY_DSN=https://{rand(rng, 32, '0123456789abcdef')}@o{rand(rng, 6, string.digits)}.ingest.sentry.io/{rand(rng, 7, string.digits)}",
        f'SMTP_PASSWORD="{rand(rng, 16, ALNUM + "#!$%")}"',
        f"OPENAI_API_KEY={token(rng)}",
        "LOG_LEVEL=debug",
    ]
    keep = [lines[0], lines[1], *rng.sample(lines[2:9], rng.randint(2, 4)), lines[9]]
    return "\n".join(keep)


# -- a person ------------------------------------------------------------------------------


def values(f: Faker, loc: str, rng: random.Random) -> dict[str, Any]:
    lang = LANG[loc]
    first, last = f.first_name(), f.last_name()
    name = rng.choice(
        [f"{first} {last}", f"{first} {last}", f"{last}, {first}", f"{first[0]}. {last}"]
    )
    if loc == "en_US" and rng.random() < 0.2:
        name = f"{first} {rng.choice(string.ascii_uppercase)}. {last}"
    dob = f.date_of_birth(minimum_age=4, maximum_age=88)
    natid_name, natid = national_id(f, loc, dob, last, rng)
    user = (first[0] + last).lower().replace(" ", "").replace("'", "")
    user = "".join(c for c in user if c.isascii() and c.isalnum()) or "user"
    addr = f.address()
    other_date = f.date_between(start_date="-60d", end_date="+90d")
    raw_iban = f.iban()
    if loc == "en_US":
        abroad = Faker(rng.choice(["en_GB", "de_DE"]))
        abroad.seed_instance(rng.randrange(2**32))
        raw_iban = abroad.iban()
    other = Faker(loc)
    other.seed_instance(rng.randrange(2**32))
    email = f.free_email() if rng.random() < 0.5 else f"{user}@{f.domain_name()}"
    return {
        "name": name,
        "first": first,
        "last": last,
        "name2": other.name(),
        "doctor": other.last_name(),
        "email": email,
        "email2": other.free_email(),
        "phone": phone(f, loc, rng),
        "phone2": phone(other, loc, rng),
        "card": card(rng),
        "last4": rand(rng, 4, string.digits),
        "iban": iban_fmt(raw_iban, rng),
        "idname": natid_name,
        "natid": natid,
        "passport": passport(loc, rng),
        "secret": token(rng),
        "secret2": token(rng),
        "dburl": db_url(rng, user),
        "pem": pem(rng),
        "envblock": env_block(rng, user),
        "jwt": jwt(rng, email),
        "ghtoken": token(rng, rng.choice([0, 1])),
        "npmtoken": token(rng, 10),
        "cftoken": rand(rng, 40, ALNUM + "-_"),
        "awsid": "AKIA" + rand(rng, 16, string.ascii_uppercase + "234567"),
        "awskey": rand(rng, 40, ALNUM + "/+"),
        "webhook": f"https://hooks.slack.com/services/T{rand(rng, 10, string.ascii_uppercase + string.digits)}"
        f"/B{rand(rng, 10, string.ascii_uppercase + string.digits)}/{rand(rng, 24)}",
        "basic": base64.b64encode(f"{user}:{rand(rng, 14)}".encode()).decode(),
        "azure": f"DefaultEndpointsProtocol=https;AccountName={user}store;AccountKey="
        f"{base64.b64encode(bytes(rng.randrange(256) for _ in range(64))).decode()};"
        "EndpointSuffix=core.windows.net",
        "user": user,
        "addr": addr.replace("\n", rng.choice([", ", "\n", " - ", ", "])),
        "addr1": addr.replace("\n", ", "),
        "city": other.city(),
        "dob": date_text(dob, lang, rng),
        "date": date_text(other_date, lang, rng),
        "cond": rng.choice(CONDITIONS[lang]),
        "cond2": rng.choice(CONDITIONS[lang]),
        "en": {
            "dob": date_text(dob, "en", rng),
            "date": date_text(other_date, "en", rng),
            "cond": rng.choice(CONDITIONS["en"]),
            "cond2": rng.choice(CONDITIONS["en"]),
        },
        "amount": f"{rng.randint(12, 4800)}.{rng.randint(0, 99):02d}",
        "ref": rand(rng, 3, string.ascii_uppercase) + "-" + rand(rng, 7, string.digits),
        "rent": rng.randint(650, 2400),
        "salary": rng.randint(2400, 9800),
        "flight": rand(rng, 2, string.ascii_uppercase) + str(rng.randint(100, 9999)),
        "pnr": rand(rng, 6, string.ascii_uppercase + "23456789"),
        "grade": rng.randint(1, 9),
        "host": rng.choice(["api-7f9c", "worker-2", "web-prod-03", "ip-10-0-3-44"]),
    }


# -- templates -----------------------------------------------------------------------------

ENGLISH = [
    # support chats
    "[09:41] Customer: hi i've been charged twice for the same order {ref}\n[09:41] Agent: sorry "
    "about that! can you confirm the card you paid with?\n[09:42] Customer: {card}\n[09:42] "
    "Customer: name on it is {name}\n\nWrite the agent's next reply, apologetic but brief.",
    "chat export below, pls summarise what the customer wants and what we promised\n\nvisitor "
    "({email}): my parcel never arrived, the address is {addr1}\nagent: I'll reship today and "
    "call you on {phone} if anything changes\nvisitor: ok thanks",
    "Customer says: 'I moved, new address is {addr} and my mobile changed to {phone}. Please "
    "update my account {email}.' Draft a confirmation reply.",
    "Can you make this refund email sound less robotic? 'Dear {name}, the refund of EUR {amount} "
    "will be credited to IBAN {iban} within 5 business days.'",
    # medical referrals
    "Please tidy up this referral letter:\n\nDear Dr {doctor},\nThank you for seeing {name} (DOB "
    "{dob}) of {addr1}. Referred with {cond}. Symptoms worsening over six weeks. Current "
    "meds listed below. Contact: {phone}.\nKind regards",
    "Summarise for the discharge note in 3 bullets: Pt {name}, born {dob}. Admitted {date} with "
    "{cond}; comorbidity {cond2}. Follow-up with Dr {doctor} in 2 weeks.",
    "rewrite in plain language for the patient: {first} presents with {cond}, we recommend "
    "starting treatment next month and reviewing bloods.",
    "Handover notes, bay 3: {name}, {cond}, next of kin daughter on {phone2}. Turn into an SBAR "
    "summary.",
    # insurance
    "Insurance claim form - please check it's complete:\nPolicyholder: {name}\nDate of birth: "
    "{dob}\nAddress: {addr}\nPayout account: {iban}\nIncident: slipped on stairs at work on {date}, "
    "fractured wrist, physio booked.",
    "I'm writing to my insurer about claim {ref}. My name is {name}, policy address {addr1}, "
    "my {idname} is {natid}. Help me make the letter firm but polite.",
    "Draft an appeal: the insurer denied coverage for {name}'s treatment for {cond}, claim {ref}. "
    "Our member was born {dob}.",
    # tenancy
    "Fill in this tenancy agreement intro paragraph: Landlord {name2}; Tenant {name}, currently "
    "residing at {addr1}; monthly rent {rent} payable to {iban}; start date {date}.",
    "My landlord {name2} keeps ignoring the mould problem at {addr1}. Write a formal complaint, "
    "he can be reached at {email2}.",
    "Tenant reference request: applicant {name}, born {dob}, phone {phone}, current landlord "
    "says rent always paid on time. Make this into a short reference letter.",
    # payroll
    "Why does my VLOOKUP return #N/A on this sheet?\n\nemp_id,name,{idname},iban,gross\n1043,"
    "{name},{natid},{iban},{salary}\n1044,{name2},,,{salary}",
    "Payroll question: {name} ({idname} {natid}) moved to part-time on {date}. How do I pro-rate "
    "their monthly salary of {salary}?",
    "Payslip explainer for an employee: Name {name}, {idname}: {natid}, bank {iban}, gross "
    "{salary}. Explain each deduction in simple words.",
    # recruiting
    "Turn this into a 3-line candidate blurb for the hiring manager:\n{name} - {email} - {phone}\n"
    "Lives in {addr1}. 7 yrs backend, Go and Postgres, notice period 1 month.",
    "Interview feedback: {first} was strong on system design but disclosed {cond} and asked for "
    "adjusted hours. Help me write neutral feedback that doesn't mention health.",
    "Reply to this applicant declining politely: {name} <{email}>",
    # bank disputes
    "I want to dispute a charge of {amount} on my card {card} from {date}, I never made it. "
    "Write the dispute letter for me, I'm {name}.",
    "my bank says the transfer from {iban} bounced, what does return code AC04 mean?",
    "Help me word a chargeback request. Card ending {last4} - no wait, full number is {card}. "
    "Merchant never delivered.",
    "Standing order to my landlord failed. Their account is {iban}, mine is the same bank. "
    "What should I tell customer service?",
    # logs and config
    "getting 401s, here's the log:\n2026-11-30T10:12:03Z {host} INFO POST /v1/charge "
    "user={email} status=401\n2026-11-30T10:12:03Z {host} DEBUG auth header: Bearer {secret}\n"
    "what am I doing wrong?",
    "my app can't read these env vars in docker, why?\n\n{envblock}",
    "Is this connection string right? it times out\n\n{dburl}",
    'config.json that fails to parse:\n{{\n  "service": "billing",\n  "apiKey": "{secret}",\n  '
    '"retries": 3,\n}}',
    "curl -s -H 'Authorization: token {secret}' https://api.example.com/v2/repos | jq . -- this "
    "returns nothing, why?",
    "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      "
    "POSTGRES_PASSWORD: {secret2}\n  api:\n    environment:\n      API_TOKEN: {secret}\n\n"
    "compose says the db is unhealthy, ideas?",
    "I accidentally pushed this key to GitHub, how do I scrub it from history?\n\n{pem}",
    "what's inside this token? {jwt}",
    'python:\nclient = Client(api_key="{secret}")\nresp = client.send(to="{email}")\n'
    "raises a TimeoutError after 30s, how do I set a longer timeout?",
    "Error in sentry: ConnectionRefused connecting to {dburl} -- is it my VPN?",
    "log line: user_login ok email={email} ip=10.2.3.4 ua=Mozilla/5.0. write a regex to pull "
    "the email out",
    # travel
    "Booking confirmation, please translate into Spanish for my mum:\nPassenger: {name}\n"
    "Passport: {passport}\nDate of birth: {dob}\nFlight {flight} on {date}, booking ref {pnr}\n"
    "Contact: {phone}",
    "Hotel asked me to send guest details. Guest: {name}, {email}, arriving {date}, card for "
    "guarantee {card}. Write the email.",
    "Visa form question: it asks for passport number ({passport}) and date of birth ({dob}) for "
    "{name}. Which field is 'given names'?",
    # school forms
    "School enrolment form - check for missing fields:\nChild: {name}\nDOB: {dob}\nParent/"
    "guardian: {name2}, {phone2}\nHome address: {addr}\nMedical: {cond}",
    "Write a note to my son's teacher: {first} has {cond} and may need to leave class. You can "
    "reach me on {phone}.",
    "Permission slip reply: {name2} gives permission for {name} (born {dob}) to attend the "
    "museum trip on {date}.",
    # short and mixed everyday
    "{name}, {phone}, {email} - format as a vCard",
    "my {idname} is {natid}, is that the one they mean on the tax form?",
    "is {card} a visa or mastercard",
    "send {amount} to {iban} reference {ref}, write the payment note",
    "Remind me how to tell my manager I have {cond} without oversharing. I'm {first}.",
    "address for the wedding invite: {name}, {addr1}. does it look right for the envelope?",
]

CREDENTIALS = [
    "~/.aws/credentials\n[default]\naws_access_key_id = {awsid}\naws_secret_access_key = "
    "{awskey}\nregion = eu-west-1\n\nboto3 still raises NoCredentialsError, why?",
    "name: publish\non: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    env:\n      "
    "NPM_TOKEN: {npmtoken}\n    steps:\n      - run: npm publish\n\nwhy does the publish step "
    "say 403?",
    "git remote set-url origin https://{user}:{ghtoken}@github.com/acme-corp/billing.git\nis "
    "there a safer way to do this on a shared box?",
    "our alerts post to {webhook} but nothing shows up in the channel since yesterday, how do "
    "I debug it",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\nstringData:\n"
    "  username: app\n  password: {secret2}\n\nthe pod can't mount it, what's wrong with the "
    "yaml?",
    "[global]\nindex-url = https://__token__:{secret}@pypi.internal.example.org/simple\n\npip "
    "ignores this pip.conf, where should it live on macOS?",
    "captured this request in the proxy:\nGET /api/v3/me HTTP/1.1\nHost: portal.example.com\n"
    "Authorization: Basic {basic}\nAccept: */*\n\nwhy would the server answer 403?",
    "my function app can't reach storage with this:\n{azure}",
    "Ticket from {email}: they pasted their live key {secret} into the chat. Write a reply "
    "asking them to rotate it, without repeating it.",
    "export GITHUB_TOKEN={ghtoken}\nexport DB={dburl}\n./deploy.sh prod\n-> 'permission "
    "denied'. any idea?",
    'provider "cloudflare" {{\n  api_token = "{cftoken}"\n}}\n\nterraform plan hangs at '
    "refreshing state",
    "I rotated the key but the old one still works?? old: {secret} new: {secret2}",
]

NATIVE = {
    "de": [
        "Hallo, ich bin {name} und habe eine Frage zu meiner Rechnung {ref}. Bitte buchen Sie "
        "den Betrag von meinem Konto {iban} zurück. Telefon: {phone}",
        "Arztbrief, bitte kürzen:\nSehr geehrter Herr Kollege {doctor},\nwir berichten über "
        "{name}, geb. {dob}, wohnhaft {addr1}. Diagnose: {cond}.",
        "Mietvertrag: Vermieter {name2}, Mieter {name}, bisher wohnhaft {addr}. Kaution auf "
        "{iban}. Kannst du den Paragraphen zur Kaution formulieren?",
        "Lohnabrechnung prüfen: {name}, {idname} {natid}, Bruttolohn {salary} EUR, Konto {iban}.",
        "Schadensmeldung Versicherung: Versicherungsnehmer {name}, geboren am {dob}, "
        "Anschrift {addr1}, Tel. {phone}. Wasserschaden in der Küche am {date}.",
        "Bewerbung von {name} ({email}, {phone}) - bitte eine kurze Absage formulieren.",
        "Krankmeldung an den Chef: ich ({first}) habe {cond} und bin bis {date} krankgeschrieben.",
    ],
    "fr": [
        "Bonjour, je suis {name}, client depuis 2019. Ma carte {card} a été débitée deux fois. "
        "Pouvez-vous rembourser ? Mon numéro : {phone}",
        "Lettre de liaison : patient {name}, né le {dob}, domicilié {addr1}, adressé au Dr "
        "{doctor} pour {cond}. Merci de résumer.",
        "Bail d'habitation : bailleur {name2}, locataire {name}, adresse du logement {addr}. "
        "Loyer {rent} € versé sur {iban}. Rédige la clause de dépôt de garantie.",
        "Fiche de paie de {name}, {idname} {natid}, RIB {iban}. Explique la ligne CSG.",
        "Déclaration de sinistre : assuré {name}, né le {dob}, tél. {phone}, courriel {email}. "
        "Dégât des eaux le {date}.",
        "Fiche d'inscription scolaire : élève {name}, né le {dob}, responsable légal {name2} "
        "({phone2}), allergies et {cond}.",
    ],
    "es": [
        "Hola, soy {name}, mi {idname} es {natid} y quiero reclamar un cargo en mi tarjeta "
        "{card}. ¿Me ayudas a redactarlo?",
        "Informe de derivación: paciente {name}, fecha de nacimiento {dob}, domicilio {addr1}. "
        "Motivo: {cond}. Resúmelo para el especialista.",
        "Contrato de alquiler: arrendador {name2}, arrendatario {name} con {idname} {natid}, "
        "vivienda en {addr}. Fianza a la cuenta {iban}.",
        "Nómina de {name}: {idname} {natid}, IBAN {iban}, salario bruto {salary} €. ¿Está bien "
        "la retención?",
        "Reserva de vuelo {flight}: pasajero {name}, pasaporte {passport}, nacido el {dob}, "
        "teléfono {phone}. Tradúcelo al inglés.",
        "Mi hijo {first} tiene {cond}; escribe una nota para el colegio. Mi móvil es {phone}.",
    ],
    "it": [
        "Buongiorno, sono {name}, {idname} {natid}. Vorrei contestare un addebito sul conto "
        "{iban} del {date}.",
        "Lettera di invio: paziente {name}, nato il {dob}, residente in {addr1}, affetto da "
        "{cond}. Riassumi per il collega Dr. {doctor}.",
        "Contratto di locazione: locatore {name2}, conduttore {name} (C.F. {natid}), immobile "
        "in {addr}. Canone {rent} € su IBAN {iban}.",
        "Denuncia di sinistro: assicurato {name}, tel. {phone}, email {email}. Incidente il "
        "{date}.",
        "Modulo iscrizione scuola: alunno {name}, nato il {dob}, genitore {name2} {phone2}, "
        "indirizzo {addr1}.",
        "Candidatura di {name} ({email}) per il ruolo di sviluppatore: scrivi un riassunto.",
    ],
    "nl": [
        "Hoi, ik ben {name}, mijn pas {card} is twee keer belast. Kunnen jullie dit terugboeken? "
        "Bel me op {phone}.",
        "Verwijsbrief: patiënt {name}, geboren {dob}, adres {addr1}, met {cond}. Graag "
        "samenvatten voor dokter {doctor}.",
        "Huurovereenkomst: verhuurder {name2}, huurder {name}, {addr}. Huur {rent} euro op "
        "{iban}. Schrijf de borgclausule.",
        "Loonstrook van {name}, {idname} {natid}, rekening {iban}. Wat betekent loonheffing?",
        "Schadeclaim: verzekerde {name}, geboortedatum {dob}, e-mail {email}, schade op {date}.",
        "Inschrijfformulier school: leerling {name}, geboren {dob}, ouder {name2} ({phone2}).",
    ],
}

MIXED = [
    "Translate to English please:\n\n{native}",
    "Can you summarise this in English?\n{native}",
    "{native}\n\n(please answer in English, I don't speak the language well)",
]


def fill(template: str, v: dict[str, Any]) -> tuple[str, list[str]]:
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    kinds = [LABELS[name] for name in fields if name in LABELS]
    return template.format(**v), kinds


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Some Faker providers draw from sets, whose order follows the string hash seed.
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    rng = random.Random(SEED)
    fakers = {loc: Faker(loc) for loc in LOCALES}
    for i, loc in enumerate(LOCALES):
        fakers[loc].seed_instance(SEED + i)
    rows = []
    for i in range(COUNT):
        loc = LOCALES[i % len(LOCALES)]
        lang = LANG[loc]
        v = values(fakers[loc], loc, rng)
        draw = rng.random()
        if draw < 0.15:
            k = rng.randrange(len(CREDENTIALS))
            template, name = CREDENTIALS[k], f"cred_{k:02d}"
        elif lang == "en" or draw < 0.45:
            k = rng.randrange(len(ENGLISH))
            template, name = ENGLISH[k], f"en_{k:02d}"
            v.update(v["en"])  # English text writes dates and conditions in English
        elif draw < 0.55:
            k = rng.randrange(len(NATIVE[lang]))
            m = rng.randrange(len(MIXED))
            template = MIXED[m].replace("{native}", NATIVE[lang][k])
            name = f"mixed_{lang}_{k:02d}"
        else:
            k = rng.randrange(len(NATIVE[lang]))
            template, name = NATIVE[lang][k], f"{lang}_{k:02d}"
        text, kinds = fill(template, v)
        rows.append(
            {
                "id": f"heldout2-pii-{i:04d}",
                "locale": loc,
                "template": name,
                "text": text,
                "kinds": sorted(set(kinds)),
            }
        )
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} prompts to {OUT}")


if __name__ == "__main__":
    main()
