"""Compiled write path of ``BlockIndex``: one call per batch and tier for stores, one
for removals, one per engine-map search.

The layouts are ``tables``' (its module docstring): the block table ``data`` (rows of
own hash, GPU words, offload words) with its cuckoo ``slots``, and per endpoint and tier an
engine map (bucketed open addressing: ``flat`` keys, ``seq`` store sequence, 0 = dead;
``row`` block row). Engine hashes come in raw and are mixed here as ``tables.mix_keys`` does.
Kernels walk their keys one by one, in order, so a key that repeats is applied twice, as
the events that carried it would be one by one:

- ``find_keys``: ``Keys.find`` (position of each key, -1 where absent).
- ``held_own``: the own hash each engine hash is held as (a store's parent).
- ``remove_keys``: per key, drop one copy: mark the entry dead and clear the endpoint's bit
  of its row; a row nobody holds any more leaves at once (its slot emptied, the row given
  back). It stops at an entry with a sparse refcount, which the caller settles.
- ``store_keys``: per key, the engine-map search; a held key is reported (``copies``
  refcount, conflict check); else its block row (found, or taken from the free list or the
  end and put in a cuckoo slot: a free slot of its two, a slot whose row nobody holds
  (given back on the spot), or kicking), the engine entry (revived in place, or the first
  free slot from its home bucket), the endpoint's bit (an own hash already held by the
  endpoint is reported: ``shared`` refcount). The row's bit is set before it is placed, so
  no row of the same call is taken for one nobody holds. The kernel stops and says why
  when the caller must act (make room in, or rebuild, the slot array) and is called again
  from where it stopped.
- ``place_keys``: ``Keys.place`` (keys into a rebuilt engine map).
- ``touches``: whether a batch's removals touch its stores (same engine hash, or a
  parent), i.e. whether their order may matter.

The Python caller keeps what needs allocation or dicts: growing arrays, rebuilds, the
sparse refcounts (rare), counters.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel
from kinference_epp.kvcache.decode_kernel import S_COLS, S_HAS_PARENT, S_PARENT

U64 = npt.NDArray[np.uint64]
U32 = npt.NDArray[np.uint32]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]

MIX = np.uint64(0x9FB21C651E98DF25)
_S29 = np.uint64(29)
_S32 = np.uint64(32)
_LOW = np.uint64(0xFFFFFFFF)
_ONE = np.uint64(1)
_KICK_LIMIT = 500
"""Kicks for one insert before the slot array is rebuilt larger."""

# ``state`` of ``store_keys`` (int64): block-table fields in and out, results out
ST_N_FREE = 0
ST_N_ROWS = 1
ST_USED = 2
ST_LIMIT = 3
"""in: most occupied slots before the caller must make room"""
ST_STATUS = 4
ST_NEXT = 5
"""out: where to resume when the status is not ``DONE``"""
ST_ADDED = 6
ST_FRESH = 7
"""out: engine-map slots that were empty (``Keys.used`` grows by this)"""
ST_CONFLICTS = 8
ST_HELD = 9
"""out: count of ``held_at``"""
ST_SHARED = 10
"""out: count of ``shared_at``"""
ST_TOUCH = 11
"""out: a checksum of ``_touch``'s reads (kept so that the compiler keeps them; unused)"""
ST_GONE = 12
"""out (``remove_keys``): entries dropped"""
ST_MISSING = 13
"""out (``remove_keys``): keys the tier does not hold"""
STATE_SIZE = 14

DONE = 0
NEED_ROOM = 1
"""the slot array is full: sweep/grow it (``BlockTable.make_room``), call again"""
REBUILD = 2
"""kicking ran out: the row ``next - 1`` was given (hash and bit) but has no slot; rebuild"""
REFCOUNTED = 3
"""``remove_keys`` reached an entry with a sparse refcount: the caller settles key ``next``"""


@kernel
def mix(x: np.uint64) -> np.uint64:
    """``tables.mix_keys`` of one engine hash."""
    x = x * MIX
    x ^= x >> _S29
    return x if x else _ONE


@kernel
def _find(flat: U64, nb: np.uint64, width: int, key: np.uint64) -> int:
    b = np.int64(((key >> _S32) * nb) >> _S32)
    n_b = np.int64(nb)
    while True:
        s = b * width
        for j in range(s, s + width):
            if flat[j] == key:
                return j
        if flat[s + width - 1] == 0:
            return -1
        b += 1
        if b == n_b:
            b = np.int64(0)


