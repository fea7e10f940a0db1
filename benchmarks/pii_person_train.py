"""Trains the learned person-mention model (``policy/classifiers/person_model.py``) and
measures it honestly: leave one blind set out.

    nice -n 10 .venv/bin/python benchmarks/pii_person_train.py --loso   # the measurement
    nice -n 10 .venv/bin/python benchmarks/pii_person_train.py --ship   # the shipped model

``--loso``: for each of the spent blind sets A-E, the model is trained on the other four,
``dev/``, ``dev_b/``, ``pii_generated.jsonl``, ``pii_negatives.jsonl`` and the synthetic
mentions, and the left-out set is scored through the PII classifier (the rules alone, and
the rules with the model at each candidate threshold); writes
``benchmarks/results/pii_learned_loso.md`` with the threshold chosen over all five folds.
``--ship``: trains on everything with that threshold and writes
``src/kinference_epp/policy/classifiers/data/person_spans.npz``. Both are seeded.

Training spans (runs of capitalised words, ``person_model.spans``):

- synthetic mentions in English, German, French and Spanish (``person_synth.py``): names
  drawn from character trigram models of Faker's name lists in many locales (so mostly
  names no list holds), in private contexts (a colleague, a relative, a client, a nickname
  with the full name in brackets or after a dash, a quoted e-mail) as positives and in
  public ones (a minister, an author, a historical figure, a street, a company, a prize, a
  fictional character) as negatives;
- every span of the sets' clean and hard-negative prompts, as negatives;
- in the prompts labelled with a person's name, the span the model scores highest after a
  first round, as a positive (the labels name the kind, not the place).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import platform
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from kinference_epp.policy.classifiers import person_model, personal
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.person_model import (
    BUCKETS,
    PersonModel,
    hashed,
    lower_words,
    spans,
)
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings

sys.path.insert(0, str(Path(__file__).parent))
from classifier_eval import git_head as commit
from person_synth import synthetic

DATA = Path(__file__).with_name("classifier_eval")
RESULTS = Path(__file__).with_name("results") / "pii_learned_loso.md"
SHIPPED = (
    Path(__file__).parents[1] / "src/kinference_epp/policy/classifiers" / person_model.MODEL_FILE
)
BLIND = {s: DATA / "blind" / f"set_{s.lower()}.jsonl" for s in "ABCDE"}
EXTRA = {"dev": DATA / "dev/dev.jsonl", "dev_b": DATA / "dev_b/dev_b.jsonl"}
THRESHOLDS = (0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
LONG_THRESHOLDS = (0.8, 0.85, 0.9, 0.95)
SEED = 7
ROUNDS = 2
L2 = 1e-4
"""The L2 penalty of the logistic regression."""
"""Rounds that add each personal prompt's best span as a positive."""
MAX_SPANS = 1000
"""Negative spans taken from one prompt at most (a long document has hundreds)."""
LANGS = ("en", "de", "fr", "es")
CATEGORIES = ("structured_id", "free_text_pii", "hard_negative", "clean")
LABELS = {
    "structured_id": "structured identifiers detected",
    "free_text_pii": "free-text personal data detected",
    "hard_negative": "hard negatives flagged as PII",
    "clean": "ordinary clean prompts flagged",
}


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def tuning_rows() -> list[dict[str, Any]]:
    """``pii_generated.jsonl`` and ``pii_negatives.jsonl`` in the sets' line shape."""
    rows = []
    for r in load(DATA / "pii_generated.jsonl"):
        kinds = set(r["kinds"])
        rows.append({"text": r["text"], "person": "personName" in kinds, "negative": False})
    for r in load(DATA / "pii_negatives.jsonl"):
        rows.append({"text": r["text"], "person": False, "negative": True})
    return rows


def set_rows(path: Path) -> list[dict[str, Any]]:
    out = []
    for r in load(path):
        person = "person_name" in r.get("pii_kinds", []) and r["category"] in (
            "free_text_pii",
            "structured_id",
        )
        negative = r["category"] in ("clean", "hard_negative")
        out.append({"text": r["text"], "person": person, "negative": negative})
    return out


