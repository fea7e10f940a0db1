"""Seeded generator of the held-out PII prompts for ``classifier_eval.py --set heldout``.

The set measures the PII recognizers on text that was never looked at while they were
tuned: its templates were written apart from the classifier code and from the tuning set's
templates, in the shapes real users paste into a chat model (support tickets, clinic notes,
HR letters, CRM exports, chat logs, forwarded e-mails, forms, config files, mixed-language
requests), with identifiers formatted the ways people type them (spaces, dashes, no
separators, lower case). Faker supplies the identities in seven locales; national IDs it
does not format the local way (German tax ID, Spanish DNI, British NI number) and the
secrets are built here. A kind is added to a prompt's label only where its value is
placed, so the labels are exact by construction.

    .venv/bin/python benchmarks/classifier_eval/heldout/pii_generate.py   # rewrites pii.jsonl

The evaluation reads the committed JSONL, so a Faker upgrade does not move the figures
until the file is regenerated on purpose. Never used by the unit tests, nor for tuning.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import string
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from faker import Faker

SEED = 20261204
COUNT = 400
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")
OUT = Path(__file__).with_name("pii.jsonl")

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
        "type 2 diabetes",
        "major depressive disorder",
        "generalised anxiety disorder",
        "HIV, well controlled on ART",
        "stage II breast cancer, currently on chemo",
        "epilepsy",
        "bipolar II",
        "COPD",
        "an early miscarriage last month",
        "ADHD",
        "Crohn's disease",
        "a torn ACL after the skiing accident",
        "long COVID",
        "alcohol use disorder, in recovery",
        "hypertension and high cholesterol",
        "multiple sclerosis",
    ],
    "de": [
        "Diabetes Typ 2",
        "einer mittelgradigen depressiven Episode",
        "Bluthochdruck",
        "einem Bandscheibenvorfall L4/L5",
        "Morbus Crohn",
        "einer Angststörung",
        "Brustkrebs, derzeit in Chemotherapie",
        "Epilepsie",
    ],
    "fr": [
        "un diabète de type 2",
        "une dépression sévère",
        "une hypertension artérielle",
        "un cancer du sein en cours de chimiothérapie",
        "une sclérose en plaques",
        "un burn-out",
        "de l'asthme sévère",
        "une hernie discale",
    ],
    "es": [
        "diabetes tipo 2",
        "depresión mayor",
        "hipertensión",
        "cáncer de colon en tratamiento",
        "una hernia discal",
        "ansiedad generalizada",
        "epilepsia",
        "VIH en tratamiento",
    ],
    "it": [
        "diabete di tipo 2",
        "depressione maggiore",
        "ipertensione",
        "un tumore al seno in chemioterapia",
        "sclerosi multipla",
        "un'ernia del disco",
        "disturbo d'ansia",
        "epilessia",
    ],
    "nl": [
        "diabetes type 2",
        "een depressie",
        "hoge bloeddruk",
        "borstkanker, momenteel chemo",
        "een hernia",
        "een angststoornis",
        "epilepsie",
        "reuma",
    ],
}

MEDS = ["metformin 1 g twice daily", "sertraline 100 mg", "lithium 600 mg", "insulin glargine",
        "levetiracetam 500 mg", "Truvada", "methotrexate 15 mg weekly", "amlodipine 5 mg"]  # fmt: skip


@dataclass
class Person:
    """One fake identity, its values already formatted the way the locale writes them."""

    loc: str
    lang: str
    first: str
    last: str
    name: str
    email: str
    phone: str
    street: str
    postcode: str
    city: str
    address: str
    dob: dt.date
    iban: str
    card: str
    national_id: str
    id_label: str
    company: str
    job: str


def spaced(s: str, n: int = 4) -> str:
    return " ".join(s[i : i + n] for i in range(0, len(s), n))


def dni(rng: random.Random) -> str:
    number = rng.randrange(10_000_000, 99_999_999)
    return f"{number}{'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}"


def nino(rng: random.Random) -> str:
    prefix = rng.choice(["AB", "CE", "JH", "JK", "NE", "PR", "SR", "WL", "YT", "HN"])
    digits = "".join(rng.choice(string.digits) for _ in range(6))
    suffix = rng.choice("ABCD")
    if rng.random() < 0.5:
        return f"{prefix} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"
    return f"{prefix}{digits}{suffix}"


def steuer_id(rng: random.Random) -> str:
    digits = str(rng.randrange(1, 10)) + "".join(rng.choice(string.digits) for _ in range(10))
    if rng.random() < 0.5:
        return f"{digits[:2]} {digits[2:5]} {digits[5:8]} {digits[8:]}"
    return digits


def national_id(f: Faker, loc: str, rng: random.Random) -> tuple[str, str]:
    if loc == "en_US":
        ssn = f.ssn()
        return (ssn if rng.random() < 0.7 else ssn.replace("-", "")), "SSN"
    if loc == "en_GB":
        return nino(rng), "NI number"
    if loc == "de_DE":
        return steuer_id(rng), "Steuer-ID"
    if loc == "fr_FR":
        nir = f.ssn()
        if rng.random() < 0.5:
            nir = f"{nir[0]} {nir[1:3]} {nir[3:5]} {nir[5:7]} {nir[7:10]} {nir[10:13]} {nir[13:]}"
        return nir, "numéro de sécu"
    if loc == "es_ES":
        return (dni(rng) if rng.random() < 0.7 else f.nie()), "DNI"
    if loc == "it_IT":
        return f.ssn(), "codice fiscale"
    return f.ssn(), "BSN"


def card_number(f: Faker, rng: random.Random) -> str:
    raw = f.credit_card_number(rng.choice(["visa16", "visa16", "mastercard", "amex"]))
    style = rng.random()
    if len(raw) == 15:
        return f"{raw[:4]} {raw[4:10]} {raw[10:]}" if style < 0.6 else raw
    if style < 0.5:
        return spaced(raw)
    if style < 0.7:
        return "-".join(raw[i : i + 4] for i in range(0, 16, 4))
    return raw


def make_person(f: Faker, loc: str, rng: random.Random) -> Person:
    first, last = f.first_name(), f.last_name()
    street = f.street_address().replace("\n", " ")
    postcode, city = f.postcode(), f.city()
    if loc in ("en_US",):
        address = f"{street}, {city}, {f.state_abbr()} {postcode}"
    elif loc == "en_GB":
        address = f"{street}, {city} {postcode}"
    else:
        address = f"{street}, {postcode} {city}"
    if loc == "en_US":  # no IBANs in the US: a British account, as expats and contractors have
        gb = Faker("en_GB")
        gb.seed_instance(rng.randrange(2**32))
        iban = gb.iban()
    else:
        iban = f.iban()
    if rng.random() < 0.45:
        iban = spaced(iban)
    email_user = rng.choice(
        [
            f"{first}.{last}",
            f"{first[0]}{last}",
            f"{first}{rng.randrange(1, 99)}",
            f"{last}.{first[0]}",
        ]
    )
    email_user = "".join(c for c in email_user.lower() if c.isascii() and (c.isalnum() or c == "."))
    domain = rng.choice([f.free_email_domain(), f.domain_name(), f.free_email_domain()])
    nid, label = national_id(f, loc, rng)
    return Person(
        loc=loc,
        lang=loc[:2],
        first=first,
        last=last,
        name=f"{first} {last}",
        email=f"{email_user}@{domain}",
        phone=f.phone_number(),
        street=street,
        postcode=postcode,
        city=city,
        address=address,
        dob=dt.date(1932, 1, 1) + dt.timedelta(days=rng.randrange(33_000)),
        iban=iban,
        card=card_number(f, rng),
        national_id=nid,
        id_label=label,
        company=f.company(),
        job=f.job() if loc in ("en_US", "en_GB") else "",
    )


def date_text(d: dt.date, lang: str, loc: str, rng: random.Random) -> str:
    months = MONTHS[lang].split()
    style = rng.random()
    if lang == "en":
        if style < 0.35:
            return (
                f"{d.month:02d}/{d.day:02d}/{d.year}" if loc == "en_US" else d.strftime("%d/%m/%Y")
            )
        if style < 0.7:
            if loc == "en_US":
                return f"{months[d.month - 1]} {d.day}, {d.year}"
            return f"{d.day} {months[d.month - 1]} {d.year}"
        if style < 0.85:
            return d.isoformat()
        return f"{d.day:02d}{months[d.month - 1][:3].upper()}{d.year}"
    if style < 0.55:
        sep = {"de": ".", "nl": "-"}.get(lang, "/")
        return f"{d.day:02d}{sep}{d.month:02d}{sep}{d.year}"
    if lang == "de":
        return f"{d.day}. {months[d.month - 1]} {d.year}"
    if lang == "es":
        return f"{d.day} de {months[d.month - 1]} de {d.year}"
    return f"{d.day} {months[d.month - 1]} {d.year}"


def secret(rng: random.Random) -> tuple[str, str]:
    """A credential and the variable name a developer would give it."""
    b62 = string.ascii_letters + string.digits

    def r(n: int, alphabet: str = b62) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n))

    kind = rng.randrange(9)
    if kind == 0:
        return f"sk-proj-{r(48)}", "OPENAI_API_KEY"
    if kind == 1:
        return f"ghp_{r(36)}", "GITHUB_TOKEN"
    if kind == 2:
        return f"sk_live_{r(24)}", "STRIPE_SECRET_KEY"
    if kind == 3:
        return f"xoxb-{r(11, string.digits)}-{r(12, string.digits)}-{r(24)}", "SLACK_BOT_TOKEN"
    if kind == 4:
        return f"AIza{r(35, b62 + '-_')}", "GOOGLE_MAPS_KEY"
    if kind == 5:
        return r(40, b62 + "/+"), "AWS_SECRET_ACCESS_KEY"
    if kind == 6:
        return f"glpat-{r(20, b62 + '-_')}", "GITLAB_TOKEN"
    if kind == 7:
        head = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        return f"{head}.{r(60, b62 + '-_')}.{r(43, b62 + '-_')}", "AUTH_TOKEN"
    return f"SG.{r(22, b62 + '-_')}.{r(43, b62 + '-_')}", "SENDGRID_API_KEY"


def password(rng: random.Random) -> str:
    words = ["Sunflower", "Baltic", "Marmite", "Kestrel", "Orbit", "Tango", "Velvet", "Harbor"]
    return f"{rng.choice(words)}{rng.randrange(10, 9999)}{rng.choice('!#$%&*?')}"


Row = tuple[str, list[str]]
Template = Callable[[Person, Faker, random.Random], Row]


def cond(p: Person, rng: random.Random, lang: str | None = None) -> str:
    return rng.choice(CONDITIONS[lang or p.lang])


# -- English templates (any locale's identity: European customers write to English desks) ----


def t_ticket(p: Person, f: Faker, rng: random.Random) -> Row:
    text = (
        f"Ticket #{rng.randrange(100000, 999999)} - Customer writes:\n"
        f'"hi, my parcel never showed up. it was supposed to go to {p.address}. '
        f"tracking says delivered but nothing here. you can call me on {p.phone} or just email "
        f'{p.email}. thanks, {p.first}"\n\n'
        "Draft an apologetic reply offering a reshipment."
    )
    return text, ["address", "phone", "email", "personName"]


def t_ticket_short(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Customer {p.name} ({p.email}) says they were charged twice for order "
        f"{rng.randrange(10**7, 10**8)}. Summarise the issue for the billing team in two lines.",
        ["personName", "email"],
    )


def t_chat_card(p: Person, f: Faker, rng: random.Random) -> Row:
    exp = f"{rng.randrange(1, 13):02d}/{rng.randrange(26, 31)}"
    return (
        f"ok so the checkout keeps failing?? card is {p.card} exp {exp} cvc "
        f"{rng.randrange(100, 999)}. is it my bank or your site lol",
        ["creditCard"],
    )


def t_agent_card(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Caller {p.name} read out the card number {p.card} but the terminal declines it. "
        "What are the usual reasons a card gets declined that I can tell her about?",
        ["personName", "creditCard"],
    )


def t_clinic_note(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", p.loc, rng)
    text = (
        f"Pt: {p.last.upper()}, {p.first}   DOB: {dob}\n"
        f"S: 3/7 hx of worsening SOB, known {cond(p, rng, 'en')}. On {rng.choice(MEDS)}.\n"
        "O: afebrile, sats 94% RA, bibasal creps.\n"
        "Turn this into a short discharge summary for the GP."
    )
    return text, ["personName", "dateOfBirth", "health"]


def t_lab_results(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Lab results for {p.name}: HbA1c 8.4 %, eGFR 52, LDL 4.1 mmol/L. She has "
        f"{cond(p, rng, 'en')}. Explain these results to her in plain language, no jargon.",
        ["personName", "health"],
    )


def t_pharmacy(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Refill request from {p.name}, phone {p.phone}: {rng.choice(MEDS)}, 90 days. "
        "Write the text message telling him it's ready for pickup.",
        ["personName", "phone", "health"],
    )


def t_hr_sick(p: Person, f: Faker, rng: random.Random) -> Row:
    text = (
        f"Please draft a letter to {p.name}, {p.address}, confirming that their sick leave "
        f"is extended until the end of next month following their diagnosis of "
        f"{cond(p, rng, 'en')}. Keep it warm but formal. Employee {p.id_label}: {p.national_id}."
    )
    return text, ["personName", "address", "health", "nationalId"]


def t_hr_offer(p: Person, f: Faker, rng: random.Random) -> Row:
    salary = rng.randrange(38, 140) * 1000
    return (
        f"Write an offer letter for {p.name} for the {p.job or 'operations analyst'} role, "
        f"starting salary {salary:,} a year, start date 1 March. Send it to {p.email}. "
        f"Payroll will need her bank details: {p.iban}.",
        ["personName", "email", "iban"],
    )


def t_crm_export(p: Person, f: Faker, rng: random.Random) -> Row:
    rows = [p]
    for _ in range(rng.randrange(1, 3)):
        rows.append(make_person(f, p.loc, rng))
    lines = ["full_name;email;phone;street;zip;city;segment"]
    for q in rows:
        seg = rng.choice(["gold", "churn-risk", "new", "b2b"])
        lines.append(f"{q.name};{q.email};{q.phone};{q.street};{q.postcode};{q.city};{seg}")
    return (
        "Here's an export from our CRM. Group these customers by segment and suggest a "
        "follow-up for each:\n" + "\n".join(lines),
        ["personName", "email", "phone", "address"],
    )


def t_forwarded(p: Person, f: Faker, rng: random.Random) -> Row:
    text = (
        "---------- Forwarded message ---------\n"
        f"From: {p.name} <{p.email}>\n"
        f"Date: Tue, {rng.randrange(1, 28)} Oct 2025 at 09:{rng.randrange(10, 59)}\n"
        "Subject: Re: invoice\n\n"
        "Hi, I still haven't received the corrected invoice, can you resend?\n\n"
        "Can you tell me what she actually wants and write a 3-line reply?"
    )
    return text, ["personName", "email"]


def t_signature(p: Person, f: Faker, rng: random.Random) -> Row:
    text = (
        "Shorten this email and make it more polite:\n\n"
        "you said the quote would be ready friday and it's now wednesday. i need it today "
        "or we go with someone else.\n\n"
        f"--\n{p.name}\n{p.company}\nM: {p.phone}\n{p.street}, {p.city}"
    )
    return text, ["personName", "phone", "address"]


def t_form(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", p.loc, rng)
    text = (
        "Check this form for mistakes before I submit it:\n"
        f"First name: {p.first}\nSurname: {p.last}\nDate of birth: {dob}\n"
        f"Address: {p.address}\nIBAN: {p.iban}\nSignature: ______"
    )
    return text, ["personName", "dateOfBirth", "address", "iban"]


def t_cv(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", p.loc, rng)
    text = (
        f"{p.name.upper()}\n{p.address} | {p.phone} | {p.email}\nBorn {dob}\n\n"
        "PROFILE\nReliable team player with 6 years in logistics.\n\n"
        "Rewrite the profile section so it sounds less generic."
    )
    return text, ["personName", "address", "phone", "email", "dateOfBirth"]


def t_env_paste(p: Person, f: Faker, rng: random.Random) -> Row:
    value, var = secret(rng)
    text = (
        "my docker container can't connect, here's the .env:\n\n"
        f"NODE_ENV=production\nPORT=8080\n{var}={value}\nLOG_LEVEL=debug\n\n"
        "what am i missing?"
    )
    return text, ["secret"]


def t_code_secret(p: Person, f: Faker, rng: random.Random) -> Row:
    value, var = secret(rng)
    text = (
        "Why does this raise 401 Unauthorized?\n\n```python\nimport requests\n\n"
        f'{var.lower()} = "{value}"\n'
        f'resp = requests.get(URL, headers={{"Authorization": f"Bearer {{{var.lower()}}}"}})\n'
        "resp.raise_for_status()\n```"
    )
    return text, ["secret"]


def t_aws_commit(p: Person, f: Faker, rng: random.Random) -> Row:
    key_id = "AKIA" + "".join(rng.choice(string.ascii_uppercase + "234567") for _ in range(16))
    sec = "".join(rng.choice(string.ascii_letters + string.digits + "/+") for _ in range(40))
    text = (
        "I accidentally pushed this to a public repo, how do I scrub it from the git history?\n"
        f"[default]\naws_access_key_id = {key_id}\naws_secret_access_key = {sec}"
    )
    return text, ["secret"]


def t_db_url(p: Person, f: Faker, rng: random.Random) -> Row:
    user = rng.choice(["admin", "app", "postgres", "svc_billing"])
    return (
        "sqlalchemy says 'password authentication failed' with "
        f"postgresql://{user}:{password(rng)}@db-prod.internal:5432/orders - is the URL "
        "format wrong?",
        ["secret"],
    )


def t_password_chat(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"[09:14] {p.first}: the new admin login for the router is admin / {password(rng)}\n"
        f"[09:15] {p.first}: don't share it pls\n"
        "Summarise this chat for the IT handover doc.",
        ["personName", "secret"],
    )


def t_ssh_key(p: Person, f: Faker, rng: random.Random) -> Row:
    body = "\n".join(
        "".join(rng.choice(string.ascii_letters + string.digits + "+/") for _ in range(70))
        for _ in range(4)
    )
    return (
        "ssh says 'invalid format' for this key, what's wrong with it?\n"
        f"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n{body}\n"
        "-----END OPENSSH PRIVATE KEY-----",
        ["secret"],
    )


def t_transfer(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Can you word a reminder: please transfer the deposit of {rng.randrange(3, 30)}00 "
        f"to {p.name}, IBAN {p.iban}, reference FLAT-{rng.randrange(10, 99)}.",
        ["personName", "iban"],
    )


def t_iban_only(p: Person, f: Faker, rng: random.Random) -> Row:
    return (f"is {p.iban} a valid iban? the bank app rejects it", ["iban"])


def t_phone_only(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        rng.choice(
            [
                f"text me on {p.phone} when you're outside, the buzzer is broken",
                f"new number: {p.phone}. write a short whatsapp status announcing it",
                f"who keeps calling me from {p.phone}? is that a known scam pattern?",
            ]
        ),
        ["phone"],
    )


def t_email_only(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Make this sound less passive-aggressive and put {p.email} as the reply address: "
        "'As per my last three emails, the report is still missing.'",
        ["email"],
    )


def t_tax_id(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"The portal rejects my {p.id_label} {p.national_id} - is it the wrong format? "
        "What else could cause that?",
        ["nationalId"],
    )


def t_insurance(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", p.loc, rng)
    text = (
        f"Claim summary needed. Policyholder {p.name}, born {dob}, of {p.address}. "
        f"Admitted 12/09 with {cond(p, rng, 'en')}; claim for 4 nights inpatient. "
        "Write the summary for the adjuster."
    )
    return text, ["personName", "dateOfBirth", "address", "health"]


def t_school(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", p.loc, rng)
    return (
        f"Help me write a note to the school nurse: my son {p.first} {p.last}, DOB {dob}, has "
        "a severe peanut allergy and mild asthma; his EpiPen is in his bag.",
        ["personName", "dateOfBirth", "health"],
    )


def t_self_health(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"I was diagnosed with {cond(p, rng, 'en')} in the spring and I'm struggling at work. "
        f"How do I tell my manager {p.name} without oversharing?",
        ["health", "personName"],
    )


def t_birthday(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", p.loc, rng)
    return (
        f"my grandad was born on {dob}, how old is he turning this year and what's a good "
        "milestone gift?",
        ["dateOfBirth"],
    )


def t_invites(p: Person, f: Faker, rng: random.Random) -> Row:
    q = make_person(f, p.loc, rng)
    return (
        "Format these wedding-invite addresses for envelopes:\n"
        f"{p.name} - {p.address}\n{q.name} - {q.address}",
        ["personName", "address"],
    )


def t_landlord(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Tenant {p.name} at {p.address} is two months behind. Draft a firm but legal "
        "notice; he can be reached at " + p.phone + ".",
        ["personName", "address", "phone"],
    )


def t_booking(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "en", "en_GB", rng)
    return (
        f"PAX: {p.last.upper()}/{p.first.upper()} MR\nDOB {dob}\nCTC {p.phone}\n"
        "Explain what each of these booking fields means.",
        ["personName", "dateOfBirth", "phone"],
    )


def t_json_log(p: Person, f: Faker, rng: random.Random) -> Row:
    payload = json.dumps(
        {
            "event": "signup_failed",
            "user": {"email": p.email, "phone": p.phone, "plan": "pro"},
            "error": "E_DUPLICATE",
        }
    )
    return f"why does this keep failing?\n{payload}", ["email", "phone"]


def t_dispatch(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Driver notes: pick up at {p.address}, ring {p.last}, mobile {p.phone}. Wheelchair "
        "user. Can you make these into clear instructions?",
        ["address", "personName", "phone"],
    )


# -- native-language templates -------------------------------------------------------------


def t_de_arzt(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "de", p.loc, rng)
    return (
        f"Arztbrief kürzen bitte: Wir berichten über {p.name}, geb. {dob}, die sich mit "
        f"{cond(p, rng, 'de')} vorstellte. Weitere Kontrolle in 3 Monaten.",
        ["personName", "dateOfBirth", "health"],
    )


def t_de_kunde(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Kundin {p.name}, {p.street}, {p.postcode} {p.city}, Tel. {p.phone}, beschwert "
        "sich über eine verspätete Lieferung. Formuliere eine Antwort auf Deutsch.",
        ["personName", "address", "phone"],
    )


def t_de_lohn(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Für die Lohnabrechnung: Steuer-ID {p.national_id}, IBAN {p.iban}, Name {p.name}. "
        "Was fehlt noch für die Anmeldung eines Minijobbers?",
        ["nationalId", "iban", "personName"],
    )


def t_fr_rdv(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "fr", p.loc, rng)
    return (
        f"Compte rendu : Mme {p.name}, née le {dob}, suivie pour {cond(p, rng, 'fr')}. "
        "Rédige un courrier au médecin traitant.",
        ["personName", "dateOfBirth", "health"],
    )


def t_fr_client(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Bonjour, je m'appelle {p.name}, j'habite au {p.address}. Mon numéro de sécu est "
        f"{p.national_id} et mon tél {p.phone}. Aidez-moi à remplir la demande de carte Vitale.",
        ["personName", "address", "nationalId", "phone"],
    )


def t_fr_rib(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Voici mon RIB : {p.iban} (titulaire {p.name}). Écris un mail au propriétaire pour "
        f"mettre en place le prélèvement, mon adresse mail est {p.email}.",
        ["iban", "personName", "email"],
    )


def t_es_cita(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "es", p.loc, rng)
    return (
        f"Paciente {p.name}, nacida el {dob}, con {cond(p, rng, 'es')}. Redacta un "
        "resumen para la interconsulta con cardiología.",
        ["personName", "dateOfBirth", "health"],
    )


def t_es_alta(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Necesito darme de alta en el gimnasio: {p.name}, DNI {p.national_id}, "
        f"tarjeta {p.card}, móvil {p.phone}. ¿Me escribes el correo?",
        ["personName", "nationalId", "creditCard", "phone"],
    )


def t_es_envio(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"hola, el pedido tenía que llegar a {p.address} y no ha llegado. mi correo es "
        f"{p.email}. tradúcelo al inglés para el soporte",
        ["address", "email"],
    )


def t_it_ricetta(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "it", p.loc, rng)
    return (
        f"Sig. {p.name}, nato il {dob}, CF {p.national_id}, affetto da "
        f"{cond(p, rng, 'it')}. Prepara una lettera per il medico di base.",
        ["personName", "dateOfBirth", "nationalId", "health"],
    )


def t_it_condominio(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Scrivi all'amministratore: sono {p.name}, abito in {p.address}, il bonifico per "
        f"le spese l'ho fatto dall'IBAN {p.iban}. Tel {p.phone}.",
        ["personName", "address", "iban", "phone"],
    )


def t_it_chat(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"ciao sono {p.first}, mi scrivi a {p.email}? il numero nuovo è {p.phone}. "
        "riassumi questo messaggio in inglese",
        ["personName", "email", "phone"],
    )


def t_nl_huisarts(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, "nl", p.loc, rng)
    return (
        f"Verwijsbrief: dhr. {p.name}, geboren {dob}, BSN {p.national_id}, bekend met "
        f"{cond(p, rng, 'nl')}. Maak er een korte samenvatting van.",
        ["personName", "dateOfBirth", "nationalId", "health"],
    )


def t_nl_klant(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Klant {p.name} ({p.email}, {p.phone}) wil zijn abonnement opzeggen. Adres: "
        f"{p.address}. Schrijf een bevestigingsmail.",
        ["personName", "email", "phone", "address"],
    )


def t_nl_incasso(p: Person, f: Faker, rng: random.Random) -> Row:
    return (
        f"Machtiging incasso: rekeninghouder {p.name}, IBAN {p.iban}. Klopt deze tekst juridisch?",
        ["personName", "iban"],
    )


def t_mixed_translate(p: Person, f: Faker, rng: random.Random) -> Row:
    dob = date_text(p.dob, p.lang, p.loc, rng)
    native = {
        "de": f"Herr {p.name}, wohnhaft {p.address}, geboren am {dob}.",
        "fr": f"M. {p.name}, domicilié au {p.address}, né le {dob}.",
        "es": f"D. {p.name}, con domicilio en {p.address}, nacido el {dob}.",
        "it": f"Il sig. {p.name}, residente in {p.address}, nato il {dob}.",
        "nl": f"Dhr. {p.name}, wonende te {p.address}, geboren op {dob}.",
    }[p.lang]
    return (
        f"Translate this line of the contract into English, keep the legal tone:\n{native}",
        ["personName", "address", "dateOfBirth"],
    )


ENGLISH: list[Template] = [
    t_ticket, t_ticket_short, t_chat_card, t_agent_card, t_clinic_note, t_lab_results,
    t_pharmacy, t_hr_sick, t_hr_offer, t_crm_export, t_forwarded, t_signature, t_form,
    t_cv, t_env_paste, t_code_secret, t_aws_commit, t_db_url, t_password_chat, t_ssh_key,
    t_transfer, t_iban_only, t_phone_only, t_email_only, t_tax_id, t_insurance, t_school,
    t_self_health, t_birthday, t_invites, t_landlord, t_booking, t_json_log, t_dispatch,
]  # fmt: skip
NATIVE: dict[str, list[Template]] = {
    "de": [t_de_arzt, t_de_kunde, t_de_lohn],
    "fr": [t_fr_rdv, t_fr_client, t_fr_rib],
    "es": [t_es_cita, t_es_alta, t_es_envio],
    "it": [t_it_ricetta, t_it_condominio, t_it_chat],
    "nl": [t_nl_huisarts, t_nl_klant, t_nl_incasso],
}


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
        f = fakers[loc]
        p = make_person(f, loc, rng)
        draw = rng.random()
        if p.lang == "en" or draw < 0.45:
            template = rng.choice(ENGLISH)
        elif draw < 0.55:
            template = t_mixed_translate
        else:
            template = rng.choice(NATIVE[p.lang])
        text, kinds = template(p, f, rng)
        rows.append(
            {
                "id": f"heldout-pii-{i:04d}",
                "locale": loc,
                "template": template.__name__,
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
