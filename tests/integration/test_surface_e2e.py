"""The picker's rows through real Envoy: the public API surface, no label or echo from a
client value, deep JSON, and the picker right on its own behind an Envoy that neither strips
reserved headers nor normalises paths (defence in depth)."""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from gateway_fakes import backend, raw_request
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.config import render_envoy_config
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.pool.endpoint import Endpoint, EndpointKey

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
REASON = "x-kinference-reason"
UPSTREAM = "x-kinference-upstream"
CHAT = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}
MESSAGES = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}


class Stacks:
    def __init__(self, stack: LocalStack, bare_url: str, echo: str) -> None:
        self.stack = stack
        self.url = stack.url
        self.bare_url = bare_url
        """An Envoy before the same picker that strips nothing and normalises nothing."""
        self.echo = echo
        """A pod (in the pool of the bare Envoy) that answers with the headers it got."""


def bare_envoy_config(opts: EnvoyOptions) -> dict[str, Any]:
    """The shipped config without the reserved-header strip and the path normalisation."""
    config = copy.deepcopy(render_envoy_config(opts))
    hcm = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]
    typed = hcm["typed_config"]
    typed["normalize_path"] = False
    typed["merge_slashes"] = False
    typed["path_with_escaped_slashes_action"] = "KEEP_UNCHANGED"
    first = typed["http_filters"][0]
    assert first["name"] == "envoy.filters.http.header_mutation"
    typed["http_filters"] = typed["http_filters"][1:]
    return config


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stacks() -> AsyncIterator[Stacks]:
    async with (
        LocalStack(StackOptions(pods=2, test_mode=True)) as stack,
        backend("echo") as echo,
    ):
        assert stack.picker is not None
        assert stack.picker.ports is not None
        assert stack.cluster is not None
        stack.picker.datastore.upsert(
            Endpoint(
                key=EndpointKey(echo),
                models=frozenset({MODEL}),
                metrics_url=f"http://{echo}/metrics",
                base_model=MODEL,
            )
        )
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{stack.picker.ports.grpc}",),
            pool=(*(a.hostport for a in stack.cluster.addresses), echo),
            test_mode=True,
        )
        async with EnvoyProcess(bare_envoy_config(opts)):
            yield Stacks(stack, f"http://127.0.0.1:{opts.listener_port}", echo)


@pytest_asyncio.fixture(loop_scope="module")
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        yield session


def pods(stacks: Stacks) -> set[str]:
    assert stacks.stack.cluster is not None
    return {a.hostport for a in stacks.stack.cluster.addresses}


