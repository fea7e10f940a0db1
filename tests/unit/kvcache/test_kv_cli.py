"""``kinfctl kv-events`` against the sim's real publisher (replay, then live)."""

from __future__ import annotations

import asyncio
import json

import pytest
import zmq.asyncio

from kinference_epp.cli.kv_events import kv_events_main
from kinference_epp.sim.events import BlockRemoved, BlockStored, encode_batch
from kinference_epp.sim.publisher import ZmqEventPublisher


async def _publish(payloads: list[bytes]) -> tuple[ZmqEventPublisher, zmq.asyncio.Context]:
    ctx = zmq.asyncio.Context()
    pub = ZmqEventPublisher(ctx, "tcp://127.0.0.1:0", "tcp://127.0.0.1:0")
    for p in payloads:
        await pub.publish(p)
    return pub, ctx


async def _run_cli(payloads: list[bytes], extra: list[str]) -> int:
    pub, ctx = await _publish(payloads)
    try:
        assert pub.replay_endpoint is not None
        argv = [pub.pub_endpoint, "--replay-endpoint", pub.replay_endpoint, "--from-seq", "0"]
        return await asyncio.to_thread(kv_events_main, [*argv, "--idle-timeout", "0.2", *extra])
    finally:
        await pub.close()
        ctx.destroy(linger=0)


async def test_prints_one_json_per_event(capsys: pytest.CaptureFixture[str]) -> None:
    good = encode_batch([BlockStored([1, -2], None, list(range(32)), 16), BlockRemoved([-2])], 5.0)
    assert await _run_cli([good, good], ["--count", "3"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 3
    assert lines[0] == {
        "seq": 0, "ts": 5.0, "type": "BlockStored", "block_hashes": [1, 2**64 - 2],
        "parent": None, "tokens": 32, "block_size": 16, "medium": "GPU", "lora_name": None,
    }  # fmt: skip
    assert lines[1]["type"] == "BlockRemoved"
    assert lines[2]["seq"] == 1


async def test_undecodable_payload_exits_non_zero_after_good_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = encode_batch([BlockRemoved([3])], 1.0, "array")
    assert await _run_cli([good, b"\xc1garbage"], []) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 1
    assert "seq 1: undecodable payload" in err


def test_from_seq_needs_replay(capsys: pytest.CaptureFixture[str]) -> None:
    assert kv_events_main(["tcp://127.0.0.1:1", "--from-seq", "0"]) == 2
    assert "--replay-endpoint" in capsys.readouterr().err
