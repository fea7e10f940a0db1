"""Shared helpers for sets C and D: the item record, identifier print formats, extra IBAN countries.

The checksum generators themselves are gen/ids.py's (sets A and B's), imported from there; this
module only adds the ways a person prints them (groups, dashes, dots) and more IBAN countries.
"""

import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gen"))
import ids  # gen/ids.py: the checksum generators sets A and B use


def item(cat, kinds, text, notes, cx=None, long=False, mid=None):
    """One prompt before assembly; cx=None means the build appends a task from the set's pool."""
    return {
        "cat": cat,
        "kinds": list(kinds),
        "text": text,
        "notes": notes,
        "cx": cx,
        "long": long,
        "mid": mid,
    }


def digits(r: random.Random, n: int) -> str:
    return "".join(r.choice(string.digits) for _ in range(n))


def steuer(r: random.Random, style: int = 0) -> str:
    """German Steuer-ID in one of the print styles seen on letters and payslips."""
    s = ids.steuer_id(r)
    if style == 1:
        return f"{s[:2]} {s[2:5]} {s[5:8]} {s[8:]}"
    if style == 2:
        return f"{s[:3]} {s[3:6]} {s[6:9]} {s[9:]}"
    if style == 3:
        return f"{s[:2]}.{s[2:5]}.{s[5:8]}.{s[8:]}"
    return s


def nir(r: random.Random, style: int = 0, sex=None, yy=None, mm=None) -> str:
    plain = ids.nir(r, sex=sex, yy=yy, mm=mm, spaced=False)
    if style == 1:
        return f"{plain[0]} {plain[1:3]} {plain[3:5]} {plain[5:7]} {plain[7:10]} {plain[10:13]} {plain[13:]}"
    if style == 2:
        return f"{plain[:13]} {plain[13:]}"
    return plain


def dni(r: random.Random, style: int = 0) -> str:
    d = ids.dni(r)
    if style == 1:
        return f"{d[:8]}-{d[8]}"
    if style == 2:
        return f"{d[:2]}.{d[2:5]}.{d[5:8]}-{d[8]}"
    return d


def nie(r: random.Random, style: int = 0) -> str:
    n = ids.nie(r)
    if style == 1:
        return f"{n[0]}-{n[1:8]}-{n[8]}"
    return n


def uk_ni(r: random.Random, spaced: bool = False) -> str:
    return ids.uk_ni(r, spaced=spaced)


def _nl_account(r: random.Random) -> str:
    while True:
        a = digits(r, 10)
        if a[0] != "0" and sum(int(c) * (10 - i) for i, c in enumerate(a)) % 11 == 0:
            return a


def iban(r: random.Random, country: str) -> str:
    """IBAN with valid mod-97 check digits (and the national check where one exists)."""
    if country in {"DE", "FR", "ES", "GB", "AT", "CH"}:
        return ids.iban(r, country)
    if country == "NL":
        bban = r.choice(["ABNA", "RABO", "INGB", "TRIO"]) + _nl_account(r)
    elif country == "BE":
        first = r.choice(["001", "068", "310", "363", "737"]) + digits(r, 7)
        chk = int(first) % 97 or 97
        bban = f"{first}{chk:02d}"
    elif country == "IE":
        bban = r.choice(["AIBK", "BOFI"]) + r.choice(["931152", "900017", "933114"]) + digits(r, 8)
    elif country == "LU":
        bban = r.choice(["001", "002", "019", "141"]) + digits(r, 13)
    elif country == "PT":
        bban = r.choice(["0002", "0007", "0033", "0035"]) + digits(r, 17)
    else:
        raise ValueError(country)
    out = country + ids._iban_check(country, bban) + bban
    assert ids.iban_valid(out)
    return out


def iban_fmt(s: str, style: int = 0) -> str:
    if style == 1:
        return s
    if style == 2:
        return "-".join(s[i : i + 4] for i in range(0, len(s), 4))
    return ids.group4(s)


