"""Model access (with tenants): a tenant asks only for the models its InferenceTenant allows.

Runs right after identify, before the policy: a name outside the tenant's ``allowedModels``
is a 403 ``model_not_allowed`` in the API's error shape, before any limit is reserved or
any policy (or provider) sees the request. Tenants without an allow-list are not checked.
"""

from __future__ import annotations

from kinference_epp.errors import ModelNotAllowedError
from kinference_epp.pipeline.model_access import ModelAccess
from kinference_epp.pipeline.state import RequestState, Wait


class ModelAccessStage:
    name = "model_access"

    def __init__(self, access: ModelAccess) -> None:
        self._access = access

    def run(self, state: RequestState) -> Wait | None:
        tenant = state.tenant_info
        if tenant is None or tenant.allowed_models is None or state.request is None:
            return None
        if not state.asked_model:
            raise ModelNotAllowedError(
                "This API key may use only some models: name one in `model`.", param="model"
            )
        if not self._access.allows(tenant, state.asked_model):
            raise ModelNotAllowedError(
                f"This API key may not use the model `{state.asked_model}`.", param="model"
            )
        return None
