"""Scorer ``prefix``: the fraction of the request's prompt blocks an endpoint already caches.

    score = (gpu + cpu_weight * cpu) / request_blocks        0 when the request has no blocks

``gpu``/``cpu`` are the leading blocks credited per tier by the prefix source
(:mod:`kinference_epp.scheduling.prefix_state`): from vLLM's KV events for endpoints
whose event stream is healthy, from the picker's own past picks (TTL, LRU) for the
others, plus the short-lived predicted blocks of requests just routed. With
``source: approximate`` the KV events are ignored: GIE/llm-d's ``approx-prefix``
scorer. Without a prefix source (nothing wired) every endpoint scores 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
from pydantic import Field

from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec, PrefixSource
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class PrefixScorerParams(Params):
    cpu_weight: float = Field(default=0.8, ge=0.0, le=1.0)
    """Credit of a block that must be loaded from the CPU tier, relative to a GPU block."""
    source: Literal["auto", "approximate"] = "auto"
    """``auto``: KV events where healthy; ``approximate``: the picker's own history only."""


class PrefixScorer:
    def __init__(self, params: PrefixScorerParams, prefix: PrefixSource | None) -> None:
        self._cpu_weight = params.cpu_weight
        self._approximate = params.source == "approximate"
        self._prefix = prefix

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        if self._prefix is None:
            return np.zeros(len(pool), dtype=np.float64)
        credit = self._prefix.match(req, pool, approximate_only=self._approximate)
        if not credit.request_blocks:
            return np.zeros(len(pool), dtype=np.float64)
        held = credit.gpu + self._cpu_weight * credit.cpu if self._cpu_weight else credit.gpu
        result: FloatVec = held / credit.request_blocks
        return result


def create(params: Mapping[str, Any], ctx: BuildContext) -> PrefixScorer:
    return PrefixScorer(PrefixScorerParams.model_validate(params), ctx.prefix)
