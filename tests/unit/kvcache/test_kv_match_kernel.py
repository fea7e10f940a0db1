"""``match_kernel.match_depths`` against a numpy rendering of the same walk, on real tables."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.kvcache import match_kernel
from kinference_epp.kvcache.hashing import EngineHash, HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.tables import BlockTable
from kinference_epp.pool.endpoint import EndpointKey

BS = 4
SCOPE = HashScope("m")
U64 = npt.NDArray[np.uint64]
I32 = npt.NDArray[np.int32]

# ---- the numpy reference: two-slot gather, AND-accumulate, depth where each bit drops ----


def _lookup(b: BlockTable, h: U64) -> tuple[U64, npt.NDArray[np.bool_]]:
    x = b.data.take(b.slots.take(b.probes(h)), axis=0)
    return x, x[:, :, 0] == h


def _depths(m: U64, n_slots: int) -> I32:
    """Per slot, how many leading rows of ``(n, words)`` masks keep its bit."""
    n, words = m.shape
    acc = np.bitwise_and.accumulate(m, axis=0)
    bits = np.unpackbits(acc.view(np.uint8).reshape(n, words * 8), axis=1, bitorder="little")
    # a bit, once dropped, stays dropped: its depth is how many rows still hold it
    depth = bits.sum(axis=0, dtype=np.int64)
    out: I32 = depth[:n_slots].astype(np.int32)
    return out


def reference(idx: BlockIndex, hashes: U64) -> tuple[I32, I32]:
    b, n_slots = idx._blocks, len(idx._slots)
    x, hit = _lookup(b, hashes)
    x[~hit] = 0
    w = b.words
    gpu_m = x[0, :, 1 : 1 + w] | x[1, :, 1 : 1 + w]
    gpu = _depths(gpu_m, n_slots)
    if b.cpu is None:
        return gpu, np.zeros(n_slots, dtype=np.int32)
    both = _depths(gpu_m | x[0, :, 1 + w :] | x[1, :, 1 + w :], n_slots)
    return gpu, both - gpu


# ---- tables: endpoints holding prefixes of a few sequences, in both tiers -------------------

SEQS = [np.random.default_rng(i).integers(0, 1000, BS * 40) for i in range(3)]
_holds = st.tuples(st.integers(0, 2), st.integers(0, 40), st.sampled_from(["GPU", "CPU"]))


def build(n_eps: int, holds: list[list[tuple[int, int, str]]]) -> BlockIndex:
    idx = BlockIndex(block_size=BS)
    for e in range(n_eps):
        ep = EndpointKey(f"10.1.{e // 250}.{e % 250}:8000")
        idx.add_endpoint(ep)
        for seq, blocks, medium in holds[e % len(holds)] if holds else []:
            engine = [EngineHash((e << 40) + (seq << 20) + (i + 1)) for i in range(blocks)]
            tokens = SEQS[seq][: blocks * BS]
            idx.apply_stored(ep, SCOPE, engine, None, tokens, BS, medium)
    return idx


@settings(max_examples=120, deadline=None)
@given(
    n_eps=st.integers(1, 140),
    holds=st.lists(st.lists(_holds, max_size=3), min_size=1, max_size=9),
    seq=st.integers(0, 2),
    length=st.integers(1, 40),
    cut=st.integers(0, 41),
)
def test_kernel_equals_numpy_reference(
    n_eps: int, holds: list[list[tuple[int, int, str]]], seq: int, length: int, cut: int
) -> None:
    """One and several mask words (more than 64 endpoints), with and without offload, and
    requests that leave the stored prefixes part way (a changed block ``cut``)."""
    idx = build(n_eps, holds)
    tokens = SEQS[seq][: length * BS].copy()
    if cut < length:
        tokens[cut * BS] += 1  # every block from ``cut`` on is new
    hashes = block_hashes(tokens, BS, SCOPE)
    b = idx._blocks
    for offload in {False, b.cpu is not None}:
        out = np.zeros((2, len(idx._slots)), dtype=np.int32)
        match_kernel.match_depths(hashes, b.slots, b.shift, b.data, b.words, offload, out)
        gpu, cpu = out
        ref_gpu, ref_cpu = reference(idx, hashes)
        assert gpu.tolist() == ref_gpu.tolist()
        if offload:
            assert cpu.tolist() == ref_cpu.tolist()
        else:
            assert not cpu.any()
    found = idx.match(hashes)
    assert found.gpu.tolist() == ref_gpu.tolist()
    assert found.cpu.tolist() == (ref_cpu.tolist() if b.cpu is not None else [0] * len(ref_cpu))


def test_walk_stops_at_the_first_block_nobody_holds() -> None:
    idx = build(3, [[(0, 10, "GPU")]])
    hashes = block_hashes(SEQS[0][: 30 * BS], BS, SCOPE)
    hashes[12:] = 0  # blocks past the first miss cannot matter
    assert idx.match(hashes).gpu.tolist() == [10, 10, 10]
    assert idx.match(block_hashes(SEQS[1][:BS], BS, SCOPE)).gpu.tolist() == [0, 0, 0]
