"""Applies decoded event batches to a prefix index: the only code that writes to it."""

from __future__ import annotations

from typing import Protocol

from kinference_epp.kvcache.events import DecodedBatch
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
        """Hand the whole batch to the index (one call: it applies events column-wise)."""
        self.index.apply_batch(endpoint, model, batch)
        stored, removed, clears = batch.block_counts()
        self.blocks_stored += stored
        self.blocks_removed += removed
        self.clears += clears

    def reset(self, endpoint: EndpointKey) -> None:
        self.index.clear(endpoint)

    def remove(self, endpoint: EndpointKey) -> None:
        self.index.remove_endpoint(endpoint)
