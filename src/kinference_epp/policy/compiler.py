"""Policies compiled once into closures, cheap checks first.

Each ``match`` field becomes one :class:`Cond`: a closure over precomputed sets and regexes
(tenant globs joined into one regex, model names resolved to catalog identities, header
globs compiled). A rule's conditions are sorted by cost — request fields, then pool state,
then the prompt size (which may join the text), then classifiers from the cheapest (topic
regexes) to plug-ins — so a request that fails a header check never runs a classifier.

Conditions that read one request field and nothing else (tenant, model, API path, a
header) also carry that field's getter and a test on its value (``Cond.on_field``): each
policy's :class:`~kinference_epp.policy.index.RuleIndex` answers them once per distinct
value, so a request only walks the rules it can match.

Classifier instances are shared between policies whose settings are equal, so the per-
request cache (keyed by instance) runs e.g. the PII scan once even if three policies ask.
The compiler trusts ``policy.checks`` to have rejected dangling names; given one anyway it
raises ValueError rather than building a rule that cannot be evaluated.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import Any, TypeAlias

import kinference_epp.policy.actions as actions
from kinference_epp.api.request import ApiKind
from kinference_epp.policy.actions import OutcomeFn
from kinference_epp.policy.catalog import MEMBER_PREFIX, Catalog
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.pii import PiiClassifier, PiiFindings
from kinference_epp.policy.classifiers.plugin import ClassifierFactory, TimeLimited
from kinference_epp.policy.classifiers.topics import TopicClassifier
from kinference_epp.policy.classifiers.trained import AssistedComplexity, ModelSlot
from kinference_epp.policy.context import EvalContext
from kinference_epp.policy.index import RuleIndex
from kinference_epp.policy.model import (
    ComplexitySettings,
    IdleSettings,
    InferencePolicy,
    IntRange,
    Match,
    Mode,
    PoolMatch,
    Range,
    Rule,
)
from kinference_epp.policy.rules import CompiledRule, Cond
from kinference_epp.policy.types import PoolPredicate, PoolState


@dataclass(frozen=True, slots=True)
class CompiledPolicy:
    key: str
    priority: int
    mode: Mode
    pools: frozenset[str] | None
    """None: every pool."""
    rules: tuple[CompiledRule, ...]
    catalog: Catalog
    source: InferencePolicy = field(compare=False)
    index: RuleIndex = field(init=False, compare=False, repr=False)
    """The rules by the request fields they test (built here, so every policy has one)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", RuleIndex(self.rules))

    def governs(self, pool: str) -> bool:
        return self.pools is None or pool in self.pools


class CompiledPolicySet:
    """The active policies, ordered by priority (highest first, then key), split by mode."""

    def __init__(self, policies: Sequence[CompiledPolicy], plugins: Sequence[TimeLimited] = ()):
        self.policies = tuple(sorted(policies, key=lambda p: (-p.priority, p.key)))
        self._plugins = tuple(plugins)
        self._by_pool: dict[str, tuple[tuple[CompiledPolicy, ...], tuple[CompiledPolicy, ...]]] = {}

    def for_pool(self, pool: str) -> tuple[tuple[CompiledPolicy, ...], tuple[CompiledPolicy, ...]]:
        """(Enforce, Shadow) policies governing ``pool``, each in evaluation order."""
        found = self._by_pool.get(pool)
        if found is None:
            mine = [p for p in self.policies if p.governs(pool)]
            found = (
                tuple(p for p in mine if p.mode is Mode.ENFORCE),
                tuple(p for p in mine if p.mode is Mode.SHADOW),
            )
            self._by_pool[pool] = found
        return found

    def __len__(self) -> int:
        return len(self.policies)

    def close(self) -> None:
        """Stop plug-in classifier threads (a replaced set is closed by its store)."""
        for plugin in self._plugins:
            plugin.close()


def idle_predicate(settings: IdleSettings) -> PoolPredicate:
    max_q, max_kv, min_ready = (
        settings.max_queue_depth,
        settings.max_kv_cache_usage,
        settings.min_ready_endpoints,
    )

    def idle(pool: PoolState) -> bool:
        return (
            pool.ready_endpoints >= min_ready
            and pool.queue_depth <= max_q
            and pool.kv_cache_usage <= max_kv
        )

    return idle


