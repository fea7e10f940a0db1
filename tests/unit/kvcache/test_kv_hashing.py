"""The picker's own block hash: deterministic, chained, scoped, vectorised."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from kinference_epp.kvcache.hashing import (
    MASK64,
    HashScope,
    block_contents,
    block_hashes,
    fold_engine_hash,
)

SCOPE = HashScope("m")


def test_fold_engine_hash_forms() -> None:
    assert fold_engine_hash(5) == 5
    assert fold_engine_hash(-1) == MASK64
    assert fold_engine_hash(-(1 << 63)) == 1 << 63
    assert fold_engine_hash(bytes(24) + bytes.fromhex("0102030405060708")) == 0x0102030405060708
    assert fold_engine_hash(b"\x01") == 1


def test_only_full_blocks_and_prefix_stability() -> None:
    toks = np.arange(100)
    h = block_hashes(toks, 16, SCOPE)
    assert h.dtype == np.uint64
    assert len(h) == 6
    assert (block_hashes(toks[:64], 16, SCOPE) == h[:4]).all()


def test_chaining_from_parent_equals_whole_sequence() -> None:
    toks = np.random.default_rng(1).integers(0, 150_000, 16 * 40)
    whole = block_hashes(toks, 16, SCOPE)
    for cut in (1, 7, 39):
        tail = block_hashes(toks[cut * 16 :], 16, SCOPE, parent=int(whole[cut - 1]))
        assert (tail == whole[cut:]).all()


def test_scope_and_content_change_every_key() -> None:
    toks = np.arange(64)
    base = block_hashes(toks, 16, SCOPE)
    for other in (HashScope("m2"), HashScope("m", "lora"), HashScope("m", None, "salt")):
        assert not np.isin(block_hashes(toks, 16, other), base).any()
    changed = toks.copy()
    changed[20] += 1
    h = block_hashes(changed, 16, SCOPE)
    assert h[0] == base[0]
    assert (h[1:] != base[1:]).all()


def test_position_inside_block_matters() -> None:
    a = block_contents(np.array([1, 2] + [0] * 14), 16)
    b = block_contents(np.array([2, 1] + [0] * 14), 16)
    assert a[0] != b[0]


def test_reference_scalar_definition() -> None:
    """The scan equals the plain recurrence P[i] = P[i-1] * B + c[i] (mod 2**64)."""
    from kinference_epp.kvcache import hashing

    toks = np.random.default_rng(2).integers(0, 1 << 31, 16 * 300)
    c = block_contents(toks, 16).tolist()
    p, ref = SCOPE.seed, []
    for x in c:
        p = (p * hashing._B + x) & MASK64
        ref.append(p)
    assert block_hashes(toks, 16, SCOPE).tolist() == ref


def test_deterministic_across_processes() -> None:
    code = (
        "import numpy as np;from kinference_epp.kvcache.hashing import *;"
        "print(block_hashes(np.arange(48),16,HashScope('m','l')).tolist())"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outs) == 1
    assert outs.pop().strip() == str(block_hashes(np.arange(48), 16, HashScope("m", "l")).tolist())


def test_bad_block_size() -> None:
    with pytest.raises(ValueError, match="block_size"):
        block_hashes(np.arange(4), 0, SCOPE)
