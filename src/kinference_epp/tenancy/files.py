"""Tenants from files, for the static deployment: loaded at start, reloaded when they change.

A bad edit at run time keeps the last good set in force (logged); a bad set at start-up is a
configuration error.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from kinference_epp.policy.loader import Problem, Severity, errors
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.loader import load_files, tenant_files

log = logging.getLogger(__name__)


class TenantFiles:
    def __init__(
        self, directory: TenantDirectory, paths: list[str], *, interval_s: float = 2.0
    ) -> None:
        self.directory = directory
        self._paths = [Path(p) for p in paths]
        self._interval = interval_s
        self._stamp: tuple[tuple[str, float, int], ...] = ()
        self._task: asyncio.Task[None] | None = None

    def _fingerprint(self) -> tuple[tuple[str, float, int], ...]:
        out = []
        for f in tenant_files(self._paths):
            try:
                st = f.stat()
            except OSError:
                out.append((str(f), -1.0, -1))
                continue
            out.append((str(f), st.st_mtime, st.st_size))
        return tuple(out)

    def load(self) -> list[Problem]:
        """Load now; with errors the previous set stays in force."""
        self._stamp = self._fingerprint()
        loaded, problems = load_files(tenant_files(self._paths))
        for problem in problems:
            if problem.severity is Severity.WARNING:
                log.warning("tenant files: %s", problem)
        if errors(problems):
            return problems
        return problems + self.directory.update(loaded)

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
                    log.info("tenant files changed; reloading")
                    problems = errors(self.load())
                    if problems:
                        log.error(
                            "tenant files rejected; the last good set stays in force",
                            extra={"problems": [str(p) for p in problems]},
                        )
            except Exception:
                log.exception("reloading tenant files failed; the last good set stays in force")
