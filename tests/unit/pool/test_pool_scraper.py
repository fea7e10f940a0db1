"""MetricsScraper against a real local aiohttp server that serves canned text or fails on demand,
and against an in-memory page source through its ``pages`` seam.

Time is a fake clock advanced by the test, so staleness never depends on wall time; the
tests wait for scrape events, not for durations.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from aiohttp import web

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.pool.scraper import MetricsScraper
from waits import eventually

GOOD = 'vllm:num_requests_running{model_name="m"} 3\nvllm:num_requests_waiting{model_name="m"} 4\nvllm:kv_cache_usage_perc{model_name="m"} 0.5\n'


@dataclass
class FakeVllm:
    """What /metrics answers: ``mode`` is ok, error (500), hang (never answers) or html."""

    mode: str = "ok"
    body: str = GOOD
    paths: set[str] = field(default_factory=set)
    peers: set[object] = field(default_factory=set)
    transports: set[asyncio.BaseTransport] = field(default_factory=set)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    requested: asyncio.Event = field(default_factory=asyncio.Event)

    async def metrics(self, request: web.Request) -> web.Response:
        self.paths.add(request.path)
        self.peers.add(request.transport.get_extra_info("peername") if request.transport else None)
        if request.transport is not None:
            self.transports.add(request.transport)
        self.requested.set()
        if self.mode == "error":
            return web.Response(status=500, text="engine dead")
        if self.mode == "hang":
            await self.release.wait()
        if self.mode == "html":
            return web.Response(text="<html>hello</html>", content_type="text/html")
        return web.Response(text=self.body)


@dataclass
class Server:
    fake: FakeVllm
    base: str

    def endpoint(self, path: str = "/metrics", port: int = 8000) -> Endpoint:
        key = EndpointKey(f"127.0.0.1:{port}")
        return Endpoint(key=key, models=frozenset({"m"}), metrics_url=self.base + path)


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    fake = FakeVllm()
    app = web.Application()
    app.router.add_get("/metrics", fake.metrics)
    app.router.add_get("/other", fake.metrics)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield Server(fake, f"http://127.0.0.1:{port}")
    fake.release.set()
    await runner.cleanup()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Events:
    queue: asyncio.Queue[tuple[EndpointKey, bool]] = field(default_factory=asyncio.Queue)

    def __call__(self, key: EndpointKey, ok: bool, seconds: float) -> None:
        assert seconds >= 0
        self.queue.put_nowait((key, ok))

    async def next(self) -> tuple[EndpointKey, bool]:
        async with asyncio.timeout(10):  # a hang guard, not a timing assertion
            return await self.queue.get()

    async def until(self, ok: bool) -> None:
        while (await self.next())[1] != ok:
            pass


def make(store: PoolDatastore, events: Events, clock: Clock, **config: float) -> MetricsScraper:
    settings = {"interval_s": 0.001, "timeout_s": 1.0, "stale_after_s": 2.0} | config
    return MetricsScraper(store, ScrapeConfig(**settings), on_scrape=events, clock=clock)


def scrape_tasks() -> list[asyncio.Task[object]]:
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("scrape ")]


async def test_success_updates_load_and_clears_stale(server: Server) -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    endpoint = server.endpoint()
    store.upsert(endpoint)
    assert store.is_stale(endpoint.key)
    async with make(store, events, clock) as scraper:
        await events.until(ok=True)
        snap = store.snapshot(endpoint.key)
        assert snap is not None
        assert (snap.running, snap.waiting, snap.kv_usage) == (3.0, 4.0, 0.5)
        assert not store.is_stale(endpoint.key)
        assert scraper.ok[endpoint.key] >= 1
    assert scrape_tasks() == []


async def test_each_good_scrape_is_heard_once_recorded_and_a_failing_listener_is_contained(
    server: Server,
) -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    endpoint = server.endpoint()
    store.upsert(endpoint)
    heard: list[tuple[EndpointKey, float, bool]] = []

    def on_load(key: EndpointKey, snap: LoadSnapshot) -> None:
        recorded = store.snapshot(key) is snap
        heard.append((key, snap.running, recorded))
        raise RuntimeError("a listener's bug")

    config = ScrapeConfig(interval_s=0.001, timeout_s=1.0, stale_after_s=2.0)
    async with MetricsScraper(store, config, on_scrape=events, on_load=on_load, clock=clock):
        await events.until(ok=True)
        await events.until(ok=True)  # the listener's error did not fail the scrape
    assert heard[:2] == [(endpoint.key, 3.0, True)] * 2


@pytest.mark.parametrize("mode", ["error", "html"])
async def test_failures_are_counted_and_leave_a_new_endpoint_stale(
    server: Server, mode: str
) -> None:
    server.fake.mode = mode
    store, events, clock = PoolDatastore(), Events(), Clock()
    endpoint = server.endpoint()
    store.upsert(endpoint)
    async with make(store, events, clock) as scraper:
        assert await events.next() == (endpoint.key, False)
        assert scraper.errors[endpoint.key] >= 1
        assert store.is_stale(endpoint.key)
        assert store.snapshot(endpoint.key) is None


async def test_endpoint_turns_stale_when_last_good_scrape_is_too_old(server: Server) -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    endpoint = server.endpoint()
    store.upsert(endpoint)
    async with make(store, events, clock, stale_after_s=2.0):
        await events.until(ok=True)
        server.fake.mode = "error"
        await events.until(ok=False)
        assert not store.is_stale(endpoint.key)  # one failure within stale_after_s: still fresh
        clock.now = 5.0
        await events.until(ok=False)
        while not store.is_stale(endpoint.key):
            await events.until(ok=False)
        server.fake.mode = "ok"
        await events.until(ok=True)
        assert not store.is_stale(endpoint.key)
        snap = store.snapshot(endpoint.key)
        assert snap is not None
        assert snap.waiting == 4.0


async def test_timeout_counts_as_failure(server: Server) -> None:
    server.fake.mode = "hang"
    store, events, clock = PoolDatastore(), Events(), Clock()
    endpoint = server.endpoint()
    store.upsert(endpoint)
    async with make(store, events, clock, timeout_s=0.05) as scraper:
        assert await events.next() == (endpoint.key, False)
        assert scraper.errors[endpoint.key] == 1
    assert scrape_tasks() == []


async def test_connection_refused_counts_as_failure() -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    key = EndpointKey("127.0.0.1:1")
    store.upsert(Endpoint(key=key, models=frozenset({"m"}), metrics_url="http://127.0.0.1:1/"))
    async with make(store, events, clock):
        assert await events.next() == (key, False)


async def test_tasks_follow_endpoints_in_and_out(server: Server) -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    first = server.endpoint(port=8000)
    store.upsert(first)
    async with make(store, events, clock) as scraper:
        assert scraper.running == {first.key}
        second = server.endpoint(port=8001)
        store.upsert(second)
        assert scraper.running == {first.key, second.key}
        seen: set[EndpointKey] = set()
        while seen != {first.key, second.key}:
            seen.add((await events.next())[0])

        store.remove(first.key)
        assert scraper.running == {second.key}
        await eventually(
            lambda: [t.get_name() for t in scrape_tasks()] == [f"scrape {second.key}"],
            what="the removed endpoint's task to end",
        )

        store.upsert(server.endpoint("/other", port=8001))  # new metrics URL: task restarted
        assert scraper.running == {second.key}
        await eventually(lambda: "/other" in server.fake.paths, what="a scrape of the new URL")
    assert scraper.running == frozenset()
    assert scrape_tasks() == []


async def test_stop_is_clean_while_a_scrape_hangs(server: Server) -> None:
    server.fake.mode = "hang"
    store, events, clock = PoolDatastore(), Events(), Clock()
    store.upsert(server.endpoint())
    scraper = make(store, events, clock, timeout_s=30.0)
    await scraper.start()
    async with asyncio.timeout(10):  # a hang guard
        await server.fake.requested.wait()
    await scraper.stop()
    assert scrape_tasks() == []
    assert events.queue.empty()  # a cancelled scrape is not reported as a failure
    store.upsert(server.endpoint(port=9000))  # unsubscribed: no new task
    assert scrape_tasks() == []


async def test_one_keep_alive_connection_per_endpoint(server: Server) -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    store.upsert(server.endpoint())
    async with make(store, events, clock, models_interval_s=0):
        for _ in range(5):
            await events.until(ok=True)
    assert len(server.fake.peers) == 1


@dataclass
class FakePages:
    """A PageSource that answers from memory and records each GET (by URL, with its time)."""

    body: bytes = GOOD.encode()
    gets: dict[str, list[float]] = field(default_factory=dict)
    timeouts: set[float] = field(default_factory=set)

    async def get(self, url: str, timeout_s: float) -> bytes:
        if not url.startswith("fake://"):
            raise ValueError(f"not a fake URL: {url}")
        self.gets.setdefault(url, []).append(asyncio.get_running_loop().time())
        self.timeouts.add(timeout_s)
        await asyncio.sleep(0)
        return self.body


def fake_endpoint(port: int, url: str = "") -> Endpoint:
    url = url or f"fake://pod-{port}/metrics"
    return Endpoint(key=EndpointKey(f"10.0.0.1:{port}"), models=frozenset({"m"}), metrics_url=url)


def make_fake(
    store: PoolDatastore, events: Events, pages: FakePages, interval_s: float = 0.001
) -> MetricsScraper:
    config = ScrapeConfig(
        interval_s=interval_s, timeout_s=0.5, stale_after_s=2.0, models_interval_s=0
    )
    return MetricsScraper(store, config, pages=pages, on_scrape=events, clock=Clock())


async def test_pages_seam_fetches_each_endpoints_url_with_the_configured_timeout() -> None:
    store, events, pages = PoolDatastore(), Events(), FakePages()
    first, second = fake_endpoint(1), fake_endpoint(2)
    store.upsert(first)
    store.upsert(second)
    async with make_fake(store, events, pages) as scraper:
        seen: set[EndpointKey] = set()
        while seen != {first.key, second.key}:
            key, ok = await events.next()
            assert ok
            seen.add(key)
        assert set(pages.gets) == {first.metrics_url, second.metrics_url}
        assert pages.timeouts == {0.5}
        store.remove(first.key)
        assert scraper.running == {second.key}


async def test_stop_closes_the_scrapers_own_connections(server: Server) -> None:
    store, events, clock = PoolDatastore(), Events(), Clock()
    store.upsert(server.endpoint())
    async with make(store, events, clock, models_interval_s=0):
        await events.until(ok=True)
        assert len(server.fake.transports) == 1
        (transport,) = server.fake.transports
        assert not transport.is_closing()
    await eventually(transport.is_closing, what="the server to see the connection closed")


async def test_a_url_the_client_refuses_fails_each_scrape_and_leaves_the_endpoint_stale() -> None:
    store, events, pages = PoolDatastore(), Events(), FakePages()
    bad = fake_endpoint(1, url="gopher://pod/metrics")
    store.upsert(bad)
    async with make_fake(store, events, pages) as scraper:
        assert await events.next() == (bad.key, False)
        assert await events.next() == (bad.key, False)  # the task lives on
        assert scraper.errors[bad.key] >= 2
        assert store.is_stale(bad.key)
    assert pages.gets == {}


async def test_scrapes_of_all_endpoints_share_a_tick() -> None:
    # Every endpoint is scraped on the same multiples of the interval, so the loop wakes once
    # per interval for all of them instead of once per endpoint (a wake-up is the costly part
    # of an idle scrape).
    store, events, pages = PoolDatastore(), Events(), FakePages()
    for port in (1, 2, 3):
        store.upsert(fake_endpoint(port))
    async with make_fake(store, events, pages, interval_s=0.05):
        while len(pages.gets) < 3 or min(len(g) for g in pages.gets.values()) < 4:
            await events.next()
    interval = 0.05
    for round_ in (1, 2, 3):
        times = [g[round_] for g in pages.gets.values()]
        assert max(times) - min(times) < interval / 2, times
        ticks = {round(t / interval) for t in times}
        assert len(ticks) == 1, times


async def test_one_off_scrape_once_outside_the_tasks() -> None:
    store, events, pages = PoolDatastore(), Events(), FakePages()
    endpoint = fake_endpoint(1)
    store.upsert(endpoint)
    scraper = make_fake(store, events, pages)
    assert await scraper.scrape_once(endpoint)
    assert list(pages.gets) == [endpoint.metrics_url]
    assert await events.next() == (endpoint.key, True)
    assert not store.is_stale(endpoint.key)
