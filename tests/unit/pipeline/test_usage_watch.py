"""Usage that stops arriving is reported: the watch, its gauge and its one warning."""

from __future__ import annotations

import logging

import pytest
from prometheus_client import CollectorRegistry

from kinference_epp.pipeline.usage_watch import UsageWatch, UsageWatchTask


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make(silence: float = 60.0) -> tuple[UsageWatch, UsageWatchTask, Clock, CollectorRegistry]:
    clock = Clock()
    watch = UsageWatch(silence, clock)
    registry = CollectorRegistry()
    task = UsageWatchTask(watch, registry, source="access_log", silence_s=silence, interval_s=1.0)
    return watch, task, clock, registry


def test_no_requests_is_not_missing() -> None:
    watch, task, clock, _ = make()
    clock.now += 1e6
    assert not watch.missing()
    assert not task.check()


def test_requests_without_reports_past_the_silence_warn_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    watch, task, clock, registry = make(60.0)
    watch.request()
    clock.now += 59
    watch.request()
    assert not task.check()
    clock.now += 2
    with caplog.at_level(logging.WARNING):
        assert task.check()
        assert task.check()
    assert sum("no usage reports" in r.getMessage() for r in caplog.records) == 1
    assert registry.get_sample_value("kinference_usage_reports_missing") == 1


def test_a_report_clears_it_and_the_silence_restarts_at_the_next_request() -> None:
    watch, task, clock, registry = make(60.0)
    watch.request()
    clock.now += 100
    assert task.check()
    watch.report("response_body")
    assert not task.check()
    assert registry.get_sample_value("kinference_usage_reports_missing") == 0
    clock.now += 1000
    watch.request()
    clock.now += 30
    assert not watch.missing()
    clock.now += 31
    assert watch.missing()
