"""The PII scan's compiled passes against their plain references: the cue index against
``bytes.split`` + a set intersection + ``bytes.find``, the digit-dense numbers against
numpy's formulation of ``pii._idle_runs``."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from kinference_epp.policy.classifiers import personal, pii, scan_kernel
from kinference_epp.policy.classifiers.scan_kernel import (
    _ALPHA,
    _CAPITAL,
    _HARD_EDGES,
    _JOINERS,
    _LOWER,
    _UPPER_RUN,
    CueIndex,
)

_NUMERIC_FLAGS = bytes(c in b"0123456789.-/" for c in range(256))
_NOT_CAPITAL_FLAGS = bytes(not _CAPITAL[c] for c in range(256))


def _capital_word_before(raw: bytes, chars: np.ndarray, at: np.ndarray) -> np.ndarray:
    cut = np.flatnonzero(np.frombuffer(raw.translate(_NOT_CAPITAL_FLAGS), dtype=bool))
    prev = np.searchsorted(cut, at, side="left") - 1
    edge = np.where(prev >= 0, cut[np.maximum(prev, 0)], -1)
    word = at - edge - 1
    clean = (edge < 0) | ~_UPPER_RUN[chars[np.maximum(edge, 0)]]
    result: np.ndarray = (word >= 1) & clean
    return result


def reference_idle_runs(raw: bytes, classes: bytes, cues: pii._Cues) -> pii._IdleRuns | None:
    """``pii._idle_runs`` in numpy: a pass over the text per test."""
    n = len(raw)
    if n < pii._DENSE or classes.count(b"0") * 8 < n:
        return None
    cues.force()
    chars = np.frombuffer(raw, dtype=np.uint8)
    digit = np.frombuffer(classes, dtype=np.uint8) == 48
    numeric = np.frombuffer(raw.translate(_NUMERIC_FLAGS), dtype=bool)
    framed = np.concatenate(([False], numeric, [False]))
    edges = np.flatnonzero(framed[1:] != framed[:-1])
    starts, ends = edges[0::2], edges[1::2]
    lead = ~digit[starts] & digit[np.minimum(starts + 1, n - 1)] & (ends - starts > 1)
    starts = starts + lead
    ok = digit[ends - 1] & digit[starts]
    starts, ends, lead = starts[ok], ends[ok], lead[ok]
    if not len(starts):
        return None
    size = ends - starts
    joints = np.flatnonzero(numeric & ~digit)
    counts = size - (np.searchsorted(joints, ends) - np.searchsorted(joints, starts))
    bare = counts == size
    padded = np.concatenate(([10, 10], chars, np.full(12, 10, dtype=np.uint8)))
    before, before2 = padded[starts + 1], padded[starts]
    after, after2 = padded[ends + 2], padded[ends + 3]
    left = ~lead & (_HARD_EDGES[before] | ((before == 32) & _ALPHA[before2] & (counts < 10)))
    left |= (counts < 8) & _LOWER[np.where(lead, before2, before)]
    right = _HARD_EDGES[after] | ((after == 32) & _LOWER[after2])
    right |= ((after == 32) & _CAPITAL[after2] & (counts != 8)) | _LOWER[after]
    capital = lead & _CAPITAL[before2] & (before == 45) & (counts < 7) & _HARD_EDGES[after]
    if capital.any():
        left |= capital & _capital_word_before(raw, chars, starts - 1)
    stamp = ((after == 84) & (padded[ends + 5] == 58)) | (
        (after == 90) & (_HARD_EDGES[after2] | (after2 == 32))
    )
    first = padded[starts + 2]
    possible = (counts >= 12) & (counts <= 19)
    possible |= first == 48
    near = cues.near_phone_word(n)[starts] if cues.phone else None
    if near is not None:
        possible |= near & (counts >= 8) & (counts <= 15)
    if cues.closing:
        possible |= (counts >= 9) & (counts <= 13)
    last_four = digit[ends - 1] & digit[ends - 2] & digit[ends - 3] & digit[np.maximum(ends - 4, 0)]
    nanp = (counts >= 10) & (counts <= 11) & last_four & _JOINERS[padded[np.maximum(ends - 3, 0)]]
    possible_separated = possible | ((counts == 9) & (size == 11)) | nanp
    if cues.ssn:
        possible |= counts == 9
    italian = bare & (counts == 10) & (first == 51) & (padded[starts + 3] >= 50)
    for i in np.flatnonzero(italian & ~possible & left & right).tolist():
        start = int(starts[i])
        window = (max(0, start - pii._CONTEXT), start)
        italian[i] = pii._DOCUMENT_WORD.search(cues.low, *window) is None
    possible |= italian
    iso = (size == 10) & (padded[starts + 6] == 45) & (padded[starts + 9] == 45)
    whole = size <= 24
    idle = (counts < 8) | (whole & bare & ~possible) | (whole & ~bare & ~iso & ~possible_separated)
    idle |= iso & ~near if near is not None else iso
    idle &= left & (right | (stamp & ((counts < 8) | iso)))
    idle_starts, idle_ends = starts[idle], ends[idle]
    if not len(idle_starts):
        return None
    triple = (digit[:-2] & digit[1:-1] & digit[2:]).view(np.int8)
    changes = np.flatnonzero(np.diff(triple, prepend=np.int8(0), append=np.int8(0)))
    run_start, run_end = changes[0::2], changes[1::2]
    owner = np.searchsorted(idle_starts, run_start, side="right") - 1
    inside = (owner >= 0) & (run_start < idle_ends[np.maximum(owner, 0)])
    busy = ~inside
    return run_start[busy].tolist(), run_end[busy].tolist(), run_start[inside].tolist()


_PIECES = [
    "tel ", "phone: ", "call me on ", "ssn ", "Kind regards,\nAnna\n", "order ", "SKU-", "AB-",
    "ABC-", "AB12CD-", "T", "Z ", "Z;", "x", " ", "\n", "\r\n", "-", "/", ".", "; ", "=", ", ",
    "2024-03-11", "2024-03-11T09:31:05Z", "3471234567", "3171234567", "0612345678",
    "123-45-6789", "+44 ", "GB", "invoice ", "(030) ", "415.634.0132", "12 150380 M 12 3",
    "4539 1488 0343 6467", "10.0.3.4", "Ab ", "ab ", '"', "[", "|",
]  # fmt: skip
_DIGITS = "0123456789"


def _digit_heavy(rng: random.Random) -> str:
    parts: list[str] = []
    size = 0
    target = rng.choice([4096, 4200, 6000])
    while size < target:
        if rng.random() < 0.55:
            part = "".join(rng.choice(_DIGITS + ".-/ ") for _ in range(rng.randrange(1, 20)))
        else:
            part = rng.choice(_PIECES)
        parts.append(part)
        size += len(part)
    return "".join(parts)


@pytest.mark.parametrize("seed", range(12))
def test_idle_runs_match_the_numpy_formulation(seed: int) -> None:
    rng = random.Random(seed)
    dense = 0
    for _ in range(40):
        text = _digit_heavy(rng)
        raw = pii._one_byte_per_char(text)
        classes = pii._classes(text, raw)
        expected = reference_idle_runs(raw, classes, pii._Cues(raw))
        assert pii._idle_runs(raw, classes, pii._Cues(raw)) == expected
        dense += expected is not None
    assert dense > 30  # the texts reach the dense path


def test_number_table_edges_of_the_text() -> None:
    """A number at the very start and the very end reads line breaks beyond them."""
    raw = b"12345678;" + b"x" * 4096 + b";0612345678"
    table = scan_kernel.numbers(raw, None, False, False)
    first, last = table[0], table[-1]
    assert (first[0], first[1], first[2]) == (0, 8, 8)
    assert (last[0], last[1], last[2], last[7]) == (len(raw) - 10, len(raw), 10, 1)
    assert first[5] == 1  # ";" on its right
    assert last[4] == 1  # ";" on its left


_WORDS = [
    "Mr", "Frau", "patient", "the", "name", "Name:", "street", "Road", "born", "DOB", "señora",
    "se?ora", "insurance", "doctor", "diabetes", "née", "«Steuer-ID»", "e-mail", "is", "x",
    "regards,", "\n", "\t", "  ", "12", "Kind", "dear", "mrs.", "patientin", "?",
]  # fmt: skip


def _index_reference(ix: personal._Index, vocab: frozenset[bytes]) -> dict[bytes, list[int]]:
    present = vocab.intersection(ix.words())
    return {w: ix._scan(w.decode()) for w in present}


@pytest.mark.parametrize("seed", range(8))
def test_cue_index_finds_what_split_and_find_find(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        many = rng.random() < 0.3  # a word repeated past the recorded places
        words = [rng.choice(_WORDS[:3] if many else _WORDS) for _ in range(rng.randrange(1, 400))]
        text = "".join(w + rng.choice([" ", "", ". ", ",", "\n"]) for w in words)
        ix = personal._Index(text)
        found = personal._CUE_INDEX.hits(ix._spaced)
        assert found == _index_reference(ix, personal._ALL_CUES)
        assert personal._Index(text).cues() == personal._ALL_CUES.intersection(ix.words())


def test_cue_index_leaves_out_words_that_cannot_be_one_word() -> None:
    index = CueIndex([b"date of birth", b"name", b""])
    assert index.words == (b"name",)
    assert index.hits(b" my name is name ") == {b"name": [3, 11]}
    assert index.hits(b" names ") == {}


def test_cue_index_records_the_first_places_only() -> None:
    index = CueIndex([b"ab"])
    spaced = b" " + b"ab " * 40
    assert index.hits(spaced) == {b"ab": [3 * i for i in range(scan_kernel.OCCURRENCES)]}


_CORE = re.compile(rb"[0-9][0-9 .()/\-]{4,22}[0-9]|[A-Z]{2}[ \-]?[0-9]{2}|[XYZ]-?[0-9]{7}")


def _reference_reach(raw: bytes) -> list[int]:
    """Per offset, the smallest end of a core match starting there or later (brute force)."""
    n = len(raw)
    ends = [n + 1] * (n + 1)
    for i in range(n - 1, -1, -1):
        end = next(
            (e for e in range(i + 1, min(n, i + 24) + 1) if _CORE.fullmatch(raw, i, e)), n + 1
        )
        ends[i] = min(end, ends[i + 1])
    return ends


@pytest.mark.parametrize("seed", range(6))
def test_cores_tell_which_windows_can_hold_a_candidate(seed: int) -> None:
    rng = random.Random(seed)
    pieces = ["AB", "GB29 ", "X-", "Y", "Z", "12", "1234567", " ", "-", ".", "(", ")", "/", "a"]
    for _ in range(40):
        raw = "".join(rng.choice(pieces + list(_DIGITS)) for _ in range(rng.randrange(1, 90)))
        data = raw.encode()
        reach = _reference_reach(data)
        cores = scan_kernel.Cores(data)
        for lo in range(len(data)):
            for stop in range(lo, min(len(data), lo + 30) + 1):
                assert cores.fits(lo, stop) == (reach[lo] <= stop)
        for at in range(len(data)):
            first = cores.first_window(at)
            # no run of three digits before ``first`` has a window a core fits in
            for p in range(at, len(data) if first == -1 else first):
                lo, stop = max(0, p - 40), min(len(data), p + 96)
                assert reach[lo] > stop
            assert first == -1 or first >= at


def test_typographic_marks_are_spaces_in_the_word_map() -> None:
    """Patched one by one (few marks, few or many other non-ASCII letters) or mapped again
    (many marks): the map is the text with every mark a space."""
    rng = random.Random(3)
    pieces = ["«", "»", "„", "“", "—", "¿", "é", "ß", "ü", "?", "Steuer-ID", " ", "Name", "x"]
    for marks in (0, 3, 40):
        for others in (0, 20, 300):
            chars = [rng.choice(pieces[6:]) for _ in range(others + 50)]
            chars += [rng.choice(pieces[:6]) for _ in range(marks)]
            rng.shuffle(chars)
            text = "".join(chars)
            plain = text
            for mark in personal._TYPOGRAPHIC:
                plain = plain.replace(mark, " ")
            raw = plain.replace("?", "!").encode("ascii", "replace")
            expected = b" " + raw.lower().translate(personal._SPACES_KEEP_Q) + b" "
            assert personal._Index(text)._spaced == expected


def test_the_number_windows_alternatives_are_those_the_cores_are_drawn_from() -> None:
    """``Cores`` skips number windows where no core fits: every ``num`` and ``upper`` match
    must hold one. A change to these alternatives needs ``scan_kernel.core_spans`` (and
    this test) brought along."""
    num = r"(?P<num>\+?\(?[0-9][0-9 .()/\-]{4,22}[0-9](?:-?[A-Z])?)"
    upper = (
        r"|(?P<upper>[A-Z]{2}[ \-]?[0-9]{2}[ \-A-Z0-9]{5,40}"
        r"|(?<![A-Za-z0-9])[XYZ]-?[0-9]{7}-?[A-Z])"
    )
    assert pii._CANDIDATES.pattern.startswith(num + upper + r"|(?P<at>@)")


@pytest.mark.parametrize("seed", range(4))
def test_an_address_is_looked_for_at_the_cores_as_in_the_whole_map(seed: int) -> None:
    """``_ip_with_user`` reading only the cores' starts answers as its scan of the map."""
    rng = random.Random(seed)
    pieces = [
        "user=amiller ", "src=", "81.2.69.142", "10.0.3.4", "1.2.3", "1.2.3.4.5", "127.0.0.1",
        "login ", " from ", "\n", "2024-03-11T09:31:05Z ", "v1.2.3", "3.14159 ", "Username: jo",
        "IP address: ", "a", " ", ".", "12", "(", "-",
    ]  # fmt: skip
    for _ in range(60):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 60)))
        raw = pii._one_byte_per_char(text)
        cores = scan_kernel.Cores(raw)
        assert pii._ip_with_user(text, raw, b"", cores) == pii._ip_with_user(text, raw)


@pytest.mark.parametrize("seed", range(4))
def test_the_nino_shape_is_found_as_find_finds_it(seed: int) -> None:
    rng = random.Random(seed)
    pieces = ["x", " ", "0", "00", " 00 00 00 ", "x 00 00 00 x", "00 00 00 00", "xx "]
    for _ in range(200):
        pairs = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 40))).encode()
        for start in range(len(pairs) + 1):
            assert pii._nino_shape(pairs, start) == pairs.find(b"x 00 00 00 x", start)
