"""Semantic checks over loaded policies: what the schema cannot see.

Errors make a policy set unusable (``kinfctl validate`` exits non-zero; the store keeps
the last good set); warnings are reported and the set is still applied.

Errors: duplicate names (policies, rules, models, aliases, classes, topics, classifiers),
unknown models / aliases / classes / topics / classifier plug-ins, empty classes, rules
after a catch-all, two Enforce policies with one priority over one pool, a ``defer``
without ``then``, a provider without ``apiKeySecretRef``, and a provider that a
``failClosed`` rule's traffic can reach (its own action, its defer's ``then``, or a later
rule after ``continue``).

Warnings: a rule shadowed by an earlier broader one, a provider rule placed before a
fail-closed PII rule without ``pii: false`` (PII can reach it before the check runs), and
``minGain`` on a preference that ignores it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from kinference_epp.policy.catalog import Catalog
from kinference_epp.policy.loader import LoadedPolicy
from kinference_epp.policy.model import (
    DeferOutcome,
    Match,
    Mode,
    Prefer,
    ProviderAction,
    RouteAction,
    Rule,
)
from kinference_epp.resources.documents import Loc
from kinference_epp.resources.problems import Problem, Severity

W = Severity.WARNING


def check_policies(
    loaded: Sequence[LoadedPolicy], plugin_types: Collection[str] | None = None
) -> list[Problem]:
    """All problems of a policy set; ``plugin_types`` None skips the plug-in type check."""
    problems: list[Problem] = []
    for lp in loaded:
        problems.extend(_check_one(lp, plugin_types))
    problems.extend(_check_set(loaded))
    return problems


def _dupes(lp: LoadedPolicy, base: Loc, names: Sequence[str], what: str) -> Iterator[Problem]:
    first: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in first:
            line = lp.line((*base, first[name]))
            yield lp.problem((*base, i), f"duplicate {what} {name!r} (first at line {line})")
        first.setdefault(name, i)


def _catalog(lp: LoadedPolicy) -> Iterator[Problem]:
    spec = lp.policy.spec
    yield from _dupes(lp, ("spec", "models"), [m.name for m in spec.models], "model")
    yield from _dupes(lp, ("spec", "classes"), [c.name for c in spec.classes], "class")
    yield from _dupes(lp, ("spec", "topics"), [t.name for t in spec.topics], "topic")
    yield from _dupes(lp, ("spec", "classifiers"), [c.name for c in spec.classifiers], "classifier")
    yield from _dupes(lp, ("spec", "rules"), [r.name for r in spec.rules], "rule")
    models = {m.name for m in spec.models}
    aliases: dict[str, str] = {}
    for i, m in enumerate(spec.models):
        for j, alias in enumerate(m.aliases):
            at: Loc = ("spec", "models", i, "aliases", j)
            if alias in models:
                yield lp.problem(at, f"alias {alias!r} is also a model name")
            elif alias in aliases and aliases[alias] != m.name:
                yield lp.problem(at, f"alias {alias!r} already names {aliases[alias]!r}")
            aliases.setdefault(alias, m.name)
    catalog = Catalog(spec)
    for i, c in enumerate(spec.classes):
        loc: Loc = ("spec", "classes", i)
        if c.name in models or c.name in aliases:
            yield lp.problem((*loc, "name"), f"class {c.name!r} is also a model or alias name")
        elif not catalog.classes.get(c.name):
            yield lp.problem((*loc, "selector"), f"class {c.name!r} selects no model")
        for j, name in enumerate(c.selector.names):
            if name not in models:
                yield lp.problem((*loc, "selector", "names", j), f"unknown model {name!r}")


def _names_used(rule: Rule) -> Iterator[tuple[Loc, str]]:
    """(location within the rule, name) for every model/alias/class a rule refers to."""
    if rule.match.models:
        for i, name in enumerate(rule.match.models):
            yield ("match", "models", i), name
    act = rule.action
    if act.route is not None:
        for i, name in enumerate(act.route.candidates):
            yield ("action", "route", "candidates", i), name
    if act.rewrite_model is not None:
        yield ("action", "rewriteModel"), act.rewrite_model
    if act.defer is not None:
        if act.defer.route is not None:
            for i, name in enumerate(act.defer.route.candidates):
                yield ("action", "defer", "route", "candidates", i), name
        then = act.defer.then
        if then is not None and then.route is not None:
            for i, name in enumerate(then.route.candidates):
                yield ("action", "defer", "then", "route", "candidates", i), name
        if then is not None and then.rewrite_model is not None:
            yield ("action", "defer", "then", "rewriteModel"), then.rewrite_model


def _providers(rule: Rule) -> Iterator[tuple[Loc, ProviderAction]]:
    if rule.action.provider is not None:
        yield ("action", "provider"), rule.action.provider
    defer = rule.action.defer
    if defer is not None and defer.then is not None and defer.then.provider is not None:
        yield ("action", "defer", "then", "provider"), defer.then.provider


def _routes(rule: Rule) -> Iterator[tuple[Loc, RouteAction]]:
    act = rule.action
    if act.route is not None:
        yield ("action", "route"), act.route
    if act.defer is not None and act.defer.route is not None:
        yield ("action", "defer", "route"), act.defer.route
    then: DeferOutcome | None = act.defer.then if act.defer is not None else None
    if then is not None and then.route is not None:
        yield ("action", "defer", "then", "route"), then.route


def _catch_all(m: Match) -> bool:
    return m == Match()


def _wants_pii(rule: Rule) -> bool | None:
    return rule.match.classifiers.pii if rule.match.classifiers is not None else None


def _subsumes(earlier: Rule, later: Rule) -> bool:
    """Every request ``later`` matches, ``earlier`` matches too (same-field equality only)."""
    first = earlier.match.model_dump(exclude_defaults=True)
    second = later.match.model_dump(exclude_defaults=True)
    if any(k not in second or second[k] != v for k, v in first.items()):
        return False
    if "classifiers" in first:
        return (earlier.on_classifier_error, earlier.fail_closed) == (
            later.on_classifier_error,
            later.fail_closed,
        )
    return True


def _check_one(lp: LoadedPolicy, plugin_types: Collection[str] | None) -> Iterator[Problem]:
    spec = lp.policy.spec
    yield from _catalog(lp)
    catalog = Catalog(spec)
    topics = {t.name for t in spec.topics}
    plugins = {c.name for c in spec.classifiers}
    if plugin_types is not None:
        for i, c in enumerate(spec.classifiers):
            if c.type not in plugin_types:
                known = ", ".join(sorted(plugin_types)) or "none"
                yield lp.problem(
                    ("spec", "classifiers", i, "type"),
                    f"no classifier type {c.type!r} is registered (known: {known})",
                )
    known_names = sorted({*catalog.models, *catalog.aliases, *catalog.classes})
    catch_all: tuple[int, str] | None = None
    fail_closed_continue: str | None = None
    fail_closed_pii: list[tuple[int, Rule]] = [
        (i, r) for i, r in enumerate(spec.rules) if r.fail_closed and _wants_pii(r) is True
    ]
    for i, rule in enumerate(spec.rules):
        at: Loc = ("spec", "rules", i)
        if catch_all is not None:
            yield lp.problem(
                (*at, "name"),
                f"rule {rule.name!r} is unreachable: rule {catch_all[1]!r} (line "
                f"{lp.line(('spec', 'rules', catch_all[0]))}) matches every request",
            )
        else:
            for j in range(i):
                earlier = spec.rules[j]
                if not earlier.action.continue_ and _subsumes(earlier, rule):
                    yield lp.problem(
                        (*at, "name"),
                        f"rule {rule.name!r} never matches: rule {earlier.name!r} (line "
                        f"{lp.line(('spec', 'rules', j))}) matches every request it does",
                        W,
                    )
                    break
        if _catch_all(rule.match) and not rule.action.continue_ and catch_all is None:
            catch_all = (i, rule.name)
        if not catalog.empty:
            for loc, name in _names_used(rule):
                if catalog.kind(name) is None:
                    yield lp.problem(
                        (*at, *loc),
                        f"unknown model, alias or class {name!r} (catalog: "
                        f"{', '.join(known_names)})",
                    )
        for j, cname in enumerate(rule.match.member_of or []):
            if cname not in catalog.classes:
                yield lp.problem(
                    (*at, "match", "memberOf", j),
                    f"memberOf needs a class; {cname!r} is not one "
                    f"(classes: {', '.join(sorted(catalog.classes)) or 'none'})",
                )
        cm = rule.match.classifiers
        if cm is not None:
            for j, topic in enumerate(cm.topics or []):
                if topic not in topics:
                    yield lp.problem(
                        (*at, "match", "classifiers", "topics", j), f"unknown topic {topic!r}"
                    )
            for j, pm in enumerate(cm.plugins):
                if pm.classifier not in plugins:
                    yield lp.problem(
                        (*at, "match", "classifiers", "plugins", j, "classifier"),
                        f"unknown classifier {pm.classifier!r} (define it in spec.classifiers)",
                    )
        defer = rule.action.defer
        if defer is not None and defer.then is None:
            yield lp.problem(
                (*at, "action", "defer"),
                "defer without `then`: say what happens after maxWaitSeconds "
                "(e.g. then: {reject: {status: 503, message: ...}})",
            )
        for loc, prov in _providers(rule):
            if prov.api_key_secret_ref is None:
                yield lp.problem(
                    (*at, *loc),
                    f"provider {prov.name!r} has no apiKeySecretRef: its requests would fail "
                    "upstream (give {name, key} of a Secret)",
                )
            if rule.fail_closed:
                yield lp.problem(
                    (*at, *loc),
                    f"failClosed rule {rule.name!r} sends to provider {prov.name!r}: "
                    "fail-closed traffic must stay local",
                )
            elif fail_closed_continue is not None and _wants_pii(rule) is not False:
                yield lp.problem(
                    (*at, *loc),
                    f"provider {prov.name!r} is reachable by traffic that failClosed rule "
                    f"{fail_closed_continue!r} matched (it continues); the evaluator would "
                    "reject it — route it locally or add classifiers.pii: false",
                )
            elif _wants_pii(rule) is not False:
                later = next((r for j, r in fail_closed_pii if j > i), None)
                if later is not None:
                    yield lp.problem(
                        (*at, *loc),
                        f"PII traffic can reach provider {prov.name!r} before failClosed rule "
                        f"{later.name!r} checks for PII: move that rule first or add "
                        "classifiers.pii: false here",
                        W,
                    )
        for loc, route in _routes(rule):
            if route.min_gain and route.prefer not in (Prefer.CACHE, Prefer.LOAD):
                yield lp.problem(
                    (*at, *loc, "minGain"),
                    f"minGain applies to prefer cache or load, not {route.prefer.value}",
                    W,
                )
        if rule.fail_closed and rule.action.continue_:
            fail_closed_continue = fail_closed_continue or rule.name


def _pools(lp: LoadedPolicy) -> frozenset[str] | None:
    return frozenset(r.name for r in lp.policy.spec.scope.pool_refs) or None


def _overlap(a: frozenset[str] | None, b: frozenset[str] | None) -> str | None:
    if a is None or b is None:
        return "every pool" if a is None and b is None else ", ".join(sorted(a or b or ()))
    common = a & b
    return ", ".join(sorted(common)) if common else None


def _check_set(loaded: Sequence[LoadedPolicy]) -> Iterator[Problem]:
    seen: dict[str, LoadedPolicy] = {}
    for lp in loaded:
        key = lp.policy.key
        if key in seen:
            first = seen[key]
            yield lp.problem(
                ("metadata", "name"),
                f"policy {key} is defined twice (first in {first.source}:"
                f"{first.line(('metadata', 'name'))})",
            )
        seen.setdefault(key, lp)
    enforce = [lp for lp in loaded if lp.policy.spec.scope.mode is Mode.ENFORCE]
    for i, a in enumerate(enforce):
        for b in enforce[:i]:
            sa, sb = a.policy.spec.scope, b.policy.spec.scope
            if sa.priority != sb.priority or a.policy.key == b.policy.key:
                continue
            pools = _overlap(_pools(a), _pools(b))
            if pools is not None:
                yield a.problem(
                    ("spec", "scope", "priority"),
                    f"policies {a.policy.key} and {b.policy.key} ({b.source}:"
                    f"{b.line(('spec', 'scope', 'priority'))}) both have priority "
                    f"{sa.priority} over {pools}: their order would be arbitrary",
                )


def plugin_types(registry: Mapping[str, Any] | None) -> Collection[str]:
    return tuple(registry or ())
