"""The backend switch: config default, factory, and the writer's batch counters."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kinference_epp.config.model import KvEventsConfig
from kinference_epp.kvcache.backends import DEFAULT_BACKEND, make_index
from kinference_epp.kvcache.events import decode_batch, decode_batch_generic
from kinference_epp.kvcache.fast_index import FastPrefixIndex
from kinference_epp.kvcache.index import MaskPrefixIndex
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.events import AllBlocksCleared, BlockRemoved, BlockStored, encode_batch


def test_config_defaults_to_the_fast_backend_and_rejects_others() -> None:
    assert KvEventsConfig().index == DEFAULT_BACKEND == "fast"
    assert KvEventsConfig(index="mask").index == "mask"
    with pytest.raises(ValidationError):
        KvEventsConfig(index="dict")


def test_make_index() -> None:
    fast = make_index(block_size=8, max_blocks_per_endpoint=100)
    assert isinstance(fast, FastPrefixIndex)
    assert (fast.block_size, fast.max_blocks_per_endpoint) == (8, 100)
    assert isinstance(make_index("mask"), MaskPrefixIndex)
    with pytest.raises(ValueError, match="unknown prefix-index backend"):
        make_index("dict")


@pytest.mark.parametrize("kind", ["fast", "mask"])
def test_writer_counts_whole_batches(kind: str) -> None:
    writer = IndexWriter(make_index(kind, block_size=2))
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
    typed = decode_batch(payload)
    writer.apply(pod, "m", typed)
    assert (writer.blocks_stored, writer.blocks_removed, writer.clears) == (4, 1, 1)
    assert writer.index.num_blocks(pod) == 1
    assert writer.index.stored == 4
    # a batch that only has its event objects (the generic decoder's) counts the same
    walked = decode_batch_generic(payload)
    assert walked.block_counts() == typed.block_counts() == (4, 1, 1)
    writer.apply(pod, "m", walked)
    assert (writer.blocks_stored, writer.blocks_removed, writer.clears) == (8, 2, 2)
