"""The sweeper: settles, as reserved, the reservations whose usage never came (a lost access-log
entry, a replica that died mid-request), so their tokens are charged and their concurrency
slots freed. Every replica sweeps; a shared store makes each reservation swept once."""

from __future__ import annotations

import logging
from collections.abc import Callable

from kinference_epp.periodic import Periodic
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
        self._loop = Periodic(
            self.sweep_once, interval_s=interval_s, failure="sweeping reservations failed"
        )

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
        await self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()
