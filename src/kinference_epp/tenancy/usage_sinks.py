"""Where the usage ledger's roll-ups are kept: JSON-lines files (one replica, no Redis) or
Redis (shared by replicas), and how ``kinfctl usage`` reads them back.

Both are written every ``flush_interval_s`` by :class:`UsageFlusher` and once more when the
picker stops, so a restart loses nothing (a crash loses at most one interval). A write that
fails hands its increments back to the ledger for the next one.

Redis keys (``P`` is ``tenancy.store.redis.key_prefix``):

- ``P:u:<day>``: a hash per UTC day, fields ``<tenant>\\t<model>\\t<counter>`` (counters:
  ``requests:<outcome>``, ``rejected:<reason>``, ``prompt_tokens``, ``cached_tokens``,
  ``completion_tokens``, ``cost``), written with HINCRBY / HINCRBYFLOAT; expires ``retention_days`` after its day.
- ``P:u:days``: the days that have a hash.
- ``P:spend:<YYYY-MM>``: tenant → cost this month, read back by every replica in the same
  round trip (what budgets are enforced from).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec

from kinference_epp.periodic import Periodic
from kinference_epp.tenancy.usage import Counts, Key, Row, UsageLedger, roll_up, rows_of
from kinference_epp.tenancy.usage_files import day_file, expired, read_rows, usage_files

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import Pipeline

log = logging.getLogger(__name__)

WRITE_TIMEOUT_S = 1.0
SEP = "\t"

_encode_row = msgspec.json.Encoder().encode


class UsageSink(Protocol):
    async def load(self, ledger: UsageLedger) -> None:
        """Read back what earlier runs wrote (this month's spend)."""
        ...

    async def write(self, ledger: UsageLedger) -> None:
        """Write the ledger's increments (handing them back on failure)."""
        ...


class NoSink:
    """Roll-ups in memory only (no file configured): lost on restart."""

    async def load(self, ledger: UsageLedger) -> None:
        return None

    async def write(self, ledger: UsageLedger) -> None:
        ledger.take()


class FileSink:
    """Append-only JSON-lines files of increments, one per UTC day (``tenancy.usage_files``):
    one ``Row`` per day x tenant x model per write, each appended to its day's file. Files
    of days older than ``retention_days`` are removed at start and when the day changes.
    Read back by summing every line."""

    def __init__(
        self, path: Path, *, retention_days: int = 400, clock: Callable[[], float] = time.time
    ) -> None:
        self._path = path
        self._retention_days = retention_days
        self._clock = clock
        self._pruned_on = ""

    async def load(self, ledger: UsageLedger) -> None:
        await asyncio.to_thread(self._prune)
        ledger.load(await asyncio.to_thread(read_file, self._path))

    async def write(self, ledger: UsageLedger) -> None:
        pending = ledger.take()
        if pending:
            by_day: dict[str, list[bytes]] = {}
            for r in rows_of(pending, ledger.currency):
                by_day.setdefault(r.day, []).append(_encode_row(r) + b"\n")
            try:
                await asyncio.to_thread(self._append, by_day)
            except OSError:
                log.exception("usage file not written; kept for the next write")
                ledger.give_back(pending)
        if _utc_day(self._clock()) != self._pruned_on:
            await asyncio.to_thread(self._prune)

    def _append(self, by_day: Mapping[str, list[bytes]]) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        for day, lines in by_day.items():
            with day_file(self._path, day).open("ab") as f:
                f.write(b"".join(lines))
                f.flush()

    def _prune(self) -> None:
        today = _utc_day(self._clock())
        for path in expired(self._path, today, self._retention_days):
            try:
                path.unlink()
            except OSError as exc:
                log.warning("old usage file not removed: %s", exc)
                return
            log.info("usage file past retention removed", extra={"path": str(path)})
        self._pruned_on = today


def _utc_day(now: float) -> str:
    return datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d")


def read_file(path: Path) -> list[Row]:
    """Every row of the usage file series ``path``: the daily files and ``path`` itself
    (``tenancy.usage_files``); none when there is none."""
    return read_rows(usage_files(path))


class RedisSink:
    """Increments as HINCRBY / HINCRBYFLOAT in one pipelined round trip per write, which also
    reads back every replica's spend this month."""

    def __init__(self, client: Redis, *, prefix: str, retention_days: int) -> None:
        self._client = client
        self._prefix = prefix
        self._ttl_s = retention_days * 86400
        self._failing = False

    async def load(self, ledger: UsageLedger) -> None:
        await self.write(ledger)

    async def write(self, ledger: UsageLedger) -> None:
        pending = ledger.take()
        month = ledger.month
        p = self._prefix
        try:
            async with asyncio.timeout(WRITE_TIMEOUT_S):
                async with self._client.pipeline(transaction=False) as pipe:
                    _increments(pipe, p, pending, self._ttl_s)
                    pipe.hgetall(f"{p}:spend:{month}")
                    replies = await pipe.execute()
        except Exception as exc:  # redis errors, timeouts, a lost connection
            if not self._failing:
                log.warning("usage not written to Redis; kept for the next write: %s", exc)
                self._failing = True
            ledger.give_back(pending)
            return
        if self._failing:
            log.warning("usage written to Redis again")
            self._failing = False
        spend = replies[-1]
        ledger.set_month_spend(month, {_text(k): float(v) for k, v in spend.items()})


def _increments(pipe: Pipeline, p: str, pending: Mapping[Key, Counts], ttl_s: int) -> None:
    days: set[str] = set()
    spend: dict[tuple[str, str], float] = {}
    for (day, tenant, model), c in pending.items():
        h = f"{p}:u:{day}"
        base = f"{tenant}{SEP}{model}{SEP}"
        for outcome, n in c.requests.items():
            pipe.hincrby(h, f"{base}requests:{outcome}", n)
        for reason, n in c.rejected.items():
            pipe.hincrby(h, f"{base}rejected:{reason}", n)
        for name in ("prompt_tokens", "cached_tokens", "completion_tokens"):
            n = getattr(c, name)
            if n:
                pipe.hincrby(h, base + name, n)
        if c.cost:
            pipe.hincrbyfloat(h, f"{base}cost", c.cost)
            month_key = (day[:7], tenant)
            spend[month_key] = spend.get(month_key, 0.0) + c.cost
        days.add(day)
    for day in days:
        pipe.expire(f"{p}:u:{day}", ttl_s)
    if days:
        pipe.sadd(f"{p}:u:days", *sorted(days))
    for (month, tenant), cost in spend.items():
        pipe.hincrbyfloat(f"{p}:spend:{month}", tenant, cost)
        pipe.expire(f"{p}:spend:{month}", ttl_s)


async def read_redis(client: Redis, prefix: str, currency: str = "USD") -> list[Row]:
    """Every day's roll-up in Redis, as rows."""
    days = sorted(_text(d) for d in await client.smembers(f"{prefix}:u:days"))
    rows: list[Row] = []
    for day in days:
        fields = await client.hgetall(f"{prefix}:u:{day}")
        acc: dict[tuple[str, str], Counts] = {}
        for raw, value in fields.items():
            tenant, model, counter = _text(raw).split(SEP, 2)
            c = acc.get((tenant, model))
            if c is None:
                c = acc[(tenant, model)] = Counts()
            if counter.startswith("requests:"):
                c.requests[counter.removeprefix("requests:")] = int(value)
            elif counter.startswith("rejected:"):
                c.rejected[counter.removeprefix("rejected:")] = int(value)
            elif counter == "cost":
                c.cost = float(value)
            elif counter in ("prompt_tokens", "cached_tokens", "completion_tokens"):
                setattr(c, counter, int(value))
        rows.extend(Row(day, t, m, c, currency) for (t, m), c in acc.items())
    return roll_up(rows)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class UsageFlusher:
    """Writes the ledger every ``interval_s`` and once more at stop."""

    def __init__(self, ledger: UsageLedger, sink: UsageSink, *, interval_s: float) -> None:
        self.ledger = ledger
        self.sink = sink
        self._loop = Periodic(self._write, interval_s=interval_s, failure="writing usage failed")

    async def _write(self) -> None:
        await self.sink.write(self.ledger)

    async def start(self) -> None:
        await self.sink.load(self.ledger)
        await self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()
        await self.sink.write(self.ledger)


async def read_redis_url(url: str, prefix: str, password: str | None, currency: str) -> list[Row]:
    """Every usage row under ``prefix`` at ``url``, over a connection of its own (``kinfctl usage``)."""
    from redis.asyncio import Redis
    from redis.exceptions import RedisError

    client = Redis.from_url(url, password=password, socket_timeout=5, socket_connect_timeout=5)
    try:
        return await read_redis(client, prefix, currency)
    except RedisError as exc:
        raise ValueError(f"{url}: {exc}") from exc
    finally:
        await client.aclose()
