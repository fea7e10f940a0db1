"""Compiled kernels: numba's ``njit`` with the settings every kernel here shares.

Why numba: a handful of per-request and per-batch loops (walk a prompt's blocks until no
endpoint holds the next one, chain-hash blocks of tokens, decode and apply a msgpack event
batch, combine a pool's load vectors) need dozens of numpy calls, each costing more than
its arithmetic on pool-sized vectors, or a Python loop per element. Compiled, they are one
call each. Where numpy needs only an expression, it stays numpy. Kernels are cached on disk (``cache=True``), so only the first process
after an install pays the compile; they release the GIL (``nogil=True``).

Kernels take and return numpy arrays and scalars only, and each has a plain numpy or Python
reference that tests hold it to.

The container image compiles them at build time into ``$KINFERENCE_KERNEL_CACHE``. numba only
uses a cache folder it can write to, and the image's is read-only (a read-only root file
system, a non-root user), so that prebuilt cache is copied into ``$NUMBA_CACHE_DIR`` (the
pod's writable ``/tmp``) before the first kernel is declared: a start-up copies files instead
of compiling.
"""

from __future__ import annotations

import importlib
import logging
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

log = logging.getLogger(__name__)


def seed_kernel_cache(prebuilt: str | None, cache_dir: str | None) -> bool:
    """Copy a prebuilt kernel cache into numba's cache folder; True when something was copied.

    Nothing happens without both folders, when they are one folder, or when the cache already
    holds files (a restarted container keeps what it compiled).
    """
    if not prebuilt or not cache_dir:
        return False
    source, target = Path(prebuilt), Path(cache_dir)
    if not source.is_dir():
        log.warning("prebuilt kernel cache %s is not a folder: kernels compile at start", source)
        return False
    if target.resolve() == source.resolve() or (target.is_dir() and any(target.iterdir())):
        return False
    shutil.copytree(source, target, dirs_exist_ok=True)
    return True


seed_kernel_cache(os.environ.get("KINFERENCE_KERNEL_CACHE"), os.environ.get("NUMBA_CACHE_DIR"))

import numba  # noqa: E402  (after the cache is in place: numba reads NUMBA_CACHE_DIR on import)
from numba.core.dispatcher import Dispatcher  # noqa: E402

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
    "kinference_epp.policy.classifiers.scan_kernel",
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


def cache_counts() -> tuple[int, int]:
    """(loaded, compiled): the kernel signatures this process took from the disk cache and
    those it had to compile, over every kernel module imported so far.

    A start that compiles where a cache was expected (an image built for another CPU, a cache
    folder numba cannot use) shows here and in the picker's "kernels ready" log line.
    """
    loaded = compiled = 0
    for name in KERNEL_MODULES:
        module = sys.modules.get(name)
        for value in vars(module).values() if module is not None else ():
            if isinstance(value, Dispatcher) and value.py_func.__module__ == name:
                loaded += sum(value.stats.cache_hits.values())
                compiled += sum(value.stats.cache_misses.values())
    return loaded, compiled


if __name__ == "__main__":
    print("compiling the numba kernels into their disk cache (once per install, up to a minute)")
    seconds = warm_up_all()
    loaded, compiled = cache_counts()
    print(f"kernels ready in {seconds:.1f} s ({compiled} compiled, {loaded} from the cache)")