class Spans:
    """Feature rows of spans: (bucket indices, label), built once per prompt."""

    def __init__(self) -> None:
        self.cache: dict[str, list[np.ndarray]] = {}

    def of(self, text: str) -> list[np.ndarray]:
        got = self.cache.get(text)
        if got is None:
            lowers = lower_words(text)
            got = [hashed(text, s, e, lowers) for s, e in spans_all(text)[:MAX_SPANS]]
            self.cache[text] = got
        return got


def spans_all(text: str) -> list[tuple[int, int]]:
    return spans(text)


def adam_logistic(
    rows: list[np.ndarray],
    labels: np.ndarray,
    weights: np.ndarray,
    *,
    buckets: int,
    l2: float,
    steps: int,
) -> tuple[np.ndarray, float]:
    """Logistic regression by full-batch Adam with an L2 penalty, over hashed buckets: each row
    the bucket ids of one example's features; the weights and the bias."""
    lens = np.array([len(r) for r in rows])
    owner = np.repeat(np.arange(len(rows)), lens)
    feats = np.concatenate(rows)
    w = np.zeros(buckets, dtype=np.float64)
    b = 0.0
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    mb = vb = 0.0
    lr, b1, b2 = 0.05, 0.9, 0.999
    total = weights.sum()
    for t in range(1, steps + 1):
        z = np.bincount(owner, weights=w[feats], minlength=len(rows)) + b
        p = 1.0 / (1.0 + np.exp(-z))
        err = (p - labels) * weights / total
        g = np.bincount(feats, weights=err[owner], minlength=buckets) + l2 * w
        gb = float(err.sum())
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
        mb = b1 * mb + (1 - b1) * gb
        vb = b2 * vb + (1 - b2) * gb * gb
        b -= lr * (mb / (1 - b1**t)) / (np.sqrt(vb / (1 - b2**t)) + 1e-8)
    return w, b


def fit(
    rows: list[np.ndarray], labels: np.ndarray, weights: np.ndarray, *, steps: int = 300
) -> PersonModel:
    """The person model's weights (``adam_logistic``)."""
    w, b = adam_logistic(rows, labels, weights, buckets=BUCKETS, l2=L2, steps=steps)
    return PersonModel(w.astype(np.float32), b, 0.5)


def train(prompts: list[dict[str, Any]], cache: Spans, seed: int = SEED) -> PersonModel:
    """Synthetic mentions + the prompts' spans; a second round adds each personal prompt's
    best span as a positive."""
    rng = random.Random(seed)
    rows: list[np.ndarray] = []
    labels: list[float] = []
    for text, marked in synthetic(rng):
        lowers = lower_words(text)
        for s, e in spans_all(text):
            rows.append(hashed(text, s, e, lowers))
            labels.append(float((s, e) in marked))
    for p in prompts:
        if p["negative"]:
            got = cache.of(p["text"])
            rows.extend(got)
            labels.extend([0.0] * len(got))
    y = np.array(labels)
    weights = np.where(y > 0, 0.5 / max(y.mean(), 1e-9), 0.5 / max(1 - y.mean(), 1e-9))
    model = fit(rows, y, weights)
    for _ in range(ROUNDS):
        extra = []
        for p in prompts:
            got = cache.of(p["text"]) if p["person"] else []
            if got:
                scores = [float(model.weights[r].sum()) for r in got]
                extra.append(got[int(np.argmax(scores))])
        both = rows + extra
        yy = np.concatenate([y, np.ones(len(extra))])
        weights = np.where(yy > 0, 0.5 / yy.mean(), 0.5 / (1 - yy.mean()))
        model = fit(both, yy, weights)
    return model


_LIST_FINDERS = ("_listed_name", "_loose_name", "_subject_name", "_fact_subject", "_greeted_name")
"""The rules that find a person by the name lists or by a name's place in a sentence (what
the model stands in for in the ablation); the cue rules (an honorific, "my name is", a
closing line) stay."""


@contextlib.contextmanager
def without_name_lists() -> Iterator[None]:
    """The rules with their list-based person finders off: what the model adds where the
    rules' lists were grown on these very sets."""
    saved = {name: getattr(personal, name) for name in _LIST_FINDERS}
    try:
        for name in _LIST_FINDERS:
            setattr(personal, name, lambda *a, **k: False)
        yield
    finally:
        for name, fn in saved.items():
            setattr(personal, name, fn)


