"""Which pod holds each stored Responses answer: a continuation must go back to it.

vLLM keeps a stored response in the serving process's memory, so a request continued with
``previous_response_id`` works only on the pod that answered the first one. The picker names
every Responses request's id itself (the body's ``request_id``, which vLLM answers with as the
response's ``id``), so it knows the pod of each response when it picks it, without reading
the response. Each replica remembers its own picks in memory (bounded, with a TTL); with the
shared limit store configured, every pick is also written to Redis under the same TTL, and a
replica that does not know an id asks Redis once (the request waits for the answer, at most
the store's timeout).

With the pod, each response keeps the size of its conversation once its usage is settled
(prompt + output tokens, as the pod reported them; until then the prompt the picker counted
and the output it reserved): a continuation's prompt holds that whole
conversation, which the picker cannot count from the request, so it is added to what the
picker counted (its reservation, and the bound on what a report may charge for it).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

import msgspec

from kinference_epp.pool.endpoint import EndpointKey

DEFAULT_TTL_S = 6 * 3600.0
"""How long a response's pod is remembered (a conversation paused longer starts over)."""
MAX_HOMES = 200_000
"""Responses remembered per replica; the oldest is forgotten first."""


RESPONSE_ID_PREFIX = "resp_"


def response_id_of(request_id: str) -> str:
    """The id the picker gives the response of its request ``request_id``."""
    return RESPONSE_ID_PREFIX + request_id


class Home(msgspec.Struct, frozen=True):
    """Where a stored response lives, and how long its conversation is (0: not settled)."""

    endpoint: EndpointKey
    context_tokens: int = 0


class ResponseHomes:
    """Response id -> its ``Home``; a synchronous core, with an optional shared backend the
    pipeline awaits through a ``Wait``."""

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
        self._homes: OrderedDict[str, tuple[Home, float]] = OrderedDict()
        self.shared = shared

    def __len__(self) -> int:
        return len(self._homes)

    def remember(self, response_id: str, endpoint: EndpointKey, context_tokens: int = 0) -> None:
        """``context_tokens``: the conversation's expected size (the prompt and the output
        reserved for it) until its usage settles it."""
        self._keep(response_id, Home(endpoint, context_tokens))
        if self.shared is not None:
            self.shared.put(response_id, endpoint, self._ttl)
            if context_tokens > 0:
                self.shared.put_tokens(response_id, context_tokens, self._ttl)

    def settled(
        self, response_id: str, context_tokens: int, served: EndpointKey | None = None
    ) -> None:
        """The response's usage came back: its conversation is ``context_tokens`` long, and
        ``served`` (when the report names one) is the pod that answered: Envoy retried it
        on a fallback when the pick refused the connection, and the fallback stored it.

        Only for a response this replica knows (it picked or learned it), so the other APIs'
        records cost nothing here; the shared store is told too."""
        found = self._homes.get(response_id)
        if found is None:
            return
        home, expires = found
        endpoint = served or home.endpoint
        tokens = context_tokens if context_tokens > 0 else home.context_tokens
        self._homes[response_id] = (Home(endpoint, tokens), expires)
        if self.shared is not None:
            if endpoint != home.endpoint:
                self.shared.put(response_id, endpoint, self._ttl)
            if context_tokens > 0:
                self.shared.put_tokens(response_id, context_tokens, self._ttl)

    def _keep(self, response_id: str, home: Home) -> None:
        homes = self._homes
        homes[response_id] = (home, self._clock() + self._ttl)
        homes.move_to_end(response_id)
        while len(homes) > self._max:
            homes.popitem(last=False)

    def home(self, response_id: str) -> Home | None:
        """What this replica knows of ``response_id`` (None: unknown or expired)."""
        found = self._homes.get(response_id)
        if found is None:
            return None
        home, expires = found
        if expires <= self._clock():
            del self._homes[response_id]
            return None
        return home

    def learned(self, response_id: str, stored: tuple[str, int] | None) -> Home | None:
        """What the shared store answered for an id, kept here (not written back)."""
        if stored is None:
            return None
        home = Home(EndpointKey(stored[0]), stored[1])
        self._keep(response_id, home)
        return home


class SharedHomes(Protocol):
    """Response homes every replica reads (``tenancy.redis_homes.RedisHomes``)."""

    def put(self, response_id: str, endpoint: str, ttl_s: float) -> None:
        """Store the pod in the background; never blocks or raises."""

    def put_tokens(self, response_id: str, context_tokens: int, ttl_s: float) -> None:
        """Store the conversation's size in the background; never blocks or raises."""

    async def get(self, response_id: str) -> tuple[str, int] | None:
        """(endpoint, context tokens or 0); None when absent or the store cannot answer
        (the continuation stage's ``Await``: the shell bounds it by the stage's wait)."""
