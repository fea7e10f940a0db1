"""Template slots for sets M and N over the checksum generators of gen/ids.py, gen_cd/kit.py and
gen_ef/kit_ef.py (imported, not copied).

A content template names its identifiers as ``{slot}`` fields; ``fill`` draws each slot once per
prompt with the prompt's seeded random source, so every identifier printed carries a valid
checksum (the generators assert it) and a slot used twice in one prompt prints the same value.
Names, e-mails and the wording are written into the templates themselves.
"""

import random
import re
import string
import sys
from pathlib import Path

BLIND = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BLIND / "gen_ef"))
sys.path.insert(0, str(BLIND / "gen_cd"))
sys.path.insert(0, str(BLIND / "gen"))
import ids  # noqa: E402  gen/ids.py
import kit  # noqa: E402  gen_cd/kit.py
import kit_ef  # noqa: E402  gen_ef/kit_ef.py

item = kit.item


def _slot(r: random.Random, name: str) -> str:
    """One identifier for the slot ``name``; the name says the kind, the country and the style."""
    kind, _, arg = name.partition("_")
    plain = re.fullmatch(r"(hex|num|alnum)(\d+)", name)  # {hex40}: a run of that many characters
    if plain:
        kind, arg = plain.groups()
    if kind == "iban":  # iban_DE, iban_NL1 (style digit after the country)
        country, style = arg[:2], int(arg[2:] or 0)
        return kit.iban_fmt(kit_ef.iban(r, country), style)
    if kind == "card":  # card_visa0, card_mc1, card_amex2
        return kit_ef.card(r, arg[:-1], int(arg[-1]))
    if kind == "steuer":
        return kit.steuer(r, int(arg or 0))
    if kind == "nir":
        return kit.nir(r, int(arg or 0))
    if kind in ("nirm", "nirf"):  # nirf_1: a woman's NIR (sex digit 2) in print style 1
        style, _, age = arg.partition("_")
        yy = r.randint(34, 58) if age == "old" else None  # nirf_1_old: born 1934-1958
        return kit.nir(r, int(style or 0), sex=1 if kind == "nirm" else 2, yy=yy)
    if kind == "dni":
        return kit.dni(r, int(arg or 0))
    if kind == "nie":
        return kit.nie(r, int(arg or 0))
    if kind == "nss":
        return kit.nss(r)
    if kind == "ni":
        return kit.uk_ni(r, spaced=arg == "s")
    if kind == "nhs":
        return kit_ef.nhs(r, spaced=arg != "p")
    if kind == "bsn":
        return kit_ef.bsn(r)
    if kind == "pesel":
        return kit_ef.pesel(r, female=arg == "f")
    if kind == "pass":
        return ids.passport(r, arg)
    if kind == "phone":  # phone_DE2
        return kit.phone(r, arg[:2], int(arg[2:] or 0))
    if kind == "ip":
        return kit.public_ip(r)
    if kind == "docip":
        return kit_ef.doc_ip(r)
    if kind == "dob":
        return kit.dob(r, arg)
    if kind == "dobkid":  # a pupil's date of birth
        return kit.dob(r, arg, 2012, 2019)
    if kind == "hex":
        return kit.hexs(r, int(arg))
    if kind == "num":
        return kit.digits(r, int(arg))
    if kind in ("rv", "rvf"):  # rv_Surname: German pension-insurance number
        return kit_ef.rvnr(r, arg, female=kind == "rvf")
    if kind == "deid":  # German ID-card number: the shape (serial letter + 8), no check character
        return r.choice("LMNPRTVWXY") + "".join(
            r.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8)
        )
    if kind in ("cf", "cff"):  # cf_First_Last: Italian codice fiscale for that name
        first, last = arg.split("_", 1)
        return kit_ef.codice_fiscale(r, first, last, female=kind == "cff")
    if kind == "ahv":
        return ahv(r)
    if kind == "alnum":
        return "".join(r.choice(string.ascii_uppercase + string.digits) for _ in range(int(arg)))
    raise ValueError(name)


def ahv(r: random.Random) -> str:
    """Swiss AHV number 756.XXXX.XXXX.XC with its EAN-13 check digit."""
    d = "756" + kit.digits(r, 9)
    total = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d))
    d += str((10 - total % 10) % 10)
    return f"{d[:3]}.{d[3:7]}.{d[7:11]}.{d[11:]}"


SLOT = re.compile(r"\{(\w+)\}")


def fill(r: random.Random, tpl: str) -> str:
    vals: dict[str, str] = {}

    def one(m: re.Match) -> str:
        key = m.group(1)
        if key not in vals:
            vals[key] = _slot(r, key)
        return vals[key]

    return SLOT.sub(one, tpl)


def long_doc(before: list[str], mid: str, after: list[str]) -> str:
    """One continuous document with ``mid`` between the generated lines."""
    return "\n".join(before) + "\n\n" + mid + "\n\n" + "\n".join(after)


def split_even(lines: list[str]) -> tuple[list[str], list[str]]:
    """Halves by characters, so the middle block sits near 50 % of the text."""
    total = sum(len(x) + 1 for x in lines)
    acc = 0
    for i, x in enumerate(lines):
        acc += len(x) + 1
        if acc >= total / 2:
            return lines[: i + 1], lines[i + 1 :]
    return lines, []
