"""GIE's approximate prefix-cache scorer (``prefix-cache-scorer``), as a scorer + pick observer.

Copied from kubernetes-sigs/gateway-api-inference-extension v1.0.0
(``pkg/epp/scheduling/framework/plugins/multi/prefix``), the version llm-d-kv-cache's
``benchmarking/73-capacity`` ran as "estimated-scheduling" (weights prefix 1, queue 1,
KV usage 1)::

    hashes  = chained hashes of the prompt's 64-character blocks, the first 256 only
    match   = walk the hashes in order until one that no pod holds; each pod's count is
              the number of those hashes it holds
    score   = match[pod] / len(hashes)                  0 when the prompt is under a block
    on pick = every hash goes to the chosen pod's LRU (31,250 entries per pod), nothing
              else: no KV events, so evictions on the pod are never seen

The benchmark's prompts are token ids, so a 64-character block is a 16-token block (GIE's
own estimate: vLLM's 16-token block at 4 characters a token) and its hashes are the
request's ``block_hashes``. ``auto_capacity`` is v1.5.0's auto-tuned variant
(``dataproducer/approximateprefix``): each pod's LRU holds as many entries as the pod has
KV blocks (``num_gpu_blocks``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import BoolVec, FloatVec
from kinference_epp.scheduling.plugins.peers.picked_blocks import PickedBlocks
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

MAX_PREFIX_BLOCKS = 256
LRU_CAPACITY_PER_SERVER = 31_250


class GiePrefixScorer:
    """Scorer and ``PickObserver``: see the module docstring."""

    def __init__(
        self,
        *,
        max_prefix_blocks: int = MAX_PREFIX_BLOCKS,
        capacity: Callable[[EndpointKey], int] = lambda _: LRU_CAPACITY_PER_SERVER,
    ) -> None:
        self._max_blocks = max_prefix_blocks
        self.picked = PickedBlocks(capacity)

    def _hashes(self, req: SchedulingRequest) -> list[int]:
        hashes = req.block_hashes
        if hashes is None:
            return []
        return hashes[: self._max_blocks].tolist()  # type: ignore[no-any-return]

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        out = np.zeros(len(pool), dtype=np.float64)
        hashes = self._hashes(req)
        if not hashes:
            return out
        counts: dict[EndpointKey, int] = {}
        for h in hashes:
            holders = self.picked.holders(h)
            if not holders:
                break
            for key in holders:
                counts[key] = counts.get(key, 0) + 1
        if counts:
            total = len(hashes)
            for slot, ep in enumerate(pool.endpoints):
                held = counts.get(ep.key)
                if held:
                    out[slot] = held / total
        return out

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        hashes = self._hashes(req)
        if hashes:
            self.picked.add(result.primary, hashes)
