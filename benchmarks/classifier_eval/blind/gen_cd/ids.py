"""Identifier generators with valid checksums (and deliberately broken ones for labelled test data)."""

import random
import string


def _iban_check(country: str, bban: str) -> str:
    s = bban + country + "00"
    num = "".join(str(int(c, 36)) for c in s)
    return f"{98 - int(num) % 97:02d}"


def iban_valid(iban: str) -> bool:
    s = iban.replace(" ", "")
    s = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in s)) % 97 == 1


def group4(s: str) -> str:
    return " ".join(s[i : i + 4] for i in range(0, len(s), 4))


def _digits(r, n):
    return "".join(r.choice(string.digits) for _ in range(n))


def _es_dc(bank_branch: str, account: str) -> str:
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

    def d(x):
        v = 11 - sum(int(c) * w[i] for i, c in enumerate(x)) % 11
        return {11: 0, 10: 1}.get(v, v)

    return f"{d('00' + bank_branch)}{d(account)}"


def iban(r: random.Random, country: str) -> str:
    if country == "DE":
        bban = r.choice(
            ["10070000", "20041133", "37040044", "50010517", "70150000", "12030000"]
        ) + _digits(r, 10)
    elif country == "FR":
        bank, guichet, acct = (
            r.choice(["30004", "30003", "20041", "10278", "17515"]),
            _digits(r, 5),
            _digits(r, 11),
        )
        key = 97 - (89 * int(bank) + 15 * int(guichet) + 3 * int(acct)) % 97
        bban = f"{bank}{guichet}{acct}{key:02d}"
    elif country == "ES":
        bb = r.choice(["2100", "0049", "0182", "2085", "0081"]) + _digits(r, 4)
        acct = _digits(r, 10)
        bban = bb + _es_dc(bb, acct) + acct
    elif country == "GB":
        bban = r.choice(["NWBK", "BARC", "LOYD", "MIDL"]) + _digits(r, 6) + _digits(r, 8)
    elif country == "AT":
        bban = r.choice(["12000", "20111", "32000"]) + _digits(r, 11)
    elif country == "CH":
        bban = r.choice(["00762", "00230", "09000"]) + _digits(r, 12)
    else:
        raise ValueError(country)
    out = country + _iban_check(country, bban) + bban
    assert iban_valid(out)
    return out


def iban_broken(r, country):
    good = iban(r, country)
    cd = int(good[2:4])
    bad = f"{(cd + r.randint(1, 9)) % 97:02d}"
    out = good[:2] + bad + good[4:]
    assert not iban_valid(out)
    return out


def luhn_ok(num: str) -> bool:
    ds = [int(c) for c in num if c.isdigit()][::-1]
    t = 0
    for i, d in enumerate(ds):
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        t += d
    return t % 10 == 0


