"""A model without a configured tokenizer is routed with the stand-in, and that is counted."""

from __future__ import annotations

import json

from kinference_epp.config.model import EndpointConfig, EppConfig, PoolConfig
from kinference_epp.edge.context import RequestContext
from kinference_epp.picker import Picker


def test_fallback_tokenizer_is_counted_per_model() -> None:
    picker = Picker(
        EppConfig(
            pool=PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
        )
    )
    body = {"model": "m", "messages": [{"role": "user", "content": "hello"}]}
    ctx = RequestContext(
        headers={":path": "/v1/chat/completions", "x-request-id": "1"},
        body=bytearray(json.dumps(body).encode()),
    )
    decision = picker.director.route(ctx)
    assert decision.endpoints == ("10.0.0.1:8000",)
    value = picker.metrics.registry.get_sample_value(
        "kinference_tokenizer_fallback_total", {"model_name": "m"}
    )
    assert value == 1


def test_prompt_blind_router_does_not_tokenize() -> None:
    """round-robin reads no tokens: the director routes without tokenizing or hashing."""
    picker = Picker(
        EppConfig.model_validate(
            {
                "pool": {"endpoints": [{"address": "10.0.0.1:8000", "models": ["m"]}]},
                "scheduler": {"router": "round-robin"},
            }
        )
    )
    body = {"model": "m", "messages": [{"role": "user", "content": "hello"}]}
    ctx = RequestContext(
        headers={":path": "/v1/chat/completions", "x-request-id": "1"},
        body=bytearray(json.dumps(body).encode()),
    )
    assert picker.director.route(ctx).endpoints == ("10.0.0.1:8000",)
    # nor feeds the prompt observers: nothing for a prompt-blind router to learn from
    assert picker.load_tracker.count("10.0.0.1:8000") == 0
    registry = picker.metrics.registry
    assert registry.get_sample_value(
        "kinference_tokenizer_fallback_total", {"model_name": "m"}
    ) in (None, 0)
    assert picker.metrics.registry.get_sample_value(
        "kinference_tokenize_duration_seconds_count"
    ) in (
        None,
        0,
    )
