"""A model without a configured tokenizer is routed with the stand-in, and that is counted."""

from __future__ import annotations

from routed import chat_state, routed

from kinference_epp.app import App
from kinference_epp.config.model import EndpointConfig, EppConfig, PoolConfig

BODY = {"model": "m", "messages": [{"role": "user", "content": "hello"}]}


def test_fallback_tokenizer_is_counted_per_model() -> None:
    app = App(
        EppConfig(
            pool=PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
        )
    )
    decision = routed(app.pipeline.run(chat_state(BODY, request_id="1")))
    assert decision.endpoints == ("10.0.0.1:8000",)
    value = app.metrics.registry.get_sample_value(
        "kinference_tokenizer_fallback_total", {"model_name": "m"}
    )
    assert value == 1
    stage = app.metrics.registry.get_sample_value(
        "kinference_request_stage_duration_seconds_count", {"stage": "prompt"}
    )
    assert stage == 1


def test_prompt_blind_router_does_not_tokenize() -> None:
    """round-robin reads no tokens: the pipeline has no prompt stage, nothing is tokenized."""
    app = App(
        EppConfig.model_validate(
            {
                "pool": {"endpoints": [{"address": "10.0.0.1:8000", "models": ["m"]}]},
                "scheduler": {"router": "round-robin"},
            }
        )
    )
    assert "prompt" not in [s.name for s in app.pipeline.stages]
    assert routed(app.pipeline.run(chat_state(BODY, request_id="1"))).endpoints == (
        "10.0.0.1:8000",
    )
    # the one in-flight tracker still records the request (closed by the access log)
    assert app.inflight.count("10.0.0.1:8000") == 1
    registry = app.metrics.registry
    assert registry.get_sample_value(
        "kinference_tokenizer_fallback_total", {"model_name": "m"}
    ) in (None, 0)
    assert registry.get_sample_value(
        "kinference_request_stage_duration_seconds_count", {"stage": "prompt"}
    ) in (None, 0)
