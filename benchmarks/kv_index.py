"""Seeded micro-benchmarks of the KV prefix index: match, hashing, ingestion, memory.

Run: ``python benchmarks/kv_index.py [--seed N] [--quick]``. Every figure is one core,
after warm-up. Method for memory: ``tracemalloc`` peak-free delta of the live index
(dict tables, int objects, per-endpoint maps) after storing ≥ 1M (endpoint, block)
entries, divided by the entry count.

Match workload: each endpoint holds a shared 25%-of-prompt "system prompt" prefix plus a
random further depth of the prompt (uniform), so the walk runs as deep as the deepest
endpoint (worst case for early exit); hashes are given as a numpy uint64 array.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import numpy as np

from kinference_epp.kvcache.events import decode_batch
from kinference_epp.kvcache.hashing import EngineHash, HashScope, block_hashes
from kinference_epp.kvcache.index import MaskPrefixIndex
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.events import BlockStored, encode_batch

BS = 16
SCOPE = HashScope("bench-model")


def pct(samples: list[float], q: float) -> float:
    return float(np.percentile(np.array(samples) * 1e6, q))


def bench_match(rng: np.random.Generator, tokens: int, endpoints: int, reps: int) -> tuple[float, float, float]:  # fmt: skip
    idx = MaskPrefixIndex(BS)
    toks = rng.integers(0, 150_000, tokens)
    n = tokens // BS
    for e in range(endpoints):
        depth = n // 4 + int(rng.integers(0, n - n // 4 + 1))
        idx.apply_stored(EndpointKey(f"10.0.{e // 256}.{e % 256}:8000"), SCOPE,
                         [EngineHash(e << 32 | i) for i in range(depth)], None,
                         toks[: depth * BS], BS, "GPU")  # fmt: skip
    req = block_hashes(toks, BS, SCOPE)
    samples, hsamples = [], []
    for i in range(reps + 20):
        t0 = time.perf_counter()
        h = block_hashes(toks, BS, SCOPE)
        t1 = time.perf_counter()
        idx.match(req)
        t2 = time.perf_counter()
        if i >= 20:
            hsamples.append(t1 - t0)
            samples.append(t2 - t1)
    assert len(h) == n
    return pct(samples, 50), pct(samples, 99), pct(hsamples, 50)


def bench_ingest(rng: np.random.Generator, total_blocks: int, endpoints: int) -> tuple[float, float, float]:  # fmt: skip
    """blocks/s for decode+hash+apply, and for apply with hashing only (pre-decoded)."""
    per_event = 32
    payloads = []
    for b in range(total_blocks // per_event):
        toks = rng.integers(0, 150_000, per_event * BS).tolist()
        hashes = [b * per_event + i + 1 for i in range(per_event)]
        payloads.append(encode_batch([BlockStored(hashes, None, toks, BS)], 0.0))
    keys = [EndpointKey(f"10.1.0.{e}:8000") for e in range(endpoints)]
    writer = IndexWriter(MaskPrefixIndex(BS))
    t0 = time.perf_counter()
    batches = [decode_batch(p) for p in payloads]
    t1 = time.perf_counter()
    for i, batch in enumerate(batches):
        writer.apply(keys[i % endpoints], SCOPE.model, batch)
    t2 = time.perf_counter()
    n = len(payloads) * per_event
    return n / (t2 - t0), n / (t1 - t0), n / (t2 - t1)


def bench_memory(rng: np.random.Generator, entries: int, endpoints: int, sharing: int) -> float:
    """Bytes per (endpoint, block): ``sharing`` endpoints hold each distinct block."""
    idx = MaskPrefixIndex(BS, max_blocks_per_endpoint=entries)
    keys = [EndpointKey(f"10.2.0.{e}:8000") for e in range(endpoints)]
    distinct = entries // sharing
    per_event = 64
    toks = rng.integers(0, 150_000, per_event * BS)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for start in range(0, distinct, per_event):
        # a distinct root per event (salted scope) stands for distinct content
        scope = HashScope(SCOPE.model, cache_salt=str(start))
        for s in range(sharing):
            key = keys[(start // per_event + s) % endpoints]
            idx.apply_stored(key, scope, [EngineHash(start * 7919 + i + s * 10**12) for i in range(per_event)], None, toks, BS, "GPU")  # fmt: skip
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / idx.num_entries


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    reps = 50 if args.quick else 300
    print(f"seed={args.seed} block_size={BS}")
    print(
        f"{'tokens':>7} {'endpoints':>9} {'match p50 µs':>13} {'match p99 µs':>13} {'hash p50 µs':>12}"
    )
    for tokens in (1024, 8192, 32768):
        for endpoints in (8, 64, 256):
            p50, p99, h50 = bench_match(rng, tokens, endpoints, reps)
            print(f"{tokens:>7} {endpoints:>9} {p50:>13.1f} {p99:>13.1f} {h50:>12.1f}")
    total = 100_000 if args.quick else 1_000_000
    full, dec, apply = bench_ingest(rng, total, 64)
    print(f"ingestion ({total} blocks, 32 per event, 64 endpoints): "
          f"decode+hash+apply {full:,.0f} blocks/s; decode only {dec:,.0f}; "
          f"hash+apply {apply:,.0f}")  # fmt: skip
    entries = 200_000 if args.quick else 1_048_576
    for sharing in (1, 8):
        b = bench_memory(rng, entries, 64, sharing)
        print(f"memory: {b:.0f} bytes per (endpoint, block) at {entries:,} entries, "
              f"each block on {sharing} endpoint(s) (tracemalloc)")  # fmt: skip


if __name__ == "__main__":
    main()
