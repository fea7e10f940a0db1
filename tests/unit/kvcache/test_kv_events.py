"""Decoding vLLM's EventBatch: golden payloads in both encodings, every hash form, garbage."""

from __future__ import annotations

import contextlib

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kv_compare import normalised

from kinference_epp.kvcache.events import (
    AllBlocksCleared,
    BlockRemoved,
    BlockStored,
    EventDecodeError,
    _decode_compiled,
    columns_of,
    decode_batch,
    decode_batch_generic,
)
from kinference_epp.sim.events import AllBlocksCleared as SimCleared
from kinference_epp.sim.events import BlockRemoved as SimRemoved
from kinference_epp.sim.events import BlockStored as SimStored
from kinference_epp.sim.events import encode_batch

# Produced once with msgspec from vLLM-shaped data (array_like events, positional batch):
# [1.5, [["BlockStored", [2**64-1, -2, bytes(24)+0x0102030405060708], None, [1..6], 2,
#          None, "GPU", None], ["BlockRemoved", [7], "CPU"], ["AllBlocksCleared"],
#        ["Mystery", 1]], 0]
GOLDEN_ARRAY = bytes.fromhex(
    "93cb3ff80000000000009498ab426c6f636b53746f72656493cffffffffffffffffffec4200000000000"
    "000000000000000000000000000000000000000102030405060708c09601020304050602c0a3475055c0"
    "93ac426c6f636b52656d6f7665649107a343505591b0416c6c426c6f636b73436c656172656492a74d79"
    "73746572790100"
)
# Map batch and map events (newer vLLM), with optional extra fields:
# {"ts": 2.0, "events": [{"type": "BlockStored", "block_hashes": [5, -1],
#   "parent_block_hash": 9, "token_ids": [1, 2, 3, 4], "block_size": 2, "lora_id": None,
#   "medium": "CPU", "lora_name": "ad", "extra_keys": None, "group_idx": 0},
#  {"type": "BlockRemoved", "block_hashes": [b"\xff" * 8], "medium": None},
#  {"type": "AllBlocksCleared"}], "data_parallel_rank": None}
GOLDEN_MAP = bytes.fromhex(
    "83a27473cb4000000000000000a66576656e7473938aa474797065ab426c6f636b53746f726564ac626c"
    "6f636b5f6861736865739205ffb1706172656e745f626c6f636b5f6861736809a9746f6b656e5f696473"
    "9401020304aa626c6f636b5f73697a6502a76c6f72615f6964c0a66d656469756da3435055a96c6f7261"
    "5f6e616d65a26164aa65787472615f6b657973c0a967726f75705f6964780083a474797065ac426c6f63"
    "6b52656d6f766564ac626c6f636b5f68617368657391c408ffffffffffffffffa66d656469756dc081a4"
    "74797065b0416c6c426c6f636b73436c6561726564b2646174615f706172616c6c656c5f72616e6bc0"
)
# Positional batch, map events (current vLLM main).
GOLDEN_MIXED = bytes.fromhex(
    "93cb40080000000000009188a474797065ab426c6f636b53746f726564ac626c6f636b5f686173686573"
    "910ab1706172656e745f626c6f636b5f68617368c0a9746f6b656e5f696473920707aa626c6f636b5f73"
    "697a6502a76c6f72615f6964c0a66d656469756da3475055a96c6f72615f6e616d65c001"
)


def test_golden_array_encoding_and_hash_forms() -> None:
    b = decode_batch(GOLDEN_ARRAY)
    assert b.ts == 1.5
    assert b.data_parallel_rank == 0
    assert b.unknown == 1
    assert b.malformed == 0
    stored, removed, cleared = b.events
    assert isinstance(stored, BlockStored)
    assert stored.block_hashes == [2**64 - 1, 2**64 - 2, 0x0102030405060708]
    assert stored.parent_block_hash is None
    assert stored.token_ids.tolist() == [1, 2, 3, 4, 5, 6]
    assert (stored.block_size, stored.medium, stored.lora_name) == (2, "GPU", None)
    assert removed == BlockRemoved([7], "CPU")
    assert cleared == AllBlocksCleared()


def test_golden_map_encoding() -> None:
    b = decode_batch(GOLDEN_MAP)
    assert (b.ts, b.data_parallel_rank, b.unknown, b.malformed) == (2.0, None, 0, 0)
    stored, removed, cleared = b.events
    assert isinstance(stored, BlockStored)
    assert stored.block_hashes == [5, 2**64 - 1]
    assert stored.parent_block_hash == 9
    assert stored.token_ids.tolist() == [1, 2, 3, 4]
    assert (stored.medium, stored.lora_name) == ("CPU", "ad")
    assert removed == BlockRemoved([2**64 - 1], "GPU")
    assert isinstance(cleared, AllBlocksCleared)


def test_golden_positional_batch_with_map_events() -> None:
    b = decode_batch(GOLDEN_MIXED)
    assert b.data_parallel_rank == 1
    (stored,) = b.events
    assert isinstance(stored, BlockStored)
    assert stored.block_hashes == [10]


