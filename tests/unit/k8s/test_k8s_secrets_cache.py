"""Secret references in policies and KubeSecrets' cache, over a scripted API (no I/O)."""

from __future__ import annotations

import asyncio
import base64
from typing import Any, cast

import pytest

from kinference_epp.errors import NoReadyEndpointError
from kinference_epp.k8s.api import SECRETS, ApiError, KubeApi, Resource
from kinference_epp.k8s.policies import secret_refs
from kinference_epp.k8s.resources import RefCheck, resolve_refs
from kinference_epp.k8s.secrets import KubeSecrets
from kinference_epp.k8s.status import Verdict
from kinference_epp.policy.types import SecretKey
from waits import eventually

A = SecretKey("a", "k")


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


class ScriptedApi:
    """``get`` answers from ``secrets`` (name → data, or an ApiError to raise)."""

    def __init__(self) -> None:
        self.secrets: dict[str, dict[str, str] | Exception] = {}
        self.gets: list[tuple[Resource, str, str]] = []
        self.gate: asyncio.Event | None = None

    async def get(self, resource: Resource, namespace: str, name: str) -> dict[str, Any]:
        self.gets.append((resource, namespace, name))
        if self.gate is not None:
            await self.gate.wait()
        answer = self.secrets.get(name)
        if answer is None:
            raise ApiError(404, f'secrets "{name}" not found')
        if isinstance(answer, Exception):
            raise answer
        return {"kind": "Secret", "metadata": {"name": name}, "data": answer}


def kube_secrets(api: ScriptedApi, **kwargs: Any) -> KubeSecrets:
    return KubeSecrets("ns", api=cast(KubeApi, api), **kwargs)


def test_secret_refs_are_found_wherever_a_provider_is() -> None:
    spec = {
        "rules": [
            {"action": {"provider": {"apiKeySecretRef": {"name": "a", "key": "k"}}}},
            {
                "action": {
                    "defer": {"then": {"provider": {"apiKeySecretRef": {"name": "b", "key": "t"}}}}
                }
            },
            {"action": {"provider": {"apiKeySecretRef": {"name": "", "key": "k"}}}},
            {"action": {"provider": {"apiKeySecretRef": {"name": "c"}}}},
            {"action": {"provider": {"apiKeySecretRef": "not-an-object"}}},
        ]
    }
    assert secret_refs(spec) == {A, SecretKey("b", "t")}
    assert secret_refs(None) == frozenset()


class Checks:
    def __init__(self, checks: dict[SecretKey, RefCheck]) -> None:
        self.checks = checks

    async def track(self, refs: frozenset[SecretKey]) -> None:
        pass

    def check(self, ref: SecretKey) -> RefCheck:
        return self.checks[ref]

    def subscribe(self, callback: Any) -> None:
        pass


def test_resolve_refs_reports_the_failures_first() -> None:
    ok = Verdict(True, "Accepted")
    missing = RefCheck(False, "SecretNotFound", "Secret ns/b not found")
    pending = RefCheck(None, "Pending", "Secret ns/c has not been read yet")
    b, c = SecretKey("b", "k"), SecretKey("c", "k")
    checks = Checks({A: RefCheck(True), b: missing, c: pending})
    assert resolve_refs(ok, [A], checks) == ok
    out = resolve_refs(ok, [c, b, A], checks)
    assert (out.accepted, out.refs_resolved, out.refs_reason) == (True, False, "SecretNotFound")
    assert out.refs_message == "Secret ns/b not found"
    out = resolve_refs(ok, [c, A], checks)
    assert (out.refs_resolved, out.refs_reason) == (None, "Pending")
    invalid = Verdict(False, "Invalid", "bad", refs_resolved=None)
    assert resolve_refs(invalid, [b], checks) == invalid


