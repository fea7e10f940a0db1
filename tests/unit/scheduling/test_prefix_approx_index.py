"""The approximate (routed-history) prefix index: leading-run matching, LRU, TTL."""

from __future__ import annotations

import numpy as np
import pytest

from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.approx_index import RoutedPrefixIndex, leading_depths

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
