"""Where the usage ledger's roll-ups are kept: a JSON-lines file (one replica, no Redis) or
Redis (shared by replicas), and how ``kinfctl usage`` reads them back.

Both are written every ``flush_interval_s`` by :class:`UsageFlusher` and once more when the
picker stops, so a restart loses nothing (a crash loses at most one interval). A write that
fails hands its increments back to the ledger for the next one.

Redis keys (``P`` is ``tenancy.store.redis.key_prefix``):

- ``P:u:<day>``: a hash per UTC day, fields ``<tenant>\\t<model>\\t<counter>`` (counters:
  ``requests:<outcome>``, ``prompt_tokens``, ``cached_tokens``, ``completion_tokens``,
  ``cost``), written with HINCRBY / HINCRBYFLOAT; expires ``retention_days`` after its day.
- ``P:u:days``: the days that have a hash.
- ``P:spend:<YYYY-MM>``: tenant → cost this month, read back by every replica in the same
  round trip (what budgets are enforced from).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec

from kinference_epp.tenancy.usage import Counts, Key, Row, UsageLedger, roll_up, rows_of

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import Pipeline

log = logging.getLogger(__name__)

WRITE_TIMEOUT_S = 1.0
SEP = "\t"

_encode_row = msgspec.json.Encoder().encode
_decode_row = msgspec.json.Decoder(Row).decode


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
    """An append-only JSON-lines file of increments: one ``Row`` per day x tenant x model
    per write. Read back by summing every line."""

    def __init__(self, path: Path) -> None:
        self._path = path

    async def load(self, ledger: UsageLedger) -> None:
        ledger.load(await asyncio.to_thread(read_file, self._path))

    async def write(self, ledger: UsageLedger) -> None:
        pending = ledger.take()
        if not pending:
            return
        data = b"".join(_encode_row(r) + b"\n" for r in rows_of(pending, ledger.currency))
        try:
            await asyncio.to_thread(self._append, data)
        except OSError:
            log.exception("usage file not written; kept for the next write")
            ledger.give_back(pending)

    def _append(self, data: bytes) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        with self._path.open("ab") as f:
            f.write(data)
            f.flush()


def read_file(path: Path) -> list[Row]:
    """Every line of a usage file (a torn last line, from a crash mid-write, is skipped)."""
    if not path.exists():
        return []
    rows = []
    with path.open("rb") as f:
        for line in f:
            if line.strip():
                with contextlib.suppress(msgspec.DecodeError):
                    rows.append(_decode_row(line))
    return rows


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
        self._interval = interval_s
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.sink.load(self.ledger)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.sink.write(self.ledger)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            try:
                await self.sink.write(self.ledger)
            except Exception:
                log.exception("writing usage failed")
