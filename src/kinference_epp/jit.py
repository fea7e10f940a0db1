"""Compiled kernels: numba's ``njit`` with the settings every kernel here shares.

Why numba: a handful of per-request and per-batch loops (walk a prompt's blocks until no
endpoint holds the next one, chain-hash blocks of tokens, decode and apply a msgpack event
batch, combine a pool's load vectors) need dozens of numpy calls, each costing more than
its arithmetic on pool-sized vectors, or a Python loop per element. Compiled, they are one
call each. Where numpy needs only an expression, it stays numpy. Kernels are cached on disk (``cache=True``), so only the first process
after an install pays the compile; they release the GIL (``nogil=True``).

Kernels take and return numpy arrays and scalars only, and each has a plain numpy or Python
reference that tests hold it to.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., object])


def kernel(fn: F) -> F:
    """Compile ``fn`` lazily on first call (typed by its arguments), cached on disk."""
    return cast(F, numba.njit(cache=True, nogil=True)(fn))


KERNEL_MODULES = (
    "kinference_epp.kvcache.hashing",
    "kinference_epp.kvcache.match_kernel",
    "kinference_epp.kvcache.decode_kernel",
    "kinference_epp.kvcache.apply_kernel",
    "kinference_epp.scheduling.routed_kernel",
    "kinference_epp.scheduling.score_kernel",
    "kinference_epp.scheduling.chain_kernel",
    "kinference_epp.scheduling.prefix_branches",
)
"""Every module with kernels; each has a ``warm_up()`` that runs its kernels once."""


def warm_up_all() -> float:
    """Compile (or load from the disk cache) every kernel; returns the seconds it took.

    The picker calls it before it reports ready, so no request pays a compile; ``make``
    calls it right after installing, so the cache is filled once per install.
    """
    started = time.perf_counter()
    for name in KERNEL_MODULES:
        importlib.import_module(name).warm_up()
    return time.perf_counter() - started


if __name__ == "__main__":
    print("compiling the numba kernels into their disk cache (once per install, up to a minute)")
    print(f"kernels ready in {warm_up_all():.1f} s")
