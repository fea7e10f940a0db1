"""The prefix index's tables: the cuckoo block table and each endpoint's engine maps.

``index.BlockIndex`` owns one ``BlockTable`` and, per endpoint and tier, one
``EngineMap``; the compiled write path (``apply_kernel``) and read path (``match_kernel``)
work on their arrays directly.

- **Block table** (``BlockTable``): own hash → row. A row holds the hash, then per tier
  ``ceil(slots / 64)`` uint64 words, bit ``s`` = endpoint slot ``s`` (one ``(rows, columns)``
  array, so one gather brings a hash and its masks). Row 0 is a sentinel (hash 0, no bits).
  Rows are found by cuckoo hashing: a hash lives in one of two slots of a power-of-two slot
  array (``int32`` row numbers), picked by the top bits of its low and of its high 32-bit
  half. A lookup of many hashes is then one gather of both slots, one gather of their rows,
  one compare: no probe loop and no branch per key (``find``; ``match`` probes the same
  two slots per block in a compiled loop).
  Inserting takes a free slot of the two, where a slot whose row nobody holds any more
  counts as free (that row is given back on the spot); when both are taken, occupants move
  to their other slot (vectorised kick rounds, a scalar tail for the last few). The slot
  array stays at most 45% full, which keeps kicks rare. A removal whose row nobody holds
  any more gives the row back on the spot (``apply_kernel.remove_keys``); other paths leave
  it to a sweep. Rows never move: growing either array, or sweeping rows nobody holds, keeps
  every row number, so the engine maps keep them.
- **Per endpoint and tier** (``EngineMap``): mixed engine hash → (block row, store
  sequence) in bucketed open addressing, plus sparse refcounts (dicts, because a count
  above one is rare): ``copies`` (an engine hash stored again) and ``shared`` (another
  engine hash with the same own hash). The bit is cleared when the last copy goes. An
  endpoint's blocks are exactly its map's live rows, so clearing or removing an endpoint
  is O(its blocks).
- Engine-map slots are never emptied: a removed entry is marked dead (sequence 0) and its
  slot reused by a later insert (or dropped when the table is rebuilt on growth), so a
  bucket's slots fill from slot 0 and a lookup may stop at the first bucket not full. Reuse
  is what keeps a pod with steady churn from rebuilding its map every few batches.

Own hash 0 and mixed engine key 0 mark empty slots, so they are stored as 1 (a 2**-64
collision, like any other hash collision here: it only costs a misrouted cache hit).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.apply_kernel import I32, I64, MIX, U64, find_keys, place_keys
from kinference_epp.kvcache.interface import GPU

_MAX_LOAD = 0.8
"""Rebuild an engine map before its used slots (live and dead) pass this fraction."""
_REBUILD_LOAD = 0.6
"""Size a rebuilt engine map so that its live keys fill about this fraction."""

SLOT_LOAD = 0.45
"""Most rows per block-table slot: cuckoo hashing with two choices works below 0.5."""
_MIN_BITS = 10
_MIN_ROWS = 1024
_ROW_GROWTH = 1.125
"""Row arrays grow by an eighth: rows are most of the block table's bytes."""
_KICK_ROUNDS = 64
_SCALAR_KICKS = 8
"""Pending inserts below this many are kicked one by one in Python (cheaper than a round)."""
_SCALAR_LIMIT = 500
_NONE = np.int64(-1)
WIDTH = 8
"""Slots per bucket: one 64-byte line of keys, and a row of 8 bools compared at once."""


