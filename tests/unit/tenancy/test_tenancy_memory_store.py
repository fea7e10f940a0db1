"""The shared limit-store suite over the in-process store, plus what only it does (a fallback
scaled to the live replicas)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from limit_store_suite import SUITE, StoreUnderTest, reservation, reserve

from kinference_epp.tenancy.memory_store import MemoryStore


def under_test(store: MemoryStore) -> StoreUnderTest:
    async def holds(request_id: str) -> bool:
        return store.holds(request_id)

    async def running(key: str) -> int:
        return store.running("acme", key)

    return StoreUnderTest(store, "acme", holds, running)


@pytest.mark.parametrize("case", SUITE, ids=lambda c: c.__name__)
async def test_memory_store(case: Callable[[StoreUnderTest], Awaitable[None]]) -> None:
    await case(under_test(MemoryStore()))


async def test_a_scaled_store_gives_its_share_of_the_limit() -> None:
    sut = under_test(MemoryStore(scale=lambda: 3.0))  # three live replicas
    first = await reserve(sut, reservation(sut, "x", prompt=300, output=300))
    assert first.allowed
    assert first.tokens is not None
    assert first.tokens.limit == 1000  # 3000 output a minute / 3
    assert not (await reserve(sut, reservation(sut, "y", prompt=300, output=800))).allowed
