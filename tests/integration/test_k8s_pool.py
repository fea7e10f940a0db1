"""Pool discovery through the real kubernetes-asyncio client against the list/watch test server.

Every scenario drives the server (scale pods, flip readiness, expire watches, go down) and waits
for the datastore to follow. Listener counts check that relists and reconnects do not churn
endpoints (each churn would restart a pod's KV-event subscriber and scraper).
"""

from __future__ import annotations

import collections
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from k8s_fake.cluster import Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool, pod
from kinference_epp.k8s.api import INFERENCE_POOLS, PODS
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

VLLM_ARGS = ["--model", "Qwen/Qwen3-0.6B", "--served-model-name", "qwen3", "qwen3-0.6b"]


class Churn:
    """Counts datastore listener calls per endpoint key."""

    def __init__(self, datastore: PoolDatastore) -> None:
        self.added: collections.Counter[str] = collections.Counter()
        self.removed: collections.Counter[str] = collections.Counter()
        datastore.subscribe(self._add, self._remove, replay=False)

    def _add(self, endpoint: Endpoint) -> None:
        self.added[endpoint.key] += 1

    def _remove(self, endpoint: Endpoint) -> None:
        self.removed[endpoint.key] += 1


@pytest.fixture
async def k8s(tmp_path: Path) -> AsyncIterator[Cluster]:
    async with cluster(tmp_path) as c:
        c.server.create(inference_pool("vllm-pool"))
        c.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        c.server.create(pod("vllm-1", "10.0.0.2", args=VLLM_ARGS))
        c.server.create(pod("other", "10.0.0.9", labels={"app": "other"}))
        yield c


@pytest.fixture
async def source(k8s: Cluster) -> AsyncIterator[KubernetesSource]:
    src = KubernetesSource(k8s_config(), PoolDatastore("vllm-pool"), api=k8s.api)
    await src.start()
    assert await src.wait_synced(10.0)
    yield src
    await src.stop()


def keys(datastore: PoolDatastore) -> set[str]:
    return {ep.key for ep in datastore.endpoints()}


async def test_initial_sync_builds_endpoints_from_selected_ready_pods(
    source: KubernetesSource,
) -> None:
    ds = source.datastore
    assert keys(ds) == {"10.0.0.1:8000", "10.0.0.2:8000"}
    ep = ds.get(EndpointKey("10.0.0.1:8000"))
    assert ep is not None
    assert ep.name == "vllm-0"
    assert ep.models == frozenset({"qwen3", "qwen3-0.6b"})
    assert ep.metrics_url == "http://10.0.0.1:8000/metrics"
    assert ep.kv_events == "tcp://10.0.0.1:5557"
    assert ep.kv_replay == "tcp://10.0.0.1:5558"
    assert ds.is_ready(EndpointKey("10.0.0.1:8000"))
    status = source.status()
    assert status.connected
    assert status.synced
    assert status.pool.pool_found
    assert status.pool.selector == "app=vllm"
    assert status.pool.endpoints == 2


async def test_scaling_up_and_down_follows_the_pods(k8s: Cluster, source: KubernetesSource) -> None:
    ds = source.datastore
    churn = Churn(ds)
    k8s.server.create(pod("vllm-2", None, args=VLLM_ARGS))  # scheduled, no IP yet
    k8s.server.update(
        PODS, "vllm-2", lambda p: p["status"].update(podIP="10.0.0.3", phase="Running")
    )
    await eventually(lambda: "10.0.0.3:8000" in keys(ds), what="the new pod")
    k8s.server.delete(PODS, "vllm-0")
    await eventually(lambda: "10.0.0.1:8000" not in keys(ds), what="the deleted pod to go")
    assert keys(ds) == {"10.0.0.2:8000", "10.0.0.3:8000"}
    assert churn.removed["10.0.0.1:8000"] == 1
    assert churn.removed["10.0.0.2:8000"] == 0


async def test_readiness_flips_and_termination(k8s: Cluster, source: KubernetesSource) -> None:
    ds = source.datastore
    churn = Churn(ds)
    key = EndpointKey("10.0.0.1:8000")

    def set_ready(value: str) -> None:
        k8s.server.update(
            PODS, "vllm-0", lambda p: p["status"]["conditions"][0].update(status=value)
        )

    set_ready("False")
    await eventually(lambda: not ds.is_ready(key), what="not ready")
    assert key in ds  # kept, so its KV-event subscription and index survive the blip
    set_ready("True")
    await eventually(lambda: ds.is_ready(key), what="ready again")
    assert churn.removed[key] == 0
    k8s.server.update(
        PODS, "vllm-0", lambda p: p["metadata"].update(deletionTimestamp="2026-01-01T00:00:00Z")
    )
    await eventually(lambda: key not in ds, what="the terminating pod to go")


