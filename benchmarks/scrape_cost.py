"""Picker CPU spent scraping vLLM ``/metrics``: a reference scraper (before) against the current one.

    .venv/bin/python benchmarks/scrape_cost.py             # ~5 min; writes results/scrape_cost.md
    .venv/bin/python benchmarks/scrape_cost.py --quick     # one short pass (~1 min), prints only

The scrapes run on the picker's event loop, between Envoy's requests, so every millisecond
they take is a millisecond of request handling lost (the picker's CPU per request).

Setup: ``--pods`` simulated vLLM pods (``kinference_epp.sim``, the project's simulator: an
idle engine each, its ``/metrics`` exactly as the sim serves it, ~9 KB) run in a child
process, so that this process's CPU is the scraper's alone. For each configuration a
``MetricsScraper`` scrapes every pod at the default ``ScrapeConfig`` interval for
``--seconds`` on uvloop (as ``kinference-epp serve`` runs), and the process's CPU time
(``time.process_time``: user + system, all threads) is read before and after:

- ``before``: a reference scraper, verbatim below (a default aiohttp ``ClientSession``,
  one timer per endpoint, the regex parser on decoded text);
- ``now + regex parser``: the current scraper with the regex parser swapped in, to show
  what the parser's half is worth;
- ``now``: ``MetricsScraper`` as shipped (``pool/fetch.py``, aiohttp's client on one shared
  session, + ``pool/promtext.py``);
- ``none``: the same loop with no scraper (the floor).

Each configuration runs twice: with the loop otherwise idle (as ``picker_cost.py``'s ``bg``
column measures), and with the loop kept busy by request-like work (as under load), where
the scraper's cost is the CPU it adds beside that work.

Configurations are interleaved over ``--repeats`` passes (rotated), and the tables report
medians with the min..max. Further tables time the two parsers alone on the sim's page and
on the 19 KB two-engine vLLM sample from the tests, and the other per-request cost that moved
with this work: one request's histogram observations with prometheus_client's ``Histogram``
against ``telemetry.metrics.LoopHistogram`` (``time.thread_time``, alternating batches).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import datetime as dt
import json
import logging
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from math import isfinite
from pathlib import Path
from typing import Any

import aiohttp
import uvloop
from prometheus_client import CollectorRegistry, Histogram
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.pool import scraper as scraper_module
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.pool.promtext import parse_vllm_metrics
from kinference_epp.pool.scraper import MetricsScraper
from kinference_epp.telemetry.metrics import (
    _LATENCY_BUCKETS,
    _SCHED_BUCKETS,
    _SIZE_BUCKETS,
    _TOKEN_BUCKETS,
    _TTFT_BUCKETS,
    PickerMetrics,
)

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SAMPLE = HERE.parent / "tests" / "unit" / "pool" / "data" / "vllm_v1_two_engines.prom"

# --------------------------------------------------------------------------------------------
# The previous implementation (git 066fdf2, src/kinference_epp/pool/{promtext,scraper}.py),
# kept here only as the baseline.

_RUNNING = ("num_requests_running",)
_WAITING = ("num_requests_waiting",)
_KV_USAGE = ("kv_cache_usage_perc",)
_KV_USAGE_OLD = ("gpu_cache_usage_perc",)
_QUERIES = ("prefix_cache_queries_total", "prefix_cache_queries")
_HITS = ("prefix_cache_hits_total", "prefix_cache_hits")
_CACHE_CONFIG = ("cache_config_info",)
_LORA = ("lora_requests_info",)
_ALL = (*_RUNNING, *_WAITING, *_KV_USAGE, *_KV_USAGE_OLD, *_QUERIES, *_HITS, *_CACHE_CONFIG, *_LORA)
_LINE = re.compile(r"\nvllm:(" + "|".join(_ALL) + r")([{ \t][^\n]*)")
_LABEL = re.compile(r'([a-zA-Z_]\w*)\s*=\s*"([^"\\]*(?:\\.[^"\\]*)*)"')
_ESCAPES = re.compile(r"\\(.)")
_Sample = tuple[dict[str, str], float]


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    return _ESCAPES.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), value)


def _parse_sample(rest: str, with_labels: bool) -> _Sample | None:
    labels: dict[str, str] = {}
    if rest.startswith("{"):
        body, brace, rest = rest[1:].rpartition("}")
        if not brace:
            return None
        if body and with_labels:
            labels = {k: _unescape(v) for k, v in _LABEL.findall(body)}
    parts = rest.split()
    if not parts:
        return None
    try:
        return labels, float(parts[0])
    except ValueError:
        return None


def _samples(
    lines: dict[str, list[str]], names: tuple[str, ...], with_labels: bool = True
) -> Iterator[_Sample]:
    for name in names:
        found = False
        for rest in lines.get(name, ()):
            sample = _parse_sample(rest, with_labels)
            if sample is not None:
                found = True
                yield sample
        if found:
            return


def _as_int(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(float(value))
    except ValueError:
        return None


def _adapters(value: str | None) -> frozenset[str]:
    if not value:
        return frozenset()
    return frozenset(a for a in (p.strip() for p in value.split(",")) if a)


def regex_parse(text: str, *, scraped_at: float = 0.0) -> LoadSnapshot:
    """The previous ``parse_vllm_metrics`` (without ``model_name``, as the scraper called it)."""
    lines: dict[str, list[str]] = {}
    for name, rest in _LINE.findall("\n" + text):
        lines.setdefault(name, []).append(rest)
    seen = False

    def total(names: tuple[str, ...]) -> tuple[float, int]:
        nonlocal seen
        acc, count = 0.0, 0
        for _labels, value in _samples(lines, names, with_labels=False):
            if isfinite(value):
                acc += value
                count += 1
        seen = seen or count > 0
        return acc, count

    running, _ = total(_RUNNING)
    waiting, _ = total(_WAITING)
    kv_sum, kv_count = total(_KV_USAGE)
    if not kv_count:
        kv_sum, kv_count = total(_KV_USAGE_OLD)
    queries, _ = total(_QUERIES)
    hits, _ = total(_HITS)
    block_size: int | None = None
    num_gpu_blocks: int | None = None
    for labels, _value in _samples(lines, _CACHE_CONFIG):
        seen = True
        if block_size is None:
            block_size = _as_int(labels.get("block_size"))
        blocks = _as_int(labels.get("num_gpu_blocks"))
        if blocks is not None:
            num_gpu_blocks = blocks + (num_gpu_blocks or 0)
    newest: dict[str, _Sample] = {}
    for labels, value in _samples(lines, _LORA):
        seen = True
        engine = labels.get("engine", "")
        best = newest.get(engine)
        if best is None or value > best[1]:
            newest[engine] = (labels, value)
    running_lora: frozenset[str] = frozenset()
    waiting_lora: frozenset[str] = frozenset()
    max_lora: int | None = None
    if newest:
        for labels, _value in newest.values():
            running_lora |= _adapters(labels.get("running_lora_adapters"))
            waiting_lora |= _adapters(labels.get("waiting_lora_adapters"))
        max_lora = _as_int(max(newest.values(), key=lambda s: s[1])[0].get("max_lora"))
    if not seen:
        raise ValueError("no vLLM routing metrics found in the exposition")
    return LoadSnapshot(
        running=running,
        waiting=waiting,
        kv_usage=min(max(kv_sum / kv_count, 0.0), 1.0) if kv_count else 0.0,
        prefix_cache_queries=queries,
        prefix_cache_hits=hits,
        block_size=block_size,
        num_gpu_blocks=num_gpu_blocks,
        running_lora_adapters=running_lora,
        waiting_lora_adapters=waiting_lora,
        max_lora=max_lora,
        scraped_at=scraped_at,
    )


class AiohttpScraper:
    """The previous ``MetricsScraper``: aiohttp session, one task per endpoint, regex parser."""

    def __init__(
        self,
        datastore: PoolDatastore,
        config: ScrapeConfig,
        on_scrape: Callable[[EndpointKey, bool, float], None],
    ) -> None:
        self._store = datastore
        self._config = config
        self._on_scrape = on_scrape
        self._timeout = aiohttp.ClientTimeout(total=config.timeout_s)
        self._session: aiohttp.ClientSession | None = None
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self._session = aiohttp.ClientSession()  # what picker.py's _session() creates
        for endpoint in self._store.endpoints():
            self._tasks.append(asyncio.get_running_loop().create_task(self._run(endpoint)))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._session is not None:
            await self._session.close()

    async def _run(self, endpoint: Endpoint) -> None:
        interval = self._config.interval_s
        stale_after = self._config.stale_after_s
        last_good: float | None = None
        while True:
            started = time.monotonic()
            ok = await self.scrape_once(endpoint)
            now = time.monotonic()
            if ok:
                last_good = started
            elif last_good is None or now - last_good > stale_after:
                self._store.mark_stale(endpoint.key)
            await asyncio.sleep(max(0.0, interval - (now - started)))

    async def scrape_once(self, endpoint: Endpoint) -> bool:
        assert self._session is not None
        started = time.monotonic()
        ok = False
        try:
            async with self._session.get(endpoint.metrics_url, timeout=self._timeout) as response:
                if response.status != 200:
                    raise ValueError(f"HTTP {response.status}")
                body = await response.read()
            snapshot = regex_parse(body.decode("utf-8", "replace"), scraped_at=started)
            ok = self._store.update_load(endpoint.key, snapshot)
        except (aiohttp.ClientError, TimeoutError, ValueError, OSError) as exc:
            FAILURES[f"before: {type(exc).__name__}: {exc}"] += 1
        self._on_scrape(endpoint.key, ok, time.monotonic() - started)
        return ok


def regex_parse_any(
    text: str | bytes, *, model_name: str | None = None, scraped_at: float = 0.0
) -> LoadSnapshot:
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return regex_parse(raw, scraped_at=scraped_at)


# --------------------------------------------------------------------------------------------
# Pods in a child process


def serve_pods(n: int) -> None:
    """Child mode: start ``n`` sim pods, print their URLs (one JSON line), run until stdin closes."""
    from kinference_epp.sim.runner import start_ephemeral

    async def serve() -> None:
        async with await start_ephemeral(n) as cluster:
            print(json.dumps([a.http_url for a in cluster.addresses]), flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

    uvloop.run(serve())


@contextlib.contextmanager
def pods(n: int) -> Iterator[list[str]]:
    """Run ``n`` sim pods in a child process for the duration of the block; yields their URLs."""
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve-pods", str(n)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        if not line:
            raise RuntimeError("the pod process exited before listing its pods")
        yield json.loads(line)
    finally:
        if child.stdin is not None:
            child.stdin.close()  # the child's stdin read ends: it closes its pods and exits
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


# --------------------------------------------------------------------------------------------
# Measurement

FAILURES: Counter[str] = Counter()
"""Why scrapes failed (there should be none): printed at the end."""


class _CountFailures(logging.Handler):
    """Counts the scraper's debug line for each failed scrape."""

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("scrape of"):
            FAILURES[record.getMessage()] += 1


