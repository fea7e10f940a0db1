"""Reload files when they change: poll a stamp of them and call back when it differs.

Polling rather than inotify: a kubelet mount changes by a rename of ``..data`` in the mount's
directory, which an inotify watch on the files themselves never sees, and a stamp of what
each file resolves to (``config.mounted.stamp``) catches it on any filesystem.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable

from kinference_epp.periodic import Periodic

log = logging.getLogger(__name__)


class ChangePoller:
    """Every ``interval_s``: compare ``current()`` with the stamp of the last load, and call
    ``reload()`` (which loads and takes a new stamp with :meth:`mark`) when it differs."""

    def __init__(
        self,
        current: Callable[[], Hashable],
        reload: Callable[[], object],
        *,
        interval_s: float,
        what: str,
    ) -> None:
        self._current = current
        self._reload = reload
        self._what = what
        self._stamp: Hashable = None
        self._loop = Periodic(
            self._poll,
            interval_s=interval_s,
            failure=f"reloading {what} failed; the last good set stays in force",
        )

    def mark(self) -> None:
        """Take the stamp of what is about to be loaded (call before reading the files, so
        that a change during the read is seen on the next poll)."""
        self._stamp = self._current()

    async def start(self) -> None:
        await self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()

    def _poll(self) -> None:
        if self._current() != self._stamp:
            log.info("%s changed; reloading", self._what)
            self._reload()
