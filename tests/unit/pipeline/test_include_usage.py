"""Include usage: with tenants, a stream that did not ask for usage gets it asked for."""

from __future__ import annotations

import json
from typing import Any

import pytest
from routed import chat_state

from kinference_epp.api.response_transform import UsageStripper
from kinference_epp.pipeline.stages.include_usage import IncludeUsageStage
from kinference_epp.pipeline.stages.parse import ParseStage
from kinference_epp.pipeline.state import RequestState
from kinference_epp.tenancy.limits import Tenant


def state(body: dict[str, Any], *, tenant: bool = True) -> RequestState:
    s = chat_state({"model": "m", "messages": [{"role": "user", "content": "hi"}], **body})
    ParseStage().run(s)
    s.tenant_info = Tenant("t") if tenant else None
    return s


def test_a_stream_without_usage_asks_for_it_keeping_its_options() -> None:
    s = state({"stream": True, "stream_options": {"continuous_usage_stats": False}})
    IncludeUsageStage().run(s)
    assert s.body_out is not None
    sent = json.loads(s.body_out)
    assert sent["stream_options"] == {"continuous_usage_stats": False, "include_usage": True}
    assert sent["messages"] == [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize(
    "body",
    [{"stream": False}, {"stream": True, "stream_options": {"include_usage": True}}],
)
def test_requests_that_report_usage_anyway_are_untouched(body: dict[str, Any]) -> None:
    s = state(body)
    IncludeUsageStage().run(s)
    assert s.body_out is None


def test_nothing_without_a_tenant_or_when_ensure_usage_strips() -> None:
    s = state({"stream": True}, tenant=False)
    IncludeUsageStage().run(s)
    assert s.body_out is None
    s = state({"stream": True})
    s.response = UsageStripper()  # ensure_usage rewrote the body already
    IncludeUsageStage().run(s)
    assert s.body_out is None
