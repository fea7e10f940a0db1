"""Seeded training prompts for the ``hashed-linear`` model path of the classifier evaluation.

Written apart from the evaluation sets: other templates (chat requests, CRM notes, ticket
exports, lists, letters), another seed, and the same Faker identity providers; nothing here
reads ``benchmarks/classifier_eval/``. Two files:

- ``pii_train.jsonl``: ``{"text", "labels"}`` with the PII kinds a prompt holds (an empty
  list for the clean ones), for ``kinfctl train-classifier``;
- ``complexity_train.jsonl``: ``{"text", "labels": [level]}``, built from request shapes
  (what is asked) crossed with subjects per level.

    .venv/bin/python benchmarks/classifier_train/generate.py
    .venv/bin/kinfctl train-classifier benchmarks/classifier_train/pii_train.jsonl \
        --out benchmarks/classifier_train/models/pii --threshold 0.95
    .venv/bin/kinfctl train-classifier benchmarks/classifier_train/complexity_train.jsonl \
        --out benchmarks/classifier_train/models/complexity
    .venv/bin/python benchmarks/classifier_eval.py \
        --pii-model benchmarks/classifier_train/models/pii \
        --complexity-model benchmarks/classifier_train/models/complexity

The PII model's threshold of 0.95 keeps the rules' false-positive rate on clean prompts (the
issue's "at the same false-positive rate"); the models are not committed (``models/`` is
ignored): these commands rebuild them in seconds.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

from faker import Faker

SEED = 7919
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")
HERE = Path(__file__).parent

CONDITIONS = (
    "heart failure", "chronic migraine", "coeliac disease", "type 1 diabetes", "psoriasis",
    "Diabetes Typ 2", "Asthma bronchiale", "insuffisance rénale", "diabète de type 1",
    "enfermedad de Crohn", "artritis reumatoide", "morbo di Parkinson", "ipertensione",
    "astma", "hartfalen", "long COVID", "bipolar disorder", "hepatitis C", "anaemia",
)  # fmt: skip
DRUGS = ("ramipril 5 mg", "metoprolol 50 mg", "sertraline 100 mg", "insulin glargine",
         "prednisolone 10 mg", "amlodipine 5 mg", "levothyroxine 75 mcg", "methotrexate")  # fmt: skip


class Person:
    def __init__(self, fake: Any, rng: random.Random, locale: str) -> None:
        self.f, self.r, self.locale = fake, rng, locale
        self.kinds: set[str] = set()

    def name(self) -> str:
        self.kinds.add("personName")
        return f"{self.f.first_name()} {self.f.last_name()}"

    def address(self) -> str:
        self.kinds.add("address")
        return ", ".join(x.strip() for x in str(self.f.address()).split("\n"))

    def dob(self) -> str:
        self.kinds.add("dateOfBirth")
        d = self.f.date_of_birth(minimum_age=20, maximum_age=85)
        return self.r.choice([f"{d:%d/%m/%Y}", f"{d:%Y-%m-%d}", f"{d:%d.%m.%Y}"])

    def health(self) -> str:
        self.kinds.add("health")
        return self.r.choice(CONDITIONS + DRUGS)

    def email(self) -> str:
        self.kinds.add("email")
        return str(self.f.email())

    def phone(self) -> str:
        self.kinds.add("phone")
        return str(self.f.phone_number())

    def card(self) -> str:
        self.kinds.add("creditCard")
        return str(self.f.credit_card_number())

    def iban(self) -> str:
        self.kinds.add("iban")
        return str(self.f.iban())

    def national_id(self) -> str:
        self.kinds.add("nationalId")
        if self.locale == "en_US":
            return f"SSN {self.f.ssn()}"
        if self.locale == "es_ES":
            return self.r.choice([f"NIF {self.f.nif()}", self.nie()])
        if self.locale == "nl_NL":
            return f"BSN {self.f.ssn()}"
        if self.locale == "it_IT":
            return f"CF {self.f.ssn()}"
        if self.locale == "fr_FR":
            return self.r.choice([f"n° de sécu {self.f.ssn()}", self.nir()])
        if self.locale == "de_DE":
            return "Steuer-ID " + "".join(self.r.choice(string.digits) for _ in range(11))
        return "NINO " + self.r.choice(["QQ", "AB", "JG"]) + f"{self.r.randint(100000, 999999)}C"

    def nir(self) -> str:
        """A French NIR with its mod-97 key, bare or in its printed groups."""
        d = self.f.date_of_birth(minimum_age=20, maximum_age=85)
        body = (
            f"{self.r.choice('12')}{d:%y}{d:%m}{self.r.randint(1, 95):02d}"
            f"{self.r.randint(1, 999):03d}{self.r.randint(1, 999):03d}"
        )
        key = f"{97 - int(body) % 97:02d}"
        spaced = f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:]} {key}"
        return self.r.choice([body + key, spaced])

    def nie(self) -> str:
        """A Spanish NIE: X/Y/Z, seven digits, the DNI check letter."""
        lead = self.r.choice("XYZ")
        digits = f"{self.r.randint(0, 9999999):07d}"
        letter = "TRWAGMYFPDXBNJZSQVHLCKE"[int(str("XYZ".index(lead)) + digits) % 23]
        return f"{lead}{digits}{letter}"

    def secret(self) -> str:
        self.kinds.add("secret")
        alnum = string.ascii_letters + string.digits
        body = "".join(self.r.choice(alnum) for _ in range(32))
        word = self.f.word().capitalize()
        password = f"{word}{self.r.randint(10, 9999)}{self.r.choice('!#$%&*?')}"
        user = self.f.user_name()
        host = self.f.domain_name()
        b64 = string.ascii_letters + string.digits + "_-"
        jwt = "eyJ" + "".join(self.r.choice(b64) for _ in range(30))
        jwt += ".eyJ" + "".join(self.r.choice(b64) for _ in range(50))
        jwt += "." + "".join(self.r.choice(b64) for _ in range(43))
        return self.r.choice(
            [
                f"ghp_{body}{body[:4]}", f"sk-proj-{body}", f"AKIA{body[:16].upper()}",
                f"postgres://{user}:{password}@{host}:5432/app",
                f"mysql://{user}:{password}@db.{host}/shop", f"password: {password}",
                f"DB_PASSWORD={password}", f"Passwort: {password}", f"wachtwoord {password}",
                f"mot de passe : {password}", f"contraseña: {password}",
                f"Authorization: Bearer {jwt}", f"SENDGRID_API_KEY=SG.{body[:22]}.{body}{body[:11]}",
                f"glpat-{body[:20]}", f"STRIPE_SECRET_KEY=sk_live_{body[:24]}",
                f"aws_secret_access_key = {body[:20]}/{body[20:]}{body[:8]}",
                f"user {user} / pwd {password}",
            ]
        )  # fmt: skip

    def airline_name(self) -> str:
        self.kinds.add("personName")
        return f"{self.f.last_name().upper()}/{self.f.first_name().upper()}"

    def register_name(self) -> str:
        self.kinds.add("personName")
        return f"{self.f.last_name().upper()}, {self.f.first_name()}"

    def first_name(self) -> str:
        self.kinds.add("personName")
        return str(self.f.first_name())


PII_TEMPLATES: tuple[Callable[[Person], str], ...] = (
    lambda p: f"CRM export row: {p.name()} | {p.email()} | {p.phone()}. Dedupe against the list.",
    lambda p: f"hey can u check why {p.name()} didnt get the parcel? it went to {p.address()}",
    lambda p: f"Translate for the front desk: {p.name()} (geb. {p.dob()}) kommt um 10 Uhr.",
    lambda p: f"Patient summary needed. {p.name()}, {p.dob()}, on {p.health()}. Keep it short.",
    lambda p: f"Set up a standing order from {p.iban()} for {p.name()}, monthly.",
    lambda p: f"The client paid with {p.card()} but the bank says declined. What now?",
    lambda p: f"Rotate this leaked token today: {p.secret()}",
    lambda p: f"Applicant {p.name()}, {p.national_id()}, lives at {p.address()}. Verify identity.",
    lambda p: f"Note from the nurse: {p.name()} reports side effects from {p.health()}.",
    lambda p: f"Reach {p.name()} on {p.phone()} or {p.email()} about the quote.",
    lambda p: f"Forwarded message from {p.email()}:\n> please cancel my order, {p.name()}",
    lambda p: f"Complete the tenancy form: tenant {p.name()}, born {p.dob()}, {p.address()}.",
    lambda p: f"Is {p.national_id()} formatted correctly for {p.name()}?",
    lambda p: f"Remind {p.name()} that the {p.health()} refill is ready for pickup.",
    lambda p: f"Update billing: card {p.card()}, holder {p.name()}.",
    lambda p: f"Our app can't connect, config below:\n{p.secret()}\nwhat's wrong?",
    lambda p: f"pasted from .env — {p.secret()} — why is the login failing?",
    lambda p: f"PNR 7XK2QL, passenger {p.airline_name()} MRS, rebook onto the morning flight.",
    lambda p: f"Ward list: {p.register_name()} — {p.health()}, review tomorrow.",
    lambda p: f"hi, I'm {p.first_name()}, my order never arrived and my number is {p.phone()}",
    lambda p: f"Formulaire CPAM : {p.name()}, NIR {p.nir()}, merci de vérifier.",
    lambda p: f"Client {p.name()} (né le {p.dob()}) — numéro {p.nir()}",
    lambda p: f"Alta de extranjero: {p.name()}, NIE {p.nie()}, domicilio {p.address()}.",
    lambda p: f"Claim note: {p.name()}, born {p.dob()}, was admitted with {p.health()}.",
    lambda p: f"Kind regards,\n{p.name()}\n{p.address()}\n{p.phone()}",
    lambda p: f"Please wire the deposit to {p.iban()} (account of {p.name()}).",
    lambda p: f"Send the contract to {p.name()}, {p.address()}, by Friday.",
    lambda p: f"{p.name()}, geboren {p.dob()}, Diagnose: {p.health()}. Bitte Arztbrief entwerfen.",
    lambda p: f"Paziente {p.name()}, nata il {p.dob()}, in terapia per {p.health()}.",
    lambda p: f"De patiënt {p.name()} ({p.dob()}) gebruikt {p.health()}.",
    lambda p: f"Paciente {p.name()}, {p.dob()}, diagnóstico: {p.health()}.",
)
CLEAN = (
    "Write a limerick about a cat who loves jazz.", "How do I centre a div with flexbox?",
    "Give me five ideas for a team offsite.", "What causes the northern lights?",
    "Refactor this loop into a list comprehension: for x in xs: ys.append(x * 2)",
    "Draft a release note for version 4.2 of our mobile app.", "Explain TCP slow start.",
    "Suggest a name for a bakery that sells sourdough.", "What is the boiling point of water at altitude?",
    "Summarise the plot of Hamlet in three sentences.", "Plan a 3-day itinerary for Lisbon.",
    "Write a SQL query that counts orders per month.", "Tips for a job interview at a startup?",
    "Convert 72 Fahrenheit to Celsius.", "What is the difference between a list and a tuple?",
    "Order #4471 shipped on 03/05/2024; write the status update.", "Invoice 2023-118 is overdue.",
    "Schedule the review between 12.05.2025 and 14.05.2025.", "Release 1.14.2 fixes the memory leak.",
    "Compare Kafka and RabbitMQ for event sourcing.", "Why do cats purr?",
    "Write a story about a dragon named Ember who fears fire.", "Who discovered penicillin?",
    "What did Marie Curie discover?", "Describe Sherlock Holmes's method.",
    "Our API returns 502 behind the load balancer at 10.0.0.12. Where do I look?",
    "Who lives at 10 Downing Street?", "Why is 221B Baker Street famous?",
    "Write a scene where Frodo Baggins meets Hermione Granger.", "What did Abraham Lincoln say at Gettysburg?",
    "Set DB_PASSWORD=${DB_PASSWORD} in the compose file.", "password = os.environ['DB_PASSWORD']",
    "How long should a JWT secret be?", "The token limit is 8192 tokens.",
    "Use postgres://user:password@localhost/db as the example URL in the docs.",
    "Build 2024.11.3 fixed ticket 558812.", "Reference number 4471-2209-11 on the invoice.",
    "What are the symptoms of pneumonia?", "Is ibuprofen safe with asthma?",
    "Translate 'the patient was admitted' into German.", "Sort these surnames: Rossi, Jansen, Dupont.",
    "Explain the French social security system.", "What is a NIE number in Spain?",
    "Ciao, come si dice 'good morning' in tedesco?", "I'm planning a trip to Rome in May.",
)  # fmt: skip

EASY = (
    "What is the capital of {c}?", "Translate '{w}' into {lang}.", "How do you spell '{w}'?",
    "Convert {n} kilometres to miles.", "What is {n} plus {m}?", "Give me a synonym for '{w}'.",
    "Who wrote {book}?", "Summarise this in one line: {short}", "List three fruits that are red.",
    "Fix the typos: {typo}", "What year did {event} happen?", "Rewrite this more politely: {short}",
    "Tell me a joke about {animal}.", "Suggest a name for my {animal}.", "Define '{w}'.",
    "Is a {animal} a mammal?", "Can a {animal} swim?", "What is {n} squared?",
    "How many days are in {month}?", "Convert {n} kilometres to miles.", "What does '{w}' mean?",
    "Give me a synonym for '{w}'.", "Translate this sentence into {lang}: {short}",
    "When is {event} remembered?", "Who painted {painting}?",
)  # fmt: skip
MEDIUM = (
    "Explain how {topic} works.", "Write a Python function that {simple}.",
    "Compare {a} and {b} for a small project.", "What are the pros and cons of {topic}?",
    "Write a cover letter for a {job} role.", "Explain the difference between {a} and {b}.",
    "Create a study plan for {subject} in four weeks.", "Write a blog post about {topic}.",
    "What are the main causes of {history}?", "Draft an email to my landlord about a broken {thing}.",
    "Summarise the arguments for and against {debate}.", "Write a short story about a {animal} who {quirk}.",
    "How do I get started with {subject}?", "Describe how {topic} is used in practice.",
)  # fmt: skip
HARD = (
    "Prove that {theorem}.", "Derive {derivation}.", "Design {system} that {requirement}.",
    "Debug this: {bug}. Find the root cause.", "Optimise {slow} and justify each change.",
    "How would you {design_q}?", "Implement {hard_code} and argue its correctness.",
    "Show that {theorem}.", "Analyse the trade-offs of {a} versus {b} for {system}, in depth.",
    "Plan {migration} with no downtime and a rollback path.",
    "Translate this {poem} into {lang}, keeping the rhyme scheme and the metre.",
    "Rewrite this {legal} in plain English without changing its legal effect.",
    "Translate these puns into {lang} so that each still works as a pun.",
    "{fault} What's going on, and how do I fix it?",
    "Why does {bug} only happen under load?", "Demonstrate that {theorem}.",
    "Is it true that {theorem}? Give a rigorous argument.", "Work out {derivation}.",
    "What {eng_q}, given {eng_given}?", "{money_q} Weigh the tax and risk trade-offs.",
    "Under {law} law, {legal_q}?", "Propose {system} that {requirement}.",
    "Make {slow} fast enough to run in under a minute.",
    "Find {optimum} and prove it is optimal.", "Compute {probability} and explain each step.",
    "Draft a {contract_clause} clause for {deal} that is enforceable in {law} law.",
)  # fmt: skip
FILL = {
    "c": ["Chile", "Kenya", "Norway", "Vietnam", "Canada"], "lang": ["French", "Dutch", "Italian"],
    "w": ["bicycle", "gratitude", "window", "harvest", "quiet"], "n": ["12", "250", "7", "42"],
    "m": ["9", "31", "118"], "book": ["Dracula", "Middlemarch", "The Trial"],
    "short": ["send me the file asap", "the meeting moved to 3pm, be there"],
    "typo": ["Teh report is attched.", "I recieved you're mesage."],
    "event": ["the moon landing", "the fall of Constantinople"], "animal": ["hamster", "parrot"],
    "topic": ["OAuth", "a hash map", "photosynthesis", "inflation", "container images"],
    "simple": ["counts vowels", "reverses a list", "checks for a palindrome"],
    "a": ["Rust", "PostgreSQL", "REST", "monoliths"], "b": ["Go", "MongoDB", "gRPC", "microservices"],
    "job": ["data analyst", "nurse", "teacher"], "subject": ["statistics", "Spanish", "guitar"],
    "theorem": ["there is no largest prime", "every finite group of prime order is cyclic",
                "the harmonic series diverges", "a bipartite graph has no odd cycle"],
    "derivation": ["the normal equations of least squares", "the Black-Scholes PDE",
                   "the variance of the sample mean", "the gradient of softmax cross-entropy"],
    "system": ["a multi-region key-value store", "a rate limiter for 1M tenants",
               "an exactly-once event pipeline"],
    "requirement": ["survives a region outage", "keeps p99 under 10 ms", "never loses a write"],
    "bug": ["a deadlock between two mutexes under load", "a use-after-free in our allocator",
            "a race in the cache invalidation path"],
    "slow": ["this O(n^2) join", "a hot loop with false sharing", "a query that scans 40M rows"],
    "design_q": ["partition a social graph across 100 shards", "make a consensus log linearizable",
                 "schedule GPU jobs fairly across teams"],
    "hard_code": ["a lock-free MPMC queue", "an LSM-tree compaction policy", "a CRDT text buffer"],
    "migration": ["moving 5 TB from MySQL to Postgres", "a Kafka cluster upgrade"],
    "month": ["February", "a leap year", "September"], "painting": ["Guernica", "The Night Watch"],
    "history": ["the First World War", "the Great Depression", "the fall of Rome"],
    "thing": ["boiler", "window", "fridge"], "debate": ["a four-day week", "remote work"],
    "quirk": ["collects spoons", "is afraid of the dark"],
    "poem": ["sonnet", "limerick", "villanelle", "ballad"],
    "legal": ["indemnity clause", "limitation of liability", "termination clause"],
    "fault": ["Two threads update a shared counter and the total is sometimes wrong.",
              "Our Node service leaks memory only in production.",
              "The nightly job deadlocks when two workers lock the same rows."],
    "eng_q": ["beam depth keeps deflection under 10 mm", "cable size carries 40 A over 30 m",
              "pump power lifts 12 m3/h by 25 m"],
    "eng_given": ["a 6 m span at 8 kN/m", "a 3% voltage drop limit at 230 V", "80% efficiency"],
    "money_q": ["Should I pay off my 3.9% mortgage or invest 50k in index funds?",
                "I freelance in Germany for a US client through an LLC; how am I taxed?"],
    "law": ["German", "French", "English", "Dutch", "Spanish"],
    "legal_q": ["can an employer dismiss someone on sick leave",
                "is a 24-month non-compete enforceable", "who bears the risk if goods are lost in transit"],
    "optimum": ["the largest rectangle inscribed in a semicircle", "the cheapest shipping plan for 4 depots"],
    "probability": ["the expected number of flips to see three heads in a row",
                    "the chance two random chords of a circle cross"],
    "contract_clause": ["drag-along", "earn-out", "non-solicitation"],
    "deal": ["a startup with three founders", "the acquisition of a supplier"],
}  # fmt: skip


def fill(template: str, r: random.Random) -> str:
    out = template
    for key, values in FILL.items():
        while "{" + key + "}" in out:
            out = out.replace("{" + key + "}", r.choice(values), 1)
    return out


def main() -> None:
    rng = random.Random(SEED)
    fakers = {loc: Faker(loc) for loc in LOCALES}
    for i, f in enumerate(fakers.values()):
        f.seed_instance(SEED + i)
    rows = []
    for _ in range(3000):
        loc = rng.choice(LOCALES)
        p = Person(fakers[loc], rng, loc)
        text = rng.choice(PII_TEMPLATES)(p)
        rows.append({"text": text, "labels": sorted(p.kinds)})
    for _ in range(1500):
        rows.append({"text": rng.choice(CLEAN), "labels": []})
    rng.shuffle(rows)
    with (HERE / "pii_train.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    cx = []
    for level, templates, count in (
        ("easy", EASY, 700),
        ("medium", MEDIUM, 500),
        ("hard", HARD, 700),
    ):
        for _ in range(count):
            cx.append({"text": fill(rng.choice(templates), rng), "labels": [level]})
    rng.shuffle(cx)
    with (HERE / "complexity_train.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in cx)
    print(f"{len(rows)} PII rows, {len(cx)} complexity rows")


if __name__ == "__main__":
    main()
