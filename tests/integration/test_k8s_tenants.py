"""InferenceTenant objects and their key Secrets through the real client: keys in force,
rotated and revoked without a restart, status conditions written only when they change."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from k8s_fake.cluster import Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool, secret
from kinference_epp.k8s.api import INFERENCE_POOLS, INFERENCE_TENANTS, PODS, SECRETS
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.tenancy.crd import CRD
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.keys import key_sha256
from kinference_epp.tenancy.loader import parse_tenants

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

KEY_A = "sk-team-a-0000000000000001"
KEY_B = "sk-team-a-0000000000000002"


def tenant(name: str, *, secret_name: str | None = "team-a-keys", **spec: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"limits": {"requestsPerMinute": 100}, **spec}
    if secret_name is not None:
        body["apiKeySecretRef"] = {"name": secret_name}
    return {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferenceTenant",
        "metadata": {"name": name, "namespace": "default"},
        "spec": body,
    }


def conditions(k8s: Cluster, name: str) -> dict[str, dict[str, Any]]:
    obj = k8s.server.get(INFERENCE_TENANTS, name)
    for entry in (obj.get("status") or {}).get("ancestors", []):
        if entry["ancestorRef"]["name"] == "vllm-pool":
            return {c["type"]: c for c in entry["conditions"]}
    return {}


def condition(k8s: Cluster, name: str, kind: str) -> tuple[str, str] | None:
    c = conditions(k8s, name).get(kind)
    return (c["status"], c["reason"]) if c else None


def status_writes(k8s: Cluster) -> int:
    return sum(
        1
        for r in k8s.server.requests
        if r.method in ("PATCH", "PUT")
        and r.path.endswith("/status")
        and "inferencetenants" in r.path
    )


def authenticates(directory: TenantDirectory, key: str, tenant_name: str = "team-a") -> bool:
    found = directory.by_key(key)
    return found is not None and found.name == tenant_name


@pytest.fixture
async def k8s(tmp_path: Path) -> AsyncIterator[Cluster]:
    async with cluster(tmp_path, schemas={INFERENCE_TENANTS: CRD.openapi_schema()}) as c:
        c.server.create(inference_pool("vllm-pool"))
        yield c


async def start(k8s: Cluster, directory: TenantDirectory) -> KubernetesSource:
    src = KubernetesSource(k8s_config(), PoolDatastore("vllm-pool"), api=k8s.api, tenants=directory)
    await src.start()
    assert await src.wait_synced(10.0)
    return src


@pytest.fixture
async def directory() -> TenantDirectory:
    return TenantDirectory()


@pytest.fixture
async def source(k8s: Cluster, directory: TenantDirectory) -> AsyncIterator[KubernetesSource]:
    src = await start(k8s, directory)
    yield src
    await src.stop()


async def test_a_key_from_the_secret_authenticates_and_the_status_says_loaded(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    k8s.server.create(secret("team-a-keys", {"current": key_sha256(KEY_A)}))
    k8s.server.create(tenant("team-a"))
    await eventually(lambda: authenticates(directory, KEY_A), what="the Secret's key in force")
    assert directory.by_key(KEY_B) is None
    await eventually(
        lambda: condition(k8s, "team-a", "ResolvedRefs") == ("True", "KeysLoaded"),
        what="ResolvedRefs=True KeysLoaded",
    )
    assert condition(k8s, "team-a", "Accepted") == ("True", "Accepted")
    assert directory.tenants["team-a"].name == "team-a"


async def test_rotation_adds_a_key_expires_the_old_one_and_deletion_locks_out(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    k8s.server.create(secret("team-a-keys", {"q3": key_sha256(KEY_A)}))
    k8s.server.create(tenant("team-a"))
    await eventually(lambda: authenticates(directory, KEY_A), what="the first key")
    # Both live at once: clients move over while the old key still works.
    k8s.server.replace(secret("team-a-keys", {"q3": key_sha256(KEY_A), "q4": key_sha256(KEY_B)}))
    await eventually(lambda: authenticates(directory, KEY_B), what="the new key")
    assert authenticates(directory, KEY_A)
    # The old key gets an end date: from then on it no longer authenticates.
    soon = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 1.5))
    k8s.server.replace(
        secret(
            "team-a-keys",
            {"q3": f"{key_sha256(KEY_A)} expires={soon}", "q4": key_sha256(KEY_B)},
        )
    )
    await eventually(
        lambda: not authenticates(directory, KEY_A), what="the old key expired", timeout_s=10
    )
    assert authenticates(directory, KEY_B)
    k8s.server.delete(INFERENCE_TENANTS, "team-a")
    await eventually(lambda: directory.by_key(KEY_B) is None, what="the tenant locked out")
    assert "team-a" not in directory.tenants


async def test_a_missing_secret_is_reported_then_loaded_when_created(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    k8s.server.create(tenant("team-a"))
    await eventually(
        lambda: condition(k8s, "team-a", "ResolvedRefs") == ("False", "SecretNotFound"),
        what="ResolvedRefs=False SecretNotFound",
    )
    assert condition(k8s, "team-a", "Accepted") == ("True", "Accepted")
    k8s.server.create(secret("team-a-keys", {"k": key_sha256(KEY_A), "bad": "not-a-hash"}))
    await eventually(lambda: authenticates(directory, KEY_A), what="the key once the Secret exists")
    await eventually(
        lambda: condition(k8s, "team-a", "ResolvedRefs") == ("False", "InvalidSecret"),
        what="the bad entry reported",
    )
    assert "'bad'" in conditions(k8s, "team-a")["ResolvedRefs"]["message"]
    assert "not-a-hash" not in conditions(k8s, "team-a")["ResolvedRefs"]["message"]
    k8s.server.delete(SECRETS, "team-a-keys")
    await eventually(lambda: directory.by_key(KEY_A) is None, what="the Secret's keys gone")


async def test_a_plaintext_key_in_a_cluster_object_is_invalid(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    k8s.server.create(tenant("team-a", secret_name=None, apiKeys=[{"name": "k", "value": KEY_A}]))
    await eventually(
        lambda: condition(k8s, "team-a", "Accepted") == ("False", "Invalid"),
        what="Accepted=False Invalid",
    )
    assert "plain key" in conditions(k8s, "team-a")["Accepted"]["message"]
    assert directory.by_key(KEY_A) is None


async def test_a_tenant_the_files_define_is_a_conflict_and_the_rest_stay(
    k8s: Cluster, directory: TenantDirectory
) -> None:
    loaded, _ = parse_tenants(
        "apiVersion: kinference.io/v1alpha1\nkind: InferenceTenant\n"
        "metadata: {name: team-a}\n"
        f"spec: {{apiKeys: [{{name: k, sha256: {key_sha256(KEY_B)}}}]}}\n"
    )
    assert directory.update(loaded) == []
    k8s.server.create(secret("team-a-keys", {"k": key_sha256(KEY_A)}))
    k8s.server.create(tenant("team-a"))
    k8s.server.create(
        tenant("team-b", secret_name=None, apiKeys=[{"name": "k", "sha256": key_sha256("b" * 20)}])
    )
    src = await start(k8s, directory)
    try:
        await eventually(
            lambda: condition(k8s, "team-a", "Accepted") == ("False", "Conflict"),
            what="Accepted=False Conflict",
        )
        await eventually(lambda: authenticates(directory, "b" * 20, "team-b"), what="team-b")
        assert authenticates(directory, KEY_B)  # the files' team-a is untouched
        assert directory.by_key(KEY_A) is None
    finally:
        await src.stop()


async def test_statuses_are_written_once_and_not_again_after_a_relist(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    k8s.server.create(secret("team-a-keys", {"k": key_sha256(KEY_A)}))
    k8s.server.create(tenant("team-a"))
    await eventually(
        lambda: condition(k8s, "team-a", "ResolvedRefs") == ("True", "KeysLoaded"),
        what="settled",
    )
    writes = status_writes(k8s)
    k8s.server.expire_watches()
    k8s.server.touch(SECRETS, "team-a-keys")
    await eventually(lambda: k8s.server.open_watches >= 4, what="the watches resumed")
    await eventually(lambda: authenticates(directory, KEY_A), what="still in force")
    assert status_writes(k8s) == writes


async def test_rbac_by_name_lets_the_named_secret_be_watched_and_no_other(
    k8s: Cluster, directory: TenantDirectory
) -> None:
    k8s.server.allowed_secrets = {"team-a-keys"}
    k8s.server.create(secret("team-a-keys", {"k": key_sha256(KEY_A)}))
    k8s.server.create(secret("team-b-keys", {"k": key_sha256(KEY_B)}))
    k8s.server.create(tenant("team-a"))
    k8s.server.create(tenant("team-b", secret_name="team-b-keys"))
    src = await start(k8s, directory)
    try:
        await eventually(lambda: authenticates(directory, KEY_A), what="team-a's key")
        await eventually(
            lambda: condition(k8s, "team-b", "ResolvedRefs") == ("False", "RefNotPermitted"),
            what="team-b's Secret forbidden",
        )
        assert directory.by_key(KEY_B) is None
        assert "rbac.tenantSecrets" in conditions(k8s, "team-b")["ResolvedRefs"]["message"]
    finally:
        await src.stop()


async def test_without_the_crd_the_picker_is_ready_and_tenants_are_off(tmp_path: Path) -> None:
    async with cluster(tmp_path, resources=(PODS, INFERENCE_POOLS, SECRETS)) as k8s:
        k8s.server.create(inference_pool("vllm-pool"))
        directory = TenantDirectory()
        src = KubernetesSource(
            k8s_config(), PoolDatastore("vllm-pool"), api=k8s.api, tenants=directory
        )
        await src.start()
        try:
            assert await src.wait_ready(10.0)
            assert src.tenants is not None
            assert src.tenants.unavailable == "CRDNotInstalled"
        finally:
            await src.stop()


async def test_an_invalid_edit_keeps_the_last_good_version_in_force(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    good = tenant("team-a", secret_name=None, apiKeys=[{"name": "k", "sha256": key_sha256(KEY_A)}])
    k8s.server.create(good)
    await eventually(lambda: authenticates(directory, KEY_A), what="the tenant in force")
    # Two limits of one model: pydantic refuses it, as an API server with an older CRD would not.
    bad = {**good, "spec": {**good["spec"], "limits": {"models": [{"model": "m"}, {"model": "m"}]}}}
    k8s.server.replace(bad)
    await eventually(
        lambda: condition(k8s, "team-a", "Accepted") == ("False", "Invalid"),
        what="Accepted=False Invalid",
    )
    assert "generation 1 stays in force" in conditions(k8s, "team-a")["Accepted"]["message"]
    assert authenticates(directory, KEY_A)


async def test_the_collector_counts_tenants_by_verdict_and_keys(
    k8s: Cluster, directory: TenantDirectory, source: KubernetesSource
) -> None:
    k8s.server.create(secret("team-a-keys", {"k": key_sha256(KEY_A)}))
    k8s.server.create(tenant("team-a"))
    k8s.server.create(tenant("team-b", secret_name="missing"))
    k8s.server.create(tenant("team-c", secret_name=None, apiKeys=[{"name": "k", "value": KEY_B}]))

    def samples() -> dict[tuple[str, str], float]:
        for family in source.collector().collect():
            if family.name == "kinference_kubernetes_inference_tenants":
                return {(s.labels["accepted"], s.labels["keys"]): s.value for s in family.samples}
        return {}

    want = {("true", "true"): 1.0, ("true", "false"): 1.0, ("false", "false"): 1.0}
    await eventually(lambda: samples() == want, what="one tenant of each kind")
