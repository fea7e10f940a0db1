"""Responses continuations: name each response, and send a continued one back to its pod.

``ResponseIdStage`` (before scheduling), for a Responses request served by the pool:

- ``previous_response_id`` of a response whose pod the picker knows (``ResponseHomes``;
  asked of the shared store when this replica does not know it) restricts the pick to that
  pod; a pod no longer in the pool is a 404 ``previous_response_gone`` (the conversation is
  lost with it), a pod that is there but cannot take the request the scheduler's 503. An id
  nobody knows is routed like any request: the pod that has it answers, others say 404.
- the response is named ``resp_<picker request id>`` in the body's ``request_id`` (vLLM
  answers with it as the response's ``id``) unless the client named it, so the picker knows
  the id without reading the response, and the id a client quotes leads to the picker's logs.

It runs after the prompt is counted: a continuation's count gains the stored conversation's
size, when its usage was settled (``ResponseHomes.settled``), so the reservation and the
bound on a report's prompt tokens hold the whole prompt the pod prefills.

``RememberResponseStage`` (after scheduling) records the pick as the response's home.
"""

from __future__ import annotations

from functools import partial

import msgspec

from kinference_epp.api.request import ApiKind
from kinference_epp.api.responses import PREVIOUS_RESPONSE_ID, RESPONSE_ID
from kinference_epp.api.rewrite import set_top_level_field
from kinference_epp.errors import NotFoundError
from kinference_epp.pipeline.response_homes import ResponseHomes, response_id_of
from kinference_epp.pipeline.stages.admit import BYTES_PER_TOKEN
from kinference_epp.pipeline.state import Await, RequestState
from kinference_epp.pool.datastore import PoolDatastore


class ResponseIdStage:
    name = "response_id"

    def __init__(
        self, homes: ResponseHomes, datastore: PoolDatastore, *, max_wait_s: float = 1.0
    ) -> None:
        self._homes = homes
        self._datastore = datastore
        self._max_wait = max_wait_s

    def run(self, state: RequestState) -> Await | None:
        request = state.request
        if request is None or request.kind is not ApiKind.RESPONSES or state.leaves_pool:
            return None
        previous = request.extra.get(PREVIOUS_RESPONSE_ID)
        if isinstance(previous, str):
            ask = self._continue(state, previous)
            if ask is not None:
                return ask
        if not isinstance(request.extra.get(RESPONSE_ID), str):
            response_id = response_id_of(state.request_id)
            body = set_top_level_field(request.raw, "request_id", response_id)
            extra = {**request.extra, RESPONSE_ID: response_id}
            state.request = msgspec.structs.replace(request, raw=body, extra=extra)
            state.body_out = body
        return None

    def _continue(self, state: RequestState, previous: str) -> Await | None:
        home = self._homes.home(previous)
        shared = self._homes.shared
        answer, state.answer = state.answer, None  # set only when this stage asked
        if home is None and shared is not None:
            if answer is None:
                return Await(partial(shared.get, previous), self._max_wait, reason="response store")
            if not answer.cancelled() and answer.exception() is None:
                home = self._homes.learned(previous, answer.result())
        if home is None:
            return None
        endpoint = home.endpoint
        if endpoint not in self._datastore:
            raise NotFoundError(
                f"Response with id '{previous}' not found: the server that stored it has "
                "left the pool.",
                reason="previous_response_gone",
                param="previous_response_id",
            )
        subset = state.subset
        state.subset = (
            frozenset((endpoint,)) if subset is None or endpoint in subset else frozenset()
        )
        if home.context_tokens:
            # the pod prefills the stored conversation before the new input (uncounted: the
            # router reads no prompt; estimated from the body, as the admit stage does)
            counted = state.prompt_tokens or len(state.body) // BYTES_PER_TOKEN
            state.prompt_tokens = counted + home.context_tokens
        return None


class RememberResponseStage:
    name = "remember_response"

    def __init__(self, homes: ResponseHomes) -> None:
        self._homes = homes

    def run(self, state: RequestState) -> None:
        request = state.request
        if (
            request is None
            or request.kind is not ApiKind.RESPONSES
            or state.explain
            or not state.endpoints
        ):
            return None
        response_id = request.extra.get(RESPONSE_ID)
        if isinstance(response_id, str):
            if state.reserved_tokens is not None:
                expected = sum(state.reserved_tokens)
            else:
                expected = state.prompt_tokens + (request.max_tokens or 0)
            self._homes.remember(response_id, state.endpoints[0], expected)
        return None
