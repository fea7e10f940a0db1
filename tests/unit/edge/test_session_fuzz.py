"""Hypothesis-generated ext_proc message sequences against the sans-I/O session with the real
pipeline: messages in any order, truncated and duplicated bodies, huge and repeated headers,
bodies of random bytes. The session never raises, and a request whose stream completes ends
with a routing reply or an immediate response, never both, never two."""

from __future__ import annotations

import json
from concurrent.futures import Future
from typing import Any

import pytest
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import Offload, Wait
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tokenize.fixtures import write_tiny_bpe
from kinference_epp.tokenize.registry import TokenizerRegistry

Mode = pm.ProcessingMode.BodySendMode
MODES = [Mode.NONE, Mode.STREAMED, Mode.BUFFERED, Mode.BUFFERED_PARTIAL, Mode.FULL_DUPLEX_STREAMED]
PATHS = [
    "/v1/chat/completions",
    "/v1/completions",
    "/v1/messages",
    "/v1/messages/count_tokens",
    "/v1/embeddings",
    "/v1/models",
    "/v1/models/m",
    "/metrics",
    "/v1/chat/%63ompletions",
    "",
]
VALID = [
    json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi " * 30}]}).encode(),
    json.dumps({"model": "m", "prompt": "hello " * 60, "max_tokens": 4}).encode(),
    json.dumps(
        {"model": "m", "max_tokens": 3, "messages": [{"role": "user", "content": "x"}]}
    ).encode(),
    json.dumps({"model": "nope", "input": "x"}).encode(),
    b"[" * 5000 + b"]" * 5000,
]


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory: pytest.TempPathFactory) -> Pipeline:
    tiny = write_tiny_bpe(tmp_path_factory.mktemp("tiny"))
    ds = PoolDatastore.from_config(
        PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
    )
    registry = TokenizerRegistry.from_config(
        TokenizerConfig(sources=[TokenizerSource(models=["m"], path=tiny, max_model_len=256)])
    )
    return build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=Scheduler(SchedulerConfig(seed=1), ds),
            metrics=PickerMetrics(),
            policies=PolicyStore(),
            pool_name="pool",
            tenant_header="x-tenant",
            hasher=PromptHasher(registry, ds, 16),
            max_model_len=registry.max_model_len,
            max_prompt_chars=2000,
            offload_prompt_chars=100,
        )
    )


header_value = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["application/json", "text/plain", "POST", "GET", "0", "99999999999"]),
    st.integers(1, 200_000).map(lambda n: "v" * n),
)
header_key = st.one_of(
    st.sampled_from(
        [
            "content-type",
            "content-length",
            "x-request-id",
            "x-kinference-scores",
            "x-kinference-route",
            "x-gateway-destination-endpoint",
            "test-epp-endpoint-selection",
        ]
    ),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=20),
)


@st.composite
def headers_message(draw: st.DrawFn) -> ep.ProcessingRequest:
    pairs = [(":path", draw(st.sampled_from(PATHS) | st.text(max_size=30)))]
    pairs.append((":method", draw(st.sampled_from(["POST", "GET", "PUT", ""]))))
    pairs += draw(st.lists(st.tuples(header_key, header_value), max_size=6))
    if draw(st.booleans()):
        pairs += pairs[-2:] * draw(st.integers(1, 3))  # repeated headers
    msg = ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[
                    base_pb2.HeaderValue(key=k, raw_value=v.encode("utf-8", "surrogatepass"))
                    if draw(st.booleans())
                    else base_pb2.HeaderValue(key=k, value=v.encode("utf-8", "replace").decode())
                    for k, v in pairs
                ]
            ),
            end_of_stream=draw(st.booleans()),
        )
    )
    mode = draw(st.sampled_from([None, *MODES]))
    if mode is not None:
        msg.protocol_config.request_body_mode = mode  # type: ignore[assignment]
    return msg


