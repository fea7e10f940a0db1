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

Two paths, one result. Ingestion must keep up with every pod's cache churn, so a batch is
first decoded by msgspec into typed structs (one decoder per encoding, the last one that
worked tried first) and laid out column-wise: one engine-hash array and one token array
for all ``BlockStored`` events of the batch, one hash array for all ``BlockRemoved``
(``EventColumns``). Index backends apply those columns in a few vectorised calls per
batch, and the per-event objects of ``DecodedBatch.events`` are only built when someone
asks (the CLI, the per-event fallback). Anything the typed decoders do not take exactly
(bytes or negative hashes, a malformed or unknown event, token ids outside ``0 .. 2**63 - 1``)
is decoded again by the generic walker, which decides what to count and skip; the typed
path never counts anything, so both paths agree on every payload.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.hashing import EngineHash, fold_engine_hash

TokenIds = npt.NDArray[np.int64]
EngineHashes = npt.NDArray[np.uint64]

MEDIUM_GPU = "GPU"
MEDIUM_CPU = "CPU"


class EventDecodeError(ValueError):
    """A payload that is not a vLLM ``EventBatch`` in either encoding."""


@dataclass(frozen=True, slots=True)
class BlockStored:
    """Full blocks cached by the engine; ``token_ids`` holds all their tokens in order."""

    block_hashes: list[EngineHash]
    parent_block_hash: EngineHash | None
    token_ids: TokenIds
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
class StoredColumns:
    """Every ``BlockStored`` of a batch, in order, as columns (one entry per event)."""

    hashes: EngineHashes
    """Engine hashes of all events, concatenated (folded to u64)."""
    tokens: TokenIds
    """Token ids of all events, concatenated."""
    counts: list[int]
    """Blocks (engine hashes) per event."""
    n_tokens: list[int]
    parents: list[EngineHash | None]
    block_sizes: list[int]
    media: list[str]
    loras: list[str | None]
    lora_ids: list[int | None]


@dataclass(frozen=True, slots=True)
class RemovedColumns:
    """Every ``BlockRemoved`` of a batch, in order, as columns (one entry per event)."""

    hashes: EngineHashes
    counts: list[int]
    media: list[str]


@dataclass(frozen=True, slots=True)
class EventColumns:
    """A batch column-wise: what index backends apply in a few vectorised calls.

    The order *between* stores and removals is not kept: a backend that applies columns
    must first check that the order cannot matter (no engine hash both stored and
    removed, no parent removed, no ``AllBlocksCleared``), or replay ``DecodedBatch.events``.
    """

    stored: StoredColumns
    removed: RemovedColumns
    clears: int


class DecodedBatch:
    """One ``EventBatch``: the events we understood, and how many we had to skip.

    ``columns`` and ``events`` are two views of the same events; whichever the decoder did
    not build is built (once) when first read.
    """

    __slots__ = (
        "_columns",
        "_events",
        "_structs",
        "data_parallel_rank",
        "malformed",
        "ts",
        "unknown",
    )

    def __init__(
        self,
        ts: float,
        events: list[KVEvent] | None = None,
        data_parallel_rank: int | None = None,
        unknown: int = 0,
        malformed: int = 0,
        *,
        columns: EventColumns | None = None,
        structs: list[Any] | None = None,
    ) -> None:
        if events is None and (columns is None or structs is None):
            raise ValueError("DecodedBatch needs events, or columns with their structs")
        self.ts = ts
        self.data_parallel_rank = data_parallel_rank
        self.unknown = unknown
        """Events with a type this decoder does not know (skipped)."""
        self.malformed = malformed
        """Events of a known type whose fields did not validate (skipped)."""
        self._events = events
        self._columns = columns
        self._structs = structs

    @property
    def n_events(self) -> int:
        """Events understood (without building them)."""
        if self._events is not None:
            return len(self._events)
        assert self._structs is not None
        return len(self._structs)

    @property
    def events(self) -> list[KVEvent]:
        if self._events is None:
            assert self._columns is not None
            assert self._structs is not None
            self._events = _materialize(self._structs, self._columns)
        return self._events

    @property
    def columns(self) -> EventColumns:
        if self._columns is None:
            assert self._events is not None
            self._columns = columns_of(self._events)
        return self._columns

    def block_counts(self) -> tuple[int, int, int]:
        """``(stored blocks, removed blocks, clears)`` from whichever view exists (cheap)."""
        if self._columns is not None:
            c = self._columns
            return len(c.stored.hashes), len(c.removed.hashes), c.clears
        stored = removed = clears = 0
        for ev in self.events:
            if isinstance(ev, BlockStored):
                stored += len(ev.block_hashes)
            elif isinstance(ev, BlockRemoved):
                removed += len(ev.block_hashes)
            else:
                clears += 1
        return stored, removed, clears

    def __repr__(self) -> str:
        return (
            f"DecodedBatch(ts={self.ts!r}, events={self.n_events}, rank="
            f"{self.data_parallel_rank!r}, unknown={self.unknown}, malformed={self.malformed})"
        )


