"""The rendered Envoy bootstrap, proven on the real Envoy 1.40 binary.

Two layers: every option combination passes ``envoy --mode validate``, and
live stacks (Envoy + an in-test ext_proc/AccessLogService + an aiohttp
backend) show that the ProcessingResponse shapes documented in
``deploy/envoy/README.md`` really route requests, carry large bodies, and
that usage tokens and the first-byte stamp reach the access log.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import aiohttp
import grpc
import pytest
import yaml
from aiohttp import web
from envoy.config.core.v3 import base_pb2
from envoy.data.accesslog.v3 import accesslog_pb2
from envoy.service.accesslog.v3 import als_pb2, als_pb2_grpc
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc as ep_grpc
from google.protobuf import json_format, struct_pb2

from kinference_epp.demo.envoy_config import (
    ENDPOINT_HEADER,
    LB_NAMESPACE,
    METADATA_NAMESPACE,
    ROUTE_HEADER,
    UPSTREAM_HEADER,
    BodyMode,
    EnvoyOptions,
    ProviderRoute,
    render_envoy_config,
    to_yaml,
)
from kinference_epp.demo.envoy_process import (
    EnvoyProcess,
    EnvoyStartError,
    find_envoy_binary,
    free_port,
)

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
DEPLOY_YAML = REPO / "deploy" / "envoy" / "envoy.yaml"
DEPLOY_OPTIONS = EnvoyOptions(picker_address="kinference-epp:9002")
"""The options ``deploy/envoy/envoy.yaml`` was rendered from."""
MIB = 1024 * 1024
CHUNK = 62_000
TEST_ACTION = "x-test-action"
SERVED_HEADER = "x-conformance-test-served-endpoint"
BACKEND_NAME = web.AppKey("backend_name", str)


# --------------------------------------------------------------------- validate


def _validate(tmp_path: Path, config: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "envoy.yaml"
    path.write_text(to_yaml(config))
    return _validate_file(path)


def _validate_file(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(find_envoy_binary()), "--mode", "validate", "-c", str(path), "--use-dynamic-base-id"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


VARIANTS = {
    "duplex": EnvoyOptions(),
    "buffered": EnvoyOptions(body_mode="BUFFERED"),
    "duplex-response-headers": EnvoyOptions(send_response_headers=True),
    "buffered-response-headers-fail-open": EnvoyOptions(
        body_mode="BUFFERED", send_response_headers=True, failure_mode_allow=True
    ),
    "no-access-log": EnvoyOptions(access_log=False),
    "no-usage-no-strip": EnvoyOptions(usage_metadata=False, strip_client_headers=()),
    "providers-dns-picker": EnvoyOptions(
        picker_address="kinference-epp.default.svc:9002",
        provider_routes=(
            ProviderRoute("provider-x", "api.example.com:443", tls=True),
            ProviderRoute("provider-y", "10.0.0.9:8000"),
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_passes_envoy_validate(tmp_path: Path, name: str) -> None:
    result = _validate(tmp_path, render_envoy_config(VARIANTS[name]))
    assert result.returncode == 0, result.stderr[-3000:]
    assert "OK" in result.stdout


def test_full_duplex_requires_trailer_send(tmp_path: Path) -> None:
    """Why the renderer sets request_trailer_mode SEND in full duplex: Envoy rejects SKIP."""
    config = render_envoy_config(EnvoyOptions())
    hcm = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]
    ext_proc = next(
        f for f in hcm["typed_config"]["http_filters"] if f["name"] == "envoy.filters.http.ext_proc"
    )
    ext_proc["typed_config"]["processing_mode"]["request_trailer_mode"] = "SKIP"
    result = _validate(tmp_path, config)
    assert result.returncode != 0
    assert "request_trailer_mode has to be set to SEND" in result.stderr


def test_deploy_copy_matches_renderer() -> None:
    """deploy/envoy/envoy.yaml is the commented rendering of DEPLOY_OPTIONS."""
    assert yaml.safe_load(DEPLOY_YAML.read_text()) == render_envoy_config(DEPLOY_OPTIONS)


def test_deploy_copy_passes_envoy_validate() -> None:
    result = _validate_file(DEPLOY_YAML)
    assert result.returncode == 0, result.stderr[-3000:]


def test_options_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="host:port"):
        EnvoyOptions(picker_address="nope")
    with pytest.raises(ValueError, match="body_mode"):
        EnvoyOptions(body_mode="STREAMED")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reserved"):
        EnvoyOptions(provider_routes=(ProviderRoute("vllm_pool", "1.2.3.4:80"),))


async def test_envoy_process_reports_startup_failure() -> None:
    bad = render_envoy_config(EnvoyOptions(listener_port=free_port(), admin_port=0))
    bad["static_resources"]["clusters"][0]["type"] = "NO_SUCH_TYPE"
    with pytest.raises(EnvoyStartError, match="NO_SUCH_TYPE"):
        async with EnvoyProcess(bad, startup_timeout_s=20):
            pass


# ------------------------------------------------------------------ live stack


def _rewrite(body: bytes) -> bytes:
    """What a model rewrite looks like: same JSON, another model, other length."""
    data = json.loads(body)
    data["model"] = "rewritten-model-name"
    return json.dumps(data).encode()


def _struct(data: dict[str, Any]) -> struct_pb2.Struct:
    out = struct_pb2.Struct()
    out.update(data)
    return out


def _set_headers(headers: dict[str, str]) -> ep.HeaderMutation:
    return ep.HeaderMutation(
        set_headers=[
            base_pb2.HeaderValueOption(
                header=base_pb2.HeaderValue(key=k, raw_value=v.encode()),
                append_action=base_pb2.HeaderValueOption.OVERWRITE_IF_EXISTS_OR_ADD,
            )
            for k, v in headers.items()
        ]
    )


@dataclass
class FakePicker(ep_grpc.ExternalProcessorServicer, als_pb2_grpc.AccessLogServiceServicer):  # type: ignore[misc]
    """The smallest ext_proc + AccessLogService that routes like the real picker.

    ``x-test-action`` on the request chooses: ``pool`` (default) routes to
    the backend, ``rewrite`` routes there with a new body, ``provider`` sets
    only ``x-kinference-route: provider-x``, ``none`` routes nowhere (Envoy
    answers 503 from the catch-all route).
    """

    mode: BodyMode
    backend: str
    seen_headers: list[dict[str, str]] = field(default_factory=list)
    log_entries: asyncio.Queue[accesslog_pb2.HTTPAccessLogEntry] = field(
        default_factory=asyncio.Queue
    )

    def _route_headers(self, action: str) -> tuple[dict[str, str], struct_pb2.Struct | None]:
        if action == "provider":
            return {ROUTE_HEADER: "provider-x"}, None
        if action == "none":
            return {}, None
        meta = _struct({LB_NAMESPACE: {ENDPOINT_HEADER: self.backend}})
        return {ENDPOINT_HEADER: self.backend, "x-kinference-tenant": "acme"}, meta

    def _buffered_reply(self, action: str, body: bytes | None) -> ep.ProcessingResponse:
        """Answer in BUFFERED mode; ``body`` None means "no body, answer the headers"."""
        headers, meta = self._route_headers(action)
        mutation = None
        if body is not None and action == "rewrite":
            new_body = _rewrite(body)
            # BUFFERED + header mode SEND keeps content-length: it must match.
            headers["content-length"] = str(len(new_body))
            mutation = ep.BodyMutation(body=new_body)
        common = ep.CommonResponse(
            header_mutation=_set_headers(headers), body_mutation=mutation, clear_route_cache=True
        )
        if body is None:
            return ep.ProcessingResponse(
                request_headers=ep.HeadersResponse(response=common), dynamic_metadata=meta
            )
        return ep.ProcessingResponse(
            request_body=ep.BodyResponse(response=common), dynamic_metadata=meta
        )

    def _duplex_replies(self, action: str, body: bytes) -> list[ep.ProcessingResponse]:
        """FULL_DUPLEX: headers response first, then the (possibly new) body in chunks."""
        headers, meta = self._route_headers(action)
        if action == "rewrite":
            body = _rewrite(body)
        # Envoy 1.40 drops content-length in this mode (upstream gets chunked);
        # setting it is harmless and matches the reference EPP.
        headers["content-length"] = str(len(body))
        replies = [
            ep.ProcessingResponse(
                request_headers=ep.HeadersResponse(
                    response=ep.CommonResponse(
                        header_mutation=_set_headers(headers), clear_route_cache=True
                    )
                ),
                dynamic_metadata=meta,
            )
        ]
        pieces = [body[i : i + CHUNK] for i in range(0, len(body), CHUNK)] or [b""]
        for i, piece in enumerate(pieces):
            streamed = ep.StreamedBodyResponse(body=piece, end_of_stream=i == len(pieces) - 1)
            replies.append(
                ep.ProcessingResponse(
                    request_body=ep.BodyResponse(
                        response=ep.CommonResponse(
                            body_mutation=ep.BodyMutation(streamed_response=streamed)
                        )
                    )
                )
            )
        return replies

    async def Process(
        self, request_iterator: AsyncIterator[ep.ProcessingRequest], context: Any
    ) -> AsyncIterator[ep.ProcessingResponse]:
        body = bytearray()
        action = "pool"
        async for req in request_iterator:
            kind = req.WhichOneof("request")
            if kind == "request_headers":
                headers = {
                    h.key: h.raw_value.decode() or h.value
                    for h in req.request_headers.headers.headers
                }
                self.seen_headers.append(headers)
                action = headers.get(TEST_ACTION, "pool")
                if req.request_headers.end_of_stream:  # no body at all
                    if self.mode == "BUFFERED":
                        yield self._buffered_reply(action, None)
                    else:
                        for reply in self._duplex_replies(action, b""):
                            if reply.HasField("request_headers"):
                                yield reply
                elif self.mode == "BUFFERED":
                    yield ep.ProcessingResponse(request_headers=ep.HeadersResponse())
            elif kind == "request_body":
                body += req.request_body.body
                if req.request_body.end_of_stream:
                    if self.mode == "BUFFERED":
                        yield self._buffered_reply(action, bytes(body))
                    else:
                        for reply in self._duplex_replies(action, bytes(body)):
                            yield reply
            elif kind == "request_trailers":  # duplex, client sent trailers
                for reply in self._duplex_replies(action, bytes(body)):
                    yield reply
                yield ep.ProcessingResponse(request_trailers=ep.TrailersResponse())
            elif kind == "response_headers":
                yield ep.ProcessingResponse(
                    response_headers=ep.HeadersResponse(
                        response=ep.CommonResponse(
                            header_mutation=_set_headers({SERVED_HEADER: self.backend})
                        )
                    )
                )

    async def StreamAccessLogs(
        self, request_iterator: AsyncIterator[als_pb2.StreamAccessLogsMessage], context: Any
    ) -> als_pb2.StreamAccessLogsResponse:
        async for message in request_iterator:
            for entry in message.http_logs.log_entry:
                self.log_entries.put_nowait(entry)
        return als_pb2.StreamAccessLogsResponse()


async def _backend_handler(request: web.Request) -> web.StreamResponse:
    raw = await request.read()
    info = {
        "length": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "endpoint_header": request.headers.get(ENDPOINT_HEADER),
        "route_header": request.headers.get(ROUTE_HEADER),
        "model": json.loads(raw).get("model") if raw else None,
        "name": request.app[BACKEND_NAME],
        "content_length": request.headers.get("content-length"),
        "transfer_encoding": request.headers.get("transfer-encoding"),
    }
    usage = {
        "prompt_tokens": 11,
        "completion_tokens": 3,
        "prompt_tokens_details": {"cached_tokens": 8},
    }
    if raw and json.loads(raw).get("stream"):
        resp = web.StreamResponse(headers={"content-type": "text/event-stream"})
        await resp.prepare(request)
        for token in ("Hel", "lo", "!"):
            event = {"choices": [{"delta": {"content": token}}], "info": info}
            await resp.write(f"data: {json.dumps(event)}\n\n".encode())
            await asyncio.sleep(0.02)
        # the usage event split across two writes, as a real stream may do
        last = f"data: {json.dumps({'choices': [], 'usage': usage})}\n\n".encode()
        await resp.write(last[:20])
        await asyncio.sleep(0.02)
        await resp.write(last[20:] + b"data: [DONE]\n\n")
        await resp.write_eof()
        return resp
    return web.json_response({"info": info, "usage": usage})


@asynccontextmanager
async def _backend(name: str) -> AsyncIterator[str]:
    app = web.Application(client_max_size=64 * MIB)
    app[BACKEND_NAME] = name
    app.router.add_route("*", "/{tail:.*}", _backend_handler)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        await runner.cleanup()


@dataclass
class Stack:
    url: str
    picker: FakePicker
    backend: str
    envoy: EnvoyProcess


@asynccontextmanager
async def _stack(opts: EnvoyOptions) -> AsyncIterator[Stack]:
    async with _backend("pool") as backend, _backend("provider-x") as provider:
        picker = FakePicker(mode=opts.body_mode, backend=backend)
        grpc_max = [
            ("grpc.max_receive_message_length", 64 * MIB),
            ("grpc.max_send_message_length", 64 * MIB),
        ]
        server = grpc.aio.server(options=grpc_max)
        ep_grpc.add_ExternalProcessorServicer_to_server(picker, server)
        als_pb2_grpc.add_AccessLogServiceServicer_to_server(picker, server)
        picker_port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        try:
            opts = replace(
                opts,
                listener_host="127.0.0.1",
                listener_port=free_port(),
                admin_port=0,
                picker_address=f"127.0.0.1:{picker_port}",
                provider_routes=(ProviderRoute("provider-x", provider),),
                access_log_flush_ms=50,
            )
            async with EnvoyProcess(opts) as envoy:
                yield Stack(f"http://127.0.0.1:{opts.listener_port}", picker, backend, envoy)
        finally:
            await server.stop(grace=None)


async def _post(
    url: str, body: dict[str, Any], headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{url}/v1/chat/completions",
            data=io.BytesIO(json.dumps(body).encode()),  # bytes > 1 MB warn in aiohttp
            headers={"content-type": "application/json", **(headers or {})},
            timeout=aiohttp.ClientTimeout(total=30),
        ) as resp,
    ):
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, await resp.read()


def _chat(size: int = 0, *, stream: bool = False) -> dict[str, Any]:
    return {
        "model": "m",
        "stream": stream,
        "messages": [{"role": "user", "content": "x" * size or "hi"}],
    }


async def _entry_for(stack: Stack, request_id: str) -> accesslog_pb2.HTTPAccessLogEntry:
    while True:
        entry = await asyncio.wait_for(stack.picker.log_entries.get(), 10)
        if entry.request.request_headers.get("x-request-id") == request_id:
            return entry


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
@pytest.mark.parametrize("size", [100, 1_500_000])
async def test_request_routed_with_full_body(mode: BodyMode, size: int) -> None:
    async with _stack(EnvoyOptions(body_mode=mode)) as stack:
        body = _chat(size)
        raw = json.dumps(body).encode()
        # a client-supplied endpoint header must not reach the picker (stripped)
        status, headers, payload = await _post(stack.url, body, {ENDPOINT_HEADER: "10.9.9.9:1"})
        assert status == 200, (payload[:500], stack.envoy.stderr_tail())
        info = json.loads(payload)["info"]
        assert info["name"] == "pool"
        assert info["length"] == len(raw)
        assert info["sha256"] == hashlib.sha256(raw).hexdigest()
        assert info["endpoint_header"] == stack.backend
        assert headers[UPSTREAM_HEADER] == stack.backend
        assert ENDPOINT_HEADER not in stack.picker.seen_headers[-1]
        if mode == "BUFFERED":  # body untouched: the client's content-length goes upstream
            assert info["content_length"] == str(len(raw))
        else:  # Envoy drops content-length in full duplex, even one the picker set
            assert info["content_length"] is None
            assert info["transfer_encoding"] == "chunked"


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
@pytest.mark.parametrize("size", [100, 200_000])
async def test_body_rewrite_reaches_backend(mode: BodyMode, size: int) -> None:
    async with _stack(EnvoyOptions(body_mode=mode)) as stack:
        body = _chat(size)
        expected = _rewrite(json.dumps(body).encode())
        status, headers, payload = await _post(stack.url, body, {TEST_ACTION: "rewrite"})
        assert status == 200, (payload[:500], stack.envoy.stderr_tail())
        info = json.loads(payload)["info"]
        assert info["model"] == "rewritten-model-name"
        assert info["length"] == len(expected)
        assert info["sha256"] == hashlib.sha256(expected).hexdigest()
        assert headers[UPSTREAM_HEADER] == stack.backend


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
async def test_provider_route_and_unrouted_503(mode: BodyMode) -> None:
    async with _stack(EnvoyOptions(body_mode=mode)) as stack:
        status, headers, payload = await _post(stack.url, _chat(), {TEST_ACTION: "provider"})
        assert status == 200, payload[:500]
        assert json.loads(payload)["info"]["name"] == "provider-x"
        assert headers[UPSTREAM_HEADER] != stack.backend

        status, headers, payload = await _post(stack.url, _chat(), {TEST_ACTION: "none"})
        assert status == 503
        assert headers["x-kinference-reason"] == "not-routed"
        assert json.loads(payload)["error"]["code"] == 503


async def test_response_headers_mode_echoes_served_endpoint() -> None:
    opts = EnvoyOptions(body_mode="BUFFERED", send_response_headers=True)
    async with _stack(opts) as stack:
        status, headers, _ = await _post(stack.url, _chat())
        assert status == 200
        assert headers[SERVED_HEADER] == stack.backend


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
async def test_access_log_carries_usage_and_first_byte(mode: BodyMode) -> None:
    async with _stack(EnvoyOptions(body_mode=mode)) as stack:
        ids = {"sse": "req-sse-1", "json": "req-json-1"}
        status, headers, payload = await _post(
            stack.url, _chat(stream=True), {"x-request-id": ids["sse"]}
        )
        assert status == 200, headers
        assert headers["content-type"].startswith("text/event-stream"), headers
        assert payload.endswith(b"data: [DONE]\n\n")
        status, _, _ = await _post(stack.url, _chat(), {"x-request-id": ids["json"]})
        assert status == 200

        for kind, request_id in ids.items():
            entry = await _entry_for(stack, request_id)
            common = entry.common_properties
            meta = common.metadata.filter_metadata
            assert METADATA_NAMESPACE in meta, (kind, entry)
            usage = json_format.MessageToDict(meta[METADATA_NAMESPACE])
            assert set(usage) >= {"prompt_tokens", "completion_tokens", "cached_tokens"}, (
                kind,
                entry,
            )
            assert usage["prompt_tokens"] == 11, kind
            assert usage["completion_tokens"] == 3, kind
            assert usage["cached_tokens"] == 8, kind
            first_byte_ms = int(usage["first_byte_ms"])
            start_ms = common.start_time.ToMilliseconds()
            assert start_ms <= first_byte_ms <= start_ms + 10_000
            assert meta[LB_NAMESPACE][ENDPOINT_HEADER] == stack.backend
            assert entry.response.response_code.value == 200
            assert common.upstream_cluster == "vllm_pool"
            assert common.HasField("time_to_first_upstream_rx_byte")
            assert common.HasField("time_to_last_downstream_tx_byte")
            logged = entry.request.request_headers
            assert logged[ENDPOINT_HEADER] == stack.backend
            assert logged["x-kinference-tenant"] == "acme"


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
@pytest.mark.parametrize("fail_open", [False, True])
async def test_picker_down(fail_open: bool, mode: BodyMode) -> None:
    """FailClose: Envoy answers 500 itself. FailOpen, BUFFERED: the request
    goes on without an endpoint and the catch-all route answers 503 (instead
    of ORIGINAL_DST falling back to Envoy's own address). FailOpen,
    FULL_DUPLEX: still 500 on Envoy 1.40 — the body chunks already went to the
    (failed) stream, so there is nothing left to fail open with."""
    opts = EnvoyOptions(
        listener_host="127.0.0.1",
        listener_port=free_port(),
        admin_port=0,
        picker_address=f"127.0.0.1:{free_port()}",  # nothing listens there
        failure_mode_allow=fail_open,
        body_mode=mode,
        access_log=False,
    )
    async with EnvoyProcess(opts) as envoy:
        assert envoy.pid is not None
        status, headers, payload = await _post(f"http://127.0.0.1:{opts.listener_port}", _chat())
    if fail_open and mode == "BUFFERED":
        assert status == 503, (headers, payload)
        assert headers["x-kinference-reason"] == "not-routed"
    else:
        assert status == 500
        assert "x-kinference-reason" not in headers


async def test_buffered_body_over_limit_is_413() -> None:
    async with _stack(EnvoyOptions(body_mode="BUFFERED", max_request_bytes=64 * 1024)) as stack:
        status, _, _ = await _post(stack.url, _chat(100_000))
        assert status == 413
        status, _, _ = await _post(stack.url, _chat(10_000))
        assert status == 200