def _luhn_complete(prefix: str, length: int, r) -> str:
    body = prefix + _digits(r, length - len(prefix) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def card(r, kind="visa"):
    if kind == "visa":
        n = _luhn_complete("4" + _digits(r, 1), 16, r)
        return group4(n)
    if kind == "mc":
        n = _luhn_complete(r.choice(["51", "52", "53", "54", "55"]), 16, r)
        return group4(n)
    if kind == "amex":
        n = _luhn_complete(r.choice(["34", "37"]), 15, r)
        return f"{n[:4]} {n[4:10]} {n[10:]}"
    raise ValueError(kind)


def card_broken(r):
    n = card(r).replace(" ", "")
    last = (int(n[-1]) + r.randint(1, 9)) % 10
    n = n[:-1] + str(last)
    assert not luhn_ok(n)
    return group4(n)


def steuer_id_check(first10: str) -> int:
    product = 10
    for c in first10:
        s = (int(c) + product) % 10
        if s == 0:
            s = 10
        product = (s * 2) % 11
    chk = 11 - product
    return 0 if chk == 10 else chk


def steuer_id(r, grouped=False):
    while True:
        digs = r.sample(range(10), 9)
        rep = r.choice(digs)
        ten = [*digs, rep]
        r.shuffle(ten)
        s = "".join(map(str, ten))
        if s[0] == "0" or any(s[i] == s[i + 1] for i in range(9)):
            continue
        full = s + str(steuer_id_check(s))
        if grouped:
            return f"{full[:2]} {full[2:5]} {full[5:8]} {full[8:]}"
        return full


def nir(r, sex=None, yy=None, mm=None, spaced=True):
    sex = sex or r.choice([1, 2])
    yy = yy if yy is not None else r.randint(50, 99)
    mm = mm or r.randint(1, 12)
    dept = r.choice([1, 6, 13, 31, 33, 35, 44, 59, 67, 69, 75, 92, 93, 94])
    commune = r.randint(1, 400)
    order = r.randint(1, 999)
    base = f"{sex}{yy:02d}{mm:02d}{dept:02d}{commune:03d}{order:03d}"
    key = 97 - int(base) % 97
    if spaced:
        return f"{base[0]} {base[1:3]} {base[3:5]} {base[5:7]} {base[7:10]} {base[10:13]} {key:02d}"
    return f"{base}{key:02d}"


_DNI = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni(r):
    n = r.randint(10000000, 79999999)
    return f"{n:08d}{_DNI[n % 23]}"


def nie(r):
    p = r.choice("XYZ")
    n = r.randint(1000000, 9999999)
    v = int(str("XYZ".index(p)) + f"{n:07d}")
    return f"{p}{n:07d}{_DNI[v % 23]}"


def dni_broken(r):
    d = dni(r)
    wrong = [c for c in _DNI if c != d[-1]]
    return d[:-1] + r.choice(wrong)


def uk_ni(r, spaced=False):
    bad1 = set("DFIQUVO")  # O not allowed as second; keep it simple and exclude in both
    letters = [c for c in string.ascii_uppercase if c not in bad1]
    while True:
        p = r.choice(letters) + r.choice(letters)
        if p not in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
            break
    d = _digits(r, 6)
    s = r.choice("ABCD")
    return f"{p} {d[:2]} {d[2:4]} {d[4:]} {s}" if spaced else f"{p}{d}{s}"


def passport(r, country):
    if country == "DE":
        al = "CFGHJKLMNPRTVWXYZ0123456789"
        return "C" + "".join(r.choice(al) for _ in range(8))
    if country == "FR":
        return f"{r.randint(10, 24)}{r.choice(string.ascii_uppercase)}{r.choice(string.ascii_uppercase)}{_digits(r, 5)}"
    if country == "ES":
        return "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(3)) + _digits(r, 6)
    if country == "GB":
        return str(r.randint(1, 9)) + _digits(r, 8)
    if country == "US":
        return str(r.randint(5, 9)) + _digits(r, 8)
    raise ValueError(country)


def phone(r, country, style=0):
    if country == "DE":
        if style == 0:
            return f"0{r.choice(['151', '160', '170', '171', '176'])} {_digits(r, 7)}"
        return f"+49 {r.choice(['30', '40', '89', '221', '69'])} {_digits(r, 7)}"
    if country == "FR":
        d = f"0{r.choice('67')}" + _digits(r, 8)
        if style == 0:
            return " ".join(d[i : i + 2] for i in range(0, 10, 2))
        return "+33 " + d[1] + " " + " ".join(d[i : i + 2] for i in range(2, 10, 2))
    if country == "ES":
        if style == 0:
            d = r.choice("67") + _digits(r, 8)
            return f"{d[:3]} {d[3:6]} {d[6:]}"
        d = "9" + r.choice("1356") + _digits(r, 7)
        return f"+34 {d[:2]} {d[2:5]} {d[5:7]} {d[7:]}"
    if country == "GB":
        if style == 0:
            return f"07{r.choice(['4', '5', '8', '9'])}{_digits(r, 2)} {_digits(r, 6)}"
        return f"+44 {r.choice(['161', '121', '113', '131'])} {_digits(r, 3)} {_digits(r, 4)}"
    if country == "US":
        return f"({r.randint(201, 989)}) {r.randint(201, 989)}-{_digits(r, 4)}"
    raise ValueError(country)


def public_ip(r):
    while True:
        a = r.choice(
            [
                31,
                37,
                46,
                62,
                77,
                79,
                80,
                81,
                82,
                84,
                85,
                86,
                87,
                88,
                90,
                91,
                93,
                95,
                109,
                178,
                185,
                188,
                212,
                213,
                217,
            ]
        )
        return f"{a}.{r.randint(1, 254)}.{r.randint(0, 254)}.{r.randint(1, 254)}"


if __name__ == "__main__":
    r = random.Random(1)
    for c in ["DE", "FR", "ES", "GB", "AT", "CH"]:
        print(group4(iban(r, c)))
    print(card(r), card(r, "mc"), card(r, "amex"), luhn_ok(card(r)))
    print(steuer_id(r), steuer_id(r, True), nir(r), dni(r), nie(r), uk_ni(r))
    # known vectors
    assert iban_valid("DE89370400440532013000")
    assert iban_valid("GB82WEST12345698765432")
    assert iban_valid("FR1420041010050500013M02606")
    assert iban_valid("ES9121000418450200051332")
    assert _es_dc("21000418", "0200051332") == "45"
    assert steuer_id_check("8609574271") == 9  # published valid example 86095742719
    print("ok")
