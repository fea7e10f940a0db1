"""Independent re-check of sets C and D: schema, counts, every identifier's checksum, long documents.

    python3 verify.py ../set_c.jsonl ../set_d.jsonl
Exits 1 on any problem. It re-derives checksums from the text alone (it does not import the
generators), so a generator bug cannot hide behind itself.
"""

import json
import re
import sys
from collections import Counter
from collections.abc import Callable

KEYS = {"id", "lang", "text", "pii", "pii_kinds", "category", "complexity", "notes"}
LANGS = ["en", "de", "fr", "es"]
CATS = {"structured_id", "free_text_pii", "hard_negative", "clean"}
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
}
# words by which a negative declares its identifier to be an example, a specimen, test data or invalid
DECLARED = re.compile(
    r"example|exemple|ejemplo|beispiel|specimen|spécimen|espécimen|muster|dummy|test|prueba|fictif|fictiv|ficticio|"
    r"fiktiv|fictional|made-up|erfunden|inventad|placeholder|platzhalter|ungültig|invalid",
    re.I,
)
_DNI = "TRWAGMYFPDXBNJZSQVHLCKE"
problems = 0


def bad(row_id: str, msg: str) -> None:
    global problems
    problems += 1
    print(f"{row_id}: {msg}", file=sys.stderr)


def iban_ok(s: str) -> bool:
    s = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in s)) % 97 == 1


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
}


def ibans(t: str) -> list[str]:
    out = []
    for m in re.finditer(
        r"\b(DE|FR|ES|GB|AT|CH|NL|BE|IE|LU|PT)(\d{2})((?:[ -]?[A-Z0-9]){10,30})", t
    ):
        raw = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "").replace("-", "")
        out.append(raw[: IBAN_LEN[m.group(1)]])
    return out


def luhn(n: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(n)):
        d = int(c)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def cards(t: str) -> list[str]:
    return [
        m.replace(" ", "")
        for m in re.findall(r"(?<![\d.])(\d{4} \d{4} \d{4} \d{4}|\d{4} \d{6} \d{5})(?![\d])", t)
    ]


def steuer_ok(s: str) -> bool:
    if s[0] == "0" or len(s) != 11:
        return False
    counts = Counter(s[:10])
    if sorted(counts.values(), reverse=True)[:2] not in ([2, 1], [3, 1]):
        return False
    product = 10
    for c in s[:10]:
        x = (int(c) + product) % 10 or 10
        product = x * 2 % 11
    return (11 - product) % 10 == int(s[10])


def steuer_ids(t: str) -> list[str]:
    pats = [
        r"\d{2} \d{3} \d{3} \d{3}",
        r"\d{3} \d{3} \d{3} \d{2}",
        r"\d{2}\.\d{3}\.\d{3}\.\d{3}",
        r"\d{11}",
    ]
    return [
        re.sub(r"\D", "", m)
        for m in re.findall(r"(?<![\d.])(" + "|".join(pats) + r")(?!\d)(?!\.\d)", t)
    ]


def nirs(t: str) -> list[str]:
    found = re.findall(
        r"(?<!\d)([12] \d{2} \d{2} \d{2} \d{3} \d{3} \d{2}|[12]\d{12} \d{2}|[12]\d{14})(?!\d)", t
    )
    return [f.replace(" ", "") for f in found]


def nir_ok(s: str) -> bool:
    return 97 - int(s[:13]) % 97 == int(s[13:])


def dni_nie(t: str) -> list[str]:
    out = []
    for m in re.findall(r"\b(\d{8}-?[A-Z]|\d{2}\.\d{3}\.\d{3}-[A-Z]|[XYZ]-?\d{7}-?[A-Z])\b", t):
        out.append(m.replace("-", "").replace(".", ""))
    return out


def dni_ok(s: str) -> bool:
    num = s[:-1]
    if num[0] in "XYZ":
        num = str("XYZ".index(num[0])) + num[1:]
    return _DNI[int(num) % 23] == s[-1]


def uk_nis(t: str) -> list[str]:
    return [
        m.replace(" ", "") for m in re.findall(r"\b([A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D])\b", t)
    ]


def uk_ni_ok(s: str) -> bool:
    p = s[:2]
    return (
        p[0] not in "DFIQUV"
        and p[1] not in "DFIOQUV"
        and p not in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}
    )


def nss_list(t: str) -> list[tuple[str, str, str]]:
    return re.findall(r"\b(\d{2})/(\d{8})/(\d{2})\b", t)


