"""A learned second opinion on the PII scan's candidates: is this window a private person's data?

The rules decide each candidate by its shape, its label and a few words beside it; a
writer who phrases the context differently (a label a sentence away, a user name beside
an IP address in a log, a story's character with an illness) makes them wrong in ways
that more rules grown on one set do not carry to the next. This model reads, for every
place the rules looked at (``windows``):

- the scan's structured candidates (``pii.Seen``), confirmed or turned down: a confirmed
  one by its kind (``phone``), a turned-down one by its scan group (``num``, ``upper``,
  ``at``), and the rules' reason where they gave one for turning down a value of the
  right shape (``REASONS``: an office's contact, declared made-up data, an allowed value);
- the cue words of free-text personal data (``personal``'s vocabularies: a person's role
  or relation, a birth, an address, health, money trouble, an identifier's label);
- in a short prompt, the runs of capitalised words the person model (``person_model``)
  reads as names, with its score;

and scores the window around it (``REACH`` characters each side) from hashed features
(``zlib.crc32`` into ``BUCKETS``): the words, their five-letter prefixes and pairs, the
words just before and after the candidate and the marks beside it (a field separator, a
quote), the candidate's kind and shape, and the prompt's declared context (a fixture, a
story, the news, a brand: the rules' own vocabularies). At most ``MAX_WINDOWS`` windows
are read, so the cost is bounded whatever the prompt's length.

A prompt's score is its best window's. ``WindowModel.decide`` combines it with the rules:
the model flags a prompt the rules passed at ``flag_threshold`` or above, and clears a
rules flag only where the prompt's score is below ``clear_threshold``.
``benchmarks/pii_window_lofo.py`` trains the weights (logistic regression over windows;
multiple-instance, a positive prompt's best window as its positive), chooses the
thresholds and measures the combination leaving each family of blind sets out. The picker
does not ask this model: the measurement decides whether it should.

The structured variant (``structured_windows``, ``benchmarks/pii_window_structured.py``)
reads only where the rules found nothing, at the values they turned down (at most
``STRUCTURED_WINDOWS``, rarest shape first) with a narrower feature set that adds what the
value itself says (``value_facts``: a public or reserved IP range, check digits that agree
or not), and may only add a flag: bounded in cost, but the measurement does not adopt it
either.
"""

from __future__ import annotations

import ipaddress
import itertools
import math
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

import kinference_epp.policy.classifiers.person_model as person_model
import kinference_epp.policy.classifiers.personal as personal
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.national_ids import LABELS as NATIONAL_ID_LABELS
from kinference_epp.policy.classifiers.national_ids import (
    ahv_valid,
    at_svnr_valid,
    bsn_valid,
    pesel_valid,
)
from kinference_epp.policy.classifiers.pii import PiiClassifier, PiiFindings, Seen
from kinference_epp.policy.classifiers.sensitive import WORDS as SENSITIVE_WORDS
from kinference_epp.policy.classifiers.validators import (
    iban_valid,
    luhn_valid,
    nir_valid,
    nss_valid,
    steuer_id_valid,
)
from kinference_epp.policy.model import PiiKind

