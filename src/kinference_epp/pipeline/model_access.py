"""Which model names a tenant may use (``InferenceTenant.spec.allowedModels``).

Names resolve as policies resolve them (``policy.catalog``): an allowed model allows requests
for it and for its aliases; an allowed alias is its model; an allowed class allows requests
for the class and for each member (by name or alias). A name no active policy's catalog
knows stands for itself. So a tenant allowed the class ``small`` may ask for ``small`` or
for any model the class selects, and sees those in ``/v1/models``; what a policy then routes
an allowed request to is the operator's rule, not the tenant's choice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kinference_epp.pipeline.stage import Stage
from kinference_epp.pipeline.state import RequestState
from kinference_epp.policy.catalog import MEMBER_PREFIX
from kinference_epp.policy.store import PolicyStore
from kinference_epp.tenancy.limits import Tenant


class ModelAccess:
    def __init__(self, policies: PolicyStore) -> None:
        self._policies = policies

    def allows(self, tenant: Tenant | None, name: str) -> bool:
        allowed = tenant.allowed_models if tenant is not None else None
        if allowed is None or name in allowed:
            return True
        for policy in self._policies.active.policies:
            catalog = policy.catalog
            if catalog.empty:
                continue
            identity = catalog.identity(name)
            for entry in allowed:
                kind = catalog.kind(entry)
                if kind == "class":
                    wanted = MEMBER_PREFIX + entry
                elif kind is not None:
                    wanted = catalog.match_identity(entry)
                else:
                    continue
                if wanted in identity:
                    return True
        return False


class TenantModels:
    """For ``/v1/models`` with tenants: identifies the tenant from the headers (401 without a
    valid key, as on every other path) and says which names it may see (None: all)."""

    def __init__(self, identify: Stage, access: ModelAccess) -> None:
        self._identify = identify
        self._access = access

    def __call__(self, state: RequestState) -> Callable[[str], bool] | None:
        self._identify.run(state)
        tenant = state.tenant_info
        if tenant is None or tenant.allowed_models is None:
            return None
        return partial(self._access.allows, tenant)