@pytest.mark.parametrize("encoding", ["array", "map"])
def test_sim_publisher_payloads_decode(encoding: str) -> None:
    payload = encode_batch(
        [
            SimStored([1, -5], 3, list(range(32)), 16, lora_name="x"),
            SimRemoved([-5], medium=None),
        ],
        ts=9.0,
        encoding=encoding,  # type: ignore[arg-type]
    )
    stored, removed = decode_batch(payload).events
    assert isinstance(stored, BlockStored)
    assert stored.block_hashes == [1, 2**64 - 5]
    assert stored.lora_name == "x"
    assert removed == BlockRemoved([2**64 - 5], "GPU")


def test_older_short_array_events() -> None:
    enc = msgspec.msgpack.encode(
        [0.0, [["BlockStored", [1], None, [1, 2], 2, None], ["BlockRemoved", [1]]]]
    )
    stored, removed = decode_batch(enc).events
    assert isinstance(stored, BlockStored)
    assert stored.medium == "GPU"
    assert removed == BlockRemoved([1], "GPU")


@pytest.mark.parametrize(
    "bad_event",
    [
        ["BlockStored", [1], None, [1, 2], "16", None, "GPU", None],
        ["BlockStored", [1.5], None, [1, 2], 2, None, "GPU", None],
        ["BlockStored", [1], None, [1, -2], 2, None, "GPU", None],
        ["BlockStored", [1], None, ["a"], 2, None, "GPU", None],
        ["BlockStored", [1]],
        {"type": "BlockStored", "block_hashes": [1]},
        {"type": "BlockRemoved"},
        ["BlockRemoved"],
        42,
    ],
)
def test_malformed_events_are_counted_not_fatal(bad_event: object) -> None:
    enc = msgspec.msgpack.encode([0.0, [bad_event, ["AllBlocksCleared"]], 0])
    b = decode_batch(enc)
    assert b.malformed == 1
    assert b.events == [AllBlocksCleared()]


@pytest.mark.parametrize(
    "payload",
    [b"", b"\xc1", msgspec.msgpack.encode(5), msgspec.msgpack.encode({"ts": 1}),
     msgspec.msgpack.encode(["x", []]), msgspec.msgpack.encode([1.0, {}])],
)  # fmt: skip
def test_undecodable_payload_raises(payload: bytes) -> None:
    with pytest.raises(EventDecodeError):
        decode_batch(payload)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_crash(payload: bytes) -> None:
    with contextlib.suppress(EventDecodeError):
        decode_batch(payload)


_leaf = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=5)
    | st.binary(max_size=9)
)
_tree = st.recursive(_leaf, lambda c: st.lists(c, max_size=5) | st.dictionaries(st.text(max_size=6), c, max_size=5), max_leaves=20)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_tree | st.sampled_from(["BlockStored", "BlockRemoved"]).flatmap(
    lambda t: st.lists(_tree, max_size=8).map(lambda xs: [t, *xs])), max_size=5))  # fmt: skip
def test_arbitrary_event_shapes_never_crash(events: list[object]) -> None:
    try:
        enc = msgspec.msgpack.encode([1.0, events, 0])
    except (OverflowError, TypeError):
        return
    b = decode_batch(enc)
    assert len(b.events) + b.unknown + b.malformed == len(events)


# ---- the compiled decoder must agree with the exact one ----------------------------------


_hash = st.integers(0, 2**64 - 1) | st.integers(-(2**63), -1)
_medium = st.sampled_from([None, "GPU", "CPU", "cpu_tier"])
_stored = st.builds(
    SimStored,
    st.lists(_hash, max_size=4),
    st.none() | _hash,
    st.lists(st.integers(0, 2**40), max_size=12),
    st.integers(1, 4),
    lora_name=st.none() | st.text(max_size=3),
    medium=_medium,
    lora_id=st.none() | st.integers(0, 9),
)
_removed = st.builds(SimRemoved, st.lists(_hash, max_size=4), medium=_medium)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_stored | _removed | st.just(SimCleared()), max_size=6),
    st.sampled_from(["array", "map"]),
    st.none() | st.integers(0, 3),
)
def test_decode_batch_agrees_with_the_exact_decoder(
    events: list[SimStored | SimRemoved | SimCleared], encoding: str, rank: int | None
) -> None:
    payload = encode_batch(events, 1.25, encoding, rank)  # type: ignore[arg-type]
    fast, exact = decode_batch(payload), decode_batch_generic(payload)
    assert normalised(fast) == normalised(exact)
    assert fast.n_events == len(fast.events) == len(events)
    cols, ref = fast.columns, columns_of(exact.events)
    assert cols.stored.hashes.tolist() == ref.stored.hashes.tolist()
    assert cols.stored.tokens.tolist() == ref.stored.tokens.tolist()
    assert cols.removed.hashes.tolist() == ref.removed.hashes.tolist()
    assert (cols.stored.counts, cols.removed.counts, cols.clears) == (
        ref.stored.counts, ref.removed.counts, ref.clears,
    )  # fmt: skip


def test_sim_publisher_batches_take_the_compiled_path() -> None:
    events = [SimStored([1, 2], None, list(range(32)), 16), SimRemoved([7])]
    for encoding in ("array", "map"):
        payload = encode_batch(events, 0.0, encoding)  # type: ignore[arg-type]
        assert _decode_compiled(payload) is not None
    # an unknown event type, a map batch: the exact decoder decides
    for raw in (GOLDEN_ARRAY, GOLDEN_MAP):
        assert _decode_compiled(raw) is None
        assert normalised(decode_batch(raw)) == normalised(decode_batch_generic(raw))
