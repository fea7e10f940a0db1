"""Conformance (test mode only): the model GIE's conformance suite asks for is served by every
endpoint, as GIE's conformance EPP serves whatever model a request names.

The suite's model servers are echo servers with no model list the picker could discover, so
without this stage each of its requests would be a 404 ``model_not_found`` unless the operator
configured the name by hand. A pool that really serves a model of that name keeps its own
routing for it.
"""

from __future__ import annotations

from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.pool.datastore import PoolDatastore

CONFORMANCE_MODEL = "conformance-fake-model"


class ConformanceStage:
    name = "conformance"

    def __init__(self, datastore: PoolDatastore) -> None:
        self._datastore = datastore

    def run(self, state: RequestState) -> Wait | None:
        if state.model == CONFORMANCE_MODEL and not self._datastore.serves_model(CONFORMANCE_MODEL):
            state.model = None  # any endpoint of the pool
        return None
