"""Personal data written as free text: person names, postal addresses, dates of birth and
health data about a person, found without a model.

Structured identifiers have check digits and fixed shapes (``pii.py``); free text has
neither, so each recognizer pairs a shape with a cue that makes it personal:

- a **name** after an honorific (Mr, Frau, Mme, Sra., la señora, il signor, mevrouw, Dhr.
  ...), a cue ("my name is", "Name:", "surname", "Account holder:", "Dear", "patient",
  "employee", "cliente", "werknemer", ...), a relation or addressee with a full name ("my
  neighbour Jo Platt", "a letter to Ana Ruiz") or in a signature after a closing line
  ("Kind regards,", "Mit freundlichen Grüßen", "Cordialement" ...); or a first name from
  the locale lists (``data/person_names.txt``, from Faker's providers) followed by a
  capitalised surname, when the prompt also carries other personal data or a personal cue
  and is not a story. Surnames may carry particles (van der, de, del, di, von); a given
  name may be an initial ("C. Roux"), and forms write the surname first ("Vila, Lucas").
  Roles a form gives a person (passenger, policyholder, Versicherungsnehmer, assuré,
  pasajero, conduttore, huurder ...) and papers about one ("Bewerbung von", "nómina de")
  are cues too, and so are relatives, neighbours and colleagues in German, French and
  Spanish ("mein Schwager ...", "mon cousin ...", "mi padre, ..."); after a greeting of a
  language that capitalises nouns ("Liebe", "Cher") the name must be a listed one; a short
  prompt with personal facts counts a listed first name after an informal greeting ("Hallo
  Kemal"); a short prompt also counts an initial with a listed surname, a listed
  "Surname, Given", a close relative's listed first name ("mi hijo Pablo"), and a listed
  first name as the subject of a sentence about a condition ("Lena hat Asthma") or that a
  workplace role or a shift introduces beside such a fact ("our night porter, Wiktor,",
  "notre gardien de nuit, Mamadou,", "Dariusz from the night shift"). A known
  public or fictional figure never counts on its own, nor do the others a prompt names
  beside one, names a prompt calls brands, shops, magazines or fairy tales, or a name a
  legal form follows ("Otto GmbH") or that holds a company's trade ("Brenner
  Maschinenbau"); nor do a work's characters read in its scenes or passages, a figure of
  history whose birth before 1950 stands beside a biography, a century or a public trade,
  the values of a block a heading declares made up (``declared_blocks``), or a company's
  VAT number after a tax label. Beside a special-category or money fact, where no rule
  names anyone, the learned person model (``person_model``) reads the runs of capitalised
  words (a long prompt's only around the facts) for a private person's name that no list
  holds ("Big Mags - Magdalen Penhallow from dispatch is pregnant"); a listed name just
  after a street-type word ("rue Victor Hugo") is the street's.
- an **address**: a house number with a street-type word in the locale's order (English
  "12 Oak Road", with the USPS standard suffixes such as Bypass or Turnpike; French "5 rue
  de ..."; Spanish and Italian "Calle Mayor 10", "Via Roma, 21", "Glorieta ...", "Borgo
  ..."; German and Dutch compounds "Lindenallee 8", "Felix-Hiller-Gasse 93", "Teundreef
  5"), a prefixed street with a postcode and city, a UK postcode, a US "City, ST 12345"
  (territories and military codes included), an Italian "CAP City (PR)", a Dutch "1234
  AB, City", or a postcode and city after an address cue.
- a **date of birth**: a full date (numeric, ISO, or with a month name in one of the six
  languages) within a short distance after "born", "DOB", "date of birth", "geboren",
  "né le", "nació el", "fecha de nacimiento", "nato il", "geboortedatum" ...
- a **labelled identifier**: a document or national number within a short distance of its
  label, the label before it or after it ("CG4W6YP25 - that's her Reisepass"), a database
  field name in any language's text ("passport_no: ..."), or a label an OCR pass spelt
  letter by letter ("P A S S E P O R T  N°", short prompts only).
- **health** data: a condition, medication, treatment or lab value (vocabularies in the six
  languages, and the most prescribed medicines by generic and brand name) in a prompt
  that also names a person, gives a date of birth, a patient number or a contact (phone,
  e-mail, national ID). "What are the symptoms of diabetes?" and "a patient on warfarin"
  are general questions, not health data. The special categories' lexicons
  (``sensitive.py``: physical and mental health, addiction, care, pregnancy, disability,
  and as private facts orientation and gender identity, religion, union membership,
  political opinion, criminal record, debts and benefits) add to these; a given name and
  a surname opening a sentence that states such a fact name its subject even when the
  lists lack them ("Arvid Lohmeyer kommt nach seinem Burn-out ... zurück").

Cost: the prompt is mapped once to lower-case ASCII words (``_Index``, in C), cue words
are located in one compiled pass over that map (``scan_kernel.CueIndex``: a new cue word
joins it by being in a vocabulary of ``_ALL_CUES``), and regexes run only in short windows
around each cue, so a long prompt without cues costs a few scans. In a long prompt (past ``_WHOLE``), cue
words that are also everyday words are left out and addresses are looked for near an
address cue or a closing line only.

Known gaps: names without any cue or list match and no fact beside them (rare names
alone, or listed names in a prompt with no other personal cue, such as meeting notes; a first name alone as the
subject of a sentence, "Steven was strong on design"), the initial and surname-first forms
in a long prompt away from a cue, addresses without a house
number or postcode, dates of birth written as a year only, conditions outside the
vocabularies, and first names the lists leave out because they are also common words
(Mary, Christian, Dean).
"""

from __future__ import annotations

import re
import string
from functools import cache
from importlib import resources
from itertools import chain, pairwise
from operator import methodcaller

import kinference_epp.policy.classifiers.national_ids as national_ids
import kinference_epp.policy.classifiers.person_model as person_model
from kinference_epp.policy.classifiers.national_ids import LABELS as NATIONAL_ID_LABELS
from kinference_epp.policy.classifiers.scan_kernel import CueIndex
from kinference_epp.policy.classifiers.sensitive import CUES as SENSITIVE_CUES
from kinference_epp.policy.classifiers.sensitive import HEADS as SENSITIVE_HEADS
from kinference_epp.policy.classifiers.sensitive import WORDS as SENSITIVE_WORDS
from kinference_epp.policy.classifiers.sensitive import facts as sensitive_facts
from kinference_epp.policy.classifiers.validators import (
    IBAN_LENGTHS,
    dni_valid,
    nie_valid,
    steuer_id_valid,
)
from kinference_epp.policy.model import PiiKind

_WINDOW = 60
_DIGIT = re.compile(r"[0-9]")
_WHOLE = 2000
"""Prompts up to this many characters are searched whole; longer ones around cues only."""

# -- names ------------------------------------------------------------------------------

_WORD = (
    r"(?:Mc|Mac|O'|D'|(?:Ó|Ní|Nic|Uí|Ua)[ \t]+)?[A-ZÀ-Þ][a-zß-ÿ'\-]+(?:(?<=-)[A-ZÀ-Þ][a-zß-ÿ'\-]+)*"
)
"""A capitalised word; Mc, Mac, O' and D' may come before the capital (McCarthy, O'Brien),
and an Irish surname's particle before it as a word of its own (Ó Duibhir, Ní Bhriain, Nic
Aodha, Uí Néill)."""
_PARTICLES = (
    r"(?:(?:van|von|de|der|den|del|della|delle|dei|degli|di|da|du|des|le|la|las|los|ter|ten"
    r"|zu|dos|das|y|e|'t|in 't|op)[ \t]+){0,3}"
)
"""Lower-case name particles (Dutch ``van der``, Spanish ``del``, Italian ``di``, French
``de``, German ``von``) that may stand between a first name and a surname or start a
surname written alone ("mevrouw de Jong")."""
_INITIAL = r"[A-ZÀ-Þ]\.[ \t]*"
"""A given name written as its initial ("C. Guérin", "M. van Salmen")."""
_NAME = rf"(?:{_INITIAL})?{_PARTICLES}{_WORD}(?:[ \t]+{_PARTICLES}{_WORD}){{0,2}}"
_HONORIFIC = re.compile(
    r"(?:M(?=\.)|Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|Mme|Mlle|Monsieur|Madame|Sr|Sra|Srta"
    r"|Señor|Señora|Señorita|Sig|Sig\.ra|Signor|Signora|Signorina|Dott|Dott\.ssa|Dhr|Mevr"
    r"|Mevrouw|Meneer|Don|Doña"
    r"|(?:monsieur|madame|mademoiselle|señor|señora|señorita|signor|signora|signorina"
    r"|mevrouw|meneer|doña))\.?"
    rf"[ \t]+(?P<name>{_NAME})"
)
"""An honorific and a name; those written in lower case mid-sentence ("llame a la señora
Ruiz", "il signor Bianchi", "bel mevrouw de Vries") are matched in lower case too."""
_CUE_NAME = re.compile(
    r"(?i:name(?: is|\s*:)|patient\s*:|customer\s*:|employee\s*:|client\s*:|applicant\s*:"
    r"|heiße|name ist|appelle|llamo|nombre es|chiamo|heet|naam is|dear|liebe[r]?"
    r"|geehrte[r]?(?: herr| frau)?|cher|chère|estimad[oa]|querid[oa]|gentile|caro|cara|beste"
    r"|geachte(?: heer| mevrouw)?"
    r"|surname|last name|family name|full name|first name|nachname|familienname|vorname"
    r"|nom(?: de famille)?|prénom|apellidos?|cognome|achternaam|voornaam"
    r"|account holder|holder|kontoinhaber(?:in)?|titulaire|titular|intestatari[oa]"
    r"|rekeninghouder|patiënt|patiente?|paciente|paziente|werknemer|medewerker|mitarbeiter(?:in)?"
    r"|empleado|empleada|dipendente|cliente|klant|kunde|kundin|salariée?|employée?)"
    rf"\s*[:,]?[ \t]+(?P<name>{_NAME})"
)
_ROLES = (
    "passenger|guest|policyholder|insured|beneficiary|member|student|pupil|candidate"
    "|recipient|cardholder|child|parent|guardian|kin|applicant|claimant|resident"
    "|versicherungsnehmer(?:in)?|versicherte[rn]?|mieter(?:in)?|vermieter(?:in)?"
    "|bewerber(?:in)?|schüler(?:in)?|patientin|passagier(?:in)?|gast|empfänger(?:in)?"
    "|antragsteller(?:in)?|kind|assurée?|locataire|bailleur|bailleresse|candidate?|élève"
    "|passagère|passager|bénéficiaire|destinataire|souscripteur|enfant|responsable légal"
    "|asegurad[oa]|pasajer[oa]|inquilin[oa]|arrendatari[oa]|arrendador(?:a)?|candidat[oa]"
    "|alumn[oa]|beneficiari[oa]|huésped|destinatari[oa]|solicitante|assicurat[oa]"
    "|passegger[oa]|conduttore|locatore|alunn[oa]|studente|studentessa|richiedente"
    "|verzekerde|passagier|huurder|verhuurder|kandidaat|leerling|begunstigde|ontvanger"
    "|aanvrager"
)
"""Roles a form or a letter gives the person it is about, in the six languages."""
_ROLE_WORDS = (
    "passenger", "guest", "policyholder", "insured", "beneficiary", "member", "student",
    "pupil", "candidate", "recipient", "cardholder", "child", "parent", "guardian", "kin",
    "applicant", "claimant", "resident", "versicherungsnehmer", "versicherungsnehmerin",
    "versicherte", "versicherter", "versicherten", "mieter", "mieterin", "vermieter",
    "vermieterin", "bewerber", "bewerberin", "schüler", "schülerin", "patientin",
    "passagier", "passagierin", "gast", "empfänger", "empfängerin", "antragsteller",
    "antragstellerin", "kind", "assuré", "assurée", "locataire", "bailleur", "bailleresse",
    "candidat", "élève", "passagère", "passager", "bénéficiaire", "destinataire",
    "souscripteur", "enfant", "responsable", "asegurado", "asegurada", "pasajero", "pasajera",
    "inquilino", "inquilina", "arrendatario", "arrendataria", "arrendador", "arrendadora",
    "candidato", "candidata", "alumno", "alumna", "beneficiario", "beneficiaria", "huésped",
    "destinatario", "destinataria", "solicitante", "assicurato", "assicurata", "passeggero",
    "passeggera", "conduttore", "locatore", "alunno", "alunna", "studente", "studentessa",
    "richiedente", "verzekerde", "huurder", "verhuurder", "kandidaat", "leerling",
    "begunstigde", "ontvanger", "aanvrager",
)  # fmt: skip
_PAPERS = (
    "application (?:from|of|by)|bewerbung (?:von|für)|candidatura di|candidature de"
    "|solicitud de|sollicitatie van|payslip (?:for|of)|lohnabrechnung (?:von|für)"
    "|fiche de paie de|nómina de|busta paga di|loonstrook van|cv of|lebenslauf von"
)
"""Papers about one person, named after them ("Bewerbung von ...", "nómina de ...")."""
_PAPER_WORDS = (
    "application", "bewerbung", "candidatura", "candidature", "solicitud", "sollicitatie",
    "payslip", "lohnabrechnung", "paie", "nómina", "busta", "loonstrook", "cv", "lebenslauf",
)  # fmt: skip
_WEAK_NAME = (
    rf"[ \t]*[:,]?[ \t]+(?P<name>{_INITIAL}{_PARTICLES}{_WORD}"
    rf"|{_WORD},?(?:[ \t]+{_PARTICLES}{_WORD}){{1,2}})"
)
_RELATIONS = (
    "nachbar|nachbarin|kollege|kollegin|chef|chefin|vorgesetzte[rn]?|freund|freundin|bruder"
    "|schwester|mutter|vater|sohn|tochter|onkel|tante|cousin|cousine|neffe|nichte|schwager"
    "|schwägerin|schwiegermutter|schwiegervater|schwiegersohn|schwiegertochter|großvater"
    "|großmutter|opa|oma|enkel|enkelin|ehemann|ehefrau|lebensgefährte|lebensgefährtin"
    "|camarade|adhérent|adhérente|mitglied|gewerkschaftskollege|gewerkschaftskollegin"
    "|afiliado|afiliada|kollegen|nachbarn|neffen"
    "|voisin|voisine|collègue|patron|patronne|ami|amie|frère|sœur|mère|père|fils|fille"
    "|oncle|neveu|nièce|beau[ -]frère|belle[ -]sœur|beau[ -]père|belle[ -]mère|mari|épouse"
    "|conjoint|conjointe|compagnon|compagne|grand[ -]père|grand[ -]mère|petit[ -]fils"
    "|petite[ -]fille"
    "|vecino|vecina|compañero|compañera|jefe|jefa|amigo|amiga|hermano|hermana|madre|padre"
    "|hijo|hija|tío|tía|primo|prima|sobrino|sobrina|cuñado|cuñada|suegro|suegra|abuelo"
    "|abuela|nieto|nieta|marido|esposo|esposa|pareja"
)
"""Relatives, neighbours, colleagues and bosses in German, French and Spanish ("mein
Schwager Uwe Hesselbarth", "mon cousin Cédric Pasquier", "mi padre, Javier Ortega"), German
weak nouns in their declined form too ("beim Kollegen", "dem Nachbarn", "dem Neffen"); a
French compound kin word with its hyphen or a space ("belle-sœur", "belle sœur")."""
_RELATION_WORDS = (
    *(w for w in _RELATIONS.replace("[rn]?", "").split("|") if "-" not in w),
    "vorgesetzter",
    "vorgesetzten",
)
_WEAK_CUE_NAME = re.compile(
    r"(?i:neighbou?r|colleague|co-?worker|boss|landlord|landlady|tenant|wife|husband|partner"
    r"|(?:son|daughter|mother|father|brother|sister)(?:[ \-]in[ \-]law)?|friend|letter to|email to"
    r"|e-mail to|mail to|note to|belongs to|brief aan|brief an|carta a|lettera a|lettre à|claim for"
    rf"|prescription for|referral for|appartiene a|pertenece a|appartient à|behoort tot"
    rf"|{_RELATIONS})" + _WEAK_NAME
)
_ROLE_NAME = re.compile(rf"(?i:{_ROLES}|{_PAPERS})" + _WEAK_NAME)
"""A relation, a role, a paper about someone or a letter's addressee ("my neighbour Jo
Platt", "a letter to Ana Ruiz", "Passenger: H. Lund", "nómina de Vila, Lucas"): weaker
cues, so the name must have a first name (or its initial) and a surname; written surname
first, the given name must be a listed one (``_name_ok``). Roles and papers have a regex
of their own (``_ROLE_NAME``), run only where one of their words is."""
_SIGNATURE = re.compile(r"[ \t]*(?P<name>[A-ZÀ-Þ][a-zß-ÿ'\-]+(?:[ \t]+[A-ZÀ-Þ][a-zß-ÿ'\-]+){1,2})")
_CAPITALISED_PAIR = re.compile(
    r"([A-ZÀ-Þ](?<![\w][A-ZÀ-Þ])[a-zß-ÿ'\-]+)"
    rf"(?=[ \t]+(?:[A-Z]\.[ \t]+)?{_PARTICLES}({_WORD})(?![A-Za-zÀ-ÿ]))"
)
"""Two capitalised words in a row (name particles may stand between); the second in a
lookahead, so that pairs overlap ("Patient Tom Hadley" is tried as "Patient Tom" and as
"Tom Hadley"). The first is ``\b{_WORD}`` written to start with a character class (the
lookbehind after its capital stands for the ``\b``), which lets ``re`` skip the other
characters fast."""
_NOT_A_NAME = frozenset(
    [
        "Sir",
        "Madam",
        "Madame",
        "Sirs",
        "All",
        "Team",
        "Customer",
        "Customers",
        "Friend",
        "Friends",
        "Colleagues",
        "Colleague",
        "Support",
        "Hiring",
        "Manager",
        "Reader",
        "Valued",
        "Watson",
        "Gandalf",
        "Darcy",
        "Bennet",
        "Heathcliff",
        "Rochester",
        "Poirot",
        "Marple",
        "Scrooge",
        "Gatsby",
        "Ahab",
        "Bovary",
        "Quixote",
        "Quijote",
        "Quichotte",
        "Santa",
        "Damen",
        "Herren",
        "Mesdames",
        "Messieurs",
        "Señores",
        "Signori",
        "Dames",
        "Heren",
        "Kollegen",
        "Kolleginnen",
        "Collègues",
        "Colleghi",
        "Compañeros",
        "Collega",
        "Collega's",
    ]
)
_PUBLIC_FIGURES = frozenset(
    (
        "Albert Einstein",
        "Marie Curie",
        "Isaac Newton",
        "Charles Darwin",
        "Abraham Lincoln",
        "George Washington",
        "Barack Obama",
        "Donald Trump",
        "Joe Biden",
        "Angela Merkel",
        "Emmanuel Macron",
        "Winston Churchill",
        "Napoleon Bonaparte",
        "William Shakespeare",
        "Leonardo Vinci",
        "Martin Luther",
        "Nelson Mandela",
        "Elon Musk",
        "Bill Gates",
        "Steve Jobs",
        "Ada Lovelace",
        "Alan Turing",
        "Taylor Swift",
        "Sherlock Holmes",
        "Harry Potter",
        "Hermione Granger",
        "Frodo Baggins",
        "Darth Vader",
        "Luke Skywalker",
        "Mickey Mouse",
        "Tom Sawyer",
        "Jane Eyre",
        "Huckleberry Finn",
        "Atticus Finch",
        "Jay Gatsby",
        "Anna Karenina",
        "Elizabeth Bennet",
        "Jane Austen",
        "Charles Dickens",
        "Mahatma Gandhi",
        "Frida Kahlo",
        "Pablo Picasso",
        "Vincent Gogh",
        "Wolfgang Amadeus",
        "Ludwig Beethoven",
        "Johann Sebastian",
        "Galileo Galilei",
        "Nikola Tesla",
        "Thomas Edison",
        "John Lennon",
        "Michael Jackson",
        "Queen Elizabeth",
        "King Charles",
        "Père Noël",
        "Papá Noel",
        "Santa Claus",
        "Father Christmas",
        # the characters of well-known fiction in the four languages (names no living
        # person is likely to bear): a prompt that names one writes about that book, and
        # the other people it names are its characters
        "Pippi Langstrumpf",
        "Pippi Longstocking",
        "Pippi Calzaslargas",
        "Fifi Brindacier",
        "Karlsson Dach",
        "Emil Tischbein",
        "Jim Knopf",
        "Lukas Lokomotivführer",
        "Nils Holgersson",
        "Peter Pan",
        "Oliver Twist",
        "Ebenezer Scrooge",
        "Mary Poppins",
        "Willy Wonka",
        "Bilbo Baggins",
        "Ron Weasley",
        "Albus Dumbledore",
        "Severus Snape",
        "Lord Voldemort",
        "Hercule Poirot",
        "Miss Marple",
        "Homer Simpson",
        "Bart Simpson",
        "Gregor Samsa",
        "Effi Briest",
        "Oskar Matzerath",
        "Don Quijote",
        "Don Quixote",
        "Don Quichotte",
        "Sancho Panza",
        "Lazarillo Tormes",
        "Aureliano Buendía",
        "Manolito Gafotas",
        "Jean Valjean",
        "Emma Bovary",
        "Madame Bovary",
        "Edmond Dantès",
        "Arsène Lupin",
        "Cyrano Bergerac",
        "Petit Nicolas",
        "Petit Prince",
        "Commissaire Maigret",
        "Kleine Prinz",
    )
)


@cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    """First and last names (``data/person_names.txt``), loaded on first use."""
    first: set[str] = set()
    last: set[str] = set()
    target = first
    text = resources.files(__package__).joinpath("data/person_names.txt").read_text("utf-8")
    for line in text.splitlines():
        if line == "[first]":
            target = first
        elif line == "[last]":
            target = last
        elif line and not line.startswith("#"):
            target.add(line)
    return frozenset(first), frozenset(last)


_SEPARATORS = b"!\"$%&'()*+,./:;<=>?@[\\]^`{|}~\t\r\n\x0b\x0c-"


def _vocab(*words: str) -> frozenset[bytes]:
    """Cue words as ``_Index`` writes them: ASCII, a non-ASCII letter as ``?``."""
    return frozenset(w.encode("ascii", "replace") for w in words)


_OCCURRENCES = 16
"""Places of one cue word looked at: a long pasted text repeats its words ("the patient ...
the patient ..."), and the regexes run at each place, so the work stays bounded; personal
data near the seventeenth "patient" of one prompt and no other cue is missed."""
_SPACES = bytes.maketrans(_SEPARATORS, b" " * len(_SEPARATORS))
_SPACES_KEEP_Q = bytes.maketrans(_SEPARATORS.replace(b"?", b""), b" " * (len(_SEPARATORS) - 1))


_TYPOGRAPHIC = "\u00ab\u00bb\u201e\u201c\u201d\u2018\u2019\u201a\u2013\u2014\u2026\u00bf\u00a1"
"""Punctuation outside ASCII (guillemets, curly quotes, dashes, an ellipsis, Spanish opening
marks) that separates words as ASCII punctuation does: «Steuer-ID», „Reisepass“."""


_FEW_MARKS = 32
"""Marks up to which their places are patched one by one; beyond, the text is mapped again."""


_FEW_OTHERS = 128
"""Non-ASCII characters up to which each is looked at for a mark; beyond, each mark is
searched for in the text (``str.find``, one pass per mark)."""


def _typographic_spaces(text: str, spaced: bytes) -> bytes:
    """``spaced`` with the characters of ``_TYPOGRAPHIC`` as spaces, so a label in guillemets
    or curly quotes is a whole word. Their places are found at the ``?`` of ``spaced`` (every
    non-ASCII character, found with ``bytes.find``) when the text has few such characters,
    else with ``str.find`` per mark, and patched; a text with many marks (a typeset
    document) is mapped again with them replaced instead (``str.replace`` and ``encode``,
    one character for one, so offsets hold)."""
    marks: list[int] = []
    at = spaced.find(b"?")
    while at != -1 and len(marks) <= _FEW_OTHERS:
        marks.append(at)
        at = spaced.find(b"?", at + 1)
    if at == -1:
        marks = [at for at in marks if text[at] in _TYPOGRAPHIC]
    else:  # many non-ASCII characters (accented prose): a pass per mark
        marks = []
        for mark in _TYPOGRAPHIC:
            at = text.find(mark)
            while at != -1 and len(marks) <= _FEW_MARKS:
                marks.append(at)
                at = text.find(mark, at + 1)
    if len(marks) > _FEW_MARKS:
        for each in _TYPOGRAPHIC:
            text = text.replace(each, " ")
        raw = text.replace("?", "!").encode("ascii", "replace")
        return raw.lower().translate(_SPACES_KEEP_Q)
    if not marks:
        return spaced
    out = bytearray(spaced)
    for at in marks:
        out[at] = 32
    return bytes(out)


class _Index:
    """Whole-word positions of cue words in the prompt, whatever their case.

    ``str.find`` of a short word ("ms", "way") stops at every substring ("items", "always")
    and each stop is a Python iteration; here the prompt is mapped once (in C) to one byte
    per character with separators as spaces, so ``bytes.find`` of " word " stops only at
    whole words (or words it starts), at the character offsets of the prompt. A non-ASCII character becomes
    ``?`` (the prompt's own question marks become spaces first), and so does a non-ASCII
    letter of a cue word: "señora" is looked for as "se?ora", which the regex run at each
    place then confirms. ``cues`` finds every word of ``_ALL_CUES`` and its places in one
    compiled pass over the map (``scan_kernel.CueIndex``); a word outside it (a phrase) is
    scanned for on demand. Positions are cached, since several recognizers share cues.
    """

    __slots__ = ("_cache", "_spaced")

    def __init__(self, text: str, raw: bytes | None = None) -> None:
        """``raw``: ``text`` one byte per character, a non-ASCII one as ``?`` and the text's
        own ``?`` as ``!`` (the PII scan's map, reused), or None to make it here."""
        if text.isascii():
            spaced = (raw or text.encode("ascii")).lower().translate(_SPACES)
        else:
            raw = raw or text.replace("?", "!").encode("ascii", "replace")
            spaced = raw.lower().translate(_SPACES_KEEP_Q)
            spaced = _typographic_spaces(text, spaced)
        self._spaced = b" " + spaced + b" "
        self._cache: dict[str, list[int]] = {}

    def words(self) -> list[bytes]:
        """Every word, lower-cased, as ``_vocab`` writes cue words."""
        return self._spaced.split()

    def cues(self) -> frozenset[bytes]:
        """The words of ``_ALL_CUES`` that occur in the prompt (``_ALL_CUES.intersection(
        self.words())``), found in one compiled pass (``scan_kernel.CueIndex``) that also
        records their places for ``positions``."""
        hits = _CUE_INDEX.hits(self._spaced)
        for word, places in hits.items():
            self._cache[word.decode()] = places
        return frozenset(hits)

    def positions(self, word: str, limit: int = _OCCURRENCES) -> list[int]:
        """Where ``word`` starts in the prompt as a whole word (at most ``limit`` places, itself
        at most ``_OCCURRENCES``): the prompt is scanned once per word, whatever the limit."""
        found = self._cache.get(word)
        if found is None:
            found = self._cache[word] = self._scan(word)
        return found[:limit] if limit < len(found) else found

    def phrase(self, words: bytes) -> int:
        """Where the words of ``words`` (lower case, one space apart, as ``_vocab`` writes
        them) first stand in a row in the prompt as whole words, or -1: one search."""
        needle = b" " + words
        n = len(needle)
        spaced = self._spaced
        pos = spaced.find(needle)
        while pos != -1 and spaced[pos + n] != 32:
            pos = spaced.find(needle, pos + n)
        return pos

    def _scan(self, word: str) -> list[int]:
        # No trailing space in the needle: the search skips ahead by its last byte, and a
        # space (every few bytes) would make it crawl; the space after is checked instead.
        needle = b" " + word.encode("ascii", "replace")
        n = len(needle)
        out: list[int] = []
        spaced = self._spaced
        pos = spaced.find(needle)
        while pos != -1 and len(out) < _OCCURRENCES:
            if spaced[pos + n] == 32:  # the padding guarantees a byte after the needle
                out.append(pos)  # the space before the word is at the word's offset
            pos = spaced.find(needle, pos + n)
        return out


_TRADES = frozenset(
    ["Structures", "Engineering", "Consulting", "Consultants", "Partners", "Solutions",
     "Systems", "Industries", "Holdings", "Technologies", "Logistics", "Logistik",
     "Maschinenbau", "Anlagenbau", "Stahlbau", "Werke", "Werk", "Metallbau", "Ateliers",
     "Atelier", "Talleres", "Construcciones", "Ingeniería", "Ingénierie", "Transports",
     "Transportes", "Laboratories", "Laboratorios", "Laboratoires", "Studios", "Architects",
     "Architekten", "Architectes", "Arquitectos", "Software", "Media", "Ventures", "Capital",
     "Insurance", "Versicherung", "Assurances", "Seguros", "Foods", "Brewery", "Brauerei",
     "Brasserie", "Cervecera"]
)  # fmt: skip
"""Words that name a company's trade ("Trevane Structures", "Brenner Maschinenbau",
"Ateliers Garonne", "Talleres Ebro"): a capitalised pair holding one is a company."""
_NOT_TRADES = frozenset(
    ["Insurance", "Versicherung", "Assurances", "Seguros", "Capital", "Media", "Software",
     "Werk", "Foods"]
)  # fmt: skip
"""Trade words that also name a public scheme or a field ("National Insurance number",
"Software"): not read as a company beside an address."""
_TRADE_WORDS = _vocab(
    *(w.lower() for w in _TRADES if w not in _NOT_TRADES), "express", "courier", "kurier",
    "correos", "spedition", "messagerie", "mensajería",
    # a local authority named as a body: "City of Edinburgh Council", "Conseil départemental"
    "council", "conseil", "diputación", "cabildo", "kreisverwaltung",
)  # fmt: skip
"""A company's trade and the carriers' (``_TRADES``, "Correos Express", "Kurier"), and a
local authority's name, found as words and confirmed capitalised: an address after one, on
its line and in its sentence, is the company's or the body's ("published by: City of
Edinburgh Council, Waverley Court, 4 East Market Street"; "write to the council. Address:
8 Elm Hollow" keeps the writer's)."""


