"""The ext_proc state machine, fed ProcessingRequest messages without gRPC."""

from __future__ import annotations

import itertools
import json

import pytest
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from google.protobuf import struct_pb2

from kinference_epp.edge import replies
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.errors import KinferenceError, ModelNotFoundError
from kinference_epp.pipeline.runner import PipelineOutput, Rejection
from kinference_epp.pipeline.state import LocalResponse, RequestState, RoutingDecision, Wait
from kinference_epp.pool.endpoint import EndpointKey

Mode = pm.ProcessingMode.BodySendMode
A, B = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000")


class FakePipeline:
    def __init__(self, *, error: KinferenceError | None = None, body: bytes | None = None) -> None:
        self.error = error
        self.body = body
        self.routed: list[RequestState] = []
        self.rejections: list[KinferenceError] = []
        self.screened: list[RequestState] = []

    def screen(self, state: RequestState) -> Rejection | LocalResponse | None:
        self.screened.append(state)
        return None

    def run(self, state: RequestState) -> PipelineOutput:
        self.routed.append(state)
        if self.error is not None:
            return self.reject(state, self.error)
        return RoutingDecision(
            endpoints=(A, B), body=self.body, headers=(("x-kinference-model", "m"),)
        )

    def reject(self, state: RequestState, err: KinferenceError) -> Rejection:
        self.rejections.append(err)
        return Rejection(err)


def headers_msg(
    *,
    mode: int | None = Mode.FULL_DUPLEX_STREAMED,
    eos: bool = False,
    extra: dict[str, str] | None = None,
    subset: list[str] | str | None = None,
) -> ep.ProcessingRequest:
    hdrs = {
        ":path": "/v1/chat/completions",
        ":method": "POST",
        "x-request-id": "r1",
        **(extra or {}),
    }
    msg = ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in hdrs.items()]
            ),
            end_of_stream=eos,
        )
    )
    if mode is not None:
        msg.protocol_config.request_body_mode = mode  # type: ignore[assignment]
    if subset is not None:
        s = struct_pb2.Struct()
        if isinstance(subset, str):
            s.fields["x-gateway-destination-endpoint-subset"].string_value = subset
        else:
            s.fields["x-gateway-destination-endpoint-subset"].list_value.extend(subset)
        msg.metadata_context.filter_metadata["envoy.lb.subset_hint"].CopyFrom(s)
    return msg


def body_msg(data: bytes, eos: bool) -> ep.ProcessingRequest:
    return ep.ProcessingRequest(request_body=ep.HttpBody(body=data, end_of_stream=eos))


def header_map(mutation: ep.HeaderMutation) -> dict[str, str]:
    return {h.header.key: h.header.raw_value.decode() for h in mutation.set_headers}


def session(pipeline: FakePipeline, **kw: object) -> ExtProcSession:
    return ExtProcSession(pipeline, max_body_bytes=int(kw.pop("max_body_bytes", 1 << 20)), **kw)  # type: ignore[arg-type]


BODY = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()


def test_full_duplex_waits_for_body_then_headers_then_chunks() -> None:
    pipeline = FakePipeline()
    s = session(pipeline)
    assert s.handle(headers_msg()) == []
    assert s.handle(body_msg(BODY[:10], False)) == []
    out = s.handle(body_msg(BODY[10:], True))
    assert [r.WhichOneof("response") for r in out] == ["request_headers", "request_body"]
    common = out[0].request_headers.response
    assert common.clear_route_cache
    hdrs = header_map(common.header_mutation)
    assert hdrs["x-gateway-destination-endpoint"] == f"{A},{B}"
    assert hdrs["content-length"] == str(len(BODY))
    lb = out[0].dynamic_metadata.fields["envoy.lb"].struct_value
    assert lb.fields["x-gateway-destination-endpoint"].string_value == f"{A},{B}"
    streamed = out[1].request_body.response.body_mutation.streamed_response
    assert streamed.body == BODY
    assert streamed.end_of_stream
    assert bytes(pipeline.routed[0].body) == BODY


def test_full_duplex_large_body_is_chunked_at_62000() -> None:
    big = b'{"model":"m","prompt":"' + b"x" * 200_000 + b'"}'
    out = session(FakePipeline()).handle(headers_msg()) + session(FakePipeline()).handle(
        headers_msg()
    )
    assert out == []
    s = session(FakePipeline())
    s.handle(headers_msg())
    out = s.handle(body_msg(big, True))
    chunks = [r.request_body.response.body_mutation.streamed_response for r in out[1:]]
    assert all(len(c.body) <= 62_000 for c in chunks)
    assert b"".join(c.body for c in chunks) == big
    assert [c.end_of_stream for c in chunks] == [False] * (len(chunks) - 1) + [True]
    assert header_map(out[0].request_headers.response.header_mutation)["content-length"] == str(
        len(big)
    )


