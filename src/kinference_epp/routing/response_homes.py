"""Which pod holds each stored Responses answer: a continuation must go back to it.

vLLM keeps a stored response in the serving process's memory, so a request continued with
``previous_response_id`` works only on the pod that answered the first one. The picker names
every Responses request's id itself (the body's ``request_id``, which vLLM answers with as the
response's ``id``), so it knows the pod of each response when it picks it, without reading
the response. Each replica remembers its own picks in memory (bounded, with a TTL); with the
shared limit store configured, every pick is also written to Redis under the same TTL, and a
replica that does not know an id asks Redis once (the request waits for the answer, at most
the store's timeout).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

from kinference_epp.pool.endpoint import EndpointKey

DEFAULT_TTL_S = 6 * 3600.0
"""How long a response's pod is remembered (a conversation paused longer starts over)."""
MAX_HOMES = 200_000
"""Responses remembered per replica; the oldest is forgotten first."""


class ResponseHomes:
    """Response id -> the endpoint that answered it; a synchronous core, with an optional
    shared backend the pipeline awaits through a ``Wait``."""

    def __init__(
        self,
        *,
        ttl_s: float = DEFAULT_TTL_S,
        max_homes: int = MAX_HOMES,
        clock: Callable[[], float] = time.monotonic,
        shared: SharedHomes | None = None,
    ) -> None:
        self._ttl = ttl_s
        self._max = max_homes
        self._clock = clock
        self._homes: OrderedDict[str, tuple[EndpointKey, float]] = OrderedDict()
        self.shared = shared

    def __len__(self) -> int:
        return len(self._homes)

    def remember(self, response_id: str, endpoint: EndpointKey) -> None:
        self._keep(response_id, endpoint)
        if self.shared is not None:
            self.shared.put(response_id, endpoint, self._ttl)

    def _keep(self, response_id: str, endpoint: EndpointKey) -> None:
        homes = self._homes
        homes[response_id] = (endpoint, self._clock() + self._ttl)
        homes.move_to_end(response_id)
        while len(homes) > self._max:
            homes.popitem(last=False)

    def home(self, response_id: str) -> EndpointKey | None:
        """The endpoint this replica knows for ``response_id`` (None: unknown or expired)."""
        found = self._homes.get(response_id)
        if found is None:
            return None
        endpoint, expires = found
        if expires <= self._clock():
            del self._homes[response_id]
            return None
        return endpoint

    def learned(self, response_id: str, endpoint: str | None) -> EndpointKey | None:
        """What the shared store answered for an id, kept here (not written back)."""
        if endpoint is None:
            return None
        key = EndpointKey(endpoint)
        self._keep(response_id, key)
        return key


class SharedHomes(Protocol):
    """Response homes every replica reads (``tenancy.redis_homes.RedisHomes``)."""

    def put(self, response_id: str, endpoint: str, ttl_s: float) -> None:
        """Store in the background; never blocks or raises."""

    async def get(self, response_id: str) -> str | None:
        """The stored endpoint; None when absent or the store cannot answer. Tells the
        ``watch`` callbacks when done."""

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` after every lookup; returns the unregister function."""
