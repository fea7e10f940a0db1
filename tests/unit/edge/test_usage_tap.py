"""Usage read in the response phase of the ext_proc stream (``usage.source: response_body``):
one record per routed request, at the end of its response or of its stream."""

from __future__ import annotations

from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep

from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.errors import KinferenceError
from kinference_epp.pipeline.runner import PipelineOutput, Rejection
from kinference_epp.pipeline.state import RequestState, RoutingDecision
from kinference_epp.pipeline.usage import UsageRecord

Mode = pm.ProcessingMode.BodySendMode
STREAM = (
    b'data: {"choices":[{"delta":{"content":"hi"}}]}\n\n'
    b'data: {"choices":[],"usage":{"prompt_tokens":11,"completion_tokens":3}}\n\n'
    b"data: [DONE]\n\n"
)


BODY = b'{"model": "m", "messages": [{"role": "user", "content": "hi"}]}'


class TenantPipeline:
    """Routes every request for tenant ``alpha`` with a reservation."""

    def screen(self, state: RequestState) -> None:
        return None

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        return Rejection(err)

    def run(self, state: RequestState) -> PipelineOutput:
        state.request_id = "p1"  # the pipeline issues the picker's id
        return RoutingDecision(
            endpoints=(),
            body=None,
            headers=(("x-kinference-tenant", "alpha"),),
            target_model="m",
            reserved=(("prompt_tokens", "20"), ("output_tokens", "100")),
        )


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def response_headers(
    status: int = 200, ctype: str = "text/event-stream", eos: bool = False
) -> ep.ProcessingRequest:
    hdrs = {":status": str(status), "content-type": ctype}
    return ep.ProcessingRequest(
        response_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in hdrs.items()]
            ),
            end_of_stream=eos,
        )
    )


def headers_msg(mode: int) -> ep.ProcessingRequest:
    hdrs = {":path": "/v1/chat/completions", ":method": "POST", "x-request-id": "r1"}
    msg = ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in hdrs.items()]
            )
        )
    )
    msg.protocol_config.request_body_mode = mode  # type: ignore[assignment]
    return msg


def body_msg(data: bytes, eos: bool) -> ep.ProcessingRequest:
    return ep.ProcessingRequest(request_body=ep.HttpBody(body=data, end_of_stream=eos))


def response_body(data: bytes, eos: bool) -> ep.ProcessingRequest:
    return ep.ProcessingRequest(response_body=ep.HttpBody(body=data, end_of_stream=eos))


def routed(
    records: list[UsageRecord], clock: Clock, *, response_duplex: bool = True
) -> ExtProcSession:
    s = ExtProcSession(
        TenantPipeline(), max_body_bytes=1 << 20, usage_sink=records.append, clock=clock
    )
    first = headers_msg(mode=Mode.FULL_DUPLEX_STREAMED)
    if response_duplex:
        first.protocol_config.response_body_mode = Mode.FULL_DUPLEX_STREAMED  # type: ignore[assignment]
    s.handle(first)
    s.handle(body_msg(BODY, True))
    return s


def test_a_streamed_response_settles_once_with_its_usage_and_timings() -> None:
    records: list[UsageRecord] = []
    clock = Clock()
    s = routed(records, clock)
    clock.now = 10.5
    s.handle(response_headers())
    clock.now = 10.75
    out = s.handle(response_body(STREAM[:40], False))
    assert out[0].response_body.response.body_mutation.streamed_response.body == STREAM[:40]
    clock.now = 12.0
    s.handle(response_body(STREAM[40:], True))
    s.finish()
    assert len(records) == 1
    r = records[0]
    assert (r.request_id, r.client_request_id) == ("p1", "r1")
    assert (r.tenant, r.model, r.status) == ("alpha", "m", 200)
    assert (r.prompt_tokens, r.completion_tokens) == (11, 3)
    assert (r.ttft_s, r.e2e_s) == (0.75, 2.0)
    assert (r.reserved_prompt_tokens, r.reserved_output_tokens) == (20, 100)


def test_a_stream_that_ends_before_the_response_does_is_still_settled() -> None:
    records: list[UsageRecord] = []
    s = routed(records, Clock())
    s.handle(response_headers())
    s.handle(response_body(STREAM[:40], False))
    assert records == []
    s.finish()  # the servicer calls it whenever the stream ends
    assert len(records) == 1
    assert records[0].status == 200
    assert records[0].prompt_tokens is None  # the settlement charges what was reserved
    s.finish()
    assert len(records) == 1


def test_a_stream_cut_before_any_response_reports_status_zero() -> None:
    records: list[UsageRecord] = []
    s = routed(records, Clock())
    s.finish()
    assert [(r.status, r.e2e_s) for r in records] == [(0, None)]


def test_a_response_without_body_settles_at_its_headers() -> None:
    records: list[UsageRecord] = []
    s = routed(records, Clock())
    s.handle(response_headers(status=503, ctype="application/json", eos=True))
    assert [r.status for r in records] == [503]


def test_response_body_not_sent_is_asked_for_with_mode_override() -> None:
    records: list[UsageRecord] = []
    s = routed(records, Clock(), response_duplex=False)
    reply = s.handle(response_headers())[0]
    assert reply.HasField("mode_override")
    assert reply.mode_override.response_body_mode == pm.ProcessingMode.STREAMED
    out = s.handle(response_body(STREAM, True))
    assert out[0].response_body == ep.BodyResponse()  # passed on unchanged
    assert records[0].completion_tokens == 3


def test_without_a_usage_sink_nothing_changes() -> None:
    s = ExtProcSession(TenantPipeline(), max_body_bytes=1 << 20)
    s.handle(headers_msg(mode=Mode.FULL_DUPLEX_STREAMED))
    s.handle(body_msg(BODY, True))
    reply = s.handle(response_headers())[0]
    assert not reply.HasField("mode_override")
    assert s.usage_tap is None