def flagged(rows: list[dict[str, Any]]) -> list[bool]:
    clf = PiiClassifier(PiiSettings(allow_domains=["corp.example.net"]))
    return [bool(clf.classify(PromptText(r["text"], 1)).kinds) for r in rows]


def tally(rows: list[dict[str, Any]], flags: list[bool]) -> dict[tuple[str, str], list[int]]:
    out: dict[tuple[str, str], list[int]] = {}
    for r, f in zip(rows, flags, strict=True):
        for lang in (r["lang"], "all"):
            cell = out.setdefault((r["category"], lang), [0, 0])
            cell[0] += int(f)
            cell[1] += 1
    return out


def add(a: dict[Any, list[int]], b: dict[Any, list[int]]) -> dict[Any, list[int]]:
    out = {k: list(v) for k, v in a.items()}
    for k, (h, n) in b.items():
        cell = out.setdefault(k, [0, 0])
        cell[0] += h
        cell[1] += n
    return out


def cell(t: dict[Any, list[int]], cat: str, lang: str) -> str:
    h, n = t.get((cat, lang), (0, 0))
    return f"{100 * h / n:.1f} % ({h}/{n})" if n else "-"


def table(title: str, t: dict[Any, list[int]]) -> list[str]:
    lines = [f"| {title} | en | de | fr | es | all |", "|---|---:|---:|---:|---:|---:|"]
    for cat in CATEGORIES:
        cells = " | ".join(cell(t, cat, g) for g in (*LANGS, "all"))
        lines.append(f"| {LABELS[cat]} | {cells} |")
    return lines


def cost(t: dict[Any, list[int]]) -> float:
    """How far from the targets (free text >= 90 %, hard negatives <= 5 %, clean <= 2 %,
    structured >= 95 %): the threshold with the least shortfall over all folds wins."""

    def share(cat: str) -> float:
        h, n = t.get((cat, "all"), (0, 0))
        return h / n if n else 0.0

    return (
        max(0.0, 0.90 - share("free_text_pii"))
        + max(0.0, 0.95 - share("structured_id"))
        + 2 * max(0.0, share("hard_negative") - 0.05)
        + 2 * max(0.0, share("clean") - 0.02)
    )


Pair = tuple[float, float]
Tally = dict[Any, list[int]]


def pairs() -> list[Pair]:
    """(short, long) threshold pairs: a long prompt's is never the lower."""
    return sorted({(th, lth) for th in THRESHOLDS for lth in (th, *LONG_THRESHOLDS) if lth >= th})


def pooled(per_fold: dict[str, dict[Pair, Tally]], pair: Pair) -> Tally:
    out: Tally = {}
    for held in per_fold:
        out = add(out, per_fold[held][pair])
    return out


