"""Whether the picked pod can take one more request without its decode slowing past the ITL bound.

Under saturation a pod's batch grows until something holds it, and its mean inter-token latency
(ITL) grows with it: every decode step reads every running sequence's KV, and every request let
in adds its prefill to the steps it runs in. A request's ITL is its pod's over the request's
whole decode (hundreds of steps), so with flow control the picker keeps each pod's ITL under a
target, a margin under the SLO: while the pod the router picks runs at or past it, the request
waits in the picker's queue (:class:`DecodeHeadroom` is an admission check, asked about every
pick and every dry-run pick of a waiting request before the shed guard,
``scheduling.shed.CheckedFirst``, and raises ``PoolSaturatedError``).

The signal is the pod's ITL as measured, not as predicted: vLLM's ITL histogram (its sum and
count grow, between two scrapes, by the gaps of every token the pod produced) over the scrapes
of the last ``window_s``, token-weighted (the growth of the sum over the growth of the count).
A line learned from KV in use (the speed model's, which the shed guard reads) extrapolates from
where its records lie and, fitted to per-scrape means, weighs one long prefill step as much as
many short decode steps; the measured figure is the pod's at the load it is under now, whatever
that load is made of. It lags the work released since by up to ``window_s``, which the flow
gate's pacing of releases bounds (one per finish of its own dispatches, ``release_burst`` per
scrape).

An endpoint with no ITL measured (no histogram scraped, not scraped twice yet, or idle over the
window) has room here; the shed guard's prediction from the learned line bounds it instead
(``measures``).
"""

from __future__ import annotations

from collections import deque

from kinference_epp.errors import PoolSaturatedError
from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.types import SchedulingRequest

WINDOW_S = 1.0
"""How far back the measured ITL looks: tens of decode steps (a step with a prefill in it takes
several times a decode step's time, so a window of a few steps is mostly one kind or the
other), and short beside a request's decode (seconds), over which the SLO's mean is taken."""

MIN_GAPS = 16.0
"""Token gaps in the window before its mean counts (fewer: one step's)."""


class DecodeHeadroom:
    """Each endpoint's measured ITL over the last ``window_s``, against ``target_s``;
    implements ``scheduling.framework.Admission``."""

    def __init__(self, target_s: float, window_s: float = WINDOW_S, retry_after_s: int = 1) -> None:
        self.target_s = target_s
        self._window_s = window_s
        self._headers = (("retry-after", str(retry_after_s)),)
        self._totals: dict[EndpointKey, deque[tuple[float, float, float]]] = {}
        """Per endpoint, (scraped_at, itl_sum, itl_count) of its scrapes in the window."""
        self._itl: dict[EndpointKey, float] = {}
        """Per endpoint, its ITL over the window (absent: not measured)."""

    def check(self, req: SchedulingRequest, pool: PoolView, slot: int) -> None:
        """Raise ``PoolSaturatedError`` while the endpoint in ``slot`` runs at or past the
        target (its latest scrape taken in first: one endpoint's, so a pick costs the same
        whatever the pool's size)."""
        key = pool.endpoints[slot].key
        snap = pool.snapshot(slot)
        if snap is not None:
            self.scraped(key, snap)
        itl = self._itl.get(key)
        if itl is not None and itl >= self.target_s:
            raise PoolSaturatedError(
                f"the pool is saturated: measured inter-token latency {itl * 1e3:.0f} ms on the "
                "best endpoint",
                headers=self._headers,
            )

    def measures(self, key: EndpointKey) -> bool:
        """Whether ``key``'s ITL is measured now (the shed guard's prediction is not used
        there)."""
        return key in self._itl

    def itl(self, key: EndpointKey) -> float | None:
        """``key``'s measured ITL over the window as last taken in, if known."""
        return self._itl.get(key)

    def observe(self, pool: PoolView) -> None:
        """Take in every endpoint's latest scrape (:meth:`check` takes in the picked one's;
        the picker hands it every scrape, :meth:`scraped`)."""
        for slot, ep in enumerate(pool.endpoints):
            snap = pool.snapshot(slot)
            if snap is not None:
                self.scraped(ep.key, snap)

    def forget(self, key: EndpointKey) -> None:
        """``key`` left the pool."""
        self._totals.pop(key, None)
        self._itl.pop(key, None)

    def scraped(self, key: EndpointKey, snap: LoadSnapshot) -> None:
        """A good scrape of ``key`` (the scraper's ``on_load``): into its window."""
        hist = self._totals.get(key)
        if hist is None:
            hist = self._totals[key] = deque()
        elif snap.scraped_at <= hist[-1][0]:
            return  # no new scrape of it
        elif snap.itl_count < hist[-1][2]:  # a restarted engine: count again
            hist.clear()
            self._itl.pop(key, None)
        now = snap.scraped_at
        hist.append((now, snap.itl_sum, snap.itl_count))
        window = self._window_s
        while len(hist) > 2 and hist[1][0] <= now - window:
            hist.popleft()
        t0, s0, c0 = hist[0]
        gaps = snap.itl_count - c0
        if gaps >= MIN_GAPS:
            self._itl[key] = (snap.itl_sum - s0) / gaps
        elif now - t0 >= window:
            self._itl.pop(key, None)  # idle over the window: not measured
