"""``evaluate``: the first matching rule of the policies governing a pool, as a Decision.

A pure synchronous function of the compiled set and the input (plus whatever the injected
cost-model callables return): no awaits, no locks, no I/O except plug-in classifiers, which
run under their own time limit. Enforce policies are walked in priority order and the first
matching rule whose action is not ``continue`` decides; each Shadow policy is walked on its
own afterwards, sharing the classifier cache, and its decision is only reported.

Failure semantics, per rule:

- a classifier error makes the condition match, not match, or reject the request (503,
  ``classifier_error``), as ``onClassifierError`` says;
- in a ``failClosed`` rule, a PII check that errors counts as "PII present", and so does
  content the classifier cannot read (images, files, base64 documents: ``unreadable``);
- once a ``failClosed`` rule has matched, the request is local-only for the rest of the
  evaluation: a provider outcome reached later (``continue``, a defer's ``then``) becomes a
  503 ``policy_fail_closed`` rejection, and every route is marked ``local_only``. The
  loader rejects such policies up front; this is the second lock on the same door.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TypeAlias

import kinference_epp.policy.actions as actions
from kinference_epp.policy.classifiers.base import ClassifierError
from kinference_epp.policy.classifiers.pii import PiiFindings
from kinference_epp.policy.compiler import CompiledPolicy, CompiledPolicySet
from kinference_epp.policy.context import EvalContext
from kinference_epp.policy.model import OnClassifierError
from kinference_epp.policy.rules import CompiledRule
from kinference_epp.policy.types import (
    Decision,
    Defer,
    EvalInput,
    Outcome,
    Passthrough,
    Reject,
    RouteTo,
    SendToProvider,
)

FAIL_CLOSED_REASON = "policy_fail_closed"
CLASSIFIER_ERROR_REASON = "classifier_error"


def evaluate(policies: CompiledPolicySet, inp: EvalInput, *, explain: bool = False) -> Decision:
    """Decide what to do with one request; ``explain`` records a step-by-step trace.

    Without ``explain``, each policy's rule index skips the rules whose request-field
    conditions fail (see ``index``); with it, every condition of every rule is tested and
    traced. Both give the same decision — the tests hold them to it.
    """
    ctx = EvalContext(inp)
    enforce, shadow = policies.for_pool(inp.pool.name)
    if explain:
        trace: list[str] = []
        if not enforce:
            governed = sorted({x for p in policies.policies for x in p.pools or ()})
            also = f" (these policies govern: {', '.join(governed)})" if governed else ""
            trace.append(f"no Enforce policy governs pool {inp.pool.name}{also}")
        decided = _run(enforce, ctx, trace)
        shadows = tuple(Decision(*_shadow(p, ctx, trace)) for p in shadow)
        steps = tuple(trace)
    else:
        decided = _decide(enforce, ctx)
        shadows = tuple(Decision(*_decide((p,), ctx)) for p in shadow) if shadow else ()
        steps = ()
    outcome, policy_key, rule_name, local_only, priority = decided
    report = ctx.report
    return Decision(
        outcome,
        policy_key,
        rule_name,
        local_only,
        priority,
        classifications={k: _plain(v) for k, v in report.items()} if report else {},
        # The context dies with this call, so its dict is handed over rather than copied.
        classifier_errors=ctx.errors,
        shadow=shadows,
        trace=steps,
    )


_Decided: TypeAlias = tuple[Outcome, str | None, str | None, bool, int | None]
"""(action, policy, rule, local_only, priority): a Decision's core, built once by
``evaluate``."""


def _decide(policies: Sequence[CompiledPolicy], ctx: EvalContext) -> _Decided:
    """``_run`` without a trace, walking only each policy's candidate rules."""
    local_only = False
    priority: int | None = None
    for policy in policies:
        rules = policy.rules
        index = policy.index
        dynamic = index.dynamic
        mask = index.candidates(ctx)
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            mask ^= low
            rule = rules[i]
            verdict: bool | Reject = True
            try:
                for cond in dynamic[i]:
                    if not cond.test(ctx):
                        verdict = False
                        break
            except ClassifierError:
                verdict = _careful(rule, ctx, None)
            if verdict is False:
                continue
            if isinstance(verdict, Reject):
                return verdict, policy.key, rule.name, local_only, priority
            local_only = local_only or rule.fail_closed
            if priority is None:
                priority = rule.priority
            if rule.outcome is None:
                continue
            outcome = rule.outcome(ctx)
            if local_only:
                outcome = _guard(outcome, local_only)
            return outcome, policy.key, rule.name, local_only, priority
    return _guard(_default(policies, ctx), local_only), None, None, local_only, priority


def _shadow(policy: CompiledPolicy, ctx: EvalContext, trace: list[str]) -> _Decided:
    trace.append("shadow (recorded, not acted on):")
    return _run((policy,), ctx, trace)


