"""Seeded generator of the third held-out PII set for ``classifier_eval.py --set heldout3``.

Written blind: without reading the classifier code, its training data, the tuning sets or
the earlier held-out sets' prompts, so neither the templates nor the number layouts lean on
what the classifiers were tuned to find. The prompts read like what users paste into an
LLM gateway: support tickets, HR letters, clinical notes, CRM exports, chat logs, forms,
code and config with credentials, and requests that mix two languages.

Every identifier is well formed where its format has a check: Luhn-valid card numbers,
IBANs with correct mod-97 digits (and the French RIB key, Spanish control digits and
Italian CIN inside the BBAN), US SSNs and UK NI numbers in their allowed ranges, German
tax IDs with their ISO 7064 digit, French NIRs with their key, Spanish DNI/NIE letters,
Italian fiscal codes with their check letter and Dutch BSNs passing the 11-test.

Each prompt is labelled by construction: a value enters a text only through a ``Prompt``
method, which records its kind, so the label is exactly the kinds the text contains.

    .venv/bin/python benchmarks/classifier_eval/heldout3/pii_generate.py
"""

from __future__ import annotations

import json
import random
import string
import unicodedata
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from faker import Faker

SEED = 31_0419
COUNT = 400
OUT = Path(__file__).resolve().parent / "pii.jsonl"
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")
LANG = {
    "en_US": "en",
    "en_GB": "en",
    "de_DE": "de",
    "fr_FR": "fr",
    "es_ES": "es",
    "it_IT": "it",
    "nl_NL": "nl",
}

# --------------------------------------------------------------------------- check digits


def luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def iban_from(country: str, bban: str) -> str:
    digits = "".join(str(int(c, 36)) for c in bban + country + "00")
    return f"{country}{98 - int(digits) % 97:02d}{bban}"


def iban_valid(iban: str) -> bool:
    s = iban.replace(" ", "")
    return int("".join(str(int(c, 36)) for c in s[4:] + s[:4])) % 97 == 1


_CIN_ODD = [
    1,
    0,
    5,
    7,
    9,
    13,
    15,
    17,
    19,
    21,
    2,
    4,
    18,
    20,
    11,
    3,
    6,
    8,
    12,
    14,
    16,
    10,
    22,
    25,
    24,
    23,
]


def italian_check(chars: str) -> str:
    """The check letter shared by the Italian fiscal code and the CIN of an IBAN."""
    total = 0
    for i, ch in enumerate(chars):
        v = int(ch) if ch.isdigit() else ord(ch) - ord("A")
        total += _CIN_ODD[v] if i % 2 == 0 else v
    return chr(ord("A") + total % 26)


def _digits(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.digits) for _ in range(n))


def _alnum(r: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def group(s: str, size: int = 4, sep: str = " ") -> str:
    return sep.join(s[i : i + size] for i in range(0, len(s), size))


def make_iban(r: random.Random, country: str) -> str:
    if country == "DE":
        blz = r.choice(
            ["10070000", "37040044", "50010517", "12030000", "43060967", "70150000", "20050550"]
        )
        return iban_from("DE", blz + _digits(r, 10))
    if country == "GB":
        bank = r.choice(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "MONZ"])
        return iban_from("GB", bank + _digits(r, 6) + _digits(r, 8))
    if country == "FR":
        bank = r.choice(["30004", "30003", "20041", "10278", "30002", "11315"])
        branch, account = _digits(r, 5), _digits(r, 11)
        key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97
        return iban_from("FR", f"{bank}{branch}{account}{key:02d}")
    if country == "ES":
        bank = r.choice(["2100", "0049", "0182", "0081", "2085", "1465"])
        branch, account = _digits(r, 4), _digits(r, 10)
        weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

        def dc(ds: str) -> str:
            d = 11 - sum(int(c) * w for c, w in zip(ds, weights, strict=True)) % 11
            return "0" if d == 11 else "1" if d == 10 else str(d)

        return iban_from("ES", bank + branch + dc("00" + bank + branch) + dc(account) + account)
    if country == "IT":
        abi = r.choice(["03069", "02008", "05034", "03062", "01030", "03015"])
        cab, account = _digits(r, 5), _digits(r, 12)
        return iban_from("IT", italian_check(abi + cab + account) + abi + cab + account)
    if country == "NL":
        bank = r.choice(["ABNA", "INGB", "RABO", "SNSB", "TRIO", "KNAB", "BUNQ"])
        return iban_from("NL", bank + _digits(r, 10))
    if country == "BE":
        body = r.choice(["001", "068", "310", "363", "431", "735"]) + _digits(r, 7)
        check = int(body) % 97 or 97
        return iban_from("BE", f"{body}{check:02d}")
    if country == "AT":
        return iban_from("AT", r.choice(["20111", "12000", "14000", "32000"]) + _digits(r, 11))
    raise ValueError(country)


def make_card(r: random.Random) -> tuple[str, str]:
    """A Luhn-valid number and its brand."""
    brand = r.choice(
        ["visa", "visa", "visa", "mastercard", "mastercard", "amex", "discover", "mastercard2"]
    )
    if brand == "visa":
        body = "4" + _digits(r, 14)
    elif brand == "mastercard":
        body = str(r.randint(51, 55)) + _digits(r, 13)
    elif brand == "mastercard2":
        brand = "mastercard"
        body = str(r.randint(2221, 2720)) + _digits(r, 11)
    elif brand == "amex":
        body = r.choice(["34", "37"]) + _digits(r, 12)
    else:
        body = "6011" + _digits(r, 11)
    return body + luhn_digit(body), brand


def steuer_id(r: random.Random) -> str:
    while True:
        pool = r.sample(string.digits, 9)
        ds = [*pool, r.choice(pool)]
        r.shuffle(ds)
        if ds[0] != "0":
            break
    product = 10
    for ch in ds:
        s = (int(ch) + product) % 10 or 10
        product = (s * 2) % 11
    check = 11 - product
    return "".join(ds) + str(0 if check == 10 else check)


def nir(r: random.Random, sex: str, born: date) -> str:
    dept = r.choice(["75", "69", "13", "33", "59", "31", "44", "67", "06", "35", "92", "93"])
    body = f"{1 if sex == 'M' else 2}{born.year % 100:02d}{born.month:02d}{dept}{r.randint(1, 999):03d}{r.randint(1, 999):03d}"
    key = 97 - int(body) % 97
    return f"{body}{key:02d}"


def dni(r: random.Random) -> str:
    n = r.randint(10_000_000, 79_999_999)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nie(r: random.Random) -> str:
    prefix = r.choice("XYZ")
    n = _digits(r, 7)
    return f"{prefix}{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[int(str('XYZ'.index(prefix)) + n) % 23]}"


def _ascii_upper(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s).upper() if "A" <= c <= "Z")


def codice_fiscale(first: str, last: str, sex: str, born: date, r: random.Random) -> str:
    def split(s: str) -> tuple[str, str]:
        s = _ascii_upper(s)
        return "".join(c for c in s if c not in "AEIOU"), "".join(c for c in s if c in "AEIOU")

    cons, vow = split(last)
    sur = (cons + vow + "XXX")[:3]
    cons, vow = split(first)
    nam = cons[0] + cons[2] + cons[3] if len(cons) >= 4 else (cons + vow + "XXX")[:3]
    day = born.day + (40 if sex == "F" else 0)
    town = r.choice(
        ["H501", "F205", "F839", "L219", "G273", "A944", "D612", "L736", "A662", "E506"]
    )
    body = f"{sur}{nam}{born.year % 100:02d}{'ABCDEHLMPRST'[born.month - 1]}{day:02d}{town}"
    return body + italian_check(body)


def bsn(r: random.Random) -> str:
    while True:
        ds = [r.randint(1, 6)] + [r.randint(0, 9) for _ in range(7)]
        last = sum(d * w for d, w in zip(ds, range(9, 1, -1), strict=True)) % 11
        if last < 10:
            return "".join(map(str, ds)) + str(last)


def ssn(r: random.Random) -> str:
    area = r.choice([r.randint(1, 665), r.randint(667, 899)])
    return f"{area:03d}-{r.randint(1, 99):02d}-{r.randint(1, 9999):04d}"


def nino(r: random.Random) -> str:
    first = "ABCEGHJKLMNOPRSTWXYZ"
    second = "ABCEGHJKLMNPRSTWXYZ"
    while True:
        prefix = r.choice(first) + r.choice(second)
        if prefix not in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
            break
    return f"{prefix}{_digits(r, 6)}{r.choice('ABCD')}"


# --------------------------------------------------------------------------- vocabulary

MONTHS = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
}