BUCKETS = 1 << 18
REACH = 100
"""Characters read each side of a candidate."""
NEAR = 4
"""Words just before and after a candidate, read by their side."""
MAX_WINDOWS = 24
"""Windows scored per prompt at most: the cost stays bounded whatever the prompt's length."""
SHORT = 2000
"""Prompts up to this many characters are also read at their names (``name_candidates``)."""
NAMES = 4
NAME_FLOOR = 0.2
REASONS = frozenset({"office", "declared", "allowed"})
"""The rules' verdicts the model reads: their reasons for turning down a value of the
right shape (an office's contact, declared made-up data, an allowed value). Whether a
value was confirmed or turned down for its shape is left out: on the sets the rules were
tuned on that verdict is always right, and a model that learns to trust it adds nothing
where it is wrong."""
_WORDS = re.compile(r"\w+")
_DIGITS = str.maketrans("0123456789", "9999999999")
_SHAPE = re.compile(r"(.)\1+")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A place the rules looked at: ``kind`` (a ``PiiKind`` value, a scan group such as
    ``num`` for what the scan turned down, or a cue's class such as ``health``) and the
    rules' ``verdict`` there."""

    start: int
    end: int
    kind: str
    verdict: str


def shape(value: str) -> str:
    """A value's shape: digits as 9, letters as A or a, runs of one class shortened to two
    ("DE89 3704" -> "AA99 99")."""
    out = []
    for c in value[:24]:
        if c.isdigit():
            out.append("9")
        elif c.isalpha():
            out.append("A" if c.isupper() else "a")
        else:
            out.append(c)
    return _SHAPE.sub(r"\1\1", "".join(out))


def features(text: str, cand: Candidate, context: frozenset[str]) -> list[str]:
    """The window's features as strings (``context``: the prompt's declared-context tags)."""
    kind = cand.kind
    out = [f"k:{kind}"]
    if kind == "name" or cand.verdict in REASONS:
        out.append(f"v:{cand.verdict}")
        out.append(f"kv:{kind}:{cand.verdict}")
    if cand.end - cand.start <= 40 and kind not in _CUE_CLASSES:
        out.append(f"sh:{kind}:{shape(text[cand.start : cand.end])}")
    lead = text[max(0, cand.start - 3) : cand.start].rstrip(" \t")
    trail = text[cand.end : cand.end + 3].lstrip(" \t")
    out.append(f"mb:{kind}:{_mark(lead[-1:])}")
    out.append(f"ma:{kind}:{_mark(trail[:1])}")
    before = _WORDS.findall(
        text[max(0, cand.start - REACH) : cand.start].lower().translate(_DIGITS)
    )
    after = _WORDS.findall(text[cand.end : cand.end + REACH].lower().translate(_DIGITS))
    for i, w in enumerate(reversed(before[-NEAR:])):
        out.append(f"l:{w}")
        out.append(f"l{i}:{w}")
    for i, w in enumerate(after[:NEAR]):
        out.append(f"r:{w}")
        out.append(f"r{i}:{w}")
    words = before + after
    for w in words:
        out.append(f"u:{w}")
        if len(w) > 5:
            out.append(f"p:{w[:5]}")
    out.extend(f"b:{a}_{b}" for a, b in itertools.pairwise(words))
    for tag in context:
        out.append(f"c:{tag}")
        out.append(f"kc:{kind}:{tag}")
    return out


def _mark(c: str) -> str:
    """A character beside a candidate, as a feature: a letter or digit is ``a``, a line
    break ``n``, the prompt's edge ``^``, punctuation itself (a field separator of a log
    or table, a parenthesis, a quote)."""
    if not c:
        return "^"
    if c.isalnum():
        return "a"
    return "n" if c == "\n" else c


def _hash(feature: str) -> int:
    return zlib.crc32(feature.encode("utf-8")) & (BUCKETS - 1)


def hashed(text: str, cand: Candidate, context: frozenset[str]) -> npt.NDArray[np.int64]:
    """The window's feature buckets (what the weights are indexed by)."""
    return np.fromiter((_hash(f) for f in features(text, cand, context)), dtype=np.int64)


_CUE_CLASSES = ("name", "person", "birth", "address", "health", "money", "idlabel")
_FOUND_BY_CUE = {
    "idlabel": PiiKind.NATIONAL_ID,
    "person": PiiKind.PERSON_NAME,
    "birth": PiiKind.DATE_OF_BIRTH,
    "address": PiiKind.ADDRESS,
    "health": PiiKind.HEALTH,
    "money": PiiKind.HEALTH,
}
"""The kind the rules report for a cue's class (money trouble counts with health: the
special categories)."""


def cue_candidates(
    places: dict[str, list[int]], classes: dict[str, str], found: frozenset[PiiKind]
) -> list[Candidate]:
    """Candidates at the cue words' ``places`` (a word -> its offsets), each of the class
    ``classes`` gives it, with the verdict ``found`` where the rules report that class's
    kind in the prompt and ``passed`` where they do not."""
    out: list[Candidate] = []
    for word, offsets in places.items():
        cls = classes.get(word)
        if cls is None:
            continue
        verdict = "found" if _FOUND_BY_CUE[cls] in found else "passed"
        out.extend(Candidate(p, p + len(word), cls, verdict) for p in offsets[:2])
    return out


def capped(cands: list[Candidate]) -> list[Candidate]:
    """At most ``MAX_WINDOWS`` candidates: the scan's first (the rules' own confirmations
    and refusals), then the cues, in text order, one per ``REACH`` characters of a kind."""
    out: list[Candidate] = []
    last: dict[str, int] = {}
    for c in cands:
        at = last.get(c.kind)
        if at is not None and c.start - at < REACH and c.start >= at:
            continue
        last[c.kind] = c.start
        out.append(c)
        if len(out) >= MAX_WINDOWS:
            break
    return out


class WindowModel:
    """The weights, their bias and the two decision thresholds (by default 2.0 and -1.0:
    the model never flags and never clears, the rules decide)."""

    __slots__ = ("bias", "clear_threshold", "flag_threshold", "weights")

    def __init__(
        self,
        weights: npt.NDArray[np.float32],
        bias: float,
        flag_threshold: float = 2.0,
        clear_threshold: float = -1.0,
    ) -> None:
        self.weights = weights.astype(np.float32)
        self.bias = float(bias)
        self.flag_threshold = float(flag_threshold)
        self.clear_threshold = float(clear_threshold)

    @classmethod
    def load(cls, path: Path) -> WindowModel:
        """The model saved at ``path`` (``save``)."""
        with np.load(path) as data:
            return cls(data["weights"], float(data["bias"]), *map(float, data["thresholds"]))

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            weights=self.weights.astype(np.float16),
            bias=np.float32(self.bias),
            thresholds=np.array([self.flag_threshold, self.clear_threshold], dtype=np.float32),
        )

    def score(self, text: str, cands: list[Candidate], context: frozenset[str]) -> float:
        """The prompt's score: its best window's probability of a private person's data
        (0 without a window)."""
        best = -math.inf
        for c in cands:
            z = float(self.weights[hashed(text, c, context)].sum())
            best = max(best, z)
        if best == -math.inf:
            return 0.0
        return 1.0 / (1.0 + math.exp(-(best + self.bias)))

    def decide(self, rules_flag: bool, score: float) -> bool:
        """The prompt's decision: the rules' flag unless the model is confident otherwise."""
        if rules_flag:
            return score >= self.clear_threshold
        return score >= self.flag_threshold


