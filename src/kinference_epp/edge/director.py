"""From an assembled request to a routing decision: parse, check, schedule, account.

The Director is the one place that turns a request into a decision; the ext_proc state machine
only moves bytes. Later stages (policies, tenants, rate limits, tokenization) slot in here in
request-path order, before the scheduler runs.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.paths import api_kind_for_path
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.api.rewrite import rewrite_model, set_top_level_field
from kinference_epp.edge.context import Deferral, RequestContext, RoutingDecision
from kinference_epp.edge.policy_gate import PolicyGate
from kinference_epp.edge.prompt import PromptHasher
from kinference_epp.edge.protocol import (
    MODEL_HEADER,
    PROVIDER_ROUTE_HEADER,
    SCORES_HEADER,
    TEST_SELECTION_HEADER,
)
from kinference_epp.edge.response_transform import UsageStripper
from kinference_epp.edge.secrets import SecretReader
from kinference_epp.errors import KinferenceError, ModelNotFoundError, NoReadyEndpointError
from kinference_epp.policy import Defer, Outcome, PoolState, Reject, RouteTo, SendToProvider
from kinference_epp.policy.types import ModelScore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.pool.inflight import InflightRequest, InflightTracker
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.ttft import TtftPredictor
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult
from kinference_epp.telemetry.metrics import PickerMetrics

log = logging.getLogger(__name__)


class _ModelPeek(msgspec.Struct):
    model: str | None = None


class _StreamOptions(msgspec.Struct):
    stream_options: dict[str, Any] | None = None


_peek_decoder = msgspec.json.Decoder(_ModelPeek)
_stream_options = msgspec.json.Decoder(_StreamOptions)
_USAGE_APIS = (ApiKind.CHAT, ApiKind.COMPLETIONS)


class Director:
    def __init__(
        self,
        datastore: PoolDatastore,
        scheduler: Scheduler,
        metrics: PickerMetrics,
        inflight: InflightTracker,
        *,
        pool_name: str,
        hasher: PromptHasher | None = None,
        policies: PolicyGate | None = None,
        secrets: SecretReader | None = None,
        ttft: TtftPredictor | None = None,
        test_mode: bool = False,
        score_header: bool = False,
        ensure_usage: bool = False,
    ) -> None:
        self._datastore = datastore
        self._scheduler = scheduler
        self._metrics = metrics
        self._inflight = inflight
        self._pool = pool_name
        self._test_mode = test_mode
        self._score_header = score_header
        self._ensure_usage = ensure_usage
        self._hasher = hasher
        self._policies = policies
        self._secrets = secrets
        self._ttft = ttft
        self._model_headers: dict[str | None, tuple[tuple[str, str], ...]] = {}
        """The request headers a routed request gets set, per model (one tuple each)."""

    def route(self, ctx: RequestContext) -> RoutingDecision:
        t0 = time.perf_counter()
        request, model = self._parse(ctx)
        if request is not None and self._policies is not None and self._policies.enforcing:
            decision = self._policies.decide(
                request, ctx.headers, None, predicted_ttft=self._ttft_for(request)
            )
            outcome, local_only = decision.action, decision.local_only
            if isinstance(outcome, Defer):
                deferred = outcome  # bind for the closures
                raise Deferral(
                    until=lambda: deferred.until(self._policies_pool_state()),
                    max_wait_s=deferred.max_wait_s,
                    resume=lambda met: self._apply(
                        ctx, request, deferred.ready if met else deferred.timeout, local_only, t0
                    ),
                    reason=deferred.until_text,
                )
            return self._apply(ctx, request, outcome, local_only, t0)
        return self._local(ctx, request, model, None, t0)

    def _ttft_for(self, request: InferenceRequest) -> ModelScore | None:
        """``prefer: cache``: the request's predicted TTFT if served by a given model (its own
        tokenization and prefix match per candidate; only computed when a rule asks)."""
        ttft, hasher = self._ttft, self._hasher
        if ttft is None or hasher is None:
            return None

        def predict(model: str) -> float | None:
            if not self._datastore.serves_model(model):
                return None
            candidate = msgspec.structs.replace(request, model=model)
            try:
                tokens, hashes = hasher.hash(candidate)
            except Exception:
                log.exception("predicting TTFT failed for %s", model)
                return None
            return ttft.predict(
                SchedulingRequest(
                    model=model, request=candidate, prompt_tokens=tokens, block_hashes=hashes
                )
            )

        return predict

    def _policies_pool_state(self) -> PoolState:
        assert self._policies is not None
        return self._policies.pool_state()

    def _apply(
        self,
        ctx: RequestContext,
        request: InferenceRequest,
        outcome: Outcome,
        local_only: bool,
        t0: float,
    ) -> RoutingDecision:
        """Carry out a policy's outcome (never a Defer: that was waited out already)."""
        if isinstance(outcome, Reject):
            raise KinferenceError(outcome.message, reason=outcome.reason, status=outcome.status)
        if isinstance(outcome, SendToProvider):
            if local_only:  # a fail-closed rule matched: this prompt must not leave the pool
                raise NoReadyEndpointError(
                    "the request must be served locally and no local endpoint can take it",
                    reason="policy_fail_closed",
                )
            return self._provider(ctx, request, outcome)
        if isinstance(outcome, RouteTo):
            asked = request.model
            target = self._servable(outcome)
            body = rewrite_model(request, target) if target != asked else None
            if body is not None:
                request = msgspec.structs.replace(request, model=target, raw=body)
            return self._local(ctx, request, target, body, t0, asked=asked)
        return self._local(ctx, request, request.model, None, t0)

    def _servable(self, route: RouteTo) -> str:
        for candidate in route.candidates or (route.model,):
            if self._datastore.serves_model(candidate):
                return candidate
        if route.local_only:
            raise NoReadyEndpointError(
                "no local endpoint serves the models this policy allows",
                reason="policy_fail_closed",
            )
        raise ModelNotFoundError(
            f"The model `{route.model}` does not exist in pool {self._pool}.", param="model"
        )

    def _provider(
        self, ctx: RequestContext, request: InferenceRequest, out: SendToProvider
    ) -> RoutingDecision:
        headers = [(PROVIDER_ROUTE_HEADER, out.provider), (MODEL_HEADER, out.model)]
        if out.api_key is not None:
            if self._secrets is None:
                raise NoReadyEndpointError(
                    "no secrets are mounted for provider keys", reason="provider_key_missing"
                )
            key = self._secrets.get(out.api_key.name, out.api_key.key)
            headers.append(("authorization", f"Bearer {key}"))
        body = rewrite_model(request, out.model) if out.model != request.model else None
        decision = RoutingDecision(
            endpoints=(),
            body=body,
            headers=tuple(headers),
            model=request.model,
            target_model=out.model,
        )
        self._metrics.model(request.model, out.model).request_total.inc()
        log.info(
            "sent to provider",
            extra={"request_id": ctx.request_id, "provider": out.provider, "model": out.model},
        )
        return decision

    def _local(
        self,
        ctx: RequestContext,
        request: InferenceRequest | None,
        model: str | None,
        body: bytes | None,
        t0: float,
        asked: str | None = None,
    ) -> RoutingDecision:
        """Schedule on the pool's endpoints serving ``model`` (any endpoint when None)."""
        if model is not None and not self._datastore.serves_model(model):
            raise ModelNotFoundError(
                f"The model `{model}` does not exist in pool {self._pool}.", param="model"
            )
        if self._test_mode and TEST_SELECTION_HEADER in ctx.headers:
            endpoints = self._test_selection(ctx.headers[TEST_SELECTION_HEADER])
            result = SchedulingResult(endpoints=endpoints, router="conformance-test")
        else:
            prompt_tokens, hashes = (
                self._prompt_blocks(request) if self._scheduler.reads_prompt else (0, None)
            )
            t_sched = time.perf_counter()
            result = self._scheduler.schedule(
                SchedulingRequest(
                    model=model,
                    subset=ctx.subset,
                    request=request,
                    headers=ctx.headers,
                    request_id=ctx.request_id,
                    prompt_tokens=prompt_tokens,
                    block_hashes=hashes,
                    max_tokens=request.max_tokens if request is not None else None,
                )
            )
            self._metrics.scheduler_e2e.observe(time.perf_counter() - t_sched)

        target = model or ""
        asked = asked or target
        headers = self._model_headers.get(model)
        if headers is None:
            headers = self._model_headers[model] = (
                ((MODEL_HEADER, model),) if model is not None else ()
            )
        if self._score_header and result.scores:
            headers = (*headers, (SCORES_HEADER, _format_scores(result)))
        usage_body, response = (
            self._usage_transform(ctx, request) if self._ensure_usage else (None, None)
        )
        decision = RoutingDecision(
            endpoints=result.endpoints,
            body=usage_body if usage_body is not None else body,
            headers=headers,
            model=asked,
            target_model=target,
            response=response,
        )
        self._account(ctx, decision)
        self._metrics.request_cpu.observe(time.perf_counter() - t0)
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "routed",
                extra={
                    "request_id": ctx.request_id,
                    "model": decision.model,
                    "target_model": decision.target_model,
                    "endpoints": decision.destination,
                    "router": result.router,
                    "scores": _format_scores(result),
                },
            )
        return decision

    def rejected(self, ctx: RequestContext, err: KinferenceError) -> None:
        self._metrics.rejections.labels(status=str(err.status), reason=err.reason).inc()
        model = self._peek_model(ctx)
        if model and not self._datastore.serves_model(model):
            model = "unknown"  # a client-chosen name must not create a series per typo
        self._metrics.request_error_total.labels(
            model_name=model, target_model_name=model, error_code=str(err.status)
        ).inc()
        log.info(
            "rejected",
            extra={
                "request_id": ctx.request_id,
                "status": err.status,
                "reason": err.reason,
                "error": err.message,
            },
        )

    # -- steps ------------------------------------------------------------------------------

    def _parse(self, ctx: RequestContext) -> tuple[InferenceRequest | None, str | None]:
        """The parsed body (inference APIs) and the model to serve (None: any endpoint)."""
        if not ctx.body:
            return None, None
        kind = api_kind_for_path(ctx.path)
        if kind is None:
            # Not an inference API we know (embeddings, tokenize, ...): route by its model if
            # it names one, else anywhere; the model server is the judge of the body.
            return None, self._peek_model(ctx) or None
        request = parse_request(kind, bytes(ctx.body))
        return request, request.model

    def _prompt_blocks(
        self, request: InferenceRequest | None
    ) -> tuple[int, npt.NDArray[np.uint64] | None]:
        """Tokenize and hash the prompt; a tokenizer failure degrades to prefix-blind routing.

        Only called when a plug-in of the router reads the prompt (not for round-robin,
        least-queue, ...): tokenizing is most of a decision's CPU, and those routers would
        throw it away."""
        if request is None or self._hasher is None:
            return 0, None
        t0 = time.perf_counter()
        try:
            n, hashes = self._hasher.hash(request)
        except KinferenceError:
            raise  # e.g. a chat template that rejects the messages: the client's 400
        except Exception:
            log.exception("tokenizing the prompt failed; routing without prefix information")
            self._metrics.tokenize_errors.labels(model_name=request.model).inc()
            return 0, None
        self._metrics.tokenize_seconds.observe(time.perf_counter() - t0)
        return n, hashes

    def _usage_transform(
        self, ctx: RequestContext, request: InferenceRequest | None
    ) -> tuple[bytes | None, UsageStripper | None]:
        """With ``ensure_usage`` (the caller checks it): ask for usage the client did not, and
        hide it from the client.

        Needs BUFFERED request bodies and Envoy sending response headers: the rewrite is switched
        on by mode_override in the response-headers reply.
        """
        if (
            ctx.full_duplex  # Envoy cannot switch response processing on in full duplex
            or request is None
            or request.kind not in _USAGE_APIS
            or not request.stream
            or request.include_usage
        ):
            return None, None
        options = dict(_stream_options.decode(request.raw).stream_options or {})
        options["include_usage"] = True
        return set_top_level_field(request.raw, "stream_options", options), UsageStripper()

    def _peek_model(self, ctx: RequestContext) -> str:
        if not ctx.body:
            return ""
        try:
            return _peek_decoder.decode(ctx.body).model or ""
        except (msgspec.DecodeError, msgspec.ValidationError):
            return ""

    def _test_selection(self, header: str) -> tuple[EndpointKey, ...]:
        """Conformance test mode: the listed endpoints, in the listed order, that the pool knows.

        The suite lists pod IPs; ``ip:port`` entries are accepted too, so that pods sharing an
        address (several simulated pods on loopback) can be told apart.
        """
        by_host: dict[str, list[EndpointKey]] = {}
        for ep in self._datastore.endpoints():
            by_host.setdefault(ep.host, []).append(ep.key)
            by_host.setdefault(ep.key, []).append(ep.key)
        picked: list[EndpointKey] = []
        for item in (s.strip() for s in header.split(",")):
            for key in by_host.get(item, ()):
                if key not in picked:
                    picked.append(key)
        if not picked:
            raise NoReadyEndpointError(
                f"none of the endpoints in {TEST_SELECTION_HEADER} is in the pool",
                reason="test_selection_empty",
            )
        return tuple(picked)

    def _account(self, ctx: RequestContext, decision: RoutingDecision) -> None:
        model = decision.model
        m = self._metrics
        bound = m.model(model, decision.target_model)
        bound.request_total.inc()
        size = len(ctx.body)
        bound.request_sizes.observe(size)
        endpoint = decision.endpoints[0]
        m.pick(self._pool, endpoint).inc()
        self._inflight.start(
            InflightRequest(
                request_id=ctx.request_id,
                endpoint=endpoint,
                model=model,
                target_model=decision.target_model,
                started=time.monotonic(),
                prompt_bytes=size,
            )
        )


def _format_scores(result: SchedulingResult) -> str:
    return ",".join(f"{k}={v:.3f}" for k, v in sorted(result.scores.items(), key=lambda kv: -kv[1]))
