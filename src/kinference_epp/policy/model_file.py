"""The trained classifier model from a file: loaded at start, reloaded when it changes.

The file comes from ``kinfctl classifiers train`` and is mounted into the picker (a
ConfigMap's ``binaryData`` or any volume). It is watched the way policy files are
(``config.watch.ChangePoller`` over ``config.mounted.stamp``, so kubelet's swap of
``..data`` is a change like any edit). A file that does not load at run time keeps the
model in force, says why in the log and counts in ``on_rejected``; at start-up it is a
configuration error, as a bad policy file is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from kinference_epp.config.mounted import Stamp, stamp
from kinference_epp.config.watch import ChangePoller
from kinference_epp.policy.classifiers.trained import ModelSlot, TrainedModel

log = logging.getLogger(__name__)


class ModelFile:
    def __init__(
        self,
        slot: ModelSlot,
        path: str | Path,
        *,
        interval_s: float = 2.0,
        on_rejected: Callable[[str], None] | None = None,
    ) -> None:
        self.slot = slot
        self._path = Path(path)
        self._on_rejected = on_rejected
        self._poller = ChangePoller(
            self._stamp, self.load, interval_s=interval_s, what="classifier model file"
        )

    def _stamp(self) -> Stamp:
        return stamp([self._path])

    def load(self) -> str | None:
        """Load now; returns None, or why the file was refused (the slot then keeps its
        model)."""
        self._poller.mark()
        try:
            model = TrainedModel.load(self._path)
        except ValueError as exc:
            log.warning("classifier model refused; keeping the one in force: %s", exc)
            if self._on_rejected is not None:
                self._on_rejected(str(exc))
            return str(exc)
        self.slot.current = model
        log.info(
            "classifier model loaded from %s (%d prompts, trained %s)",
            self._path,
            model.prompts,
            model.trained_at,
        )
        return None

    async def start(self) -> None:
        await self._poller.start()

    async def stop(self) -> None:
        await self._poller.stop()
