"""The one back-off of the Kubernetes loops: its delays, and loops that wait with it, all without
sleeping (a seeded random source, and a sleep that records instead of waiting)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any, cast

from kinference_epp.config.kubernetes import WatchSettings
from kinference_epp.k8s.api import INFERENCE_POLICIES, ApiError, KubeApi, Resource
from kinference_epp.k8s.backoff import Backoff
from kinference_epp.k8s.secrets import KubeSecrets
from kinference_epp.k8s.watch import WatchStatus, WatchTarget, watch_forever
from kinference_epp.policy.types import SecretKey
from waits import eventually


class Sleeps:
    """A sleep that records each delay and returns at once, up to ``limit`` sleeps; the one
    that reaches it waits until :meth:`allow` raises the limit (a loop under test stops
    there, to be looked at, resumed or cancelled)."""

    def __init__(self, limit: int) -> None:
        self.delays: list[float] = []
        self.limit = limit
        self._more = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)
        while len(self.delays) >= self.limit:
            self._more.clear()
            await self._more.wait()
        await asyncio.sleep(0)

    def allow(self, more: int) -> None:
        self.limit += more
        self._more.set()


def test_delays_grow_from_the_initial_one_up_to_the_cap_with_jitter() -> None:
    backoff = Backoff(0.5, 4.0, rng=random.Random(7))
    delays = [backoff.next_delay() for _ in range(8)]
    caps = [0.5, 1.0, 2.0, 4.0, 4.0, 4.0, 4.0, 4.0]
    for delay, cap in zip(delays, caps, strict=True):
        assert 0.25 <= delay <= cap
    assert len(set(delays)) == len(delays)  # jittered, not a fixed ladder
    assert backoff.failures == 8


def test_a_reset_starts_again_from_the_initial_delay() -> None:
    backoff = Backoff(1.0, 60.0, rng=random.Random(1))
    for _ in range(5):
        backoff.next_delay()
    backoff.reset()
    assert backoff.failures == 0
    assert 0.5 <= backoff.next_delay() <= 1.0


def test_the_same_seed_draws_the_same_delays() -> None:
    a, b = Backoff(0.2, 5.0, rng=random.Random(3)), Backoff(0.2, 5.0, rng=random.Random(3))
    assert [a.next_delay() for _ in range(6)] == [b.next_delay() for _ in range(6)]


async def test_wait_sleeps_the_delay_it_draws_with_the_injected_sleep() -> None:
    sleeps = Sleeps(limit=100)
    backoff = Backoff(0.5, 2.0, rng=random.Random(2), sleep=sleeps)
    drawn = [await backoff.wait() for _ in range(4)]
    assert sleeps.delays == drawn
    assert backoff.failures == 4


def test_of_reads_the_watch_settings() -> None:
    settings = WatchSettings(backoff_initial_s=0.3, backoff_max_s=9.0)
    backoff = Backoff.of(settings)
    assert (backoff.initial_s, backoff.max_s) == (0.3, 9.0)


class FailingApi:
    """Every list fails: with a 503, or with ``status``."""

    def __init__(self, status: int = 503) -> None:
        self.status = status
        self.lists = 0

    async def list(self, resource: Resource, namespace: str, **_: Any) -> Any:
        self.lists += 1
        raise ApiError(self.status, "unavailable")


async def test_a_failing_watch_backs_off_longer_each_time_up_to_the_cap() -> None:
    sleeps = Sleeps(limit=6)
    settings = WatchSettings(backoff_initial_s=1.0, backoff_max_s=4.0)
    backoff = Backoff(1.0, 4.0, rng=random.Random(5), sleep=sleeps)
    status = WatchStatus("inferencepolicies")
    stream = watch_forever(
        cast(KubeApi, FailingApi()),
        WatchTarget(INFERENCE_POLICIES, "ns"),
        settings,
        status,
        backoff=backoff,
    )
    task = asyncio.ensure_future(anext(stream))
    await eventually(lambda: len(sleeps.delays) == 6, what="six back-offs")
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert sleeps.delays[0] <= 1.0
    assert all(0.5 <= d <= 4.0 for d in sleeps.delays)
    assert max(sleeps.delays[3:]) > 1.0  # grew past the first delay's bound
    assert status.errors == 6
    assert not status.connected


async def test_a_refused_watch_checks_again_at_the_cap() -> None:
    sleeps = Sleeps(limit=3)
    settings = WatchSettings(backoff_initial_s=1.0, backoff_max_s=4.0)
    stream = watch_forever(
        cast(KubeApi, FailingApi(404)),
        WatchTarget(INFERENCE_POLICIES, "ns"),
        settings,
        WatchStatus("inferencepolicies"),
        backoff=Backoff(1.0, 4.0, sleep=sleeps),
    )
    task = asyncio.ensure_future(anext(stream))
    await eventually(lambda: len(sleeps.delays) == 3, what="three checks")
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert sleeps.delays == [4.0, 4.0, 4.0]


class SecretsApi:
    """``get`` fails while ``down``; then answers one Secret."""

    def __init__(self) -> None:
        self.down = True

    async def get(self, resource: Resource, namespace: str, name: str) -> dict[str, Any]:
        if self.down:
            raise ApiError(503, "unavailable")
        return {"kind": "Secret", "metadata": {"name": name}, "data": {"k": "c2stMQ=="}}


async def test_secret_refreshes_back_off_after_failures_and_return_to_the_period() -> None:
    api = SecretsApi()
    sleeps = Sleeps(limit=5)
    secrets = KubeSecrets(
        "ns", api=cast(KubeApi, api), refresh_s=10.0, retry_initial_s=1.0, sleep=sleeps
    )
    await secrets.track(frozenset({SecretKey("a", "k")}))
    await secrets.start()
    await eventually(lambda: len(sleeps.delays) == 5, what="the first period and four retries")
    api.down = False
    sleeps.allow(2)
    await eventually(lambda: len(sleeps.delays) == 7, what="two more sleeps")
    assert secrets.get("a", "k") == "sk-1"
    await secrets.stop()
    assert sleeps.delays[0] == 10.0
    retries = sleeps.delays[1:5]
    caps = [1.0, 2.0, 4.0, 8.0]
    assert all(0.5 <= d <= cap for d, cap in zip(retries, caps, strict=True))
    assert sleeps.delays[5:] == [10.0, 10.0]  # the outage is over: the period again
