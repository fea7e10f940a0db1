"""The prefix index's interface: what ingestion writes and what a prefix scorer reads.

Kept apart from the implementation (``index.py``) so that the shared test suite runs the
same checks over it and over the plain reference model in the tests. The index is
synchronous and not thread-safe on purpose: one asyncio task (the event loop that runs the
subscribers) owns it, and the scheduler reads it on the same loop, so no locks are needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.events import MEDIUM_GPU, DecodedBatch
from kinference_epp.kvcache.hashing import BlockHashArray, EngineHash, HashScope, TokenArray
from kinference_epp.pool.endpoint import EndpointKey

GPU, OFFLOAD = 0, 1
"""Tier numbers: vLLM's ``"GPU"`` medium, and every other medium (``"CPU"``, disk ...)."""


def tier_of(medium: str) -> int:
    """The tier a vLLM ``medium`` belongs to."""
    return GPU if medium == MEDIUM_GPU else OFFLOAD


SlotArray = npt.NDArray[np.intp]
"""Index slots of some endpoints, -1 for an endpoint the index does not know."""

_ZERO = np.zeros(1, dtype=np.int32)


@dataclass(frozen=True, slots=True)
class PrefixMatch:
    """Leading blocks of one request held by each endpoint, aligned to index slots.

    ``gpu[s]``: how many blocks, from block 0 on, endpoint ``s`` holds in GPU memory.
    ``cpu[s]``: how many *more* leading blocks it could load from its CPU (offload) tier,
    i.e. the leading run over GPU-or-CPU blocks minus ``gpu[s]``. A scorer credits
    ``gpu`` fully and ``cpu`` at a discount.
    """

    gpu: npt.NDArray[np.int32]
    cpu: npt.NDArray[np.int32]
    request_blocks: int = 0
    """Blocks in the request (the most any endpoint can hold)."""

    def for_slots(self, slots: SlotArray) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """``(gpu, cpu)`` for endpoints given by slot (``-1`` → 0), in that order."""
        gpu = np.concatenate((self.gpu, _ZERO))
        cpu = np.concatenate((self.cpu, _ZERO))
        return gpu[slots], cpu[slots]


class _Slotted(Protocol):
    @property
    def slot(self) -> int: ...


E = TypeVar("E", bound=_Slotted)


class IndexBase(Generic[E]):
    """What every implementation (the index, the tests' reference model) shares: its
    counters (metrics read these), the checks a ``BlockStored`` passes before any table is
    touched, and the endpoint ↔ slot table (slot ``s`` is element ``s`` of every
    ``PrefixMatch`` vector; freed slots are reused first, so the vectors stay as short as
    the pool)."""

    def __init__(self) -> None:
        self._eps: dict[EndpointKey, E] = {}
        self._slots: list[EndpointKey | None] = []
        self._free: list[int] = []
        self.stored = 0
        """Block copies recorded (every copy counts)."""
        self.removed = 0
        """Block copies removed by ``BlockRemoved``."""
        self.dropped_unknown_parent = 0
        self.dropped_block_size = 0
        self.dropped_malformed = 0
        """Blocks whose ``token_ids`` length was not ``len(block_hashes) * block_size``."""
        self.unknown_removed = 0
        """Removals of engine hashes we never saw stored (or already dropped)."""
        self.hash_conflicts = 0
        """An engine hash stored again with different tokens (kept as another copy)."""
        self.evicted = 0

    def _admit_stored(self, n: int, n_tokens: int, block_size: int, expected: int) -> bool:
        """False (and counted) for blocks of another size or with the wrong token count."""
        if block_size != expected:
            self.dropped_block_size += n
            return False
        if n_tokens != n * block_size:
            self.dropped_malformed += n
            return False
        return True

    @property
    def endpoints(self) -> list[EndpointKey | None]:
        """Endpoint at each slot (None for a free slot); a copy."""
        return list(self._slots)

    def slot_of(self, endpoint: EndpointKey) -> int | None:
        ep = self._eps.get(endpoint)
        return None if ep is None else ep.slot

    def slots_for(self, endpoints: Sequence[EndpointKey]) -> SlotArray:
        eps = self._eps
        return np.array(
            [ep.slot if (ep := eps.get(k)) is not None else -1 for k in endpoints], dtype=np.intp
        )

    def _take_slot(self, endpoint: EndpointKey) -> int:
        """A slot for a new endpoint: a freed one first."""
        if self._free:
            slot = self._free.pop()
            self._slots[slot] = endpoint
        else:
            slot = len(self._slots)
            self._slots.append(endpoint)
        return slot

    def _release(self, endpoint: EndpointKey) -> None:
        """Forget an endpoint's record and free its slot (its blocks must be gone)."""
        ep = self._eps.pop(endpoint)
        self._slots[ep.slot] = None
        self._free.append(ep.slot)


class PrefixIndex(Protocol):
    """Which endpoint holds which block, keyed by the picker's own chained block hash."""

    @property
    def block_size(self) -> int:
        """Tokens per block; events with another block size are dropped and counted."""
        ...

    def apply_stored(
        self,
        endpoint: EndpointKey,
        scope: HashScope,
        engine_hashes: Sequence[EngineHash],
        parent_engine_hash: EngineHash | None,
        token_ids: TokenArray,
        block_size: int,
        medium: str,
    ) -> int:
        """Record blocks an endpoint cached; returns how many entries were added."""
        ...

    def apply_removed(
        self, endpoint: EndpointKey, engine_hashes: Sequence[EngineHash], medium: str
    ) -> int:
        """Drop one copy of each block; returns how many entries disappeared."""
        ...

    def apply_batch(self, endpoint: EndpointKey, model: str, batch: DecodedBatch) -> None:
        """Apply one ``EventBatch`` of an endpoint serving ``model`` (the LoRA name of each
        ``BlockStored`` picks its hash scope). The result must equal applying the events one
        by one, in order, with ``apply_stored``/``apply_removed``/``clear``."""
        ...

    def clear(self, endpoint: EndpointKey) -> None:
        """Forget every block of an endpoint but keep its slot (``AllBlocksCleared``)."""
        ...

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        """Forget an endpoint and free its slot, in O(its blocks)."""
        ...

    def match(self, block_hashes: BlockHashArray | Sequence[int]) -> PrefixMatch:
        """Leading blocks of a request that each endpoint holds, per tier."""
        ...

    def slot_of(self, endpoint: EndpointKey) -> int | None:
        """The slot an endpoint's numbers sit at in ``PrefixMatch``, or None."""
        ...

    def slots_for(self, endpoints: Sequence[EndpointKey]) -> SlotArray:
        """Slots of many endpoints at once (``-1`` for unknown ones)."""
        ...

    def num_blocks(self, endpoint: EndpointKey) -> int:
        """Entries (distinct engine hashes, both tiers) held for one endpoint."""
        ...
