"""The flow control wiring (``config.flow_control``): saturated requests wait, fair share.

The gate holds a request while a dry-run pick says the pool cannot take it, and looks again
when a pod's load is read afresh (a sign capacity may have freed). With tenants in a shared
Redis store, the fair share counters are exchanged with the other replicas through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from kinference_epp.config.model import EppConfig
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.metrics import FlowMetrics
from kinference_epp.fairness.shared import ServiceSync, shared_counters
from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.metrics import PickerMetrics

if TYPE_CHECKING:
    from kinference_epp.app.tenancy import TenantWiring


def build_flow(
    config: EppConfig,
    metrics: PickerMetrics,
    datastore: PoolDatastore,
    scheduler: Scheduler,
    tenancy: TenantWiring | None,
) -> tuple[FlowControl | None, ServiceSync | None]:
    """Flow control and its exchange with the other replicas; (None, None) without
    ``config.flow_control``, and no exchange without a Redis limit store."""
    if config.flow_control is None:
        return None, None

    def probe(req: SchedulingRequest) -> None:
        """A dry-run pick (raises ``PoolSaturatedError`` while the pool cannot take it)."""
        scheduler.schedule(msgspec.structs.replace(req, dry_run=True))

    label = tenancy.metrics.label if tenancy is not None else lambda t: t
    flow = FlowControl(
        FlowGate(
            config.flow_control,
            probe,
            observer=FlowMetrics(metrics, config.pool.name, label),
        )
    )
    datastore.watch(flow.gate.pool_changed)
    redis = tenancy.redis_store if tenancy is not None else None
    if tenancy is None or redis is None:
        return flow, None
    sync = shared_counters(flow.gate.queue, redis, config.flow_control, tenancy.redis_timeout_s)
    return flow, sync
