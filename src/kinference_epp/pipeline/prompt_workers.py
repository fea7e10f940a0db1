"""Long prompts tokenized and hashed in worker processes.

A thread tokenizing a quarter-million-token prompt releases the GIL while it encodes, but
still holds it for milliseconds at a time (rendering the chat template's text, handing the
text over, freeing the encoding), and every small request on the event loop waits behind
those pieces. A worker process has its own GIL: the picker's process only copies the
request in and the token count and block hashes out. An offload thread waits for the worker
(without the GIL), so the thread pool stays the bound on how many long prompts are in work.

Each worker loads the picker's tokenizers (the same ``TokenizerConfig``) and hashing
kernels once, when it starts. The workers start with the first long prompt, which (like any
that comes before they are up) is tokenized on its own thread: a picker that never sees a
long prompt never pays for them, and no prompt waits for a process to start. A worker that
dies (killed, out of memory) breaks the pool: the next job starts new workers, and is
tokenized on its thread meanwhile, so no request fails for it.

The workers run at the lowest CPU priority (Linux's ``SCHED_IDLE``, elsewhere a higher nice
value): where cores are scarce, the picker's event loop, the proxy and the pods beside them
(everything a short request waits for) take the CPU the moment they wake, and long prompts use
what is left. A worker exits when the picker's
process is gone (killed without a chance to stop its pool): nobody is left to read its answers.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import InferenceRequest
from kinference_epp.config.tokenizers import TokenizerConfig
from kinference_epp.kvcache.hashing import HashScope
from kinference_epp.pipeline.prompt_work import tokenize_and_hash
from kinference_epp.tokenize.registry import TokenizerRegistry

log = logging.getLogger(__name__)

_registry: TokenizerRegistry | None = None
"""The tokenizers of this worker process (set once by ``_start_worker``)."""
_all_up: threading.Barrier | None = None
"""The pool's start barrier, one party per worker (set once by ``_start_worker``)."""

WORKER_NICENESS = 10
"""Added to a worker's nice value where ``SCHED_IDLE`` is not available."""
PARENT_CHECK_S = 1.0
ALL_UP_WAIT_S = 60.0
"""How long a worker's first job waits for the others to take theirs."""


def _start_worker(config: TokenizerConfig, parent: int, all_up: threading.Barrier) -> None:
    """``parent``: the picker's pid, taken where the pool is made: a worker still starting
    when the picker dies would read its new parent from ``getppid`` and never end."""
    global _registry, _all_up
    _all_up = all_up
    from kinference_epp.kvcache.hashing import warm_up

    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()
    _lowest_priority()
    _registry = TokenizerRegistry.from_config(config)
    warm_up()


def _lowest_priority() -> None:
    """``SCHED_IDLE``: a task of any other policy that wakes preempts this one at once (a nice
    value only lowers its share, and a woken task may wait out its time slice)."""
    if hasattr(os, "SCHED_IDLE"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    else:
        os.nice(WORKER_NICENESS)


def _exit_with(parent: int) -> None:
    """End this worker once ``parent`` is gone (it is re-parented)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


def _ready() -> int:
    """The first job of each worker: it holds its worker until every worker holds one, so
    no worker takes two and the pool is up only when all are."""
    assert _registry is not None
    assert _all_up is not None
    try:
        _all_up.wait(ALL_UP_WAIT_S)
    except threading.BrokenBarrierError:
        log.warning("not every prompt worker started within %.0f s", ALL_UP_WAIT_S)
    return os.getpid()


def _job(
    model: str,
    request: InferenceRequest,
    scope: HashScope,
    block_size: int,
    limit: int | None,
    chars: int,
) -> tuple[int, npt.NDArray[np.uint64]]:
    assert _registry is not None, "not a prompt worker process"
    tokenizer = _registry.for_model(model)
    return tokenize_and_hash(tokenizer, request, scope, block_size, limit, chars)


class PromptWorkers:
    """A pool of worker processes holding the picker's tokenizers."""

    def __init__(self, config: TokenizerConfig, processes: int) -> None:
        if processes < 1:
            raise ValueError("processes must be at least 1")
        self._config = config
        self._processes = processes
        self._lock = threading.Lock()
        self._pool = self._new_pool()
        self._starting: list[Future[int]] | None = None
        """Each worker's first (empty) job; the workers are up when all are done."""
        self.restarts = 0
        """Times a broken pool (a worker died) was rebuilt."""

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn: the picker's process runs gRPC threads, which must not be forked.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            self._processes,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self._config, os.getpid(), context.Barrier(self._processes)),
        )

    def ready(self) -> bool:
        """Whether every worker is up; the first call starts them."""
        with self._lock:
            if self._starting is None:
                self._starting = [self._pool.submit(_ready) for _ in range(self._processes)]
            return all(f.done() and f.exception() is None for f in self._starting)

    def wait_ready(self) -> None:
        """Start the workers and block until they are up (or failed to start)."""
        self.ready()
        with self._lock:
            starting = list(self._starting or [])
        for f in starting:
            f.exception()

    def pids(self) -> list[int]:
        """The process ids of the workers that are up."""
        with self._lock:
            starting = self._starting or []
        return [f.result() for f in starting if f.done() and f.exception() is None]

    def run(
        self,
        model: str,
        request: InferenceRequest,
        scope: HashScope,
        block_size: int,
        limit: int | None,
        chars: int,
    ) -> tuple[int, npt.NDArray[np.uint64]] | None:
        """The prompt's token count and block hashes from a worker; blocks the calling
        thread. None while the workers are starting, or when one died (the caller tokenizes
        it itself)."""
        if not self.ready():
            return None
        light = msgspec.structs.replace(request, raw=b"")  # the body is not rendered
        pool = self._pool
        try:
            return pool.submit(_job, model, light, scope, block_size, limit, chars).result()
        except BrokenProcessPool:
            with self._lock:
                if self._pool is pool:
                    log.warning("a prompt worker process died: starting the workers again")
                    self.restarts += 1
                    self._pool = self._new_pool()
                    self._starting = None
            return None

    def close(self) -> None:
        """Stop the workers; queued jobs are dropped."""
        self._pool.shutdown(wait=False, cancel_futures=True)
