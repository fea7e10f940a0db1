"""The chain kernels against their numpy expressions, bit for bit."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from kinference_epp.scheduling import chain_kernel

F64 = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

SIZES = st.integers(min_value=1, max_value=40)
ANY_FLOAT = st.floats(allow_nan=True, allow_infinity=True, width=64)
LOADS = st.one_of(st.floats(min_value=0, max_value=1e6), st.just(0.0), st.just(3.0))


def _vectors(draw: st.DrawFn, n: int, elements: st.SearchStrategy[float]) -> F64:
    arr: F64 = draw(hnp.arrays(np.float64, n, elements=elements))
    return arr


def _mask(draw: st.DrawFn, n: int, nonempty: bool = True) -> Bools:
    mask: Bools = draw(hnp.arrays(np.bool_, n))
    if nonempty and not mask.any():
        mask[draw(st.integers(0, n - 1))] = True
    return mask


def _same(a: F64, b: F64) -> bool:
    return a.tobytes() == b.tobytes() or bool(np.array_equal(a, b, equal_nan=True))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_queue_scores(data: st.DataObject) -> None:
    n = data.draw(SIZES)
    elements = data.draw(st.sampled_from([LOADS, ANY_FLOAT]))
    waiting = _vectors(data.draw, n, elements)
    running = _vectors(data.draw, n, elements)
    weight = data.draw(st.sampled_from([0.0, 1.0, 0.5, 2.0]))
    mask = _mask(data.draw, n)
    with np.errstate(all="ignore"):
        queue = waiting + weight * running if weight else waiting
        candidates = queue[mask]
        lo, hi = candidates.min(), candidates.max()
        expected = np.ones(n) if hi <= lo else (hi - queue) / (hi - lo)
        out = np.empty(n)
        chain_kernel.queue_scores(waiting, running, weight, mask, out)
    assert _same(out, expected)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_add_clamped(data: st.DataObject) -> None:
    n = data.draw(SIZES)
    total = _vectors(data.draw, n, st.floats(min_value=0, max_value=10))
    scores = _vectors(data.draw, n, ANY_FLOAT)
    weight = data.draw(st.sampled_from([1.0, 0.5, 3.0, 2.5]))
    clean = np.fmax(scores, 0.0)
    np.fmin(clean, 1.0, out=clean)
    if weight != 1.0:
        clean *= weight
    expected = total + clean
    chain_kernel.add_clamped(total, scores, weight)
    assert np.array_equal(total, expected)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_best_candidate_is_numpys_argmax_of_the_keys(data: st.DataObject) -> None:
    n = data.draw(SIZES)
    scores = _vectors(data.draw, n, st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0]))
    mask = _mask(data.draw, n)
    candidates = mask.nonzero()[0]
    draws = _vectors(data.draw, len(candidates), st.floats(min_value=0, max_value=0.999))
    keyed = scores[candidates] + draws * 1e-9
    expected = int(candidates[keyed.argmax()])
    assert chain_kernel.best_candidate(scores, mask, draws, 1e-9) == expected


def test_warm_up_covers_what_a_pool_only_schedule_passes() -> None:
    """After warm-up, scheduling with cached (read-only) totals and masks compiles nothing:
    a first request must not pay a compile or a disk-cache load."""
    from sched_fakes import Row, build_pool

    from kinference_epp.config.model import SchedulerConfig
    from kinference_epp.scheduling.scheduler import Scheduler
    from kinference_epp.scheduling.types import SchedulingRequest

    chain_kernel.warm_up()
    kernels = (
        chain_kernel.queue_scores,
        chain_kernel.add_clamped,
        chain_kernel.best_candidate,
    )
    before = [len(k.signatures) for k in kernels]
    store = build_pool([Row(1, waiting=1.0), Row(2, waiting=1.0), Row(3, waiting=3.0)])
    sched = Scheduler(SchedulerConfig(router="least-queue", seed=0), store)
    for _ in range(3):  # the first computes and caches the stage, the others reuse it
        sched.schedule(SchedulingRequest(model="m"))
    assert [len(k.signatures) for k in kernels] == before
