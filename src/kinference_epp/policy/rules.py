"""The compiled form of one rule: what the compiler builds and the rule index reads."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeAlias

from kinference_epp.policy.actions import OutcomeFn
from kinference_epp.policy.context import EvalContext
from kinference_epp.policy.model import OnClassifierError

FieldTest: TypeAlias = tuple[str, Callable[[EvalContext], Hashable], Callable[[Any], bool]]
"""A field condition as (dimension key, value getter, test on the value)."""


@dataclass(frozen=True, slots=True)
class Cond:
    """One compiled match condition.

    ``test`` may raise ClassifierError only when ``classifier`` is set. ``pii_expect`` is
    the PII answer the condition wants (for fail-closed rules, an error counts as "PII
    present"); ``observe`` renders the observed value, and runs only when explaining.
    """

    test: Callable[[EvalContext], bool]
    text: str
    observe: Callable[[EvalContext], str]
    rank: int
    classifier: bool = False
    pii_expect: bool | None = None
    on_field: FieldTest | None = None
    """Set when the condition reads one request field only: (key, getter, value test), with
    ``test(c) == check(get(c))``. The rule index answers these per distinct value."""


@dataclass(frozen=True, slots=True)
class CompiledRule:
    name: str
    conds: tuple[Cond, ...]
    outcome: OutcomeFn | None
    """None for ``continue``."""
    action_kind: str
    on_error: OnClassifierError
    fail_closed: bool
    priority: int | None = None
    """The band this rule puts a matching request in (flow control); None: the tenant's."""
