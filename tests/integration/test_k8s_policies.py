"""InferencePolicy objects through the real client: fed to the PolicyStore, status written back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from k8s_fake.cluster import Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool
from kinference_epp.k8s.api import INFERENCE_POLICIES
from kinference_epp.k8s.policies import StorePolicySink
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.policy.store import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]


def policy(
    name: str,
    *,
    candidates: tuple[str, ...] = ("qwen3",),
    pools: tuple[str, ...] = (),
    priority: int = 0,
) -> dict[str, Any]:
    return {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferencePolicy",
        "metadata": {"name": name, "namespace": "default"},
        "spec": {
            "scope": {"poolRefs": [{"name": p} for p in pools], "priority": priority},
            "rules": [{"name": "all", "action": {"route": {"candidates": list(candidates)}}}],
        },
    }


def conditions(k8s: Cluster, name: str, pool: str = "vllm-pool") -> dict[str, dict[str, Any]]:
    """The conditions of the policy's status entry for ``pool``."""
    obj = k8s.server.get(INFERENCE_POLICIES, name)
    for entry in (obj.get("status") or {}).get("ancestors", []):
        if entry["ancestorRef"]["name"] == pool:
            return {c["type"]: c for c in entry["conditions"]}
    return {}


def status_writes(k8s: Cluster, name: str | None = None) -> list[Any]:
    return [
        r
        for r in k8s.server.requests
        if r.method in ("PATCH", "PUT")
        and r.path.endswith("/status")
        and (name is None or f"/{name}/" in r.path)
    ]


def in_force(store: PolicyStore) -> dict[str, tuple[str, ...]]:
    """key → the first rule's route candidates, per policy in force."""
    out = {}
    for p in store.active.policies:
        route = p.source.spec.rules[0].action.route
        out[p.key] = tuple(route.candidates) if route else ()
    return out


@pytest.fixture
async def k8s(tmp_path: Path) -> AsyncIterator[Cluster]:
    async with cluster(tmp_path) as c:
        c.server.create(inference_pool("vllm-pool"))
        c.server.create(policy("route-all"))
        yield c


async def start(k8s: Cluster, store: PolicyStore) -> KubernetesSource:
    src = KubernetesSource(
        k8s_config(), PoolDatastore("vllm-pool"), policies=StorePolicySink(store), api=k8s.api
    )
    await src.start()
    assert await src.wait_synced(10.0)
    return src


@pytest.fixture
async def store() -> AsyncIterator[PolicyStore]:
    s = PolicyStore()
    yield s
    s.close()


@pytest.fixture
async def source(k8s: Cluster, store: PolicyStore) -> AsyncIterator[KubernetesSource]:
    src = await start(k8s, store)
    yield src
    await src.stop()


def accepted(k8s: Cluster, name: str, generation: int, value: str = "True") -> bool:
    cond = conditions(k8s, name).get("Accepted")
    return bool(cond and cond["status"] == value and cond["observedGeneration"] == generation)


