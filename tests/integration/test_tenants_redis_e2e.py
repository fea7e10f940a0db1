"""Tenants through real Envoy with limits in a real Redis (started by the test): a client's own
tenant header is ignored and a bad key is a 401, a stream without include_usage settles in
Redis with its real counts, a limit answers 429 with when to retry, a picker that restarts
finds its tenants' buckets where it left them, and a Redis outage meanwhile admits by fail
mode and recovers, and a picker replica's restart loses none of its tenants' usage."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.app import App
from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.config.tenancy import (
    Price,
    RedisConfig,
    StoreConfig,
    TenancyConfig,
    UsageConfig,
)
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.tenancy.redis_store import connect
from kinference_epp.tenancy.usage import Pricing
from kinference_epp.tenancy.usage_sinks import read_redis
from redis_server import RedisServer, running_redis
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
KEY = "sk-redis-tenant-key-01"
CLOSED_KEY = "sk-redis-closed-key-01"
DAILY_KEY = "sk-redis-daily-key-01"
BILLED_KEY = "sk-redis-billed-key-01"
REUSE_KEY = "sk-redis-reuse-key-01"
REPLICAS_KEY = "sk-redis-replicas-key-01"
REUSE_LIMIT = 2000
PRICE = Price(input=0.5, cached_input=0.25, output=1.5)
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: shared}}
spec:
  apiKeys: [{{name: k, value: {KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 3000}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: strict}}
spec:
  apiKeys: [{{name: k, value: {CLOSED_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 100000}}}}
  failMode: closed
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: daily}}
spec:
  apiKeys: [{{name: k, value: {DAILY_KEY}}}]
  limits:
    tokens: {{perDay: {{total: 100000}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: billed}}
spec:
  apiKeys: [{{name: k, value: {BILLED_KEY}}}]
  limits:
    tokens: {{perDay: {{total: 1000000}}}}
  budget: {{monthly: 100, currency: USD}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: reuse}}
spec:
  apiKeys: [{{name: k, value: {REUSE_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: {REUSE_LIMIT}}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: replicas}}
spec:
  apiKeys: [{{name: k, value: {REPLICAS_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 1000000}}}}
"""


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with running_redis() as server:
        yield server


@pytest.fixture(scope="module")
def options(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> StackOptions:
    root = tmp_path_factory.mktemp("redis-tenants")
    (root / "tenants.yaml").write_text(TENANTS)
    redis = RedisConfig(
        url=redis_server.url,
        key_prefix=f"e2e-{uuid.uuid4().hex[:8]}",
        timeout_ms=200,  # a busy test machine must not look like an outage
    )
    tenancy = TenancyConfig(
        tenants=[str(root / "tenants.yaml")],
        store=StoreConfig(redis=redis),
        usage=UsageConfig(prices={MODEL: PRICE}, flush_interval_s=30),  # written at the stop
    )
    return StackOptions(pods=1, tenancy=tenancy)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(options: StackOptions) -> AsyncIterator[LocalStack]:
    async with LocalStack(options) as s:
        yield s


async def stream(
    stack: LocalStack, max_tokens: int, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], str]:
    body: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": max_tokens,
        "stream": True,
        "messages": [{"role": "user", "content": "count to ten"}],
    }
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{stack.url}/v1/chat/completions",
            json=body,
            headers=headers if headers is not None else {"authorization": f"Bearer {KEY}"},
        ) as resp,
    ):
        got = {k.lower(): v for k, v in resp.headers.items()}
        return resp.status, got, (await resp.read()).decode()


async def pending(options: StackOptions) -> int:
    """Reservations open in Redis."""
    assert options.tenancy is not None
    assert options.tenancy.store.redis is not None
    redis = options.tenancy.store.redis
    probe = connect(redis.url, timeout_s=2.0)
    try:
        return int(await probe.zcard(f"{redis.key_prefix}:deadlines"))
    finally:
        await probe.aclose()


async def settled(options: StackOptions) -> None:
    async def none_open() -> bool:
        return await pending(options) == 0

    await eventually(none_open, what="the access log to settle in Redis")


async def recorded(stack: LocalStack, tenant: str, requests: int) -> None:
    """Wait until the picker's usage ledger holds ``requests`` of ``tenant``'s not yet written."""

    def counted() -> bool:
        assert stack.picker is not None
        assert stack.picker.usage_flusher is not None
        pending = stack.picker.usage_flusher.ledger.pending
        return sum(sum(c.requests.values()) for k, c in pending.items() if k[1] == tenant) == (
            requests
        )

    await eventually(counted, what=f"{requests} access-log records of {tenant}")


async def test_a_spoofed_tenant_header_is_ignored_and_a_bad_key_is_401(stack: LocalStack) -> None:
    for headers in ({"x-kinference-tenant": "shared"}, {"authorization": "Bearer sk-nope"}):
        status, got, text = await stream(stack, 1, headers)
        assert status == 401
        assert got["x-kinference-reason"] == "invalid_api_key"
        assert json.loads(text)["error"]["code"] == "invalid_api_key"


