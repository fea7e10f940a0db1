"""Applies decoded event batches to a prefix index: the only code that writes to it."""

from __future__ import annotations

from typing import Protocol

from kinference_epp.kvcache.events import AllBlocksCleared, BlockRemoved, BlockStored, DecodedBatch
from kinference_epp.kvcache.hashing import HashScope
from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.endpoint import EndpointKey


class BatchSink(Protocol):
    """Where subscribers hand decoded batches; called only from the owning event loop."""

    def apply(self, endpoint: EndpointKey, model: str, batch: DecodedBatch) -> None:
        """Apply one batch, in sequence order, for an endpoint serving ``model``."""
        ...

    def reset(self, endpoint: EndpointKey) -> None:
        """Forget an endpoint's state before a rebuild (restart, irrecoverable gap)."""
        ...

    def remove(self, endpoint: EndpointKey) -> None:
        """The endpoint is gone."""
        ...


class IndexWriter:
    """``BatchSink`` over a ``PrefixIndex``: the event's LoRA name picks the hash scope."""

    def __init__(self, index: PrefixIndex) -> None:
        self.index = index
        self.blocks_stored = 0
        self.blocks_removed = 0
        self.clears = 0

    def apply(self, endpoint: EndpointKey, model: str, batch: DecodedBatch) -> None:
        index = self.index
        for ev in batch.events:
            if isinstance(ev, BlockStored):
                index.apply_stored(
                    endpoint,
                    HashScope(model, ev.lora_name),
                    ev.block_hashes,
                    ev.parent_block_hash,
                    ev.token_ids,
                    ev.block_size,
                    ev.medium,
                )
                self.blocks_stored += len(ev.block_hashes)
            elif isinstance(ev, BlockRemoved):
                index.apply_removed(endpoint, ev.block_hashes, ev.medium)
                self.blocks_removed += len(ev.block_hashes)
            elif isinstance(ev, AllBlocksCleared):
                index.clear(endpoint)
                self.clears += 1

    def reset(self, endpoint: EndpointKey) -> None:
        self.index.clear(endpoint)

    def remove(self, endpoint: EndpointKey) -> None:
        self.index.remove_endpoint(endpoint)