def test_full_duplex_rewritten_body_sets_its_own_length() -> None:
    new = b'{"model":"other-model","messages":[]}'
    s = session(FakePipeline(body=new))
    s.handle(headers_msg())
    out = s.handle(body_msg(BODY, True))
    assert header_map(out[0].request_headers.response.header_mutation)["content-length"] == str(
        len(new)
    )
    assert out[1].request_body.response.body_mutation.streamed_response.body == new


def test_buffered_continues_headers_then_routes_in_body_response() -> None:
    s = session(FakePipeline())
    out = s.handle(headers_msg(mode=Mode.BUFFERED))
    assert len(out) == 1
    assert out[0].HasField("request_headers")
    assert not out[0].request_headers.response.HasField("header_mutation")
    out = s.handle(body_msg(BODY, True))
    assert len(out) == 1
    common = out[0].request_body.response
    assert common.clear_route_cache
    assert header_map(common.header_mutation)["x-gateway-destination-endpoint"] == f"{A},{B}"
    assert not common.HasField("body_mutation")  # unchanged body is not echoed
    assert (
        out[0]
        .dynamic_metadata.fields["envoy.lb"]
        .struct_value.fields["x-gateway-destination-endpoint"]
        .string_value
        == f"{A},{B}"
    )


def test_buffered_mutated_body_is_replaced() -> None:
    s = session(FakePipeline(body=b'{"model":"x"}'))
    s.handle(headers_msg(mode=Mode.BUFFERED))
    out = s.handle(body_msg(BODY, True))
    assert out[0].request_body.response.body_mutation.body == b'{"model":"x"}'
    assert header_map(out[0].request_body.response.header_mutation)["content-length"] == "13"


def test_bodyless_request_routes_at_headers() -> None:
    pipeline = FakePipeline()
    out = session(pipeline).handle(headers_msg(eos=True))
    assert len(out) == 1
    hdrs = header_map(out[0].request_headers.response.header_mutation)
    assert hdrs["x-gateway-destination-endpoint"] == f"{A},{B}"
    assert "content-length" not in hdrs
    assert pipeline.routed[0].body == b""


def test_mode_defaults_to_full_duplex_without_protocol_config() -> None:
    s = session(FakePipeline())
    assert s.handle(headers_msg(mode=None)) == []


@pytest.mark.parametrize("mode", [Mode.FULL_DUPLEX_STREAMED, Mode.BUFFERED])
def test_body_over_limit_is_413_once(mode: int) -> None:
    pipeline = FakePipeline()
    s = session(pipeline, max_body_bytes=100)
    s.handle(headers_msg(mode=mode))
    out = s.handle(body_msg(b"x" * 101, False))
    assert out[0].immediate_response.status.code == 413
    hdrs = header_map(out[0].immediate_response.headers)
    assert hdrs["x-kinference-reason"] == "body_too_large"
    assert json.loads(out[0].immediate_response.body)["error"]["type"] == "invalid_request_error"
    assert s.answered
    assert s.handle(body_msg(b"x", True)) == []
    assert len(pipeline.rejections) == 1
    assert pipeline.routed == []


def test_declared_content_length_over_limit_is_rejected_at_headers() -> None:
    s = session(FakePipeline(), max_body_bytes=100)
    out = s.handle(headers_msg(extra={"content-length": "5000"}))
    assert out[0].immediate_response.status.code == 413


def test_pipeline_errors_become_immediate_responses() -> None:
    pipeline = FakePipeline(error=ModelNotFoundError("no such model", param="model"))
    s = session(pipeline)
    s.handle(headers_msg())
    out = s.handle(body_msg(BODY, True))
    resp = out[0].immediate_response
    assert resp.status.code == 404
    assert header_map(resp.headers)["x-kinference-reason"] == "model_not_found"
    err = json.loads(resp.body)["error"]
    assert err["message"] == "no such model"
    assert err["param"] == "model"


def test_unexpected_exception_is_a_500_not_a_crash() -> None:
    class Broken(FakePipeline):
        def run(self, state: RequestState) -> PipelineOutput:
            raise RuntimeError("boom")

    s = session(Broken())
    s.handle(headers_msg())
    out = s.handle(body_msg(BODY, True))
    assert out[0].immediate_response.status.code == 500
    assert header_map(out[0].immediate_response.headers)["x-kinference-reason"] == "internal_error"


