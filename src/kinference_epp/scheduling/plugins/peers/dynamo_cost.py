"""Dynamo's KV router cost (``DefaultWorkerSelector``), as a scorer + its active-sequence state.

Copied from ai-dynamo/dynamo ``lib/kv-router`` (``scheduling/selector``, ``KvRouterConfig``
defaults of 2026: ``overlap_score_credit`` 1, ``prefill_load_scale`` 1,
``router_temperature`` 0, KV events on, prompt-side prefill tokens tracked, output blocks
not tracked)::

    prefill[w] = (prefill_tokens[w] + prompt) / block_size - overlap[w]      (at least 0)
    decode[w]  = distinct blocks of the requests active on w, this one's included
    cost[w]    = prefill_load_scale * prefill[w] + decode[w]
    pick       = the lowest cost (temperature 0; ties at random)

``overlap[w]`` is the prompt's leading blocks w holds by its KV events;
``prefill_tokens[w]`` the uncached prompt tokens of requests routed to w whose first token
has not come back yet. The router learns a request's first token and its end from the
response stream (here :meth:`ActiveSequences.first_token` and :meth:`ActiveSequences.finish`).
As a scorer it returns ``1 - cost / max(cost)``, which orders the workers as the cost does,
so the max-score picker picks Dynamo's pick. Dynamo's own router-side queue (requests held
back while every worker's prefill load is above a threshold) is not copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import BoolVec, FloatVec
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult


@dataclass(slots=True)
class _Worker:
    prefill_tokens: int = 0
    blocks: dict[int, int] = field(default_factory=dict)
    """Block hash -> active requests holding it."""


@dataclass(slots=True)
class _Request:
    worker: EndpointKey
    hashes: list[int]
    prefill_tokens: int


class ActiveSequences:
    """What Dynamo's router tracks per worker: pending prefill tokens and active blocks."""

    def __init__(self) -> None:
        self.workers: dict[EndpointKey, _Worker] = {}
        self._requests: dict[str, _Request] = {}

    def worker(self, key: EndpointKey) -> _Worker:
        w = self.workers.get(key)
        if w is None:
            w = self.workers[key] = _Worker()
        return w

    def add(self, request_id: str, key: EndpointKey, hashes: list[int], prefill: int) -> None:
        w = self.worker(key)
        w.prefill_tokens += prefill
        for h in hashes:
            w.blocks[h] = w.blocks.get(h, 0) + 1
        self._requests[request_id] = _Request(key, hashes, prefill)

    def first_token(self, request_id: str) -> None:
        r = self._requests.get(request_id)
        if r is not None and r.prefill_tokens:
            self.worker(r.worker).prefill_tokens -= r.prefill_tokens
            r.prefill_tokens = 0

    def finish(self, request_id: str) -> None:
        self.first_token(request_id)
        r = self._requests.pop(request_id, None)
        if r is None:
            return
        blocks = self.worker(r.worker).blocks
        for h in r.hashes:
            left = blocks[h] - 1
            if left:
                blocks[h] = left
            else:
                del blocks[h]


class DynamoCostScorer:
    """Scorer and ``PickObserver``: see the module docstring."""

    def __init__(
        self, index: PrefixIndex, *, prefill_load_scale: float = 1.0, overlap_credit: float = 1.0
    ) -> None:
        self._index = index
        self._scale = prefill_load_scale
        self._credit = overlap_credit
        self.active = ActiveSequences()
        self._last: tuple[SchedulingRequest, PoolView, FloatVec] | None = None

    def _overlap(self, req: SchedulingRequest, pool: PoolView) -> FloatVec:
        assert req.block_hashes is not None
        found = self._index.match(req.block_hashes)
        gpu, _ = found.for_slots(self._index.slots_for([ep.key for ep in pool.endpoints]))
        return gpu.astype(np.float64)

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        n = len(pool)
        hashes = req.block_hashes
        if hashes is None or len(hashes) == 0:
            return np.ones(n, dtype=np.float64)
        overlap = self._overlap(req, pool)
        self._last = (req, pool, overlap)
        bs = self._index.block_size
        hash_list: list[int] = hashes.tolist()
        cost = np.zeros(n, dtype=np.float64)
        for slot, ep in enumerate(pool.endpoints):
            if not mask[slot]:
                continue
            w = self.active.worker(ep.key)
            raw = (w.prefill_tokens + req.prompt_tokens) / bs
            prefill = max(0.0, raw - self._credit * overlap[slot])
            held = w.blocks
            decode = len(held) + sum(1 for h in hash_list if h not in held)
            cost[slot] = self._scale * prefill + decode
        top = cost[mask].max()
        return np.ones(n) if top <= 0 else 1.0 - cost / top

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        hashes = req.block_hashes
        if hashes is None or len(hashes) == 0:
            return
        last = self._last
        key = result.primary
        cached = 0
        if last is not None and last[0] is req:
            pool, overlap = last[1], last[2]
            slot = next(i for i, ep in enumerate(pool.endpoints) if ep.key == key)
            cached = int(overlap[slot]) * self._index.block_size
        prefill = max(0, req.prompt_tokens - cached)
        self.active.add(req.request_id, key, hashes.tolist(), prefill)
