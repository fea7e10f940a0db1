"""Identifier slots for sets I and J: short names over the shared checksum generators.

The generators are gen/ids.py's, gen_cd/kit.py's and gen_ef/kit_ef.py's (imported, not copied);
this module only adds the Swiss AHV number (EAN-13 check digit) and print helpers.
"""

import random
import sys
from pathlib import Path

_UP = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(_UP / "gen"))
sys.path.insert(0, str(_UP / "gen_cd"))
sys.path.insert(0, str(_UP / "gen_ef"))
import kit  # noqa: E402  gen_cd/kit.py
import kit_ef  # noqa: E402  gen_ef/kit_ef.py

item = kit.item
digits = kit.digits
hexs = kit.hexs
steuer = kit.steuer
nir = kit.nir
dni = kit.dni
nie = kit.nie
uk_ni = kit.uk_ni
phone = kit.phone
passport = kit.passport
nss = kit.nss
ip = kit.public_ip
dob = kit.dob
bsn = kit_ef.bsn
nhs = kit_ef.nhs
rvnr = kit_ef.rvnr
pesel = kit_ef.pesel
cf = kit_ef.codice_fiscale
doc_ip = kit_ef.doc_ip
card = kit_ef.card


def iban(r: random.Random, country: str, style: int = 0) -> str:
    """A checksum-valid IBAN, grouped by four (0), unspaced (1) or dashed (2)."""
    return kit.iban_fmt(kit_ef.iban(r, country), style)


def ahv(r: random.Random) -> str:
    """Swiss AHV/AVS number 756.NNNN.NNNN.NC with the EAN-13 check digit."""
    body = "756" + digits(r, 9)
    total = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    s = body + str((10 - total % 10) % 10)
    return f"{s[:3]}.{s[3:7]}.{s[7:11]}.{s[11:]}"


def uuid(r: random.Random) -> str:
    h = hexs(r, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
