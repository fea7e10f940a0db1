"""The model's mean output length from the engines' token counts (``output_length``)."""

from __future__ import annotations

import pytest
from sched_fakes import key

from kinference_epp.scheduling.output_length import HALF_LIFE_REQUESTS, OutputLength


def _feed(out: OutputLength, totals: list[float], scrapes: int, requests: int, tokens: int) -> None:
    """``scrapes`` scrapes of pod 1, each counting ``requests`` requests of ``tokens`` tokens."""
    for _ in range(scrapes):
        totals[0] += requests
        totals[1] += requests * (tokens - 1)
        out.observe(key(1), "m", totals[0], totals[1])


def test_the_mean_follows_a_change_of_mix_within_a_few_half_lives() -> None:
    out, totals = OutputLength(), [0.0, 0.0]
    out.observe(key(1), "m", 0.0, 0.0)
    _feed(out, totals, 100, 4, 1000)
    assert out.tokens("m") == pytest.approx(1000.0)
    _feed(out, totals, int(4 * HALF_LIFE_REQUESTS / 4), 4, 200)  # four half-lives of 200
    got = out.tokens("m")
    assert got is not None
    assert 200.0 < got < 200.0 + 800.0 / 16 + 1.0


def test_a_restarted_engine_starts_its_count_again() -> None:
    out, totals = OutputLength(), [0.0, 0.0]
    out.observe(key(1), "m", 0.0, 0.0)
    _feed(out, totals, 10, 4, 300)
    out.observe(key(1), "m", 2.0, 10.0)  # counts fell: nothing learned, counting restarts
    assert out.tokens("m") == pytest.approx(300.0)
    out.observe(key(1), "m", 4.0, 10.0 + 2 * 99)  # two requests of 100 tokens since the restart
    got = out.tokens("m")
    assert got is not None
    assert 100.0 < got < 300.0
    out.remove_endpoint(key(1))
    out.observe(key(1), "m", 100.0, 1e6)  # a removed endpoint's first scrape sets its base
    assert out.tokens("m") == got


def test_a_model_is_unknown_until_enough_requests_are_counted() -> None:
    out, totals = OutputLength(), [0.0, 0.0]
    out.observe(key(1), "m", 0.0, 0.0)
    _feed(out, totals, 3, 5, 50)
    assert out.tokens("m") is None  # 15 requests
    _feed(out, totals, 1, 5, 50)
    assert out.tokens("m") == pytest.approx(50.0)
    assert out.tokens("n") is None