@dataclass
class Run:
    config: str
    busy: bool
    repeat: int
    wall_s: float
    cpu_s: float
    """Process CPU time over the window."""
    scrapes: int
    errors: int
    work_s: float = 0.0
    """Busy mode: CPU time inside the load's work units (each timed on its own)."""
    units: int = 0
    """Busy mode: work units run (each followed by a trip through the event loop)."""

    @property
    def beside_s(self) -> float:
        """CPU outside the work units: the event loop's own, and the scraper's."""
        return self.cpu_s - self.work_s


CONFIGS = ("before", "now + regex parser", "now", "none")

_CHAT = json.dumps(
    {"model": "m", "messages": [{"role": "user", "content": " ".join(["token"] * 900)}]}
)


def work_unit() -> None:
    """About a millisecond of request-like Python work (JSON decoding of a 5 KB chat body)."""
    for _ in range(40):
        json.loads(_CHAT)


class Load:
    """Keeps the loop busy, as under request load: a work unit, then a trip through the loop.

    Only units that start and end while ``counting`` is set are summed; the measuring task
    flips it without yielding, so no unit straddles the window's edges.
    """

    def __init__(self) -> None:
        self.counting = False
        self.stopped = False
        self.work_s = 0.0
        self.units = 0

    async def run(self) -> None:
        while not self.stopped:
            counting = self.counting
            t0 = time.thread_time()
            work_unit()
            spent = time.thread_time() - t0
            if counting and self.counting:
                self.work_s += spent
                self.units += 1
            await asyncio.sleep(0)


