"""The picker's own, always-fresh record of the work it sent to each endpoint.

Scraped metrics lag by a scrape interval plus the engine's own step; a burst of
requests routed within that window would all see the same "idle" endpoint. This tracker
is updated at every pick, so the next request already sees the previous one:

- ``requests`` and ``kv_tokens`` (uncached prompt tokens + expected output tokens) of
  requests routed and not yet finished — the KV memory they will occupy, the
  "decode blocks" of Dynamo's router cost;
- ``context``: the context those requests decode over, cached prefix included (each one's
  whole prompt plus half its expected output): what every decode step's attention reads there;
- a predicted **prefill backlog**: each endpoint is modelled as a FIFO prefill server
  of ``rate[e]`` tokens per second; a pick adds its uncached tokens, time drains them::

      done_at[e] = max(now, done_at[e]) + new_tokens / rate[e]
      backlog[e] = max(0, done_at[e] - now) * rate[e]

  It needs no completion signal, so it cannot drift. ``rate[e]`` is the endpoint's learned
  prefill rate (``scheduling/speed_model.py``), read at each pick (the queue's remaining time is
  rescaled when it changes: the tokens queued stay the same), else ``prefill_tokens_per_s``.
  Each entry keeps the tokens it found ahead of it, which the speed model learns from.
- a **finish rate** per endpoint: how fast its batch frees slots, which the shedding check
  (``scheduling/shed.py``) sets its queue against. Finishes and the time they were observed
  over decay alike (time constant ``FINISH_RATE_WINDOW_S``)::

      count[e]    = Σ e^(-(now - t_i)/τ)                  over the finishes t_i
      exposure[e] = ∫ e^(-(now - s)/τ) ds                  over the time since the first finish
                                                           while requests were in flight there
      rate[e]     = count[e] / exposure[e]

  Busy without a break since the first finish T seconds ago, exposure = τ·(1 - e^(-T/τ)): a
  decayed count read over the whole window τ would underestimate the rate just after start
  (and refuse requests a pool serves at once), and read over the time since the last idle
  moment it would forget what it learned. Time with nothing in flight there adds no exposure
  (nothing could finish), so the rate survives an idle spell; a pod that stops finishing
  while it holds requests sees its rate fall.

It is the picker's one record of requests in flight: a ``PickObserver`` fed by the scheduler
itself (it reads the same memoised prefix match the scorers used), so it works unchanged in
the benchmark harness, and it keeps each request's endpoint and models for the metrics of
its completion. Its one outside input is :meth:`finish` (the access log in the picker, the
engine in the harness); entries whose finish never arrives expire after ``ttl_s``.
"""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import PoolSource, PrefixSource, SpeedSource
from kinference_epp.scheduling.score_kernel import inflight
from kinference_epp.scheduling.types import InflightLoad, SchedulingRequest, SchedulingResult

DEFAULT_OUTPUT_TOKENS = 256
"""Output tokens expected of a request that sets no ``max_tokens`` (tracker and load-cost)."""


def expected_output(max_tokens: int | None, learned: float | None, default: float) -> float:
    """Tokens a request is expected to generate: its model's learned mean output
    (``SpeedSource.output_tokens``) at most its ``max_tokens`` (a cap, which clients set far
    above most answers), else its ``max_tokens``, else ``default``."""
    if learned is None:
        return float(max_tokens) if max_tokens is not None else default
    return learned if max_tokens is None or learned < max_tokens else float(max_tokens)


FINISH_RATE_WINDOW_S = 5.0
"""Time constant of each endpoint's decaying count of finished requests (and of the time it
was observed over)."""

FINISH_RATE_MIN = 4.0
"""Decayed finishes below which an endpoint's finish rate is unknown (0)."""


class InflightConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    prefill_tokens_per_s: float = Field(default=30_000.0, gt=0)
    """Prefill speed of one endpoint (uncached prompt tokens per second)."""
    default_output_tokens: int = Field(default=DEFAULT_OUTPUT_TOKENS, ge=0)
    """Expected output when the request sets no ``max_tokens``."""
    ttl_s: float = Field(default=600.0, gt=0)
    """An in-flight entry whose finish never arrives is dropped after this long."""


@dataclass(slots=True)
class InflightEntry:
    """One routed request not yet reported finished."""

    endpoint: EndpointKey
    model: str
    """The model serving the request (after any rewrite)."""
    requested: str
    """The model the client named."""
    slot: int
    kv_tokens: float
    started: float
    new_tokens: float = 0.0
    """Uncached prompt tokens predicted at the pick."""
    ahead_tokens: float = 0.0
    """Uncached prompt tokens predicted still queued for prefill there at the pick."""
    waiting: float = 0.0
    """The endpoint's scraped waiting queue at the pick (with a speed model)."""
    context_tokens: float = 0.0
    """Context it decodes over on average: its whole prompt plus half its expected output."""


