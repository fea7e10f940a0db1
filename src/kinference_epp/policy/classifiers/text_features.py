"""Hashed features of a prompt for the trained complexity model, cheap enough for the
request path on any text.

A model trained on a few hundred prompts learns whatever words its levels' prompts share,
and in a prompt with pasted text most words are the paste's: personal data, a log, a case, a
product leaflet. Such a model sends the next prompt with a diagnosis in its paste to the
large model and misses a hard task worded in another language. So the words it reads are
the task's (``task``: the last paragraph, where a request follows the text it is about; the
words before a colon that introduces the text; else the prompt's start and end), and of the
rest only what does not name a topic:

- the task's words and adjacent word pairs, and the same again with the task words of
  German, French and Spanish put in English (``languages.in_english``): one weight for
  "justify", "begründe", "justifie" and "justifica", so a task learnt in one language is
  known in the others;
- the task's structure, in no language's words: how many distinct demands it makes of the
  answer (``demands``: a justification, alternatives, a sensitivity analysis ...), how many
  parts it enumerates (commas, parentheses, listed lines), how many sentences and questions,
  its length in words, the length of the text before it, and its language;
- the shapes of the tokens with a digit, ``@`` or ``_`` in the first and last ``WINDOW``
  characters (a log's, a table's or a form's look) and the prompt's length in powers of two.

Why it is written this way: one Python-level call per word or token is what a long prompt
costs. The task is at most ``TASK`` characters; its words are split from bytes in C and
hashed by ``map(zlib.crc32, ...)`` with no Python frame per word, each kind of word with its
own CRC seed, and pairs are combined from the word hashes in numpy. Token shapes are taken
by one ``bytes.translate`` of the window, a C-level ``filter`` of its identifier-like tokens
and three literal ``re.sub`` passes over them joined, which fold each run of one class to one
character (a template substitution would call back into Python for every match).
"""

from __future__ import annotations

import re
import zlib
from itertools import repeat

import numpy as np
import numpy.typing as npt

from kinference_epp.policy.classifiers.demands import WEAK, demands
from kinference_epp.policy.classifiers.languages import detect, in_english
from kinference_epp.policy.classifiers.linear import BUCKETS

WINDOW = 2000
TASK = 600
"""Characters up to which a prompt's last paragraph is read as its task; a prompt longer than
this with no such paragraph and no colon near its start gives half of them from each end."""
_COLON_HEAD = 200
"""Characters of a prompt's start in which a colon introduces the text to work on."""
_PASTED = 200
"""Characters after that colon from which what follows it is the text, not the task."""
_PUNCTUATION = bytes.maketrans(b'!"#$%&()*+,./:;<=>?@[\\]^`{|}~', b" " * 29)
_SHAPE = bytes(
    ord("X") if 65 <= i <= 90 else ord("x") if 97 <= i <= 122 else ord("d") if 48 <= i <= 57
    else i
    for i in range(256)
)  # fmt: skip
"""A byte's shape: ``X`` upper-case, ``x`` lower-case, ``d`` digit, any other byte kept."""
_RUNS = (re.compile(rb"X{2,}"), re.compile(rb"x{2,}"), re.compile(rb"d{2,}"))
_IDENTIFIER = re.compile(rb"[d@_]")
"""In a token of the shaped text: a digit, ``@`` or ``_`` (plain words are word features)."""
_PAIR_MIX = np.uint64(0x9E3779B97F4A7C15)
_TASK_SEED = zlib.crc32(b"task")
_ENGLISH_SEED = zlib.crc32(b"english")
_TEXT = re.compile(r"\S")
_LISTED = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*\u2022])\s", re.MULTILINE)
"""A numbered or bulleted line: one enumerated part of the task."""
_SENTENCE_END = re.compile(r"[.?!;:](?:\s|$)")
_TRANSLATED = ("de", "fr", "es")
"""The languages whose task words ``in_english`` puts in English."""


def window(text: str) -> str:
    """The first and last ``WINDOW`` characters of a longer text."""
    if len(text) <= 2 * WINDOW:
        return text
    return text[:WINDOW] + "\n" + text[-WINDOW:]


