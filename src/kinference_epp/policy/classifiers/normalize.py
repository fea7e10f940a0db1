"""Unicode normalization of prompt text, so that hiding text from a classifier needs more
than a character the reader cannot see.

``normalize`` is what every classifier reads:

1. Invisible characters are removed: every format character (category Cf: zero-width
   space, joiners, word joiner, BOM, soft hyphen, bidi controls ...) and the other
   default-ignorable code points (variation selectors, Hangul fillers, the combining
   grapheme joiner). Tag characters (U+E0020..U+E007E) spell ASCII invisibly and a model
   can still read them, so they become the ASCII they spell instead.
2. NFKC: fullwidth and mathematical letters and digits, ligatures, superscripts and the
   like become their plain forms.

``fold_to_ascii`` is for classifiers that match ASCII patterns (e-mail addresses, IDs,
keys): letters of other scripts that look like Latin ones (``CONFUSABLES``, a small table
taken from Unicode's confusables list for Cyrillic, Greek and Armenian) and decimal digits of
every script become ASCII. It would garble text written in those scripts, so classifiers
that read words (topics, complexity) do not use it.

ASCII text is returned as it is: ``str.isascii`` costs nothing, and ASCII holds no
character either step changes.
"""

from __future__ import annotations

import unicodedata

import numpy as np

_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Category Cf and Unicode's Default_Ignorable_Code_Point, as ranges (a test checks every
Cf character of the running Python's Unicode database is inside)."""

_TAG_ASCII = (0xE0020, 0xE007E)
"""Tag characters: U+E0000 plus an ASCII code."""

_INVISIBLE_CHARS = [chr(c) for a, b in _INVISIBLE_RANGES for c in range(a, b + 1)]
_BMP = 0x10000
_OUTSIDE_BMP = _BMP
"""Where ``_marks`` sends every character outside the BMP: the precise tables decide."""


def _marks(chars: list[int]) -> np.ndarray:
    """A flag per BMP code point (and one for everything beyond it) that is set for
    ``chars``: ``_has_any`` reads a whole text through it in a few numpy passes."""
    table = np.zeros(_BMP + 1, dtype=bool)
    table[[c for c in chars if c < _BMP]] = True
    table[_OUTSIDE_BMP] = True
    return table


def _has_any(text: str, marks: np.ndarray) -> bool:
    """Whether ``text`` holds a character marked in ``marks`` (or one outside the BMP).

    Prose in Latin scripts is mostly ASCII: a first pass keeps the code points past
    U+00A0 (no mark lies below U+00AD), and only those are looked up, in C.
    """
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    points = points[points > 0xA0]
    if not len(points):
        return False
    return bool(marks[np.minimum(points, _OUTSIDE_BMP)].any())


_INVISIBLE = _marks([ord(c) for c in _INVISIBLE_CHARS])
"""Marks a character to remove, or any character outside the BMP (then the precise table
decides)."""
_INVISIBLE_TABLE: dict[int, int | None] = {ord(c): None for c in _INVISIBLE_CHARS} | {
    c: c - 0xE0000 for c in range(_TAG_ASCII[0], _TAG_ASCII[1] + 1)
}

CONFUSABLES = {
    # Cyrillic
    "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0456": "i", "\u0458": "j", "\u043e": "o",
    "\u0440": "p", "\u0441": "c",
    "\u0443": "y", "\u0445": "x", "\u0455": "s", "\u04bb": "h", "\u0501": "d", "\u051b": "q",
    "\u051d": "w", "\u04cf": "l",
    "\u04af": "y", "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M",
    "\u041d": "H", "\u041e": "O",
    "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u0423": "Y", "\u0405": "S",
    "\u0406": "I", "\u0408": "J",
    "\u051a": "Q", "\u051c": "W", "\u04ae": "Y", "\u04c0": "l",
    # Greek
    "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I",
    "\u039a": "K", "\u039c": "M",
    "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X",
    "\u03b1": "a", "\u03b9": "i",
    "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c5": "u",
    "\u03f3": "j",
    # Armenian, and Latin letters that look like others
    "\u0585": "o", "\u057d": "u", "\u0570": "h", "\u0578": "n", "\u0131": "i", "\u0251": "a",
    "\u0261": "g",
}  # fmt: skip
"""Letters that look like a Latin letter, and the letter (from Unicode's confusables.txt;
fullwidth and mathematical forms are not here: NFKC folds them)."""

