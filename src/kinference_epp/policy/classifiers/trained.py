"""A complexity model trained on the user's own labelled prompts, kept in one file, and the
way the picker combines it with the rules.

The rules (``complexity.py``) know the task words of four languages; they cannot know a
user's traffic: the field names of their forms, their in-house jargon, the shape of the
documents their users paste. A model trained on a few hundred of their prompts, labelled
easy / medium / hard, can. It is the ``hashed-linear`` model (``linear.py``: logistic
regression over hashed words, word pairs and token shapes, numpy only), one head per level,
over the features of ``text_features`` (the task's words, in English too, and its structure;
the pasted text's token shapes and the prompt's length).

Combined with the rules so that the model can only move a prompt toward the larger model
where the mistake is costly, and toward the smaller one only where the rules were unsure:

- the rules say hard: hard (a model trained on little data never sends those down);
- the rules say easy: the small model only where the two agree. Where the model's most
  probable level is hard, hard if the rules saw a sign of a reasoning task
  (``complexity.task_signs``) they rated easy (the model catches a hard task worded outside
  the rules' lists), medium otherwise: with no such sign the model's hard is a guess that
  costs the large model for a lookup, but the costly mistake, hard → small model, now needs
  both to be wrong;
- the rules say medium (the rules could not judge): the model's most probable level, but
  easy only when the rules saw no sign of a reasoning task (``complexity.task_signs``: no
  expert term, code, maths, constraint, reasoning word or task verb they could not rate),
  its probability reaches ``easy_at`` and the probability of hard stays below
  ``hard_below`` (the file's values, set at training). A model trained on a few hundred
  prompts is confidently wrong on a hard task worded unlike its training prompts (a
  derivation or a contract review it reads as easy at 0.97 or more), so no threshold
  guards the costly mistake, hard → small model; the rules' signs do.

The file is a numpy ``.npz`` (no pickle) holding the buckets the training touched and their
weights, so a model trained on thousands of prompts stays well under a ConfigMap's 1 MiB.
:class:`ModelSlot` is what the compiled policies hold: the file watcher
(``policy.model_file``) swaps the model in it, and every ``classify`` reads the slot once,
so a reload needs no recompile and a request sees one model or the other, never half.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.linear import BUCKETS, HashedLinear, train
from kinference_epp.policy.classifiers.text_features import features
from kinference_epp.policy.model import Complexity

FORMAT = "kinference-classifiers/2"
"""Names the file layout and the features (``text_features``): a change to either is a new
format, and an old file is refused rather than read with features it was not trained on."""
LEVELS = tuple(level.value for level in Complexity)
EASY_AT = 0.6
HARD_BELOW = 0.1
"""Defaults of the two guards on a move from medium to easy (module doc), chosen on the
repository's development sets (a model trained on the dev set judging set A): looser ones
let a model trained on little data send hard prompts to the small model.
``benchmarks/results/classifier_model_cv.md`` shows what they give."""


L2 = 1e-4
"""The weights' decay in training: more than ``linear.train``'s default, so that a word
seen in a few training prompts of one level does not decide alone (chosen on
``benchmarks/results/complexity_loso.md``, each blind set left out)."""
SEEDS = 5
"""Models trained on the prompts in as many shuffled orders, their weights averaged: on a
few hundred prompts one order's model differs from the next one's on a new set by several
points, and the average depends far less on the order."""


@dataclass(frozen=True)
class TrainedModel:
    """The complexity head and what it was trained on (shown by ``kinfctl`` and the log)."""

    complexity: HashedLinear
    prompts: int
    trained_at: str
    easy_at: float = EASY_AT
    hard_below: float = HARD_BELOW
    sources: tuple[str, ...] = ()
    """The labelled files it was trained on, as given to ``kinfctl classifiers train``."""

    def probabilities(self, text: str) -> dict[str, float]:
        """Each level's probability (the one-vs-rest heads' outputs, normalised to sum 1)."""
        head = self.complexity
        logits = head.weights[:, features(text)].sum(axis=1, dtype=np.float64) + head.bias
        raw = 1.0 / (1.0 + np.exp(-np.clip(logits, -60.0, 60.0)))
        total = float(raw.sum()) or 1.0
        return {
            label: float(p) / total for label, p in zip(self.complexity.labels, raw, strict=True)
        }

    def combine(self, rules: Complexity, text: str, signs: bool = False) -> Complexity:
        """The level the picker acts on: the rules' judgement and the model's (module doc);
        ``signs``: the rules saw a sign of a reasoning task (``complexity.task_signs``)."""
        if rules is Complexity.HARD:
            return rules
        probs = self.probabilities(text)
        best = Complexity(max(probs, key=probs.__getitem__))
        if rules is Complexity.EASY:
            if best is Complexity.HARD:  # the small model only where the two agree
                return best if signs else Complexity.MEDIUM
            return rules
        if best is Complexity.HARD:
            return best
        if best is Complexity.EASY and (
            signs
            or probs[best.value] < self.easy_at
            or probs[Complexity.HARD.value] >= self.hard_below
        ):
            return Complexity.MEDIUM
        return best

    def save(self, path: str | Path) -> Path:
        """Write the model to ``path`` (one file; a ``.npz`` suffix is added if missing)."""
        path = Path(path)
        if path.suffix != ".npz":
            path = path.with_name(path.name + ".npz")
        path.parent.mkdir(parents=True, exist_ok=True)
        head = self.complexity
        used = np.flatnonzero(np.any(head.weights != 0, axis=0)).astype(np.int32)
        meta = {
            "format": FORMAT,
            "prompts": self.prompts,
            "trained_at": self.trained_at,
            "sources": list(self.sources),
        }
        partial = path.with_name(f".{path.name}.partial")  # renamed over it: a watcher
        with partial.open("wb") as fh:  # never reads half a file
            np.savez_compressed(
                fh,
                meta=np.array(json.dumps(meta)),
                labels=np.array(head.labels),
                buckets=used,
                weights=head.weights[:, used],
                bias=head.bias,
                easy_at=np.float32(self.easy_at),
                hard_below=np.float32(self.hard_below),
            )
        partial.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path) -> TrainedModel:
        """Read a model file; ValueError says what is wrong with it."""
        try:
            raw = io.BytesIO(Path(path).read_bytes())  # one read: no handle left open
            with np.load(raw, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("format") != FORMAT:
                    raise ValueError(f"format {meta.get('format')!r}, expected {FORMAT!r}")
                labels = [str(x) for x in data["labels"]]
                buckets = data["buckets"].astype(np.int64)
                sparse = data["weights"].astype(np.float32)
                bias = data["bias"].astype(np.float32)
                easy_at = float(data["easy_at"])
                hard_below = float(data["hard_below"])
        except (OSError, KeyError, EOFError, ValueError, zipfile.BadZipFile, zlib.error) as exc:
            raise ValueError(f"{path}: not a classifier model file: {exc}") from exc
        if sorted(labels) != sorted(LEVELS):
            raise ValueError(f"{path}: labels {labels}, expected {list(LEVELS)}")
        if buckets.ndim != 1 or (buckets.size and (buckets.min() < 0 or buckets.max() >= BUCKETS)):
            raise ValueError(f"{path}: bucket ids out of range")
        if sparse.shape != (len(labels), buckets.size) or not np.isfinite(sparse).all():
            raise ValueError(f"{path}: weights {sparse.shape} do not fit the buckets")
        if not (0.0 <= easy_at <= 1.0 and 0.0 <= hard_below <= 1.0):
            raise ValueError(f"{path}: easy_at {easy_at} or hard_below {hard_below} not in [0, 1]")
        weights: npt.NDArray[np.float32] = np.zeros((len(labels), BUCKETS), dtype=np.float32)
        weights[:, buckets] = sparse
        head = HashedLinear(weights, bias, labels)
        sources = tuple(str(s) for s in meta.get("sources", ()))
        prompts, trained_at = int(meta["prompts"]), str(meta["trained_at"])
        return cls(head, prompts, trained_at, easy_at, hard_below, sources)


def train_complexity(
    examples: Sequence[tuple[str, str]],
    *,
    epochs: int = 8,
    easy_at: float = EASY_AT,
    hard_below: float = HARD_BELOW,
    sources: Sequence[str] = (),
) -> TrainedModel:
    """Train the complexity head on (text, level) pairs; every level must occur."""
    missing = set(LEVELS) - {level for _, level in examples}
    if missing:
        raise ValueError(f"no training prompt labelled {', '.join(sorted(missing))}")
    unknown = {level for _, level in examples} - set(LEVELS)
    if unknown:
        raise ValueError(f"unknown levels {sorted(unknown)}; expected {list(LEVELS)}")
    pairs = [(text, frozenset([level])) for text, level in examples]
    read = {text: features(text) for text, _ in examples}
    heads = [
        train(pairs, epochs=epochs, l2=L2, seed=seed, featurize=read.__getitem__)
        for seed in range(SEEDS)
    ]
    weights: npt.NDArray[np.float32] = np.mean([h.weights for h in heads], axis=0, dtype=np.float32)
    bias: npt.NDArray[np.float32] = np.mean([h.bias for h in heads], axis=0, dtype=np.float32)
    head = HashedLinear(weights, bias, heads[0].labels)
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return TrainedModel(head, len(examples), now, easy_at, hard_below, tuple(sources))


class ModelSlot:
    """The model in force (None: the rules alone). Assigned whole by one writer (the file
    watcher); readers take ``current`` once per call, so a swap is atomic for them."""

    def __init__(self, model: TrainedModel | None = None) -> None:
        self.current = model


class AssistedComplexity:
    """The rules' complexity, then the slot's model combined with it (``TrainedModel.combine``)."""

    def __init__(self, rules: ComplexityClassifier, slot: ModelSlot) -> None:
        self._rules = rules
        self._slot = slot

    def classify(self, prompt: PromptText) -> Complexity:
        model = self._slot.current
        if model is None:
            return self._rules.classify(prompt)
        level, signs = self._rules.judge(prompt)
        return model.combine(level, prompt.require(), signs)
