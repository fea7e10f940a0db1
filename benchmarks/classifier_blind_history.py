"""Every blind set's first and only score, row by row and language by language.

Each blind set under ``benchmarks/classifier_eval/blind/`` is scored once
(``benchmarks/classifier_eval.py``) and then spent: its misses guide the next round of rules,
and the next set, written before that round by an author who read no classifier code, measures
it. This table puts those single scores side by side, so that whether a row transfers to new
authors' text is read off every set, not the latest one::

    python benchmarks/classifier_blind_history.py --out benchmarks/results/classifier_blind_history.md

Cells: the share over the four languages, then the languages whose own share misses the target
(a row with no prompts in a language says nothing there). The ``_model`` reports (a complexity
model trained on the sets before) are tabled beside for the complexity rows.
"""

from __future__ import annotations

import argparse
import json
import string
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"
LANGUAGES = ("en", "de", "fr", "es")
ROWS = (
    ("structured", "identifiers ≥ 95 %"),
    ("free_text", "free text ≥ 90 %"),
    ("hard_negative_fp", "hard negatives flagged ≤ 5 %"),
    ("clean_fp", "clean flagged ≤ 2 %"),
    ("easy_small", "easy → small ≥ 85 %"),
    ("hard_large", "hard → large ≥ 85 %"),
    ("hard_small", "hard → small ≤ 2 %"),
)
COMPLEXITY_ROWS = frozenset(["easy_small", "hard_large", "hard_small"])


def _cell(row: dict[str, Any]) -> str:
    """``share [languages missing]``; bold where the row misses over all four languages."""
    every = row["all"]
    share = f"{100 * every['share']:.1f}"
    if not every["met"]:
        share = f"**{share}**"
    missed = [lang for lang in LANGUAGES if row.get(lang, {}).get("n") and not row[lang]["met"]]
    return f"{share} ({', '.join(missed)})" if missed else share


def _load(name: str) -> dict[str, Any] | None:
    path = RESULTS / f"classifier_eval_blind_{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def table(model: bool) -> tuple[list[str], int, dict[str, int]]:
    """Markdown rows, the sets found and, per row, the sets where it held in every language."""
    suffix = "_model" if model else ""
    keys = [k for k, _ in ROWS if not model or k in COMPLEXITY_ROWS]
    lines = [
        "| set | commit | " + " | ".join(label for k, label in ROWS if k in keys) + " |",
        "|---|---|" + "---:|" * len(keys),
    ]
    held = dict.fromkeys(keys, 0)
    found = 0
    for name in string.ascii_lowercase:
        report = _load(name + suffix)
        if report is None:
            continue
        found += 1
        rows = report["rows"]
        for k in keys:
            if all(rows[k][lang]["met"] for lang in LANGUAGES if rows[k].get(lang, {}).get("n")):
                held[k] += 1
        cells = " | ".join(_cell(rows[k]) for k in keys)
        lines.append(f"| {name.upper()} | `{report['meta']['commit']}` | {cells} |")
    return lines, found, held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    out = [
        "# Blind sets, each scored once: which rows transfer to a new author's text",
        "",
        "    python benchmarks/classifier_blind_history.py --out " + str(args.out),
        "",
        "Each set's report as it was scored, once, on the rules its predecessors' misses had "
        "guided (`classifier_eval_blind_<set>.json`). Cells: the share over English, German, "
        "French and Spanish (bold: the target missed over the four), then in brackets the "
        "languages whose own share misses it.",
        "",
        "## Rules alone",
        "",
    ]
    lines, found, held = table(model=False)
    out += lines
    out += ["", f"Sets where the row held in every language, of {found}:", ""]
    out += [f"- {label}: {held[k]}" for k, label in ROWS]
    lines, found, held = table(model=True)
    out += [
        "",
        "## Rules and a complexity model trained on the sets before",
        "",
        *lines,
        "",
        f"Sets where the row held in every language, of {found}:",
        "",
    ]
    out += [f"- {label}: {held[k]}" for k, label in ROWS if k in held]
    args.out.write_text("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