async def test_a_valid_policy_is_applied_and_marked_accepted(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    await eventually(lambda: accepted(k8s, "route-all", 1), what="Accepted=True")
    assert in_force(store) == {"default/route-all": ("qwen3",)}
    conds = conditions(k8s, "route-all")
    assert conds["Accepted"]["reason"] == "Accepted"
    assert conds["ResolvedRefs"]["status"] == "True"
    assert conds["Accepted"]["lastTransitionTime"].endswith("Z")
    obj = k8s.server.get(INFERENCE_POLICIES, "route-all")
    (entry,) = obj["status"]["ancestors"]
    assert entry["ancestorRef"] == {
        "group": "inference.networking.k8s.io",
        "kind": "InferencePool",
        "name": "vllm-pool",
        "namespace": "default",
    }
    assert entry["controllerName"] == "kinference.io/epp"
    writes = status_writes(k8s)
    assert len(writes) == 1
    assert writes[0].method == "PATCH"
    assert writes[0].content_type == "application/merge-patch+json"
    status = source.status()
    assert status.policies is not None
    assert status.policies.accepted == 1
    assert status.policies.rejected == 0


async def test_edits_invalid_objects_and_deletion(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    await eventually(lambda: accepted(k8s, "route-all", 1), what="Accepted=True")
    first_transition = conditions(k8s, "route-all")["Accepted"]["lastTransitionTime"]

    # A valid edit: applied, observedGeneration follows, the transition time does not move.
    k8s.server.update(
        INFERENCE_POLICIES,
        "route-all",
        lambda p: p["spec"]["rules"][0]["action"]["route"].update(candidates=["llama"]),
    )
    await eventually(lambda: accepted(k8s, "route-all", 2), what="generation 2 accepted")
    assert in_force(store) == {"default/route-all": ("llama",)}
    assert conditions(k8s, "route-all")["Accepted"]["lastTransitionTime"] == first_transition

    # An invalid edit: reported, and the last good version stays in force.
    k8s.server.update(
        INFERENCE_POLICIES, "route-all", lambda p: p["spec"]["rules"][0].update(action={})
    )
    await eventually(lambda: accepted(k8s, "route-all", 3, "False"), what="Accepted=False")
    cond = conditions(k8s, "route-all")["Accepted"]
    assert cond["reason"] == "Invalid"
    assert "exactly one of" in cond["message"]
    assert "generation 2 stays in force" in cond["message"]
    assert conditions(k8s, "route-all")["ResolvedRefs"]["status"] == "Unknown"
    assert in_force(store) == {"default/route-all": ("llama",)}
    assert source.status().policies is not None

    # A new object that was never valid stays out; the good one is untouched.
    broken = policy("broken")
    broken["spec"]["rules"] = []
    k8s.server.create(broken)
    await eventually(lambda: accepted(k8s, "broken", 1, "False"), what="broken rejected")
    assert set(in_force(store)) == {"default/route-all"}

    # Fixing it brings it in.
    k8s.server.update(
        INFERENCE_POLICIES, "broken", lambda p: p.update(spec=policy("x", priority=5)["spec"])
    )
    await eventually(lambda: accepted(k8s, "broken", 2), what="fixed policy accepted")
    assert set(in_force(store)) == {"default/route-all", "default/broken"}

    k8s.server.delete(INFERENCE_POLICIES, "broken")
    await eventually(lambda: set(in_force(store)) == {"default/route-all"}, what="deletion")


async def test_conflicting_policies_leave_the_set_in_force_unchanged(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    await eventually(lambda: accepted(k8s, "route-all", 1), what="Accepted=True")
    # Two Enforce policies with one priority over the same pool: the store refuses the set.
    k8s.server.create(policy("twin"))
    await eventually(lambda: accepted(k8s, "twin", 1, "False"), what="twin refused")
    reasons = {conditions(k8s, "twin")["Accepted"]["reason"]}
    assert reasons <= {"Conflict", "NotApplied"}
    assert in_force(store) == {"default/route-all": ("qwen3",)}
    assert accepted(k8s, "route-all", 1)  # what is in force stays marked so


async def test_status_is_written_only_when_it_changes(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    await eventually(lambda: accepted(k8s, "route-all", 1), what="Accepted=True")
    # A relist (410) and a label-only edit must not rewrite an unchanged status.
    k8s.server.create(inference_pool("noise"))
    k8s.server.compact()
    k8s.server.expire_watches()
    policies = source.status().policies
    assert policies is not None
    watch = policies.watch
    assert watch is not None
    await eventually(lambda: watch.relists >= 1, what="relist")
    k8s.server.update(
        INFERENCE_POLICIES, "route-all", lambda p: p["metadata"].update(labels={"team": "a"})
    )
    k8s.server.create(policy("other-pool", pools=("elsewhere",)))
    k8s.server.create(policy("sentinel", priority=7))
    await eventually(lambda: accepted(k8s, "sentinel", 1), what="a later write")
    assert len(status_writes(k8s, "route-all")) == 1
    assert status_writes(k8s, "other-pool") == []  # another pool's policy is not ours to mark
    assert set(in_force(store)) == {"default/route-all", "default/sentinel"}


async def test_status_writes_survive_an_outage(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    await eventually(lambda: accepted(k8s, "route-all", 1), what="Accepted=True")
    k8s.server.fail_next(2, 503)  # the first status write attempts fail
    k8s.server.create(policy("late", priority=3))
    await eventually(lambda: accepted(k8s, "late", 1), what="status written after retries")
    await k8s.server.go_down()
    await eventually(lambda: not source.status().connected, what="disconnected")
    assert set(in_force(store)) == {"default/route-all", "default/late"}  # policies stay
    k8s.server.update(INFERENCE_POLICIES, "late", lambda p: p["spec"]["scope"].update(priority=4))
    await k8s.server.come_back()
    await eventually(lambda: accepted(k8s, "late", 2), what="the edit made during the outage")


async def test_two_replicas_agree_and_do_not_fight_over_status(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    other_store = PolicyStore()
    other = await start(k8s, other_store)
    try:
        await eventually(lambda: accepted(k8s, "route-all", 1), what="Accepted=True")
        k8s.server.update(
            INFERENCE_POLICIES, "route-all", lambda p: p["spec"]["rules"][0].update(action={})
        )
        await eventually(lambda: accepted(k8s, "route-all", 2, "False"), what="both see it")
        k8s.server.create(policy("sentinel", priority=7))
        await eventually(lambda: accepted(k8s, "sentinel", 1), what="a later write")
        both = {"default/route-all", "default/sentinel"}
        await eventually(
            lambda: set(in_force(other_store)) == both == set(in_force(store)),
            what="both replicas' sets",
        )
        assert in_force(store) == in_force(other_store)
        # One write per real transition, whichever replica got there first; never a ping-pong.
        assert len(status_writes(k8s, "route-all")) <= 4
        snapshot = conditions(k8s, "route-all")
        assert snapshot["Accepted"]["reason"] == "Invalid"
    finally:
        await other.stop()
        other_store.close()


async def test_pickers_of_two_pools_keep_their_own_status_entries(
    k8s: Cluster, source: KubernetesSource
) -> None:
    """A policy without poolRefs governs both pools of the namespace: each picker writes its
    own entry, neither removes the other's, and the writes stop (no ping-pong)."""
    k8s.server.create(inference_pool("other-pool"))
    other_store = PolicyStore()
    other = KubernetesSource(
        k8s_config("other-pool"),
        PoolDatastore("other-pool"),
        policies=StorePolicySink(other_store),
        api=k8s.api,
    )
    await other.start()
    try:
        assert await other.wait_synced(10.0)

        def both() -> bool:
            return bool(conditions(k8s, "route-all").get("Accepted")) and bool(
                conditions(k8s, "route-all", "other-pool").get("Accepted")
            )

        await eventually(both, what="an entry per pool")
        settled = len(status_writes(k8s, "route-all"))
        k8s.server.create(policy("sentinel", pools=(), priority=7))
        await eventually(
            lambda: bool(conditions(k8s, "sentinel", "other-pool").get("Accepted")),
            what="a later write by the other picker",
        )
        assert len(status_writes(k8s, "route-all")) == settled  # nothing more to write
        assert settled <= 2 + k8s.server.conflicts  # one each, and a retry per lost race
        assert both()
        # A policy narrowed to one pool loses the other pool's entry.
        k8s.server.update(
            INFERENCE_POLICIES,
            "route-all",
            lambda p: p["spec"]["scope"].update(poolRefs=[{"name": "vllm-pool"}]),
        )
        await eventually(
            lambda: not conditions(k8s, "route-all", "other-pool"),
            what="the other pool's entry taken off",
        )
        assert conditions(k8s, "route-all")["Accepted"]["status"] == "True"
    finally:
        await other.stop()
        other_store.close()
