"""Ensure usage: a streamed request whose client did not ask for ``stream_options.include_usage``
gets it added (so the access log, metrics and token budgets see real token counts), and the
usage-only chunk the client did not ask for is removed from the response it receives.

Needs BUFFERED request bodies and the proxy sending response headers: the response rewrite is
switched on by mode_override, which Envoy ignores in full duplex.
"""

from __future__ import annotations

from typing import Any

import msgspec

from kinference_epp.api.request import ApiKind
from kinference_epp.api.response_transform import UsageStripper
from kinference_epp.api.rewrite import set_top_level_field
from kinference_epp.routing.state import RequestState, Wait


class _StreamOptions(msgspec.Struct):
    stream_options: dict[str, Any] | None = None


_stream_options = msgspec.json.Decoder(_StreamOptions)
_USAGE_APIS = (ApiKind.CHAT, ApiKind.COMPLETIONS)


class EnsureUsageStage:
    name = "ensure_usage"

    def run(self, state: RequestState) -> Wait | None:
        request = state.request
        if (
            state.leaves_pool
            or state.full_duplex
            or request is None
            or request.kind not in _USAGE_APIS
            or not request.stream
            or request.include_usage
        ):
            return None
        options = dict(_stream_options.decode(request.raw).stream_options or {})
        options["include_usage"] = True
        state.body_out = set_top_level_field(request.raw, "stream_options", options)
        state.response = UsageStripper()
        return None
