"""The successor table behind ``load-cost``'s private-prefix gate, against a dict reference."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.scheduling.prefix_branches import PrefixBranches


class Reference:
    """Per block: its first successor, and whether another one followed."""

    def __init__(self) -> None:
        self.succ: dict[int, int] = {}
        self.multi: set[int] = set()

    def private_tail(self, hashes: list[int], depth: int) -> int:
        depth = min(depth, len(hashes))
        start = 0
        for j in range(depth - 1, -1, -1):
            if hashes[j] in self.multi:
                start = j + 1
                break
        for a, b in itertools.pairwise(hashes):
            if self.succ.setdefault(a, b) != b:
                self.multi.add(a)
        return depth - start


def test_a_conversation_is_private_and_a_shared_system_prompt_branches() -> None:
    table = PrefixBranches(capacity_log2=8)
    system = [1, 2, 3]
    turn1 = np.array([*system, 10, 11], dtype=np.uint64)
    assert table.private_tail(turn1, 0) == 0  # nothing matched
    turn2 = np.array([*system, 10, 11, 12, 13], dtype=np.uint64)
    assert table.private_tail(turn2, 5) == 5  # its own history: one successor each
    other = np.array([*system, 20, 21], dtype=np.uint64)
    assert table.private_tail(other, 3) == 3  # block 3 has not branched yet
    # now block 3 has two successors (10 and 20): only what follows it is private
    turn3 = np.array([*system, 10, 11, 12, 13, 14], dtype=np.uint64)
    assert table.private_tail(turn3, 7) == 4
    sibling = np.array([*system, 30], dtype=np.uint64)
    assert table.private_tail(sibling, 3) == 0  # a shared prefix and nothing of its own
    assert table.size == len({1, 2, 3, 10, 11, 12, 13, 20})  # those with a successor


def test_a_full_table_starts_over() -> None:
    table = PrefixBranches(capacity_log2=4)  # 16 slots: cleared past 8
    table.private_tail(np.array([1, 2, 3], dtype=np.uint64), 0)
    table.private_tail(np.array([1, 4], dtype=np.uint64), 0)  # 1 branches
    assert table.private_tail(np.array([1, 5], dtype=np.uint64), 1) == 0
    table.private_tail(np.arange(100, 108, dtype=np.uint64), 0)  # 8 more: cleared first
    assert table.size == 7
    assert table.private_tail(np.array([1, 6], dtype=np.uint64), 1) == 1  # forgotten


_hash = st.integers(0, 12)  # few values: prefixes repeat and branch; 0 is a valid hash too


@settings(max_examples=200, deadline=None)
@given(
    requests=st.lists(
        st.tuples(st.lists(_hash, min_size=1, max_size=8), st.integers(0, 9)), max_size=30
    )
)
def test_matches_the_reference(requests: list[tuple[list[int], int]]) -> None:
    table = PrefixBranches(capacity_log2=10)  # never half full here
    ref = Reference()
    for hashes, depth in requests:
        got = table.private_tail(np.array(hashes, dtype=np.uint64), depth)
        assert got == ref.private_tail(hashes, depth)
