"""Work a stage hands off the event loop (``Offload``): a small thread pool with a bound.

Tokenizing a long prompt takes milliseconds to seconds of CPU; on the event loop it would
stall every other request for as long. HF ``tokenizers`` releases the GIL while it encodes,
so a few threads take that work while the loop keeps answering. The number of requests
waiting for the pool is bounded: past it a request is answered 503 ``overloaded`` at once
instead of queueing behind work it would wait seconds for.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from kinference_epp.errors import NoReadyEndpointError


class Offloader:
    def __init__(self, threads: int, max_pending: int) -> None:
        if threads < 1 or max_pending < 1:
            raise ValueError("threads and max_pending must be at least 1")
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="kinference-offload")
        self._max_pending = max_pending
        self.pending = 0
        """Requests whose work is queued or running."""

    async def run(self, work: Callable[[], Any]) -> Future[Any]:
        """Run ``work`` on the pool; the finished future (its result or its exception).

        Never raises for the work's own failure: the stage that asked reads the future.
        Cancelling the caller (the stream ended) leaves queued work unstarted.
        """
        if self.pending >= self._max_pending:
            full: Future[Any] = Future()
            full.set_exception(
                NoReadyEndpointError(
                    "The gateway is busy with long prompts; retry shortly.", reason="overloaded"
                )
            )
            return full
        self.pending += 1
        try:
            done = self._executor.submit(work)
            with contextlib.suppress(Exception):
                await asyncio.wrap_future(done)
            return done
        finally:
            self.pending -= 1

    def close(self) -> None:
        """Stop taking work; running work finishes on its thread, queued work is dropped."""
        self._executor.shutdown(wait=False, cancel_futures=True)
