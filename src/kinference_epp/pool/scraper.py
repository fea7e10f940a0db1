"""Scrape each endpoint's ``/metrics`` into the datastore, one asyncio task per endpoint.

Tasks start and stop with the endpoints through the datastore's listeners. A good scrape
calls ``update_load`` (the endpoint is fresh). A failed scrape (connection error, timeout,
non-200 status, no vLLM metrics in the body) only counts an error: the endpoint turns
stale once its last good scrape is older than ``stale_after_s`` (checked after every
attempt), so one dropped scrape does not flip routing. A request is
bounded by ``timeout_s``; keep it below ``stale_after_s`` so staleness is noticed in time.
``on_scrape`` is called after every attempt; a scrape cancelled by ``stop`` or by the
endpoint's removal is not an attempt.

A refused connection is different: nothing listens on the pod's port (it died, or restarts),
so every request sent there would fail too. The endpoint is held unready at once
(``PoolDatastore.hold``, reason ``refused``) until a scrape succeeds again. Each change of an
endpoint's state (unready, ready again, stale, fresh) is logged once.

The same task reads the endpoint's ``/v1/models`` every ``models_interval_s`` (every second
until it first answers) into ``PoolDatastore.learn_models`` (``pool/served_models.py``): LoRA
adapters loaded at run time and names the pod spec does not show become routable.

Pages are fetched through one ``PageFetcher`` (``pool/fetch.py``): aiohttp's client, one
session whose pool keeps each pod's keep-alive connection between scrapes, closed by
``stop``. The scrapes run on the event loop that answers Envoy, so their CPU is taken from
request handling; the parser (``pool/promtext.py``, which reads only the handful of vLLM
gauges routing needs) exists to keep it small (``benchmarks/results/scrape_cost.md``).

Every endpoint is scraped on the same ticks, the multiples of the interval on the loop's
clock: one timer wake-up per interval for the whole pool instead of one per endpoint. An idle
picker pays for each wake-up, and an endpoint whose scrape overran a tick waits for the next
one instead of drifting. The answers arrive together (all tasks start together and keep that
phase); with hundreds of pods that burst is worth spreading.

The interval (``ScrapeConfig.interval_s``, 50 ms by default) is the Gateway API Inference
Extension's default metrics refresh. vLLM updates these gauges as its engine steps, so
scraping much faster reads the same numbers twice, and between scrapes the picker adds the
requests it routed itself (the in-flight tracker), so a slower scrape loses less than it
seems. The cost is linear in pods, most of it the kernel's loopback TCP and wake-ups rather
than Python (``benchmarks/results/scrape_cost.md``). A large pool that needs the CPU back can
raise the interval; staleness follows ``stale_after_s``, not the interval.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import Protocol

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.pool.fetch import PageFetcher
from kinference_epp.pool.promtext import parse_vllm_metrics
from kinference_epp.pool.served_models import models_url, parse_model_list

log = logging.getLogger(__name__)

REFUSED = "refused"
"""The hold reason of an endpoint whose connection was refused."""


class PageSource(Protocol):
    """What the scraper needs to fetch a page (``PageFetcher``, or a fake)."""

    async def get(self, url: str, timeout_s: float) -> bytes:
        """The page body; raises OSError, TimeoutError or ValueError on failure (a URL it
        cannot fetch included)."""
        ...


ScrapeCallback = Callable[[EndpointKey, bool, float], None]
"""``on_scrape(key, ok, seconds)``: called after every scrape attempt (for metrics)."""
LoadCallback = Callable[[EndpointKey, LoadSnapshot], None]


class MetricsScraper:
    """Owns one scrape task per endpoint of a datastore, between ``start()`` and ``stop()``."""

    def __init__(
        self,
        datastore: PoolDatastore,
        config: ScrapeConfig,
        *,
        pages: PageSource | None = None,
        on_scrape: ScrapeCallback | None = None,
        on_load: LoadCallback | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``pages`` replaces how pages are fetched (tests; its owner closes it), else the
        scraper fetches through its own ``PageFetcher``, closed by ``stop``;
        ``on_load(key, snapshot)`` hears every good scrape's snapshot once it is recorded."""
        self._store = datastore
        self._config = config
        self._own_fetcher: PageFetcher | None = None
        if pages is None:
            pages = self._own_fetcher = PageFetcher()
        self._pages = pages
        self._on_scrape = on_scrape
        self._on_load = on_load
        self._clock = clock
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
        """Start a task for every current and future endpoint (a second call does nothing)."""
        if self._unsubscribe is not None:
            return
        self._unsubscribe = self._store.subscribe(self._on_added, self._on_removed)

    async def stop(self) -> None:
        """Stop every task and close the connections; nothing lingers afterwards."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for key in list(self._tasks):
            self._cancel(key)
        if self._stopping:
            await asyncio.gather(*self._stopping, return_exceptions=True)
        if self._own_fetcher is not None:
            await self._own_fetcher.close()

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
        loop = asyncio.get_running_loop()
        # Its own task: a pod slow to list its models never delays its metrics.
        models = (
            loop.create_task(self._list_models_loop(endpoint), name=f"models {endpoint.key}")
            if self._config.models_interval_s
            else None
        )
        stale = False
        try:
            while True:
                started = self._clock()
                ok = await self.scrape_once(endpoint)
                now = self._clock()
                if ok:
                    last_good = started
                    if stale:
                        stale = False
                        log.info("endpoint metrics fresh again", extra={"endpoint": endpoint.key})
                elif last_good is None or now - last_good > stale_after:
                    self._store.mark_stale(endpoint.key)
                    if not stale and last_good is not None:
                        log.warning("endpoint metrics stale", extra={"endpoint": endpoint.key})
                    stale = True
                # Until the next multiple of the interval: the tick every endpoint shares.
                tick = loop.time()
                await asyncio.sleep((tick // interval + 1) * interval - tick)
        finally:
            if models is not None:
                models.cancel()
                await asyncio.gather(models, return_exceptions=True)

    async def _list_models_loop(self, endpoint: Endpoint) -> None:
        every = self._config.models_interval_s
        while True:
            listed = await self.list_models(endpoint)
            # Until the pod answers (it is starting), ask again every second.
            await asyncio.sleep(every if listed else min(every, 1.0))

    async def list_models(self, endpoint: Endpoint) -> bool:
        """One GET of the endpoint's ``/v1/models`` into the datastore; True if it answered.
        A failure never raises (the models declared for the endpoint stay)."""
        key = endpoint.key
        try:
            url = models_url(endpoint.metrics_url, key)
            models, base = parse_model_list(await self._pages.get(url, self._config.timeout_s))
        except (TimeoutError, ValueError, OSError) as exc:
            log.debug("listing the models of %s failed: %s", key, exc or type(exc).__name__)
            return False
        except Exception:
            log.exception("unexpected error listing the models of %s", key)
            return False
        if self._store.learn_models(key, models, base):
            served = self._store.get(key)
            log.info(
                "endpoint serves models",
                extra={"endpoint": key, "models": sorted(served.models) if served else []},
            )
        return True

    async def scrape_once(self, endpoint: Endpoint) -> bool:
        """One GET and parse; True (and the load recorded) on success. A failure never raises."""
        key = endpoint.key
        started = self._clock()
        ok = False
        try:
            body = await self._pages.get(endpoint.metrics_url, self._config.timeout_s)
            snapshot = parse_vllm_metrics(body, scraped_at=started)
            ok = self._store.update_load(key, snapshot)
            if ok and self._on_load is not None:
                self._heard(key, snapshot)
            if self._store.release(key, REFUSED):
                log.info("endpoint ready again: it accepts connections", extra={"endpoint": key})
        except ConnectionRefusedError:
            if self._store.hold(key, REFUSED):
                log.warning("endpoint unready: connection refused", extra={"endpoint": key})
        except (TimeoutError, ValueError, OSError) as exc:
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

    def _heard(self, key: EndpointKey, snapshot: LoadSnapshot) -> None:
        assert self._on_load is not None
        try:
            self._on_load(key, snapshot)
        except Exception:
            log.exception("on_load callback failed")
