"""The structured, flag-only variant of the learned window model, left one generator
family out (the folds, training and thresholds of ``pii_window_lofo.py``):

    nice -n 10 .venv/bin/python benchmarks/pii_window_lofo.py --structured
    ... --structured --model FILE   # also trains the shipped parts on everything, saves it

The model reads only the values the rules turned down (``pii_window.structured_candidates``:
at most ``STRUCTURED_WINDOWS`` a prompt, rarest shape first), never cue words or names, and
only where the rules found nothing: it may add a flag, never clear one. It is trained on
the values the scan confirmed as well as those it turned down (``TRAIN_VERDICTS``), the
verdict hidden: negatives every window of the prompts without personal data, positives by
multiple instance (``pii_window_lofo.train``) over the personal prompts. The flag threshold is
chosen on the other families' out-of-family scores. Each feature group set of ``VARIANTS``
is measured (which features matter); ``SHIPPED`` is the one the picker reads. Writes
``benchmarks/results/pii_window_structured_lofo.md``.
"""

from __future__ import annotations

import datetime as dt
import platform
from pathlib import Path
from typing import Any

from kinference_epp.policy.classifiers import pii_window
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier, Seen
from kinference_epp.policy.model import PiiSettings
from pii_window_lofo import (
    CATEGORIES,
    FAMILIES,
    LABELS,
    Tally,
    blind,
    cell,
    choose,
    commit,
    decisions,
    errors,
    extras,
    score,
    tally,
    train,
)

RESULTS = Path(__file__).with_name("results") / "pii_window_structured_lofo.md"
VARIANTS: dict[str, tuple[str, ...]] = {
    "all": pii_window.PARTS,
    "no facts": ("kind", "shape", "marks", "near", "words"),
    "no words": ("kind", "facts", "shape", "marks", "near"),
    "no near": ("kind", "facts", "shape", "marks", "words"),
    "no shape": ("kind", "facts", "marks", "near", "words"),
    "no marks": ("kind", "facts", "shape", "near", "words"),
    "facts, near": ("kind", "facts", "near"),
    "full model's": ("full",),
}
SHIPPED = "all"
FIXED = (0.6, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999)
FULL = ("full",)
"""The full model (``pii_window.features``, the prompt's context tags included, trained on
every window ``pii_window.windows`` reads), asked only at the turned-down values."""
TRAIN_VERDICTS = pii_window.TURNED_DOWN | {"found"}
TRAIN_CAP = 24
"""Training reads every value the scan confirmed or turned down (up to ``TRAIN_CAP`` a
prompt, rarest shape first): the few personal prompts the rules pass are too few
positives alone, and a confirmed value is a turned-down one's nearest example."""


def prepare(rows: list[dict[str, Any]], clf: PiiClassifier) -> None:
    """The rules' flag, the folded text and the turned-down values of each prompt; and the
    full model's windows and context (``pii_window.windows``) for the ``FULL`` variant."""
    for r in rows:
        seen: list[Seen] = []
        prompt = PromptText(r["text"], 1)
        r["rules"] = clf.traced(prompt, seen).present
        r["folded"] = prompt.folded()
        _, _, full, context = pii_window.windows(clf, prompt)
        r["full"], r["context"] = full, context
        r["cands"] = pii_window.structured_candidates(r["folded"], seen)
        r["train_cands"] = pii_window.structured_candidates(
            r["folded"], seen, TRAIN_VERDICTS, TRAIN_CAP
        )


def featurize(rows: list[dict[str, Any]], parts: tuple[str, ...]) -> None:
    if parts == FULL:  # the full model's features and training windows, read at the same places
        for r in rows:
            text, ctx = r["folded"], r["context"]
            r["rows"] = [pii_window.hashed(text, c, ctx) for c in r["cands"]]
            r["train_rows"] = [pii_window.hashed(text, c, ctx) for c in r["full"]]
        return
    for r in rows:
        r["rows"] = [pii_window.structured_hashed(r["folded"], c, parts) for c in r["cands"]]
        r["train_rows"] = [
            pii_window.structured_hashed(r["folded"], c, parts) for c in r["train_cands"]
        ]


