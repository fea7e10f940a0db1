"""What the KV-event decoder tests compare: a decoded batch as plain, comparable values."""

from __future__ import annotations

import math

from kinference_epp.kvcache.events import BlockStored, DecodedBatch


def normalised(b: DecodedBatch) -> object:
    """The batch with token id arrays as lists and a NaN timestamp as a string, so two
    decoders' results compare with ==."""

    def ev(e: object) -> object:
        if isinstance(e, BlockStored):
            return (
                "S", e.block_hashes, e.parent_block_hash, e.token_ids.tolist(), e.block_size,
                e.medium, e.lora_name, e.lora_id,
            )  # fmt: skip
        return e

    ts = "nan" if isinstance(b.ts, float) and math.isnan(b.ts) else b.ts
    return (ts, b.data_parallel_rank, b.unknown, b.malformed, [ev(e) for e in b.events])
