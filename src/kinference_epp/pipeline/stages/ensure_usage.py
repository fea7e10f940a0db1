"""Ensure usage: a streamed request whose client did not ask for ``stream_options.include_usage``
gets it added (so the access log, metrics and token budgets see real token counts), and the
usage-only chunk the client did not ask for is removed from the response it receives.

Needs BUFFERED request bodies and the proxy sending response headers: the response rewrite is
switched on by mode_override, which Envoy ignores in full duplex.
"""

from __future__ import annotations

from typing import Any

import msgspec

from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.api.response_transform import UsageStripper
from kinference_epp.api.rewrite import set_top_level_field
from kinference_epp.pipeline.state import RequestState, Wait


class _StreamOptions(msgspec.Struct):
    stream_options: dict[str, Any] | None = None


_stream_options = msgspec.json.Decoder(_StreamOptions)
_USAGE_APIS = (ApiKind.CHAT, ApiKind.COMPLETIONS)


def streams_without_usage(request: InferenceRequest | None) -> bool:
    """An OpenAI stream whose client did not ask for ``stream_options.include_usage``
    (Anthropic's event stream always carries usage)."""
    return (
        request is not None
        and request.kind in _USAGE_APIS
        and request.stream
        and not request.include_usage
    )


def body_asking_for_usage(request: InferenceRequest) -> bytes:
    """The body with ``stream_options.include_usage: true`` (its other options kept)."""
    options = dict(_stream_options.decode(request.raw).stream_options or {})
    options["include_usage"] = True
    return set_top_level_field(request.raw, "stream_options", options)


class EnsureUsageStage:
    name = "ensure_usage"

    def run(self, state: RequestState) -> Wait | None:
        request = state.request
        if state.leaves_pool or state.full_duplex or not streams_without_usage(request):
            return None
        assert request is not None
        state.body_out = body_asking_for_usage(request)
        state.response = UsageStripper()
        return None
