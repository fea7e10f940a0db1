"""Compiled vector steps of the built-in plug-in chain (queue scorer, the scheduler's
clamped weighted sum, the max-score pick): one call each per request.

Each does the work of 4-6 numpy calls on pool-sized vectors; with a few endpoints a numpy
call costs more than its arithmetic, and these run on every request of every router (the
ready filter's ``mask & ready & ~stale`` stays numpy: compiled, it gains next to nothing). Each
does, element by element and in the same order, the float operations of the numpy
expression its caller's comment gives, so results are bitwise those of the numpy reference
in ``tests/unit/scheduling/test_chain_kernel.py``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

F64 = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


@kernel
def queue_scores(waiting: F64, running: F64, running_weight: float, mask: Bools, out: F64) -> None:
    """``q = waiting + running_weight * running`` (``waiting`` alone when the weight is 0);
    ``out = (hi - q) / (hi - lo)`` over the candidates' ``lo``/``hi``, all ones when
    ``hi <= lo`` (one candidate, equal queues, or none)."""
    n = len(out)
    lo = np.inf
    hi = -np.inf
    nan = False
    for i in range(n):
        q = waiting[i] + running_weight * running[i] if running_weight != 0.0 else waiting[i]
        out[i] = q
        if mask[i]:
            if q != q:
                nan = True
            lo = min(lo, q)
            hi = max(hi, q)
    if nan:  # numpy's min/max propagate NaN, and then every score is NaN
        out[:] = np.nan
        return
    if not hi > lo:
        out[:] = 1.0
        return
    span = hi - lo
    for i in range(n):
        out[i] = (hi - out[i]) / span


@kernel
def add_clamped(total: F64, scores: F64, weight: float) -> None:
    """``total += fmin(fmax(scores, 0), 1) * weight``: NaN counts 0, ±inf is clamped."""
    for i in range(len(total)):
        s = scores[i]
        if not s > 0.0:  # negative, zero or NaN (fmax(NaN, 0) is 0)
            s = 0.0
        elif s > 1.0:
            s = 1.0
        total[i] += s * weight if weight != 1.0 else s


@kernel
def best_candidate(scores: F64, mask: Bools, draws: F64, tie: float) -> int:
    """The candidate with the highest ``score + draw * tie``, the k-th candidate (in slot
    order) taking ``draws[k]``; the first such slot on equal keys (numpy's ``argmax``)."""
    best = -1
    best_key = -np.inf
    k = 0
    for i in range(len(scores)):
        if mask[i]:
            key = scores[i] + draws[k] * tie
            if best < 0 or key > best_key:
                best = i
                best_key = key
            k += 1
    return best


def warm_up() -> None:
    """Compile (or load) every kernel here with the dtypes the scheduler passes, writable
    and read-only masks both (the pool view's masks are read-only)."""
    f = np.zeros(2, dtype=np.float64)
    m = np.ones(2, dtype=np.bool_)
    ro = m.copy()
    ro.flags.writeable = False
    frozen = f.copy()
    frozen.flags.writeable = False
    for mask in (m, ro):
        queue_scores(f, f, 0.0, mask, f.copy())
        best_candidate(f, mask, f, 1e-9)
        best_candidate(frozen, mask, f, 1e-9)  # a pool-only chain's cached totals
    add_clamped(f.copy(), f, 1.0)
    add_clamped(f.copy(), frozen, 1.0)  # a scorer may hand out an array it keeps read-only