@kernel
def find_keys(flat: U64, nb: np.uint64, keys: U64) -> I64:
    """Position of each (mixed) key in an engine map's ``flat`` keys, -1 where absent."""
    width = flat.shape[0] // np.int64(nb)
    out = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        out[i] = _find(flat, nb, width, keys[i])
    return out


@kernel
def _touch(flat: U64, nb: np.uint64, seq: U32, row: I32, slots: I32, sh: np.uint64,
           data: U64, hashes: U64, own: U64, start: int) -> np.uint64:  # fmt: skip
    """Read, for every key from ``start``, the lines its store or removal will read: the
    home bucket of its engine map entry and, for a store, both cuckoo slots of its own hash
    and their rows (``own`` empty: a removal). The writing loop walks the keys one by one,
    each lookup waiting on the one before; these reads do not depend on each other, so the
    memory system serves many at once and the writing loop then finds them in the cache
    (a big block table is mostly cache misses)."""
    width = flat.shape[0] // np.int64(nb)
    acc = np.uint64(0)
    for i in range(start, hashes.shape[0]):
        b = np.int64(((mix(hashes[i]) >> _S32) * nb) >> _S32) * width
        acc += flat[b] + np.uint64(seq[b]) + np.uint64(row[b])
    if own.shape[0]:
        for i in range(start, own.shape[0]):
            h = own[i]
            acc += np.uint64(slots[np.int64((h & _LOW) >> sh)] + slots[np.int64((h >> _S32) >> sh)])
        for i in range(start, own.shape[0]):
            h = own[i]
            acc += data[slots[np.int64((h & _LOW) >> sh)], 0]
            acc += data[slots[np.int64((h >> _S32) >> sh)], 0]
    return acc


@kernel
def held_own(flat: U64, nb: np.uint64, seq: U32, row: I32, data: U64, hashes: U64) -> U64:
    """The own hash of the block each raw engine hash is held as in one engine map (the
    row's column 0), 0 where the map does not hold it (own hashes are never 0)."""
    width = flat.shape[0] // np.int64(nb)
    out = np.zeros(hashes.shape[0], dtype=np.uint64)
    for i in range(hashes.shape[0]):
        p = _find(flat, nb, width, mix(hashes[i]))
        if p >= 0 and seq[p] != 0:
            out[i] = data[row[p], 0]
    return out


@kernel
def _among(sorted_keys: U64, key: np.uint64) -> bool:
    """Whether ``key`` is one of ``sorted_keys`` (ascending)."""
    i = np.searchsorted(sorted_keys, key)
    return bool(i < sorted_keys.shape[0] and sorted_keys[i] == key)


@kernel
def remove_keys(
    flat: U64,
    nb: np.uint64,
    seq: U32,
    row: I32,
    slots: I32,
    shift: np.uint32,
    data: U64,
    free: I64,
    col: int,
    bit: np.uint64,
    hashes: U64,
    start: int,
    copied: U64,
    shared: U64,
    state: I64,
) -> None:
    """Drop one copy of each raw engine hash ``hashes[start:]``, in order, from one tier of
    one endpoint (``bit`` in column ``col``): a held entry is marked dead and ``bit`` cleared
    in its row; a row nobody holds any more leaves the table at once (its cuckoo slot
    emptied, the row given back, as ``BlockTable._sweep`` would later), so that steady churn
    keeps the table at its live size.

    An entry with a sparse refcount (its mixed key in ``copied``, or its own hash in
    ``shared``; both ascending, usually empty) is the caller's: the kernel stops there with
    ``REFCOUNTED`` (``ST_NEXT``); the caller settles that one key and calls again from the
    next. ``state``: ``ST_N_FREE`` and ``ST_USED`` in and out (the caller has room in
    ``free`` for every key); ``ST_GONE`` and ``ST_MISSING`` (not held) accumulate."""
    width = flat.shape[0] // np.int64(nb)
    sh = np.uint64(shift)
    n = hashes.shape[0]
    state[ST_STATUS] = DONE
    # the lookups first, then the rows, then their slots: passes of independent reads the
    # memory system overlaps (see ``_touch``), so the writing loop finds them cached
    pos = np.empty(n, dtype=np.int64)
    for i in range(start, n):
        pos[i] = _find(flat, nb, width, mix(hashes[i]))
    acc = np.uint64(0)
    for i in range(start, n):
        if pos[i] >= 0:
            acc += data[row[pos[i]], 0]
    for i in range(start, n):
        if pos[i] >= 0:
            h = data[row[pos[i]], 0]
            acc += np.uint64(slots[np.int64((h & _LOW) >> sh)] + slots[np.int64((h >> _S32) >> sh)])
    state[ST_TOUCH] = np.int64(acc)
    for i in range(start, n):
        p = pos[i]
        if p < 0 or seq[p] == 0:
            state[ST_MISSING] += 1
            continue
        r = np.int64(row[p])
        if (copied.shape[0] and _among(copied, flat[p])) or (
            shared.shape[0] and _among(shared, data[r, 0])
        ):
            state[ST_STATUS] = REFCOUNTED
            state[ST_NEXT] = i
            return
        seq[p] = 0
        w = data[r, col] & ~bit
        data[r, col] = w
        state[ST_GONE] += 1
        if w == 0 and not _held(data, r):
            h = data[r, 0]
            p0 = np.int64((h & _LOW) >> sh)
            p1 = np.int64((h >> _S32) >> sh)
            if slots[p0] == r:
                slots[p0] = 0
            elif slots[p1] == r:
                slots[p1] = 0
            _give_back(data, free, state, r)


