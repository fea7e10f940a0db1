"""Seeded generator of labelled PII prompts for ``benchmarks/classifier_eval.py``.

Fake identities come from Faker's per-locale providers (names, postal addresses, phones,
IBANs, national IDs), so the set covers the conventions of each country rather than one
hand-picked example each. The templates are written for this evaluation only: prompt
shapes people paste into a chat model (support tickets, medical notes, HR letters,
e-mails to a named person, forms), in English and in each locale's own language. Each
prompt carries the set of kinds it contains; the label is exact by construction, since a
kind is added only where its value is placed.

    .venv/bin/python benchmarks/classifier_eval/pii_generate.py   # rewrites pii_generated.jsonl

The evaluation reads the committed JSONL, so a Faker upgrade does not move the figures
until the file is regenerated on purpose.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

from faker import Faker

SEED = 19
COUNT = 665
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")
OUT = Path(__file__).with_name("pii_generated.jsonl")


class Ctx:
    """One prompt's fake identity, drawn lazily so a template pays only for what it uses."""

    def __init__(self, fake: Faker, rng: random.Random, locale: str) -> None:
        self.fake: Any = fake  # Faker's providers are attached at run time, untyped
        self.rng = rng
        self.locale = locale
        self.lang = locale[:2]  # the language of the template's own words
        self.kinds: set[str] = set()

    def pick(self, *options: str) -> str:
        return self.rng.choice(options)

    def choose(self, *options: Callable[[], str]) -> str:
        """One of several phrasings, built only once chosen (so only its kinds are labelled)."""
        return self.rng.choice(options)()

    # -- free text ---------------------------------------------------------------------

    def name(self) -> str:
        self.kinds.add("personName")
        f = self.fake
        return str(self.rng.choice([f.name, lambda: f"{f.first_name()} {f.last_name()}"])())

    def last_name(self) -> str:
        self.kinds.add("personName")
        return str(self.fake.last_name())

    def address(self) -> str:
        self.kinds.add("address")
        text = str(self.fake.address())
        while {"APO", "FPO", "DPO"} & set(text.split()):
            # US military mail ("USNS Smith, FPO AE 12345") carries a ship's name, not a street
            text = str(self.fake.address())
        sep = self.rng.choice([", ", ", ", "\n"])
        return sep.join(part.strip() for part in text.split("\n"))

    def dob(self) -> str:
        self.kinds.add("dateOfBirth")
        day = self.fake.date_of_birth(minimum_age=18, maximum_age=90)
        return fmt_date(day, self.locale, self.rng)

    def condition(self) -> str:
        self.kinds.add("health")
        return self.rng.choice(CONDITIONS[self.lang])

    def medication(self) -> str:
        self.kinds.add("health")
        return self.rng.choice(MEDICATIONS)

    def lab(self) -> str:
        self.kinds.add("health")
        return self.rng.choice(LABS)

    # -- structured --------------------------------------------------------------------

    def email(self) -> str:
        self.kinds.add("email")
        return str(self.rng.choice([self.fake.free_email, self.fake.company_email])())

    def phone(self) -> str:
        self.kinds.add("phone")
        if self.rng.random() < 0.3:
            return digit_pairs(self.locale, self.rng)
        return str(self.fake.phone_number())

    def card(self) -> str:
        self.kinds.add("creditCard")
        number = str(self.fake.credit_card_number())
        if self.rng.random() < 0.4 and len(number) == 16:
            sep = self.rng.choice([" ", "-"])
            number = sep.join(number[i : i + 4] for i in range(0, 16, 4))
        return number

    def iban(self) -> str:
        self.kinds.add("iban")
        iban = str(self.fake.iban())
        if self.rng.random() < 0.5:
            iban = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
        return iban

    def national_id(self) -> tuple[str, str]:
        """(the label people put before it, the number) in this locale's convention."""
        self.kinds.add("nationalId")
        f, r = self.fake, self.rng
        if self.locale == "en_US":
            return r.choice(["SSN", "social security number", "SSN#"]), str(f.ssn())
        if self.locale == "en_GB":
            return r.choice(["NI number", "National Insurance number", "NINO"]), ni_number(r)
        if self.locale == "de_DE":
            tax_id = str(r.randint(1, 9)) + "".join(r.choice(string.digits) for _ in range(10))
            return r.choice(["Steuer-ID", "Steueridentifikationsnummer"]), tax_id
        if self.locale == "fr_FR":
            return r.choice(["numéro de sécurité sociale", "NIR"]), str(f.ssn())
        if self.locale == "es_ES":
            return r.choice(["DNI", "NIF"]), str(f.nif())
        if self.locale == "it_IT":
            return "codice fiscale", str(f.ssn())
        return r.choice(["BSN", "burgerservicenummer"]), str(f.ssn())

    def secret(self) -> str:
        self.kinds.add("secret")
        r = self.rng
        kind = r.randrange(3)
        if kind == 0:
            return "AKIA" + "".join(
                r.choice(string.ascii_uppercase + string.digits) for _ in range(16)
            )
        if kind == 1:
            return "ghp_" + "".join(
                r.choice(string.ascii_letters + string.digits) for _ in range(36)
            )
        return "sk_live_" + "".join(
            r.choice(string.ascii_letters + string.digits) for _ in range(24)
        )


