"""The informer cache and the status conditions, fed events directly (no I/O)."""

from __future__ import annotations

from typing import Any

from k8s_fake.server import merge_patch
from kinference_epp.config.kubernetes import WatchSettings
from kinference_epp.k8s.api import PODS
from kinference_epp.k8s.status import (
    CONTROLLER_NAME,
    Verdict,
    ancestor_ref,
    desired_status,
    without_entry,
)
from kinference_epp.k8s.watch import EventType, Informer, WatchTarget
from kinference_epp.resources.model import MAX_ANCESTORS


def obj(name: str, rv: str) -> dict[str, Any]:
    return {"metadata": {"name": name, "namespace": "ns", "resourceVersion": rv}}


def informer(events: list[tuple[str, str]]) -> Informer:
    inf = Informer(
        api=None,  # type: ignore[arg-type]  # never called: events are applied directly
        target=WatchTarget(PODS, "ns"),
        settings=WatchSettings(),
    )
    inf.handlers.append(lambda kind, o, _old: events.append((kind.value, o["metadata"]["name"])))
    return inf


def test_snapshot_emits_only_differences() -> None:
    events: list[tuple[str, str]] = []
    inf = informer(events)
    inf.apply_snapshot([obj("a", "1"), obj("b", "1")])
    assert events == [("ADDED", "a"), ("ADDED", "b")]
    events.clear()
    inf.apply_snapshot([obj("a", "1"), obj("b", "2"), obj("c", "3")])
    assert events == [("MODIFIED", "b"), ("ADDED", "c")]
    events.clear()
    inf.apply_snapshot([obj("c", "3")])
    assert sorted(events) == [("DELETED", "a"), ("DELETED", "b")]


def test_events_normalise_types_and_skip_repeats() -> None:
    events: list[tuple[str, str]] = []
    inf = informer(events)
    inf.apply(EventType.MODIFIED, obj("a", "1"))  # unknown object: it is an addition
    inf.apply(EventType.ADDED, obj("a", "1"))  # same version again: nothing
    inf.apply(EventType.ADDED, obj("a", "2"))  # known object: a modification
    inf.apply(EventType.DELETED, obj("x", "3"))  # unknown deletion: nothing
    inf.apply(EventType.DELETED, obj("a", "4"))
    assert events == [("ADDED", "a"), ("MODIFIED", "a"), ("DELETED", "a")]
    assert inf.objects() == []


def test_a_failing_handler_does_not_stop_the_others() -> None:
    events: list[tuple[str, str]] = []
    inf = informer([])

    def boom(*_: object) -> None:
        raise RuntimeError("boom")

    inf.handlers.insert(0, boom)
    inf.handlers.append(lambda kind, o, _old: events.append((kind.value, o["metadata"]["name"])))
    inf.apply(EventType.ADDED, obj("a", "1"))
    assert events == [("ADDED", "a")]


POOL_A = ancestor_ref("pool-a", "default", "inference.networking.k8s.io")
POOL_B = ancestor_ref("pool-b", "default", "inference.networking.k8s.io")


def test_desired_status_keeps_transition_time_while_status_holds() -> None:
    policy: dict[str, Any] = {"metadata": {"generation": 3}, "status": {}}
    first = desired_status(policy, Verdict(True, "Accepted", "ok"), POOL_A, "T1")
    assert first is not None
    (entry,) = first["ancestors"]
    assert entry["ancestorRef"] == POOL_A
    assert entry["controllerName"] == CONTROLLER_NAME
    assert entry["conditions"][0] == {
        "type": "Accepted",
        "status": "True",
        "reason": "Accepted",
        "message": "ok",
        "lastTransitionTime": "T1",
        "observedGeneration": 3,
    }
    policy["status"] = first
    assert desired_status(policy, Verdict(True, "Accepted", "ok"), POOL_A, "T2") == first
    flipped = desired_status(policy, Verdict(False, "Invalid", "bad", None), POOL_A, "T3")
    assert flipped is not None
    conditions = flipped["ancestors"][0]["conditions"]
    assert conditions[0]["lastTransitionTime"] == "T3"
    assert conditions[1]["status"] == "Unknown"


def test_each_pool_keeps_its_own_entry_and_leaves_the_others() -> None:
    foreign = {"ancestorRef": POOL_A, "controllerName": "example.com/other", "conditions": []}
    policy: dict[str, Any] = {"metadata": {"generation": 1}, "status": {"ancestors": [foreign]}}
    a = desired_status(policy, Verdict(True, "Accepted"), POOL_A, "T")
    assert a is not None
    policy["status"] = a
    b = desired_status(policy, Verdict(False, "NotApplied"), POOL_B, "T")
    assert b is not None
    assert b["ancestors"][:2] == a["ancestors"]  # another controller's and pool A's kept
    assert [e["ancestorRef"]["name"] for e in b["ancestors"]] == ["pool-a", "pool-a", "pool-b"]
    policy["status"] = b
    # Pool A's picker, seeing pool B's entry, computes no change: no write, no ping-pong.
    assert desired_status(policy, Verdict(True, "Accepted"), POOL_A, "T2") == b
    assert without_entry(policy, POOL_B) == a


def test_a_full_list_has_no_room_for_another_pool() -> None:
    full = [
        {"ancestorRef": ancestor_ref(f"p{i}", "default", "g"), "controllerName": CONTROLLER_NAME}
        for i in range(MAX_ANCESTORS)
    ]
    policy = {"metadata": {}, "status": {"ancestors": full}}
    assert desired_status(policy, Verdict(True, "Accepted"), POOL_A, "T") is None


def test_merge_patch_rfc7386() -> None:
    target = {"a": "b", "c": {"d": "e", "f": "g"}}
    patch = {"a": "z", "c": {"f": None}, "l": [1]}
    assert merge_patch(target, patch) == {"a": "z", "c": {"d": "e"}, "l": [1]}
