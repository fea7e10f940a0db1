"""InferenceTenant objects put in force, with the keys of their Secrets.

The watch, the coalescing and the status writes are every kind's
(:class:`~kinference_epp.k8s.resources.ResourceWatcher` over ``inferencetenants``): each pool's
picker keeps its own entry in ``status.ancestors``, written only when it changes, with two
conditions: ``Accepted`` (the spec validates: limits, keys, budget; ``Invalid`` or
``Conflict`` otherwise, with the errors) and ``ResolvedRefs`` (the keys are loaded:
``KeysLoaded``, or why not, from :class:`~kinference_epp.k8s.tenant_secrets.TenantKeySecrets`).

:class:`TenantSink` validates each object alone, as a cluster object (no plaintext ``value``
keys), keeps the last good version of one whose edit is invalid, refuses one whose name or a
key another source (the static files) already holds, and hands the rest, with the key hashes
read from their Secrets, to the :class:`~kinference_epp.tenancy.directory.TenantDirectory`
as its ``cluster`` source. A Secret change re-applies the whole set, so a rotated key is in
force as soon as the Secret's watch event arrives; a deleted tenant's keys stop at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.k8s.api import INFERENCE_TENANTS, JsonObject, KubeApi
from kinference_epp.k8s.resources import ResourceWatcher
from kinference_epp.k8s.status import Verdict
from kinference_epp.k8s.tenant_secrets import KEYS_LOADED, TenantKeySecrets, tenant_secret_refs
from kinference_epp.resources.problems import errors, summary
from kinference_epp.tenancy.directory import CLUSTER, TenantDirectory
from kinference_epp.tenancy.keys import KeyEntry, key_digest
from kinference_epp.tenancy.loader import LoadedTenant, validate_cluster_object

log = logging.getLogger(__name__)


def _inline_digests(lt: LoadedTenant) -> list[bytes]:
    return [
        bytes.fromhex(k.sha256) if k.sha256 else key_digest(k.value or "")
        for k in lt.tenant.spec.api_keys
    ]


class TenantSink:
    """A :class:`~kinference_epp.k8s.resources.ResourceSink` over the tenant directory."""

    def __init__(self, directory: TenantDirectory, secrets: TenantKeySecrets) -> None:
        self._directory = directory
        self._secrets = secrets
        self._good: dict[str, LoadedTenant] = {}

    def _secret_entries(self, lt: LoadedTenant) -> list[KeyEntry]:
        ref = lt.tenant.spec.api_key_secret_ref
        parsed = self._secrets.keys(ref.name) if ref is not None else None
        if parsed is None:
            return []
        return [KeyEntry(k.digest, lt.tenant.name, k.name, k.expires) for k in parsed.keys]

    def apply(self, objects: Mapping[str, JsonObject]) -> Mapping[str, Verdict]:
        verdicts: dict[str, Verdict] = {}
        names, digests = self._directory.claimed(besides=CLUSTER)
        loaded: list[LoadedTenant] = []
        secret_keys: dict[str, list[KeyEntry]] = {}
        good: dict[str, LoadedTenant] = {}
        for key, obj in sorted(objects.items()):
            result = validate_cluster_object(obj, key)
            invalid = ""
            if isinstance(result, list):
                kept = self._good.get(key)
                note = (
                    f"; generation {kept.tenant.metadata.generation} stays in force"
                    if kept is not None
                    else ""
                )
                invalid = summary(errors(result) or result) + note
                if kept is None:
                    verdicts[key] = Verdict(False, "Invalid", invalid, refs_resolved=None)
                    continue
                result = kept
            entries = self._secret_entries(result)
            clash = self._clash(result, entries, names, digests)
            if clash:
                verdicts[key] = Verdict(False, "Conflict", clash, refs_resolved=None)
                continue
            names.add(result.tenant.name)
            for d in _inline_digests(result) + [e.digest for e in entries]:
                digests[d] = result.tenant.name
            loaded.append(result)
            good[key] = result
            secret_keys[result.tenant.name] = entries
            keys = len(result.tenant.spec.api_keys) + len(entries)
            verdicts[key] = (
                Verdict(False, "Invalid", invalid, refs_resolved=None)
                if invalid
                else Verdict(
                    True,
                    "Accepted",
                    "The tenant is in force: limits and keys are valid.",
                    refs_reason=KEYS_LOADED,
                    refs_message=f"{keys} key(s) loaded",
                )
            )
        problems = self._directory.update(loaded, source=CLUSTER, secret_keys=secret_keys)
        if errors(problems):
            log.error("the InferenceTenant set was refused: %s", summary(errors(problems)))
            message = "the tenant set was refused: " + summary(errors(problems))
            return {k: Verdict(False, "NotApplied", message) for k in objects}
        self._good = good
        return verdicts

    @staticmethod
    def _clash(
        lt: LoadedTenant, entries: list[KeyEntry], names: set[str], digests: Mapping[bytes, str]
    ) -> str:
        name = lt.tenant.name
        if name in names:
            return f"tenant {name!r} is also defined in the tenant files"
        inline = zip(lt.tenant.spec.api_keys, _inline_digests(lt), strict=True)
        for key_name, digest in [(k.name, d) for k, d in inline] + [
            (e.name, e.digest) for e in entries
        ]:
            other = digests.get(digest)
            if other is not None and other != name:
                return f"key {key_name!r} is also a key of tenant {other!r}"
        return ""


def tenant_watcher(
    api: KubeApi,
    directory: TenantDirectory,
    secrets: TenantKeySecrets,
    config: KubernetesConfig,
    namespace: str,
    *,
    on_change: Callable[[], None] | None = None,
    pool_group: Callable[[], str | None] | None = None,
    may_write: Callable[[], bool] | None = None,
) -> ResourceWatcher:
    """The watcher of InferenceTenant objects (the other arguments: ResourceWatcher's)."""
    return ResourceWatcher(
        api,
        TenantSink(directory, secrets),
        config,
        namespace,
        secrets=secrets,
        resource=INFERENCE_TENANTS,
        refs_of=tenant_secret_refs,
        reapply_on_secrets=True,
        on_change=on_change,
        pool_group=pool_group,
        may_write=may_write,
    )
