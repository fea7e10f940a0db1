"""SGLang's cache-aware routing policy (``cache_aware``), as a picker with its own state.

Copied from sgl-project/sglang's router (sgl-model-gateway, ``policies/cache_aware.rs``)
with the defaults of its ``RouterArgs`` (2026: ``cache_threshold`` 0.3,
``balance_abs_threshold`` 64, ``balance_rel_threshold`` 1.5, ``max_tree_size`` 2^26)::

    load[w] = requests the router sent to w that have not finished
    if max(load) - min(load) > 64 and max(load) > 1.5 * min(load):
        pick the least-loaded worker                                  (load balancing)
    else:
        match    = the longest prefix of the prompt some worker's tree holds
        if match / prompt > 0.3: pick that worker                     (cache affinity)
        else:                    pick the worker with the smallest tree (the least cached)
    then insert the prompt into the picked worker's tree

The tree is an approximate radix tree of the prompts the router itself routed, per worker
(no feedback from the pods), trimmed to ``max_tree_size`` characters by a periodic LRU
eviction. Here it matches in 16-token blocks (the prompt's ``block_hashes``; 64
characters at 4 a token) instead of characters, and trims to ``max_tree_size / 64``
blocks per worker as blocks are inserted. Ties go to the lowest slot.
"""

from __future__ import annotations

import numpy as np

from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import BoolVec, FloatVec
from kinference_epp.scheduling.plugins.peers.picked_blocks import PickedBlocks
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

CACHE_THRESHOLD = 0.3
BALANCE_ABS_THRESHOLD = 64
BALANCE_REL_THRESHOLD = 1.5
MAX_TREE_BLOCKS = 2**26 // 64


class SglangCacheAwarePicker:
    """Picker, ``PickObserver`` and ``finish(request_id)``: see the module docstring."""

    def __init__(
        self,
        keys: tuple[EndpointKey, ...],
        *,
        cache_threshold: float = CACHE_THRESHOLD,
        balance_abs_threshold: int = BALANCE_ABS_THRESHOLD,
        balance_rel_threshold: float = BALANCE_REL_THRESHOLD,
        max_tree_blocks: int = MAX_TREE_BLOCKS,
    ) -> None:
        self._keys = keys
        """Endpoint of each pool slot (the benchmark's pool does not change)."""
        self._threshold = cache_threshold
        self._abs = balance_abs_threshold
        self._rel = balance_rel_threshold
        self.tree = PickedBlocks(lambda _: max_tree_blocks)
        self.load: dict[EndpointKey, int] = dict.fromkeys(keys, 0)
        self._routed: dict[str, EndpointKey] = {}

    def pick(self, req: SchedulingRequest, scores: FloatVec, mask: BoolVec, n: int) -> list[int]:
        slots = np.flatnonzero(mask).tolist()
        keys = self._keys
        loads = [self.load[keys[s]] for s in slots]
        low, high = min(loads), max(loads)
        if high - low > self._abs and high > self._rel * low:
            return [slots[loads.index(low)]]
        hashes: list[int] = [] if req.block_hashes is None else req.block_hashes.tolist()
        depth: dict[EndpointKey, int] = {}
        for i, h in enumerate(hashes):
            holders = self.tree.holders(h)
            if not holders:
                break
            for key in holders:
                if depth.get(key, 0) == i:
                    depth[key] = i + 1
        best = max((depth.get(keys[s], 0) for s in slots), default=0)
        if hashes and best / len(hashes) > self._threshold:
            return [next(s for s in slots if depth.get(keys[s], 0) == best)]
        sizes = [self.tree.size(keys[s]) for s in slots]
        return [slots[sizes.index(min(sizes))]]

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        key = result.primary
        self.load[key] = self.load.get(key, 0) + 1
        self._routed[req.request_id] = key
        if req.block_hashes is not None:
            self.tree.add(key, req.block_hashes.tolist())

    def finish(self, request_id: str) -> None:
        key = self._routed.pop(request_id, None)
        if key is not None:
            self.load[key] -= 1
