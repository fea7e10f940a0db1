"""No C or D prompt may be a near copy of an A or B prompt, or of each other's.

    python3 simcheck.py        # exits 1 if any pair has word 4-gram Jaccard > 0.3
Prints only ids and scores, never prompt text (A and B stay unread by the author of C and D).
"""

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
LIMIT = 0.3


def grams(text: str) -> frozenset[tuple[str, ...]]:
    w = re.findall(r"\w+", text.lower())
    return frozenset(tuple(w[i : i + 4]) for i in range(len(w) - 3)) or frozenset({tuple(w)})


def load(name: str) -> dict[str, frozenset]:
    return {
        (x := json.loads(line))["id"]: grams(x["text"])
        for line in open(HERE / name, encoding="utf-8")
    }


def worst(
    left: dict[str, frozenset], right: dict[str, frozenset]
) -> tuple[float, list[tuple[str, str, float]]]:
    index: dict[tuple, list[str]] = defaultdict(list)
    for rid, g in right.items():
        for q in g:
            index[q].append(rid)
    top, over = 0.0, []
    for lid, g in left.items():
        shared: dict[str, int] = defaultdict(int)
        for q in g:
            for rid in index.get(q, ()):
                shared[rid] += 1
        for rid, n in shared.items():
            j = n / (len(g) + len(right[rid]) - n)
            top = max(top, j)
            if j > LIMIT:
                over.append((lid, rid, round(j, 3)))
    return top, over


def main() -> int:
    a, b, c, d = (load(f"set_{s}.jsonl") for s in "abcd")
    ab = {**a, **b}
    failed = 0
    for name, left, right in [("C vs A+B", c, ab), ("D vs A+B", d, ab), ("D vs C", d, c)]:
        top, over = worst(left, right)
        print(f"{name}: max 4-gram Jaccard {top:.3f}, pairs above {LIMIT}: {len(over)}")
        for o in over:
            print("   ", *o)
        failed += len(over)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