def _run(policies: Sequence[CompiledPolicy], ctx: EvalContext, trace: list[str]) -> _Decided:
    """Every rule of every policy in order, every condition traced (``explain``)."""
    local_only = False
    priority: int | None = None
    for policy in policies:
        trace.append(f"policy {policy.key} (priority {policy.priority}, {policy.mode.value})")
        for rule in policy.rules:
            verdict = _careful(rule, ctx, trace)
            if verdict is False:
                continue
            if isinstance(verdict, Reject):
                return verdict, policy.key, rule.name, local_only, priority
            local_only = local_only or rule.fail_closed
            if priority is None and rule.priority is not None:
                priority = rule.priority
                trace.append(f"  rule {rule.name}: priority {priority}")
            if rule.outcome is None:
                trace.append(f"  rule {rule.name}: matched, continue")
                continue
            outcome = _guard(rule.outcome(ctx), local_only)
            closed = " (failClosed: local only)" if local_only else ""
            trace.append(f"  rule {rule.name}: MATCH → {_describe(outcome)}{closed}")
            return outcome, policy.key, rule.name, local_only, priority
    outcome = _guard(_default(policies, ctx), local_only)
    trace.append(f"no rule decided → {_describe(outcome)}")
    return outcome, None, None, local_only, priority


def _careful(rule: CompiledRule, ctx: EvalContext, trace: list[str] | None) -> bool | Reject:
    """Test every condition of ``rule`` in order, applying its classifier-error semantics."""
    for cond in rule.conds:
        note = ""
        try:
            ok = cond.test(ctx)
        except ClassifierError as exc:
            if rule.fail_closed and cond.pii_expect is not None:
                ok, note = cond.pii_expect, f" (error: {exc}; failClosed: PII present)"
            elif rule.on_error is OnClassifierError.MATCH:
                ok, note = True, f" (error: {exc}; onClassifierError: match)"
            elif rule.on_error is OnClassifierError.NO_MATCH:
                ok, note = False, f" (error: {exc}; onClassifierError: noMatch)"
            else:
                if trace is not None:
                    trace.append(f"  rule {rule.name}: {cond.text}: error: {exc} → reject")
                return Reject(
                    status=503,
                    message=f"policy rule {rule.name}: a classifier failed",
                    reason=CLASSIFIER_ERROR_REASON,
                )
        if trace is not None:
            seen = cond.observe(ctx) if not note else "error"
            trace.append(f"  rule {rule.name}: {cond.text} [{seen}]: {'yes' if ok else 'no'}{note}")
        if not ok:
            return False
    if trace is not None and not rule.conds:
        trace.append(f"  rule {rule.name}: matches every request")
    return True


def _default(policies: Sequence[CompiledPolicy], ctx: EvalContext) -> Outcome:
    """No rule decided: resolve an alias or class through the first catalog knowing it."""
    for policy in policies:
        kind = policy.catalog.kind(ctx.model)
        if kind in ("alias", "class"):
            return actions.as_requested(policy.catalog)(ctx)
    return Passthrough(model=ctx.model)


def _guard(outcome: Outcome, local_only: bool) -> Outcome:
    if not local_only:
        return outcome
    if isinstance(outcome, RouteTo):
        return dataclasses.replace(outcome, local_only=True)
    if isinstance(outcome, Passthrough):
        return RouteTo(outcome.model, (outcome.model,), rewrite=False, local_only=True)
    if isinstance(outcome, SendToProvider):
        return Reject(
            status=503,
            message="this request must stay on local models and none could take it",
            reason=FAIL_CLOSED_REASON,
        )
    if isinstance(outcome, Defer):
        timeout = _guard(outcome.timeout, True)
        assert isinstance(timeout, RouteTo | Reject)
        return dataclasses.replace(
            outcome, ready=dataclasses.replace(outcome.ready, local_only=True), timeout=timeout
        )
    return outcome


def _describe(outcome: Outcome) -> str:
    if isinstance(outcome, RouteTo):
        extra = f" (candidates {list(outcome.candidates)}" if len(outcome.candidates) > 1 else ""
        if outcome.scores:
            shown = ", ".join(f"{m}={s:.4g}" for m, s in outcome.scores)
            extra += f"; scores {shown}"
        extra += ")" if extra else ""
        return f"route to {outcome.model}{extra}"
    if isinstance(outcome, Reject):
        return f"reject {outcome.status} {outcome.reason}: {outcome.message}"
    if isinstance(outcome, SendToProvider):
        return f"provider {outcome.provider} ({outcome.base_url}) model {outcome.model}"
    if isinstance(outcome, Defer):
        return (
            f"defer until {outcome.until_text} (max {outcome.max_wait_s:g}s): then "
            f"{_describe(outcome.ready)}; on timeout {_describe(outcome.timeout)}"
        )
    return f"pass through as {outcome.model}"


def describe(outcome: Outcome) -> str:
    """A one-line human description of an outcome (kinfctl tables, logs)."""
    return _describe(outcome)


def _plain(value: object) -> object:
    if isinstance(value, PiiFindings):
        return value.labels()
    if isinstance(value, frozenset):
        return sorted(str(v) for v in value)
    enum_value = getattr(value, "value", None)
    return enum_value if isinstance(enum_value, str) else value
