"""Everything the picker takes from Kubernetes, behind one start/stop/status object.

The composition root builds one :class:`KubernetesSource` when the config has a ``kubernetes``
section, starts it before taking traffic, waits (bounded) for the first sync, and reads
:meth:`KubernetesSource.status` for readiness and metrics (:class:`KubernetesCollector`).

Readiness (:attr:`KubernetesSource.ready`, "can route"): the pool exists and it and its pods
have been listed, and InferencePolicy objects have been listed too, unless they cannot be
(no CRD, no permission: policies are then off, which the status, a metric and a log line say).
After that an API outage does not make the picker unready: it keeps routing to the pods it
knows (as the Inference Extension's EPP does), and says so in ``connected`` and in the metrics.
A pool that is deleted, or never found (a misspelt name), makes it unready. ``changed`` is set
whenever readiness may have changed.

Provider keys: when InferencePolicy objects are watched, :attr:`KubernetesSource.secrets` is a
:class:`~kinference_epp.k8s.secrets.KubeSecrets` (built at once, so the request path can hold it
before ``start()``) that reads the Secrets those policies reference; ``start``/``stop`` run it.

Tenants: given a :class:`~kinference_epp.tenancy.directory.TenantDirectory` (and
``config.tenants``), InferenceTenant objects are watched like policies (``k8s.tenants``), and
the Secrets of their keys one by one (``k8s.tenant_secrets``). Readiness waits for their first
list, unless they cannot be watched (no CRD, no permission), as for policies.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.k8s.api import INFERENCE_POLICIES, KubeApi, connect, default_namespace
from kinference_epp.k8s.leader import LeaderElector
from kinference_epp.k8s.policies import secret_refs
from kinference_epp.k8s.pool import PoolDiscovery, PoolStatus
from kinference_epp.k8s.resources import ResourceSink, ResourceWatcher, ResourceWatchStatus
from kinference_epp.k8s.secrets import KubeSecrets, SecretsStatus
from kinference_epp.k8s.tenant_secrets import TenantKeySecrets
from kinference_epp.k8s.tenants import tenant_watcher
from kinference_epp.k8s.watch import WatchStatus
from kinference_epp.policy.secrets import SecretReader
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.tenancy.directory import TenantDirectory

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class KubernetesStatus:
    connected: bool
    """Every watch's last request reached the API server."""
    synced: bool
    """Every watch has listed at least once (stays True through outages)."""
    last_sync: float | None
    """Oldest of the watches' last contact with the server (wall-clock seconds), or None."""
    pool: PoolStatus
    policies: ResourceWatchStatus | None
    secrets: SecretsStatus | None = None
    tenants: ResourceWatchStatus | None = None

    @property
    def watches(self) -> tuple[WatchStatus, ...]:
        extra = tuple(s.watch for s in (self.policies, self.tenants) if s and s.watch)
        return self.pool.watches + extra


