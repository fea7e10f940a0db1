"""Synthetic person mentions for ``pii_person_train.py``: invented names in private and
public contexts, in English, German, French and Spanish.

Names come from character trigram models of Faker's first- and last-name lists across many
locales (``Names``): a drawn name that a list holds is drawn again, so the model learns what
names look like rather than which names exist. Each template places a name where a private
person stands (a colleague, a relative, a client, a nickname with the full name after a
dash or in brackets, an e-mail's subject line) or where a public one does (a minister, an
author, a historical figure, a street, a company, a prize, a character in a novel, a
declared placeholder); ``synthetic`` yields each text with the offsets of the names whose
spans are positives (none for a public context).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterator

from faker import Faker

LOCALES = (
    "en_GB", "en_US", "en_IE", "en_IN", "de_DE", "de_AT", "fr_FR", "fr_CH", "es_ES",
    "es_MX", "it_IT", "nl_NL", "pt_PT", "pt_BR", "tr_TR", "cs_CZ", "hu_HU", "ga_IE",
    "sv_SE", "fi_FI", "ro_RO", "hr_HR", "sk_SK", "da_DK", "no_NO",
)  # fmt: skip
_LATIN = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ÿ'\-]+$")


def _lists() -> tuple[list[str], list[str]]:
    firsts: set[str] = set()
    lasts: set[str] = set()
    for loc in LOCALES:
        fake = Faker(loc)
        for p in fake.providers:
            if type(p).__module__.startswith("faker.providers.person"):
                firsts.update(n for n in getattr(p, "first_names", ()) if _LATIN.match(n))
                lasts.update(n for n in getattr(p, "last_names", ()) if _LATIN.match(n))
    return sorted(firsts), sorted(lasts)


class Names:
    """Character trigram models of first names and surnames; draws names the lists lack."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.firsts, self.lasts = _lists()
        self.known = set(self.firsts) | set(self.lasts)
        self.models = {"first": self._model(self.firsts), "last": self._model(self.lasts)}

    @staticmethod
    def _model(names: list[str]) -> dict[str, list[str]]:
        table: dict[str, list[str]] = defaultdict(list)
        for n in names:
            padded = "^^" + n.lower() + "$"
            for i in range(len(padded) - 2):
                table[padded[i : i + 2]].append(padded[i + 2])
        return table

    def _draw(self, kind: str) -> str:
        table = self.models[kind]
        for _ in range(50):
            out, ctx = "", "^^"
            while len(out) < 14:
                c = self.rng.choice(table[ctx])
                if c == "$":
                    break
                out += c
                ctx = ctx[1] + c
            name = out.capitalize()
            if 3 <= len(out) <= 12 and name not in self.known and "-" not in out[-1:]:
                return name
        return self.rng.choice(self.firsts if kind == "first" else self.lasts)

    def first(self) -> str:
        if self.rng.random() < 0.3:
            return self.rng.choice(self.firsts)
        return self._draw("first")

    def last(self) -> str:
        r = self.rng.random()
        name = self.rng.choice(self.lasts) if r < 0.25 else self._draw("last")
        r = self.rng.random()
        if r < 0.12:
            name = f"{name}-{self._draw('last')}"
        elif r < 0.16:
            name = "Mc" + name
        elif r < 0.22:
            name = self.rng.choice(("van ", "de ", "von ", "del ", "da ", "van der ")) + name
        return name


