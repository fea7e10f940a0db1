"""Picker CPU per access-log record spent learning endpoint speeds (goal: <= 5 us a record).

    nice -n 5 .venv/bin/python benchmarks/speed_cost.py
    .venv/bin/python benchmarks/speed_cost.py --quick      # one short pass, prints only

Each access-log record of a request the picker routed reaches ``SpeedLearner`` (in
``UsageRecorder.record``), which checks the record, derives the mean ITL and the KV in use
from the endpoint's last scrape, and updates the endpoint's two lines in ``SpeedModel``.
Every few records the model bumps its version, and the next pick rebuilds the per-view
vectors the scorers read; that rebuild is paid on the pick path, once per ``PUBLISH_EVERY``
records, and is timed here as a share of each record.

Setup: a pool of ``n`` endpoints (8, 64, 256), each with a scrape (KV size and usage); a
stream of records, round-robin over the endpoints, whose TTFT and ITL follow per-endpoint
lines (half the endpoints 2.5 times slower) with 10 % noise and 2 % outliers (ten times the
TTFT). Columns (``time.process_time``, per record, medians over interleaved repeats):

- ``observe``: ``SpeedModel.observe`` alone (the TTFT and ITL lines and the decode level);
- ``learner``: ``SpeedLearner(record, entry)``, what the access log calls;
- ``learner + read``: the learner plus one ``factors`` and one ``itl`` read of the pool's view
  per record, as a pick does: a cached read, and the vectors' rebuild whenever the version
  moved (every ``PUBLISH_EVERY`` records);
- ``loop``: the same loop calling a no-op with the same arguments (the harness's own cost,
  included in the others);
- ``scrape``: per scrape of one endpoint, ``SpeedLearner.scraped(key, snapshot)`` (what the
  scraper calls after every good scrape) with vLLM's ITL histogram totals grown by 20 token
  gaps since the endpoint's last scrape (each scrape one decode observation), plus one
  ``factors`` and one ``itl`` read, so the rebuilds its version bumps cause are counted.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from kinference_epp.pipeline.speed_learner import SpeedLearner
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightEntry
from kinference_epp.scheduling.speed_model import PUBLISH_EVERY, SpeedModel

MODEL = "m"
RESULTS = Path(__file__).resolve().parent / "results"


def _pool(n: int) -> PoolDatastore:
    pool = PoolDatastore("bench")
    for i in range(n):
        key = EndpointKey(f"10.0.{i // 250}.{i % 250 + 1}:8000")
        endpoint = Endpoint(key=key, models=frozenset({MODEL}), metrics_url="", base_model=MODEL)
        pool.upsert(endpoint, ready=True)
        pool.update_load(
            key,
            LoadSnapshot(running=8, waiting=1, kv_usage=0.4, block_size=16, num_gpu_blocks=19_208),
        )
    return pool


def _stream(pool: PoolDatastore, count: int, seed: int) -> list[tuple[UsageRecord, InflightEntry]]:
    rng = np.random.default_rng(seed)
    keys = [ep.key for ep in pool.view().endpoints]
    out = []
    for i in range(count):
        slot = i % len(keys)
        slow = 2.5 if slot % 2 else 1.0
        new = float(rng.integers(200, 8000))
        ahead = float(rng.integers(0, 4000))
        noise = float(rng.normal(1.0, 0.1))
        ttft = (0.02 + (ahead + new) / 30_000.0) * slow * noise
        if rng.random() < 0.02:
            ttft *= 10.0
        completion = int(rng.integers(50, 500))
        itl = (0.01 + 0.00004 * 123.0) * slow * noise
        record = UsageRecord(
            request_id=f"r{i}",
            model=MODEL,
            endpoint=str(keys[slot]),
            status=200,
            e2e_s=ttft + itl * (completion - 1),
            ttft_s=ttft,
            prompt_tokens=int(new) + 1024,
            completion_tokens=completion,
            cached_tokens=1024,
        )
        entry = InflightEntry(
            keys[slot], MODEL, MODEL, slot, new + completion, 0.0, new, ahead, 1.0
        )
        out.append((record, entry))
    return out


def _scrapes(pool: PoolDatastore, count: int, seed: int) -> list[tuple[EndpointKey, LoadSnapshot]]:
    """``count`` scrapes, round-robin over the pool, each 20 more token gaps of ITL (half the
    endpoints 2.5 times slower, 10 % noise)."""
    rng = np.random.default_rng(seed)
    keys = [ep.key for ep in pool.view().endpoints]
    totals = [[0.0, 0.0] for _ in keys]
    out = []
    for i in range(count):
        slot = i % len(keys)
        itl = (0.01 + 0.00004 * 123.0) * (2.5 if slot % 2 else 1.0) * float(rng.normal(1.0, 0.1))
        totals[slot][0] += 20 * itl
        totals[slot][1] += 20
        snap = LoadSnapshot(
            running=8,
            waiting=1,
            kv_usage=0.4,
            block_size=16,
            num_gpu_blocks=19_208,
            itl_sum=totals[slot][0],
            itl_count=totals[slot][1],
        )
        out.append((keys[slot], snap))
    return out


def _time(fn: Callable[[], None]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def _pass(n: int, count: int, seed: int) -> dict[str, float]:
    """One pass over every configuration for a pool of ``n``: CPU seconds per record."""
    pool = _pool(n)
    stream = _stream(pool, count, seed)
    view = pool.view()
    out: dict[str, float] = {}

    def noop(record: UsageRecord, entry: InflightEntry) -> None:
        return None

    def loop() -> None:
        for record, entry in stream:
            noop(record, entry)

    model = SpeedModel()
    model.factors(view, MODEL)  # every fit exists before timing (as after a pool's first picks)

    def observe() -> None:
        for record, entry in stream:
            model.observe(
                entry.endpoint,
                MODEL,
                ttft_s=record.ttft_s,
                work_tokens=entry.ahead_tokens + entry.new_tokens,
                itl_s=0.0123,
                kv_ktokens=123.0,
            )

    learner_model = SpeedModel()
    learner_model.factors(view, MODEL)
    learner = SpeedLearner(learner_model, pool)

    def learn() -> None:
        for record, entry in stream:
            learner(record, entry)

    read_model = SpeedModel()
    read_model.factors(view, MODEL)
    read_learner = SpeedLearner(read_model, pool)

    def learn_and_read() -> None:
        for record, entry in stream:
            read_learner(record, entry)
            read_model.factors(view, MODEL)
            read_model.itl(view, MODEL)

    scrapes = _scrapes(pool, count, seed)
    scrape_model = SpeedModel()
    scrape_model.factors(view, MODEL)
    scrape_learner = SpeedLearner(scrape_model, pool)

    def scrape_and_read() -> None:
        for key, snap in scrapes:
            scrape_learner.scraped(key, snap)
            scrape_model.factors(view, MODEL)
            scrape_model.itl(view, MODEL)

    for name, fn in (
        ("loop", loop),
        ("observe", observe),
        ("learner", learn),
        ("learner + read", learn_and_read),
        ("scrape", scrape_and_read),
    ):
        out[name] = _time(fn) / count
    return out


COLUMNS = ("observe", "learner", "learner + read", "loop", "scrape")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--pools", default="8,64,256")
    p.add_argument("--records", type=int, default=100_000)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="one pass of 20,000 records, print only")
    args = p.parse_args(argv)
    pools = [int(x) for x in args.pools.split(",")]
    records, repeats = (20_000, 1) if args.quick else (args.records, args.repeats)
    runs: dict[int, list[dict[str, float]]] = {n: [] for n in pools}
    for r in range(repeats):
        for n in pools[r % len(pools) :] + pools[: r % len(pools)]:
            runs[n].append(_pass(n, records, seed=r))
    rows = []
    for n in pools:
        row: dict[str, Any] = {"endpoints": n}
        for c in COLUMNS:
            vals = [run[c] * 1e6 for run in runs[n]]
            row[c] = {
                "median_us": statistics.median(vals),
                "min_us": min(vals),
                "max_us": max(vals),
            }
        rows.append(row)
    text = _markdown(rows, argv if argv is not None else sys.argv[1:], records, repeats)
    print(text)
    if not args.quick:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "speed_cost.md").write_text(text)
        (RESULTS / "speed_cost.json").write_text(json.dumps({"rows": rows}, indent=2) + "\n")
    return 0


def _markdown(rows: list[dict[str, Any]], argv: list[str], records: int, repeats: int) -> str:
    now = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
    cpu = platform.processor() or platform.machine()
    head = (
        f"# Speed learning cost\n\n"
        f"`nice -n 5 .venv/bin/python benchmarks/speed_cost.py "
        f"{' '.join(argv)}` — {now}, {cpu} ({os.cpu_count()} cores, shared), Python "
        f"{platform.python_version()}; {records:,} records per pass, {repeats} interleaved "
        f"passes (medians, min..max); the vectors the scorers read are rebuilt every "
        f"{PUBLISH_EVERY} records.\n\n"
        "Goal: <= 5 us of picker CPU per access-log record (`learner + read`).\n\n"
        "| endpoints | observe us | learner us | learner + read us | (min..max) | loop us | goal met "
        "| scrape us |\n"
        "|---:|---:|---:|---:|---:|---:|---|---:|\n"
    )
    lines = []
    for row in rows:
        lr = row["learner + read"]
        met = "yes" if lr["median_us"] <= 5.0 else "no"
        lines.append(
            f"| {row['endpoints']} | {row['observe']['median_us']:.2f} | "
            f"{row['learner']['median_us']:.2f} | {lr['median_us']:.2f} | "
            f"{lr['min_us']:.2f}..{lr['max_us']:.2f} | {row['loop']['median_us']:.2f} | {met} | "
            f"{row['scrape']['median_us']:.2f} |"
        )
    tail = (
        "\n\n`observe`: `SpeedModel.observe` alone; `learner`: `SpeedLearner(record, entry)` as "
        "the access log calls it (the record's checks, the ITL from e2e and TTFT, the KV in use "
        "from the endpoint's last scrape, then `observe`); `learner + read`: plus one `factors` "
        "and one `itl` read per record as a pick makes them, so the vectors' rebuild after a "
        "version bump is counted here; `loop`: the timing loop calling a no-op (included in "
        "the others); `scrape`: per scrape of one endpoint, `SpeedLearner.scraped` with its ITL "
        "histogram's totals grown by 20 token gaps (one decode observation) plus one `factors` "
        "and one `itl` read. `time.process_time` per record or scrape.\n"
    )
    return head + "\n".join(lines) + tail


if __name__ == "__main__":
    raise SystemExit(main())
