"""Latency models: the published formulas and how a mixed step combines them."""

from __future__ import annotations

import pytest

from kinference_epp.sim.latency import DynamoMockerLatency, LlmdH100Latency, latency_model


def test_dynamo_mocker_polynomials() -> None:
    m = DynamoMockerLatency()
    assert m.prefill_s(1000) == pytest.approx((4.209989e-07 * 1e6 + 15.18344 + 16.50142) / 1000)
    assert m.prefill_s(0) == 0.0
    assert m.decode_s(0.5, batch=8) == pytest.approx((-25.74 * 0.25 + 54.01 * 0.5 + 5.74) / 1000)
    assert m.decode_s(0.5, batch=0) == 0.0
    # Dynamo's vLLM mocker: one prefill term per request chunk, plus one decode pass.
    assert m.step_s([100, 200], 3, 0.25) == pytest.approx(
        m.prefill_s(100) + m.prefill_s(200) + m.decode_s(0.25, 3)
    )


def test_llmd_reference_uses_mid_values() -> None:
    m = LlmdH100Latency()
    assert m.step_s([100, 300], 2, 0.9) == pytest.approx(0.0325 + 400 * 0.000225 + 0.0125)
    assert m.step_s([], 4, 0.1) == pytest.approx(0.0125)


def test_models_are_named_and_looked_up_by_name() -> None:
    assert latency_model("dynamo-mocker").name == "dynamo-mocker"
    assert latency_model("llmd-h100-8b").name == "llmd-h100-8b"
    with pytest.raises(ValueError, match="known"):
        latency_model("nope")
