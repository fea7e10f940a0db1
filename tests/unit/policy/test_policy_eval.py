"""The evaluator: rule order, every match field, actions, preferences, failure semantics."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.policy import (
    Decision,
    Defer,
    EvalInput,
    InferencePolicy,
    Passthrough,
    PoolState,
    Reject,
    RouteTo,
    SendToProvider,
    compile_policies,
    evaluate,
)
from kinference_epp.policy.compiler import CompiledPolicySet

CATALOG: dict[str, Any] = {
    "models": [
        {"name": "small", "family": "qwen3", "sizeB": 0.6, "aliases": ["tiny"],
         "cost": {"inputPer1M": 0.02, "outputPer1M": 0.06}},
        {"name": "large", "family": "qwen3", "sizeB": 32, "capabilities": ["coding"],
         "cost": {"inputPer1M": 0.4, "outputPer1M": 1.2}},
        {"name": "llama", "family": "llama", "sizeB": 8,
         "cost": {"inputPer1M": 0.1, "outputPer1M": 0.3}},
    ],
    "classes": [
        {"name": "any-qwen3", "selector": {"family": "qwen3"}, "order": "cheapest"},
        {"name": "biggest", "selector": {}, "order": "largest"},
    ],
}  # fmt: skip

PROVIDER = {
    "name": "cloud",
    "baseURL": "https://api.example.com/v1",
    "modelMap": {"small": "gpt-mini"},
    "apiKeySecretRef": {"name": "cloud", "key": "token"},
}


def policy(rules: list[dict[str, Any]], name: str = "p", **spec: Any) -> InferencePolicy:
    return InferencePolicy.model_validate(
        {
            "apiVersion": "kinference.io/v1alpha1",
            "kind": "InferencePolicy",
            "metadata": {"name": name},
            "spec": {"rules": rules, **spec},
        }
    )


def compiled(rules: list[dict[str, Any]], **spec: Any) -> CompiledPolicySet:
    return compile_policies([policy(rules, **spec)])


def chat(text: str = "hello", model: str = "small") -> InferenceRequest:
    body = {"model": model, "messages": [{"role": "user", "content": text}]}
    return parse_request(ApiKind.CHAT, json.dumps(body).encode())


def run(
    policies: CompiledPolicySet, request: InferenceRequest | None = None, **kw: Any
) -> Decision:
    pool = kw.pop("pool", PoolState(ready_endpoints=2))
    return evaluate(policies, EvalInput(request=request or chat(), pool=pool, **kw))


def test_no_policies_pass_through() -> None:
    d = run(CompiledPolicySet(()))
    assert d.action == Passthrough("small")
    assert d.rule is None


def test_first_matching_rule_wins() -> None:
    ps = compiled(
        [
            {"name": "a", "match": {"tenants": ["x"]}, "action": {"rewriteModel": "one"}},
            {"name": "b", "action": {"rewriteModel": "two"}},
            {"name": "c", "action": {"rewriteModel": "three"}},
        ]
    )
    assert run(ps, tenant="x").rule == "a"
    d = run(ps, tenant="y")
    assert d.rule == "b"
    assert d.action == RouteTo("two", ("two",), rewrite=True)


@pytest.mark.parametrize(
    ("tenant", "matches"),
    [("team-a", True), ("team-bee", True), ("ops", True), ("opsx", False), (None, False)],
)
def test_tenants_exact_and_glob(tenant: str | None, matches: bool) -> None:
    ps = compiled([{"name": "r", "match": {"tenants": ["team-*", "ops"]}, "action": _reject()}])
    assert (run(ps, tenant=tenant).rule == "r") is matches


@pytest.mark.parametrize(
    ("labels", "matches"),
    [
        ({"tier": "gold", "region": "eu"}, True),
        ({"tier": "gold"}, False),
        ({"tier": "silver", "region": "eu"}, False),
        ({}, False),
    ],
)
def test_tenant_labels_all_must_hold(labels: dict[str, str], matches: bool) -> None:
    ps = compiled(
        [
            {
                "name": "r",
                "match": {"tenantLabels": {"tier": "gold", "region": "eu"}},
                "action": _reject(),
            }
        ]
    )
    assert (run(ps, tenant="t", tenant_labels=labels).rule == "r") is matches


def _reject(status: int = 403) -> dict[str, Any]:
    return {"reject": {"status": status, "message": "no"}}


@pytest.mark.parametrize(
    ("entry", "requested", "matches"),
    [
        ("small", "small", True),
        ("small", "tiny", True),  # alias of the listed model
        ("tiny", "small", True),  # the listed alias names the requested model
        ("any-qwen3", "any-qwen3", True),  # a class asked for by name
        ("any-qwen3", "small", False),  # a member asked for by name is not the class
        ("small", "any-qwen3", False),  # the class might resolve elsewhere
        ("large", "small", False),
    ],
)
def test_models_aliases_and_classes(entry: str, requested: str, matches: bool) -> None:
    ps = compiled([{"name": "r", "match": {"models": [entry]}, "action": _reject()}], **CATALOG)
    assert (run(ps, chat(model=requested)).rule == "r") is matches


@pytest.mark.parametrize(
    ("requested", "matches"),
    [("small", True), ("tiny", True), ("large", True), ("any-qwen3", True), ("llama", False)],
)
def test_member_of_class(requested: str, matches: bool) -> None:
    ps = compiled(
        [{"name": "r", "match": {"memberOf": ["any-qwen3"]}, "action": _reject()}], **CATALOG
    )
    assert (run(ps, chat(model=requested)).rule == "r") is matches


def test_headers_values_presence_and_absence() -> None:
    ps = compiled(
        [
            {"name": "glob", "match": {"headers": [{"name": "X-Tier", "values": ["gold*"]}]},
             "action": _reject(401)},
            {"name": "present", "match": {"headers": [{"name": "x-debug"}]}, "action": _reject(402)},
            {"name": "absent", "match": {"headers": [{"name": "x-tier", "absent": True}]},
             "action": _reject(404)},
        ]
    )  # fmt: skip
    assert run(ps, headers={"x-tier": "gold-plus"}).rule == "glob"
    assert run(ps, headers={"x-tier": "silver", "x-debug": "1"}).rule == "present"
    assert run(ps, headers={}).rule == "absent"
    assert run(ps, headers={"x-tier": "silver"}).rule is None


def test_api_paths_and_prompt_tokens() -> None:
    ps = compiled(
        [
            {"name": "long", "match": {"promptTokens": {"min": 1000}}, "action": _reject(413)},
            {"name": "completions", "match": {"apiPaths": ["completions"]}, "action": _reject()},
        ]
    )
    assert run(ps, prompt_tokens=5000).rule == "long"
    assert run(ps, chat("x" * 4000)).rule == "long"  # estimated: 4 characters a token
    assert run(ps, chat("short")).rule is None
    assert run(ps, chat("short"), api=ApiKind.COMPLETIONS).rule == "completions"


def test_pool_state_ranges_and_idle() -> None:
    ps = compiled(
        [
            {"name": "empty", "match": {"pool": {"readyEndpoints": {"max": 0}}}, "action": _reject(503)},
            {"name": "hot", "match": {"pool": {"queueDepth": {"min": 5}, "kvCacheUsage": {"min": 0.9}}},
             "action": _reject(429)},
            {"name": "idle", "match": {"pool": {"idle": True}}, "action": _reject(200 + 300)},
        ],
        idle={"maxQueueDepth": 0, "maxKvCacheUsage": 0.3},
    )  # fmt: skip
    assert run(ps, pool=PoolState(ready_endpoints=0)).rule == "empty"
    assert (
        run(ps, pool=PoolState(ready_endpoints=2, queue_depth=9, kv_cache_usage=0.95)).rule == "hot"
    )
    assert (
        run(ps, pool=PoolState(ready_endpoints=2, queue_depth=9, kv_cache_usage=0.5)).rule is None
    )
    assert run(ps, pool=PoolState(ready_endpoints=2, kv_cache_usage=0.1)).rule == "idle"


def test_scope_pools_priority_and_shadow() -> None:
    low = policy(
        [{"name": "low", "action": {"rewriteModel": "a"}}], name="low", scope={"priority": 1}
    )
    high = policy(
        [{"name": "high", "match": {"tenants": ["t"]}, "action": {"rewriteModel": "b"}}],
        name="high",
        scope={"priority": 5},
    )
    other = policy(
        [{"name": "other", "action": {"rewriteModel": "c"}}],
        name="other",
        scope={"priority": 9, "poolRefs": [{"name": "elsewhere"}]},
    )
    shadow = policy([{"name": "shadow", "action": _reject()}], name="shadow",
                    scope={"priority": 100, "mode": "Shadow"})  # fmt: skip
    ps = compile_policies([low, high, other, shadow])
    d = run(ps, tenant="t")
    assert (d.policy, d.rule) == ("default/high", "high")
    assert [s.rule for s in d.shadow] == ["shadow"]
    assert isinstance(d.shadow[0].action, Reject)
    assert run(ps, tenant="u").rule == "low"
    assert run(ps, pool=PoolState(name="elsewhere")).rule == "other"


def test_explain_names_the_pools_policies_govern_when_none_governs_this_one() -> None:
    scoped = policy(
        [{"name": "r", "action": {"rewriteModel": "a"}}],
        scope={"poolRefs": [{"name": "secure-pool"}, {"name": "gpu-b"}]},
    )
    d = evaluate(compile_policies([scoped]), EvalInput(chat(), PoolState()), explain=True)
    assert d.rule is None
    assert (
        d.trace[0]
        == "no Enforce policy governs pool default (these policies govern: gpu-b, secure-pool)"
    )


def test_continue_records_and_goes_on() -> None:
    ps = compiled(
        [
            {"name": "tag", "action": {"continue": True}},
            {"name": "route", "action": {"rewriteModel": "large"}},
        ]
    )
    d = evaluate(ps, EvalInput(chat(), PoolState()), explain=True)
    assert d.rule == "route"
    assert any("tag: matched, continue" in line for line in d.trace)


def test_route_expands_classes_and_aliases() -> None:
    ps = compiled(
        [{"name": "r", "action": {"route": {"candidates": ["tiny", "biggest"]}}}], **CATALOG
    )
    d = run(ps, chat(model="any-qwen3"))
    assert d.action == RouteTo("small", ("small", "large", "llama"), rewrite=True)


def test_route_skips_models_the_pool_does_not_serve() -> None:
    ps = compiled([{"name": "r", "action": {"route": {"candidates": ["any-qwen3"]}}}], **CATALOG)
    served = PoolState(ready_endpoints=1, served_models=frozenset({"large"}))
    assert isinstance(a := run(ps, pool=served).action, RouteTo)
    assert a.model == "large"
    nothing = PoolState(ready_endpoints=1, served_models=frozenset({"other"}))
    assert isinstance(b := run(ps, pool=nothing).action, RouteTo)
    assert b.model == "small"  # none served: keep the list, let the picker say so


@pytest.mark.parametrize(
    ("ttft", "expected"),
    [
        ({"small": 0.5, "large": 0.1}, "large"),  # the big model's cache makes it faster
        ({"small": 0.2, "large": 0.15}, "small"),  # 25% faster is under minGain 0.3
        ({"small": 0.2}, "small"),  # unknown for large
        (None, "small"),  # no cost model at all
    ],
)
def test_prefer_cache_with_min_gain(ttft: dict[str, float] | None, expected: str) -> None:
    ps = compiled(
        [{"name": "r", "action": {"route": {"candidates": ["small", "large"], "prefer": "cache",
                                            "minGain": 0.3}}}],
        **CATALOG,
    )  # fmt: skip
    d = run(ps, predicted_ttft=ttft.get if ttft is not None else None)
    assert isinstance(d.action, RouteTo)
    assert d.action.model == expected


def test_prefer_cache_survives_a_failing_cost_model() -> None:
    ps = compiled([{"name": "r", "action": {"route": {"candidates": ["large", "small"],
                                                      "prefer": "cache"}}}])  # fmt: skip

    def boom(model: str) -> float:
        raise RuntimeError("scheduler gone")

    assert isinstance(a := run(ps, predicted_ttft=boom).action, RouteTo)
    assert a.model == "large"


@pytest.mark.parametrize(
    ("model", "ttft", "rule"),
    [
        ("small", {"small": 2.5}, "slow"),
        ("small", {"small": 0.4}, "default"),
        ("any-qwen3", {"small": 3.0, "large": 1.2}, "default"),  # a class: its fastest model
        ("any-qwen3", {"small": 3.0, "large": 2.2}, "slow"),
        ("tiny", {"small": 9.0}, "slow"),  # an alias: its model
        ("small", {}, "default"),  # no endpoint serves it: unknown never matches
        ("small", None, "default"),  # no scheduler
    ],
)
def test_predicted_ttft_condition_sends_slow_requests_elsewhere(
    model: str, ttft: dict[str, float] | None, rule: str
) -> None:
    ps = compiled(
        [
            {
                "name": "slow",
                "match": {"predictedTtftSeconds": {"min": 2.0}},
                "action": {"provider": PROVIDER},
            },
            {"name": "default", "action": {"continue": True}},
        ],
        **CATALOG,
    )
    d = evaluate(
        ps,
        EvalInput(
            chat(model=model),
            PoolState(ready_endpoints=2),
            predicted_ttft=ttft.get if ttft is not None else None,
        ),
        explain=True,
    )
    assert (d.rule == "slow") is (rule == "slow")
    if rule == "slow":
        assert isinstance(d.action, SendToProvider)
        assert any("predictedTtftSeconds >= 2.0" in line for line in d.trace)


def test_predicted_ttft_condition_survives_a_failing_cost_model() -> None:
    ps = compiled(
        [{"name": "r", "match": {"predictedTtftSeconds": {"max": 1}}, "action": _reject()}]
    )

    def boom(model: str) -> float:
        raise RuntimeError("scheduler gone")

    assert run(ps, predicted_ttft=boom).rule is None


def test_prefer_cost_and_load() -> None:
    ps = compiled(
        [
            {"name": "cost", "match": {"tenants": ["c"]},
             "action": {"route": {"candidates": ["large", "llama", "small"], "prefer": "cost"}}},
            {"name": "load", "action": {"route": {"candidates": ["large", "small"], "prefer": "load"}}},
        ],
        **CATALOG,
    )  # fmt: skip
    assert isinstance(a := run(ps, tenant="c").action, RouteTo)
    assert a.model == "small"
    assert isinstance(b := run(ps, model_load={"large": 3.0, "small": 1.0}.get).action, RouteTo)
    assert b.model == "small"


def test_provider_maps_models() -> None:
    ps = compiled([{"name": "p", "action": {"provider": PROVIDER}}], **CATALOG)
    d = run(ps, chat(model="tiny"))
    assert d.action == SendToProvider(
        "cloud",
        "https://api.example.com/v1",
        "gpt-mini",
        api_key=d.action.api_key,  # type: ignore[union-attr]
    )
    assert isinstance(d.action, SendToProvider)
    assert (d.action.api_key.name, d.action.api_key.key) == ("cloud", "token")  # type: ignore[union-attr]
    assert isinstance(e := run(ps, chat(model="llama")).action, SendToProvider)
    assert e.model == "llama"


def test_defer_until_idle_then_timeout_outcome() -> None:
    ps = compiled(
        [{"name": "d", "action": {"defer": {"maxWaitSeconds": 30, "then": {"reject": {
            "status": 503, "message": "busy"}}}}}],
        idle={"maxQueueDepth": 1},
    )  # fmt: skip
    d = run(ps, pool=PoolState(ready_endpoints=1, queue_depth=4))
    assert isinstance(d.action, Defer)
    assert d.action.max_wait_s == 30
    assert d.action.ready == RouteTo("small", ("small",), rewrite=False)
    assert d.action.timeout == Reject(503, "busy", "policy_rejected")
    assert not d.action.until(PoolState(ready_endpoints=1, queue_depth=4))
    assert d.action.until(PoolState(ready_endpoints=1, queue_depth=0.5))
    assert not d.action.until(PoolState(ready_endpoints=0))


def test_alias_or_class_without_a_rule_resolves_through_the_catalog() -> None:
    ps = compiled(
        [{"name": "none", "match": {"tenants": ["nobody"]}, "action": _reject()}], **CATALOG
    )
    assert run(ps, chat(model="tiny")).action == RouteTo("small", ("small",), rewrite=True)
    assert isinstance(a := run(ps, chat(model="any-qwen3")).action, RouteTo)
    assert (a.model, a.candidates) == ("small", ("small", "large"))
    assert run(ps, chat(model="unknown")).action == Passthrough("unknown")


def test_classifiers_run_lazily_and_once() -> None:
    ps = compiled(
        [
            {"name": "cheap-first", "match": {"tenants": ["x"], "classifiers": {"pii": True}},
             "action": _reject()},
            {"name": "pii-a", "match": {"classifiers": {"pii": True}}, "action": _reject(401)},
            {"name": "pii-b", "match": {"classifiers": {"pii": True, "complexity": ["hard"]}},
             "action": _reject(402)},
        ]
    )  # fmt: skip
    only_x = compiled(
        [
            {
                "name": "x",
                "match": {"tenants": ["x"], "classifiers": {"pii": True}},
                "action": _reject(),
            }
        ]
    )
    assert run(only_x, tenant="y").classifications == {}  # the tenant check stops first
    d = run(ps, chat("write to bob@corp.io"))
    assert d.rule == "pii-a"
    assert d.classifications == {"pii": ["email"]}  # complexity never needed


def test_pii_scan_runs_once_across_rules_and_policies(monkeypatch: pytest.MonkeyPatch) -> None:
    from kinference_epp.policy.classifiers import pii

    calls = 0
    real = pii.PiiClassifier.classify

    def counting(self: pii.PiiClassifier, prompt: Any) -> pii.PiiFindings:
        nonlocal calls
        calls += 1
        return real(self, prompt)

    monkeypatch.setattr(pii.PiiClassifier, "classify", counting)
    rules = [{"name": f"r{i}", "match": {"classifiers": {"pii": True}}, "action": _reject()}
             for i in range(3)]  # fmt: skip
    ps = compile_policies(
        [policy(rules, name="a", scope={"priority": 2}), policy(rules, name="b", scope={"priority": 1}),
         policy(rules, name="c", scope={"mode": "Shadow"})]
    )  # fmt: skip
    run(ps, chat("nothing here"))
    assert calls == 1


@pytest.mark.parametrize(
    ("on_error", "expected_rule", "status"),
    [("match", "r", 403), ("noMatch", "fallback", 418), ("reject", "r", 503)],
)
def test_on_classifier_error(on_error: str, expected_rule: str, status: int) -> None:
    ps = compiled(
        [
            {"name": "r", "match": {"classifiers": {"complexity": ["hard"]}},
             "onClassifierError": on_error, "action": _reject()},
            {"name": "fallback", "action": _reject(418)},
        ]
    )  # fmt: skip
    d = run(ps, classifier_faults=frozenset({"complexity"}))
    assert d.rule == expected_rule
    assert isinstance(d.action, Reject)
    assert d.action.status == status
    assert "complexity" in d.classifier_errors.get(next(iter(d.classifier_errors)), "")


FAIL_CLOSED = [
    {"name": "pii-local", "failClosed": True, "onClassifierError": "noMatch",
     "match": {"classifiers": {"pii": True}}, "action": {"route": {"candidates": ["large"]}}},
    {"name": "burst", "match": {"pool": {"queueDepth": {"min": 8}}}, "action": {"provider": PROVIDER}},
]  # fmt: skip
SATURATED = PoolState(ready_endpoints=2, queue_depth=20)


def test_fail_closed_keeps_pii_local() -> None:
    ps = compiled(FAIL_CLOSED)
    d = run(ps, chat("my card is 4111 1111 1111 1111"), pool=SATURATED)
    assert d.rule == "pii-local"
    assert d.local_only
    assert d.action == RouteTo("large", ("large",), rewrite=True, local_only=True)
    assert isinstance(run(ps, chat("a haiku please"), pool=SATURATED).action, SendToProvider)


def test_fail_closed_treats_classifier_errors_as_pii_despite_no_match() -> None:
    d = run(compiled(FAIL_CLOSED), chat("hello"), pool=SATURATED,
            classifier_faults=frozenset({"pii"}))  # fmt: skip
    assert d.rule == "pii-local"
    assert isinstance(d.action, RouteTo)
    assert d.action.local_only


def test_fail_closed_treats_token_id_prompts_as_pii() -> None:
    body = json.dumps({"model": "small", "prompt": [1, 2, 3]}).encode()
    d = run(compiled(FAIL_CLOSED), parse_request(ApiKind.COMPLETIONS, body), pool=SATURATED)
    assert d.rule == "pii-local"
    assert "pii" in d.classifier_errors.get(next(iter(d.classifier_errors)), "")


def test_fail_closed_continue_never_reaches_a_provider() -> None:
    """The loader rejects this policy; the evaluator still refuses to leak."""
    ps = compiled(
        [
            {"name": "mark", "failClosed": True, "match": {"classifiers": {"pii": True}},
             "action": {"continue": True}},
            {"name": "burst", "action": {"provider": PROVIDER}},
        ]
    )  # fmt: skip
    d = run(ps, chat("mail bob@corp.io"))
    assert d.action == Reject(503, d.action.message, "policy_fail_closed")  # type: ignore[union-attr]
    assert isinstance(run(ps, chat("nothing personal")).action, SendToProvider)


def test_fail_closed_defer_timeout_provider_becomes_reject() -> None:
    ps = compiled(
        [{"name": "d", "failClosed": True, "action": {"defer": {"maxWaitSeconds": 1, "then": {
            "provider": PROVIDER}}}}]
    )  # fmt: skip
    d = run(ps)
    assert isinstance(d.action, Defer)
    assert d.action.ready.local_only
    assert isinstance(d.action.timeout, Reject)
    assert d.action.timeout.reason == "policy_fail_closed"


def test_topics_any_of_with_min_hits() -> None:
    ps = compiled(
        [
            {
                "name": "t",
                "match": {"classifiers": {"topics": ["money", "law"]}},
                "action": _reject(),
            }
        ],
        topics=[
            {"name": "money", "keywords": ["invoice", "refund"], "minHits": 2},
            {"name": "law", "patterns": [r"\bcontract(s)?\b"]},
        ],
    )
    assert run(ps, chat("one invoice")).rule is None
    assert run(ps, chat("an invoice and a REFUND")).rule == "t"
    assert run(ps, chat("read the contracts")).rule == "t"


def test_explain_trace_names_each_step() -> None:
    ps = compiled(FAIL_CLOSED)
    d = evaluate(ps, EvalInput(chat("a haiku"), SATURATED), explain=True)
    text = "\n".join(d.trace)
    assert "pii is true [pii=none]: no" in text
    assert "pool.queueDepth >= 8.0 [20]: yes" in text
    assert "MATCH → provider cloud" in text
    assert run(ps, chat("a haiku"), pool=SATURATED).trace == ()


def test_a_rule_puts_matching_requests_in_a_band_continue_rules_included() -> None:
    rules = [
        {"name": "batch", "match": {"headers": [{"name": "x-priority", "values": ["batch"]}]},
         "priority": "sheddable", "action": {"continue": True}},
        {"name": "web", "match": {"headers": [{"name": "x-priority", "values": ["web"]}]},
         "priority": 1, "action": {"rewriteModel": "large"}},
        {"name": "all", "action": {"route": {"candidates": ["small"]}}},
    ]  # fmt: skip
    p = compiled(rules, **CATALOG)
    batch = run(p, headers={"x-priority": "batch"})
    assert (batch.rule, batch.priority) == ("all", -1)
    assert run(p, headers={"x-priority": "web"}).priority == 1
    assert run(p).priority is None  # the tenant's band
    explained = evaluate(
        p, EvalInput(request=chat(), pool=PoolState(ready_endpoints=2),
                     headers={"x-priority": "batch"}), explain=True
    )  # fmt: skip
    assert explained.priority == -1
    assert "  rule batch: priority -1" in explained.trace
