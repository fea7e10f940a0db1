"""Fake pools for the scheduling tests: one row per endpoint, put into a real datastore."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot


@dataclass(frozen=True)
class Row:
    """A fake endpoint ``10.0.0.<n>:8000``: its models and load."""

    n: int
    models: tuple[str, ...] = ("m",)
    waiting: float = 0.0
    running: float = 0.0
    kv: float = 0.0
    ready: bool = True
    stale: bool = False
    num_gpu_blocks: int | None = None
    block_size: int | None = None

    @property
    def key(self) -> EndpointKey:
        return key(self.n)


def key(n: int) -> EndpointKey:
    return EndpointKey(f"10.0.0.{n}:8000")


def build_pool(rows: Sequence[Row]) -> PoolDatastore:
    store = PoolDatastore()
    for row in rows:
        store.upsert(
            Endpoint(
                key=row.key, models=frozenset(row.models), metrics_url=f"http://{row.key}/metrics"
            ),
            ready=row.ready,
        )
        store.update_load(
            row.key,
            LoadSnapshot(
                running=row.running,
                waiting=row.waiting,
                kv_usage=row.kv,
                num_gpu_blocks=row.num_gpu_blocks,
                block_size=row.block_size,
            ),
        )
        if row.stale:
            store.mark_stale(row.key)
    return store


def keys(*ns: int) -> tuple[EndpointKey, ...]:
    return tuple(key(n) for n in ns)
