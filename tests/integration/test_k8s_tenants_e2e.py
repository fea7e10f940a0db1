"""A tenant made of Kubernetes objects, through real Envoy: an InferenceTenant with its key
hash in a Secret authenticates, is limited and is charged (its metrics and `kinfctl usage`);
rotating the Secret swaps the key with no restart; deleting the tenant locks it out. The picker finds its pod, its tenants and
their Secrets on the fake API server, as it would in a cluster."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from k8s_fake.cluster import Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool, pod, secret
from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.config.model import EppConfig
from kinference_epp.config.tenancy import TenancyConfig, UsageConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.k8s.api import INFERENCE_TENANTS
from kinference_epp.sim.runner import SimCluster
from kinference_epp.tenancy.keys import key_sha256

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MODEL = "qwen3-0.6b"
KEY_A = "sk-team-a-first-key-000001"
KEY_B = "sk-team-a-second-key-00002"


class KubeStack(LocalStack):
    """The demo stack, but the picker takes its pod from the API server, not from a list."""

    def __init__(self, options: StackOptions, k8s: Cluster) -> None:
        super().__init__(options)
        self.k8s = k8s

    def kubernetes_config(self, cluster: SimCluster) -> KubernetesConfig:
        (address,) = cluster.addresses
        host, port = address.hostport.rsplit(":", 1)
        self.k8s.server.create(inference_pool("vllm-pool", ports=(int(port),)))
        self.k8s.server.create(pod("vllm-0", host, port=int(port), args=["--model", MODEL]))
        return k8s_config(
            kubeconfig=str(self.k8s.kubeconfig),
            kv_events={"enabled": False},
            policies=False,
        )

    def picker_config(self, cluster: SimCluster) -> EppConfig:
        config = super().picker_config(cluster)
        pool = config.pool.model_copy(update={"name": "vllm-pool", "endpoints": []})
        return config.model_copy(update={"pool": pool})


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[KubeStack]:
    root = tmp_path_factory.mktemp("k8s-tenants")
    async with cluster(root) as k8s:
        usage = UsageConfig(file=str(root / "usage.jsonl"), flush_interval_s=0.2)
        options = StackOptions(pods=1, tenancy=TenancyConfig(usage=usage))
        async with KubeStack(options, k8s) as s:
            yield s


def tenant(rpm: int) -> dict[str, Any]:
    return {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferenceTenant",
        "metadata": {"name": "team-a", "namespace": "default"},
        "spec": {"apiKeySecretRef": {"name": "team-a-keys"}, "limits": {"requestsPerMinute": rpm}},
    }


async def post(stack: LocalStack, key: str) -> tuple[int, dict[str, str], dict[str, Any]]:
    body = {"model": MODEL, "max_tokens": 2, "messages": [{"role": "user", "content": "hi"}]}
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{stack.url}/v1/chat/completions",
            json=body,
            headers={"authorization": f"Bearer {key}"},
        ) as resp,
    ):
        headers = {k.lower(): v for k, v in resp.headers.items()}
        return resp.status, headers, json.loads(await resp.read())


async def status_of(stack: LocalStack, key: str) -> int:
    return (await post(stack, key))[0]


def sample(text: str, name: str, tenant: str) -> float:
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(f"{name}{{") and f'tenant="{tenant}"' in line
    )


async def metrics(stack: LocalStack) -> str:
    async with aiohttp.ClientSession() as http, http.get(stack.metrics_url) as resp:
        return await resp.text()


async def test_a_cluster_tenant_authenticates_is_limited_charged_rotated_and_removed(
    stack: KubeStack, capsys: pytest.CaptureFixture[str]
) -> None:
    server = stack.k8s.server
    assert await status_of(stack, KEY_A) == 401  # no such tenant yet
    server.create(secret("team-a-keys", {"first": key_sha256(KEY_A)}))
    server.create(tenant(rpm=3))

    async def served() -> bool:
        return await status_of(stack, KEY_A) == 200

    await eventually(served, what="the Secret's key to authenticate", interval_s=0.1)

    async def charged() -> bool:
        return sample(await metrics(stack), "kinference_tenant_prompt_tokens_total", "team-a") > 0

    await eventually(charged, what="team-a's usage", interval_s=0.1)

    # and the usage roll-up, as the platform team reads it
    options = stack.options.tenancy
    assert options is not None
    assert options.usage.file is not None
    argv = ["usage", "--file", options.usage.file, "--tenant", "team-a", "--output", "json"]

    async def in_usage() -> bool:
        return await asyncio.to_thread(kinfctl, argv) == 0

    await eventually(in_usage, what="team-a in kinfctl usage", interval_s=0.2)
    (row,) = json.loads(capsys.readouterr().out)
    assert row["tenant"] == "team-a"
    assert row["ok"] >= 1

    statuses = [await post(stack, KEY_A) for _ in range(4)]
    limited = [(s, h, b) for s, h, b in statuses if s == 429]
    assert limited, [s for s, _, _ in statuses]
    _, headers, body = limited[0]
    assert headers["x-kinference-reason"] == "rate_limit_exceeded"
    assert body["error"]["type"] == "rate_limit_error"

    # Rotation: the Secret now holds only the new key. The old one stops, the new one is
    # team-a's (limited as team-a is: anything but 401), with no restart.
    server.replace(secret("team-a-keys", {"second": key_sha256(KEY_B)}))

    async def rotated() -> bool:
        return await status_of(stack, KEY_A) == 401 and await status_of(stack, KEY_B) != 401

    await eventually(rotated, what="the rotated key in force", interval_s=0.1)
    status, headers, _ = await post(stack, KEY_B)
    assert status == 429
    assert headers["x-kinference-reason"] == "rate_limit_exceeded"

    server.delete(INFERENCE_TENANTS, "team-a")

    async def locked_out() -> bool:
        return await status_of(stack, KEY_B) == 401

    await eventually(locked_out, what="the deleted tenant locked out", interval_s=0.1)
    _, headers, body = await post(stack, KEY_B)
    assert headers["x-kinference-reason"] == "invalid_api_key"
    assert body["error"]["code"] == "invalid_api_key"
