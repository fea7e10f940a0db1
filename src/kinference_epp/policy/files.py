"""Policies from files, for the static deployment: loaded at start, reloaded when they change.

A bad edit at run time keeps the last good set in force (``PolicyStore.update``) and says
why in the log and a metric; a bad set at start-up is a configuration error.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from pathlib import Path

from kinference_epp.policy.loader import Problem, errors
from kinference_epp.policy.store import PolicyStore

log = logging.getLogger(__name__)


def _files(paths: list[Path]) -> Iterator[Path]:
    for p in paths:
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml"))
        else:
            yield p


class PolicyFiles:
    def __init__(
        self,
        store: PolicyStore,
        paths: list[str],
        *,
        interval_s: float = 2.0,
        on_rejected: Callable[[list[Problem]], None] | None = None,
    ) -> None:
        self.store = store
        self._paths = [Path(p) for p in paths]
        self._interval = interval_s
        self._on_rejected = on_rejected
        self._stamp: tuple[tuple[str, float, int], ...] = ()
        self._task: asyncio.Task[None] | None = None

    def _fingerprint(self) -> tuple[tuple[str, float, int], ...]:
        out = []
        for f in _files(self._paths):
            try:
                st = f.stat()
            except OSError:
                out.append((str(f), -1.0, -1))
                continue
            out.append((str(f), st.st_mtime, st.st_size))
        return tuple(out)

    def load(self) -> list[Problem]:
        """Load now; returns the problems (errors mean the previous set stayed in force)."""
        self._stamp = self._fingerprint()
        problems = self.store.update_files(list(_files(self._paths)) or self._paths)
        if errors(problems) and self._on_rejected is not None:
            self._on_rejected(problems)
        return problems

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            try:
                if self._fingerprint() != self._stamp:
                    log.info("policy files changed; reloading")
                    self.load()
            except Exception:
                log.exception("reloading policy files failed; the last good set stays in force")