def phone(r: random.Random, country: str, style: int = 0) -> str:
    """Phone numbers in national print styles; none from the drama/fiction ranges."""
    if country == "DE":
        mob = r.choice(["151", "152", "157", "159", "162", "172", "175", "177"])
        if style == 0:
            return f"0{mob}/{digits(r, 7)}"
        if style == 1:
            return f"+49 (0){r.choice(['711', '511', '351', '341', '911'])} {digits(r, 6)}"
        if style == 2:
            return f"0{r.choice(['421', '231', '228', '761'])}-{digits(r, 3)} {digits(r, 2)} {digits(r, 2)}"
        return f"+49 {mob} {digits(r, 3)} {digits(r, 4)}"
    if country == "FR":
        d = "0" + r.choice("67") + digits(r, 8)
        if style == 0:
            return ".".join(d[i : i + 2] for i in range(0, 10, 2))
        if style == 1:
            return "+33 (0)" + d[1] + " " + " ".join(d[i : i + 2] for i in range(2, 10, 2))
        if style == 2:
            f = "0" + r.choice("2345") + digits(r, 8)
            return " ".join(f[i : i + 2] for i in range(0, 10, 2))
        return "+33" + d[1:]
    if country == "ES":
        pre = r.choice(["6", "6", "6", "71", "72", "73", "74"])
        m = pre + digits(r, 9 - len(pre))
        if style == 0:
            return f"{m[:3]}-{m[3:6]}-{m[6:]}"
        if style == 1:
            return f"+34 {m[:3]} {m[3:5]} {m[5:7]} {m[7:]}"
        if style == 2:
            f = "9" + r.choice(["3", "5", "6", "8"]) + digits(r, 7)
            return f"{f[:3]} {f[3:5]} {f[5:7]} {f[7:]}"
        return f"0034{m}"
    if country == "GB":
        if style == 0:
            return f"07{r.choice(['3', '4', '5', '8', '9'])}{digits(r, 2)} {digits(r, 3)} {digits(r, 3)}"
        if style == 1:
            return f"+44 (0)7{r.choice(['4', '5', '8'])}{digits(r, 2)} {digits(r, 6)}"
        if style == 2:
            return f"0{r.choice(['117', '114', '115', '191'])} {digits(r, 3)} {digits(r, 4)}"
        return f"+447{r.choice(['4', '5', '9'])}{digits(r, 8)}"
    if country == "CH":
        return f"+41 {r.choice(['76', '78', '79'])} {digits(r, 3)} {digits(r, 2)} {digits(r, 2)}"
    if country == "AT":
        return f"+43 {r.choice(['664', '676', '699'])} {digits(r, 7)}"
    raise ValueError(country)


def passport(r: random.Random, country: str) -> str:
    return ids.passport(r, country)


def card(r: random.Random, kind: str = "visa") -> str:
    return ids.card(r, kind)


def nss(r: random.Random) -> str:
    """Spanish social-security number PP/NNNNNNNN/CC with CC = (PP NNNNNNNN) mod 97."""
    pp = r.choice([8, 28, 41, 46, 29, 48, 3])
    n = r.randint(10000000, 99999999)
    return f"{pp:02d}/{n:08d}/{int(f'{pp:02d}{n:08d}') % 97:02d}"


def public_ip(r: random.Random) -> str:
    a = r.choice([2, 5, 31, 46, 62, 78, 83, 89, 92, 94, 145, 151, 176, 193, 195, 213])
    return f"{a}.{r.randint(1, 254)}.{r.randint(0, 254)}.{r.randint(1, 254)}"


def hexs(r: random.Random, n: int) -> str:
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def dob(r: random.Random, lang: str, lo: int = 1952, hi: int = 2004) -> str:
    y, m, d = r.randint(lo, hi), r.randint(1, 12), r.randint(1, 28)
    if lang == "en":
        months = (
            "January February March April May June July August September October November December"
        )
        return f"{d} {months.split()[m - 1]} {y}" if r.random() < 0.5 else f"{d:02d}/{m:02d}/{y}"
    if lang == "de":
        return f"{d:02d}.{m:02d}.{y}"
    if lang == "fr":
        months = (
            "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
        )
        return f"{d} {months.split()[m - 1]} {y}" if r.random() < 0.5 else f"{d:02d}/{m:02d}/{y}"
    months = (
        "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
    )
    return f"{d} de {months.split()[m - 1]} de {y}" if r.random() < 0.5 else f"{d:02d}/{m:02d}/{y}"
