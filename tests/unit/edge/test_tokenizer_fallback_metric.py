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