class Keys:
    """Bucketed open addressing over non-zero uint64 keys (0 = empty slot).

    ``nb`` buckets of ``WIDTH`` slots, filled from slot 0; a full bucket spills into the
    next. A slot is never emptied (a dead key is only overwritten by a new one, or dropped
    by building a new table), so a lookup can stop at the first bucket whose last slot is
    empty. ``used`` counts non-empty slots, dead ones included.
    """

    __slots__ = ("flat", "keys", "limit", "nb", "used")

    def __init__(self, slots: int) -> None:
        nb = max(1, -(-slots // WIDTH))
        self.keys: U64 = np.zeros((nb, WIDTH), dtype=np.uint64)
        self.flat: U64 = self.keys.reshape(-1)
        self.nb = np.uint64(nb)
        self.used = 0
        self.limit = int(nb * WIDTH * _MAX_LOAD)

    def bucket(self, h: U64) -> I64:
        """Home bucket: the high 32 bits scaled to ``nb`` (any bucket count, no modulo)."""
        b = h >> np.uint64(32)
        b *= self.nb
        b >>= np.uint64(32)
        return b.view(np.int64)

    @property
    def capacity(self) -> int:
        return len(self.flat)

    def find(self, h: U64) -> I64:
        """Position of each key, ``-1`` where absent (``apply_kernel.find_keys``)."""
        return find_keys(self.flat, self.nb, h)

    def place(self, h: U64, seq: npt.NDArray[np.uint32]) -> I64:
        """Insert distinct, absent, non-zero keys; the caller keeps ``used`` under ``limit``.

        A slot is free when its ``seq`` is 0: empty, or a dead entry whose key may be
        overwritten (a dead key is never looked for again, and overwriting keeps its bucket
        as full as it was, so lookups still stop at the right bucket). Reusing dead slots is
        what keeps an endpoint with steady churn from rebuilding its map every few batches.
        Each key in turn takes the first free slot of its home bucket, or of the next bucket
        with one (``apply_kernel.place_keys``). Placed slots get ``seq`` 1 until the caller
        writes the real sequence.
        """
        pos, fresh_slots = place_keys(self.flat, seq, h, self.nb)
        self.used += fresh_slots
        return pos


def mix_keys(engine_hashes: Sequence[int] | U64) -> U64:
    """Engine hashes → well-spread non-zero table keys (a bijection but for 0 and 1)."""
    x = np.array(engine_hashes, dtype=np.uint64)
    if not len(x):
        return x
    x *= MIX
    x ^= x >> np.uint64(29)
    return np.maximum(x, np.uint64(1))


class EngineMap:
    """One endpoint's blocks in one tier: engine key → block row and store sequence."""

    __slots__ = ("clock", "copies", "keys", "live", "refkeys", "row", "seq", "shared")

    def __init__(self, slots: int = 16) -> None:
        self.keys = Keys(slots)
        cap = self.keys.capacity
        self.row = np.full(cap + 1, -1, dtype=np.int32)
        self.seq = np.zeros(cap + 1, dtype=np.uint32)
        """Store call that added each entry (0 = dead); the extra last row stays dead."""
        self.live = 0
        self.clock = 0
        self.copies: dict[int, int] = {}
        self.shared: dict[int, int] = {}
        self.refkeys: tuple[U64, U64] | None = None
        """The keys of ``copies`` and of ``shared``, each ascending, as ``index`` last sorted
        them (None: sort again); the owner resets it when a key comes or goes."""

    def reserve(self, n: int) -> None:
        if self.keys.used + n <= self.keys.limit:
            return
        alive = self.alive()
        old_keys = self.keys.flat[alive]
        self.keys = Keys(int((len(alive) + n) / _REBUILD_LOAD))
        seq = np.zeros(self.keys.capacity + 1, dtype=np.uint32)
        new = self.keys.place(old_keys, seq)
        row = np.full(self.keys.capacity + 1, -1, dtype=np.int32)
        row[new], seq[new] = self.row[alive], self.seq[alive]
        self.row, self.seq = row, seq

    def alive(self) -> I64:
        return np.flatnonzero(self.seq[:-1])

    def tick(self) -> int:
        """The sequence number for the next store call (renumbered before it overflows)."""
        if self.clock >= 0xFFFFFFFE:
            alive = self.alive()
            ranks = np.unique(self.seq[alive], return_inverse=True)[1]
            self.seq[alive] = ranks + 1
            self.clock = int(ranks.max(initial=0)) + 1
        self.clock += 1
        return self.clock


class BlockTable:
    """Own hash → row (cuckoo hashing); a row holds the hash, then per tier its masks.

    ``data`` is ``(rows, 1 + words)`` (``1 + 2 * words`` once an offload store happened):
    column 0 the own hash, then the GPU words, then the offload words; ``keys``, ``gpu``
    and ``cpu`` are views into it. One row brings a hash and its masks together, which is
    what ``match`` reads. (Never ``.take`` from the column views: numpy would copy
    the whole column first; index them.)
    """

    __slots__ = (
        "cpu",
        "data",
        "free",
        "gpu",
        "keys",
        "n_free",
        "n_rows",
        "shift",
        "slots",
        "used",
        "words",
    )

    def __init__(self) -> None:
        self.slots = np.zeros(1 << _MIN_BITS, dtype=np.int32)
        self.shift = np.uint32(32 - _MIN_BITS)
        self.used = 0
        """Occupied slots: rows with a hash (held, or not yet swept)."""
        self.words = 1
        self.data = np.zeros((_MIN_ROWS, 2), dtype=np.uint64)
        self.keys: U64 = self.data[:, 0]
        self.gpu: U64 = self.data[:, 1:2]
        self.cpu: U64 | None = None
        """Offload-tier masks, allocated on the first offload store."""
        self.n_rows = 1
        """Rows handed out so far; row 0 is the sentinel."""
        self.free = np.zeros(0, dtype=np.int64)
        self.n_free = 0
        """``free[:n_free]``: rows given back (sweeps, reused dead slots), reused first."""

    @property
    def bits(self) -> int:
        return int(self.slots.size).bit_length() - 1

    def probes(self, h: U64) -> npt.NDArray[np.uint32]:
        """Both candidate slots of each hash, shape ``(2, n)``."""
        halves = np.ascontiguousarray(h, dtype=np.uint64).view(np.uint32).reshape(-1, 2).T
        return np.right_shift(halves, self.shift)

    def find(self, h: U64) -> I32:
        """Row of each hash, 0 where absent."""
        r = self.slots.take(self.probes(h))
        r *= self.keys[r] == h
        rows: I32 = r[0] | r[1]
        return rows

    def masks(self, tier: int) -> U64:
        """``(rows, words)`` masks of a tier (offload masks allocated on first use)."""
        if tier == GPU:
            return self.gpu
        if self.cpu is None:
            self._layout(self.words, True, len(self.data))
        assert self.cpu is not None
        return self.cpu

    def widen(self, words: int) -> None:
        """Room for endpoint slots up to ``64 * words``."""
        if words > self.words:
            self._layout(words, self.cpu is not None, len(self.data))

    def insert(self, h: U64) -> I64:
        """Rows for distinct hashes that are not in the table."""
        n = len(h)
        if self.used + n > len(self.slots) * SLOT_LOAD:
            self.make_room(n)
        rows = self._alloc(n)
        self.keys[rows] = h
        self.used += n
        if not self._place(rows, h):
            self.rebuild(self.bits + 1)
        return rows

    def reserve(self, n: int) -> None:
        """Room for ``n`` new rows and as many rows given back (``store_keys``'s bound)."""
        self._reserve_rows(self.n_rows + max(0, n - self.n_free))
        self.reserve_free(n)

    def reserve_free(self, n: int) -> None:
        """Room for ``n`` more rows given back (``remove_keys``'s bound)."""
        end = self.n_free + n
        if end > len(self.free):
            more = max(end, 2 * len(self.free)) - self.n_free
            self.free = np.concatenate((self.free[: self.n_free], np.zeros(more, np.int64)))

    def _layout(self, words: int, offload: bool, rows: int) -> None:
        """Reallocate ``data`` (more rows, words or the offload tier), keeping row numbers."""
        old, old_words = self.data, self.words
        data = np.zeros((rows, 1 + words * (2 if offload else 1)), dtype=np.uint64)
        n = min(len(old), rows)
        data[:n, 0] = old[:n, 0]
        data[:n, 1 : 1 + old_words] = old[:n, 1 : 1 + old_words]
        if self.cpu is not None:
            data[:n, 1 + words : 1 + words + old_words] = old[:n, 1 + old_words :]
        self.data, self.words = data, words
        self.keys = data[:, 0]
        self.gpu = data[:, 1 : 1 + words]
        self.cpu = data[:, 1 + words :] if offload else None

    # ---- internals ---------------------------------------------------------------------

    def _alloc(self, n: int) -> I64:
        take = min(n, self.n_free)
        reused = self.free[self.n_free - take : self.n_free].copy()
        self.n_free -= take
        if take == n:
            return reused
        start = self.n_rows
        self._reserve_rows(start + n - take)
        self.n_rows += n - take
        fresh = np.arange(start, self.n_rows, dtype=np.int64)
        return fresh if not take else np.concatenate((reused, fresh))

    def _give_back(self, rows: I64) -> None:
        """Rows nobody holds leave the table (their slot is already cleared or reused)."""
        self.keys[rows] = 0
        self.used -= len(rows)
        end = self.n_free + len(rows)
        if end > len(self.free):
            self.free = np.concatenate((self.free[: self.n_free], np.zeros(max(end, 2 * len(self.free)) - self.n_free, dtype=np.int64)))  # fmt: skip
        self.free[self.n_free : end] = rows
        self.n_free = end

    def _reserve_rows(self, n: int) -> None:
        cap = len(self.data)
        if n > cap:
            rows = max(n, int(cap * _ROW_GROWTH), cap + _MIN_ROWS)
            self._layout(self.words, self.cpu is not None, rows)

    def make_room(self, n: int) -> None:
        """Sweep rows nobody holds; grow the slot array unless that freed a quarter of it
        (so that a table that stays nearly full is not swept again and again)."""
        self._sweep()
        bits = self.bits
        while self.used + n > (1 << bits) * SLOT_LOAD * 0.75:
            bits += 1
        if bits != self.bits:
            self.rebuild(bits)

    def _sweep(self) -> None:
        n = self.n_rows
        held = self.data[:n, 1:].any(axis=1)
        dead = (self.keys[:n] != 0) & ~held
        rows = dead.nonzero()[0]
        if not len(rows):
            return
        pos = self.probes(self.keys[rows]).astype(np.intp)
        for p in pos:
            here = self.slots.take(p) == rows
            self.slots[p[here]] = 0
        self._give_back(rows)

    def rebuild(self, bits: int) -> None:
        live = (self.keys[: self.n_rows] != 0).nonzero()[0]
        while True:
            self.slots = np.zeros(1 << bits, dtype=np.int32)
            self.shift = np.uint32(32 - bits)
            if self._place(live):
                break
            bits += 1
        self.used = len(live)

    def _place(self, rows: I64, h: U64 | None = None) -> bool:
        """Put rows (their hashes already set) into slots; False if kicking ran out.

        A slot whose row nobody holds any more counts as free: its row is given back on
        the spot (what a sweep would do later), so a table with steady churn rarely kicks.
        """
        slots = self.slots
        pos = self.probes(self.keys[rows] if h is None else h)
        occ = slots.take(pos)
        # row 0 holds nothing, so an empty slot reads as free too
        masks = self.data.take(occ, axis=0)[:, :, 1:]
        taken = masks[:, :, 0] != 0 if masks.shape[2] == 1 else np.any(masks, axis=2)
        target = np.where(taken[0], np.where(taken[1], _NONE, pos[1]), pos[0])
        before = np.where(taken[0], occ[1], occ[0])
        ok = target >= 0
        every = bool(ok.all())
        if not every:
            target, before, r = target[ok], before[ok], rows[ok]
        else:
            r = rows
        slots[target] = r
        won = slots.take(target) == r
        if every and won.all():
            dead = before[before != 0]
            if len(dead):
                self._give_back(dead.astype(np.int64))
            return True
        dead = before[won & (before != 0)]
        if len(dead):
            self._give_back(dead.astype(np.int64))
        pending = np.concatenate((rows[~ok], r[~won]))
        # evict the occupant of each pending row's first slot; it moves to its other slot
        cur = self.probes(self.keys[pending])[0].astype(np.intp)
        for _ in range(_KICK_ROUNDS):
            if len(pending) <= _SCALAR_KICKS:
                return self._kick_scalar(pending.tolist(), cur.tolist())
            occ1 = slots.take(cur)
            slots[cur] = pending
            won = slots.take(cur) == pending
            moved = occ1[won]
            moved_from = cur[won][moved != 0]
            moved = moved[moved != 0]
            pending = np.concatenate((moved, pending[~won]))
            came = np.concatenate((moved_from, cur[~won]))
            p = self.probes(self.keys[pending]).astype(np.intp)
            cur = np.where(p[0] == came, p[1], p[0])
        return False

    def _kick_scalar(self, rows: list[int], curs: list[int]) -> bool:
        slots, keys, shift = self.slots, self.keys, 32 - self.bits
        for row, cur in zip(rows, curs, strict=True):
            for _ in range(_SCALAR_LIMIT):
                occ = int(slots[cur])
                slots[cur] = row
                if occ == 0:
                    break
                h = int(keys[occ])
                a, b = (h & 0xFFFFFFFF) >> shift, h >> 32 >> shift
                row, cur = occ, b if a == cur else a
            else:
                return False
        return True
