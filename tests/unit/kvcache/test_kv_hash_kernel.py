"""The hashing kernels against a numpy rendering of the definition, and pinned values."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.kvcache import hashing
from kinference_epp.kvcache.hashing import (
    MASK64,
    HashScope,
    block_contents,
    block_hashes,
    chain_segments,
)

U64 = npt.NDArray[np.uint64]

# ---- the numpy reference: the definition, vectorised -------------------------------------


def ref_contents(tokens: npt.NDArray[np.integer], bs: int) -> U64:
    n = len(tokens) // bs
    x = np.asarray(tokens)[: n * bs].astype(np.uint64).reshape(n, bs) + np.uint64(1)
    x *= hashing._K1
    x ^= hashing._COL[:bs]
    x ^= x >> np.uint64(31)
    c: U64 = x @ hashing._W[:bs]
    c += np.uint64(bs)
    for mul in (hashing._F1, hashing._F2):
        c ^= c >> np.uint64(33)
        c *= mul
    c ^= c >> np.uint64(33)
    return c


def ref_chain(contents: U64, root: int) -> U64:
    """``P[i] = B**i * (root * B + sum_{k<=i} c[k] * B**-k)``: the vectorised scan."""
    n = len(contents)
    b, b_inv = hashing._B, pow(hashing._B, -1, 1 << 64)
    pos = np.array([pow(b, i, 1 << 64) for i in range(n)], dtype=np.uint64)
    neg = np.array([pow(b_inv, i, 1 << 64) for i in range(n)], dtype=np.uint64)
    acc = np.cumsum(contents * neg, dtype=np.uint64)
    acc += np.uint64((root * b) & MASK64)
    acc *= pos
    return acc


_DTYPES = [np.int32, np.int64, np.uint64, np.uint32, np.int16]


@settings(max_examples=200, deadline=None)
@given(
    tokens=st.lists(st.integers(0, (1 << 15) - 1), max_size=300),
    bs=st.sampled_from([1, 2, 3, 16, 64]),
    dtype=st.sampled_from(_DTYPES),
    frozen=st.booleans(),
    parent=st.none() | st.integers(0, MASK64),
)
def test_kernels_equal_the_numpy_reference(
    tokens: list[int], bs: int, dtype: type, frozen: bool, parent: int | None
) -> None:
    t = np.array(tokens, dtype=dtype)
    t.flags.writeable = not frozen
    scope = HashScope("m", "lora")
    root = scope.seed if parent is None else parent
    c = ref_contents(t, bs)
    assert block_contents(t, bs).tolist() == c.tolist()
    assert block_hashes(t, bs, scope, parent).tolist() == ref_chain(c, root).tolist()


@settings(max_examples=200, deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, MASK64), st.integers(-1, 60)),
        min_size=1,
        max_size=6,
    ),
    seed=st.integers(0, 1000),
)
def test_chain_segments_equals_each_run_chained(runs: list[tuple[int, int, int]], seed: int) -> None:  # fmt: skip
    """Each run from its root, or from an earlier run's hash (``root_at``, when drawn in range)."""
    lengths, roots = [n for n, _, _ in runs], [r for _, r, _ in runs]
    starts = np.cumsum([0, *lengths])
    root_at = [at if 0 <= at < starts[s] else -1 for s, (_, _, at) in enumerate(runs)]
    contents = np.random.default_rng(seed).integers(0, 1 << 63, sum(lengths), dtype=np.uint64)
    got = chain_segments(contents, lengths, roots, root_at)
    want: list[int] = []
    for s, n in enumerate(lengths):  # run by run, each root read from what came before
        root = roots[s] if root_at[s] < 0 else want[root_at[s]]
        want += ref_chain(contents[starts[s] : starts[s] + n], root).tolist()
    assert got.tolist() == want
    if not any(at >= 0 for at in root_at):
        assert chain_segments(contents, lengths, roots).tolist() == want


def test_chain_segments_rejects_runs_that_do_not_cover_the_contents() -> None:
    with pytest.raises(ValueError, match="cover"):
        chain_segments(np.ones(3, dtype=np.uint64), [1, 1], [1, 2])
    with pytest.raises(ValueError, match="earlier run"):
        chain_segments(np.ones(3, dtype=np.uint64), [1, 2], [1, 2], [-1, 1])


def test_pinned_values() -> None:
    """The hash is a wire format between pickers and restarts: these never change."""
    assert block_hashes(np.arange(48), 16, HashScope("m", "l", "s")).tolist() == [
        10792509722615074336,
        5925069797939601757,
        10501112308626527895,
    ]
    tokens = np.arange(10, 22, dtype=np.int32)
    assert block_hashes(tokens, 4, HashScope("Qwen/Qwen3-0.6B"), parent=12345).tolist() == [
        17837127536801735203,
        1282849117971843811,
        15238846173192318986,
    ]
