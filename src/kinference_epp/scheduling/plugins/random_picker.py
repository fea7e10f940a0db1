"""Picker ``random``: a uniformly random candidate; fallbacks are further random draws.

    order = a random permutation of the candidates (scores are ignored)

A baseline router. The random source is the scheduler's seeded generator.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class RandomPickerParams(Params):
    pass


class RandomPicker:
    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng

    def pick(self, req: SchedulingRequest, scores: FloatVec, mask: BoolVec, n: int) -> list[int]:
        candidates = mask.nonzero()[0]
        if len(candidates) == 1:
            return [int(candidates[0])]
        picked: list[int] = self._rng.permutation(candidates)[:n].tolist()
        return picked


def create(params: Mapping[str, Any], ctx: BuildContext) -> RandomPicker:
    RandomPickerParams.model_validate(params)
    return RandomPicker(ctx.rng)