def store_for(urls: list[str]) -> PoolDatastore:
    store = PoolDatastore()
    for i, url in enumerate(urls):
        key = EndpointKey(url.removeprefix("http://"))
        store.upsert(
            Endpoint(
                key=key,
                models=frozenset({"sim-model"}),
                metrics_url=f"{url}/metrics",
                name=f"sim-{i}",
            )
        )
    return store


def _scraper_parser(parser: Callable[..., LoadSnapshot]) -> None:
    """Point the scraper module at ``parser`` (the swap of one half in a configuration)."""
    vars(scraper_module)["parse_vllm_metrics"] = parser


async def measure(config: str, busy: bool, urls: list[str], seconds: float, repeat: int) -> Run:
    """Run one configuration for ``seconds`` (after a 0.5 s warm-up) and read its CPU."""
    store = store_for(urls)
    settings = ScrapeConfig()
    counts: Counter[bool] = Counter()

    def on_scrape(key: EndpointKey, ok: bool, elapsed: float) -> None:
        counts[ok] += 1

    runner: AiohttpScraper | MetricsScraper | None = None
    if config == "before":
        runner = AiohttpScraper(store, settings, on_scrape)
    elif config in ("now + regex parser", "now"):
        runner = MetricsScraper(store, settings, on_scrape=on_scrape)
    swap = config == "now + regex parser"
    if swap:
        _scraper_parser(regex_parse_any)
    work = Load()
    loader = asyncio.get_running_loop().create_task(work.run()) if busy else None
    try:
        if runner is not None:
            await runner.start()
        await asyncio.sleep(0.5)  # connect, warm up
        counts.clear()
        work.counting = True
        cpu0, wall0 = time.process_time(), time.monotonic()
        await asyncio.sleep(seconds)
        cpu1, wall1 = time.process_time(), time.monotonic()
        work.counting = False
        scrapes, errors = counts[True] + counts[False], counts[False]
    finally:
        work.stopped = True
        if loader is not None:
            await loader
        if runner is not None:
            await runner.stop()
        if swap:
            _scraper_parser(parse_vllm_metrics)
    return Run(
        config, busy, repeat, wall1 - wall0, cpu1 - cpu0, scrapes, errors, work.work_s, work.units
    )


