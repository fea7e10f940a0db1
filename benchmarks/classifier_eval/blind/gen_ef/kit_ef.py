"""Extra identifier kinds and print styles for sets E and F (the rest comes from gen_cd/kit.py).

Added here: Italian codice fiscale (with its check letter), Dutch BSN (11-test), NHS number
(mod 11), Italian IBAN (CIN letter and mod 97), Polish IBAN (mod 97), cards printed with dashes
or unspaced, and IPv4 addresses from the RFC 5737 documentation ranges for the negatives.
"""

import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen_cd"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen"))
import ids  # gen/ids.py: checksum generators
import kit  # gen_cd/kit.py: print styles, more IBAN countries, the item record

item = kit.item
digits = kit.digits
hexs = kit.hexs
public_ip = kit.public_ip

_CF_ODD = [
    1,
    0,
    5,
    7,
    9,
    13,
    15,
    17,
    19,
    21,
    2,
    4,
    18,
    20,
    11,
    3,
    6,
    8,
    12,
    14,
    16,
    10,
    22,
    25,
    24,
    23,
]


def _cf_val(c: str, odd: bool) -> int:
    i = int(c) if c.isdigit() else ord(c) - 65
    return _CF_ODD[i] if odd else i


def cf_check(first15: str) -> str:
    """Check letter of an Italian codice fiscale (odd positions use the conversion table)."""
    s = sum(_cf_val(c, k % 2 == 0) for k, c in enumerate(first15))
    return chr(65 + s % 26)


def _cf_part(name: str, surname: bool) -> str:
    """A name's three letters in a codice fiscale: consonants, then vowels, then the letter X
    for a name too short to give three (the code's own padding rule)."""
    up = "".join(c for c in name.upper() if c.isalpha())
    cons = [c for c in up if c not in "AEIOU"]
    vow = [c for c in up if c in "AEIOU"]
    if not surname and len(cons) >= 4:
        cons = [cons[0], cons[2], cons[3]]
    return ("".join(cons + vow) + "XXX")[:3]


def codice_fiscale(r: random.Random, first: str, last: str, female: bool = False) -> str:
    y = r.randint(55, 99)
    m = "ABCDEHLMPRST"[r.randint(0, 11)]
    d = r.randint(1, 28) + (40 if female else 0)
    town = r.choice(["A944", "F205", "H501", "L219", "G273", "D612", "F839", "C351"])
    first15 = f"{_cf_part(last, True)}{_cf_part(first, False)}{y:02d}{m}{d:02d}{town}"
    return first15 + cf_check(first15)


def bsn(r: random.Random) -> str:
    """Dutch burgerservicenummer: 9 digits passing the 11-test (last digit weighted -1)."""
    while True:
        d = [r.randint(0, 9) for _ in range(8)]
        if d[0] == 0:
            continue
        s = sum(x * (9 - i) for i, x in enumerate(d))
        last = s % 11
        if last < 10:
            return "".join(map(str, d)) + str(last)


def nhs(r: random.Random, spaced: bool = True) -> str:
    """NHS number: 10 digits, mod-11 check on the first nine (weights 10..2), check 10 never used."""
    while True:
        d = [r.randint(0, 9) for _ in range(9)]
        if d[0] in (0, 9):
            continue
        c = 11 - sum(x * (10 - i) for i, x in enumerate(d)) % 11
        c = 0 if c == 11 else c
        if c == 10:
            continue
        s = "".join(map(str, d)) + str(c)
        return f"{s[:3]} {s[3:6]} {s[6:]}" if spaced else s


_CIN_ODD = [
    1,
    0,
    5,
    7,
    9,
    13,
    15,
    17,
    19,
    21,
    2,
    4,
    18,
    20,
    11,
    3,
    6,
    8,
    12,
    14,
    16,
    10,
    22,
    25,
    24,
    23,
]


def _it_cin(abi: str, cab: str, acct: str) -> str:
    s = abi + cab + acct
    tot = 0
    for k, c in enumerate(s):
        v = int(c) if c.isdigit() else ord(c) - 65
        tot += _CIN_ODD[v] if k % 2 == 0 else v
    return chr(65 + tot % 26)


def iban(r: random.Random, country: str) -> str:
    if country == "IT":
        abi = r.choice(["03069", "02008", "05034", "03062"])
        cab = digits(r, 5)
        acct = digits(r, 12)
        bban = _it_cin(abi, cab, acct) + abi + cab + acct
    elif country == "PL":
        bban = r.choice(["10201026", "11402004", "10501445", "24901044"]) + digits(r, 16)
    else:
        return kit.iban(r, country)
    out = country + ids._iban_check(country, bban) + bban
    assert ids.iban_valid(out)
    return out


def card(r: random.Random, kind: str = "visa", style: int = 0) -> str:
    c = kit.card(r, kind)
    if style == 1:
        return c.replace(" ", "-")
    if style == 2:
        return c.replace(" ", "")
    return c


def rvnr(r: random.Random, surname: str, female: bool = False) -> str:
    """German pension-insurance number: area, birth date DDMMYY, surname initial, serial, check digit."""
    area = r.choice(["12", "13", "24", "28", "53", "65"])
    dob = f"{r.randint(1, 28):02d}{r.randint(1, 12):02d}{r.randint(55, 99):02d}"
    serial = f"{r.randint(50, 99) if female else r.randint(0, 49):02d}"
    letter = surname[0].upper()
    body = area + dob + f"{ord(letter) - 64:02d}" + serial
    w = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]
    chk = sum(sum(map(int, str(int(c) * w[i]))) for i, c in enumerate(body)) % 10
    return f"{area} {dob} {letter} {serial}{chk}"


def pesel(r: random.Random, female: bool = False) -> str:
    """Polish PESEL: YYMMDD, serial (sex in the 10th digit), check = (10 - weighted sum mod 10) mod 10."""
    y, m, d = r.randint(60, 99), r.randint(1, 12), r.randint(1, 28)
    ser = f"{r.randint(0, 999):03d}{r.choice([0, 2, 4, 6, 8] if female else [1, 3, 5, 7, 9])}"
    body = f"{y:02d}{m:02d}{d:02d}{ser}"
    w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]
    return body + str((10 - sum(int(c) * w[i] for i, c in enumerate(body)) % 10) % 10)


def doc_ip(r: random.Random) -> str:
    """An address from the RFC 5737 documentation ranges (never routed, for examples)."""
    return f"{r.choice(['192.0.2', '198.51.100', '203.0.113'])}.{r.randint(1, 254)}"


def upper_alnum(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.ascii_uppercase + string.digits) for _ in range(n))


if __name__ == "__main__":
    rr = random.Random(3)
    assert cf_check("RSSMRA85T10A562") == "S"  # textbook example RSSMRA85T10A562S
    print(codice_fiscale(rr, "Marco", "Bellandi"), bsn(rr), nhs(rr), iban(rr, "IT"), iban(rr, "PL"))
    print("ok")