@st.composite
def body_chunks(draw: st.DrawFn) -> list[bytes]:
    """A valid body cut into chunks, then maybe truncated and with chunks duplicated; or
    random bytes."""
    if draw(st.booleans()):
        return draw(st.lists(st.binary(max_size=300), min_size=1, max_size=4))
    body = draw(st.sampled_from(VALID))
    cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=3)))
    chunks = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]
    if draw(st.booleans()):
        chunks = chunks[: draw(st.integers(0, len(chunks)))]  # truncated
    if chunks and draw(st.booleans()):
        i = draw(st.integers(0, len(chunks) - 1))
        chunks.insert(i, chunks[i])  # duplicated
    return chunks


def body(data: bytes, eos: bool) -> ep.ProcessingRequest:
    return ep.ProcessingRequest(request_body=ep.HttpBody(body=data, end_of_stream=eos))


other_message = st.sampled_from(
    [
        ep.ProcessingRequest(request_trailers=ep.HttpTrailers()),
        ep.ProcessingRequest(response_headers=ep.HttpHeaders()),
        ep.ProcessingRequest(response_body=ep.HttpBody(body=b"data: x\n\n")),
        ep.ProcessingRequest(response_trailers=ep.HttpTrailers()),
        ep.ProcessingRequest(),
    ]
)


def drive(session: ExtProcSession, messages: list[ep.ProcessingRequest]) -> list[Any]:
    """Feed every message as the servicer does; a wait ends unmet, offloaded work runs."""
    out: list[Any] = []
    for message in messages:
        out += session.handle(message)
        while (pending := session.pending) is not None:
            if isinstance(pending, Offload):
                done: Future[Any] = Future()
                try:
                    done.set_result(pending.work())
                except Exception as exc:
                    done.set_exception(exc)
                session.state.offloaded = done
            else:
                assert isinstance(pending, Wait)
                session.state.waited = False
            out += session.resume()
    for reply in out:
        assert isinstance(reply, ep.ProcessingResponse)
    return out


def routed_or_answered(out: list[Any]) -> tuple[int, int]:
    immediate = sum(r.HasField("immediate_response") for r in out)
    routing = sum(
        any(
            h.header.key == "x-gateway-destination-endpoint"
            for h in (
                r.request_headers.response.header_mutation.set_headers
                if r.HasField("request_headers")
                else r.request_body.response.header_mutation.set_headers
            )
        )
        for r in out
        if r.HasField("request_headers") or r.HasField("request_body")
    )
    return routing, immediate


FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(
    messages=st.lists(
        st.one_of(
            headers_message(), other_message, body_chunks().map(lambda c: body(b"".join(c), True))
        ),
        max_size=8,
    )
)
def test_any_sequence_never_raises(
    pipeline: Pipeline, messages: list[ep.ProcessingRequest]
) -> None:
    session = ExtProcSession(pipeline, max_body_bytes=64 * 1024)
    out = drive(session, messages)
    routing, immediate = routed_or_answered(out)
    assert immediate <= 1
    # a routed request is never answered as well, unless the peer breaks the protocol by
    # sending a request's headers again on the stream: that is answered protocol_error
    # rather than left waiting
    again = sum(m.WhichOneof("request") == "request_headers" for m in messages) > 1
    assert not (routing and immediate) or again


@FUZZ
@given(
    head=headers_message(),
    chunks=body_chunks(),
    noise=st.lists(other_message, max_size=3),
    trailers=st.booleans(),
)
def test_a_completed_request_is_routed_or_answered_once(
    pipeline: Pipeline,
    head: ep.ProcessingRequest,
    chunks: list[bytes],
    noise: list[ep.ProcessingRequest],
    trailers: bool,
) -> None:
    session = ExtProcSession(pipeline, max_body_bytes=64 * 1024)
    messages = [head]
    if not head.request_headers.end_of_stream:
        if trailers:
            messages += [body(c, False) for c in chunks]
            messages.append(ep.ProcessingRequest(request_trailers=ep.HttpTrailers()))
        else:
            messages += [body(c, False) for c in chunks] + [body(b"", True)]
    out = drive(session, messages + noise)
    routing, immediate = routed_or_answered(out)
    assert routing + immediate == 1, (routing, immediate, out)
    assert session.answered == bool(immediate)
