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

Two decoders, one result. Ingestion must keep up with every pod's cache churn, so a batch
is first walked by a compiled kernel (``decode_kernel.decode_columns``) straight into the
columns the index applies (``EventColumns``: one engine-hash array and one token array for
all ``BlockStored`` events of the batch, one per-event table of block counts, sizes,
parents, media; one hash array and one table for all ``BlockRemoved``), with no Python
object per event or token. It takes vLLM's shapes only; for anything else it gives up and
the exact decoder (``decode_batch_generic``, msgspec's generic msgpack decoder and a walk
over what it returns) decides what to count, skip or reject. The kernel never counts or
rejects anything, so both agree on every payload. The per-event objects of
``DecodedBatch.events`` are only built when someone asks (the CLI, tests).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.kvcache.decode_kernel import (
    KIND_CLEARED,
    KIND_REMOVED,
    KIND_STORED,
    OK,
    R_BLOCKS,
    R_MEDIUM,
    S_BLOCKS,
    S_COLS,
    S_HAS_LORA_ID,
    S_HAS_PARENT,
    S_LORA_AT,
    S_LORA_ID,
    S_LORA_LEN,
    S_MEDIUM,
    S_PARENT,
    S_SIZE,
    S_TOKENS,
    TS_F32,
    TS_F64,
    decode_columns,
)
from kinference_epp.kvcache.hashing import EngineHash, fold_engine_hash

_F64 = struct.Struct(">d")
_F32 = struct.Struct(">f")

TokenIds = npt.NDArray[np.int64]
EngineHashes = npt.NDArray[np.uint64]

MEDIUM_GPU = "GPU"
MEDIUM_CPU = "CPU"
MEDIA = (MEDIUM_GPU, MEDIUM_CPU)
"""Media the compiled decoder knows, by index (index 0 must stay ``"GPU"``)."""


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
    """Every ``BlockStored`` of a batch, in order, as columns.

    ``table`` has one row per event, columns ``decode_kernel.S_*``: blocks, tokens, block
    size, parent (its u64 bits) and whether there is one, medium (an index into
    ``media_names``), LoRA name position in the payload, LoRA id and whether there is one.
    The list properties are for tools and tests; the index reads the arrays.
    """

    hashes: EngineHashes
    """Engine hashes of all events, concatenated (folded to u64)."""
    tokens: TokenIds
    """Token ids of all events, concatenated."""
    table: npt.NDArray[np.int64]
    loras: list[str | None]
    media_names: tuple[str, ...] = MEDIA
    wide: tuple[list[int], list[int | None]] | None = None
    """Block sizes and LoRA ids exactly, when one does not fit int64 (the table then holds
    -1 for such a block size, which no index accepts, and 0 for such a LoRA id)."""

    @property
    def counts(self) -> list[int]:
        """Blocks (engine hashes) per event."""
        return self.table[:, S_BLOCKS].tolist()  # type: ignore[no-any-return]

    @property
    def n_tokens(self) -> list[int]:
        return self.table[:, S_TOKENS].tolist()  # type: ignore[no-any-return]

    @property
    def block_sizes(self) -> list[int]:
        if self.wide is not None:
            return self.wide[0]
        return self.table[:, S_SIZE].tolist()  # type: ignore[no-any-return]

    @property
    def parents(self) -> list[EngineHash | None]:
        bits = self.table[:, S_PARENT].view(np.uint64).tolist()
        has = self.table[:, S_HAS_PARENT].tolist()
        return [EngineHash(p) if h else None for p, h in zip(bits, has, strict=True)]

    @property
    def media(self) -> list[str]:
        names = self.media_names
        return [names[m] for m in self.table[:, S_MEDIUM].tolist()]

    @property
    def lora_ids(self) -> list[int | None]:
        if self.wide is not None:
            return self.wide[1]
        ids, has = self.table[:, S_LORA_ID].tolist(), self.table[:, S_HAS_LORA_ID].tolist()
        return [i if h else None for i, h in zip(ids, has, strict=True)]


@dataclass(frozen=True, slots=True)
class RemovedColumns:
    """Every ``BlockRemoved`` of a batch, in order: ``table`` columns ``decode_kernel.R_*``
    (blocks, medium as an index into ``media_names``)."""

    hashes: EngineHashes
    table: npt.NDArray[np.int64]
    media_names: tuple[str, ...] = MEDIA

    @property
    def counts(self) -> list[int]:
        return self.table[:, R_BLOCKS].tolist()  # type: ignore[no-any-return]

    @property
    def media(self) -> list[str]:
        names = self.media_names
        return [names[m] for m in self.table[:, R_MEDIUM].tolist()]


