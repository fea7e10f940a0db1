"""Resources from files, for the static deployment: loaded at start, reloaded when they change.

One class for every kind: ``apply(loaded, problems)`` puts a loaded set in force (the policy
store, the tenant directory's ``files`` source) and returns every problem; with errors the
previous set stays in force, and ``on_rejected`` hears of it (a log line, a metric). A bad
set at start-up is a configuration error, which the caller raises. Directories are read as
``resources.kind.source_files`` reads them (kubelet's ConfigMap and Secret layout included),
and kubelet's swap of ``..data`` is a change like any edit.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from kinference_epp.config.mounted import Stamp, stamp
from kinference_epp.config.watch import ChangePoller
from kinference_epp.resources.kind import ResourceKind, source_files
from kinference_epp.resources.problems import Problem, errors

L = TypeVar("L")


class ResourceFiles(Generic[L]):
    """The objects of ``kind`` in ``paths``, kept in force through ``apply`` (see the module).
    ``what`` names them in the log (``policy files``)."""

    def __init__(
        self,
        kind: ResourceKind[Any, L],
        paths: list[str],
        apply: Callable[[list[L], list[Problem]], list[Problem]],
        *,
        what: str,
        interval_s: float = 2.0,
        on_rejected: Callable[[list[Problem]], None] | None = None,
    ) -> None:
        self._kind = kind
        self._paths = [Path(p) for p in paths]
        self._apply = apply
        self._on_rejected = on_rejected
        self._poller = ChangePoller(self._stamp, self.load, interval_s=interval_s, what=what)

    def _stamp(self) -> Stamp:
        return stamp(source_files(self._paths)[0])

    def load(self) -> list[Problem]:
        """Load now; returns the problems (errors mean the previous set stayed in force)."""
        self._poller.mark()
        loaded, problems, _ = self._kind.load_paths(self._paths)
        problems = self._apply(loaded, problems)
        if errors(problems) and self._on_rejected is not None:
            self._on_rejected(problems)
        return problems

    async def start(self) -> None:
        await self._poller.start()

    async def stop(self) -> None:
        await self._poller.stop()