async def test_streams_settle_in_redis_and_the_limit_answers_429(
    stack: LocalStack, options: StackOptions
) -> None:
    status, headers, text = await stream(stack, max_tokens=40)
    assert status == 200
    assert headers["x-ratelimit-limit-tokens"] == "3000"
    reserved_left = int(headers["x-ratelimit-remaining-tokens"])
    chunks = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]
    usage = [c["usage"] for c in chunks if c.get("usage")]
    assert len(usage) == 1  # the picker asked for it: the client did not
    used = usage[0]["prompt_tokens"] + usage[0]["completion_tokens"]
    await settled(options)
    status, headers, _ = await stream(stack, max_tokens=1)
    assert status == 200
    left = int(headers["x-ratelimit-remaining-tokens"])
    # charged what it used, not the 40 it reserved (refills add a bit)
    assert left >= reserved_left + (40 - usage[0]["completion_tokens"]) - used - 1
    for _ in range(60):
        status, headers, text = await stream(stack, max_tokens=200)
        if status == 429:
            break
    assert status == 429
    assert int(headers["retry-after"]) >= 1
    assert headers["x-kinference-reason"] == "rate_limit_exceeded"
    assert json.loads(text)["error"]["type"] == "rate_limit_error"
    await settled(options)


async def test_a_reused_request_id_is_limited(stack: LocalStack, options: StackOptions) -> None:
    """A client that sends one x-request-id with every request gets one reservation per
    request (the picker's ids key them), so the limit holds: what the admitted requests used
    stays within the minute's tokens (plus the refill meanwhile and one request's overshoot)."""
    headers = {"authorization": f"Bearer {REUSE_KEY}", "x-request-id": "one-id-for-all"}
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    used, statuses, biggest, ids = 0, [], 0, set()
    for _ in range(30):
        status, got, text = await stream(stack, 200, headers)
        statuses.append(status)
        if status != 200:
            continue
        ids.add(got.get("x-request-id"))
        chunks = [json.loads(x[6:]) for x in text.splitlines() if x.startswith("data: {")]
        usage = next(c["usage"] for c in chunks if c.get("usage"))
        tokens = usage["prompt_tokens"] + usage["completion_tokens"]
        used += tokens
        biggest = max(biggest, tokens)
    refill = REUSE_LIMIT * (loop.time() - t0) / 60
    assert 429 in statuses
    assert used <= REUSE_LIMIT + refill + biggest, (used, statuses)
    assert len(ids) == statuses.count(200)  # each admitted request had its own id
    await settled(options)


async def test_an_outage_admits_by_fail_mode_then_recovers(
    stack: LocalStack, redis_server: RedisServer
) -> None:
    assert stack.picker is not None
    store = stack.picker.redis_store
    assert store is not None
    strict = {"authorization": f"Bearer {CLOSED_KEY}"}
    redis_server.stop()
    try:
        await eventually(lambda: store.unreachable, what="the breaker to open")
        status, got, text = await stream(stack, 1, strict)
        assert (status, got["x-kinference-reason"]) == (503, "limit_store_unavailable")
        status, got, _ = await stream(stack, 1)  # fails soft: a local bucket, a fresh one
        assert status == 200
        assert got["x-ratelimit-limit-tokens"] == "3000"
    finally:
        redis_server.start()
    await eventually(lambda: not store.unreachable, what="the breaker to close")
    status, _, _ = await stream(stack, 1, strict)
    assert status == 200
    text = stack.picker.metrics.exposition().decode()
    for state in ("open", "closed"):
        assert f'kinference_tenant_limit_store_transitions_total{{state="{state}"}} 1.0' in text


async def test_a_restarted_picker_finds_the_buckets_where_they_were(
    stack: LocalStack, options: StackOptions
) -> None:
    """A second stack (its own picker, Envoy and pod) on the same Redis: what the first one
    charged is still charged."""
    daily = {"authorization": f"Bearer {DAILY_KEY}"}
    used = 0
    for _ in range(3):
        status, _, text = await stream(stack, 100, daily)
        assert status == 200
        chunks = [json.loads(x[6:]) for x in text.splitlines() if x.startswith("data: {")]
        usage = next(c["usage"] for c in chunks if c.get("usage"))
        used += usage["prompt_tokens"] + usage["completion_tokens"]
    await settled(options)
    async with LocalStack(options) as second:
        status, headers, text = await stream(second, 1, daily)
    assert status == 200
    chunks = [json.loads(x[6:]) for x in text.splitlines() if x.startswith("data: {")]
    prompt = next(c["usage"] for c in chunks if c.get("usage"))["prompt_tokens"]
    left = int(headers["x-ratelimit-remaining-tokens"])
    refill = 100000 / 86400 * 60  # a minute of refill at most, for a slow machine
    assert used > refill  # a picker that lost the buckets would fail the bound below
    assert 100000 - used - prompt - 1 <= left <= 100000 - used - prompt - 1 + refill