class KubernetesSource:
    """Pool discovery (InferencePool + Pods → ``datastore``) and InferencePolicy watching.

    ``api`` defaults to a kubernetes-asyncio client built from ``config`` at ``start()``;
    tests pass one. ``policies`` is the policy engine's :class:`ResourceSink`; None (or
    ``config.policies`` false) leaves InferencePolicy objects alone, and Secrets too.
    ``secrets_fallback`` answers for keys no watched policy references (mounted files);
    ``secrets_refresh_s`` is how often referenced Secrets are read again.
    """

    def __init__(
        self,
        config: KubernetesConfig,
        datastore: PoolDatastore,
        *,
        policies: ResourceSink | None = None,
        api: KubeApi | None = None,
        secrets_fallback: SecretReader | None = None,
        secrets_refresh_s: float = 30.0,
        tenants: TenantDirectory | None = None,
    ) -> None:
        self.config = config
        self.datastore = datastore
        self._sink = policies
        self._api = api
        self._owns_api = api is None
        self.namespace = config.pool.namespace or default_namespace(
            config.kubeconfig, config.context
        )
        self.pool: PoolDiscovery | None = None
        self.policies: ResourceWatcher | None = None
        self.leader: LeaderElector | None = None
        """With leader election on: this replica is ready only while it holds the lease."""
        self.changed = asyncio.Event()
        """Set when :attr:`ready` may have changed; the reader clears it."""
        self._policies_off_logged = False
        self._tenants_off_logged = False
        self._tenants_directory = tenants if config.tenants else None
        self.tenants: ResourceWatcher | None = None
        """The InferenceTenant watcher; None without a tenant directory."""
        self.tenant_secrets: TenantKeySecrets | None = None
        self.secrets: KubeSecrets | None = None
        """The provider keys the watched policies reference; None when policies are not watched."""
        if policies is not None and config.policies:
            self.secrets = KubeSecrets(
                self.namespace, refresh_s=secrets_refresh_s, fallback=secrets_fallback
            )

    async def start(self) -> None:
        """Start the watches (returns at once; see :meth:`wait_synced`)."""
        if self._api is None:
            self._api = await connect(
                self.config.kubeconfig,
                self.config.context,
                request_timeout_s=self.config.watch.request_timeout_s,
            )
        if self.config.leader_election.enabled:
            self.leader = LeaderElector(
                self._api, self.namespace, self.config.leader_election, on_change=self._on_leader
            )
            await self.leader.start()
        self.pool = PoolDiscovery(
            self._api, self.datastore, self.config, self.namespace, on_change=self.changed.set
        )
        await self.pool.start()
        if self._sink is not None and self.config.policies:
            if self.secrets is not None:
                await self.secrets.start(self._api)
            self.policies = ResourceWatcher(
                self._api,
                self._sink,
                self.config,
                self.namespace,
                resource=INFERENCE_POLICIES,
                refs_of=secret_refs,
                secrets=self.secrets,
                on_change=self._on_policies_change,
                pool_group=self._pool_group,
                may_write=self._may_write_status,
            )
            await self.policies.start()
        if self._tenants_directory is not None:
            self.tenant_secrets = TenantKeySecrets(self.namespace, self.config.watch)
            self.tenant_secrets.start(self._api)
            self.tenants = tenant_watcher(
                self._api,
                self._tenants_directory,
                self.tenant_secrets,
                self.config,
                self.namespace,
                on_change=self._on_policies_change,
                pool_group=self._pool_group,
                may_write=self._may_write_status,
            )
            await self.tenants.start()

    def _may_write_status(self) -> bool:
        return self.leader is None or self.leader.is_leader

    def _on_leader(self, leader: bool) -> None:
        if leader:  # statuses may have moved while another led
            for watcher in (self.policies, self.tenants):
                if watcher is not None:
                    watcher.recheck_all()
        self.changed.set()

    def _pool_group(self) -> str | None:
        return self.pool.status().group if self.pool is not None else None

    async def wait_synced(self, timeout_s: float) -> bool:
        """Wait up to ``timeout_s`` for the first complete view; True if it arrived."""
        waits = []
        if self.pool is not None:
            waits.append(self.pool.wait_synced())
        for watcher in (self.policies, self.tenants):
            if watcher is not None:
                waits.append(watcher.wait_synced())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout_s):
                await asyncio.gather(*waits)
        return self.synced

    @property
    def synced(self) -> bool:
        pool_ok = self.pool is not None and self.pool.synced
        return pool_ok and all(w is None or w.synced for w in (self.policies, self.tenants))

    @property
    def ready(self) -> bool:
        """Can route; see the module."""
        if self.pool is None or not self.pool.ready:
            return False
        if self.leader is not None and not self.leader.is_leader:
            return False
        return all(
            w is None or w.synced or w.unavailable is not None
            for w in (self.policies, self.tenants)
        )

    async def wait_ready(self, timeout_s: float) -> bool:
        """Wait up to ``timeout_s`` for :attr:`ready`; its value then."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while not self.ready:
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(remaining):
                    await self.changed.wait()
        return self.ready

    def _on_policies_change(self) -> None:
        reason = self.policies.unavailable if self.policies is not None else None
        if reason is not None and not self._policies_off_logged:
            self._policies_off_logged = True
            log.error(
                "InferencePolicy objects cannot be watched (%s): policies are off, routing goes "
                "on; install the CRD (kinfctl crds) or grant the Role, and they turn on",
                reason,
            )
        elif reason is None:
            self._policies_off_logged = False
        tenants_off = self.tenants.unavailable if self.tenants is not None else None
        if tenants_off is not None and not self._tenants_off_logged:
            log.error(
                "InferenceTenant objects cannot be watched (%s): only the tenant files are in "
                "force; install the CRD (kinfctl crds) or grant the Role, and they turn on",
                tenants_off,
            )
        self._tenants_off_logged = tenants_off is not None
        self.changed.set()

    async def stop(self) -> None:
        if self.leader is not None:
            await self.leader.stop()  # released first: another replica takes over at once
        if self.policies is not None:
            await self.policies.stop()
        if self.tenants is not None:
            await self.tenants.stop()
        if self.tenant_secrets is not None:
            await self.tenant_secrets.stop()
        if self.secrets is not None:
            await self.secrets.stop()
        if self.pool is not None:
            await self.pool.stop()
        if self._owns_api and self._api is not None:
            await self._api.close()
            self._api = None

    def status(self) -> KubernetesStatus:
        if self.pool is None:
            raise RuntimeError("KubernetesSource.status() before start()")
        pool = self.pool.status()
        policies = self.policies.status() if self.policies is not None else None
        tenants = self.tenants.status() if self.tenants is not None else None
        watches = pool.watches + tuple(s.watch for s in (policies, tenants) if s and s.watch)
        syncs = [w.last_sync for w in watches if w.last_sync is not None]
        return KubernetesStatus(
            connected=all(w.connected for w in watches),
            synced=self.synced,
            last_sync=min(syncs) if len(syncs) == len(watches) and syncs else None,
            pool=pool,
            policies=policies,
            secrets=self.secrets.status() if self.secrets is not None else None,
            tenants=tenants,
        )

    def collector(self) -> Collector:
        """Gauges and counters computed from :meth:`status` at scrape time."""
        return KubernetesCollector(self)


class KubernetesCollector(Collector):
    """``kinference_kubernetes_*``: watch connectivity, sync age, relists, policy verdicts."""

    def __init__(self, source: KubernetesSource) -> None:
        self._source = source

    def collect(self) -> list[GaugeMetricFamily | CounterMetricFamily]:
        if self._source.pool is None:
            return []
        status = self._source.status()
        connected = GaugeMetricFamily(
            "kinference_kubernetes_watch_connected",
            "1 while the last request of this watch reached the API server.",
            labels=["resource"],
        )
        age = GaugeMetricFamily(
            "kinference_kubernetes_watch_last_sync_age_seconds",
            "Seconds since this watch last heard from the API server.",
            labels=["resource"],
        )
        relists = CounterMetricFamily(
            "kinference_kubernetes_watch_relists",
            "Relists after the API server expired a watch (410 Gone).",
            labels=["resource"],
        )
        errors = CounterMetricFamily(
            "kinference_kubernetes_watch_errors",
            "Failed list/watch requests (connection errors, 5xx), each followed by a backoff.",
            labels=["resource"],
        )
        now = time.time()
        for watch in status.watches:
            connected.add_metric([watch.resource], 1.0 if watch.connected else 0.0)
            if watch.last_sync is not None:
                age.add_metric([watch.resource], max(0.0, now - watch.last_sync))
            relists.add_metric([watch.resource], float(watch.relists))
            errors.add_metric([watch.resource], float(watch.errors))
        endpoints = GaugeMetricFamily(
            "kinference_kubernetes_pool_endpoints",
            "Endpoints discovered from the InferencePool's pods.",
            labels=["pool"],
        )
        endpoints.add_metric([self._source.config.pool.name], float(status.pool.endpoints))
        families: list[GaugeMetricFamily | CounterMetricFamily] = [
            connected,
            age,
            relists,
            errors,
            endpoints,
        ]
        leader = self._source.leader
        if leader is not None:
            is_leader = GaugeMetricFamily(
                "kinference_kubernetes_leader",
                "1 while this replica holds the leader-election lease (it is ready then).",
                labels=["lease"],
            )
            is_leader.add_metric(
                [self._source.config.leader_election.lease_name], float(leader.is_leader)
            )
            families.append(is_leader)
        if status.policies is not None:
            policies = GaugeMetricFamily(
                "kinference_kubernetes_inference_policies",
                "InferencePolicy objects governing this pool, by whether they were accepted.",
                labels=["accepted"],
            )
            policies.add_metric(["true"], float(status.policies.accepted))
            policies.add_metric(["false"], float(status.policies.rejected))
            watching = GaugeMetricFamily(
                "kinference_kubernetes_policies_unavailable",
                "1 while InferencePolicy objects cannot be watched (policies are off), by reason: "
                "CRDNotInstalled (404) or Forbidden (403).",
                labels=["reason"],
            )
            for reason in ("CRDNotInstalled", "Forbidden"):
                watching.add_metric([reason], float(status.policies.unavailable == reason))
            families += [policies, watching]
        if status.tenants is not None:
            tenants = GaugeMetricFamily(
                "kinference_kubernetes_inference_tenants",
                "InferenceTenant objects, by whether they were accepted and whether their keys "
                "are loaded (keys: false also while their Secret is missing, forbidden or invalid).",
                labels=["accepted", "keys"],
            )
            ok = status.tenants.accepted - status.tenants.unresolved_accepted
            tenants.add_metric(["true", "true"], float(max(ok, 0)))
            tenants.add_metric(["true", "false"], float(status.tenants.unresolved_accepted))
            tenants.add_metric(["false", "false"], float(status.tenants.rejected))
            families.append(tenants)
        if status.secrets is not None:
            refs = GaugeMetricFamily(
                "kinference_kubernetes_provider_secret_refs",
                "Secret references (apiKeySecretRef) of the watched InferencePolicy objects, by "
                "state: resolved, unresolved (missing, forbidden, invalid), pending (not read).",
                labels=["state"],
            )
            refs.add_metric(["resolved"], float(status.secrets.resolved))
            refs.add_metric(["unresolved"], float(status.secrets.unresolved))
            refs.add_metric(["pending"], float(status.secrets.pending))
            read_errors = CounterMetricFamily(
                "kinference_kubernetes_provider_secret_read_errors",
                "Failed reads of provider Secrets (outages; the last known keys stay in use).",
            )
            read_errors.add_metric([], float(status.secrets.read_errors))
            families += [refs, read_errors]
        return families
