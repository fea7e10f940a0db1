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
from kinference_epp.scheduling.approx_index import RoutedPrefixIndex
from kinference_epp.scheduling.types import PrefixCredit, SchedulingRequest, SchedulingResult

HealthCheck = Callable[[EndpointKey], bool]
"""``is_precise(key)``: whether the endpoint's KV-event stream is healthy right now."""


class PrefixStateConfig(BaseModel):
    """Tuning of the approximate and predicted state (defaults: see scheduling/README.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    approx_ttl_s: float = Field(default=600.0, gt=0)
    """How long a routed block is assumed cached on an endpoint without events."""
    approx_capacity_blocks: int = Field(default=31_250, gt=0)
    """Blocks remembered per endpoint (GIE's default LRU capacity per server)."""
    predicted_ttl_s: float = Field(default=5.0, gt=0)
    """How long a routed block is credited before its ``BlockStored`` must confirm it."""
    predicted_capacity_blocks: int = Field(default=65_536, gt=0)
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
        self.approx = RoutedPrefixIndex(c.approx_ttl_s, c.approx_capacity_blocks)
        self.predicted = RoutedPrefixIndex(c.predicted_ttl_s, c.predicted_capacity_blocks)
        self._memo: tuple[SchedulingRequest, PoolView, bool, PrefixCredit] | None = None
        self._index_map: tuple[PoolView, int, npt.NDArray[np.intp]] | None = None
        self._routed_maps: dict[int, tuple[PoolView, int, npt.NDArray[np.intp]]] = {}
        self._health: tuple[PoolView, float, npt.NDArray[np.bool_]] | None = None

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

    def _match(
        self, req: SchedulingRequest, pool: PoolView, approximate_only: bool
    ) -> PrefixCredit:
        n = len(pool)
        hashes = req.block_hashes
        zeros = np.zeros(n, dtype=np.float64)
        if hashes is None or len(hashes) == 0:
            return PrefixCredit(zeros, zeros.copy(), np.zeros(n, np.bool_), 0, self.block_size)
        blocks = hashes.tolist()
        now = self._clock()
        self.predicted.expire(now)
        self.approx.expire(now)
        predicted = self._routed(self.predicted, blocks, pool)
        if approximate_only or self.index is None:
            approx = np.maximum(self._routed(self.approx, blocks, pool), predicted)
            return PrefixCredit(approx, zeros, np.zeros(n, np.bool_), len(blocks), self.block_size)
        precise = self._precise_mask(pool, now)
        found = self.index.match(hashes)
        gpu_i, cpu_i = found.for_slots(self._index_slots(pool, len(found.gpu)))
        gpu_precise = np.maximum(gpu_i, predicted)
        if precise.all():  # the approximate state is not read: skip its walk
            gpu = gpu_precise
        else:
            approx = np.maximum(self._routed(self.approx, blocks, pool), predicted)
            gpu = np.where(precise, gpu_precise, approx)
        cpu = np.where(precise, np.maximum(gpu_i + cpu_i - gpu_precise, 0.0), 0.0)
        return PrefixCredit(
            gpu.astype(np.float64), cpu.astype(np.float64), precise, len(blocks), self.block_size
        )

    def _routed(
        self, routed: RoutedPrefixIndex, blocks: list[int], pool: PoolView
    ) -> npt.NDArray[np.float64]:
        depth = np.concatenate((routed.match(blocks), np.zeros(1, np.int32)))
        cached = self._routed_maps.get(id(routed))
        if cached is None or cached[0] is not pool or cached[1] != routed.version:
            slots = routed.slots_for([ep.key for ep in pool.endpoints])
            cached = self._routed_maps[id(routed)] = (pool, routed.version, slots)
        result: npt.NDArray[np.float64] = depth[cached[2]].astype(np.float64)
        return result

    def _index_slots(self, pool: PoolView, index_slots: int) -> npt.NDArray[np.intp]:
        """View slot → index slot (-1 unknown), cached per view while the index has no new slot."""
        cached = self._index_map
        if (
            cached is not None
            and cached[0] is pool
            and cached[1] == index_slots
            and not (cached[2] < 0).any()
        ):
            return cached[2]
        assert self.index is not None
        slots = self.index.slots_for([ep.key for ep in pool.endpoints])
        self._index_map = (pool, index_slots, slots)
        return slots

    def _precise_mask(self, pool: PoolView, now: float) -> npt.NDArray[np.bool_]:
        n = len(pool)
        if self._is_precise is None:
            return np.ones(n, dtype=np.bool_)
        cached = self._health
        if (
            cached is not None
            and cached[0] is pool
            and now - cached[1] < self.config.health_refresh_s
        ):
            return cached[2]
        check = self._is_precise
        mask = np.fromiter((check(ep.key) for ep in pool.endpoints), dtype=np.bool_, count=n)
        self._health = (pool, now, mask)
        return mask

    # ---- PickObserver ------------------------------------------------------------------

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        """Remember the request's blocks on the chosen endpoint (approximate + predicted)."""
        hashes = req.block_hashes
        if hashes is None or len(hashes) == 0:
            return
        blocks = hashes.tolist()
        now = self._clock()
        self.approx.record(result.primary, blocks, now)
        self.predicted.record(result.primary, blocks, now)

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        """The endpoint left the pool: forget what was routed to it."""
        self.approx.remove_endpoint(endpoint)
        self.predicted.remove_endpoint(endpoint)

    def mark_stale(self) -> None:
        """Ask ``is_precise`` again on the next match (e.g. a subscriber changed state)."""
        self._health = None
