"""Prefix tokens the picker expected on its pick, to set beside what vLLM reports
(``cached_tokens``): the two diverging means the index is wrong (missed events, hashing)."""

from __future__ import annotations

from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult
from kinference_epp.telemetry.metrics import PickerMetrics


class PrefixHitObserver:
    """A scheduler ``PickObserver`` counting predicted prefix hits per pick."""

    def __init__(
        self, prefix: PrefixState, datastore: PoolDatastore, metrics: PickerMetrics
    ) -> None:
        self._prefix = prefix
        self._datastore = datastore
        self._hits = metrics.prefix_hit_tokens.labels(source="predicted")
        self._prompts = metrics.prefix_prompt_tokens.labels(source="predicted")

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        if req.block_hashes is None or not result.endpoints or not req.prompt_tokens:
            return
        view = self._datastore.view()
        slot = view.slot(result.endpoints[0])
        if slot is None:
            return
        credit = self._prefix.matched(req, view)
        if credit is None:  # the router scores no prefix: nothing predicted to report
            return
        hit = min(float(credit.gpu[slot]) * credit.block_size, float(req.prompt_tokens))
        self._hits.inc(hit)
        self._prompts.inc(req.prompt_tokens)