async def page_of(url: str) -> bytes:
    async with aiohttp.ClientSession() as session, session.get(f"{url}/metrics") as response:
        return await response.read()


def alternating_us(
    fns: dict[str, Callable[[], object]], rounds: int = 100, number: int = 100
) -> dict[str, tuple[float, float]]:
    """Per-call CPU µs of each function, (best, median) over ``rounds`` batches of ``number``
    calls, the functions' batches alternating so that all of them see the same machine."""
    for fn in fns.values():
        fn()
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            t0 = time.thread_time()
            for _ in range(number):
                fn()
            times[name].append((time.thread_time() - t0) / number * 1e6)
    return {name: (min(v), statistics.median(v)) for name, v in times.items()}


def _decode_then_regex(page: bytes) -> LoadSnapshot:
    return regex_parse(page.decode("utf-8", "replace"))


def _library_parse(text: str) -> list[Any]:
    """prometheus_client's own exposition parser: every family of the page, as a general
    parser reads it (before picking out any value)."""
    return list(text_string_to_metric_families(text))


def parser_rows(sim_page: bytes) -> list[dict[str, Any]]:
    sample = SAMPLE.read_bytes()
    rows = []
    for name, page in (("sim pod (1 engine)", sim_page), ("vLLM v1 sample, 2 engines", sample)):
        text = page.decode()
        # the histogram totals (ITL, TTFT) are read only by the current parser
        read_by_both = dataclasses.replace(
            parse_vllm_metrics(page), itl_sum=0.0, itl_count=0.0, ttft_sum=0.0, ttft_count=0.0
        )
        if regex_parse(text) != read_by_both:
            raise RuntimeError(f"the parsers disagree on the {name} page")
        timed = alternating_us(
            {
                "library": partial(_library_parse, text),
                "regex": partial(regex_parse, text),
                "regex_decode": partial(_decode_then_regex, page),
                "now": partial(parse_vllm_metrics, page),
            }
        )
        rows.append({"page": name, "bytes": len(page), **timed})
    return rows


