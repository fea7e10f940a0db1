"""Key → endpoint bitmask table of ``RoutedPrefixIndex``, read by one compiled walk.

``KeyMasks`` is open addressing with linear probing over a power-of-two array of uint64
keys (0 = empty; key 0 is stored as 1, a 2**-64 collision that only costs a misrouted
cache hit, as in ``kvcache.index``), with a ``(slots, words)`` uint64 mask row per
key: bit ``s`` of word ``w`` is endpoint slot ``64 * w + s``. A key whose bits all go
stays in its slot with an empty mask (reads see it as absent; setting it again reuses the
slot) until the table is rebuilt, so there are no tombstones to manage.

``leading`` is ``RoutedPrefixIndex.leading``: the request's sampled keys (every
``stride``-th block and the last) looked up in order, their masks AND-accumulated, and
each slot's count of leading keys turned into blocks, stopping at the first key no endpoint
holds. Its reference is ``routed_prefix_index.leading_depths`` over the same masks (tests).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

U64 = npt.NDArray[np.uint64]
I32 = npt.NDArray[np.int32]

_MIN_BITS = 10
_MAX_LOAD = 0.7
"""Most used slots (dead keys included) per table slot before a rebuild: linear probing
stays short below ~0.7; a rebuild sizes the table to 3/4 of that for the live keys."""
_ONE = np.uint64(1)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@kernel
def _find(keys: U64, shift: np.uint64, h: np.uint64) -> np.int64:
    """Slot of ``h``, or ``-1 - slot`` of the empty slot where it would go."""
    wrap = keys.shape[0] - 1
    i = np.int64(h >> shift)
    while True:
        k = keys[i]
        if k == h:
            return i
        if k == 0:
            return -1 - i
        i = (i + 1) & wrap


@kernel
def _set_bits(keys: U64, masks: U64, shift: np.uint64, hs: U64, word: int, bit: np.uint64) -> int:
    """Set ``bit`` of ``word`` for each key (inserting absent ones); how many slots it took."""
    fresh = 0
    for j in range(hs.shape[0]):
        h = max(hs[j], _ONE)
        p = _find(keys, shift, h)
        if p < 0:
            p = -1 - p
            keys[p] = h
            fresh += 1
        masks[p, word] |= bit
    return fresh


@kernel
def _clear_bits(
    keys: U64, masks: U64, shift: np.uint64, hs: U64, word: int, bit: np.uint64
) -> None:
    for j in range(hs.shape[0]):
        p = _find(keys, shift, max(hs[j], _ONE))
        if p >= 0:
            masks[p, word] &= ~bit


@kernel
def _reinsert(keys: U64, masks: U64, shift: np.uint64, old_keys: U64, old_masks: U64) -> int:
    """Copy the keys of ``old_keys`` that still have a bit into an empty table; how many."""
    live = 0
    for i in range(old_keys.shape[0]):
        if old_keys[i] == 0:
            continue
        held = False
        for w in range(old_masks.shape[1]):
            if old_masks[i, w]:
                held = True
        if not held:
            continue
        p = -1 - _find(keys, shift, old_keys[i])
        keys[p] = old_keys[i]
        for w in range(old_masks.shape[1]):
            masks[p, w] = old_masks[i, w]
        live += 1
    return live


@kernel
def _record(counts: I32, dropped: np.uint64, base: int, value: int) -> None:
    b = 0
    while dropped:
        if dropped & _ONE and base + b < counts.shape[0]:
            counts[base + b] = value
        dropped >>= _ONE
        b += 1


@kernel
def leading(keys: U64, masks: U64, shift: np.uint64, hashes: U64, stride: int, n_slots: int) -> I32:
    """Leading blocks of ``hashes`` each slot holds, in whole strides (``min(n, keys *
    stride)``); an empty array when no slot holds the first sampled key."""
    n = hashes.shape[0]
    words = masks.shape[1]
    counts = np.zeros(n_slots, dtype=np.int32)
    acc = np.empty(words, dtype=np.uint64)
    for w in range(words):
        acc[w] = _ALL
    k = 0  # sampled keys walked
    j = stride - 1
    if j >= n:
        j = n - 1
    while j < n:
        p = _find(keys, shift, max(hashes[j], _ONE))
        alive = np.uint64(0)
        for w in range(words):
            m = masks[p, w] if p >= 0 else np.uint64(0)
            a = acc[w]
            na = a & m
            if na != a:
                _record(counts, a & ~na, w * 64, k)
                acc[w] = na
            alive |= na
        if not alive:
            break
        k += 1
        if j == n - 1:
            j = n
        else:
            j += stride
            if j >= n:
                j = n - 1  # the last block, when ``n`` is not a whole number of strides
    if k == 0:
        return np.zeros(0, dtype=np.int32)
    if j >= n:
        for w in range(words):
            _record(counts, acc[w], w * 64, k)
    if stride > 1:
        for s in range(n_slots):
            d = counts[s] * stride
            counts[s] = d if d < n else n
    return counts


class KeyMasks:
    """Key → endpoint-slot bitmask (see the module docstring)."""

    __slots__ = ("keys", "masks", "shift", "used")

    def __init__(self, words: int = 1, bits: int = _MIN_BITS) -> None:
        self.keys: U64 = np.zeros(1 << bits, dtype=np.uint64)
        self.masks: U64 = np.zeros((1 << bits, words), dtype=np.uint64)
        self.shift = np.uint64(64 - bits)
        self.used = 0
        """Occupied slots, keys whose bits all went included (until a rebuild)."""

    def set(self, keys: list[int], slot: int) -> None:
        """Set endpoint ``slot``'s bit on each key."""
        if not keys:
            return
        word = slot >> 6
        if word >= self.masks.shape[1] or self.used + len(keys) > len(self.keys) * _MAX_LOAD:
            self._rebuild(max(word + 1, self.masks.shape[1]), len(keys))
        hs = np.array(keys, dtype=np.uint64)
        bit = np.uint64(1 << (slot & 63))
        self.used += _set_bits(self.keys, self.masks, self.shift, hs, word, bit)

    def clear(self, keys: list[int], slot: int) -> None:
        """Clear endpoint ``slot``'s bit on each key."""
        word = slot >> 6
        if not keys or word >= self.masks.shape[1]:
            return
        hs = np.array(keys, dtype=np.uint64)
        _clear_bits(self.keys, self.masks, self.shift, hs, word, np.uint64(1 << (slot & 63)))

    def leading(self, hashes: Sequence[int] | U64, stride: int, n_slots: int) -> I32 | None:
        """``leading`` (the kernel), None when no slot holds the first sampled key."""
        if not self.used or not len(hashes):
            return None
        h = np.ascontiguousarray(hashes, dtype=np.uint64)
        depth = leading(self.keys, self.masks, self.shift, h, stride, n_slots)
        return depth if len(depth) else None

    def _rebuild(self, words: int, more: int) -> None:
        """A table with room for ``more`` keys besides the live ones, ``words`` wide."""
        live = int(np.count_nonzero(self.masks.any(axis=1)))
        bits = _MIN_BITS
        while (live + more) > (1 << bits) * _MAX_LOAD * 0.75:
            bits += 1
        old_keys, old_masks = self.keys, self.masks
        self.keys = np.zeros(1 << bits, dtype=np.uint64)
        self.masks = np.zeros((1 << bits, words), dtype=np.uint64)
        self.shift = np.uint64(64 - bits)
        self.used = _reinsert(self.keys, self.masks, self.shift, old_keys, old_masks)


def warm_up() -> None:
    """Compile (or load from numba's on-disk cache) every kernel here."""
    table = KeyMasks()
    table.set([0, 5], 1)
    table.leading(np.array([5, 0, 5], dtype=np.uint64), 2, 2)
    table.clear([5], 1)
    table._rebuild(1, 0)
