"""Identifier slots, extra identifier kinds and long-document assembly for sets G and H.

The checksum generators of gen/ids.py, gen_cd/kit.py and gen_ef/kit_ef.py are imported, not
copied. Added here: Swiss AHV number (EAN-13 check), Belgian national register number (mod 97),
Austrian social-insurance number (weighted mod 11), Portuguese NIF (mod 11); for the negatives
ISBN-13/EAN-13, French SIREN (Luhn, a company's number), IMEIs (Luhn) and UUIDs.

Content modules write identifiers as slots, ``[[kind:arg:arg]]``, filled by :func:`fill` from the
set's seeded generator; ``[[kind:args|name]]`` also remembers the value and ``[[|name]]`` repeats
it, so one number can appear twice in a prompt (a JSON body and the sentence about it).
"""

import random
import re
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen_cd"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen_ef"))
import ids  # gen/ids.py: checksum generators
import kit  # gen_cd/kit.py: print styles, more IBAN countries, the item record
import kit_ef  # gen_ef/kit_ef.py: codice fiscale, BSN, NHS, PESEL, IT/PL IBANs

item = kit.item
digits = kit.digits


def _ean_check(body: str) -> str:
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    return str((10 - s % 10) % 10)


def ahv(r: random.Random) -> str:
    """Swiss AHV/AVS number 756.XXXX.XXXX.XC; the last digit is an EAN-13 check digit."""
    body = "756" + digits(r, 9)
    s = body + _ean_check(body)
    return f"{s[:3]}.{s[3:7]}.{s[7:11]}.{s[11:]}"


def be_nrn(r: random.Random, sex: str = "") -> str:
    """Belgian national register number YY.MM.DD-SSS.CC, CC = 97 - (YYMMDDSSS mod 97);
    for a birth year from 2000 the number is prefixed with 2 before the mod. The serial SSS is
    odd for men and even for women (``sex`` "m" or "f")."""
    y = r.randint(1950, 2006)
    ser = r.randint(1, 997)
    if sex and (ser % 2 == 1) != (sex == "m"):
        ser += 1
    body = f"{y % 100:02d}{r.randint(1, 12):02d}{r.randint(1, 28):02d}{ser:03d}"
    cc = 97 - int(("2" if y >= 2000 else "") + body) % 97
    return f"{body[:2]}.{body[2:4]}.{body[4:6]}-{body[6:]}.{cc:02d}"


def at_svnr(r: random.Random) -> str:
    """Austrian social-insurance number NNNC DDMMYY, C = weighted sum mod 11 (10 is never issued)."""
    w = [3, 7, 9, 5, 8, 4, 2, 1, 6]
    while True:
        ser = f"{r.randint(100, 999)}"
        dob = f"{r.randint(1, 28):02d}{r.randint(1, 12):02d}{r.randint(50, 99):02d}"
        c = sum(int(x) * w[i] for i, x in enumerate(ser + dob)) % 11
        if c < 10:
            return f"{ser}{c} {dob}"


def pt_nif(r: random.Random) -> str:
    """Portuguese NIF of a person (first digit 1-3): mod-11 check digit on the first eight."""
    body = str(r.randint(1, 3)) + digits(r, 7)
    rest = sum(int(c) * (9 - i) for i, c in enumerate(body)) % 11
    return body + str(0 if rest < 2 else 11 - rest)


def isbn13(r: random.Random) -> str:
    body = "978" + r.choice(["3", "2", "84", "0", "1"])
    body += digits(r, 12 - len(body))
    s = body + _ean_check(body)
    cut = 4 if body[3] in "0123" and body[3:5] != "84" else 5
    return f"{s[:3]}-{s[3:cut]}-{s[cut : cut + 4]}-{s[cut + 4 : 12]}-{s[12]}"


def ean13(r: random.Random) -> str:
    body = r.choice(["40", "30", "84", "50"]) + digits(r, 10)
    return body + _ean_check(body)


def siren(r: random.Random) -> str:
    """A company's SIREN (9 digits, Luhn), printed in groups of three."""
    while True:
        s = str(r.randint(3, 9)) + digits(r, 8)
        if ids.luhn_ok(s):
            return f"{s[:3]} {s[3:6]} {s[6:]}"


