"""Filter ``subset``: keep only the endpoints in the proxy's subset hint, when there is one.

No hint (``subset=None``): unchanged. A hint that is empty, or that names no endpoint
still eligible, is a 503 with reason ``subset_empty``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from kinference_epp.errors import NoReadyEndpointError
from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, BuildContext
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest

REASON = "subset_empty"


class SubsetFilterParams(Params):
    pass


class SubsetFilter:
    def filter(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> BoolVec:
        if req.subset is None:
            return mask
        if not req.subset:
            raise NoReadyEndpointError("the endpoint subset hint is empty", reason=REASON)
        kept = pool.subset_mask(req.subset) & mask
        if not np.count_nonzero(kept):
            raise NoReadyEndpointError(
                "no eligible endpoint in the endpoint subset hint", reason=REASON
            )
        return kept


def create(params: Mapping[str, Any], ctx: BuildContext) -> SubsetFilter:
    SubsetFilterParams.model_validate(params)
    return SubsetFilter()
