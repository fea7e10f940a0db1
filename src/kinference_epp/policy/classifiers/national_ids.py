"""European national identifiers confirmed by their check digits and a nearby label.

A run of nine to thirteen digits is an order number, a timestamp or an invoice far more
often than a person's number; what makes it one is the label that names it (in any of the
four languages the classifier reads, or the identifier's own name: "PESEL", "BSN", "CPR")
together with the check digit its issuer defines, which a random run passes about once in
ten (PESEL, AHV), eleven (BSN, NIF), thirty-one (HETU) or ninety-seven (the Belgian
register number) times. Identifiers printed in groups ("28.743.615.604", "756.1234.5678.97")
are read with their separators dropped. Where the check and a date rule together pass few
random runs, a generic identity word beside the value is cue enough (``_Kind.strong``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kinference_epp.policy.classifiers.validators import luhn_valid, steuer_id_valid


def _vocab(*words: str) -> frozenset[bytes]:
    """Label words as the personal recognizer's word index writes them: lower-case ASCII,
    a non-ASCII letter as ``?``, hyphens and dots as word breaks."""
    return frozenset(w.encode("ascii", "replace") for w in words)


def _date_ok(day: int, month: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


def pesel_valid(digits: str) -> bool:
    """A Polish PESEL: YYMMDD (the month plus 20, 40, 60 or 80 for other centuries), a
    serial, and the check digit of weights 1-3-7-9."""
    if len(digits) != 11 or not digits.isdigit():
        return False
    month = int(digits[2:4]) % 20
    if not _date_ok(int(digits[4:6]), month):
        return False
    total = sum(int(d) * w for d, w in zip(digits[:10], (1, 3, 7, 9) * 3, strict=False))
    return (10 - total % 10) % 10 == int(digits[10])


def bsn_valid(digits: str) -> bool:
    """A Dutch burgerservicenummer: nine digits that pass the eleven-test (weights 9..2 and
    -1), not all zero."""
    if len(digits) != 9 or not digits.isdigit() or digits == "000000000":
        return False
    total = sum(int(d) * w for d, w in zip(digits, (9, 8, 7, 6, 5, 4, 3, 2, -1), strict=True))
    return total % 11 == 0


def be_register_valid(digits: str) -> bool:
    """A Belgian national register number (Rijksregisternummer / numéro de registre
    national): YYMMDD, a serial and two check digits, 97 minus the first nine mod 97 (a
    "2" before them for those born from 2000)."""
    if len(digits) != 11 or not digits.isdigit():
        return False
    month, day = int(digits[2:4]), int(digits[4:6])
    if month > 12 or day > 31:  # 00 stands for an unknown month or day
        return False
    check = int(digits[9:])
    return check in (97 - int(digits[:9]) % 97, 97 - int("2" + digits[:9]) % 97)


def pt_nif_valid(digits: str) -> bool:
    """A Portuguese NIF (número de contribuinte) of a person: nine digits, the first 1, 2
    or 3, the last the mod-11 check of weights 9..2 (10 written as 0)."""
    if len(digits) != 9 or not digits.isdigit() or digits[0] not in "123":
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], range(9, 1, -1), strict=True))
    check = 11 - total % 11
    return (0 if check >= 10 else check) == int(digits[8])


def se_personnummer_valid(digits: str) -> bool:
    """A Swedish personnummer (or samordningsnummer, day plus 60): [YY]YYMMDD and four
    digits, the last the Luhn check of the ten from the two-digit year."""
    if len(digits) == 12:
        digits = digits[2:]
    if len(digits) != 10 or not digits.isdigit():
        return False
    day = int(digits[4:6])
    if not _date_ok(day - 60 if day > 60 else day, int(digits[2:4])):
        return False
    return luhn_valid(digits)


def dk_cpr_valid(digits: str) -> bool:
    """A Danish CPR number: DDMMYY and four digits. It has no check digit since 2007, so
    only its date is checked: a label must name it."""
    return len(digits) == 10 and digits.isdigit() and _date_ok(int(digits[:2]), int(digits[2:4]))


_HETU_CHARS = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def hetu_valid(value: str) -> bool:
    """A Finnish henkilötunnus: DDMMYY, a century sign, three digits and the check
    character, DDMMYYNNN mod 31 in ``_HETU_CHARS``."""
    m = _HETU.fullmatch(value)
    if m is None:
        return False
    body = value[:6] + value[7:10]
    if not _date_ok(int(value[:2]), int(value[2:4])):
        return False
    return _HETU_CHARS[int(body) % 31] == value[10]


def at_svnr_valid(digits: str) -> bool:
    """An Austrian social insurance number: a three-digit serial, a check digit and the
    date of birth DDMMYY; the check is the first three and the date weighted 3-7-9 and
    5-8-4-2-1-6, mod 11 (10 is never issued)."""
    if len(digits) != 10 or not digits.isdigit() or digits[0] == "0":
        return False
    weights = (3, 7, 9, 0, 5, 8, 4, 2, 1, 6)
    total = sum(int(d) * w for d, w in zip(digits, weights, strict=True))
    check = total % 11
    return check != 10 and check == int(digits[3]) and int(digits[6:8]) <= 12


def ahv_valid(digits: str) -> bool:
    """A Swiss AHV / AVS number (AHVN13): 756, nine digits and an EAN-13 check digit."""
    if len(digits) != 13 or not digits.startswith("756"):
        return False
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
    return (10 - total % 10) % 10 == int(digits[12])


@dataclass(frozen=True)
class _Kind:
    """One identifier: how long it is, its check, the words that name it, and whether a
    generic identity word beside it is cue enough (``strong``: a check and a date rule
    that together pass few random runs)."""

    name: str
    lengths: tuple[int, ...]
    valid: Callable[[str], bool]
    labels: frozenset[bytes]
    strong: bool


_KINDS = (
    _Kind("pesel", (11,), pesel_valid, _vocab("pesel"), True),
    _Kind(
        "bsn",
        (9,),
        bsn_valid,
        _vocab("bsn", "burgerservicenummer", "sofinummer", "sofi", "burgerservice"),
        False,
    ),
    _Kind(
        "be_register",
        (11,),
        be_register_valid,
        _vocab(
            "rijksregisternummer",
            "rijksregister",
            "insz",
            "niss",
            "rrn",
            "nrn",
            "nationalregisternummer",
            "registre",
            "registro",
            "national_register_number",
            "registre_national",
            "numero_registre_national",
            "rijksregister_nummer",
        ),
        True,
    ),
    _Kind("pt_nif", (9,), pt_nif_valid, _vocab("contribuinte", "nif"), False),
    _Kind(
        "se_personnummer",
        (10, 12),
        se_personnummer_valid,
        _vocab("personnummer", "personnr", "samordningsnummer"),
        True,
    ),
    _Kind("dk_cpr", (10,), dk_cpr_valid, _vocab("cpr", "cprnummer", "personnummer"), False),
    _Kind(
        "at_svnr",
        (10,),
        at_svnr_valid,
        _vocab(
            "svnr",
            "svn",
            "sozialversicherungsnummer",
            "versicherungsnummer",
            "sozialversicherung",
            "ecard",
        ),
        False,
    ),
    _Kind("ahv", (13,), ahv_valid, _vocab("ahv", "avs", "ahvn13", "avs13"), True),
    _Kind(
        "steuer_id",
        (11,),
        steuer_id_valid,
        _vocab(
            "steuer",
            "steuerid",
            "idnr",
            "identifikationsnummer",
            "steueridentifikationsnummer",
            "fiscal",
            "fiscale",
            "fiscales",
            "tax",
            "impôts",
            "impôt",
            "finanzamt",
            "tributaria",
            "fiscalidad",
        ),
        True,
    ),
)

_GENERIC = _vocab(
    "identity", "identification", "identité", "identidad", "identificación", "identität",
    "identifikation", "ausweis", "personalausweis", "national", "nationale", "nacional",
    "nazionale", "citizen", "bürger", "citoyen", "ciudadano",
    "dni", "nie", "cni", "identifiant", "identificador",
)  # fmt: skip
"""Identity words in the four languages: beside a value of a ``strong`` kind they name it
as a label would ("the national identity number box: 91082165660")."""

_HETU_LABELS = _vocab("hetu", "henkilötunnus", "sotu", "personbeteckning", "henkilotunnus")

LABELS: frozenset[bytes] = frozenset().union(*(k.labels for k in _KINDS), _GENERIC, _HETU_LABELS)
"""Every word that can name one of these identifiers (the word index looks them up)."""

_VALUE = re.compile(r"[0-9](?:[ .\-/]?[0-9]){8,12}")
"""Nine to thirteen digits, bare or in groups split by one space, dot, hyphen or slash; a
match inside a longer run of digits or letters is refused by ``_alone``."""
_DIGIT = re.compile(r"[0-9]")
_HETU = re.compile(r"[0-9]{6}[-+A-FU-Y][0-9]{3}[0-9A-Y]")
_HETU_VALUE = re.compile(r"(?<![\w])[0-9]{6}[-+A-FU-Y][0-9]{3}[0-9A-Y](?![\w])")
AFTER = 160
"""How far after its label a value may stand: to the end of the next sentence."""
BEFORE = 96
"""How far before its label: "91082165660 - that is her PESEL"."""
_GENERIC_REACH = 64
"""A generic identity word is read closer than an identifier's own name."""


