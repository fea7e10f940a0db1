"""Complexity judged set by set, each blind set left out of the model's training: the honest
development figure that changes to the complexity classifier are chosen on.

    nice -n 10 .venv/bin/python benchmarks/complexity_loso.py

Every row of the spent blind sets A-O (``classifier_eval/blind/set_*.jsonl``) is judged by

- the rules alone (``ComplexityClassifier.judge``): fixed, so a set's figure is only as
  honest as the set is new to them — the sets listed in ``GUIDED`` had their misses read
  while the rules were written, and their figures flatter the rules;
- the trained model alone (its most probable level) and the rules + the model as the picker
  combines them (``TrainedModel.combine``), the model trained with ``kinfctl classifiers
  train``'s code and defaults on the other blind sets and the two development sets
  (``dev``, ``dev_b``), never on the set it judges.

The level is the model the example policy ``complexity-routing.yaml`` routes the class
``auto`` to with no cache advantage (easy: the small model, medium: 8b, hard: 32b), so the
rows are the report's: easy → small, hard → large, hard → small (the costly mistake), per
language and per set, and pooled over the sets. Writes
``benchmarks/results/complexity_loso.md`` (and ``.jsonl``: each prompt's id, language, label
and three levels).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
from pathlib import Path
from typing import Any

from kinference_epp.policy.classifier_report import LANGS, load_rows
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.trained import train_complexity
from kinference_epp.policy.model import Complexity

HERE = Path(__file__).parent
DATA = HERE / "classifier_eval"
HELD = {name: DATA / "blind" / f"set_{name.lower()}.jsonl" for name in "ABCDEFGHIJKLMNO"}
ALWAYS = (DATA / "dev" / "dev.jsonl", DATA / "dev_b" / "dev_b.jsonl")
GUIDED = frozenset("ABCDEFGHIJKLO")
"""Blind sets whose misses guided the rules (their rules figures flatter them)."""
COMMAND = "nice -n 10 .venv/bin/python benchmarks/complexity_loso.py"
MODES = ("rules", "model", "rules_model")
NAMES = {"rules": "rules alone", "model": "model alone", "rules_model": "rules + model"}
KEYS = ("easy_small", "hard_large", "hard_small")
LABELS = {
    "easy_small": "easy → small",
    "hard_large": "hard → large",
    "hard_small": "hard → small",
}
TARGETS = {"easy_small": (0.85, True), "hard_large": (0.85, True), "hard_small": (0.02, False)}


def judged(held: str, sets: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The held-out set's rows, each with the three modes' levels."""
    train = [(r["text"], r["complexity"]) for n, rs in sets.items() if n != held for r in rs]
    model = train_complexity(train)
    rules = ComplexityClassifier()
    out = []
    for r in sets[held]:
        level, signs = rules.judge(PromptText(r["text"], 1))
        probs = model.probabilities(r["text"])
        alone = Complexity(max(probs, key=probs.__getitem__))
        combined = model.combine(level, r["text"], signs)
        levels = {"rules": level.value, "model": alone.value, "rules_model": combined.value}
        row = {"set": held, "id": r["id"], "lang": r["lang"], "label": r["complexity"]}
        out.append(row | levels)
    return out


def counts(rows: list[dict[str, Any]], mode: str) -> dict[str, list[int]]:
    """[hits, prompts] of each row key over ``rows`` judged by ``mode``."""
    easy = [r[mode] for r in rows if r["label"] == "easy"]
    hard = [r[mode] for r in rows if r["label"] == "hard"]
    return {
        "easy_small": [easy.count("easy"), len(easy)],
        "hard_large": [hard.count("hard"), len(hard)],
        "hard_small": [hard.count("easy"), len(hard)],
    }


def cell(hits_n: list[int]) -> str:
    k, n = hits_n
    return f"{100 * k / n:.1f} % ({k}/{n})" if n else "-"


def met(key: str, hits_n: list[int]) -> bool:
    k, n = hits_n
    target, higher = TARGETS[key]
    return n > 0 and (k / n >= target if higher else k / n <= target)


