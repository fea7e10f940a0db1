"""Limits without holes, through real Envoy: a request the client abandons before its
response, or one Envoy answers 504 after its upstream timeout, is charged, not refunded; a burst of long answers after a run of short ones is held
to the limit; a request without a key is refused 401 at its headers, its body (10 MB) never
parsed. Two stacks: FULL_DUPLEX_STREAMED bodies with the limits in a real Redis, BUFFERED
bodies with them in the picker's memory."""

from __future__ import annotations

import asyncio
import io
import json
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from kinference_epp.config.tenancy import RedisConfig, StoreConfig, TenancyConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from redis_server import RedisServer, running_redis
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
HANGUP_KEY = "sk-limits-hangup-key-01"
BURST_KEY = "sk-limits-burst-key-01"
OPEN_KEY = "sk-limits-open-key-01"
TIMEOUT_KEY = "sk-limits-timeout-key-01"
HANGUP_LIMIT = 3000
BURST_LIMIT = 4000
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: hangup}}
spec:
  apiKeys: [{{name: k, value: {HANGUP_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: {HANGUP_LIMIT}}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: burst}}
spec:
  apiKeys: [{{name: k, value: {BURST_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: {BURST_LIMIT}}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: timeout}}
spec:
  apiKeys: [{{name: k, value: {TIMEOUT_KEY}}}]
  limits:
    tokens: {{perMinute: {{total: {HANGUP_LIMIT}}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: open}}
spec:
  apiKeys: [{{name: k, value: {OPEN_KEY}}}]
"""
TEN_MB = 10 * 1024 * 1024


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with running_redis() as server:
        yield server


UPSTREAM_TIMEOUT_S = 1.0
"""Envoy's timeout to a pod in the BUFFERED stack: a 400-token answer (about two seconds
here) never finishes; the client abandoning at 0.4 s still goes first."""


def options(root: Any, body_mode: str, redis: RedisServer | None) -> StackOptions:
    (root / "tenants.yaml").write_text(TENANTS)
    tenancy = TenancyConfig(tenants=[str(root / "tenants.yaml")])
    if redis is not None:
        store = StoreConfig(
            redis=RedisConfig(
                url=redis.url, key_prefix=f"limits-{uuid.uuid4().hex[:8]}", timeout_ms=200
            )
        )
        tenancy = TenancyConfig(tenants=[str(root / "tenants.yaml")], store=store)
    return StackOptions(
        pods=1,
        body_mode=body_mode,  # type: ignore[arg-type]
        time_scale=0.5,  # 400 output tokens take about two seconds
        max_body_bytes=16 * 1024 * 1024,
        tenancy=tenancy,
        upstream_timeout_s=UPSTREAM_TIMEOUT_S if redis is None else 0.0,
    )


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[LocalStack]:
    """FULL_DUPLEX_STREAMED bodies, limits in Redis."""
    root = tmp_path_factory.mktemp("limits")
    async with LocalStack(options(root, "FULL_DUPLEX_STREAMED", redis_server)) as s:
        yield s


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def buffered_stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LocalStack]:
    """BUFFERED bodies, limits in the picker's memory, an upstream timeout."""
    root = tmp_path_factory.mktemp("limits-buffered")
    async with LocalStack(options(root, "BUFFERED", None)) as s:
        yield s


@pytest.fixture(params=["stack", "buffered_stack"], ids=["full-duplex", "buffered"])
def either_stack(request: pytest.FixtureRequest) -> LocalStack:
    """Each stack: FULL_DUPLEX_STREAMED with Redis, BUFFERED in memory."""
    stack: LocalStack = request.getfixturevalue(request.param)
    return stack


def chat(max_tokens: int, text: str = "tell me a story") -> dict[str, Any]:
    return {
        "model": MODEL,
        "max_tokens": max_tokens,
        "messages": [{"role": "user", "content": text}],
    }


async def settled(stack: LocalStack) -> None:
    """Every pick reported by the access log, and its settlement applied in the store."""
    picker = stack.picker
    assert picker is not None
    assert picker.limit_store is not None
    await eventually(lambda: len(picker.picks) == 0, what="every pick's access-log record")
    await picker.limit_store.flush()


async def test_requests_abandoned_before_their_response_consume_the_limit(
    either_stack: LocalStack,
) -> None:
    """Each non-streamed request asks for 400 tokens and is abandoned after 0.4 s, before the
    pod answers. Refunded, every one would be admitted; charged (what was reserved: the pod
    never sent a byte back), the tenant's 3000 a minute admits about seven."""
    stack = either_stack
    headers = {"authorization": f"Bearer {HANGUP_KEY}"}
    admitted = refused = 0
    started = time.monotonic()
    async with aiohttp.ClientSession() as http:
        for _ in range(14):
            try:
                async with http.post(
                    f"{stack.url}/v1/chat/completions",
                    json=chat(400),
                    headers=headers,
                    timeout=aiohttp.ClientTimeout(total=0.4),
                ) as resp:
                    body = await resp.read()
                    assert resp.status == 429, (resp.status, body[:200])
                    assert resp.headers["x-kinference-reason"] == "rate_limit_exceeded"
                    refused += 1
            except TimeoutError:
                admitted += 1  # admitted, then abandoned before its response
            await settled(stack)
    elapsed = time.monotonic() - started
    assert refused > 0, f"all {admitted} abandoned requests were refunded"
    # each is charged at least its 400 output tokens; the bucket refills 50 tokens a second
    assert admitted * 400 <= HANGUP_LIMIT + HANGUP_LIMIT / 60 * elapsed + 400


async def test_requests_cut_by_the_upstream_timeout_consume_the_limit(
    buffered_stack: LocalStack,
) -> None:
    """Each request asks for 400 tokens, which the pod takes longer than Envoy's upstream
    timeout to produce: the client gets 504 ``upstream_timeout`` while the pod worked. Charged
    as reserved (the pod sent nothing back), the tenant's 3000 a minute admits about seven."""
    stack = buffered_stack
    headers = {"authorization": f"Bearer {TIMEOUT_KEY}"}
    admitted = refused = 0
    started = time.monotonic()
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as http:
        for _ in range(14):
            async with http.post(
                f"{stack.url}/v1/chat/completions", json=chat(400), headers=headers
            ) as resp:
                body = await resp.read()
                reason = resp.headers["x-kinference-reason"]
                if resp.status == 504:
                    assert reason == "upstream_timeout", body[:200]
                    admitted += 1
                else:
                    assert (resp.status, reason) == (429, "rate_limit_exceeded"), body[:200]
                    refused += 1
            await settled(stack)
    elapsed = time.monotonic() - started
    assert refused > 0, f"all {admitted} timed-out requests were refunded"
    assert admitted * 400 <= HANGUP_LIMIT + HANGUP_LIMIT / 60 * elapsed + 400


async def test_a_burst_of_long_answers_after_short_ones_is_held_to_the_limit(
    stack: LocalStack,
) -> None:
    """Twenty answers of 4 tokens teach the picker that this tenant answers short; then sixteen
    requests for 500 tokens arrive at once. Reserving from the history (4 tokens each) would
    admit all sixteen, twice the limit; reserving their max_tokens holds what is served within
    a minute to the limit plus what refills meanwhile (tolerance: 5% of the limit)."""
    headers = {"authorization": f"Bearer {BURST_KEY}"}
    served = 0
    started = time.monotonic()
    async with aiohttp.ClientSession() as http:

        async def send(max_tokens: int) -> tuple[int, dict[str, Any]]:
            async with http.post(
                f"{stack.url}/v1/chat/completions", json=chat(max_tokens), headers=headers
            ) as resp:
                return resp.status, json.loads(await resp.read())

        for _ in range(20):
            status, body = await send(4)
            assert status == 200, body
            served += body["usage"]["total_tokens"]
        await settled(stack)
        answers = await asyncio.gather(*(send(500) for _ in range(16)))
    elapsed = time.monotonic() - started
    statuses = [status for status, _ in answers]
    assert set(statuses) <= {200, 429}, statuses
    served += sum(body["usage"]["total_tokens"] for status, body in answers if status == 200)
    bound = BURST_LIMIT * 1.05 + BURST_LIMIT / 60 * elapsed
    assert served <= bound, f"served {served} tokens ({statuses.count(200)} long answers)"
    assert statuses.count(200) >= 3  # the limit still serves what fits


def parses(text: str) -> float:
    """How many bodies the picker's parse stage has read (its timer's count)."""
    name = 'kinference_request_stage_duration_seconds_count{stage="parse"}'
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name))


