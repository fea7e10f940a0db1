"""A learned scorer of person mentions: is this run of capitalised words a private person?

The rules find a person by a cue (an honorific, "my name is", a closing line) or by name
lists; a name outside the lists with no cue ("Kenver Treharne's scan came back ...",
"Big Mags - Magdalen Penhallow from dispatch") escapes them. This model reads every run of
two to four capitalised words (``spans``) and scores it from what makes a span a person's
name in any of the four languages, whether or not its words were ever seen:

- the words' letters: character n-grams of each word by its place (first, middle, last),
  its ending, its shape (hyphenated, ``Mc``/``O'``, accented, all capitals);
- the words around it: the two words before and after (a possessive, a relation, "from
  the", a verb of saying or being), the mark just before and after (a parenthesis, a dash,
  a quote, ``'s``), whether it opens a sentence, and whether its first word is also used
  in lower case in the text (then it is an article or a noun, not a name).

The weights are a logistic regression over hashed features (``zlib.crc32`` into
``BUCKETS`` buckets, so the same text always scores the same), trained by
``benchmarks/pii_person_train.py`` on synthetic mentions in four languages (names drawn
from character models, private and public contexts alike: a minister, a novelist, a street
or a company named after someone are negatives) and the labelled sets' prompts, and
shipped as ``data/person_spans.npz``: loaded once, on first use, numpy only.

``personal.find_personal`` asks it only where a special-category or money fact was found
and no rule named a person, and only within windows around those facts in a long prompt,
so its cost stays bounded; its public-figure, fiction and placeholder checks still apply
to a person it finds.
"""

from __future__ import annotations

import math
import re
import zlib
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

BUCKETS = 1 << 17
MODEL_FILE = "data/person_spans.npz"
_UPPER = "A-ZÀ-ÖØ-Þ"
_LOWER = "a-zß-öø-ÿ"
_TOKEN = rf"[{_UPPER}](?:[{_LOWER}]|[{_UPPER}](?=[{_LOWER}])|['\u2019](?=[{_UPPER}])|-(?=[{_UPPER}{_LOWER}]))+"
_PARTICLE = (
    r"(?:van der|van den|van de|von der|de la|de los|de las|van|von|de|del|della|di|da|du"
    r"|dos|ben|bin|al|ter|y)"
)
_NAMEWORD = rf"(?:Mc|Mac|O'|D')?{_TOKEN}"
SPAN = re.compile(
    rf"(?<![\w'\u2019\-]){_NAMEWORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_NAMEWORD})+(?![\w])"
)
"""A run of two or more capitalised words (name particles may stand between them)."""
_RUN_WORD = re.compile(_NAMEWORD)
_SUBSPAN = 3
"""The most words of a run one candidate takes: a run ("Führungszeugnis von Ruprecht
Zangerl", "Bei Bernd Kaltwasser") offers each two or three words in a row of it."""
_WORDS = re.compile(r"[\w'\u2019\-]+")
_ENDS = ".!?\n"
_LOWER_WORD = re.compile(rf"(?<![\w'\u2019\-])[{_LOWER}][\w'\u2019\-]*")
_MAX_SPANS = 64
"""Spans scored per window at most: a window is a few sentences."""


def _tokens(span: str) -> list[str]:
    return [t for t in span.split() if t[:1].isupper()]


def _hash(feature: str) -> int:
    return zlib.crc32(feature.encode("utf-8")) & (BUCKETS - 1)


def lower_words(text: str, begin: int = 0, stop: int | None = None) -> frozenset[str]:
    """The words of ``text[begin:stop]`` written in lower case: a span whose first word is
    among them starts with an article or a noun ("Der Betriebsrat ... der"), not a name."""
    return frozenset(_LOWER_WORD.findall(text, begin, len(text) if stop is None else stop))


def features(text: str, start: int, end: int, lowers: frozenset[str]) -> list[str]:
    """The span ``text[start:end]``'s features as strings (``lowers``: ``lower_words`` of
    the prompt, or of the window the span is read in)."""
    toks = _tokens(text[start:end])
    out = [f"n:{len(toks)}"]
    for i, tok in enumerate(toks):
        role = "F" if i == 0 else "L" if i == len(toks) - 1 else "M"
        t = tok.lower()
        out.append(f"w{role}:{t}")
        out.append(f"s{role}:{t[-3:]}")
        out.append(f"p{role}:{t[:3]}")
        padded = f"^{t}$"
        for n in (3, 4):
            out.extend(f"c{role}{n}:{padded[k : k + n]}" for k in range(len(padded) - n + 1))
        if "-" in t:
            out.append(f"hy{role}")
        if tok.isupper():
            out.append(f"caps{role}")
        if not tok.isascii():
            out.append(f"acc{role}")
        out.append(f"len{role}:{min(len(t), 12) // 3}")
    if toks[0].lower() in lowers:
        out.append("common")
    before = text[max(0, start - 60) : start]
    after = text[end : end + 60]
    lead = before.rstrip(" \t")
    mark = lead[-1:] if lead else "^"
    out.append(f"mb:{mark if not mark.isalnum() else 'a'}")
    if mark in _ENDS or mark == "^" or (mark in ":>" and "\n" in before[-3:]):
        out.append("opens")
    trail = after.lstrip(" \t")
    out.append(f"ma:{trail[:1] if trail[:1] and not trail[:1].isalnum() else 'a'}")
    if after[:2] in ("'s", "\u2019s"):
        out.append("poss")
    left = _WORDS.findall(before.lower())[-2:]
    right = _WORDS.findall(after.lower())[:2]
    if left:
        out.append(f"l1:{left[-1]}")
        if len(left) == 2:
            out.append(f"l2:{left[0]}")
            out.append(f"l12:{left[0]}_{left[-1]}")
    if right:
        out.append(f"r1:{right[0]}")
        if len(right) == 2:
            out.append(f"r2:{right[1]}")
            out.append(f"r12:{right[0]}_{right[1]}")
    return out


