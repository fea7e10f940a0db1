"""Compiled kernels: numba's ``njit`` with the settings every kernel here shares.

Why numba: a handful of per-request loops (walk a prompt's blocks until no endpoint holds
the next one, chain-hash blocks of tokens, decode a msgpack event batch) cost 1.5-4 µs per
numpy call and need dozens of calls in numpy, or a Python loop per element. Compiled, they
are one call each. Kernels are cached on disk (``cache=True``), so only the first process
after an install pays the compile; they release the GIL (``nogil=True``).

Kernels take and return numpy arrays and scalars only, and each has a plain numpy or Python
reference that tests hold it to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., object])


def kernel(fn: F) -> F:
    """Compile ``fn`` lazily on first call (typed by its arguments), cached on disk."""
    return cast(F, numba.njit(cache=True, nogil=True)(fn))