def trainable(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every prompt, with its confirmed and turned-down values as its windows."""
    return [{"pii": r["pii"], "rows": r["train_rows"]} for r in rows]


def measure(
    fam: dict[str, list[dict[str, Any]]], extra: list[dict[str, Any]]
) -> tuple[dict[str, Tally], dict[str, float], Tally, Tally]:
    """Per held-out family: the rules with the model's flag; the threshold chosen; and the
    pooled and set-H tallies."""
    for name, held in fam.items():
        train_on = extra + [r for other, rows in fam.items() if other != name for r in rows]
        model = train(trainable(train_on))
        for p in held:
            p["score"] = score(model, p)
    per: dict[str, Tally] = {}
    flags: dict[str, float] = {}
    pooled: Tally = {c: [0, 0] for c in CATEGORIES}
    h_flags: list[bool] = []
    for name, held in fam.items():
        others = [p for other, rows in fam.items() if other != name for p in rows]
        flag, _ = choose(others, clears=(-1.0,))
        decided = decisions(held, flag, -1.0)
        per[name] = tally(held, decided)
        flags[name] = flag
        for c in CATEGORIES:
            pooled[c][0] += per[name][c][0]
            pooled[c][1] += per[name][c][1]
        if name == "G-H":
            h_flags = decided[len(blind("g")) :]
    h = fam["G-H"][len(blind("g")) :]
    return per, flags, pooled, tally(h, h_flags)


def main(model_path: Path | None) -> None:
    clf = PiiClassifier(PiiSettings())
    fam = {name: [r for s in letters for r in blind(s)] for name, letters in FAMILIES.items()}
    extra = extras()
    for rows in [*fam.values(), extra]:
        prepare(rows, clf)
    everyone = [p for rows in fam.values() for p in rows]
    windows = [len(p["cands"]) for p in everyone if not p["rules"]]
    print("prepared", {k: len(v) for k, v in fam.items()}, "extras", len(extra), flush=True)
    rules_per = {name: tally(held, [p["rules"] for p in held]) for name, held in fam.items()}
    rules_pooled = tally(everyone, [p["rules"] for p in everyone])
    h = fam["G-H"][len(blind("g")) :]
    rules_h = tally(h, [p["rules"] for p in h])
    results = {}
    for variant, parts in VARIANTS.items():
        for rows in [*fam.values(), extra]:
            featurize(rows, parts)
        results[variant] = measure(fam, extra)
        print("variant", variant, f"{errors(results[variant][2]):.3f}", flush=True)
    lines: list[str] = []
    add = lines.append
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    add("# Structured, flag-only window model: leave one family out")
    add("")
    add("    nice -n 10 .venv/bin/python benchmarks/pii_window_lofo.py --structured")
    add("")
    add(
        f"At commit `{commit()}`, {stamp}, Python {platform.python_version()}. The model"
        " reads only the values the rules turned down (at most"
        f" {pii_window.STRUCTURED_WINDOWS} a prompt, rarest shape first) and only where the"
        " rules found nothing: it adds a flag, never clears one. Each family (A, B, C-D,"
        " E-F, G-H) is held out in turn; the flag threshold is chosen on the other"
        " families' out-of-family scores. The rules were tuned on the misses of A-G; H's"
        " were not used. Prompts the rules passed hold"
        f" {sum(windows)} windows in all ({max(windows, default=0)} at most in one)."
    )
    add("")
    add("Pooled over every family held out, by feature groups (`pii_window.PARTS`):")
    add("")
    add("| decision | " + " | ".join(LABELS.values()) + " | errors (sum of shares) |")
    add("|---|" + "---:|" * (len(CATEGORIES) + 1))
    add(
        "| rules | "
        + " | ".join(cell(rules_pooled, c) for c in CATEGORIES)
        + f" | {errors(rules_pooled):.3f} |"
    )
    for variant, (_, _, pooled, _) in results.items():
        add(
            f"| rules+structured ({variant}) | "
            + " | ".join(cell(pooled, c) for c in CATEGORIES)
            + f" | {errors(pooled):.3f} |"
        )
    add("")
    add("Set H alone (the G-H fold; the one set the rules were not tuned on):")
    add("")
    add("| decision | " + " | ".join(LABELS.values()) + " |")
    add("|---|" + "---:|" * len(CATEGORIES))
    add("| rules | " + " | ".join(cell(rules_h, c) for c in CATEGORIES) + " |")
    for variant, (_, _, _, th) in results.items():
        add(
            f"| rules+structured ({variant}) | "
            + " | ".join(cell(th, c) for c in CATEGORIES)
            + " |"
        )
    per, flags, _, _ = results[SHIPPED]
    add("")
    add(f"Per family, feature groups `{SHIPPED}`:")
    add("")
    add("| held out | decision | flag | " + " | ".join(LABELS.values()) + " |")
    add("|---|---|---:|" + "---:|" * len(CATEGORIES))
    for name in fam:
        add(
            f"| {name} | rules | - | "
            + " | ".join(cell(rules_per[name], c) for c in CATEGORIES)
            + " |"
        )
        add(
            f"| {name} | rules+structured | {flags[name]} | "
            + " | ".join(cell(per[name], c) for c in CATEGORIES)
            + " |"
        )
    add("")
    add(
        f"Every family held out, pooled, feature groups `{SHIPPED}`, at one flag threshold"
        " for all folds (not chosen on anything: what the model could add at best, and"
        " what it costs in hard negatives):"
    )
    add("")
    add(
        "| flag | " + " | ".join(LABELS.values()) + " | errors (sum of shares) | set H structured |"
    )
    add("|---:|" + "---:|" * (len(CATEGORIES) + 2))
    for rows in [*fam.values(), extra]:
        featurize(rows, VARIANTS[SHIPPED])
    measure(fam, extra)  # the out-of-family scores of the shipped groups again
    for flag in (*FIXED, 2.0):
        t = tally(everyone, decisions(everyone, flag, -1.0))
        th = tally(h, decisions(h, flag, -1.0))
        add(
            f"| {flag} | "
            + " | ".join(cell(t, c) for c in CATEGORIES)
            + f" | {errors(t):.3f} | {cell(th, 'structured_id')} |"
        )
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    if model_path is not None:
        for rows in [*fam.values(), extra]:
            featurize(rows, VARIANTS[SHIPPED])
        model = train(trainable(extra + everyone))
        for p in everyone:
            p["score"] = score(model, p)  # in sample: the threshold is the folds' own
        model.flag_threshold = max(flags.values())
        model.clear_threshold = -1.0
        model.save(model_path)
        print(f"wrote {model_path} (flag {model.flag_threshold})")
