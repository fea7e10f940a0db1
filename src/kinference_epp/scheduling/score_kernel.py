"""Compiled per-request vector arithmetic of the prefix state, the in-flight tracker and the
load-cost scorer: one call each instead of a dozen numpy calls, each costing more than its
arithmetic on pool-sized vectors.

Each kernel writes into an ``out`` array its caller made (a returned array is boxed into a
Python object) and does, element by element and in the same order, the float operations
the formula in its caller's docstring names, so the result is bitwise what the
whole-vector numpy expressions give (no fast-math: no reassociation, no fused multiply-add).
``tests/unit/scheduling/test_score_kernel.py`` holds each to that numpy reference.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]
Slots = npt.NDArray[np.intp]

# Where each LoadCostScorer parameter sits in the float64 array ``load_cost`` takes
PREFILL = 0
BACKLOG = 1
DECODE = 2
WAITING = 3
RUNNING = 4
CPU = 5
UNWIRED = 6
HOT_WAITING = 7
HOT_KV = 8
HOT_CREDIT = 9
ITL_LIMIT = 10
ITL_WEIGHT = 11
KV_WEIGHT = 12
KV_MARGIN = 13
OWN = 14
BATCH = 15
DUP = 16
STALL = 17
N_PARAMS = 18


@kernel
def credit(
    gpu_index: I32,
    cpu_index: I32,
    slots: Slots,
    predicted: F64,
    approx: F64,
    precise: Bools,
    all_precise: bool,
    out: F64,
) -> None:
    """``PrefixState``'s combination into ``out`` (``(2, view slots)``: gpu, cpu), per view
    slot ``v`` (index slot ``slots[v]``; -1 or out of range: an endpoint the index lacks):

    ``g = gpu_index[slots[v]]`` (0 for -1); ``gpu = max(g, predicted)`` (``predicted`` empty:
    ``g``); where not precise (``all_precise`` False): ``gpu = approx`` (empty: 0);
    ``cpu = max(0, g + cpu_index[slots[v]] - gpu)`` where precise, else 0.
    """
    n = slots.shape[0]
    gpu = out[0]
    cpu = out[1]
    has_predicted = predicted.shape[0] > 0
    has_approx = approx.shape[0] > 0
    for v in range(n):
        s = slots[v]
        g = 0.0
        c = 0.0
        if 0 <= s < gpu_index.shape[0]:
            g = float(gpu_index[s])
            c = float(cpu_index[s])
        x = g
        if has_predicted and predicted[v] > x:
            x = predicted[v]
        if all_precise or precise[v]:
            gpu[v] = x
            both = g + c
            d = both - x
            cpu[v] = d if d > 0.0 else 0.0
        else:
            gpu[v] = approx[v] if has_approx else 0.0
            cpu[v] = 0.0


@kernel
def inflight(
    slots: Slots,
    requests: F64,
    kv_tokens: F64,
    done_at: F64,
    now: float,
    rates: F64,
    context: F64,
    out: F64,
) -> None:
    """``InflightLoad`` per view slot into ``out`` (``(4, view slots)``): ``requests``,
    ``kv_tokens``, ``max(done_at - now, 0) * rates`` and ``context`` gathered at ``slots`` (all
    valid)."""
    for v in range(slots.shape[0]):
        s = slots[v]
        out[0, v] = requests[s]
        out[1, v] = kv_tokens[s]
        b = done_at[s] - now
        out[2, v] = (b if b > 0.0 else 0.0) * rates[s]
        out[3, v] = context[s]


@kernel
def load_cost(
    gpu: F64,
    cpu: F64,
    block_size: float,
    prompt: float,
    output: float,
    waiting: F64,
    running: F64,
    kv_usage: F64,
    kv_capacity: F64,
    cached: F64,
    backlog: F64,
    kv_tokens: F64,
    context: F64,
    requests: F64,
    prefill_factor: F64,
    decode_factor: F64,
    itl_base: F64,
    itl_per_usage: F64,
    mask: Bools,
    p: F64,
    out: F64,
) -> None:
    """``LoadCostScorer``'s scores into ``out``: the formula in its module docstring, ``p`` its
    parameters (at ``PREFILL``…).

    ``gpu`` empty: no prefix source (no credit); ``backlog`` empty: no load source (the
    scraped queue stands in, ``UNWIRED`` tokens per request); ``prefill_factor`` empty: no
    speed model (every factor 1); ``itl_base`` empty (or ``ITL_LIMIT`` 0): no ITL rule;
    ``kv_capacity`` 0 (or ``KV_WEIGHT`` 0): no KV admission term for that endpoint; ``cached``
    empty: the duplication term reads the KV usage alone.
    """
    n = waiting.shape[0]
    has_prefix = gpu.shape[0] > 0
    has_load = backlog.shape[0] > 0
    has_speed = prefill_factor.shape[0] > 0
    has_itl = itl_base.shape[0] > 0 and p[ITL_LIMIT] > 0.0
    knows_itl = has_itl
    use_cpu = False
    if has_prefix and p[CPU] != 0.0:
        for v in range(n):
            if cpu[v] != 0.0:
                use_cpu = True
                break
    if has_itl:
        # The ITL limit steers only while some candidate can still meet it: past that the pool
        # is overloaded everywhere and the cache is what saves work.
        meets = False
        for v in range(n):
            if mask[v] and itl_base[v] + itl_per_usage[v] * kv_usage[v] <= p[ITL_LIMIT]:
                meets = True
                break
        has_itl = meets
    kv_hot = p[HOT_KV] <= 1.0
    has_kv = p[KV_WEIGHT] != 0.0 and kv_capacity.shape[0] > 0
    has_cached = cached.shape[0] > 0 and kv_capacity.shape[0] > 0
    kv_room = 1.0 - p[KV_MARGIN]
    worst = 0.0
    for v in range(n):
        over = 0.0
        if has_itl:
            over = (itl_base[v] + itl_per_usage[v] * kv_usage[v]) / p[ITL_LIMIT] - 1.0
        if has_prefix:
            c = (gpu[v] + p[CPU] * cpu[v]) * block_size if use_cpu else gpu[v] * block_size
            if c > prompt:
                c = prompt
            if waiting[v] >= p[HOT_WAITING] or (kv_hot and kv_usage[v] >= p[HOT_KV]) or over > 0.0:
                c *= p[HOT_CREDIT]
            work = prompt - c
        else:
            work = prompt
        spill = 0.0
        if has_kv and kv_capacity[v] > 0.0:
            spill = kv_usage[v] * kv_capacity[v] + work + output - kv_room * kv_capacity[v]
            if has_load:
                spill += kv_tokens[v]
        near = 1.0
        if knows_itl:
            near = (itl_base[v] + itl_per_usage[v] * kv_usage[v]) / p[ITL_LIMIT]
            near = near * near if near < 1.0 else 1.0
        dup = 0.0
        if p[DUP] != 0.0:
            u = kv_usage[v] if kv_usage[v] < 0.95 else 0.95
            if u > 0.0:
                dup = p[DUP] * work * u / (1.0 - u)
            if has_cached and kv_capacity[v] > 0.0:
                full = cached[v] * block_size / kv_capacity[v]
                full = full if full < 0.95 else 0.95
                if full > u:
                    fill = p[DUP] * work * full / (1.0 - full)
                    if knows_itl:
                        fill *= 1.0 - near
                    if fill > dup:
                        dup = fill
        if has_load:
            if p[STALL] != 0.0:
                work *= 1.0 + p[STALL] * requests[v] * near
            if p[BACKLOG] != 0.0:
                work += p[BACKLOG] * backlog[v]
            cost = work * p[PREFILL] if p[PREFILL] != 1.0 else work
            if has_speed:
                cost *= prefill_factor[v]
            if p[DECODE] != 0.0:
                if has_speed:
                    cost += p[DECODE] * kv_tokens[v] * decode_factor[v]
                else:
                    cost += p[DECODE] * kv_tokens[v]
            if p[BATCH] != 0.0:
                batch = p[BATCH] * output * context[v] / 1000.0
                cost += batch * decode_factor[v] if has_speed else batch
        else:
            cost = work * p[PREFILL] if p[PREFILL] != 1.0 else work
            if p[UNWIRED] != 0.0:
                cost += p[UNWIRED] * (waiting[v] + running[v])
            if has_speed:
                cost *= prefill_factor[v]
        if dup > 0.0:
            cost += dup * prefill_factor[v] if has_speed else dup
        if over > 0.0:
            cost += p[ITL_WEIGHT] * over
        if has_speed and p[OWN] != 0.0:
            cost += p[OWN] * output * decode_factor[v]
        if spill > 0.0:
            cost += p[KV_WEIGHT] * spill * prefill_factor[v] if has_speed else p[KV_WEIGHT] * spill
        if p[WAITING] != 0.0:
            cost += p[WAITING] * waiting[v]
        if p[RUNNING] != 0.0:
            cost += p[RUNNING] * running[v]
        out[v] = cost
        if mask[v] and cost > worst:
            worst = cost
    if worst <= 0.0:
        out[:] = 1.0
        return
    for v in range(n):
        out[v] = out[v] / -worst + 1.0


def warm_up() -> None:
    """Compile (or load from numba's on-disk cache) every kernel here with production dtypes.

    The scheduler hands scorers read-only masks (the view's all-true mask, a model's mask) or
    fresh ones: numba types the two apart, so ``load_cost`` is warmed with both.
    """
    f = np.zeros(1, dtype=np.float64)
    none = np.zeros(0, dtype=np.float64)
    i = np.zeros(1, dtype=np.int32)
    slots = np.zeros(1, dtype=np.intp)
    yes = np.ones(1, dtype=np.bool_)
    credit(i, i, slots, f, none, yes, True, np.zeros((2, 1)))
    inflight(slots, f, f, f, 0.0, f, f, np.zeros((4, 1)))
    frozen = yes.copy()
    frozen.flags.writeable = False
    read_only = f.copy()
    read_only.flags.writeable = False
    for mask in (yes, frozen):
        for factor in (f, read_only):
            load_cost(
                f, f, 16.0, 1.0, 0.0, f, f, f, f, f, f, f, f, f, factor, factor, factor, factor, mask,
                np.zeros(N_PARAMS), f.copy(),
            )  # fmt: skip
