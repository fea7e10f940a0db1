"""Prefix-cache state for scoring: precise from KV events, approximate and predicted from picks.

Three sources, combined per endpoint (pool-view slot ``s``) for one request:

- **precise** — the prefix index fed by vLLM's KV events (``kvcache.PrefixIndex``), for
  endpoints whose event stream is healthy (``is_precise(key)``);
- **approximate** — blocks the picker itself routed to the endpoint within
  ``approx_ttl_s`` (:class:`RoutedPrefixIndex`), for endpoints without healthy events;
- **predicted** — blocks routed there within the short ``predicted_ttl_s``, for every
  endpoint: work the events have not reported yet, so a burst of siblings sharing a
  new prefix lands together instead of scattering before the first ``BlockStored``.

::

    gpu[s] = max(index.gpu[s], predicted[s])                   s precise
           = max(approx[s], predicted[s])                      otherwise
    cpu[s] = max(0, index.gpu[s] + index.cpu[s] - gpu[s])      s precise, else 0

The answer is memoised for the last (request, pool view) pair: the prefix scorer, the
load-cost scorer and the in-flight tracker ask for the same request in one pick.
:meth:`on_pick` (a ``PickObserver``) records the request's blocks for the chosen endpoint.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.routed_prefix_index import RoutedPrefixIndex
from kinference_epp.scheduling.score_kernel import credit
from kinference_epp.scheduling.types import PrefixCredit, SchedulingRequest, SchedulingResult

_NONE = np.zeros(0, dtype=np.float64)
"""An absent (all-zero) predicted or approximate vector, as the ``credit`` kernel takes it."""

HealthCheck = Callable[[EndpointKey], bool]
"""``is_precise(key)``: whether the endpoint's KV-event stream is healthy right now."""