def loso() -> Pair:
    cache = Spans()
    sets = {s: load(p) for s, p in BLIND.items()}
    as_prompts = {s: set_rows(p) for s, p in BLIND.items()}
    base = tuning_rows() + [r for p in EXTRA.values() for r in set_rows(p)]
    rules: dict[str, Tally] = {}
    no_lists: dict[str, Tally] = {}
    learned: dict[str, dict[Pair, Tally]] = {}
    ablated: dict[str, dict[Pair, Tally]] = {}
    for held in BLIND:
        prompts = base + [r for s, rs in as_prompts.items() if s != held for r in rs]
        model = train(prompts, cache)
        rows = sets[held]
        person_model.use(None)
        rules[held] = tally(rows, flagged(rows))
        with without_name_lists():
            no_lists[held] = tally(rows, flagged(rows))
        learned[held], ablated[held] = {}, {}
        for pair in pairs():
            person_model.use(PersonModel(model.weights, model.bias, *pair))
            learned[held][pair] = tally(rows, flagged(rows))
            with without_name_lists():
                ablated[held][pair] = tally(rows, flagged(rows))
        print(f"fold {held} done", file=sys.stderr, flush=True)
    person_model.use(None)
    best = min(
        pairs(),
        key=lambda pr: (cost(pooled(learned, pr)) + cost(pooled(ablated, pr)), -pr[0], -pr[1]),
    )
    all_rules: Tally = {}
    all_no_lists: Tally = {}
    for held in BLIND:
        all_rules = add(all_rules, rules[held])
        all_no_lists = add(all_no_lists, no_lists[held])
    shown = f"thresholds {best[0]} / {best[1]}"
    L = ["# Learned person model: leave one blind set out\n"]
    L.append("    nice -n 10 .venv/bin/python benchmarks/pii_person_train.py --loso --ship\n")
    L.append(
        f"At commit `{commit()}`, {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, Python "
        f"{platform.python_version()}, seed {SEED}. For each blind set A-E the model "
        "(`policy/classifiers/person_model.py`) is trained on the four others, `dev/`, "
        "`dev_b/`, `pii_generated.jsonl`, `pii_negatives.jsonl` and synthetic mentions, "
        "and the left-out set is scored by the default PII classifier (flagged: any kind "
        "found, as `pii-stays-local.yaml` decides), with the rules alone and with the model. "
        "The model never sees the set it is scored on. The rules have read the misses of "
        "all five sets (the last round of rule changes and the synthetic templates' "
        "patterns, nicknames beside a full name and a department as a sender, followed set "
        "E's misses), so no row here is blind: the rules rows flatter the rules, and the "
        "gain of the model is measured against rules that already saw each set. The "
        "ablation below is the cleaner measure of the model on names it was never given.\n"
    )
    L.append(
        f"Thresholds chosen over the five folds pooled: **{best[0]}** for a short prompt, "
        f"**{best[1]}** for a long prompt's windows (the pair with the least shortfall from "
        "the targets, hard negatives and clean prompts weighted twice, summed over the rules "
        "with the model and the ablation below). `--ship` trains the shipped model on all "
        "the sets with them.\n"
    )
    L.append("## All five folds pooled\n")
    L.extend(table("rules alone", all_rules))
    L.append("")
    L.extend(table(f"rules + model ({shown})", pooled(learned, best)))
    L.append("")
    L.append("## Ablation: the model in place of the rules' name lists (pooled)\n")
    L.append(
        "The rules' list-based person finders (`" + "`, `".join(_LIST_FINDERS) + "`) "
        "switched off, so the person must be found by a cue rule or by the model: on sets "
        "A-D, whose misses grew those lists, this shows what the model finds in names it "
        "was never given.\n"
    )
    L.extend(table("rules without name lists", all_no_lists))
    L.append("")
    L.extend(table(f"rules without name lists + model ({shown})", pooled(ablated, best)))
    L.append("")
    L.append("## Threshold sweep (pooled, all languages)\n")
    L.append(
        "| short / long | free text | hard negatives flagged | clean flagged | structured "
        "| free text, no lists | hard negatives, no lists |"
    )
    L.append("|---|---:|---:|---:|---:|---:|---:|")
    for pr in pairs():
        t, a = pooled(learned, pr), pooled(ablated, pr)
        L.append(
            f"| {pr[0]} / {pr[1]} | {cell(t, 'free_text_pii', 'all')}"
            f" | {cell(t, 'hard_negative', 'all')} | {cell(t, 'clean', 'all')}"
            f" | {cell(t, 'structured_id', 'all')} | {cell(a, 'free_text_pii', 'all')}"
            f" | {cell(a, 'hard_negative', 'all')} |"
        )
    L.append("")
    for held in BLIND:
        L.append(f"## Set {held} left out\n")
        L.extend(table("rules alone", rules[held]))
        L.append("")
        L.extend(table(f"rules + model ({shown})", learned[held][best]))
        L.append("")
    RESULTS.write_text("\n".join(L), encoding="utf-8")
    print("\n".join(L))
    return best


def ship(thresholds: Pair) -> None:
    cache = Spans()
    prompts = tuning_rows() + [r for p in (*BLIND.values(), *EXTRA.values()) for r in set_rows(p)]
    model = train(prompts, cache)
    PersonModel(model.weights, model.bias, *thresholds).save(SHIPPED)
    print(f"wrote {SHIPPED} (thresholds {thresholds})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--loso", action="store_true", help="leave-one-set-out measurement")
    ap.add_argument("--ship", action="store_true", help="train the shipped model")
    ap.add_argument(
        "--thresholds", type=float, nargs=2, default=None, help="short, long (--ship alone)"
    )
    args = ap.parse_args()
    best = loso() if args.loso else None
    if args.ship:
        chosen = tuple(args.thresholds) if args.thresholds else best
        if chosen is None:
            ap.error("--ship needs --loso or --thresholds")
        ship((chosen[0], chosen[1]))


if __name__ == "__main__":
    main()