async def metrics(stack: LocalStack) -> str:
    async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
        return await resp.text()


async def post_big(stack: LocalStack, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    filler = b"a" * (TEN_MB - 200)
    body = b'{"model":"' + MODEL.encode() + b'","messages":[{"role":"user","content":"'
    body += filler + b'"}]}'
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"{stack.url}/v1/chat/completions",
            data=io.BytesIO(body),
            headers={"content-type": "application/json", **headers},
        ) as resp,
    ):
        return resp.status, dict(resp.headers), await resp.read()


@pytest.mark.parametrize(
    "headers", [{}, {"authorization": "Bearer sk-not-a-key"}], ids=["no key", "unknown key"]
)
async def test_a_10mb_body_without_a_valid_key_is_401_and_never_parsed(
    either_stack: LocalStack, headers: dict[str, str]
) -> None:
    stack = either_stack
    before = parses(await metrics(stack))
    status, got, body = await post_big(stack, headers)
    assert status == 401, body[:300]
    assert got["x-kinference-reason"] == "invalid_api_key"
    assert json.loads(body)["error"]["code"] == "invalid_api_key"
    assert parses(await metrics(stack)) == before  # the body never reached the parser


async def test_a_10mb_body_with_a_key_is_parsed(stack: LocalStack) -> None:
    """The control for the test above: the parse count moves when a body is parsed."""
    before = parses(await metrics(stack))
    status, _, _ = await post_big(stack, {"authorization": f"Bearer {OPEN_KEY}"})
    assert status != 401
    assert parses(await metrics(stack)) == before + 1
