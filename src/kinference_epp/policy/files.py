"""Policies from files, for the static deployment: loaded at start, reloaded when they change.

A bad edit at run time keeps the last good set in force (``PolicyStore.update``) and says
why in the log and a metric; a bad set at start-up is a configuration error. Directories are
read as ``policy.loader.source_files`` reads them (kubelet's ConfigMap layout included), and
kubelet's swap of ``..data`` is a change like any edit.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kinference_epp.config.mounted import Stamp, stamp
from kinference_epp.config.watch import ChangePoller
from kinference_epp.policy.loader import Problem, errors, load_paths, source_files
from kinference_epp.policy.store import PolicyStore


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
        self._on_rejected = on_rejected
        self._poller = ChangePoller(
            self._stamp, self.load, interval_s=interval_s, what="policy files"
        )

    def _stamp(self) -> Stamp:
        return stamp(source_files(self._paths)[0])

    def load(self) -> list[Problem]:
        """Load now; returns the problems (errors mean the previous set stayed in force)."""
        self._poller.mark()
        loaded, problems, _ = load_paths(self._paths)
        problems = self.store.update(loaded, problems)
        if errors(problems) and self._on_rejected is not None:
            self._on_rejected(problems)
        return problems

    async def start(self) -> None:
        await self._poller.start()

    async def stop(self) -> None:
        await self._poller.stop()
