"""Predicted time to first token of one request on a model's best endpoint.

What "send easy prompts to the cheap model unless the expensive model's cache makes it faster"
compares: on each endpoint serving the model, the prompt tokens its cache does not hold plus the
prefill backlog the picker has already sent there, priced by that endpoint's learned speed
(``scheduling/speed_model.py``: its fixed overhead plus seconds per token), else at one prefill rate.
The same quantities the load-cost scorer ranks endpoints by, in seconds.
"""

from __future__ import annotations

import numpy as np

from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.framework import LoadSource, PrefixSource
from kinference_epp.scheduling.speed_model import SpeedModel
from kinference_epp.scheduling.types import SchedulingRequest


class TtftPredictor:
    def __init__(
        self,
        pool: PoolDatastore,
        prefix: PrefixSource,
        load: LoadSource | None,
        *,
        prefill_tokens_per_s: float,
        speed: SpeedModel | None = None,
    ) -> None:
        """``prefill_tokens_per_s`` prices every endpoint when ``speed`` is None."""
        self._pool = pool
        self._prefix = prefix
        self._load = load
        self._rate = prefill_tokens_per_s
        self._speed = speed

    def predict(self, req: SchedulingRequest) -> float | None:
        """Seconds on the best endpoint serving ``req.model``; None when none serves it."""
        if req.model is None:
            return None
        view = self._pool.view()
        mask = view.model_mask(req.model)
        if mask is None or not mask.any():
            return None
        live = mask & view.ready & ~view.stale
        if live.any():
            mask = live
        credit = self._prefix.match(req, view)
        new = np.maximum(req.prompt_tokens - credit.gpu * credit.block_size, 0.0)
        if self._load is not None:
            new = new + self._load.load(view).prefill_backlog_tokens
        if self._speed is not None:
            return float(self._speed.ttft_s(view, req.model, new)[mask].min())
        return float(new[mask].min() / self._rate)