@dataclass(frozen=True, slots=True)
class EventColumns:
    """A batch column-wise: what the index applies in a few vectorised calls.

    ``kinds`` keeps the order: the kind (``decode_kernel.KIND_*``) of every event, so the
    k-th ``KIND_STORED`` is row k of ``stored`` and the k-th ``KIND_REMOVED`` row k of
    ``removed``. A medium index 0 is always ``"GPU"``; every other medium is an offload tier.
    """

    stored: StoredColumns
    removed: RemovedColumns
    kinds: npt.NDArray[np.int8]

    @property
    def clears(self) -> int:
        """``AllBlocksCleared`` events."""
        return len(self.kinds) - len(self.stored.table) - len(self.removed.table)


class DecodedBatch:
    """One ``EventBatch``: the events we understood, and how many we had to skip.

    ``columns`` and ``events`` are two views of the same events; whichever the decoder did
    not build is built (once) when first read.
    """

    __slots__ = (
        "_columns",
        "_events",
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
    ) -> None:
        if events is None and columns is None:
            raise ValueError("DecodedBatch needs events or columns")
        self.ts = ts
        self.data_parallel_rank = data_parallel_rank
        self.unknown = unknown
        """Events with a type this decoder does not know (skipped)."""
        self.malformed = malformed
        """Events of a known type whose fields did not validate (skipped)."""
        self._events = events
        self._columns = columns

    @property
    def n_events(self) -> int:
        """Events understood (without building them)."""
        if self._events is not None:
            return len(self._events)
        assert self._columns is not None
        return len(self._columns.kinds)

    @property
    def events(self) -> list[KVEvent]:
        if self._events is None:
            assert self._columns is not None
            self._events = _materialize(self._columns)
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
    stored = [ev for ev in events if isinstance(ev, BlockStored)]
    removed = [ev for ev in events if isinstance(ev, BlockRemoved)]
    media = list(MEDIA)
    for medium in [ev.medium for ev in stored] + [ev.medium for ev in removed]:
        if medium not in media:
            media.append(medium)
    code = {m: i for i, m in enumerate(media)}
    s_table, wide = _stored_table(
        [
            (len(ev.block_hashes), len(ev.token_ids), ev.block_size, ev.parent_block_hash,
             code[ev.medium], ev.lora_id)
            for ev in stored
        ]
    )  # fmt: skip
    s_tok = [ev.token_ids for ev in stored]
    tokens = np.concatenate(s_tok) if s_tok else np.zeros(0, dtype=np.int64)
    cols = StoredColumns(
        _u64([h for ev in stored for h in ev.block_hashes]),
        tokens.astype(np.int64, copy=False),
        s_table,
        [ev.lora_name for ev in stored],
        tuple(media),
        wide,
    )
    r_table = np.array(
        [(len(ev.block_hashes), code[ev.medium]) for ev in removed], dtype=np.int64
    ).reshape(-1, 2)
    r_hashes = _u64([h for ev in removed for h in ev.block_hashes])
    kinds = np.array(
        [KIND_STORED if isinstance(ev, BlockStored) else KIND_REMOVED
         if isinstance(ev, BlockRemoved) else KIND_CLEARED for ev in events],
        dtype=np.int8,
    )  # fmt: skip
    return EventColumns(cols, RemovedColumns(r_hashes, r_table, tuple(media)), kinds)


_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1