class PrefixStateConfig(BaseModel):
    """Tuning of the approximate and predicted state (defaults: see scheduling/README.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    approx_ttl_s: float = Field(default=600.0, gt=0)
    """How long a routed block is assumed cached on an endpoint without events."""
    approx_capacity_blocks: int = Field(default=31_250, gt=0)
    """Keys (one per stride of ``routed_stride_blocks``) remembered per endpoint: GIE's
    default LRU capacity per server, in its 64-token blocks."""
    predicted_ttl_s: float = Field(default=5.0, gt=0)
    """How long a routed block is credited before its ``BlockStored`` must confirm it."""
    predicted_capacity_blocks: int = Field(default=65_536, gt=0)
    """Keys remembered per endpoint for the predicted state (as ``approx_capacity_blocks``)."""
    routed_stride_blocks: int = Field(default=4, gt=0)
    """The approximate and predicted state remember every n-th block of a routed request
    (and its last): matches are found in whole strides (4 x 16 tokens = GIE's 64-token
    approximate blocks), and a pick costs a quarter of the bookkeeping."""
    health_refresh_s: float = Field(default=0.5, ge=0)
    """How often ``is_precise`` is asked again for every endpoint."""
    block_size: int = Field(default=16, gt=0)
    """Tokens per block when there is no precise index to take it from."""


class PrefixState:
    """Implements ``PrefixSource`` and ``PickObserver``; see the module docstring."""

    def __init__(
        self,
        index: PrefixIndex | None = None,
        *,
        is_precise: HealthCheck | None = None,
        config: PrefixStateConfig | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``index`` None: every endpoint is approximate. ``is_precise`` None: all precise."""
        self.config = config or PrefixStateConfig()
        self.index = index
        self.block_size = index.block_size if index is not None else self.config.block_size
        self._is_precise = is_precise
        self._clock = clock
        c = self.config
        stride = c.routed_stride_blocks
        self.approx = RoutedPrefixIndex(c.approx_ttl_s, c.approx_capacity_blocks, stride)
        self.predicted = RoutedPrefixIndex(c.predicted_ttl_s, c.predicted_capacity_blocks, stride)
        self._memo: tuple[SchedulingRequest, PoolView, bool, PrefixCredit] | None = None
        self._index_map: tuple[PoolView, int, npt.NDArray[np.intp]] | None = None
        self._routed_maps: dict[int, tuple[PoolView, int, npt.NDArray[np.intp]]] = {}
        self._health: tuple[PoolView, float, npt.NDArray[np.bool_], bool] | None = None
        self._approx_read = False
        """Someone read the approximate state for a precise endpoint (an ``approximate``
        scorer, or no index): then every pick is recorded in it, not only picks of
        endpoints without healthy events."""

    # ---- PrefixSource ----------------------------------------------------------------

    def match(
        self, req: SchedulingRequest, pool: PoolView, *, approximate_only: bool = False
    ) -> PrefixCredit:
        memo = self._memo
        if memo is not None and memo[0] is req and memo[1] is pool and memo[2] == approximate_only:
            return memo[3]
        credit = self._match(req, pool, approximate_only)
        self._memo = (req, pool, approximate_only, credit)
        return credit

    def matched(self, req: SchedulingRequest, pool: PoolView) -> PrefixCredit | None:
        """The match already computed for this request and view, if a scorer asked for one
        (observers that only report on it must not pay for a walk the router never uses)."""
        memo = self._memo
        if memo is not None and memo[0] is req and memo[1] is pool:
            return memo[3]
        return None

    def _match(
        self, req: SchedulingRequest, pool: PoolView, approximate_only: bool
    ) -> PrefixCredit:
        # Counted in calls (each numpy call has a fixed overhead that dwarfs small arrays): a
        # request normally takes one index walk, one predicted-state walk, and one kernel
        # that combines them.
        n = len(pool)
        hashes = req.block_hashes
        if hashes is None or len(hashes) == 0:
            zeros = np.zeros(n, dtype=np.float64)
            return PrefixCredit(zeros, zeros, np.zeros(n, np.bool_), 0, self.block_size)
        blocks = len(hashes)
        now = self._clock()
        self.predicted.expire(now)
        predicted = self._routed(self.predicted, hashes, pool)
        if approximate_only or self.index is None:
            self._approx_read = True
            self.approx.expire(now)
            gpu = _maximum(self._routed(self.approx, hashes, pool), predicted)
            return PrefixCredit(
                np.zeros(n, np.float64) if gpu is None else gpu,
                np.zeros(n, np.float64),
                np.zeros(n, np.bool_),
                blocks,
                self.block_size,
            )
        precise, all_precise = self._precise_mask(pool, now)
        found = self.index.match(hashes)
        approx = None
        if not all_precise:  # only then is the approximate state read
            self.approx.expire(now)
            approx = _maximum(self._routed(self.approx, hashes, pool), predicted)
        out = np.empty((2, n), dtype=np.float64)
        credit(
            np.asarray(found.gpu, dtype=np.int32),
            np.asarray(found.cpu, dtype=np.int32),
            self._index_slots(pool, len(found.gpu)),
            _NONE if predicted is None else predicted,
            _NONE if approx is None else approx,
            precise,
            all_precise,
            out,
        )
        index = self.index
        cached = np.fromiter(
            (index.num_blocks(ep.key) for ep in pool.endpoints), dtype=np.float64, count=n
        )
        return PrefixCredit(out[0], out[1], precise, blocks, self.block_size, cached)

    def _routed(
        self, routed: RoutedPrefixIndex, hashes: npt.NDArray[np.uint64], pool: PoolView
    ) -> npt.NDArray[np.float64] | None:
        """Per view slot, leading blocks ``routed`` credits; None when it credits none."""
        depth = routed.leading(hashes)
        if depth is None:
            return None
        cached = self._routed_maps.get(id(routed))
        if cached is None or cached[0] is not pool or cached[1] != routed.version:
            slots = routed.slots_for([ep.key for ep in pool.endpoints])
            cached = self._routed_maps[id(routed)] = (pool, routed.version, slots)
        padded = np.concatenate((depth, np.zeros(1, np.int32)))
        result: npt.NDArray[np.float64] = padded[cached[2]].astype(np.float64)
        return result

    def _index_slots(self, pool: PoolView, n_index: int) -> npt.NDArray[np.intp]:
        """Index slot of each view slot, -1 for endpoints the index lacks (cached per view)."""
        cached = self._index_map
        if cached is None or cached[0] is not pool or cached[1] != n_index:
            # A new index slot can only matter for this view if an endpoint was unknown;
            # a reused freed slot is picked up with the next view (the next scrape).
            assert self.index is not None
            slots = self.index.slots_for([ep.key for ep in pool.endpoints])
            cached = self._index_map = (pool, n_index, np.asarray(slots, dtype=np.intp))
        return cached[2]

    def _precise_mask(self, pool: PoolView, now: float) -> tuple[npt.NDArray[np.bool_], bool]:
        """Which view slots have a healthy event stream, and whether all do."""
        cached = self._health
        if (
            cached is not None
            and cached[0] is pool
            and (self._is_precise is None or now - cached[1] < self.config.health_refresh_s)
        ):
            return cached[2], cached[3]
        n = len(pool)
        if self._is_precise is None:
            mask = np.ones(n, dtype=np.bool_)
        else:
            check = self._is_precise
            mask = np.fromiter((check(ep.key) for ep in pool.endpoints), dtype=np.bool_, count=n)
        all_precise = bool(mask.all())
        self._health = (pool, now, mask, all_precise)
        return mask, all_precise

    # ---- PickObserver ------------------------------------------------------------------

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        """Remember the request's blocks on the chosen endpoint (approximate + predicted)."""
        hashes = req.block_hashes
        if hashes is None or len(hashes) == 0:
            return
        now = self._clock()
        primary = result.primary
        self.predicted.record(primary, hashes, now)
        if self._approx_read or self.index is None or not self._endpoint_precise(primary):
            self.approx.expire(now)
            self.approx.record(primary, hashes, now)

    def _endpoint_precise(self, endpoint: EndpointKey) -> bool:
        return self._is_precise is None or self._is_precise(endpoint)

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        """The endpoint left the pool: forget what was routed to it."""
        self.approx.remove_endpoint(endpoint)
        self.predicted.remove_endpoint(endpoint)

    def mark_stale(self) -> None:
        """Ask ``is_precise`` again on the next match (e.g. a subscriber changed state)."""
        self._health = None


def _maximum(
    a: npt.NDArray[np.float64] | None, b: npt.NDArray[np.float64] | None
) -> npt.NDArray[np.float64] | None:
    """Element-wise max where None stands for all zeros."""
    if a is None:
        return b
    if b is None:
        return a
    return np.maximum(a, b)
