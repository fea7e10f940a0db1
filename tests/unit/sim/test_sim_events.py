"""KV-event wire format: both encodings against vLLM's own msgspec Struct shapes.

The Struct classes below restate ``vllm/distributed/kv_events.py``: ``EventBatch`` is
``array_like``; events are tagged by class name, ``array_like`` in older vLLM (the
"array" encoding) and maps in current vLLM (the "map" encoding). Encoding the same
batch with those Structs must give byte-identical payloads.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from kinference_epp.sim.events import (
    END_SEQ,
    AllBlocksCleared,
    BlockRemoved,
    BlockStored,
    KVEvent,
    encode_batch,
    encode_seq,
)
from kinference_epp.sim.publisher import EventLog


class EventBatch(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):
    ts: float
    events: list[Any]
    data_parallel_rank: int | None = None


# --- current vLLM: events are maps --------------------------------------------------------
class MapEvent(msgspec.Struct, omit_defaults=True, gc=False, tag=True):
    pass


class MapBlockStored(MapEvent, tag="BlockStored"):
    block_hashes: list[int]
    parent_block_hash: int | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None
    medium: str | None
    lora_name: str | None
    event_version: int = 1
    extra_keys: list[Any] | None = None
    group_idx: int | None = None


class MapBlockRemoved(MapEvent, tag="BlockRemoved"):
    block_hashes: list[int]
    medium: str | None
    group_idx: int | None = None


class MapAllBlocksCleared(MapEvent, tag="AllBlocksCleared"):
    pass


class MapBatch(EventBatch):
    events: list[MapBlockStored | MapBlockRemoved | MapAllBlocksCleared]


# --- older vLLM: events are arrays --------------------------------------------------------
class ArrEvent(msgspec.Struct, array_like=True, omit_defaults=True, gc=False, tag=True):
    pass


class ArrBlockStored(ArrEvent, tag="BlockStored"):
    block_hashes: list[int]
    parent_block_hash: int | None
    token_ids: list[int]
    block_size: int
    lora_id: int | None
    medium: str | None
    lora_name: str | None = None


class ArrBlockRemoved(ArrEvent, tag="BlockRemoved"):
    block_hashes: list[int]
    medium: str | None


class ArrAllBlocksCleared(ArrEvent, tag="AllBlocksCleared"):
    pass


class ArrBatch(EventBatch):
    events: list[ArrBlockStored | ArrBlockRemoved | ArrAllBlocksCleared]


BIG = 2**64 - 1
EVENTS: list[KVEvent] = [
    BlockStored([BIG, 7], None, list(range(8)), 4, lora_name="ad"),
    BlockStored([9], 7, [1, 2, 3, 4], 4),
    BlockRemoved([BIG]),
    AllBlocksCleared(),
]


def test_map_encoding_is_byte_identical_to_current_vllm() -> None:
    ours = encode_batch(EVENTS, 1.5, "map")
    theirs = msgspec.msgpack.encode(
        MapBatch(
            1.5,
            [
                MapBlockStored([BIG, 7], None, list(range(8)), 4, None, "GPU", "ad"),
                MapBlockStored([9], 7, [1, 2, 3, 4], 4, None, "GPU", None),
                MapBlockRemoved([BIG], "GPU"),
                MapAllBlocksCleared(),
            ],
            0,
        )
    )
    assert ours == theirs
    decoded = msgspec.msgpack.decode(ours, type=MapBatch)
    assert isinstance(decoded.events[0], MapBlockStored)
    assert decoded.events[0].block_hashes == [BIG, 7]
    raw = msgspec.msgpack.decode(ours)
    assert raw[0] == 1.5
    assert raw[2] == 0
    assert raw[1][2] == {"type": "BlockRemoved", "block_hashes": [BIG], "medium": "GPU"}
    assert raw[1][3] == {"type": "AllBlocksCleared"}


def test_array_encoding_is_byte_identical_to_older_vllm() -> None:
    ours = encode_batch(EVENTS, 2.0, "array")
    theirs = msgspec.msgpack.encode(
        ArrBatch(
            2.0,
            [
                ArrBlockStored([BIG, 7], None, list(range(8)), 4, None, "GPU", "ad"),
                ArrBlockStored([9], 7, [1, 2, 3, 4], 4, None, "GPU", None),
                ArrBlockRemoved([BIG], "GPU"),
                ArrAllBlocksCleared(),
            ],
            0,
        )
    )
    # msgspec omits a trailing default (lora_name=None) in array_like structs; compare decoded.
    assert msgspec.msgpack.decode(ours, type=ArrBatch) == msgspec.msgpack.decode(
        theirs, type=ArrBatch
    )
    raw = msgspec.msgpack.decode(ours)
    assert raw[1][0] == ["BlockStored", [BIG, 7], None, list(range(8)), 4, None, "GPU", "ad"]
    assert raw[1][2] == ["BlockRemoved", [BIG], "GPU"]
    assert raw[1][3] == ["AllBlocksCleared"]


def test_signed_hashes_round_trip() -> None:
    payload = encode_batch([BlockRemoved([-(2**63), -1])], 0.0, "array")
    assert msgspec.msgpack.decode(payload)[1][0][1] == [-(2**63), -1]


def test_unknown_encoding_rejected() -> None:
    with pytest.raises(ValueError, match="encoding"):
        encode_batch([], 0.0, "json")  # type: ignore[arg-type]


def test_event_log_frames_and_replay() -> None:
    log = EventLog(b"kv", buffer_steps=3)
    frames = [log.append(f"p{i}".encode()) for i in range(5)]
    assert frames[0] == [b"kv", (0).to_bytes(8, "big"), b"p0"]
    assert frames[4][1] == (4).to_bytes(8, "big")
    assert END_SEQ == b"\xff" * 8 == encode_seq(-1)
    replies = log.replay_frames([b"id", b"", (3).to_bytes(8, "big")])
    assert replies == [
        [b"id", b"", b"kv", encode_seq(3), b"p3"],
        [b"id", b"", b"kv", encode_seq(4), b"p4"],
        [b"id", b"", b"", END_SEQ, b""],
    ]
    # Only the last three batches are kept: a replay from 0 starts at 2.
    assert [r[3] for r in log.replay_frames([b"id", b"", encode_seq(0)])][:1] == [encode_seq(2)]
    assert log.replay_frames([b"id", b"junk"]) == []


def test_legacy_replay_frames_have_no_topic() -> None:
    log = EventLog(b"kv", replay_topic=False)
    log.append(b"p0")
    assert log.replay_frames([b"id", b"", encode_seq(0)]) == [
        [b"id", b"", encode_seq(0), b"p0"],
        [b"id", b"", END_SEQ, b""],
    ]