def uuid(r: random.Random) -> str:
    h = kit.hexs(r, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{r.choice('89ab')}{h[17:20]}-{h[20:]}"


def iban_broken(r: random.Random, country: str) -> str:
    """An IBAN of ``country`` whose check digits are wrong (for declared invalid test data)."""
    good = kit_ef.iban(r, country)
    bad = f"{(int(good[2:4]) + r.randint(1, 9)) % 97:02d}"
    out = good[:2] + bad + good[4:]
    assert not ids.iban_valid(out)
    return ids.group4(out)


def _i(a: str, default: int = 0) -> int:
    return int(a) if a else default


GEN = {
    "iban": lambda r, c, st="0": kit.iban_fmt(kit_ef.iban(r, c), _i(st)),
    "badiban": iban_broken,
    "steuer": lambda r, st="0": kit.steuer(r, _i(st)),
    "nir": lambda r, st="0", sex="": kit.nir(r, _i(st), sex=_i(sex, 0) or None),
    "dni": lambda r, st="0": kit.dni(r, _i(st)),
    "baddni": lambda r: ids.dni_broken(r),
    "nirwrap": lambda r, sex="": (
        kit.nir(r, 1, sex=_i(sex, 0) or None).replace(" ", "\n", 5).replace("\n", " ", 4)
    ),
    "nie": lambda r, st="0": kit.nie(r, _i(st)),
    "ukni": lambda r, sp="0": kit.uk_ni(r, spaced=sp == "1"),
    "nss": lambda r: kit.nss(r),
    "phone": lambda r, c, st="0": kit.phone(r, c, _i(st)),
    "card": lambda r, k="visa", st="0": kit_ef.card(r, k, _i(st)),
    "badcard": lambda r: ids.card_broken(r),
    "pp": lambda r, c: kit.passport(r, c),
    "ip": lambda r: kit.public_ip(r),
    "docip": lambda r: kit_ef.doc_ip(r),
    "nhs": lambda r, sp="1": kit_ef.nhs(r, spaced=sp == "1"),
    "bsn": lambda r: kit_ef.bsn(r),
    "pesel": lambda r, f="0": kit_ef.pesel(r, female=f == "1"),
    "cf": lambda r, first, last, f="0": kit_ef.codice_fiscale(r, first, last, female=f == "1"),
    "rvnr": lambda r, last, f="0": kit_ef.rvnr(r, last, female=f == "1"),
    "ahv": ahv,
    "bernr": be_nrn,
    "svnr": at_svnr,
    "nif": pt_nif,
    "isbn": isbn13,
    "ean": ean13,
    "siren": siren,
    "uuid": uuid,
    "imei": lambda r: ids._luhn_complete("35", 15, r),  # a device id: 15 digits, Luhn
    "hex": lambda r, n: kit.hexs(r, int(n)),
    "num": lambda r, n: str(r.randint(1, 9)) + digits(r, int(n) - 1),
    "dob": lambda r, lang, lo="1952", hi="2004": kit.dob(r, lang, int(lo), int(hi)),
    "idcard": lambda r: (
        r.choice("LMNPRTVWXY") + "".join(r.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8))
    ),
    "ymd": lambda r, lo="1950", hi="2004": (
        f"{r.randint(int(lo), int(hi))}{r.randint(1, 12):02d}{r.randint(1, 28):02d}"
    ),
    "up": lambda r, n: "".join(r.choice(string.ascii_uppercase) for _ in range(int(n))),
}

SLOT = re.compile(r"\[\[([a-z]*)((?::[^:\]|]*)*)(?:\|(\w+))?\]\]")


def fill(r: random.Random, text: str) -> str:
    """Replace every ``[[kind:args]]`` slot with a freshly generated value (see the module doc)."""
    memo: dict[str, str] = {}

    def one(m: re.Match) -> str:
        kind, args, name = m.group(1), m.group(2), m.group(3)
        if not kind:
            return memo[name]
        val = GEN[kind](r, *[a for a in args.split(":")[1:]])
        if name:
            memo[name] = val
        return val

    return SLOT.sub(one, text)


def longdoc(
    r: random.Random, head: str, line, mid: str, target_chars: int, tail: str = ""
) -> tuple[str, str]:
    """One continuous document: ``head``, unique filler lines from ``line(r, i)`` up to about
    ``target_chars``, with the block ``mid`` inserted where half of the filler's characters lie
    before it, then ``tail``. Returns (document, mid) so the build can report the position."""
    seen: set[str] = set()
    lines: list[str] = []
    i = 0
    tries = 0
    while sum(len(x) + 1 for x in lines) < target_chars:
        ln = line(r, i)
        tries += 1
        if tries > 50 * (len(lines) + 10):
            raise RuntimeError("filler generator cannot make enough distinct lines")
        if ln in seen:
            continue
        seen.add(ln)
        lines.append(ln)
        i += 1
    half, acc, cut = target_chars / 2 - len(mid) / 2, 0, 0
    for k, ln in enumerate(lines):
        if acc >= half:
            cut = k
            break
        acc += len(ln) + 1
    body = "\n".join(lines[:cut]) + "\n" + mid + "\n" + "\n".join(lines[cut:])
    return head + "\n" + body + ("\n" + tail if tail else ""), mid


if __name__ == "__main__":
    rr = random.Random(5)
    print(fill(rr, "[[ahv]] [[bernr]] [[svnr]] [[nif]] [[isbn]] [[siren]] [[iban:PT:0|a]] [[|a]]"))