def appended_task(text: str) -> str | None:
    """The last paragraph of a prompt of several when it is short (``TASK``): a request
    written after the text it is about (a case, a mail, a log, personal data), or None."""
    body = text.rstrip()
    cut = body.rfind("\n\n", max(0, len(body) - TASK))  # no scan or copy of a long text
    if cut <= 0 or _TEXT.search(body, 0, cut) is None:
        return None
    return body[cut:].strip() or None


def task(text: str) -> str:
    """The part of the prompt that asks: its ``appended_task``; else the one sentence before
    a colon near its start that introduces a longer text ("Sum this up in one sentence:
    ..."); else all of a short prompt, or the start and end of a long one."""
    asked = appended_task(text)
    if asked is not None:
        return asked
    body = text.strip()
    colon = body.find(":", 0, _COLON_HEAD)
    if colon > 0 and len(body) - colon > _PASTED and not _SENTENCE_END.search(body, 0, colon):
        return body[: colon + 1]  # one sentence before it: not "... tablets. Side effects:"
    if len(body) <= TASK:
        return body
    return body[: TASK // 2] + "\n" + body[-TASK // 2 :]


def _hashed_words(low: str, seed: int) -> npt.NDArray[np.uint64]:
    """CRC32 (seeded) of each word and of each adjacent pair of words."""
    words = low.encode("utf-8", "replace").translate(_PUNCTUATION).split()
    ids = np.fromiter(map(zlib.crc32, words, repeat(seed)), dtype=np.uint64, count=len(words))
    pairs = ids[:-1] * _PAIR_MIX + ids[1:] if len(words) > 1 else ids[:0]
    return np.concatenate((ids, pairs >> np.uint64(20)))


def structure(text: str, asked: str, lang: str) -> list[bytes]:
    """The task's shape in no language's words (module doc), each count capped."""
    found = demands(asked.lower())
    sentences = len(_SENTENCE_END.findall(asked)) or 1
    return [
        b"#lang" + lang.encode(),
        b"#demands%d" % min(len(found), 3),
        b"#strong%d" % min(len(found - WEAK), 2),
        b"#commas%d" % min(asked.count(","), 6),
        b"#parens%d" % min(asked.count("("), 2),
        b"#listed%d" % min(len(_LISTED.findall(asked)), 6),
        b"#sentences%d" % min(sentences, 5),
        b"#questions%d" % min(asked.count("?"), 3),
        b"#words%d" % len(asked.split()).bit_length(),
        b"#before%d" % max(0, len(text) - len(asked)).bit_length(),
    ]


def _identifiers(raw: bytes) -> list[bytes]:
    """For each whitespace token with a digit, ``@`` or ``_``: ``#`` and its shape, each run
    of one class written once ("DE89" -> ``#Xd``, "a.b@c.io" -> ``#x.x@x.x``)."""
    tokens = list(filter(_IDENTIFIER.search, raw.translate(_SHAPE).split()))
    if not tokens:
        return []
    joined = b" #".join(tokens)
    for run in _RUNS:
        joined = run.sub(run.pattern[:1], joined)
    return (b"#" + joined).split()


def features(text: str) -> npt.NDArray[np.int64]:
    """The distinct bucket ids of the prompt's features (CRC32, stable across runs)."""
    asked = task(text)
    low = asked.lower()
    lang = detect(low) if low.strip() else "en"
    parts = [_hashed_words(low, _TASK_SEED)]
    if lang in _TRANSLATED:
        parts.append(_hashed_words(in_english(low, lang), _ENGLISH_SEED))
    grams = _identifiers(window(text).encode("ascii", "replace"))
    grams.append(b"#len%d" % len(text).bit_length())
    grams += structure(text, asked, lang)
    parts.append(np.fromiter(map(zlib.crc32, grams), dtype=np.uint64, count=len(grams)))
    hashed = np.concatenate(parts) % np.uint64(BUCKETS)
    ids = np.sort(hashed.astype(np.int64))  # then repeats dropped (np.unique hashes: slower)
    keep = np.empty(ids.size, dtype=bool)
    keep[:1] = True
    np.not_equal(ids[1:], ids[:-1], out=keep[1:])
    out: npt.NDArray[np.int64] = ids[keep]
    return out
