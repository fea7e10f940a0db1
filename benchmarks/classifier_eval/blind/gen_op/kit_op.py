"""Template slots for sets O and P over the checksum generators of gen/ids.py, gen_cd/kit.py and
gen_ef/kit_ef.py (imported, not copied).

A prompt is written out in full with slots such as «iban:DE» or «tel:FR»; ``fill`` draws each
slot once per prompt, so every identifier that has a checksum is generated valid.
"""

import random
import re
import sys
from pathlib import Path

BLIND = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BLIND / "gen_cd"))
sys.path.insert(0, str(BLIND / "gen_ef"))
import kit  # noqa: E402  gen_cd/kit.py: print formats, item record, extra IBAN countries
import kit_ef  # noqa: E402  gen_ef/kit_ef.py: IT/PL IBANs, BSN, NHS, PESEL, RVNR, codice fiscale

item = kit.item
SLOT = re.compile(r"«([a-z]+)(?::([^»]*))?»")


def _one(r: random.Random, kind: str, arg: str | None, lang: str) -> str:
    if kind == "iban":
        raw = kit_ef.iban(r, arg) if arg in ("IT", "PL") else kit.iban(r, arg)
        return kit.iban_fmt(raw, r.randint(0, 2))
    if kind == "card":
        k = arg or "visa"
        return kit_ef.card(r, k, 0 if k == "amex" else r.randint(0, 2))
    if kind == "steuer":
        return kit.steuer(r, r.randint(0, 3))
    if kind == "nir":
        return kit.nir(r, r.randint(0, 2), sex=int(arg or r.choice("12")))
    if kind == "dni":
        return kit.dni(r, r.randint(0, 2))
    if kind == "nie":
        return kit.nie(r, r.randint(0, 1))
    if kind == "nss":
        return kit.nss(r)
    if kind == "ukni":
        return kit.uk_ni(r, spaced=r.random() < 0.5)
    if kind == "nhs":
        return kit_ef.nhs(r, spaced=True)
    if kind == "bsn":
        return kit_ef.bsn(r)
    if kind == "pesel":
        return kit_ef.pesel(r, female=arg == "f")
    if kind == "rvnr":
        return kit_ef.rvnr(r, arg or "M")
    if kind == "cf":
        first, last, sex = arg.split()
        return kit_ef.codice_fiscale(r, first, last, female=sex == "f")
    if kind == "pass":
        return kit.passport(r, arg)
    if kind == "tel":
        # the Spanish dashed style 6xx-xxx-xxx is left out: it is too short for verify's phone shape
        return kit.phone(r, arg, r.randint(1, 3) if arg == "ES" else r.randint(0, 3))
    if kind == "ip":
        return kit.public_ip(r)
    if kind == "dob":
        return kit.dob(r, lang)
    if kind == "dobkid":
        return kit.dob(r, lang, 2011, 2019)
    if kind == "n":
        return str(r.randint(1, 9)) + kit.digits(r, int(arg) - 1)
    if kind == "hex":
        return kit.hexs(r, int(arg))
    if kind == "up":
        return kit_ef.upper_alnum(r, int(arg))
    raise ValueError(kind)


def fill(r: random.Random, lang: str, text: str) -> str:
    """Replace every «slot» in ``text`` with a freshly drawn value."""
    return SLOT.sub(lambda m: _one(r, m.group(1), m.group(2), lang), text)


def make(r: random.Random, lang: str, cat: str, kinds, text: str, notes: str, cx=None) -> dict:
    return item(cat, kinds, fill(r, lang, text), notes, cx)


def long_doc(
    r: random.Random, lang: str, head: str, lines, mid: str, task: str, target: int = 14000
) -> tuple[str, str]:
    """A document of ``head``, generated lines around the block ``mid`` (near the middle), then
    ``task``. ``lines(r, i)`` yields line ``i``; each line carries its running number, so none
    repeats. Returns (text, filled mid)."""
    mid = fill(r, lang, mid)
    before: list[str] = []
    after: list[str] = []
    i = 1
    half = (target - len(mid)) // 2
    while sum(len(x) + 1 for x in before) < half:
        before.append(lines(r, i))
        i += 1
    tail_goal = sum(len(x) + 1 for x in before) + len(head) - len(task)
    while sum(len(x) + 1 for x in after) < tail_goal:
        after.append(lines(r, i))
        i += 1
    text = head + "\n" + "\n".join(before) + "\n" + mid + "\n" + "\n".join(after) + "\n\n" + task
    return text, mid


def pick(r: random.Random, *pools: list[str]) -> list[str]:
    return [r.choice(p) for p in pools]
