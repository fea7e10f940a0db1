"""Scorer ``session-affinity``: a session's turns prefer the pod that served it, unless that
pod is saturated; a preference weighed against load, never a pin."""

from __future__ import annotations

import pytest
from sched_fakes import Row, build_pool, key

from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.config.model import PluginConfig, SchedulerConfig
from kinference_epp.pool.endpoint import LoadSnapshot
from kinference_epp.scheduling.plugins.session_scorer import (
    SessionAffinityParams,
    SessionAffinityScorer,
)
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult


def request(headers: dict[str, str] | None = None, **extra: object) -> SchedulingRequest:
    body = InferenceRequest(kind=ApiKind.RESPONSES, model="m", raw=b"{}", extra=dict(extra))
    return SchedulingRequest(model="m", request=body, headers=headers or {})


@pytest.mark.parametrize(
    ("req", "session"),
    [
        (request({"x-claude-code-session-id": "c1"}, user="u"), "h:c1"),
        (request({"session_id": "codex-1", "conversation_id": "conv"}), "h:codex-1"),
        (request({"conversation_id": "conv"}), "h:conv"),
        (request(prompt_cache_key="k", user="u"), "b:k"),
        (request(user="u"), "b:u"),
        (request(), None),
        (request({"session_id": ""}), None),
    ],
)
def test_the_session_comes_from_headers_then_the_body(
    req: SchedulingRequest, session: str | None
) -> None:
    assert SessionAffinityScorer(SessionAffinityParams()).session(req) == session


@pytest.mark.parametrize(
    ("home_row", "score"),
    [
        (Row(2), 1.0),
        (Row(2, waiting=7), 1.0),
        (Row(2, waiting=8), 0.0),  # saturated: its queue
        (Row(2, kv=0.95), 0.0),  # saturated: its KV cache
        (Row(2, ready=False), 0.0),  # not a candidate
    ],
)
def test_the_home_scores_one_while_not_saturated(home_row: Row, score: float) -> None:
    pool = build_pool([Row(1), home_row, Row(3)]).view()
    scorer = SessionAffinityScorer(SessionAffinityParams())
    req = request({"x-claude-code-session-id": "s"})
    scorer.on_pick(req, SchedulingResult(endpoints=(key(2),)))
    mask = pool.all().copy()
    mask[pool.slot(key(2))] = home_row.ready
    scores = scorer.score(req, pool, mask)
    assert scores.tolist() == [0.0, score, 0.0]
    other = scorer.score(request({"x-claude-code-session-id": "other"}), pool, mask)
    assert other.tolist() == [0.0, 0.0, 0.0]


def test_sessions_expire_and_stay_bounded() -> None:
    now = [0.0]
    scorer = SessionAffinityScorer(
        SessionAffinityParams(ttl_s=10.0, max_sessions=2), clock=lambda: now[0]
    )
    for i in range(3):
        scorer.on_pick(request(user=f"u{i}"), SchedulingResult(endpoints=(key(i + 1),)))
    assert scorer.home("b:u0") is None
    assert scorer.home("b:u2") == key(3)
    now[0] = 10.0
    assert scorer.home("b:u2") is None


def weighted(session_weight: float) -> Scheduler:
    pool = build_pool([Row(1), Row(2), Row(3)])
    return Scheduler(
        SchedulerConfig(
            router="weighted",
            scorers=[
                PluginConfig(type="queue", params={"running_weight": 1.0}),
                PluginConfig(type="session-affinity", weight=session_weight),
            ],
            seed=1,
        ),
        pool,
    )


def test_the_scheduler_keeps_a_session_on_its_pod_and_learns_from_picks() -> None:
    scheduler = weighted(2.0)
    req = request({"x-claude-code-session-id": "agent"})
    first = scheduler.schedule(req).primary
    for _ in range(5):
        assert scheduler.schedule(req).primary == first


def test_a_session_moves_off_a_saturated_home_and_stays_on_the_new_one() -> None:
    rows = [Row(1, waiting=20), Row(2, running=3), Row(3, running=1)]
    pool = build_pool(rows)
    scheduler = Scheduler(
        SchedulerConfig(
            router="weighted",
            scorers=[
                PluginConfig(type="queue", params={"running_weight": 1.0}),
                PluginConfig(type="session-affinity", weight=2.0),
            ],
        ),
        pool,
    )
    req = request(prompt_cache_key="k")
    affinity = next(s.scorer for s in scheduler.scorers if s.label.type == "session-affinity")
    assert isinstance(affinity, SessionAffinityScorer)
    affinity.on_pick(req, SchedulingResult(endpoints=(key(1),)))  # its home, now saturated
    moved = scheduler.schedule(req).primary
    assert moved == key(3)  # the least queued
    # the next turn follows it, even where another pod is now less loaded
    pool.update_load(key(3), LoadSnapshot(running=2, waiting=0, kv_usage=0.0))
    pool.update_load(key(2), LoadSnapshot(running=0, waiting=0, kv_usage=0.0))
    assert scheduler.schedule(req).primary == key(3)


def test_a_dry_run_teaches_the_session_nothing() -> None:
    scheduler = weighted(2.0)
    req = request(user="u")
    req.dry_run = True
    scheduler.schedule(req)
    affinity = next(s.scorer for s in scheduler.scorers if s.label.type == "session-affinity")
    assert isinstance(affinity, SessionAffinityScorer)
    assert affinity.home("b:u") is None