def _real_name(name: str) -> bool:
    words = [w for w in name.split() if w[0].isupper()]  # without the particles
    if any(w in _NOT_A_NAME or w.lower() in _STREET_TYPES or w in _TRADES for w in words):
        return False
    return " ".join(words[:2]) not in _PUBLIC_FIGURES


# -- names ------------------------------------------------------------------------------

_STREET_TYPES = frozenset(
    ["street", "road", "avenue", "lane", "boulevard", "embankment", "terrace", "crescent",
     "square", "parkway", "highway", "plaza", "rue", "calle", "avenida", "paseo", "straße",
     "strasse", "allee", "platz", "gasse", "quai", "carrer", "via"]
)  # fmt: skip
"""Street types no surname is: "Russell Street" and "Victoria Embankment" are places."""
_HONORIFICS = _vocab(
    "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "herr", "frau", "mme", "mlle", "monsieur",
    "madame", "mademoiselle", "sr", "sra", "srta", "señor", "señora", "señorita", "sig",
    "signor", "signora", "signorina", "dott", "dhr", "mevr", "mevrouw", "meneer", "don", "doña",
)  # fmt: skip
_NAME_CUES = _vocab(
    "name", "patient", "customer", "employee", "client", "applicant", "heiße", "appelle",
    "llamo", "nombre", "chiamo", "heet", "naam", "dear", "liebe", "lieber", "geehrte",
    "geehrter", "cher", "chère", "estimado", "estimada", "querido", "querida", "gentile",
    "caro", "cara", "beste", "geachte", "surname", "nachname", "familienname", "vorname",
    "nom", "prénom", "apellido", "apellidos", "cognome", "achternaam", "voornaam", "holder",
    "kontoinhaber", "kontoinhaberin", "titulaire", "titular", "intestatario", "intestataria",
    "rekeninghouder", "patiënt", "patiente", "paciente", "paziente", "werknemer",
    "medewerker", "mitarbeiter", "mitarbeiterin", "empleado", "empleada", "dipendente",
    "cliente", "klant", "kunde", "kundin", "salarié", "salariée", "employé", "employée",
)  # fmt: skip
_WEAK_NAME_CUES = _vocab(
    "neighbour", "neighbor", "colleague", "coworker", "co", "boss", "landlord", "landlady",
    "tenant", "wife", "husband", "partner", "son", "daughter", "mother", "father", "brother",
    "sister", "friend", "letter", "email", "mail", "note", "belongs", "brief", "carta",
    "lettera", "lettre", "claim", "prescription", "referral", "appartiene", "pertenece",
    "appartient", "behoort", *_RELATION_WORDS,
)  # fmt: skip
_ROLE_CUES = _vocab(*_ROLE_WORDS, *_PAPER_WORDS)
_RELATION_CUES = _vocab(*_RELATION_WORDS)
"""The German, French and Spanish relations: everyday nouns, so the name after one must
start with a listed first name or surname (or an initial)."""
_CLOSINGS = _vocab(
    "regards", "sincerely", "wishes", "thanks", "cheers", "yours", "grüßen", "grüße",
    "cordialement", "saludos", "atentamente", "saluti", "groet", "groeten",
)  # fmt: skip
_PERSON_CUES = _vocab(
    "customer", "patient", "employee", "client", "applicant", "candidate", "tenant",
    "resident", "colleague", "salary", "payroll", "cardholder", "policyholder", "kunde",
    "kundin", "mitarbeiter", "mitarbeiterin", "patientin", "gehalt", "salarié", "employé",
    "salaire", "empleado", "paciente", "salario", "dipendente", "stipendio", "medewerker",
    "salaris",
)  # fmt: skip


def _name_ok(name: str, cued: bool = False) -> bool:
    """A real name; written surname first ("Vila, Lucas"), the given name must be a listed
    one, and the surname too unless a cue (a role, a relation) introduces the name."""
    if "," not in name:
        return _real_name(name)
    surname, _, given = name.partition(",")
    first, last = _names()
    given = given.split()[0]
    listed = cued or surname.split()[-1] in last
    return given in first and listed and _real_name(f"{given} {surname}")


_NOUN_GREETINGS = _vocab(
    "liebe", "lieber", "liebes", "geehrte", "geehrter", "cher", "chère", "querido", "querida",
    "estimado", "estimada", "gentile", "caro", "cara", "beste", "geachte",
)  # fmt: skip
"""Greetings of languages that capitalise nouns or put them after a greeting ("Liebe
Grüße", "Liebe Leserinnen", "Querido Diario", "Cher Client"): the name after one must
start with a listed first name or surname (or an initial), or hold an honorific."""


def _listed_start(name: str) -> bool:
    """Whether a name after a greeting starts with an initial, an honorific ("Liebe Frau
    Sonne" is left to the honorific's own rule) or a listed first name or surname."""
    first, last = _names()
    head = name.split()[0]
    if len(head) == 2 and head[1] == ".":
        return True
    words = [w for w in name.replace(",", " ").split() if w[0].isupper()]
    return any(w in first or w in last for w in words[:2])


_OPEN_QUOTES = "'\"\u00ab\u201e\u201c\u2018\u201a"
_CLOSE_QUOTES = "'\"\u00bb\u201c\u201d\u2018\u2019"


def _quoted_title(text: str, m: re.Match[str]) -> bool:
    """Whether an honorific and a name stand alone in quotes: the title of a book, a film or
    a song ('Herr Lehmann', «Madame Figaro», "Mrs Dalloway"), not a person."""
    start, end = m.start(), m.end("name")
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    return bool(before) and before in _OPEN_QUOTES and bool(after) and after in _CLOSE_QUOTES


