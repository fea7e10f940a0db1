"""The shared limit store: every replica's buckets, concurrency counts and reservations in Redis.

One Lua script per admission (every bucket and concurrency slot of the request checked and
taken at once, by Redis's clock) and one per settlement (idempotent: it closes the request's
reservation if one is open); the sweeper's script settles overdue reservations, each once,
whichever replica sweeps. The admissions asked for in one event-loop round leave together in
one pipelined round trip (EVALSHA each), and settlements in pipelined batches in the
background: the round trip's cost is shared by every request in it.

Redis unreachable: an admission waits at most ``timeout_s`` (connect or answer), and
``failures`` failures in a row open the circuit breaker; while it is open no request waits
on Redis at all. Meanwhile a tenant that fails closed is refused (503
``limit_store_unavailable``) and one that fails soft is admitted against a local bucket at
its limit divided by the live replicas (counted by a heartbeat in Redis; the last count is
kept through the outage), each bucket starting from what Redis last told this replica of it
plus the refill since, or empty when it told nothing (so an outage, or a timeout on a
saturated machine, hands out no fresh bucket). The heartbeat probes every ``heartbeat_s`` and its first success
closes the breaker. A request the fallback admitted is handed over to Redis as soon as it
answers (adopted: its amounts taken from the shared buckets, as debt if need be, unless its
own admission script ran there after all), so whichever replica its access-log record
reaches settles it, and every replica's later admissions see what the local shares handed
out: a timeout on a loaded machine does not add to the limit. Settlements and adoptions for
Redis wait, in order, in a bounded queue until it is back; a settlement that waited through
an outage and finds nothing is sent once more a few heartbeats later (another replica may
not have handed its request over yet).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import msgspec
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, RedisError

from kinference_epp.config.tenancy import RedisConfig
from kinference_epp.tenancy import lua
from kinference_epp.tenancy.breaker import Breaker
from kinference_epp.tenancy.gcra import Take
from kinference_epp.tenancy.limits import Bucket, Concurrency, Kind
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.store import Reservation, Settlement, Verdict, windows

log = logging.getLogger(__name__)

_UNREACHABLE = (RedisError, OSError, TimeoutError)
SETTLE_BATCH = 256
SWEEP_BATCH = 1000
MAX_QUEUED_SETTLEMENTS = 100_000
WARM_CONNECTIONS = 4
ADOPTION_GRACE_BEATS = 3
"""Heartbeats a settlement that found nothing after an outage waits before its one retry."""
BACKGROUND_TIMEOUT_S = 1.0
"""Bound on a settlement batch, a sweep and the goodbye (off the request path)."""


class _Stored(msgspec.Struct, array_like=True):
    """A reservation as Redis keeps it (``tenancy.lua`` reads the same array)."""

    tenant: str
    model: str
    buckets: list[tuple[str, int, int, int, int]]
    """key, kind, capacity, window_s, amount"""
    concurrency: list[tuple[str, int]]
    prompt: int
    output: int
    ttl_s: float


_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(_Stored).decode


def from_config(config: RedisConfig, on_transition: Callable[[bool], None]) -> RedisStore:
    """The store ``tenancy.store.redis`` describes; the password from its environment variable."""
    password = None
    if config.password_env is not None:
        password = os.environ.get(config.password_env)
        if password is None:
            raise ValueError(f"tenancy.store.redis.password_env: {config.password_env} is not set")
    timeout_s = config.timeout_ms / 1000
    return RedisStore(
        connect(config.url, timeout_s=timeout_s, password=password),
        prefix=config.key_prefix,
        timeout_s=timeout_s,
        failures=config.breaker.failures,
        heartbeat_s=config.breaker.heartbeat_s,
        on_transition=on_transition,
    )


def connect(url: str, *, timeout_s: float, password: str | None = None) -> Redis:
    """A client that gives up after ``timeout_s`` (connect or answer) and never retries by
    itself: the store decides what a failure means."""
    return Redis.from_url(
        url,
        password=password,
        socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s,
        retry=Retry(NoBackoff(), 0),
        retry_on_timeout=False,
        health_check_interval=0,
    )


class RedisStore:
    def __init__(
        self,
        client: Redis,
        *,
        prefix: str = "kinference",
        timeout_s: float = 0.02,
        failures: int = 3,
        heartbeat_s: float = 1.0,
        replica_id: str | None = None,
        on_transition: Callable[[bool], None] | None = None,
    ) -> None:
        """``on_transition(open)`` hears each change of the breaker (metrics)."""
        self._client = client
        self._prefix = prefix
        self._timeout = timeout_s
        self._heartbeat_s = heartbeat_s
        self._replica = replica_id or f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._on_transition = on_transition
        self._admit = client.register_script(lua.ADMIT)
        self._settle = client.register_script(lua.SETTLE)
        self._adopt = client.register_script(lua.ADOPT)
        self._sweep = client.register_script(lua.SWEEP)
        self._beat = client.register_script(lua.HEARTBEAT)
        self._breaker = Breaker(failures, self._transition)
        self._replicas = 1
        self.local = MemoryStore(scale=self._scale)
        """The fallback: admissions while Redis is unreachable, settled here too."""
        self._admissions: list[tuple[Reservation, asyncio.Future[Verdict]]] = []
        """Admissions asked for in this event-loop round, sent together at its end."""
        self._admitting = False
        self._batches: set[asyncio.Task[Any]] = set()
        self._queue: collections.deque[tuple[AsyncScript, tuple[Any, ...], bool]] = (
            collections.deque()
        )
        """Settlements and adoptions for Redis: (script, its arguments, whether it waited
        through an outage), sent in order."""
        self._draining: asyncio.Task[None] | None = None
        self._closed = False
        """Set by :meth:`close`: nothing new is sent (a settlement retried later, after
        an outage, would open a connection on a closed client and leak it); what is queued
        after it is left to the sweeper."""
        self._heartbeat: asyncio.Task[None] | None = None
        self._last_error = ""
        self._seen: dict[tuple[str, str], tuple[float, float]] = {}
        """(tenant, bucket) -> (tokens left in Redis, when) at this replica's last admission."""
        self._seeded: set[tuple[str, str]] = set()
        """Fallback buckets set from ``_seen`` since Redis last answered."""

    # -- state for callers -------------------------------------------------------------

    @property
    def unreachable(self) -> bool:
        """The breaker is open: admission follows the tenants' fail modes."""
        return self._breaker.open

    @property
    def prefix(self) -> str:
        return self._prefix

    @property
    def client(self) -> Redis:
        """The connection (the usage roll-ups are written through it too); closed by
        :meth:`close`."""
        return self._client

    @property
    def replicas(self) -> int:
        """Live replicas at the last heartbeat (this one included)."""
        return self._replicas

    # -- the LimitStore protocol -------------------------------------------------------

    def reserve(self, r: Reservation) -> Verdict | None:
        if self._breaker.open:
            return self._fallback(r)
        return None

    async def reserve_async(self, r: Reservation) -> Verdict:
        if self._breaker.open or self._closed:
            return self._fallback(r)
        loop = asyncio.get_running_loop()
        verdict: asyncio.Future[Verdict] = loop.create_future()
        self._admissions.append((r, verdict))
        if not self._admitting:
            self._admitting = True
            loop.call_soon(self._send_admissions)
        return await verdict

    def settle(self, s: Settlement) -> None:
        if self.local.holds(s.request_id):
            self.local.settle(s)  # and in Redis, where it is adopted
        self._enqueue(self._settle, _settle_args(self._prefix, s))

    async def flush(self) -> None:
        while self._queue and not self._breaker.open:
            task = self._drain_task()
            if task is None:
                return
            await asyncio.shield(task)

    async def sweep(self) -> list[Reservation]:
        await self.local.sweep()  # frees local shares; Redis's sweep settles what they held
        swept: list[Reservation] = []
        if self._breaker.open:
            return swept
        try:
            async with asyncio.timeout(BACKGROUND_TIMEOUT_S):
                raw = await self._sweep(args=(self._prefix, SWEEP_BATCH))
        except _UNREACHABLE as exc:
            self._failed(exc)
            return swept
        for i in range(0, len(raw), 2):
            swept.append(_reservation(raw[i].decode(), raw[i + 1]))
        return swept

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Load the scripts, open a few connections, count this replica in and start the
        heartbeat (which also probes an open breaker): the first requests' admissions should
        not pay for connecting and loading within their timeout."""
        with contextlib.suppress(*_UNREACHABLE):
            async with asyncio.timeout(BACKGROUND_TIMEOUT_S):
                for script in (self._admit, self._settle, self._adopt, self._sweep, self._beat):
                    script.sha = await self._client.script_load(script.script)
                await asyncio.gather(*(self._client.ping() for _ in range(WARM_CONNECTIONS)))
        await self.beat()
        self._heartbeat = asyncio.get_running_loop().create_task(self._beat_forever())

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
            self._heartbeat = None
        with contextlib.suppress(*_UNREACHABLE):
            async with asyncio.timeout(BACKGROUND_TIMEOUT_S):
                await self.flush()
                await self._client.zrem(f"{self._prefix}:replicas", self._replica)
        self._closed = True
        pending = set(self._batches)
        if self._draining is not None:
            pending.add(self._draining)
        for task in pending:
            task.cancel()
        if pending:
            # their cleanup returns the connections they hold to the pool that aclose()
            # disconnects; against a hung Redis it may itself hang, hence the bound
            await asyncio.wait(pending, timeout=BACKGROUND_TIMEOUT_S)
        await self._client.aclose()

    async def beat(self) -> None:
        """One heartbeat: count the live replicas; a success closes an open breaker."""
        try:
            async with asyncio.timeout(self._timeout):
                n = await self._beat(args=(self._prefix, self._replica, 3 * self._heartbeat_s))
        except _UNREACHABLE as exc:
            self._failed(exc)
            return
        self._replicas = max(1, int(n))
        self._breaker.success()

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self._heartbeat_s)
            await self.beat()

    # -- internals ---------------------------------------------------------------------

    def _scale(self) -> float:
        return float(self._replicas)

    def _fallback(self, r: Reservation) -> Verdict:
        if r.fail_closed:
            return Verdict(False, "store", 0.0, degraded=True)
        now = time.monotonic()
        for b in r.buckets:
            key = (r.tenant, b.key)
            if key in self._seeded:
                continue
            self._seeded.add(key)
            seen = self._seen.get(key)
            rate = b.capacity / b.window_s
            # never seen here: nothing is known of it, so it starts empty and only its refill
            # is handed out (an outage admits no burst the limit did not allow)
            left = 0.0 if seen is None else min(b.capacity, seen[0] + (now - seen[1]) * rate)
            # the same time to full at the local share (capacity and rate both divided)
            self.local.seed(r.tenant, b.key, now + (b.capacity - left) / rate)
        v = self.local.reserve(r)
        if v.allowed:
            self._enqueue(self._adopt, (self._prefix, r.request_id, _stored(r, slots=False)))
        return msgspec.structs.replace(v, degraded=True)

    def _failed(self, exc: BaseException) -> None:
        self._last_error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        self._breaker.failure()

    def _transition(self, opened: bool) -> None:
        if opened:
            log.warning(
                "limit store unreachable: admitting by each tenant's fail mode",
                extra={"error": self._last_error, "replicas": self._replicas},
            )
        else:
            log.warning("limit store reachable again", extra={"queued": len(self._queue)})
            self._drain_task()
        if self._on_transition is not None:
            self._on_transition(opened)

    def _enqueue(self, script: AsyncScript, args: tuple[Any, ...], waited: bool = False) -> None:
        if len(self._queue) >= MAX_QUEUED_SETTLEMENTS:
            self._queue.popleft()  # the oldest reservation is left to the sweeper
        self._queue.append((script, args, waited or self._breaker.open))
        if not self._breaker.open:
            self._drain_task()

    def _drain_task(self) -> asyncio.Task[None] | None:
        if self._draining is None or self._draining.done():
            if not self._queue or self._closed:
                return None
            self._draining = asyncio.get_running_loop().create_task(self._drain())
        return self._draining

    async def _drain(self) -> None:
        """Send queued settlements in pipelined batches until none is left or Redis fails."""
        queue = self._queue
        while queue and not self._breaker.open:
            batch = [queue[i] for i in range(min(len(queue), SETTLE_BATCH))]
            try:
                async with asyncio.timeout(BACKGROUND_TIMEOUT_S):
                    replies = await self._scripts([(script, args) for script, args, _ in batch])
            except _UNREACHABLE as exc:
                self._failed(exc)
                self._queue = collections.deque((sc, a, True) for sc, a, _ in queue)
                return
            _log_errors(replies, "settlement")
            loop = asyncio.get_running_loop()
            for (script, args, waited), reply in zip(batch, replies, strict=True):
                queue.popleft()
                if waited and script is self._settle and reply == 0:
                    # found nothing after an outage: the replica whose fallback admitted the
                    # request may not have handed it over yet; try once more after it has
                    loop.call_later(
                        self._heartbeat_s * ADOPTION_GRACE_BEATS, self._enqueue, script, args
                    )

    def _send_admissions(self) -> None:
        self._admitting = False
        batch, self._admissions = self._admissions, []
        if batch:
            task = asyncio.get_running_loop().create_task(self._admit_batch(batch))
            self._batches.add(task)
            task.add_done_callback(self._batches.discard)

    async def _admit_batch(self, batch: list[tuple[Reservation, asyncio.Future[Verdict]]]) -> None:
        """One pipelined round trip for every admission of an event-loop round, bounded by the
        timeout as one admission is; every admission of the batch gets a verdict, whatever
        happens (an error, a timeout, the store closing)."""
        try:
            if self._breaker.open:
                return  # opened meanwhile: the fallback below
            try:
                replies = await self._bounded(
                    self._scripts(
                        [(self._admit, (self._prefix, r.request_id, _stored(r))) for r, _ in batch]
                    )
                )
            except _UNREACHABLE as exc:
                self._failed(exc)
                return
            self._breaker.success()
            if self._seeded:
                self._seeded.clear()
            for (r, verdict), raw in zip(batch, replies, strict=True):
                if verdict.done():
                    continue
                if isinstance(raw, Exception):
                    log.error("admission script failed", extra={"error": str(raw)})
                    continue
                verdict.set_result(self._verdict(r, raw))
        finally:
            for r, verdict in batch:
                if not verdict.done():
                    v = self._fallback(r)
                    if not v.allowed:
                        # the script may have run before its answer was lost: undo it, and
                        # keep it from taking anything if it arrives late
                        args = _settle_args(
                            self._prefix, Settlement(r.request_id, 0, None, None), decided=True
                        )
                        self._enqueue(self._settle, args)
                    verdict.set_result(v)

    async def _bounded(self, call: Coroutine[Any, Any, list[Any]]) -> list[Any]:
        """``call``'s result within the admission timeout, or TimeoutError at the timeout.

        A call past its time is cancelled but not awaited: redis-py's pipeline cleans up its
        connection after a cancellation, and against a hung Redis that cleanup can itself
        hang; the request must not wait for it. The abandoned task is kept (and cancelled
        again at close) so it is neither collected nor leaked silently.
        """
        task = asyncio.get_running_loop().create_task(call)
        try:
            done, _ = await asyncio.wait({task}, timeout=self._timeout)
        except asyncio.CancelledError:
            task.cancel()
            raise
        if not done:
            task.cancel()
            self._batches.add(task)
            task.add_done_callback(self._batches.discard)
            raise TimeoutError(f"redis did not answer within {self._timeout * 1000:.0f} ms")
        return task.result()

    async def _scripts(self, calls: Sequence[tuple[AsyncScript, tuple[Any, ...]]]) -> list[Any]:
        """Run each (script, arguments) in one pipelined round trip (EVALSHA: no SCRIPT EXISTS
        first, as redis-py's script pipelines send); a Redis that lost its scripts (restarted)
        gets them loaded and the calls that found none sent again. Per-call errors come back
        as values."""
        replies: list[Any] = [None] * len(calls)
        todo = list(range(len(calls)))
        for attempt in range(2):
            async with self._client.pipeline(transaction=False) as pipe:
                for i in todo:
                    script, args = calls[i]
                    pipe.evalsha(script.sha, 0, *args)
                answers: list[Any] = await pipe.execute(raise_on_error=False)
            missing = []
            for i, answer in zip(todo, answers, strict=True):
                replies[i] = answer
                if isinstance(answer, NoScriptError):
                    missing.append(i)
            if not missing or attempt:
                break
            for script in {id(calls[i][0]): calls[i][0] for i in missing}.values():
                script.sha = await self._client.script_load(script.script)
            todo = missing
        return replies

    def _verdict(self, r: Reservation, raw: list[object]) -> Verdict:
        denied_by, retry, per_bucket = raw
        assert isinstance(denied_by, bytes)
        assert isinstance(retry, bytes)
        assert isinstance(per_bucket, list)
        takes = [
            Take(bool(allowed), 0.0, float(remaining), float(reset), float(after))
            for allowed, remaining, reset, after in per_bucket
        ]
        now = time.monotonic()
        seen = self._seen
        for b, t in zip(r.buckets, takes, strict=True):
            seen[(r.tenant, b.key)] = (t.remaining, now)
        tokens, requests = windows(r, takes)
        if denied_by:
            return Verdict(False, denied_by.decode(), float(retry), tokens, requests)
        return Verdict(True, "", 0.0, tokens, requests)


_logged_errors: set[str] = set()


def _log_errors(replies: list[Any], what: str) -> None:
    for raw in replies:
        if isinstance(raw, Exception) and str(raw) not in _logged_errors:
            _logged_errors.add(str(raw))
            log.error("%s script failed", what, extra={"error": str(raw)})


def _stored(r: Reservation, *, slots: bool = True) -> bytes:
    """The reservation as Redis keeps it; without its concurrency slots for ``ADOPT`` (the
    fallback that admitted the request holds those locally)."""
    return _encode(
        (
            r.tenant,
            r.model,
            [
                (b.key, int(b.kind), b.capacity, b.window_s, a)
                for b, a in zip(r.buckets, r.amounts, strict=True)
            ],
            [(c.key, c.limit) for c in r.concurrency] if slots else [],
            r.prompt_tokens,
            r.output_tokens,
            r.ttl_s,
        )
    )


def _reservation(request_id: str, blob: bytes) -> Reservation:
    s = _decode(blob)
    return Reservation(
        request_id=request_id,
        tenant=s.tenant,
        model=s.model,
        buckets=tuple(Bucket(k, Kind(kind), cap, win) for k, kind, cap, win, _ in s.buckets),
        amounts=tuple(b[4] for b in s.buckets),
        concurrency=tuple(Concurrency(k, limit) for k, limit in s.concurrency),
        prompt_tokens=s.prompt,
        output_tokens=s.output,
        ttl_s=s.ttl_s,
    )


def _settle_args(prefix: str, s: Settlement, *, decided: bool = False) -> tuple[str | int, ...]:
    return (
        prefix,
        s.request_id,
        s.status,
        -1 if s.prompt_tokens is None else s.prompt_tokens,
        -1 if s.completion_tokens is None else s.completion_tokens,
        "decided" if decided else "",
        "abandoned" if s.abandoned else "",
    )
