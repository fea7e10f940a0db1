"""The approximate (routed-history) prefix index: leading-run matching, LRU, TTL."""

from __future__ import annotations

import numpy as np
import pytest

from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.routed_prefix_index import RoutedPrefixIndex, leading_depths

A, B, C = EndpointKey("a:1"), EndpointKey("b:1"), EndpointKey("c:1")


@pytest.mark.parametrize(
    ("masks", "expected"),
    [
        ([], [0, 0, 0]),
        ([0b111, 0b111], [2, 2, 2]),
        ([0b011, 0b001, 0b111], [3, 1, 0]),
        ([0b100, 0b000, 0b100], [0, 0, 1]),  # a gap stops the run
        ([0b110, 0b010, 0b010, 0b000], [0, 3, 1]),
    ],
)
def test_leading_depths(masks: list[int], expected: list[int]) -> None:
    assert leading_depths(iter(masks), 3).tolist() == expected


def depths(index: RoutedPrefixIndex, hashes: list[int], *keys: EndpointKey) -> list[int]:
    got = np.concatenate((index.match(hashes), [0]))
    return got[index.slots_for(list(keys))].tolist()


def test_match_counts_leading_blocks_per_endpoint() -> None:
    index = RoutedPrefixIndex(ttl_s=10, capacity_per_endpoint=100)
    index.record(A, [1, 2, 3, 4], now=0)
    index.record(B, [1, 2, 9], now=0)
    assert depths(index, [1, 2, 3, 4, 5], A, B, C) == [4, 2, 0]
    assert depths(index, [7, 1, 2], A, B) == [0, 0]


def test_capacity_evicts_least_recently_routed() -> None:
    index = RoutedPrefixIndex(ttl_s=10, capacity_per_endpoint=4)
    index.record(A, [1, 2, 3], now=0)
    index.record(A, [1, 5, 6], now=1)  # 1 refreshed; 2 is now the oldest, then 3
    assert index.num_blocks(A) == 4
    assert index.evicted == 1
    assert depths(index, [1, 5, 6], A) == [3]
    assert depths(index, [1, 2, 3], A) == [1]


def test_ttl_expiry_and_endpoint_removal() -> None:
    index = RoutedPrefixIndex(ttl_s=5, capacity_per_endpoint=100)
    index.record(A, [1, 2], now=0)
    index.record(B, [1, 2], now=4)
    index.expire(now=6)
    assert depths(index, [1, 2], A, B) == [0, 2]
    version = index.version
    index.remove_endpoint(B)
    assert index.version > version
    assert index.num_entries == 0
    assert depths(index, [1, 2], B) == [0]


def test_expiry_keeps_keys_a_later_record_refreshed() -> None:
    index = RoutedPrefixIndex(ttl_s=5, capacity_per_endpoint=100)
    index.record(A, [1, 2, 3], now=0)
    index.record(A, [1, 2], now=3)
    index.expire(now=6)  # the first record expires; 1 and 2 were routed again at 3
    assert depths(index, [1, 2, 3], A) == [2]
    assert index.expired == 1
    index.expire(now=9)
    assert index.num_entries == 0
    assert depths(index, [1, 2, 3], A) == [0]


def test_capacity_eviction_spans_records_in_routing_order() -> None:
    index = RoutedPrefixIndex(ttl_s=100, capacity_per_endpoint=3)
    index.record(A, [1, 2], now=0)
    index.record(A, [3, 4], now=1)
    index.record(A, [5, 6], now=2)  # 6 keys for 3 places: 1, 2, 3 go
    assert index.num_blocks(A) == 3
    assert index.evicted == 3
    assert depths(index, [5, 6], A) == [2]
    assert depths(index, [3, 4], A) == [0]  # its first block went, so no leading run
    index.expire(now=200)  # the half-evicted and the whole records expire cleanly
    assert index.num_entries == 0
    assert index.expired == 3


def test_stride_samples_every_nth_block_and_the_last() -> None:
    index = RoutedPrefixIndex(ttl_s=10, capacity_per_endpoint=100, stride=4)
    blocks = list(range(100, 110))  # 10 blocks: keys at positions 3, 7 and 9
    assert index.sample(blocks) == [103, 107, 109]
    index.record(A, blocks, now=0)
    assert index.num_blocks(A) == 3
    assert depths(index, blocks, A) == [10]  # an exact repeat matches in full
    assert depths(index, [*blocks, 555, 556], A) == [8]  # longer: whole strides only
    assert depths(index, blocks[:9], A) == [8]
    assert depths(index, blocks[:3], A) == [0]  # shorter than one stride
    assert depths(index, list(range(200, 210)), A) == [0]  # (real hashes are chained)


def test_removed_endpoint_records_do_not_expire_into_a_new_slot_holder() -> None:
    index = RoutedPrefixIndex(ttl_s=5, capacity_per_endpoint=100)
    index.record(A, [1, 2], now=0)
    index.remove_endpoint(A)
    index.record(B, [1, 2], now=1)  # reuses A's slot
    index.expire(now=5.5)  # A's record expires: must not touch B's bits
    assert depths(index, [1, 2], B) == [2]
