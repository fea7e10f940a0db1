"""Shared helpers for the prefix tests: a precise index filled like the event writer does."""

from __future__ import annotations

import numpy as np

from kinference_epp.kvcache.hashing import EngineHash, HashScope, block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.types import SchedulingRequest

BS = 4
SCOPE = HashScope("m")
PROMPT = np.arange(1000, 1000 + 8 * BS, dtype=np.int64)
"""Eight full blocks."""


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def request(
    tokens: np.ndarray = PROMPT, rid: str = "r", max_tokens: int | None = 10
) -> SchedulingRequest:
    return SchedulingRequest(
        model="m",
        request_id=rid,
        prompt_tokens=len(tokens),
        block_hashes=block_hashes(tokens, BS, SCOPE),
        max_tokens=max_tokens,
    )


def store(
    index: BlockIndex,
    endpoint: EndpointKey,
    blocks: int,
    medium: str = "GPU",
    first: int = 0,
    tokens: np.ndarray = PROMPT,
) -> None:
    """``endpoint`` caches blocks ``first .. first+blocks`` of ``tokens`` (a BlockStored)."""
    base = hash(endpoint) & 0xFFFF_FFFF
    parent = None if first == 0 else EngineHash(base + first - 1)
    index.apply_stored(
        endpoint,
        SCOPE,
        [EngineHash(base + i) for i in range(first, first + blocks)],
        parent,
        tokens[first * BS : (first + blocks) * BS],
        BS,
        medium,
    )
