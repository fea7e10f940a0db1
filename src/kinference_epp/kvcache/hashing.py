"""The picker's own chained 64-bit block hash, computed by compiled kernels (one pass).

Why our own hash: vLLM's block hash is seeded per process (``NONE_HASH`` from
``PYTHONHASHSEED`` or random), so two pods give the same prefix different hashes and the
picker cannot recompute them. Like llm-d and Dynamo we rehash every
``BlockStored.token_ids`` and every request's tokens with one deterministic function, so
the same prefix under the same scope has the same key everywhere, in every process.

Definition (all arithmetic modulo 2**64, ``bs`` = block size, ``t[i, j]`` = token j of
full block i):

- scope seed ``S`` = the last 8 bytes (big-endian) of ``blake2b(model \\0 lora \\0 salt)``,
  with ``lora``/``salt`` written as ``\\x01``-prefixed strings, or empty when None;
- per-token mix ``x[i, j] = m((t[i, j] + 1) * K1 ^ COL[j])``, ``m(v) = v ^ (v >> 31)``;
- block content ``c[i] = fmix64(sum_j x[i, j] * W[j] + bs)``;
- chain ``P[-1] = S``, ``P[i] = P[i-1] * B + c[i]``; the block hash of block i is ``P[i]``.

Computed by numba kernels (``jit.kernel``) in one pass over the tokens: each block's
content, then the chain (in numpy it takes a token matrix, an integer matmul and a scan).
Chaining from a known parent (an event whose
``parent_block_hash`` we already rehashed) starts the chain at the parent's ``P`` instead
of ``S``. ``tests/unit/kvcache/test_kv_hash_kernel.py`` holds the kernels to a numpy
rendering of the definition. The constants below are fixed forever: changing them
changes every key.

Not cryptographic: a collision only costs a misrouted cache hit, and because the index
counts *leading* blocks, a collision matters only after the whole preceding prefix matched.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NewType

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

BlockHash = NewType("BlockHash", int)
"""One of the picker's own 64-bit block hashes (a chained prefix hash), as a Python int."""

EngineHash = NewType("EngineHash", int)
"""A block hash as vLLM reported it, folded to an unsigned 64-bit int."""

BlockHashArray = npt.NDArray[np.uint64]
"""Own block hashes of consecutive full blocks, block 0 first."""

TokenArray = npt.NDArray[np.integer]
"""Token ids (any integer dtype; must be non-negative)."""

MASK64 = (1 << 64) - 1

_U64 = np.uint64
_K1 = _U64(0x9E3779B97F4A7C15)
_F1 = _U64(0xFF51AFD7ED558CCD)
_F2 = _U64(0xC4CEB9FE1A85EC53)
_B = 0x100000001B3 * 0x9E37 | 1
"""The chain base (odd so that it has an inverse modulo 2**64)."""
_B64 = np.uint64(_B)
_ONE = np.uint64(1)
_S31 = np.uint64(31)
_S33 = np.uint64(33)
_MAX_BLOCK_SIZE = 4096
_U64s = npt.NDArray[np.uint64]
_NO_POSITIONS = np.zeros(0, dtype=np.int64)


def _splitmix_constants(n: int, salt: int) -> npt.NDArray[np.uint64]:
    """Deterministic per-column constants (splitmix64 sequence), odd so multiplies mix."""
    out = []
    state = salt
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out.append((z ^ (z >> 31)) | 1)
    return np.array(out, dtype=np.uint64)


_COL = _splitmix_constants(_MAX_BLOCK_SIZE, 1)
_W = _splitmix_constants(_MAX_BLOCK_SIZE, 2)


def fold_engine_hash(value: int | bytes) -> EngineHash:
    """Normalise a vLLM block hash to an unsigned 64-bit int.

    Current vLLM sends the low 64 bits as an unsigned int; old vLLM sent signed Python
    ints (two's complement); with ``VLLM_KV_EVENTS_USE_INT_BLOCK_HASHES=0`` it sends the
    whole digest as bytes, of which we keep the last 8 bytes, big-endian.
    """
    if isinstance(value, bytes):
        return EngineHash(int.from_bytes(value[-8:], "big"))
    return EngineHash(value & MASK64)


@dataclass(frozen=True, slots=True)
class HashScope:
    """What must match besides the tokens: the base model, the LoRA adapter, the salt."""

    model: str
    lora_name: str | None = None
    cache_salt: str | None = None

    @property
    def seed(self) -> int:
        """The chain's root state ``S`` for this scope (stable across processes)."""
        return _scope_seed(self.model, self.lora_name, self.cache_salt)


@lru_cache(maxsize=4096)
def _scope_seed(model: str, lora: str | None, salt: str | None) -> int:
    def part(s: str | None) -> bytes:
        return b"" if s is None else b"\x01" + s.encode()

    digest = hashlib.blake2b(
        model.encode() + b"\x00" + part(lora) + b"\x00" + part(salt), digest_size=16
    ).digest()
    return int.from_bytes(digest[-8:], "big")


