"""Identify: who sends the request, from a header the proxy sets (clients' copies are stripped
by the shipped Envoy configuration)."""

from __future__ import annotations

from kinference_epp.pipeline.state import RequestState, Wait


class IdentifyStage:
    name = "identify"
    headers_only = True

    def __init__(self, tenant_header: str) -> None:
        self._header = tenant_header

    def run(self, state: RequestState) -> Wait | None:
        state.tenant = state.headers.get(self._header)
        return None