async def answer(
    http: aiohttp.ClientSession,
    method: str,
    url: str,
    *,
    data: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    async with http.request(method, url, data=data, headers=headers or {}) as resp:
        raw = await resp.read()
        body = json.loads(raw) if raw and resp.content_type == "application/json" else raw
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, body


JSON = {"content-type": "application/json"}


@pytest.mark.parametrize("front", ["shipped", "bare"])
@pytest.mark.parametrize(
    ("method", "path", "headers", "data", "status", "reason"),
    [
        ("POST", "/v1/nothing", JSON, json.dumps(CHAT).encode(), 404, "not_found"),
        ("GET", "/metrics", {}, None, 404, "not_found"),
        ("GET", "/health", {}, None, 404, "not_found"),
        ("POST", "/v1/load_lora_adapter", JSON, b'{"lora_name": "x"}', 404, "not_found"),
        ("GET", "/v1/chat/completions", {}, None, 405, "method_not_allowed"),
        ("DELETE", "/v1/models", {}, None, 405, "method_not_allowed"),
        (
            "POST",
            "/v1/chat/completions",
            {"content-type": "text/plain"},
            json.dumps(CHAT).encode(),
            415,
            "unsupported_media_type",
        ),
        (
            "POST",
            "/v1/completions",
            {"content-type": "application/x-www-form-urlencoded"},
            b"model=qwen3-0.6b&prompt=hi",
            415,
            "unsupported_media_type",
        ),
        ("POST", "/v1/chat/completions", JSON, b"", 400, "empty_body"),
        ("POST", "/v1/embeddings", JSON, b"{}", 400, "bad_request"),
    ],
)
async def test_what_the_surface_does_not_serve_is_answered_in_json(
    stacks: Stacks,
    http: aiohttp.ClientSession,
    front: str,
    method: str,
    path: str,
    headers: dict[str, str],
    data: bytes | None,
    status: int,
    reason: str,
) -> None:
    url = stacks.url if front == "shipped" else stacks.bare_url
    got, resp_headers, body = await answer(http, method, url + path, data=data, headers=headers)
    assert got == status, body
    assert resp_headers[REASON] == reason
    assert resp_headers["content-type"] == "application/json"
    assert body["error"]["message"]
    assert body["error"]["code"] == reason
    assert resp_headers.get(UPSTREAM, "") not in pods(stacks)
    if status == 405:
        assert resp_headers["allow"] in ("GET", "POST")


@pytest.mark.parametrize(
    ("method", "path", "data", "headers", "status", "error_type"),
    [
        ("GET", "/v1/messages", None, {}, 405, "invalid_request_error"),
        (
            "POST",
            "/v1/messages",
            b"a=b",
            {"content-type": "text/plain"},
            415,
            "invalid_request_error",
        ),
        ("POST", "/v1/messages/count_tokens", b"", JSON, 400, "invalid_request_error"),
        (
            "POST",
            "/v1/messages/count_tokens",
            json.dumps(MESSAGES | {"model": "nope"}).encode(),
            JSON,
            404,
            "not_found_error",
        ),
    ],
)
async def test_anthropic_paths_answer_in_anthropics_shape(
    stacks: Stacks,
    http: aiohttp.ClientSession,
    method: str,
    path: str,
    data: bytes | None,
    headers: dict[str, str],
    status: int,
    error_type: str,
) -> None:
    got, resp_headers, body = await answer(
        http, method, stacks.url + path, data=data, headers=headers
    )
    assert got == status, body
    assert REASON in resp_headers
    assert body["type"] == "error"
    assert body["error"]["type"] == error_type


async def test_models_are_listed_by_the_picker_in_openai_shape(
    stacks: Stacks, http: aiohttp.ClientSession
) -> None:
    status, headers, body = await answer(http, "GET", f"{stacks.url}/v1/models")
    assert status == 200
    assert headers.get(UPSTREAM, "") not in pods(stacks)
    assert REASON not in headers
    assert body["object"] == "list"
    assert [m["id"] for m in body["data"]] == [MODEL]
    assert body["data"][0]["object"] == "model"
    assert body["data"][0]["max_model_len"] == 131072  # from the tokenizer's configuration
    status, _, one = await answer(http, "GET", f"{stacks.url}/v1/models/{MODEL}")
    assert (status, one["id"]) == (200, MODEL)
    status, headers, _ = await answer(http, "GET", f"{stacks.url}/v1/models/other")
    assert (status, headers[REASON]) == (404, "model_not_found")


async def test_served_apis_reach_a_pod_of_the_model(
    stacks: Stacks, http: aiohttp.ClientSession
) -> None:
    status, headers, body = await answer(
        http,
        "POST",
        f"{stacks.url}/v1/messages/count_tokens",
        data=json.dumps(MESSAGES).encode(),
        headers=JSON,
    )
    assert status == 200, body
    assert headers[UPSTREAM] in pods(stacks)
    assert body["input_tokens"] > 0
    # embeddings: routed by the model it names (the simulated pods do not serve it: their 404)
    status, headers, _ = await answer(
        http,
        "POST",
        f"{stacks.url}/v1/embeddings",
        data=json.dumps({"model": MODEL, "input": "hi"}).encode(),
        headers=JSON,
    )
    assert headers[UPSTREAM] in pods(stacks)
    assert REASON not in headers


async def test_an_unnormalised_alias_of_a_path_is_not_served_by_the_picker(
    stacks: Stacks,
) -> None:
    """Behind an Envoy that does not normalise, /v1/chat/%63ompletions is an unknown path for
    the picker (a 404), never a request that skips policy; the shipped config serves it."""
    body = json.dumps(CHAT).encode()
    line = "POST /v1/chat/%63ompletions HTTP/1.1"
    status, headers, _ = await raw_request(stacks.bare_url, line, JSON, body)
    assert (status, headers[REASON]) == (404, "not_found")
    status, headers, _ = await raw_request(stacks.url, line, JSON, body)
    assert status == 200
    assert headers[UPSTREAM] in pods(stacks)


async def test_reserved_headers_never_reach_a_pod_or_come_back(
    stacks: Stacks, http: aiohttp.ClientSession
) -> None:
    sent = {
        "x-kinference-scores": "client-scores",
        "x-kinference-route": "somewhere",
        "x-kinference-model": "client-model",
        "test-epp-endpoint-selection": stacks.echo,
        **JSON,
    }
    status, headers, body = await answer(
        http,
        "POST",
        f"{stacks.bare_url}/v1/chat/completions",
        data=json.dumps(CHAT).encode(),
        headers=sent,
    )
    assert status == 200, body
    got = {k.lower(): v for k, v in body["info"]["headers"].items()}
    assert "x-kinference-scores" not in got
    assert "x-kinference-route" not in got
    assert "x-kinference-model" not in got  # the picker's went to Envoy's log, not the pod
    assert "client-scores" not in headers.get("x-kinference-scores", "")


async def metric_label_values(stack: LocalStack, http: aiohttp.ClientSession) -> set[str]:
    async with http.get(stack.metrics_url) as resp:
        text = await resp.text()
    return {
        sample.labels[name]
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        for name in ("model_name", "target_model_name")
        if name in sample.labels
    }


@pytest.mark.parametrize("front", ["shipped", "bare"])
async def test_client_model_names_never_become_labels(
    stacks: Stacks, http: aiohttp.ClientSession, front: str
) -> None:
    url = stacks.url if front == "shipped" else stacks.bare_url
    for i in range(30):
        hdrs = {"x-kinference-model": f"hdr-{front}-{i}", **JSON}
        typo = json.dumps(CHAT | {"model": f"typo-{front}-{i}"}).encode()
        await answer(http, "POST", f"{url}/v1/chat/completions", data=typo, headers=hdrs)
        await answer(http, "POST", f"{url}/v1/other-{i}", data=typo, headers=hdrs)
        await answer(http, "POST", f"{url}/v1/embeddings", data=typo, headers=hdrs)
    await answer(
        http, "POST", f"{url}/v1/chat/completions", data=json.dumps(CHAT).encode(), headers=JSON
    )
    assert await metric_label_values(stacks.stack, http) <= {MODEL, "unknown", ""}


async def test_deep_json_is_a_400_with_no_traceback(
    stacks: Stacks, http: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    deep = b"[" * 10_000 + b"]" * 10_000
    nested = b'{"model": "' + MODEL.encode() + b'", "messages": ' + deep + b"}"
    caplog.set_level(logging.INFO)
    for path in ("/v1/chat/completions", "/v1/messages", "/v1/embeddings"):
        for data in (deep, nested):
            status, headers, _ = await answer(
                http, "POST", f"{stacks.url}{path}", data=data, headers=JSON
            )
            assert (status, headers[REASON]) == (400, "bad_request")
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