def _in_range(lo: float | None, hi: float | None) -> Callable[[float], bool]:
    low = float("-inf") if lo is None else lo
    high = float("inf") if hi is None else hi
    return lambda v: low <= v <= high


def _range_text(r: Range | IntRange) -> str:
    if r.min is not None and r.max is not None:
        return f"in [{r.min}, {r.max}]"
    return f">= {r.min}" if r.min is not None else f"<= {r.max}"


_PoolTest: TypeAlias = tuple[
    PoolPredicate, Callable[[PoolState], str], str, Callable[[EvalContext], bool]
]
"""(predicate on the pool, observed value, description, the same predicate on a context)."""


def _pool_tests(pm: PoolMatch, idle: PoolPredicate) -> list[_PoolTest]:
    """Each given pool condition, as a predicate on the pool state and on a context."""
    tests: list[_PoolTest] = []
    fields: list[tuple[str, Range | IntRange | None, str]] = [
        ("queueDepth", pm.queue_depth, "queue_depth"),
        ("kvCacheUsage", pm.kv_cache_usage, "kv_cache_usage"),
        ("readyEndpoints", pm.ready_endpoints, "ready_endpoints"),
    ]
    for name, rng, attr in fields:
        if rng is not None:
            on_pool, show, on_ctx = _range_test(rng, attr)
            tests.append((on_pool, show, f"{name} {_range_text(rng)}", on_ctx))
    if pm.idle is not None:
        want = pm.idle
        tests.append(
            (
                lambda p: idle(p) is want,
                lambda p: str(idle(p)).lower(),
                f"idle is {str(want).lower()}",
                lambda c: idle(c.pool) is want,
            )
        )
    return tests


def _predicted_ttft(rng: Range, catalog: Catalog) -> Cond:
    """``predictedTtftSeconds``: the lowest predicted TTFT over the requested name's models
    (each prediction tokenizes and matches the prompt for that model, so it ranks after the
    request's own fields and before the classifiers)."""
    inside = _in_range(rng.min, rng.max)

    def seconds(c: EvalContext) -> float | None:
        predict = c.inp.predicted_ttft
        if predict is None:
            return None
        try:
            known = [t for t in map(predict, catalog.expand(c.model)) if t is not None]
        except Exception:  # a failing cost model must not lose the request: unknown
            return None
        return min(known) if known else None

    def test(c: EvalContext) -> bool:
        t = seconds(c)
        return t is not None and inside(t)

    def observe(c: EvalContext) -> str:
        t = seconds(c)
        return "unknown" if t is None else f"{t:.3f}"

    return Cond(test=test, text=f"predictedTtftSeconds {_range_text(rng)}", observe=observe, rank=3)


def _range_test(
    rng: Range | IntRange, attr: str
) -> tuple[PoolPredicate, Callable[[PoolState], str], Callable[[EvalContext], bool]]:
    low = float("-inf") if rng.min is None else rng.min
    high = float("inf") if rng.max is None else rng.max
    get = attrgetter(attr)

    def on_pool(p: PoolState) -> bool:
        v: float = get(p)
        return low <= v <= high

    def on_ctx(c: EvalContext) -> bool:  # one call per request instead of three nested ones
        v: float = get(c.pool)
        return low <= v <= high

    return on_pool, (lambda p: f"{get(p):g}"), on_ctx


def _pool_cond(
    show: Callable[[PoolState], str], text: str, test: Callable[[EvalContext], bool]
) -> Cond:
    return Cond(test=test, text=f"pool.{text}", observe=lambda c: show(c.pool), rank=1)


def pool_conds(pm: PoolMatch, idle: PoolPredicate) -> list[Cond]:
    return [_pool_cond(show, text, test) for _, show, text, test in _pool_tests(pm, idle)]


def pool_predicate(pm: PoolMatch, idle: PoolPredicate) -> tuple[PoolPredicate, str]:
    """A PoolMatch as a predicate on PoolState (for ``defer.until``) and its description."""
    tests = _pool_tests(pm, idle)
    preds = [pred for pred, _, _, _ in tests]

    def holds(pool: PoolState) -> bool:
        return all(pred(pool) for pred in preds)

    return holds, " and ".join(text for _, _, text, _ in tests) or "always"