def test_streamed_mode_is_refused_clearly() -> None:
    out = session(FakePipeline()).handle(headers_msg(mode=Mode.STREAMED))
    assert out[0].immediate_response.status.code == 500
    assert (
        header_map(out[0].immediate_response.headers)["x-kinference-reason"]
        == "unsupported_body_mode"
    )


@pytest.mark.parametrize("subset", [[str(A)], f"{A}, {B}"])
def test_subset_hint_reaches_the_pipeline(subset: list[str] | str) -> None:
    pipeline = FakePipeline()
    session(pipeline).handle(headers_msg(eos=True, subset=subset))
    assert A in (pipeline.routed[0].subset or ())


def test_empty_subset_hint_is_present_but_empty() -> None:
    pipeline = FakePipeline()
    session(pipeline).handle(headers_msg(eos=True, subset=[]))
    assert pipeline.routed[0].subset == frozenset()


def test_trailers_after_body_route_and_continue() -> None:
    s = session(FakePipeline())
    s.handle(headers_msg())
    s.handle(body_msg(BODY, False))
    out = s.handle(ep.ProcessingRequest(request_trailers=ep.HttpTrailers()))
    kinds = [r.WhichOneof("response") for r in out]
    assert kinds[0] == "request_headers"
    assert kinds[-1] == "request_trailers"
    assert not out[-2].request_body.response.body_mutation.streamed_response.end_of_stream


def test_test_mode_echoes_served_endpoint() -> None:
    s = session(FakePipeline(), test_mode=True)
    s.handle(headers_msg(eos=True))
    msg = ep.ProcessingRequest(response_headers=ep.HttpHeaders())
    msg.metadata_context.filter_metadata["envoy.lb"].fields[
        "x-gateway-destination-endpoint-served"
    ].string_value = str(B)
    out = s.handle(msg)
    assert header_map(out[0].response_headers.response.header_mutation) == {
        "x-conformance-test-served-endpoint": str(B)
    }


def test_test_mode_never_reports_its_own_pick_as_served() -> None:
    """As GIE's conformance EPP: without the gateway's report the check fails, so a gateway
    that ignores the picker is caught; the shipped Envoy's upstream header is such a report."""
    s = session(FakePipeline(), test_mode=True)
    s.handle(headers_msg(eos=True))
    out = s.handle(ep.ProcessingRequest(response_headers=ep.HttpHeaders()))
    echoed = header_map(out[0].response_headers.response.header_mutation)
    assert echoed == {"x-conformance-test-served-endpoint": "fail: missing envoy lb metadata"}

    s = session(FakePipeline(), test_mode=True)
    s.handle(headers_msg(eos=True))
    upstream = base_pb2.HeaderValue(key="x-kinference-upstream", raw_value=str(B).encode())
    reported = ep.HttpHeaders(headers=base_pb2.HeaderMap(headers=[upstream]))
    out = s.handle(ep.ProcessingRequest(response_headers=reported))
    assert header_map(out[0].response_headers.response.header_mutation) == {
        "x-conformance-test-served-endpoint": str(B)
    }


def test_response_headers_without_test_mode_pass_through() -> None:
    s = session(FakePipeline())
    s.handle(headers_msg(eos=True))
    out = s.handle(ep.ProcessingRequest(response_headers=ep.HttpHeaders()))
    assert not out[0].response_headers.response.HasField("header_mutation")


class TransformPipeline(FakePipeline):
    def run(self, state: RequestState) -> PipelineOutput:
        from kinference_epp.api.response_transform import UsageStripper

        return RoutingDecision(endpoints=(A,), body=None, response=UsageStripper())


def test_transform_turns_response_processing_on_at_response_headers() -> None:
    s = session(TransformPipeline())
    s.handle(headers_msg(mode=Mode.BUFFERED))
    s.handle(body_msg(BODY, True))
    out = s.handle(ep.ProcessingRequest(response_headers=ep.HttpHeaders()))
    assert out[0].mode_override.response_body_mode == Mode.STREAMED
    usage = b'data: {"choices": [], "usage": {"prompt_tokens": 1}}\n\ndata: [DONE]\n\n'
    first = s.handle(ep.ProcessingRequest(response_body=ep.HttpBody(body=usage[:10])))
    assert first[0].response_body.response.body_mutation.body == b""
    last = s.handle(
        ep.ProcessingRequest(response_body=ep.HttpBody(body=usage[10:], end_of_stream=True))
    )
    assert last[0].response_body.response.body_mutation.body == b"data: [DONE]\n\n"


