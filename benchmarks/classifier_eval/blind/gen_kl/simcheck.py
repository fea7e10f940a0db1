"""No L prompt may be a near copy of a K prompt (nor K or L of sets A-J).

    python3 simcheck.py            # exits 1 if any K/L pair has word 4-gram Jaccard > 0.3
    python3 simcheck.py --earlier  # also K and L against A-J (ids and scores only)
The measure is gen_cd/simcheck.py's. It also counts capitalised word pairs (names) that K and L
share and prints their ids only, so no private person appears in both and no text is shown.
"""

import importlib.util
import json
import re
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "simcheck_cd", Path(__file__).resolve().parent.parent / "gen_cd" / "simcheck.py"
)
_cd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cd)

HERE = Path(__file__).resolve().parent.parent
NAME = re.compile(r"\b[A-ZÀ-Ý][a-zà-ÿ]+ [A-ZÀ-Ý][a-zà-ÿ]+(?:-[A-ZÀ-Ý][a-zà-ÿ]+)?\b")


def rows(name: str) -> list[dict]:
    return [json.loads(line) for line in open(HERE / name, encoding="utf-8")]


def grams(rs: list[dict]) -> dict:
    return {x["id"]: _cd.grams(x["text"]) for x in rs}


def main() -> int:
    k, el = rows("set_k.jsonl"), rows("set_l.jsonl")
    top, over = _cd.worst(grams(el), grams(k))
    print(f"L vs K: max 4-gram Jaccard {top:.3f}, pairs above {_cd.LIMIT}: {len(over)}")
    for o in over:
        print("   ", *o)
    in_k: dict[str, str] = {}
    for x in k:
        for m in NAME.findall(x["text"]):
            in_k.setdefault(m, x["id"])
    shared = sorted({(x["id"], in_k[m]) for x in el for m in NAME.findall(x["text"]) if m in in_k})
    print(f"rows of L sharing a capitalised word pair with K: {len(shared)}")
    for a, b in shared:
        print("   ", a, b)
    failed = len(over)
    if "--earlier" in sys.argv[1:]:
        old = {}
        for s in "abcdefghij":
            old.update(grams(rows(f"set_{s}.jsonl")))
        for name, new in [("K", k), ("L", el)]:
            top, over = _cd.worst(grams(new), old)
            print(
                f"{name} vs A-J: max 4-gram Jaccard {top:.3f}, pairs above {_cd.LIMIT}: {len(over)}"
            )
            for o in over:
                print("   ", *o)
            failed += len(over)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