def one_request(plugin: Any, sizes: Any, duration: Any, ttft: Any, tokens: Any, sched: Any) -> None:
    """The 14 histogram observations of one request with the default router: 5 plug-in timings
    (3 filters, the load-cost scorer, the max-score picker), scheduler, processing and tokenize
    time, body size; and from its access-log entry: duration, TTFT, 3 token counts."""
    for _ in range(5):
        plugin.observe(0.00003)
    sched.observe(0.0004)
    sched.observe(0.0011)
    sched.observe(0.0003)
    sizes.observe(4600)
    duration.observe(0.8)
    ttft.observe(0.05)
    tokens.observe(1029)
    tokens.observe(200)
    tokens.observe(512)


def observe_rows(rounds: int = 150, number: int = 200) -> dict[str, tuple[float, float]]:
    """µs per request of ``one_request``: prometheus_client's Histogram children (what
    PickerMetrics used) against PickerMetrics' LoopHistogram children; batches alternate
    between the two so that both see the same machine. Returns (best, median) per kind."""
    registry = CollectorRegistry()

    def child(name: str, buckets: tuple[float, ...]) -> Any:
        return Histogram(name, name, ["a", "b"], buckets=buckets, registry=registry).labels(
            "m", "t"
        )

    before = (
        child("plugin", _SCHED_BUCKETS),
        child("sizes", _SIZE_BUCKETS),
        child("duration", _LATENCY_BUCKETS),
        child("ttft", _TTFT_BUCKETS),
        child("tokens", _TOKEN_BUCKETS),
        child("sched", _SCHED_BUCKETS),
    )
    metrics = PickerMetrics(CollectorRegistry())
    bound = metrics.model("m", "t")
    now = (
        metrics.plugin("filter", "model", "model"),
        bound.request_sizes,
        bound.duration,
        bound.ttft,
        bound.input_tokens,
        metrics.scheduler_e2e,
    )
    return alternating_us(
        {
            "prometheus_client Histogram": lambda: one_request(*before),
            "LoopHistogram": lambda: one_request(*now),
        },
        rounds=rounds,
        number=number,
    )


def _stats(values: list[float]) -> tuple[float, float, float] | None:
    return (statistics.median(values), min(values), max(values)) if values else None


