"""Rule actions compiled into functions from the evaluation context to an outcome.

Candidate lists are expanded (aliases → models, classes → members in class order) at
compile time; at evaluation only the pool's served models and the rule's preference are
applied. Preferences:

- ``first``: the first candidate the pool serves;
- ``cache``: the lowest ``predicted_ttft(model)`` (the scheduler's estimate of uncached
  prefill work plus queue on the model's best endpoint). The first candidate is kept unless
  another is faster by at least ``minGain`` — "easy prompts go to the cheap model, unless the
  big model's cache makes it faster";
- ``load``: the same with ``model_load(model)``;
- ``cost``: the lowest catalog price for this prompt and ``max_tokens``.

Without the needed estimate (no callable, or None for every candidate) a preference falls
back to ``first``: a missing cost model must not change where traffic goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from kinference_epp.policy.catalog import Catalog
from kinference_epp.policy.context import EvalContext
from kinference_epp.policy.model import (
    DeferAction,
    DeferOutcome,
    Prefer,
    ProviderAction,
    RejectAction,
    RouteAction,
)
from kinference_epp.policy.types import (
    Defer,
    ModelScore,
    Outcome,
    PoolPredicate,
    Reject,
    RouteTo,
    SecretKey,
    SendToProvider,
)

OutcomeFn: TypeAlias = Callable[[EvalContext], Outcome]


def _served(ctx: EvalContext, candidates: tuple[str, ...]) -> tuple[str, ...]:
    served = ctx.pool.served_models
    if served is None:
        return candidates
    usable = tuple(m for m in candidates if m in served)
    # None served: keep the list, so the picker reports the model as unavailable (or, for a
    # local-only route, rejects) instead of the policy silently picking something else.
    return usable or candidates


def _by_score(
    candidates: tuple[str, ...], score: ModelScore | None, min_gain: float
) -> tuple[str, tuple[tuple[str, float], ...]]:
    first = candidates[0]
    if score is None or len(candidates) == 1:
        return first, ()
    # Plain loops rather than min(key=...) and generators: this runs on every routed request.
    scores: list[tuple[str, float]] = []
    try:
        for m in candidates:
            s = score(m)
            if s is not None:
                scores.append((m, s))
    except Exception:  # a failing cost model must not lose the request: keep the default
        return first, ()
    if not scores:
        return first, ()
    best, best_score = scores[0]
    base = None
    for m, s in scores:
        if s < best_score:  # strict: the earliest of equal scores wins, as with min()
            best, best_score = m, s
        if base is None and m == first:
            base = s
    if best != first and base is not None and best_score > base * (1.0 - min_gain):
        return first, tuple(scores)
    return best, tuple(scores)


_FIRST, _CACHE, _LOAD = Prefer.FIRST, Prefer.CACHE, Prefer.LOAD
"""Module constants: an enum member looked up on its class is an attribute walk per request."""


def choose(
    ctx: EvalContext, catalog: Catalog, candidates: tuple[str, ...], prefer: Prefer, min_gain: float
) -> RouteTo:
    """Pick one of ``candidates`` (unique names, as ``expand_all`` makes them) by ``prefer``."""
    usable = _served(ctx, candidates)
    scores: tuple[tuple[str, float], ...] = ()
    if prefer is _FIRST:
        model = usable[0]
    elif prefer is _CACHE:
        model, scores = _by_score(usable, ctx.inp.predicted_ttft, min_gain)
    elif prefer is _LOAD:
        model, scores = _by_score(usable, ctx.inp.model_load, min_gain)
    else:  # Prefer.COST
        tokens, max_tokens = ctx.prompt_tokens(), ctx.inp.request.max_tokens
        priced = tuple(
            (m, c) for m in usable if (c := catalog.cost(m, tokens, max_tokens)) is not None
        )
        model = min(priced, key=lambda item: item[1])[0] if priced else usable[0]
        scores = priced
    if model == usable[0]:
        ordered = usable
    else:  # the chosen model first, the others in their order
        i = usable.index(model)
        ordered = (model, *usable[:i], *usable[i + 1 :])
    return RouteTo(model, ordered, model != ctx.model, catalog.pool_of(model), False, scores)


def route(catalog: Catalog, spec: RouteAction) -> OutcomeFn:
    candidates = catalog.expand_all(spec.candidates)
    prefer, gain = spec.prefer, spec.min_gain

    def outcome(ctx: EvalContext) -> Outcome:
        return choose(ctx, catalog, candidates, prefer, gain)

    return outcome


def as_requested(catalog: Catalog) -> Callable[[EvalContext], RouteTo]:
    """Route to what the client asked for, resolving an alias or class through the catalog."""

    def outcome(ctx: EvalContext) -> RouteTo:
        return choose(ctx, catalog, catalog.expand(ctx.model), Prefer.FIRST, 0.0)

    return outcome


def reject(spec: RejectAction) -> OutcomeFn:
    result = Reject(status=spec.status, message=spec.message, reason=spec.reason)
    return lambda ctx: result


def provider(catalog: Catalog, spec: ProviderAction) -> OutcomeFn:
    key = (
        SecretKey(spec.api_key_secret_ref.name, spec.api_key_secret_ref.key)
        if spec.api_key_secret_ref is not None
        else None
    )
    mapping = dict(spec.model_map)

    def outcome(ctx: EvalContext) -> Outcome:
        asked = ctx.model
        model = mapping.get(asked) or mapping.get(catalog.expand(asked)[0]) or spec.model or asked
        return SendToProvider(provider=spec.name, base_url=spec.base_url, model=model, api_key=key)

    return outcome


def defer(catalog: Catalog, spec: DeferAction, until: PoolPredicate, until_text: str) -> OutcomeFn:
    ready_fn = route(catalog, spec.route) if spec.route is not None else as_requested(catalog)
    timeout_fn = (
        deferred_timeout(catalog, spec.then)
        if spec.then is not None
        else reject(RejectAction(status=503, message="deferred too long", reason="defer_timeout"))
    )

    def outcome(ctx: EvalContext) -> Outcome:
        ready = ready_fn(ctx)
        timeout = timeout_fn(ctx)
        assert isinstance(ready, RouteTo)
        assert isinstance(timeout, RouteTo | Reject | SendToProvider)
        return Defer(
            until=until,
            until_text=until_text,
            max_wait_s=spec.max_wait_seconds,
            ready=ready,
            timeout=timeout,
        )

    return outcome


def deferred_timeout(catalog: Catalog, spec: DeferOutcome) -> OutcomeFn:
    if spec.route is not None:
        return route(catalog, spec.route)
    if spec.rewrite_model is not None:
        return rewrite(catalog, spec.rewrite_model)
    if spec.provider is not None:
        return provider(catalog, spec.provider)
    assert spec.reject is not None
    return reject(spec.reject)


def rewrite(catalog: Catalog, target: str) -> OutcomeFn:
    return route(catalog, RouteAction(candidates=[target]))
