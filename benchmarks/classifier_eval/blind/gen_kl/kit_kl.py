"""Identifier slots for sets K and L: one dict of freshly generated values per prompt.

The checksum generators are gen/ids.py's, gen_cd/kit.py's and gen_ef/kit_ef.py's (imported, not
copied); this module only names them as template slots ({iban_de}, {nir}, {ip}, ...), derives
an e-mail and a login from a person's name, and fills a template with them.
"""

import random
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
for sub in ("gen", "gen_cd", "gen_ef"):
    sys.path.insert(0, str(HERE.parent / sub))
import ids  # noqa: E402  gen/ids.py
import kit  # noqa: E402  gen_cd/kit.py
import kit_ef  # noqa: E402  gen_ef/kit_ef.py

item = kit.item


def ascii_fold(s: str) -> str:
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


MONTHS = {
    "en": "January February March April May June July August September October November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
}


def date_text(r: random.Random, lang: str, y: int, m: int, d: int) -> str:
    """A birth date as people in each language write it (spelled-out month or numeric)."""
    if lang == "de":
        return f"{d:02d}.{m:02d}.{y}"
    if r.random() < 0.5:
        return f"{d:02d}/{m:02d}/{y}"
    month = MONTHS[lang].split()[m - 1]
    return f"{d} de {month} de {y}" if lang == "es" else f"{d} {month} {y}"


def slots(
    r: random.Random,
    first: str,
    last: str,
    lang: str,
    domains: list[str],
    female: bool | None = None,
) -> dict[str, str]:
    """Every slot a template may use, generated for one private person. The birth date, the
    NIR's sex digit and birth year/month, and the sex-dependent parts of the PESEL, codice
    fiscale and pension number agree with the person (``female=None``: either)."""
    if female is None:
        female = r.random() < 0.5
    by, bm, bd = r.randint(1952, 2004), r.randint(1, 12), r.randint(1, 28)
    f, la = (ascii_fold(x).lower().replace(" ", "").replace("-", "") for x in (first, last))
    d: dict[str, str] = {"first": first, "last": last, "name": f"{first} {last}"}
    d["email"] = (
        r.choice([f"{f}.{la}", f"{f[0]}{la}", f"{f}{la[:3]}{r.randint(1, 99)}", f"{la}.{f[0]}"])
        + "@"
        + r.choice(domains)
    )
    d["login"] = r.choice([f"{f}.{la}", f"{f[0]}{la}", f"{la}{f[0]}", f"{f}_{la[:4]}"])
    for c in ["DE", "FR", "ES", "GB", "AT", "CH", "NL", "BE", "IE", "LU", "PT", "IT", "PL"]:
        v = kit_ef.iban(r, c)
        d[f"iban_{c.lower()}"] = kit.iban_fmt(v, 0)
        d[f"ibanu_{c.lower()}"] = v
        d[f"ibanx_{c.lower()}"] = kit.iban_fmt(v, 2)
    d["visa"] = kit_ef.card(r, "visa")
    d["mc"] = kit_ef.card(r, "mc")
    d["amex"] = kit_ef.card(r, "amex")
    d["visa_dash"] = kit_ef.card(r, "visa", 1)
    d["mc_flat"] = kit_ef.card(r, "mc", 2)
    for st in range(4):
        d[f"steuer{st}"] = kit.steuer(r, st)
    sex = 2 if female else 1
    d["nir"] = kit.nir(r, 0, sex=sex, yy=by % 100, mm=bm)
    d["nir_s"] = kit.nir(r, 1, sex=sex, yy=by % 100, mm=bm)
    d["nir_k"] = kit.nir(r, 2, sex=sex, yy=by % 100, mm=bm)
    d["dni"] = kit.dni(r, 0)
    d["dni_d"] = kit.dni(r, 1)
    d["dni_p"] = kit.dni(r, 2)
    d["nie"] = kit.nie(r, 0)
    d["nie_d"] = kit.nie(r, 1)
    d["nss"] = kit.nss(r)
    d["ukni"] = kit.uk_ni(r, False)
    d["ukni_s"] = kit.uk_ni(r, True)
    d["nhs"] = kit_ef.nhs(r, True)
    d["bsn"] = kit_ef.bsn(r)
    d["pesel"] = kit_ef.pesel(r, female)
    d["cf"] = kit_ef.codice_fiscale(r, ascii_fold(first), ascii_fold(last), female)
    d["rvnr"] = kit_ef.rvnr(r, ascii_fold(last), female)
    for c in ["DE", "FR", "ES", "GB"]:
        d[f"pass_{c.lower()}"] = kit.passport(r, c)
    for c in ["DE", "FR", "ES", "GB"]:
        for s in range(4):
            d[f"tel_{c.lower()}{s}"] = kit.phone(r, c, s)
    d["tel_ch"] = kit.phone(r, "CH")
    d["tel_at"] = kit.phone(r, "AT")
    d["ip"] = kit.public_ip(r)
    d["ip2"] = ids.public_ip(r)
    d["dob"] = date_text(r, lang, by, bm, bd)
    d["dob_en"] = date_text(r, "en", by, bm, bd)
    return d


def fill(template: str, d: dict[str, str]) -> str:
    return template.format(**d)
