"""The one extension point of the request path: a stage reads and fills the request state."""

from __future__ import annotations

from typing import Protocol

from kinference_epp.routing.state import RequestState, Wait


class Stage(Protocol):
    """One step of the request pipeline.

    ``run`` fills what the stage decides into ``state`` and returns None to go on, or a
    ``Wait`` to hold the request (the pipeline runs this stage again once the wait ends). It
    raises a ``KinferenceError`` to answer the request itself; the runner turns that into the
    reply, the rejection metrics and the log line. ``name`` labels the stage's timings.
    """

    name: str

    def run(self, state: RequestState) -> Wait | None: ...