def _reading(label: bytes) -> tuple[tuple[_Kind, ...], bool, int, int]:
    """What a label word names (its own kinds, and the strong ones for a generic identity
    word), whether a HETU is read near it, and how far before and after it."""
    own = [k for k in _KINDS if label in k.labels]
    generic = label in _GENERIC
    if generic:
        own += [k for k in _KINDS if k.strong and k not in own]
    near = generic and label not in _HETU_LABELS
    before, after = (_GENERIC_REACH, _GENERIC_REACH) if near else (BEFORE, AFTER)
    return tuple(own), label in _HETU_LABELS or generic, before, after


_READINGS = {label: _reading(label) for label in LABELS}


def find(text: str, places: Iterable[tuple[bytes, int]]) -> list[int]:
    """The starts of the values in ``text`` that one of these identifiers' checks confirms
    near a label that names it; ``places`` are (label word, its offset) pairs."""
    found: list[int] = []
    for label, pos in places:
        kinds, hetu, before, after = _READINGS[label]
        lo, hi = max(0, pos - before), min(len(text), pos + after)
        if _DIGIT.search(text, lo, hi) is None:  # most labels in prose have no number by
            continue
        header = _column_header(text, pos)
        for m in _VALUE.finditer(text, lo, hi):
            if not _alone(text, m.start(), m.end(), columns=header and m.start() > pos):
                continue
            digits = _digits(m)
            if any(len(digits) in k.lengths and k.valid(digits) for k in kinds):
                found.append(m.start())
        if hetu:
            found += [m.start() for m in _HETU_VALUE.finditer(text, lo, hi) if hetu_valid(m[0])]
    return found


