"""Shedding at saturation: answer 429 at once rather than serve a request past its SLO.

Past the pool's capacity, spreading every request over the endpoints pushes each of them
past the latency limit, and then nearly no request meets the SLO; refusing the few the pool
cannot take keeps the rest within it (and the client, told when to retry, can wait or go
elsewhere). The verdict is about the endpoint the router picked, the one that costs least:
every endpoint keeps its own batch under the bounds, and a request is never moved to an
endpoint where it would miss the cache just to be served. Two predictions, each with a margin
under the SLO it guards (``ShedConfig``):

- **ITL**: the speed model's decode line at the endpoint's scraped KV in use (what the
  load-cost scorer reads) above ``itl_s``: joining a batch already that slow, the request's
  own tokens come slower still. An endpoint predicted past it even with an empty cache (a
  model slower than the bound everywhere) is not checked: refusing would not bring it under.
- **TTFT**: while vLLM reports requests waiting there, the picker's requests there that are
  not in the running batch, over the rate requests finish there (both from the in-flight
  tracker), is the wait for a batch slot; above ``ttft_s`` the request would wait past its
  first-token bound before its prefill starts.

Neither check can fire without what it reads: no speed model or no KV size scraped (the line
is flat), no waiting requests, no finish rate known yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from kinference_epp.config.model import ShedConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import Admission, LoadSource, SpeedSource
from kinference_epp.scheduling.types import SchedulingRequest


class DecodeBound(Protocol):
    """An ITL bound from the pods' measured ITL (``fairness.headroom``): an admission check
    that also says which endpoints it measures (the guard's prediction is left to the rest)."""

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None: ...
    def measures(self, key: EndpointKey) -> bool: ...


class SaturationGuard:
    def __init__(
        self,
        config: ShedConfig,
        speed: SpeedSource | None,
        load: LoadSource,
        measured: Callable[[EndpointKey], bool] | None = None,
    ) -> None:
        """``measured(endpoint)``: whether another check bounds that endpoint's ITL as
        measured (then the speed model's prediction is not checked there)."""
        self._itl_s = config.itl_s if speed is not None else 0.0
        self._ttft_s = config.ttft_s
        self._speed = speed
        self._load = load
        self._measured = measured
        self._headers = (("retry-after", str(config.retry_after_s)),)

    @classmethod
    def build(
        cls,
        config: ShedConfig,
        speed: SpeedSource | None,
        load: LoadSource | None,
        measured: Callable[[EndpointKey], bool] | None = None,
    ) -> SaturationGuard | None:
        """The guard, or None where no check could ever fire."""
        if load is None or (config.ttft_s <= 0.0 and (speed is None or config.itl_s <= 0.0)):
            return None
        return cls(config, speed, load, measured)

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        """Raise ``PoolSaturatedError`` when view slot ``slot`` would serve ``req`` past a
        bound."""
        measured = self._measured
        if self._itl_s > 0.0 and (measured is None or not measured(pool.endpoints[slot].key)):
            assert self._speed is not None
            base, per_usage = self._speed.itl(pool, req.model)
            if len(base) and base[slot] <= self._itl_s:
                itl = float(base[slot] + per_usage[slot] * pool.kv_usage[slot])
                if itl > self._itl_s:
                    raise PoolSaturatedError(
                        f"the pool is saturated: predicted inter-token latency {itl * 1e3:.0f} "
                        f"ms on the best endpoint",
                        headers=self._headers,
                    )
        if self._ttft_s > 0.0 and pool.waiting[slot] > 0:
            key = pool.endpoints[slot].key
            rate = self._load.finish_rate(key)
            queued = self._load.count(key) - float(pool.running[slot])
            if rate > 0.0 and queued > 0 and queued / rate > self._ttft_s:
                raise PoolSaturatedError(
                    f"the pool is saturated: predicted wait for a batch slot {queued / rate:.1f} "
                    "s on the best endpoint",
                    headers=self._headers,
                )


class CheckedFirst:
    """``first``'s verdict on a pick, then ``then``'s: an admission check placed before the
    shed guard (flow control's measured decode bound, ``fairness.headroom``), so that what
    ``then`` counts of the picks it admits is only what both admit."""

    def __init__(self, first: Admission, then: Admission | None) -> None:
        self.first = first
        self._then = then

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        self.first.check(req, pool, slot)
        if self._then is not None:
            self._then.check(req, pool, slot)
