"""Keeps one KV-event subscription per endpoint in step with the pool's membership.

The datastore says which pods exist; this follows them: a new endpoint with a KV-event address
gets a subscriber (which replays from the start to rebuild), a removed one is unsubscribed and
its blocks leave the index. It also answers "is this endpoint's cache state precise right now?"
for the prefix scorer, which falls back to the approximate index when it is not.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.kvcache.subscriber import EndpointKVStatus, KVEventIngest
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey

log = logging.getLogger(__name__)


class KvFeed:
    def __init__(
        self,
        datastore: PoolDatastore,
        index: PrefixIndex,
        *,
        topic: str = "",
        replay_timeout_s: float = 2.0,
        centralized_bind: str | None = None,
        stale_after_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._datastore = datastore
        self.index = index
        self.writer = IndexWriter(index)
        self._topic = topic
        self._replay_timeout = replay_timeout_s
        self._central = centralized_bind
        self._stale_after = stale_after_s
        self._clock = clock
        self.ingest: KVEventIngest | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._removals: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.ingest = KVEventIngest(
            self.writer, replay_timeout=self._replay_timeout, centralized_bind=self._central
        )
        self._unsubscribe = self._datastore.subscribe(self._added, self._removed)

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._removals:
            await asyncio.gather(*self._removals, return_exceptions=True)
        if self.ingest is not None:
            await self.ingest.close()
            self.ingest = None

    def _added(self, endpoint: Endpoint) -> None:
        if self.ingest is None:
            return
        if endpoint.kv_events is None and self._central is None:
            return  # no events from this pod: it is scored from the approximate index
        model = endpoint.base_model or min(endpoint.models, default="")
        if not model:
            return  # its base model is not known yet (the pod has not listed its models)
        self.ingest.add(
            endpoint.key,
            model,
            events=endpoint.kv_events,
            replay=endpoint.kv_replay,
            topic=self._topic,
        )

    def _removed(self, endpoint: Endpoint) -> None:
        if self.ingest is None:
            return
        task = asyncio.get_running_loop().create_task(self.ingest.remove(endpoint.key))
        self._removals.add(task)
        task.add_done_callback(self._removals.discard)

    def status(self, key: EndpointKey) -> EndpointKVStatus | None:
        return None if self.ingest is None else self.ingest.status(key)

    def is_precise(self, key: EndpointKey) -> bool:
        """Trust the index for this endpoint: its stream is synced and not silent for too long.

        An idle vLLM publishes nothing, so silence alone is not failure: a synced stream stays
        precise until ``stale_after_s`` passes without a batch.
        """
        st = self.status(key)
        if st is None or not st.synced:
            return False
        return not st.stale(self._clock(), self._stale_after)
