"""Independent re-check of sets E and F: schema, counts, every identifier's checksum, long documents.

    python3 verify.py ../set_e.jsonl ../set_f.jsonl
Exits 1 on any problem. It re-derives checksums from the text alone (it does not import the
generators), so a generator bug cannot hide behind itself.
"""

import importlib.util
import re
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "verify_cd", Path(__file__).resolve().parent.parent / "gen_cd" / "verify.py"
)
_cd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cd)  # gen_cd/verify.py: the checks sets C and D share with E and F
KEYS = _cd.KEYS
LANGS = _cd.LANGS
CATS = _cd.CATS
DECLARED = _cd.DECLARED
_DNI = _cd._DNI
iban_ok = _cd.iban_ok
luhn = _cd.luhn
steuer_ok = _cd.steuer_ok
steuer_ids = _cd.steuer_ids
nirs = _cd.nirs
nir_ok = _cd.nir_ok
dni_nie = _cd.dni_nie
dni_ok = _cd.dni_ok
uk_nis = _cd.uk_nis
uk_ni_ok = _cd.uk_ni_ok
nss_list = _cd.nss_list
PASSPORT = _cd.PASSPORT
PUBLIC_IP = _cd.PUBLIC_IP

KINDS = {
    "iban",
    "passport",
    "national_id",
    "tax_id",
    "phone",
    "email",
    "person_name",
    "address",
    "ip_user",
    "credit_card",
    "date_of_birth",
    "health",
    "financial",
    "religion",
    "sexual_orientation",
    "trade_union",
    "criminal_record",
}
# words by which a negative declares its identifier to be an example, a specimen, test data or invalid
bad = _cd.bad  # one count of problems, gen_cd/verify.py's


IBAN_LEN = {
    "DE": 22,
    "FR": 27,
    "ES": 24,
    "GB": 22,
    "AT": 20,
    "CH": 21,
    "NL": 18,
    "BE": 16,
    "IE": 22,
    "LU": 20,
    "PT": 25,
    "IT": 27,
    "PL": 28,
}


def ibans(t: str) -> list[str]:
    out = []
    for m in re.finditer(
        r"\b(DE|FR|ES|GB|AT|CH|NL|BE|IE|LU|PT|IT|PL)(\d{2})((?:[ -]?[A-Z0-9]){10,30})", t
    ):
        raw = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "").replace("-", "")
        out.append(raw[: IBAN_LEN[m.group(1)]])
    return out


def cards(t: str) -> list[str]:
    return [
        re.sub(r"\D", "", m)
        for m in re.findall(
            r"(?<![\d.-])(\d{4} \d{4} \d{4} \d{4}|\d{4}-\d{4}-\d{4}-\d{4}|\d{4} \d{6} \d{5}|[3-5]\d{15})(?![\d-])",
            t,
        )
    ]


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


def codici_fiscali(t: str) -> list[str]:
    return re.findall(r"\b[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z]\b", t)


def cf_ok(s: str) -> bool:
    """Italian codice fiscale: odd positions (1st, 3rd, ...) through the conversion table, even ones by value."""
    total = 0
    for k, c in enumerate(s[:15]):
        v = int(c) if c.isdigit() else ord(c) - ord("A")
        total += _CF_ODD[v] if k % 2 == 0 else v
    return chr(ord("A") + total % 26) == s[15]


def bsn_ok(s: str) -> bool:
    return (
        s[0] != "0" and (sum(int(c) * (9 - i) for i, c in enumerate(s[:8])) - int(s[8])) % 11 == 0
    )


def bsns(t: str) -> list[str]:
    found = re.findall(r"(?<![\d.])(\d{4}\.\d{2}\.\d{3}|\d{9})(?!\d)(?!\.\d)", t)
    return [f.replace(".", "") for f in found]


def nhs_numbers(t: str) -> list[str]:
    return [m.replace(" ", "") for m in re.findall(r"(?<!\d)(\d{3} \d{3} \d{4})(?!\d)", t)]


def nhs_ok(s: str) -> bool:
    c = 11 - sum(int(x) * (10 - i) for i, x in enumerate(s[:9])) % 11
    c = 0 if c == 11 else c
    return c != 10 and c == int(s[9])


def rvnrs(t: str) -> list[str]:
    return [m.replace(" ", "") for m in re.findall(r"\b(\d{2} ?\d{6} ?[A-Z] ?\d{3})\b", t)]


def rvnr_ok(s: str) -> bool:
    body = s[:8] + f"{ord(s[8]) - 64:02d}" + s[9:11]
    w = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]
    return sum(sum(map(int, str(int(c) * w[i]))) for i, c in enumerate(body)) % 10 == int(s[11])


def pesels(t: str) -> list[str]:
    return re.findall(r"(?<!\d)(\d{11})(?!\d)", t)


def pesel_ok(s: str) -> bool:
    w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]
    return (10 - sum(int(c) * w[i] for i, c in enumerate(s[:10])) % 10) % 10 == int(s[10])


DE_IDCARD = re.compile(r"\b[LMNPRTVWXY][CFGHJKLMNPRTVWXYZ0-9]{8}\b")


def loose_nirs(t: str) -> list[str]:
    """NIRs printed across line breaks or in uneven groups: 15 digits in one run of digits and blanks."""
    out = []
    for m in re.finditer(r"(?<!\d)[12][\d \n]{14,22}\d(?!\d)", t):
        d = re.sub(r"\s", "", m.group(0))
        if len(d) == 15:
            out.append(d)
    return out


