"""The tenancy wiring: what the picker builds when the config has a ``tenancy`` section.

The tenant files (kept in force in the shared :class:`TenantDirectory`), the limit store
(Redis when configured, else in memory), the usage meter with its ledger, sink and flusher,
the sweep of reservations whose usage never came, the settler that charges finished
requests, and the :class:`TenancyDeps` the request pipeline reads. With Redis, which pod
holds each stored Responses answer is shared through it too (:attr:`response_homes`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError
from kinference_epp.pipeline.response_homes import ResponseHomes
from kinference_epp.pipeline.settle import TenantSettler
from kinference_epp.pipeline.tenants import TenancyDeps
from kinference_epp.resources.files import ResourceFiles
from kinference_epp.resources.problems import errors
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.loader import TENANT_KIND, LoadedTenant
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.metrics import TenantMetrics
from kinference_epp.tenancy.store import LimitStore, Reservation
from kinference_epp.tenancy.sweeper import Sweeper
from kinference_epp.tenancy.usage import Pricing, UsageLedger
from kinference_epp.tenancy.usage_sinks import FileSink, NoSink, RedisSink, UsageFlusher, UsageSink

if TYPE_CHECKING:
    from kinference_epp.tenancy.redis_store import RedisStore

log = logging.getLogger(__name__)


class TenantWiring:
    """Tenants' limits, usage and files, built from ``config.tenancy`` (see the module).

    ``directory`` is the picker's tenant directory (the Kubernetes side fills its ``cluster``
    source); ``model_of`` names a request's model for the usage metrics. Raises
    :class:`ConfigError` for tenant files or a Redis address that cannot be used.
    """

    def __init__(
        self,
        config: EppConfig,
        metrics: PickerMetrics,
        directory: TenantDirectory,
        model_of: Callable[[str], str],
    ) -> None:
        tc = config.tenancy
        if tc is None:
            raise ValueError("TenantWiring needs a tenancy section")
        self._config = config
        self._tenancy = tc
        self._directory = directory
        known = None if tc.identity == "header" else self._authenticated
        self.metrics = TenantMetrics(metrics, max_tenants=tc.max_tenant_labels, allow=known)
        directory.on_change(lambda tenants: self.metrics.label.prefer(tenants))
        self.files: ResourceFiles[LoadedTenant] = ResourceFiles(
            TENANT_KIND, tc.tenants, directory.update_files, what="tenant files"
        )
        problems = errors(self.files.load())
        if problems:
            raise ConfigError([str(p) for p in problems])
        redis = tc.store.redis
        self.redis_store = self._connect_redis()
        self.limit_store: LimitStore = self.redis_store or MemoryStore()
        estimator = OutputEstimator(
            default_tokens=tc.reserve.default_output_tokens,
            max_tokens=tc.reserve.max_output_tokens,
        )
        usage = tc.usage
        meter = UsageMeter(
            UsageLedger(Pricing(usage.prices, usage.currency)), self.metrics, model_of
        )
        self.usage_flusher = UsageFlusher(
            meter.ledger, self._usage_sink(), interval_s=usage.flush_interval_s
        )

        def swept(r: Reservation) -> None:
            self.metrics.swept.labels(self.metrics.label(r.tenant)).inc()
            meter.request(r.tenant, r.model, "swept", r.prompt_tokens, 0, r.output_tokens)

        self.sweeper = Sweeper(self.limit_store, swept, interval_s=tc.reserve.sweep_interval_s)
        self.settle = TenantSettler(self.limit_store, estimator, meter, known)
        self.redis_timeout_s = redis.timeout_ms / 1000 if redis is not None else 0.0
        self.deps = TenancyDeps(
            directory=directory,
            store=self.limit_store,
            estimator=estimator,
            metrics=self.metrics,
            identity=tc.identity,
            header=config.server.tenant_header,
            anonymous_tenant=tc.anonymous_tenant,
            reservation_ttl_s=tc.reserve.ttl_s,
            include_usage=tc.include_usage,
            # past the store's own timeout, a guard only
            admission_wait_s=self.redis_timeout_s + 1.0,
            meter=meter,
        )
        self.response_homes = self._response_homes()
        """Which pod holds each stored Responses answer (shared through Redis when set)."""

    def _connect_redis(self) -> RedisStore | None:
        """The Redis limit store (``tenancy.store.redis``); None without one."""
        redis = self._tenancy.store.redis
        if redis is None:
            return None
        # Imported here: a picker without Redis never loads its client.
        from kinference_epp.tenancy.redis_store import from_config

        try:
            return from_config(redis, self.metrics.store_transition)
        except ValueError as exc:
            raise ConfigError([str(exc)]) from exc

    def _usage_sink(self) -> UsageSink:
        """Where usage is flushed: Redis when the limits are there, else the usage file."""
        usage = self._tenancy.usage
        if self.redis_store is not None:
            return RedisSink(
                self.redis_store.client,
                prefix=self.redis_store.prefix,
                retention_days=usage.retention_days,
            )
        if usage.file is not None:
            return FileSink(Path(usage.file), retention_days=usage.retention_days)
        return NoSink()

    def _response_homes(self) -> ResponseHomes:
        if self.redis_store is None:
            return ResponseHomes()
        from kinference_epp.tenancy.redis_homes import RedisHomes  # as in _connect_redis

        return ResponseHomes(
            shared=RedisHomes(
                self.redis_store.client,
                prefix=self.redis_store.prefix,
                timeout_s=self.redis_timeout_s,
            )
        )

    def _authenticated(self, name: str) -> bool:
        """A tenant name the picker itself could have set on a request (API-key identity)."""
        return name in self._directory.tenants or name == self._tenancy.anonymous_tenant

    async def start(self) -> None:
        await self.files.start()
        if self.redis_store is not None:
            await self.redis_store.start()
        await self.usage_flusher.start()
        await self.sweeper.start()
        usage = self._config.usage
        log.info(
            "tenants' usage comes from %s; without it for %.0f s the picker warns "
            "(deploy/kubernetes/README.md, 'Usage behind each gateway')",
            "the gateway's access log to this picker"
            if usage.source == "access_log"
            else "the response body of each request",
            usage.silence_warning_s,
            extra={"usage_source": usage.source},
        )

    async def stop(self) -> None:
        """Stop the loops; the last usage is flushed, then the Redis client closes."""
        await self.files.stop()
        await self.sweeper.stop()
        await self.usage_flusher.stop()
        if self.redis_store is not None:
            await self.redis_store.close()
