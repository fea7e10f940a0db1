"""No E or F prompt may be a near copy of an A-D prompt, or of each other's.

    python3 simcheck.py        # exits 1 if any pair has word 4-gram Jaccard > 0.3
Prints only ids and scores, never prompt text (A-D stay unread by the author of E and F). It also
reports E/F prompts that share a capitalised word pair (a name) with an earlier set: the pair as the
new set writes it and the earlier prompt's id, never the earlier text.
"""

import importlib.util
import json
import re
import sys
from pathlib import Path

# the C/D near-copy measure, reused (loaded by path: this file has the same module name)
_spec = importlib.util.spec_from_file_location(
    "simcheck_cd", Path(__file__).resolve().parent.parent / "gen_cd" / "simcheck.py"
)
_cd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cd)
LIMIT, grams, worst = _cd.LIMIT, _cd.grams, _cd.worst

HERE = Path(__file__).resolve().parent.parent
NAME = re.compile(r"\b[A-ZÀ-Ý][a-zà-ÿ]+ [A-ZÀ-Ý][a-zà-ÿ]+(?:-[A-ZÀ-Ý][a-zà-ÿ]+)?\b")


def rows(name: str) -> list[dict]:
    path = HERE / name
    return [json.loads(line) for line in open(path, encoding="utf-8")] if path.exists() else []


def main() -> int:
    old = [x for s in "abcd" for x in rows(f"set_{s}.jsonl")]
    e, f = rows("set_e.jsonl"), rows("set_f.jsonl")
    g = {x["id"]: grams(x["text"]) for x in old}
    ge = {x["id"]: grams(x["text"]) for x in e}
    gf = {x["id"]: grams(x["text"]) for x in f}
    failed = 0
    pairs = [("E vs A-D", ge, g)]
    if gf:
        pairs += [("F vs A-D", gf, g), ("F vs E", gf, ge)]
    for name, left, right in pairs:
        top, over = worst(left, right)
        print(f"{name}: max 4-gram Jaccard {top:.3f}, pairs above {LIMIT}: {len(over)}")
        for o in over:
            print("   ", *o)
        failed += len(over)
    seen = {}
    for x in old:
        for m in NAME.findall(x["text"]):
            seen.setdefault(m, x["id"])
    for label, new in [("E", e), ("F", f)]:
        shared = sorted(
            {(x["id"], m, seen[m]) for x in new for m in NAME.findall(x["text"]) if m in seen}
        )
        # the pair printed is the new set's own text; the earlier prompt is named by id only
        print(f"{label}: capitalised word pairs shared with A-D: {len(shared)}")
        for a, m, b in shared:
            print("   ", a, repr(m), b)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
