"""The one extension point of the request path: a stage reads and fills the request state."""

from __future__ import annotations

from typing import Protocol

from kinference_epp.pipeline.state import LocalResponse, Pending, RequestState

StageOutput = Pending | LocalResponse | None


class Stage(Protocol):
    """One step of the request pipeline.

    ``run`` fills what the stage decides into ``state`` and returns None to go on, a ``Wait``
    to hold the request, an ``Offload`` to have long work run off the event loop or an
    ``Await`` to have a shared store asked (whichever, the shell does it and the pipeline runs
    this stage again afterwards), or a ``LocalResponse`` the picker answers with. A stage
    starts nothing itself: no task, no thread, no await. It raises a ``KinferenceError`` to answer with an error; the runner turns
    that into the reply, the rejection metrics and the log line. ``name`` labels the stage's
    timings.

    A stage with a true ``headers_only`` attribute reads nothing but the headers; leading
    such stages run as soon as the headers arrive (``Pipeline.screen``), before the body.
    """

    name: str

    def run(self, state: RequestState) -> StageOutput: ...