def summarize(runs: list[Run], busy: bool) -> list[dict[str, Any]]:
    """Per configuration: the scraping CPU per scrape and per second (median, min, max).

    Idle: the process's CPU over the window (the loop has nothing else to do). Busy: the CPU
    beside the load's work units, less what the loop costs per unit without a scraper (the
    median of the ``none`` runs), so what remains is what scraping took from the load.
    """
    runs = [r for r in runs if r.busy == busy]
    base_per_unit = 0.0
    if busy:
        floor = [r.beside_s / r.units for r in runs if r.config == "none" and r.units]
        base_per_unit = statistics.median(floor) if floor else 0.0
    rows = []
    for config in CONFIGS:
        mine = [r for r in runs if r.config == config]
        if not mine:
            continue
        spent = [(r.beside_s - r.units * base_per_unit) if busy else r.cpu_s for r in mine]
        pairs = list(zip(spent, mine, strict=True))
        rows.append(
            {
                "config": config,
                "scrapes_per_s": statistics.median(r.scrapes / r.wall_s for r in mine),
                "us_per_scrape": _stats([c / r.scrapes * 1e6 for c, r in pairs if r.scrapes]),
                "ms_per_s": _stats([c / r.wall_s * 1e3 for c, r in pairs]),
                "units_per_s": statistics.median(r.units / r.wall_s for r in mine),
                "errors": sum(r.errors for r in mine),
            }
        )
    return rows


def _cell(stats: tuple[float, float, float] | None, fmt: str) -> str:
    if stats is None:
        return "- | -"
    mid, lo, hi = stats
    return f"{mid:{fmt}} | {lo:{fmt}}..{hi:{fmt}}"