def tables(judgements: dict[str, list[dict[str, Any]]]) -> list[str]:
    pooled = [r for rows in judgements.values() for r in rows]
    L = [f"## Pooled over the {len(judgements)} left-out sets, per language\n"]
    L.append("| row | mode | " + " | ".join(LANGS) + " | all | target |")
    L.append("|---|---|" + "---:|" * (len(LANGS) + 1) + "---|")
    for key in KEYS:
        target, higher = TARGETS[key]
        for mode in MODES:
            cells = [cell(counts([r for r in pooled if r["lang"] == lang], mode)[key])
                     for lang in LANGS]  # fmt: skip
            total = counts(pooled, mode)[key]
            mark = "" if met(key, total) else " **not met**"
            sign = "≥" if higher else "≤"
            L.append(f"| {LABELS[key]} | {NAMES[mode]} | " + " | ".join(cells)
                     + f" | {cell(total)}{mark} | {sign} {100 * target:.0f} % |")  # fmt: skip
    L.append("")
    L.append("## Each left-out set, all languages\n")
    L.append("| set | rules guided by it | mode | " + " | ".join(LABELS.values()) + " |")
    L.append("|---|---|---|---:|---:|---:|")
    for name, rows in judgements.items():
        for mode in MODES:
            c = counts(rows, mode)
            guided = "yes" if name in GUIDED else "no"
            L.append(f"| {name} | {guided} | {NAMES[mode]} | "
                     + " | ".join(cell(c[k]) for k in KEYS) + " |")  # fmt: skip
    L.append("")
    L.append("## Each left-out set per language\n")
    L.append("Each cell: easy → small, hard → large, hard → small (hits/prompts).\n")
    L.append("| set | mode | " + " | ".join(LANGS) + " |")
    L.append("|---|---|" + "---:|" * len(LANGS))
    for name, rows in judgements.items():
        for mode in ("rules", "rules_model"):
            cells = []
            for lang in LANGS:
                c = counts([r for r in rows if r["lang"] == lang], mode)
                cells.append(" · ".join(f"{c[k][0]}/{c[k][1]}" for k in KEYS))
            L.append(f"| {name} | {NAMES[mode]} | " + " | ".join(cells) + " |")
    L.append("")
    L.append("## Medium prompts sent to the small model (no target; what the rows above trade)\n")
    L.append("| mode | " + " | ".join(HELD) + " |")
    L.append("|---|" + "---:|" * len(HELD))
    for mode in MODES:
        cells = []
        for rows in judgements.values():
            medium = [r[mode] for r in rows if r["label"] == "medium"]
            cells.append(cell([medium.count("easy"), len(medium)]))
        L.append(f"| {NAMES[mode]} | " + " | ".join(cells) + " |")
    L.append("")
    L.append("## Misses, rules + model (id: label → level)\n")
    for name, rows in judgements.items():
        wrong = [r for r in rows if r["label"] != "medium" and r["rules_model"] != r["label"]]
        L.append(
            f"- {name}: "
            + (
                ", ".join(
                    f"{r['id']} ({r['lang']}: {r['label']} → {r['rules_model']})" for r in wrong
                )
                or "none"
            )
        )
    L.append("")
    return L


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=HERE / "results" / "complexity_loso.md")
    args = ap.parse_args()
    sets = {name: load_rows(path) for name, path in HELD.items()}
    fixed = [r for path in ALWAYS for r in load_rows(path)]
    load = os.getloadavg()[0]
    judgements = {}
    for name in HELD:
        training = {"dev": fixed} | {n: rs for n, rs in sets.items() if n != name}
        judgements[name] = judged(name, training | {name: sets[name]})
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    L = ["# Complexity, each blind set left out of the model's training\n"]
    L.append(f"    {COMMAND}\n")
    L.append(
        f"At commit `{commit}`, {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, Python "
        f"{platform.python_version()}, 1-minute load average {load:.1f}. Each of the blind sets "
        f"{', '.join(HELD)} is judged by a model trained (`kinfctl classifiers train`'s code "
        "and defaults) on the other blind sets and the development sets `dev` and `dev_b`; the "
        "rules are the same for every set. Sets whose misses guided the rules: "
        f"{', '.join(sorted(GUIDED)) or 'none'} (their rules-alone figures flatter the rules; "
        "the model's figures are held out for every set). Levels are the models "
        "`complexity-routing.yaml` routes to: easy → the small model, hard → the large one.\n"
    )
    L.extend(tables(judgements))
    md = "\n".join(L)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(md, encoding="utf-8")
    lines = [json.dumps(r, ensure_ascii=False) for rows in judgements.values() for r in rows]
    args.out.with_suffix(".jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(md)


if __name__ == "__main__":
    main()
