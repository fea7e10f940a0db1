"""Scorer ``prefix-affinity``: keep a prefix on the pod that caches it, within a bounded load.

Bounded-load consistent hashing (Mirrokni, Thorup, Zadimoghaddam) over the precise prefix
index. Per request, for every candidate pod ``w``::

    load[w]     = max(requests the picker has in flight on w, scraped running + waiting)
    cap         = (1 + epsilon) * (sum(load) + 1) / candidates + slack
    open[w]     = load[w] + 1 <= cap  and  waiting[w] < hot_waiting
                  and the pod's free KV blocks hold the request's new blocks
    cached[w]   = leading blocks of the prompt w holds (KV events, or just routed there)
    home        = the open pod with the most cached blocks
    ties        = rendezvous hashing on the first block no open pod holds

and the scores order pods by ``(open, cached, rendezvous)``. So a prefix stays on its home
pod while that pod carries no more than its bounded share of the load; past that it spills
to one second home, the same for every request of the prefix and every picker replica (the
first block nobody holds is the same for all siblings), and the prefix then lives on two
pods. A prompt that no pod holds goes to the pod the rendezvous hash of its first block
names: siblings of a new prefix land together even before its first ``BlockStored``, and a
conversation whose history nobody holds is placed by its own first uncached block.

The free-KV test uses the scraped ``kv_usage`` and ``num_gpu_blocks`` (vLLM's
``cache_config_info``): a pod whose referenced blocks would overflow with the request's
uncached prompt and output queues it (or preempts), so it is not open.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import numpy as np
from pydantic import Field

from kinference_epp.pool.datastore import PoolView
from kinference_epp.scheduling.framework import (
    BoolVec,
    BuildContext,
    FloatVec,
    LoadSource,
    PrefixSource,
)
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest

_MASK64 = (1 << 64) - 1


class PrefixAffinityParams(Params):
    epsilon: float = Field(default=0.25, ge=0.0)
    """How far above the mean load a home pod may carry before its prefixes spill."""
    slack: float = Field(default=4.0, ge=0.0)
    """Requests of headroom added to the cap, so a lightly loaded pool never spills."""
    hot_waiting: float = Field(default=16.0, gt=0.0)
    """A pod with this many scraped waiting requests is closed: it is queueing."""
    kv_margin: float = Field(default=0.02, ge=0.0, le=1.0)
    """Fraction of a pod's KV blocks kept free in the admission test."""


def _mix(x: int) -> int:
    """splitmix64's finaliser: a well-spread 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class PrefixAffinityScorer:
    def __init__(
        self, params: PrefixAffinityParams, prefix: PrefixSource | None, load: LoadSource | None
    ) -> None:
        self._p = params
        self._prefix = prefix
        self._load = load
        self._endpoint_hash: dict[str, int] = {}

    def _rendezvous(self, key: int, pool: PoolView) -> FloatVec:
        out = np.empty(len(pool), dtype=np.float64)
        key = _mix(key)
        for slot, ep in enumerate(pool.endpoints):
            h = self._endpoint_hash.get(ep.key)
            if h is None:
                digest = hashlib.blake2b(ep.key.encode(), digest_size=8).digest()
                h = self._endpoint_hash[ep.key] = int.from_bytes(digest, "little")
            out[slot] = _mix(key ^ h) / 2.0**64
        return out

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        n = len(pool)
        p = self._p
        load = pool.running + pool.waiting
        if self._load is not None:
            load = np.maximum(load, self._load.load(pool).requests)
        candidates = int(np.count_nonzero(mask))
        cap = (1.0 + p.epsilon) * (float(load[mask].sum()) + 1.0) / candidates + p.slack
        open_ = (load + 1.0 <= cap) & (pool.waiting < p.hot_waiting) & mask
        cached = np.zeros(n, dtype=np.float64)
        hashes = req.block_hashes
        block_size = 16
        if self._prefix is not None and hashes is not None and len(hashes):
            found = self._prefix.match(req, pool)
            cached = found.gpu
            block_size = found.block_size
        need = (req.prompt_tokens + (req.max_tokens or 0)) / block_size
        for slot in np.flatnonzero(open_).tolist():
            snap = pool.snapshot(slot)
            if snap is None or not snap.num_gpu_blocks:
                continue
            free = (1.0 - p.kv_margin - pool.kv_usage[slot]) * snap.num_gpu_blocks
            if free < need - cached[slot]:
                open_[slot] = False
        if not open_.any():  # everyone is full: the least loaded still serves
            open_ = mask & (load == load[mask].min())
        depth = int(cached[open_].max()) if open_.any() else 0
        key = 0
        if hashes is not None and len(hashes):
            key = int(hashes[min(depth, len(hashes) - 1)])
        rendezvous = self._rendezvous(key, pool)
        top = max(float(cached[mask].max()), 1.0)
        scores: FloatVec = (2.0 * open_ + cached / top + 1e-6 * rendezvous) / (3.0 + 1e-6)
        return scores


def create(params: Mapping[str, Any], ctx: BuildContext) -> PrefixAffinityScorer:
    return PrefixAffinityScorer(PrefixAffinityParams.model_validate(params), ctx.prefix, ctx.load)