@kernel
def _held(data: U64, r: np.int64) -> bool:
    for c in range(1, data.shape[1]):  # noqa: SIM110 (a plain loop compiles to less)
        if data[r, c] != 0:
            return True
    return False


@kernel
def _give_back(data: U64, free: I64, state: I64, r: np.int64) -> None:
    data[r, 0] = 0
    state[ST_USED] -= 1
    free[state[ST_N_FREE]] = r
    state[ST_N_FREE] += 1


@kernel
def _cuckoo(slots: I32, sh: np.uint64, data: U64, free: I64, state: I64, r: np.int64) -> bool:
    """Put row ``r`` (hash and bits set) in a slot; False when kicking ran out."""
    h = data[r, 0]
    p0 = np.int64((h & _LOW) >> sh)
    p1 = np.int64((h >> _S32) >> sh)
    for p in (p0, p1):
        o = np.int64(slots[p])
        if o == 0 or not _held(data, o):
            slots[p] = r
            if o:
                _give_back(data, free, state, o)
            return True
    cur = p0
    for _ in range(_KICK_LIMIT):
        o = np.int64(slots[cur])
        slots[cur] = r
        if o == 0:
            return True
        hk = data[o, 0]
        a = np.int64((hk & _LOW) >> sh)
        cur = np.int64((hk >> _S32) >> sh) if a == cur else a
        r = o
    return False


@kernel
def store_keys(
    flat: U64,
    nb: np.uint64,
    seq: U32,
    row: I32,
    slots: I32,
    shift: np.uint32,
    data: U64,
    free: I64,
    col: int,
    bit: np.uint64,
    hashes: U64,
    own: U64,
    stamp: np.uint32,
    start: int,
    held_at: I64,
    shared_at: I64,
    state: I64,
) -> None:
    """Store raw engine hashes ``hashes[start:]`` (distinct) with their own hashes (distinct,
    non-zero) in one tier of one endpoint (``bit`` in column ``col``), new entries stamped
    ``stamp``; see the module docstring. The caller has room for every key in the engine
    map, for ``n - start`` more rows in ``data`` and more entries in ``free``."""
    width = flat.shape[0] // np.int64(nb)
    sh = np.uint64(shift)
    n = hashes.shape[0]
    state[ST_STATUS] = DONE
    state[ST_TOUCH] = np.int64(_touch(flat, nb, seq, row, slots, sh, data, hashes, own, start))
    for i in range(start, n):
        key = mix(hashes[i])
        h = own[i]
        p = _find(flat, nb, width, key)
        if p >= 0 and seq[p] != 0:
            held_at[state[ST_HELD]] = i
            state[ST_HELD] += 1
            if data[row[p], 0] != h:
                state[ST_CONFLICTS] += 1
            continue
        r = np.int64(slots[np.int64((h & _LOW) >> sh)])
        if data[r, 0] != h:
            r = np.int64(slots[np.int64((h >> _S32) >> sh)])
            if data[r, 0] != h:
                r = np.int64(0)
        new = r == 0
        if new:
            if state[ST_USED] + 1 > state[ST_LIMIT]:
                state[ST_STATUS] = NEED_ROOM
                state[ST_NEXT] = i
                return
            if state[ST_N_FREE]:
                state[ST_N_FREE] -= 1
                r = free[state[ST_N_FREE]]
            else:
                r = state[ST_N_ROWS]
                state[ST_N_ROWS] += 1
            data[r, 0] = h
            state[ST_USED] += 1
        if p < 0:  # absent: the first free slot (empty or dead) from its home bucket
            b = np.int64(((key >> _S32) * nb) >> _S32)
            while p < 0:
                s = b * width
                for j in range(s, s + width):
                    if seq[j] == 0:
                        p = j
                        break
                b = (b + 1) % np.int64(nb)
            if flat[p] == 0:
                state[ST_FRESH] += 1
            flat[p] = key
        row[p] = r
        seq[p] = stamp
        state[ST_ADDED] += 1
        w = data[r, col]
        if w & bit:
            shared_at[state[ST_SHARED]] = i
            state[ST_SHARED] += 1
        else:
            data[r, col] = w | bit
        if new and not _cuckoo(slots, sh, data, free, state, r):
            state[ST_STATUS] = REBUILD
            state[ST_NEXT] = i + 1
            return


