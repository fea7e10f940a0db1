from __future__ import annotations

from collections.abc import Iterator

import pytest

from redis_server import RedisServer, running_redis


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """One real redis-server per test module; each test keys its state by a prefix of its own."""
    with running_redis() as server:
        yield server
