"""A paged KV cache with prefix reuse, modelled on vLLM v1's ``BlockPool``.

Why it behaves the way it does (each point mirrors vLLM so that the events a router sees
from the simulator look like a real pod's):

- Blocks are fixed-size pages. A sequence holds references to its blocks; a block is
  free when no sequence references it, but a free block *keeps its cached content* until
  it is handed out again. Freed blocks join the tail of one LRU free queue (a sequence's
  blocks in reverse order, so its tail blocks are evicted first); allocation takes from
  the head and evicts whatever the block held (``BlockRemoved``).
- Only *full* blocks are cached, keyed by a chained hash ``hash((parent, tokens))``
  whose root is seeded per LoRA name (vLLM's ``NONE_HASH`` plus ``extra_keys``), so
  identical text under different adapters never shares blocks.
- A prefix hit never covers the last prompt token (vLLM's ``num_tokens - 1`` cap): the
  engine must compute at least one token to produce logits.
- Usage is the fraction of blocks referenced by sequences; cached-but-free blocks count
  as free, exactly like ``vllm:kv_cache_usage_perc``.

Everything is synchronous and I/O-free; events accumulate until ``drain_events``.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence

from kinference_epp.sim.events import AllBlocksCleared, BlockRemoved, BlockStored, KVEvent

MASK64 = (1 << 64) - 1
_MEMO_MIN_BLOCKS = 32
"""Prompts shorter than this many blocks are hashed every time (cheaper than the memo)."""
_MEMO_SIZE = 4096
_SIGN64 = 1 << 63


class KVCacheSeq:
    """One sequence's view of the cache: its blocks and the hashes of its full blocks."""

    __slots__ = ("block_hashes", "block_ids", "lora_name", "num_cached_blocks")

    def __init__(self, lora_name: str | None) -> None:
        self.lora_name = lora_name
        self.block_ids: list[int] = []
        self.block_hashes: list[int] = []
        """Chained hashes (unsigned) of the full token blocks known so far."""
        self.num_cached_blocks = 0
        """How many of ``block_ids`` are registered in the prefix cache."""


