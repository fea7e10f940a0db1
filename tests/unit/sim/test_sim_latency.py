"""Latency models: the published formulas, the calibrated profiles, and how a step combines them."""

from __future__ import annotations

import pytest

from kinference_epp.sim.latency import (
    GPU_CLASSES,
    H100_8B,
    H100_32B,
    LATENCY_MODELS,
    PROFILES,
    DynamoMockerLatency,
    ScaledLatency,
    latency_model,
    scaled,
)


def test_dynamo_mocker_polynomials_over_step_tokens_and_logical_context() -> None:
    m = DynamoMockerLatency()
    prefill_1000 = (4.209989e-07 * 1e6 + 15.18344 + 16.50142) / 1000
    assert m.step_s(1000, 0, 0, 10_000) == pytest.approx(prefill_1000)
    # decode from the batch's logical context over the KV capacity: 5000 / 10000 = 0.5
    decode_half = (-25.74 * 0.25 + 54.01 * 0.5 + 5.74) / 1000
    assert m.step_s(0, 8, 5_000, 10_000) == pytest.approx(decode_half)
    # a batch whose logical context exceeds the capacity (shared prefixes) is capped at 1
    assert m.step_s(0, 8, 50_000, 10_000) == pytest.approx(m.step_s(0, 8, 10_000, 10_000))
    assert m.step_s(1000, 8, 5_000, 10_000) == pytest.approx(prefill_1000 + decode_half)
    assert m.step_s(0, 0, 0, 10_000) == 0.0


@pytest.mark.parametrize("profile", [H100_8B, H100_32B])
def test_calibrated_profile_step_is_base_plus_prefill_plus_context(profile: object) -> None:
    m = profile
    assert isinstance(m, type(H100_8B))
    assert m.step_s(0, 0, 0, 1) == 0.0
    decode = m.step_s(0, 10, 20_000, 1)
    assert decode == pytest.approx((m.base_ms + m.decode_ms_per_ktoken * 20) / 1000)
    # decode slows as the batch's logical context grows
    assert m.step_s(0, 10, 200_000, 1) > decode
    mixed = m.step_s(1000, 10, 20_000, 1)
    assert mixed == pytest.approx(decode + m.prefill_ms_per_token * 1000 / 1000)


def test_the_32b_profile_prefills_at_the_source_rate_and_is_slower_than_8b() -> None:
    assert H100_32B.prefill_ms_per_token == pytest.approx(0.046)
    for shape in [(8192, 0, 0), (0, 64, 300_000), (2000, 32, 100_000)]:
        assert H100_32B.step_s(*shape, 1) > H100_8B.step_s(*shape, 1)


def test_models_are_named_and_looked_up_by_name() -> None:
    for name in LATENCY_MODELS:
        assert latency_model(name).name == name
    assert set(PROFILES) <= set(LATENCY_MODELS)
    with pytest.raises(ValueError, match="known"):
        latency_model("nope")


def test_a_scaled_model_takes_its_factor_times_every_step_and_names_it() -> None:
    slow = ScaledLatency(H100_8B, 2.5)
    assert slow.name == "h100-8bx2.5"
    for shape in [(8192, 0, 0), (0, 64, 300_000), (2000, 32, 100_000)]:
        assert slow.step_s(*shape, 1) == pytest.approx(2.5 * H100_8B.step_s(*shape, 1))
    assert scaled(H100_8B, 1.0) is H100_8B
    assert scaled(slow, 3.0).step_s(1000, 0, 0, 1) == pytest.approx(
        7.5 * H100_8B.step_s(1000, 0, 0, 1)
    )
    assert set(GPU_CLASSES) >= {"h100", "l40s"}
    with pytest.raises(ValueError, match="positive"):
        ScaledLatency(H100_8B, 0.0)
