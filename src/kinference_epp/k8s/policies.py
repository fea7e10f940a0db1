"""InferencePolicy objects: what policies add to the watcher every kind shares
(``k8s.resources``): the sink over the picker's :class:`PolicyStore`, and where a policy
references Secrets (every ``apiKeySecretRef`` of a provider action, read by
``k8s.secrets.KubeSecrets``). An object whose references do not resolve stays ``Accepted``,
and requests that reach such a rule get ``provider_key_missing``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinference_epp.k8s.api import JsonObject
from kinference_epp.k8s.status import Verdict
from kinference_epp.policy.checks import check_policies
from kinference_epp.policy.loader import LoadedPolicy, validate_object
from kinference_epp.policy.store import PolicyStore
from kinference_epp.policy.types import SecretKey
from kinference_epp.resources.problems import errors, summary

API_KEY_SECRET_REF = "apiKeySecretRef"


def secret_refs(spec: Any) -> frozenset[SecretKey]:
    """Every ``apiKeySecretRef`` in a raw InferencePolicy spec, wherever a provider appears.

    Walks the JSON rather than the model so it needs no validation and finds references in
    every place a provider action can be (rules, ``defer.then``, ...), now and later.
    """
    found: set[SecretKey] = set()
    stack: list[Any] = [spec]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get(API_KEY_SECRET_REF)
            if isinstance(ref, dict):
                name, key = ref.get("name"), ref.get("key")
                if isinstance(name, str) and name and isinstance(key, str) and key:
                    found.add(SecretKey(name, key))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(found)


def _same_policy(a: LoadedPolicy | None, b: LoadedPolicy) -> bool:
    """Same spec (status and metadata edits do not change what is in force)."""
    return a is not None and a.policy.spec == b.policy.spec


class StorePolicySink:
    """A :class:`~kinference_epp.k8s.resources.ResourceSink` over the picker's
    :class:`PolicyStore`, object by object.

    The store takes a whole set or nothing; Kubernetes users edit one object at a time. So
    each object is validated (and checked) alone first: one that fails keeps its last good
    version in the set (or stays out if it never was good) and is reported ``Invalid``; the
    rest go to ``store.update``. If the store still refuses the set (a conflict between
    policies), nothing changes in force: objects still in force as they were stay
    ``Accepted``, changed ones it names are reported ``Conflict``, other changed ones
    ``NotApplied``.
    """

    def __init__(self, store: PolicyStore) -> None:
        self._store = store
        self._good: dict[str, LoadedPolicy] = {}
        """The version of each object that is in force now."""

    def apply(self, objects: Mapping[str, JsonObject]) -> Mapping[str, Verdict]:
        verdicts: dict[str, Verdict] = {}
        candidate: dict[str, LoadedPolicy] = {}
        for key, obj in sorted(objects.items()):
            result = validate_object(obj, key)
            problems = result if isinstance(result, list) else check_policies([result])
            if isinstance(result, LoadedPolicy) and not errors(problems):
                candidate[key] = result
                note = f" Warnings: {summary(problems)}" if problems else ""
                verdicts[key] = Verdict(True, "Accepted", "The policy is in force." + note)
                continue
            kept = self._good.get(key)
            if kept is not None:
                candidate[key] = kept
            note = (
                f"; generation {kept.policy.metadata.generation} stays in force"
                if kept is not None
                else ""
            )
            verdicts[key] = Verdict(
                False, "Invalid", summary(errors(problems)) + note, refs_resolved=None
            )
        loaded = [candidate[k] for k in sorted(candidate)]
        problems = self._store.update(loaded)
        refused = errors(problems)
        if not refused:
            self._good = candidate
            return verdicts
        blamed = {p.source for p in refused}
        for key in objects:
            unchanged = key in candidate and _same_policy(self._good.get(key), candidate[key])
            if unchanged:  # still in force as it was: the newcomer is what was refused
                continue
            if key in blamed:
                mine = [p for p in refused if p.source == key]
                verdicts[key] = Verdict(
                    False, "Conflict", summary(mine) + "; the policy set in force is unchanged"
                )
            elif verdicts[key].accepted:
                verdicts[key] = Verdict(
                    False,
                    "NotApplied",
                    f"the policy set was refused because of {', '.join(sorted(blamed))}",
                )
        return verdicts