def _table(rows: list[dict[str, Any]], busy: bool) -> list[str]:
    head = "| scraper | scrapes/s | CPU µs/scrape | (min..max) | CPU ms/s | (min..max) |"
    head += " load units/s | errors |" if busy else " errors |"
    lines = [head, "|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if busy else "---:|")]
    for r in rows:
        line = (
            f"| {r['config']} | {r['scrapes_per_s']:.0f} | {_cell(r['us_per_scrape'], '.0f')} "
            f"| {_cell(r['ms_per_s'], '.1f')} |"
        )
        line += f" {r['units_per_s']:.0f} |" if busy else ""
        lines.append(line + f" {r['errors']} |")
    return lines


def markdown(
    idle: list[dict[str, Any]],
    busy: list[dict[str, Any]],
    parsers: list[dict[str, Any]],
    observe: dict[str, tuple[float, float]],
    meta: dict[str, Any],
) -> str:
    lines = [
        "# Scrape cost",
        "",
        f"`{meta['command']}` — {meta['date']}, {meta['cpu']} ({meta['cores']} cores, shared), "
        f"Python {meta['python']}, uvloop; {meta['pods']} sim pods in a child process, "
        f"interval {meta['interval_ms']:.0f} ms (the `ScrapeConfig` default), "
        f"{meta['repeats']} interleaved repeats of {meta['seconds']:.0f} s per configuration and "
        f"mode (medians, min..max); sim page {meta['page_bytes']:,} bytes. `before` is the "
        "reference scraper (a default aiohttp session, a timer per endpoint, a regex parser on "
        "decoded text; copied into the script), `now` the current one (`pool/fetch.py`: "
        "aiohttp's client on one shared session; `pool/promtext.py`), `now + regex parser` the "
        "current one with the reference's parser; `none` scrapes nothing.",
        "",
        "## Idle picker (what `picker_cost.md` reports as `bg ms/s`)",
        "",
        *_table(idle, busy=False),
        "",
        "CPU = `time.process_time()` of the scraping process over the window (user + system), "
        "per scrape attempt and per second. With nothing else to do the loop sleeps between "
        "scrapes, and on this VM every wake-up of a sleeping process is charged a few hundred µs "
        "of CPU (a bare `await asyncio.sleep(0.05)` loop: ~250 µs per wake-up), so these "
        "figures are mostly wake-ups: about two per scrape (the timer, the answer).",
        "",
        "## Busy picker (the loop saturated with request-like work)",
        "",
        *_table(busy, busy=True),
        "",
        "A load task runs ~1 ms work units (JSON decoding) back to back, through the loop "
        "between units, so the loop never sleeps, as under request load. CPU here = the "
        "process's CPU outside the work units (each timed with `time.thread_time`), less the "
        "loop's cost per unit measured in the `none` runs: what scraping took from the load.",
        "",
        "## Parsers alone",
        "",
        "µs per page, best / median of 100 alternating batches of 100 calls "
        "(`time.thread_time`); `prometheus_client` is the library's own parser "
        "(`text_string_to_metric_families`, the whole page into families, nothing picked out "
        "yet), `before` the regex parser on text (the old scraper decoded the body first: "
        "`+ decode`), `now` the current parser on the body's bytes:",
        "",
        "| page | bytes | prometheus_client | before | before + decode | now |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for p in parsers:
        cells = " | ".join(
            f"{p[k][0]:.1f} / {p[k][1]:.1f}" for k in ("library", "regex", "regex_decode", "now")
        )
        lines.append(f"| {p['page']} | {p['bytes']:,} | {cells} |")
    lines += [
        "",
        "## Per-request histogram observations",
        "",
        "The 14 histogram observations of one request with the default router (5 plug-in "
        "timings, scheduler, processing and tokenize time, body size; from the access log: "
        "duration, TTFT, 3 token counts), on label-bound children, µs per request over 150 "
        "alternating batches of 200 (`time.thread_time`):",
        "",
        "| histograms | best µs/request | median µs/request |",
        "|---|---:|---:|",
    ]
    for kind, (best, median) in observe.items():
        lines.append(f"| {kind} | {best:.1f} | {median:.1f} |")
    lines.append("")
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    cpu = platform.processor() or "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version()}


async def amain(args: argparse.Namespace) -> int:
    repeats = 1 if args.quick else args.repeats
    seconds = 2.0 if args.quick else args.seconds
    configs = args.configs or list(CONFIGS)
    modes = [False, True] if args.mode == "both" else [args.mode == "busy"]
    plan = [(c, b) for b in modes for c in configs]
    runs: list[Run] = []
    scraper_log = logging.getLogger(scraper_module.__name__)
    scraper_log.setLevel(logging.DEBUG)
    scraper_log.addHandler(_CountFailures())
    with pods(args.pods) as urls:
        page = await page_of(urls[0])
        for rep in range(1, repeats + 1):
            shift = (rep - 1) % len(plan)
            for config, busy in plan[shift:] + plan[:shift]:
                run = await measure(config, busy, urls, seconds, rep)
                runs.append(run)
                print(
                    f"rep {rep}  {'busy' if busy else 'idle'}  {config:<26} "
                    f"{run.scrapes:4d} scrapes  cpu {run.cpu_s * 1e3:7.1f} ms  "
                    f"beside work {run.beside_s * 1e3:7.1f} ms  units {run.units:5d}  "
                    f"errors {run.errors}",
                    flush=True,
                )
    for reason, n in FAILURES.most_common():
        print(f"failed scrapes: {n} x {reason}")
    idle, busy = summarize(runs, busy=False), summarize(runs, busy=True)
    parsers = parser_rows(page)
    observe = observe_rows()
    meta = {
        "command": "python benchmarks/scrape_cost.py " + " ".join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        **machine(),
        "pods": args.pods,
        "interval_ms": ScrapeConfig().interval_s * 1e3,
        "repeats": repeats,
        "seconds": seconds,
        "page_bytes": len(page),
    }
    text = markdown(idle, busy, parsers, observe, meta)
    print()
    print(text)
    if args.quick:
        return 0
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "scrape_cost.md").write_text(text)
    print(f"wrote {RESULTS / 'scrape_cost.md'}")
    return 1 if any(r["errors"] for r in idle + busy) else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pods", type=int, default=4)
    p.add_argument("--seconds", type=float, default=6.0, help="measured time per run")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="one 2 s pass per configuration")
    p.add_argument("--configs", nargs="*", choices=CONFIGS)
    p.add_argument("--mode", choices=["idle", "busy", "both"], default="both")
    p.add_argument("--serve-pods", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve_pods:
        serve_pods(args.serve_pods)
        return 0
    return uvloop.run(amain(args))


if __name__ == "__main__":
    sys.exit(main())
