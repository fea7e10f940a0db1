"""Which cached prefixes are private to one line of requests, and which are shared.

A conversation re-sends its history, so each block of it is followed by one block only; a
system prompt that many requests share is followed by many. Moving a request whose cached
prefix is private to another pod costs one re-prefill and frees the home pod's KV as the
conversation leaves; moving one whose prefix is shared duplicates it on the new pod. The
``load-cost`` scorer's decode and KV terms that move requests off slow or full pods help the
first and hurt the second, so it can apply them only where the prefix is private.

The table keeps, per block hash, the first block seen after it and whether another one ever
followed (open addressing over numpy arrays, a compiled kernel per request). A request's
*private tail* is the number of its matched blocks after the last block with several
successors. When half the slots are taken the table starts over (it is a hint: forgetting
means every prefix reads as private until seen again).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

U64 = npt.NDArray[np.uint64]
Flags = npt.NDArray[np.bool_]
Counter = npt.NDArray[np.int64]


@kernel
def _slot(keys: U64, taken: Flags, key: np.uint64) -> np.int64:
    """The slot of ``key``, or the free slot where it would go (linear probing)."""
    m = np.int64(keys.shape[0] - 1)
    s = np.int64((key ^ (key >> np.uint64(29))) & np.uint64(m))
    while taken[s] and keys[s] != key:
        s = (s + np.int64(1)) & m
    return s


@kernel
def private_tail(
    hashes: U64, depth: int, keys: U64, nxt: U64, multi: Flags, taken: Flags, used: Counter
) -> int:
    """Matched blocks of ``hashes[:depth]`` after the last one seen with several successors;
    then records each block's successor in this request (so siblings seen later branch).

    ``used[0]`` counts the taken slots; past half of them every array is cleared first.
    """
    n = hashes.shape[0]
    if depth > n:
        depth = n
    start = 0
    for j in range(depth - 1, -1, -1):
        s = _slot(keys, taken, hashes[j])
        if taken[s] and multi[s]:
            start = j + 1
            break
    if used[0] + n > keys.shape[0] // 2:
        taken[:] = False
        multi[:] = False
        used[0] = 0
    for i in range(n - 1):
        s = _slot(keys, taken, hashes[i])
        if not taken[s]:
            taken[s] = True
            keys[s] = hashes[i]
            nxt[s] = hashes[i + 1]
            used[0] += 1
        elif nxt[s] != hashes[i + 1]:
            multi[s] = True
    return depth - start


class PrefixBranches:
    """The successor table (see the module docstring); ``capacity_log2`` sizes it."""

    def __init__(self, capacity_log2: int = 21) -> None:
        size = 1 << capacity_log2
        self._keys = np.zeros(size, dtype=np.uint64)
        self._next = np.zeros(size, dtype=np.uint64)
        self._multi = np.zeros(size, dtype=np.bool_)
        self._taken = np.zeros(size, dtype=np.bool_)
        self._used = np.zeros(1, dtype=np.int64)

    def private_tail(self, hashes: U64, depth: int) -> int:
        """How many of the first ``depth`` blocks follow the last shared branch point (all of
        them when none branches); records ``hashes`` afterwards."""
        return int(
            private_tail(
                hashes, depth, self._keys, self._next, self._multi, self._taken, self._used
            )
        )

    @property
    def size(self) -> int:
        """Blocks in the table (each seen with a successor)."""
        return int(self._used[0])


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the kernel with production dtypes."""
    PrefixBranches(capacity_log2=4).private_tail(np.arange(1, 4, dtype=np.uint64), 2)
