"""``prefer: cache`` on the live path: the expensive model wins when its cache makes it faster."""

from __future__ import annotations

import json

import numpy as np
from routed import POLICY_HEAD, chat_state, routed

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.app import App
from kinference_epp.config.model import EndpointConfig, EppConfig, PoolConfig
from kinference_epp.kvcache.hashing import HashScope
from kinference_epp.pipeline.state import RequestState
from kinference_epp.pool.endpoint import EndpointKey

POLICY = (
    POLICY_HEAD
    + """\
    - name: cheap-unless-cached
      match: {models: [auto]}
      action:
        route: {candidates: [small, big], prefer: cache, minGain: 0.3}
"""
)

BIG = EndpointKey("10.0.0.2:8000")


def picker(tmp_path: object) -> App:
    from pathlib import Path

    path = Path(str(tmp_path)) / "p.yaml"
    path.write_text(POLICY)
    return App(
        EppConfig(
            pool=PoolConfig(
                name="pool",
                endpoints=[
                    EndpointConfig(address="10.0.0.1:8000", models=["small"]),
                    EndpointConfig(address=str(BIG), models=["big"]),
                ],
            ),
            policies=[str(path)],
        )
    )


def ctx(content: str) -> RequestState:
    body = {"model": "auto", "messages": [{"role": "user", "content": content}]}
    return chat_state(body, request_id=content[:8])


PROMPT = "a long shared document about shipping logistics " * 200


def test_cheap_model_without_cache(tmp_path: object) -> None:
    d = routed(picker(tmp_path).pipeline.run(ctx(PROMPT)))
    assert d.target_model == "small"


def test_expensive_model_when_its_cache_makes_it_faster(tmp_path: object) -> None:
    p = picker(tmp_path)
    # The big model's pod reports (KV events) that it holds the whole prompt.
    body = {"model": "big", "messages": [{"role": "user", "content": PROMPT}]}
    request = parse_request(ApiKind.CHAT, json.dumps(body).encode())
    tokens = np.asarray(p.hasher.token_ids(request), dtype=np.int64)
    n = len(tokens) // 16 * 16
    p.prefix_index.apply_stored(
        BIG, HashScope("big"), list(range(1, n // 16 + 1)), None, tokens[:n], 16, "GPU"
    )
    # No live subscriber in a unit test: declare the big pod's event stream healthy.
    p.prefix_state._is_precise = lambda key: True
    p.prefix_state.mark_stale()
    d = routed(p.pipeline.run(ctx(PROMPT)))
    assert d.target_model == "big"
    assert d.endpoints == (BIG,)
