"""Picker ``round-robin``: each model's requests take the candidates in turn.

    c      = candidates in slot order,  k = len(c)
    start  = cursor[model] mod k ;  cursor[model] += 1
    order  = c[start], c[start+1 mod k], ...   (the first n; scores are ignored)

One cursor per requested model (``None`` has its own), so interleaved models do not
skew each other's spread. With a stable candidate set every endpoint gets an equal
share; when the set changes the rotation simply continues over the new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest


class RoundRobinPickerParams(Params):
    pass


class RoundRobinPicker:
    def __init__(self) -> None:
        self._cursors: dict[str | None, int] = {}

    def pick(self, req: SchedulingRequest, scores: FloatVec, mask: BoolVec, n: int) -> list[int]:
        candidates = mask.nonzero()[0]
        k = len(candidates)
        cursor = self._cursors.get(req.model, 0)
        self._cursors[req.model] = cursor + 1
        start = cursor % k
        return [int(candidates[(start + i) % k]) for i in range(min(n, k))]


def create(params: Mapping[str, Any], ctx: BuildContext) -> RoundRobinPicker:
    RoundRobinPickerParams.model_validate(params)
    return RoundRobinPicker()
