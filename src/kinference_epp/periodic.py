"""One step every interval until stopped: the shape of every background loop here (file
watches, the reservation sweep, usage flushes, the missing-usage alarm).

A step that raises is logged with ``failure`` and the loop goes on: a background loop that
died on one bad pass would leave its duty undone for the rest of the process's life.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Periodic:
    def __init__(
        self, step: Callable[[], Awaitable[object] | object], *, interval_s: float, failure: str
    ) -> None:
        self._step = step
        self._interval = interval_s
        self._failure = failure
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Cancel the loop and wait for it (a step in progress is cancelled too)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            try:
                done = self._step()
                if inspect.isawaitable(done):
                    await done
            except Exception:
                log.exception(self._failure)
