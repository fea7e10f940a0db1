"""The prefix index's reference model: the contract in plain dicts and loops.

``ReferenceIndex`` implements ``interface.PrefixIndex`` as directly as it can be written, so
that the shared suite (``test_kv_index.py``) can run every check over it and over the
production ``BlockIndex``, and the differential tests can hold the production index to it
on random workloads. It is slow on purpose: nothing here is clever.

Per endpoint and tier: engine hash → [own hash, copies], in the order the engine hashes
were first stored. An endpoint holds an own hash in a tier while any of its engine hashes
in that tier maps to it. A batch is its events applied one by one, in order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from kinference_epp.kvcache.events import AllBlocksCleared, BlockRemoved, BlockStored, DecodedBatch
from kinference_epp.kvcache.hashing import (
    BlockHashArray,
    EngineHash,
    HashScope,
    TokenArray,
    block_hashes,
)
from kinference_epp.kvcache.interface import (
    GPU,
    OFFLOAD,
    IndexBase,
    PrefixMatch,
    tier_of,
)
from kinference_epp.pool.endpoint import EndpointKey

Entries = dict[int, list[int]]
"""Engine hash → [own hash, copies] of one endpoint in one tier."""


class _Endpoint:
    def __init__(self, slot: int) -> None:
        self.slot = slot
        self.tiers: tuple[Entries, Entries] = ({}, {})


class ReferenceIndex(IndexBase[_Endpoint]):
    """The contract of ``interface.PrefixIndex``, written plainly (see the module docstring)."""

    def __init__(self, block_size: int = 16, max_blocks_per_endpoint: int = 1 << 21) -> None:
        super().__init__()
        self._block_size = block_size
        self.max_blocks_per_endpoint = max_blocks_per_endpoint

    @property
    def block_size(self) -> int:
        return self._block_size

    @property
    def num_entries(self) -> int:
        return sum(len(t) for ep in self._eps.values() for t in ep.tiers)

    def num_blocks(self, endpoint: EndpointKey) -> int:
        ep = self._eps.get(endpoint)
        return 0 if ep is None else len(ep.tiers[GPU]) + len(ep.tiers[OFFLOAD])

    def holders(self, block_hash: int, tier: int = GPU) -> list[EndpointKey]:
        return [
            key
            for key in self._slots
            if key is not None and block_hash in self._held(self._eps[key], tier)
        ]

    def match(self, block_hashes: BlockHashArray | Sequence[int]) -> PrefixMatch:
        hashes = [int(h) for h in block_hashes]
        gpu = np.zeros(len(self._slots), dtype=np.int32)
        cpu = np.zeros(len(self._slots), dtype=np.int32)
        for ep in self._eps.values():
            on_gpu = self._held(ep, GPU)
            anywhere = on_gpu | self._held(ep, OFFLOAD)
            gpu[ep.slot] = _leading(hashes, on_gpu)
            cpu[ep.slot] = _leading(hashes, anywhere) - gpu[ep.slot]
        return PrefixMatch(gpu, cpu, len(hashes))

    def add_endpoint(self, endpoint: EndpointKey) -> _Endpoint:
        if endpoint not in self._eps:
            self._eps[endpoint] = _Endpoint(self._take_slot(endpoint))
        return self._eps[endpoint]

    def apply_stored(self, endpoint: EndpointKey, scope: HashScope, engine_hashes: Sequence[EngineHash], parent_engine_hash: EngineHash | None, token_ids: TokenArray, block_size: int, medium: str) -> int:  # fmt: skip
        n = len(engine_hashes)
        if not self._admit_stored(n, len(token_ids), block_size, self._block_size):
            return 0
        ep = self.add_endpoint(endpoint)
        parent = None
        if parent_engine_hash is not None:
            parent = self._own_of(ep, parent_engine_hash)
            if parent is None:
                self.dropped_unknown_parent += n
                return 0
        own = block_hashes(token_ids, block_size, scope, parent).tolist()
        tier = ep.tiers[tier_of(medium)]
        added = 0
        for e, o in zip(engine_hashes, own, strict=True):
            if e in tier:
                tier[e][1] += 1
                if tier[e][0] != o:
                    self.hash_conflicts += 1
            else:
                tier[e] = [o, 1]
                added += 1
        self.stored += n
        if len(tier) > self.max_blocks_per_endpoint:
            excess = len(tier) - self.max_blocks_per_endpoint
            self._evict(tier, excess + self.max_blocks_per_endpoint // 16)
        return added

    def apply_removed(self, endpoint: EndpointKey, engine_hashes: Sequence[EngineHash], medium: str) -> int:  # fmt: skip
        ep = self._eps.get(endpoint)
        if ep is None:
            self.unknown_removed += len(engine_hashes)
            return 0
        tier = ep.tiers[tier_of(medium)]
        gone = 0
        for e in engine_hashes:
            if e not in tier:
                self.unknown_removed += 1
                continue
            self.removed += 1
            tier[e][1] -= 1
            if tier[e][1] == 0:
                del tier[e]
                gone += 1
        return gone

    def apply_batch(self, endpoint: EndpointKey, model: str, batch: DecodedBatch) -> None:
        for ev in batch.events:
            if isinstance(ev, BlockStored):
                scope = HashScope(model, ev.lora_name)
                self.apply_stored(endpoint, scope, ev.block_hashes, ev.parent_block_hash,
                                  ev.token_ids, ev.block_size, ev.medium)  # fmt: skip
            elif isinstance(ev, BlockRemoved):
                self.apply_removed(endpoint, ev.block_hashes, ev.medium)
            elif isinstance(ev, AllBlocksCleared):
                self.clear(endpoint)

    def clear(self, endpoint: EndpointKey) -> None:
        ep = self._eps.get(endpoint)
        if ep is not None:
            ep.tiers = ({}, {})

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        if endpoint in self._eps:
            self._release(endpoint)

    def _own_of(self, ep: _Endpoint, engine_hash: int) -> int | None:
        """The own hash an endpoint holds an engine hash as, GPU tier first."""
        for tier in ep.tiers:
            if engine_hash in tier:
                return tier[engine_hash][0]
        return None

    def _held(self, ep: _Endpoint, tier: int) -> set[int]:
        return {own for own, _ in ep.tiers[tier].values()}

    def _evict(self, tier: Entries, count: int) -> None:
        """Forget the ``count`` engine hashes stored first (all their copies)."""
        for e in list(tier)[:count]:
            del tier[e]
        self.evicted += count


def _leading(hashes: list[int], held: set[int]) -> int:
    """How many of ``hashes``, from the first on, are in ``held``."""
    n = 0
    for h in hashes:
        if h not in held:
            break
        n += 1
    return n
