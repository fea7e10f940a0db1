"""``kinfctl classifiers train | eval``: a complexity model from your own labelled prompts,
and the report that says what it changes.

Both read the cases format of ``policy.classifier_report`` (one JSON object a line);
training needs only ``text`` and ``complexity`` on each line, the report the whole schema.
Exit status: 0 done, 1 a file that cannot be read or trained on, 2 bad usage.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from kinference_epp.policy.classifier_report import POLICIES, run
from kinference_epp.policy.classifiers.trained import (
    EASY_AT,
    HARD_BELOW,
    LEVELS,
    train_complexity,
)


def add_classifier_commands(sub: Any) -> None:
    """Register ``classifiers train`` and ``classifiers eval`` on ``kinfctl``'s subparsers."""
    c = sub.add_parser("classifiers", help="train and evaluate the classifier model")
    inner = c.add_subparsers(dest="classifiers_command", required=True)
    t = inner.add_parser(
        "train",
        help="train the complexity model on labelled prompts (JSON lines with text, complexity)",
    )
    t.add_argument(
        "--cases", type=Path, required=True, action="append", help="labelled JSONL (repeatable)"
    )
    t.add_argument("--out", type=Path, required=True, help="model file to write (.npz)")
    t.add_argument("--epochs", type=int, default=8)
    t.add_argument(
        "--easy-at",
        type=float,
        default=EASY_AT,
        help="probability of easy the model needs to move a prompt the rules call medium "
        "to easy (the small model)",
    )
    t.add_argument(
        "--hard-below",
        type=float,
        default=HARD_BELOW,
        help="and the probability of hard it must stay below for that move",
    )
    t.set_defaults(func=cmd_train)
    e = inner.add_parser(
        "eval", help="score labelled prompts through the example policies, per language"
    )
    e.add_argument("--cases", type=Path, required=True, help="labelled JSONL (the full schema)")
    e.add_argument("--model", type=Path, help="a model file from `classifiers train`")
    e.add_argument("--out", type=Path, required=True, help="report (.md; .json beside it)")
    e.add_argument(
        "--policies",
        type=Path,
        default=POLICIES,
        help="directory with pii-stays-local.yaml and complexity-routing.yaml",
    )
    e.set_defaults(func=cmd_eval)


def read_examples(path: Path) -> list[tuple[str, str]]:
    """(text, complexity) from each line; ValueError names the first bad line."""
    out = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                text, level = row["text"], row["complexity"]
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}:{n}: {exc!r}") from exc
            if not isinstance(text, str) or level not in LEVELS:
                raise ValueError(f"{path}:{n}: needs a text and a complexity in {list(LEVELS)}")
            out.append((text, level))
    return out


def cmd_train(args: argparse.Namespace) -> int:
    try:
        examples = [ex for path in args.cases for ex in read_examples(path)]
        model = train_complexity(
            examples,
            epochs=args.epochs,
            easy_at=args.easy_at,
            hard_below=args.hard_below,
            sources=[p.as_posix() for p in args.cases],
        )
    except (OSError, ValueError) as exc:
        print(f"kinfctl classifiers train: {exc}", file=sys.stderr)
        return 1
    path = model.save(args.out)
    counts = {level: sum(1 for _, lv in examples if lv == level) for level in LEVELS}
    shown = ", ".join(f"{n} {level}" for level, n in counts.items())
    print(f"wrote {path}: complexity model from {len(examples)} prompts ({shown})")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    command = "kinfctl classifiers eval --cases {} {}--out {}".format(
        shlex.quote(args.cases.as_posix()),
        f"--model {shlex.quote(args.model.as_posix())} " if args.model else "",
        shlex.quote(args.out.as_posix()),
    )
    try:
        report = run(
            args.cases, args.out, command=command, policies=args.policies, model=args.model
        )
    except (OSError, ValueError) as exc:
        print(f"kinfctl classifiers eval: {exc}", file=sys.stderr)
        return 1
    print(report)
    return 0
