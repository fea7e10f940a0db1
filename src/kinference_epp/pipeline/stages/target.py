"""Target: where the policy's outcome sends the request - a model of this pool (maybe rewritten
into the body), an external provider's route, or a rejection."""

from __future__ import annotations

import logging

import msgspec

from kinference_epp.api.request import InferenceRequest
from kinference_epp.api.rewrite import rewrite_model
from kinference_epp.api.wire_names import MODEL_HEADER, PROVIDER_ROUTE_HEADER
from kinference_epp.errors import KinferenceError, ModelNotFoundError, NoReadyEndpointError
from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.policy import Reject, RouteTo, SendToProvider
from kinference_epp.policy.secrets import SecretReader
from kinference_epp.pool.datastore import PoolDatastore

log = logging.getLogger(__name__)


class TargetStage:
    name = "target"

    def __init__(
        self, datastore: PoolDatastore, *, pool_name: str, secrets: SecretReader | None = None
    ) -> None:
        self._datastore = datastore
        self._pool = pool_name
        self._secrets = secrets
        self._model_headers: dict[str | None, tuple[tuple[str, str], ...]] = {}
        """The request headers a routed request gets set, per model (one tuple each)."""

    def run(self, state: RequestState) -> Wait | None:
        outcome, request = state.outcome, state.request
        if isinstance(outcome, Reject):
            raise KinferenceError(outcome.message, reason=outcome.reason, status=outcome.status)
        if request is not None and isinstance(outcome, SendToProvider):
            if state.local_only:  # a fail-closed rule matched: this prompt must not leave the pool
                raise NoReadyEndpointError(
                    "the request must be served locally and no local endpoint can take it",
                    reason="policy_fail_closed",
                )
            self._provider(state, request, outcome)
            return None
        if request is not None and isinstance(outcome, RouteTo):
            target = self._servable(outcome)
            if target != request.model:
                body = rewrite_model(request, target)
                state.request = msgspec.structs.replace(request, model=target, raw=body)
                state.body_out = body
            state.model = target
        model = state.model
        if model is not None and not self._datastore.serves_model(model):
            raise ModelNotFoundError(
                f"The requested model does not exist in pool {self._pool}.", param="model"
            )
        headers = self._model_headers.get(model)
        if headers is None:
            headers = self._model_headers[model] = (
                ((MODEL_HEADER, model),) if model is not None else ()
            )
        state.headers_out = headers
        return None

    def _servable(self, route: RouteTo) -> str:
        for candidate in route.candidates or (route.model,):
            if self._datastore.serves_model(candidate):
                return candidate
        if route.local_only:
            raise NoReadyEndpointError(
                "no local endpoint serves the models this policy allows",
                reason="policy_fail_closed",
            )
        raise ModelNotFoundError(
            f"The model a policy routes to does not exist in pool {self._pool}.", param="model"
        )

    def _provider(
        self, state: RequestState, request: InferenceRequest, out: SendToProvider
    ) -> None:
        headers = [(PROVIDER_ROUTE_HEADER, out.provider), (MODEL_HEADER, out.model)]
        if out.api_key is not None:
            if self._secrets is None:
                raise NoReadyEndpointError(
                    "no secrets are mounted for provider keys", reason="provider_key_missing"
                )
            key = self._secrets.get(out.api_key.name, out.api_key.key)
            headers.append(("authorization", f"Bearer {key}"))
        if out.model != request.model:
            state.body_out = rewrite_model(request, out.model)
        state.headers_out = tuple(headers)
        state.provider = out.provider
        state.model = out.model
        log.info(
            "sent to provider",
            extra={"request_id": state.request_id, "provider": out.provider, "model": out.model},
        )
