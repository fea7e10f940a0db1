"""The scoring kernels against whole-vector numpy references: bitwise equal."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from kinference_epp.scheduling import score_kernel as sk
from kinference_epp.scheduling.plugins.load_cost_scorer import LoadCostScorerParams

F64 = npt.NDArray[np.float64]
N = 12

_blocks = hnp.arrays(np.int32, N, elements=st.integers(0, 600))
_floats = hnp.arrays(np.float64, N, elements=st.floats(0, 1e6, allow_subnormal=False))
_small = hnp.arrays(np.float64, N, elements=st.sampled_from([0.0, 0.5, 1.0, 2.0, 31.0, 40.0]))
_bools = hnp.arrays(np.bool_, N)
_slots = hnp.arrays(np.intp, N, elements=st.integers(-1, N - 1))
_itl = hnp.arrays(np.float64, N, elements=st.sampled_from([0.0, 0.01, 0.03, 0.06]))
_factors = hnp.arrays(np.float64, N, elements=st.sampled_from([0.4, 1.0, 1.03, 2.5]))
_capacity = hnp.arrays(np.float64, N, elements=st.sampled_from([0.0, 1e4, 307328.0]))
_cached = hnp.arrays(np.float64, N, elements=st.sampled_from([0.0, 100.0, 15000.0, 19208.0]))


def ref_credit(
    gpu_i: npt.NDArray[np.int32],
    cpu_i: npt.NDArray[np.int32],
    slots: npt.NDArray[np.intp],
    predicted: F64 | None,
    approx: F64 | None,
    precise: npt.NDArray[np.bool_],
    all_precise: bool,
) -> tuple[F64, F64]:
    def gather(v: npt.NDArray[np.int32]) -> F64:
        padded = np.concatenate((v, np.zeros(1, v.dtype)))
        out: F64 = padded[slots].astype(np.float64)
        return out

    g = gather(gpu_i)
    gpu = g.copy() if predicted is None else np.maximum(g, predicted)
    if not all_precise:
        gpu = np.where(precise, gpu, 0.0 if approx is None else approx)
    if cpu_i.any():
        cpu = np.where(precise, np.maximum(g + gather(cpu_i) - gpu, 0.0), 0.0)
    else:
        cpu = np.zeros(len(slots))
    return gpu, cpu


@settings(max_examples=300, deadline=None)
@given(
    gpu_i=_blocks,
    cpu_i=_blocks | st.just(np.zeros(N, np.int32)),
    slots=_slots,
    predicted=st.none() | _floats,
    approx=st.none() | _floats,
    precise=_bools,
)
def test_credit(
    gpu_i: npt.NDArray[np.int32],
    cpu_i: npt.NDArray[np.int32],
    slots: npt.NDArray[np.intp],
    predicted: F64 | None,
    approx: F64 | None,
    precise: npt.NDArray[np.bool_],
) -> None:
    none = np.zeros(0)
    for mask, all_precise in ((precise, bool(precise.all())), (np.ones(N, np.bool_), True)):
        got = np.full((2, N), np.nan)
        sk.credit(
            gpu_i,
            cpu_i,
            slots,
            none if predicted is None else predicted,
            none if approx is None else approx,
            mask,
            all_precise,
            got,
        )
        want = ref_credit(gpu_i, cpu_i, slots, predicted, approx, mask, all_precise)
        assert np.array_equal(got[0], want[0])
        assert np.array_equal(got[1], want[1])


@settings(max_examples=200, deadline=None)
@given(
    slots=hnp.arrays(np.intp, N, elements=st.integers(0, N - 1)),
    requests=_floats,
    kv=_floats,
    done_at=_floats,
    now=st.floats(0, 1e6),
    rates=hnp.arrays(np.float64, N, elements=st.floats(1, 1e5)),
    context=_floats,
)
def test_inflight(
    slots: npt.NDArray[np.intp],
    requests: F64,
    kv: F64,
    done_at: F64,
    now: float,
    rates: F64,
    context: F64,
) -> None:
    backlog = done_at[slots]
    backlog -= now
    np.maximum(backlog, 0.0, out=backlog)
    backlog *= rates[slots]
    got = np.full((4, N), np.nan)
    sk.inflight(slots, requests, kv, done_at, now, rates, context, got)
    assert np.array_equal(got[0], requests[slots])
    assert np.array_equal(got[1], kv[slots])
    assert np.array_equal(got[2], backlog)
    assert np.array_equal(got[3], context[slots])


def ref_load_cost(
    p: LoadCostScorerParams,
    found: tuple[F64, F64, int] | None,
    prompt: float,
    waiting: F64,
    running: F64,
    kv_usage: F64,
    load: tuple[F64, F64, F64, F64] | None,
    mask: npt.NDArray[np.bool_],
    factors: tuple[F64, F64] | None = None,
    itl: tuple[F64, F64] | None = None,
    output: float = 0.0,
    kv_capacity: F64 | None = None,
    cached: F64 | None = None,
) -> F64:
    """``LoadCostScorer.score`` as whole-vector numpy."""
    over = near = None
    if itl is not None and p.itl_limit_s > 0.0:
        predicted = itl[0] + itl[1] * kv_usage
        share = predicted / p.itl_limit_s
        near = np.where(share < 1.0, share * share, 1.0)
        if (predicted[mask] <= p.itl_limit_s).any():
            over = predicted / p.itl_limit_s - 1.0
    if found is not None:
        gpu, cpu, bs = found
        if p.cpu_weight and cpu.any():
            credit = gpu + p.cpu_weight * cpu
            credit *= bs
        else:
            credit = gpu * bs
        np.minimum(credit, prompt, out=credit)
        hot = waiting >= p.hot_waiting
        if p.hot_kv_usage <= 1.0:
            hot |= kv_usage >= p.hot_kv_usage
        if over is not None:
            hot |= over > 0.0
        if hot.any():
            credit[hot] *= p.hot_credit
        work = np.subtract(prompt, credit, out=credit)
    else:
        work = np.full(len(waiting), prompt)
    dup = None
    if p.dup_weight:
        u = np.minimum(kv_usage, 0.95)
        dup = p.dup_weight * work * u / (1.0 - u)
        dup[u <= 0.0] = 0.0
        if found is not None and cached is not None and kv_capacity is not None:
            sized = kv_capacity > 0.0
            full = np.divide(cached * found[2], kv_capacity, out=np.zeros(len(u)), where=sized)
            full = np.minimum(full, 0.95)
            fill = p.dup_weight * work * full / (1.0 - full)
            if near is not None:
                fill = fill * (1.0 - near)
            dup = np.where(sized & (full > u) & (fill > dup), fill, dup)
    spill = None
    if kv_capacity is not None and p.kv_weight:
        spill = kv_usage * kv_capacity + work + output - (1.0 - p.kv_margin) * kv_capacity
        if load is not None:
            spill += load[1]
        spill[kv_capacity <= 0.0] = 0.0
    if load is not None:
        backlog, kv_tokens, context, requests = load
        if p.stall_weight:
            work *= 1.0 + (
                p.stall_weight * requests if near is None else p.stall_weight * requests * near
            )
        if p.backlog_weight:
            work += p.backlog_weight * backlog
        cost = work * p.prefill_weight if p.prefill_weight != 1.0 else work
        if factors is not None:
            cost = cost * factors[0]
        if p.decode_weight:
            decode = p.decode_weight * kv_tokens
            cost += decode if factors is None else decode * factors[1]
        if p.batch_weight:
            batch = p.batch_weight * output * context / 1000.0
            cost += batch if factors is None else batch * factors[1]
    else:
        cost = work * p.prefill_weight if p.prefill_weight != 1.0 else work
        if p.unwired_request_tokens:
            cost += p.unwired_request_tokens * (waiting + running)
        if factors is not None:
            cost = cost * factors[0]
    if dup is not None:
        some = dup > 0.0
        cost[some] += (dup if factors is None else dup * factors[0])[some]
    if over is not None:
        past = over > 0.0
        cost[past] += p.itl_weight * over[past]
    if factors is not None and p.own_weight:
        cost += p.own_weight * output * factors[1]
    if spill is not None:
        past = spill > 0.0
        kv = p.kv_weight * spill
        if factors is not None:
            kv = kv * factors[0]
        cost[past] += kv[past]
    if p.waiting_weight:
        cost += p.waiting_weight * waiting
    if p.running_weight:
        cost += p.running_weight * running
    worst = float(cost.max(where=mask, initial=0.0))
    if worst <= 0.0:
        return np.ones(len(waiting), dtype=np.float64)
    cost /= -worst
    cost += 1.0
    return cost


_weight = st.sampled_from([0.0, 0.1, 0.5, 1.0, 3.0])
_params = st.builds(
    LoadCostScorerParams,
    prefill_weight=_weight,
    backlog_weight=_weight,
    decode_weight=_weight,
    waiting_weight=_weight,
    running_weight=_weight,
    cpu_weight=st.sampled_from([0.0, 0.8, 1.0]),
    unwired_request_tokens=st.sampled_from([0.0, 1024.0]),
    hot_waiting=st.sampled_from([1.0, 32.0]),
    hot_kv_usage=st.sampled_from([0.5, 1.0, 2.0]),
    hot_credit=st.sampled_from([0.0, 0.5, 1.0]),
    itl_limit_s=st.sampled_from([0.0, 0.05]),
    itl_weight=st.sampled_from([0.0, 8192.0]),
    kv_weight=st.sampled_from([0.0, 0.5, 2.0]),
    kv_margin=st.sampled_from([0.0, 0.1]),
    own_weight=st.sampled_from([0.0, 15.0]),
    batch_weight=st.sampled_from([0.0, 0.7, 2.0]),
    dup_weight=st.sampled_from([0.0, 1.0, 3.0]),
    stall_weight=st.sampled_from([0.0, 1.0]),
)


@settings(max_examples=400, deadline=None)
@given(
    p=_params,
    gpu=_small,
    cpu=_small | st.just(np.zeros(N)),
    bs=st.sampled_from([1, 16]),
    prompt=st.sampled_from([0.0, 100.0, 8000.0]),
    waiting=_small,
    running=_small,
    kv_usage=hnp.arrays(np.float64, N, elements=st.floats(0, 1)),
    backlog=_floats,
    kv_tokens=_floats,
    context=_floats,
    requests=_small,
    mask=_bools,
    with_prefix=st.booleans(),
    with_load=st.booleans(),
    factors=st.none() | st.tuples(_factors, _factors),
    itl=st.none() | st.tuples(_itl, _itl),
    output=st.sampled_from([0.0, 215.0]),
    kv_capacity=st.none() | _capacity,
    cached=st.none() | _cached,
)
def test_load_cost(
    p: LoadCostScorerParams,
    gpu: F64,
    cpu: F64,
    bs: int,
    prompt: float,
    waiting: F64,
    running: F64,
    kv_usage: F64,
    backlog: F64,
    kv_tokens: F64,
    context: F64,
    requests: F64,
    mask: npt.NDArray[np.bool_],
    with_prefix: bool,
    with_load: bool,
    factors: tuple[F64, F64] | None,
    itl: tuple[F64, F64] | None,
    output: float,
    kv_capacity: F64 | None,
    cached: F64 | None,
) -> None:
    weights = np.zeros(sk.N_PARAMS)
    for i, v in (
        (sk.PREFILL, p.prefill_weight),
        (sk.BACKLOG, p.backlog_weight),
        (sk.DECODE, p.decode_weight),
        (sk.WAITING, p.waiting_weight),
        (sk.RUNNING, p.running_weight),
        (sk.CPU, p.cpu_weight),
        (sk.UNWIRED, p.unwired_request_tokens),
        (sk.HOT_WAITING, p.hot_waiting),
        (sk.HOT_KV, p.hot_kv_usage),
        (sk.HOT_CREDIT, p.hot_credit),
        (sk.ITL_LIMIT, p.itl_limit_s),
        (sk.ITL_WEIGHT, p.itl_weight),
        (sk.KV_WEIGHT, p.kv_weight),
        (sk.KV_MARGIN, p.kv_margin),
        (sk.OWN, p.own_weight),
        (sk.BATCH, p.batch_weight),
        (sk.DUP, p.dup_weight),
        (sk.STALL, p.stall_weight),
    ):
        weights[i] = v
    none = np.zeros(0)
    got = np.full(N, np.nan)
    sk.load_cost(
        gpu if with_prefix else none,
        cpu if with_prefix else none,
        float(bs),
        prompt,
        output,
        waiting,
        running,
        kv_usage,
        none if kv_capacity is None else kv_capacity,
        cached if with_prefix and cached is not None else none,
        backlog if with_load else none,
        kv_tokens if with_load else none,
        context if with_load else none,
        requests if with_load else none,
        none if factors is None else factors[0],
        none if factors is None else factors[1],
        none if itl is None else itl[0],
        none if itl is None else itl[1],
        mask,
        weights,
        got,
    )
    want = ref_load_cost(
        p,
        (gpu, cpu, bs) if with_prefix else None,
        prompt,
        waiting,
        running,
        kv_usage,
        (backlog, kv_tokens, context, requests) if with_load else None,
        mask,
        factors,
        itl,
        output,
        kv_capacity,
        cached if with_prefix else None,
    )
    assert np.array_equal(got, want)


def test_cache_fill_priced_until_the_batch_nears_the_itl_limit() -> None:
    """Two pods with full prefix caches and idle KV, neither holding the request's prefix: the
    fill prices the miss on the pod whose decode is far inside the ITL limit and fades on the
    one at the limit, so a pool whose caches are all full spreads where its batches demand it."""
    p = LoadCostScorerParams(prefill_weight=1.0, dup_weight=3.0, itl_limit_s=0.05, own_weight=0.0)
    weights = np.zeros(sk.N_PARAMS)
    weights[sk.PREFILL] = p.prefill_weight
    weights[sk.DUP] = p.dup_weight
    weights[sk.ITL_LIMIT] = p.itl_limit_s
    weights[sk.ITL_WEIGHT] = p.itl_weight
    weights[sk.HOT_WAITING] = p.hot_waiting
    weights[sk.HOT_KV] = p.hot_kv_usage
    two = np.zeros(2)
    capacity = np.full(2, 307328.0)
    cached = np.full(2, 19208.0)  # every block holds a prefix
    itl_base = np.array([0.01, 0.05])  # far inside the limit, at it
    got = np.full(2, np.nan)
    none = np.zeros(0)
    sk.load_cost(
        two, two, 16.0, 7200.0, 0.0, two, two, two, capacity, cached,
        none, none, none, none, none, none, itl_base, two, np.ones(2, dtype=np.bool_),
        weights, got,
    )  # fmt: skip
    # cost: 7200 prefill on both; the fill (3 * 7200 * 0.95 / 0.05) times 1 - (0.2)^2 on
    # pod 0, times 0 on pod 1.
    fill = 3.0 * 7200.0 * 0.95 / 0.05
    worst = 7200.0 + fill * (1.0 - 0.2 * 0.2)
    assert got[0] == 0.0
    assert got[1] == pytest.approx(1.0 - 7200.0 / worst)