_COLUMNS = 2
"""Commas or semicolons a label's line holds to be a CSV header: its values stand in the
rows below, split from the next column by the same mark."""


def _column_header(text: str, pos: int) -> bool:
    """Whether the label at ``pos`` names a column of a comma- or semicolon-separated header
    ("member_id,full_name,rijksregisternummer,postcode")."""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start : end if end != -1 else len(text)]
    return line.count(",") >= _COLUMNS or line.count(";") >= _COLUMNS


def _alone(text: str, start: int, end: int, *, columns: bool = False) -> bool:
    """Whether ``text[start:end]`` is a whole value: no letter, digit or joined digit
    (``1.2``, ``3-4``) on either side; in a CSV's rows (``columns``) a comma or semicolon
    before or after a value parts it from the next column's number ("...-392.31,2600")."""
    before = text[start - 1] if start else " "
    joiners = "/-" if columns else ",/-"
    if (
        before.isalnum()
        or before in "_."
        or (before in joiners and text[start - 2 : start - 1].isdigit())
    ):
        return False
    after = text[end : end + 2]
    if after[:1].isalnum() or after[:1] == "_":
        return False
    return not (after[:1] in "." + joiners and after[1:2].isdigit())


def _digits(m: re.Match[str]) -> str:
    return "".join(c for c in m.group() if c.isdigit())
