"""Which prefix-index backend the picker builds (``kv_events.index`` in the config).

Both implement ``interface.PrefixIndex`` with the same semantics (one shared test suite);
they differ in cost. ``fast`` is the default because it is the one that meets the issue's
budgets (``benchmarks/kv_index.py``, ``benchmarks/results/kv_index.md``): match at 8k tokens
on 64 endpoints in one compiled call, whole event batches applied per tier in a few kernel
calls, and a few dozen bytes per (endpoint, block) entry. ``mask`` stays as the readable
reference and a fallback should the compiled backend ever misbehave in production.
"""

from __future__ import annotations

from kinference_epp.kvcache.fast_index import FastPrefixIndex
from kinference_epp.kvcache.index import MaskPrefixIndex

IndexBackend = FastPrefixIndex | MaskPrefixIndex

BACKENDS: dict[str, type[FastPrefixIndex] | type[MaskPrefixIndex]] = {
    "fast": FastPrefixIndex,
    "mask": MaskPrefixIndex,
}
DEFAULT_BACKEND = "fast"


def make_index(
    kind: str = DEFAULT_BACKEND, *, block_size: int = 16, max_blocks_per_endpoint: int = 1 << 21
) -> IndexBackend:
    """A fresh, empty index of backend ``kind`` (``"fast"`` or ``"mask"``)."""
    try:
        cls = BACKENDS[kind]
    except KeyError:
        raise ValueError(
            f"unknown prefix-index backend {kind!r}; known: {', '.join(BACKENDS)}"
        ) from None
    return cls(block_size=block_size, max_blocks_per_endpoint=max_blocks_per_endpoint)
