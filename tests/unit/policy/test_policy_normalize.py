"""Unicode normalization of the prompt text: what it removes and folds, and that it is a
total, idempotent function (hypothesis)."""

from __future__ import annotations

import sys
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.policy.classifiers import normalize as n
from kinference_epp.policy.classifiers.base import PromptText


def _all_chars(category: str) -> list[str]:
    return [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == category]


def test_every_format_character_is_removed_or_spelled() -> None:
    table = n._INVISIBLE_TABLE
    missing = [f"U+{ord(c):04X}" for c in _all_chars("Cf") if ord(c) not in table]
    assert missing == []


def test_nfkc_never_brings_back_an_invisible_character() -> None:
    """So one pass of removal before NFKC is enough."""
    back = [
        f"U+{c:04X}"
        for c in range(sys.maxunicode + 1)
        if c not in n._INVISIBLE_TABLE
        and any(ord(x) in n._INVISIBLE_TABLE for x in unicodedata.normalize("NFKC", chr(c)))
    ]
    assert back == []


def test_every_decimal_digit_becomes_ascii() -> None:
    for ch in _all_chars("Nd"):
        assert n.fold_to_ascii(n.normalize(ch)) == str(unicodedata.digit(ch)), f"U+{ord(ch):04X}"


def test_confusables_are_nfkc_stable_letters_that_fold_to_ascii_letters() -> None:
    for src, dst in n.CONFUSABLES.items():
        assert not src.isascii()
        assert dst.isascii()
        assert dst.isalpha()
        assert unicodedata.normalize("NFKC", src) == src
        assert n.fold_to_ascii(src) == dst


def test_hidden_text_becomes_plain() -> None:
    assert n.normalize("jo\u200bhn\u00ad@\ufeffx.io\u202e") == "john@x.io"
    assert n.normalize("".join(chr(0xE0000 + ord(c)) for c in "a@b.io")) == "a@b.io"
    assert n.normalize("\uff4a\uff4f\uff48\uff4e\uff20\uff58\uff0e\uff49\uff4f") == "john@x.io"
    assert n.fold_to_ascii(n.normalize("j\u043ehn@\u0445.i\u03bf \u0664\u0662")) == "john@x.io 42"


def test_ascii_text_is_returned_as_is() -> None:
    text = "plain ascii " * 100
    assert n.normalize(text) is text
    assert n.fold_to_ascii(text) is text


def test_words_in_other_scripts_keep_their_letters_for_word_classifiers() -> None:
    prompt = PromptText("\u043f\u0440\u0438\u0432\u0435\u0442 \u00e9t\u00e9", 1)
    assert prompt.require() == "\u043f\u0440\u0438\u0432\u0435\u0442 \u00e9t\u00e9"
    assert prompt.folded() == "\u043fp\u0438be\u0442 \u00e9t\u00e9"  # for ASCII patterns only


_TEXT = st.text(
    st.one_of(
        st.characters(),
        st.sampled_from([*n.CONFUSABLES, "\u200b", "\u00ad", "\u0301", "\ufe0f", "\U000e0041"]),
    )
)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_normalize_is_total_and_idempotent(text: str) -> None:
    once = n.normalize(text)
    assert n.normalize(once) == once
    assert not any(ord(c) in n._INVISIBLE_TABLE for c in once)


@settings(max_examples=500, deadline=None)
@given(_TEXT)
def test_folding_is_total_and_idempotent(text: str) -> None:
    normal, already = n.normalize_checked(text)
    folded = n.fold_to_ascii(normal)
    assert n.fold_to_ascii(n.normalize(folded)) == folded
    if already:  # the shortcut PromptText takes
        assert folded == normal
    assert not any(ord(c) in n._FOLD_MAP for c in folded)


def _marked(text: str, chars: set[int]) -> bool:
    return any(ord(c) in chars or ord(c) >= 0x10000 for c in text)


@settings(max_examples=1000, deadline=None)
@given(_TEXT)
def test_the_table_scans_answer_as_a_character_by_character_check(text: str) -> None:
    invisible = {ord(c) for c in n._INVISIBLE_CHARS}
    fold = set(n._FOLD_MAP)
    high = {c for c in fold if c >= n._LOW}
    assert n._has_any(text, n._INVISIBLE) == _marked(text, invisible)
    assert n._has_any(text, n._FOLD) == _marked(text, fold)
    assert n._has_any(text, n._FOLD_HIGH) == _marked(text, high)
    assert n._has_any(text, n._SUSPECT) == _marked(text, invisible | fold)


_COMPOSING = [
    "é", "ß", "“", "”", "—", "…", "\u00a0", "\u0301", "\u0308", "\ufb01", "\u2460", "\uff21",
    "\u210c", "\u1100", "\u1161", "\u11a8", "\uac00", "\u0b47", "\u0b3e", "\u0bc6", "\u0bbe",
    "\u00c5", "\u2126",
]  # fmt: skip
"""Marks that compose with the letter before them, compatibility characters (ligature,
circled digit, fullwidth and black-letter capitals), Hangul jamo that compose into a
syllable, Indic vowel signs that are second halves of compositions, singletons."""
_MOSTLY_ASCII = st.text(
    st.one_of(st.sampled_from("ae oSZ1?.,'\n"), st.sampled_from(_COMPOSING), st.characters()),
    max_size=80,
)


@settings(max_examples=1500, deadline=None)
@given(_MOSTLY_ASCII)
def test_nfkc_read_around_the_non_ascii_runs_answers_as_the_whole_text(text: str) -> None:
    normal, already = n.normalize_checked(text)
    if not n._has_any(text, n._SUSPECT):
        expected = unicodedata.normalize("NFKC", text)
        assert normal == expected
        assert already == (expected == text)
