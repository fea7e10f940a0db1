"""A request abandoned before its response is charged what the pod did, never refunded."""

from __future__ import annotations

import pytest

from kinference_epp.tenancy.abandoned import abandoned_charge, is_abandoned


@pytest.mark.parametrize(
    ("status", "flags", "has_usage", "expected"),
    [
        (0, "", False, True),  # no response was sent
        (200, "downstream_connection_termination", False, True),  # a stream cut by the client
        (200, "upstream_retry_limit_exceeded,downstream_connection_termination", False, True),
        (0, "", True, False),  # usage came back: it settles by its counts
        (200, "", False, False),  # served, only the usage chunk missing
        (503, "no_healthy_upstream", False, False),
        (503, "upstream_connection_termination", False, False),  # the pod failed, not the client
        (504, "upstream_request_timeout", False, True),  # the pod worked until the timeout
    ],
)
def test_what_counts_as_abandoned(status: int, flags: str, has_usage: bool, expected: bool) -> None:
    assert is_abandoned(status, flags, has_usage) is expected


def test_a_non_streamed_request_the_pod_had_not_answered_is_charged_its_reservation() -> None:
    assert abandoned_charge(120, 800, reached_upstream=True, response_body_bytes=None) == (120, 800)
    assert abandoned_charge(120, 800, reached_upstream=True, response_body_bytes=0) == (120, 800)


def test_without_the_proxy_s_figures_the_whole_reservation_is_charged() -> None:
    assert abandoned_charge(120, 800, reached_upstream=None, response_body_bytes=None) == (120, 800)


def test_a_request_that_reached_no_pod_is_charged_nothing() -> None:
    assert abandoned_charge(120, 800, reached_upstream=False, response_body_bytes=None) == (0, 0)


def test_a_cut_stream_is_charged_by_the_bytes_the_pod_sent_at_most_its_reservation() -> None:
    assert abandoned_charge(120, 800, reached_upstream=True, response_body_bytes=400) == (120, 100)
    assert abandoned_charge(120, 800, reached_upstream=True, response_body_bytes=401) == (120, 101)
    assert abandoned_charge(120, 800, reached_upstream=True, response_body_bytes=10**6) == (
        120,
        800,
    )