def test_no_transform_no_mode_override() -> None:
    s = session(FakePipeline())
    s.handle(headers_msg(eos=True))
    out = s.handle(ep.ProcessingRequest(response_headers=ep.HttpHeaders()))
    assert not out[0].HasField("mode_override")


class TypeRecordingPipeline(FakePipeline):
    """Records the type and value of the body as the pipeline sees it."""

    def __init__(self) -> None:
        super().__init__()
        self.bodies: list[tuple[type, bytes]] = []

    def run(self, state: RequestState) -> PipelineOutput:
        self.bodies.append((type(state.body), bytes(state.body)))
        return super().run(state)


def streamed_bodies(out: list[ep.ProcessingResponse]) -> list[ep.StreamedBodyResponse]:
    return [r.request_body.response.body_mutation.streamed_response for r in out[1:]]


def test_full_duplex_body_in_three_chunks_streams_back_whole() -> None:
    pipeline = TypeRecordingPipeline()
    s = session(pipeline)
    assert s.handle(headers_msg()) == []
    third = len(BODY) // 3
    assert s.handle(body_msg(BODY[:third], False)) == []
    assert s.handle(body_msg(BODY[third : 2 * third], False)) == []
    out = s.handle(body_msg(BODY[2 * third :], True))
    assert [r.WhichOneof("response") for r in out] == ["request_headers", "request_body"]
    chunks = streamed_bodies(out)
    assert b"".join(c.body for c in chunks) == BODY
    assert [c.end_of_stream for c in chunks] == [True]
    hdrs = header_map(out[0].request_headers.response.header_mutation)
    assert hdrs["content-length"] == str(len(BODY))
    assert list(hdrs).count("content-length") == 1
    assert pipeline.bodies == [(bytes, BODY)]
    assert type(s.state.body) is bytes
    assert s.state.body == BODY


def test_full_duplex_large_body_in_chunks_streams_back_byte_identical() -> None:
    big = b'{"model":"m","prompt":"' + bytes(range(256)) * 600 + b'"}'
    s = session(TypeRecordingPipeline())
    s.handle(headers_msg())
    cuts = [0, 50_000, 50_001, len(big)]  # a one-byte chunk in the middle
    out: list[ep.ProcessingResponse] = []
    for i, (start, end) in enumerate(itertools.pairwise(cuts)):
        out = s.handle(body_msg(big[start:end], i == len(cuts) - 2))
    chunks = streamed_bodies(out)
    assert b"".join(c.body for c in chunks) == big
    assert len(chunks) == 3
    assert [c.end_of_stream for c in chunks] == [False, False, True]
    hdrs = header_map(out[0].request_headers.response.header_mutation)
    assert hdrs["content-length"] == str(len(big))


def test_full_duplex_replies_do_not_share_a_content_length() -> None:
    cache = replies.ReplyCache()
    lengths = []
    for body in (BODY, BODY + b" ", BODY[:-1] + b', "n": 1}'):
        s = session(FakePipeline(), reply_cache=cache)
        s.handle(headers_msg())
        s.handle(body_msg(body[:5], False))
        out = s.handle(body_msg(body[5:], True))
        sent = out[0].request_headers.response.header_mutation.set_headers
        lengths.append([h.header.raw_value for h in sent if h.header.key == "content-length"])
        assert b"".join(c.body for c in streamed_bodies(out)) == body
    assert lengths == [
        [str(len(BODY)).encode()],
        [str(len(BODY) + 1).encode()],
        [str(len(BODY) + 8).encode()],
    ]


def test_buffered_single_chunk_body_reaches_the_pipeline_as_bytes() -> None:
    pipeline = TypeRecordingPipeline()
    s = session(pipeline)
    s.handle(headers_msg(mode=Mode.BUFFERED))
    out = s.handle(body_msg(BODY, True))
    assert out[0].HasField("request_body")
    assert pipeline.bodies == [(bytes, BODY)]
    assert type(s.state.body) is bytes
    assert s.state.body == BODY


def test_full_duplex_multi_chunk_body_ends_up_as_bytes() -> None:
    pipeline = TypeRecordingPipeline()
    s = session(pipeline)
    s.handle(headers_msg())
    seen: list[bytes | bytearray] = []
    for chunk, eos in ((BODY[:7], False), (BODY[7:20], False), (BODY[20:], True)):
        s.handle(body_msg(chunk, eos))
        seen.append(s.state.body)
    # the chunks are joined once, when the body is complete
    assert seen == [b"", b"", BODY]
    assert pipeline.bodies == [(bytes, BODY)]
    assert s.state.body == BODY


