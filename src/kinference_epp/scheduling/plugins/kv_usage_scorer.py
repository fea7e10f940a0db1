"""Scorer ``kv-usage``: endpoints with more free KV cache score higher.

    score = 1 - kv_usage          kv_usage in [0, 1]

Not normalised over the candidates: an endpoint at 90 % usage scores 0.1 even when all
are near full, so the scorer's influence fades when every cache is equally busy.
Input: ``vllm:kv_cache_usage_perc`` (``vllm:gpu_cache_usage_perc`` on older servers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class KvUsageScorerParams(Params):
    pass


class KvUsageScorer:
    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        result: FloatVec = 1.0 - pool.kv_usage
        return result


def create(params: Mapping[str, Any], ctx: BuildContext) -> KvUsageScorer:
    KvUsageScorerParams.model_validate(params)
    return KvUsageScorer()
