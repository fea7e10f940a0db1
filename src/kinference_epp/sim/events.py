"""vLLM KV-cache events: the records the simulated cache emits and their wire encoding.

Verified against ``vllm-project/vllm:vllm/distributed/kv_events.py`` (read 2026):

- ``EventBatch`` is a msgspec Struct with ``array_like=True``: on the wire a positional
  array ``[ts, events, data_parallel_rank]``; the publisher fills the rank (0 here).
- Events are a tagged union (tag = class name, msgspec's default tag field ``"type"``).
  Current vLLM declares ``KVCacheEvent`` *without* ``array_like``, so each event is a map
  ``{"type": "BlockStored", "block_hashes": ..., ...}`` (encoding ``"map"``); older vLLM
  declared it ``array_like``, so each event is ``["BlockStored", block_hashes,
  parent_block_hash, token_ids, block_size, lora_id, medium, lora_name]`` (``"array"``).
- ``omit_defaults=True``: fields whose value equals their default (``extra_keys``,
  ``group_idx``, ``event_version`` ...) are left out; required fields (``lora_id``,
  ``medium``, ``lora_name``) are always written, ``None`` included. The sim writes
  exactly the required fields.
- Block hashes are 64-bit ints (``ExternalBlockHash``): unsigned by default
  (``VLLM_KV_EVENTS_USE_INT_BLOCK_HASHES``), signed in old vLLM. The cache decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

MEDIUM_GPU = "GPU"

EventEncoding = Literal["array", "map"]
ENCODINGS: tuple[EventEncoding, ...] = ("array", "map")


@dataclass(frozen=True, slots=True)
class BlockStored:
    """Full blocks that became cached; ``token_ids`` are all their tokens, concatenated."""

    block_hashes: list[int]
    parent_block_hash: int | None
    token_ids: list[int]
    block_size: int
    lora_name: str | None = None
    medium: str | None = MEDIUM_GPU
    lora_id: int | None = None


@dataclass(frozen=True, slots=True)
class BlockRemoved:
    """Cached blocks that were evicted (one physical copy each)."""

    block_hashes: list[int]
    medium: str | None = MEDIUM_GPU


@dataclass(frozen=True, slots=True)
class AllBlocksCleared:
    """The whole prefix cache was reset."""


KVEvent = BlockStored | BlockRemoved | AllBlocksCleared

_encoder = msgspec.msgpack.Encoder()


def event_to_wire(event: KVEvent, encoding: EventEncoding) -> list[Any] | dict[str, Any]:
    """One event as the plain array or map msgspec would produce for vLLM's Struct."""
    if isinstance(event, BlockStored):
        if encoding == "array":
            return [
                "BlockStored",
                event.block_hashes,
                event.parent_block_hash,
                event.token_ids,
                event.block_size,
                event.lora_id,
                event.medium,
                event.lora_name,
            ]
        return {
            "type": "BlockStored",
            "block_hashes": event.block_hashes,
            "parent_block_hash": event.parent_block_hash,
            "token_ids": event.token_ids,
            "block_size": event.block_size,
            "lora_id": event.lora_id,
            "medium": event.medium,
            "lora_name": event.lora_name,
        }
    if isinstance(event, BlockRemoved):
        if encoding == "array":
            return ["BlockRemoved", event.block_hashes, event.medium]
        return {"type": "BlockRemoved", "block_hashes": event.block_hashes, "medium": event.medium}
    if encoding == "array":
        return ["AllBlocksCleared"]
    return {"type": "AllBlocksCleared"}


def encode_batch(
    events: Sequence[KVEvent],
    ts: float,
    encoding: EventEncoding = "map",
    data_parallel_rank: int | None = 0,
) -> bytes:
    """The msgpack payload of one ``EventBatch`` (no sockets involved)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown event encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    wire = [event_to_wire(e, encoding) for e in events]
    return _encoder.encode([ts, wire, data_parallel_rank])


def encode_seq(seq: int) -> bytes:
    """A sequence number frame: 8 bytes big-endian, signed so that -1 is the end marker."""
    return seq.to_bytes(8, "big", signed=True)


END_SEQ = encode_seq(-1)
"""The replay end marker: seq -1, eight 0xFF bytes."""
