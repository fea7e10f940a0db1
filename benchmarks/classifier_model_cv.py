"""Rules alone against rules + a trained complexity model, on prompts the model never saw.

    nice -n 10 .venv/bin/python benchmarks/classifier_model_cv.py

A model scored on its own training prompts flatters itself, and the labelled sets here are
small, so this script cross-validates: the prompts of the sets given (by default the two dev
sets and the spent blind sets A, B, C and D) are split into ``--folds`` folds, stratified by
language and level; each fold is routed through the example policies
(``policy.classifier_report``, as ``kinfctl classifiers eval``) with a model trained
(``kinfctl classifiers train``'s code and defaults) on the other folds. Beside it, every
prompt through the rules alone. PII rows are the rules' in both (the model judges
complexity only).

Folds mix the sets; a model meets traffic unlike its training prompts, so two more tables:
each set judged by a model trained on the other sets (leave one set out), and the English
held-out complexity sets (``heldout*/complexity.jsonl``, no language field) judged by a model
trained on all the sets given, with the guard on the costly direction (the rules' task
signs, ``TrainedModel.combine``) and without it. Writes
``benchmarks/results/classifier_model_cv.md`` (and ``.json``).
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
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.trained import (
    EASY_AT,
    HARD_BELOW,
    ModelSlot,
    TrainedModel,
    train_complexity,
)
from kinference_epp.policy.model import Complexity

HERE = Path(__file__).parent
SETS = (
    HERE / "classifier_eval" / "dev" / "dev.jsonl",
    HERE / "classifier_eval" / "dev_b" / "dev_b.jsonl",
    HERE / "classifier_eval" / "blind" / "set_a.jsonl",
    HERE / "classifier_eval" / "blind" / "set_b.jsonl",
    HERE / "classifier_eval" / "blind" / "set_c.jsonl",
    HERE / "classifier_eval" / "blind" / "set_d.jsonl",
)
HELD_OUT = tuple(
    HERE / "classifier_eval" / name / "complexity.jsonl"
    for name in ("heldout", "heldout2", "heldout3", "heldout4")
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


def _levels(pairs: list[tuple[str, Complexity]]) -> dict[str, Any]:
    """easy → small, hard → large, hard → small over (label, level) pairs."""
    easy = [got for label, got in pairs if label == "easy"]
    hard = [got for label, got in pairs if label == "hard"]
    return {
        "easy_small": [sum(g is Complexity.EASY for g in easy), len(easy)],
        "hard_large": [sum(g is Complexity.HARD for g in hard), len(hard)],
        "hard_small": [sum(g is Complexity.EASY for g in hard), len(hard)],
    }


def _cell(hits_n: list[int]) -> str:
    k, n = hits_n
    return f"{100 * k / n:.1f} % ({k}/{n})" if n else "-"


def leave_one_set_out(sets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Each set's complexity rows by the rules alone and with a model trained on the others."""
    rules = ComplexityClassifier()
    out: dict[str, Any] = {}
    for held, rows in sets.items():
        train = [(r["text"], r["complexity"]) for n, rs in sets.items() if n != held for r in rs]
        model = train_complexity(train)
        alone, assisted = [], []
        for r in rows:
            level, signs = rules.judge(PromptText(r["text"], 1))
            alone.append((r["complexity"], level))
            assisted.append((r["complexity"], model.combine(level, r["text"], signs)))
        out[held] = {"rules": _levels(alone), "rules_model": _levels(assisted)}
    return out


def thresholds_alone(model: TrainedModel, rules: Complexity, text: str) -> Complexity:
    """The combination without the rules' task signs: the model's hard always stands, and
    its easy where its probabilities pass ``easy_at`` and ``hard_below``."""
    if rules is Complexity.HARD:
        return rules
    probs = model.probabilities(text)
    best = Complexity(max(probs, key=probs.__getitem__))
    if best is Complexity.HARD or rules is Complexity.EASY:
        return best if best is Complexity.HARD else rules
    easy, hard = probs[Complexity.EASY.value], probs[Complexity.HARD.value]
    if best is Complexity.EASY and (easy < model.easy_at or hard >= model.hard_below):
        return Complexity.MEDIUM
    return best


def guard_table(model: TrainedModel, paths: tuple[Path, ...]) -> dict[str, Any]:
    """The held-out sets by the rules alone, with the model and the guard, and without it."""
    rules = ComplexityClassifier()
    out: dict[str, Any] = {}
    for path in paths:
        rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
        modes: dict[str, list[tuple[str, Complexity]]] = {"rules": [], "guard": [], "none": []}
        for r in rows:
            level, signs = rules.judge(PromptText(r["text"], 1))
            modes["rules"].append((r["level"], level))
            modes["guard"].append((r["level"], model.combine(level, r["text"], signs)))
            modes["none"].append((r["level"], thresholds_alone(model, level, r["text"])))
        out[path.parent.name] = {mode: _levels(pairs) for mode, pairs in modes.items()}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=Path, action="append", help="labelled sets (repeatable)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "classifier_model_cv.md")
    args = ap.parse_args()
    paths = [p.resolve() for p in args.cases or SETS]
    sets = {p.relative_to(HERE.parent).as_posix(): load_rows(p) for p in paths}
    rows = [r for rs in sets.values() for r in rs]
    load = os.getloadavg()[0]
    alone = route(rows)
    assisted = cross_validated(rows, args.folds)
    results: dict[str, Any] = {}
    for name, routed in (("rules", alone), ("rules_model_cv", assisted)):
        results[name] = score(routed) | {"misses": misses(routed)}
    results["leave_one_set_out"] = leave_one_set_out(sets)
    everything = train_complexity([(r["text"], r["complexity"]) for r in rows])
    results["held_out_guard"] = guard_table(everything, HELD_OUT)
    shown = ", ".join(f"`{name}`" for name in sets)
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
        "sets guided the rules and chose those two defaults, so every table here flatters the "
        "classifiers; the sealed blind sets are the test.\n"
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
    L.append("## Each set judged by a model trained on the other sets (complexity rows)\n")
    L.append("| set | easy → small: rules | + model | hard → large: rules | + model "
             "| hard → small: rules | + model |")  # fmt: skip
    L.append("|---|---:|---:|---:|---:|---:|---:|")
    for name, cells in results["leave_one_set_out"].items():
        row = [f"`{name}`"]
        for key in ("easy_small", "hard_large", "hard_small"):
            row += [_cell(cells["rules"][key]), _cell(cells["rules_model"][key])]
        L.append("| " + " | ".join(row) + " |")
    L.append("")
    L.append(
        "## The English held-out sets, judged by a model trained on all the sets above\n\n"
        "With the guard (the picker's combination: no move from medium to easy where the "
        "rules saw a sign of a reasoning task, from easy to medium only where they saw none) "
        "and without it (the thresholds alone).\n"
    )
    L.append("| set | mode | easy → small | hard → large | hard → small |")
    L.append("|---|---|---:|---:|---:|")
    names = {"rules": "rules alone", "guard": "+ model, guard", "none": "+ model, no guard"}
    for name, modes in results["held_out_guard"].items():
        for mode, cells in modes.items():
            row = [name, names[mode]]
            row += [_cell(cells[k]) for k in ("easy_small", "hard_large", "hard_small")]
            L.append("| " + " | ".join(row) + " |")
    L.append("")
    md = "\n".join(L)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(md, encoding="utf-8")
    args.out.with_suffix(".json").write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(md)


if __name__ == "__main__":
    main()