async def test_relabelled_pod_leaves_the_pool(k8s: Cluster, source: KubernetesSource) -> None:
    ds = source.datastore
    k8s.server.update(PODS, "vllm-1", lambda p: p["metadata"]["labels"].update(app="retired"))
    await eventually(lambda: "10.0.0.2:8000" not in keys(ds), what="the relabelled pod to go")
    k8s.server.update(PODS, "other", lambda p: p["metadata"]["labels"].update(app="vllm"))
    await eventually(lambda: "10.0.0.9:8000" in keys(ds), what="the relabelled pod to join")


async def test_410_gone_relists_without_losing_state(
    k8s: Cluster, source: KubernetesSource
) -> None:
    ds = source.datastore
    churn = Churn(ds)
    watches = {w.resource: w for w in source.status().watches}
    # A change the pod watch does not see advances the version; then history is compacted,
    # so resuming from the watch's last version is 410 Gone and only a relist recovers.
    k8s.server.create(pod("noise", "10.9.9.9", labels={"app": "noise"}))
    k8s.server.compact()
    k8s.server.expire_watches()
    await eventually(lambda: watches["pods"].relists >= 1, what="a relist of pods")
    assert keys(ds) == {"10.0.0.1:8000", "10.0.0.2:8000"}
    # The relist changed nothing already known: no endpoint was removed and re-added.
    assert sum(churn.removed.values()) == 0
    assert sum(churn.added.values()) == 0
    k8s.server.create(pod("vllm-2", "10.0.0.3", args=VLLM_ARGS))
    await eventually(lambda: "10.0.0.3:8000" in keys(ds), what="a pod after the relist")


async def test_outage_longer_than_the_history_relists_what_changed(
    k8s: Cluster, source: KubernetesSource
) -> None:
    ds = source.datastore
    churn = Churn(ds)
    watches = {w.resource: w for w in source.status().watches}
    await k8s.server.go_down()
    k8s.server.delete(PODS, "vllm-0")
    k8s.server.create(pod("vllm-2", "10.0.0.3", args=VLLM_ARGS))
    k8s.server.compact()
    await k8s.server.come_back()
    await eventually(
        lambda: keys(ds) == {"10.0.0.2:8000", "10.0.0.3:8000"}, what="the relisted pod set"
    )
    # Either the reconnect failed (a new session lists) or it reached the server and got 410.
    assert watches["pods"].errors + watches["pods"].relists >= 1
    assert churn.removed == {"10.0.0.1:8000": 1}
    assert churn.added == {"10.0.0.3:8000": 1}


async def test_bookmarks_advance_the_version_so_no_relist_is_needed(
    k8s: Cluster, source: KubernetesSource
) -> None:
    watches = {w.resource: w for w in source.status().watches}
    await eventually(lambda: k8s.server.open_watches >= 2, what="watches open")
    for _ in range(3):  # changes the pod watch does not see still advance the version
        k8s.server.update(INFERENCE_POOLS, "vllm-pool", lambda p: p["metadata"].update(labels={}))
        k8s.server.create(pod(f"x-{k8s.server.resource_version}", "10.1.0.1", labels={"a": "b"}))
    k8s.server.bookmark()
    k8s.server.compact()  # history before now is gone; the bookmark's version is not
    before = k8s.server.resource_version
    k8s.server.expire_watches()
    k8s.server.create(pod("vllm-2", "10.0.0.3", args=VLLM_ARGS))
    await eventually(lambda: "10.0.0.3:8000" in keys(source.datastore), what="the new pod")
    assert watches["pods"].relists == 0
    resumed = [r for r in k8s.server.requests if r.path.endswith("/pods") and r.query.get("watch")]
    assert int(resumed[-1].query["resourceVersion"]) >= before