MONTHS_EN = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def fmt_date(day: dt.date, locale: str, rng: random.Random) -> str:
    if locale == "en_US":
        return rng.choice([f"{day:%m/%d/%Y}", f"{MONTHS_EN[day.month - 1]} {day.day}, {day.year}"])
    if locale == "en_GB":
        return rng.choice([f"{day:%d/%m/%Y}", f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}"])
    if locale == "de_DE":
        return f"{day:%d.%m.%Y}"
    if locale == "nl_NL":
        return rng.choice([f"{day:%d-%m-%Y}", f"{day:%d/%m/%Y}"])
    return f"{day:%d/%m/%Y}"


def digit_pairs(locale: str, rng: random.Random) -> str:
    """A mobile number written in digit groups, as people type them in each country."""

    def d(n: int) -> str:
        return "".join(rng.choice(string.digits) for _ in range(n))

    if locale == "fr_FR":
        return f"0{rng.choice('67')} {d(2)} {d(2)} {d(2)} {d(2)}"
    if locale == "nl_NL":
        return f"06 {d(2)} {d(2)} {d(2)} {d(2)}"
    if locale == "de_DE":
        return f"0{rng.choice(['151', '160', '170', '176'])} {d(3)} {d(2)} {d(2)}"
    if locale == "es_ES":
        return f"6{d(2)} {d(2)} {d(2)} {d(2)}"
    if locale == "it_IT":
        return f"3{d(2)} {d(3)} {d(2)} {d(2)}"
    if locale == "en_GB":
        return f"07{d(3)} {d(3)} {d(3)}"
    return f"({rng.randint(201, 989)}) {d(3)} {d(2)} {d(2)}"


def ni_number(rng: random.Random) -> str:
    prefix = rng.choice(["AB", "CE", "JG", "KL", "NH", "PR", "SW", "TM", "WP", "YH"])
    digits = "".join(rng.choice(string.digits) for _ in range(6))
    suffix = rng.choice("ABCD")
    if rng.random() < 0.5:
        return f"{prefix} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"
    return f"{prefix}{digits}{suffix}"


CONDITIONS = {
    "en": [
        "type 2 diabetes",
        "hypertension",
        "major depressive disorder",
        "asthma",
        "COPD",
        "rheumatoid arthritis",
        "epilepsy",
        "HIV",
        "hypothyroidism",
        "atrial fibrillation",
        "stage II breast cancer",
        "Crohn's disease",
        "bipolar disorder",
        "chronic kidney disease stage 3",
        "multiple sclerosis",
        "generalised anxiety disorder",
    ],
    "de": [
        "Typ-2-Diabetes",
        "Bluthochdruck",
        "einer depressiven Episode",
        "Asthma bronchiale",
        "rheumatoider Arthritis",
        "Epilepsie",
        "Hypothyreose",
        "Vorhofflimmern",
        "Morbus Crohn",
    ],
    "fr": [
        "diabète de type 2",
        "hypertension artérielle",
        "dépression sévère",
        "asthme",
        "polyarthrite rhumatoïde",
        "épilepsie",
        "fibrillation auriculaire",
        "sclérose en plaques",
    ],
    "es": [
        "diabetes tipo 2",
        "hipertensión arterial",
        "depresión mayor",
        "asma",
        "epilepsia",
        "artritis reumatoide",
        "fibrilación auricular",
        "esclerosis múltiple",
    ],
    "it": [
        "diabete di tipo 2",
        "ipertensione",
        "depressione maggiore",
        "asma",
        "epilessia",
        "artrite reumatoide",
        "fibrillazione atriale",
        "sclerosi multipla",
    ],
    "nl": [
        "diabetes type 2",
        "hoge bloeddruk",
        "een depressie",
        "astma",
        "epilepsie",
        "reumatoïde artritis",
        "boezemfibrilleren",
        "multiple sclerose",
    ],
}
MEDICATIONS = [
    "metformin 500 mg twice daily",
    "lisinopril 10 mg",
    "sertraline 50 mg",
    "a salbutamol inhaler",
    "levothyroxine 75 mcg",
    "apixaban 5 mg",
    "methotrexate 15 mg weekly",
    "insulin glargine 20 units at night",
    "lithium 400 mg",
    "adalimumab 40 mg every two weeks",
    "quetiapine 100 mg",
    "atorvastatin 40 mg",
]
LABS = [
    "HbA1c 8.1%",
    "eGFR 42 mL/min",
    "LDL 4.2 mmol/L",
    "TSH 7.9 mIU/L",
    "CD4 count 350",
    "INR 3.4",
    "creatinine 1.8 mg/dL",
    "blood pressure 162/98",
    "ferritin 8 ng/mL",
    "PSA 6.3 ng/mL",
]
COMPANIES = [
    "Northwind",
    "Acme Logistics",
    "Brightline Energy",
    "Contoso Bank",
    "Globex",
    "Initech",
]


Template = Callable[[Ctx], str]

# -- English templates (any locale's identity) -------------------------------------------


def t_ticket_address(c: Ctx) -> str:
    return (
        f"Customer {c.name()} says the parcel never arrived. Delivery address on the order: "
        f"{c.address()}. {c.pick('Draft a polite reply', 'Write an apology email', 'Suggest next steps')}."
    )


def t_ticket_phone(c: Ctx) -> str:
    return (
        f"Support ticket #{c.rng.randint(10000, 99999)}: caller asked to be rung back on {c.phone()} "
        f"about a duplicate charge. {c.pick('Summarise the ticket.', 'Classify the urgency.', 'Write the callback script.')}"
    )


def t_ticket_email_card(c: Ctx) -> str:
    return (
        f"A customer wrote from {c.email()}: 'You charged my card {c.card()} twice for the same "
        f"order.' {c.pick('How should we answer?', 'Write a refund confirmation.', 'Is this fraud?')}"
    )


def t_refund_iban(c: Ctx) -> str:
    return (
        f"Please write a short note to accounting: refund EUR {c.rng.randint(20, 900)}.00 to "
        f"{c.name()}, IBAN {c.iban()}, reason: cancelled subscription."
    )


def t_medical_note(c: Ctx) -> str:
    return (
        f"Summarise this clinic note for the referral letter: {c.name()}, DOB {c.dob()}, "
        f"presents with worsening {c.condition()}. Current medication: {c.medication()}. "
        f"Latest {c.lab()}."
    )


def t_medical_patient(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"My patient {c.name()} was diagnosed with {c.condition()} last month and started {c.medication()}. "
            "What follow-up tests would you schedule?"
        ),
        lambda: (
            f"Patient: {c.name()}. Dx: {c.condition()}. Labs: {c.lab()}. Write a discharge summary."
        ),
        lambda: (
            f"Can you explain to {c.name()} in plain words why their {c.lab()} means the "
            f"{c.condition()} is not well controlled?"
        ),
    )


