"""llm-d's precise prefix-cache scorer (``precise-prefix-cache-scorer``), over the KV-event index.

Copied from llm-d/llm-d-kv-cache v0.8 (``pkg/kvcache/kvblock_scorer.go``,
``LongestPrefixScorer``) and llm-d-inference-scheduler's scorer around it
(``indexedScoresToNormalizedScoredPods``)::

    blocks[pod] = leading blocks of the prompt the pod holds, by its KV events
                  (consecutive from block 0; a pod drops out at its first miss)
    score[pod]  = (blocks[pod] - min) / (max - min)   over the pods holding block 0
                = 1 for each of them when all hold the same number
                = 0 for a pod that does not hold block 0

llm-d's well-lit default weighs it prefix 3, KV usage 2, queue 2
(``benchmarking/73-capacity``'s "precise-scheduling"). There it hashes 64-token blocks;
the benchmark's engine and index use vLLM's 16.
"""

from __future__ import annotations

import numpy as np

from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import BoolVec, FloatVec
from kinference_epp.scheduling.types import SchedulingRequest


class LlmdPrefixScorer:
    def __init__(self, index: PrefixIndex) -> None:
        self._index = index

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        n = len(pool)
        out = np.zeros(n, dtype=np.float64)
        hashes = req.block_hashes
        if hashes is None or len(hashes) == 0:
            return out
        found = self._index.match(hashes)
        gpu, _ = found.for_slots(self._index.slots_for([ep.key for ep in pool.endpoints]))
        blocks = gpu.astype(np.float64)
        present = blocks > 0
        if not present.any():
            return out
        low, high = blocks[present].min(), blocks[present].max()
        if high == low:
            out[present] = 1.0
        else:
            out[present] = (blocks[present] - low) / (high - low)
        return out