async def test_api_outage_keeps_routing_state_and_recovers(
    k8s: Cluster, source: KubernetesSource
) -> None:
    ds = source.datastore
    churn = Churn(ds)
    await k8s.server.go_down()
    await eventually(lambda: not source.status().connected, what="disconnected status")
    assert keys(ds) == {"10.0.0.1:8000", "10.0.0.2:8000"}  # still routing on what it knew
    assert source.synced  # and still ready
    # The world changes while the picker cannot see it.
    k8s.server.delete(PODS, "vllm-0")
    k8s.server.create(pod("vllm-2", "10.0.0.3", args=VLLM_ARGS))
    await k8s.server.come_back()
    await eventually(lambda: source.status().connected, what="reconnected status")
    await eventually(
        lambda: keys(ds) == {"10.0.0.2:8000", "10.0.0.3:8000"}, what="the resynced pod set"
    )
    assert churn.removed["10.0.0.2:8000"] == 0
    assert source.status().pool.watches[1].errors >= 1


async def test_transient_server_errors_back_off_and_recover(
    k8s: Cluster, source: KubernetesSource
) -> None:
    k8s.server.fail_next(3, 500)
    k8s.server.expire_watches()
    k8s.server.create(pod("vllm-2", "10.0.0.3", args=VLLM_ARGS))
    await eventually(lambda: "10.0.0.3:8000" in keys(source.datastore), what="recovery")
    assert sum(w.errors for w in source.status().watches) >= 1
    await eventually(lambda: source.status().connected, what="every watch reconnected")


async def test_pool_edits_re_evaluate_all_pods(k8s: Cluster, source: KubernetesSource) -> None:
    ds = source.datastore
    k8s.server.update(
        INFERENCE_POOLS, "vllm-pool", lambda p: p["spec"].update(targetPorts=[{"number": 8001}])
    )
    await eventually(
        lambda: keys(ds) == {"10.0.0.1:8001", "10.0.0.2:8001"}, what="endpoints on the new port"
    )
    k8s.server.update(
        INFERENCE_POOLS,
        "vllm-pool",
        lambda p: p["spec"].update(selector={"matchLabels": {"app": "other"}}),
    )
    await eventually(lambda: keys(ds) == {"10.0.0.9:8001"}, what="the newly selected pods")
    # An unusable edit keeps the last good spec.
    k8s.server.update(INFERENCE_POOLS, "vllm-pool", lambda p: p["spec"].update(targetPorts=[]))
    await eventually(lambda: source.status().pool.pool_error is not None, what="pool error")
    assert keys(ds) == {"10.0.0.9:8001"}
    k8s.server.delete(INFERENCE_POOLS, "vllm-pool")
    await eventually(lambda: len(ds) == 0, what="endpoints removed with the pool")
    assert not source.status().pool.pool_found


async def test_active_ports_annotation_and_data_parallel_ranks(
    k8s: Cluster, source: KubernetesSource
) -> None:
    ds = source.datastore
    k8s.server.update(
        INFERENCE_POOLS,
        "vllm-pool",
        lambda p: p["spec"].update(targetPorts=[{"number": 8000}, {"number": 8001}]),
    )
    k8s.server.create(
        pod(
            "dp",
            "10.0.0.5",
            args=VLLM_ARGS,
            annotations={"inference.networking.k8s.io/active-ports": "8001"},
        )
    )
    await eventually(lambda: "10.0.0.5:8001" in keys(ds), what="the active port")
    assert "10.0.0.5:8000" not in keys(ds)
    assert "10.0.0.1:8001" in keys(ds)
    rank1 = ds.get(EndpointKey("10.0.0.1:8001"))
    assert rank1 is not None
    assert rank1.name == "vllm-0-rank-1"
    assert rank1.kv_events == "tcp://10.0.0.1:5558"  # vLLM offsets the port by the DP rank


async def test_pool_created_after_start(tmp_path: Path) -> None:
    async with cluster(tmp_path) as k8s:
        k8s.server.create(pod("vllm-0", "10.0.0.1", args=VLLM_ARGS))
        src = KubernetesSource(k8s_config(), PoolDatastore("vllm-pool"), api=k8s.api)
        await src.start()
        try:
            assert await src.wait_synced(10.0)
            assert len(src.datastore) == 0
            assert not src.status().pool.pool_found
            assert not src.ready  # nothing to route to: not ready (GIE's EPP neither)
            k8s.server.create(inference_pool("vllm-pool"))
            await eventually(lambda: len(src.datastore) == 1, what="the pool's pod")
            assert await src.wait_ready(10.0)
        finally:
            await src.stop()
