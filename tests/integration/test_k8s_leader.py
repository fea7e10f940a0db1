"""Leader election on a real Lease through the Kubernetes client and the fake API server:
one leader at a time, readiness and status writes follow it, a stopping leader hands over at
once, a crashed one after its lease expires, and one that cannot renew steps down."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from k8s_fake.cluster import Cluster, cluster, k8s_config
from k8s_fake.objects import inference_pool
from kinference_epp.config.kubernetes import LeaderElection
from kinference_epp.k8s.api import INFERENCE_POLICIES, LEASES
from kinference_epp.k8s.leader import LeaderElector
from kinference_epp.k8s.policies import StorePolicySink
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.policy.store import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from waits import eventually

pytestmark = pytest.mark.integration

FAST = {"lease_duration_s": 1.0, "renew_deadline_s": 0.6, "retry_period_s": 0.05}


@pytest.fixture
async def k8s(tmp_path: Path) -> AsyncIterator[Cluster]:
    async with cluster(tmp_path) as c:
        c.server.create(inference_pool("vllm-pool"))
        yield c


class Clock:
    """A replica's own clock that moves only when the test moves it: whether a lease has
    expired, as that replica judges it, is the test's decision, not the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def elector(k8s: Cluster, name: str, clock: Clock | None = None) -> LeaderElector:
    settings = LeaderElection(enabled=True, identity=name, **FAST)
    if clock is None:
        return LeaderElector(k8s.api, "default", settings)
    return LeaderElector(k8s.api, "default", settings, clock=clock)


def holder(k8s: Cluster) -> str | None:
    spec: dict[str, Any] = k8s.server.get(LEASES, "kinference-epp").get("spec") or {}
    return spec.get("holderIdentity")


async def test_one_leader_and_a_released_lease_hands_over_at_once(k8s: Cluster) -> None:
    # b's clock never moves: no lease ever expires as b sees it, so it can only take a
    # released one
    a, b = elector(k8s, "a"), elector(k8s, "b", Clock())
    await a.start()
    await eventually(lambda: a.is_leader, what="a to lead")
    await b.start()
    try:
        for _ in range(10):  # b keeps trying while a renews: never two leaders
            await asyncio.sleep(FAST["retry_period_s"])
            assert not b.is_leader
        assert holder(k8s) == "a"
        await a.stop()  # released: b need not wait for the lease to expire
        assert holder(k8s) is None
        await eventually(lambda: b.is_leader, what="b to take the released lease")
        lease = k8s.server.get(LEASES, "kinference-epp")["spec"]
        assert lease["holderIdentity"] == "b"
        assert lease["leaseTransitions"] == 1
    finally:
        await a.stop()
        await b.stop()


async def test_a_crashed_leaders_lease_is_taken_after_it_expires(k8s: Cluster) -> None:
    clock = Clock()  # b's: the lease expires, as b judges it, when the test moves it
    a, b = elector(k8s, "a"), elector(k8s, "b", clock)
    await a.start()
    await eventually(lambda: a.is_leader, what="a to lead")
    await b.start()
    try:
        task = a._task
        assert task is not None
        task.cancel()  # a dies without releasing
        with contextlib.suppress(asyncio.CancelledError):
            await task
        final = k8s.server.get(LEASES, "kinference-epp")["spec"]
        await eventually(lambda: b._seen == final, what="b to read the lease a left")
        for _ in range(10):  # unchanged, but not yet for a lease's duration: b waits
            await asyncio.sleep(FAST["retry_period_s"])
            assert not b.is_leader
        clock.now += FAST["lease_duration_s"] + FAST["retry_period_s"]
        await eventually(lambda: b.is_leader, what="b to take the expired lease")
        assert holder(k8s) == "b"
    finally:
        a.is_leader = False  # it died: nothing to release
        await a.stop()
        await b.stop()


async def test_a_leader_that_cannot_renew_steps_down(k8s: Cluster) -> None:
    a = elector(k8s, "a")
    await a.start()
    try:
        await eventually(lambda: a.is_leader, what="a to lead")
        k8s.server.fail_next(40, 503)  # the API server fails for a while (~2 s of retries)
        await eventually(lambda: not a.is_leader, what="a to step down")
        await eventually(lambda: a.is_leader, what="a to lead again once the API answers")
    finally:
        await a.stop()


async def test_only_the_leader_is_ready_and_writes_statuses(k8s: Cluster) -> None:
    k8s.server.create(
        {
            "apiVersion": "kinference.io/v1alpha1",
            "kind": "InferencePolicy",
            "metadata": {"name": "p", "namespace": "default"},
            "spec": {"rules": [{"name": "all", "action": {"continue": True}}]},
        }
    )
    sources = []
    stores = []
    for name in ("a", "b"):
        config = k8s_config(leader_election={"enabled": True, "identity": name, **FAST})
        store = PolicyStore()
        stores.append(store)
        src = KubernetesSource(
            config, PoolDatastore("vllm-pool"), policies=StorePolicySink(store), api=k8s.api
        )
        await src.start()
        sources.append(src)
    a, b = sources
    try:
        await eventually(lambda: a.ready != b.ready, what="exactly one ready replica")
        leader, standby = (a, b) if a.ready else (b, a)
        assert leader.leader is not None
        assert leader.leader.is_leader
        await eventually(
            lambda: bool(
                (k8s.server.get(INFERENCE_POLICIES, "p").get("status") or {}).get("ancestors")
            ),
            what="the leader's status write",
        )
        # The standby computed the same status but holds it, pending, for when it leads.
        assert leader.policies is not None
        assert standby.policies is not None
        await eventually(
            lambda: (
                leader.policies is not None and leader.policies.status().pending_status_writes == 0
            ),
            what="the leader's writes done",
        )
        assert standby.policies.status().pending_status_writes == 1
        await leader.stop()
        await eventually(lambda: standby.ready, what="the standby to take over and be ready")
    finally:
        for src in sources:
            await src.stop()
        for store in stores:
            store.close()