def columns_of(events: Sequence[KVEvent]) -> EventColumns:
    """The columns of already-built events (the generic decoder's output, tests)."""
    s_hash: list[int] = []
    s_tok: list[TokenIds] = []
    counts, n_tokens, block_sizes, lora_ids = [], [], [], []
    parents: list[EngineHash | None] = []
    media: list[str] = []
    loras: list[str | None] = []
    r_hash: list[int] = []
    r_counts: list[int] = []
    r_media: list[str] = []
    clears = 0
    for ev in events:
        if isinstance(ev, BlockStored):
            s_hash += ev.block_hashes
            s_tok.append(ev.token_ids)
            counts.append(len(ev.block_hashes))
            n_tokens.append(len(ev.token_ids))
            parents.append(ev.parent_block_hash)
            block_sizes.append(ev.block_size)
            media.append(ev.medium)
            loras.append(ev.lora_name)
            lora_ids.append(ev.lora_id)
        elif isinstance(ev, BlockRemoved):
            r_hash += ev.block_hashes
            r_counts.append(len(ev.block_hashes))
            r_media.append(ev.medium)
        else:
            clears += 1
    tokens = np.concatenate(s_tok) if s_tok else np.zeros(0, dtype=np.int64)
    stored = StoredColumns(
        np.array(s_hash, dtype=np.uint64),
        tokens.astype(np.int64, copy=False),
        counts,
        n_tokens,
        parents,
        block_sizes,
        media,
        loras,
        lora_ids,
    )
    removed = RemovedColumns(np.array(r_hash, dtype=np.uint64), r_counts, r_media)
    return EventColumns(stored, removed, clears)


# ---- typed path --------------------------------------------------------------------------


class _StoredArray(msgspec.Struct, tag="BlockStored", array_like=True, gc=False):
    block_hashes: list[int]
    parent_block_hash: int | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None = None
    medium: str | None = None
    lora_name: str | None = None


class _RemovedArray(msgspec.Struct, tag="BlockRemoved", array_like=True, gc=False):
    block_hashes: list[int]
    medium: str | None = None


class _ClearedArray(msgspec.Struct, tag="AllBlocksCleared", array_like=True, gc=False):
    pass


class _StoredMap(msgspec.Struct, tag="BlockStored", gc=False):
    block_hashes: list[int]
    parent_block_hash: int | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None = None
    medium: str | None = None
    lora_name: str | None = None


class _RemovedMap(msgspec.Struct, tag="BlockRemoved", gc=False):
    block_hashes: list[int]
    medium: str | None = None


class _ClearedMap(msgspec.Struct, tag="AllBlocksCleared", gc=False):
    pass


_ArrayEvent = _StoredArray | _RemovedArray | _ClearedArray
_MapEvent = _StoredMap | _RemovedMap | _ClearedMap


class _BatchArrayArray(msgspec.Struct, array_like=True):
    ts: float
    events: list[_ArrayEvent]
    data_parallel_rank: int | None = None


class _BatchArrayMap(msgspec.Struct, array_like=True):
    ts: float
    events: list[_MapEvent]
    data_parallel_rank: int | None = None


class _BatchMapArray(msgspec.Struct):
    events: list[_ArrayEvent]
    ts: float = 0.0
    data_parallel_rank: int | None = None


class _BatchMapMap(msgspec.Struct):
    events: list[_MapEvent]
    ts: float = 0.0
    data_parallel_rank: int | None = None


_TypedBatch = _BatchArrayArray | _BatchArrayMap | _BatchMapArray | _BatchMapMap
_STORED = (_StoredArray, _StoredMap)
_REMOVED = (_RemovedArray, _RemovedMap)
_DECODERS: list[msgspec.msgpack.Decoder[Any]] = [
    msgspec.msgpack.Decoder(t)
    for t in (_BatchArrayMap, _BatchArrayArray, _BatchMapMap, _BatchMapArray)
]
"""Current vLLM first (positional batch, map events); the last success moves to the front."""


