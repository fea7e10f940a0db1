"""The status each pool's picker writes on the objects it watches (policies, tenants): its own
entry in ``status.ancestors`` (Gateway API's policy status: an ``ancestorRef`` naming the
InferencePool, ``controllerName``, conditions ``Accepted`` and ``ResolvedRefs``), every other
entry (other pools, other controllers) kept as it is and where it is.

Pure functions of the object as last seen and a :class:`Verdict`: replicas agree without
coordination, because a condition's ``lastTransitionTime`` is kept from the object whenever its
status is unchanged, so a second replica computes exactly what the first wrote and does not
write at all. The writes themselves are ``k8s.resources``'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kinference_epp.k8s.api import JsonObject
from kinference_epp.resources.model import MAX_ANCESTORS

ACCEPTED = "Accepted"
RESOLVED_REFS = "ResolvedRefs"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a sink made of one object; becomes its two status conditions."""

    accepted: bool
    reason: str
    """CamelCase, e.g. ``Accepted``, ``Invalid``."""
    message: str = ""
    refs_resolved: bool | None = True
    """None: unknown (an object that does not validate has no refs to resolve)."""
    refs_reason: str = "ResolvedRefs"
    refs_message: str = ""


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _condition(
    kind: str,
    ok: bool | None,
    reason: str,
    message: str,
    generation: int | None,
    previous: Mapping[str, Any] | None,
    now: str,
) -> JsonObject:
    status = "Unknown" if ok is None else "True" if ok else "False"
    same = previous is not None and previous.get("status") == status
    condition: JsonObject = {
        "type": kind,
        "status": status,
        "reason": reason,
        "message": message,
        "lastTransitionTime": (previous or {}).get("lastTransitionTime") if same else now,
    }
    if generation is not None:
        condition["observedGeneration"] = generation
    return condition


CONTROLLER_NAME = "kinference.io/epp"
"""``controllerName`` of the status entries this picker writes."""


def ancestor_ref(pool: str, namespace: str, group: str) -> JsonObject:
    """The ``ancestorRef`` of this picker's status entries: its InferencePool."""
    return {"group": group, "kind": "InferencePool", "name": pool, "namespace": namespace}


def ours(entry: Any, ref: Mapping[str, Any]) -> bool:
    return (
        isinstance(entry, dict)
        and entry.get("controllerName") == CONTROLLER_NAME
        and entry.get("ancestorRef") == ref
    )


def desired_status(
    obj: Mapping[str, Any], verdict: Verdict, ref: Mapping[str, Any], now: str
) -> JsonObject | None:
    """The status this picker wants on ``obj``: its own pool's entry in ``status.ancestors``
    made from ``verdict``, every other entry (other pools, other controllers) kept as it is
    and where it is; equal to the current status when nothing changed. None when the list is
    full of other entries (Gateway API's bound)."""
    generation = (obj.get("metadata") or {}).get("generation")
    ancestors = (obj.get("status") or {}).get("ancestors") or []
    if not isinstance(ancestors, list):
        ancestors = []
    mine = next((a for a in ancestors if ours(a, ref)), None)
    current = {c.get("type"): c for c in (mine or {}).get("conditions") or []}
    entry: JsonObject = {
        "ancestorRef": dict(ref),
        "controllerName": CONTROLLER_NAME,
        "conditions": [
            _condition(
                ACCEPTED,
                verdict.accepted,
                verdict.reason,
                verdict.message,
                generation,
                current.get(ACCEPTED),
                now,
            ),
            _condition(
                RESOLVED_REFS,
                verdict.refs_resolved,
                verdict.refs_reason,
                verdict.refs_message,
                generation,
                current.get(RESOLVED_REFS),
                now,
            ),
        ],
    }
    if mine is not None:
        return {"ancestors": [entry if a is mine else a for a in ancestors]}
    if len(ancestors) >= MAX_ANCESTORS:
        return None
    return {"ancestors": [*ancestors, entry]}


def without_entry(obj: Mapping[str, Any], ref: Mapping[str, Any]) -> JsonObject:
    """``obj``'s status without this picker's entry (the policy no longer applies to its
    pool)."""
    ancestors = (obj.get("status") or {}).get("ancestors") or []
    return {"ancestors": [a for a in ancestors if not ours(a, ref)]}


def status_equal(a: Mapping[str, Any] | None, b: Mapping[str, Any]) -> bool:
    return (a or {}).get("ancestors") == b.get("ancestors")