def t_medical_dob_phone(c: Ctx) -> str:
    return (
        f"Book a follow-up for {c.name()} (date of birth {c.dob()}, mobile {c.phone()}) "
        f"to review {c.medication()}. Write the SMS reminder."
    )


def t_hr_salary(c: Ctx) -> str:
    return (
        f"Write an offer letter for {c.name()}, starting {c.pick('1 March', 'next Monday', 'on 1 July')} as "
        f"{c.pick('Senior Data Engineer', 'Office Manager', 'Product Designer', 'Nurse Practitioner')} "
        f"at a salary of {c.rng.randint(38, 140)},000 per year."
    )


def t_hr_warning(c: Ctx) -> str:
    return (
        f"Draft a formal written warning to our employee {c.name()} for repeated lateness. "
        f"Send it to {c.address()}."
    )


def t_hr_sick(c: Ctx) -> str:
    return (
        f"{c.name()} from the warehouse team has been off sick for three weeks with {c.condition()}. "
        "Write a return-to-work plan that respects the doctor's advice."
    )


def t_hr_payroll(c: Ctx) -> str:
    label, number = c.national_id()
    return (
        f"Payroll form check: employee {c.name()}, born {c.dob()}, {label} {number}, "
        f"salary account {c.iban()}. Is anything missing?"
    )


