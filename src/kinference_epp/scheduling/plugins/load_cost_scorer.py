"""Scorer ``load-cost``: the endpoint that will do the least work for this request, in tokens.

In the spirit of Dynamo's KV router (new prefill work plus decode load), with the
picker's own in-flight counts and the scraped gauges::

    credit   = min(prompt, (gpu + cpu_weight * cpu) * block_size)      cached prompt tokens
    credit  *= hot_credit      if waiting >= hot_waiting or kv_usage >= hot_kv_usage
    new      = prompt - credit                                         tokens to prefill
    cost     = prefill_weight * (new * (1 + stall_weight * requests * near)
                                 + backlog_weight * backlog)
             + decode_weight  * kv_tokens
             + batch_weight   * output * context / 1000
             + dup_weight     * new * u / (1 - u)
             + waiting_weight * waiting + running_weight * running
    score    = 1 - cost / max(cost)        over the candidates (1 for all when max is 0)

(``near``: 1, or with a speed model the square of the pod's predicted ITL over
``itl_limit_s``, at most 1; below.)

With a speed source (``scheduling/speed_model.py``), the prefill part (``prefill_weight * ...``) is
multiplied by the endpoint's prefill time against the model's median endpoint and the
decode part by its decode time against the median: the cost is in tokens of the median
endpoint, so a pod 2.5 times slower pays 2.5 times for the same work, and a homogeneous pool
scores as without one. An endpoint whose predicted mean inter-token latency at its KV in use (the speed
model's decode line) passes ``itl_limit_s`` is hot too (its credit is discounted), and pays
``itl_weight`` tokens per 100 % over the limit::

    over  = (itl_base + itl_per_usage * kv_usage) / itl_limit_s - 1
    cost += itl_weight * over                                  when over > 0

The ITL rule applies only while some candidate is predicted under the limit: when every one
is over it, the pool is overloaded everywhere and the cached prefix is what saves work.

With ``kv_weight`` set, an endpoint pays for the KV the request would need past its free
cache (admission from vLLM's ``num_gpu_blocks``, scraped from ``cache_config_info``)::

    spill = kv_usage * capacity + new + output - (1 - kv_margin) * capacity + kv_tokens
    cost += kv_weight * spill * prefill_factor                 when spill > 0

``capacity`` is ``num_gpu_blocks * block_size`` tokens, ``output`` the request's expected
output (``inflight.expected_output``: the model's mean output as the engines count it, at most
the request's ``max_tokens``; before that is known its ``max_tokens``, else
``default_output_tokens``) and ``kv_tokens`` what the picker has in flight
there: a request that does not fit waits for blocks or preempts a running one, whose
recompute the pod pays at its prefill speed. An endpoint whose size is not yet scraped
pays nothing.

With ``own_weight`` set (and a speed model), each endpoint also pays for the request's own
decode time there, ``own_weight * output * decode_factor`` (``output`` expected, not the cap:
a client that sends ``max_tokens`` 1000 for 200-token answers would otherwise have each
request's decode priced five times too long beside its prefill and the load it joins, and
send to the fast pods what the slow ones serve within the SLO): on a pool that mixes fast and slow
pods a request goes to a fast one unless the slow one saves it more prefill than its slower
decode costs it (the duplication term says what a miss on a full fast pod costs the others).
Both terms move requests off slow or full pods. ``private_tail`` > 0 applies them only to
requests whose matched blocks are at least that share private: after the last block that
several requests branched from (``scheduling/prefix_branches.py``); 0 (the default) to every
request.

Three terms price what a pick does to the pod it joins (stall and batch read the picker's
tracker):

- **stall**: a prefill step delays every sequence the endpoint decodes, so the uncached tokens
  count ``1 + stall_weight * requests`` times (``requests`` in flight there). A hit on a busy
  pod is worth more than the same hit on an idle one, so a prefix stays where it is warm while
  the batch is long.
- **batch**: the request decodes ``output`` tokens over the endpoint's batch, whose context
  (``context``: the whole prompt plus half the expected output of each request in flight,
  cached prefixes included, which is what attention reads) slows every step;
  ``cost += batch_weight * output * context / 1000`` (times the decode factor), at any load:
  on the engine's step time about a prefilled token per output token per 1000 tokens of
  context, so at weight 1 it prices the request's own slower decode in the prefill time it
  would spend elsewhere. A warm pod whose batch costs the request more decode time than a
  move's prefill loses to a lighter one, light load or not (a conversation left on a crowded
  pod pays it on every later turn, and the pods a run's longest conversations sit on set its
  makespan), and a prefix cached on several pods goes to the lightest of them.
- **duplication**: a miss writes its uncached tokens into the endpoint's cache; where the cache
  is full that evicts prefixes other requests will miss on later:
  ``cost += dup_weight * new * u / (1 - u)`` (``u`` at most 0.95; times the prefill factor),
  ``u`` the KV usage, or the share of the cache the KV events say holds prefixes
  (``f = cached * block_size / capacity``) where that prices more, at
  ``dup_weight * new * f / (1 - f) * (1 - near)``. vLLM's KV usage counts only blocks running
  requests hold: a cache full of prefixes no request runs on reads as empty, and a pod sent
  more prefixes than it holds would evict them before they are asked again. Where caches have
  room (a small resident set) spreading is free; where they are full the prefix stays on its
  pod, and a prefix no cache holds goes where there is room for it. The fill's price fades as
  the pod's decode nears the ITL limit (``near`` below; in full without an ITL prediction):
  there the batch, not the cache, is the bottleneck, and a pool whose caches are all full
  spreads on its KV usage and batches as one whose caches have room.

The stall term prices the delay a prefill puts on the others' decode; with a speed model (and
``itl_limit_s``) it is multiplied by ``near = min(1, (itl / itl_limit_s)^2)``, ``itl`` the
pod's predicted mean ITL: a batch far inside the limit loses little of the SLO to one prefill
step, so a prefix stays on its warm pod, and its question on the pod that holds it, until that
pod's decode nears the limit; there the term counts in full and spreads the load.

``backlog`` (uncached prompt tokens predicted still queued for prefill) and
``kv_tokens`` (uncached prompt + expected output of requests in flight) come from the
picker's own tracker (without one, ``unwired_request_tokens * (waiting + running)``
stands in for them) (:mod:`kinference_epp.scheduling.inflight`), updated at every
pick, so a burst sees itself; ``waiting``/``running``/``kv_usage`` are the scraped
vLLM gauges, which also count traffic other picker replicas sent. A long cache hit on
an endpoint with a long backlog therefore loses to an idle endpoint when prefilling
from scratch there is cheaper. The hot-spot guard discounts the prefix credit of a
saturated endpoint, so a popular prefix spreads to a second endpoint instead of
queueing behind one. Weights are tokens-per-token (or tokens per request for the
gauges); defaults are what ``benchmarks`` found best (scheduling/README.md).
"""