@kernel
def touches(stored: U64, stores: I64, removed: U64) -> bool:
    """Whether any ``removed`` engine hash is also ``stored``, or is the parent of one of
    ``stores`` (``decode_kernel.S_*`` rows): where, in a batch, the order of removals and
    stores may matter (``index.BlockIndex._segments``). A set of ``removed``, probed."""
    log = 4
    while (1 << log) < 2 * removed.shape[0]:
        log += 1
    size = 1 << log
    bits = np.uint64(64 - log)
    table = np.zeros(size, dtype=np.uint64)
    taken = np.zeros(size, dtype=np.bool_)
    for k in range(removed.shape[0]):
        x = removed[k]
        j = np.int64((x * MIX) >> bits)
        while taken[j] and table[j] != x:
            j = (j + 1) & (size - 1)
        taken[j] = True
        table[j] = x
    n = stored.shape[0]
    for i in range(n + stores.shape[0]):
        if i < n:
            x = stored[i]
        elif stores[i - n, S_HAS_PARENT]:
            x = np.uint64(stores[i - n, S_PARENT])
        else:
            continue
        j = np.int64((x * MIX) >> bits)
        while taken[j]:
            if table[j] == x:
                return True
            j = (j + 1) & (size - 1)
    return False


@kernel
def place_keys(flat: U64, seq: npt.NDArray[np.uint32], h: U64, nb: np.uint64) -> tuple[I64, int]:
    """``tables.Keys.place``: one key at a time: each takes the first free slot (``seq`` 0) of its
    home bucket or, when that is full, of the next; returns the slots and how many of
    them were empty before (``used`` grows by that)."""
    width = len(flat) // np.int64(nb)
    pos = np.empty(len(h), dtype=np.int64)
    fresh = 0
    for i in range(len(h)):
        key = h[i]
        b = np.int64(((key >> np.uint64(32)) * nb) >> np.uint64(32))
        while True:
            s = b * width
            for j in range(s, s + width):
                if seq[j] == 0:
                    if flat[j] == 0:
                        fresh += 1
                    flat[j] = key
                    seq[j] = 1
                    pos[i] = j
                    break
            else:
                b = (b + 1) % np.int64(nb)
                continue
            break
    return pos, fresh


def warm_up() -> None:
    """Compile (or load from the on-disk cache) every kernel here with production dtypes."""
    flat = np.zeros(8, dtype=np.uint64)
    seq = np.zeros(9, dtype=np.uint32)
    row = np.full(9, -1, dtype=np.int32)
    nb = np.uint64(1)
    data = np.zeros((4, 2), dtype=np.uint64)
    slots = np.zeros(1 << 10, dtype=np.int32)
    free = np.zeros(2, dtype=np.int64)
    h = np.ones(1, dtype=np.uint64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    state[ST_N_ROWS], state[ST_LIMIT] = 1, 4
    at = np.zeros(1, dtype=np.int64)
    store_keys(flat, nb, seq, row, slots, np.uint32(22), data, free, 1, np.uint64(1), h, h,
               np.uint32(1), 0, at, at, state)  # fmt: skip
    find_keys(flat, nb, h)
    held_own(flat, nb, seq, row, data, h)
    place_keys(flat, seq, h, nb)
    touches(h, np.zeros((1, S_COLS), dtype=np.int64), h)
    remove_keys(flat, nb, seq, row, slots, np.uint32(22), data, free, 1, np.uint64(1), h, 0, h,
                h, state)  # fmt: skip