def _vocabularies() -> tuple[dict[str, str], dict[str, str]]:
    """The cue words' classes and the context words' tags, from the rules' vocabularies
    (``personal``): the model reads the same words the rules do, weighed differently."""
    p = personal
    cue_sets = {
        "person": p._HONORIFICS | p._NAME_CUES | p._PERSON_CUES | p._ROLE_CUES | p._CLOSINGS,
        "birth": p._BIRTH_CUES,
        "address": p._ADDRESS_CUES | p._STREETS_EN | p._STREETS_FR | p._STREETS_PREFIXED,
        "health": p._HEALTH_TERMS | SENSITIVE_WORDS | p._HEALTH_IDS,
        "money": p._MONEY_TROUBLE | p._OWING,
        "idlabel": NATIONAL_ID_LABELS | p._ID_LABELS | p._TAX_WORDS,
    }
    context_sets = {
        "fixture": p._DECLARING_WORDS | p._PLACEHOLDERS,
        "fiction": p._FICTION,
        "news": p._NEWS | p._PUBLIC_LIVES,
        "brand": p._BRANDS | p._TRADE_WORDS | p._LEGAL_FORM_WORDS,
        "life": p._LIFE_WORDS,
        "place": p._PLACES,
    }
    cues = {w.decode(): c for c, ws in cue_sets.items() for w in ws}
    context = {w.decode(): c for c, ws in context_sets.items() for w in ws}
    return cues, context


_CUES, _CONTEXT = _vocabularies()


