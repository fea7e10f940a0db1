"""Picker ``max-score``: the highest total score first; ties broken at random.

    key   = score + u * 1e-9            u uniform in [0, 1), one per candidate
    order = candidates by key, descending

The pick is ``order[0]``, the fallbacks ``order[1:n]``: the next-best distinct endpoints.
Scores closer than 1e-9 (equal, or float noise in the weighted sum) are a tie decided
by ``u``; scores further apart keep their order. The random source is the scheduler's
seeded generator (``SchedulerConfig.seed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from kinference_epp.scheduling.chain_kernel import best_candidate
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest

TIE = 1e-9


class MaxScorePickerParams(Params):
    pass


class MaxScorePicker:
    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng

    def pick(self, req: SchedulingRequest, scores: FloatVec, mask: BoolVec, n: int) -> list[int]:
        if n == 1:  # the usual case (no fallbacks): one compiled pass, no candidate array
            k = int(np.count_nonzero(mask))
            if k == 1:
                return [int(mask.argmax())]
            return [best_candidate(scores, mask, self._rng.random(k), TIE)]
        candidates = mask.nonzero()[0]
        k = len(candidates)
        if k == 1:
            return [int(candidates[0])]
        keyed = scores[candidates] + self._rng.random(k) * TIE
        keyed *= -1.0  # ascending sorts of -key: best first
        if n < k:
            top = keyed.argpartition(n)[:n]
            order = top[keyed[top].argsort()]
        else:
            order = keyed.argsort()
        picked: list[int] = candidates[order].tolist()
        return picked


def create(params: Mapping[str, Any], ctx: BuildContext) -> MaxScorePicker:
    MaxScorePickerParams.model_validate(params)
    return MaxScorePicker(ctx.rng)
