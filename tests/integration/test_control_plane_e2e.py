"""The picker's control surfaces through real Envoy, as an attacker who reaches the picker's
gRPC port and as an ordinary client: forged access-log entries (a charge, a refund, an early
settlement, connect failures, junk model names) are refused without the control token and,
with it, change nothing the picker cannot match to its own picks; every response carries an id
the picker issued, and a client reusing one x-request-id gets neither a shared reservation nor
a leaked concurrency slot."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import grpc
import pytest
import pytest_asyncio
from envoy.data.accesslog.v3 import accesslog_pb2
from envoy.service.accesslog.v3 import als_pb2, als_pb2_grpc

from kinference_epp.config.tenancy import Price, TenancyConfig, UsageConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.tenancy.memory_store import MemoryStore
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
METERED_KEY = "sk-ctrl-metered-key-01"
PAIRED_KEY = "sk-ctrl-paired-key-01"
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: metered}}
spec:
  apiKeys: [{{name: k, value: {METERED_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 1000000}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: paired}}
spec:
  apiKeys: [{{name: k, value: {PAIRED_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 1000000}}}}
    models:
      - model: {MODEL}
        concurrentRequests: 2
"""


@pytest.fixture(scope="module")
def options(tmp_path_factory: pytest.TempPathFactory) -> StackOptions:
    root = tmp_path_factory.mktemp("control-plane")
    (root / "tenants.yaml").write_text(TENANTS)
    tenancy = TenancyConfig(
        tenants=[str(root / "tenants.yaml")],
        usage=UsageConfig(prices={MODEL: Price(input=1.0, output=2.0)}),
    )
    return StackOptions(pods=2, tenancy=tenancy)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(options: StackOptions) -> AsyncIterator[LocalStack]:
    async with LocalStack(options) as s:
        yield s


def store(stack: LocalStack) -> MemoryStore:
    assert stack.picker is not None
    s = stack.picker.limit_store
    assert isinstance(s, MemoryStore)
    return s


async def chat(
    stack: LocalStack,
    key: str,
    *,
    request_id: str | None = None,
    max_tokens: int = 8,
    stream: bool = False,
) -> tuple[int, dict[str, str]]:
    headers = {"authorization": f"Bearer {key}"}
    if request_id is not None:
        headers["x-request-id"] = request_id
    body: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": max_tokens,
        "stream": stream,
        "messages": [{"role": "user", "content": "count to ten"}],
    }
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{stack.url}/v1/chat/completions", json=body, headers=headers) as resp,
    ):
        await resp.read()
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}


async def metrics(stack: LocalStack) -> str:
    async with aiohttp.ClientSession() as session, session.get(stack.metrics_url) as resp:
        return await resp.text()


def sample(text: str, prefix: str) -> float:
    """The sum of the samples whose line starts with ``prefix`` (0 when none)."""
    return sum(
        float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(prefix)
    )


def entry(
    *,
    tenant: str = "metered",
    model: str = MODEL,
    client_id: str = "forged",
    picker_id: str | None = None,
    upstream: str | None = None,
    flags: bool = False,
    prompt: float | None = None,
    completion: float | None = None,
    status: int = 200,
) -> accesslog_pb2.HTTPAccessLogEntry:
    """An access-log entry as Envoy's gRPC access logger writes it, with forged values."""
    e = accesslog_pb2.HTTPAccessLogEntry()
    c = e.common_properties
    c.start_time.GetCurrentTime()
    c.time_to_last_downstream_tx_byte.seconds = 1
    if upstream is not None:
        host, port = upstream.rsplit(":", 1)
        c.upstream_remote_address.socket_address.address = host
        c.upstream_remote_address.socket_address.port_value = int(port)
        c.upstream_request_attempt_count = 3
    if flags:
        c.response_flags.upstream_connection_failure = True
    usage = c.metadata.filter_metadata["kinference"]
    if prompt is not None:
        usage.fields["prompt_tokens"].number_value = prompt
    if completion is not None:
        usage.fields["completion_tokens"].number_value = completion
    if picker_id is not None:
        reserved = c.metadata.filter_metadata["kinference.reserved"]
        reserved.fields["request_id"].string_value = picker_id
    e.request.request_id = client_id
    e.request.request_headers["x-request-id"] = client_id
    e.request.request_headers["x-kinference-tenant"] = tenant
    e.request.request_headers["x-kinference-model"] = model
    e.response.response_code.value = status
    return e


def forged_entries(pods: list[str], *, live: tuple[str, str] | None = None) -> list[Any]:
    """A $-charge, a refund, connect failures on every pod, junk model names and, for a live
    request (client id, picker id), a zero settlement."""
    out = [
        entry(client_id="charge", prompt=5e8, completion=5e8),
        entry(client_id="refund", prompt=-1e6, completion=-1e6),
    ]
    for pod in pods:
        out += [
            entry(client_id=f"uf-{pod}-{i}", upstream=pod, flags=True, status=503)
            for i in range(12)
        ]
    out += [entry(client_id=f"junk-{i}", model=f"junk-model-{i}") for i in range(50)]
    if live is not None:
        client_id, picker_id = live
        out += [
            entry(client_id=client_id, prompt=0, completion=0),
            entry(client_id=client_id, picker_id=picker_id, prompt=0, completion=0),
        ]
    return out


