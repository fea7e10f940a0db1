"""The picker's own holds on an endpoint (a refused connection, an ejection) keep it unready
whatever its declared readiness says, and lift only when every hold is released."""

from __future__ import annotations

import asyncio

from kinference_epp.config.model import EndpointConfig, PoolConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.ejection import HOLD, ConnectFailureEjector
from kinference_epp.pool.endpoint import EndpointKey

A, B = EndpointKey("10.0.0.1:8000"), EndpointKey("10.0.0.2:8000")


def pool() -> PoolDatastore:
    return PoolDatastore.from_config(
        PoolConfig(
            endpoints=[
                EndpointConfig(address=str(A), models=["m"]),
                EndpointConfig(address=str(B), models=["m"]),
            ]
        )
    )


def test_a_hold_outlasts_declared_readiness() -> None:
    ds = pool()
    assert ds.hold(A, "refused") is True
    assert not ds.is_ready(A)
    assert ds.hold(A, "refused") is False  # already held: no second change
    ds.set_ready(A, True)  # Kubernetes says ready: still held
    assert not ds.is_ready(A)
    assert ds.hold(A, "ejected") is False
    assert ds.release(A, "refused") is False  # another hold remains
    assert ds.holds(A) == {"ejected"}
    assert ds.release(A, "ejected") is True
    assert ds.is_ready(A)


def test_a_released_endpoint_keeps_its_declared_unreadiness() -> None:
    ds = pool()
    ds.set_ready(A, False)
    ds.hold(A, "refused")
    assert ds.release(A, "refused") is False
    assert not ds.is_ready(A)
    ds.set_ready(A, True)
    assert ds.is_ready(A)


def test_holds_follow_the_endpoint_through_a_swap_remove() -> None:
    ds = pool()
    ds.hold(B, "refused")
    ds.remove(A)  # B moves into A's slot
    assert not ds.is_ready(B)
    assert ds.release(B, "refused") is True
    assert ds.is_ready(B)


async def test_consecutive_connect_failures_eject_for_a_while() -> None:
    ds = pool()
    changed = asyncio.Event()
    ds.watch(changed.set)
    ejector = ConnectFailureEjector(ds, threshold=3, eject_s=0.05)
    flags = "upstream_connection_failure"
    ejector.observe(served=str(A), status=503, flags=flags, attempts=1, routed=A)
    ejector.observe(served=str(A), status=200, flags="", attempts=1, routed=A)  # a success resets
    for _ in range(2):
        ejector.observe(served=str(A), status=503, flags=flags, attempts=1, routed=A)
    assert ds.is_ready(A)
    # retried away from the picker's choice: a connect failure of the choice
    ejector.observe(served=str(B), status=200, flags="", attempts=2, routed=A)
    assert ejector.ejected == {A}
    assert ds.holds(A) == {HOLD}
    changed.clear()
    async with asyncio.timeout(5):
        await changed.wait()  # released by its timer: a pool change
    assert ds.is_ready(A)
    assert ejector.ejected == frozenset()
    ejector.close()
