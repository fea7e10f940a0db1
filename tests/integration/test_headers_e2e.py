"""The header rows through real Envoy and the real picker: what a pod, a provider and
a client see.

The picker sets headers for Envoy (the chosen endpoint, the provider route, the tenant, the
model, the scores); the shipped config uses them to route and removes every ``x-kinference-*``
and ``x-gateway-*`` header before the request leaves, so a fake pod and a fake provider that
answer with the headers they received must show none of them. A pod's address comes back to
the client only with Envoy's debug headers on (off here, as shipped).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from gateway_fakes import backend
from prometheus_client.parser import text_string_to_metric_families

from kinference_epp.config.tenancy import TenancyConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.options import EnvoyOptions, ProviderRoute
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
KEY = "sk-headers-tenant-key-01"
PROVIDER_KEY = "sk-provider-key-77"
RESERVED = ("x-kinference-", "x-gateway-")
TENANTS = f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: acme}}
spec:
  apiKeys: [{{name: k, value: {KEY}}}]
  limits:
    tokens: {{perMinute: {{total: 100000}}}}
"""
POLICY = """
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: headers}
spec:
  rules:
    - name: burst
      match: {headers: [{name: x-burst, values: ["yes"]}]}
      action:
        provider:
          name: cloud
          baseURL: http://cloud.example
          modelMap: {qwen3-0.6b: cloud-large}
          apiKeySecretRef: {name: cloud-credentials, key: api-key}
"""
CLIENT_RESERVED = {
    "x-kinference-tenant": "evil",
    "x-kinference-route": "cloud",
    "x-kinference-model": "client-model",
    "x-kinference-scores": "client-scores",
    "x-kinference-upstream": "10.9.9.9:1",
    "x-gateway-destination-endpoint": "10.9.9.9:1",
}


class Gateway:
    def __init__(self, stack: LocalStack, url: str, pod: str, provider: str) -> None:
        self.stack = stack
        self.url = url
        self.pod = pod
        self.provider = provider


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def gateway(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Gateway]:
    """The real picker (tenants, a burst policy, scores on) behind the shipped Envoy config,
    whose pool is one fake pod and whose provider route goes to a fake provider."""
    root = tmp_path_factory.mktemp("headers")
    (root / "policy.yaml").write_text(POLICY)
    (root / "tenants.yaml").write_text(TENANTS)
    secret = root / "secrets" / "cloud-credentials"
    secret.mkdir(parents=True)
    (secret / "api-key").write_text(PROVIDER_KEY)
    options = StackOptions(
        pods=1,
        policies=(str(root / "policy.yaml"),),
        secrets_dir=str(root / "secrets"),
        tenancy=TenancyConfig(tenants=[str(root / "tenants.yaml")]),
        score_header=True,
    )
    async with (
        LocalStack(options) as stack,
        backend("pod") as pod,
        backend("provider") as provider,
    ):
        assert stack.picker is not None
        assert stack.picker.ports is not None
        assert stack.cluster is not None
        for address in stack.cluster.addresses:  # the fake pod is the pool's only pod
            stack.picker.datastore.remove(EndpointKey(address.hostport))
        stack.picker.datastore.upsert(
            Endpoint(
                key=EndpointKey(pod),
                models=frozenset({MODEL}),
                metrics_url=f"http://{pod}/metrics",
                base_model=MODEL,
            )
        )
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{stack.picker.ports.grpc}",),
            pool=(pod,),
            provider_routes=(ProviderRoute("cloud", provider),),
            control_token=stack.control_token,
            access_log_flush_ms=50,
        )
        async with EnvoyProcess(opts):
            yield Gateway(stack, f"http://127.0.0.1:{opts.listener_port}", pod, provider)


async def post(
    gateway: Gateway, headers: dict[str, str]
) -> tuple[int, dict[str, str], dict[str, Any]]:
    body = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 3}
    async with (
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as http,
        http.post(f"{gateway.url}/v1/chat/completions", json=body, headers=headers) as resp,
    ):
        raw = await resp.read()
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, json.loads(raw)


def reserved(headers: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k.lower().startswith(RESERVED)}


async def test_a_pod_gets_no_internal_header(gateway: Gateway) -> None:
    """Only what a pod needs: the request id (the picker's), never the tenant, model, scores
    or endpoint the picker set, nor the client's key; and nothing of the client's own."""
    auth = {"authorization": f"Bearer {KEY}"}
    status, headers, body = await post(gateway, {**auth, **CLIENT_RESERVED})
    assert status == 200, body
    info = body["info"]
    assert info["name"] == "pod"  # not the provider the client's route header named
    got = {k.lower(): v for k, v in info["headers"].items()}
    assert reserved(got) == {}
    assert "authorization" not in got
    assert got["x-request-id"] == headers["x-request-id"]  # the picker's id, both ways
    assert info["model"] == MODEL


async def test_a_provider_gets_no_internal_header(gateway: Gateway) -> None:
    """A provider gets the body and its own key: not the route, model or tenant the picker
    set for Envoy, nor the client's key."""
    status, _, body = await post(gateway, {"x-api-key": KEY, "x-burst": "yes"})
    assert status == 200, body
    info = body["info"]
    assert info["name"] == "provider"
    assert info["model"] == "cloud-large"
    got = {k.lower(): v for k, v in info["headers"].items()}
    assert reserved(got) == {}
    assert got["authorization"] == f"Bearer {PROVIDER_KEY}"
    assert "x-api-key" not in got


@pytest.mark.parametrize("burst", ["no", "yes"])
async def test_the_client_gets_no_internal_address(gateway: Gateway, burst: str) -> None:
    """Without Envoy's debug headers no response names the pod or provider that served it,
    nor carries the picker's scores; the client's own copies are not echoed either."""
    sent = {"authorization": f"Bearer {KEY}", "x-burst": burst, **CLIENT_RESERVED}
    status, headers, body = await post(gateway, sent)
    assert status == 200, body
    assert "x-kinference-upstream" not in headers
    assert "x-kinference-scores" not in headers
    for value in (gateway.pod, gateway.provider, "10.9.9.9:1", "client-scores"):
        assert all(value not in v for v in headers.values()), (value, headers)


async def test_the_access_log_still_meters_the_tenant(gateway: Gateway) -> None:
    """The tenant header left with the request; the usage still reaches the tenant's meter
    (the access log's entry names the pick by the picker's metadata)."""
    before = await completion_tokens(gateway, "acme")
    status, _, body = await post(gateway, {"authorization": f"Bearer {KEY}"})
    assert status == 200, body

    async def metered() -> bool:
        return await completion_tokens(gateway, "acme") >= before + 3  # the fake pod's usage

    await eventually(metered, what="the access-log entry to meter the tenant's tokens")


async def completion_tokens(gateway: Gateway, tenant: str) -> float:
    async with (
        aiohttp.ClientSession() as http,
        http.get(gateway.stack.metrics_url) as resp,
    ):
        text = await resp.text()
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "kinference_tenant_completion_tokens_total"
        and sample.labels.get("tenant") == tenant
    )
