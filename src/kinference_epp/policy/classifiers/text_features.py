"""Hashed features of a prompt for the trained complexity model, cheap enough for the
request path on any text.

Words, adjacent word pairs and the shapes of tokens with a digit, ``@`` or ``_``, as in
``linear.features``, plus the prompt's length in powers of two, read from the first and last ``WINDOW`` characters: what
is asked of the model is at the start or the end of a prompt (a question after a pasted
document), and a pasted log's ten-thousandth line says nothing the first lines did not.

Why it is written this way: one Python-level call per word or token is what a long prompt
costs. Words are split from bytes in C and hashed by ``map(zlib.crc32, ...)`` with no
Python frame per word; pairs are combined from the word hashes in numpy; token shapes are
taken by one ``bytes.translate`` of the whole window, a C-level ``filter`` of its identifier-like
tokens and three literal ``re.sub`` passes over them joined, which fold each run of one
class to one character (a template substitution would call back into Python for every
match). Unlike ``linear.features`` a shape is neither cut short nor paired with the word
before it: that pair tells a PII model which label an identifier has, and a complexity
model nothing.
"""

from __future__ import annotations

import re
import zlib

import numpy as np
import numpy.typing as npt

from kinference_epp.policy.classifiers.linear import BUCKETS

WINDOW = 2000
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


def window(text: str) -> str:
    """The first and last ``WINDOW`` characters of a longer text."""
    if len(text) <= 2 * WINDOW:
        return text
    return text[:WINDOW] + "\n" + text[-WINDOW:]


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
    part = window(text)
    words = part.lower().encode("utf-8", "replace").translate(_PUNCTUATION).split()
    word_ids = np.fromiter(map(zlib.crc32, words), dtype=np.uint64, count=len(words))
    pair_ids = word_ids[:-1] * _PAIR_MIX + word_ids[1:] if len(words) > 1 else word_ids[:0]
    grams = _identifiers(part.encode("ascii", "replace"))
    grams.append(b"#len%d" % len(text).bit_length())
    gram_ids = np.fromiter(map(zlib.crc32, grams), dtype=np.uint64, count=len(grams))
    hashed = np.concatenate((word_ids, pair_ids >> np.uint64(20), gram_ids)) % np.uint64(BUCKETS)
    ids = np.sort(hashed.astype(np.int64))  # then repeats dropped (np.unique hashes: slower)
    keep = np.empty(ids.size, dtype=bool)
    keep[:1] = True
    np.not_equal(ids[1:], ids[:-1], out=keep[1:])
    out: npt.NDArray[np.int64] = ids[keep]
    return out
