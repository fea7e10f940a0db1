"""The engine core: continuous batching, chunked prefill, prefix reuse, preemption."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinference_epp.sim.engine import (
    EngineConfig,
    FinishedRequest,
    RequestTooLargeError,
    SimEngine,
    SimRequest,
    StepOutput,
)
from kinference_epp.sim.events import BlockRemoved, BlockStored
from kinference_epp.sim.latency import H100_32B


def run(engine: SimEngine, start: float = 0.0, max_steps: int = 10_000) -> list[StepOutput]:
    """Step until idle on a virtual clock (bounded, so a livelock fails instead of hanging)."""
    outs: list[StepOutput] = []
    now = start
    for _ in range(max_steps):
        if not engine.has_work():
            return outs
        out = engine.step(now)
        outs.append(out)
        now = out.end
    raise AssertionError("engine did not drain")


def finished(outs: list[StepOutput]) -> dict[str, FinishedRequest]:
    return {f.request_id: f for o in outs for f in o.finished}


def test_single_request_runs_to_max_tokens_with_usage() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=64, block_size=16))
    e.add_request(SimRequest("r", list(range(100)), max_tokens=5))
    outs = run(e)
    fin = finished(outs)["r"]
    assert (fin.prompt_tokens, fin.completion_tokens, fin.cached_tokens) == (100, 5, 0)
    assert [t.index for o in outs for t in o.tokens] == [0, 1, 2, 3, 4]
    assert fin.first_token_time == outs[0].end
    assert e.kv_usage == 0.0
    assert (e.prompt_tokens_total, e.generation_tokens_total) == (100, 5)
    stored = [
        h for o in outs for ev in o.events if isinstance(ev, BlockStored) for h in ev.block_hashes
    ]
    assert len(stored) == (100 + 4) // 16  # full blocks of computed prompt + output tokens


def test_histogram_totals_count_every_first_token_and_gap() -> None:
    # vllm:time_to_first_token_seconds and vllm:inter_token_latency_seconds' sum and count
    e = SimEngine(EngineConfig(num_gpu_blocks=64, block_size=16))
    e.add_request(SimRequest("a", list(range(100)), max_tokens=5, arrival_time=0.0))
    e.add_request(SimRequest("b", list(range(200, 260)), max_tokens=3, arrival_time=0.0))
    fin = finished(run(e))
    assert e.first_tokens_total == 2
    assert e.ttft_seconds_total == pytest.approx(fin["a"].ttft_s + fin["b"].ttft_s)
    assert e.itl_gaps_total == 4 + 2


def test_prefix_cache_hit_reported_as_cached_tokens() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=64, block_size=16))
    e.add_request(SimRequest("a", list(range(100)), max_tokens=2))
    run(e)
    e.add_request(SimRequest("b", [*range(100), 7, 8, 9], max_tokens=2))
    outs = run(e)
    assert finished(outs)["b"].cached_tokens == 96
    assert outs[0].prefill_tokens == 103 - 96
    assert (e.prefix_cache_queries_total, e.prefix_cache_hits_total) == (203, 96)


def test_batching_limits_seats_and_token_budget() -> None:
    cfg = EngineConfig(num_gpu_blocks=256, block_size=16, max_num_seqs=2, max_num_batched_tokens=64)
    e = SimEngine(cfg)
    for i in range(5):
        e.add_request(SimRequest(f"r{i}", [i] * 200, max_tokens=3))
    seen_running = []
    now = 0.0
    outs = []
    while e.has_work():
        out = e.step(now)
        outs.append(out)
        now = out.end
        seen_running.append(e.num_running)
        assert out.prefill_tokens + out.decode_batch <= 64 + out.decode_batch
        assert out.prefill_tokens <= 64
    assert max(seen_running) <= 2
    first = next(o for o in outs if o.tokens)
    # 200 prompt tokens at 64 per step: the first token comes in the fourth step.
    assert outs.index(first) == 3
    assert len(finished(outs)) == 5


def test_first_tokens_come_in_arrival_order() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=512, max_num_batched_tokens=512))
    for i in range(8):
        e.add_request(SimRequest(f"r{i}", [i + 1] * 300, max_tokens=4, arrival_time=0.0))
    outs = run(e)
    firsts = [(t.time, t.request_id) for o in outs for t in o.tokens if t.index == 0]
    assert [rid for _, rid in sorted(firsts, key=lambda x: x[0])] == [f"r{i}" for i in range(8)]
    times = [t for t, _ in firsts]
    assert times == sorted(times)


def test_preemption_recomputes_and_everything_finishes() -> None:
    cfg = EngineConfig(num_gpu_blocks=10, block_size=4)
    e = SimEngine(cfg)
    e.add_request(SimRequest("a", [1] * 16, max_tokens=16))
    e.add_request(SimRequest("b", [2] * 16, max_tokens=16))
    outs = run(e)
    assert e.num_preemptions_total > 0
    assert any(o.preempted for o in outs)
    fin = finished(outs)
    assert {k: v.completion_tokens for k, v in fin.items()} == {"a": 16, "b": 16}
    # Token indices of each request are gap-free and in order despite the recompute.
    for rid in ("a", "b"):
        assert [t.index for o in outs for t in o.tokens if t.request_id == rid] == list(range(16))
    assert e.kv_usage == 0.0


def test_eviction_emits_block_removed_under_pressure() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=8, block_size=4))
    for i in range(4):
        e.add_request(SimRequest(f"r{i}", [10 + i] * 20, max_tokens=1))
        run(e)
    events = [ev for ev in e.drain_events()]
    outs_events = events
    assert outs_events == []  # everything was handed out by step()
    e.add_request(SimRequest("x", [99] * 28, max_tokens=1))
    outs = run(e)
    assert any(isinstance(ev, BlockRemoved) for o in outs for ev in o.events)


def test_abort_frees_blocks() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=64))
    e.add_request(SimRequest("a", list(range(50)), max_tokens=50))
    e.step(0.0)
    assert e.kv_usage > 0
    assert e.abort_request("a")
    assert not e.abort_request("a")
    assert e.kv_usage == 0.0
    assert not e.has_work()


def test_rejects_requests_that_can_never_fit() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=4, block_size=16))
    with pytest.raises(RequestTooLargeError):
        e.add_request(SimRequest("big", [1] * 60, max_tokens=10))
    with pytest.raises(ValueError, match="at least one token"):
        e.add_request(SimRequest("empty", [], max_tokens=1))


def _trace(engine: SimEngine, reqs: list[SimRequest]) -> list[tuple[object, ...]]:
    for r in reqs:
        engine.add_request(r)
    return [
        (o.start, o.duration, [(t.request_id, t.token_id) for t in o.tokens], o.events)
        for o in run(engine)
    ]


def test_deterministic_given_inputs() -> None:
    def reqs() -> list[SimRequest]:
        return [SimRequest(f"r{i}", [i % 3] * (40 + i), max_tokens=3 + i % 4) for i in range(12)]

    cfg = EngineConfig(num_gpu_blocks=40, block_size=8, max_num_batched_tokens=128)
    assert _trace(SimEngine(cfg), reqs()) == _trace(SimEngine(cfg), reqs())
    other = SimEngine(cfg, H100_32B)
    assert _trace(other, reqs()) != _trace(SimEngine(cfg), reqs())


def test_without_token_records_the_timeline_is_the_same() -> None:
    """The harness turns per-token records off; finishes, events and step times stay."""

    def reqs() -> list[SimRequest]:
        return [SimRequest(f"r{i}", [i % 3] * (40 + i), max_tokens=3 + i % 4) for i in range(12)]

    cfg = EngineConfig(num_gpu_blocks=40, block_size=8, max_num_batched_tokens=128)
    quiet = replace(cfg, record_tokens=False)

    def timeline(engine: SimEngine) -> list[tuple[object, ...]]:
        for r in reqs():
            engine.add_request(r)
        return [(o.start, o.duration, o.finished, o.events, o.first_tokens) for o in run(engine)]

    assert timeline(SimEngine(quiet)) == timeline(SimEngine(cfg))
    outs = run_all(SimEngine(quiet), reqs())
    assert not any(o.tokens or o.ttft_s or o.itl_s for o in outs)
    assert sorted(rid for o in outs for rid in o.first_tokens) == sorted(
        r.request_id for r in reqs()
    )


def run_all(engine: SimEngine, reqs: list[SimRequest]) -> list[StepOutput]:
    for r in reqs:
        engine.add_request(r)
    return run(engine)


def test_decode_is_priced_from_the_logical_context_of_the_batch() -> None:
    """Two requests sharing a prefix decode slower together than one alone: attention reads
    the shared blocks once per sequence."""
    cfg = EngineConfig(num_gpu_blocks=256, block_size=16)
    prompt = list(range(1000))
    alone = run_all(SimEngine(cfg, H100_32B), [SimRequest("a", prompt, max_tokens=4)])
    pair = run_all(
        SimEngine(cfg, H100_32B),
        [SimRequest("a", prompt, max_tokens=4), SimRequest("b", [*prompt, 1], max_tokens=4)],
    )
    decode_alone = alone[-1].duration
    decode_pair = pair[-1].duration
    assert decode_alone == pytest.approx(H100_32B.step_s(0, 1, 1003, 256 * 16))
    assert decode_pair == pytest.approx(H100_32B.step_s(0, 2, 1003 + 1004, 256 * 16))
    assert decode_pair > decode_alone


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(1, 60), st.integers(1, 12)),
        min_size=1,
        max_size=12,
    ),
    st.integers(12, 40),
    st.integers(16, 96),
    st.integers(1, 4),
)
def test_random_workloads_finish_within_limits(
    shapes: list[tuple[int, int, int]], blocks: int, budget: int, seats: int
) -> None:
    cfg = EngineConfig(
        num_gpu_blocks=blocks, block_size=4, max_num_seqs=seats, max_num_batched_tokens=budget
    )
    e = SimEngine(cfg)
    want = {}
    for i, (prefix, length, max_tokens) in enumerate(shapes):
        try:
            e.add_request(
                SimRequest(f"r{i}", [prefix] * 8 + list(range(length)), max_tokens=max_tokens)
            )
        except RequestTooLargeError:
            continue
        want[f"r{i}"] = max_tokens
    now = 0.0
    done: dict[str, FinishedRequest] = {}
    for _ in range(20_000):
        if not e.has_work():
            break
        out = e.step(now)
        now = out.end
        assert e.num_running <= seats
        assert out.prefill_tokens <= budget
        done.update({f.request_id: f for f in out.finished})
    assert not e.has_work()
    assert {k: v.completion_tokens for k, v in done.items()} == want
    assert all(v.cached_tokens <= v.prompt_tokens - 1 for v in done.values())
    assert e.kv_usage == 0.0


def test_identical_prompts_in_one_step_share_blocks_like_vllm() -> None:
    e = SimEngine(EngineConfig(num_gpu_blocks=64, block_size=16))
    e.add_request(SimRequest("a", list(range(100)), max_tokens=2))
    e.add_request(SimRequest("b", list(range(100)), max_tokens=2))
    first = e.step(0.0)
    assert first.prefill_tokens == 100 + 100 - 96
    stored = [ev for ev in first.events if isinstance(ev, BlockStored)]
    assert len(stored) == 1  # b reused a's six blocks, its partial seventh is not full
    fin = finished(run(e, first.end))
    assert fin["b"].cached_tokens == 96


def test_every_token_reaches_the_client_the_profiles_overhead_after_its_step() -> None:
    """TTFT and end-to-end time carry the profile's fixed overhead (HTTP, tokenizing,
    detokenizing); the steps and the gaps between tokens do not change."""
    cfg = EngineConfig(num_gpu_blocks=256, block_size=16)
    bare = replace(H100_32B, ttft_overhead_ms=0.0)

    def go(engine: SimEngine) -> tuple[list[StepOutput], FinishedRequest]:
        outs = run_all(engine, [SimRequest("a", list(range(300)), max_tokens=5)])
        return outs, finished(outs)["a"]

    plain_engine, timed_engine = SimEngine(cfg, bare), SimEngine(cfg, H100_32B)
    plain, plain_fin = go(plain_engine)
    timed, timed_fin = go(timed_engine)
    overhead = H100_32B.ttft_overhead_s
    assert overhead > 0
    assert [o.duration for o in timed] == [o.duration for o in plain]
    assert timed_fin.ttft_s == pytest.approx(plain_fin.ttft_s + overhead)
    assert timed_fin.ttft_s > timed[0].duration + overhead - 1e-9
    assert timed_fin.e2e_s == pytest.approx(plain_fin.e2e_s + overhead)
    gaps = [g for o in timed for g in o.itl_s]
    assert gaps == pytest.approx([g for o in plain for g in o.itl_s])
    assert timed_engine.ttft_seconds_total == pytest.approx(timed_fin.ttft_s)
    first = [t for o in timed for t in o.tokens if t.index == 0]
    assert first[0].time == pytest.approx(timed[0].end + overhead)