async def send_entries(
    stack: LocalStack, entries: list[Any], token: str | None
) -> als_pb2.StreamAccessLogsResponse:
    assert stack.picker is not None
    assert stack.picker.ports is not None
    message = als_pb2.StreamAccessLogsMessage()
    message.identifier.log_name = "kinference"
    message.http_logs.log_entry.extend(entries)

    async def messages() -> AsyncIterator[als_pb2.StreamAccessLogsMessage]:
        yield message

    metadata = (("x-kinference-control-token", token),) if token is not None else None
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.picker.ports.grpc}") as channel:
        stub = als_pb2_grpc.AccessLogServiceStub(channel)
        reply: als_pb2.StreamAccessLogsResponse = await stub.StreamAccessLogs(
            messages(), metadata=metadata, timeout=10
        )
        return reply


async def unaffected(stack: LocalStack, before: str) -> None:
    """No tenant charged or refunded, no junk label, no pod ejected: every request served."""
    assert stack.picker is not None
    after = await metrics(stack)
    for family in ("kinference_tenant_prompt_tokens_total", "kinference_tenant_cost_total"):
        prefix = f'{family}{{model="{MODEL}",tenant="metered"}}'
        assert sample(after, prefix) == sample(before, prefix), family
    assert "junk-model" not in after
    assert stack.picker.ejector is not None
    assert not stack.picker.ejector.ejected
    statuses = await asyncio.gather(*(chat(stack, METERED_KEY) for _ in range(8)))
    assert [s for s, _ in statuses] == [200] * 8


async def test_every_response_carries_the_picker_s_own_request_id(stack: LocalStack) -> None:
    got = [await chat(stack, METERED_KEY, request_id="client-chosen") for _ in range(3)]
    ids = [headers["x-request-id"] for status, headers in got if status == 200]
    assert len(ids) == 3
    assert "client-chosen" not in ids
    assert len(set(ids)) == 3


async def test_forged_entries_without_the_token_are_refused(stack: LocalStack) -> None:
    pods = [a.hostport for a in stack.cluster.addresses] if stack.cluster else []
    await chat(stack, METERED_KEY)  # the tenant's usage series exists
    before = await metrics(stack)
    # a live request: its reservation is held while it streams
    live = asyncio.ensure_future(chat(stack, METERED_KEY, request_id="live-1", max_tokens=400))
    await eventually(lambda: store(stack).pending > 0, what="the live request's reservation")
    for token in (None, "a-guess"):
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await send_entries(stack, forged_entries(pods, live=("live-1", "any")), token)
        assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert store(stack).pending > 0, "the live reservation was settled early"
    status, _ = await live
    assert status == 200
    await unaffected(stack, before)
    assert 'kinference_control_denied_total{service="access-log service"} 2.0' in (
        await metrics(stack)
    )


async def test_entries_the_picker_cannot_match_change_nothing(stack: LocalStack) -> None:
    """Even from a caller holding the token (a gateway that relays a client's lies), an entry
    counts only for a pick the picker made, by the id the picker issued."""
    pods = [a.hostport for a in stack.cluster.addresses] if stack.cluster else []
    await chat(stack, METERED_KEY)
    before = await metrics(stack)
    live = asyncio.ensure_future(chat(stack, METERED_KEY, request_id="live-2", max_tokens=400))
    await eventually(lambda: store(stack).pending > 0, what="the live request's reservation")
    entries = forged_entries(pods, live=("live-2", "not-a-pick-of-this-picker"))
    # the same lies under ids of no pick
    entries += [entry(client_id="x", picker_id=f"guess-{i}", prompt=5e8) for i in range(5)]
    await send_entries(stack, entries, stack.control_token)
    assert store(stack).pending > 0, "the live reservation was settled early"
    status, _ = await live
    assert status == 200
    await unaffected(stack, before)
    text = await metrics(stack)
    assert sample(text, 'kinference_usage_reports_total{result="unknown",source="access_log"}') >= 6
    assert sample(text, 'kinference_usage_reports_total{result="matched",source="access_log"}') > 0


async def test_a_reused_request_id_leaks_no_concurrency_slot(stack: LocalStack) -> None:
    """Two concurrent requests with one x-request-id are two reservations, each settled: the
    tenant's two slots are free again afterwards."""
    first = await asyncio.gather(
        chat(stack, PAIRED_KEY, request_id="same", max_tokens=200, stream=True),
        chat(stack, PAIRED_KEY, request_id="same", max_tokens=200, stream=True),
    )
    assert [s for s, _ in first] == [200, 200]
    await eventually(lambda: store(stack).pending == 0, what="both reservations settled")
    again = await asyncio.gather(
        chat(stack, PAIRED_KEY, max_tokens=200, stream=True),
        chat(stack, PAIRED_KEY, max_tokens=200, stream=True),
    )
    assert [s for s, _ in again] == [200, 200], json.dumps([h for _, h in again])
