"""Identify (with tenants configured): the tenant from the request's API key, or from the
header a trusted proxy filter sets; a request that proves no tenant gets 401.

The key is looked up by its SHA-256 among the tenants' key hashes (``tenancy.keys``); the
proxy removes it before the request reaches a pod (``gateway``). Requests with no credentials
are served as ``anonymous_tenant`` only when the operator configured one.
"""

from __future__ import annotations

from kinference_epp.errors import UnauthorizedError
from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.keys import presented_key


class KeyIdentifyStage:
    """``identity: api-key``. Reads only the headers: a request without a valid key is
    answered 401 before its body is read."""

    name = "identify"
    headers_only = True

    def __init__(self, directory: TenantDirectory, *, anonymous: str | None = None) -> None:
        self._directory = directory
        self._anonymous = anonymous

    def run(self, state: RequestState) -> Wait | None:
        key = presented_key(state.headers)
        if key is None:
            if self._anonymous is None:
                raise UnauthorizedError(
                    "You didn't provide an API key: send it as `Authorization: Bearer <key>` "
                    "or `x-api-key: <key>`."
                )
            tenant = self._directory.by_name(self._anonymous)
        else:
            found = self._directory.by_key(key)
            if found is None:
                raise UnauthorizedError("Incorrect API key provided.")
            tenant = found
        state.tenant = tenant.name
        state.tenant_info = tenant
        return None


class HeaderIdentifyStage:
    """``identity: header``: the proxy authenticated the client and named its tenant."""

    name = "identify"
    headers_only = True

    def __init__(
        self, directory: TenantDirectory, header: str, *, anonymous: str | None = None
    ) -> None:
        self._directory = directory
        self._header = header
        self._anonymous = anonymous

    def run(self, state: RequestState) -> Wait | None:
        name = state.headers.get(self._header) or self._anonymous
        if name is None:
            raise UnauthorizedError(
                "The request carries no tenant: the gateway did not authenticate it.",
                reason="unauthenticated",
            )
        tenant = self._directory.by_name(name)
        state.tenant = tenant.name
        state.tenant_info = tenant
        return None
