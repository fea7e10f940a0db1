"""Policy test cases (``kinfctl test``): sample requests through the real evaluator.

A case file is YAML::

    cases:
      - name: easy prompt goes to the small model
        request: {model: any-qwen3, messages: [{role: user, content: hi}]}
        tenant: team-a
        headers: {x-priority: batch}
        pool: {readyEndpoints: 2, queueDepth: 0.5, kvCacheUsage: 0.2}
        predictedTtft: {qwen3-32b: 0.08, qwen3-0.6b: 0.3}
        classifierFaults: [pii]          # make the PII classifier fail
        expect: {rule: easy, action: route, model: qwen3-0.6b}

The body goes through the picker's own parser (so a case is a request the picker would
accept); ``expect`` compares only the keys it gives. Problems in the file are reported
as ``file:line`` like policy problems.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.alias_generators import to_camel

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.paths import api_kind_for_path
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.errors import KinferenceError
from kinference_epp.policy.compiler import CompiledPolicySet
from kinference_epp.policy.evaluator import describe, evaluate
from kinference_epp.policy.types import (
    Decision,
    Defer,
    EvalInput,
    Outcome,
    Passthrough,
    PoolState,
    Reject,
    RouteTo,
    SendToProvider,
)
from kinference_epp.resources.documents import documents, line_of, validation_problems
from kinference_epp.resources.problems import Problem


class _Case(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, alias_generator=to_camel, populate_by_name=True
    )


class PoolInput(_Case):
    name: str = "default"
    ready_endpoints: int = Field(default=1, ge=0)
    queue_depth: float = Field(default=0.0, ge=0)
    kv_cache_usage: float = Field(default=0.0, ge=0, le=1)
    served_models: list[str] | None = None

    def state(self) -> PoolState:
        served = frozenset(self.served_models) if self.served_models is not None else None
        return PoolState(
            self.name, self.ready_endpoints, self.queue_depth, self.kv_cache_usage, served
        )


class Expect(_Case):
    rule: str | None = Field(default="<any>", description="null: no rule decided.")
    policy: str | None = None
    action: Literal["route", "reject", "provider", "defer", "passthrough"] | None = None
    model: str | None = None
    status: int | None = None
    reason: str | None = None
    provider: str | None = None
    local_only: bool | None = None
    timeout: Literal["route", "reject", "provider"] | None = None
    shadow_rule: str | None = None


class Case(_Case):
    name: str
    request: dict[str, Any]
    path: str | None = Field(default=None, description="Default: from the body's fields.")
    tenant: str | None = None
    tenant_labels: dict[str, str] = Field(default_factory=dict)
    headers: dict[str, str] = Field(default_factory=dict)
    prompt_tokens: int | None = Field(default=None, ge=0)
    pool: PoolInput = Field(default_factory=PoolInput)
    predicted_ttft: dict[str, float] | None = None
    model_load: dict[str, float] | None = None
    classifier_faults: list[str] = Field(default_factory=list)
    expect: Expect


class CaseFile(_Case):
    cases: list[Case] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class CaseResult:
    name: str
    line: int | None
    passed: bool
    expected: dict[str, Any]
    got: dict[str, Any]
    summary: str
    error: str | None = None


def load_cases(path: str | Path) -> tuple[list[tuple[Case, int | None]], list[Problem]]:
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [], [Problem(source, None, f"cannot read: {getattr(exc, 'strerror', None) or exc}")]
    docs, problems = documents(text, source)
    if problems:
        return [], problems
    if len(docs) != 1:
        return [], [Problem(source, None, "expected one YAML document with `cases:`")]
    node, data = docs[0]
    try:
        parsed = CaseFile.model_validate(data)
    except ValidationError as exc:
        return [], validation_problems(exc, node, source)
    return [(c, line_of(node, ("cases", i))) for i, c in enumerate(parsed.cases)], []


def _api(case: Case) -> ApiKind:
    if case.path is not None:
        kind = api_kind_for_path(case.path)
        if kind is None:
            raise ValueError(
                f"path {case.path} is not a chat, completions, messages or responses API"
            )
        return kind
    if "prompt" in case.request:
        return ApiKind.COMPLETIONS
    if "input" in case.request and "messages" not in case.request:
        return ApiKind.RESPONSES
    return ApiKind.CHAT


def request_of(body: Mapping[str, Any], kind: ApiKind) -> InferenceRequest:
    """Parse a body dict exactly as the picker would (raises KinferenceError when invalid)."""
    return parse_request(kind, json.dumps(body).encode())


def eval_input(case: Case) -> EvalInput:
    ttft, load = case.predicted_ttft, case.model_load
    return EvalInput(
        request=request_of(case.request, _api(case)),
        pool=case.pool.state(),
        tenant=case.tenant,
        tenant_labels=case.tenant_labels,
        headers={k.lower(): v for k, v in case.headers.items()},
        prompt_tokens=case.prompt_tokens,
        predicted_ttft=ttft.get if ttft is not None else None,
        model_load=load.get if load is not None else None,
        classifier_faults=frozenset(case.classifier_faults),
    )


def outcome_summary(outcome: Outcome) -> dict[str, Any]:
    got: dict[str, Any] = {"action": outcome.kind}
    if isinstance(outcome, RouteTo):
        got.update(model=outcome.model, local_only=outcome.local_only)
    elif isinstance(outcome, Reject):
        got.update(status=outcome.status, reason=outcome.reason)
    elif isinstance(outcome, SendToProvider):
        got.update(provider=outcome.provider, model=outcome.model)
    elif isinstance(outcome, Defer):
        got.update(
            model=outcome.ready.model,
            local_only=outcome.ready.local_only,
            timeout=outcome.timeout.kind,
        )
    elif isinstance(outcome, Passthrough):
        got.update(model=outcome.model)
    return got


def decision_summary(decision: Decision) -> dict[str, Any]:
    got = {"rule": decision.rule, "policy": decision.policy, **outcome_summary(decision.action)}
    got["local_only"] = decision.local_only or got.get("local_only", False)
    got["shadow_rule"] = decision.shadow[0].rule if decision.shadow else None
    return got


def run_case(policies: CompiledPolicySet, case: Case, line: int | None) -> CaseResult:
    expected = {
        k: v
        for k, v in case.expect.model_dump().items()
        if v is not None and not (k == "rule" and v == "<any>")
    }
    if case.expect.rule is None:
        expected["rule"] = None
    try:
        decision = evaluate(policies, eval_input(case))
    except (KinferenceError, ValueError) as exc:
        message = getattr(exc, "message", None) or str(exc)
        return CaseResult(case.name, line, False, expected, {}, "", f"bad request: {message}")
    got = decision_summary(decision)
    passed = all(got.get(k) == v for k, v in expected.items())
    return CaseResult(case.name, line, passed, expected, got, describe(decision.action))
