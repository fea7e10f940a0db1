"""The picker's own chained 64-bit block hash, computed with numpy (no per-token Python).

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

The chain is a polynomial in ``B`` (odd, hence invertible mod 2**64), so every prefix
hash comes out of one vectorised scan:
``P[i] = B**i * (S*B + cumsum_k(c[k] * B**-k))``. Chaining from a known parent (an event
whose ``parent_block_hash`` we already rehashed) is the same formula with ``S`` replaced by
the parent's ``P``. The constants below are fixed forever: changing them changes every key.

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
_B_INV = pow(_B, -1, 1 << 64)
_B64 = np.uint64(_B)
_ONE = np.uint64(1)
_S31 = np.uint64(31)
_S33 = np.uint64(33)
_MAX_BLOCK_SIZE = 4096


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


class _Powers:
    """``B**i`` and ``B**-i`` for i < capacity, grown by doubling on demand."""

    def __init__(self) -> None:
        self.pos = np.ones(0, dtype=np.uint64)
        self.neg = np.ones(0, dtype=np.uint64)

    def ensure(self, n: int) -> None:
        if n <= len(self.pos):
            return
        cap = max(n, 2 * len(self.pos), 1024)
        pos, neg, p, q = [], [], 1, 1
        for _ in range(cap):
            pos.append(p)
            neg.append(q)
            p = (p * _B) & MASK64
            q = (q * _B_INV) & MASK64
        self.pos = np.array(pos, dtype=np.uint64)
        self.neg = np.array(neg, dtype=np.uint64)


_powers = _Powers()


def block_contents(tokens: TokenArray, block_size: int) -> npt.NDArray[np.uint64]:
    """Per-block content hashes ``c[i]`` of the full blocks of ``tokens`` (tail ignored).

    Whole blocks of a whole batch at once: ingestion hashes every ``BlockStored`` of a
    batch in one call (``chain_segments`` then roots each event's run).
    """
    if not 0 < block_size <= _MAX_BLOCK_SIZE:
        raise ValueError(f"block_size must be in 1..{_MAX_BLOCK_SIZE}, got {block_size}")
    n = len(tokens) // block_size
    t = np.asarray(tokens)[: n * block_size]
    # int64 token ids are non-negative: their bits are the uint64 value (no copy)
    u = t.view(np.uint64) if t.dtype in (np.int64, np.uint64) else t.astype(np.uint64)
    x = u.reshape(n, block_size) + _ONE
    x *= _K1
    x ^= _COL[:block_size]
    x ^= x >> _S31
    c: npt.NDArray[np.uint64] = x @ _W[:block_size]  # sum_j x[i, j] * W[j], wrapping
    c += _U64(block_size)
    c ^= c >> _S33
    c *= _F1
    c ^= c >> _S33
    c *= _F2
    c ^= c >> _S33
    return c


def chain(contents: npt.NDArray[np.uint64], parent: int) -> BlockHashArray:
    """Prefix hashes ``P[i]`` of consecutive blocks following a block whose hash is ``parent``."""
    n = len(contents)
    if n == 0:
        return np.zeros(0, dtype=np.uint64)
    _powers.ensure(n + 1)
    acc = np.cumsum(contents * _powers.neg[:n], dtype=np.uint64)
    acc += _U64((parent * _B) & MASK64)
    acc *= _powers.pos[:n]
    return acc


def block_hashes(
    tokens: TokenArray, block_size: int, scope: HashScope, parent: int | None = None
) -> BlockHashArray:
    """Own hashes of every full block of ``tokens``: rooted at the scope, or at ``parent``.

    ``parent`` is the own hash of the block just before ``tokens[0]`` (an event's parent);
    None means ``tokens`` starts the sequence.
    """
    root = scope.seed if parent is None else parent
    return chain(block_contents(tokens, block_size), root)


def chain_segments(
    contents: npt.NDArray[np.uint64], lengths: Sequence[int], roots: Sequence[int]
) -> BlockHashArray:
    """``chain`` of consecutive runs of ``contents`` at once, run ``s`` from ``roots[s]``.

    With ``G[k] = sum_{j<=k} c[j] * B**-j`` over the whole array, a run starting at block
    ``a`` gives ``P[k] = B**k * (G[k] + K)`` with ``K = root * B**(1-a) - G[a-1]``: one
    cumulative sum for every run, and one constant per run.
    """
    n = len(contents)
    if n == 0:
        return np.zeros(0, dtype=np.uint64)
    if len(lengths) == 1:
        return chain(contents, roots[0])
    _powers.ensure(n + 1)
    g = np.cumsum(contents * _powers.neg[:n], dtype=np.uint64)
    lens = np.array(lengths, dtype=np.intp)
    starts = np.zeros(len(lens), dtype=np.intp)
    np.cumsum(lens[:-1], out=starts[1:])
    k = np.array(roots, dtype=np.uint64)
    k *= _powers.neg.take(starts)
    k *= _B64
    before = g.take(starts - 1)
    before[starts == 0] = 0
    k -= before
    g += np.repeat(k, lens)
    g *= _powers.pos[:n]
    return g