async def test_values_are_decoded_and_only_referenced_keys_kept() -> None:
    api = ScriptedApi()
    api.secrets["a"] = {"k": b64("sk-1\n"), "other": b64("x"), "bad": "***", "empty": b64(" ")}
    secrets = kube_secrets(api)
    refs = frozenset({A, SecretKey("a", "bad"), SecretKey("a", "empty"), SecretKey("a", "gone")})
    await secrets.track(refs)
    assert secrets.get("a", "k") == "sk-1"
    assert secrets.check(SecretKey("a", "bad")).reason == "InvalidSecret"
    assert "base64" in secrets.check(SecretKey("a", "bad")).message
    assert secrets.check(SecretKey("a", "empty")).message == "Secret ns/a key 'empty' is empty"
    gone = secrets.check(SecretKey("a", "gone"))
    assert (gone.resolved, gone.reason) == (False, "SecretNotFound")
    with pytest.raises(NoReadyEndpointError) as err:
        secrets.get("a", "other")  # present in the Secret, but no policy references it
    assert err.value.reason == "provider_key_missing"
    assert "other" not in str(secrets._known["a"].values)
    assert [g[0] for g in api.gets] == [SECRETS]
    assert secrets.status().resolved == 1
    assert secrets.status().unresolved == 3


async def test_outages_keep_values_and_definite_answers_replace_them() -> None:
    api = ScriptedApi()
    api.secrets["a"] = {"k": b64("sk-1")}
    changes: list[int] = []
    secrets = kube_secrets(api)
    secrets.subscribe(lambda: changes.append(1))
    await secrets.track(frozenset({A}))
    assert changes == [1]

    api.secrets["a"] = ApiError(503, "unavailable")
    assert not await secrets.refresh()
    api.secrets["a"] = ConnectionRefusedError("refused")
    assert not await secrets.refresh()
    assert secrets.get("a", "k") == "sk-1"
    assert secrets.status().read_errors == 2
    assert changes == [1]  # nothing the conditions show changed

    api.secrets["a"] = {"k": b64("sk-2")}
    assert await secrets.refresh()
    assert secrets.get("a", "k") == "sk-2"
    assert changes == [1]  # a rotation is not a change of status

    api.secrets["a"] = ApiError(403, "forbidden")
    assert await secrets.refresh()
    assert secrets.check(A).reason == "RefNotPermitted"
    with pytest.raises(NoReadyEndpointError, match=r"rbac\.providerSecrets"):
        secrets.get("a", "k")
    assert changes == [1, 1]


async def test_never_read_is_pending_and_untracked_names_are_forgotten() -> None:
    api = ScriptedApi()
    api.secrets["a"] = ApiError(500, "boom")
    secrets = kube_secrets(api)
    await secrets.track(frozenset({A}))
    check = secrets.check(A)
    assert (check.resolved, check.reason) == (None, "Pending")
    assert check.message == "Secret ns/a has not been read yet"
    with pytest.raises(NoReadyEndpointError, match="not been read yet"):
        secrets.get("a", "k")

    api.secrets["a"] = {"k": b64("sk-1")}
    assert await secrets.refresh()
    assert secrets.get("a", "k") == "sk-1"
    await secrets.track(frozenset())
    assert secrets._known == {}
    with pytest.raises(NoReadyEndpointError, match="not referenced"):
        secrets.get("a", "k")


async def test_a_slow_read_does_not_hold_track_and_notifies_when_done() -> None:
    api = ScriptedApi()
    api.secrets["a"] = {"k": b64("sk-1")}
    api.gate = asyncio.Event()
    changes: list[int] = []
    secrets = kube_secrets(api, track_timeout_s=0.01)
    secrets.subscribe(lambda: changes.append(1))
    await secrets.track(frozenset({A}))  # returns after the timeout
    assert secrets.check(A).resolved is None
    assert changes == [1]  # pending is news too (ResolvedRefs Unknown)
    api.gate.set()
    await eventually(lambda: len(changes) == 2, what="the notification of the finished read")
    assert secrets.get("a", "k") == "sk-1"
    assert changes == [1, 1]
    await secrets.stop()


async def test_the_refresh_loop_reads_again_and_stops() -> None:
    api = ScriptedApi()
    api.secrets["a"] = {"k": b64("sk-1")}
    secrets = kube_secrets(api, refresh_s=0.01)
    await secrets.track(frozenset({A}))
    await secrets.start()
    api.secrets["a"] = {"k": b64("sk-2")}
    await eventually(lambda: secrets.get("a", "k") == "sk-2", what="the refreshed secret")
    assert secrets.status().last_refresh is not None
    loop = secrets._task
    await secrets.stop()
    assert loop is not None
    assert loop.cancelled()  # no read can follow stop()
