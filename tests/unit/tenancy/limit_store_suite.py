"""One suite for every limit store: each test takes a ``StoreUnderTest`` and runs against the
in-process store (test_tenancy_memory_store.py) and the Redis store against a real
redis-server (test_tenancy_redis_store.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest

from kinference_epp.tenancy.limits import Bucket, Concurrency, Kind
from kinference_epp.tenancy.store import LimitStore, Reservation, Settlement, Verdict
from waits import eventually

MINUTE_TOTAL = Bucket("t:total:minute", Kind.TOTAL, 6000, 60)
MINUTE_OUTPUT = Bucket("t:output:minute", Kind.OUTPUT, 3000, 60)
REQUESTS = Bucket("t:requests:minute", Kind.REQUESTS, 3, 60)
SLOTS = Concurrency("t:concurrent", 2)


@dataclass
class StoreUnderTest:
    store: LimitStore
    tenant: str
    """A tenant name no other test used (the Redis store's state outlives a test)."""
    holds: Callable[[str], Awaitable[bool]]
    """Whether a reservation of this request id is pending."""
    running: Callable[[str], Awaitable[int]]
    """The concurrency count of a key of the tenant."""


def reservation(
    sut: StoreUnderTest,
    request_id: str,
    *,
    prompt: int = 1000,
    output: int = 1000,
    buckets: tuple[Bucket, ...] = (MINUTE_TOTAL, MINUTE_OUTPUT),
    concurrency: tuple[Concurrency, ...] = (),
    ttl_s: float = 60.0,
) -> Reservation:
    amounts = tuple((prompt, output, prompt + output, 1)[b.kind] for b in buckets)
    return Reservation(
        request_id=request_id,
        tenant=sut.tenant,
        model="m",
        buckets=buckets,
        amounts=amounts,
        concurrency=concurrency,
        prompt_tokens=prompt,
        output_tokens=output,
        ttl_s=ttl_s,
    )


async def reserve(sut: StoreUnderTest, r: Reservation) -> Verdict:
    verdict = sut.store.reserve(r)
    return verdict if verdict is not None else await sut.store.reserve_async(r)


async def settle(sut: StoreUnderTest, s: Settlement) -> None:
    sut.store.settle(s)
    await sut.store.flush()


async def admits_until_the_bucket_is_empty(sut: StoreUnderTest) -> None:
    verdicts = [await reserve(sut, reservation(sut, f"r{i}")) for i in range(4)]
    assert [v.allowed for v in verdicts] == [True, True, True, False]  # 2000 each of 6000
    denied = verdicts[-1]
    assert denied.denied_by == "tokens"
    assert denied.retry_after_s == pytest.approx(20.0, abs=0.5)  # 2000 tokens at 100/s
    assert verdicts[0].tokens is not None
    assert verdicts[0].tokens.limit == 3000  # the output bucket is the tighter one
    assert verdicts[0].tokens.remaining == pytest.approx(2000, abs=2)


async def checks_every_bucket_in_one_step(sut: StoreUnderTest) -> None:
    """Refused by one bucket, the request takes nothing from the others."""
    assert (await reserve(sut, reservation(sut, "big", prompt=100, output=1900))).allowed
    denied = await reserve(sut, reservation(sut, "next", prompt=100, output=1200))
    assert (denied.allowed, denied.denied_by) == (False, "tokens")  # output: 1100 left
    # the total bucket (6000) was not charged by the refusal: 4000 more still fit it
    only_total = reservation(sut, "total-only", prompt=4000, output=0, buckets=(MINUTE_TOTAL,))
    assert (await reserve(sut, only_total)).allowed


async def settlement_refunds_what_was_not_used(sut: StoreUnderTest) -> None:
    for i in range(3):
        assert (await reserve(sut, reservation(sut, f"a{i}"))).allowed
    assert not (await reserve(sut, reservation(sut, "a3"))).allowed
    assert await sut.holds("a0")
    await settle(sut, Settlement("a0", 200, prompt_tokens=10, completion_tokens=10))
    await settle(sut, Settlement("a1", 200, prompt_tokens=10, completion_tokens=10))
    assert not await sut.holds("a0")
    assert (await reserve(sut, reservation(sut, "a3"))).allowed  # 3960 total came back


async def settlement_is_idempotent_and_overruns_are_debt(sut: StoreUnderTest) -> None:
    assert (await reserve(sut, reservation(sut, "d0", output=500))).allowed
    over = Settlement("d0", 200, prompt_tokens=1000, completion_tokens=3500)
    await settle(sut, over)
    await settle(sut, over)  # repeated: no second charge
    v = await reserve(sut, reservation(sut, "d1", prompt=1, output=1))
    assert not v.allowed  # 3500 output of 3000 a minute: in debt
    assert v.retry_after_s == pytest.approx(10.0, abs=0.5)  # 500 over at 50/s


async def error_answers_without_usage_are_refunded(sut: StoreUnderTest) -> None:
    for i in range(3):
        assert (await reserve(sut, reservation(sut, f"e{i}"))).allowed
    await settle(sut, Settlement("e0", 503, prompt_tokens=None, completion_tokens=None))
    assert (await reserve(sut, reservation(sut, "e3"))).allowed


async def a_success_without_usage_is_charged_as_reserved(sut: StoreUnderTest) -> None:
    for i in range(3):
        assert (await reserve(sut, reservation(sut, f"s{i}"))).allowed
    await settle(sut, Settlement("s0", 200, prompt_tokens=None, completion_tokens=None))
    assert not await sut.holds("s0")
    assert not (await reserve(sut, reservation(sut, "s3"))).allowed


async def an_abandoned_request_without_counts_is_charged_as_reserved(
    sut: StoreUnderTest,
) -> None:
    """No response was sent (status 0), yet the client's hang-up refunds nothing."""
    for i in range(3):
        assert (await reserve(sut, reservation(sut, f"h{i}"))).allowed
    gone = Settlement("h0", 0, prompt_tokens=None, completion_tokens=None, abandoned=True)
    await settle(sut, gone)
    assert not await sut.holds("h0")
    assert not (await reserve(sut, reservation(sut, "h3"))).allowed


async def concurrency_slots_are_freed_by_settlement(sut: StoreUnderTest) -> None:
    def r(i: int) -> Reservation:
        return reservation(sut, f"c{i}", prompt=1, output=1, concurrency=(SLOTS,))

    assert (await reserve(sut, r(0))).allowed
    assert (await reserve(sut, r(1))).allowed
    full = await reserve(sut, r(2))
    assert (full.allowed, full.denied_by) == (False, "concurrency")
    assert await sut.running(SLOTS.key) == 2
    await settle(sut, Settlement("c0", 200, prompt_tokens=1, completion_tokens=1))
    assert await sut.running(SLOTS.key) == 1
    assert (await reserve(sut, r(2))).allowed


async def requests_per_minute_count_requests(sut: StoreUnderTest) -> None:
    def r(i: int) -> Reservation:
        return reservation(sut, f"q{i}", prompt=1, output=1, buckets=(REQUESTS,))

    verdicts = [await reserve(sut, r(i)) for i in range(4)]
    assert [v.allowed for v in verdicts] == [True, True, True, False]
    assert verdicts[-1].denied_by == "requests"
    assert verdicts[0].requests is not None
    assert (verdicts[0].requests.limit, verdicts[0].requests.remaining) == (3, 2)
    assert verdicts[-1].retry_after_s == pytest.approx(20.0, abs=0.5)


async def the_sweeper_settles_what_never_came(sut: StoreUnderTest) -> None:
    r = reservation(sut, "lost", concurrency=(SLOTS,), ttl_s=0.05)
    assert (await reserve(sut, r)).allowed

    async def lost() -> list[Reservation]:
        return [x for x in await sut.store.sweep() if x.request_id == "lost"]

    swept = await eventually(lost, what="the sweeper to settle the lost reservation")
    assert [x.request_id for x in swept] == ["lost"]
    assert swept[0].tenant == sut.tenant
    assert not await sut.holds("lost")
    assert await sut.running(SLOTS.key) == 0
    # charged as reserved: a late record of the request changes nothing
    await settle(sut, Settlement("lost", 200, prompt_tokens=1, completion_tokens=1))
    assert (await reserve(sut, reservation(sut, "after"))).allowed
    assert (await reserve(sut, reservation(sut, "after2"))).allowed
    assert not (await reserve(sut, reservation(sut, "after3"))).allowed


SUITE = [
    admits_until_the_bucket_is_empty,
    checks_every_bucket_in_one_step,
    settlement_refunds_what_was_not_used,
    settlement_is_idempotent_and_overruns_are_debt,
    error_answers_without_usage_are_refunded,
    a_success_without_usage_is_charged_as_reserved,
    an_abandoned_request_without_counts_is_charged_as_reserved,
    concurrency_slots_are_freed_by_settlement,
    requests_per_minute_count_requests,
    the_sweeper_settles_what_never_came,
]
