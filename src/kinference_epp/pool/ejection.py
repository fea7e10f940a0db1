"""Endpoints the proxy could not connect to, as its access log reports them, leave the
rotation for a while.

The scraper notices a pod that refuses connections within one scrape interval. What it
cannot see, the proxy's access log shows: a request whose connection to its endpoint failed
(flag ``UF``), or one retried away from the endpoint the picker chose (Envoy tried the
fallbacks because the first connect failed). ``threshold`` such failures in a row take the
endpoint out of routing for ``eject_s`` seconds; a request the endpoint served resets the
count. Like Envoy's outlier detection, but shared by every proxy that reports to the picker,
and visible to the scheduler, which then stops picking the endpoint instead of relying on
retries.
"""

from __future__ import annotations

import asyncio
import logging

from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey

log = logging.getLogger(__name__)

HOLD = "connect_failures"
"""The reason an ejected endpoint is held unready (``PoolDatastore.hold``)."""
CONNECT_FAILURE_FLAG = "upstream_connection_failure"
"""Envoy's response flag ``UF`` as the access log names it."""


class ConnectFailureEjector:
    def __init__(
        self, datastore: PoolDatastore, *, threshold: int = 3, eject_s: float = 10.0
    ) -> None:
        if threshold < 1 or eject_s <= 0:
            raise ValueError("threshold must be at least 1 and eject_s positive")
        self._datastore = datastore
        self.threshold = threshold
        self.eject_s = eject_s
        self._failures: dict[EndpointKey, int] = {}
        self._timers: dict[EndpointKey, asyncio.TimerHandle] = {}

    @property
    def ejected(self) -> frozenset[EndpointKey]:
        return frozenset(self._timers)

    def observe(
        self,
        *,
        served: str,
        status: int,
        flags: str,
        attempts: int,
        routed: EndpointKey | None,
    ) -> None:
        """One finished request: the endpoint that answered (or was last tried), its status,
        Envoy's response flags, the upstream attempts, and the picker's choice for it."""
        if routed is not None and attempts > 1 and served != routed:
            self.connect_failed(routed)  # retried away from the picker's choice
        if not served:
            return
        key = EndpointKey(served)
        if CONNECT_FAILURE_FLAG in flags:
            self.connect_failed(key)
        elif 0 < status < 500:
            self._failures.pop(key, None)

    def connect_failed(self, key: EndpointKey) -> None:
        if key in self._timers or key not in self._datastore:
            return
        count = self._failures.get(key, 0) + 1
        if count < self.threshold:
            self._failures[key] = count
            return
        self._failures.pop(key, None)
        self._datastore.hold(key, HOLD)
        self._timers[key] = asyncio.get_running_loop().call_later(self.eject_s, self._release, key)
        log.warning(
            "endpoint ejected: connections failed",
            extra={"endpoint": key, "failures": count, "seconds": self.eject_s},
        )

    def _release(self, key: EndpointKey) -> None:
        if self._timers.pop(key, None) is not None:
            self._datastore.release(key, HOLD)
            log.info("endpoint back from ejection", extra={"endpoint": key})

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
