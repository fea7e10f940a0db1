"""Filter ``model``: keep the endpoints serving the requested model (base model or LoRA).

One dict lookup in the pool's model → slot-mask index. A request without a model
(``model=None``) passes unchanged. A model no endpoint serves, ready or not, is a 404.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinference_epp.errors import ModelNotFoundError
from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, BuildContext
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class ModelFilterParams(Params):
    pass


class ModelFilter:
    def filter(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> BoolVec:
        if req.model is None:
            return mask
        served = pool.model_mask(req.model)
        if served is None:
            raise ModelNotFoundError("The requested model does not exist.", param="model")
        return served


def create(params: Mapping[str, Any], ctx: BuildContext) -> ModelFilter:
    ModelFilterParams.model_validate(params)
    return ModelFilter()