from __future__ import annotations

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
    SpeedSource,
)
from kinference_epp.scheduling.inflight import DEFAULT_OUTPUT_TOKENS, expected_output
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.prefix_branches import PrefixBranches
from kinference_epp.scheduling.score_kernel import (
    BACKLOG,
    BATCH,
    CPU,
    DECODE,
    DUP,
    HOT_CREDIT,
    HOT_KV,
    HOT_WAITING,
    ITL_LIMIT,
    ITL_WEIGHT,
    KV_MARGIN,
    KV_WEIGHT,
    N_PARAMS,
    OWN,
    PREFILL,
    RUNNING,
    STALL,
    UNWIRED,
    WAITING,
    load_cost,
)
from kinference_epp.scheduling.types import SchedulingRequest


class LoadCostScorerParams(Params):
    prefill_weight: float = Field(default=1.0, ge=0.0)
    backlog_weight: float = Field(default=0.5, ge=0.0)
    """Weight of the predicted prefill backlog (the wait) against this request's own work.
    Under 1: a cache miss also costs the KV its duplicate prefix takes on the other pod, so
    a sibling queued behind its group's first prefill waits for the hit instead of splitting
    the group over two pods."""
    decode_weight: float = Field(default=0.1, ge=0.0)
    waiting_weight: float = Field(default=0.0, ge=0.0)
    """Tokens of cost per request in the scraped waiting queue."""
    running_weight: float = Field(default=0.0, ge=0.0)
    """Tokens of cost per request in the scraped running batch."""
    cpu_weight: float = Field(default=0.8, ge=0.0, le=1.0)
    unwired_request_tokens: float = Field(default=1024.0, ge=0.0)
    """Without the picker's in-flight tracker (nothing wired), tokens of cost per scraped
    waiting or running request, so the scorer still balances load."""
    hot_waiting: float = Field(default=32.0, gt=0.0)
    hot_kv_usage: float = Field(default=1.0, gt=0.0)
    """1.0: KV usage alone never marks an endpoint hot (full KV is normal under load)."""
    hot_credit: float = Field(default=0.5, ge=0.0, le=1.0)
    """Fraction of the prefix credit kept by a saturated (hot) endpoint."""
    itl_limit_s: float = Field(default=0.05, ge=0.0)
    """Mean inter-token latency an endpoint should stay under (with a speed model; 0: no
    limit): a slow pod whose decode batch grows past it stops attracting its prefixes."""
    itl_weight: float = Field(default=8192.0, ge=0.0)
    """Tokens of cost per 100 % of predicted ITL over ``itl_limit_s``."""
    kv_weight: float = Field(default=0.0, ge=0.0)
    """Tokens of cost per token of KV the request would take past an endpoint's free cache
    (0: no KV admission term; ``benchmarks/results/kv_admission`` measures the trade)."""
    kv_margin: float = Field(default=0.0, ge=0.0, le=1.0)
    """Fraction of each endpoint's KV cache the admission term counts as taken."""
    own_weight: float = Field(default=100.0, ge=0.0)
    """Tokens of cost per output token of the request times the endpoint's decode factor
    (with a speed model): its own decode time there, beside the decode load it joins."""
    private_tail: float = Field(default=0.0, ge=0.0, le=1.0)
    """Apply ``own_weight`` and ``kv_weight`` only to requests whose matched prefix is at
    least this share private (``scheduling/prefix_branches.py``: blocks after the last one
    that several requests branched from), or that match nothing; 0: to every request."""
    batch_weight: float = Field(default=1.0, ge=0.0)
    """Tokens of cost per output token of the request per 1000 tokens of context the endpoint's
    batch decodes over (the picker's requests in flight there, cached prefixes included)."""
    stall_weight: float = Field(default=1.0, ge=0.0)
    """The uncached prompt tokens count ``1 + stall_weight * requests`` times, ``requests`` the
    picker's in flight at the endpoint: each prefill step delays every sequence it decodes."""
    dup_weight: float = Field(default=3.0, ge=0.0)
    """Tokens of cost per uncached prompt token times ``u / (1 - u)``, ``u`` the endpoint's KV
    usage or the share of its cache holding prefixes (at most 0.95; the latter's price fades
    as the endpoint's decode nears ``itl_limit_s``): the prefix a miss writes evicts cached
    blocks where the cache is full."""
    default_output_tokens: float = Field(default=DEFAULT_OUTPUT_TOKENS, ge=0.0)
    """KV a request that sets no ``max_tokens`` is expected to grow by (the admission term)."""


