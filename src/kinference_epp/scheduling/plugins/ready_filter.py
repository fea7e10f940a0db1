"""Filter ``ready``: keep endpoints that are ready and fresh (not stale).

    kept = mask & ready & ~stale        if that is not empty
         = mask & ready                 otherwise (every ready candidate is stale)

The fallback degrades rather than fails: when metrics are missing everywhere (a scrape
outage, or a pool whose pods expose no vLLM metrics) the request is still routed, on
the last known loads, instead of answering 503. ``degrade_when_all_stale: false`` turns
that off. An endpoint that is not ready is never kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, BuildContext
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class ReadyFilterParams(Params):
    degrade_when_all_stale: bool = True


class ReadyFilter:
    def __init__(self, params: ReadyFilterParams) -> None:
        self._degrade = params.degrade_when_all_stale

    def filter(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> BoolVec:
        ready: BoolVec = mask & pool.ready
        fresh = ready & ~pool.stale
        if self._degrade and not np.count_nonzero(fresh):
            return ready
        return fresh


def create(params: Mapping[str, Any], ctx: BuildContext) -> ReadyFilter:
    return ReadyFilter(ReadyFilterParams.model_validate(params))