def _stored_table(
    rows: list[tuple[int, int, int, int | None, int, int | None]],
) -> tuple[npt.NDArray[np.int64], tuple[list[int], list[int | None]] | None]:
    """``StoredColumns.table`` (and ``wide``) from (blocks, tokens, block size, parent,
    medium, LoRA id) per event; parents already folded to u64."""
    table = np.zeros((len(rows), S_COLS), dtype=np.int64)
    table[:, S_LORA_AT] = -1
    if not rows:
        return table, None
    blocks, n_tok, sizes, parents, media, lora_ids = (list(c) for c in zip(*rows, strict=True))
    wide = None
    fits = [i is None or _I64_MIN <= i <= _I64_MAX for i in lora_ids]
    if max(sizes) > _I64_MAX or not all(fits):
        wide = (sizes, lora_ids)
        sizes = [-1 if v > _I64_MAX else v for v in sizes]
        lora_ids = [i if ok else 0 for i, ok in zip(lora_ids, fits, strict=True)]
    table[:, S_BLOCKS], table[:, S_TOKENS] = blocks, n_tok
    table[:, S_SIZE], table[:, S_MEDIUM] = sizes, media
    table[:, S_PARENT] = _u64([0 if p is None else p for p in parents]).view(np.int64)
    table[:, S_HAS_PARENT] = [p is not None for p in parents]
    table[:, S_LORA_ID] = [0 if i is None else i for i in lora_ids]
    table[:, S_HAS_LORA_ID] = [i is not None for i in lora_ids]
    return table, wide


def _u64(hashes: list[int]) -> EngineHashes:
    """Engine hashes as u64: unsigned as they are, signed (old vLLM) two's complement."""
    try:
        return np.array(hashes, dtype=np.uint64)
    except OverflowError:
        return np.array(hashes, dtype=np.int64).view(np.uint64)


def _materialize(cols: EventColumns) -> list[KVEvent]:
    """The per-event objects of a column-wise batch (for the CLI and the per-event fallback)."""
    st, rm = cols.stored, cols.removed
    s_hashes, r_hashes = st.hashes.tolist(), rm.hashes.tolist()
    counts, n_tokens, parents = st.counts, st.n_tokens, st.parents
    sizes, media, loras, lora_ids = st.block_sizes, st.media, st.loras, st.lora_ids
    r_counts, r_media = rm.counts, rm.media
    out: list[KVEvent] = []
    si = ri = hs = ts_ = hr = 0
    for kind in cols.kinds.tolist():
        if kind == KIND_STORED:
            n, nt = counts[si], n_tokens[si]
            out.append(
                BlockStored(
                    block_hashes=s_hashes[hs : hs + n],
                    parent_block_hash=parents[si],
                    token_ids=st.tokens[ts_ : ts_ + nt],
                    block_size=sizes[si],
                    medium=media[si],
                    lora_name=loras[si],
                    lora_id=lora_ids[si],
                )
            )
            si, hs, ts_ = si + 1, hs + n, ts_ + nt
        elif kind == KIND_REMOVED:
            n = r_counts[ri]
            out.append(BlockRemoved(r_hashes[hr : hr + n], r_media[ri]))
            ri, hr = ri + 1, hr + n
        else:
            out.append(AllBlocksCleared())
    return out


def _decode_compiled(payload: bytes) -> DecodedBatch | None:
    """The compiled walker (``decode_kernel``); None when the exact decoders must decide."""
    buf = np.frombuffer(payload, dtype=np.uint8)
    summary, kinds, table, s_hashes, tokens, r_table, r_hashes = decode_columns(buf)
    status, ts_kind, ts_at, ts_int, has_rank, rank, n_loras = summary.tolist()
    if status != OK:
        return None
    if ts_kind == TS_F64:
        ts = _F64.unpack_from(payload, ts_at)[0]
    elif ts_kind == TS_F32:
        ts = _F32.unpack_from(payload, ts_at)[0]
    else:
        ts = float(ts_int)
    loras: list[str | None] = [None] * len(table)
    if n_loras:
        raw = bytes(payload)
        for i, (at, length) in enumerate(table[:, [S_LORA_AT, S_LORA_LEN]].tolist()):
            if at >= 0:
                try:
                    loras[i] = raw[at : at + length].decode()
                except UnicodeDecodeError:
                    return None
    cols = EventColumns(
        StoredColumns(s_hashes, tokens, table, loras), RemovedColumns(r_hashes, r_table), kinds
    )
    return DecodedBatch(ts, None, rank if has_rank else None, columns=cols)


# ---- generic path ------------------------------------------------------------------------


class _BadEvent(Exception):
    """Internal: one event did not validate."""


_decoder = msgspec.msgpack.Decoder()


def decode_batch(payload: bytes) -> DecodedBatch:
    """Decode one ZMQ payload; raises ``EventDecodeError`` if it is not an event batch."""
    batch = _decode_compiled(payload)
    return batch if batch is not None else decode_batch_generic(payload)


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
