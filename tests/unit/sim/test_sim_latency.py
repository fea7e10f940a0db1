"""Latency models: the published formulas, the calibrated profiles, and how a step combines them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kinference_epp.sim.latency import (
    GIB,
    GPU_CLASSES,
    H100_8B,
    H100_32B,
    LATENCY_MODELS,
    LLAMA_31_8B,
    PROFILES,
    QWEN3_32B,
    Deployment,
    DynamoMockerLatency,
    LinearLatency,
    ScaledLatency,
    latency_model,
    profile_num_gpu_blocks,
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
def test_calibrated_profile_step_is_base_plus_prefill_plus_sequences_plus_context(
    profile: LinearLatency,
) -> None:
    m = profile
    assert m.step_s(0, 0, 0, 1) == 0.0
    decode = m.step_s(0, 10, 20_000, 1)
    assert decode == pytest.approx(
        (m.base_ms + m.decode_ms_per_seq * 10 + m.decode_ms_per_ktoken * 20) / 1000
    )
    mixed = m.step_s(1000, 10, 20_000, 1)
    assert mixed == pytest.approx(decode + m.prefill_ms_per_token * 1000 / 1000)


@pytest.mark.parametrize("profile", [H100_8B, H100_32B])
def test_a_decode_step_grows_with_the_batch_and_with_its_context(profile: LinearLatency) -> None:
    """As in vLLM: every step reads the weights once, each sequence adds its matmuls, each
    context token its KV read. So a bigger batch of the same contexts is slower, a batch of the
    same size with longer contexts is slower, and more sequences sharing one total context
    still cost more (the per-sequence term)."""
    batches = [1, 8, 64, 256]
    by_batch = [profile.step_s(0, n, n * 1000, 1) for n in batches]
    assert by_batch == sorted(by_batch)
    assert len(set(by_batch)) == len(by_batch)
    by_context = [profile.step_s(0, 32, 32 * c, 1) for c in (100, 1000, 8000)]
    assert by_context == sorted(by_context)
    assert len(set(by_context)) == len(by_context)
    assert profile.step_s(0, 256, 64_000, 1) > profile.step_s(0, 64, 64_000, 1)
    # tokens per second level off as the batch grows: each sequence costs a step something
    rate = [n / profile.step_s(0, n, n * 512, 1) for n in batches]
    assert rate == sorted(rate)
    assert rate[-1] / rate[-2] < 256 / 64 / 1.5


def test_the_8b_profile_decodes_256_short_sequences_slower_than_a_step_free_of_batch_cost() -> None:
    """256 sequences of ~512 tokens: the per-sequence and KV terms cost more than the one
    read of the weights (the published H100 figures, cited in results/engine_fit.md, put such
    a batch at roughly half of what weights-only pricing gives)."""
    m = H100_8B
    weights_only = 256 / (m.base_ms / 1000)
    assert 256 / m.step_s(0, 256, 256 * 512, 1) < weights_only / 2


def test_profiles_name_a_ttft_overhead_that_scaling_keeps() -> None:
    for m in (H100_8B, H100_32B):
        assert m.ttft_overhead_s > 0
        assert ScaledLatency(m, 2.5).ttft_overhead_s == m.ttft_overhead_s
    assert DynamoMockerLatency().ttft_overhead_s == 0.0


def test_kv_bytes_per_token_come_from_the_model_shape() -> None:
    assert LLAMA_31_8B.kv_bytes_per_token == 32 * 8 * 128 * 2 * 2 == 128 * 1024
    assert QWEN3_32B.kv_bytes_per_token == 64 * 8 * 128 * 2 * 2 == 256 * 1024


def test_kv_blocks_per_pod_are_the_memory_left_after_weights_over_bytes_per_token() -> None:
    d = Deployment(LLAMA_31_8B, tensor_parallel=1, runtime_gib=1.5)
    left = 79.11 * GIB * 0.9 - LLAMA_31_8B.weight_bytes - 1.5 * GIB
    assert d.num_gpu_blocks(16) == int(left // (LLAMA_31_8B.kv_bytes_per_token * 16))
    assert d.kv_tokens(16) == d.num_gpu_blocks(16) * 16
    # twice the layers: twice the bytes per token, half the tokens in the same memory
    deep = Deployment(replace(LLAMA_31_8B, params_b=8.03, layers=64), runtime_gib=1.5)
    assert deep.num_gpu_blocks(16) == pytest.approx(d.num_gpu_blocks(16) / 2, abs=1)
    # a second GPU holds half of each token's KV and half the weights
    tp2 = replace(d, tensor_parallel=2)
    assert tp2.num_gpu_blocks(16) > 2 * d.num_gpu_blocks(16)
    # more of the memory for vLLM: more blocks; weights that do not fit: an error
    assert replace(d, gpu_memory_utilization=0.95).num_gpu_blocks(16) > d.num_gpu_blocks(16)
    with pytest.raises(ValueError, match="no KV memory"):
        Deployment(replace(QWEN3_32B, params_b=70.0), tensor_parallel=1).num_gpu_blocks(16)


def test_each_profile_sizes_its_pods_kv_from_its_own_model() -> None:
    assert H100_8B.deployment is not None
    assert H100_32B.deployment is not None
    assert H100_8B.deployment.model is LLAMA_31_8B
    assert H100_32B.deployment.model is QWEN3_32B
    assert H100_32B.deployment.tensor_parallel == 2
    blocks_8b = profile_num_gpu_blocks(H100_8B, 16)
    blocks_32b = profile_num_gpu_blocks(H100_32B, 16)
    assert blocks_8b == H100_8B.deployment.num_gpu_blocks(16)
    assert blocks_32b == H100_32B.deployment.num_gpu_blocks(16)
    assert blocks_8b is not None
    assert blocks_32b is not None
    assert blocks_8b > blocks_32b
    assert profile_num_gpu_blocks(ScaledLatency(H100_8B, 1.6), 16) == blocks_8b
    assert profile_num_gpu_blocks(DynamoMockerLatency(), 16) is None


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
