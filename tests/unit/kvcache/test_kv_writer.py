"""The writer hands whole batches to the index and counts what they carried; the config
has no index switch left to set."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kinference_epp.config.model import KvEventsConfig
from kinference_epp.kvcache.events import decode_batch, decode_batch_generic
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.events import AllBlocksCleared, BlockRemoved, BlockStored, encode_batch


def test_config_rejects_an_index_backend() -> None:
    with pytest.raises(ValidationError, match="index"):
        KvEventsConfig.model_validate({"index": "fast"})


def test_writer_counts_whole_batches() -> None:
    writer = IndexWriter(BlockIndex(block_size=2))
    pod = EndpointKey("10.0.0.1:8000")
    payload = encode_batch(
        [
            BlockStored([1, 2], None, [1, 2, 3, 4], 2),
            BlockStored([3], 2, [5, 6], 2),
            BlockRemoved([1]),
            AllBlocksCleared(),
            BlockStored([9], None, [7, 8], 2),
        ],
        0.0,
    )
    fast = decode_batch(payload)
    writer.apply(pod, "m", fast)
    assert (writer.blocks_stored, writer.blocks_removed, writer.clears) == (4, 1, 1)
    assert writer.index.num_blocks(pod) == 1
    assert writer.index.stored == 4
    # a batch that only has its event objects (the exact decoder's) counts the same
    walked = decode_batch_generic(payload)
    assert walked.block_counts() == fast.block_counts() == (4, 1, 1)
    writer.apply(pod, "m", walked)
    assert (writer.blocks_stored, writer.blocks_removed, writer.clears) == (8, 2, 2)
