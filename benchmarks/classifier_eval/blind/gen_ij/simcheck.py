"""No prompt of a pair's second set may be a near copy of its first's (I and J, K and L, ...).

    python3 simcheck.py                # I/J: exits 1 if any pair has word 4-gram Jaccard > 0.3
    python3 simcheck.py o p --earlier  # O/P, and each against every set before O (A-N)
The measure is gen_cd/simcheck.py's. It also counts capitalised word pairs (names) that the two
sets share and prints their ids only, so no private person appears in both and no text is shown.
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


def check(first: str, second: str, earlier: str, argv: list[str]) -> int:
    """The pair (``first``, ``second``: set letters) against each other and, with ``--earlier``
    in ``argv``, each against the sets ``earlier`` names; 1 if any pair is a near copy."""
    one, two = rows(f"set_{first}.jsonl"), rows(f"set_{second}.jsonl")
    a, b = first.upper(), second.upper()
    span = f"{earlier[0].upper()}-{earlier[-1].upper()}"
    top, over = _cd.worst(grams(two), grams(one))
    print(f"{b} vs {a}: max 4-gram Jaccard {top:.3f}, pairs above {_cd.LIMIT}: {len(over)}")
    for o in over:
        print("   ", *o)
    in_one: dict[str, str] = {}
    for x in one:
        for m in NAME.findall(x["text"]):
            in_one.setdefault(m, x["id"])
    shared = sorted(
        {(x["id"], in_one[m]) for x in two for m in NAME.findall(x["text"]) if m in in_one}
    )
    print(f"rows of {b} sharing a capitalised word pair with {a}: {len(shared)}")
    for p, q in shared:
        print("   ", p, q)
    failed = len(over)
    if "--earlier" in argv:
        old = {}
        for s in earlier:
            old.update(grams(rows(f"set_{s}.jsonl")))
        for name, new in [(a, one), (b, two)]:
            top, over = _cd.worst(grams(new), old)
            print(
                f"{name} vs {span}: max 4-gram Jaccard {top:.3f}, pairs above {_cd.LIMIT}: "
                f"{len(over)}"
            )
            for o in over:
                print("   ", *o)
            failed += len(over)
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    """``[FIRST SECOND] [--earlier]``: the pair (I and J when none is named), and with
    ``--earlier`` each of them against every set whose letter comes before FIRST."""
    letters = [a for a in argv if not a.startswith("--")]
    first, second = letters if letters else ("i", "j")
    earlier = "".join(chr(c) for c in range(ord("a"), ord(first)))
    return check(first, second, earlier, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
