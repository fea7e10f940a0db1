"""Seeded micro-benchmarks of the KV prefix index: match, hashing, ingestion, memory.

Run: ``python benchmarks/kv_index.py [--seed N] [--quick] [--backend mask,fast]``. Every
figure is one core, after warm-up; each backend is one column, measured on the same seeded
workload, interleaved so that machine noise hits both alike. Method for memory:
``tracemalloc`` delta of live allocations (not the peak) across filling a fresh index
(dict tables, int objects, numpy arrays) with ≥ 1M (endpoint, block) entries, divided by
the entry count.

Match workload: each endpoint holds a shared 25%-of-prompt "system prompt" prefix plus a
random further depth of the prompt (uniform), so the walk runs as deep as the deepest
endpoint (worst case for early exit); hashes are given as a numpy uint64 array.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable

import numpy as np

from kinference_epp.kvcache.events import decode_batch
from kinference_epp.kvcache.fast_index import FastPrefixIndex
from kinference_epp.kvcache.hashing import EngineHash, HashScope, block_hashes
from kinference_epp.kvcache.index import MaskPrefixIndex
from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.kvcache.writer import IndexWriter
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.sim.events import BlockStored, encode_batch

BS = 16
SCOPE = HashScope("bench-model")
Index = MaskPrefixIndex | FastPrefixIndex
BACKENDS: dict[str, Callable[..., Index]] = {"mask": MaskPrefixIndex, "fast": FastPrefixIndex}


def pct(samples: list[float], q: float) -> float:
    return float(np.percentile(np.array(samples) * 1e6, q))


def bench_match(rng: np.random.Generator, tokens: int, endpoints: int, reps: int, names: list[str]) -> dict[str, tuple[float, float]]:  # fmt: skip
    """Match p50/p99 µs per backend (and, under ``"hash"``, hashing the prompt)."""
    toks = rng.integers(0, 150_000, tokens)
    n = tokens // BS
    depths = [n // 4 + int(rng.integers(0, n - n // 4 + 1)) for _ in range(endpoints)]
    indexes: dict[str, PrefixIndex] = {name: BACKENDS[name](BS) for name in names}
    for idx in indexes.values():
        for e, depth in enumerate(depths):
            idx.apply_stored(EndpointKey(f"10.0.{e // 256}.{e % 256}:8000"), SCOPE,
                             [EngineHash(e << 32 | i) for i in range(depth)], None,
                             toks[: depth * BS], BS, "GPU")  # fmt: skip
    req = block_hashes(toks, BS, SCOPE)
    samples: dict[str, list[float]] = {name: [] for name in [*names, "hash"]}
    for i in range(reps + 20):
        for name, idx in indexes.items():
            t0 = time.perf_counter()
            idx.match(req)
            t1 = time.perf_counter()
            if i >= 20:
                samples[name].append(t1 - t0)
        t0 = time.perf_counter()
        h = block_hashes(toks, BS, SCOPE)
        t1 = time.perf_counter()
        if i >= 20:
            samples["hash"].append(t1 - t0)
    assert len(h) == n
    return {name: (pct(v, 50), pct(v, 99)) for name, v in samples.items()}


def bench_ingest(rng: np.random.Generator, total_blocks: int, endpoints: int, names: list[str]) -> tuple[float, dict[str, float]]:  # fmt: skip
    """Seconds to decode every payload, and per backend seconds to apply them (hash+apply)."""
    per_event = 32
    payloads = []
    for b in range(total_blocks // per_event):
        toks = rng.integers(0, 150_000, per_event * BS).tolist()
        hashes = [b * per_event + i + 1 for i in range(per_event)]
        payloads.append(encode_batch([BlockStored(hashes, None, toks, BS)], 0.0))
    keys = [EndpointKey(f"10.1.0.{e}:8000") for e in range(endpoints)]
    t0 = time.perf_counter()
    batches = [decode_batch(p) for p in payloads]
    decode = time.perf_counter() - t0
    apply = {}
    for name in names:
        writer = IndexWriter(BACKENDS[name](BS))
        t0 = time.perf_counter()
        for i, batch in enumerate(batches):
            writer.apply(keys[i % endpoints], SCOPE.model, batch)
        apply[name] = time.perf_counter() - t0
    return decode, apply


def bench_memory(rng: np.random.Generator, entries: int, endpoints: int, sharing: int, name: str) -> float:  # fmt: skip
    """Bytes per (endpoint, block): ``sharing`` endpoints hold each distinct block."""
    idx = BACKENDS[name](BS, max_blocks_per_endpoint=entries)
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
    ap.add_argument("--backend", default="mask,fast", help="comma-separated: mask, fast")
    args = ap.parse_args()
    names = args.backend.split(",")
    rng = np.random.default_rng(args.seed)
    reps = 50 if args.quick else 300
    print(f"seed={args.seed} block_size={BS} backends={names} (match µs p50 / p99)")
    cols = "".join(f"{name + ' p50/p99':>18}" for name in names)
    print(f"{'tokens':>7} {'endpoints':>9}{cols}{'hash p50':>10}")
    for tokens in (1024, 8192, 32768):
        for endpoints in (8, 64, 256):
            r = bench_match(rng, tokens, endpoints, reps, names)
            cells = "".join(f"{f'{r[n][0]:.1f} / {r[n][1]:.1f}':>18}" for n in names)
            print(f"{tokens:>7} {endpoints:>9}{cells}{r['hash'][0]:>10.1f}")
    total = 100_000 if args.quick else 1_000_000
    decode, apply = bench_ingest(rng, total, 64, names)
    n = total // 32 * 32
    print(
        f"ingestion ({n} blocks, 32 per event, 64 endpoints), blocks/s: decode only {n / decode:,.0f}"
    )
    for name in names:
        print(f"  {name}: decode+hash+apply {n / (decode + apply[name]):,.0f}; "
              f"hash+apply (pre-decoded) {n / apply[name]:,.0f}")  # fmt: skip
    entries = 200_000 if args.quick else 1_048_576
    for sharing in (1, 8):
        for name in names:
            b = bench_memory(rng, entries, 64, sharing, name)
            print(f"memory {name}: {b:.0f} bytes per (endpoint, block) at {entries:,} entries, "
                  f"each block on {sharing} endpoint(s) (tracemalloc)")  # fmt: skip


if __name__ == "__main__":
    main()
