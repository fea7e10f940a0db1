"""Tenants from files, for the static deployment: loaded at start, reloaded when they change.

A bad edit at run time keeps the last good set in force (logged); a bad set at start-up is a
configuration error. Directories are read as ``policy.loader.source_files`` reads them
(kubelet's ConfigMap and Secret layout included), and kubelet's swap of ``..data`` is a
change like any edit.
"""

from __future__ import annotations

import logging
from pathlib import Path

from kinference_epp.config.mounted import Stamp, stamp
from kinference_epp.config.watch import ChangePoller
from kinference_epp.policy.loader import Problem, Severity, errors, source_files
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.loader import load_paths

log = logging.getLogger(__name__)


class TenantFiles:
    def __init__(
        self, directory: TenantDirectory, paths: list[str], *, interval_s: float = 2.0
    ) -> None:
        self.directory = directory
        self._paths = [Path(p) for p in paths]
        self._poller = ChangePoller(
            self._stamp, self._reload, interval_s=interval_s, what="tenant files"
        )

    def _stamp(self) -> Stamp:
        return stamp(source_files(self._paths)[0])

    def load(self) -> list[Problem]:
        """Load now; with errors the previous set stays in force."""
        self._poller.mark()
        loaded, problems = load_paths(self._paths)
        for problem in problems:
            if problem.severity is Severity.WARNING:
                log.warning("tenant files: %s", problem)
        if errors(problems):
            return problems
        return problems + self.directory.update(loaded)

    def _reload(self) -> None:
        problems = errors(self.load())
        if problems:
            log.error(
                "tenant files rejected; the last good set stays in force",
                extra={"problems": [str(p) for p in problems]},
            )

    async def start(self) -> None:
        await self._poller.start()

    async def stop(self) -> None:
        await self._poller.stop()