def _glob_regex(patterns: Sequence[str]) -> re.Pattern[str]:
    return re.compile("|".join(fnmatch.translate(p) for p in patterns))


class _Compiler:
    def __init__(
        self, registry: Mapping[str, ClassifierFactory], model: ModelSlot | None = None
    ) -> None:
        self._registry = registry
        self._model = model
        self._shared: dict[str, Any] = {}
        self.plugins: list[TimeLimited] = []

    def shared(self, key: str, build: Callable[[], Any]) -> Any:
        """One classifier instance per distinct settings across the whole set."""
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = build()
        return found

    def complexity(self, settings: ComplexitySettings) -> ComplexityClassifier | AssistedComplexity:
        """The rules, and the trained model in the slot when the picker has one."""
        rules = ComplexityClassifier(settings)
        return rules if self._model is None else AssistedComplexity(rules, self._model)

    def policy(self, policy: InferencePolicy) -> CompiledPolicy:
        spec = policy.spec
        catalog = Catalog(spec)
        idle = idle_predicate(spec.idle)
        plugins = {p.name: p for p in spec.classifiers}
        compiled_plugins: dict[str, TimeLimited] = {}
        for name, p in plugins.items():
            factory = self._registry.get(p.type)
            if factory is None:
                raise ValueError(f"no classifier type {p.type!r} is registered")
            wrapped = TimeLimited(f"{policy.key}/{name}", factory(p.params), p.timeout_ms / 1000)
            self.plugins.append(wrapped)
            compiled_plugins[name] = wrapped
        rules = tuple(
            self.rule(rule, policy, catalog, idle, compiled_plugins) for rule in spec.rules
        )
        pools = frozenset(r.name for r in spec.scope.pool_refs) or None
        return CompiledPolicy(
            key=policy.key,
            priority=spec.scope.priority,
            mode=spec.scope.mode,
            pools=pools,
            rules=rules,
            catalog=catalog,
            source=policy,
        )

    def rule(
        self,
        rule: Rule,
        policy: InferencePolicy,
        catalog: Catalog,
        idle: PoolPredicate,
        plugins: Mapping[str, TimeLimited],
    ) -> CompiledRule:
        conds = self.match(rule.match, policy, catalog, idle, plugins, rule.fail_closed)
        conds.sort(key=lambda c: c.rank)
        action = rule.action
        outcome: OutcomeFn | None
        if action.route is not None:
            kind, outcome = "route", actions.route(catalog, action.route)
        elif action.rewrite_model is not None:
            kind, outcome = "rewriteModel", actions.rewrite(catalog, action.rewrite_model)
        elif action.reject is not None:
            kind, outcome = "reject", actions.reject(action.reject)
        elif action.provider is not None:
            kind, outcome = "provider", actions.provider(catalog, action.provider)
        elif action.defer is not None:
            until, text = pool_predicate(action.defer.until, idle)
            kind, outcome = "defer", actions.defer(catalog, action.defer, until, text)
        else:
            kind, outcome = "continue", None
        return CompiledRule(
            name=rule.name,
            conds=tuple(conds),
            outcome=outcome,
            action_kind=kind,
            on_error=rule.on_classifier_error,
            fail_closed=rule.fail_closed,
            priority=rule.priority,
        )

    def match(
        self,
        m: Match,
        policy: InferencePolicy,
        catalog: Catalog,
        idle: PoolPredicate,
        plugins: Mapping[str, TimeLimited],
        fail_closed: bool = False,
    ) -> list[Cond]:
        conds: list[Cond] = []
        if m.tenants is not None:
            conds.append(_tenants(m.tenants))
        if m.tenant_labels is not None:
            conds.append(_tenant_labels(m.tenant_labels))
        if m.models is not None:
            ids = frozenset(catalog.match_identity(n) for n in m.models)
            conds.append(
                _field_cond(
                    "model",
                    _GET_MODEL,
                    lambda model: not ids.isdisjoint(catalog.identity(model)),
                    text=f"model in {m.models}",
                    observe=lambda c: c.model,
                    rank=0,
                )
            )
        if m.member_of is not None:
            members = frozenset(MEMBER_PREFIX + n for n in m.member_of)
            conds.append(
                _field_cond(
                    "model",
                    _GET_MODEL,
                    lambda model: not members.isdisjoint(catalog.identity(model)),
                    text=f"model is a member of {m.member_of}",
                    observe=lambda c: c.model,
                    rank=0,
                )
            )
        if m.api_paths is not None:
            kinds = frozenset(ApiKind(p.value) for p in m.api_paths)
            conds.append(
                _field_cond(
                    "api",
                    _GET_API,
                    lambda api: api in kinds,
                    text=f"apiPath in {[p.value for p in m.api_paths]}",
                    observe=lambda c: c.api.value,
                    rank=0,
                )
            )
        for h in m.headers:
            conds.append(_header(h.name.lower(), h.values, h.absent))
        if m.pool is not None:
            conds.extend(pool_conds(m.pool, idle))
        if m.prompt_tokens is not None:
            inside = _in_range(m.prompt_tokens.min, m.prompt_tokens.max)
            conds.append(
                Cond(
                    test=lambda c: inside(c.prompt_tokens()),
                    text=f"promptTokens {_range_text(m.prompt_tokens)}",
                    observe=lambda c: str(c.prompt_tokens()),
                    rank=2,
                )
            )
        if m.predicted_ttft_seconds is not None:
            conds.append(_predicted_ttft(m.predicted_ttft_seconds, catalog))
        if m.classifiers is not None:
            conds.extend(self.classifier_conds(m.classifiers, policy, plugins, fail_closed))
        return conds

    def classifier_conds(
        self,
        cm: Any,
        policy: InferencePolicy,
        plugins: Mapping[str, TimeLimited],
        fail_closed: bool = False,
    ) -> list[Cond]:
        spec = policy.spec
        conds: list[Cond] = []
        if cm.topics is not None:
            topic_specs = {t.name: t for t in spec.topics}
            runners: list[tuple[str, str, Callable[[PromptText], object]]] = []
            for name in cm.topics:
                if name not in topic_specs:
                    raise ValueError(f"unknown topic {name!r}")
                key = "topic:" + topic_specs[name].model_dump_json()
                clf = self.shared(key, partial(TopicClassifier, topic_specs[name]))
                runners.append((key, f"topic:{name}", clf.classify))

            def any_topic(c: EvalContext) -> bool:
                return any(c.classify(k, label, run) for k, label, run in runners)

            conds.append(
                Cond(
                    test=any_topic,
                    text=f"topics any of {cm.topics}",
                    observe=lambda c: _shown(c, [label for _, label, _ in runners]),
                    rank=3,
                    classifier=True,
                )
            )
        if cm.complexity is not None:
            key = "complexity:" + spec.complexity.model_dump_json()
            cx = self.shared(key, lambda: self.complexity(spec.complexity))
            levels = frozenset(cm.complexity)
            conds.append(
                Cond(
                    test=lambda c: c.classify(key, "complexity", cx.classify) in levels,
                    text=f"complexity in {[lv.value for lv in cm.complexity]}",
                    observe=lambda c: _shown(c, ["complexity"]),
                    rank=4,
                    classifier=True,
                )
            )
        if cm.pii is not None:
            pkey = "pii:" + spec.pii.model_dump_json()
            pii = self.shared(pkey, lambda: PiiClassifier(spec.pii))
            want: bool = cm.pii

            def pii_test(c: EvalContext) -> bool:
                found = c.classify(pkey, "pii", pii.classify)
                assert isinstance(found, PiiFindings)
                # A fail-closed rule cannot vouch for what it could not read.
                return (found.present or (fail_closed and found.unreadable)) is want

            conds.append(
                Cond(
                    test=pii_test,
                    text=f"pii is {str(want).lower()}",
                    observe=lambda c: _shown(c, ["pii"]),
                    rank=5,
                    classifier=True,
                    pii_expect=want,
                )
            )
        for pm in cm.plugins:
            plugin = plugins.get(pm.classifier)
            if plugin is None:
                raise ValueError(f"unknown classifier {pm.classifier!r}")
            labels = frozenset(pm.labels)
            label = f"classifier:{pm.classifier}"

            def plugin_test(
                c: EvalContext,
                plugin: TimeLimited = plugin,
                labels: frozenset[str] = labels,
                label: str = label,
            ) -> bool:
                got = c.classify(f"{label}#{id(plugin)}", label, plugin.classify)
                assert isinstance(got, frozenset)
                return not labels.isdisjoint(got)

            conds.append(
                Cond(
                    test=plugin_test,
                    text=f"{label} labels any of {sorted(labels)}",
                    observe=partial(_shown, labels=[label]),
                    rank=6,
                    classifier=True,
                )
            )
        return conds


