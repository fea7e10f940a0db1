"""Where InferencePolicy meets the request path: build the evaluator's input, record the result.

The evaluator itself (``policy/``) is pure; this supplies what it reads — the tenant from a
trusted header, the pool's state from the datastore — and turns each decision, Shadow ones
included, into metrics and a log line.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from kinference_epp.api.request import InferenceRequest
from kinference_epp.policy import Decision, EvalInput, Passthrough, PolicyStore, PoolState
from kinference_epp.policy.types import ModelScore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.telemetry.metrics import CounterChild, PickerMetrics

log = logging.getLogger(__name__)


class PolicyGate:
    def __init__(
        self,
        store: PolicyStore,
        datastore: PoolDatastore,
        metrics: PickerMetrics,
        *,
        pool_name: str,
        tenant_header: str,
    ) -> None:
        self.store = store
        self._datastore = datastore
        self._metrics = metrics
        self._pool = pool_name
        self._tenant_header = tenant_header
        self._decision_children: dict[tuple[str, str, str, str], CounterChild] = {}

    def pool_state(self) -> PoolState:
        stats = self._datastore.stats()
        return PoolState(
            name=self._pool,
            ready_endpoints=stats.ready,
            queue_depth=stats.avg_waiting,
            kv_cache_usage=stats.avg_kv_usage,
            served_models=self._datastore.models(),
        )

    @property
    def enforcing(self) -> bool:
        """Whether any policy is loaded; without one every request is passed through as it came,
        and the request path skips building the evaluator's input."""
        return len(self.store.active) > 0

    def decide(
        self,
        request: InferenceRequest,
        headers: Mapping[str, str],
        prompt_tokens: int | None,
        predicted_ttft: ModelScore | None = None,
    ) -> Decision:
        if len(self.store.active) == 0:
            return Decision(action=Passthrough(request.model))
        decision = self.store.evaluate(
            EvalInput(
                request=request,
                pool=self.pool_state(),
                tenant=headers.get(self._tenant_header),
                headers=headers,
                prompt_tokens=prompt_tokens,
                predicted_ttft=predicted_ttft,
            )
        )
        self._record(decision, mode="enforce")
        for shadow in decision.shadow:
            self._record(shadow, mode="shadow")
        return decision

    def _record(self, decision: Decision, *, mode: str) -> None:
        action = decision.action.kind
        key = (decision.policy or "", decision.rule or "", action, mode)
        counter = self._decision_children.get(key)
        if counter is None:  # labels() costs microseconds; a policy set has few rules
            if len(self._decision_children) > 4096:
                self._decision_children.clear()
            counter = self._decision_children[key] = self._metrics.policy_decisions.labels(
                policy=key[0], rule=key[1], action=action, mode=mode
            )
        counter.inc()
        if decision.rule is not None:
            log.info(
                "policy decision",
                extra={
                    "mode": mode,
                    "policy": decision.policy,
                    "rule": decision.rule,
                    "action": action,
                    "classifications": dict(decision.classifications),
                    "classifier_errors": dict(decision.classifier_errors),
                },
            )
