"""Rules alone against rules + a trained complexity model, on prompts the model never saw.

    nice -n 10 .venv/bin/python benchmarks/classifier_model_cv.py

A model scored on its own training prompts flatters itself, and the labelled sets here are
small, so this script cross-validates: the prompts of the sets given (by default the dev set
and the spent blind set A, the ones the shipped model is trained on) are split into
``--folds`` folds, stratified by language and level; each fold is routed through the example
policies (``policy.classifier_report``, as ``kinfctl classifiers eval``) with a model trained
(``kinfctl classifiers train``'s code and defaults) on the other folds. Beside it, every
prompt through the rules alone. PII rows are the rules' in both (the model judges
complexity only). Writes ``benchmarks/results/classifier_model_cv.md`` (and ``.json``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
from collections import defaultdict
from pathlib import Path
from typing import Any

from kinference_epp.policy.classifier_report import load_rows, misses, route, score, table
from kinference_epp.policy.classifiers.trained import (
    EASY_AT,
    HARD_BELOW,
    ModelSlot,
    train_complexity,
)

HERE = Path(__file__).parent
SETS = (
    HERE / "classifier_eval" / "dev" / "dev.jsonl",
    HERE / "classifier_eval" / "blind" / "set_a.jsonl",
)
COMMAND = "nice -n 10 .venv/bin/python benchmarks/classifier_model_cv.py"


def folds(rows: list[dict[str, Any]], k: int) -> list[list[dict[str, Any]]]:
    """Round-robin within each (language, level) stratum, in id order: deterministic."""
    strata: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: r["id"]):
        strata[(row["lang"], row["complexity"])].append(row)
    out: list[list[dict[str, Any]]] = [[] for _ in range(k)]
    n = 0
    for key in sorted(strata):
        for row in strata[key]:
            out[n % k].append(row)
            n += 1
    return out


def cross_validated(rows: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    slot = ModelSlot()
    routed: list[dict[str, Any]] = []
    parts = folds(rows, k)
    for i, held in enumerate(parts):
        train = [(r["text"], r["complexity"]) for j, p in enumerate(parts) if j != i for r in p]
        slot.current = train_complexity(train)
        routed.extend(route(held, model=slot))
    return routed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=Path, action="append", help="labelled sets (repeatable)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "classifier_model_cv.md")
    args = ap.parse_args()
    paths = args.cases or list(SETS)
    rows = [r for p in paths for r in load_rows(p)]
    load = os.getloadavg()[0]
    alone = route(rows)
    assisted = cross_validated(rows, args.folds)
    results = {}
    for name, routed in (("rules", alone), ("rules_model_cv", assisted)):
        results[name] = score(routed) | {"misses": misses(routed)}
    shown = ", ".join(f"`{p.relative_to(HERE.parent).as_posix()}`" for p in paths)
    flags = "".join(f" --cases {p}" for p in args.cases or ()) + (
        f" --folds {args.folds}" if args.folds != 5 else ""
    )
    L = ["# Rules alone and rules + a trained complexity model, cross-validated\n"]
    L.append(f"    {COMMAND}{flags}\n")
    L.append(
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, "
        f"1-minute load average {load:.1f}. {len(rows)} prompts from {shown}, each routed "
        "through the example policies as `kinfctl classifiers eval` routes it. With the "
        f"model: {args.folds}-fold cross-validation (folds stratified by language and level), "
        "each fold judged by a model trained on the other folds with the defaults of "
        f"`kinfctl classifiers train` (easy_at {EASY_AT}, hard_below {HARD_BELOW}). These "
        "sets guided the rules and chose those two defaults, so both tables flatter the "
        "classifiers; the blind set B is the test.\n"
    )
    L.append("## Rules alone\n")
    L.extend(table(results["rules"]))
    L.append(f"## Rules + model ({args.folds}-fold cross-validation)\n")
    L.extend(table(results["rules_model_cv"]))
    L.append("## Prompts counted against the complexity rows with the model\n")
    for key in ("easy_small", "hard_large", "hard_small"):
        ids = results["rules_model_cv"]["misses"][key]
        L.append(f"- {key}: " + (", ".join(ids) if ids else "none"))
    L.append("")
    md = "\n".join(L)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(md, encoding="utf-8")
    args.out.with_suffix(".json").write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(md)


if __name__ == "__main__":
    main()
