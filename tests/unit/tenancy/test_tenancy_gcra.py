"""GCRA with amounts: a bucket fills at its rate up to its capacity, a take never leaves it
past its burst, settlement moves it by what was really used (into debt, if need be)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinference_epp.tenancy.gcra import settle, take

CAP, RATE = 600.0, 10.0  # 600 tokens a minute


def test_a_full_bucket_gives_its_capacity_then_refuses() -> None:
    t = take(0.0, 100.0, 600, CAP, RATE)
    assert t.allowed
    assert t.remaining == 0
    assert t.reset_s == pytest.approx(60.0)
    refused = take(t.tat, 100.0, 10, CAP, RATE)
    assert not refused.allowed
    assert refused.tat == t.tat  # a refusal changes nothing
    assert refused.retry_after_s == pytest.approx(1.0)  # 10 tokens at 10 a second


def test_the_bucket_refills_at_its_rate() -> None:
    t = take(0.0, 0.0, 600, CAP, RATE)
    assert not take(t.tat, 4.9, 50, CAP, RATE).allowed
    later = take(t.tat, 5.0, 50, CAP, RATE)
    assert later.allowed
    assert later.remaining == pytest.approx(0.0)


def test_settlement_refunds_and_debts() -> None:
    t = take(0.0, 0.0, 500, CAP, RATE)
    refunded = settle(t.tat, -300, RATE)  # used 200 of 500
    assert take(refunded, 0.0, 400, CAP, RATE).allowed
    indebted = settle(t.tat, +400, RATE)  # used 900: 300 beyond the bucket
    wait = take(indebted, 0.0, 1, CAP, RATE)
    assert not wait.allowed
    assert wait.retry_after_s == pytest.approx(30.1)  # the debt, then the token itself
    assert take(indebted, 30.1, 1, CAP, RATE).allowed


@given(takes=st.lists(st.tuples(st.floats(0, 5), st.integers(1, 600)), min_size=1, max_size=60))
def test_admitted_tokens_never_exceed_capacity_plus_refill(
    takes: list[tuple[float, int]],
) -> None:
    """Over any run, what was taken is at most the capacity plus what the rate refilled."""
    tat, now, taken = 0.0, 0.0, 0
    for gap, n in takes:
        now += gap
        t = take(tat, now, n, CAP, RATE)
        if t.allowed:
            tat, taken = t.tat, taken + n
    assert taken <= CAP + RATE * now + 1e-6