def hashed(text: str, start: int, end: int, lowers: frozenset[str]) -> npt.NDArray[np.int64]:
    """The span's feature buckets (what the weights are indexed by)."""
    return np.fromiter(
        (_hash(f) for f in features(text, start, end, lowers)), dtype=np.int64, count=-1
    )


def spans(text: str, begin: int = 0, stop: int | None = None) -> list[tuple[int, int]]:
    """The candidate spans in ``text[begin:stop]``, as offsets into ``text``: every two or
    three capitalised words in a row of each run."""
    stop = len(text) if stop is None else stop
    out: list[tuple[int, int]] = []
    for run in SPAN.finditer(text, begin, stop):
        words = [m.span() for m in _RUN_WORD.finditer(text, run.start(), run.end())]
        for i in range(len(words) - 1):
            for j in range(i + 1, min(len(words), i + _SUBSPAN)):
                out.append((words[i][0], words[j][1]))
        if len(out) >= _MAX_SPANS:
            return out[:_MAX_SPANS]
    return out


class PersonModel:
    """The weights, their bias and the decision thresholds (chosen in leave-one-set-out):
    ``threshold`` for a short prompt, ``long_threshold`` for the windows of a long one,
    where many more spans get their chance."""

    __slots__ = ("bias", "long_threshold", "threshold", "weights")

    def __init__(
        self,
        weights: npt.NDArray[np.float32],
        bias: float,
        threshold: float,
        long_threshold: float | None = None,
    ) -> None:
        self.weights = weights.astype(np.float32)
        self.bias = float(bias)
        self.threshold = float(threshold)
        self.long_threshold = float(threshold if long_threshold is None else long_threshold)

    @classmethod
    def load(cls, path: Path | None = None) -> PersonModel:
        """The model at ``path``, or the one shipped in the package."""
        if path is None:
            with resources.files(__package__).joinpath(MODEL_FILE).open("rb") as fh:
                return cls._of(np.load(fh))
        with np.load(path) as data:
            return cls._of(data)

    @classmethod
    def _of(cls, data: np.lib.npyio.NpzFile) -> PersonModel:
        return cls(
            data["weights"],
            float(data["bias"]),
            float(data["threshold"]),
            float(data["long_threshold"]),
        )

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            weights=self.weights.astype(np.float16),
            bias=np.float32(self.bias),
            threshold=np.float32(self.threshold),
            long_threshold=np.float32(self.long_threshold),
        )

    def score(self, text: str, start: int, end: int, lowers: frozenset[str]) -> float:
        """The probability that the span is a person's name in a private context."""
        z = self.bias + float(self.weights[hashed(text, start, end, lowers)].sum())
        return 1.0 / (1.0 + math.exp(-z))

    def found(
        self, text: str, windows: list[tuple[int, int]], *, long: bool = False
    ) -> list[tuple[int, int]]:
        """The spans in ``windows`` that score at or above the threshold (``long``: a long
        prompt's), best first; overlapping windows are read once."""
        threshold = self.long_threshold if long else self.threshold
        scored = []
        for begin, stop in _merged(windows):
            lowers = lower_words(text, begin, stop)
            for start, end in spans(text, begin, stop):
                p = self.score(text, start, end, lowers)
                if p >= threshold:
                    scored.append((p, start, end))
        return [(start, end) for _, start, end in sorted(scored, reverse=True)]


def _merged(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for begin, stop in sorted(windows):
        if out and begin <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], stop))
        else:
            out.append((begin, stop))
    return out


_OFF = object()
_current: PersonModel | object | None = None


def current() -> PersonModel | None:
    """The model ``find_personal`` asks: the shipped one unless ``use`` set another."""
    global _current
    if _current is None:
        _current = PersonModel.load()
    return None if _current is _OFF else _current  # type: ignore[return-value]


def use(model: PersonModel | None) -> None:
    """Makes ``model`` the one ``current`` returns; ``None``: the rules alone (evaluation)."""
    global _current
    _current = _OFF if model is None else model
