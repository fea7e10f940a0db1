"""Surface: only the public API reaches a pod; the picker answers the rest itself.

Runs on the headers alone (``headers_only``), so a request for a path the picker does not
serve is answered before its body is read. In order: an unknown path is a 404, a known one
with another method a 405 (with ``allow``), a body whose content type is not JSON a 415
(no content type is read as JSON, as vLLM's server does). ``GET /v1/models`` is answered
here from the pool's models; with tenants, only for a request that identifies one (401
otherwise, as on every path), and listing only the models it may use. Client copies of the headers only the picker sets are noted
for removal.
"""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.api.paths import bare_path
from kinference_epp.api.wire_names import (
    DESTINATION_HEADER,
    MODEL_HEADER,
    PROVIDER_ROUTE_HEADER,
    SCORES_HEADER,
)
from kinference_epp.errors import (
    MethodNotAllowedError,
    NotFoundError,
    UnsupportedMediaTypeError,
)
from kinference_epp.pipeline.api_surface import Handling, served_api
from kinference_epp.pipeline.model_list import ModelList
from kinference_epp.pipeline.state import LocalResponse, RequestState, Wait

PICKER_SET_HEADERS = (MODEL_HEADER, SCORES_HEADER, PROVIDER_ROUTE_HEADER, DESTINATION_HEADER)
"""Headers whose value on a routed request must be the picker's: a client's copy would pick
a provider route or an endpoint, or be echoed (Envoy returns the scores header) or logged as
the model. The shipped Envoy config strips them at the listener; the picker removes any that
still arrive, so it is safe behind a proxy that does not."""
_PICKER_SET = frozenset(PICKER_SET_HEADERS)


def is_json(content_type: str) -> bool:
    """``application/json`` or ``application/*+json``, any parameters (FastAPI's rule)."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


class SurfaceStage:
    name = "surface"
    headers_only = True

    def __init__(
        self,
        models: ModelList,
        tenant_models: Callable[[RequestState], Callable[[str], bool] | None] | None = None,
    ) -> None:
        """``tenant_models(state)``: identifies the request's tenant (raising as identify
        does) and gives the filter of the names it may see (None: all)."""
        self._models = models
        self._tenant_models = tenant_models

    def run(self, state: RequestState) -> Wait | LocalResponse | None:
        headers = state.headers
        path = bare_path(headers.get(":path", ""))
        api = served_api(path)
        if api is None:
            raise NotFoundError("There is no API at this path.")
        method = headers.get(":method", "")
        if method != api.method:
            raise MethodNotAllowedError(
                f"This path takes {api.method} requests only.", headers=(("allow", api.method),)
            )
        if api.takes_body:
            content_type = headers.get("content-type")
            if content_type is not None and not is_json(content_type):
                raise UnsupportedMediaTypeError(
                    "The request body must be JSON (content-type: application/json)."
                )
        state.api = api
        if not _PICKER_SET.isdisjoint(headers):
            state.reserved_in = tuple(name for name in PICKER_SET_HEADERS if name in headers)
        if api.handling is Handling.MODELS:
            allowed = self._tenant_models(state) if self._tenant_models is not None else None
            return self._models.answer(path, allowed)
        return None