def test_empty_first_chunk_then_body() -> None:
    pipeline = TypeRecordingPipeline()
    s = session(pipeline)
    s.handle(headers_msg())
    assert s.handle(body_msg(b"", False)) == []
    out = s.handle(body_msg(BODY, True))
    assert b"".join(c.body for c in streamed_bodies(out)) == BODY
    assert pipeline.bodies == [(bytes, BODY)]


def test_body_over_limit_across_two_chunks_is_413() -> None:
    pipeline = FakePipeline()
    s = session(pipeline, max_body_bytes=100)
    s.handle(headers_msg())
    assert s.handle(body_msg(b"x" * 60, False)) == []
    out = s.handle(body_msg(b"x" * 41, True))
    assert len(out) == 1
    assert out[0].immediate_response.status.code == 413
    assert header_map(out[0].immediate_response.headers)["x-kinference-reason"] == (
        "body_too_large"
    )
    assert s.answered
    assert pipeline.routed == []
    assert len(pipeline.rejections) == 1


def test_body_exactly_at_the_limit_across_two_chunks_is_routed() -> None:
    pipeline = TypeRecordingPipeline()
    s = session(pipeline, max_body_bytes=100)
    s.handle(headers_msg())
    s.handle(body_msg(b"x" * 60, False))
    out = s.handle(body_msg(b"x" * 40, True))
    assert header_map(out[0].request_headers.response.header_mutation)["content-length"] == "100"
    assert pipeline.bodies == [(bytes, b"x" * 100)]


class WaitingPipeline(FakePipeline):
    """Holds the request once, then routes (or rejects after a wait that ran out)."""

    def run(self, state: RequestState) -> PipelineOutput:
        if state.waited is None:
            return Wait(until=lambda: True, max_wait_s=1.0, reason="test")
        if not state.waited:
            return self.reject(state, KinferenceError("waited too long", reason="wait_timeout"))
        return super().run(state)


def test_a_wait_is_handed_to_the_shell_then_resumed() -> None:
    s = session(WaitingPipeline())
    s.handle(headers_msg())
    assert s.handle(body_msg(BODY, True)) == []
    assert isinstance(s.pending, Wait)
    assert s.pending.max_wait_s == 1.0
    s.state.waited = True  # what the shell's driver settles
    out = s.resume()
    assert s.pending is None
    assert out[0].request_headers.response.header_mutation.set_headers
    assert s.resume() == []  # answered once


def test_a_wait_that_runs_out_can_end_in_an_error() -> None:
    pipeline = WaitingPipeline()
    s = session(pipeline)
    s.handle(headers_msg(eos=True))
    s.state.waited = False
    out = s.resume()
    assert out[0].immediate_response.status.code == 500
    assert header_map(out[0].immediate_response.headers)["x-kinference-reason"] == "wait_timeout"
    assert s.answered


class RateLimitedPipeline(FakePipeline):
    def run(self, state: RequestState) -> PipelineOutput:
        return RoutingDecision(
            endpoints=(A,),
            body=None,
            metadata=(("remaining-tokens", "5"),),
            remove_headers=("authorization",),
        )


@pytest.mark.parametrize("mode", [Mode.FULL_DUPLEX_STREAMED, Mode.BUFFERED])
def test_rate_limit_metadata_reaches_envoy_beside_the_route(mode: int) -> None:
    s = session(RateLimitedPipeline())
    s.handle(headers_msg(mode=mode))
    out = s.handle(body_msg(BODY, True))
    reply = out[0] if mode == Mode.FULL_DUPLEX_STREAMED else out[-1]
    common = (
        reply.request_headers.response
        if reply.WhichOneof("response") == "request_headers"
        else reply.request_body.response
    )
    assert list(common.header_mutation.remove_headers) == ["authorization"]
    ns = reply.dynamic_metadata.fields["kinference.ratelimit"].struct_value.fields
    assert ns["remaining-tokens"].string_value == "5"
    assert "envoy.lb" in reply.dynamic_metadata.fields  # the route is still there


class ModelPipeline(FakePipeline):
    def run(self, state: RequestState) -> PipelineOutput:
        return RoutingDecision(
            endpoints=(A,), body=None, target_model="qwen-lora", request_id="picker-1"
        )


def test_the_served_model_and_id_reach_envoy_as_metadata() -> None:
    """What the access log needs of the pick, beside the headers Envoy removes upstream."""
    s = session(ModelPipeline())
    s.handle(headers_msg(mode=Mode.FULL_DUPLEX_STREAMED))
    reply = s.handle(body_msg(BODY, True))[0]
    ns = reply.dynamic_metadata.fields["kinference.reserved"].struct_value.fields
    assert ns["model"].string_value == "qwen-lora"
    assert ns["request_id"].string_value == "picker-1"