_DIGIT_ZEROS = (
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66,
    0x0CE6, 0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810,
    0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0,
    0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136,
    0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950,
    0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1E140, 0x1E2F0, 0x1E950,
)  # fmt: skip
"""The zero of each script's decimal digits that NFKC leaves alone (a test checks them
against the Unicode database)."""

_FOLD_MAP = {ord(k): ord(v) for k, v in CONFUSABLES.items()} | {
    zero + d: ord("0") + d for zero in _DIGIT_ZEROS for d in range(10)
}
_FOLD = _marks(list(_FOLD_MAP))
"""Marks a character to fold, or any outside the BMP (as ``_INVISIBLE``)."""
_LOW = 0x0700
_FOLD_LOW = [_FOLD_MAP.get(c, c) for c in range(_LOW)]
"""Every folded letter and the Arabic digits lie below U+0700: a list indexed by code
point translates about twice as fast as a dict."""
_FOLD_HIGH = _marks([c for c in _FOLD_MAP if c >= _LOW])
_FOLD_HIGH_MAP = {c: v for c, v in _FOLD_MAP.items() if c >= _LOW}


_SUSPECT = _INVISIBLE | _FOLD
"""A character to remove or to fold (or any outside the BMP): one pass tells."""


_FEW_OTHERS = 64
"""Non-ASCII characters up to which NFKC is checked around each run of them instead of
over the whole text."""


def _stable_around(text: str, others: list[int]) -> bool:
    """Whether NFKC leaves ``text`` as it is, read only around its non-ASCII characters
    (their offsets, ascending): each run of them with the ASCII character before it.

    ASCII characters are starters that NFKC keeps, that nothing reorders across and that
    compose with no character before them, so NFKC of the text is NFKC of those pieces
    and of the ASCII between them; the character before a run is read with it because a
    combining mark composes with it ("e" and U+0301 are "é")."""
    start = prev = others[0]
    for at in others[1:]:
        if at != prev + 1:
            if not unicodedata.is_normalized("NFKC", text[max(0, start - 1) : prev + 1]):
                return False
            start = at
        prev = at
    return unicodedata.is_normalized("NFKC", text[max(0, start - 1) : prev + 1])


def normalize(text: str) -> str:
    """``text`` without invisible characters, in NFKC."""
    return normalize_checked(text)[0]


def normalize_checked(text: str) -> tuple[str, bool]:
    """``normalize(text)``, and whether it is also ``fold_to_ascii``'s answer.

    Most non-ASCII prompts (accents, dashes, CJK) hold nothing to remove or fold: one scan
    finds that, and the folding classifier then reuses the normalized text without a second.
    """
    if text.isascii():
        return text, True
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    others = np.flatnonzero(points > 0x7F)  # no mark lies below U+00AD: only these are read
    if not _SUSPECT[np.minimum(points[others], _OUTSIDE_BMP)].any():
        if len(others) <= _FEW_OTHERS and _stable_around(text, others.tolist()):
            return text, True
        normal = unicodedata.normalize("NFKC", text)
        return normal, normal == text
    if _has_any(text, _INVISIBLE):
        text = text.translate(_INVISIBLE_TABLE)
    return unicodedata.normalize("NFKC", text), False


def fold_to_ascii(text: str) -> str:
    """Normalized ``text`` with look-alike letters and other scripts' digits made ASCII.

    NFKC runs again after folding: a folded letter may compose with the mark after it
    (Cyrillic a, U+0430, and U+0301 become ``á``), and the result must fold to itself.
    """
    if text.isascii() or not _has_any(text, _FOLD):
        return text
    folded = text.translate(_FOLD_LOW)
    if _has_any(folded, _FOLD_HIGH):
        folded = folded.translate(_FOLD_HIGH_MAP)
    return unicodedata.normalize("NFKC", folded)