_PRIVATE = {
    "en": (
        "My colleague {N} told me she is pregnant and wants to keep it quiet.",
        "{N}'s test results show a heart condition.",
        "Can you help me write to HR about {N}? He has been off with depression since May.",
        "heads up \u2013 {K} ({N} in payroll) is off till March, second round of chemo.",
        "{K} \u2013 {N} in logistics \u2013 has started dialysis.",
        "My neighbour {N} has fallen behind on rent and asked me not to tell anyone.",
        "Subject: sick note \u2013 {N}\nShe will be on leave after the surgery.",
        "{N} from accounts has a criminal conviction for fraud, is that a problem?",
        "We hired {N} last year; he recently told me he is gay.",
        "Please draft a reply to {N}, who wrote that her son has autism.",
        "Our intern {N} joined the union and is standing as a rep.",
        "I manage {N}; she is a practising Muslim and asked for prayer breaks.",
        "From: {N}\nSubject: my diagnosis\nI was told it is multiple sclerosis.",
        "Notes from the call with {N}: bankrupt since March, two payday loans.",
        "Dear team, {N} will be away after a heart attack, please cover her shifts.",
        "{N} (aka {K}) was arrested last weekend and the club wants to know.",
        "My sister-in-law {N} is on methadone and looking for work.",
        "The tenant, {N}, is on universal credit and has rent arrears.",
        "> On Monday, {N} wrote:\n> I'm HIV positive and need the afternoon off.",
        "{N} said in confidence that she is transitioning.",
        "How do I support {N} after his cancer diagnosis?",
        "I think {N} is struggling with alcohol, he smelled of it again today.",
    ),
    "de": (
        "Mein Kollege {N} hat mir erzählt, dass er Krebs hat.",
        "{N} ist seit Januar in der Reha wegen ihrer Alkoholsucht.",
        "Unsere Kollegin {K} ({N}) hat erzählt, dass sie eine Fehlgeburt hatte.",
        "{N} ist wegen Diebstahls vorbestraft, sagt sein Bewährungshelfer.",
        "{N} ist in der IG Metall aktiv.",
        "Betreff: Krankmeldung {N}\nSie fällt nach der Operation sechs Wochen aus.",
        "Meine Nachbarin {N} hat Schulden und die Bank hat ihr Konto gepfändet.",
        "Kannst du eine Mail an {N} schreiben? Er hat eine Depression.",
        "{K} \u2013 also {N} aus dem Lager \u2013 ist schwanger.",
        "Herr Dr. Wolf hat {N} eine Psychotherapie empfohlen.",
        "Unser Mitarbeiter {N} ist Zeuge Jehovas und will nicht am Fest teilnehmen.",
        "{N} hat mir im Vertrauen gesagt, dass sie Privatinsolvenz angemeldet hat.",
        "Von: {N}\nBetreff: Diagnose\nBei mir wurde Diabetes festgestellt.",
        "Die Pflegekraft meldet, dass {N} seit gestern wieder Insulin bekommt.",
    ),
    "fr": (
        "Ma collègue {N} m'a confié qu'elle est lesbienne.",
        "{N} est en arrêt maladie depuis mars pour un burn-out.",
        "{K} ({N}, de l'accueil) a un dossier de surendettement.",
        "{N} a été condamné pour conduite en état d'ivresse l'an dernier.",
        "{N} est délégué syndical depuis l'an dernier.",
        "Objet : arrêt de travail \u2013 {N}\nElle est opérée du genou la semaine prochaine.",
        "Ma voisine {N} est enceinte et ne veut pas que son employeur le sache.",
        "Peux-tu écrire à {N} ? Elle suit une chimiothérapie.",
        "{N} est sous antidépresseurs depuis la mort de son père.",
        "> De : {N}\n> J'ai une sclérose en plaques et je demande un mi-temps.",
        "Notre stagiaire {N} est musulmane pratiquante et fait le ramadan.",
        "{N} a un surendettement et un dossier à la Banque de France.",
        "J'ai appris que {N} a fait une tentative de suicide.",
    ),
    "es": (
        "Mi compañera {N} me contó que es bisexual.",
        "{N} es delegada sindical y el jefe lo sabe.",
        "{K} ({N}, el del almacén) está en tratamiento por alcoholismo.",
        "{N} tiene antecedentes por un hurto de hace años.",
        "Asunto: baja médica de {N}\nEstará de baja tras la operación.",
        "Mi vecina {N} está embarazada y teme perder el trabajo.",
        "¿Puedes escribir a {N}? Tiene depresión desde el verano.",
        "{N} tiene deudas y le han embargado la nómina.",
        "{N} es testigo de Jehová y no celebra cumpleaños.",
        "De: {N}\nAsunto: diagnóstico\nMe han diagnosticado cáncer de mama.",
        "El paciente {N} sigue con quimioterapia cada tres semanas.",
        "Nuestra becaria {N} es bisexual y tiene problemas en casa.",
        "{K} \u2013 {N} de contabilidad \u2013 está en rehabilitación.",
    ),
}