@kernel
def _contents(tokens: TokenArray, block_size: int, col: _U64s, w: _U64s) -> _U64s:
    """``c[i]`` of every full block of ``tokens``, one pass (``col``/``w``: ``_COL``/``_W``)."""
    n = tokens.shape[0] // block_size
    out = np.empty(n, dtype=np.uint64)
    bs = np.uint64(block_size)
    k = 0
    for i in range(n):
        s = np.uint64(0)
        for j in range(block_size):
            x = (np.uint64(tokens[k]) + _ONE) * _K1
            x ^= col[j]
            x ^= x >> _S31
            s += x * w[j]
            k += 1
        c = s + bs
        c ^= c >> _S33
        c *= _F1
        c ^= c >> _S33
        c *= _F2
        c ^= c >> _S33
        out[i] = c
    return out


@kernel
def _chained(tokens: TokenArray, block_size: int, col: _U64s, w: _U64s, root: np.uint64) -> _U64s:
    """``_contents`` chained from ``P[-1] = root`` in place: ``P[i] = P[i-1] * B + c[i]``."""
    c = _contents(tokens, block_size, col, w)
    p = root
    for i in range(c.shape[0]):
        p = p * _B64 + c[i]
        c[i] = p
    return c


@kernel
def _chain_runs(
    contents: _U64s, lengths: npt.NDArray[np.int64], roots: _U64s, root_at: npt.NDArray[np.int64]
) -> _U64s:
    """Consecutive runs of ``contents`` chained, run ``s`` from ``roots[s]``, or from the
    hash at ``root_at[s]`` of an earlier run when that is not negative (``root_at`` empty:
    every run from its root)."""
    out = np.empty(contents.shape[0], dtype=np.uint64)
    given = root_at.shape[0] > 0
    k = 0
    for s in range(lengths.shape[0]):
        p = out[root_at[s]] if given and root_at[s] >= 0 else roots[s]
        for _ in range(lengths[s]):
            p = p * _B64 + contents[k]
            out[k] = p
            k += 1
    return out


def _token_array(tokens: TokenArray, block_size: int) -> TokenArray:
    """``tokens`` as the kernels take them: contiguous int32 or int64 (uint64 viewed)."""
    if not 0 < block_size <= _MAX_BLOCK_SIZE:
        raise ValueError(f"block_size must be in 1..{_MAX_BLOCK_SIZE}, got {block_size}")
    t = np.ascontiguousarray(tokens)
    if t.dtype == np.int32 or t.dtype == np.int64:
        return t
    if t.dtype == np.uint64:
        return t.view(np.int64)
    return t.astype(np.int64)  # same uint64 bits as ``astype(np.uint64)``


def block_contents(tokens: TokenArray, block_size: int) -> npt.NDArray[np.uint64]:
    """Per-block content hashes ``c[i]`` of the full blocks of ``tokens`` (tail ignored).

    Whole blocks of a whole batch at once: ingestion hashes every ``BlockStored`` of a
    batch in one call (``chain_segments`` then roots each event's run).
    """
    return _contents(_token_array(tokens, block_size), block_size, _COL, _W)


def chain(contents: npt.NDArray[np.uint64], parent: int) -> BlockHashArray:
    """Prefix hashes ``P[i]`` of consecutive blocks following a block whose hash is ``parent``."""
    return chain_segments(contents, [len(contents)], [parent])


def block_hashes(
    tokens: TokenArray, block_size: int, scope: HashScope, parent: int | None = None
) -> BlockHashArray:
    """Own hashes of every full block of ``tokens``: rooted at the scope, or at ``parent``.

    ``parent`` is the own hash of the block just before ``tokens[0]`` (an event's parent);
    None means ``tokens`` starts the sequence.
    """
    root = np.uint64(scope.seed if parent is None else parent)
    return _chained(_token_array(tokens, block_size), block_size, _COL, _W, root)


def chain_segments(
    contents: npt.NDArray[np.uint64],
    lengths: Sequence[int],
    roots: Sequence[int],
    root_at: Sequence[int] | None = None,
) -> BlockHashArray:
    """``chain`` of consecutive runs of ``contents`` at once, run ``s`` from ``roots[s]``.

    The runs cover ``contents`` in order (``sum(lengths) == len(contents)``). A run whose
    ``root_at[s]`` is not negative continues instead from the hash at that position of an
    earlier run (an event whose parent block was stored earlier in the same batch).
    """
    n = len(contents)
    if n == 0:
        return np.zeros(0, dtype=np.uint64)
    if len(lengths) == 1:
        lengths = [n]
    elif sum(lengths) != n or min(lengths) < 0:
        raise ValueError("run lengths must cover the contents exactly")
    lens = np.array(lengths, dtype=np.int64)
    if root_at is None:
        at = _NO_POSITIONS
    else:
        at = np.array(root_at, dtype=np.int64)
        starts = np.cumsum(lens) - lens
        if ((at >= starts) | (at < -1)).any():
            raise ValueError("a run can only continue from a position of an earlier run")
    c = np.ascontiguousarray(contents, dtype=np.uint64)
    return _chain_runs(c, lens, np.array(roots, dtype=np.uint64), at)


def warm_up() -> None:
    """Compile (or load from numba's on-disk cache) the hashing kernels for the token arrays
    the picker passes: int32 (the tokenizer's, read-only when cached) and int64 (events)."""
    for dtype in (np.int32, np.int64):
        t: TokenArray = np.zeros(2, dtype=dtype)
        frozen = t.copy()
        frozen.flags.writeable = False
        for tokens in (t, frozen):
            block_contents(tokens, 1)
            block_hashes(tokens, 1, HashScope(""))
    chain_segments(np.ones(2, dtype=np.uint64), [1, 1], [1, 2], [-1, 0])
