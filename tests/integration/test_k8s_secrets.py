"""Provider keys from the Secrets InferencePolicy objects reference, through the real client.

The fake API server plays the cluster; the picker's KubernetesSource watches the policies, its
KubeSecrets reads the referenced Secrets by name, and the status conditions and ``get`` are
checked as a user (``kubectl get inferencepolicies``) and the request path would see them.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from k8s_fake.cluster import Cluster, cluster, eventually, k8s_config
from k8s_fake.objects import inference_pool, secret
from kinference_epp.config.model import SchedulerConfig
from kinference_epp.errors import NoReadyEndpointError
from kinference_epp.k8s.api import INFERENCE_POLICIES, SECRETS
from kinference_epp.k8s.policies import StorePolicySink
from kinference_epp.k8s.secrets import KubeSecrets
from kinference_epp.k8s.source import KubernetesSource
from kinference_epp.pipeline.runner import Rejection
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import RequestState, RoutingDecision
from kinference_epp.policy.secrets import SecretFiles
from kinference_epp.policy.store import PolicyStore
from kinference_epp.policy.types import SecretKey
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

REFRESH_S = 0.1


def provider_policy(
    name: str, secret_name: str = "openai-key", key: str = "api-key", priority: int = 0
) -> Any:
    return {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferencePolicy",
        "metadata": {"name": name, "namespace": "default"},
        "spec": {
            "scope": {"priority": priority},
            "rules": [
                {
                    "name": "cloud",
                    "action": {
                        "provider": {
                            "name": "cloud",
                            "baseURL": "http://cloud.example",
                            "model": "gpt-large",
                            "apiKeySecretRef": {"name": secret_name, "key": key},
                        }
                    },
                }
            ],
        },
    }


def conditions(k8s: Cluster, name: str, pool: str = "vllm-pool") -> dict[str, dict[str, Any]]:
    """The conditions of the policy's status entry for ``pool``."""
    obj = k8s.server.get(INFERENCE_POLICIES, name)
    for entry in (obj.get("status") or {}).get("ancestors", []):
        if entry["ancestorRef"]["name"] == pool:
            return {c["type"]: c for c in entry["conditions"]}
    return {}


def condition_is(k8s: Cluster, name: str, kind: str, status: str, reason: str) -> bool:
    cond = conditions(k8s, name).get(kind)
    return bool(cond and cond["status"] == status and cond["reason"] == reason)


def resolved(k8s: Cluster, name: str) -> bool:
    return condition_is(k8s, name, "ResolvedRefs", "True", "ResolvedRefs")


def not_found(k8s: Cluster, name: str) -> bool:
    return condition_is(k8s, name, "ResolvedRefs", "False", "SecretNotFound")


def accepted(k8s: Cluster, name: str) -> bool:
    return condition_is(k8s, name, "Accepted", "True", "Accepted")


def key_is(
    secrets: KubeSecrets, value: str, name: str = "openai-key", key: str = "api-key"
) -> bool:
    try:
        return secrets.get(name, key) == value
    except NoReadyEndpointError:
        return False


def key_missing(secrets: KubeSecrets, name: str = "openai-key", key: str = "api-key") -> bool:
    try:
        secrets.get(name, key)
    except NoReadyEndpointError as exc:
        return (exc.status, exc.reason) == (503, "provider_key_missing")
    return False


def set_key(value: str, key: str = "api-key") -> Any:
    return lambda s: s.update(data=secret("x", {key: value})["data"])


@pytest.fixture
async def k8s(tmp_path: Path) -> AsyncIterator[Cluster]:
    async with cluster(tmp_path) as c:
        c.server.create(inference_pool("vllm-pool"))
        yield c


@pytest.fixture
async def store() -> AsyncIterator[PolicyStore]:
    s = PolicyStore()
    yield s
    s.close()


async def start(
    k8s: Cluster, store: PolicyStore, fallback: SecretFiles | None = None
) -> KubernetesSource:
    src = KubernetesSource(
        k8s_config(),
        PoolDatastore("vllm-pool"),
        policies=StorePolicySink(store),
        api=k8s.api,
        secrets_fallback=fallback,
        secrets_refresh_s=REFRESH_S,
    )
    await src.start()
    assert await src.wait_synced(10.0)
    return src


@pytest.fixture
async def source(k8s: Cluster, store: PolicyStore) -> AsyncIterator[KubernetesSource]:
    src = await start(k8s, store)
    yield src
    await src.stop()


def kube_secrets(source: KubernetesSource) -> KubeSecrets:
    assert source.secrets is not None
    return source.secrets


