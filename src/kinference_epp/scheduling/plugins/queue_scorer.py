"""Scorer ``queue``: shorter queues score higher, min-max normalised over the candidates.

    q_i   = waiting_i + running_weight * running_i
    score = (max(q) - q_i) / (max(q) - min(q))      max/min over the candidates
    score = 1 for every candidate                   when max(q) == min(q)

With the default ``running_weight: 0`` this is llm-d's queue scorer
(``scorer/queuedepth``: vLLM's ``num_requests_waiting``). A positive weight also counts
requests in the running batch, which separates endpoints at low load, when nothing
waits anywhere. Inputs: ``vllm:num_requests_waiting``, ``vllm:num_requests_running``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pydantic import Field

from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.chain_kernel import queue_scores
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class QueueScorerParams(Params):
    running_weight: float = Field(default=0.0, ge=0.0)


class QueueScorer:
    def __init__(self, params: QueueScorerParams) -> None:
        self._running_weight = params.running_weight

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        # queue = waiting + running_weight * running; (hi - queue) / (hi - lo) over the
        # candidates' range, ones when they all queue alike (one compiled pass)
        result: FloatVec = np.empty(len(pool.waiting), dtype=np.float64)
        queue_scores(pool.waiting, pool.running, self._running_weight, mask, result)
        return result


def create(params: Mapping[str, Any], ctx: BuildContext) -> QueueScorer:
    return QueueScorer(QueueScorerParams.model_validate(params))
