"""Compiled passes of the PII scan over the prompt's one-byte map: work per character done
once, in one loop, instead of a numpy pass or a ``bytes`` search per question asked.

The PII scan reads the prompt through its one-byte-per-character map (``pii._classes``'s
``raw``: ASCII, a non-ASCII character as ``?``). Four questions cost a pass over the
whole text each, whatever the few spots that matter:

- **which cue words occur, and where** (``CueIndex``): the free-text recognizers
  (``personal.py``) ask for the whole-word places of a vocabulary of about 1,600 cue words.
  A split of the prompt into words, a set intersection and a ``bytes.find`` per cue word
  found grow with the text and with the cues; here one pass keys each word of the
  lower-cased, separator-spaced map and looks it up (a bitmap, then an open-addressing
  table of the vocabulary), recording each cue word's first places.
- **where the numbers are and what they look like** (``number_spans``): the digit-dense
  fast path (``pii._idle_runs``) needs, per run of digits, dots, hyphens and slashes, its
  digit count and the characters around it (in numpy, some twenty passes over the text).
- **where three digits start** (``triple_runs``): runs of such positions, split into those
  inside numbers that cannot be PII and the others.
- **which number windows can hold a candidate at all** (``Cores``): in prose, most runs of
  three digits are years and page numbers, whose windows no ``num`` or ``upper`` match of
  ``pii._CANDIDATES`` fits in; those windows are stepped over unsearched.

How a new recognizer joins the fast path:

- a free-text recognizer's cue words go into a ``personal._vocab`` set that is part of
  ``personal._ALL_CUES``; the index is built from that union, so ``words`` (the cues
  present) and ``_Index.positions`` answer for them without a scan. A word that holds a
  separator or a space (a phrase) is not a single word of the map: ``_Index.positions``
  scans for it.
- a structured recognizer that adds a shape to the ``num`` or ``upper`` alternatives of
  ``pii._CANDIDATES`` must keep ``core_spans``' cores a part of every match: a shape
  that holds none of them (two digits 5-23 apart over number characters, two capitals
  and two digits, X/Y/Z and seven digits) needs its own core there, or the windows that
  hold only it are skipped (``test_scan_kernel`` pins the two alternatives to say so).
  Candidates found outside the number windows (``@``, secrets, the pair and NINO
  searches) are not affected.
- only numbers that ``_idle_runs`` rules out for every kind are stepped over in a
  digit-dense prompt, so a new kind of number must be allowed there (``possible`` in
  ``number_spans``) if it can be one of them.

Each kernel has a plain reference that tests hold it to (``tests/unit/policy/
test_scan_kernel.py``): ``bytes.split`` + a set intersection + ``bytes.find`` for the index,
the numpy formulation for the numbers and the runs, a brute-force regex for the cores.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

OCCURRENCES = 16
"""Places recorded per cue word (``personal._OCCURRENCES``)."""
_GOLDEN = 0x9E3779B97F4A7C15
"""Fibonacci hashing's multiplier: a word's key times it, top bits, is its slot."""
_LONGEST = 255
"""Cue words longer than this are left out (a key holds the length in a byte)."""


_FILTER_BITS = 16
"""A bit per value of the top 16 bits of a key's hash: set for the vocabulary's keys, so
most words of a prompt are turned away by one read of an 8 KiB bitmap, which stays in
cache between prompts where a table of every cue word would not."""


@kernel
def cue_hits(
    spaced: U8,
    table: U64,
    bits: int,
    seen: U8,
    vocab: U8,
    offsets: I32,
    longest: int,
    counts: I32,
    places: I32,
) -> None:
    """For each word of ``spaced`` (runs of bytes between spaces; it ends with one) that is
    a vocabulary word, its offset minus one (the space before it, which is the word's
    offset in the prompt for ``_Index``'s padded map) appended to ``places[cue]`` while
    fewer than ``places.shape[1]`` are there; ``counts`` (zeros) counts them.

    A word's key is its length and its first, second and last bytes (``word_key``), its
    hash the key times ``_GOLDEN``. A word whose hash's bit in ``seen`` is clear is no cue
    word; else the top ``bits`` of the hash are its slot in ``table`` (open addressing,
    each entry the key shifted 32 bits up and the word's index plus one, 0 for empty), and
    a key that matches is confirmed byte by byte against ``vocab[offsets[i]:offsets[i +
    1]]``. The key needs no pass over the word, so a word costs the search for its end and,
    mostly, one bitmap read.
    """
    n = spaced.shape[0]
    mask = np.uint64(table.shape[0] - 1)
    shift = np.uint64(64 - bits)
    filter_shift = np.uint64(64 - _FILTER_BITS)
    golden = np.uint64(_GOLDEN)
    low = np.uint64(0xFFFFFFFF)
    limit = places.shape[1]
    i = 0
    while i < n:
        if spaced[i] == 32:
            i += 1
            continue
        start = i
        i += 1
        while spaced[i] != 32:  # the space at the end stops it
            i += 1
        size = i - start
        if size > longest:
            continue
        key = (
            np.uint64(size)
            | (np.uint64(spaced[start]) << np.uint64(8))
            | (np.uint64(spaced[start + min(1, size - 1)]) << np.uint64(16))
            | (np.uint64(spaced[i - 1]) << np.uint64(24))
        )
        h = key * golden
        f = h >> filter_shift
        if not (seen[f >> np.uint64(3)] >> (f & np.uint64(7))) & 1:
            continue
        slot = h >> shift
        entry = table[slot]
        while entry != 0:
            if entry >> np.uint64(32) == key:
                cue = np.int64(entry & low) - 1
                base = offsets[cue]
                same = True
                for k in range(size):
                    if vocab[base + k] != spaced[start + k]:
                        same = False
                        break
                if same:
                    if counts[cue] < limit:
                        places[cue, counts[cue]] = start - 1
                        counts[cue] += 1
                    break
            slot = (slot + np.uint64(1)) & mask
            entry = table[slot]


def word_key(word: bytes) -> int:
    """``cue_hits``' key of a word: its length, first, second and last bytes."""
    return len(word) | word[0] << 8 | word[min(1, len(word) - 1)] << 16 | word[-1] << 24


class CueIndex:
    """A fixed vocabulary of words (``bytes``, as ``personal._vocab`` writes them), ready
    for ``cue_hits`` on a map whose words are separated by spaces only (``personal._Index``
    maps every separator and whitespace character to one). Words holding whitespace can
    never be a whole word of it and are left out (``personal._Index.positions`` scans for
    such a word itself)."""

    __slots__ = ("_bits", "_longest", "_offsets", "_seen", "_table", "_vocab", "words")

    def __init__(self, words: Iterable[bytes]) -> None:
        self.words: tuple[bytes, ...] = tuple(
            sorted(
                {
                    w
                    for w in words
                    if 0 < len(w) <= _LONGEST and not any(b in b" \t\n\x0b\x0c\r" for b in w)
                }
            )
        )
        bits = 4
        while 1 << bits < 2 * len(self.words):
            bits += 1
        size = 1 << bits
        table = np.zeros(size, dtype=np.uint64)
        seen = np.zeros(1 << (_FILTER_BITS - 3), dtype=np.uint8)
        for cue, word in enumerate(self.words):
            key = word_key(word)
            h = (key * _GOLDEN) & 0xFFFFFFFFFFFFFFFF
            f = h >> (64 - _FILTER_BITS)
            seen[f >> 3] |= 1 << (f & 7)
            slot = h >> (64 - bits)
            while table[slot]:
                slot = (slot + 1) & (size - 1)
            table[slot] = key << 32 | (cue + 1)
        self._table, self._bits, self._seen = table, bits, seen
        self._vocab = np.frombuffer(b"".join(self.words) or b"\0", dtype=np.uint8)
        self._offsets = np.cumsum([0, *(len(w) for w in self.words)], dtype=np.int32)
        self._longest = max((len(w) for w in self.words), default=0)

    def hits(self, spaced: bytes) -> dict[bytes, list[int]]:
        """Each vocabulary word that is a whole word of ``spaced`` (split at spaces), and
        its first ``OCCURRENCES`` offsets (that of the space before it)."""
        if not spaced.endswith(b" "):
            spaced += b" "
        counts = np.zeros(len(self.words), dtype=np.int32)
        places = np.empty((len(self.words), OCCURRENCES), dtype=np.int32)
        cue_hits(
            np.frombuffer(spaced, dtype=np.uint8),
            self._table,
            self._bits,
            self._seen,
            self._vocab,
            self._offsets,
            self._longest,
            counts,
            places,
        )
        found = np.flatnonzero(counts)
        rows = places[found].tolist()  # one conversion, not one per word
        words = self.words
        return {
            words[c]: row[:k]
            for c, row, k in zip(found.tolist(), rows, counts[found].tolist(), strict=True)
        }


# -- numbers of a digit-dense prompt --------------------------------------------------------

_HARD_EDGES = np.zeros(256, dtype=np.bool_)
_HARD_EDGES[list(b";,=:\n\r\t|\"'[]{}<>")] = True
"""Characters no number candidate runs across (``pii._idle_runs``)."""
_LOWER = np.zeros(256, dtype=np.bool_)
_LOWER[list(b"abcdefghijklmnopqrstuvwxyz")] = True
_CAPITAL = np.zeros(256, dtype=np.bool_)
_CAPITAL[list(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")] = True
_ALPHA = _LOWER | _CAPITAL
_JOINERS = np.zeros(256, dtype=np.bool_)
_JOINERS[list(b".-/")] = True
_UPPER_RUN = _CAPITAL.copy()
_UPPER_RUN[list(b" -0123456789")] = True
"""What an ``upper`` candidate (an IBAN, a NINO) runs over after its first two letters."""

FEATURES = 12
"""Columns of ``number_spans``' table, in order (``COLUMNS``)."""
COLUMNS = (
    "start", "end", "count", "size", "left", "right", "stamp", "possible",
    "separated", "iso", "italian", "near",
)  # fmt: skip


_DIGIT = np.zeros(256, dtype=np.bool_)
_DIGIT[list(b"0123456789")] = True
_NUMERIC = _DIGIT.copy()
_NUMERIC[list(b".-/")] = True


_PAD = 2
"""Line breaks before the text in ``number_spans``' padded map (and 12 after it), so every
look around a number reads a byte: outside the text, a line break."""


@kernel
def number_spans(
    padded: U8,
    near: npt.NDArray[np.bool_],
    closing: bool,
    ssn: bool,
    tables: npt.NDArray[np.bool_],
    out: I64,
) -> int:
    """Every number of the text (a run of digits, dots, hyphens and slashes that starts and
    ends with a digit, one joiner before the digits taken as its left edge) as a row of
    ``out`` (at least ``len(text) // 2 + 1`` rows, ``FEATURES`` columns, see ``COLUMNS``):
    its span, digit count and length, and the tests ``pii._idle_runs`` makes of it (before
    its Italian-mobile check, which needs a regex). ``padded`` is the text's one-byte map
    with two line breaks before it and twelve after; ``tables`` the byte classes
    (``_TABLES``); ``near`` is empty when the prompt holds no phone word, else per offset
    whether one ends within reach before it. Returns the number of rows."""
    digit, numeric, hard, lower = tables[0], tables[1], tables[2], tables[3]
    capital, alpha, joiners, upper_run = tables[4], tables[5], tables[6], tables[7]
    n = padded.shape[0] - _PAD - 12
    has_near = near.shape[0] > 0
    rows = 0
    i = 0
    while i < n:
        if not numeric[padded[i + _PAD]]:
            i += 1
            continue
        s = i
        while i < n and numeric[padded[i + _PAD]]:
            i += 1
        e = i
        # a number starts and ends with a digit: one joiner before the digits is its left
        # edge ("/v1/orders/771889", "SKU-716124"), and a run that ends with a joiner is none
        lead = not digit[padded[s + _PAD]] and digit[padded[min(s + 1, n - 1) + _PAD]] and e - s > 1
        start = s + 1 if lead else s
        if not (digit[padded[e - 1 + _PAD]] and digit[padded[start + _PAD]]):
            continue
        count = 0
        for k in range(start, e):
            if digit[padded[k + _PAD]]:
                count += 1
        size = e - start
        bare = count == size
        before, before2 = padded[start - 1 + _PAD], padded[start - 2 + _PAD]
        after, after2 = padded[e + _PAD], padded[e + 1 + _PAD]
        left = not lead and (hard[before] or (before == 32 and alpha[before2] and count < 10))
        # no candidate runs across a lowercase letter ("api-7f9c4", "orders/771889")
        left = left or (count < 8 and lower[before2 if lead else before])
        right = hard[after] or (after == 32 and lower[after2])
        # a space and a capital ("8080 GET"): no candidate takes a letter after a space, but
        # eight digits, a capital and three more are a German pension insurance number
        right = right or (after == 32 and capital[after2] and count != 8) or lower[after]
        if lead and capital[before2] and before == 45 and count < 7 and hard[after]:
            at = start - 1  # the hyphen: a word of capitals before it, clean on its left
            edge = at - 1
            while edge >= 0 and capital[padded[edge + _PAD]]:
                edge -= 1
            word = at - edge - 1
            clean = edge < 0 or not upper_run[padded[edge + _PAD]]
            left = left or (word >= 1 and clean)
        # a timestamp's date before its "T09:...", its seconds before "Z": no kind is that
        # short or a date, and the ":" or the space and word after them end any later window
        stamp = (after == 84 and padded[e + 3 + _PAD] == 58) or (
            after == 90 and (hard[after2] or after2 == 32)
        )
        first = padded[start + _PAD]
        possible = (12 <= count <= 19) or first == 48
        near_here = has_near and near[start]
        if near_here:
            possible = possible or (8 <= count <= 15)
        if closing:
            possible = possible or (9 <= count <= 13)
        # as numpy's formulation reads them: the joiner test indexes the padded map
        # without its offset (the byte five before the end), the digit tests the text
        last_four = (
            digit[padded[e - 1 + _PAD]]
            and digit[padded[e - 2 + _PAD]]
            and digit[padded[e - 3 + _PAD]]
            and digit[padded[max(e - 4, 0) + _PAD]]
        )
        nanp = 10 <= count <= 11 and last_four and joiners[padded[max(e - 3, 0)]]
        # separated by dots, hyphens or slashes: an SSN (123-45-6789), a NANP number whose
        # last four digits follow a dot or hyphen, or the kinds above
        separated = possible or (count == 9 and size == 11) or nanp
        if ssn:
            possible = possible or count == 9
        # Italian mobiles (3, then 2-9, eight more); the document word before one is
        # looked for by ``pii._idle_runs``
        italian = bare and count == 10 and first == 51 and padded[start + 1 + _PAD] >= 50
        iso = size == 10 and padded[start + 4 + _PAD] == 45 and padded[start + 7 + _PAD] == 45
        out[rows, 0] = start
        out[rows, 1] = e
        out[rows, 2] = count
        out[rows, 3] = size
        out[rows, 4] = left
        out[rows, 5] = right
        out[rows, 6] = stamp
        out[rows, 7] = possible
        out[rows, 8] = separated
        out[rows, 9] = iso
        out[rows, 10] = italian
        out[rows, 11] = near_here
        rows += 1
    return rows


_TABLES = np.stack([_DIGIT, _NUMERIC, _HARD_EDGES, _LOWER, _CAPITAL, _ALPHA, _JOINERS, _UPPER_RUN])
_NO_NEAR = np.zeros(0, dtype=np.bool_)


def numbers(raw: bytes, near: npt.NDArray[np.bool_] | None, closing: bool, ssn: bool) -> I64:
    """``number_spans`` of the one-byte map ``raw``, as a table of its rows (``COLUMNS``)."""
    padded = np.frombuffer(b"\n" * _PAD + raw + b"\n" * 12, dtype=np.uint8)
    out = np.empty((len(raw) // 2 + 1, FEATURES), dtype=np.int64)
    rows = number_spans(padded, _NO_NEAR if near is None else near, closing, ssn, _TABLES, out)
    return out[:rows]


@kernel
def triple_runs(
    chars: U8, idle_starts: I64, idle_ends: I64, out_busy: I64, out_inside: I64
) -> tuple[int, int]:
    """The runs of offsets where three digits start: ``(start, end)`` pairs of those outside
    the idle numbers ``[idle_starts[k], idle_ends[k])`` (sorted) into ``out_busy`` (rows of
    two), the starts of those inside into ``out_inside``; returns how many of each. A run is
    inside when it starts inside an idle number."""
    n = chars.shape[0]
    busy = inside = 0
    owner = -1
    i = 0
    while i + 2 < n:
        c0, c1, c2 = chars[i], chars[i + 1], chars[i + 2]
        if not (48 <= c2 <= 57 and 48 <= c1 <= 57 and 48 <= c0 <= 57):
            i += 1
            continue
        start = i
        i += 1
        while i + 2 < n and 48 <= chars[i + 2] <= 57:
            i += 1
        while owner + 1 < idle_starts.shape[0] and idle_starts[owner + 1] <= start:
            owner += 1
        if owner >= 0 and start < idle_ends[owner]:
            out_inside[inside] = start
            inside += 1
        else:
            out_busy[busy, 0] = start
            out_busy[busy, 1] = i
            busy += 1
    return busy, inside


def runs(raw: bytes, idle_starts: I64, idle_ends: I64) -> tuple[list[int], list[int], list[int]]:
    """``triple_runs`` of the one-byte map ``raw`` as lists: busy starts, busy ends, inside
    starts."""
    chars = np.frombuffer(raw, dtype=np.uint8)
    most = len(raw) // 4 + 1
    busy = np.empty((most, 2), dtype=np.int64)
    inside = np.empty(most, dtype=np.int64)
    b, k = triple_runs(chars, idle_starts, idle_ends, busy, inside)
    return busy[:b, 0].tolist(), busy[:b, 1].tolist(), inside[:k].tolist()


# -- where a number or an upper-case id can be --------------------------------------------

_CORE_SPAN = 23
"""The farthest a number candidate's last digit lies from its first (``{4,22}`` between)."""


_WINDOW_BACK = 40
_WINDOW = 96
"""A number window (``pii._candidates``) starts at most this far before its run of three
digits and is at most ``_WINDOW`` long."""


@kernel
def core_spans(chars: U8, out_starts: I64, out_ends: I64) -> int:
    """Every offset where a core starts, and the smallest end of a core there, into the
    outputs (``len(chars)`` long); returns how many. A core is what every ``num`` and
    ``upper`` match of ``pii._CANDIDATES`` holds: two digits 5 to 23 apart with only
    digits, spaces, dots, parentheses, slashes and hyphens between
    (``[0-9][0-9 .()/\\-]{4,22}[0-9]``); two capitals and two digits
    (``[A-Z]{2}[ \\-]?[0-9]{2}``); or X, Y or Z and seven digits (``[XYZ]-?[0-9]{7}``)."""
    n = chars.shape[0]
    found = 0
    for i in range(n):
        c = chars[i]
        if c < 48 or c > 90 or 57 < c < 65:  # most of prose: neither a digit nor a capital
            continue
        end = -1
        if c <= 57:
            k = i + 1
            while k < n and k <= i + _CORE_SPAN:
                b = chars[k]
                digit = 48 <= b <= 57
                if not (digit or b == 32 or b == 46 or b == 40 or b == 41 or b == 47 or b == 45):
                    break
                if digit and k >= i + 5:
                    end = k + 1
                    break
                k += 1
        elif i + 3 < n:
            b1, b2, b3 = chars[i + 1], chars[i + 2], chars[i + 3]
            if 65 <= b1 <= 90:
                if 48 <= b2 <= 57 and 48 <= b3 <= 57:
                    end = i + 4
                elif (
                    (b2 == 32 or b2 == 45)
                    and 48 <= b3 <= 57
                    and i + 4 < n
                    and 48 <= chars[i + 4] <= 57
                ):
                    end = i + 5
            if end == -1 and 88 <= c <= 90:  # X, Y, Z
                k = i + 2 if b1 == 45 else i + 1
                run = 0
                while k < n and run < 7 and 48 <= chars[k] <= 57:
                    run += 1
                    k += 1
                if run == 7:
                    end = k
        if end != -1:
            out_starts[found] = i
            out_ends[found] = end
            found += 1
    return found


class Cores:
    """Where the prompt's cores are (``core_spans``), to tell which number windows of
    ``pii._candidates`` can hold a ``num`` or ``upper`` match at all: only those are
    searched, and the runs of three digits whose windows cannot are stepped over."""

    __slots__ = ("_nearest", "_starts")

    def __init__(self, raw: bytes) -> None:
        starts = np.empty(len(raw), dtype=np.int64)
        ends = np.empty(len(raw), dtype=np.int64)
        found = core_spans(np.frombuffer(raw, dtype=np.uint8), starts, ends)
        self._starts: list[int] = starts[:found].tolist()
        # the nearest end of a core starting at or after each core's start
        self._nearest: list[int] = np.minimum.accumulate(ends[:found][::-1])[::-1].tolist()

    @property
    def starts(self) -> list[int]:
        """Where cores start, in order."""
        return self._starts

    def fits(self, lo: int, stop: int) -> bool:
        """Whether a core lies inside ``[lo, stop)``."""
        k = bisect.bisect_left(self._starts, lo)
        return k < len(self._starts) and self._nearest[k] <= stop

    def first_window(self, at: int) -> int:
        """The first offset from ``at`` where a run of three digits could have a core in
        its window, or -1 when none can (a window reaches ``_WINDOW_BACK`` before its run
        and ``_WINDOW`` after its start)."""
        k = bisect.bisect_left(self._starts, at - _WINDOW_BACK)
        return -1 if k == len(self._starts) else max(at, self._nearest[k] - _WINDOW)


def warm_up() -> None:
    """Compile (or load) every kernel here with the types the scan passes."""
    CueIndex([b"name", b"street"]).hits(b" my name is street ")
    raw = b"x 2024-03-11T09:31:05Z id=1234567890 tel 0612345678;"
    numbers(raw, None, True, True)
    numbers(raw, np.zeros(len(raw), dtype=np.bool_), False, False)
    runs(raw, np.array([2], dtype=np.int64), np.array([12], dtype=np.int64))
    Cores(raw).fits(0, len(raw))