def windows(
    clf: PiiClassifier, prompt: PromptText
) -> tuple[PiiFindings, str, list[Candidate], frozenset[str]]:
    """The rules' findings on ``prompt``, the folded text they read, the candidates the
    model scores (``capped``) and the prompt's context tags (a class such as ``fixture``
    and ``fixture:<word>`` for each context word present)."""
    seen: list[Seen] = []
    findings = clf.traced(prompt, seen)
    text = prompt.folded()
    cands = [
        Candidate(s.start, s.end, s.kind.value if s.kind is not None else s.group, s.verdict)
        for s in sorted(seen, key=lambda s: s.start)
    ]
    ix = personal._Index(text)
    present = ix.cues()
    places: dict[str, list[int]] = {}
    context = set()
    for word in present:
        w = word.decode()
        if w in _CUES:
            places[w] = ix.positions(w, 2)
        tag = _CONTEXT.get(w)
        if tag is not None and word in personal._LEGAL_FORM_WORDS and not _as_written(text, ix, w):
            continue  # "se", "sa": Spanish and French words; "SE", "SA": legal forms
        if tag is not None:
            context.add(tag)
            context.add(f"{tag}:{w}")
    cues = cue_candidates(places, _CUES, findings.kinds)
    if len(text) <= SHORT:
        cues += name_candidates(text, PiiKind.PERSON_NAME in findings.kinds)
    cues.sort(key=lambda c: c.start)
    return findings, text, capped(cands + cues), frozenset(context)


def _as_written(text: str, ix: personal._Index, word: str) -> bool:
    """Whether a legal form's word stands in ``text`` as a legal form is written ("Airbus
    SE", "Inditex SA", "Unilever plc"), not only as the ordinary word of the same letters
    ("se fue", "sa maison")."""
    return any(text[p : p + len(word)] in personal._LEGAL_FORMS for p in ix.positions(word, 8))


def name_candidates(text: str, named: bool) -> list[Candidate]:
    """The runs of capitalised words the person model (``person_model``) scores at
    ``NAME_FLOOR`` or above, best first, at most ``NAMES``: kind ``name``, verdict
    ``found`` or ``passed`` (whether the rules named a person) with the person model's
    score in fifths ("passed3")."""
    model = person_model.current()
    if model is None:
        return []
    lowers = person_model.lower_words(text)
    scored = []
    for start, end in person_model.spans(text):
        p = model.score(text, start, end, lowers)
        if p >= NAME_FLOOR:
            scored.append((p, start, end))
    scored.sort(reverse=True)
    verdict = "found" if named else "passed"
    return [Candidate(a, b, "name", f"{verdict}{min(int(p * 5), 4)}") for p, a, b in scored[:NAMES]]


# -- the structured variant: a flag only, on the values the rules turned down ----------------

TURNED_DOWN = frozenset({"rejected", "declared"})
"""The verdicts of a value the rules did not report that the model reads again: turned
down for its shape or context, declared made up. An office's contact (``office``) is not
among them: an office's mailbox and switchboard are the hard negatives the model would
flag; nor are the policy's ``allowValues``: an operator's allowance is not second-guessed."""
STRUCTURED_WINDOWS = 6
"""Turned-down values read per prompt at most."""
_RARITY = str.maketrans("0123456789", "9999999999")
PARTS = ("kind", "facts", "shape", "marks", "near", "words")
"""The structured windows' feature groups (``structured_features``)."""


