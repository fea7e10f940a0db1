"""Independent re-check of sets G and H: schema, exact counts, every identifier's checksum, long documents.

    python3 verify.py ../set_g.jsonl ../set_h.jsonl
Exits 1 on any problem. The checks of gen_ef/verify.py (and through it gen_cd/verify.py) are
reused; this file adds the kinds new in G/H, re-derived from the text alone without importing
the generators: Swiss AHV (EAN-13 check), Belgian national register number (mod 97), Austrian
social-insurance number (weighted mod 11), Portuguese NIF (mod 11); and the exact per-language
category counts (13 structured, 10 free-text, 15 hard negatives, 14 clean).
"""

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "verify_ef", Path(__file__).resolve().parent.parent / "gen_ef" / "verify.py"
)
_ef = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ef)  # gen_ef/verify.py: the checks sets C-F share with G and H

_report = _ef.bad  # counts and prints a problem
_ef_check_row = _ef.check_row
COUNTS = {"structured_id": 13, "free_text_pii": 10, "hard_negative": 15, "clean": 14}
NO_NATIONAL = "national_id kind without"


def ahv_ok(s: str) -> bool:
    d = s.replace(".", "")
    total = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d[:12]))
    return (10 - total % 10) % 10 == int(d[12])


def be_ok(s: str) -> bool:
    d = re.sub(r"\D", "", s)
    body, cc = d[:9], int(d[9:])
    return 97 - int(body) % 97 == cc or 97 - int("2" + body) % 97 == cc


def at_ok(s: str) -> bool:
    d = s.replace(" ", "")
    w = [3, 7, 9, 0, 5, 8, 4, 2, 1, 6]
    return sum(int(c) * w[i] for i, c in enumerate(d)) % 11 == int(d[3])


def nif_ok(s: str) -> bool:
    rest = sum(int(c) * (9 - i) for i, c in enumerate(s[:8])) % 11
    return int(s[8]) == (0 if rest < 2 else 11 - rest)


EXTRA = [
    (re.compile(r"\b756\.\d{4}\.\d{4}\.\d{2}\b"), ahv_ok, "AHV"),
    (re.compile(r"\b\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}\b"), be_ok, "Belgian national number"),
    (re.compile(r"(?<![\d.])\d{4} \d{6}(?!\d)(?!\.\d)"), at_ok, "Austrian SVNR"),
    (re.compile(r"(?<=NIF )\d{9}\b"), nif_ok, "Portuguese NIF"),
]


def check_row(x: dict) -> None:
    """gen_ef's checks, with the 'no national id' complaint dropped where a G/H kind is valid."""
    held: list[tuple[str, str]] = []
    _ef.bad = lambda rid, msg: held.append((rid, msg))
    try:
        _ef_check_row(x)
    finally:
        _ef.bad = _report
    t, pos, kinds = x["text"], x["pii"], set(x["pii_kinds"])
    declared = bool(_ef.DECLARED.search(t))
    extra_ok = False
    for pat, ok, name in EXTRA:
        for m in pat.findall(t):
            if ok(m):
                extra_ok = True
                if not pos and not declared:
                    _report(x["id"], f"valid {name} in an undeclared negative")
            elif pos and "national_id" in kinds and name != "Austrian SVNR":
                _report(x["id"], f"{name} with a wrong check in a positive")
    for rid, msg in held:
        if not (msg.startswith(NO_NATIONAL) and extra_ok):
            _report(rid, msg)


def main(paths: list[str]) -> int:
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f]
        for lang in _ef.LANGS:
            got = Counter(x["category"] for x in rows if x["lang"] == lang)
            if dict(got) != COUNTS:
                _report(f"{path}:{lang}", f"category counts {dict(got)}")
    _ef.check_row = check_row
    return _ef.main(paths)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
