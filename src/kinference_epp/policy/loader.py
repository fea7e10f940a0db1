"""Policies from YAML (one or many documents per file) or Kubernetes objects, with precise errors.

The loader is the one every resource kind shares (``resources.kind``); this module says what
a policy is to it. Each document's YAML node is kept, so that the semantic checks
(``policy.checks``) can point at the line of the rule or field they are about, as the
pydantic errors do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from kinference_epp.policy.model import KIND, InferencePolicy
from kinference_epp.resources.documents import Loc, dotted, line_of
from kinference_epp.resources.kind import ResourceKind
from kinference_epp.resources.model import API_VERSION
from kinference_epp.resources.problems import Problem, Severity

OTHER_KINDS = frozenset({"InferenceTenant"})
"""Kinds of the same API group that policy files and directories may hold beside policies;
their own loader reads them (``tenancy.loader``)."""


class PolicyError(Exception):
    """Policies that cannot be used; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


@dataclass(frozen=True, slots=True)
class LoadedPolicy:
    """A validated policy and where it came from (``node`` is None for API objects)."""

    policy: InferencePolicy
    source: str
    node: yaml.Node | None = None

    def line(self, loc: Loc) -> int | None:
        return line_of(self.node, loc)

    def problem(self, loc: Loc, message: str, severity: Severity = Severity.ERROR) -> Problem:
        return Problem(self.source, self.line(loc), message, severity, dotted(loc))


def _reads(data: Any) -> bool:
    """Every document but empty ones and those of the other kinds: what is neither a policy
    nor another kind is reported, not skipped."""
    return data is not None and not (isinstance(data, Mapping) and data.get("kind") in OTHER_KINDS)


POLICY_KIND: ResourceKind[InferencePolicy, LoadedPolicy] = ResourceKind(
    KIND, API_VERSION, InferencePolicy, LoadedPolicy, reads=_reads
)

validate_object = POLICY_KIND.validate
parse_policies = POLICY_KIND.parse
load_files = POLICY_KIND.load_files
load_paths = POLICY_KIND.load_paths
load_objects = POLICY_KIND.load_objects
