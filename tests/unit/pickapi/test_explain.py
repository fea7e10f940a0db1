"""Explain's per-endpoint rows carry what the speed model learned of each endpoint, and
``kinfctl explain --live`` prints it (text and JSON)."""

from __future__ import annotations

from kinference_epp.cli.pick import _doc, _lines
from kinference_epp.pickapi.client import EndpointWhy, Explanation, Pick, _speed
from kinference_epp.pickapi.explain import explanation
from kinference_epp.pipeline.state import RequestState
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.speed_model import SpeedModel

A, B, C = (EndpointKey(f"10.0.0.{n}:8000") for n in (1, 2, 3))


def _learned() -> SpeedModel:
    model = SpeedModel()
    for _ in range(40):
        model.observe(A, "m", ttft_s=0.01 + 3000 / 30_000, work_tokens=3000)
        model.observe(B, "m", ttft_s=(0.01 + 3000 / 30_000) * 2.5, work_tokens=3000, itl_s=0.02)
        model.observe(B, "other", ttft_s=9.0, work_tokens=3000)
    return model


def test_each_scored_endpoint_shows_its_learned_speed_for_the_requests_model() -> None:
    state = RequestState(headers={})
    state.model = "m"
    state.endpoints = (A,)
    state.scores = {A: 1.0, B: 0.2, C: 0.0}
    out = explanation(state, None, speeds=_learned().figures)
    rows = {r.endpoint: r for r in out.endpoints}
    assert rows[A].HasField("speed")
    assert rows[B].HasField("speed")
    assert not rows[C].HasField("speed")  # nothing learned there
    fast, slow = rows[A].speed, rows[B].speed
    assert fast.records == slow.records == 40
    assert (fast.decode_observations, slow.decode_observations) == (0, 40)  # B's ITL only
    assert slow.prefill_tokens_per_s < fast.prefill_tokens_per_s
    assert slow.prefill_factor > 1.0 > fast.prefill_factor
    assert fast.prior == "config"
    # without a speed model: no speed on any row
    assert not any(r.HasField("speed") for r in explanation(state, None).endpoints)


def test_kinfctl_prints_the_learned_columns() -> None:
    state = RequestState(headers={})
    state.model = "m"
    state.endpoints = (A,)
    state.scores = {A: 1.0, C: 0.0}
    out = explanation(state, None, speeds=_learned().figures)
    why = Explanation(
        pick=Pick(request_id="r1", route=None, immediate=None),
        router="precise-prefix",
        endpoints=tuple(
            EndpointWhy(
                r.endpoint,
                r.rank,
                r.score,
                0,
                0,
                0,
                _speed(r.speed) if r.HasField("speed") else None,
            )
            for r in out.endpoints
        ),
        prompt_tokens=10,
        request_blocks=0,
    )
    text = "\n".join(_lines(why))
    assert "prefill tok/s" in text
    row_a = next(line for line in text.splitlines() if line.startswith(A))
    assert "config" in row_a
    doc = _doc(why)
    speeds = {e["endpoint"]: e.get("speed") for e in doc["endpoints"]}
    assert speeds[C] is None
    assert speeds[A] is not None
    assert speeds[A]["records"] == 40
    assert speeds[A]["decodeObservations"] == 0
    assert "ITL obs" in text