def public_ips(t: str) -> list[str]:
    out = []
    for ip in PUBLIC_IP.findall(t):
        a, b = (int(x) for x in ip.split(".")[:2])
        if a == 10 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168) or a == 127:
            continue
        if ip.startswith(("192.0.2.", "198.51.100.", "203.0.113.")):  # RFC 5737 documentation
            continue
        out.append(ip)
    return out


def check_row(x: dict) -> None:
    rid, t, kinds = x["id"], x["text"], set(x["pii_kinds"])
    pos = x["pii"]
    declared = bool(DECLARED.search(t))
    for s in ibans(t):
        ok = iban_ok(s)
        if pos and "iban" in kinds and not ok:
            bad(rid, "invalid IBAN in a positive")
        if not pos and ok and not declared:
            bad(rid, "valid IBAN in a negative that does not declare it an example")
        if not pos and not ok and not declared:
            bad(rid, "invalid IBAN in a negative that does not declare it")
    if "iban" in kinds and not any(iban_ok(s) for s in ibans(t)):
        bad(rid, "iban kind without a valid IBAN")
    for c in cards(t):
        if pos and "credit_card" in kinds and not luhn(c):
            bad(rid, "card fails Luhn")
        if not pos and luhn(c) and not declared:
            bad(rid, "Luhn-valid card in an undeclared negative")
    if "credit_card" in kinds and not any(luhn(c) for c in cards(t)):
        bad(rid, "credit_card kind without a Luhn-valid number")
    st = [s for s in steuer_ids(t) if len(s) == 11]
    cfs = codici_fiscali(t)
    for s in cfs:
        if pos and not cf_ok(s):
            bad(rid, "codice fiscale with a wrong check letter in a positive")
        if not pos and cf_ok(s) and not declared:
            bad(rid, "valid codice fiscale in an undeclared negative")
    if "tax_id" in kinds:
        if cfs:
            if not all(cf_ok(s) for s in cfs):
                bad(rid, "tax_id: codice fiscale check failed")
        elif not st or not all(steuer_ok(s) for s in st):
            bad(rid, f"tax_id: Steuer-ID check failed ({len(st)} candidates)")
    elif not pos:
        for s in st:
            if steuer_ok(s) and not declared:
                bad(rid, "valid Steuer-ID in an undeclared negative")
    nat_ok = False
    joined = t.replace("\n", " ")
    if "national_id" in kinds:
        for s in bsns(t):
            if bsn_ok(s) and re.search(r"BSN|burgerservicenummer", t, re.I):
                nat_ok = True
        for s in nhs_numbers(t):
            if nhs_ok(s) and re.search(r"nhs", t, re.I):
                nat_ok = True
            elif re.search(r"nhs", t, re.I):
                bad(rid, "NHS number with a wrong check digit in a positive")
        for s in rvnrs(t):
            if rvnr_ok(s):
                nat_ok = True
            else:
                bad(rid, "Rentenversicherungsnummer with a wrong check digit")
        if re.search(r"PESEL", t):
            found = pesels(t)
            if found and all(pesel_ok(s) for s in found):
                nat_ok = True
            elif found:
                bad(rid, "PESEL with a wrong check digit")
        if DE_IDCARD.search(t) and re.search(r"Ausweis", t):
            nat_ok = True
        for s in loose_nirs(t):
            if nir_ok(s):
                nat_ok = True
    for s in nirs(joined):
        if nir_ok(s):
            nat_ok = True
            if not pos and not declared:
                bad(rid, "valid NIR in an undeclared negative")
        elif pos:
            bad(rid, "NIR with a wrong key in a positive")
    for s in dni_nie(t):
        if dni_ok(s):
            nat_ok = True
            if not pos and not declared:
                bad(rid, "valid DNI/NIE in an undeclared negative")
        elif pos and "national_id" in kinds:
            bad(rid, "DNI/NIE with a wrong letter in a positive")
    for pp, n, cc in nss_list(t):
        if int(pp + n) % 97 == int(cc):
            nat_ok = True
        elif pos:
            bad(rid, "NSS with a wrong control in a positive")
    for s in uk_nis(joined):
        if uk_ni_ok(s):
            nat_ok = True
            if not pos and not declared:
                bad(rid, "valid UK NI number in an undeclared negative")
    if "national_id" in kinds and not nat_ok:
        bad(
            rid,
            "national_id kind without a checksum-valid NIR/DNI/NIE/NSS/BSN/NHS/RVNR/PESEL or a well-formed NI/ID-card number",
        )
    if "passport" in kinds and not any(re.search(p, t) for p in PASSPORT):
        bad(rid, "passport kind without a passport-shaped number")
    if "ip_user" in kinds and not public_ips(t):
        bad(rid, "ip_user kind without a public IPv4")
    if not pos and public_ips(t):
        bad(rid, "public IPv4 in a negative")
    if "email" in kinds and not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", t):
        bad(rid, "email kind without an address")
    if "phone" in kinds and not re.search(
        r"(\+\d{2}|\b0|\b[6-9]\d{2}[ -]|\(\d{3}\) )[\d ()/.-]{8,}", t
    ):
        bad(rid, "phone kind without a phone number")


def main(paths: list[str]) -> int:
    return _cd.main(paths, KINDS, check_row)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
