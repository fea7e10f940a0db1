"""A learned text classifier that needs no model download: logistic regression over hashed
word, word-pair and token-shape features, trained here (``kinfctl train-classifier``) from labelled
prompts and loaded from a local directory by the ``hashed-linear`` plug-in type.

It is the model-based option of the classifier seam that can be built on any machine: a
few megabytes of weights, numpy only, no tokenizer. A policy uses it like any plug-in::

    classifiers:
      - name: topic
        type: hashed-linear
        timeoutMs: 20
        params: {path: /models/topic}

and matches its labels with ``match.classifiers.plugins``. The directory holds
``model.npz`` (``weights`` labels x buckets, ``bias``, ``labels``, ``threshold``), written
by :func:`train`. Larger models (an NER or a fine-tuned encoder on onnxruntime) plug into
the same seam through the compiler's registry.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kinference_epp.policy.classifiers.base import PromptText

BUCKETS = 1 << 18
MODEL_FILE = "model.npz"
_MAX_CHARS = 16_000
"""Longer prompts are read at their start and end (where the request is)."""
_PUNCTUATION = str.maketrans({c: " " for c in '!"#$%&()*+,./:;<=>?@[\\]^`{|}~'})


_SHAPE = bytes(
    ord("X") if 65 <= i <= 90 else ord("x") if 97 <= i <= 122 else ord("d") if 48 <= i <= 57
    else i
    for i in range(256)
)  # fmt: skip
"""A character's shape: ``X`` upper-case, ``x`` lower-case, ``d`` digit, other ASCII kept
(a non-ASCII character is one ``?``)."""
_RUN = re.compile(rb"([Xxd])\1+")
_SHAPE_CHARS = 6


_IDENTIFIER = re.compile(rb"(?<!\S)[^\s]*?[d@_]\S*")
"""A token (in shape bytes) with a digit, an ``@`` or an underscore: plain words are left
to the word features."""


def shapes(text: str) -> list[str]:
    """The shape of each whitespace-separated token with a digit, ``@`` or ``_``, a run of
    one class written once and cut after ``_SHAPE_CHARS``, a number by its length ("DE89" ->
    "#Xd", "3704" -> "#d4", "a.b@c.io" -> "#x.x@x."), alone and after the word before it
    ("iban#Xd"): what an identifier looks like, which its words cannot teach when every
    value is new."""
    raw = text.encode("ascii", "replace").translate(_SHAPE)
    out = []
    for m in _IDENTIFIER.finditer(raw):
        token = m.group()
        t = _RUN.sub(rb"\1", token)
        shape = f"d{len(token)}" if t == b"d" else t[:_SHAPE_CHARS].decode()
        out.append("#" + shape)
        before = text[max(0, m.start() - 32) : m.start()].split()
        if before:
            out.append(f"{before[-1].lower()}#{shape}")
    return out


def features(text: str) -> npt.NDArray[np.int64]:
    """Bucket ids of the prompt's words, adjacent word pairs and token shapes (``shapes``),
    hashed with CRC32 (stable across runs)."""
    if len(text) > _MAX_CHARS:
        text = text[: _MAX_CHARS // 2] + " " + text[-_MAX_CHARS // 2 :]
    words = text.lower().translate(_PUNCTUATION).split()
    grams = words + [f"{a} {b}" for a, b in pairwise(words)] + shapes(text)
    ids = np.fromiter((zlib.crc32(g.encode()) for g in grams), dtype=np.int64, count=len(grams))
    return np.unique(ids % BUCKETS)


class HashedLinear:
    """Labels whose probability reaches the threshold. Read-only after loading: thread-safe."""

    def __init__(
        self,
        weights: npt.NDArray[np.float32],
        bias: npt.NDArray[np.float32],
        labels: Sequence[str],
        threshold: float = 0.5,
    ) -> None:
        if weights.shape != (len(labels), BUCKETS) or bias.shape != (len(labels),):
            raise ValueError(f"weights {weights.shape} / bias {bias.shape} do not fit the labels")
        self.weights = weights
        self.bias = bias
        self.labels = tuple(labels)
        self.threshold = threshold

    @classmethod
    def load(cls, directory: str | Path) -> HashedLinear:
        path = Path(directory) / MODEL_FILE
        try:
            with np.load(path, allow_pickle=False) as data:
                return cls(
                    data["weights"].astype(np.float32),
                    data["bias"].astype(np.float32),
                    [str(x) for x in data["labels"]],
                    float(data["threshold"]),
                )
        except (OSError, KeyError) as exc:
            raise ValueError(f"no hashed-linear model at {path}: {exc}") from exc

    def save(self, directory: str | Path) -> Path:
        path = Path(directory)
        path.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            path / MODEL_FILE,
            weights=self.weights,
            bias=self.bias,
            labels=np.array(self.labels),
            threshold=np.float32(self.threshold),
        )
        return path / MODEL_FILE

    def probabilities(self, text: str) -> npt.NDArray[np.float64]:
        ids = features(text)
        logits = self.weights[:, ids].sum(axis=1, dtype=np.float64) + self.bias
        probs: npt.NDArray[np.float64] = 1.0 / (1.0 + np.exp(-np.clip(logits, -60.0, 60.0)))
        return probs

    def classify(self, prompt: PromptText) -> frozenset[str]:
        probs = self.probabilities(prompt.require())
        return frozenset(
            label for label, p in zip(self.labels, probs, strict=True) if p >= self.threshold
        )


def hashed_linear_factory(params: Mapping[str, Any]) -> HashedLinear:
    """The ``hashed-linear`` plug-in: ``params.path`` is the model directory."""
    path = params.get("path")
    if not isinstance(path, str) or not path:
        raise ValueError("hashed-linear needs params.path (the model directory)")
    model = HashedLinear.load(path)
    if "threshold" in params:
        model.threshold = float(params["threshold"])
    return model


def train(
    examples: Sequence[tuple[str, frozenset[str]]],
    *,
    epochs: int = 8,
    learning_rate: float = 0.5,
    l2: float = 1e-6,
    seed: int = 0,
    featurize: Callable[[str], npt.NDArray[np.int64]] = features,
) -> HashedLinear:
    """One-vs-rest logistic regression by SGD over the examples (text, labels), each text
    read as ``featurize`` reads it (bucket ids below ``BUCKETS``)."""
    labels = sorted({label for _, ls in examples for label in ls})
    if not labels:
        raise ValueError("no labels in the training examples")
    weights = np.zeros((len(labels), BUCKETS), dtype=np.float32)
    bias = np.zeros(len(labels), dtype=np.float32)
    feats = [featurize(text) for text, _ in examples]
    targets = np.array([[label in ls for label in labels] for _, ls in examples], dtype=np.float32)
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        rate = learning_rate / (1 + epoch)
        for i in rng.permutation(len(examples)):
            ids = feats[i]
            logits = weights[:, ids].sum(axis=1) + bias
            grad = 1.0 / (1.0 + np.exp(-np.clip(logits, -60.0, 60.0))) - targets[i]
            weights[:, ids] -= (rate * grad)[:, None] + l2 * weights[:, ids]
            bias -= rate * grad
    return HashedLinear(weights, bias, labels)
