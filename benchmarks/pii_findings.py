"""The PII classifier's findings on every text we have, to compare two checkouts' classifiers.

    PYTHONPATH=BASE/src .venv/bin/python benchmarks/pii_findings.py --out /tmp/base.json
    .venv/bin/python benchmarks/pii_findings.py --out /tmp/new.json --against /tmp/base.json

A change meant to make the scan cheaper must find the same kinds in every text: the
evaluation's case files (every ``*.jsonl`` under ``classifier_eval/`` but the blind sets,
which only the lead opens), every string of the example policies' case files, the cost
benchmark's long prose, logs and CSV, and ``--random`` seeded texts assembled from pieces
of every kind's shapes glued to ids, dates, paths and words (digit-heavy ones and prose
ones). ``--against`` prints the texts whose findings differ, and exits 1 if any does without a
run of number characters longer than one candidate (``LONG_RUN``): inside such a run the
windowed scan's pieces depend on where its windows start, in any version of it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings

HERE = Path(__file__).parent
ROOT = HERE.parent
FILLER = (
    "SKU-", "/v1/orders/", "AB12SKU-", "KU-", "order_id=", "request_id=", "upstream=", "tel ",
    "call me on ", "ssn ", "Kind regards,\nAnna\n", "invoice ", "DE89 ", "de89 ", "X-", "Y",
    "2024-03-11T09:31:05.123Z ", "2024-03-11 ", "10.0.144.193", " x", " Y", "Y-", "DE89-",
    "Telefon: ", "Bestellnr. ", "(030) ", "1234567", "Rechnung ", " the order ", "; ", "\n",
    ",", "=", "-", "/", "GB29 NWBK ", "de89 3704 0044 ", "NI number ", "+", "(",
)  # fmt: skip
"""Pieces that hold no PII alone, but shape or label the numbers glued to them."""
PIECES = (
    "123-45-6789", "415.634.0132", "1-800-234-5678", "4539 1488 0343 6467",
    "4539-1488-0343-6467", "4539.1488.0343.6467", "3471234567", "3121234567", "0151 23456789",
    "+44 20 7946 0958", "12345678Z", "12.345.678-Z", "185057800608491", "4539148803436467",
    "DE89370400440532013000", "user=amiller src=81.2.69.142 ", "AB 12 34 56 C",
    "0532 0130 00", "370400440532013000", "60161331926819", "3948271J", "06 12 34 56 78",
    "anna@acme-corp.com", "12 150380 M 12 3", "+33 6 12 34 56 78", "Tel. 01.23.45.67.89",
    "NINO QQ 12 34 56 C", "+33 (0)6 12 34 56 78", "sshd[811]: Failed password for jmorrison from 81.2.69.160 port 22\n",
    "81.2.69.160 - kschneider [10/Oct/2024:13:55:36 +0000] \"GET / HTTP/1.1\" 200 512\n",
    "login: root from 10.1.2.3\n", "uid=anna acct=42 81.2.69.144\n", "USER jdoe 192.168.1.20\n",
)  # fmt: skip
"""Pieces of every kind's shapes (some of them whole only with the filler before them)."""
LONG_RUN = re.compile(r"[0-9 .()/\-]{25}|[A-Z0-9 \-]{40}")
"""A run longer than one number candidate (24 characters) or ``upper`` one (45): the scan
reads it in pieces, and where the pieces fall depends on where its windows start."""
SEPARATORS = (";", " ", "\n", "=", ",", " x ", ": ", "\t", " Y ", "|")
ALPHABET = "0123456789.-/ ;=:,\nTZabsXYZKU(+"


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def _random_text(rng: random.Random, dense: bool) -> str:
    """Dense: about 5,000 characters of ids, dates, paths and shaped filler (the size at
    which the dense path runs) with up to three pieces of PII shapes; else a short text."""
    parts: list[str] = []
    size, target = 0, 5000 if dense else 200
    pii = {rng.randrange(400) for _ in range(rng.randrange(4))}
    while size < target:
        r = rng.random()
        if len(parts) in pii or (not dense and r < 0.3):
            parts.append(rng.choice(PIECES))
        elif r < 0.55:
            parts.append(rng.choice(FILLER))
        elif r < 0.85 or not dense:
            digits = rng.randrange(1, 25)
            parts.append(str(rng.randrange(10 ** (digits - 1), 10**digits)))
        else:
            parts.append("".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 15))))
        if not dense:
            parts.append(" the customer wrote that ")
        elif rng.random() < 0.6:  # most pieces end at a separator, as in logs and CSV
            parts.append(rng.choice(SEPARATORS))
        size += len(parts[-1])
    return "".join(parts)


def _cut_long_runs(text: str) -> str:
    """``text`` with a ``;`` inside every run longer than one candidate."""
    while (m := LONG_RUN.search(text)) is not None:
        text = text[: m.start() + 20] + ";" + text[m.start() + 20 :]
    return text


def texts(random_count: int) -> Iterator[str]:
    data = HERE / "classifier_eval"
    for path in sorted(data.rglob("*.jsonl")):
        if "blind" in path.relative_to(data).parts:
            continue
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield str(json.loads(line)["text"])
    for path in sorted((ROOT / "deploy" / "examples" / "policies").glob("*.cases.yaml")):
        yield from _strings(yaml.safe_load(path.read_text(encoding="utf-8")))
    sys.path.insert(0, str(HERE))
    from classifier_cost import build

    for kind in ("prose", "prose-4lang", "logs", "csv"):
        for tokens in (8000, 32000):
            for with_pii in (False, True):
                yield build(kind, tokens, with_pii)
    rng = random.Random(37)
    for i in range(random_count):
        text = _random_text(rng, dense=i % 4 != 3)
        yield text if i % 4 == 0 else _cut_long_runs(text)  # a quarter keep their long runs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--against", type=Path, help="another run's --out: print the differences")
    ap.add_argument("--random", type=int, default=4000, help="seeded random texts")
    args = ap.parse_args()
    clf = PiiClassifier(PiiSettings())
    found: dict[str, dict[str, Any]] = {}
    for text in texts(args.random):
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        kinds = sorted(str(k) for k in clf.classify(PromptText(text, 1)).kinds)
        found[key] = {"kinds": kinds, "text": text}
    args.out.write_text(json.dumps(found), encoding="utf-8")
    print(f"{len(found)} texts, {sum(1 for v in found.values() if v['kinds'])} with findings")
    if args.against is None:
        return
    base: dict[str, dict[str, Any]] = json.loads(args.against.read_text(encoding="utf-8"))
    differ = [k for k in found if k in base and base[k]["kinds"] != found[k]["kinds"]]
    missing = [k for k in found if k not in base]
    long_run = [k for k in differ if LONG_RUN.search(found[k]["text"])]
    for k in differ:
        where = "long run" if k in long_run else "DIFFERS"
        print(f"{where}: {base[k]['kinds']} -> {found[k]['kinds']}: {found[k]['text'][:120]!r}")
    print(
        f"{len(differ)} of {len(found)} texts differ; {len(differ) - len(long_run)} of the "
        f"{sum(1 for v in found.values() if not LONG_RUN.search(v['text']))} without a run "
        f"longer than one candidate; {len(missing)} not in the base run"
    )
    sys.exit(1 if len(differ) > len(long_run) or missing else 0)


if __name__ == "__main__":
    main()
