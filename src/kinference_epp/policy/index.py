"""A policy's rules indexed by the request fields they test, so a request walks only its rules.

Most match conditions read one request field and nothing else: the tenant, the requested
model (``models``, ``memberOf``), the API path, one header. Their answer for a given value
never changes, so for each such field (a *dimension*) the index remembers, per value seen,
the bit mask of rules whose conditions on that field all pass (rules without one pass
trivially). A request's candidate rules are the AND of one mask per dimension — a dict
lookup each — and only candidates have their remaining conditions (pool state, prompt size,
classifiers) run, in rule order.

Why this is exact: only the field conditions *before* a rule's first other condition are
indexed (conditions are sorted by rank, and every field condition ranks before any pool,
prompt or classifier condition, so in practice that is all of them). A rule they exclude
would have failed before running a classifier, so skipping it has no side effect. The
explain walk in ``evaluator._run`` still tests every condition of every rule and is the
reference the unit tests compare this index against.

Each dimension's cache holds at most ``CACHE_LIMIT`` values and starts over when full:
header values come from clients, and an unbounded cache keyed by them would be a memory
leak. A miss costs one pass over that dimension's conditions — the cost without the index.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from kinference_epp.policy.context import EvalContext
from kinference_epp.policy.rules import CompiledRule, Cond

CACHE_LIMIT = 1024


class Dimension:
    """One request field: its getter and, per rule, the value tests on it.

    ``mask(value)`` is the set of rules (bit i: rule i) whose every test passes for
    ``value``; rules with no test on this field are always in it.
    """

    __slots__ = ("_free", "_tests", "cache", "get", "key")

    def __init__(
        self,
        key: str,
        get: Callable[[EvalContext], Hashable],
        tests: Sequence[tuple[int, tuple[Callable[[Any], bool], ...]]],
        n_rules: int,
    ) -> None:
        self.key = key
        self.get = get
        self._tests = tuple(tests)
        tested = 0
        for i, _ in self._tests:
            tested |= 1 << i
        self._free = ((1 << n_rules) - 1) & ~tested
        self.cache: dict[Hashable, int] = {}

    def mask(self, value: Hashable) -> int:
        found = self.cache.get(value)
        if found is None:
            found = self._compute(value)
        return found

    def _compute(self, value: Hashable) -> int:
        mask = self._free
        for i, tests in self._tests:
            for test in tests:
                if not test(value):
                    break
            else:
                mask |= 1 << i
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
        self.cache[value] = mask
        return mask


class RuleIndex:
    """The rules of one policy, by dimension; ``dynamic[i]``: rule i's other conditions."""

    __slots__ = ("_all", "dimensions", "dynamic")

    def __init__(self, rules: Sequence[CompiledRule]) -> None:
        by_key: dict[str, tuple[Callable[[EvalContext], Hashable], list[Any]]] = {}
        dynamic: list[tuple[Cond, ...]] = []
        for i, rule in enumerate(rules):
            rest: list[Cond] = []
            mine: dict[str, list[Callable[[Any], bool]]] = {}
            for cond in rule.conds:
                if cond.on_field is None or rest:
                    # After any other condition (which may run a classifier), field
                    # conditions stay in order: skipping a rule must never skip an effect.
                    rest.append(cond)
                    continue
                key, get, check = cond.on_field
                by_key.setdefault(key, (get, []))
                mine.setdefault(key, []).append(check)
            for key, checks in mine.items():
                by_key[key][1].append((i, tuple(checks)))
            dynamic.append(tuple(rest))
        self.dimensions = tuple(
            Dimension(key, get, tests, len(rules)) for key, (get, tests) in by_key.items()
        )
        self.dynamic = tuple(dynamic)
        self._all = (1 << len(rules)) - 1

    def candidates(self, ctx: EvalContext) -> int:
        """The rules whose field conditions all hold for this request, as a bit mask."""
        mask = self._all
        for dim in self.dimensions:
            value = dim.get(ctx)
            found = dim.cache.get(value)  # Dimension.mask, inlined: this runs per policy
            mask &= dim.mask(value) if found is None else found
            if not mask:
                break
        return mask
