"""Include usage (with tenants): a stream whose client did not ask for usage gets
``stream_options.include_usage`` added, so its tokens reach the access log and settle the
tenant's reservation and usage instead of being lost (or charged as reserved).

The client then receives the one extra chunk the option adds (``choices: []`` with ``usage``;
OpenAI's SDKs accept it), unless ``server.ensure_usage`` strips it (BUFFERED bodies only,
see ``ensure_usage``), which then has already rewritten the body.
"""

from __future__ import annotations

from kinference_epp.pipeline.stages.ensure_usage import body_asking_for_usage, streams_without_usage
from kinference_epp.pipeline.state import RequestState, Wait


class IncludeUsageStage:
    name = "include_usage"

    def run(self, state: RequestState) -> Wait | None:
        request = state.request
        if state.response is not None or state.tenant_info is None:
            return None  # stripped by ensure_usage, or no tenant to settle
        if not streams_without_usage(request):
            return None
        assert request is not None
        state.body_out = body_asking_for_usage(request)
        return None