def t_email_to_person(c: Ctx) -> str:
    first = c.name()
    return c.choose(
        lambda: (
            f"Write a friendly email to {first} ({c.email()}) asking to move our meeting to Thursday."
        ),
        lambda: f"Reply to {first} at {c.email()} and say the invoice is attached.",
        lambda: (
            f"Dear {first},\n\nThank you for your message. Could you please rewrite this opening so it sounds less stiff?"
        ),
    )


def t_salutation(c: Ctx) -> str:
    title = c.pick("Mr", "Mrs", "Ms", "Dr", "Mr.", "Ms.")
    return (
        f"Proofread this: 'Dear {title} {c.last_name()}, further to our call, we confirm the "
        f"appointment on Tuesday.'"
    )


def t_signature(c: Ctx) -> str:
    return (
        "Make this email more concise:\n\nHi team, just a reminder that the quarterly report is due "
        "on Friday and I still need two sections. Please send them over when you can.\n\n"
        f"{c.pick('Best regards', 'Kind regards', 'Thanks', 'Cheers')},\n{c.name()}\n{c.phone()}"
    )


def t_letter_address(c: Ctx) -> str:
    return (
        f"Write a letter to {c.name()}, {c.address()}, informing them that their lease will be "
        "renewed for another year."
    )


def t_form(c: Ctx) -> str:
    return (
        "Convert this form to JSON:\n"
        f"Full name: {c.name()}\nDate of birth: {c.dob()}\nEmail: {c.email()}\n"
        f"Phone: {c.phone()}\nAddress: {c.address()}"
    )


def t_form_bank(c: Ctx) -> str:
    return (
        "Fill in the direct-debit mandate text for this customer:\n"
        f"Account holder: {c.name()}\nIBAN: {c.iban()}\nEmail: {c.email()}"
    )


def t_born(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"My grandmother {c.name()} was born on {c.dob()}. Write a short poem for her birthday."
        ),
        lambda: f"Calculate the exact age today of {c.name()}, born {c.dob()}.",
        lambda: (
            f"{c.name()} (DOB: {c.dob()}) needs a travel insurance quote. What details am I missing?"
        ),
    )


def t_dob_only(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"I was born on {c.dob()}. Which zodiac sign am I, and what year of the Chinese calendar?"
        ),
        lambda: f"My DOB is {c.dob()} - am I old enough to rent a car in Spain?",
        lambda: f"Date of birth: {c.dob()}. How many days until I turn 70?",
    )


def t_ssn(c: Ctx) -> str:
    label, number = c.national_id()
    return c.choose(
        lambda: (
            f"The tax office letter asks me to confirm my {label}, which is {number}. Write a short reply."
        ),
        lambda: f"Is this {label} valid: {number}? It belongs to {c.name()}.",
        lambda: f"Update the record: {label} {number}, surname {c.last_name()}.",
    )


def t_ni_number(c: Ctx) -> str:
    label, number = c.national_id()
    return f"Write a cover note to HMRC for my self-assessment. My {label} is {number} and I moved house in May."


def t_card_only(c: Ctx) -> str:
    return c.choose(
        lambda: f"Why would a payment with card {c.card()} be declined at the checkout?",
        lambda: (
            f"Card number {c.card()}, exp {c.rng.randint(1, 12):02d}/{c.rng.randint(27, 31)}. Is this a Visa or Mastercard?"
        ),
    )