def structured_candidates(
    text: str,
    seen: list[Seen],
    verdicts: frozenset[str] = TURNED_DOWN,
    cap: int = STRUCTURED_WINDOWS,
) -> list[Candidate]:
    """The values the scan turned down (``verdicts``), rarest shape first, at most ``cap``:
    a log's or a table's hundred timestamps share one shape, the one public address beside
    a user name has its own; ties in text order. (Training reads the confirmed values too:
    a confirmed value and a turned-down one look alike to the model, ``structured_features``.)"""
    down = [s for s in seen if s.verdict in verdicts]
    if not down:
        return []
    keys = [text[s.start : s.end].translate(_RARITY) for s in down]
    counts: dict[str, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    order = sorted(range(len(down)), key=lambda i: (counts[keys[i]], down[i].start))
    return [
        Candidate(down[i].start, down[i].end, down[i].group, down[i].verdict) for i in order[:cap]
    ]


_NON_DIGITS = re.compile(r"[^0-9]")
_IP = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
_CHECKED: dict[int, tuple[Callable[[str], bool], ...]] = {
    9: (bsn_valid,),
    10: (at_svnr_valid,),
    11: (pesel_valid, steuer_id_valid),
    12: (nss_valid,),
    13: (ahv_valid,),
    15: (nir_valid,),
}
"""National ids by their digit count, whose check digits a value may agree with."""


def value_facts(value: str) -> list[str]:
    """What the value itself says, whoever wrote the text around it: an IP address in a
    public range or a reserved one (documentation, private, loopback), whether a card's
    Luhn check, an IBAN's mod 97 or a national id's check digit of its length agree, and
    its count of digits."""
    digits = _NON_DIGITS.sub("", value)
    out = [f"f:n:{min(len(digits), 20)}"]
    if _IP.fullmatch(value):
        try:
            public = ipaddress.ip_address(value).is_global
        except ValueError:
            return out
        out.append(f"f:ip:{int(public)}")
        return out
    if value[:2].isalpha() and value[2:4].isdigit():
        out.append(f"f:iban:{int(iban_valid(value))}")
    elif 13 <= len(digits) <= 19:
        out.append(f"f:luhn:{int(luhn_valid(digits))}")
    checks = _CHECKED.get(len(digits))
    if checks is not None:
        out.append(f"f:id:{int(any(check(digits) for check in checks))}")
    return out


def structured_features(text: str, cand: Candidate, parts: tuple[str, ...] = PARTS) -> list[str]:
    """A value's window as feature strings: its scan group and the rules' reason where
    they gave one (``kind``; whether a value was confirmed or turned down for its shape is
    left out, as in ``features``), its shape (``shape``), the marks beside it (``marks``), the ``NEAR`` words
    each side by their side (``near``) and the window's words (``words``)."""
    kind = cand.kind
    out = []
    if "kind" in parts:
        out.append(f"k:{kind}")
        if cand.verdict in REASONS:
            out.append(f"kv:{kind}:{cand.verdict}")
    if "facts" in parts:
        out.extend(value_facts(text[cand.start : cand.end]))
    if "shape" in parts:
        out.append(f"sh:{kind}:{shape(text[cand.start : cand.end])}")
    if "marks" in parts:
        lead = text[max(0, cand.start - 3) : cand.start].rstrip(" \t")
        trail = text[cand.end : cand.end + 3].lstrip(" \t")
        out += [f"mb:{kind}:{_mark(lead[-1:])}", f"ma:{kind}:{_mark(trail[:1])}"]
    if "near" not in parts and "words" not in parts:
        return out
    before = _WORDS.findall(
        text[max(0, cand.start - REACH) : cand.start].lower().translate(_DIGITS)
    )
    after = _WORDS.findall(text[cand.end : cand.end + REACH].lower().translate(_DIGITS))
    if "near" in parts:
        for i, w in enumerate(reversed(before[-NEAR:])):
            out += [f"l:{w}", f"l{i}:{w}"]
        for i, w in enumerate(after[:NEAR]):
            out += [f"r:{w}", f"r{i}:{w}"]
    if "words" in parts:
        out += [f"u:{w}" for w in before + after]
    return out


def structured_hashed(
    text: str, cand: Candidate, parts: tuple[str, ...] = PARTS
) -> npt.NDArray[np.int64]:
    """The structured window's feature buckets."""
    return np.fromiter((_hash(f) for f in structured_features(text, cand, parts)), dtype=np.int64)


def structured_windows(
    clf: PiiClassifier, prompt: PromptText
) -> tuple[PiiFindings, str, list[Candidate]]:
    """The rules' findings on ``prompt``, the folded text and its turned-down values
    (``structured_candidates``; none where the rules found something: the model only adds
    a flag)."""
    seen: list[Seen] = []
    findings = clf.traced(prompt, seen)
    if findings.present:
        return findings, "", []
    text = prompt.folded()
    return findings, text, structured_candidates(text, seen)