_NONE = np.zeros(0, dtype=np.float64)
"""An absent vector (no prefix or no load source), as the ``load_cost`` kernel takes it."""


class LoadCostScorer:
    def __init__(
        self,
        params: LoadCostScorerParams,
        prefix: PrefixSource | None,
        load: LoadSource | None,
        speed: SpeedSource | None = None,
    ) -> None:
        self._prefix = prefix
        self._load = load
        self._speed = speed
        weights = np.zeros(N_PARAMS, dtype=np.float64)
        weights[PREFILL] = params.prefill_weight
        weights[BACKLOG] = params.backlog_weight
        weights[DECODE] = params.decode_weight
        weights[WAITING] = params.waiting_weight
        weights[RUNNING] = params.running_weight
        weights[CPU] = params.cpu_weight
        weights[UNWIRED] = params.unwired_request_tokens
        weights[HOT_WAITING] = params.hot_waiting
        weights[HOT_KV] = params.hot_kv_usage
        weights[HOT_CREDIT] = params.hot_credit
        weights[ITL_LIMIT] = params.itl_limit_s
        weights[ITL_WEIGHT] = params.itl_weight
        weights[KV_WEIGHT] = params.kv_weight
        weights[KV_MARGIN] = params.kv_margin
        weights[OWN] = params.own_weight
        weights[BATCH] = params.batch_weight
        weights[DUP] = params.dup_weight
        weights[STALL] = params.stall_weight
        self._weights = weights
        self._default_output = params.default_output_tokens
        self._private_tail = params.private_tail
        # The gate only switches the own-decode and KV terms off: without either (the own term
        # needs a speed model) it would change no score, so it is not built.
        gated = params.kv_weight > 0.0 or (params.own_weight > 0.0 and speed is not None)
        self._branches = PrefixBranches() if params.private_tail > 0.0 and gated else None
        shared = weights.copy()
        shared[OWN] = shared[KV_WEIGHT] = 0.0
        self._shared_weights = shared
        """The weights for a request whose matched prefix is mostly shared."""

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        # Runs on every request: one compiled kernel over the vectors (score_kernel.load_cost).
        prompt = float(req.prompt_tokens)
        weights = self._weights
        gpu = cpu = cached = backlog = kv_tokens = context = requests = _NONE
        prefill_factor = decode_factor = itl_base = itl_per_usage = _NONE
        block_size = 0.0
        if self._prefix is not None:
            found = self._prefix.match(req, pool)
            if not prompt:
                prompt = float(found.request_blocks * found.block_size)
            gpu, cpu, block_size = found.gpu, found.cpu, float(found.block_size)
            if found.cached is not None:
                cached = found.cached
            hashes = req.block_hashes
            if self._branches is not None and hashes is not None:
                depth = min(int(gpu.max()) if len(gpu) else 0, len(hashes))
                tail = self._branches.private_tail(hashes, depth)
                if depth and tail < self._private_tail * depth:
                    weights = self._shared_weights
        if self._load is not None:
            inflight = self._load.load(pool)
            backlog, kv_tokens = inflight.prefill_backlog_tokens, inflight.kv_tokens
            context, requests = inflight.context_tokens, inflight.requests
        learned = None
        if self._speed is not None:
            learned = self._speed.output_tokens(req.model)
            prefill_factor, decode_factor = self._speed.factors(pool, req.model)
            if self._weights[ITL_LIMIT] > 0.0:
                itl_base, itl_per_usage = self._speed.itl(pool, req.model)
        scores = np.empty(len(pool), dtype=np.float64)
        load_cost(
            gpu,
            cpu,
            block_size,
            prompt,
            expected_output(req.max_tokens, learned, self._default_output),
            pool.waiting,
            pool.running,
            pool.kv_usage,
            pool.kv_capacity,
            cached,
            backlog,
            kv_tokens,
            context,
            requests,
            prefill_factor,
            decode_factor,
            itl_base,
            itl_per_usage,
            mask,
            weights,
            scores,
        )
        return scores


def create(params: Mapping[str, Any], ctx: BuildContext) -> LoadCostScorer:
    return LoadCostScorer(
        LoadCostScorerParams.model_validate(params), ctx.prefix, ctx.load, ctx.speed
    )