_ORGS = {
    "en": (
        "Health and Safety",
        "Human Resources",
        "Payroll Services",
        "Facilities Team",
        "Customer Care",
        "Legal Department",
        "Team Leads",
        "Night Shift",
        "Line Managers",
    ),
    "de": (
        "Betriebsärztlicher Dienst",
        "Die Personalabteilung",
        "Der Personalrat",
        "Die Geschäftsleitung",
        "Das Team",
        "Die Geschäftsführung",
        "Unsere Abteilung",
    ),
    "fr": (
        "Médecine du travail",
        "Ressources Humaines",
        "Direction Générale",
        "Service Paie",
        "Comité Social",
    ),
    "es": (
        "Recursos Humanos",
        "Prevención de Riesgos",
        "Atención al Cliente",
        "Comité de Empresa",
        "Dirección General",
    ),
}
"""Departments and senders: capitalised runs that stand beside a person but are none."""

_WITH_ORG = {
    "en": (
        "From: {O}\nSubject: adjustments\n\n{N} needs a standing desk after back surgery.",
        "{O} asked whether {N} can work nights after the stroke.",
    ),
    "de": (
        "Von: {O}\nBetreff: Wiedereingliederung\n\n{N} hat einen Bandscheibenvorfall.",
        "{O} will {N} aus dem Projekt nehmen, weil er in der Gewerkschaft ist.",
    ),
    "fr": (
        "De : {O}\nObjet : reprise\n\n{N} souffre d'une hernie discale.",
        "{O} demande si {N} peut travailler de nuit après son AVC.",
    ),
    "es": (
        "De: {O}\nAsunto: reincorporación\n\n{N} tiene una hernia discal.",
        "{O} pregunta si {N} puede hacer turnos de noche tras el ictus.",
    ),
}

_COMPANIES = {
    "en": (
        "{C} has filed for bankruptcy again; summarise the reasons.",
        "{C} cut 2,000 jobs after its shares fell, the company said.",
        "Shares in {C} fell after the insolvency filing.",
        "{C} is in administration and its stores will close.",
    ),
    "de": (
        "{C} hat erneut Insolvenz angemeldet; fasse die Gründe zusammen.",
        "Die Aktie von {C} ist nach der Insolvenz eingebrochen.",
        "{C} schließt nach dem Insolvenzverfahren zwanzig Filialen.",
        "{C} meldet Kurzarbeit an und streicht Stellen.",
    ),
    "fr": (
        "{C} a été placé en redressement judiciaire ; résume les causes.",
        "{C} supprime 800 emplois après sa faillite.",
        "Les magasins {C} ferment après la liquidation.",
    ),
    "es": (
        "{C} ha presentado concurso de acreedores; resume las causas.",
        "{C} despide a 500 trabajadores tras la quiebra.",
        "Las tiendas de {C} cierran tras el concurso.",
    ),
}
"""Companies as the subject of money trouble: a private person's facts, a company's news."""

_QUESTIONS = {
    "en": (
        "Hi {F}, what are the symptoms of diabetes?",
        "Hey {F}! Is depression treated differently in teenagers?",
        "Thanks {F}. How long does chemotherapy usually take?",
    ),
    "de": (
        "Hallo {F}, was sind die Symptome von Diabetes?",
        "Danke {F}! Wie lange dauert eine Chemotherapie meistens?",
    ),
    "fr": (
        "Bonjour {F}, quels sont les symptômes du diabète ?",
        "Merci {F} ! Combien de temps dure une chimiothérapie ?",
    ),
    "es": (
        "Hola {F}, ¿cuáles son los síntomas de la diabetes?",
        "Gracias {F}. ¿Cuánto dura una quimioterapia?",
    ),
}
"""A greeting to the assistant before a general question: no one's facts."""