async def test_a_picker_replica_restart_loses_no_usage(
    stack: LocalStack, options: StackOptions, capsys: pytest.CaptureFixture[str]
) -> None:
    """Usage recorded and not yet written (the flush interval is 30 s) when the picker stops
    is in Redis after the restart, as ``kinfctl usage`` prints it, and the new picker adds to
    it."""
    assert options.tenancy is not None
    redis = options.tenancy.store.redis
    assert redis is not None
    billed = {"authorization": f"Bearer {BILLED_KEY}"}
    prompt = completion = cached = 0
    for _ in range(3):
        status, _, text = await stream(stack, 20, billed)
        assert status == 200
        chunks = [json.loads(x[6:]) for x in text.splitlines() if x.startswith("data: {")]
        usage = next(c["usage"] for c in chunks if c.get("usage"))
        prompt += usage["prompt_tokens"]
        completion += usage["completion_tokens"]
        cached += (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
    await recorded(stack, "billed", 3)  # every record reached the picker
    await stack.restart_picker()

    async def billed_rows() -> dict[str, Any]:
        probe = connect(redis.url, timeout_s=2.0)
        try:
            rows = [r for r in await read_redis(probe, redis.key_prefix) if r.tenant == "billed"]
        finally:
            await probe.aclose()
        assert len(rows) == 1
        c = rows[0].counts
        return {"requests": c.requests, "tokens": (c.prompt_tokens, c.completion_tokens), "c": c}

    got = await billed_rows()
    assert got["requests"] == {"ok": 3}
    assert got["tokens"] == (prompt, completion)
    cost = Pricing({MODEL: PRICE}).cost(MODEL, prompt, cached, completion)
    assert got["c"].cost == pytest.approx(cost)
    args = ["usage", "--redis", redis.url, "--prefix", redis.key_prefix, "--tenant", "billed"]
    assert await asyncio.to_thread(kinfctl, [*args, "--output", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["requests"], row["ok"], row["prompt_tokens"]) == (3, 3, prompt)
    assert row["cost"] == pytest.approx(cost, abs=1e-6)
    # the restarted picker reads the month's spend back and adds to the same roll-up
    assert stack.picker is not None
    assert stack.picker.usage_flusher is not None
    assert stack.picker.usage_flusher.ledger.spent("billed") == pytest.approx(cost)
    status, _, _ = await stream(stack, 5, billed)
    assert status == 200
    await recorded(stack, "billed", 1)
    await stack.picker.usage_flusher.sink.write(stack.picker.usage_flusher.ledger)
    assert (await billed_rows())["requests"] == {"ok": 4}


async def open_reservations(options: StackOptions) -> set[bytes]:
    """The ids of the reservations open in Redis."""
    assert options.tenancy is not None
    redis = options.tenancy.store.redis
    assert redis is not None
    probe = connect(redis.url, timeout_s=2.0)
    try:
        return set(await probe.zrange(f"{redis.key_prefix}:deadlines", 0, -1))
    finally:
        await probe.aclose()


def requests_of(app: App, tenant: str) -> int:
    assert app.usage_flusher is not None
    pending = app.usage_flusher.ledger.pending
    return sum(sum(c.requests.values()) for k, c in pending.items() if k[1] == tenant)


async def test_a_pick_of_one_replica_is_settled_by_the_other(
    stack: LocalStack, options: StackOptions
) -> None:
    """Two replicas behind one Envoy: ext_proc streams alternate between them, the access log
    goes to one. An entry of the other replica's pick is settled by the picker's id in Redis
    (no reservation is left to the sweeper) and metered once, under the tenant the picking
    replica set."""
    assert stack.picker is not None
    assert stack.picker.ports is not None
    assert stack.cluster is not None
    config = stack.picker.config
    second = App(
        config.model_copy(update={"server": config.server.model_copy(update={"grpc_port": 0})})
    )
    await second.start()
    before = await open_reservations(options)

    async def none_of_mine() -> bool:
        return await open_reservations(options) <= before

    try:
        assert second.ports is not None
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{stack.picker.ports.grpc}", f"127.0.0.1:{second.ports.grpc}"),
            pool=tuple(a.hostport for a in stack.cluster.addresses),
            control_token=stack.control_token,
            access_log_flush_ms=50,
        )
        body = {
            "model": MODEL,
            "max_tokens": 5,
            "stream": True,
            "messages": [{"role": "user", "content": "count to ten"}],
        }
        headers = {"authorization": f"Bearer {REPLICAS_KEY}"}
        async with EnvoyProcess(opts), aiohttp.ClientSession() as session:
            for _ in range(12):
                async with session.post(
                    f"http://127.0.0.1:{opts.listener_port}/v1/chat/completions",
                    json=body,
                    headers=headers,
                ) as resp:
                    await resp.read()
                    assert resp.status == 200
            await eventually(none_of_mine, what="the access log to settle in Redis")

            def metered() -> bool:
                assert stack.picker is not None
                return requests_of(stack.picker, "replicas") + requests_of(second, "replicas") == 12

            await eventually(metered, what="12 requests metered across the replicas")
        remote = [
            app.metrics.usage_reports.labels(source="access_log", result="remote").value
            for app in (stack.picker, second)
        ]
        assert sum(remote) > 0, "no entry of one replica's pick reached the other"
    finally:
        await second.stop(0.5)