async def test_a_key_appears_rotates_loses_its_key_and_is_deleted(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    secrets = kube_secrets(source)
    k8s.server.create(provider_policy("cloud"))

    # Referenced but absent: in force (Accepted), ResolvedRefs False, requests get a 503.
    await eventually(lambda: not_found(k8s, "cloud"), what="ResolvedRefs=False")
    assert accepted(k8s, "cloud")
    assert [p.key for p in store.active.policies] == ["default/cloud"]
    cond = conditions(k8s, "cloud")["ResolvedRefs"]
    assert cond["message"] == "Secret default/openai-key not found"
    assert cond["observedGeneration"] == 1
    assert key_missing(secrets)
    status = source.status()
    assert status.policies is not None
    assert status.policies.unresolved == 1
    assert status.secrets is not None
    assert status.secrets.unresolved == 1

    # The Secret is created: the next refresh reads it, ResolvedRefs turns True.
    k8s.server.create(secret("openai-key", {"api-key": "sk-1\n", "unrelated": "x"}))
    await eventually(lambda: key_is(secrets, "sk-1"), what="the key")
    await eventually(lambda: resolved(k8s, "cloud"), what="ResolvedRefs=True")
    assert accepted(k8s, "cloud")
    with pytest.raises(NoReadyEndpointError):  # an unreferenced key of the same Secret
        secrets.get("openai-key", "unrelated")

    # Rotated: the new value after a refresh, and no status write for it.
    writes = len([r for r in k8s.server.requests if r.path.endswith("/status")])
    k8s.server.update(SECRETS, "openai-key", set_key("sk-2"))
    await eventually(lambda: key_is(secrets, "sk-2"), what="the rotated key")
    assert len([r for r in k8s.server.requests if r.path.endswith("/status")]) == writes

    # The key disappears from the Secret: the message names it.
    k8s.server.update(SECRETS, "openai-key", set_key("other", key="renamed"))
    await eventually(lambda: not_found(k8s, "cloud"), what="ResolvedRefs=False (key)")
    message = conditions(k8s, "cloud")["ResolvedRefs"]["message"]
    assert message == "Secret default/openai-key has no key 'api-key'"
    assert key_missing(secrets)

    k8s.server.update(SECRETS, "openai-key", set_key("sk-3"))
    await eventually(lambda: resolved(k8s, "cloud"), what="ResolvedRefs=True again")
    assert key_is(secrets, "sk-3")

    # The Secret is deleted.
    k8s.server.delete(SECRETS, "openai-key")
    await eventually(lambda: not_found(k8s, "cloud"), what="ResolvedRefs=False (deleted)")
    assert key_missing(secrets)
    assert accepted(k8s, "cloud")
    assert [p.key for p in store.active.policies] == ["default/cloud"]


async def test_a_new_reference_is_read_before_its_policy_is_in_force(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    secrets = kube_secrets(source)
    k8s.server.create(secret("openai-key", {"api-key": "sk-1"}))
    k8s.server.create(provider_policy("cloud"))
    await eventually(lambda: bool(store.active.policies), what="the policy in force")
    assert secrets.get("openai-key", "api-key") == "sk-1"  # at once, no refresh waited for

    # An edit to another Secret: read before the new version goes into force.
    k8s.server.create(secret("anthropic-key", {"token": "ak-1"}))
    k8s.server.update(
        INFERENCE_POLICIES,
        "cloud",
        lambda p: p["spec"]["rules"][0]["action"]["provider"].update(
            apiKeySecretRef={"name": "anthropic-key", "key": "token"}
        ),
    )

    def edited() -> bool:
        ref = store.active.policies[0].source.spec.rules[0].action.provider
        return (
            ref is not None
            and ref.api_key_secret_ref is not None
            and (ref.api_key_secret_ref.name == "anthropic-key")
        )

    await eventually(edited, what="the edit in force")
    assert secrets.get("anthropic-key", "token") == "ak-1"
    await eventually(lambda: key_missing(secrets), what="the old reference dropped")

    # The policy is deleted: nothing is referenced any more.
    k8s.server.delete(INFERENCE_POLICIES, "cloud")
    await eventually(lambda: not store.active.policies, what="the policy out of force")
    await eventually(lambda: key_missing(secrets, "anthropic-key", "token"), what="dropped")
    assert kube_secrets(source).status().references == 0


async def test_an_api_outage_keeps_the_last_known_keys(
    k8s: Cluster, source: KubernetesSource
) -> None:
    secrets = kube_secrets(source)
    k8s.server.create(secret("openai-key", {"api-key": "sk-1"}))
    k8s.server.create(provider_policy("cloud"))
    await eventually(lambda: resolved(k8s, "cloud"), what="ResolvedRefs=True")
    errors_before = secrets.status().read_errors

    await k8s.server.go_down()
    # While down, the Secret is deleted: the picker cannot know, and keeps serving the key.
    k8s.server.delete(SECRETS, "openai-key")
    await eventually(
        lambda: secrets.status().read_errors >= errors_before + 2, what="failed refreshes"
    )
    assert secrets.get("openai-key", "api-key") == "sk-1"
    assert secrets.check(SecretKey("openai-key", "api-key")).resolved is True
    assert source.status().secrets is not None

    await k8s.server.come_back()
    await eventually(lambda: key_missing(secrets), what="the deletion seen")
    await eventually(lambda: not_found(k8s, "cloud"), what="ResolvedRefs=False")

    # A transient 500 is an outage too: values kept.
    k8s.server.create(secret("openai-key", {"api-key": "sk-2"}))
    await eventually(lambda: key_is(secrets, "sk-2"), what="the key again")
    k8s.server.fail_next(3, 500)
    await eventually(lambda: not k8s.server.pending_failures, what="the failures consumed")
    assert secrets.get("openai-key", "api-key") == "sk-2"
    await eventually(lambda: resolved(k8s, "cloud"), what="ResolvedRefs=True")


async def test_only_named_secrets_are_read(k8s: Cluster, source: KubernetesSource) -> None:
    secrets = kube_secrets(source)
    k8s.server.allowed_secrets = {"openai-key"}  # the Role's resourceNames
    k8s.server.create(secret("openai-key", {"api-key": "sk-1"}))
    k8s.server.create(secret("not-granted", {"api-key": "nope"}))
    k8s.server.create(provider_policy("cloud"))
    k8s.server.create(provider_policy("other", secret_name="not-granted", priority=1))
    await eventually(lambda: resolved(k8s, "cloud"), what="ResolvedRefs=True")
    await eventually(
        lambda: condition_is(k8s, "other", "ResolvedRefs", "False", "RefNotPermitted"),
        what="RefNotPermitted",
    )
    assert "rbac.providerSecrets" in conditions(k8s, "other")["ResolvedRefs"]["message"]
    assert accepted(k8s, "other")
    assert key_missing(secrets, "not-granted")
    assert secrets.get("openai-key", "api-key") == "sk-1"

    touching = [r for r in k8s.server.requests if "/secrets" in r.path]
    assert touching
    for request in touching:
        assert request.method == "GET"
        assert request.path.rsplit("/", 1)[1] in ("openai-key", "not-granted"), request.path
        assert "watch" not in request.query


async def test_requests_through_the_pipeline(
    k8s: Cluster, source: KubernetesSource, store: PolicyStore
) -> None:
    secrets = kube_secrets(source)
    metrics = PickerMetrics()
    pipeline = build_pipeline(
        StageDeps(
            datastore=source.datastore,
            scheduler=Scheduler(SchedulerConfig(seed=1), source.datastore),
            metrics=metrics,
            policies=store,
            pool_name="vllm-pool",
            tenant_header="x-tenant",
            secrets=secrets,
        )
    )

    def ctx() -> RequestState:
        body = {"model": "qwen3", "messages": [{"role": "user", "content": "hi"}]}
        return RequestState(
            headers={":path": "/v1/chat/completions", ":method": "POST", "x-request-id": "r"},
            body=json.dumps(body).encode(),
        )

    k8s.server.create(provider_policy("cloud"))
    await eventually(lambda: not_found(k8s, "cloud"), what="ResolvedRefs=False")
    outcome = pipeline.run(ctx())
    assert isinstance(outcome, Rejection)
    assert (outcome.error.status, outcome.error.reason) == (503, "provider_key_missing")

    k8s.server.create(secret("openai-key", {"api-key": "sk-1"}))
    await eventually(lambda: key_is(secrets, "sk-1"), what="the key")
    decision = pipeline.run(ctx())
    assert isinstance(decision, RoutingDecision)
    assert dict(decision.headers)["authorization"] == "Bearer sk-1"


async def test_keys_no_watched_policy_references_come_from_the_fallback(
    k8s: Cluster, store: PolicyStore, tmp_path: Path
) -> None:
    (tmp_path / "mounted" / "file-key").mkdir(parents=True)
    (tmp_path / "mounted" / "file-key" / "token").write_text("from-file\n")
    src = await start(k8s, store, fallback=SecretFiles(tmp_path / "mounted"))
    try:
        secrets = kube_secrets(src)
        assert secrets.get("file-key", "token") == "from-file"
        k8s.server.create(provider_policy("cloud"))
        await eventually(lambda: not_found(k8s, "cloud"), what="ResolvedRefs=False")
        assert key_missing(secrets)  # referenced: Kubernetes is the authority, no fallback
    finally:
        await src.stop()
