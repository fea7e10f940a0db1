"""Scrape each endpoint's ``/metrics`` into the datastore, one asyncio task per endpoint.

Tasks start and stop with the endpoints through the datastore's listeners. A good scrape
calls ``update_load`` (the endpoint is fresh). A failed scrape (connection error, timeout,
non-200 status, no vLLM metrics in the body) only counts an error: the endpoint turns
stale once its last good scrape is older than ``stale_after_s`` (checked after every
attempt), so one dropped scrape at a 50 ms interval does not flip routing. A request is
bounded by ``timeout_s``; keep it below ``stale_after_s`` so staleness is noticed in time.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable

import aiohttp

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.pool.promtext import parse_vllm_metrics

log = logging.getLogger(__name__)

SessionFactory = Callable[[], aiohttp.ClientSession]
ScrapeCallback = Callable[[EndpointKey, bool, float], None]
"""``on_scrape(key, ok, seconds)``: called after every scrape attempt (for metrics)."""


def default_session() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0, ttl_dns_cache=300),
        raise_for_status=False,
    )


class MetricsScraper:
    """Owns one scrape task per endpoint of a datastore, between ``start()`` and ``stop()``."""

    def __init__(
        self,
        datastore: PoolDatastore,
        config: ScrapeConfig,
        session_factory: SessionFactory = default_session,
        *,
        on_scrape: ScrapeCallback | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = datastore
        self._config = config
        self._session_factory = session_factory
        self._on_scrape = on_scrape
        self._clock = clock
        self._timeout = aiohttp.ClientTimeout(total=config.timeout_s)
        self._session: aiohttp.ClientSession | None = None
        self._tasks: dict[EndpointKey, asyncio.Task[None]] = {}
        self._stopping: set[asyncio.Task[None]] = set()
        self._unsubscribe: Callable[[], None] | None = None
        self.ok: Counter[EndpointKey] = Counter()
        """Good scrapes per endpoint."""
        self.errors: Counter[EndpointKey] = Counter()
        """Failed scrapes per endpoint."""

    @property
    def running(self) -> frozenset[EndpointKey]:
        """Endpoints with a live scrape task."""
        return frozenset(self._tasks)

    async def start(self) -> None:
        """Open the HTTP session and start a task for every current and future endpoint."""
        if self._session is not None:
            return
        self._session = self._session_factory()
        self._unsubscribe = self._store.subscribe(self._on_added, self._on_removed)

    async def stop(self) -> None:
        """Stop every task and close the session; nothing lingers afterwards."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for key in list(self._tasks):
            self._cancel(key)
        if self._stopping:
            await asyncio.gather(*self._stopping, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def __aenter__(self) -> MetricsScraper:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def _on_added(self, endpoint: Endpoint) -> None:
        self._cancel(endpoint.key)
        task = asyncio.get_running_loop().create_task(
            self._run(endpoint), name=f"scrape {endpoint.key}"
        )
        self._tasks[endpoint.key] = task

    def _on_removed(self, endpoint: Endpoint) -> None:
        self._cancel(endpoint.key)

    def _cancel(self, key: EndpointKey) -> None:
        task = self._tasks.pop(key, None)
        if task is None:
            return
        task.cancel()
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    async def _run(self, endpoint: Endpoint) -> None:
        interval = self._config.interval_s
        stale_after = self._config.stale_after_s
        last_good: float | None = None
        while True:
            started = self._clock()
            ok = await self.scrape_once(endpoint)
            now = self._clock()
            if ok:
                last_good = started
            elif last_good is None or now - last_good > stale_after:
                self._store.mark_stale(endpoint.key)
            await asyncio.sleep(max(0.0, interval - (now - started)))

    async def scrape_once(self, endpoint: Endpoint) -> bool:
        """One GET and parse; True (and the load recorded) on success. A failure never raises."""
        session = self._session
        if session is None:
            raise RuntimeError("MetricsScraper.start() was not called")
        key = endpoint.key
        started = self._clock()
        ok = False
        try:
            async with session.get(endpoint.metrics_url, timeout=self._timeout) as response:
                if response.status != 200:
                    raise ValueError(f"HTTP {response.status}")
                body = await response.read()
            snapshot = parse_vllm_metrics(body.decode("utf-8", "replace"), scraped_at=started)
            ok = self._store.update_load(key, snapshot)
        except (aiohttp.ClientError, TimeoutError, ValueError, OSError) as exc:
            log.debug("scrape of %s failed: %s", key, exc or type(exc).__name__)
        except Exception:
            log.exception("unexpected error scraping %s", key)
        elapsed = self._clock() - started
        if ok:
            self.ok[key] += 1
        else:
            self.errors[key] += 1
        if self._on_scrape is not None:
            try:
                self._on_scrape(key, ok, elapsed)
            except Exception:
                log.exception("on_scrape callback failed")
        return ok