def t_phone_only(c: Ctx) -> str:
    return c.choose(
        lambda: f"Call me back on {c.phone()} when the part is in stock.",
        lambda: f"Text the delivery driver at {c.phone()} and say I am working from home today.",
        lambda: f"Format this number for a database in E.164: {c.phone()}",
    )


def t_email_only(c: Ctx) -> str:
    return c.choose(
        lambda: f"Add {c.email()} to the mailing list and write a welcome message.",
        lambda: f"Unsubscribe {c.email()} from all newsletters and confirm it in one sentence.",
    )


def t_secret(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"My deploy fails with 403. Config:\nregion = eu-west-1\naws_access_key_id = {c.secret()}\nWhat is wrong?"
        ),
        lambda: (
            f"Why does `curl -H 'Authorization: Bearer {c.secret()}' https://api.internal/v1/jobs` return 401?"
        ),
        lambda: f"Is it safe to put STRIPE_KEY={c.secret()} in my .env file that is committed?",
    )


def t_address_only(c: Ctx) -> str:
    return c.choose(
        lambda: f"How long would it take to cycle from the station to {c.address()}?",
        lambda: f"Please check the postcode in this shipping label: {c.address()}",
        lambda: f"I live at {c.address()}. Which waste collection day applies to me?",
    )


def t_name_context(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"My neighbour {c.name()} keeps parking in front of my garage. How do I write a polite note?"
        ),
        lambda: (
            f"Our new tenant is called {c.name()}. Draft a welcome message for the building chat."
        ),
        lambda: (
            f"Summarise the meeting: {c.name()} agreed to own the budget, {c.name()} will hire two contractors."
        ),
        lambda: (
            f"I need a reference letter for my former colleague {c.name()}, who worked with me for four years."
        ),
    )


def t_insurance_claim(c: Ctx) -> str:
    return (
        f"Insurance claim for {c.name()}, policyholder since 2015, residing at {c.address()}. "
        f"The claimant was treated for {c.condition()}. Write the claim summary."
    )


def t_school(c: Ctx) -> str:
    name = c.name()
    reason = c.pick("dentist appointment", "asthma review", "allergy test")
    if reason != "dentist appointment":
        c.kinds.add("health")  # a named child's condition
    return (
        f"Write a note to the school saying my son {name} will miss class on Friday because of "
        f"his {reason}; his date of birth is {c.dob()} if they need it."
    )


def t_kyc(c: Ctx) -> str:
    label, number = c.national_id()
    return (
        f"KYC check for a new account: {c.name()}, born {c.dob()}, address {c.address()}, "
        f"{label}: {number}, contact {c.email()}. List what still has to be verified."
    )


def t_pharmacy(c: Ctx) -> str:
    return (
        f"Prescription for {c.name()}: {c.medication()}, 30 days. The patient also takes "
        f"{c.medication()}. Any interactions I should warn about?"
    )


# -- native-language templates -----------------------------------------------------------


def t_de(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"Bitte fasse zusammen: Herr {c.last_name()}, geb. {c.dob()}, wohnhaft {c.address()}, "
            f"leidet seit Jahren an {c.condition()}."
        ),
        lambda: (
            f"Schreib eine Kündigungsbestätigung an {c.name()}, {c.address()}. Die Kundin ist "
            f"telefonisch unter {c.phone()} erreichbar."
        ),
        lambda: (
            f"Sehr geehrte Frau {c.last_name()},\nvielen Dank für Ihre Nachricht. Bitte formuliere diese "
            "Antwort freundlicher."
        ),
        lambda: (
            f"Mitarbeiter {c.name()}, Geburtsdatum {c.dob()}, Bankverbindung {c.iban()}. Erstelle die "
            "Lohnabrechnungsnotiz."
        ),
    )


def t_fr(c: Ctx) -> str:
    return c.choose(
        lambda: f"Rédige un courrier à {c.name()}, {c.address()}, pour confirmer le rendez-vous.",
        lambda: (
            f"Patient : {c.name()}, né le {c.dob()}, suivi pour {c.condition()}. Résume le dossier."
        ),
        lambda: f"Rappelez Mme {c.last_name()} au {c.phone()} au sujet de sa commande.",
        lambda: (
            f"Madame {c.name()}, date de naissance {c.dob()}, {c.pick('numéro de sécurité sociale', 'NIR')} "
            f"{c.fake.ssn()}. Vérifie le formulaire."
        ),
    )


