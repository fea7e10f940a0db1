"""Independent check of the written sets: checksums of every identifier, schema, counts."""
import json
import re
import sys

import ids
from common import nss  # noqa: F401

LANGS = {"en", "de", "fr", "es"}
CATS = {"structured_id", "free_text_pii", "hard_negative", "clean"}
bad = 0


def err(r, msg):
    global bad
    bad += 1
    print(r["id"], msg, file=sys.stderr)


IBAN_RE = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b")
CARD_RE = re.compile(r"(?<![\d-])((?:\d[ ]?){13,19})(?![\d-])")
for path in sys.argv[1:]:
    ids_seen = set()
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        assert set(r) == {"id", "lang", "text", "pii", "pii_kinds", "category", "complexity", "notes"}, r.keys()
        assert r["id"] not in ids_seen
        ids_seen.add(r["id"])
        assert r["lang"] in LANGS and r["category"] in CATS and r["complexity"] in {"easy", "medium", "hard"}
        assert r["pii"] == bool(r["pii_kinds"])
        t = r["text"]
        declared_invalid = any(w in t for w in ["INVALID", "UNGÜLTIG", "INVALIDE", "INVÁLIDOS", "FALSCHE", "FAUSSE", "FALSA"])
        for m in IBAN_RE.finditer(t):
            s = m.group(1).replace(" ", "")
            if s[:2] not in {"DE", "FR", "ES", "GB", "AT", "CH"} or len(s) < 15:
                continue
            ok = ids.iban_valid(s)
            if r["pii"] and "iban" in r["pii_kinds"] and not ok:
                err(r, f"invalid IBAN in positive: {s}")
            if not r["pii"] and ok:
                err(r, f"VALID IBAN in negative: {s}")
            if not r["pii"] and not ok and not declared_invalid:
                err(r, f"undeclared invalid IBAN: {s}")
        if "credit_card" in r["pii_kinds"]:
            cands = [c.replace(" ", "") for c in CARD_RE.findall(t)]
            cands = [c for c in cands if len(c) in (15, 16)]
            if not cands or not all(ids.luhn_ok(c) for c in cands):
                err(r, f"card check failed {cands}")
        if "tax_id" in r["pii_kinds"] and r["lang"] != "fr" or ("Steuer" in t and r["pii"] and "tax_id" in r["pii_kinds"]):
            for c in re.findall(r"(?<!\d)(\d{2} ?\d{3} ?\d{3} ?\d{3})(?!\d)", t):
                c = c.replace(" ", "")
                if ids.steuer_id_check(c[:10]) != int(c[10]):
                    err(r, f"bad Steuer-ID {c}")
        for c in re.findall(r"(?<![\dA-Z])([12] ?\d{2} ?\d{2} ?\d{2} ?\d{3} ?\d{3} ?\d{2})(?!\d)", t):
            c = c.replace(" ", "")
            ok = 97 - int(c[:13]) % 97 == int(c[13:])
            if r["pii"] and "national_id" in r["pii_kinds"] and not ok:
                err(r, f"bad NIR {c}")
            if not r["pii"] and ok:
                err(r, f"valid NIR in negative {c}")
        for c in re.findall(r"\b([XYZ]?\d{7,8}[A-Z])\b", t):
            num = c[:-1]
            if num[0] in "XYZ":
                num = str("XYZ".index(num[0])) + num[1:]
            ok = "TRWAGMYFPDXBNJZSQVHLCKE"[int(num) % 23] == c[-1]
            if r["pii"] and not ok and ("national_id" in r["pii_kinds"]):
                err(r, f"bad DNI/NIE {c}")
            if not r["pii"] and ok and "99999999R" not in c:
                err(r, f"valid DNI/NIE in negative {c}")
        for c in re.findall(r"\b(\d{2})/(\d{8})/(\d{2})\b", t):
            if int(c[0] + c[1]) % 97 != int(c[2]):
                err(r, f"bad NSS {c}")
    print(path, "rows", len(ids_seen))
print("problems:", bad)
sys.exit(1 if bad else 0)
