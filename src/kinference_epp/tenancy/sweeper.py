"""The sweeper: settles, as reserved, the reservations whose usage never came (a lost access-log
entry, a replica that died mid-request), so their tokens are charged and their concurrency
slots freed. Every replica sweeps; a shared store makes each reservation swept once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from kinference_epp.tenancy.store import LimitStore, Reservation

log = logging.getLogger(__name__)


class Sweeper:
    def __init__(
        self,
        store: LimitStore,
        on_swept: Callable[[Reservation], None],
        *,
        interval_s: float = 1.0,
    ) -> None:
        self._store = store
        self._on_swept = on_swept
        self._interval = interval_s
        self._task: asyncio.Task[None] | None = None

    async def sweep_once(self) -> int:
        swept = await self._store.sweep()
        for r in swept:
            self._on_swept(r)
        if swept:
            log.warning(
                "reservations settled without usage",
                extra={"count": len(swept), "tenants": sorted({r.tenant for r in swept})},
            )
        return len(swept)

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            try:
                await self.sweep_once()
            except Exception:
                log.exception("sweeping reservations failed")