# Conditions paired with a treatment that fits them, so a note naming both reads like one
# a clinician wrote; the extras are conditions mentioned without a treatment.
TREATMENTS = {
    "en": [
        ("type 2 diabetes", "metformin 500 mg twice daily"),
        ("major depressive disorder", "sertraline 100 mg"),
        ("generalised anxiety disorder", "escitalopram 10 mg"),
        ("rheumatoid arthritis", "methotrexate 15 mg weekly"),
        ("epilepsy", "lamotrigine 200 mg"),
        ("relapsing-remitting multiple sclerosis", "ocrelizumab infusions every six months"),
        ("HIV", "Biktarvy once daily"),
        ("stage II breast cancer", "tamoxifen 20 mg"),
        ("bipolar I disorder", "lithium carbonate 400 mg"),
        ("Crohn's disease", "adalimumab every two weeks"),
        ("hypothyroidism", "levothyroxine 75 mcg"),
        ("COPD", "a tiotropium inhaler"),
        ("ADHD", "methylphenidate 20 mg"),
        ("atrial fibrillation", "apixaban 5 mg"),
        ("schizophrenia", "aripiprazole 10 mg"),
        ("type 1 diabetes", "insulin glargine 20 units at night"),
        ("chronic kidney disease stage 3", "ramipril 5 mg"),
        ("PTSD", "prazosin 2 mg at night"),
    ],
    "de": [
        ("Diabetes mellitus Typ 2", "Metformin 1000 mg"),
        ("eine mittelgradige depressive Episode", "Citalopram 20 mg"),
        ("einen Bandscheibenvorfall L5/S1", "Ibuprofen 600 und Tilidin"),
        ("Multiple Sklerose", "Ocrevus"),
        ("Morbus Crohn", "Humira"),
        ("Brustkrebs", "Tamoxifen"),
        ("Epilepsie", "Levetiracetam 500 mg"),
        ("eine Schilddrüsenunterfunktion", "L-Thyroxin 50 µg"),
        ("eine Angststörung", "Venlafaxin 75 mg"),
        ("Rheuma", "MTX 15 mg wöchentlich"),
    ],
    "fr": [
        ("un diabète de type 2", "metformine 850 mg"),
        ("une dépression sévère", "Seroplex 10 mg"),
        ("une sclérose en plaques", "Ocrevus"),
        ("un cancer du sein", "tamoxifène"),
        ("une épilepsie", "Keppra 500 mg"),
        ("une maladie de Crohn", "Humira"),
        ("un trouble bipolaire", "lithium"),
        ("une hypothyroïdie", "Lévothyrox 75"),
        ("une polyarthrite rhumatoïde", "méthotrexate"),
    ],
    "es": [
        ("diabetes tipo 2", "metformina 850 mg"),
        ("depresión mayor", "sertralina 50 mg"),
        ("esclerosis múltiple", "Ocrevus"),
        ("cáncer de mama", "tamoxifeno"),
        ("epilepsia", "Keppra 500 mg"),
        ("trastorno bipolar", "litio"),
        ("fibromialgia", "Lyrica 75 mg"),
        ("hipotiroidismo", "Eutirox 100"),
        ("ansiedad generalizada", "escitalopram 10 mg"),
    ],
    "it": [
        ("diabete di tipo 2", "metformina 500 mg"),
        ("depressione maggiore", "sertralina 50 mg"),
        ("sclerosi multipla", "Ocrevus"),
        ("un tumore al seno", "tamoxifene"),
        ("epilessia", "Keppra 500 mg"),
        ("morbo di Crohn", "Humira"),
        ("disturbo bipolare", "Depakin"),
        ("fibrillazione atriale", "Eliquis 5 mg"),
        ("ipotiroidismo", "Eutirox 50"),
    ],
    "nl": [
        ("diabetes type 2", "metformine 500 mg"),
        ("een zware depressie", "sertraline 50 mg"),
        ("multiple sclerose", "Ocrevus"),
        ("borstkanker", "tamoxifen"),
        ("epilepsie", "levetiracetam"),
        ("de ziekte van Crohn", "Humira"),
        ("reuma", "methotrexaat"),
        ("een angststoornis", "oxazepam"),
        ("een te trage schildklier", "levothyroxine"),
    ],
}
EXTRA_CONDITIONS = {
    "en": [
        "long COVID",
        "endometriosis",
        "early-onset Alzheimer's",
        "coeliac disease",
        "a herniated disc at L4/L5",
        "an eating disorder (anorexia)",
    ],
    "de": ["Long Covid", "ein Burnout-Syndrom"],
    "fr": ["une hernie discale", "un burn-out"],
    "es": ["una hernia discal"],
    "it": ["celiachia", "un'ernia del disco"],
    "nl": ["een burn-out", "een hernia"],
}
CONDITIONS = {k: [c for c, _ in v] + EXTRA_CONDITIONS[k] for k, v in TREATMENTS.items()}
MEDICATIONS = {k: [m for _, m in v] for k, v in TREATMENTS.items()}

FREE_MAIL = {
    "en_US": ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "aol.com"],
    "en_GB": ["gmail.com", "btinternet.com", "hotmail.co.uk", "outlook.com", "sky.com"],
    "de_DE": ["gmx.de", "web.de", "t-online.de", "gmail.com", "posteo.de"],
    "fr_FR": ["orange.fr", "free.fr", "laposte.net", "gmail.com", "sfr.fr"],
    "es_ES": ["gmail.com", "hotmail.es", "yahoo.es", "telefonica.net", "outlook.es"],
    "it_IT": ["libero.it", "gmail.com", "virgilio.it", "tiscali.it", "alice.it"],
    "nl_NL": ["ziggo.nl", "gmail.com", "kpnmail.nl", "hotmail.nl", "xs4all.nl"],
}
WORK_MAIL = [
    "northwind-logistics.com",
    "brightpath.io",
    "helio-energy.eu",
    "kestrel-labs.com",
    "orbisretail.co",
]

US_AREA = ["212", "312", "415", "617", "713", "305", "206", "404", "512", "602", "303", "646"]


@dataclass
class Identity:
    locale: str
    first: str
    last: str
    sex: str
    born: date
    street: str
    number: str
    postcode: str
    city: str
    region: str

    @property
    def full(self) -> str:
        return f"{self.first} {self.last}"


def new_identity(
    f: Faker, r: random.Random, locale: str, child: bool = False, sex: str = ""
) -> Identity:
    sex = sex or r.choice("MF")
    first = f.first_name_male() if sex == "M" else f.first_name_female()
    last = f.last_name()
    born = date(
        r.randint(2012, 2020) if child else r.randint(1941, 2006),
        r.randint(1, 12),
        r.randint(1, 28),
    )
    region = ""
    if locale == "en_US":
        number = str(r.randint(12, 9850))
        region = f.state_abbr()
        postcode = f.zipcode()
    elif locale == "en_GB":
        number = str(r.randint(1, 240))
        postcode = f.postcode()
    elif locale == "nl_NL":
        number = str(r.randint(1, 180)) + r.choice(["", "", "", "A", "-2"])
        pc = f.postcode().replace(" ", "")
        postcode = f"{pc[:4]} {pc[4:]}"
    elif locale == "it_IT":
        number = str(r.randint(1, 120))
        postcode = f.postcode()
        region = f.state_abbr()
    else:
        number = str(r.randint(1, 160)) + r.choice(["", "", "", "", "a", "b"])
        postcode = f.postcode()
    return Identity(
        locale, first, last, sex, born, f.street_name(), number, postcode, f.city(), region
    )