_PUBLIC = {
    "en": (
        "Prime Minister {N} said the budget would cut waiting lists.",
        "The novelist {N} wrote about her depression in a memoir.",
        "{N} (1832\u20131898) suffered from tuberculosis for most of his life.",
        "Meet me outside the {S} Building on {S} Street at noon.",
        "{S} & Partners Ltd reported a loss for the third quarter.",
        "In the novel, {N} hides his illness from the village.",
        "According to {N}, chief executive of the bank, rates will rise.",
        "The {N} Foundation funds research into diabetes.",
        "Senator {N} announced her cancer diagnosis in a press release.",
        "The composer {N} wrote the symphony while deaf.",
        "Striker {N} scored twice before going off injured.",
        "Use a placeholder such as John Doe or {N} (fictitious) in the template.",
        "The {S} Prize was awarded to a team from Oslo.",
        "President {N} was treated for pneumonia, the White House said.",
        "Write a short story where the detective {N} solves a theft.",
    ),
    "de": (
        "Bundeskanzler {N} hat die Reform im Bundestag verteidigt.",
        "Der Schriftsteller {N} schrieb über seine Depression.",
        "Die {S} GmbH meldet Insolvenz an.",
        "Das Museum liegt in der {S}straße, gleich neben dem {S}-Gymnasium.",
        "{N} (1749\u20131832) litt im Alter an Gicht.",
        "Im Roman verschweigt {N} seine Krankheit.",
        "Beispiel: Max Mustermann, Musterstraße 1, oder {N} als fiktive Person.",
        "Die Ministerin {N} kündigte ein neues Gesetz an.",
        "Der Fußballer {N} fällt mit einem Kreuzbandriss aus.",
    ),
    "fr": (
        "Le ministre {N} a présenté la réforme des retraites.",
        "L'écrivain {N} raconte sa dépression dans son dernier livre.",
        "La société {S} SA a annoncé un plan social.",
        "Le musée se trouve rue {N}, près de la place {S}.",
        "{N} (1821\u20131867) souffrait de syphilis.",
        "Dans le roman, {N} cache sa maladie à sa famille.",
        "Exemple fictif : Jean Dupont ou {N}, personnes inventées.",
        "Le président {N} a été hospitalisé, selon l'Élysée.",
        "L'actrice {N} a parlé de son cancer dans une interview.",
    ),
    "es": (
        "El presidente {N} anunció nuevas medidas sanitarias.",
        "La escritora {N} habló de su depresión en una entrevista.",
        "La empresa {S} S.L. presentó concurso de acreedores.",
        "El museo está en la Calle de {N}, junto a la Plaza {S}.",
        "{N} (1547\u20131616) murió de diabetes según sus biógrafos.",
        "En la novela, {N} oculta su enfermedad a todos.",
        "Ejemplo ficticio: Juan Pérez o {N}, datos inventados.",
        "El ministro {N} ha dimitido tras el escándalo.",
        "El futbolista {N} sufre una lesión de rodilla.",
    ),
}


def _nickname(rng: random.Random, first: str, lang: str) -> str:
    short = first[: rng.choice((3, 4))]
    choices = {
        "en": (short, f"Big {first}", f"Wee {short}", short + "ie"),
        "de": (short, short + "i", first),
        "fr": (short, f"Le grand {short}", short + "o"),
        "es": (short, f"el {short}", short + "ito"),
    }[lang]
    return rng.choice(choices)


_COMPANY_WORDS = (
    "Kaufhof", "Logistik", "Motors", "Foods", "Holding", "Retail", "Bau", "Moden",
    "Textil", "Grupo", "Maison", "Bodega", "Air", "Galeria", "Stores", "Energie",
)  # fmt: skip


def _company(rng: random.Random, names: Names) -> str:
    """An invented company name: two invented words, or one beside a trade word."""
    word = names.last().split()[-1]
    r = rng.random()
    if r < 0.4:
        return f"{word} {names.last().split()[-1]}"
    if r < 0.7:
        return f"{word} {rng.choice(_COMPANY_WORDS)}"
    return f"{rng.choice(_COMPANY_WORDS)} {word}"


def _fill(
    rng: random.Random, names: Names, template: str, lang: str
) -> tuple[str, list[tuple[int, int]]]:
    first, last = names.first(), names.last()
    full = f"{first} {last}"
    marks: list[tuple[int, int]] = []
    out = ""
    pos = 0
    for m in re.finditer(r"\{([NKSOCF])\}", template):
        out += template[pos : m.start()]
        key = m.group(1)
        if key == "N":
            marks.append((len(out), len(out) + len(full)))
            out += full
        elif key == "F":
            out += first
        elif key == "C":
            out += _company(rng, names)
        elif key == "O":
            out += rng.choice(_ORGS[lang])
        elif key == "K":
            out += _nickname(rng, first, lang)
        else:
            out += last.split()[-1]
        pos = m.end()
    out += template[pos:]
    return out, marks


def synthetic(
    rng: random.Random, per_template: int = 12
) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """Texts with the spans (start, end) of private persons' names; a public context's
    names are unmarked (negatives)."""
    names = Names(rng)
    tables = (
        (_PRIVATE, True),
        (_WITH_ORG, True),
        (_PUBLIC, False),
        (_COMPANIES, False),
        (_QUESTIONS, False),
    )
    for table, private in tables:
        for lang, templates in table.items():
            for template in templates:
                for _ in range(per_template):
                    text, marks = _fill(rng, names, template, lang)
                    yield text, (marks if private else [])