def t_es(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"Escribe una carta a {c.name()}, {c.address()}, para confirmar la renovación del contrato."
        ),
        lambda: (
            f"Paciente {c.name()}, fecha de nacimiento {c.dob()}, diagnosticado de {c.condition()}. "
            "Resume la historia clínica."
        ),
        lambda: f"Llama a la señora {c.last_name()} al {c.phone()} para confirmar la cita.",
        lambda: (
            f"El cliente {c.name()} nació el {c.dob()} y su DNI es {c.fake.nif()}. ¿Qué falta en la ficha?"
        ),
    )


def t_it(c: Ctx) -> str:
    return c.choose(
        lambda: f"Scrivi una lettera a {c.name()}, {c.address()}, per confermare l'appuntamento.",
        lambda: (
            f"Paziente {c.name()}, nato il {c.dob()}, affetto da {c.condition()}. Riassumi la cartella."
        ),
        lambda: f"Richiama il signor {c.last_name()} al numero {c.phone()} per la consegna.",
        lambda: (
            f"Dipendente {c.name()}, data di nascita {c.dob()}, codice fiscale {c.fake.ssn()}. Prepara il contratto."
        ),
    )


def t_nl(c: Ctx) -> str:
    return c.choose(
        lambda: (
            f"Schrijf een brief aan {c.name()}, {c.address()}, over de verlenging van het huurcontract."
        ),
        lambda: (
            f"Patiënt {c.name()}, geboren op {c.dob()}, bekend met {c.condition()}. Vat het dossier samen."
        ),
        lambda: f"Bel mevrouw {c.last_name()} terug op {c.phone()} over haar bestelling.",
        lambda: (
            f"Werknemer {c.name()}, geboortedatum {c.dob()}, BSN {c.fake.ssn()}. Controleer het formulier."
        ),
    )


def _mark_native_ids(c: Ctx, text: str) -> str:
    """Native templates that embed an ID through Faker directly label it here."""
    if any(w in text for w in ("sécurité sociale", "NIR ", "DNI es", "codice fiscale", "BSN ")):
        c.kinds.add("nationalId")
    return text


ENGLISH: list[Template] = [
    t_ticket_address,
    t_ticket_phone,
    t_ticket_email_card,
    t_refund_iban,
    t_medical_note,
    t_medical_patient,
    t_medical_dob_phone,
    t_hr_salary,
    t_hr_warning,
    t_hr_sick,
    t_hr_payroll,
    t_email_to_person,
    t_salutation,
    t_signature,
    t_letter_address,
    t_form,
    t_form_bank,
    t_born,
    t_dob_only,
    t_ssn,
    t_card_only,
    t_phone_only,
    t_email_only,
    t_secret,
    t_address_only,
    t_name_context,
    t_insurance_claim,
    t_school,
    t_kyc,
    t_pharmacy,
]
NATIVE: dict[str, Template] = {"de": t_de, "fr": t_fr, "es": t_es, "it": t_it, "nl": t_nl}


def generate(count: int = COUNT, seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    fakes = {loc: Faker(loc) for loc in LOCALES}
    for i, fake in enumerate(fakes.values()):
        fake.seed_instance(seed * 100 + i)
    rows: list[dict[str, object]] = []
    for i in range(count):
        locale = LOCALES[i % len(LOCALES)]
        c = Ctx(fakes[locale], rng, locale)
        templates = list(ENGLISH)
        if locale == "en_GB":
            templates.append(t_ni_number)
        native = NATIVE.get(locale[:2])
        if native is not None and rng.random() < 0.35:
            template: Template = native
        else:
            template = rng.choice(templates)
            c.lang = "en"
        text = _mark_native_ids(c, template(c))
        rows.append(
            {
                "id": f"pii-{i:04d}",
                "locale": locale,
                "template": template.__name__,
                "text": text,
                "kinds": sorted(c.kinds),
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
