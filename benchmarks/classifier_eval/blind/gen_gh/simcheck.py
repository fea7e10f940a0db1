"""No H prompt may be a near copy of a G prompt.

    python3 simcheck.py            # exits 1 if any G/H pair has word 4-gram Jaccard > 0.3
    python3 simcheck.py --earlier  # also G and H against A-F (ids and scores only)
The measure is gen_cd/simcheck.py's. G and H were written without opening the earlier sets, and
their author never ran the --earlier comparison (set F is sealed); it is there for the lead.
It also lists capitalised word pairs (names) that G and H share, so no private person appears in both.
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


def main() -> int:
    g, h = rows("set_g.jsonl"), rows("set_h.jsonl")
    top, over = _cd.worst(
        {x["id"]: _cd.grams(x["text"]) for x in h}, {x["id"]: _cd.grams(x["text"]) for x in g}
    )
    print(f"H vs G: max 4-gram Jaccard {top:.3f}, pairs above {_cd.LIMIT}: {len(over)}")
    for o in over:
        print("   ", *o)
    in_g: dict[str, str] = {}
    for x in g:
        for m in NAME.findall(x["text"]):
            in_g.setdefault(m, x["id"])
    shared = sorted(
        {(x["id"], m, in_g[m]) for x in h for m in NAME.findall(x["text"]) if m in in_g}
    )
    print(f"capitalised word pairs shared by H and G: {len(shared)}")
    for a, m, b in shared:
        print("   ", a, repr(m), b)
    failed = len(over)
    if "--earlier" in sys.argv[1:]:
        old = {x["id"]: _cd.grams(x["text"]) for s in "abcdef" for x in rows(f"set_{s}.jsonl")}
        for name, new in [("G", g), ("H", h)]:
            top, over = _cd.worst({x["id"]: _cd.grams(x["text"]) for x in new}, old)
            print(
                f"{name} vs A-F: max 4-gram Jaccard {top:.3f}, pairs above {_cd.LIMIT}: {len(over)}"
            )
            for o in over:
                print("   ", *o)
            failed += len(over)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
