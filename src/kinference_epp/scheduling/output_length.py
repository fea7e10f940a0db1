"""How many tokens a model's requests generate, learned from the engines' own counters.

A request's decode time on a pod is its output length times the pod's inter-token latency, so
the router prices it by the output it expects. ``max_tokens`` is only a cap: clients send the
same large value for answers of every length (inference-perf sends 1,000 for answers of about
200 tokens), and pricing each request's decode at its cap makes that decode look five times
longer than it is, against the prefill and the load it joins.

vLLM's histograms count every token an engine generates: its TTFT histogram one per request
(the first token) and its ITL histogram one per later token (each gap). Between two scrapes of
the pool the growth of the one over the growth of the other is the mean output length less
one, of the tokens generated in that interval; summed over the pool's endpoints and forgotten
per ``HALF_LIFE_REQUESTS`` first tokens, it follows the model's current mix. Until
``MIN_REQUESTS`` first tokens have been counted the model's length is unknown (``None``) and
the request's cap (or the configured default) stands.
"""

from __future__ import annotations

from kinference_epp.pool.endpoint import EndpointKey

HALF_LIFE_REQUESTS = 256.0
"""First tokens (requests started) over which the counted tokens' weight halves."""
MIN_REQUESTS = 16.0
"""First tokens counted before the mean is read (fewer: one long answer dominates)."""


class OutputLength:
    """Per model, the forgotten sums of first tokens and later tokens counted pool-wide."""

    __slots__ = ("_last", "_sums")

    def __init__(self) -> None:
        self._last: dict[tuple[EndpointKey, str], tuple[float, float]] = {}
        """Per (endpoint, model): its histogram counts (first tokens, later tokens) as last
        scraped."""
        self._sums: dict[str, list[float]] = {}
        """Per model: forgotten first tokens, forgotten later tokens."""

    def observe(self, endpoint: EndpointKey, model: str, firsts: float, gaps: float) -> None:
        """One scrape of ``endpoint``'s cumulative counts: ``firsts`` (the TTFT histogram's)
        and ``gaps`` (the ITL histogram's). Counts that fall (a restarted engine) start again."""
        key = (endpoint, model)
        last = self._last.get(key)
        self._last[key] = (firsts, gaps)
        if last is None:
            return
        df, dg = firsts - last[0], gaps - last[1]
        if df < 0.0 or dg < 0.0 or (df == 0.0 and dg == 0.0):
            return
        s = self._sums.get(model)
        if s is None:
            s = self._sums[model] = [0.0, 0.0]
        keep = 2.0 ** (-df / HALF_LIFE_REQUESTS)
        s[0] = s[0] * keep + df
        s[1] = s[1] * keep + dg

    def tokens(self, model: str) -> float | None:
        """Mean tokens a request of ``model`` generates (None: not yet known)."""
        s = self._sums.get(model)
        if s is None or s[0] < MIN_REQUESTS:
            return None
        return 1.0 + s[1] / s[0]

    def remove_endpoint(self, endpoint: EndpointKey) -> None:
        for key in [k for k in self._last if k[0] == endpoint]:
            del self._last[key]
