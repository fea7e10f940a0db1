"""Every replica's fair-share counters, pool-wide: the service each dispatched, shared in batches.

Each picker replica orders its own queue, but the pool is one: a tenant served on replica A
must count as served on replica B too, or each replica shares out only its own picks and a
tenant whose requests land mostly on one replica is over- or under-served pool-wide. So every
replica keeps a :class:`ServiceLedger`: what it added to each flow's counter (the service of
the requests it dispatched, weighted, with the finish reports' corrections) as running totals,
and what it last saw of every other replica's totals. A sync (:class:`RedisServiceSync`, every
``sync_interval_s``, off the request path) writes this replica's changed totals and reads the
others'; the growth of another replica's total since the last read is added to this replica's
counter of that flow (``FairQueue.add_service``). Each replica also shares which flows have
requests waiting there: the lift (a flow that starts waiting starts at the least counter of its
band, so that idle time banks no credit) is skipped for a flow that waits on another replica,
which is not idle pool-wide; otherwise a flow whose requests are spread over replicas would be
lifted each time its queue on one of them empties, far more often than it is idle.

Totals are absolute, not increments: a sync that failed is simply sent again, one that is
applied twice changes nothing, and a Redis that lost its data is refilled by the next sync of
each replica (a total that vanished is skipped, and diffed against what was last seen when it
comes back). A replica seen for the first time brings everything it dispatched within the
hash's expiry, as the others' counters already hold it.

In Redis (``P`` the limit store's prefix): ``P:flow:s:<replica>``, a hash of ``<band>:<tenant>``
-> total, expiring ``ttl_s`` after its replica's last sync; ``P:flow:replicas``, replica ids by
their last sync. One script per sync: write, register, read the live replicas' hashes.

Outage (the limit store's breaker open, or a sync that fails or times out): no sync is tried
while the breaker is open and nothing on the request path ever waits on Redis; each replica goes
on with its own counters plus what it last read, and its own totals keep growing locally. The
first sync after the outage writes and reads everything that happened during it: the service
others dispatched meanwhile lands in the counters at once, so the tenant served more during the
outage is served less until the counters agree again. ``docs/fairness.md`` states the bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from kinference_epp.redis_lua import PRELUDE

log = logging.getLogger(__name__)

Flow = tuple[str, int]
"""(tenant, band)"""

WAITING_MARK = "~"
"""Prefix of a flow's waiting flag among a replica's totals."""

MAX_FIELDS_PER_SYNC = 2000
"""Totals written in one sync (Lua's argument count is bounded); the rest go in the next."""


def _field(tenant: str, band: int) -> str:
    return f"{band}:{tenant}"


def _flow(field: str) -> Flow:
    band, _, tenant = field.partition(":")
    return tenant, int(band)


class ServiceLedger:
    """One replica's side of the sharing: its own running totals, and the others' as last seen.

    No I/O: the queue calls :meth:`add` on every change of a counter by service (dispatch,
    finish report), a sync takes :meth:`pending` and hands back what it read to :meth:`apply`.
    """

    def __init__(self, replica: str) -> None:
        self.replica = replica
        self._own: dict[str, float] = {}
        self._dirty: set[str] = set()
        self._seen: dict[tuple[str, str], float] = {}
        """(replica, field) -> that replica's total at the last read."""
        self._elsewhere: set[str] = set()
        """Flows with requests waiting on another replica at the last read (``~`` fields)."""

    def add(self, tenant: str, band: int, amount: float) -> None:
        """This replica added ``amount`` of service to a flow's counter."""
        f = _field(tenant, band)
        self._own[f] = self._own.get(f, 0.0) + amount
        self._dirty.add(f)

    def waiting(self, tenant: str, band: int, on: bool) -> None:
        """A flow started (``on``) or stopped having requests waiting here; shared as the
        field ``~<band>:<tenant>`` (1 or 0), so that other replicas do not take it for idle."""
        f = WAITING_MARK + _field(tenant, band)
        self._own[f] = 1.0 if on else 0.0
        self._dirty.add(f)

    def waits_elsewhere(self, tenant: str, band: int) -> bool:
        """Whether another replica had requests of this flow waiting at the last read."""
        return WAITING_MARK + _field(tenant, band) in self._elsewhere

    def own(self, tenant: str, band: int) -> float:
        return self._own.get(_field(tenant, band), 0.0)

    def pending(self, limit: int = MAX_FIELDS_PER_SYNC) -> dict[str, float]:
        """The totals changed since the last sync (taken: :meth:`unsent` puts them back if
        the sync fails)."""
        dirty = self._dirty
        if len(dirty) <= limit:
            fields = list(dirty)
            dirty.clear()
        else:
            fields = [dirty.pop() for _ in range(limit)]
        return {f: self._own[f] for f in fields}

    def unsent(self, fields: Iterable[str]) -> None:
        """A sync failed: its totals go again with the next one."""
        self._dirty.update(fields)

    def lost(self) -> None:
        """Redis no longer holds this replica's totals (expired, or its data lost): all go
        again."""
        self._dirty.update(self._own)

    def apply(
        self, boards: Iterable[tuple[str, Sequence[tuple[str, float]]]]
    ) -> list[tuple[str, int, float]]:
        """The other replicas' totals as read -> (tenant, band, service) each added since the
        last read (a total not read this time is left as last seen)."""
        out: list[tuple[str, int, float]] = []
        seen = self._seen
        elsewhere: set[str] = set()
        for replica, totals in boards:
            if replica == self.replica:
                continue
            for f, total in totals:
                if f.startswith(WAITING_MARK):
                    if total:
                        elsewhere.add(f)
                    continue
                key = (replica, f)
                delta = total - seen.get(key, 0.0)
                if delta:
                    seen[key] = total
                    tenant, band = _flow(f)
                    out.append((tenant, band, delta))
        self._elsewhere = elsewhere
        return out


class ServiceBoard(Protocol):
    """Where replicas meet: write this replica's totals, read every live replica's."""

    async def exchange(
        self, replica: str, totals: dict[str, float]
    ) -> tuple[bool, list[tuple[str, list[tuple[str, float]]]]]:
        """Returns (whether this replica's totals were still held before this write, every
        other live replica's totals)."""
        ...


SYNC = (
    PRELUDE
    + """
-- ARGV: prefix, replica id, ttl_s, then field, total pairs
-- returns {held (1/0), replica, {field, total, ...}, replica, {...}, ...}
local now = now_s()
local ttl = tonumber(ARGV[3])
local reg = P .. ':flow:replicas'
local mine = P .. ':flow:s:' .. ARGV[2]
local held = redis.call('EXISTS', mine)
for i = 4, #ARGV, 2 do
  redis.call('HSET', mine, ARGV[i], ARGV[i + 1])
end
if #ARGV >= 4 or held == 1 then
  redis.call('EXPIRE', mine, math.ceil(ttl))
end
redis.call('ZADD', reg, fmt(now), ARGV[2])
redis.call('ZREMRANGEBYSCORE', reg, '-inf', fmt(now - ttl))
local out = {held}
for _, r in ipairs(redis.call('ZRANGE', reg, 0, -1)) do
  if r ~= ARGV[2] then
    out[#out + 1] = r
    out[#out + 1] = redis.call('HGETALL', P .. ':flow:s:' .. r)
  end
end
return out
"""
)


class RedisBoard:
    """:class:`ServiceBoard` in the limit store's Redis: one script per exchange."""

    def __init__(self, client: Any, *, prefix: str, ttl_s: float) -> None:
        self._prefix = prefix
        self._ttl = ttl_s
        self._script = client.register_script(SYNC)

    async def exchange(
        self, replica: str, totals: dict[str, float]
    ) -> tuple[bool, list[tuple[str, list[tuple[str, float]]]]]:
        args: list[Any] = [self._prefix, replica, self._ttl]
        for f, v in totals.items():
            args += (f, repr(v))
        raw = await self._script(args=args)
        boards = []
        for i in range(1, len(raw), 2):
            flat = raw[i + 1]
            boards.append(
                (
                    _text(raw[i]),
                    [(_text(flat[j]), float(flat[j + 1])) for j in range(0, len(flat), 2)],
                )
            )
        return bool(raw[0]), boards


def _text(b: bytes | str) -> str:
    return b.decode() if isinstance(b, bytes) else b


Apply = Callable[[str, int, float], None]
"""Add service to a flow's counter (``FairQueue.add_service``)."""


class ServiceSync:
    """The exchange with the board every interval: one round trip for every flow's totals.

    ``unreachable``: the limit store's breaker (while it is open no sync is tried, as no
    admission asks the store); ``timeout_s``: the store's timeout, bounding each exchange.
    """

    def __init__(
        self,
        ledger: ServiceLedger,
        board: ServiceBoard,
        apply: Apply,
        *,
        interval_s: float,
        timeout_s: float,
        unreachable: Callable[[], bool] = lambda: False,
    ) -> None:
        self.ledger = ledger
        self._board = board
        self._apply = apply
        self._interval = interval_s
        self._timeout = timeout_s
        self._unreachable = unreachable
        self._task: asyncio.Task[None] | None = None
        self.failing = False
        """The last exchange failed (each change is logged once)."""
        self.syncs = 0
        """Exchanges that succeeded (tests and the metrics read it)."""

    async def sync(self) -> bool:
        """One exchange; False when skipped (breaker open) or failed."""
        if self._unreachable():
            return False
        ledger = self.ledger
        totals = ledger.pending()
        try:
            async with asyncio.timeout(self._timeout):
                held, boards = await self._board.exchange(ledger.replica, totals)
        except Exception as exc:  # Redis down, hung or erring: counters stay local
            ledger.unsent(totals)
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # stopped meanwhile (a cancellation the client turned into an error)
            if not self.failing:
                self.failing = True
                log.warning(
                    "fair share: exchanging counters with the other replicas failed; "
                    "ordering by this replica's own until it succeeds",
                    extra={"error": f"{type(exc).__name__}: {exc}"},
                )
            return False
        received(ledger, held, boards, self._apply)
        if self.failing:
            self.failing = False
            log.warning("fair share: counters exchanged with the other replicas again")
        self.syncs += 1
        return True

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while self._task is not None:
            await self.sync()
            await asyncio.sleep(self._interval)


class MemoryBoard:
    """:class:`ServiceBoard` in process, with the script's semantics (the benchmark's replicas
    on a virtual clock share one; expiry is not modelled)."""

    def __init__(self) -> None:
        self._boards: dict[str, dict[str, float]] = {}

    def exchange_now(
        self, replica: str, totals: dict[str, float]
    ) -> tuple[bool, list[tuple[str, list[tuple[str, float]]]]]:
        held = replica in self._boards
        self._boards.setdefault(replica, {}).update(totals)
        return held, [(r, list(b.items())) for r, b in self._boards.items() if r != replica]

    async def exchange(
        self, replica: str, totals: dict[str, float]
    ) -> tuple[bool, list[tuple[str, list[tuple[str, float]]]]]:
        return self.exchange_now(replica, totals)


def sync_now(ledger: ServiceLedger, board: MemoryBoard, apply: Apply) -> None:
    """One exchange without an event loop (the benchmark's virtual clock): what
    :meth:`ServiceSync.sync` does, on a :class:`MemoryBoard`."""
    held, boards = board.exchange_now(ledger.replica, ledger.pending())
    received(ledger, held, boards, apply)


def received(
    ledger: ServiceLedger,
    held: bool,
    boards: list[tuple[str, list[tuple[str, float]]]],
    apply: Apply,
) -> None:
    """What an exchange brought back: the others' growth into the counters; this replica's
    totals all again next time if the board had lost them."""
    if not held:
        ledger.lost()
    for tenant, band, amount in ledger.apply(boards):
        apply(tenant, band, amount)


class _SharedStore(Protocol):
    """The limit store's Redis (``tenancy.redis_store.RedisStore``), as far as sharing reads
    it."""

    @property
    def client(self) -> Any: ...
    @property
    def prefix(self) -> str: ...
    @property
    def unreachable(self) -> bool: ...


class _Queue(Protocol):
    ledger: ServiceLedger | None

    def add_service(self, tenant: str, band: int, amount: float) -> None: ...


EXCHANGE_TIMEOUT_S = 1.0
"""The least bound on one exchange (the limit store's bound on its settlement batches)."""

TTL_INTERVALS = 600
"""A replica's totals outlive its last sync by this many intervals (at least a minute): a
replica gone for longer is forgotten."""


def shared_counters(
    queue: _Queue, store: _SharedStore, config: Any, timeout_s: float, replica: str | None = None
) -> ServiceSync:
    """The sync of ``queue``'s counters through ``store``'s Redis, behind its breaker; an
    exchange is bounded as the store's other background work is (``timeout_s``, at least
    ``EXCHANGE_TIMEOUT_S``): it is off the request path, and the store's own timeout is sized
    for an admission's round trip, not for reading every replica's totals."""
    ledger = ServiceLedger(
        replica or f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    )
    queue.ledger = ledger
    interval = config.sync_interval_s
    board = RedisBoard(store.client, prefix=store.prefix, ttl_s=max(60.0, TTL_INTERVALS * interval))
    return ServiceSync(
        ledger,
        board,
        queue.add_service,
        interval_s=interval,
        timeout_s=max(timeout_s, EXCHANGE_TIMEOUT_S),
        unreachable=lambda: store.unreachable,
    )
