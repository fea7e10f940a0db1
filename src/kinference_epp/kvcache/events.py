"""Decode vLLM's KV-event batches (msgpack) into plain, validated records.

Verified against ``vllm-project/vllm:vllm/distributed/kv_events.py``:

- ``EventBatch`` is ``ts: float, events: list, data_parallel_rank: int | None``; older
  vLLM declared it ``array_like`` (a positional array), newer ones a map. Both decode.
- Events are a msgspec tagged union, tag field ``"type"`` = class name. ``array_like``
  events are ``["BlockStored", block_hashes, parent_block_hash, token_ids, block_size,
  lora_id, medium, lora_name, extra_keys?, group_idx?, ...]``, ``["BlockRemoved",
  block_hashes, medium?, group_idx?]``, ``["AllBlocksCleared"]``; map events carry the
  same fields by name. Trailing optional fields (and, in old vLLM, ``medium`` and
  ``lora_name``) may be missing; extra fields are ignored.
- Hashes: unsigned int, signed int (old vLLM) or bytes (full digest); all are folded to
  u64 with ``fold_engine_hash``. ``medium`` ``None`` means GPU (vLLM before offloading).

One malformed or unknown event is counted and skipped (a newer vLLM may add event
types); a payload that is not an event batch at all raises ``EventDecodeError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.hashing import EngineHash, fold_engine_hash

MEDIUM_GPU = "GPU"
MEDIUM_CPU = "CPU"


class EventDecodeError(ValueError):
    """A payload that is not a vLLM ``EventBatch`` in either encoding."""


@dataclass(frozen=True, slots=True)
class BlockStored:
    """Full blocks cached by the engine; ``token_ids`` holds all their tokens in order."""

    block_hashes: list[EngineHash]
    parent_block_hash: EngineHash | None
    token_ids: npt.NDArray[np.int64]
    block_size: int
    medium: str
    lora_name: str | None
    lora_id: int | None = None


@dataclass(frozen=True, slots=True)
class BlockRemoved:
    """Blocks evicted from ``medium`` (one physical copy each)."""

    block_hashes: list[EngineHash]
    medium: str


@dataclass(frozen=True, slots=True)
class AllBlocksCleared:
    """The engine reset its whole prefix cache."""


KVEvent = BlockStored | BlockRemoved | AllBlocksCleared


@dataclass(frozen=True, slots=True)
class DecodedBatch:
    """One ``EventBatch``: the events we understood, and how many we had to skip."""

    ts: float
    events: list[KVEvent]
    data_parallel_rank: int | None = None
    unknown: int = 0
    """Events with a type this decoder does not know (skipped)."""
    malformed: int = 0
    """Events of a known type whose fields did not validate (skipped)."""


class _BadEvent(Exception):
    """Internal: one event did not validate."""


_decoder = msgspec.msgpack.Decoder()


def decode_batch(payload: bytes) -> DecodedBatch:
    """Decode one ZMQ payload; raises ``EventDecodeError`` if it is not an event batch."""
    try:
        raw = _decoder.decode(payload)
    except (msgspec.DecodeError, ValueError, TypeError) as exc:
        raise EventDecodeError(f"not msgpack: {exc}") from exc
    ts, events, rank = _batch_fields(raw)
    out: list[KVEvent] = []
    unknown = malformed = 0
    for ev in events:
        try:
            decoded = _decode_event(ev)
        except _BadEvent:
            malformed += 1
            continue
        if decoded is None:
            unknown += 1
        else:
            out.append(decoded)
    return DecodedBatch(float(ts), out, rank, unknown, malformed)


def _batch_fields(raw: Any) -> tuple[float | int, list[Any], int | None]:
    if isinstance(raw, list) and len(raw) >= 2:
        ts, events = raw[0], raw[1]
        rank = raw[2] if len(raw) > 2 else None
    elif isinstance(raw, dict) and "events" in raw:
        ts, events, rank = raw.get("ts", 0.0), raw["events"], raw.get("data_parallel_rank")
    else:
        raise EventDecodeError(f"not an EventBatch: top level is {type(raw).__name__}")
    if isinstance(ts, bool) or not isinstance(ts, float | int):
        raise EventDecodeError(f"EventBatch.ts is {type(ts).__name__}, not a number")
    if not isinstance(events, list):
        raise EventDecodeError(f"EventBatch.events is {type(events).__name__}, not a list")
    if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int)):
        raise EventDecodeError(f"EventBatch.data_parallel_rank is {type(rank).__name__}")
    return ts, events, rank


_STORED_FIELDS = ("block_hashes", "parent_block_hash", "token_ids", "block_size")
_STORED_OPTIONAL = ("lora_id", "medium", "lora_name")


def _decode_event(ev: Any) -> KVEvent | None:
    """One event from either encoding; None for an unknown type."""
    if isinstance(ev, list) and ev and isinstance(ev[0], str):
        tag, fields = ev[0], ev[1:]
        if tag == "BlockStored":
            if len(fields) < 4:
                raise _BadEvent
            padded = [*fields[:7], *([None] * (7 - len(fields)))]
            return _stored(*padded)
        if tag == "BlockRemoved":
            if not fields:
                raise _BadEvent
            return _removed(fields[0], fields[1] if len(fields) > 1 else None)
        return AllBlocksCleared() if tag == "AllBlocksCleared" else None
    if isinstance(ev, dict) and isinstance(ev.get("type"), str):
        tag = ev["type"]
        if tag == "BlockStored":
            if any(f not in ev for f in _STORED_FIELDS):
                raise _BadEvent
            return _stored(*(ev[f] for f in _STORED_FIELDS), *(ev.get(f) for f in _STORED_OPTIONAL))
        if tag == "BlockRemoved":
            if "block_hashes" not in ev:
                raise _BadEvent
            return _removed(ev["block_hashes"], ev.get("medium"))
        return AllBlocksCleared() if tag == "AllBlocksCleared" else None
    raise _BadEvent


def _hashes(value: Any) -> list[EngineHash]:
    if not isinstance(value, list):
        raise _BadEvent
    out = []
    for h in value:
        if isinstance(h, bool) or not isinstance(h, int | bytes):
            raise _BadEvent
        out.append(fold_engine_hash(h))
    return out


def _medium(value: Any) -> str:
    if value is None:
        return MEDIUM_GPU
    if not isinstance(value, str):
        raise _BadEvent
    return value


def _stored(
    hashes: Any,
    parent: Any,
    tokens: Any,
    block_size: Any,
    lora_id: Any,
    medium: Any,
    lora_name: Any,
) -> BlockStored:
    if isinstance(block_size, bool) or not isinstance(block_size, int) or block_size <= 0:
        raise _BadEvent
    if parent is not None and (isinstance(parent, bool) or not isinstance(parent, int | bytes)):
        raise _BadEvent
    if lora_name is not None and not isinstance(lora_name, str):
        raise _BadEvent
    if lora_id is not None and (isinstance(lora_id, bool) or not isinstance(lora_id, int)):
        raise _BadEvent
    return BlockStored(
        block_hashes=_hashes(hashes),
        parent_block_hash=None if parent is None else fold_engine_hash(parent),
        token_ids=_tokens(tokens),
        block_size=block_size,
        medium=_medium(medium),
        lora_name=lora_name,
        lora_id=lora_id,
    )


def _tokens(value: Any) -> npt.NDArray[np.int64]:
    if not isinstance(value, list):
        raise _BadEvent
    if not value:
        return np.zeros(0, dtype=np.int64)
    try:
        arr = np.array(value)
    except (ValueError, TypeError, OverflowError) as exc:
        raise _BadEvent from exc
    if arr.ndim != 1 or arr.dtype.kind not in "iu" or arr.dtype == np.uint64:
        raise _BadEvent
    arr = arr.astype(np.int64, copy=False)
    if arr.min() < 0:
        raise _BadEvent
    return arr


def _removed(hashes: Any, medium: Any) -> BlockRemoved:
    return BlockRemoved(block_hashes=_hashes(hashes), medium=_medium(medium))