def _cued_name(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """A name right after an honorific, a cue phrase, or a closing line."""
    # "call "Mrs Patel" about her HbA1c"
    facts = bool(words & _HEALTH_TERMS or words & _MONEY_TROUBLE)
    # "M. Bellocq": French "Monsieur" abbreviated, a one-letter word the index leaves out
    # (English prose's "I'm" holds one at every turn), looked for in a short prompt
    at = text.find("M. ") if len(text) <= _WHOLE else -1
    while at != -1:
        m = _HONORIFIC.match(text, at, at + 64)
        if (
            m is not None
            and _real_name(m.group("name"))
            and not declared_in_sentence(text, at)
            and (facts or not _quoted_title(text, m))
        ):
            return True
        at = text.find("M. ", at + 3)
    for cue in words & _HONORIFICS:
        word = cue.decode()
        for pos in ix.positions(word):
            m = _HONORIFIC.match(text, pos, pos + len(word) + 60)
            if m is None or not _real_name(m.group("name")) or declared_in_sentence(text, pos):
                continue
            if facts or not _quoted_title(text, m):
                return True
    for cue in words & _NAME_CUES:
        word = cue.decode()
        greeting = cue in _NOUN_GREETINGS
        for pos in ix.positions(word):
            m = _CUE_NAME.match(text, pos, pos + len(word) + 64)
            if m is None or not _real_name(m.group("name")):
                continue
            name = m.group("name")
            if greeting and not _listed_start(name):
                continue  # "Liebe Grüße", "Lieber Weihnachtsmann", "Cher Client"
            if name[0].islower() and sum(w[0].isupper() for w in name.split()) == 1:
                continue  # "atención al cliente de Renfe": a company's customer
            if not declared_in_sentence(text, pos):
                return True
    for cues, pattern in ((_WEAK_NAME_CUES, _WEAK_CUE_NAME), (_ROLE_CUES, _ROLE_NAME)):
        for cue in words & cues:
            word = cue.decode()
            for pos in ix.positions(word):
                m = pattern.match(text, pos, pos + len(word) + 72)
                if m is None or not _name_ok(m.group("name"), cued=True):
                    continue
                if cue in _RELATION_CUES and not _listed_start(m.group("name")):
                    continue  # "meine Freundin Apple Watch", "mon patron Microsoft Teams"
                if not declared_in_sentence(text, pos):
                    return True
    for cue in words & _CLOSINGS:
        word = cue.decode()
        for pos in ix.positions(word):
            nl = text.find("\n", pos + len(word), pos + len(word) + 4)
            if nl != -1:
                m = _SIGNATURE.match(text, nl + 1)
                if m is not None and _real_name(m.group("name")):
                    return True
    return False


_OUR_ROLES = {
    b"our": ("member", "colleague", "employee", "client"),
    b"notre": ("camarade", "collègue", "adhérent", "adhérente", "salarié", "salariée"),
    b"unser": ("mitglied", "kollege", "mitarbeiter"),
    b"unsere": ("kollegin", "mitarbeiterin"),
    b"nuestro": ("afiliado", "compañero", "empleado"),
    b"nuestra": ("afiliada", "compañera", "empleada"),
}
"""A possessive and a role word: how a bulletin, a minute or a circular names the one
person an item is about ("our member Wilfred ...", "notre camarade Ludivine ..."). In a
long prompt, where the role words alone are too common to read a name after, the pair is."""
_ROLE_OWNERS = {
    r.encode("ascii", "replace"): own for own, roles in _OUR_ROLES.items() for r in roles
}
"""Each role word and the possessive before it; the role words are cue words, so their
places are known from the one pass of the word index."""
_OUR_ROLE_NAME = re.compile(r"[\w\-]+" + _WEAK_NAME)


def _our_role_name(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """A name after "our member", "notre camarade", "unser Kollege" ... in a long prompt,
    read at the role words' places (``words``: the prompt's cue words): no search."""
    spaced = ix._spaced  # the word map: a word at text offset p stands at p + 1 in it
    for role in words & _ROLE_OWNERS.keys():
        own = _ROLE_OWNERS[role]
        for pos in ix.positions(role.decode()):
            if spaced[pos - len(own) : pos] != own or spaced[pos - len(own) - 1] != 32:
                continue  # not "our member": the word before is another
            m = _OUR_ROLE_NAME.match(text, pos, pos + 72)
            named = m is not None and _name_ok(m.group("name"), cued=True)
            if named and not declared_in_sentence(text, pos):
                return True
    return False


_NEAR_NAME = 80
"""How far from a personal cue a listed name is looked for in a long prompt."""


_STREET_BEFORE = re.compile(
    r"(?i:\b(?:rue|avenue|boulevard|allée|place|quai|impasse|cours|calle|avenida|avda|c/|av|bd"
    r"|paseo|plaza|ronda|via|viale|piazza|corso|largo)\.?[ \t]+(?:(?:de|du|des|del|di|de la)"
    r"[ \t]+)?(?:(?:colonel|coronel|général|general|maréchal|mariscal|amiral|almirante"
    r"|commandant|comandante|capitaine|capitán|lieutenant|teniente|docteur|doctor|dr"
    r"|professeur|profesor|président|presidente|abbé|padre|père|alcalde|maire"
    r"|pintor|poeta|maestro|cardinal|cardenal|sargento|sergent)\.?[ \t]+)?)"
    r"(?:[A-ZÀ-Þ][a-zß-ÿ]+-)?$"
)
"""A street-type word just before a name (or before its hyphenated first part), perhaps
with the rank or title the street gives its namesake: the street is named after the person
("rue Victor Hugo", "Calle de Cervantes", "rue du Colonel Pierre Avia", "avenida del
Doctor Gregorio Marañón"), in French, Spanish and Italian, where it comes first."""


_PLACE_HEADS = frozenset(
    (
        "Hall", "Theatre", "Theater", "Museum", "Stadium", "Arena", "Centre", "Center",
        "College", "School", "Hospital", "Library", "Station", "Gallery", "Memorial",
        "Institute", "Bridge", "Tower", "Park",
    )
)  # fmt: skip
_PLACE_BEFORE = re.compile(r"(?:\b(?:[Tt]he|[Rr]oyal)|[A-ZÀ-Þ][a-zß-ÿ]+)[ \t]+$")
"""A first name and a building's head word after an article or another capitalised word
("the Royal Albert Hall", "the Victoria Station"): a place named after someone, not the
person ("Jerry Hall" has neither before it)."""


def _listed_name(text: str, ix: _Index, around: list[int]) -> bool:
    """A listed first name followed by a capitalised surname, near one of ``around`` (the
    whole text when it is short); in a short prompt also an initial and a listed surname,
    or a listed surname, a comma and a listed first name."""
    first, last = _names()
    if len(text) <= _WHOLE:
        spans = [(0, len(text))]
    else:  # windows around the cues, overlapping ones merged so no text is read twice
        spans = []
        for p in sorted(around):
            lo, hi = max(0, p - _NEAR_NAME), p + _NEAR_NAME
            if spans and lo <= spans[-1][1]:
                spans[-1] = (spans[-1][0], hi)
            else:
                spans.append((lo, hi))
    for lo, hi in spans:
        for m in _CAPITALISED_PAIR.finditer(text, lo, hi):
            a, b = m.group(1), m.group(2)
            listed = a in first and (b in last or b not in first)
            # a legal form after the pair names a company: "Hans Huber GmbH"
            company = _LEGAL_AFTER.match(text, m.end(2)) is not None
            if (
                listed
                and b in _PLACE_HEADS
                and _PLACE_BEFORE.search(text, max(0, m.start() - 24), m.start())
            ):
                continue  # "the Royal Albert Hall": a building named after someone
            if listed and _real_name(f"{a} {b}") and not company:
                if declared_in_sentence(text, m.start()) or _STREET_BEFORE.search(
                    text, max(0, m.start() - 24), m.start()
                ):
                    continue  # "9 rue Jean-Philippe Rameau": a street named after someone
                return True
    if len(text) > _WHOLE:  # a long prompt: cues find these forms (``_WEAK_CUE_NAME``)
        return False
    for m in _INITIAL_SURNAME.finditer(text):
        surname = m.group(2)
        if (surname in last or m.group(1)) and _real_name(f"X {surname}"):
            return True
    return any(_name_ok(m.group()) for m in _SURNAME_GIVEN.finditer(text))


_INITIAL_SURNAME = re.compile(
    rf"[A-ZÀ-Þ](?<![\w.][A-ZÀ-Þ])(?<![A-Z]\. [A-ZÀ-Þ])\.[ \t]*((?:{_PARTICLES.removesuffix('{0,3}')}"
    rf"{{1,3}})?)({_WORD})\b"
)
"""An initial and a surname ("V. Harris", "M. van Salmen"): a name when the surname is a
listed one or carries particles; not a second initial ("J. K."). The
pattern starts with a character class, which lets ``re`` skip the other characters fast."""
_SURNAME_GIVEN = re.compile(rf"[A-ZÀ-Þ](?<![\w][A-ZÀ-Þ])[a-zß-ÿ'\-]+,[ \t]+{_WORD}\b")
"""Surname, Given ("Vila, Lucas"), as forms and registers write names."""


_AIRLINE_NAME = re.compile(
    r"\b([A-Z][A-Z'\-]+)/([A-Z][A-Z'\-]+)(?:[ \t]?(?:MRS|MR|MS|MISS|MSTR|DR))?\b"
)
"""A name as airlines and passports write it: SURNAME/GIVEN, often with a title."""
_SURNAME_FIRST = re.compile(r"\b([A-Z][A-Z'\-]+),[ \t]+([A-Z][a-zß-ÿ'\-]+)\b")
"""A name as registers and case notes write it: SURNAME, Given."""
_SELF_NAME = re.compile(
    r"(?i:\b(?:i'm|i am|this is|it's|sono|mi chiamo|soy|je suis|c'est|ik ben|ich bin|hier ist"
    r"|here is|signed))[ \t]+(?:(?P<initial>[A-ZÀ-Þ]\.[ \t]*{p}{w})|(?P<name>{w})"
    r"(?P<given>,[ \t]+{w})?)\b".replace("{w}", _WORD).replace("{p}", _PARTICLES)
)
"""Someone giving their own name ("ciao, sono Giulia", "hi, I'm Tom", "je suis C. Roux",
"soy Vila, Lucas"): a listed first name, an initial and a surname, or a listed surname and
first name."""
_RELATION_FIRST = re.compile(
    r"(?i:\b(?:my|mi|mis|mein|meine|meinem|meiner|ma|mon|mes|mio|mia|mijn|our|notre|nuestr[oa]"
    r"|nostr[oa]|unser|unsere|onze)[ \t]+(?:son|daughter|child|kid|boy|girl|wife|husband"
    r"|mother|father|mum|mom|dad|brother|sister|grandmother|grandfather|grandma|grandpa"
    r"|granny|gran|nan|nana|grandad|granddad|aunt|uncle|cousin|niece|nephew|grandson"
    r"|granddaughter|stepmother|stepfather|stepson|stepdaughter"
    r"|(?:mother|father|brother|sister|son|daughter)[ \-]in[ \-]law|partner"
    r"|fiancée?|flatmate|housemate|neighbou?r|colleague|friend|best friend|boss"
    rf"|{_RELATIONS}|niño|niña|kind|frau|mann|enfant|femme|figlio|figlia|bambino|bambina"
    r"|moglie|marito|zoon|dochter|vrouw|man))"
    rf"(?:[ \t]*,?[ \t]+|[ \t]*\([ \t]*)(?P<name>{_WORD})\b"
)
"""A relative, a friend, a neighbour or a colleague of the writer named by a first name
("mi hijo Pablo", "my sister Aoife", "a mi padre, Evaristo", "meine Schwester Jana", "ma
sœur Chloé"; an in-law with its hyphens or without: "my sister in law Aoife"), or named in
brackets, often with an age ("my mum (Bridget, 71)", "ma mère (Josiane, 72 ans)"): a listed
first name; the writer's relation makes the person a private one the reader can tell apart."""
_THEIR_RELATION_FIRST = re.compile(
    r"(?i:\b(?:his|her|sein|seine|seinem|seiner|ihr|ihre|ihrem|ihrer|son|sa|su)[ \t]+"
    r"(?:wife|husband|partner|boyfriend|girlfriend|fiancée?|son|daughter|mother|father|mum"
    r"|mom|dad|brother|sister|novio|novia|petit[ \t]+ami|petite[ \t]+amie"
    rf"|{_RELATIONS}|frau|mann|femme))"
    rf"(?:[ \t]*,?[ \t]+|[ \t]*\([ \t]*)(?P<name>{_WORD})\b"
)
"""Someone's relative named by a first name after a third person's possessive ("her
husband Malcolm", "son compagnon Anatole", "su novio Rubén", "ihr Mann Jens"): asked, as
the writer's relation is, only of a short prompt that states a special-category or money
fact, where the word can only be the relative's name. A third person's relation names
private family as the writer's does."""
_GERMAN_OWNERS = ("mein", "unser", "sein", "ihr")
_VERBS_IN_TITLES = frozenset(
    (
        "has", "had", "is", "was", "will", "can", "does", "did", "got", "gets", "needs",
        "wants", "hat", "ist", "war", "a", "est", "avait", "tiene", "es", "está", "ha",
        "tenía",
    )
)  # fmt: skip
"""Verbs a hurried or title-cased line capitalises after a relation ("my mother Has
diabetes"): no name."""


def _relative_first_name(text: str) -> bool:
    """A capitalised word after the writer's relation, listed as a first name or not ("mi
    suegra Encarni", "my sister-in-law Aoife"): asked of a short prompt that states a
    special-category or money fact, where the word can only be the relative's name. German
    capitalises its nouns ("meine Mutter Anfang siebzig"), so there the name must be listed."""
    first, _ = _names()
    for m in chain(_RELATION_FIRST.finditer(text), _THEIR_RELATION_FIRST.finditer(text)):
        name = m.group("name").removesuffix("'s")
        if name in _STARTERS or name in _COUNTS or not _real_name(name):
            continue
        if name.lower() in _VERBS_IN_TITLES:
            continue
        if name in first or not m.group().lower().startswith(_GERMAN_OWNERS):
            return True
    return False


_LOWER_RELATION_FIRST = re.compile(
    r"\b(?:my|mi|mein|meine|meinem|meiner|ma|mon|our|notre|nuestr[oa]|unser|unsere)[ \t]+"
    r"(?:son|daughter|wife|husband|mother|father|mum|mom|dad|brother|sister|aunt|uncle"
    r"|cousin|niece|nephew|partner|neighbou?r|colleague|friend|boss|mate|buddy|pal|kumpel"
    rf"|pote|copain|copine|colega|(?:brother|sister)[ \-]in[ \-]law|{_RELATIONS})"
    r"(?:[ \t]*,?[ \t]+|[ \t]*\([ \t]*)(?P<name>[a-zß-ÿ]{3,})\b"
)
"""The writer's relation and a first name, all in lower case ("mein schwager jens", "my
sister aoife"): a writer who does not capitalise still names the person."""
_LOWER_REACH = 60
"""How much text around a lower-case name must hold no capital: the writer's own style,
not a capitalised sentence with a word that happens to be a first name."""
_RELATIVE_OF = re.compile(
    r"(?i:\b(?:the|der|die|dem|den|le|la|l'|el|al|del)[ \t]*"
    r"(?:husband|wife|son|daughter|mother|father|brother|sister|partner|boyfriend|girlfriend"
    r"|mann|ehemann|frau|ehefrau|sohn|tochter|mutter|vater|bruder|schwester|freund|freundin"
    r"|mari|femme|fils|fille|mère|père|frère|sœur|compagnon|compagne|copain|copine"
    r"|marido|esposo|esposa|mujer|hijo|hija|madre|padre|hermano|hermana|novio|novia|pareja)"
    r"[ \t]+(?:of|von|de|d'))[ \t]*(?P<name>[A-ZÀ-Þ][a-zß-ÿ]+)\b(?![ \t]+[A-ZÀ-Þ])"
    # Spanish puts an article before a first name in speech ("el marido de la Encarni"),
    # and English and German put the owner first ("Maggie's husband", "Janas Mann")
    r"|(?i:\b(?:marido|esposo|esposa|mujer|hijo|hija|madre|padre|hermano|hermana|novio"
    r"|novia|pareja)[ \t]+del?[ \t]+(?:la[ \t]+)?)(?P<listed>[A-ZÀ-Þ][a-zß-ÿ]+)\b"
    r"|\b(?P<owner>[A-ZÀ-Þ][a-zß-ÿ]+)'s[ \t]+(?:husband|wife|son|daughter|mother|father"
    r"|brother|sister|partner|boyfriend|girlfriend|mum|mom|dad)\b"
)
"""A relative named through the person they belong to ("al marido de Puri", "der Mann von
Jana", "la fille de Chantal", "the wife of Tom"), one first name, no surname after it: a
private person the writer knows (a public one is named in full)."""
_FAMILY_TITLE = re.compile(
    # Spanish and French put an article before an aunt, a grandmother or a godmother and
    # their first name ("la tía Puri", "el abuelo Paco", "la tante Odile", "tonton Marcel")
    r"(?i:\b(?:(?:la|el|le|l')[ \t]*)?(?:tía|tío|abuela|abuelo|yaya|yayo|madrina|padrino"
    r"|tante|tata|tonton|oncle|mamie|papi|mémé|pépé|marraine|parrain))[ \t]+"
    r"(?P<name>[A-ZÀ-Þ][a-zß-ÿ]+)\b"
    # German and English give the same family title before a first name, capitalised as a
    # name is: "die Tante Erika", "Opa Heinz", "Aunt Mabel", "Grandma Joan" (listed only)
    r"|\b(?:(?:die|der)[ \t]+)?(?:Tante|Onkel|Oma|Opa|Aunt|Auntie|Uncle|Grandma|Grandpa"
    r"|Granny|Nana|Nan)[ \t]+(?P<listed>[A-ZÀ-Þ][a-zß-ÿ]+)\b"
)
"""An aunt, an uncle, a grandparent or a godparent named by family title and first name, as
a family speaks of them: a private person the writer knows. Spanish and French do not
capitalise the title's noun, so the word after it is a name, listed or not; German and
English capitalise both, so there the first name must be listed."""
_NAME_HERE = re.compile(
    rf"(?:^|[\n,.!:;(][ \t]*)(?P<name>{_WORD})[ \t]+(?i:here|hier|ici|aquí|aqui|por aquí"
    r"|speaking|am apparat|à l'appareil|al habla|al aparato)"
    r"[ \t]*(?=[,.!(:;\n\-\u2013\u2014]|$)"
)
"""A writer naming themselves in a greeting ("Hi coach, Jasper here (...)", "Hallo, Jens
hier.", "Bonjour, Chloé ici,", "Hola, Puri por aquí."): a listed first name."""


def _named_in_passing(text: str) -> bool:
    """A short prompt's person named the way a chat names them, asked where it states a
    special-category or money fact: the writer signing a greeting ("Jasper here"), a
    relative in a text written all in lower case ("mein schwager jens"), a relative
    named through the one they belong to ("al marido de Puri"), or by a family title
    ("la tía Puri", "Tante Erika")."""
    first, _ = _names()
    for m in _NAME_HERE.finditer(text):
        name = m.group("name")
        if name in first and _real_name(name):
            return True
    for m in _LOWER_RELATION_FIRST.finditer(text):
        name = m.group("name").title()
        around = text[max(0, m.start() - _LOWER_REACH) : m.end() + _LOWER_REACH]
        if name in first and _real_name(name) and around == around.lower():
            return True
    for m in _RELATIVE_OF.finditer(text):
        name = m.group("name")
        if name is not None:
            if name not in _STARTERS and name not in _COUNTS and _real_name(name):
                return True
            continue
        name = m.group("listed") or m.group("owner")
        if name in first and _real_name(name):
            return True
    for m in _FAMILY_TITLE.finditer(text):
        name = m.group("name")
        if name is not None:
            if name not in _STARTERS and name not in _COUNTS and _real_name(name):
                return True
        elif m.group("listed") in first and _real_name(m.group("listed")):
            return True
    return False


_NAMING_VERB = re.compile(
    r"(?i:\b(?:call|called|ask|asked|tell|told|email|emailed|contact|contacted|meet|met"
    r"|remind|reminded|thank|thanked|spoke to|speak to|talk to|talked to|phoned|ring|inform"
    r"|informed|paid|visited|invite|invited|chiama|chiamato|llama|llamé|appelé|appelle|bel"
    r"|belde|ruf|rief|anrufen|sentito|hablé con|parlé à|gesprochen mit|gesproken met))"
    r"[ \t]+(?:(?:mr|mrs|ms|dr)\.?[ \t]+)?(?P<name>[A-ZÀ-Þ][a-zß-ÿ'\-]+)\b(?![ \t]+[A-Z])"
)
"""A surname alone after a verb that names a person ("I called Rossi", "bel Jansen")."""


def _loose_name(text: str) -> bool:
    """Names in a short prompt without a cue word: SURNAME/GIVEN, SURNAME, Given, someone
    giving their own first name, a listed surname after a verb that names a person."""
    first, last = _names()
    if "/" in text:
        for m in _AIRLINE_NAME.finditer(text):
            surname, given = m.group(1).title(), m.group(2).title()
            if (given in first or surname in last) and _real_name(f"{given} {surname}"):
                return True
    if "," in text:
        for m in _SURNAME_FIRST.finditer(text):
            surname, given = m.group(1).title(), m.group(2)
            if given in first and surname in last and _real_name(f"{given} {surname}"):
                return True
    for m in _SELF_NAME.finditer(text):
        if m.group("initial"):
            if _real_name(m.group("initial")):
                return True
            continue
        name, given = m.group("name"), m.group("given")
        if given is not None and _name_ok(name + given, cued=True):
            return True
        if name in first and _real_name(name):
            return True
    for m in _RELATION_FIRST.finditer(text):
        name = m.group("name").removesuffix("'s")  # "my sister Aoife's results"
        if name in first and _real_name(name):
            return True
    for m in _NAMING_VERB.finditer(text):
        name = m.group("name")
        if name in last and name not in first and _real_name(name):
            return True
    return False


# -- credentials named by a label --------------------------------------------------------

_PLACEHOLDER_WORDS = (
    "your", "here", "example", "xxx", "***", "placeholder", "redacted", "dummy", "insert",
    "replace", "changeme", "change_me", "secret", "password", "passwd", "<", "${", "{{", "%(",
    "env", "...", "…", "none", "null", "true", "false", "hidden", "masked", "token", "_key",
)  # fmt: skip
"""What a placeholder or a reference to a credential holds, never a real value."""


def placeholder(low: str) -> bool:
    """Whether a lower-cased credential value is a placeholder or a reference to one."""
    for word in _PLACEHOLDER_WORDS:  # noqa: SIM110 -- cheaper than any(genexpr)
        if word in low:
            return True
    return False


_SECRET_LABELS = _vocab(
    "password", "passwort", "passwd", "pwd", "pw", "wachtwoord", "contraseña", "passe",
    "secret", "token", "apikey", "credentials", "creds",
)  # fmt: skip
"""Words that name a credential (passwords in six languages, "mot de passe" by its last
word); the value after one is checked by ``_credential_value``."""
_SECRET_SUFFIXES = (
    b"password", b"passwd", b"_pwd", b"_pass", b"secret", b"_key", b"token", b"apikey"
)  # fmt: skip
"""How config keys that hold a credential end (``DB_PASSWORD``, ``client_secret``,
``SENDGRID_API_KEY``): looked for among the words of a short prompt."""
_LABELLED_VALUE = re.compile(
    r"[A-Za-z_\-]{0,16}(?: (?:key|access key|token|id))?[\"']?\s{0,3}"
    r"(?:(?:is|ist|est|es|è|:|=|:=|=>|->)\s{0,3})?[\"'`]?"
    r"(?:[^\s/:]{1,32}\s{0,2}/\s{0,2})?"
    r"([^\s\"'`<>{}()\[\],;:@/.][^\s\"'`<>]{5,99})"
)
"""The value just after a credential label: ``password: x``, ``PASSWORD="x"``, ``secret key
is x``, ``api_key => 'x'``, ``credentials: user / x`` (up to 16 more label letters in
between, as in ``_access_key_id``)."""


def _credential_value(value: str) -> bool:
    """Whether the value after a credential label is a real one: letters with digits or
    symbols, several distinct characters, and no placeholder word ("<password>",
    "${DB_PASS}", "********", "os.environ[...]")."""
    value = value.rstrip(".,;:)]}?!")  # "why is it not a password manager?": prose
    if len(value) < 6 or len(set(value)) < 5:
        return False
    letters = digits = other = 0
    for ch in value:
        if ch.isalpha():
            letters += 1
        elif ch.isdigit():
            digits += 1
        else:
            other += 1
    if not letters or not (digits or other) or "(" in value or "[" in value:
        return False
    if other and not digits and value.replace("_", "").replace("-", "").isalpha():
        return False  # snake_case or kebab-case identifiers: "reset_link", "api-docs"
    if placeholder(value.lower()):
        return False
    return not (value.count(".") >= 2 and digits == 0)  # a dotted name: settings.db.pass


_LOOKUP_ROLES = frozenset(
    b"cache partition sort primary foreign idempotency dedup dedupe deduplication routing row"
    b" object hash lookup index shard bucket group map join cluster session request trace"
    b" correlation composite unique natural surrogate range".split()
)
"""What a ``*_key`` config entry is a key of when it looks records up rather than opens
anything: a cache, a partition, a primary or foreign key, a session or a request. Its value
is an identifier (a hash, a UUID), no credential ("session_key=1f2a7e...")."""


def _lookup_key(word: bytes) -> bool:
    """Whether a config key ending in ``_key`` names a lookup key (``_LOOKUP_ROLES``):
    ``cache_key``, ``partition_key``, ``session_key``; not ``api_key`` or ``signing_key``."""
    if not word.endswith(b"_key"):
        return False
    role = word[:-4].rsplit(b"_", 1)[-1]
    return role in _LOOKUP_ROLES


def _labelled_secret(
    text: str, ix: _Index, words: frozenset[bytes], split: list[bytes] | None
) -> bool:
    """A credential after its label ("password: ...", "DB_PASSWORD=..."): whole words in
    any prompt, config keys ending in a label word in a short one."""
    labels = {w.decode() for w in words & _SECRET_LABELS}
    if split is not None:
        labels.update(
            w.decode()
            for w in filter(methodcaller("endswith", _SECRET_SUFFIXES), split)
            if not _lookup_key(w)
        )
    for word in labels:
        for pos in ix.positions(word, 4):
            m = _LABELLED_VALUE.match(text, pos + len(word), pos + len(word) + 150)
            if m is not None and _credential_value(m.group(1)):
                return True
    return False


# -- addresses --------------------------------------------------------------------------

_STREET_EN = re.compile(
    r"\b\d{1,5}[A-Za-z]?,?[ \t]+(?:[A-Z][\w'.\-]*[ \t]+){1,4}"
    r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Place|Pl"
    r"|Way|Terrace|Close|Crescent|Square|Sq|Parkway|Pkwy|Highway|Hwy|Gardens|Grove|Row"
    r"|Mews|Hill|Walk|Circle|Cir|Trail|Parade|Rise|Vale|Green|Heights|Ridge|View|Manor"
    r"|Passage|Dale|Wharf|Meadows|Loop|Plaza|Alley|Path"
    r"|Bypass|Causeway|Corner|Corners|Cove|Crossing|Expressway|Extension|Freeway|Gateway|Glen|Hollow|Junction|Knoll|Knolls|Meadow|Mill|Mills|Motorway|Orchard|Overpass|Pike|Pines|Plains|Prairie|Ramp|Ranch|Shoal|Shoals|Shore|Shores|Skyway|Spur|Spurs|Stravenue|Throughway|Trace|Trafficway|Tunnel|Turnpike|Underpass|Viaduct|Vista|Estates|Flats|Fork|Forks|Brook|Canyon|Cliffs|Forge|Lodge|Neck|Oval|Ville"
    r")\b"
)
"""A house number, capitalised words and a street-type word: the common British and US
types and the USPS standard suffixes Faker's en_US provider draws from (Bypass, Overpass,
Orchard, Turnpike ...), leaving out those that also end names of places or events (Lake,
Station, Summit, Landing, Point)."""
_STREETS_EN = _vocab(
    "street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "drive", "boulevard", "blvd",
    "court", "ct", "place", "pl", "way", "terrace", "close", "crescent", "square", "sq",
    "parkway", "pkwy", "highway", "hwy", "gardens", "grove", "row", "mews", "hill", "walk",
    "circle", "cir", "trail", "parade", "rise", "vale", "green", "heights", "ridge", "view",
    "manor", "passage", "dale", "wharf", "meadows", "loop", "plaza", "alley", "path",
    "bypass", "causeway", "corner", "corners", "cove", "crossing", "expressway", "extension", "freeway", "gateway", "glen", "hollow", "junction", "knoll", "knolls", "meadow", "mill", "mills", "motorway", "orchard", "overpass", "pike", "pines", "plains", "prairie", "ramp", "ranch", "shoal", "shoals", "shore", "shores", "skyway", "spur", "spurs", "stravenue", "throughway", "trace", "trafficway", "tunnel", "turnpike", "underpass", "viaduct", "vista", "estates", "flats", "fork", "forks", "brook", "canyon", "cliffs", "forge", "lodge", "neck", "oval", "ville",
)  # fmt: skip
_STREET_SUFFIXES = tuple(
    w.encode("ascii", "replace")
    for w in (
        "straße", "strasse", "str", "weg", "gasse", "allee", "platz", "damm", "ufer",
        "chaussee", "straat", "laan", "plein", "gracht", "kade", "singel", "dijk", "steeg",
        "dreef", "boulevard", "ring", "hof", "park", "markt", "baan", "pad", "pfad", "steig",
        "erf", "wal",
    )
)  # fmt: skip
"""German and Dutch street names end in a street-type word ("Lindenallee", "Prinsengracht",
"Felix-Hiller-Gasse")."""
_STREET_DE_NL = re.compile(
    r"(?:[A-ZÄÖÜ][\wäöüß\-]*)?(?i:straße|strasse|str\.|weg|gasse|allee|platz|damm|ufer"
    r"|chaussee|straat|laan|plein|gracht|kade|singel|dijk|steeg|dreef|boulevard)"
    r"[ \t]+\d{1,4}(?:[ \t]?[a-zA-Z]\b|[\-/]\d{1,4})?(?![\w.])"
    r"|(?:[A-ZÄÖÜ][\wäöüß\-]*)?(?i:ring|hof|park|markt|baan|pad|pfad|steig|erf|wal)"
    r"[ \t]+\d{1,4}(?:[ \t]?[a-zA-Z]\b|[\-/]\d{1,4})?[ \t]*[,/\n\-][ \t]*"
    r"(?:\d{5}|[1-9]\d{3}[ \t]?[A-Z]{2})\b"
)
_STREET_DE_NL_SEARCH = re.compile(
    _STREET_DE_NL.pattern.replace("(?:[A-ZÄÖÜ][\\wäöüß\\-]*)?", "[A-ZÄÖÜ][\\wäöüß\\-]*")
)
"""A compound street name and a house number ("Lindenallee 8", "Riehlstr. 90-21"); a name
ending in a word that is also common on its own (ring, hof, park, markt, baan, pad) needs a
postcode after the number as well."""
_STREET_FR = re.compile(
    r"\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?i:rue|avenue|av\.|boulevard|bd|chemin|allée"
    r"|impasse|place|quai|route|cours|square|passage|voie|faubourg|sentier|cité|hameau)"
    r"[ \t]+(?:(?:de|du|des|d'|de la|la|le)[ \t]*)?[A-ZÉÈ]"
)
_STREETS_FR = _vocab(
    "rue", "avenue", "av", "boulevard", "bd", "chemin", "allée", "impasse", "place", "quai",
    "route", "cours", "square", "passage", "voie", "faubourg", "sentier", "cité", "hameau",
)  # fmt: skip
_STREET_PREFIXED = re.compile(
    r"[\w/]+\.?[ \t]+(?:(?:de|del|de la|de los|de las|dei|della|delle|degli|di|da|du|des"
    r"|de l'|d'|la|le|les|el|los|las)[ \t]*)?[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÇÑ][\w'.\-]*"
    r"(?:[ \t]+(?:de|del|la|di|della|des|du|[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÇÑ][\w'.\-]*)){0,4}?"
    r"(?:,?[ \t]*(?:n[º°o]\.?[ \t]*|nr\.?[ \t]*)?(?!1[0-9]{3}|20[0-9]{2})\d{1,4}[a-zA-Z]?(?![\w.])"
    r"|[ \t]*[,/\n][ \t]*(?:\d{5}|[1-9]\d{3}[ \t]?[A-Z]{2})[ \t,\n]+[A-Z])"
)
"""A street type written before the name (French, Spanish, Italian), the name, and a house
number or a postcode and city: "Calle Mayor 10", "Via Roma, 21", "boulevard Regnier / 90971
Saint Claire"."""
_STREETS_PREFIXED = _vocab(
    # Spanish
    "calle", "avenida", "avda", "plaza", "paseo", "camino", "ronda", "rambla", "glorieta",
    "cuesta", "cañada", "callejón", "pasaje", "pasadizo", "travesía", "vial", "acceso",
    "alameda", "carrera", "carretera", "urbanización", "bajada", "subida", "senda", "vía",
    "plazuela", "costanilla", "paseo", "sector", "rúa",
    # Italian
    "via", "viale", "piazza", "piazzale", "corso", "vicolo", "largo", "borgo", "contrada",
    "strada", "stretto", "rotonda", "incrocio", "canale", "galleria", "lungomare", "salita",
    "traversa", "località", "frazione", "vico", "calle",
    # French (a name after the type, then a postcode and city)
    "rue", "avenue", "boulevard", "chemin", "allée", "impasse", "quai", "faubourg",
)  # fmt: skip
_AMBIGUOUS_PREFIXES = _vocab(
    "via", "plaza", "sector", "carrera", "acceso", "canale", "galleria", "largo", "corso",
    "strada", "stretto", "salita", "camino", "paseo", "ronda", "cuesta", "borgo", "vial",
)  # fmt: skip
"""Street types that are also ordinary words in English prompts ("via Helm 3"): they count
only capitalised, as in a written address."""
_POSTCODE_CITY_IT = re.compile(
    r"\b\d{5},?[ \t]+[A-Z][\w'.\-]*(?:[ \t]+[A-Z][\w'.\-]*){0,3}[ \t]*\([A-Z]{2}\)"
)
"""An Italian CAP, city and province ("20121 Milano (MI)"), a shape no other text has."""
_POSTCODE_CITY_NL = re.compile(
    r"\b[1-9]\d{3}[ \t]?(?!SA|SD|SS|AD|BC|CE|AM|PM)[A-Z]{2}[ \t]*[,/\n][ \t]*[A-Z][a-z]"
)
"""A Dutch postcode (four digits, two letters) and a city after a comma, slash or line
break."""
_UK_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2}\b")
_US_CITY_STATE_ZIP = re.compile(
    r"\b[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?,[ \t]*(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]"
    r"|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]"
    r"|A[AEPS]|FM|GU|MH|MP|P[RW]|VI)[ \t]+\d{5}"
    r"(?:-\d{4})?\b"
)
_POSTCODE_CITY = re.compile(r"\b(?:\d{5}|\d{4}[ \t]?[A-Z]{2})[ \t]+[A-ZÄÖÜÉ][a-zäöüßéèàç\-]+")
_ADDRESS_CUES = _vocab(
    "address", "adresse", "lieferadresse", "anschrift", "wohnhaft", "domicilio", "dirección",
    "indirizzo", "adres", "lives", "ship", "deliver", "send",
)  # fmt: skip


_FAMOUS_ADDRESSES = frozenset(
    [
        "221b baker street", "10 downing street", "11 downing street",
        "1600 pennsylvania avenue", "4 privet drive", "742 evergreen terrace",
        "12 grimmauld place", "1 infinite loop", "1600 amphitheatre parkway",
        "350 fifth avenue", "1 apple park way", "124 conch street", "31 spooner street",
        "1313 mockingbird lane", "177a bleecker street", "0001 cemetery lane",
        "62 west wallaby street", "2311 north los robles avenue", "90 bedford street",
        "3 abbey road", "1 main street", "123 main street", "123 fake street",
        "4 pennsylvania plaza", "30 rockefeller plaza", "1 world trade center",
    ]
)  # fmt: skip
"""Addresses of landmarks and fiction that general-knowledge questions name ("Who lives at
10 Downing Street?"), and the stock example addresses: no one's personal data."""


def _famous(address: str) -> bool:
    low = " ".join(address.lower().replace(",", " ").split())
    for short, full in ((" st", " street"), (" ave", " avenue"), (" rd", " road")):
        if low.endswith(short):
            low = low[: -len(short)] + full
    return low in _FAMOUS_ADDRESSES


def _windows(
    text: str,
    ix: _Index,
    words: frozenset[bytes],
    vocab: frozenset[bytes],
    pattern: re.Pattern[str],
    before: int,
    after: int,
    *,
    anchored: bool = False,
) -> bool:
    """Whether ``pattern`` (which holds a digit) occurs around a whole-word occurrence of a
    ``vocab`` word (``anchored``: starting at it), other than a famous address."""
    for cue in words & vocab:
        word = cue.decode()
        for pos in ix.positions(word):
            lo, hi = max(0, pos - before), pos + len(word) + after
            if _DIGIT.search(text, lo, hi) is None:  # every pattern here holds a number
                continue
            m = (pattern.match if anchored else pattern.search)(text, lo, hi)
            if m and not _famous(m.group()) and not declared_in_sentence(text, m.start()):
                return True
    return False


def _prefixed_street(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    for cue in words & _STREETS_PREFIXED:
        word = cue.decode()
        ambiguous = cue in _AMBIGUOUS_PREFIXES
        for pos in ix.positions(word):
            if ambiguous and not text[pos].isupper():
                continue
            street = _STREET_PREFIXED.match(text, pos, pos + len(word) + 72)
            if street is not None and not declared_in_sentence(text, pos):
                return True
    return False


def _compound_street(text: str, ix: _Index, split: list[bytes]) -> bool:
    compounds = filter(methodcaller("endswith", _STREET_SUFFIXES), split)
    for w in set(compounds):
        word = w.decode()
        for pos in ix.positions(word):
            # The word itself must be capitalised, or be the last part of a hyphenated name
            # ("Felix-Hiller-Gasse"): "weg 3" is German for "away 3".
            if not (text[pos].isupper() or (pos and text[pos - 1] == "-")):
                continue
            if _STREET_DE_NL.match(text, pos, pos + len(word) + 24):
                return True
    return False


def _address(
    text: str, ix: _Index, words: frozenset[bytes], split: list[bytes] | None, digits: bool
) -> bool:
    """``split``: every word of a short prompt, for German and Dutch compound street names
    (None for a long one, where they, postcodes and the "C/" abbreviation are only looked
    for near an address cue or a closing line)."""
    if not digits:
        return False
    if _windows(text, ix, words, _STREETS_EN, _STREET_EN, 70, 1):
        return True
    if _windows(text, ix, words, _STREETS_FR, _STREET_FR, 16, 8):
        return True
    if _prefixed_street(text, ix, words):
        return True
    if split is None:  # a long prompt
        for cue in (words & _ADDRESS_CUES) | (words & _CLOSINGS):
            word = cue.decode()
            for pos in ix.positions(word):
                if text[max(0, pos - 12) : pos].lower().endswith(_NOT_POSTAL):
                    continue  # "an IP address", "the e-mail address"
                hi = pos + len(word) + 160
                digit = _DIGIT.search(text, pos, hi)
                # Every shape holds a number, and none starts more than 48 characters
                # before its first digit ("Felix-Hiller-Gasse 93", "Leeds, LS1 4AP").
                near = _NEAR_CUE.search(text, max(pos, digit.start() - 48), hi) if digit else None
                if near is not None and not declared_in_sentence(text, near.start()):
                    return True
        return False
    for c in ("c/", "C/"):
        pos = text.find(c)
        if pos != -1 and _STREET_PREFIXED.match(text, pos, pos + 72):
            return True
    if _compound_street(text, ix, split):
        return True
    for pattern in (_UK_POSTCODE, _US_CITY_STATE_ZIP, _POSTCODE_CITY_IT, _POSTCODE_CITY_NL):
        for m in pattern.finditer(text):
            if not _after_famous(text, m.start()):
                return True
    return _windows(text, ix, words, _ADDRESS_CUES, _POSTCODE_CITY, 0, 120)


_FAMOUS_REACH = 48
"""How far before a postcode or a "City, ST 12345" a famous street address may end and
still own it ("1600 Pennsylvania Avenue NW, Washington, DC 20500")."""


def _after_famous(text: str, start: int) -> bool:
    """Whether a famous street address (``_famous``) ends just before ``start``."""
    lo = max(0, start - _FAMOUS_REACH - 48)
    for m in _STREET_EN.finditer(text, lo, start):
        if _famous(m.group()) and start - m.end() <= _FAMOUS_REACH:
            return True
    return False


_NOT_POSTAL = (
    "ip ", "email ", "e-mail ", "mail ", "mac ", "memory ", "web ", "url ", "server ",
    "wallet ", "return ", "host ", "ipv4 ", "ipv6 ", "base ", "virtual ", "physical ",
    "bitcoin ", "contract ", "network ", "broadcast ", "multicast ",
)  # fmt: skip
"""Words before "address" that make it anything but a postal address."""
_NEAR_CUE = re.compile(
    "|".join(
        f"(?:{p.pattern})"
        for p in (
            _UK_POSTCODE,
            _US_CITY_STATE_ZIP,
            _POSTCODE_CITY_IT,
            _POSTCODE_CITY_NL,
            _STREET_DE_NL_SEARCH,
            _STREET_EN,
            _POSTCODE_CITY,
            re.compile(r"\b[cC]/" + _STREET_PREFIXED.pattern.split("]+", 1)[1]),
        )
    )
)
"""Every address shape that a long prompt is searched for near a cue, in one regex: one
search per window instead of one per shape."""


# -- dates of birth ---------------------------------------------------------------------

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
    "|januar|februar|märz|mai|juni|juli|oktober|dezember"
    "|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre"
    "|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre"
    "|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
    "|januari|februari|maart|mei|augustus"
)
_DATE = re.compile(
    r"\b(?:\d{1,2}[./\-]\d{1,2}[./\-](?:19|20)?\d{2}|(?:19|20)\d{2}-\d{2}-\d{2}"
    rf"|\d{{1,2}}(?:st|nd|rd|th|er|º|°)?\.?[ \t]+(?:of[ \t]+|de[ \t]+)?(?:{_MONTHS})\.?,?"
    r"[ \t]+(?:de[ \t]+)?(?:19|20)\d{2}"
    rf"|(?:{_MONTHS})\.?[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+(?:19|20)\d{{2}})\b",
)
"""Matched against a lower-cased window (month names are written in lower case here)."""
_BIRTH_CUES = _vocab(
    "born", "dob", "birth", "birthdate", "birthday", "geboren", "geburtsdatum", "geb", "né",
    "née", "naissance", "nacido", "nacida", "nació", "nacimiento", "nato", "nata", "nacque",
    "nascita", "geboortedatum",
)  # fmt: skip


def _date_of_birth(text: str, ix: _Index, words: frozenset[bytes], digits: bool) -> bool:
    if not digits:
        return False
    for cue in words & _BIRTH_CUES:
        word = cue.decode()
        for pos in ix.positions(word):
            window = text[pos : pos + len(word) + _WINDOW]
            dated = _DIGIT.search(window) and _DATE.search(window.lower())
            if dated and not declared_in_sentence(text, pos):
                return True
    return False


# -- health -----------------------------------------------------------------------------

_HEALTH_TERMS = _vocab(
    # English: what is wrong, what is done about it, what is measured
    "diagnosed", "diagnosis", "dx", "prescribed", "prescription", "diabetes", "diabetic",
    "hypertension", "cancer", "carcinoma", "tumour", "tumor", "leukaemia", "leukemia",
    "lymphoma", "melanoma", "asthma", "copd", "depression", "depressive", "anxiety", "bipolar",
    "schizophrenia", "adhd", "autism", "ptsd", "hiv", "hepatitis", "epilepsy",
    "seizures", "dementia", "alzheimer", "alzheimer's", "parkinson", "parkinson's", "sclerosis",
    "arthritis", "rheumatoid", "lupus", "crohn", "crohn's", "colitis", "coeliac", "celiac",
    "fibrillation", "arrhythmia", "angina", "infarction", "myocardial", "stroke", "migraine",
    "hypothyroidism", "hyperthyroidism", "thyroid", "cirrhosis", "kidney", "renal",
    "obesity", "anorexia", "bulimia", "psoriasis", "eczema", "pneumonia", "tuberculosis",
    "pregnant", "pregnancy", "miscarriage", "infertility", "disease", "disorder", "syndrome",
    "chronic", "sick", "illness", "allergy", "allergic", "addiction", "alcoholism",
    "chemotherapy", "radiotherapy", "dialysis", "surgery", "transplant", "medication",
    "metformin", "insulin", "lisinopril", "atorvastatin", "sertraline", "fluoxetine",
    "warfarin", "amoxicillin", "levothyroxine", "omeprazole", "apixaban", "salbutamol",
    "hba1c", "cholesterol", "ldl", "tsh", "psa", "cd4", "egfr", "creatinine",
    "haemoglobin", "hemoglobin", "mg", "mmol",
    # German
    "diagnose", "krankheit", "erkrankung", "erkrankt", "krank", "krankgeschrieben",
    "arbeitsunfähig", "leidet", "bluthochdruck", "hypertonie", "krebs", "asthma",
    "depressionen", "angststörung", "epilepsie", "demenz", "sklerose", "rheuma", "morbus",
    "vorhofflimmern", "herzinsuffizienz", "herzinfarkt", "schlaganfall", "migräne",
    "hypothyreose", "schilddrüse", "niereninsuffizienz", "schwanger", "schwangerschaft",
    "medikament", "medikamente", "chemotherapie", "dialyse", "allergie",
    # French
    "diagnostic", "maladie", "malade", "diabète", "tumeur", "asthme", "dépression", "anxiété",
    "épilepsie", "démence", "sclérose", "arthrite", "polyarthrite", "insuffisance",
    "infarctus", "avc", "hypothyroïdie", "thyroïde", "enceinte", "grossesse", "médicament",
    "médicaments", "chimiothérapie", "souffre",
    # Spanish
    "diagnóstico", "diagnosticado", "diagnosticada", "enfermedad", "enfermo", "enferma",
    "hipertensión", "cáncer", "asma", "depresión", "ansiedad", "epilepsia", "demencia",
    "esclerosis", "artritis", "fibrilación", "infarto", "ictus", "migraña", "hipotiroidismo",
    "tiroides", "embarazada", "embarazo", "medicamento", "medicamentos", "quimioterapia",
    "diálisis", "alergia", "padece", "sufre",
    # Italian
    "diagnosi", "diagnosticato", "diagnosticata", "malattia", "malato", "malata", "diabete",
    "ipertensione", "cancro", "tumore", "depressione", "ansia", "epilessia", "demenza",
    "sclerosi", "artrite", "fibrillazione", "insufficienza", "emicrania", "ipotiroidismo",
    "tiroide", "incinta", "gravidanza", "farmaco", "farmaci", "chemioterapia", "dialisi",
    "allergia", "soffre",
    # Dutch
    "ziekte", "ziek", "suikerziekte", "bloeddruk", "hypertensie", "kanker", "astma",
    "depressie", "angststoornis", "dementie", "sclerose", "artritis", "reuma",
    "boezemfibrilleren", "hartfalen", "hartinfarct", "beroerte", "hypothyreoïdie",
    "schildklier", "zwanger", "zwangerschap", "medicijn", "medicijnen", "medicatie",
    "chemotherapie", "dialyse", "allergie", "lijdt",
    # More conditions and care, every language: what a clinic note or a claim says
    "admitted", "hospitalised", "hospitalized", "discharged", "inpatient", "outpatient",
    "fracture", "fractured", "appendicitis", "sepsis", "bronchitis", "infection", "concussion",
    "hernia", "gallstones", "pancreatitis", "embolism", "thrombosis", "dvt", "cardiac",
    "overdose", "injury", "injuries", "ulcer", "gout", "osteoporosis", "anaemia", "anemia",
    "glaucoma", "cataract", "apnoea", "apnea", "covid", "covid-19", "influenza", "shingles",
    "sciatica", "tinnitus", "vertigo", "whiplash", "ivf", "antidepressants", "antibiotics",
    "statins", "opioid", "opioids", "methadone", "semaglutide", "physiotherapy", "rehab",
    "lungenentzündung", "fraktur", "bandscheibenvorfall", "thrombose", "zuckerkrankheit",
    "herzrhythmusstörungen", "burnout", "psychotherapie", "antidepressiva", "antibiotika",
    "arthrose", "osteoporose", "leberzirrhose", "stationär", "aufgenommen", "befund",
    "blutzucker", "therapie", "behandlung", "operiert", "diabetiker", "diabetikerin",
    "pneumonie", "bronchite", "hospitalisé", "hospitalisée", "hospitalisation", "embolie",
    "lombalgie", "hernie", "burn-out", "ordonnance", "traitement", "antidépresseurs",
    "glycémie", "cholestérol", "vih", "hépatite", "cardiaque", "chirurgie", "opéré", "opérée",
    "diabétique", "neumonía", "bronquitis", "fractura", "hospitalizado", "hospitalizada",
    "ingresado", "ingresada", "artrosis", "trombosis", "lumbalgia", "tratamiento",
    "antidepresivos", "insulina", "glucemia", "colesterol", "hepatitis", "cardiopatía",
    "cirugía", "operado", "operada", "diabético", "diabética", "hipertenso", "hipertensa",
    "polmonite", "frattura", "ricoverato", "ricoverata", "ricovero", "dimesso", "dimessa",
    "artrosi", "osteoporosi", "trombosi", "ernia", "terapia", "antidepressivi", "glicemia",
    "colesterolo", "epatite", "cardiopatia", "intervento", "operato", "operata", "diabetico",
    "diabetica", "iperteso", "ipertesa", "longontsteking", "breuk", "opgenomen", "artrose",
    "trombose", "rugpijn", "behandeling", "insuline", "bloedsuiker", "hartziekte",
    "operatie", "geopereerd", "diabetes", "migraine",
    # Conditions common in notes and claims, every language
    "endometriosis", "endometriose", "endométriose", "endometriosi", "fibromyalgia",
    "fibromyalgie", "fibromialgia", "herniated", "osteoarthritis", "bipolaire", "bipolare",
    "brustkrebs", "lungenkrebs", "darmkrebs", "hautkrebs", "prostatakrebs", "bandscheibe",
    "mukoviszidose", "cystic", "fibrosis", "mucoviscidose", "fibrosis", "neuropathy",
    "hypoglycaemia", "hypoglycemia", "hiv-positive", "autistic", "dyslexia", "dyslexie",
    "dislexia", "dislessia", "ocd", "anorexia", "psychosis", "psychose", "psicosis", "psicosi",
    "suicidal", "self-harm", "glioblastoma", "sarcoma", "myeloma",
    # Medicines most often prescribed (WHO essential and top-prescribed generic names)
    "amlodipine", "metoprolol", "losartan", "simvastatin", "rosuvastatin", "gabapentin",
    "pregabalin", "hydrochlorothiazide", "prednisone", "prednisolone", "tramadol", "codeine",
    "morphine", "oxycodone", "fentanyl", "buprenorphine", "citalopram", "escitalopram",
    "venlafaxine", "duloxetine", "bupropion", "mirtazapine", "quetiapine", "olanzapine",
    "risperidone", "aripiprazole", "lamotrigine", "valproate", "levetiracetam",
    "carbamazepine", "methotrexate", "adalimumab", "infliximab", "rituximab", "tamoxifen",
    "letrozole", "clopidogrel", "rivaroxaban", "dabigatran", "edoxaban", "furosemide",
    "spironolactone", "ramipril", "enalapril", "bisoprolol", "allopurinol", "pantoprazole",
    "lansoprazole", "montelukast", "budesonide", "sumatriptan", "methylphenidate",
    "lisdexamfetamine", "alprazolam", "lorazepam", "diazepam", "clonazepam", "zolpidem",
    "liraglutide", "empagliflozin", "dapagliflozin", "sitagliptin", "gliclazide",
    "glimepiride", "ozempic", "wegovy", "humira", "xanax", "prozac", "zoloft", "ritalin",
    "adderall", "eliquis", "xarelto", "lantus", "truvada", "antiretroviral",
    "antipsychotic", "antipsychotics", "benzodiazepines", "chemo",
    # Lab values
    "a1c", "ferritin", "triglycerides", "crp", "troponin", "bilirubin",
    # German, French, Spanish conditions not listed above
    "linfoma", "lymphome", "leucemia", "leucémie", "leukämie", "fehlgeburt", "aborto",
    "quimioterapia", "chimiothérapie", "chemotherapie", "chemotherapy",
    # Adjectives and aids of conditions listed above, addiction and its treatment
    "asthmatic", "asthmatique", "asthmatiker", "asthmatikerin", "asmático", "asmática",
    "epileptic", "épileptique", "epileptiker", "epileptikerin", "epiléptico", "epiléptica",
    "drépanocytaire", "drépanocytose", "drepanocitosis", "drepanocítico", "drepanocítica",
    "sichelzellanämie", "sichelzellkrank", "sichelzellkranke", "sichelzellkranker",
    "hémophile", "hemophiliac", "haemophiliac", "hemofílico", "hemofílica", "hämophil",
    "inhaler", "inhalateur", "inhalador", "inhalator", "malaise", "désintoxication",
    "desintoxicación", "entzug", "sucht", "addicted", "addict", "toxicomanie", "adicción",
    "alcoolisme", "alcoholismo", "alkoholiker", "alkoholikerin", "alcoolique", "alcohólico",
    "alcohólica", "insuficiencia", "avortement", "ivg", "abortion", "miscarried",
    "rehabilitación", "rééducation", "reha", "biopsy", "biopsie", "biopsia", "operaron",
    "oncologist", "onkologe", "onkologin", "oncologue", "oncólogo", "oncóloga", "oncology",
    "cardiologist", "kardiologe", "cardiologue", "cardiólogo", "psychiatrist", "psychiater",
    "psychiatre", "psiquiatra", "séropositif", "séropositive", "seropositivo",
    "seropositiva", "hiv-positiv",
    # addiction's treatment as speech shortens it
    "désintox", "desintox", "sevrage", "entgiftung", "entzugsklinik",
)  # fmt: skip
"""Conditions, treatments, medicines and lab values in the six languages; they count only
in a prompt that identifies a person (a name, a date of birth, a patient number)."""
_HEALTH_PHRASES = (
    "fausse couche", "fausse-couche", "interruption de grossesse", "burn-out", "burn out",
    "panic attack", "panikattacke", "crise d'angoisse", "ataque de pánico", "arrêt maladie",
    "baja médica",
)  # fmt: skip
"""Conditions written in several words, looked for in a short prompt's lower-cased text."""
_HEALTH_STEMS = (
    b"sucht", b"krebs", b"klinik", b"therapie", b"diagnos", b"krank", b"psychiatr", b"entzug",
    b"tumor", b"infarkt", b"diabet",
)  # fmt: skip
"""German health compounds are written as one word ("Suchtklinik", "Brustkrebs",
"Entzugstherapie", "Krankenhausaufenthalt"): a short prompt's words holding one of these
count as health terms."""
_MONEY_TROUBLE = _vocab(
    "debt", "debts", "arrears", "overdraft", "bankruptcy", "bankrupt", "insolvency",
    "insolvent", "garnished", "garnishment", "repossession", "payday", "schulden",
    "spielschulden", "insolvenz", "privatinsolvenz", "pfändung", "lohnpfändung", "überschuldet",
    "mahnungen", "dettes", "endettement", "surendettement", "découvert", "huissier", "faillite",
    "impayés", "deuda", "deudas", "embargo", "embargada", "embargado", "moroso", "morosos",
    "quiebra", "impagos", "desahucio", "mietrückstand", "mietschulden", "zahlungsrückstand",
    "rückstand", "rückstände", "inkasso", "mahnbescheid", "zwangsvollstreckung", "schufa",
    "ficp", "fiché", "fichée", "surendetté", "surendettée", "recouvrement", "impayé",
    "asnef", "impago", "moratoria", "atrasos",
)  # fmt: skip
"""A private person's money trouble (debts, arrears, insolvency, a garnished wage) in the
four languages: like a health condition, personal data when a person is named with it."""
_MONEY_PHRASES = (
    "credit score", "missed payments", "missed three", "behind on rent", "behind on his",
    "behind on her", "can't pay", "cannot pay", "unable to pay", "miete nicht",
    "nicht mehr zahlen", "ne peut plus payer", "retard de loyer", "no puede pagar",
    "schufa-eintrag",
)  # fmt: skip
"""Money trouble written in several words, looked for in a short prompt's lower-cased text."""
_OWING = _vocab(
    "owe", "owes", "owed", "owing", "borrow", "borrowed", "lend", "lent", "loaned", "doit",
    "dois", "doivent", "devait", "devoir", "prêter", "prêté", "emprunté", "emprunter",
    "debe", "deben", "debía", "deber", "prestar", "prestado", "prestó", "schuldet",
    "schulde", "schuldete", "leihen", "geliehen", "lieh",
)  # fmt: skip
"""Owing or borrowing, which with an amount beside it ("devoir 14 000 € à trois organismes",
"lui prêter 2 000 €", "owes £3,000") is a person's money trouble."""
_AMOUNT = re.compile(
    r"[0-9](?:[0-9 .,'\u202f\u00a0]*[0-9])?[ \t\u202f\u00a0]?(?:€|\$|£|(?i:eur\b|euros?\b"
    r"|dollars?\b|pounds?\b|chf\b|francs?\b|pesos?\b))|[€$£][ \t]?[0-9]"
)
"""A sum of money: digits and a currency sign or word after them, or a sign before them."""
_AMOUNT_REACH = 60


def _owed_amount(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """An owing or borrowing word with a sum of money within ``_AMOUNT_REACH`` characters."""
    for cue in words & _OWING:
        word = cue.decode()
        for pos in ix.positions(word, 4):
            lo, hi = max(0, pos - _AMOUNT_REACH), pos + len(word) + _AMOUNT_REACH
            if _DIGIT.search(text, lo, hi) and _AMOUNT.search(text, lo, hi):
                return True
    return False


_HEALTH_IDS = _vocab("mrn", "nhs")
"""Patient identifiers that make health data personal without a name ("patient" alone does
not: "a patient on warfarin" is a general question)."""


_ID_AFTER_NHS = re.compile(r"(?i:[ \t]*(?:-?[ \t]*(?:no\b|nr\b|num|number|nummer|#|:|[0-9])))")
"""What makes "NHS" a patient number's label ("NHS No.", "NHS number", "NHS: 943 ..."),
not the health service ("thanked the NHS staff")."""


def _health_id(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """A patient identifier's label outside a sentence that declares its data made up (a
    reference sheet's "SPECIMEN - NOT A REAL PATIENT: ... NHS No. 999 ...")."""
    for cue in words & _HEALTH_IDS:
        word = cue.decode()
        for pos in ix.positions(word, 4):
            if word == "nhs" and _ID_AFTER_NHS.match(text, pos + 3) is None:
                continue  # the health service, not a patient's number
            if not declared_in_sentence(text, pos):
                return True
    return False


# -- national identifiers named by their label -------------------------------------------

_FIELD_DOCUMENTS = (
    "passport", "passeport", "pasaporte", "reisepass", "pass", "ausweis", "id", "identity",
    "national_id", "tax", "steuer", "dni", "nie", "nif", "licence", "license", "permis",
)  # fmt: skip
_FIELD_SUFFIXES = ("no", "nr", "num", "number", "nummer", "numero", "id")
"""A database's or an export's field names ("passport_no", "id_number", "tax_id"): one
word in the word index, since it does not split at ``_``; they name the value after them in
any language the text around them is written in."""
_TRAVEL_DOCUMENT_WORDS = ("document", "documento")
_TRAVEL_DOCUMENT = re.compile(
    r"(?i:travel[ \t]+document|document[ \t]+de[ \t]+voyage|documento[ \t]+de[ \t]+viaje)"
)
"""A passport as airlines and border forms name it ("Travel document no.", "document de
voyage", "documento de viaje"): "document" is a label only in that phrase."""
_ID_LABELS = _vocab(
    "bsn", "burgerservicenummer", "sofinummer", "nir", "insee", "sécurité", "steuer",
    "steueridentifikationsnummer", "steuernummer", "idnr", "identifikationsnummer",
    "personalausweis", "personalausweisnummer", "ausweis", "ausweisnummer", "passnummer",
    "reisepassnummer", "sozialversicherungsnummer", "rentenversicherungsnummer", "fiscale",
    "fiscal", "spi", "nie", "nif", "nss", "passport", "passeport",
    "reisepass", "pasaporte", "passaporto", "paspoort", "licence", "license", "führerschein",
    "identité", "identidad", "identity", "dni", "cni", "permis", "conducir", "sécu",
    "reisedokument", "reisedokuments", "reisedokumentnummer", *_TRAVEL_DOCUMENT_WORDS,
    *(f"{doc}_{suffix}" for doc in _FIELD_DOCUMENTS for suffix in _FIELD_SUFFIXES),
)  # fmt: skip
_TAX_LABELS = frozenset(
    (b"steuer", b"steueridentifikationsnummer", b"idnr", b"identifikationsnummer")
)
_TAX_WORDS = _vocab(
    "tax", "taxes", "lohnsteuerbescheinigung", "lohnsteuer", "steuerbescheid", "steuererklärung",
    "finanzamt", "impôts", "impôt", "hacienda", "fiscalité",
)  # fmt: skip
"""Words about taxes in the four languages: only a value whose Steuer-ID check digit and
digit rule hold counts after one (a company's VAT number after "Tax ID" does not)."""
_ID_VALUE = re.compile(r"(?<![\w])[A-Z0-9](?:[A-Z0-9]|[ .\-/](?=[A-Z0-9])){5,24}(?![\w])")
_CODICE_FISCALE = re.compile(r"\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b")
_DATE_LIKE = re.compile(r"\d{1,4}[./\-]\d{1,2}[./\-]\d{1,4}")
_NUMBER_WORD = re.compile(
    r"(?<![\w])(?i:number|no\.?|nr\.?|nummer|numéro|numero|número|n°|nº|lautet|reads|is|ist|est|es)"
    r"(?:\s+(?i:the|le|la|el|die|der|das))?\s*[:#]?\s*$"
)
"""What stands just before a value that a label a sentence earlier names ("My passport
was issued in 2019. The number is ...", "Die Nummer lautet ...", "C'est le ...")."""
_COLON_BEFORE = re.compile(r":\s*$")
"""A colon just before a value: "..., das ist diese hier: C88WF7ZTJ" introduces it."""
_FAR = 160
"""How far after its label a value may stand when a number word introduces it: the end of
the next sentence, so "Reisepass: ausgestellt in Berlin. Die Passnummer lautet ..." counts."""


_DOCUMENT_NUMBER = re.compile(r"(?=[A-Z0-9]*[0-9])(?=(?:[0-9]*[A-Z]){2})[A-Z0-9]{8,10}")
"""A passport's or an ID card's number: 8 to 10 capitals and digits with at least one digit
and two letters ("CYKNVXK98", "LHRC74GX8", "PAB482913"), read only after a document label."""


def _id_value(value: str) -> bool:
    """A document number's shape: six digits or more, or eight characters or more that mix
    capitals and at least four digits (passports: "C01X00T47"); not a date."""
    digits = sum(c.isdigit() for c in value)
    if _DATE_LIKE.fullmatch(value):
        return False
    if digits >= 6:
        return True
    compact = value.replace(" ", "").replace("-", "").replace(".", "")
    return len(compact) >= 8 and digits >= 4 and any(c.isalpha() for c in compact)


_NUMBER_NOUN = re.compile(r"(?i:\b(?:number|nummer|numéro|numero|número|n°|nº|nr)\b)")
"""A number noun between a document's label and its value, anywhere in the value's own
sentence ("Reisepass beantragt ... Bitte die neue Nummer verwenden: CKT3NT4YC")."""
_NOUN_REACH = 80
_SPANISH_ID = re.compile(r"([XYZ]?)([0-9]{7,8})([A-Z])")


def _checksum_fails(value: str) -> bool:
    """Whether a labelled value has the shape of a Spanish DNI or NIE that its check letter
    refutes, or is one run of consecutive digits ("12345678901"): a test value, not a
    person's number. An IBAN beside the label is no national id either way. (A German tax id
    whose check digit fails still counts after its label: a mistyped one is someone's.)"""
    compact = value.replace(" ", "").replace("-", "").replace(".", "").replace("/", "")
    if len(compact) >= 15 and compact[:2] in IBAN_LENGTHS and compact[2:4].isdigit():
        return True  # an account number: the IBAN recognizer judges it, by its check digits
    spanish = _SPANISH_ID.fullmatch(compact)
    if spanish is not None:
        prefix, digits, letter = spanish.groups()
        if prefix:
            return len(digits) == 7 and not nie_valid(prefix, digits, letter)
        return len(digits) == 8 and not dni_valid(digits, letter)
    compact = compact.lstrip(string.ascii_letters)  # "ID 12345678901": the label's tail
    if compact.isdigit() and len(compact) >= 7:
        steps = {(int(b) - int(a)) % 10 for a, b in pairwise(compact)}
        return steps == {1}
    return False


_TAX_REACH = 240
"""How far after a German tax label a value whose Steuer-ID check digit holds may stand,
blank lines and sentences between ("Meine Steuer-ID? ... Hab sie gefunden.\n\n859...")."""


def _steuer_id_after(text: str, begin: int) -> bool:
    """An 11-digit value (bare or in groups) whose Steuer-ID check digit and digit rule hold,
    within ``_TAX_REACH`` after a tax label: the check is strict enough to reach across
    paragraphs."""
    for m in _ID_VALUE.finditer(text, begin, begin + _TAX_REACH):
        digits = "".join(c for c in m.group() if c.isdigit())
        valid = len(digits) == 11 and steuer_id_valid(digits)
        if valid and not declared_in_sentence(text, m.start()):
            return True
    return False


_VALUE_BEFORE = re.compile(
    r"(?<![\w])([A-Z0-9](?:[A-Z0-9]|[ .\-/](?=[A-Z0-9])){5,24})(?![\w])[ \t,:;\-\u2013\u2014]*"
    r"(?i:(?:that's|that is|this is|it's|it is|is|das ist|ist|c'est|c\u2019est|es|est)[ \t]+)?"
    r"(?i:my|mein|meine|meiner|mon|ma|mi|our|unsere?|her|his|their|ihr|ihre|ihrer|sein|seine"
    r"|seiner|son|sa|su|sus|the|der|die|le|la|el)[ \t]+(?:[\w'\u2019\-]+[ \t]+){0,3}$"
)
"""A value a label follows as its owner's ("C01X00T47 - das ist meine Passnummer",
"532918404 - that's my passport number", "18AB12345 c'est mon numéro de passeport",
"document CG4W6YP25 - that's her Reisepass"):
the window before a label ends in a possessive, the value just before it."""
_BEFORE = 96


def _value_before(text: str, pos: int) -> bool:
    """Whether an identifier stands just before the label at ``pos``, tied to it by "that's
    my", "das ist meine", "c'est mon", "es mi" (see ``_VALUE_BEFORE``)."""
    m = _VALUE_BEFORE.search(text, max(0, pos - _BEFORE), pos)
    if m is None:
        return False
    value = m.group(1)
    document = _DOCUMENT_NUMBER.fullmatch(value) is not None
    if not (_id_value(value) or document or _CODICE_FISCALE.fullmatch(value)):
        return False
    return not (_checksum_fails(value) or declared_in_sentence(text, m.start(1)))


_VAT_BEFORE = re.compile(r"(?i:\b(?:ust|mwst|vat|tva|iva|uid)[ \t.\-]*)$")
"""A value-added-tax word fused to an id label ("USt-IdNr.", "UID-Nr", "VAT ID"): the label
names a company's VAT number, not a person's."""
_COMPANY_ID = re.compile(
    r"(?:AT ?U|BE ?0|DE|DK|EL|ES ?[A-HJNP-SUVW]|FI|FR ?[0-9A-Z]{2}|GB|IE|IT|LU|NL|PL|PT|SE|CHE)"
    r"[ .\-]?(?:[0-9][ .\-]?){7,12}[0-9A-Z]?B?[0-9]{0,2}"
    r"|[A-HJNP-SUVW][ \-]?[0-9]{7}[0-9A-J]"
)
"""A company's identifier: an EU VAT number (country prefix, then 8 to 12 digits: "DE 283
941 577", "FR40303265045", "ESB12345678", "ATU12345678") or a Spanish company's NIF (the
former CIF: a legal form's letter, seven digits and a control character, "B12345678").
A person's DNI starts with a digit, a NIE with X, Y or Z."""


def _company_id(value: str) -> bool:
    return _COMPANY_ID.fullmatch(value) is not None


_SPACED_LETTERS = re.compile(r"(?<![\w°])(?:[^\W\d_°][ \t]){3,}[^\W\d_°](?![\w])")
"""A word an OCR pass or a scan wrote with a space between its letters ("P A S S E P O R T",
"N o m")."""
_SPACED_CUES = _vocab("passport", "passeport", "pasaporte", "reisepass", "pass", "identity",
                      "identité", "identidad", "personalausweis", "ausweis")  # fmt: skip


def _spaced_label_id(text: str) -> bool:
    """An identifier after a label written letter by letter (a scanned page's OCR text,
    "P A S S E P O R T  N°  15FM17787"): the short prompt with those words joined, read as
    any other for a labelled identifier."""
    if _SPACED_LETTERS.search(text) is None:
        return False
    joined = _SPACED_LETTERS.sub(lambda m: m.group().replace(" ", "").replace("\t", ""), text)
    jx = _Index(joined)
    words = jx.cues()
    return bool(words & _SPACED_CUES) and _labelled_id(joined, jx, words)


_TABLE_DELIMITERS = ("|", "\t", ";")
_TABLE_ROWS = 20
"""How many rows under a header line its column label reaches."""


def _column_cells(text: str, pos: int) -> list[tuple[int, str]]:
    """The cells under a label that heads a table's column ("| Name | Reisepass | geb. |"
    over its rows, a CSV's "name;passport;dob"): a header labels its column's values
    however far its text stands from them. Empty when the label is no header cell."""
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    if line_end == -1:
        return []
    line = text[line_start:line_end]
    delimiter = next((d for d in _TABLE_DELIMITERS if line.count(d) >= 2), None)
    if delimiter is None:
        return []
    column = line.count(delimiter, 0, pos - line_start)
    width = line.count(delimiter)
    cells: list[tuple[int, str]] = []
    at = line_end + 1
    for _ in range(_TABLE_ROWS):
        end = text.find("\n", at)
        end = len(text) if end == -1 else end
        row = text[at:end]
        if row.count(delimiter) != width:
            break
        parts = row.split(delimiter)
        offset = at + sum(len(c) + 1 for c in parts[:column])
        cell = parts[column]
        stripped = cell.strip()
        if stripped and stripped.strip("-: ") and " " not in stripped:
            cells.append((offset + cell.index(stripped), stripped))
        at = end + 1
        if at > len(text):
            break
    return cells


def _column_id(text: str, pos: int) -> bool:
    """A document number in the column a label heads (``_column_cells``)."""
    for start, value in _column_cells(text, pos):
        if _ID_VALUE.fullmatch(value) is None:
            continue
        if not (_id_value(value) or _DOCUMENT_NUMBER.fullmatch(value)):
            continue
        if _checksum_fails(value) or _company_id(value) or declared_in_sentence(text, start):
            continue
        return True
    return False


def _labelled_id(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """An identifier (see ``_id_value``; or an Italian codice fiscale) within a short
    distance after the name of a national ID, passport, tax or licence number; or, up to
    the end of the next sentence, one that a number word introduces ("the number is", "c'est
    le"), a document number a colon introduces ("..., genau diese hier: C88...") or, after
    a German tax label, one whose Steuer-ID check digit holds. A label whose text ends in a
    colon before a blank line reaches the next paragraph's first line."""
    places = [(w, p) for w in words & NATIONAL_ID_LABELS for p in ix.positions(w.decode(), 4)]
    if any(not declared_in_sentence(text, at) for at in national_ids.find(text, places)):
        return True  # a PESEL, BSN, AHV ... number whose check holds, beside its label
    for cue in words & _TAX_WORDS:  # "the German tax refund ... printed like this: 543 ..."
        if any(_steuer_id_after(text, pos) for pos in ix.positions(cue.decode(), 4)):
            return True
    for cue in words & _ID_LABELS:
        word = cue.decode()
        tax = cue in _TAX_LABELS
        for pos in ix.positions(word):
            if word in _TRAVEL_DOCUMENT_WORDS and not _TRAVEL_DOCUMENT.search(
                text, max(0, pos - 7), pos + len(word) + 10
            ):
                continue  # "this document": a label only as a travel document
            if _VAT_BEFORE.search(text, max(0, pos - 8), pos) is not None:
                continue  # "USt-IdNr.": a company's VAT number
            if cue == b"s?curit?" and not text[pos + 8 : pos + 17].lower().startswith(" sociale"):
                continue  # "Sécurité : ..." heads a changelog entry; the id is "sécurité sociale"
            if _value_before(text, pos) or _column_id(text, pos):
                return True
            begin = pos + len(word)
            stop = begin + _FAR
            gap = text.find("\n\n", begin, stop)
            if gap != -1 and text[begin:gap].rstrip().endswith(":"):
                # "... the one under "Passport No." which I can never find:\n\n832729490":
                # a colon hands the label on to the next paragraph's first line
                body = gap + 2 + len(text[gap + 2 : stop]) - len(text[gap + 2 : stop].lstrip())
                line_end = text.find("\n", body, stop)
                gap = line_end if line_end != -1 else -1
            if tax and _steuer_id_after(text, begin):
                return True
            stop = gap if gap != -1 else stop
            for m in _ID_VALUE.finditer(text, begin, stop):
                value = m.group()
                document = _DOCUMENT_NUMBER.fullmatch(value) is not None
                if not (_id_value(value) or document or _CODICE_FISCALE.fullmatch(value)):
                    continue
                if _checksum_fails(value) or declared_in_sentence(text, m.start()):
                    continue
                if _company_id(value):
                    continue  # a company's VAT number or NIF beside a tax label
                if m.start() <= begin + 48:
                    return True
                digits = "".join(c for c in value if c.isdigit())
                if tax and steuer_id_valid(digits):
                    return True
                if _NUMBER_WORD.search(text, max(begin, m.start() - 24), m.start()):
                    return True
                if document and _COLON_BEFORE.search(text, max(begin, m.start() - 4), m.start()):
                    return True
                noun_from = max(begin, m.start() - _NOUN_REACH)
                noun = _NUMBER_NOUN.search(text, noun_from, m.start())
                if noun is not None and (document or _id_value(value)):
                    between = text[noun.end() : m.start()]
                    if ". " not in between and "\n" not in between:
                        return True
    return len(text) <= _WHOLE and _CODICE_FISCALE.search(text) is not None


# -- the recognizer ---------------------------------------------------------------------

_COMMON_WORDS = _vocab(
    "way", "path", "loop", "green", "circle", "square", "drive", "view", "row", "walk", "hill",
    "close", "place", "court", "grove", "rise", "vale", "park", "trail", "passage", "parade",
    "heights", "ridge", "manor", "dale", "wharf", "meadows", "alley", "gardens", "terrace",
    "pl", "ct", "dr", "don", "letter", "email", "mail", "note", "claim", "son", "partner", "friend",
    "mother", "father", "brother", "sister", "wife", "husband", "boss", "co", "story",
    "character", "characters", "novel", "fiction", "send", "ship", "deliver", "lives", "ms",
    "member", "child", "parent", "student", "kind", "guest", "resident", "application", "kin",
    "recipient", "responsable", "gast", "enfant", "cv", "candidate", "candidato", "candidata",
    "solicitud", "studente", "passenger", "insured", "corner", "corners", "crossing", "mill",
    "mills", "shore", "ramp", "trace", "tunnel", "vista", "flats", "fork", "brook", "lodge",
    "neck", "oval", "extension", "gateway", "junction", "meadow", "estates", "glen",
    *_RELATION_WORDS,
)  # fmt: skip
"""Cue words that are also everyday words: in a long prompt (past ``_WHOLE``) each costs a
scan of the whole text and rarely leads anywhere, so they are left out there, and an
address in a long prompt is looked for near an address cue instead (see ``_address``)."""

_FICTION = _vocab(
    "fictional", "fiction", "novel", "story", "character", "characters", "fanfic", "roman",
    "romanzo", "novela", "verhaal", "geschichte", "histoire", "storia", "historia",
    "erzählung", "relato", "cuento", "personaje", "personnage", "protagonist",
    "protagoniste", "protagonista", "roleplay", "rollenspiel", "plot", "screenplay",
    "drehbuch", "guion", "guión", "sitcom", "telenovela",
    # a work's scenes and passages, read as literature ("three specific scenes", "mit
    # Textstellen", "des scènes", "escenas"): the people in them are its characters
    "scenes", "szenen", "scènes", "escenas", "textstellen", "textstelle", "literary",
    "literarisch", "literarische", "littéraire", "literario", "literaria",
)  # fmt: skip
_TELLING = {b"cuento": "cuento", b"relato": "relato"}
"""Story nouns that are also the verb "I tell" ("os cuento que ...", "te relato lo que
pasó"): after a clitic pronoun they introduce news, not a story."""
_CLITICS = (" te ", " os ", " le ", " les ", " me ", " nos ", " se ", " lo ")


def _told(text: str, ix: _Index, cues: frozenset[bytes]) -> bool:
    """Whether every story word among ``cues`` is the verb "I tell" after a clitic."""
    if not cues or not cues <= _TELLING.keys():
        return False
    for cue in cues:
        for pos in ix.positions(_TELLING[cue]):
            before = " " + text[max(0, pos - 5) : pos].lower()
            if not before.endswith(_CLITICS):
                return False
    return True


_HISTORY_OR_STORY = frozenset((b"geschichte", b"histoire", b"historia", b"storia"))
"""Story nouns that also name history, the school subject or a field ("Geschichte |
Thema: Industrialisierung", "Histoire-géo", "la historia de Cataluña")."""
_STORY_BEFORE = re.compile(
    r"(?i:\b(?:eine[rn]?|kurze[n]?|kleine[n]?|spannende[n]?|lustige[n]?|traurige[n]?"
    r"|gute-nacht|erzähle?|schreibe?|erfinde|une|petite|courte|belle|drôle|raconte[rz]?"
    r"|écris|écrivez|invente[rz]?|una|breve|corta|pequeña|bonita|cuenta|cuéntame|escribe"
    r"|escribir|inventa|racconta|scrivi)[ \t]+(?:[\w'-]+[ \t]+)?)$"
)
"""What makes one of those a story: an indefinite article, a story's adjective or a verb
of telling or writing just before it ("eine kurze Geschichte", "raconte une histoire")."""


_LAND_PLOT = re.compile(r"[ \t]+(?i:(?:no\.?|number|nr\.?|#)[ \t]*)?[0-9]")
"""A plot followed by its number ("plot 14", "plot no. 7"): a piece of land (an allotment,
a building plot, a grave), not a story's plot."""


def _story_told(text: str, ix: _Index, cues: frozenset[bytes]) -> bool:
    """Whether the prompt's story words tell a story: any but those that also name history
    does; those count after an article, adjective or verb of storytelling; "user story" and
    "story points" are a backlog's, a numbered plot ("plot 14") is land."""
    if any(cue not in _HISTORY_OR_STORY and cue not in (b"story", b"plot") for cue in cues):
        return True  # a novel, a character, a screenplay: no need to read where
    for cue in cues:
        word = cue.decode()
        for pos in ix.positions(word, 4):
            if word == "plot":
                if not _LAND_PLOT.match(text, pos + 4):
                    return True
            elif word == "story":
                user = text[max(0, pos - 5) : pos].lower() == "user "
                if not user and not text[pos + 5 : pos + 12].lower().startswith(" point"):
                    return True
            elif cue not in _HISTORY_OR_STORY or _STORY_BEFORE.search(text, max(0, pos - 32), pos):
                return True
    return False


_FICTION_SUFFIXES = (b"geschichte", b"roman", b"erz?hlung", b"novela", b"story")
"""Compounds that name a story ("Kurzgeschichte", "Kriminalroman", "Gutenachtgeschichte")."""
_HISTORIES = (
    b"krankengeschichte", b"krankheitsgeschichte", b"vorgeschichte", b"familiengeschichte",
    b"firmengeschichte", b"unternehmensgeschichte", b"weltgeschichte", b"zeitgeschichte",
    b"kunstgeschichte", b"kulturgeschichte", b"wirtschaftsgeschichte", b"stadtgeschichte",
    b"entstehungsgeschichte", b"erfolgsgeschichte"
)  # fmt: skip
"""Compounds of "Geschichte" that are a history, not a story: a patient's medical history
("Krankengeschichte"), a company's, a field's."""
_FICTION_PHRASES = (
    "écris une nouvelle", "écrire une nouvelle", "une courte nouvelle", "jeu de rôle",
    "juego de rol", "role-play", "role play", "diary entry", "tagebucheintrag",
    "journal intime", "entrée de journal", "entrada de diario", "inner monologue",
    "innerer monolog", "monologue intérieur", "monólogo interior", "fan fiction",
    # a scene to write, and a film's or a series' characters
    "write a scene", "short scene", "a scene where", "a scene in which", "film character",
    "movie character", "schreib eine szene", "schreibe eine szene", "kurze szene",
    "eine szene, in der", "filmfigur", "serienfigur", "romanfigur", "écris une scène",
    "courte scène", "une scène où", "personnage de film", "personnage du film",
    "escribe una escena", "escena breve", "breve escena", "escena corta",
    "una escena en la que", "personaje de película", "personaje de la película",
    # a literary analysis of a work's passages: the people in them are its characters
    "close reading", "close-reading", "passages from each", "passages from the novel",
    "passages du roman", "explication de texte", "commentaire de texte",
    "commentaire composé", "lecture analytique", "textinterpretation", "textanalyse",
    "romananalyse", "comentario de texto", "análisis literario", "pasajes de cada obra",
    "pasajes de la novela", "pasajes de ambas obras",
)  # fmt: skip
"""Stories, role-play, a scene, a character's imagined writing (a diary entry, an inner
monologue) and a literary analysis of a work's passages named in several words, looked for
in a short prompt."""
_FICTION_WORKS = (
    "in the books", "in the novels", "in the novel", "in the films", "in the series",
    "in the stories", "in den büchern", "in den romanen", "im roman", "in den filmen",
    "in der serie", "dans les romans", "dans le roman", "dans les livres", "dans les films",
    "dans la série", "en los libros", "en las novelas", "en la novela", "en las películas",
    "en la serie",
)  # fmt: skip
"""What happens "in the books", novels, films or series: in a prompt with nothing tying
it to the writer or a workplace (``_WRITER_LINK``), the people and homes it names are
characters' ("Why does that address matter in the books?")."""
_COVERAGE = (
    "covered by the", "press covered", "media covered", "coverage", "in the press", "the media", "media portray",
    "berichterstattung", "in der presse", "in den medien", "couverture médiatique",
    "dans la presse", "les médias", "cobertura", "en la prensa", "los medios",
)  # fmt: skip
"""What makes a prompt about how the press told people's stories: those it names are
public figures, and what the press reported of them (an injury, an illness) is public."""
_DISCLOSED = re.compile(
    r"(?i:\b(?:has|have|had)[ \t]+(?:spoken|talked|written)[ \t]+(?:openly[ \t]+)?(?:and[ \t]+)?"
    r"publicly|\b(?:spoke|talked|wrote)[ \t]+publicly|\b(?:went|gone)[ \t]+public[ \t]+with"
    r"|\bpublicly[ \t]+(?:disclosed|revealed|announced|shared|discussed)"
    r"|\bannounced[ \t]+(?:her|his|their)[ \t]+diagnosis"
    r"|\böffentlich[ \t]+gemacht|\böffentlich[ \t]+(?:darüber[ \t]+)?(?:gesprochen|erzählt"
    r"|berichtet)|\b(?:hat|hatte)[ \t]+öffentlich[ \t]+über"
    r"|\b(?:parlé|parle|évoqué|évoque|révélé|annoncé|raconté)[ \t]+publiquement"
    r"|\brendu[ \t]+publique?[ \t]+(?:sa|son)"
    r"|\b(?:hablado|habló|habla|contado|contó|revelado|reveló|anunciado|anunció)[ \t]+"
    r"públicamente|\bhizo[ \t]+pública[ \t]+su|\bhecho[ \t]+pública[ \t]+su)"
)
_PRESS_SOURCE = re.compile(
    r"(?i:\baccording[ \t]+to[ \t]+(?:the[ \t]+)?(?:press|media|news|reports|newspapers|tabloids)"
    r"|\b(?:press|media|news)[ \t]+reports?[ \t]+(?:say|said|claim)|\bthe[ \t]+press[ \t]+(?:says|reports)"
    r"|\blaut[ \t]+(?:der[ \t]+)?(?:presse|medien\w*|zeitung\w*|berichten)|\bmedienberichten[ \t]+zufolge"
    r"|\bwie[ \t]+die[ \t]+presse[ \t]+berichtet"
    r"|\b(?:d'après|selon)[ \t]+(?:la[ \t]+presse|les[ \t]+médias|les[ \t]+journaux)"
    r"|\b(?:según|de[ \t]+acuerdo[ \t]+con)[ \t]+(?:la[ \t]+prensa|los[ \t]+medios|los[ \t]+periódicos))"
)
"""A fact sourced to the press ("according to press reports", "laut Medienberichten",
"d'après la presse", "según la prensa"): what the news published of a public figure is
public, as a fact the person disclosed is; a private person's GP or HR file is no press."""
"""A person who made their own condition public ("has spoken publicly about", "hat ihre
Erkrankung öffentlich gemacht", "a parlé publiquement de", "ha hablado públicamente de"):
a public figure's disclosed fact, like one the press reported."""

_CAREER = re.compile(
    # a title, a medal or a named competition won (not a prize at work or a village
    # contest: "won the sales award", "gewann den Preis", "ganó el concurso")
    r"(?:(?i:\b(?:won|wins?|gewann|gewinnt|remporté|remporta|gagné|gagna|ganó|gana"
    r"|conquistó)\b)[^.\n]{0,40}?(?:(?i:\b(?:titles?|championships?|medals?|cups?|troph(?:y|ies)"
    r"|tournaments?|grand[ \t]+slam|olympic\w*|\w*titel|\w*meisterschaft(?:en)?|medaille\w*"
    r"|\w*pokal|turniere?|olympi\w*|titres?|championnats?|médailles?|coupes?|tournois?"
    r"|trophées?|títulos?|campeonatos?|medallas?|copas?|torneos?|trofeos?|ligas?|mundial)\b)"
    r")"
    # or a competition by its name right after the verb ("won Wimbledon", "ganó Roland
    # Garros"; not in German, which capitalises every noun)
    r"|(?i:\b(?:won|remporté|remporta|gagné|gagna|ganó|conquistó)[ \t]+(?:(?:the|le|la|el)"
    r"[ \t]+|l')?)[A-Z][\w\-]+)"
    # works: paintings, compositions, novels, albums, exhibitions
    r"|(?i:\b(?:painted|paintings|composed|symphon(?:y|ies)|novels|albums?|exhibitions?"
    r"|films?|filme|película|películas|malte|gemälde|komponierte|sinfonien|romane"
    r"|ausstellung(?:en)?|peint|peignit|tableaux|composé|romans|expositions?|pintó|pinto"
    r"|pinturas|cuadros|compuso|novelas|exposici(?:ón|ones))\b)"
    # research on a subject
    r"|(?i:\b(?:research(?:es)?[ \t]+(?:on|into)|forschung(?:en)?[ \t]+(?:über|zu|zur|zum"
    r"|an)|recherches?[ \t]+sur|investigaci(?:ón|ones)[ \t]+sobre)\b)"
    # a seat in a parliament
    r"|(?i:\b(?:parliament|parlament\w*|parlement|parlamento|mp|senator|senate"
    r"|\w*abgeordnete[rn]?|bundestag|landtag|député|sénat\w*|diputad[oa]|senador[a]?"
    r"|congreso|congress)\b)"
    # a public office held: a mayor's, a chancellor's, a prime minister's ("his time as
    # mayor of Hamburg", "sa période comme maire", "su etapa de alcalde"; German compounds:
    # "Oberbürgermeister", "Kanzlerschaft")
    r"|(?i:\b(?:mayor|lord[ \t]+mayor|chancellor|prime[ \t]+minister|\w*bürgermeister(?:in)?"
    r"|\w*kanzler(?:in|schaft|amt|stil)?|ministerpräsident(?:in)?|maire|chancelière?"
    r"|premier[ \t]+ministre|alcalde(?:sa)?|canciller|primer[ \t]+ministro)\b)"
    # a professional club's training or match, the club named
    r"|(?i:\b(?:training|entrenamiento|entraînement|trainingsspiel|match|partido|spiel)[ \t]+"
    r"(?:with|con|avec|mit|against|contra|contre|gegen)[ \t]+(?:(?:the|el|la|le|l'|dem|der"
    r"|die)[ \t]*)?)[A-ZÀ-Þ]"
)
"""A public career or public works told beside a person (a title won, a seat kept in
parliament, a public office, paintings, research on a subject, a club's training): what a newspaper or an
encyclopaedia says of a public figure, not what a ticket says of a staff member."""
_DATED = re.compile(r"(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])")
_WRITER_LINK = re.compile(
    r"(?i:\b(?:i|i'm|i've|me|my|we|our|us|ich|mich|mir|mein\w*|wir|uns|unser\w*|je|j'|moi"
    r"|mon|ma|mes|nous|notre|nos|yo|me|mi|mis|nosotros|nuestr[oa]s?"
    r"|colleague|patient|client|customer|employee|staff|manager|boss|tenant|student"
    r"|kollegin|kollege|patientin|patient|kundin|kunde|mitarbeiter\w*|chef|chefin|mieter"
    r"|collègue|patiente|cliente?|salarié\w*|employé\w*|locataire|élève"
    r"|compañer[oa]|paciente|empleado\w*|jefe|jefa|inquilin[oa]|alumn[oa]"
    # the private sphere: amateur sport, a village, a school, a contest
    r"|amateur|sunday[ \t]+league|pub[ \t]+team|hobby\w*|freizeit\w*|kreisliga|village"
    r"|dorf\w*|barrio|vecinos|quartier|neighbou?rhood|school|schule|école|escuela|colegio"
    r"|concours|concurso|contest|wettbewerb"
    r"|work|office|shift|leave|sick|hr|ticket|arbeit|büro|schicht|krankgeschrieben"
    r"|urlaub|travail|bureau|arrêt|congé|trabajo|oficina|turno|baja"
    # a request to act for or on the person: a reply, a claim, a membership, a wish
    r"|write|reply|draft|email|letter|schreib\w*|antwort\w*|brief|écri\w*|répon\w*"
    r"|lettre|escrib\w*|respond\w*|carta|claim|insurer|insurance|refund|complaint"
    r"|pension|membership|versicherung|antrag|beschwerde|rente|mitgliedschaft|assurance"
    r"|plainte|réclamation|retraite|adhésion|seguro|queja|reclamación|pensión|socio"
    r"|wants|asks|needs|möchte|will|bittet|braucht|veut|demande|souhaite|quiere|pide"
    r"|necesita)\b)"
)
"""What ties a person to the writer or to a workplace's records: a first-person word, a
colleague, patient or client, work, leave or a ticket. A public figure's illness in the
news carries none of them; a private person's in an HR note carries some."""


_SAME_SEX = re.compile(
    r"(?i:\bshe(?:'s)?\b[^.\n]{0,30}\bmarried\b[^.\n]{0,20}\b(?:a|another)[ \t]+woman\b"
    r"|\bhe(?:'s)?\b[^.\n]{0,30}\bmarried\b[^.\n]{0,20}\b(?:a|another)[ \t]+man\b"
    r"|\bsie\b[^.\n]{0,30}\bmit[ \t]+einer[ \t]+(?:anderen[ \t]+)?frau\b[^.\n]{0,20}"
    r"verheiratet|\ber\b[^.\n]{0,30}\bmit[ \t]+einem[ \t]+(?:anderen[ \t]+)?mann\b[^.\n]{0,20}"
    r"verheiratet|\bmariée\b[^.\n]{0,30}\b(?:à|avec)[ \t]+une[ \t]+(?:autre[ \t]+)?femme\b"
    r"|\bmarié\b[^.\n]{0,30}\b(?:à|avec)[ \t]+un[ \t]+(?:autre[ \t]+)?homme\b"
    r"|\bcasada\b[^.\n]{0,30}\bcon[ \t]+(?:una|otra)[ \t]+mujer\b"
    r"|\bcasado\b[^.\n]{0,30}\bcon[ \t]+(?:un|otro)[ \t]+hombre\b"
    r"|\bsame-sex[ \t]+(?:marriage|partner|spouse|couple)|\bgleichgeschlechtliche[nr]?[ \t]+"
    r"(?:ehe|partner|partnerin|paar)\b|\b(?:mariage|couple)[ \t]+homosexuel"
    r"|\b(?:de|du)[ \t]+même[ \t]+sexe\b|\bmatrimonio[ \t]+(?:homosexual|igualitario)"
    r"|\bdel[ \t]+mismo[ \t]+sexo\b"
    # a man's husband, a woman's wife, where the possessive marks the owner's sex
    r"|\bhis[ \t]+(?:husband|fiancé)\b|\bher[ \t]+(?:wife|fiancée)\b)"
    r"|\b(?:sein|seinem|seines)[ \t]+(?:Ehe)?[Mm]ann(?:es)?\b"
    r"|(?<=[a-zß-ÿ,] )(?:ihre|ihrer)[ \t]+(?:Ehe)?[Ff]rau\b"
    # "bi" said of a person as the short form of bisexual: "she's bi", "dass er bi ist",
    # "elle est bi", "me contó que es bi" (not "bi-weekly", "bi-annual")
    r"|(?i:\b(?:she|he|they)(?:'s|'re|[ \t]+is|[ \t]+are)[ \t]+(?:openly[ \t]+)?bi\b(?!-)"
    r"|\b(?:sie|er)[ \t]+ist[ \t]+(?:offen[ \t]+)?bi\b(?!-)"
    r"|\b(?:sie|er)[ \t]+(?:offen[ \t]+)?bi[ \t]+(?:ist|sei|wäre)\b"
    r"|\b(?:elle|il)[ \t]+est[ \t]+(?:ouvertement[ \t]+)?bi\b(?!-)"
    r"|\b(?:que|ella|él)[ \t]+es[ \t]+(?:abiertamente[ \t]+)?bi\b(?!-))"
)
"""A marriage to someone of the person's own sex, the sex read from the pronoun or the
participle ("she has been married to a woman since 2015", "sie ist seit 2015 mit einer
Frau verheiratet", "mariée depuis 2015 à une femme", "lleva diez años casada con una
mujer"), or a same-sex marriage or partner named so: their sexual orientation, a special
category; so is a man's husband or a woman's wife where the possessive marks the owner's
sex ("his husband", "her wife", "sein Mann", "ihre Frau" after a lower-case word, not the
polite "Ihre Frau"); French "son mari" and Spanish "su novio" do not mark it; "bi" said of
a person ("she's bi", "dass er bi ist", "elle est bi", "que es bi") is bisexual. Read in
short prompts only: its common words ("avec", "einer", "woman") would make every long
text's cue scan busier."""

_ORGANS = (
    r"(?:heart|knee|hip|back|spine|spinal|eye|cataract|brain|bowel|stomach|gallbladder|"
    r"shoulder|lung|kidney|liver|prostate|bypass|cœur|coeur|genou|hanche|dos|colonne|"
    r"œil|oeil|yeux|cerveau|intestin|estomac|vésicule|épaule|poumon|rein|foie|prostate|"
    r"corazón|corazon|rodilla|cadera|espalda|columna|ojo|ojos|cerebro|intestino|estómago|"
    r"vesícula|hombro|pulmón|riñón|hígado|próstata)"
)
_RELIGION_NOUN = (
    r"[A-Za-zÀ-ÿ]+(?:[iïí]sm(?:e|o|us)?|ianity|entum)\b|islam\b|"
    r"(?:the[ \t]+)?(?:catholic|orthodox|muslim|jewish|christian|hindu|sikh|buddhist)[ \t]+faith"
)
_SPECIAL_EVENT = re.compile(
    # a change of faith: "converted to Judaism", "zum Islam konvertiert / übergetreten",
    # "s'est convertie au bouddhisme", "se convirtió al judaísmo"
    r"(?i:\bconvert(?:ed|s|ing)?[ \t]+to[ \t]+(?:" + _RELIGION_NOUN + r")"
    r"|\bzum[ \t]+(?:" + _RELIGION_NOUN + r")[^.\n]{0,30}(?:konvertiert|übergetreten|konvertieren)"
    r"|\bconverti(?:e|s|es)?[ \t]+(?:au|à[ \t]+l'|à[ \t]+la)[ \t]*(?:" + _RELIGION_NOUN + r")"
    r"|\bconvert(?:ido|ida|ió|irse|irá)[ \t]+al?[ \t]+(?:" + _RELIGION_NOUN + r")"
    # a workers' representative at a disciplinary or grievance hearing, or a union's
    # acronym before a rep ("the GMB rep", "delegada de CCOO", "délégué CGT")
    r"|\b(?:rep|reps|representative|steward)\b[^.\n]{0,80}\b(?:disciplinary|grievance)\b"
    r"|\b(?:disciplinary|grievance)\b[^.\n]{0,80}\b(?:rep|representative|steward)\b"
    r"|\b(?:Betriebsrat|Betriebsrätin|Personalrat|Personalrätin|Vertrauensfrau)\b[^.\n]{0,80}(?:Abmahnung|Disziplinar|Personalgespräch)"
    r"|\b(?:délégué|déléguée|représentant|représentante)s?\b[^.\n]{0,80}(?:entretien[ \t]+préalable|disciplinaire)"
    r"|\b(?:delegad[oa]|representante)s?\b[^.\n]{0,80}(?:expediente|disciplinari)"
    r"|\b(?:délégué|déléguée|delegad[oa])[ \t]+(?:de[ \t]+(?:la[ \t]+)?)?[A-Z]{2,6}\b"
    # a criminal record for an offence: "antecedentes por lesiones", "antécédents pour vol",
    # "un casier pour violences" (not a locker: "un casier pour ranger"), "a record for
    # (domestic) violence"
    r"|\bantecedentes(?:[ \t]+penales|[ \t]+policiales)?[ \t]+por\b"
    r"|\bantécédents(?:[ \t]+judiciaires)?[ \t]+pour\b"
    r"|\bcasier(?:[ \t]+judiciaire)?[ \t]+pour[ \t]+(?:(?:des|de|du|la|le|l')[ \t]*)?(?:vols?"
    r"|violences?|agressions?|coups|fraudes?|escroqueries?|stupéfiants|trafic|viols?"
    r"|harcèlement|menaces|recel|outrage|conduite)\b"
    r"|\b(?:a|criminal|police)[ \t]+record[ \t]+for[ \t]+(?:[a-z]+[ \t]+)?(?:assault|theft|burglary|fraud|robbery|battery|"
    r"drink[ \-]driving|drug|possession|violence|shoplifting|harassment|stalking)"
    r"|\bwegen[ \t]+(?:Körperverletzung|Diebstahl|Betrug|Raub|Trunkenheit)[^.\n]{0,30}(?:vorbestraft|verurteilt|angezeigt))"
)
"""A special-category fact told by its shape rather than one word: a change of faith to a
named religion (religion), a workers' representative at a disciplinary or grievance hearing
or a union's acronym after a delegate (trade-union membership), a criminal record for a
named offence (criminal record). Read in short prompts only."""
_HEALTH_EVENT = re.compile(
    # a return to drinking or using: "has started drinking again", "trinkt wieder",
    # "s'est remis à boire", "ha vuelto a beber"
    r"(?i:\b(?:drinking|using|drunk)[ \t]+again\b|\bback[ \t]+on[ \t]+the[ \t]+(?:drink|bottle|booze)"
    r"|\bfallen[ \t]+off[ \t]+the[ \t]+wagon|\btrinkt[ \t]+wieder\b|\bwieder\b[^.\n]{0,25}\bzu[ \t]+trinken"
    r"|\bwieder[ \t]+mit[ \t]+dem[ \t]+trinken|\b(?:remis|remise|recommencé)[ \t]+à[ \t]+(?:boire|consommer|se[ \t]+droguer)"
    r"|\bboit[ \t]+(?:de|à)[ \t]+nouveau|\b(?:vuelto|volvió|vuelve|volver)[ \t]+a[ \t]+(?:beber|consumir|drogarse)"
    r"|\bbebe[ \t]+de[ \t]+nuevo|\bha[ \t]+reca[ií]do"
    # an operation on an organ: "heart surgery", "Herzoperation", "opération du cœur",
    # "operación de corazón"
    r"|\b" + _ORGANS + r"[ \t]+(?:operation|surgery|op)\b"
    r"|\b(?:herz|knie|hüft|rücken|augen|hirn|darm|magen|schulter|lungen|nieren|leber|bypass)"
    r"[a-zäöüß]*operation"
    r"|\b(?:opération|intervention|chirurgie)[ \t]+(?:chirurgicale[ \t]+)?(?:du|de[ \t]+la|des|de[ \t]+l'|au|à[ \t]+la)[ \t]*"
    + _ORGANS
    + r"|\b(?:operación|operacion|intervención|cirugía|cirugia)[ \t]+(?:quirúrgica[ \t]+)?(?:de[ \t]+(?:la[ \t]+)?|del[ \t]+|en[ \t]+el[ \t]+|en[ \t]+la[ \t]+)"
    + _ORGANS
    # leave for an operation: "de baja por una operación", "off work for an operation"
    + r"|\bde[ \t]+baja\b[^.\n]{0,40}\b(?:operación|operacion|intervención|cirugía)"
    r"|\b(?:off|leave)\b[^.\n]{0,30}\bfor[ \t]+(?:an|his|her|their)[ \t]+(?:operation|op)\b"
    r"|\ben[ \t]+arrêt\b[^.\n]{0,40}\b(?:opération|intervention)"
    r"|\bwegen[ \t]+einer[ \t]+(?:[A-Za-zäöüß]*)?[Oo]peration\b)"
)
"""A health fact told by its shape rather than one word: a return to drinking or drug use,
an operation on a named organ, or sick leave for an operation. Read in short prompts
only."""


_OFFICE_TERM = re.compile(
    r"(?i:\b(?:during|in)[ \t]+(?:his|her|their)[ \t]+(?:term|mandate|presidency"
    r"|chancellorship|premiership|time[ \t]+in[ \t]+office)"
    r"|\bwhile[ \t]+in[ \t]+office|\bwährend[ \t]+(?:seiner|ihrer)[ \t]+(?:amtszeit|kanzlerschaft"
    r"|präsidentschaft)|\bin[ \t]+(?:seiner|ihrer)[ \t]+amtszeit"
    r"|\b(?:pendant|durant|au[ \t]+cours[ \t]+de)[ \t]+son[ \t]+(?:mandat|septennat|quinquennat)"
    r"|\bdurante[ \t]+su[ \t]+(?:mandato|presidencia))"
)
"""An office held at the time ("during his term", "während ihrer Amtszeit", "pendant son
mandat", "durante su mandato"): what befell a head of state or a minister in office, and
how their office told it, is public record as a career is."""


def _public_record(text: str) -> bool:
    """Whether a short prompt tells a person's illness or injury as public record: dated to
    a year, beside a public career or works (``_CAREER``), with nothing that ties the
    person to the writer or to a workplace (``_WRITER_LINK``): "Summarise: X had hip surgery
    in 2019 and won a title later that year", "Y saß nach 1990 im Rollstuhl und blieb
    Bundestagsabgeordneter"; "X had hip surgery in January and is back at work" stays."""
    return (
        _DATED.search(text) is not None
        and (_CAREER.search(text) is not None or _OFFICE_TERM.search(text) is not None)
        and _WRITER_LINK.search(text) is None
    )


_NEWS = _vocab(
    "news", "article", "headline", "headlines", "press", "interview", "election", "president",
    "minister", "chancellor", "chapter", "book", "film", "movie", "episode", "nachrichten",
    "artikel", "zeitung", "schlagzeile", "bundeskanzler", "bundeskanzlerin", "präsident",
    "kapitel", "buch", "actualités", "actualité", "journal", "président", "ministre",
    "chapitre", "livre", "noticia", "noticias", "artículo", "periódico", "titular",
    "presidente", "ministro", "capítulo", "libro", "película", "bundespräsident",
    "bundespräsidentin", "ministerpräsident", "ministerpräsidentin", "kanzler", "kanzlerin",
)  # fmt: skip
"""A news report, a book or a film: the people it names are public or fictional, unless
the prompt also holds someone's contact, address, birth date or health."""
_PLACES = _vocab(
    "museum", "museo", "musée", "tower", "tour", "turm", "tor", "cathedral", "cathédrale",
    "catedral", "dom", "kathedrale", "kirche", "church", "église", "iglesia", "palace",
    "palast", "palais", "palacio", "schloss", "castle", "château", "castillo", "stadium",
    "stadion", "stade", "estadio", "university", "universität", "université", "universidad",
    "hotel", "restaurant", "headquarters", "hq", "hauptsitz", "firmensitz", "siège", "sede",
    "gmbh", "inc", "ltd", "llc", "sarl", "embassy", "botschaft", "ambassade", "embajada",
    "rathaus", "mairie", "ayuntamiento", "hôtel", "stadtverwaltung",
    "gemeindeverwaltung", "municipalité", "municipalidad", "airport", "flughafen", "aéroport", "aeropuerto",
    "zoo", "library", "bibliothek", "bibliothèque", "biblioteca", "bücherei", "médiathèque",
    "gallery", "galerie", "galería", "theatre", "theater", "théâtre", "teatro", "opera",
    "oper", "opéra", "ópera", "archive", "archives", "archiv", "archivo",
    # German writes its institutions as compounds
    "stadtbibliothek", "landesbibliothek", "staatsbibliothek", "universitätsbibliothek",
    "nationalbibliothek", "stadtbücherei", "stadtmuseum", "landesmuseum", "heimatmuseum",
    "kunstmuseum", "nationalmuseum", "kunsthalle", "stadtarchiv", "staatsarchiv",
    "landesarchiv", "stadttheater", "staatstheater", "staatsoper", "monument", "denkmal", "landmark",
    "wahrzeichen", "tourist", "touristique", "touristisch", "turística", "turístico",
    # places of worship visited as landmarks, and a venue's visitor services
    "basilica", "basilika", "basilique", "basílica", "temple", "tempel", "templo", "mosque",
    "moschee", "mosquée", "mezquita", "synagogue", "synagoge", "sinagoga", "abbey", "abtei",
    "abbaye", "abadía", "chapel", "kapelle", "chapelle", "capilla", "monastery", "kloster",
    "monastère", "monasterio", "audiodescripción", "audiodescription", "audiodeskription",
    "führungen",
    "sehenswürdigkeit", "guide", "reiseführer", "guía", "historic", "historical",
    "plc", "holdings", "corporation", "supplier", "vendor", "lieferant", "fournisseur",
    "proveedor", "company", "firma", "unternehmen", "konzern", "entreprise", "société",
    "empresa", "warehouse", "lager", "entrepôt", "almacén", "operator", "betreiber",
    "exploitant", "operador", "parliament", "parlament", "parlement", "parlamento",
    "reichstagsgebäude", "bundestag", "öffnungszeiten", "geöffnet", "horaires", "horario",
    # a venue that visitors go to: an attraction, a gallery, a theatre, an exhibition (not
    # "visitor" or "tickets": a support chat's roles and records)
    "sightseeing", "attraction", "attraktion", "atracción", "skyscraper",
    "wolkenkratzer", "gratte-ciel", "rascacielos", "viewing", "aussichtsplattform",
    "observatoire", "mirador", "gallery", "galerie", "galería", "theatre", "theater",
    "théâtre", "teatro", "cinema", "kino", "cinéma", "cine", "arena", "venue", "exhibition",
    "ausstellung", "exposition", "exposición", "concert", "konzert", "concierto",
    "eintrittskarten", "aquarium", "basilica", "basilika",
    "basilique", "basílica", "mosque", "moschee", "mosquée", "mezquita", "synagogue",
    "synagoge", "sinagoga", "temple", "tempel", "templo", "abbey", "abtei", "abbaye", "abadía",
    "centre", "center", "zentrum",
    # a complaint, an objection or an appeal goes to a company's or an authority's address
    "complaint", "beschwerde", "réclamation", "reclamación", "reclamacion", "widerspruch",
    "einspruch", "contester", "contestation", "recours", "recurso", "alegaciones",
    # public authorities and agencies, whose offices and post boxes are printed for anyone
    "agency", "authority", "ministry", "agentur", "bundesagentur", "arbeitsagentur",
    "behörde", "finanzamt", "jobcenter", "bürgeramt", "landratsamt", "ministerium",
    "agence", "préfecture", "ministère", "administration", "agencia", "hacienda",
    "ministerio", "delegación", "helpline", "hotline", "kundenservice", "kundendienst",
    # hospitals and clinics as institutions: a delivery to one, a visit, their reception
    "hospital", "hôpital", "krankenhaus", "klinikum", "clinique", "clínica", "hospice",
    # charities and foundations, where donations are handed in
    "charity", "caritas", "cáritas", "diakonie", "foundation", "stiftung", "fondation",
    "fundación", "donations", "spenden", "dons", "donaciones", "ngo", "ong",
    # galleries named in German compounds, botanic gardens, art halls
    "pinakothek", "glyptothek", "kunsthalle", "botanic", "botanical", "botanischer",
    "botanique", "botánico",
    # a job application goes to the employer's address: a cover letter, an internship
    "cover", "anschreiben", "bewerbungsschreiben", "motivation", "presentación",
    "internship", "praktikum", "prácticas", "practicas", "employer", "arbeitgeber",
    "employeur", "empleador",
    # concert halls (their ticket desks: ``_TICKET_DESK``)
    "auditorium", "auditorio", "konzerthaus", "philharmonie", "philharmonic",
    "philharmonique", "filarmónica",
)  # fmt: skip
"""Landmarks, institutions and companies, and employers an application is written to: an
address given with one is theirs, not a person's, unless the prompt names the person it is
sent to or says the address is someone's home (``_HOME``)."""
_HOME = re.compile(
    r"(?i:\b(?:my|our|his|her|their)[ \t]+(?:home|house|flat|apartment|address|place)\b"
    r"|\bI[ \t]+live\b|\blives?[ \t]+(?:at|in)\b|\bhome[ \t]+address|\bwohne\b|\bwohnt\b"
    r"|\b(?:meine|unsere|seine|ihre)[rn]?[ \t]+(?:adresse|anschrift|wohnung)\b|\bzu ?hause\b"
    r"|\bprivatadresse|\bhabite\b|\bhabitons\b|\b(?:mon|ma|notre|son|sa)[ \t]+"
    r"(?:adresse|domicile|appartement|maison)\b|\bchez[ \t]+(?:moi|nous|lui|elle)\b"
    r"|\bvivo[ \t]+en\b|\bvive[ \t]+en\b|\bvivimos\b|\b(?:mi|nuestra|nuestro|su)[ \t]+"
    r"(?:casa|dirección|direccion|domicilio|piso)\b"
    r"|\bnew[ \t]+address\b|\bmoved[ \t]+(?:to|house)\b|\bneue[ \t]+(?:adresse|anschrift)\b"
    r"|\bumgezogen\b|\bnouvelle[ \t]+adresse\b|\bdéménagé|\bnueva[ \t]+dirección\b"
    r"|\bme[ \t]+(?:he[ \t]+)?mud[ée])"
)
"""Words that make an address someone's home ("my flat", "wohnt in", "chez moi", "mi
casa", a move to a "neue Adresse"): no landmark, authority or employer beside it makes it
theirs."""
_LEGAL_FORMS = frozenset(
    ["AG", "SE", "SA", "SAS", "SARL", "SL", "KG", "GmbH", "PLC", "plc", "Ltd", "Inc", "LLC",
     "NV", "BV", "SpA", "KGaA", "Srl"]
)  # fmt: skip
"""A company's legal form after its name ("Siemens AG", "Unilever PLC", "John Lewis plc",
"Inditex SA"), found as a word and confirmed with its case: the address beside it is the
company's."""
_LEGAL_FORM_WORDS = _vocab(*(f.lower() for f in _LEGAL_FORMS))
_DOTTED_LEGAL = re.compile(
    r"(?<![\w.])(?:S\.A\.(?:U\.|S\.)?|S\.L\.(?:U\.)?|S\.p\.A\.|S\.r\.l\.|S\.C\.|e\.V\.|B\.V\."
    r"|N\.V\.|S\.A\.R\.L\.|Ltd\.|Inc\.|& ?Co\.?)"
)
"""Legal forms written with dots ("El Corte Inglés, S.A.", "Verein e.V.", "& Co."), which
the word index splits into letters: found by their own search."""
_LEGAL_AFTER = re.compile(
    r"[ \t]*,?[ \t]*(?:GmbH|AG|KG|SE|SA|SAS|SL|SARL|Ltd|Inc|LLC|PLC|plc|NV|BV|SpA|Srl|KGaA"
    r"|S\.A\.|S\.L\.|S\.p\.A\.|S\.r\.l\.|e\.V\.|B\.V\.|N\.V\.|& ?Co|und Co|et Cie|y Cía)\b"
)
"""A legal form right after two capitalised words: a company named after its founder
("Otto GmbH", "Hans Huber AG"), not a person."""


_ORG_BEFORE = 120
_ORG_AFTER = 160
"""How far before and after an address a landmark, institution or company that owns it is
named ("the British Museum, Great Russell Street, London WC1B 3DG")."""


_BODY_AT = re.compile(
    r"(?:(?<![\w])(?:[Tt]he|[Dd]ie|[Dd]er|[Dd]as|[Ll]a|[Ll]e|[Ll]'|[Ee]l|[Aa]l|[Dd]el|[Dd]u)"
    r"[ \t]*(?<=[ \t'])(?P<acronym>[A-Z](?=[A-Za-z]{0,6}[A-Z])[A-Za-z]{1,7})\b"
    r"(?![ \t]+[A-Z][a-z])"
    r"|(?<![\w])(?:[A-ZÀ-Þ][\w\-]*[ \t]+){0,2}(?:Bank|Bundesbank|Zentralbank|Landesbank"
    r"|Sparkasse|Volksbank|Banque|Banco)(?:[ \t]+(?:of|de|von|der|des|del|du|d')?[ \t]*"
    r"[A-ZÀ-Þ][\w\-]*){0,3}"
    # a public office or body named in title case: "El Defensor del Pueblo", "the Office of
    # the Information Commissioner", "Der Beauftragte für Datenschutz"
    # or by its office's head word, perhaps with what it is for: "El Defensor del Pueblo",
    # "the Information Commissioner", "der Landesbeauftragte", "le Défenseur des Droits"
    # (a job title is no office: "the Director of Nursing", "der Leiter der Kita")
    r"|(?<![\w])(?:[Tt]he|[Dd]ie|[Dd]er|[Ll]e|[Ll]a|[Ll]'|[Ee]l)[ \t]*(?<=[ \t'])"
    r"(?:[A-ZÀ-Þ][\w\-]+[ \t]+){0,3}(?:Commissioner|Ombudsman|Regulator|Authority|Registry"
    r"|Agency|Office|Ministry|Council|Tribunal|Inspectorate|\w*[Bb]eauftragte|\w*[Bb]ehörde"
    r"|Bundesamt|Landesamt|Ministerium|Médiateur|Défenseur|Autorité|Agence|Ministère|Conseil"
    r"|Défenseure|Defensor|Defensora|Agencia|Autoridad|Oficina|Ministerio|Consejo|Síndic"
    r"|Sindic)\b(?:[ \t]+(?:of[ \t]+the|of|für|des|der|du|de[ \t]+la|de[ \t]+l'|del"
    r"|de[ \t]+los|de)[ \t]*[A-ZÀ-Þ][a-zß-ÿ]+(?:[ \t]+[A-ZÀ-Þ][a-zß-ÿ]+)?)?)"
    r"[ \t]*(?:,|:|\(|is[ \t]+(?:at|in|based|located)|sits[ \t]+at|sitzt|befindet[ \t]+sich"
    r"|hat[ \t]+(?:ihren|seinen)[ \t]+sitz|est[ \t]+(?:situé|située|installé|installée|au|à)"
    r"|se[ \t]+trouve|siège|está[ \t]+en|se[ \t]+encuentra|tiene[ \t]+su[ \t]+sede)"
)
_COUNTRY_ACRONYMS = frozenset(["UK", "US", "USA", "EU", "UAE", "GB", "BRD", "DDR", "UE", "EEUU"])
"""A body named by its acronym after an article ("la CNIL", "the ICO", "die BaFin",
"l'URSSAF") or a bank by its name ("the Bank of England", "Deutsche Bundesbank", "Banco de
España"), then where it is (a comma, "is at", "sitzt", "se trouve", "está en"): a person is
named neither way, and the address that follows, in its sentence, is the body's ("from the
NHS to 12 Oak Lane" is not where the NHS is)."""
_MAIN_LINE = re.compile(
    r"(?i:\b(?:switchboard|main line|main number|reception|front desk|zentrale"
    r"|telefonzentrale|vermittlung|empfang|standard|standard téléphonique|accueil"
    r"|centralita|centralino|recepción|conmutador)\b)[ \t]*(?:[:.\-][ \t]*)?"
    r"(?:\(?\+?[0-9][0-9 ()./\-]{5,}[0-9])"
)
"""An organisation's main line, with its number ("switchboard 020 ...", "Zentrale 069
...", "standard 01 ...", "centralita 901 ..."): no one's home has one, so the address
beside it is the organisation's."""


def body_before(text: str, pos: int, reach: int) -> bool:
    """Whether a body named by its acronym, a bank or a public office in title case, then
    placed ("Der BfDI sitzt ...", "El Defensor del Pueblo está en ..."), opens the ``reach``
    characters before ``pos``: a phone number there is that body's line. A country's acronym
    ("the UK,") names no body."""
    for m in _BODY_AT.finditer(text, max(0, pos - reach), pos):
        if m.group("acronym") not in _COUNTRY_ACRONYMS:
            return True
    return False


_TICKET_DESK = re.compile(
    r"(?i:\b(?:box[ \t]+office|ticket[ \t]+(?:office|desk|line)|ticketkasse|theaterkasse"
    r"|abendkasse|vorverkauf\w*|kartenvorverkauf|billetterie|taquillas?)\b)"
)
"""A venue's ticket desk ("box office", "Ticketkasse", "billetterie", "taquilla"): no one's
home has one, so the address beside it is the venue's."""
_VISITOR_QUESTION = re.compile(
    r"(?i:\b(?:skip|avoid|beat)[ \t]+the[ \t]+queues?\b|\bnearest[ \t]+(?:tube|underground"
    r"|metro|subway)\b|\bstep-free\b|\bwarteschlangen?\b|\bnächste[nr]?[ \t]+U-Bahn"
    r"|\bstufenlose[nrm]?[ \t]+(?:zugang|eingang)\b|\b(?:éviter|sauter|couper)[ \t]+la[ \t]+"
    r"(?:queue|file)\b|\bfile[ \t]+d'attente\b|\bmétro[ \t]+le[ \t]+plus[ \t]+proche\b"
    r"|\b(?:evitar|saltarse|saltar)[ \t]+(?:la[ \t]+)?cola\b|\bmetro[ \t]+más[ \t]+cercan[oa]\b)"
)
"""A visitor's question about a venue: the queue to skip, the nearest underground, step-free
access ("éviter la queue", "Warteschlange", "metro más cercano"). Asked of a place, not of a
home; where the writer says they are at the address (``_WRITER_AT``) it is their whereabouts."""
_WRITER_AT = re.compile(
    r"(?i:\b(?:i'm|i[ \t]+am|we're|we[ \t]+are)[ \t]+(?:at|staying[ \t]+at)\b"
    r"|\b(?:ich[ \t]+bin|wir[ \t]+sind)[ \t]+(?:in[ \t]+der|im|am)\b"
    r"|\b(?:je[ \t]+suis|nous[ \t]+sommes)[ \t]+(?:au|à|rue)\b"
    r"|\b(?:estoy|estamos)[ \t]+en\b)"
)
"""The writer placing themselves at an address ("I'm at", "ich bin in der", "je suis au",
"estoy en")."""


def _line_or_sentence_end(text: str, pos: int, hi: int) -> int:
    """Where the line or the sentence that holds ``pos`` ends, at most at ``hi``."""
    for mark in ("\n", ". "):
        at = text.find(mark, pos, hi)
        if at != -1:
            hi = at
    return hi


def _organisation_address(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """An address shape near a landmark, an institution, a company's legal form ("Siemens
    AG"), a supplier or a warehouse: the address is theirs. Looked for around those words
    only, so a long document that names a supplier far from someone's home address keeps it."""
    for cue in (words & _PLACES) | (words & _LEGAL_FORM_WORDS) | (words & _TRADE_WORDS):
        word = cue.decode()
        legal = cue in _LEGAL_FORM_WORDS
        trade = cue in _TRADE_WORDS and cue not in _PLACES
        for pos in ix.positions(word, 4):
            if legal and text[pos : pos + len(word)] not in _LEGAL_FORMS:
                continue
            if trade and not text[pos : pos + 1].isupper():
                continue  # "express", "logistics": words, not a company's name
            lo, hi = max(0, pos - _ORG_BEFORE), pos + len(word) + _ORG_AFTER
            if trade:  # a company's address follows its name, on its line and sentence
                lo, hi = pos, min(hi, _line_or_sentence_end(text, pos, hi))
            shape = _NEAR_CUE.search(text, lo, hi) or _STREET_WORD.search(text, lo, hi)
            if _DIGIT.search(text, lo, hi) and shape and _HOME.search(text, lo, hi) is None:
                return True
    for k, m in enumerate(_BODY_AT.finditer(text, 0, _WHOLE)):
        if k == 4:
            break
        if m.group("acronym") in _COUNTRY_ACRONYMS:
            continue  # "the UK": a country, where anyone's home is
        # a body's address follows its name, on its line and in its sentence
        lo, hi = m.end(), _line_or_sentence_end(text, m.end(), m.end() + _ORG_AFTER)
        shape = _NEAR_CUE.search(text, lo, hi) or _STREET_WORD.search(text, lo, hi)
        if _DIGIT.search(text, lo, hi) and shape and _HOME.search(text, lo, hi) is None:
            return True
    return (
        _address_beside(_TICKET_DESK, text)
        or _address_beside(_VISITOR_QUESTION, text, writer=True)
        or _address_beside(_MAIN_LINE, text, digits=False)
        or _address_beside(_DOTTED_LEGAL, text)
    )


def _address_beside(
    pattern: re.Pattern[str], text: str, digits: bool = True, writer: bool = False
) -> bool:
    """Whether one of ``pattern``'s first four matches has an address's shape (a street word
    or a cue that points at one, and a digit where ``digits``) within the reach of an
    organisation's address around it, with no home there (nor, with ``writer``, the writer
    placing themselves there): the address is the match's, not a person's."""
    for k, m in enumerate(pattern.finditer(text, 0, _WHOLE)):
        if k == 4:
            break
        lo, hi = max(0, m.start() - _ORG_BEFORE), m.end() + _ORG_AFTER
        if digits and _DIGIT.search(text, lo, hi) is None:
            continue
        if not (_NEAR_CUE.search(text, lo, hi) or _STREET_WORD.search(text, lo, hi)):
            continue
        if _HOME.search(text, lo, hi) or (writer and _WRITER_AT.search(text, lo, hi)):
            continue
        return True
    return False


_STREET_WORD = re.compile(
    r"(?i:\b(?:calle|avenida|avda|paseo|plaza|carrer|rue|avenue|boulevard|quai|via|viale"
    r"|piazza|platz|straße|strasse|allee|gasse|weg)\b|[a-zäöü](?:straße|strasse|platz|allee"
    r"|gasse|weg)\b|\bc/[ \t]*(?=\w))"
)
"""A street type in four languages (and Italian), as a word or ending a compound, or
Spanish "C/" (calle)."""


_LIFE_WORDS = _vocab(
    "born", "geboren", "née", "né", "nació", "nacido", "nacida", "died", "starb", "gestorben",
    "mort", "morte", "murió", "falleció",
)  # fmt: skip
"""The words ``_HISTORICAL_BIRTH`` starts or ends at: without one, it is not run."""
_HISTORICAL_BIRTH = re.compile(
    r"(?i:\bborn|\bgeboren|\bnée?\b|\bnaci[óo]|\bnacid[ao]|\bdied|\bstarb|\bgestorben"
    r"|\bmort\b|\bmorte\b|\bmuri[óo]|\bfalleci[óo])"
    r"[^0-9.\n]{0,40}(?:[0-9]{1,2}\.?[^0-9.\n]{1,16})?(?:1[0-8][0-9]{2}|190[0-9])(?![0-9])"
    r"|(?<![0-9])(?:1[0-8][0-9]{2}|190[0-9])(?![0-9])[^0-9.\n]{0,60}?"
    r"(?i:\bgeboren|\bgestorben|\bborn\b|\bnée?\b)"
)
"""Born or died in a year before 1910, the year the birth or death word leads to (or that
leads to it): a historical person, whose dates are no one's personal data today."""
_LONG_AGO_BIRTH = re.compile(
    r"(?i:\bborn|\bgeboren|\bgeb\.|\bnée?\b|\bnaci[óo]|\bnacid[ao])"
    r"[^0-9.\n]{0,40}(?:[0-9]{1,2}\.?[^0-9.\n]{1,20})?(?:1[0-8][0-9]{2}|19[0-4][0-9])(?![0-9])"
)
"""Born in a year before 1950: with a biography or a public life's trade beside it
(``_PUBLIC_LIVES``), a figure of history whose birth date is public record."""
_BIRTH_YEAR_FIRST = re.compile(
    r"(?<![0-9])(?:1[0-8][0-9]{2}|19[0-4][0-9])(?![0-9])[^0-9.\n]{0,24}?"
    r"(?i:\bgeboren|\bborn\b|\bnée?\b|\bnacid[ao]\b)"
)
"""The same birth with the year before its word ("am 9. Mai 1921 geboren")."""
_PUBLIC_LIVES = _vocab(
    "biography", "biographical", "biografie", "biographie", "biographique", "biografía",
    "biográfica", "biográfico", "semblanza", "lebensweg", "century", "jahrhundert",
    "jahrhunderts", "siècle", "siglo", "composer", "komponist", "komponistin",
    "compositeur", "compositrice", "compositor", "compositora", "painter", "maler",
    "malerin", "peintre", "pintor", "pintora", "poet", "dichter", "dichterin", "poète",
    "poétesse", "poeta", "poetisa", "philosopher", "philosoph", "philosophin", "philosophe",
    "filósofo", "filósofa", "scientist", "wissenschaftler", "wissenschaftlerin",
    "scientifique", "científico", "científica", "physicist", "physiker", "physikerin",
    "physicien", "physicienne", "chemist", "chemiker", "chemikerin", "chimiste",
    "químico", "química", "biochemist", "biochemikerin", "biochimiste", "bioquímica",
    "bioquímico", "lawyer", "anwältin", "avocate", "abogada", "feminist", "feministin",
    "féministe", "feminista", "exhibition", "ausstellung", "exposition", "exposición",
    "mural", "wandbild",
    # a public life in politics: a parliament's debate, a law, a speech, an office
    "politician", "politikerin", "politiker", "politicienne", "politicien", "política",
    "político", "stateswoman", "statesman", "débat", "debate", "debatte", "speech",
    "discours", "discurso", "rede", "parliamentary", "parlementaire", "parlamentario",
    "parlamentaria", "law", "loi", "gesetz", "ley",
)  # fmt: skip
"""A biography, a century, a trade practised in public (composer, poet, physicist,
lawyer) or an exhibition: what, with a birth before 1950, makes someone a public figure
of history ("notice biographique de ..., née le 27 juillet 1927")."""


_EVENTS = (
    r"(?i:\b(?:executed|hanged|shot|murdered|killed|died|convicted|sentenced|pardoned"
    r"|exonerated|rehabilitated|hingerichtet|erschossen|ermordet|getötet|gestorben|starb"
    r"|verurteilt|begnadigt|rehabilitiert|exécutée?|guillotinée?|fusillée?|assassinée?"
    r"|morte?|décédée?|condamnée?|graciée?|réhabilitée?|ejecutad[oa]|fusilad[oa]"
    r"|asesinad[oa]|muri[óo]|falleci[óo]|condenad[oa]|indultad[oa]|rehabilitad[oa])\b)"
)
_YEAR = r"(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])"
_LIFE_EVENT = re.compile(rf"{_EVENTS}[^.\n]{{0,40}}?{_YEAR}|{_YEAR}[^.\n0-9]{{0,24}}?{_EVENTS}")
"""A death, an execution, a conviction or a pardon dated to a year: with a birth before
1950, a life told as history ("Sophie Scholl wurde 1921 geboren und 1943 hingerichtet",
"born in 1912 and convicted in 1952")."""


_MUSEUM_TEXT = re.compile(
    r"(?i:\b(?:museum|memorial)[ \t]+(?:label|panel|caption|plaque|text|display)s?\b"
    r"|\b(?:for|für|pour|para)[ \t]+(?:(?:a|the|das|ein|eine|die|le|la|l'|un|une|el|una)[ \t]*)?"
    r"(?:museum|memorial|musée|mémorial|museo|gedenkstätte|ausstellung|exposition|exposición)\b"
    r"|\bmuseums(?:tafel|text|schild)\w*|\bcartels?[ \t]+(?:du|de|d'un)[ \t]+musée"
    r"|\bcartela[ \t]+(?:del|de[ \t]+un)[ \t]+museo)"
)
"""A text written for a museum, a memorial or an exhibition ("for a museum label", "für
das Museum", "pour le musée", "para el museo"): with a birth before 1950, a life told as
history; a visit to a museum is not one."""


def _public_life(text: str, words: frozenset[bytes]) -> bool:
    """Whether a short prompt gives a birth before 1950 beside a biography, a century, a
    public trade, an exhibition, a text for a museum (``_MUSEUM_TEXT``) or a dated death,
    execution, conviction or pardon, and is
    about no one's own relative or colleague."""
    if len(text) > _WHOLE or _owns_relative(text):
        return False
    if _LONG_AGO_BIRTH.search(text) is None and _BIRTH_YEAR_FIRST.search(text) is None:
        return False
    return (
        bool(words & _PUBLIC_LIVES)
        or _LIFE_EVENT.search(text) is not None
        or _MUSEUM_TEXT.search(text) is not None
    )


_BIRTH_IN_PLACE = re.compile(
    r"(?i:\b(?:born|geboren|née?|naci[óo]|nacid[ao])\b)[^.\n]{0,48}?"
    r"(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])[^.\n]{0,12}?\b(?:in|à|en)[ \t]+[A-ZÀ-Þ]"
    r"|(?i:\b(?:born|née?|naci[óo]|nacid[ao])[ \t]+(?:in|à|en)[ \t]+)[A-ZÀ-Þ][^.\n]{0,48}?"
    r"(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])"
    r"|(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])[ \t]+in[ \t]+[A-ZÀ-Þ][\w\-]+[ \t]+geboren"
)
"""A birth dated to a year and placed in a town, as an encyclopaedia opens a life ("was
born on 16 June 1967 in Stuttgart", "est né le 20 décembre 1998 à Paris", "nació ... en
Manacor", "wurde am ... 1967 in Stuttgart geboren")."""
_CAREER_TALK = re.compile(
    r"(?i:\w*pressing\b|\w*taktik\w*|\btactic\w*|\btactique\w*|\btáctic\w*|\btransfers?\b"
    r"|\btransfert\w*|\btraspaso\w*|\bfichaje\w*|\bplaying[ \t]+style|\bspielstil\b"
    r"|\bstyle[ \t]+de[ \t]+jeu|\bestilo[ \t]+de[ \t]+juego|\bestrategia[ \t]+de[ \t]+juego"
    r"|\bspielidee\b|\bpositionsspiel\b|\bdiscograph\w*|\bdiskograf\w*|\bdiscograf\w*"
    r"|\bfilmograph\w*|\bfilmograf\w*|\balben\b|\bálbumes\b|\belection[ \t]+campaign"
    r"|\bwahlkampf\w*|\bcampagne[ \t]+électorale|\bcampaña[ \t]+electoral"
    r"|\btierra[ \t]+batida|\bclay[ \t]+court|\bsandplatz\w*|\bterre[ \t]+battue"
    # a sportsperson's record of honours
    r"|\bpalmar[eèé]s\b|\btrophy[ \t]+cabinet|\btitelsammlung\b)"
)
"""A public career's talk: a coach's tactics, a player's transfer, playing style or record
of honours (palmarès), an artist's discography or filmography, a politician's campaign."""


_BORN_DATED = re.compile(
    r"(?i:\b(?:born|geboren|née?|naci[óo]|nacid[ao])\b)[^\n]{0,40}?"
    r"(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])"
    r"|(?<![0-9])(?:1[0-9]{3}|20[0-9]{2})(?![0-9])[^.\n0-9]{0,24}?(?i:\bgeboren\b)"
)
"""A birth dated to a year, placed or not ("born 26 September 1981")."""
_WORLD_TITLE = re.compile(
    r"(?i:\bgrand[ \t]+slams?\b|\bol[iíy]mpi\w*|\bworld[ \t]+(?:cup|champion\w*|titles?)\b"
    r"|\bweltmeister\w*|\bchampion(?:ne)?s?[ \t]+du[ \t]+monde\b|\bcoupe[ \t]+du[ \t]+monde\b"
    r"|\bcampe[oó]n(?:a|es)?[ \t]+del[ \t]+mundo\b|\bcopa[ \t]+del[ \t]+mundo\b"
    r"|\bballon[ \t]+d'or\b|\bbal[oó]n[ \t]+de[ \t]+oro\b|\bnobel\w*)"
)
"""A title only a public career wins: a Grand Slam, an Olympic medal, a world title or
cup, a Ballon d'Or, a Nobel prize. No club, school or workplace awards one."""


def _public_birth(text: str) -> bool:
    """Whether a short prompt opens a public figure's life as an encyclopaedia does (a birth
    dated and placed in a town, ``_BIRTH_IN_PLACE``) and then discusses their public
    career (``_CAREER``, ``_CAREER_TALK``), with nothing that ties the person to the
    writer, a workplace or a request made for them (``_WRITER_LINK``): "X wurde am 16. Juni
    1967 in Stuttgart geboren. Vergleiche seine Gegenpressing-Idee ...". A birth with no
    place counts beside a world-level title won (``_WORLD_TITLE``). An applicant's
    or a patient's birth date keeps its role word, a relative the writer's own."""
    if len(text) > _WHOLE or _owns_relative(text):
        return False
    placed = _BIRTH_IN_PLACE.search(text) is not None and (
        _CAREER.search(text) is not None or _CAREER_TALK.search(text) is not None
    )
    # a birth, placed or not, beside a world-level title won ("born 26 September 1981,
    # won 23 Grand Slam titles")
    world = not placed and (
        _CAREER.search(text) is not None
        and _WORLD_TITLE.search(text) is not None
        and _BORN_DATED.search(text) is not None
    )
    return (placed or world) and _WRITER_LINK.search(text) is None


_BRANDS = _vocab(
    "brand", "brands", "trademark", "marke", "marken", "markenname", "marque", "marques",
    "marca", "marcas", "magazine", "magazin", "zeitschrift", "revista", "enseigne", "chain",
    "restaurantkette", "handelskette", "kette", "chaîne", "cadena", "fairy", "märchen",
    "conte", "contes", "cuento", "cuentos", "fable", "fabel", "fábula", "legend", "legende",
    "légende", "leyenda", "mascot", "maskottchen", "mascotte", "mascota", "cartoon",
    "comic", "bande", "historieta", "comedy", "comedies", "komödie", "komödien", "comédie",
    "comédies", "comedia", "comedias", "opera", "oper", "opéra", "ópera", "operette",
    "musical",
)  # fmt: skip
"""Brands, shops, magazines, fairy tales and mascots: names that a prompt calls one of
these ("Dr. Oetker ... (Marke)", "Madame Figaro ... (magazine)") are no person's."""


_PUBLIC_TITLE = re.compile(
    # (Spanish glues "ex" to the office: "el expresidente", "la exministra")
    r"(?<![\w])(?i:(?:ex-?)?(?:king|queen|prince|princess|pope|president|chancellor|prime minister"
    r"|minister|senator|actor|actress|singer|rapper|footballer|tennis player|novelist"
    r"|könig|königin|prinz|prinzessin|papst|präsident|präsidentin|bundeskanzler"
    r"|bundeskanzlerin|kanzler|kanzlerin|ministerin|schauspieler|schauspielerin|sänger"
    r"|sängerin|rapper|rapperin|fußballer|fußballerin|tennisspieler|tennisspielerin"
    r"|schriftsteller|schriftstellerin|roi|reine|princesse|pape|président|présidente"
    r"|ministre|acteur|actrice|chanteur|chanteuse|footballeur|tennisman|romancier"
    r"|romancière|rey|reina|príncipe|princesa|presidente|presidenta|ministro|ministra"
    r"|actriz|cantante|futbolista|tenista|novelista"
    r"|federal president|ceo|chief executive|bundespräsident|bundespräsidentin"
    r"|ministerpräsident|ministerpräsidentin|vorstandschef|vorstandschefin|pdg"
    r"|premier ministre|primer ministro|primera ministra|consejero delegado"
    r"|consejera delegada"
    # German names an office in a compound: "Bundestagspräsidentin", "Gesundheitsminister"
    r"|[a-zäöüß]{3,}(?:präsident|präsidentin|minister|ministerin|kanzler|kanzlerin)"
    # a national team's coach, a public role of its own
    r"|national coach|bundestrainer|bundestrainerin|nationaltrainer|nationaltrainerin"
    r"|sélectionneur|sélectionneuse|seleccionador|seleccionadora))"
    # an office held before: "Bundestagspräsidentin a. D.", "el rey emérito"
    r"(?:[ \t]+(?:a\.[ \t]?D\.|emérit[oa]|emeritus|honoraire|honorari[oa]))?"
    rf"[ \t]+(?:(?:the|der|die|le|la|el)[ \t]+)?{_WORD}"
)
"""A public office or a public trade right before a name ("der Schauspieler Bruce Willis",
"la chanteuse Céline Dion", "el tenista Rafael Nadal", "el rey emérito Juan Carlos"): the
person is a public one, whose illness in the news is no one's private data."""
_FORMER = (
    r"(?i:former|ex-?|late|then|damalige[rn]?|alors|entonces|ancien(?:ne)?|ehemalige[rn]?|frühere[rn]?|langjährige[rn]?"
    r"|antigu[oa]|difunt[oa]|feu)"
)
_OFFICES = (
    r"(?i:king|queen|prince|princess|pope|president|chancellor|prime minister|minister"
    r"|senator|governor|mayor|ambassador|könig|königin|papst|präsident|präsidentin|kanzler"
    r"|kanzlerin|minister|ministerin|bürgermeister|bürgermeisterin|botschafter"
    r"|botschafterin|[a-zäöüß]{3,}(?:präsident|präsidentin|minister|ministerin|kanzler"
    r"|kanzlerin)|roi|reine|prince|princesse|pape|président|présidente|premier ministre"
    r"|ministre|sénateur|sénatrice|maire|ambassadeur|ambassadrice|rey|reina|príncipe"
    r"|princesa|papa|presidente|presidenta|primer ministro|primera ministra|ministro"
    r"|ministra|senador|senadora|alcalde|alcaldesa|embajador|embajadora)"
)
_CLUB_ROLES = (
    r"(?i:manager|coach|head coach|chairman|chairwoman|captain|ceo|chief executive|trainer"
    r"|trainerin|kapitän|kapitänin|vorstandschef|vorstandschefin|entraîneur|entraîneuse"
    r"|sélectionneur|capitaine|pdg|entrenador|entrenadora|seleccionador|capitán|capitana"
    r"|consejero delegado|consejera delegada|legend|icon|great|legende|ikone|teamchef"
    r"|légende|icône|leyenda|icono|mito|player|spieler|spielerin|joueur|joueuse|jugador"
    r"|jugadora)"
)
_PUBLIC_TRADES = (
    r"(?i:actor|actress|singer|rapper|footballer|tennis player|novelist|schauspieler"
    r"|schauspielerin|sänger|sängerin|rapperin|fußballer|fußballerin|tennisspieler"
    r"|tennisspielerin|schriftsteller|schriftstellerin|acteur|actrice|chanteur|chanteuse"
    r"|footballeur|footballeuse|tennisman|romancier|romancière|actor|actriz|cantante"
    r"|futbolista|tenista|novelista)"
)
"""Trades practised before the public, in apposition only when the apposition closes
after them ("Johnny Hallyday, chanteur, ...", "Rafa Nadal, extenista,"): "singer in our
choir" goes on to say whose."""
_NOT_CLUBS = frozenset(
    ["Sales", "Marketing", "Account", "Accounts", "Project", "Product", "Regional", "General",
     "Office", "Store", "Branch", "Area", "District", "Team", "Line", "Shift", "Site",
     "Operations", "Program", "Programme", "Finance", "Brand", "Community", "Assistant",
     "Deputy", "Senior", "Junior", "His", "Her", "Their", "Your"]
)  # fmt: skip
_ARTICLES = frozenset(
    ["The", "A", "An", "Le", "La", "Les", "L'", "Un", "Une", "El", "Los", "Las", "Un", "Una",
     "Der", "Die", "Das", "Den", "Dem", "Ein", "Eine", "Unser", "Unsere", "Mein", "Meine",
     "Notre", "Mon", "Ma", "Nuestro", "Nuestra", "Mi"]
)  # fmt: skip
"""Capitalised words before "Manager" or "Coach" that name a job in a firm ("Sales
Manager", "Regional Manager") or an owner, not a club or a company that is public news."""
_CLUB_ROLE_BEFORE_NAME = re.compile(
    rf"(?P<club>(?:{_WORD}[ \t]+){{1,3}})(?i:manager|coach|head coach|boss|co-?founder"
    rf"|founder)[ \t]+{_WORD}[ \t]+{_WORD}"
    rf"|{_WORD}'s[ \t]+(?i:co-?founder|founder|ceo|chief executive)\b"
    # the club after the role, then the name: "el exjugador del Barça Andrés Iniesta"
    rf"|(?<![\w])(?i:ex-?)?{_CLUB_ROLES}[ \t]+(?:del|de la|de|du|des|d'|of|von|vom|der)[ \t]*"
    rf"{_WORD}(?:[ \t]+{_WORD})?[ \t]+{_WORD}[ \t]+{_WORD}"
)
"""A club's or a company's leading role before the name ("Liverpool manager Jürgen Klopp",
"Real Madrid coach Carlo Ancelotti") or the company's own in apposition ("Steve Jobs,
Apple's co-founder"): told with a public source or a year, a public person."""
_PUBLIC_APPOSITION = re.compile(
    rf"{_WORD}[ \t]*,[ \t]+(?:(?:the|der|die|l'|le|la|el)[ \t]*)?(?:{_FORMER}[ \t]*)?"
    # an office ("ancien président"), or a role at a named club or company, the name
    # before it ("former Manchester United manager") or after it ("exentrenador del Betis")
    # (Spanish and French glue "ex" to it: "expresidente", "exentrenador")
    rf"(?:(?:(?i:ex)?{_OFFICES}|(?P<club>(?:{_WORD}[ \t]+){{1,3}}){_CLUB_ROLES})\b"
    rf"|(?i:ex)?{_PUBLIC_TRADES}[ \t]*[,;)]"
    rf"|(?i:ex)?{_CLUB_ROLES}[ \t]+(?:(?:of|von|der|des|du|de|del|de la)[ \t]+|d')"
    r"(?:l'|the[ \t]+)?"
    r"(?:[A-ZÀ-Þ]|(?i:selecci[óo]n|sélection|national team|nationalmannschaft|nationalelf)))"
)
"""A name and, in apposition, the public office or the club's or company's leading role
it holds or held ("Jacques Chirac, ancien président", "Sir Alex Ferguson, former Manchester
United manager", "Rita Süssmuth, Bundestagspräsidentin a. D."): told with a public source
or a year (``_PUBLIC_SOURCE``), a public person's record."""
_PUBLIC_SOURCE = re.compile(
    r"(?i:\bpublicly\b|\bpress\b|\bnewspapers?\b|\breported\b|\baccording to\b"
    r"|\bannounced\b|\böffentlich|\bpresse\b|\bzeitung|\blaut\b|\bberichte"
    r"|\bpubliquement\b|\bselon\b|\bd'après\b|\bannoncé|\bjournaux\b|\bpúblicamente\b"
    r"|\bprensa\b|\bsegún\b|\bperiódicos?\b|\banunci[óo]\b)"
    rf"|{_YEAR}"
)
"""Where a record comes from (the press, an announcement, "according to", "selon",
"según") or the year it is dated to: what makes a title in apposition a public record."""
_POSSESSIVE = re.compile(
    r"(?i:\b(?:my|our|his|her|their|mein|meine|unser|unsere|sein|seine|ihr|ihre|mon|ma|notre"
    r"|son|sa|leur|mi|nuestro|nuestra|su)[ \t]+)$"
)
"""A title owned by someone ("our president", "unsere Präsidentin") is a private role."""


_OWN_RELATION = re.compile(
    r"(?i:\b(?:my|our|mi|mis|mein|meine|meinem|meiner|unser|unsere|ma|mon|mes|notre"
    r"|nuestr[oa])[ \t]+(?:neighbou?r|colleague|boss|wife|husband|partner|son|daughter"
    r"|mother|father|brother|sister|friend|grandmother|grandfather|grandma|grandpa|granny"
    rf"|aunt|uncle|cousin|niece|nephew|grandson|granddaughter|mum|mom|dad|{_RELATIONS})\b)"
)
"""Someone's own relative, neighbour or colleague ("mi hermana, la actriz ..."): private."""


def _owns_relative(text: str) -> bool:
    return _OWN_RELATION.search(text) is not None


def _a_club(club: str | None) -> bool:
    """Whether the capitalised words before a role name a club or a company (or there are
    none to check), not a job in a firm ("Sales Manager"), an owner or someone ("Tom's")."""
    if club is None:
        return True
    named = [w for w in club.split() if w not in _ARTICLES]
    return bool(named) and not any(w in _NOT_CLUBS or w.endswith(("'s", "s'")) for w in named)


def _public_title(text: str) -> bool:
    """A public title before a name, owned by no one, or a public appearance the prompt
    tells (``_PUBLIC_DEEDS``), in a prompt about no one's own relative or colleague."""
    if _OWN_RELATION.search(text) is not None:
        return False
    for m in _PUBLIC_TITLE.finditer(text):
        if _POSSESSIVE.search(text, max(0, m.start() - 12), m.start()) is None:
            return True
    if _PUBLIC_SOURCE.search(text) is not None:
        for pattern in (_PUBLIC_APPOSITION, _CLUB_ROLE_BEFORE_NAME):
            for m in pattern.finditer(text):
                if _a_club(m.group("club")):
                    return True
    low = text.lower()
    return any(d in low for d in _PUBLIC_DEEDS) or _recall_question(text)


_RECALL_QUESTION = re.compile(
    r"(?i:what|which|when|why|how|who|welche[rsmn]?|was|wann|warum|wieso|wie|wer|quel(?:le)?s?"
    r"|quand|pourquoi|comment|qui|qu'est|qué|que|cuál|cuáles|cuándo|por[ \t]+qué|cómo|quién"
    r"|¿[ \t]*(?:qué|cuál|cuándo|por[ \t]+qué|cómo|quién))\b[^?\n]{0,160}"
    r"(?<![0-9])(?:1[89][0-9]{2}|20[0-9]{2})(?![0-9])[^?\n]{0,80}\?"
)
"""A factual question about a past year ("What injury kept ... out in 2023?", "Warum trat
... 2019 zurück?"): the asker wants the public record, which holds only public people."""
_FIRST_PERSON = re.compile(
    r"(?i:\b(?:i|me|my|we|us|our|ich|mich|mir|mein\w*|wir|uns|unser\w*|je|j'|moi|mon|ma"
    r"|mes|nous|notre|nos|yo|mi|mis|nosotr[oa]s|nuestr[oa]s?)\b)"
)
_RECALL_LEN = 200
"""A recall question is short: a question and at most a line of instruction, no pasted
record whose facts the asker supplies."""


def _recall_question(text: str) -> bool:
    """A short prompt that asks the public record about a past year, in no one's own voice
    (no "my", "unser", "mon", "mi": the asker's own people are not asked about this way)."""
    if len(text) > _RECALL_LEN or _FIRST_PERSON.search(text) is not None:
        return False
    return _RECALL_QUESTION.match(text.lstrip()) is not None


_PUBLIC_DEEDS = (
    "on stage", "opening ceremony", "olympic", "world cup", "world tour", "press conference",
    "auf der bühne", "eröffnungsfeier", "olympischen", "weltmeisterschaft", "welttournee",
    "pressekonferenz", "sur scène", "cérémonie d'ouverture", "jeux olympiques",
    "coupe du monde", "tournée mondiale", "conférence de presse", "en el escenario",
    "ceremonia de apertura", "ceremonia inaugural", "juegos olímpicos", "gira mundial",
    "rueda de prensa",
)  # fmt: skip
"""Appearances only a public figure makes (on stage at an opening ceremony, at the World
Cup, before the press): the person the news names is a public one."""


_PAST_HOMES = _vocab(
    "lived", "hid", "resided", "wohnte", "lebte", "geboren", "vécu", "habitait", "habita",
    "vivait", "vivió", "vivía", "nació", "residió", "residía", "died", "starb", "gestorben",
    "mort", "murió", "falleció",
)  # fmt: skip
"""Where someone lived, hid, was born or died: with a visit, a biography or a year long
past, the address is history."""
_VISITS = _vocab(
    "visit", "visiting", "visitors", "besichtigen", "besichtigung", "besuchen", "besucher",
    "visiter", "visite", "visiteurs", "visitar", "visita", "visitantes", "museum", "museo",
    "musée", "biography", "biografie", "biographie", "biografía", "jugend", "jeunesse",
    "juventud", "youth", "geburtshaus", "birthplace", "maison", "casa", "haus", "house",
)  # fmt: skip
_OLD_YEAR = re.compile(
    r"(?i:\b(?:in|im|en|from|von|seit|depuis|desde|until|bis|jusqu'en|hasta|de|ab)[ \t]+)"
    r"(?:1[0-8][0-9]{2}|19[0-4][0-9])\b|\((?:1[0-8][0-9]{2}|19[0-4][0-9])[\u2013\-]"
)
"""A year before 1950 as a time ("in 1938", "seit 1770", "(1770-1827)"), not an amount."""


def _historical_home(text: str, words: frozenset[bytes]) -> bool:
    """Whether a short prompt tells where someone lived, hid, was born or died, and visits
    the place, writes a biography or dates it long ago: a historical person's address
    ("Anne Frank hid at Prinsengracht 263 ... Plan a visit")."""
    if not words & _PAST_HOMES:
        return False
    return bool(words & _VISITS) or _OLD_YEAR.search(text) is not None


def _names_public_figure(text: str) -> bool:
    """Whether a short prompt names a public or fictional figure (``_PUBLIC_FIGURES``) or a
    famous address: the other people it names belong to that story or that news."""
    for m in _CAPITALISED_PAIR.finditer(text):
        if f"{m.group(1)} {m.group(2)}" in _PUBLIC_FIGURES:
            return True
    return any(_famous(m.group()) for m in _STREET_EN.finditer(text))


_PLACEHOLDERS = _vocab(
    "mustermann", "musterfrau", "musterstadt", "musterstraße", "mustergasse", "doe",
    "dupont", "anytown", "fulano", "mengano", "zutano", "lorem", "ipsum",
)  # fmt: skip
"""The stock names of made-up people and places (Max Mustermann, John Doe, Jean Dupont,
Fulano de Tal)."""
_DECLARED = (
    "fake", "dummy", "fictitious", "fictional", "placeholder", "mock data", "made-up",
    "made up", "not real", "test data", "sample data", "example data", "testdaten",
    "beispieldaten", "musterdaten", "fiktiv", "erfunden", "fictif", "fictive", "factice",
    "données de test", "donnée de test", "valeur de test", "d'exemple", "de test uniquement",
    "test value", "example value", "testwert", "beispielwert", "valor de prueba",
    "dato de prueba", "inventé", "ficticio", "ficticia", "falsos", "falsas", "inventado",
    "datos de prueba", "de ejemplo", "jeu de test", "données fictives", "testfall",
    "caso de prueba", "deliberately invalid", "intentionally invalid", "volontairement invalide",
    "absichtlich ungültig", "intencionadamente inválid", "specimen card", "specimen id",
    "specimen passport", "specimen document", "specimen of", "spécimen de", "le spécimen",
    "un spécimen", "espécimen de", "musterausweis", "musterpass",
    "de muestra", "not real", "keine echten", "nicht echt", "pas réel", "aucune personne réelle",
    "no son reales", "no es real", "no pertenecen a nadie", "belong to no one",
    "belongs to no one", "gehören niemandem", "n'appartiennent à personne", "negative test",
    "negativ-test", "testfäll", "casos de prueba", "cas de test", "test case", "test user",
    "test account", "testnutzer", "testkonto", "testkunde", "utilisateur de test",
    "compte de test", "usuario de prueba", "cuenta de prueba", "(fixture", "test fixture",
    "fixture data", "generic name", "not a real", "no real", "training example",
    "example only", "for training only", "kein echt", "keine echt", "kein realer",
    "keine reale", "pas un vrai", "pas une vraie", "pas un réel", "pas une réelle",
    "no es un paciente real", "no es una persona real", "no es una cuenta real",
    "exemple de formation", "ejemplo de formación", "schulungsbeispiel",
    "nom générique", "nombre genérico", "platzhalter",
)  # fmt: skip
"""What a prompt says of data it made up: fake, test or specimen data, values that belong
to no one."""
_PLACEHOLDER_PEOPLE = (
    "mustermann", "musterfrau", "musterstadt", "musterstraße", "john doe", "jane doe",
    "anytown", "fulano de tal",
)  # fmt: skip
"""The stock made-up people and places: a sentence that holds one is an example."""
_SENTENCE_ENDS = (". ", "! ", "? ", "\n")
_SCOPE = 240
"""How far a sentence or a line is read around a value for a declaration."""


_FIRST_WORD = re.compile(r"[a-zà-ÿ]+")
_SENTENCE_EXAMPLES = ("example", "beispiel", "exemple", "ejemplo")
"""Words that open an example sentence ("Sample" and "Specimen" open lab results too)."""


def _abbreviation(text: str, dot: int) -> bool:
    """Whether the dot at ``dot`` ends an abbreviation (a word of at most three letters:
    "Tel.", "Nr.", "Dr.", "St.") rather than a sentence."""
    word = text.rfind(" ", max(0, dot - 5), dot) + 1
    return 0 < dot - word <= 3 and text[word:dot].isalpha()


_CALLED_EXAMPLE = re.compile(
    r"\b(?:is|are|ist|sind|est|sont|es|son|sirve de|sert d')[ \t]+"
    r"(?:(?:the|a|an|our|ein|eine|das|der|die|unser|l'|le|la|un|une|el|una)[ \t]*)?"
    r"(?:[\w\-]+[ \t]+){0,2}(?:example|sample|specimen|beispiel|musterbeispiel|standardbeispiel"
    r"|exemple|ejemplo|muestra)"
    r"|\b(?:textbook|standard|typical|classic|canonical) (?:example|sample)"
    r"|lehrbuchbeispiel|schulbeispiel|typisches beispiel|exemple (?:type|classique|de manuel"
    r"|d'école)|ejemplo (?:típico|clásico|de manual|de libro)"
)
"""A sentence that calls its value an example ("El DNI ... es el ejemplo típico de los
manuales", "is the textbook example", "ist das Standardbeispiel", "est l'exemple type"):
a sample a manual prints, no one's."""


_ID_KINDS = (
    r"(?:nie|dni|nif|cif|nss|iban|bic|ssn|nino|ni number|passport|pasaporte|passeport"
    r"|reisepass|ausweis\w*|steuer-?id|tax id|card|karte|carte|tarjeta|id|number|nummer"
    r"|numéro|número|numero|phone|telefon|téléphone|teléfono)"
)
_LABEL_TEST = re.compile(
    rf"\b{_ID_KINDS}[ \t]+(?:de[ \t]+(?:prueba|test|ejemplo|muestra)|d'(?:essai|exemple))\b"
    rf"|\b(?:test|sample|example|dummy|demo|beispiel|muster|test)[ \t\-]*{_ID_KINDS}\b"
    r"|\b(?:as[ \t]+an[ \t]+example|als[ \t]+beispiel|comme[ \t]+exemple|en[ \t]+exemple"
    r"|à[ \t]+titre[ \t]+d'exemple|como[ \t]+ejemplo|a[ \t]+modo[ \t]+de[ \t]+ejemplo)\b"
)
"""An identifier its label calls a test or sample one ("el NIE de prueba", "a test IBAN",
"die Beispiel-IBAN", "le numéro d'exemple"), or a sentence that gives it as an example
("aparece en la documentación como ejemplo", "als Beispiel", "comme exemple"): data a
manual prints, no one's ("por ejemplo", "for example" only introduce a case: not here)."""


_LABEL_TEST_WORDS = ("test", "prueba", "ejemplo", "exemple", "example", "sample", "dummy",
                     "demo", "beispiel", "muster", "muestra", "essai")  # fmt: skip
"""The words ``_LABEL_TEST`` needs one of: most sentences hold none and skip it."""


def declared_in_sentence(text: str, pos: int) -> bool:
    """Whether the sentence or line that holds ``pos`` says its data is made up ("Sur le
    spécimen de carte d'identité figure ...", a log line's "test user ... (fixture)"), holds
    a stock made-up person (Max Mustermann) or opens with "Example", "Beispiel", "Ejemplo":
    the declaration covers that sentence only, so a long document's other data stays."""
    lo, hi = max(0, pos - _SCOPE), min(len(text), pos + _SCOPE)
    start = lo
    for end in _SENTENCE_ENDS:
        at = text.rfind(end, lo, pos)
        while at != -1 and end == ". " and _abbreviation(text, at):
            at = text.rfind(end, lo, at)  # "Tel. 030 ...", "Nr. 5": no sentence ends there
        if at != -1:
            start = max(start, at + len(end))
    stop = hi
    for end in _SENTENCE_ENDS:
        at = text.find(end, pos, hi)
        if at != -1 and at < stop:
            stop = at
    low = text[start:stop].lower()
    for word in _DECLARED:
        if word in low:
            return True
    for word in _PLACEHOLDER_PEOPLE:
        if word in low:
            return True
    if _CALLED_EXAMPLE.search(low) is not None:
        return True
    if any(w in low for w in _LABEL_TEST_WORDS) and _LABEL_TEST.search(low) is not None:
        return True
    opening = _FIRST_WORD.match(low.lstrip(" \t\"'«(-*#>"))
    return opening is not None and opening.group().rstrip("s") in _SENTENCE_EXAMPLES


_DECLARING = re.compile(
    rb"fake|dumm|fict|fikt|erfunden|invent|placeholder|platzhalter|synth|mock|muster"
    rb"|sample|example|beispiel|exemple|ejemplo|test|essai|prueba|fixture|seed|semilla"
    rb"|made.up|not real|no real|pas r"
)
"""The stems a declaration holds, on a line's lower-cased bytes: a heading without one is
passed over cheaply."""
_DECLARED_MORE = (
    "synthetic", "synthetisch", "synthétique", "sintétic", "seed data", "jeu d'essai",
    "datos de ejemplo", "données d'exemple", "beispieldatensatz", "sample records",
)  # fmt: skip
"""Declarations a heading makes beside ``_DECLARED``'s: synthetic and seed data."""
_HEADING = 120
"""The longest line read as a heading."""
_BLOCK_OPENERS = 64
"""How many headings and colon-ended lines a prompt is read at most for a declaration."""


def declared_blocks(text: str, raw: bytes) -> list[tuple[int, int]]:
    """The blocks a heading declares made up: a Markdown heading ("### Test fixtures (all
    fictitious)", "## Testdaten (erfunden)") or a line ending in a colon ("Datos de prueba,
    totalmente ficticios:") that says so covers every line after it up to the next heading
    or blank line, however many values those lines hold ("a declared fixture in the middle
    of release notes"). ``raw``: ``text`` one byte per character (see ``_Index``), searched
    for the openers with ``bytes.find``."""
    blocks: list[tuple[int, int]] = []
    openers: list[int] = [0] if raw.startswith(b"#") else []
    at = raw.find(b"\n#")
    while at != -1 and len(openers) < _BLOCK_OPENERS:
        openers.append(at + 1)
        at = raw.find(b"\n#", at + 2)
    at = raw.find(b":\n")
    while at != -1 and len(openers) < 2 * _BLOCK_OPENERS:
        line = raw.rfind(b"\n", max(0, at - _HEADING), at)
        if line != -1 or at <= _HEADING:  # not a paragraph that ends in a colon
            openers.append(line + 1)
        at = raw.find(b":\n", at + 2)
    for start in sorted(set(openers)):
        end = raw.find(b"\n", start, start + _HEADING)
        if end == -1 and len(raw) - start > _HEADING:
            continue
        end = len(raw) if end == -1 else end
        if _DECLARING.search(raw[start:end].lower()) is None:
            continue
        low = text[start:end].lower()
        if not any(w in low for w in _DECLARED) and not any(w in low for w in _DECLARED_MORE):
            continue
        stop = len(text)
        for mark in (b"\n\n", b"\n#"):
            at = raw.find(mark, end)
            if at != -1 and at < stop:
                stop = at
        blocks.append((start, stop))
    return blocks


_BLOCK_REACH = 2000
"""How far above a value its declaring heading is looked for (``in_declared_block``)."""


def in_declared_block(text: str, raw: bytes, pos: int) -> bool:
    """Whether ``pos`` lies in a block a heading declares made up (``declared_blocks``),
    read in the stretch above it only: a value's own check, for the identifiers found."""
    lo = max(0, pos - _BLOCK_REACH)
    end = raw.find(b"\n", pos)
    end = len(raw) if end == -1 else end
    return any(a <= pos - lo < b for a, b in declared_blocks(text[lo:end], raw[lo:end]))


def _mask_blocks(text: str, raw: bytes, blocks: list[tuple[int, int]]) -> tuple[str, bytes]:
    """``text`` and its one-byte map with the ``blocks`` blanked out (same length: every
    other position stays where it was)."""
    parts: list[str] = []
    raw_parts: list[bytes] = []
    last = 0
    for start, stop in blocks:
        start = max(start, last)
        if stop <= start:
            continue
        parts += (text[last:start], " " * (stop - start))
        raw_parts += (raw[last:start], b" " * (stop - start))
        last = stop
    parts.append(text[last:])
    raw_parts.append(raw[last:])
    return "".join(parts), b"".join(raw_parts)


_DECLARING_WORDS = _vocab(
    "fake", "dummy", "fictitious", "fictional", "placeholder", "placeholders", "synthetic",
    "fixture", "fixtures", "seed", "testdaten", "testdatensatz", "beispieldaten",
    "musterdaten", "fiktiv", "fiktive", "fiktiven", "erfunden", "erfundene", "synthetisch",
    "synthetische", "platzhalter", "fictif", "fictifs", "fictive", "fictives", "factice",
    "factices", "inventé", "inventés", "inventées", "synthétique", "synthétiques", "essai",
    "ficticio", "ficticia", "ficticios", "ficticias", "inventado", "inventados", "falsos",
    "falsas", "sintético", "sintéticos", "semilla",
)  # fmt: skip
"""The words a declaring heading holds at least one of: a prompt without any is not read
for declared blocks at all."""


_EXAMPLE_OPENING = re.compile(r"\b(?:example|sample|exemple|ejemplo)|beispiel|\bdemos?\b")
"""The words that open an example, as words ("Beispiel" also ending a German compound,
"Fallbeispiel"): "demo", not the letters in "Podemos" or "Demokratie"."""
_OPENING = 80


def declared_placeholder(low: str) -> bool:
    """Whether a short lower-cased prompt says its data is made up: "fake", "test data",
    "Testdaten", "fictif", "datos falsos" anywhere, or "Example", "Beispiel", "exemple",
    "ejemplo", "sample" in its opening words."""
    for word in _DECLARED:
        if word in low:
            return True
    return _EXAMPLE_OPENING.search(low, 0, _OPENING) is not None


_WORK_ROLES = (
    "porter|night porter|receptionist|cleaner|nurse|driver|guard|security guard|caretaker"
    "|janitor|cook|waiter|waitress|cashier|apprentice|trainee|intern|technician|mechanic"
    "|picker|packer|supervisor|assistant|secretary|accountant|clerk|courier|doorman"
    "|housekeeper|carer|care worker|handyman|gardener|labourer|operator|welder|electrician"
    "|storeman|warehouseman|temp|night manager|shift lead"
    "|pförtner(?:in)?|empfangsdame|rezeptionist(?:in)?|reinigungskraft|putzkraft|putzfrau"
    "|pflegekraft|krankenschwester|pfleger(?:in)?|fahrer(?:in)?|hausmeister(?:in)?|koch"
    "|köchin|kellner(?:in)?|kassierer(?:in)?|azubi|auszubildende[rn]?|praktikant(?:in)?"
    "|lagerist(?:in)?|monteur(?:in)?|techniker(?:in)?|sekretärin|sachbearbeiter(?:in)?"
    "|buchhalter(?:in)?|schichtleiter(?:in)?|nachtwächter(?:in)?|wachmann|aushilfe"
    "|gardien(?:ne)?|veilleur|veilleuse|réceptionniste|agente? d'entretien|femme de ménage"
    "|aide-soignante?|infirmier|infirmière|chauffeur|livreur|livreuse|cuisinier|cuisinière"
    "|serveur|serveuse|caissier|caissière|apprentie?|stagiaire|magasinier|magasinière"
    "|technicienn?e?|secrétaire|comptable|vigile|agent de sécurité|concierge|intérimaire"
    "|limpiador(?:a)?|recepcionista|conserje|portero|portera|vigilante|guardia de seguridad"
    "|enfermer[oa]|auxiliar|cuidador(?:a)?|conductor(?:a)?|chófer|repartidor(?:a)?"
    "|cociner[oa]|camarer[oa]|cajer[oa]|aprendiz|becari[oa]|técnic[oa]|secretari[oa]"
    "|administrativ[oa]|mozo de almacén|operari[oa]"
)
"""Workplace roles an HR note or a manager's message names a colleague by ("our night
porter, Wiktor", "notre gardien de nuit, Mamadou", "unsere Putzkraft Ionela")."""
_ROLE_APPOSITION = re.compile(
    r"(?i:\b(?:our|my|the|unser|unsere|unserem|unseren|unserer|notre|nos|mon|ma|nuestr[oa]s?"
    r"|mi|la|le|el|der|die|den)[ \t]+(?:[\w\-']+[ \t]+){0,2}?"
    rf"(?:{_WORK_ROLES})(?:[ \t]+[\w\-']+){{0,4}}?)"
    r"(?P<comma>[ \t]*,)?[ \t]+(?P<name>[A-ZÀ-Þ][a-zß-ÿ'\-]+)\b(?P<after>[ \t]*[,(]?)"
)
_NAME_FROM_SHIFT = re.compile(
    r"\b(?P<name>[A-ZÀ-Þ][a-zß-ÿ'\-]+)[ \t]+(?i:(?:from|on|in)[ \t]+the[ \t]+(?:[\w\-]+[ \t]+)?"
    r"(?:shift|team|warehouse|kitchen|reception|ward|desk|crew|rota)"
    r"|(?:aus|von)[ \t]+der[ \t]+[\w\-]*(?:schicht|küche|pforte|rezeption|lager|station)"
    r"|(?:de|du)[ \t]+(?:l'|la[ \t]+|le[ \t]+)?(?:équipe|service|cuisine|accueil|poste"
    r"|quart|entrepôt)|(?:del|de[ \t]+la)[ \t]+(?:turno|cocina|recepción|almacén|planta"
    r"|equipo))\b"
)
"""A colleague's first name and their shift or team ("Dariusz from the night shift",
"Ionela del turno de noche")."""


def _colleague_name(text: str) -> bool:
    """A first name a workplace role introduces (in commas, or a listed one after the role)
    or that a shift or team follows: in a short note beside a personal fact, a colleague
    the reader can tell apart as surely as by a full name."""
    first, _ = _names()
    for m in _ROLE_APPOSITION.finditer(text):
        name = m.group("name")
        rest = text[m.end() : m.end() + 2].lstrip()
        closed = m.group("after").strip() != "" or (rest[:1].isupper())  # ", Aino Virtanen"
        apposed = m.group("comma") is not None and closed
        if (apposed or name in first) and _real_name(name) and name not in _STARTERS:
            return True
    for m in _NAME_FROM_SHIFT.finditer(text):
        name = m.group("name")
        if _real_name(name) and name not in _STARTERS and name not in _COUNTS:
            return True
    return False


_WORK_ROLE_WORDS = _vocab(
    *(
        role
        for role in _WORK_ROLES.split("|")
        if not any(c in role for c in "([?' -")  # one plain word: the index's form
    ),
    "worker",
    "pförtnerin", "rezeptionistin", "pflegerin", "fahrerin", "hausmeisterin", "kellnerin",
    "kassiererin", "auszubildender", "auszubildende", "praktikantin", "lageristin",
    "technikerin", "sachbearbeiterin", "buchhalterin", "schichtleiterin", "nachtwächterin",
    "gardienne", "apprenti", "apprentie", "technicien",
    "technicienne", "limpiador", "limpiadora", "enfermero", "enfermera", "cuidador",
    "cuidadora", "conductor", "conductora", "repartidor", "repartidora", "cocinero",
    "cocinera", "camarero", "camarera", "cajero", "cajera", "becario", "becaria", "técnico",
    "técnica", "secretario", "secretaria", "administrativo", "administrativa", "operario",
    "operaria",
)  # fmt: skip
"""The role words of ``_WORK_ROLES`` as the word index writes them: a long prompt finds
their places in its one cue pass."""
_OWNER_BEFORE = re.compile(
    r"(?i:\b(?:our|my|unser|unsere|unserem|unseren|unserer|notre|nos|mon|ma|nuestr[oa]s?|mi)"
    r"[ \t]+(?:[\w\-']+[ \t]+){0,2})$"
)
_APPOSED_AFTER_ROLE = re.compile(
    r"(?:[ \t]+[\w\-']+){0,4}?[ \t]*,[ \t]*(?P<name>[A-ZÀ-Þ][a-zß-ÿ'\-]+)[ \t]*[,(]"
)
_ROLE_REACH = 72
"""How far around a role word its possessive and the name in commas after it are read."""


_PARAGRAPH_REACH = 600
"""How far before and after a fact's word its paragraph is read in a long prompt."""


def _fact_paragraph(text: str, ix: _Index, present: frozenset[bytes]) -> bool:
    """``_fact_subject`` in a long prompt, read in the paragraph of each health or money
    fact's word (from the one cue pass, at most four places each): a confidential note in
    the middle of long minutes names its member as a short prompt would ("Hester Carbery
    asked to defer her subscription; she is having chemotherapy")."""
    for cue in sorted(present & (_HEALTH_TERMS | _MONEY_TROUBLE))[:4]:
        for pos in ix.positions(cue.decode("ascii", "replace"), 4):
            lo = text.rfind("\n\n", max(0, pos - _PARAGRAPH_REACH), pos)
            hi = text.find("\n\n", pos, pos + _PARAGRAPH_REACH)
            lo = max(0, pos - _PARAGRAPH_REACH) if lo == -1 else lo + 2
            hi = min(len(text), pos + _PARAGRAPH_REACH) if hi == -1 else hi
            if _fact_subject(text[lo:hi]):
                return True
    return False


def _colleague_in_long(text: str, ix: _Index, present: frozenset[bytes]) -> bool:
    """``_colleague_name`` in a long prompt, read at the role words' places (from the one
    cue pass, no search): a possessive before the role and a first name in commas after
    it ("... our night porter, Wiktor, came to see me ...")."""
    for role in present & _WORK_ROLE_WORDS:
        for pos in ix.positions(role.decode("ascii", "replace"), 4):
            if _OWNER_BEFORE.search(text, max(0, pos - 40), pos) is None:
                continue
            m = _APPOSED_AFTER_ROLE.match(text, pos + len(role), pos + len(role) + _ROLE_REACH)
            if m is None:
                continue
            name = m.group("name")
            if _real_name(name) and name not in _STARTERS and not declared_in_sentence(text, pos):
                return True
    return False


_ALL_CUES = (
    _FICTION
    | _TRADE_WORDS
    | _DECLARING_WORDS
    | _PUBLIC_LIVES
    | _OWING
    | _PAST_HOMES
    | _VISITS
    | _BRANDS
    | _LIFE_WORDS
    | _MONEY_TROUBLE
    | _LEGAL_FORM_WORDS
    | _NEWS
    | _PLACES
    | _PLACEHOLDERS
    | _ID_LABELS
    | frozenset(_ROLE_OWNERS)
    | NATIONAL_ID_LABELS
    | _TAX_WORDS
    | _HONORIFICS
    | _NAME_CUES
    | _WEAK_NAME_CUES
    | _ROLE_CUES
    | _CLOSINGS
    | _PERSON_CUES
    | _STREETS_EN
    | _STREETS_FR
    | _STREETS_PREFIXED
    | _ADDRESS_CUES
    | _BIRTH_CUES
    | _HEALTH_TERMS
    | _HEALTH_IDS
    | _SECRET_LABELS
    | SENSITIVE_CUES
    | _WORK_ROLE_WORDS
)
_CUE_INDEX = CueIndex(_ALL_CUES)
"""Every cue word's places, found in one pass (``_Index.cues``)."""


_SUBJECT = re.compile(
    rf"({_WORD})\)?[ \t]+(?:has|had|was|is|hat|habe|hatte|leidet|litt|ist|a|avait|souffre"
    r"|tiene|tenía|padece|sufre|ha|aveva|soffre|heeft|had|lijdt)\b"
)
"""A name as the subject of a sentence about what someone has or suffers ("Steven has",
"ich (Benno) habe", "Lucía tiene"); counted with a listed first name in a short prompt that
holds a health term."""


_GREETED = re.compile(
    r"(?i:\b(?:hi|hello|hey|hallo|moin|servus|bonjour|bonsoir|salut|coucou|hola|buenas"
    r"|buenos días|buenas tardes|buenas noches|ciao|buongiorno|salve|hoi))[ \t]*,?[ \t]+"
    rf"(?P<name>{_WORD})\b"
)
"""A first name after an informal greeting in the four languages ("Hallo Kemal", "Salut
Karim", "Hola Marta"); counted in a short prompt that also holds personal facts."""
_ASSISTANTS = frozenset(
    ["Claude", "Gemini", "Alexa", "Siri", "Cortana", "Copilot", "Jarvis", "Bard", "Llama"]
)
"""Names prompts greet an assistant by, not a person they write about."""


def _greeted_name(text: str) -> bool:
    """A listed first name or surname right after an informal greeting ("Hi Rebecca",
    "Bonjour Mathilde"): "Hello World", "Hallo zusammen" and "Hola a todos" do not count."""
    first, last = _names()
    for m in _GREETED.finditer(text):
        name = m.group("name")
        if (name in first or name in last) and name not in _ASSISTANTS and _real_name(name):
            return True
    return False


_SUBJECT_PAIR = re.compile(
    rf"(?<![\w])({_WORD})[ \t]+({_WORD})[ \t]+(?:has|had|is|was|told|said|hat|ist|war|sagte"
    r"|erzählte|leidet|a|est|avait|souffre|m'a|tiene|tenía|está|padece|sufre|me dijo)\b"
)
"""A first name and a surname as the subject of a sentence ("Imogen Tate has", "Eulogio
Ferrer tiene", "Rhian Pryce told me"): the pair counts when either of its words is listed,
so a rare surname after a listed first name, or a rare first name before a listed surname,
is still a name."""


def _subject_name(text: str) -> bool:
    first, last = _names()
    for m in _SUBJECT.finditer(text):
        name = m.group(1)
        if name in first and _real_name(name):
            return True
    for m in _SUBJECT_PAIR.finditer(text):
        given, family = m.group(1), m.group(2)
        if (given in first or family in last) and _real_name(f"{given} {family}"):
            return True
    return False


_FACT_SUBJECT = re.compile(
    r"(?:^|(?<=[.!?;:] )|(?<=[.!?;:]\t)|(?<=\n)|(?<=, ))[ \t]*"
    r"(?:(?i:die|der|la|el|le|il|lo|our|unser|unsere|notre|nuestro|nuestra)[ \t]+)?"
    rf"({_WORD}(?:-[A-ZÀ-Þ][a-zß-ÿ']+)?)[ \t]+({_WORD}(?:-[A-ZÀ-Þ][a-zß-ÿ']+)?)"
    r"[ \t]+(?=[a-zß-ÿ])"
)
"""A given name and a surname opening a sentence or the clause after a greeting ("Evening
everyone, Ollie Faversham is ...", "Servus miteinand, die Sünje Carstens ist ...",
"Zainab Hussain-Lyle owes ..."), a lower-case word after them: the subject of what the
sentence tells."""


_PRONOUN_AFTER = re.compile(
    rf"(?<![\w])({_WORD})[ \t]+({_WORD})(?:(?:[ \t]+[a-zß-ÿ]+){{0,2}}[ \t]*[:;,\u2013\u2014][ \t]*"
    r"(?:he|she|er|sie|il|elle|él|ella|they)[ \t]+(?=[a-zß-ÿ])"
    r"|[ \t]+(?:is|ist|est|está|es)[ \t]+|[ \t]+(?:with|mit|avec|con)[ \t]+"
    r"(?:his|her|their|seinem|seiner|ihrem|ihrer|son|sa|ses|su|sus)[ \t]+)"
)
"""A given name and a surname that the next clause takes up as "he", "sie", "elle", "él"
("an Baruch Feingold denken: er hält den Schabbat", "Noé Ferrand, il est fiché"), a verb
or two between them, or that the sentence goes on about with "is" or "with his / her"
("I know Hattie Lowe is in the union", "Seat Caspian Holloway with his husband"): where
the sentence states a special-category or money fact, the fact is that person's."""


def _capitalised(words: str) -> frozenset[str]:
    """Capitalised words written apart by spaces and line breaks."""
    return frozenset(words.split())


_STARTERS = _capitalised(
    """The This That These Those Our My Your His Her Their Its Every Each Some Any All
    Der Die Das Dem Den Des Ein Eine Einer Mein Meine Unser Unsere Dein Deine Sein Seine
    Ihr Ihre Dieser Diese Dieses Jeder Jede Heute Gestern Morgen Am Im Beim Vom Zum Zur
    Le La Les Un Une Mon Ma Mes Notre Nos Ce Cette Ces Son Sa Ses Leur Chaque Aujourd
    El Los Las Una Mi Mis Nuestro Nuestra Su Sus Este Esta Estos Estas Cada Hoy Ayer
    Liebe Lieber Hallo Hello Dear Bonjour Hola Buenas Buenos Viele Beste Frohe Happy
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday Montag Dienstag Mittwoch
    Donnerstag Freitag Samstag Sonntag Lundi Mardi Mercredi Jeudi Vendredi Samedi
    Dimanche Lunes Martes Miércoles Jueves Viernes Sábado Domingo"""
)
"""Capitalised words that open sentences in the four languages and are no given name:
articles, possessives, demonstratives, days, greetings."""


_PERSON_WORDS = _vocab(
    "he", "she", "his", "him", "her", "himself", "herself", "mum", "mom", "dad", "wife",
    "husband", "son", "daughter", "sister", "brother", "family", "parents", "kids",
    "children", "girlfriend", "boyfriend", "er", "ihm", "ihn", "sein", "seine", "seinem",
    "seinen", "seiner", "ihr", "ihre", "ihrem", "ihren", "ihrer", "mutter", "vater", "mama",
    "papa", "eltern", "familie", "kinder", "schwester", "bruder", "freundin", "freund",
    "lui", "elle", "mère", "père", "maman", "famille", "enfants", "sœur", "frère", "mari",
    "femme", "copine", "copain", "él", "ella", "madre", "padre", "familia", "hijos", "hija",
    "hijo", "hermana", "hermano", "marido", "mujer", "novio", "novia",
)  # fmt: skip
"""Pronouns and relatives that only a person has: a prompt about a company or a charity
("Red Cross volunteers ...", "Galeria Kaufhof hat Insolvenz angemeldet") holds none of
them about it."""
_ORGANISATION_WORDS = _capitalised(
    """Team Clinic Klinik Clinique Clínica Hospital Krankenhaus Hôpital Society Foundation
    Stiftung Fondation Fundación Trust Council Bank Banque Banco Group Gruppe Groupe Grupo
    Health Care Cross Kreuz Croix Cruz Association Verband Verein Institute Institut
    Instituto University Universität Université Universidad College School Schule École
    Escuela Centre Center Zentrum Centro Service Services Agency Agentur Agence Agencia
    Cloud Watch Motors Airlines Air Bahn Post Telekom Energy Pharma Labs Nord Süd Ost West
    North South East West Madrid Barcelona Paris London Berlin Deutsche Deutscher Real
    Royal National International Global Sankt Saint San Santa"""
)
"""Words that name an organisation or a place, not a person, in a capitalised pair."""


def _sentence_at(text: str, start: int) -> str:
    """The sentence (or line) that starts at ``start``."""
    stop = len(text)
    for end in _SENTENCE_ENDS:
        at = text.find(end, start)
        if at != -1 and at < stop:
            stop = at
    return text[start:stop]


def _states_fact(sentence: str) -> tuple[bool, bool]:
    """Whether a sentence states a health fact, and whether it states another
    special-category or money fact (the lexicons) or owes a sum of money."""
    ix = _Index(sentence)
    split = ix.words()
    words = _ALL_CUES.intersection(split)
    health, private = sensitive_facts(sentence, ix, words, split)
    health = health or bool(words & _HEALTH_TERMS)
    private = private or bool(words & _MONEY_TROUBLE) or _owed_amount(sentence, ix, words)
    health = health or _HEALTH_EVENT.search(sentence) is not None
    private = private or _SPECIAL_EVENT.search(sentence) is not None
    return health, private


_PERSONAL_PREDICATE = re.compile(
    r"(?:is|was|has|had|ist|war|hat|hatte|est|était|a|avait|es|está|estaba|tiene|tenía)[ \t]"
)
"""A copula or "has" right after the subject: with a health fact in the sentence ("Jonte
Behrens ist spielsüchtig", "X está embarazada") the subject can only be a person; a
company "produces insulin" or "meldet Krankheit"."""


def _fact_subject(text: str) -> bool:
    """A given name and a surname, listed or not, as the subject of a sentence that states
    a special-category or money fact ("Arvid Lohmeyer kommt nach seinem Burn-out ...
    zurück"): in a short prompt that is no story, the person the fact is about."""
    first, last = _names()
    person = bool(_PERSON_WORDS.intersection(_Index(text).words()))
    for m in _FACT_SUBJECT.finditer(text):
        given, family = m.group(1), m.group(2)
        if given in _STARTERS or given in _NOT_A_NAME or family in _NOT_A_NAME:
            continue
        if given in _ORGANISATION_WORDS or family in _ORGANISATION_WORDS:
            continue
        tokens = {_token for w in (given, family) for _token in _vocab(*w.lower().split("-"))}
        if tokens & (_HEALTH_TERMS | SENSITIVE_WORDS | SENSITIVE_HEADS | _PLACES | _NEWS | _BRANDS):
            continue
        if not _real_name(f"{given} {family}") or _LEGAL_AFTER.match(text, m.end(2)):
            continue
        health, private = _states_fact(_sentence_at(text, m.start(1)))
        if not (health or private):
            continue
        listed = given in first or any(part in last for part in family.split("-"))
        if listed or person:
            return True
        # an unknown pair where no one is "he" or "her" (a company?): a person only when
        # what the sentence says of it is a condition
        if health and _PERSONAL_PREDICATE.match(text, m.end()):
            return True
    for m in _PRONOUN_AFTER.finditer(text):
        given, family = m.group(1), m.group(2)
        if given in _STARTERS or not _real_name(f"{given} {family}"):
            continue
        if given in _ORGANISATION_WORDS or family in _ORGANISATION_WORDS:
            continue
        health, private = _states_fact(_sentence_at(text, m.start(1)))
        if health or private:
            return True
    return False


_NAME_WINDOW_CUES = (
    _PERSON_CUES | _BIRTH_CUES | _ADDRESS_CUES | _HEALTH_TERMS | _MONEY_TROUBLE | SENSITIVE_WORDS
)
"""Words near which a long prompt is read for a listed name."""
_CONTACT = frozenset({PiiKind.PHONE, PiiKind.EMAIL, PiiKind.NATIONAL_ID})
"""Identifiers that make health data in the same prompt someone's: a condition written
beside a phone number, an e-mail address or a national ID is that person's (or the
writer's)."""


def _historical(text: str, ix: _Index, words: frozenset[bytes]) -> bool:
    """A birth or death before 1910 (``_HISTORICAL_BIRTH``): anywhere in a short prompt, in
    a long one around its birth and death words (a walking guide's block on a poet)."""
    if len(text) <= _WHOLE:
        return _HISTORICAL_BIRTH.search(text) is not None
    for word in words & _LIFE_WORDS:
        for pos in ix.positions(word.decode(), 4):
            if _HISTORICAL_BIRTH.search(text, max(0, pos - 80), pos + 120) is not None:
                return True
    return False


_FACT_REACH = 600
"""How far around a fact in a long prompt the learned model looks for its person."""
_FACT_PLACES = 8
_SPAN_REACH = 300
"""How far around a name the model found in a long prompt its checks read."""
_PLACEHOLDER_NAMES = ("mustermann", "musterfrau", "john doe", "jane doe", "dupont", "fulano")


_COUNTS = _capitalised(
    """Two Three Four Five Six Seven Eight Nine Ten Zwei Drei Vier Fünf Sechs Sieben Acht
    Neun Zehn Deux Trois Quatre Cinq Sept Huit Neuf Dix Dos Tres Cuatro Cinco Seis Siete
    Ocho Nueve Diez Beide Both Ambos Ambas Mehrere Several Plusieurs Varios Varias Wenige
    Few Quelques Pocos Pocas"""
)
"""Counts that open a noun phrase ("Drei Sätze reichen", "Three Weeks Later"): a run of
capitalised words starting with one, or with an article or a possessive (``_STARTERS``),
is a German noun phrase or a title, no one's name."""


_IMPERATIVES = _capitalised(
    """Erkläre Erklär Erklärt Schreibe Schreib Zeige Zeig Nenne Nenn Gib Hilf Beschreibe
    Fasse Übersetze Erstelle Formuliere Vergleiche Sag Sage Empfiehl Bring Bringe
    Explain Write Tell Show Give Help Describe Translate Draft Recommend Teach
    Explique Expliquez Écris Écrivez Montre Montrez Donne Donnez Aide Aidez Décris Traduis
    Rédige Recommande Apprends
    Explica Explíca Escribe Muestra Enseña Dale Ayuda Describe Traduce Redacta Recomienda"""
)
"""Imperatives a prompt opens with: German capitalises the plural noun after one ("Erkläre
Schülern", "Zeige Kindern"), which the learned model can read as a name."""


def _names_no_one(text: str, start: int, end: int) -> bool:
    """Whether the span the model found opens with a count, an article or a possessive, or
    is an imperative and one word that is no listed name ("Erkläre Schülern": the group
    addressed, not "Schreib Jonas")."""
    words = text[start:end].split()
    if len(words) == 2 and words[0] in _IMPERATIVES:
        first, last = _names()
        return words[1] not in first and words[1] not in last
    return words[0] in _COUNTS or words[0] in _STARTERS


_AGGREGATES = (
    "prevalence", "incidence", "per 100,000", "per 100 000", "per 1,000", "age-standardised",
    "age-standardized", "cohort", "population", "mortality rate", "statistics", "survey",
    "respondents", "prävalenz", "inzidenz", "pro 100.000", "je 100.000", "kohorte",
    "bevölkerung", "statistik", "umfrage", "befragte", "sterberate", "prévalence",
    "pour 100 000", "cohorte", "statistique", "sondage", "répondants", "prevalencia",
    "incidencia", "por 100.000", "por cada 100.000", "población", "estadística", "encuesta",
    "encuestados",
)  # fmt: skip
"""Words of statistics about a population (a prevalence, a rate per 100,000, a cohort, a
survey): the figures name no one, and what the learned model reads as a name there is a
place or a group."""


def _aggregate(low: str) -> bool:
    """Whether lower-cased ``low`` holds a word of population statistics (``_AGGREGATES``)."""
    return any(w in low for w in _AGGREGATES)


def _learned_person(
    text: str, ix: _Index, present: frozenset[bytes], words: frozenset[bytes]
) -> bool:
    """Whether the learned person model (``person_model``) finds a private person's name: in
    a short prompt anywhere, in a long one near the facts' words. A long prompt's name is
    checked where it stands as a short prompt is checked whole: not a specimen or a
    placeholder, not a figure born before 1910."""
    model = person_model.current()
    if model is None:
        return False
    if len(text) <= _WHOLE:
        if _aggregate(text.lower()):
            return False
        return any(not _names_no_one(text, a, b) for a, b in model.found(text, [(0, len(text))]))
    facts = (present & SENSITIVE_WORDS) | (words & (_HEALTH_TERMS | _MONEY_TROUBLE))
    places = sorted(p for w in facts for p in ix.positions(w.decode(), 2))[:_FACT_PLACES]
    windows = [(max(0, p - _FACT_REACH), p + _FACT_REACH) for p in places]
    for start, end in model.found(text, windows, long=True):
        if _names_no_one(text, start, end):
            continue
        begin, stop = max(0, start - _SPAN_REACH), end + _SPAN_REACH
        low = text[begin:stop].lower()
        if any(w in low for w in _PLACEHOLDER_NAMES) or declared_placeholder(low):
            continue
        if _aggregate(low):
            continue
        if _HISTORICAL_BIRTH.search(text, begin, stop) is None:
            return True
    return False


def find_personal(
    text: str, structured: frozenset[PiiKind], raw: bytes | None = None, *, blanked: bool = False
) -> set[PiiKind]:
    """The free-text kinds in ``text``, and national IDs named by their label;
    ``structured`` are the identifiers already found, which make a listed name personal;
    ``raw`` is the PII scan's one-byte-per-character map of ``text`` (see ``_Index``). A
    block a heading declares made up (``declared_blocks``) is read as blank (``blanked``:
    it is already)."""
    found: set[PiiKind] = set()
    ix = _Index(text, raw)
    words = ix.cues()
    present = words
    split = ix.words() if len(text) <= _WHOLE else []  # read in short prompts only
    if not blanked and words & _DECLARING_WORDS:
        if raw is None:
            raw = text.replace("?", "!").encode("ascii", "replace")
        blocks = declared_blocks(text, raw)
        if blocks:
            masked, masked_raw = _mask_blocks(text, raw, blocks)
            found = find_personal(masked, structured, masked_raw, blanked=True)
            # a test account's credential is a credential all the same
            short = split if len(text) <= _WHOLE else None
            if PiiKind.SECRET not in structured and _labelled_secret(text, ix, words, short):
                found.add(PiiKind.SECRET)
            return found
    if len(text) > _WHOLE:
        words -= _COMMON_WORDS
    digits = any(c in text for c in "0123456789")
    if _address(text, ix, words, split if len(text) <= _WHOLE else None, digits):
        found.add(PiiKind.ADDRESS)
    if _date_of_birth(text, ix, words, digits):
        found.add(PiiKind.DATE_OF_BIRTH)
    if (
        digits
        and PiiKind.NATIONAL_ID not in structured
        and (
            _labelled_id(text, ix, words)
            # "P A S S E P O R T  N°  15FM17787": an OCR pass's labels, in a short prompt
            or (len(text) <= _WHOLE and _spaced_label_id(text))
        )
    ):
        found.add(PiiKind.NATIONAL_ID)
    short = split if len(text) <= _WHOLE else None
    if PiiKind.SECRET not in structured and _labelled_secret(text, ix, words, short):
        found.add(PiiKind.SECRET)
    health = bool(words & _HEALTH_TERMS)
    if not health and len(text) <= _WHOLE:
        low = text.lower()
        health = any(p in low for p in _HEALTH_PHRASES) or any(
            stem in w for w in split if len(w) > 6 for stem in _HEALTH_STEMS
        )
    money = bool(words & _MONEY_TROUBLE) or (digits and _owed_amount(text, ix, words))
    if not money and len(text) <= _WHOLE:
        low = text.lower()
        money = any(p in low for p in _MONEY_PHRASES)
    # the special categories' and money trouble's lexicons in four languages: a long
    # prompt's phrases are looked for once someone is named (below)
    more_health, more_money = sensitive_facts(text, ix, present, short, phrases=short is not None)
    health = health or more_health
    if short is not None and not health:
        health = _HEALTH_EVENT.search(text) is not None
    money = (
        money
        or more_money
        or (
            short is not None
            and (_SAME_SEX.search(text) is not None or _SPECIAL_EVENT.search(text) is not None)
        )
    )
    fiction = _story_told(text, ix, words & _FICTION) and not _told(text, ix, words & _FICTION)
    if not fiction and len(text) <= _WHOLE:
        low = text.lower()
        fiction = (
            (any(p in low for p in _FICTION_WORKS) and _WRITER_LINK.search(text) is None)
            or any(p in low for p in _FICTION_PHRASES)
            or any(
                w.endswith(_FICTION_SUFFIXES) and not w.endswith(_HISTORIES)
                for w in split
                if len(w) > 8
            )
        )
    named = cued = _cued_name(text, ix, words)
    if not named:
        cues = words & _NAME_WINDOW_CUES
        facts = health or money
        if facts and len(text) <= _WHOLE and _aggregate(text.lower()):
            # a name-like word beside statistics' figures is a place or a group ("Vega Baja
            # 7,1 %"), and the facts' words there are no one's
            facts = False
            cues -= _HEALTH_TERMS | _MONEY_TROUBLE
        # Names in a story are characters: only a cue (an honorific, "Dear") counts there.
        if (found or structured or cues or facts) and not fiction:
            around = [p for c in cues for p in ix.positions(c.decode(), 4)]
            named = _listed_name(text, ix, around)
    if not named and len(text) > _WHOLE and not fiction:
        named = _our_role_name(text, ix, present)  # "our member Wilfred Oyedepo-Strand (nights)"
    if not named and len(text) <= _WHOLE and not fiction:
        named = _loose_name(text)
    if not named and (health or money) and len(text) <= _WHOLE and not fiction:
        named = _subject_name(text) or _fact_subject(text)  # "Steven has type 1 diabetes"
    if not named and (health or money) and len(text) <= _WHOLE and not fiction:
        named = _colleague_name(text)  # "our night porter, Wiktor, ... AA meetings"
    if not named and (health or money) and len(text) <= _WHOLE and not fiction:
        named = _relative_first_name(text)  # "a mi suegra Encarni le han diagnosticado"
    if not named and (health or money) and len(text) <= _WHOLE and not fiction:
        named = _named_in_passing(text)  # "Jasper here", "mein schwager jens", "el marido de Puri"
    if not named and (health or money) and len(text) > _WHOLE and not fiction:
        named = _colleague_in_long(text, ix, present)  # the same, read at the role words
    if not named and (health or money) and len(text) > _WHOLE and not fiction:
        named = _fact_paragraph(text, ix, present)  # a named member's note in long minutes
    if not named and (health or money) and not fiction:
        named = _learned_person(text, ix, present, words)  # "Kenver Treharne's scan shows"
    # (identifiers found already flag the prompt: a long one is not searched again for them)
    if short is None and (named or found) and not (health and money):
        more_health, more_money = sensitive_facts(text, ix, present, None, words=False)
        health = health or more_health
        money = money or more_money
    personal_facts = health or money or bool(found) or bool(structured)
    if not named and personal_facts and len(text) <= _WHOLE and not fiction:
        named = _greeted_name(text)  # "Hallo Kemal, ... nach der Chemo"
    if len(text) <= _WHOLE and (
        words & _PLACEHOLDERS or declared_placeholder(text.lower())
    ):  # "Beispiel: Max Mustermann, Musterstraße 1": made-up people and places
        return found - {
            PiiKind.PERSON_NAME, PiiKind.ADDRESS, PiiKind.DATE_OF_BIRTH, PiiKind.NATIONAL_ID
        }  # fmt: skip
    personal = bool(structured & _CONTACT) or bool(
        found & {PiiKind.DATE_OF_BIRTH, PiiKind.NATIONAL_ID}
    )
    historical = (
        (named or PiiKind.DATE_OF_BIRTH in found)
        and bool(words & _LIFE_WORDS)
        and (_historical(text, ix, words) or _public_life(text, words) or _public_birth(text))
    )
    if historical and not structured & _CONTACT and PiiKind.NATIONAL_ID not in found:
        found.discard(PiiKind.DATE_OF_BIRTH)  # "Schiller was born on 10 November 1759"
        personal = False
        if not cued and len(text) <= _WHOLE and not _owns_relative(text):
            # a figure of history's illness, or the health law they fought for, is
            # public record: "Simone Veil, née en 1927 ... le débat sur l'IVG"
            health = False
        if len(text) > _WHOLE and not cued:
            # a long guide's block on a figure of history: a name no cue introduces is
            # that figure's, and a fact far from it ("a wheelchair user in the group")
            # is no one's
            named = False
    public = bool(words & _NEWS or words & _BRANDS) or fiction or historical
    if not public and named and len(text) <= _WHOLE:
        public = _names_public_figure(text)  # "Sherlock Holmes ... his landlady Mrs Hudson"
    if named and not personal and not cued and len(text) <= _WHOLE and _public_title(text):
        named = False  # "Der Schauspieler Bruce Willis leidet an Demenz": a public person
    private = personal or health or money or cued
    # "Karl Marx wohnte in der Brückenstraße 10", "Harry Potter wohnt im Ligusterweg 4"
    if (
        not private
        and len(text) <= _WHOLE
        and (named or PiiKind.ADDRESS in found)
        and (_historical_home(text, words) or (not public and _names_public_figure(text)))
    ):
        found.discard(PiiKind.ADDRESS)
        named = False
    if fiction and not personal and len(text) <= _WHOLE and not _owns_relative(text):
        named = False  # a story's characters, ill or in debt: "Frau Keller, die an Demenz ..."
        found.discard(PiiKind.ADDRESS)  # and their homes: "Paddington lives ... at 32 ..."
    if named and not personal and not money and not cued and public and len(text) <= _WHOLE:
        low = text.lower()
        if health and any(p in low for p in _COVERAGE):
            health = False  # "how the press covered her injuries": reported, public
    if (
        named and health and not money and not personal and not cued and len(text) <= _WHOLE
        and (_DISCLOSED.search(text) is not None or _PRESS_SOURCE.search(text) is not None)
        and not _owns_relative(text) and not _colleague_name(text)
    ):  # fmt: skip
        health = False  # "Celine Dion has spoken publicly about ...": public by her word
        named = PiiKind.ADDRESS in found
    if (
        named and health and not money and not personal and not cued and len(text) <= _WHOLE
        and PiiKind.ADDRESS not in found and _public_record(text)
    ):  # fmt: skip
        health = False  # a public figure's illness told as news or history
        named = False
    if named and not personal and not health and not money and public:
        named = PiiKind.ADDRESS in found and not words & _PLACES  # public or fictional people
    if PiiKind.ADDRESS in found and not named and _organisation_address(text, ix, words):
        found.discard(PiiKind.ADDRESS)  # a landmark's or a company's address
    if named:
        found.add(PiiKind.PERSON_NAME)
    identified = (
        named
        or PiiKind.DATE_OF_BIRTH in found
        or _health_id(text, ix, words)
        or bool(structured & _CONTACT)
    )
    if identified and health:
        found.add(PiiKind.HEALTH)
    return found