class Prompt:
    """One prompt under construction; each PII accessor records the kind it inserts."""

    def __init__(self, f: Faker, r: random.Random, locale: str) -> None:
        self.f, self.r, self.locale, self.lang = f, r, locale, LANG[locale]
        self.kinds: set[str] = set()
        self.me = new_identity(f, r, locale)

    def other(self, child: bool = False, sex: str = "") -> Identity:
        return new_identity(self.f, self.r, self.locale, child, sex)

    def pick(self, *options: str) -> str:
        return self.r.choice(options)

    # free text ---------------------------------------------------------------------------
    def name(self, who: Identity | None = None, style: str = "full") -> str:
        self.kinds.add("personName")
        p = who or self.me
        if style == "last_first":
            return f"{p.last.upper()}, {p.first}"
        if style == "initial":
            return f"{p.first[0]}. {p.last}"
        if style == "formal":
            honorific = {
                "en": ("Mr", "Ms"),
                "de": ("Herr", "Frau"),
                "fr": ("M.", "Mme"),
                "es": ("D.", "Dña."),
                "it": ("Sig.", "Sig.ra"),
                "nl": ("dhr.", "mevr."),
            }[LANG[p.locale]]
            return f"{honorific[p.sex == 'F']} {p.last}"
        return p.full

    def address(self, who: Identity | None = None, multiline: bool = False) -> str:
        self.kinds.add("address")
        p = who or self.me
        sep = "\n" if multiline else ", "
        if p.locale == "en_US":
            return f"{p.number} {p.street}{sep}{p.city}, {p.region} {p.postcode}"
        if p.locale == "en_GB":
            return f"{p.number} {p.street}{sep}{p.city}{sep}{p.postcode}"
        if p.locale == "fr_FR":
            return f"{p.number} {p.street}{sep}{p.postcode} {p.city}"
        if p.locale == "es_ES":
            floor = self.pick("", f", {self.r.randint(1, 8)}º {self.r.choice('ABCD')}")
            return f"{p.street}, {p.number}{floor}{sep}{p.postcode} {p.city}"
        if p.locale == "it_IT":
            return f"{p.street}, {p.number}{sep}{p.postcode} {p.city} ({p.region})"
        return f"{p.street} {p.number}{sep}{p.postcode} {p.city}"

    def dob(self, who: Identity | None = None, lang: str | None = None) -> str:
        self.kinds.add("dateOfBirth")
        d = (who or self.me).born
        lang = lang or LANG[(who or self.me).locale]
        month = MONTHS[lang].split()[d.month - 1]
        us = (who or self.me).locale == "en_US"
        options = {
            "en": [
                f"{d:%m/%d/%Y}",
                f"{month} {d.day}, {d.year}",
                d.isoformat(),
                f"{d.month}/{d.day}/{d:%y}",
            ]
            if us
            else [f"{d:%d/%m/%Y}", f"{d.day} {month} {d.year}", d.isoformat(), f"{d:%d.%m.%Y}"],
            "de": [f"{d:%d.%m.%Y}", f"{d.day}. {month} {d.year}", f"{d.day}.{d.month}.{d:%y}"],
            "fr": [f"{d:%d/%m/%Y}", f"{d.day} {month} {d.year}", f"{d:%d.%m.%Y}"],
            "es": [f"{d:%d/%m/%Y}", f"{d.day} de {month} de {d.year}", f"{d:%d-%m-%Y}"],
            "it": [f"{d:%d/%m/%Y}", f"{d.day} {month} {d.year}", f"{d:%d-%m-%Y}"],
            "nl": [f"{d:%d-%m-%Y}", f"{d.day} {month} {d.year}", f"{d:%d/%m/%Y}"],
        }[lang]
        return self.r.choice(options)

    def health_literal(self, *options: str) -> str:
        """A hand-written health statement about someone."""
        self.kinds.add("health")
        return self.r.choice(options)

    def treatment(self, lang: str | None = None) -> tuple[str, str]:
        self.kinds.add("health")
        return self.r.choice(TREATMENTS[lang or self.lang])

    def condition(self, lang: str | None = None) -> str:
        self.kinds.add("health")
        return self.r.choice(CONDITIONS[lang or self.lang])

    def medication(self, lang: str | None = None) -> str:
        self.kinds.add("health")
        return self.r.choice(MEDICATIONS[lang or self.lang])

    # structured --------------------------------------------------------------------------
    def email(self, who: Identity | None = None, work: bool = False) -> str:
        self.kinds.add("email")
        p = who or self.me
        first, last = _ascii_upper(p.first).lower(), _ascii_upper(p.last).lower()
        local = self.r.choice(
            [
                f"{first}.{last}",
                f"{first[0]}{last}",
                f"{first}{last}{self.r.randint(1, 99)}",
                f"{first}_{last}",
                f"{last}.{first[0]}",
                f"{first}.{last}{self.r.randint(60, 99)}",
            ]
        )
        domain = self.r.choice(WORK_MAIL if work else FREE_MAIL[p.locale])
        return f"{local}@{domain}"

    def phone(self, who: Identity | None = None, mobile: bool = True) -> str:
        self.kinds.add("phone")
        r, loc = self.r, (who or self.me).locale

        def d(n: int) -> str:
            return _digits(r, n)

        if loc == "en_US":
            a, b, c = r.choice(US_AREA), str(r.randint(201, 989)), d(4)
            return r.choice(
                [
                    f"({a}) {b}-{c}",
                    f"{a}-{b}-{c}",
                    f"+1 {a} {b} {c}",
                    f"{a}.{b}.{c}",
                    f"+1-{a}-{b}-{c}",
                ]
            )
        if loc == "en_GB":
            if mobile:
                m = "7" + r.choice(["700", "711", "723", "812", "908", "447", "532"]) + d(6)
                return r.choice(
                    [
                        f"0{m[:4]} {m[4:]}",
                        f"+44 {m[:4]} {m[4:]}",
                        f"+44 (0){m[:4]} {m[4:7]} {m[7:]}",
                    ]
                )
            return r.choice([f"020 7{d(3)} {d(4)}", f"0161 {d(3)} {d(4)}", f"0131 {d(3)} {d(4)}"])
        if loc == "de_DE":
            if mobile:
                pre, rest = (
                    r.choice(["151", "160", "170", "171", "176", "1520", "157"]),
                    d(8 if r.random() < 0.5 else 7),
                )
                return r.choice(
                    [
                        f"0{pre} {rest}",
                        f"+49 {pre} {rest}",
                        f"0{pre}/{rest}",
                        f"+49 (0){pre} {rest}",
                    ]
                )
            return r.choice([f"030 {d(8)}", f"089 {d(7)}", f"+49 40 {d(3)} {d(4)}", f"0221 {d(6)}"])
        if loc == "fr_FR":
            head = r.choice(["6", "7"]) if mobile else r.choice(["1", "2", "3", "4", "5"])
            pairs = [d(2) for _ in range(4)]
            return r.choice(
                [
                    f"0{head} {' '.join(pairs)}",
                    f"+33 {head} {' '.join(pairs)}",
                    f"0{head}{''.join(pairs)}",
                    f"0{head}.{'.'.join(pairs)}",
                ]
            )
        if loc == "es_ES":
            if mobile:
                n = r.choice(["6", "7"]) + d(8)
                return r.choice(
                    [
                        f"{n[:3]} {n[3:5]} {n[5:7]} {n[7:]}",
                        f"+34 {n[:3]} {n[3:6]} {n[6:]}",
                        n,
                        f"{n[:3]} {n[3:6]} {n[6:]}",
                    ]
                )
            n = r.choice(["91", "93", "96", "95"]) + d(7)
            return r.choice([f"{n[:2]} {n[2:5]} {n[5:7]} {n[7:]}", f"+34 {n}"])
        if loc == "it_IT":
            if mobile:
                pre = r.choice(["320", "328", "333", "339", "340", "347", "349", "366", "392"])
                rest = d(7)
                return r.choice(
                    [
                        f"{pre} {rest}",
                        f"+39 {pre} {rest}",
                        f"{pre} {rest[:3]} {rest[3:]}",
                        f"+39 {pre}{rest}",
                    ]
                )
            return r.choice([f"02 {d(4)} {d(4)}", f"06 {d(8)}", f"+39 011 {d(7)}"])
        if mobile:
            n = d(8)
            return r.choice(
                [
                    f"06 {n}",
                    f"06-{n}",
                    f"+31 6 {n[:4]} {n[4:]}",
                    f"+31 (0)6 {n}",
                    f"06 {n[:2]} {n[2:4]} {n[4:6]} {n[6:]}",
                ]
            )
        return r.choice([f"020 {d(3)} {d(4)}", f"010-{d(7)}", f"+31 30 {d(3)} {d(4)}"])

    def card(self) -> str:
        self.kinds.add("creditCard")
        n, brand = make_card(self.r)
        if brand == "amex":
            return self.r.choice([f"{n[:4]} {n[4:10]} {n[10:]}", n, f"{n[:4]}-{n[4:10]}-{n[10:]}"])
        return self.r.choice(
            [group(n), group(n, sep="-"), n, group(n), f"{n[:4]} {n[4:8]} {n[8:12]} {n[12:]}"]
        )

    def expiry(self) -> str:
        return f"{self.r.randint(1, 12):02d}/{self.r.randint(27, 31)}"

    def iban(self, country: str | None = None) -> str:
        self.kinds.add("iban")
        cc = (
            country
            or {
                "en_US": "GB",
                "en_GB": "GB",
                "de_DE": "DE",
                "fr_FR": "FR",
                "es_ES": "ES",
                "it_IT": "IT",
                "nl_NL": "NL",
            }[self.locale]
        )
        value = make_iban(self.r, cc)
        assert iban_valid(value)
        return self.r.choice([group(value), value, group(value), group(value)])

    def national_id(self, who: Identity | None = None) -> str:
        self.kinds.add("nationalId")
        p, r = who or self.me, self.r
        if p.locale == "en_US":
            v = ssn(r)
            return r.choice([v, v, v.replace("-", " "), v.replace("-", "")])
        if p.locale == "en_GB":
            v = nino(r)
            return r.choice([v, f"{v[:2]} {v[2:4]} {v[4:6]} {v[6:8]} {v[8]}"])
        if p.locale == "de_DE":
            v = steuer_id(r)
            return r.choice([v, f"{v[:2]} {v[2:5]} {v[5:8]} {v[8:]}"])
        if p.locale == "fr_FR":
            v = nir(r, p.sex, p.born)
            return r.choice([v, f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}"])
        if p.locale == "es_ES":
            v = dni(r) if r.random() < 0.75 else nie(r)
            return r.choice([v, v, f"{v[:-1]}-{v[-1]}"])
        if p.locale == "it_IT":
            return codice_fiscale(p.first, p.last, p.sex, p.born, r)
        v = bsn(r)
        return r.choice([v, v, f"{v[:4]}.{v[4:6]}.{v[6:]}"])

    def id_label(self, who: Identity | None = None) -> str:
        """What people call the national ID where the identity lives (no PII itself)."""
        return {
            "en_US": "SSN",
            "en_GB": "NI number",
            "de_DE": "Steuer-ID",
            "fr_FR": "numéro de sécu",
            "es_ES": "DNI",
            "it_IT": "codice fiscale",
            "nl_NL": "BSN",
        }[(who or self.me).locale]

    def secret(self, kind: str | None = None) -> str:
        self.kinds.add("secret")
        r = self.r
        kind = kind or r.choice(
            ["aws", "github", "stripe", "slack", "openai", "google", "sendgrid", "hf", "password"]
        )
        upper_digits = string.ascii_uppercase + "234567"
        if kind == "aws":
            return "AKIA" + _alnum(r, 16, upper_digits)
        if kind == "aws_secret":
            return _alnum(r, 40, string.ascii_letters + string.digits + "/+")
        if kind == "github":
            return "ghp_" + _alnum(r, 36)
        if kind == "github_pat":
            return "github_pat_11" + _alnum(r, 20, upper_digits) + "_" + _alnum(r, 59)
        if kind == "stripe":
            return "sk_live_51" + _alnum(r, 22) + _alnum(r, 70)
        if kind == "slack":
            return f"xoxb-{_digits(r, 12)}-{_digits(r, 13)}-{_alnum(r, 24)}"
        if kind == "openai":
            return (
                "sk-proj-"
                + _alnum(r, 64, string.ascii_letters + string.digits + "-_")
                + "T3BlbkFJ"
                + _alnum(r, 20)
            )
        if kind == "google":
            return "AIza" + _alnum(r, 35, string.ascii_letters + string.digits + "-_")
        if kind == "sendgrid":
            return f"SG.{_alnum(r, 22)}.{_alnum(r, 43)}"
        if kind == "hf":
            return "hf_" + _alnum(r, 34, string.ascii_letters)
        if kind == "twilio":
            return _alnum(r, 32, "0123456789abcdef")
        if kind == "azure_ad":
            return (
                _alnum(r, 3) + "8Q~" + _alnum(r, 34, string.ascii_letters + string.digits + "_.~-")
            )
        if kind == "azure":
            return _alnum(r, 86, string.ascii_letters + string.digits + "+/") + "=="
        if kind == "jwt":
            header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
            payload = "eyJzdWIiOiI" + _alnum(r, 30) + "IiwiaWF0IjoxNzY" + _alnum(r, 12)
            return (
                f"{header}.{payload}.{_alnum(r, 43, string.ascii_letters + string.digits + '-_')}"
            )
        if kind == "pem":
            b64 = string.ascii_letters + string.digits + "+/"
            lines = ["MIIEpAIBAAKCAQEA" + _alnum(r, 48, b64)] + [
                _alnum(r, 64, b64) for _ in range(4)
            ]
            return (
                "-----BEGIN RSA PRIVATE KEY-----\n"
                + "\n".join(lines)
                + "\n...\n-----END RSA PRIVATE KEY-----"
            )
        words = [
            "Falcon",
            "river",
            "Tango",
            "maple",
            "Orbit",
            "cobalt",
            "Harbor",
            "velvet",
            "Quartz",
            "lemon",
        ]
        return (
            r.choice(words)
            + r.choice(["!", "#", "$", "_", "-", "%"])
            + str(r.randint(10, 9999))
            + r.choice(words).lower()
            + r.choice(["", "?", "&", "*"])
        )

    # non-PII helpers ---------------------------------------------------------------------
    def amount(self, lo: int = 20, hi: int = 5000) -> str:
        return f"{self.r.randint(lo, hi)}.{self.r.randint(0, 99):02d}"

    def ref(self, prefix: str = "", n: int = 6) -> str:
        return prefix + _digits(self.r, n)


Template = Callable[[Prompt], str]
TEMPLATES: list[tuple[str, tuple[str, ...], Template]] = []
EN_ANY = LOCALES
EN = ("en_US", "en_GB")


def template(name: str, locales: tuple[str, ...] = EN_ANY) -> Callable[[Template], Template]:
    def register(fn: Template) -> Template:
        TEMPLATES.append((name, locales, fn))
        return fn

    return register


# --------------------------------------------------------------------------- English, any identity


@template("ticket_login")
def _(p: Prompt) -> str:
    return (
        f"Ticket {p.ref('INC-', 7)} | priority P3\n"
        f"Customer reports MFA codes stop arriving after a phone change. Account email {p.email()}, "
        f"new number {p.phone()}. Write the internal handover note for the identity team in 3 bullets."
    )


@template("crm_export_dedupe")
def _(p: Prompt) -> str:
    rows = []
    for who in (p.me, p.other(), p.other()):
        rows.append(
            f'"{p.name(who)}","{p.email(who, work=p.r.random() < 0.5)}","{p.phone(who)}",{p.r.choice(["lead", "customer", "churned"])}'
        )
    rows.append(rows[0].replace('",', '" ,', 1))
    p.r.shuffle(rows)
    return (
        "Here's an export from our CRM, some rows are duplicates with tiny differences. Dedupe it and give me clean CSV back:\n\nname,email,phone,status\n"
        + "\n".join(rows)
    )


@template("hr_offer_letter", EN)
def _(p: Prompt) -> str:
    return (
        f"Draft a warm but formal offer letter. Candidate: {p.name()}, {p.address()}. "
        f"Role: Data Engineer II, start date 2 March, base {p.r.randint(78, 140)}k plus 10% bonus, "
        "hybrid 3 days in office. Mention the offer expires in 7 days."
    )


@template("hr_return_to_work")
def _(p: Prompt) -> str:
    return (
        f"I'm an HR partner. {p.name()} from our warehouse team has been off for six weeks with {p.condition('en')} "
        "and is coming back next Monday. Write a phased return-to-work plan (reduced hours, no lifting at first) "
        "that I can discuss with them and their manager."
    )


@template("clinic_referral", EN)
def _(p: Prompt) -> str:
    cond, med = p.treatment("en")
    return (
        "Tidy up this referral so it reads professionally, keep all clinical facts:\n\n"
        f"pt {p.name()} dob {p.dob()} - {cond}, poorly controlled despite {med}. "
        "c/o fatigue + weight loss last 3 mo. pls see urgently in clinic. thx"
    )


@template("discharge_abbrev", EN)
def _(p: Prompt) -> str:
    cond, med = p.treatment("en")
    return (
        f"PATIENT: {p.name(style='last_first')}    DOB: {p.dob()}\n"
        f"ADMITTED: 11/02  DISCHARGED: 11/06\nPRIMARY DX: {cond}\nMEDS ON DISCHARGE: {med}\n\n"
        "Rewrite the above as a plain-language summary the patient's family can understand."
    )


@template("dotenv_debug")
def _(p: Prompt) -> str:
    return (
        "my app crashes on startup with `FATAL: password authentication failed`. here's my .env, what's wrong?\n\n"
        "NODE_ENV=production\nPORT=8080\n"
        f"DATABASE_URL=postgres://app_user:{p.secret('password')}@db.internal:5432/orders\n"
        f"STRIPE_SECRET_KEY={p.secret('stripe')}\nLOG_LEVEL=info"
    )


@template("boto3_snippet")
def _(p: Prompt) -> str:
    return (
        "Why does this return AccessDenied on list_objects_v2 even though the bucket exists?\n\n"
        "```python\nimport boto3\n\ns3 = boto3.client(\n    's3',\n"
        f"    aws_access_key_id='{p.secret('aws')}',\n    aws_secret_access_key='{p.secret('aws_secret')}',\n"
        "    region_name='eu-central-1',\n)\nprint(s3.list_objects_v2(Bucket='reports-prod'))\n```"
    )


@template("curl_github")
def _(p: Prompt) -> str:
    return (
        "this curl gives me 404 but the repo definitely exists (it's private). any idea?\n"
        f'curl -H "Authorization: Bearer {p.secret(p.pick("github", "github_pat"))}" '
        "https://api.github.com/repos/acme-internal/billing-service/contents/README.md"
    )


@template("k8s_secret_yaml")
def _(p: Prompt) -> str:
    return (
        "kubectl apply fails with 'error converting YAML to JSON'. Find the indentation problem:\n\n"
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: api-credentials\ntype: Opaque\nstringData:\n"
        f"  SENDGRID_API_KEY: {p.secret('sendgrid')}\n   SMTP_PASSWORD: {p.secret('password')}\n"
    )


@template("support_chat_card")
def _(p: Prompt) -> str:
    return (
        "Summarise this chat for the fraud team, one paragraph:\n\n"
        "[14:02] Agent: Thanks for contacting us, how can I help?\n"
        f"[14:03] Customer: hi my name is {p.name()} and there are 3 payments I didn't make\n"
        f"[14:03] Customer: the card is {p.card()} exp {p.expiry()}\n"
        "[14:05] Agent: I've blocked the card, a new one will be sent out."
    )


@template("chargeback_letter")
def _(p: Prompt) -> str:
    return (
        f"Write a chargeback request to my bank. The merchant 'ShopLane EU' charged {p.amount()} EUR twice on "
        f"my card {p.card()} on 3 and 4 October. I'm {p.name()}."
    )


@template("form_paste_typos", EN)
def _(p: Prompt) -> str:
    return (
        "Can you check this form I filled in for typos or missing info before I submit it?\n\n"
        f"Full name: {p.name()}\nDate of birth: {p.dob()}\nHome address: {p.address()}\n"
        f"Mobile: {p.phone()}\nEmail: {p.email()}\n{p.id_label()}: {p.national_id()}\nEmployer: Riverside Dental Group"
    )


@template("wire_instructions")
def _(p: Prompt) -> str:
    return (
        f"Write a short email to accounts payable asking them to pay invoice 2025-0413 ({p.amount(800, 9000)} EUR) "
        f"to our new account. Beneficiary: {p.name()}, IBAN {p.iban()}. Please ask them to confirm by phone, not email."
    )


@template("tenant_reference", EN)
def _(p: Prompt) -> str:
    return (
        f"I'm a landlord. Write a tenant reference for {p.name()}, who rented {p.address()} from me for four years, "
        "always paid on time and left the place spotless."
    )


@template("tax_question_ssn", ("en_US",))
def _(p: Prompt) -> str:
    return (
        f"My employer put my SSN as {p.national_id()} on my W-2 but it's off by one digit. "
        "What form do I ask them for to correct it, and does it delay my refund?"
    )


@template("first_person_meds")
def _(p: Prompt) -> str:
    return p.pick(
        f"I've been taking {p.medication('en')} for about a year. Is it safe to have a couple of glasses of wine at a wedding this weekend?",
        f"I was diagnosed with {p.condition('en')} last month and I'm starting a new job. Do I have to tell my employer? I'm in the UK.",
        f"my psychiatrist just put me on {p.health_literal('quetiapine 50 mg', 'lithium', 'venlafaxine 75 mg', 'aripiprazole 5 mg')} and I feel really flat. how long until this usually settles?",
    )


@template("dob_pension", EN)
def _(p: Prompt) -> str:
    return f"I was born on {p.dob()}. When exactly can I claim my state pension, and can I defer it to get more?"


@template("signature_rewrite")
def _(p: Prompt) -> str:
    return (
        "Make my email signature look cleaner and more modern (plain text only):\n\n"
        f"{p.name()} -- Senior Buyer -- Northwind Logistics -- tel {p.phone(mobile=False)} / mob {p.phone()} -- {p.email(work=True)}"
    )


@template("translate_invite_de")
def _(p: Prompt) -> str:
    return (
        "Translate into German, informal tone:\n"
        f'"Hi all, {p.name()} is joining the platform team on Monday. Say hello at {p.email(work=True)} - '
        'lunch is on us on Wednesday!"'
    )


@template("sql_insert_fix")
def _(p: Prompt) -> str:
    return (
        'Postgres says syntax error at or near "VALUES". Fix it:\n\n'
        "INSERT INTO payees (full_name, email, iban, created_at)\n"
        f"VALUES '{p.name()}', '{p.email()}', '{p.iban()}', now());"
    )


@template("json_checkout_payload")
def _(p: Prompt) -> str:
    return (
        "Our payment gateway rejects this request with 422. What's wrong with the payload?\n\n"
        "{\n"
        f'  "amount": {p.r.randint(1000, 99999)},\n  "currency": "eur",\n'
        f'  "card": {{"number": "{p.card()}", "exp": "{p.expiry()}", "cvc": "{_digits(p.r, 3)}"}},\n'
        f'  "holder": "{p.name()}"\n}}'
    )


@template("nginx_log_401")
def _(p: Prompt) -> str:
    ip = f"10.{p.r.randint(0, 255)}.{p.r.randint(0, 255)}.{p.r.randint(1, 254)}"
    user = p.email()
    return (
        "Why are these requests 401 when the user says they're logged in?\n\n"
        f'{ip} - {user} [12/Nov/2025:09:14:02 +0000] "GET /api/v2/invoices HTTP/1.1" 401 57\n'
        f'{ip} - {user} [12/Nov/2025:09:14:03 +0000] "POST /api/v2/session/refresh HTTP/1.1" 401 57'
    )


@template("jwt_decode")
def _(p: Prompt) -> str:
    return f"Decode this token and tell me when it expires and which algorithm it uses:\n{p.secret('jwt')}"


@template("private_key_paste")
def _(p: Prompt) -> str:
    return (
        "ssh keeps saying 'invalid format' for this key. Is the header wrong or do I need to convert it?\n\n"
        f"{p.secret('pem')}"
    )


@template("slack_bot_code")
def _(p: Prompt) -> str:
    return (
        "Convert this to use the async client:\n\n"
        "from slack_sdk import WebClient\n"
        f'client = WebClient(token="{p.secret("slack")}")\n'
        'client.chat_postMessage(channel="#deploys", text="Build finished")'
    )


@template("cv_polish", ("en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    return (
        "Please turn the header of my CV into a neat one-liner layout, I'm applying in London:\n\n"
        f"{p.name()}\n{p.address()}\nBorn {p.dob(lang='en')}\n{p.phone()}\n{p.email()}"
    )


@template("thread_summary")
def _(p: Prompt) -> str:
    a, b = p.me, p.other()
    return (
        "Summarise this thread and list the open action items:\n\n"
        f"From: {p.name(a)} <{p.email(a, work=True)}>\nTo: {p.name(b)}\nSubject: Q3 supplier audit\n\n"
        "We still need the signed NDA from Halvorsen Metals and the updated price list. Can you chase them?\n\n"
        f"> On Tue, {p.name(b)} wrote:\n> I'll be out until the 14th. For anything urgent call me on {p.phone(b)}."
    )


@template("parcel_missing")
def _(p: Prompt) -> str:
    return (
        f"Help me write a complaint. Order 114-{_digits(p.r, 7)}-{_digits(p.r, 7)} shows as delivered but nothing arrived at "
        f"{p.address()}. Nobody signed for it. Contact me on {p.phone()}."
    )


@template("school_allergy_form", EN)
def _(p: Prompt) -> str:
    kid = p.other(child=True)
    child, pron = ("son", "his") if kid.sex == "M" else ("daughter", "her")
    issue = p.health_literal(
        "a severe peanut allergy and carries an EpiPen",
        f"type 1 diabetes and needs {pron} insulin pump checked at lunch",
        "asthma and uses a blue inhaler before PE",
    )
    return (
        "Rewrite this note to the school nurse so it's clear and calm:\n"
        f"my {child} {p.name(kid)} (born {p.dob(kid)}) has {issue}"
        + ". please make sure the supply teachers know."
    )


@template("pharmacy_refill", EN)
def _(p: Prompt) -> str:
    return (
        "Turn this into a polite refill request message to my GP practice:\n"
        f"name {p.name()}, dob {p.dob()}, need repeat of {p.medication('en')}, running out friday"
    )


@template("crm_call_note")
def _(p: Prompt) -> str:
    return (
        f"Rewrite as a proper CRM activity note: called {p.name()} on {p.phone()} re renewal. wants 3yr deal if we "
        "drop price 8%. decision maker is CFO. follow up next thu."
    )


@template("payroll_tsv", ("en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    lines = ["employee\tiban\tnet_pay"]
    for who in (p.me, p.other(), p.other()):
        lines.append(f"{p.name(who)}\t{p.iban()}\t{p.amount(1900, 5200)}")
    return "Convert this payroll table to a SEPA XML batch skeleton (pain.001):\n\n" + "\n".join(
        lines
    )


@template("regex_iban_extract")
def _(p: Prompt) -> str:
    return (
        "Write a Python regex that pulls the IBAN out of free text like this and strips the spaces:\n"
        f"'Please transfer the deposit to {p.iban(p.pick('DE', 'FR', 'NL', 'IT', 'ES', 'BE', 'AT'))} by Friday, reference FLAT-2B.'"
    )


@template("openai_client_key")
def _(p: Prompt) -> str:
    return (
        "I get a RateLimitError immediately, even on the first call. Is my client set up wrong?\n\n"
        f'from openai import OpenAI\nclient = OpenAI(api_key="{p.secret("openai")}")\n'
        'resp = client.responses.create(model="gpt-4.1-mini", input="ping")'
    )


@template("router_password")
def _(p: Prompt) -> str:
    return (
        f"The admin login on my TP-Link router is admin / {p.secret('password')} and it keeps rejecting it after the "
        "firmware update. How do I reset it without losing my port forwarding rules?"
    )


@template("sheet_ages")
def _(p: Prompt) -> str:
    rows = []
    for who in (p.me, p.other(), p.other(), p.other()):
        rows.append(f"{p.name(who)} | {p.dob(who, lang='en')}")
    return (
        "Give me a Google Sheets formula for column C that shows each person's age in whole years:\n\nA (name) | B (date of birth)\n"
        + "\n".join(rows)
    )


@template("child_health_question")
def _(p: Prompt) -> str:
    return p.health_literal(
        "My 7 year old was just diagnosed with ADHD and the paediatrician suggested methylphenidate. What questions should I ask at the follow-up?",
        "my daughter (14) has been self-harming and we're on a waiting list for CAMHS. what can I do at home in the meantime?",
        "My husband's HbA1c came back at 9.1 and they want to start him on insulin. He's terrified of needles - any tips?",
    )


@template("neighbour_letter", EN)
def _(p: Prompt) -> str:
    n = p.other()
    return (
        f"Draft a firm but polite letter to my neighbour {p.name(n)} at {p.address(n)} about the hedge blocking the "
        "shared driveway. I'd like it trimmed within 30 days before I involve the council."
    )


@template("terraform_azure")
def _(p: Prompt) -> str:
    return (
        "terraform plan fails with 'AADSTS7000215: Invalid client secret'. Here's the provider block:\n\n"
        'provider "azurerm" {\n  features {}\n'
        f'  subscription_id = "{uuid.UUID(int=p.r.getrandbits(128), version=4)}"\n'
        f'  client_secret   = "{p.secret("azure_ad")}"\n}}'
    )


@template("compose_postgres")
def _(p: Prompt) -> str:
    return (
        "The api container can't reach postgres. docker-compose.yml:\n\n"
        "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: shop\n"
        f"      POSTGRES_PASSWORD: {p.secret('password')}\n  api:\n    build: .\n    environment:\n"
        "      DB_HOST: localhost\n"
    )


@template("git_remote_token")
def _(p: Prompt) -> str:
    return (
        "git push asks for my password every time even though I set the remote like this, why?\n"
        f"git remote set-url origin https://deploy-bot:{p.secret('github')}@github.com/brightpath/infra.git"
    )


@template("insurance_claim", EN)
def _(p: Prompt) -> str:
    return (
        "Help me fill the 'description of incident' box for my travel insurance claim. Facts: "
        f"policyholder {p.name()}, DOB {p.dob()}. Broke my wrist skiing in Austria on 9 Feb, surgery in Innsbruck, "
        f"flew home early. I also have {p.condition('en')}, which I declared when buying the policy."
    )


@template("us_rental_application", ("en_US",))
def _(p: Prompt) -> str:
    return (
        "Landlord wants everything in one paragraph for the background check. Write it from this:\n"
        f"{p.name()}, SSN {p.national_id()}, born {p.dob()}, currently at {p.address()}, employed 4 yrs as a nurse."
    )


@template("uk_nino_hmrc", ("en_GB",))
def _(p: Prompt) -> str:
    return (
        f"HMRC sent me a letter saying my tax code is wrong. My NI number is {p.national_id()}. What's the quickest way "
        "to get it fixed - phone or the app?"
    )


@template("voicemail_transcript")
def _(p: Prompt) -> str:
    return (
        "Turn this voicemail transcript into a short to-do:\n"
        f"\"hi it's {p.name()} from the dentist's reception, just calling to move your check-up to Thursday the 6th at "
        f"half three, if that doesn't work ring us back on {p.phone(mobile=False)}, thanks bye\""
    )


@template("gdpr_access_request")
def _(p: Prompt) -> str:
    return (
        "Write a GDPR subject access request to a gym chain that keeps emailing me after I cancelled. My details: "
        f"{p.name()}, {p.address()}, member email {p.email()}. Give them 30 days."
    )


@template("hf_token_env")
def _(p: Prompt) -> str:
    return (
        "snapshot_download still says 401 Unauthorized, I exported the token like this:\n"
        f"export HF_TOKEN={p.secret('hf')}\npython -c \"from huggingface_hub import snapshot_download; snapshot_download('org/private-model')\""
    )


@template("google_maps_key")
def _(p: Prompt) -> str:
    return (
        "Map tiles don't load on production, only on localhost. Restriction issue?\n"
        f'<script src="https://maps.googleapis.com/maps/api/js?key={p.secret("google")}&callback=initMap" async></script>'
    )


@template("twilio_sms_code")
def _(p: Prompt) -> str:
    return (
        "Add retry with exponential backoff to this:\n\n"
        f"client = Client('AC{_alnum(p.r, 32, '0123456789abcdef')}', '{p.secret('twilio')}')\n"
        f"client.messages.create(to='{p.phone()}', from_='+15005550006', body='Your order shipped')"
    )


@template("azure_conn_string")
def _(p: Prompt) -> str:
    return (
        "Which part of this connection string do I put in Key Vault and how do I reference it from App Service?\n"
        f"DefaultEndpointsProtocol=https;AccountName=stgreportsprod;AccountKey={p.secret('azure')};EndpointSuffix=core.windows.net"
    )


@template("card_luhn_check")
def _(p: Prompt) -> str:
    return p.pick(
        f"Does {p.card()} pass the Luhn check? The checkout form says invalid number.",
        f"Customer read this card number over the phone: {p.card()}. Which network is it (Visa, MC, Amex)?",
    )


@template("iban_validity")
def _(p: Prompt) -> str:
    return p.pick(
        f"is this IBAN valid? {p.iban(p.pick('DE', 'NL', 'FR', 'ES', 'IT', 'BE', 'GB', 'AT'))} - a supplier sent it and the bank app rejects it",
        f"Which bank does {p.iban(p.pick('DE', 'NL', 'FR', 'ES', 'IT', 'GB'))} belong to? Just need the bank name for the invoice.",
    )


@template("phone_lookup")
def _(p: Prompt) -> str:
    return p.pick(
        f"Got three missed calls from {p.phone()} - is that format a mobile or a landline?",
        f"Format this number for the E.164 field in our database: {p.phone()}",
    )


@template("email_validity")
def _(p: Prompt) -> str:
    return p.pick(
        f"Our signup form rejects {p.email()} - is there anything invalid about it per RFC 5322?",
        f"Write a friendly bounce-back explanation: mail to {p.email(work=True)} failed with 550 5.1.1 user unknown.",
    )


@template("therapy_progress_note", EN)
def _(p: Prompt) -> str:
    return (
        f"Condense into a SOAP note: Client {p.name(style='initial')} attended session 8. Reports fewer panic attacks "
        f"since starting {p.health_literal('sertraline 50 mg', 'escitalopram 10 mg', 'propranolol as needed')}. Still avoids public transport. Homework: graded exposure, 2 bus stops."
    )


@template("wedding_rsvp_list")
def _(p: Prompt) -> str:
    guests = [p.other() for _ in range(3)]
    lines = [f"- {p.name(g)}, {p.address(g)}" for g in guests]
    return (
        "Sort these wedding guests by surname and write the envelope addresses in the right order:\n"
        + "\n".join(lines)
    )


@template("sepa_mandate_cancel")
def _(p: Prompt) -> str:
    return (
        f"Write a short letter cancelling my gym's direct debit mandate (ref MNDT-{_digits(p.r, 8)}). Account holder "
        f"{p.name()}, IBAN {p.iban()}. Cancellation effective end of this month."
    )


# --------------------------------------------------------------------------- German


@template("de_krankmeldung", ("de_DE",))
def _(p: Prompt) -> str:
    return (
        "Formuliere das bitte höflicher für meine Chefin:\n"
        f"bin seit montag krank, hab {p.condition('de')}, arzt sagt noch mind. 2 wochen. gruß {p.name()}"
    )


@template("de_steuerid_umzug", ("de_DE",))
def _(p: Prompt) -> str:
    return (
        f"Ich bin umgezogen, neue Adresse: {p.address()}. Meine Steuer-ID ist {p.national_id()}. "
        "Muss ich das dem Finanzamt selbst melden oder macht das die Meldebehörde?"
    )


@template("de_ueberweisung", ("de_DE",))
def _(p: Prompt) -> str:
    return (
        "Schreib eine kurze Zahlungserinnerung (zweite Mahnung, freundlich aber bestimmt). "
        f"Empfänger: {p.name()}, Betrag {p.amount(90, 2400).replace('.', ',')} €, zu überweisen auf {p.iban()}, "
        f"Verwendungszweck RE-{_digits(p.r, 5)}."
    )


@template("de_arztbrief_en", ("de_DE",))
def _(p: Prompt) -> str:
    cond, med = p.treatment("de")
    return (
        "Please translate this letter from my doctor into English for my insurer abroad:\n\n"
        f"Patient: {p.name()}, geb. {p.dob()}\nDiagnose: {cond}\nMedikation: {med}\n"
        "Arbeitsunfähig bis auf Weiteres."
    )


@template("de_mietvertrag", ("de_DE",))
def _(p: Prompt) -> str:
    return (
        "Kannst du aus diesen Angaben den Kopf eines Mietvertrags machen?\n"
        f"Mieter: {p.name()}, geboren {p.dob()}, bisher wohnhaft {p.address()}, Tel. {p.phone()}"
    )


@template("de_kundenservice_chat", ("de_DE",))
def _(p: Prompt) -> str:
    return (
        "Fasse den Chat zusammen (Stichpunkte):\n"
        "Kunde: Hallo, meine Bestellung ist nicht angekommen\nAgent: Können Sie mir Ihre E-Mail-Adresse nennen?\n"
        f"Kunde: {p.email()}\nAgent: Danke, und eine Rückrufnummer?\nKunde: {p.phone()}"
    )


# --------------------------------------------------------------------------- French


@template("fr_mutuelle", ("fr_FR",))
def _(p: Prompt) -> str:
    return (
        f"Bonjour, pouvez-vous rédiger un mail à ma mutuelle ? Mon numéro de sécu est {p.national_id()}, "
        f"je suis {'suivie' if p.me.sex == 'F' else 'suivi'} pour {p.condition('fr')} et ils ne m'ont pas remboursé les deux dernières consultations."
    )


@template("fr_bail_quittance", ("fr_FR",))
def _(p: Prompt) -> str:
    return (
        "Génère une quittance de loyer pour le mois d'octobre :\n"
        f"Locataire : {p.name(style=p.pick('full', 'formal'))}\nLogement : {p.address()}\n"
        f"Loyer 780 € + 60 € de charges, payé par virement depuis {p.iban()}."
    )


@template("fr_rdv_en", ("fr_FR",))
def _(p: Prompt) -> str:
    return (
        "Can you translate this message from my kid's school into English?\n\n"
        f"« Madame, Monsieur, votre enfant {p.name(p.other(child=True))} n'était pas présent ce matin. Merci de nous "
        f"rappeler au {p.phone(mobile=False)} ou d'écrire à vie.scolaire@college-jean-moulin.fr. »"
    )


@template("fr_cv_naissance", ("fr_FR",))
def _(p: Prompt) -> str:
    return (
        "Corrige les fautes de ce haut de CV :\n"
        f"{p.name()} - {'née' if p.me.sex == 'F' else 'né'} le {p.dob()} - {p.address()} - {p.phone()} - {p.email()}"
    )


# --------------------------------------------------------------------------- Spanish


@template("es_dni_formulario", ("es_ES",))
def _(p: Prompt) -> str:
    return (
        "Revisa si falta algo en esta solicitud de empadronamiento:\n"
        f"Nombre y apellidos: {p.name()}\nDNI/NIE: {p.national_id()}\nFecha de nacimiento: {p.dob()}\n"
        f"Domicilio: {p.address()}"
    )


@template("es_whatsapp_cliente", ("es_ES",))
def _(p: Prompt) -> str:
    return (
        "Responde a este mensaje de un cliente de forma profesional:\n"
        f'"hola buenas, soy {p.name()}, os escribo x lo del presupuesto de la reforma del baño. '
        f'mi móvil es {p.phone()}, llamadme por la tarde porfa"'
    )


@template("es_baja_medica_en", ("es_ES",))
def _(p: Prompt) -> str:
    cond, med = p.treatment("es")
    return (
        "My Spanish colleague sent me this, what does it say and how should I reply kindly?\n"
        f'"Te aviso de que estaré de baja unas semanas, me han diagnosticado {cond} y empiezo tratamiento con '
        f'{med}. Un abrazo, {p.name()}"'
    )


@template("es_transferencia", ("es_ES",))
def _(p: Prompt) -> str:
    return (
        f"Escribe un correo al casero diciendo que la fianza se devuelva a mi cuenta {p.iban()} a nombre de "
        f"{p.name()}, y que dejo las llaves en conserjería."
    )


# --------------------------------------------------------------------------- Italian


@template("it_codice_fiscale", ("it_IT",))
def _(p: Prompt) -> str:
    return (
        f"Devo scrivere all'INPS per un errore sul cedolino. Mi chiamo {p.name()}, codice fiscale {p.national_id()}. "
        "Mi prepari una PEC breve e formale?"
    )


@template("it_padre_medico", ("it_IT",))
def _(p: Prompt) -> str:
    dad = p.other(sex="M")
    dad.born = date(p.r.randint(1938, 1965), p.r.randint(1, 12), p.r.randint(1, 28))
    cond, med = p.treatment("it")
    while "seno" in cond:
        cond, med = p.treatment("it")
    return (
        f"Mio padre, {p.name(dad)}, nato il {p.dob(dad)}, ha {cond} e prende {med}. "
        "Devo accompagnarlo a una visita: che domande posso fare allo specialista?"
    )


@template("it_ordine_en", ("it_IT",))
def _(p: Prompt) -> str:
    return (
        "Translate this Italian order confirmation into English for our warehouse:\n"
        f'"Gentile {p.name(style="formal")}, il suo ordine sarà consegnato in {p.address()}. Per informazioni: '
        f'{p.email()}"'
    )


@template("it_carta_rimborso", ("it_IT",))
def _(p: Prompt) -> str:
    return (
        "Scrivi un reclamo: ho pagato due volte la stessa bolletta con la carta "
        f"{p.card()}. Chiedo il rimborso su IBAN {p.iban()}."
    )


# --------------------------------------------------------------------------- Dutch


@template("nl_bsn_toeslag", ("nl_NL",))
def _(p: Prompt) -> str:
    return (
        f"Ik wil huurtoeslag aanvragen. Mijn BSN is {p.national_id()} en ik woon sinds kort op {p.address()}. "
        "Welke documenten heb ik nodig?"
    )


@template("nl_sollicitatie", ("nl_NL",))
def _(p: Prompt) -> str:
    return (
        "Maak van deze gegevens een nette afsluiting voor mijn sollicitatiebrief:\n"
        f"{p.name()}, {p.phone()}, {p.email()}, {p.address()}"
    )


@template("nl_huisarts_en", ("nl_NL",))
def _(p: Prompt) -> str:
    cond, med = p.treatment("nl")
    return (
        "What does this message from the GP mean? I just moved to Utrecht.\n"
        f'"Beste {p.name(style="formal")}, uw uitslag bevestigt {cond}. We starten met {med}. '
        'Maak een vervolgafspraak over 4 weken."'
    )


@template("nl_incasso", ("nl_NL",))
def _(p: Prompt) -> str:
    return (
        "Schrijf een korte mail aan de sportschool: de incasso van "
        f"{p.iban()} moet stoppen per 1 december, mijn lidmaatschap op naam van {p.name()} is opgezegd."
    )


# --------------------------------------------------------------------------- mixed-language requests


@template("mixed_code_comment", ("de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    ask = {
        "de": "Warum wirft dieser Code einen KeyError?",
        "fr": "Pourquoi ce code lève une KeyError ?",
        "es": "¿Por qué este código da KeyError?",
        "it": "Perché questo codice dà KeyError?",
        "nl": "Waarom geeft deze code een KeyError?",
    }[p.lang]
    return f"{ask}\n\nuser = {{'name': '{p.name()}', 'mail': '{p.email()}'}}\nsend_welcome(user['email'])"


@template("mixed_ticket_en_reply", ("de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    line = {
        "de": "Meine Lieferadresse hat sich geändert, bitte ab sofort an",
        "fr": "Mon adresse de livraison a changé, merci d'envoyer désormais à",
        "es": "Mi dirección de envío ha cambiado, por favor enviad a partir de ahora a",
        "it": "Il mio indirizzo di consegna è cambiato, d'ora in poi spedite a",
        "nl": "Mijn afleveradres is gewijzigd, stuur voortaan naar",
    }[p.lang]
    return (
        "Customer ticket below, draft an English reply confirming the change and then translate the reply into "
        f'the customer\'s language:\n\n"{line} {p.address()}. {p.name()}"'
    )


@template("mixed_secret_question", ("de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    ask = {
        "de": "Ist es schlimm, dass ich diesen Key aus Versehen in ein öffentliches Repo gepusht habe? Was muss ich jetzt tun?",
        "fr": "J'ai poussé cette clé par erreur sur un dépôt public, c'est grave ? Je fais quoi maintenant ?",
        "es": "He subido esta clave por error a un repo público, ¿qué hago ahora?",
        "it": "Ho pubblicato per sbaglio questa chiave su un repo pubblico, cosa devo fare adesso?",
        "nl": "Ik heb deze sleutel per ongeluk naar een publieke repo gepusht, wat moet ik nu doen?",
    }[p.lang]
    return f"{ask}\n\n{p.secret(p.pick('aws', 'stripe', 'openai', 'github', 'sendgrid', 'google'))}"


# --------------------------------------------------------------------------- more cards and national IDs


@template("hotel_booking_paste")
def _(p: Prompt) -> str:
    return (
        "Extract check-in date, nights and total into a table:\n\n"
        f"BOOKING CONFIRMATION #{_digits(p.r, 10)}\nGuest: {p.name()}\nCheck-in: 14 Mar  Nights: 3\n"
        f"Guaranteed by card {p.card()}  exp {p.expiry()}\nTotal: {p.amount(300, 1400)} EUR"
    )


@template("card_fixture_commit")
def _(p: Prompt) -> str:
    return (
        "Is it OK to commit this test fixture? A colleague copied it from the staging DB.\n\n"
        f"id,card_number,exp\n1,{p.card()},{p.expiry()}\n2,{p.card()},{p.expiry()}\n3,{p.card()},{p.expiry()}"
    )


@template("card_in_service_log")
def _(p: Prompt) -> str:
    return (
        "Found this in our payment-service logs. How bad is it under PCI DSS and what do we do first?\n"
        f"2025-11-03T08:12:44Z INFO charge.create amount=4999 currency=EUR pan={p.card().replace(' ', '').replace('-', '')} status=succeeded"
    )


@template("card_foreign_question", ("de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    return {
        "de": f"Meine Kreditkarte {p.card()} wird bei jedem Onlineshop abgelehnt, obwohl genug Limit da ist. Woran kann das liegen?",
        "fr": f"J'ai perdu ma carte bancaire {p.card()}, rédige-moi un mail court pour faire opposition auprès de ma banque.",
        "es": f"Me han cobrado una suscripción que no reconozco en la tarjeta {p.card()}. ¿Cómo reclamo al banco?",
        "it": f"La carta {p.card()} risulta bloccata dopo tre tentativi sbagliati del PIN. Come la sblocco?",
        "nl": f"Mijn creditcard {p.card()} is geweigerd bij het boeken van een vlucht. Wat kan ik checken?",
    }[p.lang]


@template("nid_only_check")
def _(p: Prompt) -> str:
    return p.pick(
        f"Is {p.national_id()} a correctly formed {p.id_label()}? Our onboarding form rejects it.",
        f"quick one: what does each part of this {p.id_label()} encode? {p.national_id()}",
    )


@template("us_i9_onboarding", ("en_US",))
def _(p: Prompt) -> str:
    return (
        "Turn these notes into a checklist email for our new hire:\n"
        f"new hire {p.name()}, SSN {p.national_id()}, start Monday, needs to bring I-9 docs, direct deposit form, "
        "laptop pickup at 9am from IT."
    )


@template("uk_new_starter", ("en_GB",))
def _(p: Prompt) -> str:
    return (
        "Fill in the missing bits of this new starter email to payroll:\n"
        f"Name: {p.name()}\nNI number: {p.national_id()}\nStart date: 5 January\nSalary: £{p.r.randint(28, 72)},000\nTax code: ?"
    )


@template("de_neue_mitarbeiterin", ("de_DE",))
def _(p: Prompt) -> str:
    return (
        "Bitte eine kurze Mail an die Lohnbuchhaltung formulieren:\n"
        f"{'neue Kollegin' if p.me.sex == 'F' else 'neuer Kollege'} {p.name()}, Steuer-ID {p.national_id()}, "
        f"Gehaltskonto {p.iban()}, Eintritt nächsten Monat"
    )


@template("fr_nir_dossier", ("fr_FR",))
def _(p: Prompt) -> str:
    return (
        "Mets ces infos au propre pour le dossier d'inscription :\n"
        f"nom {p.name()} ; né(e) le {p.dob()} ; n° sécu {p.national_id()} ; tél {p.phone()}"
    )


@template("es_nie_contrato_en", ("es_ES",))
def _(p: Prompt) -> str:
    return (
        "Explain in English what this clause of my rental contract means:\n"
        f'"El arrendatario, {p.name()}, con DNI/NIE {p.national_id()}, se obliga a abonar la renta dentro de los '
        'cinco primeros días de cada mes."'
    )


@template("it_ricetta_cf", ("it_IT",))
def _(p: Prompt) -> str:
    cond, med = p.treatment("it")
    return (
        "Mi spieghi cosa c'è scritto in questa ricetta?\n"
        f"Assistito: {p.name(style='last_first')} - CF {p.national_id()}\nPrescrizione: {med}, 1 cp/die per {cond}"
    )


@template("nl_bsn_werkgever", ("nl_NL",))
def _(p: Prompt) -> str:
    return (
        "Vertaal naar het Engels voor onze nieuwe collega uit het buitenland:\n"
        f'"Beste {p.name()}, wil je je BSN ({p.national_id()}) en een kopie van je ID doorsturen naar HR vóór je eerste werkdag?"'
    )


@template("health_self_disclosure_foreign", ("de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))
def _(p: Prompt) -> str:
    cond = p.condition()
    return {
        "de": f"Ich habe seit letztem Jahr {cond}. Darf mein Arbeitgeber mich deswegen kündigen?",
        "fr": f"On m'a diagnostiqué {cond} il y a six mois. Est-ce que je dois le déclarer pour mon prêt immobilier ?",
        "es": f"Tengo {cond} desde hace dos años. ¿Puedo pedir una adaptación del puesto de trabajo?",
        "it": f"Da gennaio mi hanno diagnosticato {cond}. Posso chiedere il part-time al datore di lavoro?",
        "nl": f"Ik heb sinds vorig jaar {cond}. Moet ik dat melden bij mijn nieuwe werkgever?",
    }[p.lang]


def generate() -> list[dict[str, object]]:
    rng = random.Random(SEED)
    fakers = {}
    for i, loc in enumerate(LOCALES):
        fakers[loc] = Faker(loc)
        fakers[loc].seed_instance(SEED + i)
        for provider in fakers[loc].providers:
            # it_IT builds its city list from a set, whose order changes with the hash seed.
            if isinstance(getattr(provider, "cities", None), list):
                provider.cities = sorted(provider.cities)
    order: list[tuple[str, tuple[str, ...], Template]] = []
    while len(order) < COUNT:
        batch = list(TEMPLATES)
        rng.shuffle(batch)
        order.extend(batch)
    rows: list[dict[str, object]] = []
    for i, (name, locales, fn) in enumerate(order[:COUNT]):
        locale = rng.choice(locales)
        p = Prompt(fakers[locale], rng, locale)
        text = fn(p)
        assert p.kinds, name
        rows.append(
            {
                "id": f"heldout3-pii-{i:04d}",
                "locale": locale,
                "template": name,
                "text": text,
                "kinds": sorted(p.kinds),
            }
        )
    return rows


def main() -> None:
    rows = generate()
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} prompts to {OUT}")


if __name__ == "__main__":
    main()