def _decode_typed(payload: bytes) -> DecodedBatch | None:
    """The fast path; None when the payload needs the generic walker."""
    raw: _TypedBatch | None = None
    for i, dec in enumerate(_DECODERS):
        try:
            raw = dec.decode(payload)
        except msgspec.DecodeError:
            continue
        if i:
            _DECODERS.insert(0, _DECODERS.pop(i))
        break
    if raw is None:
        return None
    try:
        columns = _columns(raw.events)
    except (OverflowError, ValueError):
        return None
    if columns is None:
        return None
    return DecodedBatch(raw.ts, None, raw.data_parallel_rank, columns=columns, structs=raw.events)


def _columns(events: list[Any]) -> EventColumns | None:
    """Lay typed events out column-wise (None: the generic walker must decide).

    Written as comprehensions over each event type rather than one loop with branches:
    a pod's step can carry hundreds of one-block ``BlockRemoved`` events.
    """
    kinds = [type(ev) for ev in events]
    removed_types, stored_types = _REMOVED, _STORED
    rms = [ev for ev, k in zip(events, kinds, strict=True) if k in removed_types]
    sts = [ev for ev, k in zip(events, kinds, strict=True) if k in stored_types]
    clears = len(events) - len(rms) - len(sts)
    r_hash = [h for ev in rms for h in ev.block_hashes]
    r_counts = [len(ev.block_hashes) for ev in rms]
    r_media = [MEDIUM_GPU if ev.medium is None else ev.medium for ev in rms]
    if any(ev.block_size <= 0 for ev in sts):
        return None
    s_hash: list[int] = []
    s_tok: list[int] = []
    for ev in sts:  # few events, long lists: list.extend copies in C
        s_hash += ev.block_hashes
        s_tok += ev.token_ids
    # msgspec typed these as ints (no bools, no floats); fromiter is the cheapest copy
    tokens = np.fromiter(s_tok, dtype=np.int64, count=len(s_tok))
    if len(tokens) and int(tokens.min()) < 0:
        return None
    stored = StoredColumns(
        _u64(s_hash),
        tokens,
        [len(ev.block_hashes) for ev in sts],
        [len(ev.token_ids) for ev in sts],
        [
            None if ev.parent_block_hash is None else fold_engine_hash(ev.parent_block_hash)
            for ev in sts
        ],
        [ev.block_size for ev in sts],
        [MEDIUM_GPU if ev.medium is None else ev.medium for ev in sts],
        [ev.lora_name for ev in sts],
        [ev.lora_id for ev in sts],
    )
    return EventColumns(stored, RemovedColumns(_u64(r_hash), r_counts, r_media), clears)


def _u64(hashes: list[int]) -> EngineHashes:
    """Engine hashes as u64: unsigned as they are, signed (old vLLM) two's complement."""
    try:
        return np.array(hashes, dtype=np.uint64)
    except OverflowError:
        return np.array(hashes, dtype=np.int64).view(np.uint64)


def _materialize(structs: list[Any], cols: EventColumns) -> list[KVEvent]:
    """The per-event objects of a typed batch (for the CLI and the per-event fallback)."""
    st, rm = cols.stored, cols.removed
    out: list[KVEvent] = []
    si = ri = hs = ts_ = hr = 0
    for ev in structs:
        if isinstance(ev, _STORED):
            n, nt = st.counts[si], st.n_tokens[si]
            out.append(
                BlockStored(
                    block_hashes=st.hashes[hs : hs + n].tolist(),
                    parent_block_hash=st.parents[si],
                    token_ids=st.tokens[ts_ : ts_ + nt],
                    block_size=st.block_sizes[si],
                    medium=st.media[si],
                    lora_name=st.loras[si],
                    lora_id=st.lora_ids[si],
                )
            )
            si, hs, ts_ = si + 1, hs + n, ts_ + nt
        elif isinstance(ev, _REMOVED):
            n = rm.counts[ri]
            out.append(BlockRemoved(rm.hashes[hr : hr + n].tolist(), rm.media[ri]))
            ri, hr = ri + 1, hr + n
        else:
            out.append(AllBlocksCleared())
    return out


# ---- generic path ------------------------------------------------------------------------


class _BadEvent(Exception):
    """Internal: one event did not validate."""


_decoder = msgspec.msgpack.Decoder()


def decode_batch(payload: bytes) -> DecodedBatch:
    """Decode one ZMQ payload; raises ``EventDecodeError`` if it is not an event batch."""
    typed = _decode_typed(payload)
    return typed if typed is not None else decode_batch_generic(payload)


def decode_batch_generic(payload: bytes) -> DecodedBatch:
    """The exact walker alone (what ``decode_batch`` falls back to); for tests and tools."""
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


def _tokens(value: Any) -> TokenIds:
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
