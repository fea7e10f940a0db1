"""The compiled event-batch walker gives exactly what the exact decoder gives, or gives up."""

from __future__ import annotations

import contextlib
from typing import Any

import msgspec
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kv_compare import normalised

from kinference_epp.kvcache.decode_kernel import OK, decode_columns
from kinference_epp.kvcache.events import (
    DecodedBatch,
    EventDecodeError,
    _decode_compiled,
    decode_batch,
    decode_batch_generic,
)


def _columns(b: DecodedBatch) -> object:
    c = b.columns
    s, r = c.stored, c.removed
    return (
        s.hashes.tolist(), s.tokens.tolist(), s.counts, s.n_tokens, s.parents, s.block_sizes,
        s.media, s.loras, s.lora_ids, r.hashes.tolist(), r.counts, r.media, c.clears,
    )  # fmt: skip


_hash = st.integers(0, 2**64 - 1) | st.integers(-(2**63), -1) | st.binary(max_size=12)
_medium = st.sampled_from([None, "GPU", "CPU"])
_stored = st.fixed_dictionaries(
    {
        "type": st.just("BlockStored"),
        "block_hashes": st.lists(_hash, max_size=4),
        "parent_block_hash": st.none() | _hash,
        "token_ids": st.lists(st.integers(0, 2**63 - 1) | st.integers(0, 70_000), max_size=12),
        "block_size": st.integers(1, 4),
        "lora_id": st.none() | st.integers(-(2**63), 2**63 - 1),
        "medium": _medium,
        "lora_name": st.none() | st.text(max_size=3),
    },
    optional={
        "extra_keys": st.none() | st.lists(st.integers(0, 9)),
        "group_idx": st.integers(0, 3),
    },
)
_removed = st.fixed_dictionaries(
    {"type": st.just("BlockRemoved"), "block_hashes": st.lists(_hash, max_size=4)},
    optional={"medium": _medium, "group_idx": st.integers(0, 3)},
)
_cleared = st.just({"type": "AllBlocksCleared"})
_ARRAY_ORDER = {
    "BlockStored": ("block_hashes", "parent_block_hash", "token_ids", "block_size", "lora_id",
                    "medium", "lora_name", "extra_keys", "group_idx"),
    "BlockRemoved": ("block_hashes", "medium", "group_idx"),
    "AllBlocksCleared": (),
}  # fmt: skip


def _as_array(ev: dict[str, Any], cut: int) -> list[Any]:
    """vLLM's array_like form, its trailing optional fields left out from ``cut`` on."""
    required = {"BlockStored": 4, "BlockRemoved": 1, "AllBlocksCleared": 0}[ev["type"]]
    fields = [ev.get(k) for k in _ARRAY_ORDER[ev["type"]]]
    return [ev["type"], *fields[: max(cut, required)]]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(_stored | _removed | _cleared, st.integers(0, 9)), max_size=6),
    st.sampled_from(["array", "map"]),
    st.none() | st.integers(-3, 2**40),
    st.floats(allow_nan=False) | st.integers(0, 2**40),
)
def test_kernel_agrees_with_the_exact_decoder(
    events: list[tuple[dict[str, Any], int]], encoding: str, rank: int | None, ts: float
) -> None:
    # msgspec writes the tag first
    wire = [{"type": ev["type"], **ev} if encoding == "map" else _as_array(ev, cut) for ev, cut in events]  # fmt: skip
    payload = msgspec.msgpack.encode([ts, wire, rank])
    exact = decode_batch_generic(payload)
    fast = _decode_compiled(payload)
    assert fast is not None  # every shape vLLM sends takes the kernel
    assert normalised(fast) == normalised(exact)
    assert _columns(fast) == _columns(DecodedBatch(0.0, exact.events))
    assert normalised(decode_batch(payload)) == normalised(exact)


def test_vllm_payload_shapes_take_the_kernel() -> None:
    stored = {"type": "BlockStored", "block_hashes": [2**64 - 1, -5, b"\x01" * 32],
              "parent_block_hash": None, "token_ids": [1, 2**40, 300, 70_000], "block_size": 1,
              "lora_id": None, "medium": "GPU", "lora_name": "ad"}  # fmt: skip
    for wire in ([stored, {"type": "BlockRemoved", "block_hashes": [7], "medium": None}],
                 [_as_array(stored, 9), ["BlockRemoved", [7], "CPU"], ["AllBlocksCleared"]]):  # fmt: skip
        payload = msgspec.msgpack.encode([1.5, wire, 0])
        fast = _decode_compiled(payload)
        assert fast is not None
        assert normalised(fast) == normalised(decode_batch_generic(payload))


@pytest.mark.parametrize(
    "wire",
    [
        {"ts": 1.0, "events": []},  # a map batch
        [1.0, [["Mystery", 1]], 0],  # an unknown event
        [1.0, [["BlockStored", [1]]], 0],  # a malformed one
        [1.0, [["BlockStored", [1], None, [-1], 1, None, "GPU", None]], 0],  # negative token
        [1.0, [["BlockRemoved", [1], "DISK"]], 0],  # another medium
        [1.0, [{"type": "AllBlocksCleared", "x": {"type": 1}}], 0],  # a map to skip
        [True, [], 0],
        [1.0, [], True],
    ],
)
def test_kernel_leaves_other_shapes_to_the_exact_decoder(wire: object) -> None:
    assert _decode_compiled(msgspec.msgpack.encode(wire)) is None


def test_trailing_bytes_and_truncation_are_left_to_the_exact_decoder() -> None:
    payload = msgspec.msgpack.encode([1.0, [["BlockRemoved", [2**64 - 1], None]], 0])
    assert _decode_compiled(payload) is not None
    for bad in (payload + b"\x00", *(payload[:i] for i in range(len(payload)))):
        assert _decode_compiled(bad) is None
        with contextlib.suppress(EventDecodeError):
            decode_batch(bad)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_crash_the_kernel(payload: bytes) -> None:
    summary = decode_columns(np.frombuffer(payload, dtype=np.uint8))[0]
    assert summary[0] in (0, OK)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_payloads_agree_or_fall_back(data: st.DataObject) -> None:
    wire = [1.0, [["BlockStored", [1, -2], 3, [1, 2, 300, 70_000], 2, None, "GPU", "a"],
                  {"type": "BlockRemoved", "block_hashes": [2**64 - 1], "medium": "CPU"}], 0]  # fmt: skip
    raw = bytearray(msgspec.msgpack.encode(wire))
    for _ in range(data.draw(st.integers(1, 3))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    payload = bytes(raw)
    fast = _decode_compiled(payload)
    if fast is None:
        return
    assert normalised(fast) == normalised(decode_batch_generic(payload))
