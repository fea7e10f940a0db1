"""Which pod holds each stored Responses answer, shared by every replica through Redis.

The limit store's Redis (its client, prefix and timeout): one key per response, written in
the background when the picker routes it, read once by a replica that does not know it
(``pipeline.response_homes``).
"""

from __future__ import annotations

import asyncio
import logging

from redis.asyncio import Redis

log = logging.getLogger(__name__)


class RedisHomes:
    """Response homes in Redis: a hash ``<prefix>:resp:<id>`` with ``endpoint`` and, once the
    response's usage is settled, ``tokens`` (its conversation's size), expiring after the TTL.

    Writes leave in the background and never hold a request; a lookup is one HMGET. Redis
    unreachable: writes are dropped (logged once per outage) and a lookup answers None, so the
    continuation is routed like any request and a pod without the response answers 404."""

    def __init__(self, client: Redis, *, prefix: str, timeout_s: float) -> None:
        self._client = client
        self._prefix = prefix
        self._timeout = timeout_s
        self._tasks: set[asyncio.Task[None]] = set()
        self._failing = False

    def _key(self, response_id: str) -> str:
        return f"{self._prefix}:resp:{response_id}"

    def put(self, response_id: str, endpoint: str, ttl_s: float) -> None:
        self._write(response_id, "endpoint", endpoint, ttl_s)

    def put_tokens(self, response_id: str, context_tokens: int, ttl_s: float) -> None:
        self._write(response_id, "tokens", str(context_tokens), ttl_s)

    def _write(self, response_id: str, field: str, value: str, ttl_s: float) -> None:
        task = asyncio.ensure_future(self._hset(self._key(response_id), field, value, ttl_s))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _hset(self, key: str, field: str, value: str, ttl_s: float) -> None:
        try:
            async with asyncio.timeout(self._timeout):
                pipe = self._client.pipeline(transaction=True)
                pipe.hset(key, field, value)
                pipe.pexpire(key, int(ttl_s * 1000))
                await pipe.execute()
            self._failing = False
        except Exception as exc:  # unreachable Redis: the local copy still serves this replica
            if not self._failing:
                log.warning("could not share a response's pod in Redis: %s", exc)
            self._failing = True

    async def get(self, response_id: str) -> tuple[str, int] | None:
        try:
            async with asyncio.timeout(self._timeout):
                endpoint, tokens = await self._client.hmget(
                    self._key(response_id), ["endpoint", "tokens"]
                )
        except Exception as exc:
            log.warning("could not read a response's pod from Redis: %s", exc)
            return None
        if endpoint is None:
            return None
        return _text(endpoint), int(_text(tokens)) if tokens is not None else 0

    async def flush(self) -> None:
        """Wait for the writes in flight (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
