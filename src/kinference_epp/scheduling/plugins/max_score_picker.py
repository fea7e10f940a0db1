"""Picker ``max-score``: the highest total score first; ties broken at random.

Temperature 0 (the default)::

    key   = score + u * 1e-9            u uniform in [0, 1), one per candidate
    order = candidates by key, descending

Temperature ``t`` > 0 (Dynamo's softmax sampling over the candidates' score range)::

    key   = (score - min) / (max - min) / t + g     g standard Gumbel, one per candidate
    order = candidates by key, descending

which draws the pick with probability proportional to ``exp(normalised score / t)`` and
the fallbacks after it without replacement (the Gumbel-max trick). Several picker
replicas that see the same scores then spread a burst over the near-best endpoints
instead of each sending it to the one best; a candidate far below the best is still
almost never drawn. The range normalisation makes ``t`` a fraction of the spread between
the best and the worst candidate, whatever the scorers' weights.

The pick is ``order[0]``, the fallbacks ``order[1:n]``: the next-best distinct endpoints.
Scores closer than 1e-9 (equal, or float noise in the weighted sum) are a tie decided
by ``u``; scores further apart keep their order. The random source is the scheduler's
seeded generator (``SchedulerConfig.seed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pydantic import Field

from kinference_epp.scheduling.chain_kernel import best_candidate
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest

TIE = 1e-9


class MaxScorePickerParams(Params):
    temperature: float = Field(default=0.0, ge=0.0)
    """Softmax temperature over the candidates' normalised scores; 0 picks the best."""


class MaxScorePicker:
    def __init__(self, rng: np.random.Generator, temperature: float = 0.0) -> None:
        self._rng = rng
        self._temperature = temperature

    def pick(self, req: SchedulingRequest, scores: FloatVec, mask: BoolVec, n: int) -> list[int]:
        if n == 1 and self._temperature == 0.0:
            # the usual case (no fallbacks): one compiled pass, no candidate array
            k = int(np.count_nonzero(mask))
            if k == 1:
                return [int(mask.argmax())]
            return [best_candidate(scores, mask, self._rng.random(k), TIE)]
        candidates = mask.nonzero()[0]
        k = len(candidates)
        if k == 1:
            return [int(candidates[0])]
        keyed = self._keys(scores[candidates])
        keyed *= -1.0  # ascending sorts of -key: best first
        if n < k:
            top = keyed.argpartition(n)[:n]
            order = top[keyed[top].argsort()]
        else:
            order = keyed.argsort()
        picked: list[int] = candidates[order].tolist()
        return picked

    def _keys(self, scores: FloatVec) -> FloatVec:
        k = len(scores)
        if self._temperature > 0.0:
            low, high = float(scores.min()), float(scores.max())
            if high - low > TIE:
                keys: FloatVec = (scores - low) / ((high - low) * self._temperature)
                return keys + self._rng.gumbel(size=k)
        tied: FloatVec = scores + self._rng.random(k) * TIE
        return tied


def create(params: Mapping[str, Any], ctx: BuildContext) -> MaxScorePicker:
    p = MaxScorePickerParams.model_validate(params)
    return MaxScorePicker(ctx.rng, p.temperature)