PASSPORT = [
    r"\bC[CFGHJKLMNPRTVWXYZ0-9]{8}\b",
    r"\b\d{2}[A-Z]{2}\d{5}\b",
    r"\b[A-Z]{3}\d{6}\b",
    r"(?<![\d ]\d)(?<!\d)\d{9}(?!\d)(?! \d)",
]
PUBLIC_IP = re.compile(r"(?<![\d.])((?:\d{1,3}\.){3}\d{1,3})(?![\d.])")


def public_ips(t: str) -> list[str]:
    out = []
    for ip in PUBLIC_IP.findall(t):
        a, b = (int(x) for x in ip.split(".")[:2])
        if a == 10 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168) or a == 127:
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
    if "tax_id" in kinds:
        if not st or not all(steuer_ok(s) for s in st):
            bad(rid, f"tax_id: Steuer-ID check failed ({len(st)} candidates)")
    elif not pos:
        for s in st:
            if steuer_ok(s) and not declared:
                bad(rid, "valid Steuer-ID in an undeclared negative")
    nat_ok = False
    for s in nirs(t):
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
    for s in uk_nis(t):
        if uk_ni_ok(s):
            nat_ok = True
            if not pos and not declared:
                bad(rid, "valid UK NI number in an undeclared negative")
    if "national_id" in kinds and not nat_ok:
        bad(
            rid,
            "national_id kind without a checksum-valid NIR/DNI/NIE/NSS or a well-formed NI number",
        )
    if "passport" in kinds and not any(re.search(p, t) for p in PASSPORT):
        bad(rid, "passport kind without a passport-shaped number")
    if "ip_user" in kinds and not public_ips(t):
        bad(rid, "ip_user kind without a public IPv4")
    if not pos and public_ips(t):
        bad(rid, "public IPv4 in a negative")
    if "email" in kinds and not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", t):
        bad(rid, "email kind without an address")
    if "phone" in kinds and not re.search(r"(\+\d{2}|\b0|\b[6-9]\d{2}[ -])[\d ()/.-]{8,}", t):
        bad(rid, "phone kind without a phone number")


def main(
    paths: list[str], kinds: set[str] | None = None, check: Callable[[dict], None] | None = None
) -> int:
    """The schema, counts and long-document checks of every set; ``kinds`` and ``check`` (the
    per-row identifier checks) default to this file's, later sets' verifiers pass their own."""
    kinds = KINDS if kinds is None else kinds
    check = check_row if check is None else check
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f]
        prefix = rows[0]["id"][0]
        seen = set()
        for x in rows:
            if set(x) != KEYS:
                bad(x.get("id", "?"), f"keys {sorted(x)}")
                continue
            if not re.fullmatch(prefix + r"-\d{3}", x["id"]) or x["id"] in seen:
                bad(x["id"], "bad or repeated id")
            seen.add(x["id"])
            if (
                x["lang"] not in LANGS
                or x["category"] not in CATS
                or x["complexity"] not in {"easy", "medium", "hard"}
            ):
                bad(x["id"], "bad lang/category/complexity")
            if x["pii"] != (x["category"] in ("structured_id", "free_text_pii")) or x[
                "pii"
            ] != bool(x["pii_kinds"]):
                bad(x["id"], "pii flag inconsistent with category/kinds")
            if not set(x["pii_kinds"]) <= kinds:
                bad(x["id"], f"unknown kinds {set(x['pii_kinds']) - kinds}")
            check(x)
            if "long document" in x["notes"]:
                lines = [ln for ln in x["text"].split("\n") if ln.strip()]
                if len(lines) != len(set(lines)):
                    bad(x["id"], "repeated line in a long document")
                m = re.search(r"(\d+) tokens \(Qwen3\)", x["notes"])
                if m and not 2000 <= int(m.group(1)) <= 7000:
                    bad(x["id"], f"long document of {m.group(1)} tokens")
                at = re.search(r"middle block at (\d+)%", x["notes"])
                if not at or not 40 <= int(at.group(1)) <= 60:
                    bad(x["id"], "middle block not near the middle")
        for lang in LANGS:
            sub = [x for x in rows if x["lang"] == lang]
            cx = Counter(x["complexity"] for x in sub)
            longs = sum("long document" in x["notes"] for x in sub)
            if cx["easy"] < 12 or cx["hard"] < 12 or longs != 3:
                bad(f"{path}:{lang}", f"complexity {dict(cx)}, {longs} long documents")
        print(f"{path}: {len(rows)} rows checked")
    print("problems:", problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
