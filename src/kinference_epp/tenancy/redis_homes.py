"""Which pod holds each stored Responses answer, shared by every replica through Redis.

The limit store's Redis (its client, prefix and timeout): one key per response, written in
the background when the picker routes it, read once by a replica that does not know it
(``routing.response_homes``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from redis.asyncio import Redis

log = logging.getLogger(__name__)


class RedisHomes:
    """Response homes in Redis (``<prefix>:resp:<id>`` = endpoint, with the TTL).

    Writes leave in the background and never hold a request; a lookup is one GET. Redis
    unreachable: writes are dropped (logged once per outage) and a lookup answers None, so the
    continuation is routed like any request and a pod without the response answers 404."""

    def __init__(self, client: Redis, *, prefix: str, timeout_s: float) -> None:
        self._client = client
        self._prefix = prefix
        self._timeout = timeout_s
        self._tasks: set[asyncio.Task[None]] = set()
        self._failing = False
        self._watchers: list[Callable[[], None]] = []

    def _key(self, response_id: str) -> str:
        return f"{self._prefix}:resp:{response_id}"

    def put(self, response_id: str, endpoint: str, ttl_s: float) -> None:
        task = asyncio.ensure_future(self._put(response_id, endpoint, ttl_s))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _put(self, response_id: str, endpoint: str, ttl_s: float) -> None:
        try:
            async with asyncio.timeout(self._timeout):
                await self._client.set(self._key(response_id), endpoint, px=int(ttl_s * 1000))
            self._failing = False
        except Exception as exc:  # unreachable Redis: the local copy still serves this replica
            if not self._failing:
                log.warning("could not share a response's pod in Redis: %s", exc)
            self._failing = True

    async def get(self, response_id: str) -> str | None:
        try:
            async with asyncio.timeout(self._timeout):
                value = await self._client.get(self._key(response_id))
        except Exception as exc:
            log.warning("could not read a response's pod from Redis: %s", exc)
            value = None
        finally:
            self._notify()
        if value is None:
            return None
        return value.decode() if isinstance(value, bytes) else str(value)

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """``callback`` runs after every lookup (a waiting request re-checks its future)."""
        self._watchers.append(callback)

        def unwatch() -> None:
            if callback in self._watchers:
                self._watchers.remove(callback)

        return unwatch

    def _notify(self) -> None:
        loop = asyncio.get_running_loop()
        for callback in list(self._watchers):
            loop.call_soon(callback)

    async def flush(self) -> None:
        """Wait for the writes in flight (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