class KVCache:
    """``num_blocks`` pages of ``block_size`` tokens with LRU prefix reuse."""

    def __init__(
        self,
        num_blocks: int,
        block_size: int = 16,
        *,
        seed: int = 0,
        signed_hashes: bool = False,
        enable_prefix_caching: bool = True,
    ) -> None:
        if num_blocks <= 0 or block_size <= 0:
            raise ValueError("num_blocks and block_size must be positive")
        self.num_blocks = num_blocks
        self.block_size = block_size
        self.seed = seed
        self.signed_hashes = signed_hashes
        self.enable_prefix_caching = enable_prefix_caching
        self._ref = [0] * num_blocks
        self._hash_of: list[int | None] = [None] * num_blocks
        self._free: OrderedDict[int, None] = OrderedDict.fromkeys(range(num_blocks))
        self._cached: dict[int, list[int]] = {}
        self._roots: dict[str | None, int] = {}
        self._memo: OrderedDict[tuple[str | None, int, int], list[int]] = OrderedDict()
        self._events: list[KVEvent] = []
        self.version = 0
        """Changes whenever a block hash enters or leaves the cache: a prefix match taken at
        one version holds until the version moves."""
        self.prefix_queries = 0
        """Prompt tokens looked up in the prefix cache (vLLM ``prefix_cache_queries``)."""
        self.prefix_hits = 0
        """Of those, tokens served from the cache (vLLM ``prefix_cache_hits``)."""

    # ---- hashing ---------------------------------------------------------------------

    def root_hash(self, lora_name: str | None) -> int:
        """The seeded parent of a sequence's first block, distinct per LoRA name."""
        root = self._roots.get(lora_name)
        if root is None:
            digest = hashlib.sha256(f"{self.seed}\x00{lora_name or ''}".encode()).digest()
            root = self._roots[lora_name] = int.from_bytes(digest[-8:], "big")
        return root

    def extend_hashes(self, seq: KVCacheSeq, tokens: Sequence[int], upto_blocks: int) -> None:
        """Make sure ``seq.block_hashes`` covers the first ``upto_blocks`` full blocks.

        A prompt seen before (the same tokens, the same LoRA) takes its hashes from a small
        memo instead of hashing every block again: benchmarks re-send the same prompts.
        """
        if not seq.block_hashes and upto_blocks >= _MEMO_MIN_BLOCKS:
            span = min(upto_blocks, len(tokens) // self.block_size) * self.block_size
            key = (seq.lora_name, span, hash(tuple(tokens[:span])))
            known = self._memo.get(key)
            if known is None:
                known = self.block_hashes_of(tokens[:span], seq.lora_name)
                self._memo[key] = known
                if len(self._memo) > _MEMO_SIZE:
                    self._memo.popitem(last=False)
            else:
                self._memo.move_to_end(key)
            seq.block_hashes.extend(known)
        hashes = self.block_hashes_of(
            tokens,
            seq.lora_name,
            start_block=len(seq.block_hashes),
            upto_blocks=upto_blocks,
            parent=seq.block_hashes[-1] if seq.block_hashes else None,
        )
        seq.block_hashes.extend(hashes)

    def block_hashes_of(
        self,
        tokens: Sequence[int],
        lora_name: str | None = None,
        *,
        start_block: int = 0,
        upto_blocks: int | None = None,
        parent: int | None = None,
    ) -> list[int]:
        """Chained unsigned 64-bit hashes of full blocks ``start_block..upto_blocks``."""
        bs = self.block_size
        end = len(tokens) // bs if upto_blocks is None else min(upto_blocks, len(tokens) // bs)
        prev = self.root_hash(lora_name) if parent is None else parent
        out: list[int] = []
        for i in range(start_block, end):
            prev = hash((prev, tuple(tokens[i * bs : (i + 1) * bs]))) & MASK64
            out.append(prev)
        return out

    def external_hash(self, h: int) -> int:
        """A hash as it goes on the wire: unsigned (current vLLM) or signed (old vLLM)."""
        if self.signed_hashes and h >= _SIGN64:
            return h - (1 << 64)
        return h

    # ---- lookup and allocation -------------------------------------------------------

    def match_prefix(self, seq: KVCacheSeq, tokens: Sequence[int]) -> list[int]:
        """Block ids of the longest cached prefix of ``tokens`` (never the last token)."""
        if not self.enable_prefix_caching or not tokens:
            return []
        max_blocks = (len(tokens) - 1) // self.block_size
        self.extend_hashes(seq, tokens, max_blocks)
        cached = self._cached
        hit: list[int] = []
        for h in seq.block_hashes[:max_blocks]:
            blocks = cached.get(h)
            if blocks is None:
                break
            hit.append(blocks[0])
        return hit

    def record_lookup(self, queried_tokens: int, hit_tokens: int) -> None:
        """Count one prefix-cache lookup, in tokens, the way vLLM's counters do."""
        self.prefix_queries += queried_tokens
        self.prefix_hits += hit_tokens

    def blocks_needed(self, num_tokens: int) -> int:
        """Pages needed to hold ``num_tokens`` tokens."""
        return -(-num_tokens // self.block_size)

    def allocate(self, seq: KVCacheSeq, total_tokens: int, hit_blocks: Sequence[int] = ()) -> bool:
        """Grow ``seq`` to hold ``total_tokens``, first reusing ``hit_blocks``.

        All or nothing: returns False and changes nothing when too few blocks are free
        (the engine then queues or preempts). Handing out a cached free block evicts it.
        """
        if hit_blocks and seq.block_ids:
            raise ValueError("hit blocks can only start an empty sequence")
        ref = self._ref
        need = self.blocks_needed(total_tokens) - len(seq.block_ids) - len(hit_blocks)
        pinned_free = sum(1 for b in hit_blocks if ref[b] == 0)
        if need > len(self._free) - pinned_free:
            return False
        free = self._free
        for b in hit_blocks:
            if ref[b] == 0:
                del free[b]
            ref[b] += 1
        if hit_blocks:
            seq.block_ids.extend(hit_blocks)
            seq.num_cached_blocks = len(hit_blocks)
        for _ in range(need):
            b, _ = free.popitem(last=False)
            self._evict(b)
            ref[b] = 1
            seq.block_ids.append(b)
        return True

    def _evict(self, block: int) -> None:
        h = self._hash_of[block]
        if h is None:
            return
        self._hash_of[block] = None
        self.version += 1
        holders = self._cached[h]
        holders.remove(block)
        if not holders:
            del self._cached[h]
        events = self._events
        if events and isinstance(events[-1], BlockRemoved):  # one event for a run of evictions
            events[-1].block_hashes.append(self.external_hash(h))
        else:
            events.append(BlockRemoved(block_hashes=[self.external_hash(h)]))

    def commit(self, seq: KVCacheSeq, tokens: Sequence[int], num_computed_tokens: int) -> None:
        """Cache the blocks of ``seq`` that are full of computed tokens (``BlockStored``)."""
        if not self.enable_prefix_caching:
            return
        bs = self.block_size
        full = min(num_computed_tokens // bs, len(seq.block_ids))
        first = seq.num_cached_blocks
        if full <= first:
            return
        self.extend_hashes(seq, tokens, full)
        stored: list[int] = []
        for i in range(first, full):
            b = seq.block_ids[i]
            h = seq.block_hashes[i]
            if self._hash_of[b] is None:
                self._hash_of[b] = h
                self._cached.setdefault(h, []).append(b)
                self.version += 1
            stored.append(self.external_hash(h))
        seq.num_cached_blocks = full
        parent = self.external_hash(seq.block_hashes[first - 1]) if first > 0 else None
        self._events.append(
            BlockStored(
                block_hashes=stored,
                parent_block_hash=parent,
                token_ids=list(tokens[first * bs : full * bs]),
                block_size=bs,
                lora_name=seq.lora_name,
            )
        )

    def free(self, seq: KVCacheSeq) -> None:
        """Drop ``seq``'s references; its blocks stay cached until evicted (tail first)."""
        ref = self._ref
        free = self._free
        for b in reversed(seq.block_ids):
            ref[b] -= 1
            if ref[b] == 0:
                free[b] = None
        seq.block_ids = []
        seq.num_cached_blocks = 0

    def reset(self) -> bool:
        """Forget every cached block (``AllBlocksCleared``); refused while blocks are in use."""
        if len(self._free) != self.num_blocks:
            return False
        self._cached.clear()
        self._hash_of = [None] * self.num_blocks
        self.version += 1
        self._events.append(AllBlocksCleared())
        return True

    # ---- observation -----------------------------------------------------------------

    def drain_events(self) -> list[KVEvent]:
        """Events since the last call, in the order they happened."""
        events, self._events = self._events, []
        return events

    @property
    def num_free_blocks(self) -> int:
        """Blocks no sequence references (cached or not)."""
        return len(self._free)

    @property
    def num_cached_blocks(self) -> int:
        """Blocks holding a cached full block, referenced or not."""
        return sum(len(v) for v in self._cached.values())

    @property
    def usage(self) -> float:
        """Fraction of blocks referenced by sequences (``vllm:kv_cache_usage_perc``)."""
        return 1.0 - len(self._free) / self.num_blocks

    def is_cached(self, block_hash: int) -> bool:
        """Whether an (unsigned) block hash is in the prefix cache."""
        return (block_hash & MASK64) in self._cached

    def ref_count(self, block: int) -> int:
        """References to one block id (for tests and invariants)."""
        return self._ref[block]
