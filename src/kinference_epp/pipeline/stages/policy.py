"""Policy: the first matching InferencePolicy rule decides the request's outcome.

The evaluator (``policy/``) is pure; this stage supplies what it reads (tenant, the pool's
state, the predicted TTFT per model for ``prefer: cache``) and records every decision, Shadow
ones included, as metrics and a log line. A ``Defer`` becomes a ``Wait`` on the pool's state;
when the wait ends the stage runs again and applies the deferral's ``ready`` or ``timeout``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import msgspec

from kinference_epp.api.request import InferenceRequest
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.state import RequestState, Wait
from kinference_epp.policy import Decision, Defer, EvalInput, PolicyStore, PoolState
from kinference_epp.policy.types import ModelScore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.ttft import TtftPredictor
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.metrics import CounterChild, PickerMetrics

log = logging.getLogger(__name__)

_NO_LABELS: Mapping[str, str] = {}


class PolicyStage:
    name = "policy"

    def __init__(
        self,
        store: PolicyStore,
        datastore: PoolDatastore,
        metrics: PickerMetrics,
        *,
        pool_name: str,
        ttft: PredictedTtft | None = None,
    ) -> None:
        self.store = store
        self._datastore = datastore
        self._metrics = metrics
        self._pool = pool_name
        self._ttft = ttft
        self._decision_children: dict[tuple[str, str, str, str], CounterChild] = {}

    def run(self, state: RequestState) -> Wait | None:
        deferred = state.deferred
        if deferred is not None:  # the wait ended: apply what the rule said for either end
            state.deferred = None
            state.outcome = deferred.ready if state.waited else deferred.timeout
            return None
        request = state.request
        if request is None or len(self.store.active) == 0:
            return None  # no policy loaded: the request is routed as it came
        decision = self.store.evaluate(
            EvalInput(
                request=request,
                pool=self.pool_state(),
                tenant=state.tenant,
                tenant_labels=state.tenant_info.labels if state.tenant_info else _NO_LABELS,
                headers=state.headers,
                predicted_ttft=self._ttft.for_request(request) if self._ttft else None,
            ),
            explain=state.explain,
        )
        if state.explain:
            state.policy_decision = decision
        self._record(decision, mode="enforce")
        for shadow in decision.shadow:
            self._record(shadow, mode="shadow")
        state.local_only = decision.local_only
        state.priority = decision.priority
        outcome = decision.action
        if isinstance(outcome, Defer):
            state.deferred = outcome
            return Wait(
                until=lambda: outcome.until(self.pool_state()),
                max_wait_s=outcome.max_wait_s,
                reason=outcome.until_text,
            )
        state.outcome = outcome
        return None

    def pool_state(self) -> PoolState:
        stats = self._datastore.stats()
        return PoolState(
            name=self._pool,
            ready_endpoints=stats.ready,
            queue_depth=stats.avg_waiting,
            kv_cache_usage=stats.avg_kv_usage,
            served_models=self._datastore.models(),
        )

    def _record(self, decision: Decision, *, mode: str) -> None:
        action = decision.action.kind
        key = (decision.policy or "", decision.rule or "", action, mode)
        counter = self._decision_children.get(key)
        if counter is None:  # a policy set has few rules: bind each label set once
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


class PredictedTtft:
    """``prefer: cache``: a request's predicted TTFT if a given model served it (its own
    tokenization and prefix match per candidate model; computed only when a rule asks)."""

    def __init__(
        self, datastore: PoolDatastore, hasher: PromptHasher, predictor: TtftPredictor
    ) -> None:
        self._datastore = datastore
        self._hasher = hasher
        self._predictor = predictor

    def for_request(self, request: InferenceRequest) -> ModelScore:
        def predict(model: str) -> float | None:
            if not self._datastore.serves_model(model):
                return None
            candidate = msgspec.structs.replace(request, model=model)
            try:
                tokens, hashes = self._hasher.hash(candidate)
            except Exception:
                log.exception("predicting TTFT failed for %s", model)
                return None
            return self._predictor.predict(
                SchedulingRequest(
                    model=model, request=candidate, prompt_tokens=tokens, block_hashes=hashes
                )
            )

        return predict
