"""Readiness means "can route", whatever the cluster lacks: the pool (a misspelt name), its
API group (only the pre-GA v1alpha2 installed), the InferencePolicy CRD or its permission; and
what a real API server does that the picker must live with (429 with Retry-After, status writes
refused by the CRD schema, periodic bookmarks)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import grpc
import pytest
import yaml
from grpc_health.v1 import health_pb2, health_pb2_grpc

from k8s_fake.cluster import FAST_WATCH, Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool, inference_pool_v1alpha2, pod
from k8s_fake.server import RecordedRequest
from kinference_epp.app import App
from kinference_epp.config.model import EppConfig, ServerConfig
from kinference_epp.k8s.api import (
    INFERENCE_POLICIES,
    INFERENCE_POOLS,
    INFERENCE_POOLS_V1ALPHA2,
    PODS,
    SECRETS,
)
from kinference_epp.k8s.policies import StorePolicySink
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.policy.store import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

ROOT = Path(__file__).resolve().parents[2]
VLLM_ARGS = ["--model", "Qwen/Qwen3-0.6B"]
SLOW_REFUSAL = FAST_WATCH.model_copy(update={"backoff_max_s": 1.0})
"""A refused watch (no CRD, no permission) is checked again every backoff_max_s."""


def policy_crd_schema() -> dict[str, Any]:
    crd = yaml.safe_load((ROOT / "deploy/crds/inferencepolicies.kinference.io.yaml").read_text())
    (version,) = crd["spec"]["versions"]
    schema: dict[str, Any] = version["schema"]["openAPIV3Schema"]
    return schema


def policy(name: str) -> dict[str, Any]:
    return {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferencePolicy",
        "metadata": {"name": name, "namespace": "default"},
        "spec": {"rules": [{"name": "all", "action": {"route": {"candidates": ["m"]}}}]},
    }


async def start(k8s: Cluster, **config: Any) -> KubernetesSource:
    store = PolicyStore()
    src = KubernetesSource(
        k8s_config(**config),
        PoolDatastore("vllm-pool"),
        policies=StorePolicySink(store),
        api=k8s.api,
    )
    await src.start()
    return src


def requests_for(k8s: Cluster, plural: str) -> int:
    return sum(1 for r in k8s.server.requests if r.path.endswith(f"/{plural}"))


async def test_a_misspelt_pool_keeps_the_picker_unready(tmp_path: Path) -> None:
    async with cluster(tmp_path) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        src = await start(k8s, pool="vllm-pooll")
        try:
            assert await src.wait_synced(10.0)  # everything was listed ...
            assert not await src.wait_ready(0.3)  # ... but there is nothing to route to
            assert not src.status().pool.pool_found
            k8s.server.create(inference_pool("vllm-pooll"))
            assert await src.wait_ready(10.0)
            assert len(src.datastore) == 1
        finally:
            await src.stop()


@pytest.mark.parametrize("v1_installed", [False, True])
async def test_a_v1alpha2_pool_is_found_and_routed(tmp_path: Path, v1_installed: bool) -> None:
    """Only the pre-GA group installed, or both with the pool in the pre-GA one."""
    groups = (
        (INFERENCE_POOLS_V1ALPHA2, INFERENCE_POOLS) if v1_installed else (INFERENCE_POOLS_V1ALPHA2,)
    )
    async with cluster(tmp_path, resources=(PODS, *groups, INFERENCE_POLICIES)) as k8s:
        k8s.server.create(inference_pool_v1alpha2("vllm-pool", port=8001))
        k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        src = await start(k8s)
        try:
            assert await src.wait_ready(10.0)
            assert {e.key for e in src.datastore.endpoints()} == {"10.0.0.1:8001"}
            assert src.status().pool.group == "inference.networking.x-k8s.io"
        finally:
            await src.stop()


async def test_no_pool_crd_at_all_is_unready_and_says_so(tmp_path: Path) -> None:
    async with cluster(tmp_path, resources=(PODS, INFERENCE_POLICIES)) as k8s:
        src = await start(k8s, watch=SLOW_REFUSAL)
        try:
            await eventually(lambda: src.status().pool.watches[0].refused, what="refused status")
            assert not src.ready
            assert not src.status().connected
        finally:
            await src.stop()


async def test_no_policy_crd_means_ready_with_policies_off(tmp_path: Path) -> None:
    """``helm install --skip-crds``: routing works, policies are off, and it is visible."""
    async with cluster(tmp_path, resources=(PODS, INFERENCE_POOLS, SECRETS)) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        src = await start(k8s, watch=SLOW_REFUSAL)
        try:
            assert await src.wait_ready(10.0)
            await eventually(
                lambda: (
                    src.status().policies is not None
                    and src.status().policies.unavailable == "CRDNotInstalled"
                ),
                what="policies marked unavailable",
            )  # type: ignore[union-attr]
            families = {f.name: f for f in src.collector().collect()}
            gauge = {
                s.labels["reason"]: s.value
                for s in families["kinference_kubernetes_policies_unavailable"].samples
            }
            assert gauge == {"CRDNotInstalled": 1.0, "Forbidden": 0.0}
            errors = {
                s.labels["resource"]: s.value
                for s in families["kinference_kubernetes_watch_errors"].samples
            }
            assert errors["inferencepolicies.kinference.io"] >= 1
            # no crash loop: one try, then one per backoff_max_s (1 s here), not a retry storm
            assert requests_for(k8s, "inferencepolicies") <= 3
        finally:
            await src.stop()


async def test_forbidden_policies_turn_on_once_the_role_grants_them(tmp_path: Path) -> None:
    async with cluster(tmp_path) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(policy("p"))
        k8s.server.forbidden.add(INFERENCE_POLICIES)
        src = await start(k8s, watch=SLOW_REFUSAL)
        try:
            assert await src.wait_ready(10.0)
            assert src.policies is not None
            await eventually(
                lambda: src.policies is not None and src.policies.unavailable == "Forbidden",
                what="forbidden",
            )
            k8s.server.forbidden.clear()
            await eventually(
                lambda: src.policies is not None and src.policies.synced, what="policies listed"
            )
            assert src.policies.unavailable is None
            assert src.ready
        finally:
            await src.stop()


async def test_throttling_429_is_retried_after_the_servers_retry_after(tmp_path: Path) -> None:
    async with cluster(tmp_path) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        src = await start(k8s)
        try:
            assert await src.wait_ready(10.0)
            first = len(k8s.server.requests)
            k8s.server.fail_next(1, 429, retry_after_s=1.0)
            k8s.server.expire_watches()
            k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
            await eventually(lambda: len(src.datastore) == 1, what="the pod after throttling")
            throttled = k8s.server.requests[first]

            def retries() -> list[RecordedRequest]:
                return [r for r in k8s.server.requests[first + 1 :] if r.path == throttled.path]

            await eventually(lambda: bool(retries()), what="the throttled request retried")
            retried = retries()[0]
            # backoff alone is at most FAST_WATCH.backoff_max_s (0.2 s): the server's 1 s won
            assert retried.at - throttled.at >= 0.9
        finally:
            await src.stop()


async def test_a_status_the_crd_schema_refuses_is_not_rewritten_in_a_loop(tmp_path: Path) -> None:
    older = copy.deepcopy(policy_crd_schema())
    entry = older["properties"]["status"]["properties"]["ancestors"]["items"]
    entry["properties"]["conditions"]["maxItems"] = 1
    async with cluster(tmp_path, schemas={INFERENCE_POLICIES: older}) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(policy("p"))
        store = PolicyStore()
        src = KubernetesSource(
            k8s_config(), PoolDatastore("vllm-pool"), policies=StorePolicySink(store), api=k8s.api
        )
        await src.start()
        try:
            assert await src.wait_ready(10.0)
            await eventually(lambda: k8s.server.rejected_writes >= 1, what="a refused write")
            await eventually(lambda: len(store.active) == 1, what="the policy in force")
            k8s.server.bookmark()
            k8s.server.expire_watches()
            await eventually(lambda: src.status().connected, what="reconnected")
            assert k8s.server.rejected_writes == 1
        finally:
            await src.stop()
            store.close()


async def test_the_status_the_picker_writes_passes_the_crd_schema(tmp_path: Path) -> None:
    async with cluster(tmp_path, schemas={INFERENCE_POLICIES: policy_crd_schema()}) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(policy("p"))
        src = await start(k8s)
        try:
            await eventually(
                lambda: bool(k8s.server.get(INFERENCE_POLICIES, "p").get("status")), what="status"
            )
            assert k8s.server.rejected_writes == 0
        finally:
            await src.stop()


async def test_periodic_bookmarks_keep_a_quiet_watch_current(tmp_path: Path) -> None:
    """Without bookmarks the pod watch would resume from a version older than the history
    after compaction (410 Gone, a relist)."""
    async with cluster(tmp_path, bookmark_every_s=0.05) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        src = await start(k8s, policies=False)
        try:
            assert await src.wait_ready(10.0)
            for _ in range(5):  # the global version moves on; the pod watch sees none of it
                k8s.server.touch(INFERENCE_POOLS, "vllm-pool")
            sent = k8s.server.bookmarks_sent
            await eventually(lambda: k8s.server.bookmarks_sent > sent, what="a bookmark")
            k8s.server.compact()
            k8s.server.expire_watches()  # after the bookmark in each stream
            await eventually(
                lambda: src.status().connected and k8s.server.open_watches >= 2,
                what="watches resumed",
            )
            pods_watch = src.status().pool.watches[1]
            assert pods_watch.relists == 0
        finally:
            await src.stop()


async def test_the_health_service_follows_kubernetes_readiness(tmp_path: Path) -> None:
    async with cluster(tmp_path) as k8s:
        config = EppConfig(
            kubernetes=k8s_config(kubeconfig=str(k8s.kubeconfig), policies=False),
            kubernetes_sync_timeout_s=0.2,
            server=ServerConfig(host="127.0.0.1", grpc_port=0, health_port=0, metrics_port=0),
        )
        picker = App(config)
        ports = await picker.start()
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{ports.health}") as channel:
                stub = health_pb2_grpc.HealthStub(channel)

                async def status() -> int:
                    req = health_pb2.HealthCheckRequest(service="inference-extension")
                    return int((await stub.Check(req)).status)

                serving, not_serving = (
                    health_pb2.HealthCheckResponse.SERVING,
                    health_pb2.HealthCheckResponse.NOT_SERVING,
                )
                assert await status() == not_serving
                k8s.server.create(inference_pool("vllm-pool"))

                async def is_serving() -> bool:
                    return await status() == serving

                async def is_not_serving() -> bool:
                    return await status() == not_serving

                await eventually(is_serving, what="ready once the pool exists")
                k8s.server.delete(INFERENCE_POOLS, "vllm-pool")
                await eventually(is_not_serving, what="unready once the pool is deleted")
        finally:
            await picker.stop(0.5)


async def test_a_pool_group_the_role_does_not_grant_is_passed_over(tmp_path: Path) -> None:
    """A Role written for v1 only must not keep a picker of a v1 pool from starting."""
    resources = (PODS, INFERENCE_POOLS, INFERENCE_POOLS_V1ALPHA2, INFERENCE_POLICIES)
    async with cluster(tmp_path, resources=resources) as k8s:
        k8s.server.forbidden.add(INFERENCE_POOLS_V1ALPHA2)
        k8s.server.create(inference_pool("vllm-pool"))
        k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        src = await start(k8s)
        try:
            assert await src.wait_ready(10.0)
            assert src.status().pool.group == "inference.networking.k8s.io"
        finally:
            await src.stop()
