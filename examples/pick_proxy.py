"""A tiny LLM proxy that routes with the picker's gRPC API instead of Envoy's ext_proc.

    KINFERENCE_CONTROL_TOKEN=... python examples/pick_proxy.py --picker 127.0.0.1:9002
    curl localhost:8080/v1/chat/completions -H 'authorization: Bearer sk-...' -d '{...}'

For each request: ``Pick`` (the client's path, headers and body), then either the picker's own
answer (an error, or e.g. the model list) or the body - as rewritten, if it was - sent to the
chosen endpoint with the headers the picker sets, trying the fallbacks in order when an
endpoint cannot be reached. The response streams back to the client as it arrives; its
``usage`` (the JSON body's, or the last SSE event that has one) and timings are reported with
``ReportUsage`` once it ends, with the pick's ticket, which settles the tenant's rate-limit
reservation and usage. This is what Envoy's access log does for the ext_proc path. The picker
accepts the proxy by its control token (or a client certificate, where its port is mutual
TLS).

A sketch to copy from, not a production proxy: no retries on 5xx, no connection limits.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import aiohttp
from aiohttp import web

from kinference_epp.pickapi.client import Pick, PickerClient

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}
PICKER = web.AppKey("picker", PickerClient)
SESSION = web.AppKey("session", aiohttp.ClientSession)


def build_app(picker_address: str, token: str | None = None) -> web.Application:
    app = web.Application(client_max_size=64 * 1024 * 1024)

    async def open_clients(app: web.Application) -> Any:
        app[PICKER] = PickerClient(picker_address, token=token)
        app[SESSION] = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=600))
        yield
        await app[SESSION].close()
        await app[PICKER].close()

    app.cleanup_ctx.append(open_clients)
    app.router.add_route("*", "/{tail:.*}", handle)
    return app


async def handle(request: web.Request) -> web.StreamResponse:
    picker = request.app[PICKER]
    body = await request.read()
    headers = [(k.lower(), v) for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP]
    t0 = time.monotonic()
    pick = await picker.pick(request.path_qs, body, headers=headers, method=request.method)
    if pick.route is None:
        assert pick.immediate is not None
        return web.Response(
            status=pick.immediate.status,
            body=pick.immediate.body,
            headers=dict(pick.immediate.headers),
        )
    return await forward(request, pick, body, headers, t0)


async def forward(
    request: web.Request,
    pick: Pick,
    body: bytes,
    headers: list[tuple[str, str]],
    t0: float,
) -> web.StreamResponse:
    route = pick.route
    assert route is not None
    picker = request.app[PICKER]
    removed = set(route.remove_headers) | {k for k, _ in route.set_headers}
    out = {k: v for k, v in headers if k not in removed}
    out.update(route.set_headers)
    data = route.body_for(body)
    attempts = 0
    for endpoint in (route.endpoint, *route.fallbacks):
        attempts += 1
        try:
            upstream = await request.app[SESSION].request(
                request.method, f"http://{endpoint}{request.path_qs}", data=data, headers=out
            )
        except aiohttp.ClientConnectionError:
            continue
        async with upstream:
            reply = web.StreamResponse(status=upstream.status)
            for k, v in upstream.headers.items():
                if k.lower() not in HOP_BY_HOP:
                    reply.headers[k] = v
            reply.headers.update(route.response_headers)
            await reply.prepare(request)
            usage = UsageScan(sse=upstream.content_type == "text/event-stream")
            ttft: float | None = None
            async for chunk in upstream.content.iter_any():
                if ttft is None:
                    ttft = time.monotonic() - t0
                usage.feed(chunk)
                await reply.write(chunk)
            await reply.write_eof()
            await picker.report_usage(
                pick.request_id,
                pick.ticket,
                status=upstream.status,
                endpoint=endpoint,
                attempts=attempts,
                ttft_s=ttft,
                e2e_s=time.monotonic() - t0,
                **usage.counts(),
            )
            return reply
    await picker.report_usage(pick.request_id, pick.ticket, status=503, attempts=attempts)
    return web.json_response(
        {"error": {"message": "no endpoint could be reached", "type": "unavailable"}}, status=503
    )


class UsageScan:
    """The response's ``usage``: the whole body's when it is one JSON document, else the last
    SSE ``data:`` event that carries one."""

    def __init__(self, *, sse: bool) -> None:
        self._sse = sse
        self._buf = bytearray()
        self._usage: dict[str, Any] | None = None

    def feed(self, chunk: bytes) -> None:
        self._buf += chunk
        while self._sse and (end := self._buf.find(b"\n")) >= 0:
            line = bytes(self._buf[:end]).strip()
            del self._buf[: end + 1]
            if line.startswith(b"data:"):
                self._take(line[5:].strip())

    def counts(self) -> dict[str, int | None]:
        if self._usage is None and self._buf:
            self._take(bytes(self._buf))
        u = self._usage or {}
        details = u.get("prompt_tokens_details") or {}
        return {
            "prompt_tokens": u.get("prompt_tokens", u.get("input_tokens")),
            "completion_tokens": u.get("completion_tokens", u.get("output_tokens")),
            "cached_tokens": details.get("cached_tokens"),
        }

    def _take(self, data: bytes) -> None:
        if not data.startswith(b"{"):
            return
        try:
            doc = json.loads(data)
        except ValueError:
            return
        if isinstance(doc, dict) and isinstance(doc.get("usage"), dict):
            self._usage = doc["usage"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--picker", default="127.0.0.1:9002", help="the picker's gRPC address")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    token = os.environ.get("KINFERENCE_CONTROL_TOKEN")
    web.run_app(build_app(args.picker, token), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
