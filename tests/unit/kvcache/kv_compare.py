"""What the KV-event decoder tests compare: a decoded batch as plain, comparable values."""

from __future__ import annotations

from kinference_epp.kvcache.events import BlockStored, DecodedBatch


def normalised(b: DecodedBatch) -> object:
    """The batch with token id arrays as lists, so two decoders' results compare with ==."""

    def ev(e: object) -> object:
        if isinstance(e, BlockStored):
            return (
                "S", e.block_hashes, e.parent_block_hash, e.token_ids.tolist(), e.block_size,
                e.medium, e.lora_name, e.lora_id,
            )  # fmt: skip
        return e

    return (b.ts, b.data_parallel_rank, b.unknown, b.malformed, [ev(e) for e in b.events])