def _shown(c: EvalContext, labels: list[str]) -> str:
    parts = []
    for label in labels:
        value = c.report.get(label, "not run")
        if isinstance(value, PiiFindings):
            value = value.labels() or "none"
        elif isinstance(value, frozenset):
            value = sorted(value)
        elif hasattr(value, "value"):
            value = value.value
        parts.append(f"{label}={value}")
    return ", ".join(parts)


_GET_TENANT = attrgetter("tenant")
_GET_MODEL = attrgetter("model")
_GET_API = attrgetter("api")


class _Absent:
    """The value of a header the request does not carry (a header's value may be anything)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<absent>"


ABSENT = _Absent()


def _field_cond(
    key: str,
    get: Callable[[EvalContext], Hashable],
    check: Callable[[Any], bool],
    *,
    text: str,
    observe: Callable[[EvalContext], str],
    rank: int,
) -> Cond:
    """A condition on one request field; ``test`` is ``check(get(c))`` by construction."""
    return Cond(
        test=lambda c: check(get(c)),
        text=text,
        observe=observe,
        rank=rank,
        on_field=(key, get, check),
    )


def _tenants(tenants: Sequence[str]) -> Cond:
    exact = frozenset(t for t in tenants if not any(ch in t for ch in "*?["))
    globs = [t for t in tenants if t not in exact]
    rx = _glob_regex(globs) if globs else None

    def check(t: str | None) -> bool:
        return t is not None and (t in exact or (rx is not None and rx.match(t) is not None))

    return _field_cond(
        "tenant",
        _GET_TENANT,
        check,
        text=f"tenant in {list(tenants)}",
        observe=lambda c: str(c.tenant),
        rank=0,
    )


def _tenant_labels(want: Mapping[str, str]) -> Cond:
    items = tuple(want.items())

    def test(c: EvalContext) -> bool:
        labels = c.inp.tenant_labels
        return all(labels.get(k) == v for k, v in items)

    return Cond(
        test=test,
        text=f"tenantLabels {dict(items)}",
        observe=lambda c: str(dict(c.inp.tenant_labels)),
        rank=0,
    )


def _header(name: str, values: Sequence[str], absent: bool) -> Cond:
    def get(c: EvalContext) -> Hashable:
        return c.headers.get(name, ABSENT)

    def observe(c: EvalContext) -> str:
        return repr(c.headers.get(name))

    if absent:
        text = f"header {name} absent"

        def check(v: Any) -> bool:
            return v is ABSENT

    elif not values:
        text = f"header {name} present"

        def check(v: Any) -> bool:
            return v is not ABSENT

    else:
        rx = _glob_regex(values)
        text = f"header {name} in {list(values)}"

        def check(v: Any) -> bool:
            return v is not ABSENT and v is not None and rx.match(v) is not None

    return _field_cond("header:" + name, get, check, text=text, observe=observe, rank=1)


def compile_policies(
    policies: Sequence[InferencePolicy],
    *,
    registry: Mapping[str, ClassifierFactory] | None = None,
    model: ModelSlot | None = None,
) -> CompiledPolicySet:
    """Compile validated policies into an immutable set ready for ``evaluate``.

    ``registry`` maps plug-in classifier type names to factories; built-in classifiers
    (complexity, PII, topics) need no registration. ``model`` holds a trained complexity
    model (``classifiers.trained``) that the complexity classifier combines with its rules.
    """
    compiler = _Compiler(registry or {}, model)
    compiled = [compiler.policy(p) for p in policies]
    return CompiledPolicySet(compiled, compiler.plugins)
