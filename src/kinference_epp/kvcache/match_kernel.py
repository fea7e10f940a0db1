"""Compiled read path of ``BlockIndex``: a request's blocks walked once, stopping early.

``match_depths`` is the whole ``BlockIndex.match`` after its trivial cases: for each of
the request's block hashes in order, both cuckoo slots (``slot = half >> shift`` of the low
and of the high 32-bit half), the row whose hash is the block's, its GPU (and offload) mask
words AND-accumulated; bit ``s`` of the running AND drops at the first block endpoint ``s``
does not hold, which is its depth. The walk stops as soon as no endpoint holds the next
block, so a request nobody caches costs one probe whatever its length.

Reference (what tests hold it to): both slots of every block looked up and the masks
AND-accumulated in numpy, i.e. ``depth[s] = max{d : bit s set in masks[0..d)}`` per tier, with the offload
tier counted as "GPU or offload" and returned as the excess over GPU.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

U64 = npt.NDArray[np.uint64]
I32 = npt.NDArray[np.int32]

_LOW = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@kernel
def _record(depth: I32, dropped: np.uint64, base: int, value: int) -> None:
    """``depth[base + b] = value`` for every set bit ``b`` of ``dropped`` inside ``depth``."""
    b = 0
    n = depth.shape[0]
    while dropped:
        if dropped & np.uint64(1) and base + b < n:
            depth[base + b] = value
        dropped >>= np.uint64(1)
        b += 1


@kernel
def match_depths(
    h: U64,
    slots: npt.NDArray[np.int32],
    shift: np.uint32,
    data: U64,
    words: int,
    offload: bool,
    out: I32,
) -> None:
    """Into ``out`` (zeros, ``(2, endpoint slots)``), per endpoint slot: leading blocks held
    on GPU, and further ones held on GPU-or-offload (0 unless ``offload``).

    ``data`` is the block table ``(rows, 1 + words [+ words])``: own hash, GPU words, offload
    words (present when ``offload``). ``slots`` maps a cuckoo slot to a row (0: empty).
    Writing into an array the caller made is cheaper than returning new ones (each array
    returned is boxed into a Python object).
    """
    n = h.shape[0]
    gpu = out[0]
    both = out[1]
    n_slots = gpu.shape[0]
    acc_g = np.empty(words, dtype=np.uint64)
    acc_b = np.empty(words, dtype=np.uint64)
    for w in range(words):
        acc_g[w] = _ONES
        acc_b[w] = _ONES
    sh = np.uint64(shift)
    cpu0 = 1 + words
    i = 0
    while i < n:
        key = h[i]
        r0 = slots[(key & _LOW) >> sh]
        r1 = slots[(key >> _S32) >> sh]
        hit0 = data[r0, 0] == key
        hit1 = not hit0 and data[r1, 0] == key  # a hash is in one of its slots at most
        alive = np.uint64(0)
        for w in range(words):
            g = np.uint64(0)
            c = np.uint64(0)
            if hit0:
                g |= data[r0, 1 + w]
                if offload:
                    c |= data[r0, cpu0 + w]
            if hit1:
                g |= data[r1, 1 + w]
                if offload:
                    c |= data[r1, cpu0 + w]
            a = acc_g[w]
            na = a & g
            if na != a:
                _record(gpu, a & ~na, w * 64, i)
                acc_g[w] = na
            if offload:
                a = acc_b[w]
                na = a & (g | c)
                if na != a:
                    _record(both, a & ~na, w * 64, i)
                    acc_b[w] = na
                alive |= na
            else:
                alive |= na
        if not alive:
            break
        i += 1
    if i == n:  # the walk reached the end: bits still set hold every block
        for w in range(words):
            _record(gpu, acc_g[w], w * 64, n)
            if offload:
                _record(both, acc_b[w], w * 64, n)
    if offload:
        for s in range(n_slots):
            both[s] -= gpu[s]


def warm_up() -> None:
    """Compile (or load from the on-disk cache) every kernel here with production dtypes."""
    data = np.zeros((4, 3), dtype=np.uint64)
    slots = np.zeros(4, dtype=np.int32)
    h = np.ones(2, dtype=np.uint64)
    match_depths(h, slots, np.uint32(30), data, 1, True, np.zeros((2, 1), dtype=np.int32))
