"""``routed_kernel.KeyMasks`` against a dict of Python-int masks read by ``leading_depths``."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.scheduling import routed_kernel
from kinference_epp.scheduling.routed_kernel import KeyMasks
from kinference_epp.scheduling.routed_prefix_index import leading_depths

KEYS = [1, *np.random.default_rng(0).integers(2, 1 << 64, 40, dtype=np.uint64).tolist()]
"""Key 0 is left out: it is stored as 1, their one collision (see ``test_key_zero...``)."""


def reference(masks: dict[int, int], hashes: list[int], stride: int, n_slots: int) -> list[int]:
    """``RoutedPrefixIndex.leading`` over a dict: sampled keys, ``leading_depths``,
    counts scaled to blocks (zeros where the kernel answers None)."""
    n = len(hashes)
    keys = hashes[stride - 1 :: stride] + ([hashes[-1]] if n % stride else [])
    counts = leading_depths(iter([masks.get(k, 0) for k in keys]), n_slots)
    return np.minimum(counts * stride, n).tolist() if stride > 1 else counts.tolist()


_op = st.tuples(st.booleans(), st.lists(st.sampled_from(KEYS), max_size=30), st.integers(0, 140))


@settings(max_examples=150, deadline=None)
@given(
    ops=st.lists(_op, max_size=25),
    request=st.lists(st.sampled_from(KEYS), min_size=1, max_size=40),
    prefix=st.integers(0, 40),
    stride=st.integers(1, 5),
)
def test_leading_equals_the_dict_reference(
    ops: list[tuple[bool, list[int], int]], request: list[int], prefix: int, stride: int
) -> None:
    table, masks = KeyMasks(), {}
    for add, keys, slot in ops:
        if add:
            table.set(keys, slot)
            for k in keys:
                masks[k] = masks.get(k, 0) | 1 << slot
        else:
            table.clear(keys, slot)
            for k in keys:
                masks[k] = masks.get(k, 0) & ~(1 << slot)
    n_slots = 1 + max((slot for _, _, slot in ops), default=0)
    # a request sharing a leading run with keys some slots hold, then its own keys
    held = [k for k, m in masks.items() if m]
    hashes = (held * 3)[:prefix] + request
    got = table.leading(np.array(hashes, dtype=np.uint64), stride, n_slots)
    want = reference(masks, hashes, stride, n_slots)
    assert (got.tolist() if got is not None else [0] * n_slots) == want
    first = hashes[min(stride, len(hashes)) - 1]
    assert (got is None) == (not masks.get(first, 0))


def test_table_grows_and_rebuilds_keeping_every_live_key() -> None:
    table = KeyMasks()
    keys = np.random.default_rng(1).integers(1, 1 << 64, 5000, dtype=np.uint64).tolist()
    for i in range(0, 5000, 500):
        table.set(keys[i : i + 500], i // 500 % 3)
    table.clear(keys[:2500], 0)  # dead entries stay until a rebuild
    table.set(keys[:10], 70)  # a second mask word: rebuilt
    depth = table.leading(np.array(keys[:10], dtype=np.uint64), 1, 71)
    assert depth is not None
    assert depth[70] == 10
    assert table.used <= 5000
    assert (
        routed_kernel.leading(
            table.keys, table.masks, table.shift, np.array([0], dtype=np.uint64), 1, 71
        ).tolist()
        == []
    )


def test_key_zero_is_stored_as_one() -> None:
    table = KeyMasks()
    table.set([0], 3)
    depth = table.leading(np.zeros(2, dtype=np.uint64), 1, 4)
    assert depth is not None
    assert depth.tolist() == [0, 0, 0, 2]
