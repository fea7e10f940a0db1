"""Scorer ``stale-penalty``: endpoints with fresh metrics score 1, stale ones 0.

    score = 0 if stale else 1

The ``ready`` filter already drops stale endpoints while a fresh one remains, so in the
built-in routers this scorer would change nothing and is left out. It is for chains
whose filters keep stale endpoints: with weight w, a stale endpoint needs a lead of
more than w on the other scorers to be picked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class StalePenaltyScorerParams(Params):
    pass


class StalePenaltyScorer:
    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        result: FloatVec = (~pool.stale).astype(float)
        return result


def create(params: Mapping[str, Any], ctx: BuildContext) -> StalePenaltyScorer:
    StalePenaltyScorerParams.model_validate(params)
    return StalePenaltyScorer()
