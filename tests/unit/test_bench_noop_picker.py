"""The no-op picker of the picker-cost benchmark answers ext_proc in our protocol shapes."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import grpc
import pytest
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc

NOOP = Path(__file__).resolve().parents[2] / "benchmarks" / "noop_picker.py"
ENDPOINTS = ["10.0.0.1:8000", "10.0.0.2:8000"]
DEST = "x-gateway-destination-endpoint"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_noop_picker", NOOP)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


noop = _load()


def _headers(mode: int, length: int) -> ep.ProcessingRequest:
    pairs = [
        (":method", "POST"),
        (":path", "/v1/chat/completions"),
        ("content-length", str(length)),
    ]
    return ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in pairs]
            )
        ),
        protocol_config=ep.ProtocolConfiguration(request_body_mode=mode),  # type: ignore[arg-type]
    )


def _body(data: bytes, eos: bool) -> ep.ProcessingRequest:
    return ep.ProcessingRequest(request_body=ep.HttpBody(body=data, end_of_stream=eos))


async def _exchange(
    stub: ep_grpc.ExternalProcessorStub, messages: list[ep.ProcessingRequest]
) -> list[ep.ProcessingResponse]:
    async def gen() -> AsyncIterator[ep.ProcessingRequest]:
        for m in messages:
            yield m

    return [r async for r in stub.Process(gen())]


def _set_headers(common: ep.CommonResponse) -> dict[str, str]:
    return {h.header.key: h.header.raw_value.decode() for h in common.header_mutation.set_headers}


def _lb(resp: ep.ProcessingResponse) -> str:
    return resp.dynamic_metadata.fields["envoy.lb"].struct_value.fields[DEST].string_value


@pytest.fixture
async def stub() -> AsyncIterator[ep_grpc.ExternalProcessorStub]:
    server, port = await noop.start_server("127.0.0.1", 0, ENDPOINTS)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield ep_grpc.ExternalProcessorStub(channel)
    finally:
        await channel.close()
        await server.stop(None)


async def test_buffered_routes_in_the_body_response(stub: ep_grpc.ExternalProcessorStub) -> None:
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    out = await _exchange(
        stub, [_headers(pm.ProcessingMode.BUFFERED, len(body)), _body(body, True)]
    )
    assert [r.WhichOneof("response") for r in out] == ["request_headers", "request_body"]
    assert not out[0].request_headers.HasField("response")  # empty = continue
    common = out[1].request_body.response
    assert common.clear_route_cache
    assert _set_headers(common) == {DEST: ENDPOINTS[0]}
    assert not common.HasField("body_mutation")
    assert _lb(out[1]) == ENDPOINTS[0]
    # round-robin: the next request goes to the next endpoint
    again = await _exchange(
        stub, [_headers(pm.ProcessingMode.BUFFERED, len(body)), _body(body, True)]
    )
    assert _lb(again[1]) == ENDPOINTS[1]


async def test_full_duplex_answers_headers_then_the_body_in_chunks(
    stub: ep_grpc.ExternalProcessorStub,
) -> None:
    body = json.dumps({"model": "m", "prompt": "x" * 100_000}).encode()
    half = len(body) // 2
    out = await _exchange(
        stub,
        [
            _headers(pm.ProcessingMode.FULL_DUPLEX_STREAMED, len(body)),
            _body(body[:half], False),
            _body(body[half:], True),
        ],
    )
    assert [r.WhichOneof("response") for r in out] == [
        "request_headers",
        "request_body",
        "request_body",
    ]
    first = out[0].request_headers.response
    assert first.clear_route_cache
    assert _set_headers(first) == {DEST: ENDPOINTS[0], "content-length": str(len(body))}
    assert _lb(out[0]) == ENDPOINTS[0]
    chunks = [r.request_body.response.body_mutation.streamed_response for r in out[1:]]
    assert [len(c.body) for c in chunks] == [62_000, len(body) - 62_000]
    assert [c.end_of_stream for c in chunks] == [False, True]
    assert b"".join(c.body for c in chunks) == body


async def test_a_body_without_a_model_is_a_400(stub: ep_grpc.ExternalProcessorStub) -> None:
    out = await _exchange(stub, [_headers(pm.ProcessingMode.BUFFERED, 2), _body(b"{}", True)])
    assert out[-1].immediate_response.status.code == 400