class InflightTracker:
    """Implements ``LoadSource`` and ``PickObserver``; see the module docstring."""

    def __init__(
        self,
        pool: PoolSource,
        prefix: PrefixSource | None = None,
        *,
        config: InflightConfig | None = None,
        clock: Callable[[], float] = time.monotonic,
        speed: SpeedSource | None = None,
    ) -> None:
        self.config = config or InflightConfig()
        self._pool = pool
        self._prefix = prefix
        self._clock = clock
        self._speed = speed
        self._slots: dict[EndpointKey, int] = {}
        # One row more than slots: the last row stays zero, the "pad" that view slots of
        # endpoints never picked point at, so ``load`` is plain gathers.
        self._requests = np.zeros(9, dtype=np.float64)
        self._kv_tokens = np.zeros(9, dtype=np.float64)
        self._context = np.zeros(9, dtype=np.float64)
        self._done_at = np.zeros(9, dtype=np.float64)
        self._rates = np.full(9, self.config.prefill_tokens_per_s, dtype=np.float64)
        self._picked = np.zeros(9, dtype=np.float64)
        self._picked_work = np.zeros(9, dtype=np.float64)
        self._finished = np.zeros(9, dtype=np.float64)
        self._faded_at = np.zeros(9, dtype=np.float64)
        self._exposure = np.zeros(9, dtype=np.float64)
        self._observing = np.zeros(9, dtype=np.bool_)
        """Whether a finish has been seen at the slot (its exposure counts from then on)."""
        self._entries: OrderedDict[str, InflightEntry] = OrderedDict()
        self._map: tuple[PoolView, int, npt.NDArray[np.intp], int] | None = None

    # ---- PickObserver ------------------------------------------------------------------

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        now = self._clock()
        self._expire(now)
        slot = self._slot(result.primary)
        new_tokens = float(req.prompt_tokens)
        waiting = 0.0
        read_prefix = self._prefix is not None and req.prompt_tokens
        if read_prefix or self._speed is not None:
            pool = self._pool.view()
            view_slot = pool.slot(result.primary)
            if view_slot is not None:
                waiting = float(pool.waiting[view_slot])
                if self._prefix is not None and read_prefix:
                    credit = self._prefix.match(req, pool)
                    cached = (credit.gpu[view_slot] + credit.cpu[view_slot]) * credit.block_size
                    new_tokens = max(0.0, new_tokens - float(cached))
        model = req.model or ""
        done_at = float(self._done_at[slot])
        rate = float(self._rates[slot])
        if self._speed is not None:
            learned = self._speed.prefill_rate(result.primary, model)
            if learned != rate:  # the same tokens queued, drained at the new rate
                if done_at > now:
                    done_at = now + (done_at - now) * rate / learned
                self._rates[slot] = rate = learned
        ahead = (done_at - now) * rate if done_at > now else 0.0
        self._done_at[slot] = max(now, done_at) + new_tokens / rate
        self._picked[slot] += 1.0
        self._picked_work[slot] += ahead + new_tokens
        if not req.request_id:
            return
        mean_output = self._speed.output_tokens(model) if self._speed is not None else None
        output = expected_output(req.max_tokens, mean_output, self.config.default_output_tokens)
        previous = self._entries.pop(req.request_id, None)
        if previous is not None:  # re-routed retry: count it once
            self._drop(previous, now)
        entry = InflightEntry(
            result.primary,
            model,
            req.requested_model or model,
            slot,
            new_tokens + output,
            now,
            new_tokens,
            ahead,
            waiting,
            float(req.prompt_tokens) + 0.5 * output,
        )
        self._entries[req.request_id] = entry
        self._advance(slot, now)  # exposure up to now counts at the old in-flight state
        self._requests[slot] += 1
        self._kv_tokens[slot] += entry.kv_tokens
        self._context[slot] += entry.context_tokens

    def finish(self, request_id: str) -> InflightEntry | None:
        """The request completed (or failed): its entry, or None if it was not tracked."""
        entry = self._entries.pop(request_id, None)
        if entry is not None:
            now = self._clock()
            self._drop(entry, now)
            self._finished[entry.slot] += 1.0
            self._observing[entry.slot] = True
        return entry

    # ---- LoadSource ------------------------------------------------------------------

    def load(self, pool: PoolView) -> InflightLoad:
        now = self._clock()
        self._expire(now)
        slots = self._view_map(pool)
        out = np.empty((4, len(slots)), dtype=np.float64)
        inflight(
            slots,
            self._requests,
            self._kv_tokens,
            self._done_at,
            now,
            self._rates,
            self._context,
            out,
        )
        return InflightLoad(out[0], out[1], out[2], out[3])

    def count(self, endpoint: EndpointKey) -> int:
        slot = self._slots.get(endpoint)
        return 0 if slot is None else int(self._requests[slot])

    def finish_rate(self, endpoint: EndpointKey) -> float:
        """Requests per second this picker saw finish at ``endpoint`` while it held requests
        there (decayed count over decayed exposure, see the module docstring); 0 while fewer
        than ``FINISH_RATE_MIN`` (decayed) have finished: how fast its batch frees slots for
        the requests waiting there."""
        slot = self._slots.get(endpoint)
        if slot is None:
            return 0.0
        self._advance(slot, self._clock())
        count = float(self._finished[slot])
        if count < FINISH_RATE_MIN:
            return 0.0
        exposure = float(self._exposure[slot])
        # finishes seen in one instant (a batch of access-log entries): the rate is not
        # measurable yet, and unknown means no shedding
        return count / exposure if exposure > 0.0 else 0.0

    def by_model(self) -> dict[str, int]:
        """Requests in flight per requested model (the pool's running-requests gauge)."""
        self._expire(self._clock())
        return dict(Counter(e.requested for e in self._entries.values()))

    def __len__(self) -> int:
        return len(self._entries)

    def picked(self, endpoint: EndpointKey) -> tuple[float, float]:
        """Picks of ``endpoint`` so far and their summed work (tokens predicted ahead in its
        prefill queue + uncached prompt tokens, at each pick): what the TTFT histogram's totals
        are set against (``SpeedModel.observe_ttft_totals``)."""
        slot = self._slots.get(endpoint)
        if slot is None:
            return 0.0, 0.0
        return float(self._picked[slot]), float(self._picked_work[slot])

    # ---- internals ---------------------------------------------------------------------

    def _slot(self, endpoint: EndpointKey) -> int:
        slot = self._slots.get(endpoint)
        if slot is None:
            slot = self._slots[endpoint] = len(self._slots)
            if slot == len(self._requests) - 1:  # the pad row: grow, keeping a zero pad
                size = 2 * slot + 1
                for name in (
                    "_requests",
                    "_kv_tokens",
                    "_context",
                    "_done_at",
                    "_rates",
                    "_picked",
                    "_picked_work",
                    "_finished",
                    "_faded_at",
                    "_exposure",
                    "_observing",
                ):
                    old = getattr(self, name)
                    grown = np.zeros(size, dtype=old.dtype)
                    grown[:slot] = old[:slot]
                    setattr(self, name, grown)
                self._rates[slot:] = self.config.prefill_tokens_per_s
        return slot

    def _advance(self, slot: int, now: float) -> None:
        """Fade the slot's finish count and exposure to ``now``; the time since the last
        advance is exposure when a finish has been seen there and requests were in flight
        (call before the in-flight count changes)."""
        elapsed = now - float(self._faded_at[slot])
        if elapsed <= 0.0:
            return
        fade = math.exp(-elapsed / FINISH_RATE_WINDOW_S)
        self._finished[slot] *= fade
        self._exposure[slot] *= fade
        if self._observing[slot] and self._requests[slot] > 0:
            self._exposure[slot] += FINISH_RATE_WINDOW_S * (1.0 - fade)
        self._faded_at[slot] = now

    def _view_map(self, pool: PoolView) -> npt.NDArray[np.intp]:
        """View slot → own slot; unknown endpoints point at the zero pad row at the end."""
        cached = self._map
        known = len(self._slots)
        pad = len(self._requests) - 1
        if cached is not None and cached[0] is pool and cached[1] == known and cached[3] == pad:
            return cached[2]
        slots = np.array([self._slots.get(ep.key, pad) for ep in pool.endpoints], dtype=np.intp)
        self._map = (pool, known, slots, pad)
        return slots

    def _drop(self, entry: InflightEntry, now: float) -> None:
        self._advance(entry.slot, now)
        self._requests[entry.slot] = max(0.0, self._requests[entry.slot] - 1)
        self._kv_tokens[entry.slot] = max(0.0, self._kv_tokens[entry.slot] - entry.kv_tokens)
        self._context[entry.slot] = max(0.0, self._context[entry.slot] - entry.context_tokens)

    def _expire(self, now: float) -> None:
        deadline = now - self.config.ttl_s
        entries = self._entries
        while entries:
            oldest = next(iter(entries.values()))
            if oldest.started >= deadline:
                break
            entries.popitem(last=False)
            self._drop(oldest, now)
